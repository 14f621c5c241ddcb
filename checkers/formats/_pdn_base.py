"""PDN's shared pieces: results, tags, algebraic squares, the game and its entry in a file,
and the error a reader raises. Pure Python, standard library only; `checkers.formats.pdn` is the API."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from checkers.board import SQUARES, Move, Position, square_row_col

T = TypeVar("T")

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""Results as CheckerBoard writes them for GameType 21: Black won, White won, draw, unfinished."""

ROSTER = ("Event", "Site", "Date", "Round", "Black", "White")
"""The descriptive tags every written game carries, in RULES.md's order (`?` when unknown)."""

# Tags the writer derives from a game's start and result rather than from its `tags`.
STRUCTURAL = ("result", "gametype", "setup", "fen")

# Other programs' spellings of the same results (international draughts scores a win 2-0).
RESULT_ALIASES = {
    "1-0": "1-0",
    "2-0": "1-0",
    "0-1": "0-1",
    "0-2": "0-1",
    "1/2-1/2": "1/2-1/2",
    "1-1": "1/2-1/2",
    "½-½": "1/2-1/2",
    "*": "*",
}

MAX_TAGS = 100
"""The most tags a game keeps (real games have a dozen): a file of tags alone cost 60 bytes of
memory per byte of file; the tags after these are skipped."""
MAX_TAG_CHARS = 1_000
"""The longest tag value kept: a longer one is cut (a tag is a name, a place, a date)."""
MAX_GAMES = 200_000
"""The most games a file is read with: the largest public archives hold tens of thousands, and a
file of tiny games ("1-0" on each line) cost 77 bytes of memory per byte of file."""

ENGLISH_DRAUGHTS = "21"
"""GameType 21: English draughts, the only game read."""

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]')
# Other programs do not always escape a backslash: `[Site "C:\"]` is read as the value `C:\`.
LENIENT_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^\n]*)"\s*\]')
_TAG_ESCAPE = re.compile(r'\\(["\\])')  # PDN escapes only these two; other backslashes are kept


class PdnError(ValueError):
    """PDN text that cannot be read: the game and line it is on and what is wrong there."""

    def __init__(self, problem: str, line: int, source: str = "", game: int | None = None) -> None:
        self.problem = problem
        self.line = line
        self.source = source
        self.game = game
        where = f"line {line}" if game is None else f"game {game}, line {line}"
        super().__init__(f"{source}, {where}: {problem}" if source else f"{where}: {problem}")


@dataclass
class PdnGame:
    """One game: descriptive tags, the start position, the moves, the result and comments.

    `tags` holds every tag but the structural ones, which live in fields: `Result` is `result`,
    `SetUp`/`FEN` follow from `start`, and `GameType` is always 21. `comments` maps a ply (the
    number of moves played before the comment; 0 is before the first move) to its text.
    """

    tags: dict[str, str] = field(default_factory=dict)
    start: Position = field(default_factory=Position)
    moves: list[Move] = field(default_factory=list)
    result: str = "*"
    comments: dict[int, str] = field(default_factory=dict)

    def is_set_up(self) -> bool:
        """Whether the game starts from a position other than the initial one."""
        return self.start != Position()

    def end_position(self) -> Position:
        """The position after the last move."""
        position = self.start
        for move in self.moves:
            position = position.move(move)
        return position


# --- algebraic squares ------------------------------------------------------------------------


def algebraic_square(square: int) -> str:
    """The algebraic name of a square in RULES.md's diagram: 1 is `b8`, 29 is `a1`, 32 is `g1`."""
    row, col = square_row_col(square)
    return f"{'abcdefgh'[col]}{8 - row}"


_FROM_ALGEBRAIC = {algebraic_square(square): square for square in SQUARES}


def square_from_algebraic(name: str) -> int:
    """The square called `name` (`b8` is 1); ValueError for a light square or no square."""
    square = _FROM_ALGEBRAIC.get(name.lower())
    if square is None:
        raise ValueError(f"{name!r} is not a dark square of the board")
    return square


# --- a game's place in a file ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameEntry:
    """Where one game of a file is, and its tags, read without its moves.

    `number` counts from 1 in file order; `line` is the game's first line; `result` is the
    result written after the moves, else the `Result` tag's, in RESULTS' spelling.
    """

    number: int
    line: int
    tags: Mapping[str, str]
    result: str
    begin: int
    end: int

    def tag(self, name: str, default: str = "?") -> str:
        """A tag's value, whatever the case of its name in the file."""
        lowered = name.lower()
        for key, value in self.tags.items():
            if key.lower() == lowered:
                return value
        return default

    def summary(self) -> str:
        """One line for a list: number, players, result, event and date."""
        black, white = self.tag("Black"), self.tag("White")
        parts = [f"{self.number}. {black} vs {white}", self.result]
        parts += [value for name in ("Event", "Date") if (value := self.tag(name, "")) != "?"]
        return ", ".join(part for part in parts if part)

    def matches(self, query: str) -> bool:
        """Whether every word of `query` is found (any case) in the players, event or result."""
        haystack = " ".join(
            [self.tag("Black", ""), self.tag("White", ""), self.tag("Event", ""), self.result]
        ).casefold()
        return all(word in haystack for word in query.casefold().split())


def filter_entries(entries: Iterable[GameEntry], query: str) -> list[GameEntry]:
    """The entries whose players, event or result hold every word of `query` (all if blank)."""
    return [entry for entry in entries if entry.matches(query)]


def tag_value(tag: re.Match[str]) -> str:
    """A tag's value with PDN's two escapes (`\\"`, `\\\\`) undone, cut as `clipped` says."""
    value = tag.group(2)
    return clipped(tag.group(1), _TAG_ESCAPE.sub(r"\1", value) if "\\" in value else value)


def clipped(name: str, value: str) -> str:
    """A tag's value cut to MAX_TAG_CHARS, but a tag that sets the game up (a FEN), read whole."""
    return (
        value
        if len(value) <= MAX_TAG_CHARS or name.lower() in STRUCTURAL
        else value[:MAX_TAG_CHARS]
    )


def keep_tags(tags: dict[str, T], more: Iterable[tuple[str, T]]) -> None:
    """Add tags to a game's, up to MAX_TAGS (a tag already there takes its new value)."""
    for name, value in more:
        if len(tags) < MAX_TAGS or name in tags:
            # Interned: every game of an archive names the same few tags, kept once.
            tags[sys.intern(name)] = value


def clip(text: str, limit: int = 40) -> str:
    """Text short enough for a one-line message (a 5,000-digit number is shown cut)."""
    return text if len(text) <= limit else f"{text[: limit - 3]}..."
