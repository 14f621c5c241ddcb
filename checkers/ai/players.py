"""AI players for whole games: one side's move each turn, and the one loop that plays two of them.

Pure Python. An `AIPlayer` is one side of one game: it keeps its search from move to move (the
engine its table), and a level's deliberate slips are seeded so a replayed game replays them.
`play_game` plays two of them on a game record until the record's rules end the game (no legal
move loses, threefold repetition, the 40-move rule) or a ply limit stops it. `checkers watch
--headless` and `checkers match` play through it; the desktop game, which must not wait on a
search, asks the same `AIPlayer`s for one move at a time in its AI process.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from checkers.ai.analysis import Analyser, DepthReport, RootLine
from checkers.ai.book import book_hit, packaged_book
from checkers.ai.engine import Engine
from checkers.ai.evaluation import Evaluation
from checkers.ai.levels import LEVELS, Level
from checkers.ai.registry import get_algorithm, get_evaluation, man_value, new_searcher
from checkers.ai.search import (
    Limits,
    ProgressCallback,
    Searcher,
    SearchRequest,
    SearchResult,
    StopSignal,
)
from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.record import GameRecord, Outcome, ended_words

__all__ = ["AIPlayer", "Choice", "GameEnd", "PlayedMove", "play_game"]


BOOK_NOTE = "book move"
"""The note of a move taken from the opening book (no search ran for it)."""


@dataclass(frozen=True)
class Choice:
    """A player's move: the search's result, a note ('' or why it is not the searched move),
    and the raw figures behind it, which the coach (`checkers.coach.explain.explain_choice`)
    turns into words: every root move the search scored (`roots`, in `units_per_man` units a
    man), the searched move when the level slipped, the book's moves for a book move, and the
    level's deliberate flaws. Small and picklable, to cross a process pipe."""

    result: SearchResult
    note: str = ""
    roots: tuple[RootLine, ...] = ()
    search: SearchResult | None = None
    """The search's own result (its move differs from `result`'s when the level slipped)."""
    book_moves: tuple[tuple[Move, int], ...] | None = None
    """The book's moves with the engine's scores, when the move came from the book."""
    man: float = 100.0
    """A man in the units of the results' scores (`registry.man_value`)."""
    root_scale: int = 1
    """The roots' raw units per unit of the results' scores (the engine's `scale`)."""
    player: str = ""
    blunder: float = 0.0
    noise_men: float = 0.0


def _noisy(evaluation: Evaluation, amplitude: float, seed: int) -> Evaluation:
    """`evaluation` plus an error in [-amplitude, amplitude] fixed per (position, seed)."""

    def evaluate(position: Position, side: Side) -> float:
        # A hash of the position, not a running generator: the same leaf always gets the same
        # error, so the search stays consistent and a replay is identical.
        key = zlib.crc32(f"{seed}:{position.fen()}".encode())
        return evaluation(position, side) + amplitude * (key / 0xFFFFFFFF * 2.0 - 1.0)

    return evaluate


