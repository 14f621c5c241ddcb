"""PDN games: what we write reads back move for move; other programs' files read; bad ones don't."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from checkers.board import WHITE, Move, Position
from checkers.formats.pdn import (
    ROSTER,
    PdnError,
    PdnGame,
    game_from_record,
    read_file,
    read_game,
    read_games,
    record_from_game,
    write_game,
    write_games,
)
from checkers.record import GameRecord, Reason


def random_game(
    rng: random.Random, start: Position | None = None, max_plies: int = 160
) -> GameRecord:
    """A game of random legal moves from `start`, until it ends or reaches `max_plies`."""
    record = GameRecord(start if start is not None else Position())
    while record.outcome is None and record.ply < max_plies:
        record.play(rng.choice(record.legal_moves()))
    return record


def random_comments(rng: random.Random, plies: int) -> dict[int, str]:
    words = ["good", "a (bad) move", "see [Chinook]", "$5 is a NAG", "ends; here", "1. 11-15"]
    return {ply: " ".join(rng.sample(words, 2)) for ply in range(plies + 1) if rng.random() < 0.1}


STARTS = [Position(), Position("W:W18,K27,30:B5,K14,15"), Position("B:WK4,K32:BK1,K29")]


@pytest.mark.parametrize("seed", range(12))
def test_written_games_read_back_move_for_move(seed: int) -> None:
    rng = random.Random(seed)
    record = random_game(rng, STARTS[seed % len(STARTS)])
    game = game_from_record(
        record,
        {"Event": f'Test "{seed}" \\ ok', "Black": "Ann", "White": "Bob", "Annotator": "pytest"},
    )
    game.comments = random_comments(rng, len(game.moves))
    text = write_game(game)
    again = read_game(text)
    assert again.moves == game.moves
    assert again.start == game.start
    assert again.result == game.result == (record.outcome.result() if record.outcome else "*")
    assert again.comments == game.comments
    assert again.tags.items() >= game.tags.items()
    assert write_game(again) == text
    assert all(len(line) <= 79 for line in text.splitlines())


def test_many_games_in_one_file_read_back_in_order(tmp_path: Path) -> None:
    rng = random.Random(99)
    games = [game_from_record(random_game(rng, STARTS[i % 3]), {"Round": str(i)}) for i in range(8)]
    path = tmp_path / "many.pdn"
    path.write_text(write_games(games), encoding="utf-8")
    again = read_file(path)
    assert [g.tags["Round"] for g in again] == [str(i) for i in range(8)]
    assert [g.moves for g in again] == [g.moves for g in games]
    assert [g.start for g in again] == [g.start for g in games]


def test_writer_follows_the_rules_page_layout() -> None:
    record = GameRecord(Position("W:W21-32:B1-12"))  # the initial men, White to move
    for text in ["24-20", "11-15", "22-18", "15x22"]:
        record.play(Move.from_pdn(text, record.position))
    game = game_from_record(
        record, {"Event": "Club night", "White": "Bob", "Black": "Ann", "Opening": "odd start"}
    )
    assert write_game(game) == (
        '[Event "Club night"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
        '[Black "Ann"]\n[White "Bob"]\n[Result "*"]\n[GameType "21"]\n[SetUp "1"]\n'
        '[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]\n'
        '[Opening "odd start"]\n\n'
        "1. ... 24-20 2. 11-15 22-18 3. 15x22 *\n"
    )


def test_finished_game_is_written_with_its_result() -> None:
    record = GameRecord(Position("B:W14:B10"))
    record.play(Move.from_pdn("10x17"))
    text = write_game(game_from_record(record))
    assert '[Result "1-0"]' in text and text.rstrip().endswith("1. 10x17 1-0")


# A file as CheckerBoard and older tools write them: CRLF, short captures, leading zeros, `:`,
# comments over several lines, variations, NAGs, odd move numbers, no Site/Round tags, `*`.
CHECKERBOARD_STYLE = (
    '[Event "Casual game"]\r\n[Date "2024.01.02"]\r\n[Black "Player 1"]\r\n'
    '[White "Player 2"]\r\n[Result "*"]\r\n\r\n'
    "1. 12-16 23-18 2. 16-19 24x15 3. 10x19 28-24 {a quiet\r\nreply} 4. 19x28 27-24\r\n"
    "5. 11-16 24-19 $2 6. 16x23 26x19 7. 08-12 19-16 8. 12:19 30-26 9. 06-10 32-27\r\n"
    "10. 02-06 (10. 10-15 (10. 19-24 27x20) 26-22) 26-23 11. 19x26 27-23 12. 07-11 21-17\r\n"
    "13. 03-08 25-21 14. 09-13 31-27 15. 11-15 18x11 16. 08x15 23-18 17. 26-31 18x11\r\n"
    "18. 31x24 29-25 19. 24-27 22-18 20. 13x29 {the short form of 13x22x29} 20... 11-07 *\r\n"
)


def test_reads_a_checkerboard_style_file() -> None:
    game = read_game(CHECKERBOARD_STYLE)
    assert len(game.moves) == 40
    assert game.moves[38] == Move.from_pdn("13x22x29")
    assert game.moves[-1] == Move.from_pdn("11-7")
    assert game.result == "*"
    assert game.tags == {
        "Event": "Casual game",
        "Date": "2024.01.02",
        "Black": "Player 1",
        "White": "Player 2",
    }
    assert game.comments == {6: "a quiet reply", 39: "the short form of 13x22x29"}
    # The same game written our way reads back the same.
    assert read_game(write_game(game)).moves == game.moves


def test_bom_lone_carriage_returns_and_attached_numbers_and_marks_are_read() -> None:
    game = read_game('\ufeff[Event "x"]\r1.11-15! 22-18$2\r2.15X22?! 1/2-1/2')
    assert [m.pdn() for m in game.moves] == ["11-15", "22-18", "15x22"]
    assert game.result == "1/2-1/2"


def test_games_without_tags_are_separated_by_their_results() -> None:
    games = read_games("1. 11-15 23-19 1-0\n1. 9-13 22-18 0-1\n11-16 *\n")
    assert [len(g.moves) for g in games] == [2, 2, 1]
    assert [g.result for g in games] == ["1-0", "0-1", "*"]
    assert all(g.tags == {} for g in games)


def test_a_tag_after_movetext_starts_the_next_game() -> None:
    games = read_games('[Event "a"]\n1. 11-15\n[Event "b"]\n[Result "0-1"]\n1. 9-13 22-18\n')
    assert [g.tags["Event"] for g in games] == ["a", "b"]
    assert [g.result for g in games] == ["*", "0-1"]  # no marker: the Result tag, else *


def test_white_to_move_start_with_ellipsis_and_fen_wrapped_tag() -> None:
    game = read_game('[SetUp "1"]\n[FEN "W:W21,22:B5,K9."]\n1... 22-18 2. 9-14 18x9 0-1')
    assert game.start.turn is WHITE and game.result == "0-1"
    assert game.end_position() == Position("B:W9,21:B5")


def test_other_programs_result_spellings_are_understood() -> None:
    assert [g.result for g in read_games("11-15 2-0 11-15 0-2 11-15 1-1")] == [
        "1-0",
        "0-1",
        "1/2-1/2",
    ]


def test_empty_text_has_no_games() -> None:
    assert read_games(" \n\t") == []
    with pytest.raises(PdnError, match="line 1: no game found"):
        read_game("")


@pytest.mark.parametrize(
    "text, line, problem",
    [
        ('[Event "x"]\n[Black "no end\n1. 11-15 *', 2, "malformed tag"),
        ("1. 11-15 23-19\n2. 9-14 {never closed\n3. 1-5", 2, "comment opened here is never closed"),
        ("1. 11-15 (23-19 (22-18)\n2. 9-14", 1, "variation opened here is never closed"),
        ("1. 11-15 23-19 )", 1, "unexpected ')'"),
        ("1. 11-15 23-19\n2. 9-14 hello *", 2, "'hello' is not a move"),
        (
            "1. 11-15 23-19\n2. 8-11 22-17\n3. 9-13 17-14\n4. 10x17 20-16",
            4,
            "move 4 (White) 20-16 is not legal here: the legal moves are 19x10, 21x14",
        ),
        ("1. 11-15 23-19\n2. 15x22", 2, "move 2 (Black) 15x22 is not legal here"),
        ("1. 11-15 23-19\n\n2. 9-14 33-29", 3, "move 2 (White) 33-29 is not well formed"),
        ('[Event "x"]\n[FEN "B:W21-32:B1-12:X"]\n1. 11-15', 2, "invalid FEN"),
        ('[SetUp "1"]\n\n1. 11-15', 1, 'without a [FEN "..."] tag'),
        ('[GameType "20"]\n1. 32-28', 1, "is not English draughts"),
        ('[FEN "B:W6,7,14,15:B2"]\n1. 2x18', 2, "ambiguous here: it could be 2x9x18, 2x11x18"),
        ('[FEN "B:W14:B10"]\n1. 10x17\n2. 17-21', 3, "comes after the end of the game"),
    ],
)
def test_bad_file_names_the_line_and_the_problem(text: str, line: int, problem: str) -> None:
    with pytest.raises(PdnError) as caught:
        read_game(text, "bad.pdn")
    assert caught.value.line == line
    assert problem in str(caught.value)
    assert str(caught.value).startswith(f"bad.pdn, line {line}: ")


def test_a_game_played_on_past_a_repetition_is_read_whole_with_its_result() -> None:
    # Real games go on past a threefold repetition nobody claimed: the file's moves stand.
    shuffle = "1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 25-29 5. 4-8 29-25 6. 8-11 1-0"
    game = read_game(f'[FEN "B:WK29:BK4,12"]\n{shuffle}')
    assert len(game.moves) == 11 and game.result == "1-0"
    record = record_from_game(game)
    assert record.moves == game.moves and record.ply == 11
    # Playing on is unchanged: the same shuffle in a record ends in a draw at the third time.
    played = GameRecord(Position("B:WK29:BK4,12"))
    for move in game.moves[:8]:
        played.play(move)
    assert played.outcome is not None and played.outcome.reason is Reason.REPETITION


def test_record_from_game_restores_history_and_counters() -> None:
    record = GameRecord(Position("B:WK29:BK4,12"))
    for text in ["4-8", "29-25", "8-4", "25-29", "4-8"]:
        record.play(Move.from_pdn(text, record.position))
    again = record_from_game(read_game(write_game(game_from_record(record))))
    assert again.positions == record.positions
    assert again.no_progress_plies == record.no_progress_plies == 5
    assert again.repetition_count() == record.repetition_count() == 2
    # One more shuffle repeats the position a third time in both: the history came back whole.
    for r in (record, again):
        for text in ["29-25", "8-4", "25-29"]:
            r.play(Move.from_pdn(text, r.position))
        assert r.outcome is not None and r.outcome.reason is Reason.REPETITION


def test_writer_refuses_what_pdn_cannot_hold() -> None:
    with pytest.raises(ValueError, match="result"):
        write_game(PdnGame(result="1-1"))
    with pytest.raises(ValueError, match="tag name"):
        write_game(PdnGame(tags={"Bad name": "x"}))
    with pytest.raises(ValueError, match="contains '}'"):
        write_game(PdnGame(comments={0: "a } b"}))


def test_roster_tags_default_to_question_marks() -> None:
    text = write_game(PdnGame())
    assert [line.split()[0][1:] for line in text.splitlines()[:6]] == list(ROSTER)
    assert '[Date "????.??.??"]' in text and text.endswith("\n*\n")
