"""The analysis board's explorer pane, driven through the App's loop: the games folder and the
archives added counted, a click on a move playing it, an archive added with the file browser."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest
from gui_driving import post, press, screen_of
from test_gui_panel_bands import row as band_row
from test_gui_panel_bands import side_panel_of

from checkers.board import Move, Position
from checkers.coach.explain import win_in_moves
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.explorer_pane import (
    BOOK_HEAD,
    WAY_BACK_IN_GAME,
    WELL_INSET,
    ArchivePicker,
    ExplorerPane,
    _footer_lines,
    empty_words,
    move_figure,
)
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.settings import Settings
from checkers.notation import depth_words
from checkers.record import GameRecord

HERE = Path(__file__).resolve().parent / "data" / "explorer"


def press_widget(app: App, widget: pygame_gui.core.UIElement) -> None:
    """Click a widget as a person does (pygame_gui posts the press as an event of its own)."""
    point = widget.get_abs_rect().center
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.step(1 / 60)
    app.step(1 / 60)


def run_until(app: App, condition: Callable[[], bool], frames_cap: int = 20_000) -> None:
    """Frames until `condition` holds (the index builds on its own thread meanwhile)."""
    frames = 0
    while not condition() and frames < frames_cap:
        app.step(1 / 60)
        if app.ai.pending is not None:
            app.ai.wait(1 / 60)
        else:
            pygame.time.wait(2)
        frames += 1
    assert condition()


def pane_of(app: App) -> tuple[AnalysisScreen, ExplorerPane]:
    board = app.screen
    assert isinstance(board, AnalysisScreen) and board.explorer is not None
    return board, board.explorer


def explore_after(app: App, moves: tuple[str, ...]) -> tuple[AnalysisScreen, ExplorerPane]:
    """The game's `moves` played on the game screen, then the explorer opened there (O)."""
    game = screen_of(app).game
    for move in moves:
        game.play(Move.from_pdn(move, game.position))
    app.step(1 / 60)
    press(app, pygame.K_o, "o")
    return pane_of(app)


def four_saved_games(data: Path) -> None:
    """The handmade archive of four games as the player's saved games."""
    (data / "games").mkdir()
    shutil.copy(HERE / "small.pdn", data / "games" / "four games.pdn")


def empty_said(pane: ExplorerPane) -> str:
    """The words over an empty table, as one line."""
    return " ".join(
        " ".join(
            label.text for name, label in pane.labels.items() if name.startswith("empty ")
        ).split()
    )


def indexed(pane: ExplorerPane, games: int) -> Callable[[], bool]:
    return lambda: not pane.builder.busy and pane.games() == games


def test_the_explorer_counts_your_games_and_a_click_plays_a_move(
    make_app: Callable[..., App], data: Path
) -> None:
    four_saved_games(data)
    app = make_app()
    game = screen_of(app)
    assert "explorer" in {entry.name for entry in game.menu.items() if entry is not None}
    press(app, pygame.K_o, "o")  # the game's key for the explorer: the analysis board opens
    board, pane = pane_of(app)
    run_until(app, indexed(pane, 4))
    run_until(app, lambda: pane.labels["row 0 games"].text == "3")
    texts = pane.texts(board.position, board.analysis)
    assert texts["explorer summary"] == "4 of your 4 saved games came here"
    shares = [texts[f"row 0 {key}"] for key in ("games", "win", "draw", "loss")]
    assert shares == ["3", "50", "50", "0"]  # in % of the games with a result
    assert [texts[f"row 1 {key}"] for key in ("games", "win", "draw", "loss")] == [
        "1",
        "0",
        "0",
        "100",
    ]
    assert pane.buttons["row 0"].text == "11-15" and pane.buttons["row 1"].text == "9-14"
    assert not pane.buttons["row 2"].visible  # two moves were played here, no more rows
    assert BOOK_HEAD.sub("", texts["explorer book"]).startswith("11-15")
    # A book move the table scores gives its figure in the book's line too (walk
    # 2026-12-01ab: "Book (•), engine's figures: 11-15, 9-14 (even)" gave 11-15 none).
    run_until(
        app,
        lambda: (
            board.analysis is not None
            and any(line.move == "11-15" for line in board.analysis.lines)
        ),
    )
    book = pane.texts(board.position, board.analysis)["explorer book"]
    assert "11-15\u00a0(" in book, book
    assert "Read your saved games: 4 games." in board.status
    # The news of the read does not take the place of what the arrows are (walk 2026-11-30k).
    assert board.status.endswith(
        "Arrows 1, 2, 3: the engine's best line (the move, the reply, the next move)."
    )
    press_widget(app, pane.buttons["row 0"])
    assert board.record.moves == [Move.from_pdn("11-15", Position())]
    assert board.position.turn.name == "WHITE"
    assert game.game.record.moves == []  # the game below is untouched
    run_until(app, lambda: pane.buttons["row 0"].text == "23-19")
    # White's view of the games
    assert [pane.labels[f"row 0 {key}"].text for key in ("win", "draw", "loss")] == [
        "0",
        "50",
        "50",
    ]
    # The engine scores every move shown once it has looked.
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 2)
    run_until(app, lambda: pane.labels["row 0 engine"].text not in ("", " •"))
    # The column says how far its figures looked (walk 2026-11-30g: +0.95, then +1.10, with
    # no depth of its own).
    note = pane.texts(board.position, board.analysis)["explorer engine"]
    looked = re.search(r"the Engine column looked (\d+)(?: to (\d+))? turns? ahead", note)
    assert looked is not None, note
    low, high = int(looked[1]), int(looked[2] or looked[1])
    assert low <= pane.engine_cells(board.position, board.analysis)["23-19"][1] <= high
    press(app, pygame.K_o, "o")  # back to the engine's lines
    assert board.explorer is None and board.lines_box is not None  # the lines again


