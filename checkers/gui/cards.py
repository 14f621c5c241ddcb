"""Cards: the window's one dialog style, for a question (resign? replace the file?) and for a
screen with a body of its own (the file browser).

A card sits over a shade on the whole window: a title, a few lines, an optional body its screen
fills in, and a row of buttons that all have one size, the first one the primary action. Enter
presses the button that has the keyboard focus (the primary one until Tab or Left/Right moves it),
Esc cancels. The focus shows as an outline around its button, never as a bigger button. The card
keeps its state (the focus) between builds, so a screen rebuilds it from scratch after a resize
or a theme change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel

from checkers.gui import fonts, theme
from checkers.gui.widgets import run_key_binding

__all__ = [
    "BUTTON_TEXT",
    "HEADING_TEXT",
    "SMALL_TEXT",
    "Card",
    "CardButton",
    "button_height",
    "button_width",
    "fit_left",
    "fit_right",
    "grid_unit",
    "no_lone_tail",
    "text_row",
    "text_size",
    "wrap_words",
]

BUTTON_TEXT = 17
"""The theme's button text size in the reference window (checkers/gui/themes/*.json)."""
LINE_TEXT = 17
"""The card's lines' text size (`@centred` in the theme)."""
SMALL_TEXT = 15
"""The panels' small text size (`@small` and `@dim` in the theme)."""
HEADING_TEXT = 17
"""The panels' headings' text size (`@heading` in the theme)."""
RING = 3
"""Pixels between a button's edge and the focus outline around it."""


def grid_unit(scale: float) -> int:
    """The layouts' grid step for the window's scale: 10 pixels in the reference window."""
    return max(1, round(10 * scale))


def text_size(size: int, scale: float) -> int:
    """A theme text size as the window shows it (`theme.text_size`, as `ui_theme` scales)."""
    return theme.text_size(size, scale)


def text_row(factor: float, scale: float, size: int = SMALL_TEXT) -> int:
    """The height of a row of text of the theme's `size`: `factor` grid units, or more where
    the text is taller (a small window's grid rows are shorter than its smallest text)."""
    face = fonts.font(text_size(size, scale))
    return max(round(factor * grid_unit(scale)), face.get_ascent() - face.get_descent())


def button_height(scale: float) -> int:
    """The height of every button of the window's panel and cards."""
    return round(3.2 * grid_unit(scale))


def button_width(texts: Sequence[str], scale: float) -> int:
    """One width for a row of buttons: room for the longest text, at least a card's Close."""
    font = fonts.font(text_size(BUTTON_TEXT, scale))
    widest = max((font.size(text)[0] for text in texts), default=0)
    unit = grid_unit(scale)
    return max(16 * unit, widest + 3 * unit)


