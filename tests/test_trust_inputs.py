"""Hostile input: huge numbers, limits, impossible positions, full disks, damaged autosaves."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checkers import saves
from checkers.board import InvalidFenError, Move, Position, position_problem
from checkers.cli import main
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.persist import config_from_tags
from checkers.options import max_jobs
from checkers.protocol import EngineSession
from checkers.record import GameRecord

HUGE = "9" * 5000  # int() refuses more than 4300 digits; float() makes it inf


def run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(list(argv), out=out)
    return status, out.getvalue(), capsys.readouterr().err


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("checkers: error: "), err
    assert len(lines[0]) < 300
    return lines[0]


# --- command-line values: limits named, huge numbers, newlines ---------------------------------


@pytest.mark.parametrize(
    "argv, named",
    [
        (["perft", "1000"], "at most 30"),
        (["perft", HUGE], "at most 30"),
        (["perft", "٣"], "not a whole number"),  # Arabic-Indic three: int() would take it
        (["perft", "4", "--jobs", "100000"], f"at most {max_jobs()} here"),
        (["analyse", "--depth", "1000"], "at most 200"),
        (["analyse", "--depth", HUGE], "at most 200"),
        (["analyse", "--time", "nan"], "not a number of seconds"),
        (["analyse", "--time", "inf"], "at most 86,400 seconds"),
        (["analyse", "--time", HUGE], "at most 86,400 seconds"),
        (["analyse", "--time", "1e999"], "at most 86,400 seconds"),
        (["watch", "--headless", "--black-depth", "1000000"], "at most 200"),
        (["watch", "--headless", "--seed", HUGE], "at most"),
        (["play", "--load", "x.pdn", "--game", HUGE], "at most 1,000,000,000"),
        (["tree", "--depth", HUGE], "a tree's depth is 1 to 6"),
        (["tree", "--node-cap", HUGE], "at most 1,000,000,000"),
        (["moves", "B:W21:B" + HUGE], "at most 1000 characters"),
        (["moves", "B:W21:B٣"], "'٣' in the B list is not a square"),
        (["moves", "B:W21:B１"], "'１' in the B list is not a square"),  # fullwidth one
    ],
)
def test_bad_values_are_one_line_naming_the_limit(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(*argv, capsys=capsys)
    assert status == 2 and out == ""
    assert named in one_error_line(err)


def test_an_argument_with_newlines_stays_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["moves", "B:W21\nB1\n\n"], ["moves", "B:W21-32:B1-12", "x\ny"]):
        status, _, err = run(*argv, capsys=capsys)
        assert status == 2 and "\\n" in one_error_line(err)


@pytest.mark.parametrize("module", ["checkers", "checkers.cli"])
def test_every_entry_point_gives_one_line_and_status_2(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "perft", "1000"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "at most 30" in one_error_line(done.stderr)


def test_a_full_device_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object) -> int:
        raise OSError(28, "No space left on device", "out.pdn")

    monkeypatch.setattr("checkers.cli.cmd_moves", lambda args, out: full())
    parser_status, _, err = run("moves", capsys=capsys)
    assert parser_status == 1
    assert one_error_line(err) == "checkers: error: No space left on device (out.pdn)"


# --- one position check everywhere ---------------------------------------------------------------

IMPOSSIBLE = [
    ("B:W20:B30", "a Black man on 30: Black men are crowned on 29-32"),
    ("W:W2,20:B9", "a White man on 2: White men are crowned on 1-4"),
    ("B:W20:B1-13", "Black has 13 pieces; a side has at most 12"),
    ("B:W1-13:BK14", None),  # 1-4 hold White men: that is found first
    ("B:WK1,K2,K3,K4,5-13:B14", "White has 13 pieces; a side has at most 12"),
]


@pytest.mark.parametrize("fen, reason", IMPOSSIBLE)
def test_fen_cli_protocol_and_core_refuse_with_the_same_reason(
    fen: str, reason: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(InvalidFenError) as refused:
        Position.from_fen(fen)
    text = str(refused.value)
    if reason is not None:
        assert text.startswith(reason)
    for argv in (["moves", fen], ["analyse", fen, "--depth", "1"]):
        status, _, err = run(*argv, capsys=capsys)
        assert status == 2 and text in one_error_line(err)
    lines: list[str] = []
    EngineSession(lines.append).handle(f"position fen {fen}")
    assert len(lines) == 1 and text in lines[0] and lines[0].startswith("info string error:")


@pytest.mark.parametrize(
    "fen, reason",
    [
        ("B:W21,21:B1", "square 21 appears twice in the W list"),
        ("B:W21:B21", "square 21 is used by both sides"),
        ("B:W21-32:B1-12" + "," * 2000, "at most 1000 characters"),
    ],
)
def test_duplicate_squares_and_huge_fens_are_refused(fen: str, reason: str) -> None:
    with pytest.raises(InvalidFenError, match=reason):
        Position.from_fen(fen)


def test_position_problem_accepts_what_a_game_can_reach() -> None:
    for fen in ("B:W21-32:B1-12", "B:WK1,K2:BK29,K30", "W:W5-16:B17-28"):
        assert position_problem(Position.from_fen(fen).piece_map()) is None


# --- writing files --------------------------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(directory))
    return directory


def test_writing_to_a_device_is_refused_and_leaves_the_device_alone() -> None:
    with pytest.raises(OSError, match="full is a device, FIFO or socket, not a file"):
        saves.atomic_write_text("/dev/full", "[Event]\n" * 1000)
    assert Path("/dev/full").is_char_device()  # never renamed over, even as root


def test_a_failed_write_keeps_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.pdn"
    saves.atomic_write_text(target, "old game")

    def disk_full(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        saves.atomic_write_text(target, "new game")
    assert target.read_text() == "old game"
    assert [p.name for p in tmp_path.iterdir()] == ["game.pdn"]  # no temporary file left


def test_temporary_files_of_killed_writes_are_removed_by_the_next(tmp_path: Path) -> None:
    # What a kill during a write leaves: our temporary files; another program's are kept.
    old = time.time() - 3600
    orphan, theirs = (
        tmp_path / ".checkers-write.autosave.pdn.abc123.tmp",
        tmp_path / ".a.pdn.x1.tmp",
    )
    for file in (orphan, theirs):
        file.write_text("half a gam")
        os.utime(file, (old, old))
    recent = tmp_path / ".checkers-write.other.pdn.zz.tmp"  # a write in progress elsewhere
    recent.write_text("in progress")
    saves.atomic_write_text(tmp_path / "autosave.pdn", "game")
    kept = ["autosave.pdn", recent.name, theirs.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kept)


def test_a_second_damaged_autosave_keeps_the_first_copy(data_dir: Path) -> None:
    messages: list[str] = []
    data_dir.mkdir(parents=True)
    kept = []
    for junk in ("first junk \x00\x01", '[Event "x"]\n1. 11-15 11-15 *\n', HUGE):
        (data_dir / "autosave.pdn").write_text(junk)
        assert saves.load_autosave(messages.append) is None
        kept.append(junk)
    assert len(messages) == 3 and all(len(m.splitlines()) == 1 for m in messages)
    copies = sorted(data_dir.glob("autosave.damaged*.pdn"))
    assert [p.name for p in copies] == [
        "autosave.damaged.2.pdn",
        "autosave.damaged.3.pdn",
        "autosave.damaged.pdn",
    ]
    assert (data_dir / "autosave.damaged.pdn").read_text() == kept[0]
    assert not (data_dir / "autosave.pdn").exists()


@pytest.mark.parametrize(
    "code",
    [
        "engine/engine/time nan",
        "engine/engine/time inf",
        "engine/engine/time -1",
        "engine/engine/time " + HUGE,
        "engine/engine/depth 1000000",
        "engine/engine/depth " + HUGE,
        "engine/engine/depth 0",
        "expectimax/seed/depth 4",
        "engine/tea-leaves/depth 4",
        "engine/engine/depth ٣",
        "grandmaster",
        "x" * 10_000,
    ],
)
def test_absurd_autosaved_players_are_refused(code: str) -> None:
    fallback = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    config = config_from_tags({"BlackPlayer": code, "WhitePlayer": "human"}, fallback)
    assert config.black == PlayerConfig()  # the fallback, not the absurd player


def test_sane_autosaved_players_are_kept() -> None:
    fallback = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    config = config_from_tags({"BlackPlayer": "alphabeta/seed/depth 5"}, fallback)
    assert config.black.level is not None and config.black.level.depth == 5


def test_an_autosave_with_absurd_players_still_resumes_its_moves(data_dir: Path) -> None:
    record = GameRecord()
    record.play(Move.from_pdn("11-15", record.position))
    saves.autosave(record, {"BlackPlayer": "engine/engine/time nan"})
    resumed = saves.load_autosave()
    assert resumed is not None and resumed.record.ply == 1
