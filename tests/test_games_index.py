"""The games folder is read once and indexed: a start reads only new or changed files, and a
damaged index is ignored and rebuilt without the list changing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from checkers import saves
from checkers.board import Move
from checkers.formats import games_index
from checkers.formats.pdn import game_from_record, write_game
from checkers.record import GameRecord


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(directory))
    return directory


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the list reads (rather than takes from the index)."""
    names: list[str] = []
    real = games_index.summarize

    def counted(path: Path) -> games_index.FileSummary:
        names.append(path.name)
        return real(path)

    monkeypatch.setattr(games_index, "summarize", counted)
    return names


def kept_games(count: int) -> list[Path]:
    """`count` games in the games folder, each a different length, every other one finished."""
    paths = []
    for number in range(count):
        record = GameRecord()
        for move in ("11-15", "23-19", "8-11", "22-17")[: 1 + number % 4]:
            record.play(Move.from_pdn(move, record.position))
        tags = {"Black": f"Ann {number}", "White": "Bob", "Result": "*"}
        path = saves.games_dir() / f"game {number}.pdn"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = write_game(game_from_record(record, tags))
        path.write_text(text if number % 2 else text.replace('"*"', '"1-0"').replace(" *", " 1-0"))
        os.utime(path, (1_000_000 + number, 1_000_000 + number))
        paths.append(path)
    return paths


def listing() -> list[tuple[str, str]]:
    return [(entry.path.name, entry.summary()) for entry in saves.list_saved_games()]


def test_a_second_start_reads_no_file_and_lists_the_same(reads: list[str]) -> None:
    kept_games(6)
    first = listing()
    assert len(reads) == 6
    assert [name for name, _ in first][:2] == ["game 5.pdn", "game 4.pdn"]  # newest first
    assert "Ann 5 vs Bob, unfinished, 1 move" in first[0][1]
    assert "Ann 4 vs Bob, finished: Black won, 1 move" in first[1][1]
    reads.clear()
    assert listing() == first and reads == []
    assert [entry.path.name for entry in saves.unfinished_games()] == [
        "game 5.pdn",
        "game 3.pdn",
        "game 1.pdn",
    ]
    assert reads == []


def test_only_a_changed_or_new_file_is_read_again_and_a_removed_one_leaves(
    reads: list[str],
) -> None:
    paths = kept_games(4)
    listing()
    reads.clear()
    record = GameRecord()
    for move in ("9-13", "22-18", "13-17"):
        record.play(Move.from_pdn(move, record.position))
    saves.atomic_write_text(paths[1], write_game(game_from_record(record, {"Black": "Cy"})))
    paths[2].unlink()
    listed = listing()
    assert reads == ["game 1.pdn"]
    assert [name for name, _ in listed if name == "game 2.pdn"] == []
    assert any(summary.startswith("Cy vs ?, unfinished, 2 moves") for _, summary in listed)
    index = json.loads((saves.data_dir() / games_index.INDEX_NAME).read_text())
    assert sorted(index["files"]) == ["game 0.pdn", "game 1.pdn", "game 3.pdn"]


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\x00\xff" * 500,
        b'{"format": 1, "files": []}',
        b'{"format": 1, "files": {"game 0.pdn": {"key": "x", "summary": 7}}}',
        b'{"format": 99, "files": {}}',
        b"[" * 100_000,
        "a directory",
    ],
)
def test_a_damaged_index_is_ignored_and_rebuilt(reads: list[str], damage: bytes | str) -> None:
    kept_games(3)
    expected = listing()
    index = saves.data_dir() / games_index.INDEX_NAME
    index.unlink()
    if isinstance(damage, str):
        index.mkdir()
    else:
        index.write_bytes(damage)
    reads.clear()
    assert listing() == expected and len(reads) == 3
    if isinstance(damage, bytes):  # rebuilt whole: the next start reads nothing
        reads.clear()
        assert listing() == expected and reads == []


def test_a_lying_index_entry_for_a_file_of_the_same_key_is_type_checked(reads: list[str]) -> None:
    kept_games(2)
    expected = listing()
    index = saves.data_dir() / games_index.INDEX_NAME
    data = json.loads(index.read_text())
    data["files"]["game 0.pdn"]["summary"] = {"tags": {"Black": 5}, "result": "*", "plies": -1}
    index.write_text(json.dumps(data))
    reads.clear()
    assert listing() == expected and reads == ["game 0.pdn"]


def test_a_big_archive_in_the_folder_is_read_once_not_at_every_start(reads: list[str]) -> None:
    kept_games(1)
    game = (saves.games_dir() / "game 0.pdn").read_text()
    archive = saves.games_dir() / "archive.pdn"
    archive.write_text("\n".join([game] * 20_000))  # 4 MB of 20,000 games
    listed = saves.list_saved_games()
    assert reads.count("archive.pdn") == 1
    assert [entry.contents.games for entry in listed if entry.path == archive] == [20_000]
    reads.clear()
    saves.unfinished_games()
    saves.list_saved_games()
    assert reads == []


def test_a_file_that_cannot_be_read_is_remembered_with_its_problem(reads: list[str]) -> None:
    saves.games_dir().mkdir(parents=True)
    (saves.games_dir() / "bad.pdn").write_text("1. 11-15 22-18\n2. 15-19 99-98\n")
    [entry] = saves.list_saved_games()
    reads.clear()
    [again] = saves.list_saved_games()
    assert reads == [] and again.problem == entry.problem
    assert again.summary().startswith("bad.pdn: cannot be read (line 2: ")
    assert again.game is None and not again.is_unfinished and not again.is_finished
