"""External engines in a match: our engine by its command line, and fake engines that fail."""

from __future__ import annotations

import io
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.ai.players import AIPlayer, play_game
from checkers.ai.search import Limits
from checkers.board import Move
from checkers.cli import main
from checkers.engine_player import EngineFailure, EnginePlayer, go_command, moves_between
from checkers.formats.pdn import read_file
from checkers.record import GameRecord

FAKE = Path(__file__).with_name("fake_engine.py")
# Without its book, as the in-process engine of a match plays: the same moves in or out of process.
OUR_ENGINE = shlex.join([sys.executable, "-m", "checkers.cli", "engine", "--no-book"])
CAP = 120  # seconds: a generous cap on waiting for a subprocess, never a figure asserted


def fake(mode: str, *extra: str) -> str:
    """The command line of the fake engine in `mode`."""
    return shlex.join([sys.executable, str(FAKE), mode, *extra])


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_our_engine_as_an_external_command_meets_the_in_process_engine(tmp_path: Path) -> None:
    pdn = tmp_path / "engines.pdn"
    status, out = run(
        "match",
        "--games",
        "2",
        "--jobs",
        "1",
        "--first-engine",
        OUR_ENGINE,
        "--second-algorithm",
        "engine",
        "--first-depth",
        "2",
        "--second-depth",
        "2",
        "--pdn",
        str(pdn),
    )
    assert status == 0
    assert out.splitlines()[0] == f"first:  external {OUR_ENGINE}, depth 2"
    assert "2 games scored: first won " in out and "engine failures" not in out
    games = read_file(pdn)  # replays every move through the rules
    assert [g.tags["Round"] for g in games] == ["1", "2"]
    assert games[0].tags["Black"] == f"first: external {OUR_ENGINE}, depth 2"
    assert games[1].tags["White"] == f"first: external {OUR_ENGINE}, depth 2"
    assert all(g.result in ("1-0", "0-1", "1/2-1/2") for g in games)
    # The same engine at the same depth plays the same moves in or out of process, so the two
    # games (colours swapped) are one game.
    assert games[0].moves == games[1].moves and games[0].result == games[1].result


def test_a_fake_engine_that_plays_its_first_legal_move_plays_whole_games(tmp_path: Path) -> None:
    pdn = tmp_path / "fake.pdn"
    argv = ["match", "--games", "2", "--jobs", "1", "--first-engine", fake("first")]
    status, out = run(*argv, "--second-depth", "1", "--pdn", str(pdn))
    assert status == 0 and "engine failures" not in out
    for game in read_file(pdn):
        assert game.result in ("1-0", "0-1", "1/2-1/2")
        fake_side_is_black = game.tags["Black"].startswith("first:")
        record = GameRecord()
        for ply, move in enumerate(game.moves):
            if ply >= 3 and (record.position.turn.name == "BLACK") == fake_side_is_black:
                assert move == record.position.legal_moves()[0]
            record.play(move)
        assert record.outcome is not None and record.outcome.result() == game.result


@pytest.mark.parametrize(
    "mode, why",
    [
        ("illegal", "second sent an illegal move '1-2' in "),
        ("none", "second claimed to have no legal move"),
        ("crash", "second crashed (exit status 3): fake engine: out of cheese"),
    ],
)
def test_an_engine_that_fails_loses_each_game_with_the_reason_and_the_match_goes_on(
    mode: str, why: str, tmp_path: Path
) -> None:
    pdn = tmp_path / f"{mode}.pdn"
    argv = ["match", "--games", "2", "--jobs", "1", "--second-engine", fake(mode)]
    status, out = run(*argv, "--first-depth", "1", "--pdn", str(pdn))
    assert status == 0
    assert "2 games scored: first won 2, drew 0, lost 0" in out
    assert (
        "engine failures (crash, hang or illegal move, each a lost game): first 0, second 2" in out
    )
    games = read_file(pdn)
    # Game 1: first has Black, so the fake fails on White's first turn after the ballot.
    assert [g.result for g in games] == ["1-0", "0-1"]
    assert games[0].tags["Termination"].startswith(f"Black wins: {why}")
    assert games[1].tags["Termination"].startswith(f"White wins: {why}")
    assert [len(g.moves) for g in games] == [3, 4]  # the ballot; then first's reply as White


def test_an_engine_that_hangs_loses_on_its_time_plus_grace_and_is_killed(tmp_path: Path) -> None:
    pid_file, pdn = tmp_path / "pid", tmp_path / "hang.pdn"
    command = [
        sys.executable,
        "-m",
        "checkers.cli",
        "match",
        "--games",
        "1",
        "--jobs",
        "1",
        "--first-depth",
        "1",
        "--second-engine",
        fake("hang", str(pid_file)),
        "--second-depth",
        "1",
        "--engine-grace",
        "0.5",
        "--pdn",
        str(pdn),
    ]
    # The cap only ends a runaway test; the match itself notices the hang after 0.5 s.
    done = subprocess.run(command, capture_output=True, text=True, timeout=CAP, check=False)
    assert done.returncode == 0, done.stderr
    assert "engine failures (crash, hang or illegal move, each a lost game): first 0, second 1" in (
        done.stdout
    )
    (game,) = read_file(pdn)
    assert game.result == "1-0"
    assert game.tags["Termination"] == "Black wins: second hung: no move within 0.5 s"
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # the hung engine was killed, not left behind


