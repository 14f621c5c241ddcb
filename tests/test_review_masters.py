"""Reviews of published master games hold no contradiction (issue 35): no mistake or blunder
after which the mover still wins by force, no loss in men beside a forced result or larger than
the board holds, no forced win that vanishes after good replies, and a side's accuracy that
agrees with its labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from checkers.ai.search import Limits, is_win_score
from checkers.formats.pdn import PdnGame, read_games
from checkers.review import Label, MoveReview, ReviewSetting, review_moves, summarize

MASTERS = Path(__file__).parent / "data" / "masters.pdn"
SETTING = ReviewSetting(Limits(depth=6))
GOOD = (Label.BEST, Label.GOOD, Label.FORCED, Label.BOOK)


def _games() -> list[PdnGame]:
    return read_games(MASTERS.read_text(encoding="utf-8"))


def _wins(score: float) -> bool:
    return is_win_score(score) and score > 0


@pytest.mark.parametrize("number", range(1, 7))
def test_a_master_games_review_holds_no_contradiction(number: int) -> None:
    game = _games()[number - 1]
    rows: list[MoveReview] = list(review_moves(game.start, game.moves, SETTING))
    assert len(rows) == len(game.moves)
    for index, row in enumerate(rows):
        played = -row.after.score
        if row.label in (Label.MISTAKE, Label.BLUNDER):
            assert not _wins(played), (row.ply, row.move.pdn(), "still wins")
        if is_win_score(row.before.score) or is_win_score(played):
            assert row.loss is None, (row.ply, "men beside a forced result")
        elif row.loss is not None:
            assert row.loss <= 2 * len(row.position.piece_map()), (row.ply, row.loss)
        if index + 2 >= len(rows):
            continue
        later = rows[index + 2]
        kept = row.move == row.best and row.label in GOOD and rows[index + 1].label in GOOD
        if _wins(row.before.score) and kept:
            assert _wins(later.before.score), (row.ply, "a forced win vanished")
    for side, summary in summarize(rows).items():
        blunders = summary.labels[Label.BLUNDER]
        if blunders and summary.accuracy is not None:
            assert summary.accuracy < 95.0, (side, "a blunder beside a near-perfect accuracy")


def test_the_collection_is_what_its_header_says() -> None:
    games = _games()
    assert len(games) == 6
    # At least two played out to a late ending.
    late = [game for game in games if len(game.moves) >= 57]
    assert len(late) >= 2
