"""The game screen on pygame_gui: buttons that keep their places, the menu, the move list that
follows the game, the evaluation bar, the hint's arrow, captures vanishing hop by hop, scores in
men labelled with whose view, the resign dialog and the calm loop. Real events through the loop
under SDL's dummy drivers; waits are on conditions with a cap on frames, never on time."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from gui_driving import click, run_until, screen_of

from checkers.ai.levels import Level, get_level
from checkers.ai.players import BOOK_NOTE
from checkers.board import BLACK, WHITE, Move, Position
from checkers.clock import TimeControl
from checkers.coach.judgement import Judgement
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_control.ai_traffic import SearchFigures
from checkers.gui.game_view.panel import human_side, panel_lines
from checkers.gui.intents import (
    ChangeSettings,
    Intent,
    OpenFile,
    OpenLoad,
    OpenSettings,
    SaveGameAs,
)
from checkers.gui.screens.game import GameScreen
from checkers.gui.settings import Settings
from checkers.gui.wording import black_share, score_words

SLOW = Level("slow", "test opponent", "alphabeta", "seed", time=30.0)
QUICK = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
ENGINE_QUICK = Level("quick engine", "test opponent", "engine", "engine", depth=2)
STEPS = 400
"""A generous cap on frames to wait for a condition."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click_at(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)  # pygame_gui posts a button's press as an event of its own


def centre(widget: pygame_gui.core.UIElement) -> tuple[int, int]:
    x, y = widget.get_abs_rect().center
    return int(x), int(y)


def press_widget(app: App, name: str) -> None:
    click_at(app, centre(screen_of(app).widgets[name]))


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=text, mod=mod)
    app.step(1 / 60)
    app.step(1 / 60)


def places(screen: GameScreen) -> dict[str, tuple[pygame.Rect, bool]]:
    """Every panel button's rectangle on screen and whether it is enabled; the menu's
    commands (Resign, Offer draw...) with an empty rectangle and whether they apply."""
    shown = {
        command.name: (
            pygame.Rect(screen.widgets[command.name].get_abs_rect()),
            screen.widgets[command.name].is_enabled,
        )
        for command in screen.commands
        if command.name in screen.widgets
    }
    for command in screen.commands:
        if command.shown() and command.name not in shown:
            shown[command.name] = (pygame.Rect(0, 0, 0, 0), command.enabled())
    return shown


def test_buttons_keep_their_places_in_every_state_and_are_disabled_where_they_do_not_apply(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(SLOW)))
    screen = screen_of(app)
    game = screen.game
    app.step(1 / 60)
    playing = places(screen)
    assert playing["hint"][1] and playing["resign"][1] and playing["draw"][1]
    assert not playing["undo"][1] and not playing["back"][1] and not playing["continue"][1]

    click(app, 11)
    click(app, 15)
    run_until(app, lambda: game.thinking is not None and game.thinking.purpose == "move")
    app.step(1 / 60)
    thinking = places(screen)
    assert not thinking["hint"][1] and not thinking["draw"][1]  # not the human's turn
    assert thinking["undo"][1] and thinking["back"][1] and thinking["resign"][1]

    press(app, pygame.K_HOME)  # review from the start: the search stops
    reviewing = places(screen)
    assert game.reviewing and reviewing["continue"][1] and reviewing["forward"][1]
    assert not reviewing["back"][1] and not reviewing["start"][1]

    press(app, pygame.K_END)
    game.resign()
    game.resign()
    run_until(app, lambda: screen.result_shown() and "card close" in screen.widgets)
    over = places(screen)
    assert not over["resign"][1] and not over["hint"][1] and not over["draw"][1]

    for state in (thinking, reviewing, over):
        assert {name: rect for name, (rect, _) in state.items()} == {
            name: rect for name, (rect, _) in playing.items()
        }


def test_end_after_stepping_back_is_the_live_game_again(make_app: Callable[..., App]) -> None:
    app = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300, 3))
    )
    screen = screen_of(app)
    game = screen.game
    for square in (11, 15, 22, 18):
        click(app, square)
    press(app, pygame.K_LEFT)
    assert game.reviewing and places(screen)["continue"][1]
    press(app, pygame.K_END)  # back where the game stands, Black to move
    assert not game.reviewing and not places(screen)["continue"][1]
    assert game.status.startswith("Back at the last move. Black to move")
    assert game.timer is not None
    run_until(app, lambda: game.timer is not None and game.timer.running is BLACK)


def test_buttons_shared_by_every_mode_sit_in_the_same_place_in_every_mode(
    make_app: Callable[..., App],
) -> None:
    """At most six actions on the panel in every mode, with no keys in their labels; the
    arrows through the game, Play on from here and Menu sit in the same places in every mode."""
    configs = (
        GameConfig(black=PlayerConfig(), white=PlayerConfig(SLOW)),
        GameConfig(black=PlayerConfig(), white=PlayerConfig()),
        GameConfig(black=PlayerConfig(SLOW), white=PlayerConfig(SLOW)),
    )
    shared: list[dict[str, pygame.Rect]] = []
    for config in configs:
        app = make_app(config, size=(1120, 720))
        screen = screen_of(app)
        buttons = {name: widget for name, widget in screen.widgets.items() if " " not in name}
        nav = {"start", "back", "forward", "end", "continue"}
        assert nav | {"open_menu"} <= set(buttons)
        assert len(set(buttons) - nav) <= 6, sorted(buttons)
        assert not [w.text for w in buttons.values() if "(" in w.text or "Ctrl" in w.text]
        shared.append(
            {name: pygame.Rect(buttons[name].get_abs_rect()) for name in nav | {"open_menu"}}
        )
    assert shared[0] == shared[1] == shared[2]


