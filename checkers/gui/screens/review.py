"""The game review in the window: a strip under the board with the evaluation graph, the
progress bar, the summary and the review's buttons; marks in the move list; the panel's words
for the move shown; and the better line played on the board as a preview.

A `ReviewPane` belongs to one game screen (checkers.gui.screens.game), which calls its hooks
(`build_ui`, `update`, `draw`, `handle`, `board_view`, `wake_in`, `close`). The review itself
runs in its own process (checkers.gui.review_worker) and the labels show as they come; what is
shown is decided in checkers.gui.review_model. The game is never changed: a click on the graph
is the game's own step-through (`Game.go_to`), and the preview draws positions of its own.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIStatusBar, UITextBox

from checkers.board import Move, Position
from checkers.gui import theme
from checkers.gui.board_view.animation import Animation
from checkers.gui.board_view.geometry import BoardGeometry
from checkers.gui.board_view.render import BoardView, animation_view
from checkers.gui.context import ScreenContext
from checkers.gui.game import Game
from checkers.gui.game_view.panel import GamePanel, MoveMark
from checkers.gui.layout import GameLayout
from checkers.gui.review_model import (
    GRAPH_CLAMP,
    SYMBOLS,
    GraphBox,
    ReviewProgress,
    graph_points,
    ply_at,
)
from checkers.gui.review_worker import ReviewClient, ReviewDone, ReviewError, ReviewMove
from checkers.gui.ui import Actions
from checkers.gui.widgets import key_names
from checkers.gui.wording import plural
from checkers.review import DEFAULT_SETTING, Label, ReviewSetting

__all__ = [
    "BETTER_KEY",
    "NEXT_KEY",
    "PREVIEW_PAUSE",
    "PREVIOUS_KEY",
    "Preview",
    "ReviewHost",
    "ReviewPane",
    "review_commands",
    "split_layout",
]

SETTING: ReviewSetting = DEFAULT_SETTING
"""How the window reviews: the command line's default (depth 10), well under 30 s a game."""

JOBS = 1
"""Search processes for the review: one, searching in the review's own process. No pool to
start makes the first label come sooner, the other core stays the window's, and a 60-move game
still takes well under 30 s (benchmarks/review.py --window, load 6-7 on 2 cores, medians of 3:
first label 1.3 s and whole game 23.9 s with one; 2.0 s and 23.4 s with two)."""

PREVIOUS_KEY, NEXT_KEY, BETTER_KEY = "[", "]", "b"

PREVIEW_PAUSE = 0.8
"""Seconds each position of the better line stays on the board before the next move."""

POLL_SECONDS = 0.1
"""How often the window looks for new labels while the review runs."""

_LABEL_COLOURS = {
    Label.INACCURACY: "REVIEW_INACCURACY",
    Label.MISTAKE: "REVIEW_MISTAKE",
    Label.BLUNDER: "REVIEW_BLUNDER",
}


def label_colour(label: Label) -> tuple[int, int, int]:
    """The theme's colour for a marked label (the text colour for the others)."""
    name = _LABEL_COLOURS.get(label)
    colour: tuple[int, int, int] = getattr(theme, name) if name else theme.TEXT
    return colour


