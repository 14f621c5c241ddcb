"""The start screen in a player's words: AI vs AI offers a level per colour, an Advanced section
reveals the search, the judgement and the depth or time, the choices are remembered, and no
engine jargon reaches the screen (nor the Why? card). Real events through the real loop under
SDL's dummy drivers; waits are on conditions with a cap, never on time."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until, screen_of
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from checkers.ai.levels import LEVELS, get_level
from checkers.ai.players import AIPlayer
from checkers.ai.search import Limits
from checkers.board import BLACK, WHITE, Piece, Position
from checkers.coach.explain import explain_choice
from checkers.gui import theme, ui
from checkers.gui.aiworker import CORE_UNKNOWN
from checkers.gui.app import App
from checkers.gui.config import Mode, custom_level
from checkers.gui.explaining import ENGINE_VIEW, WhyCard, why_card
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.settings import SettingsScreen
from checkers.gui.screens.setup import SetupScreen
from checkers.gui.screens.start import HELP_KEYS, StartScreen, help_rows
from checkers.gui.screens.why import WhyScreen, card_html
from checkers.gui.settings import BY_HAND, MIN_WINDOW, AISetup, Settings, load_settings
from checkers.gui.wording import SEARCH_WORDS

JARGON = re.compile(
    r"\bply\b|\bplies\b|alpha-?beta|\bseed\b|custom|own scale|algorithm|max node|"
    r"window on entry|principal|\bdepth\b|\bnodes?\b|negamax|minimax|\bpv\b",
    re.IGNORECASE,
)
"""Engine words no player should meet (issue 25): the searches' names are allowed only as the
options of the Advanced section's Search list, where the player asked for them."""
BAD_GRAMMAR = re.compile(r"\b1 (pieces|moves|positions|captures)\b")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def click(app: App, point: tuple[int, int]) -> None:
    """Move there, press and release the left button, then two frames (pygame_gui posts a
    press as an event of its own)."""
    x, y = int(point[0]), int(point[1])
    pygame.mouse.set_pos((x, y))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0,)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.step(1 / 60)
    app.step(1 / 60)


def key(app: App, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    app.step(1 / 60)


def start_screen(app: App) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


def choose(app: App, name: str, option: str) -> None:
    """Open the start screen's drop-down `name` with a click and click `option` in its list;
    return once the screen has shown the choice (its widgets rebuilt)."""
    menu = start_screen(app).menus[name]
    click(app, menu.get_abs_rect().center)
    run_until(app, lambda: ui.expanded(menu))
    options = menu.current_state.options_selection_list  # type: ignore[attr-defined]

    def in_view() -> list[pygame.Rect]:
        """The part of the option's button the list shows, if most of it is in view."""
        box = options.item_list_container.get_abs_rect()
        parts = [
            pygame.Rect(item["button_element"].get_abs_rect()).clip(box)
            for item in options.item_list
            if item["text"] == option and item["button_element"] is not None
        ]
        return [part for part in parts if part.height >= 10]

    # A long list shows a part: the wheel over it scrolls up, then down, to the option.
    for wheel in [1] * 15 + [-1] * 30:
        if in_view():
            break
        pygame.mouse.set_pos(options.get_abs_rect().center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=wheel, flipped=False))
        app.step(1 / 60)
    visible = in_view()
    assert visible, f"{option!r} is not in view in {name}'s list"
    click(app, visible[0].center)
    run_until(app, lambda: start_screen(app).menus[name] is not menu)
    assert shown(start_screen(app).menus[name]) == option


def shown(menu: UIDropDownMenu) -> str:
    return menu.selected_option[0]


def options(menu: UIDropDownMenu) -> list[str]:
    return [item if isinstance(item, str) else item[0] for item in menu.options_list]


