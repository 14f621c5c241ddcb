"""A finished review: its status line says how far the look for puzzles is, and its mistake buttons
are enabled exactly where they go somewhere."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_gui_review import reviewed_blunder_game, wait_for

from checkers.gui.app import App
from checkers.gui.game_view.review import ReviewPane

# The window's processes search on the compiled core here: reviews search long, many times
# slower on the Python engine (tests/conftest.py's make_app).
pytestmark = pytest.mark.compiled


def test_the_status_line_counts_the_moves_searched_for_puzzles(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-11-30k: "Looking for puzzles in it..." stood for over a minute on a first
    # review (the core compiling), with nothing said of how far the look was.
    app, pane = reviewed_blunder_game(make_app, autosave=True)
    seen: list[str] = []

    def puzzles_said() -> bool:
        status = app.screen.game.status  # type: ignore[attr-defined]
        if not seen or seen[-1] != status:
            seen.append(status)
        return "Looking for puzzles" not in status and "uzzle" in status

    wait_for(app, puzzles_said, "the review's puzzles")
    # Each status the look showed starts with the review's end, once, then the count.
    for status in seen:
        assert status.startswith(ReviewPane.DONE), status
        assert status.count(ReviewPane.DONE) == 1 and status.count("Looking for") <= 1, status
    # (The look's words are the process's: whatever frames they fell in, they read whole.)
    pane._say_looking(1, 3)
    status = app.screen.game.status  # type: ignore[attr-defined]
    assert status.startswith(
        "Review done. Looking for puzzles in it: 1 of 3 moves that went wrong... "
    )
    assert status.count("Looking for") == 1
    pane._say_looking(2, 3)
    status = app.screen.game.status  # type: ignore[attr-defined]
    assert "2 of 3 moves" in status and "1 of 3" not in status and status.count("Looking") == 1


def test_the_mistake_buttons_are_enabled_exactly_where_they_go_somewhere(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-11-30l: "Previous mistake" was enabled with only an inaccuracy before the move
    # (it answered "No mistake or blunder before this move."), "Next mistake" greyed beside it.
    app, pane = reviewed_blunder_game(make_app)
    game = app.screen.game  # type: ignore[attr-defined]
    assert pane.progress.marked(), "the planted blunder is marked"
    for ply in range(len(game.record.line) + 1):
        for name, direction in (("previous", -1), ("next", +1)):
            game.go_to(ply)
            pane.sync()
            enabled = pane.widgets[name].is_enabled
            pane.jump(direction)
            assert enabled == (game.record.ply != ply), (name, ply, game.status)
