"""The game screen: mouse and keys to game commands, and the game drawn as board, panel, status.

Input goes through two tables: pygame event type -> handler, and key name -> command. Every
command is a `Command` with its keys, button label and help line, so buttons, keys and the help
card cannot drift apart. Cards over the board (help, the game-over result, and any overlay
registered with `register_overlay`, such as the search-tree view) are drawn last.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from checkers import saves
from checkers.board import BLACK
from checkers.gui import theme
from checkers.gui.board_view.geometry import BoardGeometry
from checkers.gui.board_view.render import BoardView
from checkers.gui.clipboard import copy_text
from checkers.gui.config import GameConfig, Mode
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.game import CLOCK_TAGS, Game
from checkers.gui.intents import LoadedGame, OpenLoad, OpenSetup, Quit, ShowStart
from checkers.gui.layout import GameLayout, game_layout
from checkers.gui.persist import PLAYER_TAGS, config_tags
from checkers.gui.screens.panel import draw_panel
from checkers.gui.widgets import Button, button_at, draw_buttons, key_label, key_names
from checkers.gui.wording import game_over_words, moves_count, plural, termination
from checkers.pdn import game_from_record, write_game
from checkers.record import GameRecord

__all__ = [
    "RESUME_PLY_TAG",
    "Command",
    "GameLayout",
    "GameScreen",
    "Overlay",
    "game_layout",
    "outcome_card",
    "register_overlay",
]

RESUME_PLY_TAG = "Ply"
"""An autosave's tag for the ply shown when moves after it were taken back (kept for redo)."""

_DERIVED_TAGS = PLAYER_TAGS | {"Termination", "TimeControl", *CLOCK_TAGS.values()}
"""Tags a save writes from the game as it is now, never copied from the file it came from."""

KEPT_NOTE = " Your last game was kept: Load (Ctrl+O) resumes it."
"""What the player is told when a game in progress is left for another (never discarded)."""


class Overlay(Protocol):
    """A view drawn over the board's side of the window (the tree view is one); it sees events
    first. The shape of `checkers.gui.tree_view.view.TreeView`, so that view plugs in as it is."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event; True if it was used (the screen then ignores it)."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where to draw from now on (the window was resized)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw into the rect last set."""


@dataclass(frozen=True)
class OverlaySpec:
    """A registered overlay: its toggle key, its label, and how to build it for a screen."""

    name: str
    key: str
    label: str
    factory: Callable[[GameScreen], Overlay]
    help: str = ""


_OVERLAYS: dict[str, OverlaySpec] = {}


def register_overlay(
    name: str, key: str, label: str, factory: Callable[[GameScreen], Overlay], help: str = ""
) -> None:
    """Make an overlay (e.g. the search-tree view on `t`) toggle with `key` on every game screen;
    `help` is its line on the help card."""
    _OVERLAYS[name] = OverlaySpec(name, key, label, factory, help)


@dataclass
class Command:
    """One thing the player can do, by key and (if `button`) by a panel button."""

    name: str
    label: str
    keys: tuple[str, ...]
    help: str
    action: Callable[[], None]
    button: bool = True
    shown: Callable[[], bool] = field(default=lambda: True)
    active: Callable[[], bool] = field(default=lambda: False)


def outcome_card(game: Game) -> tuple[str, list[str]]:
    """The game-over card's title and lines: who won, why, and the PDN result."""
    outcome = game.outcome
    assert outcome is not None
    title, reason = game_over_words(outcome, game.mode, game.config.human_side(), game.position)
    black_first = game.record.start.turn is BLACK
    moves = plural(moves_count(game.record.ply, black_first), "move")
    return title, [reason, f"Result {outcome.result()} after {moves}"]


@dataclass
class Drag:
    """A piece picked up with the mouse."""

    square: int
    start: tuple[int, int]
    point: tuple[int, int]
    moved: bool = False
    was_selected: bool = False


