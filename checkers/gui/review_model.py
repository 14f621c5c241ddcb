"""What the window's game review shows, decided without pixels: the moves reviewed so far, the
marks and their symbols, the evaluation graph's points and where its marks go, the score of the
position shown, the words for the move shown, the per-side table, and the jumps to the next or
previous marked move.

Pure Python (no pygame), so it is tested headless; checkers.gui.game_view.review draws it.
One score per position, as the rest of the window tells it (checkers.gui.wording.score_words):
the engine's, in men, from the player's side in a game against the AI, else from Black's (the
graph) or the mover's (the words). The review searches each position once, and while it is
open that search is the position's score, even where the AI searched deeper during play: a
move's loss is the difference of the scores before and after it, so the graph, the evaluation
bar and the panel's "before the move" and "after it" all read `ReviewProgress.position_score`.
The graph's height is `graph_share`: a man's loss moves it a good way, a won game is near the top.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from checkers.ai.search import is_win_score
from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.coach.explain import win_in_moves
from checkers.coach.idea import pieces_words
from checkers.coach.judgement import Judgement, standing
from checkers.coach.teaching import WEAKER_BESIDES
from checkers.gui.wording import (
    database_note,
    depth_words,
    moves_count,
    plural,
    score_words,
    side_words,
)
from checkers.notation import depth_span, men_count, men_text, numbered_moves
from checkers.review import (
    Label,
    MoveReview,
    PositionScore,
    chances_words,
    expected_result,
    lesson_words,
    milder_words,
    one_ply_on,
    settled,
    summarize,
    to_men,
)

__all__ = [
    "MARKED",
    "SEVERITY",
    "SYMBOLS",
    "TABLE_HEADINGS",
    "GraphBox",
    "ReviewProgress",
    "deeper_words",
    "graph_points",
    "graph_share",
    "mark_boxes",
    "move_words",
    "ply_at",
    "quiet_cut",
    "review_verdict",
]


def graph_share(men: float) -> float:
    """Where a score in men goes on the graph, from -1 (the bottom) to +1 (the top): the
    expected result the review's labels are measured on (checkers.review.expected_result,
    fitted to master games), as lichess draws its winning chance, 2 * expected - 1. Even is the
    middle; a man ahead (0.86 of a point) is 72% of the way up, two men 95%, a forced win the
    top. A man lost from even moves the curve 36% of the graph's height, where the straight
    scale to +/-4 men moved it an eighth, and a won game no longer flattens the rest."""
    return 2.0 * expected_result(men) - 1.0


MARKED = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)
"""The labels marked in the move list and on the graph, and visited by the mistake keys."""

SEVERITY = {label: rank for rank, label in enumerate(MARKED)}
"""How bad a marked label is (a blunder is the worst): where marks overlap, the worst is on top."""

SYMBOLS = {Label.INACCURACY: "?!", Label.MISTAKE: "?", Label.BLUNDER: "??"}
"""The annotators' signs: readable without colour (the high-contrast theme, colour blindness)."""

TABLE_HEADINGS = ("", "Accuracy", "Inaccuracies", "Mistakes", "Blunders")
"""The per-side table's column headings (the first column names the side)."""


def _who(side: Side, human: Side | None) -> str:
    """`You` / `The AI` in a game against the AI, else `Black` / `White`: `side_words` at the
    head of a sentence."""
    words = side_words(side, human)
    return words[0].upper() + words[1:]


def _was(who: str) -> str:
    """`were` after `You`, else `was` (walk 2026-12-01af read "You was far behind already")."""
    return "were" if who == "You" else "was"


