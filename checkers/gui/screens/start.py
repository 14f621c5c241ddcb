"""The start screen: the mode, the human's colour and the AI's strength, or for AI vs AI a depth
or time, algorithm and evaluation per colour; the same choices as `checkers play` and `watch`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import pygame

from checkers.ai.levels import DEFAULT_LEVEL, LEVELS, Level
from checkers.board import BLACK, WHITE, Side
from checkers.clock import TIME_CONTROLS, TimeControl
from checkers.gui import theme
from checkers.gui.config import GameConfig, Mode, PlayerConfig, custom_level
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.widgets import Button, button_at, draw_buttons, run_key_binding
from checkers.record import GameRecord

if TYPE_CHECKING:
    from checkers.gui.app import App

__all__ = ["DEPTHS", "TIMES", "AIChoice", "StartChoices", "StartScreen"]

DEPTHS = tuple(range(1, 13))
TIMES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
DELAYS = (0.0, 0.25, 0.5, 1.0, 2.0)

T = TypeVar("T")


def _registered(kind: str) -> list[str]:
    """The names in an AI registry, the engine's first (it is the default when registered)."""
    from checkers.ai import ALGORITHMS, EVALUATIONS

    names = sorted(ALGORITHMS if kind == "algorithm" else EVALUATIONS)
    return sorted(names, key=lambda name: name != "engine")


def _next(options: Sequence[T], current: T, step: int) -> T:
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


@dataclass
class AIChoice:
    """One AI's settings in AI vs AI."""

    limit: str = "time"
    depth: int = 6
    time: float = 1.0
    algorithm: str = field(default_factory=lambda: _registered("algorithm")[0])
    evaluation: str = field(default_factory=lambda: _registered("evaluation")[0])

    def level(self) -> Level:
        """The level these settings describe."""
        return custom_level(
            self.algorithm,
            self.evaluation,
            depth=self.depth if self.limit == "depth" else None,
            time=self.time if self.limit == "time" else None,
        )


@dataclass
class StartChoices:
    """Everything the start screen lets the player choose; kept between games."""

    mode: Mode = Mode.HUMAN_VS_AI
    human_side: Side = BLACK
    level: str = DEFAULT_LEVEL
    black_ai: AIChoice = field(default_factory=AIChoice)
    white_ai: AIChoice = field(default_factory=AIChoice)
    delay: float = 0.5
    clock: TimeControl | None = None

    def config(self) -> GameConfig:
        """The game these choices set up."""
        if self.mode is Mode.HUMAN_VS_HUMAN:
            black, white = PlayerConfig(), PlayerConfig()
        elif self.mode is Mode.AI_VS_AI:
            black, white = PlayerConfig(self.black_ai.level()), PlayerConfig(self.white_ai.level())
        else:
            level = next(level for level in LEVELS if level.name == self.level)
            ai = PlayerConfig(level)
            human = PlayerConfig()
            black, white = (human, ai) if self.human_side is BLACK else (ai, human)
        clock = self.clock if self.mode is not Mode.AI_VS_AI else None
        return GameConfig(black=black, white=white, ai_delay=self.delay, clock=clock)


