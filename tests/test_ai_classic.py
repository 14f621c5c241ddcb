"""The classic AI: minimax, alpha-beta and negamax agree, play sensibly and obey their limits.

Hand-made positions are worked out on the RULES.md diagram (row 0 at the top, square =
row*4 + col//2 + 1, Black men moving down toward 32, White men up toward 1):

      .  1  .  2  .  3  .  4
      5  .  6  .  7  .  8  .
      .  9  . 10  . 11  . 12
     13  . 14  . 15  . 16  .
      . 17  . 18  . 19  . 20
     21  . 22  . 23  . 24  .
      . 25  . 26  . 27  . 28
     29  . 30  . 31  . 32  .
"""

from __future__ import annotations

import random
import threading

import pytest

from checkers._bitboard import raw_squares
from checkers.ai.classic import alphabeta, iterative_deepening, minimax, negamax, ordered_moves
from checkers.ai.evaluation import count_evaluation, seed_evaluation
from checkers.ai.registry import (
    ALGORITHMS,
    EVALUATIONS,
    EvaluationEntry,
    get_evaluation,
    iterations,
    man_value,
    search,
)
from checkers.ai.search import WIN, Limits, Progress, SearchRequest, SearchResult, StopSignal
from checkers.board import BLACK, WHITE, Move, Position
from checkers.record import GameRecord, Reason

VARIED_POSITIONS = {
    "opening": "B:W21-32:B1-12",
    "opening, White to move": "W:W21-32:B1-12",
    "early middlegame": "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14",
    "middlegame, one forced capture": "B:W13,18,21,22,24,27,28,30,31,32:B2,4-11,14,16",
    "late middlegame": "B:W5,25,26,27,28:B1,6,11",
    "king and men": "B:WK4,20,21,24,32:B23",
    "kings endgame": "B:WK14,K23:BK1,K5,K32",
    "kings endgame, White to move": "W:WK4,28:BK11,19",
    "two forced captures": "B:W14,15,22,23,6:B10",
    "no legal move": "W:W5,6,7,8:B1,2,3,4",
    "triple jump": "B:W9,10,11,18,19,26,27:B5",
    "king's ring capture": "W:WK14:B10,18,19,11,3",
    "king's multi-jump choices": "B:W6,7,15,16,23,24:BK1",
}

# Positions where the root has at least four moves: enough for alpha-beta to cut something.
BUSY_POSITIONS = [
    "opening",
    "opening, White to move",
    "early middlegame",
    "late middlegame",
    "kings endgame",
    "king's multi-jump choices",
]


def moves_of(position: Position) -> set[Move]:
    """The legal moves of a position."""
    return set(position.legal_moves())


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions reached by random playouts of random length from the opening."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        position = Position()
        for _ in range(rng.randrange(0, 70)):
            legal = position.legal_moves()
            if not legal:
                break
            position = position.move(rng.choice(legal))
        positions.append(position)
    return positions


# --- the three algorithms agree ---------------------------------------------------------------


@pytest.mark.parametrize("name", VARIED_POSITIONS)
def test_minimax_alphabeta_and_negamax_agree_at_depths_1_to_4(name: str) -> None:
    position = Position.from_fen(VARIED_POSITIONS[name])
    for depth in range(1, 5):
        plain = minimax(position, depth, seed_evaluation)
        pruned = alphabeta(position, depth, seed_evaluation)
        negated = negamax(position, depth, seed_evaluation)
        assert plain.score == pruned.score == negated.score, f"depth {depth}"
        assert plain.move == pruned.move == negated.move, f"depth {depth}"
        # Negamax is alpha-beta written another way: it visits exactly the same nodes.
        assert negated.nodes == pruned.nodes, f"depth {depth}"
        assert pruned.nodes <= plain.nodes, f"depth {depth}"


@pytest.mark.parametrize("name", BUSY_POSITIONS)
def test_alphabeta_visits_fewer_nodes_than_minimax(name: str) -> None:
    position = Position.from_fen(VARIED_POSITIONS[name])
    for depth in (3, 4):
        assert (
            alphabeta(position, depth, seed_evaluation).nodes
            < minimax(position, depth, seed_evaluation).nodes
        )


def test_a_search_counts_the_root_and_every_child_as_nodes() -> None:
    position = Position()  # seven moves, each a leaf at depth 1
    for algorithm in (minimax, alphabeta, negamax):
        assert algorithm(position, 1, count_evaluation).nodes == 1 + 7


