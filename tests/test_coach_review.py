"""The review that teaches: a "!" for a correct shot, the databases' verdict on a move that
throws a result away, the only move that keeps it, and what each mistake missed or walked into."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

from checkers.ai.search import WIN, Limits
from checkers.board import BLACK, WHITE, Move, Position
from checkers.cli import main
from checkers.coach import proves
from checkers.coach.teaching import database_change
from checkers.review import Label, PositionScore, ReviewSetting, judge, review_moves

FIRST_PROBLEM = "W:W32,27,24,22:B20,15,10,7"
SETTING = ReviewSetting(Limits(depth=12))


def _review(fen: str, moves: list[str]):  # type: ignore[no-untyped-def]
    position = Position(fen)
    played = []
    for text in moves:
        move = Move.from_pdn(text, position)
        played.append(move)
        position = position.move(move)
    return list(review_moves(Position(fen), played, SETTING))


def test_the_winning_shot_gets_an_exclamation_mark_and_its_idea() -> None:
    review = _review(FIRST_PROBLEM, ["27-23"])[0]
    assert review.label is Label.BEST and review.mark == "!"
    shot = review.lesson.ideas[0]
    assert shot.name == "shot" and proves(Position(FIRST_PROBLEM), shot)
    assert review.lesson.note.startswith("White's shot: 27-23 gives a man and takes two men")


def test_a_blunder_names_the_shot_it_missed() -> None:
    review = _review(FIRST_PROBLEM, ["22-18"])[0]
    assert review.label is Label.BLUNDER and review.mark == "??"
    assert review.lesson.note.startswith("misses White's shot: 27-23 gives a man")


def test_a_man_left_to_be_taken_is_named_before_what_the_best_move_would_have_done() -> None:
    # Walks 2026-11-30q and r: 12-16 left for 19x12 read "misses an exchange: ..." of the best
    # move 11-15, never that the man was lost; the loss is the man.
    fen = "B:W18,19,21,23,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,14"
    review = _review(fen, ["12-16"])[0]
    assert review.label in (Label.MISTAKE, Label.BLUNDER) and review.loss >= 0.75
    assert review.lesson.note.startswith("loses a man: 19x12") and review.lesson.given == 1


def test_a_move_into_a_shot_says_it_walks_into_it() -> None:
    # The Goose Walk: White's 28-24 lets Black's pitches and the 11x18x25 stroke through (so
    # does 27-24, but with the pattern tables the review's line after it names no idea).
    fen = "W:W32,31,30,28,27,26,23,22,21,20,18:B16,15,11,9,8,7,6,5,3,2,1"
    review = _review(fen, ["28-24"])[0]
    assert review.label in (Label.MISTAKE, Label.BLUNDER)
    assert review.lesson.note.startswith("walks into Black's ")
    assert review.lesson.ideas and all(proves(Position(fen), idea) for idea in review.lesson.ideas)


def test_inside_the_databases_a_result_thrown_away_is_a_blunder_whatever_the_scores() -> None:
    position = Position("W:WK19,K23:BK28,12")  # First Position: White wins
    move = Move.from_pdn("19-16", position)  # 12x19x26 follows: the win is gone
    change, only = database_change(position, move)
    assert change == "turns a database win into a loss" and not only
    # Scores that say nothing was lost: the databases decide all the same.
    level = PositionScore(move, 0.0, (move,), 10)
    review = judge(1, position, move, level, PositionScore(None, 0.0), 100.0)
    assert review.loss == 0.0 and review.label is Label.BLUNDER
    assert "turns a database win into a loss" in review.lesson.result_change


def test_the_only_move_that_keeps_the_database_win_is_marked() -> None:
    position = Position("W:WK29,K20:BK19")
    move = Move.from_pdn("29-25", position)
    assert database_change(position, move) == ("", True)
    won = PositionScore(move, float(WIN - 21), (move,), 10)
    review = judge(1, position, move, won, PositionScore(None, float(20 - WIN)), 100.0)
    assert review.lesson.only_move and review.label is not Label.BLUNDER


def test_the_review_command_prints_what_each_move_teaches(tmp_path: Path) -> None:
    game = tmp_path / "game.pdn"
    game.write_text(
        f'[Event "t"]\n[SetUp "1"]\n[FEN "{FIRST_PROBLEM}"]\n[Result "*"]\n1. ... 22-18 15x22 *\n',
        encoding="utf-8",
    )
    out = io.StringIO()
    assert main(["review", str(game), "--depth", "10"], out) == 0
    assert "22-18?? misses White's shot: 27-23" in out.getvalue()
    out = io.StringIO()
    assert main(["review", str(game), "--depth", "10", "--format", "json"], out) == 0
    first = json.loads(out.getvalue())
    moves = first["games"][0]["moves"] if "games" in first else first["moves"]
    assert moves[0]["mark"] == "??" and moves[0]["ideas"][0]["name"] == "shot"


# The walk of 2026-11-30 (You vs AI Club as Black: 11-15 23-19 8-11 26-23 12-16): the review's
# search after 12-16, its score and its line, planted so that no search runs.
WALK_MOVES = ["11-15", "23-19", "8-11", "26-23", "12-16"]
WALK_REPLY = [
    "19x12",
    "4-8",
    "23-18",
    "10-14",
    "24-20",
    "14x23",
    "27x18",
    "9-14",
    "18x9",
    "5x14",
    "22-17",
    "14-18",
    "17-14",
    "18-22",
    "25x18",
    "15x22",
    "30-26",
    "11-15",
    "26x17",
    "15-18",
    "28-24",
]
WALK_BEST = [
    "9-14",
    "22-18",
    "15x22",
    "25x18x9",
    "5x14",
    "29-25",
    "11-15",
    "24-20",
    "15x24",
    "28x19",
    "4-8",
]


def _walk_review(after_figure: float = 60.0):  # type: ignore[no-untyped-def]
    from checkers.review import MoveReview

    position = Position()
    for text in WALK_MOVES[:-1]:
        position = position.move(Move.from_pdn(text, position))
    move = Move.from_pdn(WALK_MOVES[-1], position)
    after = position.move(move)

    def line(start: Position, texts: list[str]) -> tuple[Move, ...]:
        moves = []
        for text in texts:
            moves.append(Move.from_pdn(text, start))
            start = start.move(moves[-1])
        return tuple(moves)

    best = line(position, WALK_BEST)
    reply = line(after, WALK_REPLY)
    before_score = PositionScore(best[0], 30.0, best, 14)
    after_score = PositionScore(reply[0], after_figure, reply, 14)
    review: MoveReview = judge(5, position, move, before_score, after_score, 100.0)
    return review, after


def test_a_count_of_men_given_up_follows_the_line_shown_and_the_number_beside_it() -> None:
    from checkers.coach.outcome import line_outcome
    from checkers.gui.review_model import move_words

    # It read "You lost 0.90 men. Loses two men: 19x12 4-8 23-18 10-14 24-20 14x23": two men
    # beside 0.90 (the second man goes 13 moves later, in a line the score does not believe),
    # and the line shown ended with White's recapture 27x18 still to come.
    review, after = _walk_review()
    assert review.label is Label.BLUNDER and review.loss is not None
    assert round(review.loss, 2) == 0.90
    shown = " ".join(move.pdn() for move in review.lesson.given_line)
    assert shown == "19x12 4-8 23-18 10-14 24-20 14x23 27x18"
    assert review.lesson.note == f"loses a man: {shown}"
    # What the line shown counts is what its own moves capture: nothing is pending at its end.
    end = after
    for move in review.lesson.given_line:
        end = end.move(move)
    assert not end.is_capture_pending()
    assert line_outcome(after, list(review.lesson.given_line), side=review.side).gain == -1
    lines = move_words(review, 100.0, review.side)
    # The label said by the chances where its men in an even game would give another (walk
    # 2026-12-01ai: only the milder label's note said why).
    assert lines[1].startswith(f"You lost 0.90 men: 12-16 gives up a man to {shown}. A blunder,")
    assert "two men" not in " ".join(lines)
    assert lines[2] == (
        "Best 9-14; before +0.30 for you, after +0.60 for the AI (looked 14 turns ahead)"
    )


def test_a_loss_well_over_the_men_given_up_says_the_rest_is_the_position() -> None:
    """The walk of 2026-11-30f read "lost 3.50 men" beside "loses a man" alone: the note and
    the window's row both say the position after it is weaker besides."""
    from checkers.gui.review_model import move_words

    review, _ = _walk_review(after_figure=320.0)
    assert review.loss is not None and review.loss > 3.0
    shown = " ".join(move.pdn() for move in review.lesson.given_line)
    weaker = ", and the position after it is weaker besides"
    assert review.lesson.note == f"loses a man: {shown}{weaker}"
    assert move_words(review, 100.0, review.side)[1].endswith(weaker)
    assert not _walk_review()[0].lesson.note.endswith(weaker)  # 0.90 men: a man, no more


