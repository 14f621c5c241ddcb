"""Small helpers for building screens from pygame_gui widgets (see checkers.gui.context).

`Actions` maps each widget to what it does, so a screen's `handle` is one lookup for every
pygame_gui event. `HoverTips` gives a tooltip to widgets that take none of their own (drop-downs,
selection lists, sliders); buttons take `tool_tip_text` directly.
"""

from __future__ import annotations

import itertools
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer, UIElement
from pygame_gui.core.interfaces import IContainerLikeInterface, IUIElementInterface
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from checkers.gui.fonts import BLURRED_SIZES
from checkers.gui.theme import MIN_TEXT

__all__ = [
    "HOW_FAR",
    "NBSP",
    "SMALLEST_TEXT",
    "TIP_DELAY",
    "Actions",
    "HoverTips",
    "Manager",
    "desktop_sizes",
    "drop_tooltips",
    "expanded",
    "fit_label",
    "fit_text",
    "hold_words",
    "keep_tail",
    "redraw_now",
    "side_panel",
]

TIP_DELAY = 0.6
"""Seconds the mouse rests on a widget before its tooltip shows (the theme says the same)."""

SMALLEST_TEXT = MIN_TEXT
"""The smallest text in pixels `fit_text` shrinks to (still readable)."""


def drop_tooltips(manager: pygame_gui.UIManager) -> None:
    """Put away every tooltip shown; the widget that showed one waits a full delay (the mouse
    resting on it again) before it shows it again."""
    for tip in manager.get_sprite_group().sprites():
        if not isinstance(tip, pygame_gui.elements.UITooltip):
            continue
        owner = tip.parent_element
        if isinstance(owner, UIElement) and owner.tool_tip is tip:
            owner.tool_tip = None
            owner.hover_time = 0.0
        tip.kill()


Ids = list[str | None] | None


class Theme(UIAppearanceTheme):
    """pygame_gui's theme, with the ids each widget is themed by looked up by the ids
    themselves. pygame_gui 0.6.14 keys its own memo of them by a string it builds with
    `str.join` over the characters of the four id lists' texts, so the key grows as the fourth
    power of their length: some 2.5 million characters built and hashed, about 7 ms, each time
    a widget five containers deep is made or restyled (the review's move list restyles its
    rows at every move shown: half the time of a step through a reviewed game). The ids found
    are the library's own, computed once for each set of ids."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(
        self,
        element_base_ids: Ids,
        element_ids: list[str] | None,
        class_ids: Ids,
        object_ids: Ids,
    ) -> list[str]:
        """As UIAppearanceTheme's, memoised by the ids (the result depends on nothing else)."""
        key = tuple(
            None if ids is None else tuple(ids)
            for ids in (element_base_ids, element_ids, class_ids, object_ids)
        )
        found = self._combined.get(key)
        if found is None:
            found = super().build_all_combined_ids(
                element_base_ids, element_ids, class_ids, object_ids
            )
            self._combined[key] = found
        return found


