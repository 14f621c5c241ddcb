"""Explaining the AI in the window: the analysis board (its own board, live multi-PV lines from
the AI's process, arrows, the bar, the game untouched) and "why this move?" (the AI's own
search for each of its moves, the played move first). Real events through the real loop under
SDL's dummy drivers; waits are on conditions with a cap, never on time."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from gui_driving import click, click_button, run_until, screen_of

from checkers.ai.levels import Level, get_level
from checkers.ai.players import AIPlayer
from checkers.ai.search import Limits, SearchRequest
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.explain import MAX_LINES, Analysis, AnalysisLine, explain_choice
from checkers.coach.judgement import kept_over
from checkers.gui import theme
from checkers.gui.aiworker import AIAnalysis, AIClient
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.explaining import (
    analysis_rows,
    best_line_moves,
    move_number,
    why_card,
)
from checkers.gui.screens.analysis import LINES, AnalysisScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.why import WhyScreen, card_html
from checkers.notation import numbered_moves

ENGINE = Level("engine-4", "test engine", "engine", "engine", depth=4)
"""The engine at a fixed depth, not a named level: no book, every root move scored."""
LONG = Level("long", "test opponent", "alphabeta", "seed", time=30.0)
CAP = 60.0
"""Seconds a wait may take before the test fails: a net for a hang, never a speed check."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def wait_for(app: App, done: Callable[[], bool]) -> None:
    """Step frames until `done()`, waking on the AI process's next report between frames."""
    run_until(app, done)


def press(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    app.step(1 / 60)
    app.step(1 / 60)


def board_click(app: App, screen: AnalysisScreen, square: int) -> None:
    x, y = screen.layout().board.square_center(square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1))
    app.step(1 / 60)


def analysis_of(app: App) -> AnalysisScreen:
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    return screen


def snapshot(app: App) -> tuple[Any, ...]:
    """What the game is: its record (every move, the cursor, positions) and its outcome."""
    record = app.screens[0].game  # type: ignore[attr-defined]
    record = record.record
    return (record.start, record.line, record.ply, tuple(record.positions), record.outcome)


def deep_enough(screen: AnalysisScreen, depth: int) -> Callable[[], bool]:
    return lambda: (
        screen.analysis is not None and (screen.analysis.depth >= depth or screen.finished)
    )


def assert_lines_show(screen: AnalysisScreen) -> None:
    """What a player sees in the lines: distinct legal moves, best first, each line starting
    with its move, the first arrow on the best move and the bar filled."""
    assert screen.analysis is not None
    lines = screen.analysis.lines
    position = screen.position
    legal = {move.pdn() for move in position.legal_moves()}
    assert len(lines) == min(MAX_LINES, len(legal))  # every move scored; three shown
    assert f"line {LINES + 1}" not in screen.texts()
    assert len({line.move for line in lines}) == len(lines)
    assert all(line.move in legal and line.pv[0] == line.move for line in lines)
    scores = [line.score for line in lines if line.score is not None]
    assert scores == sorted(scores, reverse=True)
    texts = screen.texts()
    depth = screen.analysis.depth
    assert texts["engine"].startswith((f"Thinking... {depth} turn", f"Done: looked {depth} turn"))
    for rank, line in enumerate(lines[:LINES], start=1):
        assert texts[f"line {rank}"].startswith(f"{line.move} ")  # no rank: "1." is a move number
        assert re.search(
            r"  (even|\+\d\.\d\d for (Black|White)|\w+ wins in)", texts[f"line {rank}"]
        )
        # The line's moves: on its first row, or the second when the ideas took the first.
        assert line.move in texts[f"line {rank} pv 1"] + texts.get(f"line {rank} pv 2", "")
    arrows = screen.board_view(screen.layout().board).arrows
    # The arrows are the bar's best line: the lines' own, or a deeper judgement kept of the
    # position while the search now running has not caught up (the previous position's
    # search left one for each of its moves, as deep as it had got: a shallow search here may
    # prefer another move for a while).
    kept = kept_over(screen.known, position, screen.analysis)
    best = kept.line[0] if kept is not None and kept.line else lines[0].move
    assert arrows and arrows[0].pdn() == best
    assert screen.evaluation() is not None


# --- pure words --------------------------------------------------------------------------------


