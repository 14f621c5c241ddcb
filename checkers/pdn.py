"""PDN games: read files of many games tolerantly, write them exactly as RULES.md asks.

Pure Python, standard library only. Reading replays every move through the rules core, so a
game that reads without a `PdnError` is legal move for move; every game written reads back
with the same start, moves, result, tags and comments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from checkers.board import (
    BLACK,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Position,
)
from checkers.record import GameRecord

__all__ = [
    "RESULTS",
    "ROSTER",
    "PdnError",
    "PdnGame",
    "game_from_record",
    "read_file",
    "read_game",
    "read_games",
    "record_from_game",
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

# A word is what lies between whitespace and PDN's punctuation; it is then classified.
_WORD = re.compile(r"[^\s\[\]{}();]+")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_MOVE_NUMBER = re.compile(r"(\d+)\.+(.*)")
_MOVE_WORD = re.compile(r"(\d+(?:[-xX:]\d+)+)(?:[!?]+|\$\d+)*")  # `11-15!?`, `11-15$1`
_NAG = re.compile(r"\$\d+")
_ELLIPSIS = re.compile(r"\.{2,}")


class PdnError(ValueError):
    """PDN text that cannot be read: the line it is on and what is wrong there."""

    def __init__(self, problem: str, line: int, source: str = "") -> None:
        self.problem = problem
        self.line = line
        self.source = source
        where = f"{source}, line {line}" if source else f"line {line}"
        super().__init__(f"{where}: {problem}")


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


# --- reading ----------------------------------------------------------------------------------


def read_games(text: str, source: str = "") -> list[PdnGame]:
    """Every game in PDN text; `source` (a file name) prefixes error messages.

    Tolerant of short captures, `:` capture signs, leading zeros, comments, nested variations,
    NAGs, missing tags, CRLF and a BOM; raises PdnError naming the line of anything else.
    """
    return _Reader(text, source).read()


def read_game(text: str, source: str = "") -> PdnGame:
    """The first game in PDN text; PdnError if there is none."""
    games = read_games(text, source)
    if not games:
        raise PdnError("no game found", 1, source)
    return games[0]


def read_file(path: str | Path) -> list[PdnGame]:
    """Every game in a PDN file; errors name the file. OSError if it cannot be opened."""
    path = Path(path)
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # CheckerBoard on Windows writes names in the ANSI code page, which is not UTF-8.
        text = data.decode("cp1252", errors="replace")
    return read_games(text, path.name)


@dataclass
class _Draft:
    """A game being read: what the tags said so far, then its movetext."""

    first_line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)  # name -> (value, line)
    record: GameRecord | None = None
    comments: dict[int, list[str]] = field(default_factory=dict)
    move_number: int = 1


class _Reader:
    """One pass over PDN text, keeping the line number for error messages."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.source = source
        self.pos = 0
        self.line = 1
        self.games: list[PdnGame] = []
        self.draft: _Draft | None = None
        self.pending_comments: list[str] = []  # read between games: they open the next one

    def error(self, problem: str, line: int | None = None) -> PdnError:
        return PdnError(problem, self.line if line is None else line, self.source)

    def advance(self, end: int) -> str:
        """Consume text up to `end`, counting the lines it spans; returns it."""
        chunk = self.text[self.pos : end]
        self.line += chunk.count("\n")
        self.pos = end
        return chunk

    def read(self) -> list[PdnGame]:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char.isspace():
                self.advance(self.pos + 1)
            elif char == "[":
                self.read_tag()
            elif char == "{":
                self.add_comment(self.read_comment())
            elif char == ";":  # PGN's rest-of-line comment
                end = text.find("\n", self.pos)
                self.add_comment(self.advance(len(text) if end < 0 else end)[1:])
            elif char == "(":
                self.skip_variation()
            elif char in ")]}":
                raise self.error(f"unexpected {char!r} with nothing open before it")
            else:
                match = _WORD.match(text, self.pos)
                assert match is not None  # any other character starts a word
                line = self.line
                self.advance(match.end())
                self.read_word(match.group(), line)
        self.finish("")
        return self.games

    # --- tags and comments -------------------------------------------------------------------

    def read_tag(self) -> None:
        match = _TAG.match(self.text, self.pos)
        if not match:
            end = self.text.find("\n", self.pos)
            snippet = self.text[self.pos : len(self.text) if end < 0 else end].strip()
            raise self.error(f'malformed tag {snippet!r}: expected [Name "value"]')
        if self.draft is not None and self.draft.record is not None:
            self.finish("")  # a tag after movetext starts the next game
        if self.draft is None:
            self.draft = self.new_draft(self.line)
        name = match.group(1)
        value = re.sub(r"\\(.)", r"\1", match.group(2))
        self.draft.tags[name] = (value, self.line)
        self.advance(match.end())

    def read_comment(self) -> str:
        end = self.text.find("}", self.pos)
        if end < 0:
            raise self.error("comment opened here is never closed with '}'")
        return self.advance(end + 1)[1:-1]

    def add_comment(self, text: str) -> None:
        words = " ".join(text.split())
        if not words:
            return
        if self.draft is None:
            self.pending_comments.append(words)
            return
        draft = self.draft
        ply = draft.record.ply if draft.record is not None else 0
        draft.comments.setdefault(ply, []).append(words)

    def skip_variation(self) -> None:
        """Skip a `(variation)`, nested ones and comments inside it included."""
        opened = self.line
        depth = 0
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "{":
                self.read_comment()
                continue
            if char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
            self.advance(self.pos + 1)
            if depth == 0:
                return
        raise self.error("variation opened here is never closed with ')'", opened)

    # --- movetext ----------------------------------------------------------------------------

    def read_word(self, word: str, line: int) -> None:
        if word in _RESULT_ALIASES:
            self.begin_movetext(line)
            self.finish(_RESULT_ALIASES[word])
            return
        if _NAG.fullmatch(word) or _ELLIPSIS.fullmatch(word):
            return
        number = _MOVE_NUMBER.fullmatch(word)
        if number:
            self.begin_movetext(line).move_number = int(number.group(1))
            word = number.group(2)  # `1.11-15` runs the number into the move
            if not word or _ELLIPSIS.fullmatch(word):
                return
        move = _MOVE_WORD.fullmatch(word)
        if not move:
            raise self.error(f"{word!r} is not a move, a move number or a result", line)
        self.play(move.group(1), line)

    def play(self, text: str, line: int) -> None:
        draft = self.begin_movetext(line)
        record = draft.record
        assert record is not None
        position = record.position
        side = position.turn.name.capitalize()
        label = f"move {draft.move_number} ({side}) {text}"
        if record.outcome is not None:
            raise self.error(f"{label} comes after the end of the game: {record.outcome}", line)
        try:
            move = Move.from_pdn(text, position)
        except AmbiguousMoveError as error:
            options = str(error).rpartition(": ")[2]
            raise self.error(f"{label} is ambiguous here: it could be {options}", line) from None
        except IllegalMoveError:
            legal = ", ".join(m.pdn() for m in position.legal_moves())
            raise self.error(
                f"{label} is not legal here: the legal moves are {legal}", line
            ) from None
        except InvalidMoveError as error:
            detail = str(error)
            for prefix in (f"{text}: ", f"{text!r}: "):
                detail = detail.removeprefix(prefix)
            raise self.error(f"{label} is not well formed: {detail}", line) from None
        record.play(move)
        if position.turn is not BLACK:
            draft.move_number += 1

    def begin_movetext(self, line: int) -> _Draft:
        """The game the movetext at `line` belongs to, its start position set up from its tags."""
        if self.draft is None:
            self.draft = self.new_draft(line)
        draft = self.draft
        if draft.record is None:
            draft.record = GameRecord(self.start_position(draft))
        return draft

    def new_draft(self, line: int) -> _Draft:
        draft = _Draft(line)
        if self.pending_comments:
            draft.comments[0] = self.pending_comments
            self.pending_comments = []
        return draft

    def start_position(self, draft: _Draft) -> Position:
        tags = {name.lower(): entry for name, entry in draft.tags.items()}
        game_type = tags.get("gametype")
        if game_type is not None and game_type[0].split(",")[0].strip() != _ENGLISH_DRAUGHTS:
            raise self.error(
                f"GameType {game_type[0]!r} is not English draughts (21)", game_type[1]
            )
        fen = tags.get("fen")
        setup = tags.get("setup")
        if fen is None:
            if setup is not None and setup[0].strip() == "1":
                raise self.error('[SetUp "1"] without a [FEN "..."] tag', setup[1])
            return Position()
        try:
            return Position.from_fen(fen[0])
        except InvalidFenError as error:
            raise self.error(f"invalid FEN {fen[0]!r}: {error}", fen[1]) from None

    def finish(self, result: str) -> None:
        """End the game being read with `result` ("" when the text just stops)."""
        draft = self.draft
        if draft is None:
            return
        if draft.record is None:  # a game of tags alone
            draft.record = GameRecord(self.start_position(draft))
        self.draft = None
        record = draft.record
        tags = {
            name: value
            for name, (value, _) in draft.tags.items()
            if name.lower() not in _STRUCTURAL
        }
        if not result:
            tag_result = next(
                (value for name, (value, _) in draft.tags.items() if name.lower() == "result"), "*"
            )
            result = _RESULT_ALIASES.get(tag_result.strip(), "*")
        comments = {ply: " ".join(texts) for ply, texts in draft.comments.items()}
        self.games.append(PdnGame(tags, record.start, record.moves, result, comments))


