"""The window's settings, remembered between runs in `settings.json` in the user's data
directory (checkers.paths.data_dir()).

Pure Python (no pygame). The file is data from disk: each value is checked on reading, and a
missing, damaged or out-of-range value falls back to its default alone (a bad theme name does not
cost the window size). A first run plays against a gentle level, not the strongest.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from checkers import atomic, paths
from checkers.ai.levels import DEFAULT_LEVEL, LEVELS, get_level
from checkers.gui.config import Mode
from checkers.gui.theme import DEFAULT_THEME, THEMES
from checkers.textfile import read_bytes

__all__ = [
    "AI_DELAYS",
    "AI_DEPTHS",
    "AI_TIMES",
    "BY_HAND",
    "EVAL_BAR",
    "FIRST_LEVEL",
    "MAX_WINDOW",
    "MIN_WINDOW",
    "MODES",
    "NO_AUDIO",
    "RECENT_FOLDERS",
    "SETTINGS_FILE",
    "SWITCHED",
    "WINDOW_SIZE",
    "WINDOW_SIZES",
    "AISetup",
    "Settings",
    "fit_position",
    "fit_window",
    "load_settings",
    "parse_window_size",
    "save_settings",
    "settings_path",
    "sound_words",
    "window_sizes",
]

SETTINGS_FILE = "settings.json"
WINDOW_SIZE = (1120, 720)
MIN_WINDOW = (720, 480)
"""The smallest window the layouts are made for: every control stays readable and clickable."""
MAX_WINDOW = (7680, 4320)
"""The largest window opened, an 8K screen: a 16384-pixel square one stopped every start with
pygame's out-of-memory error."""
_MAX_WINDOW = 16384  # what a file may say at all; more is not a size but damage
WINDOW_SIZES = (
    (720, 480),
    (960, 640),
    (1120, 720),
    (1280, 800),
    (1366, 768),
    (1440, 900),
    (1600, 900),
    (1680, 1050),
    (1920, 1080),
    (1920, 1200),
    (2560, 1440),
    (2560, 1600),
)
"""The sizes Settings offers for the window: the smallest the layouts are made for, the first
run's, and the common desktop screens' (16:10 and 16:9), those no larger than the screen
(`window_sizes`)."""
_MAX_POSITION = 65536
_MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes
FIRST_LEVEL = "novice"
"""A first run's level: looks three turns ahead and sometimes slips, so a new player can win."""
MODES = ("human vs AI", "AI vs AI", "human vs human")
"""The start screen's modes as the file writes them (checkers.gui.config.Mode's values)."""
EVAL_BAR = {
    "watching": "AI vs AI only",
    "always": "Always",
    "never": "Never",
}
"""When the game screen shows the evaluation bar beside the board, in the words Settings, the
game's menu and its status line all use (one name, one set of values everywhere)."""
SWITCHED = {True: "On", False: "Off"}
"""How Settings, the game's menu and its status line say a setting that is on or off (Sound,
Square numbers)."""
NO_AUDIO = "No audio device"
"""The Sound setting's value where no sound can play."""


def sound_words(on: bool, problem: str | None) -> str:
    """The Sound setting's value as Settings and the game's menu say it: On, Off, or that
    there is no audio device (then "On" would be a promise nothing keeps)."""
    return NO_AUDIO if problem else SWITCHED[on]


