"""Minimax with tree tracking: the tree is the search the untracked algorithms run, made visible."""

from __future__ import annotations

import pytest

from checkers.ai.classic import ScoreReason, alphabeta, minimax
from checkers.ai.evaluation import seed_evaluation
from checkers.ai.tracking import EventKind, SearchNode, SearchTree, tracked_search
from checkers.board import Position

UNTRACKED = {"minimax": minimax, "alphabeta": alphabeta}

POSITIONS = [
    "B:W21-32:B1-12",  # opening
    "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14",  # early middlegame
    "B:W5,25,26,27,28:B1,6,11",  # late middlegame
    "B:WK14,K23:BK1,K5,K32",  # kings endgame
    "B:W9,10,11,18,19,26,27:B5",  # triple jump
    "B:W6,7,15,16,23,24:BK1",  # king's multi-jumps
]


def visited(tree: SearchTree) -> list[SearchNode]:
    """The nodes the search visited (not the pruned stubs), depth first."""
    return [node for node in tree.root.walk() if not node.pruned]


@pytest.mark.parametrize("algorithm", sorted(UNTRACKED))
@pytest.mark.parametrize("fen", POSITIONS)
def test_tracked_search_returns_what_the_untracked_search_returns(algorithm: str, fen: str) -> None:
    position = Position.from_fen(fen)
    for depth in range(1, 5):
        tree = tracked_search(position, depth, algorithm)
        plain = UNTRACKED[algorithm](position, depth, seed_evaluation)
        assert (tree.best_move, tree.score, tree.nodes) == (plain.move, plain.score, plain.nodes)
        assert [node.move for node in tree.pv] == list(plain.pv)
        assert len(visited(tree)) == tree.recorded == tree.nodes
        assert not tree.truncated and tree.note == ""


@pytest.mark.parametrize("fen", POSITIONS)
def test_pruned_stubs_appear_exactly_where_alpha_reached_beta(fen: str) -> None:
    tree = tracked_search(Position.from_fen(fen), 4, "alphabeta")
    stubs = [node for node in tree.root.walk() if node.pruned]
    assert len(stubs) == tree.pruned > 0
    for stub in stubs:
        assert stub.score is None and stub.children == []
        assert stub.parent is not None and stub.parent.cutoff is not None
        assert stub.parent.cutoff.alpha >= stub.parent.cutoff.beta
    for node in visited(tree):
        if node.reason is not ScoreReason.SEARCHED:
            assert node.children == [] and node.cutoff is None
            continue
        # Every legal move is a child: searched ones first, then the stubs a cut-off left.
        assert [child.move for child in node.children] == node.position.legal_moves()
        searched = node.searched_children
        if node.cutoff is None:
            assert node.pruned_children == []
        else:
            assert node.cutoff.by is searched[-1]
            assert node.children == searched + node.pruned_children


@pytest.mark.parametrize("fen", POSITIONS)
def test_minimax_prunes_nothing(fen: str) -> None:
    tree = tracked_search(Position.from_fen(fen), 3, "minimax")
    assert tree.pruned == 0
    for node in tree.root.walk():
        assert not node.pruned and node.cutoff is None
        assert node.alpha is None and node.beta is None


@pytest.mark.parametrize("algorithm", sorted(UNTRACKED))
def test_each_node_records_its_move_depth_side_and_backed_up_score(algorithm: str) -> None:
    tree = tracked_search(Position.from_fen(POSITIONS[2]), 4, algorithm)
    root = tree.root
    assert (root.move, root.depth, root.maximizing, root.score) == (None, 0, True, tree.score)
    for node in visited(tree):
        if node.parent is not None:
            assert node.move is not None
            assert node.position == node.parent.position.move(node.move)
            assert node.depth == node.parent.depth + 1
            assert node.maximizing is not node.parent.maximizing
        if algorithm == "alphabeta":
            assert node.alpha is not None and node.beta is not None and node.alpha < node.beta
        if node.reason is ScoreReason.SEARCHED:
            scores = [child.score for child in node.searched_children if child.score is not None]
            assert len(scores) == len(node.searched_children)
            assert node.score == (max(scores) if node.maximizing else min(scores))


@pytest.mark.parametrize("algorithm", sorted(UNTRACKED))
def test_the_principal_variation_ends_at_the_leaf_that_gave_the_root_its_score(
    algorithm: str,
) -> None:
    tree = tracked_search(Position.from_fen(POSITIONS[1]), 4, algorithm)
    assert len(tree.pv) == 4
    assert tree.pv[0].parent is tree.root
    for parent, child in zip(tree.pv, tree.pv[1:]):
        assert child.parent is parent
    assert tree.pv[-1].reason is ScoreReason.EVALUATION
    assert tree.pv[-1].score == tree.score


@pytest.mark.parametrize("algorithm", sorted(UNTRACKED))
def test_events_replay_the_search_in_order(algorithm: str) -> None:
    tree = tracked_search(Position.from_fen(POSITIONS[0]), 4, algorithm)
    stack: list[SearchNode] = []
    entered = cutoffs = 0
    for event in tree.events:
        if event.kind is EventKind.ENTER:
            assert event.node.parent is (stack[-1] if stack else None)
            assert (event.alpha, event.beta) == (event.node.alpha, event.node.beta)
            stack.append(event.node)
            entered += 1
        elif event.kind is EventKind.RETURN:
            assert stack.pop() is event.node
            assert event.score == event.node.score
        else:
            assert event.kind is EventKind.CUTOFF
            assert event.alpha is not None and event.beta is not None
            assert stack[-1] is event.node and event.alpha >= event.beta
            cutoffs += 1
    assert stack == []
    assert tree.events[0].node is tree.events[-1].node is tree.root
    assert entered == tree.nodes
    assert cutoffs == sum(1 for node in tree.root.walk() if node.cutoff is not None)
    assert (cutoffs > 0) is (algorithm == "alphabeta")


@pytest.mark.parametrize("algorithm", sorted(UNTRACKED))
def test_node_cap_truncates_the_tree_and_says_so(algorithm: str) -> None:
    position = Position()
    tree = tracked_search(position, 4, algorithm, node_cap=50)
    plain = UNTRACKED[algorithm](position, 4, seed_evaluation)
    assert tree.truncated
    assert "node cap 50" in tree.note
    assert tree.recorded == len(visited(tree)) == 50
    assert (tree.best_move, tree.score, tree.nodes) == (plain.move, plain.score, plain.nodes)
    assert tree.root.truncated
    assert [event.kind for event in tree.events].count(EventKind.TRUNCATED) == 1
    assert sum(1 for event in tree.events if event.kind is EventKind.ENTER) == 50


def test_a_king_shuffle_back_to_an_earlier_position_scores_a_draw() -> None:
    # 1-5, 26-30, 5-1, 30-26 brings the start back on the search path: a draw, worth 0.
    tree = tracked_search(Position.from_fen("B:WK26:BK1,K32"), 4, "minimax")
    repeats = [node for node in visited(tree) if node.reason is ScoreReason.REPETITION]
    assert repeats
    for node in repeats:
        assert node.score == 0
        ancestors = []
        parent = node.parent
        while parent is not None:
            ancestors.append(parent.position)
            parent = parent.parent
        assert node.position in ancestors


def test_unknown_names_list_the_choices() -> None:
    with pytest.raises(ValueError, match="alphabeta, minimax"):
        tracked_search(Position(), 2, "negamax")
    with pytest.raises(ValueError, match="count, engine, seed"):
        tracked_search(Position(), 2, evaluation="vibes")
