"""Issue 34's files and stores: nothing of the user's is followed, deleted or overwritten, and a
damaged or hostile store is moved aside, skipped or refused in one line, never trusted."""

from __future__ import annotations

import io
import json
import os
import random
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TypeVar

import pytest

from checkers import atomic, saves
from checkers.ai.search import Limits
from checkers.board import Position
from checkers.cli import main
from checkers.explore_cli import SEARCH_SECONDS
from checkers.formats import games_index
from checkers.formats.explorer_index import (
    Archive,
    explore,
    index_path,
    load_archive_list,
    open_index,
    save_archive_list,
)
from checkers.formats.pdn import PdnError, PdnGame, open_archive, write_games
from checkers.formats.puzzle_store import (
    Schedule,
    add_puzzles,
    due_count,
    load_puzzles,
    puzzles_path,
    schedule_path,
)
from checkers.puzzles import Puzzle
from checkers.record import GameRecord

TAGS = {"Black": "Human", "White": "Engine"}
T = TypeVar("T")
GAMES = 30


def a_game() -> GameRecord:
    record = GameRecord()
    record.play(record.position.legal_moves()[0])
    return record


# --- locks and temporaries ----------------------------------------------------------------------


def test_a_lock_that_is_a_symbolic_link_is_left_alone_and_said_once(
    data: Path, tmp_path: Path
) -> None:
    kept = saves.GameFile()
    path = kept.write(a_game(), TAGS)
    kept.release()
    important = tmp_path / "important.txt"
    important.write_text("keep me")
    lock = path.with_name(f".{path.name}.lock")
    lock.symlink_to(important)
    assert [entry.path for entry in saves.unfinished_games()] == [path]  # as a plain start looks
    messages: list[str] = []
    claimed = saves.GameFile.claim(path, messages.append)
    assert claimed is not None
    claimed.write(a_game(), TAGS)
    claimed.write(a_game(), TAGS)
    claimed.release()
    assert important.read_text() == "keep me" and lock.is_symlink()
    assert len(messages) == 1 and "symbolic link" in messages[0] and "\n" not in messages[0]


def test_a_lock_left_by_a_crash_is_taken_and_a_hard_linked_one_is_not_emptied(
    data: Path, tmp_path: Path
) -> None:
    kept = saves.GameFile()
    path = kept.write(a_game(), TAGS)
    kept.release()
    lock = path.with_name(f".{path.name}.lock")
    someone = tmp_path / "someone.txt"
    someone.write_text("their words")
    os.link(someone, lock)  # a name in the games folder for someone else's file
    claimed = saves.GameFile.claim(path)
    assert claimed is not None and saves.is_open_elsewhere(path)
    claimed.release()
    assert someone.read_text() == "their words" and lock.exists()  # not emptied, not removed


def test_the_games_index_is_never_written_through_a_link(data: Path, tmp_path: Path) -> None:
    saves.save_game(a_game(), TAGS)
    precious = tmp_path / "precious.txt"
    precious.write_text("not an index")
    (data / games_index.INDEX_NAME).symlink_to(precious)
    assert len(saves.list_saved_games()) == 1
    assert precious.read_text() == "not an index"


def test_a_save_removes_only_its_own_temporaries(tmp_path: Path) -> None:
    old = time.time() - 300
    theirs = tmp_path / "out" / ".thesis.docx.tmp"  # another program's, five minutes old
    theirs.parent.mkdir()
    theirs.write_text("a chapter")
    ours = tmp_path / "out" / f"{atomic.TEMPORARY_PREFIX}b.svg.x1y2.tmp"
    ours.write_text("half a picture")
    for file in (theirs, ours):
        os.utime(file, (old, old))
    assert main(["picture", "--out", str(tmp_path / "out" / "b.svg")], out=io.StringIO()) == 0
    assert sorted(os.listdir(tmp_path / "out")) == [".thesis.docx.tmp", "b.svg"]


def test_a_picture_through_a_dangling_link_is_refused_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "dangling-link.svg"
    link.symlink_to("nowhere/x.svg")
    assert main(["picture", "--out", str(link)], out=io.StringIO()) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "symbolic link" in err[0]
    assert sorted(os.listdir(tmp_path)) == ["dangling-link.svg"]  # no folder `nowhere`