def test_the_menu_holds_the_less_used_actions_in_plain_words(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = screen_of(app)
    asked: list[Intent] = []
    screen.context.request = asked.append
    labels = {widget.text for widget in screen.widgets.values()}
    assert not {"Copy FEN", "Copy PDN", "Save", "Load"} & labels  # not on the main panel
    press_widget(app, "open_menu")
    entries = screen.menu.items()
    names = [entry.name if entry is not None else "|" for entry in entries]
    groups = " ".join(names).split(" | ")
    assert groups[1].split() == [
        "copy_fen",
        "copy_pdn",
        "save",
        "save_as",
        "copy_picture",
        "save_picture",
        "open_file",
        "load",
    ]
    assert groups[-1].split() == ["menu", "quit"]  # leaving comes last
    assert "setup" in groups[0] and "resign" in groups[0] and "settings" in groups[2]
    assert screen.widgets["menu save"].text == "Save"  # the key sits beside it, not in it
    assert screen.widgets["menu load"].text == "Saved games"
    assert "Ctrl+S" in str(screen.widgets["menu save"].tool_tip_text)
    press_widget(app, "menu save_as")
    assert not screen.menu_open  # an item closes the menu
    assert isinstance(asked[-1], SaveGameAs) and asked[-1].name.endswith(".pdn")
    assert "[Event" in str(asked[-1].text)
    for name, intent in (("open_file", OpenFile), ("load", OpenLoad), ("settings", OpenSettings)):
        press_widget(app, "open_menu")
        press_widget(app, f"menu {name}")
        assert isinstance(asked[-1], intent)
    press_widget(app, "open_menu")
    # A setting's entry says its value in Settings' words; choosing it switches it.
    numbers = screen.context.settings.square_numbers
    assert screen.widgets["menu square_numbers"].text == (
        f"Square numbers: {'On' if numbers else 'Off'}"
    )
    muted = screen.context.sounds.muted
    assert screen.widgets["menu mute"].text == f"Sound: {'Off' if muted else 'On'}"
    press_widget(app, "menu mute")
    # The Sound setting changes (Settings shows it), the other way round.
    assert isinstance(asked[-1], ChangeSettings) and asked[-1].settings.sound == muted
    assert screen.game.status == f"Sound: {'On' if muted else 'Off'}."
    press_widget(app, "open_menu")
    press(app, pygame.K_ESCAPE)  # Esc closes the menu first
    assert not screen.menu_open and "menu save" not in screen.widgets


def test_the_move_list_scrolls_to_keep_the_current_move_in_view(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = screen_of(app)
    game = screen.game
    while len(game.record.line) < 60 and game.outcome is None:
        game.play(game.position.legal_moves()[0])
    panel = screen.panel
    assert panel is not None
    last = len(game.record.line)
    run_until(app, lambda: last in panel.visible_plies() and not panel.scrolling())
    assert panel.moves.vert_scroll_bar is not None  # the list is longer than its view
    assert 1 not in panel.visible_plies()
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)
    run_until(app, lambda: 1 in panel.visible_plies() and not panel.scrolling())
    assert game.record.ply == 1
    assert screen.move_cell(1).is_selected and last not in panel.visible_plies()
    # A click on a move in view shows the position after it.
    click_at(app, centre(screen.move_cell(4)))
    assert game.record.ply == 4 and screen.move_cell(4).is_selected
    assert (
        screen.move_cell(1).text == game.record.line[0].pdn()
        and not screen.move_cell(1).is_selected
    )


def test_the_move_list_numbers_moves_as_players_do(make_app: Callable[..., App]) -> None:
    app = make_app()
    screen = screen_of(app)
    for square in (11, 15, 23, 19):
        click(app, square)
    container = screen.panel.moves.get_container()  # type: ignore[union-attr]
    texts = [element.text for element in container if hasattr(element, "text")]
    assert texts[:3] == ["1.", "11-15", "23-19"]
    assert screen.widgets["undo"].is_enabled


def test_the_evaluation_bar_shows_by_default_when_watching_and_the_key_toggles_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = screen_of(app)
    assert not screen.bar.shown()
    board_before = screen.layout().board
    press(app, pygame.K_v, "v")
    assert app.settings.eval_bar == "always" and screen.bar.shown()
    layout = screen.layout()
    bar = screen.bar.rect(layout)
    assert bar.left >= layout.board.left + layout.board.size  # beside the board, not over it
    assert layout.board.size <= board_before.size
    assert app.window.get_at(bar.center)[:3] != theme.BACKGROUND
    press(app, pygame.K_v, "v")
    assert app.settings.eval_bar == "watching" and not screen.bar.shown()

    watching = make_app(
        GameConfig(black=PlayerConfig(ENGINE_QUICK), white=PlayerConfig(ENGINE_QUICK))
    )
    assert screen_of(watching).bar.shown()
    run_until(watching, lambda: screen_of(watching).bar.evaluation() is not None)
    share, words = screen_of(watching).bar.evaluation()  # type: ignore[misc]
    score = words.split(" (thinking... ")[0]  # a search still deepening says so after it
    assert 0.0 <= share <= 1.0
    assert score == "even" or score.endswith(("for Black", "for White", "moves", "move"))


def test_a_weak_levels_own_rough_score_is_never_shown_as_the_score(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK)))
    screen = screen_of(app)
    run_until(app, lambda: screen.game.record.ply >= 2 and screen.game.figures is not None)
    # No score: the bar says why (the next move's search, or nothing judged), never a number.
    assert screen.bar.evaluation() is None
    assert screen.bar.label() in ("no evaluation yet", "thinking...")
    assert not any(line.startswith("Score") for line in panel_lines(screen.game).search)


