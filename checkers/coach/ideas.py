"""The ideas behind a line, in a player's words, each one proved by replaying the line.

Pure Python (the rules core, the engine for traps, the endgame databases for named endings).
`ideas(position, line)` reads a real line (a search's, or a game's moves) and names what
happens in it from a fixed vocabulary (`IDEA_NAMES`): a shot (a two-for-one, a three-for-two,
one a quiet first move prepares), a breakthrough, a runaway man, a bottle-up, a trap, an
exchange, a pitch, a squeeze, a king's fork, the move (`checkers.coach.tactics`), a named
database ending. Each `Idea` carries the line that
shows it and the claim the line proves (pieces given and taken, the square crowned, the side
left without a move); `proves` checks the claim again by replaying the line, and `ideas` drops
any idea that it cannot prove, so nothing reported is invented. The "Ideas" section of docs/engine.md
defines every name and its fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from checkers.ai.endgame import Endgames
from checkers.ai.engine import Engine
from checkers.ai.search import Limits
from checkers.board import Move, Position, Side
from checkers.coach.endings import ENDING_NAMES, named_ending
from checkers.coach.idea import Idea, pieces_words
from checkers.coach.replay import (
    Step,
    Tally,
    count_material,
    crowned_by,
    replay,
    rows_to_crown,
    runs_home,
    settled_gain,
)
from checkers.coach.tactics import TACTIC_NAMES, pitch, proves_tactic, squeeze, the_move
from checkers.notation import is_even

__all__ = [
    "CROWNING",
    "GAIN_SHOWN",
    "IDEA_NAMES",
    "Idea",
    "agreeing",
    "ideas",
    "pieces_words",
    "proves",
    "wins_material",
]

IDEA_NAMES = (
    "shot",
    "breakthrough",
    "runaway",
    "bottle-up",
    "trap",
    "exchange",
    *TACTIC_NAMES,
    *ENDING_NAMES,
)
"""Every name an idea may have."""

WITHIN = 4
"""Ideas must begin in the line's first plies: later ones are not the idea behind its move."""
WINDOW = 12
"""Plies from a sacrifice to the gain, the exchange or the crowning it leads to (a stroke of
four pitches and the jumps back takes eleven)."""
RUNAWAY_MOVES = 4
"""The longest run home proved (every opponent reply is tried at each step)."""
SHALLOW = Limits(depth=2)
"""The search that finds the opponent's most natural reply to a trap."""
TRAP_SEARCH = Limits(depth=12, time=0.3)
"""The search that finds the punishment of the natural reply."""
TRAP_MARGIN = 80
"""Hundredths of a man (the engine's own evaluation) by which the opponent's best reply must beat the natural
one for the natural one to be a trap rather than the position's fate."""


def _side(side: Side) -> str:
    return side.name.capitalize()


def _texts(steps: Sequence[Step]) -> tuple[str, ...]:
    return tuple(step.text for step in steps)


# --- material ideas: shot, exchange, breakthrough ------------------------------------------------


def _offers(steps: Sequence[Step], start: int) -> bool:
    """Whether the move at `start` is a quiet move the opponent answers with a capture."""
    return (
        start + 1 < len(steps)
        and not steps[start].move.is_capture
        and steps[start + 1].captured > 0
    )


def _material_idea(steps: Sequence[Step], start: int, engine: Engine | None) -> Idea | None:
    """The shot, exchange or breakthrough a quiet move that offers a capture begins, if any:
    the first settled point after it where the side is ahead (a shot), even after a clean
    run of captures (an exchange), or behind with a man just crowned (a breakthrough)."""
    if not _offers(steps, start):
        return None
    side = steps[start].side
    for end in range(start + 1, min(len(steps), start + WINDOW)):
        segment = steps[start : end + 1]
        tally = count_material(segment, side)
        last = steps[end]
        settled = not last.after.is_capture_pending()
        if last.side is side and last.crowned is not None and _breaks_through(tally):
            return _breakthrough(steps, start, end, tally)
        if not settled:
            continue
        if tally.takes > tally.gives:
            return _shot(steps, start, end, tally)
        captures_only = all(step.captured for step in steps[start + 1 : end + 1])
        if tally.takes == tally.gives and tally.takes > 0 and captures_only:
            return _exchange(steps, start, end, tally)
    return None


