"""The game review in the window, driven by real events through the real loop: the labels come
from a real review process, the marks show in the move list and on the graph, a click on the
graph steps through the game, the better line is a preview only, Cancel ends the process, and
Review starts from the game-over card, the load screen and the menu."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import multiprocessing
import re
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
import pytest
from gui_driving import click, idle, post, press, run_until, screen_of
from pygame_gui.elements import UITooltip
from test_review import BEFORE_BLUNDER, BLUNDER, DATABASE_WIN, database_line

from checkers import saves
from checkers.ai import Limits, SearchRequest, search
from checkers.ai.endgame import Result, default_endgames
from checkers.ai.levels import Level
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.judgement import Judgement
from checkers.formats.pdn import read_file, record_from_game
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_view import review as review_screen
from checkers.gui.game_view.review import ReviewPane
from checkers.gui.game_view.review_strip import text_size
from checkers.gui.intents import OpenLoad
from checkers.gui.persist import config_tags
from checkers.gui.review_model import (
    TABLE_HEADINGS,
    GraphBox,
    ReviewProgress,
    graph_points,
    mark_boxes,
    ply_at,
)
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.load import LoadScreen
from checkers.gui.screens.why import WhyScreen
from checkers.gui.wording import score_words
from checkers.notation import is_even
from checkers.record import GameRecord
from checkers.review import (
    MIN_JUDGED_MOVES,
    TOO_FEW_MOVES,
    Label,
    MoveReview,
    PositionScore,
    ReviewSetting,
)

# The window's processes search on the compiled core here: reviews search long, many times
# slower on the Python engine (tests/conftest.py's make_app).
pytestmark = pytest.mark.compiled

CAP_SECONDS = 180.0 if importlib.util.find_spec("numba") is not None else 900.0
"""How long a wait on the review process may last before the test fails (a cap, not a figure):
longer where numba is not installed, the review searching with the Python engine (a review of
the blunder game took over three minutes so on a busy machine)."""

BENCH_GAME = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "review-game.pdn"


@pytest.fixture(autouse=True)
def shallow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review at depth 4 in one process: the same labels for the planted blunder, quickly."""
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)


def click_at(app: App, where: tuple[float, float]) -> None:
    """A left click at `where`; two frames (pygame_gui posts a button's press as an event)."""
    point = (int(where[0]), int(where[1]))
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)


def blunder_record() -> GameRecord:
    record = GameRecord(Position())
    for text in [*BEFORE_BLUNDER, BLUNDER]:
        record.play(Move.from_pdn(text, record.position))
    return record


def pane_of(app: App) -> ReviewPane:
    pane = screen_of(app).review_pane
    assert pane is not None, "no review is open"
    return pane


def wait_for(app: App, condition: Callable[[], bool], what: str) -> None:
    """Run the loop until `condition` holds, waiting on the review process's pipe between
    frames; fails after CAP_SECONDS."""
    deadline = time.monotonic() + CAP_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting: {what}")
        idle(app)
        app.step(1 / 60)
    app.step(1 / 60)
    app.step(1 / 60)  # the panel and the widgets show what came in the frame after


def review_finished(app: App) -> None:
    wait_for(app, lambda: not pane_of(app).progress.running, "the review to finish")


def open_blunder_game(make_app: Callable[..., App], **options: Any) -> App:
    """Two players' game with a planted blunder on the board (`options`: the app's, such as
    its size and settings)."""
    app = make_app(**options)
    screen_of(app).load(blunder_record(), {}, "blunder.pdn")
    app.step(1 / 60)
    return app


def reviewed_blunder_game(make_app: Callable[..., App], **options: Any) -> tuple[App, ReviewPane]:
    """`open_blunder_game`, reviewed from the menu to its end: the app and its review."""
    app = open_blunder_game(make_app, **options)
    start_from_menu(app)
    review_finished(app)
    return app, pane_of(app)


def start_from_menu(app: App) -> None:
    screen = screen_of(app)
    click_at(app, screen.widgets["open_menu"].get_abs_rect().center)
    click_at(app, screen.widgets["menu review_game"].get_abs_rect().center)


def test_a_planted_blunder_is_marked_in_the_move_list_and_on_the_graph(
    make_app: Callable[..., App],
) -> None:
    app, pane = reviewed_blunder_game(make_app)
    ply = len(BEFORE_BLUNDER) + 1
    assert pane.progress.state == "done" and len(pane.progress.reviews) == ply
    assert pane.progress.label_of(ply) is Label.BLUNDER
    cell = screen_of(app).move_cell(ply)
    assert cell.text == BLUNDER + "??"
    assert "#move_blunder" in cell.object_ids
    marks = {mark_ply: label for mark_ply, label, _ in pane.marks()}
    assert marks[ply] is Label.BLUNDER
    assert pane.progress.progress_text() == "Reviewed all 10 moves"
    cells = {words for words, _ in pane.table_cells()}
    assert {"Black", "White", "Blunders"} <= cells
    white = [words for words, _ in pane.table_cells()][-5:]
    assert white[0] == "White" and white[1].endswith("%") and white[4] == "1"  # one blunder
    # The panel tells the move shown (the game's last, the blunder) with its loss and best.
    assert screen_of(app).game.record.ply == ply
    panel = screen_of(app).panel
    assert panel is not None
    shown = re.sub(r"</?(font|b)\b[^>]*>", "", panel.search.html_text).replace(
        "\u00a0", " "
    )  # sizes, bold
    words = shown.split("<br>")
    assert words[0].startswith(f"10. ... {BLUNDER}??  blunder")
    assert words[1].startswith("White lost ") and float(words[1].split()[2]) >= 1.5
    assert words[2].startswith(f"Best {pane.progress.reviews[-1].best.pdn()}")


def test_the_marks_colours_are_the_themes_in_both_themes() -> None:
    for name, palette in theme.PALETTES.items():
        text = resources.files("checkers.gui.themes").joinpath(f"{name}.json").read_text()
        blocks = json.loads(text)
        for label, colour in (
            ("inaccuracy", palette.REVIEW_INACCURACY),
            ("mistake", palette.REVIEW_MISTAKE),
            ("blunder", palette.REVIEW_BLUNDER),
        ):
            shown = blocks[f"#move_{label}"]["colours"]["normal_text"]
            assert shown == "#{:02x}{:02x}{:02x}".format(*colour), (name, label)


def test_clicking_the_graph_goes_to_that_ply_and_the_keys_to_the_mistakes(
    make_app: Callable[..., App],
) -> None:
    app, pane = reviewed_blunder_game(make_app)
    game = screen_of(app).game
    line = list(game.record.line)
    click_at(app, pane.point_of(5))
    assert game.record.ply == 5
    click_at(app, pane.point_of(0))
    assert game.record.ply == 0
    # Next mistake visits the mistakes and blunders in order, as its label says, and passes
    # over the inaccuracies (the list marks them ?!).
    marked = pane.progress.marked()
    mistakes = [ply for ply, label in marked if label in (Label.MISTAKE, Label.BLUNDER)]
    assert mistakes and any(label is Label.INACCURACY for _, label in marked)
    visited = []
    for _ in mistakes:
        press(app, pygame.K_RIGHTBRACKET, "]")
        visited.append(game.record.ply)
    assert visited == mistakes
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert game.record.ply == mistakes[-1] and "No mistake or blunder after" in game.status
    for ply in reversed(mistakes[:-1]):
        press(app, pygame.K_LEFTBRACKET, "[")
        assert game.record.ply == ply
    press(app, pygame.K_LEFTBRACKET, "[")
    assert game.record.ply == mistakes[0]  # nothing before the first: it stays
    assert "No mistake or blunder before" in game.status
    assert list(game.record.line) == line  # stepping through never changes the game


