"""The desktop game driven like a player drives it: posted mouse and key events, frames stepped,
pixels read back from the (dummy-driver) window."""

from __future__ import annotations

import itertools
import math
import time

import pygame
import pygame_gui
import pytest

from checkers.ai.levels import Level
from checkers.board import BLACK, WHITE, Move, Piece, Position
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, Mode, PlayerConfig
from checkers.gui.game_view.cards import outcome_card
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.start import StartScreen
from checkers.record import Reason

QUICK = Level("quick", "test opponent", "alphabeta", "seed", depth=2)


def screen_of(app: App) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def centre(app: App, square: int) -> tuple[int, int]:
    x, y = screen_of(app).layout().board.square_center(square)
    return int(x), int(y)


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app: App, square: int) -> None:
    """Press and release the left button over a square, then run a frame."""
    post(pygame.MOUSEBUTTONDOWN, pos=centre(app, square), button=1)
    post(pygame.MOUSEBUTTONUP, pos=centre(app, square), button=1)
    app.step(1 / 60)


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=text, mod=mod)
    app.step(1 / 60)


def pixel(app: App, point: tuple[float, float]) -> tuple[int, int, int]:
    colour = pygame.display.get_surface().get_at((int(point[0]), int(point[1])))
    return colour.r, colour.g, colour.b


def test_scripted_clicks_move_a_piece_on_screen(make_app) -> None:
    app = make_app()
    click(app, 11)
    click(app, 15)
    screen = screen_of(app)
    assert screen.game.record.moves == [Move((11, 15))]
    assert pixel(app, centre(app, 15)) == theme.BLACK_PIECE  # the piece is drawn there now
    corner = screen.layout().board.square_rect(11)
    assert pixel(app, (corner[0] + corner[2] * 0.5, corner[1] + 3)) == theme.LAST_MOVE


def test_a_compulsory_capture_cannot_be_dodged_through_the_ui(make_app) -> None:
    app = make_app(
        GameConfig(
            black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W18:B14,9")
        )
    )
    click(app, 9)
    screen = screen_of(app)
    assert screen.game.selector.selected is None
    assert "compulsory" in screen.game.status
    # Dragging the piece that may not move does nothing either.
    post(pygame.MOUSEBUTTONDOWN, pos=centre(app, 9), button=1)
    post(pygame.MOUSEMOTION, pos=centre(app, 13), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=centre(app, 13), button=1)
    app.step(1 / 60)
    assert screen.game.record.ply == 0
    # The piece that must capture wears a ring.
    x, y = centre(app, 14)
    cell = screen.layout().board.cell
    ring = theme.PIECE_RADIUS * cell + max(2, cell // 18) - 1  # inside the ring's width
    assert pixel(app, (x + ring, y)) == theme.MUST_CAPTURE
    click(app, 14)
    click(app, 23)
    assert screen.game.record.moves == [Move((14, 23))]


def test_an_ambiguous_multi_jump_is_chosen_by_clicks(make_app) -> None:
    app = make_app(
        GameConfig(
            black=PlayerConfig(),
            white=PlayerConfig(),
            start=Position.from_fen("B:W14,15,22,23,6:B10"),
        )
    )
    click(app, 10)
    click(app, 26)
    screen = screen_of(app)
    assert screen.game.record.ply == 0 and "2 ways to reach 26" in screen.game.status
    click(app, 19)
    assert screen.game.record.moves == [Move((10, 19, 26))]
    assert all(screen.game.position.piece_at(s) is None for s in Move((10, 19, 26)).captures)


def test_drag_and_drop_moves_a_piece(make_app) -> None:
    app = make_app()
    post(pygame.MOUSEBUTTONDOWN, pos=centre(app, 10), button=1)
    app.step(1 / 60)
    post(pygame.MOUSEMOTION, pos=centre(app, 14), rel=(0, 0), buttons=(1, 0, 0))
    app.step(1 / 60)
    assert pixel(app, centre(app, 10)) == theme.DARK_SQUARE  # lifted off its square
    post(pygame.MOUSEBUTTONUP, pos=centre(app, 14), button=1)
    app.step(1 / 60)
    assert screen_of(app).game.record.moves == [Move((10, 14))]


def test_an_illegal_click_changes_nothing_and_the_status_line_says_why(make_app) -> None:
    app = make_app()
    click(app, 22)
    assert screen_of(app).game.status == "That is White's piece; Black is to move."
    assert screen_of(app).game.record.ply == 0


def test_the_ai_turn_completes_while_the_loop_keeps_running(make_app) -> None:
    slowish = Level("slowish", "", "alphabeta", "seed", time=0.4)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(slowish)))
    click(app, 11)
    click(app, 15)
    game = screen_of(app).game
    frames_while_thinking = 0

    def count_frame() -> bool:
        nonlocal frames_while_thinking
        frames_while_thinking += game.thinking is not None
        return game.record.ply >= 2

    wait_for(app, count_frame)
    # A frame that waited for the 0.4 s search would see it start and end in one step: several
    # frames drawn with the search under way show the window never waits for the AI. How long a
    # frame takes while the AI thinks is measured by benchmarks/ui.py (frame gaps), not here.
    assert frames_while_thinking >= 3
    assert game.figures is not None and game.figures.side is WHITE


