"""The "why this move?" card: why the AI played a move, from its own search.

A pygame_gui dialog over the game (which stays drawn beneath): the card's words come from
`checkers.gui.explaining.why_card` (pure code) and are laid out here in a scrolling text box:
the plain facts first (forced, book, databases, the level's deliberate slips), whose view the
scores take, then every move the search considered, the played move first and the others best
first, each with its score or bound and the line behind it. Beside the words a small board
shows the played line or the best other move's refutation as arrows (`checkers.gui.why_board`
decides which, pure code) and plays either out; it is painted from `checkers.picture` like every
other picture of a board. Esc, W or Close leaves it; Space plays the line out or pauses it.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Sequence

import pygame
from pygame_gui import UIManager
from pygame_gui.core import UIContainer
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from checkers.coach.exact import ONLY_MOVE, compares
from checkers.coach.explain import BOUND_WORDS, VERDICT_PLIES, ahead_words
from checkers.gui import fonts, theme
from checkers.gui.cards import grid_unit
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.explaining import ENGINE_VIEW, SHALLOWER, WhyCard, WhyRow
from checkers.gui.intents import Back
from checkers.gui.picture_png import paint
from checkers.gui.ui import Actions, button_fits, fit_label, fit_text, hold_words, redraw_now
from checkers.gui.why_board import BoardLine, LineSteps
from checkers.gui.widgets import key_names
from checkers.gui.wording import depth_words
from checkers.picture import board_picture

__all__ = ["WhyScreen", "card_html"]

_TEXT_SIZE = 16
"""The font size of the theme files' `#why_text` text box before scaling."""
_TEXT_MIN = 14
"""Its smallest size (the block's `min_size`): a small window's 12 px did not read as the
card's long explanations (walk 2026-11-29d); 13 is one of `theme.BLURRED_SIZES`."""


def text_pixels(scale: float) -> int:
    """The size of the card's words in a window of `scale`, as the theme gives it."""
    return max(_TEXT_MIN, theme.text_size(_TEXT_SIZE, scale))


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def compared_moves(rows: Sequence[WhyRow]) -> frozenset[str]:
    """The moves other rows of a card compare with (`0.05 worse than 23-18`, `as good as
    26-23`, `no better than 11-15`): those rows keep their figure whatever their verdict."""
    return frozenset(
        found.group(1) or found.group(2)
        for row in rows
        for text in (row.verdict, row.line)  # a line may lead with it (`0.05 worse than ...`)
        for found in _COMPARED_WITH.finditer(text)
    )


_COMPARED_WITH = re.compile(
    r"(?:worse|better) than (\d+[-x]\d+(?:x\d+)*)|as good as (\d+[-x]\d+(?:x\d+)*)"
)


