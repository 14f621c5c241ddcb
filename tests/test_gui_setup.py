"""The position setup screen (E): place pieces with the mouse, refuse impossible positions."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from gui_driving import press as press_key
from gui_driving import type_text

from checkers.board import BLACK, WHITE, InvalidFenError, Piece, Position, Side
from checkers.gui.app import App
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.setup import SetupScreen, setup_problem, wrap_text


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """A two-player game without animation (closed after the test by conftest)."""
    return make_app()


def press(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    app.step(1 / 60)


def click(app: App, square: int, button: int = 1) -> None:
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    x, y = screen._layout().board.square_center(square)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=button)
    )
    app.step(1 / 60)


def pieces_of(black: list[int], white: list[int]) -> dict[int, Piece]:
    """Men on the squares given, unchecked (the setup screen edits such boards)."""
    return {**{s: Piece(BLACK) for s in black}, **{s: Piece(WHITE) for s in white}}


@pytest.mark.parametrize(
    "black, white, turn, reason",
    [
        ([30], [20], BLACK, "Black man on 30"),
        ([20], [3], WHITE, "White man on 3"),
        (list(range(1, 14)), [20], BLACK, "13 pieces"),
        ([], [20], BLACK, "Black has no pieces"),
    ],
)
def test_impossible_positions_are_refused_with_a_reason(
    black: list[int], white: list[int], turn: Side, reason: str
) -> None:
    problem = setup_problem(Position.from_pieces(pieces_of(black, white), turn))
    assert problem is not None and reason in problem


def test_a_side_to_move_without_a_move_is_refused() -> None:
    problem = setup_problem(Position.from_fen("B:W23,27,28:BK32"))
    assert problem is not None and "no legal move" in problem


@pytest.mark.parametrize(
    "black, white, fen",
    [
        ([30], [20], "B:W20:B30"),
        ([20], [3], "W:W3:B20"),
        (list(range(1, 14)), [20], "B:W20:B1-13"),
        ([1, 2], list(range(20, 33)), "B:W20-32:B1,2"),
    ],
)
def test_the_setup_screen_and_a_fen_refuse_with_the_same_reason(
    black: list[int], white: list[int], fen: str
) -> None:
    with pytest.raises(InvalidFenError) as refused:
        Position.from_fen(fen)
    assert setup_problem(Position.from_pieces(pieces_of(black, white), BLACK)) == str(refused.value)


def test_kings_on_the_far_row_are_fine() -> None:
    assert setup_problem(Position.from_fen("B:WK1,20:BK30,9")) is None


def test_a_position_set_up_with_the_mouse_starts_a_game(app: App) -> None:
    press(app, pygame.K_e, "e")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    setup.clear()
    click(app, 9)  # the Black man is the first tool
    press(app, pygame.K_4, "4")  # a White king
    click(app, 27)
    click(app, 18)
    click(app, 18, button=3)  # right-click removes it again
    press(app, pygame.K_w, "w")
    assert setup.position.fen() == "W:WK27:B9"
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    assert screen.game.position == Position.from_fen("W:WK27:B9")
    assert screen.game.position.piece_at(27) == Piece(WHITE, True)
    press(app, pygame.K_n, "n")  # a new game starts from the set-up position again
    assert screen.game.position.turn is WHITE


def test_an_impossible_position_is_refused_and_the_game_kept(app: App) -> None:
    game = app.screen.game  # type: ignore[attr-defined]
    press(app, pygame.K_e, "e")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    click(app, 29)  # a Black man on White's back row, where Black men are crowned
    press(app, pygame.K_RETURN)
    assert app.screen is setup and "Black man on 29" in setup.status
    press(app, pygame.K_ESCAPE)
    assert app.screen.game is game and game.position == Position()  # type: ignore[attr-defined]
    assert setup.position.piece_at(29) == Piece(BLACK)


# --- the controls (pygame_gui buttons beside the board) ---------------------------------------


def click_at(app: App, point: tuple[int, int]) -> None:
    """Move there, press and release the left button: what a person's click sends."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    app.step(1 / 60)
    app.step(1 / 60)  # pygame_gui posts the press as an event of its own


def press_button(app: App, name: str) -> None:
    """Click the setup screen's button called `name`."""
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    rect = screen.widgets[name].get_abs_rect()
    click_at(app, (int(rect.centerx), int(rect.centery)))