def test_undo_and_redo_keys(make_app) -> None:
    app = make_app()
    click(app, 11)
    click(app, 15)
    click(app, 22)
    click(app, 18)
    game = screen_of(app).game
    press(app, pygame.K_u, "u")
    assert game.record.moves == [Move((11, 15))]
    press(app, pygame.K_z, "\x1a", pygame.KMOD_CTRL)
    assert game.record.ply == 0
    press(app, pygame.K_r, "r")
    press(app, pygame.K_r, "r")
    assert game.record.moves == [Move((11, 15)), Move((22, 18))]
    assert game.status.startswith("Replayed 22-18")


@pytest.mark.parametrize("reason", [Reason.NO_MOVES, Reason.REPETITION, Reason.FORTY_MOVE_RULE])
def test_each_game_over_reason_reaches_the_overlay(make_app, reason: Reason) -> None:
    if reason is Reason.NO_MOVES:
        app = make_app(
            GameConfig(
                black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:W14:B10")
            )
        )
        click(app, 10)
        click(app, 17)  # 10x17 takes White's last piece
    elif reason is Reason.REPETITION:
        app = make_app(
            GameConfig(
                black=PlayerConfig(), white=PlayerConfig(), start=Position.from_fen("B:WK32:BK1")
            )
        )
        for square in (1, 5, 32, 28, 5, 1, 28, 32) * 2:  # kings shuffle: the start comes back
            click(app, square)
    else:
        from test_gui_game import forty_move_walk

        start = Position.from_fen("B:WK29,K32:BK1,K4")
        app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start))
        for move in forty_move_walk(start):
            click(app, move.start)
            click(app, move.end)
    game = screen_of(app).game
    assert game.outcome is not None and game.outcome.reason is reason
    title, lines = outcome_card(game)
    expected = {
        Reason.NO_MOVES: ("Black wins", "White has no pieces left"),
        Reason.REPETITION: ("Draw", "The same position three times"),
        Reason.FORTY_MOVE_RULE: ("Draw", "40 moves each without a capture or a man move"),
    }[reason]
    assert title == expected[0] and expected[1] in lines[0]
    # The card is on screen: the board behind it is shaded, the card's accent border drawn
    # (the screen asks for the frame that shows new widgets, as the loop would run it).
    assert screen_of(app).wake_in() is not None
    app.step(1 / 60)
    board = screen_of(app).layout().board
    corner = board.square_rect(1 if board.flipped else 32)
    assert pixel(app, (corner[0] + 2, corner[1] + 2)) != theme.DARK_SQUARE
    centre_x = board.left + board.size // 2
    column = [pixel(app, (centre_x, y)) for y in range(board.top, board.top + board.size)]
    assert theme.TEXT_ACCENT in column