def split_layout(layout: GameLayout, strip: int) -> tuple[GameLayout, pygame.Rect]:
    """The layout with its status line cut to its lower part, and the strip above it (the
    layout was made with `strip` pixels more status line)."""
    status = layout.status
    line = pygame.Rect(status.left, status.bottom - (status.height - strip), status.width, 0)
    line.height = status.bottom - line.top
    gap = max(4, layout.board_area.left // 2)
    area = pygame.Rect(status.left, status.top + gap // 2, status.width, strip - gap)
    return dataclasses.replace(layout, status=line), area


class ReviewHost(Protocol):
    """What the review needs of the game screen it belongs to (GameScreen is one)."""

    game: Game
    context: ScreenContext
    panel: GamePanel | None

    def layout(self) -> GameLayout:
        """Where the board, the panel and the status line are."""
        ...

    def start_review(self) -> None:
        """Review the game (again)."""
        ...

    def stop_review(self, status: str = "") -> None:
        """Close the review, saying `status`."""
        ...

    def review_action(self, name: str) -> None:
        """Run a review key: `previous`, `next` or `better`."""
        ...


def review_commands(
    screen: ReviewHost,
) -> list[tuple[str, str, tuple[str, ...], str, Callable[[], None], str]]:
    """The review's commands for the game screen: (name, label, keys, help, action, place)."""
    return [
        (
            "review_game",
            "Review game",
            ("g",),
            "the engine judges every move: labels, a graph, the mistakes marked",
            screen.start_review,
            "menu",
        ),
        (
            "review_previous",
            "Previous mistake",
            (PREVIOUS_KEY,),
            "in a review, go to the previous inaccuracy, mistake or blunder",
            lambda: screen.review_action("previous"),
            "",
        ),
        (
            "review_next",
            "Next mistake",
            (NEXT_KEY,),
            "in a review, go to the next inaccuracy, mistake or blunder",
            lambda: screen.review_action("next"),
            "",
        ),
        (
            "review_better",
            "Better line",
            (BETTER_KEY,),
            "in a review, play the engine's line from before the move shown (Esc ends it)",
            lambda: screen.review_action("better"),
            "",
        ),
    ]


@dataclass
class Preview:
    """The better line being played on the board: from `start`, `shown` of its moves made."""

    start: Position
    line: tuple[Move, ...]
    ply: int
    """The ply of the move it replaces (the board starts at the position before it)."""
    shown: int = 0
    animation: Animation | None = None
    wait: float = PREVIEW_PAUSE
    playing: bool = True

    def position(self) -> Position:
        """The position after the moves shown."""
        position = self.start
        for move in self.line[: self.shown]:
            position = position.move(move)
        return position

    def step(self, hop_seconds: float) -> None:
        """Show the next move, animated."""
        if self.shown < len(self.line):
            before = self.position()
            self.shown += 1
            self.animation = Animation(before, self.line[self.shown - 1], hop_seconds)
            self.wait = PREVIEW_PAUSE

    def back(self) -> None:
        """Take the last move shown back (no animation)."""
        self.shown = max(0, self.shown - 1)
        self.animation = None
        self.wait = PREVIEW_PAUSE

    def update(self, dt: float, hop_seconds: float) -> None:
        """Move the animation on; after a pause on each position, the next move."""
        if self.animation is not None:
            self.animation.elapsed += dt
            if not self.animation.done:
                return
            self.animation = None
        if not self.playing or self.shown >= len(self.line):
            return
        self.wait -= dt
        if self.wait <= 0:
            self.step(hop_seconds)

    def moving(self) -> bool:
        """Whether frames are needed (a piece moves, or the next move is due)."""
        return self.animation is not None or (self.playing and self.shown < len(self.line))


class ReviewPane:
    """The review of one game screen's game: its process, what came back, its widgets, the
    preview."""

    def __init__(self, screen: ReviewHost) -> None:
        self.screen = screen
        game = screen.game
        self.client = ReviewClient()
        self.progress = ReviewProgress(game.record.start, tuple(game.record.line))
        self.preview: Preview | None = None
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The strip's buttons by name (`previous`, `next`, `better`, `stop`), for tests."""
        self.progress_label: UILabel | None = None
        self.summary_box: UITextBox | None = None
        self.bar: UIStatusBar | None = None
        self.graph = GraphBox(0, 0, 0, 0)
        self.container: UIContainer | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple[object, ...] | None = None
        self._saved_status = ""
        self._poll_wait = 0.0
        if self.progress.total:
            self.client.start(game.record.start, self.progress.moves, SETTING, JOBS)
        else:
            self.progress.finish()

    # --- layout and widgets ------------------------------------------------------------------

    def strip_height(self, unit: int) -> int:
        """How tall the strip under the board is."""
        return 16 * unit

    def build_ui(self, root: UIContainer, area: pygame.Rect) -> None:
        """The progress line and bar, the summary and the buttons right of the graph."""
        ui = self.screen.context.ui
        unit = max(1, round(10 * self.screen.context.scale))
        self.actions.clear()
        self.widgets = {}
        self._shown = None
        self.area = area
        controls = max(24 * unit, area.width * 9 // 20)
        graph = pygame.Rect(area.left, area.top, area.width - controls - unit, area.height)
        label_room = 3 * unit  # the scale's numbers left of the graph
        caption = 2 * unit  # what the graph shows, above it
        self.graph = GraphBox(
            graph.left + label_room,
            graph.top + caption,
            graph.width - label_room - unit // 2,
            graph.height - caption - unit // 2,
        )
        # The controls in a container of their own: starting or closing a review adds or
        # removes it alone (rebuilding the whole screen rebuilds the move list, seconds for a
        # long game with pygame_gui 0.6.14).
        if self.container is not None:
            self.container.kill()
        column = pygame.Rect(graph.right + unit, area.top, controls, area.height)
        box = self.container = UIContainer(column, ui, container=root)
        line = round(2.2 * unit)
        self.progress_label = UILabel(
            pygame.Rect(0, 0, controls, line), "", ui, container=box, object_id="@small"
        )
        self.bar = UIStatusBar(
            pygame.Rect(0, line, controls, max(4, unit * 6 // 10)),
            ui,
            percent_method=self.progress.fraction,
            container=box,
        )
        height = round(3 * unit)
        top = line + unit
        self.summary_box = UITextBox(
            "",
            pygame.Rect(0, top, controls, max(2 * line, area.height - top - height - unit // 2)),
            ui,
            container=box,
            object_id="#review_summary",
        )
        gap = max(3, unit // 2)
        width = (controls - 3 * gap) // 4
        buttons = (
            ("previous", "<?", f"Previous inaccuracy, mistake or blunder ({PREVIOUS_KEY})"),
            ("next", "?>", f"Next inaccuracy, mistake or blunder ({NEXT_KEY})"),
            (
                "better",
                "Better",
                (
                    "Show the better line: the engine's moves from before the move shown, "
                    f"played on the board; the game is not changed ({BETTER_KEY.upper()}; "
                    "Esc ends it)"
                ),
            ),
            ("stop", "Cancel", ""),
        )
        for index, (name, text, tip) in enumerate(buttons):
            rect = pygame.Rect(index * (width + gap), area.height - height, width, height)
            button = UIButton(rect, text, ui, container=box, tool_tip_text=tip or None)
            self.widgets[name] = button
        self.actions.pressed[self.widgets["previous"]] = lambda: self.jump(-1)
        self.actions.pressed[self.widgets["next"]] = lambda: self.jump(+1)
        self.actions.pressed[self.widgets["better"]] = self.show_better_line
        self.actions.pressed[self.widgets["stop"]] = self.stop_or_close
        panel = self.screen.panel
        if panel is not None:
            panel.search_words = self.panel_words
        self.sync()

    def sync(self) -> bool:
        """Bring the strip's widgets and the move list's marks in step; True if anything
        changed."""
        progress = self.progress
        game = self.screen.game
        key = (len(progress.reviews), progress.state, game.record.ply, self.preview is None)
        changed = self._mark_cells()
        if key == self._shown or self.progress_label is None:
            return changed
        self._shown = key
        self.progress_label.set_text(progress.progress_text())
        if self.summary_box is not None:
            self.summary_box.set_text(self.summary_html())
        running = progress.running
        stop = self.widgets["stop"]
        stop.set_text("Cancel" if running else "Close")
        stop.set_tooltip(
            "Stop the review; the moves reviewed so far keep their labels"
            if running
            else "Close the review: the graph and the marks go, the game stays as it is"
        )
        ply = game.record.ply
        states = {
            "previous": progress.next_marked(ply, -1) is not None,
            "next": progress.next_marked(ply, +1) is not None,
            "better": self._better_from(ply) is not None,
        }
        for name, enabled in states.items():
            button = self.widgets[name]
            button.enable()
            if not enabled:
                button.disable()
        return True

    def summary_html(self) -> str:
        """The summary per side when the review is over; while it runs, what Cancel keeps."""
        progress = self.progress
        if progress.running:
            kept = plural(progress.full_moves(len(progress.reviews)), "move")
            return html.escape(
                f"Labels show as the moves are reviewed. Cancel stops here and keeps the "
                f"{kept} reviewed so far; Close then drops the review."
            )
        lines = [html.escape(line) for line in progress.summary_lines()]
        if progress.state == "cancelled":
            lines.insert(0, "Summary of the moves reviewed:")
        return "<br>".join(lines)

    def _mark_cells(self) -> bool:
        """Mark the move list's inaccuracies, mistakes and blunders (colour and symbol)."""
        panel = self.screen.panel
        if panel is None:
            return False
        marks = {}
        for ply, label in self.progress.marked():
            review = self.progress.review_of(ply)
            if label not in SYMBOLS or review is None:
                continue
            marks[ply] = MoveMark(
                f"#move_{label.value}",
                SYMBOLS[label],
                f"{label.value.capitalize()}: lost {review.loss:.2f} men, best "
                f"{review.best.pdn()} (click to see it; {PREVIOUS_KEY} / {NEXT_KEY} jump)",
            )
        return panel.set_marks(marks)

    def panel_words(self) -> tuple[str, ...]:
        """The panel's five lines for the move shown (or the preview under way)."""
        if self.preview is not None:
            preview = self.preview
            moves = " ".join(move.pdn() for move in preview.line[: preview.shown])
            return (
                "Better line: a preview, the game is unchanged",
                f"From before {self.progress.moves[preview.ply - 1].pdn()}: {moves or '...'}",
                f"{preview.shown} of {len(preview.line)} moves",
                "Left/Right step, Esc ends the preview",
                "",
            )
        words = self.progress.panel_words(self.screen.game.record.ply)
        keys = f"Keys: {PREVIOUS_KEY} / {NEXT_KEY} mistakes, {BETTER_KEY.upper()} better line"
        return (*words, keys)

    # --- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Take what the review process reported and move the preview on; True if the
        widgets changed. A review whose game changed under it (another line played) ends."""
        game = self.screen.game
        if not self.progress.covers(game.record.start, game.record.line):
            self.screen.stop_review("The review ended: the game's moves changed.")
            return True
        if self.progress.running:
            self._poll_wait -= dt
            if self._poll_wait <= 0:
                self._poll_wait = POLL_SECONDS
                for event in self.client.poll():
                    if isinstance(event, ReviewMove):
                        self.progress.add(event.review)
                    elif isinstance(event, ReviewDone):
                        self.progress.finish()
                    elif isinstance(event, ReviewError):
                        self.progress.fail(event.message)
        self.client.reap()
        if self.preview is not None:
            self.preview.update(dt, game.hop_seconds)
        return self.sync()

    def wake_in(self) -> float | None:
        """Frames while the preview moves; a look for new labels while the review runs."""
        if self.preview is not None and self.preview.moving():
            if self.preview.animation is not None:
                return 0.0
            return max(0.0, self.preview.wait)
        if self.progress.running or self.client.alive:
            return POLL_SECONDS
        return None

    # --- actions -----------------------------------------------------------------------------

    def jump(self, direction: int) -> None:
        """Show the next (+1) or previous (-1) marked move."""
        self.end_preview()
        game = self.screen.game
        target = self.progress.next_marked(game.record.ply, direction)
        if target is None:
            where = "after" if direction > 0 else "before"
            more = " yet" if self.progress.running else ""
            game.status = f"No inaccuracy, mistake or blunder {where} this move{more}."
            return
        game.go_to(target)

    def _better_from(self, ply: int) -> tuple[Position, tuple[Move, ...]] | None:
        """The position before the move that led to `ply` and the engine's line from it, if
        that move was not the engine's own."""
        review = self.progress.review_of(ply)
        if review is None or review.move == review.best:
            return None
        line = review.before.line or (review.best,)
        return review.position, tuple(line)

    def show_better_line(self) -> None:
        """Play the better line from before the move shown on the board (Esc ends it)."""
        game = self.screen.game
        if self.preview is not None:
            self.end_preview()
            return
        found = self._better_from(game.record.ply)
        if found is None:
            review = self.progress.review_of(game.record.ply)
            game.status = (
                "No better line: that was the engine's own move."
                if review is not None
                else "No better line here: show a reviewed move first."
            )
            return
        start, line = found
        self._saved_status = game.status
        self.preview = Preview(start, line, game.record.ply)
        self.preview.step(game.hop_seconds)
        game.status = "Showing the better line on the board; the game is unchanged. Esc ends it."

    def end_preview(self) -> None:
        """Back to the game's own position."""
        if self.preview is not None:
            self.preview = None
            self.screen.game.status = self._saved_status

    def stop_or_close(self) -> None:
        """Cancel a running review (keeping its labels), or close a finished one."""
        if self.progress.running:
            self.cancel()
        else:
            self.screen.stop_review("Review closed.")

    def cancel(self) -> None:
        """Stop the review process; the moves reviewed so far keep their labels."""
        self.client.cancel()
        self.progress.cancel()
        kept = len(self.progress.reviews)
        self.screen.game.status = (
            f"Review cancelled: the {kept} moves reviewed so far are kept (Close drops them)."
        )

    # --- events and drawing ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The strip's buttons, a click on the graph, and the preview's keys; True if used."""
        if self.actions.handle(event):
            return True
        if self.preview is not None:
            if event.type == pygame.KEYDOWN:
                names = key_names(event)
                if "escape" in names or BETTER_KEY in names:
                    self.end_preview()
                    return True
                if "right" in names or "left" in names:
                    self.preview.playing = False
                    if "right" in names:
                        self.preview.step(self.screen.game.hop_seconds)
                    else:
                        self.preview.back()
                    return True
                self.end_preview()  # any other key acts on the game itself
                return False
            if event.type == pygame.MOUSEBUTTONDOWN:
                board = self.screen.layout().board
                if board.contains(*event.pos):
                    return True  # the preview's pieces are not the game's: no moves here
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self._graph_rect().collidepoint(event.pos)
        ):
            self.end_preview()
            self.screen.game.go_to(ply_at(event.pos[0], self.progress.total, self.graph))
            return True
        return False

    def _graph_rect(self) -> pygame.Rect:
        box = self.graph
        return pygame.Rect(box.left, box.top, box.width, box.height).inflate(8, 8)

    def point_of(self, ply: int) -> tuple[int, int]:
        """Where the graph draws the position after `ply` (for tests: a click goes there)."""
        values = self.progress.black_values()
        for point_ply, x, y in graph_points(values, self.progress.total, self.graph):
            if point_ply == ply:
                return round(x), round(y)
        box = self.graph
        return round(box.left + box.width * ply / max(1, self.progress.total)), box.top

    def board_view(self, geometry: BoardGeometry) -> BoardView | None:
        """The preview's board (None: the game's own)."""
        preview = self.preview
        if preview is None:
            return None
        animation = preview.animation
        if animation is not None:
            return animation_view(animation, geometry)
        last = preview.line[preview.shown - 1] if preview.shown else None
        return BoardView(preview.position(), last_move=last, hint=None)

    def marks(self) -> list[tuple[int, Label, tuple[int, int]]]:
        """The graph's marks: (ply, label, centre) of every marked move reviewed."""
        return [(ply, label, self.point_of(ply)) for ply, label in self.progress.marked()]

    def draw(self, surface: pygame.Surface) -> None:
        """The evaluation graph: Black's score in men over the game, the marks, the ply shown."""
        box = self.graph
        if box.width <= 0 or box.height <= 0:
            return
        text = self.screen.context.renderer.text
        unit = max(1, round(10 * self.screen.context.scale))
        size = max(11, round(1.4 * unit))
        frame = pygame.Rect(box.left, box.top, box.width, box.height)
        pygame.draw.rect(surface, theme.PANEL, frame.inflate(6, 6), border_radius=4)
        middle = box.top + box.height / 2
        pygame.draw.line(surface, theme.PANEL_LINE, (box.left, middle), (frame.right, middle))
        clamp = f"{GRAPH_CLAMP:.0f}"
        for words, y, anchor in (
            (f"+{clamp}", box.top, "topright"),
            ("0", middle, "midright"),
            (f"-{clamp}", frame.bottom, "bottomright"),
        ):
            text.draw(surface, words, size, theme.TEXT_DIM, (box.left - 4, y), anchor)
        caption = text.fit(f"Black's score in men (+{clamp} to -{clamp})", size, box.width)
        text.draw(surface, caption, size, theme.TEXT_DIM, (box.left, box.top - 4), "bottomleft")
        points = graph_points(self.progress.black_values(), self.progress.total, box)
        if len(points) >= 2:
            line = [(x, y) for _, x, y in points]
            area = [(line[0][0], middle), *line, (line[-1][0], middle)]
            pygame.draw.polygon(surface, theme.PANEL_LINE, area)
            pygame.draw.lines(surface, theme.TEXT, False, line, 2)
        ply = self.screen.game.record.ply
        x = box.left + box.width * ply / max(1, self.progress.total)
        pygame.draw.line(surface, theme.TEXT_ACCENT, (x, box.top), (x, frame.bottom), 2)
        radius = max(3, unit // 2 + 1)
        for _, label, centre in self.marks():
            pygame.draw.circle(surface, theme.PANEL, centre, radius + 2)
            pygame.draw.circle(surface, label_colour(label), centre, radius)
            if label is not Label.INACCURACY:
                # The sign toward the middle line, where the curve leaves room.
                above = centre[1] > middle
                text.draw(
                    surface,
                    SYMBOLS[label],
                    size,
                    label_colour(label),
                    (centre[0], centre[1] + (-radius if above else radius)),
                    "midbottom" if above else "midtop",
                )

    def close(self) -> None:
        """End the review process, remove the strip's widgets and the move list's marks."""
        self.end_preview()
        self.client.close()
        if self.container is not None:
            self.container.kill()
            self.container = None
        panel = self.screen.panel
        if panel is not None:
            if panel.search_words == self.panel_words:
                panel.search_words = None
            panel.set_marks({})
