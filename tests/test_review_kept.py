"""The review adopts the game's kept judgement of a position where it is at least as deep as its
own search (issue 35, "one judgement of a position, kept for the game"): one position then reads
the same in the review as on the panel, the bar and Why?."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from checkers.ai import Limits
from checkers.ai.registry import search
from checkers.ai.search import WIN, SearchRequest
from checkers.board import INITIAL_FEN, Move, Position
from checkers.coach.judgement import Judgement, Judgements
from checkers.gui.review_model import ReviewProgress, review_verdict
from checkers.gui.wording import score_words
from checkers.review import MoveReview, ReviewSetting, adopted, review_moves, summarize

SETTING = ReviewSetting(Limits(depth=4))


def _game() -> tuple[Position, list[Move], list[Position]]:
    start = Position.from_fen(INITIAL_FEN)
    moves, positions, at = [], [start], start
    for text in ("11-15", "23-19", "8-11"):
        move = Move.from_pdn(text, at)
        moves.append(move)
        at = at.move(move)
        positions.append(at)
    return start, moves, positions


def _judged(position: Position, depth: int) -> Judgement:
    """What a game's search at `depth` keeps of `position` (the engine's units, its line)."""
    found = search(SearchRequest(position), Limits(depth=depth))
    line = tuple(move.pdn() for move in found.pv)
    return Judgement(found.score, SETTING.man, position.turn, found.depth, found.database, line)


def test_a_deeper_kept_judgement_is_the_reviews_score_of_that_position() -> None:
    start, moves, positions = _game()
    deeper = _judged(positions[2], 7)
    reviews = list(review_moves(start, moves, SETTING, known={positions[2]: deeper}))
    # The position after 23-19: the review of 23-19 says after it what the game kept, and so
    # does the review of 8-11 before it (one search of each position, shared), both from the
    # side to move there.
    assert reviews[1].after.score == deeper.score
    assert reviews[1].after.depth == 7
    assert reviews[2].before.score == deeper.score
    assert [move.pdn() for move in reviews[2].before.line] == list(deeper.line)
    assert reviews[2].before.best == Move.from_pdn(deeper.line[0], positions[2])
    # The other positions are the review's own depth.
    assert reviews[0].before.depth == 4 and reviews[2].after.depth == 4


def test_a_shallower_or_lineless_judgement_is_searched_again() -> None:
    start, moves, positions = _game()
    shallow = _judged(positions[2], 2)
    assert adopted(positions[2], shallow, SETTING) is None
    lineless = Judgement(shallow.score, SETTING.man, positions[2].turn, 9)
    assert adopted(positions[2], lineless, SETTING) is None
    reviews = list(review_moves(start, moves, SETTING, known={positions[2]: shallow}))
    assert reviews[1].after.depth == 4
    # A forced result known only as a bound (carried from the position before) is no proof of
    # its own: searched again (walk 2026-12-01ag: the note's "wins in 9 moves" beside the
    # analysis board's proven 8).
    bound = Judgement(WIN - 17, SETTING.man, positions[2].turn, 0, line=shallow.line, at_most=True)
    assert adopted(positions[2], bound, SETTING) is None
    assert adopted(positions[2], dataclasses.replace(bound, at_most=False), SETTING) is not None


def test_a_judgement_in_men_from_the_other_side_is_told_in_the_reviews_units() -> None:
    _, _, positions = _game()
    position = positions[1]  # White to move
    line = ("22-18", "15x22")
    kept = Judgement(0.25, 1.0, position.turn.opponent, 10, line=line)  # +0.25 for Black
    found = adopted(position, kept, SETTING)
    assert found is not None
    assert found.score == -0.25 * SETTING.man and found.depth == 10
    assert found.best == Move.from_pdn("22-18", position)


def test_a_deeper_judgement_kept_after_the_review_is_said_on_its_row() -> None:
    """The walk of 2026-11-29d: the review kept +0.55 for a position where the analysis board
    had since found +0.75 looking 21 turns ahead, two silent numbers for one position. The
    review's row keeps its own figures (its labels come from them) and says the deeper one,
    with its depth; a judgement no deeper than the review's own adds nothing."""
    start, moves, positions = _game()
    reviews = list(review_moves(start, moves, SETTING))
    progress = ReviewProgress(start, tuple(moves), SETTING.man)
    for review in reviews:
        progress.add(review)
    own = reviews[1].after  # the review's search of the position after 23-19, Black to move
    assert own.depth == 4
    deeper = Judgement(own.score + 0.3 * SETTING.man, SETTING.man, positions[2].turn, 9)
    known = Judgements({positions[2]: deeper})
    plain = progress.panel_words(2)
    said = progress.panel_words(2, known)
    words = score_words(deeper.score, deeper.man, deeper.side, None)
    assert words not in plain[2] and "deeper" not in " ".join(plain)
    assert said[2].startswith(plain[2])
    assert f"A deeper look since gives {words} (9 turns ahead) after it" in said[2]
    # The next move's row says it of the position before it, and Why?'s sentence too.
    assert f"{words} (9 turns ahead) before the move" in progress.panel_words(3, known)[2]
    assert "9 turns ahead" in review_verdict(reviews[2], SETTING.man, None, known)
    # As deep as the review's own search: its row stands alone.
    level = Judgements({positions[2]: dataclasses.replace(deeper, depth=4)})
    assert progress.panel_words(2, level) == plain
    # A forced result found no deeper than the review's search still stands over its score,
    # and is said as what it is, a proof, not a deeper look (walk 2026-11-30t: the analysis
    # board's "Black wins in 9 moves" at the review's own 15 turns).
    proof = Judgement(WIN - 17, SETTING.man, positions[2].turn, 4)
    said = progress.panel_words(2, Judgements({positions[2]: proof}))
    assert said[2].endswith("A look since proves Black wins in 9 moves (4 turns ahead) after it")


