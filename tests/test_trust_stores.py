"""Issue 34's files and stores: nothing of the user's is followed, deleted or overwritten, and a
damaged or hostile store is moved aside, skipped or refused in one line, never trusted."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest

from checkers import atomic, saves
from checkers.cli import main
from checkers.record import GameRecord

TAGS = {"Black": "Human", "White": "Engine"}


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
