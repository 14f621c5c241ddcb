"""Explaining the AI: the best lines (multi-PV) and why a move, from the engine's real search."""

from __future__ import annotations

import dataclasses
import io
import json
import pickle

import pytest

from checkers.ai.engine import Engine
from checkers.ai.levels import get_level
from checkers.ai.players import AIPlayer
from checkers.ai.search import WIN, Limits
from checkers.board import Move, Position
from checkers.cli import main
from checkers.coach.explain import (
    BOUND_WORDS,
    Explanation,
    MoveScore,
    analysis_lines,
    explain_choice,
    sentences,
    win_in_moves,
)

POSITIONS = [
    Position(),
    Position.from_fen("B:W13,19,20,21,23,24,25,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15,18"),
    Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15"),
    Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32"),
]
ONE_MOVE = "B:W32:B5"  # 5-9 only
ONE_CAPTURE = "B:W18:B14"  # 14x23 takes White's last piece
TWO_CAPTURES = "B:W17,18:B14"  # 14x21 or 14x23


def run(*argv: str) -> tuple[int, str]:
    """Run the CLI in-process; returns (exit status, stdout)."""
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def order_key(score: float | None, win_in: int | None) -> float:
    """A score or forced result as one number to compare: a faster win is better."""
    if win_in is not None:
        return WIN - abs(win_in) if win_in > 0 else -WIN + abs(win_in)
    assert score is not None
    return score


def assert_legal_line(position: Position, line: list[str]) -> None:
    for text in line:
        move = Move.from_pdn(text, position)
        assert move in position.legal_moves(), (text, position.fen())
        position = position.move(move)


# --- analysis lines --------------------------------------------------------------------------


