"""The game record: how games end, the stalemate counter, repetition, undo and redo."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from checkers.board import BLACK, WHITE, IllegalMoveError, Move, Position
from checkers.record import FORTY_MOVE_PLIES, GameOverError, GameRecord, Outcome, Reason


def play(record: GameRecord, *moves: str) -> None:
    """Play PDN moves in order."""
    for text in moves:
        record.play(Move.from_pdn(text, record.position))


def quiet_king_walk(record: GameRecord, plies: int) -> None:
    """King moves that capture nothing, allow no capture and repeat no position."""
    for _ in range(plies):

        def fits(move: Move, limit: int, seen: Sequence[Position] = record.positions) -> bool:
            after = record.position.move(move)
            return (
                not move.is_capture and not after.is_capture_pending() and seen.count(after) < limit
            )

        legal = record.legal_moves()
        choice = [m for m in legal if fits(m, 1)] or [m for m in legal if fits(m, 2)]
        record.play(choice[0])


def test_side_with_no_pieces_left_loses() -> None:
    record = GameRecord(Position.from_fen("B:W14:B10"))
    play(record, "10x17")
    assert record.outcome == Outcome(BLACK, Reason.NO_MOVES)
    assert str(record.outcome) == "Black wins: White has no legal move"
    assert record.outcome.result() == "1-0"


def test_blocked_side_loses() -> None:
    # White's men on 5-8 face Black's on 1-4 and cannot move, though they have pieces.
    record = GameRecord(Position.from_fen("W:W5,6,7,8:B1,2,3,4"))
    assert record.outcome == Outcome(BLACK, Reason.NO_MOVES)
    assert record.legal_moves() == []


def test_white_win_is_written_zero_one() -> None:
    record = GameRecord(Position.from_fen("W:W18:B14"))
    play(record, "18x9")
    assert record.outcome == Outcome(WHITE, Reason.NO_MOVES)
    assert record.outcome.result() == "0-1"


def test_threefold_repetition_draws() -> None:
    record = GameRecord(Position.from_fen("B:WK29:BK4"))
    shuffle = ["4-8", "29-25", "8-4", "25-29"]
    play(record, *shuffle)
    assert record.repetition_count() == 2 and record.outcome is None
    play(record, *shuffle)
    assert record.repetition_count() == 3
    assert record.outcome == Outcome(None, Reason.REPETITION)
    assert record.outcome.result() == "1/2-1/2"
    assert str(record.outcome) == "Draw by threefold repetition"


def test_forty_move_rule_draws_after_eighty_quiet_plies() -> None:
    record = GameRecord(Position.from_fen("B:WK29,K30,K31:BK2,K3,K4"))
    quiet_king_walk(record, FORTY_MOVE_PLIES - 1)
    assert record.outcome is None
    assert record.stalemate_counter == 39
    quiet_king_walk(record, 1)
    assert record.no_progress_plies == 80 and record.stalemate_counter == 40
    assert record.outcome == Outcome(None, Reason.FORTY_MOVE_RULE)


def test_stalemate_counter_resets_on_a_man_move() -> None:
    record = GameRecord(Position.from_fen("B:WK32:BK1,9"))
    play(record, "1-5", "32-27")
    assert record.no_progress_plies == 2 and record.stalemate_counter == 1
    play(record, "9-13")
    assert record.no_progress_plies == 0


def test_stalemate_counter_resets_on_a_capture_by_a_king() -> None:
    record = GameRecord(Position.from_fen("B:WK32:BK1,K14"))
    play(record, "1-5", "32-27", "5-1", "27-23", "14-18")  # the last one offers a king
    assert record.no_progress_plies == 5
    play(record, "23x14")
    assert record.no_progress_plies == 0


def test_crowning_is_a_man_move_and_resets_the_counter() -> None:
    record = GameRecord(Position.from_fen("B:WK32:BK1,25"))
    play(record, "1-5", "32-27")
    play(record, "25-29")
    assert record.position.piece_at(29).king
    assert record.no_progress_plies == 0


def test_resignation_and_agreement() -> None:
    record = GameRecord()
    play(record, "11-15")
    assert record.resign(WHITE) == Outcome(BLACK, Reason.RESIGNATION)
    assert record.is_over()
    with pytest.raises(GameOverError):
        play(record, "22-18")
    record.undo()  # takes back the resignation, not the move
    assert record.outcome is None and record.ply == 1
    assert record.agree_draw() == Outcome(None, Reason.AGREEMENT)


def test_no_move_is_accepted_after_the_game_ended() -> None:
    record = GameRecord(Position.from_fen("B:W14:B10"))
    play(record, "10x17")
    with pytest.raises(GameOverError):
        record.play(Move((17, 21)))


def test_illegal_move_changes_nothing() -> None:
    record = GameRecord()
    with pytest.raises(IllegalMoveError):
        record.play(Move((22, 18)))
    assert record.ply == 0 and record.position == Position()


def test_undo_redo_restore_positions_counters_and_outcome_exactly() -> None:
    record = GameRecord(Position.from_fen("B:WK29:BK4,12"))
    moves = ["4-8", "29-25", "8-4", "25-29", "12-16", "29-25", "4-8", "25-29"]
    snapshots = []
    for text in moves:
        snapshots.append(
            (record.position, record.no_progress_plies, record.repetition_count(), record.outcome)
        )
        play(record, text)
    final = (record.position, record.no_progress_plies, record.repetition_count(), record.outcome)
    for expected in reversed(snapshots):
        record.undo()
        assert (
            record.position,
            record.no_progress_plies,
            record.repetition_count(),
            record.outcome,
        ) == expected
    assert not record.can_undo() and record.undo() is None
    for _ in moves:
        record.redo()
    assert (
        record.position,
        record.no_progress_plies,
        record.repetition_count(),
        record.outcome,
    ) == final
    assert record.redo() is None


def test_undo_to_a_finished_game_and_back_restores_the_outcome() -> None:
    record = GameRecord(Position.from_fen("B:WK29:BK4"))
    shuffle = ["4-8", "29-25", "8-4", "25-29"] * 2
    play(record, *shuffle)
    assert record.outcome is not None
    record.undo()
    assert record.outcome is None
    record.redo()
    assert record.outcome == Outcome(None, Reason.REPETITION)


def test_playing_after_undo_drops_the_redo_moves() -> None:
    record = GameRecord()
    play(record, "11-15", "23-19")
    record.undo()
    play(record, "22-18")
    assert not record.can_redo()
    assert [m.pdn() for m in record.moves] == ["11-15", "22-18"]


def test_line_keeps_the_undone_moves_until_a_new_move_drops_them() -> None:
    record = GameRecord()
    play(record, "11-15", "23-19", "8-11")
    record.undo()
    record.undo()
    assert [m.pdn() for m in record.line] == ["11-15", "23-19", "8-11"]
    assert [m.pdn() for m in record.moves] == ["11-15"]
    record.go_to(3)
    record.go_to(0)
    assert len(record.line) == 3  # stepping anywhere keeps the whole line
    play(record, "9-14")
    assert [m.pdn() for m in record.line] == ["9-14"]
    assert record.line == tuple(record.moves)


def test_go_to_steps_through_the_game() -> None:
    record = GameRecord()
    play(record, "11-15", "23-19", "8-11")
    record.go_to(1)
    assert record.position == Position().move(Move((11, 15)))
    assert record.can_redo()
    record.go_to(3)
    assert record.ply == 3
    with pytest.raises(IndexError):
        record.go_to(4)
