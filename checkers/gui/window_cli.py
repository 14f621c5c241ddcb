"""The command line's way into the window: the desktop game's subcommands `start`, `play` and
`watch` (`watch --headless` in the terminal), and the tree view `checkers treeview` opens.

With `checkers.gui.picture_png` (pygame painting a picture file, no window), the only module of
`checkers.gui` that the rest of the program imports (tests/test_layering.py holds it to that).

Importing this module does not import pygame (the CLI stays fast and works without it); the
handlers import the window code only when a window is wanted, after checking for a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TextIO

from checkers.board import BLACK, WHITE, InvalidFenError, Position, turn_problem
from checkers.options import (
    UsageError,
    delay_seconds,
    positive_int,
    search_depth,
    seconds,
    seed,
    shown,
    terminal_safe,
)

__all__ = [
    "NO_DISPLAY_STATUS",
    "add_gui_commands",
    "cmd_play",
    "cmd_start",
    "cmd_watch",
    "display_problem",
    "open_tree_view",
]

NO_DISPLAY_STATUS = 3
"""Exit status when no window can be opened: not 0, so scripts notice nothing was played, and not
2, which means bad input; `make play` maps it to success after its one-line message."""

HEADLESS_HINT = "try `checkers watch --headless` to watch AI vs AI in the terminal"


def display_problem(
    environ: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> str | None:
    """Why no window can be opened here, or None when a display seems to be there."""
    if environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return None  # an off-screen window was asked for (tests, benchmarks)
    if (
        (platform.startswith("linux") or "bsd" in platform)
        and not environ.get("DISPLAY")
        and not environ.get("WAYLAND_DISPLAY")
    ):
        return "no display (DISPLAY and WAYLAND_DISPLAY are not set)"
    return None


_DEFAULT_PLAYERS = {"black": "human", "white": "ai"}
"""Who plays each colour in `checkers play` when neither the options nor a loaded file say."""


def _usage_error(message: str) -> Exception:
    return UsageError(message)


def _ai_options(parser: argparse.ArgumentParser, colour: str) -> None:
    group = parser.add_argument_group(f"{colour}'s AI")
    group.add_argument(
        f"--{colour}-level",
        metavar="NAME",
        help="a named strength: beginner, novice, casual, club, strong, master",
    )
    group.add_argument(
        f"--{colour}-depth", type=search_depth, metavar="PLIES", help="search this many plies"
    )
    group.add_argument(
        f"--{colour}-time", type=seconds, metavar="SECONDS", help="search this long per move"
    )
    group.add_argument(
        f"--{colour}-algorithm",
        metavar="NAME",
        help="engine (default), alphabeta, minimax, negamax",
    )
    group.add_argument(
        f"--{colour}-evaluation",
        metavar="NAME",
        help="engine (default with the engine), seed, count",
    )


def window_size(text: str) -> tuple[int, int]:
    """`--size WxH`: a window size (argparse's type; a bad one is one line and status 2)."""
    from checkers.gui.settings import parse_window_size  # no pygame: plain data

    try:
        return parse_window_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _size_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size",
        type=window_size,
        metavar="WxH",
        help="open the window this size in pixels, e.g. 1280x800 (at least 720x480; fitted to"
        " the screen; default: the size it had last time)",
    )


def _common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fen", help="start from this position (PDN FEN)")
    parser.add_argument(
        "--delay",
        type=delay_seconds,
        metavar="SECONDS",
        help="pause between AI moves when two AIs play (default 0.5)",
    )
    parser.add_argument(
        "--seed",
        type=seed,
        default=0,
        help="seed for the weaker levels' deliberate slips (default 0)",
    )


def add_gui_commands(subparsers: Any) -> None:
    """Add `start`, `play` and `watch` to the CLI's subparsers."""
    start = subparsers.add_parser("start", help="open the desktop game's start screen")
    _size_option(start)
    start.set_defaults(handler=cmd_start)

    play = subparsers.add_parser(
        "play", help="play in a window (default: you are Black against the engine)"
    )
    for colour, default in _DEFAULT_PLAYERS.items():
        play.add_argument(
            f"--{colour}",
            choices=("human", "ai"),
            help=f"who plays {colour.capitalize()} (default {default}; with --load, the file's)",
        )
    for colour in ("black", "white"):
        _ai_options(play, colour)
    _common_options(play)
    _size_option(play)
    play.add_argument(
        "--clock",
        metavar="MIN[+SEC]",
        help="play on a clock: minutes each, plus seconds added a move (e.g. 5+3; default untimed)",
    )
    play.add_argument(
        "--flip", action="store_true", help="turn the board the other way up from the default view"
    )
    play.add_argument(
        "--load",
        metavar="FILE",
        help=(
            "open a game from a PDN file (at its end: arrows step through it), with the players"
            " and clock its tags record unless the options above say otherwise"
        ),
    )
    play.add_argument(
        "--game",
        type=positive_int,
        metavar="N",
        help="with --load: the Nth game of the file (default 1)",
    )
    play.set_defaults(handler=cmd_play)

    watch = subparsers.add_parser("watch", help="watch the AI play itself")
    for colour in ("black", "white"):
        _ai_options(watch, colour)
    _common_options(watch)
    _size_option(watch)
    watch.add_argument(
        "--headless",
        action="store_true",
        help="play in the terminal: an ASCII board per move, the result at the end",
    )
    watch.set_defaults(handler=cmd_watch)


