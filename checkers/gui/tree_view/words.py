"""What the tree view says about a node and a search, in the game's one score unit: men, from
the root's side (+1.00 = a man ahead), with fail-high and fail-low values shown as bounds.

Every sentence comes in two registers: plain words a player understands (the default: "moves
ahead", "best line", "skipped: it could not change the choice") and, behind the view's "for the
curious" switch, the search's own terms (depth, principal variation, alpha-beta, MAX and MIN).
Pure Python (no pygame), so the wording is tested headless; the view only draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from checkers.ai.classic import ScoreReason
from checkers.ai.search import is_win_score, score_text
from checkers.ai.tracking import SearchNode, SearchTree
from checkers.board import Move, Side
from checkers.gui.wording import (
    advantage_words,
    score_words,
    settled_words,
    side_words,
    thinking_words,
)
from checkers.notation import depth_words as turns_ahead
from checkers.notation import men_text

__all__ = [
    "ALGORITHM_NAMES",
    "GameScore",
    "bound",
    "bound_kind",
    "count_words",
    "depth_words",
    "different_move_sentence",
    "game_score_words",
    "legend",
    "men",
    "node_score",
    "picks_words",
    "plain_score",
    "root_figure",
    "root_label",
    "rough_evaluation",
    "search_words",
    "value_text",
]

ALGORITHM_NAMES = {"alphabeta": "alpha-beta", "minimax": "minimax"}
"""The tracked searches' names as the curious read them."""


def men(value: float, man: float) -> str:
    """A value in men with its sign: `+1.00`, `-0.25`, `0.00`."""
    amount = value / man
    return "0.00" if abs(amount) < 0.005 else men_text(amount)


def bound(value: float | None, man: float) -> str:
    """A window bound or score in men: `+0.50`, `+inf`, `?`."""
    if value is None:
        return "?"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return men(value, man)


def value_text(value: float | None, man: float) -> str:
    """A score in men, or `wins in 3 moves` for a forced result."""
    if value is not None and not math.isinf(value) and is_win_score(value):
        return score_text(value)
    return bound(value, man)


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


PLAIN_BOUNDS = {">=": "at least", "<=": "at most"}
"""A bound's sign as the plain view says it."""


def node_score(node: SearchNode, man: float, short: bool = True, curious: bool = True) -> str:
    """A node's score for the root's side in men, as a bound when it is one: `>= +0.50` for
    the curious, `at least +0.50` in plain words."""
    score = node.score
    if score is None:
        return "?"
    if is_win_score(score) and not math.isinf(score):
        return score_text(score, short=short)
    kind = bound_kind(node)
    if kind and not curious:
        kind = PLAIN_BOUNDS[kind]
    return f"{kind} {men(score, man)}" if kind else men(score, man)


def root_figure(
    node: SearchNode, man: float, root: Side, human: Side | None = None, rough: str | None = None
) -> str:
    """A node's figure with the side it is for, then the panel's words for it where they
    differ (`root` the side to move at the tree's root, whose view every node's number takes;
    `human` the player against the AI): `-1.10 for the AI (+1.10 for you)`, `-0.15 for the
    AI (even)`, `+0.30 for the AI`, `at most -1.35 for the AI (at least +1.35 for you)`; a
    forced result for its winner (`you win in 3 moves`). A weak evaluation's count (`rough`) keeps only its
    side: it is no score the panel would give."""
    score = node.score
    if score is None:
        return "?"
    if is_win_score(score) and not math.isinf(score):
        return plain_score(score, man, root, human)
    who = side_words(root, human)
    figure = f"{node_score(node, man, short=False, curious=False)} for {who}"
    if rough:
        return figure
    kind = bound_kind(node)
    if kind:
        # An upper bound for the root's side is a lower one for the other side.
        limit = "upper" if kind == "<=" else "lower"
        said = advantage_words(round(score / man, 2), root, human, limit)
    else:
        said = plain_score(score, man, root, human)
    return figure if said == figure else f"{figure} ({said})"