def test_the_panel_the_bar_the_hint_and_the_draw_offer_give_one_score(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE_QUICK)))
    screen = screen_of(app)
    game = screen.game
    click(app, 11)
    click(app, 15)
    run_until(app, lambda: game.record.ply == 2 and game.thinking is None)
    evaluation = screen.bar.evaluation()
    assert evaluation is not None
    words = evaluation[1]
    assert words == "even" or words.endswith(("for you", "for the AI"))  # told from your side
    assert any(line.startswith(f"Score {words}") for line in panel_lines(game).search)
    press(app, pygame.K_h, "h")
    run_until(app, lambda: game.hint is not None)
    evaluation = screen.bar.evaluation()
    assert evaluation is not None
    words = evaluation[1]  # the deeper of the two searches: the bar, the panel and the hint
    assert f"({words}," in game.status and any(
        line.startswith(f"Score {words}") for line in panel_lines(game).search
    )
    press(app, pygame.K_d, "d")  # asks first: a draw the AI accepts ends the game
    press(app, pygame.K_d, "d")  # the AI answers from the same evaluation
    # (`even` is said once: "it thinks the game is even.", never "even (even)".)
    assert f"({words})" in game.status if words != "even" else "the game is even." in game.status


def test_a_hint_shows_an_arrow_on_the_board(make_app: Callable[..., App]) -> None:
    app = make_app()
    screen = screen_of(app)
    geometry = screen.layout().board
    (x0, y0), (x1, y1) = geometry.square_center(11), geometry.square_center(15)
    along = (round(x0 + (x1 - x0) * 0.55), round(y0 + (y1 - y0) * 0.55))
    app.step(1 / 60)
    before = app.window.get_at(along)[:3]
    screen.game.hint = Move((11, 15))
    app.step(1 / 60)
    after = app.window.get_at(along)[:3]
    assert after != before and after[2] > after[0]  # the hint's blue over the board


def test_each_captured_piece_vanishes_when_the_mover_passes_over_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app(
        GameConfig(
            black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W6,15:B1")
        )
    )
    screen = screen_of(app)
    click(app, 1)
    screen.game.hop_seconds = 1.0
    click(app, 19)  # 1x10x19 over 6 and 15
    animation = screen.game.animation
    assert animation is not None and animation.move.captures == (6, 15)
    geometry = screen.layout().board

    def hidden() -> frozenset[int]:
        return screen.board_view(geometry).hidden - {1}

    def drawn(square: int) -> bool:
        x, y = geometry.square_center(square)
        return app.window.get_at((int(x), int(y)))[:3] != theme.DARK_SQUARE

    app.step(0.45)  # the first hop, before the middle: nothing jumped yet
    assert hidden() == frozenset() and drawn(15)
    app.step(0.45)  # past 6 (the moving piece is beyond it now)
    assert hidden() == {6} and not drawn(6) and drawn(15)
    app.step(0.45)  # the second hop, before its middle: 15 is not passed yet
    assert hidden() == {6} and drawn(15)
    app.step(0.45)  # past 15
    assert hidden() == {6, 15} and not drawn(6) and not drawn(15)
    app.step(0.5)
    assert screen.game.animation is None and screen.game.position.piece_at(19) is not None


def test_scores_are_in_men_and_say_who_is_ahead() -> None:
    # Against the AI: White (the AI) a man and a half up is +1.50 for the AI, whoever searched.
    assert score_words(150, 100, WHITE, BLACK) == "+1.50 for the AI"
    assert score_words(-150, 100, BLACK, BLACK) == "+1.50 for the AI"
    assert score_words(150, 100, WHITE, None) == "+1.50 for White"
    assert score_words(0, 100, WHITE, BLACK) == "even"
    won = 1_000_000 - 7  # a win in 7 plies for the side that searched: 4 moves
    assert score_words(won, 100, WHITE, BLACK) == "the AI wins in 4 moves"
    assert score_words(won, 100, BLACK, BLACK) == "you win in 4 moves"
    assert score_words(-(1_000_000 - 1), 1, BLACK, None) == "White wins in 1 move"
    assert black_share(0, 100, BLACK) == 0.5
    assert black_share(100, 100, BLACK) > 0.6
    assert black_share(100, 100, WHITE) < 0.4
    assert black_share(won, 100, WHITE) == 0.0


def test_resigning_asks_on_a_card_and_undo_takes_it_back(make_app: Callable[..., App]) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    screen = screen_of(app)
    press_widget(app, "open_menu")
    press_widget(app, "menu resign")
    card = screen.confirm
    assert card is not None and screen.game.outcome is None
    # The status line points at the card (keys are the buttons' tooltips, as on every card),
    # and the whole window is dimmed under it.
    resign, cancel = card.widgets["resign"], card.widgets["cancel"]
    assert (resign.text, cancel.text) == ("Resign", "Keep playing")
    assert screen.game.status == "Resign? Choose on the card."
    assert "again" not in screen.game.status
    assert card.panel is not None
    shades = [
        element
        for element in app.context.ui.get_sprite_group().sprites()
        if "#shade" in element.get_object_ids()
        and element.rect.size == app.window_size()
        and element.get_top_layer() < card.panel.get_top_layer()
    ]
    assert shades
    # A click on a panel button under the shade reaches nothing.
    click_at(app, centre(screen.widgets["new"]))
    assert screen.confirm is card and len(screen.game.record.moves) == 0
    click_at(app, centre(resign))
    app.step(1 / 60)  # the button posts its press: one more frame
    assert screen.game.outcome is not None and screen.game.status.endswith("You resigned.")
    press(app, pygame.K_ESCAPE)  # the game-over card goes
    press(app, pygame.K_u, "u")
    assert screen.game.outcome is None
    press(app, pygame.K_r, "r", pygame.KMOD_CTRL)
    assert screen.confirm is not None
    press(app, pygame.K_ESCAPE)  # Esc says no
    assert screen.confirm is None and screen.game.outcome is None
    press(app, pygame.K_r, "r", pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN, "\r")  # Enter says yes
    assert screen.confirm is None and screen.game.outcome is not None