class Manager(pygame_gui.UIManager):
    """pygame_gui's manager, but a mouse press puts the tooltips away before any widget sees
    it: a tooltip still up from where the mouse rested (pygame_gui removes it only in its next
    update) would take a click meant for the button under it, e.g. the first click on Menu
    after a file dialog closed over the Resign button."""

    held_at: tuple[int, int] | None = None
    """Where the pointer rested when the screen changed: no tooltip shows until it moves."""

    def hold_tooltips(self) -> None:
        """Put every tooltip away and show none until the pointer moves: after a screen
        change the pointer rests over a widget of the new screen, whose tooltip would pop up
        unasked where the old screen's was (it looks like the old one left behind)."""
        drop_tooltips(self)
        self.held_at = pygame.mouse.get_pos()

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        """As UIManager's, a `Theme` (ids looked up without pygame_gui's slow key)."""
        theme = Theme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme

    def process_events(self, event: pygame.event.Event) -> bool:
        """As UIManager's, after putting the tooltips away on a mouse press."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            drop_tooltips(self)
        return bool(super().process_events(event))

    def update(self, time_delta: float) -> None:
        """As UIManager's; while a drop-down's list is open no tooltip shows (it would hide the
        options: a widget under the list still counts as hovered by its own rectangle), nor
        while the pointer has not moved since the screen changed."""
        super().update(time_delta)
        if self.held_at is not None and pygame.mouse.get_pos() != self.held_at:
            self.held_at = None
        sprites = self.get_sprite_group().sprites()
        if any(isinstance(tip, pygame_gui.elements.UITooltip) for tip in sprites) and (
            self.held_at is not None or any(expanded(element) for element in sprites)
        ):
            drop_tooltips(self)


class Actions:
    """What each widget does: a button's press, a drop-down's or list's new choice (the text)."""

    def __init__(self) -> None:
        self.pressed: dict[IUIElementInterface, Callable[[], None]] = {}
        self.chosen: dict[IUIElementInterface, Callable[[str], None]] = {}

    def clear(self) -> None:
        """Forget the widgets (they were rebuilt)."""
        self.pressed.clear()
        self.chosen.clear()

    def button(
        self,
        manager: pygame_gui.UIManager,
        container: IContainerLikeInterface,
        rect: pygame.Rect,
        text: str,
        tip: str,
        action: Callable[[], None],
        selected: bool = False,
        object_id: str | None = None,
    ) -> UIButton:
        """A button with a tooltip in `container` that runs `action` when pressed."""
        button = UIButton(
            rect, text, manager, container=container, tool_tip_text=tip, object_id=object_id
        )
        if selected:
            button.select()
        self.pressed[button] = action
        return button

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the action of a widget's event; True if the event was one of ours."""
        element = getattr(event, "ui_element", None)
        if element is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in self.pressed:
            self.pressed[element]()
            return True
        if (
            event.type
            in (pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION)
            and element in self.chosen
        ):
            self.chosen[element](event.text)
            return True
        return False


class HoverTips:
    """Tooltips for widgets without their own, or for a disabled button's reason (pygame_gui
    shows a button's own tooltip only while it is enabled): shown after the mouse rests on one,
    gone when it leaves or the tip no longer applies (call `update` every frame)."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.tips: list[_Tip] = []
        self._over: IUIElementInterface | None = None
        self._rested = 0.0
        self._shown: pygame_gui.elements.UITooltip | None = None

    def add(
        self,
        element: IUIElementInterface,
        text: str | Callable[[], str],
        when: Callable[[], bool] | None = None,
    ) -> None:
        """Show `text` (or what `text()` says then) when the mouse rests on `element` (and
        `when()` holds)."""
        self.tips.append(_Tip(element, text, when))

    def add_disabled(self, button: UIButton, text: Callable[[], str]) -> None:
        """Show `text()` when the mouse rests on `button` while it is disabled."""
        self.add(button, text, lambda: not button.is_enabled)

    def clear(self) -> None:
        """Forget every widget and hide the tooltip (the widgets were rebuilt)."""
        self.tips.clear()
        self._hide()
        self._over = None

    def _hide(self) -> None:
        if self._shown is not None:
            self._shown.kill()
            self._shown = None

    def update(self, dt: float) -> None:
        """Follow the mouse: start, keep or end a tooltip."""
        point = pygame.mouse.get_pos()
        over = next((tip for tip in self.tips if tip.applies(point)), None)
        if over is not None and any(expanded(tip.element) for tip in self.tips):
            over = None  # a drop-down's list is open: its options stay in view
        element = over.element if over is not None else None
        if element is not self._over:
            self._hide()
            self._over = element
            self._rested = 0.0
            return
        if over is None:
            return
        self._rested += dt
        if self._shown is None and self._rested >= TIP_DELAY:
            text = over.text if isinstance(over.text, str) else over.text()
            self._shown = pygame_gui.elements.UITooltip(text, (0, 12), self.manager)
            self._shown.find_valid_position(pygame.math.Vector2(point))


@dataclass(frozen=True)
class _Tip:
    element: IUIElementInterface
    text: str | Callable[[], str]
    when: Callable[[], bool] | None

    def applies(self, point: tuple[int, int]) -> bool:
        """Whether the mouse at `point` is over the live, visible element and the tip holds."""
        element = self.element
        return (
            element.alive()
            and element.visible
            and element.get_abs_rect().collidepoint(point)
            and (self.when is None or self.when())
        )


def expanded(element: object) -> bool:
    """Whether `element` is a drop-down whose list is open."""
    states = getattr(element, "menu_states", None)
    return isinstance(states, dict) and getattr(element, "current_state", None) is states.get(
        "expanded"
    )


def fit_label(label: UILabel, text: str) -> str:
    """`text` cut with '...' so it fits the label's width (a label clips, it does not wrap)."""
    font = label.font
    room = label.rect.width - 4
    if font is None or font.size(text)[0] <= room:
        return text
    while text and font.size(text + "...")[0] > room:
        text = text[:-1]
    return text + "..."


