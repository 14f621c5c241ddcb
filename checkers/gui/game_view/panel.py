"""The side panel as pygame_gui widgets: players and side to move, pieces left, clocks, the
40-move counter, the AI's figures (scores in men, labelled with whose view) and the move list.

Reads the game; changes nothing. The widgets are built once per layout (`build`) and kept in
step with the game by `sync`, which touches a widget only when what it shows changed, so a frame
with nothing new costs next to nothing. The words are decided in `panel_lines`, pure code.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer, UIElement
from pygame_gui.elements import (
    UIButton,
    UIImage,
    UILabel,
    UIPanel,
    UIScrollingContainer,
    UIStatusBar,
    UITextBox,
)

from checkers.ai.players import BOOK_NOTE
from checkers.ai.search import Progress, is_win_score
from checkers.board import BLACK, WHITE, Piece, Position, Side
from checkers.clock import format_clock
from checkers.coach.explain import MoveScore
from checkers.coach.judgement import Judgement
from checkers.gui import fonts, theme
from checkers.gui.board_view.render import Renderer
from checkers.gui.cards import HEADING_TEXT, text_row
from checkers.gui.config import Mode
from checkers.gui.controller import Game
from checkers.gui.game_control.ai_traffic import SearchFigures
from checkers.gui.game_control.bookkeeping import ORIGIN_TAG
from checkers.gui.game_control.judging import judges_like_the_engine
from checkers.gui.persist import person_named
from checkers.gui.ui import fit_label, fit_text, hold_words
from checkers.gui.wording import (
    depth_words,
    game_over_words,
    level_name,
    move_label,
    move_rows,
    moves_count,
    plural,
    result_words,
    score_words,
    settled_words,
    thinking_words,
)
from checkers.record import FORTY_MOVE_PLIES

LOW_TIME = 20.0
"""Seconds left under which a clock shows in the warning colour."""
COUNTER_RULE = "Draw at 40 (stalemate counter)"
"""When the stalemate counter draws, and its name, as its second row in the panel and the help
card say it (the 40-move rule of RULES.md: moves by each side in a row with no capture and no
man move), under `counter_words`: `No capture or man move: 3 moves` / `Draw at 40 (stalemate
counter)`. What it counts comes first, in plain words, and the name after it: a newcomer reads
"stalemate" as chess's, where here a side that cannot move loses."""


def counter_words(count: int) -> str:
    """The stalemate counter's first row, what it counts: `No capture or man move: 3 moves`
    (one text at every window size: it fits the narrowest panel whole). Not `0 moves: no
    capture, no man move`, read as no moves made (walk 2026-12-01ai)."""
    return f"No capture or man move: {plural(count, 'move')}"


BAR_KEY_WORDS = "V: evaluation bar"
"""The panel's header while the evaluation bar is off: how to show it."""
_MOVE = re.compile(r"\d+(?:[-x]\d+)+")
"""A move as the lines write it: `9-14`, `25x18x9`."""
FIGURES_ROWS = 7
"""The rows the AI's figures (or a review's words) have at least in a small window: a move's
verdict, its loss and what it misses, and the best move with the scores before and after."""

UNDONE = "#move_undone"
"""The look of a move taken back that waits for redo."""

__all__ = [
    "GamePanel",
    "MoveCell",
    "MoveMark",
    "PanelLines",
    "human_side",
    "panel_lines",
    "scored_search",
]


def human_side(game: Game) -> Side | None:
    """The human's side in a game against the AI (scores then speak of "you" and "the AI"),
    else None (they name Black and White)."""
    if game.mode is Mode.HUMAN_VS_AI:
        return game.config.human_side()
    return None


@dataclass(frozen=True)
class PanelLines:
    """Every line of text the panel shows (besides the move list), decided from the game."""

    header: str
    header_right: str
    sides: tuple[tuple[str, str, tuple[str, ...], str, bool], ...]
    """Per side (Black, White): title, pieces left, the player in words (longest first: the
    panel shows the first that fits), clock face, to move."""
    counter: tuple[str, str]
    """The stalemate counter in two rows: what it counts (`counter_words`), then when it draws
    and its name (COUNTER_RULE), in the help card's words."""
    counter_share: float
    search: tuple[str, ...]
    """The AI's figures: who searched and how far, the score, the effort, the line, a note."""
    moves_title: str


def _player_words(game: Game, side: Side) -> tuple[str, ...]:
    """The player as the start screen names it (`You`, `AI (Novice)`, `AI (6 turns ahead)`),
    or a person a file names; then shorter forms for a narrow panel."""
    config = game.config
    name = config.player_name(side)
    if config.player(side).level is None:
        person = person_named(game.tags, side)  # a game of people from another program
        return (person, name) if person else (name,)
    return (name, "AI")


def _side_texts(
    game: Game, side: Side, shown: Position | None = None
) -> tuple[str, str, tuple[str, ...], str, bool]:
    """Side `side`'s title, count, player and clock for the position on the board: the game's,
    or `shown` (a review's better line played over it)."""
    position = game.position if shown is None else shown
    # A finished game has no side to move, wherever the board is in it: browsing its moves
    # must not make it look live again.
    to_move = position.turn is side and game.shown_result is None
    # While a capture is drawn, a piece jumped over is gone from the board at once: so from
    # the count (walk 2026-11-30q: "Black 1 left" beside a board with none, for a slow frame).
    animation = game.animation
    gone = animation.vanished() if animation is not None and position is animation.before else ()
    men = len(set(position.pieces(side, kings=False)).difference(gone))
    kings = len(set(position.pieces(side, kings=True)).difference(gone))
    title = side.name.capitalize() + (" to move" if to_move else "")
    count = f"{men + kings} left" + (f" ({plural(kings, 'king')})" if kings else "")
    clock = format_clock(game.timer.remaining(side)) if game.timer is not None else ""
    return title, count, _player_words(game, side), clock, to_move


