"""What the analysis board and the "why this move?" card say, decided in pure code.

Pure Python (no pygame), so every word is tested headless. Both read the engine's own data from
`checkers.coach.explain` (scores in men from the side to move's view, lines as PDN move text) and
turn it into rows for the window: scores labelled with whose view they are, lines numbered as
players write them (`12. 11-15 23-19 13. 8-11`, `12... 23-19`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from checkers.ai.levels import LEVELS, Level
from checkers.ai.registry import ALGORITHMS
from checkers.board import Move, Position, Side
from checkers.coach.exact import compares, score_verdict, sized, worse_words
from checkers.coach.explain import (
    ENGINE_SCORES,
    REFUTED,
    Analysis,
    AnalysisLine,
    Explanation,
    MoveScore,
    best_scored,
    facts,
    format_men,
    idea_words,
    other_line_words,
    others_heading,
    standing_words,
    who_played,
)
from checkers.coach.idea import Idea
from checkers.coach.judgement import ABOVE_THE_BEST
from checkers.gui.why_board import WhyBoard, read_line, why_board
from checkers.gui.wording import advantage_words, lead_words, side_words
from checkers.notation import (
    EVEN_MEN,
    depth_words,
    is_even,
    numbered_moves,
    plural,
    result_moves,
    result_text,
)

__all__ = [
    "ENGINE_VIEW",
    "SHALLOWER",
    "LineRow",
    "WhyCard",
    "WhyRow",
    "analysis_rows",
    "best_line_moves",
    "bound_verdict",
    "card_facts",
    "idea_name",
    "line_score",
    "line_words",
    "move_number",
    "why_card",
    "why_score",
]


def move_number(ply: int, black_first: bool = True) -> tuple[int, bool]:
    """(the number of the move played after `ply` half-moves, whether Black plays it): the
    start of a game Black begins is (1, True)."""
    index = ply + (0 if black_first else 1)  # 0 is Black's half of move 1
    return index // 2 + 1, index % 2 == 0


def _name(side: Side) -> str:
    return side.name.capitalize()


def line_score(
    score: float | None, win_in: int | None, side: Side, human: Side | None = None
) -> str:
    """A line's score (`score` in men from `side`'s view) for the side ahead, as the whole
    window tells scores (`wording.advantage_words`): `+0.35 for White`, `White wins in 3
    moves`; in a game against the AI (`human`) `+0.35 for you`, `the AI wins in 3 moves`."""
    if win_in is not None:
        winner = side if win_in > 0 else side.opponent
        return result_text(abs(win_in), who=side_words(winner, human))
    if score is None:
        return "?"
    return advantage_words(score, side, human)


def line_words(line: AnalysisLine, side: Side, human: Side | None = None) -> str:
    """An analysis line's score in words from `side`'s view (`line_score`); a database draw is
    `Draw`, not a score of nought."""
    if line.database is not None and line.win_in is None:
        return "Draw"
    return line_score(line.score, line.win_in, side, human)


@dataclass(frozen=True)
class LineRow:
    """One of the analysis board's best lines: its rank (1 best), move, labelled score and
    numbered line (the move first)."""

    rank: int
    move: str
    score: str
    line: str
    ideas: str = ""
    """The names of the ideas its line proves, as a player says them (`shot, runaway`)."""


def analysis_rows(
    analysis: Analysis, side: Side, number: int, black_to_move: bool, human: Side | None = None
) -> list[LineRow]:
    """The analysis's lines, best first, for the position where `side` is to move at move
    `number` (the heading says when the databases gave the lines)."""
    rows = []
    for rank, found in enumerate(analysis.lines, start=1):
        score = line_words(found, side, human)
        names = ", ".join(dict.fromkeys(idea_name(idea, side) for idea in found.ideas))
        rows.append(
            LineRow(rank, found.move, score, numbered_moves(found.pv, black_to_move, number), names)
        )
    return rows


def idea_name(idea: Idea, mover: Side) -> str:
    """An idea's name as a player says it: `shot`, `First Position`; `Black's shot` when it is
    not `mover`'s idea (what the line's first move walks into)."""
    names = {
        "first-position": "First Position",
        "two-kings-against-one": "two kings v one",
        "three-kings-against-two": "three kings v two",
    }
    name = names.get(idea.name, idea.name)
    return name if idea.side is mover else f"{_name(idea.side)}'s {name}"


def best_line_moves(lines: Sequence[AnalysisLine], position: Position, count: int) -> list[Move]:
    """The first `count` moves of the best line as moves of `position` and the positions after
    them (for the board's arrows); fewer if the line is shorter or does not read."""
    return list(read_line(lines[0].pv[:count], position)) if lines else []


# --- why this move ---------------------------------------------------------------------------


ENGINE_VIEW = "Scores are the engine's, in men, for the side ahead."
"""The card's view where every score is the engine's: it says whose they are, so neither the
facts nor a row says it again."""

UNSCORED = "not scored"
"""The score of a move its search did not score (a slipped level's played move)."""


@dataclass(frozen=True)
class WhyRow:
    """One root move the AI's search considered: the move, its score in words (`+0.35`,
    `at most -0.40`), whether that is a bound, the depth it was searched to, and its line in
    words (what the AI expected after its move, or the refutation of a rejected move)."""

    move: str
    score: str
    bound: bool
    depth: int
    line: str
    played: bool
    searched: bool = False
    """The search's own choice, when the level played another move on purpose."""
    verdict: str = ""
    """An exact score's result in words (`only draws`, `loses a man`), or ''."""
    ideas: tuple[str, ...] = ()
    """The ideas its line proves, one sentence each (`White's shot: 27-23 gives ...`)."""
    judged: bool = False
    """Its figure is the game's kept judgement, the engine's (`MoveScore.judged`)."""
    result: str = ""
    """A forced or database result told once, for its winner, where the verdict and the score
    would both say it (`Black wins in 2 moves`, `database win in 5 moves for Black`), or ''."""
    within_even: str = ""
    """An exact score the window calls `even` (under a fifth of a man), as its figure (`+0.05
    for the AI`): said where other rows compare with this one, so their gaps add up (walk
    2026-11-30t: "(even)" beside "0.30 of a man better", where even stood for +0.05)."""
    compared: str = ""
    """Another move's comparison with the best, the words before its line (`0.30 worse than
    24-20`, `as good as 24-20`, `the best move`), or '': kept where an idea takes the line's
    place, so the row still says it (walk 2026-12-01z: "23-18 +0.30 for the AI: White
    exchanges ..." with neither standing words nor a comparison)."""
    standing: str = ""
    """What a played row whose verdict compares it with the best (a reviewed move's `0.40 worse
    than 29-25`) leaves its mover, in the words every other row says it (`leaves the AI behind
    by about a man's worth`), or '' (walk 2026-12-01ag: "+1.50 for you; 0.40 worse than 29-25"
    beside rows with words)."""


