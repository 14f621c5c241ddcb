"""One judge: a position reads the same on every surface of the window at one moment.

Games against each level (engine levels on a short clock, so that the test stays quick) are
played through the real loop; after each AI move the panel, the evaluation bar, Why?'s card, the
hint and the analysis board are read as a player reads them, and their numbers must be one
number once their searches reach the same depth, with every verdict on the card agreeing with
the number beside it. Waits are on conditions with a cap, never on time.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest
from gui_driving import press, run_until, screen_of

from checkers.ai.levels import LEVELS, Level, get_level
from checkers.board import WHITE as WHITE_SIDE
from checkers.board import Move, Position
from checkers.coach.exact import score_verdict
from checkers.coach.judgement import kept_over
from checkers.gui import theme
from checkers.gui.app import App
from checkers.gui.config import HINT_LEVEL, JUDGE_LEVEL, GameConfig, Mode, PlayerConfig
from checkers.gui.controller import Game
from checkers.gui.explaining import line_words
from checkers.gui.explorer_pane import BOOK_HEAD
from checkers.gui.game_view.panel import EXPECTS, panel_lines, scored_search
from checkers.gui.screens.analysis import AnalysisScreen
from checkers.gui.screens.why import WhyScreen, card_html
from checkers.gui.tree_view.overlay import TreeOverlay
from checkers.gui.wording import score_words
from checkers.notation import EVEN_MEN, is_even
from checkers.review import Label

# The window's own processes search on the compiled core here, as a player's do (the other
# window tests use the Python engine, which starts at once: tests/conftest.py's make_app).
pytestmark = pytest.mark.compiled

WHITE = ("the AI", "White")
"""The names of White's side in the words (the AI plays White against a human here)."""
_SCORE = re.compile(r"([+-]\d+\.\d\d) for (the AI|you|White|Black)|\beven\b")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    yield tmp_path
    theme.use(theme.DEFAULT_THEME)


def ai_view(text: str) -> float | None:
    """The first score a text gives, in men for White, the AI where a human plays (`+0.25 for
    you` is -0.25), or None."""
    found = _SCORE.search(text)
    if found is None:
        return None
    if found.group(1) is None:
        return 0.0
    value = float(found.group(1))
    return value if found.group(2) in WHITE else -value


_EVEN_FIGURE = re.compile(r"even \(([+-]\d+\.\d\d for (?:the AI|you|White|Black))\)")
"""An even score with its figure: `even (+0.10 for the AI)`."""


def figure(text: str) -> float | None:
    """`ai_view`, reading an even score's figure where the words give it (`even (+0.10 for
    the AI)` is 0.10, a bare `even` 0.0)."""
    shown = _EVEN_FIGURE.search(text)
    return ai_view(shown.group(1)) if shown else ai_view(text)


def same_number(one: str, other: str) -> bool:
    """Whether two texts give one score: the same figure, or one a bare `even` and the other
    an even score's figure."""
    first, second = figure(one), figure(other)
    if first is None or second is None:
        return False
    if first == second:
        return True
    bare = [text for text in (one, other) if ai_view(text) == 0.0 and not _EVEN_FIGURE.search(text)]
    return bool(bare) and is_even(first) and is_even(second)


def quick_config(black: PlayerConfig, white: PlayerConfig, **fields: object) -> GameConfig:
    """A game whose hint and judging searches are quick too (the numbers must agree at any
    depth, so a short search tests the same thing)."""
    hint, judge = quick(HINT_LEVEL), quick(JUDGE_LEVEL)
    return GameConfig(black=black, white=white, hint=hint, judge=judge, **fields)  # type: ignore[arg-type]


def quick(level: Level) -> Level:
    """The level as it plays, on a short clock when it is timed (the engine's levels)."""
    return dataclasses.replace(level, time=0.05) if level.time is not None else level


def panel_score(game: Game) -> float | None:
    """The number on the panel's score line."""
    scores = [line for line in panel_lines(game).search if line.startswith("Score ")]
    return ai_view(scores[0]) if scores else None