RECENT_FOLDERS = 6
"""How many folders the file browser remembers (the last ones a file was opened or saved in)."""
_MAX_PATH = 4096
AI_DEPTHS = tuple(range(1, 13))
"""How many turns ahead an AI set up by hand may look (the start screen's choices)."""
AI_TIMES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""How many seconds a move an AI set up by hand may think."""
AI_DELAYS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0)
"""The pauses between two AIs' moves the start screen offers, and + and - step through in the
game (one set: a pause chosen in the game is the form's next time)."""
BY_HAND = "by hand"
"""AISetup.level of an AI set up by hand in the start screen's Advanced section."""


@dataclass(frozen=True)
class AISetup:
    """One AI of AI vs AI as the start screen sets it up: a named level, or (`BY_HAND`) a
    search, an evaluation and a depth or time chosen in its Advanced section. The other fields
    always hold what the Advanced section shows: the level's own when a level is chosen."""

    level: str = DEFAULT_LEVEL
    algorithm: str = "engine"
    evaluation: str = "engine"
    limit: str = "time"
    """`time` (think `time` seconds a move) or `depth` (look `depth` turns ahead)."""
    depth: int = 6
    time: float = 2.0

    @classmethod
    def of_level(cls, name: str) -> AISetup:
        """The named level, its search, evaluation and depth or time shown as they are."""
        level = get_level(name)
        depth, time = level.depth, level.time
        return cls(
            level.name,
            level.algorithm,
            level.evaluation,
            "depth" if depth is not None else "time",
            depth if depth in AI_DEPTHS else cls.depth,
            time if time in AI_TIMES else cls.time,
        )

    @classmethod
    def from_json(cls, data: object) -> AISetup | None:
        """The setup a parsed file holds, or None if any part of it is not one this game
        could have written (a setup is kept whole or not at all)."""
        if not isinstance(data, dict):
            return None
        level = data.get("level")
        if level != BY_HAND:
            named = any(known.name == level for known in LEVELS)
            return cls.of_level(str(level)) if named else None
        from checkers.ai.registry import ALGORITHMS, EVALUATIONS

        algorithm, evaluation = data.get("algorithm"), data.get("evaluation")
        limit, depth, time = data.get("limit"), data.get("depth"), data.get("time")
        valid = (
            isinstance(algorithm, str)
            and algorithm in ALGORITHMS
            and isinstance(evaluation, str)
            and evaluation in EVALUATIONS
            and limit in ("time", "depth")
            and depth in AI_DEPTHS
            and not isinstance(depth, bool)
            and isinstance(time, (int, float))
            and not isinstance(time, bool)
            and time in AI_TIMES
        )
        if not valid or not isinstance(depth, int) or not isinstance(time, (int, float)):
            return None
        return cls(BY_HAND, str(algorithm), str(evaluation), str(limit), depth, float(time))


@dataclass(frozen=True)
class Settings:
    """What the window remembers: the start screen's choices, the board, sound, theme, window."""

    mode: str = MODES[0]
    human_colour: str = "black"
    level: str = FIRST_LEVEL
    turned: tuple[str, ...] = ()
    """The modes (MODES) whose games open with the board turned: Settings' Board turns the
    board of the mode below it, each mode's alone, so its words hold for every game (turned
    between two players, 'Black at the bottom', the board had still turned your side to the
    top against the AI: walk 2026-11-30m)."""
    sound: bool = True
    volume: float = 0.8
    theme: str = DEFAULT_THEME
    eval_bar: str = "watching"
    """When the evaluation bar shows: one of EVAL_BAR's keys."""
    square_numbers: bool = True
    """Whether the board shows its squares' numbers (on empty squares only)."""
    window_size: tuple[int, int] = WINDOW_SIZE
    window_position: tuple[int, int] | None = field(default=None)
    """Where the window was last (None: let the system place it)."""
    recent_folders: tuple[str, ...] = ()
    """The folders files were last opened or saved in, newest first (absolute paths)."""
    black_ai: AISetup = field(default_factory=AISetup)
    """Black's AI in AI vs AI."""
    white_ai: AISetup = field(default_factory=AISetup)
    """White's AI in AI vs AI."""
    ai_advanced: bool = False
    """Whether the start screen's Advanced section (search, evaluation, depth) is open."""
    ai_delay: float = 0.5
    """Seconds between two AIs' moves: one of AI_DELAYS."""

    def turns(self, mode: Mode | None) -> bool:
        """Whether games of `mode` open with the board turned (None: a game against the AI,
        as the screens without a mode of their own show their boards)."""
        return (mode or Mode.HUMAN_VS_AI).value in self.turned

    def turning(self, mode: Mode | None, turned: bool) -> Settings:
        """These settings with the board of `mode`'s games turned or not (`turns`)."""
        value = (mode or Mode.HUMAN_VS_AI).value
        modes = {*self.turned, value} if turned else set(self.turned) - {value}
        return replace(self, turned=tuple(m for m in MODES if m in modes))

    def to_json(self) -> dict[str, Any]:
        """The settings as the file holds them."""
        data = asdict(self)
        data["turned"] = list(self.turned)
        data["window_size"] = list(self.window_size)
        data["window_position"] = (
            list(self.window_position) if self.window_position is not None else None
        )
        data["recent_folders"] = list(self.recent_folders)
        return data

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from a parsed file: each value that is missing or invalid keeps its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        checks = {
            "mode": lambda v: v if v in MODES else None,
            "human_colour": lambda v: v if v in ("black", "white") else None,
            "level": lambda v: v if any(level.name == v for level in LEVELS) else None,
            "turned": _modes,
            "sound": lambda v: v if isinstance(v, bool) else None,
            "volume": _volume,
            "theme": lambda v: v if isinstance(v, str) and v in THEMES else None,
            "eval_bar": lambda v: v if isinstance(v, str) and v in EVAL_BAR else None,
            "square_numbers": lambda v: v if isinstance(v, bool) else None,
            "window_size": _size,
            "window_position": _position,
            "recent_folders": _folders,
            "black_ai": AISetup.from_json,
            "white_ai": AISetup.from_json,
            "ai_advanced": lambda v: v if isinstance(v, bool) else None,
            "ai_delay": _delay,
        }
        values: dict[str, Any] = {}
        if data.get("flip") is True:  # a file from before each mode kept its own: all turned
            values["turned"] = MODES
        for name, check in checks.items():
            if name in data:
                value = check(data[name])
                if value is not None:
                    values[name] = value
        return replace(settings, **values)


def _modes(value: object) -> tuple[str, ...] | None:
    """The modes of a list, in MODES' order (unknown names dropped)."""
    if not isinstance(value, list):
        return None
    return tuple(mode for mode in MODES if mode in value)


def _volume(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    volume = float(value)
    return volume if math.isfinite(volume) and 0.0 <= volume <= 1.0 else None


def _delay(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value in AI_DELAYS else None


def _pair(value: object, low: int, high: int) -> tuple[int, int] | None:
    if not isinstance(value, list) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value):
        return None
    return (value[0], value[1])


def _size(value: object) -> tuple[int, int] | None:
    pair = _pair(value, 1, _MAX_WINDOW)
    if pair is None:
        return None
    return fit_window(pair, ())


def fit_window(size: tuple[int, int], screens: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """`size` made a window that opens on the screen: at least MIN_WINDOW, at most MAX_WINDOW
    and the largest of `screens` (a saved 1120x720 opens at 720x480 on a 720x480 screen)."""
    widest = max((width for width, _ in screens), default=MAX_WINDOW[0])
    tallest = max((height for _, height in screens), default=MAX_WINDOW[1])
    bound = (min(MAX_WINDOW[0], widest), min(MAX_WINDOW[1], tallest))
    return (
        max(MIN_WINDOW[0], min(size[0], bound[0])),
        max(MIN_WINDOW[1], min(size[1], bound[1])),
    )


def fit_position(
    position: tuple[int, int], size: tuple[int, int], screens: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """`position` (the window's top left corner) moved so a window of `size` lies on the
    screens, side by side as most desks have them (SDL tells their sizes, not where they are):
    a window saved at +80+40 on a large screen opens at +0+0 on a 720x480 one; unchanged when
    the screens are unknown."""
    if not screens:
        return position
    width = sum(screen_width for screen_width, _ in screens)
    height = max(screen_height for _, screen_height in screens)
    return (
        max(0, min(position[0], width - size[0])),
        max(0, min(position[1], height - size[1])),
    )


def window_sizes(
    screens: Sequence[tuple[int, int]], current: tuple[int, int]
) -> list[tuple[int, int]]:
    """The window sizes to offer, smallest first: those of WINDOW_SIZES no larger than the
    largest of `screens` as pygame reports them, each screen's own size (a window that fills
    it), all of them when the screens are unknown, and the `current` size itself (dragged to
    a size of its own). Each opens as `fit_window` allows: never larger than the screen."""
    widest = max((width for width, _ in screens), default=MAX_WINDOW[0])
    tallest = max((height for _, height in screens), default=MAX_WINDOW[1])
    fitting = {size for size in WINDOW_SIZES if size[0] <= widest and size[1] <= tallest}
    fitting |= {fit_window(screen, screens) for screen in screens}  # each screen's own
    return sorted(fitting | {MIN_WINDOW, current})


def parse_window_size(text: str) -> tuple[int, int]:
    """`1280x800` (or `1280X800`, `1280 x 800`) as a size; ValueError with the reason for
    anything else or a size outside MIN_WINDOW to MAX_WINDOW."""
    width, separator, height = text.strip().lower().replace(" ", "").partition("x")
    if not separator or not width.isdigit() or not height.isdigit():
        raise ValueError(f"{text!r} is not a size: give WIDTHxHEIGHT in pixels, e.g. 1280x800")
    size = (int(width), int(height))
    low, high = MIN_WINDOW, MAX_WINDOW
    if not (low[0] <= size[0] <= high[0] and low[1] <= size[1] <= high[1]):
        raise ValueError(f"{size[0]}x{size[1]} is outside {low[0]}x{low[1]} to {high[0]}x{high[1]}")
    return size


def _position(value: object) -> tuple[int, int] | None:
    return _pair(value, -_MAX_POSITION, _MAX_POSITION)


def _folders(value: object) -> tuple[str, ...] | None:
    """The absolute paths of a list, in order, without repeats; at most RECENT_FOLDERS."""
    if not isinstance(value, list):
        return None
    folders: list[str] = []
    for item in value:
        if (
            isinstance(item, str)
            and 0 < len(item) <= _MAX_PATH
            and "\0" not in item
            and Path(item).is_absolute()
            and item not in folders
        ):
            folders.append(item)
    return tuple(folders[:RECENT_FOLDERS])


def settings_path() -> Path:
    """Where the settings live: `settings.json` in the user's data directory."""
    return paths.data_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    """The remembered settings, or the defaults (first run, unreadable or damaged file)."""
    path = path or settings_path()
    try:
        # Refuses a FIFO (which would wait for a writer forever), a folder and a huge file.
        raw = read_bytes(path, _MAX_BYTES, "settings file")
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return Settings()
    return Settings.from_json(data)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (whole, or not at all: a crash mid-write leaves the old file)."""
    atomic.write_text(
        path or settings_path(), json.dumps(settings.to_json(), indent=2) + "\n", "settings file"
    )