def test_an_archive_added_with_the_file_browser_is_indexed_and_its_skips_said(
    make_app: Callable[..., App], data: Path, tmp_path: Path
) -> None:
    archive = tmp_path / "damaged.pdn"
    shutil.copy(HERE / "damaged.pdn", archive)
    app = make_app()
    press(app, pygame.K_a, "a")
    assert isinstance(app.screen, AnalysisScreen) and app.screen.explorer is None
    press(app, pygame.K_o, "o")  # the analysis board's own key
    board, pane = pane_of(app)
    run_until(app, lambda: not pane.builder.busy)
    assert pane.texts(board.position, None)["explorer summary"] == "No games yet."
    press_widget(app, pane.buttons["add"])
    picker = app.screen
    assert isinstance(picker, ArchivePicker)
    picker.chosen_file(archive)
    app.step(1 / 60)
    assert app.screen is board
    board, pane = pane_of(app)
    run_until(app, indexed(pane, 2))
    run_until(app, lambda: "2 skipped" in board.status)
    assert board.status.startswith("Read damaged.pdn: 2 games, 2 skipped as unreadable")
    assert pane.buttons["row 0"].text == "11-15" and pane.labels["row 0 games"].text == "2"
    # Remembered: a new board finds it indexed already, nothing built again.
    again = ExplorerPane(data / "explorer", data / "games")
    try:
        assert not again.builder.busy and again.games() == 2
    finally:
        again.close()


def test_a_stale_index_is_rebuilt_on_its_thread_when_the_pane_opens(
    make_app: Callable[..., App], data: Path
) -> None:
    (data / "games").mkdir()
    mine = data / "games" / "mine.pdn"
    mine.write_text('[Result "1-0"]\n1. 9-14 1-0\n', encoding="utf-8")
    first = ExplorerPane(data / "explorer", data / "games")
    while first.builder.busy:
        pygame.time.wait(5)
    first.update()
    assert first.games() == 1
    first.close()
    mine.write_text('[Result "0-1"]\n1. 9-14 0-1\n\n[Result "0-1"]\n1. 9-13 0-1\n', "utf-8")
    app = make_app()
    press(app, pygame.K_o, "o")
    board, pane = pane_of(app)
    run_until(app, indexed(pane, 2))
    run_until(app, lambda: board.status.startswith("Read your saved games: 2 games. "))
    assert {button.text for name, button in pane.buttons.items() if name.startswith("row ")} >= {
        "9-13",
        "9-14",
    }


def test_a_file_that_is_not_games_is_named_not_added_silently(tmp_path: Path) -> None:
    binary = tmp_path / "picture.pdn"
    binary.write_bytes(b"\x89PNG\x00\x00\x00binary")
    folder = tmp_path / "folder.pdn"
    folder.mkdir()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games")
    try:
        pane.add(binary)
        while pane.builder.busy:
            pygame.time.wait(5)
        pane.update()
        assert pane.note.startswith("Read picture.pdn: 0 games, 1 skipped as unreadable")
        assert pane.games() == 0 and pane.news[-1] == pane.note
        pane.add(folder)
        assert pane.note == "Not read: folder.pdn is not a file"
        assert [archive.name for archive in pane.archives] == ["your saved games", "picture.pdn"]
    finally:
        pane.close()


