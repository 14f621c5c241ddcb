"""The game panel's search rows, played through the window: each row names the search it comes
from, the count of positions sits with the depth of its own search, and `Expects` lists the
replies from the position on the board, the first one the move Why? names."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
from gui_driving import click, press, run_until, screen_of

from checkers.ai.levels import Level
from checkers.board import Position, Side
from checkers.clock import TimeControl
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.game_control.ai_traffic import JUDGE_DEPTH
from checkers.gui.game_view.panel import EXPECTS, panel_lines, seconds_words
from checkers.gui.screens.why import WhyScreen
from checkers.gui.why_board import why_board
from checkers.notation import plural

WEAK = Level("weak", "test opponent", "alphabeta", "seed", depth=2)
"""A level with an evaluation of its own (as Novice): the engine judges and explains its moves."""
ENGINE = Level("club", "test opponent", "alphabeta", "engine", depth=3)
HINT = Level("hint", "test hint", "alphabeta", "engine", depth=5)
JUDGE = Level("judge", "test judge", "alphabeta", "engine", depth=3)


def timed_judge_game(make_app: Callable[..., App], fen: str, seconds: float) -> tuple[App, Game]:
    """You (Black) against a weak level from `fen`, the game's positions judged by an engine
    search that thinks for `seconds` (as the window's judging search does, for its 0.3 s)."""
    timed = Level("judge", "test judge", "engine", "engine", time=seconds)
    start = Position.from_fen(fen)
    config = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(WEAK), hint=HINT, judge=timed, start=start
    )
    app = make_app(config)
    return app, screen_of(app).game


def settled(app: App, game: Game, ply: int) -> Callable[[], bool]:
    return lambda: (
        game.record.ply == ply
        and game.animation is None
        and game.thinking is None
        and app.ai.pending is None
        and app.ai.explaining is None
    )


def why_expects(game: Game) -> str:
    """The first reply Why?'s small board names after the AI's move (`expecting 9-13 ...`)."""
    explanation, _ = game.shown_explanation()
    assert explanation is not None
    board = why_board(explanation, game.record.positions[-2])
    label = board.lines[0].label
    # (`; the engine expects` where the engine's later look found the line: an only move
    # played at once is scored again, JUDGE_DEPTH turns ahead.)
    said = re.search(r"(?:, expecting|; the engine expects) (\S+)", label)
    assert said is not None, label
    return said.group(1)


def test_after_a_hint_the_ai_rows_stay_its_own_and_the_score_names_the_deeper_search(
    make_app: Callable[..., App],
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(WEAK), hint=HINT, judge=JUDGE)
    app = make_app(config)
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)
    run_until(app, settled(app, game, 2))
    ai_move = game.last_move
    assert ai_move is not None
    press(app, pygame.K_h, "h")
    run_until(app, lambda: game.hint is not None and game.thinking is None)
    rows = [row for row in panel_lines(game).search if row]
    # The AI's search: its heading, then its own count right under it.
    assert rows[0] == "White (Weak) looked 2 turns ahead"
    assert re.fullmatch(r"[\d,]+ positions? looked at in (under 0\.1|\d+\.\d)\u00a0s", rows[1]), (
        rows
    )
    assert "0.0\u00a0s" not in rows[1]
    # The score is the hint's deeper search, and says so; the expected line is that same
    # search's, from the position on the board (the walk of 2026-11-30b read "The engine (10
    # turns ahead) expects 9-13" above "Score even (the engine looked 11 turns ahead)").
    [score] = [row for row in rows if row.startswith("Score ")]
    judged = game.judgement()
    assert judged is not None and judged.depth >= HINT.depth
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)"), score
    [expects] = [row for row in rows if row.startswith(EXPECTS)]
    assert expects == f"The engine expects {' '.join(judged.line[:8])}", rows
    assert not expects.startswith("The engine ("), rows
    assert ai_move.pdn() not in expects.split()[3:4]