def test_the_better_line_is_a_preview_that_leaves_the_game_unchanged(
    make_app: Callable[..., App],
) -> None:
    app = open_blunder_game(make_app)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    pane = pane_of(app)
    ply = len(BEFORE_BLUNDER) + 1
    assert screen.game.record.ply == ply
    pdn_before = screen.pdn_text()
    line_before, position_before = list(screen.game.record.line), screen.game.position
    press(app, pygame.K_b, "b")
    preview = pane.preview
    assert preview is not None
    review = pane.progress.reviews[-1]
    assert preview.start == review.position and preview.line[0] == review.best
    press(app, pygame.K_SPACE, " ")  # Space plays the line through
    wait_for(app, lambda: preview.shown == len(preview.line) and not preview.moving(), "the line")
    view = screen.board_view(screen.layout().board)
    assert view.position == preview.position() != position_before
    click_at(app, screen.layout().board.square_center(22))  # no move is made on the preview
    press(app, pygame.K_ESCAPE)
    assert pane.preview is None
    assert screen.board_view(screen.layout().board).position == position_before
    assert list(screen.game.record.line) == line_before and screen.game.record.ply == ply
    assert screen.pdn_text() == pdn_before
    assert isinstance(app.screen, GameScreen)  # Esc ended the preview, not the game


def test_the_panel_describes_the_better_lines_position_while_it_is_shown(
    make_app: Callable[..., App],
) -> None:
    # The walk read "White to move" and "11 left / 10 left" beside a preview board with Black
    # to move and 10 and 9 men: the panel still told the game's position.
    app = open_blunder_game(make_app)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    panel = screen.panel
    assert panel is not None

    def said() -> list[tuple[str, str]]:
        return [(labels[0].text, labels[1].text) for labels in panel.side_labels]

    def told(position: Position) -> list[tuple[str, str]]:
        return [
            (
                side.name.capitalize() + (" to move" if position.turn is side else ""),
                f"{len(position.pieces(side, kings=False))} left",
            )
            for side in (BLACK, WHITE)
        ]

    game_said = said()
    assert game_said == told(screen.game.position)
    press(app, pygame.K_b, "b")
    preview = pane_of(app).preview
    assert preview is not None
    seen: set[int] = set()
    while preview.shown < len(preview.line) or preview.moving():
        press(app, pygame.K_RIGHT)  # the player steps through the line
        wait_for(app, lambda: not preview.moving(), "a step")
        shown = preview.position()
        if not shown.kings:  # the counts below are men only
            assert said() == told(shown), preview.shown
            seen.add(preview.shown)
    assert len(seen) >= 2  # the panel followed the line through its steps
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert said() == game_said  # the game's own position again