def test_the_engines_note_and_column_read_the_games_judgement_in_the_panels_words(
    tmp_path: Path,
) -> None:
    """The walk read the explorer's 0.05 beside the panel's "+0.05 for you": the engine's note
    says the position's one score as the panel does (for you / for the AI against the AI),
    whether the search still deepens and how far it looked, and the column takes the game's
    deeper judgements of the position and of the positions after its moves."""
    from checkers.board import BLACK, WHITE
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements

    start = Position()
    known = Judgements()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games", human=WHITE, known=known)
    analysis = Analysis(
        8,
        (
            AnalysisLine("11-15", 0.3, ("11-15", "23-19")),
            AnalysisLine("9-14", 0.1, ("9-14", "22-18")),
        ),
    )
    # Black is the AI here: its moves' scores are its own, and the note says whose they are.
    deepening = pane.engine_note(start, analysis, deepening=True)
    assert deepening == (
        "Win/draw/loss in % and scores are the AI's (to move); engine: +0.30 for the AI, "
        "thinking... 8 turns ahead"
    )
    # With no table of games shown (none came here), the engine's score alone: the table's
    # view and figure would say nothing, and took the engine's lines' room at 720x480 (walk
    # 2026-11-30l).
    assert pane.texts(start, analysis, deepening=True)["explorer engine"] == (
        "Engine: +0.30 for the AI, thinking... 8 turns ahead"
    )
    assert pane.engine_note(start, analysis).endswith("looked 8 turns ahead")
    assert pane.engine_scores(start, analysis) == {"11-15": "+0.30", "9-14": "even"}
    # The game's deeper judgements: of the position (its best move 9-14), and of the position
    # after 11-15 (White to move there, a quarter of a man up: -0.25 for Black's move).
    known.judge(start, Judgement(-0.45, 1.0, WHITE, 14, line=("9-14", "22-18")))
    after = start.move(Move.from_pdn("11-15", start))
    known.judge(after, Judgement(0.25, 1.0, WHITE, 14))
    # The board's search deepens under the deeper judgement: the note says so, with one
    # depth, the one its figure comes from (walk 2026-11-29c).
    assert pane.engine_note(start, analysis, deepening=True) == (
        "Win/draw/loss in % and scores are the AI's (to move); engine: +0.45 for the AI, looked 14 turns ahead; may change as the board looks deeper"
    )
    assert pane.engine_note(start, analysis).endswith("+0.45 for the AI, looked 14 turns ahead")
    assert pane.engine_scores(start, analysis) == {"11-15": "-0.25", "9-14": "+0.45"}
    # Two people (or two AIs): Black and White by name, as the panel names them.
    people = ExplorerPane(tmp_path / "explorer", tmp_path / "games", known=known)
    assert people.engine_note(start, analysis) == (
        "Win/draw/loss in % and scores are Black's (to move); engine: +0.45 for Black, looked 14 turns ahead"
    )
    # Once the board's own search has looked as deep, its number is the position's.
    deeper = Analysis(16, (AnalysisLine("11-15", -0.1, ("11-15",)),))
    assert people.engine_note(start, deeper, deepening=True).endswith(
        "engine: even, thinking... 16 turns ahead"
    )
    assert BLACK is start.turn
    # The side to move behind: the note's words name the side ahead, and the table's figure
    # for the same score, from the mover's view, stands beside them (the walks read "scores
    # are the AI's" beside "+0.30 for you" as two views of one position).
    behind = Analysis(8, (AnalysisLine("11-15", -0.3, ("11-15", "23-19")),))
    fresh = ExplorerPane(tmp_path / "explorer", tmp_path / "games", human=WHITE)
    assert fresh.engine_scores(start, behind) == {"11-15": "-0.30"}
    assert fresh.engine_note(start, behind) == (
        "Win/draw/loss in % and scores are the AI's (to move); engine: +0.30 for you "
        "(-0.30 in the table), looked 8 turns ahead"
    )
    # A forced result kept for the position after a move counts that move too, as the
    # analysis's own rows do (walk 2026-11-30k: one win read "in 3" and "in 4" a move apart).
    from checkers.ai.search import WIN

    lost = Judgements()
    lost.judge(start.move(Move.from_pdn("9-14", start)), Judgement(-(WIN - 6), 1.0, WHITE, 14))
    forced = ExplorerPane(tmp_path / "explorer", tmp_path / "games", known=lost)
    assert forced.engine_scores(start, behind)["9-14"] == "wins in 4 moves"


def test_the_best_moves_row_reads_the_kept_judgement_while_a_shallower_search_deepens(
    tmp_path: Path,
) -> None:
    """The board's search started again (the explorer shown, a move taken back) is shallower
    than the judgement kept of the position: the row of that judgement's best move and the note
    give its one number, and the note says the search is still thinking and how deep; once the
    search has looked as deep, its own number is the position's, in the row and the note."""
    from checkers.board import BLACK
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements

    start = Position()
    known = Judgements()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games", known=known)
    # What the board's first search kept (its best line 9-14, 12 turns ahead).
    known.judge(start, Judgement(0.45, 1.0, BLACK, 12, line=("9-14", "22-18", "11-16")))
    shallow = Analysis(
        5,
        (
            AnalysisLine("11-15", 0.5, ("11-15", "23-19")),
            AnalysisLine("9-14", 0.2, ("9-14", "22-18")),
        ),
    )
    scores = pane.engine_scores(start, shallow)
    assert scores["9-14"] == "+0.45"
    note = pane.engine_note(start, shallow, deepening=True)
    assert note.endswith(
        "engine: +0.45 for Black, looked 12 turns ahead; may change as the board looks deeper"
    )
    # Caught up (and kept by the board as the position's judgement): its number is the one.
    deep = Analysis(12, (AnalysisLine("11-15", 0.3, ("11-15", "23-19")),))
    known.judge(start, Judgement(0.3, 1.0, BLACK, 12, line=("11-15", "23-19")))
    assert pane.engine_scores(start, deep)["11-15"] == "+0.30"
    assert pane.engine_note(start, deep, deepening=True).endswith(
        "engine: +0.30 for Black, thinking... 12 turns ahead"
    )


def test_the_databases_result_kept_stands_over_a_deeper_search(tmp_path: Path) -> None:
    """A result from the endgame databases is final: a search that looked deeper does not put
    its own number over it in the note (`Judgement.rank`)."""
    from checkers.ai.search import WIN
    from checkers.board import WHITE
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements

    position = Position.from_fen("W:WK1:BK10,K19")
    known = Judgements()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games", known=known)
    known.judge(position, Judgement(-(WIN - 9), 100.0, WHITE, 1, database=True, line=("1-6",)))
    deeper = Analysis(20, (AnalysisLine("1-6", -3.0, ("1-6", "10-15")),))
    note = pane.engine_note(position, deeper)
    # The table's figure for it is from White's view (to move): said beside it, so the two
    # read as one result.
    assert note.endswith("engine: Black wins in 5 moves (databases; L\xa05 in the table)"), note


WALK_BOOK_POSITION = "B:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"
"""The walk of 2026-11-29's position (24: 1. 11-15 24-19 15x24 28x19, Black to move), where
the book's line read "8-11 (+0.25), 9-13 (+0.25)" beside the board's best three, 8-11 +0.25,
9-14 even and 10-14 even."""


