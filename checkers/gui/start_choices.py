"""What the start screen lets the player choose, decided in pure code: the mode, the human's
colour and the AI's level, the clock, and for AI vs AI a level per colour (or a search, an
evaluation and a depth or time chosen by hand), the pause between moves and whether the
Advanced section is open. Kept between games and, through `Settings`, between runs.

Pure Python (no pygame): the start screen's widgets are rebuilt from these choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from checkers.ai.levels import LEVELS, Level, get_level
from checkers.board import BLACK, WHITE, Side
from checkers.clock import TimeControl
from checkers.gui.config import GameConfig, Mode, PlayerConfig, custom_level
from checkers.gui.settings import BY_HAND, FIRST_LEVEL, AISetup, Settings

__all__ = ["StartChoices", "ai_level", "by_hand"]


def ai_level(setup: AISetup) -> Level:
    """The level an AI vs AI setup plays: the named level, or one built from the choices."""
    if setup.level != BY_HAND:
        return get_level(setup.level)
    if setup.limit == "depth":
        return custom_level(setup.algorithm, setup.evaluation, depth=setup.depth)
    return custom_level(setup.algorithm, setup.evaluation, time=setup.time)


def by_hand(setup: AISetup, **changes: Any) -> AISetup:
    """`setup` with one of its Advanced choices changed: no longer a named level (a level's
    deliberate slips do not carry over), unless the changes are no change at all."""
    changed = replace(setup, **changes)
    return setup if changed == setup else replace(changed, level=BY_HAND)


@dataclass
class StartChoices:
    """Everything the start screen lets the player choose; kept between games."""

    mode: Mode = Mode.HUMAN_VS_AI
    human_side: Side = BLACK
    level: str = FIRST_LEVEL
    black_ai: AISetup = field(default_factory=AISetup)
    white_ai: AISetup = field(default_factory=AISetup)
    advanced: bool = False
    """Whether AI vs AI shows its Advanced section (search, evaluation, depth or time)."""
    delay: float = 0.5
    clock: TimeControl | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> StartChoices:
        """The choices remembered in the settings (mode, colour, levels, the AIs' setups)."""
        return cls(
            mode=Mode(settings.mode),
            human_side=WHITE if settings.human_colour == "white" else BLACK,
            level=settings.level,
            black_ai=settings.black_ai,
            white_ai=settings.white_ai,
            advanced=settings.ai_advanced,
            delay=settings.ai_delay,
        )

    def to_settings(self, settings: Settings) -> Settings:
        """`settings` with these choices."""
        return replace(
            settings,
            mode=self.mode.value,
            human_colour="white" if self.human_side is WHITE else "black",
            level=self.level,
            black_ai=self.black_ai,
            white_ai=self.white_ai,
            ai_advanced=self.advanced,
            ai_delay=self.delay,
        )

    def ai(self, side: Side) -> AISetup:
        """The AI vs AI setup of `side`."""
        return self.black_ai if side is BLACK else self.white_ai

    def set_ai(self, side: Side, setup: AISetup) -> None:
        """Set `side`'s AI in AI vs AI."""
        if side is BLACK:
            self.black_ai = setup
        else:
            self.white_ai = setup

    def config(self) -> GameConfig:
        """The game these choices set up."""
        if self.mode is Mode.HUMAN_VS_HUMAN:
            black, white = PlayerConfig(), PlayerConfig()
        elif self.mode is Mode.AI_VS_AI:
            black = PlayerConfig(ai_level(self.black_ai))
            white = PlayerConfig(ai_level(self.white_ai))
        else:
            level = next(level for level in LEVELS if level.name == self.level)
            ai = PlayerConfig(level)
            human = PlayerConfig()
            black, white = (human, ai) if self.human_side is BLACK else (ai, human)
        clock = self.clock if self.mode is not Mode.AI_VS_AI else None
        return GameConfig(black=black, white=white, ai_delay=self.delay, clock=clock)
