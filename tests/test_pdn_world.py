"""PDN files as other programs and people write them: each style of tests/data/pdn reads, a bad
game is reported and skipped, special and huge files are refused, any text gives a game or a
PdnError, and what we write (numeric or algebraic) reads back."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats.pdn import (
    PdnArchive,
    PdnError,
    algebraic_square,
    filter_entries,
    game_from_record,
    open_archive,
    read_file,
    read_game,
    read_games,
    record_from_game,
    square_from_algebraic,
    write_game,
)
from checkers.gui.game_list import GameList
from checkers.record import GameRecord
from checkers.textfile import FileRefusedError, read_text

DATA = Path(__file__).parent / "data" / "pdn"


def moves(*texts: str) -> list[Move]:
    record = GameRecord()
    for text in texts:
        record.play(Move.from_pdn(text, record.position))
    return record.moves


def test_checkerboard_export_reads_with_variations_nags_and_utf8_names() -> None:
    games = read_file(DATA / "checkerboard.pdn")
    assert [g.result for g in games] == ["1-0", "1/2-1/2"]
    assert games[0].tags["Black"] == "Anna Müller" and len(games[0].moves) == 16
    assert games[0].comments == {6: "forced now"}


@pytest.mark.parametrize("name", ["utf8_bom.pdn", "utf16_bom.pdn"])
def test_byte_order_marks_give_the_same_games(name: str) -> None:
    assert read_file(DATA / name) == read_file(DATA / "checkerboard.pdn")


def test_utf16_without_a_bom_is_read_too(tmp_path: Path) -> None:
    path = tmp_path / "le.pdn"
    path.write_bytes((DATA / "checkerboard.pdn").read_text("utf-8").encode("utf-16-le"))
    assert read_file(path) == read_file(DATA / "checkerboard.pdn")


def test_latin1_tags_are_read_and_backslashes_kept() -> None:
    game = read_file(DATA / "latin1_tags.pdn")[0]
    assert game.tags["Black"] == "François" and game.tags["White"] == "Jürgen"
    assert game.tags["Event"] == "Tournoi départemental"
    assert game.tags["Site"] == "C:\\games\\club"
    assert read_game(write_game(game)).tags["Site"] == "C:\\games\\club"


def test_archive_with_dashes_for_captures_and_2_0_results() -> None:
    games = read_file(DATA / "archive_dash_captures.pdn")
    assert games[0].moves == moves(
        "11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14", "6-9", "19x10"
    )
    assert [g.result for g in games] == ["0-1", "1-0"]
    assert len(games[1].moves) == 8  # `1.11-15`: numbers run into moves


def test_algebraic_site_export_reads_as_squares() -> None:
    game = read_file(DATA / "algebraic_site.pdn")[0]
    assert game.moves == moves("11-15", "22-18", "15x22", "25x18", "8-11", "18-14")
    assert game.result == "0-1"


def test_square_names_follow_the_rules_diagram() -> None:
    assert [algebraic_square(s) for s in (1, 4, 5, 29, 32)] == ["b8", "h8", "a7", "a1", "g1"]
    assert all(square_from_algebraic(algebraic_square(s)) == s for s in range(1, 33))
    with pytest.raises(ValueError, match="not a dark square"):
        square_from_algebraic("a8")


def test_tolerant_notation_nags_comments_variations_and_escapes() -> None:
    game = read_file(DATA / "tolerant_notation.pdn")[0]
    assert len(game.moves) == 12 and game.result == "1/2-1/2"
    assert game.moves[1] == Move((23, 19)) and game.moves[7] == Move((21, 14))
    assert game.tags["Annotator"] == 'back\\slash and "quote" and \\double'
    assert game.comments[0] == "A game opening comment"


def test_one_broken_game_is_reported_and_the_others_read() -> None:
    archive = open_archive(DATA / "broken_middle.pdn")
    good, bad = archive.read_all()
    assert [g.tags["Event"] for g in good] == ["Good one", "Good two"]
    assert len(bad) == 1 and bad[0].game == 2 and bad[0].line == 13
    assert "move 2 (Black) 8-15 is not legal here: the legal moves are" in str(bad[0])
    assert str(bad[0]).startswith("broken_middle.pdn, game 2, line 13: ")


def test_play_load_says_when_the_game_asked_for_is_a_bad_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(DATA / "broken_middle.pdn")
    assert main(["play", "--load", path, "--game", "2"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "cannot read game 2 of" in err and "line 13" in err and len(err.splitlines()) == 1


def test_game_list_filters_and_counts_skipped_games() -> None:
    games = GameList(open_archive(DATA / "broken_middle.pdn"))
    assert len(games.shown) == 3
    games.check(10)
    assert games.is_checked() and [e.number for e in games.shown] == [1, 3]
    assert "1 skipped" in games.status() and "game 2, line 13" in games.status()
    games.set_query("good TWO")
    assert [e.tag("Event") for e in games.shown] == ["Good two"]
    games.set_query("1-0")
    assert [e.number for e in games.shown] == [3]


def test_filter_by_player_event_and_result() -> None:
    entries = open_archive(DATA / "checkerboard.pdn").entries
    assert [e.number for e in filter_entries(entries, "müller 1/2")] == [2]
    assert [e.number for e in filter_entries(entries, "")] == [1, 2]


def test_a_game_continuing_past_the_40_move_count_is_read() -> None:
    shuffle = " ".join(["4-8 29-25 8-4 25-29"] * 21)
    game = read_game(f'[FEN "B:WK29:BK4,12"]\n{shuffle} 1-0')
    assert len(game.moves) == 84 and game.result == "1-0"
    assert record_from_game(game).ply == 84


@pytest.mark.parametrize(
    "text, problem",
    [
        ("1. 11-15 22-18 2. 15-19", "15-19 is not legal here: the legal moves are 15x22"),
        ('[FEN "B:W6,7,14,15:B2"]\n1. 2-18', "ambiguous here: it could be 2x9x18, 2x11x18"),
        ("1. i3-h4", "'i3-h4' is not a move"),
        ("1. a8-b7", "'a8' is not a dark square"),
        ("1. 11-15 22-18 2. 1" + "1" * 5000 + "-15", "is not well formed: square 1111"),
        ('[FEN "B:W' + "2" * 5000 + ':B1"]\n1. 1-5', "invalid FEN"),
    ],
)
def test_wrong_moves_are_reported_not_guessed(text: str, problem: str) -> None:
    with pytest.raises(PdnError) as caught:
        read_game(text)
    assert problem in str(caught.value) and len(str(caught.value)) < 400


def test_huge_move_numbers_are_counted_not_trusted() -> None:
    game = read_game("9" * 5000 + ". 11-15 22-18 *")
    assert len(game.moves) == 2


def test_special_files_are_refused_quickly(tmp_path: Path) -> None:
    with pytest.raises(FileRefusedError, match="is a directory"):
        read_text(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(FileRefusedError, match="device, FIFO or socket"):
            open_archive("/dev/zero")
    fifo = tmp_path / "fifo.pdn"
    os.mkfifo(fifo)
    with pytest.raises(FileRefusedError, match="device, FIFO or socket"):
        open_archive(fifo)  # no writer: must not wait for one
    big = tmp_path / "big.pdn"
    with open(big, "wb") as file:
        file.truncate(2000)
    with pytest.raises(FileRefusedError, match="over the 1000 bytes limit"):
        read_text(big, limit=1000)
    junk = tmp_path / "junk.pdn"
    junk.write_bytes(random.Random(1).randbytes(100_000))
    with pytest.raises(FileRefusedError, match="control characters"):
        open_archive(junk)


def test_play_load_refuses_a_directory_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--load", str(tmp_path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "is a directory" in err and len(err.splitlines()) == 1


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(list('0123456789-x:.[]{}()"\\;*/ \n\tabcfh$!?KWB½') + ["11-15", "1-0"]),
        max_size=120,
    ).map("".join)
)
def test_any_text_gives_games_or_a_pdn_error(text: str) -> None:
    problems: list[PdnError] = []
    games = read_games(text, on_error=problems.append)
    assert len(games) + len(problems) == len(PdnArchive(text))  # each game read or reported


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.booleans(),
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30),
)
def test_what_we_write_we_read_back(rng: random.Random, algebraic: bool, name: str) -> None:
    record = GameRecord()
    for _ in range(rng.randrange(60)):
        legal = record.legal_moves()
        if not legal:
            break
        record.play(rng.choice(legal))
    game = game_from_record(record, {"Black": name, "Event": "x\\y"})
    again = read_game(write_game(game, algebraic=algebraic))
    assert again.moves == game.moves and again.result == game.result
    assert again.tags["Event"] == "x\\y"
    assert again.tags["Black"] == name
    assert again.start == Position()


def _steps_ignoring_captures(position: Position) -> list[str]:
    """The steps the side to move could make onto empty squares if captures were not forced."""
    pieces = position.piece_map()
    turn = position.turn
    alone = Position.from_pieces({s: p for s, p in pieces.items() if p.side is turn}, turn)
    taken = set(pieces)
    return [move.pdn() for move in alone.legal_moves() if move.path[-1] not in taken]


def _reading(text: str) -> object:
    try:
        return read_game(text)
    except PdnError as error:
        return str(error)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3))
def test_words_alone_read_as_they_do_beside_a_comment(seed: int, noise: int) -> None:
    # Movetext of words alone takes a fast loop; an empty comment before the result sends it
    # through the general one: both must give the same game, or the same problem and line.
    rng = random.Random(seed)  # games of every length (hypothesis's randoms favour short ones)
    record = GameRecord()
    words: list[str] = []
    for ply in range(rng.randrange(120)):
        legal = record.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if record.position.turn.name == "BLACK":
            words.append(f"{ply // 2 + 1}.")
        text = move.pdn()
        if move.is_capture and rng.random() < 0.3:
            text = f"{move.path[0]}x{move.path[-1]}"  # short, maybe ambiguous
        elif move.is_capture and noise and rng.random() < 0.5:
            steps = _steps_ignoring_captures(record.position)
            text = rng.choice(steps) if steps else text  # refused: the capture is compulsory
        for _ in range(noise):
            if rng.random() < 0.02:
                text = rng.choice(
                    ["11-15", "1-5", "32x23", "9x18", "$1", "1-0", "5-1", "7.", "..."]
                )
        words.append(text)
        record.play(move)
    text = "\n".join(" ".join(words[i : i + 9]) for i in range(0, len(words), 9))
    assert _reading(f"{text} *") == _reading(f"{text} {{}} *")
