"""The engine: it plays legal, sensible moves, keeps its limits and knows the drawing rules."""

from __future__ import annotations

import gc
import io
import itertools
import random
import threading
from collections.abc import Iterable

import pytest
from piped_session import answered

from checkers._bitboard import generate_raw
from checkers.ai import Limits, Progress, StopSignal, patterns, search
from checkers.ai import engine as engine_module
from checkers.ai.compiled import wait_until_ready
from checkers.ai.engine import Engine, engine_evaluation, evaluate_raw
from checkers.ai.players import AIPlayer
from checkers.ai.registry import get_evaluation
from checkers.ai.search import WIN, SearchRequest
from checkers.ai.tuned_weights import TUNED
from checkers.ai.weights import HAND_SET, Weights
from checkers.board import (
    BLACK,
    SQUARES,
    WHITE,
    InvalidFenError,
    Move,
    Piece,
    Position,
    Side,
    square_row_col,
)
from checkers.protocol import EngineSession, run_engine
from checkers.record import GameRecord


def engine_move(fen: str, depth: int = 6) -> str:
    result = search(Position.from_fen(fen), Limits(depth=depth))
    assert result.move is not None
    return result.move.pdn()


def mirrored(position: Position) -> Position:
    """The same position with the colours swapped and the board turned round."""
    pieces = {
        33 - square: Piece(piece.side.opponent, piece.king)
        for square, piece in position.piece_map().items()
    }
    return Position.from_pieces(pieces, position.turn.opponent)