def test_offering_the_ai_a_draw_asks_on_a_card_like_resigning(
    make_app: Callable[..., App],
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK), hint=ENGINE_QUICK)
    app = make_app(config)
    screen = screen_of(app)
    run_until(app, lambda: screen.game.judgement() is not None)  # judged while you think

    def offered() -> bool:
        # A draw offer's search asked of the AI (a judging search may still deepen meanwhile:
        # on a busy machine its first answer comes short of its depth and it is asked again).
        thinking = screen.game.thinking
        return thinking is not None and thinking.purpose == "draw"

    press_widget(app, "open_menu")
    press_widget(app, "menu draw")
    card = screen.confirm
    assert card is not None and card.is_built() and card.title == "Offer a draw?"
    offer, cancel = card.widgets["offer"], card.widgets["cancel"]
    assert (offer.text, cancel.text) == ("Offer draw", "Cancel")
    assert offer.rect.size == cancel.rect.size and "@primary" in offer.get_object_ids()
    assert screen.game.status == "Offer the AI a draw? Choose on the card."
    assert not offered() and screen.game.outcome is None  # nothing offered yet
    click_at(app, centre(cancel))
    assert screen.confirm is None and screen.game.confirming is None
    assert not offered() and screen.game.outcome is None
    press(app, pygame.K_d, "d")  # the key asks too; Esc says no
    assert screen.confirm is not None
    press(app, pygame.K_ESCAPE)
    assert screen.confirm is None and not offered()
    press(app, pygame.K_d, "d")
    click_at(app, centre(screen.confirm.widgets["offer"]))
    assert screen.confirm is None  # then the AI's answer, as before: on the status line
    run_until(app, lambda: screen.game.status.startswith(("The AI accepts", "The AI declines")))
    accepted = screen.game.status.startswith("The AI accepts")
    assert (screen.game.outcome is not None) == accepted


def test_the_clock_stops_while_a_question_card_waits_and_the_help_card_says_it_runs(
    make_app: Callable[..., App],
) -> None:
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK), clock=TimeControl(300, 0))
    app = make_app(config)
    screen = screen_of(app)
    game = screen.game
    click(app, 11)
    click(app, 15)  # 11-15: the clocks start; the AI replies
    run_until(app, lambda: game.is_human_turn() and game.animation is None)
    assert game.timer is not None and game.timer.running is BLACK
    for key, text, mod, name in (
        (pygame.K_d, "d", 0, "draw"),
        (pygame.K_r, "r", pygame.KMOD_CTRL, "resign"),
    ):
        press(app, key, text, mod)
        card = screen.confirm
        assert card is not None and "Your clock is stopped until you choose." in card.lines, name
        left = game.timer.remaining(BLACK)
        app.step(30.0)  # the player thinks over the question for half a minute
        assert game.timer.remaining(BLACK) == left, name  # what the clock face shows: unchanged
        press(app, pygame.K_ESCAPE)  # no: the question goes, the clock runs again
        assert screen.confirm is None
        app.step(5.0)
        assert game.timer.remaining(BLACK) == pytest.approx(left - 5.0, abs=0.1), name
    press(app, pygame.K_F1)  # the help card: read at the player's pace, on the clock
    assert screen.card_is("help")
    titles = [
        element.text
        for element in app.context.ui.get_sprite_group().sprites()
        if isinstance(element, pygame_gui.elements.UILabel)
    ]
    assert "The rules and the keys (the clock runs)" in titles
    left = game.timer.remaining(BLACK)
    app.step(5.0)
    assert game.timer.remaining(BLACK) == pytest.approx(left - 5.0, abs=0.1)


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_panel_has_no_empty_band_between_the_ai_lines_and_the_move_list(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=size)
    screen = screen_of(app)
    game = screen.game
    for start, end in ((11, 15), (9, 14)):
        run_until(app, lambda: game.is_human_turn() and game.animation is None)
        if not any((m.start, m.end) == (start, end) for m in game.record.legal_moves()):
            start, end = game.record.legal_moves()[0].start, game.record.legal_moves()[0].end
        click(app, start)
        click(app, end)
        run_until(app, lambda: game.is_human_turn() and game.thinking is None)
        for _ in range(3):
            app.step(1 / 60)
        panel = screen.panel
        assert panel is not None
        box, heading, well = panel.search, panel.moves_title, panel.well
        layout = box.text_box_layout
        assert layout is not None and layout.layout_rows and box.scroll_bar is None
        # The AI's lines end, then within a row the list's heading; the list's frame reaches
        # down to the buttons (less than a row above them).
        words_bottom = box.rect.top + layout.layout_rows[-1].bottom
        assert heading.rect.top - words_bottom < heading.rect.height + panel.move_row
        assert box.rect.bottom < heading.rect.top < well.rect.top
        buttons_top = min(
            widget.rect.top
            for widget in screen.widgets.values()
            if widget.visible and widget.rect.top > well.rect.top
        )
        assert 0 <= buttons_top - well.rect.bottom < panel.move_row