class GameScreen(ScreenBase):
    """A game in the window: the game, its board orientation, the drag and the open card."""

    THINKING_FRAME = 1 / 40
    """Seconds between frames while the AI thinks: the indicator turns, the worker is polled."""

    def __init__(
        self,
        context: ScreenContext,
        config: GameConfig,
        flip: bool = False,
        record: GameRecord | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        super().__init__(context)
        self.game = Game(
            config, context.ai, hop_seconds=context.hop_seconds, record=record, tags=tags
        )
        self.file: saves.GameFile | None = None
        """Where this game is kept while it is played (None until its first move, or while a
        loaded game is only stepped through)."""
        self._autosaved: tuple[object, ...] | None = None
        self._as_opened: tuple[object, ...] | None = None
        self._opened()
        self.move_cells: list[tuple[pygame.Rect, int]] = []
        human = config.human_side()
        self.flipped = (human is BLACK) != flip  # the human's side at the bottom
        self.drag: Drag | None = None
        self.card: str | None = None  # "help", or a registered overlay's name
        self.overlays: dict[str, Overlay] = {}
        self.buttons: list[Button] = []
        self.card_buttons: list[Button] = []  # the game-over card's New game, Review, Close
        self.result_closed: tuple[object, ...] | None = None  # the game whose result was closed
        self.commands = self._commands()
        self.keymap = {key: command for command in self.commands for key in command.keys}
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.MOUSEBUTTONDOWN: self._mouse_down,
            pygame.MOUSEBUTTONUP: self._mouse_up,
            pygame.MOUSEMOTION: self._mouse_motion,
            pygame.KEYDOWN: self._key_down,
        }
        self._played_game_over = False

    # --- commands ----------------------------------------------------------------------------

    def _commands(self) -> list[Command]:
        game = self.game
        ai_vs_ai = lambda: game.mode is Mode.AI_VS_AI
        has_human = lambda: game.mode is not Mode.AI_VS_AI
        commands = [
            Command(
                "new",
                "New game",
                ("n",),
                "start again with the same players (this game is kept: Load resumes it)",
                self.new_game,
            ),
            Command(
                "undo",
                "Undo",
                ("u", "backspace", "ctrl+z"),
                "take back a move (against the AI, its reply too)",
                game.undo,
            ),
            Command("redo", "Redo", ("r", "ctrl+y"), "replay a move taken back", game.redo),
            Command(
                "hint",
                "Hint",
                ("h",),
                "highlight the engine's suggestion",
                game.request_hint,
                shown=has_human,
            ),
            Command(
                "resign",
                "Resign",
                ("ctrl+r",),
                "give up the game (press twice; U takes it back)",
                game.resign,
                shown=has_human,
                active=lambda: game.confirming == "resign",
            ),
            Command(
                "draw",
                "Draw?",
                ("d",),
                "offer a draw (the AI answers from its evaluation)",
                game.offer_draw,
                shown=has_human,
            ),
            Command("flip", "Flip", ("f",), "turn the board around", self.flip),
            Command(
                "back",
                "Back",
                ("left",),
                "step back through the game (click a move in the list to jump there)",
                lambda: game.step_through(-1),
                button=False,
            ),
            Command(
                "forward",
                "Forward",
                ("right",),
                "step forward through the game",
                lambda: game.step_through(+1),
                button=False,
            ),
            Command(
                "start",
                "Start",
                ("home",),
                "go to the start of the game",
                lambda: game.go_to_end(False),
                button=False,
            ),
            Command(
                "end",
                "End",
                ("end",),
                "go to the end of the game",
                lambda: game.go_to_end(True),
                button=False,
            ),
            Command(
                "continue",
                "Play on",
                ("c",),
                "play on from the move shown (drops the later moves)",
                game.continue_here,
                shown=lambda: game.reviewing,
                active=lambda: game.reviewing,
            ),
            Command(
                "save", "Save", ("ctrl+s",), "save the game as PDN in your games folder", self.save
            ),
            Command("load", "Load", ("ctrl+o",), "open a saved game", self.open_load_screen),
            Command(
                "setup",
                "Setup",
                ("e",),
                "set up a position to start a new game from",
                self.open_setup_screen,
            ),
            Command("copy_fen", "Copy FEN", ("ctrl+c",), "copy the position's FEN", self.copy_fen),
            Command("copy_pdn", "Copy PDN", ("ctrl+p",), "copy the game's PDN", self.copy_pdn),
            Command(
                "pause",
                "Pause",
                ("space", "p"),
                "pause or resume AI vs AI",
                game.toggle_pause,
                shown=ai_vs_ai,
                active=lambda: game.paused,
            ),
            Command(
                "step", "Step", ("s",), "play one AI move while paused", game.step, shown=ai_vs_ai
            ),
            Command(
                "slower",
                "Delay +",
                ("+", "="),
                "longer pause between AI moves",
                lambda: game.change_delay(+1),
                shown=ai_vs_ai,
            ),
            Command(
                "faster",
                "Delay -",
                ("-",),
                "shorter pause between AI moves",
                lambda: game.change_delay(-1),
                shown=ai_vs_ai,
            ),
            Command(
                "mute",
                "Mute",
                ("m",),
                "sound on or off",
                self.toggle_mute,
                active=lambda: self.context.sounds.muted,
            ),
            Command(
                "help",
                "Help",
                ("?", "f1"),
                "show or hide this list",
                lambda: self.toggle_card("help"),
                active=lambda: self.card == "help",
            ),
            Command(
                "menu",
                "Menu",
                ("escape",),
                "back to the start screen (Esc first closes a card or drops a selection)",
                self.to_menu,
            ),
            Command(
                "quit",
                "Quit",
                ("q", "ctrl+q"),
                "leave (the game is kept for next time)",
                lambda: self.context.request(Quit()),
            ),
        ]
        for spec in _OVERLAYS.values():
            commands.append(
                Command(
                    spec.name,
                    spec.label,
                    (spec.key,),
                    spec.help or f"show or hide the {spec.label.lower()}",
                    functools.partial(self.toggle_card, spec.name),
                    active=functools.partial(self.card_is, spec.name),
                )
            )
        return commands

    def flip(self) -> None:
        """Turn the board half a turn."""
        self.flipped = not self.flipped
        self.game.status = f"Board flipped: {'Black' if self.flipped else 'White'} at the bottom"

    def toggle_mute(self) -> None:
        """Sound on or off."""
        muted = self.context.sounds.toggle_mute()
        self.game.status = "Sound off" if muted else "Sound on"

    # --- files and the clipboard --------------------------------------------------------------

    def tags(self) -> dict[str, str]:
        """The PDN tags a save writes: who plays, and a loaded game's own tags (its players'
        names too: `Tinsley` reads better than `Human`)."""
        tags = config_tags(self.game.config)
        tags.update(
            {name: value for name, value in self.game.tags.items() if name not in _DERIVED_TAGS}
        )
        tags.update(self.game.clock_tags())
        record = self.game.full_record()
        if record.outcome is not None:
            tags["Termination"] = termination(record.outcome, record.position)
        return tags

    def save(self) -> None:
        """Save the whole game (moves past the one shown too) under a readable name."""
        try:
            path = saves.save_game(self.game.full_record(), self.tags())
        except OSError as error:
            self.game.status = f"Error: could not save the game: {error}"
            return
        self.game.status = f"Saved as {path.name} in {path.parent}"

    def open_load_screen(self) -> None:
        """List the saved games over this screen; picking one loads it here (`receive`)."""
        self.context.request(OpenLoad())

    def open_setup_screen(self) -> None:
        """Edit a position (starting from the one shown) and start a new game from it."""
        self.context.request(OpenSetup(self.game.position, self.game.config, self.flipped))

    def receive(self, result: object) -> None:
        """A game picked in the load screen: show it here."""
        if isinstance(result, LoadedGame):
            self.load(result.record, result.tags, result.name)

    def load(self, record: GameRecord, tags: dict[str, str], name: str) -> None:
        """Show a loaded game (in review, at its end); the game in progress is kept."""
        self.drag = None
        self.card = None
        kept = self.keep_game()
        self.game.load(record, tags)
        self._opened()
        self.game.status = f"{name}: " + self.game.status + (KEPT_NOTE if kept else "")

    def _opened(self) -> None:
        """The game now shown is as it was opened: nothing to write until it changes."""
        self._autosaved = self._autosave_key()
        self._as_opened = self._game_key()

    def keep_game(self) -> bool:
        """Write the game in progress to its file and let the file go (the game stays in the
        list); True if it was unfinished, so the player can be told where it went."""
        self.autosave(force=self.file is not None and self.game.timer is not None)  # the clocks
        file, self.file = self.file, None
        if file is None:
            return False
        file.release()
        return self.game.full_record().outcome is None

    def adopt(self, file: saves.GameFile | None) -> None:
        """Keep this (resumed) game in `file` from now on."""
        self.file = file

    def new_game(self) -> None:
        """Start again with the same players; the game in progress is kept in the list."""
        kept = self.keep_game()
        self.game.new_game()
        self._opened()
        if kept:
            self.game.status = "New game." + KEPT_NOTE

    def to_menu(self) -> None:
        """Back to the start screen; the game in progress is kept, and it says so."""
        kept = self.keep_game()
        self.context.request(ShowStart(KEPT_NOTE.strip() if kept else ""))

    def pdn_text(self) -> str:
        """The whole game as PDN."""
        return write_game(game_from_record(self.game.full_record(), self.tags()))

    def copy_fen(self) -> None:
        """Copy the position shown to the clipboard as FEN."""
        fen = self.game.position.fen()
        problem = copy_text(fen)
        self.game.status = (
            f"Copied {fen}" if problem is None else f"No clipboard ({problem}); FEN: {fen}"
        )

    def copy_pdn(self) -> None:
        """Copy the whole game to the clipboard as PDN."""
        problem = copy_text(self.pdn_text())
        self.game.status = (
            f"Copied the game's PDN ({len(self.game.line)} plies)"
            if problem is None
            else f"No clipboard ({problem}); Ctrl+S saves the game as a PDN file instead"
        )

    def _autosave_key(self) -> tuple[object, ...]:
        game = self.game
        return (game.record.start, tuple(game.line), game.record.ply, game.outcome)

    def autosave(self, force: bool = False) -> None:
        """Keep the game in its own file in the games folder after each change, from its first
        move to its end (a loaded game only once a move changes it); a game whose every move
        was taken back and dropped has its file removed."""
        key = self._autosave_key()
        if (key == self._autosaved and not force) or not self.context.autosave:
            return
        self._autosaved = key
        if self.file is None and self._game_key() == self._as_opened:
            return  # stepping through a game as it was opened changes nothing worth a file
        try:
            if not self.game.line:
                if self.file is not None:
                    self.file.remove()
                    self.file = None
                return
            tags = self.tags()
            if self.game.record.ply < len(self.game.line):
                # Moves taken back are kept for redo; the resumed game starts where it was.
                tags[RESUME_PLY_TAG] = str(self.game.record.ply)
            if self.file is None:
                self.file = saves.GameFile()
            self.file.write(self.game.full_record(), tags)
        except OSError as error:
            self.game.status = f"Error: autosave failed: {error}"

    def _game_key(self) -> tuple[object, ...]:
        return (self.game.record.start, tuple(self.game.line))

    def result_shown(self) -> bool:
        """Whether the game-over card is up: the game is over, its last move has landed, no
        other card is open and the player has not closed it (Close, Review or Esc)."""
        game = self.game
        return (
            game.outcome is not None
            and game.animation is None
            and self.card is None
            and self.result_closed != self._game_key()
        )

    def close_result(self) -> None:
        """Put the game-over card away; the status line keeps the result."""
        self.result_closed = self._game_key()

    def review(self) -> None:
        """Step through the finished game from its start (Left/Right, or click the list)."""
        self.close_result()
        self.game.go_to(0)

    def card_is(self, name: str) -> bool:
        """Whether the card (or overlay) called `name` is open."""
        return self.card == name

    def toggle_card(self, name: str) -> None:
        """Open a card over the board, or close it if it is the one open."""
        if self.card == name:
            self.card = None
            self.game.refresh_status()  # the overlay's own lines are about what it showed
            return
        spec = _OVERLAYS.get(name)
        if spec is not None:
            # Built afresh each time: the tree view shows the position as it is now.
            self.overlays[name] = spec.factory(self)
        self.card = name

    # --- events ------------------------------------------------------------------------------

    def layout(self) -> GameLayout:
        """The layout for the window's current size."""
        width, height = self.context.window_size()
        return game_layout(width, height, self.flipped)

    def handle(self, event: pygame.event.Event) -> None:
        """Dispatch one event through the handler table (an open overlay sees it first)."""
        overlay = self.overlays.get(self.card) if self.card else None
        if overlay is not None and overlay.handle_event(event):
            return
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line; the game itself is untouched."""
        self.game.status = f"Error: {type(error).__name__}: {error}"

    def _key_down(self, event: pygame.event.Event) -> None:
        names = key_names(event)
        if "escape" in names and self.result_shown():
            self.close_result()
            return
        if "escape" in names and (self.card is not None or self.game.selector.selected):
            if self.card is not None:
                self.card = None
                self.game.refresh_status()
            self.game.deselect()
            return
        for name in names:
            command = self.keymap.get(name)
            if command is not None:
                command.action()
                return

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 3:
            self.game.deselect()
            return
        if event.button != 1:
            return
        if self.card == "help":
            self.card = None
            return
        button = button_at(self.card_buttons if self.result_shown() else [], event.pos)
        button = button or button_at(self.buttons, event.pos)
        if button is not None:
            button.action()
            return
        for area, ply in self.move_cells:
            if area.collidepoint(event.pos):
                self.game.go_to(ply)
                return
        geometry = self.layout().board
        if not geometry.contains(*event.pos):
            return
        square = geometry.square_at(*event.pos)
        selector = self.game.selector
        if square is not None and square == selector.selected and not selector.clicks:
            # Pressing the selected piece again: a drag, or on release without moving a deselect.
            self.drag = Drag(square, event.pos, event.pos, was_selected=True)
            return
        self.game.click(square)
        if square is not None and self.game.selector.selected == square:
            self.drag = Drag(square, event.pos, event.pos)

    def _mouse_motion(self, event: pygame.event.Event) -> None:
        drag = self.drag
        if drag is None:
            return
        drag.point = event.pos
        if abs(event.pos[0] - drag.start[0]) + abs(event.pos[1] - drag.start[1]) > 6:
            drag.moved = True

    def _mouse_up(self, event: pygame.event.Event) -> None:
        drag, self.drag = self.drag, None
        if drag is None or event.button != 1:
            return
        geometry = self.layout().board
        target = geometry.square_at(*event.pos) if geometry.contains(*event.pos) else None
        if drag.moved and target is not None and target != drag.square:
            self.game.click(target)
        elif drag.was_selected and not drag.moved:
            self.game.deselect()

    # --- time and drawing --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the game and play the sounds it asks for."""
        self.game.update(dt)
        self.autosave()
        for cue in self.game.cues.drain():
            self.context.sounds.play(cue)

    def wake_in(self) -> float | None:
        """Frames while a piece moves or the AI thinks; a sleep while an AI vs AI game waits
        between moves; none while the game waits for a person."""
        game = self.game
        overlay = self.overlays.get(self.card) if self.card else None
        overlay_wake = getattr(overlay, "wake_in", None)
        wakes: list[float | None] = [overlay_wake() if callable(overlay_wake) else None]
        if game.animation is not None or game.cues.pending:
            wakes.append(0.0)
        elif game.thinking is not None:
            wakes.append(self.THINKING_FRAME)
        elif (
            game.outcome is None
            and not game.reviewing
            and not game.ai_stuck
            and game.config.player(game.position.turn).level is not None
        ):
            if game.mode is not Mode.AI_VS_AI or game.step_once:
                wakes.append(0.0)  # the AI's turn: the next update asks it
            elif not game.paused:
                wakes.append(max(0.0, game.wait))
        due = [wake for wake in wakes if wake is not None]
        return min(due) if due else None

    def board_view(self, geometry: BoardGeometry) -> BoardView:
        """The position and highlights the board shows now."""
        game = self.game
        animation = game.animation
        if animation is not None:
            start, end, fraction = animation.hop()
            piece = animation.before.piece_at(animation.move.start)
            floating = (piece, geometry.between(start, end, fraction)) if piece else None
            return BoardView(
                animation.before,
                last_move=animation.move,
                hidden=frozenset({animation.move.start}) | animation.vanished(),
                floating=floating,
            )
        selector = game.selector
        human = game.accepts_clicks()
        hidden: frozenset[int] = frozenset()
        floating = None
        if self.drag is not None and self.drag.moved:
            piece = game.position.piece_at(self.drag.square)
            if piece is not None:
                hidden = frozenset({self.drag.square})
                floating = (piece, self.drag.point)
        return BoardView(
            game.position,
            last_move=game.last_move,
            selected=selector.selected if human else None,
            destinations=selector.destinations if human else frozenset(),
            waypoints=selector.waypoints if human else frozenset(),
            clicked=selector.clicks if human else (),
            must_capture=selector.movable if human and selector.capture_pending else frozenset(),
            hint=game.hint,
            hidden=hidden,
            floating=floating,
        )

    def _layout_buttons(self, layout: GameLayout) -> pygame.Rect:
        """Place the visible commands' buttons at the panel's foot; returns the space above."""
        shown = [c for c in self.commands if c.button and c.shown()]
        columns = 4 if layout.panel.width >= 360 else 3
        rows = -(-len(shown) // columns)
        gap = max(4, layout.font // 3)
        height = int(layout.font * 1.9)
        inner = layout.panel.inflate(-2 * gap, -2 * gap)
        width = (inner.width - (columns - 1) * gap) // columns
        top = inner.bottom - rows * height - (rows - 1) * gap
        self.buttons = []
        for index, command in enumerate(shown):
            row, column = divmod(index, columns)
            rect = pygame.Rect(
                inner.left + column * (width + gap), top + row * (height + gap), width, height
            )
            label = command.label
            if command.name == "pause" and self.game.paused:
                label = "Resume"
            elif command.name == "mute" and self.context.sounds.muted:
                label = "Unmute"
            self.buttons.append(Button(label, rect, command.action, active=command.active()))
        return pygame.Rect(
            layout.panel.left, layout.panel.top, layout.panel.width, top - gap - layout.panel.top
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen."""
        renderer = self.context.renderer
        layout = self.layout()
        surface.fill(theme.BACKGROUND)
        renderer.board(surface, layout.board, self.board_view(layout.board))

        pygame.draw.rect(surface, theme.PANEL, layout.panel, border_radius=8)
        text_area = self._layout_buttons(layout)
        self.move_cells = draw_panel(renderer, surface, text_area, self.game, layout.font)
        draw_buttons(surface, renderer.text, self.buttons, int(layout.font * 0.9))

        self._draw_status(surface, layout)

        board_rect = pygame.Rect(
            layout.board.left, layout.board.top, layout.board.size, layout.board.size
        )
        self.card_buttons = []
        if self.result_shown():
            renderer.shade(surface, board_rect)
            title, lines = outcome_card(self.game)
            card = renderer.card(
                surface,
                board_rect,
                title,
                [*lines, "", ""],
                "N starts a new game, Review steps through this one, Esc closes",
            )
            self._draw_card_buttons(surface, board_rect, card, len(lines))
        if self.card == "help":
            self._draw_help(surface, layout)
        elif self.card is not None and self.card in self.overlays:
            overlay = self.overlays[self.card]
            # The whole window above the status line: the tree needs the width more than the
            # panel does, and the status line still reports.
            surface.fill(theme.BACKGROUND)
            margin = layout.board_area.left
            overlay.set_rect(
                pygame.Rect(
                    margin,
                    margin,
                    surface.get_width() - 2 * margin,
                    layout.status.top - margin - margin // 2,
                )
            )
            overlay.draw(surface)
            self._draw_status(surface, layout)

    def _draw_card_buttons(
        self, surface: pygame.Surface, area: pygame.Rect, card: pygame.Rect, row: int
    ) -> None:
        """New game, Review and Close on the game-over card's empty line `row`."""
        size = max(14, area.height // 26)  # the card's own text size (Renderer.card)
        top = card.top + size + int(size * 2.0) + size // 2 + row * int(size * 1.4)
        gap = size // 2
        width = min(size * 7, (card.width - 2 * size - 2 * gap) // 3)
        left = card.centerx - (3 * width + 2 * gap) // 2
        actions: list[tuple[str, Callable[[], None]]] = [
            ("New game", self.new_game),
            ("Review", self.review),
            ("Close", self.close_result),
        ]
        for index, (label, action) in enumerate(actions):
            rect = pygame.Rect(left + index * (width + gap), top - size // 4, width, size * 2)
            self.card_buttons.append(Button(label, rect, action, active=index == 0))
        draw_buttons(surface, self.context.renderer.text, self.card_buttons, int(size * 0.9))

    def _draw_status(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """The status line under the board, errors in red, and the help key."""
        text = self.context.renderer.text
        status = self.game.status
        colour = theme.ERROR_TEXT if status.startswith(("Error", "AI error")) else theme.TEXT
        hint = "?: help"
        room = layout.status.width - text.font(layout.font).size(hint)[0] - layout.font
        text.draw(
            surface,
            text.fit(status, layout.font, room),
            layout.font,
            colour,
            layout.status.midleft,
            "midleft",
        )
        text.draw(surface, hint, layout.font, theme.TEXT_DIM, layout.status.midright, "midright")

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every command, as the help card lists them."""
        return [
            (" / ".join(key_label(k) for k in command.keys), f"{command.label}: {command.help}")
            for command in self.commands
        ]

    def _draw_help(self, surface: pygame.Surface, layout: GameLayout) -> None:
        renderer = self.context.renderer
        text = renderer.text
        renderer.shade(surface, pygame.Rect((0, 0), surface.get_size()))
        rows = self.help_rows()
        # Every row must fit the window: the list grows with each command added.
        size = max(10, min(layout.font, int(surface.get_height() / ((len(rows) + 5) * 1.45))))
        key_width = max(text.font(size).size(keys)[0] for keys, _ in rows) + size
        width = min(
            surface.get_width() - 2 * size,
            key_width + max(text.font(size).size(what)[0] for _, what in rows) + 2 * size,
        )
        line = int(size * 1.45)
        height = (len(rows) + 5) * line
        card = pygame.Rect(0, 0, width, height)
        card.center = surface.get_rect().center
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=size)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, card, 2, border_radius=size)
        y = card.top + size
        text.draw(
            surface, "Controls", int(size * 1.6), theme.TEXT_ACCENT, (card.centerx, y), "midtop"
        )
        y += 2 * line
        for keys, what in rows:
            text.draw(surface, keys, size, theme.TEXT_ACCENT, (card.left + size, y))
            text.draw(
                surface,
                text.fit(what, size, width - key_width - 2 * size),
                size,
                theme.TEXT,
                (card.left + size + key_width, y),
            )
            y += line
        text.draw(
            surface,
            "Click a piece, then where it goes; or drag it. Right-click drops a selection.",
            size,
            theme.TEXT_DIM,
            (card.centerx, y + line // 2),
            "midtop",
        )

    def close(self) -> None:
        """Keep what changed since the last frame, let the game's file go, then stop any search
        (the app closes the worker)."""
        self.keep_game()
        self.game.close()
        super().close()
