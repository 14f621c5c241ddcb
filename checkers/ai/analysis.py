"""One way in to the engine's search: an `Analyser` owns its engine and tables, and `analyse`
yields, depth by depth, every root move it scored with that score's bound and line.

Pure Python. Multi-line is a parameter of the one method, not another method: `lines=1` is the
engine's own search (aspiration windows, the move it plays), `lines=3` scores the three best
moves exactly and bounds every other one in the same search. Each report is taken while the
search stands at that depth, so nothing reads the engine's table after the fact, and every
surface that shows a number (the AI's move, Why?, the analysis board, the command line) reads
it from such a report. The compiled core replaces the Python engine at the next `analyse` once
it is ready.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from checkers.ai.compiled import new_engine, upgraded
from checkers.ai.endgame import Endgames
from checkers.ai.engine import MAN, Engine, RootScore, engine_evaluation
from checkers.ai.evaluation import Evaluation
from checkers.ai.search import (
    Limits,
    Progress,
    ProgressCallback,
    SearchRequest,
    SearchResult,
    StopSignal,
    is_win_score,
)
from checkers.board import Move, Position

__all__ = ["Analyser", "DepthReport", "RootLine"]

Bound = Literal["exact", "upper", "lower"]


@dataclass(frozen=True)
class RootLine:
    """One root move as a search left it: its score from the side to move in the engine's raw
    units (a man is the report's `units_per_man`), exact or a bound ("upper": at most, "lower":
    at least), and its line, the move first (a rejected move's refutation after it)."""

    move: Move
    score: int
    bound: Bound
    line: tuple[Move, ...]
    depth: int
    """The depth the score comes from."""
    database: bool = False
    """The endgame databases gave the score, not a search."""


@dataclass(frozen=True)
class DepthReport:
    """What one depth of a search found: its root moves (exactly scored ones best first, then
    the bounded ones, best bound first), the nodes and seconds so far, and a man in the scores'
    units. `finished` is False for the move an unfinished depth preferred (one line, the last
    finished depth's number)."""

    depth: int
    lines: tuple[RootLine, ...]
    nodes: int
    time: float
    units_per_man: float = float(MAN)
    finished: bool = True
    scale: int = 1
    """Raw units per unit of the evaluation's own scores (the engine's `scale`)."""

    @property
    def best(self) -> RootLine | None:
        """The move the search would play (None: the side to move has none)."""
        return self.lines[0] if self.lines else None

    @property
    def exact(self) -> tuple[RootLine, ...]:
        """The exactly scored moves, best first."""
        return tuple(line for line in self.lines if line.bound == "exact")

    @property
    def from_databases(self) -> bool:
        """Every scored move's result is the endgame databases' (no search: depth means nothing)."""
        return bool(self.lines) and all(line.database for line in self.lines)

    def men(self, score: int) -> float:
        """A score of this report in men (a forced result stays a win score)."""
        return float(score) if is_win_score(score) else score / self.units_per_man

    def result(self) -> SearchResult:
        """The report as the engine's plain result: the best move, its score in the
        evaluation's units, its line."""
        best = self.best
        if best is None:
            return SearchResult(None, -1_000_000.0, self.depth, self.nodes, (), self.time)
        score = float(best.score) if is_win_score(best.score) else best.score / self.scale
        return SearchResult(
            best.move, score, self.depth, self.nodes, best.line, self.time, best.database
        )


def _root_line(report: RootScore, database: bool) -> RootLine:
    bound: Bound = "exact"
    if report.bound in ("upper", "lower"):
        bound = "upper" if report.bound == "upper" else "lower"
    return RootLine(report.move, report.score, bound, report.line, report.depth, database)


class Analyser:
    """The engine with its tables, kept from search to search (a game's moves, a position
    looked at deeper): the one object every caller searches through."""

    def __init__(
        self,
        evaluation: Evaluation = engine_evaluation,
        endgames: Endgames | None | Literal["default"] = "default",
        units_per_man: float = float(MAN),
    ) -> None:
        """`evaluation`: the function it plays with; `units_per_man`: a man in its units
        (`registry.man_value`); `endgames`: the databases to probe (None: never)."""
        self.engine: Engine = new_engine(evaluation, endgames)
        self._units = units_per_man
        self.last: DepthReport | None = None
        """The last report of the last `search` (None: it was stopped before depth 1)."""

    @property
    def units_per_man(self) -> float:
        """A man in the raw units of the reports' scores."""
        return self._units * self.engine.scale

    def new_game(self) -> None:
        """Forget the tables: nothing learnt in another game steers this one."""
        self.engine.new_game()

    def prepare(self) -> None:
        """Be ready to search at full speed: the compiled core's engine if it is ready, its
        memory given before a clock runs (`isready`). Never while a search runs."""
        self.engine = upgraded(self.engine)
        self.engine.prepare()

    def analyse(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        lines: int = 1,
        stop: StopSignal | None = None,
    ) -> Iterator[DepthReport]:
        """A report after each depth within `limits`, deepest last; the caller may stop at any
        time. With `lines` > 1 the best `lines` moves are scored exactly at each depth and the
        others bounded by the same search; with one, the engine's own search, whose report
        holds every root move as that depth left it."""
        if lines < 1:
            raise ValueError("the number of lines must be at least 1")
        self.engine = upgraded(self.engine)  # the compiled core once it is ready
        engine, units, scale = self.engine, self.units_per_man, self.engine.scale
        position = SearchRequest.of(request).position
        if lines == 1:
            for result in engine.iterate(request, limits, stop):
                if result.move is None:
                    yield DepthReport(result.depth, (), engine.nodes, result.time, units)
                    return
                # Read now, while the engine stands at this depth: its root and its table.
                roots = engine.root_report(position)
                finished = engine.unfinished is None
                found = [_root_line(root, result.database) for root in roots]
                if found and found[0].move == result.move:
                    # The move played keeps the search's whole line, as the result gives it.
                    found[0] = dataclasses.replace(found[0], line=result.pv)
                else:
                    raw = (
                        result.score if is_win_score(result.score) else result.score * engine.scale
                    )
                    found.insert(
                        0, RootLine(result.move, int(raw), "exact", result.pv, result.depth)
                    )
                yield DepthReport(
                    result.depth, tuple(found), engine.nodes, result.time, units, finished, scale
                )
            return
        for depth, scored in engine.iterate_lines(request, limits, lines, stop, bounds=True):
            found = [
                RootLine(
                    line.line[0],
                    line.score,
                    "exact" if line.bound == "exact" else "upper",
                    line.line,
                    depth,
                    line.database,
                )
                for line in scored
            ]
            elapsed = engine.deadline.elapsed() if engine.deadline is not None else 0.0
            yield DepthReport(depth, tuple(found), engine.nodes, elapsed, units, True, scale)

    def search(
        self,
        request: SearchRequest | Position,
        limits: Limits,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> SearchResult:
        """The move to play within `limits` (a legal move whenever one exists), as the last
        report gives it (kept as `last`); `on_progress` hears each finished depth."""
        last: DepthReport | None = None
        self.last = None
        for report in self.analyse(request, limits, 1, stop):
            last = self.last = report
            if on_progress is not None and report.finished and report.best is not None:
                result = report.result()
                on_progress(
                    Progress(report.depth, result.score, report.nodes, report.time, result.pv)
                )
        if last is None or last.best is None:
            position = SearchRequest.of(request).position
            legal = position.legal_moves()
            if last is None and legal:  # stopped before the first depth: any legal move
                return SearchResult(legal[0], 0.0, 0, self.engine.nodes, (legal[0],))
            return SearchResult(None, -1_000_000.0, 1, self.engine.nodes)
        return last.result()