def test_the_renderer_puts_pieces_kings_and_highlights_at_the_right_pixels() -> None:
    from checkers.board_geometry import BoardGeometry
    from checkers.gui.board_view.assets import Assets
    from checkers.gui.board_view.render import BoardView, Renderer

    pygame.font.init()
    surface = pygame.Surface((400, 400))
    geometry = BoardGeometry(0, 0, 50, flipped=False)
    position = Position.from_pieces(
        {1: Piece(BLACK), 32: Piece(WHITE, king=True), 18: Piece(BLACK, king=True)}, BLACK
    )
    view = BoardView(position, last_move=Move((28, 24)), selected=1, destinations=frozenset({5}))
    Renderer(Assets()).board(surface, geometry, view)

    def at(x: float, y: float) -> tuple[int, int, int]:
        colour = surface.get_at((int(x), int(y)))
        return colour.r, colour.g, colour.b

    assert geometry.square_rect(1)[:2] == (50, 0)  # b8: top row, second column
    assert geometry.square_rect(32)[:2] == (300, 350)  # g1: bottom row
    assert at(*geometry.square_center(1)) == theme.BLACK_PIECE
    assert at(75, 4) == theme.SELECTED  # the selection ring, just above the piece on 1
    assert at(*geometry.square_center(5)) == theme.DESTINATION
    assert at(352, 302) == at(302, 252) == theme.LAST_MOVE  # 28 and 24: the last move
    assert at(*geometry.square_center(10)) == theme.DARK_SQUARE  # empty square

    def gold(square: int) -> int:
        x, y, w, h = geometry.square_rect(square)
        return sum(
            1
            for px in range(x, x + w)
            for py in range(y, y + h)
            if (c := at(px, py))[0] > 200 and 140 < c[1] < 230 and c[2] < 120
        )

    assert gold(32) > 40 and gold(18) > 40  # the kings wear the crown from assets/
    assert gold(1) == 0  # the man does not

    flipped = BoardGeometry(0, 0, 50, flipped=True)
    assert flipped.square_rect(1)[:2] == (300, 350) and flipped.square_at(325, 375) == 1


def test_square_numbers_show_on_empty_squares_never_over_a_piece_and_can_be_hidden() -> None:
    """A number in an empty square's corner; none over a piece (its edge reaches into the
    corner); none at all when the setting hides them."""
    from checkers.board_geometry import BoardGeometry
    from checkers.gui.board_view.assets import Assets
    from checkers.gui.board_view.render import BoardView, Renderer

    pygame.font.init()
    geometry = BoardGeometry(0, 0, 60, flipped=False)

    renderer = Renderer(Assets())

    def drawn(view: BoardView) -> pygame.Surface:
        surface = pygame.Surface((480, 480))
        renderer.board(surface, geometry, view)
        return surface

    def corner(surface: pygame.Surface, square: int) -> dict[tuple[int, int], tuple[int, ...]]:
        """The pixels of the square's top-left corner, where its number is."""
        left, top = geometry.square_rect(square)[:2]
        return {
            (x, y): tuple(surface.get_at((x, y)))[:3]
            for x in range(left, left + 20)
            for y in range(top, top + 20)
        }

    empty = drawn(BoardView(Position.from_pieces({}, BLACK)))
    full = drawn(BoardView(Position()))
    for square in (1, 12, 21, 32):  # men of both sides on every edge of the board
        number = {
            at: colour
            for at, colour in corner(empty, square).items()
            if colour != theme.DARK_SQUARE
        }
        assert len(number) > 20  # the digits' pixels on an empty square
        under_piece = corner(full, square)
        # Under a piece no number is drawn: the piece is whole.
        assert not any(under_piece[at] == colour for at, colour in number.items()), square
    renderer.show_numbers = False
    hidden = drawn(BoardView(Position.from_pieces({}, BLACK)))
    assert set(corner(hidden, 1).values()) == {theme.DARK_SQUARE}


def test_an_arrow_never_lies_over_a_square_number_or_over_another_arrow() -> None:
    """The hint's squares lose their numbers (the arrowhead would cover one); a line whose
    moves run along the same diagonal draws the later arrow aside."""
    from checkers.board_geometry import BoardGeometry, arrow_shifts
    from checkers.gui.board_view.assets import Assets
    from checkers.gui.board_view.render import BoardView, Renderer

    pygame.font.init()
    geometry = BoardGeometry(0, 0, 60, flipped=False)
    renderer = Renderer(Assets())
    empty = Position.from_pieces({}, BLACK)
    left, top = geometry.square_rect(15)[:2]
    corner = [(x, y) for x in range(left, left + 20) for y in range(top, top + 20)]
    surface = pygame.Surface((480, 480))
    renderer.board(surface, geometry, BoardView(empty))
    plain = [tuple(surface.get_at(at))[:3] for at in corner]
    assert any(colour != theme.DARK_SQUARE for colour in plain)  # 15's number is there
    renderer.board(surface, geometry, BoardView(empty, hint=Move.from_pdn("11-15")))
    renderer.board(surface, geometry, BoardView(empty, hint=Move.from_pdn("10-15")))
    with_hint = [tuple(surface.get_at(at))[:3] for at in corner]
    assert with_hint != plain
    assert all(colour != theme.TEXT for colour in with_hint)  # no digit left under the head

    line = (
        Move.from_pdn("22-18"),
        Move.from_pdn("9-13"),
        Move.from_pdn("18-22"),
        Move.from_pdn("9-14"),
    )
    assert arrow_shifts(line) == [0, 0, 1, 0]  # 18-22 retraces 22-18: drawn aside
    assert arrow_shifts(
        (Move.from_pdn("22-18"), Move.from_pdn("18-22"), Move.from_pdn("22-18"))
    ) == [0, 1, -1]


def test_the_board_turns_so_the_human_is_at_the_bottom_and_flips_at_will(make_app) -> None:
    app = make_app(GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig()))
    board = screen_of(app).layout().board
    assert board.square_center(32)[1] > board.square_center(1)[1]  # White (the human) below
    app.close()
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK)))
    board = screen_of(app).layout().board
    assert board.square_center(1)[1] > board.square_center(32)[1]  # Black (the human) below
    press(app, pygame.K_f, "f")
    board = screen_of(app).layout().board
    assert board.square_center(32)[1] > board.square_center(1)[1]


def test_the_window_resizes_and_clicks_follow_the_new_squares(make_app) -> None:
    app = make_app()
    big = screen_of(app).layout().board.cell
    pygame.display.set_mode((800, 560), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560)
    app.step(1 / 60)
    assert screen_of(app).layout().board.cell < big
    click(app, 11)
    click(app, 16)
    assert screen_of(app).game.record.moves == [Move((11, 16))]
    assert pixel(app, centre(app, 16)) == theme.BLACK_PIECE


def test_help_lists_every_control_with_its_keys(make_app) -> None:
    app = make_app(GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK)))
    press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    screen = screen_of(app)
    assert screen.card == "help"
    rows = dict(screen.help_rows())
    for keys in (
        "N",
        "U / Backspace / Ctrl+Z",
        "R / Ctrl+Y",
        "F",
        "Space / P",
        "S",
        "+ / =",
        "-",
        "M",
        "? / F1",
        "Esc",
        "Q / Ctrl+Q",
    ):
        assert keys in rows
    assert "H" not in rows and "Pause" in rows["Space / P"]  # this mode's keys: no hint to ask
    press(app, pygame.K_F1)
    assert screen.card is None


def press_widget(app: App, widget: pygame_gui.core.UIElement) -> None:
    """Click a widget as a person does; pygame_gui posts the press as an event of its own."""
    point = widget.get_abs_rect().center
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)


def test_the_buttons_do_what_the_keys_do(make_app) -> None:
    app = make_app(GameConfig(black=PlayerConfig(QUICK), white=PlayerConfig(QUICK), ai_delay=0))
    screen = screen_of(app)
    labels = {button.text: button for button in screen.widgets.values()}
    assert {"Pause", "Step", "New game", "Analyse", "Why?", "Menu"} <= set(labels)
    assert "Hint" not in labels  # no human to hint in AI vs AI
    press_widget(app, labels["Pause"])
    assert screen.game.paused
    assert screen.widgets["pause"].text == "Resume"
    press_widget(app, screen.widgets["open_menu"])
    press_widget(app, screen.widgets["menu quit"])
    assert not app.running


def test_the_start_screen_starts_the_chosen_game(make_app) -> None:
    app = make_app(None)
    assert isinstance(app.screen, StartScreen)
    press(app, pygame.K_2, "2")
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.screen, GameScreen) and screen_of(app).game.mode is Mode.AI_VS_AI
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, StartScreen)
    press(app, pygame.K_3, "3")
    press(app, pygame.K_RETURN, "\r")
    assert screen_of(app).game.mode is Mode.HUMAN_VS_HUMAN


def test_an_error_in_a_handler_is_shown_and_the_game_goes_on(make_app, capsys) -> None:
    app = make_app()
    click(app, 11)
    click(app, 15)
    screen = screen_of(app)

    def broken() -> None:
        raise RuntimeError("wires crossed")

    screen.keymap["h"].action = broken
    press(app, pygame.K_h, "h")
    assert screen.game.status == "Error: RuntimeError: wires crossed"
    assert "wires crossed" in capsys.readouterr().err
    click(app, 22)
    click(app, 18)
    assert screen.game.record.ply == 2


def test_the_sounds_and_the_crown_load_from_assets_whatever_the_working_directory(
    monkeypatch, tmp_path
) -> None:
    from checkers.gui.board_view.assets import SOUND_NAMES, Assets, Sounds

    monkeypatch.chdir(tmp_path)
    assert Assets().image("crown.png").get_size() == (128, 128)
    sounds = Sounds(Assets())
    assert sounds.wait_ready() is True  # SDL's dummy audio driver: a device that plays nothing
    assert all(sounds.play(name) for name in SOUND_NAMES)
    sounds.toggle_mute()
    assert sounds.play("move") is False
    pygame.mixer.quit()


def test_no_audio_device_means_silence_not_a_crash(monkeypatch) -> None:
    from checkers.gui.board_view.assets import Assets, Sounds

    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    sounds = Sounds(Assets())
    assert sounds.wait_ready() is False and sounds.problem is not None
    assert sounds.play("move") is False
    pygame.mixer.quit()


def wait_for(app: App, done, cap: float = 60.0) -> None:
    """Step frames until `done()`; `cap` seconds is a safety net for a hang, not a speed check."""
    deadline = time.monotonic() + cap
    while not done() and time.monotonic() < deadline:
        app.step(1 / 60)
        until_the_ai_reports(app)
    assert done(), screen_of(app).game.status


def until_the_ai_reports(app: App, frame: float = 1 / 60) -> None:
    """Wait between frames for the AI process's next report, at most a frame: the test loop
    wakes on the condition it waits for instead of sleeping a fixed time."""
    app.ai.wait(frame)


LONG = Level("long", "", "alphabeta", "seed", time=30.0)


def test_new_game_and_quit_work_while_the_ai_thinks_and_cancel_the_search(make_app) -> None:
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(LONG)))
    click(app, 11)
    click(app, 15)
    game = screen_of(app).game
    wait_for(app, lambda: game.thinking is not None and game.thinking.progress is not None)
    press(app, pygame.K_n, "n")
    # The AI's 30 s search is gone; at most the engine judges the new start while you think.
    assert game.record.ply == 0
    assert game.thinking is None or game.thinking.purpose == "judge"
    click(app, 11)
    click(app, 15)
    wait_for(app, lambda: game.thinking is not None)
    worker = app.ai._process
    press(app, pygame.K_q, "q")
    assert not app.running
    app.close()
    # Closing does not wait out the 30 s search: the worker has ended when close returns.
    assert worker is not None and not worker.is_alive()


def test_a_crashed_ai_process_is_reported_and_the_game_goes_on(make_app) -> None:
    import os
    import signal

    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(LONG)))
    click(app, 11)
    click(app, 15)
    game = screen_of(app).game
    wait_for(app, lambda: game.thinking is not None and game.thinking.progress is not None)
    os.kill(app.ai._process.pid, signal.SIGKILL)
    wait_for(app, lambda: game.status.startswith("AI error"))
    assert "AI process stopped" in game.status
    assert game.record.moves == [Move((11, 15))]  # the game is intact
    # A quick opponent from here on, so the test need not wait out a long search.
    game.config = GameConfig(black=PlayerConfig(), white=PlayerConfig(QUICK))
    press(app, pygame.K_u, "u")  # take back and play on: a new worker answers
    click(app, 11)
    click(app, 16)
    wait_for(app, lambda: game.record.ply == 2)


@pytest.mark.parametrize("size", [(720, 480), (1120, 720), (1600, 1000)])
def test_square_numbers_are_readable_at_every_window_size(make_app, size) -> None:
    """The number on an empty dark square is drawn at least 11 pixels of text tall (its digits
    about 8 pixels), and larger on larger squares."""
    from checkers.gui.board_view.render import MIN_NUMBER_PIXELS, number_pixels

    app = make_app(size=size)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    board = screen.layout().board
    assert number_pixels(2 * board.cell) > number_pixels(board.cell)  # grows with the square
    surface = app.surface()
    left, top, cell, _ = board.square_rect(16)  # empty at the start
    corner = [
        (x, y)
        for x in range(int(left), int(left + cell // 2))
        for y in range(int(top), int(top + cell // 2))
        if tuple(surface.get_at((x, y)))[:3] != theme.DARK_SQUARE
    ]
    digits_height = max(y for _, y in corner) - min(y for _, y in corner) + 1
    assert digits_height >= 0.6 * number_pixels(board.cell) >= 0.6 * MIN_NUMBER_PIXELS


@pytest.mark.parametrize("typed", ["?", ""])
def test_shift_slash_opens_help_once_with_or_without_its_character(make_app, typed) -> None:
    """The walk of 2026-11-30b (48): `xdotool key question` did not open Help. Once a text field
    has stopped text input, shift+slash comes with no character; the text event that follows
    it when text input is on must not close Help again."""
    app = make_app()
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_SLASH, unicode=typed, mod=pygame.KMOD_LSHIFT
        )
    )
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="?"))
    app.step(1 / 60)
    assert screen_of(app).card == "help"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step(1 / 60)
    assert screen_of(app).card is None  # F1 closes it again


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2's contrast ratio of two colours."""

    def luminance(colour: tuple[int, ...]) -> float:
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in
                  (channel / 255 for channel in colour[:3])]  # fmt: skip
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The walk's line on the analysis board: 15-18, then 19-15 into the square it left, then 4-8.
WALK_LINE = (Move((15, 18)), Move((19, 15)), Move((4, 8)))


@pytest.mark.parametrize("name", ["wood", "contrast"])
def test_each_of_a_lines_arrows_stands_out_from_the_dark_squares(name: str) -> None:
    """The analysis board's three arrows, as drawn over an empty dark square, each have WCAG's
    3:1 for shapes against it in both themes: the walk read the third, faded, as dark teal on
    High contrast's green."""
    from checkers.board_geometry import BoardGeometry, line_arrows
    from checkers.gui.board_view.assets import Assets
    from checkers.gui.board_view.render import BoardView, Renderer

    pygame.font.init()
    theme.use(name)
    try:
        geometry = BoardGeometry(0, 0, 60, flipped=False)
        surface = pygame.Surface((480, 480))
        empty = Position.from_pieces({}, BLACK)
        Renderer(Assets()).board(surface, geometry, BoardView(empty, arrows=WALK_LINE))
        for index, shape in enumerate(line_arrows(geometry, WALK_LINE)):
            (x0, y0), (x1, y1) = shape.shaft[0], shape.shaft[1]
            # On the shaft, past the number's disc, inside the arrow's first (dark) square.
            at = (round(x0 + (x1 - x0) * 0.4), round(y0 + (y1 - y0) * 0.4))
            assert geometry.square_at(*at) == WALK_LINE[index].path[0]
            drawn = tuple(surface.get_at(at))[:3]
            ratio = _contrast(drawn, theme.DARK_SQUARE)
            assert ratio >= 3.0, (name, index + 1, drawn, round(ratio, 2))
    finally:
        theme.use(theme.DEFAULT_THEME)


def test_arrows_that_share_a_square_stop_short_of_each_other() -> None:
    """Where a line's next move ends on the square its first left (19-15 after 15-18), the
    tail there starts a little way out; where two arrows end on one square, neither head
    reaches its centre: each head stands clear of the other arrows' tails and heads, and each
    number of every head (the walk saw arrow 2's head on arrow 1's tail, three arrows
    crowding at one square)."""
    from checkers.board_geometry import (
        BoardGeometry,
        arrow_rim,
        arrow_width,
        badge_radius,
        disc_meets_triangle,
        line_arrows,
    )

    geometry = BoardGeometry(0, 0, 60, flipped=False)
    cell = geometry.cell
    for line in (WALK_LINE, (Move((11, 15)), Move((22, 18)), Move((18, 15)))):
        shapes = line_arrows(geometry, line)
        clear = arrow_width(cell) / 2 + arrow_rim(cell)  # a shaft's half and its rim
        for (i, one), (j, other) in itertools.permutations(enumerate(shapes), 2):
            tail = other.points[0]
            # A head keeps off the other arrow's tail (its disc and its piece's centre).
            assert not disc_meets_triangle(tail, clear, one.head), (line, i + 1, j + 1)
            assert math.dist(one.head[0], other.head[0]) > clear, (line, i + 1, j + 1)
            assert not disc_meets_triangle(other.badge, badge_radius(cell), one.head)
