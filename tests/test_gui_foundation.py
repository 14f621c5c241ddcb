"""The window's foundation: transitions through intents, settings remembered (bad files ignored),
themes, resizing, the start screen's controls and the calm loop; real events through the loop."""

from __future__ import annotations

import ast
import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import run_until

from checkers.gui import fonts, theme, ui
from checkers.gui.app import App, ui_scale
from checkers.gui.config import Mode
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.settings import (
    FIRST_LEVEL,
    MIN_WINDOW,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)

ROOT = Path(__file__).resolve().parent.parent
STEPS = 200
"""A generous cap on frames to wait for a condition (each frame handles every queued event)."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and games go to a fresh folder; the palette is the default one afterwards."""
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


@pytest.fixture
def start(make_app: Callable[..., App]) -> App:
    """The start screen (no game given)."""
    return make_app(None)


def key(app: App, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    app.step(1 / 60)


def click(app: App, point: tuple[int, int]) -> None:
    """Move there, press and release the left button: what a person's click sends."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    app.step(1 / 60)


def press_button(app: App, name: str) -> None:
    """Click the top screen's button called `name` and let its event come back through the loop."""
    screen = app.screen
    button = screen.widgets[name]  # type: ignore[attr-defined]
    click(app, button.get_abs_rect().center)
    app.step(1 / 60)  # pygame_gui posts the press as an event of its own


# --- structure -------------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_screens_import_neither_the_app_nor_each_other() -> None:
    """Screens are rooms of their own: the game screen's parts (panel, review, commands,
    cards, file keeper) live in game_view, the tree overlay in tree_view; and the parts below
    the screens never import a screen back (no circle)."""
    gui = ROOT / "checkers" / "gui"
    for path in (gui / "screens").glob("*.py"):
        imported = _imports(path)
        assert "checkers.gui.app" not in imported, path.name
        others = {name for name in imported if name.startswith("checkers.gui.screens")}
        assert not others, (path.name, others)
    for folder in ("game_view", "tree_view", "board_view"):
        for path in (gui / folder).glob("*.py"):
            up = {
                n
                for n in _imports(path)
                if n.startswith(("checkers.gui.screens", "checkers.gui.app"))
            }
            assert not up, (path.name, up)


def test_the_cli_and_the_window_commands_do_not_import_each_other() -> None:
    assert "checkers.cli" not in _imports(ROOT / "checkers" / "gui" / "window_cli.py")


# --- transitions -----------------------------------------------------------------------------


def test_keys_and_buttons_move_between_screens_through_the_app(start: App) -> None:
    assert isinstance(start.screen, StartScreen)
    key(start, pygame.K_s, "s")
    run_until(start, lambda: isinstance(start.screen, SettingsScreen))
    assert len(start.screens) == 2  # the settings dialog is over the start screen
    press_button(start, "close")
    run_until(start, lambda: isinstance(start.screen, StartScreen))
    press_button(start, "start")
    run_until(start, lambda: isinstance(start.screen, GameScreen))
    assert len(start.screens) == 1
    key(start, pygame.K_ESCAPE)  # the game's Menu command asks for the start screen
    run_until(start, lambda: isinstance(start.screen, StartScreen))
    press_button(start, "quit")
    run_until(start, lambda: not start.running)


def test_a_game_asks_for_the_setup_screen_and_setup_starts_a_game(
    make_app: Callable[..., App],
) -> None:
    from checkers.gui.screens.setup import SetupScreen

    app = make_app()
    key(app, pygame.K_e, "e")
    run_until(app, lambda: isinstance(app.screen, SetupScreen))
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen) and len(app.screens) == 1)
    assert app.screen.game.status.startswith("New game from")  # type: ignore[attr-defined]


# --- the start screen ------------------------------------------------------------------------


def test_the_start_screen_s_controls_choose_the_game(start: App) -> None:
    screen = start.screen
    assert isinstance(screen, StartScreen)
    assert screen.choices.level == FIRST_LEVEL  # a first run is gentle
    for name, button in screen.widgets.items():
        assert button.tool_tip_text, f"{name} has no tooltip"
    press_button(start, "level club")
    assert screen.choices.level == "club"
    assert screen.widgets["level club"].is_selected
    key(start, pygame.K_UP)  # the old keys still work
    assert screen.choices.level == "casual"
    key(start, pygame.K_w, "w")
    assert screen.widgets["side white"].is_selected
    press_button(start, "start")
    run_until(start, lambda: isinstance(start.screen, GameScreen))
    config = start.screen.game.config  # type: ignore[attr-defined]
    assert config.white.is_human and config.black.level.name == "casual"


