"""The games of a PDN archive as the load screen lists them: filtered, checked a slice at a time.

Pure Python (no pygame), so the choices the screen makes are tested headless. The index gives
every game's tags at once; the moves are read a few games per frame, so a big file lists its
first games at once and the count of games that cannot be read grows as they are found.
"""

from __future__ import annotations

from checkers.formats.pdn import GameEntry, GameUnreadable, PdnArchive, PdnError, filter_entries
from checkers.saves import ResumedGame, load_game

__all__ = ["GameList"]


class GameList:
    """An archive's games: which are shown for the filter, and which were found unreadable."""

    def __init__(self, archive: PdnArchive) -> None:
        self.archive = archive
        self.query = ""
        self.checked = 0  # games 1..checked have been read
        self.bad: dict[int, str] = {}
        """Why each game found unreadable cannot be read (`line 6: ...`), by its number."""
        self.shown: list[GameEntry] = list(archive.entries)

    def set_query(self, query: str) -> None:
        """Show the games whose players, event or result hold every word of `query`."""
        self.query = query
        self.refresh()

    def refresh(self) -> None:
        """Recompute the list shown (after the filter changed or bad games were found)."""
        self.shown = [
            entry
            for entry in filter_entries(self.archive.entries, self.query)
            if entry.number not in self.bad
        ]

    def is_checked(self) -> bool:
        """Whether every game has been read once."""
        return self.checked >= len(self.archive)

    def check(self, games: int) -> int:
        """Read up to `games` more games, dropping bad ones from the list; how many were bad."""
        found = 0
        stop = min(len(self.archive), self.checked + games)
        while self.checked < stop:
            self.checked += 1
            try:
                self.archive.game(self.checked)
            except PdnError as error:
                self.bad[self.checked] = f"line {error.line}: {error.problem}"
                found += 1
        if found:
            self.refresh()
        return found

    def open(self, entry: GameEntry) -> ResumedGame:
        """The game of `entry`, read and replayed (`saves.load_game`, the one way a game is
        opened); GameUnreadable, the game dropped from the list, if it cannot be read."""
        archive = self.archive
        try:
            return load_game(archive.path or archive.source, entry.number, archive)
        except GameUnreadable as error:
            self.bad[entry.number] = error.why
            self.refresh()
            raise

    def status(self) -> str:
        """One line: how many games, how many shown for the filter, how many skipped and why."""
        total = len(self.archive)
        parts = [f"{total} game{'s' if total != 1 else ''}"]
        if self.query.strip():
            parts.append(f"{len(self.shown)} match {self.query.strip()!r}")
        if not self.is_checked():
            parts.append(f"checked {self.checked}")
        if self.bad:
            first = min(self.bad)
            parts.append(
                f"{len(self.bad)} skipped (cannot be read; game {first}, {self.bad[first]})"
            )
        return ", ".join(parts)
