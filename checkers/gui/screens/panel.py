"""The side panel: players and side to move, pieces left, the stalemate counter, the AI's figures
and the move list in PDN. Reads the game; changes nothing."""

from __future__ import annotations

import math

import pygame

from checkers.board import BLACK, WHITE, Piece, Side
from checkers.clock import format_clock
from checkers.gui import theme
from checkers.gui.board_view.render import Renderer
from checkers.gui.config import Mode
from checkers.gui.game import Game, format_score
from checkers.gui.wording import move_label, move_rows, moves_count, plural
from checkers.record import FORTY_MOVE_PLIES

__all__ = ["draw_panel"]


def _side_line(
    renderer: Renderer,
    surface: pygame.Surface,
    game: Game,
    side: Side,
    x: int,
    y: int,
    width: int,
    size: int,
) -> int:
    """One player's line: piece icon, name, player, pieces left; marked when it is to move."""
    position = game.position
    to_move = position.turn is side and game.outcome is None
    icon = max(12, int(size * 1.5))
    if to_move:
        pygame.draw.rect(
            surface, theme.PANEL_LINE, (x - 4, y - 3, width + 8, icon + 6), border_radius=6
        )
    renderer.draw_piece(surface, Piece(side), (x + icon / 2, y + icon / 2), icon)
    men = len(position.pieces(side, kings=False))
    kings = len(position.pieces(side, kings=True))
    name = side.name.capitalize()
    who = game.config.player(side).label()
    text = renderer.text
    title = f"{name}{' to move' if to_move else ''}"
    text.draw(
        surface,
        title,
        size,
        theme.TEXT_ACCENT if to_move else theme.TEXT,
        (x + icon + size // 2, y),
    )
    count = f"{men + kings} left" + (f" ({kings} king{'s' if kings != 1 else ''})" if kings else "")
    text.draw(surface, count, size, theme.TEXT, (x + width, y), "topright")
    small = int(size * 0.8)
    room = width - icon - size // 2
    timer = game.timer
    if timer is not None:
        left = timer.remaining(side)
        face = format_clock(left)
        colour = theme.ERROR_TEXT if left < 10 else theme.TEXT_ACCENT if to_move else theme.TEXT
        text.draw(surface, face, size, colour, (x + width, y + size), "topright")
        room -= text.font(size).size(face)[0] + size // 2
    text.draw(
        surface,
        text.fit(who, small, room),
        small,
        theme.TEXT_DIM,
        (x + icon + size // 2, y + size),
    )
    return y + icon + size // 2 + (size // 3 if timer is not None else 0)


Row = tuple[tuple[str, ...], tuple[int, int, int]]
"""Panel text: one cell (wrapped) or several (drawn in columns), and its colour."""

_COLUMNS = (0.0, 0.30, 0.62)


def _search_rows(game: Game) -> list[Row]:
    """The search under way (live depth, score, nodes) and the AI's latest finished search."""
    rows: list[Row] = []
    thinking = game.thinking
    if thinking is not None:
        who = (
            "Looking for a hint"
            if thinking.purpose == "hint"
            else f"{thinking.side.name.capitalize()} is thinking"
        )
        dots = "." * (1 + int(game.clock * 3) % 3)
        rows.append(((f"{who}{dots}  {game.thinking_seconds():.1f} s",), theme.TEXT_ACCENT))
        progress = thinking.progress
        if progress is not None:
            rows.append(
                (
                    (
                        f"depth {progress.depth}",
                        f"score {format_score(progress.score, thinking.man)}",
                        f"{progress.nodes:,} nodes",
                    ),
                    theme.TEXT,
                )
            )
        else:
            rows.append((("depth 1 under way",), theme.TEXT_DIM))
    figures = game.figures
    if figures is not None:
        who = figures.side.name.capitalize()
        rows.append(
            ((f"Last search: {who} ({figures.level}), scores in men for {who}",), theme.TEXT_DIM)
        )
        speed = figures.nodes / figures.seconds if figures.seconds > 0 else 0
        rows.append(
            (
                (
                    f"depth {figures.depth}",
                    f"score {format_score(figures.score, figures.man)}",
                    f"{figures.nodes:,} nodes",
                ),
                theme.TEXT,
            )
        )
        rows.append(((f"{figures.seconds:.2f} s", f"{speed / 1000:,.0f}k nodes/s"), theme.TEXT))
        if figures.pv:
            rows.append((("PV " + " ".join(m.pdn() for m in figures.pv[:10]),), theme.TEXT_DIM))
        if figures.note:
            rows.append(((figures.note,), theme.ERROR_TEXT))
    return rows


def draw_panel(
    renderer: Renderer, surface: pygame.Surface, rect: pygame.Rect, game: Game, size: int
) -> list[tuple[pygame.Rect, int]]:
    """Draw the panel's text into `rect` (the screen adds buttons); returns the move list's
    cells, each with the ply a click on it goes to."""
    text = renderer.text
    pad = max(8, size // 2)
    x, width = rect.left + pad, rect.width - 2 * pad
    y = rect.top + pad
    text.draw(
        surface, game.mode.value[0].upper() + game.mode.value[1:], size, theme.TEXT_DIM, (x, y)
    )
    if game.mode is Mode.AI_VS_AI:
        state = "paused" if game.paused else f"delay {game.delay:g} s"
        text.draw(
            surface,
            state,
            size,
            theme.TEXT_ACCENT if game.paused else theme.TEXT_DIM,
            (x + width, y),
            "topright",
        )
    y += int(size * 1.6)
    for side in (BLACK, WHITE):
        y = _side_line(renderer, surface, game, side, x, y, width, size)

    counter = game.record.stalemate_counter
    text.draw(
        surface,
        text.fit(f"Moves without capture or man move: {counter} of 40", size, width),
        size,
        theme.TEXT,
        (x, y),
    )
    y += int(size * 1.2)
    bar = pygame.Rect(x, y, width, max(4, size // 3))
    pygame.draw.rect(surface, theme.PANEL_LINE, bar, border_radius=3)
    filled = bar.copy()
    filled.width = int(bar.width * min(1.0, game.record.no_progress_plies / FORTY_MOVE_PLIES))
    if filled.width:
        pygame.draw.rect(surface, theme.TEXT_ACCENT, filled, border_radius=3)
    y = bar.bottom + size

    small = int(size * 0.85)
    line_height = int(small * 1.2)
    for index, (cells, colour) in enumerate(_search_rows(game)):
        if index == 0 and game.thinking is not None:
            _spinner(surface, (x + width - small // 2, y + small // 2), small // 2, game.clock)
        if len(cells) == 1:
            for part in text.wrap(cells[0], small, width - (small if index == 0 else 0)):
                text.draw(surface, part, small, colour, (x, y))
                y += line_height
            continue
        for cell, start in zip(cells, _COLUMNS):
            text.draw(surface, cell, small, colour, (x + start * width, y))
        y += line_height
    y += size // 2

    pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (x + width, y))
    y += size // 2
    return _move_list(renderer, surface, rect, game, x, y, width, size)


def _move_list(
    renderer: Renderer,
    surface: pygame.Surface,
    rect: pygame.Rect,
    game: Game,
    x: int,
    y: int,
    width: int,
    size: int,
) -> list[tuple[pygame.Rect, int]]:
    """The whole recorded game, the current move marked, later moves dimmed; returns each
    move's cell with the ply it leads to, so a click can go there."""
    text = renderer.text
    small = int(size * 0.85)
    line_height = int(small * 1.2)
    ply, total = game.record.ply, len(game.line)
    black_first = game.record.start.turn is BLACK
    title = f"Moves ({plural(moves_count(total, black_first), 'move')})"
    if ply != total:
        title = f"Moves (at {move_label(ply, black_first)})"
    text.draw(surface, text.fit(title, size, width), size, theme.TEXT_DIM, (x, y))
    y += int(size * 1.3)
    offset = 0 if black_first else 1  # a `...` fills Black's cell when White began
    rows = move_rows(game.line, black_first)
    room = max(0, (rect.bottom - size // 2 - y) // line_height)
    current_row = (ply - 1 + offset) // 2 if ply > 0 else 0
    # Show the end of the game, unless the current move would then be out of sight.
    first = max(0, len(rows) - room)
    if current_row < first:
        first = max(0, current_row - room // 2)
    cells: list[tuple[pygame.Rect, int]] = []
    columns = (0.0, 0.12, 0.45)
    for row_index in range(first, min(len(rows), first + room)):
        row = rows[row_index]
        for column, (cell, start) in enumerate(zip(row, columns)):
            if not cell:
                continue
            target = 2 * row_index + column - offset  # the ply this move leads to
            colour = theme.TEXT
            left = x + int(start * width)
            if column > 0 and cell != "...":
                colour = (
                    theme.TEXT_ACCENT
                    if target == ply
                    else theme.TEXT_DIM
                    if target > ply
                    else theme.TEXT
                )
                end = (
                    x + int(columns[column + 1] * width) if column + 1 < len(columns) else x + width
                )
                area = pygame.Rect(left - 3, y - 1, end - left, line_height)
                if target == ply:
                    pygame.draw.rect(surface, theme.PANEL_LINE, area, border_radius=4)
                cells.append((area, target))
            text.draw(surface, cell, small, colour, (left, y))
        y += line_height
    return cells


def _spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, clock: float) -> None:
    """A turning arc: the AI is working."""
    radius = max(4, radius)
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    start = -clock * 6.0
    pygame.draw.arc(
        surface, theme.TEXT_ACCENT, box, start, start + math.pi * 1.4, max(2, radius // 3)
    )