class AIPlayer:
    """One side's AI for a game: a move for each of its turns within `limits`.

    `noise` is the largest random error added to each leaf score, in the evaluation's units;
    `blunder` the chance of playing a random legal move instead of the searched one. The same
    inputs give the same choice: the random draws are seeded by `seed`, the ply and the
    position. The search is kept from move to move while the game goes on from the last move
    asked about, and made afresh otherwise (a new, loaded or set-up game, moves taken back), so
    nothing learnt in a line the game left behind steers its moves. With `book` (the engine
    levels), a position in the opening book is answered from it at once, with the note "book
    move": a move among the book's equal best, chosen by `seed`.
    """

    def __init__(
        self,
        limits: Limits,
        algorithm: str = "engine",
        evaluation: str | None = None,
        *,
        noise: float = 0.0,
        blunder: float = 0.0,
        seed: int = 0,
        name: str = "",
        book: bool = False,
    ) -> None:
        entry = get_algorithm(algorithm)  # unknown names fail here, listing the choices
        self.limits = limits
        self.algorithm = algorithm
        self.evaluation = evaluation if evaluation is not None else entry.evaluation
        get_evaluation(self.evaluation)
        self.noise = noise
        self.blunder = blunder
        self.seed = seed
        self.name = name or algorithm
        self.book = book
        self._analyser: Analyser | None = None  # the engine's, kept from move to move
        self._line: list[Position] = []  # the game's positions at the last move asked for

    @classmethod
    def for_level(cls, level: Level, seed: int = 0) -> AIPlayer:
        """The player of a named (or custom) level."""
        return cls(
            level.limits,
            level.algorithm,
            level.evaluation,
            noise=level.noise,
            blunder=level.blunder,
            seed=seed,
            name=level.name,
            # The book holds the engine's own searches: the levels that play the engine use it.
            book=level in LEVELS and level.algorithm == "engine" and level.evaluation == "engine",
        )

    def choose(
        self,
        request: SearchRequest | Position,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> Choice:
        """The move for the request's position, after its game's positions (ending with it) and
        its count toward the 40-move rule; a legal move whenever one exists."""
        request = SearchRequest.of(request)
        position = request.position
        self._follow(request)
        hit = book_hit(position, self.seed) if self.book else None
        if hit is not None:
            move, score, depth = hit
            book = packaged_book()
            book_moves = tuple((book.moves(position) or []) if book else [])
            result = SearchResult(move, float(score), depth, 0, (move,))
            return Choice(result, BOOK_NOTE, book_moves=book_moves, player=self.name)
        ply = len(request.history)
        rng = random.Random(f"{self.seed}:{ply}:{position.fen()}")
        report: DepthReport | None = None
        if self._keeps_nothing():
            # A noisy evaluation is made per move, so its search has nothing to keep; the
            # source documents' algorithms report their chosen move only.
            function = get_evaluation(self.evaluation)
            if self.noise > 0:
                function = _noisy(function, self.noise, rng.randrange(1 << 30))
            searcher: Searcher = new_searcher(self.algorithm, function)
            result = searcher(request, self.limits, on_progress, stop)
        else:
            analyser = self._searching()
            result = analyser.search(request, self.limits, on_progress, stop)
            report = analyser.last
        legal = position.legal_moves()
        if self.blunder > 0 and len(legal) > 1 and rng.random() < self.blunder:
            slip = rng.choice([move for move in legal if move != result.move])
            searched = result.move.pdn() if result.move else "nothing"
            # The searched figures belong to another move, so the slip reports none of its own.
            return self._choice(
                SearchResult(slip, 0.0, 0, result.nodes, (slip,), result.time),
                f"{self.name} slipped: played {slip.pdn()} instead of {searched}",
                result,
                report,
            )
        return self._choice(result, "", result, report)

    def _searching(self) -> Analyser:
        """The analyser its searches go through, made on first use and kept."""
        if self._analyser is None:
            self._analyser = Analyser(
                get_evaluation(self.evaluation), units_per_man=man_value(self.evaluation)
            )
        return self._analyser

    def prepare(self, request: SearchRequest | Position) -> None:
        """Be ready to search `request` at full speed before its clock runs: the engine's
        table given its memory (the compiled core's, once ready; `Analyser.prepare`). A
        window's first AI move otherwise paid for it inside its own time (a match's engine
        does it at `isready`). Nothing for a noisy level or a teaching algorithm."""
        self._follow(SearchRequest.of(request))
        if not self._keeps_nothing():
            self._searching().prepare()

    def _follow(self, request: SearchRequest) -> None:
        """Take the request's game as the one played: another game, or another line of this
        one, starts with a new engine (nothing learnt elsewhere steers it)."""
        line = list(request.history)
        if line[: len(self._line)] != self._line:
            self._analyser = None
        self._line = line

    def _keeps_nothing(self) -> bool:
        """Whether its searches keep nothing from move to move (a noisy level, a teaching
        algorithm): no engine of its own to prepare or to keep."""
        return self.noise > 0 or get_algorithm(self.algorithm).fixed_depth is not None

    def plays_from_book(self, position: Position) -> bool:
        """Whether this player's move in `position` comes from the opening book (no search)."""
        return self.book and book_hit(position, self.seed) is not None

    @property
    def analyser(self) -> Analyser | None:
        """The analyser this player's engine searches go through (None: a noisy level or a
        teaching algorithm, whose searches keep nothing)."""
        return self._analyser

    @property
    def engine(self) -> Engine | None:
        """The engine this player's searches keep from move to move (its table holds the last
        search), or None for a search that keeps none (a noisy level, a teaching algorithm)."""
        return self._analyser.engine if self._analyser is not None else None

    def _choice(
        self,
        played: SearchResult,
        note: str,
        result: SearchResult,
        report: DepthReport | None,
    ) -> Choice:
        """The choice of `played` with the raw figures of the search that gave `result`: every
        root move of its last report (the engine), or its move alone."""
        man = man_value(self.evaluation)
        return Choice(
            played,
            note,
            roots=report.lines if report is not None else (),
            search=result,
            man=man,
            root_scale=report.scale if report is not None else 1,
            player=self.name,
            blunder=self.blunder,
            noise_men=self.noise / man,
        )


@dataclass(frozen=True)
class PlayedMove:
    """A move `play_game` has played: the position it was played in, the move, the player and
    its choice (the search's figures and note)."""

    before: Position
    move: Move
    player: AIPlayer
    choice: Choice


@dataclass(frozen=True)
class GameEnd:
    """How `play_game` stopped: by the rules (`outcome`), or at the ply limit or on a stop
    request (no outcome, reported as such and never as a draw)."""

    outcome: Outcome | None
    reason: str

    def result(self) -> str:
        """The PDN result: the outcome's, or `*` for a game stopped before its end."""
        return self.outcome.result() if self.outcome is not None else "*"

    def __str__(self) -> str:
        return self.reason


def play_game(
    record: GameRecord,
    black: AIPlayer,
    white: AIPlayer,
    *,
    max_plies: int | None = None,
    on_move: Callable[[PlayedMove], None] | None = None,
    stop: StopSignal | None = None,
) -> GameEnd:
    """Play on from the record's position, each player on its turn, until the record's rules end
    the game or the record holds `max_plies` plies (or `stop` is set, which also ends a search
    under way); `on_move` hears each move once the record holds it."""
    players = {BLACK: black, WHITE: white}
    while True:
        outcome = record.outcome
        if outcome is not None:
            return GameEnd(outcome, ended_words(outcome, record.position))
        if max_plies is not None and record.ply >= max_plies:
            return GameEnd(None, f"stopped at the {max_plies}-ply limit")
        if stop is not None and stop.is_set():
            return GameEnd(None, f"stopped at ply {record.ply}")
        position = record.position
        player = players[position.turn]
        # The game's positions and 40-move count let the player see repetitions and the draw.
        choice = player.choose(SearchRequest.from_record(record), stop=stop)
        if stop is not None and stop.is_set():
            continue  # a stopped search's move is only its best guess: not played
        move = choice.result.move
        if move is None:
            raise RuntimeError(f"{player.name} found no move in {position.fen()}, which has some")
        record.play(move)
        if on_move is not None:
            on_move(PlayedMove(position, move, player, choice))
