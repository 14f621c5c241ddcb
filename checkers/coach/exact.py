"""Exact answers for the moves a player would consider, with what each line wins or loses and the
ideas behind it.

After the AI has moved, `exact_explanation` searches its position again with several lines at
the depth the AI reached, within a bounded time, so the played move and the best others (the
three best, or every move when there are at most four) get exact scores instead of "at most"
bounds; each scored move gets its verdict in a player's words ("only draws", "loses a man",
"database win in 5 moves") from the score and the replay of its line, and its ideas
(`checkers.coach.ideas`). Moves the time did not reach keep their bounds, marked as such.
A move played before the game was opened here (`explain.explain_recorded`: no AI's search is
known) is scored the same way, at least `JUDGE_DEPTH` ahead.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Sequence

from checkers.ai.analysis import Analyser, DepthReport, RootLine
from checkers.ai.book import packaged_book
from checkers.ai.endgame import Result, default_endgames
from checkers.ai.engine import MAN, Engine
from checkers.ai.search import Limits, SearchRequest, StopSignal, is_win_score
from checkers.board import Move, Position, Side
from checkers.coach.endings import named_ending
from checkers.coach.explain import (
    VERDICT_PLIES,
    Explanation,
    MoveScore,
    database_words,
    explain_book_move,
    format_men,
    win_in_moves,
)
from checkers.coach.idea import Idea, pieces_words
from checkers.coach.ideas import GAIN_SHOWN, agreeing, ideas
from checkers.coach.outcome import line_outcome
from checkers.coach.replay import count_material, replay
from checkers.notation import EVEN_MEN, is_even

__all__ = [
    "EXACT_TIME",
    "ONLY_MOVE",
    "compares",
    "exact_explanation",
    "proven_worse",
    "score_verdict",
    "sized",
    "steady_verdicts",
    "verdict",
    "worse_words",
]

EXACT_TIME = 1.5
"""Seconds the exact scores may take after the AI's move (benchmarks/why.py: Why? answers
within 2 s on two cores with the ideas found)."""
JUDGE_DEPTH = 10
"""The least depth at which the engine judges the moves of a level that plays another
evaluation (its own search looks two to five turns ahead)."""
JUDGE_TIME = 10.0
"""Seconds a judging pass may take to reach `JUDGE_DEPTH` (the compiled core needs about a
fifth of one on two quiet cores; the Python engine, without numba, several)."""
BEST_COUNT = 4
"""Lines of the exact pass: the played move and the three best others when it is the best
(the played move is searched on its own when it is not among them)."""
_DRAW_MARGIN = 0.5  # men: a better move by this much makes a drawn alternative "only" a draw
_LEVEL = 0.1  # men: a score this close to nought is a level game
_ABOUT_A_MAN = GAIN_SHOWN  # men: from here a score reads as whole men (and a shot is named)
ONLY_MOVE = "the only legal move"
"""The verdict of a move that had no alternative, whatever its score."""


def verdict(position: Position, move: MoveScore, best: MoveScore | None) -> str:
    """A scored move's result in a player's words, computed from its exact score (the number
    printed beside it, from the mover's view): `database win in 5 moves`, `wins in 3 moves`,
    `only draws`, `keeps it level`, `is a little better`, `is about a man worse`, or what its
    line wins or loses (`wins a man`) when the number says as much; '' for a bound (a bound
    says nothing exact)."""
    if move.bound != "exact":
        return ""
    if move.database is not None:
        return move.database
    if move.win_in is not None:
        return format_men(None, move.win_in)
    if move.score is None:
        return ""
    if len(position.legal_moves()) == 1:
        # No choice to judge: a size of advantage would read as praise for the move.
        return ONLY_MOVE
    if (
        abs(move.score) <= _LEVEL
        and best is not None
        and best.move != move.move
        and (best.win_in is not None or (best.score or 0.0) >= _DRAW_MARGIN)
    ):
        # A draw only where the line shows one (a position repeated, a database draw): a
        # score of 0.00 with eleven men a side is an evaluation, not a draw (walk 2026-12-01u
        # read "32-28 only draws" beside the played 17-13's "keeps it level" at -0.05).
        drawn = move.score == 0.0 and _line_draws(position, move.pv)
        return "only draws" if drawn else "only keeps it level"
    words = score_verdict(move.score)
    try:
        # Within the moves a row shows: a man won later in a long line is not seen beside
        # the ideas of its first moves (walk 2026-12-01y: "24-19 wins a man (+1.00)" beside
        # an even exchange, the man won fourteen plies on; "18-15 wins two men" beside a
        # two-for-one shot).
        shown = move.pv[:VERDICT_PLIES]
        outcome = line_outcome(position, shown)
        steps = replay(position, shown)
    except ValueError:
        return words
    # And taken on those moves (captures still pending after them may give some back, never
    # add to it).
    mover = position.turn
    tally = count_material(steps, mover)
    taken = tally.takes - tally.gives
    # The line's material, when the number says as much: `wins a man` beside +1.10, never
    # `loses a man` beside +1.35.
    size = int(abs(move.score) + 0.25)
    # Only from level material: a side already a man up whose line wins another stands two
    # up, and "wins a man (+1.05)" beside another move's "leaves the AI about a man ahead
    # (+1.05)" gave one number two verdicts (walk 2026-12-01x).
    level = len(position.pieces(mover)) == len(position.pieces(mover.opponent))
    if (
        level
        and outcome.winner is None
        and taken * outcome.gain > 0
        and abs(taken) >= abs(outcome.gain)
        and outcome.gain * move.score > 0
        and abs(outcome.gain) == size
    ):
        return outcome.words()
    return words


def _line_draws(position: Position, line: Sequence[str]) -> bool:
    """Whether `line` from `position` shows a draw: it comes back to a position it passed, or
    reaches one the endgame databases hold drawn."""
    try:
        steps = replay(position, line)
    except ValueError:
        return False
    seen = {position}
    databases = default_endgames()
    for step in steps:
        if step.after in seen or databases.probe(step.after) is Result.DRAW:
            return True
        seen.add(step.after)
    return False


def score_verdict(men: float) -> str:
    """A score in men in words for the side it is scored for: `keeps it level` where the
    number reads `even` (under a fifth of a man, `notation.EVEN_MEN`), `is a little better` /
    `is a little worse` (under three quarters), `is about a man better`, `is about two men
    worse`..."""
    size = abs(men)
    if is_even(men):
        return "keeps it level"
    better = "better" if men > 0 else "worse"
    if size < _ABOUT_A_MAN:
        return f"is a little {better}"
    return f"is about {pieces_words(int(size + 0.25))} {better}"


def _plain(move: MoveScore) -> bool:
    """Whether a move's verdict is a size of advantage (`is a little better`, `wins a man`):
    an exact score in men, not level, not a forced or database result."""
    return sized(move) and bool(move.verdict) and not is_even(move.score or 0.0)


def steady_verdicts(moves: Sequence[MoveScore]) -> list[MoveScore]:
    """The moves of one card with verdicts that do not jump at a band's edge, while every
    verdict stays its own number's words: one number reads the same on every card (walk
    2026-11-30e: +0.75 read `is a little better` on the game's card, where it had been given
    its neighbour's words, and `is about a man better` on the review's). Where a higher row
    of the card lies within the even bound (`notation.EVEN_MEN`) and reads another band, a
    row says how much worse it is than the highest such row instead (`0.05 worse than
    17-13`): `+0.75` `is about a man better` beside `+0.70` `is a little better` would read
    as a man apart. A level score keeps `keeps it level` (its number reads `even`), and a
    result keeps its words."""
    result = list(moves)
    plain = [move for move in result if _plain(move)]
    for index, move in enumerate(result):
        if not _plain(move):
            continue
        above = [
            other
            for other in plain
            if (other.score or 0.0) > (move.score or 0.0)
            and _gap(other, move) < EVEN_MEN
            and _band(other) != _band(move)
        ]
        if above:
            higher = max(above, key=lambda other: other.score or 0.0)
            result[index] = dataclasses.replace(move, verdict=worse_words(higher, move))
    return result


def worse_words(higher: MoveScore, lower: MoveScore) -> str:
    """How much lower one exact score in men is than another, as a row's verdict: `0.10
    worse than 26-23`, or `as good as 26-23` where it is not lower."""
    gap = _gap(higher, lower)
    return f"{gap:.2f} worse than {higher.move}" if gap > 0 else f"as good as {higher.move}"


_COMPARED = re.compile(r"\b(?:worse|better) than \d|^(?:at least )?as good as \d")


def compares(verdict: str) -> bool:
    """Whether a row's verdict compares its move with another (`worse_words`, or a lead of
    `explain.other_line_words`: `0.15 worse than 22-18`, `as good as 26-23`, `no better than
    11-15`) rather than saying its own standing or result."""
    return _COMPARED.search(verdict) is not None


def sized(move: MoveScore) -> bool:
    """Whether a row's figure is an exact score in men (not a bound, nor a forced or the
    databases' result)."""
    return (
        move.bound == "exact"
        and move.score is not None
        and move.win_in is None
        and move.database is None
    )


def _band(move: MoveScore) -> str:
    """A plain verdict's size words (`wins a man` is `is about a man better`)."""
    return move.verdict if move.verdict.startswith("is ") else score_verdict(move.score or 0.0)


def _gap(higher: MoveScore, lower: MoveScore) -> float:
    """How much lower one exact score is than another, to two places, as the card shows them."""
    return round((higher.score or 0.0) - (lower.score or 0.0), 2)


def _move_score(line: RootLine, depth: int, units: float, from_databases: bool) -> MoveScore:
    raw = line.score
    pv = tuple(move.pdn() for move in line.line)
    if is_win_score(raw):
        score, win_in = None, win_in_moves(raw)
    else:
        score, win_in = round(raw / units, 2), None
    database = database_words(raw) if from_databases or line.database else None
    return MoveScore(pv[0], score, "exact", depth, pv, win_in, database=database)


def _shallow(played: MoveScore) -> bool:
    """Whether an only move's row is shallower than `JUDGE_DEPTH` (or not scored at all): the
    exact pass then scores it that far."""
    return played.bound != "exact" or played.depth < JUDGE_DEPTH


def _deepest(
    analyser: Analyser,
    request: SearchRequest,
    limits: Limits,
    count: int,
    stop: StopSignal | None,
) -> DepthReport | None:
    """The deepest report of a multi-line search of `count` lines within `limits`."""
    found: DepthReport | None = None
    for found in analyser.analyse(request, limits, count, stop):
        pass
    return found


def _ply_earlier(score: int) -> int:
    """A raw score from the other side's view, a ply before the position it scores: a forced
    result a ply farther from its end, any other score negated."""
    earlier = -score
    return earlier - (1 if earlier > 0 else -1) if is_win_score(earlier) else earlier


def _played_line(
    analyser: Analyser,
    request: SearchRequest,
    played: Move,
    depth: int,
    seconds: float | None,
    stop: StopSignal | None,
) -> RootLine | None:
    """The played move's exact score when it is not among the best: its reply searched. A
    run of only replies (a forced capture) is followed first: the search of a position with
    one move stops a turn ahead, which scores nothing at the card's depth."""
    after = request.after(played)
    forced: list[Move] = []
    moves = after.position.legal_moves()
    while len(moves) == 1 and len(forced) < depth - 2:
        forced.append(moves[0])
        after = after.after(moves[0])
        moves = after.position.legal_moves()
    if not moves:
        return None  # the game ends on the run: no search to score it
    plies = depth - 1 - len(forced)
    limits = Limits(depth=max(1, plies), time=None if seconds is None else max(0.05, seconds))
    last = None
    for last in analyser.analyse(after, limits, 1, stop):
        pass
    best = last.best if last is not None else None
    if last is None or best is None or not last.finished or last.depth < plies:
        return None
    score = best.score
    for _ in range(len(forced) + 1):
        score = _ply_earlier(score)
    line = (played, *forced, *best.line)
    return RootLine(played, score, "exact", line, depth, best.database)


def exact_explanation(
    request: SearchRequest | Position,
    explanation: Explanation,
    *,
    analyser: Analyser | None = None,
    judge: Analyser | None = None,
    evaluation: str = "engine",
    units_per_man: float = MAN,
    seconds: float | None = EXACT_TIME,
    stop: StopSignal | None = None,
) -> Explanation:
    """`explanation` with exact scores for the played move and the best others at the depth
    the AI reached (or the deepest reached within `seconds`; None: no time limit), each with
    its verdict and ideas.

    A book move is returned with its ideas only; a single legal move is scored at least
    `JUDGE_DEPTH` turns ahead, as a weak level's moves are. `analyser` searches
    (the player's own); where it is None or plays with an evaluation of its own (a weak
    level), `judge` searches with the engine's evaluation (one the caller keeps from card to
    card, as the window's AI process does, its tables emptied first; a new one if None);
    `units_per_man` is a man in its evaluation's units.
    """
    started = time.monotonic()
    request = SearchRequest.of(request)
    position = request.position
    played = explanation.moves[0]
    legal = position.legal_moves()
    counted: str | None = None
    if analyser is None or not analyser.engine.own_evaluation or evaluation != "engine":
        # A level with an evaluation of its own is judged by the engine's: its own rough
        # estimate is said as what it counted, never as the position's score.
        analyser = judge if judge is not None else Analyser()
        # From empty tables: the card then depends on the position and the depth alone, as
        # `checkers analyse --why` gives it (walk 2026-12-01x: a fresh window scored 24-20's
        # rivals at 10 turns one way, a window that had judged other positions another).
        analyser.new_game()
        if played.bound == "exact" and evaluation != "engine":
            counted = format_men(played.score, played.win_in)
    trapper = analyser.engine  # the played line's traps are proven by its search
    moves = list(explanation.moves)
    exact_depth = 0
    book = _book_rows(position, explanation, len(legal)) if len(legal) > 1 else None
    if book is not None:
        # The opening book holds every move here, scored by the engine's own deeper look: the
        # card compares them as the book's card does (walk 2026-11-30b: the Novice level's card
        # said 21-17 one thing after 11-15 and the Club level's book card another).
        moves, exact_depth = book
    elif (not explanation.from_book or _lone_book_move(explanation, legal)) and (
        len(legal) > 1 or _shallow(played)
    ):
        depth = max([move.depth for move in moves] + [1])
        # An only move is played at once, its search a turn deep: scored as far as a weak
        # level's moves, so its row says what the game's judgement says (walk 2026-12-01ae:
        # "+7.80 (1 turn ahead)" on the card beside the bar's "win 4"). One its own search
        # looked at that far already is the game's judgement as it stands (`_shallow`).
        only = len(legal) == 1
        if counted is not None or evaluation != "engine" or explanation.made_now or only:
            # The engine judges a weak level's moves, and a move whose own search no file
            # kept, at least this far ahead.
            depth = max(depth, JUDGE_DEPTH)
            if seconds is not None and depth == JUDGE_DEPTH:
                # That far whatever the machine's load: a fifth of a second on the compiled
                # core, quiet, but 1.5 s left one Casual card "looking 2 turns ahead" while
                # tests ran beside the window.
                seconds = max(seconds, JUDGE_TIME)
        if only:
            # The engine's search of a position with one move stops a turn ahead: the reply
            # is searched instead (`_played_line`), its whole depth or not at all.
            line = _played_line(analyser, request, legal[0], depth, seconds, stop)
            reached = depth if line is not None else 0
            found: tuple[RootLine, ...] = (line,) if line is not None else ()
        else:
            limits = Limits(depth=depth, time=seconds)
            report = _deepest(analyser, request, limits, min(len(legal), BEST_COUNT), stop)
            reached = report.depth if report is not None else 0
            found = report.lines if report is not None else ()
        lines = [line for line in found if line.bound == "exact"]
        from_databases = bool(lines) and all(line.database for line in lines)
        units = analyser.units_per_man
        if lines and not (stop is not None and stop.is_set()):
            exact_depth = reached
            scored = {
                line.line[0].pdn(): _move_score(line, reached, units, from_databases)
                for line in lines
            }
            if played.move not in scored and (
                played.bound != "unscored" or explanation.slipped or explanation.made_now
            ):
                # The played move's own score is the card's first row: it gets at least
                # half the pass's time even when the best lines took it all (a busy machine).
                left = (
                    None
                    if seconds is None
                    else max(seconds - (time.monotonic() - started), seconds / 2)
                )
                move = Move.from_pdn(played.move, position)
                extra = _played_line(analyser, request, move, reached, left, stop)
                if extra is not None:
                    scored[played.move] = _move_score(extra, reached, units, extra.database)
            bounds = {
                line.line[0].pdn(): _bounded(line, reached, units)
                for line in found
                if line.bound == "upper"
            }
            # Not scored exactly in time: what the same search proved of it (a bound), never a
            # weak level's own count as if it were the engine's score.
            first = scored.get(played.move) or (
                bounds.get(played.move, played)
                if counted is not None or explanation.made_now
                else played
            )
            rest = sorted(
                (move for text, move in scored.items() if text != played.move),
                key=_rank,
            )
            # The other moves: only what this same search proved, and only below the played
            # move's exact score (a bound at or above it would prove nothing).
            floor = first.score if first.bound == "exact" and first.win_in is None else None
            kept = [
                bound
                for text, bound in bounds.items()
                if text not in scored and text != played.move
            ]
            moves = [first, *rest, *(m for m in kept if proven_worse(m, first, floor))]
    if explanation.database is not None:
        moves = [_database_result(move) for move in moves]
    best = min((move for move in moves if move.bound == "exact"), key=_rank, default=None)
    moves = steady_verdicts(
        [_with_words(position, move, best, trapper, move is moves[0]) for move in moves]
    )
    ending = named_ending(position, [])
    if ending is not None and moves[0].bound != "unscored":
        # The position itself is a named ending: said once, with the played move.
        moves[0] = dataclasses.replace(moves[0], ideas=(ending, *moves[0].ideas))
    return dataclasses.replace(
        explanation,
        moves=tuple(moves),
        book_scored=book is not None,
        exact_depth=exact_depth,
        mover=position.turn,
        level_counted=counted if exact_depth else None,
        chosen_depth=explanation.chosen_depth
        or (played.depth if played.bound != "unscored" else 0),
        chosen_score=(
            format_men(played.score, played.win_in)
            if exact_depth and played.bound == "exact" and not explanation.from_book
            else None
        ),
    )


def _lone_book_move(explanation: Explanation, legal: list[Move]) -> bool:
    """Whether the move came from an opening book that holds it alone where other moves are
    legal: its card had nothing to compare it with (walk 2026-12-01ai: a Strong level's book
    17-13, the whole card "came from the opening book ... 13 turns ahead"), so every move is
    scored exactly, as another move's are."""
    return explanation.from_book and len(explanation.moves) == 1 and len(legal) > 1


def _book_rows(
    position: Position, explanation: Explanation, legal: int
) -> tuple[list[MoveScore], int] | None:
    """The opening book's scores of the `legal` moves of `position` as exact rows (the played
    move first, then best first) and the book's depth, for a move the AI did not take from the
    book; None where the book does not hold every legal move (a card compares its moves at one
    depth) or the move came from the book (its card is the book's already)."""
    if explanation.from_book:
        return None
    book = packaged_book()
    held = book.moves(position) if book is not None else None
    if book is None or not held or len(held) != legal:
        return None
    played = explanation.moves[0].move
    if played not in {move.pdn() for move, _ in held}:
        return None
    ordered = explain_book_move(
        explanation.player, position, Move.from_pdn(played, position), held, book.depth
    )
    return list(ordered.moves), book.depth


def _bounded(line: RootLine, depth: int, units: float) -> MoveScore:
    """A move the multi-line search only bounded: at most its score, refuted by its line."""
    move = _move_score(line, depth, units, False)
    return dataclasses.replace(move, bound="upper")


def proven_worse(move: MoveScore, played: MoveScore, floor: float | None) -> bool:
    """Whether a bounded move is proven worse than the played move's exact result."""
    if played.bound != "exact":
        return False
    if played.win_in is not None:  # a forced result: worse is a bound that is no such win
        return move.win_in is None or (played.win_in > 0 and move.win_in < 0)
    if move.win_in is not None:
        return move.win_in < 0
    return floor is not None and move.score is not None and move.score < floor


def _database_result(move: MoveScore) -> MoveScore:
    """A move the databases scored (the AI's root came from them), with their words."""
    if move.bound != "exact" or move.database is not None:
        return move
    if move.win_in is None:
        return dataclasses.replace(move, database="database draw")
    count = abs(move.win_in)
    result = "win" if move.win_in > 0 else "loss"
    words = f"database {result} in {count} move{'s' if count != 1 else ''}"
    return dataclasses.replace(move, database=words)


def _rank(move: MoveScore) -> tuple[float, float]:
    """Best first: a win soonest, then by score, a loss latest."""
    if move.win_in is not None:
        return (0.0, move.win_in) if move.win_in > 0 else (2.0, move.win_in)
    return (1.0, -(move.score or 0.0))


def _with_words(
    position: Position, move: MoveScore, best: MoveScore | None, judge: Engine, played: bool
) -> MoveScore:
    """The move with its verdict and the ideas its line proves (traps for the played move)."""
    if move.bound == "unscored" or not move.pv:
        return move
    try:
        found: tuple[Idea, ...] = tuple(ideas(position, move.pv, engine=judge if played else None))
    except ValueError:
        found = ()  # a line from a position the board has left: nothing to prove on it
    # The verdict beside an idea agrees with it: a two-for-one the line gives back later is not
    # named beside `keeps it level` (`ideas.agreeing`).
    found = agreeing(found, position.turn, move.score, move.win_in, str(move.bound))
    found = _not_inside(found)
    if move.bound in ("upper", "lower"):
        # The side whose moves proved the bound: the reply that held the move down to an
        # upper bound, the mover's line that reached a lower one.
        found = _proving(found, position.turn.opponent if move.bound == "upper" else position.turn)
    return dataclasses.replace(move, verdict=verdict(position, move, best), ideas=found)


def _not_inside(found: Sequence[Idea]) -> tuple[Idea, ...]:
    """The ideas of a row but an even exchange whose moves lie inside another idea's line:
    the shot says them already (walk 2026-12-01ag: "White's shot: 29-25 gives two men and
    takes three men ... (29-25 9-14 18x9 5x14 23-19 16x23 27x18x9)" above "Black exchanges a
    man for a man: 9-14 18x9 5x14")."""

    def inside(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
        return any(whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1))

    return tuple(
        idea
        for idea in found
        if idea.name != "exchange"
        or not idea.line
        or not any(
            other is not idea
            and other.name != "exchange"
            and inside(idea.line[idea.start :], other.line[other.start :])
            for other in found
        )
    )


def _proving(found: Sequence[Idea], side: Side) -> tuple[Idea, ...]:
    """The ideas of a bound's line that `side`, the side whose moves proved the bound, carries
    out. The other side's moves in such a line are whatever the search tried, not its best:
    "30-25 at most +1.90 for the AI: White's breakthrough ... crowns on 3" and "20-16 at most
    +0.45: gives a man first" named plans of the mover that no search chose (walk
    2026-12-01ab)."""
    return tuple(idea for idea in found if idea.side is side)