@pytest.mark.parametrize("position", POSITIONS, ids=["start", "opening", "middle", "kings"])
def test_analyse_lines_3_are_distinct_legal_best_first_with_legal_lines(
    position: Position,
) -> None:
    status, out = run("analyse", position.fen(), "--lines", "3", "--depth", "6", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["depth"] == 6
    lines = data["lines"]
    moves = [line["move"] for line in lines]
    assert len(moves) == 3 == len(set(moves))
    legal = {move.pdn() for move in position.legal_moves()}
    assert set(moves) <= legal
    keys = [order_key(line["score"], line.get("win_in")) for line in lines]
    assert keys == sorted(keys, reverse=True)
    for line in lines:
        assert line["pv"][0] == line["move"]
        assert_legal_line(position, line["pv"])


@pytest.mark.parametrize("position", POSITIONS, ids=["start", "opening", "middle", "kings"])
def test_one_line_is_the_plain_search(position: Position) -> None:
    plain = Engine().search(position, Limits(depth=7))
    analysis = analysis_lines(position, Limits(depth=7), 1)
    assert plain.move is not None
    [line] = analysis.lines
    assert analysis.depth == 7
    assert line.move == plain.move.pdn()
    assert line.score == pytest.approx(plain.score / 100)
    assert line.pv == tuple(move.pdn() for move in plain.pv)


def test_as_many_lines_as_moves_cover_every_move_once() -> None:
    position = POSITIONS[2]
    analysis = analysis_lines(position, Limits(depth=5), 20)
    assert len(analysis.lines) == len(position.legal_moves())  # every move, once
    assert {line.move for line in analysis.lines} == {m.pdn() for m in position.legal_moves()}


def test_fewer_moves_than_lines_gives_a_line_per_move() -> None:
    status, out = run("analyse", TWO_CAPTURES, "--lines", "5", "--depth", "4", "--format", "json")
    assert status == 0
    assert sorted(line["move"] for line in json.loads(out)["lines"]) == ["14x21", "14x23"]


def test_a_forced_win_is_counted_in_moves_with_a_number_beside_its_words() -> None:
    status, out = run("analyse", ONE_CAPTURE, "--lines", "3", "--depth", "3", "--format", "json")
    assert status == 0
    [line] = json.loads(out)["lines"]
    assert line == {
        "move": "14x23",
        "score": 20.0,
        "pv": ["14x23"],
        "win_in": 1,
        "database": "database win in 1 move",  # two pieces: the databases know it
        "ideas": [],  # taking the last piece is no bottle-up: nothing else is named
    }
    status, out = run("analyse", ONE_CAPTURE, "--lines", "3", "--depth", "3")
    assert status == 0 and "database win in 1 move" in out
    assert out.startswith("from the endgame databases, the best move, ")


@pytest.mark.parametrize(
    ("fen", "result"),
    [("B:WK1:BK10,K19", "database win"), ("B:WK1:BK18", "database draw")],
    ids=["two kings against one", "one king against one"],
)
def test_several_lines_of_a_database_position_come_from_the_databases_at_once(
    fen: str, result: str
) -> None:
    # A settled position is not searched deeper and deeper: every line is the databases' own,
    # best first, each one leading where its words say.
    position = Position.from_fen(fen)
    analysis = analysis_lines(position, Limits(depth=30), 3)
    assert analysis.depth == 1
    assert len(analysis.lines) == 3
    assert analysis.lines[0].database is not None
    assert analysis.lines[0].database.startswith(result)
    keys = [order_key(line.score, line.win_in) for line in analysis.lines]
    assert keys == sorted(keys, reverse=True)
    for line in analysis.lines:
        assert line.database is not None and line.pv[0] == line.move
        assert_legal_line(position, list(line.pv))
    best = Engine().search(position, Limits(depth=30))
    assert best.database and best.move is not None
    assert analysis.lines[0].move == best.move.pdn()


def test_win_in_moves_counts_the_winners_moves() -> None:
    assert win_in_moves(WIN - 1) == 1
    assert win_in_moves(WIN - 3) == 2
    assert win_in_moves(-(WIN - 2)) == -1  # the opponent wins with its first move
    assert win_in_moves(-(WIN - 4)) == -2


def test_analyse_lines_text_numbers_the_lines() -> None:
    status, out = run("analyse", "--lines", "2", "--depth", "4")
    assert status == 0
    rows = out.splitlines()
    assert rows[0].startswith("depth 4, 2 best moves, scores in men for Black")
    assert rows[1].lstrip().startswith("1. ") and rows[2].lstrip().startswith("2. ")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--lines", "0"], "must be 1 or more"),
        (["--lines", "21"], "at most 20"),
        (["--lines", "two"], "not a whole number"),
        (["--lines", "3", "--algorithm", "alphabeta"], "needs the engine"),
        (["--lines", "3", "--why"], "one at a time"),
    ],
)
def test_bad_lines_options_are_one_line_errors(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run("analyse", "--depth", "2", *argv)
    err = capsys.readouterr().err
    assert status == 2
    assert problem in err and err.count("\n") == 1


# --- why this move ---------------------------------------------------------------------------


def engine_level_players() -> list[AIPlayer]:
    """The engine levels at a fixed depth instead of their time: the same search, no timing
    (and no opening book, which answers without searching: see the book test below)."""
    players = [
        AIPlayer.for_level(dataclasses.replace(get_level(name), time=None, depth=6))
        for name in ("club", "strong", "master")
    ]
    for player in players:
        player.book = False
    return players


def test_a_book_move_is_explained_as_one_with_the_book_s_other_moves() -> None:
    player = AIPlayer.for_level(get_level("club"))
    choice = player.choose(Position())
    why = explain_choice(Position(), choice)
    assert choice.note == "book move" and why is not None and why.from_book
    assert why.moves[0].move == why.played == choice.result.move.pdn()  # type: ignore[union-attr]
    assert len(why.moves) > 1 and all(move.bound == "exact" for move in why.moves)
    said = sentences(why)
    assert said[0].startswith(f"{why.played} came from the opening book")
    rest = said[1:]
    scores = [move.score for move in why.moves if move.score is not None]
    if max(scores) > scores[0]:  # a better-scored book move: the card says why it was not played
        assert rest[0].startswith("At the book's look") and "the book picks among" in rest[0]
        rest = rest[1:]
    assert all(line.startswith("Also in the book: ") for line in rest)


@pytest.mark.parametrize("position", POSITIONS, ids=["start", "opening", "middle", "kings"])
def test_why_lists_the_played_move_first_and_its_bounds_are_consistent(
    position: Position,
) -> None:
    for player in engine_level_players():
        choice = player.choose(position)
        why = explain_choice(position, choice)
        assert why is not None and choice.result.move is not None
        played = why.moves[0]
        assert played.move == why.played == choice.result.move.pdn()
        assert played.bound == "exact" and played.depth == 6 and not why.slipped
        # Every root move once, each scored at the depth reached.
        assert sorted(move.move for move in why.moves) == sorted(
            move.pdn() for move in position.legal_moves()
        )
        assert why.complete
        best = order_key(played.score, played.win_in)
        others = [order_key(move.score, move.win_in) for move in why.moves[1:]]
        assert all(other <= best for other in others)
        assert others == sorted(others, reverse=True)
        for move in why.moves:
            assert move.bound in ("exact", "upper") and move.depth == 6
            assert_legal_line(position, list(move.pv))
            assert move.pv[0] == move.move
        text = sentences(why)
        assert text[0].endswith(f" chose {why.played}, looking 6 turns ahead.")
        assert any(s.startswith(f"{why.played}: ") for s in text)  # its line, before the others
        for move in why.moves[1:]:
            if move.bound == "upper":
                assert any(s.startswith(f"{move.move}: at most ") for s in text)


def test_principal_variation_search_leaves_most_rejected_moves_as_bounds() -> None:
    why = explain_choice(Position(), AIPlayer(Limits(depth=8)).choose(Position()))
    assert why is not None
    assert [move.bound for move in why.moves[1:]].count("upper") >= 1
    assert sentences(why).count(BOUND_WORDS) == 1


def test_the_only_legal_move_says_so() -> None:
    why = explain_choice(
        Position.from_fen(ONE_MOVE), AIPlayer(Limits(depth=4)).choose(Position.from_fen(ONE_MOVE))
    )
    assert why is not None
    assert sentences(why)[0] == "5-9 was the only legal move."


def test_a_single_capture_is_the_only_legal_move_because_captures_are_compulsory() -> None:
    why = explain_choice(
        Position.from_fen(ONE_CAPTURE),
        AIPlayer(Limits(depth=4)).choose(Position.from_fen(ONE_CAPTURE)),
    )
    assert why is not None
    assert sentences(why)[0] == "14x23 was the only legal move: capture is compulsory."
    # An only move is no choice: no "chose 14x23, looking 1 turn ahead" under it (walk
    # 2026-11-30g, shot 41).
    assert not any(" chose " in sentence for sentence in sentences(why)), sentences(why)


def test_compulsory_capture_among_several_names_the_count() -> None:
    why = explain_choice(
        Position.from_fen(TWO_CAPTURES),
        AIPlayer(Limits(depth=4)).choose(Position.from_fen(TWO_CAPTURES)),
    )
    assert why is not None
    assert sentences(why)[0] == "Capture is compulsory: 2 captures to choose from."
    assert {move.move for move in why.moves} == {"14x21", "14x23"}


def test_an_engine_slip_is_explained_as_a_slip_with_both_moves_scored() -> None:
    player = AIPlayer(Limits(depth=5), blunder=1.0, name="sloppy")
    choice = player.choose(Position())
    why = explain_choice(Position(), choice)
    assert why is not None and choice.result.move is not None
    assert why.slipped and why.played == choice.result.move.pdn() != why.searched
    assert why.moves[0].move == why.played and why.moves[0].bound != "unscored"
    assert why.searched in [move.move for move in why.moves]
    assert any(
        s.startswith("The Sloppy level slipped on purpose") and why.played in s
        for s in sentences(why)
    )


def test_the_beginners_slip_and_misjudging_are_explained() -> None:
    level = get_level("beginner")
    for seed in range(60):  # the slips are seeded: one of these seeds slips on the first move
        choice = AIPlayer.for_level(level, seed=seed).choose(Position())
        if choice.note:
            break
    else:
        pytest.fail("the beginner never slipped in 60 seeds")
    why = explain_choice(Position(), choice)
    assert why is not None and why.slipped
    text = sentences(why)
    assert any("Beginner level slipped on purpose" in s and "one time in 4" in s for s in text)
    assert any("Beginner level misjudges on purpose" in s for s in text)
    assert why.moves[0].move == why.played


def test_a_classic_level_explains_its_chosen_move_only() -> None:
    player = AIPlayer.for_level(get_level("casual"))
    why = explain_choice(Position(), player.choose(Position()))
    assert why is not None and not why.complete
    assert [move.move for move in why.moves] == [why.played]
    assert any("keeps the score of its chosen move only" in s for s in sentences(why))


def test_a_choice_with_its_explanation_crosses_a_pipe() -> None:
    choice = AIPlayer(Limits(depth=6)).choose(POSITIONS[2])
    data = pickle.dumps(choice)
    assert pickle.loads(data) == choice
    assert len(data) < 20_000


def test_root_report_is_read_from_the_search_just_made() -> None:
    engine = Engine()
    result = engine.search(POSITIONS[1], Limits(depth=5))
    report = engine.root_report(POSITIONS[1])
    assert result.move is not None
    assert report[0].move == result.move and report[0].bound == "exact"
    assert report[0].score == result.score


def test_analyse_why_prints_sentences_and_json() -> None:
    status, out = run("analyse", TWO_CAPTURES, "--why", "--depth", "4")
    assert status == 0
    assert out.splitlines()[0] == "Capture is compulsory: 2 captures to choose from."
    status, out = run("analyse", POSITIONS[2].fen(), "--why", "--depth", "5", "--format", "json")
    data = json.loads(out)
    assert data["moves"][0]["move"] == data["played"]
    assert data["moves"][0]["bound"] == "exact"
    assert f"chose {data['played']}, looking 5 turns ahead." in data["sentences"][0]


def test_explanation_sentences_name_bounds_and_forced_results() -> None:
    why = Explanation(
        player="engine",
        played="11-15",
        searched="11-15",
        moves=(
            MoveScore("11-15", 0.12, "exact", 10, ("11-15", "23-19")),
            MoveScore("9-13", -0.4, "upper", 10, ("9-13", "22-18", "13x22")),
            MoveScore("12-16", None, "exact", 10, ("12-16", "24-20"), win_in=-3),
        ),
        legal_moves=7,
        all_captures=False,
        complete=True,
    )
    assert sentences(why) == [
        "The engine chose 11-15, looking 10 turns ahead.",
        "At most / at least: a limit the search proved, not an exact score.",
        "11-15: +0.12; the line it expects: 11-15 23-19.",
        "The other moves, best first:",
        "9-13: at most -0.40; at least 0.52 worse than 11-15, refuted by 22-18 13x22.",
        "12-16: loses in 3 moves; refuted by 24-20.",
    ]


def test_a_book_move_scored_below_another_book_move_says_why_it_was_played() -> None:
    """The book varies its choice among moves a twentieth of a man apart: when another book
    move scores higher than the one played, Why? says so instead of leaving a contradiction."""
    from checkers.coach.explain import Explanation, MoveScore

    def scored(move: str, score: float) -> MoveScore:
        return MoveScore(move, score, "exact", 13, (move,))

    why = Explanation(
        "club",
        "23-19",
        "23-19",
        (scored("23-19", 0.0), scored("23-18", 0.05), scored("22-17", -0.05)),
        7,
        False,
        True,
        from_book=True,
    )
    said = sentences(why)
    assert said[1].startswith("At the book's look") and "the book picks among its" in said[1]
    same = dataclasses.replace(
        why, moves=(scored("23-18", 0.05), scored("23-19", 0.0)), played="23-18"
    )
    assert not any("picks among" in line for line in sentences(same))


def test_an_exchange_the_move_allows_is_not_walked_into() -> None:
    """An even trade of the opponent's reads 'allows an exchange', not 'walks into Black
    exchanges ...' (a garbled sentence the card showed)."""
    from checkers.board import BLACK, WHITE
    from checkers.coach.explain import idea_words
    from checkers.coach.idea import Idea

    text = "Black exchanges a man for a man: 10-14 17x10 7x14"
    trade = Idea("exchange", BLACK, ("21-17", "10-14", "17x10", "7x14"), 1, (), text)
    assert idea_words(trade, "21-17", WHITE) == f"21-17 allows an exchange: {text}"
    shot = dataclasses.replace(trade, name="shot", text="Black's shot: ...")
    assert idea_words(shot, "21-17", WHITE) == "21-17 walks into Black's shot: ..."


def test_an_idea_that_begins_later_in_the_line_says_the_moves_before_it() -> None:
    # Walk 2026-11-30d: Why?'s row "12-8 at least +0.30 for you: White exchanges two men for two
    # men: 22-17 13x22 25x18 15x22 26x17" left out Black's capture after 12-8: a line that
    # cannot be played from the board. The moves before the idea are said first.
    from checkers.board import BLACK, WHITE
    from checkers.coach.explain import idea_words
    from checkers.coach.idea import Idea

    text = "White exchanges two men for two men: 22-17 13x22 25x18 15x22 26x17"
    line = ("12-8", "3x12", "22-17", "13x22", "25x18", "15x22", "26x17")
    own = Idea("exchange", WHITE, line, 2, (), text)
    assert idea_words(own, "12-8", WHITE) == f"After 12-8 3x12, {text}"
    at_once = dataclasses.replace(own, line=line[2:], start=0)
    assert idea_words(at_once, "22-17", WHITE) == text
    theirs = Idea("shot", BLACK, ("21-17", "9-14", "22-18", "14x21"), 3, (), "Black's shot: ...")
    assert idea_words(theirs, "21-17", WHITE) == (
        "21-17 walks, after 21-17 9-14 22-18, into Black's shot: ..."
    )


def test_an_idea_after_a_man_given_says_the_man_first() -> None:
    # Walk 2026-12-01v: Casual's "14-9 allows, after 14-9 5x14 ..., an exchange" hid the man
    # the move gives first; the row's words now say it, counted from the line's replay.
    from checkers.board import BLACK, Position
    from checkers.coach.explain import idea_words
    from checkers.coach.ideas import ideas

    position = Position.from_fen(
        "B:W18,20,21,23,24,25,26,27,28,29,30,31:B1,2,3,4,6,7,9,10,11,12,13,16"
    )
    line = ["13-17", "21x14x5", "10-14", "18x9", "6x13"]
    (trade,) = [idea for idea in ideas(position, line) if idea.name == "exchange"]
    assert trade.lead == "gives two men"
    assert idea_words(trade, "13-17", BLACK) == (
        "13-17 gives two men first (13-17 21x14x5), then Black exchanges a man for a man:"
        " 10-14 18x9 6x13"
    )
    assert trade.to_json()["lead"] == "gives two men"


def test_a_crowning_bought_with_men_lost_is_no_breakthrough_and_a_king_given_is_said() -> None:
    # Walk 2026-12-01w: "White's breakthrough: gives four men, takes two men and crowns on 2"
    # on a move the engine scores three men down; "allows, after 30-26 14x21x30 24-20, an
    # exchange" on one that gives two men and a king.
    from checkers.board import WHITE, Position
    from checkers.coach.explain import idea_words
    from checkers.coach.ideas import ideas

    position = Position.from_fen("W:W12,19,21,22,23,26,27,29,30,31:B1,3,5,7,9,10,11,14,20")
    line = [
        "23-18",
        "14x23x32",
        "22-17",
        "1-6",
        "29-25",
        "9-13",
        "26-23",
        "13x22x29",
        "23-18",
        "11-15",
        "18x11x2",
    ]
    assert not [idea for idea in ideas(position, line) if idea.name == "breakthrough"]
    position = Position.from_fen("W:W17,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,6,7,10,12,13,14,15")
    line = ["30-26", "14x21x30", "24-20", "15-18", "22x15", "10x19", "23x16", "12x19"]
    (trade,) = ideas(position, line)
    assert idea_words(trade, "30-26", WHITE).startswith(
        "30-26 gives two men and lets Black crown on 30 first (30-26 14x21x30 24-20), then"
        " allows an exchange: Black exchanges two men for two men"
    )


def test_a_prepared_breakthrough_says_what_it_takes_and_the_kings_the_other_side_makes() -> None:
    # Walk 2026-12-01x (Club, Why? of 25-21): "White's breakthrough: after 17-13 10x17, 23-18
    # gives four men and crowns on 4 (23-18 15x22x29 ...)" left out the three men White takes
    # and the king Black makes on 29 first.
    from checkers.board import WHITE, Position
    from checkers.coach.explain import idea_words
    from checkers.coach.ideas import ideas

    position = Position("W:W14,17,20,23,25,27,28,31,32:B1,3,5,7,8,10,12,15")
    line = "17-13 10x17 23-18 15x22x29 28-24 5-9 13x6 1x10 24-19 7-11 31-26 11-16 20x11x4"
    (idea,) = ideas(position, line.split())
    assert idea.name == "breakthrough" and (idea.fields["gives"], idea.fields["takes"]) == (4, 3)
    assert idea_words(idea, "17-13", WHITE).startswith(
        "White's breakthrough: 17-13 gives four men, takes three men and crowns on 4, Black"
        " crowning on 29 on the way (17-13 10x17 23-18 "
    )  # the moves in brackets are every move counted, 17-13's man first (walk 2026-12-01ab)


def test_a_squeeze_says_the_man_given_on_the_way() -> None:
    # Walk 2026-12-01x (Club, Why? of 25-21): "White's squeeze: 25-22 leads in 8 moves to
    # 27-24 ..." hid the man 17-13 10x17 gives just before it (from a man up to level).
    from checkers.board import WHITE, Position
    from checkers.coach.explain import idea_words
    from checkers.coach.ideas import ideas

    position = Position("W:W14,17,20,23,25,27,28,31,32:B1,3,5,7,8,10,12,15")
    line = (
        "25-22 15-19 23x16 12x19 22-18 19-23 18-15 10x19 27x18 1-6 31-26 8-11 32-27 6-10 17-13"
        " 10x17 27-24"
    )
    squeeze = next(idea for idea in ideas(position, line.split()) if idea.name == "squeeze")
    assert idea_words(squeeze, "25-22", WHITE).startswith(
        "White's squeeze: 25-22 leads in 8 moves, giving a man on the way, to 27-24"
    )