def test_children_are_searched_in_legal_moves_order() -> None:
    for position in random_positions(40, seed=11):
        mover = position.black if position.turn is BLACK else position.white
        assert [
            Move(raw_squares(raw, mover)) for raw in ordered_moves(position)
        ] == position.legal_moves()


# --- it plays sensibly ------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_takes_the_free_piece_rather_than_trade_it(algorithm: str) -> None:
    # Black must capture: 12x19 (over 16) or 14x23 (over 18). After 12x19 White's 18 jumps 14
    # landing on 9, an even trade; after 14x23 nothing White has can reach a Black man (men
    # capture forward only, 16 cannot jump 12 off the board), so the piece is free.
    position = Position.from_fen("B:W16,18,21:B12,14")
    assert {m.pdn() for m in position.legal_moves()} == {"12x19", "14x23"}
    for depth in (2, 3, 4):
        result = search(position, Limits(depth=depth), algorithm, "count")
        assert result.move == Move.from_pdn("14x23")
        assert result.score == 0  # two men each: one up on the three-to-two start


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_prefers_the_faster_win(algorithm: str) -> None:
    # White's only man on 12 can go to 8, or jump a piece on 8 landing on 3. King 4-8 leaves it
    # nothing (8 full, 3 full): White loses at ply 1. 3-7 also wins, at ply 3: White must play
    # 12-8, and king 4 jumps it (4x11). 3-8 lets 12x3 crown. The faster win must score higher.
    position = Position.from_fen("B:W12:B3,K4")
    after_slow_win = position.move(Move.from_pdn("3-7"))
    assert alphabeta(after_slow_win, 2, count_evaluation).score == -(WIN - 2)
    result = search(position, Limits(depth=3), algorithm, "count")
    assert result.move == Move.from_pdn("4-8")
    assert result.score == WIN - 1


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_defends_against_a_threatened_shot(algorithm: str) -> None:
    # White threatens 19x10x3: jump 15 onto 10, jump 7 onto 3 and crown. Black's moves:
    #   7-11  lets 19x10 take 15;
    #   15-18 lets 23x14 take it (18 is row 4 col 3, 23 jumps up-left onto 14);
    #   7-10  fills the landing square 10, so 19 cannot jump, and no White man can reach 10.
    # Only 7-10 keeps both men; depth 1 cannot see White's reply (seed likes 7-11's mobility).
    position = Position.from_fen("B:W19,23,24:B7,15")
    assert {m.pdn() for m in position.legal_moves()} == {"7-10", "7-11", "15-18"}
    for depth in (2, 3, 4):
        result = search(position, Limits(depth=depth), algorithm, "seed")
        assert result.move == Move.from_pdn("7-10"), f"depth {depth}"
        after = position.move(result.move)
        assert not any(m.is_capture for m in after.legal_moves())


def test_never_returns_an_illegal_move() -> None:
    for index, position in enumerate(random_positions(30, seed=5)):
        legal = moves_of(position)
        for algorithm in ALGORITHMS:
            result = search(position, Limits(depth=2), algorithm, "seed")
            if legal:
                assert result.move in legal, position.fen()
                assert result.pv and result.pv[0] == result.move
            else:
                assert result.move is None
        if legal and index % 3 == 0:
            assert search(position, Limits(depth=4, nodes=3)).move in legal


def test_the_principal_variation_is_playable() -> None:
    position = Position.from_fen(VARIED_POSITIONS["early middlegame"])
    result = search(position, Limits(depth=5))
    # A forced reply uses no depth, so the line is the depth's five choices plus the forced
    # moves between them (with the tuned evaluation, four forced captures: nine moves).
    choices = 0
    for move in result.pv:
        choices += len(position.legal_moves()) > 1
        position = position.move(move)  # raises IllegalMoveError if the line is not legal
    assert choices == 5


def test_side_without_moves_gets_no_move_and_a_loss_score() -> None:
    position = Position.from_fen(VARIED_POSITIONS["no legal move"])
    for algorithm in (minimax, alphabeta, negamax):
        assert algorithm(position, 3, seed_evaluation) == (-WIN, None, (), 1)
    result = search(position, Limits(depth=5))
    assert (result.move, result.score, result.depth) == (None, -WIN, 1)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_fixed_depth_search_is_deterministic(algorithm: str) -> None:
    position = Position.from_fen(VARIED_POSITIONS["early middlegame"])
    first = search(position, Limits(depth=4), algorithm)
    again = search(Position.from_fen(position.fen()), Limits(depth=4), algorithm)
    assert (first.move, first.score, first.pv, first.nodes) == (
        again.move,
        again.score,
        again.pv,
        again.nodes,
    )