def _loss_words(review: MoveReview, man: float, human: Side | None, who: str) -> str:
    """What a move that was not the best cost, in a player's words: a proven result won or
    lost says so (a forced loss is not '12.90 men'); otherwise the men it gave away."""
    after = review.after.score  # from the opponent's view, after the move
    opponent = review.side.opponent
    # The result after the move in the words the scores' line gives it (`database win in 4
    # moves for Black`, `White wins in 3 moves`, `+0.30 for Black`): one wording for both.
    now = _score_words(review.after, man, opponent, human)
    proven = "database" if review.before.database else "forced"
    before, played = review.before.score, -after
    # The best move keeps a forced result one ply nearer; anything else is slower or sooner.
    slower = played < one_ply_on(before)
    if is_win_score(before) and before < 0 and is_win_score(played) and played < 0:
        if slower:  # lost before the move already: what changed is how soon
            return f"{who} {_was(who)} lost already, and this loses sooner"
        return f"{who} kept the result: {now}"
    if review.into_a_loss_cheaply:
        # Not "walked into": the review found no forced loss before the move, which proves
        # none absent, and the expected result hardly fell (walk 2026-11-30l).
        return f"{who} {_was(who)} far behind already: after the move {now}"
    if is_win_score(played) and played < 0:
        return (
            f"{who} walked into a {'database' if review.after.database else 'forced'} loss: {now}"
        )
    if is_win_score(before) and before > 0:
        if is_win_score(played) and played > 0:  # still a win, not a thrown one
            if not slower:
                return f"{who} kept the {proven} win"
            # How much longer, in the counts the note gives: "a longer one" beside "before
            # you win in 11 moves, after you win in 11 moves" read as no change (walk
            # 2026-12-01x); the count before includes the move itself.
            fastest, left = win_in_moves(before) - 1, win_in_moves(played)
            longer = plural(left - fastest, "move") if left > fastest else "a little"
            return (
                f"{who} kept the {proven} win, {longer} longer: {left} to go after it, where"
                f" the fastest left {fastest}"
            )
        return f"{who} let a {proven} win go: {now}"
    if review.loss is None:  # a lost game stays lost, a won one won: nothing of it changed
        return f"{who} kept the result: {now}"
    lost = f"{who} lost {men_count(review.loss)}"
    taught = review.lesson
    if not taught.given:
        return lost
    # The men the opponent's line takes, said as what the figure is made of: the line shown
    # ends with no capture pending and its count never exceeds what the figure rounds to
    # (checkers.coach.teaching.men_given).
    line = " ".join(move.pdn() for move in taught.given_line)
    words = f"{lost}: {review.move.pdn()} gives up {pieces_words(taught.given)} to {line}"
    if review.loss > taught.given + WEAKER_BESIDES:
        words += ", and the position after it is weaker besides"
    return words


def _as_good(review: MoveReview) -> bool:
    """Whether the move scores as the best does though it is not the best: another move the
    review's search scores the same (`lost 0.00 men` beside a better line would contradict
    itself)."""
    if review.move == review.best:
        return False
    return review.label is Label.BEST or (review.loss is not None and round(review.loss, 2) == 0)


def _said(review: MoveReview) -> bool:
    """Whether the loss's words already say the lesson's count of men given up."""
    return bool(review.lesson.given) and review.loss is not None


def deeper_words(
    review: MoveReview,
    man: float,
    human: Side | None,
    known: Mapping[Position, Judgement] | None,
) -> str:
    """What a deeper judgement the game keeps of the position before or after the move says,
    where it gives another figure than the review's search of it (`the engine looked 21 turns
    ahead since: +0.75 for you before the move`), or '': the review's labels and losses come
    from its own figures (issue 35, section 3), and a deeper number for one of its positions is
    said beside them, never left as a second silent number (walk 2026-11-29d: the review kept
    +0.55 where the analysis board had found +0.75 looking 21 turns ahead)."""
    if not known:
        return ""
    parts = []
    deeper = []
    after_position = review.position.move(review.move)
    for position, found, side, when in (
        (review.position, review.before, review.side, "before the move"),
        (after_position, review.after, review.side.opponent, "after it"),
    ):
        kept = known.get(position)
        if kept is None or found.best is None:
            continue
        forced = win_in_moves(found.score) if is_win_score(found.score) else None
        rank = standing(found.database, forced, found.depth)
        if kept.rank() <= rank:
            continue
        words = score_words(kept.score, kept.man, kept.side, human)
        if kept.database:
            words = database_note(kept.score, kept.side, human)
        if words == _score_words(found, man, side, human):
            continue
        looked = "" if kept.database else f" ({depth_words(kept.depth)})"
        parts.append(f"{words}{looked} {when}")
        deeper.append(not kept.database and kept.depth > found.depth)
    if not parts:
        return ""
    # A forced or database result stands over a score however far its search looked: one
    # found no deeper than the review's own is a proof, not a deeper look (the analysis
    # board's "Black wins in 9 moves", 15 turns ahead, beside the review's 15: walk t).
    lead = "A deeper look since gives" if all(deeper) else "A look since proves"
    return f"{lead} {' and '.join(parts)}"


