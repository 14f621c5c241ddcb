"""The tree view's side panel: the owner's note, the step being replayed, the node under the
pointer (or selected) as a small board with what the search made of it, and the legend."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from checkers.ai.tracking import SearchNode
from checkers.board import BLACK, SQUARES
from checkers.formats.tree_export import moves_to
from checkers.gui import theme
from checkers.gui.tree_view.chrome import tone_colour
from checkers.gui.tree_view.explain import Tone, describe_event, node_lines
from checkers.gui.tree_view.text import SMALL, body_size
from checkers.gui.tree_view.words import legend
from checkers.notation import numbered_moves

if TYPE_CHECKING:
    from checkers.gui.tree_view.view import TreeView

__all__ = ["PANEL_WIDTH", "draw_legend_card", "draw_panel", "panel_width"]

PANEL_WIDTH = 272
_CELL = 28  # the panel board's largest square: 8 * 28 = 224 pixels
_SMALLEST_CELL = 12  # below this the panel shows no board, only words


def panel_width(view_width: int) -> int:
    """The side panel's width in a view `view_width` wide (0: too narrow for one)."""
    if view_width >= 1000:
        return PANEL_WIDTH
    return 220 if view_width >= 600 else 0


def piece_radius(cell: int) -> int:
    """A piece's radius on the panel's board of `cell`-pixel squares: most of the square."""
    return max(3, round(cell * 0.44))