@dataclass(frozen=True)
class WhyCard:
    """The "why this move?" card: a title, plain facts (forced, book, databases, the level's
    deliberate flaws), whose view the scores take, and every move considered, the played one
    first and the others best first."""

    title: str
    subtitle: str
    facts: tuple[str, ...]
    view: str
    rows: tuple[WhyRow, ...]
    others: str = "The other moves, best first:"
    """The heading over the rows after the played move."""
    board: WhyBoard | None = None
    """The small board's lines (the played one, the best other move's refutation), when the
    caller gave the position before the move."""
    counted: bool = False
    """Some scores are a weak level's own rough count, not the engine's evaluation (the view
    says which)."""
    bounded: str = ""
    """The moves whose bounds say no more than `no better than` the best, said once after the
    rows (`The other 6 moves (...) are no better than 23-18 (at most +2.70 for White).`, `The
    other 9 moves (...) are at least 0.20 worse than 27-23 (at most +4.95 for the AI).`): what
    `at most` is, the facts say once (`coach.explain.BOUND_WORDS`)."""
    seen: tuple[WhyRow, ...] = ()
    """In a review, what the AI's own search scored when it played (`Explanation.seen`), after
    the review's rows: each move's score and line, no verdict, compared with none."""
    seen_heading: str = ""
    """The heading over `seen`: whose search it was and how far it looked."""
    lead: int = 0
    """How many facts stand before the other moves' rows, the rest after them (0: all
    before): a reviewed card leads with the review's verdict alone."""


def why_score(move: MoveScore, mover: Side, human: Side | None = None) -> str:
    """A root move's score as the window tells scores, for the side ahead (`+0.35 for the
    AI`, `at most +0.15 for you`, `White wins in 3 moves`, `database draw`): what the search
    proved for `mover`'s move, a bound said as one."""
    if move.bound == "unscored":
        return UNSCORED
    if move.database is not None and move.win_in is None:
        return move.database
    if move.win_in is not None:
        winner = mover if move.win_in > 0 else mover.opponent
        result = result_text(abs(move.win_in), who=side_words(winner, human))
        # A bound on a forced result: the winner needs at most / at least that many moves.
        proved = {"upper": "at most: ", "lower": "at least: "}.get(str(move.bound), "")
        return f"{proved}{result}" if proved and winner is mover else result
    assert move.score is not None
    bound = str(move.bound) if move.bound in ("upper", "lower") else ""
    return advantage_words(move.score, mover, human, bound)


def bound_verdict(move: MoveScore) -> str:
    """What a bound on a move's score proves, in a verdict's words from the mover's view, as
    far as it goes and no further: `at best keeps it level`, `at least keeps it level`, `is at
    least a little better`, `is at best about a man better`, `is at worst a little worse`;
    '' for an exact score or a forced result (its words say it already). A played move whose
    row read only `at least even for you` had no verdict at all (walk 2026-11-30)."""
    if move.bound not in ("upper", "lower") or move.score is None or move.win_in is not None:
        return ""
    men = round(move.score, 2) + 0.0
    upper = move.bound == "upper"
    if is_even(men):
        return "at best keeps it level" if upper else "at least keeps it level"
    size = score_verdict(men).removeprefix("is ")  # `a little better`, `about a man worse`
    if (men > 0) != upper:
        # A lower bound on a gain, an upper one on a loss: at least that much either way.
        return f"is at least {size}"
    return f"is at best {size}" if upper else f"is at worst {size}"


