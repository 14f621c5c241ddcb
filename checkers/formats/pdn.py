"""PDN games: read files of many games tolerantly, write them exactly as RULES.md asks.

Pure Python, standard library only. A file is first indexed (where each game starts and ends,
and its tags: `_pdn_index`), then each game's moves are read on demand (`_pdn_words`), so a big
archive opens at once and one bad game never hides the others. Reading replays every move through the rules core, so a
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

import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from checkers.board import BLACK, Move
from checkers.formats._pdn_base import (
    ENGLISH_DRAUGHTS,
    RESULTS,
    ROSTER,
    STRUCTURAL,
    GameEntry,
    PdnError,
    PdnGame,
    algebraic_square,
    filter_entries,
    square_from_algebraic,
)
from checkers.formats._pdn_index import Indexer
from checkers.formats._pdn_words import GameReader
from checkers.record import GameRecord
from checkers.textfile import MAX_TEXT_BYTES, FileRefusedError, read_text

__all__ = [
    "JUDGED_TAG",
    "RESULTS",
    "ROSTER",
    "GameEntry",
    "GameUnreadable",
    "PdnArchive",
    "PdnError",
    "PdnGame",
    "PdnSkipWarning",
    "algebraic_square",
    "comment_words",
    "filter_entries",
    "game_from_record",
    "game_tags",
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

_LINE_WIDTH = 79
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


# --- the archive: the index, and each game read on demand --------------------------------------


class PdnArchive:
    """PDN text indexed by game: tags at once, each game's moves read when asked for.

    `game(n)` reads game n (from 1) or raises the PdnError naming it, its line and the problem;
    the other games are not affected by a bad one. FileRefusedError for a text of more than
    MAX_GAMES games; a game keeps at most MAX_TAGS tags of at most MAX_TAG_CHARS characters.
    """

    def __init__(self, text: str, source: str = "", path: Path | None = None) -> None:
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.text = self.text.removeprefix("\ufeff")
        self.source = source
        self.path = path
        """The file the text was read from, if it was."""
        try:
            self.entries: list[GameEntry] = Indexer(self.text).run()
        except FileRefusedError as error:  # too many games: said with the file's name
            raise FileRefusedError(f"{source or 'the text'} {error}") from None

    def __len__(self) -> int:
        return len(self.entries)

    def game(self, number: int) -> PdnGame:
        """Game `number` (from 1), its moves replayed; PdnError if it cannot be read."""
        if not 1 <= number <= len(self.entries):
            raise IndexError(f"there is no game {number}: the file holds {len(self.entries)}")
        entry = self.entries[number - 1]
        # Errors name the game only where there is more than one to tell apart.
        numbered = len(self.entries) > 1
        reader = GameReader(self.text, entry, self.source, numbered)
        try:
            return reader.read()
        except PdnError as error:
            if not reader.algebraic:
                raise
            problem = error
        # Algebraic squares that do not fit: the board may be the other way round.
        flipped = GameReader(self.text, entry, self.source, numbered, flipped=True)
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
    lines.append(_tag("GameType", ENGLISH_DRAUGHTS))
    if game.is_set_up():
        lines.append(_tag("SetUp", "1"))
        lines.append(_tag("FEN", game.start.fen()))
    lines.extend(
        _tag(name, value)
        for name, value in game.tags.items()
        if name not in ROSTER and name.lower() not in STRUCTURAL
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


JUDGED_TAG = "Judged"
"""The tag a game's kept judgements travel in between a file and the window: `ply side score man
depth`, `db` for the endgame databases', then the judgement's line (its best move first), `;`
between them. A file keeps each one in the comment after the move that led to its position, as
a `[%judged side score man depth ...]` command (PGN's `[%eval]` habit), so a game of any length
keeps them all; a file written before that kept the last few in the tag itself, read as before."""
_JUDGED = "judged"
_COMMAND = re.compile(r"\[%(\w+)([^\]]*)\]")
"""A command inside a comment: `[%judged W 0.5 1 14 8-11]`, another program's `[%eval 0.17]`."""


def game_from_record(record: GameRecord, tags: Mapping[str, str] | None = None) -> PdnGame:
    """The record's game up to its current position, its result from the rules (`*` if going);
    the judgements in `tags` (`JUDGED_TAG`) are written after their moves, not as a tag."""
    outcome = record.outcome
    kept = dict(tags or {})
    return PdnGame(
        kept,
        record.start,
        record.moves,
        outcome.result() if outcome is not None else "*",
        _judged_comments(kept.pop(JUDGED_TAG, ""), len(record.moves)),
    )


def _judged_comments(text: str, plies: int) -> dict[int, str]:
    """The judgements of `JUDGED_TAG`'s value as commands in the comments after their moves
    (of the first `plies` moves: the game as written)."""
    comments: dict[int, str] = {}
    for entry in text.split(";"):
        ply, _, rest = entry.strip().partition(" ")
        if ply.isdigit() and int(ply) <= plies and rest and "]" not in rest:
            comments[int(ply)] = f"[%{_JUDGED} {rest}]"
    return comments


def game_tags(game: PdnGame) -> dict[str, str]:
    """The game's tags with the judgements its comments keep gathered into `JUDGED_TAG` (after
    an older file's own tag, which they stand over): what the window opens a game with."""
    tags = dict(game.tags)
    found = [
        f"{ply} {' '.join(command.group(2).split())}"
        for ply, text in sorted(game.comments.items())
        for command in _COMMAND.finditer(text)
        if command.group(1) == _JUDGED
    ]
    if found:
        tags[JUDGED_TAG] = "; ".join([*filter(None, [tags.get(JUDGED_TAG, "")]), *found])
    return tags


def comment_words(text: str) -> str:
    """A comment as a player reads it: without the commands programs keep in it (`[%judged
    ...]`, `[%eval ...]`, `[%clk ...]`)."""
    return " ".join(_COMMAND.sub(" ", text).split())


def record_from_game(game: PdnGame) -> GameRecord:
    """A record replaying the game's moves: the same positions, history and counters.

    Every move the game holds is kept, even past a repetition or the 40-move count the players
    did not claim; a result the rules did not reach (resignation, agreement) stays in
    `game.result`.
    """
    return GameRecord.replay(game.moves, game.start)
