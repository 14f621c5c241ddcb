"""Every algorithm and evaluation the AI can be asked for by name, in two explicit tables.

A new algorithm or evaluation is a new row here; no module adds itself when it is imported.
`search` answers for one position by these names; `new_searcher` makes the search a game keeps
from move to move (the engine keeps its table in it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from checkers.ai.classic import Algorithm, alphabeta, iterative_deepening, minimax, negamax
from checkers.ai.compiled import new_engine
from checkers.ai.engine import MAN, _engine_fixed_depth, engine_evaluation
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
    "man_value",
    "new_searcher",
    "search",
]


@dataclass(frozen=True)
class AlgorithmEntry:
    """One selectable search: one depth at a time, the evaluation it plays with unless told
    otherwise, and, for an algorithm that deepens by itself, how to make its whole search."""

    fixed_depth: Algorithm
    evaluation: str
    own_search: Callable[[Evaluation], Searcher] | None = None
    """A whole search for one evaluation, keeping what it learns from call to call; None:
    iterative deepening over `fixed_depth`, which keeps nothing."""


@dataclass(frozen=True)
class EvaluationEntry:
    """One selectable evaluation and what a man is worth in its units (to show scores in men)."""

    function: Evaluation
    man: float


def _engine_search(evaluation: Evaluation) -> Searcher:
    # The engine's table and move order must live across its depths (and a game's moves), which
    # deepening over its fixed-depth form would throw away at every depth.
    return new_engine(evaluation).search


ALGORITHMS: dict[str, AlgorithmEntry] = {
    "engine": AlgorithmEntry(_engine_fixed_depth, "engine", _engine_search),
    "alphabeta": AlgorithmEntry(alphabeta, "seed"),
    "minimax": AlgorithmEntry(minimax, "seed"),
    "negamax": AlgorithmEntry(negamax, "seed"),
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


def new_searcher(algorithm: str = "engine", evaluation: str | Evaluation | None = None) -> Searcher:
    """A fresh search by these names (the algorithm's own evaluation if none is given); an
    algorithm that deepens by itself (the engine) keeps its table in it from call to call."""
    entry = get_algorithm(algorithm)
    if evaluation is None:
        evaluation = entry.evaluation
    function = get_evaluation(evaluation) if isinstance(evaluation, str) else evaluation
    if entry.own_search is not None:
        return entry.own_search(function)
    fixed_depth = entry.fixed_depth

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
