"""Issue 34's processes: a match's engines end with it, engine output is bounded, a review's
dead worker is reported, and a review's page target is checked before the review.

Every wait is on an event (a pidfd turning readable when its process ends, a FIFO receiving a
line, a process exiting) with a generous cap that only a broken build reaches.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_orphaned_workers import _command, _descendants, _stat, _until_started

from checkers import engine_player
from checkers.cli import main
from checkers.formats.pdn import read_file

pytestmark = pytest.mark.skipif(
    not hasattr(os, "pidfd_open"), reason="the tests wait on pidfds for processes to end"
)

CAP = 60.0  # seconds: only a broken build gets near it; never a figure asserted

# An engine that starts a child of its own (as a shell wrapper or a multi-process engine
# does), tells the test both pids through a FIFO, and then, at the first `go`, either hangs for
# good (deaf to `stop` and `quit`) or crashes, leaving its child behind.
_ENGINE = """
import os, signal, subprocess, sys

mode, fifo = sys.argv[1], sys.argv[2]
child = subprocess.Popen([sys.executable, "-c", "import signal; signal.pause()"])
with open(fifo, "w") as report:
    report.write(f"{os.getpid()} {child.pid}\\n")
for line in sys.stdin:
    word = line.split()[:1]
    if word == ["isready"]:
        print("readyok", flush=True)
    elif word == ["go"]:
        if mode == "crash":
            sys.exit(3)
        while True:
            signal.pause()
"""


def _engine(tmp_path: Path, mode: str, fifo: Path) -> str:
    script = tmp_path / "engine.py"
    script.write_text(textwrap.dedent(_ENGINE), "utf-8")
    return shlex.join([sys.executable, str(script), mode, str(fifo)])


@contextlib.contextmanager
def _reports(fifo: Path) -> Iterator[int]:
    """The FIFO's reading end, opened without waiting for a writer (read and write, so it
    never reads as ended between two writers)."""
    os.mkfifo(fifo)
    handle = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    try:
        yield handle
    finally:
        os.close(handle)


def _read_pids(handle: int, engines: int) -> list[int]:
    """The pids of `engines` started engines and their children, as they report them."""
    text = b""
    while text.count(b"\n") < engines:
        ready, _, _ = select.select([handle], [], [], CAP)
        assert ready, f"no engine reported within {CAP:.0f} s: {text!r}"
        text += os.read(handle, 4096)
    return [int(pid) for pid in text.split()]


def _pidfds(pids: list[int]) -> list[int]:
    """A pidfd for each process still there: it then names it for good, whatever the pid
    numbers become. Opened right after they reported, but a process may already have ended
    (the crashing engine, with the child its end took along: CI saw ProcessLookupError): it
    is not running, so it has nothing to wait for."""
    handles = []
    for pid in pids:
        try:
            handles.append(os.pidfd_open(pid))
        except ProcessLookupError:
            continue  # already ended
    return handles


def _still_running(handles: list[int]) -> int:
    """How many of the processes are still running after waiting up to CAP for all to end;
    the pidfds are closed."""
    left = set(handles)
    try:
        while left:
            ended, _, _ = select.select(list(left), [], [], CAP)
            if not ended:
                break
            left -= set(ended)
        return len(left)
    finally:
        for handle in handles:
            os.close(handle)


def _kill_pids(pids: list[int]) -> None:
    """Clean up after a failed test: what the match failed to end."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _match(engine: str, jobs: int, *more: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "checkers",
        "match",
        "--games",
        "2",
        "--jobs",
        str(jobs),
        "--first-engine",
        engine,
        "--first-time",
        "1",
        "--engine-grace",
        "600",  # the engine hangs for good: only the signal may end the game
        "--second-depth",
        "1",
        *more,
    ]