def test_after_a_forced_capture_expects_never_repeats_the_capture(
    make_app: Callable[..., App],
) -> None:
    """14-18 leaves White one legal move, 23x14: the panel's expected line starts after it,
    with the reply Why? names, and the count says how far that search looked."""
    start = Position.from_fen("B:W23,29,30,31,32:B1,2,3,4,14")
    config = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(ENGINE), hint=HINT, judge=JUDGE, start=start
    )
    app = make_app(config)
    game = screen_of(app).game
    click(app, 14)
    click(app, 18)
    run_until(app, settled(app, game, 2))
    assert game.last_move is not None and game.last_move.pdn() == "23x14"
    rows = [row for row in panel_lines(game).search if row]
    assert rows[0] == "White (Club) had one legal move"
    assert figures_depth_named(rows[1], game)
    [expects] = [row for row in rows if row.startswith(EXPECTS)]
    first = expects.split(" expects ")[-1].removeprefix("Expects ").split()[0]
    assert first != "23x14" and first == why_expects(game), rows
    judged = game.judgement()
    assert judged is not None and "23x14" not in judged.line[:1]


def figures_depth_named(row: str, game: Game) -> bool:
    """Whether the count row names the depth of the AI's own search beside its count."""
    figures = game.figures
    assert figures is not None
    turns = "turn" if figures.depth == 1 else "turns"
    return bool(
        re.fullmatch(
            rf"{figures.depth} {turns} ahead: [\d,]+ positions? looked at in .*\u00a0s", row
        )
    )


def test_a_timed_levels_only_move_leaves_the_score_to_a_real_judgement(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30b read "Score +0.60 for the AI" from the 1-turn search of White's
    only move, while Hint said +0.85 from 13 turns: a level that thinks for seconds looks 1 turn
    ahead at an only move, which is no judgement; the engine judges the position after it, and
    the panel's and the bar's score is that judgement's."""
    app = _ais_only_move(make_app)
    screen = screen_of(app)
    game = screen.game
    assert game.figures is not None and game.figures.depth == 1
    # Until the judgement comes, no 1-turn score stands on the panel.
    judged = game.judgement()
    rows = [row for row in panel_lines(game).search if row]
    assert judged is None or judged.depth > 1, rows
    run_until(app, settled(app, game, 2))
    run_until(app, lambda: game.judgement() is not None and game.thinking is None)
    judged = game.judgement()
    assert judged is not None and judged.depth >= JUDGE.depth
    rows = [row for row in panel_lines(game).search if row]
    assert rows[0] == "White (Club) had one legal move"
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)"), rows
    share, figure = screen.bar.figure()
    assert share is not None and figure


def test_an_only_move_searched_deep_is_the_games_judgement_on_the_panel_and_on_why(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-12-01u: after an only move of a level that looks a set number of turns
    ahead, Why? gave its search's score "+0.25" (13 turns ahead) while the panel kept the
    judging search's "even" (11): the deeper search of the only move is the game's judgement,
    so the panel, the bar and Why? give its one number."""
    deep = Level("deep", "test opponent", "engine", "engine", depth=10)
    app = _ais_only_move(make_app, level=deep)
    game = screen_of(app).game
    run_until(app, settled(app, game, 2))
    run_until(app, lambda: game.thinking is None and game.judgement() is not None)
    judged = game.judgement()
    assert judged is not None and judged.depth == deep.depth, judged
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    # The AI's own search, its depth in the heading above: the score is that search's.
    assert rows[1].startswith(f"{deep.depth} turns ahead: ") and "(" not in score, rows
    press(app, pygame.K_w, "w")
    run_until(app, lambda: isinstance(app.screen, WhyScreen))
    why = app.screen
    assert isinstance(why, WhyScreen)
    [row] = [row for row in why.card.rows if row.played]
    assert row.depth == deep.depth and score == f"Score {row.score}", (row, score)


def test_on_a_clock_the_ais_only_move_still_leaves_a_score_on_the_bar(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-29c (5 min + 3 s, Club): after the AI's only move 23x14 the bar went
    back to "no evaluation yet" and the panel had no score until Hint. The only move's 1-turn
    search is no judgement, and on a clock nothing judged the position while the player
    thought: the engine judges it during the player's turn (their time, not the AI's)."""
    app = _ais_only_move(make_app, TimeControl(300, 3))
    screen = screen_of(app)
    game = screen.game
    run_until(app, lambda: game.judgement() is not None and game.thinking is None)
    judged = game.judgement()
    assert judged is not None and judged.depth >= JUDGE.depth
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)"), rows
    share, figure = screen.bar.figure()
    assert share is not None and figure and figure != "no evaluation yet"
    # The judging search spent none of the AI's time: White's clock stands where its move
    # left it while Black thinks.
    assert game.timer is not None and game.timer.running is Side.BLACK


