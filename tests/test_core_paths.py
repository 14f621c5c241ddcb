"""The compiled core on every path: `isready` in `checkers engine`, perft, a window's first move.

Each runs where numba is installed (the suite's own condition, see test_compiled.py); the
fallbacks (numba missing, CHECKERS_CORE=python) are checked in processes of their own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from checkers.ai.compiled import COMPILE_WAIT, CORE_WAIT, is_cached, wait_until_ready
from checkers.board import Position
from checkers.perft import COMPILED_FROM_DEPTH, perft

PERFT_MODULE = sys.modules["checkers.perft"]  # `checkers.perft` is also the function's name

CAP = 300  # seconds: a cold compile on a loaded machine, never reached when all is well

_ISREADY = textwrap.dedent(
    """
    import io
    from checkers.ai.compiled import can_upgrade
    from checkers.ai.engine import Engine
    from checkers.protocol import run_engine

    class Answers(io.StringIO):
        def write(self, text):
            if text.startswith("readyok"):  # whether a go sent now would search compiled
                print("readyok", can_upgrade(Engine()), flush=True)
            return len(text)

    run_engine(["isready\\n"], Answers())
    """
)


@pytest.fixture(autouse=True)
def _on_the_compiled_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the compiled core: a run of the suite on the Python core
    (CHECKERS_CORE=python) checks them on it too (a test of the fallback sets it itself)."""
    monkeypatch.delenv("CHECKERS_CORE", raising=False)


def _run(script: str, env: dict[str, str], cap: float = CAP) -> list[str]:
    """What a fresh Python process running `script` prints, as words."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=cap,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_isready_answers_once_the_first_go_would_search_compiled() -> None:
    # A fresh process: without the wait, readyok came before the core had loaded.
    env = {key: value for key, value in os.environ.items() if key != "CHECKERS_CORE"}
    assert _run(_ISREADY, env) == ["readyok", "True"]


@pytest.mark.parametrize("without", ["numba", "CHECKERS_CORE=python"])
def test_isready_answers_at_once_where_the_core_cannot_run(tmp_path: Path, without: str) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)}
    if without == "numba":
        (tmp_path / "numba.py").write_text("raise ImportError('numba is blocked here')\n")
    else:
        env["CHECKERS_CORE"] = "python"  # no warm-up ever starts: the wait used to block
    # A wait for a core that never comes would last COMPILE_WAIT, past this generous cap.
    assert _run(_ISREADY, env, cap=COMPILE_WAIT / 2) == ["readyok", "False"]


def test_perft_counts_deep_trees_on_the_compiled_core(monkeypatch: pytest.MonkeyPatch) -> None:
    def python_counter(*args: object) -> int:
        raise AssertionError("perft counted in Python")

    monkeypatch.delenv("CHECKERS_CORE", raising=False)
    monkeypatch.setattr(PERFT_MODULE, "_perft", python_counter)
    for jobs in (1, 2):
        assert perft(Position(), COMPILED_FROM_DEPTH, jobs) == 18_391_564


def test_perft_counts_in_python_where_the_core_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    def compiled_counter(*args: object) -> int:
        raise AssertionError("perft counted on the compiled core")

    few = Position.from_fen("B:W32:B1")  # a small tree, however deep
    on_the_core = perft(few, COMPILED_FROM_DEPTH + 2)
    monkeypatch.setenv("CHECKERS_CORE", "python")
    from checkers.ai.compiled import movegen

    monkeypatch.setattr(movegen, "perft", compiled_counter)
    assert perft(few, COMPILED_FROM_DEPTH + 2) == on_the_core > 0


def test_a_windows_first_move_waits_for_a_cached_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from checkers.gui.aiworker import LOAD_WAIT, core_wait

    monkeypatch.delenv("CHECKERS_CORE", raising=False)
    assert wait_until_ready(CAP) and is_cached()  # compiled or loaded: the cache holds it now
    # A load from the cache took longer than CORE_WAIT on a busy machine (the worker is niced),
    # and longer than COMPILE_WAIT on a loaded one (23 s: the walk's 2-ply first club move).
    assert core_wait() == LOAD_WAIT > COMPILE_WAIT > CORE_WAIT


def test_a_first_compile_is_waited_for_only_briefly(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "CHECKERS_CORE"}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)  # an empty cache: the core would be compiled
    script = "from checkers.gui.aiworker import core_wait; print(core_wait())"
    assert _run(script, env) == [str(CORE_WAIT)]


def _resident_bytes() -> int:
    """This process's resident memory (Linux)."""
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads Linux's /proc")
def test_isready_gives_the_compiled_table_its_memory_without_changing_it() -> None:
    # The first search after `isready` must not wait for the system to give the table its
    # pages (9-240 ms on the shared machine: a 0.1 s search left at depth 2-4), nor may an
    # `isready` in the middle of a game wipe what the engine has learnt.
    from checkers.ai.compiled.engine import CompiledEngine
    from checkers.ai.search import Limits
    from checkers.protocol import EngineSession

    assert wait_until_ready(COMPILE_WAIT)
    answers: list[str] = []
    session = EngineSession(answers.append)
    engine = session.analyser.engine
    assert type(engine) is CompiledEngine
    table_bytes = engine._table.nbytes
    before = _resident_bytes()
    assert session.handle("isready")
    assert session.analyser.engine is engine  # the first go searches with it: no new table
    assert _resident_bytes() - before >= 0.9 * table_bytes
    assert not engine._table.any()
    engine.search(Position(), Limits(depth=8))
    learnt = engine._table.copy()
    assert learnt.any()
    assert session.handle("isready")
    assert session.analyser.engine is engine
    assert np.array_equal(engine._table, learnt)
    assert answers == ["readyok", "readyok"]
