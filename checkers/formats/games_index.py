"""The games folder's index: what each saved game's file holds, read once per version of it.

Listing the games folder (the saved-games list, the offer to resume at every start) needs each
file's players, result and length. Reading every file at every start cost most of a second for
2,000 games and seconds for one 50 MB archive among them; the index keeps what was read, keyed
by each file's name, size and modification time, so a start reads only the files that changed.
A damaged index (not JSON, another layout, wrong types, a special file) is ignored and rebuilt;
one that cannot be written only costs the next start a full read.

Pure Python: the standard library, the PDN reader and the atomic writer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checkers import atomic
from checkers.formats.pdn import GameUnreadable, open_games, pick_game
from checkers.textfile import read_bytes

__all__ = ["INDEX_NAME", "FileSummary", "summaries", "summarize"]

INDEX_NAME = "games-index.json"
"""The index's file in the data directory (beside the games folder, so no listing shows it)."""

_FORMAT = 2  # 2: `set_up` (an index of format 1 is read again once)
_INDEX_LIMIT = 64 * 1024 * 1024  # bytes: far over 100,000 games' worth; a bigger one is rebuilt
_TAG_LIMIT = 200  # characters of a tag value kept: a list shows names, not 20 MB of a tag


@dataclass(frozen=True)
class FileSummary:
    """What the first game of a file holds, for a list: or why the file cannot be read.

    `plies` counts its moves; `games` how many games the file holds; `problem` is None for a
    file that reads, else why it does not (`line 3: ...`, without the file's name).
    """

    tags: Mapping[str, str] = field(default_factory=dict)
    result: str = "*"
    plies: int = 0
    games: int = 0
    problem: str | None = None
    set_up: bool = False
    """Whether the game starts from a set-up position (its `FEN` tag), not the usual start."""

    def as_json(self) -> dict[str, Any]:
        """The summary as the index keeps it."""
        if self.problem is not None:
            return {"problem": self.problem}
        return {
            "tags": dict(self.tags),
            "result": self.result,
            "plies": self.plies,
            "games": self.games,
            "set_up": self.set_up,
        }

    @classmethod
    def from_json(cls, data: object) -> FileSummary | None:
        """The summary the index kept, or None if it is not one (a damaged index)."""
        if not isinstance(data, dict):
            return None
        problem = data.get("problem")
        if isinstance(problem, str):
            return cls(problem=problem)
        tags, result = data.get("tags"), data.get("result")
        plies, games = data.get("plies"), data.get("games")
        set_up = data.get("set_up", False)
        if not (
            isinstance(tags, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items())
            and isinstance(result, str)
            and _is_count(plies)
            and _is_count(games)
            and isinstance(set_up, bool)
        ):
            return None
        return cls(tags, result, plies, games, set_up=set_up)  # type: ignore[arg-type]


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def summarize(path: Path) -> FileSummary:
    """Read a file's first game (as the window opens it) and keep what a list shows."""
    try:
        archive = open_games(path)
        game = pick_game(archive, 1)
    except GameUnreadable as error:
        return FileSummary(problem=error.why)
    tags = {name: value[:_TAG_LIMIT] for name, value in game.tags.items()}
    return FileSummary(tags, game.result, len(game.moves), len(archive), set_up=game.is_set_up())


def _key(info: os.stat_result) -> list[int]:
    """What tells a new version of a file: its size, its modification time (ns) and its inode
    (an atomic write makes a new one, even within the clock's tick)."""
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def _load(index: Path) -> dict[str, Any]:
    """The index's entries by file name; empty if there is none or it cannot be trusted."""
    try:
        data = json.loads(read_bytes(index, _INDEX_LIMIT, "games index"))
    except (OSError, ValueError, RecursionError):
        return {}  # missing, refused, not JSON: rebuilt
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        return {}
    files = data.get("files")
    return files if isinstance(files, dict) else {}


def summaries(
    paths: Iterable[tuple[Path, os.stat_result]], index: Path
) -> list[tuple[Path, os.stat_result, FileSummary]]:
    """Each file's summary: from the index where its name, size and time are as indexed, read
    afresh where not. The index is rewritten when a file was read or is gone."""
    kept = _load(index)
    fresh: dict[str, Any] = {}
    found = []
    changed = False
    for path, info in paths:
        entry = kept.get(path.name)
        summary = None
        if isinstance(entry, dict) and entry.get("key") == _key(info):
            summary = FileSummary.from_json(entry.get("summary"))
        if summary is None:
            summary = summarize(path)
            changed = True
        fresh[path.name] = {"key": _key(info), "summary": summary.as_json()}
        found.append((path, info, summary))
    if changed or len(fresh) != len(kept):
        text = json.dumps({"format": _FORMAT, "files": fresh}, ensure_ascii=False)
        with suppress(OSError):  # a read-only or full disk: the next start reads the files again
            atomic.write_text(index, text, "games index", follow_links=False)  # ours alone
    return found
