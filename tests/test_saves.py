"""Saved games and the autosave: atomic writes, readable names, exact resumes, damaged files."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from checkers import saves
from checkers.board import Move, Position
from checkers.formats.pdn import read_file
from checkers.record import GameRecord, Reason


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its files in its own temporary directory."""
    directory = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(directory))
    return directory


def play(record: GameRecord, *moves: str) -> None:
    for text in moves:
        record.play(Move.from_pdn(text, record.position))


def test_checkers_data_dir_overrides_the_platforms_directory(
    data_dir: Path, tmp_path: Path
) -> None:
    assert saves.data_dir({"CHECKERS_DATA_DIR": str(tmp_path / "mine")}) == tmp_path / "mine"
    assert saves.data_dir({"CHECKERS_DATA_DIR": "~/games"}) == Path.home() / "games"
    # The environment variable itself (set by the fixture) moves every file the game writes.
    assert saves.games_dir() == data_dir / "games"
    assert saves.autosave_path() == data_dir / "autosave.pdn"


def test_without_the_override_the_data_directory_is_platformdirs_user_data_dir() -> None:
    expected = Path(platformdirs.user_data_dir("checkers", appauthor=False, roaming=True))
    assert saves.data_dir({}) == expected
    assert saves.data_dir({"CHECKERS_DATA_DIR": ""}) == expected  # empty means unset
    assert expected.name == "checkers"


def test_atomic_write_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "game.pdn"
    saves.atomic_write_text(target, "old")
    saves.atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert os.listdir(target.parent) == ["game.pdn"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_write_leaves_the_old_file_whole_and_no_debris(
    failing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.pdn"
    target.write_text("the old game", encoding="utf-8")

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched, pytest.raises(OSError, match="No space left"):
        patched.setattr(os, failing, crash)
        saves.atomic_write_text(target, "the new game, half written")
    assert target.read_text(encoding="utf-8") == "the old game"
    assert os.listdir(tmp_path) == ["game.pdn"]


def test_saved_game_has_a_readable_name_and_never_overwrites_another() -> None:
    record = GameRecord()
    play(record, "11-15", "23-19")
    when = datetime(2026, 11, 21, 14, 5)
    tags = {"Black": "Human", "White": "Engine"}
    first = saves.save_game(record, tags, when)
    second = saves.save_game(record, tags, when)
    odd = saves.save_game(record, {"Black": 'A/B: "x"?', "White": ""}, when)
    assert first.name == "2026-11-21 14-05 Human vs Engine.pdn"
    assert second.name == "2026-11-21 14-05 Human vs Engine (2).pdn"
    assert odd.name == "2026-11-21 14-05 A B x vs Unknown.pdn"
    game = read_file(first)[0]
    assert [m.pdn() for m in game.moves] == ["11-15", "23-19"]
    assert game.tags["Date"] == "2026.11.21" and game.tags["White"] == "Engine"


def test_saved_games_are_listed_newest_first_with_damaged_ones_named() -> None:
    record = GameRecord()
    play(record, "11-15")
    older = saves.save_game(record, {"Black": "Ann", "White": "Bob"}, datetime(2026, 1, 1, 9, 0))
    newer = saves.save_game(record, {"Black": "Cy", "White": "Di"}, datetime(2026, 1, 2, 9, 0))
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(newer, (2_000_000, 2_000_000))
    damaged = saves.games_dir() / "damaged.pdn"
    damaged.write_text("1. 11-15 22-18\n2. 15-19 99-98\n", encoding="utf-8")
    os.utime(damaged, (1_500_000, 1_500_000))
    listed = saves.list_saved_games()
    assert [entry.path for entry in listed] == [newer, damaged, older]
    assert listed[0].tags["Black"] == "Cy"
    assert listed[0].summary().startswith("Cy vs Di, unfinished, 1 move, saved ")
    assert listed[1].game is None and (listed[1].problem or "").startswith("line 2: ")
    loaded = saves.load_game(newer)
    assert loaded.record.position == record.position and loaded.tags["White"] == "Di"


def test_no_saved_games_before_the_first_save() -> None:
    assert saves.list_saved_games() == []
    assert saves.load_autosave() is None


def test_resume_after_a_crash_has_the_same_position_history_and_counters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = GameRecord(Position("B:WK29,32:BK4,12"))
    tags = {"Black": "Human", "White": "Engine"}
    for text in ["4-8", "29-25", "8-4", "25-29", "4-8"]:
        play(record, text)
        saves.autosave(record, tags)

    # The program dies while writing the autosave of the next move: the last one is intact.
    def crash(*args: object) -> None:
        raise OSError(5, "Input/output error")

    play(record, "29-25")
    with monkeypatch.context() as patched, pytest.raises(OSError):
        patched.setattr(os, "replace", crash)
        saves.autosave(record, tags)
    record.undo()

    resumed = saves.load_autosave(report=pytest.fail)
    assert resumed is not None
    again = resumed.record
    assert resumed.tags.items() >= tags.items() and resumed.result == "*"
    assert again.start == record.start and again.position == record.position
    assert again.positions == record.positions
    assert again.no_progress_plies == record.no_progress_plies == 5
    assert again.repetition_count() == record.repetition_count() == 2
    # The resumed game knows its history: the same shuffle ends both by repetition.
    for r in (record, again):
        play(r, "29-25", "8-4", "25-29")
        assert r.outcome is not None and r.outcome.reason is Reason.REPETITION


def test_damaged_autosave_is_reported_once_moved_aside_and_ignored() -> None:
    path = saves.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'[Event "x"]\n1. 11-15 23-19\n2. 15-18\x00\x00\x00')
    messages: list[str] = []
    assert saves.load_autosave(report=messages.append) is None
    assert len(messages) == 1
    assert "autosave.pdn: line 3" in messages[0] and "moved it to" in messages[0]
    assert not path.exists() and (path.parent / "autosave.damaged.pdn").exists()
    assert saves.load_autosave(report=messages.append) is None
    assert len(messages) == 1


def test_damaged_autosave_message_goes_to_stderr_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    saves.atomic_write_text(saves.autosave_path(), "")
    assert saves.load_autosave() is None
    err = capsys.readouterr().err
    assert err.startswith("checkers: ignored the autosave") and len(err.splitlines()) == 1


def test_clear_autosave_forgets_the_game() -> None:
    record = GameRecord()
    play(record, "11-15")
    saves.autosave(record, {})
    assert saves.load_autosave() is not None
    saves.clear_autosave()
    saves.clear_autosave()  # nothing left to clear is fine
    assert saves.load_autosave() is None


def test_the_folders_live_in_paths_and_the_database_finds_them_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's databases, the saves and the window read one definition of the folders."""
    from checkers import paths
    from checkers.ai import endgame

    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path))
    assert saves.data_dir is paths.data_dir and saves.games_dir is paths.games_dir
    assert endgame.user_directory() == tmp_path / "endgame"
    assert paths.games_dir() == tmp_path / "games"
    assert paths.cache_dir() == Path(platformdirs.user_cache_dir("checkers"))
