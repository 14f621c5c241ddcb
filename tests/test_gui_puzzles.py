"""The puzzle screen and the endgame drills in the window, driven through the App's real loop:
a right and a wrong answer, the schedule they leave, the count on the start screen, a review
that adds its puzzles, and a drill where the player throws the win and is told."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame
import pytest
from gui_driving import post, press, run_until
from test_gui_review import blunder_record, start_from_menu
from test_gui_start import assert_plain
from test_review import BEFORE_BLUNDER, BLUNDER, moves_of

from checkers.ai import Limits
from checkers.board import Position
from checkers.formats.pdn import read_file, record_from_game
from checkers.formats.puzzle_store import Schedule, add_puzzles, load_puzzles, schedule_path
from checkers.gui.app import App
from checkers.gui.config import GameConfig
from checkers.gui.game_view import review as review_screen
from checkers.gui.intents import ShowStart, StartGame
from checkers.gui.screens.drills import DrillScreen
from checkers.gui.screens.game import GameScreen
from checkers.gui.screens.puzzles import IDEA_ROWS, PuzzleScreen
from checkers.gui.screens.start import StartScreen
from checkers.puzzles import Puzzle, find_puzzles, replay
from checkers.record import GameRecord
from checkers.review import Label, ReviewSetting, review_moves

# The window's processes search on the compiled core here: a review finds the puzzles, many
# times slower on the Python engine (tests/conftest.py's make_app).
pytestmark = pytest.mark.compiled

FRAMES_CAP = 20_000
"""Frames before a wait gives up: only a hang reaches it (each frame waits on the worker)."""
SHALLOW = Limits(depth=6)
PDN_DATA = Path(__file__).resolve().parent / "data" / "pdn"


def blunder_puzzle() -> Puzzle:
    """The puzzle the planted blunder of the review tests makes: Black takes two men."""
    moves = moves_of([*BEFORE_BLUNDER, BLUNDER])
    reviews = list(review_moves(Position(), moves, ReviewSetting(SHALLOW)))
    puzzle = next(p for p in find_puzzles(reviews, SHALLOW) if p.played == BLUNDER)
    assert puzzle.solution[0] == "15x22x29"
    return puzzle


def click_at(app: App, where: tuple[float, float]) -> None:
    """A left click at `where`; two frames (pygame_gui posts a button's press as an event)."""
    point = (int(where[0]), int(where[1]))
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)


def answered_at_720(
    make_app: Callable[..., App], puzzle: Puzzle, start: int, end: int
) -> PuzzleScreen:
    """`puzzle` alone in the set, opened at 720x480 (P) and answered with the move from square
    `start` to `end`."""
    add_puzzles([puzzle])
    app = make_app(None, size=(720, 480))
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    click_square(app, screen, start)
    click_square(app, screen, end)
    app.step(1 / 60)
    return screen


def click_square(app: App, screen: PuzzleScreen | DrillScreen, square: int) -> None:
    click_at(app, screen.layout().board.square_center(square))


def words_shown(screen: PuzzleScreen | DrillScreen) -> list[str]:
    """Everything the screen says: its panel, its buttons and its status line."""
    return [*screen.texts().values(), *(b.text for b in screen.widgets.values()), screen.status]


def open_puzzles(make_app: Callable[..., App], **options: object) -> tuple[App, PuzzleScreen]:
    app = make_app(None, **options)
    assert isinstance(app.screen, StartScreen)
    assert "1 due" in app.screen.widgets["puzzles"].text
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    return app, screen