def settled(app: App, game: Game, ply: int) -> Callable[[], bool]:
    return lambda: (
        game.record.ply == ply
        and game.animation is None
        and app.ai.pending is None
        and app.ai.explaining is None
    )


def check_position(app: App, hint: bool = True) -> None:
    """The panel, the bar, Why?, the hint (on a human's turn) and the analysis board say one
    number here."""
    screen = screen_of(app)
    game = screen.game
    shown = panel_score(game)
    if shown is None and game.mode is Mode.AI_VS_AI:
        # A paused game searches nothing: a position the exact pass could only bound (a busy
        # machine) has no score yet, and no surface may give one.
        assert ai_view(screen.bar.label()) is None
        return
    assert shown is not None, panel_lines(game).search
    assert ai_view(screen.bar.label()) == shown
    # Why?: the played move's exact score is the score of the position it led to.
    press(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    played = why.card.rows[0]
    assert played.played
    judged = game.judgement()
    assert judged is not None
    # (A busy machine may leave the played move only bounded: "at most", no number to match.)
    if not played.bound and played.depth == judged.depth and ai_view(played.score) is not None:
        assert ai_view(played.score) == shown, (played, shown)
    expects = [line for line in panel_lines(game).search if line.startswith(EXPECTS)]
    if played.bound:
        # A bound's line is the one that proved the bound, not an expected line: the card shows
        # none beside the panel's judgement line (it read `expects 9-13 ...` beside the panel's
        # `Expects 10-14 ...`).
        assert not played.line, (played, expects)
    elif expects:
        # The panel's expected replies are the replies to the move on the board that the card
        # names (never the move itself, nor another search's line beside the AI's heading).
        panel_moves = re.sub(r"^(The engine (\(.*?\) )?expects|Expects) ", "", expects[0]).split()
        moves = re.findall(r"\b\d+(?:[-x]\d+)+", played.line)
        assert game.last_move is not None and panel_moves[0] != game.last_move.pdn()
        # The reply the card expects is the panel's first. (Past it, two searches of one
        # position at one depth may give lines of one score that part: CI saw "... 28-24 8-12"
        # beside "... 28-24 7-10", and the same on 88bc50c's code, 2 runs in 10.)
        assert len(moves) >= 2 and moves[1] == panel_moves[0], (expects, played)
    numbers = [ai_view(row.score) for row in why.card.rows if not row.bound]
    for row in why.card.rows:
        men = ai_view(row.score)
        # (A bound's verdict says its bound, `is at least a little better`: the played move's
        # exact score not found in the pass's time on a loaded machine, as CI saw it.)
        if row.verdict.startswith(("keeps", "is ")) and men is not None and not row.bound:
            # A verdict in the score's own words is the number's, for the side it names, or
            # the words of a score on the card it is chained to within the even bound, so two
            # scores a twentieth apart read as one kind (`coach.exact.steady_verdicts`).
            named = row.verdict.rsplit(" for ", 1)[-1] if " for " in row.verdict else "White"
            sign = 1 if named in WHITE else -1
            near = [n for n in numbers if n is not None and abs(n - men) < 5 * EVEN_MEN]
            assert any(row.verdict.startswith(score_verdict(sign * n)) for n in near), row
    # Every number on the card names its side as the panel does, the level's own count too
    # (`counted +1.00 for the AI`, never `for itself` nor `for White` against the AI).
    words = card_html(why.card)
    assert_side_words(game, words)
    assert "for itself" not in words
    press(app, pygame.K_ESCAPE)
    assert app.screen is screen
    if hint:
        # The hint: its words give the game's one number, and the panel shows it too.
        game.request_hint()
        run_until(app, lambda: game.hint is not None and app.ai.pending is None)
        hinted = ai_view(game.status)
        assert hinted is not None and hinted == panel_score(game) == ai_view(screen.bar.label())
        game.hint = None
    # The analysis board: once it has looked as deep as the game's judgement, its bar and the
    # game's panel say one number (its searches join the game's judgement).
    depth = game.judgement().depth if game.judgement() is not None else 1  # type: ignore[union-attr]
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    run_until(
        app,
        lambda: board.analysis is not None and (board.analysis.depth >= depth or board.finished),
    )
    assert board.evaluation() is not None
    assert board.analysis is not None
    looked = board.analysis.depth
    # The explorer (O, in the engine's place): its engine note gives the board's one number in
    # the panel's words, while the board's search starts again under it.
    press(app, pygame.K_o, "o")
    assert board.explorer is not None
    note = board.explorer.texts(board.position, board.analysis, board.deepening() is not None)
    shown_board = board.evaluation()
    assert shown_board is not None
    assert ai_view(note["explorer engine"]) == ai_view(shown_board[1]), note["explorer engine"]
    assert_side_words(game, note["explorer engine"])
    check_explorer_row(board, note["explorer engine"])
    check_explorer_book(board, note)
    # (The board's search restarts under the explorer: it may have no result yet.)
    if board.analysis is not None:
        looked = max(looked, board.analysis.depth)
    press(app, pygame.K_ESCAPE)
    assert app.screen is screen
    app.step(1 / 60)
    # Back in the game, the panel and the bar say one number, the board's searches having
    # joined the game's judgement: it is at least as deep as the board last looked (the
    # board's search restarted under the explorer, so a later score of the same depth may
    # stand over the one its bar gave first), and where the game's own search has gone deeper, the panel
    # says so with its number.
    assert panel_score(game) == ai_view(screen.bar.label())
    kept = game.judgement()
    assert kept is not None
    assert kept.database or kept.forced or kept.depth >= min(looked, depth), (kept, looked)
    # Whichever search gave it, the judgement names its best move (its line's first), which
    # the explorer's row, Why?'s best row and the review read with its number.
    assert kept.line and kept.line[0] in {move.pdn() for move in game.position.legal_moves()}
    running = scored_search(game)
    if running is None:
        assert panel_score(game) == ai_view(score_words(kept.score, kept.man, kept.side, None))
    check_tree_header(app)


def check_explorer_row(board: AnalysisScreen, note: str) -> None:
    """The explorer's engine column gives the position's best move the number its note gives
    (the kept judgement's, or the board's search's once it has looked as deep)."""
    explorer = board.explorer
    assert explorer is not None
    position = board.position
    # (The board's search restarted under the explorer: it may have no result yet.)
    kept = kept_over(board.known, position, board.analysis)
    if kept is not None and kept.line:
        best = kept.line[0]
    else:
        assert board.analysis is not None and board.analysis.lines
        best = board.analysis.lines[0].move
    figure = explorer.engine_scores(position, board.analysis)[best]
    noted = ai_view(note)
    assert noted is not None, note
    if figure == "even":
        assert is_even(noted), (figure, note)
    else:
        # The column is told from the side to move, the note for the side ahead.
        assert float(figure) * (1 if position.turn is WHITE_SIDE else -1) == noted, (figure, note)


def check_explorer_book(board: AnalysisScreen, texts: dict[str, str]) -> None:
    """The explorer's footer names the opening book's moves (when the position is in the
    book) with the figure the board gives each at the same moment, read as a player reads
    it: the best move the note's (and the bar's) number, a move after which the game keeps a
    judgement as deep as the board's search that judgement's, any other the board's own line
    of it; a move the engine has not judged has no figure (the book builder's own figures
    are never shown beside the board's: the walk of 2026-11-29 read '9-13 (+0.25)' from the
    book where the board's lines left 9-13 out)."""
    explorer = board.explorer
    assert explorer is not None
    book = texts["explorer book"]
    if not BOOK_HEAD.match(book):
        return
    position, analysis = board.position, board.analysis
    mover = position.turn
    lines = {line.move: line for line in analysis.lines} if analysis is not None else {}
    depth = analysis.depth if analysis is not None and analysis.lines else 0
    kept = kept_over(board.known, position, analysis)
    best = (
        kept.line[0]
        if kept is not None and kept.line
        else analysis.lines[0].move
        if kept is None and analysis is not None and analysis.lines and analysis.depth
        else None
    )
    table = {row.move for row in explorer.rows(position, analysis) if row.engine}
    for item in re.split(r", (?=\d+[-x]\d)", BOOK_HEAD.sub("", book)):
        move, _, shown = item.replace("\u00a0", " ").partition(" (")
        after = board.known.get(position.move(Move.from_pdn(move, position)))
        said: str | None = None
        if move == best:
            # ("Engine: ..." alone where no table of games is shown.)
            said = re.split(r"[Ee]ngine: ", texts["explorer engine"], maxsplit=1)[1]
        elif after is not None and (after.database or after.depth >= depth):
            said = score_words(after.score, after.man, after.side, board.human)
        elif move in lines:
            said = line_words(lines[move], mover, board.human)
        if move in table or said is None:
            assert not shown, (item, book)  # the table gives it, or the engine has not judged it
            continue
        expected = ai_view(said)
        assert shown and expected is not None, (item, said)
        # (With its depth where that is not the note's: `even, 1 turn ahead`.)
        figure = re.sub(r", \d+ turns? ahead$", "", shown.removesuffix(")"))
        if figure == "even":
            assert is_even(expected), (item, said)
        elif " for " in figure:  # no table: told for the side ahead, as the note is
            assert ai_view(figure) == expected, (item, said)
        else:
            sign = 1 if mover is WHITE_SIDE else -1
            assert float(figure) * sign == expected, (item, said)


def check_review(app: App, plies: Sequence[int]) -> None:
    """The review of the game: its row of each move gives the number the bar gives for the
    position after it, Why? of each AI move gives it for the move played (and for the best
    move where another was played), and once the review is closed the panel gives it too."""
    screen = screen_of(app)
    game = screen.game
    press(app, pygame.K_g, "g")  # Review game
    pane = screen.review_pane
    assert pane is not None
    run_until(app, lambda: not pane.progress.running)
    after: dict[int, str] = {}
    for ply in plies:
        game.go_to(ply, live_at_end=False)
        app.step(1 / 60)
        review = pane.progress.review_of(ply)
        assert review is not None
        row = pane.verdict(ply)
        after[ply] = row.rsplit("after", 1)[-1]
        assert same_number(after[ply], screen.bar.label()), (row, screen.bar.label())
        if game.config.player(review.side).is_human:
            continue
        press(app, pygame.K_w, "w")
        why = app.screen
        assert isinstance(why, WhyScreen)
        played = why.card.rows[0]
        # The card's rows come from one search at one depth (issue 35): they take the
        # review's deeper numbers where every row compared can, else the review's number of
        # the played move is said apart, ranked against no other row.
        depths = {r.depth for r in why.card.rows if r.depth}
        assert len(depths) <= 1, why.card.rows
        apart = [fact for fact in why.card.facts if fact.startswith("Since then")]
        if review.label is not Label.FORCED:  # (an only move is not scored again)
            assert played.played and not played.bound
            if played.depth == review.after.depth:
                assert same_number(played.score, after[ply]), (played, row)
            else:
                # Said apart, or not said again where it is the played row's own figure.
                said = apart[0] if apart else played.score
                assert same_number(said, after[ply]), (why.card.facts, row)
        if review.best != review.move and played.depth == review.before.depth:
            before = row.split("before", 1)[1].split(", after", 1)[0]
            best = [r for r in why.card.rows[1:] if r.move == review.best.pdn()]
            if best:  # (a move the exact pass did not score is not on the card)
                assert same_number(best[0].score, before), (best[0], row)
        press(app, pygame.K_ESCAPE)
        assert app.screen is screen
    screen.stop_review()
    for ply in plies:
        game.go_to(ply, live_at_end=False)
        app.step(1 / 60)
        shown = [line for line in panel_lines(game).search if line.startswith("Score ")]
        assert shown and same_number(shown[0], after[ply]), (shown, after[ply])


def assert_side_words(game: Game, text: str) -> None:
    """Scores are told as the panel tells them: `for you / for the AI` against the AI, `for
    Black / for White` where both sides are people or both are AIs."""
    against_the_ai = game.mode is Mode.HUMAN_VS_AI
    assert not re.search(r"for (Black|White)\b" if against_the_ai else r"for (you|the AI)\b", text)


def check_tree_header(app: App) -> None:
    """The search tree of the board's position (T, then P): its header gives the game's one
    number in the panel's words; a tree that looked deeper hands its number to the game's
    judgement, and the panel and the bar give it afterwards."""
    screen = screen_of(app)
    game = screen.game
    press(app, pygame.K_t, "t")
    overlay = screen.overlays["tree"]
    assert isinstance(overlay, TreeOverlay)
    press(app, pygame.K_p, "p")  # the position on the board, judged by the engine
    assert overlay.wait_for_search(timeout=300), "the tree's search did not finish"
    app.step(1 / 60)
    app.step(1 / 60)
    view = overlay.view
    assert view is not None and view.tree.root.position == game.position
    header = view.header_text()
    assert_side_words(game, header)
    shown = panel_score(game)
    # The position's score where the game's judgement stands over the tree's own (said apart,
    # after the tree's own best move and its figure), else the tree's.
    position = header.split("The position's score: ", 1)[-1]
    assert shown is not None and ai_view(position) == shown == ai_view(screen.bar.label()), header
    press(app, pygame.K_ESCAPE)
    assert screen.card != "tree"


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
def test_every_surface_gives_one_number_for_each_position_against_each_level(
    make_app: Callable[..., App], level: Level
) -> None:
    app = make_app(quick_config(PlayerConfig(), PlayerConfig(quick(level))))
    game = screen_of(app).game
    game.play(min(game.position.legal_moves(), key=Move.pdn))
    run_until(app, settled(app, game, 2))
    check_position(app)


def test_every_surface_gives_one_number_in_a_game_between_a_weak_and_a_strong_level(
    make_app: Callable[..., App],
) -> None:
    weak, strong = get_level("casual"), quick(get_level("strong"))
    config = quick_config(PlayerConfig(weak), PlayerConfig(strong), ai_delay=0)
    app = make_app(config)
    game = screen_of(app).game
    game.toggle_pause()  # one move at a time, as a player steps through it
    for ply in (1, 2, 3):
        game.step()
        run_until(app, settled(app, game, ply))
        check_position(app, hint=False)
    # The review: its row for each move gives the number the bar shows after it, and once the
    # review is closed the panel shows the same (its deeper searches joined the judgement).
    screen = screen_of(app)
    press(app, pygame.K_g, "g")  # Review game
    pane = screen.review_pane
    assert pane is not None
    run_until(app, lambda: not pane.progress.running)
    after: dict[int, float | None] = {}
    for ply in (1, 2, 3):
        game.go_to(ply, live_at_end=False)
        app.step(1 / 60)
        row = pane.verdict(ply)
        after[ply] = ai_view(row.rsplit("after", 1)[-1])
        assert after[ply] is not None and after[ply] == ai_view(screen.bar.label()), row
    screen.stop_review()
    for ply in (1, 2, 3):
        game.go_to(ply, live_at_end=False)
        app.step(1 / 60)
        assert panel_score(game) == after[ply]


def test_every_surface_gives_the_databases_result_in_a_game_that_reaches_them(
    make_app: Callable[..., App],
) -> None:
    # Two kings against one: the AI's move, the panel, the bar, Why?, the hint and the analysis
    # board all say the databases' one result, in the same number of moves.
    start = Position.from_fen("W:WK1:BK10,K19")
    app = make_app(
        quick_config(PlayerConfig(), PlayerConfig(quick(get_level("club"))), start=start)
    )
    screen = screen_of(app)
    game = screen.game
    run_until(app, settled(app, game, 1))
    moves = re.compile(r"in (\d+) moves?")

    def said(text: str) -> str:
        found = moves.search(text)
        assert found is not None, text
        return found.group(1)

    panel = [line for line in panel_lines(game).search if line.endswith("(endgame databases)")]
    assert panel and "win" in panel[0]
    count = said(panel[0])
    assert said(screen.bar.label()) == count
    press(app, pygame.K_w, "w")
    why = app.screen
    assert isinstance(why, WhyScreen)
    assert why.card.rows[0].verdict == f"database loss in {count} moves"
    press(app, pygame.K_ESCAPE)
    game.request_hint()
    run_until(app, lambda: game.hint is not None and app.ai.pending is None)
    assert f"database win in {count} moves for you" in game.status
    press(app, pygame.K_a, "a")
    board = app.screen
    assert isinstance(board, AnalysisScreen)
    run_until(app, lambda: board.analysis is not None)
    evaluation = board.evaluation()
    assert evaluation is not None and said(evaluation[1]) == count
    assert board.engine_lines()[0] == "Known from the endgame databases"
    # The explorer (O): its note and its column's best move say the same count.
    press(app, pygame.K_o, "o")
    explorer = board.explorer
    assert explorer is not None
    run_until(app, lambda: board.analysis is not None)
    assert board.analysis is not None
    note = explorer.engine_note(board.position, board.analysis)
    assert note.endswith("(databases)") and said(note) == count, note
    column = explorer.engine_scores(board.position, board.analysis)
    assert said(column[board.analysis.lines[0].move]) == count, column
    press(app, pygame.K_ESCAPE)
    assert app.screen is screen
    # The review: its row of the AI's move gives the count after it, as the bar does.
    press(app, pygame.K_g, "g")
    pane = screen.review_pane
    assert pane is not None
    run_until(app, lambda: not pane.progress.running)
    game.go_to(1, live_at_end=False)
    app.step(1 / 60)
    row = pane.verdict(1)
    assert said(row.rsplit("after", 1)[-1]) == count == said(screen.bar.label()), row


def test_why_and_the_review_give_one_number_for_the_positions_of_an_ai_move(
    make_app: Callable[..., App],
) -> None:
    # The AI (on a short clock) looks less deep than the review: once the review has judged the
    # game, Why? of an AI move reads the review's deeper judgement of the position the move led
    # to (the best reply's number), and of the best move where it was not the move played.
    app = make_app(quick_config(PlayerConfig(), PlayerConfig(quick(get_level("club")))))
    game = screen_of(app).game
    for ply in (2, 4):
        game.play(min(game.position.legal_moves(), key=Move.pdn))
        run_until(app, settled(app, game, ply))
    check_review(app, (1, 2, 3, 4))


SHOT = "W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1"
"""A middle game, White (the AI) to move, with a shot that starts with a quiet move (28-24
... 14-10 gives a man to take more: `tests/test_coach_ideas_books.py`)."""


@pytest.mark.parametrize("start", [None, SHOT], ids=["start", "shot"])
def test_one_position_reads_one_number_on_the_panel_bar_why_board_explorer_and_review(
    make_app: Callable[..., App], start: str | None
) -> None:
    fields = {"start": Position.from_fen(start)} if start is not None else {}
    app = make_app(quick_config(PlayerConfig(), PlayerConfig(quick(get_level("club"))), **fields))
    game = screen_of(app).game
    if game.is_human_turn():
        game.play(min(game.position.legal_moves(), key=Move.pdn))
    plies = len(game.record.line) + (0 if game.is_human_turn() else 1)
    run_until(app, settled(app, game, plies))
    check_position(app)
    check_review(app, range(1, plies + 1))