def test_the_expected_line_and_the_score_come_from_one_search_one_depth(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30b (Novice, 11-15 21-17) read "The engine (10 turns ahead) expects
    9-13 (+7 more)" above "Score even (the engine looked 11 turns ahead)": once a search deeper
    than Why?'s judges the position, the panel's expected line is that search's."""
    deep = Level("deep", "test hint", "engine", "engine", depth=12)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(WEAK), hint=deep, judge=JUDGE)
    app = make_app(config)
    game = screen_of(app).game
    click(app, 11)
    click(app, 15)
    run_until(app, settled(app, game, 2))
    press(app, pygame.K_h, "h")
    run_until(app, lambda: game.hint is not None and game.thinking is None)
    judged = game.judgement()
    assert judged is not None and judged.depth >= deep.depth and judged.line
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)"), rows
    [expects] = [row for row in rows if row.startswith(EXPECTS)]
    assert expects == f"The engine expects {' '.join(judged.line[:8])}", rows


def test_an_only_move_is_scored_past_it_and_the_box_names_one_search(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-29 read "The engine (10 turns ahead) expects 15x24" beside "Score
    +0.20 for you (the engine looked 1 turn ahead)" after the AI's move left the player one
    capture: a judging search that thinks for a time stops at 1 turn ahead at an only move.
    The engine looks past the only move, and the box's line and score are that one search's."""
    # White's only move 26x17 leaves Black one move, 13x22.
    app, game = timed_judge_game(make_app, "W:W11,12,16,26,31:B2,10,13,20,21,22", 0.2)
    run_until(app, settled(app, game, 1))
    run_until(app, lambda: game.judgement() is not None and game.thinking is None)
    assert [move.pdn() for move in game.position.legal_moves()] == ["13x22"]
    judged = game.judgement()
    assert judged is not None and judged.depth > 1 and judged.line[:1] == ("13x22",)
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"(the engine looked {judged.depth} turns ahead)"), rows
    for row in rows:
        assert not row.startswith("The engine ("), rows  # no second search's depth
        if row.startswith(EXPECTS):
            assert row == f"The engine expects {' '.join(judged.line[:8])}", rows


def test_a_run_of_only_moves_is_scored_past_its_end_never_two_turns_ahead(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-29d read "+0.65 (looked 2 turns ahead)" after an only move, then
    "even (10 turns ahead)": the judging search looked past the player's only capture into a
    position where the reply was the only move too, and a search that thinks for a time stops
    at 1 turn ahead there. It looks past the whole run of only moves."""
    # Black's only move 14x23 leaves White one move, 27x18; then Black has a choice.
    app, game = timed_judge_game(make_app, "B:W18,27,32,30:B14,1,2,5", 0.2)
    run_until(app, lambda: game.judgement() is not None and game.thinking is None)
    judged = game.judgement()
    assert judged is not None and judged.line[:2] == ("14x23", "27x18"), judged
    assert judged.depth > 2 + 1, judged  # past the two only moves, a real search
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"looked {judged.depth} turns ahead)"), rows
    after = game.judgements.get(game.position.move(game.position.legal_moves()[0]))
    assert after is not None and after.depth == judged.depth - 1


def test_a_search_too_quick_to_time_says_under_a_tenth_of_a_second() -> None:
    """The walk of 2026-11-29 read "2,059 positions looked at in 0.0 s"."""
    assert seconds_words(0.0) == seconds_words(0.04) == "under 0.1\u00a0s"
    assert seconds_words(0.05) == "0.1\u00a0s" and seconds_words(2.26) == "2.3\u00a0s"
    assert plural(1638, "position") == "1,638 positions"  # as the panel writes its counts