def test_a_count_never_says_more_men_than_the_loss_rounds_to_nor_ones_won_back() -> None:
    from checkers.coach.teaching import SHOWN_MOVES, men_given

    review, after = _walk_review()
    reply = review.after.line
    # A loss under about a man (0.75, where a score reads as a man and Why? names a shot): no
    # man is given up by the number, so no count is said (walk 2026-11-30d read "lost half a
    # man: 12-16 gives up a man").
    assert men_given(after, reply, 0.4) is None
    assert men_given(after, reply, 0.5) is None
    for lost in (0.75, 0.9, 1.4, None):
        found = men_given(after, reply, lost)
        assert found is not None and found[0] == 1, lost
        assert len(found[1]) <= SHOWN_MOVES
    # The line cut where White has taken a man Black takes back at once (14x23, 27x18 to come
    # after 24-20): counted only where no capture is pending.
    assert men_given(after, reply[:6], None) == (1, reply[:1])
    # A man won back later in the line: the early count is not said.
    start = Position("W:W19,14:B1,15,20")  # after a Black move that left 15 hanging
    line, position = [], start
    for text in ("19x10", "1-5", "14-9", "5x14"):
        line.append(Move.from_pdn(text, position))
        position = position.move(line[-1])
    assert men_given(start, line[:1], None) == (1, tuple(line[:1]))
    assert men_given(start, line, None) is None