def test_a_write_under_a_dangling_folder_link_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / "out").symlink_to(tmp_path / "nowhere")
    with pytest.raises(atomic.FileRefusedError, match="^out is a symbolic link"):
        atomic.write_text(tmp_path / "out" / "b.svg", "<svg/>")
    assert not (tmp_path / "nowhere").exists()


# --- the puzzle set and its schedule ------------------------------------------------------------


def some_puzzles(count: int, seed: int = 7) -> list[Puzzle]:
    """`count` puzzles of distinct positions from a seeded random game's moves."""
    rng = random.Random(seed)
    found: dict[str, Puzzle] = {}
    while len(found) < count:
        position = Position()
        for _ in range(30):
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            if len(legal) > 1 and len(found) < count:
                other = next(m for m in legal if m != move)
                found.setdefault(
                    position.fen(), Puzzle(position.fen(), (move.pdn(),), other.pdn(), ())
                )
            position = position.move(move)
    return list(found.values())


def test_adding_to_a_damaged_puzzle_set_moves_it_aside_instead_of_losing_it(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifty = some_puzzles(51)
    assert add_puzzles(fifty[:50]) == (50, None)
    whole = puzzles_path().read_text()
    damaged = whole.replace("}", "},", 1)  # one stray comma
    puzzles_path().write_text(damaged)
    assert add_puzzles(fifty[50:]) == (1, None)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "moved it to puzzles.damaged.json" in err[0]
    assert (data / "puzzles.damaged.json").read_text() == damaged  # the 50, kept as they were
    assert load_puzzles() == fifty[50:]


def test_a_puzzle_set_too_big_to_read_is_never_written_over(data: Path) -> None:
    puzzles_path().write_text('{"version": 1, "puzzles": [')
    os.truncate(puzzles_path(), 17 * 1024 * 1024)  # over the 16 MB limit (sparse: no disk)
    added, problem = add_puzzles(some_puzzles(1))
    assert added == 0 and problem is not None and "\n" not in problem and "limit" in problem
    assert puzzles_path().stat().st_size == 17 * 1024 * 1024 and os.listdir(data) == [
        "puzzles.json"
    ]


BAD_CARDS = {
    "step x": {"step": "x"},
    "step -5": {"step": -5},
    "stability nan": {"stability": "nan"},
    "stability inf": {"stability": "inf"},
    "review without a time zone": {"last_review": "2026-11-20T10:00:00"},
}


@pytest.mark.parametrize("change", BAD_CARDS.values(), ids=BAD_CARDS.keys())
def test_a_bad_card_alone_is_dropped_and_every_answer_is_saved(
    data: Path, change: dict[str, object]
) -> None:
    good, bad = some_puzzles(2)
    now = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
    schedule = Schedule.load()
    schedule.answer(good, right=True, now=now)
    schedule.answer(bad, right=False, now=now)
    assert schedule.save() is None
    text = schedule_path().read_text()
    cards = json.loads(text)
    cards["cards"][bad.key].update(change)
    schedule_path().write_text(json.dumps(cards))
    loaded = Schedule.load()
    assert loaded.damaged and set(loaded.cards) == {good.key} and loaded.dropped == 1
    loaded.answer(bad, right=True, now=now)  # a traceback here was "Error: TypeError"
    loaded.answer(good, right=True, now=now + timedelta(days=9))
    assert loaded.save() is None
    assert set(Schedule.load().cards) == {good.key, bad.key}
    assert json.loads((data / "puzzle-schedule.damaged.json").read_text()) == cards  # kept


def test_the_start_screens_count_follows_the_files(data: Path) -> None:
    puzzles = some_puzzles(3)
    assert due_count() == (0, 0)
    add_puzzles(puzzles[:2])
    assert due_count() == (2, 2)
    schedule = Schedule.load()
    schedule.answer(puzzles[0], right=True)
    assert schedule.save() is None
    assert due_count() == (1, 2)
    add_puzzles(puzzles[2:])
    assert due_count() == (2, 3)
    assert due_count(datetime.now(timezone.utc) + timedelta(days=400)) == (3, 3)


# --- the explorer's index and archive list ------------------------------------------------------


def finishes(action: Callable[[], T], seconds: float = 20.0) -> T:
    """The action's result; fails (instead of hanging the suite) if it blocks."""
    results: list[T] = []
    worker = threading.Thread(target=lambda: results.append(action()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert results, f"still blocked after {seconds} s"
    return results[0]


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """An archive of GAMES random legal games: an index of several pages."""
    rng = random.Random(34)
    games = []
    for _ in range(GAMES):
        position, moves = Position(), []
        for _ in range(rng.randint(20, 50)):
            legal = position.legal_moves()
            if not legal:
                break
            moves.append(rng.choice(legal))
            position = position.move(moves[-1])
        games.append(PdnGame({"Event": "x"}, Position(), tuple(moves), "1/2-1/2"))
    path = tmp_path / "games.pdn"
    path.write_text(write_games(games))
    return path


def moves_at_start(path: Path, folder: Path) -> int:
    """The games the index of `path` counts from the start position."""
    index, _ = open_index(Archive(path), folder)
    try:
        return sum(entry.games for entry in explore([index], Position()))
    finally:
        index.close()


def moves_found(path: Path, folder: Path) -> int:
    """How many of the archive's moves the index finds where they were played."""
    index, _ = open_index(Archive(path), folder)
    found = 0
    try:
        for game in open_archive(path).games():
            assert not isinstance(game, PdnError)
            position = game.start
            for move in game.moves:
                found += move.pdn() in {entry.move for entry in explore([index], position)}
                position = position.move(move)
    finally:
        index.close()
    return found


def test_an_index_that_is_a_symbolic_link_is_never_written_through(
    archive: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    folder.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("not an index")
    link = index_path(Archive(archive), folder)
    link.symlink_to(precious)
    assert moves_at_start(archive, folder) == GAMES
    assert precious.read_text() == "not an index"
    assert not link.is_symlink() and link.with_name(f"{link.stem}.damaged.sqlite").is_symlink()


def test_an_index_with_a_zeroed_page_is_moved_aside_and_rebuilt(
    archive: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    every = moves_found(archive, folder)
    path = index_path(Archive(archive), folder)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert len(data) >= 4 * page
    data[-page:] = bytes(page)  # the last data page, as a crash or a bad disk leaves it
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(bytes(data))
    damaged.replace(path)  # another file than the one this process built and checked
    assert moves_found(archive, folder) == every
    assert path.with_name(f"{path.stem}.damaged.sqlite").read_bytes() == bytes(data)


@pytest.mark.parametrize("kind", ["fifo", "nested"])
def test_a_hostile_archive_list_reads_as_empty_without_waiting(
    kind: str, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = data / "explorer"
    folder.mkdir()
    if kind == "fifo":
        os.mkfifo(folder / "archives.json")
    else:
        (folder / "archives.json").write_text("[" * 100_000)
    assert finishes(lambda: load_archive_list(folder)) == []
    assert finishes(lambda: main(["explore", "--depth", "0"], out=io.StringIO())) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_an_added_archive_deleted_since_is_skipped_and_said_once(
    archive: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = data / "gone.pdn"
    save_archive_list(data / "explorer", [Archive(archive), Archive(gone)])
    out = io.StringIO()
    assert main(["explore", "--no-own-games", "--depth", "0", "--format", "json"], out=out) == 0
    assert sum(move["games"] for move in json.loads(out.getvalue())["moves"]) == GAMES
    err = capsys.readouterr().err.strip().splitlines()
    assert [line for line in err if "gone.pdn" in line] == [
        "checkers: skipped gone.pdn: No such file or directory (added to the explorer)"
    ]


def test_the_scores_search_is_capped_in_time_at_the_deepest_depth(
    data: Path, archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from checkers.ai import compiled
    from checkers.coach import explain

    asked: list[Limits] = []

    def analysis_lines(position: Position, limits: Limits, *rest: object) -> explain.Analysis:
        asked.append(limits)
        return explain.Analysis(0, ())

    monkeypatch.setattr(explain, "analysis_lines", analysis_lines)
    monkeypatch.setattr(compiled, "wait_until_ready", lambda seconds: True)  # no search runs
    assert main(["explore", "--db", str(archive), "--depth", "20"], out=io.StringIO()) == 0
    assert [(limits.depth, limits.time) for limits in asked] == [(20, SEARCH_SECONDS)]
    assert SEARCH_SECONDS <= 30
