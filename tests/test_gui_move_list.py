"""The game screen's move list with a long game: only the rows in view are widgets, moved to
the game's rows as the list scrolls, so everything the list shows must follow the scroll: the
numbers, the moves, the current move and a review's marks. Real events through the loop under
SDL's dummy drivers; waits are on conditions with a cap on frames, never on time."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import post, run_until, screen_of
from pygame_gui.elements import UILabel

from checkers.board import Position
from checkers.formats.pdn import read_file, record_from_game
from checkers.gui.app import App
from checkers.gui.game_view.panel import GamePanel, MoveMark

LONG_GAME = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "long-game.pdn"
"""A legal game of 150 moves (300 plies)."""
STEPS = 400
"""A generous cap on frames to wait for a condition."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path


def long_game(make_app: Callable[..., App]) -> App:
    """An app showing the 150-move game at its end, the list settled."""
    app = make_app()
    screen_of(app).game.load(record_from_game(read_file(LONG_GAME)[0]))
    panel = panel_of(app)
    run_until(app, lambda: 300 in panel.visible_plies() and not panel.scrolling())
    return app


def panel_of(app: App) -> GamePanel:
    panel = screen_of(app).panel
    assert panel is not None
    return panel


def settled(app: App) -> None:
    """Frames until the list stops gliding and its rows are in step with the scroll."""
    panel = panel_of(app)
    for _ in range(3):
        run_until(app, lambda: not panel.scrolling())
        app.step(1 / 60)


def wheel(app: App, steps: int) -> None:
    """Turn the mouse wheel over the list (positive: towards the start), then let it settle."""
    pygame.mouse.set_pos(panel_of(app).moves.get_abs_rect().center)
    app.step(1 / 60)  # pygame_gui sees the pointer over the list
    for _ in range(abs(steps)):
        post(pygame.MOUSEWHEEL, x=0, y=1 if steps > 0 else -1, flipped=False)
        app.step(1 / 60)
    settled(app)


def wheel_to(app: App, ply: int) -> None:
    """Turn the wheel (towards the start or the end) until `ply`'s move is in view."""
    panel = panel_of(app)
    towards_start = ply < min(panel.visible_plies())
    for _ in range(40):
        if ply in panel.visible_plies():
            return
        wheel(app, 10 if towards_start else -10)
    assert ply in panel.visible_plies()


def rows_in_step(app: App) -> None:
    """Every widget in view shows the row of the game at its place: the number, the moves."""
    panel = panel_of(app)
    line = screen_of(app).game.record.line
    assert panel.cells
    shown_top = -panel.moves.scrollable_container.relative_rect.top
    bottom = shown_top + panel.moves.rect.height
    for cell in panel.cells:
        rect = cell.button.relative_rect
        row = rect.top // panel.move_row
        assert row == (cell.ply - 1) // 2
        assert cell.button.text.rstrip("?!") == line[cell.ply - 1].pdn()
        # Whole rows only: a move is shown exactly when its row is wholly in view.
        assert cell.button.visible == (shown_top <= rect.top and rect.bottom <= bottom), cell.ply
    numbers = [
        element
        for element in panel.moves.get_container()
        if isinstance(element, UILabel) and element.visible
    ]
    assert numbers
    for number in numbers:
        assert number.text == f"{number.relative_rect.top // panel.move_row + 1}."


def test_a_long_game_loads_with_its_last_move_in_view_and_selected(
    make_app: Callable[..., App],
) -> None:
    app = long_game(make_app)
    panel = panel_of(app)
    assert panel.moves.vert_scroll_bar is not None
    assert 1 not in panel.visible_plies()
    assert screen_of(app).move_cell(300).is_selected
    assert sum(cell.button.is_selected for cell in panel.cells) == 1
    rows_in_step(app)
    # A rebuild of every widget (a resize, a card closed) keeps the move in view.
    screen_of(app).game.go_to(150)
    screen_of(app).show_ui(1)
    panel = panel_of(app)
    run_until(app, lambda: 150 in panel.visible_plies() and not panel.scrolling())
    assert screen_of(app).move_cell(150).is_selected
    rows_in_step(app)