def random_positions(count: int, seed: int = 5, plies: int = 60) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position()
        for _ in range(rng.randint(0, plies)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.move(rng.choice(moves))
        found.append(position)
    return found


# --- playing sense ----------------------------------------------------------------------------


def test_takes_the_capture_that_wins_a_piece() -> None:
    # 26x17 is recaptured at once; 25x18 keeps the piece.
    assert engine_move("W:W9,21,23,25,26,28,29,30:B1,2,6,7,8,12,13,22") == "25x18"


def test_defends_against_a_threatened_shot() -> None:
    # Most Black moves here walk into a shot that costs a piece or more (7-11, the one-ply
    # favourite, loses two and a half men); only 8-12, 15-19 and 16-20 hold.
    move = engine_move("B:W17,22,23,24,25,26,28,29,30,31,32:B1,2,4,5,6,7,8,9,10,15,16")
    assert move in {"8-12", "15-19", "16-20"}


def test_prefers_the_faster_win() -> None:
    # 4-8 leaves the White man on 12 without a move at once.
    result = search(Position.from_fen("B:W12:B3,K4"), Limits(depth=8))
    assert (result.move, result.score) == (Move.from_pdn("4-8"), WIN - 1)


def test_a_lost_position_is_scored_as_a_loss_in_plies() -> None:
    # Black's man on 6 can go to 9 or 10; either way White's 14 jumps it and Black has nothing.
    result = search(Position.from_fen("B:W14:B6"), Limits(depth=4))
    assert result.score == -(WIN - 2)


def test_never_returns_an_illegal_move() -> None:
    for position in random_positions(40):
        result = search(position, Limits(depth=3))
        legal = position.legal_moves()
        if legal:
            assert result.move in legal
            assert result.pv and result.pv[0] == result.move
        else:
            assert result.move is None


def test_the_principal_variation_is_a_legal_line() -> None:
    position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
    result = search(position, Limits(depth=8))
    # The line a user is shown starts with the move played and reaches the depth searched
    # (longer where captures were searched out), every move legal where it is played.
    assert result.pv[0] == result.move and result.depth == 8
    assert len(result.pv) >= 8
    for move in result.pv:
        assert move in position.legal_moves()
        position = position.move(move)


def test_fixed_depth_search_is_deterministic() -> None:
    fen = "B:W13,19,20,21,23,24,25,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15,18"
    first = search(Position.from_fen(fen), Limits(depth=7))
    again = search(Position.from_fen(fen), Limits(depth=7))
    assert (first.move, first.score, first.pv, first.nodes) == (
        again.move,
        again.score,
        again.pv,
        again.nodes,
    )


# --- the evaluation ---------------------------------------------------------------------------


def test_evaluation_is_zero_sum_and_colour_blind() -> None:
    for position in random_positions(60, seed=9):
        for_mover = engine_evaluation(position, position.turn)
        assert engine_evaluation(position, position.turn.opponent) == -for_mover
        assert (
            evaluate_raw(position.black, position.white, position.kings, position.turn is BLACK)
            == for_mover
        )
        # Turning the board and swapping colours changes nothing for the side to move.
        assert engine_evaluation(mirrored(position), mirrored(position).turn) == for_mover


def written_out_evaluation(position: Position, weights: Weights = TUNED) -> int:
    """The engine's evaluation term by term over the squares, for the side to move: what its
    look-up tables and bulk shifts must add up to with these weights."""
    pieces = position.piece_map()
    row = {square: square_row_col(square)[0] for square in SQUARES}
    col = {square: square_row_col(square)[1] for square in SQUARES}

    def on(side: Side, king: bool, squares: Iterable[int] = SQUARES) -> list[int]:
        return [s for s in squares if s in pieces and pieces[s] == Piece(side, king)]

    bm, bk, wm, wk = (
        len(on(BLACK, False)),
        len(on(BLACK, True)),
        len(on(WHITE, False)),
        len(on(WHITE, True)),
    )
    black, white = 100 * bm + weights.king * bk, 100 * wm + weights.king * wk
    lead = black - white
    score = lead + (1 if lead > 0 else -1) * (abs(lead) * weights.trade // (black + white + 1))
    if wm:  # back-rank guards and the bridge
        score += weights.guard * len(on(BLACK, False, range(1, 5))) + weights.bridge * (
            on(BLACK, False, (1, 3)) == [1, 3]
        )
    if bm:
        score -= weights.guard * len(on(WHITE, False, range(29, 33))) + weights.bridge * (
            on(WHITE, False, (30, 32)) == [30, 32]
        )
    phase = sum(len(pieces) < limit for limit in weights.phase_pieces)
    for man in on(BLACK, False):
        score += weights.men[phase][man - 1]
    for man in on(WHITE, False):  # as a Black man on the board turned
        score -= weights.men[phase][33 - man - 1]
    for side, sign, ahead, near in (
        (BLACK, 1, range(17, 25), range(25, 29)),
        (WHITE, -1, range(9, 17), range(5, 9)),
    ):
        for man in on(side, False, [*ahead, *near]):  # runaways: no enemy in the cone ahead
            to_go = 7 - row[man] if side is BLACK else row[man]
            if not any(
                pieces[s].side is not side
                and 0 < (row[s] - row[man]) * sign
                and abs(col[s] - col[man]) <= (row[s] - row[man]) * sign + 1
                for s in pieces
            ):
                score += sign * weights.runaway[to_go - 1]
        for king in on(side, True):
            score += sign * weights.king_centre * (king in (10, 11, 14, 15, 18, 19, 22, 23))
            score += (
                sign
                * weights.king_step
                * sum(
                    1
                    for s in SQUARES
                    if s not in pieces and abs(row[s] - row[king]) == 1 == abs(col[s] - col[king])
                )
            )
    for hunters, prey, sign in (
        (on(BLACK, True), on(WHITE, True), 1),
        (on(WHITE, True), on(BLACK, True), -1),
    ):
        if hunters and prey and lead * sign > 0 and not (wm if sign > 0 else bm):
            score += sign * (
                weights.hunt_closeness
                * sum(
                    7 - min(max(abs(row[h] - row[p]), abs(col[h] - col[p])) for p in prey)
                    for h in hunters
                )
                - weights.hunt_corner * len([p for p in prey if p in (1, 5, 28, 32)])
            )
    tables = engine_module._PATTERNS  # the learned regions: each one's pattern, by its squares
    if tables is not None:
        phase = patterns.phase_of(len(pieces))
        for window in range(patterns.WINDOWS):
            digits = [
                0 if s not in pieces else 1 if pieces[s].side is BLACK else 2
                for s in patterns.window_squares(window)
            ]
            score += tables[phase][window][sum(d * 3**k for k, d in enumerate(digits))]
    score = (score + 2) // 5 * 5
    return weights.to_move + (score if position.turn is BLACK else -score)


def test_the_evaluation_adds_up_its_terms() -> None:
    # The engine reads the men's terms from tables and the kings' from shifted bitboards.
    for position in random_positions(300, seed=11) + random_positions(100, seed=12, plies=150):
        assert evaluate_raw(
            position.black, position.white, position.kings, position.turn is BLACK
        ) == written_out_evaluation(position)


def test_other_weights_are_installed_and_taken_back() -> None:
    # The tuning's self-play evaluates with the hand-set weights; the tables follow the weights.
    positions = random_positions(100, seed=13) + random_positions(50, seed=14, plies=150)
    try:
        engine_module._install(HAND_SET)
        for position in positions:
            assert evaluate_raw(
                position.black, position.white, position.kings, position.turn is BLACK
            ) == written_out_evaluation(position, HAND_SET)
    finally:
        engine_module._install(TUNED)
    for position in positions:
        assert evaluate_raw(
            position.black, position.white, position.kings, position.turn is BLACK
        ) == written_out_evaluation(position)


def test_evaluation_counts_material_first() -> None:
    equal = Position()
    up_a_man = Position.from_fen("B:W21-31:B1-12")
    assert engine_evaluation(equal, BLACK) == 0
    assert engine_evaluation(up_a_man, BLACK) >= 100
    assert engine_evaluation(up_a_man, WHITE) <= -100


def test_the_side_ahead_prefers_fewer_pieces_on_the_board() -> None:
    # One man up is worth more with less material left: trading down is good for the leader.
    # The material terms' rule, without the learned regions (which value the shapes on top).
    many = Position.from_fen("B:W21-30:B1-11")
    few = Position.from_fen("B:W29:B1,2")
    tables = engine_module._PATTERNS
    try:
        engine_module._install_patterns(None)
        assert engine_evaluation(few, BLACK) > engine_evaluation(many, BLACK)
    finally:
        engine_module._install_patterns(tables)


def test_a_fen_with_more_than_twelve_pieces_a_side_is_refused_with_the_reason() -> None:
    # No game reaches thirteen pieces a side: such a FEN is refused (by the one position check
    # that the setup screen, the CLI and the engine protocol share), so no search sees it.
    for fen, reason in (
        ("B:W29,30,31,32:B1-15", "Black has 15 pieces; a side has at most 12"),
        ("W:W18-32:BK1,K2,K3,4-14", "Black has 14 pieces; a side has at most 12"),
    ):
        with pytest.raises(InvalidFenError, match=reason):
            Position.from_fen(fen)


def test_twelve_pieces_a_side_with_kings_are_searched() -> None:
    # The most a side can have, with kings among them: the evaluation's count tables end at
    # twelve a side, and a search must play on.
    for fen in ("B:W21-32:BK1,2-12", "W:WK1,K2,21-30:BK31,K32,3-12"):
        position = Position.from_fen(fen)
        result = search(position, Limits(depth=3))
        assert result.move in position.legal_moves()
        assert evaluate_raw(
            position.black, position.white, position.kings, position.turn is BLACK
        ) == written_out_evaluation(position)


def test_no_static_evaluation_with_a_capture_pending() -> None:
    # Depth 1 ends after Black's move, but White must then capture: the engine searches the
    # capture out and sees the loss a static evaluation at the horizon would miss.
    result = search(Position.from_fen("B:W14:B6"), Limits(depth=1))
    assert result.score == -(WIN - 2) and len(result.pv) == 2


# --- rules of the end ---------------------------------------------------------------------------


def test_knows_a_third_occurrence_is_a_draw() -> None:
    record = GameRecord(Position.from_fen("B:WK26:BK1,K32"))
    for text in ["1-5", "26-30", "5-1", "30-26", "1-5", "26-30", "5-1"]:
        record.play(Move.from_pdn(text, record.position))
    # White, a king down, can repeat the start a third time with 30-26: a draw it takes.
    result = search(SearchRequest.from_record(record), Limits(depth=6))
    assert (result.move, result.score) == (Move.from_pdn("30-26"), 0)


def test_a_lead_at_the_end_of_the_forty_moves_is_a_draw() -> None:
    # Two kings against one, but the 80th ply without progress is about to be played.
    position = Position.from_fen("B:WK29:BK1,K3")
    assert search(position, Limits(depth=4)).score > 0
    assert search(SearchRequest(position, no_progress_plies=79), Limits(depth=4)).score == 0


# --- limits -------------------------------------------------------------------------------------


def test_node_limit_is_kept_and_a_legal_move_returned() -> None:
    result = search(Position(), Limits(nodes=300))
    assert result.nodes <= 300
    assert result.move in Position().legal_moves()


def test_time_limit_ends_the_search() -> None:
    # Depth 60 could not finish: only the clock can end it (benchmarks/search.py measures how
    # far past its time a search runs).
    result = search(Position(), Limits(depth=60, time=0.2))
    assert 1 <= result.depth < 60
    assert result.move in Position().legal_moves()


def test_a_library_search_leaves_the_collector_as_it_found_it() -> None:
    """Called as a library, the engine changes nothing of the interpreter's collector: not
    whether it runs, not its thresholds, and it freezes nothing."""
    thresholds = gc.get_threshold()
    frozen = gc.get_freeze_count()
    try:
        gc.set_threshold(555, 7, 9)  # not the default, so a reset would show
        for enabled in (True, False):
            if enabled:
                gc.enable()
            else:
                gc.disable()
            search(Position(), Limits(time=0.2))  # interrupted by the clock
            AIPlayer(Limits(depth=6)).choose(Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32"))
            assert gc.isenabled() is enabled
            assert gc.get_threshold() == (555, 7, 9)
            assert gc.get_freeze_count() == frozen
    finally:
        gc.enable()
        gc.set_threshold(*thresholds)


def test_a_search_process_keeps_the_collector_out_of_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After tune_collector_for_search (the engine's own processes) a search freezes what it
    leaves alive and turns the collector back on."""
    monkeypatch.setattr(engine_module, "_collector_tuned", True)
    frozen = gc.get_freeze_count()
    try:
        engine = Engine()
        engine.search(Position(), Limits(depth=4))
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_the_collector_is_back_on_and_the_search_left_no_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a search process the engine pauses the cyclic garbage collector while it searches
    and freezes what the search left alive; that is only sound if a search, interrupted
    included, makes no cycles."""
    monkeypatch.setattr(engine_module, "_collector_tuned", True)
    monkeypatch.setattr(gc, "freeze", lambda: None)  # leave the search's objects collectable
    # The compiled core's warm-up thread (started by an earlier test's search) leaves numba's
    # cyclic garbage when it ends: let it end first, or it can land in this test's count.
    wait_until_ready(timeout=300)
    gc.collect()
    engine = Engine()
    result = engine.search(Position(), Limits(time=0.2))  # interrupted by the clock
    engine.search(Position.from_fen("B:WK1,5,22,30:B3,4,8,21,K32"), Limits(nodes=2000))
    assert gc.isenabled()
    del engine
    assert gc.collect() == 0
    assert result.move in Position().legal_moves()


def test_stop_ends_a_search_and_keeps_its_best_move() -> None:
    stop = StopSignal()
    answers = []
    reported = threading.Event()
    worker = threading.Thread(
        target=lambda: answers.append(
            search(Position(), Limits(time=60), stop=stop, on_progress=lambda _: reported.set())
        ),
        daemon=True,
    )
    worker.start()
    assert reported.wait(60)  # a depth is done: there is a best move to keep
    stop.stop()
    worker.join(30)  # far less than the 60 s it was given: only the stop can end it so soon
    assert not worker.is_alive()
    assert answers and answers[0].move in Position().legal_moves() and answers[0].depth >= 1


def test_progress_is_reported_once_per_completed_depth() -> None:
    reports: list[Progress] = []
    result = search(Position(), Limits(depth=6), on_progress=reports.append)
    assert [report.depth for report in reports] == [1, 2, 3, 4, 5, 6]
    assert reports[-1].pv == result.pv and reports[-1].score == result.score
    assert all(later.nodes >= earlier.nodes for earlier, later in itertools.pairwise(reports))


def test_a_kept_engine_reuses_its_table() -> None:
    engine = Engine()
    first = engine.search(Position(), Limits(depth=8))
    second = engine.search(Position(), Limits(depth=8))
    assert second.nodes < first.nodes and second.move in Position().legal_moves()


def test_a_killer_is_tried_before_generation_only_where_it_is_legal() -> None:
    rng = random.Random(11)
    positions = random_positions(400, seed=11)
    quiet: dict[bool, list] = {True: [], False: []}  # each side's quiet moves, as killers are
    for position in positions:
        to_move = position.turn is BLACK
        quiet[to_move] += [
            move
            for move in generate_raw(position.black, position.white, position.kings, to_move)
            if not move[1]
        ]
    engine = Engine()
    engine.killers = [[None, None]]
    found = 0
    for position in positions:
        to_move = position.turn is BLACK
        legal = generate_raw(position.black, position.white, position.kings, to_move)
        # Half the time a killer taken from this very position, so some are legal.
        own = [move for move in legal if not move[1]]
        engine.killers[0] = [
            rng.choice(own) if own and rng.random() < 0.5 else rng.choice(quiet[to_move]),
            rng.choice(quiet[to_move]),
        ]
        expected = next((killer for killer in engine.killers[0] if killer in legal), None)
        tried = engine._playable_killer(position.black, position.white, position.kings, to_move, 0)
        assert tried == expected, position.fen()
        found += tried is not None
    assert found > 100


def test_the_engine_plays_with_another_evaluation() -> None:
    result = search(
        Position.from_fen("W:W9,21,23,25,26,28,29,30:B1,2,6,7,8,12,13,22"),
        Limits(depth=5),
        "engine",
        "count",
    )
    assert result.move == Move.from_pdn("25x18")
    assert result.score == pytest.approx(1.0, abs=1.0)  # in the count evaluation's own units


# --- the line protocol --------------------------------------------------------------------------


def run_session(*lines: str) -> list[str]:
    out = io.StringIO()
    assert run_engine(answered(lines, out), out) == 0
    return out.getvalue().splitlines()


def test_protocol_answers_a_scripted_session() -> None:
    answers = run_session(
        "isready",
        "position startpos moves 11-15 23-19",
        "go depth 4",
        "position fen W:W9,21,23,25,26,28,29,30:B1,2,6,7,8,12,13,22",
        "go depth 5",
        "quit",  # sent once both searches have answered (quit stops a running search)
    )
    assert answers[0] == "readyok"
    infos = [line for line in answers if line.startswith("info depth")]
    assert [line.split()[2] for line in infos[:4]] == ["1", "2", "3", "4"]
    assert all(line.split()[3:10:2] == ["score", "nodes", "nps", "pv"] for line in infos)
    bestmoves = [line for line in answers if line.startswith("bestmove")]
    assert len(bestmoves) == 2
    after_opening = Position().move(Move.from_pdn("11-15")).move(Move.from_pdn("23-19"))
    assert Move.from_pdn(bestmoves[0].split()[1]) in after_opening.legal_moves()
    assert bestmoves[1] == "bestmove 25x18"


def test_protocol_reports_bad_commands_and_stays_up() -> None:
    answers = run_session(
        "hello",
        "go depth zero",
        "go depth 0",
        "go",
        "position fen X",
        "position startpos moves 11-15 22-19",
        "setoption name Algorithm value expectimax",
        "setoption name Colour value red",
        "isready",
        "quit",
    )
    errors = [line for line in answers if line.startswith("info string error: ")]
    assert len(errors) == 8
    assert "unknown command 'hello'" in errors[0]
    assert "invalid FEN 'X'" in errors[4]
    assert "move 2 (22-19)" in errors[5]
    assert "expectimax" in errors[6] and "alphabeta, engine, minimax, negamax" in errors[6]
    assert answers[-1] == "readyok"


def test_protocol_answers_none_without_a_legal_move() -> None:
    answers = run_session("position fen W:W5:B1", "go depth 3", "quit")
    assert answers[-1] == "bestmove none"


def test_protocol_uses_the_chosen_algorithm_and_evaluation() -> None:
    answers = run_session(
        "setoption name Algorithm value minimax",
        "setoption name Evaluation value count",
        "position fen B:W6,19,25,28,29,31,32:B1,2,3,4,5,7,22",
        "go depth 3",
        "quit",
    )
    assert answers[-1] == "bestmove 1x10"
    # Scored in the count evaluation's units (men), not the engine's hundredths.
    assert answers[-2].startswith("info depth 3 score 0 ")


def test_protocol_stop_answers_with_the_best_move_so_far() -> None:
    lines: list[str] = []
    session = EngineSession(lines.append, own_book=False)  # a book move would answer at once
    session.handle("go movetime 60000")
    for _ in range(6000):  # until the search reports its first depth (a cap against a hang)
        if any(line.startswith("info depth") for line in lines):
            break
        threading.Event().wait(0.01)
    assert not lines[-1].startswith("bestmove")  # still searching: it was given a minute
    session.handle("stop")
    assert not session.searching
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none"


def test_the_engine_takes_an_evaluation_function_and_says_so_for_a_name() -> None:
    with pytest.raises(TypeError, match=r"registry\.get_evaluation"):
        Engine("count")  # type: ignore[arg-type]
    counting = Engine(get_evaluation("count"))
    assert not counting.own_evaluation
    assert counting.search(Position(), Limits(depth=2)).move in Position().legal_moves()
