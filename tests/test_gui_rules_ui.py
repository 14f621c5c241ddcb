"""The game as a player meets it: plain game-over words, moves counted as players count them,
a panel that always describes the board, resigning, draws, clocks and games that are never lost.

The controller is driven directly with a stand-in AI whose answers the test hands over, so
nothing here waits on a real search or on time passing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from checkers.ai.levels import Level
from checkers.ai.search import SearchRequest, SearchResult
from checkers.board import BLACK, WHITE, Move, Position
from checkers.clock import (
    Clock,
    TimeControl,
    ai_move_seconds,
    clock_tag,
    format_clock,
    read_clock_tag,
)
from checkers.coach.judgement import Judgement
from checkers.gui.aiworker import AIEvent, AIResult
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.wording import (
    game_over_words,
    move_label,
    moves_count,
    numbered_moves,
    outcome_from_termination,
    termination,
)
from checkers.record import Outcome, Reason

QUICK = Level("quick", "test opponent", "alphabeta", "seed", depth=2)


class ScriptedAI:
    """An AIService whose answers the test gives: `answer(move, score)` replies to the pending
    request on the next poll."""

    def __init__(self) -> None:
        self.pending: int | None = None
        self.explaining: int | None = None  # it never sends exact explanations
        self.requests: list[tuple[Position, Level]] = []
        self.seeds: list[int] = []
        self._events: list[AIEvent] = []

    def request(self, request: SearchRequest | Position, level: Level, *, seed: int = 0) -> int:
        self.requests.append((SearchRequest.of(request).position, level))
        self.seeds.append(seed)
        self.pending = len(self.requests)
        return self.pending

    def cancel(self) -> None:
        self.pending = None

    def poll(self) -> list[AIEvent]:
        events, self._events = self._events, []
        return events

    def is_starting(self) -> bool:
        return False  # its answers come as the test gives them

    def answer(self, move: Move | None, score: float = 0.0) -> None:
        assert self.pending is not None, "nothing was asked"
        result = SearchResult(move, score, 3, 1000, (move,) if move else (), 0.1)
        self._events.append(AIResult(self.pending, result))
        self.pending = None


def human_vs_ai(human: str = "black", **options: object) -> GameConfig:
    ai = PlayerConfig(QUICK)
    if human == "black":
        return GameConfig(black=PlayerConfig(), white=ai, hint=QUICK, **options)  # type: ignore[arg-type]
    return GameConfig(black=ai, white=PlayerConfig(), hint=QUICK, **options)  # type: ignore[arg-type]


def play_clicks(game: Game, *squares: int) -> None:
    for square in squares:
        game.click(square)


# --- item 5: game over speaks to the player ----------------------------------------------------

NO_PIECES = Position.from_fen("W:W:B17")  # White has nothing left, White to move
BLOCKED = Position.from_fen("W:W29:B22,25,26")  # White's man on 29 cannot move
DRAWN = Position.from_fen("B:WK32:BK1")


@pytest.mark.parametrize(
    ("outcome", "position", "mode", "human", "title", "reason"),
    [
        (Outcome(BLACK, Reason.NO_MOVES), NO_PIECES, Mode.HUMAN_VS_AI, BLACK, "You win",
         "White has no pieces left"),
        (Outcome(BLACK, Reason.NO_MOVES), BLOCKED, Mode.HUMAN_VS_AI, WHITE, "The AI wins",
         "White is blocked"),
        (Outcome(None, Reason.REPETITION), DRAWN, Mode.HUMAN_VS_AI, BLACK, "Draw",
         "The same position three times"),
        (Outcome(None, Reason.FORTY_MOVE_RULE), DRAWN, Mode.HUMAN_VS_AI, WHITE, "Draw",
         "40 moves each without a capture or a man move"),
        (Outcome(WHITE, Reason.RESIGNATION), DRAWN, Mode.HUMAN_VS_AI, BLACK, "The AI wins",
         "You resigned"),
        (Outcome(None, Reason.AGREEMENT), DRAWN, Mode.HUMAN_VS_AI, BLACK, "Draw",
         "You and the AI agreed"),
        (Outcome(BLACK, Reason.TIME), DRAWN, Mode.HUMAN_VS_AI, BLACK, "You win",
         "The AI's time ran out"),
        (Outcome(BLACK, Reason.NO_MOVES), NO_PIECES, Mode.HUMAN_VS_HUMAN, None, "Black wins",
         "White has no pieces left"),
        (Outcome(BLACK, Reason.NO_MOVES), BLOCKED, Mode.AI_VS_AI, None, "Black wins",
         "White is blocked"),
        (Outcome(BLACK, Reason.RESIGNATION), DRAWN, Mode.HUMAN_VS_HUMAN, None, "Black wins",
         "White resigned"),
        (Outcome(WHITE, Reason.TIME), DRAWN, Mode.HUMAN_VS_HUMAN, None, "White wins",
         "Black ran out of time"),
        (Outcome(None, Reason.AGREEMENT), DRAWN, Mode.HUMAN_VS_HUMAN, None, "Draw",
         "Agreed by both players"),
    ],
)  # fmt: skip
def test_game_over_words_name_the_winner_and_the_reason_plainly(
    outcome: Outcome, position: Position, mode: Mode, human: object, title: str, reason: str
) -> None:
    assert game_over_words(outcome, mode, human, position) == (title, reason)  # type: ignore[arg-type]


def test_a_declared_result_round_trips_through_the_termination_tag() -> None:
    for outcome in (
        Outcome(WHITE, Reason.RESIGNATION),
        Outcome(BLACK, Reason.TIME),
        Outcome(None, Reason.AGREEMENT),
    ):
        text = termination(outcome, DRAWN)
        assert outcome_from_termination(outcome.result(), text) == outcome
    # Endings the rules reach are not declared: the replayed moves decide them.
    assert outcome_from_termination("1-0", "White is blocked") is None
    assert outcome_from_termination("*", "White resigned") is None


# --- item 8: moves, not plies --------------------------------------------------------------------


def test_moves_are_numbered_and_counted_as_players_do() -> None:
    moves = [Move((11, 15)), Move((23, 19)), Move((8, 11)), Move((22, 17)), Move((9, 13))]
    assert numbered_moves(moves) == "1. 11-15 23-19 2. 8-11 22-17 3. 9-13"
    assert numbered_moves(moves[1:2], black_first=False) == "1. ... 23-19"
    assert [moves_count(plies) for plies in range(6)] == [0, 1, 1, 2, 2, 3]
    assert moves_count(1, black_first=False) == 1 and moves_count(2, black_first=False) == 2
    assert move_label(0) == "the start"
    assert move_label(5) == "Black's move 3" and move_label(6) == "White's move 3"
    assert move_label(1, black_first=False) == "White's move 1"


def test_the_panel_and_status_count_moves_not_plies() -> None:
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    play_clicks(game, 11, 15, 22, 18, 15, 22)
    game.go_to(2)
    assert game.status.startswith("Showing White's move 1 of 2.")
    assert "ply" not in game.status.lower()


# --- item 4: the panel describes the position on the board -----------------------------------


def _stale_free(game: Game) -> None:
    assert game.figures is None and game.hint is None and game.thinking is None
    assert not game.selector.selected


def test_undo_redo_new_load_and_jumps_leave_no_stale_figures_hints_or_status() -> None:
    ai = ScriptedAI()
    game = Game(human_vs_ai(), ai, hop_seconds=0)
    play_clicks(game, 11, 15)
    game.update(0)
    # QUICK's own scores are not the game's: the engine judges the position before its move.
    assert ai.requests[-1][1].name == "judge"
    ai.answer(Move((22, 18)), score=0.2)
    game.update(0)
    assert game.judgement() is not None and ai.requests[-1][1] is QUICK
    ai.answer(Move((22, 18)), score=0.7)
    game.update(0)
    assert game.figures is not None and game.figures.score == 0.7  # the AI's search, shown
    game.request_hint()
    # 15x22 is Black's only move: the hint's search looks at the position after it (a timed
    # search of an only move stops at 1 turn ahead), and the hint names the only move.
    only = Move((15, 22))
    assert game.position.legal_moves() == [only]
    assert ai.requests[-1][0] == game.position.move(only)
    ai.answer(Move((25, 18)), score=-1.0)
    game.update(0)
    assert game.hint == only and game.status.startswith("Hint")
    game.click(9)  # a selection too
    played = game.full_record()
    for change in (game.undo, game.redo, lambda: game.go_to(0), game.new_game):
        change()
        _stale_free(game)
        assert "Hint" not in game.status and "score" not in game.status
    game.click(9)
    game.load(played, {})
    _stale_free(game)
    assert game.status.startswith("Loaded a game of")


# --- item 6: resigning and draws ---------------------------------------------------------------


def test_resigning_asks_once_more_then_ends_the_game_and_undo_takes_it_back() -> None:
    game = Game(human_vs_ai(), ScriptedAI(), hop_seconds=0)
    play_clicks(game, 11, 15)
    game.resign()
    assert game.outcome is None and game.status.startswith("Resign?")
    game.click(22)  # anything else between the presses cancels
    game.resign()
    assert game.outcome is None
    game.resign()
    assert game.outcome == Outcome(WHITE, Reason.RESIGNATION)
    assert game.status == "Game over: The AI wins. You resigned."
    game.undo()
    assert game.outcome is None


def test_resigning_while_looking_at_an_earlier_position_keeps_every_move() -> None:
    # The walk of 2026-11-30h: four moves played, Home to look at the start, Resign: the game
    # was kept as "0-1 after 0 moves", and Undo gave the resignation back but not the moves.
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    play_clicks(game, 11, 15, 22, 18, 15, 22)
    played = tuple(game.record.line)
    assert len(played) == 3  # White to move at the end
    game.go_to(0)  # only looking: Black to move in the position shown
    game.resign()
    assert game.status.startswith("Resign as White?")
    game.resign()
    assert game.outcome == Outcome(BLACK, Reason.RESIGNATION)
    assert tuple(game.record.line) == played and game.record.ply == 3
    game.undo()  # the resignation, not a move
    assert game.outcome is None and tuple(game.record.line) == played
    # Moves taken back with Undo are not the game's: a resignation after them drops them.
    game.undo()
    game.undo()
    assert game.record.ply == 1 and game.standing_plies() == 1
    game.resign()
    game.resign()
    assert game.outcome == Outcome(BLACK, Reason.RESIGNATION)  # White to move after 11-15
    assert tuple(game.record.line) == played[:1]


def test_a_draw_offer_stands_while_the_other_player_looks_back_and_is_accepted_there() -> None:
    # The walk of 2026-11-30i: White offered, moved; Black stepped back two moves and read
    # "Offer draw", pressed it, and at the end neither offer was left.
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    play_clicks(game, 11, 15)
    game.offer_draw()  # White offers on its turn
    play_clicks(game, 22, 18)  # and moves
    played = tuple(game.record.line)
    assert game.draw_offered()
    assert game.status.endswith(". White offers a draw: D accepts, a move declines.")
    game.go_to(0)  # Black only looks back
    assert game.draw_offered()  # the button still says Accept draw
    # Where Black is to move in the position shown, the offer is said as the end's (walk
    # 2026-11-30k: "Black offers a draw: D accepts, a move declines" with Black to move).
    game.refresh_status()
    assert game.status == (
        "Black to move here. White offered a draw at the end of the game: D accepts it,"
        " every move kept."
    )
    game.go_to_end(True)
    assert game.draw_offered()
    game.go_to(1)
    game.offer_draw()  # accepted, at the end of the game as it stands
    assert game.outcome == Outcome(None, Reason.AGREEMENT)
    assert tuple(game.record.line) == played and game.record.ply == 2


def test_a_draw_offered_before_the_offers_move_is_said_while_the_player_looks_back() -> None:
    # Walk 2026-11-30l: White offered on its turn and, before moving, stepped back: the status
    # line said only whose move it was, while the offer still stood.
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    play_clicks(game, 11, 15, 24, 20)  # Black to move at the end
    game.offer_draw()  # Black offers, and has not moved yet
    game.go_to(1)  # White to move in the position shown
    game.refresh_status()
    assert game.status == (
        "White to move here. Black offered a draw at the end of the game, before its move there."
    )
    game.go_to_end(True)
    game.refresh_status()
    assert game.status == "Black to move. Black offers a draw: White may accept after this move."
    play_clicks(game, 8, 11)  # Black moves: now White may accept
    assert game.draw_offered()
    assert game.status.endswith(". Black offers a draw: D accepts, a move declines.")


def test_the_ai_accepts_a_draw_only_when_it_is_not_ahead_and_says_so() -> None:
    ai = ScriptedAI()
    engine = Level("quick engine", "test", "engine", "engine", depth=2)
    config = replace(human_vs_ai(), white=PlayerConfig(engine), hint=engine)
    game = Game(config, ai, hop_seconds=0)
    play_clicks(game, 11, 15)
    game.update(0)
    ai.answer(Move((22, 18)), score=150)  # the AI's last search: 1.5 men ahead (a man is 100)
    game.update(0)
    game.offer_draw()  # asks first (the game screen on a card: test_gui_game_screen)
    assert game.outcome is None and not ai.pending and game.confirming == "draw"
    assert game.status == "Offer the AI a draw?"
    game.offer_draw()
    assert game.outcome is None and not ai.pending  # its last score answers: no new search
    # The score the panel and the bar show, from the player's side.
    assert game.status.startswith(
        "The AI declines the draw: it thinks it is ahead (+1.50 for the AI"
    )
    game.undo()  # its score is gone with the move: a short search through the worker decides
    game.offer_draw()
    game.offer_draw()
    assert ai.pending and ai.requests[-1][1] is game.config.hint
    ai.answer(Move((9, 14)), score=10)  # from the human's side: the AI is at -0.10 men
    game.update(0)
    assert game.outcome == Outcome(None, Reason.AGREEMENT)
    # A tenth of a man reads even, and the reason says so (not "you are ahead (even)").
    assert game.status == "The AI accepts the draw: it thinks the game is even."


def test_two_players_agree_a_draw_by_offering_in_turn() -> None:
    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    game.offer_draw()
    assert game.status.startswith("Black offers a draw")
    play_clicks(game, 11, 15)
    game.offer_draw()  # White accepts on its turn
    assert game.outcome == Outcome(None, Reason.AGREEMENT)
    declined = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0)
    declined.offer_draw()
    play_clicks(declined, 11, 15, 22, 18)  # White moved instead: declined
    declined.offer_draw()
    assert declined.outcome is None and declined.status.startswith("Black offers")


# --- item 7: clocks ----------------------------------------------------------------------------


class Now:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_clock_runs_for_the_side_to_move_adds_the_increment_and_flags() -> None:
    now = Now()
    clock = Clock(TimeControl.parse("5+3"), now)
    assert clock.remaining(BLACK) == 300 and clock.flagged() is None  # nothing runs yet
    clock.start(BLACK)
    now.t = 10
    assert clock.remaining(BLACK) == 290 and clock.remaining(WHITE) == 300
    clock.press(BLACK)
    now.t = 20
    assert clock.remaining(BLACK) == 293 and clock.remaining(WHITE) == 290
    now.t = 400
    assert clock.flagged() is WHITE and clock.remaining(WHITE) == 0


def test_time_controls_read_write_and_refuse_nonsense() -> None:
    assert TimeControl.parse("10") == TimeControl(600) and TimeControl.parse("15+10").label() == (
        "15 min + 10 s a move"
    )
    assert TimeControl.from_pdn(TimeControl(300, 3).pdn()) == TimeControl(300, 3)
    assert read_clock_tag(clock_tag(272.4)) == pytest.approx(272.4)
    assert format_clock(272.4) == "4:33" and format_clock(7.35) == "0:07.3"
    for bad in ("", "5+", "abc", "0", "-1", "5+3+2", "99999"):
        with pytest.raises(ValueError):
            TimeControl.parse(bad)


def test_the_ai_thinks_within_what_its_clock_allows() -> None:
    assert ai_move_seconds(300, 3, 5.0) == pytest.approx(5.0)  # its level caps it
    assert ai_move_seconds(300, 3, 60.0) == pytest.approx(10 + 2.4)
    assert ai_move_seconds(2, 0, 5.0) == pytest.approx(2 / 30)
    assert ai_move_seconds(0.1, 0, 5.0) == 0.05
    ai = ScriptedAI()
    level = Level("timed", "test", "engine", "engine", time=5.0)
    game = Game(
        GameConfig(black=PlayerConfig(level), white=PlayerConfig(), clock=TimeControl.parse("1")),
        ai,
        hop_seconds=0,
    )
    game.update(0)
    asked = ai.requests[-1][1]
    assert asked.time == pytest.approx(60 / 30)  # a 30th of its minute, not its level's 5 s


def test_running_out_of_time_loses_and_the_clocks_survive_a_save() -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(60, 2))
    game = Game(config, hop_seconds=0)
    game.update(0)
    game.update(10)  # no clock runs before the first move (issue 36: not during start-up)
    play_clicks(game, 11, 15)  # Black's first move, untimed
    game.update(0)  # White's clock starts
    game.update(5)
    tags = game.clock_tags()
    assert tags == {"BlackClock": "0:01:00.0", "WhiteClock": "0:00:55.0"}
    resumed = Game(config, hop_seconds=0, record=game.full_record(), tags=tags)
    resumed.resume_play()
    assert resumed.timer is not None and resumed.timer.remaining(WHITE) == 55
    resumed.update(0)  # the clock runs from the first frame the game is played
    resumed.update(54.9)
    assert resumed.outcome is None
    resumed.update(0.2)
    assert resumed.outcome == Outcome(BLACK, Reason.TIME)
    assert resumed.status == "Game over: Black wins. White ran out of time."


def test_an_untimed_game_has_no_clock() -> None:
    game = Game(GameConfig(), hop_seconds=0)
    assert game.timer is None and game.clock_tags() == {}


def test_a_win_known_only_as_a_bound_is_proved_by_a_judging_search_once() -> None:
    # Walk 2026-11-30m: after the loser's other reply the panel said "White wins in 7 moves"
    # (a bound carried from the position before) where the position wins in 5; no search of
    # it ran until the winner's own. Now the engine judges it at once (once), and the count
    # it proves replaces the bound.
    from checkers.ai.search import WIN

    engine = Level("quick engine", "test", "engine", "engine", depth=2)
    ai = ScriptedAI()
    config = replace(human_vs_ai(), white=PlayerConfig(engine), hint=engine, judge=engine)
    game = Game(config, ai, hop_seconds=0)
    play_clicks(game, 11, 15)  # White (the AI) to move, and lost by force
    game.judge(game.position, Judgement(-(WIN - 9), 1.0, WHITE, 12, line=("22-18", "15x22")))
    game.update(0)
    assert ai.pending is not None and ai.requests[-1][1] == engine  # the AI's move
    ai.answer(Move.from_pdn("23-19", game.position))  # not the line's 22-18
    game.update(0)
    kept = game.judgement()
    assert kept is not None and kept.at_most  # Black wins in at most 4 moves
    game.update(0)
    assert ai.pending is not None and ai.requests[-1] == (game.position, engine)  # judged
    ai.answer(game.position.legal_moves()[0], score=WIN - 5)  # proved: Black wins in 3 moves
    game.update(0)
    proved = game.judgement()
    assert proved is not None and not proved.at_most and proved.seen_by(BLACK) == WIN - 5
    # A bound the judging search cannot better stays a bound, and is not asked about again.
    play_clicks(game, 9, 14)
    game.judge(game.position, Judgement(-(WIN - 9), 1.0, WHITE, 12, line=("22-17",)))
    game.update(0)
    ai.answer(Move.from_pdn("21-17", game.position))  # White's other reply
    game.update(0)
    assert game.judgement().at_most  # type: ignore[union-attr]
    game.update(0)
    assert ai.pending is not None
    ai.answer(game.position.legal_moves()[0], score=150)  # no forced result: the bound stands
    game.update(0)
    game.update(0)
    assert ai.pending is None and game.judgement().at_most  # type: ignore[union-attr]


def test_a_new_game_gives_the_weak_levels_slips_a_seed_of_their_own() -> None:
    # Walk 2026-11-30n: in AI vs AI, New game replayed the last game move for move: the
    # Beginner "slips one move in four" the same way in every game.
    ai = ScriptedAI()
    game = Game(human_vs_ai(human="white"), ai, hop_seconds=0)  # the AI (Black) moves first
    game.update(0)
    first = ai.seeds[-1]
    seeds = set()
    for _ in range(3):
        game.new_game()
        game.update(0)
        seeds.add(ai.seeds[-1])
    assert first not in seeds and len(seeds) == 3


def test_while_a_move_is_drawn_the_score_is_the_board_positions() -> None:
    # Walk 2026-11-30o: "White to move" and the board's position beside "White wins in 3
    # moves", the count after White's move, while the move was still drawn hop by hop.
    from checkers.ai.search import WIN

    game = Game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0.5)
    before = game.position
    move = Move.from_pdn("11-15", before)
    game.judge(before, Judgement(WIN - 7, 1.0, BLACK, 10, line=("11-15",)))
    game.play(move)
    assert game.animation is not None
    assert game.judgement() is not None and game.judgement().seen_by(BLACK) == WIN - 7  # type: ignore[union-attr]
    # The players' box as well (walk 2026-11-30p: "Black to move" beside the count before it).
    from checkers.gui.game_view.panel import panel_lines

    assert [side[0] for side in panel_lines(game).sides] == ["Black to move", "White"]
    game.update(1.0)  # the piece has landed
    assert game.animation is None
    assert game.judgement() is not None and game.judgement().seen_by(BLACK) == WIN - 6  # type: ignore[union-attr]
    assert [side[0] for side in panel_lines(game).sides] == ["Black", "White to move"]


def test_while_the_last_capture_is_drawn_the_game_is_not_yet_said_to_be_over() -> None:
    # Walk 2026-11-30p: during White's final capture the figures read "Game over: White wins.
    # Black has no pieces left." beside "Black 1 left", the piece still on the board.
    from checkers.gui.game_view.panel import panel_lines

    start = Position.from_fen("W:W22:B18")
    game = Game(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start), hop_seconds=0.5
    )
    game.play(Move.from_pdn("22x15", start))
    assert game.finished and game.animation is not None
    lines = panel_lines(game)
    assert [side[:2] for side in lines.sides] == [("Black", "1 left"), ("White to move", "1 left")]
    assert "game over" not in lines.header_right and not any(
        "Game over" in line for line in lines.search
    )
    assert "Game over" not in game.status
    # The AI's note on its move waits for the landing to say how the game ended (walk q).
    note = "White (AI) played 22x15: database win in 1 move for White."
    game.say_after_move(note)
    assert game.status == note
    game.update(0.3)  # past the middle of the hop: the man jumped over is gone from the board
    lines = panel_lines(game)
    assert game.animation is not None and "Game over" not in game.status
    assert [side[:2] for side in lines.sides] == [("Black", "0 left"), ("White to move", "1 left")]
    game.update(1.0)  # the piece has landed: now it is over
    lines = panel_lines(game)
    assert game.animation is None and lines.header_right == "game over: 0-1"
    assert [side[:2] for side in lines.sides] == [("Black", "0 left"), ("White", "1 left")]
    assert lines.search[0] == "Game over: White wins"
    assert game.status.startswith(f"{note} Game over: White wins.")