def screen_words(app: App) -> list[str]:
    """Every text the window shows or would show on hovering: labels, buttons and their
    tooltips, text boxes, the drop-downs' choices and tooltips (the start screen's)."""
    words: list[str] = []
    for sprite in app.context.ui.get_sprite_group().sprites():
        if isinstance(sprite, (UILabel, UIButton)):
            words.append(sprite.text)
        if isinstance(sprite, UIButton) and sprite.tool_tip_text:
            words.append(sprite.tool_tip_text)
        if isinstance(sprite, UITextBox):
            words.append(sprite.html_text)
    screen = app.screen
    if isinstance(screen, StartScreen):
        for tip in screen.tips.tips:
            words.append(tip.text if isinstance(tip.text, str) else tip.text())
        for menu in screen.menus.values():
            words.extend(options(menu))
    words.append(getattr(screen, "status", ""))
    # The Advanced section's Search list names the searches: the player asked for them there.
    return [word for word in words if word and word not in SEARCH_WORDS.values()]


def assert_plain(words: list[str]) -> None:
    for text in words:
        assert not JARGON.search(text), f"engine jargon on the screen: {text!r}"
        assert not BAD_GRAMMAR.search(text), f"bad grammar on the screen: {text!r}"


# --- AI vs AI: levels and the Advanced section -------------------------------------------------


def test_ai_vs_ai_with_two_levels_starts_a_game_of_those_levels(
    make_app: Callable[..., App],
) -> None:
    app = make_app(None, size=MIN_WINDOW)
    screen = start_screen(app)
    click(app, screen.widgets["mode 2"].get_abs_rect().center)
    assert screen.choices.mode is Mode.AI_VS_AI
    assert set(screen.menus) == {"black level", "white level", "delay"}  # Advanced is closed
    black = screen.menus["black level"]
    assert options(black) == [level.name.capitalize() for level in LEVELS]
    choose(app, "black level", "Beginner")
    choose(app, "white level", "Master")
    labels = [s.text for s in app.context.ui.get_sprite_group().sprites() if isinstance(s, UILabel)]
    # What each level does, in words and whole even in the smallest window.
    assert "Black: looks two turns ahead, misjudges, slips one move in four" in labels
    assert "White: plays its best, thinking five seconds a move" in labels
    click(app, screen.widgets["start"].get_abs_rect().center)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    config = app.screen.game.config  # type: ignore[attr-defined]
    assert config.black.level == get_level("beginner")
    assert config.white.level == get_level("master")


def test_advanced_reveals_search_judgement_and_depth_and_sets_an_ai_by_hand(
    make_app: Callable[..., App],
) -> None:
    app = make_app(None)
    screen = start_screen(app)
    key(app, pygame.K_2, "2")
    choose(app, "white level", "Casual")
    click(app, screen.widgets["advanced"].get_abs_rect().center)
    assert screen.choices.advanced and screen.widgets["advanced"].is_selected
    for side in ("black", "white"):
        for part in ("search", "judging", "limit", "amount"):
            assert f"{side} {part}" in screen.menus
    # The Advanced section shows what the chosen level does.
    assert shown(screen.menus["white search"]) == SEARCH_WORDS["alphabeta"]
    assert shown(screen.menus["white judging"]) == "Pieces, centre, mobility"
    assert shown(screen.menus["white amount"]) == "Looks 5 turns ahead"
    assert shown(screen.menus["black search"]) == SEARCH_WORDS["engine"]
    assert shown(screen.menus["black amount"]) == "2 s a move"
    assert options(screen.menus["black search"])[0] == "The engine (strongest)"
    # Black looks a fixed number of turns ahead, by hand.
    choose(app, "black limit", "Turns ahead")
    assert shown(screen.menus["black level"]) == "Set by hand"
    assert screen.choices.black_ai.level == BY_HAND
    assert shown(screen.menus["black amount"]) == "Looks 6 turns ahead"
    choose(app, "black amount", "Looks 7 turns ahead")
    choose(app, "black judging", "The pieces alone")
    key(app, pygame.K_a, "a")  # the Advanced section closes; the choices stay
    assert not screen.choices.advanced and "black search" not in screen.menus
    assert shown(screen.menus["black level"]) == "Set by hand"
    click(app, screen.widgets["start"].get_abs_rect().center)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    config = app.screen.game.config  # type: ignore[attr-defined]
    assert config.black.level == custom_level("engine", "count", depth=7)
    assert config.white.level == get_level("casual")


