"""The one atomic writer (checkers.atomic) and every writer that goes through it: special files
refused, links written through, nothing empty or stray left by a kill or a full disk."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from checkers import atomic, saves
from checkers.board import Move
from checkers.gui.settings import Settings, load_settings, save_settings
from checkers.record import GameRecord
from checkers.textfile import FileRefusedError

TAGS = {"Black": "Human", "White": "Engine"}


def open_descriptors(folder: Path | None = None) -> int:
    """This process's open descriptors (those on files in `folder`, if given: other tests'
    objects may close theirs meanwhile, which says nothing of the writer)."""
    count = 0
    for name in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{name}")
        except OSError:
            continue  # closed while we looked (the listing's own descriptor)
        if folder is None or target.startswith(str(folder)):
            count += 1
    return count


def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write to a file fails as on a full disk (creating names still works, as there)."""

    def full(handle: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)


def a_game() -> GameRecord:
    record = GameRecord()
    for text in ("11-15", "23-19"):
        record.play(Move.from_pdn(text, record.position))
    return record


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(directory))
    return directory


def finishes(action: Callable[[], object], seconds: float = 20.0) -> object:
    """The action's result; fails (instead of hanging the suite) if it blocks."""
    results: list[object] = []
    errors: list[OSError] = []

    def run() -> None:
        try:
            results.append(action())
        except OSError as error:  # handed to the test's thread
            errors.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if errors:
        raise errors[0]
    assert results, f"still blocked after {seconds} s"
    return results[0]


# --- the writer itself --------------------------------------------------------------------------


def test_a_fifo_is_refused_not_waited_on_nor_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "game.pdn"
    os.mkfifo(fifo)
    with pytest.raises(FileRefusedError, match="game.pdn is a device, FIFO or socket"):
        finishes(lambda: atomic.write_text(fifo, "a game"))
    assert fifo.is_fifo()
    assert os.listdir(tmp_path) == ["game.pdn"]


def test_a_directory_is_refused_with_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "game.pdn"
    folder.mkdir()
    with pytest.raises(FileRefusedError, match="^game.pdn is a directory, not a file$"):
        atomic.write_text(folder, "a game")
    assert folder.is_dir() and os.listdir(tmp_path) == ["game.pdn"]


def test_a_device_is_refused_and_stays_a_device() -> None:
    with pytest.raises(FileRefusedError, match="null is a device"):
        atomic.write_bytes("/dev/null", b"x")
    assert Path("/dev/null").is_char_device()


def test_a_link_is_written_through_to_its_target_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real" / "book.txt"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "book.txt"
    link.symlink_to(real)
    assert atomic.write_text(link, "new") == real
    assert link.is_symlink() and real.read_text() == "new"
    assert os.listdir(real.parent) == ["book.txt"]  # the temporary file was beside the target


def test_a_dangling_link_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    link = tmp_path / "settings.json"
    link.symlink_to(tmp_path / "nowhere" / "elsewhere.json")
    with pytest.raises(FileRefusedError, match="^settings.json is a symbolic link to nothing"):
        atomic.write_text(link, "{}")
    assert link.is_symlink() and sorted(os.listdir(tmp_path)) == ["settings.json"]


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.pdn"
    target.write_text("old")
    target.chmod(0o600)
    atomic.write_text(target, "new")
    assert target.stat().st_mode & 0o777 == 0o600


def test_a_full_disk_leaves_the_old_file_whole_nothing_beside_it_and_no_descriptor_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.pdn"
    target.write_text("the old game")
    before = open_descriptors(tmp_path)
    with monkeypatch.context() as patched:
        disk_full(patched)
        for _ in range(20):
            with pytest.raises(OSError, match="No space left"):
                atomic.write_text(target, "the new game")
    assert open_descriptors(tmp_path) == before == 0
    assert target.read_text() == "the old game"
    assert os.listdir(tmp_path) == ["game.pdn"]


def test_creating_never_replaces_a_file_nor_leaves_one_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = tmp_path / "a.pdn"
    taken.write_text("someone's game")
    with pytest.raises(FileExistsError):
        atomic.create_text(taken, "mine")
    assert taken.read_text() == "someone's game"
    with monkeypatch.context() as patched:
        disk_full(patched)
        with pytest.raises(OSError, match="No space left"):
            atomic.create_text(tmp_path / "b.pdn", "mine")
    assert os.listdir(tmp_path) == ["a.pdn"]


