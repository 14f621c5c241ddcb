"""The game review in the window: a strip under the board with the evaluation graph (as wide
as the board), a per-side table and the review's buttons; marks in the move list; the panel's
words for the move shown; the review's score on the evaluation bar; and the better line played
on the board as a preview.

A `ReviewPane` belongs to one game screen (checkers.gui.screens.game), which calls its hooks
(`build_ui`, `update`, `draw`, `handle`, `board_view`, `score_shown`, `wake_in`, `close`). The
review itself runs in its own process (checkers.gui.review_worker) and the labels show as they
come; what is shown is decided in checkers.gui.review_model. The game is never changed: a click
on the graph is the game's own step-through (`Game.go_to`), and the preview draws positions of
its own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from checkers.board import Move, Position, Side
from checkers.board_geometry import BoardGeometry
from checkers.coach.judgement import Judgement
from checkers.formats.puzzle_store import add_puzzles
from checkers.gui import fonts, theme
from checkers.gui.board_view.render import BoardView, animation_view
from checkers.gui.context import ScreenContext
from checkers.gui.controller import Game, KeptMarks
from checkers.gui.game_control.stepping import SHOWING
from checkers.gui.game_view.panel import GamePanel, MoveMark, human_side
from checkers.gui.game_view.review_preview import Preview
from checkers.gui.game_view.review_strip import (
    StripParts,
    draw_mark,
    label_colour,
    line_height,
    strip_parts,
    text_size,
)
from checkers.gui.layout import GameLayout
from checkers.gui.review_model import (
    MARKED,
    SYMBOLS,
    TABLE_HEADINGS,
    GraphBox,
    ReviewProgress,
    graph_points,
    mark_boxes,
    ply_at,
    quiet_cut,
    review_verdict,
)
from checkers.gui.review_worker import (
    ReviewClient,
    ReviewDone,
    ReviewError,
    ReviewLooking,
    ReviewMove,
    ReviewPuzzles,
)
from checkers.gui.ui import Actions, HoverTips
from checkers.gui.widgets import key_names
from checkers.gui.wording import plural
from checkers.puzzles import Puzzle
from checkers.record import GameRecord
from checkers.review import (
    DECIDED_GAME,
    DEFAULT_SETTING,
    MIN_JUDGED_MOVES,
    TOO_FEW_MOVES,
    Label,
    MoveReview,
    ReviewSetting,
    judge,
    position_score,
)

__all__ = [
    "BETTER_KEY",
    "NEXT_KEY",
    "PREVIOUS_KEY",
    "ReviewHost",
    "ReviewPane",
    "ReviewStandby",
    "puzzle_words",
    "review_commands",
]

SETTING: ReviewSetting = DEFAULT_SETTING
"""How the window reviews: the command line's default (depth 14), under 30 s a game."""

JOBS = 1
"""Search processes for the review: one, searching in the review's own process. No pool to
start makes the first label come sooner (one process loads the compiled core, not three), the
other core stays the window's (benchmarks/review.py --window; docs/development.md has the
figures: 1.56 s of processor time to the first label at depth 14; at depth 10 and load 6-7,
first label 1.3 s and whole game 23.9 s with one process, 2.0 s and 23.4 s with two)."""

PREPARE = True
"""Start the review's process before Review is pressed (`ReviewStandby`): it loads the engine
while the player reads the result, so the first label comes sooner."""

PREVIOUS_KEY, NEXT_KEY, BETTER_KEY = "[", "]", "b"

POLL_SECONDS = 0.1
"""How often the window looks for new labels while the review runs."""


def kept_move_marks(kept: KeptMarks) -> dict[int, MoveMark]:
    """The move list's marks of a closed review (`Game.review_marks`), each with the tip the
    review gave it, or for marks read from the game's file, its label and the best move."""
    marks = {}
    for ply, (label, best) in kept.labels.items():
        found = Label(label)
        if found not in MARKED:
            continue
        tip = kept.tips.get(ply) or (
            f"{label.capitalize()}: best {best} (the review's, kept with the game)"
        )
        marks[ply] = MoveMark(f"#move_{label}", SYMBOLS.get(found, ""), tip)
    return marks


def kept_verdict(game: Game, ply: int) -> str:
    """The review's row for the move that led to `ply` as one sentence (`review_verdict`), for
    a move a closed review labelled (`Game.review_marks`: a resumed or reopened game's too),
    read again from the review's own judgements of the positions before and after it
    (`KeptMarks.judged`, which the game's file keeps), whatever the game has judged since;
    '' where the move was not reviewed or they are not kept (a file from before they were),
    so the card is one made now (walks 2026-12-01ah and ai: after the review closed or a
    relaunch, Why? of a "?" move, and of one the review called as good as its best, was a card
    made then, naming another best move than the review had)."""
    kept = game.review_marks
    record = game.record
    line = record.line[:ply]
    if kept is None or ply not in kept.labels or not 1 <= ply <= len(record.line):
        return ""
    if tuple(kept.line[:ply]) != tuple(line):
        return ""  # the marks judged other moves
    before_position = GameRecord.replay(line[:-1], record.start).position
    after_position = before_position.move(line[-1])
    before_kept = kept.judged.get(before_position)
    after_kept = kept.judged.get(after_position)
    if before_kept is None or after_kept is None:
        return ""
    man = before_kept.man
    before = position_score(before_position, before_kept, man)
    after = position_score(after_position, after_kept, man)
    if before is None or after is None:
        return ""
    move = line[-1]
    from checkers.ai.book import is_book_move  # (the book loads on first use only)

    review = judge(ply, before_position, move, before, after, man, is_book_move)
    label, best = kept.labels[ply]
    if review.label.value != label or review.best.pdn() != best:
        return ""
    return review_verdict(review, man, human_side(game), game.judgements)