def test_esc_closes_the_review_before_it_leaves_the_game(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The walk of 2026-11-30j: one Esc in a review left the game for the start screen.
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    app = open_blunder_game(make_app)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    assert app.screen is screen and screen.review_pane is None
    assert screen.game.status.startswith("Review closed.")


def test_cancel_stops_the_review_process_and_keeps_the_moves_reviewed(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=10)))
    game = read_file(BENCH_GAME)[0]
    app = make_app()
    screen_of(app).load(record_from_game(game), {}, "review-game.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    pane = pane_of(app)
    assert pane.client.alive
    wait_for(app, lambda: len(pane.progress.reviews) >= 1, "the first label")
    assert pane.progress_words().startswith("Reviewing: move")
    click_at(app, pane.widgets["stop"].get_abs_rect().center)
    kept = len(pane.progress.reviews)
    assert pane.progress.state == "cancelled" and 1 <= kept < len(game.moves)
    assert "reviewed so far keep their labels" in screen_of(app).game.status
    wait_for(app, lambda: not pane.client.alive, "the review process to end")
    wait_for(app, lambda: not multiprocessing.active_children(), "its search processes to end")
    assert len(pane.progress.reviews) == kept  # nothing more came after the cancel
    assert pane.widgets["stop"].text == "Close"
    click_at(app, pane.widgets["stop"].get_abs_rect().center)
    assert screen_of(app).review_pane is None  # Close drops the review, the game stays
    assert list(screen_of(app).game.record.line) == list(game.moves)


def test_review_on_the_game_over_card_starts_the_review(make_app: Callable[..., App]) -> None:
    record = won_record()
    assert record.outcome is not None
    app = make_app()
    screen = screen_of(app)
    screen.load(record, {}, "won.pdn")
    app.step(1 / 60)
    assert screen.result_shown()
    click_at(app, screen.widgets["card review"].get_abs_rect().center)
    assert screen.review_pane is not None and screen.game.record.ply == 0
    review_finished(app)
    assert [r.label for r in pane_of(app).progress.reviews] == [Label.FORCED]


def won_record() -> GameRecord:
    record = GameRecord(Position.from_fen("B:W18:B14"))
    record.play(Move.from_pdn("14x23", record.position))
    return record


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_review_on_the_load_screen_starts_the_review(
    make_app: Callable[..., App], data: Path, finished: bool
) -> None:
    # A finished game opens to be stepped through; an unfinished one is resumed (its file
    # claimed), and either is then reviewed.
    record = won_record() if finished else blunder_record()
    saves.save_game(record, {"Black": "Ann", "White": "Bob"})
    app = make_app()
    app.request(OpenLoad())
    app.step(1 / 60)
    load = app.screen
    assert isinstance(load, LoadScreen)
    assert load.saved[0].is_unfinished is not finished
    click_at(app, load.widgets["review"].get_abs_rect().center)
    screen = screen_of(app)
    assert screen.review_pane is not None
    assert list(screen.game.record.line) == list(record.line)
    review_finished(app)
    last = pane_of(app).progress.label_of(len(record.line))
    assert last is (Label.FORCED if finished else Label.BLUNDER)


def test_the_graph_points_and_clicks_map_plies_both_ways() -> None:
    box = GraphBox(10, 20, 200, 100)
    points = graph_points([0.0, 1.0, None, -9.0], 3, box)
    assert [(ply, round(x), round(y)) for ply, x, y in points] == [
        (0, 10, 70),  # even: the middle
        (1, 77, 34),  # a man ahead (0.86 of a point expected): 72% of the way up
        (3, 210, 120),  # nine men behind: the bottom edge
    ]
    assert [ply_at(x, 3, box) for x in (0, 10, 70, 150, 400)] == [0, 0, 1, 2, 3]


def test_a_review_ends_when_the_game_takes_another_line() -> None:
    moves = tuple(Move.from_pdn(t, p) for t, p in [("11-15", Position())])
    progress = ReviewProgress(Position(), moves, 1.0)
    assert progress.covers(Position(), [*moves, Move.from_pdn("23-19", Position().move(moves[0]))])
    assert not progress.covers(Position(), [Move.from_pdn("9-13", Position())])


def forced_review(start: Position, forced: Move) -> MoveReview:
    return MoveReview(
        1,
        start.turn,
        forced,
        forced,
        0.0,
        0.0,
        Label.FORCED,
        start,
        PositionScore(forced, 0.0),
        PositionScore(None, 0.0),
    )


def test_a_side_with_only_forced_moves_is_said_to_have_no_accuracy() -> None:
    start = Position.from_fen("B:W14,22,27:B10,6,1")
    forced = Move((10, 17, 26))  # the only legal move: a capture
    assert start.legal_moves() == [forced]
    progress = ReviewProgress(start, (forced,), 1.0)
    progress.add(forced_review(start, forced))
    black, white = progress.table()
    assert black == ("Black", "no choice", "0", "0", "0")
    assert white == ("White", "-", "0", "0", "0")  # nothing of White's reviewed


def test_a_side_with_only_book_moves_says_so_not_no_choice() -> None:
    # Walk 2026-11-30s: the table's "White (AI) no choice" beside the note of White's book
    # move 23-19, which named a better one: a book move is a choice.
    start = Position()
    book = Move.from_pdn("11-15", start)
    progress = ReviewProgress(start, (book,), 1.0)
    reviewed = dataclasses.replace(forced_review(start, book), label=Label.BOOK)
    progress.add(reviewed)
    black, _ = progress.table()
    assert black == ("Black", "book moves", "0", "0", "0")


def test_a_side_with_only_book_moves_so_far_has_no_accuracy_yet_while_the_review_runs() -> None:
    # The walk (2026-11-29) read "no choice" in the Accuracy column while the review was still
    # judging the opening's book moves: a choice may still come, so it says nothing yet.
    start = Position()
    book = start.legal_moves()[0]
    second = start.move(book).legal_moves()[0]
    progress = ReviewProgress(start, (book, second), 1.0)
    review = forced_review(start, book)
    progress.add(dataclasses.replace(review, label=Label.BOOK))
    assert progress.running
    assert progress.table()[0] == ("Black", "-", "0", "0", "0")


# --- what the player sees of the strip, the table, the status line and the bar ----------------


def review_of(ply: int, label: Label, before: float, after: float) -> MoveReview:
    """A review of one move with its scores (in men, a man worth 1): `after` from the
    opponent's view, as the review's searches give it."""
    position = Position()
    move = position.legal_moves()[0]
    best = move if label is Label.BEST else position.legal_moves()[1]
    side = BLACK if ply % 2 == 1 else BLACK.opponent
    loss = 0.0 if best == move else max(0.0, before + after)
    return MoveReview(
        ply,
        side,
        move,
        best,
        before,
        loss,
        label,
        position,
        PositionScore(best, before),
        PositionScore(None, after),
    )


def test_marks_sit_on_their_points_and_the_worst_is_drawn_over_the_others() -> None:
    box = GraphBox(0, 0, 60, 40)
    # Nine marks one pixel apart: each on its own point, all of them drawn.
    labels = [Label.INACCURACY, Label.MISTAKE, Label.BLUNDER]
    crowd = [(ply, 20.0 + ply, 20.0) for ply in range(1, 10)]
    marks = [(ply, labels[ply % 3]) for ply in range(1, 10)]
    placed = mark_boxes(crowd, marks, box, 8)
    assert sorted(ply for ply, _, _ in placed) == list(range(1, 10))
    for ply, _, square in placed:
        assert (square.left + 4, square.top + 4) == (20 + ply, 20)
    # Drawn lesser first: where they meet, a blunder lies over a mistake over an inaccuracy.
    order = [labels.index(label) for _, label, _ in placed]
    assert order == sorted(order)


def test_the_graph_and_the_bar_tell_one_score_from_the_players_side() -> None:
    moves = tuple(Position().legal_moves()[:1]) * 2
    human = BLACK.opponent
    progress = ReviewProgress(Position(), moves, 1.0, human)
    progress.add(review_of(1, Label.BEST, 0.5, -0.5))  # Black: +0.5 before, kept
    progress.add(review_of(2, Label.MISTAKE, -0.5, 0.8))  # White: -0.5 before, played -0.8
    # The graph is from White's side (the player's); the bar's score for each position is the
    # graph's value, told from a side of its own.
    assert progress.values() == [-0.5, -0.5, pytest.approx(-0.8)]
    for ply, value in enumerate(progress.values()):
        found = progress.position_score(ply)
        assert found is not None and value is not None
        score, side = found
        assert (score if side is human else -score) == pytest.approx(value)
    score, side = progress.position_score(2)  # type: ignore[misc]
    assert score_words(score, 1.0, side, human) == "+0.80 for the AI"


def open_bench_game(make_app: Callable[..., App], **options: object) -> App:
    app = make_app(**options)
    game = read_file(BENCH_GAME)[0]
    screen_of(app).load(record_from_game(game), {}, "review-game.pdn")
    app.step(1 / 60)
    return app


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_strip_has_a_graph_as_wide_as_the_board_and_parts_that_never_overlap(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = open_bench_game(make_app, size=size)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    pane = pane_of(app)
    layout = screen.layout()
    board = pygame.Rect(layout.board.left, layout.board.top, layout.board.size, layout.board.size)
    parts = pane.parts
    assert (parts.graph.left, parts.graph.width) == (board.left, board.width)
    assert parts.graph.height >= 30  # tall enough to read a lead at a glance
    window = pygame.Rect((0, 0), size)
    strip = pane.area
    assert not strip.colliderect(board) and not strip.colliderect(layout.status)
    assert not strip.colliderect(layout.panel)
    for part in (parts.graph, parts.table, parts.buttons):
        assert strip.contains(part) and window.contains(part)
    assert not parts.graph.colliderect(parts.table) and not parts.table.colliderect(parts.buttons)
    # Every mark the review made is on the graph (the game has many), whole, on the curve.
    marks = pane.marks()
    assert len(marks) == len(pane.progress.marked()) >= 5
    for ply, _, square in marks:
        assert parts.graph.contains(square)
        x, y = pane.point_of(ply)
        assert abs(square.centerx - x) <= 1 and abs(square.centery - y) <= 1
    # The buttons say what they do, and their words fit them.
    buttons = pane.widgets
    texts = [buttons[name].text for name in ("previous", "next", "better", "stop")]
    assert texts == ["Previous mistake", "Next mistake", "Better line", "Close"]
    for button in buttons.values():
        rect = button.get_abs_rect()
        assert parts.buttons.contains(rect)
        font = button.font
        assert font is not None and font.size(button.text)[0] <= rect.width - 4, button.text


def test_the_reviews_status_line_shows_its_longest_words_whole_at_720x480(
    make_app: Callable[..., App],
) -> None:
    """The walk of 2026-11-30 (shots 11, 33) read the review's status in a two-row box with a
    scroll bar at 720x480, the game's result scrolled out of sight."""
    app = open_bench_game(make_app, size=(720, 480))
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    screen.game.status = (
        "Back from the analysis board of the position where the AI played 28x19 (its reasons"
        " are not saved with the game). Game over: The AI wins. You resigned."
    )
    app.step(1 / 60)
    box = screen.status_box
    assert box is not None and box.text_box_layout is not None
    assert box.scroll_bar is None
    rows = box.text_box_layout.layout_rows
    assert rows and rows[-1].bottom <= box.rect.height, (rows[-1].bottom, box.rect)
    shown = " ".join(
        "".join(getattr(item, "text", "") for item in row.items).strip() for row in rows
    )
    assert shown.endswith("You resigned."), shown
    assert not pane_of(app).area.colliderect(box.rect)


def test_the_table_counts_match_the_labels_and_cells_do_not_overlap(
    make_app: Callable[..., App],
) -> None:
    app = open_bench_game(make_app)
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    cells = pane.table_cells()
    assert [words for words, _ in cells[:5]] == [
        "",
        "Accuracy",
        "Inaccuracies",
        "Mistakes",
        "Blunders",
    ]
    reviews = pane.progress.reviews
    for row, side in zip((cells[5:10], cells[10:15]), (BLACK, BLACK.opponent)):
        words = [text for text, _ in row]
        assert words[0] == side.name.capitalize()
        own = [review.label for review in reviews if review.side is side]
        assert [int(count) for count in words[2:]] == [
            own.count(Label.INACCURACY),
            own.count(Label.MISTAKE),
            own.count(Label.BLUNDER),
        ]
        assert 0 <= int(words[1].rstrip("%")) <= 100
    for index, (_, rect) in enumerate(cells):
        assert pane.parts.table.contains(rect)
        assert all(not rect.colliderect(other) for _, other in cells[index + 1 :])


def test_the_status_line_stops_saying_labels_are_coming_when_the_review_is_done(
    make_app: Callable[..., App],
) -> None:
    app = open_blunder_game(make_app)
    screen_of(app).start_review()  # as the menu does; no frame has looked for labels yet
    game = screen_of(app).game
    assert game.status.startswith("Reviewing the game: labels show as they come.")
    review_finished(app)
    assert "as they come" not in game.status
    assert game.status.startswith("Review done.")
    assert pane_of(app).progress_words() == ""  # the graph no longer says it is reviewing


def test_the_evaluation_bar_shows_the_reviews_score_from_the_players_side(
    make_app: Callable[..., App],
) -> None:
    app = make_app(GameConfig())
    screen = screen_of(app)
    screen.load(blunder_record(), config_tags(GameConfig()), "blunder.pdn")  # you (Black) vs AI
    app.step(1 / 60)
    assert screen.bar.evaluation() is None  # nothing has judged the position yet
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    for ply in (len(BEFORE_BLUNDER) + 1, 5, 0):
        click_at(app, pane.point_of(ply))
        assert screen.game.record.ply == ply
        found = pane.progress.position_score(ply)
        assert found is not None
        score, side = found
        words = score_words(score, pane.progress.man, side, BLACK)
        shown = screen.bar.evaluation()
        assert shown is not None and shown[1] == words == screen.bar.label()
        assert words.endswith(("for you", "for the AI")) or words == "even" or "win in" in words
        # The bar's share and the graph's point agree: Black (you) ahead fills more than half.
        value = pane.progress.values()[ply]
        assert value is not None
        if is_even(value):  # read `even`: the bar leans to neither side
            assert shown[0] == 0.5
        else:
            assert (shown[0] > 0.5) == (value > 0)
    # The panel tells the blunder's score before it the same way: for you, or for the AI.
    click_at(app, pane.point_of(len(BEFORE_BLUNDER) + 1))
    lines = pane.panel_words()
    assert lines[1].startswith("The AI lost ")
    figures = re.sub(r" \(looked \d+ turns ahead\)$", "", lines[2])  # the review's depth
    assert figures.endswith(("for you", "for the AI", "even")) or "win" in lines[2]


def test_a_review_from_start_to_close_never_changes_the_game_or_its_file(
    make_app: Callable[..., App], data: Path
) -> None:
    record = won_record()
    path = saves.save_game(record, {"Black": "Ann", "White": "Bob", "Result": "1-0"})
    before = path.read_bytes()
    app = make_app()
    app.request(OpenLoad())
    app.step(1 / 60)
    load = app.screen
    assert isinstance(load, LoadScreen)
    click_at(app, load.widgets["review"].get_abs_rect().center)
    screen = screen_of(app)
    review_finished(app)
    pane = pane_of(app)
    click_at(app, pane.point_of(0))
    click_at(app, pane.point_of(1))
    press(app, pygame.K_RIGHTBRACKET, "]")
    press(app, pygame.K_b, "b")
    click_at(app, pane.widgets["stop"].get_abs_rect().center)
    assert screen.review_pane is None
    for _ in range(3):
        app.step(1 / 60)
    assert path.read_bytes() == before
    assert list(screen.game.record.line) == list(record.line)
    assert screen.game.result == record.outcome


def test_a_move_into_a_forced_loss_says_so_instead_of_a_heap_of_men() -> None:
    from checkers.board import BLACK, Move, Position
    from checkers.gui.review_model import move_words
    from checkers.review import Label, MoveReview, PositionScore

    won = 1_000_000 - 11  # a proven win in 6 moves, in the search's units
    review = MoveReview(
        1,
        BLACK,
        Move((11, 15)),
        Move((9, 13)),
        -7.1,
        12.9,
        Label.BLUNDER,
        Position(),
        PositionScore(Move((9, 13)), -710.0),
        PositionScore(None, won),
    )
    loss = move_words(review, 100.0, BLACK)[1]
    assert loss == "You walked into a forced loss: the AI wins in 6 moves"
    assert "12.90" not in loss


def panel_shown(app: App) -> list[str]:
    """The panel's figures box as the player reads it, line by line (a no-break space, which
    holds a short last word to the one before it, reads as a space)."""
    panel = screen_of(app).panel
    assert panel is not None
    return re.sub(r"</?(font|b)\b[^>]*>", "", panel.search.html_text.replace("\u00a0", " ")).split(
        "<br>"
    )


def test_every_position_has_one_score_on_the_bar_the_graph_and_the_panel(
    make_app: Callable[..., App],
) -> None:
    # The walk of 2026-11-28 read "You lost 1.45 men ... before the move +0.10 for you" beside
    # a bar at 2.25 for the AI: the bar showed the AI's deeper search from play, the note the
    # review's. While the review is open, the review's search of each position is its one
    # score: the bar, the graph and the note's before/after, whose difference is the loss.
    app = make_app(GameConfig())
    screen = screen_of(app)
    record = blunder_record()
    screen.load(record, config_tags(GameConfig()), "blunder.pdn")  # you (Black) vs the AI
    app.step(1 / 60)
    setting = review_screen.SETTING
    planted: dict[int, Judgement] = {}
    replayed = GameRecord(record.start)
    for ply, move in enumerate(record.line):
        if ply in (2, 5, 8, len(record.line) - 1):  # searched deeper during play
            found = search(SearchRequest.from_record(replayed), Limits(depth=7))
            judged = Judgement(found.score, setting.man, replayed.position.turn, found.depth)
            screen.game.judge(replayed.position, judged)
            planted[ply] = judged
        replayed.play(move)
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    progress = pane.progress
    total = progress.total
    bars: list[str] = []
    for ply in range(total + 1):
        click_at(app, pane.point_of(ply))
        assert screen.game.record.ply == ply
        found = progress.position_score(ply)
        shown = screen.bar.evaluation()
        assert found is not None and shown is not None
        review_words = score_words(found[0], setting.man, found[1], BLACK)
        bar = shown[1]
        assert bar == review_words == screen.bar.label(), (ply, bar, review_words)
        value = progress.values()[ply]
        assert value is not None
        graph = score_words(value * setting.man, setting.man, BLACK, BLACK)
        assert graph == bar, f"after move {ply}: the graph says {graph}, the bar {bar}"
        bars.append(bar)
        review = progress.review_of(ply)
        if review is None:
            continue
        lines = panel_shown(app)
        # A deeper judgement the game kept from play is said after the review's own figures,
        # with its depth (`review_model.deeper_words`): those figures are the bar's.
        figures, _, deeper = lines[2].partition(". A deeper look since gives ")
        assert not deeper or re.search(r"\(\d+ turns ahead\) (before the move|after it)", deeper)
        # How far the review looked, said once after the figures it gives (the panel in play
        # and the analysis board give theirs: walk 2026-11-30c).
        depths = (
            {review.after.depth}
            if review.move == review.best
            else {
                review.before.depth,
                review.after.depth,
            }
        )
        looked = re.search(r" \(looked ([\d and]+) turns ahead\)$", figures)
        assert looked is not None or "win" in figures, (ply, figures)
        if looked is not None:
            assert {int(d) for d in looked.group(1).split(" and ")} == depths, (ply, figures)
            figures = figures[: looked.start()]
        lines = [*lines[:2], figures, *lines[3:]]
        if review.move == review.best:
            assert lines[2] == f"After the move {bar}", (ply, lines)
            continue
        # The bar's words, an `even` one with its figure: the loss is their difference.
        said = re.fullmatch(r"(?:Best|Compared with) \S+; before (.+), after (.+)", lines[2])
        assert said is not None, (ply, lines)
        for words, shown_bar in zip(said.groups(), (bars[ply - 1], bar)):
            assert words == shown_bar or words.startswith(f"{shown_bar} ("), (ply, lines)
        if review.loss is not None:  # the loss is the difference of the two figures shown
            before = progress.position_score(ply - 1)
            assert before is not None
            mover = before[0] / setting.man
            after = found[0] / setting.man
            figures = [figure_of(words, review.side is BLACK) for words in said.groups()]
            assert round(figures[0] - figures[1], 2) == round(mover + after, 2), (ply, lines)
            if round(mover + after, 2) == 0.0:  # another move scoring as the best one
                assert bars[ply - 1] == bar, (ply, lines)
                assert lines[1].endswith(f"as good as {review.best.pdn()}"), (ply, lines)
                continue
            assert f"lost {mover + after:.2f} men" in lines[1], (ply, lines)
    # The planted deeper searches differ from the review's: the bar showed the review's, and
    # the game keeps its deeper ones for when the review closes.
    differing = [
        ply
        for ply, judged in planted.items()
        if score_words(judged.score, judged.man, judged.side, BLACK) != bars[ply]
    ]
    assert differing, "the planted searches agree with the review: the test proves nothing"
    for ply, judged in planted.items():
        assert screen.game.judgements[progress_position(record, ply)].depth >= judged.depth


def figure_of(words: str, yours: bool) -> float:
    """The men a review note's score words give the mover (`yours`: the player, Black, moved):
    `+0.30 for you`, `even (+0.15 for the AI)`, `even` (0.00)."""
    found = re.search(r"([+-]\d+\.\d\d) for (you|the AI)", words)
    if found is None:
        assert words == "even", words
        return 0.0
    men = float(found.group(1))
    return men if (found.group(2) == "you") == yours else -men


def test_a_database_ending_reads_one_result_on_the_rows_the_panel_and_the_bar(
    make_app: Callable[..., App],
) -> None:
    # Inside the databases the review's notes, the panel and the bar tell the databases'
    # result in one count of moves; a move that keeps the win is never marked, and "a longer
    # one" is said of a slower win only (it was said of one as fast as the databases').
    start, moves, kinds = database_line(DATABASE_WIN, 24)
    record = GameRecord.replay(moves, start)
    app = make_app()
    screen = screen_of(app)
    screen.load(record, {}, "ending.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    databases = default_endgames()
    assert pane.progress.marked() == []
    for ply in range(1, len(moves) + 1):
        click_at(app, pane.point_of(ply))
        assert screen.game.record.ply == ply
        found = databases.probe_plies(screen.game.position)
        assert found is not None and found.result is not Result.DRAW
        winner_moves = (found.plies + (1 if found.result is Result.WIN else 0)) // 2
        count = f"win in {winner_moves} move"
        bar = screen.bar.label()
        lines = panel_shown(app)
        assert f"wins in {winner_moves} move" in bar, (ply, bar, found)
        assert f"database {count}" in lines[2].rsplit("after it", 1)[-1], (ply, lines, found)
        longer = "longer: " in lines[1]
        assert longer == (kinds[ply] == "slower"), (ply, kinds[ply], lines)
        assert ("loses sooner" in lines[1]) == (kinds[ply] == "sooner"), (ply, lines)
    screen.stop_review()
    app.step(1 / 60)
    for ply in range(len(moves) + 1):
        judged = screen.game.judgements[progress_position(record, ply)]
        assert judged.database, ply  # the panel says "(endgame databases)" once closed


def progress_position(record: GameRecord, ply: int) -> Position:
    """The position after the game's first `ply` moves."""
    return GameRecord.replay(record.line[:ply], record.start).position


PANEL_SIZES = [(720, 480), (960, 600), (1280, 800)]
"""960x600: the size of docs/images/review.png, where the list showed empty rows under its last."""


# One review serves the three sizes: the window opens at `first`, the words are walked there,
# then it is resized to each other size (as a drag of its edge does) and walked again. The
# review itself is the test's cost, the same at every size, so `make test` opens at 720x480
# only and `make test-slow` opens at the two others as well.
@pytest.mark.parametrize(
    "first",
    [
        pytest.param(PANEL_SIZES[0], id="720x480"),
        pytest.param(PANEL_SIZES[1], id="960x600", marks=pytest.mark.slow),
        pytest.param(PANEL_SIZES[2], id="1280x800", marks=pytest.mark.slow),
    ],
)
def test_the_panel_shows_each_moves_words_whole_and_clear_of_the_move_list(
    make_app: Callable[..., App], first: tuple[int, int]
) -> None:
    app = open_bench_game(make_app, size=first, config=GameConfig())
    start_from_menu(app)
    review_finished(app)
    longest: list[int] | None = None
    for size in [first, *(size for size in PANEL_SIZES if size != first)]:
        if size != first:
            app.resize_window(size)
            app.step(1 / 60)
        assert app.window_size() == size
        words = assert_panel_words_whole_at_every_move(app, size, longest)
        # Every move at the size the window opened at; at the others the moves with the most
        # words, which are the ones that could run into the list or the buttons (the walk of
        # every move at three sizes was the suite's slowest test).
        longest = longest or sorted(words, key=lambda ply: -len(words[ply]))[:LONGEST_WALKED]


LONGEST_WALKED = 6
"""How many moves, those with the most words, are walked again at each further window size."""


def assert_panel_words_whole_at_every_move(
    app: App, size: tuple[int, int], plies: list[int] | None = None
) -> dict[int, str]:
    """At the game's last move as reviewed, then at each move (or each of `plies`): the
    panel's words whole, between the list's frame and the buttons, with no empty band (`size`
    names the failure); the words shown after each move walked."""
    screen = screen_of(app)
    panel = screen.panel
    assert panel is not None
    box, well = panel.search, panel.well
    # Reviewed at its last move, the list (grown into the counter's rows) ends at that move's
    # row: the walk's docs/images/review.png showed three empty rows under it.
    app.step(1 / 60)
    last = max(panel.cells, key=lambda cell: cell.ply)
    assert last.ply == screen.game.record.ply == len(screen.game.record.line), size
    assert last.ply in panel.visible_plies(), size
    assert panel.moves.rect.bottom - last.button.rect.bottom < panel.move_row, (
        size,
        last.button.rect,
        panel.moves.rect,
    )
    shown: dict[int, str] = {}
    for ply in range(pane_of(app).progress.total + 1) if plies is None else plies:
        screen.game.go_to(ply)
        app.step(1 / 60)
        where = (size, ply)
        shown[ply] = " ".join(panel_shown(app))
        assert panel_shown(app)[0], f"nothing shown after move {ply} at {size}"
        # Whole, without a scroll bar, under the list's frame and over the buttons: never run
        # into either.
        assert box.scroll_bar is None, f"the words after move {where} scroll: {panel_shown(app)}"
        layout = box.text_box_layout
        assert layout is not None and layout.layout_rect.height <= box.rect.height, where
        assert well.rect.bottom < box.rect.top, (where, well.rect, box.rect)
        assert box.rect.bottom <= panel.buttons_top, (where, box.rect, panel.buttons_top)
        # No empty band between the list and the words, nor under them: the words follow the
        # list's frame, and the buttons the words' last row, within a row (the walk saw three
        # blank rows at 720x480 when the words stood over the list).
        assert box.rect.top - well.rect.bottom < panel.move_row, where
        words_bottom = box.rect.top + layout.layout_rows[-1].bottom
        assert panel.buttons_top - words_bottom < 2 * panel.move_row, where
    screen.game.go_to(pane_of(app).progress.total)  # back at its last move, as reviewed
    app.step(1 / 60)
    return shown


def test_a_review_between_two_players_shows_its_words_in_the_panel(
    make_app: Callable[..., App],
) -> None:
    app = open_blunder_game(make_app)  # two players: no AI figures in the panel
    screen = screen_of(app)
    assert screen.panel is not None and not screen.panel.search.visible
    start_from_menu(app)
    review_finished(app)
    panel = screen.panel
    assert panel is not None and panel.search.visible
    words = panel_shown(app)
    assert words[0].startswith(f"10. ... {BLUNDER}??  blunder")
    assert words[1].startswith("White lost")
    assert panel.well.rect.bottom < panel.search.rect.top < panel.buttons_top  # under the list
    click_at(app, pane_of(app).widgets["stop"].get_abs_rect().center)
    app.step(1 / 60)
    assert screen.review_pane is None
    assert screen.panel is not None and not screen.panel.search.visible  # the list's room again


def test_closing_a_review_goes_back_to_the_last_move_of_an_unfinished_game(
    make_app: Callable[..., App],
) -> None:
    # The walk closed a review on an earlier move and read "White (AI) to move.", while the
    # AI never moved: the board was still showing history.
    app = open_blunder_game(make_app)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    game = screen.game
    line = list(game.record.line)
    press(app, pygame.K_LEFT)  # back a move: the board shows history
    assert game.result is None and game.record.ply < len(game.record.line)
    pane_of(app).stop_or_close()
    assert screen.review_pane is None
    assert game.record.ply == len(line) and list(game.record.line) == line
    assert not game.reviewing  # the game is live again: the side to move plays
    assert game.status.startswith("Review closed. Back at the last move.")


def test_closing_a_review_against_the_ai_lets_play_go_on(make_app: Callable[..., App]) -> None:
    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    # The engine's judging of each position between the moves (what the bar shows) at a few
    # turns: the review and the play after it are what is tested, not the judging's depth.
    judge = Level("judge", "test judge", "engine", "engine", depth=4)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(quick), judge=judge))
    game = screen_of(app).game
    for _ in range(3):
        move = game.record.position.legal_moves()[0]
        click_at(app, screen_of(app).layout().board.square_center(move.path[0]))
        click_at(app, screen_of(app).layout().board.square_center(move.path[-1]))
        wait_for(app, lambda: game.record.ply % 2 == 0, "the AI's reply")
    assert game.record.ply == 6
    press(app, pygame.K_g, "g")
    review_finished(app)
    press(app, pygame.K_HOME)  # the review shows the start: White's pieces are not to move
    assert game.record.ply == 0
    pane_of(app).stop_or_close()
    assert game.record.ply == 6 and not game.reviewing
    assert "Your move" in game.status and "AI) to move" not in game.status
    move = game.record.position.legal_moves()[0]  # and the game goes on: the AI answers
    click_at(app, screen_of(app).layout().board.square_center(move.path[0]))
    click_at(app, screen_of(app).layout().board.square_center(move.path[-1]))
    wait_for(app, lambda: game.record.ply == 8, "the AI's reply after the review")


def test_why_of_a_reviewed_ai_move_starts_with_its_review_row_and_the_bars_figure(
    make_app: Callable[..., App],
) -> None:
    # Why? of a reviewed move and its review row agree: the card opens with the row's label,
    # loss and scores, the figures the note and the bar show for the position.
    engine = Level("engine-4", "test engine", "engine", "engine", depth=4)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(engine)))
    screen = screen_of(app)
    game = screen.game
    game.play(Move.from_pdn("11-15", game.position))
    run_until(
        app,
        lambda: game.record.ply == 2 and game.animation is None and app.ai.explaining is None,
    )
    start_from_menu(app)
    review_finished(app)
    pane = pane_of(app)
    review = pane.progress.review_of(2)
    assert review is not None and game.record.ply == 2
    shown = screen.bar.evaluation()
    assert shown is not None
    press(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    verdict = why.card.facts[0]
    assert verdict == pane.verdict(2)
    # How far the review looked, as the note beside the board says it for the same figures
    # (walk 2026-11-30d: the note's "looked 14 turns ahead" beside Why?'s "looking 15").
    note = " ".join(pane.panel_words())
    looked = re.search(r"\(looked ([\d and]+ turns ahead)\)", note)
    assert looked is not None, note
    assert verdict.startswith(f"The review, looking {looked.group(1)}, calls "), (verdict, note)
    assert verdict.endswith(f"{shown[1]}.")  # after the move: the bar's figure
    # And its rows compare the moves as the review does: the played move, then the review's
    # best where it was another; the AI's own search's rows told apart (walk 2026-11-30b).
    rows = [row.move for row in why.card.rows]
    best = [] if review.best == review.move else [review.best.pdn()]
    assert rows == [review.move.pdn(), *best], rows
    assert why.card.seen and not any(row.verdict for row in why.card.seen)


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_status_line_after_a_review_reads_whole_at_720x480(
    make_app: Callable[..., App], theme_name: str, data: Path
) -> None:
    # The walk read "...Move to play on from here, or press C" cut at its foot at 720x480 in
    # High contrast: a reviewed game of the AI, the board at its last move, the player to move.
    from checkers.ai.levels import get_level
    from checkers.gui.settings import Settings

    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(level=get_level("club")))
    app = make_app(config, size=(720, 480), settings=Settings(theme=theme_name), autosave=True)
    record = GameRecord(Position())
    for text in ["11-15", "23-19", "9-14", "22-17", "5-9", "17-13"]:
        record.play(Move.from_pdn(text, record.position))
    screen_of(app).load(record, config_tags(config), "short.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    screen = screen_of(app)
    # The puzzles' own words, not "Looking for puzzles in it..." before them: a step taken
    # before they come would have its status replaced by theirs.
    wait_for(
        app,
        lambda: "uzzle" in screen.game.status and "Looking for puzzles" not in screen.game.status,
        "the review's puzzles",
    )
    box = screen.status_box
    assert box is not None
    status = screen.game.status
    assert status.startswith("Review done.") and "or press C" in status, status
    assert box.scroll_bar is None, f"the status scrolls: {status}"
    # Two rows of words (the status line has room for the longest, four: see
    # test_the_reviews_status_line_shows_its_longest_words_whole_at_720x480).
    assert box.text_box_layout is not None and len(box.text_box_layout.layout_rows) <= 2, status
    # Stepping back through the reviewed game: each status, the moves it drops too, fits.
    for _ in range(6):
        press(app, pygame.K_LEFT)
        status = screen.game.status
        assert status.startswith("Showing ") and box.scroll_bar is None, status
        assert len(box.text_box_layout.layout_rows) <= 2, status


def test_a_notes_loss_of_whole_men_reads_as_a_count() -> None:
    from checkers.gui.review_model import move_words
    from checkers.review import judge

    # The walk of 2026-11-29 read "You lost 1.00 men": a whole count reads "one man".
    position = Position()
    for text in ("11-15", "23-19", "8-11"):
        position = position.move(Move.from_pdn(text, position))
    move, best = Move.from_pdn("26-23", position), Move.from_pdn("22-17", position)
    for after, words in ((115.0, "the AI lost one man"), (215.0, "the AI lost 2 men")):
        review = judge(
            4,
            position,
            move,
            PositionScore(best, -15.0, (best,), 14),
            PositionScore(None, after, (), 14),
            100.0,
            lambda _position, _move: False,
        )
        lines = move_words(review, 100.0, BLACK)
        assert lines[1].startswith(words[:1].upper() + words[1:]), lines
        assert "1.00" not in " ".join(lines) and "2.00 men" not in " ".join(lines)


def test_a_notes_loss_is_the_difference_of_the_figures_it_shows() -> None:
    from checkers.gui.review_model import move_words
    from checkers.review import judge

    # The walk of 2026-11-30, 26-23 in the book: "before the move even, after it +0.30 for
    # you" beside "The AI lost 0.15 men". The review's search said +0.15 for Black before it
    # (even: under a fifth of a man) and +0.30 after: 0.15 lost, which "even" hid.
    position = Position()
    for text in ("11-15", "23-19", "8-11"):
        position = position.move(Move.from_pdn(text, position))
    move = Move.from_pdn("26-23", position)
    best = Move.from_pdn("22-17", position)
    review = judge(
        4,
        position,
        move,
        PositionScore(best, -15.0, (best,), 14),
        PositionScore(None, 30.0, (), 14),
        100.0,
        lambda _position, _move: True,  # the opening book's move
    )
    lines = move_words(review, 100.0, BLACK)
    assert lines[1] == "in the opening book; the AI lost 0.15 men"
    assert lines[2] == (
        "Best 22-17; before even (+0.15 for you), after +0.30 for you (looked 14 turns ahead)"
    )
    # A book move the search scores as the best one: nothing lost, no better line.
    same = judge(
        4,
        position,
        move,
        PositionScore(best, -15.0, (best,), 14),
        PositionScore(None, 15.0, (), 14),
        100.0,
        lambda _position, _move: True,
    )
    lines = move_words(same, 100.0, BLACK)
    assert lines[1] == "in the opening book, as good as 22-17" and lines[3] == ""
    # Compared, not told another move was best (walk 2026-12-01ag: "at least as good as 22-18"
    # over "Best 22-18").
    assert lines[2].startswith("Compared with 22-17; before"), lines
    assert "lost 0.00" not in " ".join(lines)


def review_children() -> list[multiprocessing.process.BaseProcess]:
    """The window's review processes still running (prepared or reviewing)."""
    return [child for child in multiprocessing.active_children() if child.name == "checkers-review"]


def last_man_game(make_app: Callable[..., App]) -> App:
    """A two-player game where Black's 14x23 takes White's last man and ends it."""
    app = make_app()
    screen_of(app).load(GameRecord(Position.from_fen("B:W18:B14")), {}, "last-man.pdn")
    app.step(1 / 60)
    return app


def test_the_review_process_is_ready_when_the_game_ends_and_review_uses_it(
    make_app: Callable[..., App],
) -> None:
    app = last_man_game(make_app)
    screen = screen_of(app)
    app.step(1 / 60)
    assert screen.review_standby.client is None and not review_children()  # not before the end
    click(app, 14)
    click(app, 23)
    run_until(app, lambda: screen.game.finished and screen.result_shown())
    waiting = screen.review_standby.client
    assert waiting is not None, "no review process started when the game ended"
    assert waiting.wait_ready(CAP_SECONDS), "it did not say it had loaded the engine"
    assert waiting.prepared and [child.pid for child in review_children()] == [waiting.pid]
    click_at(app, screen.widgets["card review"].get_abs_rect().center)
    pane = pane_of(app)
    assert pane.client is waiting and pane.client.pid == waiting.pid  # no new process
    review_finished(app)
    assert [r.label for r in pane.progress.reviews] == [Label.FORCED]
    assert screen.review_standby.client is None  # it was taken, none waits beside the review
    press(app, pygame.K_n, "n")  # New game: the review closes, nothing is left behind
    wait_for(app, lambda: not review_children(), "every review process to end")
    assert screen.review_pane is None and not screen.game.record.line


def test_a_new_game_or_quit_ends_the_review_process_waiting_for_review(
    make_app: Callable[..., App],
) -> None:
    app = last_man_game(make_app)
    screen = screen_of(app)
    click(app, 14)
    click(app, 23)
    run_until(app, lambda: screen.game.finished)
    waiting = screen.review_standby.client
    assert waiting is not None and waiting.alive
    press(app, pygame.K_n, "n")  # a new game instead of Review
    assert screen.review_standby.client is None and not waiting.alive
    assert not review_children()
    # The menu of a game with no move offers nothing to review: nothing starts.
    click_at(app, screen.widgets["open_menu"].get_abs_rect().center)
    assert screen.menu_open and screen.review_standby.client is None
    press(app, pygame.K_ESCAPE)
    click(app, 11)
    click(app, 15)
    assert list(screen.game.record.line) == [Move.from_pdn("11-15", Position())]
    click_at(app, screen.widgets["open_menu"].get_abs_rect().center)
    assert screen.menu_open  # with a move to review, the menu's Review game may come next
    waiting = screen.review_standby.client
    assert waiting is not None and waiting.alive
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_q, "q")  # Quit, then the window closes as App.run closes it
    assert not app.running
    app.close()
    assert not waiting.alive and not review_children()


