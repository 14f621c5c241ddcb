"""PDN games: read files of many games tolerantly, write them exactly as RULES.md asks.

Pure Python, standard library only. A file is first indexed (where each game starts and ends,
and its tags), then each game's moves are read on demand, so a big archive opens at once and
one bad game never hides the others. Reading replays every move through the rules core, so a
game that reads without a `PdnError` is legal move for move; it never ends a game the file
continues (a repetition, the 40-move count): the file's moves and result stand. Every game
written reads back with the same start, moves, result, tags and comments.

Algebraic squares (`c3-d4`, as some sites export) follow RULES.md's diagram, White at the
bottom: files a-h from the left, ranks 1-8 from the bottom, so square 1 is b8, 4 is h8, 5 is a7,
29 is a1 and 32 is g1; `11-15` is `f6-e5` and `22-18` is `c3-d4`. A game whose algebraic moves
do not fit that board is read again with Black at the bottom (`1. c3-d4 b6-c5` is 11-15 24-19),
as one popular site writes them. Other programs' habits read too: a capture written as single
jumps, even under two move numbers (`6. ... e5xc3 7. c3xa1`), is one move; a short capture that
fits two routes (`10x26`) takes the one along which the rest of the game can be played, and a
game where both can is refused as ambiguous.
"""

from __future__ import annotations

import copy
import functools
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checkers._bitboard import VALID as _VALID
from checkers._bitboard import RawMove, capture_pending, generate_raw
from checkers.board import (
    BLACK,
    SQUARES,
    WHITE,
    InvalidFenError,
    Move,
    Piece,
    Position,
    square_row_col,
)
from checkers.record import GameRecord, Outcome, Reason
from checkers.textfile import MAX_TEXT_BYTES, FileRefusedError, read_text

__all__ = [
    "RESULTS",
    "ROSTER",
    "GameEntry",
    "GameUnreadable",
    "PdnArchive",
    "PdnError",
    "PdnGame",
    "PdnSkipWarning",
    "algebraic_square",
    "filter_entries",
    "game_from_record",
    "open_archive",
    "open_game",
    "open_games",
    "pick_game",
    "read_file",
    "read_game",
    "read_games",
    "record_from_game",
    "square_from_algebraic",
    "write_game",
    "write_games",
]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""Results as CheckerBoard writes them for GameType 21: Black won, White won, draw, unfinished."""

ROSTER = ("Event", "Site", "Date", "Round", "Black", "White")
"""The descriptive tags every written game carries, in RULES.md's order (`?` when unknown)."""

# Tags the writer derives from a game's start and result rather than from its `tags`.
_STRUCTURAL = ("result", "gametype", "setup", "fen")

# Other programs' spellings of the same results (international draughts scores a win 2-0).
_RESULT_ALIASES = {
    "1-0": "1-0",
    "2-0": "1-0",
    "0-1": "0-1",
    "0-2": "0-1",
    "1/2-1/2": "1/2-1/2",
    "1-1": "1/2-1/2",
    "½-½": "1/2-1/2",
    "*": "*",
}

_LINE_WIDTH = 79
_ENGLISH_DRAUGHTS = "21"
_MOVE_NUMBER_DIGITS = 6  # a longer number is no move number of a real game: counted instead

# --- the index: one pass over the whole text in runs, not words -------------------------------

# A tag line begins a game; a comment stops before one, so an unclosed `{` costs one game only.
_TAG_LINE_AHEAD = r'\n(?![ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]+")'
# Each loop is unrolled (`a*(?:b a*)*`): a group repeated once per character keeps a mark per
# character in the regex engine, 300 bytes each (a 5 MB tag took 1.5 GB); a run of one
# character class keeps none.
_QUOTED = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*'
# Well-formed tag lines in a row are one token (a game's tags, the blank line after them): a
# token per tag and per line break between them took two thirds of the indexing.
_TAG_BLOCK = r"(?:\[[ \t]*[A-Za-z0-9_]+[ \t]*" + _QUOTED + r'"[ \t]*\][ \t]*(?:\n[ \t\n]*)?)+'
_INDEX_TOKEN = re.compile(
    r"(?P<tags>" + _TAG_BLOCK + r")"
    r'|(?P<tag>\[[^\]\n"]*(?:' + _QUOTED + r'"?[^\]\n"]*)*\]?)'
    r"|(?P<comment>\{[^}\n]*(?:" + _TAG_LINE_AHEAD + r"[^}\n]*)*\}?)"
    r"|(?P<line_comment>;[^\n]*)"
    r"|(?P<open>\()"
    r"|(?P<close>\))"
    r"|(?P<run>[^\[\]{}();]+)"
    r"|(?P<stray>[\]}])"
)
# Read in a run with a space put before it: a pattern that begins with a space is scanned for
# spaces first, twice as fast as one that begins with a look-behind.
_RESULT_WORD = re.compile(r"\s(1-0|0-1|1/2-1/2|2-0|0-2|1-1|½-½|\*)(?!\S)")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]')
# Other programs do not always escape a backslash: `[Site "C:\"]` is read as the value `C:\`.
_LENIENT_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^\n]*)"\s*\]')
_TAG_ESCAPE = re.compile(r'\\(["\\])')  # PDN escapes only these two; other backslashes are kept
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")

# --- words of movetext -------------------------------------------------------------------------