def test_two_players_offer_a_draw_at_once_the_other_side_answers_on_its_turn(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = screen_of(app)
    press(app, pygame.K_d, "d")
    assert screen.confirm is None and screen.game.status.startswith("Black offers a draw")


def test_the_resign_cards_buttons_have_one_size_and_the_focus_is_an_outline(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    screen = screen_of(app)
    press(app, pygame.K_r, "r", pygame.KMOD_CTRL)
    card = screen.confirm
    assert card is not None
    resign, cancel = card.widgets["resign"], card.widgets["cancel"]
    assert resign.rect.size == cancel.rect.size
    # As tall as the panel's buttons, and the primary's text no larger than its neighbour's.
    assert resign.rect.height == screen.widgets["undo"].rect.height
    assert resign.font is not None and cancel.font is not None
    assert resign.font.size("Resign") == cancel.font.size("Resign")
    assert card.focused == "resign"
    press(app, pygame.K_TAB, "\t")  # the focus moves to Keep playing; no button grows
    assert card.focused == "cancel" and resign.rect.size == cancel.rect.size
    ring = [
        element
        for element in app.context.ui.get_sprite_group().sprites()
        if isinstance(element, pygame_gui.elements.UIPanel)
        and "#focus_ring" in element.get_object_ids()
    ]
    assert len(ring) == 1 and ring[0].rect.inflate(-8, -8).collidepoint(cancel.rect.center)
    assert ring[0].rect.contains(cancel.rect) and not ring[0].rect.colliderect(resign.rect)
    press(app, pygame.K_RETURN, "\r")  # Enter presses the focused button: play on
    assert screen.confirm is None and screen.game.outcome is None


def test_the_screen_sleeps_while_waiting_for_the_human_and_ticks_a_running_clock(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    screen = screen_of(app)
    run_until(app, lambda: screen.wake_in() is None)
    timed = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), clock=TimeControl(300)))
    click(timed, 11)
    click(timed, 15)  # the clocks run from the first move
    timed.step(1 / 60)
    wake = screen_of(timed).wake_in()
    assert wake is not None and 0 < wake <= 1.0


def bar_fill(app: App, bar: pygame.Rect) -> set[tuple[int, ...]]:
    """The pieces' colours found down the middle of the evaluation bar."""
    colours = {tuple(app.window.get_at((bar.centerx, y)))[:3] for y in range(bar.top, bar.bottom)}
    return colours & {theme.BLACK_PIECE, theme.WHITE_PIECE}


def words_on(app: App, bar: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    """Whether the bar shows words in `colour` (its waiting words are drawn in it)."""
    return any(
        tuple(app.window.get_at((x, y)))[:3] == colour
        for x in range(bar.left, bar.right)
        for y in range(bar.top, bar.bottom)
    )


def test_the_bar_says_it_is_thinking_at_the_start_of_a_game_the_ai_opens(
    make_app: Callable[..., App],
) -> None:
    """Reported once: an empty bar for seconds at the start of a Club game. While the AI
    searches its first move (or waits for the engine to get ready) the bar says so; once its
    search has a score the bar shows it."""
    app = make_app(
        GameConfig(black=PlayerConfig(get_level("club")), white=PlayerConfig()),
        settings=Settings(eval_bar="always"),
    )
    screen = screen_of(app)
    game = screen.game
    app.step(1 / 60)
    assert game.thinking is not None and game.record.ply == 0
    words = screen.bar.label()
    assert words in ("thinking...", "getting the engine ready...")
    bar = screen.bar.rect(screen.layout())
    assert not bar_fill(app, bar) and words_on(app, bar, theme.TEXT_ACCENT)
    run_until(app, lambda: screen.bar.evaluation() is not None or game.record.ply > 0)
    app.step(1 / 60)
    assert screen.bar.label() not in ("thinking...", "getting the engine ready...")


def test_the_panel_names_the_bar_s_key_while_the_bar_is_off(make_app: Callable[..., App]) -> None:
    """Off in a new player's games against the AI (as lichess has it), the bar is one key
    away, and the panel says which."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=(720, 480))
    screen = screen_of(app)
    assert not screen.bar.shown()
    assert screen.panel is not None and screen.panel.header_right.text == "V: evaluation bar"
    press(app, pygame.K_v, "v")
    assert screen.bar.shown() and screen.panel.header_right.text == ""


def test_the_evaluation_bar_says_no_evaluation_yet_instead_of_an_empty_or_stale_bar(
    make_app: Callable[..., App],
) -> None:
    two = make_app()
    screen = screen_of(two)
    press(two, pygame.K_v, "v")
    assert screen.bar.shown() and screen.bar.label() == "no evaluation yet"
    bar = screen.bar.rect(screen.layout())
    assert not bar_fill(two, bar)  # no fill: a neutral bar, its words saying why
    assert words_on(two, bar, theme.TEXT_DIM)

    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE_QUICK)))
    screen = screen_of(app)
    game = screen.game
    press(app, pygame.K_v, "v")
    assert screen.bar.shown()
    click(app, 11)
    click(app, 15)
    run_until(app, lambda: game.position.turn is BLACK and game.animation is None)
    app.step(1 / 60)
    judged = game.judgement()
    assert judged is not None
    # The panel's words, two decimals and the side ahead, not a bare "0.1".
    label = screen.bar.label()
    assert label == score_words(judged.score, judged.man, judged.side, human_side(game))
    assert label == "even" or label.endswith(("for you", "for the AI"))
    bar = screen.bar.rect(screen.layout())
    assert bar_fill(app, bar) == {theme.BLACK_PIECE, theme.WHITE_PIECE}  # filled, both sides
    press(app, pygame.K_u, "u")
    assert game.record.ply == 0
    # Never the figure of the position taken back: the start's own judgement (the game judges
    # an unscored position while the player thinks), or why there is none yet.
    start = game.judgement()
    shown = screen.bar.label()
    if start is not None:  # (a search still deepening adds how far it has got)
        assert shown.startswith(score_words(start.score, start.man, start.side, human_side(game)))
    else:
        assert shown == "no evaluation yet" or "thinking..." in shown, shown


def test_pause_says_resume_at_once_in_ai_vs_ai(make_app: Callable[..., App]) -> None:
    app = make_app(GameConfig(black=PlayerConfig(SLOW), white=PlayerConfig(SLOW)))
    screen = screen_of(app)
    run_until(app, lambda: screen.game.thinking is not None)
    press(app, pygame.K_SPACE, " ")
    assert screen.game.paused
    for _ in range(STEPS):  # the frames the loop runs before it sleeps for the next event
        if app.next_frame_in() is None:
            break
        app.step(1 / 60)
    button = screen.widgets["pause"]
    assert button.text == "Resume"
    shape = button.drawable_shape
    assert not shape.states_to_redraw_queue  # every look of the button (selected too) drawn


def test_a_one_move_search_says_one_move_not_one_moves(make_app: Callable[..., App]) -> None:
    one = Level("one", "test opponent", "alphabeta", "seed", depth=1)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(one), hint=one))
    screen = screen_of(app)
    press(app, pygame.K_h, "h")
    run_until(app, lambda: screen.game.hint is not None)
    assert "1 turn ahead" in screen.game.status and "1 turns" not in screen.game.status
    click(app, 11)
    click(app, 15)
    run_until(app, lambda: screen.game.record.ply == 2 and screen.game.figures is not None)
    assert panel_lines(screen.game).search[0].endswith("(One) looked 1 turn ahead")


def test_the_panel_names_the_game_as_the_start_screen_does(make_app) -> None:
    from checkers.gui.game_view.panel import panel_lines
    from checkers.gui.screens.start import MODES

    start_names = [text for _, text, _, _ in MODES]
    assert start_names == ["You vs AI", "AI vs AI", "Two players"]
    two_players = make_app()
    assert panel_lines(screen_of(two_players).game).header == "Two players"
    against_ai = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    assert panel_lines(screen_of(against_ai).game).header == "You vs AI"


@pytest.mark.parametrize("size", [(720, 480), (1120, 720), (1600, 1000)])
def test_long_ai_lines_and_the_status_line_wrap_whole_at_the_smallest_and_default_size(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """The AI's figures with a long expected line and a note, and the longest status (a file
    loaded while a game was kept), are shown whole: wrapped, no ellipsis, no scroll bar (the
    expected line shows the moves that fit a row)."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=size)
    screen = screen_of(app)
    game = screen.game
    # The AI's move on the board, and the long line its search expects after it.
    game.record.play(Move((11, 15)))
    game.ai_stuck = True  # the AI asks nothing: its figures stay
    captures = (Move((11, 15)), *(Move((5, 14, 23, 30)) for _ in range(8)))
    game.figures = SearchFigures(
        WHITE, "master", 24, 1.5, 12_345_678, 9.9, captures, "database draw; the AI blundered"
    )
    game.status = (
        "Tinsley vs Chinook, London 1992, game 14.pdn: "
        + "Loaded a game of 60 moves: Left/Right step through it, click a move in the list, "
        + "C plays on. Black wins. Your last game was kept: Menu > Saved games (Ctrl+O) resumes it."
    )
    app.step(1 / 60)
    app.step(1 / 60)
    panel = screen.panel
    assert panel is not None and screen.status_box is not None
    for box in (panel.search, screen.status_box):
        assert box.scroll_bar is None and "..." not in box.html_text
    for _, _, player, _ in panel.side_labels:  # who plays, in full when there is no clock
        assert not player.text.endswith("...")
    # The line the AI expects: its first moves, as many as fit one row, and how many more.
    text = panel.search.html_text.replace("\u00a0", " ")  # a no-break space reads as a space
    shown = re.search(r"Expects ((?:5x14x23x30 )+)\(\+(\d) more\)", text)
    assert shown is not None, text
    assert len(shown[1].split()) + int(shown[2]) == 8  # the replies after the AI's own move
    assert "Database draw; the AI blundered" in text