def open_setup(app: App) -> SetupScreen:
    press(app, pygame.K_e, "e")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    return setup


@pytest.mark.parametrize(
    "number, piece",
    [
        (1, Piece(BLACK)),
        (2, Piece(BLACK, True)),
        (3, Piece(WHITE)),
        (4, Piece(WHITE, True)),
        (5, None),
    ],
)
def test_each_piece_button_chooses_what_a_click_places(
    app: App, number: int, piece: Piece | None
) -> None:
    setup = open_setup(app)
    press_button(app, f"tool {number}")
    assert setup.tool == piece
    assert setup.widgets[f"tool {number}"].is_selected  # rebuilt, the choice shown
    assert not any(setup.widgets[f"tool {n}"].is_selected for n in range(1, 6) if n != number)
    click(app, 18)  # an empty square: the piece goes there (Erase leaves it empty)
    assert setup.position.piece_at(18) == piece
    click(app, 9)  # a Black man of the initial position: the same again removes it
    assert setup.position.piece_at(9) == (None if piece in (None, Piece(BLACK)) else piece)


def test_the_side_to_move_buttons(app: App) -> None:
    setup = open_setup(app)
    press_button(app, "side white")
    assert setup.turn is WHITE and setup.widgets["side white"].is_selected
    assert not setup.widgets["side black"].is_selected
    press_button(app, "side black")
    assert setup.turn is BLACK and setup.widgets["side black"].is_selected


def test_clear_and_initial_position_buttons(app: App) -> None:
    setup = open_setup(app)
    press_button(app, "clear")
    assert setup.pieces == {}
    press_button(app, "side white")
    press_button(app, "initial")
    assert setup.position == Position()


def test_copy_then_paste_fen_buttons_carry_a_position(app: App) -> None:
    setup = open_setup(app)
    setup.pieces = pieces_of([9], [27])
    setup.turn = WHITE
    press_button(app, "copy")
    assert setup.status == "Copied the FEN."
    press_button(app, "initial")
    press_button(app, "paste")
    assert setup.position.fen() == "W:W27:B9"
    assert setup.status == "Pasted the FEN."


def test_paste_refuses_an_impossible_fen_with_its_reason(app: App) -> None:
    from checkers.gui.clipboard import copy_text

    setup = open_setup(app)
    assert copy_text("B:W20:B30") is None
    press_button(app, "paste")
    assert setup.status.startswith("Cannot paste") and "Black man on 30" in setup.status
    assert setup.position == Position()  # the board is left as it was


def test_the_start_button_starts_and_refuses_with_a_reason(app: App) -> None:
    setup = open_setup(app)
    press_button(app, "clear")
    press_button(app, "start")
    assert app.screen is setup and setup.status.startswith("Cannot start: Black has no pieces")
    setup.pieces = pieces_of([9], [27])
    press_button(app, "start")
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game.position.fen() == "B:W27:B9"


def test_the_cancel_button_keeps_the_game(app: App) -> None:
    game = app.screen.game  # type: ignore[attr-defined]
    setup = open_setup(app)
    press_button(app, "clear")
    press_button(app, "cancel")
    assert app.screen is not setup and app.screen.game is game  # type: ignore[attr-defined]
    assert game.position == Position()


def test_every_button_has_a_tooltip_and_the_screen_sleeps(app: App) -> None:
    setup = open_setup(app)
    assert len(setup.widgets) == 13
    assert all(button.tool_tip_text for button in setup.widgets.values())
    assert setup.wake_in() is None and app.next_frame_in() is None


@pytest.mark.parametrize("size", [None, (1280, 800), (800, 600)])
def test_a_long_refusal_is_wrapped_never_cut(
    make_app: Callable[..., App], size: tuple[int, int] | None
) -> None:
    app = make_app(size=size)
    setup = open_setup(app)
    setup.pieces = pieces_of([29, 30, 31, 32], [1, 2, 3])
    press(app, pygame.K_RETURN)
    assert setup.status.startswith("Cannot start: a Black man on 29, 30, 31, 32")
    labels = setup.status_lines
    assert len(labels) > 1  # too long for one line at this width
    assert " ".join(label.text for label in labels).replace(" ", "") == setup.status.replace(
        " ", ""
    )
    panel = setup._layout().panel
    for label in labels:
        drawn = label.font.size(label.text)[0]  # type: ignore[union-attr]
        assert drawn <= label.rect.width - 4 and panel.contains(label.get_abs_rect())
    start = setup.widgets["start"].get_abs_rect()
    assert all(label.get_abs_rect().bottom <= start.top for label in labels)