_WORD = re.compile(r"[^\s\[\]{}();]+")
# ASCII digits only (\d would take "３" or "٣"), as in moves and FENs.
_MOVE_NUMBER = re.compile(r"([0-9]+)\.+(.*)")
_ANNOTATION = re.compile(r"(?:[!?]|\$[0-9]+)+")  # `!?`, `$1`, alone or run onto a move
_NUMERIC_MOVE = re.compile(r"([0-9]+)((?:[-xX:][0-9]+)+)")
_ALGEBRAIC_MOVE = re.compile(r"([a-hA-H][1-8])((?:[-xX:][a-hA-H][1-8])+)")
_ELLIPSIS = re.compile(r"\.{2,}|…")
_SQUARE_DIGITS = re.compile(r"0*([0-9]{1,3})")


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


# --- the index --------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass
class _OpenEntry:
    begin: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    has_movetext: bool = False
    result: str = ""


class _Indexer:
    """One pass over the text in runs of movetext (not words): where each game begins and ends.

    A game begins at its first tag, comment or move; it ends at a result written after its
    moves, or where a tag follows its moves. Words are read later, one game at a time.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.entries: list[GameEntry] = []
        self.current: _OpenEntry | None = None
        self.depth = 0  # variations open
        self.line = 1
        self.counted_to = 0

    def line_at(self, offset: int) -> int:
        self.line += self.text.count("\n", self.counted_to, offset)
        self.counted_to = offset
        return self.line

    def open(self, begin: int) -> _OpenEntry:
        if self.current is None:
            self.current = _OpenEntry(begin, self.line_at(begin))
        return self.current

    def close(self, end: int) -> None:
        current = self.current
        if current is not None and (current.tags or current.has_movetext):
            result = current.result
            if not result:
                tag_result = next(
                    (v for k, v in current.tags.items() if k.lower() == "result"), "*"
                )
                result = _RESULT_ALIASES.get(tag_result.strip(), "*")
            number = len(self.entries) + 1
            self.entries.append(
                GameEntry(number, current.line, current.tags, result, current.begin, end)
            )
        self.current = None
        self.depth = 0

    def run(self) -> list[GameEntry]:
        for token in _INDEX_TOKEN.finditer(self.text):
            kind = token.lastgroup
            begin = token.start()
            if kind == "tags":
                self.tag_block(token.group(), begin)
            elif kind == "tag":
                self.tag(token.group(), begin)
            elif self.depth:
                if kind == "open":
                    self.depth += 1
                elif kind == "close":
                    self.depth -= 1
            elif kind in ("comment", "line_comment"):
                self.open(begin)
            elif kind == "run":
                self.movetext(token.group(), begin)
            else:  # `(`, or a stray `)`, `]` or `}`: movetext the game's reader will judge
                self.open(begin).has_movetext = True
                if kind == "open":
                    self.depth = 1
        self.close(len(self.text))
        return self.entries

    def tag(self, text: str, begin: int) -> None:
        tag = _TAG.fullmatch(text) or _LENIENT_TAG.fullmatch(text)
        if self.depth and tag is None:
            return  # brackets inside a variation
        current = self.current
        if current is not None and (current.has_movetext or self.depth):
            # A tag after movetext (or in a variation never closed) starts the next game.
            self.close(begin)
        entry = self.open(begin)
        if tag is not None:
            entry.tags[tag.group(1)] = _tag_value(tag)

    def tag_block(self, block: str, begin: int) -> None:
        """Well-formed tags in a row: as many `tag`s."""
        current = self.current
        if current is not None and (current.has_movetext or self.depth):
            self.close(begin)
        tags = self.open(begin).tags
        if "\\" in block:
            for tag in _TAG.finditer(block):
                tags[tag.group(1)] = _tag_value(tag)
        else:
            tags.update(_TAG.findall(block))  # pairs made in C: no escapes to undo

    def movetext(self, chunk: str, begin: int) -> None:
        offset = 0
        for result in _RESULT_WORD.finditer(f" {chunk}"):
            start, stop = result.start(1) - 1, result.end(1) - 1  # in `chunk`
            before = chunk[offset:start]
            self.open(begin + offset + len(before) - len(before.lstrip()))
            assert self.current is not None
            self.current.has_movetext = True
            self.current.result = _RESULT_ALIASES[result.group(1)]
            self.close(begin + stop)
            offset = stop
        rest = chunk[offset:]
        stripped = rest.lstrip()
        if stripped:
            self.open(begin + offset + len(rest) - len(stripped)).has_movetext = True


def _tag_value(tag: re.Match[str]) -> str:
    value = tag.group(2)
    return _TAG_ESCAPE.sub(r"\1", value) if "\\" in value else value


# --- the archive: the index, and each game read on demand --------------------------------------


class PdnArchive:
    """PDN text indexed by game: tags at once, each game's moves read when asked for.

    `game(n)` reads game n (from 1) or raises the PdnError naming it, its line and the problem;
    the other games are not affected by a bad one.
    """

    def __init__(self, text: str, source: str = "", path: Path | None = None) -> None:
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.text = self.text.removeprefix("\ufeff")
        self.source = source
        self.path = path
        """The file the text was read from, if it was."""
        self.entries: list[GameEntry] = _Indexer(self.text).run()

    def __len__(self) -> int:
        return len(self.entries)

    def game(self, number: int) -> PdnGame:
        """Game `number` (from 1), its moves replayed; PdnError if it cannot be read."""
        if not 1 <= number <= len(self.entries):
            raise IndexError(f"there is no game {number}: the file holds {len(self.entries)}")
        entry = self.entries[number - 1]
        # Errors name the game only where there is more than one to tell apart.
        numbered = len(self.entries) > 1
        reader = _GameReader(self.text, entry, self.source, numbered)
        try:
            return reader.read()
        except PdnError as error:
            if not reader.algebraic:
                raise
            problem = error
        # Algebraic squares that do not fit: the board may be the other way round.
        flipped = _GameReader(self.text, entry, self.source, numbered, flipped=True)
        try:
            return flipped.read()
        except PdnError as error:
            # The reading that went further names the real problem.
            raise (error if flipped.pos > reader.pos else problem) from None

    def games(self) -> Iterator[PdnGame | PdnError]:
        """Every game in order, or in its place the PdnError that says why it cannot be read."""
        for number in range(1, len(self.entries) + 1):
            try:
                yield self.game(number)
            except PdnError as error:
                yield error

    def read_all(self) -> tuple[list[PdnGame], list[PdnError]]:
        """The games that read, and the problem of each game that does not."""
        good: list[PdnGame] = []
        bad: list[PdnError] = []
        for item in self.games():
            (bad if isinstance(item, PdnError) else good).append(item)  # type: ignore[arg-type]
        return good, bad


def open_archive(path: str | Path, limit: int = MAX_TEXT_BYTES) -> PdnArchive:
    """A PDN file, indexed (see PdnArchive); OSError (FileRefusedError for a directory, a
    device, a FIFO, a file over `limit` bytes or binary data) if it cannot be read."""
    path = Path(path)
    return PdnArchive(read_text(path, limit, "PDN file"), path.name, path)


class PdnSkipWarning(UserWarning):
    """A game of a file that could not be read and was skipped (the message says why)."""


def _warn_skipped(error: PdnError) -> None:
    warnings.warn(f"skipped: {error}", PdnSkipWarning, stacklevel=4)


def _readable(archive: PdnArchive, on_error: Callable[[PdnError], None] | None) -> list[PdnGame]:
    report = on_error or _warn_skipped
    games: list[PdnGame] = []
    for item in archive.games():
        if isinstance(item, PdnError):
            report(item)
        else:
            games.append(item)
    return games


def read_games(
    text: str, source: str = "", on_error: Callable[[PdnError], None] | None = None
) -> list[PdnGame]:
    """Every game in PDN text that can be read; `source` (a file name) prefixes error messages.

    Tolerant of short captures, captures written with `-`, `:` capture signs, leading zeros,
    algebraic squares, comments, nested variations, NAGs, missing tags, CRLF and a BOM. A game
    that cannot be read is skipped, never the whole text: its PdnError (game, line, reason)
    goes to `on_error`, or is a PdnSkipWarning. `read_game` reads one game or raises.
    """
    return _readable(PdnArchive(text, source), on_error)


def read_game(text: str, source: str = "") -> PdnGame:
    """The first game in PDN text; PdnError if there is none or it cannot be read."""
    archive = PdnArchive(text, source)
    if not archive.entries:
        raise PdnError("no game found", 1, source)
    return archive.game(1)


def read_file(
    path: str | Path, on_error: Callable[[PdnError], None] | None = None
) -> list[PdnGame]:
    """Every game in a PDN file that can be read (a bad one is skipped and reported, as in
    `read_games`); errors name the file. OSError if the file cannot be read."""
    return _readable(open_archive(path), on_error)


class GameUnreadable(ValueError):
    """Why a game cannot be opened from a file, in one line naming the file (and the game, in a
    file of many): the command line and the window say it, each with its own verb."""

    def __init__(self, name: str, why: str, number: int | None = None) -> None:
        self.name = name
        self.why = why
        self.number = number
        super().__init__(self.words())

    def words(self, name: str | None = None) -> str:
        """`x.pdn: why`, or `game 2 of x.pdn: why`; the file called `name` if one is given."""
        what = self.name if name is None else name
        if self.number is not None:
            what = f"game {self.number:,} of {what}"
        return f"{what}: {self.why}"


def open_games(path: str | Path) -> PdnArchive:
    """A PDN file indexed (see PdnArchive), holding at least one game; GameUnreadable if the file
    cannot be read (a directory, a device, too big, not text, missing) or holds no game."""
    path = Path(path)
    try:
        archive = open_archive(path)
    except OSError as error:
        why = str(error) if isinstance(error, FileRefusedError) else error.strerror or str(error)
        # A refusal names the file first ("x.pdn is a directory, ..."): said once is enough.
        refused = why.removeprefix(f"{path.name} ")
        raise GameUnreadable(path.name, why if refused == why else f"it {refused}") from None
    if not archive.entries:
        raise GameUnreadable(path.name, "it holds no game")
    return archive


def pick_game(archive: PdnArchive, number: int = 1) -> PdnGame:
    """Game `number` (from 1) of an archive, read alone (a bad game elsewhere does not matter);
    GameUnreadable (the game, its line and the problem) if it is not there or cannot be read."""
    count = len(archive)
    if not 1 <= number <= count:
        held = "no game" if not count else "1 game" if count == 1 else f"{count:,} games"
        raise GameUnreadable(archive.source, f"there is no game {number:,}: it holds {held}")
    try:
        return archive.game(number)
    except PdnError as error:
        numbered = number if count > 1 else None  # a file of one game is named alone
        raise GameUnreadable(
            archive.source, f"line {error.line}: {error.problem}", numbered
        ) from None


def open_game(path: str | Path, number: int = 1) -> PdnGame:
    """Game `number` (from 1) of a PDN file, read alone: the other games are only indexed, so a
    bad one elsewhere in the file does not matter. GameUnreadable says in one line why not (the
    file cannot be read or holds no game, there is no such game, or it cannot be read)."""
    return pick_game(open_games(path), number)


# --- reading one game's words ------------------------------------------------------------------

# The bit of each square, from the core's own layout (asked, not derived again here).
_BIT = [0] + [Position.from_pieces({s: Piece(BLACK)}).black for s in SQUARES]
_SQUARE_OF_BIT = {bit: square for square, bit in enumerate(_BIT) if bit}
_MOVES: dict[tuple[int, ...], Move] = {}  # every Move read, by path: few distinct ones recur
_CAPTURES: dict[tuple[int, ...], Move] = {}  # every capture read, by its path of bits
_BIT_PATHS: dict[tuple[int, ...], tuple[int, ...]] = {}  # squares read -> their bits
_INITIAL = Position()
_STEP_KEY_SHIFT = 36  # a step's key: its origin's bit above its target's (bits are under 2**36)


def _steps(black: bool, king: bool) -> dict[int, RawMove]:
    """Every step a lone man or king of a side can make, by origin and target, from the
    rules core's own generator (so the reader has no rules of its own)."""
    steps: dict[int, RawMove] = {}
    for square in SQUARES:
        piece = Position.from_pieces({square: Piece(BLACK if black else WHITE, king)})
        for raw in generate_raw(piece.black, piece.white, piece.kings, black):
            origin = _BIT[square]
            steps[origin << _STEP_KEY_SHIFT | raw[0] ^ origin] = raw
    return steps