def row_score_words(row: WhyRow, compared: bool = False) -> str:
    """A row's verdict and score as one text: an exact result in words first, the score after
    it (`loses a man (+1.10 for you)`); a level score's `even` is not said again after a
    verdict that says it (`keeps it level`, `only draws`), as the panel says `even` alone,
    unless other rows compare with this one (`compared`: `keeps it level (even)`)."""
    if row.result:
        return row.result  # a forced or database result, for its winner (`explaining._row`)
    if not row.verdict or row.verdict == row.score:
        return row.score
    if compares(row.verdict) and row.standing:
        # What it leaves the mover first, as every other row says it (walk 2026-12-01ag), the
        # side named once.
        score = row.score
        for whose in ("you", "the AI", "Black", "White"):
            if row.standing.startswith(f"leaves {whose} "):
                score = score.removesuffix(f" for {whose}")
        return f"{row.standing} ({score}); {row.verdict}"
    if compares(row.verdict):
        # Its own score first: `0.15 worse than 22-18 (+0.40 for you)` read as 22-18's score
        # (walk 2026-11-30i).
        return f"{row.score}; {row.verdict}"
    if row.score == "even" and compared and not compares(row.verdict):
        # Other rows compare with it: its figure stays (walks 2026-11-30r and s: "0.05 worse
        # than 23-18" under "23-18 keeps it level" with no figure for 23-18).
        return (
            f"{row.verdict} (even: {row.within_even})"
            if row.within_even
            else f"{row.verdict} (even)"
        )
    if row.score == "even" and row.verdict != ONLY_MOVE:
        return row.verdict  # `keeps it level`, `only draws`: not `the only legal move`
    verdict = row.verdict
    # A standing, said as what the move leaves (`leaves the AI a little behind (+0.30 for
    # you)`): `28-24 is about 5 men better` beside `30-26 +5.40` read as better than the
    # other moves (walk 2026-11-30k), and the first look's `at first looked about a man
    # better` beside `as good as 27-24` as a comparison (walk 2026-12-01w). The side is named
    # once: `leaves White ahead by about 5 men's worth (+5.70)`, not `... for White (+5.70 for White)`.
    for said, leaves in (
        ("is ", "leaves"),
        ("at first looked ", "at first looked to leave"),
        (SHALLOWER, f"{SHALLOWER}to leave"),
    ):
        body, _, whose = verdict.removeprefix(said).rpartition(" for ")
        if verdict.startswith(said) and whose and body.endswith((" better", " worse")):
            standing = ahead_words(body)
            return f"{leaves} {whose} {standing} ({row.score.removesuffix(f' for {whose}')})"
    if " for " in verdict:
        # `at first looked a little better for the AI (+0.25 for the AI)` names the side once:
        # the score's.
        whose = verdict.rsplit(" for ", 1)[1]
        if row.score.endswith(f" for {whose}"):
            verdict = verdict.rsplit(" for ", 1)[0]
    return f"{verdict} ({row.score})"


LINE_MOVES = VERDICT_PLIES - 1
"""How many moves of a row's line the card shows after the row's own move, the plies its
verdict counts material over (`coach.explain.VERDICT_PLIES`); the small board plays the played
line and the best other move's refutation whole, and `analyse --why` prints every line."""

_MOVE_WORD = re.compile(r"\d+(?:[-x]\d+)+")


def short_line(text: str, moves: int = LINE_MOVES) -> str:
    """A row's line (`refuted by 2. 11-15 18x11 3. 9x18x25 ...`) cut after `moves` moves, with
    `...` where more follow, so that each row reads in a glance."""
    words = text.split()
    counted = 0
    for index, word in enumerate(words):
        if _MOVE_WORD.fullmatch(word):
            counted += 1
            if counted == moves and index + 1 < len(words):
                return " ".join(words[: index + 1]) + " ..."
    return text


def _idea_detail(row: WhyRow) -> str:
    """A row's first idea as the words after its move (`walks into Black's shot: ...`), or ''."""
    if not row.ideas:
        return ""
    idea = row.ideas[0]
    return idea[len(row.move) + 1 :] if idea.startswith(f"{row.move} ") else idea


def _row_html(
    row: WhyRow,
    accent: str,
    dim: str,
    said_depths: str,
    engines: bool = False,
    compared: frozenset[str] = frozenset(),
) -> str:
    """One row: the move and its verdict first, then in one run what backs it (the idea its line
    proves, else the line, cut to `LINE_MOVES`); the depth only where the facts above do not
    say it already, and whose the figure is only where the card's view (`engines`: every
    score is the engine's) does not say it."""
    move = html.escape(row.move)
    score = html.escape(row_score_words(row, row.move in compared))
    depth = depth_words(row.depth) if row.depth else ""
    said = bool(depth) and depth in said_depths
    if row.judged and depth:
        # The game's kept judgement: the engine's, whoever played (with its depth, unless the
        # facts above say it already).
        depth = "" if said and engines else "the engine's" if said else f"the engine looked {depth}"
    elif said:
        depth = ""
    if row.played:
        # The mark right after the move: at the row's end a wrap parted it from the score's
        # last word at the colour's change (pygame_gui breaks a line where one style ends and
        # another begins, no-break space or not), leaving `(played)` alone on a row (walk
        # 2026-11-30e, shots 10 and 55). The depth, several words, stays at the end.
        head = (
            f"<font color='{accent}'><b>{move}</b></font><font color='{dim}'> (played)</font>"
            f"<font color='{accent}'><b>  {score}</b></font>"
        )
        if depth:
            head += f"<font color='{dim}'>  ({depth})</font>"
        # Each as a point of its own, as the help card's rules are: pygame_gui has no hanging
        # indent, and a wrapped line of an indented one began at the margin (walk 2026-11-30o).
        for idea in row.ideas:
            head += f"<br>• <font color='{accent}'>{html.escape(idea)}</font>"
        if row.line:
            head += f"<br>• <font color='{dim}'>{html.escape(short_line(row.line))}</font>"
        return head
    mark = "its search's choice" if row.searched else ""
    notes = ", ".join(part for part in (mark, depth) if part)
    head = f"<b>{move}</b>  {score}"
    if notes:
        head += f"<font color='{dim}'>  ({notes})</font>"
    return head + _backing_html(row, accent, dim)


