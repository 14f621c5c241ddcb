"""The AI worker's and the review worker's pipes carry typed values (dataclasses read by field),
never tuples read by position: each process is started on pipes of the test's own and what it
sends is read raw. Waits are on the pipe with a cap, never on time."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

import pytest

from checkers.ai.levels import Level
from checkers.ai.search import Limits, SearchRequest
from checkers.board import Move, Position
from checkers.gui.aiworker import (
    AIAnalysis,
    AICore,
    AIExplained,
    AIGettingReady,
    AIProgress,
    AIResult,
    AnalyseAsk,
    QuitAsk,
    SearchAsk,
    StopAsk,
    worker_main,
)
from checkers.gui.review_worker import (
    ReviewAsk,
    ReviewDone,
    ReviewMove,
    ReviewPuzzles,
    ReviewReady,
    ReviewStop,
    review_main,
)
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