def review_judgements(review: MoveReview, man: float) -> tuple[tuple[Position, Judgement], ...]:
    """The review's searches of the positions before and after a move as judgements (a man
    `man` in their units): the databases' results stay theirs (the panel says so once the
    review is closed), with their lines, so that Why? reads the best move and the reply."""
    before, after = review.before, review.after
    return (
        (
            review.position,
            Judgement(
                before.score, man, review.side, before.depth, before.database, _pdn(before.line)
            ),
        ),
        (
            review.position.move(review.move),
            Judgement(
                after.score,
                man,
                review.side.opponent,
                after.depth,
                after.database,
                _pdn(after.line),
            ),
        ),
    )


def puzzle_words(found: int, added: int) -> str:
    """What the end of a review says of its puzzles: how many joined the player's set, or why
    none did (every one is there already, or no position of the game made one)."""
    if added:
        return f"{plural(added, 'puzzle')} added to Puzzles (on the start screen)."
    if found:
        return f"Its {plural(found, 'puzzle')} {'is' if found == 1 else 'are'} in Puzzles already."
    # Short: with the board's place and the key to play on it must fit the review's three rows
    # of status at 720x480.
    return "No puzzles: no mistake here had one clearly best answer."


def _pdn(line: Sequence[Move]) -> tuple[str, ...]:
    """A reviewed line's moves in PDN, as a kept judgement holds them."""
    return tuple(move.pdn() for move in line)


def looking_words(done: int, total: int) -> str:
    """How far the look for a reviewed game's puzzles is, as the status line says it: `Looking
    for puzzles in it: 2 of 5 moves that went wrong... `."""
    return f"Looking for puzzles in it: {done} of {plural(total, 'move')} that went wrong... "


def _without_showing(status: str) -> str:
    """`status` without its first sentence if that names the move shown (`Showing Black's
    move 5 of 10.`): when the review ends the strip and the list show it, and the status line,
    two rows under the strip at 720x480, keeps room for the puzzles and the key to play on."""
    if not status.startswith(SHOWING):
        return status
    _, dot, rest = status.partition(". ")
    return rest if dot else status


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
            "in a review, go to the previous mistake (?) or blunder (??)",
            lambda: screen.review_action("previous"),
            "",
        ),
        (
            "review_next",
            "Next mistake",
            (NEXT_KEY,),
            "in a review, go to the next mistake (?) or blunder (??)",
            lambda: screen.review_action("next"),
            "",
        ),
        (
            "review_better",
            "Better line",
            (BETTER_KEY,),
            (
                "in a review, show the best line from before the move shown (Right steps,"
                " Space plays it, Esc ends it)"
            ),
            lambda: screen.review_action("better"),
            "",
        ),
    ]


JUMPED_TO = (Label.MISTAKE, Label.BLUNDER)
"""The moves Previous mistake / Next mistake go to."""


def _fits(font: pygame.font.Font, room: int, words: str) -> bool:
    """Whether `words` in `font` are no wider than `room` pixels."""
    return font.size(words)[0] <= room


class ReviewStandby:
    """A review process started before the player asks for a review, for the game screen's
    next one: when its game ends (`watch`, each frame) or its menu opens with a move to review
    (`prepare`). At most one waits; `take` hands it to the review, `close` ends it (a new game,
    leaving the screen). The cost is one more process while it waits: its imports and the
    engine's compiled core (docs/development.md has the figures)."""

    def __init__(self) -> None:
        self.client: ReviewClient | None = None
        """The process waiting for its game, or None."""
        self._finished = False

    def prepare(self) -> None:
        """Start the process, unless one is waiting already."""
        if PREPARE and self.client is None:
            self.client = ReviewClient()
            self.client.prepare()

    def watch(self, screen: ReviewHost, reviewing: bool) -> None:
        """Prepare when the screen's game has just ended and no review is open (`reviewing`)."""
        finished = screen.game.finished
        if finished and not self._finished and not reviewing:
            self.prepare()
        self._finished = finished

    def take(self) -> ReviewClient:
        """The waiting process's handle for a review to start (a new handle if none waits: it
        starts its process then)."""
        client, self.client = self.client, None
        return client if client is not None else ReviewClient()

    def close(self) -> None:
        """End the waiting process: nothing is left behind."""
        if self.client is not None:
            self.client.close()
            self.client = None


