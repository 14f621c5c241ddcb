"""The tree view's header and footer: the owner's title, what the search found and what it cost,
the buttons (depth, every move, step through, for the curious), and the keys. Both wrap to the
view's width, so nothing is cut in a small window; the canvas takes the height they leave.
What they read and set of the view is named in `ChromeView`, which
`checkers.gui.tree_view.view.TreeView` is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from checkers.ai.tracking import MinimaxCount, SearchTree
from checkers.board import Side
from checkers.gui import theme
from checkers.gui.tree_view.explain import Tone, footer_text, header_lines
from checkers.gui.tree_view.layout import Replay
from checkers.gui.tree_view.text import SMALL, Labels, body_size
from checkers.gui.tree_view.words import GameScore

__all__ = [
    "ChromeView",
    "draw_footer",
    "draw_header",
    "footer_height",
    "header_height",
    "tone_colour",
]


class ChromeView(Protocol):
    """What the header and the footer read of the view
    (`checkers.gui.tree_view.view.TreeView`), and what they keep there: the header's buttons
    of the frame and the arrangement of both (`chrome_cache`)."""

    rect: pygame.Rect
    tree: SearchTree
    minimax_nodes: MinimaxCount | None
    replay: Replay
    stepping: bool
    on_request: Callable[[int, str], None] | None
    man: float
    first_number: int
    human: Side | None
    judged: GameScore | None
    rough: str | None
    owner_keys: str
    labels: Labels
    buttons: list[tuple[pygame.Rect, Callable[[], None]]]
    chrome_cache: dict[str, object]

    @property
    def curious(self) -> bool: ...

    @property
    def title(self) -> str: ...

    def button_actions(self) -> list[tuple[str, bool, Callable[[], None]]]: ...


_PAD = 8
_BUTTON_HEIGHT = 24
_BUTTON_GAP = 4
_BUTTON = (52, 58, 68)
_BUTTON_ON = (96, 110, 132)
_BUTTON_TEXT = (235, 238, 242)


def tone_colour(tone: Tone) -> tuple[int, int, int]:
    """The theme's colour for a line's tone (read when drawn: the theme may have changed)."""
    return {
        Tone.TEXT: theme.TEXT,
        Tone.DIM: theme.TEXT_DIM,
        Tone.ACCENT: theme.TEXT_ACCENT,
        Tone.MAX: theme.TREE_MAX,
        Tone.MIN: theme.TREE_MIN,
        Tone.PRUNED: theme.TREE_PRUNED,
        Tone.CUT: theme.TREE_CUT,
        Tone.OPEN: theme.TREE_OPEN,
        Tone.PV: theme.TREE_PV,
    }[tone]


@dataclass(frozen=True)
class _Header:
    """Where the header's parts go, in the view's own pixels."""

    buttons: list[tuple[pygame.Rect, str, bool]]
    lines: list[tuple[int, str, Tone]]
    """(y, text, tone) of each wrapped line."""
    depth_label: tuple[int, int] | None
    """Where the word before the depth buttons ends (its midright), if they are shown."""
    height: int


def _button_width(labels: Labels, text: str) -> int:
    return labels.width(text, SMALL) + 14


def _arrange(view: ChromeView, stepping: bool) -> _Header:
    """The header for the view's width: the buttons in a row at the top right (the title on
    their left when it fits beside them), then every line wrapped to the whole width."""
    labels = view.labels
    width = view.rect.width
    actions = view.button_actions()
    depth_word = ("depth" if view.curious else "turns ahead") if view.on_request else ""
    row_width = sum(_button_width(labels, text) + _BUTTON_GAP for text, _, _ in actions)
    if depth_word:
        row_width += labels.width(depth_word, SMALL) + 8
    # Buttons that do not fit in one row go on in a second one.
    buttons: list[tuple[pygame.Rect, str, bool]] = []
    right, top = width - _PAD, _PAD
    depth_label = None
    for text, on, _ in reversed(actions):
        button_width = _button_width(labels, text)
        if right - button_width < _PAD:
            right, top = width - _PAD, top + _BUTTON_HEIGHT + _BUTTON_GAP
        area = pygame.Rect(right - button_width, top, button_width, _BUTTON_HEIGHT)
        buttons.append((area, text, on))
        right = area.left - _BUTTON_GAP
        if text == "1" and depth_word:
            depth_label = (right - 4, area.centery)
            right -= labels.width(depth_word, SMALL) + 8
    buttons.reverse()
    rows_bottom = top + _BUTTON_HEIGHT
    texts: list[tuple[str, Tone]] = []
    replay = view.replay if stepping else None
    found = header_lines(
        view.tree,
        view.minimax_nodes,
        replay,
        view.man,
        view.curious,
        view.first_number,
        view.human,
        view.judged,
        view.rough,
    )
    size = body_size(width)
    line_height = labels.line_height(size)
    lines: list[tuple[int, str, Tone]] = []
    y = rows_bottom + 4
    title = view.title
    beside = max(right - _PAD - 12, 0)
    if title and top == _PAD and labels.width(title, size) <= beside:
        lines.append((_PAD + (_BUTTON_HEIGHT - line_height) // 2, title, Tone.TEXT))
    elif title:
        texts.append((title, Tone.TEXT))
    texts += found
    for text, tone in texts:
        for line in labels.wrapped(text, size, width - 2 * _PAD):
            lines.append((y, line, tone))
            y += line_height
    return _Header(buttons, lines, depth_label, y + 4)


def _header(view: ChromeView) -> _Header:
    """The header as it is now, and its height fixed for the tree: while stepping it is as tall
    as at the search's last step, so the canvas does not jump a line as the counts grow."""
    key = (
        view.rect.width,
        view.curious,
        view.stepping,
        id(view.tree),
        view.title,
        view.minimax_nodes,
        view.on_request is not None,
        view.replay.index if view.stepping else 0,
        view.human,
        view.judged,
        view.rough,
    )
    cache = view.chrome_cache
    if cache.get("header_key") != key:
        header = _arrange(view, view.stepping)
        if view.stepping:
            index = view.replay.index
            view.replay.go_to(view.replay.total)
            tallest = _arrange(view, True).height
            view.replay.go_to(index)
            header = _Header(
                header.buttons, header.lines, header.depth_label, max(header.height, tallest)
            )
        cache["header_key"], cache["header"] = key, header
    kept = cache["header"]
    assert isinstance(kept, _Header)
    return kept