def picks_words(node: SearchNode, root: Side, human: Side | None = None) -> str:
    """Whose move a node is and what it picks, in the panel's side words (the figures' side,
    `root`): `White (the AI) to move: picks the highest score for the AI`, `Black (you) to
    move: picks the lowest score for the AI`; outside a game against the AI `Black to move:
    picks the lowest score for White`."""
    mover = node.position.turn
    name = mover.name.capitalize()
    if human is not None:
        name += f" ({side_words(mover, human)})"
    pick = "highest" if node.maximizing else "lowest"
    return f"{name} to move: picks the {pick} score for {side_words(root, human)}"


def plain_score(value: float | None, man: float, side: Side, human: Side | None = None) -> str:
    """A score for `side` in the panel's words (`wording.score_words`): for the side ahead
    (`even`, `+0.35 for Black`, `+0.35 for you` in a game against the AI, `human` the player),
    or a forced result for its winner (`Black wins in 3 moves`, `the AI wins in 2 moves`)."""
    if value is None or math.isinf(value):
        return "not known"
    return score_words(value, man, side, human)


def rough_evaluation(evaluation: str) -> str | None:
    """The evaluation a tree judges by when it is not the engine's (`seed`, `count`): a rough
    count whose figures are never said as a position's score; None for the engine's."""
    return None if evaluation == "engine" else evaluation


def count_words(
    value: float | None, man: float, side: Side, evaluation: str, human: Side | None = None
) -> str:
    """What a weak evaluation counted at the end of a search's best line, said as its count and
    never as a score of the position (no `even`, no verdict): `the seed count gives +1.25 for
    Black`, `the count evaluation gives 0.00`; a forced result is the search's own finding
    (`Black wins in 3 moves`)."""
    if value is None or math.isinf(value):
        return f"the {evaluation} count gives nothing"
    if is_win_score(value):
        return score_words(value, 1.0, side, human)
    amount = round(value / man, 2) + 0.0
    if amount == 0:
        return f"the {evaluation} count gives 0.00"
    leader = side if amount > 0 else side.opponent
    return f"the {evaluation} count gives {men_text(abs(amount))} for {side_words(leader, human)}"


@dataclass(frozen=True)
class GameScore:
    """The game's one judgement of the tree's root position (`checkers.coach.judgement`), or
    the engine's search of it under way: what the panel and the bar show for it."""

    score: float
    man: float
    side: Side
    depth: int
    deepening: bool = False
    """Its search still deepens: the number may change at the next depth."""
    database: bool = False
    """The endgame databases' exact result."""
    engine: bool = True
    """The tree judges by the engine's evaluation too (else its numbers are another scale)."""
    after: str = ""
    """The move played from the tree's root whose position this judges (`24-19`: the search
    behind the AI's last move, whose position now the panel scores), or "": the root's own."""
    best: str = ""
    """The first move of the line behind the score (`1-5`), or "" when it has none."""

    def stands_over(self, tree: SearchTree) -> bool:
        """Whether the header gives this score rather than the tree's own: a result proven
        (the databases, a forced line), a search at least as deep, or a tree that judges by
        another evaluation than the engine's."""
        return (
            self.database or is_win_score(self.score) or self.depth >= tree.depth or not self.engine
        )


def game_score_words(found: GameScore, human: Side | None) -> str:
    """The game's score as the panel's score line says it, with how far its search looked
    (`Score +0.35 for you (looked 14 turns ahead)`, `Score even (thinking... 9 turns ahead)`),
    or the databases' result."""
    words = score_words(found.score, found.man, found.side, human)
    # After the move played (the panel's position now): said first, so the number is never
    # read as the tree's root's.
    after = f"After {found.after}: " if found.after else ""
    if found.database and not is_win_score(found.score):
        said = "A draw with best play (endgame databases)"
    elif found.database:
        said = f"{words[0].upper()}{words[1:]} (endgame databases)"
    elif is_win_score(found.score):
        said = words[0].upper() + words[1:]
    else:
        how = thinking_words(found.depth) if found.deepening else settled_words(found.depth)
        said = f"Score {words} ({how})"
    return f"{after}{said[0].lower()}{said[1:]}" if after else said


