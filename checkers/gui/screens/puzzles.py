"""The puzzle screen: positions from the player's reviewed games to solve on the board, each
told right or wrong with its idea and its line played out; the set comes back on a schedule.

The puzzles are `checkers.puzzles`'; the set and the schedule (`fsrs`: a missed puzzle comes back
within minutes, a solved one after days) are `checkers.puzzle_store`'s, in the data directory.
`BoardPlayScreen` is the part the endgame drills share (checkers.gui.screens.drills): a board the
player moves on by clicks or drags, a panel of labels and buttons beside it and a status line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from checkers.board import BLACK, IllegalMoveError, InvalidMoveError, Move, Position
from checkers.gui import theme
from checkers.gui.board_view.render import BoardView
from checkers.gui.board_view.selection import Drag, Selector
from checkers.gui.cards import Card, CardButton
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.explaining import numbered_line
from checkers.gui.intents import Back, OpenDrills
from checkers.gui.layout import STATUS_FLOOR, GameLayout, game_layout
from checkers.gui.ui import Actions, fit_label
from checkers.gui.widgets import key_names
from checkers.puzzle_store import Schedule, load_puzzles, when_words
from checkers.puzzles import Puzzle, replay

__all__ = ["LINE_STEP_SECONDS", "BoardPlayScreen", "ButtonSpec", "PuzzleScreen", "label_lines"]

LINE_STEP_SECONDS = 0.9
"""How long each position of a solution's line stays on the board while it is played out."""

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
        unit = max(1, round(10 * self.context.scale))
        return game_layout(
            width, height, self.flipped, status_height=max(round(5.4 * unit), STATUS_FLOOR)
        )

    def handle(self, event: pygame.event.Event) -> None:
        """The card first, then buttons, clicks and drags on the board, and the keys."""
        if self.card is not None and self.card.is_built():
            self.card.handle(event)
            return
        if self.actions.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.point = event.pos
            start = self.drag.start
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 6:
                self.drag.moved = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            geometry = self.layout().board
            if drag is not None and drag.moved and geometry.contains(*event.pos):
                target = geometry.square_at(*event.pos)
                if target is not None and target != drag.square:
                    self.click(target)
        elif event.type == pygame.KEYDOWN:
            for name in key_names(event):
                action = self.keymap.get(name)
                if action is not None:
                    action()
                    return

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 3:
            self.selector.clear()
            return
        geometry = self.layout().board
        if event.button != 1 or not geometry.contains(*event.pos):
            return
        square = geometry.square_at(*event.pos)
        self.click(square)
        if square is not None and self.selector.selected == square:
            self.drag = Drag(square, event.pos, event.pos)

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def flip(self) -> None:
        """Turn the board around."""
        self.flipped = not self.flipped

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
        unit = max(1, round(10 * self.context.scale))
        self.status_box = UITextBox(
            "", layout.status, ui, container=root, object_id="#status", wrap_to_height=False
        )
        box = layout.panel
        panel = UIPanel(box, manager=ui, container=root, object_id="#side_panel")
        pad = unit
        width = box.width - 2 * pad - 6
        heights = {"@heading": round(2.4 * unit), "@title": round(3.4 * unit)}
        y = pad // 2
        for name, style in self.LABELS:
            height = heights.get(style, round(2.1 * unit))
            self.labels[name] = UILabel(
                pygame.Rect(pad, y, width, height), "", ui, container=panel, object_id=style
            )
            y += height
        gap = max(3, unit // 2)
        height = round(3.2 * unit)
        specs = list(self.buttons())
        rows = (len(specs) + 1) // 2
        cell = (width - gap) // 2
        top = box.height - pad - rows * height - (rows - 1) * gap
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
        for name, text in self.texts().items():
            label = self.labels.get(name)
            if label is None or self._shown.get(name) == text:
                continue
            self._shown[name] = text
            label.set_text(fit_label(label, text))
            changed = True
        if self.status_box is not None and self._shown.get("status") != self.status:
            self._shown["status"] = self.status
            self.status_box.set_text(self.status.replace("&", "&amp;").replace("<", "&lt;"))
            changed = True
        return changed


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
    return parts + [""] * (lines - len(parts))


class PuzzleScreen(BoardPlayScreen):
    """One puzzle at a time from the player's set, the due ones first."""

    LABELS = (
        ("title", "@heading"),
        ("count", "@small"),
        ("session", "@dim"),
        ("source", "@dim"),
        ("task", "@heading"),
        ("verdict", "@heading"),
        ("answer", "@small"),
        ("idea 1", "@small"),
        ("idea 2", "@small"),
        ("idea 3", "@small"),
        ("line title", "@dim"),
        ("line 1", "@small"),
        ("line 2", "@small"),
        ("again", "@accent_small"),
    )

    def __init__(self, context: ScreenContext, now: Callable[[], datetime] | None = None) -> None:
        super().__init__(context)
        self.now = now
        """The clock the schedule is read by (tests give their own)."""
        self.puzzles = load_puzzles()
        self.schedule = Schedule.load()
        self.puzzle: Puzzle | None = None
        self.answer: Move | None = None
        """The player's move, once made (None while the puzzle is being solved)."""
        self.line: list[Position] = []
        """The solution's positions, the puzzle's first, once answered."""
        self.shown = 0
        """Which of `line` the board shows."""
        self.wait = 0.0
        self.next_due: datetime | None = None
        self.solved = 0
        self.missed = 0
        self.keymap = {
            "escape": self.leave,
            "n": self.next_puzzle,
            "space": self.replay_line,
            "right": self.step_line,
            "d": self.open_drills,
            "f": self.flip,
        }
        if self.schedule.damaged:
            self.status = "The puzzle schedule was damaged: every puzzle is due again."
        self.next_puzzle()

    def _clock(self) -> datetime | None:
        return self.now() if self.now is not None else None

    # --- the puzzle -------------------------------------------------------------------------

    def next_puzzle(self) -> None:
        """Show the next puzzle: the longest due, else the one due soonest."""
        if not self.puzzles:
            self.puzzle = None
            self.show_card(self._empty_card())
            return
        current = self.puzzle
        others = [p for p in self.puzzles if p is not current] or self.puzzles
        self.puzzle = self.schedule.next_up(others, self._clock())
        self.answer = None
        self.line = []
        self.shown = 0
        assert self.puzzle is not None
        position = self.puzzle.position
        self.flipped = position.turn is BLACK  # the side to play at the bottom
        self.reselect()
        if not self.status.startswith("The puzzle schedule"):
            self.status = (
                "Find the best move: click or drag a piece. N skips, D for endgame drills."
            )

    def board_position(self) -> Position:
        """The puzzle's position, or the solution's line as it is played out."""
        if self.line:
            return self.line[self.shown]
        return self.puzzle.position if self.puzzle is not None else Position()

    def can_move(self) -> bool:
        """While the puzzle is unsolved."""
        return self.puzzle is not None and self.answer is None

    def moved(self, move: Move) -> None:
        """Judge the player's move, schedule the puzzle, and play the solution out."""
        puzzle = self.puzzle
        assert puzzle is not None
        self.answer = move
        right = puzzle.is_solution(move)
        if right:
            self.solved += 1
        else:
            self.missed += 1
        self.next_due = self.schedule.answer(puzzle, right, self._clock())
        problem = self.schedule.save()
        try:
            self.line = replay(puzzle.position, puzzle.solution)
        except (IllegalMoveError, InvalidMoveError):
            self.line = [puzzle.position]
        # A right answer shows from the player's own move on; a wrong one from the start.
        self.shown = 1 if right and len(self.line) > 1 else 0
        self.wait = LINE_STEP_SECONDS
        if right:
            self.status = "Right! The line plays out on the board. N for the next puzzle."
        else:
            self.status = (
                f"Not this time: {move.pdn()} is not it. The answer plays out on the board; "
                "N for the next puzzle."
            )
        if problem:
            self.status = f"{self.status} ({problem})"

    def step_line(self) -> None:
        """Show the next position of the solution's line."""
        if self.line and self.shown < len(self.line) - 1:
            self.shown += 1
            self.wait = LINE_STEP_SECONDS

    def replay_line(self) -> None:
        """Play the solution's line out again from the puzzle's position."""
        if self.line:
            self.shown = 0
            self.wait = LINE_STEP_SECONDS

    def update(self, dt: float) -> None:
        """Play the line out a position at a time, and bring the widgets in step."""
        if self.line and self.shown < len(self.line) - 1:
            self.wait -= dt
            if self.wait <= 0:
                self.step_line()
        super().update(dt)

    def wake_in(self) -> float | None:
        """While the line plays out, when its next position is due."""
        wakes = [wake for wake in (super().wake_in(),) if wake is not None]
        if self.line and self.shown < len(self.line) - 1:
            wakes.append(max(0.0, self.wait))
        return min(wakes) if wakes else None

    def view_extras(self) -> dict[str, object]:
        """The move that led to the position shown, once the line plays out."""
        if self.line and self.puzzle is not None and self.shown > 0:
            return {
                "last_move": Move.from_pdn(
                    self.puzzle.solution[self.shown - 1], self.line[self.shown - 1]
                )
            }
        return {}

    # --- leaving -------------------------------------------------------------------------------

    def leave(self) -> None:
        """Back to the screen below."""
        self.context.request(Back())

    def open_drills(self) -> None:
        """The endgame drills, over this screen."""
        self.context.request(OpenDrills())

    def _empty_card(self) -> Card:
        return Card(
            "No puzzles yet",
            [
                (
                    "Review a finished game (the Review button at its end): each position "
                    "where someone went wrong and one move was clearly best becomes a puzzle."
                ),
                "Meanwhile, the endgame drills are ready.",
            ],
            [
                CardButton("drills", "Endgame drills", "Standard endings (D)", self.open_drills),
                CardButton("close", "Back", "Back to the start (Esc)", self.leave),
            ],
            cancel=self.leave,
        )

    def receive(self, result: object) -> None:
        """Back from the drills: the set may have grown meanwhile (nothing else changes)."""
        self.puzzles = load_puzzles()
        if self.puzzle is None and self.puzzles:
            self.show_card(None)
            self.next_puzzle()

    # --- words ---------------------------------------------------------------------------------

    def buttons(self) -> Sequence[ButtonSpec]:
        """Next, the line again, drills, flip and back."""
        return (
            (
                "next",
                "Next puzzle  (N)",
                "Another puzzle: the longest due first (N)",
                self.next_puzzle,
            ),
            (
                "again",
                "Show line  (Space)",
                "Play the answer's line out again (Space)",
                self.replay_line,
            ),
            (
                "drills",
                "Drills  (D)",
                "Standard endings against the databases (D)",
                self.open_drills,
            ),
            ("flip", "Flip  (F)", "Turn the board around (F)", self.flip),
            ("back", "Back  (Esc)", "Back to the start screen (Esc)", self.leave),
        )

    def _source(self, puzzle: Puzzle) -> str:
        """Where the puzzle comes from, in a player's words."""
        position = puzzle.position
        side = position.turn.name.capitalize()
        try:
            Move.from_pdn(puzzle.played, position)
        except (IllegalMoveError, InvalidMoveError, ValueError):
            other = position.turn.opponent.name.capitalize()
            return f"From a game, move {puzzle.move_number}: after {other}'s {puzzle.played}?"
        return f"From a game, move {puzzle.move_number}: {side} played {puzzle.played}?"

    def texts(self) -> dict[str, str]:
        """The panel's words for the puzzle shown and how it went."""
        puzzle = self.puzzle
        due = len(self.schedule.due(self.puzzles, self._clock()))
        texts = {name: "" for name, _ in self.LABELS}
        texts["title"] = "Puzzles"
        texts["count"] = f"{due} due now, {len(self.puzzles)} in your set"
        texts["session"] = f"This time: {self.solved} right, {self.missed} missed"
        if puzzle is None:
            return texts
        side = puzzle.position.turn.name.capitalize()
        texts["source"] = self._source(puzzle)
        texts["task"] = f"{side} to play: find the best move"
        if self.answer is None:
            return texts
        right = puzzle.is_solution(self.answer)
        texts["verdict"] = "Right!" if right else "Not this time"
        texts["answer"] = (
            f"{self.answer.pdn()} is the answer."
            if right
            else f"You played {self.answer.pdn()}; the answer is {puzzle.solution[0]}."
        )
        ideas = " ".join(str(idea.get("text", "")) + "." for idea in puzzle.ideas) or (
            f"{puzzle.solution[0]} is a man better than any other move here."
        )
        ideas = ideas[:1].upper() + ideas[1:]
        for index, part in enumerate(label_lines(ideas, self.labels.get("idea 1"), 3), start=1):
            texts[f"idea {index}"] = part
        number = puzzle.move_number
        line = numbered_line(list(puzzle.solution), number, puzzle.position.turn is BLACK)
        texts["line title"] = "The line, played out on the board:"
        first, second = label_lines(line, self.labels.get("line 1"), 2)
        texts["line 1"], texts["line 2"] = first, second
        if self.next_due is not None:
            texts["again"] = f"This puzzle comes back {when_words(self.next_due, self._clock())}."
        return texts