BREAKTHROUGH_NET = 1
"""The most men a breakthrough gives beyond what it takes: the books' breakthroughs give a man,
or two for one, to crown. Four given for two and a king read as "White's breakthrough" on a
move the engine scores three men down (walk 2026-12-01w); past this the line goes on to what
the crowned king then wins, if anything (a shot)."""


def _breaks_through(tally: Tally) -> bool:
    """Whether a crowning after giving and taking so much is a breakthrough (not a man lost)."""
    return tally.takes <= tally.gives <= tally.takes + BREAKTHROUGH_NET


STROKES = {(1, 2): "two-for-one", (2, 3): "three-for-two"}
"""The books' names of a shot by what it gives and takes."""


def _stroke(tally: Tally) -> str:
    """`, a two-for-one` for the strokes the books name by their count, else ''."""
    kind = STROKES.get((tally.gives, tally.takes))
    return f", a {kind}" if kind else ""


def _shot(steps: Sequence[Step], start: int, end: int, tally: Tally) -> Idea:
    side = steps[start].side
    moves = " ".join(_texts(steps[start : end + 1]))
    text = (
        f"{_side(side)}'s shot: {steps[start].text} gives"
        f" {pieces_words(tally.gives, tally.given_kings)} and takes"
        f" {pieces_words(tally.takes, tally.taken_kings)}{_stroke(tally)} ({moves})"
    )
    claim = (("gives", tally.gives), ("takes", tally.takes))
    return Idea("shot", side, _texts(steps[: end + 1]), start, claim, text)


def _exchange(steps: Sequence[Step], start: int, end: int, tally: Tally) -> Idea:
    # Whom it favours is the line's score, printed beside it: no search of its own here.
    side = steps[start].side
    moves = " ".join(_texts(steps[start : end + 1]))
    text = (
        f"{_side(side)} exchanges {pieces_words(tally.gives, tally.given_kings)} for"
        f" {pieces_words(tally.takes, tally.taken_kings)}: {moves}"
    )
    claim = (("gives", tally.gives), ("takes", tally.takes))
    return Idea("exchange", side, _texts(steps[: end + 1]), start, claim, text)


def _their_crowns(steps: Sequence[Step], side: Side) -> str:
    """`, Black crowning on 29 on the way` for the opponent's men crowned in `steps`, or ''
    (walk 2026-12-01x: a breakthrough's words hid the king Black made first)."""
    squares = crowned_by(steps, side.opponent)
    if not squares:
        return ""
    return f", {_side(side.opponent)} crowning on {' and '.join(map(str, squares))} on the way"


def _breakthrough(steps: Sequence[Step], start: int, end: int, tally: Tally) -> Idea:
    side = steps[start].side
    crowned = steps[end].crowned
    assert crowned is not None
    moves = " ".join(_texts(steps[start : end + 1]))
    text = (
        f"{_side(side)}'s breakthrough: gives {pieces_words(tally.gives, tally.given_kings)}"
        + (f", takes {pieces_words(tally.takes, tally.taken_kings)}" if tally.takes else "")
        + f" and crowns on {crowned}{_their_crowns(steps[start : end + 1], side)} ({moves})"
    )
    claim = (("gives", tally.gives), ("takes", tally.takes), ("crowns", crowned))
    return Idea("breakthrough", side, _texts(steps[: end + 1]), start, claim, text)


