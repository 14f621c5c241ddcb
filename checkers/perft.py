"""Perft: count the leaf positions of the legal-move tree, the standard move-generator check."""

from __future__ import annotations

import os

from checkers._bitboard import count_moves, count_replies, generate_raw, play, raw_squares
from checkers.board import BLACK, Move, Position


def perft(position: Position, depth: int, jobs: int = 1) -> int:
    """The number of move sequences of exactly `depth` plies from `position`.

    From COMPILED_FROM_DEPTH on it counts on the engine's compiled core where numba runs, in
    `jobs` threads (the core releases the GIL); otherwise, with jobs > 1, the subtrees after the
    first two plies are counted in that many processes.
    """
    if depth < 0:
        raise ValueError("perft depth must be 0 or more")
    if jobs < 1:
        raise ValueError("perft needs at least one job")
    if depth == 0:
        return 1
    root = (position.black, position.white, position.kings, position.turn is BLACK)
    if depth >= COMPILED_FROM_DEPTH:
        counted = _compiled_perft(root, depth, jobs)
        if counted is not None:
            return counted
    if jobs == 1 or depth < 6:  # small trees finish before worker processes would start
        return _perft(*root, depth)
    # Imported here: it costs about 14 ms, a third of `import checkers`, and only big counts use it.
    from checkers.workers import process_pool

    tasks = [(*node, depth - 2) for child in _children(*root) for node in _children(*child)]
    with process_pool(jobs) as pool:
        return sum(pool.map(_perft_task, tasks, chunksize=1))


COMPILED_FROM_DEPTH = 10
"""The depth from which perft counts on the compiled core: importing numba and loading the
cached counter costs about a second, which the Python counter's 3 M leaves a second per process
(perft 9 has 4 M leaves) would not make up."""


def _compiled_perft(root: Node, depth: int, jobs: int) -> int | None:
    """The count on the compiled core (split after two plies over `jobs` threads), or None
    where it cannot run (numba missing, CHECKERS_CORE=python, a failed compile)."""
    from checkers.ai.compiled import is_available

    if not is_available():
        return None
    from checkers.ai.compiled.movegen import perft as compiled

    try:
        if jobs == 1:
            return int(compiled(*root, depth))
        from concurrent.futures import ThreadPoolExecutor

        def subtree(node: Node) -> int:
            return int(compiled(*node, depth - 2))

        tasks = [node for child in _children(*root) for node in _children(*child)]
        with ThreadPoolExecutor(jobs) as pool:
            return sum(pool.map(subtree, tasks))
    except Exception:  # noqa: BLE001 - numba could not compile it here: count in Python
        return None


def default_jobs() -> int:
    """One job per core this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


Node = tuple[int, int, int, bool]


def _children(black: int, white: int, kings: int, black_to_move: bool) -> list[Node]:
    """The positions one ply on, as raw bitboards (a position without moves has none)."""
    return [
        (*play(black, white, kings, black_to_move, raw), not black_to_move)
        for raw in generate_raw(black, white, kings, black_to_move)
    ]


def _perft_task(task: tuple[int, int, int, bool, int]) -> int:
    """One subtree's count, in a worker process."""
    return _perft(*task)


def _perft(black: int, white: int, kings: int, black_to_move: bool, depth: int) -> int:
    # The last ply is counted in bulk, not played: the usual "bulk counting" perft.
    if depth == 1:
        return count_moves(black, white, kings, black_to_move)
    if depth == 2:
        return count_replies(
            black, white, kings, black_to_move, generate_raw(black, white, kings, black_to_move)
        )
    total = 0
    # `play` written out: a call per move here cost 5% of the time of perft 10.
    if black_to_move:
        for delta, captured, king_delta, _ in generate_raw(black, white, kings, True):
            total += _perft(black ^ delta, white ^ captured, kings ^ king_delta, False, depth - 1)
    else:
        for delta, captured, king_delta, _ in generate_raw(black, white, kings, False):
            total += _perft(black ^ captured, white ^ delta, kings ^ king_delta, True, depth - 1)
    return total


def divide(position: Position, depth: int, jobs: int = 1) -> list[tuple[str, int]]:
    """Perft split by first move: (PDN move, leaf count) for each legal move, in move order."""
    if depth < 1:
        raise ValueError("divide needs a depth of 1 or more")
    mover = position.black if position.turn is BLACK else position.white
    rows = []
    for raw in generate_raw(position.black, position.white, position.kings, position.turn is BLACK):
        child = position.apply_raw(raw)
        rows.append((Move(raw_squares(raw, mover)).pdn(), perft(child, depth - 1, jobs)))
    return sorted(rows, key=lambda row: [int(s) for s in row[0].replace("x", "-").split("-")])