def test_a_right_answer_is_told_and_the_puzzle_comes_back_in_days(
    make_app: Callable[..., App], data: Path
) -> None:
    puzzle = blunder_puzzle()
    add_puzzles([puzzle])
    app, screen = open_puzzles(make_app)
    assert screen.puzzle == puzzle and screen.flipped  # Black to play, Black at the bottom
    assert screen.texts()["task"] == "Black to play: find the best move"
    # No line to show before the answer: Show line is off, not a button that does nothing
    # (walk of 2026-11-30).
    assert not screen.widgets["again"].is_enabled
    for square in (15, 29):  # the piece, then where it lands: the double jump
        click_square(app, screen, square)
    assert screen.answer is not None and screen.answer.pdn() == "15x22x29"
    texts = screen.texts()
    assert texts["verdict"] == "Right!" and texts["answer"] == "15x22x29 is the answer."
    assert screen.widgets["again"].is_enabled  # the answer's line can be played again now
    assert "wins two men" in " ".join(texts[f"idea {i}"] for i in (1, 2, 3))
    assert texts["again"].startswith("This puzzle comes back in ")
    # The line is on the board: the position after the answer.
    assert screen.board_position() == replay(puzzle.position, puzzle.solution)[1]
    assert_plain(words_shown(screen))
    card = Schedule.load().cards[puzzle.key]
    assert card.due - datetime.now(timezone.utc) > timedelta(minutes=5)


def test_the_answer_reads_whole_at_720x480(make_app: Callable[..., App], data: Path) -> None:
    """The walk of 2026-11-29d: at 720x480 the panel cut a wrong answer's words to "You played
    26x17; the answer is 25x...". The words run on to a second row: every one of them is
    drawn, none cut, each row inside its label."""
    screen = answered_at_720(make_app, blunder_puzzle(), 14, 23)  # 14x23: not the answer
    rows = [label for name in ("answer", "answer 2") if (label := screen.labels.get(name))]
    shown = [label.text for label in rows if label.visible and label.text]
    assert " ".join(shown) == "You played 14x23; the answer is 15x22x29."
    assert len(shown) == 2  # one row is too narrow at this size
    for label in rows:
        assert label.font is not None and label.font.size(label.text)[0] <= label.rect.width - 4
    # When it comes back, on one row (walk 2026-11-30l: "This puzzle comes back in" over a
    # second row's "2 days.").
    texts = screen.texts()
    assert texts["again"] in ("Comes back in 1 minute.", "Comes back in 10 minutes.")
    assert not texts["again 2"]


def test_a_wrong_answer_shows_the_answer_played_out_and_brings_the_puzzle_back_soon(
    make_app: Callable[..., App], data: Path
) -> None:
    puzzle = blunder_puzzle()
    add_puzzles([puzzle])
    app, screen = open_puzzles(make_app)
    click_square(app, screen, 14)
    click_square(app, screen, 23)  # 14x23: takes one man, not two
    assert screen.answer is not None and screen.answer.pdn() == "14x23"
    texts = screen.texts()
    assert texts["verdict"] == "Not this time"
    assert texts["answer"] == "You played 14x23; the answer is 15x22x29."
    source = f"{texts['source 1']} {texts['source 2']}".strip()
    assert source == "From a game, move 11: punish White's 23-18"
    assert "14x23 is not it" in screen.status
    # The answer plays out from the puzzle's position on the board, a position at a time.
    assert screen.board_position() == puzzle.position
    end = replay(puzzle.position, puzzle.solution)[-1]
    run_until(app, lambda: screen.board_position() == end)
    assert screen.view_extras()["last_move"].pdn() == "15x22x29"  # type: ignore[attr-defined]
    assert_plain(words_shown(screen))
    due = Schedule.load().cards[puzzle.key].due
    assert due - datetime.now(timezone.utc) <= timedelta(minutes=10)
    assert screen.texts()["again"] in (
        "This puzzle comes back in 1 minute.",
        "This puzzle comes back in 10 minutes.",
    )
    # Back on the start screen the missed puzzle is not due yet; its count says so.
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert isinstance(app.screen, StartScreen)
    assert app.screen.widgets["puzzles"].text.startswith("Puzzles")