def _search_texts(game: Game) -> tuple[str, ...]:
    thinking = game.thinking
    if thinking is not None and thinking.purpose == "judge" and game.figures is not None:
        # The engine judging the position after a weak level's move: the AI's figures for its
        # move stay, and the score joins them when the judgement comes.
        thinking = None
    if thinking is not None:
        if thinking.purpose == "hint":
            who = "Looking for a hint"
        elif thinking.purpose == "draw":
            who = "The AI considers the draw"
        elif thinking.purpose == "judge":
            who = "Weighing the position"
        else:
            who = f"{thinking.side.name.capitalize()} is thinking"
        dots = "." * (1 + int(game.clock * 3) % 3)
        lines = [f"{who}{dots}  {game.thinking_seconds():.0f}{NBSP}s"]
        progress = thinking.progress
        if progress is None:
            first = (
                "Getting the engine ready..."
                if thinking.getting_ready is not None
                else "Looking 1 turn ahead..."
            )
            if thinking.engine and game.judgement() is not None:
                # A score kept for the position stands while the new search starts.
                return (*lines, _score_line(game), first, "", "")
            return (*lines, first, "", "", "")
        if thinking.engine:
            # The position's score as the bar shows it at the same moment (`scored_search`):
            # this search's so far, said to be still deepening, or a deeper one kept, with how
            # far this one has got under it.
            lines.append(_score_line(game))
            if scored_search(game) is None:
                lines.append(f"So far {depth_words(progress.depth)}")
        else:
            lines.append(f"So far {depth_words(progress.depth)}")
        lines.append(f"{progress.nodes:,} positions looked at")
        return (*lines, "", "", "", "")[:5]
    ended = game.shown_result
    if ended is not None and game.record.ply == len(game.record.line):
        # The end of a finished game: its result, where the AI's figures were.
        final = game.full_record().position
        title, reason = game_over_words(ended, game.mode, game.config.human_side(), final)
        return (f"Game over: {title}", f"{reason}.", "", "", "")
    figures = game.figures
    score = _score_line(game)
    if figures is not None:
        who = figures.side.name.capitalize()
        explained = game.kept_explanation()
        played = explained.moves[0] if explained is not None and explained.moves else None
        if figures.note == BOOK_NOTE:  # no search ran: the book holds an earlier, deeper one
            return (
                f"{who} ({level_name(figures.level)}) played from the opening book",
                score,  # it says how far it looked (the book's search, or a deeper one)
                "",
                "",
                "",
            )
        if figures.database:  # the databases' move: no search to report, the result says it
            return (
                f"{who} ({level_name(figures.level)}) played from the endgame databases",
                score,
                "",
                "",
                "",
            )
        looked = (
            f"looked {depth_words(figures.depth)}"
            if figures.depth > 0
            else "played at once"  # a deliberate slip or a forced move: no search behind it
        )
        effort = (
            f"{figures.nodes:,} position{'' if figures.nodes == 1 else 's'} looked at"
            f" in {seconds_words(figures.seconds)}"
            if figures.depth > 0
            else ""
        )
        if (
            played is not None
            and explained is not None
            and explained.legal_moves == 1
            and figures.pv[:1]
            and played.move == figures.pv[0].pdn()
        ):
            # Not "looked 1 turn ahead" under a level said to think for seconds: no choice.
            # Its search still looked for the line it expects: the count says how far.
            looked = "had one legal move"
            if effort:
                effort = f"{depth_words(figures.depth).capitalize()}: {effort}"
        # Each row names the search it comes from: the AI's (its heading, then its count),
        # the replies it expects from the position on the board (the line Why? names after
        # the move played, else its search's own), then the game's score, which says which
        # search gave it when that is another one.
        return (
            f"{who} ({level_name(figures.level)}) {looked}",
            effort,
            _expects(game, figures, played),
            score,
            figures.note[:1].upper() + figures.note[1:] if figures.note else "",
        )
    if game.hint is not None:
        return (f"Hint: {game.hint.pdn()}", score, "", "", "")
    if score:
        return (score, _kept_line(game), "", "", "")
    return ("", "", "", "", "")


def _kept_line(game: Game) -> str:
    """The line of the judgement kept for the position on the board when no search of this
    session has given one (a resumed game: its file's `Judged` tag keeps each judgement's
    line): `Expects 9-13 25-21 ...` under the AI's move it judged as the engine does, `The
    engine expects ...` otherwise; none for the databases' result (no line to expect) or a
    judgement without a line (a file from before the lines were kept)."""
    judged = game.judgement()
    if judged is None or judged.database or not judged.line or game.last_move is None:
        return ""
    if game.shown_result is not None and game.outcome is not None:
        return ""
    mover = game.config.player(game.position.turn.opponent)
    own = not mover.is_human and judges_like_the_engine(mover.level)
    return f"{'Expects' if own else 'The engine expects'} {' '.join(judged.line[:8])}"


NBSP = "\u00a0"
"""Between a number and its unit: the panel's rows wrap, never leaving a lone `s` on a line
(the walk of 2026-11-30 read "in under 0.1" over a line of its own "s")."""


def seconds_words(seconds: float) -> str:
    """`0.3 s`, or `under 0.1 s` for a time that rounds to nothing (never `0.0 s`), the number
    and its unit held together (`NBSP`)."""
    return f"{seconds:.1f}{NBSP}s" if round(seconds, 1) > 0 else f"under 0.1{NBSP}s"


EXPECTS = ("Expects ", "The engine expects ", "The engine (")
"""How the row of the replies the AI expects begins: its own search's line, or the engine's
(Why?'s exact search of the move, where that is not the search the heading names: `The engine
(5 turns ahead) expects 9-13 ...` when the score's row names another depth)."""


def _expects(game: Game, figures: SearchFigures, played: MoveScore | None) -> str:
    """`Expects 9-13 25-21 ...`: the replies the AI expects to the move it has just played, from
    the position on the board (never that move itself), from the search the score's row names:
    the judgement's line once the position is judged (`Expects` when that is the AI's own
    search, `The engine expects` when it is another), none when that search left no line (no
    second search's line beside the score); before any judgement, the line Why? names for the
    move (`The engine (5 turns ahead) expects` when that is Why?'s exact search, not the AI's
    own), else the AI's own; empty once the board is past the AI's move or its search went
    another way (a slip)."""
    last = game.last_move
    if last is None:
        return ""
    ours = played is not None and played.move == last.pdn() and bool(played.pv[1:])
    own_line = figures.pv[:1] == (last,) and bool(figures.pv[1:])
    if not ours and not own_line:
        return ""  # the board is past the AI's move, or its search went another way
    level = game.config.player(figures.side).level
    judged = game.judgement()
    if judged is not None and not judged.database:
        # One search, one depth: the line of the search whose score the row under it gives.
        own = judged.depth == figures.depth and judges_like_the_engine(level)
        line: tuple[str, ...] = judged.line
        if not line and played is not None and ours and played.depth == judged.depth:
            line = played.pv[1:]
        if not line and own and own_line:
            line = tuple(move.pdn() for move in figures.pv[1:])
        if not line:
            return ""
        return f"{'Expects' if own else 'The engine expects'} {' '.join(line[:8])}"
    if played is not None and ours:
        own = played.depth == figures.depth and judges_like_the_engine(level)
        who = "Expects" if own else f"The engine ({depth_words(played.depth)}) expects"
        return f"{who} {' '.join(played.pv[1:9])}"
    return f"{EXPECTS[0]}{' '.join(move.pdn() for move in figures.pv[1:9])}"