def test_the_menu_starts_no_review_process_while_the_ai_searches(
    make_app: Callable[..., App],
) -> None:
    # The menu readies the review only when the player is to move: a process loading beside
    # the AI's search would share its cores.
    slow = Level("slow", "test opponent", "alphabeta", "seed", time=30.0)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig(slow)))
    screen = screen_of(app)
    game = screen.game
    game.ai_stuck = True  # the AI asks nothing: its turn stays its turn
    click(app, 11)
    click(app, 15)
    run_until(app, lambda: game.position.turn is WHITE and game.animation is None)
    click_at(app, screen.widgets["open_menu"].get_abs_rect().center)
    assert screen.menu_open and not game.is_human_turn()
    assert screen.review_standby.client is None


def test_saved_games_review_of_the_game_just_ended_here_reviews_it_as_it_was(
    make_app: Callable[..., App], data: Path
) -> None:
    # You play White against the AI (the board shows White at the bottom), resign after a
    # few moves, then open Saved games and press Review on the game you just played.
    quick = Level("quick", "test opponent", "alphabeta", "seed", depth=2)
    config = GameConfig(black=PlayerConfig(quick), white=PlayerConfig())
    app = make_app(config, autosave=True)
    screen = screen_of(app)
    game = screen.game
    for start, end in ((21, 17), (22, 18), (23, 19)):
        run_until(app, lambda: game.is_human_turn() and game.animation is None)
        moves = {(m.start, m.end): m for m in game.record.legal_moves()}
        if (start, end) not in moves:  # the AI's reply made another move compulsory
            move = game.record.legal_moves()[0]
            start, end = move.start, move.end
        click(app, start)
        click(app, end)
    run_until(app, lambda: game.is_human_turn() and game.animation is None)
    press(app, pygame.K_r, "r", pygame.KMOD_CTRL)
    press(app, pygame.K_RETURN, "\r")
    assert game.result is not None and game.result.winner is BLACK
    played, flipped = list(game.record.line), screen.flipped
    assert not flipped  # White (yours) at the bottom (`flipped`: Black there)
    [file] = sorted((data / "games").glob("*.pdn"))
    written = file.read_bytes()
    press(app, pygame.K_ESCAPE)  # the game-over card goes
    press(app, pygame.K_o, "o", pygame.KMOD_CTRL)
    listing = app.screen
    assert isinstance(listing, LoadScreen)
    assert listing.saved[0].path == file and listing.is_playing(listing.saved[0])
    click_at(app, listing.widgets["review"].get_abs_rect().center)
    assert screen_of(app) is screen  # the same game, not a second copy of it
    pane = pane_of(app)
    assert list(game.record.line) == played and game.result is not None
    assert game.result.winner is BLACK and screen.flipped == flipped
    review_finished(app)
    assert len(pane.progress.reviews) == len(played)
    screen.close()
    assert sorted((data / "games").glob("*.pdn")) == [file] and file.read_bytes() == written


