"""Every algorithm and evaluation the AI can be asked for by name, in two explicit tables.

A new algorithm or evaluation is a new row here; no module adds itself when it is imported.
The one way to ask for a search by these names: `iterations` yields a fresh search's result
after each completed depth and `search` is its answer (a move whenever one exists);
`new_searcher` makes the search a game keeps from move to move (the engine keeps its table in it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

from checkers.ai.analysis import Analyser
from checkers.ai.classic import (
    Algorithm,
    alphabeta,
    deepening,
    iterative_deepening,
    minimax,
    negamax,
)
from checkers.ai.engine import MAN, engine_evaluation
from checkers.ai.evaluation import Evaluation, count_evaluation, seed_evaluation
from checkers.ai.search import (
    Limits,
    ProgressCallback,
    Searcher,
    SearchRequest,
    SearchResult,
    StopSignal,
)
from checkers.board import Position

__all__ = [
    "ALGORITHMS",
    "EVALUATIONS",
    "AlgorithmEntry",
    "EvaluationEntry",
    "get_algorithm",
    "get_evaluation",
    "iterations",
    "man_value",
    "new_searcher",
    "search",
]


@dataclass(frozen=True)
class AlgorithmEntry:
    """One selectable search: the evaluation it plays with unless told otherwise, and its
    search of one depth, deepened by `deepening`; None for the engine, which deepens by itself
    and keeps its table and move order across depths (and a game's moves)."""

    evaluation: str
    fixed_depth: Algorithm | None = None


@dataclass(frozen=True)
class EvaluationEntry:
    """One selectable evaluation and what a man is worth in its units (to show scores in men)."""

    function: Evaluation
    man: float


ALGORITHMS: dict[str, AlgorithmEntry] = {
    "engine": AlgorithmEntry("engine"),
    "alphabeta": AlgorithmEntry("seed", alphabeta),
    "minimax": AlgorithmEntry("seed", minimax),
    "negamax": AlgorithmEntry("seed", negamax),
}

EVALUATIONS: dict[str, EvaluationEntry] = {
    "engine": EvaluationEntry(engine_evaluation, MAN),
    "seed": EvaluationEntry(seed_evaluation, 10),
    "count": EvaluationEntry(count_evaluation, 1),
}


Entry = TypeVar("Entry")


def _look_up(table: Mapping[str, Entry], kind: str, name: str) -> Entry:
    try:
        return table[name]
    except KeyError:
        choices = ", ".join(sorted(table))
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {choices}") from None


def get_algorithm(name: str) -> AlgorithmEntry:
    """The algorithm listed as `name`; a ValueError names the valid choices otherwise."""
    return _look_up(ALGORITHMS, "algorithm", name)


def get_evaluation(name: str) -> Evaluation:
    """The evaluation listed as `name`; a ValueError names the valid choices otherwise."""
    return _look_up(EVALUATIONS, "evaluation", name).function


def man_value(name: str) -> float:
    """What a man is worth in the named evaluation's units."""
    return _look_up(EVALUATIONS, "evaluation", name).man


def _resolve(
    algorithm: str, evaluation: str | Evaluation | None
) -> tuple[Algorithm | None, Evaluation]:
    """The named algorithm's fixed-depth search (None: the engine) and the evaluation function
    (the algorithm's own if none is given)."""
    entry = get_algorithm(algorithm)
    if evaluation is None:
        evaluation = entry.evaluation
    function = get_evaluation(evaluation) if isinstance(evaluation, str) else evaluation
    return entry.fixed_depth, function


def new_searcher(algorithm: str = "engine", evaluation: str | Evaluation | None = None) -> Searcher:
    """A fresh search by these names (the algorithm's own evaluation if none is given); an
    algorithm that deepens by itself (the engine) keeps its table in it from call to call."""
    fixed_depth, function = _resolve(algorithm, evaluation)
    if fixed_depth is None:
        return Analyser(function).search  # the one way in to the engine's search

    def deepen(
        request: SearchRequest | Position,
        limits: Limits,
        on_progress: ProgressCallback | None = None,
        stop: StopSignal | None = None,
    ) -> SearchResult:
        return iterative_deepening(request, limits, fixed_depth, function, on_progress, stop)

    return deepen


def search(
    request: SearchRequest | Position,
    limits: Limits,
    algorithm: str = "engine",
    evaluation: str | Evaluation | None = None,
    on_progress: ProgressCallback | None = None,
    stop: StopSignal | None = None,
) -> SearchResult:
    """The AI's answer for a position (with its game's history) within `limits`, by algorithm
    and evaluation name.

    Without an evaluation the engine uses its own and the source documents' algorithms `seed`;
    unknown names raise ValueError listing the choices. A pure function of its inputs: a fresh
    search each call, so at a fixed depth the same inputs give the same move.
    """
    searcher = new_searcher(algorithm, evaluation)
    return searcher(request, limits, on_progress, stop)


def iterations(
    request: SearchRequest | Position,
    limits: Limits,
    algorithm: str = "engine",
    evaluation: str | Evaluation | None = None,
    stop: StopSignal | None = None,
) -> Iterator[SearchResult]:
    """A fresh search's result after each completed depth, deepest last, by algorithm and
    evaluation name; the caller may stop iterating at any time. The engine also yields the
    move an unfinished depth preferred (with the last completed depth's number)."""
    fixed_depth, function = _resolve(algorithm, evaluation)
    if fixed_depth is None:
        reports = Analyser(function).analyse(request, limits, 1, stop)
        return (report.result() for report in reports)
    return deepening(request, limits, fixed_depth, function, stop)
