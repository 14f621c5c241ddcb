"""A game's setup: who plays each side and how the AI plays; shared by the CLI and start screen.

Pure Python (no pygame), so the command line can build and check a configuration without a display.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from checkers.ai.levels import DEFAULT_LEVEL, Level, get_level
from checkers.board import BLACK, WHITE, Position, Side
from checkers.clock import TimeControl
from checkers.notation import depth_words

__all__ = [
    "HINT_LEVEL",
    "JUDGE_LEVEL",
    "GameConfig",
    "Mode",
    "PlayerConfig",
    "ai_name",
    "board_black_at_bottom",
    "check_level",
    "custom_level",
]

HINT_LEVEL = Level(
    "hint", "The engine's suggestion for the side to move", "engine", "engine", time=1.0
)
"""What the hint command asks: the engine, a second of thought."""

JUDGE_LEVEL = Level("judge", "The engine's score of a position", "engine", "engine", time=0.3)
"""What judges the board between the moves of AI levels whose own scores are not shown (an AI
vs AI game between weak levels), so the bar and the panel still have the engine's score."""


class Mode(enum.Enum):
    """Who sits at the board."""

    HUMAN_VS_AI = "human vs AI"
    AI_VS_AI = "AI vs AI"
    HUMAN_VS_HUMAN = "human vs human"

    @property
    def label(self) -> str:
        """The mode as the start screen names it (the value is what settings files store)."""
        return {"human vs AI": "You vs AI", "human vs human": "Two players"}.get(
            self.value, self.value
        )


@dataclass(frozen=True)
class PlayerConfig:
    """One side's player: a human, or an AI with its level (None for a human)."""

    level: Level | None = None

    @property
    def is_human(self) -> bool:
        """Whether moves come from the mouse."""
        return self.level is None

    def label(self) -> str:
        """`Human`, or `AI (strong: engine 2 s)`."""
        if self.level is None:
            return "Human"
        return f"AI ({self.level.name}: {self.level.summary()})"


def ai_name(level: Level) -> str:
    """An AI in the start screen's words: `AI (Novice)`, or a level set by hand by how far or
    how long it looks: `AI (6 turns ahead)`, `AI (2 s a move)`."""
    if level.name != "custom":
        return f"AI ({level.name.capitalize()})"
    if level.depth is not None:
        return f"AI ({depth_words(level.depth)})"
    return f"AI ({level.time:g} s a move)"


def custom_level(
    algorithm: str = "engine",
    evaluation: str | None = None,
    depth: int | None = None,
    time: float | None = None,
) -> Level:
    """A level built from explicit choices; the engine's own evaluation goes with the engine."""
    if evaluation is None:
        evaluation = "engine" if algorithm == "engine" else "seed"
    if depth is None and time is None:
        time = 2.0
    if depth is not None and time is not None:
        raise ValueError("give a depth or a time, not both")
    return Level(
        "custom", f"{algorithm}/{evaluation}", algorithm, evaluation, depth=depth, time=time
    )


def check_level(level: Level) -> None:
    """Raise ValueError (naming the choices) if the level's algorithm or evaluation is unknown."""
    from checkers.ai.registry import get_algorithm, get_evaluation

    get_algorithm(level.algorithm)
    get_evaluation(level.evaluation)


@dataclass(frozen=True)
class GameConfig:
    """A whole game's setup: both players, the start position, the AI pacing and the hint."""

    black: PlayerConfig = field(default_factory=PlayerConfig)
    white: PlayerConfig = field(default_factory=lambda: PlayerConfig(get_level(DEFAULT_LEVEL)))
    start: Position | None = None
    ai_delay: float = 0.5
    """Seconds between AI moves when two AIs play, so a person can follow."""
    hint: Level = HINT_LEVEL
    judge: Level = JUDGE_LEVEL
    """What judges positions between weak levels' moves (a quicker one in tests)."""
    seed: int = 0
    """Seeds the weak levels' slips, so a game can be replayed (tests); the start screen gives
    each game it starts a seed of its own."""
    clock: TimeControl | None = None
    """Each side's time for the game, or None for an untimed game (the default)."""

    def player(self, side: Side) -> PlayerConfig:
        """The player of `side`."""
        return self.black if side is BLACK else self.white

    @property
    def mode(self) -> Mode:
        """Human vs AI, AI vs AI or human vs human."""
        humans = self.black.is_human + self.white.is_human
        return (Mode.AI_VS_AI, Mode.HUMAN_VS_AI, Mode.HUMAN_VS_HUMAN)[humans]

    def human_side(self) -> Side | None:
        """The side the single human plays in human vs AI (None otherwise)."""
        if self.mode is not Mode.HUMAN_VS_AI:
            return None
        return BLACK if self.black.is_human else WHITE

    def black_at_bottom(self, flip: bool) -> bool:
        """Whether the game's board opens with Black at the bottom (`BoardGeometry.flipped`):
        against the AI your side, in AI vs AI Black (who moves first, as a first game against
        the AI shows it), between two players White as in printed diagrams; Settings' Board
        (`flip`) turns each."""
        return board_black_at_bottom(self.mode, self.human_side(), flip)

    def player_name(self, side: Side) -> str:
        """The player of `side` in the start screen's words, as the window names it everywhere
        (the panel, the saved games, the PDN's `Black`/`White` tags): `You` (against the AI),
        `Player` (two players), `AI (Novice)`, `AI (6 turns ahead)`, `AI (2 s a move)`."""
        player = self.player(side)
        if player.level is None:
            return "You" if self.mode is Mode.HUMAN_VS_AI else "Player"
        return ai_name(player.level)

    def check(self) -> None:
        """Raise ValueError if an AI player names an unknown algorithm or evaluation."""
        for side in (BLACK, WHITE):
            level = self.player(side).level
            if level is not None:
                check_level(level)


def board_black_at_bottom(mode: Mode, human: Side | None, flip: bool) -> bool:
    """`GameConfig.black_at_bottom` for a mode and the human's side: the start screen's
    preview of a game and the game itself turn the board alike."""
    bottom = human if human is not None else BLACK if mode is Mode.AI_VS_AI else WHITE
    return (bottom is BLACK) != flip