@pytest.mark.parametrize(
    "signum, to_group, jobs, status",
    [
        (signal.SIGTERM, False, 1, 128 + signal.SIGTERM),  # `kill PID`, the game in-process
        (signal.SIGTERM, False, 2, 128 + signal.SIGTERM),  # the games in worker processes
        (signal.SIGINT, True, 2, 130),  # Ctrl-C reaches the terminal's whole job
        (signal.SIGINT, False, 2, 130),  # `kill -INT PID`: the match alone
        (signal.SIGHUP, True, 2, 128 + signal.SIGHUP),  # the terminal closed
        (signal.SIGKILL, False, 2, -signal.SIGKILL),  # the workers see their parent die
    ],
    ids=["term", "term-workers", "int", "int-match-only", "hup", "kill"],
)
def test_a_signal_to_the_match_ends_its_hung_engines_and_what_they_started(
    tmp_path: Path, signum: int, to_group: bool, jobs: int, status: int
) -> None:
    fifo = tmp_path / "pids"
    with _reports(fifo) as reports:
        match = subprocess.Popen(
            _match(_engine(tmp_path, "hang", fifo), jobs),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # a job of its own, as a terminal runs it
        )
        pids: list[int] = []
        try:
            pids = _read_pids(reports, engines=jobs)
            handles = _pidfds(pids)
            if to_group:
                os.killpg(match.pid, signum)
            else:
                os.kill(match.pid, signum)
            _, err = match.communicate(timeout=CAP)
            # What it said, should it end otherwise (once under load it exited 1, unexplained).
            assert match.returncode == status, err.decode(errors="replace")
            assert b"Traceback" not in err, err.decode()
            assert _still_running(handles) == 0, "an engine or its child outlived the match"
        finally:
            match.kill()
            match.wait()
            _kill_pids(pids)