def header_height(view: ChromeView) -> int:
    """The header's height in pixels for the view as it is now."""
    return _header(view).height


def _footer(view: ChromeView) -> list[str]:
    key = (
        view.rect.width,
        view.curious,
        view.stepping,
        view.on_request is not None,
        view.owner_keys,
    )
    cache = view.chrome_cache
    if cache.get("footer_key") != key:
        text = footer_text(
            view.stepping, view.on_request is not None, view.curious, view.owner_keys
        )
        cache["footer_key"] = key
        cache["footer"] = view.labels.packed(text.split("   "), SMALL, view.rect.width - 2 * _PAD)
    lines = cache["footer"]
    assert isinstance(lines, list)
    return lines


def footer_height(view: ChromeView) -> int:
    """The footer's height in pixels: its wrapped lines of keys."""
    return len(_footer(view)) * view.labels.line_height(SMALL) + 6


def draw_header(view: ChromeView, surface: pygame.Surface) -> None:
    """The header at the top of `surface` (the view's own pixels); records the buttons."""
    header = _header(view)
    labels = view.labels
    surface.fill(theme.PANEL, pygame.Rect(0, 0, view.rect.width, header.height))
    view.buttons = []
    actions = view.button_actions()
    for (area, text, on), (_, _, action) in zip(header.buttons, actions):
        pygame.draw.rect(surface, _BUTTON_ON if on else _BUTTON, area, border_radius=4)
        if on:
            pygame.draw.rect(surface, theme.TEXT_ACCENT, area, 1, border_radius=4)
        labels.blit(surface, text, SMALL, _BUTTON_TEXT, "center", area.center)
        view.buttons.append((area, action))
    if header.depth_label is not None:
        word = "depth" if view.curious else "turns ahead"
        labels.blit(surface, word, SMALL, theme.TEXT_DIM, "midright", header.depth_label)
    size = body_size(view.rect.width)
    for y, line, tone in header.lines:
        labels.blit(surface, line, size, tone_colour(tone), "topleft", (_PAD, y))


def draw_footer(view: ChromeView, surface: pygame.Surface) -> None:
    """The keys at the foot of `surface`."""
    lines = _footer(view)
    height = footer_height(view)
    bar = pygame.Rect(0, view.rect.height - height, view.rect.width, height)
    surface.fill(theme.PANEL, bar)
    y = bar.top + 3
    for line in lines:
        view.labels.blit(surface, line, SMALL, theme.TEXT_DIM, "topleft", (_PAD, y))
        y += view.labels.line_height(SMALL)
