"""The opening explorer: counts per move and result, transpositions, skipped games, the index
kept and rebuilt, and `checkers explore` as text and JSON."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
from pathlib import Path

import pytest

from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats.explorer_index import (
    Archive,
    MoveStats,
    build_index,
    ended,
    explore,
    index_path,
    is_fresh,
    load_archive_list,
    open_index,
    save_archive_list,
)
from checkers.formats.pdn import PdnGame, write_games

HERE = Path(__file__).resolve().parent / "data" / "explorer"


def after(moves: str, start: Position | None = None) -> Position:
    """The position after `moves` (PDN, space separated) from `start`."""
    position = start or Position()
    for text in moves.split():
        position = position.move(Move.from_pdn(text, position))
    return position


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A copy of the handmade archive of four games (so a test may change it)."""
    copy = tmp_path / "small.pdn"
    shutil.copy(HERE / "small.pdn", copy)
    return copy


def stats(archive: Path, folder: Path, position: Position) -> dict[str, MoveStats]:
    index, _ = open_index(Archive(archive), folder)
    try:
        return {entry.move: entry for entry in explore([index], position)}
    finally:
        index.close()


def test_counts_each_move_with_its_results_from_the_side_to_move(
    small: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    first = stats(small, folder, Position())
    # Games 1, 3 and 4 opened 11-15: Black won one, drew one, one is unfinished.
    assert first["11-15"] == MoveStats("11-15", 3, win=1, draw=1, loss=0)
    assert first["9-14"] == MoveStats("9-14", 1, win=0, draw=0, loss=1)
    assert list(first) == ["11-15", "9-14"]  # most played first
    assert first["11-15"].shares() == (0.5, 0.5, 0.0)  # of the finished games
    reply = stats(small, folder, after("11-15"))
    # White's view: game 1 (1-0) is White's loss, game 3 a draw.
    assert reply["23-19"] == MoveStats("23-19", 2, win=0, draw=1, loss=1)
    assert reply["22-18"].games == 1 and reply["22-18"].finished == 0


def test_a_position_reached_by_two_move_orders_counts_both_games(
    small: Path, tmp_path: Path
) -> None:
    transposed = after("11-15 23-19 9-14 22-17")
    assert transposed == after("9-14 22-17 11-15 23-19")
    here = stats(small, tmp_path / "index", transposed)
    assert here == {"5-9": MoveStats("5-9", 2, win=1, draw=0, loss=1)}


def test_a_position_no_game_reached_has_no_moves(small: Path, tmp_path: Path) -> None:
    assert stats(small, tmp_path / "index", after("12-16")) == {}


def test_where_games_stopped_is_counted_as_reached_with_how_they_ended(
    small: Path, tmp_path: Path
) -> None:
    # Games 1 (1-0) and 2 (0-1) stop in one position by two move orders, White to move.
    last = after("11-15 23-19 9-14 22-17 5-9")
    index, _ = open_index(Archive(small), tmp_path / "index")
    try:
        assert explore([index], last) == []  # no move played from it
        stopped = ended([index], last)
        assert stopped == MoveStats("", 2, win=1, draw=0, loss=1)
        assert stopped.ended_words() == "2 games ended here: 1 won, 1 lost by the side to move"
        unfinished = ended([index], after("11-15 22-18 15x22 25x18"))
        assert (
            unfinished is not None and unfinished.ended_words() == "1 game stopped here, unfinished"
        )
        assert ended([index], Position()) is None  # every game went on from the start
    finally:
        index.close()


def test_indexes_of_several_archives_count_together(small: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.pdn"
    shutil.copy(small, other)
    folder = tmp_path / "index"
    indexes = [open_index(Archive(path), folder)[0] for path in (small, other)]
    moves = explore(indexes, Position())
    for index in indexes:
        index.close()
    assert moves[0].as_json() == {
        "move": "11-15",
        "games": 6,
        "win": 0.5,
        "draw": 0.5,
        "loss": 0.0,
    }


def test_a_damaged_archive_adds_the_games_it_can_read_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    info = build_index(Archive(HERE / "damaged.pdn"), tmp_path)
    assert (info.games, info.skipped) == (2, 2)
    assert "game 2, line 7" in info.first_problem
    assert info.summary("damaged.pdn").startswith("damaged.pdn: 2 games, 2 skipped as unreadable")
    opening = stats(HERE / "damaged.pdn", tmp_path, Position())
    assert opening == {"11-15": MoveStats("11-15", 2, win=1, draw=1, loss=0)}


def test_the_index_is_built_once_and_rebuilt_when_the_file_changes(
    small: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    archive = Archive(small)
    index, built = open_index(archive, folder)
    index.close()
    assert built and is_fresh(archive, folder)
    index, built = open_index(archive, folder)
    index.close()
    assert not built
    with small.open("a", encoding="utf-8") as handle:
        handle.write('\n[Result "1-0"]\n1. 12-16 1-0\n')
    assert not is_fresh(archive, folder)
    assert stats(small, folder, Position())["12-16"].games == 1


def test_a_change_that_keeps_size_and_time_is_seen_in_the_file_head(
    small: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    archive = Archive(small)
    build_index(archive, folder)
    before = small.stat()
    text = small.read_text(encoding="utf-8")
    small.write_text(text.replace('"1-0"]', '"0-1"]', 1), encoding="utf-8")  # same length
    os.utime(small, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert small.stat().st_size == before.st_size
    assert not is_fresh(archive, folder)


def test_a_damaged_index_is_rebuilt_not_trusted(small: Path, tmp_path: Path) -> None:
    folder = tmp_path / "index"
    archive = Archive(small)
    build_index(archive, folder)
    path = index_path(archive, folder)
    path.write_bytes(path.read_bytes()[:300])  # cut short, as a crash of another program would
    assert not is_fresh(archive, folder)
    index, built = open_index(archive, folder)
    index.close()
    assert built
    path.write_bytes(b"not a database at all")
    assert stats(small, folder, Position())["11-15"].games == 3


def test_a_folder_of_games_is_one_archive(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(HERE / "small.pdn", games / "a.pdn")
    (games / "b.pdn").write_text('[Result "0-1"]\n1. 11-15 24-20 0-1\n', encoding="utf-8")
    (games / "c.pdn").write_bytes(b"\x00\x01binary, not a game")
    archive = Archive(games, folder=True, title="your games")
    index, _ = open_index(archive, tmp_path / "index")
    try:
        assert (index.info.games, index.info.skipped) == (5, 1)
        assert explore([index], Position())[0] == MoveStats("11-15", 4, win=1, draw=1, loss=1)
    finally:
        index.close()
    (games / "b.pdn").unlink()
    assert not is_fresh(archive, tmp_path / "index")


def test_the_added_archives_are_remembered(tmp_path: Path) -> None:
    assert load_archive_list(tmp_path) == []
    save_archive_list(tmp_path, [Archive(tmp_path / "x.pdn")])
    assert load_archive_list(tmp_path) == [Archive(tmp_path / "x.pdn")]
    (tmp_path / "archives.json").write_text("{broken", encoding="utf-8")
    assert load_archive_list(tmp_path) == []


# --- the command line ---------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_explore_json_lists_moves_with_games_and_shares(data: Path, small: Path) -> None:
    status, out = run("explore", "--db", str(small), "--format", "json")
    assert status == 0
    assert json.loads(out) == {
        "moves": [
            {"move": "11-15", "games": 3, "win": 0.5, "draw": 0.5, "loss": 0.0},
            {"move": "9-14", "games": 1, "win": 0.0, "draw": 0.0, "loss": 1.0},
        ]
    }


def test_explore_counts_the_users_own_games_too(data: Path, small: Path) -> None:
    (data / "games").mkdir()
    (data / "games" / "mine.pdn").write_text('[Result "1-0"]\n1. 9-14 1-0\n', encoding="utf-8")
    _, out = run("explore", "--db", str(small), "--format", "json")
    assert json.loads(out)["moves"][1] == {
        "move": "9-14",
        "games": 2,
        "win": 0.5,
        "draw": 0.0,
        "loss": 0.5,
    }
    _, alone = run("explore", "--db", str(small), "--format", "json", "--no-own-games")
    assert json.loads(alone)["moves"][1]["games"] == 1


def test_explore_text_shows_shares_book_and_engine_score(data: Path, small: Path) -> None:
    status, out = run("explore", "--db", str(small), "--depth", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].endswith("(Black to move)")
    assert lines[1] == "4 games in small.pdn, your saved games"
    # The opening book knows the first move; its numbers are the engine column's alone.
    assert lines[2].startswith("book: 11-15, ") and "(" not in lines[2]
    assert lines[3] == "engine: a search 2 plies deep, scores in men for Black"
    row = lines[5].split()
    assert row[:5] == ["11-15", "3", "50%", "50%", "0%"]
    assert row[5].startswith(("+", "-", "0")) and row[6] == "book"
    assert lines[5].endswith("(1 unfinished)")


def test_explore_says_when_no_game_reached_the_position(data: Path, small: Path) -> None:
    fen = after("12-16").fen()
    status, out = run("explore", fen, "--db", str(small))
    assert status == 0
    assert out.splitlines()[-1] == "no game of these archives reached this position"


def test_explore_at_a_games_end_says_the_games_that_ended_there(data: Path, small: Path) -> None:
    fen = after("11-15 23-19 8-11 22-17").fen()  # game 3, drawn, stops here
    status, out = run("explore", fen, "--db", str(small))
    assert status == 0
    assert out.splitlines()[-2:] == [
        "1 game ended here: drawn by the side to move",
        "no game of these archives went on from this position",
    ]
    _, as_json = run("explore", fen, "--db", str(small), "--format", "json")
    assert json.loads(as_json) == {
        "moves": [],
        "ended": {"games": 1, "win": 0.0, "draw": 1.0, "loss": 0.0},
    }


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["explore", "B:X1"], 2, "invalid FEN"),
        (["explore", "--db", "no-such.pdn"], 2, "no-such.pdn: No such file or directory"),
        (["explore", "--depth", "99"], 2, "--depth"),
    ],
)
def test_explore_bad_input_is_one_line_and_a_failing_status(
    data: Path, capsys: pytest.CaptureFixture[str], argv: list[str], status: int, words: str
) -> None:
    assert run(*argv)[0] == status
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_explore_a_directory_as_archive_is_refused_in_one_line(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("explore", "--db", str(tmp_path))[0] == 2
    err = capsys.readouterr().err
    assert err == f"checkers: error: {tmp_path.name} is not a file\n"


def test_every_position_of_long_games_finds_the_move_played_there(tmp_path: Path) -> None:
    """Random legal games, long enough for kings, crowning and multi-jumps: each position the
    rules core reaches is found in the index with the move the game played."""
    rng = random.Random(28)
    games = []
    for number in range(40):
        position, moves = Position(), []
        for _ in range(rng.randint(60, 200)):
            legal = position.legal_moves()
            if not legal:
                break
            moves.append(rng.choice(legal))
            position = position.move(moves[-1])
        games.append(PdnGame({"Round": str(number)}, Position(), moves, "1/2-1/2"))
    archive = tmp_path / "random.pdn"
    archive.write_text(write_games(games), encoding="utf-8")
    index, _ = open_index(Archive(archive), tmp_path / "index")
    try:
        crowned = False
        for game in games:
            position = game.start
            for move in game.moves:
                assert move.pdn() in {entry.move for entry in explore([index], position)}
                position = position.move(move)
                crowned = crowned or bool(position.kings)
        assert crowned  # the games did reach kings
    finally:
        index.close()