def test_a_note_names_an_opponents_gain_only_where_the_score_after_shows_it() -> None:
    # Walk 2026-11-29c: "Black lost half a man. Walks into White's shot: ... a two-for-one"
    # beside a score after the move still for the mover. The review's notes follow Why?'s rule
    # (`coach.ideas.agreeing`): a gain of material is named only where the score shows it.
    from checkers.coach.teaching import lesson

    position = Position("B:W32,27,24,22:B16,15,10,7")  # 16-20 lets White's 27-23 shot in
    move = Move.from_pdn("16-20", position)
    line, after = [], position.move(move)
    for text in ["27-23", "20x27", "23-18", "7-11", "32x23", "10-14", "18x9"]:
        reply = Move.from_pdn(text, after)
        line.append(reply)
        after = after.move(reply)
    shown = lesson(position, move, [], line, best=False, mistake=True, scored=(-1.5, None))
    assert shown.note.startswith("walks into White's shot: 27-23 gives a man and takes two")
    kept = lesson(position, move, [], line, best=False, mistake=True, scored=(0.45, None))
    assert "shot" not in kept.note and not kept.ideas


def test_a_loss_of_men_called_only_a_mistake_says_why() -> None:
    # Walk 2026-11-29c: "Black lost 2.15 men" under the label "mistake" with no word of why.
    from checkers.gui.review_model import move_words
    from checkers.review import MoveReview, chances_words, milder_words

    position = Position()
    move, best = (Move.from_pdn(text, position) for text in ("11-15", "11-16"))
    review = MoveReview(
        13,
        position.turn,
        move,
        best,
        -0.60,
        2.15,
        Label.MISTAKE,
        position,
        PositionScore(best, -60.0, (best,), 10),
        PositionScore(None, 275.0, (), 10),
        drop=25.0,
        played=-2.75,
    )
    words = milder_words(review)
    assert words.startswith("a mistake, not a blunder, by the chances: Black was already behind,")
    # The figures `chances_words` gives beside it (walk 2026-12-01z: "fell from 24% to 7%"
    # beside "expected 24% of a point before the move, 8% after"): the chance after is the
    # chance before less the rounded fall.
    assert words.endswith("and its chances fell from 26% to 1%")
    assert "expected 26% of a point before the move, 1% after" in chances_words(review)
    loss = move_words(review, 100.0, None)[1]
    assert loss.startswith("Black lost 2.15 men: a mistake, not a blunder, by the chances")
    # Against the AI the note names the mover one way (walk 2026-12-01ab: "You lost 1.15 men:
    # ... Black was already behind, and they fell from 10% to 1%").
    yours = move_words(review, 100.0, BLACK)[1]
    assert yours.startswith(
        "You lost 2.15 men: a mistake, not a blunder, by the chances: you were already behind,"
        " and your chances fell from 26% to 1%"
    ), yours
    theirs = move_words(review, 100.0, WHITE)[1]
    assert "by the chances: the AI was already behind, and its chances fell" in theirs, theirs
    # A loss whose men give the same label says nothing more.
    same = MoveReview(
        13, position.turn, move, best, 0.0, 0.60, Label.MISTAKE, position,
        PositionScore(best, 0.0, (best,), 10), PositionScore(None, 60.0, (), 10),
    )  # fmt: skip
    assert milder_words(same) == ""
    # Nor a harsher label than its men in an even game: the chances say why (walk
    # 2026-12-01ai: "12-16?? ... lost 0.90 men" beside "14-17? ... lost 1.25 men", only the
    # mistake saying why).
    harsher = MoveReview(
        13, position.turn, move, best, 0.25, 0.90, Label.BLUNDER, position,
        PositionScore(best, 25.0, (best,), 10), PositionScore(None, 65.0, (), 10),
        drop=40.0, played=-0.65,
    )  # fmt: skip
    words = milder_words(harsher)
    assert words.startswith("a blunder, not a mistake, by the chances: Black's chances fell from")
    start, end = (int(n) for n in re.findall(r"(\d+)%", words))
    assert start - end == 40, words


