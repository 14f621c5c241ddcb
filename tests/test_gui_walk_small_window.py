"""What the newcomer's walk of 2026-11-30 saw at 720x480, second round, each checked where a
player would notice it: the window is driven through the App's loop under SDL's dummy drivers,
with games and settings in a temporary data directory."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import click_at, screen_of
from test_gui_tree import open_tree

from checkers.ai.levels import get_level
from checkers.ai.search import SearchRequest
from checkers.board import Move
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_control.ai_traffic import AISearch
from checkers.gui.settings import Settings
from checkers.gui.tree_view.explain import node_lines
from checkers.gui.tree_view.view import TreeView
from checkers.gui.ui import button_fits

THEMES = ("wood", "contrast")


@pytest.fixture(autouse=True)
def data_dir(data: Path) -> Iterator[Path]:
    yield data
    theme.use(theme.DEFAULT_THEME)


def against_the_ai(make_app: Callable[..., App], theme_name: str) -> App:
    """A game of the player (Black) against the Club level at 720x480."""
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(level=get_level("club")))
    return make_app(config, size=(720, 480), settings=Settings(theme=theme_name))


def panel_rows(view: TreeView) -> list[tuple[str, pygame.Rect]]:
    """The rows of words the last frame drew in the tree's side panel, top first."""
    area = view.panel_rect.move(-view.rect.x, -view.rect.y)
    labels = view.labels
    return [
        (text, place)
        for (text, _), place in zip(labels.drawn, labels.places, strict=True)
        if place.colliderect(area)
    ]


# --- 1. the tree's node panel: every line whole beside the node's board -----------------------


@pytest.mark.parametrize("theme_name", THEMES)
@pytest.mark.parametrize("note", [False, True], ids=["the board's position", "the AI's move"])
def test_every_line_of_the_trees_node_panel_reads_whole_at_720(
    make_app: Callable[..., App], theme_name: str, note: bool
) -> None:
    # The walk's 62/68 (720x480): the node's small board left room for two rows under it, the
    # side line ('White (the AI) to move: picks the highest score for the AI') took both, and
    # the node's score ('score -1.10 for the AI (+1.10 for you)') was not shown.
    app = against_the_ai(make_app, theme_name)
    if note:  # the tree of the AI's last move, which its search does not prefer: a note over all
        game = screen_of(app).game
        game.play(Move.from_pdn("11-15", game.position))
        before = game.position
        played = Move.from_pdn("22-17", before)  # the tree prefers 21-17
        game.play(played)
        game.ai_search = AISearch(SearchRequest(before, (before,)), get_level("club"), played)
    view = open_tree(app).view
    assert view is not None and (bool(view.note) is note)
    area = view.panel_rect.move(-view.rect.x, -view.rect.y)
    if note:  # the root shown, nothing selected: the note over the panel is read whole
        assert " ".join(view.note.split()) in " ".join(text for text, _ in panel_rows(view))
    boards = 0
    nodes = [item.node for item in view.layout.items]
    assert len(nodes) >= 4  # the start and the moves in sight beside the 144-pixel board
    for node in nodes:
        point = view.screen_pos(node)
        if point is None or not view.canvas_rect.collidepoint(point):
            continue  # moved out of sight as a node clicked before it opened
        click_at(app, point)  # a click selects the node (and opens one folded): the panel
        item = view.layout.item_of(node)  # tells of it
        if view.selected is not node or item is None:
            continue  # under another node's label: the player clicks that one
        rows = panel_rows(view)
        said = " ".join(text for text, _ in rows)
        expected = node_lines(
            node, view.tree, None, item.hidden, view.man, view.curious, view.rough, view.human
        )
        for line, _ in expected:
            assert " ".join(line.split()) in said, (node.move, line, said)
        board = view.panel_board
        boards += board is not None
        for text, place in rows:
            assert area.contains(place), (text, place, area)  # whole, not cut at an edge
            assert place.bottom <= view.legend_top + 4 or place.top >= view.legend_top, text
            assert board is None or not board.colliderect(place), (text, place, board)
        for (a, first), (b, second) in itertools.pairwise(rows):
            assert not first.colliderect(second), (a, b)
        if node is view.tree.root and not note:
            # The position searched: its board, with the score beside or under it.
            assert board is not None and board.width >= 8 * 18, board
            assert "score" in said
    assert boards > 0, "the node's board is never shown"


