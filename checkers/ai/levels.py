"""Named AI strengths, from a beginner who slips to the full engine.

Pure Python. A `Level` is plain data (it crosses process boundaries); `AIPlayer.for_level` in
`checkers.ai.players` plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from checkers.ai.search import Limits

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "get_level"]


@dataclass(frozen=True)
class Level:
    """How an AI player searches: algorithm, evaluation, depth or time, and its deliberate flaws.

    `noise` is the largest random error added to each leaf score, in the evaluation's own units;
    `blunder` is the chance of playing a random legal move instead of the searched one.
    """

    name: str
    description: str
    algorithm: str
    evaluation: str
    depth: int | None = None
    time: float | None = None
    noise: float = 0.0
    blunder: float = 0.0
    spare_time: float | None = field(default=None, compare=False)
    """On a clock: seconds a move may add to `time` where the position is critical (`time` is
    then a target; see `checkers.clock.ai_move_budget`). Not part of the level's identity, so
    the same player plays on as it changes from move to move."""

    def __post_init__(self) -> None:
        if (self.depth is None) == (self.time is None):
            raise ValueError(f"level {self.name!r} needs a depth or a time, not both or neither")
        if not 0.0 <= self.blunder <= 1.0:
            raise ValueError(f"level {self.name!r}: blunder must be a probability")
        if self.noise < 0:
            raise ValueError(f"level {self.name!r}: noise cannot be negative")

    @property
    def limits(self) -> Limits:
        """The search limits of one move."""
        return Limits(depth=self.depth, time=self.time, spare_time=self.spare_time)

    def summary(self) -> str:
        """A few words for a status line: `alphabeta/seed depth 5`, `engine 2.0 s`."""
        how = f"depth {self.depth}" if self.depth is not None else f"{self.time:g} s"
        what = (
            self.algorithm
            if self.evaluation == self.algorithm
            else f"{self.algorithm}/{self.evaluation}"
        )
        return f"{what} {how}"

    def details(self) -> str:
        """How it plays, in a player's words, beyond its description: how far it looks or how
        long it thinks, what it judges positions by and its deliberate flaws (`Looks 2 turns
        ahead and judges positions by material alone; its judgement blurred, a random move 25%
        of the time`); no search's name, no engine jargon."""
        if self.depth is not None:
            # In the words of the level's row (`Looks two turns ahead`), never `2 turns`.
            turns = NUMBER_WORDS.get(self.depth, str(self.depth))
            how = f"Looks {turns} turn{'' if self.depth == 1 else 's'} ahead"
        else:
            how = f"Thinks {self.time:g} s a move"
        if self.algorithm == "engine":
            sentence = (
                f"{how} with the opening book, the endgame databases and a judgement of"
                " positions fitted to game results"
            )
        else:
            judging = JUDGING.get(self.evaluation, f"its {self.evaluation} evaluation")
            sentence = f"{how} and judges positions by {judging}"
        flaws = []
        if self.noise:
            flaws.append("its judgement blurred")
        if self.blunder:
            flaws.append(f"a random move {self.blunder:.0%} of the time")
        return f"{sentence}; {', '.join(flaws)}" if flaws else sentence


NUMBER_WORDS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
"""Small counts as the levels' descriptions write them."""

JUDGING = {
    "count": "material alone",
    "seed": "material, the centre and mobility",
}
"""What the source documents' evaluations weigh, in words."""


# Noise is in each evaluation's units: `count` values a man at 1, `seed` at 10.
LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        "Looks two turns ahead, misjudges, slips one move in four",
        "alphabeta",
        "count",
        depth=2,
        noise=1.0,
        blunder=0.25,
    ),
    Level(
        "novice",
        "Looks three turns ahead and now and then overlooks a move",
        "alphabeta",
        "seed",
        depth=3,
        noise=5.0,
        blunder=0.08,
    ),
    Level(
        "casual",
        "Looks five turns ahead and misses what lies deeper",
        "alphabeta",
        "seed",
        depth=5,
    ),
    Level("club", "Plays well, thinking half a second a move", "engine", "engine", time=0.5),
    Level("strong", "Plays strongly, thinking two seconds a move", "engine", "engine", time=2.0),
    Level("master", "Plays its best, thinking five seconds a move", "engine", "engine", time=5.0),
)

DEFAULT_LEVEL = "strong"
"""The default opponent: the engine at a time limit that keeps a game brisk."""


def get_level(name: str) -> Level:
    """The level called `name`; a ValueError names the valid choices otherwise."""
    for level in LEVELS:
        if level.name == name:
            return level
    choices = ", ".join(level.name for level in LEVELS)
    raise ValueError(f"unknown level {name!r}; choose one of: {choices}")
