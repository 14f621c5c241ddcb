"""A board the player moves on by clicks or drags, a panel of labels and buttons beside it and
a status line: the part the puzzle screen and the endgame drills share (a screen subclasses
`BoardPlayScreen` and says what is on the board, what a move does and the panel's words).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from checkers.board import Move, Position
from checkers.board_geometry import BoardGeometry
from checkers.gui import fonts, theme
from checkers.gui.board_input import board_event
from checkers.gui.board_view.render import BoardView
from checkers.gui.board_view.selection import Drag, Selector
from checkers.gui.cards import HEADING_TEXT, SMALL_TEXT, Card, grid_unit, text_row, text_size
from checkers.gui.clipboard import copy_text
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.layout import GameLayout, game_layout, status_height
from checkers.gui.ui import NBSP, Actions, fit_label, side_panel

__all__ = ["BoardPlayScreen", "ButtonSpec", "label_lines"]

WELL_INSET = 4
"""Pixels between the well's frame and its words."""

ButtonSpec = tuple[str, str, str, Callable[[], None]]
"""A panel button: its name (for tests), its text, its tooltip, its action."""


class BoardPlayScreen(ScreenBase):
    """A board the player moves on (click or drag), a panel of labels and buttons, a status
    line. Subclasses say what is on the board, what a move does, and the panel's words."""

    LABELS: tuple[tuple[str, str], ...] = ()
    """The panel's labels from the top: (name, theme class)."""

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.flipped = False
        self.selector = Selector(Position())
        self.drag: Drag | None = None
        self.status = ""
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        self.labels: dict[str, UILabel] = {}
        self.status_box: UITextBox | None = None
        self.card: Card | None = None
        self.well: UIPanel | None = None
        """The framed well the panel's words after its title flow in."""
        self._heights: dict[str, int] = {}
        """The well's labels in order, with their heights."""
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        """`with_room_words`' wordings in rows, by wording and rows (the labels as built)."""
        self._flowed: tuple[str, ...] | None = None
        """The labels the well shows now, as last stacked."""
        self._shown: dict[str, str] = {}
        self._widgets_changed = False
        self.keymap: dict[str, Callable[[], None]] = {}

    # --- what subclasses say -------------------------------------------------------------------

    def board_position(self) -> Position:
        """The position on the board."""
        raise NotImplementedError

    def can_move(self) -> bool:
        """Whether the player may move a piece now."""
        return False

    def moved(self, move: Move) -> None:
        """The player made `move` on the board."""

    def texts(self) -> dict[str, str]:
        """Every label's text as it should be now (pure: tests read it too)."""
        return {}

    def buttons(self) -> Sequence[ButtonSpec]:
        """The panel's buttons, two to a row from the panel's foot."""
        return ()

    def view_extras(self) -> dict[str, object]:
        """More for the board to show (a last move, arrows)."""
        return {}

    def buttons_enabled(self) -> dict[str, bool]:
        """Which buttons can do something now, by name: one that cannot (nothing to take
        back) is greyed out, never left highlighted; a button not named is on."""
        return {}

    # --- the board ----------------------------------------------------------------------------

    def reselect(self) -> None:
        """A fresh selection for the position on the board."""
        self.selector = Selector(self.board_position())
        self.drag = None

    def click(self, square: int | None) -> None:
        """A click on a square: select a piece or move it, when the player may move."""
        if not self.can_move():
            return
        result = self.selector.click(square)
        if result.move is not None:
            move = result.move
            self.reselect()
            self.moved(move)
        elif result.message:
            self.status = result.message

    def layout(self) -> GameLayout:
        """Board on the left, panel on the right, status line under the board."""
        width, height = self.context.window_size()
        return game_layout(
            width, height, self.flipped, status_height=status_height(self.context.scale)
        )

    def handle(self, event: pygame.event.Event) -> None:
        """The card first, then buttons, clicks and drags on the board, and the keys."""
        if self.card is not None and self.card.is_built():
            self.card.handle(event)
            return
        if self.actions.handle(event):
            return
        board_event(self, event)

    def board_geometry(self) -> BoardGeometry:
        """Where the board is drawn now."""
        return self.layout().board

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def flip(self) -> None:
        """Turn the board around."""
        self.flipped = not self.flipped

    def copy_fen(self) -> None:
        """Copy the position on the board as FEN text (Ctrl+C, as in the game: the walk of
        2026-11-30o pressed it in a drill and nothing was copied)."""
        fen = self.board_position().fen()
        problem = copy_text(fen)
        self.status = (
            f"Copied {fen}" if problem is None else f"No clipboard ({problem}); FEN: {fen}"
        )

    def board_view(self) -> BoardView:
        """The position, the selection, the piece being dragged and the subclass's extras."""
        # The selection and the pieces that must capture belong to a position the player may
        # move in, not to a line being played out.
        selector = self.selector if self.can_move() else Selector(Position.from_pieces({}))
        hidden: frozenset[int] = frozenset()
        floating = None
        position = self.board_position()
        if self.drag is not None and self.drag.moved:
            piece = position.piece_at(self.drag.square)
            if piece is not None:
                hidden = frozenset({self.drag.square})
                floating = (piece, self.drag.point)
        return BoardView(
            position,
            selected=selector.selected,
            destinations=selector.destinations,
            waypoints=selector.waypoints,
            clicked=selector.clicks,
            must_capture=selector.movable if selector.capture_pending else frozenset(),
            hidden=hidden,
            floating=floating,
            **self.view_extras(),  # type: ignore[arg-type]
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The board (the widgets draw themselves)."""
        surface.fill(theme.BACKGROUND)
        self.context.renderer.board(surface, self.layout().board, self.board_view())

    def wake_in(self) -> float | None:
        """A frame soon after a widget changed or while a piece is dragged."""
        if self._widgets_changed:
            return 1 / 30  # pygame_gui shows a change in its next update
        if self.drag is not None:
            return 1 / 60
        return None

    def update(self, dt: float) -> None:
        """Bring the widgets in step."""
        self._widgets_changed = self.sync()

    # --- widgets -----------------------------------------------------------------------------

    def build_ui(self, root: UIContainer) -> None:
        """The panel's labels and buttons, the status line, and the card if one is up."""
        ui = self.context.ui
        self.actions.clear()
        self.widgets = {}
        self.labels = {}
        self._shown = {}
        layout = self.layout()
        unit = grid_unit(self.context.scale)
        box = layout.panel
        panel, self.status_box = side_panel(ui, root, box, layout.status)
        pad = unit
        width = box.width - 2 * pad - 6
        scale = self.context.scale
        heights = {"@heading": label_row(2.4, scale, HEADING_TEXT), "@title": round(3.4 * unit)}
        gap = max(3, unit // 2)
        height = round(3.2 * unit)
        specs = list(self.buttons())
        rows = (len(specs) + 1) // 2
        cell = (width - gap) // 2
        top = box.height - pad - rows * height - (rows - 1) * gap
        # The title heads the panel; the other labels flow top-down in a framed well that fills
        # the panel down to the buttons (as the game panel's move list does), an empty label
        # taking no room (`_flow`): no empty band opens between one block of words and the next.
        (title, style), *rest = self.LABELS or (("title", "@heading"),)
        line = heights.get(style, label_row(2.1, scale))
        y = pad // 2
        self.labels[title] = UILabel(
            pygame.Rect(pad, y, width, line), "", ui, container=panel, object_id=style
        )
        y += line + gap // 2
        self.well = UIPanel(
            pygame.Rect(pad, y, width, top - gap - y),
            manager=ui,
            container=panel,
            object_id="#move_well",
        )
        inner = width - 2 * WELL_INSET
        self._heights = {}
        self._wrapped = {}  # new labels, new widths
        for name, style in rest:
            self._heights[name] = heights.get(style, label_row(2.1, scale))
            self.labels[name] = UILabel(
                pygame.Rect(WELL_INSET, WELL_INSET, inner, self._heights[name]),
                "",
                ui,
                container=self.well,
                object_id=style,
            )
        self._flowed = None
        for index, (name, text, tip, action) in enumerate(specs):
            row, column = divmod(index, 2)
            rect = pygame.Rect(
                pad + column * (cell + gap), top + row * (height + gap), cell, height
            )
            self.widgets[name] = self.actions.button(
                ui, panel, rect, text, tip, action, object_id="@primary" if index == 0 else None
            )
        if self.card is not None:
            self.card.build(ui, root, self.context.scale)
        self.sync()
        self._widgets_changed = True

    def show_card(self, card: Card | None) -> None:
        """Put `card` over the screen (None takes the card down)."""
        if self.card is not None:
            self.card.kill()
        self.card = card
        if self.ui_root is not None:
            self.show_ui()

    def sync(self) -> bool:
        """Bring the labels and the status line in step; True if anything changed."""
        changed = False
        for name, enabled in self.buttons_enabled().items():
            button = self.widgets.get(name)
            if button is not None and button.is_enabled != enabled:
                if enabled:
                    button.enable()
                else:
                    button.disable()
                changed = True
        for name, text in self.texts().items():
            label = self.labels.get(name)
            if label is None or self._shown.get(name) == text:
                continue
            self._shown[name] = text
            label.set_text(fit_label(label, text))
            changed = True
        changed = self._flow() or changed
        if self.status_box is not None and self._shown.get("status") != self.status:
            self._shown["status"] = self.status
            self.status_box.set_text(self.status.replace("&", "&amp;").replace("<", "&lt;"))
            changed = True
        return changed

    def with_room_words(
        self,
        texts: dict[str, str],
        prefix: str,
        title: str,
        words: str | Sequence[str],
        rows: int,
    ) -> dict[str, str]:
        """`texts` with `title` and `words` under the rest of the well's words (a blank row,
        the title, then `words` over the labels `{prefix} 1` to `{prefix} {rows}`), where the
        well has room for them whole; else nothing of them, never a cut sentence. `words` may
        be several wordings, longest first: the first that fits whole is shown. How the
        screen works, said in the room its words leave (walk 2026-11-30e: a tall empty band
        under the puzzle's words at 1280x800, and under the drill's at 1120x720; walk
        2026-11-30g: under the drill's at 720x480, where the long wording did not fit)."""
        if self.well is None or not self._heights:
            return texts
        block = [name for name in self._heights if name.startswith(f"{prefix} ")]
        room = self._room(texts, prefix)
        for wording in (words,) if isinstance(words, str) else words:
            # One row more than it may take: words left over for that row do not fit. (Wrapped
            # once per build: the words are asked for every frame.)
            wrapped = self._wrapped.get((wording, rows))
            if wrapped is None:
                label = self.labels.get(f"{prefix} 1")
                wrapped = self._wrapped[wording, rows] = label_lines(wording, label, rows + 1)
            *lines, left = wrapped
            lines = [line for line in lines if line]
            needed = self._heights[f"{prefix} gap"] + self._heights[f"{prefix} title"]
            needed += len(lines) * self._heights[f"{prefix} 1"]
            if left or needed > room:
                continue
            texts.update(dict.fromkeys(block, ""))
            texts[f"{prefix} gap"] = NBSP  # a blank row between the screen's words and these
            texts[f"{prefix} title"] = title
            for index, line in enumerate(lines, start=1):
                texts[f"{prefix} {index}"] = line
            return texts
        return texts

    def room_rows(self, texts: dict[str, str], prefix: str, most: int) -> int:
        """How many of the labels `{prefix} 1`, `{prefix} 2`... fit in the well under the
        other labels with words in `texts`: at least one, at most `most`."""
        if self.well is None or f"{prefix} 1" not in self._heights:
            return most
        return max(1, min(most, self._room(texts, prefix) // self._heights[f"{prefix} 1"]))

    def _room(self, texts: dict[str, str], prefix: str) -> int:
        """The well's height in pixels left under the labels with words in `texts`, the block
        `{prefix} ...` apart."""
        assert self.well is not None
        used = sum(
            height
            for name, height in self._heights.items()
            if texts.get(name) and not name.startswith(f"{prefix} ")
        )
        return int(self.well.relative_rect.height) - 2 * WELL_INSET - used

    def _flow(self) -> bool:
        """Stack the well's labels that have words from its top, one under the other, and
        hide the empty ones; True if any moved."""
        if self.well is None:
            return False
        shown = tuple(name for name in self._heights if self._shown.get(name))
        if shown == self._flowed:
            return False
        self._flowed = shown
        y = WELL_INSET
        for name, height in self._heights.items():
            label = self.labels[name]
            if name in shown:
                label.set_relative_position((WELL_INSET, y))
                label.show()
                y += height
            else:
                label.hide()
        return True


def label_row(factor: float, scale: float, size: int = SMALL_TEXT) -> int:
    """A label's height for one line of the theme's `size`: `text_row`, and never less than the
    line pygame_gui measures (a pixel more than the font's ascent and descent, which left the
    drill's rows at 720x480 a pixel short: "Label Rect is too small for text")."""
    return max(text_row(factor, scale, size), fonts.font(text_size(size, scale)).get_height())


def label_lines(text: str, label: UILabel | None, lines: int) -> list[str]:
    """`text` over `lines` labels as wide as `label`, broken between words (the last label
    cuts what is left with '...')."""
    if label is None or label.font is None:
        return [text] + [""] * (lines - 1)
    room = label.rect.width - 8
    words = text.split()
    parts: list[str] = []
    while words and len(parts) < lines - 1:
        count = len(words)
        while count > 1 and label.font.size(" ".join(words[:count]))[0] > room:
            count -= 1
        parts.append(" ".join(words[:count]))
        words = words[count:]
    parts.append(" ".join(words))
    while len(parts) > 1 and not parts[-1]:
        parts.pop()
    if len(parts) > 1 and " " not in parts[-1] and " " in parts[-2]:
        # A short last word alone on its row (`here`, `days.`) takes the word before it along
        # (walk 2026-11-30f: "From a game, move 13: White played 32-28" over a lone "here").
        head, _, carried = parts[-2].rpartition(" ")
        parts[-2:] = [head, f"{carried} {parts[-1]}"]
    return parts + [""] * (lines - len(parts))