# --- 2. the review's better line: whole, or cut where no capture is pending ---------------------

WALK_LINE = "Better line: 9-14 22-18 15x22 25x18x9 5x14 29x25 11-15 25-22"


@pytest.mark.parametrize("theme_name", THEMES)
def test_the_reviews_better_line_is_never_cut_in_an_exchange_at_720(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # The walk's 46 (720x480): 'Better line: 9-14 22-18 15x22 25x18x9', cut after White's
    # double jump with Black's recapture 5x14 to come.
    app = against_the_ai(make_app, theme_name)
    panel = screen_of(app).panel
    assert panel is not None
    words = (*(("3. 12-16??  blunder", "You lost 0.90 men", "Best 9-14")), WALK_LINE, "")
    panel.search_words = lambda: words
    app.step(1 / 60)
    app.step(1 / 60)
    shown = panel.search.html_text.replace("\u00a0", " ")  # a no-break space reads as one
    line = next(row for row in shown.split("<br>") if row.startswith("Better line"))
    moves = WALK_LINE.split()[2:]
    if line != WALK_LINE:  # cut: at a quiet point, with the count of the moves left out
        head, more = line.removesuffix(" more)").rsplit(" (+", 1)
        kept = head.split()[2:]
        assert kept == moves[: len(kept)] and int(more) == len(moves) - len(kept), line
        assert "x" not in moves[len(kept)], line  # the move after the cut takes nothing
    # and it reads in the row it has (a line too long for it wraps whole)
    font = panel.moves_title.font
    assert font is not None
    assert line == WALK_LINE or font.size(line)[0] <= panel.search.rect.width - 8


def _panel_rows(app: App, words: tuple[str, ...]) -> list[str]:
    """The panel's figures box showing `words`, row by row as drawn (a no-break space read as
    a space)."""
    panel = screen_of(app).panel
    assert panel is not None
    panel.search_words = lambda: words
    app.step(1 / 60)
    app.step(1 / 60)
    layout = panel.search.text_box_layout
    assert layout is not None
    return [
        " ".join(" ".join(getattr(item, "text", "") for item in row.items).split())
        for row in layout.layout_rows
    ]


def _last_row_words(box: pygame_gui.elements.UITextBox) -> list[str]:
    """The words of a text box's last row, as drawn (a no-break space parts two words too)."""
    layout = box.text_box_layout
    assert layout is not None and layout.layout_rows
    return " ".join(getattr(item, "text", "") for item in layout.layout_rows[-1].items).split()


@pytest.mark.parametrize(("size", "theme_name"), [((720, 480), "contrast"), ((1280, 800), "wood")])
def test_a_wrapped_line_never_leaves_a_short_last_word_alone(
    make_app: Callable[..., App], size: tuple[int, int], theme_name: str
) -> None:
    # The walk of 2026-11-30: "... looked 10 turns" over a lone "ahead", "(move" over "41)".
    from checkers.gui.cards import wrap_words
    from checkers.gui.ui import fit_text, keep_tail

    app = make_app(size=size, settings=Settings(theme=theme_name))
    box = screen_of(app).status_box
    assert box is not None
    for tail in ("turns ahead.", "(move 41)"):
        # The shortest status whose last word pygame_gui's own wrapping leaves alone.
        for count in range(1, 200):
            text = f"{' '.join(['looked'] * count)} {tail}"
            box.set_text(text)
            if _last_row_words(box) == tail.split()[-1:]:
                break
        else:
            raise AssertionError(f"no status leaves {tail!r} alone")
        fit_text(box, text)
        last = _last_row_words(box)
        assert len(last) >= 2 and last[-2:] == tail.split(), (tail, last)
    # In the panel's marked-up lines a tag stays with its word, a space inside a tag untouched.
    assert keep_tail("<font color='#fad26e'><b>Hint: 6-10</b></font><br>Score even") == (
        "<font color='#fad26e'><b>Hint:\u00a06-10</b></font><br>Score\u00a0even"
    )
    # The cards' and the explorer's own wrapping alike.
    font = pygame.font.Font(None, 20)
    width = font.size("looked looked looked")[0]
    lines = wrap_words("looked looked looked ahead", font, width)
    assert lines == ["looked looked", "looked ahead"], lines


@pytest.mark.parametrize("theme_name", THEMES)
def test_how_far_a_search_looked_reads_on_one_row_at_720(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # Walk h: "Score even (looked" over "14 turns ahead)" in the panel at 720x480.
    score = "Score +0.35 for you (looked 14 turns ahead)"
    words = ("White (Club) looked 12 turns ahead", "1,234,567 positions looked at", score, "", "")
    rows = _panel_rows(against_the_ai(make_app, theme_name), words)
    for phrase in ("looked 12 turns ahead", "(looked 14 turns ahead)"):
        assert any(phrase in row for row in rows), (phrase, rows)


@pytest.mark.parametrize("theme_name", THEMES)
def test_the_draw_button_names_an_offer_whole_at_720(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # Walk i: "Accept draw" ran into its button's edge at 720x480 Wood.
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    app = make_app(config, size=(720, 480), settings=Settings(theme=theme_name))
    screen = screen_of(app)
    game = screen.game
    game.play(game.position.legal_moves()[0])
    game.offer_draw()
    game.play(game.position.legal_moves()[0])
    for _ in range(3):
        app.step(1 / 60)
    assert game.draw_offered()
    button = screen.widgets["draw"]
    assert button.text in ("Accept draw", "Accept") and button_fits(button, button.text)


def test_a_line_that_fills_the_row_leaves_no_blank_row_at_720(
    make_app: Callable[..., App],
) -> None:
    # Walk i: a blank row under "White (Novice) had one legal move" at 720x480 Wood: the line
    # filled the row but for the line break's few pixels, and no smaller size was left.
    words = (
        "White (Novice) had one legal move",
        "3 turns ahead: 15 positions looked at in under 0.1\u00a0s",
        "The engine expects 1x10 (+7 more)",
        "Score even (the engine looked 17 turns ahead)",
        "",
    )
    rows = _panel_rows(against_the_ai(make_app, "wood"), words)
    assert all(rows), rows
    assert " ".join(rows).startswith("White (Novice) had one legal move 3 turns ahead"), rows


def test_a_cards_paragraph_wraps_into_lines_of_about_one_length() -> None:
    # Walk i: the drills card at 720x480 read "... defend as long as" over "they can." alone.
    from checkers.gui.cards import wrap_words

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = (
        "Standard endings from the books: you play the side that wins, the endgame databases"
        " defend as long as they can."  # (the card's words, before walk k shortened them)
    )
    width = font.size(text)[0] - font.size("they can.")[0] + 4  # greedy leaves two words
    greedy = wrap_words(text, font, width)
    assert len(greedy) == 2 and greedy[1] == "they can."
    balanced = wrap_words(text, font, width, balance=True)
    assert len(balanced) == 2 and " ".join(balanced) == text
    lengths = [font.size(line)[0] for line in balanced]
    assert max(lengths) <= width and min(lengths) >= max(lengths) // 2, balanced
    # The first line stays about as wide as the card's other lines: lines all of one length
    # made the paragraph half as wide as the card (walk 2026-11-30k).
    assert lengths[0] >= 0.55 * width, balanced
