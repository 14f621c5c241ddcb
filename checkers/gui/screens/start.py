"""The start screen: the mode, the human's colour and the AI's strength, or for AI vs AI a
level per colour (and in an Advanced section the search, judgement and depth or time); the same
choices as `checkers play` and `watch`, in a player's words.

Built from pygame_gui widgets (buttons, a drop-down per AI vs AI choice, tooltips on every
control); the keys of the old screen still work. The choices live in `StartChoices`
(checkers.gui.start_choices), never in the widgets, which are rebuilt whenever a choice changes
or the window is resized.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from checkers.ai.levels import LEVELS, Level
from checkers.board import BLACK, WHITE, Position, Side
from checkers.board_geometry import BoardGeometry
from checkers.clock import TIME_CONTROLS, TimeControl
from checkers.formats.puzzle_store import due_count
from checkers.gui import fonts, theme
from checkers.gui.aiworker import CORE_LOADING, CORE_UNKNOWN
from checkers.gui.aiworker import CORE_PREPARING as CORE_PREPARING_STATE
from checkers.gui.board_view.render import BoardView
from checkers.gui.cards import (
    BUTTON_TEXT,
    Card,
    CardButton,
    button_height,
    grid_unit,
    text_size,
)
from checkers.gui.config import GameConfig, Mode, board_black_at_bottom
from checkers.gui.context import ButtonScreen, ScreenContext
from checkers.gui.game_view.cards import build_help_card
from checkers.gui.intents import (
    LoadedGame,
    OpenDrills,
    OpenLoad,
    OpenPuzzles,
    OpenSettings,
    Quit,
    StartGame,
)
from checkers.gui.persist import loaded_config
from checkers.gui.settings import AI_DELAYS as DELAYS
from checkers.gui.settings import AI_DEPTHS as DEPTHS
from checkers.gui.settings import AI_TIMES as TIMES
from checkers.gui.settings import BY_HAND, AISetup
from checkers.gui.start_choices import StartChoices, ai_level, by_hand
from checkers.gui.ui import Actions, HoverTips, fit_label
from checkers.gui.widgets import full_width_list, key_label, run_key_binding
from checkers.gui.wording import (
    HAND_LABEL,
    ahead_words,
    ai_words,
    judging_words,
    search_words,
)

__all__ = ["MODES", "StartChoices", "StartScreen", "level_label"]

LIMITS = {"time": "Time a move", "depth": "Turns ahead"}
"""The Advanced section's two ways to limit an AI, as its list shows them."""

T = TypeVar("T")


CHOOSE = "Choose a mode and press Start (Enter)."
"""The start screen's status line until something else is to be said."""

HELP_KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("1", "2", "3"), "Mode: You vs AI, AI vs AI, Two players"),
    (("b", "w"), "You play Black (moves first) or White"),
    (("up", "down"), "AI strength: a level weaker or stronger"),
    (("c",), "Clock: the next time control"),
    (("a",), "AI vs AI: show or hide the Advanced choices (search, depth or time)"),
    (("return",), "Start the game chosen"),
    (("l", "ctrl+o"), "Saved games: resume or open a game you kept"),
    (("p",), "Puzzles: positions from your reviewed games to solve"),
    (("d",), "Drills: standard endings to win against the endgame databases"),
    (("s",), "Settings: theme, sound, board, evaluation bar, window size"),
    (("?", "f1", "h"), "Help: the rules and the keys (this card)"),
    (("escape",), "Quit (asks first)"),
    (("q", "ctrl+q"), "Quit at once (your games are kept)"),
)
"""The start screen's keys as its help card lists them (each one a binding of the screen)."""
HOW_TO_MOVE = ("Mouse", "Click a choice; in a game, click a piece, then the square it goes to")
"""How to play: the help card's first row."""
IN_A_GAME = ("In a game", "? or F1 lists the game's own keys: Undo, Hint, Analyse, Review...")
"""Where the game's keys are listed: the help card's last row."""
_KEY_WORDS = {"return": "Enter", "up": "Up", "down": "Down"}


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) as the start screen's help card lists them."""
    rows = [
        (" / ".join(_KEY_WORDS.get(key) or key_label(key) for key in keys), what)
        for keys, what in HELP_KEYS
    ]
    return [HOW_TO_MOVE, *rows, IN_A_GAME]