def test_a_decided_games_move_into_a_forced_loss_is_not_said_to_walk_into_it() -> None:
    # Walk 2026-11-30l: "16. 5-9 good / Black walked into a forced loss: White wins in 8
    # moves", where a deeper look finds the review's best 4-8 lost too. Two men down, the
    # review's finding no forced loss before the move proves none absent.
    from checkers.board import BLACK, Move, Position
    from checkers.gui.review_model import move_words, review_verdict
    from checkers.review import Label, MoveReview, PositionScore

    lost = 1_000_000 - 15  # a proven win in 8 moves for the opponent, in the search's units
    review = MoveReview(
        1,
        BLACK,
        Move((11, 15)),
        Move((9, 13)),
        -3.0,
        None,
        Label.GOOD,
        Position(),
        PositionScore(Move((9, 13)), -300.0),
        PositionScore(None, lost),
    )
    assert review.verdict == "already far behind"
    head, loss, _, _ = move_words(review, 100.0, None)
    assert head.endswith("already far behind")
    assert loss == "Black was far behind already: after the move White wins in 8 moves"
    # The player's own move: "You were", not "You was" (walk 2026-12-01af).
    _, loss, _, _ = move_words(review, 100.0, BLACK)
    assert loss == "You were far behind already: after the move the AI wins in 8 moves", loss
    assert "no mistake in a game already decided" in review_verdict(review, 100.0, None)


