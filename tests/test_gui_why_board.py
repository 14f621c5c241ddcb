"""The Why? card's small board in the window: after the AI's move, W shows the position before
it with the played line's arrows; a switch shows the refutation of the best other move, Play it
out plays a line to its end on the small board and Reset goes back. Real events through the real
loop under SDL's dummy drivers; waits are on conditions with a cap, never on time."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gui_driving import click_button, run_until, screen_of
from pygame_gui.elements import UITextBox

from checkers.ai.levels import Level
from checkers.ai.players import AIPlayer
from checkers.ai.search import Limits
from checkers.board import SQUARES, Move, Position
from checkers.board_geometry import BoardGeometry
from checkers.coach.explain import explain_choice
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.explaining import why_card
from checkers.gui.screens.why import WhyScreen, card_html, stray_blank_rows, words_box
from checkers.gui.settings import Settings
from checkers.gui.why_board import FRAMES_PER_MOVE
from checkers.picture import board_picture

FIRST_PROBLEM = "W:W32,27,24,22:B20,15,10,7"
"""White to play and win: 27-23 gives one man to win two; 22-17 only draws."""
ENGINE = Level("engine-8", "test engine", "engine", "engine", depth=8)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def press_key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    app.step(1 / 60)
    app.step(1 / 60)


def open_card(make_app: Callable[..., App], **options: object) -> tuple[App, WhyScreen]:
    """The engine (White) plays 27-23 in the first problem and scores it exactly; W opens the
    card on it."""
    start = Position(FIRST_PROBLEM)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(ENGINE), start=start)
    app = make_app(config, **options)
    game = screen_of(app).game
    run_until(
        app,
        lambda: game.record.ply == 1 and game.animation is None and game.ai.explaining is None,
    )
    assert game.last_move is not None and game.last_move.pdn() == "27-23"
    press_key(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    return app, why


def shown_words(why: WhyScreen) -> str:
    """The small board's words as the card shows them (a no-break space reads as a space)."""
    assert why.line_text is not None
    return why.line_text.html_text.replace("\u00a0", " ")


def moves_named(line: str) -> list[str]:
    """The moves a row of the card names (`refuted by 6. ... 15-18 7. 24-19` -> 15-18 24-19)."""
    words = re.sub(r"^(expects |(?:\d\.\d\d worse than \S+, )?refuted by )", "", line).split()
    return [word for word in words if not re.fullmatch(r"\d+\.|\.\.\.", word)]


def shown_pieces(why: WhyScreen) -> dict[int, bool]:
    """For each dark square of the small board as painted, whether a piece covers its centre
    (its colour is not the empty square's, plain or lit); squares under an arrow are left out."""
    assert why.image is not None and why.card.board is not None
    picture = board_picture(why.card.board.position, size=why.board_size, caption="")
    left, top, cell = picture.board
    geometry = BoardGeometry(int(left), int(top), int(cell), why.card.board.flipped)
    palette = theme.PALETTES[theme.current()]
    empty = {palette.DARK_SQUARE, palette.LAST_MOVE}
    surface = why.image.image
    assert surface is not None
    assert why.steps is not None
    arrowed = {square for move in why.steps.arrows() for square in move.path + move.captures}
    shown = {}
    for square in set(SQUARES) - arrowed:
        x, y = geometry.square_center(square)
        colour = tuple(surface.get_at((int(x), int(y))))[:3]
        shown[square] = colour not in empty
    return shown


def occupied(why: WhyScreen, position: Position) -> dict[int, bool]:
    """For each dark square not under one of the small board's arrows, whether `position` has
    a piece there."""
    assert why.steps is not None
    arrowed = {square for move in why.steps.arrows() for square in move.path + move.captures}
    pieces = position.piece_map()
    return {square: square in pieces for square in set(SQUARES) - arrowed}