def test_a_damaged_schedule_never_stops_the_puzzles(
    make_app: Callable[..., App], data: Path
) -> None:
    add_puzzles([blunder_puzzle()])
    schedule_path().write_text("{ this is not json")
    app, screen = open_puzzles(make_app)
    assert "damaged" in screen.status
    click_square(app, screen, 15)
    click_square(app, screen, 29)
    assert screen.texts()["verdict"].startswith("Right")
    assert json.loads(schedule_path().read_text())["cards"]  # written whole again


def test_no_puzzles_yet_says_how_to_get_some_and_offers_the_drills(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(None)
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen) and screen.card is not None
    assert screen.card.title == "No puzzles yet"
    click_at(app, screen.card.widgets["drills"].get_abs_rect().center)
    app.step(1 / 60)
    assert isinstance(app.screen, DrillScreen)
    # And D on the card, as its tip says.
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    assert app.screen is screen and screen.card is not None
    press(app, pygame.K_d, "d")
    app.step(1 / 60)
    assert isinstance(app.screen, DrillScreen)


def test_the_problem_book_fills_an_empty_set_with_published_problems(
    make_app: Callable[..., App], data: Path
) -> None:
    # The walk of 2026-11-30h: Puzzles stayed empty after three reviews, whose mistakes left no
    # one move clearly best. The book's problems each have one.
    from checkers.puzzle_import import problem_book

    book = problem_book().puzzles
    assert len(book) >= 15
    app = make_app(None)
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen) and screen.card is not None
    # P on the card, as its tip says (walk 2026-11-30j: the card's keys did nothing).
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    assert screen.card is None and screen.puzzle is not None
    assert screen.puzzle.source.startswith("Problem book, problem ")
    assert screen.status == f"{len(book)} problems of the problem book added to your puzzles."
    assert {puzzle.key for puzzle in load_puzzles()} == {puzzle.key for puzzle in book}
    assert screen.texts()["count"] == f"{len(book)} due now, {len(book)} in your set"
    # Again: nothing twice.
    press(app, pygame.K_p, "p")
    assert screen.status == "Every problem of the problem book is in your puzzles already."
    assert len(load_puzzles()) == len(book)