CORE_PREPARING = (
    "The engine is compiling its fast core (a first start); a game can start meanwhile."
)
CORE_LOADING_WORDS = "The engine is loading its fast core; a game can start meanwhile."
CORE_PATIENCE = 1.5
"""Seconds before the status line says the core is being compiled: a note that shows for a
moment only flickers."""
LOAD_PATIENCE = 5.0
"""Seconds before the status line says the core is being loaded from the cache: about one at
rest, a few on a busy machine, where a game starts meanwhile on the Python engine."""


def _registered(kind: str) -> list[str]:
    """The names in an AI registry, the engine's first (it is the default when registered)."""
    from checkers.ai import ALGORITHMS, EVALUATIONS

    names = sorted(ALGORITHMS if kind == "algorithm" else EVALUATIONS)
    return sorted(names, key=lambda name: name != "engine")


def _short_clock(clock: TimeControl) -> str:
    """`5 + 3`, `10 min`: a time control in a button's width (minutes + seconds a move)."""
    minutes = f"{clock.base / 60:g}"
    return f"{minutes} + {clock.increment:g}" if clock.increment else f"{minutes} min"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _named(names: Sequence[str], words: Callable[[str], str], text: str) -> str:
    """The registry name among `names` whose words are `text`."""
    return next(name for name in names if words(name) == text)


def _next(options: Sequence[T], current: T, step: int) -> T:
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


MODES = (
    (Mode.HUMAN_VS_AI, Mode.HUMAN_VS_AI.label, "1", "Play against the computer"),
    (Mode.AI_VS_AI, Mode.AI_VS_AI.label, "2", "Watch two AIs play each other"),
    (Mode.HUMAN_VS_HUMAN, Mode.HUMAN_VS_HUMAN.label, "3", "Two people take turns at this board"),
)


def level_label(level: Level) -> str:
    """A level as the chooser shows it: `Novice: looks three turns ahead...`."""
    return f"{level.name.capitalize()}: {level.description[0].lower()}{level.description[1:]}"