def _prepared(steps: Sequence[Step], start: int, engine: Engine | None) -> Idea | None:
    """A shot, exchange or breakthrough of the side to move at `start` that begins one or two
    of its moves later, the move at `start` (a quiet move, or a man given) preparing it: said
    as such ("after 21-17 13x22, 15-10 gives ..."), its count taken from `start`."""
    if steps[start].move.is_capture:
        return None
    for begin in (start + 2, start + 4):
        if begin >= len(steps) or begin > WITHIN:
            break
        inner = _material_idea(steps, begin, engine)
        if inner is None:
            continue
        end = len(inner.line) - 1
        side = steps[start].side
        tally = count_material(steps[start : end + 1], side)
        prefix = " ".join(_texts(steps[start:begin]))
        moves = " ".join(_texts(steps[begin : end + 1]))
        lead = f"{_side(side)}'s {inner.name}: after {prefix}, {steps[begin].text}"
        if any(step.move.is_capture for step in steps[start:begin]):
            # The count runs from `start`, captures before the idea's first move included: the
            # moves shown are the ones counted, from the first, which starts it all. "after
            # 27-23 15-19 23x16 12x19, 17-13 exchanges two men for two men (17-13 10x17 21x14)"
            # showed one for one (walk 2026-12-01ab).
            moves = " ".join(_texts(steps[start : end + 1]))
            lead = f"{_side(side)}'s {inner.name}: {steps[start].text}"
        gives = pieces_words(tally.gives, tally.given_kings)
        takes = pieces_words(tally.takes, tally.taken_kings)
        claim: tuple[tuple[str, int | str], ...] = (
            ("after", prefix),
            ("gives", tally.gives),
            ("takes", tally.takes),
        )
        if inner.name == "shot" and tally.takes > tally.gives:
            text = f"{lead} gives {gives} and takes {takes}{_stroke(tally)} ({moves})"
        elif inner.name == "exchange" and tally.takes == tally.gives:
            text = f"{lead} exchanges {gives} for {takes} ({moves})"
        elif inner.name == "breakthrough" and _breaks_through(tally):
            crowned = inner.fields["crowns"]
            claim += (("crowns", crowned),)
            taken = f", takes {takes}" if tally.takes else ""  # walk x: three men taken, unsaid
            their = _their_crowns(steps[start : end + 1], side)
            text = f"{lead} gives {gives}{taken} and crowns on {crowned}{their} ({moves})"
        else:
            continue  # what the first move gave is not won back: not the same idea
        return Idea(inner.name, side, inner.line, start, claim, text)
    return None


# --- runaway and bottle-up -----------------------------------------------------------------------


def _man_before(steps: Sequence[Step], crowning: int, start: int) -> int:
    """The square, before the move at `start`, of the man the move at `crowning` crowns."""
    square = steps[crowning].move.start
    for index in range(crowning - 2, start - 1, -2):
        if steps[index].move.end == square:
            square = steps[index].move.start
    return square


def _runaways(steps: Sequence[Step], within: int) -> list[Idea]:
    found = []
    for crowning, step in enumerate(steps):
        if step.crowned is None or crowning > within + 2 * RUNAWAY_MOVES:
            continue
        # Two of its own moves at least: a capture that lands on the king row is no run.
        for start in range(crowning % 2, min(crowning - 2, within) + 1, 2):
            square = _man_before(steps, crowning, start)
            moves = rows_to_crown(square, step.side)
            if 2 <= moves <= RUNAWAY_MOVES and runs_home(steps[start].before, square, moves):
                found.append(_runaway(steps, start, crowning, square, moves))
                break
    return found


def _runaway(steps: Sequence[Step], start: int, crowning: int, square: int, moves: int) -> Idea:
    side = steps[crowning].side
    crowned = steps[crowning].crowned
    assert crowned is not None
    text = (
        f"{_side(side)}'s runaway: the man on {square} crowns on {crowned} and no"
        f" {_side(side.opponent)} piece can stop it ({' '.join(_texts(steps[start : crowning + 1]))})"
    )
    claim: tuple[tuple[str, int | str], ...] = (
        ("square", square),
        ("crowns", crowned),
        ("moves", moves),
    )
    return Idea("runaway", side, _texts(steps[: crowning + 1]), start, claim, text)


def _bottle_up(steps: Sequence[Step]) -> Idea | None:
    if not steps:
        return None
    last = steps[-1]
    blocked = last.after.turn
    pieces = len(last.after.pieces(blocked))
    if pieces == 0 or last.after.has_legal_moves():
        return None
    text = (
        f"{_side(last.side)}'s bottle-up: after {last.text} {_side(blocked)} still has"
        f" {pieces_words(pieces, 1 if last.after.pieces(blocked, kings=True) else 0)} and no move"
    )
    claim: tuple[tuple[str, int | str], ...] = (
        ("blocked", blocked.name.lower()),
        ("pieces", pieces),
    )
    return Idea("bottle-up", last.side, _texts(steps), len(steps) - 1, claim, text)


