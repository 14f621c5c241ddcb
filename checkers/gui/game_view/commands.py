"""The game screen's command table: every action a player can take, with its keys, its label,
its place (a panel button, the arrows under the move list, the menu, or a key alone), whether it
applies now, and the menu's groups and the panel's six buttons for each mode.

Buttons, menu entries, keys and the help card are all made from this one table, so they cannot
drift apart. Overlays (the search-tree view) are registered here by the App when it is built.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from checkers.gui.config import Mode
from checkers.gui.game_view.eval_bar import EvalBar
from checkers.gui.game_view.picture_menu import PictureHost, copy_picture, save_picture
from checkers.gui.game_view.review import ReviewHost, review_commands
from checkers.gui.intents import OpenFile, OpenSettings, Quit
from checkers.gui.settings import EVAL_BAR, SWITCHED, sound_words
from checkers.gui.widgets import key_label

__all__ = [
    "MENU_GROUPS",
    "OVERLAYS",
    "PRIMARY",
    "Command",
    "CommandHost",
    "Overlay",
    "OverlaySpec",
    "button_rows",
    "command_tip",
    "game_commands",
    "help_rows",
    "menu_items",
    "register_overlay",
]


class Overlay(Protocol):
    """A view drawn over the board's side of the window (the tree view is one); it sees events
    first. The shape of `checkers.gui.tree_view.view.TreeView`, so that view plugs in as it is."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event; True if it was used (the screen then ignores it)."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where to draw from now on (the window was resized)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw into the rect last set."""


@dataclass(frozen=True)
class OverlaySpec:
    """A registered overlay: its toggle key, its label, and how to build it for a screen."""

    name: str
    key: str
    label: str
    factory: Callable[..., Overlay]
    help: str = ""


OVERLAYS: dict[str, OverlaySpec] = {}


def register_overlay(
    name: str, key: str, label: str, factory: Callable[..., Overlay], help: str = ""
) -> None:
    """Make an overlay (e.g. the search-tree view on `t`) toggle with `key` on every game screen;
    `help` is its line on the help card."""
    OVERLAYS[name] = OverlaySpec(name, key, label, factory, help)


def _always() -> bool:
    return True


def _never() -> bool:
    return False


@dataclass
class Command:
    """One thing the player can do: by key, and by a panel button (`place` "panel" or "nav"),
    a menu item ("menu") or neither (""); `enabled` says whether it applies now (a button that
    does not is disabled, not removed)."""

    name: str
    label: str
    keys: tuple[str, ...]
    help: str
    action: Callable[[], None]
    place: str = "panel"
    shown: Callable[[], bool] = field(default=_always)
    """Whether the command belongs to this game at all (fixed for a game: its mode)."""
    active: Callable[[], bool] = field(default=_never)
    enabled: Callable[[], bool] = field(default=_always)
    disabled_tip: Callable[[], str] | None = None
    """Why the command does not apply now: its button's tooltip while it is disabled."""
    group: str = "game"
    """Where it sits in the menu: one of MENU_GROUPS."""
    icon: str = ""
    """A compact button's text (the navigation arrows) instead of the label."""
    short: str = ""
    """A shorter label for a button too narrow for the whole one (a small window)."""
    value: Callable[[], str] | None = None
    """A setting's value as Settings says it: its menu entry shows it after the label
    (`Square numbers: On`, `Evaluation bar: Always`), one name and one set of values
    everywhere."""

    @property
    def button(self) -> bool:
        """Whether a panel button runs it."""
        return self.place in ("panel", "nav")


MENU_GROUPS = ("game", "files", "view", "help", "leave")
"""The menu's groups in order, a separator between each: quit comes last."""

PRIMARY = {
    Mode.HUMAN_VS_AI: ("new", "undo", "hint", "analyse", "why", "open_menu"),
    Mode.HUMAN_VS_HUMAN: ("new", "undo", "redo", "analyse", "draw", "open_menu"),
    Mode.AI_VS_AI: ("pause", "step", "new", "analyse", "why", "open_menu"),
}
"""The panel's buttons for each mode, in two rows of three; every other command of the panel
is in the menu."""