# --- saving games ---------------------------------------------------------------------------------


def test_saving_on_a_full_disk_leaves_no_empty_file(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = a_game()
    with monkeypatch.context() as patched:
        disk_full(patched)
        for _ in range(5):
            with pytest.raises(OSError):
                saves.save_game(record, TAGS)
    assert not [path for path in (data / "games").iterdir() if not path.name.startswith(".")]
    assert saves.list_saved_games() == []
    first = saves.save_game(record, TAGS)
    assert first.name.endswith("Human vs Engine.pdn")  # the name was never taken by an empty file


def test_keeping_a_game_on_a_full_disk_leaves_no_empty_file_lock_or_open_descriptor(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = a_game()
    kept = saves.GameFile()
    before = open_descriptors(data)
    with monkeypatch.context() as patched:
        disk_full(patched)
        for _ in range(20):  # a write after every move
            with pytest.raises(OSError):
                kept.write(record, TAGS)
    assert open_descriptors(data) == before == 0
    assert os.listdir(data / "games") == []
    assert kept.path is None
    path = kept.write(record, TAGS)  # space again: the game is kept, and locked
    assert saves.is_open_elsewhere(path)
    kept.release()
    assert sorted(os.listdir(data / "games")) == [path.name]


def test_a_save_killed_before_its_rename_leaves_no_game_file(data: Path) -> None:
    # The process dies (SIGKILL) at the rename: the worst moment for a half-made file.
    script = (
        "import os, signal\n"
        "from checkers import saves\n"
        "from checkers.record import GameRecord\n"
        "os.replace = os.link = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        "saves.save_game(GameRecord(), {'Black': 'A', 'White': 'B'})\n"
    )
    for _ in range(3):
        killed = subprocess.run(
            [sys.executable, "-c", script], check=False, env=os.environ, timeout=60
        )
        assert killed.returncode == -9
    assert saves.list_saved_games() == []  # no empty game the list would call unreadable
    left = os.listdir(data / "games")
    assert len(left) == 3 and all(name.startswith(".checkers-write.") for name in left)
    old = time.time() - 3600
    for name in left:
        os.utime(data / "games" / name, (old, old))
    saves.save_game(a_game(), TAGS)  # the next write clears what the kills left
    assert [path.name.startswith(".") for path in (data / "games").iterdir()] == [False]


# --- locks ------------------------------------------------------------------------------------


def test_a_lock_that_is_a_directory_does_not_stop_the_game(data: Path) -> None:
    kept = saves.GameFile()
    path = kept.write(a_game(), TAGS)
    kept.release()
    (path.parent / f".{path.name}.lock").mkdir()
    assert not saves.is_open_elsewhere(path)
    assert [entry.path for entry in saves.unfinished_games()] == [path]
    messages: list[str] = []
    claimed = saves.GameFile.claim(path, messages.append)
    assert claimed is not None
    claimed.write(a_game(), TAGS)
    claimed.release()


def test_a_lock_that_cannot_be_made_is_said_once_and_the_game_goes_on(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def no_locks(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", no_locks)
    messages: list[str] = []
    kept = saves.GameFile(report=messages.append)
    path = kept.write(a_game(), TAGS)
    kept.write(a_game(), TAGS)
    assert path.is_file() and len(messages) == 1
    assert "playing on without the lock" in messages[0] and "Read-only" in messages[0]
    resumed = saves.GameFile.claim(path, messages.append)
    assert resumed is not None and len(messages) == 2


# --- the other writers ------------------------------------------------------------------------


def test_settings_that_are_a_fifo_or_a_folder_start_with_the_defaults(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    assert finishes(lambda: load_settings(fifo)) == Settings()
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert load_settings(folder) == Settings()
    with pytest.raises(OSError, match="folder.json is a directory, not a settings file"):
        save_settings(Settings(), folder)
    assert folder.is_dir()


def test_settings_are_written_whole_through_a_link(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text("{}")  # a link to nothing is refused: nothing is created through a link
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    save_settings(Settings(volume=0.25), link)
    assert link.is_symlink() and load_settings(link).volume == 0.25
    assert sorted(os.listdir(tmp_path)) == ["dotfiles", "settings.json"]


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_book_build_refuses_a_special_out_file_in_one_line(kind: str, tmp_path: Path) -> None:
    out = tmp_path / "book.txt"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "folder":
        out.mkdir()
    else:
        out = Path("/dev/null")
    work = tmp_path / "book.work"
    run = subprocess.run(
        [sys.executable, "-m", "checkers", "book", "build", "--depth", "2", "--plies", "0"]
        + ["--out", str(out), "--work", str(work)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("checkers: error: ")
    assert ("is a directory" if kind == "folder" else "is a device, FIFO or socket") in run.stderr
    assert not work.exists()
    assert out.is_fifo() if kind == "fifo" else out.is_dir() if kind == "folder" else True


def test_the_first_game_kept_creates_the_games_folder_and_is_locked(data: Path) -> None:
    # No games folder yet (a first run): the lock beside the new file needs it too.
    messages: list[str] = []
    kept = saves.GameFile(report=messages.append)
    path = kept.write(a_game(), TAGS)
    assert messages == [] and saves.is_open_elsewhere(path)
    kept.release()


# --- the two logs written as a stream (a match's games, a book build's finished searches) -------

MATCH = ["match", "--games", "1", "--first-depth", "1", "--second-depth", "1", "--jobs", "1"]


def special(kind: str, path: Path) -> Path:
    """A FIFO or a folder at `path`, or a device."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        return Path("/dev/null")
    return path


def is_unchanged(kind: str, path: Path) -> bool:
    return path.is_fifo() if kind == "fifo" else path.is_dir() if kind == "folder" else True


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_a_stream_refuses_a_special_file_in_one_line_without_waiting(
    kind: str, tmp_path: Path
) -> None:
    target = special(kind, tmp_path / "games.pdn")
    with pytest.raises(FileRefusedError, match=f"^{target.name} is a .*, not a PDN file$"):
        finishes(lambda: atomic.open_stream(target, "PDN file", fresh=True))
    assert is_unchanged(kind, target)
    assert not Path("/dev/null").is_file()


def test_a_stream_appends_through_a_link_and_a_fresh_one_starts_empty(tmp_path: Path) -> None:
    real = tmp_path / "real" / "games.pdn"
    real.parent.mkdir()  # a stream makes no folder: a mistyped one is refused
    real.write_text("")  # nor a file through a link
    link = tmp_path / "games.pdn"
    link.symlink_to(real)
    for fresh, text in ((True, "one\n"), (False, "two\n")):
        with atomic.open_stream(link, fresh=fresh) as stream:
            stream.write(text)
    assert link.is_symlink() and real.read_text() == "one\ntwo\n"
    with atomic.open_stream(link, fresh=True) as stream:
        stream.write("three\n")
    assert real.read_text() == "three\n"


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_match_pdn_refuses_a_special_file_in_one_line(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from checkers.cli import main

    target = special(kind, tmp_path / "games.pdn")
    assert finishes(lambda: main([*MATCH, "--pdn", str(target)], out=io.StringIO())) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"checkers: error: cannot write {target}: ")
    assert err[-1].endswith("not a PDN file") and is_unchanged(kind, target)


def test_match_pdn_writes_its_games_through_a_link(tmp_path: Path) -> None:
    from checkers.cli import main
    from checkers.formats.pdn import read_file

    real = tmp_path / "kept" / "games.pdn"
    real.parent.mkdir()
    real.write_text("an older match\n")
    link = tmp_path / "games.pdn"
    link.symlink_to(real)
    assert main([*MATCH, "--games", "2", "--pdn", str(link)], out=io.StringIO()) == 0
    assert link.is_symlink() and len(read_file(real)) == 2  # replaced, not appended to


def book_build(work: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "checkers", "book", "build", "--depth", "2", "--plies", "0"]
        + ["--out", str(out), "--work", str(work)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_book_build_refuses_a_special_work_file_in_one_line(kind: str, tmp_path: Path) -> None:
    work = special(kind, tmp_path / "book.work")
    out = tmp_path / "book.txt"
    run = book_build(work, out)
    assert run.returncode == 1 and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr and "not a work file" in run.stderr
    assert not out.exists() and is_unchanged(kind, work)


def test_book_build_resumes_from_a_work_file_a_kill_left_empty(tmp_path: Path) -> None:
    # A kill between creating the work file and writing its header left it empty: the next
    # build said it "holds other searches (nothing)" and stopped.
    work, out = tmp_path / "book.work", tmp_path / "book.txt"
    work.touch()
    run = book_build(work, out)
    assert run.returncode == 0, run.stderr
    assert out.is_file() and work.read_text().startswith("checkers-book-work ")