# --- trap ----------------------------------------------------------------------------------------


def _gain_point(steps: Sequence[Step], side: Side) -> tuple[int, Tally] | None:
    """The first settled point of `steps` (within WINDOW) where `side` is pieces ahead."""
    for end in range(min(len(steps), WINDOW)):
        tally = count_material(steps[: end + 1], side)
        if tally.takes > tally.gives and not steps[end].after.is_capture_pending():
            return end, tally
    return None


def _trap(position: Position, steps: Sequence[Step], engine: Engine) -> Idea | None:
    """The trap the line's first move sets: the reply a shallow search prefers loses material
    to the best answer, while another reply does not."""
    if len(steps) < 2 or steps[0].move.is_capture:
        return None
    side = position.turn
    after = steps[0].after
    replies = after.legal_moves()
    if len(replies) < 2:
        return None  # a forced reply is not a choice the opponent can get wrong
    from checkers.ai.analysis import Analyser  # the compiled core loads only when needed

    natural = Analyser().search(after, SHALLOW).move  # a fresh table: shallow, truly
    if natural is None or natural == steps[1].move:
        return None
    deep = engine.search(after, TRAP_SEARCH)
    punished_after = after.move(natural)
    answer = engine.search(punished_after, TRAP_SEARCH)
    if answer.move is None or deep.move is None:
        return None
    # The natural reply's score for the opponent, against its best reply's.
    natural_score = -answer.score
    if deep.score - natural_score < TRAP_MARGIN:
        return None
    answer_steps = replay(punished_after, list(answer.pv))
    gain = _gain_point(answer_steps, side)
    if gain is None:
        return None
    end, tally = gain
    net = tally.takes - tally.gives
    line = (steps[0].text, natural.pdn(), *_texts(answer_steps[: end + 1]))
    text = (
        f"{_side(side)}'s trap: the natural reply {natural.pdn()} loses"
        f" {pieces_words(net)} to {' '.join(line[2:])}"
    )
    claim: tuple[tuple[str, int | str], ...] = (("reply", natural.pdn()), ("wins", net))
    return Idea("trap", side, line, 0, claim, text)


# --- the public entry points ---------------------------------------------------------------------


def _first_move_ideas(
    steps: Sequence[Step], engine: Engine | None, endgames: Endgames | None
) -> list[Idea]:
    """What the line's first move does when it begins no combination of its own: prepares one
    (said with its first moves), gives a man for a result, squeezes or forks, or has the move."""
    prepared = _prepared(steps, 0, engine)
    if prepared is not None:
        return [prepared]
    found = [
        idea
        for idea in (pitch(steps, 0, endgames), squeeze(steps, 0), the_move(steps, 0, endgames))
        if idea is not None
    ]
    return found[:1]


def ideas(
    position: Position,
    line: Sequence[Move | str],
    *,
    engine: Engine | None = None,
    endgames: Endgames | None = None,
    within: int = WITHIN,
) -> list[Idea]:
    """The ideas of `line` played from `position`, in the order they begin, each proved by
    replaying its line (`proves`). Ideas of either side: an idea of the side to move is what
    its first move aims at, one of the opponent's what it walks into.

    With an `engine`, also a trap set by the line's first move; `endgames` (the default databases
    if None) name the standard endings. Raises ValueError if the line does not replay.
    """
    steps = replay(position, line)
    found: list[Idea] = []
    covered = 0  # a combination's own later moves begin none of their own
    start = 0
    # An idea begins in the first plies, or right where one found ends: the combination that
    # follows an exchange is the same plan (walk 2026-11-30s: 21-17 "wins a man" beside only
    # "White exchanges two men for two men: 21-17 13x22 25x18x11 8x15", the man then won by
    # 24-19 15x24 28x19x12).
    while start < len(steps) and (start < within or (start == covered and found)):
        idea = _material_idea(steps, start, engine) if start >= covered else None
        if idea is not None:
            found.append(idea)
            covered = len(idea.line)
        elif start == 0:
            found += _first_move_ideas(steps, engine, endgames)
        start += 1
    found += _runaways(steps, within)
    bottled = _bottle_up(steps)
    if bottled is not None:
        found.append(bottled)
    if engine is not None:
        trap = _trap(position, steps, engine)
        if trap is not None:
            found.append(trap)
    ending = named_ending(position, steps, endgames)
    if ending is not None:
        found.append(ending)
    found.sort(key=lambda idea: (idea.start, IDEA_NAMES.index(idea.name)))
    proven = [idea for idea in found if proves(position, idea, endgames=endgames)]
    return [
        replace(idea, lead=_lead(steps[: idea.start]))
        for index, idea in enumerate(proven)
        if not _said(idea, proven[:index])
    ]


