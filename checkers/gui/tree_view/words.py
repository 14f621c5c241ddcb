"""What the tree view says about a node and a search, in the game's one score unit: men, from
the root's side (+1.00 = a man ahead), with fail-high and fail-low values shown as bounds.

Pure Python (no pygame), so the wording is tested headless; view.py only draws it.
"""

from __future__ import annotations

import math

from checkers.ai.classic import ScoreReason
from checkers.ai.search import is_win_score, plies_to_win
from checkers.ai.tracking import SearchNode, SearchTree
from checkers.board import Move

__all__ = ["LEGEND", "bound_kind", "different_move_sentence", "men", "node_score"]

LEGEND = (
    ("up triangle", "MAX: the root's side to move, it picks the highest score"),
    ("down triangle", "MIN: the other side to move, it picks the lowest score"),
    ("gold outline and thick edge", "the principal variation: the line both sides play"),
    ("dashed stub and red mark", "moves a cut-off left unsearched (alpha >= beta)"),
    ("move above a node", "the move that leads to it"),
    ("number below a node", "its score in men for the root's side (+1.00 = a man ahead)"),
    (
        ">= / <= before a score",
        "a bound: the search stopped early, the true value is at least / at most it",
    ),
    ("W5 / L4", "a forced win / loss in that many moves"),
    ("[a, b] while stepping", "the node's window: alpha and beta, still being searched"),
    ("+N under a node", "N children hidden at this zoom ([ and ] show more levels)"),
)
"""Every shape, colour and number on a node, and what it means."""


def men(value: float, man: float) -> str:
    """A value in men with its sign: `+1.00`, `-0.25`, `0.00`."""
    amount = value / man
    return "0.00" if abs(amount) < 0.005 else f"{amount:+.2f}"


def bound_kind(node: SearchNode) -> str:
    """`>=` for a fail-high (the value is a lower bound), `<=` for a fail-low (an upper bound),
    "" for an exact value; alpha-beta's window on entry tells which (scores, alpha and beta are
    all from the root's side, so the rule is the same at MAX and MIN nodes)."""
    score, alpha, beta = node.score, node.alpha, node.beta
    if score is None or node.reason is not ScoreReason.SEARCHED:
        return ""  # a leaf is evaluated exactly, whatever the window
    if node.cutoff is not None:  # MAX cut at score >= beta, MIN cut at score <= alpha
        return ">=" if node.maximizing else "<="
    if alpha is not None and not math.isinf(alpha) and score <= alpha:
        return "<="
    if beta is not None and not math.isinf(beta) and score >= beta:
        return ">="
    return ""


def node_score(node: SearchNode, man: float, short: bool = True) -> str:
    """A node's score for the root's side in men, as a bound when it is one: `>= +0.50`."""
    score = node.score
    if score is None:
        return "?"
    if is_win_score(score) and not math.isinf(score):
        moves = (plies_to_win(score) + 1) // 2
        if short:
            return f"{'W' if score > 0 else 'L'}{moves}"
        return f"{'wins' if score > 0 else 'loses'} in {moves} move{'s' if moves != 1 else ''}"
    kind = bound_kind(node)
    return f"{kind} {men(score, man)}" if kind else men(score, man)


def different_move_sentence(tree: SearchTree, played: Move | None, why: str) -> str:
    """One plain sentence when the tree's search prefers another move than the one played
    (`why`: what differs, e.g. "a shallower search"), else ""."""
    best = tree.best_move
    if played is None or best is None or best == played:
        return ""
    return (
        f"This tree's search ({why}) prefers {best.pdn()}; the AI played {played.pdn()} "
        f"after its own search."
    )
