"""What a new player sees at the window's edges: no tooltip left over after a screen change,
no text cut or run together on the analysis board at the smallest window, one rule for the
cards' buttons, plain words in the search tree's default view, and a start screen without an
empty band."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import press, screen_of
from pygame_gui.elements import UILabel

from checkers.ai.tracking import MinimaxCount, tracked_search
from checkers.board import BLACK, WHITE, Position
from checkers.coach.explain import Analysis, AnalysisLine
from checkers.coach.idea import Idea
from checkers.gui.app import App
from checkers.gui.cards import button_height
from checkers.gui.explorer_pane import BOOK_HEAD
from checkers.gui.intents import OpenDrills, OpenLoad, OpenPuzzles, OpenSettings
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.start import StartScreen
from checkers.gui.tree_view.explain import header_lines
from checkers.gui.tree_view.layout import TreeLayout
from checkers.gui.tree_view.words import legend

MIDGAME = "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"


def tooltips(app: App) -> list[pygame_gui.elements.UITooltip]:
    """The tooltips on the window now."""
    sprites = app.context.ui.get_sprite_group().sprites()
    return [tip for tip in sprites if isinstance(tip, pygame_gui.elements.UITooltip)]


def rest(app: App, seconds: float = 2.0) -> None:
    """Let the window run `seconds` with the pointer where it is (tooltips come after 0.6 s)."""
    for _ in range(round(seconds / 0.1)):
        app.step(0.1)


def test_no_tooltip_survives_opening_the_analysis_board_by_its_key(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(1280, 800))
    game = screen_of(app)
    button = game.widgets["analyse"]
    pygame.mouse.set_pos(button.get_abs_rect().center)  # the pointer rests on Analyse
    rest(app)
    assert tooltips(app)  # its tooltip is up
    press(app, pygame.K_a, "a")
    analysis = app.screen
    assert isinstance(analysis, AnalysisScreen)
    rest(app)  # the pointer rests, now over one of the analysis board's buttons
    assert not tooltips(app)
    # Tooltips still work once the pointer moves on the new screen.
    pygame.mouse.set_pos(analysis.widgets["close"].get_abs_rect().center)
    rest(app)
    assert tooltips(app)
    # The greyed Undo (no move made on this board yet) says why (walk 2026-12-01af: nothing).
    undo = analysis.widgets["back"]
    assert not undo.is_enabled
    pygame.mouse.set_pos(undo.get_abs_rect().center)
    rest(app)
    shown = analysis.disabled_tips._shown
    assert shown is not None and "no move made on this board yet" in shown.text_block.html_text
    pygame.mouse.set_pos(analysis.widgets["close"].get_abs_rect().center)
    press(app, pygame.K_ESCAPE)
    rest(app)
    assert app.screen is game and not tooltips(app)  # nor back on the game


def _long_analysis() -> Analysis:
    """Three lines from the start, each with ideas whose names make a long heading."""
    ideas = (
        Idea("exchange", BLACK, (), 0, (), ""),
        Idea("shot", WHITE, (), 0, (), ""),
        Idea("first-position", WHITE, (), 0, (), ""),
    )
    line = ("11-15", "23-19", "8-11", "22-17", "9-13", "17x10", "6x22", "25x18", "4-8", "26-22")
    lines = tuple(
        AnalysisLine(move, 0.05 * rank, (move, *line[1:]), ideas=ideas)
        for rank, move in enumerate(("11-15", "9-14", "10-15"))
    )
    return Analysis(depth=16, lines=lines, nodes=4_254_514)


def _stop_engine(board: AnalysisScreen) -> None:
    """The engine leaves the board alone: the test shows its own lines."""
    board.context.ai.cancel()
    board.request = None


def _cut_labels(labels: dict[str, UILabel], meant: dict[str, str]) -> list[str]:
    """The labels that show less than what they were meant to say (fitting cut it), or whose
    text runs past their edge."""
    wrong = []
    for name, label in labels.items():
        font = label.font
        assert font is not None
        if font.size(label.text)[0] > label.rect.width or label.text != meant.get(name, ""):
            wrong.append(f"{name}: {label.text!r}")
    return wrong


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_analysis_boards_line_headings_with_ideas_are_never_cut(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    _stop_engine(board)
    board.analysis = _long_analysis()
    board.sync()
    app.step(1 / 60)
    assert not _cut_labels(board.labels, board.texts())
    # The lines wrap in their box (it scrolls if they are longer than it): nothing is cut.
    box = board.lines_box
    assert box is not None
    assert "..." not in box.html_text.replace("Thinking...", "").replace(" ...", "")
    shown = html.unescape(box.html_text)
    assert (
        shown.count("(exchange, White's shot, White's First Position)") == 3
    )  # every line's ideas, whole
    for move in ("11-15", "9-14", "10-15"):
        assert f"<b>{move} " in shown  # each line's heading


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_the_explorers_book_and_engine_notes_wrap_rather_than_cut(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    _stop_engine(board)
    press(app, pygame.K_o, "o")  # the explorer pane
    assert board.explorer is not None
    board.analysis = _long_analysis()
    board.sync()
    footer = {name: label for name, label in board.explorer.labels.items() if "footer" in name}
    font = footer["footer 0"].font
    assert font is not None
    assert all(font.size(label.text)[0] <= label.rect.width for label in footer.values())
    shown = " ".join(label.text for label in footer.values())
    # (No game came here: no table, so the engine's score alone, walk 2026-11-30l.)
    said = "Engine: even, thinking... 16 turns ahead"
    assert said in " ".join(shown.split())
    assert BOOK_HEAD.sub("", shown).startswith("11-15")


def _tree_texts(curious: bool) -> tuple[list[str], list[str]]:
    """Every node label of a depth-5 tree shown two moves deep, and the header's lines."""
    tree = tracked_search(Position.from_fen(MIDGAME), 5)
    layout = TreeLayout(tree, curious=curious)
    layout.show_plies(2)
    labels = [text for item in layout.items for text in layout.texts(item)]
    header = [text for text, _ in header_lines(tree, None, None, 1.0, curious)]
    return labels, header


