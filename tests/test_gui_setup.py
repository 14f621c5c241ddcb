"""The position setup screen (E): place pieces with the mouse, refuse impossible positions."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from checkers.board import BLACK, WHITE, InvalidFenError, Piece, Position, Side
from checkers.gui.app import App
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.setup import SetupScreen, setup_problem


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