def _row(
    move: MoveScore,
    played: bool,
    number: int,
    black_to_move: bool,
    mover: Side,
    human: Side | None,
    searched: bool = False,
    best: MoveScore | None = None,
    reviewed: bool = False,
    chosen_depth: int = 0,
    played_move: MoveScore | None = None,
) -> WhyRow:
    verdict = move.verdict
    compared = ""
    if played or searched:
        # The line the AI expected after the move (not a refutation: it chose this move). A
        # bound's line is only the one that proved the bound, not an expected line: the panel's
        # `Expects` row gives the game's judgement's, and a second line here would contradict it.
        exact = move.bound not in ("unscored", "upper", "lower")
        line = numbered_moves(move.pv, black_to_move, number) if exact else ""
        # In a review the row is the review's judgement, its line the review's (what the AI
        # expected is in the rows of what its search saw).
        expects = "the review's line" if reviewed else "expects"
        if not reviewed and chosen_depth and move.depth != chosen_depth and move.win_in is None:
            # A line from another look than the one the AI chose by (the exact pass's): its
            # depth said, as the panel's `Expects` gives the AI's own (walk 2026-12-01w: two
            # expected lines for one search, the card's not labelled).
            expects = f"expects, looking {depth_words(move.depth)}:"
        words = f"{expects} {line}" if line and len(move.pv) > 1 else ""
    else:
        # The refutation begins with the opponent's reply, a half-move after the move.
        reply_number = number + (0 if black_to_move else 1)
        refutation = numbered_moves(move.refutation, not black_to_move, reply_number)
        # `refuted by` only for a move proven a real loss worse than the best: one within the
        # review's band for a good move is `0.05 worse than 11-15`, as its numbers show.
        lead = other_line_words(move, best, played_move)
        if lead.rstrip(":") == move.verdict:  # the verdict says the difference already
            lead = ""
        # How much worse a refuted move is, where it is said (`0.45 worse than 11-15`).
        difference = lead.removesuffix(f", {REFUTED}")
        if not refutation:
            # No line to lead into (the book keeps scores, not lines): no `refuted by` with
            # nothing after it, and the comparison alone (`0.05 worse than 22-17`), the worst
            # rows' too (walk 2026-12-01ag: "21-17 ... (+0.25 for you)" had none, the row
            # above "0.25 worse than 23-18").
            if (
                lead == REFUTED
                and best is not None
                and move.bound == "exact"
                and best.bound == "exact"
                and move.score is not None
                and best.score is not None
            ):
                lead = worse_words(best, move)
            lead = lead.removesuffix(f", {REFUTED}")
            lead = {REFUTED: "", "the best move, expecting": "the best move"}.get(
                lead, lead.rstrip(":")
            )
        words = " ".join(part for part in (lead, refutation) if part)
        compared = {REFUTED: "", "the best move, expecting": "the best move"}.get(
            difference, difference.rstrip(":")
        )
    if not verdict and (played or searched):
        # The played move (or the search's own choice) has no comparison beside it: a bound
        # says what it proves as a verdict, so the row reads as one (walk 2026-11-30).
        verdict = bound_verdict(move)
    if verdict.startswith("is "):
        # `is a little worse` is the mover's, and the score beside it is told for the side
        # ahead: name whose it is (`is a little worse for the AI (+0.25 for you)`).
        verdict += f" for {side_words(mover, human)}"
    score = why_score(move, mover, human)
    result = ""
    if move.bound == "exact" and move.win_in is not None and verdict:
        winner = mover if move.win_in > 0 else mover.opponent
        if move.database is not None and verdict == move.database:
            # The databases' result for its winner, as the review says it: `database win in 5
            # moves for Black`, not `database loss in 5 moves (Black wins in 5 moves)`.
            soon = plural(abs(move.win_in), "move")
            result = f"database win in {soon} for {side_words(winner, human)}"
        elif verdict == format_men(None, move.win_in):
            # A forced result said once, with its winner: `Black wins in 2 moves`, never `wins
            # in 2 moves (Black wins in 2 moves)` (walk 2026-11-29d) nor `loses in 2 moves
            # (Black wins in 2 moves)` (walk 2026-11-30), whichever side the row's mover is.
            result = score
    within_even = ""
    if score == "even" and move.score is not None and round(move.score, 2) != 0:
        within_even = lead_words(move.score, mover, human)
    return WhyRow(
        move.move,
        score,
        move.bound in ("upper", "lower"),
        0 if move.database is not None else move.depth,  # a database result looked no depth
        words,
        played,
        searched,
        verdict,
        tuple(idea_words(idea, move.move, mover) for idea in move.ideas),
        move.judged,
        result,
        within_even,
        compared,
        _standing(move, played, verdict, mover, human, best),
    )


def _standing(
    move: MoveScore,
    played: bool,
    verdict: str,
    mover: Side,
    human: Side | None,
    best: MoveScore | None = None,
) -> str:
    """A played row's standing where its verdict compares it (`WhyRow.standing`), else ''.
    Compared with a `best` row within the even bound, in that row's size words: the comparison
    is there so that the two do not read a band apart (`coach.exact.steady_verdicts`; walk
    2026-12-01aj: "about a man's worth (+1.65); 0.10 worse than 24-19" above "24-19 ... about
    two men's worth (+1.75)")."""
    if not played or not compares(verdict) or move.bound != "exact" or move.win_in is not None:
        return ""
    if move.score is None or move.database is not None:
        return ""
    score = move.score
    if (
        best is not None
        and sized(best)
        and best.score is not None
        and f" than {best.move}" in verdict
        and 0 < best.score - score < EVEN_MEN
    ):
        score = best.score
    return standing_words(score_verdict(score), mover, side_words(mover, human))