def test_lines_are_numbered_as_players_write_them() -> None:
    assert numbered_moves(["11-15", "23-19", "8-11"], True, 1) == "1. 11-15 23-19 2. 8-11"
    assert numbered_moves(["23-19", "8-11"], False, 12) == "12. ... 23-19 13. 8-11"
    assert move_number(0) == (1, True) and move_number(3) == (2, False)
    assert move_number(0, black_first=False) == (1, False)


def test_the_best_line_reads_as_moves_of_the_position() -> None:
    player = AIPlayer(Limits(depth=4))
    position = Position()
    result = player.choose(position).result
    line = AnalysisLine(result.pv[0].pdn(), 0.0, tuple(m.pdn() for m in result.pv))
    moves = best_line_moves([line], position, 3)
    assert moves == list(result.pv[:3])
    assert best_line_moves([line], Position.from_fen("W:W18:B14,9"), 3) == []  # a stale line


def test_why_lists_the_played_move_first_then_every_other_move_of_the_engine() -> None:
    position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
    choice = AIPlayer(Limits(depth=5), name="test").choose(position)
    explanation = explain_choice(position, choice)
    assert explanation is not None and choice.result.move is not None
    card = why_card(explanation, WHITE, 9, human=BLACK)
    played = choice.result.move.pdn()
    assert card.title == f"Why the AI played {played}"
    assert card.rows[0].played and card.rows[0].move == played
    assert not any(row.played for row in card.rows[1:])
    # Every move: on a row, or among the bounds said once after the rows.
    named = [row.move for row in card.rows] + [
        move for move in re.findall(r"\d+[-x]\d+", card.bounded.split(" are ")[0])
    ]
    assert sorted(named) == sorted(m.pdn() for m in position.legal_moves())
    assert card.view.endswith("for the side ahead.")
    assert card.rows[0].line.startswith(f"expects 5. ... {played} 6. ")  # ply 9: White, move 5
    for row in card.rows[1:]:
        # The reply is White's move 6; a move that failed low against the played one's score
        # is proven no better than it, not refuted (nothing says it loses more), and a move
        # scored within a fifth of a man of the best says by how much, not "refuted".
        said = rf"(refuted by|(as good as|no better than|(at least )?\d+\.\d\d worse than) {played}:) 6\. "
        assert row.line == "" or re.match(said, row.line), row.line
        assert row.bound == row.score.startswith(("at most", "at least"))
        assert row.score == "even" or row.score.endswith(("for you", "for the AI", "moves", "move"))
    html = card_html(card)
    assert html.index(played) < html.index("The other moves, best first:")


def test_why_says_a_forced_capture_and_the_only_legal_move() -> None:
    position = Position.from_fen("W:W18:B14,9")  # White's only move
    only = explain_choice(position, AIPlayer(Limits(depth=3)).choose(position))
    assert only is not None
    assert any("the only legal move" in fact for fact in why_card(only, WHITE, 0).facts)
    capture = Position.from_fen("B:W18,19:B14,15")
    forced = explain_choice(capture, AIPlayer(Limits(depth=3)).choose(capture))
    legal = capture.legal_moves()
    assert len(legal) > 1 and all(move.is_capture for move in legal)
    assert forced is not None
    facts = why_card(forced, BLACK, 0).facts
    assert facts[0] == f"Capture is compulsory: {len(legal)} captures to choose from."


def test_a_slip_rescored_by_the_engine_lists_its_searchs_choice_and_claims_no_choice() -> None:
    # The walk read "The Novice level chose 25-22, looking 10 turns ahead" above "its search
    # chose 15-10", and 15-10 was not among the moves listed.
    from checkers.coach.exact import exact_explanation

    slipper = AIPlayer(Limits(depth=2), "alphabeta", blunder=1.0, name="beginner")
    explanation = explain_choice(Position(), slipper.choose(Position()))
    assert explanation is not None and explanation.slipped
    rescored = exact_explanation(Position(), explanation, evaluation="count", seconds=1.0)
    assert rescored.exact_depth > 0
    card = why_card(rescored, BLACK, 0)
    assert not any(" chose " in fact and "looking" in fact for fact in card.facts), card.facts
    assert any(f"its search chose {explanation.searched}" in fact for fact in card.facts)
    assert [row.move for row in card.rows if row.searched] == [explanation.searched]
    assert card.view == "Scores are the engine's, in men, for the side ahead."
    # A bound is named as either side tells it: the facts do not speak of 'at most' only.
    if any(row.bound for row in card.rows):
        assert any(fact.startswith("At most / at least: ") for fact in card.facts)