_MAN_STEPS = {True: _steps(True, False), False: _steps(False, False)}
_KING_STEPS = _steps(True, True)  # a king steps alike for either side


def _move_of(path: tuple[int, ...]) -> Move:
    move = _MOVES.get(path)
    if move is None:
        move = _MOVES[path] = Move(path)
    return move


# What a word of movetext is, decided once per distinct word (`11-15` recurs thousands of times
# in an archive; the cache halved the time per ply): (result, move number, squares, problem,
# algebraic). A move number of more digits than _MOVE_NUMBER_DIGITS reads as 0: counted, not
# trusted. `algebraic` says the squares were named `c3`, not numbered: such a game may have
# been written with the board the other way round.
_Word = tuple[str | None, int | None, tuple[int, ...] | None, str | None, bool]


@functools.lru_cache(maxsize=1 << 16)
def _classify(word: str) -> _Word:
    """What a word is; a problem is `!text` when the word is no move at all, else a detail of
    why the move is not well formed."""
    result = _RESULT_ALIASES.get(word)
    if result is not None:
        return result, None, None, None, False
    if _ANNOTATION.fullmatch(word) or _ELLIPSIS.fullmatch(word):
        return None, None, None, None, False
    number = None
    numbered = _MOVE_NUMBER.fullmatch(word)
    if numbered:
        digits = numbered.group(1).lstrip("0") or "0"
        number = int(digits) if len(digits) <= _MOVE_NUMBER_DIGITS else 0
        word = numbered.group(2)  # `1.11-15` runs the number into the move
        if not word or _ELLIPSIS.fullmatch(word):
            return None, number, None, None, False
    annotated = _ANNOTATION.search(word)
    if annotated is not None and annotated.end() == len(word) and annotated.start():
        word = word[: annotated.start()]  # `11-15!?`, `11-15$1`
    if _NUMERIC_MOVE.fullmatch(word) is not None:
        squares = []
        for digits in _MOVE_SIGN.split(word):
            short = _SQUARE_DIGITS.fullmatch(digits)
            square = int(short.group(1)) if short is not None else 0
            if not 1 <= square <= 32:
                return None, number, None, f"square {_clip(digits)} is not between 1 and 32", False
            squares.append(square)
        return None, number, tuple(squares), None, False
    if _ALGEBRAIC_MOVE.fullmatch(word) is not None:
        try:
            squares = [square_from_algebraic(name) for name in _MOVE_SIGN.split(word)]
        except ValueError as error:
            return None, number, None, str(error), True
        return None, number, tuple(squares), None, True
    return None, number, None, f"!{_clip(word)!r} is not a move, a move number or a result", False


