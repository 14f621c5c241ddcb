"""The "why this move?" card: why the AI played a move, from its own search.

A pygame_gui dialog over the game (which stays drawn beneath): the card's words come from
`checkers.gui.explaining.why_card` (pure code) and are laid out here in a scrolling text box:
the plain facts first (forced, book, databases, the level's deliberate slips), whose view the
scores take, then every move the search considered, the played move first and the others best
first, each with its score or bound and the line behind it. Esc, W or Close leaves it.
"""

from __future__ import annotations

import html

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from checkers.gui import theme
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.explaining import WhyCard, WhyRow
from checkers.gui.intents import Back
from checkers.gui.ui import Actions
from checkers.gui.widgets import key_names
from checkers.gui.wording import depth_words

__all__ = ["WhyScreen", "card_html"]

_TEXT_SIZE = 16
"""The font size of the theme files' `#help_text` text box before scaling."""


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _row_html(row: WhyRow, accent: str, dim: str) -> str:
    move = html.escape(row.move)
    # An exact result in words first (`only draws`), the score after it.
    score = html.escape(
        row.score if not row.verdict or row.verdict == row.score else f"{row.verdict} ({row.score})"
    )
    mark = "  (its search's choice)" if row.searched else ""
    depth = f", {depth_words(row.depth)}" if row.depth else ""
    head = (
        f"<font color='{accent}'><b>{move}  {score}</b>  (played{depth})</font>"
        if row.played
        else f"<b>{move}</b>  {score}<font color='{dim}'>{mark}{depth}</font>"
    )
    if row.line:
        head += f"<br>      <font color='{dim}'>{html.escape(row.line)}</font>"
    for idea in row.ideas:
        head += f"<br>      <font color='{accent}'>{html.escape(idea)}</font>"
    return head


def card_html(card: WhyCard) -> str:
    """The card's body as pygame_gui's HTML: the facts, the view, then one entry per move."""
    accent, dim = _hex(theme.TEXT_ACCENT), _hex(theme.TEXT_DIM)
    parts = [html.escape(fact) for fact in card.facts]
    parts.append(f"<font color='{dim}'>{html.escape(card.view)}</font>")
    body = "<br>".join(parts) + "<br>"
    if len(card.rows) > 1:
        entries = [_row_html(card.rows[0], accent, dim), f"<b>{html.escape(card.others)}</b>"]
        entries += [_row_html(row, accent, dim) for row in card.rows[1:]]
    else:
        entries = [_row_html(row, accent, dim) for row in card.rows]
    return body + "<br>" + "<br>".join(entries)


class WhyScreen(ScreenBase):
    """The card for one AI move, over the game."""

    opaque = False
    keeps_widgets_below = True

    def __init__(self, context: ScreenContext, card: WhyCard) -> None:
        super().__init__(context)
        self.card = card
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The Close button (`close`), for tests."""
        self.text: UITextBox | None = None

    def close_card(self) -> None:
        """Back to the game."""
        self.context.request(Back())

    def handle(self, event: pygame.event.Event) -> None:
        """Close on the button, Esc or W."""
        if self.actions.handle(event):
            return
        if event.type == pygame.KEYDOWN and {"escape", "w"} & set(key_names(event)):
            self.close_card()

    def build_ui(self, root: UIContainer) -> None:
        """A shade over the window, the card in the middle: title, subtitle, the scrolling
        explanation and Close."""
        ui = self.context.ui
        self.actions.clear()
        # The text box's bold moves: loaded now, as the theme loads only the regular face.
        size = max(9, round(_TEXT_SIZE * self.context.scale))
        fonts = ui.get_theme().get_font_dictionary()
        if not fonts.check_font_preloaded(fonts.create_font_id(size, "noto_sans", True, False)):
            fonts.preload_font(size, "noto_sans", bold=True)
        self.shade(root)
        unit = max(1, round(10 * self.context.scale))
        width, height = self.context.window_size()
        box = pygame.Rect(0, 0, min(width - 4 * unit, 80 * unit), min(height - 4 * unit, 64 * unit))
        box.center = (width // 2, height // 2)
        panel = UIPanel(box, manager=ui, container=root, starting_height=20, object_id="#card")
        inner = panel.get_container().get_rect()
        UILabel(
            pygame.Rect(unit, unit // 2, inner.width - 2 * unit, 4 * unit),
            self.card.title,
            ui,
            container=panel,
            object_id="@card_title_small",
        )
        UILabel(
            pygame.Rect(unit, 4 * unit + unit // 2, inner.width - 2 * unit, 3 * unit),
            self.card.subtitle,
            ui,
            container=panel,
            object_id="@centred",
        )
        button_height = round(3.2 * unit)
        top = 8 * unit
        self.text = UITextBox(
            card_html(self.card),
            pygame.Rect(
                unit, top, inner.width - 2 * unit, inner.height - top - 2 * unit - button_height
            ),
            ui,
            container=panel,
            object_id="#help_text",
        )
        self.widgets = {
            "close": self.actions.button(
                ui,
                panel,
                pygame.Rect(
                    inner.width // 2 - 8 * unit,
                    inner.height - unit - button_height,
                    16 * unit,
                    button_height,
                ),
                "Close  (Esc)",
                "Back to the game (Esc or W)",
                self.close_card,
            )
        }