def test_why_says_when_the_beginner_level_slips_on_purpose() -> None:
    slipper = AIPlayer(Limits(depth=2), "alphabeta", blunder=1.0, name="beginner")
    explanation = explain_choice(Position(), slipper.choose(Position()))
    assert explanation is not None and explanation.slipped
    card = why_card(explanation, BLACK, 0)
    assert any("Beginner level slipped on purpose" in fact for fact in card.facts)
    assert card.rows[0].played and card.rows[0].move == explanation.played
    assert card.rows[0].score == "not scored"
    chosen = card.rows[1]  # the move its search chose: its expected line, not a refutation
    assert chosen.searched and chosen.move == explanation.searched != explanation.played
    assert chosen.line.startswith(f"expects 1. {chosen.move} ") and "..." not in chosen.line
    assert card.others == "What its search chose instead:"


def test_why_names_the_opening_book() -> None:
    explanation = explain_choice(
        Position(), AIPlayer.for_level(get_level("club")).choose(Position())
    )
    assert explanation is not None and explanation.from_book
    card = why_card(explanation, BLACK, 0)
    assert any("opening book" in fact for fact in card.facts)
    assert card.rows[0].played


def test_analysis_rows_label_scores_with_the_side_to_move() -> None:
    analysis = Analysis(
        6,
        (
            AnalysisLine("24-19", 0.25, ("24-19", "11-15")),
            AnalysisLine("22-18", None, ("22-18",), -3),
        ),
    )
    rows = analysis_rows(analysis, WHITE, 4, False)
    assert rows[0].score == "+0.25 for White" and rows[0].line == "4. ... 24-19 5. 11-15"
    assert rows[1].score == "Black wins in 3 moves"
    drawn = Analysis(1, (AnalysisLine("32-27", 0.0, ("32-27", "1-5"), None, "database draw"),))
    assert analysis_rows(drawn, BLACK, 30, True)[0].score == "Draw"


# --- the worker ----------------------------------------------------------------------------------


def test_the_worker_streams_deeper_lines_until_cancelled() -> None:
    client = AIClient()
    try:
        position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
        request = client.analyse(SearchRequest(position, (position,)), 3)
        depths: list[int] = []
        deadline = time.monotonic() + CAP
        while len(depths) < 4 and time.monotonic() < deadline:
            client.wait(0.1)
            for event in client.poll():
                assert isinstance(event, AIAnalysis) and event.request == request
                depths.append(event.analysis.depth)
                assert len(event.analysis.lines) == 3
        assert depths[:4] == [1, 2, 3, 4]
        other = Position()
        second = client.analyse(other, 2)  # cancels the first: none of its depths come now
        legal = {move.pdn() for move in other.legal_moves()}
        seen = 0
        while seen < 2 and time.monotonic() < deadline:
            client.wait(0.1)
            for event in client.poll():
                assert isinstance(event, AIAnalysis) and event.request == second
                assert all(line.move in legal for line in event.analysis.lines)
                seen += 1
        assert seen >= 2
        client.cancel()
        assert client.pending is None and client.poll() == []
    finally:
        client.close()


def test_the_worker_reads_a_position_the_same_at_each_depth_however_often_it_is_analysed() -> None:
    # Walk 2026-12-01ad: opened twice on one position, the analysis board said +2.45, then
    # +2.90, 19 turns ahead: the second look's table was filled by the first. Each analysis
    # starts from empty tables, as `checkers analyse` does.
    client = AIClient()

    def lines_at(position: Position, depth: int) -> tuple[AnalysisLine, ...]:
        request = client.analyse(SearchRequest(position, (position,)), 3)
        deadline = time.monotonic() + CAP
        while time.monotonic() < deadline:
            client.wait(0.1)
            for event in client.poll():
                assert isinstance(event, AIAnalysis) and event.request == request
                if event.analysis.depth == depth:
                    client.cancel()
                    return event.analysis.lines
        raise AssertionError(f"depth {depth} never came")

    try:
        position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
        first = lines_at(position, 7)
        lines_at(position.move(position.legal_moves()[0]), 9)  # another look fills the table
        assert lines_at(position, 7) == first
    finally:
        client.close()