_FORKS_PER_GAME = 64
"""Readings of the rest of a game tried, at most, to tell which route a short capture took: a
real game has a few such captures; a made-up one with hundreds would cost hundreds of readings."""


class _AmbiguousCapture(PdnError):
    """A short capture whose every route lets the rest of the game be read: which was played
    cannot be told."""


class _TooManyRoutes(PdnError):
    """A game with more short captures to settle than _FORKS_PER_GAME readings allow."""


class _GameReader:
    """The words of one game's text: tags, comments, variations, move numbers, moves, result.

    Lines are counted only for a message: the offset of what is wrong tells its line. With
    `flipped`, algebraic squares are read with Black at the bottom of the board (square s is
    33 - s), as one popular site exports them. A capture cut into single jumps (`e5xc3 c3xa1`,
    even under two move numbers) is joined into one move; a short capture that fits two routes
    is settled by reading the rest of the game along each.
    """

    def __init__(
        self, text: str, entry: GameEntry, source: str, numbered: bool, flipped: bool = False
    ) -> None:
        self.flipped = flipped
        self.algebraic = False  # whether an algebraic square was read (a flipped board may fit)
        # A capture's first jumps, waiting for the words that finish it: (squares, label, offset).
        self.pending: tuple[tuple[int, ...], str, int] | None = None
        self.forks = [0]  # readings of the rest of the game tried, shared with every fork
        self.numbered = numbered
        self.text = text
        self.end = entry.end
        self.pos = entry.begin
        self.entry = entry
        self.source = source
        self.tags: dict[str, tuple[str, int]] = {}  # name -> (value, offset)
        self.comments: dict[int, list[str]] = {}
        self.start: Position | None = None  # set by the first word of movetext
        # The position reached, as bitboards: a Position per move cost 15% of the reading.
        self.black, self.white, self.kings = _INITIAL.black, _INITIAL.white, _INITIAL.kings
        self.black_to_move = True
        self.moves: list[Move] = []
        self.move_number = 1
        self.result = ""

    def error(self, problem: str, offset: int | None = None) -> PdnError:
        at = self.pos if offset is None else offset
        line = self.entry.line + self.text.count("\n", self.entry.begin, at)
        return PdnError(problem, line, self.source, self.entry.number if self.numbered else None)

    def read(self) -> PdnGame:
        text, end = self.text, self.end
        token = _GAME_TOKEN
        plain_checked = False
        while True:
            match = token.match(text, self.pos, end)
            if match is None:
                break
            word = match.group(1)
            if word is not None:
                if not plain_checked:
                    plain_checked = True  # looked for once: a search per word would be quadratic
                    if _NOT_PLAIN.search(text, match.start(1), end) is None:
                        self.read_plain(match.start(1))
                        break
                self.pos = match.end()
                self.read_word(word, match.start(1))
                continue
            char = match.group(2)
            self.pos = match.start(2)
            if char == "[":
                self.read_tag()
            elif char == "{":
                self.add_comment(self.read_comment())
            elif char == ";":  # PGN's rest-of-line comment
                stop = text.find("\n", self.pos, end)
                stop = end if stop < 0 else stop
                self.add_comment(text[self.pos + 1 : stop])
                self.pos = stop
            elif char == "(":
                self.skip_variation()
            else:
                raise self.error(f"unexpected {char!r} with nothing open before it")
        return self.finish()

    def read_plain(self, start: int) -> None:
        """Read the rest of the game from `start`, words alone (no tag, comment or variation
        follows): move numbers and steps in a loop of their own on local bitboards, every other
        word as `read_word` reads it. Most of a file is such text; this loop reads it in half
        the time of the general one."""
        self.begin_movetext()
        text, end = self.text, self.end
        classify, bits, moves, known = _classify, _BIT, self.moves, _MOVES
        man_steps, king_steps, shift, valid = _MAN_STEPS, _KING_STEPS, _STEP_KEY_SHIFT, _VALID
        black, white, kings = self.black, self.white, self.kings
        black_to_move = self.black_to_move
        pos = start
        for word in text[start:end].split():
            offset = text.find(word, pos, end)  # only spaces lie between: this very word
            pos = offset + len(word)
            result, number, squares, problem, algebraic = classify(word)
            if squares is None and result is None and problem is None:
                if number and self.pending is None:  # a move number, alone
                    self.move_number = number
                continue  # or an annotation
            if squares is None or problem or algebraic or self.pending or self.result:
                pass  # read as `read_word` reads it
            elif len(squares) == 2 and (
                step := (king_steps if bits[squares[0]] & kings else man_steps[black_to_move]).get(
                    bits[squares[0]] << shift | bits[squares[1]]
                )
            ):
                origin, target = bits[squares[0]], bits[squares[1]]
                mover, other = (black, white) if black_to_move else (white, black)
                empty = valid ^ (black | white)
                # A step: the piece is there, the square empty and no capture pending
                # (capture_pending, inlined: a call per move cost 8% of the reading).
                if (
                    origin & mover
                    and target & empty
                    and not (
                        (
                            mover & ((other & empty >> 4) >> 4 | (other & empty >> 5) >> 5)
                            if black_to_move
                            else mover & ((other & empty << 5) << 5 | (other & empty << 4) << 4)
                        )
                        or (
                            mover
                            & kings
                            & (
                                (other & empty >> 4) >> 4
                                | (other & empty >> 5) >> 5
                                | (other & empty << 5) << 5
                                | (other & empty << 4) << 4
                            )
                        )
                    )
                ):
                    if number:
                        self.move_number = number
                    moves.append(known.get(squares) or _move_of(squares))
                    delta, _, king_delta, _ = step
                    if black_to_move:
                        black ^= delta
                    else:
                        white ^= delta
                        self.move_number += 1
                    kings ^= king_delta
                    black_to_move = not black_to_move
                    continue
            else:
                # A capture written whole: found among the legal captures by its path.
                path = _BIT_PATHS.get(squares)
                if path is None:
                    path = _BIT_PATHS[squares] = tuple(bits[square] for square in squares)
                for raw in generate_raw(black, white, kings, black_to_move):
                    if raw[3] == path:
                        if number:
                            self.move_number = number
                        moves.append(_CAPTURES.get(path) or _move_of(squares))
                        delta, captured, king_delta, _ = raw
                        if black_to_move:
                            black ^= delta
                            white ^= captured
                        else:
                            white ^= delta
                            black ^= captured
                            self.move_number += 1
                        kings ^= king_delta
                        black_to_move = not black_to_move
                        break
                else:
                    path = ()
                if path:
                    continue
            self.black, self.white, self.kings = black, white, kings
            self.black_to_move = black_to_move
            self.pos = pos
            self.read_word(word, offset)
            if self.pos != pos:
                return  # the rest was read along one route of a short capture
            black, white, kings = self.black, self.white, self.kings
            black_to_move = self.black_to_move
        self.black, self.white, self.kings = black, white, kings
        self.black_to_move = black_to_move
        self.pos = end

    # --- tags and comments -------------------------------------------------------------------

    def read_tag(self) -> None:
        stop = self.text.find("\n", self.pos, self.end)
        line_end = self.end if stop < 0 else stop
        match = _TAG.match(self.text, self.pos, line_end) or _LENIENT_TAG.match(
            self.text, self.pos, line_end
        )
        if not match:
            snippet = _clip(self.text[self.pos : line_end].strip(), 60)
            raise self.error(f'malformed tag {snippet!r}: expected [Name "value"]')
        if self.start is not None:
            raise self.error(f"tag [{match.group(1)}] comes after the moves")
        self.tags[match.group(1)] = (_tag_value(match), self.pos)
        self.pos = match.end()

    def read_comment(self) -> str:
        stop = self.text.find("}", self.pos, self.end)
        if stop < 0:
            raise self.error("comment opened here is never closed with '}'")
        comment = self.text[self.pos + 1 : stop]
        self.pos = stop + 1
        return comment

    def add_comment(self, text: str) -> None:
        words = " ".join(text.split())
        if words:
            self.comments.setdefault(len(self.moves), []).append(words)

    def skip_variation(self) -> None:
        """Skip a `(variation)`, nested ones and comments inside it included."""
        opened = self.pos
        depth = 0
        while True:
            match = _VARIATION_STOP.search(self.text, self.pos, self.end)
            if match is None:
                raise self.error("variation opened here is never closed with ')'", opened)
            char = match.group()
            if char == "{":
                self.pos = match.start()
                self.read_comment()
                continue
            depth += 1 if char == "(" else -1
            self.pos = match.end()
            if depth == 0:
                return

    # --- movetext ----------------------------------------------------------------------------

    def read_word(self, word: str, offset: int) -> None:
        result, number, squares, problem, algebraic = _classify(word)
        if result is not None:
            self.begin_movetext()
            self.result = result
            return
        if number is not None:
            self.begin_movetext()
            if number and self.pending is None:  # a capture's next jump keeps its move's number
                self.move_number = number
        if squares is None and problem is None:
            return
        if self.result:
            raise self.error(f"{_clip(word)!r} comes after the result {self.result}", offset)
        if problem is not None:
            if problem.startswith("!"):
                raise self.error(problem[1:], offset)
            raise self.error(f"{self.label(word)} is not well formed: {problem}", offset)
        assert squares is not None
        if algebraic:
            self.algebraic = True
            if self.flipped:
                squares = tuple(33 - square for square in squares)
        self.play(squares, word, offset)

    @property
    def position(self) -> Position:
        """The position reached, as a value (for messages)."""
        turn = BLACK if self.black_to_move else WHITE
        return Position.from_bitboards(self.black, self.white, self.kings, turn)

    def label(self, word: str) -> str:
        """How a message names the move `word`: `move 12 (White) 21-17`."""
        number = _MOVE_NUMBER.fullmatch(word)
        move = number.group(2) if number else word
        side = "Black" if self.black_to_move else "White"
        return f"move {self.move_number} ({side}) {_clip(move)}"

    def play(self, squares: tuple[int, ...], word: str, offset: int) -> None:
        self.begin_movetext()
        label = None
        black, white, kings = self.black, self.white, self.kings
        black_to_move = self.black_to_move
        if self.pending is not None:
            # The next jump of a capture written as single jumps: joined to the first ones.
            first, label, first_offset = self.pending
            if squares[0] != first[-1]:
                raise self.error(self.cut_short(label, first), first_offset)
            squares = first + squares[1:]
            self.pending = None
        elif len(squares) == 2:
            # Most moves are steps: looked up, with no list of moves made (a third of the time).
            origin, target = _BIT[squares[0]], _BIT[squares[1]]
            step = None
            if origin & (black if black_to_move else white):
                steps = _KING_STEPS if origin & kings else _MAN_STEPS[black_to_move]
                step = steps.get(origin << _STEP_KEY_SHIFT | target)
            if (
                step is not None
                and not target & (black | white)
                and not capture_pending(black, white, kings, black_to_move)
            ):
                self.moves.append(_move_of(squares))
                self.apply_bits(step)
                return
        raws = generate_raw(black, white, kings, black_to_move)
        mover = black if black_to_move else white
        bits = tuple(_BIT[s] for s in squares)
        chosen = None
        fits = []
        for raw in raws:
            path = raw[3]
            if path is None:
                if len(bits) == 2 and raw[0] == bits[0] | bits[1] and raw[0] & mover == bits[0]:
                    chosen = raw
                    break
            elif path == bits:
                chosen = raw
                break
            elif path[0] == bits[0] and path[-1] == bits[-1] and _within(bits[1:-1], path):
                fits.append(raw)  # a capture written short: start, end, some landings
        if chosen is None:
            if len(fits) > 1:
                self.settle(fits, mover, label or self.label(word), offset)
                return
            if fits:
                chosen = fits[0]
            elif any(raw[3] is not None and raw[3][: len(bits)] == bits for raw in raws):
                self.pending = (squares, label or self.label(word), offset)
                return
            else:
                raise self.error(self.refusal(label or self.label(word), raws, mover), offset)
        self.apply(chosen, mover)

    def apply(self, raw: RawMove, mover: int) -> None:
        """Play the move `raw` (of the side whose pieces are `mover`) on the game read so far."""
        self.moves.append(self.move_of(raw, mover))
        self.apply_bits(raw)

    def apply_bits(self, raw: RawMove) -> None:
        """Play `raw` on the bitboards, the move itself already kept."""
        delta, captured, king_delta, _ = raw
        if self.black_to_move:
            self.black ^= delta
            self.white ^= captured
        else:
            self.white ^= delta
            self.black ^= captured
            self.move_number += 1
        self.kings ^= king_delta
        self.black_to_move = not self.black_to_move

    def cut_short(self, label: str, squares: tuple[int, ...]) -> str:
        """Why a capture's first jumps cannot stand alone: the piece must jump on."""
        return f"{label} stops on {squares[-1]}, but the capture must go on from there"

    def settle(self, fits: list[RawMove], mover: int, label: str, offset: int) -> None:
        """Take the one route of a short capture along which the rest of the game reads; the
        game is refused when no route or more than one does."""
        found = sorted((self.move_of(raw, mover) for raw in fits), key=lambda move: move.path)
        options = ", ".join(move.pdn() for move in found)
        # Each readable route's reader, with the ambiguity found further on along it if any.
        readable: list[tuple[_GameReader, _AmbiguousCapture | None]] = []
        problems: list[tuple[int, PdnError]] = []  # where each other route stopped, and why
        for raw in fits:
            self.forks[0] += 1
            if self.forks[0] > _FORKS_PER_GAME:
                problem = f"{label} is ambiguous here: it could be {options}"
                raise _TooManyRoutes(*self.error_parts(problem, offset))
            branch = self.fork()
            branch.apply(raw, mover)
            try:
                branch.read()
            except _TooManyRoutes:
                raise  # no route is known to be wrong: the game is not read at all
            except _AmbiguousCapture as error:
                readable.append((branch, error))
            except PdnError as error:
                problems.append((branch.pos, error))
            else:
                readable.append((branch, None))
        if len(readable) > 1:
            raise _AmbiguousCapture(
                *self.error_parts(
                    f"{label} is ambiguous here: it could be {options}, and the rest of the "
                    "game reads either way",
                    offset,
                )
            )
        if not readable:
            # Every route stops somewhere: the one that reads furthest names the real problem.
            raise max(problems, key=lambda stop: stop[0])[1]
        branch, ambiguity = readable[0]
        if ambiguity is not None:
            raise ambiguity
        self.__dict__.update(branch.__dict__)  # its reading, to the end of the game

    def fork(self) -> _GameReader:
        """A copy of this reader to read the rest of the game another way."""
        branch = copy.copy(self)
        branch.moves = list(self.moves)
        branch.comments = {ply: list(texts) for ply, texts in self.comments.items()}
        branch.tags = dict(self.tags)
        return branch

    def error_parts(self, problem: str, offset: int) -> tuple[str, int, str, int | None]:
        """The arguments of a PdnError for `problem` at `offset`."""
        error = self.error(problem, offset)
        return error.problem, error.line, error.source, error.game

    def refusal(self, label: str, raws: list[RawMove], mover: int) -> str:
        """Why a move is not read: the game was over, or it is not legal."""
        if not raws:
            outcome = Outcome(self.position.turn.opponent, Reason.NO_MOVES)
            return f"{label} comes after the end of the game: {outcome}"
        legal = ", ".join(move.pdn() for move in self.position.legal_moves())
        return f"{label} is not legal here: the legal moves are {legal}"

    @staticmethod
    def move_of(raw: RawMove, mover: int) -> Move:
        path = raw[3]
        if path is None:
            origin = raw[0] & mover
            return _move_of((_SQUARE_OF_BIT[origin], _SQUARE_OF_BIT[raw[0] ^ origin]))
        move = _CAPTURES.get(path)
        if move is None:
            move = _CAPTURES[path] = _move_of(tuple(_SQUARE_OF_BIT[bit] for bit in path))
        return move

    def begin_movetext(self) -> None:
        """Set the start position from the tags, once, at the first word of movetext."""
        if self.start is None:
            start = self.start = self.start_position()
            self.black, self.white, self.kings = start.black, start.white, start.kings
            self.black_to_move = start.turn is BLACK

    def start_position(self) -> Position:
        tags = {name.lower(): entry for name, entry in self.tags.items()}
        game_type = tags.get("gametype")
        if game_type is not None and game_type[0].split(",")[0].strip() != _ENGLISH_DRAUGHTS:
            raise self.error(
                f"GameType {_clip(game_type[0])!r} is not English draughts (21)", game_type[1]
            )
        fen = tags.get("fen")
        setup = tags.get("setup")
        if fen is None:
            if setup is not None and setup[0].strip() == "1":
                raise self.error('[SetUp "1"] without a [FEN "..."] tag', setup[1])
            return Position()
        try:
            return Position.from_fen(fen[0])
        except ValueError as error:  # InvalidFenError, or a number too long for int()
            problem = error if isinstance(error, InvalidFenError) else "a number is too long"
            raise self.error(f"invalid FEN {_clip(fen[0])!r}: {problem}", fen[1]) from None

    def finish(self) -> PdnGame:
        self.begin_movetext()  # a game of tags alone still needs its start checked
        assert self.start is not None
        if self.pending is not None:
            squares, label, offset = self.pending
            raise self.error(self.cut_short(label, squares), offset)
        tags = {
            name: value for name, (value, _) in self.tags.items() if name.lower() not in _STRUCTURAL
        }
        comments = {ply: " ".join(texts) for ply, texts in self.comments.items()}
        return PdnGame(tags, self.start, self.moves, self.result or self.entry.result, comments)


