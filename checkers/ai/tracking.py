"""Minimax with tree tracking: the tree a search explored, its cut-offs, and the order of events.

`tracked_search` runs the very same `minimax` or `alphabeta` as the untracked search, with an
observer that records each node, so the move, score and node count are the untracked search's.
Children that a cut-off left unsearched are kept as pruned stubs, and the events (node entered,
value returned, cut-off) are listed in order, so a GUI can step through the search.
`minimax_node_count` counts the nodes plain minimax visits, for the tree's summary beside it
(its text, JSON and DOT forms are `checkers.formats.tree_export`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from checkers._bitboard import RawMove, raw_squares
from checkers.ai.classic import AlgorithmResult, ScoreReason, SearchInterrupted, alphabeta, minimax
from checkers.ai.evaluation import Evaluation
from checkers.ai.registry import get_evaluation
from checkers.ai.search import SearchRequest
from checkers.board import BLACK, Move, Position

__all__ = [
    "DEFAULT_MINIMAX_CAP",
    "TRACKED_ALGORITHMS",
    "Cutoff",
    "EventKind",
    "MinimaxCount",
    "SearchEvent",
    "SearchNode",
    "SearchTree",
    "minimax_node_count",
    "tracked_search",
]

TRACKED_ALGORITHMS = {"alphabeta": alphabeta, "minimax": minimax}


@dataclass(eq=False)
class SearchNode:
    """A position the search visited, or, with `pruned`, one a cut-off left unsearched.

    Scores are for the side to move at the root (max nodes are that side's turns). `alpha` and
    `beta` are the window the node was searched with (None in minimax and for pruned stubs).
    """

    move: Move | None
    position: Position
    depth: int
    maximizing: bool
    alpha: float | None = None
    beta: float | None = None
    score: float | None = None
    reason: ScoreReason | None = None
    pruned: bool = False
    cutoff: Cutoff | None = None
    truncated: bool = False
    """Some children were searched but not recorded: the node cap was reached."""
    children: list[SearchNode] = field(default_factory=list, repr=False)
    parent: SearchNode | None = field(default=None, repr=False)

    @property
    def searched_children(self) -> list[SearchNode]:
        """The children that were searched, in move order."""
        return [child for child in self.children if not child.pruned]

    @property
    def pruned_children(self) -> list[SearchNode]:
        """The children a cut-off left unsearched, in move order."""
        return [child for child in self.children if child.pruned]

    def walk(self) -> Iterator[SearchNode]:
        """This node and every node below it, depth first, in move order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(eq=False)
class Cutoff:
    """Why a node stopped searching its children: alpha >= beta after the child `by` returned."""

    alpha: float
    beta: float
    by: SearchNode | None
    """The child whose value caused the cut-off (None if the node cap kept it out of the tree)."""


class EventKind(enum.Enum):
    """What happened at one step of the search."""

    ENTER = "node entered"
    RETURN = "value returned"
    CUTOFF = "cut-off"
    TRUNCATED = "tracking stopped: node cap reached"


@dataclass(frozen=True, eq=False)
class SearchEvent:
    """One step: the node it happened at, the window (ENTER, CUTOFF) or the value (RETURN)."""

    kind: EventKind
    node: SearchNode
    alpha: float | None = None
    beta: float | None = None
    score: float | None = None


@dataclass(eq=False)
class SearchTree:
    """The tree one search explored, with its result, counts and the events in order."""

    root: SearchNode
    algorithm: str
    depth: int
    best_move: Move | None
    score: float
    pv: list[SearchNode]
    """The principal variation as nodes, the root's chosen child first."""
    nodes: int
    """Nodes visited, counted as the untracked search counts them."""
    pruned: int
    """Children left unsearched by cut-offs (all of them, recorded as stubs or not)."""
    recorded: int
    """Visited nodes held in the tree: `nodes` unless the node cap truncated it."""
    events: list[SearchEvent]
    truncated: bool
    note: str


class _TreeRecorder:
    """A SearchObserver that builds the tree, up to `node_cap` visited nodes."""

    def __init__(self, node_cap: int) -> None:
        self.node_cap = node_cap
        self.root: SearchNode | None = None
        # The nodes from the root to the current one; None for a node past the cap.
        self.stack: list[SearchNode | None] = []
        self.last_left: SearchNode | None = None
        self.events: list[SearchEvent] = []
        self.recorded = 0
        self.pruned = 0
        self.truncated = False

    def enter(
        self,
        position: Position,
        move: RawMove | None,
        ply: int,
        maximizing: bool,
        alpha: float | None,
        beta: float | None,
    ) -> None:
        parent = self.stack[-1] if self.stack else None
        if self.stack and parent is None:
            self.stack.append(None)  # below a node that was not recorded
            return
        if parent is not None and self.recorded >= self.node_cap:  # the root always fits
            if not self.truncated:
                self.events.append(SearchEvent(EventKind.TRUNCATED, parent))
            self.truncated = parent.truncated = True
            self.stack.append(None)
            return
        node = SearchNode(
            self._move(parent, move), position, ply, maximizing, alpha, beta, parent=parent
        )
        if parent is None:
            self.root = node
        else:
            parent.children.append(node)
        self.recorded += 1
        self.stack.append(node)
        self.events.append(SearchEvent(EventKind.ENTER, node, alpha, beta))

    def leave(self, score: float, reason: ScoreReason) -> None:
        node = self.stack.pop()
        self.last_left = node
        if node is not None:
            node.score, node.reason = score, reason
            self.events.append(SearchEvent(EventKind.RETURN, node, score=score))

    def cutoff(self, alpha: float, beta: float, skipped: Sequence[RawMove]) -> None:
        self.pruned += len(skipped)
        node = self.stack[-1]
        if node is None:
            return
        node.cutoff = Cutoff(alpha, beta, self.last_left)
        for raw in skipped:
            node.children.append(
                SearchNode(
                    self._move(node, raw),
                    node.position.apply_raw(raw),
                    node.depth + 1,
                    not node.maximizing,
                    pruned=True,
                    parent=node,
                )
            )
        self.events.append(SearchEvent(EventKind.CUTOFF, node, alpha, beta))

    @staticmethod
    def _move(parent: SearchNode | None, raw: RawMove | None) -> Move | None:
        if parent is None or raw is None:
            return None
        position = parent.position
        return Move(raw_squares(raw, position.black if position.turn is BLACK else position.white))


def tracked_search(
    request: SearchRequest | Position,
    depth: int,
    algorithm: str = "alphabeta",
    evaluation: str | Evaluation = "seed",
    node_cap: int = 20000,
) -> SearchTree:
    """Search to `depth` with `minimax` or `alphabeta` and return the tree it explored.

    The move, score and node count are those of the untracked search. Past `node_cap` visited
    nodes the search runs on but the tree stops growing, and the tree says so.
    """
    if algorithm not in TRACKED_ALGORITHMS:
        choices = ", ".join(sorted(TRACKED_ALGORITHMS))
        raise ValueError(f"unknown tracked algorithm {algorithm!r}; choose one of: {choices}")
    if node_cap < 1:
        raise ValueError(f"the node cap must be 1 or more, got {node_cap}")
    evaluate = get_evaluation(evaluation) if isinstance(evaluation, str) else evaluation
    recorder = _TreeRecorder(node_cap)
    result: AlgorithmResult = TRACKED_ALGORITHMS[algorithm](
        request,
        depth,
        evaluate,
        observer=recorder,
    )
    assert recorder.root is not None  # the root is always entered and the cap is at least 1
    note = ""
    if recorder.truncated:
        note = (
            f"tracking stopped at {recorder.recorded} of {result.nodes} visited nodes "
            f"(node cap {node_cap}); the search itself ran to the end"
        )
    return SearchTree(
        recorder.root,
        algorithm,
        depth,
        result.move,
        result.score,
        _pv_nodes(recorder.root, result.pv),
        result.nodes,
        recorder.pruned,
        recorder.recorded,
        recorder.events,
        recorder.truncated,
        note,
    )


def _pv_nodes(root: SearchNode, pv: Sequence[Move]) -> list[SearchNode]:
    """The recorded nodes along the principal variation (fewer if the cap cut it short)."""
    nodes = []
    node = root
    for move in pv:
        following = [child for child in node.searched_children if child.move == move]
        if not following:
            break
        node = following[0]
        nodes.append(node)
    return nodes


DEFAULT_MINIMAX_CAP = 100_000
"""Minimax nodes counted before giving up: about a second of search on the project machine."""


@dataclass(frozen=True)
class MinimaxCount:
    """How many nodes plain minimax visits at a depth; `capped` means more than `nodes`."""

    nodes: int
    capped: bool = False

    def __str__(self) -> str:
        return f"more than {self.nodes}" if self.capped else str(self.nodes)


def minimax_node_count(
    request: SearchRequest | Position,
    depth: int,
    cap: int = DEFAULT_MINIMAX_CAP,
    evaluation: str | Evaluation = "seed",
) -> MinimaxCount:
    """The nodes plain minimax visits for the same result, or `capped` past `cap` nodes."""
    evaluate = get_evaluation(evaluation) if isinstance(evaluation, str) else evaluation
    try:
        result = minimax(
            request,
            depth,
            evaluate,
            node_limit=cap,
        )
    except SearchInterrupted as stopped:
        return MinimaxCount(stopped.nodes, capped=True)
    return MinimaxCount(result.nodes)