def move_words(
    review: MoveReview,
    man: float,
    human: Side | None,
    known: Mapping[Position, Judgement] | None = None,
    depth: bool = True,
) -> tuple[str, ...]:
    """The panel's lines for a move reviewed: the move and its label, the loss, the best move
    with the scores before and after the move (the review's searches of the two positions,
    the graph's and the bar's; told as the rest of the window tells a score: `man` is a man in
    the search's units, `human` the player against the AI or None; `depth`: with how far the
    searches looked), and the better line."""
    symbol = review.mark
    played = numbered_moves([review.move], review.side is BLACK, review.move_number)
    head = f"{played}{symbol}  {review.verdict}"
    lead, lost, tail = _loss_parts(review, man, human)
    loss = _after_loss(review, f"{lead}{lost}{tail}", human)
    # The bar shows the position after the move: the same search's score, and, for a move
    # that was not the best, the one before it, whose difference is the loss above.
    after = _score_words(review.after, man, review.side.opponent, human)
    # How far the review's search looked, beside its figures: the panel in play and the
    # analysis board give their own depth with theirs (walk 2026-11-30c: the panel's "even"
    # in play and the review's +0.35 for one position, one of them with no depth).
    far = _looked(review) if depth else ""
    looked = f" (looked {far})" if far else ""
    if review.move == review.best:
        best = f"After the move {after}{looked}"
    else:
        # The loss above is the difference of these two figures: an `even` one gives its
        # figure too, or `even` and `+0.30 for you` would read as 0.30 lost beside 0.15.
        before = _figure_words(review.before, man, review.side, human)
        after = _figure_words(review.after, man, review.side.opponent, human)
        # A move that lost nothing is compared, not told another move was best (walk
        # 2026-12-01ag: "at least as good as 22-18" over "Best 22-18").
        lost_nothing = review.loss is not None and review.loss <= 0
        named = "Compared with" if _as_good(review) or lost_nothing else "Best"
        best = f"{named} {review.best.pdn()}; before {before}, after {after}{looked}"
    line = tuple(move.pdn() for move in review.before.line)
    better = ""
    # A lesson that already shows the better line (what the move missed) is not repeated:
    # a small window's panel has no row to spare.
    shown = any(idea.line and line[: len(idea.line)] == idea.line for idea in review.lesson.ideas)
    if review.best != review.move and not _as_good(review) and line and not shown:
        # The moves the preview (B) plays, no more: one length in both (`quiet_cut`).
        better = "Better line: " + " ".join(line[: quiet_cut(review.before.line)])
    deeper = deeper_words(review, man, human, known)
    if deeper:
        # Said with the review's own figures, on their row: one position, two numbers, the
        # deeper one named as such.
        best = f"{best}. {deeper}"
    return (head, loss, best, better)


def _loss_parts(review: MoveReview, man: float, human: Side | None) -> tuple[str, str, str]:
    """The panel's loss row in three parts: the label's own words before (`in the opening
    book; `), what the move lost (`White lost 0.25 men`), and the label's words after (`: the
    best move`). Why?'s sentence of the row names the label itself and says only the middle."""
    who = _who(review.side, human)
    # A fact about the move, not why its player chose it: a Novice's 23-18 is in the book, and
    # Why? says the Novice chose it by its own search (walk 2026-11-30r read two reasons).
    book = "in the opening book"
    if review.label is Label.FORCED:
        return "", "the only legal move", ""
    if review.label is Label.BOOK and _as_good(review):
        return f"{book}, ", f"as good as {review.best.pdn()}", ""
    if review.label is Label.BOOK and review.move != review.best:
        # A book move the review's search scores lower still shows what the two figures say.
        given = _loss_words(review, man, human, who)
        lowered = given if given.startswith(("Black", "White")) else given[:1].lower() + given[1:]
        return f"{book}; ", lowered, ""
    if review.label is Label.BOOK:
        return book, "", ""
    if review.move == review.best:
        return "", f"{who} lost nothing", ": the best move"
    if _as_good(review):  # another move scores the same: no better line to show
        # Scored above the best from after the move (a turn further): "at least as good as",
        # as Why? says it (walk 2026-12-01ab: "as good as 25-21" beside before +0.60, after
        # +0.85).
        above = "at least " if round(review.played, 2) > round(review.score, 2) else ""
        return "", f"{who} lost nothing: {above}as good as {review.best.pdn()}", ""
    return "", _loss_words(review, man, human, who), ""