def test_an_engine_player_fits_play_game_and_closes_its_process() -> None:
    with EnginePlayer(OUR_ENGINE, Limits(depth=1), name="outside") as outside:
        record = GameRecord()
        end = play_game(record, outside, AIPlayer(Limits(depth=1)), max_plies=12)
        process = outside._process
        assert end.outcome is None and record.ply == 12 and process is not None
    assert process.poll() is not None  # closing ended it


class _Signalled(Exception):
    """What a match's signal handler raises (`match._Ended`), here from a reader's start."""


def test_an_engine_ended_while_its_readers_start_closes_without_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The clean-clone suite without numba: a SIGTERM to a match landed while `_start` started
    # the engine's reader threads; closing then joined a thread never started, and the match
    # ended with a traceback and status 1 instead of 143.
    import threading

    started = threading.Thread.start
    calls = []

    def signalled_on_the_second(thread: threading.Thread) -> None:
        calls.append(thread)
        if len(calls) == 2:
            raise _Signalled
        started(thread)

    player = EnginePlayer(OUR_ENGINE, Limits(depth=1), name="outside")
    monkeypatch.setattr(threading.Thread, "start", signalled_on_the_second)
    with pytest.raises(_Signalled):
        player.choose(GameRecord().position)
    monkeypatch.setattr(threading.Thread, "start", started)
    process = player._process
    player.close()  # no "cannot join thread before it is started"
    assert process is not None and process.poll() is not None


def test_an_engine_that_cannot_start_fails_with_the_reason() -> None:
    with (
        EnginePlayer([str(FAKE.with_name("no-such-engine"))], Limits(depth=1)) as missing,
        pytest.raises(EngineFailure, match="could not start"),
    ):
        missing.choose(GameRecord().position)


def test_go_commands_and_the_moves_sent_with_a_position() -> None:
    assert go_command(Limits(time=0.3)) == "go movetime 300"
    assert go_command(Limits(depth=7)) == "go depth 7"
    assert go_command(Limits(nodes=5000)) == "go nodes 5000"
    with pytest.raises(ValueError, match="one limit per move"):
        go_command(Limits(depth=3, time=1.0))
    played = ["11-15", "23-19", "8-11", "22-18", "15x22"]
    record = GameRecord()
    for text in played:
        record.play(Move.from_pdn(text, record.position))
    assert [move.pdn() for move in moves_between(record.positions)] == played


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["--first-engine", "no-such-program-anywhere --x"], "cannot run 'no-such-program"),
        (["--first-engine", "'unclosed"], "No closing quotation"),
        (["--first-engine", " "], "the engine command is empty"),
        (["--second-engine", "/nonexistent/engine"], "cannot run '/nonexistent/engine'"),
        (["--first-engine", "python3", "--first-algorithm", "minimax"], "drop --first-algorithm"),
        (
            ["--second-engine", "python3", "--second-depth", "3", "--time", "1"],
            "--second-engine takes a depth or a time per move, not both",
        ),
        (["--sprt", "0"], "'0' is not two Elo figures ELO0,ELO1"),
        (["--sprt", "10,0"], "need -1000 < ELO0 < ELO1 < 1000"),
        (["--sprt", "nan,5"], "need -1000 < ELO0 < ELO1 < 1000"),
        (["--engine-grace", "0"], "must be more than 0 seconds"),
    ],
)
def test_bad_engine_options_exit_2_with_one_line(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run("match", *argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("checkers: error:") and problem in err


def test_the_baseline_tool_exports_a_revision_whose_engine_plays_a_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Python engine in both: a fresh export has no compiled cache, and a depth-1 match
    # tests the export, not the core (a cold compile took 25 s of the test).
    monkeypatch.setenv("CHECKERS_CORE", "python")
    tool = Path(__file__).resolve().parent.parent / "tools" / "baseline_engine.py"
    target = tmp_path / "baseline"
    made = subprocess.run(
        [sys.executable, str(tool), "HEAD", str(target)],
        capture_output=True,
        text=True,
        timeout=CAP,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    command = made.stdout.strip()
    assert shlex.split(command) == [sys.executable, str(target.resolve() / "baseline_engine.py")]
    assert (target / "checkers" / "engine_player.py").is_file()
    status, out = run(
        "match",
        "--games",
        "2",
        "--jobs",
        "1",
        "--first-engine",
        command,
        "--first-depth",
        "1",
        "--second-depth",
        "1",
    )
    assert status == 0 and "2 games scored" in out and "engine failures" not in out
    again = subprocess.run(
        [sys.executable, str(tool), "HEAD", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert again.returncode == 2 and "is not an empty directory" in again.stderr