def _counted_words(figure: str, mover: Side, human: Side | None) -> str:
    """A level's own count (`+1.00`, `even`) as the card tells every score, for the side ahead:
    `counted +1.00 for the AI`, `counted +0.30 for you` (a count below nought is the other
    side's), `counted it even`; a forced result for its winner (`counted a win in 2 moves for
    you`: walk 2026-11-30l's Casual count "loses in 2 moves" stopped Why? with a ValueError);
    the command line says `counted +1.00 for itself`."""
    moves = result_moves(figure)
    if moves is not None:
        winner = mover if moves > 0 else mover.opponent
        return f"counted a win in {plural(abs(moves), 'move')} for {side_words(winner, human)}"
    try:
        men = 0.0 if figure == "even" else float(figure)
    except ValueError:
        return f"counted {figure}"  # a figure in no known form: as it is, never a traceback
    words = advantage_words(men, mover, human)
    return "counted it even" if words == "even" else f"counted {words}"


SHALLOWER = "looking less far, seemed "
"""How a played row's verdict begins where the game's deeper look at the move is the level's
own search, which came before the rows' (`_at_first`)."""


def _at_first(verdict: str, deeper: MoveScore, first: MoveScore, earlier: bool = True) -> str:
    """The played row's verdict where the game has since judged the move deeper (said apart,
    `Since then the game has judged ...`) and its words differ: told as the first look's, so
    the headline does not read as the move's last verdict against the deeper one (walk
    2026-11-30: `21-17 is a little worse for the AI (+0.30 for you)` beside `Since then ...
    13 turns ahead: even`). `at first looked a little worse for the AI`, `before the deeper look:
    wins a man` (not `at first: wins a man`, read as a man won and given back: walk
    2026-12-01ab). Where the rows came after the deeper look (not `earlier`: a timed level's
    own search looked further than the exact pass after it), `looking less far, seemed a
    little better` (walk 2026-12-01ai: "at first looked ... (+0.25)" beside its own search's
    earlier +0.35)."""
    if not verdict:
        return verdict
    if deeper.bound == "exact" and deeper.win_in is None and deeper.score is not None:
        later = score_verdict(deeper.score)
        # The same words and the same figure: the deeper look says the same. Another figure
        # in the same words is the first look's too (walk 2026-12-01v: "leaves the AI a
        # little behind (+0.45 for you)" above "At that depth the game scores 24-20 +0.35").
        # A twentieth of a man, one step of the engine's scores, is no change to tell (walk
        # 2026-12-01ah: "at first looked to leave ... (+0.65 for you)" beside "+0.70").
        same_figure = first.score is not None and abs(first.score - deeper.score) <= 0.051
        if same_figure and (
            verdict.startswith(later) or (later == "keeps it level" and "level" in verdict)
        ):
            return verdict
    level = {
        "keeps it level": "level",
        "at best keeps it level": "level at best",
        "at least keeps it level": "level at least",
    }
    first_words = "at first looked " if earlier else SHALLOWER
    if verdict in level:
        return f"{first_words}{level[verdict]}"
    if verdict.startswith("is "):
        return f"{first_words}{verdict.removeprefix('is ')}"
    return f"before the deeper look: {verdict}" if earlier else f"looking less far: {verdict}"


def card_facts(
    explanation: Explanation,
    thinking_time: float | None = None,
    mover: Side | None = None,
    human: Side | None = None,
) -> list[str]:
    """The plain sentences before the moves' own lines (`checkers.coach.explain.facts`, which the
    command line says too); `thinking_time` is the level's seconds a move, when it has a time;
    with `mover`, a level's own count is told for the side ahead, as the card tells scores."""
    if mover is None:
        return facts(explanation, thinking_time)
    return facts(explanation, thinking_time, lambda figure: _counted_words(figure, mover, human))


def _evaluation(explanation: Explanation, level: Level | None) -> str | None:
    """The evaluation behind the card's scores: the level's, a named level's, or None when
    the card cannot know (an AI set up by hand whose level the caller did not give)."""
    if level is not None:
        return level.evaluation
    named = next((known for known in LEVELS if known.name == explanation.player), None)
    if named is not None:
        return named.evaluation
    entry = ALGORITHMS.get(explanation.player)  # a bare search plays its own evaluation
    return entry.evaluation if entry is not None else None


