"""Players in PDN tags and back, so a saved or autosaved game resumes with the same players.

Pure Python (no pygame). `Black`/`White` hold readable names in the start screen's words (they
also name the saved file): `You`, `AI (Novice)`, `Player`; `Event` the mode (`You vs AI`);
`BlackPlayer`/`WhitePlayer` hold what the game needs to rebuild the player: `human`, a named
level (`club`), or `algorithm/evaluation/depth 5` or `.../time 2`. Files written before the
names were the start screen's (`Human`, `AI novice`, `Casual game`) read as before, and their
lists show them in today's words (`shown_names`).
"""

from __future__ import annotations

from collections.abc import Mapping

from checkers.ai.levels import LEVELS, Level, get_level
from checkers.board import BLACK, WHITE, Side
from checkers.clock import TimeControl
from checkers.gui.config import (
    GameConfig,
    Mode,
    PlayerConfig,
    check_level,
    custom_level,
)
from checkers.options import MAX_DEPTH, read_seconds, read_whole_number

__all__ = [
    "PLAYER_TAGS",
    "config_from_tags",
    "config_tags",
    "loaded_config",
    "own_event",
    "person_named",
    "player_from_tags",
    "shown_names",
]

_PLAYER_TAG = {BLACK: "BlackPlayer", WHITE: "WhitePlayer"}
PLAYER_TAGS = frozenset(_PLAYER_TAG.values())
"""The tags that say how to rebuild the players (the current players always win over them)."""
_NAME_TAG = {BLACK: "Black", WHITE: "White"}
_CODE_LIMIT = 200  # longer than any code this game writes


OLD_EVENT = "Casual game"
"""The `Event` this game wrote before it wrote the mode."""
OWN_NAMES = ("Human", "You", "Player")
"""The names this game writes (and wrote) for a person at the board: a file's own `Black` or
`White` that is one of them, or starts with `AI `, names no one."""


def own_event(tags: Mapping[str, str]) -> bool:
    """Whether the tags' `Event` is one this game wrote (a mode, or the old word), not a
    tournament's name to keep."""
    return tags.get("Event", "") in (OLD_EVENT, *(mode.label for mode in Mode))


def shown_names(tags: Mapping[str, str]) -> tuple[str, str]:
    """Black's and White's names as a list of games shows them: a file this game wrote names
    its players in today's words (`You`, `AI (Novice)`, where an old file says `Human`,
    `AI novice`), and any other file as it names them."""
    players = [player_from_tags(tags, side) for side in (BLACK, WHITE)]
    names = [tags.get(_NAME_TAG[side], "?") for side in (BLACK, WHITE)]
    black, white = players
    if black is None or white is None:
        return names[0], names[1]
    config = GameConfig(black=black, white=white)
    shown = []
    for side, name in zip((BLACK, WHITE), names, strict=True):
        ours = name in OWN_NAMES or name.startswith("AI ") or not name.strip()
        shown.append(config.player_name(side) if ours else name)
    return shown[0], shown[1]


def _player_code(player: PlayerConfig) -> str:
    level = player.level
    if level is None:
        return "human"
    if any(level == named for named in LEVELS):
        return level.name
    how = f"depth {level.depth}" if level.depth is not None else f"time {level.time:g}"
    return f"{level.algorithm}/{level.evaluation}/{how}"


def _player_from_code(code: object) -> PlayerConfig | None:
    """The player a `BlackPlayer` tag names, or None if the tag is not one this game could
    have written: the file is data from disk, so an unknown name, a depth or time out of the
    command line's range (nan, a million plies) or a value of the wrong type is refused."""
    if not isinstance(code, str) or len(code) > _CODE_LIMIT:
        return None
    code = code.strip()
    if code == "human":
        return PlayerConfig()
    if "/" not in code:
        try:
            return PlayerConfig(get_level(code))
        except ValueError:
            return None
    parts = code.split("/")
    if len(parts) != 3:
        return None
    algorithm, evaluation, how = parts
    kind, _, amount = how.partition(" ")
    try:
        level: Level
        if kind == "depth":
            level = custom_level(
                algorithm, evaluation, depth=read_whole_number(amount, 1, MAX_DEPTH)
            )
        elif kind == "time":
            level = custom_level(algorithm, evaluation, time=read_seconds(amount))
        else:
            return None
        check_level(level)
    except ValueError:
        return None
    return PlayerConfig(level)


def loaded_config(tags: Mapping[str, str], base: GameConfig) -> GameConfig:
    """The players a loaded file records (two people where it names none of ours, as in
    another program's PDN), with the window's other choices (delay, hint) from `base`: a game
    opened from the file is shown as it was played, not with the start screen's players."""
    people = GameConfig(
        black=PlayerConfig(),
        white=PlayerConfig(),
        start=base.start,
        ai_delay=base.ai_delay,
        hint=base.hint,
        judge=base.judge,
        seed=base.seed,
    )
    return config_from_tags(tags, people)


def person_named(tags: Mapping[str, str], side: Side) -> str | None:
    """The person a file from another program names for `side` (its `Black`/`White` tag), or
    None when it names nobody (`?`, empty) or is a name this game writes for its own players."""
    name = tags.get(_NAME_TAG[side], "").strip()
    if not name or name in ("?", "-") or _PLAYER_TAG[side] in tags:
        return None
    if name in OWN_NAMES or name.startswith("AI "):
        return None
    return name


def player_from_tags(tags: Mapping[str, str], side: Side) -> PlayerConfig | None:
    """The player the tags record for `side`, or None if they name none this game can play."""
    return _player_from_code(tags.get(_PLAYER_TAG[side]))


def config_tags(config: GameConfig) -> dict[str, str]:
    """The tags that describe the game's players."""
    tags: dict[str, str] = {"Event": config.mode.label}
    for side in (BLACK, WHITE):
        tags[_NAME_TAG[side]] = config.player_name(side)
        tags[_PLAYER_TAG[side]] = _player_code(config.player(side))
    if config.clock is not None:
        tags["TimeControl"] = config.clock.pdn()
    return tags


def config_from_tags(tags: Mapping[str, str], fallback: GameConfig) -> GameConfig:
    """The fallback config with the players the tags name (each side kept if its tag is
    missing or unknown, as in a PDN file from another program)."""
    players: dict[Side, PlayerConfig] = {}
    for side in (BLACK, WHITE):
        player = _player_from_code(tags.get(_PLAYER_TAG[side]))
        players[side] = player if player is not None else fallback.player(side)
    clock = None
    try:
        clock = TimeControl.from_pdn(tags["TimeControl"]) if "TimeControl" in tags else None
    except ValueError:
        pass  # a time control we cannot read: the game goes on untimed
    config = GameConfig(
        black=players[BLACK],
        white=players[WHITE],
        start=fallback.start,
        ai_delay=fallback.ai_delay,
        hint=fallback.hint,
        judge=fallback.judge,
        seed=fallback.seed,
        clock=clock,
    )
    try:
        config.check()
    except ValueError:
        return fallback  # a level that names an AI no longer registered
    return config
