"""The engine's compiled core (numba): move generation, the evaluation and the search, giving the
same moves, scores and node counts as the pure-Python engine, which stays the reference and the
fallback where numba cannot be imported.

`new_engine()` is the one place that picks the core: the compiled one once it is ready, else the
Python engine. The first use starts compiling in a background thread (about 10 s the first time,
about 1 s once numba's on-disk cache holds the machine code), and nothing waits for it unless it
asks to (`wait_until_ready`, as a one-shot command does): an engine made meanwhile is the Python
one, which a player, the protocol and the analysis replace at their next search once the core is
ready (`upgraded`). `CHECKERS_CORE=python` in the environment keeps the Python engine.
"""

from __future__ import annotations

import importlib
import os
import threading
from typing import Literal

from checkers.ai.endgame import Endgames
from checkers.ai.engine import Engine, engine_evaluation
from checkers.ai.evaluation import Evaluation

__all__ = [
    "COMPILE_WAIT",
    "CORE_WAIT",
    "can_upgrade",
    "core_name",
    "is_available",
    "is_cached",
    "new_engine",
    "start_warm_up",
    "upgraded",
    "wait_until_ready",
]

_ready = threading.Event()  # the core is compiled (or loaded) and answers
_settled = threading.Event()  # the warm-up is over, the core ready or not to be had
_warm_up_lock = threading.Lock()
_warm_up: threading.Thread | None = None
_failure: str | None = None


def _turned_off() -> bool:
    """Whether the environment asks for the Python engine."""
    return os.environ.get("CHECKERS_CORE", "").lower() == "python"


def _import_error() -> str | None:
    """Why the compiled core cannot run here (None: it can); imports numba to find out."""
    global _failure
    if _turned_off():
        return "CHECKERS_CORE=python"
    if _failure is None:
        try:
            importlib.import_module("checkers.ai.compiled.engine")  # imports numba only
        except ImportError as error:
            _failure = f"numba cannot be imported: {error}"
        else:
            _failure = ""
    return _failure or None


def is_available() -> bool:
    """Whether this process can use the compiled core (numba imports, and it is not turned off)."""
    return _import_error() is None


def core_name() -> str:
    """Which core the engine uses here, in words, e.g. for `checkers --version`."""
    failure = _import_error()
    if failure is not None:
        return f"Python (the compiled core is off: {failure})"
    import numba

    return f"compiled with numba {numba.__version__}"


def _compile() -> None:
    """The warm-up thread: import numba, then compile the core or load it from the cache."""
    global _failure
    try:
        if is_available():
            from checkers.ai.compiled._jit import mark_warm
            from checkers.ai.compiled.engine import warm_up

            warm_up()
            _ready.set()
            mark_warm()
    except Exception as error:  # noqa: BLE001 - the Python engine plays on; --version says why
        _failure = f"it failed to compile: {type(error).__name__}: {error}"
    finally:
        _settled.set()


def start_warm_up() -> None:
    """Start compiling the core (or loading it from the cache) in the background, once; even
    importing numba (about half a second) happens there, never in the caller's thread."""
    global _warm_up
    if _turned_off():
        return
    with _warm_up_lock:
        if _warm_up is None:
            _warm_up = threading.Thread(target=_compile, name="compile-engine-core", daemon=True)
            _warm_up.start()


CORE_WAIT = 3.0
"""Seconds a one-off search (`checkers analyse`, a window's first engine move) waits for the
compiled core at most: a cached core loads in about 1 s; a first compile (about 10 s) is
waited for only that long."""


COMPILE_WAIT = 20.0
"""Seconds a caller that must search compiled (`isready`, a window's move with the core
cached) waits for it at most: a load from the cache takes a second, a few on a busy machine, a
first compile about 10 s on an idle desktop (20-60 s on the shared 2-core machine, where the
Python engine answers meanwhile); under the 30 s `checkers match` gives an engine to start."""


def is_cached() -> bool:
    """Whether numba's on-disk cache holds the core for these source files (so getting it ready
    is a load, not a compile); False where the core cannot run. Imports numba."""
    if not is_available():
        return False
    from checkers.ai.compiled._jit import is_warm

    return is_warm()


def wait_until_ready(timeout: float | None = None) -> bool:
    """Wait for the compiled core (starting it if need be); whether it is ready. Never waits
    where the core is turned off: no warm-up would ever end the wait."""
    if _turned_off():
        return False
    start_warm_up()
    _settled.wait(timeout)
    return _ready.is_set()


def new_engine(
    evaluation: Evaluation = engine_evaluation,
    endgames: Endgames | None | Literal["default"] = "default",
) -> Engine:
    """An engine playing with `evaluation` (its own by default; `checkers.ai.registry` turns
    names into functions): the compiled core's if it is ready and the evaluation is the
    engine's own, the Python engine otherwise (they answer alike); never waits, but starts the
    core's warm-up."""
    own = evaluation is engine_evaluation
    start_warm_up()
    if own and _ready.is_set():
        from checkers.ai.compiled.engine import CompiledEngine

        return CompiledEngine(evaluation, endgames)
    return Engine(evaluation, endgames)


def can_upgrade(engine: object) -> bool:
    """Whether `engine` is a Python engine with the engine's own evaluation that the compiled
    core, now ready, could replace (a player made during the first compile asks each move)."""
    return type(engine) is Engine and engine.own_evaluation and _ready.is_set()


def upgraded(engine: Engine) -> Engine:
    """The compiled core's engine in place of `engine` once it can be (a new table, the same
    databases), else `engine` itself."""
    if not can_upgrade(engine):
        return engine
    from checkers.ai.compiled.engine import CompiledEngine

    return CompiledEngine(endgames=engine.endgames)
