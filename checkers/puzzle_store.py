"""The player's puzzle set and its schedule, kept in the data directory.

Pure Python, no pygame. Two files, each written whole or not at all (checkers.atomic):

- `puzzles.json`: `{"version": 1, "puzzles": [puzzle, ...]}`, each puzzle as `checkers puzzles`
  prints it; a reviewed game adds its puzzles (a position already in the set is not added twice).
- `puzzle-schedule.json`: `{"version": 1, "cards": {key: card}}`, one `fsrs` card (the FSRS
  scheduler Anki uses) per puzzle answered: a right answer is rated Good, a wrong one Again, so a
  failed puzzle comes back within minutes and a solved one after days, then weeks.

Damaged data never stops play: an unreadable or damaged file reads as empty (a damaged card or
puzzle alone is left out), and a write that fails (a full disk) is reported, not raised.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from fsrs import Card, Rating, Scheduler

from checkers import atomic
from checkers.puzzles import Puzzle
from checkers.textfile import read_bytes

__all__ = [
    "PUZZLES_FILE",
    "SCHEDULE_FILE",
    "Schedule",
    "add_puzzles",
    "due_count",
    "load_puzzles",
    "puzzles_path",
    "save_puzzles",
    "schedule_path",
    "when_words",
]

PUZZLES_FILE = "puzzles.json"
SCHEDULE_FILE = "puzzle-schedule.json"
_VERSION = 1
_MAX_BYTES = 16 * 1024 * 1024  # thousands of puzzles; a bigger file is not ours


def _data_dir() -> Path:
    # Imported here: saves pulls in platformdirs and the PDN reader, which puzzles never need.
    from checkers.saves import data_dir

    return data_dir()


def puzzles_path() -> Path:
    """Where the player's puzzle set is kept."""
    return _data_dir() / PUZZLES_FILE


def schedule_path() -> Path:
    """Where the puzzles' schedule is kept."""
    return _data_dir() / SCHEDULE_FILE