SHORT_TAIL = 8
"""The longest last word (in characters) `keep_tail` keeps with the word before it."""
_TAIL = re.compile(rf"( +)([^ <>]{{1,{SHORT_TAIL}}}(?:<[^<>]*>)*)$")


def _held(found: re.Match[str]) -> str:
    """The spaces before a short last word as no-break spaces (as wide), then the word."""
    return "\u00a0" * len(found.group(1)) + found.group(2)


def keep_tail(html_text: str, lines: set[int] | None = None) -> str:
    """`html_text` with each line's short last word (`ahead`, `41)`) joined to the word before
    it by a no-break space, so a wrapped line never leaves it alone on a row of its own (the
    walk of 2026-11-30 read "looked 10 turns" over a lone "ahead"); a tag after it (`</b>`)
    stays with it, a space inside a tag is never touched. `lines`: only those lines (counted
    from 0 between `<br>`s)."""
    return "<br>".join(
        _TAIL.sub(_held, line) if lines is None or index in lines else line
        for index, line in enumerate(html_text.split("<br>"))
    )


SHORT_ASIDE = 26
"""The longest aside in brackets (its words, without the brackets) that `hold_words` keeps on
one row when it ends a line: `(looked 14 turns ahead)`; a longer one may wrap inside."""
NBSP = "\u00a0"
"""A no-break space: as wide as a space, and pygame_gui never wraps a line at it."""
HOW_FAR = r"\b(?:looked|looking|looks|thinking\.\.\.) +\d+ +turns? +ahead\b"
"""How far a search looked, as the window says it (`looked 14 turns ahead`, `thinking... 9
turns ahead`): words a wrap never parts."""
_NUMBER = r"[+-]?\d[\d,]*(?:\.\d+)?%?"
_HELD = (
    # A number and its unit (`12 turns`, `0.35 men`, `(+3 more)`), a score and its side
    # (`+0.15 for White`); not a move's squares (`24-20`).
    re.compile(rf"(?<![\w.,+\-])({_NUMBER}) +(?:for +)?(?=[A-Za-z(])"),
    # The word that leads to a number: `in 7 moves`, `by 2 men`.
    re.compile(rf"\b((?:in|at|by|to|of|within|after)) +(?={_NUMBER}(?![\dx-]))"),
    # A sentence's last two words (its last word has a letter: not a move's number, `5.`;
    # nor `thinking...`, which ends no sentence).
    re.compile(
        r"()(?<=\S) +(?=(?![^ \n]*\.\.\.)[^ \n]*[A-Za-z][^ \n]*[.!?][)\]\"'\u2019]*(?: |\n|$))"
    ),
    # A line's last two words, a sentence or not (a row of the card, a heading).
    re.compile(r"()(?<=\S) +(?=[^ \n]+(?:\n|$))"),
    # How far a search looked, whole: `looked 14 turns ahead`, `thinking... 9 turns ahead`
    # (the walk of 2026-11-30 read "Score even (looked" over "14 turns ahead)").
    re.compile(rf"(){HOW_FAR}"),
    # A short aside that ends a line, whole: the wrap falls before its bracket.
    re.compile(rf"()\([^()\n]{{1,{SHORT_ASIDE}}}\)(?=[.,;:]?(?:\n|$))"),
)
_TAG = re.compile(r"(<[^<>]*>)")