_GAME_TOKEN = re.compile(r"\s*(?:([^\s\[\]{}();]+)|(\S))")
_NOT_PLAIN = re.compile(r"[\[\]{}();]")  # what ends a run of words
_MOVE_SIGN = re.compile(r"[-xX:]")
_VARIATION_STOP = re.compile(r"[(){]")


def _within(needle: Sequence[int], path: tuple[int, ...]) -> bool:
    """Whether the landings `needle` appear in order among the path's inner landings."""
    remaining = iter(path[1:-1])
    return all(any(bit == landing for landing in remaining) for bit in needle)


def _clip(text: str, limit: int = 40) -> str:
    """Text short enough for a one-line message (a 5,000-digit number is shown cut)."""
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


# --- writing ----------------------------------------------------------------------------------


def write_game(game: PdnGame, algebraic: bool = False) -> str:
    """PDN text for one game, as RULES.md lays it out; ends with a newline.

    With `algebraic`, moves name squares as some sites export them (`c3-d4`: see the module).
    """
    if game.result not in RESULTS:
        raise ValueError(f"result {game.result!r} is not one of {', '.join(RESULTS)}")
    lines = [
        _tag(name, game.tags.get(name, "????.??.??" if name == "Date" else "?")) for name in ROSTER
    ]
    lines.append(_tag("Result", game.result))
    lines.append(_tag("GameType", _ENGLISH_DRAUGHTS))
    if game.is_set_up():
        lines.append(_tag("SetUp", "1"))
        lines.append(_tag("FEN", game.start.fen()))
    lines.extend(
        _tag(name, value)
        for name, value in game.tags.items()
        if name not in ROSTER and name.lower() not in _STRUCTURAL
    )
    lines.append("")
    lines.extend(_wrap(_movetext(game, algebraic)))
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[PdnGame], algebraic: bool = False) -> str:
    """PDN text for many games, a blank line between them."""
    return "\n".join(write_game(game, algebraic) for game in games)