# --- the analysis board in the window -------------------------------------------------------------


def two_players() -> GameConfig:
    return GameConfig(black=PlayerConfig(), white=PlayerConfig())


def test_analysis_board_shows_live_lines_and_leaves_the_game_untouched(
    make_app: Callable[..., App],
) -> None:
    app = make_app(two_players())
    click(app, 11)
    click(app, 15)
    click(app, 24)
    click(app, 19)
    before = snapshot(app)
    game_screen = screen_of(app)
    press(app, pygame.K_a, "a")
    board = analysis_of(app)
    assert board.position == game_screen.game.position
    wait_for(app, deep_enough(board, 4))
    assert_lines_show(board)
    # Black must capture 15x24: the only legal move, so one line and the reason shown.
    assert board.texts()["line 2 pv 1"] == "(no other legal move)"
    board_click(app, board, 15)
    board_click(app, board, 24)
    assert board.position.turn is WHITE and board.record.moves[-1].pdn() == "15x24"
    assert board.analysis is None  # the old position's lines are gone at once
    assert board.texts()["line 1"] == ""
    # The arrows are the new position's: none, or the line the last search expected from it,
    # which the game keeps as its judgement until the new search looks as deep.
    kept = board.known.get(board.position)
    arrows = tuple(move.pdn() for move in board.board_view(board.layout().board).arrows)
    assert arrows == () or (kept is not None and kept.line[: len(arrows)] == arrows)
    wait_for(app, deep_enough(board, 4))
    assert_lines_show(board)
    press(app, pygame.K_SPACE, " ")  # White plays the engine's best move here
    assert board.position.turn is BLACK and board.moves_here() == 2
    wait_for(app, deep_enough(board, 3))
    assert_lines_show(board)
    press(app, pygame.K_x, "x")  # the other side to move in the same position
    assert board.position.turn is WHITE
    wait_for(app, deep_enough(board, 3))
    assert_lines_show(board)
    press(app, pygame.K_u, "u")
    press(app, pygame.K_u, "u")
    assert board.position.turn is WHITE and board.moves_here() == 1
    assert snapshot(app) == before  # nothing played here reached the game
    press(app, pygame.K_ESCAPE)
    assert screen_of(app) is game_screen and snapshot(app) == before
    assert app.ai.pending is None  # the analysis stopped with its board
    view = game_screen.board_view(game_screen.layout().board)
    assert view.position == game_screen.game.position and view.arrows == ()
    assert game_screen.panel is not None and game_screen.panel.cells[-1].button.text == "24-19"
    assert game_screen.game.status.startswith("Back from the analysis board. Black")


def test_analysis_of_a_settled_endgame_shows_the_databases_lines_at_once(
    make_app: Callable[..., App],
) -> None:
    # Two kings against one: the databases know every move, so no depth is claimed.
    start = Position.from_fen("B:WK1:BK10,K19")
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start))
    press(app, pygame.K_a, "a")
    board = analysis_of(app)
    wait_for(app, lambda: board.analysis is not None and board.finished)
    assert board.analysis is not None and board.analysis.from_databases
    texts = board.texts()
    assert texts["engine"] == "Known from the endgame databases"
    assert "Black wins in 9 moves" in texts["line 1"]  # then the line's idea, if any
    bar = board.evaluation()
    assert bar is not None and bar[1] == "Black wins in 9 moves (databases)"  # the bar says so
    assert len(board.analysis.lines) == len(start.legal_moves())  # every move, three shown
    assert "line 4" not in texts
    press(app, pygame.K_x, "x")  # White to move: its king is lost all the same
    wait_for(app, lambda: board.analysis is not None and board.finished)
    assert board.texts()["engine"] == "Known from the endgame databases"
    assert "Black wins in" in board.texts()["line 1"]