def _seen_above(explanation: Explanation, own: bool) -> str:
    """Why the AI played a move its own look's rows score below another, said under their
    heading (walk 2026-12-01ac: "17-13 +0.55 (played)" under "28-24 +0.65", nothing said of
    it), or '': the level's search for one best move prunes lines the exact pass of every move
    keeps. Not of a level's own rough count (its estimate chose as it chose)."""
    if own or explanation.from_book or explanation.searched != explanation.played:
        # (A level's slip: its search chose another move than the one played, as the facts
        # say; "its search chose 14-18" of the played move contradicted them, walk 2026-12-01ae.)
        return ""
    exact = [
        move
        for move in explanation.seen
        if move.bound == "exact" and move.score is not None and move.win_in is None
    ]
    played = next((move for move in exact if move.move == explanation.played), None)
    if played is None or played.score is None:
        return ""
    higher = max(exact, key=lambda move: move.score or 0.0)
    gap = round((higher.score or 0.0) - played.score, 2)
    if gap <= 0:
        return ""
    # The move above it is not named: the rows show it, and in a review the card's first rows
    # name the review's best, a third move beside the two (walk 2026-12-01ah: "chose 28-24, and
    # scored exactly 22-17 came 0.20 higher" under the review's best 32-27).
    return (
        f"its search for one best move chose {explanation.played}, which these exact scores put"
        f" {gap:.2f} below their best (a search for one move prunes lines)"
    )


def _whose_look(explanation: Explanation, evaluation: str | None) -> str:
    """Whose look scored a card's rows before the review: the opening book's where it scored
    them, a search made now for a move of a loaded game, the engine's for a level that judges
    by another `evaluation`, else the AI's (walk 2026-12-01ac: "The Beginner level chose 24-19,
    looking 2 turns ahead" beside "the AI's own look at them, 13 turns ahead", the book's 13)."""
    if explanation.book_scored:
        return "the opening book's look"
    # A card worked out after the game (a loaded game's move): no search of the AI's own is
    # kept, as the card says beside it (a loaded game's reviewed card read "the AI's own look
    # at them" above "a saved game keeps no search's scores of the moves").
    if explanation.made_now:
        return "the look made now"
    if evaluation not in ("engine", None):
        # A weak level's moves are scored again by the engine after it played (walk
        # 2026-12-01af: "the AI's own look at them, 10 turns ahead" beside "The Beginner
        # level chose 26-23, looking 2 turns ahead").
        return "the engine's look"
    return "the AI's own look"


def _listed(moves: list[str]) -> str:
    """`12-8`, `12-8 and 26-22`, `12-8, 26-22 and 32-28`."""
    return moves[0] if len(moves) == 1 else f"{', '.join(moves[:-1])} and {moves[-1]}"