def _read_json(path: Path, what: str) -> object:
    """The JSON in `path`, or None if it is missing, unreadable or not JSON."""
    try:
        return json.loads(read_bytes(path, _MAX_BYTES, what).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def load_puzzles(path: Path | None = None) -> list[Puzzle]:
    """The puzzle set (empty when there is none or the file is damaged; a damaged puzzle alone
    is left out)."""
    data = _read_json(path or puzzles_path(), "puzzle set")
    items = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return []
    puzzles = []
    for item in items:
        try:
            puzzles.append(Puzzle.from_json(item))
        except (ValueError, TypeError, RecursionError):
            continue
    return puzzles


def save_puzzles(puzzles: Sequence[Puzzle], path: Path | None = None) -> str | None:
    """Write the puzzle set; None, or the one line that says why it could not be written."""
    target = path or puzzles_path()
    text = json.dumps({"version": _VERSION, "puzzles": [p.as_json() for p in puzzles]}, indent=1)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(target, text + "\n", "puzzle set")
    except OSError as error:
        return f"the puzzle set was not saved: {error.strerror or error}"
    return None


def add_puzzles(new: Iterable[Puzzle], path: Path | None = None) -> tuple[int, str | None]:
    """Add puzzles the set does not have yet (by position); (how many were added, the problem
    if the set could not be written)."""
    puzzles = load_puzzles(path)
    keys = {puzzle.key for puzzle in puzzles}
    added = 0
    for puzzle in new:
        if puzzle.key not in keys:
            keys.add(puzzle.key)
            puzzles.append(puzzle)
            added += 1
    if not added:
        return 0, None
    problem = save_puzzles(puzzles, path)
    return (0 if problem else added), problem


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class Schedule:
    """When each puzzle comes back: an fsrs card per puzzle answered (a puzzle never answered
    is due at once)."""

    cards: dict[str, Card] = field(default_factory=dict)
    path: Path | None = None
    damaged: bool = False
    """Whether the file could not be read whole (what could be read is kept)."""
    scheduler: Scheduler = field(default_factory=lambda: Scheduler(enable_fuzzing=False))

    @classmethod
    def load(cls, path: Path | None = None) -> Schedule:
        """The schedule in the data directory (empty if missing or damaged, never an error)."""
        path = path or schedule_path()
        schedule = cls(path=path)
        if not path.exists() and not path.is_symlink():
            return schedule
        data = _read_json(path, "puzzle schedule")
        cards = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(cards, dict):
            schedule.damaged = True
            return schedule
        for key, value in cards.items():
            try:
                card = Card.from_dict(value)
                if card.due.tzinfo is None:
                    raise ValueError("a due time without its time zone")
            except (KeyError, ValueError, TypeError, AttributeError, OverflowError):
                schedule.damaged = True
                continue
            schedule.cards[str(key)] = card
        return schedule

    def save(self) -> str | None:
        """Write the schedule; None, or the one line that says why it could not be written."""
        target = self.path or schedule_path()
        data: dict[str, Any] = {
            "version": _VERSION,
            "cards": {key: card.to_dict() for key, card in self.cards.items()},
        }
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(target, json.dumps(data, indent=1) + "\n", "puzzle schedule")
        except OSError as error:
            return f"the puzzle schedule was not saved: {error.strerror or error}"
        self.damaged = False
        return None

    def due_at(self, puzzle: Puzzle) -> datetime | None:
        """When `puzzle` is due (None: never answered, so due now)."""
        card = self.cards.get(puzzle.key)
        return None if card is None else card.due

    def is_due(self, puzzle: Puzzle, now: datetime | None = None) -> bool:
        """Whether `puzzle` is due at `now`."""
        due = self.due_at(puzzle)
        return due is None or due <= (now or _now())

    def due(self, puzzles: Iterable[Puzzle], now: datetime | None = None) -> list[Puzzle]:
        """The puzzles due at `now`: the longest overdue first, then those never tried."""
        now = now or _now()
        due = [puzzle for puzzle in puzzles if self.is_due(puzzle, now)]
        far = datetime.max.replace(tzinfo=timezone.utc)
        return sorted(due, key=lambda puzzle: self.due_at(puzzle) or far)

    def next_up(self, puzzles: Iterable[Puzzle], now: datetime | None = None) -> Puzzle | None:
        """The puzzle to show next: the first due, else the one due soonest (None if no puzzle)."""
        puzzles = list(puzzles)
        due = self.due(puzzles, now)
        if due:
            return due[0]
        far = datetime.max.replace(tzinfo=timezone.utc)
        return min(puzzles, key=lambda puzzle: self.due_at(puzzle) or far, default=None)

    def answer(self, puzzle: Puzzle, right: bool, now: datetime | None = None) -> datetime:
        """Rate an answer (right: Good, wrong: Again) and return when the puzzle is due next."""
        card = self.cards.get(puzzle.key)
        if card is None:
            card = Card(card_id=zlib.crc32(puzzle.key.encode()))
        card, _ = self.scheduler.review_card(card, Rating.Good if right else Rating.Again, now)
        self.cards[puzzle.key] = card
        return card.due


def due_count(now: datetime | None = None) -> tuple[int, int]:
    """(puzzles due now, puzzles in the set), from the data directory (never an error)."""
    puzzles = load_puzzles()
    return len(Schedule.load().due(puzzles, now)), len(puzzles)


def when_words(due: datetime, now: datetime | None = None) -> str:
    """When something is due, in a player's words: `now`, `in 10 minutes`, `in 3 days`."""
    left = due - (now or _now())
    if left <= timedelta(seconds=30):
        return "now"
    minutes = round(left.total_seconds() / 60)
    if minutes < 60:
        return f"in {minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    if hours < 36:
        return f"in {hours} hour{'s' if hours != 1 else ''}"
    days = round(hours / 24)
    return f"in {days} day{'s' if days != 1 else ''}"