class StartScreen(ButtonScreen):
    """Buttons for every choice, Start / Saved games / Puzzles / Drills / Settings / Quit, and a
    status line."""

    def __init__(self, context: ScreenContext, choices: StartChoices) -> None:
        super().__init__(context)
        self.choices = choices
        self._status = CHOOSE
        self._core_note = ""  # what the status line adds about the engine's core
        self._core_waited = 0.0
        self.status_label: UILabel | None = None
        self.actions = Actions()
        self.tips = HoverTips(context.ui)
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name (`start`, `mode 2`, `level novice`, ...), for tests and keys."""
        self.menus: dict[str, UIDropDownMenu] = {}
        """AI vs AI's drop-downs by name (`black level`, `white search`, `delay`, ...)."""
        self.preview: BoardGeometry | None = None
        """Where AI vs AI's form shows the board as its game will open (None: no room)."""
        self.keymap: dict[str, Callable[[], None]] = {
            "1": lambda: self._set_mode(MODES[0][0]),
            "2": lambda: self._set_mode(MODES[1][0]),
            "3": lambda: self._set_mode(MODES[2][0]),
            "b": lambda: self._set_side(BLACK),
            "w": lambda: self._set_side(WHITE),
            "up": lambda: self._step_level(-1),
            "down": lambda: self._step_level(+1),
            "return": self.start,
            "enter": self.start,
            "c": self._step_clock,
            "a": self.toggle_advanced,
            "l": self.open_load_screen,
            "ctrl+o": self.open_load_screen,
            "s": self.open_settings,
            "p": self.open_puzzles,
            "d": self.open_drills,
            "?": self.toggle_help,
            "f1": self.toggle_help,
            "h": self.toggle_help,
            "escape": self.ask_quit,
            "q": self.quit,
            "ctrl+q": self.quit,
        }
        self.help_open = False
        """Whether the help card (the rules and this screen's keys) is up."""
        self.card: Card | None = None
        """The question "Quit checkers?" while it is asked (Esc asks; it never quits unasked:
        a few Escapes from a game's menu must not close the window)."""

    @property
    def status(self) -> str:
        """The line at the foot of the screen."""
        return self._status

    @status.setter
    def status(self, text: str) -> None:
        """Change the line, shown at once (e.g. the note that the last game was kept, set just
        after the screen appeared)."""
        if text != self._status:
            self._status = text
            self._changed()

    # --- choices -----------------------------------------------------------------------------

    def _changed(self) -> None:
        """Show the new choices (the widgets are rebuilt from them)."""
        if self.ui_root is not None:
            self.show_ui()

    def _set_mode(self, mode: Mode) -> None:
        self.choices.mode = mode
        self._changed()

    def _set_side(self, side: Side) -> None:
        self.choices.human_side = side
        self._changed()

    def _set_level(self, name: str) -> None:
        self.choices.level = name
        self._changed()

    def _step_clock(self, step: int = 1) -> None:
        self._set_clock(_next(TIME_CONTROLS, self.choices.clock, step))

    def _set_clock(self, clock: TimeControl | None) -> None:
        self.choices.clock = clock
        self._changed()

    def _step_level(self, step: int) -> None:
        names = [level.name for level in LEVELS]
        index = names.index(self.choices.level) if self.choices.level in names else 0
        self._set_level(names[max(0, min(len(names) - 1, index + step))])

    def _checked_config(self, refusal: str) -> GameConfig | None:
        """The chosen players, or None with `refusal: why` on the status line."""
        config = self.choices.config()
        try:
            config.check()
        except ValueError as error:
            self.status = f"{refusal}: {error}"
            return None
        return config

    def start(self) -> None:
        """Start the chosen game, or say on the status line why it cannot start."""
        config = self._checked_config("Cannot start")
        if config is not None:
            # A seed of its own for the weak levels' slips: with one seed for every game, two
            # games of the same levels played the same moves (walk 2026-11-30j).
            self.context.request(StartGame(replace(config, seed=secrets.randbelow(1 << 31))))

    def open_load_screen(self) -> None:
        """List the saved games; the one picked opens with the players chosen here."""
        self.context.request(OpenLoad())

    def open_settings(self) -> None:
        """Theme, sound and board settings."""
        self.context.request(OpenSettings())

    def open_puzzles(self) -> None:
        """Puzzles from the player's reviewed games (and from there the endgame drills)."""
        self.context.request(OpenPuzzles())

    def open_drills(self) -> None:
        """The endgame drills: standard endings against the databases."""
        self.context.request(OpenDrills())

    def quit(self) -> None:
        """Leave the game."""
        self.context.request(Quit())

    def ask_quit(self) -> None:
        """Ask on a card whether to close the window (Quit, or Cancel to stay)."""
        self.card = Card(
            "Quit checkers?",
            ["Your games are kept: Saved games resumes them."],
            [
                CardButton("quit", "Quit", "Close the window (Enter)", self.quit),
                CardButton("cancel", "Cancel", "Stay on the start screen (Esc)", self.close_card),
            ],
            cancel=self.close_card,
        )
        self._changed()

    def toggle_help(self) -> None:
        """Show the rules and the keys on a card, or take the card down."""
        self.help_open = not self.help_open
        self._changed()

    def close_card(self) -> None:
        """Take the question down."""
        if self.card is not None:
            self.card.kill()
            self.card = None

    def receive(self, result: object) -> None:
        """Open a game picked in the load screen (in review, at its end) with the players its
        file records, not the ones chosen here."""
        if not isinstance(result, LoadedGame):
            return
        config = self._checked_config(f"Cannot open {result.name}")
        if config is not None:
            config = loaded_config(result.tags, config)
            self.context.request(
                StartGame(
                    config,
                    result.record,
                    result.tags,
                    status=f"{result.name}: ",
                    review=result.review,
                    path=result.path,
                )
            )

    # --- events and time ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """The card's buttons and keys while it is up; otherwise a widget's event runs its
        action and a key runs its binding."""
        if self.card is not None and self.card.is_built():
            self.card.handle(event)
            return
        if self.actions.handle(event):
            return
        if event.type == pygame.KEYDOWN and self.help_open:
            # Over the card only its own keys: Esc, ?, F1 or H close it; Q still quits.
            closing = {name: self.toggle_help for name in ("escape", "?", "f1", "h")}
            run_key_binding({**closing, "q": self.quit, "ctrl+q": self.quit}, event)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def update(self, dt: float) -> None:
        """Tooltips of the drop-downs follow the mouse; the status line says when the engine's
        core is still being compiled (a first start) or cannot be had."""
        self.tips.update(dt)
        ai = self.context.ai
        if not ai.started:
            return
        core = ai.poll_core()
        self._core_waited += dt
        note = ""
        if core == CORE_PREPARING_STATE and self._core_waited >= CORE_PATIENCE:
            note = CORE_PREPARING
        elif core == CORE_LOADING and self._core_waited >= LOAD_PATIENCE:
            note = CORE_LOADING_WORDS
        elif core.startswith("Python"):
            note = "The engine runs without its compiled core here, so it is slower."
        if note != self._core_note and self._status.startswith(CHOOSE):
            self._core_note = note
            self.status = f"{CHOOSE} {note}" if note else CHOOSE

    def wake_in(self) -> float | None:
        """While the engine's core gets ready, a look twice a second to say when it is."""
        ai = self.context.ai
        return 0.5 if ai.started and ai.core in CORE_UNKNOWN else None

    def draw(self, surface: pygame.Surface) -> None:
        """The background, AI vs AI's preview board; the widgets draw themselves."""
        surface.fill(theme.BACKGROUND)
        if self.preview is not None:
            renderer = self.context.renderer
            numbers, renderer.show_numbers = renderer.show_numbers, False  # a small board
            try:
                renderer.board(surface, self.preview, BoardView(Position()))
            finally:
                renderer.show_numbers = numbers

    # --- widgets -----------------------------------------------------------------------------

    def _label(
        self, root: UIContainer, rect: pygame.Rect, text: str, object_id: str | None = None
    ) -> UILabel:
        return UILabel(rect, text, self.context.ui, container=root, object_id=object_id)

    def build_ui(self, root: UIContainer) -> None:
        """Lay out every control for the window's size."""
        self.actions.clear()
        self.tips = HoverTips(self.context.ui)
        self.widgets = {}
        self.menus = {}
        self.preview = None
        width, height = root.get_container().get_rect().size
        scale = self.context.scale
        unit = max(1, round(10 * scale))  # the layout's grid: 10 pixels in the reference window
        row = 4 * unit
        gap = unit
        column = pygame.Rect(0, 0, min(width - 4 * gap, 80 * unit), height)
        column.centerx = width // 2
        y = 2 * gap
        self._label(root, pygame.Rect(column.left, y, column.width, 7 * unit), "Checkers", "@title")
        y += 7 * unit
        self._label(
            root,
            pygame.Rect(column.left, y, column.width, 3 * unit),
            "English draughts: captures are compulsory, Black moves first",
            "@subtitle",
        )
        y += 5 * unit
        label_width = 14 * unit
        y = self._mode_row(root, column, y, row, gap, label_width)
        mode = self.choices.mode
        if mode is not Mode.AI_VS_AI:
            y = self._clock_row(root, column, y, row, gap, label_width)
        if mode is Mode.HUMAN_VS_AI:
            bottom = self._bottom_top(height, row, gap) - gap
            self._human_vs_ai(root, column, y + gap, row, gap, label_width, bottom)
        elif mode is Mode.AI_VS_AI:
            # Right under the Mode row, where Clock and You play stand in the other modes: the
            # form reads as one block from the top, not as two halves across an empty band.
            end = self._ai_vs_ai(root, column, y, row, gap)
            self._label(root, pygame.Rect(column.left, end, column.width, row), self._board_words())
            self._preview(column, end + row, self._bottom_top(height, row, gap) - 2 * gap)
        else:
            for line in ("Two people take turns at this board.", self._board_words()):
                self._label(root, pygame.Rect(column.left, y, column.width, row), line)
                y += row
        if mode is Mode.HUMAN_VS_HUMAN:
            # Its board as the game opens, under the form as in AI vs AI: the form centred
            # instead left an empty band between Mode and Clock (walk 2026-11-30i, 130 px).
            self._preview(column, y, self._bottom_top(height, row, gap) - 2 * gap)
        self._bottom_row(root, column, height, row, gap)
        if self.help_open:
            self._build_help(root, unit)
        if self.card is not None:
            self.card.build(self.context.ui, root, scale)

    def _board_words(self) -> str:
        """Which side the game's board shows at the bottom, as the game will open."""
        mode = self.choices.mode
        flip = self.context.settings.turns(mode)
        black = board_black_at_bottom(mode, None, flip)
        turned = " (Settings turns the board)" if flip else ""
        return f"{'Black' if black else 'White'} is at the bottom{turned}; F turns the board during the game."

    def _preview(self, column: pygame.Rect, top: int, bottom: int) -> None:
        """AI vs AI's board between `top` and `bottom`, turned as its game opens: the form's
        room under its rows, not an empty band (no board where it would be too small)."""
        cell = min(column.width, bottom - top) // 8
        if cell < 8:
            return
        mode = self.choices.mode
        flipped = board_black_at_bottom(mode, None, self.context.settings.turns(mode))
        left = column.centerx - 4 * cell
        self.preview = BoardGeometry(left, top + (bottom - top - 8 * cell) // 2, cell, flipped)

    def _build_help(self, root: UIContainer, unit: int) -> None:
        """The game screen's help card over the whole window, with this screen's keys; a click
        beside it or Close takes it down."""
        rect = root.get_container().get_rect()
        ui = self.context.ui
        cover = UIButton(rect, "", ui, container=root, starting_height=19, object_id="#shade")
        self.actions.pressed[cover] = self.toggle_help
        area = rect.inflate(-4 * unit, -4 * unit)
        height = button_height(self.context.scale)
        tip = "Back to the start screen (Esc, or a click beside the card)"
        close = build_help_card(ui, root, area, unit, height, help_rows(), tip)
        self.actions.pressed[close] = self.toggle_help
        self.widgets["help close"] = close

    def _clock_row(
        self, root: UIContainer, column: pygame.Rect, y: int, row: int, gap: int, label: int
    ) -> int:
        self._label(root, pygame.Rect(column.left, y, label, row), "Clock", "@heading")
        width = (column.width - label - gap * (len(TIME_CONTROLS) - 1)) // len(TIME_CONTROLS)
        for index, clock in enumerate(TIME_CONTROLS):
            text = "Untimed" if clock is None else _short_clock(clock)
            tip = (
                "No clocks: take as long as you like (C picks the next)"
                if clock is None
                else f"Each side has {clock.label()}; running out loses (C picks the next)"
            )
            self.button(
                root,
                f"clock {text}",
                pygame.Rect(column.left + label + index * (width + gap), y, width, row),
                text,
                tip,
                functools.partial(self._set_clock, clock),
                selected=clock == self.choices.clock,
            )
        return y + row + gap

    def _mode_row(
        self, root: UIContainer, column: pygame.Rect, y: int, row: int, gap: int, label: int
    ) -> int:
        self._label(root, pygame.Rect(column.left, y, label, row), "Mode", "@heading")
        width = (column.width - label - gap * 2) // 3
        for index, (mode, text, key, tip) in enumerate(MODES):
            self.button(
                root,
                f"mode {key}",
                pygame.Rect(column.left + label + index * (width + gap), y, width, row),
                text,
                f"{tip} (key {key})",
                functools.partial(self._set_mode, mode),
                selected=mode is self.choices.mode,
            )
        return y + row + gap

    def _human_vs_ai(
        self,
        root: UIContainer,
        column: pygame.Rect,
        y: int,
        row: int,
        gap: int,
        label: int,
        bottom: int,
    ) -> None:
        """Your colour, then a row a level down to `bottom` (the rows are lower in a small
        window, so the last never runs into the Start row)."""
        self._label(root, pygame.Rect(column.left, y, label, row), "You play", "@heading")
        width = (column.width - label - gap) // 2
        for index, (side, text, tip) in enumerate(
            (
                (BLACK, "Black (moves first)", "You play Black and move first (key B)"),
                (WHITE, "White", "You play White; the AI opens the game (key W)"),
            )
        ):
            self.button(
                root,
                f"side {side.name.lower()}",
                pygame.Rect(column.left + label + index * (width + gap), y, width, row),
                text,
                tip,
                functools.partial(self._set_side, side),
                selected=side is self.choices.human_side,
            )
        y += row + 2 * gap
        self._label(
            root,
            pygame.Rect(column.left, y, column.width, row),
            "AI strength  (Up / Down)",
            "@heading",
        )
        y += row
        # One button a level, weakest first: every level's description is in view at once.
        step = gap // 2
        room = (bottom - y + step) // len(LEVELS) - step
        level_row = min(max(row - gap // 2, int(row * 0.85)), room)
        for level in LEVELS:
            self.button(
                root,
                f"level {level.name}",
                pygame.Rect(column.left, y, column.width, level_row),
                level_label(level),
                level.details(),
                functools.partial(self._set_level, level.name),
                selected=level.name == self.choices.level,
                object_id="@level",
            )
            y += level_row + gap // 2

    def _drop_down(
        self,
        root: UIContainer,
        name: str,
        rect: pygame.Rect,
        options: Sequence[str],
        current: str,
        tip: str,
        choose: Callable[[str], None],
    ) -> UIDropDownMenu:
        menu = full_width_list(
            UIDropDownMenu(
                list[str | tuple[str, str]](options), current, rect, self.context.ui, container=root
            )
        )
        self.actions.chosen[menu] = choose
        self.tips.add(menu, tip)
        self.menus[name] = menu
        return menu

    def _set_ai(self, side: Side, setup: AISetup) -> None:
        self.choices.set_ai(side, setup)
        self._changed()

    def _choose_level(self, side: Side, text: str) -> None:
        """A level picked from `side`'s list (its name as shown); `Set by hand` keeps the
        choices of the Advanced section."""
        name = text.lower()
        if any(level.name == name for level in LEVELS):
            self._set_ai(side, AISetup.of_level(name))

    def _choose_by_hand(self, side: Side, **changes: object) -> None:
        self._set_ai(side, by_hand(self.choices.ai(side), **changes))

    def toggle_advanced(self) -> None:
        """Show or hide each AI's search, evaluation and depth or time (AI vs AI only)."""
        if self.choices.mode is Mode.AI_VS_AI:
            self.choices.advanced = not self.choices.advanced
            self._changed()

    def _ai_vs_ai(self, root: UIContainer, column: pygame.Rect, y: int, row: int, gap: int) -> int:
        """Per colour a level and what it does in words, and in the Advanced section its
        search, judgement and depth or time; under them the pause between moves and the
        Advanced switch; returns the y under them."""
        half = (column.width - 2 * gap) // 2
        label = max(12 * gap, half // 3)
        sides = ((BLACK, column.left), (WHITE, column.left + half + 2 * gap))
        for side, left in sides:
            setup = self.choices.ai(side)
            name = side.name.capitalize()
            self._label(root, pygame.Rect(left, y, label, row), f"{name}'s AI", "@heading")
            names = [level.name.capitalize() for level in LEVELS]
            by_hand = setup.level == BY_HAND
            self._drop_down(
                root,
                f"{side.name.lower()} level",
                pygame.Rect(left + label, y, half - label, row),
                names + ([HAND_LABEL] if by_hand else []),
                HAND_LABEL if by_hand else setup.level.capitalize(),
                f"How strong {name}'s AI plays, from a beginner who slips to the full engine"
                + ("" if by_hand else f": {ai_level(setup).details()}"),
                functools.partial(self._choose_level, side),
            )
        # What each AI does in words, a line each across the column: a level's description
        # is longer than half the column of a small window.
        line = y + row + gap // 2
        for side, _ in sides:
            about = self._label(
                root, pygame.Rect(column.left, line, column.width, 3 * gap), "", "@dim"
            )
            words = ai_words(ai_level(self.choices.ai(side)))
            about.set_text(
                fit_label(about, f"{side.name.capitalize()}: {words[0].lower()}{words[1:]}")
            )
            line += 3 * gap
        bottom = line + gap
        if self.choices.advanced:
            for side, left in sides:
                end = self._advanced(
                    root, side, pygame.Rect(left, line + gap, half, row), label, gap
                )
            bottom = end + gap

        def set_delay(text: str) -> None:
            self.choices.delay = float(text.split()[0])
            self._changed()

        self._label(root, pygame.Rect(column.left, bottom, label, row), "Delay", "@dim")
        self._drop_down(
            root,
            "delay",
            pygame.Rect(column.left + label, bottom, half - label, row),
            [f"{delay:g} s between moves" for delay in DELAYS],
            f"{self.choices.delay:g} s between moves",
            "The pause between the AIs' moves, so you can follow the game",
            set_delay,
        )
        self.button(
            root,
            "advanced",
            pygame.Rect(column.left + half + 2 * gap, bottom, half, row),
            "Hide advanced" if self.choices.advanced else "Advanced",
            "Each AI's search, what it judges positions by and how far it looks (A)",
            self.toggle_advanced,
            selected=self.choices.advanced,
        )
        return bottom + row + gap

    def _advanced(
        self, root: UIContainer, side: Side, rect: pygame.Rect, label: int, gap: int
    ) -> int:
        """`side`'s search, judgement, limit and depth or time, one row each from `rect`'s
        top (its width and a row's height); the y under the last row."""
        setup = self.choices.ai(side)
        name = side.name.capitalize()
        key = side.name.lower()
        searches = _registered("algorithm")
        evaluations = _registered("evaluation")
        by_depth = setup.limit == "depth"

        def judging(evaluation: str) -> str:
            return _capital(judging_words(evaluation))

        amounts = [ahead_words(d).capitalize() for d in DEPTHS] if by_depth else None
        times = [f"{seconds:g} s a move" for seconds in TIMES]

        def choose_amount(text: str) -> None:
            if by_depth:
                self._choose_by_hand(side, depth=int(text.split()[1]))
            else:
                self._choose_by_hand(side, time=float(text.split()[0]))

        rows = (
            (
                "search",
                "Search",
                [search_words(search) for search in searches],
                search_words(setup.algorithm),
                f"How {name}'s AI searches the turns ahead: the engine is the strongest",
                lambda text: self._choose_by_hand(
                    side, algorithm=_named(searches, search_words, text)
                ),
            ),
            (
                "judging",
                "Judges by",
                [judging(evaluation) for evaluation in evaluations],
                judging(setup.evaluation),
                f"What {name}'s AI judges a position by when it looks no further",
                lambda text: self._choose_by_hand(
                    side, evaluation=_named(evaluations, judging, text)
                ),
            ),
            (
                "limit",
                "Limit",
                list(LIMITS.values()),
                LIMITS[setup.limit],
                f"Does {name}'s AI think for a set time, or look a set number of turns ahead?",
                lambda text: self._choose_by_hand(
                    side, limit=next(k for k, v in LIMITS.items() if v == text)
                ),
            ),
            (
                "amount",
                "How far" if by_depth else "How long",
                amounts if amounts is not None else times,
                ahead_words(setup.depth).capitalize() if by_depth else f"{setup.time:g} s a move",
                f"How many turns ahead {name}'s AI looks (a turn is one side's move)"
                if by_depth
                else f"How long {name}'s AI thinks about each move",
                choose_amount,
            ),
        )
        y = rect.top
        for part, title, options, current, tip, choose in rows:
            self._label(root, pygame.Rect(rect.left, y, label, rect.height), title, "@dim")
            self._drop_down(
                root,
                f"{key} {part}",
                pygame.Rect(rect.left + label, y, rect.width - label, rect.height),
                options,
                current,
                tip,
                choose,
            )
            y += rect.height + gap
        return y

    @staticmethod
    def _bottom_top(height: int, row: int, gap: int) -> int:
        """The top of the Start / Saved games / Puzzles / Drills / Settings / Quit row (the status
        line under it)."""
        return height - 2 * gap - row - int(row * 1.3)

    def _bottom_row(
        self, root: UIContainer, column: pygame.Rect, height: int, row: int, gap: int
    ) -> None:
        status_height = row
        tall = int(row * 1.3)
        top = self._bottom_top(height, row, gap)
        due, held = due_count()
        puzzles = f"Puzzles: {due} due" if due else "Puzzles"
        puzzles_tip = f"Positions from your reviewed games to solve: {due} of {held} due now (P)"
        buttons = (
            ("start", "Start", "Start the game chosen above (Enter)", self.start, 2.0),
            (
                "load",
                "Saved games",
                "Your kept games, finished or not: resume or open one (L or Ctrl+O)",
                self.open_load_screen,
                1.8,
            ),
            ("puzzles", puzzles, puzzles_tip, self.open_puzzles, 1.7 if due else 1.3),
            (
                "drills",
                "Drills",
                "Standard endings to win against the endgame databases (D)",
                self.open_drills,
                1.3,
            ),
            (
                "settings",
                "Settings",
                "Theme, sound, board and window size (S)",
                self.open_settings,
                1.3,
            ),
            ("help", "Help", "The rules and the keys (? or F1 or H)", self.toggle_help, 1.0),
            ("quit", "Quit", "Close the window (Q or Ctrl+Q)", self.quit, 1.0),
        )
        total = sum(weight for *_, weight in buttons)
        room = column.width - gap * 2 * (len(buttons) - 1)
        # Each button first as wide as its words need, the room left shared by the weights
        # (Start the widest); in a window too small for that, by the weights alone.
        font = fonts.font(text_size(BUTTON_TEXT, self.context.scale))
        needs = [font.size(text)[0] + 3 * grid_unit(self.context.scale) for _, text, *_ in buttons]
        spare = room - sum(needs)
        if spare < 0:
            needs, spare = [0] * len(buttons), room
        x = column.left
        for (name, text, tip, action, weight), need in zip(buttons, needs):
            width = need + int(spare * weight / total)
            self.button(
                root,
                name,
                pygame.Rect(x, top, width, tall),
                text,
                tip,
                action,
                object_id="@primary" if name == "start" else None,
            )
            x += width + 2 * gap
        error = self.status.startswith(("Cannot", "Error"))
        self.status_label = self._label(
            root,
            pygame.Rect(
                0,
                height - gap - status_height,
                root.get_container().get_rect().width,
                status_height,
            ),
            self.status,
            "@error" if error else "@status",
        )