def _player(args: argparse.Namespace, colour: str, is_ai: bool) -> Any:
    """The PlayerConfig the options give for one colour (a usage error for a contradiction)."""
    from checkers.ai.levels import DEFAULT_LEVEL, get_level
    from checkers.gui.config import PlayerConfig, custom_level

    level_name = getattr(args, f"{colour}_level")
    explicit = {
        name: getattr(args, f"{colour}_{name}")
        for name in ("depth", "time", "algorithm", "evaluation")
    }
    given = [f"--{colour}-{name}" for name, value in explicit.items() if value is not None]
    if not is_ai:
        if given or level_name:
            first = given[0] if given else f"--{colour}-level"
            raise _usage_error(f"{first} is for an AI player; add --{colour} ai")
        return PlayerConfig()
    try:
        if level_name and given:
            raise ValueError(f"give --{colour}-level or {', '.join(given)}, not both")
        if given:
            return PlayerConfig(
                custom_level(
                    explicit["algorithm"] or "engine",
                    explicit["evaluation"],
                    explicit["depth"],
                    explicit["time"],
                )
            )
        return PlayerConfig(get_level(level_name or DEFAULT_LEVEL))
    except ValueError as error:
        raise _usage_error(str(error)) from None


def _config(args: argparse.Namespace, black_ai: bool, white_ai: bool) -> Any:
    """The GameConfig for the parsed options, checked against the AI registries."""
    from checkers.gui.config import GameConfig

    start = None
    if args.fen is not None:
        try:
            start = Position.from_fen(args.fen)
        except InvalidFenError as error:
            raise _usage_error(f"invalid FEN {shown(args.fen)}: {error}") from None
        problem = turn_problem(start)
        if problem is not None:
            raise _usage_error(f"FEN {shown(args.fen)}: {problem}")
    config = GameConfig(
        black=_player(args, "black", black_ai),
        white=_player(args, "white", white_ai),
        start=start,
        seed=args.seed,
    )
    if args.delay is not None:
        config = replace(config, ai_delay=args.delay)
    try:
        config.check()
    except ValueError as error:
        raise _usage_error(str(error)) from None
    return config


def load_pdn(path: str, number: int = 1) -> Any:
    """Game `number` (from 1) of a PDN file as a ResumedGame; a usage error says what is wrong
    (a refused or unreadable file, no such game, or why that game cannot be read)."""
    from checkers.formats.pdn import GameUnreadable
    from checkers.saves import load_game

    try:
        return load_game(path, number)
    except GameUnreadable as error:
        raise _usage_error(f"cannot read {error.words(path)}") from None


def _open_window(
    config: Any, flip: bool = False, loaded: Any = None, size: tuple[int, int] | None = None
) -> int:
    """Run the desktop app, or print one line and return NO_DISPLAY_STATUS without a display."""
    problem = display_problem()
    if problem is None:
        from checkers.gui.app import DisplayUnavailable, run_app

        try:
            return run_app(config, flip=flip, loaded=loaded, size=size)
        except DisplayUnavailable as error:
            problem = str(error)
    print(f"checkers: cannot open a window: {problem}; {HEADLESS_HINT}", file=sys.stderr)
    return NO_DISPLAY_STATUS


