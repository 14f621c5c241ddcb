"""The position setup screen: place and remove men and kings with the mouse, choose the side to
move, see the FEN, and start a game from it once the position is possible."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from checkers.board import BLACK, WHITE, Piece, Position, Side, position_problem
from checkers.gui import theme
from checkers.gui.board_view.render import BoardView
from checkers.gui.clipboard import copy_text
from checkers.gui.config import GameConfig
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, StartGame
from checkers.gui.layout import GameLayout, game_layout
from checkers.gui.widgets import Button, button_at, draw_buttons, run_key_binding

__all__ = ["SetupScreen", "setup_problem"]

_TOOLS: tuple[tuple[str, Piece | None], ...] = (
    ("Black man", Piece(BLACK)),
    ("Black king", Piece(BLACK, True)),
    ("White man", Piece(WHITE)),
    ("White king", Piece(WHITE, True)),
    ("Erase", None),
)


def setup_problem(position: Position) -> str | None:
    """Why a game cannot start from `position`, or None if it can.

    Refused: what no game can reach (board.position_problem, the check every FEN passes too: a
    man on its own crowning row, more than 12 pieces a side), then a side with no pieces and a
    side to move with no legal move: games already over, which there is nothing to play in.
    """
    impossible = position_problem(position.piece_map())
    if impossible is not None:
        return impossible
    for side in (BLACK, WHITE):
        if not position.pieces(side):
            name = side.name.capitalize()
            return f"{name} has no pieces: the game would be over before it starts"
    if not position.has_legal_moves():
        mover = position.turn.name.capitalize()
        return f"{mover} is to move but has no legal move: the game would be over at once"
    return None


class SetupScreen(ScreenBase):
    """A board to edit, the piece tools, the side to move, the FEN and why it cannot start."""

    def __init__(
        self, context: ScreenContext, start: Position, config: GameConfig, flipped: bool
    ) -> None:
        super().__init__(context)
        self.config = config
        self.pieces: dict[int, Piece] = {
            s: p for s in range(1, 33) if (p := start.piece_at(s)) is not None
        }
        self.turn: Side = start.turn
        self.tool: Piece | None = Piece(BLACK)
        self.flipped = flipped
        self.buttons: list[Button] = []
        self.status = (
            "Click a square to place the chosen piece (again to remove it); right-click removes."
        )
        self.keymap: dict[str, Callable[[], None]] = {
            "escape": self.back,
            "return": self.start,
            "enter": self.start,
            "b": lambda: self.set_turn(BLACK),
            "w": lambda: self.set_turn(WHITE),
            "ctrl+c": self.copy_fen,
            **{
                str(index + 1): partial(self.set_tool, tool)
                for index, (_, tool) in enumerate(_TOOLS)
            },
        }

    # --- editing -------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position as set up so far."""
        return Position.from_pieces(self.pieces, self.turn)

    def set_tool(self, tool: Piece | None) -> None:
        """Choose what a click places (None: erase)."""
        self.tool = tool

    def set_turn(self, side: Side) -> None:
        """Choose the side to move."""
        self.turn = side

    def place(self, square: int, remove: bool = False) -> None:
        """Put the chosen piece on `square`; the same piece again, Erase or `remove` clears it."""
        if remove or self.tool is None or self.pieces.get(square) == self.tool:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = self.tool

    def clear(self) -> None:
        """Empty the board."""
        self.pieces = {}

    def initial(self) -> None:
        """The initial position, Black to move."""
        start = Position()
        self.pieces = {s: p for s in range(1, 33) if (p := start.piece_at(s)) is not None}
        self.turn = BLACK

    def copy_fen(self) -> None:
        """Copy the position's FEN."""
        fen = self.position.fen()
        problem = copy_text(fen)
        self.status = f"Copied {fen}" if problem is None else f"No clipboard ({problem})"

    def start(self) -> None:
        """Start a new game from the position, or say why it is impossible."""
        position = self.position
        problem = setup_problem(position)
        if problem is not None:
            self.status = f"Cannot start: {problem}."
            return
        self.context.request(
            StartGame(
                replace(self.config, start=position),
                flipped=self.flipped,  # the board stays the way it was set up
                status=f"New game from {position.fen()}. ",
            )
        )

    def back(self) -> None:
        """Leave without starting a game."""
        self.context.request(Back())

    # --- the Screen protocol -----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Clicks on the board and the buttons, and the keys."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            button = button_at(self.buttons, event.pos) if event.button == 1 else None
            if button is not None:
                button.action()
                return
            geometry = self._layout().board
            if geometry.contains(*event.pos):
                square = geometry.square_at(*event.pos)
                if square is not None:
                    self.place(square, remove=event.button == 3)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def _layout(self) -> GameLayout:
        width, height = self.context.window_size()
        return game_layout(width, height, self.flipped)

    def draw(self, surface: pygame.Surface) -> None:
        """The board being set up, the tools beside it, the FEN and the verdict below."""
        renderer = self.context.renderer
        text = renderer.text
        layout = self._layout()
        surface.fill(theme.BACKGROUND)
        position = self.position
        renderer.board(surface, layout.board, BoardView(position))
        panel = layout.panel
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=8)
        font = layout.font
        pad = max(8, font // 2)
        x, width = panel.left + pad, panel.width - 2 * pad
        y = panel.top + pad
        text.draw(surface, "Set up a position", int(font * 1.3), theme.TEXT_ACCENT, (x, y))
        y += int(font * 2.2)
        row = int(font * 1.9)
        gap = max(4, font // 3)
        self.buttons = []
        text.draw(surface, "Piece (1-5)", font, theme.TEXT_DIM, (x, y))
        y += int(font * 1.4)
        half = (width - gap) // 2
        for index, (label, tool) in enumerate(_TOOLS):
            column, line = index % 2, index // 2
            rect = pygame.Rect(x + column * (half + gap), y + line * (row + gap), half, row)
            self.buttons.append(
                Button(
                    f"{index + 1} {label}",
                    rect,
                    partial(self.set_tool, tool),
                    active=tool == self.tool,
                )
            )
        y += 3 * (row + gap) + gap
        text.draw(surface, "Side to move (B, W)", font, theme.TEXT_DIM, (x, y))
        y += int(font * 1.4)
        for index, side in enumerate((BLACK, WHITE)):
            rect = pygame.Rect(x + index * (half + gap), y, half, row)
            self.buttons.append(
                Button(
                    side.name.capitalize(),
                    rect,
                    partial(self.set_turn, side),
                    active=side is self.turn,
                )
            )
        y += row + 2 * gap
        for index, (label, action) in enumerate(
            (("Clear board", self.clear), ("Initial position", self.initial))
        ):
            rect = pygame.Rect(x + index * (half + gap), y, half, row)
            self.buttons.append(Button(label, rect, action))
        y += row + 2 * gap
        counts = "   ".join(
            f"{side.name.capitalize()}: {len(position.pieces(side))} pieces"
            for side in (BLACK, WHITE)
        )
        text.draw(surface, counts, font, theme.TEXT, (x, y))
        y += int(font * 1.6)
        text.draw(surface, "FEN (Ctrl+C copies)", font, theme.TEXT_DIM, (x, y))
        y += int(font * 1.3)
        small = int(font * 0.85)
        for part in text.wrap(position.fen(), small, width):
            text.draw(surface, part, small, theme.TEXT, (x, y))
            y += int(small * 1.25)
        y += gap
        problem = setup_problem(position)
        verdict = "Ready to play." if problem is None else f"Impossible: {problem}."
        for part in text.wrap(verdict, small, width):
            text.draw(
                surface, part, small, theme.TEXT if problem is None else theme.ERROR_TEXT, (x, y)
            )
            y += int(small * 1.25)
        bottom = panel.bottom - pad - row
        start = pygame.Rect(x, bottom, half, row)
        cancel = pygame.Rect(x + half + gap, bottom, half, row)
        start_button = Button("Start (Enter)", start, self.start, active=problem is None)
        self.buttons += [start_button, Button("Cancel (Esc)", cancel, self.back)]
        draw_buttons(surface, text, self.buttons, int(font * 0.9))
        colour = theme.ERROR_TEXT if self.status.startswith(("Cannot", "Error")) else theme.TEXT
        text.draw(
            surface,
            text.fit(self.status, font, layout.status.width),
            font,
            colour,
            layout.status.midleft,
            "midleft",
        )