def test_the_wheel_scrolls_a_long_game_to_its_start_and_the_bar_back_to_its_end(
    make_app: Callable[..., App],
) -> None:
    app = long_game(make_app)
    panel = panel_of(app)
    wheel_to(app, 1)
    wheel(app, 30)  # on past the top: the bar stops there and the window may sleep again
    assert not panel.scrolling() and screen_of(app).wake_in() is None
    assert 300 not in panel.visible_plies()
    rows_in_step(app)
    assert panel.cells[0].button.text == screen_of(app).game.record.line[0].pdn()
    assert not any(cell.button.is_selected for cell in panel.cells)  # the current is far off
    # Drag the scroll bar's handle to the foot of the bar.
    bar = panel.moves.vert_scroll_bar
    assert bar is not None
    assert bar.sliding_button is not None
    handle = bar.sliding_button.get_abs_rect().center
    foot = (handle[0], bar.get_abs_rect().bottom + 50)
    pygame.mouse.set_pos(handle)
    post(pygame.MOUSEMOTION, pos=handle, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    post(pygame.MOUSEBUTTONDOWN, pos=handle, button=1)
    app.step(1 / 60)
    for y in range(handle[1], foot[1], 10):  # a hand's steps: the handle follows the pointer
        pygame.mouse.set_pos((handle[0], y))
        post(pygame.MOUSEMOTION, pos=(handle[0], y), rel=(0, 10), buttons=(1, 0, 0))
        app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=foot, button=1)
    settled(app)
    assert 300 in panel.visible_plies() and 1 not in panel.visible_plies()
    rows_in_step(app)
    assert screen_of(app).move_cell(300).is_selected


def test_a_click_on_a_far_move_shows_its_position(make_app: Callable[..., App]) -> None:
    app = long_game(make_app)
    panel = panel_of(app)
    game = screen_of(app).game
    wheel_to(app, 3)
    point = screen_of(app).move_cell(3).get_abs_rect().center
    pygame.mouse.set_pos(point)
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    run_until(app, lambda: game.record.ply == 3)
    assert game.position == game.record.positions[3]
    assert screen_of(app).move_cell(3).is_selected
    assert sum(cell.button.is_selected for cell in panel.cells) == 1
    # The keys move on from there and the list follows: End shows the last move again.
    pygame.mouse.set_pos(screen_of(app).layout().board.square_center(1))
    post(pygame.KEYDOWN, key=pygame.K_END, unicode="", mod=0)
    run_until(app, lambda: game.record.ply == 300)
    run_until(app, lambda: 300 in panel.visible_plies() and not panel.scrolling())
    rows_in_step(app)


def test_review_marks_follow_their_moves_as_the_list_scrolls(
    make_app: Callable[..., App],
) -> None:
    app = long_game(make_app)
    panel = panel_of(app)
    marks = {
        2: MoveMark("#move_blunder", "??", "Blunder: lost 3 men"),
        298: MoveMark("#move_mistake", "?", "Mistake: lost 0.80 men"),
    }
    assert panel.set_marks(marks) and not panel.set_marks(dict(marks))
    app.step(1 / 60)

    def marks_in_view() -> None:
        for cell in panel.cells:
            mark = marks.get(cell.ply)
            marked = [name for name in cell.button.object_ids if (name or "").startswith("#move_")]
            assert marked == ([mark.object_id] if mark else [])
            assert cell.button.text.endswith(mark.sign) if mark else "?" not in cell.button.text
            tip = str(cell.button.tool_tip_text)
            assert (tip == mark.tip) if mark else tip.startswith("Show the position after")

    marks_in_view()
    assert 298 in panel.visible_plies()
    wheel_to(app, 2)
    marks_in_view()
    wheel_to(app, 298)
    marks_in_view()
    assert panel.set_marks({})  # the review closed: no mark stays on any row
    marks = {}
    app.step(1 / 60)
    marks_in_view()


def _drawn_as_settled(button: pygame_gui.elements.UIButton) -> bool:
    """Whether the button's picture on screen is the one it settles to once pygame_gui has
    redrawn all its states (it redraws a button's other states one a frame, after a text
    change)."""
    shown = pygame.image.tobytes(button.image, "RGBA")
    shape = button.drawable_shape
    assert shape is not None
    while shape.states_to_redraw_queue:
        shape.update(0.0)
    button.update(0.0)
    return shown == pygame.image.tobytes(button.image, "RGBA")


