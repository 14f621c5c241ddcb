"""One score text and one wording of a forced result, in the winner's moves, wherever a player
reads them: the command line, the tree export, the book line, the review and the window."""

from __future__ import annotations

import io
import re

import pytest

from checkers.ai.book import format_score_in_men
from checkers.ai.search import WIN, score_text
from checkers.board import BLACK, WHITE
from checkers.cli import main
from checkers.gui.explaining import line_score
from checkers.gui.wording import advantage_words, depth_words, score_words
from checkers.notation import forced_text, result_text
from checkers.review import win_text

BLACK_TAKES_THE_LAST_MAN = "B:W14:BK10"  # Black's king takes White's last man: won at once


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_a_forced_result_is_said_in_the_winners_moves_with_its_subject() -> None:
    assert result_text(3) == "wins in 3 moves"
    assert result_text(1, wins=False) == "loses in 1 move"
    assert result_text(2, who="White") == "White wins in 2 moves"
    assert result_text(1, who="you") == "you win in 1 move"
    assert result_text(0, wins=False) == "has lost"
    assert forced_text(5) == "wins in 3 moves"  # 5 plies: the winner moves 3 times
    assert forced_text(4, wins=False) == "loses in 2 moves"  # the winner's 2 moves
    assert forced_text(7, short=True) == "W4" and forced_text(2, False, short=True) == "L1"


def test_every_place_words_the_same_won_score_the_same_way() -> None:
    won = WIN - 9  # a win in 9 plies: 5 of the winner's moves
    assert score_text(won) == "wins in 5 moves"
    assert format_score_in_men(won) == "wins in 5 moves"  # it read "win in 9" (plies)
    assert win_text(won) == "wins in 5 moves"
    assert score_words(won, 100, BLACK, None) == "Black wins in 5 moves"
    assert score_words(-won, 100, BLACK, BLACK) == "the AI wins in 5 moves"
    assert score_words(-won, 100, BLACK, WHITE) == "you win in 5 moves"


def test_one_position_reads_the_same_from_either_side_for_the_side_ahead() -> None:
    # The panel scores from the searcher, the hint from the human, Why? from the AI: the words
    # for one position must not depend on whose view the number came in (they did: "-0.35 for
    # you" beside "+0.35 for White").
    assert score_words(35, 100, WHITE, None) == score_words(-35, 100, BLACK, None)
    assert score_words(35, 100, WHITE, None) == "+0.35 for White"
    assert score_words(-35, 100, WHITE, WHITE) == "+0.35 for the AI"
    assert score_words(35, 100, BLACK, WHITE) == "+0.35 for the AI"
    assert score_words(-100, 100, BLACK, WHITE) == "+1.00 for you"
    assert score_words(0.2, 100, BLACK, WHITE) == "even"  # nought: no sign, no side
    assert line_score(-0.35, None, BLACK, BLACK) == "+0.35 for the AI"


def test_a_bound_is_told_for_the_side_it_favours() -> None:
    # A move the search cut off: "at most -0.40" for the AI is "at least +0.40" for you.
    assert advantage_words(-0.4, WHITE, BLACK, "upper") == "at least +0.40 for you"
    assert advantage_words(0.25, WHITE, BLACK, "upper") == "at most +0.25 for the AI"
    # Inside the even band a bound reads `even`, as an exact score there does.
    assert advantage_words(0.15, WHITE, BLACK, "upper") == "at most even for the AI"
    assert advantage_words(-0.15, WHITE, BLACK, "upper") == "at least even for you"
    assert advantage_words(0.5, BLACK, None, "lower") == "at least +0.50 for Black"
    assert advantage_words(-0.5, BLACK, None, "lower") == "at most +0.50 for White"
    assert advantage_words(0.0, BLACK, None, "upper") == "at most even for Black"


def test_depth_is_counted_in_turns_not_the_move_lists_moves() -> None:
    # The move list's "move 6" is Black's and White's turns together; a search of 6 turns is
    # 3 of those moves, so the words must not both say "moves".
    assert depth_words(6) == "6 turns ahead" and depth_words(1) == "1 turn ahead"


@pytest.mark.parametrize(
    "argv",
    [
        ("analyse", BLACK_TAKES_THE_LAST_MAN, "--depth", "3"),
        ("tree", BLACK_TAKES_THE_LAST_MAN, "--depth", "2"),
    ],
)
def test_the_command_line_says_a_won_position_in_moves_never_plies(argv: tuple[str, ...]) -> None:
    out = run(*argv)
    assert "wins in 1 move" in out
    assert not re.search(r"\bpl(y|ies)\b", out)  # it read "win in 1" / "win in 1 ply"


def test_analyse_scores_in_men_as_its_lines_and_the_book_do() -> None:
    out = run("analyse", "B:W21-32:B1-12", "--depth", "3")
    scores = re.findall(r"score\s+(\S+)", out)
    assert len(scores) == 4  # three depths and the best move
    assert all(re.fullmatch(r"[+-]\d+\.\d\d", score) for score in scores), scores


def test_a_score_under_a_fifth_of_a_man_reads_even_everywhere_whichever_search_gave_it() -> None:
    # The walk read one position four ways: the review "even", the tree "+0.15 for White", the
    # bar 0.05 and the panel "+0.05 for you", then "+0.05 for the AI" when a deeper search
    # replaced it. One rule: under the review's bound between a good move and an inaccuracy.
    from checkers.coach.exact import score_verdict
    from checkers.gui.tree_view.words import plain_score
    from checkers.gui.wording import bar_number, black_share
    from checkers.notation import EVEN_MEN
    from checkers.review import EVEN_BANDS

    assert EVEN_MEN == EVEN_BANDS[1]
    for score in (5, -5, 15, -19, 0.2):  # a man is 100
        assert score_words(score, 100, BLACK, WHITE) == "even"
        assert score_words(score, 100, WHITE, None) == "even"
        assert bar_number(score, 100) == "even" and black_share(score, 100, WHITE) == 0.5
        assert plain_score(score, 100, BLACK) == "even"
        assert score_verdict(score / 100) == "keeps it level"
    assert score_words(20, 100, BLACK, WHITE) == "+0.20 for the AI"
    assert score_words(-20, 100, BLACK, WHITE) == "+0.20 for you"
    assert bar_number(-20, 100) == "0.20" and black_share(-20, 100, BLACK) < 0.5
    assert score_verdict(0.2) == "is a little better"
    # A bound inside the band reads `even` too (the walk of 2026-11-29 read the panel's "even"
    # beside Why?'s figure); outside it, it keeps its number.
    assert advantage_words(0.15, WHITE, BLACK, "upper") == "at most even for the AI"
    assert advantage_words(0.2, WHITE, BLACK, "upper") == "at most +0.20 for the AI"
