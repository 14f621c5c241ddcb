"""The settings dialog: theme, sound and volume, which way the board faces, when the evaluation
bar shows and the window's size; every change is applied at once and remembered (the App writes the
settings file).

A card of the window's one style (checkers.gui.cards: the gold border, the title, the buttons'
one size) over the screen below, which keeps drawing; Esc or Close leaves it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UIPanel

from checkers.gui import database_build, theme
from checkers.gui.cards import button_height, button_width
from checkers.gui.config import Mode, board_black_at_bottom
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, ChangeSettings
from checkers.gui.settings import (
    EVAL_BAR,
    SWITCHED,
    Settings,
    parse_window_size,
    sound_words,
    window_sizes,
)
from checkers.gui.ui import Actions, HoverTips, desktop_sizes
from checkers.gui.widgets import full_width_list

__all__ = ["SettingsScreen"]

BUILD_WAKE_SECONDS = 0.5
"""How often the databases' row looks at a build under way (the loop otherwise sleeps)."""
BUILD_TIPS = {
    "Build": "Build the next size in a process of its own; the game stays playable, and Stop"
    " keeps every slice finished (Build again resumes)",
    "Stop": "Stop the build; every slice finished is kept, and Build resumes it later",
}
"""The databases' button's tooltip for each of its roles."""


def size_label(size: tuple[int, int]) -> str:
    """`1280 x 800`: a window size as Settings lists it (`parse_window_size` reads it back)."""
    return f"{size[0]} x {size[1]}"


BOARD_GAMES = {
    None: "a game against the AI",
    Mode.HUMAN_VS_AI: "a game against the AI",
    Mode.AI_VS_AI: "an AI vs AI game",
    Mode.HUMAN_VS_HUMAN: "a two-player game",
}
"""The games the Board row turns, for the mode Settings opens over (None: other screens)."""


def board_words(flip: bool, mode: Mode | None) -> str:
    """The Board row's value for the mode below: `Your side at the bottom` against the AI, the
    colour at the bottom where no one or two play (`Black at the bottom` in AI vs AI, as its
    game opens; `Turned (Black at the bottom)` between two players when turned)."""
    if mode is None or mode is Mode.HUMAN_VS_AI:
        return "Turned (your side at the top)" if flip else "Your side at the bottom"
    black = board_black_at_bottom(mode, None, flip)
    bottom = f"{'Black' if black else 'White'} at the bottom"
    return f"Turned ({bottom})" if flip else bottom