def review_in_the_window(app: App, record: GameRecord) -> GameScreen:
    """Open `record` in the game screen, review it from the menu and run the loop until the
    review has said what became of its puzzles (a cap against a hang only)."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.load(record, {}, "reviewed.pdn")
    app.step(1 / 60)
    start_from_menu(app)
    for _ in range(FRAMES_CAP):  # each frame waits on the review process
        pane = screen.review_pane
        assert pane is not None
        if not pane.progress.running and not pane.client.running:
            break
        pane.client.wait(0.05)
        app.step(1 / 60)
    for _ in range(3):
        app.step(1 / 60)
    return screen


def shallow_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "SETTING", ReviewSetting(Limits(depth=4)))
    monkeypatch.setattr(review_screen, "JOBS", 1)


def test_a_review_in_the_window_adds_its_puzzles_to_the_set_and_says_how_many(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shallow_review(monkeypatch)
    app = make_app(autosave=True)
    screen = review_in_the_window(app, blunder_record())
    puzzles = load_puzzles()
    assert any(p.played == BLUNDER and p.solution[0] == "15x22x29" for p in puzzles)
    words = "1 puzzle" if len(puzzles) == 1 else f"{len(puzzles)} puzzles"
    assert screen.game.status.startswith(f"Review done. {words} added to Puzzles")
    # Reviewed again: nothing new, and it says so.
    screen = review_in_the_window(app, blunder_record())
    assert len(load_puzzles()) == len(puzzles)
    assert screen.game.status.startswith("Review done. Its ")
    assert "in Puzzles already" in screen.game.status


def test_a_reviewed_game_without_a_puzzle_says_so_and_the_empty_set_says_what_makes_one(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The club game of the PDN tests up to its first blunder: in no position of it is one
    # move clearly best (`checkers puzzles` lists none either). Its blunder at move 7 makes a
    # puzzle (26-22, a two-for-one) since every other move there would be a mistake.
    shallow_review(monkeypatch)
    game = read_file(PDN_DATA / "checkerboard.pdn")[0]
    record = record_from_game(dataclasses.replace(game, moves=game.moves[:10]))
    reviews = list(review_moves(record.start, record.line, review_screen.SETTING))
    assert not any(r.label is Label.BLUNDER for r in reviews)
    assert find_puzzles(reviews, review_screen.SETTING.limits) == []
    app = make_app(None, autosave=True)
    app.request(StartGame(GameConfig()))
    app.step(1 / 60)
    screen = review_in_the_window(app, record)
    assert screen.game.status.startswith(
        "Review done. No puzzles: no mistake here had one clearly best answer."
    )
    assert load_puzzles() == []
    app.request(ShowStart())
    app.step(1 / 60)
    assert isinstance(app.screen, StartScreen)
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    puzzles = app.screen
    assert isinstance(puzzles, PuzzleScreen) and puzzles.card is not None
    said = " ".join(puzzles.card.lines)
    for words in ("Review game", "mistake or a blunder", "clearly best", "would be a mistake"):
        assert words in said


# --- endgame drills -------------------------------------------------------------------------


def open_drill(make_app: Callable[..., App], name: str) -> tuple[App, DrillScreen]:
    app = make_app(None)
    press(app, pygame.K_d, "d")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, DrillScreen) and screen.card is not None
    assert screen.card.title == "Endgame drills"
    click_at(app, screen.card.widgets[name].get_abs_rect().center)
    assert screen.game is not None and screen.card is None
    return app, screen


def test_a_drill_tells_the_player_who_throws_the_win(
    make_app: Callable[..., App], data: Path
) -> None:
    app, screen = open_drill(make_app, "drill 3")  # king against king: the opposition
    assert screen.texts()["win"] == "Win in 5 moves with the best play"
    click_square(app, screen, 32)
    click_square(app, screen, 28)  # gives up the opposition: only 32-27 wins
    assert "32-28, let the win go: 32-27 kept it, winning in 5 moves" in screen.status
    run_until(app, lambda: screen.game is not None and screen.game.player_to_move())
    texts = screen.texts()
    assert texts["win"].startswith("The win is gone")
    assert texts["thrown title"] == "Moves that let the win go: 1"
    assert texts["thrown 1"] == "Move 1: 32-28 let it go; 32-27 kept it."
    assert_plain(words_shown(screen))
    press(app, pygame.K_u, "u")  # take it back and play the right move
    assert screen.texts()["win"] == "Win in 5 moves with the best play"
    assert screen.texts()["thrown 1"] == ""
    click_square(app, screen, 32)
    click_square(app, screen, 27)
    assert screen.status == "32-27 keeps the win."
    run_until(app, lambda: screen.game is not None and screen.game.player_to_move())
    assert screen.texts()["win"] == "Win in 4 moves with the best play"


def test_the_databases_defend_a_drill_until_the_player_wins_it(
    make_app: Callable[..., App], data: Path
) -> None:
    app, screen = open_drill(make_app, "drill 2")  # two kings against one
    game = screen.game
    assert game is not None
    while game.record.outcome is None:
        run_until(app, lambda: game.player_to_move() or game.record.outcome is not None)
        if game.record.outcome is not None:
            break
        best = game.endgames.best_move(game.position)
        assert best is not None
        click_square(app, screen, best.start)
        click_square(app, screen, best.end)
    texts = screen.texts()
    result = " ".join(filter(None, (texts[f"result {row}"] for row in (1, 2, 3))))
    assert result == (
        f"Won in {game.best_possible} moves (Black has no pieces left): as fast as the databases."
    )


WALK_PUZZLE = Puzzle(
    "W:W12,17,21,22,23,24,26,27,29,30,32:B1,2,3,5,6,7,8,10,14,15",
    ("23-18", "14x23", "27x18x11x4"),
    "11-15",
    (
        {
            "name": "shot",
            "side": "white",
            "line": ["23-18", "14x23", "27x18x11x4"],
            "start": 0,
            "gives": 1,
            "takes": 3,
            "text": "White's shot: 23-18 gives a man and takes three men (23-18 14x23 27x18x11x4)",
        },
        {
            "name": "material",
            "line": ["23-18", "14x23", "27x18x11x4"],
            "gives": 1,
            "takes": 3,
            "text": "23-18 14x23 27x18x11x4 wins two men (gives 1, takes 3)",
        },
        {
            "name": "crown",
            "line": ["23-18", "14x23", "27x18x11x4"],
            "square": 4,
            "text": "23-18 14x23 27x18x11x4 crowns a king on 4",
        },
    ),
    1,
    14,
)
"""The puzzle of the walk of 2026-11-29c, as its puzzle set kept it: three ideas of one line."""


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
def test_a_missed_puzzles_ideas_name_the_line_once_and_read_whole(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    """The walk of 2026-11-29c read "...(23-18 14x23 27x18x11x4). 23-18 14x23 27x18x11x4 wins
    two men (gives 1, takes 3). 23..." under a missed puzzle: the line twice, then cut."""
    add_puzzles([WALK_PUZZLE])
    app = make_app(None, size=size)
    press(app, pygame.K_p, "p")
    app.step(1 / 60)
    screen = app.screen
    assert isinstance(screen, PuzzleScreen) and screen.puzzle == WALK_PUZZLE
    click_square(app, screen, 24)
    click_square(app, screen, 20)  # 24-20: not it
    app.step(1 / 60)
    assert screen.texts()["verdict"] == "Not this time"
    rows = [screen.labels[f"idea {row}"].text for row in range(1, IDEA_ROWS + 1)]
    said = " ".join(row for row in rows if row)
    assert said == (
        "White's shot: 23-18 gives a man and takes three men (23-18 14x23 27x18x11x4)."
        " It wins two men. It crowns a king on 4."
    ), rows
    assert said.count("14x23 27x18x11x4") == 1 and "..." not in said
    # Each row fits its label, and the rows stand above the buttons.
    lowest = max(screen.labels[f"idea {row}"].rect.bottom for row in range(1, IDEA_ROWS + 1))
    font = screen.labels["idea 1"].font
    for row in range(1, IDEA_ROWS + 1):
        label = screen.labels[f"idea {row}"]
        assert font.size(label.text)[0] <= label.rect.width, label.text
    again = f"{screen.labels['again'].text} {screen.labels['again 2'].text}".strip()
    # Whole at 720 too, on one row there (its shorter form).
    assert again == ("Comes back" if size == (720, 480) else "This puzzle comes back") + (
        " in 10 minutes."
    ), again
    last = screen.labels["again 2"].rect.bottom
    assert last <= min(button.rect.top for button in screen.widgets.values()), (lowest, last)