def _book_figures(book: str) -> dict[str, str | None]:
    """The book's moves on the footer's line as a player reads them: each with the figure in
    brackets after it, or None where none is given."""
    listed = re.split(r", (?=\d+[-x]\d)", BOOK_HEAD.sub("", book))
    figures: dict[str, str | None] = {}
    for item in listed:
        move, _, figure = item.replace("\u00a0", " ").partition(" (")
        assert move not in figures, book  # one move, named once
        figures[move] = figure.removesuffix(")") if figure else None
    return figures


def test_the_books_moves_give_the_engines_figures_never_the_books_own(tmp_path: Path) -> None:
    """One position reads the same at one moment: a book move the board's lines score gives
    their figure; one the engine has not judged is named without a figure (the book's own
    came from the book builder's search: "9-13 (+0.25)" read beside the board's best three,
    which left 9-13 out); a kept judgement of the position after a book move gives its figure
    once it has looked as deep as the board."""
    from checkers.board import WHITE
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements

    position = Position.from_fen(WALK_BOOK_POSITION)
    known = Judgements()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games", known=known)
    try:
        assert pane.texts(position, None)["explorer book"] == "Book (•): 8-11, 9-13"
        # The board's best three at 17 turns ahead, as the walk read them.
        board = Analysis(
            17,
            (
                AnalysisLine("8-11", 0.25, ("8-11", "25-22", "11-15")),
                AnalysisLine("9-14", 0.0, ("9-14", "22-18")),
                AnalysisLine("10-14", 0.05, ("10-14", "19-15")),
            ),
        )
        book = pane.texts(position, board)["explorer book"]
        assert _book_figures(book) == {"8-11": "+0.25 for Black", "9-13": None}, book
        # The board scoring every move (as it does with the explorer shown): 9-13 has its own.
        every = Analysis(
            9,
            (
                AnalysisLine("8-11", 0.3, ("8-11", "25-22")),
                AnalysisLine("9-14", 0.1, ("9-14", "22-18")),
                AnalysisLine("9-13", -0.35, ("9-13", "22-18")),
            ),
        )
        book = pane.texts(position, every)["explorer book"]
        assert _book_figures(book) == {"8-11": "+0.30 for Black", "9-13": "+0.35 for White"}, book
        # Whose figures they are is said first (walk 2026-12-01u read an engine's -0.20 as the
        # book's own -0.10).
        assert book.startswith("Book (•), engine's figures: "), book
        # The game's deeper judgement of the position after 9-13 (White to move there, a
        # quarter of a man up: -0.25 for Black's move) stands over the board's shallower one.
        after = position.move(Move.from_pdn("9-13", position))
        known.judge(after, Judgement(0.25, 1.0, WHITE, 12, line=("22-18",)))
        # With no table, each figure is told for the side ahead, with its depth where that is
        # not the note's (walk 2026-11-30m: "Book (•): 7-10 (-0.20)" named no side or depth).
        figure = _book_figures(pane.texts(position, every)["explorer book"])["9-13"]
        assert figure == "+0.25 for White, 12 turns ahead"
        # ... but not over the board's 17 turns: that search left 9-13 out, and says nothing.
        assert _book_figures(pane.texts(position, board)["explorer book"])["9-13"] is None
    finally:
        pane.close()


def _for_mover(words: str, mover: str) -> float | None:
    """A score in the window's words (`+0.25 for Black`, `even`) in men for the side to move
    (`mover`, `Black` or `White`), as the explorer's column gives it; None for other words."""
    found = re.search(r"([+-]\d+\.\d\d) for (Black|White)|\beven\b", words)
    if found is None:
        return None
    if found.group(1) is None:
        return 0.0
    value = float(found.group(1))
    return value if found.group(2) == mover else -value


def test_the_footers_book_moves_read_as_the_boards_lines_at_one_moment(
    make_app: Callable[..., App], data: Path
) -> None:
    """The walk's position at 720x480 in High contrast, driven as a player does it: the
    explorer's footer names the book's moves with the figure the board gives each (its best
    move the bar's number, every other the board's own line's), read at one moment with the
    board's lines and bar; never the book builder's figure beside them."""
    from checkers.coach.judgement import kept_over
    from checkers.gui.settings import Settings
    from checkers.notation import is_even

    app = make_app(size=(720, 480), settings=Settings(theme="contrast"))
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    for move in ("11-15", "24-19", "15x24", "28x19"):
        board.play_text(move)
    assert board.position == Position.from_fen(WALK_BOOK_POSITION)
    press(app, pygame.K_o, "o")
    board, pane = pane_of(app)

    def footer() -> str:
        shown = " ".join(pane.labels[f"footer {i}"].text for i in range(pane.footer_lines))
        # (The engine's note follows: "Engine: ..." alone where no table of games is shown.)
        return re.split(r" (?:Win/draw/loss|Engine:)", shown)[0].strip()

    def settled() -> bool:
        analysis = board.analysis
        if analysis is None or analysis.depth < 4:
            return False
        texts = pane.texts(board.position, analysis, board.deepening() is not None)
        return footer() == texts["explorer book"]  # the labels show this moment's lines

    run_until(app, settled)
    position, analysis = board.position, board.analysis
    assert analysis is not None
    figures = _book_figures(footer())
    assert list(figures) == ["8-11", "9-13"]
    rows = {row.move: row.score for row in board.rows()}
    evaluation = board.evaluation()
    assert evaluation is not None
    kept = kept_over(board.known, position, analysis)
    best = kept.line[0] if kept is not None and kept.line else analysis.lines[0].move
    for move, figure in figures.items():
        # (The game keeps each line's score as the judgement of the position its move leads
        # to: the same figure, which the rows give.)
        if move == best:
            said = evaluation[1]  # the bar's number is the best move's
        else:
            assert move in rows, (move, rows)  # with the explorer shown, every move is scored
            said = rows[move]
        number = _for_mover(said, "Black")
        assert figure is not None and number is not None, (move, figure, said)
        if figure == "even":
            assert is_even(number), (move, said)
        else:
            assert float(figure) == number, (move, figure, said)