def test_a_move_into_a_draw_by_the_rules_reads_a_draw_not_even() -> None:
    """The walk of 2026-11-30g: the last move of a game drawn by repetition read "After the
    move even" beside the bar's "draw"."""
    from checkers.gui.review_model import DRAWN_HERE, move_words
    from checkers.review import Label, MoveReview, PositionScore

    position = Position()
    move = position.legal_moves()[0]
    review = MoveReview(
        1, BLACK, move, move, 0.0, 0.0, Label.BEST, position,
        PositionScore(move, 0.0, (move,), 14), PositionScore(None, 0.0),
    )  # fmt: skip
    lines = move_words(review, 1.0, None)
    assert f"After the move {DRAWN_HERE}" in lines, lines
    # A search's level score stays `even`, with how far it looked.
    searched = dataclasses.replace(review, after=PositionScore(move, 0.0, (move,), 14))
    assert any(line.startswith("After the move even") for line in move_words(searched, 1.0, None))


def test_a_move_as_good_as_the_reviews_best_is_called_one_of_the_best() -> None:
    # Walk 2026-12-01ac: "calls 32-27 the best move: the AI lost nothing: as good as 22-18;
    # best 22-18" named two best moves.
    from checkers.gui.review_model import review_verdict
    from checkers.review import MoveReview

    position = Position()
    move, best = (Move.from_pdn(text, position) for text in ("11-15", "9-14"))
    review = MoveReview(
        1, position.turn, move, best, 0.05, 0.0, Label.BEST, position,
        PositionScore(best, 5.0, (best,), 10), PositionScore(None, -5.0, (), 10),
        played=0.05,
    )  # fmt: skip
    words = review_verdict(review, 100.0, None)
    assert "calls 11-15 one of the best moves: Black lost nothing: as good as 9-14" in words, words


def test_men_given_to_a_shot_outrank_an_even_exchange_missed() -> None:
    # Walk 2026-12-01ac: "1-5?? ... misses an exchange: ..." where 1-5 let White's 17x10x1
    # take two men; the reply line later traded two for two through a count of one, and the
    # count was dropped for it.
    from checkers.coach.teaching import lesson, men_given

    position = Position("B:W17,21,22,23,25,26,27,28,30,31,32:B1,2,3,4,6,7,8,9,11,12,14,15")
    move = Move.from_pdn("1-5", position)

    def line(start: Position, texts: str) -> list[Move]:
        moves = []
        for text in texts.split():
            moves.append(Move.from_pdn(text, start))
            start = start.move(moves[-1])
        return moves

    best = line(position, "7-10 17-13 11-16 22-17 16-19 23x16 12x19")
    reply = line(
        position.move(move),
        "17x10x1 15-19 23x16 12x19 22-17 9-13 17-14 11-15 25-22 8-11 27-23 4-8 23x16 11x20"
        " 14-10 7x14 22-18 15x22 26x17x10",
    )
    given = men_given(position.move(move), reply, 3.10)
    assert given is not None and given[0] == 2 and given[1][0].pdn() == "17x10x1"
    taught = lesson(position, move, best, reply, best=False, mistake=True, lost=3.10)
    assert taught.note.startswith("loses two men: 17x10x1"), taught.note
    assert "exchange" not in taught.note
    # Won back for good at the line's end, the men are not said to be given.
    assert men_given(position.move(move), reply[:16], 3.10) is None