def scored_search(game: Game) -> Progress | None:
    """The engine's search under way of the position shown when its score so far is the
    position's score (the panel's and the bar's alike): it has looked at least as deep as the
    judgement kept, and that is no proven result (`Judgement.rank`); None when the judgement
    kept is the score, or no engine search runs."""
    thinking = game.thinking
    if thinking is None or not thinking.engine or thinking.progress is None:
        return None
    progress = thinking.progress
    judged = game.judgement()
    if judged is None:
        return progress
    searched = Judgement(progress.score, thinking.man, thinking.side, progress.depth)
    return progress if searched.rank() >= judged.rank() else None


def _score_line(game: Game) -> str:
    """`Score +0.35 for you`: the engine's evaluation of the position shown, the same as the
    evaluation bar's and the hint's (empty until an engine search has judged it): the search
    under way's so far where it stands over the judgement kept (`scored_search`)."""
    thinking, progress = game.thinking, scored_search(game)
    if thinking is not None and progress is not None:
        words = score_words(progress.score, thinking.man, thinking.side, human_side(game))
        return f"Score {words} ({thinking_words(progress.depth)})"
    found = game.judgement()
    if found is None or (game.shown_result is not None and game.outcome is not None):
        return ""  # nothing judged yet, or the game over at the position shown: its result
    words = score_words(found.score, found.man, found.side, human_side(game), found.at_most)
    if found.database:
        if not is_win_score(found.score):
            return "A draw with best play (endgame databases)"
        return f"{words[0].upper()}{words[1:]} (endgame databases)"
    if is_win_score(found.score):
        return words[0].upper() + words[1:]  # `White wins in 3 moves` says it all
    if not found.depth:
        return f"Score {words}"
    # Which search it comes from (the deepest yet: the AI's, the hint's, the book's, the
    # analysis board's). The figures' heading already says how far the AI looked when it
    # is that search; another search's depth is said with its score.
    figures = game.figures if game.thinking is None or game.thinking.purpose == "judge" else None
    own = figures is not None and judges_like_the_engine(game.config.player(figures.side).level)
    if own and figures is not None and figures.depth == found.depth and figures.note != BOOK_NOTE:
        counted = score_words(figures.score, figures.man, figures.side, human_side(game))
        if counted == words:
            return f"Score {words}"  # the AI's own search (a weak level's never is the score)
        # As deep, from another search: the exact pass that scores every move (Why?'s), whose
        # figure for the move need not be the one-move search's. Said, under the AI's heading
        # (walk 2026-12-01ad: "White (Club) looked 15 turns ahead ... Score +1.55 for White"
        # beside Why?'s "counted +1.65 for White after 25-22").
        return f"Score {words} (the engine's look at every move, {depth_words(found.depth)})"
    if figures is not None and figures.depth > 0 and figures.note != BOOK_NOTE:
        # Under `White (novice) looked 3 turns ahead`, a second depth with no subject reads as
        # a contradiction: this one is the engine's judging search, and says so.
        return f"Score {words} (the engine {settled_words(found.depth)})"
    return f"Score {words} ({settled_words(found.depth)})"


def panel_lines(game: Game, shown: Position | None = None) -> PanelLines:
    """What the panel says about the game as it is now; the sides as in `shown`, the position
    on the board, when it is not the game's (a review's better line). While a move is drawn hop
    by hop, the board shows the position before it, and so do the sides, as the score does
    (`Game.judgement`; walk 2026-11-30p: "Black to move" beside the count before the move)."""
    if shown is None and game.animation is not None:
        shown = game.drawn_position
    header = game.mode.label
    right = ""
    if game.mode is Mode.AI_VS_AI:
        right = "paused" if game.paused else f"{game.delay:g}{NBSP}s between moves"
    elif ORIGIN_TAG in game.tags:  # said for good here: the status line moves on at once
        right = "played on (new game)"
    elif game.config.clock is not None:  # the increment, which the clock faces cannot show
        right = game.config.clock.label()
    ended = game.shown_result
    if ended is not None:  # a finished game says so wherever the board is in it
        right = f"game over: {result_words(ended.result())}"
    counter = game.record.stalemate_counter
    black_first = game.record.start.turn is BLACK
    ply, total = game.record.ply, len(game.record.line)
    title = f"Moves ({plural(moves_count(total, black_first), 'move')})" if total else "Moves"
    if ply != total:
        title = f"Moves (at {move_label(ply, black_first)})"
    return PanelLines(
        header,
        right,
        (_side_texts(game, BLACK, shown), _side_texts(game, WHITE, shown)),
        (counter_words(counter), COUNTER_RULE),
        # The bar fills by the moves its words count (whole moves, as the rule counts them):
        # filled by half moves, it showed a quarter-filled bar under "0 moves" after one king
        # move (walk 2026-12-01af).
        min(1.0, 2 * counter / FORTY_MOVE_PLIES),
        _search_texts(game),
        title,
    )


@dataclass(frozen=True)
class MoveCell:
    """One move in view in the list: its button and the ply a click on it goes to."""

    button: UIButton
    ply: int


@dataclass(frozen=True)
class MoveMark:
    """How the list marks a move a review judged: its theme id (`#move_blunder`), the sign
    after the move (`??`) and the tooltip."""

    object_id: str
    sign: str
    tip: str


class _Row:
    """One row of the list's pool: the number and a button per side, shown at one row of the
    game at a time (`index`, -1 while unused)."""

    def __init__(self, number: UILabel, buttons: tuple[UIButton, UIButton]) -> None:
        self.number = number
        self.buttons = buttons
        self.index = -1
        self.shows: tuple[tuple[str, str, str], int] | None = None
        """The row's texts and the ply offset it was placed with (None: nothing yet, or its
        place is to be found again: `_set_pitch`)."""
        self.plies: list[int | None] = [None, None]
        """The ply each button goes to (None: the button is hidden)."""
        self.cut = False
        """Hidden because the view shows only part of it (whole rows only)."""
        self.looks: list[tuple[str, str | None, str, bool]] = [("", None, "", False)] * 2
        """What each button shows (text, theme id, tooltip, selected), to touch only changes:
        setting a theme id costs as much as a new button."""


def _draw_shown_state(button: UIButton) -> None:
    """Draw the look the button shows now (normal, selected...) at once with its new text and
    colours: pygame_gui redraws a button's other looks one a frame after a change, and a
    window asleep once the list settled went on showing the old one (the walk read a selected
    `23-19?` for 30-26, the text that button had had when last selected)."""
    shape = button.drawable_shape
    if shape is None:
        return
    state = shape.active_state.state_id
    if state in shape.states_to_redraw_queue:
        shape.states_to_redraw_queue.remove(state)
        shape.redraw_state(state)