def test_the_help_card_dims_the_whole_window_and_a_click_beside_it_closes_it(
    make_app: Callable[..., App],
) -> None:
    """As behind every dialog, the panel's buttons are dimmed too and take no click while the
    card is up; a click beside the card (here where Menu is) closes it and does nothing else."""
    app = make_app()
    screen = screen_of(app)
    menu = centre(screen.widgets["open_menu"])
    press(app, pygame.K_F1)
    assert screen.card == "help"
    menu_button = screen.widgets["open_menu"]
    covers = [
        element
        for element in app.context.ui.get_sprite_group().sprites()
        if "#shade" in element.get_object_ids()
        and element.rect.size == app.window_size()
        and element.get_top_layer() > menu_button.get_top_layer()
    ]
    assert covers
    click_at(app, menu)
    assert screen.card is None and not screen.menu_open


@pytest.mark.parametrize("size", [(720, 480), (1120, 720), (1600, 1000)])
def test_the_ai_lines_have_no_blank_row_between_them(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """pygame_gui puts a line break that follows a line nearly as wide as the box on a row of its
    own; the book move's heading was such a line in the default window."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=size)
    screen = screen_of(app)
    for level in ("master", "strong", "club", "novice"):
        screen.game.figures = SearchFigures(WHITE, level, 13, 5.0, 0, 0.0, (), BOOK_NOTE)
        app.step(1 / 60)
        panel = screen.panel
        assert panel is not None and panel.search.text_box_layout is not None
        rows = panel.search.text_box_layout.layout_rows
        assert all(any(getattr(item, "text", "") for item in row.items) for row in rows)


def test_the_ai_lines_never_wrap_a_unit_away_from_its_number(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30 read "... looked at in under 0.1" over a row of its own "s" at
    720x480: the count's row wraps with the number and its unit together, whatever its width."""
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)), size=(720, 480))
    screen = screen_of(app)
    # The walk's count, and widths measured to put the unit alone on a row with a plain space.
    for nodes, seconds in ((2_059, 0.01), (4_444, 0.01), (10_000_000, 41.7)):
        screen.game.figures = SearchFigures(WHITE, "club", 9, 5.0, nodes, seconds, (), "")
        app.step(1 / 60)
        panel = screen.panel
        assert panel is not None and panel.search.text_box_layout is not None
        rows = [
            # A no-break space (a number held to its unit) reads as a space.
            "".join(getattr(item, "text", "") for item in row.items).strip().replace("\u00a0", " ")
            for row in panel.search.text_box_layout.layout_rows
        ]
        assert "s" not in rows, rows
        [count] = [row for row in rows if "looked at" in row]
        assert count.startswith(f"{nodes:,} positions"), rows