def test_the_ai_vs_ai_choices_are_remembered_between_runs(data_dir: Path) -> None:
    first = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        first.step(0)
        key(first, pygame.K_2, "2")
        choose(first, "white level", "Club")
        key(first, pygame.K_a, "a")
        choose(first, "black judging", "Pieces, centre, mobility")
        choose(first, "delay", "1 s between moves")
    finally:
        first.close()
    saved = load_settings()
    assert saved.white_ai == AISetup.of_level("club") and saved.ai_advanced
    assert saved.black_ai == AISetup(BY_HAND, "engine", "seed", "time", 6, 2.0)
    assert saved.ai_delay == 1.0 and saved.mode == Mode.AI_VS_AI.value
    second = App(None, hop_seconds=0, muted=True, remember=True)
    try:
        second.step(0)
        screen = start_screen(second)
        assert shown(screen.menus["white level"]) == "Club"
        assert shown(screen.menus["black level"]) == "Set by hand"
        assert shown(screen.menus["black judging"]) == "Pieces, centre, mobility"
        assert shown(screen.menus["delay"]) == "1 s between moves"
    finally:
        second.close()


@pytest.mark.parametrize(
    "value",
    [
        "strong",
        {"level": "grandmaster"},
        {"level": BY_HAND, "algorithm": "engine", "evaluation": "engine", "limit": "time"},
        {
            "level": BY_HAND,
            "algorithm": "rm -rf",
            "evaluation": "engine",
            "limit": "time",
            "depth": 6,
            "time": 2.0,
        },
        {
            "level": BY_HAND,
            "algorithm": "engine",
            "evaluation": "engine",
            "limit": "depth",
            "depth": 99,
            "time": 2.0,
        },
        {
            "level": BY_HAND,
            "algorithm": "engine",
            "evaluation": "engine",
            "limit": "depth",
            "depth": True,
            "time": 2.0,
        },
        {
            "level": BY_HAND,
            "algorithm": "engine",
            "evaluation": "engine",
            "limit": "time",
            "depth": 6,
            "time": float("inf"),
        },
        {
            "level": BY_HAND,
            "algorithm": "engine",
            "evaluation": "engine",
            "limit": "forever",
            "depth": 6,
            "time": 2.0,
        },
    ],
)
def test_a_damaged_ai_setup_in_the_settings_falls_back_alone(value: object) -> None:
    data = {"black_ai": value, "white_ai": {"level": "novice"}, "ai_delay": 7, "ai_advanced": 1}
    settings = Settings.from_json(json.loads(json.dumps(data).replace("Infinity", "1e999")))
    assert settings.black_ai == Settings().black_ai
    assert settings.white_ai == AISetup.of_level("novice")  # the good one is kept
    assert settings.ai_delay == Settings().ai_delay and settings.ai_advanced is False


def test_an_ai_set_up_by_hand_round_trips_through_the_settings() -> None:
    setup = AISetup(BY_HAND, "minimax", "count", "depth", 1, 0.25)
    settings = Settings(black_ai=setup, ai_advanced=True, ai_delay=0.0)
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


