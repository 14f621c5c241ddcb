"""An idea as data: its name, the side that carries it out, its line and the claim the line proves.

Small, frozen and picklable, so it crosses the AI process's pipe and prints as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checkers.board import Side

__all__ = ["Idea", "pieces_words"]


@dataclass(frozen=True)
class Idea:
    """One idea in a line: its name (from `IDEA_NAMES`), the side that carries it out, the
    line from the analysed position to the idea's last move (PDN texts), the index in that line
    of the idea's first move, its claim as (field, value) pairs, and a sentence for players;
    `lead`: what the line's first move's side has given or taken in the moves before the idea
    begins (`gives a man`), empty when nothing or an even trade."""

    name: str
    side: Side
    line: tuple[str, ...]
    start: int
    claim: tuple[tuple[str, int | str], ...]
    text: str
    lead: str = ""

    @property
    def fields(self) -> dict[str, int | str]:
        """The claim as a dictionary (`gives`, `takes`, `crowns`, ... as the name has them)."""
        return dict(self.claim)

    @property
    def moves(self) -> tuple[str, ...]:
        """The idea's own moves: its line from its first move on."""
        return self.line[self.start :]

    def to_json(self) -> dict[str, Any]:
        """`{"name": ..., "side": "white", "line": [...], "start": 0, <claim fields>, "text": ...}`."""
        data: dict[str, Any] = {
            "name": self.name,
            "side": self.side.name.lower(),
            "line": list(self.line),
            "start": self.start,
        }
        data.update(self.claim)
        if self.lead:
            data["lead"] = self.lead
        data["text"] = self.text
        return data


def pieces_words(count: int, kings: int = 0) -> str:
    """`a man`, `two men`, `nine men`, `12 men`; `pieces` when kings are among them. Words up
    to nine, as a player writes them: Why? read "about 5 men" beside "about four men" (walk
    2026-11-30q)."""
    noun = "piece" if kings else "man"
    if count == 1:
        return f"a {noun}"
    plural = "pieces" if kings else "men"
    words = dict(
        enumerate(("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))
    )
    return f"{words.get(count, str(count))} {plural}"