def hold_words(html_text: str) -> str:
    """`html_text` (pygame_gui's HTML) with no-break spaces where a wrap would part words that
    read as one: a number and its unit (`12 turns`, `in 7 moves`, `0.35 men`), a score and its
    side (`+0.15 for White`), and the last two words of each sentence and of each line, so no short word is left alone on the last row
    (the walk read "... looks 12 turns" over a lone "ahead."). Only the text between tags
    changes, and only spaces: a tag's own spaces stay, and the words read the same."""
    parts = _TAG.split(html_text)
    # The words as read, a line break for each `<br>`, every other tag as nothing; `where`
    # gives each character's part and place in it, for the spaces to change.
    shown: list[str] = []
    where: list[tuple[int, int]] = []
    for index, part in enumerate(parts):
        if index % 2:
            if part.lower().startswith("<br"):
                shown.append("\n")
                where.append((-1, -1))
            continue
        shown.extend(part)
        where.extend((index, place) for place in range(len(part)))
    text = "".join(shown)
    held: set[int] = set()
    for pattern in _HELD:
        for found in pattern.finditer(text):
            held.update(range(found.end(1) if found.group(1) else found.start(), found.end()))
    if not held:
        return html_text
    changed = [list(part) if not index % 2 else part for index, part in enumerate(parts)]
    for position in held:
        index, place = where[position]
        if index >= 0 and text[position] == " ":
            changed[index][place] = NBSP  # type: ignore[index]
    return "".join("".join(part) for part in changed)


def fit_text(box: UITextBox, html_text: str, smallest: int = SMALLEST_TEXT) -> None:
    """Show `html_text` whole in `box`, wrapped: in the theme's size, or if that needs a scroll
    bar (or leaves a blank row, see `_stray_break`) in the largest smaller size (down to
    `smallest` pixels) that does not. Only a text that needs more than that keeps the scroll
    bar: it is never cut. The text has no blank lines of its own; where a line's short last
    word wraps alone onto a row, it is held to the word before it (`keep_tail`)."""
    box.set_text(html_text)
    if lone := _lone_tails(box):
        html_text = keep_tail(html_text, lone)
        box.set_text(html_text)
    size = int(box.parser.default_style["font_size"]) - 1
    with warnings.catch_warnings():
        # pygame_gui warns that a size the theme did not name is loaded on first use: it is.
        warnings.simplefilter("ignore", UserWarning)
        sized = "{}"
        while (box.scroll_bar is not None or _stray_break(box)) and size >= smallest:
            if size not in BLURRED_SIZES:
                sized = f"<font pixel_size={size}>{{}}</font>"
                box.set_text(sized.format(html_text))
                lone = _lone_tails(box)
                if lone and keep_tail(html_text, lone) != html_text:
                    html_text = keep_tail(html_text, lone)
                    box.set_text(sized.format(html_text))
            size -= 1
    # Where no size ends a blank row (the theme's is the smallest already: 720x480), the line
    # before it fills the row but for the break's few pixels: it is broken at its last space
    # instead, two rows of words for a row of words and a blank one (walk 2026-11-30i: a
    # blank row under "White (Novice) had one legal move").
    for _ in range(3):
        stray = _stray_lines(box)
        broken = _break_at_last_space(html_text, stray) if stray else html_text
        if broken == html_text:
            break
        html_text = broken
        box.set_text(sized.format(html_text))