def test_the_search_trees_default_view_speaks_plain_words() -> None:
    labels, header = _tree_texts(curious=False)
    assert not [text for text in labels if "<=" in text or ">=" in text]
    assert not [text for text in labels if re.fullmatch(r"\+\d+", text)]  # no bare "+174"
    assert any(text.startswith(("at most", "at least")) for text in labels)
    assert any(text.endswith(" more") for text in labels)  # what is folded away, in words
    said = " ".join(header)
    assert "looked at" not in said
    # The header's score is told as the rest of the window tells scores: for the side ahead.
    assert re.search(r"\((even|\+\d\.\d\d for (Black|White))", said), said
    # What the search cost, in words: the positions it saw and the moves it could skip (the
    # count of every move is said only where the search counted it).
    assert "It saw " in said and "that could not change its choice" in said
    assert "not counted" not in said
    for _, meaning in legend(False, BLACK):
        assert "<=" not in meaning and ">=" not in meaning
    signs = [sign for sign, _ in legend(False, BLACK)]
    assert "at least / at most" in signs and "N more under a shape" in signs


def test_the_curious_still_see_the_searchs_own_signs() -> None:
    labels, header = _tree_texts(curious=True)
    assert any(text.startswith(("<=", ">=")) for text in labels)
    assert any(re.fullmatch(r"\+\d+", text) for text in labels)
    assert "nodes" in " ".join(header)


KEY_IN_LABEL = re.compile(r"\((Esc|Enter|[A-Z0-9]|Space|Up|Down)[^)]*\)\s*$")
"""A key named at a button's end, as `Close  (Esc)`: keys belong in tooltips."""


def _buttons_with_keys(app: App) -> list[str]:
    """The labels of the window's buttons that name a key."""
    sprites = app.context.ui.get_sprite_group().sprites()
    return [
        button.text
        for button in sprites
        if isinstance(button, pygame_gui.elements.UIButton) and KEY_IN_LABEL.search(button.text)
    ]


def test_no_card_or_screen_names_a_key_on_its_buttons(
    make_app: Callable[..., App], data: Path
) -> None:
    """One rule for every card and dialog: buttons say what they do, tooltips add the key;
    the resign card's question names no key either."""
    app = make_app(size=(720, 480))
    game = screen_of(app)
    game.ask_resign()
    app.step(1 / 60)
    assert game.confirm is not None and game.confirm.is_built()
    assert "Enter" not in game.game.status and not _buttons_with_keys(app)
    press(app, pygame.K_ESCAPE)
    for intent in (OpenLoad(), OpenSettings(), OpenPuzzles(), OpenDrills()):
        app.request(intent)
        app.step(1 / 60)
        assert app.screen is not game
        assert not _buttons_with_keys(app), type(intent).__name__
        widgets = app.screen.widgets.values()  # type: ignore[attr-defined]
        buttons = [b for b in widgets if isinstance(b, pygame_gui.elements.UIButton)]
        assert all(button.tool_tip_text for button in buttons)  # the keys are said there
        app.pop()
    press(app, pygame.K_e, "e")  # set up a position
    assert not _buttons_with_keys(app)
    app.show_start()
    app.step(1 / 60)
    assert isinstance(app.screen, StartScreen) and not _buttons_with_keys(app)


def test_the_saved_games_list_is_a_card_like_every_other(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(size=(1280, 800))
    app.request(OpenLoad())
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, LoadScreen) and screen.panel is not None
    assert "#card" in screen.panel.get_object_ids()
    heights = {button.rect.height for button in screen.widgets.values()}
    assert heights == {button_height(app.context.scale)}  # the cards' one button size


def test_the_search_trees_counts_share_one_number_format() -> None:
    """The tree's header writes every count with a thousands separator: the walk of 2026-11-30
    read "1,044 positions" beside "(3547 with every move)"."""
    tree = tracked_search(Position.from_fen(MIDGAME), 5)
    for curious in (False, True):
        for minimax in (MinimaxCount(3547), MinimaxCount(12000, capped=True)):
            said = " ".join(text for text, _ in header_lines(tree, minimax, None, 1.0, curious))
            assert "3,547" in said or "more than 12,000" in said, said
            assert not re.search(r"\d{4}", said), said