def root_label(curious: bool) -> str:
    """The label over the position searched."""
    return "root" if curious else "start"


def depth_words(depth: int, curious: bool) -> str:
    """How deep a search looks: `depth 4`, or `4 turns ahead` (`notation.depth_words`)."""
    return f"depth {depth}" if curious else turns_ahead(depth)


def search_words(algorithm: str, depth: int, evaluation: str, curious: bool) -> str:
    """What a tree's search is, for a sentence: `alpha-beta to depth 4, seed evaluation`, or
    `looking 4 turns ahead` (every move checked, for minimax)."""
    if curious:
        name = ALGORITHM_NAMES.get(algorithm, algorithm)
        return f"{name} to depth {depth}, {evaluation} evaluation"
    every = ", every move checked" if algorithm == "minimax" else ""
    return f"looking {depth_words(depth, False)}{every}"


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


def legend(
    curious: bool, root_side: Side, human: Side | None = None, rough: str | None = None
) -> tuple[tuple[str, str], ...]:
    """Every shape, colour and number on the canvas, and what it means (in a game against the
    AI, `human` the player, whose side the numbers are for: `for Black (you)`; `rough`, the weak
    evaluation the tree judges by, whose numbers are its count, not scores)."""
    if curious:
        return (
            ("up triangle", "MAX: the root's side to move, it picks the highest score"),
            ("down triangle", "MIN: the other side to move, it picks the lowest score"),
            ("gold outline and thick edge", "the principal variation: the line both sides play"),
            ("dashed stub and red mark", "moves a cut-off left unsearched (alpha >= beta)"),
            ("move above a node", "the move that leads to it"),
            (
                "number below a node",
                f"its {rough} count in men for the root's side (+1.00 = a man ahead), a rough"
                " count, not the engine's score"
                if rough
                else "its score in men for the root's side (+1.00 = a man ahead)",
            ),
            (
                ">= / <= before a score",
                "a bound: the search stopped early, the true value is at least / at most it",
            ),
            ("W5 / L4", "a forced win / loss in that many moves"),
            ("[a, b] while stepping", "the node's window: alpha and beta, still being searched"),
            ("+N under a node", "N children hidden at this zoom ([ and ] show more levels)"),
        )
    side = root_side.name.capitalize()
    other = root_side.opponent.name.capitalize()
    who = "" if human is None else f" ({side_words(root_side, human)})"
    them = "" if human is None else f" ({side_words(root_side.opponent, human)})"
    # The figures' side in the panel's words: `-1.00` is `+1.00 for you` there.
    ours, theirs = side_words(root_side, human), side_words(root_side.opponent, human)
    return (
        ("up triangle", f"{side}{who} to move: picks the highest score for {ours}"),
        (
            "down triangle",
            f"{other}{them} to move: picks the lowest score for {ours}",
        ),
        ("gold outline and thick line", "the best line: the moves both sides are expected to play"),
        ("crosses, red mark, N skipped", "moves skipped: they could not change the choice"),
        ("move above a shape", "the move that leads there"),
        (
            "number below a shape",
            f"what the {rough} evaluation counts for {side}{who}, in men (+1.00 = a man"
            " ahead): a rough count, not a score of the position"
            if rough
            else f"the score in men for {ours}{'' if human is None else f' ({side})'}: +1.00"
            f" is a man ahead for {ours}, -1.00 a man ahead for {theirs}",
        ),
        (
            "at least / at most",
            "the look stopped early: the true score is at least / at most this",
        ),
        ("W5 / L4", "a forced win / loss in that many moves"),
        ("turns ahead", "a turn is one side's move"),
        ("N more under a shape", "N positions folded away ([ and ] show more turns ahead)"),
    )