def _kept(reviews: list[MoveReview], known: Judgements) -> None:
    """What the window keeps of a review (`ReviewPane._judge`): both positions of each move."""
    for review in reviews:
        for position, found, side in (
            (review.position, review.before, review.side),
            (review.position.move(review.move), review.after, review.side.opponent),
        ):
            line = tuple(move.pdn() for move in found.line)
            judged = Judgement(found.score, SETTING.man, side, found.depth, found.database, line)
            known.judge(position, judged)


def test_a_review_run_again_reads_the_same_and_says_how_far_it_looked() -> None:
    """The walk of 2026-11-30d reviewed one game twice and read 92% then 94% with no depth
    beside either: the second review had adopted deeper looks the game took in between. Run
    again with only its own looks kept, a review gives the same scores, labels and accuracy;
    the table's corner says how far it looked, and a deeper kept look widens that."""
    start, moves, positions = _game()
    known = Judgements()
    first = list(review_moves(start, moves, SETTING, known=known))
    _kept(first, known)
    again = list(review_moves(start, moves, SETTING, known=known))
    assert [(r.before.score, r.after.score, r.label) for r in again] == [
        (r.before.score, r.after.score, r.label) for r in first
    ]
    progress = ReviewProgress(start, tuple(moves), SETTING.man, reviews=again, state="done")
    assert progress.looked_words() == "Looked 4 turns ahead"
    assert summarize(again) == summarize(first)
    known.judge(positions[2], _judged(positions[2], 7))
    deeper = list(review_moves(start, moves, SETTING, known=known))
    progress = ReviewProgress(start, tuple(moves), SETTING.man, reviews=deeper, state="done")
    assert progress.looked_words() == "Looked 4 to 7 turns ahead"


def test_the_strips_depths_hold_every_depth_a_moves_note_names() -> None:
    """Walk 2026-12-01x: the strip said "Looked 14 turns ahead" and the note on 3. 12-16??
    "(looked 14 and 15 turns ahead)": the score before the forced 19x12 counts a ply more."""
    start = Position.from_fen(INITIAL_FEN)
    moves, at = [], start
    for text in ("11-15", "24-19", "15x24", "28x19", "12-16", "19x12"):
        moves.append(Move.from_pdn(text, at))
        at = at.move(moves[-1])
    reviews = list(review_moves(start, moves, SETTING))
    progress = ReviewProgress(start, tuple(moves), SETTING.man, reviews=reviews, state="done")
    strip = progress.looked_words()
    named = set()
    for ply in range(1, len(moves) + 1):
        for line in progress.panel_words(ply):
            found = re.search(r"\(looked ([\d and]+) turns? ahead\)", line)
            if found:
                named |= {int(depth) for depth in found[1].split(" and ")}
    assert named and max(named) > min(named), named  # the forced move's ply more is named
    assert strip == f"Looked {min(named)} to {max(named)} turns ahead", (strip, named)


