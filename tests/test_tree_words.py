"""The tree view's words: scores in men, and fail-high / fail-low values as bounds."""

from __future__ import annotations

import dataclasses

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


def test_the_header_gives_the_games_deeper_judgement_in_the_panels_words() -> None:
    # The walk read "+0.15 for White" in the tree's header beside the panel's "+0.05 for you"
    # for one position: the header gives the game's one judgement when it looked at least as
    # deep, told as the panel tells it, and the tree's own number only as its own.
    from checkers.board import BLACK, WHITE
    from checkers.gui.tree_view.explain import header_lines
    from checkers.gui.tree_view.words import GameScore
    from checkers.gui.wording import advantage_words

    # White to move a man up: the tree (3 turns ahead) sees about a man for White.
    position = Position.from_fen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11")
    tree = tracked_search(position, 3, "alphabeta", "engine")
    man = man_value("engine")
    assert tree.score is not None and tree.score > man / 2

    def header(judged: GameScore | None, human: object = BLACK, curious: bool = False) -> str:
        lines = header_lines(tree, None, None, man, curious, 1, human, judged)  # type: ignore[arg-type]
        return lines[0][0]

    alone = header(None)
    assert "for the AI)" in alone and "for White" not in alone  # White is the AI against you
    assert "for White)" in header(None, human=None)  # two people: Black and White by name
    deeper = GameScore(-0.5 * man, man, BLACK, 14)  # Black's view: half a man for White
    said = header(deeper)
    assert said.endswith(". The position's score: +0.50 for the AI (looked 14 turns ahead).")
    own = advantage_words(tree.score / man, WHITE, BLACK)  # the tree's own, from White's view
    assert own.endswith("for the AI") and f"the best move is {tree.best_move.pdn()} ({own})" in said
    # The deeper score's line begins with another move than the tree's best: said, so the
    # tree's best move is not read as the one that score belongs to (walk of 2026-11-30).
    assert tree.best_move is not None
    other = next(m.pdn() for m in position.legal_moves() if m != tree.best_move)
    named = header(dataclasses.replace(deeper, best=other))
    assert named.startswith(f"Looking 3 turns ahead, the best move is {tree.best_move.pdn()} (")
    assert named.endswith(f"turns ahead), from a deeper line starting {other}."), named
    assert "line starting" not in header(dataclasses.replace(deeper, best=tree.best_move.pdn()))
    # Still deepening: said as the panel says it, with how far it has looked so far.
    thinking = header(GameScore(-0.1 * man, man, BLACK, 9, deepening=True))
    assert "The position's score: even (thinking... 9 turns ahead)." in thinking
    # Shallower than the tree: the tree's own number is the position's score.
    assert header(GameScore(0.0, man, WHITE, 2)) == alone
    # The same words at another depth are said once, in the tree's sentence.
    assert header(GameScore(tree.score, man, WHITE, 12)) == alone
    # A forced or database result stands over any depth.
    forced = header(GameScore(-(10**6 - 9), man, BLACK, 1))
    assert "The AI wins in 5 moves" in forced
    # For the curious, in the search's terms, from the root's side.
    curious = header(deeper, curious=True)
    assert "the game's judgement: +0.50 at depth 14" in curious


def test_an_even_header_gives_the_figure_the_start_node_shows() -> None:
    # The walk read "the best move is 17-13 (even)" above a start node reading "-0.10": the
    # header says the node's figure with `even`, so the two never disagree.
    from checkers.gui.tree_view.explain import header_lines

    tree = tracked_search(Position(), 3, "alphabeta", "engine")
    man = man_value("engine")
    assert tree.score is not None and 0 < abs(tree.score) < man / 5  # even, yet not nought
    node = node_score(tree.root, man)
    said = header_lines(tree, None, None, man, False)[0][0]
    # The figure is the tree's, from the root's side (Black moves first), named as the panel names it.
    assert f"(even: {node} for Black)" in said and node != "0.00"
    # A score of nought reads `even` alone: there is no figure to disagree with.
    level = tracked_search(Position(), 2, "alphabeta", "engine")
    assert level.score == 0 and "(even)" in header_lines(level, None, None, man, False)[0][0]


def test_the_nodes_figures_name_their_side_in_the_panels_words() -> None:
    # The walk of 2026-11-30 read nodes "-0.15" under "White to move: picks the highest score"
    # while every other screen says "for you" / "for the AI": the panel now names the side the
    # figures are for, and says them as the game's panel would.
    import re

    from checkers.board import BLACK, WHITE, Move
    from checkers.gui.tree_view.explain import describe_event, node_lines
    from checkers.gui.tree_view.layout import Replay
    from checkers.gui.tree_view.words import legend
    from checkers.gui.wording import advantage_words, score_words

    position = Position()
    for text in ("11-15", "23-19", "8-11"):
        position = position.move(Move.from_pdn(text, position))
    assert position.turn is WHITE  # the AI's move, the player Black
    tree = tracked_search(position, 4, "alphabeta", "engine")
    man = man_value("engine")
    for human, ours, theirs in ((BLACK, "the AI", "you"), (None, "White", "Black")):
        meaning = dict(legend(False, WHITE, human))
        assert f"the score in men for {ours}" in meaning["number below a shape"]
        assert f"-1.00 a man ahead for {theirs}" in meaning["number below a shape"]
        shown = [n for n in nodes(tree.root) if n.score is not None and not n.pruned]
        assert len(shown) > 10
        for node in shown:
            lines = [text for text, _ in node_lines(node, tree, None, 0, man, False, None, human)]
            mover = ours if node.position.turn is WHITE else theirs
            assert lines[0] == (
                f"{node.position.turn.name.capitalize()}"
                f"{'' if human is None else f' ({mover})'} to move: picks the"
                f" {'highest' if node.maximizing else 'lowest'} score for {ours}"
            ), lines
            figure = node_score(node, man, short=False, curious=False)
            said = lines[1].removeprefix("score ").split(": ")[0]
            assert said.startswith(f"{figure} for {ours}"), (said, figure)
            # In brackets, the game's panel's words for the same figure.
            if bound_kind(node):
                limit = "upper" if bound_kind(node) == "<=" else "lower"
                panel = advantage_words(round(node.score / man, 2), WHITE, human, limit)
            else:
                panel = score_words(node.score, man, WHITE, human)
            assert said in (panel, f"{figure} for {ours} ({panel})"), (said, panel)
            if panel.endswith(f"for {theirs}"):  # the other side ahead: the sign turns round
                # (A bound inside the even band reads `even` there, as the panel's words do.)
                assert re.search(
                    rf"^(at most |at least )?-\d\.\d\d for {ours} \((at least |at most )?(\+\d\.\d\d|even) for {theirs}\)$",
                    said,
                ), said
    # The replayed steps say the values with their side too.
    replay = Replay(tree)
    words = [describe_event(event, replay, man, False, None, BLACK) for event in tree.events]
    assert any(re.search(r"is worth [+-]\d\.\d\d for the AI\.", text) for text in words)