def test_a_score_from_a_level_with_its_own_rough_evaluation_is_not_the_score(
    make_app: Callable[..., App],
) -> None:
    """The novice's evaluation counts its own centre pieces only: its numbers are never shown as
    the game's score; the engine's evaluation is, in men."""
    novice = PlayerConfig(get_level("novice"))
    app = make_app(GameConfig(black=PlayerConfig(), white=novice))
    screen = screen_of(app)
    screen.game.figures = SearchFigures(WHITE, "novice", 3, 13.9, 500, 0.1, (), "", man=10.0)
    lines = panel_lines(screen.game).search
    assert not any("1.39" in line or "Score" in line for line in lines)
    strong = PlayerConfig(get_level("strong"))
    app = make_app(GameConfig(black=PlayerConfig(), white=strong))
    screen = screen_of(app)
    game = screen.game
    game.figures = SearchFigures(WHITE, "strong", 9, 50.0, 500, 0.1, (), "", man=100.0)
    game.judge(game.position, Judgement(50.0, 100.0, WHITE, 9))
    lines = panel_lines(game).search
    # The heading says how far it looked, its count follows it; the score line does not say
    # the depth twice.
    assert lines[:2] == (
        "White (Strong) looked 9 turns ahead",
        "500 positions looked at in 0.1\u00a0s",
    )
    assert "Score +0.50 for the AI" in lines
    assert not any("own scale" in line for line in lines)
    # As deep, another figure: another search's (the exact pass's), said so under the AI's
    # heading, not read as its own count (walk 2026-12-01ad: +1.55 under "White (Club) looked
    # 15 turns ahead" beside Why?'s "counted +1.65 for White").
    game.judge(game.position, Judgement(55.0, 100.0, WHITE, 9))
    lines = panel_lines(game).search
    assert "Score +0.55 for the AI (the engine's look at every move, 9 turns ahead)" in lines


def test_weak_levels_playing_each_other_still_fill_the_bar_with_the_engines_score(
    make_app: Callable[..., App],
) -> None:
    """Two novices play: their own scores are not shown, so the engine judges each position
    before the move and the bar shows its score, not an empty bar."""
    novice = PlayerConfig(get_level("novice"))
    app = make_app(GameConfig(black=novice, white=novice))
    screen = screen_of(app)
    game = screen.game
    run_until(app, lambda: game.record.ply >= 2)
    judged = game.judgements.get(game.record.positions[1])
    assert judged is not None and judged.depth >= 1 and judged.man == 100.0
    run_until(app, lambda: screen.bar.evaluation() is not None)


def test_a_weak_levels_slip_fits_the_panel_of_the_smallest_window(
    make_app: Callable[..., App],
) -> None:
    """AI vs AI between beginners at 720x480: a slip (no search behind it) with the engine's
    score and its note is shown whole, with no scroll bar and no empty figures."""
    beginner = PlayerConfig(get_level("beginner"))
    app = make_app(GameConfig(black=beginner, white=beginner), size=(720, 480))
    screen = screen_of(app)
    game = screen.game
    game.toggle_pause()  # cancels the search under way: the figures below stay shown
    slip = Move.from_pdn("24-20")
    game.figures = SearchFigures(
        WHITE,
        "beginner",
        0,
        0.0,
        0,
        0.0,
        (slip,),
        "beginner slipped: played 24-20 instead of 22-18",
    )
    game.judge(game.position, Judgement(-35.0, 100.0, BLACK, 10))
    app.step(1 / 60)
    app.step(1 / 60)
    panel = screen.panel
    assert panel is not None
    text = panel.search.html_text.replace("\u00a0", " ")  # a no-break space reads as a space
    assert panel.search.scroll_bar is None and "..." not in text
    assert "played at once" in text and "Beginner slipped" in text
    assert "positions looked at" not in text and "Expects" not in text


def test_the_bar_holds_the_last_score_while_the_next_position_is_judged(
    make_app: Callable[..., App],
) -> None:
    """Until a search has judged the position a move has just reached, the bar keeps the
    score of the position before instead of emptying (it flickered between every two moves)."""
    novice = PlayerConfig(get_level("novice"))
    app = make_app(GameConfig(black=novice, white=novice))
    screen = screen_of(app)
    game = screen.game
    run_until(app, lambda: game.record.ply >= 1 and game.position not in game.judgements)
    before = game.judgements[game.record.positions[-2]]  # judged before the move was chosen
    share, figure = screen.bar.figure()
    assert share == black_share(before.score, before.man, before.side) and figure


def test_against_a_weak_level_the_bar_has_the_engines_score_on_your_turn(
    make_app: Callable[..., App],
) -> None:
    """The novice's own scores are not the game's: the engine judges the position before the
    novice moves, and during your turn the bar shows that score (it stayed empty)."""
    novice = PlayerConfig(get_level("novice"))
    app = make_app(GameConfig(black=PlayerConfig(), white=novice))
    screen = screen_of(app)
    game = screen.game
    game.play(Move.from_pdn("11-15", game.position))
    run_until(app, lambda: game.record.ply == 2 and game.animation is None)
    assert game.judgements.get(game.record.positions[1]) is not None
    share, figure = screen.bar.figure()
    assert share is not None and figure