class CommandHost(ReviewHost, PictureHost, Protocol):
    """What the commands act on: the game screen (GameScreen is one)."""

    card: str | None
    bar: EvalBar

    @property
    def menu_open(self) -> bool: ...

    def new_game(self) -> None: ...
    def ask_resign(self) -> None: ...
    def ask_draw(self) -> None: ...
    def ask_why(self) -> None: ...
    def open_analysis(self, explorer: bool = False) -> None: ...
    def card_is(self, name: str) -> bool: ...
    def toggle_card(self, name: str) -> None: ...
    def toggle_menu(self) -> None: ...
    def toggle_numbers(self) -> None: ...
    def toggle_mute(self) -> None: ...
    def flip(self) -> None: ...
    def change_delay(self, direction: int) -> None: ...
    def copy_fen(self) -> None: ...
    def copy_pdn(self) -> None: ...
    def save(self) -> None: ...
    def save_as(self) -> None: ...
    def open_load_screen(self) -> None: ...
    def open_setup_screen(self) -> None: ...
    def to_menu(self) -> None: ...


def game_commands(screen: CommandHost) -> list[Command]:
    """Every command of a game screen, in the order the menu and the help card list them."""
    game = screen.game
    ai_vs_ai = lambda: game.mode is Mode.AI_VS_AI
    has_human = lambda: game.mode is not Mode.AI_VS_AI

    def live() -> bool:
        return not game.finished

    def human_turn() -> bool:
        return live() and game.is_human_turn() and not game.busy() and game.animation is None

    def at_start() -> bool:
        return game.record.ply == 0

    def at_end() -> bool:
        return game.record.ply == len(game.record.line)

    commands = [
        Command(
            "new",
            "New game",
            ("n",),
            "start again with the same players (this game is kept: Saved games resumes it)",
            screen.new_game,
        ),
        Command(
            "undo",
            "Undo",
            ("u", "backspace", "ctrl+z"),
            "take back a move (against the AI, its reply too)",
            game.undo,
            enabled=lambda: game.record.can_undo() or game.outcome is not None,
        ),
        Command(
            "redo",
            "Redo",
            ("r", "ctrl+y"),
            "replay a move taken back",
            game.redo,
            enabled=lambda: game.record.can_redo(),  # the record of the game shown now
        ),
        Command(
            "hint",
            "Hint",
            ("h",),
            "show the engine's suggestion as an arrow on the board",
            game.request_hint,
            shown=has_human,
            enabled=human_turn,
        ),
        Command(
            "resign",
            "Resign",
            ("ctrl+r",),
            "give up the game (asks first; U takes it back)",
            screen.ask_resign,
            shown=has_human,
            enabled=live,
        ),
        Command(
            "draw",
            "Offer draw",
            ("d",),
            "offer a draw (asks first; the AI answers from its evaluation)"
            if game.mode is Mode.HUMAN_VS_AI
            else "offer a draw (asks first; the other player accepts with D on their turn,"
            " a move declines)",
            screen.ask_draw,
            shown=has_human,
            enabled=human_turn,
        ),
        Command(
            "pause",
            "Pause",
            ("space", "p"),
            "pause or resume AI vs AI",
            game.toggle_pause,
            shown=ai_vs_ai,
            active=lambda: game.paused,
            enabled=live,
        ),
        Command(
            "step",
            "Step",
            ("s",),
            "pause a running AI vs AI game; while paused, play one AI move",
            game.step,
            shown=ai_vs_ai,
            enabled=live,
        ),
        Command(
            "faster",
            "Shorter delay",
            ("-",),
            "shorter pause between AI moves",
            lambda: screen.change_delay(-1),
            shown=ai_vs_ai,
        ),
        Command(
            "slower",
            "Longer delay",
            ("+", "="),
            "longer pause between AI moves",
            lambda: screen.change_delay(+1),
            shown=ai_vs_ai,
        ),
        Command(
            "continue",
            "Play on from here",
            ("c",),
            "play on from the move shown (a finished game stays as it was: a new game"
            " starts there; in a game under way the later moves are dropped)",
            game.continue_here,
            place="nav",
            short="Play on",
            enabled=lambda: game.reviewing and game.can_play_on(),
        ),
        Command("flip", "Flip board", ("f",), "turn the board around", screen.flip, group="view"),
        Command(
            "eval_bar",
            "Evaluation bar",
            ("v",),
            "show or hide the bar beside the board that shows who is ahead",
            screen.bar.toggle,
            active=screen.bar.shown,
            group="view",
            value=lambda: EVAL_BAR[screen.context.settings.eval_bar],
        ),
        Command(
            "square_numbers",
            "Square numbers",
            ("k",),
            "show or hide the squares' numbers (on empty squares)",
            screen.toggle_numbers,
            active=lambda: screen.context.settings.square_numbers,
            group="view",
            value=lambda: SWITCHED[screen.context.settings.square_numbers],
        ),
        Command(
            "mute",
            "Sound",
            ("m",),
            "sound on or off",
            screen.toggle_mute,
            active=lambda: not screen.context.sounds.muted,
            enabled=lambda: screen.context.sounds.problem is None,
            disabled_tip=lambda: "No sound can play without an audio device",
            group="view",
            value=lambda: sound_words(
                not screen.context.sounds.muted, screen.context.sounds.problem
            ),
        ),
        Command(
            "help",
            "Help",
            ("?", "f1"),
            "the rules in brief and the keys",
            lambda: screen.toggle_card("help"),
            active=lambda: screen.card == "help",
            group="help",
        ),
        Command(
            "open_menu",
            "Menu",
            (),
            "everything else: the game, files, the view, help, quit",
            screen.toggle_menu,
            active=lambda: screen.menu_open,
            group="",
        ),
        Command(
            "start",
            "Start",
            ("home",),
            "go to the start of the game",
            lambda: game.go_to_end(False),
            place="nav",
            enabled=lambda: not at_start(),
            icon="«",
        ),
        Command(
            "back",
            "Back",
            ("left",),
            "step back through the game (click a move in the list to jump there)",
            lambda: game.step_through(-1),
            place="nav",
            enabled=lambda: not at_start(),
            icon="‹",
        ),
        Command(
            "forward",
            "Forward",
            ("right",),
            "step forward through the game",
            lambda: game.step_through(+1),
            place="nav",
            enabled=lambda: not at_end(),
            icon="›",
        ),
        Command(
            "end",
            "End",
            ("end",),
            "go to the end of the game",
            lambda: game.go_to_end(True),
            place="nav",
            enabled=lambda: not at_end(),
            icon="»",
        ),
        Command(
            "copy_fen",
            "Copy position",
            ("ctrl+c",),
            "copy the position shown (as FEN text)",
            screen.copy_fen,
            place="menu",
            group="files",
        ),
        Command(
            "copy_pdn",
            "Copy game",
            ("ctrl+p",),
            "copy the whole game (as PDN text)",
            screen.copy_pdn,
            place="menu",
            group="files",
        ),
        Command(
            "save",
            "Save",
            ("ctrl+s",),
            "save the game in your games folder",
            screen.save,
            place="menu",
            group="files",
        ),
        Command(
            "save_as",
            "Save as...",
            (),
            "save the game to a file you choose",
            screen.save_as,
            place="menu",
            group="files",
        ),
        Command(
            "copy_picture",
            "Copy picture",
            (),
            "copy the board shown, with its arrows, as a PNG picture",
            functools.partial(copy_picture, screen),
            place="menu",
            group="files",
        ),
        Command(
            "save_picture",
            "Save picture...",
            (),
            "save the board shown, with its arrows, as a PNG or SVG picture",
            functools.partial(save_picture, screen),
            place="menu",
            group="files",
        ),
        Command(
            "open_file",
            "Open file...",
            (),
            "open a game from any PDN file",
            lambda: screen.context.request(OpenFile()),
            place="menu",
            group="files",
        ),
        Command(
            "load",
            "Saved games",
            ("ctrl+o",),
            "the games kept in your games folder, finished or not",
            screen.open_load_screen,
            place="menu",
            group="files",
        ),
        Command(
            "setup",
            "Set up a position",
            ("e",),
            "set up a position to start a new game from",
            screen.open_setup_screen,
            place="menu",
        ),
        Command(
            "settings",
            "Settings",
            (),
            "theme, sound, board, evaluation bar, window size",
            lambda: screen.context.request(OpenSettings()),
            place="menu",
            group="view",
        ),
        Command(
            "menu",
            "Main menu",
            ("escape",),
            "back to the start screen (Esc first closes a card or a review, or drops a selection)",
            screen.to_menu,
            place="menu",
            group="leave",
        ),
        Command(
            "quit",
            "Quit",
            ("q", "ctrl+q"),
            "leave (the game is kept for next time)",
            lambda: screen.context.request(Quit()),
            place="menu",
            group="leave",
        ),
    ]
    for spec in OVERLAYS.values():
        commands.append(
            Command(
                spec.name,
                spec.label,
                (spec.key,),
                spec.help or f"show or hide the {spec.label.lower()}",
                functools.partial(screen.toggle_card, spec.name),
                place="menu",
                active=functools.partial(screen.card_is, spec.name),
                group="view",
            )
        )
    commands += _explain_commands(screen)
    commands.extend(Command(*spec) for spec in review_commands(screen))
    return commands


