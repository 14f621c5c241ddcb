"""The index of a PDN text: where each game begins and ends and its tags, in one pass over the
text in runs, not words (a game's words are read when it is asked for: `_pdn_words`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType

from checkers.formats._pdn_base import (
    LENIENT_TAG,
    MAX_GAMES,
    RESULT_ALIASES,
    TAG,
    GameEntry,
    clipped,
    keep_tags,
    tag_value,
)
from checkers.textfile import FileRefusedError

# A tag line begins a game; a comment stops before one, so an unclosed `{` costs one game only.
_TAG_LINE_AHEAD = r'\n(?![ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]+")'
# Each loop is unrolled (`a*(?:b a*)*`): a group repeated once per character keeps a mark per
# character in the regex engine, 300 bytes each (a 5 MB tag took 1.5 GB); a run of one
# character class keeps none.
_QUOTED = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*'
# Well-formed tag lines in a row are one token (a game's tags, the blank line after them): a
# token per tag and per line break between them took two thirds of the indexing.
# At most 64 a token: the regex engine keeps a mark per repetition, and a file of tags alone
# made one token of millions (100 bytes of memory per byte of file).
_TAG_BLOCK = r"(?:\[[ \t]*[A-Za-z0-9_]+[ \t]*" + _QUOTED + r'"[ \t]*\][ \t]*(?:\n[ \t\n]*)?){1,64}'
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


_NO_TAGS: MappingProxyType[str, str] = MappingProxyType({})


@dataclass
class _OpenEntry:
    begin: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    has_movetext: bool = False
    result: str = ""


class Indexer:
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
                result = RESULT_ALIASES.get(tag_result.strip(), "*")
            number = len(self.entries) + 1
            if number > MAX_GAMES:
                raise FileRefusedError(
                    f"holds more than {MAX_GAMES:,} games, more than any archive read here"
                )
            # Most entries of a file of tiny games have no tag: one empty mapping for them all.
            tags = current.tags or _NO_TAGS
            self.entries.append(GameEntry(number, current.line, tags, result, current.begin, end))
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
        tag = TAG.fullmatch(text) or LENIENT_TAG.fullmatch(text)
        if self.depth and tag is None:
            return  # brackets inside a variation
        current = self.current
        if current is not None and (current.has_movetext or self.depth):
            # A tag after movetext (or in a variation never closed) starts the next game.
            self.close(begin)
        entry = self.open(begin)
        if tag is not None:
            keep_tags(entry.tags, [(tag.group(1), tag_value(tag))])

    def tag_block(self, block: str, begin: int) -> None:
        """Well-formed tags in a row: as many `tag`s."""
        current = self.current
        if current is not None and (current.has_movetext or self.depth):
            self.close(begin)
        tags = self.open(begin).tags
        if "\\" in block:
            keep_tags(tags, ((tag.group(1), tag_value(tag)) for tag in TAG.finditer(block)))
        else:  # pairs made in C: no escapes to undo
            keep_tags(tags, ((name, clipped(name, value)) for name, value in TAG.findall(block)))

    def movetext(self, chunk: str, begin: int) -> None:
        offset = 0
        for result in _RESULT_WORD.finditer(f" {chunk}"):
            start, stop = result.start(1) - 1, result.end(1) - 1  # in `chunk`
            before = chunk[offset:start]
            self.open(begin + offset + len(before) - len(before.lstrip()))
            assert self.current is not None
            self.current.has_movetext = True
            self.current.result = RESULT_ALIASES[result.group(1)]
            self.close(begin + stop)
            offset = stop
        rest = chunk[offset:]
        stripped = rest.lstrip()
        if stripped:
            self.open(begin + offset + len(rest) - len(stripped)).has_movetext = True