def about_said(texts: dict[str, str]) -> str:
    """How puzzles work as the panel's rows say it ('' where it is left out)."""
    rows = [texts[name] for name in texts if name.startswith("about ") and name[6:].isdigit()]
    return " ".join(row for row in rows if row)


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
def test_the_panel_says_how_puzzles_work_where_it_has_room_for_it_whole(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    """The walk of 2026-11-30e saw a tall empty band under the puzzle's words at 1280x800:
    where the well has room, it says how puzzles work, whole; where it has not (720x480, or
    once the answer's words take the room), nothing of it, never a cut sentence."""
    from checkers.gui.screens.puzzles import ABOUT

    add_puzzles([blunder_puzzle()])
    app, screen = open_puzzles(make_app, size=size)
    texts = screen.texts()
    said = about_said(texts)
    if size == (1280, 800):
        assert texts["about title"] == "How puzzles work" and said == ABOUT
        label = screen.labels["about 1"]
        well = screen.well
        assert well is not None and label.visible
        last = max(
            (screen.labels[n] for n in texts if n.startswith("about ") and texts[n]),
            key=lambda shown: shown.relative_rect.bottom,
        )
        assert last.relative_rect.bottom <= well.relative_rect.height  # inside the well
    else:
        assert said in ("", ABOUT)
    for square in (15, 29):  # the answer: its words come first, how puzzles work only if whole
        click_square(app, screen, square)
    texts = screen.texts()
    assert about_said(texts) in ("", ABOUT)
    assert texts["verdict"] == "Right!"


def test_a_panel_line_never_leaves_a_short_word_alone_on_its_last_row(
    make_app: Callable[..., App], data: Path
) -> None:
    """The walk of 2026-11-30f read "From a game, move 13: White played 32-28" over a lone
    "here", and "This puzzle comes back in 2" over "days." at 720x480: a line broken over
    the panel's labels takes the word before a lone last word along."""
    from checkers.gui.board_play import label_lines

    add_puzzles([blunder_puzzle()])
    _, screen = open_puzzles(make_app, size=(720, 480))
    label = screen.labels["source 1"]
    assert label.font is not None
    words = "From a game, move 13: White played 32-28 here"
    while label.font.size(words)[0] <= label.rect.width - 8:
        words = "Far " + words  # long enough to be broken over two labels
    rows = [row for row in label_lines(words, label, 2) if row]
    assert len(rows) == 2 and " ".join(rows) == words
    assert " " in rows[-1], rows  # never `here` alone
    for row in rows:
        assert label.font.size(row)[0] <= label.rect.width - 8, rows


def test_a_long_published_solution_reads_whole_at_the_smallest_window(
    make_app: Callable[..., App], data: Path
) -> None:
    """Walk 2026-11-30k, problem book problem 3 at 720x480, missed: its fifteen moves four
    times over five rows cut at "Black's s...", over an empty band, and its title cut at
    "(The Checker ...". The ideas name long runs from first move to last (the whole line is on
    the board and under them), take the rows the panel has, and every row reads whole."""
    from checkers.puzzle_import import problem_book

    screen = answered_at_720(make_app, problem_book().puzzles[2], 2, 6)  # the answer is 2-7
    texts = screen.texts()
    assert texts["verdict"] == "Not this time"
    source = " ".join(texts[f"source {row}"] for row in (1, 2, 3)).split()
    assert " ".join(source) == "Problem book, problem 3: Two-Fisted Checkers (The Checker Maven)"
    said = " ".join(texts[f"idea {row}"] for row in range(1, IDEA_ROWS + 1) if texts[f"idea {row}"])
    assert said.startswith("Black's pitch: 2-7 gives a man (2-7 11x2) and the line reaches a win")
    assert said.endswith("After it the opponent has no move left: a win."), said
    assert "..." not in said and said.count("18-23 27x18") == 0  # long runs said short
    # One tally (walk 2026-11-30l: the shot's "gives 5 pieces and takes 6" beside "It wins a
    # man (gives 6, takes 7)", counted from another move).
    assert "It wins a man." in said and "(gives 6, takes 7)" not in said
    lowest = 0
    line_rows = [name for name in screen.labels if name.startswith("line ") and texts[name]]
    for name, label in screen.labels.items():
        if label.visible and label.text:
            # (The line's last row may end cut: the board plays the line out, Show line again.)
            assert "..." not in label.text or name == line_rows[-1], (name, label.text)
            assert label.font.size(label.text)[0] <= label.rect.width, (name, label.text)
            lowest = max(lowest, label.get_abs_rect().bottom)
    assert lowest <= min(button.get_abs_rect().top for button in screen.widgets.values())
