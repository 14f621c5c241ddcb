"""Moves and scores as players write them: the one numbered-move formatter (`1. 11-15 23-19
2. 8-11`), the one figure in men (`+0.25`) and the one wording of a forced result, counted in
the winner's moves (`wins in 3 moves`): every screen, report and command line says them so.

Imports only the rules core, so the command line, the reports and the window share it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from checkers.board import Move

__all__ = [
    "EVEN_MEN",
    "depth_span",
    "forced_text",
    "is_even",
    "men_count",
    "men_text",
    "move_rows",
    "numbered_moves",
    "plural",
    "result_moves",
    "result_text",
    "winner_moves",
]


def move_rows(
    moves: Sequence[Move | str], black_first: bool = True, first_number: int = 1
) -> list[tuple[str, str, str]]:
    """The moves as (number, Black's move, White's move) in PDN; `...` if White began."""
    plies: list[Move | str | None] = ([None] if not black_first else []) + list(moves)
    rows = []
    for index in range(0, len(plies), 2):
        black = plies[index]
        white = plies[index + 1] if index + 1 < len(plies) else None
        rows.append(
            (
                f"{index // 2 + first_number}.",
                "..." if black is None else _text(black),
                "" if white is None else _text(white),
            )
        )
    return rows


def numbered_moves(
    moves: Sequence[Move | str], black_first: bool = True, first_number: int = 1
) -> str:
    """The moves on one line as players write them: `1. 11-15 23-19 2. 8-11`, `1. ... 24-20`;
    '' for no moves (not a lone `1. ...`: walk 2026-12-01u read "expecting 1. ..." on every row
    of a book card whose moves have no lines)."""
    if not moves:
        return ""
    return " ".join(
        " ".join(cell for cell in row if cell)
        for row in move_rows(moves, black_first, first_number)
    )


def _text(move: Move | str) -> str:
    return move if isinstance(move, str) else move.pdn()


def men_text(men: float) -> str:
    """A score in men to two places, signed: `+0.25`, `-1.00`; `+0.00`, never `-0.00`."""
    return f"{round(men, 2) + 0.0:+.2f}"  # + 0.0 turns a rounded -0.0 into 0.0


def men_count(men: float) -> str:
    """An amount of men (a loss, a lead: never signed) as a player counts it: plain words where
    it is whole or a half (`one man`, `2 men`, `half a man`, `one and a half men`, `2.5 men`, `no
    men`), else to two places (`0.45 men`), never `1.00 men`."""
    value = abs(round(men, 2)) + 0.0
    if value == 0:
        return "no men"
    if value == 0.5:
        return "half a man"
    if value == 1:
        return "one man"
    if value == 1.5:
        return "one and a half men"
    if value == int(value):
        return f"{int(value)} men"
    if value * 2 == int(value * 2):
        return f"{value:g} men"
    return f"{value:.2f} men"


EVEN_MEN = 0.2
"""The one rule for what reads as `even`: a score under a fifth of a man either way (rounded to
two places, as it is shown). It is the review's bound between a good move and an inaccuracy
(`checkers.review.EVEN_BANDS`: a move that gives away less is good, so a position that much
off level is not one side's) and the AI's draw margin; without it a score near nought changes
side each time a deeper search replaces a shallower one (`+0.05 for you`, then `+0.05 for the
AI`), and one surface says `even` beside another's `+0.15`."""


def is_even(men: float) -> bool:
    """Whether a score in men reads `even` (`EVEN_MEN`): under a fifth of a man either way."""
    return abs(round(men, 2)) < EVEN_MEN


def plural(count: int, word: str) -> str:
    """`1 move`, `3 moves`, `1,638 positions`: a count with its noun, plural unless the count
    is one, thousands separated as the game panel writes its counts."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def depth_words(depth: int) -> str:
    """How far a search looked, as players count it: `6 turns ahead` (a turn is one side's
    move; the move list numbers Black's and White's turns together as one move)."""
    return f"{plural(depth, 'turn')} ahead"


def depth_span(depths: Iterable[int]) -> str:
    """How far several searches looked: `14 turns ahead`, or `14 to 16 turns ahead` where they
    looked unequally far ('' for none)."""
    found = set(depths)
    if not found:
        return ""
    low, high = min(found), max(found)
    return depth_words(low) if low == high else f"{low} to {depth_words(high)}"


def winner_moves(plies: int) -> int:
    """The winner's moves in a forced result `plies` plies away: each side's turn is a ply, so a
    win in 1 or 2 plies is one move of the winner's, a win in 3 plies two."""
    return (plies + 1) // 2


_RESULT = re.compile(r"(wins|loses) in (\d+) moves?")


def result_moves(text: str) -> int | None:
    """The winner's moves in a forced result `result_text` wrote for the side the score is
    for (`wins in 3 moves`: 3, `loses in 2 moves`: -2); None for any other text."""
    found = _RESULT.fullmatch(text)
    if found is None:
        return None
    moves = int(found[2])
    return moves if found[1] == "wins" else -moves


def result_text(moves: int, wins: bool = True, who: str = "") -> str:
    """A forced result as a player reads it, in the winner's moves, for `who` (none: the side
    the score is for): `wins in 3 moves`, `loses in 1 move`, `White wins in 2 moves`,
    `you win in 1 move`; `has lost` / `has won` when the game is already over (walk
    2026-12-01u read "After the move the AI wins now" beside Why?'s "wins in 1 move")."""
    you = who == "you"
    subject = f"{who} " if who else ""
    if moves == 0:
        return f"{subject}{'have' if you else 'has'} {'won' if wins else 'lost'}"
    verb = ("win" if wins else "lose") + ("" if you else "s")
    return f"{subject}{verb} in {plural(moves, 'move')}"


def forced_text(plies: int, wins: bool = True, who: str = "", short: bool = False) -> str:
    """A forced result `plies` plies away in the winner's moves (`result_text`); `short` is the
    two-character form for a label too small for words: `W3` won in 3 moves, `L2` lost in 2."""
    moves = winner_moves(plies)
    if short:
        return f"{'W' if wins else 'L'}{moves}"
    return result_text(moves, wins, who)