@pytest.mark.parametrize("colours", ["wood", "contrast"])
def test_the_small_board_shows_both_lines_and_plays_them_out(
    make_app: Callable[..., App], colours: str
) -> None:
    app, why = open_card(make_app, settings=Settings(theme=colours))
    board = why.card.board
    assert board is not None and board.position == Position(FIRST_PROBLEM)
    assert board.flipped  # as the game's board: the human (Black) at the bottom
    assert why.steps is not None and why.line_text is not None and why.step_label is not None
    # The played line: 27-23 first, its arrows the first moves of the line the card expects.
    arrows = why.steps.arrows()
    assert [move.path for move in arrows[:2]] == [(27, 23), (20, 27)]
    expected = moves_named(why.card.rows[0].line)
    assert [move.pdn() for move in arrows] == expected[: len(arrows)]
    assert html.escape(board.lines[0].label) in shown_words(why)
    assert board.lines[0].label.startswith("Played 27-23, expecting 20x27 ")
    assert why.step_label.text.startswith("Start of the line (0 of ")
    assert shown_pieces(why) == occupied(why, board.position)
    # The switch: the best other move, and the refutation its row in the card names.
    other = board.lines[1]
    first = other.moves[0].pdn()
    assert why.widgets["line 1"].text == f"Why not {first}"
    click_button(app, why.widgets["line 1"])
    assert why.shown == 1 and why.widgets["line 1"].is_selected
    assert not why.widgets["line 0"].is_selected
    row = next(row for row in why.card.rows if row.move == first)
    assert re.match(r"\d\.\d\d worse than \S+, refuted by ", row.line), row.line
    assert moves_named(row.line) == [move.pdn() for move in other.moves[1:]]
    assert why.steps.arrows()[0].path == other.moves[0].path
    assert html.escape(other.label) in shown_words(why)
    # Play it out: a move at once, then one every FRAMES_PER_MOVE frames of the loop, to the end.
    click_button(app, why.widgets["play"])
    assert why.steps.playing and why.widgets["play"].text == "Pause"
    assert why.wake_in() == 0.0
    frames = 0
    while why.steps.playing and frames < len(other.moves) * FRAMES_PER_MOVE + 10:
        app.step(1 / 60)
        frames += 1
    assert why.steps.finished
    app.step(1 / 60)
    app.step(1 / 60)  # the last move's words drawn, the loop may sleep
    assert why.wake_in() is None
    final = board.position
    for move in other.moves:
        final = final.move(move)
    assert why.steps.position() == final and why.steps.arrows() == ()
    assert shown_pieces(why) == occupied(why, final) != occupied(why, board.position)
    assert why.step_label.text.startswith("End of the line")
    assert why.widgets["play"].text == "Play again"
    # Reset: the position before the move again, the line's first arrows back.
    click_button(app, why.widgets["reset"])
    assert why.steps.done == 0 and shown_pieces(why) == occupied(why, board.position)
    assert why.steps.arrows()[0].path == other.moves[0].path
    # Back to the played line, and Space plays it.
    click_button(app, why.widgets["line 0"])
    press_key(app, pygame.K_SPACE, " ")
    assert why.shown == 0 and why.steps.done == 1 and why.steps.last_move() == Move((27, 23))
    press_key(app, pygame.K_ESCAPE)
    assert app.screen is not why


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_small_board_fits_the_card_beside_the_words(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    _, why = open_card(make_app, size=size)
    assert why.image is not None and why.text is not None and why.line_text is not None
    assert why.step_label is not None
    card = why.text.ui_container.get_rect()
    board = why.image.get_abs_rect()
    text = why.text.get_abs_rect()
    assert board.right < text.left and board.width >= 180  # beside the words, big enough to read
    parts = [board, why.line_text.get_abs_rect(), why.step_label.get_abs_rect()]
    parts += [button.get_abs_rect() for button in why.widgets.values()]
    for index, part in enumerate(parts):
        assert card.contains(part), part
        assert not part.colliderect(text)
        assert all(not part.colliderect(other) for other in parts[index + 1 :])
    assert why.line_text.scroll_bar is None  # the line's words are all in view
    for name, button in why.widgets.items():
        font = button.font
        rect = button.get_abs_rect()
        words = [button.text] + (["Pause", "Play again"] if name == "play" else [])
        assert font is not None and all(font.size(w)[0] <= rect.width - 4 for w in words), name


def push_card(app: App, fen: str, depth: int) -> WhyScreen:
    """The card for the engine's move in `fen` (its search at `depth`), over the start screen."""
    position = Position(fen)
    explanation = explain_choice(
        position, AIPlayer(Limits(depth=depth), name="engine").choose(position)
    )
    assert explanation is not None
    card = why_card(explanation, position.turn, 10, position=position)
    why = WhyScreen(app.context, card)
    app.push(why)
    app.step(1 / 60)
    return why


def test_the_only_legal_move_shows_its_line_alone_and_says_so(
    make_app: Callable[..., App],
) -> None:
    app = make_app(size=(720, 480))
    why = push_card(app, "W:W18:B14,9", 3)
    assert why.card.board is not None and len(why.card.board.lines) == 1
    assert sorted(why.widgets) == ["close", "play", "reset"]  # no switch: one line
    assert why.line_text is not None and why.line_text.scroll_bar is None
    assert html.escape("The only legal move: no other line to show.") in shown_words(why)
    assert why.steps is not None and why.steps.arrows()[0].path == (18, 15)


def test_the_cards_words_show_no_blank_row_their_text_has_not(
    make_app: Callable[..., App],
) -> None:
    # The walk of 2026-11-30 saw a blank row between two of the other moves' rows: pygame_gui
    # moves a line break that follows a line within a few pixels of the box's edge to a row
    # of its own. Find widths where the card's words do that, and read them as the card does.
    app = make_app(size=(1280, 800))
    why = push_card(app, "W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1", 4)
    assert why.text is not None
    ui, text, width = app.context.ui, why.text.html_text, why.text.relative_rect.width
    blanks = text.count("<br><br>")
    straying = []
    for narrower in range(0, 240, 3):
        rect = pygame.Rect(0, 0, width - narrower, 2000)
        plain = UITextBox(text, rect, ui, object_id="#why_text")
        if stray_blank_rows(plain):
            straying.append(rect)
        plain.kill()
        if len(straying) == 3:
            break
    assert straying, "no width found where a line break strays"
    for rect in straying:
        box = words_box(text, rect, ui)
        rows = ["".join(getattr(item, "text", "") for item in row.items).strip()
                for row in box.text_box_layout.layout_rows]  # fmt: skip
        assert rows.count("") == blanks, (rect.width, rows)
        assert box.relative_rect.width >= rect.width - 6  # as wide as the room, near enough
        box.kill()
    assert stray_blank_rows(why.text) == 0


def lone_words(box: UITextBox) -> list[str]:
    """The rows of `box` a wrap leaves holding one word alone (a word carried over from the
    row above, with nothing after it on its row)."""
    from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect

    assert box.text_box_layout is not None
    rows = box.text_box_layout.layout_rows
    lone = []
    for above, row in itertools.pairwise(rows):
        if any(isinstance(item, LineBreakLayoutRect) for item in above.items):
            continue  # `row` starts a line of its own
        words = "".join(getattr(item, "text", "") for item in row.items).split()
        if len(words) == 1:
            lone.append(words[0])
    return lone


def parted_units(box: UITextBox) -> list[str]:
    """Where a wrap in `box` parts a number from its unit (`12` at a row's end, `turns` at
    the next one's start) or a score from its side (`+0.15 for` over `White`)."""
    assert box.text_box_layout is not None
    rows = "\n".join(
        "".join(getattr(item, "text", "") for item in row.items).strip()
        for row in box.text_box_layout.layout_rows
    )
    number = r"[+-]?\d[\d,]*(?:\.\d+)?"
    units = r"(?:for|turns?|men|man|moves?|more|seconds?|s|positions)\b"
    return re.findall(rf"{number}\n{units}|{number} for\n\S+", rows)


@pytest.mark.parametrize(
    ("fen", "depth"),
    [("W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1", 4), (FIRST_PROBLEM, 6)],
    ids=["middle game", "first problem"],
)
def test_the_cards_words_leave_no_word_alone_on_a_row(
    make_app: Callable[..., App], fen: str, depth: int
) -> None:
    """However wide the card's words are laid out, a wrap never leaves one word alone on the
    last row of a sentence or a row, and a number stays with its unit (the walk read "... looks
    12 turns" over a lone "ahead.")."""
    app = make_app(size=(1280, 800))
    why = push_card(app, fen, depth)
    assert why.text is not None
    ui, text, width = app.context.ui, card_html(why.card), why.text.relative_rect.width
    for narrower in range(0, 300, 7):
        box = words_box(text, pygame.Rect(0, 0, width - narrower, 2000), ui)
        assert not lone_words(box), (width - narrower, lone_words(box))
        assert not parted_units(box), (width - narrower, parted_units(box))
        box.kill()


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_a_no_break_space_looks_like_a_space_in_the_windows_font(bold: bool) -> None:
    """The no-break spaces that hold words together draw as spaces (no box for a missing
    glyph) in the one face every text box uses, at the window's text sizes."""
    from checkers.gui import fonts

    pygame.font.init()
    for size in (theme.MIN_TEXT, 14, 16, 20):
        face = fonts.font(size, bold)
        held, plain = (
            face.render("12\u00a0turns", True, (0, 0, 0)),
            face.render("12 turns", True, (0, 0, 0)),
        )
        assert held.get_size() == plain.get_size()
        assert pygame.image.tobytes(held, "RGBA") == pygame.image.tobytes(plain, "RGBA")


def test_the_played_mark_is_never_left_alone_on_a_row(make_app: Callable[..., App]) -> None:
    """The walk of 2026-11-30e read `(played)` alone under a long first row ("19-15 at first
    looked at best a little better (at most +0.20 for the AI)"): pygame_gui breaks a line
    where one colour ends and the next begins, whatever no-break spaces stand there. The
    mark follows the move, so at any width no row holds it alone."""
    from checkers.gui.explaining import WhyRow
    from checkers.gui.screens.why import _row_html

    app = make_app(size=(1280, 800))
    row = WhyRow(
        "19-15",
        "at most +0.20 for the AI",
        True,
        10,
        "11x18 27-23 18x27 31x24",
        True,
        verdict="at first looked at best a little better",
        ideas=("After 19-15 11x18, White exchanges a man for a man: 27-23 18x27 31x24",),
    )
    text = _row_html(row, "#ffcc66", "#888888", "")
    assert text.index("(played") < text.index("at most")
    for width in range(300, 720, 9):
        box = words_box(text, pygame.Rect(0, 0, width, 600), app.context.ui)
        assert not lone_words(box), (width, lone_words(box))
        box.kill()