def test_ties_go_to_the_first_move_in_legal_order() -> None:
    # Every opening move leaves 12 men each: the count evaluation cannot tell them apart.
    result = search(Position(), Limits(depth=1), "alphabeta", "count")
    assert result.move == Position().legal_moves()[0]


# --- draws by the rules -----------------------------------------------------------------------


def test_moving_into_a_third_occurrence_scores_a_draw() -> None:
    # White's lone king (26/30) and Black's king on 1/5 shuffle back to the start and three
    # plies on; Black's second king on 32 leaves White a king down. White's 30-26 would now make
    # the start's third occurrence, a draw White takes; 30-25 keeps it a king down.
    record = GameRecord(Position.from_fen("B:WK26:BK1,K32"))
    for text in ["1-5", "26-30", "5-1", "30-26", "1-5", "26-30", "5-1"]:
        record.play(Move.from_pdn(text, record.position))
    position = record.position
    for depth in (1, 3):
        aware = search(SearchRequest.from_record(record), Limits(depth=depth), evaluation="count")
        assert (aware.move, aware.score) == (Move.from_pdn("30-26"), 0)
    # Without the history no draw: a king down (the endgame databases call it lost outright).
    assert search(position, Limits(depth=1), evaluation="count").score < -1.5
    record.play(Move.from_pdn("30-26"))
    assert record.outcome is not None and record.outcome.reason is Reason.REPETITION


def test_forty_move_rule_draws_the_search_when_the_count_runs_out() -> None:
    position = Position.from_fen("B:WK29:BK1,K5,K32")  # Black two kings up, nothing to capture
    assert search(position, Limits(depth=3), evaluation="count").score > 0
    # One more king move makes 80 plies without a capture or man move: every line is a draw.
    counted = SearchRequest(position, no_progress_plies=79)
    assert search(counted, Limits(depth=3), evaluation="count").score == 0


def test_a_capture_resets_the_forty_move_count() -> None:
    # Black's king on 10 must jump White's man on 14 (landing on 17): progress, so no draw.
    position = Position.from_fen("B:W14,K29:BK10,K32")
    result = search(
        SearchRequest(position, no_progress_plies=79), Limits(depth=2), evaluation="count"
    )
    assert result.move == Move.from_pdn("10x17")
    assert result.score > 0


# --- iterative deepening and limits -----------------------------------------------------------


def test_iterative_deepening_stops_at_the_depth_and_reports_each_depth() -> None:
    reports: list[Progress] = []
    result = iterative_deepening(
        Position(), Limits(depth=4), alphabeta, seed_evaluation, on_progress=reports.append
    )
    assert [report.depth for report in reports] == [1, 2, 3, 4]
    assert result.depth == 4
    assert result.move == alphabeta(Position(), 4, seed_evaluation).move
    assert [report.nodes for report in reports] == sorted({report.nodes for report in reports})
    assert result.nodes == reports[-1].nodes
    assert reports[-1].pv == result.pv


@pytest.mark.parametrize("algorithm", ["engine", "alphabeta", "negamax"])
def test_the_last_iteration_is_the_searchs_answer(algorithm: str) -> None:
    # One request, two ways to ask: each completed depth in turn, or the answer alone.
    record = GameRecord()
    for text in ["11-15", "23-19", "8-11", "22-17"]:
        record.play(Move.from_pdn(text, record.position))
    request = SearchRequest.from_record(record)
    depths = list(iterations(request, Limits(depth=4), algorithm))
    answer = search(request, Limits(depth=4), algorithm)
    assert [result.depth for result in depths] == [1, 2, 3, 4]
    last = depths[-1]
    assert (last.move, last.score, last.depth, last.pv) == (
        answer.move,
        answer.score,
        answer.depth,
        answer.pv,
    )


def test_iterative_deepening_works_over_every_algorithm() -> None:
    position = Position.from_fen(VARIED_POSITIONS["late middlegame"])
    # The engine searches deeper where replies are forced, so only the classic three must agree.
    answers = {
        algorithm: iterative_deepening(position, Limits(depth=4), algorithm, seed_evaluation)
        for algorithm in (minimax, alphabeta, negamax)
    }
    assert len({(answer.move, answer.score, answer.depth) for answer in answers.values()}) == 1


def test_a_proven_win_ends_the_search_early() -> None:
    result = search(Position.from_fen("B:W12:B3,K4"), Limits(depth=12))
    assert (result.move, result.score, result.depth) == (Move.from_pdn("4-8"), WIN - 1, 1)