def test_the_selected_move_shows_its_own_text_when_the_window_goes_to_sleep(
    make_app: Callable[..., App],
) -> None:
    # The walk (2026-11-29): after Next mistake, the highlighted cell read "23-19?" while the
    # note, the board and the file said 30-26: a recycled button's selected look kept the
    # text it had when last selected, and the window slept before pygame_gui redrew it.
    import random

    app = long_game(make_app)
    panel = panel_of(app)
    screen = screen_of(app)
    rng = random.Random(3)
    stale = []
    for _ in range(12):  # (twelve jumps show a stale cell without the fix)
        ply = rng.randrange(1, 301)
        marks = {
            p: MoveMark("#move_mistake", "?", "a mistake") for p in rng.sample(range(1, 301), 40)
        }
        screen.game.go_to(ply)
        panel.set_marks(marks)
        for _ in range(rng.randrange(0, 4)):
            app.step(1 / 60)
        run_until(
            app,
            lambda ply=ply: (
                ply in panel.visible_plies() and not panel.scrolling() and screen.wake_in() is None
            ),
        )
        cell = screen.move_cell(ply)
        assert cell.is_selected
        assert cell.text == screen.game.record.line[ply - 1].pdn() + ("?" if ply in marks else "")
        if not _drawn_as_settled(cell):
            stale.append((ply, cell.text))
    assert not stale, stale


def test_an_ai_vs_ai_games_list_keeps_even_rows_while_moves_arrive(
    make_app: Callable[..., App],
) -> None:
    """AI vs AI at the walk's 1280x800: after each move the rows in view stand one pitch apart,
    none on another. The AI's lines above the list change height from move to move, which
    changes the rows' pitch: rows kept from before stayed at the old pitch, drawn over the new
    ones (the walk of 2026-11-30 saw "11. 6-9" over "12. 22x31" and uneven gaps)."""
    from checkers.ai.levels import Level, get_level
    from checkers.gui.config import GameConfig, PlayerConfig

    # An engine that looks a set number of turns ahead, not Club's half a second a move:
    # its lines above the list change height as Club's do, in a tenth of the time.
    engine = Level("club", "test opponent", "engine", "engine", depth=6)
    config = GameConfig(
        black=PlayerConfig(engine),
        white=PlayerConfig(get_level("beginner")),
        ai_delay=0.0,
    )
    app = make_app(config, size=(1280, 800))
    game = screen_of(app).game
    panel = panel_of(app)
    pitches: set[int] = set()
    for ply in range(1, 31):
        run_until(app, lambda ply=ply: game.record.ply >= ply or game.finished)
        if game.finished:
            break
        app.step(1 / 60)
        pitches.add(panel.move_row)
        numbers = sorted(
            (element.relative_rect.top, element.text)
            for element in panel.moves.get_container()
            if isinstance(element, UILabel) and element.visible
        )
        assert numbers, ply
        for top, text in numbers:
            assert top == (int(text.rstrip(".")) - 1) * panel.move_row, (ply, numbers)
        for cell in panel.cells:
            row = (cell.ply - 1) // 2
            assert cell.button.relative_rect.top == row * panel.move_row, (ply, cell.ply)
    assert len(pitches) > 1, "the pitch never changed: the game did not test a change of it"


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_last_move_stays_in_view_when_a_hint_changes_the_lines_above_the_list(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, theme_name: str
) -> None:
    """At 720x480 the AI's lines above the list go from six rows (its last move's figures) to
    one while the hint's search runs, and back to six with its answer; the list's well grows
    and shrinks with them. pygame_gui set its scroll bar from the thumb's old height and
    placed the rows from it: the last move went out of view (a walk saw it two rows away;
    here the rows went under an empty well)."""
    from dataclasses import replace

    from checkers.ai.levels import get_level
    from checkers.gui.config import GameConfig, PlayerConfig
    from checkers.gui.controller import Game
    from checkers.gui.game_view import panel as panel_module
    from checkers.gui.settings import Settings
    from checkers.record import GameRecord

    real_lines = panel_module.panel_lines

    def lines(game: Game, shown: Position | None = None) -> panel_module.PanelLines:
        """The lines' heights of the walk's hint, whatever the searches' words are."""
        rows = 1 if game.thinking is not None else 6
        return replace(real_lines(game, shown), search=("Hint", *["Score even"] * (rows - 1)))

    monkeypatch.setattr(panel_module, "panel_lines", lines)
    record = GameRecord()
    for _ in range(10):  # five rows of moves, Black (the player) to move
        record.play(record.position.legal_moves()[-1])
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club")))
    app = make_app(config, size=(720, 480), settings=Settings(theme=theme_name))
    app.start_game(config, record=record, tags={"Result": "*"})
    screen = screen_of(app)
    panel = panel_of(app)
    settled(app)
    assert 10 in panel.visible_plies()
    post(pygame.KEYDOWN, key=pygame.K_h, unicode="h", mod=0)
    run_until(app, lambda: screen.game.thinking is not None)
    settled(app)
    assert 10 in panel.visible_plies()
    run_until(app, lambda: screen.game.hint is not None)
    settled(app)
    assert 10 in panel.visible_plies(), panel.visible_plies()
    assert screen.move_cell(10).visible
    rows_in_step(app)