def _after_loss(review: MoveReview, loss: str, human: Side | None) -> str:
    """The panel's loss row from what the move lost (`loss`): with the label's milder reading
    by the change in expected result, then what the move walked into, missed or found, which
    alone is said of the best move (its heading says it was the best)."""
    milder = milder_words(review, _who(review.side, human))
    if milder:
        # The label follows the change in expected result: said where the men alone would
        # read as another label (walk 2026-11-29c: "lost 2.15 men" called only a mistake;
        # walk 2026-12-01ai: 0.90 men a blunder). After the men's line, a sentence of its own.
        loss += f". {milder[0].upper()}{milder[1:]}" if ": " in loss else f": {milder}"
    taught = lesson_words(review, note=not _said(review))
    if not taught:
        return loss
    taught = f"{taught[0].upper()}{taught[1:]}"
    # The best move: what it found is the news (a small window's panel has no row to spare).
    return taught if review.move == review.best or not loss else f"{loss}. {taught}"


BETTER_MOVES = 8
"""How many moves of the better line the panel shows, about: a line is cut where it is quiet."""
FINISH_MOVES = 4
"""How many more moves the panel's better line may take to finish an exchange under way."""


def quiet_cut(line: Sequence[Move], most: int = BETTER_MOVES, reach: int = FINISH_MOVES) -> int:
    """How many moves of `line` to show: all of a line of `most` or fewer; else `most` if no
    capture is pending after them (captures are compulsory: the next move taking means one
    is), else past the exchange under way once it is over (at most `reach` more moves), else
    back to the last quiet point before `most`; `most` where there is none (captures all
    along). A cut in an exchange (`22-17 9-14 17-13 11-16 24-20 16x23 27x18x11 7x16`, with
    20x11 to come) tells a wrong story: White is a man down in it."""
    if len(line) <= most:
        return len(line)
    quiet = [k for k in range(1, len(line)) if not line[k].is_capture]
    later = [k for k in quiet if most <= k <= most + reach]
    if later:
        return later[0]
    if len(line) <= most + reach:
        return len(line)  # the exchange runs to the line's end: the whole line
    earlier = [k for k in quiet if k < most]
    return earlier[-1] if earlier else most


DRAWN_HERE = "a draw: the game ends here"
"""A reviewed position where the rules drew the game (a repetition, the 40-move count)."""


def _score_words(found: PositionScore, man: float, side: Side, human: Side | None) -> str:
    """A reviewed position's score in words: the databases' result where they gave it, a draw
    where the rules ended the game in one (the bar says `draw` there, not `even`: walk
    2026-11-30g, shot 82)."""
    if found.best is None and found.score == 0.0 and not found.database:
        return DRAWN_HERE
    if found.database:
        return database_note(found.score, side, human)
    return score_words(found.score, man, side, human)


def _review_depths(review: MoveReview) -> list[int]:
    """How far the review's searches behind a move's figures looked, in the note's order: the
    position after the best move alone, else before and after the move (one depth where they
    agree); none for a result (the databases' or a forced one, true at any depth)."""
    found = (review.after,) if review.move == review.best else (review.before, review.after)
    return list(
        dict.fromkeys(
            score.depth
            for score in found
            if score.depth and not score.database and not is_win_score(score.score)
        )
    )


def _looked(review: MoveReview) -> str:
    """`14 turns ahead`, `14 and 16 turns ahead`: how far the review looked for the figures of
    a move's note (`_review_depths`); '' where they are results."""
    depths = _review_depths(review)
    if not depths:
        return ""
    return "".join(f"{depth} and " for depth in depths[:-1]) + depth_words(depths[-1])