def _lead(steps: Sequence[Step]) -> str:
    """What the side of the line's first move has given or taken in `steps`, the moves before
    an idea begins (`gives a man`), or '' when nothing or as much as it gave: a move that gives
    a man before the exchange it allows read "14-9 allows an exchange" (walk 2026-12-01v)."""
    if not steps:
        return ""
    side = steps[0].side
    tally = count_material(steps, side)
    gives = pieces_words(tally.gives, tally.given_kings)
    takes = pieces_words(tally.takes, tally.taken_kings)
    if tally.gives == tally.takes:
        words = []
    elif not tally.takes:
        words = [f"gives {gives}"]
    elif not tally.gives:
        words = [f"takes {takes}"]
    else:
        words = [f"gives {gives} and takes {takes}"]
    # A king the opponent gets on the way is said too (walk 2026-12-01w: "after 30-26
    # 14x21x30 24-20, an exchange" hid two men and a king).
    words += [
        f"lets {_side(side.opponent)} crown on {square}"
        for square in crowned_by(steps, side.opponent)
    ]
    return " and ".join(words)


GAIN_SHOWN = 0.75
"""Men: the least score for an idea's side that shows the material its idea wins: where the
verdict beside it reads a man's worth (`is about a man better`, `coach.exact`'s band); below,
the line gives the man's worth back, and `a little better` beside `a two-for-one` read as two
verdicts (walk 2026-11-30b: `18-14 is a little better (+0.65)` above `White's shot`)."""


def wins_material(idea: Idea) -> bool:
    """Whether an idea claims material or a win for its side: a shot that takes more than it
    gives, a squeeze or a king's fork (every reply loses material), a pitch or the move whose
    line wins."""
    fields = idea.fields
    if idea.name == "shot":
        return int(fields.get("takes", 0)) > int(fields.get("gives", 0))
    if idea.name in ("squeeze", "fork"):
        return True
    if idea.name in ("pitch", "the-move"):
        return fields.get("result") == "win"
    return False


def agreeing(
    found: Sequence[Idea],
    mover: Side,
    score: float | None,
    win_in: int | None = None,
    bound: str = "exact",
) -> tuple[Idea, ...]:
    """The ideas of a move's line that its score does not contradict: one that wins material
    (`wins_material`) is named only where the score (in men from `mover`'s view, `win_in` a
    forced result, `bound` what the search proved of it) shows its side ahead by at least
    `GAIN_SHOWN` or winning; the walk read `keeps it level` beside a two-for-one and a squeeze
    the same card named, whose line gave the man back. One that wins its side a king
    (`CROWNING`) is left out where the score shows that side behind. Every other
    idea stays."""
    kept = []
    for idea in found:
        if idea.name in CROWNING and _behind(idea.side is mover, score, win_in, bound):
            continue
        if wins_material(idea):
            sign = 1 if idea.side is mover else -1
            if win_in is not None:
                # A forced result shows a gain only for its winner, and a bound on one only
                # where it bounds the idea's side's result from below.
                shown = (win_in > 0) == (sign > 0) and bound in (
                    "exact",
                    "lower" if sign > 0 else "upper",
                )
            elif score is None or bound not in ("exact", "upper", "lower"):
                shown = False
            else:
                # A bound shows a gain only where it bounds the idea's side's score from below.
                below = bound == "exact" or (bound == "upper") == (sign < 0)
                shown = below and sign * score >= GAIN_SHOWN
            if not shown:
                continue
        kept.append(idea)
    return tuple(kept)


CROWNING = ("breakthrough", "runaway")
"""The ideas that win their side a king: named only where the row's score does not show that
side behind (the walk of 2026-11-30f read "White's breakthrough" on a row at +1.35 for Black,
as if it were the point of Black's move; walk h "White's breakthrough ... gives 5 men" beside
"at least +0.60 for you")."""


