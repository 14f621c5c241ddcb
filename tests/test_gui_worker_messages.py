"""The AI worker's and the review worker's pipes carry typed values (dataclasses read by field),
never tuples read by position: each process is started on pipes of the test's own and what it
sends is read raw. Waits are on the pipe with a cap, never on time."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

import pytest

from checkers.ai.levels import Level, get_level
from checkers.ai.search import Limits, SearchRequest
from checkers.board import BLACK, Move, Position
from checkers.coach.explain import made_now_words, sentences
from checkers.gui.aiworker import (
    AIAnalysis,
    AICore,
    AIError,
    AIExplained,
    AIGettingReady,
    AIProgress,
    AIResult,
    AnalyseAsk,
    ExplainAsk,
    QuitAsk,
    SearchAsk,
    StopAsk,
    worker_main,
)
from checkers.gui.explaining import ENGINE_VIEW, why_card
from checkers.gui.review_worker import (
    ReviewAsk,
    ReviewDone,
    ReviewMove,
    ReviewPuzzles,
    ReviewReady,
    ReviewStop,
    review_main,
)
from checkers.record import GameRecord
from checkers.review import ReviewSetting

CAP = 120.0
"""Seconds a wait on a pipe may take before the test fails: a net for a hang."""

QUICK = Level("quick", "the engine two turns ahead", "engine", "engine", depth=2)


def receive(connection: Connection) -> object:
    """The next message on `connection` (fails after CAP seconds)."""
    assert connection.poll(CAP), "the worker said nothing"
    return connection.recv()


def started(
    target: Callable[..., None], *args: object
) -> tuple[Connection, Connection, BaseProcess]:
    """`target` in a spawned process on fresh pipes: (requests' writer, replies' reader, process)."""
    context = multiprocessing.get_context("spawn")
    request_reader, request_writer = context.Pipe(duplex=False)
    reply_reader, reply_writer = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(request_reader, reply_writer, *args))
    process.start()
    request_reader.close()
    reply_writer.close()
    return request_writer, reply_reader, process


def test_the_ai_worker_answers_typed_requests_with_typed_replies() -> None:
    requests, replies, process = started(worker_main)
    try:
        position = Position()
        requests.send(SearchAsk(1, SearchRequest(position, (position,)), QUICK, 0))
        seen: list[object] = []
        while not any(isinstance(reply, AIResult) for reply in seen):
            seen.append(receive(replies))
        result = next(reply for reply in seen if isinstance(reply, AIResult))
        assert result.request == 1 and result.result.move in position.legal_moves()
        assert any(isinstance(reply, AIProgress) and reply.request == 1 for reply in seen)
        requests.send(AnalyseAsk(2, SearchRequest(position, (position,)), 2))
        while not any(isinstance(reply, AIAnalysis) and reply.request == 2 for reply in seen):
            seen.append(receive(replies))
        requests.send(StopAsk(2))
        requests.send(QuitAsk())
        while True:  # everything up to the pipe's end: the worker quit
            try:
                seen.append(receive(replies))
            except EOFError:
                break
        kinds = (AICore, AIGettingReady, AIProgress, AIResult, AIExplained, AIAnalysis)
        assert all(isinstance(reply, kinds) for reply in seen), [type(r) for r in seen]
        assert any(isinstance(reply, AICore) and reply.words for reply in seen)
    finally:
        process.join(CAP)
        requests.close()
        replies.close()


def answer(connection: Connection) -> object:
    """The next reply about a request (the core's and the getting ready reports passed over)."""
    while isinstance(reply := receive(connection), AICore | AIGettingReady):
        pass
    return reply


def test_the_ai_worker_works_out_why_a_recorded_move_was_played_claiming_no_search_of_the_ai() -> (
    None
):
    # A saved game keeps no AI search: Why? of a Casual move played before the game was opened
    # asks the AI's process, whose card starts with the recorded move, scored by a search made
    # now with the engine's evaluation, and says nothing of what the level counted or chose.
    record = GameRecord()
    for text in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"):
        record.play(Move.from_pdn(text, record.position))
    before = record.position
    played = Move.from_pdn("3-8", before)  # White's only reply takes two men
    casual = get_level("casual")
    requests, replies, process = started(worker_main)
    try:
        requests.send(ExplainAsk(1, SearchRequest.from_record(record), casual, played))
        reply = answer(replies)
        assert isinstance(reply, AIExplained) and reply.request == 1, reply
        explanation = reply.explanation
        first = explanation.moves[0]
        assert first.move == "3-8" and first.bound == "exact" and first.score is not None
        assert first.score < -1.5  # the two men lost: its line was searched past the capture
        assert explanation.made_now and explanation.exact_depth >= 1
        assert len(explanation.moves) > 1  # the best others, scored by the same search
        assert explanation.level_counted is None and explanation.chosen_score is None
        assert explanation.chosen_depth == 0
        said = sentences(explanation)
        assert made_now_words(explanation) in said
        assert "from a search made now, not the Casual level's own search" in said[0]
        claims = ("counted", " chose ", "own search looked", "keeps the score")
        assert not [line for line in said if any(claim in line for claim in claims)], said
        card = why_card(explanation, BLACK, record.ply, level=casual, position=before)
        assert card.rows[0].move == "3-8" and card.rows[0].played
        assert card.view == ENGINE_VIEW and not card.counted  # no row is the level's count
        assert made_now_words(explanation) in card.facts
        # A move the position does not have: one line for the player, and the worker stays up.
        wrong = Move.from_pdn("11-15", Position())  # 11 is empty by now
        requests.send(ExplainAsk(2, SearchRequest.from_record(record), casual, wrong))
        failed = answer(replies)
        assert isinstance(failed, AIError) and failed.request == 2
        assert "11-15 is not a legal move" in failed.message and "\n" not in failed.message
        requests.send(QuitAsk())
    finally:
        process.join(CAP)
        requests.close()
        replies.close()
    assert process.exitcode == 0


def test_the_review_worker_sends_typed_events_and_stops_on_a_typed_stop() -> None:
    start = Position()
    moves = [Move.from_pdn("11-15", start)]
    moves.append(Move.from_pdn("23-19", start.move(moves[0])))
    setting = ReviewSetting(Limits(depth=2))
    requests, replies, process = started(review_main)
    try:
        requests.send(ReviewAsk(start, tuple(moves), setting, 1))
        seen: list[object] = []
        while not seen or not isinstance(seen[-1], ReviewDone):
            seen.append(receive(replies))
        assert [type(event) for event in seen] == [
            ReviewReady,
            ReviewMove,
            ReviewMove,
            ReviewPuzzles,
            ReviewDone,
        ]
        first = seen[1]
        assert isinstance(first, ReviewMove) and first.review.move == moves[0]
    finally:
        process.join(CAP)
        requests.close()
        replies.close()
    assert process.exitcode == 0


def test_a_typed_stop_ends_the_review_process_before_its_end() -> None:
    start = Position()
    moves = [Move.from_pdn("11-15", start)]
    setting = ReviewSetting(Limits(depth=40))  # far deeper than it gets before the stop
    requests, replies, process = started(review_main)
    try:
        requests.send(ReviewAsk(start, tuple(moves), setting, 1))
        requests.send(ReviewStop())
        process.join(CAP)
        assert process.exitcode == 0
        seen = []
        while replies.poll():
            try:
                seen.append(replies.recv())
            except EOFError:
                break
        assert not any(isinstance(event, ReviewDone) for event in seen)
    finally:
        requests.close()
        replies.close()


def test_a_review_process_waiting_for_its_game_says_ready_and_a_stop_ends_it() -> None:
    requests, replies, process = started(review_main)
    try:
        assert isinstance(receive(replies), ReviewReady)  # loaded, and waiting for a game
        assert process.is_alive()
        requests.send(ReviewStop())
        process.join(CAP)
        assert process.exitcode == 0
        with pytest.raises(EOFError):  # it ended without sending anything more
            receive(replies)
    finally:
        requests.close()
        replies.close()


def test_the_exact_pass_of_a_timed_levels_move_has_time_to_reach_its_own_depth() -> None:
    # Walk 2026-12-01ag: a Strong card's rows, 14 turns ahead ("the time for exact scores ran
    # out"), named another best move than the Strong level's own search at 17.
    from checkers.ai.levels import get_level
    from checkers.coach.exact import EXACT_TIME
    from checkers.gui.aiworker import EXACT_LONGEST, exact_seconds

    assert exact_seconds(get_level("beginner")) == EXACT_TIME  # a depth, no time
    assert exact_seconds(get_level("club")) == EXACT_TIME
    strong, master = get_level("strong"), get_level("master")
    assert strong.time is not None and exact_seconds(strong) >= 1.5 * strong.time
    assert exact_seconds(master) <= EXACT_LONGEST and exact_seconds(master) > exact_seconds(strong)