# --- plain words -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
def test_the_start_screen_speaks_no_engine_jargon(make_app: Callable[..., App], size) -> None:
    app = make_app(None, size=size)
    seen: list[str] = []
    for mode in ("1", "3", "2"):
        key(app, getattr(pygame, f"K_{mode}"), mode)
        seen += screen_words(app)
    # AI vs AI with every level on one side, then an AI set up by hand (1 turn ahead).
    for level in LEVELS:
        choose(app, "black level", level.name.capitalize())
        seen += screen_words(app)
    key(app, pygame.K_a, "a")
    choose(app, "white search", SEARCH_WORDS["alphabeta"])
    choose(app, "white judging", "The pieces alone")
    choose(app, "white limit", "Turns ahead")
    choose(app, "white amount", "Looks 1 turn ahead")
    words = screen_words(app)
    assert "White: looks 1 turn ahead, judging by the pieces alone" in words
    seen += words
    assert_plain(seen)
    assert any("Looks 1 turn ahead" in word for word in seen)


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
def test_settings_load_and_setup_speak_no_engine_jargon(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(None, size=size)
    seen: list[str] = []
    for letter, screen in (("s", SettingsScreen), ("l", LoadScreen)):
        key(app, getattr(pygame, f"K_{letter}"), letter)
        run_until(app, lambda screen=screen: isinstance(app.screen, screen))
        seen += screen_words(app)
        key(app, pygame.K_ESCAPE)
        run_until(app, lambda: isinstance(app.screen, StartScreen))
    key(app, pygame.K_3, "3")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    key(app, pygame.K_e, "e")
    run_until(app, lambda: isinstance(app.screen, SetupScreen))
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    setup.pieces = {9: Piece(BLACK), 22: Piece(WHITE), 23: Piece(WHITE)}
    setup.show_ui()
    words = screen_words(app)
    shown = [word.replace("\u00a0", " ") for word in words]  # a count never breaks in two
    assert any("Black: 1 piece" in word and "White: 2 pieces" in word for word in shown)
    assert_plain(seen + words)


MIDGAME = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")


def _cards() -> list[tuple[str, WhyCard]]:
    """Why? cards from every kind of AI: each level (the engine levels at a depth: the same
    words, no timing) in the opening and a middle game, a slip, a forced capture, and AIs set
    up by hand, one looking a single turn ahead."""
    cards: list[tuple[str, WhyCard]] = []
    for level in LEVELS:
        fixed = dataclasses.replace(level, time=None, depth=level.depth or 5)
        for position in (Position(), MIDGAME):
            explanation = explain_choice(position, AIPlayer.for_level(fixed).choose(position))
            assert explanation is not None
            mover = position.turn
            cards.append((level.name, why_card(explanation, mover, 0, human=mover.opponent)))
    slipper = AIPlayer(Limits(depth=2), "alphabeta", blunder=1.0, name="beginner")
    slip = explain_choice(MIDGAME, slipper.choose(MIDGAME))
    assert slip is not None and slip.slipped
    cards.append(("slip", why_card(slip, WHITE, 9)))
    forced = explain_choice(
        Position.from_fen("B:W18,19:B14,15"),
        AIPlayer(Limits(depth=3)).choose(Position.from_fen("B:W18,19:B14,15")),
    )
    assert forced is not None
    cards.append(("forced", why_card(forced, BLACK, 0)))
    for level in (
        custom_level("alphabeta", "count", depth=1),
        custom_level("engine", "engine", depth=4),
        custom_level("minimax", "seed", depth=2),
    ):
        explanation = explain_choice(MIDGAME, AIPlayer.for_level(level).choose(MIDGAME))
        assert explanation is not None
        cards.append(("by hand", why_card(explanation, WHITE, 9, level=level)))
        cards.append(("by hand, level unknown", why_card(explanation, WHITE, 9)))
    return cards


def _card_words(card: WhyCard) -> list[str]:
    rows = [text for row in card.rows for text in (row.move, row.score, row.line)]
    return [card.title, card.subtitle, *card.facts, card.view, card.others, *rows, card_html(card)]


def test_the_why_card_speaks_plainly_and_labels_a_rough_estimate() -> None:
    cards = _cards()
    for _, card in cards:
        assert_plain(_card_words(card))
    views = {name: card.view for name, card in cards}
    assert views["novice"].startswith("Scores are the Novice level's own rough estimate")
    assert "not the engine's evaluation" in views["beginner"]
    assert views["master"] == "Scores are the engine's, in men, for the side ahead."
    # A level's own count is said as what it counted, never with a verdict (the walk read
    # "22x15 is about two men better for the AI (+2.29 ...)" where the engine said +0.65).
    for name, card in cards:
        if "own rough estimate" in card.view:
            for row in card.rows:
                assert row.verdict == "", (name, row)
                assert row.score == "not scored" or " counted " in row.score, name
                assert row.score in card_html(card), name
    by_hand = [card for name, card in cards if name == "by hand"]
    assert "this AI's own rough estimate" in by_hand[0].view
    assert by_hand[1].view.startswith("Scores are")
    assert by_hand[0].subtitle.endswith("played by an AI set up by hand")
    assert any("looking 1 turn ahead" in fact for fact in by_hand[0].facts)


def wait_for(app: App, done: Callable[[], bool]) -> None:
    """Step frames until `done()`, waking on the AI process's next report between frames."""
    run_until(app, done)


def test_a_why_card_after_a_weak_level_s_move_is_plain_and_labelled(
    make_app: Callable[..., App],
) -> None:
    app = make_app(None)
    key(app, pygame.K_2, "2")
    choose(app, "black level", "Casual")
    choose(app, "white level", "Novice")
    choose(app, "delay", "0 s between moves")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.screen, GameScreen))
    game = app.screen.game  # type: ignore[attr-defined]
    wait_for(app, lambda: game.record.ply >= 2)
    key(app, pygame.K_SPACE, " ")  # pause
    wait_for(app, lambda: game.thinking is None and game.animation is None)
    game.go_to(2)  # White's (the novice's) first move
    app.step(1 / 60)
    key(app, pygame.K_w, "w")
    # With no delay the next move's search cut the card's exact pass short: W finishes it
    # with the game paused, and the card opens when it comes (walk 2026-12-01ab).
    run_until(app, lambda: isinstance(app.screen, WhyScreen))
    why = app.screen
    assert isinstance(why, WhyScreen)
    words = screen_words(app)
    assert_plain(words)
    assert any("Novice level" in word for word in words)
    # The level's own count said as its own, the rows the engine's.
    assert why.card.view == ENGINE_VIEW, why.card.view
    said = " ".join(words).replace("\u00a0", " ")
    # What the level did in its own words: chose by its own count, or slipped on purpose (the
    # game's seed decides which).
    chose = "The Novice level chose" in said and "on a rough scale of its own" in said
    assert chose or "The Novice level slipped on purpose" in said, said


