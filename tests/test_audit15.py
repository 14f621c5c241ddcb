"""Bugs found by the audit of issue 15 (hostile input), each with the test named for it."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from checkers.board import InvalidMoveError, Move, Position
from checkers.formats.pdn import PdnArchive
from checkers.protocol import run_engine

FULLWIDTH_MOVE = "\uff11\uff11-\uff11\uff15"  # "11-15" in fullwidth digits
ARABIC_INDIC_MOVE = "\u0661\u0661-\u0661\u0665"  # "11-15" in Arabic-Indic digits
CAP = 120.0  # seconds: only a broken engine gets near it


@pytest.mark.parametrize("text", [FULLWIDTH_MOVE, ARABIC_INDIC_MOVE, "1\uff11-15"])
def test_move_text_with_non_ascii_digits_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a move"):
        Move.from_pdn(text, Position())
    with pytest.raises(InvalidMoveError, match="not a move"):
        Move.from_pdn(text)


@pytest.mark.parametrize("text", [FULLWIDTH_MOVE, ARABIC_INDIC_MOVE])
def test_pdn_movetext_with_non_ascii_digits_is_refused(text: str) -> None:
    games, errors = PdnArchive(f"1. {text} *\n").read_all()
    assert games == [] and len(errors) == 1
    assert text in errors[0].problem
    # A move number in other digits is not a move number either.
    games, errors = PdnArchive("\u0661. 11-15 *\n").read_all()
    assert games == [] and len(errors) == 1


def test_protocol_position_moves_with_non_ascii_digits_are_refused() -> None:
    out = io.StringIO()
    run_engine([f"position startpos moves {FULLWIDTH_MOVE}\n", "isready\n"], out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("info string error: move 1") and lines[1] == "readyok"


def test_engine_whose_reader_went_away_ends_quietly_mid_search() -> None:
    # The output pipe is closed by its reader while the input stays open and a deep search
    # runs: the engine must notice at its next line and exit by itself, without a traceback
    # (it wrote one from the search thread, then hung or aborted at shutdown).
    process = subprocess.Popen(
        [sys.executable, "-m", "checkers", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()
    process.stdin.write(b"go depth 200\n")
    process.stdin.flush()
    try:
        status = process.wait(timeout=CAP)
    finally:
        process.stdin.close()
    assert status == 0
    assert process.stderr is not None and process.stderr.read() == b""


class FullDevice(io.StringIO):
    """An output that refuses every line, as /dev/full does."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_engine_output_on_a_full_device_ends_the_session_with_that_error() -> None:
    more = threading.Event()

    def lines() -> Iterator[str]:
        yield "go depth 200\n"
        more.wait(CAP)  # the input stays open: only the failed output can end the session

    try:
        with pytest.raises(OSError, match="No space left"):
            run_engine(lines(), FullDevice())
    finally:
        more.set()


def test_engine_started_with_its_input_closed_exits_quietly() -> None:
    result = subprocess.run(
        ["sh", "-c", 'exec "$0" -m checkers engine <&-', sys.executable],
        check=False,
        capture_output=True,
        timeout=CAP,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_text_game_answers_a_huge_or_control_character_move_in_one_short_line() -> None:
    from checkers.cli import build_parser, cmd_text_game

    typed = iter(["11-" + "9" * 5000, "\x1b[2J11-", "quit"])
    out = io.StringIO()
    args = build_parser().parse_args(["text"])
    assert cmd_text_game(args, out, read_line=lambda prompt: next(typed)) == 0
    answers = [line for line in out.getvalue().splitlines() if line.startswith("Not played")]
    assert len(answers) == 2
    assert all(len(line) < 600 for line in answers)
    assert "\x1b" not in answers[1]


def test_engine_input_starting_with_a_byte_order_mark_is_read_as_the_command() -> None:
    out = io.StringIO()
    run_engine([b"\xef\xbb\xbfisready\n"], out)
    assert out.getvalue().splitlines() == ["readyok"]


def test_a_long_file_name_in_an_error_keeps_the_reason_at_the_end() -> None:
    from checkers.options import one_line

    line = one_line(f"cannot read /tmp/{'9' * 5000}: File name too long")
    assert len(line) <= 500 and line.endswith("File name too long") and "..." in line


def test_match_pdn_to_a_fifo_nobody_reads_is_refused_not_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from checkers.cli import main

    fifo = tmp_path / "games.pdn"
    os.mkfifo(fifo)
    argv = ["match", "--games", "1", "--first-depth", "1", "--second-depth", "1", "--jobs", "1"]
    assert main([*argv, "--pdn", str(fifo)], out=io.StringIO()) == 2
    assert "games.pdn is a device, FIFO or socket, not a PDN file" in capsys.readouterr().err
    assert fifo.is_fifo()


class _FullDisk(io.StringIO):
    """A file on a full disk: every write fails as there."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_match_pdn_on_a_full_disk_finishes_the_match_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from checkers import atomic
    from checkers.cli import main

    monkeypatch.setattr(atomic, "open_stream", lambda *args, **kwargs: _FullDisk())
    out = io.StringIO()
    argv = ["match", "--games", "2", "--first-depth", "1", "--second-depth", "1", "--jobs", "1"]
    games = tmp_path / "games.pdn"
    assert main([*argv, "--pdn", str(games)], out=out) == 1
    assert "2 games scored" in out.getvalue()  # the figures of the games played are kept
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (
        f"checkers: error: cannot write {games}: No space left on device, from game 1 on"
    )