def test_a_forced_ai_move_says_it_had_one_legal_move_not_how_far_it_looked(
    make_app: Callable[..., App],
) -> None:
    # The walk of 2026-11-28 read "White (strong) looked 1 turn ahead ... 13 positions" under
    # a level said to think for two seconds: the move was a compulsory capture.
    one = Level("one", "test opponent", "alphabeta", "seed", depth=3)
    start = Position.from_fen("W:W22:B18,1,3")  # White's only move: 22x15
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(one), start=start))
    screen = screen_of(app)
    run_until(
        app,
        lambda: (
            screen.game.record.ply == 1
            and screen.game.figures is not None
            and app.ai.explaining is None
        ),
    )
    assert panel_lines(screen.game).search[0] == "White (One) had one legal move"


def test_the_bar_at_a_won_games_end_names_who_won_and_why(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    # The second walk's review: the bar at the final position read "won" (no side) beside the
    # note's "After the move +0.80 for the AI". It names the winner as the panel does, and
    # that you resigned, so the score the game stopped at and the result read as one.
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    screen = screen_of(app)
    game = screen.game
    game.resign()
    game.resign()
    run_until(app, lambda: game.outcome is not None)
    assert screen.bar.label() == "The AI won: you resigned"
    share, figure = screen.bar.figure()
    assert share == 0.0 and figure == ""  # White's end filled; the words say who
    surface = pygame.Surface(app.window_size())
    rect = screen.bar.rect(screen.layout())
    screen.bar.draw(surface, rect)
    pygame.image.save(surface, str(tmp_path / "bar.png"))
    # Two players: the sides by colour; a game that ends on the board needs no reason.
    two = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig()))
    both = screen_of(two)
    both.game.resign()
    both.game.resign()
    run_until(two, lambda: both.game.outcome is not None)
    assert both.bar.label() == "White won: Black resigned"
    blocked = make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W9:B5"))
    )
    board = screen_of(blocked)
    board.game.play(Move.from_pdn("5x14", board.game.position))
    run_until(blocked, lambda: board.game.outcome is not None)
    assert board.bar.label() == "Black won"
    # Back one move, the bar is the position's score again, not the result.
    board.game.undo()
    assert board.bar.label() != "Black won"


def test_help_tooltip_and_s_agree_on_what_step_does_in_ai_vs_ai(
    make_app: Callable[..., App],
) -> None:
    """S in AI vs AI pauses a running game, and while paused plays one AI move: the help
    card's row, the Step button's tooltip and the key say the same (the help said only "play
    one AI move while paused", and S on a running game played none)."""
    config = GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK), ai_delay=0.5)
    app = make_app(config)
    screen = screen_of(app)
    game = screen.game
    words = "pause a running AI vs AI game; while paused, play one AI move"
    assert ("S", f"Step: {words}") in screen.help_rows()
    assert screen.widgets["step"].tool_tip_text == f"{words[0].upper()}{words[1:]} (S)"
    press(app, pygame.K_F1)
    shown = [
        element.text
        for element in app.context.ui.get_sprite_group().sprites()
        if isinstance(element, pygame_gui.elements.UILabel)
    ]
    assert "S" in shown and any(text.startswith("Step: pause a running") for text in shown)
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: game.record.ply >= 1)
    assert not game.paused
    press(app, pygame.K_s, "s")  # running: S pauses
    assert game.paused
    for _ in range(60):
        app.step(1 / 60)
        app.ai.wait(1 / 60)  # a move the AI was searching lands here, if it does
    played = game.record.ply
    press(app, pygame.K_s, "s")  # paused: one AI move, and the game stays paused
    run_until(app, lambda: game.record.ply == played + 1)
    for _ in range(60):
        app.step(1 / 60)
        app.ai.wait(1 / 60)
    assert game.record.ply == played + 1 and game.paused


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_menus_rows_stand_inside_its_frame(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    # The walk of 2026-11-30h at 720x480: the last row ("Saved games") lay on the menu's frame.
    app = make_app(size=size)
    screen = screen_of(app)
    press_widget(app, "open_menu")
    app.step(1 / 60)
    panel = screen.widgets["menu panel"]
    inside = panel.get_container().get_rect()  # type: ignore[attr-defined]
    rows = [
        element.get_abs_rect()
        for element in panel.get_container().elements  # type: ignore[attr-defined]
        if element.visible
    ]
    assert rows
    assert all(inside.contains(row) for row in rows), (inside, max(r.bottom for r in rows))


def test_the_draw_buttons_tip_names_who_answers_the_offer(make_app: Callable[..., App]) -> None:
    # Walk 2026-11-30k: between two players the tip said "the AI answers from its evaluation".
    from checkers.gui.game_view.commands import command_tip

    def tip(config: GameConfig) -> str:
        screen = screen_of(make_app(config))
        return command_tip(next(c for c in screen.commands if c.name == "draw"))

    assert "the AI answers" in tip(GameConfig(black=PlayerConfig(), white=PlayerConfig(SLOW)))
    people = tip(GameConfig(black=PlayerConfig(), white=PlayerConfig()))
    assert "AI" not in people and "the other player accepts with D" in people


def test_a_bar_figure_held_from_the_position_before_is_shown_as_still_thinking(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01af: after the AI's move the bar kept the position before's "0.75" for 4 s
    # as if final. It is held (no empty bar between two moves), with the dots that say its
    # search still goes on, until the new position is judged.
    from checkers.coach.judgement import Judgement

    app = make_app()
    screen = screen_of(app)
    game = screen.game
    press(app, pygame.K_v, "v")
    game.judge(game.position, Judgement(0.75, 1.0, BLACK, 12, line=("9-14",)))
    game.play(Move.from_pdn("11-15", game.position))  # not the line's move: its score stays
    run_until(app, lambda: game.animation is None)
    assert game.judgement() is None  # the position reached: not judged yet
    bar = screen.bar
    share, figure = bar.figure()
    assert figure and share is not None  # the figure of the position before, held
    assert bar.held() and bar.label() != figure
    game.judge(game.position, Judgement(-0.1, 1.0, WHITE, 12, line=("23-19",)))
    assert not bar.held()