def _behind(own: bool, score: float | None, win_in: int | None, bound: str) -> bool:
    """Whether a row's score (in men from the mover's view; `own`: the idea is the mover's)
    proves the idea's side behind, by more than reads `even` (`notation.EVEN_MEN`: where the
    row reads `a little worse` for it or worse), or lost by force."""
    sign = 1 if own else -1
    if win_in is not None:
        return bound == "exact" and (win_in > 0) != (sign > 0)
    if score is None:
        return False
    # A bound proves it only where it bounds the idea's side's score from above.
    above = bound in ("exact", "upper" if sign > 0 else "lower")
    return above and not is_even(score) and sign * score < 0


def _said(idea: Idea, earlier: Sequence[Idea]) -> bool:
    """Whether an earlier idea already says `idea`: one of the same kind and side whose moves
    hold all of its own (`after 26-23 11-16, 22-18 exchanges a man for a man (22-18 15x22
    25x18)` holds `exchanges a man for a man: 22-18 15x22 25x18`), so one idea is said once."""
    return any(
        other.name == idea.name
        and other.side is idea.side
        and other.start <= idea.start
        and len(idea.line) <= len(other.line)
        and other.line[: len(idea.line)] == idea.line
        for other in earlier
    )


def proves(position: Position, idea: Idea, *, endgames: Endgames | None = None) -> bool:
    """Whether replaying the idea's line from `position` proves its claim (see docs/engine.md's
    definitions); False for a line that does not replay or an unknown name."""
    try:
        steps = replay(position, idea.line)
    except ValueError:
        return False
    if idea.name in ENDING_NAMES:
        found = named_ending(steps[-1].after if steps else position, [], endgames)
        return (
            idea.start == len(steps)
            and found is not None
            and (found.name, found.side, found.claim) == (idea.name, idea.side, idea.claim)
        )
    if not 0 <= idea.start < len(steps):
        return False
    fields = idea.fields
    side = idea.side
    own = steps[idea.start :]
    if own[0].side is not side:
        return False
    if idea.name in TACTIC_NAMES:
        return proves_tactic(steps, idea, endgames)
    if idea.name in ("shot", "exchange", "breakthrough"):
        begin = idea.start
        if "after" in fields:  # prepared by the first move: the combination begins later
            prefix = tuple(str(fields["after"]).split())
            begin = idea.start + len(prefix)
            if len(prefix) not in (2, 4) or idea.line[idea.start : begin] != prefix:
                return False
            if own[0].move.is_capture:
                return False
        tally = count_material(own, side)
        if not _offers(steps, begin) or (fields["gives"], fields["takes"]) != (
            tally.gives,
            tally.takes,
        ):
            return False
        if idea.name == "shot":
            return tally.takes > tally.gives and settled_gain(own[-1].after, side) >= 0
        if idea.name == "exchange":
            return (
                tally.takes == tally.gives > 0
                and all(step.captured for step in steps[begin + 1 :])
                and not own[-1].after.is_capture_pending()
            )
        return (
            _breaks_through(tally) and own[-1].side is side and own[-1].crowned == fields["crowns"]
        )
    if idea.name == "runaway":
        square, moves = fields["square"], fields["moves"]
        assert isinstance(square, int) and isinstance(moves, int)
        return (
            len(own) >= 3
            and own[-1].side is side
            and own[-1].crowned == fields["crowns"]
            and _man_before(steps, len(steps) - 1, idea.start) == square
            and runs_home(own[0].before, square, moves)
        )
    if idea.name == "bottle-up":
        end = steps[-1].after
        return (
            end.turn is side.opponent
            and fields["blocked"] == end.turn.name.lower()
            and len(end.pieces(end.turn)) == fields["pieces"]
            and bool(end.pieces(end.turn))
            and not end.has_legal_moves()
        )
    if idea.name == "trap":
        if len(steps) < 3 or steps[1].text != fields["reply"]:
            return False
        tally = count_material(steps[2:], side)
        return (
            tally.takes - tally.gives == fields["wins"]
            and tally.takes > tally.gives
            and settled_gain(steps[-1].after, side) >= 0
        )
    return False