def test_showing_the_explorer_keeps_the_analysis_boards_search_and_its_arrows(
    make_app: Callable[..., App], data: Path
) -> None:
    # The walk at 720x480: the analysis board's best line 15-18, then O, and the arrows showed
    # 6-10. Walk 2026-12-01x: "+0.80, looked 21 turns ahead", then "+0.45, thinking... 21 turns
    # ahead" for one position: O started another search, whose figures at the depth the first
    # had reached were not the first's. The board scores every move from the start now, and
    # O shows the explorer over the same search: no depth is looked at twice.
    from checkers.formats.pdn import read_game, record_from_game
    from checkers.gui.config import GameConfig, PlayerConfig

    opening = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14"
    record = record_from_game(read_game(f'[Result "*"]\n{opening} *\n'))
    two_players = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    app = make_app(two_players, size=(720, 480))
    app.start_game(two_players, record=record, tags={"Result": "*"})
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 8)
    best = board.rows()[0].move
    assert [move.pdn() for move in board.arrows()][:1] == [best]
    analysis, request = board.analysis, board.request
    press(app, pygame.K_o, "o")
    assert board.explorer is not None
    assert board.request == request and board.analysis is analysis  # the same search
    assert [move.pdn() for move in board.arrows()][:1] == [best]
    note = board.explorer.texts(board.position, board.analysis)["explorer engine"]
    assert f"{analysis.depth} turns ahead" in note, note
    run_until(app, lambda: board.analysis is not None and board.analysis.depth > analysis.depth)
    assert board.request == request
    press(app, pygame.K_o, "o")  # and hiding it again goes on with the same search too
    assert board.explorer is None and board.request == request


def test_the_book_lists_the_engines_best_first_where_it_has_scored_them(tmp_path: Path) -> None:
    # Walk 2026-11-29c: the book read "9-13 (even), 9-14 (+0.25)" while the engine's arrow 1
    # was 9-14. Its moves the engine scored come best first, the others after them.
    from checkers.board import BLACK
    from checkers.coach.explain import Analysis, AnalysisLine
    from checkers.coach.judgement import Judgement, Judgements
    from checkers.gui.explorer_pane import book_moves, figure_value

    start = Position()
    pane = ExplorerPane(tmp_path / "explorer", tmp_path / "games")
    book = book_moves(start)
    assert len(book) >= 2
    last, first = book[-1], book[0]
    analysis = Analysis(
        10, (AnalysisLine(last, 0.25, (last, "22-18")), AnalysisLine(first, 0.05, (first,)))
    )
    listed = BOOK_HEAD.sub("", pane.texts(start, analysis)["explorer book"]).split(", ")
    assert listed[0] == f"{last}\u00a0(+0.25 for Black)" and listed[1] == f"{first}\u00a0(even)"
    # Walk 2026-12-01u: a deeper judgement the game kept draws the board's arrow 1 on its
    # move while the board's own search, started again, still prefers another: the book line
    # names the arrow's move first too.
    pane.known = Judgements()
    pane.known.judge(start, Judgement(0.1, 1.0, BLACK, 18, line=(first, "22-18")))
    listed = BOOK_HEAD.sub("", pane.texts(start, analysis)["explorer book"]).split(", ")
    assert listed[0].startswith(f"{first}\u00a0(") and listed[1].startswith(f"{last}\u00a0("), (
        listed
    )
    # Walk 2026-12-01v: figures that round alike ("even" for each) keep the search's order, so
    # its best move, arrow 1, comes first ("9-13 (even), 9-14 (even), 8-11" beside it on 8-11).
    pane.known = Judgements()
    level = Analysis(
        17, (AnalysisLine(last, 0.04, (last, "22-18")), AnalysisLine(first, 0.0, (first,)))
    )
    listed = BOOK_HEAD.sub("", pane.texts(start, level)["explorer book"]).split(", ")
    assert listed[0] == f"{last}\u00a0(even)" and listed[1] == f"{first}\u00a0(even)", listed
    assert [figure_value(text) for text in ("wins in 2 moves", "+0.25", "even", "-1.00")] == [
        998.0,
        0.25,
        0.0,
        -1.0,
    ]


def _explorer_band(pane: ExplorerPane) -> int:
    """The tallest empty band in pixels between the explorer's title and its last note (the
    board's buttons below stand at the panel's foot, whatever room the pane leaves)."""
    assert pane.well is not None
    shown: list[pygame_gui.core.UIElement] = [
        *(label for label in pane.labels.values() if label.text.strip()),
        *(button for button in pane.buttons.values() if button.visible and button.text),
    ]
    spans = sorted(
        (element.get_abs_rect().top, element.get_abs_rect().bottom)
        for element in [*shown, pane.well]
        if element.visible
    )
    widest, reached = 0, spans[0][1]
    for top, bottom in spans[1:]:
        widest = max(widest, top - reached)
        reached = max(reached, bottom)
    return widest