class SettingsScreen(ScreenBase):
    """Theme, sound, volume and board orientation, applied as they are chosen."""

    opaque = False
    keeps_widgets_below = True

    def __init__(self, context: ScreenContext, mode: Mode | None = None) -> None:
        """`mode`: the game's (or the start screen's) mode below, which the Board row words
        itself for (None: the words of a game against the AI)."""
        super().__init__(context)
        self.mode = mode
        self.actions = Actions()
        self.tips = HoverTips(context.ui)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        """The controls by name (`theme`, `sound`, `volume`, `flip`, `close`), for tests."""
        self.volume: UIHorizontalSlider | None = None
        self.volume_label: UILabel | None = None
        self.panel: UIPanel | None = None
        """The card the controls are on, while it is built."""
        self._shown_changed = False  # the databases' row changed its words this frame

    @property
    def settings(self) -> Settings:
        """The settings in use."""
        return self.context.settings

    def change(self, **values: object) -> None:
        """Use and remember settings with these values changed."""
        self.context.request(ChangeSettings(replace(self.settings, **values)))  # type: ignore[arg-type]

    def _turn_board(self) -> None:
        """Turn the board of the mode below's games, or turn it back (those games alone)."""
        turned = self.settings.turns(self.mode)
        self.context.request(ChangeSettings(self.settings.turning(self.mode, not turned)))

    def close_dialog(self) -> None:
        """Back to the screen below."""
        self.context.request(Back())

    def _choose_theme(self, text: str) -> None:
        name = next((name for name, label in theme.THEMES.items() if label == text), None)
        if name is not None:
            self.change(theme=name)

    def _choose_eval_bar(self, text: str) -> None:
        name = next((name for name, label in EVAL_BAR.items() if label == text), None)
        if name is not None:
            self.change(eval_bar=name)

    def _choose_window_size(self, text: str) -> None:
        size = parse_window_size(text)
        if size != self.settings.window_size:
            self.change(window_size=size)

    def handle(self, event: pygame.event.Event) -> None:
        """Widgets' events; Esc closes the dialog."""
        if self.actions.handle(event):
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.change(volume=round(float(event.value) / 100, 2))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_dialog()

    def update(self, dt: float) -> None:
        """Tooltips follow the mouse; the volume is greyed out while the sound is off; the
        databases' rows follow the build."""
        self.tips.update(dt)
        if "databases" in self.widgets:
            self._refresh_databases()
        volume = self.volume
        audible = self.audible()
        if volume is not None and volume.is_enabled != audible:
            volume.enable() if audible else volume.disable()
            if self.volume_label is not None:  # the row's name greys with its slider
                self.volume_label.change_object_id(None if audible else "@greyed")

    def audible(self) -> bool:
        """Whether a sound can play (the sound is on, and there is an audio device)."""
        return self.settings.sound and self.context.sounds.problem is None

    def volume_tip(self) -> str:
        """What the volume's slider does, or why it is greyed (said there once: the Sound row
        names the missing device, the slider why it has nothing to do)."""
        if self.context.sounds.problem is not None:
            return "No sound can play without an audio device: nothing to make louder"
        if not self.settings.sound:
            return "The sound is off: turn it on (Sound) to set how loud it is"
        return "How loud the sounds are"

    def build_ui(self, root: UIContainer) -> None:
        """A card in the middle of the window with one row per setting and Close at its foot."""
        ui = self.context.ui
        self.actions.clear()
        self.tips = HoverTips(ui)
        scale = self.context.scale
        unit = max(1, round(10 * scale))
        row, gap = 4 * unit, unit
        close_height = button_height(scale)
        width, height = root.get_container().get_rect().size
        box = pygame.Rect(0, 0, min(width - 4 * gap, 56 * unit), 10 * row + 14 * gap + close_height)
        box.center = (width // 2, height // 2)
        self.shade(root)
        panel = self.panel = UIPanel(
            box, manager=ui, container=root, starting_height=2, object_id="#card"
        )
        inner = box.width - 4 * gap
        label = 16 * unit
        control = inner - label
        UILabel(
            pygame.Rect(2 * gap, gap, inner, row),
            "Settings",
            ui,
            container=panel,
            object_id="@card_title_small",
        )
        y = gap + row + gap
        settings = self.settings

        UILabel(pygame.Rect(2 * gap, y, label, row), "Theme", ui, container=panel)
        menu = full_width_list(
            UIDropDownMenu(
                list(theme.THEMES.values()),
                theme.THEMES[settings.theme],
                pygame.Rect(2 * gap + label, y, control, row),
                ui,
                container=panel,
            )
        )
        self.actions.chosen[menu] = self._choose_theme
        self.tips.add(menu, "The colours of the board, the pieces and the controls")
        self.widgets["theme"] = menu
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Sound", ui, container=panel)
        # With no audio device "On" would be a promise nothing keeps: say so, greyed.
        silent = self.context.sounds.problem
        self.widgets["sound"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(2 * gap + label, y, control, row),
            sound_words(settings.sound, silent),
            f"No sound can play: {silent.removeprefix('no sound: ')}"
            if silent
            else "Sounds for moves, captures, crowning and the end of a game (M in a game)",
            lambda: self.change(sound=not self.settings.sound),
        )
        if silent:
            self.widgets["sound"].disable()
        y += row + gap

        audible = self.audible()
        self.volume_label = UILabel(
            pygame.Rect(2 * gap, y, label, row),
            "Volume",
            ui,
            container=panel,
            object_id=None if audible else "@greyed",
        )
        self.volume = UIHorizontalSlider(
            pygame.Rect(2 * gap + label, y, control, row),
            round(settings.volume * 100),
            (0, 100),
            ui,
            container=panel,
            click_increment=10,
        )
        self.tips.add(self.volume, self.volume_tip)
        if not audible:
            self.volume.disable()  # nothing to make louder while the sound is off (`update`)
        if silent:
            # No device, for as long as the game runs: a greyed slider still read as one to
            # drag (walk 2026-11-30k); its row says there is nothing to set.
            self.volume.hide()
            UILabel(
                pygame.Rect(2 * gap + label, y, control, row),
                "–",
                ui,
                container=panel,
                object_id="@greyed",
            )
        self.widgets["volume"] = self.volume
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Board", ui, container=panel)
        self.widgets["flip"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(2 * gap + label, y, control, row),
            board_words(settings.turns(self.mode), self.mode),
            f"Which way the board faces when {BOARD_GAMES[self.mode]} starts, turned or not for"
            " those games alone: your side at the bottom against the AI, Black in AI vs AI,"
            " White between two players, unless turned (F turns it in a game)",
            self._turn_board,
        )
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Evaluation bar", ui, container=panel)
        bar = full_width_list(
            UIDropDownMenu(
                list(EVAL_BAR.values()),
                EVAL_BAR[settings.eval_bar],
                pygame.Rect(2 * gap + label, y, control, row),
                ui,
                container=panel,
            )
        )
        self.actions.chosen[bar] = self._choose_eval_bar
        self.tips.add(bar, "When the bar beside the board shows who is ahead (V in a game)")
        self.widgets["eval_bar"] = bar
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Square numbers", ui, container=panel)
        self.widgets["square_numbers"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(2 * gap + label, y, control, row),
            SWITCHED[settings.square_numbers],
            "The squares' numbers (11-15 names a move by them), on empty squares only (K in a"
            " game)",
            lambda: self.change(square_numbers=not self.settings.square_numbers),
        )
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Window size", ui, container=panel)
        sizes = window_sizes(desktop_sizes(), settings.window_size)
        window = full_width_list(
            UIDropDownMenu(
                [size_label(size) for size in sizes],
                size_label(settings.window_size),
                pygame.Rect(2 * gap + label, y, control, row),
                ui,
                container=panel,
            )
        )
        self.actions.chosen[window] = self._choose_window_size
        self.tips.add(
            window,
            "The window's size in pixels, among those that fit this screen (dragging its edge"
            " works too); remembered for the next time",
        )
        self.widgets["window_size"] = window
        y += row + gap
        y = self._build_databases(panel, y, label, control, row, gap)
        y += gap

        close_width = button_width(["Close"], scale)
        self.widgets["close"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(box.width // 2 - close_width // 2, y, close_width, close_height),
            "Close",
            "Back; the settings are already saved (Esc)",
            self.close_dialog,
        )

    def wake_in(self) -> float | None:
        """Twice a second while the databases build (the row follows it), else on events."""
        build = database_build.current_build()
        if build is not None and build.progress().state in ("running", "stopping"):
            return BUILD_WAKE_SECONDS
        if self._shown_changed:
            return 1 / 30  # pygame_gui shows a label's new words in its next update
        return None

    def _build_databases(
        self, panel: UIPanel, y: int, label: int, control: int, row: int, gap: int
    ) -> int:
        """The endgame databases' rows: what this computer has and Build (Stop while it
        builds), then the next size's cost or the build's progress; returns the y below."""
        ui = self.context.ui
        x = 2 * gap + label
        button = button_width(["Build", "Stop"], self.context.scale)
        UILabel(pygame.Rect(2 * gap, y, label, row), "Endgames", ui, container=panel)
        held = UILabel(pygame.Rect(x, y, control - button - gap, row), "", ui, container=panel)
        self.tips.add(
            held,
            lambda: (
                "Every ending of up to this many pieces is known exactly: exact endgame play,"
                " exact review labels, and the drills of the standard endings that fit."
                f" {database_build.held_note(self._held_pieces)}"
            ),
        )
        self.widgets["databases"] = held
        self.widgets["databases_build"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(x + control - button, y, button, row),
            "Build",
            BUILD_TIPS["Build"],
            self._build_or_stop,
        )
        y += row + gap
        status = UILabel(pygame.Rect(2 * gap, y, label + control, row), "", ui, container=panel)
        self.tips.add(status, lambda: self._databases_tip())
        self.widgets["databases_status"] = status
        self._offer: database_build.SizeOffer | None = None
        self._shown: tuple[str, str, str, bool] | None = None
        self._shown_changed = False
        self._seen_state: str | None = "unseen"
        self._held = ""
        self._held_pieces = 0
        self._refresh_databases()
        return y + row

    def _databases_tip(self) -> str:
        """The build's line in full (the label may be cut short in a small window)."""
        build = database_build.current_build()
        if build is not None and build.progress().state != "built":
            return build.progress().detail()
        offer = self._offer
        if offer is None:
            return "Every size the window builds is here (more: checkers endgame build)"
        memory = database_build.size_words(offer.memory, "of memory")
        return (
            f"All {offer.pieces}-piece endings: {database_build.time_words(offer.seconds)}"
            f" {database_build.PROCESSOR_TIME}; {database_build.BUSY_NOTE} (the build runs"
            f" behind the game, at its own pace),"
            f" {database_build.size_words(offer.disk)} ({len(offer.missing)} slices, up to"
            f" {memory} while it builds)"
        )

    def _refresh_databases(self) -> None:
        """The rows' words from the databases on disk and the build's progress (each frame: the
        disk is looked at only when the build begins or ends, labels set when their words change)."""
        build = database_build.current_build()
        progress = build.progress() if build is not None else None
        state = progress.state if progress is not None else None
        running = state in ("running", "stopping")
        if state != self._seen_state:  # first shown, or the build began or ended: look again
            self._seen_state = state
            self._held_pieces = database_build.held_pieces()
            self._held = database_build.known_words(self._held_pieces)
            if not running:
                self._offer = database_build.next_offer()
        offer = self._offer
        if running and progress is not None:
            status, action = progress.line(), "Stop"
            enabled = progress.state == "running"
        elif offer is None:
            status, action, enabled = "Every size is built", "Build", False
        elif not offer.enough_disk:
            status, action, enabled = f"{offer.pieces} pieces {offer.disk_words()}", "Build", False
        elif progress is not None and progress.state in ("stopped", "failed"):
            status, action, enabled = progress.line(), "Build", True
        else:
            status, action, enabled = offer.cost_words(), "Build", True
        shown = (self._held, status, action, enabled)
        if shown == self._shown:
            self._shown_changed = False
            return
        self._shown = shown
        self._shown_changed = True
        held_label = self.widgets["databases"]
        status_label = self.widgets["databases_status"]
        button = self.widgets["databases_build"]
        assert isinstance(held_label, UILabel) and isinstance(status_label, UILabel)
        assert isinstance(button, UIButton)
        held_label.set_text(self._held)
        status_label.set_text(status)
        if button.text != action:
            # The tip follows the button's role: one shown for Build goes, Stop's comes after a rest.
            button.set_tooltip(BUILD_TIPS[action])
            if button.tool_tip is not None:
                button.tool_tip.kill()
                button.tool_tip = None
            button.hover_time = 0.0
            button.set_text(action)
        button.enable() if enabled else button.disable()

    def _build_or_stop(self) -> None:
        """Build the next size (the disk checked first), or stop the build under way."""
        build = database_build.current_build()
        if build is not None and build.progress().state == "running":
            build.stop()
        elif self._offer is not None and self._offer.enough_disk:
            database_build.start_build(self._offer)
        self._shown = None
        self._refresh_databases()