def why_card(
    explanation: Explanation,
    mover: Side,
    ply: int,
    black_first: bool = True,
    human: Side | None = None,
    level: Level | None = None,
    position: Position | None = None,
    flipped: bool = False,
) -> WhyCard:
    """The card for the AI's move `explanation.played`, played by `mover` after `ply`
    half-moves of a game `black_first` or not; `human` is the human's side against the AI
    (the card then speaks of "the AI"); `level` is the mover's level when the caller knows it.
    Scores from an evaluation other than the engine's are labelled as that AI's own rough
    estimate, never as the evaluation of the position. With `position` (the position before
    the move) the card has its small board, `flipped` as the game's board."""
    number, black_to_move = move_number(ply, black_first)
    who = side_words(mover, human)
    played = explanation.moves[0]
    evaluation = _evaluation(explanation, level)
    if (
        evaluation not in ("engine", None)
        and explanation.level_counted is None
        and explanation.chosen_score is not None
        and played.judged
        and not explanation.slipped
    ):
        # The played row is the engine's kept judgement: the level's own rough count of its
        # move is said once, by the facts, as its own (never beside it as the row's score).
        explanation = dataclasses.replace(explanation, level_counted=explanation.chosen_score)
    slip = explanation.searched if explanation.slipped else None
    best = best_scored(explanation.moves)
    if len(explanation.moves) > 1 and played.verdict.startswith(ABOVE_THE_BEST):
        # The review's best scored below the played move (`coach.judgement.ABOVE_THE_BEST`):
        # it stays the best the other rows compare with, not "0.25 worse than" the played move.
        best = explanation.moves[1]
    rows = [
        _row(
            played,
            True,
            number,
            black_to_move,
            mover,
            human,
            best=best,
            reviewed=explanation.reviewed,
            chosen_depth=explanation.chosen_depth,
        )
    ]
    rows += [
        _row(
            move,
            False,
            number,
            black_to_move,
            mover,
            human,
            move.move == slip,
            best,
            played_move=played,
        )
        for move in explanation.moves[1:]
        # The move the slipped level's search chose stays listed even when the exact pass
        # left it unscored: the facts name it.
        if move.bound != "unscored" or move.move == slip
    ]
    # Bounds that prove no more than "no better than" the best, each at the best's score, or
    # three or more at one score with no idea of their own: said once for all of them, not on
    # a row each (walk 2026-11-29c: six rows of "at most +2.70 for White; no better than
    # 23-18"; nine rows of "at most +4.95 for the AI; refuted by ...").
    groups: dict[str, list[MoveScore]] = {}
    for move in explanation.moves[1:]:
        if move.bound == "upper" and move.move != slip and best is not None:
            groups.setdefault(why_score(move, mover, human), []).append(move)
    said_once: list[str] = []
    grouped: set[str] = set()
    for score, group in groups.items():
        assert best is not None
        lead = other_line_words(group[0], best)
        top, value = best.score, group[0].score
        plain = [move for move in group if not move.ideas]  # an idea's words keep its row
        if lead == f"no better than {best.move}:" and len(group) > 1:
            words = f"no better than {best.move}"
        elif (
            len(plain) > 2
            and best.win_in is None
            and group[0].win_in is None
            and top is not None
            and value is not None
            and top > value
        ):
            words = f"at least {top - value:.2f} worse than {best.move}"
            group = plain
        else:
            continue
        names = {move.move for move in group}
        grouped |= names
        rows = [row for row in rows if row.played or row.move not in names]
        said_once.append(
            f"The other {len(group)} moves ({', '.join(move.move for move in group)}) are"
            f" {words} ({score})."
        )
    if position is not None and not explanation.from_book:
        # The legal moves on no row and in no sentence above: said, not dropped without a word
        # (walk 2026-12-01u: three of eight moves missing, one as good as the best).
        # A reviewed move's card shows the AI's own search's rows too, below: a move scored
        # there is shown (walk 2026-12-01v: "Not shown: ... 24-28" above "24-28 you win in 33
        # moves" among them).
        below = {move.move for move in explanation.seen if move.bound != "unscored"}
        listed = grouped | {row.move for row in rows} | below
        missing = [move.pdn() for move in position.legal_moves() if move.pdn() not in listed]
        if missing and len(missing) < explanation.legal_moves and explanation.reviewed:
            # The review judges the played move and its best only; the AI's own rows, from a
            # shallower look than the review's, are left out (walk 2026-12-01w: "This look
            # neither scored them" of moves the in-game card had scored).
            them = "it" if len(missing) == 1 else "them"
            said_once.append(
                f"Not shown: {_listed(missing)}. The review judges the played move and its best"
                f" move only; {_whose_look(explanation, evaluation)} at {them},"
                f" {depth_words(explanation.exact_depth)}, was shallower than the review's."
                if explanation.exact_depth and not explanation.seen
                else f"Not shown: {_listed(missing)}. The review judges the played move and its"
                f" best move only, and the engine's look below, {depth_words(explanation.exact_depth)},"
                f" neither scored {them} exactly nor proved {them} worse than {explanation.played}."
                if explanation.exact_depth
                else f"Not shown: {_listed(missing)}. Neither the review nor the AI's own search"
                f" scored {them}."
            )
        elif missing and len(missing) < explanation.legal_moves:
            them = "it" if len(missing) == 1 else "them"
            # In a player's words (walk 2026-12-01ai read "neither scored them exactly nor
            # proved them worse" as unclear).
            said_once.append(
                f"Not shown: {_listed(missing)}. This look did not finish scoring {them}, so it"
                f" cannot say how {'it compares' if them == 'it' else 'they compare'} with"
                f" {explanation.played}."
            )
    bounded = " ".join(said_once)
    player = who_played(explanation.player)
    by = (
        "an AI set up by hand" if explanation.player == "custom" else player[0].lower() + player[1:]
    )
    scored = [move for move in explanation.moves if move.bound != "unscored"]
    counted = False
    if scored and all(move.database is not None for move in scored):
        view = ""  # every result is the databases' own, said on each row: no scale to explain
    elif (
        evaluation == "engine"
        or explanation.level_counted is not None
        or explanation.exact_depth
        or all(move.judged for move in scored)
    ):
        # The exact pass rescored the moves with the engine (a slipped level's own count of
        # the move it played may be missing: the view is still the engine's).
        view = ENGINE_VIEW
    elif evaluation is None:
        view = "Scores are in men as this AI judges, for the side ahead."
    else:
        counted = True
        owner = (
            "this AI's"
            if explanation.player == "custom"
            else f"the {explanation.player.capitalize()} level's"
        )
        view = (
            f"Scores are {owner} own rough estimate in men, not the engine's evaluation,"
            " for the side ahead."
            if not any(move.judged for move in scored)
            else f"Scores marked 'counted' are {owner} own rough estimate in men; the others"
            " are the engine's, as far ahead as their rows say; all for the side ahead."
        )
        # A weak level's own count is said as what it counted, never with a verdict: the
        # engine may judge the position quite differently (docs/guide.md, "Why?").
        counter = (
            "this AI"
            if explanation.player == "custom"
            else f"the {explanation.player.capitalize()} level"
        )
        rows = [
            row
            if row.score == UNSCORED or row.judged
            else dataclasses.replace(
                row, verdict="", score=f"{counter} counted {row.score}", result=""
            )
            for row in rows
        ]
    said = card_facts(explanation, level.time if level is not None else None, mover, human)
    if view == ENGINE_VIEW:
        # The view says whose the scores are, once, under the rows.
        said = [fact for fact in said if fact != ENGINE_SCORES]
        if explanation.seen and evaluation not in ("engine", None) and not explanation.exact_depth:
            # The rows of what a weak level counted on its own scale are not the engine's:
            # "Scores are the engine's" under them read as a contradiction (walk 2026-12-01ab).
            whose = "this AI" if explanation.player == "custom" else by
            view = f"{ENGINE_VIEW[:-1]}; those {whose} counted when it played, its own estimate."
    deeper = explanation.deeper
    if (
        deeper is not None
        and rows
        and rows[0].played
        and rows[0].score == why_score(deeper, mover, human)
    ):
        # The game's judgement since gives the played row's own figure: nothing new to say
        # (the walk of 2026-11-30 read "Since then the game has judged 27-23 looking as far
        # ahead: +0.95 for the AI" under "27-23 ... (+0.95 for the AI)").
        deeper = None
    own_look = (
        deeper is not None
        and not explanation.made_now
        and not explanation.from_book
        and deeper.depth <= explanation.chosen_depth
    )
    if (
        own_look
        and deeper is not None
        and any(
            f"counted {why_score(deeper, mover, human)} after {explanation.played}" in fact
            for fact in said
        )
    ):
        # The level's own search gave it, and the facts say its count already ("looked 20
        # turns ahead ..., counted +0.95 for the AI after 22x13"): not said twice. Where they
        # do not, it is said (walk 2026-11-30l: the panel's +0.35 for the Master's 27-23
        # appeared nowhere on its card, whose rows looked 16 turns ahead).
        deeper = None
    if deeper is not None and rows and rows[0].played:
        # The level's own search is the deeper look where it looked as far: it came first.
        first = _at_first(rows[0].verdict, deeper, explanation.moves[0], not own_look)
        if first != rows[0].verdict:  # its result is now the first look's: said as such
            rows[0] = dataclasses.replace(rows[0], verdict=first, result="")
    if deeper is not None:
        # The game's deeper look at the played move, apart from the rows: they compare every
        # move at one depth (issue 35), and no move is ranked against this number. Its depth
        # is said whole: "as far ahead" left the reader to find whose look it matched (a weak
        # level's own rough count is no look of the engine's).
        # "Since then" only for a look further than the level's own search, which must have
        # come after it; one no further may be that very search (walk 2026-11-30k: "Since
        # then the game has judged 22x13 looking 20 turns ahead" of the Master's own look).
        score = why_score(deeper, mover, human)
        # With the reply that look expects, the one the panel names (walk 2026-12-01aj: the
        # panel's "The engine expects 16-19" beside the row's "expecting 15-19 17-13").
        reply = deeper.pv[1:4] if deeper.pv[:1] == (explanation.played,) else ()
        expecting = f", expecting {' '.join(reply)}" if reply else ""
        if own_look and deeper.depth == explanation.chosen_depth:
            # As far as the level's own search, said just before: its depth not said again.
            judged = f"At that depth the game scores {explanation.played} {score}{expecting}."
        else:
            verb = "The game judges" if own_look else "Since then the game has judged"
            far = depth_words(deeper.depth)
            judged = f"{verb} {explanation.played} looking {far}: {score}{expecting}."
        # What the rows are, said as they are: a reviewed card's are the review's own (the
        # played move and its best), a card of one row compares nothing (walk 2026-12-01ac: a
        # reviewed 18x9 alone on its card "compared every move").
        rows_are = (
            ": the card's rows are the review's, as it scored them."
            if explanation.reviewed and rows
            else "."
            if len(rows) < 2
            else ", so the card's rows compare every move as one shallower search scored them."
        )
        said.append(f"{judged} No other move was looked at that far{rows_are}")
    counted_from = explanation.moves[0] if explanation.moves else None
    if (
        rows
        and rows[0].played
        and counted_from is not None
        and counted_from.win_in is not None
        and counted_from.win_in >= 2
    ):
        # A win counted in the winner's moves from before the move, the played one first: the
        # panel and the bar count from after it, one fewer (walk 2026-12-01ad: "wins in 7 moves"
        # on the panel beside the card's "2-7 (played) White wins in 8 moves").
        more = f" ({explanation.played} and {counted_from.win_in - 1} more)"
        head = rows[0]
        # Said where the card shows it: the result's words, else the score's (walk 2026-12-01ae
        # still read "26-23 (played) White wins in 7 moves": the row's result was shown).
        rows[0] = dataclasses.replace(
            head,
            score=head.score + ("" if head.result else more),
            result=head.result + more if head.result else "",
        )
    other_best = explanation.deeper_best
    if other_best is not None:
        # A deeper look at the position before the move (the review's) names another best move
        # than the card's rows: said, with its depth (walk 2026-12-01ab: the book's card named
        # 25-21 the best, the review's 26-23, and neither card said why they differ).
        looked = (
            "The endgame databases since find"
            if other_best.database is not None
            else f"A deeper look since, {depth_words(other_best.depth)}, finds"
        )
        # Where this card's rows score it, said with their depth: "the best move here"
        # beside its own row's "leaves the AI a little behind" read as best and worst at once
        # (walk 2026-12-01ae).
        depth = explanation.exact_depth or max((row.depth for row in rows), default=0)
        on_row = next((row for row in rows if row.move == other_best.move), None)
        # Its figure there, not a rank: "rank it lower" stood beside its row tied first
        # (walk 2026-12-01ag).
        ranked = (
            f", where the rows below, {depth_words(depth)}, give it {on_row.score}"
            if depth and on_row is not None
            else f"; the rows below, {depth_words(depth)}, do not show it"
            if depth
            else ""
        )
        # The move played, named so (walk 2026-12-01aj: "finds 24-20 the best move here"
        # below the rows' "25-22 ... the best move" read as two best moves).
        named = (
            f"{other_best.move}, the move played,"
            if other_best.move == explanation.played
            else other_best.move
        )
        said.append(
            f"{looked} {named} the best move here ({why_score(other_best, mover, human)}){ranked}."
        )
        if depth:
            # The rows' own best is the best of their look, said so.
            at_depth = f"the best move looking {depth_words(depth)}"
            rows = [
                dataclasses.replace(
                    row,
                    line=row.line.replace("the best move", at_depth, 1),
                    compared=row.compared.replace("the best move", at_depth, 1),
                )
                if not row.played and "the best move" in row.compared
                else row
                for row in rows
            ]
    seen, seen_heading = _seen_rows(explanation, number, black_to_move, mover, human, evaluation)
    return WhyCard(
        title=f"Why {who} played {explanation.played}",
        subtitle=f"{_name(mover)}'s move {number}, played by {by}",
        facts=tuple(said),
        view=view,
        rows=tuple(rows),
        others=(
            "The review's best move:"
            if explanation.reviewed and len(rows) == 2
            else "The book's other moves, best first:"
            if explanation.from_book
            else "What its search chose instead:"
            if len(rows) == 2 and rows[1].searched
            else others_heading(
                len(rows) - 1, explanation.legal_moves, "upper" if rows[-1].bound else "exact"
            )
        ),
        board=(
            why_board(explanation, position, flipped, frozenset(row.move for row in rows))
            if position is not None
            else None
        ),
        bounded=bounded,
        counted=counted,
        seen=seen,
        seen_heading=seen_heading,
    )