class StartScreen:
    """Buttons for every choice, a Start button, and a status line for what went wrong."""

    def __init__(self, app: App, choices: StartChoices) -> None:
        self.app = app
        self.choices = choices
        self.status = "Choose a mode and press Start (Enter)."
        self.buttons: list[Button] = []
        self.handlers: dict[int, Callable[[pygame.event.Event], None]] = {
            pygame.MOUSEBUTTONDOWN: self._mouse_down,
            pygame.KEYDOWN: self._key_down,
        }
        modes = (Mode.HUMAN_VS_AI, Mode.AI_VS_AI, Mode.HUMAN_VS_HUMAN)
        self.keymap: dict[str, Callable[[], None]] = {
            "1": lambda: self._set_mode(modes[0]),
            "2": lambda: self._set_mode(modes[1]),
            "3": lambda: self._set_mode(modes[2]),
            "b": lambda: self._set_side(BLACK),
            "w": lambda: self._set_side(WHITE),
            "up": lambda: self._step_level(-1),
            "down": lambda: self._step_level(+1),
            "return": self.start,
            "enter": self.start,
            "c": self._step_clock,
            "l": self.open_load_screen,
            "ctrl+o": self.open_load_screen,
            "escape": self.app.quit,
            "q": self.app.quit,
        }

    # --- choices -----------------------------------------------------------------------------

    def _set_mode(self, mode: Mode) -> None:
        self.choices.mode = mode

    def _set_side(self, side: Side) -> None:
        self.choices.human_side = side

    def _set_level(self, name: str) -> None:
        self.choices.level = name

    def _step_clock(self, step: int = 1) -> None:
        self.choices.clock = _next(TIME_CONTROLS, self.choices.clock, step)

    def _step_level(self, step: int) -> None:
        names = [level.name for level in LEVELS]
        index = names.index(self.choices.level) if self.choices.level in names else 0
        self.choices.level = names[max(0, min(len(names) - 1, index + step))]

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
            self.app.start_game(config)

    def open_load_screen(self) -> None:
        """List the saved games; the one picked opens with the players chosen here."""
        self.app.push(LoadScreen(self.app, self.open_saved))

    def open_saved(self, record: GameRecord, tags: dict[str, str], name: str) -> None:
        """Open a saved game (in review, at its end) with the players chosen here."""
        config = self._checked_config(f"Cannot open {name}")
        if config is None:
            return
        self.app.start_game(config, record=record, tags=tags)
        screen = self.app.screen
        if isinstance(screen, GameScreen):
            screen.game.status = f"{name}: " + screen.game.status

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Dispatch an event through the handler table."""
        handler = self.handlers.get(event.type)
        if handler is not None:
            handler(event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None:
                button.action()

    def _key_down(self, event: pygame.event.Event) -> None:
        run_key_binding(self.keymap, event)

    def update(self, dt: float) -> None:
        """Nothing moves on this screen."""

    def close(self) -> None:
        """Nothing to stop."""

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Lay out and draw every choice for the window's size."""
        text = self.app.renderer.text
        width, height = surface.get_size()
        font = max(12, min(24, height // 34, width // 40))
        gap = max(6, font // 2)
        row = int(font * 2.0)
        column = pygame.Rect(0, 0, min(width - 2 * gap, font * 40), height)
        column.centerx = width // 2
        surface.fill(theme.BACKGROUND)
        self.buttons = []
        y = gap * 2
        text.draw(surface, "Checkers", font * 3, theme.TEXT_ACCENT, (column.centerx, y), "midtop")
        y += font * 3
        text.draw(
            surface,
            "English draughts: captures are compulsory, Black moves first",
            font,
            theme.TEXT_DIM,
            (column.centerx, y),
            "midtop",
        )
        y += font * 2

        modes = (
            (Mode.HUMAN_VS_AI, "1  You vs AI"),
            (Mode.AI_VS_AI, "2  AI vs AI"),
            (Mode.HUMAN_VS_HUMAN, "3  Two players"),
        )
        y = self._segmented(
            surface,
            column,
            y,
            row,
            gap,
            "Mode",
            [
                (label, mode is self.choices.mode, functools.partial(self._set_mode, mode))
                for mode, label in modes
            ],
            font,
        )
        y += gap
        mode = self.choices.mode
        if mode is not Mode.AI_VS_AI:
            clock = self.choices.clock
            label = "Untimed" if clock is None else clock.label()
            y = self._cycle(
                surface, column.left, column.width, y, row, gap, "Clock (C)", label,
                self._step_clock, font,
            )  # fmt: skip
        if mode is Mode.HUMAN_VS_AI:
            y = self._human_vs_ai(surface, column, y, row, gap, font)
        elif mode is Mode.AI_VS_AI:
            y = self._ai_vs_ai(surface, column, y, row, gap, font)
        else:
            for line in (
                "Two people take turns at this board.",
                "White is at the bottom; F flips the board during the game.",
            ):
                text.draw(surface, line, font, theme.TEXT, (column.left, y))
                y += int(font * 1.5)

        start = pygame.Rect(0, 0, font * 12, int(row * 1.3))
        start.midbottom = (column.centerx - font * 6, height - gap * 2 - int(font * 1.6))
        load = pygame.Rect(0, 0, font * 8, int(row * 1.3))
        load.midleft = (start.right + gap * 2, start.centery)
        quit_button = pygame.Rect(0, 0, font * 6, int(row * 1.3))
        quit_button.midleft = (load.right + gap * 2, start.centery)
        self.buttons.append(Button("Start  (Enter)", start, self.start, active=True))
        self.buttons.append(Button("Load  (L)", load, self.open_load_screen))
        self.buttons.append(Button("Quit", quit_button, self.app.quit))
        draw_buttons(surface, text, self.buttons, font)
        colour = theme.ERROR_TEXT if self.status.startswith(("Cannot", "Error")) else theme.TEXT_DIM
        text.draw(
            surface,
            text.fit(self.status, font, width - 2 * gap),
            font,
            colour,
            (width // 2, height - gap),
            "midbottom",
        )

    def _segmented(
        self,
        surface: pygame.Surface,
        column: pygame.Rect,
        y: int,
        row: int,
        gap: int,
        label: str,
        options: list[tuple[str, bool, Callable[[], None]]],
        font: int,
    ) -> int:
        """A label and a row of mutually exclusive buttons; returns the next y."""
        text = self.app.renderer.text
        label_width = font * 9
        text.draw(surface, label, font, theme.TEXT, (column.left, y + row // 2), "midleft")
        width = (column.width - label_width - gap * (len(options) - 1)) // len(options)
        for index, (name, active, action) in enumerate(options):
            rect = pygame.Rect(column.left + label_width + index * (width + gap), y, width, row)
            self.buttons.append(Button(name, rect, action, active=active))
        return y + row + gap

    def _cycle(
        self,
        surface: pygame.Surface,
        left: int,
        width: int,
        y: int,
        row: int,
        gap: int,
        label: str,
        value: str,
        step: Callable[[int], None],
        font: int,
    ) -> int:
        """`label  [<] value [>]`: arrows step through the options; returns the next y."""
        text = self.app.renderer.text
        text.draw(surface, label, font, theme.TEXT_DIM, (left, y + row // 2), "midleft")
        arrow = row
        value_left = left + font * 6
        value_width = width - font * 6 - 2 * (arrow + gap)
        self.buttons.append(Button("<", pygame.Rect(value_left, y, arrow, row), lambda: step(-1)))
        self.buttons.append(
            Button(
                value, pygame.Rect(value_left + arrow + gap, y, value_width, row), lambda: step(+1)
            )
        )
        self.buttons.append(
            Button(
                ">",
                pygame.Rect(value_left + arrow + 2 * gap + value_width, y, arrow, row),
                lambda: step(+1),
            )
        )
        return y + row + gap

    def _human_vs_ai(
        self, surface: pygame.Surface, column: pygame.Rect, y: int, row: int, gap: int, font: int
    ) -> int:
        text = self.app.renderer.text
        side = self.choices.human_side
        y = self._segmented(
            surface,
            column,
            y,
            row,
            gap,
            "You play",
            [
                ("Black (moves first)", side is BLACK, lambda: self._set_side(BLACK)),
                ("White", side is WHITE, lambda: self._set_side(WHITE)),
            ],
            font,
        )
        y += gap
        text.draw(surface, "AI strength  (Up / Down)", font, theme.TEXT, (column.left, y))
        y += int(font * 1.5)
        tall = int(font * 2.6)
        half = (column.width - gap) // 2
        for index, level in enumerate(LEVELS):
            col, line = index % 2, index // 2
            rect = pygame.Rect(
                column.left + col * (half + gap), y + line * (tall + gap), half, tall
            )
            self.buttons.append(
                Button(
                    f"{level.name.capitalize()}  ({level.summary()})",
                    rect,
                    functools.partial(self._set_level, level.name),
                    active=level.name == self.choices.level,
                    detail=level.description,
                )
            )
        return y + -(-len(LEVELS) // 2) * (tall + gap)

    def _ai_vs_ai(
        self, surface: pygame.Surface, column: pygame.Rect, y: int, row: int, gap: int, font: int
    ) -> int:
        text = self.app.renderer.text
        half = (column.width - 2 * gap) // 2
        bottom = y
        algorithms, evaluations = _registered("algorithm"), _registered("evaluation")
        for index, (name, choice) in enumerate(
            (("Black", self.choices.black_ai), ("White", self.choices.white_ai))
        ):
            left = column.left + index * (half + 2 * gap)
            line = y
            text.draw(surface, f"{name}'s AI", font, theme.TEXT, (left, line))
            line += int(font * 1.5)

            def set_limit(step: int, c: AIChoice = choice) -> None:
                c.limit = _next(("depth", "time"), c.limit, step)

            def set_amount(step: int, c: AIChoice = choice) -> None:
                if c.limit == "depth":
                    c.depth = DEPTHS[max(0, min(len(DEPTHS) - 1, DEPTHS.index(c.depth) + step))]
                else:
                    c.time = TIMES[max(0, min(len(TIMES) - 1, TIMES.index(c.time) + step))]

            def set_algorithm(step: int, c: AIChoice = choice) -> None:
                c.algorithm = _next(algorithms, c.algorithm, step)

            def set_evaluation(step: int, c: AIChoice = choice) -> None:
                c.evaluation = _next(evaluations, c.evaluation, step)

            amount = f"{choice.depth} plies" if choice.limit == "depth" else f"{choice.time:g} s"
            line = self._cycle(
                surface, left, half, line, row, gap, "Limit", choice.limit, set_limit, font
            )
            line = self._cycle(
                surface,
                left,
                half,
                line,
                row,
                gap,
                choice.limit.capitalize(),
                amount,
                set_amount,
                font,
            )
            line = self._cycle(
                surface,
                left,
                half,
                line,
                row,
                gap,
                "Algorithm",
                choice.algorithm,
                set_algorithm,
                font,
            )
            line = self._cycle(
                surface,
                left,
                half,
                line,
                row,
                gap,
                "Evaluation",
                choice.evaluation,
                set_evaluation,
                font,
            )
            bottom = max(bottom, line)

        def set_delay(step: int) -> None:
            index = DELAYS.index(self.choices.delay) if self.choices.delay in DELAYS else 2
            self.choices.delay = DELAYS[max(0, min(len(DELAYS) - 1, index + step))]

        return self._cycle(
            surface,
            column.left,
            half,
            bottom + gap,
            row,
            gap,
            "Delay",
            f"{self.choices.delay:g} s between moves",
            set_delay,
            font,
        )