def _backing_html(row: WhyRow, accent: str, dim: str) -> str:
    """What backs a row after its head: its first idea, else its line cut to `LINE_MOVES`."""
    detail = _idea_detail(row)
    if detail and row.compared:
        # The comparison its line would have led with, then the idea in the line's place.
        # The colon ends the comparison's words: pygame_gui may wrap where one colour ends,
        # and a row began its next line with ": White exchanges ..." (walk 2026-12-01aa).
        return (
            f"<font color='{dim}'>; {html.escape(row.compared)}:</font>"
            f"<font color='{accent}'> {html.escape(detail)}</font>"
        )
    if detail:
        return f"<font color='{accent}'>: {html.escape(detail)}</font>"
    if row.line:
        return f"<font color='{dim}'>; {html.escape(short_line(row.line))}</font>"
    return ""


_FURTHER = re.compile(r"\([^()]* since been looked at further, [^()]*\)")
"""The method sentence's note of the rows the game has looked at further since, with how far
(`coach.explain.facts`)."""

_METHOD = ("Each move below is ", "The move below is ", BOUND_WORDS)
"""How the facts that say how the rows were scored begin: the card says them after the rows, as
a table's note, so the verdict and the moves come first."""


def card_html(card: WhyCard) -> str:
    """The card's body as pygame_gui's HTML: the played move and its verdict first, then the
    facts of the choice (a reviewed card's first only, the rest after the rows), one entry per
    other move (best first), and last, dimmed, how the rows were scored and whose view their
    scores take."""
    accent, dim = _hex(theme.TEXT_ACCENT), _hex(theme.TEXT_DIM)
    # The depths the facts say, which the rows then leave out; not the note of rows looked
    # at further since, which names their depth as well as the rows do.
    said = _FURTHER.sub("", " ".join((*card.facts, card.view)))
    engines = card.view == ENGINE_VIEW
    facts = [html.escape(fact) for fact in card.facts if not fact.startswith(_METHOD)]
    # A reviewed card's verdict leads; its other facts follow the rows it compares.
    later = facts[card.lead :] if card.lead else []
    facts = facts[: card.lead] if card.lead else facts
    # (Said after the rows: the moves are above it.)
    notes = [
        html.escape(
            fact.replace("Each move below ", "Each move above ", 1).replace(
                "The move below ", "The move above ", 1
            )
        )
        for fact in card.facts
        if fact.startswith(_METHOD)
    ]
    if card.view:
        notes.append(html.escape(card.view))
    compared = compared_moves(card.rows)
    played = [_row_html(card.rows[0], accent, dim, said, engines, compared)] if card.rows else []
    body = "<br>".join([*played, *facts])
    if len(card.rows) > 1:
        entries = [f"<b>{html.escape(card.others)}</b>"]
        entries += [_row_html(row, accent, dim, said, engines, compared) for row in card.rows[1:]]
        body += "<br><br>" + "<br>".join(entries)
    if card.bounded:
        body += "<br>" if len(card.rows) > 1 else "<br><br>"
        body += html.escape(card.bounded)
    if later:
        body += "<br><br>" + "<br>".join(later)
    if card.seen:
        entries = [f"<b>{html.escape(card.seen_heading)}</b>"]
        entries += [_seen_html(row, accent, dim) for row in card.seen]
        body += "<br><br>" + "<br>".join(entries)
    if notes:
        body += f"<br><br><font color='{dim}'>{'<br>'.join(notes)}</font>"
    return body


