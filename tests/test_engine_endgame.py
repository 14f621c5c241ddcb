"""The engine with the endgame databases: exact scores, the databases' move, and nothing else
changed where they do not apply."""

from __future__ import annotations

import io

from checkers.ai import engine as engine_module
from checkers.ai.endgame import Result, default_endgames
from checkers.ai.engine import Engine
from checkers.ai.search import WIN, Limits, SearchRequest, plies_to_win
from checkers.ai.tuned_weights import TUNED
from checkers.ai.weights import HAND_SET
from checkers.board import Position
from checkers.cli import main

TWO_KINGS_WIN = "B:WK1:BK10,K14"  # Black's two kings against one: a database win
KING_DRAW = "B:WK1:BK10"  # one king against one: a database draw
MIDDLEGAME = "W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15"


def test_a_database_win_scores_its_distance() -> None:
    position = Position.from_fen(TWO_KINGS_WIN)
    probe = default_endgames().probe_plies(position)
    assert probe is not None and probe.result is Result.WIN
    result = Engine().search(position, Limits(depth=3))
    assert result.database
    assert result.score == WIN - probe.plies
    assert plies_to_win(result.score) == probe.plies == len(result.pv)


def test_below_the_root_the_probe_gives_each_move_its_exact_score() -> None:
    # Five pieces, not in the databases; every move is a capture into four, which are.
    position = Position.from_fen("W:WK15:BK10,K11,K19,K28")
    endgames = default_endgames()
    assert endgames.probe_plies(position) is None
    expected = []
    for move in position.legal_moves():
        probe = endgames.probe_plies(position.move(move))
        assert probe is not None
        value = {Result.LOSS: WIN - 1 - probe.plies, Result.DRAW: 0}
        expected.append(value.get(probe.result, 1 + probe.plies - WIN))
    result = Engine().search(position, Limits(depth=3))
    assert not result.database
    assert result.score == max(expected)


def test_the_engine_plays_a_database_win_to_its_end() -> None:
    position = Position.from_fen(TWO_KINGS_WIN)
    probe = default_endgames().probe_plies(position)
    assert probe is not None
    engine = Engine()
    seen = {position}
    history = [position]
    for _ in range(probe.plies + 4):
        if not position.legal_moves():
            break
        result = engine.search(SearchRequest(position, tuple(history)), Limits(depth=3))
        assert result.move is not None
        position = position.move(result.move)
        assert position not in seen  # no position twice: progress, not a winning score
        seen.add(position)
        history.append(position)
    assert not position.legal_moves()  # the side that was losing has no move: the game is won
    assert len(history) - 1 <= probe.plies


def test_a_database_draw_scores_zero() -> None:
    result = Engine().search(Position.from_fen(KING_DRAW), Limits(depth=3))
    assert result.database and result.score == 0


def test_without_databases_the_same_position_is_searched() -> None:
    result = Engine(endgames=None).search(Position.from_fen(TWO_KINGS_WIN), Limits(depth=3))
    assert not result.database and result.nodes > 1


def test_node_counts_unchanged_where_the_databases_do_not_apply() -> None:
    position = Position.from_fen(MIDDLEGAME)
    with_databases = Engine().search(position, Limits(depth=8))
    without = Engine(endgames=None).search(position, Limits(depth=8))
    assert (with_databases.nodes, with_databases.score) == (without.nodes, without.score)
    patterns = engine_module._PATTERNS
    # the tuned weights, and with CHECKERS_PATTERNS=on the packaged pattern tables
    assert with_databases.nodes == (6619 if patterns is None else 7696)
    try:  # with the weights it had then, as the engine before the databases searched it
        engine_module._install(HAND_SET)
        engine_module._install_patterns(None)
        assert Engine().search(position, Limits(depth=8)).nodes == 6035
    finally:
        engine_module._install(TUNED)
        engine_module._install_patterns(patterns)


def test_analyse_names_the_databases() -> None:
    out = io.StringIO()
    assert main(["analyse", TWO_KINGS_WIN, "--depth", "3"], out) == 0
    assert "database win in 8 moves" in out.getvalue()
    out = io.StringIO()
    assert main(["analyse", TWO_KINGS_WIN, "--depth", "3", "--why"], out) == 0
    assert out.getvalue().startswith(
        "The endgame databases hold this position's result under perfect play, a win in 8 moves"
        " for "
    )


def test_analyse_searches_an_only_move_for_the_positions_value() -> None:
    # Walk 2026-11-30m: with one legal move `checkers analyse` answered "18x27 -3.70 depth 1"
    # where the game said "White wins in 8 moves": a move to play stops at once with nothing
    # to choose; the position's value is searched on within the time.
    out = io.StringIO()
    assert main(["analyse", "B:W12,21,23,24,28,31,32:B3,4,15,18", "--time", "2"], out) == 0
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("best move 18x27"), last
    depth = int(last.split("  depth ")[1].split()[0])
    assert depth > 1, last
