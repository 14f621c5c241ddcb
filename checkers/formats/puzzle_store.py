"""The player's puzzle set and its schedule, kept in the data directory.

Pure Python, no pygame. Two files, each written whole or not at all (checkers.atomic):

- `puzzles.json`: `{"version": 1, "puzzles": [puzzle, ...]}`, each puzzle as `checkers puzzles`
  prints it; a reviewed game adds its puzzles (a position already in the set is not added twice).
- `puzzle-schedule.json`: `{"version": 1, "cards": {key: card}}`, one `fsrs` card (the FSRS
  scheduler Anki uses) per puzzle answered: a right answer is rated Good, a wrong one Again.
  With one learning step (`LEARNING_STEPS`), a failed puzzle comes back in 10 minutes and a
  solved one in the days fsrs computes from the card (2 days the first time, then 11, ...).

Damaged data never stops play: an unreadable or damaged file reads as empty (a damaged card or
puzzle alone is left out), and a write that fails (a full disk) is reported, not raised. Nor is
it lost: a damaged file is moved aside (`puzzles.damaged.json`) before the first write replaces
it, and a file that cannot be read at all (a folder, too big) is never written over.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from fsrs import Card, Rating, Scheduler, State

from checkers import atomic
from checkers.puzzles import Puzzle
from checkers.textfile import read_bytes

__all__ = [
    "LEARNING_STEPS",
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
    # Imported here: platformdirs is needed only for this folder.
    from checkers.paths import data_dir

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
        return _parse_json(path, what)
    except (OSError, ValueError):
        return None


def _parse_json(path: Path, what: str) -> object:
    """The JSON in `path`; OSError if it cannot be read (missing, a folder or FIFO, too big),
    ValueError if what it holds is not JSON (deep nesting too)."""
    data = read_bytes(path, _MAX_BYTES, what)
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError) as error:
        raise ValueError(str(error)) from None


def _read_set(path: Path) -> tuple[list[Puzzle], bool]:
    """The puzzles `path` holds, and whether it was read whole (False: a puzzle or the file is
    damaged and was left out). OSError if it is there but cannot be read (a folder, too big)."""
    if not os.path.lexists(path):
        return [], True
    try:
        data = _parse_json(path, "puzzle set")
    except ValueError:
        return [], False
    items = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return [], False
    puzzles = []
    for item in items:
        try:
            puzzles.append(Puzzle.from_json(item))
        except (ValueError, TypeError, RecursionError):
            continue
    return puzzles, len(puzzles) == len(items)


def load_puzzles(path: Path | None = None) -> list[Puzzle]:
    """The puzzle set (empty when there is none or the file is damaged; a damaged puzzle alone
    is left out)."""
    try:
        return _read_set(path or puzzles_path())[0]
    except OSError:
        return []


def save_puzzles(puzzles: Sequence[Puzzle], path: Path | None = None) -> str | None:
    """Write the puzzle set; None, or the one line that says why it could not be written."""
    target = path or puzzles_path()
    text = json.dumps({"version": _VERSION, "puzzles": [p.as_json() for p in puzzles]}, indent=1)
    if len(text) >= _MAX_BYTES:  # it could not be read back: the set as it is stays
        return f"the puzzle set was not saved: it would be over the {_MAX_BYTES >> 20} MB limit"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(target, text + "\n", "puzzle set")
    except OSError as error:
        return f"the puzzle set was not saved: {error.strerror or error}"
    return None


def _report_to_stderr(message: str) -> None:
    print(f"checkers: {message}", file=sys.stderr)


def add_puzzles(
    new: Iterable[Puzzle], path: Path | None = None, report: Callable[[str], None] | None = None
) -> tuple[int, str | None]:
    """Add puzzles the set does not have yet (by position); (how many were added, the problem
    if the set could not be written). A damaged set is moved aside first, and `report` (by
    default stderr) told so in one line; one that cannot be read at all is not written over."""
    target = path or puzzles_path()
    try:
        puzzles, whole = _read_set(target)
    except OSError as error:
        return 0, f"the puzzle set was not saved: {error.strerror or error}"
    keys = {puzzle.key for puzzle in puzzles}
    added = 0
    for puzzle in new:
        if puzzle.key not in keys:
            keys.add(puzzle.key)
            puzzles.append(puzzle)
            added += 1
    if not added:
        return 0, None
    if not whole:
        try:
            aside = atomic.move_aside(target)
        except OSError as error:
            return 0, (
                f"the puzzle set was not saved: {target.name} is damaged and could not be moved"
                f" aside ({error.strerror or error})"
            )
        (report or _report_to_stderr)(
            f"{target.name} was damaged: moved it to {aside.name}; the new set keeps the"
            f" {len(puzzles) - added} puzzles that could be read"
        )
    problem = save_puzzles(puzzles, target)
    return (0 if problem else added), problem


LEARNING_STEPS = (timedelta(minutes=10),)
"""The scheduler's learning steps: a puzzle answered right once is learned (Anki's two steps
brought a solved puzzle back in 10 minutes, when its answer is still remembered, not known)."""

_STEPPED = (State.Learning, State.Relearning)  # the states whose cards stand on a learning step


def _card_from_json(value: object) -> Card:
    """A schedule's card from its JSON, checked for what the scheduler does with it; ValueError,
    TypeError or KeyError if it is not one (a step that is not a whole number from 0, a
    stability or difficulty that is not a positive number, a time without its time zone)."""
    if not isinstance(value, dict):
        raise TypeError("a card is a JSON object")
    card = Card.from_dict(value)  # type: ignore[arg-type]
    step = card.step
    if step is not None and (type(step) is not int or step < 0):
        raise ValueError(f"a learning step of {step!r}")
    if step is None and card.state in _STEPPED:
        raise ValueError(f"a {card.state.name} card without its step")
    for number in (card.stability, card.difficulty):
        if number is not None and not (math.isfinite(number) and number > 0):
            raise ValueError(f"a stability or difficulty of {number}")
    if card.state is not State.Learning and (card.stability is None or card.difficulty is None):
        raise ValueError(f"a {card.state.name} card without its stability")
    for moment in (card.due, card.last_review):
        if moment is not None and moment.tzinfo is None:
            raise ValueError("a time without its time zone")
    return card


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
    dropped: int = 0
    """How many damaged cards were left out (0 with `damaged`: the whole file was unreadable)."""
    scheduler: Scheduler = field(
        default_factory=lambda: Scheduler(learning_steps=LEARNING_STEPS, enable_fuzzing=False)
    )

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
                card = _card_from_json(value)
            except (KeyError, ValueError, TypeError, AttributeError, OverflowError):
                schedule.damaged = True
                schedule.dropped += 1
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
            if self.damaged and os.path.isfile(target):
                atomic.move_aside(target)  # kept for a person to look at, never written over
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
    """(puzzles due now, puzzles in the set), from the data directory (never an error).

    For the start screen, which is built again on every resize: it reads only each puzzle's
    position and each card's due time (not a replay of every solution, which took 11 s for a
    15 MB set), and only when a file changed since the last count.
    """
    puzzles, schedule = puzzles_path(), schedule_path()
    keys = _set_keys(str(puzzles), _signature(puzzles))
    due_times = _due_times(str(schedule), _signature(schedule))
    moment = now or _now()
    due = sum(1 for key in keys if key not in due_times or due_times[key] <= moment)
    return due, len(keys)


def _signature(path: Path) -> tuple[int, ...] | None:
    """What tells one version of a file from another (a write makes a new file), None if none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


