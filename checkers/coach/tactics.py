"""The ideas a problem book names beyond the shot: the pitch, the squeeze, the king's fork and
the move (the opposition), each found on a replayed line and proved again from it.

Pure Python on the rules core and the endgame databases. Every claim here is a count or an
exhaustive look one move deep, never a guess: the squeeze and the fork try every reply, the
move is counted by the books' rule, and a pitch or the move names only the result the
databases give the line's end (a king ending the databases hold, or a side left without a
move). The "Ideas" section of docs/engine.md defines each name and its fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.board import Position, Side
from checkers.coach.idea import Idea, pieces_words
from checkers.coach.replay import Step, count_material, settled_gain

__all__ = [
    "ENDING_PIECES",
    "SYSTEM",
    "TACTIC_NAMES",
    "end_result",
    "fork_attacks",
    "has_the_move",
    "move_count",
    "pitch",
    "proves_tactic",
    "squeeze",
    "squeezed_replies",
    "the_move",
]

TACTIC_NAMES = ("pitch", "squeeze", "fork", "the-move")
"""The names this module finds and proves."""

ENDING_PIECES = 10
"""The most pieces (both sides) of a position where the move is named: an ending, where the
books count it, not a middle game where a count of the squares decides nothing."""

SYSTEM = frozenset((*range(1, 5), *range(9, 13), *range(17, 21), *range(25, 29)))
"""Black's system (the books' rows starting at 1, 9, 17 and 25): with even material, an odd
count of pieces there (both colours) gives the side to move the move (Lasker, "Chess and
Checkers", diagram 96)."""


def _side(side: Side) -> str:
    return side.name.capitalize()


def move_count(position: Position) -> int:
    """The pieces of both sides on the squares of Black's system."""
    return sum(1 for side in Side for square in position.pieces(side) if square in SYSTEM)


def has_the_move(position: Position, side: Side) -> bool | None:
    """Whether `side` has the move (the opposition) by the count; None unless the material
    is even in pieces and the position an ending (the rule counts only then)."""
    own, theirs = len(position.pieces(side)), len(position.pieces(side.opponent))
    if own != theirs or own + theirs > ENDING_PIECES:
        return None
    return (move_count(position) % 2 == 1) == (position.turn is side)


def end_result(position: Position, side: Side, endgames: Endgames | None) -> str | None:
    """`win` or `draw` for `side` at the line's end by the databases (a side left without a
    move has lost), or None where they say nothing (more pieces than they hold, or a loss)."""
    if not position.has_legal_moves():
        return "win" if position.turn is not side else None
    if position.is_capture_pending():
        return None  # a capture pending: the line stops in the middle of an exchange
    databases = endgames if endgames is not None else default_endgames()
    found = databases.probe(position)
    if found is None:
        return None
    if found is Result.DRAW:
        return "draw"
    winner = position.turn if found is Result.WIN else position.turn.opponent
    return "win" if winner is side else None


def _texts(steps: Sequence[Step]) -> tuple[str, ...]:
    return tuple(step.text for step in steps)


# --- the pitch ---------------------------------------------------------------------------------


def _given(steps: Sequence[Step], start: int) -> int:
    """The pieces the opponent's capture right after `start` takes (its run of captures)."""
    return steps[start + 1].captured if start + 1 < len(steps) else 0


def _pitches(steps: Sequence[Step], begin: int) -> bool:
    """Whether the move at `begin` is a quiet move the opponent's next move captures."""
    return (
        begin + 1 < len(steps)
        and not steps[begin].move.is_capture
        and steps[begin + 1].captured > 0
    )


def pitch(steps: Sequence[Step], start: int, endgames: Endgames | None) -> Idea | None:
    """A man (or piece) given by the quiet move at `start`, or by one of the side's next two
    moves with the move at `start` a quiet one preparing it, whose line ends in a database win or draw for
    its side, or with the opponent left without a move."""
    side = steps[start].side
    if steps[start].move.is_capture:
        return None
    result = end_result(steps[-1].after, side, endgames)
    if result is None:
        return None
    for begin in (start, start + 2, start + 4):
        if not _pitches(steps, begin):
            continue
        gives = _given(steps, begin)
        prefix = " ".join(_texts(steps[start:begin]))
        lead = f"after {prefix}, " if prefix else ""
        reached = "a database draw" if result == "draw" else "a win"
        text = (
            f"{_side(side)}'s pitch: {lead}{steps[begin].text} gives"
            f" {pieces_words(gives, steps[begin + 1].captured_kings)}"
            f" ({' '.join(_texts(steps[begin : begin + 2]))}) and the line reaches {reached}"
            f" ({' '.join(_texts(steps[start:]))})"
        )
        claim: tuple[tuple[str, int | str], ...] = (("gives", gives), ("result", result))
        if prefix:
            claim = (("after", prefix), *claim)
        return Idea("pitch", side, _texts(steps), start, claim, text)
    return None


# --- the squeeze and the fork ------------------------------------------------------------------


def squeezed_replies(position: Position, side: Side) -> int:
    """How many replies the opponent (to move in `position`) has if every one of them is quiet
    and loses material to `side`'s captures; 0 otherwise (a capture or a safe move exists)."""
    if position.turn is side or position.is_capture_pending():
        return 0
    replies = position.legal_moves()
    if not replies:
        return 0
    for reply in replies:
        if settled_gain(position.move(reply), side) < 1:
            return 0
    return len(replies)


def fork_attacks(position: Position, king: int) -> tuple[int, ...]:
    """The opponent pieces the king on `king` could capture if its side were to move again
    (the first piece of each capture), when they are two or more; () otherwise."""
    piece = position.piece_at(king)
    if piece is None or not piece.king or piece.side is position.turn:
        return ()
    turned = Position.from_bitboards(position.black, position.white, position.kings, piece.side)
    targets = sorted(
        {move.captures[0] for move in turned.legal_moves() if move.start == king and move.captures}
    )
    return tuple(targets) if len(targets) >= 2 else ()


def squeeze(steps: Sequence[Step], start: int) -> Idea | None:
    """The first quiet move of the side from `start` on after which every reply loses
    material: a king's fork when it is a king's move that attacks two pieces at once, a
    squeeze otherwise; the moves from `start` to it are the idea's, said as such."""
    side = steps[start].side
    for end in range(start, len(steps), 2):
        if not steps[end].move.is_capture and squeezed_replies(steps[end].after, side):
            return _squeeze(steps, start, end)
    return None


def _squeeze(steps: Sequence[Step], start: int, end: int) -> Idea:
    last = steps[end]
    side = last.side
    replies = squeezed_replies(last.after, side)
    attacks = fork_attacks(last.after, last.move.end)
    line = _texts(steps[: end + 1])
    # A long way to the squeeze is told by its count, the moves in brackets at the end.
    lead, which, shown = "", " ", ""
    # Material the side gives on the way, said (walk 2026-12-01x: a squeeze's line gave a man
    # just before it, unsaid, from a man up to level).
    way = count_material(steps[start:end], side)
    net = way.gives - way.takes
    giving = f", giving {pieces_words(net, way.given_kings)} on the way," if net > 0 else ""
    if end - start > 4:
        moves = (end - start) // 2
        lead = f"{steps[start].text} leads in {moves} moves{giving} to "
        which, shown = ", which ", f" ({' '.join(_texts(steps[start : end + 1]))})"
    elif end > start:
        lead = f"after {' '.join(_texts(steps[start:end]))}{giving.rstrip(',')}, "
    if attacks:
        named = " and ".join(str(square) for square in attacks)
        text = (
            f"{_side(side)}'s fork: {lead}{last.text}{which}puts the king on {last.move.end}"
            f" against {named} at once; every {_side(side.opponent)} move loses a piece{shown}"
        )
        claim: tuple[tuple[str, int | str], ...] = (
            ("king", last.move.end),
            ("attacks", ",".join(str(square) for square in attacks)),
        )
        return Idea("fork", side, line, start, claim, text)
    text = (
        f"{_side(side)}'s squeeze: {lead}{last.text}{which}leaves {_side(side.opponent)}"
        f" {replies} move{'s' if replies != 1 else ''}, each losing material{shown}"
    )
    return Idea("squeeze", side, line, start, (("replies", replies),), text)


# --- the move ----------------------------------------------------------------------------------


def the_move(steps: Sequence[Step], start: int, endgames: Endgames | None) -> Idea | None:
    """The move (the opposition) where it decides: after the side's quiet move the material is
    even, the count gives the side the move, and the line ends in a win for it (the databases,
    or the opponent left without a move)."""
    first = steps[start]
    if first.move.is_capture or (start + 1 < len(steps) and steps[start + 1].captured):
        return None
    side = first.side
    after = first.after
    if not has_the_move(after, side) or end_result(steps[-1].after, side, endgames) != "win":
        return None
    count = move_count(after)
    text = (
        f"{_side(side)} has the move: after {first.text}, {count}"
        f" piece{'s' if count != 1 else ''} in Black's system with {_side(after.turn)} to play"
        f" and even material, and the line wins ({' '.join(_texts(steps[start:]))})"
    )
    claim: tuple[tuple[str, int | str], ...] = (("count", count), ("result", "win"))
    return Idea("the-move", side, _texts(steps), start, claim, text)


# --- proof -------------------------------------------------------------------------------------


def proves_tactic(steps: Sequence[Step], idea: Idea, endgames: Endgames | None) -> bool:
    """Whether the replayed `steps` of the idea's line prove its claim (the idea's start is in
    range and its first move is the idea's side's, checked by the caller)."""
    fields = idea.fields
    first = steps[idea.start]
    side = idea.side
    if idea.name == "pitch":
        prefix = tuple(str(fields.get("after", "")).split())
        begin = idea.start + len(prefix)
        return (
            len(prefix) in (0, 2, 4)
            and idea.line[idea.start : begin] == prefix
            and not first.move.is_capture
            and _pitches(steps, begin)
            and fields["gives"] == _given(steps, begin)
            and fields["result"] == end_result(steps[-1].after, side, endgames)
        )
    if idea.name in ("squeeze", "fork"):
        last = steps[-1]
        if last.side is not side or last.move.is_capture:
            return False
        replies = squeezed_replies(last.after, side)
        attacks = fork_attacks(last.after, last.move.end)
        if idea.name == "fork":
            named = ",".join(str(square) for square in attacks)
            return replies > 0 and bool(attacks) and fields["attacks"] == named
        return replies > 0 and not attacks and fields["replies"] == replies
    if idea.name == "the-move":
        quiet = not first.move.is_capture and not (
            idea.start + 1 < len(steps) and steps[idea.start + 1].captured
        )
        return (
            quiet
            and has_the_move(first.after, side) is True
            and fields["count"] == move_count(first.after)
            and end_result(steps[-1].after, side, endgames) == "win"
        )
    return False