def test_a_fen_too_long_for_a_line_breaks_where_a_sides_squares_begin() -> None:
    # Walk 2026-11-30o: at 720x480 the FEN broke in the middle of a side's list of squares,
    # where White's and Black's each fit a line of their own.
    pygame.font.init()
    fen = "W:W13,19,20,21,24,25,26,27,29,30,31,32:B1,2,3,5,6,7,8,9,10,12,15,18"
    from checkers.gui import fonts

    room = max(
        fonts.font(14).size(part)[0]
        for part in ("W:W13,19,20,21,24,25,26,27,29,30,31,32", ":B1,2,3,5,6,7,8,9,10,12,15,18")
    )
    lines = wrap_text(fen, room + 2, 14)
    assert lines == ["W:W13,19,20,21,24,25,26,27,29,30,31,32", ":B1,2,3,5,6,7,8,9,10,12,15,18"]
    narrow = wrap_text(fen, room // 2, 14)
    assert "".join(narrow) == fen  # every character kept, however narrow
    # Where White's squares need two lines, Black's still begin a line (walk r: `...,29,30,`
    # over `31,32:B1,...`).
    assert any(line.startswith(":B") for line in narrow)
    assert not any(":B" in line[1:] for line in narrow)


@pytest.mark.parametrize("size", [(720, 480), (1120, 720)])
def test_the_status_line_is_never_drawn_over_the_fen(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    # Walk 2026-11-30s at 720x480: a paste's message, and a refused paste's red one, were drawn
    # over the FEN's second line.
    from pygame_gui.elements import UILabel

    from checkers.gui.clipboard import copy_text

    app = make_app(size=size)
    setup = open_setup(app)
    fen = "B:W19,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12,15"
    for pasted in (fen, "B:W19,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11"):
        assert copy_text(pasted) is None
        press_button(app, "paste")
        app.step(1 / 60)
        status = [label.get_abs_rect() for label in setup.status_lines]
        assert status
        overlaps = [
            (element.text, element.get_abs_rect())
            for element in app.context.ui.get_sprite_group().sprites()
            if isinstance(element, UILabel) and element not in setup.status_lines
            for line in status
            if element.get_abs_rect().colliderect(line) and element.visible
        ]
        assert not overlaps, (setup.status, overlaps)


@pytest.mark.parametrize("size", [(720, 480), (1120, 720)])
def test_a_fen_typed_in_the_panel_sets_up_its_position(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    # Walk 2026-12-01w: the set-up screen had no field to type a FEN, and "Paste FEN" needs a
    # clipboard. The panel's FEN line takes one: typed over, Enter sets it up; a bad one is
    # refused with its reason, the board left as it was.
    app = make_app(size=size)
    setup = open_setup(app)
    line = setup.fen_line
    assert line is not None and line.get_text() == Position().fen()
    assert line.get_abs_rect().right <= size[0] and line.get_abs_rect().bottom <= size[1]
    for typed, status, fen in (
        ("W:WK19,K23:BK28,12", "Set up the FEN typed.", "W:WK19,K23:B12,K28"),
        ("B:W20:B30", "Cannot read that FEN", "W:WK19,K23:B12,K28"),
    ):
        line = setup.fen_line
        assert line is not None
        click_at(app, line.get_abs_rect().center)  # the caret in the line
        app.step(1 / 60)
        press_key(app, pygame.K_a, "a", pygame.KMOD_CTRL)  # all of it, typed over
        press(app, pygame.K_BACKSPACE)
        # Key by key (walk 2026-12-01y: "3" picked the screen's White man, "W" set White to
        # move and refilled the line: the screen's keys took what was typed into the line).
        type_text(app, typed)
        assert setup.fen_line is not None and setup.fen_line.get_text() == typed
        press(app, pygame.K_RETURN)  # to the line (it has the focus), not the screen's Start
        for _ in range(3):
            app.step(1 / 60)
        assert app.screen is setup and setup.status.startswith(status), setup.status
        assert setup.position.fen() == fen
    assert setup.fen_line is not None and setup.fen_line.get_text() == "W:WK19,K23:B12,K28"
