"""The game controller without a window: turns, the AI worker, undo, hints, animation, levels."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from checkers.ai.levels import LEVELS, Level, get_level
from checkers.ai.players import AIPlayer
from checkers.ai.search import SearchRequest
from checkers.board import BLACK, WHITE, Move, Position
from checkers.gui.aiworker import CORE_UNKNOWN, AIClient, AIProgress, AIResult
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.wording import score_words
from checkers.record import Reason

QUICK = Level("quick", "test opponent", "alphabeta", "seed", depth=2)


@pytest.fixture(scope="module")
def ai() -> Iterator[AIClient]:
    """One worker process for the module's games (starting one costs a few tenths of a second),
    its engine core settled first: a player made before the compiled core is ready is replaced
    by one with a fresh table at its next move, which would hide what the tests look for."""
    client = AIClient()
    client.start()
    for _ in range(30_000):  # ends when the worker reports its core; this only caps a hang
        if client.poll_core() not in CORE_UNKNOWN:
            break
        client.wait(0.01)
    yield client
    client.close()


def run_until(game: Game, done: Callable[[], bool], frames_cap: int = 20_000) -> int:
    """Step the game like the app's loop until `done()`, waiting between frames for the AI's
    next report (at most a frame) instead of sleeping; returns the frames it took. The cap only
    stops a hang."""
    frames = 0
    while not done() and frames < frames_cap:
        game.update(1 / 60)
        frames += 1
        game.ai.wait(1 / 60)
    assert done(), f"never happened; status: {game.status}"
    return frames


def human_vs(level: Level, hint: Level = QUICK) -> GameConfig:
    return GameConfig(black=PlayerConfig(), white=PlayerConfig(level), hint=hint)


def test_the_ai_replies_through_its_worker_and_reports_its_search(ai: AIClient) -> None:
    game = Game(human_vs(QUICK), ai, hop_seconds=0)
    game.click(11)
    game.click(15)
    assert game.position.turn is WHITE
    run_until(game, lambda: game.record.ply == 2)
    assert game.position.turn is BLACK
    assert game.figures is not None and game.figures.side is WHITE and game.figures.depth == 2
    assert game.figures.pv[0] == game.last_move


def _answer(
    ai: AIClient, position: Position, level: Level, history: tuple[Position, ...] = ()
) -> AIResult:
    ai.request(SearchRequest(position, history), level)
    for _ in range(3000):  # each wait ends when the worker reports; this only caps a hang
        for event in ai.poll():
            assert isinstance(event, (AIProgress, AIResult)), event
            if isinstance(event, AIResult):
                return event
        ai.wait(0.01)
    raise AssertionError("the worker did not answer")


def test_the_worker_keeps_each_colours_engine_from_move_to_move(ai: AIClient) -> None:
    level = Level("engine-6", "test engine", "engine", "engine", depth=6)
    position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
    first = _answer(ai, position, level).result
    again = _answer(ai, position, level).result  # its table remembers the first search
    assert again.nodes < first.nodes and again.move in position.legal_moves()


def test_another_game_gets_a_fresh_engine_in_the_worker(ai: AIClient) -> None:
    # A history that does not go on from the last one (a new game, a load, an undo) starts
    # the colour's engine afresh: it searches as a new engine does, not from a stale table.
    level = Level("engine-6", "test engine", "engine", "engine", depth=6)
    position = Position.from_fen(
        "B:W13,19,20,21,23,24,25,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15,18"
    )
    first = _answer(ai, position, level, history=(position,)).result
    same_game = _answer(ai, position, level, history=(position,)).result
    assert same_game.nodes < first.nodes
    new_game = _answer(ai, position, level, history=(Position(), position)).result
    assert new_game.nodes == first.nodes and new_game.move == first.move


def test_engine_scores_are_shown_in_men(ai: AIClient) -> None:
    level = Level("engine-3", "test engine", "engine", "engine", depth=3)
    game = Game(human_vs(level), ai, hop_seconds=0)
    game.click(11)
    game.click(15)
    run_until(game, lambda: game.record.ply == 2)
    assert game.figures is not None and game.figures.man == 100
    shown = panel_lines(game).search
    assert shown[0] == "White (Engine-3) looked 3 turns ahead"
    # Its count under it, then the score: in men, for the side ahead, named as the human
    # reads it against the AI.
    assert shown[1].endswith("\u00a0s") and "positions looked at" in shown[1]
    [score] = [row for row in shown if row.startswith("Score ")]
    assert score == f"Score {score_words(game.figures.score, 100, WHITE, BLACK)}"
    assert score.startswith(("Score even", "Score +"))


def test_undo_against_the_ai_takes_back_its_reply_too_and_redo_replays_both(ai: AIClient) -> None:
    game = Game(human_vs(QUICK), ai, hop_seconds=0)
    game.click(11)
    game.click(15)
    run_until(game, lambda: game.record.ply == 2)
    reply = game.last_move
    game.undo()
    assert game.record.ply == 0 and game.position == Position()
    assert game.status.startswith(f"Took back 11-15 {reply.pdn()}")
    game.redo()
    assert game.record.ply == 2 and game.last_move == reply and game.is_human_turn()


def test_undo_while_the_ai_thinks_cancels_the_search(ai: AIClient) -> None:
    slow = Level("slow", "", "alphabeta", "seed", time=30.0)
    game = Game(human_vs(slow), ai, hop_seconds=0)
    game.click(11)
    game.click(15)
    run_until(game, lambda: game.thinking is not None and game.thinking.progress is not None)
    game.undo()
    assert game.thinking is None and game.record.ply == 0 and game.is_human_turn()
    assert ai.pending is None
    # The 30-second search was stopped: the worker answers the next request, long before the
    # cancelled search's 30 s would have run out (the wait below gives up after 20 s).
    ai.request(Position(), QUICK)
    events: list[object] = []
    for _ in range(2000):  # each wait ends when the worker reports; this only caps a hang
        events += ai.poll()
        if any(isinstance(event, AIResult) for event in events):
            break
        ai.wait(0.01)
    assert any(isinstance(event, AIResult) for event in events)


def test_a_hint_highlights_the_engines_suggestion_for_the_human(ai: AIClient) -> None:
    game = Game(human_vs(QUICK, hint=QUICK), ai, hop_seconds=0)
    game.request_hint()
    run_until(game, lambda: game.hint is not None)
    assert game.hint in Position().legal_moves()
    assert game.status.startswith(f"Hint: {game.hint.pdn()}")
    game.click(game.hint.start)
    game.click(game.hint.end)
    assert game.hint is None  # gone once a move is made


def test_moving_while_a_hint_is_searched_drops_the_hint_search(ai: AIClient) -> None:
    slow_hint = Level("slow hint", "", "alphabeta", "seed", time=30.0)
    game = Game(human_vs(QUICK, hint=slow_hint), ai, hop_seconds=0)
    game.request_hint()
    run_until(game, lambda: game.thinking is not None and game.thinking.progress is not None)
    game.click(11)
    game.click(15)
    run_until(game, lambda: game.record.ply == 2)  # the AI replies; no stale hint arrives
    assert game.hint is None and not game.status.startswith("AI error")


def test_ai_vs_ai_ends_by_the_rules(ai: AIClient) -> None:
    fast = Level("fast", "", "alphabeta", "count", depth=1)
    judge = Level("judge", "", "engine", "engine", depth=1)  # the bar's score: not the test's
    config = GameConfig(black=PlayerConfig(fast), white=PlayerConfig(fast), ai_delay=0, judge=judge)
    game = Game(config, ai, hop_seconds=0)
    run_until(game, lambda: game.outcome is not None)
    assert game.outcome.reason in (Reason.NO_MOVES, Reason.REPETITION, Reason.FORTY_MOVE_RULE)
    assert game.status.startswith("Game over:")
    assert "game_over" in game.cues.drain()


def test_ai_vs_ai_pauses_and_single_steps(ai: AIClient) -> None:
    config = GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK), ai_delay=0)
    game = Game(config, ai, hop_seconds=0)
    game.toggle_pause()
    for _ in range(20):
        game.update(1 / 60)
    # Paused: no move is searched; the engine judges the start, which nothing has scored.
    assert game.record.ply == 0 and (game.thinking is None or game.thinking.purpose == "judge")
    game.step()
    run_until(game, lambda: game.record.ply == 1)
    for _ in range(20):
        game.update(1 / 60)
        game.ai.wait(1 / 60)  # a move the AI sent anyway would arrive here
    assert game.record.ply == 1 and game.paused


def test_an_unknown_algorithm_is_reported_not_retried(ai: AIClient) -> None:
    broken = Level("broken", "", "no-such-search", "seed", depth=2)
    game = Game(GameConfig(black=PlayerConfig(broken), white=PlayerConfig()), ai, hop_seconds=0)
    run_until(game, lambda: game.status.startswith("AI error"))
    assert "no-such-search" in game.status and "alphabeta" in game.status
    for _ in range(10):
        game.update(1 / 60)
    assert game.thinking is None and game.record.ply == 0


def test_the_worker_answers_a_new_request_after_a_cancelled_one() -> None:
    client = AIClient()
    try:
        client.request(Position(), Level("long", "", "alphabeta", "seed", time=30.0))
        client.cancel()
        request = client.request(Position(), QUICK)
        events: list[object] = []
        for _ in range(1000):  # a cap against a hang only: each wait ends on a report
            events += client.poll()
            if any(isinstance(e, AIResult) for e in events):
                break
            client.wait(0.05)
        assert any(isinstance(e, AIResult) for e in events)
        assert all(e.request == request for e in events)  # nothing from the cancelled one
        assert any(isinstance(e, AIProgress) for e in events)
    finally:
        client.close()


def test_moves_animate_hop_by_hop_and_captured_pieces_vanish_as_they_are_jumped() -> None:
    game = Game(
        GameConfig(
            black=PlayerConfig(),
            white=PlayerConfig(),
            start=Position.from_fen("B:W14,15,22,23,6:B10"),
        ),
        hop_seconds=0.1,
    )
    game.click(10)
    game.click(17)  # 10x17x26
    animation = game.animation
    assert animation is not None and game.record.ply == 1  # the record changes at once
    game.update(0.04)
    assert animation.hop()[:2] == (10, 17) and animation.vanished() == set()
    game.update(0.02)
    assert animation.vanished() == {14}
    game.update(0.06)
    assert animation.hop()[:2] == (17, 26) and animation.vanished() == {14}
    game.update(0.1)
    assert game.animation is None
    assert game.cues.drain() == ["capture", "capture"]


def test_crowning_and_a_plain_move_have_their_own_sounds() -> None:
    game = Game(
        GameConfig(
            black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W32:B25")
        ),
        hop_seconds=0,
    )
    game.click(25)
    game.click(29)
    assert game.position.piece_at(29).king and game.cues.drain() == ["crown"]
    game.click(32)
    game.click(28)
    assert game.cues.drain() == ["move"]


def test_going_to_an_earlier_ply_keeps_the_later_moves_for_redo() -> None:
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    for square in (11, 15, 22, 18, 15, 22):
        game.click(square)
    game.go_to(1)
    assert game.record.moves == [Move((11, 15))] and game.status.startswith(
        "Showing Black's move 1 of 2."
    )
    game.redo()
    assert game.record.moves[-1] == Move((22, 18))


def test_levels_run_from_a_beginner_who_slips_to_the_full_engine() -> None:
    assert LEVELS[0].blunder > 0 and LEVELS[0].depth is not None
    assert LEVELS[-1].algorithm == "engine" and LEVELS[-1].time is not None and LEVELS[-1].time >= 3
    with pytest.raises(ValueError, match="choose one of: beginner"):
        get_level("grandmaster")


def test_a_beginners_slips_are_random_but_replayable() -> None:
    beginner = get_level("beginner")
    position = Position()
    runs = [
        [AIPlayer.for_level(beginner, seed).choose(position).result.move for seed in range(12)]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]  # same seeds, same moves
    assert len(set(runs[0])) > 1  # but not the same move every game
    notes = [AIPlayer.for_level(beginner, seed).choose(position).note for seed in range(40)]
    assert any(note.startswith("beginner slipped") for note in notes)


def test_the_forty_move_counter_and_its_draw_reach_the_game() -> None:
    game = Game(
        GameConfig(
            black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:WK29,K32:BK1,K4")
        ),
        hop_seconds=0,
    )
    for move in forty_move_walk(game.position):
        assert game.outcome is None
        game.play(move)
    assert game.record.stalemate_counter == 40
    assert game.outcome is not None and game.outcome.reason is Reason.FORTY_MOVE_RULE


def forty_move_walk(start: Position) -> list[Move]:
    """80 king moves with no position seen three times (so only the 40-move rule ends it)."""
    seen: dict[Position, int] = {start: 1}
    path: list[Move] = []

    def extend(position: Position) -> bool:
        if len(path) == 80:
            return True
        for move in sorted(position.legal_moves(), key=lambda m: seen.get(position.move(m), 0)):
            after = position.move(move)
            if (
                move.is_capture
                or seen.get(after, 0) >= 2
                or not after.legal_moves()
                or after.is_capture_pending()
            ):
                continue
            seen[after] = seen.get(after, 0) + 1
            path.append(move)
            if extend(after):
                return True
            path.pop()
            seen[after] -= 1
        return False

    assert extend(start)
    return path


def test_an_ai_vs_ai_game_stepped_back_and_forth_resumes_at_its_last_move(ai: AIClient) -> None:
    # The walk of 2026-11-30i: Space (pause), End, Space said "Resumed." and no AI ever moved
    # again: End held the game for a Play on, as at an earlier position.
    config = GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK), ai_delay=0)
    game = Game(config, ai, hop_seconds=0)
    run_until(game, lambda: game.record.ply == 2)
    game.toggle_pause()
    game.step_through(-1)
    assert game.reviewing and game.record.ply == 1
    game.toggle_pause()  # at an earlier position Space says what to do, and stays paused
    assert game.paused and game.status.startswith("An earlier position is shown: End goes back")
    game.go_to_end(True)
    assert not game.reviewing and game.paused
    game.toggle_pause()
    assert game.status == "Resumed."
    run_until(game, lambda: game.record.ply == 3)


def test_a_score_carries_to_the_positions_its_line_goes_through() -> None:
    # Walk 2026-12-01ah: the hint's +0.35, the panel's "even" after the AI's only reply (a new
    # search's first looks), then +0.35 again. A position reached by the line the search
    # expects keeps its score; one reached by another move does not.
    from checkers.coach.judgement import Judgement

    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), None, hop_seconds=0)
    start = game.position
    game.judge(start, Judgement(35.0, 100.0, BLACK, 12, line=("11-15", "23-19", "8-11")))
    game.play(Move.from_pdn("11-15", game.position))
    after = game.judgements.get(game.position)
    assert after is not None and after.seen_by(BLACK) == 35.0 and after.depth == 12
    assert after.line == ("23-19", "8-11")
    game.play(Move.from_pdn("23-19", game.position))
    after = game.judgements.get(game.position)
    assert after is not None and after.seen_by(BLACK) == 35.0 and after.line == ("8-11",)
    game.play(Move.from_pdn("9-14", game.position))  # not the line's move
    assert game.judgements.get(game.position) is None