def _ais_only_move(
    make_app: Callable[..., App], clock: TimeControl | None = None, level: Level | None = None
) -> App:
    """A game against a timed Club level (or `level`) whose reply 14-18 leaves it one legal
    move, 23x14, played: the window once that move has landed."""
    timed = level or Level("club", "test opponent", "engine", "engine", time=0.2)
    start = Position.from_fen("B:W23,29,30,31,32:B1,2,3,4,14")
    config = GameConfig(
        black=PlayerConfig(),
        white=PlayerConfig(timed),
        hint=HINT,
        judge=JUDGE,
        start=start,
        clock=clock,
    )
    app = make_app(config)
    game = screen_of(app).game
    click(app, 14)
    click(app, 18)
    run_until(app, lambda: game.record.ply == 2 and game.animation is None)
    assert game.last_move is not None and game.last_move.pdn() == "23x14"
    return app


def test_a_judging_search_cut_short_by_its_time_thinks_on_and_never_shows_as_settled(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30 read "+0.20 for you (the engine looked 2 turns ahead)" for 8 s
    and more after a Novice move, while Why? of that move proved "at least +0.40 for you"
    looking 9 turns ahead: the judging search of the player's turn thinks for 0.3 s, and a
    slow machine (the engine's core still compiling) got 2 turns in that. While the player
    thinks, a judging search its time cut short is asked again for longer; meanwhile the
    panel says "thinking... N turns ahead", never a shallow score as settled."""
    # Black to move, no book; a judging search of a hundredth of a second.
    app, game = timed_judge_game(make_app, "B:W22,26,27,31:B2,6,10,11", 0.01)
    seen: list[str] = []

    def judged_deep_enough() -> bool:
        seen.extend(row for row in panel_lines(game).search if row.startswith("Score "))
        judged = game.judgement()
        return game.thinking is None and judged is not None

    run_until(app, judged_deep_enough)
    judged = game.judgement()
    assert judged is not None and judged.depth >= JUDGE_DEPTH, judged
    rows = [row for row in panel_lines(game).search if row]
    [score] = [row for row in rows if row.startswith("Score ")]
    assert score.endswith(f"(looked {judged.depth} turns ahead)"), rows
    # Before that, every score the panel showed was still thinking, or the deep one.
    for row in seen:
        settled_depth = re.search(r"looked (\d+) turns? ahead\)$", row)
        assert settled_depth is None or int(settled_depth[1]) >= JUDGE_DEPTH, seen
    assert any("(thinking... " in row for row in seen), seen


def test_the_ais_database_move_counts_its_win_as_the_panel_and_the_bar_do(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-12-01v: "White (AI) played 23-27: database win in 31 moves for the AI"
    under the panel's "The AI wins in 30 moves" and the bar's "win 30": the note counted from
    the position before the move. It counts from the position the move leads to."""
    start = Position.from_fen("W:WK19,K23:B12,K28")
    engine = Level("club", "test opponent", "engine", "engine", depth=6)
    config = GameConfig(
        black=PlayerConfig(), white=PlayerConfig(engine), hint=HINT, judge=JUDGE, start=start
    )
    app = make_app(config)
    game = screen_of(app).game
    run_until(app, settled(app, game, 1))
    said = re.search(r"database win in (\d+) moves? for the AI", game.status)
    assert said is not None, game.status
    rows = [row for row in panel_lines(game).search if row]
    assert any(f"The AI wins in {said[1]} moves" in row for row in rows), (game.status, rows)
    assert screen_of(app).bar.figure()[1] == f"win {said[1]}", game.status


def test_an_ai_set_up_by_hand_has_the_start_screens_name_on_the_panel(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-12-01v: one AI was "Set by hand" on the start screen and "Custom" on
    the panel ("Black (Custom) had one legal move"). One name."""
    from checkers.gui.wording import HAND_LABEL

    by_hand = Level("custom", "engine/engine", "engine", "engine", depth=4)
    app = _ais_only_move(make_app, level=by_hand)
    game = screen_of(app).game
    run_until(app, settled(app, game, 2))
    rows = [row for row in panel_lines(game).search if row]
    assert rows[0] == f"White ({HAND_LABEL}) had one legal move", rows