def test_the_analyse_button_opens_the_board_on_the_position_shown(
    make_app: Callable[..., App],
) -> None:
    app = make_app(two_players())
    click(app, 11)
    click(app, 15)
    click(app, 22)
    click(app, 18)
    screen_of(app).game.go_to(1)
    app.step(1 / 60)
    before = snapshot(app)
    click_button(app, screen_of(app).widgets["analyse"])
    board = analysis_of(app)
    assert board.position == screen_of_below(app).game.position
    assert board.position.turn is WHITE and board.where()[0] == "From Black's move 1 of the game"
    click_button(app, board.widgets["close"])
    assert snapshot(app) == before and screen_of(app).game.record.ply == 1


def screen_of_below(app: App) -> Any:
    return app.screens[-2]


def test_analysis_sets_the_ai_search_aside_and_the_game_asks_again(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(LONG)))
    click(app, 11)
    click(app, 15)
    game = screen_of(app).game
    wait_for(app, lambda: game.thinking is not None)
    before = snapshot(app)
    press(app, pygame.K_a, "a")
    board = analysis_of(app)
    assert game.thinking is None
    wait_for(app, deep_enough(board, 2))
    press(app, pygame.K_ESCAPE)
    assert snapshot(app) == before
    wait_for(app, lambda: game.thinking is not None and app.ai.pending is not None)


# --- why this move? ---------------------------------------------------------------------------------


def test_why_shows_the_ai_search_for_its_move_and_not_for_a_human_move(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE)))
    screen = screen_of(app)
    game = screen.game
    assert not screen.command("why").enabled()
    click(app, 11)
    click(app, 15)
    # The exact scores of the move come after it: waited for, so the card is the same
    # whenever W is pressed (it failed when they came first on a busy machine).
    wait_for(
        app,
        lambda: game.record.ply == 2 and game.animation is None and app.ai.explaining is None,
    )
    app.step(1 / 60)
    assert screen.widgets["why"].is_enabled
    reply = game.last_move
    assert reply is not None
    before = game.record.positions[-2]
    press(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    rows = why.card.rows
    assert rows[0].played and rows[0].move == reply.pdn()
    # The played move and the three best others exactly; the rest only where proven worse.
    legal = {m.pdn() for m in before.legal_moves()}
    moves = [row.move for row in rows]
    assert len(set(moves)) == len(moves) and set(moves) <= legal
    assert len(moves) >= min(4, len(legal))
    assert why.card.title == f"Why the AI played {reply.pdn()}"
    press(app, pygame.K_ESCAPE)
    assert app.screen is screen
    # Stepping back to the human's move: Why is disabled, and says why.
    press(app, pygame.K_LEFT)
    assert not screen.widgets["why"].is_enabled
    tip = screen.command("why").disabled_tip
    assert tip is not None and "11-15 was your move" in tip()
    press(app, pygame.K_w, "w")
    assert app.screen is screen and "your move" in game.status
    press(app, pygame.K_RIGHT)
    assert screen.widgets["why"].is_enabled


def test_the_disabled_why_button_has_a_tooltip_saying_why(make_app: Callable[..., App]) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE)))
    screen = screen_of(app)
    button = screen.widgets["why"]
    app.step(1 / 60)
    assert not button.is_enabled
    assert "No move has been played yet" in hovered_tip(app, button)


def hovered_tip(app: App, button: pygame_gui.elements.UIButton) -> str:
    """The tooltip shown once the mouse has rested on `button` (a disabled one's reason)."""
    x, y = button.get_abs_rect().center
    pygame.mouse.set_pos((int(x), int(y)))  # the dummy driver keeps where the mouse is
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0,))
    )
    assert pygame.mouse.get_pos() == (int(x), int(y))
    for _ in range(20):
        app.step(0.1)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    tip = screen.disabled_tips._shown
    assert tip is not None and tip.text_block is not None
    return str(tip.text_block.html_text)


def test_why_is_kept_for_every_ai_move_while_stepping_through_ai_vs_ai(
    make_app: Callable[..., App],
) -> None:
    config = GameConfig(black=PlayerConfig(ENGINE), white=PlayerConfig(ENGINE), ai_delay=0.0)
    app = make_app(config)
    game = screen_of(app).game
    wait_for(app, lambda: game.record.ply >= 4)
    press(app, pygame.K_SPACE, " ")  # pause
    wait_for(app, lambda: game.thinking is None and game.animation is None)
    for ply in range(1, game.record.ply + 1):
        game.go_to(ply)
        app.step(1 / 60)
        explanation, _ = game.shown_explanation()
        assert explanation is not None and explanation.played == game.record.line[ply - 1].pdn()
        assert screen_of(app).widgets["why"].is_enabled
        press(app, pygame.K_w, "w")
        why = app.screen
        assert isinstance(why, WhyScreen) and why.card.rows[0].played
        assert why.card.rows[0].move == game.record.line[ply - 1].pdn()
        side = "Black" if ply % 2 else "White"
        assert why.card.title == f"Why {side} played {why.card.rows[0].move}"
        press(app, pygame.K_ESCAPE)
        assert app.screen is screen_of(app)