# --- writing ----------------------------------------------------------------------------------


def write_game(game: PdnGame) -> str:
    """PDN text for one game, as RULES.md lays it out; ends with a newline."""
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
    lines.extend(_wrap(_movetext(game)))
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[PdnGame]) -> str:
    """PDN text for many games, a blank line between them."""
    return "\n".join(write_game(game) for game in games)


def _tag(name: str, value: str) -> str:
    if not _TAG_NAME.fullmatch(name):
        raise ValueError(f"tag name {name!r} must be letters, digits or _")
    # A tag is one line; PDN escapes only the quote and the backslash.
    value = str(value)
    if any(c in value for c in "\n\r\t"):
        value = " ".join(value.split())
    return '[{} "{}"]'.format(name, value.replace("\\", "\\\\").replace('"', '\\"'))


def _movetext(game: PdnGame) -> list[str]:
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

    number = 1
    needs_number = True  # White's move needs `N. ...` after a comment or at a White start
    comment(0)
    position = game.start
    for ply, move in enumerate(game.moves, start=1):
        if position.turn is BLACK:
            words.append(f"{number}. {move.pdn()}")
        else:
            words.append(f"{number}. ... {move.pdn()}" if needs_number else move.pdn())
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

    A result the rules did not reach (resignation, agreement) stays in `game.result`.
    """
    record = GameRecord(game.start)
    for move in game.moves:
        record.play(move)
    return record
