"""The game screen's cards: the questions asked before a game can end (resign? offer a draw?),
the game-over card and the help card (the rules in brief and every key in aligned columns),
built as pygame_gui widgets over a shade.

Each builder returns its buttons by name; the screen wires them to its actions. The words are
decided in pure functions (`outcome_card`, `RULES`), so tests read them without a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from checkers.board import BLACK
from checkers.gui.cards import Card, CardButton, no_lone_tail
from checkers.gui.controller import Game
from checkers.gui.game_view.panel import COUNTER_RULE, counter_words
from checkers.gui.wording import (
    game_over_words,
    moves_count,
    plural,
    result_words,
)

__all__ = [
    "CLOCK_STOPPED",
    "RULES",
    "build_help_card",
    "build_result_card",
    "card_panel",
    "draw_offer_card",
    "outcome_card",
    "resign_card",
]

RULES = (
    (
        "Black moves first. Men move one square diagonally forward, onto the dark squares;"
        " kings move forward and back."
    ),
    (
        "A capture is compulsory: a piece jumps an enemy piece next to it onto the empty"
        " square behind, and goes on jumping while it can. With several captures you choose."
    ),
    "A man that reaches the far row is crowned king, and that ends its move.",
    "You lose when you cannot move: no pieces left, or all of them blocked.",
    (
        "Draws: the same position three times; by agreement; or 40 moves each with no capture,"
        f' no man move (crowning is one), as the panel counts: "{counter_words(0)}" over'
        f' "{COUNTER_RULE}" (not chess\'s stalemate).'
    ),
)
"""The rules of English draughts in a few lines, as the help card gives them."""

CardButtons = Sequence[tuple[str, str, str]]
"""(name, label, tooltip) of a card's buttons, the first the primary one."""


class _Measures(Protocol):
    def size(self, text: str) -> tuple[int, int]: ...


def _wrapped(text: str, font: _Measures, width: int) -> list[str]:
    """`text` in lines no wider than `width` pixels, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return no_lone_tail(lines, lambda line: font.size(line)[0] <= width) or [""]


def outcome_card(game: Game) -> tuple[str, list[str]]:
    """The game-over card's title and lines: who won, why, and the PDN result."""
    outcome = game.result
    assert outcome is not None
    title, reason = game_over_words(outcome, game.mode, game.config.human_side(), game.position)
    black_first = game.record.start.turn is BLACK
    moves = plural(moves_count(game.record.ply, black_first), "move")
    return title, [reason, f"Result {result_words(outcome.result())} after {moves}"]


CLOCK_STOPPED = "Your clock is stopped until you choose."
"""What a question's card says in a timed game: the player's clock waits for the answer."""


def resign_card(
    who: str, resign: Callable[[], None], play_on: Callable[[], None], timed: bool = False
) -> Card:
    """The question before resigning: Resign or Keep playing (`who` names the side that
    resigns, ` as Black`, when it needs naming); in a timed game it says the clock waits."""
    clock = [CLOCK_STOPPED] if timed else []
    return Card(
        "Resign?",
        [f"Resign this game{who}?", "Undo takes it back afterwards.", *clock],
        [
            CardButton("resign", "Resign", "Give up this game (Enter; Undo takes it back)", resign),
            CardButton("cancel", "Keep playing", "Close this and play on (Esc)", play_on),
        ],
        cancel=play_on,
    )


def draw_offer_card(
    offer: Callable[[], None], cancel: Callable[[], None], timed: bool = False
) -> Card:
    """The question before offering the AI a draw (it may accept at once, which ends the game):
    Offer draw or Cancel; in a timed game it says the clock waits."""
    return Card(
        "Offer a draw?",
        [
            "The AI accepts unless it thinks it is clearly ahead.",
            "If it accepts, the game is drawn.",
            *([CLOCK_STOPPED] if timed else []),
        ],
        [
            CardButton(
                "offer", "Offer draw", "Offer the draw; the AI answers at once (Enter)", offer
            ),
            CardButton("cancel", "Cancel", "Close this and play on (Esc)", cancel),
        ],
        cancel=cancel,
    )


def card_panel(
    ui: pygame_gui.UIManager, root: UIContainer, area: pygame.Rect, size: tuple[int, int]
) -> UIPanel:
    """A card of at most `size`, centred in `area`, above the shade."""
    box = pygame.Rect((0, 0), (min(size[0], area.width), min(size[1], area.height)))
    box.center = area.center
    return UIPanel(box, manager=ui, container=root, starting_height=20, object_id="#card")


def build_result_card(
    ui: pygame_gui.UIManager,
    root: UIContainer,
    board: pygame.Rect,
    unit: int,
    height: int,
    game: Game,
    buttons: CardButtons,
) -> dict[str, UIButton]:
    """The game-over card over the board: who won and why, and a row of buttons."""
    title, lines = outcome_card(game)
    UIPanel(board, manager=ui, container=root, object_id="#shade")
    panel = card_panel(ui, root, board, (44 * unit, 21 * unit))
    inner = panel.get_container().get_rect().width
    UILabel(
        pygame.Rect(unit, unit, inner - 2 * unit, 6 * unit),
        title,
        ui,
        container=panel,
        object_id="@card_title",
    )
    y = 7 * unit
    for line in lines:
        UILabel(
            pygame.Rect(unit, y, inner - 2 * unit, 3 * unit),
            line,
            ui,
            container=panel,
            object_id="@centred",
        )
        y += 3 * unit
    y += unit
    return _button_row(ui, panel, unit, y, inner, height, buttons)