def _explain_commands(screen: CommandHost) -> list[Command]:
    """Analyse (A) and Why? (W): panel buttons after the others."""
    game = screen.game
    return [
        Command(
            "analyse",
            "Analyse",
            ("a",),
            "an analysis board on the position shown: move for both sides, the engine's"
            " best lines live (the game is kept as it was)",
            screen.open_analysis,
        ),
        Command(
            "explorer",
            "Opening explorer",
            ("o",),
            "the moves games of your archives played in the position shown, how often and how"
            " they ended, on an analysis board (click one to play it there)",
            lambda: screen.open_analysis(explorer=True),
            place="menu",
            group="view",
        ),
        Command(
            "why",
            "Why?",
            ("w",),
            "why the AI played the move shown: every move its search considered, scored",
            screen.ask_why,
            # Greyed where there is no answer: no move yet, or a human's move, its tooltip saying
            # why; W there says the same on the status line. An AI move played before the game
            # was opened here has its card worked out now by the AI's process (`work_out_why`).
            enabled=lambda: not game.why_unavailable(),
            disabled_tip=game.why_unavailable,
        ),
    ]


def button_rows(commands: list[Command], mode: Mode) -> list[list[Command]]:
    """The panel's buttons in rows: the arrows through the game and Play on from here, right
    under the move list, then the mode's six actions in two rows of three (the same places in
    every game of the mode; a button that does not apply is disabled)."""
    by_name = {command.name: command for command in commands}
    primary = [by_name[name] for name in PRIMARY[mode]]
    return [[c for c in commands if c.place == "nav"], primary[:3], primary[3:]]


def menu_items(commands: list[Command], mode: Mode) -> list[Command | None]:
    """The menu's entries in order, None between groups: the panel's commands that are not
    among the mode's buttons, then the menu's own."""
    primary = set(PRIMARY[mode])
    items: list[Command | None] = []
    for group in MENU_GROUPS:
        entries = [
            c
            for c in commands
            if c.group == group
            and c.shown()
            and c.name not in primary
            and c.place in ("menu", "panel")
        ]
        if entries and items:
            items.append(None)
        items += entries
    return items


def command_tip(command: Command) -> str:
    """A command's tooltip: what it does, and its keys."""
    keys = " or ".join(key_label(key) for key in command.keys)
    what = command.help[0].upper() + command.help[1:]
    return f"{what} ({keys})" if keys else what


def help_rows(commands: list[Command]) -> list[tuple[str, str]]:
    """(keys, what they do) for every command with a key, as the help card lists them."""
    return [
        (" / ".join(key_label(k) for k in command.keys), f"{command.label}: {command.help}")
        for command in commands
        if command.keys and command.shown()
    ]
