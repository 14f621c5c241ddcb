"""The settings dialog: theme, sound and volume, which way the board faces and when the
evaluation bar shows; every change is applied at once and remembered (the App writes the
settings file).

A card of the window's one style (checkers.gui.cards: the gold border, the title, the buttons'
one size) over the screen below, which keeps drawing; Esc or Close leaves it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel, UIPanel

from checkers.gui import theme
from checkers.gui.cards import button_height, button_width
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, ChangeSettings
from checkers.gui.settings import EVAL_BAR, Settings
from checkers.gui.ui import Actions, HoverTips

__all__ = ["SettingsScreen"]


class SettingsScreen(ScreenBase):
    """Theme, sound, volume and board orientation, applied as they are chosen."""

    opaque = False
    keeps_widgets_below = True

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.actions = Actions()
        self.tips = HoverTips(context.ui)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        """The controls by name (`theme`, `sound`, `volume`, `flip`, `close`), for tests."""
        self.volume: UIHorizontalSlider | None = None
        self.panel: UIPanel | None = None
        """The card the controls are on, while it is built."""

    @property
    def settings(self) -> Settings:
        """The settings in use."""
        return self.context.settings

    def change(self, **values: object) -> None:
        """Use and remember settings with these values changed."""
        self.context.request(ChangeSettings(replace(self.settings, **values)))  # type: ignore[arg-type]

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

    def handle(self, event: pygame.event.Event) -> None:
        """Widgets' events; Esc closes the dialog."""
        if self.actions.handle(event):
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.change(volume=round(float(event.value) / 100, 2))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_dialog()

    def update(self, dt: float) -> None:
        """Tooltips follow the mouse; the volume is greyed out while the sound is off."""
        self.tips.update(dt)
        volume = self.volume
        audible = self.settings.sound and self.context.sounds.problem is None
        if volume is not None and volume.is_enabled != audible:
            volume.enable() if audible else volume.disable()

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
        box = pygame.Rect(0, 0, min(width - 4 * gap, 56 * unit), 7 * row + 11 * gap + close_height)
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
        menu = UIDropDownMenu(
            list(theme.THEMES.values()),
            theme.THEMES[settings.theme],
            pygame.Rect(2 * gap + label, y, control, row),
            ui,
            container=panel,
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
            "No audio device" if silent else "On" if settings.sound else "Off",
            f"No sound can play: {silent.removeprefix('no sound: ')}"
            if silent
            else "Sounds for moves, captures, crowning and the end of a game (M in a game)",
            lambda: self.change(sound=not self.settings.sound),
        )
        if silent:
            self.widgets["sound"].disable()
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Volume", ui, container=panel)
        self.volume = UIHorizontalSlider(
            pygame.Rect(2 * gap + label, y, control, row),
            round(settings.volume * 100),
            (0, 100),
            ui,
            container=panel,
            click_increment=10,
        )
        self.tips.add(self.volume, "How loud the sounds are")
        if not settings.sound or silent:
            self.volume.disable()  # nothing to make louder while the sound is off (`update`)
        self.widgets["volume"] = self.volume
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Board", ui, container=panel)
        self.widgets["flip"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(2 * gap + label, y, control, row),
            "Turned (your side at the top)" if settings.flip else "Your side at the bottom",
            "Which way the board faces when a game starts (F turns it in a game)",
            lambda: self.change(flip=not self.settings.flip),
        )
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Evaluation bar", ui, container=panel)
        bar = UIDropDownMenu(
            list(EVAL_BAR.values()),
            EVAL_BAR[settings.eval_bar],
            pygame.Rect(2 * gap + label, y, control, row),
            ui,
            container=panel,
        )
        self.actions.chosen[bar] = self._choose_eval_bar
        self.tips.add(bar, "When the bar beside the board shows who is ahead (V in a game)")
        self.widgets["eval_bar"] = bar
        y += row + gap

        UILabel(pygame.Rect(2 * gap, y, label, row), "Numbers", ui, container=panel)
        self.widgets["square_numbers"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(2 * gap + label, y, control, row),
            "On empty squares" if settings.square_numbers else "Hidden",
            "The squares' numbers (11-15 names a move by them), on empty squares only",
            lambda: self.change(square_numbers=not self.settings.square_numbers),
        )
        y += row + 2 * gap

        close_width = button_width(["Close"], scale)
        self.widgets["close"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(box.width // 2 - close_width // 2, y, close_width, close_height),
            "Close",
            "Back; the settings are already saved (Esc)",
            self.close_dialog,
        )
