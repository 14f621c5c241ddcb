"""Damaged data never stops play: endgame slices, the opening book, the settings, the locks."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from checkers.ai import book as book_module
from checkers.ai.book import BOOK_FILE, load_book
from checkers.ai.endgame import SHIPPED_DIRECTORY, Endgames, slice_file_name
from checkers.board import Position
from checkers.cli import main

TWO_KINGS_ONE = (0, 2, 0, 1)
WON = Position.from_fen("B:WK18:BK1,K32")  # two kings against one: a database win


def checkers_run(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "checkers", *argv],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def damage(kind: str, path: Path) -> None:
    """Put a damaged copy of the two-kings-against-one slice at `path`."""
    good = (SHIPPED_DIRECTORY / slice_file_name(TWO_KINGS_ONE)).read_bytes()
    if kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "another material":
        path.write_bytes((SHIPPED_DIRECTORY / slice_file_name((0, 1, 0, 1))).read_bytes())
    elif kind == "huge":
        with path.open("wb") as file:
            file.truncate(3 * 1024**3)  # 3 GB, sparse: nothing is written to disk
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(bytes(len(good)))


DAMAGE = ["truncated", "another material", "huge", "fifo", "folder", "zeros"]


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_endgame_slice_is_left_out_with_one_warning(kind: str, tmp_path: Path) -> None:
    damage(kind, tmp_path / slice_file_name(TWO_KINGS_ONE))
    messages: list[str] = []
    alone = Endgames([tmp_path], messages.append)
    assert alone.probe(WON) is None
    assert alone.probe(Position.from_fen("W:WK18:BK1,K32")) is None
    assert len(messages) == 1 and messages[0].startswith("endgame database left out: eg3-0201")
    # With the shipped slices behind it, the shipped copy answers.
    fallback = Endgames([tmp_path, SHIPPED_DIRECTORY], messages.append)
    assert fallback.probe(WON) is not None and len(messages) == 2


@pytest.mark.parametrize("kind", ["truncated", "another material", "huge"])
def test_analyse_with_a_damaged_endgame_slice_warns_once_and_answers(
    kind: str, tmp_path: Path
) -> None:
    (tmp_path / "endgame").mkdir()
    damage(kind, tmp_path / "endgame" / slice_file_name(TWO_KINGS_ONE))
    run = checkers_run(
        "analyse", WON.fen(), "--depth", "6", env={"CHECKERS_DATA_DIR": str(tmp_path)}
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if "endgame database left out" in line]
    assert len(warnings) == 1
    assert "best" in run.stdout.lower() or run.stdout.strip()


def test_endgame_build_jobs_are_capped_like_every_other_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["endgame", "build", "--jobs", "1000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too many processes" in err


# --- the opening book -------------------------------------------------------------------------


def book_damage(kind: str, path: Path) -> Path:
    good = (Path(book_module.__file__).parent.parent / "data" / BOOK_FILE).read_bytes()
    if kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "random":
        path.write_bytes(os.urandom(5000))
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero device":
        return Path("/dev/zero")
    return path


BOOK_DAMAGE = ["truncated", "empty", "random", "folder", "fifo", "zero device"]


@pytest.mark.parametrize("kind", BOOK_DAMAGE)
def test_book_show_refuses_a_damaged_book_in_one_line(kind: str, tmp_path: Path) -> None:
    path = book_damage(kind, tmp_path / "book.txt")
    run = checkers_run("book", "show", "--book", str(path))
    assert run.returncode == 1
    assert run.stderr.startswith("checkers: error: ") and run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("kind", BOOK_DAMAGE)
def test_a_damaged_packaged_book_is_said_once_and_play_goes_on(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = book_damage(kind, tmp_path / BOOK_FILE)

    def from_damaged() -> book_module.Book:
        return load_book(path)

    book_module._load.cache_clear()
    monkeypatch.setattr(book_module, "_packaged", from_damaged)
    monkeypatch.setattr(book_module, "_book_problem_reported", [])
    messages: list[str] = []
    assert book_module.packaged_book(messages.append) is None
    assert book_module.packaged_book(messages.append) is None
    assert len(messages) == 1 and messages[0].startswith("the opening book is not used: ")
    assert "\n" not in messages[0]
    book_module._load.cache_clear()


def test_the_engine_with_a_fifo_for_a_book_answers_at_once(tmp_path: Path) -> None:
    # The packaged book replaced by a FIFO in a copy of the package: the engine must not wait.
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from checkers.ai import book\n"
        f"fifo = Path({str(tmp_path)!r}) / 'book.txt'\n"
        "os.mkfifo(fifo)\n"
        "book._packaged = lambda: book.load_book(fifo)\n"
        "from checkers.cli import main\n"
        "sys.exit(main(['engine']))\n"
    )
    engine = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(120, engine.kill)  # a hung engine fails the test, not the run
    watchdog.start()
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("position startpos\ngo depth 2\n")
    engine.stdin.flush()
    answers = []
    for line in engine.stdout:  # quit only once the search has answered, as a GUI does
        answers.append(line)
        if line.startswith("bestmove"):
            break
    _, err = engine.communicate("quit\n", timeout=120)
    watchdog.cancel()
    assert any(line.startswith("bestmove") for line in answers), err
    assert "Traceback" not in err and err.count("opening book is not used") == 1


# --- starting the window ----------------------------------------------------------------------


def test_resuming_with_a_lock_that_is_a_directory_finds_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from checkers import saves
    from checkers.gui.screens.load import find_autosave
    from checkers.record import GameRecord

    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    record = GameRecord()
    record.play(record.position.legal_moves()[0])
    kept = saves.GameFile()
    path = kept.write(record, {"Black": "Human", "White": "Engine"})
    kept.release()
    (path.parent / f".{path.name}.lock").mkdir()
    resumed = find_autosave()
    assert resumed is not None and resumed.path == path