def _seen_rows(
    explanation: Explanation,
    number: int,
    black_to_move: bool,
    mover: Side,
    human: Side | None,
    evaluation: str | None,
) -> tuple[tuple[WhyRow, ...], str]:
    """The rows of what the AI's own search scored when it played, where the card's rows are
    the review's (`Explanation.seen`), and their heading: each move's score (a weak level's
    own count said as its count) and the line its search expected, no verdict and no
    comparison with a best move (the review's rows above make that comparison, at its depth)."""
    if not explanation.seen:
        return (), ""
    rescored = bool(explanation.exact_depth)  # the exact pass scored them with the engine
    own = evaluation not in ("engine", None) and not rescored
    player = who_played(explanation.player)
    whose = player[0].lower() + player[1:]
    looked = explanation.exact_depth or explanation.chosen_depth
    scored = [move for move in explanation.seen if move.bound != "unscored"]
    if scored and all(move.database is not None for move in scored):
        looked = 0  # the databases' results: no search depth (walk v: "looking 1 turn ahead")
    far = f", looking {depth_words(looked)}" if looked else ""
    if explanation.from_book:
        # The book's own scores, from the look it was built with: not the AI's search.
        heading = f"The opening book's own scores{far}:"
    elif explanation.made_now:
        # A saved game keeps no search of the AI's own: these rows are a search made now.
        heading = f"Every move scored now{far}:"
    elif rescored and explanation.chosen_depth and explanation.chosen_depth != looked:
        # Its own search looked otherwise far (the facts say how far): these are the scores
        # of the exact look after it, in the time it had (walk 2026-11-30c: "chose 27-23,
        # looking 12 turns ahead" above "What the engine saw ..., looking 10 turns ahead").
        heading = f"Every move scored again after {whose} played{far}:"
    elif rescored:
        heading = f"What the engine saw when {whose} played{far}:"
    elif own:
        heading = f"What {whose} counted on its own scale when it played{far}:"
    else:
        heading = f"What {whose}'s search saw when it played{far}:"
    rows = []
    for move in explanation.seen:
        if move.bound == "unscored":
            continue
        played = move.move == explanation.played
        score = why_score(move, mover, human)
        if own:
            score = f"counted {score}"
        line = numbered_moves(move.pv, black_to_move, number) if len(move.pv) > 1 else ""
        rows.append(
            WhyRow(
                move.move,
                score,
                move.bound in ("upper", "lower"),
                0 if move.database is not None else move.depth,
                f"expecting {line}" if line and move.bound == "exact" else "",
                played,
                ideas=tuple(idea_words(idea, move.move, mover) for idea in move.ideas),
            )
        )
    above = _seen_above(explanation, own)
    return tuple(rows), f"{heading.removesuffix(':')}; {above}:" if above else heading


def with_review(card: WhyCard, verdict: str) -> WhyCard:
    """The card of a reviewed move, starting with the review's row for it (`verdict`, in the
    note's words and figures). Where the card's scores are a weak level's own rough count, the
    view says which figure is which: the review's are the engine's evaluation, the level's its
    own count, so `+1.71 for White` beside the review's `+2.35 for Black` reads as two
    measures, not two verdicts (walk 2026-11-29d)."""
    view = card.view
    if card.counted:
        view = (
            f"{view} The review's figures, in its first lines, are the engine's evaluation:"
            " a count on another scale, not a second verdict."
        )
    # The verdict, then the rows it compares: how the level chose and whose scores are whose
    # follow the rows (walk 2026-12-01ac: six to eight lines of prose before the review's best).
    return dataclasses.replace(card, facts=(verdict, *card.facts), view=view, lead=1)