def _well_snug(pane: ExplorerPane, rows: int, app: App) -> None:
    """The well as tall as its `rows` rows (walk 2026-11-30: a few rows in a frame reaching
    down to the notes, a big empty box), the notes right under it."""
    assert pane.well is not None
    well = pane.well.get_abs_rect()
    pitch = pane.buttons["row 1"].get_abs_rect().top - pane.buttons["row 0"].get_abs_rect().top
    assert well.height <= rows * pitch + 2 * WELL_INSET + 4, (well.height, rows, pitch)
    notes = [
        label.get_abs_rect()
        for name, label in pane.labels.items()
        if name.startswith("footer ") and label.text
    ]
    assert notes and notes[0].top - well.bottom <= band_row(app)


def _explorer_words_whole(pane: ExplorerPane, panel: pygame_gui.elements.UIPanel) -> None:
    """Each text of the explorer whole in its box, each box whole in what holds it."""
    assert pane.well is not None
    for name, label in pane.labels.items():
        if not label.text.strip():
            continue
        assert label.font.size(label.text)[0] <= label.rect.width, (name, label.text)
        if name.startswith(("empty ", "row ")):
            assert pane.well.rect.contains(label.rect), (name, label.rect, pane.well.rect)
        assert panel.rect.contains(label.rect), (name, label.rect)