def _tag(name: str, value: str) -> str:
    if not _TAG_NAME.fullmatch(name):
        raise ValueError(f"tag name {name!r} must be letters, digits or _")
    # A tag is one line; PDN escapes only the quote and the backslash.
    value = str(value)
    if any(c in value for c in "\n\r\t"):
        value = " ".join(value.split())
    return '[{} "{}"]'.format(name, value.replace("\\", "\\\\").replace('"', '\\"'))


def _movetext(game: PdnGame, algebraic: bool = False) -> list[str]:
    """The movetext's words: numbers with their moves, comments word by word, the result."""
    words: list[str] = []

    def comment(ply: int) -> bool:
        text = " ".join(game.comments.get(ply, "").split())
        if not text:
            return False
        if "}" in text:
            raise ValueError(f"the comment after ply {ply} contains '}}', which PDN cannot hold")
        words.extend(f"{{{text}}}".split())
        return True

    def text(move: Move) -> str:
        if not algebraic:
            return move.pdn()
        return ("x" if move.captures else "-").join(map(algebraic_square, move.path))

    number = 1
    needs_number = True  # White's move needs `N. ...` after a comment or at a White start
    comment(0)
    position = game.start
    for ply, move in enumerate(game.moves, start=1):
        if position.turn is BLACK:
            words.append(f"{number}. {text(move)}")
        else:
            words.append(f"{number}. ... {text(move)}" if needs_number else text(move))
            number += 1
        position = position.move(move)
        needs_number = comment(ply)
    words.append(game.result)
    return words


def _wrap(words: list[str]) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > _LINE_WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return lines


# --- conversions ------------------------------------------------------------------------------


def game_from_record(record: GameRecord, tags: Mapping[str, str] | None = None) -> PdnGame:
    """The record's game up to its current position, its result from the rules (`*` if going)."""
    outcome = record.outcome
    return PdnGame(
        dict(tags or {}),
        record.start,
        record.moves,
        outcome.result() if outcome is not None else "*",
    )


def record_from_game(game: PdnGame) -> GameRecord:
    """A record replaying the game's moves: the same positions, history and counters.

    Every move the game holds is kept, even past a repetition or the 40-move count the players
    did not claim; a result the rules did not reach (resignation, agreement) stays in
    `game.result`.
    """
    return GameRecord.replay(game.moves, game.start)