def _figure_words(found: PositionScore, man: float, side: Side, human: Side | None) -> str:
    """`_score_words`, with an `even` score's figure for the side ahead: `even (+0.15 for
    you)`, so two scores whose difference is a loss in men show the figures it comes from."""
    words = _score_words(found, man, side, human)
    men = round(found.score / man, 2) + 0.0
    if words != "even" or men == 0:
        return words
    leader = side if men > 0 else side.opponent
    return f"even ({men_text(abs(men))} for {side_words(leader, human)})"


_CALLED = {
    Label.BOOK: "a move of the opening book",
    Label.FORCED: "forced",
    Label.BEST: "the best move",
    Label.GOOD: "good",
    Label.INACCURACY: "an inaccuracy",
    Label.MISTAKE: "a mistake",
    Label.BLUNDER: "a blunder",
}
"""A label as a sentence says it: `calls it a blunder`."""


def review_verdict(
    review: MoveReview,
    man: float,
    human: Side | None,
    known: Mapping[Position, Judgement] | None = None,
) -> str:
    """The review's row for a move as one sentence, for the Why? card of the same move: its
    label, what it lost and the scores before and after it, the words and figures the panel's
    note and the bar give while the review is open (how far the review looked first)."""
    scores = move_words(review, man, human, known, depth=False)[2]  # the depth is said first
    # How far it looked for the figures it gives, as the note beside the board says it.
    looked = _looked(review) or depth_words(review.before.depth or review.after.depth)
    results = review.before.database and review.after.database  # no search depth to tell
    searched = (review.before.depth or review.after.depth) and not results
    depth = f", looking {looked}," if searched else ""  # (walk v: "looking 1 turn ahead")
    # A decided game's move says so where its verdict is not its label's word (`MoveReview.verdict`).
    decided = review.verdict != review.label.value
    game = (
        "a game already decided"
        if settled(expected_result(review.score))
        else "a game so far from even"
    )
    called = f"no mistake in {game}" if decided else _CALLED[review.label]
    if review.label is Label.BEST and review.move != review.best:
        # Another move is the review's best and this one scores as well: one of the best, not
        # "the best move" beside "as good as 22-18; best 22-18" (walk 2026-12-01ac).
        called = "one of the best moves"
    # The label is said once, by `called`: `calls 28x19 a move of the opening book: as good
    # as 27x20`, never the book twice; so only what the move lost
    # of the panel's loss row, with its lesson.
    loss = _after_loss(review, _loss_parts(review, man, human)[1], human)
    # A marked move's label comes from the chances, which are said (`chances_words`).
    said = "; ".join(_inside(part) for part in (loss, chances_words(review), scores) if part)
    return f"The review{depth} calls {review.move.pdn()} {called}: {said}."


def _inside(words: str) -> str:
    """A sentence's words inside another sentence: its first letter lower, unless it is a
    side's name (`White lost 2.40 men`, never `white lost`: walk 2026-11-29d)."""
    if words.split(" ", 1)[0] in ("Black", "White", "Black's", "White's"):
        return words
    return words[:1].lower() + words[1:]


@dataclass(frozen=True)
class GraphBox:
    """A rectangle in pixels (left, top, width, height): where the graph's points go, or a mark."""

    left: int
    top: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """One past the last column."""
        return self.left + self.width


def graph_points(
    values: Sequence[float | None], plies: int, box: GraphBox
) -> list[tuple[int, float, float]]:
    """(ply, x, y) for every known value in men: ply 0 at the left edge, `plies` at the right,
    even in the middle, `graph_share` of the half-height up (ahead) or down (behind)."""
    points = []
    span = max(1, plies)
    for ply, value in enumerate(values):
        if value is None:
            continue
        x = box.left + box.width * ply / span
        y = box.top + box.height * (0.5 - graph_share(value) / 2)
        points.append((ply, x, y))
    return points