@pytest.mark.parametrize(
    ("size", "theme_name"), [((720, 480), "contrast"), ((1280, 800), "wood")], ids=str
)
def test_the_explorers_table_leaves_no_empty_band_and_its_words_stand_whole(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    # Walk 2026-11-29d (issue 36): two rows of moves, or the empty table's words, over a tall
    # empty band above the book's and engine's notes; a first well around the table cut the
    # empty table's last words, '(Add games...).', at 720x480.
    four_saved_games(data)
    app = make_app(size=size, settings=Settings(theme=theme_name))
    press(app, pygame.K_o, "o")
    _, pane = pane_of(app)
    run_until(app, lambda: pane.buttons["row 1"].text == "9-14")
    app.step(1 / 60)
    assert not pane.buttons["row 2"].visible  # two rows, far fewer than their room
    panel = side_panel_of(pane.labels["explorer title"])
    assert _explorer_band(pane) <= band_row(app), _explorer_band(pane)
    _well_snug(pane, 2, app)
    _explorer_words_whole(pane, panel)
    assert pane.well is not None and pane.well.rect.contains(pane.buttons["row 1"].rect)
    # A position no game reached, from the game: the empty table's longest words, whole.
    press(app, pygame.K_ESCAPE)
    _, pane = explore_after(app, ("11-15", "24-20"))  # 24-20: a reply no game played

    run_until(app, lambda: not pane.builder.busy and "(Add games...)." in empty_said(pane))
    app.step(1 / 60)
    assert " ".join(empty_said(pane).split()) == empty_words(WAY_BACK_IN_GAME)
    panel = side_panel_of(pane.labels["explorer title"])
    _explorer_words_whole(pane, panel)
    assert _explorer_band(pane) <= band_row(app), _explorer_band(pane)
    # The well holds the words' lines and no more.
    lines = [
        label for name, label in pane.labels.items() if name.startswith("empty ") and label.text
    ]
    assert pane.well is not None and pane.well.get_abs_rect().bottom <= (
        lines[-1].get_abs_rect().bottom + 2 * WELL_INSET + 4
    )


def test_a_forced_win_in_the_engines_column_stands_whole_at_the_smallest_window(
    make_app: Callable[..., App], data: Path
) -> None:
    """The walk of 2026-11-30 (shot 40) read "wins ..." cut in the Engine column at 720x480:
    a forced result is `W n` there, the note under the table saying what the letter means."""
    from checkers.gui.intents import OpenAnalysis

    (data / "games").mkdir()
    (data / "games" / "ending.pdn").write_text(
        '[Event "ending"]\n[SetUp "1"]\n[FEN "B:WK1:BK10,K19"]\n[Result "1-0"]\n\n'
        "1. 10-15 1-6 2. 19-23 1-0\n",
        encoding="utf-8",
    )
    app = make_app(size=(720, 480), settings=Settings(theme="contrast"))
    app.request(OpenAnalysis(Position.from_fen("B:WK1:BK10,K19"), ()))
    app.step(1 / 60)
    press(app, pygame.K_o, "o")
    _, pane = pane_of(app)
    run_until(app, lambda: pane.buttons["row 0"].text == "10-15")
    cell = pane.labels["row 0 engine"]
    run_until(app, lambda: cell.text.startswith(("W\u00a0", "wins")))  # the databases' result
    app.step(1 / 60)
    assert cell.font.size(cell.text)[0] <= cell.rect.width, (cell.text, cell.rect)
    assert re.fullmatch(r"W\u00a0\d+", cell.text), cell.text
    footer = " ".join(pane.labels[f"footer {i}"].text for i in range(pane.footer_lines))
    assert "W n: wins in n moves" in footer, footer
    _explorer_words_whole(pane, side_panel_of(pane.labels["explorer title"]))


def test_a_saved_games_last_position_is_one_the_games_reached(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-11-30c (issue 35): a saved game opened at its end, and the explorer said none
    # of the saved games reached the position on the board.
    four_saved_games(data)
    app = make_app()
    # Game 3 of the four, drawn, ends here.
    _, pane = explore_after(app, ("11-15", "23-19", "8-11", "22-17"))

    run_until(app, lambda: not pane.builder.busy and "ended here" in empty_said(pane))
    app.step(1 / 60)
    assert pane.labels["explorer summary"].text == "1 of your 4 saved games ended here"
    assert empty_said(pane) == (
        "1 game ended here: drawn by the side to move; no game went on from here. "
        f"{WAY_BACK_IN_GAME} to see the moves played on the way."
    )
    assert "reached" not in empty_said(pane)


def test_the_explorers_scores_are_kept_for_the_positions_its_moves_lead_to(
    make_app: Callable[..., App], data: Path
) -> None:
    # Issue 35, one judgement a position: the table scores every move exactly at one depth,
    # and the game keeps each as the judgement of the position the move leads to, so the
    # panel after the move and Why? of it read the table's figures (walk 2026-11-30c).
    app = make_app()
    press(app, pygame.K_o, "o")
    board, pane = pane_of(app)
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 4)
    analysis = board.analysis
    assert analysis is not None and len(analysis.lines) == len(Position().legal_moves())
    scores = pane.engine_scores(board.position, analysis)
    for line in analysis.lines:
        after = board.position.move(Move.from_pdn(line.move, board.position))
        kept = board.known.get(after)
        # Searched a ply less deep than the position: kept at that depth.
        assert kept is not None and kept.depth >= analysis.depth - 1, line.move
        assert kept.line == line.pv[1:] or kept.depth >= analysis.depth, line.move
        figure = kept.score if kept.side is board.position.turn else -kept.score
        shown = move_figure(round(figure / kept.man, 2), None)
        assert scores[line.move] == shown or kept.depth >= analysis.depth, (line.move, figure)


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)], ids=["720x480", "1280x800"])
@pytest.mark.parametrize("theme_name", ["wood", "contrast"])
def test_the_explorers_panel_has_no_empty_band_over_the_buttons(
    make_app: Callable[..., App], data: Path, size: tuple[int, int], theme_name: str
) -> None:
    """From its title down to the board's buttons the panel shows something at every height:
    under a short table, or the empty table's words, the engine's best lines take the room
    where it holds one, else the table's frame reaches down to the notes (the walk at
    1280x800 saw a band some 200 pixels tall left empty over the buttons)."""
    from test_gui_panel_bands import widest_band

    four_saved_games(data)
    app = make_app(size=size, settings=Settings(theme=theme_name))
    press(app, pygame.K_o, "o")
    board, pane = pane_of(app)
    run_until(app, lambda: pane.buttons["row 1"].text == "9-14" and board.analysis is not None)
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 6)
    app.step(1 / 60)
    panel = side_panel_of(pane.labels["explorer title"])
    assert widest_band(panel) <= band_row(app), widest_band(panel)
    # Under the table, the engine's lines under their heading with its depth, two of them at
    # least (the walk's 720x480 showed the best line alone, without its heading).
    assert board.well is not None and board.well.visible and board.lines_box is not None
    shown = html.unescape(board.lines_box.html_text).replace("\u00a0", " ")
    assert f"{board.analysis.depth} turns ahead" in shown.split("<br>")[0], shown
    assert all(f"<b>{row.move} " in shown for row in board.rows()[:2]), shown
    # A position no game reached: the empty table's words.
    press(app, pygame.K_ESCAPE)
    board, pane = explore_after(app, ("11-15", "24-20"))  # 24-20: a reply no game played
    run_until(app, lambda: not pane.builder.busy and board.analysis is not None)
    run_until(app, lambda: board.analysis is not None and board.analysis.depth >= 6)
    app.step(1 / 60)
    panel = side_panel_of(pane.labels["explorer title"])
    assert widest_band(panel) <= band_row(app), widest_band(panel)
    if size == (1280, 800):  # room for the lines there: the best one is shown whole
        assert board.well is not None and board.well.visible and board.lines_box is not None
        best = board.rows()[0]
        assert f"<b>{best.move}" in board.lines_box.html_text
        # The lines say how far they looked: the note above may give the game's deeper
        # judgement of the position, and a first line's other figure read as a second verdict
        # beside it without its own depth (walk 2026-11-30e: "+1.50 for you, looked 21 turns
        # ahead" over "7-10 +1.40 for you").
        depth = board.analysis.depth
        heading = board.explorer_lines_heading()
        assert heading in (
            f"The engine's best lines, thinking... {depth} turns ahead",
            f"The engine's best lines, looked {depth} turns ahead",
        )
        shown = html.unescape(board.lines_box.html_text).replace("\u00a0", " ")
        assert heading in shown
        from test_gui_why_board import parted_units

        assert not parted_units(board.lines_box)  # never `12` over `turns ahead`


