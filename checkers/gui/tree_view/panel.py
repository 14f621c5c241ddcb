"""The tree view's side panel: the owner's note, the step being replayed, the node under the
pointer (or selected) as a small board with what the search made of it, and the legend. What it
reads and sets of the view is named in `PanelView`, which `checkers.gui.tree_view.view.TreeView`
is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from checkers.ai.tracking import SearchNode, SearchTree
from checkers.board import BLACK, SQUARES, Side
from checkers.formats.tree_export import moves_to
from checkers.gui import theme
from checkers.gui.tree_view.chrome import tone_colour
from checkers.gui.tree_view.explain import Tone, describe_event, node_lines
from checkers.gui.tree_view.layout import Replay, TreeLayout
from checkers.gui.tree_view.text import SMALL, Labels, body_size
from checkers.gui.tree_view.words import legend
from checkers.notation import numbered_moves

__all__ = ["PANEL_WIDTH", "PanelView", "draw_legend_card", "draw_panel", "panel_width"]

PANEL_WIDTH = 272
SMALL_PANEL_WIDTH = 280
"""The panel in a view under 1000 pixels wide (720x480): 220 left the position searched a
104-pixel board of 13-pixel squares; 280 gives it 144 pixels and a column of words beside
(290 left the tree too narrow for its first view at 720x480)."""
_CELL = 28  # the panel board's largest square: 8 * 28 = 224 pixels
_SMALLEST_CELL = 12  # below this the panel shows no board, only words
_READ_CELL = 18  # a board of 8 * 18 = 144 pixels reads: its pieces and the move's marks
_BESIDE = 84  # the narrowest column of words beside the board
_GAP = 8  # between the board and the words beside or under it


class PanelView(Protocol):
    """What the side panel reads of the view (`checkers.gui.tree_view.view.TreeView`), and
    what it notes there of the frame it drew: where the node's board went, where the legend
    begins, and whether the whole legend was shown."""

    rect: pygame.Rect
    tree: SearchTree
    layout: TreeLayout
    replay: Replay
    stepping: bool
    selected: SearchNode | None
    hovered: SearchNode | None
    man: float
    first_number: int
    human: Side | None
    rough: str | None
    note: str
    labels: Labels
    panel_board: pygame.Rect | None
    legend_top: int
    legend_drawn: bool

    @property
    def curious(self) -> bool: ...

    def cell(self, square: int) -> tuple[int, int]: ...


def panel_width(view_width: int) -> int:
    """The side panel's width in a view `view_width` wide (0: too narrow for one)."""
    if view_width >= 1000:
        return PANEL_WIDTH
    if view_width >= 660:  # a 720x480 window: room for a 144-pixel board and words beside it
        return SMALL_PANEL_WIDTH
    return 220 if view_width >= 600 else 0


def piece_radius(cell: int) -> int:
    """A piece's radius on the panel's board of `cell`-pixel squares: most of the square."""
    return max(3, round(cell * 0.44))