def _count_forms(text: str) -> tuple[str, ...]:
    """`3 left (2 kings)`, then shorter for a narrow panel: `3 (2 kings)`, `3 (2 K)`."""
    short = text.replace(" left", "")
    return text, short, short.replace(" kings", " K").replace(" king", " K")


def _first_fitting(label: UILabel, texts: tuple[str, ...]) -> str:
    """The first of `texts` that fits the label's width (else the last, to be cut)."""
    font = label.font
    room = label.rect.width - 4
    return next((text for text in texts if font is None or font.size(text)[0] <= room), texts[-1])


def ply_in_view(panel: GamePanel, game: Game, top: int) -> bool:
    """Whether the row of the move shown lies wholly in the list's view, its rows `top` pixels
    from the view's top (negative once scrolled)."""
    wanted = panel.cell_row(game.record.ply, game.record.start.turn is BLACK) * panel.move_row
    return panel.row_in_view(wanted, -top)


class GamePanel:
    """The panel's widgets inside a `UIPanel`, kept in step with a game by `sync`."""

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        renderer: Renderer,
        root: UIContainer,
        rect: pygame.Rect,
        buttons_height: int,
        scale: float,
        go_to: Callable[[int], None],
        figures: bool = True,
    ) -> None:
        self.ui = ui
        self.go_to = go_to
        self.panel = UIPanel(rect, manager=ui, container=root, object_id="#side_panel")
        unit = max(1, round(10 * scale))
        self.unit = unit
        pad = unit
        width = rect.width - 2 * pad - 6
        line = text_row(2.4, scale, HEADING_TEXT)
        small = text_row(2.1, scale)
        y = pad // 2
        # The mode's name is short; the right side holds `0.25 s between moves`.
        left = width * 2 // 5
        self.header = UILabel(pygame.Rect(pad, y, left, line), "", ui, container=self.panel)
        self.header_right = UILabel(
            pygame.Rect(pad + left, y, width - left, line),
            "",
            ui,
            container=self.panel,
            object_id="@dim_right",
        )
        y += line + unit // 2
        icon = round(3.6 * unit)
        text_left = pad + icon + unit
        text_width = width - icon - unit
        self.text_width = text_width
        self.side_labels: list[tuple[UILabel, UILabel, UILabel, UILabel]] = []
        self.side_marks: list[UIPanel] = []
        for side in (BLACK, WHITE):
            mark = UIPanel(
                pygame.Rect(pad - 4, y - 2, width + 8, 2 * line + 4),
                manager=ui,
                container=self.panel,
                object_id="#to_move",
                visible=0,
            )
            self.side_marks.append(mark)
            sprite = pygame.Surface((icon, icon), pygame.SRCALPHA)
            renderer.draw_piece(sprite, Piece(side), (icon / 2, icon / 2), icon)
            # A ring in the text's colour: a black disc on a dark panel (High contrast) shows.
            ring = theme.PIECE_RADIUS * icon + 1
            pygame.draw.circle(sprite, theme.TEXT_DIM, (icon / 2, icon / 2), ring, 1)
            UIImage(
                pygame.Rect(pad, y + (2 * line - icon) // 2, icon, icon),
                sprite,
                ui,
                container=self.panel,
            )
            title = UILabel(
                pygame.Rect(text_left, y, text_width * 3 // 5, line),
                "",
                ui,
                container=self.panel,
                object_id="@heading",
            )
            count = UILabel(
                pygame.Rect(text_left + text_width * 3 // 5, y, text_width * 2 // 5, line),
                "",
                ui,
                container=self.panel,
                object_id="@right",
            )
            player = UILabel(
                pygame.Rect(text_left, y + line, text_width * 3 // 4, line),
                "",
                ui,
                container=self.panel,
                object_id="@dim",
            )
            # Large enough to read at a glance: taller than a line, reaching into the gap below.
            clock = UILabel(
                pygame.Rect(
                    text_left + text_width * 3 // 5, y + line - 2, text_width * 2 // 5, line + 8
                ),
                "",
                ui,
                container=self.panel,
                object_id="@clock",
            )
            self.side_labels.append((title, count, player, clock))
            y += 2 * line + unit
        self._counter_top = y
        """Where the stalemate counter's rows start: a review's words start there instead."""
        self.counter = UILabel(
            pygame.Rect(pad, y, width, small), "", ui, container=self.panel, object_id="@small"
        )
        y += small
        # What it counts, always shown (a count alone was a riddle): two rows fit at 720x480.
        self.counter_rule = UILabel(
            pygame.Rect(pad, y, width, small), "", ui, container=self.panel, object_id="@dim"
        )
        y += small
        self._share = 0.0
        self.counter_bar = UIStatusBar(
            pygame.Rect(pad, y + 2, width, max(4, unit * 6 // 10)),
            ui,
            percent_method=lambda: self._share,
            container=self.panel,
        )
        y += unit + unit // 2
        # One wrapping box for the AI's lines: a long line takes a second row, never an ellipsis.
        # Six lines; none between two players, whose move list takes the room instead.
        # At least FIGURES_ROWS rows of the smallest text: in a small window, whose text is
        # large for its grid, a review's longest words need them.
        rows_height = FIGURES_ROWS * fonts.font(theme.MIN_TEXT).get_linesize() + 6
        figures_height = max(round(12.5 * unit), rows_height) if figures else 0
        self.search = UITextBox(
            "",
            pygame.Rect(pad, y, width, max(1, figures_height)),
            ui,
            container=self.panel,
            object_id="#figures",
        )
        # Lines as close as the labels above them (pygame_gui spaces a text box's lines by
        # 1.25): the parser's and the layout's spacing both, or the rows stay 1.25 apart.
        self.search.parser.line_spacing = 1.0
        self.search.line_spacing = 1.0
        if not figures:
            self.search.hide()
        self._search_shown: tuple[str, ...] | None = None
        # The box is as tall as its lines (`_fit_figures`), the list's heading right under it
        # and the list taking the rest: no empty band between the AI's lines and the moves.
        self._figures_top = y
        self._figures_home = y
        """Where the box stands outside a review (in one it stands under the move list)."""
        self._figures_max = figures_height
        self._review_room = y - self._counter_top
        """The height a review takes from the counter's rows for its words (`_review_look`)."""
        self._reviewing = False
        self._figures_shown = figures_height
        self._figures_key: object = None
        """The position the box last fitted its lines at: it grows at once and shrinks only
        at another position, so the list does not jump while the AI's figures come in."""
        # A gap: a box filled to its last row does not run into the list's heading below.
        self._figures_gap = unit // 2 if figures else 0
        y += figures_height + self._figures_gap
        self.moves_title = UILabel(
            pygame.Rect(pad, y, width, line), "", ui, container=self.panel, object_id="@dim"
        )
        self._title_line = line
        y += line + 2
        bottom = rect.height - buttons_height - unit
        self._list_bottom = bottom
        # The list scrolls inside a framed well below its heading, so a row scrolled half out
        # of view is cut at the well's edge, clearly apart from the heading above it.
        inset = 3
        self._inset = inset
        self.move_row = round(2.3 * unit)
        """The list's row pitch: a row's height, stretched a little so whole rows fill the
        well down to the buttons (`_place_list`)."""
        self._row_height = self.move_row
        """A row's widgets' height (the pitch before stretching)."""
        # Whole rows only: the well is as tall as the rows that fit, so none shows half cut.
        rows = max(2, (bottom - y - 2 * inset) // self.move_row)
        well = pygame.Rect(pad, y, width, rows * self.move_row + 2 * inset)
        self.well = UIPanel(well, manager=ui, container=self.panel, object_id="#move_well")
        self.moves = UIScrollingContainer(
            well.inflate(-2 * inset, -2 * inset),
            ui,
            container=self.panel,
            starting_height=2,
            allow_scroll_x=False,
            object_id="#move_list",
        )
        self.cells: list[MoveCell] = []
        """The moves in view (and a row's worth around them), in game order."""
        # Only the rows in view are widgets: a pool of rows, each moved to the row of the game
        # that comes into view as the list scrolls. A pygame_gui element this deep in
        # containers takes milliseconds to create (its theme ids), so one per move made a long
        # game's list take seconds to build.
        self._pool: list[_Row] = []
        # Enough rows for the tallest the well becomes (under an empty figures box).
        tallest = bottom - (self._counter_top + line + 2) - 2 * inset
        self._pool_size = -(-max(tallest, self.moves.rect.height) // self.move_row) + 1
        self._rows: list[tuple[str, str, str]] = []
        self._first_row = -1
        self._hold_rows: int | None = None
        """Where the list was scrolled to when the well's foot alone moved (a review's words changed height): its rows stay put."""
        self._kept: tuple[int, int, object] | None = None
        """Where the list of the panel this one replaces was scrolled (`keep_scroll`)."""
        self._marks: dict[int, MoveMark] = {}
        self.buttons_top = rect.top + bottom + unit // 2
        self._shown: dict[int, str] = {}
        self._clock_ids: dict[int, str] = {}
        self._lines: PanelLines | None = None
        self._list_key: tuple[object, ...] | None = None
        self._current: int | None = None
        self._undone_after: int | None = None
        self._standing = 0
        """How many moves the game has as it stands: later ones were taken back (Undo)."""
        """The ply after which the list's moves are undone (greyed), or None."""
        self.scroll_pending = False
        """The list was told to scroll to the current move: the next frame shows it there."""
        self.search_words: Callable[[], tuple[str, ...]] | None = None
        """Lines shown instead of the AI's figures (a game review's words for the move shown)."""
        self.bar_hidden: Callable[[], bool] | None = None
        """Whether the evaluation bar is off: the header's free right side then names its key
        (it is off in a new player's games against the AI, as lichess has it)."""
        self.shown_position: Callable[[], Position | None] | None = None
        """The position on the board when it is not the game's (a review's better line), or
        None: the sides' titles and counts describe the board shown."""
        self._place_list()

    # --- keeping in step -----------------------------------------------------------------------

    def _set(self, label: UILabel, text: str) -> None:
        """Change a label's text only when it differs (setting it re-renders the label)."""
        if self._shown.get(id(label)) != text:
            self._shown[id(label)] = text
            label.set_text(fit_label(label, text))

    def sync(self, game: Game) -> bool:
        """Show the game as it is now; True if anything changed."""
        shown = self.shown_position() if self.shown_position is not None else None
        lines = panel_lines(game, shown)
        if self.search_words is not None:
            lines = replace(lines, search=(*self.search_words(), "", "", "", "", "")[:5])
        self._review_look(self.search_words is not None)
        if not lines.header_right and self.bar_hidden is not None and self.bar_hidden():
            lines = replace(lines, header_right=BAR_KEY_WORDS)
        changed = lines != self._lines
        if changed:
            self._lines = lines
            self._set(self.header, lines.header)
            self._set(self.header_right, lines.header_right)
            for (title, count, player, clock), mark, texts, side in zip(
                self.side_labels, self.side_marks, lines.sides, (BLACK, WHITE)
            ):
                self._set(title, texts[0])
                self._set(count, _first_fitting(count, _count_forms(texts[1])))
                # Without a clock the player's words take the whole row (no ellipsis).
                width = self.text_width * 3 // 5 if texts[3] else self.text_width
                if player.relative_rect.width != width:
                    player.set_dimensions((width, player.relative_rect.height))
                    self._shown.pop(id(player), None)  # fitted again to the new width
                self._set(player, _first_fitting(player, texts[2]))
                self._set(clock, texts[3])
                self._clock_look(clock, game, side)
                if texts[4] != mark.visible:
                    mark.show() if texts[4] else mark.hide()
            counted, rule = lines.counter
            self._set(self.counter, counted)
            self._set(self.counter_rule, rule)
            self._share = lines.counter_share
            # The box may shrink at another position, or once a search ends: the hint's
            # two lines stood over the two empty rows its search's four had taken (walk
            # of 2026-11-30); while a search runs its lines come and go, and the list stays.
            # With no search running, new lines are a new box (walk 2026-11-30q: End in a
            # paused game put the AI's four lines away and left their rows empty).
            idle = game.thinking is None
            self._sync_search(
                lines.search, (game.record.ply, shown, lines.search if idle else None)
            )
            self._set(self.moves_title, lines.moves_title)
        return self._sync_moves(game) or changed

    def _review_look(self, reviewing: bool) -> None:
        """A review's panel: the stalemate counter's rows give their room to the review's words
        for the move shown and the move list under them (a player going over a finished game
        moves about in it; the count at the move shown is not what they came for). The walk
        at 720x480 saw the words need a scroll bar and the list show three rows."""
        if reviewing == self._reviewing or not self._figures_max:
            return
        self._reviewing = reviewing
        widgets: tuple[UIElement, ...] = (self.counter, self.counter_rule, self.counter_bar)
        for widget in widgets:
            widget.hide() if reviewing else widget.show()
        self._figures_max += self._review_room if reviewing else -self._review_room
        self._figures_top = self._figures_home  # under the list in a review (`_place_list`)
        self.search.set_relative_position((self.search.relative_rect.left, self._figures_top))
        self._search_shown = None  # fitted again to the new room
        self._figures_key = None
        self._figures_shown = -1  # the list placed again under it

    def _clock_look(self, label: UILabel, game: Game, side: Side) -> None:
        """A clock under LOW_TIME seconds turns the warning colour."""
        low = game.timer is not None and game.timer.remaining(side) < LOW_TIME
        object_id = "@clock_low" if low else "@clock"
        if self._clock_ids.get(id(label), "@clock") != object_id:
            self._clock_ids[id(label)] = object_id
            label.change_object_id(ObjectID(object_id=object_id))
            self._shown.pop(id(label), None)

    def _sync_search(self, lines: tuple[str, ...], at: object = None) -> None:
        """The AI's lines, the first as a heading, each wrapped to the panel's width, in a box
        as tall as they are (`at`: the position shown, where the box may shrink)."""
        if lines == self._search_shown and at == self._figures_key:
            return
        self._search_shown = lines
        accent = "#{:02x}{:02x}{:02x}".format(*theme.TEXT_ACCENT)
        # The line the AI expects: its first moves, as many as fit a row.
        lines = tuple(self._one_row(line) if line.startswith(EXPECTS) else line for line in lines)
        shown = [html.escape(line) for line in lines if line]
        if shown and lines[0]:
            shown[0] = f"<font color='{accent}'><b>{shown[0]}</b></font>"
        # A number keeps its unit, a sentence its last two words (a review's note, the AI's).
        text = hold_words("<br>".join(shown))
        if not self._figures_max:
            fit_text(self.search, text)
            return
        width = self.search.rect.width
        if self.search.rect.height != self._figures_max:
            self.search.set_dimensions((width, self._figures_max))  # room to fit it first
        fit_text(self.search, text)
        needed = self._figures_needed(bool(shown))
        if needed < self._figures_shown and at == self._figures_key:
            needed = self._figures_shown  # the same position: grown, never shrunk
        self._figures_key = at
        if needed != self.search.rect.height:
            self.search.set_dimensions((width, needed))
            self.search.rebuild()  # its text laid out again in the new height
        if needed != self._figures_shown:
            self._figures_shown = needed
            self._place_list()

    def _figures_needed(self, any_text: bool) -> int:
        """The figures box's height for the text it holds: its rows and its frame (the whole
        box when the text needs a scroll bar), none when it has no text."""
        box = self.search
        layout = box.text_box_layout
        rows = layout.layout_rows if layout is not None else []
        if not any_text or not rows:
            return 0
        if box.scroll_bar is not None:
            return self._figures_max
        frame = box.padding[1] + box.border_width["top"] + box.shadow_width
        return int(min(self._figures_max, rows[-1].bottom + 2 * frame + 2))

    def _place_list(self) -> None:
        """The list's heading right under the figures box, the well taking what is left down to
        the buttons (whole rows), the rows in view placed again."""
        pad, inset, row = self.search.relative_rect.left, self._inset, self._row_height
        width = self.well.relative_rect.width
        if self._reviewing:
            self._place_review_list()
            return
        y = self._figures_top + self._figures_shown + self._figures_gap
        room = self._list_bottom - y - self._title_line - 2 - 2 * inset
        rows = max(2, room // row)
        # What whole rows leave (under a row) goes to the rows, each a little taller apart,
        # so the heading sits under the words and the well ends at the buttons: the walk of
        # 2026-11-29c saw the leftover as an empty band over the heading. A few rows stretch
        # by a quarter at most, the rest then going above the heading; the pixels whole
        # pixels of pitch leave (fewer than the rows) stay under the well.
        stretched = room // rows
        row = max(row, min(stretched, row + row // 4))
        self._set_pitch(row)
        if row < stretched:
            y += max(0, room - rows * row)
        self.moves_title.set_relative_position((pad, y))
        y += self._title_line + 2
        self.well.set_relative_position((pad, y))
        self.well.set_dimensions((width, rows * row + 2 * inset))
        self.moves.set_relative_position((pad + inset, y + inset))
        self.moves.set_dimensions((width - 2 * inset, rows * row))
        self._first_row = -1  # placed and scrolled again for the new height
        self._current = None
        self._list_key = None  # its scrolled length again, at the new pitch

    def scrolled(self) -> tuple[int, int, object]:
        """Where the list is scrolled: how far down, at what pitch, for which moves."""
        shown_top = int(-self.moves.scrollable_container.relative_rect.top)
        return shown_top, self.move_row, self._list_key

    def keep_scroll(self, scrolled: tuple[int, int, object]) -> None:
        """Scroll the list as the panel this one replaces had it (`scrolled`), where it
        shows the same moves at the same pitch: a card or the menu closed, the rows stay
        under the pointer."""
        self._kept = scrolled

    def _set_pitch(self, row: int) -> None:
        """The list's rows `row` pixels apart: where that changes (the AI's lines above the
        list changed height, and the rows' pitch with them), every row in view is placed again;
        the walk of 2026-11-30 saw rows kept at the old pitch drawn over new ones while an
        AI-vs-AI game went on."""
        if row != self.move_row:
            for pooled in self._pool:
                pooled.shows = None
        self.move_row = row

    def _place_review_list(self) -> None:
        """A review's panel: the list's heading where the stalemate counter stood, the well
        under it, the review's words for the move shown under the well, each as tall as it
        needs. The well's top and its rows' pitch stay put from move to move, only its foot
        following the words' height: the walk of 2026-11-29d saw the list (then under the
        words) jump up and down as the words changed height, and a click land on another move
        than the one under the pointer. What whole rows leave (under a row) is shared over and
        under the words."""
        pad, inset, row = self.search.relative_rect.left, self._inset, self._row_height
        width = self.well.relative_rect.width
        y = self._counter_top
        self.moves_title.set_relative_position((pad, y))
        y += self._title_line + 2
        words = max(0, self._figures_shown)
        below = self._figures_gap + words if words else 0
        rows = max(2, (self._list_bottom - y - 2 * inset - below) // row)
        # Only the well's foot moved: the rows keep their place under the pointer (not pulled
        # down to a foot grown under the last row, `_sync_moves`).
        held = self.move_row == row and self.well.relative_rect.top == y
        self._hold_rows = int(-self.moves.scrollable_container.relative_rect.top) if held else None
        self._set_pitch(row)
        self.well.set_relative_position((pad, y))
        self.well.set_dimensions((width, rows * row + 2 * inset))
        self.moves.set_relative_position((pad + inset, y + inset))
        self.moves.set_dimensions((width - 2 * inset, rows * row))
        # What whole rows leave, under a row, shared over and under the words: no band as tall
        # as a row at either side of them (the walk at 1280x800 would have had it all under
        # them, over the buttons).
        spare = self._list_bottom - y - 2 * inset - below - rows * row
        self._figures_top = y + rows * row + 2 * inset + self._figures_gap + spare // 2
        self.search.set_relative_position((pad, self._figures_top))
        self._first_row = -1  # placed and scrolled again for the new height
        self._current = None
        self._list_key = None  # its scrolled length again

    def _one_row(self, text: str) -> str:
        """`text` (words, then a line of moves) in one row of the figures: whole, else cut
        after a move where no capture is pending, saying how many moves are left (`(+3
        more)`), else as many moves as fit (captures all along). A cut in an exchange (the
        review's `Better line: 9-14 22-18 15x22 25x18x9` at 720x480) tells a wrong story."""
        font = self.moves_title.font  # the figures' size
        room = self.search.rect.width - 8
        if font is None or font.size(text)[0] <= room:
            return text
        words = text.split()
        first = next((i for i, word in enumerate(words) if _MOVE.fullmatch(word)), len(words))
        head, moves = words[:first], words[first:]
        for shown in range(len(moves) - 1, 0, -1):
            if "x" in moves[shown]:
                continue  # captures are compulsory: the next move taking means one is pending
            cut = " ".join([*head, *moves[:shown]]) + f" (+{len(moves) - shown} more)"
            if font.size(cut)[0] <= room:
                return cut
        # No quiet point in a row's reach (captures all along): as many moves as fit.
        for shown in range(len(moves) - 1, 0, -1):
            cut = " ".join([*head, *moves[:shown]]) + f" (+{len(moves) - shown} more)"
            if font.size(cut)[0] <= room or shown == 1:
                return cut
        return text

    def _sync_moves(self, game: Game) -> bool:
        """The rows in view in step with the game, the scroll and the marks; True if any
        widget changed."""
        black_first = game.record.start.turn is BLACK
        key = (game.record.line, black_first)
        changed = False
        if key != self._list_key:
            self._list_key = key
            self._rows = move_rows(game.record.line, black_first)
            # Room below the last row: the scroll bar's rounding (up to half a row when the
            # handle is dragged to the foot) never cuts it.
            content = max(1, len(self._rows) * self.move_row + self.move_row // 2 + 4)
            # The rows stay within the list. A view grown while scrolled to the foot (a
            # review gives the list the counter's rows) would reach past the rows: pygame_gui
            # then counts the empty space under them as part of what scrolls, and the list
            # showed three empty rows under its last with the bar's thumb at the foot; the
            # rows are pulled down to the view's foot. Where the well's foot alone moved, the
            # rows stay where they were, under the pointer.
            inner = self.moves.scrollable_container
            lowest = min(0, self.moves.rect.height - content)
            top = max(lowest, min(0, inner.relative_rect.top))
            kept = self._kept if self._kept and self._kept[1:] == (self.move_row, key) else None
            if self._hold_rows is not None or kept is not None:
                # Where the well's foot alone moved, the rows stay put; a panel built again
                # (a card or the menu closed) has its list as the last one had it. The move
                # shown stays in view, the rows moving as little as that takes, not
                # centred on it: walk 2026-12-01ac closed a Why? card, the panel was built
                # again, its list centred the move shown, and two clicks landed on the
                # wrong move.
                if self._hold_rows is not None:
                    top = -self._hold_rows
                elif kept is not None:
                    top = max(lowest, min(0, -kept[0]))
                wanted = self.cell_row(game.record.ply, black_first) * self.move_row
                height = int(self.moves.rect.height) // self.move_row * self.move_row
                shown_top = min(max(-top, wanted + self.move_row - height), wanted)
                if shown_top != -top:
                    top = max(lowest, min(0, -shown_top))
            elif self._current is None and not ply_in_view(self, game, top):
                # A list built or placed again (the lines above it changed height, and the
                # pitch with them): the move shown at once, not glided to over frames from rows
                # half cut (walk 2026-11-30s: at game over the list showed half a row at its
                # top, then only two rows, for a second on a busy machine).
                wanted = self.cell_row(game.record.ply, black_first) * self.move_row
                top = max(lowest, -self.centred(wanted))
            inner.set_relative_position((inner.relative_rect.left, top))
            self.moves.set_scrollable_area_dimensions(
                (self.moves.rect.width - self.unit * 2, content)
            )
            self._settle_bar()
            self._first_row = -1
            self._current = None
            self._hold_rows = None
            self._kept = None
            changed = True
        ply = game.record.ply
        if ply != self._current:
            self._current = ply
            self.scroll_to(ply)
            changed = True
        # Moves taken back wait for redo (a move played now drops them): greyed, as the moves
        # of a game that goes on. A finished game's later moves are its moves, not greyed.
        undone = ply if not game.finished and ply < len(game.record.line) else None
        standing = game.standing_plies()
        if undone != self._undone_after or standing != self._standing:
            self._undone_after = undone
            self._standing = standing
            changed = True
        first = self._row_in_view()
        if first != self._first_row:
            self._first_row = first
            self._place_rows(first, black_first)
            changed = True
        elif changed:
            self._restyle()
        return self._clip_rows() or changed

    def _settle_bar(self) -> None:
        """The scroll bar set from where the rows are. pygame_gui sets its bar from the
        thumb's height before the change when the well or the list changes height, then places
        the rows from the bar: after a hint grew the lines above the list at 720x480, a
        100-pixel thumb in a 49-pixel track put the rows 112 pixels down, under an empty well,
        and other changes left them rows away from the last move. By now the thumb is the
        right height: the bar is set again from the rows, which stay where they are."""
        bar = self.moves.vert_scroll_bar
        if bar is None:
            return
        top = self.moves.scrollable_container.relative_rect.top
        bar.set_scroll_from_start_percentage(-top / max(1, self.moves.scrolling_height))
        bar.has_moved_recently = False

    def _clip_rows(self) -> bool:
        """Show only the rows wholly in view: a row the scroll leaves half in the well is
        hidden until it is whole again (the list never shows half-cut rows); True if any
        changed."""
        shown_top = -self.moves.scrollable_container.relative_rect.top
        bottom = shown_top + self.moves.rect.height
        changed = False
        for row in self._pool:
            y = row.index * self.move_row
            cut = row.index >= 0 and not (shown_top <= y and y + self.move_row <= bottom)
            if cut == row.cut or row.index < 0:
                continue
            row.cut = cut
            changed = True
            row.number.hide() if cut else row.number.show()
            for column, button in enumerate(row.buttons):
                if cut:
                    button.hide()
                elif row.plies[column] is not None:
                    button.show()
        return changed

    def _row_in_view(self) -> int:
        """The first row of the game the pool shows: the row at the top of the view, or
        fewer when the pool reaches the end."""
        shown_top = int(-self.moves.scrollable_container.relative_rect.top)
        last_first = max(0, len(self._rows) - self._pool_size)
        return int(max(0, min(shown_top // self.move_row, last_first)))

    def _new_row(self) -> _Row:
        """A pool row's widgets (hidden until placed)."""
        width = self.moves.rect.width - self.unit * 2  # room for the scroll bar
        number_width = width // 5
        half = (width - number_width) // 2
        height = self._row_height
        container = self.moves.get_container()
        number = UILabel(
            pygame.Rect(0, 0, number_width, height),
            "",
            self.ui,
            container=container,
            object_id="@dim",
            visible=0,
        )
        buttons = tuple(
            UIButton(
                pygame.Rect(number_width + column * half, 0, half - 2, height),
                "",
                self.ui,
                container=container,
                object_id=ObjectID(object_id=None, class_id="@move"),
                visible=0,
            )
            for column in (0, 1)
        )
        return _Row(number, (buttons[0], buttons[1]))

    def _place_rows(self, first: int, black_first: bool) -> None:
        """Show rows `first`... of the game in the pool (grown as needed), hide the rest."""
        wanted = min(self._pool_size, len(self._rows) - first)
        while len(self._pool) < wanted:
            self._pool.append(self._new_row())
        offset = 0 if black_first else 1  # a `...` fills Black's cell when White began
        # A row still in view keeps its widgets: as the list glides by a row per frame, only
        # the row coming into view is drawn again (new text costs a redraw of every state).
        indices = range(first, first + wanted)
        kept = {
            row.index: row
            for row in self._pool
            if row.index in indices and row.shows == (self._rows[row.index], offset)
        }
        free = iter(row for row in self._pool if row.index not in kept)
        placing = [
            (kept[index], index) if index in kept else (next(free), index) for index in indices
        ]
        placing += [(row, -1) for row in free]
        for row, index in placing:
            shows = (self._rows[index], offset) if index >= 0 else None
            if index == row.index and shows == row.shows:
                continue
            row.index, row.shows = index, shows
            row.cut = False  # placed afresh: `_clip_rows` decides again
            if index < 0:
                row.number.hide()
                for column, button in enumerate(row.buttons):
                    button.hide()
                    row.plies[column] = None
                continue
            y = index * self.move_row
            texts = self._rows[index]
            row.number.set_relative_position((0, y))
            row.number.set_text(texts[0])
            row.number.show()
            for column, button in enumerate(row.buttons):
                text = texts[column + 1]
                if not text or text == "...":
                    button.hide()
                    row.plies[column] = None
                    continue
                row.plies[column] = 2 * index + column + 1 - offset
                button.set_relative_position((button.relative_rect.left, y))
                button.show()
        self._restyle()

    def _restyle(self) -> None:
        """Each button in view with its move's text, mark, tooltip and selection; `cells`."""
        key = self._list_key
        black_first = bool(key[1]) if key is not None else True
        cells = []
        for row in sorted(self._pool, key=lambda row: row.index):
            for column, button in enumerate(row.buttons):
                ply = row.plies[column]
                if ply is None:
                    continue
                cells.append(MoveCell(button, ply))
                text = self._rows[row.index][column + 1]
                mark = self._marks.get(ply)
                tip = f"Show the position after {move_label(ply, black_first)}"
                undone = self._undone_after is not None and ply > self._undone_after
                if undone and not mark and ply > self._standing:
                    tip = f"Taken back: Redo plays it again ({move_label(ply, black_first)})"
                elif undone and not mark:
                    # Only stepped back from, not taken back (walk 2026-12-01ag read "Taken
                    # back" of a game under way, browsed in its review).
                    label = move_label(ply, black_first)
                    tip = f"Later in the game: show the position after {label}; a move played"
                    tip += " where the board is drops it"
                look = (
                    text + mark.sign if mark else text,
                    mark.object_id if mark else UNDONE if undone else None,
                    mark.tip if mark else tip,
                    ply == self._current,
                )
                shown = row.looks[column]
                if shown[1] != look[1]:
                    button.change_object_id(ObjectID(object_id=look[1], class_id="@move"))
                if shown[0] != look[0]:
                    button.set_text(look[0])
                if shown[2] != look[2]:
                    button.set_tooltip(look[2])
                if shown[3] != look[3]:
                    button.select() if look[3] else button.unselect()
                if shown != look:
                    _draw_shown_state(button)
                row.looks[column] = look
        self.cells = cells

    def set_marks(self, marks: Mapping[int, MoveMark]) -> bool:
        """Mark these moves (by the ply they lead to) and no others; True if that changed any."""
        if dict(marks) == self._marks:
            return False
        self._marks = dict(marks)
        self._restyle()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a move shows the position after it; True if the event was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for cell in self.cells:
            if cell.button is event.ui_element:
                self.go_to(cell.ply)
                return True
        return False

    def cell_row(self, ply: int, black_first: bool) -> int:
        """The list's row that holds the move leading to `ply` (0 for the start)."""
        return (ply - 1 + (0 if black_first else 1)) // 2 if ply > 0 else 0

    def scroll_to(self, ply: int) -> None:
        """Scroll the list so the move leading to `ply` is in view (in the middle, if it had to
        move)."""
        bar = self.moves.vert_scroll_bar
        key = self._list_key
        if bar is None or key is None:
            return
        black_first = bool(key[1])
        top = self.cell_row(ply, black_first) * self.move_row
        if self.row_in_view(top, -int(self.moves.scrollable_container.relative_rect.top)):
            return
        total = max(1, self.moves.scrolling_height)
        bar.set_scroll_from_start_percentage(self.centred(top) / total)
        self.scroll_pending = True

    def row_in_view(self, top: int, shown_top: int) -> bool:
        """Whether the list's row `top` pixels from its first lies wholly in the view, whose
        top is `shown_top` pixels down the list."""
        return bool(shown_top <= top and top + self.move_row <= shown_top + self.moves.rect.height)

    def centred(self, top: int) -> int:
        """How far down the list the view starts to show the row `top` pixels from its first
        in its middle, in whole rows from the top of the well (no row shows half cut)."""
        row = self.move_row
        return max(0, (top // row - (int(self.moves.rect.height) // row) // 2) * row)

    def scrolling(self) -> bool:
        """Whether the list is still gliding to where it was told to go (frames are needed)."""
        bar = self.moves.vert_scroll_bar
        if bar is None:
            return self.scroll_pending
        # The wheel sets a target past the ends, which pygame_gui never reaches: a glide
        # ends where the bar stops (else frames would run on while nothing moves).
        foot = bar.bottom_limit - (
            bar.sliding_button.relative_rect.height if bar.sliding_button else 0
        )
        target = min(max(bar.target_scroll_position, bar.top_limit), foot)
        return abs(bar.scroll_position - target) > 0.5 or self.scroll_pending

    def visible_plies(self) -> list[int]:
        """The plies whose move is wholly in view in the list."""
        shown_top = -self.moves.scrollable_container.relative_rect.top
        height = self.moves.rect.height
        return [
            cell.ply
            for cell in self.cells
            if shown_top <= cell.button.relative_rect.top
            and cell.button.relative_rect.bottom <= shown_top + height
        ]