def mark_boxes(
    points: Sequence[tuple[int, float, float]],
    marks: Sequence[tuple[int, Label]],
    box: GraphBox,
    size: int,
) -> list[tuple[int, Label, GraphBox]]:
    """Where each mark is drawn: a `size`-pixel square centred on its move's point of the curve,
    as the analysis sites draw their dots (the caller keeps the curve half a mark inside the
    frame, so a mark at the top or the end is whole). In drawing order: the lesser marks first,
    so that where two meet the worse is drawn over it; by game order within a label."""
    if size <= 0:
        return []
    where = {ply: (x, y) for ply, x, y in points}
    placed = [
        (
            ply,
            label,
            GraphBox(round(where[ply][0] - size / 2), round(where[ply][1] - size / 2), size, size),
        )
        for ply, label in marks
        if ply in where
    ]
    return sorted(placed, key=lambda mark: (SEVERITY.get(mark[1], -1), mark[0]))


def ply_at(x: float, plies: int, box: GraphBox) -> int:
    """The ply whose point is nearest to `x` (clamped to the game)."""
    span = max(1, plies)
    ply = round((x - box.left) / box.width * span) if box.width > 0 else 0
    return max(0, min(plies, ply))


@dataclass
class ReviewProgress:
    """A review of one game as it comes in: the moves reviewed so far and how it stands.

    `man` is a man in the review's search units; `human` is the player's side in a game against
    the AI (its scores are told from there), else None."""

    start: Position
    moves: tuple[Move, ...]
    man: float
    human: Side | None = None
    reviews: list[MoveReview] = field(default_factory=list)
    state: str = "running"
    """`running`, `done`, `cancelled` or `failed`."""
    error: str = ""

    @property
    def total(self) -> int:
        """How many moves the review covers."""
        return len(self.moves)

    @property
    def running(self) -> bool:
        """Whether more reviews are expected."""
        return self.state == "running"

    @property
    def view(self) -> Side:
        """Whose score the graph shows: the player's against the AI, else Black's."""
        return self.human if self.human is not None else BLACK

    def add(self, review: MoveReview) -> None:
        """Take the next move's review (they come in game order)."""
        assert review.ply == len(self.reviews) + 1, "reviews come in game order"
        self.reviews.append(review)
        if len(self.reviews) == self.total:
            self.state = "done"

    def finish(self) -> None:
        """Every move was reviewed."""
        self.state = "done"

    def cancel(self) -> None:
        """Stopped by the player: the moves reviewed so far are kept."""
        if self.running:
            self.state = "cancelled"

    def fail(self, message: str) -> None:
        """The review failed: the moves reviewed so far are kept, and the reason."""
        self.state = "failed"
        self.error = message

    def covers(self, start: Position, line: Sequence[Move]) -> bool:
        """Whether the reviewed game is still this game's (its moves are the line's first)."""
        return start == self.start and tuple(line[: self.total]) == self.moves

    def review_of(self, ply: int) -> MoveReview | None:
        """The review of the move that led to `ply` (None before move 1 or if not reviewed yet)."""
        if 1 <= ply <= len(self.reviews):
            return self.reviews[ply - 1]
        return None

    def label_of(self, ply: int) -> Label | None:
        """The label of the move that led to `ply`, if it is reviewed."""
        review = self.review_of(ply)
        return review.label if review is not None else None

    def position_score(self, ply: int) -> tuple[float, Side] | None:
        """The one score of the position after `ply` in search units and the side it is told
        from (None if not reviewed yet): the review's own search of that position (each is
        searched once: after the move that led there, and the same search is the one before
        the next move). The graph, the evaluation bar and the panel's "before the move" and
        "after it" all tell this."""
        if ply == 0 and self.reviews:
            first = self.reviews[0]
            return first.before.score, first.side
        review = self.review_of(ply)
        if review is None:
            return None
        return review.after.score, review.side.opponent

    def values(self) -> list[float | None]:
        """The graph's value at every ply 0..total in men from `view`'s side (None where not
        reviewed yet): each position's one score (`position_score`)."""
        values: list[float | None] = [None] * (self.total + 1)
        for ply in range(self.total + 1):
            found = self.position_score(ply)
            if found is not None:
                score, side = found
                values[ply] = to_men(score, self.man) * (1.0 if side is self.view else -1.0)
        return values

    def marked(self) -> list[tuple[int, Label]]:
        """(ply, label) of every marked move reviewed, in game order."""
        return [(r.ply, r.label) for r in self.reviews if r.label in MARKED]

    def full_moves(self, plies: int) -> int:
        """Full moves (Black's and White's halves together) in the game's first `plies`."""
        return moves_count(plies, self.start.turn is BLACK)

    def progress_text(self) -> str:
        """`Reviewing: move 12 of 60` (moves as players count them), or how the review ended."""
        done, total = len(self.reviews), self.full_moves(self.total)
        if self.state == "running":
            return f"Reviewing: move {self.full_moves(min(done + 1, self.total))} of {total}"
        if self.state == "done":
            return f"Reviewed all {plural(total, 'move')}"
        if self.state == "cancelled":
            return f"Cancelled: {self.full_moves(done)} of {plural(total, 'move')} reviewed"
        return f"Review failed after {self.full_moves(done)} of {plural(total, 'move')}"

    def looked_words(self) -> str:
        """How far the review's searches looked, for the accuracy figures beside them: `Looked
        14 turns ahead`, `Looked 14 to 16 turns ahead` where the game had judged some positions
        deeper before the review (it adopts those, `review.adopted`: a review run again after
        the game looked further can give another accuracy, said so); '' before any search or
        where every figure is a result (the databases' or a forced one)."""
        # Every depth a move's note names (`_review_depths`): the score before a forced move,
        # read from the position after it (`review.through_only_move`), counts a ply more, and
        # the notes say so (walk 2026-12-01x: the strip's "14 turns ahead" beside a note's
        # "14 and 15").
        depths = self.looked_depths()
        return f"Looked {depth_span(depths)}" if depths else ""

    def looked_depths(self) -> set[int]:
        """Every depth the notes of the moves reviewed so far name (`looked_words`)."""
        return {depth for review in self.reviews for depth in _review_depths(review)}

    def fraction(self) -> float:
        """How much of the game is reviewed, 0 to 1."""
        return len(self.reviews) / self.total if self.total else 1.0

    def table(self) -> list[tuple[str, str, str, str, str]]:
        """The per-side table's rows under TABLE_HEADINGS: the side (`Black (you)` against the
        AI), its accuracy, and how many inaccuracies, mistakes and blunders it made so far."""
        summary = summarize(self.reviews)
        rows = []
        for side in (BLACK, WHITE):
            item = summary[side]
            name = side.name.capitalize()
            if self.human is not None:
                name += " (you)" if side is self.human else " (AI)"
            if not item.moves or (item.accuracy is None and self.running):
                # (While it runs, a side with too few judged moves so far may get more.)
                # Nothing reviewed yet, or only book and forced moves so far: a choice may come.
                accuracy = "-"
            elif item.accuracy_words() is not None:
                # One blunder in two judged moves read "1%": too few moves for a figure; a side
                # set up lost read 100% ("decided"): said as `checkers review` says it.
                accuracy = item.accuracy_words() or ""
            elif item.accuracy is None:
                # Book and forced moves give no accuracy: a side with only those says which
                # (walk 2026-11-30s: "no choice" beside a book move's note naming a better one).
                accuracy = "book moves" if item.labels[Label.BOOK] else "no choice"
            else:
                accuracy = f"{item.accuracy:.0f}%"
            inaccuracies, mistakes, blunders = (str(item.labels[label]) for label in MARKED)
            rows.append((name, accuracy, inaccuracies, mistakes, blunders))
        return rows

    def panel_words(
        self, ply: int, known: Mapping[Position, Judgement] | None = None
    ) -> tuple[str, ...]:
        """The panel's lines for the position after `ply`: the move that led there, reviewed
        (with what a deeper judgement the game keeps, `known`, says otherwise of its
        positions), or why nothing is shown yet."""
        review = self.review_of(ply)
        if review is not None:
            return move_words(review, self.man, self.human, known)
        if ply == 0:
            return ("Review: the start of the game", "Click a move or the graph to see it", "", "")
        if ply > self.total:
            return ("Not part of the review (played after it)", "", "", "")
        waiting = (
            "This move is not reviewed yet" if self.running else "Not reviewed (the review stopped)"
        )
        return (waiting, "", "", "")