def test_ai_vs_ai_offers_drop_downs_with_tooltips(start: App) -> None:
    screen = start.screen
    assert isinstance(screen, StartScreen)
    press_button(start, "mode 2")
    assert screen.choices.mode is Mode.AI_VS_AI
    menus = [tip.element for tip in screen.tips.tips]
    assert len(menus) == 3 and all(isinstance(m, pygame_gui.elements.UIDropDownMenu) for m in menus)
    press_button(start, "advanced")  # each AI's search, judgement, limit and depth or time
    menus = [tip.element for tip in screen.tips.tips]
    assert len(menus) == 11 and all(
        isinstance(m, pygame_gui.elements.UIDropDownMenu) for m in menus
    )
    assert all(tip.text for tip in screen.tips.tips)


@pytest.mark.parametrize("size", [MIN_WINDOW, (1120, 720)])
def test_the_level_rows_end_above_the_start_row(make_app: Callable[..., App], size) -> None:
    app = make_app(None, size=size)
    screen = app.screen
    assert isinstance(screen, StartScreen) and screen.choices.mode is Mode.HUMAN_VS_AI
    levels = [button for name, button in screen.widgets.items() if name.startswith("level ")]
    rows = sorted((pygame.Rect(button.get_abs_rect()) for button in levels), key=lambda r: r.top)
    assert len(rows) == 6 and all(a.bottom <= b.top for a, b in itertools.pairwise(rows))
    assert rows[-1].bottom < screen.widgets["start"].get_abs_rect().top
    assert rows[-1].height >= 18  # still a row of readable text


def tooltips(app: App) -> list[pygame_gui.elements.UITooltip]:
    sprites = app.context.ui.get_sprite_group().sprites()
    return [tip for tip in sprites if isinstance(tip, pygame_gui.elements.UITooltip)]


def test_no_tooltip_covers_an_open_drop_downs_options(start: App) -> None:
    """The mouse resting on an option that lies over another drop-down shows that drop-down's
    tooltip only while no list is open."""
    screen = start.screen
    assert isinstance(screen, StartScreen)
    press_button(start, "mode 2")
    press_button(start, "advanced")
    # The level's list opens over the search, whose tooltip must then stay away.
    amount, algorithm = screen.menus["black level"], screen.menus["black search"]
    pygame.mouse.set_pos(algorithm.get_abs_rect().center)  # moves the pointer SDL reports
    for _ in range(10):
        start.step(0.2)
    assert tooltips(start)  # resting there shows the algorithm's tooltip
    pygame.mouse.set_pos(amount.get_abs_rect().center)
    click(start, amount.get_abs_rect().center)
    run_until(start, lambda: ui.expanded(amount))
    pygame.mouse.set_pos(algorithm.get_abs_rect().center)  # down onto an option
    options = amount.current_state.options_selection_list  # type: ignore[attr-defined]
    assert options.get_abs_rect().collidepoint(pygame.mouse.get_pos())  # the mouse is on them
    for _ in range(10):
        start.step(0.2)
    assert ui.expanded(amount) and not tooltips(start)


# --- settings --------------------------------------------------------------------------------


def test_settings_are_saved_on_close_and_restored(data_dir: Path) -> None:
    first = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        first.step(0)
        key(first, pygame.K_3, "3")  # two players
        key(first, pygame.K_s, "s")
        run_until(first, lambda: isinstance(first.screen, SettingsScreen))
        press_button(first, "flip")
        run_until(first, lambda: first.settings.turns(Mode.HUMAN_VS_HUMAN))
    finally:
        first.close()
    saved = load_settings()
    assert saved.mode == Mode.HUMAN_VS_HUMAN.value and saved.turned == (Mode.HUMAN_VS_HUMAN.value,)
    assert settings_path().parent == data_dir
    second = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        second.step(0)
        assert second.choices.mode is Mode.HUMAN_VS_HUMAN
        assert second.settings.turns(Mode.HUMAN_VS_HUMAN) and not second.settings.turns(None)
    finally:
        second.close()


@pytest.mark.parametrize(
    "content",
    [b"", b"not json", b"[1, 2]", b"\xff\xfe", b'{"theme": "' + b"x" * 100_000 + b'"}'],
)
def test_a_damaged_settings_file_gives_the_defaults(content: bytes) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert load_settings() == Settings()


def test_each_bad_value_falls_back_alone() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    bad = {
        "mode": "chess",
        "human_colour": "white",
        "level": "grandmaster",
        "flip": "yes",
        "turned": "yes",
        "sound": False,
        "volume": float("nan"),
        "theme": "contrast",
        "window_size": [10, 10],
        "window_position": [1, True],
    }
    path.write_text(json.dumps(bad).replace("NaN", "2.0"), encoding="utf-8")
    settings = load_settings()
    defaults = Settings()
    assert (settings.mode, settings.level, settings.turned) == (
        defaults.mode,
        defaults.level,
        defaults.turned,
    )
    assert settings.volume == defaults.volume and settings.window_position is None
    assert settings.human_colour == "white" and settings.theme == "contrast"
    assert not settings.sound
    assert settings.window_size == MIN_WINDOW  # a tiny window grows to the smallest allowed


def test_settings_round_trip_through_the_file() -> None:
    settings = Settings(level="master", volume=0.25, window_position=(-20, 40), theme="contrast")
    save_settings(settings)
    assert load_settings() == settings