def _seen_html(row: WhyRow, accent: str, dim: str) -> str:
    """One row of what the AI's search saw when it played: the move, its score and the line it
    expected (its first idea instead, where it has one), the played move marked."""
    head = f"{html.escape(row.move)}  {html.escape(row.score)}"
    if row.played:
        head = f"<font color='{accent}'>{head}</font><font color='{dim}'>  (played)</font>"
    return head + _backing_html(row, accent, dim)


_NARROWER = 6
"""How many pixels narrower than its room the card's words may wrap to avoid a stray blank row
(pygame_gui's line break is 4 pixels wide)."""


def stray_blank_rows(box: UITextBox) -> int:
    """How many blank rows `box` shows that its text has no `<br><br>` for: pygame_gui moves a
    `<br>` that follows a line within a few pixels of the box's width to a row of its own (a
    row of words that ends without its line break, then a row of the break alone)."""
    layout = box.text_box_layout
    rows = layout.layout_rows if layout is not None else []
    return sum(
        1
        for before, row in itertools.pairwise(rows)
        if len(row.items) == 1
        and isinstance(row.items[0], LineBreakLayoutRect)
        and not (before.items and isinstance(before.items[-1], LineBreakLayoutRect))
    )


def words_box(
    text: str, rect: pygame.Rect, ui: UIManager, panel: IContainerLikeInterface | None = None
) -> UITextBox:
    """The card's words in `rect`, wrapped a pixel or a few narrower where the full width
    would leave a stray blank row between two entries (walk 2026-11-30: one between the
    other moves' rows); a number keeps its unit, and a sentence or a row its last two words
    (`hold_words`)."""
    text = hold_words(text)
    box = UITextBox(text, rect, ui, container=panel, object_id="#why_text")
    for narrower in range(1, _NARROWER + 1):
        if not stray_blank_rows(box):
            break
        box.kill()
        box = UITextBox(
            text,
            pygame.Rect(rect.x, rect.y, rect.width - narrower, rect.height),
            ui,
            container=panel,
            object_id="#why_text",
        )
    return box


def _line_html(line: BoardLine, note: str) -> str:
    """The small board's words: what the line shown is, and why there is no other one."""
    words = f"<b>{html.escape(line.label)}</b>"
    if note:
        words += f"<br><font color='{_hex(theme.TEXT_DIM)}'>{html.escape(note)}</font>"
    return words