@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_tables_headings_fit_their_cells_at_720x480(
    make_app: Callable[..., App], theme_name: str
) -> None:
    # Walk 2026-12-01u, 720x480 High contrast: the last heading read "Blunder", cut by the side
    # panel. Every heading, with its mark, fits its cell, and every cell the table's room.
    from checkers.gui.settings import Settings

    app, pane = reviewed_blunder_game(
        make_app, size=(720, 480), settings=Settings(theme=theme_name)
    )
    size = text_size(pane._unit())
    font = screen_of(app).context.renderer.text.font(size)
    cells = pane.table_cells()
    for index, (words, rect) in enumerate(cells[: len(TABLE_HEADINGS)]):
        icon = max(6, size * 2 // 3) + 4 if index >= 2 else 0
        assert font.size(words)[0] + icon <= rect.width, (words, rect, size)
    for _, rect in cells:
        assert pane.parts.table.contains(rect), (rect, pane.parts.table)
    # The table is drawn, not widgets: its tooltip says what its figures are, "too few" too
    # where a side's cell says it (walks 2026-12-01ad and ae: said nowhere in the window).
    pygame.mouse.set_pos(pane.parts.table.center)
    post(pygame.MOUSEMOTION, pos=pane.parts.table.center, rel=(0, 0), buttons=(0, 0, 0))
    tips: list[str] = []
    for _ in range(60):
        app.step(0.1)
        sprites = app.context.ui.get_sprite_group().sprites()
        tips = [tip.text_block.html_text for tip in sprites if isinstance(tip, UITooltip)]
        if tips:
            break
    assert len(tips) == 1 and tips[0].startswith("Accuracy, out of 100"), tips
    too_few = [row for row in pane.progress.table() if row[1] == TOO_FEW_MOVES]
    assert too_few, pane.progress.table()  # the ten moves leave a side too few to judge
    assert f"Too few: fewer than {MIN_JUDGED_MOVES} moves" in tips[0]


def test_closing_why_leaves_the_review_list_where_the_pointer_was(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01ac: with the move shown on the list's last row, Why?'s deeper look
    # lengthened the note under the list, its foot rose over that row, and the list jumped to
    # centre the move: two clicks landed on the wrong move. The rows move no more than the
    # foot rose, the move shown in view.
    app = make_app(size=(720, 480))  # a short list: the ten moves scroll
    screen = screen_of(app)
    screen.load(blunder_record(), config_tags(GameConfig()), "blunder.pdn")  # you vs AI
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    panel = screen.panel
    assert panel is not None
    screen.game.go_to(2)
    app.step(1 / 60)

    def last_row() -> int:
        shown = -int(panel.moves.scrollable_container.relative_rect.top)
        return (shown + int(panel.moves.rect.height)) // panel.move_row - 1

    # The AI's move (White's) on the list's last row in view.
    while panel.cell_row(screen.game.record.ply, True) < last_row() or screen.game.record.ply % 2:
        press(app, pygame.K_RIGHT)
    ply = screen.game.record.ply

    def rows() -> dict[int, int]:
        app.step(1 / 60)
        return {cell.ply: cell.button.get_abs_rect().top for cell in panel.cells}

    before, foot = rows(), panel.well.rect.bottom
    assert ply in panel.visible_plies()
    press(app, pygame.K_w, "w")
    run_until(app, lambda: isinstance(app.screen, WhyScreen) and app.screen.card is not None)
    press(app, pygame.K_ESCAPE)
    after = rows()
    assert screen.game.record.ply == ply and ply in panel.visible_plies()
    rose = foot - panel.well.rect.bottom
    assert rose > 0, "the note did not grow: the case is not tested"
    shifts = {before[p] - after[p] for p in before.keys() & after.keys()}
    assert len(shifts) == 1, shifts
    assert 0 <= shifts.pop() < rose + panel.move_row


def test_a_closed_reviews_marks_stay_in_the_move_list_while_the_game_keeps_the_moves(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01ad: the "?" and "??" went from the move list when the review closed.
    app, _ = reviewed_blunder_game(make_app)
    ply = len(BEFORE_BLUNDER) + 1
    screen = screen_of(app)
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    assert screen.review_pane is None
    cell = screen.move_cell(ply)
    assert cell.text == BLUNDER + "??" and "#move_blunder" in cell.object_ids
    # Built again (a card opened and closed), the list keeps them.
    press(app, pygame.K_F1)
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    assert screen.move_cell(ply).text == BLUNDER + "??"
    # The game's file keeps them: a game reopened (or resumed after a relaunch) shows them
    # again (walk 2026-12-01af: "12-16??" gone after a relaunch).
    from checkers.formats.pdn import game_from_record, read_game, write_game
    from checkers.gui.game_view.keeper import game_tags

    written = write_game(game_from_record(screen.game.full_record(), game_tags(screen.game)))
    assert "[ReviewMarks " in written
    reopened = make_app()
    read = read_game(written)
    screen_of(reopened).load(record_from_game(read), dict(read.tags), "kept.pdn")
    reopened.step(1 / 60)
    again = screen_of(reopened).move_cell(ply)
    assert again.text == BLUNDER + "??" and "#move_blunder" in again.object_ids
    # Another move in the blunder's place: its mark goes with it.
    game = screen.game
    game.go_to(ply)
    game.undo()  # the blunder taken back
    app.step(1 / 60)
    assert game.record.ply == ply - 1
    other = next(m for m in game.position.legal_moves() if m.pdn() != BLUNDER)
    game.play(other)
    run_until(app, lambda: game.record.ply == ply and game.animation is None)
    app.step(1 / 60)
    assert screen.move_cell(ply).text == other.pdn()
    assert "#move_blunder" not in screen.move_cell(ply).object_ids


def test_why_of_a_marked_move_reads_the_reviews_row_after_the_review_and_a_relaunch(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01ah: after a relaunch the move list kept the review's "??", but Why? of
    # that move was a card made then, without the review's verdict or figures.
    from checkers.formats.pdn import game_from_record, read_game, write_game
    from checkers.gui.game_view.keeper import game_tags

    engine = Level("engine-4", "test engine", "engine", "engine", depth=4)
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(engine))
    app = make_app(config)
    screen = screen_of(app)
    screen.load(blunder_record(), config_tags(config), "blunder.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    review_finished(app)
    ply = len(BEFORE_BLUNDER) + 1

    def why_verdict(app: App, ply: int = ply) -> str:
        screen_of(app).game.go_to(ply)
        app.step(1 / 60)
        press(app, pygame.K_w, "w")
        run_until(app, lambda: isinstance(app.screen, WhyScreen))
        why = app.screen
        assert isinstance(why, WhyScreen)
        verdict = why.card.facts[0]
        press(app, pygame.K_ESCAPE, "")
        app.step(1 / 60)
        return verdict

    live = why_verdict(app)
    assert live.startswith("The review, looking ") and f"calls {BLUNDER} a blunder" in live, live
    # And of a move the review did not mark (walk 2026-12-01ai: after the review closed, the
    # card of a move "as good as 24-20" named 25-22 the best move).
    unmarked = next(
        ply
        for ply in range(2, len(BEFORE_BLUNDER), 2)
        if pane_of(app).progress.label_of(ply) not in (Label.BOOK, Label.FORCED)
    )
    unmarked_live = why_verdict(app, unmarked)
    assert unmarked_live.startswith("The review, looking "), unmarked_live
    press(app, pygame.K_ESCAPE, "")  # the review closes; its marks stay
    app.step(1 / 60)
    assert screen.review_pane is None
    assert why_verdict(app) == live
    assert why_verdict(app, unmarked) == unmarked_live
    written = write_game(game_from_record(screen.game.full_record(), game_tags(screen.game)))
    reopened = make_app(config)
    read = read_game(written)
    screen_of(reopened).load(record_from_game(read), dict(read.tags), "kept.pdn")
    reopened.step(1 / 60)
    assert screen_of(reopened).move_cell(ply).text == BLUNDER + "??"
    assert why_verdict(reopened) == live
    assert why_verdict(reopened, unmarked) == unmarked_live


def test_a_review_run_again_says_it_reads_the_deeper_looks_made_since(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-12-01aj: a second review, after the analysis board had looked deeper, gave one
    # move "looking 18 turns ahead ... +1.95" where the first had said "15 ... +1.75", and
    # nothing on screen said why.
    app, _ = reviewed_blunder_game(make_app)
    screen = screen_of(app)
    assert "deeper looks" not in screen.game.status  # a first review: nothing to say
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    assert screen.review_pane is None and screen.game.review_marks is not None
    game = screen.game
    position = game.record.positions[5]
    found = search(SearchRequest(position), Limits(depth=8))
    line = tuple(move.pdn() for move in found.pv)
    game.judge(position, Judgement(found.score, 100.0, position.turn, found.depth, line=line))
    start_from_menu(app)
    review_finished(app)
    assert "It reads the game's deeper looks made since the last review." in game.status