def test_why_of_a_weak_levels_move_whose_exact_pass_was_cut_short_finishes_it(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01ab: AI vs AI, Beginner against Novice with no delay, paused: Why? of the
    # Beginner's 1-6 said only what the level counted ("Not shown: ... This look neither scored
    # them exactly"), however long it stayed open: the next move's search had cut its exact
    # pass short, and nothing asked for it again.
    import dataclasses

    config = GameConfig(
        black=PlayerConfig(get_level("beginner")),
        white=PlayerConfig(get_level("novice")),
        ai_delay=0.0,
    )
    app = make_app(config)
    game = screen_of(app).game
    wait_for(app, lambda: game.record.ply >= 3)
    press(app, pygame.K_SPACE, " ")  # pause
    wait_for(app, lambda: game.thinking is None or game.thinking.purpose == "judge")
    game.go_to(1)  # the Beginner's first move
    app.step(1 / 60)
    key = (0, game.record.positions[0], game.record.line[0])
    kept = game.explanations[key]
    # As a cut-short pass leaves it: the level's own search only, no exact pass.
    cut = dataclasses.replace(kept, exact_depth=0, moves=kept.moves[:1])
    game.explanations[key] = cut
    assert cut.legal_moves > 1 and not cut.from_book  # a Beginner plays no book move
    press(app, pygame.K_w, "w")
    # Working out, or (the answer in the same frame as the press) worked out already: the
    # card opens either way.
    assert "Working out why" in game.status or "Worked out why" in game.status, game.status
    wait_for(app, lambda: isinstance(app.screen, WhyScreen))
    finished = game.explanations[key]
    assert finished.exact_depth > 0
    assert len(finished.moves) > 1  # the other moves scored by the engine
    why = app.screen
    assert isinstance(why, WhyScreen) and why.card.rows[0].move == game.record.line[0].pdn()


def test_why_says_refuted_only_for_a_real_loss_and_how_much_worse_otherwise() -> None:
    # The walk's card said "refuted by ..." beside a move only 0.05 worse than the best: a move
    # within a fifth of a man (the review's band for a good move) is not refuted.
    from checkers.coach.explain import Explanation, MoveScore, sentences

    def scored(move: str, score: float, bound: str = "exact") -> MoveScore:
        return MoveScore(move, score, bound, 8, (move, "23-19", "8-11"))  # type: ignore[arg-type]

    explanation = Explanation(
        "engine",
        "11-15",
        "11-15",
        (
            scored("11-15", 0.30),
            scored("9-13", 0.30),  # as good
            scored("11-16", 0.25),  # 0.05 worse: a good move in the review
            scored("10-14", 0.05),  # a quarter of a man worse, but it keeps it level
            scored("8-11", -0.10),  # just under 0 keeps it level too: not refuted (walk v)
            scored("7-10", -0.25),  # more than half a man worse: an inaccuracy, refuted
            scored("12-16", 0.30, "upper"),  # proven no better, nothing more
            scored("10-15", 0.15, "upper"),  # at least 0.15 worse
            scored("9-14", 0.0, "upper"),  # at least 0.30 worse: refuted
        ),
        legal_moves=9,
        all_captures=False,
        complete=True,
        exact_depth=8,
        mover=BLACK,
    )
    card = why_card(explanation, BLACK, 0)
    lines = {row.move: row.line for row in card.rows}
    assert lines["11-15"] == "expects 1. 11-15 23-19 2. 8-11"
    assert lines["9-13"] == "as good as 11-15: 1. ... 23-19 2. 8-11"
    assert lines["11-16"] == "0.05 worse than 11-15: 1. ... 23-19 2. 8-11"
    assert lines["10-14"] == "0.25 worse than 11-15: 1. ... 23-19 2. 8-11"
    assert lines["8-11"] == "0.40 worse than 11-15: 1. ... 23-19 2. 8-11"
    # Refuted, after by how much, as the rows above say it (walk 2026-12-01ah).
    assert lines["7-10"] == "0.55 worse than 11-15, refuted by 1. ... 23-19 2. 8-11"
    assert lines["12-16"] == "no better than 11-15: 1. ... 23-19 2. 8-11"
    assert lines["10-15"] == "at least 0.15 worse than 11-15: 1. ... 23-19 2. 8-11"
    assert lines["9-14"] == "at least 0.30 worse than 11-15, refuted by 1. ... 23-19 2. 8-11"
    # `checkers analyse --why` says the same in its sentences.
    said = "\n".join(sentences(explanation))
    assert "11-16: +0.25; 0.05 worse than 11-15: 23-19 8-11." in said
    assert "10-14: +0.05; 0.25 worse than 11-15: 23-19 8-11." in said
    assert "7-10: -0.25; 0.55 worse than 11-15, refuted by 23-19 8-11." in said
    assert "12-16: at most +0.30; no better than 11-15: 23-19 8-11." in said


def test_a_better_move_than_a_weak_levels_is_called_the_best_not_refuted() -> None:
    # A level that judges by its own count played 11-16; the engine's exact pass finds 11-15
    # half a man better: that row is the best move's line, not a refutation of it.
    from checkers.coach.explain import Explanation, MoveScore

    played = MoveScore("11-16", -0.40, "exact", 8, ("11-16", "22-18", "16-19"))
    best = MoveScore("11-15", 0.10, "exact", 8, ("11-15", "23-19", "8-11"))
    explanation = Explanation(
        "casual", "11-16", "11-16", (played, best), 7, False, True, exact_depth=8,
        mover=BLACK, level_counted="+0.50",
    )  # fmt: skip
    rows = why_card(explanation, BLACK, 0).rows
    assert rows[1].line == "the best move, expecting 1. ... 23-19 2. 8-11"


def test_why_after_resume_is_worked_out_on_the_old_move_and_kept_for_a_new_ai_move(
    make_app: Callable[..., App],
) -> None:
    # The AI's reasons are not saved with the game: after Resume, on the AI's move played
    # before the game was opened here, Why? is lit, and W asks the AI's process for the card
    # (a newcomer's walk counted the greyed button and its status line as a dead button,
    # issue 36); it opens no other screen meanwhile and leaves the game at the move (walk
    # 2026-11-30: W opened the analysis board a move back, silently). The AI's next move,
    # played here, has its reasons at once.
    from checkers.gui.screens.load import ResumeScreen

    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE))
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)
    wait_for(app, lambda: game.record.ply == 2 and game.animation is None)
    reply = game.last_move
    assert reply is not None
    app.close()
    fresh = make_app(None, autosave=True, offer_resume=True)
    assert isinstance(fresh.screen, ResumeScreen)
    press(fresh, pygame.K_r, "r")
    screen = fresh.screen
    assert isinstance(screen, GameScreen) and screen.game.last_move == reply
    fresh.step(1 / 60)
    assert screen.widgets["why"].is_enabled
    press(fresh, pygame.K_w, "w")
    if fresh.screen is screen:  # the card may already have come within the key's two frames
        assert screen.game.last_move == reply
        assert f"why {reply.pdn()} was played" in screen.game.status
    wait_for(fresh, lambda: isinstance(fresh.screen, WhyScreen))
    assert isinstance(fresh.screen, WhyScreen)
    card = fresh.screen.card
    assert card.rows[0].move == reply.pdn() and card.rows[0].played
    assert any(f"own search when it played {reply.pdn()}" in fact for fact in card.facts)
    press(fresh, pygame.K_ESCAPE)
    wait_for(fresh, lambda: fresh.screen is screen)
    assert screen.game.last_move == reply
    # A move of ours, then the AI's, played in this window: its reasons are kept.
    game = screen.game
    move = game.record.positions[-1].legal_moves()[0]
    click(fresh, move.path[0])
    click(fresh, move.path[-1])
    wait_for(fresh, lambda: game.record.ply == 4 and game.animation is None)
    fresh.step(1 / 60)
    assert screen.widgets["why"].is_enabled
    press(fresh, pygame.K_w, "w")
    assert isinstance(fresh.screen, WhyScreen)
    assert fresh.screen.card.rows[0].move != reply.pdn()