def cmd_start(args: argparse.Namespace, out: TextIO) -> int:
    """Open the start screen (what plain `checkers` and `python main.py` do)."""
    return _open_window(None, size=getattr(args, "size", None))


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """Open a game in a window with the players the options name (or a game from a file)."""
    if args.game is not None and args.load is None:
        raise _usage_error("--game is for --load: give the file too")
    if args.load is not None and args.fen is not None:
        raise _usage_error("give --load or --fen, not both: a PDN game has its own start")
    who = {colour: getattr(args, colour) or _DEFAULT_PLAYERS[colour] for colour in _DEFAULT_PLAYERS}
    config = _config(args, who["black"] == "ai", who["white"] == "ai")
    if args.clock is not None:
        from checkers.clock import TimeControl

        try:
            config = replace(config, clock=TimeControl.parse(args.clock))
        except ValueError as error:
            raise _usage_error(f"--clock: {error}") from None
    loaded = load_pdn(args.load, args.game or 1) if args.load is not None else None
    if loaded is not None:
        config, said = _config_for_file(args, config, loaded.tags)
        print(f"checkers: {terminal_safe(said)}", file=out)  # player names are the file's
        config = replace(config, start=loaded.record.start)  # N starts this game over
    return _open_window(config, flip=args.flip, loaded=loaded, size=args.size)


def _given_for(args: argparse.Namespace, colour: str) -> bool:
    """Whether the command line says anything about who plays `colour`."""
    options = ("level", "depth", "time", "algorithm", "evaluation")
    return getattr(args, colour) is not None or any(
        getattr(args, f"{colour}_{name}") is not None for name in options
    )


def _config_for_file(args: argparse.Namespace, config: Any, tags: Mapping[str, str]) -> Any:
    """The players and clock a loaded file's tags record, each replaced where the command line
    names it; and one line saying which were used."""
    from checkers.clock import TimeControl
    from checkers.gui.config import GameConfig, PlayerConfig
    from checkers.gui.persist import person_named, player_from_tags

    chosen = {}
    words: list[str] = []
    wheres: list[str] = []
    for colour, side in (("black", BLACK), ("white", WHITE)):
        recorded = player_from_tags(tags, side)
        person = person_named(tags, side)
        if not _given_for(args, colour) and recorded is None and person is not None:
            # Another program's game between people: a person plays this side, not the AI.
            chosen[colour] = PlayerConfig()
            where = f"the file names {person}"
        elif _given_for(args, colour) or recorded is None:
            chosen[colour] = getattr(config, colour)
            where = "the command line" if _given_for(args, colour) else "the default"
        else:
            chosen[colour] = recorded
            where = "the file"
        wheres.append(where)
    # Each side named as the window names it (`You` against the AI, `Player` for two).
    chosen_config = GameConfig(black=chosen["black"], white=chosen["white"])
    for side, where in zip((BLACK, WHITE), wheres, strict=True):
        words.append(f"{side.name.capitalize()}: {chosen_config.player_name(side)} ({where})")
    clock, where = config.clock, "the command line"
    if args.clock is None:
        where = "the file"
        try:
            clock = TimeControl.from_pdn(tags["TimeControl"]) if "TimeControl" in tags else None
        except ValueError:
            clock = None  # a time control we cannot read: untimed, as the file cannot say
    words.append("no clock" if clock is None else f"clock {clock.pdn()} ({where})")
    result = replace(config, black=chosen["black"], white=chosen["white"], clock=clock)
    try:
        result.check()
    except ValueError:  # a level the file names that this version cannot play
        return config, "the file's players cannot be used here: " + "; ".join(words)
    return result, "playing with " + ", ".join(words)


def cmd_watch(args: argparse.Namespace, out: TextIO) -> int:
    """AI vs AI: in a window, or in the terminal with --headless."""
    config = _config(args, True, True)
    if args.headless:
        from checkers.gui.headless import watch_in_terminal

        return watch_in_terminal(config, out)
    return _open_window(config, size=args.size)


def open_tree_view(args: argparse.Namespace, out: TextIO) -> int:
    """Open the tree view as the window's one screen; without a display, one line and status 3."""
    problem = display_problem()
    if problem is None:
        # pygame only for this command, and only once a display is there.
        from checkers.ai.search import SearchRequest
        from checkers.gui.app import DisplayUnavailable, run_tree_viewer
        from checkers.gui.tree_view.search import Subject

        position: Position = args.fen
        side = position.turn.name.capitalize()
        where = (
            "the starting position" if position == Position() else f"the position {position.fen()}"
        )
        subject = Subject(
            SearchRequest(position, (position,)),
            args.depth,
            args.algorithm,
            args.evaluation,
            f"{side} to move in {where}",
            detail=f"{args.evaluation} evaluation",
            node_cap=args.node_cap,
        )
        try:
            return run_tree_viewer(subject)
        except DisplayUnavailable as error:
            problem = str(error)
    print(f"checkers: error: cannot open a window: {problem}", file=sys.stderr)
    return NO_DISPLAY_STATUS
