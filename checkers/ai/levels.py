"""Named AI strengths, from a beginner who slips to the full engine, and the move choice they make.

Pure Python. A `Level` is plain data (it crosses process boundaries); `choose_move` is a pure
function of the position, the level, the game so far and a seed, so a replayed game replays the
same mistakes.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.ai.classic import GameSearch, search
from checkers.ai.evaluation import Evaluation, get_evaluation
from checkers.ai.search import Limits, ProgressCallback, SearchResult, StopSignal
from checkers.board import Position, Side

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Level",
    "SideSearches",
    "choose_move",
    "game_search",
    "get_level",
]


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
        return Limits(depth=self.depth, time=self.time)

    def summary(self) -> str:
        """A few words for a status line: `alphabeta/seed depth 5`, `engine 2.0 s`."""
        how = f"depth {self.depth}" if self.depth is not None else f"{self.time:g} s"
        what = (
            self.algorithm
            if self.evaluation == self.algorithm
            else f"{self.algorithm}/{self.evaluation}"
        )
        return f"{what} {how}"


# Noise is in each evaluation's units: `count` values a man at 1, `seed` at 10.
LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        "Looks two moves ahead, misjudges, slips one move in four",
        "alphabeta",
        "count",
        depth=2,
        noise=1.0,
        blunder=0.25,
    ),
    Level(
        "novice",
        "Looks three moves ahead and now and then overlooks a move",
        "alphabeta",
        "seed",
        depth=3,
        noise=5.0,
        blunder=0.08,
    ),
    Level("casual", "A steady five-ply alpha-beta search", "alphabeta", "seed", depth=5),
    Level("club", "The engine, half a second a move", "engine", "engine", time=0.5),
    Level("strong", "The engine, two seconds a move", "engine", "engine", time=2.0),
    Level("master", "The full engine, five seconds a move", "engine", "engine", time=5.0),
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


def _noisy(evaluation: Evaluation, amplitude: float, seed: int) -> Evaluation:
    """`evaluation` plus an error in [-amplitude, amplitude] fixed per (position, seed)."""

    def evaluate(position: Position, side: Side) -> float:
        # A hash of the position, not a running generator: the same leaf always gets the same
        # error, so the search stays consistent and a replay is identical.
        key = zlib.crc32(f"{seed}:{position.fen()}".encode())
        return evaluation(position, side) + amplitude * (key / 0xFFFFFFFF * 2.0 - 1.0)

    return evaluate


def game_search(level: Level) -> GameSearch:
    """The level's AI for a whole game, to pass to `choose_move` for each of its moves."""
    return GameSearch(level.algorithm, level.evaluation)


class SideSearches:
    """Each side's AI for the game being played, kept from move to move (the engine keeps its
    table), made afresh for a new level and for another game: one whose history does not go
    on from the side's last move (a new game, a loaded or set-up one, moves taken back), so
    nothing learnt in a line the game left behind steers its moves."""

    def __init__(self) -> None:
        self._games: dict[Side, tuple[Level, GameSearch, list[Position]]] = {}

    def __call__(self, side: Side, level: Level, history: Sequence[Position]) -> GameSearch:
        """The side's AI for its move after `history` (the game's positions so far)."""
        kept = self._games.get(side)
        history = list(history)
        if kept is None or kept[0] != level or history[: len(kept[2])] != kept[2]:
            game = game_search(level)
        else:
            game = kept[1]
        self._games[side] = (level, game, history)
        return game


def choose_move(
    position: Position,
    level: Level,
    *,
    seed: int = 0,
    history: Sequence[Position] | None = None,
    no_progress_plies: int = 0,
    on_progress: ProgressCallback | None = None,
    stop: StopSignal | None = None,
    game: GameSearch | None = None,
) -> tuple[SearchResult, str]:
    """The level's move and a note for the player ('' or why it is not the searched move).

    Deterministic for the same inputs: the random choices are seeded by `seed`, the position
    and the ply, so two runs of the same game make the same slips. `game`, from
    `game_search(level)` and kept for the game, lets the engine keep its table between moves.
    """
    ply = len(history) if history is not None else 0
    rng = random.Random(f"{seed}:{ply}:{position.fen()}")
    if level.noise > 0:  # a noisy evaluation is made per move: nothing to keep for the game
        noisy = _noisy(get_evaluation(level.evaluation), level.noise, rng.randrange(1 << 30))
        result = search(
            position,
            level.limits,
            algorithm=level.algorithm,
            evaluation=noisy,
            on_progress=on_progress,
            stop=stop,
            history=history,
            no_progress_plies=no_progress_plies,
        )
    else:
        if game is None:
            game = game_search(level)
        elif (game.algorithm, game.evaluation) != (level.algorithm, level.evaluation):
            raise ValueError(
                f"this game's AI is {game.algorithm}/{game.evaluation}, not level {level.name!r}"
            )
        result = game(
            position,
            level.limits,
            on_progress=on_progress,
            stop=stop,
            history=history,
            no_progress_plies=no_progress_plies,
        )
    legal = position.legal_moves()
    if level.blunder > 0 and len(legal) > 1 and rng.random() < level.blunder:
        others = [move for move in legal if move != result.move]
        slip = rng.choice(others)
        # The searched figures belong to another move, so the slip reports none of its own.
        return (
            SearchResult(slip, 0.0, 0, result.nodes, (slip,), result.time),
            (
                f"{level.name} slipped: played {slip.pdn()} instead of "
                f"{result.move.pdn() if result.move else 'nothing'}"
            ),
        )
    return result, ""
