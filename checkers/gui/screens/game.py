"""The game screen: mouse and keys to game commands, and the game shown as board, panel, status.

The board (and the evaluation bar beside it) is drawn by hand; everything else is pygame_gui
widgets, from the game screen's parts in checkers.gui.game_view: the command table (every
action with its keys, label, place and whether it applies now, so buttons, menu entries, keys
and the help card cannot drift apart), the panel and move list, the cards (game over, help),
the review's strip, and the file keeper that writes the game. Overlays the App registered (the
search-tree view) are drawn over the board's side of the window.
"""

from __future__ import annotations

import html
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from checkers import saves
from checkers.board import BLACK, Position
from checkers.board_geometry import BoardGeometry
from checkers.coach.judgement import Judgement, rejudged, reviewed
from checkers.formats.pdn import game_from_record, write_game
from checkers.gui import theme
from checkers.gui.board_view.render import BoardView, animation_view
from checkers.gui.board_view.selection import Drag
from checkers.gui.cards import Card, grid_unit
from checkers.gui.clipboard import copy_text
from checkers.gui.config import GameConfig, Mode
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.controller import Game, KeptMarks
from checkers.gui.explaining import why_card, with_review
from checkers.gui.game_view.cards import (
    build_help_card,
    build_result_card,
    draw_offer_card,
    resign_card,
)
from checkers.gui.game_view.command_buttons import CommandButtons
from checkers.gui.game_view.commands import (
    OVERLAYS,
    Command,
    Overlay,
    button_rows,
    game_commands,
    help_rows,
)
from checkers.gui.game_view.eval_bar import EvalBar
from checkers.gui.game_view.keeper import GameKeeper, game_tags, reasons_in
from checkers.gui.game_view.menu import GameMenu
from checkers.gui.game_view.panel import GamePanel, scored_search
from checkers.gui.game_view.review import (
    ReviewPane,
    ReviewStandby,
    kept_move_marks,
    kept_verdict,
)
from checkers.gui.game_view.review_place import ReviewPlacement
from checkers.gui.intents import (
    Analysed,
    ChangeSettings,
    ChooseDelay,
    LoadedGame,
    OpenAnalysis,
    OpenLoad,
    OpenSetup,
    OpenWhy,
    SameGame,
    SavedAs,
    SaveGameAs,
    ShowStart,
)
from checkers.gui.layout import GameLayout, game_layout
from checkers.gui.persist import loaded_config
from checkers.gui.settings import SWITCHED
from checkers.gui.ui import Actions, HoverTips, fit_text
from checkers.gui.widgets import key_names
from checkers.gui.wording import moves_count, plural
from checkers.record import GameRecord

__all__ = [
    "Command",
    "GameLayout",
    "GameScreen",
    "game_layout",
]

KEPT_NOTE = " Your last game was kept: Menu > Saved games (Ctrl+O) resumes it."
"""What the player is told when a game in progress is left for another (never discarded)."""

FLASH_FRAME = 1 / 20
"""Seconds between frames while pieces flash (each flash lasts a fifth of a second)."""

START_KEPT_NOTE = "Your last game was kept: Saved games (L) resumes it."
"""The same note on the start screen, naming the start screen's own way back to it."""

CONFIRMED = ("resign", "draw")
"""The commands that ask on a card before they act (`Game.confirming`)."""