# --- themes and resizing ---------------------------------------------------------------------


def test_the_theme_chosen_in_settings_colours_the_board(make_app: Callable[..., App]) -> None:
    app = make_app()
    key(app, pygame.K_ESCAPE)  # to the start screen
    run_until(app, lambda: isinstance(app.screen, StartScreen))
    key(app, pygame.K_s, "s")
    run_until(app, lambda: isinstance(app.screen, SettingsScreen))
    menu = app.screen.widgets["theme"]  # type: ignore[attr-defined]
    # What the drop-down posts when High contrast is picked from its list.
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=theme.THEMES["contrast"]
        )
    )
    run_until(app, lambda: app.settings.theme == "contrast")
    assert theme.current() == "contrast"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    app.step(1 / 60)
    board = app.screen.layout().board  # type: ignore[attr-defined]
    x, y = board.square_rect(18)[:2]
    assert app.surface().get_at((x + board.cell - 3, y + board.cell - 3))[:3] == (
        theme.CONTRAST.DARK_SQUARE
    )


def test_a_resize_lays_the_start_screen_out_again(start: App) -> None:
    screen = start.screen
    assert isinstance(screen, StartScreen)
    wide = screen.widgets["quit"].get_abs_rect()
    pygame.display.set_mode(MIN_WINDOW, pygame.RESIZABLE)
    pygame.event.post(
        pygame.event.Event(pygame.VIDEORESIZE, size=MIN_WINDOW, w=MIN_WINDOW[0], h=MIN_WINDOW[1])
    )
    start.step(1 / 60)
    assert start.context.scale == ui_scale(MIN_WINDOW) < 1
    small = screen.widgets["quit"].get_abs_rect()
    assert small != wide
    assert pygame.Rect((0, 0), MIN_WINDOW).contains(small)
    for button in screen.widgets.values():
        assert pygame.Rect((0, 0), MIN_WINDOW).contains(button.get_abs_rect())


# --- the calm loop ---------------------------------------------------------------------------


def test_nothing_wakes_the_loop_while_the_window_waits(make_app: Callable[..., App]) -> None:
    from checkers.ai.levels import get_level
    from checkers.gui.config import GameConfig, PlayerConfig

    app = make_app(None)
    assert app.screen.wake_in() is None  # the start screen waits for events
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("beginner"))))
    game = app.screen.game  # type: ignore[attr-defined]
    # The engine judges the start while you think (a weak level's scores are not the game's);
    # once it has, nothing wakes the loop until you move.
    run_until(app, lambda: game.thinking is None and game.judgement() is not None)
    run_until(app, lambda: app.screen.wake_in() is None, frames_cap=600)  # the human's move


def test_a_move_animates_and_the_ai_s_turn_wakes_the_loop(make_app: Callable[..., App]) -> None:
    from checkers.ai.levels import get_level
    from checkers.board import Move
    from checkers.gui.config import GameConfig, PlayerConfig

    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("beginner"))))
    game = app.screen.game  # type: ignore[attr-defined]
    game.hop_seconds = 0.2
    game.play(Move((11, 15)))
    assert app.screen.wake_in() == 0  # a piece moves: every frame
    run_until(app, lambda: game.thinking is not None)
    assert 0 < app.screen.wake_in() <= 1 / 30  # the indicator turns, the worker is polled


def test_no_window_size_gives_text_a_font_size_that_swallows_spaces_after_digits() -> None:
    # Noto Sans at 11 and 13 px, laid out by pygame_gui, drew "looking 14turns ahead" and
    # "Square 24is empty" in the Why? card at 720x480; those sizes are never used.
    for name in theme.THEMES:
        for scale in [step / 20 for step in range(10, 41)]:
            data = theme.ui_theme(name, scale)
            sizes = {
                int(block["font"]["size"])
                for block in data.values()
                if isinstance(block, dict) and isinstance(block.get("font"), dict)
                if "size" in block["font"]
            }
            assert not sizes & set(fonts.BLURRED_SIZES), (name, scale)


def test_hand_drawn_text_never_gets_a_blurred_size_either() -> None:
    # The tree view draws its own text at 13 px in a small window: "Looking 4turns ahead".
    for size in fonts.BLURRED_SIZES:
        assert fonts.font(size).get_height() == fonts.font(fonts.BLURRED_SIZES[size]).get_height()
        assert fonts.font(size) is fonts.font(fonts.BLURRED_SIZES[size])


def test_the_volume_is_greyed_out_while_the_sound_is_off(start: App) -> None:
    key(start, pygame.K_s, "s")
    run_until(start, lambda: isinstance(start.screen, SettingsScreen))
    volume = start.screen.widgets["volume"]  # type: ignore[attr-defined]
    assert volume.is_enabled == start.settings.sound
    was = start.settings.sound
    press_button(start, "sound")
    run_until(start, lambda: start.settings.sound is not was and volume.is_enabled is not was)