def test_esc_closes_an_open_list_and_does_not_quit(make_app: Callable[..., App]) -> None:
    app = make_app(None)
    key(app, pygame.K_2, "2")  # AI vs AI: every list of both sides
    menu = next(iter(start_screen(app).menus.values()))
    click(app, menu.get_abs_rect().center)
    run_until(app, lambda: ui.expanded(menu))
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.running and isinstance(app.screen, StartScreen)
    assert not ui.expanded(start_screen(app).menus[next(iter(start_screen(app).menus))])
    key(app, pygame.K_ESCAPE)  # with no list open, Esc asks whether to quit
    assert app.running and start_screen(app).card is not None


def _until_the_core_is_known(app: App) -> str:
    """Frames until the worker says which core its engine uses (the cap only stops a hang)."""
    for _ in range(20_000):  # only a hang reaches the cap: each frame waits on the worker
        if app.ai.core not in CORE_UNKNOWN:
            break
        app.step(1 / 60)
        app.ai.wait(0.05)
    app.step(1 / 60)
    return app.ai.core


@pytest.mark.parametrize("core", [pytest.param("compiled", marks=pytest.mark.numba), "python"])
def test_the_start_screen_says_when_the_engine_runs_without_its_compiled_core(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, core: str
) -> None:
    """The worker starts with the window and reports its core: the compiled one leaves the
    status line as it was; the Python one (numba missing, or turned off) is said."""
    if core == "python":
        monkeypatch.setenv("CHECKERS_CORE", "python")  # the worker inherits it
    else:
        monkeypatch.delenv("CHECKERS_CORE", raising=False)  # a run of the suite on Python
    app = make_app(None)
    screen = start_screen(app)
    app.ai.start()
    words = _until_the_core_is_known(app)
    if core == "python":
        assert words.startswith("Python")
        assert "without its compiled core" in screen.status
    else:
        assert words.startswith("compiled with numba")
        assert screen.status == "Choose a mode and press Start (Enter)."
    assert screen.wake_in() is None  # nothing more to wait for: no more frames