def test_checkers_review_of_a_saved_game_adopts_the_judgements_its_file_keeps(
    tmp_path: Path,
) -> None:
    """A game the window saved keeps its judgements after its moves: `checkers review` of the
    file adopts them as the window's review of the game did, so both read one number."""
    import io
    import json

    from checkers.cli import main
    from checkers.formats.judged import judged_tag
    from checkers.formats.pdn import game_from_record, write_game
    from checkers.record import GameRecord

    start, moves, positions = _game()
    # The file's judgement of the position after 23-19, two men better for the side to move
    # than any search finds: a row that reads it is the file's, not a search's.
    found = _judged(positions[2], 7)
    deeper = dataclasses.replace(found, score=found.score + 2 * found.man)
    record = GameRecord.replay(moves, start)
    path = tmp_path / "kept.pdn"
    tags = judged_tag(record, Judgements({positions[2]: deeper}))
    path.write_text(write_game(game_from_record(record, tags)), encoding="utf-8")
    out = io.StringIO()
    argv = ["review", str(path), "--depth", "4", "--jobs", "1", "--format", "json"]
    assert main(argv, out) == 0
    rows = json.loads(out.getvalue())["moves"]
    by_review = list(review_moves(start, moves, SETTING, known={positions[2]: deeper}))
    figures = [(row["score"], row["loss"]) for row in rows]
    assert figures == [(round(r.score, 2), r.loss and round(r.loss, 2)) for r in by_review]
    alone = list(review_moves(start, moves, SETTING))
    assert figures != [(round(r.score, 2), r.loss and round(r.loss, 2)) for r in alone]


def test_the_reviews_judgements_of_a_marked_move_go_with_its_mark_in_the_file() -> None:
    # Walk 2026-12-01ah: a relaunched game kept the review's "?" and not its figures, and Why?
    # of the move read a card made then. The file keeps the review's judgements of the
    # positions before and after each marked move, and only those.
    from checkers.formats.judged import (
        JUDGED_LINE_MOVES,
        REVIEWED_TAG,
        marks_tag,
        restore_marks,
        restore_reviewed,
    )
    from checkers.record import GameRecord

    start, moves, positions = _game()
    record = GameRecord.replay(moves, start)
    judged = {position: _judged(position, 14) for position in positions}
    # (A file keeps each line's first moves, as the panel names them.)
    judged = {
        position: dataclasses.replace(judgement, line=judgement.line[:JUDGED_LINE_MOVES])
        for position, judgement in judged.items()
    }
    tags = marks_tag({3: ("mistake", moves[2].pdn())}, record, judged)
    assert tags[REVIEWED_TAG].count(";") == 1  # plies 2 and 3: before and after the move
    read = restore_reviewed(record, dict(tags))
    assert dict(read) == {positions[2]: judged[positions[2]], positions[3]: judged[positions[3]]}
    assert restore_marks(record, dict(tags)) == {3: ("mistake", moves[2].pdn())}
    # Those the game's own judgements keep as they are are not written twice: read from them.
    assert REVIEWED_TAG not in marks_tag({3: ("best", moves[2].pdn())}, record, judged, judged)
    read = restore_reviewed(record, {}, [3], judged)
    assert dict(read) == {positions[2]: judged[positions[2]], positions[3]: judged[positions[3]]}
    # A damaged entry costs that judgement only (the card is then one made now).
    damaged = {**tags, REVIEWED_TAG: tags[REVIEWED_TAG].replace(" 14 ", " x ", 1)}
    assert dict(restore_reviewed(record, damaged)) == {positions[3]: judged[positions[3]]}