def test_time_limit_is_kept() -> None:
    reports: list[Progress] = []
    answers: list[SearchResult] = []
    # Depth 30 would take hours: only the clock can end this search, so its ending well short of
    # depth 30 is the check. How far past its deadline a search runs is measured by
    # benchmarks/search.py (the overrun column), not asserted here.
    worker = threading.Thread(
        target=lambda: answers.append(
            search(Position(), Limits(depth=30, time=0.3), on_progress=reports.append)
        ),
        daemon=True,  # a search that ignored its clock must not keep the test run alive
    )
    worker.start()
    worker.join(timeout=120)  # a safety net for a broken clock, not the check
    assert not worker.is_alive(), "the search did not stop at its time limit"
    result = answers[0]
    assert result.move in moves_of(Position())
    assert 1 <= result.depth == len(reports) < 30  # how deep depends on the machine


def test_node_limit_is_kept() -> None:
    reports: list[Progress] = []
    # Depth 7 alone would take about 20 000 nodes: the node limit must end the search first.
    result = search(Position(), Limits(depth=7, nodes=500), on_progress=reports.append)
    assert result.nodes <= 500
    assert 2 <= result.depth == len(reports) < 7
    assert result.move in moves_of(Position())


def test_a_limit_too_tight_for_depth_1_still_gives_a_legal_move() -> None:
    result = search(Position(), Limits(depth=4, nodes=1))
    assert result.move == Position().legal_moves()[0]
    assert result.depth == 0


def test_stop_from_another_thread_ends_the_search() -> None:
    stop = StopSignal()
    answers: list[SearchResult] = []
    reported = threading.Event()
    worker = threading.Thread(
        target=lambda: answers.append(
            search(Position(), Limits(time=60), on_progress=lambda _: reported.set(), stop=stop)
        ),
        daemon=True,  # a search that ignored the stop must not keep the test run alive
    )
    worker.start()
    assert reported.wait(timeout=60), "the search reported no depth"  # it is under way
    stop.stop()
    # The search was given 60 s: ending within half that can only be the stop's doing.
    worker.join(timeout=30)
    assert not worker.is_alive(), "the search did not stop when asked"
    assert answers[0].move in moves_of(Position())
    assert answers[0].depth >= 1


def test_a_search_stopped_before_it_starts_returns_the_first_legal_move() -> None:
    stop = StopSignal()
    stop.stop()
    result = search(Position(), Limits(depth=6), stop=stop)
    assert (result.move, result.depth) == (Position().legal_moves()[0], 0)


# --- names and evaluations --------------------------------------------------------------------


def test_unknown_algorithm_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="alphabeta, engine, minimax, negamax"):
        search(Position(), Limits(depth=1), algorithm="expectimax")


def test_unknown_evaluation_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="count, engine, seed"):
        search(Position(), Limits(depth=1), evaluation="psychic")
    with pytest.raises(ValueError, match="count, engine, seed"):
        get_evaluation("psychic")


def test_each_evaluation_says_what_a_man_is_worth_in_its_units() -> None:
    assert (man_value("engine"), man_value("seed"), man_value("count")) == (100, 10, 1)
    with pytest.raises(ValueError, match="psychic"):
        man_value("psychic")


def test_seed_evaluation_follows_the_source_documents() -> None:
    # Black: man 15 (centre 3), king 4 (centre 0, on the top edge); moves 15-18, 15-19, 4-8.
    # White: man 22 (centre 2); moves 22-17, 22-18.
    position = Position.from_fen("B:W22:B15,K4")
    # Black: 10 + 15 - 10 material, 3 centre, 2 edge king, 0.5 * (3 - 2) mobility.
    assert seed_evaluation(position, BLACK) == 20.5
    # White: 10 - 25 material, 2 centre, no king, 0.5 * (2 - 3) mobility.
    assert seed_evaluation(position, WHITE) == -13.5


def test_count_evaluation_is_men_1_kings_1_5() -> None:
    position = Position.from_fen("B:W22:B15,K4")
    assert count_evaluation(position, BLACK) == 1.5
    assert count_evaluation(position, WHITE) == -1.5


def test_an_evaluation_listed_in_the_registry_can_be_searched_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(EVALUATIONS, "kings only", EvaluationEntry(lambda position, side: 0.0, 1))
    result = search(Position(), Limits(depth=2), evaluation="kings only")
    assert result.score == 0.0
    assert search(Position(), Limits(depth=2), "engine", "kings only").score == 0.0
