"""The tree view's words: scores in men, and fail-high / fail-low values as bounds."""

from __future__ import annotations

from checkers.ai.classic import ScoreReason
from checkers.ai.registry import man_value
from checkers.ai.tracking import SearchNode, tracked_search
from checkers.board import Position
from checkers.gui.tree_view.words import bound_kind, different_move_sentence, men, node_score


def nodes(root: SearchNode) -> list[SearchNode]:
    found = [root]
    for child in root.children:
        found += nodes(child)
    return found


def test_scores_are_in_men_with_a_sign() -> None:
    assert men(100, 100) == "+1.00" and men(-25, 100) == "-0.25" and men(0, 100) == "0.00"


def test_fail_high_and_fail_low_values_are_shown_as_bounds() -> None:
    tree = tracked_search(Position(), 4, "alphabeta", "seed")
    man = man_value("seed")
    searched = [n for n in nodes(tree.root) if n.score is not None and not n.pruned]
    cut = [n for n in searched if n.cutoff is not None]
    assert cut, "a depth-4 alpha-beta search cuts somewhere"
    for node in cut:
        assert node_score(node, man).startswith(">=" if node.maximizing else "<=")
    for node in searched:
        text = node_score(node, man)
        if node.reason is not ScoreReason.SEARCHED:
            assert not text.startswith((">=", "<="))  # leaves are exact
        elif (
            node.score is not None
            and node.alpha is not None
            and node.beta is not None
            and node.alpha < node.score < node.beta
            and node.cutoff is None
        ):
            assert bound_kind(node) == ""  # inside the window: exact
    assert node_score(tree.root, man) == men(tree.score, man)  # the root's value is exact


def test_the_different_move_sentence_is_one_plain_sentence_or_nothing() -> None:
    tree = tracked_search(Position(), 2, "alphabeta", "seed")
    assert tree.best_move is not None
    assert different_move_sentence(tree, tree.best_move, "alpha-beta to depth 2") == ""
    other = next(m for m in Position().legal_moves() if m != tree.best_move)
    sentence = different_move_sentence(tree, other, "alpha-beta to depth 2")
    assert sentence.count(".") == 1 and sentence.endswith(".")
    assert tree.best_move.pdn() in sentence and other.pdn() in sentence