class WhyScreen(ScreenBase):
    """The card for one AI move, over the game."""

    opaque = False
    keeps_widgets_below = True

    def __init__(self, context: ScreenContext, card: WhyCard) -> None:
        super().__init__(context)
        self.card = card
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The card's buttons by name, for tests: `close`; with a small board `play`, `reset`
        and, when there are two lines, `line 0` (the played line) and `line 1`."""
        self.text: UITextBox | None = None
        self.shown = 0
        """Which of the board's lines is on the small board (0: the played line)."""
        self.steps: LineSteps | None = None
        """How far the line shown has been played out (None: the card has no small board)."""
        self.image: UIImage | None = None
        self.line_text: UITextBox | None = None
        self.step_label: UILabel | None = None
        self.board_size = 0
        """The small board's width in pixels, set with the widgets."""
        self.settling = 0
        """Frames still to draw after the small board changed: pygame_gui shows a label's or a
        button's new text only in its next update, and the loop would sleep before it."""
        self.show_line(0)

    def line(self) -> BoardLine | None:
        """The line on the small board, if the card has one."""
        board = self.card.board
        if board is None or not board.lines:
            return None
        return board.lines[self.shown]

    def show_line(self, index: int) -> None:
        """Put line `index` on the small board, at its start."""
        board = self.card.board
        if board is None or not board.lines:
            return
        self.shown = index
        self.steps = LineSteps(board.position, board.lines[index].moves)
        self._refresh()

    def play(self) -> None:
        """Play the line out from where it is (from the start when it is over), or pause it."""
        if self.steps is not None:
            self.steps = self.steps.pause() if self.steps.playing else self.steps.play()
            self._refresh()

    def reset(self) -> None:
        """Back to the position before the move, stopped."""
        if self.steps is not None:
            self.steps = self.steps.reset()
            self._refresh()

    def close_card(self) -> None:
        """Back to the game."""
        self.context.request(Back())

    def handle(self, event: pygame.event.Event) -> None:
        """Close on the button, Esc or W; Space plays the line or pauses it."""
        if self.actions.handle(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        keys = set(key_names(event))
        if {"escape", "w"} & keys:
            self.close_card()
        elif "space" in keys:
            self.play()

    def update(self, dt: float) -> None:
        """One frame of a line playing out (a frame count: see `LineSteps.tick`)."""
        self.settling = max(0, self.settling - 1)
        if self.steps is None or not self.steps.playing:
            return
        before = self.steps
        self.steps = before.tick()
        if self.steps.done != before.done:
            self._refresh()

    def wake_in(self) -> float | None:
        """Every frame while a line plays out or its words settle; otherwise only on events."""
        playing = self.steps is not None and self.steps.playing
        return 0.0 if playing or self.settling else None

    def _refresh(self) -> None:
        """Show the line where it has got to: the board, its arrows, the words and buttons."""
        line, steps, board = self.line(), self.steps, self.card.board
        if line is None or steps is None or board is None or self.image is None:
            return  # no small board, or its widgets are not built yet
        picture = board_picture(
            steps.position(),
            size=self.board_size,
            theme=theme.current(),
            arrows=steps.arrows(),
            flipped=board.flipped,
            caption="",
            last_move=steps.last_move(),
            background=False,
            replies=True,  # the line's two sides in two colours: each move read apart
        )
        self.image.set_image(paint(picture))
        self.settling = 2
        if self.step_label is not None:
            self.step_label.set_text(fit_label(self.step_label, steps.words()))
        play = self.widgets.get("play")
        if play is not None:
            play.set_text(
                "Pause" if steps.playing else "Play again" if steps.finished else "Play it out"
            )
            redraw_now(play)
        for index in range(len(board.lines)):
            switch = self.widgets.get(f"line {index}")
            if switch is not None and index == self.shown:
                switch.select()
            elif switch is not None:
                switch.unselect()
        if self.line_text is not None:
            fit_text(self.line_text, hold_words(_line_html(line, board.note)))

    def build_ui(self, root: UIContainer) -> None:
        """A shade over the window, the card in the middle: title, subtitle, the small board
        and its buttons beside the scrolling explanation, and Close."""
        ui = self.context.ui
        self.actions.clear()
        self.widgets = {}
        self.image = self.line_text = self.step_label = None
        # The text box's bold moves: loaded now, as the theme loads only the regular face.
        size = text_pixels(self.context.scale)
        loaded = ui.get_theme().get_font_dictionary()
        if not loaded.check_font_preloaded(loaded.create_font_id(size, "noto_sans", True, False)):
            loaded.preload_font(size, "noto_sans", bold=True)
        self.shade(root)
        unit = grid_unit(self.context.scale)
        width, height = self.context.window_size()
        widest = 100 if self.line() is not None else 80
        box = pygame.Rect(
            0, 0, min(width - 4 * unit, widest * unit), min(height - 4 * unit, 64 * unit)
        )
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
        area = pygame.Rect(unit, top, inner.width - 2 * unit, inner.height - top - unit)
        area.height -= unit + button_height  # Close's row
        text_rect = self._build_board(panel, area, unit, button_height) if self.line() else area
        self.text = words_box(card_html(self.card), text_rect, ui, panel)
        self.widgets["close"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(
                inner.width // 2 - 8 * unit,
                inner.height - unit - button_height,
                16 * unit,
                button_height,
            ),
            "Close",
            "Back to the game (Esc or W)",
            self.close_card,
        )
        self._refresh()

    def _build_board(
        self, panel: UIPanel, area: pygame.Rect, unit: int, button_height: int
    ) -> pygame.Rect:
        """The small board, its words and buttons in a column on the left of `area`. Returns
        the rectangle left for the text, beside it."""
        board = self.card.board
        assert board is not None
        ui = self.context.ui
        gap = unit // 2
        two = len(board.lines) > 1
        # At least three rows of the words' text (a small window's text is large for its grid).
        row = fonts.font(text_pixels(self.context.scale)).get_linesize()
        words_height = max(round(7.5 * unit), 3 * row + 8) + (0 if two else button_height + gap)
        rows = [words_height, button_height, button_height, round(2.6 * unit)]
        if not two:
            rows.pop(1)  # no switch between lines
        controls_height = sum(rows) + gap * len(rows)
        # The window is at least 720x480 and a unit follows its smaller side, so the card is
        # always some 100 units wide: the board's column fits beside the words at every size
        # the window takes (the tests check 720x480 and 1280x800).
        size = max(12 * unit, min(36 * unit, area.height - controls_height, area.width // 2))
        board_rect = pygame.Rect(area.left, area.top, size, size)
        controls = pygame.Rect(area.left, board_rect.bottom + gap, size, controls_height)
        text = pygame.Rect(
            board_rect.right + 2 * unit,
            area.top,
            area.right - board_rect.right - 2 * unit,
            area.height,
        )
        self.board_size = size
        picture = board_picture(board.position, size=size, caption="", background=False)
        self.image = UIImage(
            pygame.Rect(board_rect.topleft, (picture.width, picture.height)),
            pygame.Surface((picture.width, picture.height), pygame.SRCALPHA),
            ui,
            container=panel,
        )
        y = controls.top
        self.line_text = UITextBox(
            "",
            pygame.Rect(controls.left, y, controls.width, words_height),
            ui,
            container=panel,
            object_id="#why_text",
        )
        # Rows as close as a label's (pygame_gui spaces a text box's rows by 1.25).
        self.line_text.parser.line_spacing = 1.0
        self.line_text.line_spacing = 1.0
        y += words_height + gap
        half = (controls.width - gap) // 2
        if two:
            for index, line in enumerate(board.lines):
                tip = (
                    "The move played and the line the AI expected"
                    if index == 0
                    else f"{line.moves[0].pdn()} and the line that answers it"
                )
                button = self.widgets[f"line {index}"] = self.actions.button(
                    ui,
                    panel,
                    pygame.Rect(controls.left + index * (half + gap), y, half, button_height),
                    line.button,
                    tip,
                    lambda index=index: self.show_line(index),  # type: ignore[misc]
                )
                if not button_fits(button, line.button):
                    # The move alone where "Why not 27x18x11" would be cut (walk 2026-11-30j,
                    # 720x480): its tooltip says what the line is.
                    button.set_text(line.moves[0].pdn())
            y += button_height + gap
        self.widgets["play"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(controls.left, y, half, button_height),
            "Play it out",
            "Play the line out on the small board, a move at a time (Space)",
            self.play,
        )
        self.widgets["reset"] = self.actions.button(
            ui,
            panel,
            pygame.Rect(controls.left + half + gap, y, half, button_height),
            "Reset",
            "Back to the position before the move",
            self.reset,
        )
        y += button_height + gap
        self.step_label = UILabel(
            pygame.Rect(controls.left, y, controls.width, rows[-1]),
            "",
            ui,
            container=panel,
            object_id="@dim",
        )
        return text