def _cell_size(panel: pygame.Rect) -> int:
    """The small board's square size in `panel` (0: no room for a board)."""
    # Room for the margins and two rows of words under the board (its title and first rows go
    # beside it in a short panel): the game's tree at 720x480, 236 pixels tall, still shows the
    # position its title names on 18-pixel squares (a room of 100 kept them to 17).
    cell = min(_CELL, (panel.width - 24) // 8, (panel.height - 88) // 8)
    return cell if cell >= _SMALLEST_CELL else 0


def _panel_node(view: PanelView) -> SearchNode | None:
    """The node the panel describes: hovered, else selected, else the current step's."""
    if view.hovered is not None:
        return view.hovered
    if view.selected is not None:
        return view.selected
    event = view.replay.current if view.stepping else None
    return event.node if event is not None else view.tree.root


def _step_lines(view: PanelView) -> list[str]:
    replay = view.replay
    event = replay.current
    head = f"Step {replay.index} of {replay.total}"
    if event is None:
        return [head, "Nothing has happened yet."]
    return [head, describe_event(event, replay, view.man, view.curious, view.rough, view.human)]


def draw_panel(view: PanelView, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The panel in `panel` (the view's own pixels)."""
    labels = view.labels
    size = body_size(view.rect.width)
    surface.fill(theme.PANEL, panel)
    pygame.draw.line(surface, theme.TREE_GHOST, panel.topleft, panel.bottomleft)
    x = panel.x + 12
    width = panel.width - 24
    text = Text(labels, size, x, width)
    node = _panel_node(view)
    view.panel_board = None
    titled: list[Paragraph] = []
    words: list[Paragraph] = []
    if node is not None:
        moves = moves_to(node)
        title = (
            numbered_moves(moves, view.tree.root.position.turn is BLACK, view.first_number)
            if moves
            else "the position searched"
        )
        item = view.layout.item_of(node)
        hidden = item.hidden if item is not None else 0
        replay = view.replay if view.stepping else None
        found = node_lines(
            node, view.tree, replay, hidden, view.man, view.curious, view.rough, view.human
        )
        words = [(line, tone_colour(tone), 3) for line, tone in found]
        titled = [(title, theme.TEXT, 6), *words]
    # Every line of the node whole first, then its board: in a short panel (720x480) the
    # note over the tree gives way to another node's (it is about the tree's first move, and
    # comes back when nothing else is selected), then the line saying L shows the legend (the
    # keys under the tree say it too).
    top_note = [(view.note, theme.TEXT_ACCENT, 8)] if view.note else []
    steps = [(line, theme.TREE_OPEN, 2) for line in _step_lines(view)] if view.stepping else []
    choices = [(top_note, True), (top_note, False)]
    if node is not None and node is not view.tree.root:
        choices = [(top_note, True), ([], True), ([], False)]
    # The first way whose board reads (`_READ_CELL` squares, or as large as the panel allows),
    # else the first with a board at all: at 720x480 the position searched with the line
    # saying L shows the legend had 12-pixel squares; without it, 18 (the keys say L too).
    reads = min(_READ_CELL, _cell_size(panel))
    chosen: _Choice | None = None
    for note, hint in choices:
        above, y = text.flow([*note, *steps], panel.y + 10, None)
        y += 6 if steps else 0
        legend_top = _legend_top(view, panel) if hint else panel.bottom - 8
        if text.flow(titled, y, None)[1] - 3 > legend_top:
            continue  # the words alone do not fit
        board, placed = _arranged(text, titled, y, legend_top, _cell_size(panel))
        choice = _Choice(above, hint, legend_top, y, board, placed)
        if board is not None and board.width >= 8 * reads:
            chosen = choice
            break
        if chosen is None or (chosen.board is None and board is not None):
            chosen = choice
    if chosen is None:  # taller than the panel however it is laid out: as much as fits
        above, y = text.flow([*choices[-1][0], *steps], panel.y + 10, None)
        chosen = _Choice(above, choices[-1][1], panel.bottom - 8, y + 6 * bool(steps), None, [])
    for line, colour, point in chosen.above:
        labels.blit(surface, line, size, colour, "topleft", point)
    if chosen.hint:
        _draw_legend(view, surface, panel)
    view.legend_top = legend_top = chosen.legend_top
    if node is None:
        return
    # The board over the lines, or at their left with the title and the first lines beside
    # it (at 720x480 the board over them left two rows, and the node's score was not shown).
    board, placed = chosen.board, chosen.placed
    if board is None:
        # No room for a board: the title only where it names moves (the position searched
        # is the board's own title).
        placed = text.flow(titled if moves else words, chosen.top, None)[0]
    else:
        _draw_board(view, surface, node, board.topleft, board.width // 8)
    view.panel_board = board
    for line, colour, point in placed:
        if point[1] + labels.line_height(size) > legend_top:
            break  # only where even the words alone are taller than the panel
        labels.blit(surface, line, size, colour, "topleft", point)


@dataclass(frozen=True)
class _Choice:
    """One way to lay the panel out: the rows over the node's (the note, the steps), whether
    the line saying L shows the legend is drawn, how low the node's rows may reach, where
    they begin, and the node's board and rows (no board: the rows are laid out when drawn)."""

    above: list[Placed]
    hint: bool
    legend_top: int
    top: int
    board: pygame.Rect | None
    placed: list[Placed]


Paragraph = tuple[str, tuple[int, int, int], int]
"""A text, its colour and the gap under it."""
Placed = tuple[str, tuple[int, int, int], tuple[int, int]]
"""A row of text, its colour and its top left."""


class Text:
    """The panel's words at one size wrapped into its column, narrower beside a board."""

    def __init__(self, labels: Labels, size: int, left: int, width: int) -> None:
        self.labels, self.size, self.left, self.width = labels, size, left, width

    def flow(
        self, paragraphs: list[Paragraph], top: int, board: pygame.Rect | None
    ) -> tuple[list[Placed], int]:
        """`paragraphs` broken at spaces into rows from `top` down, the rows that start beside
        `board` (at the column's left) right of it; the rows and the y below the last."""
        line_height = self.labels.line_height(self.size)
        placed: list[Placed] = []
        y = top
        for words, colour, gap in paragraphs:
            row = ""
            for word in words.split():
                x, width = self._room(y, board)
                trial = f"{row} {word}" if row else word
                if row and self.labels.width(trial, self.size) > width:
                    placed.append((row, colour, (x, y)))
                    y += line_height
                    row = word
                else:
                    row = trial
            if row:
                placed.append((row, colour, (self._room(y, board)[0], y)))
                y += line_height
            y += gap
        return placed, y

    def _room(self, y: int, board: pygame.Rect | None) -> tuple[int, int]:
        """Where a row starting at `y` begins and how wide it may be."""
        if board is not None and y < board.bottom + _GAP:
            return board.right + _GAP, self.left + self.width - board.right - _GAP
        return self.left, self.width


def _arranged(
    text: Text, paragraphs: list[Paragraph], top: int, bottom: int, largest: int
) -> tuple[pygame.Rect | None, list[Placed]]:
    """The node's board and its rows of words between `top` and `bottom`: the board over the
    words or at their left, whichever leaves it the larger squares (at most `largest`, at
    least `_SMALLEST_CELL`), over them on a tie; (None, []) when neither has room for one."""
    title, lines = paragraphs[0], paragraphs[1:]
    best: tuple[int, pygame.Rect, list[Placed]] | None = None
    # Over the words: the title, the board, then the lines.
    rows, below_title = text.flow([title], top, None)
    _, end = text.flow(lines, below_title, None)
    cell = min(largest, (bottom - end - 8) // 8)
    if cell >= _SMALLEST_CELL:
        board = pygame.Rect(text.left, below_title, 8 * cell, 8 * cell)
        under, _ = text.flow(lines, board.bottom + 8, None)
        best = (cell, board, rows + under)
    # At their left: the largest board whose words beside and under it fit.
    for cell in range(largest, max(_SMALLEST_CELL, best[0] + 1 if best else 0) - 1, -1):
        if text.width - 8 * cell - _GAP < _BESIDE:
            continue
        board = pygame.Rect(text.left, top, 8 * cell, 8 * cell)
        rows, end = text.flow(paragraphs, top, board)
        if max(end - 3, board.bottom) <= bottom:
            best = (cell, board, rows)
            break
    if best is None:
        return None, []
    return best[1], best[2]


def _legend_lines(view: PanelView, panel: pygame.Rect) -> list[str]:
    """The legend's rows when the panel is tall enough for it beside the node's board, else
    a line's saying L shows it; sets `legend_drawn`."""
    labels = view.labels
    width = panel.width - 24
    lines: list[str] = []
    for entry in ["How to read the tree (L):", *(f"{a}: {b}" for a, b in _entries(view))]:
        lines += labels.wrapped(entry, SMALL, width)
    height = len(lines) * labels.line_height(SMALL) + 8
    view.legend_drawn = panel.height >= height + 8 * _cell_size(panel) + 160
    if not view.legend_drawn:
        words = "L: how to read the tree (shapes, colours, numbers)"
        lines = labels.wrapped(words, SMALL, width)
    return lines


def _legend_top(view: PanelView, panel: pygame.Rect) -> int:
    """The lowest the words above the legend may reach."""
    height = len(_legend_lines(view, panel)) * view.labels.line_height(SMALL) + 8
    return panel.bottom - height - 8


def _draw_legend(view: PanelView, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The legend (or the line saying L shows it) at the foot of the panel. (L opens the whole
    legend as a card over the canvas and the panel: `draw_legend_card`.)"""
    labels = view.labels
    lines = _legend_lines(view, panel)
    line_height = labels.line_height(SMALL)
    y = max(panel.y + 10, panel.bottom - len(lines) * line_height - 8)
    pygame.draw.line(surface, theme.TREE_GHOST, (panel.x + 8, y - 4), (panel.right - 8, y - 4))
    for line in lines:
        labels.blit(surface, line, SMALL, tone_colour(Tone.DIM), "topleft", (panel.x + 12, y))
        y += line_height


def _entries(view: PanelView) -> tuple[tuple[str, str], ...]:
    return legend(view.curious, view.tree.root.position.turn, view.human, view.rough)


def draw_legend_card(view: PanelView, surface: pygame.Surface, area: pygame.Rect) -> None:
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
    view: PanelView, surface: pygame.Surface, node: SearchNode, topleft: tuple[int, int], cell: int
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