class GameScreen(ScreenBase):
    """A game in the window: the game, its board orientation, the drag and the open card."""

    THINKING_FRAME = 1 / 40
    """Seconds between frames while the AI thinks: the indicator turns, the worker is polled."""

    WIDGET_FRAME = 1 / 30
    """Seconds until the frame that shows a widget changed in this one (pygame_gui draws a
    change after its next update), and between frames while the move list glides."""

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
        self.keeper = GameKeeper(self.game, context.autosave, self._tell)
        """The file that keeps this game, and when it is written."""
        self.flipped = config.black_at_bottom(flip)  # your side at the bottom, or Black's
        self.drag: Drag | None = None
        self.card: str | None = None  # "help", or a registered overlay's name
        self.menu = GameMenu(self)
        """The menu of less-used commands (checkers.gui.game_view.menu)."""
        self.overlays: dict[str, Overlay] = {}
        self.result_closed: tuple[object, ...] | None = None  # the game whose result was closed
        self.bar = EvalBar(self)
        """The evaluation bar beside the board (checkers.gui.game_view.eval_bar)."""
        self.commands = game_commands(self)
        self.keymap = {key: command for command in self.commands for key in command.keys}
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.MOUSEBUTTONDOWN: self._mouse_down,
            pygame.MOUSEBUTTONUP: self._mouse_up,
            pygame.MOUSEMOTION: self._mouse_motion,
            pygame.KEYDOWN: self._key_down,
        }
        self._played_game_over = False
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The panel's buttons, the menu's items (`menu copy_fen`) and the cards' buttons
        (`card new`, `card review`, `card close`, `help close`) by name, for tests and keys."""
        self.panel: GamePanel | None = None
        self._scrolled: tuple[int, int, object] | None = None
        """Where the last panel's move list was scrolled: a panel built again keeps it."""
        self._marks_seen: tuple[object, ...] = ()
        """The moves (count, last) and the kept marks last shown for them on this panel."""
        self.status_box: UITextBox | None = None
        self._status_shown: tuple[str, int] | None = None
        self._ui_state: tuple[object, ...] | None = None
        self.buttons = CommandButtons(self)
        """The commands' buttons, kept in step (checkers.gui.game_view.command_buttons)."""
        self.confirm: Card | None = None
        """The resign or draw-offer question while it is asked (a card of the window's one
        style)."""
        self._widgets_changed = False
        self.landing = False
        """Whether a move landed in this frame's update (the game-over card waits a frame)."""
        self.disabled_tips = HoverTips(context.ui)
        self.review_pane: ReviewPane | None = None
        """The game review under way or done (checkers.gui.game_view.review), or None."""
        self.review_standby = ReviewStandby()
        """The next review's process, started when the game ends or the menu opens."""
        self.placement = ReviewPlacement(self)
        """The review's start, stop and room (checkers.gui.game_view.review_place)."""

    # --- commands ----------------------------------------------------------------------------

    @property
    def menu_open(self) -> bool:
        """Whether the menu is open (checkers.gui.game_view.menu)."""
        return self.menu.open

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every command with a key, as the help card lists them."""
        return help_rows(self.commands)

    def command(self, name: str) -> Command:
        """The command called `name`."""
        return next(command for command in self.commands if command.name == name)

    def toggle_menu(self) -> None:
        """Open or close the menu of less-used actions."""
        self.menu.toggle()

    def ask_resign(self) -> None:
        """Ask on a card whether to resign (Ctrl+R twice also resigns)."""
        game = self.game
        if game.confirming == "resign" or self.confirm is not None:
            self._kill_confirm()
            game.resign()  # the second press: the controller resigns
            return
        game.resign()  # asks (or says why not) on the status line
        if game.confirming == "resign":
            # The card comes with the widgets (`_build_confirm`); the words name its keys.
            game.status = f"Resign{self._resigner()}? Choose on the card."

    def ask_draw(self) -> None:
        """Against the AI, ask on a card whether to offer the draw (D twice also offers it);
        between two players the offer is made at once, the other side answers on its turn."""
        game = self.game
        if game.confirming == "draw" or self.confirm is not None:
            self._kill_confirm()
            game.offer_draw()  # the second press: the AI answers
            return
        game.offer_draw()  # asks (or says why not, or offers between two players)
        if game.confirming == "draw":
            game.status = "Offer the AI a draw? Choose on the card."

    def _resigner(self) -> str:
        """` as Black` when the side that resigns needs naming (not against the AI)."""
        game = self.game
        return "" if game.mode is Mode.HUMAN_VS_AI else f" as {game.position.turn.name.title()}"

    def _build_confirm(self, root: UIContainer) -> None:
        """The question asked (resign? offer a draw?) on a card over a shade on the window."""
        timed = self.game.timer is not None and self.game.asking()
        if self.game.confirming == "draw":
            self.confirm = draw_offer_card(self._confirmed, self._play_on, timed)
        else:
            self.confirm = resign_card(self._resigner(), self._confirmed, self._play_on, timed)
        self.confirm.build(self.context.ui, root, self.context.scale)

    def _confirmed(self) -> None:
        """The card's Resign or Offer draw: the game ends by resignation, or the AI answers."""
        asked = self.game.confirming
        self._kill_confirm()
        if asked == "draw":
            self.game.offer_draw()
            return
        if asked != "resign":
            self.game.resign()
        self.game.resign()

    def _play_on(self) -> None:
        """The card's Keep playing or Cancel (or Esc): the question goes, the game goes on."""
        self._kill_confirm()
        self.game.confirming = None
        self.game.refresh_status()

    def _kill_confirm(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
            self.confirm = None

    def flip(self) -> None:
        """Turn the board half a turn."""
        self.flipped = not self.flipped
        self.game.status = f"Board flipped: {'Black' if self.flipped else 'White'} at the bottom."

    def change_delay(self, direction: int) -> None:
        """A longer (+1) or shorter (-1) pause between AI vs AI moves, kept for the start
        form's next game as its own choice is."""
        self.game.change_delay(direction)
        self.context.request(ChooseDelay(self.game.delay))

    def toggle_numbers(self) -> None:
        """Show or hide the squares' numbers, and remember it."""
        shown = not self.context.settings.square_numbers
        self.context.request(ChangeSettings(replace(self.context.settings, square_numbers=shown)))
        self.game.status = f"Square numbers: {SWITCHED[shown]}."

    def toggle_mute(self) -> None:
        """Sound on or off, and remember it: the Sound setting, as Settings shows it."""
        on = self.context.sounds.muted
        self.context.request(ChangeSettings(replace(self.context.settings, sound=on)))
        self.game.status = f"Sound: {SWITCHED[on]}."

    # --- files and the clipboard --------------------------------------------------------------

    @property
    def file(self) -> saves.GameFile | None:
        """The file that keeps this game while it is played (None until its first move)."""
        return self.keeper.file

    def _tell(self, text: str) -> None:
        self.game.status = text

    def tags(self) -> dict[str, str]:
        """The PDN tags a save writes (checkers.gui.game_view.keeper.game_tags)."""
        return game_tags(self.game)

    def save(self) -> None:
        """Save the whole game into the file that keeps it (Save as makes a copy)."""
        self.game.status = self.keeper.save()

    def save_as(self) -> None:
        """Ask where to write the whole game as PDN (a name from its players suggested)."""
        tags = self.tags()
        name = f"{tags.get('Black', 'Black')} vs {tags.get('White', 'White')}.pdn"
        self.context.request(SaveGameAs(self.pdn_text(), name.replace("/", "-")))

    def open_load_screen(self) -> None:
        """List the saved games over this screen; picking one loads it here (`receive`), and
        picking this game's own file comes back to it."""
        keeper = self.keeper
        playing = keeper.file.path if keeper.file is not None else keeper.source
        self.context.request(OpenLoad(playing))

    def open_setup_screen(self) -> None:
        """Edit a position (starting from the one shown) and start a new game from it."""
        self.context.request(OpenSetup(self.game.position, self.game.config, self.flipped))

    def receive(self, result: object) -> None:
        """A game picked in the load screen: show it here."""
        if isinstance(result, LoadedGame):
            self.load(result.record, result.tags, result.name, result.path)
            if result.review:
                self.game.go_to(0)
                self.start_review()
        elif isinstance(result, SameGame):
            if result.review:
                self.start_review()
            elif not self.game.finished and self.game.record.can_redo():
                # Resumed as a game from the list is: on its last move played, so no move
                # waits in a redo list that the next click on the board would drop.
                self.game.resume_play()
            else:
                self.game.status = "Back to this game, as it was."
        elif isinstance(result, Analysed):
            found = Judgement(
                result.score, 1.0, result.position.turn, result.depth, result.database, result.line
            )
            self.game.judge(result.position, found)
        elif isinstance(result, SavedAs):
            self.game.status = f"Saved {result.what} as {result.path.name} in {result.path.parent}."

    def load(
        self, record: GameRecord, tags: dict[str, str], name: str, path: Path | None = None
    ) -> None:
        """Show a loaded game (in review, at its end; a finished one stays finished); the game
        in progress is kept."""
        self.drag = None
        self.card = None
        kept = self.keep_game()
        # The players the file records, not this game's: its panel, mode and board side.
        self.game.config = loaded_config(tags, self.game.config)
        # One rule from every way in (`GameConfig.black_at_bottom`): the review at a game's end
        # and the same game opened from Saved games face alike (the walk of 2026-11-29 saw an
        # AI vs AI game with Black at the bottom at its end, White from Saved games).
        self.flipped = self.game.config.black_at_bottom(
            self.context.settings.turns(self.game.config.mode)
        )
        self.game.load(record, tags)
        self.keeper.opened(path)
        self.game.status = f"{name}: " + self.game.status + (KEPT_NOTE if kept else "")

    def keep_game(self) -> bool:
        """Write the game in progress to its file and let the file go (the game stays in the
        list), the AI's reasons for its moves left with the window; True if it was unfinished,
        so the player can be told where it went."""
        file = self.keeper.file
        if file is not None and file.path is not None and self.game.explanations:
            self.context.left_reasons[file.path] = dict(self.game.explanations)
        return self.keeper.keep()

    def adopt(self, file: saves.GameFile | None) -> None:
        """Keep this (resumed) game in `file` from now on; the AI's reasons for the moves this
        window saw it play come back with it (Why? is lit on them, as before leaving it)."""
        self.keeper.adopt(file)
        if file is not None and file.path is not None:
            left = self.context.left_reasons.get(file.path, {})
            self.game.explanations.update(reasons_in(self.game.record, left))

    def new_game(self) -> None:
        """Start again with the same players; the game in progress is kept in the list."""
        kept = self.keep_game()
        self.game.new_game()
        self.review_standby.close()
        self.keeper.opened()
        if kept:
            self.game.status = "New game." + KEPT_NOTE

    def to_menu(self) -> None:
        """Back to the start screen; the game in progress is kept, and it says so."""
        kept = self.keep_game()
        self.context.request(ShowStart(START_KEPT_NOTE if kept else ""))

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
            f"Copied the game ({plural(moves_count(len(self.game.record.line)), 'move')}) as PDN text."
            if problem is None
            else f"No clipboard ({problem}); Ctrl+S saves the game as a PDN file instead."
        )

    def autosave(self, force: bool = False) -> None:
        """Keep the game in its own file after each change (checkers.gui.game_view.keeper)."""
        self.keeper.update(force)

    def _game_key(self) -> tuple[object, ...]:
        """The game as its moves and result: a card closed for it stays closed until either
        changes (a resignation after a review adds no move, but it is a new result)."""
        return (self.game.record.start, self.game.record.line, self.game.result)

    def result_shown(self) -> bool:
        """Whether the game-over card is up: the game is over, its last move has landed, no
        other card is open and the player has not closed it (Close, Review or Esc)."""
        game = self.game
        return (
            game.finished
            and game.record.ply == len(game.record.line)
            and game.animation is None
            and not self.landing
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
        self.start_review()

    def card_is(self, name: str) -> bool:
        """Whether the card (or overlay) called `name` is open."""
        return self.card == name

    def toggle_card(self, name: str) -> None:
        """Open a card over the board, or close it if it is the one open."""
        self.menu.open = False
        if self.card == name:
            self.card = None
            self.game.refresh_status()  # the overlay's own lines are about what it showed
            return
        spec = OVERLAYS.get(name)
        if spec is not None:
            # Built afresh each time: the tree view shows the position as it is now.
            self.overlays[name] = spec.factory(self)
        self.card = name

    # --- events ------------------------------------------------------------------------------

    def layout(self) -> GameLayout:
        """The layout for the window's current size (room for the evaluation bar if shown)."""
        return self.placement.placed()[0]

    def handle(self, event: pygame.event.Event) -> None:
        """Dispatch one event: an open overlay first, then the widgets' actions, then the
        handler table."""
        if self.confirm is not None and self.confirm.handle(event):
            return  # the resign question first: Enter, Esc and its buttons are its own
        if self.review_pane is not None and not self.card and self.review_pane.handle(event):
            return
        overlay = self.overlays.get(self.card) if self.card else None
        if overlay is not None and overlay.handle_event(event):
            return
        if self.actions.handle(event) or (self.panel is not None and self.panel.handle(event)):
            return
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line; the game itself is untouched."""
        self.game.status = f"Error: {type(error).__name__}: {error}"

    def _key_down(self, event: pygame.event.Event) -> None:
        names = key_names(event)
        if "escape" in names:
            if self.menu.open:
                self.menu.open = False
                return
            if self.result_shown():
                self.close_result()
                return
            if self.card is not None or self.game.selector.selected:
                if self.card is not None:
                    self.card = None
                    self.game.refresh_status()
                self.game.deselect()
                return
            if self.review_pane is not None:
                # A review closes first, as its Close does (walk 2026-11-30j: one Esc left
                # the game for the start screen).
                self.stop_review("Review closed.")
                return
        for name in names:
            command = self.keymap.get(name)
            if command is not None and command.shown():
                command.action()
                return

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if self.menu.open:
            self.menu.open = False  # a click beside the menu closes it, and does nothing else
            return
        if event.button == 3:
            self.game.deselect()
            return
        if event.button != 1:
            return
        if self.card == "help":
            self.card = None
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

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the game, play the sounds it asks for, and bring the widgets in step."""
        moving = self.game.animation is not None
        self.game.update(dt)
        # The frame a move lands in draws the landing; the game-over card (all the widgets
        # built again, the slowest frame there is) waits for the next one (walk 2026-11-30r:
        # the last capture stood still short of its square for up to 1.3 s, "White to move").
        self.landing = moving and self.game.animation is None
        if self.game.take_worked_out() and self.card is None and not self.menu_open:
            self.ask_why()  # the card Why? asked the AI's process for (`ask_why`) has come
        self.autosave()
        for cue in self.game.cues.drain():
            self.context.sounds.play(cue)
        if self.panel is not None:
            self.panel.scroll_pending = False
        self._widgets_changed = self.sync_widgets()
        self.disabled_tips.update(dt)
        self.review_standby.watch(self, self.review_pane is not None)
        if self.review_pane is not None:
            self._widgets_changed = self.review_pane.update(dt) or self._widgets_changed

    def wake_in(self) -> float | None:
        """The game's own next frame (`Game.wake_in`), sooner while widgets change, the list
        glides, an overlay or the review needs frames; None: sleep until an event."""
        game = self.game
        overlay = self.overlays.get(self.card) if self.card else None
        overlay_wake = getattr(overlay, "wake_in", None)
        wakes: list[float | None] = [overlay_wake() if callable(overlay_wake) else None]
        if self._widgets_changed or (self.panel is not None and self.panel.scrolling()):
            wakes.append(self.WIDGET_FRAME)  # pygame_gui shows a change in its next update
        if self.landing and game.finished:
            wakes.append(0.0)  # the game-over card, which waited for the landing's frame
        wakes.append(game.wake_in(self.THINKING_FRAME, FLASH_FRAME))
        if self.review_pane is not None:
            wakes.append(self.review_pane.wake_in())
        due = [wake for wake in wakes if wake is not None]
        return min(due) if due else None

    # --- the board ---------------------------------------------------------------------------

    def board_view(self, geometry: BoardGeometry) -> BoardView:
        """The position and highlights the board shows now."""
        game = self.game
        preview = self.review_pane.board_view(geometry) if self.review_pane is not None else None
        if preview is not None:
            return preview
        animation = game.animation
        if animation is not None:
            return animation_view(animation, geometry)
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
            flash=game.flashing() if human else frozenset(),
            hint=game.hint,
            hidden=hidden,
            floating=floating,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the evaluation bar and any overlay (the widgets draw themselves)."""
        renderer = self.context.renderer
        layout = self.layout()
        surface.fill(theme.BACKGROUND)
        renderer.board(surface, layout.board, self.board_view(layout.board))
        if self.bar.shown():
            self.bar.draw(surface, self.bar.rect(layout))
        if self.review_pane is not None:
            self.review_pane.draw(surface)
        if self.card is not None and self.card in self.overlays:
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

    # --- widgets -----------------------------------------------------------------------------

    def show_ui(self, layer: int = 1) -> None:
        """(Re)create the widgets, remembering the layer for rebuilds of the screen's own."""
        self._layer = layer
        super().show_ui(layer)

    def _state_key(self) -> tuple[object, ...]:
        """What decides which widgets exist (a change rebuilds them): the mode picks the
        panel's buttons, and opening another game can change it."""
        asking = self.game.confirming in CONFIRMED
        shown = (self.card, self.menu.open, self.result_shown(), self.bar.shown(), asking)
        return (*shown, self._figures_shown(), self.game.mode)

    def _figures_shown(self) -> bool:
        """Whether the panel has room for the AI's figures, or a review's words for the move
        shown (a game between two players has neither, unless it is being reviewed)."""
        return self.game.mode is not Mode.HUMAN_VS_HUMAN or self.review_pane is not None

    def drop_ui(self) -> None:
        """Remove the widgets, the resign question's card with them."""
        self._kill_confirm()  # a click on its buttons is then not ours to act on
        super().drop_ui()

    def build_ui(self, root: UIContainer) -> None:
        """The status line, the panel with its buttons, and the menu or a card when open."""
        ui = self.context.ui
        self.actions.clear()
        self.widgets = {}
        self.buttons.clear()
        self._status_shown = None
        self._ui_state = self._state_key()
        layout = self.layout()
        unit = grid_unit(self.context.scale)
        self.status_box = UITextBox(
            "", layout.status, ui, container=root, object_id="#status", wrap_to_height=False
        )
        if self.panel is not None:
            self._scrolled = self.panel.scrolled()
        self.panel = None
        if self.card is not None and self.card in self.overlays:
            self.sync_widgets()
            self._widgets_changed = True
            return
        gap = max(3, unit // 2)
        height = round(3.2 * unit)
        panel_rect = layout.panel
        inner = panel_rect.width - 2 * unit - 6
        grid = button_rows(self.commands, self.game.mode)
        buttons_height = len(grid) * (height + gap)
        self.panel = GamePanel(
            ui,
            self.context.renderer,
            root,
            panel_rect,
            buttons_height,
            self.context.scale,
            self.game.go_to,
            figures=self._figures_shown(),
        )
        self.panel.bar_hidden = lambda: not self.bar.shown()
        if self._scrolled is not None:
            self.panel.keep_scroll(self._scrolled)
        self._marks_seen = ()  # a new panel: its list has no marks yet
        self._show_kept_marks()
        container = self.panel.panel
        top = panel_rect.height - buttons_height - gap
        for row, row_commands in enumerate(grid):
            y = top + row * (height + gap)
            x = unit
            icons = [c for c in row_commands if c.icon]
            wide = len(row_commands) - len(icons)
            icon_width = round(height * 1.25)
            rest = inner - len(icons) * (icon_width + gap)
            width = (rest - (wide - 1) * gap) // wide if wide else 0
            for command in row_commands:
                size = icon_width if command.icon else width
                rect = pygame.Rect(x, y, size, height)
                self.buttons.make(container, command, rect, command.name)
                x += size + gap
        if self.menu.open:
            self.menu.build(root, unit)
        if self.result_shown():
            self._build_result(root, layout, unit, height)
        if self.card == "help":
            self._build_help(root, unit, height)
        self.buttons.add_disabled_tips()
        if self.review_pane is not None:
            self.review_pane.build_ui(root, self.placement.area())
        if self.game.confirming in CONFIRMED:
            self._build_confirm(root)
        self.sync_widgets()
        self._widgets_changed = True  # their states show after pygame_gui's next update

    def _cover(self, root: UIContainer, action: Callable[[], None] | None = None) -> None:
        """A shade over the whole window, the panel's widgets too (a card or dialog sits above
        it): the screen is dimmed behind a card as behind every dialog. A click on it runs
        `action` (if any) and reaches nothing below."""
        rect = root.get_container().get_rect()
        ui = self.context.ui
        if action is None:
            UIPanel(rect, manager=ui, container=root, starting_height=19, object_id="#shade")
            return
        cover = UIButton(rect, "", ui, container=root, starting_height=19, object_id="#shade")
        self.actions.pressed[cover] = action

    def _build_result(self, root: UIContainer, layout: GameLayout, unit: int, height: int) -> None:
        """The game-over card over the board: who won and why, New game / Review / Close."""
        board = pygame.Rect(
            layout.board.left, layout.board.top, layout.board.size, layout.board.size
        )
        actions = {"new": self.new_game, "review": self.review, "close": self.close_result}
        buttons = build_result_card(
            self.context.ui,
            root,
            board,
            unit,
            height,
            self.game,
            (
                ("new", "New game", "Play again with the same players (N)"),
                ("review", "Review", "The engine judges every move: labels, a graph, mistakes"),
                ("close", "Close", "Look at the final position (Esc)"),
            ),
        )
        for name, button in buttons.items():
            self.actions.pressed[button] = actions[name]
            self.widgets[f"card {name}"] = button

    def _build_help(self, root: UIContainer, unit: int, height: int) -> None:
        """The rules in brief and the keys, over the whole window, and a Close button."""
        width, window_height = self.context.window_size()
        area = pygame.Rect(0, 0, width, window_height).inflate(-4 * unit, -4 * unit)
        self._cover(root, lambda: self.toggle_card("help"))  # a click beside the card closes it
        # A card the player opened to read: the clock runs on, and the card says so.
        timer = self.game.timer
        runs = " (the clock runs)" if timer is not None and timer.running is not None else ""
        close = build_help_card(
            self.context.ui,
            root,
            area,
            unit,
            height,
            self.help_rows(),
            title=f"The rules and the keys{runs}",
        )
        self.actions.pressed[close] = lambda: self.toggle_card("help")
        self.widgets["help close"] = close

    def sync_widgets(self) -> bool:
        """Bring the widgets in step with the game: rebuild them if the cards or the menu
        changed, otherwise touch only what changed (texts, enabled and pressed states); True
        if anything changed."""
        if self.ui_root is None:
            return False
        if self.widgets_stale():
            self.show_ui(getattr(self, "_layer", 1))  # filled as they are built (`build_ui`)
            return True
        changed = self._sync_status()
        if self.game.review_marks is not None:
            self._show_kept_marks()
        if self.panel is not None:
            changed = self.panel.sync(self.game) or changed
        return self.buttons.sync() or changed

    def _sync_status(self) -> bool:
        status = self.game.status
        error = status.startswith(("Error", "AI error"))
        key = (status, int(error))
        if self.status_box is None or key == self._status_shown:
            return False
        self._status_shown = key
        text = html.escape(status)
        if error:
            colour = "#{:02x}{:02x}{:02x}".format(*theme.ERROR_TEXT)
            text = f"<font color='{colour}'>{text}</font>"
        fit_text(self.status_box, text)  # wrapped, and smaller when long: never cut
        return True

    def keep_marks(self, kept: KeptMarks | None) -> None:
        """Keep a closed review's marks in the move list, and in the game's file, while the
        game keeps the moves they judged (a move played or taken back in their place drops the
        marks from there on)."""
        self.game.review_marks = kept
        self._marks_seen = ()
        self._show_kept_marks()

    def _show_kept_marks(self) -> None:
        """The kept marks on the move list, those of moves the game still has (a resumed or
        reopened game's too, read from its file: walk 2026-12-01af lost them on a relaunch)."""
        kept = self.game.review_marks
        if kept is None or self.panel is None or self.review_pane is not None:
            return
        line = self.game.record.line
        # Looked at again only when the moves or the marks change (a move played or taken back
        # changes the count or the last move): not a walk over the game in every frame.
        seen = (len(line), line[-1] if line else None)
        if self._marks_seen == (*seen, kept):
            return
        within = kept.within(line)
        self.game.review_marks = within
        self._marks_seen = (*seen, within)
        self.panel.set_marks({} if within is None else kept_move_marks(within))

    def move_cell(self, ply: int) -> UIButton:
        """The move list's button that shows the position after `ply` (for tests)."""
        assert self.panel is not None
        return next(cell.button for cell in self.panel.cells if cell.ply == ply)

    def close(self) -> None:
        """Keep what changed since the last frame, let the game's file go, then stop any search
        (the app closes the worker)."""
        self._kill_confirm()
        self.keep_game()
        self.game.close()
        if self.review_pane is not None:
            self.review_pane.close()
        self.review_standby.close()
        super().close()

    # --- explaining: the analysis board and "why this move?" -----------------------------------

    def open_analysis(
        self, explorer: bool = False, back: str = "Back from the analysis board"
    ) -> None:
        """Open the analysis board on the position shown (with `explorer`, its pane of the games
        played there); the game waits, untouched (a search under way is asked again when the
        board closes), its status line then saying `back` before what is true then."""
        game = self.game
        game.set_aside()
        game.deselect()
        self.drag = None
        self.menu.open = False
        moves = tuple(game.record.moves)
        human = game.config.human_side() if game.mode is Mode.HUMAN_VS_AI else None
        game.refresh_status()  # what the status line says when the board closes, not a stale line
        game.status = f"{back}. {game.status}"
        self.context.request(
            OpenAnalysis(
                game.record.start,
                moves,
                self.flipped,
                human,
                explorer=explorer,
                known=game.judgements,
                playing=self.keeper.kept_in(),
            )
        )

    def ask_why(self) -> None:
        """Show why the AI played the move that led to the position shown, or say why not."""
        game = self.game
        explanation, reason = game.shown_explanation()
        if explanation is None:
            # The status line says why there is no answer. Why? opens no other screen in its
            # place, nor moves the game (the walk of 2026-11-30: W in a review opened the
            # analysis board silently, and closing it landed a move earlier).
            game.status = reason + "."
            return
        if game.work_out_why():
            # An AI move played before the game was opened here (its search is not saved):
            # the AI's process scores its moves now, and the card opens when it comes
            # (`update`), the status line saying so meanwhile.
            return
        record = game.record
        pane = self.review_pane
        # A closed review's marked move (a resumed game's too) reads the review's row again
        # from the judgements it left (`kept_verdict`).
        verdict = pane.verdict(record.ply) if pane is not None else kept_verdict(game, record.ply)
        # In a review the card compares the moves as the review's row does (its best move, its
        # figures), and tells what the AI's own search saw apart; else its rows read the
        # game's kept judgements where they are deeper.
        judged = reviewed if verdict else rejudged
        explanation = judged(explanation, record.positions[-2], self._judgements_now())
        human = game.config.human_side() if game.mode is Mode.HUMAN_VS_AI else None
        mover = record.positions[-2].turn
        level = game.config.player(mover).level
        black_first = record.start.turn is BLACK
        card = why_card(
            explanation,
            mover,
            record.ply - 1,
            black_first,
            human,
            level=level,
            position=record.positions[-2],  # the small board starts before the move
            flipped=self.flipped,
        )
        if verdict:
            # In a review the card starts with the move's row, in the note's words and
            # figures: the AI's own search below is what it saw when it played.
            card = with_review(card, verdict)
        self.context.request(OpenWhy(card))

    def _judgements_now(self) -> Mapping[Position, Judgement]:
        """The game's kept judgements, with the engine's search under way of the position shown
        where its score so far stands over the one kept (`scored_search`: the panel's and the
        bar's score at this moment): Why? pressed while the engine still judges the position
        after an AI move reads that score, not the AI's shallower look (a forced move's card
        read "1 turn ahead" beside the panel's "thinking... 15 turns ahead")."""
        game = self.game
        progress, thinking = scored_search(game), game.thinking
        if progress is None or thinking is None or not progress.pv:
            return game.judgements
        line = tuple(move.pdn() for move in progress.pv)
        so_far = Judgement(progress.score, thinking.man, thinking.side, progress.depth, line=line)
        return ChainMap({game.position: so_far}, dict(game.judgements))

    # --- the game review (checkers.gui.game_view.review, its place review_place) -----------

    def start_review(self) -> None:
        """Review every move of the game (again); the game waits and is never changed."""
        self.placement.start()

    def stop_review(self, status: str = "") -> None:
        """Close the review, saying `status` before the game's status."""
        self.placement.stop(status)

    def review_action(self, name: str) -> None:
        """A review key: `previous` / `next` mistake, or the `better` line."""
        self.placement.action(name)

    def widgets_stale(self) -> bool:
        """Whether the widgets were built for another state (the next frame builds them)."""
        return self._state_key() != self._ui_state

    def status_moved(self) -> None:
        """The status line moved: its words are laid out again, shown in a frame soon."""
        self._status_shown = None
        self._widgets_changed = True