def test_a_forced_win_the_board_proves_is_kept_for_the_game_and_its_review(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-11-30t: the explorer said "Black wins in 9 moves" while the review beside it
    # kept "+9.70 for you": a forced result the board proved was dropped (its line has no
    # score in men), so no other surface heard of it. It stands over any score, so it is kept
    # for the position and, a ply nearer, for the position each move leads to.
    app = make_app()
    start = Position.from_fen("B:W12,20:BK16,19,18,5")  # Black wins in 5 moves
    app.start_game(GameConfig(black=PlayerConfig(), white=PlayerConfig()), record=GameRecord(start))
    app.step(1 / 60)
    game = screen_of(app).game
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    run_until(app, lambda: bool(board.analysis and board.analysis.lines[0].win_in))
    analysis = board.analysis
    assert analysis is not None
    best = analysis.lines[0]
    kept = game.judgements.get(start)
    assert kept is not None and kept.forced, kept
    assert win_in_moves(kept.seen_by(start.turn)) == best.win_in
    assert kept.line[0] == best.move
    for line in analysis.lines:
        if line.win_in is None:
            continue
        after = game.judgements.get(start.move(Move.from_pdn(line.move, start)))
        assert after is not None and after.forced, line.move
        # Read back as the move's score, the count is the line's (the move counted once).
        assert win_in_moves(after.as_move(start.turn)) == line.win_in, line.move
    press(app, pygame.K_ESCAPE)
    assert screen_of(app).game is game
    # Back in the game, the bar says the proven result, not a score.
    assert f"Black wins in {best.win_in} moves" in screen_of(app).bar.label()


def test_how_far_the_engine_looked_is_never_parted_by_the_footers_wrap(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-11-30t at 720x480: the note's last row read "thinking... 17" over "turns
    # ahead". Every depth, both words for it, wrapped at the small window's width.
    app = make_app(size=(720, 480), settings=Settings(theme="contrast"))
    press(app, pygame.K_o, "o")
    _, pane = pane_of(app)
    labels = [label for name, label in sorted(pane.labels.items()) if name.startswith("footer ")]
    assert labels
    for depth in range(1, 25):
        for how in ("thinking...", "looked"):
            for lead in ("", "Win/draw/loss in % and scores are yours (to move); "):
                note = f"{lead}engine: Black wins in 9 moves, {how} {depth_words(depth)}"
                lines = [line for line in _footer_lines(labels, "", note).values() if line]
                said = " ".join(lines).replace("\u00a0", " ")
                assert said == note, lines  # nothing lost
                assert not any(
                    re.search(r"(thinking\.\.\.|looked)( \d+)?$", line) for line in lines
                ), lines
                assert not any(
                    line.startswith(("turn", "ahead", f"{depth} turn")) for line in lines
                ), lines


def test_the_game_being_played_is_not_one_of_the_games_the_explorer_counts(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-11-30t: the game on the board, kept in the games folder as it goes, was
    # counted among "your saved games", unfinished, in the position it had just reached.
    four_saved_games(data)
    app = make_app(GameConfig(black=PlayerConfig(), white=PlayerConfig()), autosave=True)
    screen = screen_of(app)
    screen.game.play(Move.from_pdn("11-15", Position()))
    run_until(app, lambda: screen.keeper.file is not None and screen.keeper.file.path is not None)
    kept = screen.keeper.file
    assert kept is not None and kept.path is not None and kept.path.parent == data / "games"
    run_until(app, kept.path.exists)
    board, pane = explore_after(app, ())
    run_until(app, indexed(pane, 4))  # the four others, not five
    texts = pane.texts(board.position, board.analysis)
    assert texts["explorer summary"] == "3 of your 4 other saved games came here"
    assert "unfinished" not in " ".join(texts.values())


def test_the_read_note_stands_whole_in_a_small_window(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-12-01x at 720x480: "Read your saved games: 11 gam..." cut off on its line.
    (data / "games").mkdir()
    for number in range(11):
        shutil.copy(HERE / "small.pdn", data / "games" / f"saved game {number:02}.pdn")
    app = make_app(size=(720, 480))
    press(app, pygame.K_o, "o")
    board, pane = pane_of(app)
    run_until(app, lambda: not pane.builder.busy and pane.games() == 44)
    run_until(app, lambda: pane.labels["explorer progress"].text != "")
    said = pane.labels["explorer progress"].text
    assert said == "Your saved games: 44 games", said
    assert "Read your saved games: 44 games." in board.status  # the status line has room


def test_the_empty_tables_words_leave_out_the_game_on_the_board(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-12-01y: "None of your saved games ... reached this position" with the game on
    # the board, itself saved as it goes (and left out of the explorer's games), at that
    # position: the words say the other saved games.
    four_saved_games(data)
    app = make_app(autosave=True)
    _, pane = explore_after(app, ("10-14", "22-18"))
    run_until(app, indexed(pane, 4))
    assert pane.archives[0].leave_out  # the game being played is one of the saved games
    run_until(app, lambda: empty_said(pane) != "")
    assert empty_said(pane).startswith("None of your other saved games or the files added here")
    assert pane.labels["explorer summary"].text == "No other game went on from here."


def test_a_game_opened_from_saved_games_is_not_one_of_the_games_the_explorer_counts(
    make_app: Callable[..., App], data: Path
) -> None:
    # Walk 2026-12-01ah: a game opened from Saved games, its file one of them, counted itself
    # among "your other saved games". A file of several games is still counted: it holds others.
    from checkers.formats.pdn import game_from_record, write_game

    four_saved_games(data)
    record = GameRecord(Position())
    for text in ("11-15", "23-19"):
        record.play(Move.from_pdn(text, record.position))
    one = data / "games" / "one game.pdn"
    one.write_text(write_game(game_from_record(record, {})))
    app = make_app()
    screen_of(app).load(record, {}, one.name, one)
    app.step(1 / 60)
    board, pane = pane_of_open(app)
    run_until(app, indexed(pane, 4))  # the four others, not five
    texts = pane.texts(board.position, board.analysis)
    assert texts["explorer summary"] == "2 of your 4 other saved games came here", texts
    press(app, pygame.K_ESCAPE, "")
    app.step(1 / 60)
    several = data / "games" / "four games.pdn"
    screen_of(app).load(record, {}, several.name, several)
    app.step(1 / 60)
    _, pane = pane_of_open(app)
    run_until(app, indexed(pane, 5))


def pane_of_open(app: App) -> tuple[AnalysisScreen, ExplorerPane]:
    """The explorer opened (O) on the game screen's position."""
    press(app, pygame.K_o, "o")
    return pane_of(app)