def fit_right(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, cut at its end with an ellipsis if it is wider than `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_left(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, cut at its start with an ellipsis if it is wider than `width` pixels (a path
    keeps its last folders, the ones that say where it is)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size("…" + text)[0] > width:
        text = text[1:]
    return "…" + text


def wrap_words(text: str, font: pygame.font.Font, width: int, balance: bool = False) -> list[str]:
    """`text` in lines no wider than `width` pixels, broken between words (a word wider than
    a line is cut with an ellipsis); a short last word never alone (`no_lone_tail`). With
    `balance`, as many lines as it takes at `width`, the last at least SHORT_LAST of the width
    where the words allow (a card's centred paragraph: the walk of 2026-11-30i read "... defend
    as long as" over a lone "they can."), the others as full as they then go: lines all of one
    length made a two-line paragraph half as wide as the card's others (walk 2026-11-30k)."""
    lines = _greedy(text, font, width)
    if balance and len(lines) > 1:
        aim = min(SHORT_LAST * width, font.size(text)[0] / len(lines))
        step = max(1, width // 50)
        narrower = width
        while font.size(lines[-1])[0] < aim and narrower > step:
            narrower -= step  # words move down from the lines above, one width at a time
            tried = _greedy(text, font, narrower)
            if len(tried) > len(lines):
                break
            lines = tried
    return no_lone_tail(lines, lambda line: font.size(line)[0] <= width)


SHORT_LAST = 0.4
"""The shortest a balanced paragraph's last line is left, as a share of the width."""


def _greedy(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken between words into lines no wider than `width`, each as full as it goes."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = fit_right(word, font, width)
    if line:
        lines.append(line)
    return lines


LONE_TAIL = 8
"""The longest last word (in characters) a wrapped text never leaves alone on its last line."""


def no_lone_tail(lines: list[str], fits: Callable[[str], bool]) -> list[str]:
    """Wrapped `lines` whose last line is one short word (`ahead` from "... looked 10 turns
    ahead", `41)`: the walk of 2026-11-30) take the word before it down with it, where the two
    fit a line and the line above keeps a word; else `lines` as they are."""
    if len(lines) < 2 or " " in lines[-1] or len(lines[-1]) > LONE_TAIL:
        return lines
    above, _, word = lines[-2].rpartition(" ")
    if not above or not fits(f"{word} {lines[-1]}"):
        return lines
    return [*lines[:-2], above, f"{word} {lines[-1]}"]


@dataclass(frozen=True)
class CardButton:
    """One of a card's buttons: its name (for tests), its text, its tooltip, what it does."""

    name: str
    text: str
    tip: str
    action: Callable[[], None]
    key: str = ""
    """The key that presses it too (`p`), as its tip names it; '' for none."""


BodyBuilder = Callable[[UIPanel, pygame.Rect], None]
"""Fills a card's body: the card's panel and the body's place in it."""


class Card:
    """A titled card over a shade with buttons of one size; Enter presses the focused button
    (the primary one, first, unless Tab or Left/Right moved the focus), Esc runs `cancel`."""

    def __init__(
        self,
        title: str,
        lines: Sequence[str],
        buttons: Sequence[CardButton],
        *,
        cancel: Callable[[], None],
        body: BodyBuilder | None = None,
        layer: int = 30,
    ) -> None:
        if not buttons:
            raise ValueError("a card needs at least one button")
        self.title = title
        self.lines = list(lines)
        self.buttons = list(buttons)
        self.cancel = cancel
        self.body = body
        """With a body the card takes most of the window; without, it fits its words."""
        self.layer = layer
        """How far above its root container the shade lies (the card one more)."""
        self.focus = 0
        """Which button Enter presses, by index (0: the primary one)."""
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name, while the card is built."""
        self.panel: UIPanel | None = None
        self.shade: UIPanel | None = None
        self._ring: UIPanel | None = None
        self._pressed: dict[UIButton, int] = {}

    # --- widgets -------------------------------------------------------------------------------

    def build(self, manager: pygame_gui.UIManager, root: UIContainer, scale: float) -> UIPanel:
        """The shade over all of `root`, and the card in its middle; returns the card's panel."""
        self.kill()
        unit = grid_unit(scale)
        height = button_height(scale)
        area = root.get_container().get_rect()
        self.shade = UIPanel(
            pygame.Rect((0, 0), area.size),
            manager=manager,
            container=root,
            starting_height=self.layer,
            object_id="#shade",
        )
        width = button_width([button.text for button in self.buttons], scale)
        gap = unit
        row_width = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        line_font = fonts.font(text_size(LINE_TEXT, scale))
        title_font = fonts.font(text_size(24, scale), bold=True)
        room = area.width - 4 * unit  # the card's widest
        if self.body is not None:
            box = pygame.Rect(0, 0, min(room, 90 * unit), min(area.height - 4 * unit, 72 * unit))
        else:
            wanted = max(
                44 * unit,
                row_width + 4 * unit,
                title_font.size(self.title)[0] + 4 * unit,
                *(line_font.size(line)[0] + 4 * unit for line in self.lines),
            )
            box = pygame.Rect(0, 0, min(room, wanted), 0)
        inner = box.width - 4 * unit
        # Labels pad their text: wrap a little short of the card's inner width.
        wrapped = [
            part for line in self.lines for part in wrap_words(line, line_font, inner - 16, True)
        ]
        line_height = 3 * unit
        title_height = 4 * unit
        if self.body is None:
            box.height = (
                unit + title_height + len(wrapped) * line_height + 2 * unit + height + 2 * unit
            )
        box.center = area.center
        panel = self.panel = UIPanel(
            box,
            manager=manager,
            container=root,
            starting_height=self.layer + 1,
            object_id="#card",
        )
        inside = panel.get_container().get_rect()
        inner = inside.width - 4 * unit
        UILabel(
            pygame.Rect(2 * unit, unit, inner, title_height),
            fit_right(self.title, title_font, inner),
            manager,
            container=panel,
            object_id="@card_title_small",
        )
        y = unit + title_height
        for line in wrapped:
            UILabel(
                pygame.Rect(2 * unit, y, inner, line_height),
                line,
                manager,
                container=panel,
                object_id="@centred",
            )
            y += line_height
        foot = inside.height - 2 * unit - height
        if self.body is not None:
            self.body(panel, pygame.Rect(2 * unit, y + unit // 2, inner, foot - y - 3 * unit // 2))
        # Buttons wider than the card share its width (a narrow window); all keep one size.
        if row_width > inner:
            width = (inner - (len(self.buttons) - 1) * gap) // len(self.buttons)
            row_width = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        x = (inside.width - row_width) // 2
        # The outline first and one layer lower: the buttons draw over it and take the clicks.
        self._ring = UIPanel(
            pygame.Rect(0, 0, width + 2 * RING, height + 2 * RING),
            manager=manager,
            container=panel,
            starting_height=1,
            object_id="#focus_ring",
        )
        self.widgets = {}
        self._pressed = {}
        for index, spec in enumerate(self.buttons):
            button = UIButton(
                pygame.Rect(x + index * (width + gap), foot, width, height),
                spec.text,
                manager,
                container=panel,
                starting_height=2,
                tool_tip_text=spec.tip,
                object_id="@primary" if index == 0 and len(self.buttons) > 1 else None,
            )
            self.widgets[spec.name] = button
            self._pressed[button] = index
        self.focus = min(self.focus, len(self.buttons) - 1)
        self._show_focus()
        return panel

    def _show_focus(self) -> None:
        """Put the outline around the focused button."""
        if self._ring is None:
            return
        button = self.widgets[self.buttons[self.focus].name]
        self._ring.set_relative_position(
            (button.relative_rect.x - RING, button.relative_rect.y - RING)
        )

    def kill(self) -> None:
        """Remove the card's widgets (it can be built again)."""
        for element in (self.panel, self.shade):
            if element is not None and element.alive():
                element.kill()
        self.panel = self.shade = self._ring = None
        self.widgets = {}
        self._pressed = {}

    def is_built(self) -> bool:
        """Whether the card is on the window."""
        return self.panel is not None and self.panel.alive()

    @property
    def focused(self) -> str:
        """The name of the button Enter presses."""
        return self.buttons[self.focus].name

    def move_focus(self, step: int) -> None:
        """Move the keyboard focus `step` buttons along the row (wrapping around)."""
        self.focus = (self.focus + step) % len(self.buttons)
        self._show_focus()

    # --- events --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on one of the buttons, Enter, Esc, Tab or Left/Right; True if the event was
        the card's (other keys are left to the screen)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            index = self._pressed.get(getattr(event, "ui_element", None))  # type: ignore[arg-type]
            if index is None:
                return False
            self.focus = index
            self.buttons[index].action()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[self.focus].action()
        elif event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(-1 if event.key == pygame.K_LEFT else 1)
        else:
            # A button's own key, as its tip names it (walk 2026-11-30j: P on the empty puzzle
            # card did nothing under a tip that said "(P)").
            keys = {button.key: button.action for button in self.buttons if button.key}
            return run_key_binding(keys, event)
        return True
