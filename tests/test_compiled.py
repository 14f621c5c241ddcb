"""The compiled core (checkers/ai/compiled/) against the Python engine, its reference: the same
moves in the same order, the same evaluation, and the same search: best move, score, node count
and line at a fixed depth, with and without the endgame databases, and under a node limit.

The suite runs these where numba is installed (as `make test` installs it); the last test runs a
process in which numba cannot be imported and checks that the Python engine plays there. The
full 200-position comparison is benchmarks/compiled.py.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

# numba is a run-time dependency: a test run without it is a broken install and fails here
# (the fallback without numba is checked in a subprocess that blocks it, below).
import numba  # noqa: F401
import numpy as np  # numba brings numpy
import pytest

from checkers._bitboard import generate_raw, play
from checkers.ai import engine as python_engine
from checkers.ai.compiled import evaluate, movegen
from checkers.ai.compiled.engine import CompiledEngine
from checkers.ai.engine import Engine
from checkers.ai.evaluation import count_evaluation
from checkers.ai.search import Limits, SearchRequest
from checkers.board import BLACK, Piece, Position
from checkers.perft import perft as python_perft

KINGS = Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32")
MIDDLEGAME = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
FOUR_PIECES = Position.from_fen("W:WK14,K22:BK1,K32")  # in the shipped databases
KING_RING = Position.from_fen("B:W6,7,14,15:BK10")  # a king's captures around a square


def _random_positions(count: int, seed: int, max_plies: int = 120) -> list[Position]:
    """Positions from random games (seeded): openings, middlegames, kings and endgames."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position()
        for _ in range(rng.randrange(2, max_plies)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.move(rng.choice(moves))
        if position.legal_moves():
            found.append(position)
    return found


def _raw(position: Position) -> tuple[int, int, int, bool]:
    return position.black, position.white, position.kings, position.turn is BLACK


def test_moves_come_in_the_python_generators_order() -> None:
    out = np.zeros((movegen.MAX_MOVES, 4), np.int64)
    stack = np.zeros((64, 3), np.int64)
    rng = random.Random(7)
    positions = 0
    for _ in range(40):
        black, white, kings, black_to_move = _raw(Position())
        for _ in range(150):
            expected = generate_raw(black, white, kings, black_to_move)
            count = movegen.generate(black, white, kings, black_to_move, out, stack)
            assert [movegen.decode_move(out[i]) for i in range(count)] == expected
            assert [movegen.encode_move(raw) for raw in expected] == [
                tuple(int(x) for x in out[i]) for i in range(count)
            ]
            assert movegen.count_moves(black, white, kings, black_to_move, out, stack) == count
            positions += 1
            if not expected:
                break
            black, white, kings = play(black, white, kings, black_to_move, rng.choice(expected))
            black_to_move = not black_to_move
    assert positions > 2000


def test_edge_case_positions_have_the_same_moves(position_case: object) -> None:
    position = Position.from_fen(position_case.fen)  # type: ignore[attr-defined]
    out = np.zeros((movegen.MAX_MOVES, 4), np.int64)
    count = movegen.generate(*_raw(position), out, np.zeros((64, 3), np.int64))
    assert [movegen.decode_move(out[i]) for i in range(count)] == generate_raw(*_raw(position))


@pytest.mark.parametrize("position", [Position(), KINGS, MIDDLEGAME, KING_RING])
def test_perft_counts_match_the_python_generator(position: Position) -> None:
    for depth in range(1, 7):
        assert movegen.perft(*_raw(position), depth) == python_perft(position, depth)


def test_perft_from_the_start_matches_the_published_count() -> None:
    assert movegen.perft(*_raw(Position()), 10) == 18_391_564


def test_the_evaluation_is_the_python_engines() -> None:
    tables = evaluate.tables()
    for position in [*_random_positions(300, seed=3), KINGS, MIDDLEGAME, FOUR_PIECES]:
        raw = _raw(position)
        assert evaluate.static_score(*raw, *tables) == python_engine._static_score(*raw)
        for no_progress in (0, 21, 60, 79):
            assert evaluate.discount(
                evaluate.static_score(*raw, *tables), no_progress
            ) == python_engine._discount(python_engine._static_score(*raw), no_progress)


def test_database_probes_read_the_slices_as_python_does() -> None:
    from checkers.ai.compiled.probe import Databases, lookup
    from checkers.ai.endgame import default_endgames, materials_with

    endgames = default_endgames()
    databases = Databases()
    for pieces in range(2, endgames.max_pieces + 1):
        for material in materials_with(pieces):
            databases.hand_over(endgames, material)
    scratch = np.zeros((movegen.MAX_MOVES, 4), np.int64)
    stack = np.zeros((64, 3), np.int64)
    rng = random.Random(5)
    for _ in range(3000):  # random placements of 1 to 4 pieces, either side to move
        squares = rng.sample(range(1, 33), rng.randint(1, endgames.max_pieces))
        pieces = {}
        for square in squares:
            side = rng.choice((BLACK, BLACK.opponent))
            crowned = square in ((29, 30, 31, 32) if side is BLACK else (1, 2, 3, 4))
            pieces[square] = Piece(side, king=crowned or rng.random() < 0.5)
        turn = rng.choice((BLACK, BLACK.opponent))
        position = Position.from_pieces(pieces, turn)
        expected = endgames.lookup(*_raw(position))
        found = lookup(*_raw(position), *databases.tables, scratch, stack)
        assert (None if found == 0 else divmod(found, 256)) == expected, position.fen()


def _same_search(position: Position, limits: Limits, endgames: object = "default") -> None:
    python = Engine(endgames=endgames).search(position, limits)  # type: ignore[arg-type]
    compiled = CompiledEngine(endgames=endgames).search(position, limits)  # type: ignore[arg-type]
    assert (compiled.move, compiled.score, compiled.depth, compiled.nodes, compiled.pv) == (
        python.move,
        python.score,
        python.depth,
        python.nodes,
        python.pv,
    ), position.fen()


@pytest.mark.parametrize(
    "position",
    [Position(), KINGS, MIDDLEGAME, KING_RING, *_random_positions(8, seed=11)],
    ids=lambda position: position.fen(),
)
def test_a_fixed_depth_search_gives_the_same_move_score_and_nodes(position: Position) -> None:
    _same_search(position, Limits(depth=7), endgames=None)


@pytest.mark.parametrize(
    "fen",
    [
        "W:WK14,K22:BK1,K32",  # the root is in the databases
        # Six and five pieces: the nodes below probe them (half the nodes or fewer for it).
        "B:W18,22,K27:B10,K11,15",
        "W:W17,K29:B9,K10,K28",
    ],
)
def test_the_databases_are_probed_alike(fen: str) -> None:
    _same_search(Position.from_fen(fen), Limits(depth=9))


def test_a_node_limit_stops_both_at_the_same_node() -> None:
    # The compiled search pauses at the limit exactly as the Python one checks it.
    _same_search(MIDDLEGAME, Limits(nodes=3000), endgames=None)


def test_history_before_the_root_counts_for_repetitions_alike() -> None:
    position = KINGS
    earlier = [position, position.move(position.legal_moves()[0])] * 2
    request = SearchRequest(position, tuple(earlier))
    python = Engine(endgames=None).search(request, Limits(depth=8))
    compiled = CompiledEngine(endgames=None).search(request, Limits(depth=8))
    assert (compiled.move, compiled.score, compiled.nodes) == (
        python.move,
        python.score,
        python.nodes,
    )


def test_lines_and_the_root_report_are_the_same() -> None:
    python, compiled = Engine(endgames=None), CompiledEngine(endgames=None)
    limits = Limits(depth=6)
    assert list(compiled.iterate_lines(MIDDLEGAME, limits, 3)) == list(
        python.iterate_lines(MIDDLEGAME, limits, 3)
    )
    python.search(KINGS, limits)
    compiled.search(KINGS, limits)
    assert compiled.root_report(KINGS) == python.root_report(KINGS)


def test_an_engine_kept_for_a_game_keeps_answering_alike() -> None:
    python, compiled = Engine(endgames=None), CompiledEngine(endgames=None)
    position = Position()
    for _ in range(6):  # the tables and history carry from move to move
        expected = python.search(position, Limits(depth=6))
        found = compiled.search(position, Limits(depth=6))
        assert (found.move, found.score, found.nodes) == (
            expected.move,
            expected.score,
            expected.nodes,
        )
        assert expected.move is not None
        position = position.move(expected.move)


def test_without_numba_the_python_engine_plays(tmp_path: Path) -> None:
    # A process in which `import numba` fails, as on a machine without it.
    blocker = tmp_path / "numba.py"
    blocker.write_text("raise ImportError('numba is blocked for this test')\n")
    script = textwrap.dedent(
        """
        from checkers.ai import Limits
        from checkers.ai.compiled import core_name, is_available, new_engine
        from checkers.board import Position
        engine = new_engine()
        result = engine.search(Position(), Limits(depth=4))
        print(type(engine).__name__, is_available(), result.move.pdn(), core_name())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    name, available, move, *words = done.stdout.split()
    assert (name, available) == ("Engine", "False")
    assert move == Engine(endgames="default").search(Position(), Limits(depth=4)).move.pdn()
    assert "numba cannot be imported" in " ".join(words)
    version = subprocess.run(
        [sys.executable, "-m", "checkers", "--version"],
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert version.returncode == 0 and "engine core: Python" in version.stdout


def test_a_python_engine_made_while_compiling_is_replaced_once_the_core_is_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from checkers.ai import AIPlayer
    from checkers.ai.compiled import new_engine, upgraded, wait_until_ready

    monkeypatch.delenv("CHECKERS_CORE", raising=False)  # a run of the suite on the Python core

    assert wait_until_ready(600)
    assert isinstance(new_engine(), CompiledEngine)
    assert isinstance(upgraded(Engine()), CompiledEngine)
    counting = Engine(count_evaluation)  # another evaluation has no compiled form: kept
    assert upgraded(counting) is counting
    player = AIPlayer(Limits(depth=4))
    player.choose(SearchRequest(Position(), ()))
    assert player.analyser is not None
    player.analyser.engine = Engine()  # as a player made during the first compile has
    choice = player.choose(SearchRequest(Position(), (Position(),)))
    assert isinstance(player.engine, CompiledEngine)
    assert choice.result.move == Engine().search(Position(), Limits(depth=4)).move


def test_a_position_lands_in_the_python_engines_table_slot() -> None:
    from checkers.ai.compiled.ordering import table_slot

    for position in [Position(), KINGS, *_random_positions(200, seed=13)]:
        key = _raw(position)
        assert table_slot(*key) == hash(key) & python_engine._BUCKET_MASK