def test_the_start_screen_says_compiling_only_on_a_first_start_and_loading_when_slow(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Walks 2026-12-01ad and ae read "compiling its fast core (a first start)" at every start
    of a busy machine, where the worker loaded the core compiled before from the cache: a load
    is said as one, and only when it lasts (a second at rest)."""
    from checkers.gui.aiworker import AIClient
    from checkers.gui.screens import start

    app = make_app(None)
    screen = start_screen(app)
    said = {"core": ""}
    monkeypatch.setattr(AIClient, "started", property(lambda client: True))
    monkeypatch.setattr(AIClient, "poll_core", lambda client: said["core"])

    def status_after(core: str, seconds: float) -> str:
        said["core"] = core
        screen._core_waited = 0.0
        for _ in range(round(seconds / 0.25)):
            screen.update(0.25)
        return screen.status

    assert status_after("", 10.0) == start.CHOOSE  # the worker has not said: nothing to tell
    assert status_after("loading", 2.0) == start.CHOOSE
    assert status_after("loading", 6.0) == f"{start.CHOOSE} {start.CORE_LOADING_WORDS}"
    assert "first start" not in screen.status
    assert status_after("preparing", 2.0) == f"{start.CHOOSE} {start.CORE_PREPARING}"
    assert status_after("compiled with numba 0.61", 0.25) == start.CHOOSE


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_start_screen_offers_help_as_the_game_does(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """A newcomer finds the rules and the keys from the first screen: a Help button, and the
    game's keys ? and F1 (and H); Esc or a click beside the card closes it, not the window."""
    app = make_app(None, size=size)
    screen = start_screen(app)
    assert "? or F1" in screen.widgets["help"].tool_tip_text
    click(app, screen.widgets["help"].get_abs_rect().center)
    assert screen.help_open
    words = " ".join(screen_words(app))
    assert "The rules and the keys" in words and "(stalemate counter)" in words
    assert "click a piece, then the square it goes to" in words
    assert "? or F1 lists the game's own keys" in words
    key(app, pygame.K_ESCAPE)
    assert not screen.help_open and screen.card is None and app.running
    for code, text in ((pygame.K_F1, ""), (pygame.K_SLASH, "?"), (pygame.K_h, "h")):
        key(app, code, text)
        assert screen.help_open
        click(app, (3, 3))  # beside the card
        assert not screen.help_open
    assert isinstance(app.screen, StartScreen) and app.running


def test_the_start_screen_s_help_lists_each_of_its_keys(make_app: Callable[..., App]) -> None:
    """The card's rows and the screen's bindings agree: none missing, none invented."""
    listed = {name for names, _ in HELP_KEYS for name in names}
    keymap = set(start_screen(make_app(None)).keymap)
    assert listed == keymap - {"enter"}  # the keypad's Enter does what Return does
    assert [keys for keys, _ in help_rows()][1:4] == ["1 / 2 / 3", "B / W", "Up / Down"]


def test_each_game_the_start_screen_starts_has_a_seed_of_its_own(
    make_app: Callable[..., App],
) -> None:
    # The walk of 2026-11-30j: two fresh AI vs AI games of the same levels played the same
    # moves, slips and all: every game had seed 0.
    seeds = set()
    for _ in range(3):
        app = make_app(None)
        press(app, pygame.K_RETURN)
        app.step(1 / 60)
        seeds.add(screen_of(app).game.config.seed)
    assert len(seeds) > 1