def _button_row(
    ui: pygame_gui.UIManager,
    panel: UIPanel,
    unit: int,
    y: int,
    inner: int,
    height: int,
    buttons: CardButtons,
) -> dict[str, UIButton]:
    """Buttons of one size side by side across the card, the first the primary one."""
    gap = unit
    width = (inner - 2 * unit - (len(buttons) - 1) * gap) // len(buttons)
    made = {}
    for index, (name, label, tip) in enumerate(buttons):
        made[name] = UIButton(
            pygame.Rect(unit + index * (width + gap), y, width, height),
            label,
            ui,
            container=panel,
            tool_tip_text=tip,
            object_id="@primary" if index == 0 else None,
        )
    return made


def build_help_card(
    ui: pygame_gui.UIManager,
    root: UIContainer,
    area: pygame.Rect,
    unit: int,
    height: int,
    rows: Sequence[tuple[str, str]],
    close_tip: str = "Back to the game (Esc, or a click beside the card)",
    title: str = "The rules and the keys",
) -> UIButton:
    """The rules in brief, then every key in two aligned columns (keys, what they do) that
    scroll, and a Close button (the game screen's and the start screen's); returns the button."""
    # Wide enough that the rules take few lines (at 720x480 the card was 76 units wide and its
    # keys' table showed five rows), with room beside it where a click closes it.
    panel = card_panel(ui, root, area, (90 * unit, 10**6))
    inner = panel.get_container().get_rect()
    width = inner.width - 2 * unit
    UILabel(
        pygame.Rect(unit, unit // 2, width, 4 * unit),
        title,
        ui,
        container=panel,
        object_id="@card_title_small",
    )
    # As tall as the rules need (they are what a newcomer reads first), whole: only the keys
    # below scroll (at 720x480 the rules had a scroll bar of their own over the keys' one).
    keys_room = round(2.6 * unit) + 3 * unit + height  # a row of keys, the gaps, Close
    rules = UITextBox(
        "<br>".join(f"• {line}" for line in RULES),
        pygame.Rect(
            unit, 5 * unit, width, max(inner.height // 2, inner.height - 5 * unit - keys_room)
        ),
        ui,
        container=panel,
        object_id="#help_text",
    )
    laid = rules.text_box_layout.layout_rows if rules.text_box_layout is not None else []
    rules_height = rules.rect.height
    if rules.scroll_bar is None and laid:
        frame = rules.padding[1] + rules.border_width["top"] + rules.shadow_width
        rules_height = min(rules_height, laid[-1].bottom + 2 * frame + 2)
        rules.set_dimensions((width, rules_height))
    top = 5 * unit + rules_height + unit
    row = round(2.6 * unit)
    keys_font = ui.get_theme().get_font(["@accent_small"])
    # As wide as the longest keys (`U / Backspace / Ctrl+Z` on one line), within limits.
    widest = max((keys_font.size(keys)[0] for keys, _ in rows), default=0) + 8 + unit
    keys_width = max(12 * unit, min(24 * unit, widest))
    bottom = inner.height - 2 * unit - height
    box = UIScrollingContainer(
        pygame.Rect(unit, top, width, max(row, bottom - top)),
        ui,
        container=panel,
        allow_scroll_x=False,
    )
    what_width = width - keys_width - 4 * unit
    # The theme's fonts measure the lines before any label is made (a label made with text
    # wider than itself is a pygame_gui warning), and set the rows' height.
    what_font = ui.get_theme().get_font(["@small"])
    line_height = max(round(row * 0.8), what_font.size("Ag")[1] + 2)
    row = max(row, line_height + 4)
    y = 0
    ends: list[int] = []  # where each row ends: the box stops at one, so no row shows cut in half
    for keys, what in rows:
        key_lines = _wrapped(keys, keys_font, keys_width - 8)
        lines = _wrapped(what, what_font, what_width - 8)  # never cut: more lines instead
        for column, texts, left, wide, object_id in (
            (0, key_lines, 0, keys_width, "@accent_small"),
            (1, lines, keys_width + unit, what_width, "@small"),
        ):
            for index, line in enumerate(texts):
                UILabel(
                    pygame.Rect(left, y + line_height * index, wide, row),
                    line,
                    ui,
                    container=box,
                    object_id=object_id,
                )
        y += row + line_height * (max(len(lines), len(key_lines)) - 1)
        ends.append(y)
    box.set_scrollable_area_dimensions((width - 2 * unit, y + 4))
    room = box.get_relative_rect().height
    whole = [end for end in ends if end <= room]
    shown = whole[-1] if whole and ends[-1] > room else min(room, ends[-1] + 4)
    lost = room - shown  # below the last whole row, or under a table that fits
    if lost > 0 and area.height - lost >= 20 * unit:
        # The card again, as tall as the rows it shows: no empty band over the Close button.
        panel.kill()
        smaller = pygame.Rect(area.left, area.top + lost // 2, area.width, area.height - lost)
        return build_help_card(ui, root, smaller, unit, height, rows, close_tip, title)
    return UIButton(
        pygame.Rect(inner.width // 2 - 8 * unit, inner.height - unit - height, 16 * unit, height),
        "Close",
        ui,
        container=panel,
        tool_tip_text=close_tip,
    )