MIDGAME = ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14")
"""An opening out of the book's reach (it holds none of the ten moves Black has after it)."""


def reopened_with_an_ai_move(make_app: Callable[..., App], **options: Any) -> tuple[App, str]:
    """A game where the engine (Black) played its move from `MIDGAME`'s position, closed and
    resumed in a new window: (the window, the engine's move)."""
    from checkers.gui.screens.load import ResumeScreen
    from checkers.record import GameRecord

    record = GameRecord()
    for text in MIDGAME:
        record.play(Move.from_pdn(text, record.position))
    config = GameConfig(black=PlayerConfig(ENGINE), white=PlayerConfig(), start=record.position)
    app = make_app(config, autosave=True)
    game = screen_of(app).game
    wait_for(app, lambda: game.record.ply == 1 and game.animation is None)
    played = game.last_move
    assert played is not None
    app.close()
    fresh = make_app(None, autosave=True, offer_resume=True, **options)
    assert isinstance(fresh.screen, ResumeScreen)
    press(fresh, pygame.K_r, "r")
    assert screen_of(fresh).game.last_move == played
    return fresh, played.pdn()


def test_why_of_an_ai_move_from_before_the_game_was_reopened_opens_a_card_made_now(
    make_app: Callable[..., App],
) -> None:
    # Issue 36: W on the AI's move of a reopened game said only, on the status line, that
    # its reasons were not saved. Now the AI's process scores the moves there, the status line
    # saying so; the card opens when it comes, the recorded move first, and says in one line
    # that its scores are a search made now, not the AI's own when it played. The card is then
    # kept: W again opens it at once.
    app, played = reopened_with_an_ai_move(make_app)
    screen = screen_of(app)
    game = screen.game
    assert screen.widgets["why"].is_enabled
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, unicode="w", mod=0))
    app.step(1 / 60)
    assert app.screen is screen and game.status == f"Working out why {played} was played..."
    wait_for(app, lambda: isinstance(app.screen, WhyScreen))
    why = app.screen
    assert isinstance(why, WhyScreen)
    card = why.card
    first = card.rows[0]
    assert first.move == played and first.played and first.score != "not scored"
    assert len(card.rows) > 1  # the best other moves, scored by the same search
    # (The file keeps the level's settings, not its test-only name: "an AI set up by hand".)
    made_now = (
        f"These scores are from a search made now, not this AI's own search when it played"
        f" {played}: a saved game keeps no search's scores of the moves."
    )
    assert made_now in card.facts
    said = " ".join(card.facts)
    assert " chose " not in said and "counted" not in said  # nothing of its own search
    html = card_html(card)
    assert "a search made now" in html and played in html
    press(app, pygame.K_ESCAPE)
    wait_for(app, lambda: app.screen is screen)
    assert game.last_move is not None and game.last_move.pdn() == played
    asked = app.ai.pending
    press(app, pygame.K_w, "w")
    assert isinstance(app.screen, WhyScreen) and app.screen.card.rows[0].move == played
    assert app.ai.pending == asked  # kept: nothing asked of the AI again


def test_a_card_worked_out_after_the_player_stepped_away_waits_for_the_move(
    make_app: Callable[..., App],
) -> None:
    # Why? asked on a reopened game's AI move, then a step back before the card came: it does
    # not open over another move; it is kept, and W on the move opens it at once.
    app, played = reopened_with_an_ai_move(make_app)
    screen = screen_of(app)
    game = screen.game
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, unicode="w", mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    app.step(1 / 60)
    assert game.record.ply == 0 and game.last_move is None
    wait_for(app, lambda: any(key[2].pdn() == played for key in game.explanations))
    for _ in range(3):
        app.step(1 / 60)
    assert app.screen is screen and game.record.ply == 0  # no card over another move
    press(app, pygame.K_RIGHT)
    assert game.last_move is not None and game.last_move.pdn() == played
    press(app, pygame.K_w, "w")
    assert isinstance(app.screen, WhyScreen) and app.screen.card.rows[0].move == played
