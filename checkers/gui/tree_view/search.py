"""The tree view's searches, run in a thread while the window keeps drawing: what to search (a
`Subject`) and the newest request's result, which the UI thread picks up with `take`.

Pure Python (no pygame): the game's overlay and the standalone viewer share it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from checkers.ai.search import SearchRequest
from checkers.ai.tracking import (
    TRACKED_ALGORITHMS,
    MinimaxCount,
    SearchTree,
    minimax_node_count,
    tracked_search,
)
from checkers.board import Move, Position, Side

__all__ = ["DEFAULT_DEPTH", "Subject", "TreeSearch"]

DEFAULT_DEPTH = 4
"""The depth shown when the AI searched by time, or for the position on the board."""


@dataclass(frozen=True)
class Subject:
    """What to search: a position with its history, how, and sentences saying so."""

    request: SearchRequest
    depth: int
    algorithm: str
    evaluation: str
    title: str
    """What is shown, in plain words (`The search behind White's last move 22-18`)."""
    note: str = ""
    """A plain caveat, e.g. that the AI's own search is not the one shown ("": none)."""
    detail: str = ""
    """The same said in the search's own terms, shown to the curious ("": none)."""
    played: Move | None = None
    """The move the AI played from `position` (None: the position on the board)."""
    move_number: int = 1
    """The game's number of the move played from `position` (lines are numbered from it)."""
    node_cap: int = 20000
    """Record at most this many visited nodes; the search itself runs to its end."""
    human: Side | None = None
    """The player in a game against the AI: scores are told as the game's panel tells them
    (`+0.35 for you`); None names Black and White."""

    @property
    def position(self) -> Position:
        """The position searched."""
        return self.request.position

    def line(self, curious: bool) -> str:
        """The subject in one sentence for the view's header, with its full stop."""
        note = self.detail if curious and self.detail else self.note
        sentence = f"{self.title}: {note}" if note else self.title
        return sentence if sentence.endswith((".", "?", "!")) else f"{sentence}."


class TreeSearch:
    """Searches a subject in a daemon thread; a newer request wins over an older one."""

    def __init__(self, subject: Subject) -> None:
        self.subject = subject
        self.building: tuple[int, str] | None = None
        """(depth, algorithm) being searched, or None."""
        self.started = 0.0
        """When the search being built began (time.monotonic)."""
        self.error = ""
        self._lock = threading.Lock()
        self._generation = 0
        self._result: tuple[SearchTree, MinimaxCount] | None = None
        self._finished = threading.Event()  # set when the newest request's search has ended

    def request(self, depth: int, algorithm: str) -> None:
        """Search the subject to `depth` with `algorithm` (alpha-beta if it cannot be tracked)."""
        if algorithm not in TRACKED_ALGORITHMS:
            algorithm = "alphabeta"
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._result = None
        self._finished.clear()
        self.building = (depth, algorithm)
        self.started = time.monotonic()
        self.error = ""
        # A daemon thread: a deep search never holds up quitting the window.
        threading.Thread(
            target=self._search,
            name="tree-view search",
            daemon=True,
            args=(generation, self.subject, depth, algorithm),
        ).start()

    def _search(self, generation: int, subject: Subject, depth: int, algorithm: str) -> None:
        try:
            tree = tracked_search(
                subject.request, depth, algorithm, subject.evaluation, node_cap=subject.node_cap
            )
            count = (
                MinimaxCount(tree.nodes)
                if algorithm == "minimax"
                else minimax_node_count(subject.request, depth, evaluation=subject.evaluation)
            )
        except Exception as error:  # noqa: BLE001 - shown in the view; the window goes on
            with self._lock:
                if generation == self._generation:
                    self.error = f"{type(error).__name__}: {error}"
                    self.building = None
                    self._finished.set()
            return
        with self._lock:
            if generation == self._generation:
                self._result = (tree, count)
                self._finished.set()

    def wait(self, timeout: float) -> bool:
        """Block until the newest search has ended (for tests and tools); False on timeout."""
        return self._finished.wait(timeout)

    def take(self) -> tuple[SearchTree, MinimaxCount] | None:
        """The newest search's tree and minimax count once, when it has finished."""
        with self._lock:
            result, self._result = self._result, None
        if result is not None:
            self.building = None
        return result

    def seconds(self) -> float:
        """How long the search being built has run."""
        return time.monotonic() - self.started