def _stray_lines(box: UITextBox) -> set[int]:
    """The lines of `box`'s text (counted between line breaks) whose break sits alone on a row
    (`_stray_break`)."""
    layout = box.text_box_layout
    stray, line = set(), 0
    for row in layout.layout_rows if layout is not None else []:
        if any(isinstance(item, LineBreakLayoutRect) for item in row.items):
            if len(row.items) == 1:
                stray.add(line)
            line += 1
    return stray


def _break_at_last_space(html_text: str, lines: set[int]) -> str:
    """`html_text` with the last space between words (outside any tag) of each of `lines`
    (counted between `<br>`s) a line break."""
    out = []
    for index, line in enumerate(html_text.split("<br>")):
        if index in lines:
            parts = _TAG.split(line)
            for place in range(len(parts) - 1, -1, -1):
                if place % 2 == 0 and " " in parts[place]:  # words, not a tag
                    head, _, tail = parts[place].rpartition(" ")
                    parts[place] = f"{head}<br>{tail}"
                    break
            line = "".join(parts)
        out.append(line)
    return "<br>".join(out)


def _lone_tails(box: UITextBox) -> set[int]:
    """The lines of `box`'s text (counted between line breaks) with a row that holds only a
    short word wrapped from the row above it (a one-word line is left alone)."""
    layout = box.text_box_layout
    rows = layout.layout_rows if layout is not None else []
    lone, line = set(), 0
    for above, row in itertools.pairwise(rows):
        if any(isinstance(item, LineBreakLayoutRect) for item in above.items):
            line += 1  # `row` starts the next line
            continue
        words = " ".join(getattr(item, "text", "") for item in row.items).split()
        if len(words) == 1 and len(words[0]) <= SHORT_TAIL:
            lone.add(line)
    return lone


def _stray_break(box: UITextBox) -> bool:
    """Whether a line break sits alone on a row: pygame_gui moves a `<br>` that follows a line
    within a few pixels of the box's width to a row of its own, a blank line."""
    layout = box.text_box_layout
    rows = layout.layout_rows if layout is not None else []
    return any(
        len(row.items) == 1 and isinstance(row.items[0], LineBreakLayoutRect) for row in rows
    )


BUTTON_PADDING = 8
"""Pixels of a button's width its text leaves free (its border and padding)."""


def button_fits(button: UIButton, text: str) -> bool:
    """Whether `text` reads whole on `button` in its font (never a cut label)."""
    font = button.font
    return font is None or font.size(text)[0] <= button.rect.width - BUTTON_PADDING


def redraw_now(button: UIButton) -> None:
    """Draw every look of `button` (normal, hovered, selected...) with its current text now:
    pygame_gui redraws one look per frame, and the screen may sleep before it reaches the one
    shown, which then keeps the old text until the next event."""
    shape = button.drawable_shape
    if shape is None:
        return
    while shape.states_to_redraw_queue:
        shape.redraw_state(shape.states_to_redraw_queue.popleft())


def side_panel(
    ui: pygame_gui.UIManager, root: UIContainer, panel: pygame.Rect, status: pygame.Rect
) -> tuple[UIPanel, UITextBox]:
    """A board screen's panel beside the board and its status line under it, in the game
    screen's styles (`#side_panel`, `#status`)."""
    status_box = UITextBox(
        "", status, ui, container=root, object_id="#status", wrap_to_height=False
    )
    return UIPanel(panel, manager=ui, container=root, object_id="#side_panel"), status_box


def desktop_sizes() -> list[tuple[int, int]]:
    """The screens' sizes in pixels ([] where SDL cannot tell)."""
    try:
        return [(int(width), int(height)) for width, height in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []
