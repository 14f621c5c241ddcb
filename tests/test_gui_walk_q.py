"""What the newcomer's walk of 2026-11-30q found, each as a player would see it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pygame
from gui_driving import screen_of
from test_gui_walk_m import band_text

from checkers.ai.levels import get_level
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.judgement import Judgement
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_control.ai_traffic import SearchFigures
from checkers.gui.game_view.panel import ply_in_view


def panel_pixels(app: App) -> str:
    """The side panel as the window shows it now (a digest of its pixels)."""
    panel = screen_of(app).panel
    assert panel is not None
    pixels = pygame.image.tobytes(app.surface().subsurface(panel.panel.rect), "RGB")
    return hashlib.sha256(pixels).hexdigest()


def test_the_panel_shows_a_move_in_the_frame_the_board_does(
    make_app: Callable[..., App],
) -> None:
    # The walk saw "Black 8 left" beside the 7 men on the board, and after the last capture
    # "Black 1 left" beside none, for a slow frame: pygame_gui drew the panel's new texts one
    # frame after the board.
    start = Position.from_fen("W:WK10,K14:B18")
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start))
    for _ in range(3):
        app.step(1 / 60)
    before = panel_pixels(app)
    screen_of(app).game.play(Move.from_pdn("14x23", start))
    app.step(1 / 60)  # the frame that draws the board after the capture
    landed = panel_pixels(app)
    assert landed != before
    app.step(1 / 60)
    assert panel_pixels(app) == landed  # nothing of the panel was left for a later frame


def empty_rows_under_the_figures(app: App) -> int:
    """How many rows of the figures box stand empty under its words."""
    panel = screen_of(app).panel
    assert panel is not None and panel.search.text_box_layout is not None
    rows = panel.search.text_box_layout.layout_rows
    return (panel.search.rect.height - rows[-1].bottom) // rows[0].height


def test_the_figures_box_shrinks_when_the_ais_lines_go_with_no_search_running(
    make_app: Callable[..., App],
) -> None:
    # Walk q at 720x480: Space then End in a paused AI vs AI game put the AI's four lines
    # away; the score and its line took two rows and the two below stood empty, the move list
    # down to three rows (the box grew and never shrank at one position).
    start = Position.from_fen("B:W13,19,20,21,24,25,26,27,29,30,31,32:B1,2,3,5,6,7,8,9,10,12,15,18")
    casual = PlayerConfig(get_level("casual"))
    config = GameConfig(black=casual, white=casual, start=start, ai_delay=0)
    app = make_app(config, size=(720, 480))
    game = screen_of(app).game
    game.toggle_pause()  # nothing moves: the test plays and judges
    game.update(0)
    move = Move.from_pdn("7-11", start)
    reply = Move.from_pdn("25-22", start.move(move))
    pv = (move, reply, Move.from_pdn("18x25", start.move(move).move(reply)))
    game.play(move)
    game.judge(game.position, Judgement(45, 100, WHITE, 10, line=("17-13", "1-6", "29-25")))
    game.figures = SearchFigures(BLACK, "casual", 5, 13.5, 1069, 0.01, pv, "", 10, False)
    for _ in range(3):
        app.step(1 / 60)
    assert "Black (Casual)" in band_text(app)  # the AI's lines, over the score
    game.figures = None  # put away, as End puts them: the score and its line are left
    for _ in range(3):
        app.step(1 / 60)
    assert "Score +0.45 for White" in band_text(app)
    assert empty_rows_under_the_figures(app) < 2


def test_the_last_capture_lands_in_a_frame_of_its_own_before_the_game_over_card(
    data: Path,
) -> None:
    # Walk r: the capture that ended the game stood still short of its square for up to
    # 1.3 s: the frame it landed in also built every widget again for the game-over card.
    start = Position.from_fen("W:WK10,K14:B18")
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(), start=start)
    app = App(config, hop_seconds=0.2, muted=True)
    try:
        app.step(0)
        screen = screen_of(app)
        screen.game.play(Move.from_pdn("14x23", start))
        frames = 0
        while screen.game.animation is not None and frames < 100:
            app.step(0.05)
            frames += 1
        assert screen.game.animation is None and screen.game.finished
        assert screen.landing and "card new" not in screen.widgets  # this frame: the landing
        assert app.next_frame_in() == 0.0  # and the card at once after it
        app.step(0.05)
        assert "card new" in screen.widgets  # the game-over card, in the next frame
        with_card = panel_pixels(app)
        app.step(0.05)
        assert panel_pixels(app) == with_card  # the panel was whole in the card's frame
    finally:
        app.close()


def test_a_list_built_again_shows_the_move_at_once(make_app: Callable[..., App]) -> None:
    # Walk s: at game over (every widget built again for the card) the move list showed two
    # rows for a frame, a second on a busy machine: the new list glided to the move from its top.
    app = make_app(size=(1120, 720))
    screen = screen_of(app)
    game = screen.game
    for _ in range(30):
        game.play(game.position.legal_moves()[0])
    for _ in range(3):
        app.step(1 / 60)
    panel = screen.panel
    assert panel is not None
    assert ply_in_view(panel, game, int(panel.moves.scrollable_container.relative_rect.top))
    screen.toggle_menu()  # the menu: every widget built again, a new list among them
    app.step(1 / 60)
    panel = screen.panel
    assert panel is not None
    assert ply_in_view(panel, game, int(panel.moves.scrollable_container.relative_rect.top))
    built = panel_pixels(app)  # the frame the list was built in, as the player sees it
    for _ in range(10):
        app.step(1 / 60)
    assert panel_pixels(app) == built  # the same as once settled: nothing glided into place