def test_an_engine_that_crashes_does_not_leave_its_child_running(tmp_path: Path) -> None:
    fifo, pdn = tmp_path / "pids", tmp_path / "games.pdn"
    with _reports(fifo) as reports:
        match = subprocess.Popen(
            [*_match(_engine(tmp_path, "crash", fifo), 1), "--pdn", str(pdn)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        pids: list[int] = []
        try:
            pids = _read_pids(reports, engines=1)
            handles = _pidfds(pids)
            out, _ = match.communicate(timeout=CAP)
            assert match.returncode == 0
            assert b"engine failures (crash, hang or illegal move" in out
            assert _still_running(handles) == 0, "the crashed engine's child was left running"
        finally:
            match.kill()
            match.wait()
            _kill_pids(pids)


# --- engine output ----------------------------------------------------------------------------

_FLOOD = """
import sys
if sys.argv[1] == "no-newline":
    while True:
        sys.stdout.write("x" * 65536)
        sys.stdout.flush()
while True:
    sys.stdout.write("y\\n" * 4096)
    sys.stdout.flush()
"""


@pytest.mark.parametrize(
    "mode, why",
    [
        ("no-newline", "second sent a line longer than 65,536 bytes"),
        ("lines", "second flooded its output: 10,000 lines and no answer"),
    ],
)
def test_an_engine_that_floods_its_output_loses_each_game_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, why: str
) -> None:
    monkeypatch.setattr(engine_player, "MAX_LINES", 10_000)  # the same check, ten times sooner
    script, pdn = tmp_path / "flood.py", tmp_path / "games.pdn"
    script.write_text(textwrap.dedent(_FLOOD), "utf-8")
    engine = shlex.join([sys.executable, str(script), mode])
    out = io.StringIO()
    argv = ["match", "--games", "2", "--jobs", "1", "--second-engine", engine]
    status = main([*argv, "--first-depth", "1", "--pdn", str(pdn)], out=out)
    assert status == 0
    assert "2 games scored: first won 2, drew 0, lost 0" in out.getvalue()
    games = read_file(pdn)
    assert [game.tags["Termination"] for game in games] == [
        f"Black wins: {why}",
        f"White wins: {why}",
    ]


# --- the review's workers and its page ------------------------------------------------------


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "game.pdn"
    path.write_text('[Event "test"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 *\n', "utf-8")
    return path


def _review(tmp_path: Path, *more: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "checkers", "review", str(_game(tmp_path)), "--jobs", "2"]
    return subprocess.Popen(
        [*command, *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def test_a_review_worker_killed_mid_search_ends_the_review_with_one_line(tmp_path: Path) -> None:
    review = _review(tmp_path, "--time", "60")  # a minute a position: both workers are busy
    try:

        def workers() -> list[int]:
            return [
                pid
                for pid, _ in _descendants(review.pid)
                if "--multiprocessing-fork" in _command(pid)
            ]

        def searching(pid: int) -> bool:
            # Half a second of processor time: past its start-up (a worker killed while the
            # pool still starts is replaced in silence with no task lost, and the review then
            # runs on for minutes), into its search.
            fields = _stat(pid)
            ticks = int(fields[11]) + int(fields[12]) if fields else 0
            return ticks >= os.sysconf("SC_CLK_TCK") // 2

        _until_started(lambda: len(workers()) == 2, review, "2 review workers")
        _until_started(
            lambda: all(searching(pid) for pid in workers()), review, "2 workers searching"
        )
        victim, other = workers()
        gone = _pidfds([other])
        os.kill(victim, signal.SIGKILL)  # as the out-of-memory killer does
        _, err = review.communicate(timeout=CAP)
        assert review.returncode == 1
        said = f"review stopped after 0 of 6 moves: worker process {victim} was killed by SIGKILL"
        assert err.splitlines() == [f"checkers: error: {said}"]
        assert _still_running(gone) == 0  # the other worker's search was dropped too
    finally:
        review.kill()
        review.wait()


def test_review_workers_that_cannot_start_end_the_review_with_one_line(tmp_path: Path) -> None:
    # A worker that dies before it runs any of ours (a broken environment for new processes):
    # Python runs sitecustomize first in every process, and this one ends the workers at once.
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        'import os, sys\nif "--multiprocessing-fork" in sys.argv:\n    os._exit(1)\n', "utf-8"
    )
    review = _review(tmp_path, "--depth", "2", env={"PYTHONPATH": str(site)})
    try:
        out, err = review.communicate(timeout=CAP)
    finally:
        review.kill()
        review.wait()
    assert review.returncode == 1
    assert re.fullmatch(
        r"checkers: error: review stopped after 0 of 6 moves: "
        r"worker process \d+ exited with status 1\n",
        err,
    )
    assert "accuracy" not in out  # no summary of a review that did not happen


def test_review_workers_that_die_before_the_review_looks_at_them_still_end_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # On a loaded machine the workers can die before the review first looks at its pool, and
    # the pool's own thread takes them out of its list at once. CI once saw the review wait
    # there for ever. Here the review looks only after the first workers have died.
    import multiprocessing.connection

    from checkers import review

    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        'import os, sys\nif "--multiprocessing-fork" in sys.argv:\n    os._exit(1)\n', "utf-8"
    )
    monkeypatch.setenv("PYTHONPATH", str(site))
    start_pool = review._start_pool

    def late(jobs: int, uses_core: bool) -> review._WatchedPool:
        pool = start_pool(jobs, uses_core)
        first = [process.sentinel for process in pool.started[:jobs]]
        while first:  # each wait ends when a worker does; a broken build meets the cap
            ended = multiprocessing.connection.wait(first, CAP)
            assert ended, "the workers that cannot start never ended"
            first = [sentinel for sentinel in first if sentinel not in ended]
        return pool

    monkeypatch.setattr(review, "_start_pool", late)
    out = io.StringIO()
    status = main(["review", str(_game(tmp_path)), "--jobs", "2", "--depth", "2"], out=out)
    assert status == 1
    assert re.fullmatch(
        r"checkers: error: review stopped after 0 of 6 moves: "
        r"worker process \d+ exited with status 1\n",
        capsys.readouterr().err,
    )
    assert "accuracy" not in out.getvalue()


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_review_page_that_cannot_be_written_is_refused_before_the_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    page = tmp_path / "page.html"
    if kind == "folder":
        page.mkdir()
    else:
        os.mkfifo(page)
    out = io.StringIO()
    status = main(["review", str(_game(tmp_path)), "--depth", "1", "--html", str(page)], out=out)
    assert status == 2
    assert out.getvalue() == ""  # not a move reviewed first
    what = "a directory" if kind == "folder" else "a device, FIFO or socket"
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"page.html is {what}, not a web page")


def test_a_dead_worker_reaped_by_the_pools_thread_is_still_said_with_its_status() -> None:
    # The review's pool reaps its workers on a thread of its own: the status can show on the
    # shared Process a moment after its sentinel says it ended (the full suite read "worker
    # process 12068 ended" on a busy machine where "exited with status 1" was due).
    import multiprocessing

    from checkers.workers import WorkerDied, check_alive

    process = multiprocessing.get_context("spawn").Process(target=os._exit, args=(1,))
    process.start()
    process.join(CAP)

    class ReapedElsewhere:
        """The ended process, its exit code not yet shown for the first three looks."""

        pid = process.pid
        sentinel = process.sentinel
        looks = 0

        @property
        def exitcode(self) -> int | None:
            self.looks += 1
            return None if self.looks <= 3 else process.exitcode

    with pytest.raises(WorkerDied, match=rf"^worker process {process.pid} exited with status 1$"):
        check_alive([ReapedElsewhere()])  # type: ignore[list-item]