def _cell_size(panel: pygame.Rect) -> int:
    """The small board's square size in `panel` (0: no room for a board)."""
    # Room for the title and two lines under the board: a short panel (the game's tree at
    # 720x480) still shows the position its title names.
    cell = min(_CELL, (panel.width - 24) // 8, (panel.height - 100) // 8)
    return cell if cell >= _SMALLEST_CELL else 0


def _panel_node(view: TreeView) -> SearchNode | None:
    """The node the panel describes: hovered, else selected, else the current step's."""
    if view.hovered is not None:
        return view.hovered
    if view.selected is not None:
        return view.selected
    event = view.replay.current if view.stepping else None
    return event.node if event is not None else view.tree.root


def _step_lines(view: TreeView) -> list[str]:
    replay = view.replay
    event = replay.current
    head = f"Step {replay.index} of {replay.total}"
    if event is None:
        return [head, "Nothing has happened yet."]
    return [head, describe_event(event, replay, view.man, view.curious, view.rough, view.human)]


def draw_panel(view: TreeView, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The panel in `panel` (the view's own pixels)."""
    labels = view.labels
    size = body_size(view.rect.width)
    cell = _cell_size(panel)
    surface.fill(theme.PANEL, panel)
    pygame.draw.line(surface, theme.TREE_GHOST, panel.topleft, panel.bottomleft)
    x = panel.x + 12
    y = panel.y + 10
    width = panel.width - 24
    if view.note:
        y = labels.wrap(surface, view.note, (x, y), width, size, theme.TEXT_ACCENT) + 8
    legend_top = _draw_legend(view, surface, panel)
    if view.stepping:
        for line in _step_lines(view):
            y = labels.wrap(surface, line, (x, y), width, size, theme.TREE_OPEN) + 2
        y += 8
    node = _panel_node(view)
    if node is None:
        return
    moves = moves_to(node)
    title = (
        numbered_moves(moves, view.tree.root.position.turn is BLACK, view.first_number)
        if moves
        else "the position searched"
    )
    # The board gives way to the node's first lines (whose move, its score) in a short panel;
    # then the title is not drawn either when it only names the position the board shows.
    below = labels.line_height(size) * (len(labels.wrapped(title, size, width)) + 2)
    room = (legend_top - y - 14 - below) // 8
    cell = min(cell, room) if min(cell, room) >= _SMALLEST_CELL else 0
    if cell or moves:
        y = labels.wrap(surface, title, (x, y), width, size, theme.TEXT) + 6
    if cell:
        y = _draw_board(view, surface, node, (x, y), cell) + 8
    item = view.layout.item_of(node)
    hidden = item.hidden if item is not None else 0
    replay = view.replay if view.stepping else None
    found = node_lines(
        node, view.tree, replay, hidden, view.man, view.curious, view.rough, view.human
    )
    for line, tone in found:
        if y + labels.line_height(size) > legend_top:
            break
        y = labels.wrap(surface, line, (x, y), width, size, tone_colour(tone)) + 3


def _draw_legend(view: TreeView, surface: pygame.Surface, panel: pygame.Rect) -> int:
    """The legend at the foot of the panel when the panel is tall enough for it beside the
    node's board, else a line saying L shows it; returns the top of what was drawn. (L opens
    the whole legend as a card over the canvas and the panel: `draw_legend_card`.)"""
    labels = view.labels
    width = panel.width - 24
    lines: list[str] = []
    for entry in ["How to read the tree (L):", *(f"{a}: {b}" for a, b in _entries(view))]:
        lines += labels.wrapped(entry, SMALL, width)
    line_height = labels.line_height(SMALL)
    height = len(lines) * line_height + 8
    view.legend_drawn = panel.height >= height + 8 * _cell_size(panel) + 160
    if not view.legend_drawn:
        words = "L: how to read the tree (shapes, colours, numbers)"
        lines = labels.wrapped(words, SMALL, width)
        height = len(lines) * line_height + 8
    y = max(panel.y + 10, panel.bottom - height)
    pygame.draw.line(surface, theme.TREE_GHOST, (panel.x + 8, y - 4), (panel.right - 8, y - 4))
    for line in lines:
        labels.blit(surface, line, SMALL, tone_colour(Tone.DIM), "topleft", (panel.x + 12, y))
        y += line_height
    return panel.bottom - height - 8


def _entries(view: TreeView) -> tuple[tuple[str, str], ...]:
    return legend(view.curious, view.tree.root.position.turn, view.human, view.rough)


def draw_legend_card(view: TreeView, surface: pygame.Surface, area: pygame.Rect) -> None:
    """The whole legend over `area` (the canvas and the panel): each sign in one column, what it
    means in a second, aligned and wrapped; the body size shrinks to SMALL before any row is
    cut, and rows that still do not fit end in a line saying how many are left."""
    labels = view.labels
    view.legend_drawn = True
    surface.fill(theme.PANEL, area)
    pygame.draw.rect(surface, theme.TREE_GHOST, area, 1)
    entries = _entries(view)
    for size in dict.fromkeys((body_size(view.rect.width), SMALL)):
        line_height = labels.line_height(size)
        sign_width = min(max(labels.width(sign, size) for sign, _ in entries), area.width // 3)
        text_x = area.x + 16 + sign_width + 16
        text_width = area.right - 16 - text_x
        rows = [
            (labels.wrapped(sign, size, sign_width), labels.wrapped(text, size, text_width))
            for sign, text in entries
        ]
        height = line_height * (1 + sum(max(len(a), len(b)) for a, b in rows)) + 12
        if height <= area.height - 16 or size == SMALL:
            break
    y = area.y + 10
    title = "How to read the tree (L closes this)"
    labels.blit(surface, title, size, theme.TEXT_ACCENT, "topleft", (area.x + 16, y))
    y += line_height + 6
    for index, (signs, texts) in enumerate(rows):
        tall = max(len(signs), len(texts)) * line_height
        if y + tall > area.bottom - 8 - (line_height if index < len(rows) - 1 else 0):
            rest = f"{len(rows) - index} more: a larger window shows them"
            labels.blit(surface, rest, size, tone_colour(Tone.DIM), "topleft", (area.x + 16, y))
            view.legend_drawn = False
            return
        for n, line in enumerate(signs):
            point = (area.x + 16, y + n * line_height)
            labels.blit(surface, line, size, theme.TEXT_ACCENT, "topleft", point)
        for n, line in enumerate(texts):
            labels.blit(surface, line, size, theme.TEXT, "topleft", (text_x, y + n * line_height))
        y += tall + 2


def _draw_board(
    view: TreeView, surface: pygame.Surface, node: SearchNode, topleft: tuple[int, int], cell: int
) -> int:
    """The node's position as a small board in the main board's colours and orientation;
    returns the y below it."""
    x0, y0 = topleft
    position = node.position
    for row in range(8):
        for col in range(8):
            colour = theme.DARK_SQUARE if (row + col) % 2 else theme.LIGHT_SQUARE
            surface.fill(colour, (x0 + col * cell, y0 + row * cell, cell, cell))
    move = node.move
    if move is not None:
        for square in move.path:
            row, col = view.cell(square)
            pygame.draw.rect(
                surface, theme.LAST_MOVE, (x0 + col * cell, y0 + row * cell, cell, cell), 2
            )
    for square in SQUARES:
        piece = position.piece_at(square)
        if piece is None:
            continue
        row, col = view.cell(square)
        centre = (x0 + col * cell + cell // 2, y0 + row * cell + cell // 2)
        black = piece.side is BLACK
        body = theme.BLACK_PIECE if black else theme.WHITE_PIECE
        rim = theme.BLACK_PIECE_RIM if black else theme.WHITE_PIECE_RIM
        # A piece fills most of its square at any size, its rim thin on a small board: at
        # 720x480 (15-pixel squares) the fixed 3-pixel inset and 2-pixel rim left a dot.
        radius, rim_width = piece_radius(cell), max(1, cell // 12)
        pygame.draw.circle(surface, body, centre, radius)
        pygame.draw.circle(surface, rim, centre, radius, rim_width)
        if piece.king:
            pygame.draw.circle(surface, theme.TEXT_ACCENT, centre, max(2, cell // 4), rim_width)
    if move is not None:
        for square in move.captures:
            row, col = view.cell(square)
            cx, cy = x0 + col * cell + cell // 2, y0 + row * cell + cell // 2
            pygame.draw.line(surface, theme.TREE_CUT, (cx - 6, cy - 6), (cx + 6, cy + 6), 2)
            pygame.draw.line(surface, theme.TREE_CUT, (cx - 6, cy + 6), (cx + 6, cy - 6), 2)
    return y0 + 8 * cell