class ReviewPane:
    """The review of one game screen's game: its process, what came back, its widgets, the
    preview."""

    STARTED = "Reviewing the game: labels show as they come. "
    """The status line's first words while the review runs (they go when it ends)."""
    DONE = "Review done. "
    LOOKING = "Looking for puzzles in it... "
    """What the status line says between the last move's label and the game's puzzles, until
    the review's process says how far it is (`looking_words`)."""

    def __init__(self, screen: ReviewHost, client: ReviewClient | None = None) -> None:
        """Review the screen's game in `client`'s process (prepared by `ReviewStandby`, or
        started now)."""
        self.screen = screen
        game = screen.game
        self.client = client if client is not None else ReviewClient()
        human = human_side(game)
        self.progress = ReviewProgress(
            game.record.start, tuple(game.record.line), SETTING.man, human
        )
        self.preview: Preview | None = None
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The strip's buttons by name (`previous`, `next`, `better`, `stop`), for tests."""
        self.parts = StripParts(*(pygame.Rect(0, 0, 0, 0) for _ in range(3)))
        self.graph = GraphBox(0, 0, 0, 0)
        """Where the graph's points go: its frame (`parts.graph`) less a small margin."""
        self.container: UIContainer | None = None
        self.table_box: UIContainer | None = None
        """An invisible widget over the drawn table, for its tooltip (`table_tip`)."""
        self.tips = HoverTips(screen.context.ui)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scale_drawn: list[tuple[str, pygame.Rect]] = []
        """The graph's scale words as last drawn and where (for tests)."""
        self._columns: tuple[int, ...] = ()
        self._shown: tuple[object, ...] | None = None
        self._saved_status = ""
        self._poll_wait = 0.0
        self._told = self.progress.state
        """The review's state the status line last told of."""
        self._again = game.review_marks is not None
        """Whether the game was reviewed before (its labels kept): a review run again after
        deeper looks says it reads them (`_deeper_words`)."""
        self._looking = self.LOOKING
        """How the status line says the look for puzzles goes, while it goes."""
        game.status = self.STARTED + game.status
        if self.progress.total:
            # The game's kept judgements go with it: the review adopts those at least as deep.
            known = game.judgements
            self.client.start(game.record.start, self.progress.moves, SETTING, JOBS, known)
        else:
            self.client.close()  # a prepared process has nothing to review
            self.progress.finish()

    # --- layout and widgets ------------------------------------------------------------------

    def _unit(self) -> int:
        return max(1, round(10 * self.screen.context.scale))

    def strip_height(self, unit: int) -> int:
        """How tall the strip under the board is: the graph, the table's three lines, the
        buttons."""
        gap = max(3, unit // 2)
        return round(7 * unit) + gap + 3 * line_height(unit) + gap + round(3 * unit)

    def _button_texts(self) -> dict[str, tuple[str, str]]:
        """Each button's words and tooltip."""
        running = self.progress.running
        return {
            "previous": (
                "Previous mistake",
                (
                    f"Go to the previous mistake (?) or blunder (??) ({PREVIOUS_KEY}); the move"
                    " list's ?! marks the inaccuracies"
                ),
            ),
            "next": (
                "Next mistake",
                (
                    f"Go to the next mistake (?) or blunder (??) ({NEXT_KEY}); the move list's ?!"
                    " marks the inaccuracies"
                ),
            ),
            "better": (
                "Better line",
                (
                    "Show the better line on the board from before the move shown: Right"
                    " steps through it, Space plays it; the game is not changed"
                    f" ({BETTER_KEY.upper()}; Esc ends it)"
                ),
            ),
            "stop": (
                ("Cancel", "Stop the review; the moves reviewed so far keep their labels")
                if running
                else (
                    "Close",
                    (
                        "Close the review: the graph goes, the move list keeps its marks, the game"
                        " stays"
                    ),
                )
            ),
        }

    def table_tip(self) -> str:
        """What the table's figures mean, as its tooltip: accuracy, the moves it leaves out,
        and `too few` where a side's cell says it."""
        words = [
            (
                "Accuracy, out of 100: how much of its chances (its expected result) each side's"
                " moves kept against the best move's; a move counts more the more open the game"
                " was before it. Only moves are not counted, nor book moves the review finds no"
                " worse than good (one it marks ?! or worse counts)."
            )
        ]
        cells = {row[1] for row in self.progress.table()}
        if TOO_FEW_MOVES in cells:
            words.append(
                f"Too few: fewer than {MIN_JUDGED_MOVES} moves of that side's own choosing, too"
                " few to judge it by."
            )
        if DECIDED_GAME in cells:
            words.append(
                "Decided: every move of that side's own choosing came in a game already decided,"
                " where no move could cost it anything by the chances."
            )
        words.append(
            "Inaccuracies, mistakes and blunders (?!, ? and ?? in the move list): moves that lost"
            " 9 to 20, 20 to 35, and 35 or more of 100 points of expected result (in an even"
            " game about a fifth, half and a whole man)."
        )
        return "<br>".join(words)

    def _table_columns(self, size: int, gap: int | None = None) -> tuple[int, ...]:
        """The narrowest each column of the table can be (its widest possible text), with
        `gap` pixels beside it (the text's size unless given)."""
        font = fonts.layout_font(size)
        samples = (
            ("White (you)", "Black (AI)", "Judging 99 of 99"),  # the corner's progress
            ("no choice", "book moves", "100%"),
            ("999",),
            ("999",),
            ("999",),
        )
        icon = size  # the mark's shape before a heading: the table is the graph's legend
        widths = []
        for index, (heading, texts) in enumerate(zip(TABLE_HEADINGS, samples)):
            width = max(font.size(text)[0] for text in (heading, *texts))
            if index >= 2:
                width = max(width, font.size(heading)[0] + icon)
            widths.append(width + (size if gap is None else gap))
        return tuple(widths)

    def build_ui(self, root: UIContainer, area: pygame.Rect) -> None:
        """The graph's and the table's places, and the buttons under them."""
        ui = self.screen.context.ui
        unit = self._unit()
        size = text_size(unit)
        self.actions.clear()
        self.widgets = {}
        self._shown = None
        self.area = area
        self._columns = self._table_columns(size)
        texts = self._button_texts()
        button_font = fonts.font(theme.text_size(17, self.screen.context.scale))
        # Each button as wide as its words need (Cancel becomes Close in the same place).
        widths = [button_font.size(text)[0] + 2 * unit for text, _ in texts.values()]
        widths[-1] = max(button_font.size(text)[0] for text in ("Cancel", "Close")) + 2 * unit
        gap = max(3, unit // 2)
        board = self.screen.layout().board
        board_rect = pygame.Rect(board.left, board.top, board.size, board.size)
        self.parts = strip_parts(
            area,
            board_rect,
            unit,
            line_height(unit),
            sum(self._columns),
            sum(widths) + 3 * gap,
        )
        # Narrower gaps between the table's columns until they fit the room it got (its text
        # is the smallest the window shows already): at 720x480 in High contrast the last
        # heading read "Blunder" under the side panel (walk 2026-12-01u).
        for gap in (size // 2, size // 4, 2):
            if sum(self._columns) <= self.parts.table.width:
                break
            self._columns = self._table_columns(size, gap)
        frame = self.parts.graph
        # The curve stays half a mark inside the frame: a mark drawn on a point at the top, the
        # bottom or the last move is whole.
        pad = self.mark_size() // 2 + 2
        self.graph = GraphBox(
            frame.left + pad, frame.top + pad, frame.width - 2 * pad, frame.height - 2 * pad
        )
        # The buttons in a container of their own: starting or closing a review adds or
        # removes it alone (rebuilding the whole screen rebuilds the move list, seconds for a
        # long game with pygame_gui 0.6.14).
        if self.container is not None:
            self.container.kill()
        row = self.parts.buttons
        box = self.container = UIContainer(row, ui, container=root)
        spare = (row.width - sum(widths) - 3 * gap) // 4  # a wider row widens each alike
        left = 0
        for (name, (text, tip)), width in zip(texts.items(), widths):
            rect = pygame.Rect(left, 0, width + spare, row.height)
            self.widgets[name] = UIButton(rect, text, ui, container=box, tool_tip_text=tip)
            left = rect.right + gap
        # The table is drawn, not widgets: an empty container over it carries its tooltip
        # (walks 2026-12-01ad and ae: "too few" in the accuracy column said nowhere why).
        if self.table_box is not None:
            self.table_box.kill()
        self.table_box = UIContainer(self.parts.table, ui, container=root)
        self.tips.clear()
        self.tips.add(self.table_box, self.table_tip)
        self.actions.pressed[self.widgets["previous"]] = lambda: self.jump(-1)
        self.actions.pressed[self.widgets["next"]] = lambda: self.jump(+1)
        self.actions.pressed[self.widgets["better"]] = self.show_better_line
        self.actions.pressed[self.widgets["stop"]] = self.stop_or_close
        panel = self.screen.panel
        if panel is not None:
            panel.search_words = self.panel_words
            panel.shown_position = self.preview_position
        self.sync()

    def sync(self) -> bool:
        """Bring the buttons, the status line and the move list's marks in step with the
        review; True if anything changed."""
        progress = self.progress
        game = self.screen.game
        changed = self._tell_state() | self._mark_cells()
        key = (len(progress.reviews), progress.state, game.record.ply, self.preview is None)
        if key == self._shown or not self.widgets:
            return changed
        self._shown = key
        stop = self.widgets["stop"]
        text, tip = self._button_texts()["stop"]
        if stop.text != text:
            stop.set_text(text)
            stop.set_tooltip(tip)
        ply = game.record.ply
        states = {
            "previous": self._jump_target(ply, -1) is not None,
            "next": self._jump_target(ply, +1) is not None,
            "better": self._better_from(ply) is not None,
        }
        for name, enabled in states.items():
            button = self.widgets[name]
            button.enable()
            if not enabled:
                button.disable()
        return True

    def _tell_state(self) -> bool:
        """When the review ends, the status line stops saying that labels are coming and says
        how it ended; True if it changed."""
        progress = self.progress
        if progress.state == self._told:
            return False
        self._told = progress.state
        game = self.screen.game
        # The puzzles' words may have come in the same frame as the last label: kept.
        rest = self._rest_of_status()
        if progress.state == "done":
            # The panel shows the keys; the puzzles come after the last move's label.
            looking = self.client.running and self.screen.context.autosave
            words = self.DONE + self._deeper_words() + (self._looking if looking else "")
        elif progress.state == "failed":
            words = f"The review failed: {progress.error}. "
        else:
            return False  # a cancel says so itself
        game.status = words + rest
        return True

    def _deeper_words(self) -> str:
        """Said when a review run again reads looks the game made deeper than the review's
        own since (`review.adopted`): its figures then differ from the last review's, which
        walk 2026-12-01aj read unexplained ("looking 15 turns ahead ... +1.75", then "18 ...
        +1.95" for one move)."""
        own = SETTING.limits.depth
        depths = self.progress.looked_depths()
        # (A forced move's score is read a ply further: not a deeper look.)
        if not self._again or own is None or not depths or max(depths) <= own + 1:
            return ""
        return "It reads the game's deeper looks made since the last review. "

    def scale_words(self) -> tuple[str, str, str]:
        """The graph's scale, top to bottom: whose lead is up, even, whose is down."""
        human = self.progress.human
        if human is not None:
            return "You", "even", "AI"
        return "Black", "even", "White"

    def progress_words(self) -> str:
        """How far the review is, on the graph until it is done (then the table says it all)."""
        return "" if self.progress.state == "done" else self.progress.progress_text()

    def progress_label(self, fits: Callable[[str], bool] = lambda words: True) -> str:
        """The table's corner while the review runs: how far the judging has got, said as such
        (`Judging move 3 of 40`) so it never reads as the move shown beside it (the status
        line's `Showing Black's move 5 of 5`); `Judging 3 of 40` where the whole does not
        `fit`; once the review is done, how far it looked (`ReviewProgress.looked_words`)."""
        words = self.progress_words()
        if self.progress.state == "done":
            # Over the accuracy figures: how far the searches behind them looked (a review
            # run again after the game looked deeper adopts those looks and can differ).
            words = self.progress.looked_words()
            bare = words.removeprefix("Looked ")
            # Short of room, "turns" stays and "ahead" goes (walk 2026-12-01v read "14-22
            # ahead" at 720x480 as a cut word). Never "14-17 turns": a move's notation, read
            # as the move 14-17 in the list beside it (walk 2026-12-01ai).
            turns = bare.replace(" turns ahead", " turns").replace(" turn ahead", " turn")
            for shorter in (words, bare):
                if fits(shorter):
                    return shorter
            return turns
        if words.startswith("Reviewing: move "):
            words = "Judging move " + words.removeprefix("Reviewing: move ")
            if not fits(words):
                words = words.replace("Judging move ", "Judging ")
        return words

    def _mark_cells(self) -> bool:
        """Mark the move list's inaccuracies, mistakes and blunders (colour and symbol)."""
        panel = self.screen.panel
        if panel is None:
            return False
        return panel.set_marks(self.marks_of_moves())

    def kept_marks(self, open_review: bool = True) -> KeptMarks | None:
        """The labels of the moves reviewed so far, by the ply each move leads to, with the
        review's best move and the review's judgements of the positions around them (as the
        game's file keeps them), and the tips the move list gives the inaccuracies, mistakes and
        blunders: the keys that jump between them while the review is open (`open_review`),
        else that they are the review's. None where no move is reviewed."""
        keys = (
            f"click to see it; {PREVIOUS_KEY} / {NEXT_KEY} jump" if open_review else "the review's"
        )
        labels, tips = {}, {}
        judged: dict[Position, Judgement] = {}
        for review in self.progress.reviews:
            label, best = review.label, review.best.pdn()
            # Every move reviewed, so that Why? of any of them reads the review's row once it
            # is closed (walk 2026-12-01ai: a best move's card lost it); the list marks some.
            labels[review.ply] = (label.value, best)
            judged.update(review_judgements(review, self.progress.man))
            if label in MARKED:
                tip = f"{label.value.capitalize()}: {review.loss_words()}, best {best} ({keys})"
                tips[review.ply] = tip
        return KeptMarks(self.progress.moves, labels, tips, judged) if labels else None

    def marks_of_moves(self, open_review: bool = True) -> dict[int, MoveMark]:
        """The move list's marks of the moves reviewed so far (`kept_marks`)."""
        kept = self.kept_marks(open_review)
        return {} if kept is None else kept_move_marks(kept)

    def panel_words(self) -> tuple[str, ...]:
        """The panel's five lines for the move shown (or the preview under way)."""
        if self.preview is not None:
            return self._preview_words(self.preview)
        # The keys are on the strip's buttons' tooltips and the help card: the panel's room
        # goes to the move's own words (a small window has no line to spare).
        game = self.screen.game
        return (*self.progress.panel_words(game.record.ply, game.judgements), "")

    def _preview_words(self, preview: Preview) -> tuple[str, ...]:
        """The panel's lines during the better line's preview: where in the line the board is
        (`Start of the line (0 of 9)`, `After 25-22 (1 of 9)`, counted as Why?'s board counts
        its steps), the moves shown, and the keys."""
        total = len(preview.line)
        played = self.progress.moves[preview.ply - 1].pdn()
        if preview.shown == 0:
            where = f"Start of the line (0 of {total})"
            moves = f"Before {played}, the best was {preview.line[0].pdn()}"
        else:
            where = f"After {preview.line[preview.shown - 1].pdn()} ({preview.shown} of {total})"
            shown = " ".join(move.pdn() for move in preview.line[: preview.shown])
            moves = f"From before {played}: {shown}"
        if preview.shown >= total:
            keys = "End of the line. Left steps back, Esc ends the preview"
        elif preview.playing:
            keys = "Playing it through: Space stops, Esc ends the preview"
        else:
            keys = "Right: next move, Left: back, Space plays it all, Esc ends"
        return ("Better line: a preview, the game is unchanged", where, moves, keys, "")

    def verdict(self, ply: int) -> str:
        """The review's row for the move that led to `ply` as one sentence (the Why? card
        of that move starts with it), or '' if it is not reviewed yet."""
        review = self.progress.review_of(ply)
        if review is None:
            return ""
        known = self.screen.game.judgements
        return review_verdict(review, self.progress.man, self.progress.human, known)

    def _judge(self, review: MoveReview) -> None:
        """The review's searches join the game's evaluations (the deepest of each position is
        the one score the panel, the bar and the hint show once the review is closed; while it
        is open they show the review's own, `score_shown`)."""
        game = self.screen.game
        for position, judgement in review_judgements(review, self.progress.man):
            game.judge(position, judgement)

    def preview_position(self) -> Position | None:
        """The better line's position on the board during the preview, else None (the
        game's own position is shown)."""
        return self.preview.position() if self.preview is not None else None

    def previewing(self) -> bool:
        """Whether the board shows the better line's preview, not the game."""
        return self.preview is not None

    def score_shown(self) -> tuple[float, float, Side] | None:
        """The review's score of the position on the board, for the evaluation bar: (score in
        search units, a man in them, the side it is told from), or None if not reviewed yet.
        During the preview, the score of the better line (the one before the move)."""
        progress = self.progress
        ply = self.screen.game.record.ply
        if self.preview is not None:
            ply = self.preview.ply - 1  # the position the better line starts from
        found = progress.position_score(ply)
        if found is None:
            return None
        score, side = found
        return score, progress.man, side

    # --- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Take what the review process reported and move the preview on; True if the
        widgets changed. A review whose game changed under it (another line played) ends."""
        game = self.screen.game
        if not self.progress.covers(game.record.start, game.record.line):
            # Another line was played (or a new game began from this one): its review ends.
            self.screen.stop_review("")
            return True
        if self.progress.running or self.client.running:  # the puzzles come after the moves
            self._poll_wait -= dt
            if self._poll_wait <= 0:
                self._poll_wait = POLL_SECONDS
                for event in self.client.poll():
                    if isinstance(event, ReviewMove):
                        self.progress.add(event.review)
                        self._judge(event.review)
                    elif isinstance(event, ReviewLooking):
                        self._say_looking(event.done, event.total)
                    elif isinstance(event, ReviewPuzzles):
                        self._keep_puzzles(event.puzzles)
                    elif isinstance(event, ReviewDone):
                        self.progress.finish()
                    elif isinstance(event, ReviewError):
                        self.progress.fail(event.message)
        self.client.reap()
        if self.preview is not None:
            self.preview.update(dt, game.hop_seconds)
        self.tips.update(dt)
        return self.sync()

    def _keep_puzzles(self, puzzles: tuple[Puzzle, ...]) -> None:
        """Add the game's puzzles to the player's set (when the window keeps the player's data
        in the data directory, as it does outside tests) and say in the status line how many
        it added, or why none."""
        if not self.screen.context.autosave:
            return
        notes: list[str] = []  # a damaged set moved aside: said here, not on a hidden stderr
        added, problem = add_puzzles(puzzles, report=notes.append)
        if problem:
            words = f"{problem[:1].upper()}{problem[1:]}."
        else:
            words = puzzle_words(len(puzzles), added)
        words = " ".join([*(f"{note[:1].upper()}{note[1:]}." for note in notes), words])
        game = self.screen.game
        game.status = f"{self.DONE}{words} {self._rest_of_status()}"

    def _say_looking(self, done: int, total: int) -> None:
        """Say in the status line how far the look for puzzles is (walk 2026-11-30k: "Looking
        for puzzles in it..." stood unchanged for over a minute while the core compiled)."""
        if not self.screen.context.autosave:
            return  # the puzzles are not kept: nothing is said of them
        rest = self._rest_of_status()
        self._looking = looking_words(done, total)
        if self.progress.state == "done":
            self.screen.game.status = self.DONE + self._looking + rest

    def _rest_of_status(self) -> str:
        """The status line after the review's own words (started, done, looking for puzzles)."""
        status = self.screen.game.status.removeprefix(self.STARTED).removeprefix(self.DONE)
        return _without_showing(status.removeprefix(self._looking))

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
        """Show the next (+1) or previous (-1) mistake or blunder, as the buttons say: an
        inaccuracy is no mistake (lichess counts the three apart); the list marks it `?!`."""
        self.end_preview()
        game = self.screen.game
        target = self._jump_target(game.record.ply, direction)
        if target is None:
            where = "after" if direction > 0 else "before"
            more = " yet" if self.progress.running else ""
            game.status = f"No mistake or blunder {where} this move{more}."
            return
        game.go_to(target)

    def _jump_target(self, here: int, direction: int) -> int | None:
        """The ply of the next (+1) or previous (-1) mistake or blunder from `here`, or None:
        the buttons are enabled by it, as they jump (walk 2026-11-30l: "Previous mistake"
        enabled over an inaccuracy it would not go to, "Next mistake" greyed beside it)."""
        plies = [ply for ply, label in self.progress.marked() if label in JUMPED_TO]
        if direction > 0:
            return next((ply for ply in plies if ply > here), None)
        return next((ply for ply in reversed(plies) if ply < here), None)

    def _better_from(self, ply: int) -> tuple[Position, tuple[Move, ...]] | None:
        """The position before the move that led to `ply` and the engine's line from it, if
        that move was not the engine's own."""
        review = self.progress.review_of(ply)
        if review is None or review.move == review.best or review.label is Label.BEST:
            return None  # the move was the best, or as good as it: no better line
        line = review.before.line or (review.best,)
        # The moves the note's `Better line:` names, no more: one length in the note and in the
        # preview's count (the walk read a 4-move note beside `Start of the line (0 of 15)`).
        return review.position, tuple(line[: quiet_cut(line)])

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
                "No better line: that was the best move."
                if review is not None
                else "No better line here: show a reviewed move first."
            )
            return
        start, line = found
        self._saved_status = game.status
        # The board opens at the line's start, the position before the move, with the better
        # move's arrow: the player steps through it (or plays it all with Space).
        self.preview = Preview(start, line, game.record.ply, playing=False)
        game.status = (
            "The better line, from before the move: Right steps through it; the game is"
            " unchanged. Esc ends it."
        )

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
        kept = plural(self.progress.full_moves(len(self.progress.reviews)), "move")
        self.screen.game.status = (
            f"Review cancelled: the {kept} reviewed so far keep their labels (Close drops them)."
        )

    # --- events and drawing ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The strip's buttons, a click on the graph, and the preview's keys (Right and Left
        step, Space plays it through or stops, Esc or B ends it); True if used."""
        if self.actions.handle(event):
            return True
        if self.preview is not None:
            if event.type == pygame.KEYDOWN:
                names = key_names(event)
                if "escape" in names or BETTER_KEY in names:
                    self.end_preview()
                    return True
                if "space" in names:
                    self.preview.toggle_play(self.screen.game.hop_seconds)
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
            and self.parts.graph.collidepoint(event.pos)
        ):
            self.end_preview()
            self.screen.game.go_to(ply_at(event.pos[0], self.progress.total, self.graph))
            return True
        return False

    def point_of(self, ply: int) -> tuple[int, int]:
        """Where the graph draws the position after `ply` (for tests: a click goes there)."""
        for point_ply, x, y in graph_points(
            self.progress.values(), self.progress.total, self.graph
        ):
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
        # The line's next move as an arrow: at the start, the better move itself.
        after = preview.line[preview.shown] if preview.shown < len(preview.line) else None
        return BoardView(preview.position(), last_move=last, hint=after)

    def mark_size(self) -> int:
        """The side of a mark's square on the graph, in pixels."""
        return max(6, self._unit() * 9 // 10)

    def marks(self) -> list[tuple[int, Label, pygame.Rect]]:
        """The graph's marks as drawn, each centred on its move's point of the curve: (ply,
        label, square), the worse drawn last (over a lesser one it meets)."""
        points = graph_points(self.progress.values(), self.progress.total, self.graph)
        placed = mark_boxes(points, self.progress.marked(), self.graph, self.mark_size())
        return [
            (ply, label, pygame.Rect(box.left, box.top, box.width, box.height))
            for ply, label, box in placed
        ]

    def table_cells(self) -> list[tuple[str, pygame.Rect]]:
        """The per-side table as drawn: each cell's text and place, the headings first, row by
        row (the columns' spare width shared out)."""
        table = self.parts.table
        columns = self._columns or (1,) * len(TABLE_HEADINGS)
        spare = max(0, table.width - sum(columns)) // len(columns)
        line = table.height // 3
        cells = []
        for row_index, row in enumerate((TABLE_HEADINGS, *self.progress.table())):
            x = table.left
            for text, width in zip(row, columns):
                cells.append(
                    (text, pygame.Rect(x, table.top + row_index * line, width + spare, line))
                )
                x += width + spare
        return cells

    def draw(self, surface: pygame.Surface) -> None:
        """The line above the graph, the graph with its marks and the move shown, the table."""
        frame = self.parts.graph
        if frame.width <= 0 or frame.height <= 0:
            return
        size = text_size(self._unit())
        self._draw_graph(surface, size)
        self._draw_table(surface, size)

    def _draw_graph(self, surface: pygame.Surface, size: int) -> None:
        text = self.screen.context.renderer.text
        frame, box = self.parts.graph, self.graph
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=3)
        middle = box.top + box.height / 2
        pygame.draw.line(surface, theme.PANEL_LINE, (box.left, middle), (box.right, middle))
        points = graph_points(self.progress.values(), self.progress.total, box)
        if len(points) >= 2:
            line = [(x, y) for _, x, y in points]
            area = [(line[0][0], middle), *line, (line[-1][0], middle)]
            pygame.draw.polygon(surface, theme.PANEL_LINE, area)
            pygame.draw.lines(surface, theme.TEXT, False, line, 2)
        self.scale_drawn = [
            (words, text.draw(surface, words, size, theme.TEXT_DIM, point, anchor))
            for words, point, anchor in self._scale_places(text.font(size), middle)
        ]
        ply = self.screen.game.record.ply
        x = box.left + box.width * ply / max(1, self.progress.total)
        pygame.draw.line(surface, theme.TEXT_ACCENT, (x, frame.top), (x, frame.bottom - 1), 2)
        for _, label, square in self.marks():
            draw_mark(surface, label, square)

    def _scale_places(
        self, font: pygame.font.Font, middle: float
    ) -> list[tuple[str, tuple[float, float], str]]:
        """Where the graph's scale words go, (words, point, anchor), all three on one side: left
        of the graph where the board's margin leaves room, whose lead is up at its top corner,
        whose is down at its bottom one, `even` level with the middle line; on a graph under
        three lines tall (720x480) the three stand one above the other centred on the middle
        line, reaching a little over the frame's edges while they stay clear of the board above
        and the table below. Where the margin is too narrow, inside the graph's left corners
        with `even` right of the graph (else inside its right end)."""
        frame = self.parts.graph
        top, even, bottom = self.scale_words()
        widest = max(font.size(words)[0] for words in (top, even, bottom))
        line = font.get_linesize()
        outside = widest + 6 <= frame.left - self.area.left
        if outside:
            x = frame.left - 4
            if frame.height >= 3 * line:
                return [
                    (top, (x, frame.top), "topright"),
                    (even, (x, middle), "midright"),
                    (bottom, (x, frame.bottom), "bottomright"),
                ]
            board = self.screen.layout().board
            above = board.top + board.size
            if above <= middle - 1.5 * line and middle + 1.5 * line <= self.parts.table.top + 1:
                return [
                    (top, (x, middle - line / 2), "bottomright"),
                    (even, (x, middle), "midright"),
                    (bottom, (x, middle + line / 2), "topright"),
                ]
        x = frame.left + 4
        places: list[tuple[str, tuple[float, float], str]] = [
            (top, (x, frame.top), "topleft"),
            (bottom, (x, frame.bottom), "bottomleft"),
        ]
        if font.size(even)[0] + 6 <= self.area.right - frame.right:
            places.append((even, (frame.right + 4, middle), "midleft"))
        elif frame.height >= 3 * line:
            places.append((even, (frame.right - 4, middle), "midright"))
        return places

    def _draw_table(self, surface: pygame.Surface, size: int) -> None:
        text = self.screen.context.renderer.text
        headings = len(TABLE_HEADINGS)
        for index, (words, cell) in enumerate(self.table_cells()):
            column = index % headings
            colour = theme.TEXT_DIM if index < headings or column == 0 else theme.TEXT
            if index == 0:  # over the sides' names: how far the review has got, if running
                room = cell.width - 4
                fits = functools.partial(_fits, text.font(size), room)
                words = text.fit(self.progress_label(fits), size, room)
                point = (cell.left, cell.centery)
                # Progress in the accent colour; once done, how far it looked, as a heading.
                shade = theme.TEXT_DIM if self.progress.state == "done" else theme.TEXT_ACCENT
                text.draw(surface, words, size, shade, point, "midleft")
                continue
            if column == 0:
                text.draw(surface, words, size, colour, (cell.left, cell.centery), "midleft")
                continue
            label = MARKED[column - 2] if column >= 2 else None
            if index < headings and label is not None:  # the heading shows the graph's mark
                icon = max(6, size * 2 // 3)
                width = text.font(size).size(words)[0] + icon + 4
                left = cell.centerx - width // 2
                square = pygame.Rect(left, cell.centery - icon // 2, icon, icon)
                draw_mark(surface, label, square)
                text.draw(surface, words, size, colour, (square.right + 4, cell.centery), "midleft")
                continue
            if index >= headings and label is not None and words != "0":
                colour = label_colour(label)
            text.draw(surface, words, size, colour, cell.center, "center")

    def close(self) -> None:
        """End the review process, remove the buttons and the move list's marks."""
        self.end_preview()
        self.client.close()
        if self.container is not None:
            self.container.kill()
            self.container = None
        if self.table_box is not None:
            self.table_box.kill()
            self.table_box = None
        self.tips.clear()
        panel = self.screen.panel
        if panel is not None:
            if panel.search_words == self.panel_words:
                panel.search_words = None
            if panel.shown_position == self.preview_position:
                panel.shown_position = None
            panel.set_marks({})