@functools.lru_cache(maxsize=2)
def _set_keys(path: str, signature: tuple[int, ...] | None) -> frozenset[str]:
    """The positions of the set's puzzles, each looked at as `Puzzle.from_json` does but for
    replaying its solution (a puzzle whose moves are not legal is counted, and left out when the
    set is opened)."""
    data = _read_json(Path(path), "puzzle set") if signature is not None else None
    items = data.get("puzzles") if isinstance(data, dict) else None
    keys = set()
    for item in items if isinstance(items, list) else ():
        if isinstance(item, dict) and isinstance(item.get("fen"), str):
            solution, played = item.get("solution"), item.get("played")
            if isinstance(played, str) and isinstance(solution, list) and solution:
                keys.add(item["fen"])
    return frozenset(keys)


@functools.lru_cache(maxsize=2)
def _due_times(path: str, signature: tuple[int, ...] | None) -> dict[str, datetime]:
    """When each card of the schedule is due (a damaged card left out, as `Schedule.load`
    leaves it)."""
    data = _read_json(Path(path), "puzzle schedule") if signature is not None else None
    cards = data.get("cards") if isinstance(data, dict) else None
    due_times = {}
    for key, value in cards.items() if isinstance(cards, dict) else ():
        try:
            due_times[str(key)] = _card_from_json(value).due
        except (KeyError, ValueError, TypeError, AttributeError, OverflowError):
            continue
    return due_times


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
