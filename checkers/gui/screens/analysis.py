"""The analysis board: a copy of the game's position to move pieces on for both sides, with the
engine's best lines live beside it, arrows for the best line and the evaluation bar.

The game below is never touched: this screen plays on its own record (the game's moves so far,
replayed, so repetitions and the 40-move count carry over). The engine analyses the position on
the board in the AI's own process (`AIClient.analyse`), reporting the best lines after every
completed depth until the position changes or the board closes, which cancels it. The words
(scores labelled with whose view, lines numbered as players write them) come from
`checkers.gui.explaining`, pure code; this module only lays them out.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from checkers.ai.search import SearchRequest
from checkers.board import BLACK, Move, Position, Side
from checkers.board_geometry import BoardGeometry
from checkers.coach.explain import MAX_LINES, Analysis
from checkers.coach.judgement import Judgement, Judgements, kept_over
from checkers.gui import fonts, theme
from checkers.gui.aiworker import AIAnalysis, AIError
from checkers.gui.board_input import board_event
from checkers.gui.board_view.render import BoardView
from checkers.gui.board_view.selection import Drag, Selector
from checkers.gui.cards import HEADING_TEXT, grid_unit, text_row
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.explaining import (
    LineRow,
    analysis_rows,
    best_line_moves,
    line_words,
    move_number,
)
from checkers.gui.explorer_pane import (
    WAY_BACK_HERE,
    WAY_BACK_IN_GAME,
    ArchivePicked,
    ExplorerPane,
    legal_move,
)
from checkers.gui.intents import Analysed, Back, PickArchive
from checkers.gui.layout import GameLayout, game_layout, status_height
from checkers.gui.ui import Actions, HoverTips, fit_label, fit_text, hold_words, side_panel
from checkers.gui.why_board import read_line
from checkers.gui.wording import (
    bar_number,
    black_share,
    move_label,
    score_words,
    settled_words,
    thinking_words,
)
from checkers.notation import depth_words, numbered_moves
from checkers.record import GameRecord, ended_words
from checkers.review import one_ply_on

__all__ = ["ARROW_MOVES", "LINES", "AnalysisScreen"]

LINES = 3
"""How many of the best moves the board shows."""

ARROW_MOVES = 3
"""How many moves of the best line the board draws as arrows (the move, the reply, the next)."""

FIGURES_TEXT = 15
"""The lines' box's text size (`#figures` in the theme)."""

NOTE = "The game is kept as it was: Esc goes back to it."
"""Under the panel's title: this board is a scratch pad."""
EXPLORER_LINES = "The engine's best lines"
"""The heading of the engine's lines under the explorer's words, where the panel has room."""
EXPLORER_LINES_SHORT = "Engine"
"""That heading in a small window, where the long one would leave room for one line only."""
_INSET = 2
"""Pixels between the lines' frame and their box."""
_GAP = 4
"""Pixels between the explorer's words and the lines' frame under them."""

EXPLORER_HINT = (
    "The games played here: click a move to play it (O: the engine's lines). Arrows 1, 2, 3:"
    " the engine's best line (the move, the reply, the next move)."
)

POLL_SECONDS = 0.2
"""How often the window looks for the engine's next depth while it analyses: past the first
depths they come seconds apart, and each look draws a frame (every 0.1 s cost the window about
8% of a core under SDL's dummy driver, every 0.2 s about 5%)."""


class AnalysisScreen(ScreenBase):
    """A board of its own for the position after the game's `moves` from `start`."""

    def __init__(
        self,
        context: ScreenContext,
        start: Position,
        moves: tuple[Move, ...],
        flipped: bool = False,
        human: Side | None = None,
        explorer: bool = False,
        known: Judgements | None = None,
        playing: Path | None = None,
    ) -> None:
        super().__init__(context)
        self.disabled_tips = HoverTips(context.ui)
        """Why a greyed button is off (pygame_gui shows an enabled button's tooltip only)."""
        self.playing = playing
        """The file the game is kept in, which the explorer leaves out (`ExplorerPane`)."""
        self.human = human
        self.known = known if known is not None else Judgements()
        """The game's one judgement of each position, which this board's searches add to: a
        search started again (the explorer shown or hidden, a move taken back) does not drop
        the bar back, and the game's panel shows what the board found."""
        """The player in a game against the AI: the scores are told from their side."""
        base = GameRecord.replay(moves, start)
        self.game_position = base.position
        self.base_ply = len(moves)
        self.black_first = start.turn is BLACK
        self.records: list[GameRecord] = [base]
        """The lines played here: the game's record copied, and one more each time the side to
        move is switched (a switch is a position no move leads to)."""
        self.flipped = flipped
        self.selector = Selector(base.position)
        self.drag: Drag | None = None
        self.analysis: Analysis | None = None
        """The engine's lines for the position on the board (None until its first depth)."""
        self.finished = False
        """Whether the analysis of this position is over (every line proven, or nothing to
        analyse); otherwise it goes on deepening."""
        self.request: int | None = None
        self.searched_seconds = 0.0
        """How long the search under way has run (said while it deepens)."""
        # What the numbered arrows are, said once: the walk of 2026-11-30i read 1 and 3 as two
        # moves to choose from and 2 as the reply to 1.
        self.status = (
            "Arrows 1, 2, 3: the best line (the move, the reply, the next move). Move for either"
            " side; U undoes a move, Esc goes back to the game."
        )
        self.actions = Actions()
        self.widgets: dict[str, UIButton] = {}
        """The buttons by name (`back`, `reset`, `best`, `switch`, `flip`, `close`), for tests."""
        self.labels: dict[str, UILabel] = {}
        self.status_box: UITextBox | None = None
        self.lines_box: UITextBox | None = None
        """The engine's state and its best lines, wrapped (a long line takes more rows)."""
        self.well: UIPanel | None = None
        """The frame the lines' box sits in (with the explorer, under its words where the panel
        has room for a line, else hidden)."""
        self._lines_foot = 0
        """Where the lines' frame ends (over the buttons)."""
        self._shown: dict[str, str] = {}
        self._widgets_changed = False
        self._layer = 1
        self.explorer: ExplorerPane | None = (
            ExplorerPane(human=human, known=self.known, playing=playing) if explorer else None
        )
        """The explorer pane while it is shown (O shows and hides it), in the engine's place."""
        if explorer:
            self.status = EXPLORER_HINT
        self.keymap: dict[str, Callable[[], None]] = {
            "escape": self.back_to_game,
            "a": self.back_to_game,
            "u": self.take_back,
            "backspace": self.take_back,
            "left": self.take_back,
            "ctrl+z": self.take_back,
            "home": self.reset,
            "space": self.play_best,
            "return": self.play_best,
            "x": self.switch_side,
            "f": self.flip,
            "o": self.toggle_explorer,
        }
        self._analyse()

    # --- the position ----------------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The line being played on the board now."""
        return self.records[-1]

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    def moves_here(self) -> int:
        """How many moves (and side switches) were made on this board since it opened."""
        first = self.records[0].ply - self.base_ply
        return first + sum(1 + record.ply for record in self.records[1:])

    def _number(self) -> tuple[int, bool]:
        """(the move number, whether Black plays it) of the position on the board."""
        if len(self.records) == 1:
            return move_number(self.record.ply, self.black_first)
        start = self.record.start
        return 1, start.turn is BLACK  # a switched position starts its own count

    def _analyse(self) -> None:
        """Start analysing the position on the board (the search under way is cancelled)."""
        self.selector = Selector(self.position)
        self.analysis = None
        self.finished = False
        record = self.record
        if record.outcome is not None or not record.legal_moves():
            self.finished = True
            self.request = None
            self.context.ai.cancel()
            return
        # Every move is scored, the explorer shown or not: the games' moves each get theirs,
        # and opening the explorer does not start another search whose figures, at the depth
        # the first had reached, differ from it (walk 2026-12-01x: "+0.80, looked 21 turns
        # ahead", then "+0.45, thinking... 21 turns ahead" for one position).
        lines = min(len(record.legal_moves()), MAX_LINES)
        self.request = self.context.ai.analyse(SearchRequest.from_record(record), lines)
        self.searched_seconds = 0.0

    def play(self, move: Move) -> None:
        """Make a legal move on this board (never in the game)."""
        self.record.play(move)
        self.status = f"{move.pdn()} played on the analysis board."
        self._analyse()

    def can_take_back(self) -> bool:
        """Whether a move (or a switch of the side to move) was made here to take back."""
        if len(self.records) > 1:
            return True
        return self.record.ply > self.base_ply

    def way_back(self) -> str:
        """How to step back towards the start from the position on the board, for the
        explorer's advice: this board's keys where a move was made here, the game's where the
        board is on the game's position (its Left and Home take back nothing here), else ''."""
        if self.can_take_back():
            return WAY_BACK_HERE
        return WAY_BACK_IN_GAME if self.base_ply > 0 else ""

    def take_back(self) -> None:
        """Take back the last move made on this board (never one of the game's)."""
        if len(self.records) > 1 and self.record.ply == 0:
            self.records.pop()
            self.status = "Took back the switch of the side to move."
        elif self.record.ply > (self.base_ply if len(self.records) == 1 else 0):
            move = self.record.undo()
            self.status = f"Took back {move.pdn() if move else 'a move'}."
        else:
            self.status = "This is the game's position: nothing to take back here."
            return
        self._analyse()

    def reset(self) -> None:
        """Back to the game's position (every move made here is dropped)."""
        if self.moves_here() == 0:
            self.status = "This is the game's position already."
            return
        base = self.records[0]
        self.records = [GameRecord.replay(base.moves[: self.base_ply], base.start)]
        self.status = "Back to the game's position."
        self._analyse()

    def switch_side(self) -> None:
        """Give the move to the other side in the same position (its own line from here)."""
        position = self.position
        switched = Position.from_pieces(position.piece_map(), position.turn.opponent)
        self.records.append(GameRecord(switched))
        self.status = f"{switched.turn.name.capitalize()} to move now (U switches back)."
        self._analyse()

    def is_over(self) -> bool:
        """Whether the game would be over in the position on the board (no legal move, or an
        ending the record calls): there is no move to play or to look for."""
        return self.record.outcome is not None or not self.record.legal_moves()

    def play_best(self) -> None:
        """Play the engine's best move so far on this board."""
        if self.is_over():
            self.status = "The game is over here: there is no move to play (U takes back)."
            return
        if self.analysis is None or not self.analysis.lines:
            self.status = "The engine has no move yet for this position."
            return
        moves = best_line_moves(self.analysis.lines, self.position, 1)
        if moves:
            self.play(moves[0])

    def flip(self) -> None:
        """Turn the board around."""
        self.flipped = not self.flipped

    def toggle_explorer(self) -> None:
        """Show the games played in the position in the engine's place, or the engine again."""
        if self.explorer is None:
            self.explorer = ExplorerPane(human=self.human, known=self.known, playing=self.playing)
            self.status = EXPLORER_HINT
        else:
            self.explorer.close()
            self.explorer = None
            self.status = "The engine's best lines (O: the games played here)."
        if self.ui_root is not None:
            self.show_ui(self._layer)

    def play_text(self, text: str) -> None:
        """Play the move written `text` (an explorer row) if it is legal here."""
        move = legal_move(text, self.position)
        if move is not None and self.record.outcome is None:
            self.play(move)

    def pick_archive(self) -> None:
        """Choose a PDN file whose games the explorer adds."""
        self.context.request(PickArchive())

    def receive(self, result: object) -> None:
        """The file the archive picker handed back: added to the explorer."""
        if isinstance(result, ArchivePicked) and self.explorer is not None:
            self.explorer.add(result.path)

    def back_to_game(self) -> None:
        """Close the board: back to the game as it was, with the engine's score of the game's
        position if it analysed it (the game keeps the deepest score of each position)."""
        analysis = self.analysis
        result = None
        if analysis is not None and analysis.lines and self.position == self.game_position:
            best = analysis.lines[0]
            score = best.kept_score  # a forced result too: it stands over any score
            if score is not None:
                found = best.database is not None
                result = Analysed(self.position, score, analysis.depth, found, best.pv)
        self.context.request(Back(result))

    def click(self, square: int | None) -> None:
        """A click on a square: select a piece of the side to move, or move it."""
        if self.record.outcome is not None:
            self.status = "The game would be over here: U takes back, Home returns to the game."
            return
        result = self.selector.click(square)
        if result.move is not None:
            self.play(result.move)
        elif result.message:
            self.status = result.message

    # --- what is shown -----------------------------------------------------------------------

    def rows(self) -> list[LineRow]:
        """The best lines of the position on the board, best first (none before the first
        depth)."""
        if self.analysis is None:
            return []
        number, black = self._number()
        return analysis_rows(self.analysis, self.position.turn, number, black, self.human)

    def arrows(self) -> list[Move]:
        """The best line's first moves, as the board's arrows: the line of the judgement the
        bar and the explorer show. Where a deeper one stands over the search now running (the
        search starts again at each position the board shows, where the game may have looked
        deeper, and a shallower depth may prefer another move for a while), its line: the arrows never name another best move
        than the bar's and the explorer's figures (the walk saw 6-10 drawn beside 15-18)."""
        kept = self._deeper_known()
        if kept is not None and kept.line:
            return list(read_line(kept.line[:ARROW_MOVES], self.position))
        if self.analysis is None:
            return []
        return best_line_moves(self.analysis.lines, self.position, ARROW_MOVES)

    def _remember(self, analysis: Analysis) -> None:
        """Judge the position on the board by the best line's score (the game's judgement
        keeps a deeper one)."""
        best = analysis.lines[0] if analysis.lines else None
        score = best.kept_score if best is not None else None
        if best is None or score is None or best.database is not None:
            return  # (the databases' results the game judges from the databases themselves)
        # With its line: the explorer's row of the best move reads this judgement. A forced
        # result is kept too: it stands over any score, wherever the position is shown again.
        line = tuple(best.pv)
        mover = self.position.turn
        self.known.judge(self.position, Judgement(score, 1.0, mover, analysis.depth, line=line))
        # Every line is an exact score of the position its move leads to, at the same depth
        # (the explorer's table asks for every move): kept too, so Why? of a move from here
        # and the panel after it read the numbers the table shows (walk 2026-11-30c: the
        # explorer's 21-17 even beside the book card's -0.25 for the same move).
        for scored in analysis.lines:
            kept = scored.kept_score
            if kept is None or scored.database is not None or not scored.pv:
                continue
            move = legal_move(scored.move, self.position)
            if move is not None:
                # The move's score from the mover's view; a forced result a ply nearer from
                # the position it leads to (`Judgement.as_move` counts the move back on).
                after = Judgement(one_ply_on(kept), 1.0, mover, analysis.depth, line=scored.pv[1:])
                self.known.judge(self.position.move(move), after)

    def _deeper_known(self) -> Judgement | None:
        """The game's judgement of the position on the board when it looked deeper than the
        search running now (the bar shows it until that search catches up)."""
        return kept_over(self.known, self.position, self.analysis)

    def evaluation(self) -> tuple[float, str] | None:
        """Black's share of the bar and its words, from the best line (None before one), or
        the game's deeper evaluation of the same position; a result from the endgame
        databases says so, as the heading does."""
        over = self.record.outcome
        if over is not None:  # no move here: the result, as the game's bar shows it at the end
            share = 0.5 if over.winner is None else 1.0 if over.winner is BLACK else 0.0
            return share, ended_words(over, self.record.position)
        known = self._deeper_known()
        if known is not None:
            words = score_words(known.score, known.man, known.side, self.human)
            return black_share(known.score, known.man, known.side), words
        if self.analysis is None or not self.analysis.lines:
            return None
        best = self.analysis.lines[0]
        side = self.position.turn
        words = line_words(best, side, self.human)
        if best.database is not None:
            words = f"{words} (databases)"
        if best.win_in is not None:
            wins = (best.win_in > 0) == (side is BLACK)
            return (1.0 if wins else 0.0), words
        return black_share(best.score or 0.0, 1.0, side), words

    def engine_lines(self) -> tuple[str, str]:
        """What the engine is doing: how far it has looked and whether it goes on, and how
        many positions it has looked at."""
        record = self.record
        if record.outcome is not None:
            return (
                "The game would be over here:",
                f"{ended_words(record.outcome, record.position)}.",
            )
        if self.analysis is None:
            return "The engine is looking...", ""
        if self.analysis.from_databases:
            return "Known from the endgame databases", ""
        depth = self.analysis.depth
        nodes = f"{self.analysis.nodes:,} positions"
        if self.deepening() is None:
            lines = self.analysis.lines
            proven = bool(lines) and all(
                line.win_in is not None or line.database is not None for line in lines
            )
            # The search has stopped: at a proof, or at the engine's deepest.
            words = "every line proven" if proven else "the scores are final"
            return f"Done: {settled_words(depth)}", f"{words}; {nodes}"
        # Above the lines: their scores may still change at the next depth. A deep depth takes
        # seconds, and its count only comes with it: the seconds so far say the engine is at
        # work (walk 2026-11-30q: the same figures for 3.5 s read as stuck).
        seconds = f" in {int(self.searched_seconds)} s" if self.searched_seconds >= 1 else ""
        return (
            thinking_words(depth).capitalize(),
            f"{nodes}{seconds}; scores may change{self._arrows_deeper()}",
        )

    def _arrows_deeper(self, short: bool = False) -> str:
        """Where the arrows follow a deeper look the game kept than the lines below (`arrows`),
        said with its depth: each box says how far it looked, the arrows said nothing (walk
        2026-12-01v: arrow 1 on 8-11 from 16 turns ahead, the first line 9-14 at 8)."""
        kept = self._deeper_known()
        if kept is None or not kept.line:
            return ""
        if short:
            return f" (arrows: {kept.depth})"
        return f"; the arrows: a deeper look, {depth_words(kept.depth)}"

    def explorer_lines_heading(self, short: bool = False) -> str:
        """The heading of the lines under the explorer, with how far they looked: the note
        above may give the game's deeper judgement of the position, and the lines' own
        figures at their own depth read as a second verdict beside it without theirs (walk
        2026-11-30e: the note's `+1.50 for you, looked 21 turns ahead` over the first line's
        `+1.40 for you`). `The engine's best lines, thinking... 16 turns ahead`; `short`, in
        fewer words for a small window's one row: `Engine, 16 turns ahead`."""
        name = EXPLORER_LINES_SHORT if short else EXPLORER_LINES
        analysis = self.analysis
        if analysis is None or not analysis.lines or not analysis.depth:
            return name
        if analysis.from_databases:
            return f"{name} (endgame databases)"
        depth = analysis.depth
        if short:
            return f"{name}, {depth_words(depth)}{self._arrows_deeper(short=True)}"
        how = thinking_words(depth) if self.deepening() is not None else settled_words(depth)
        return f"{name}, {how}{self._arrows_deeper()}"

    def deepening(self) -> int | None:
        """How far the analysis has looked while it still deepens (the lines' scores and the
        bar may change at the next depth); None once it is done or before its first depth."""
        if self.analysis is None or self.finished or self.analysis.from_databases:
            return None
        return self.analysis.depth

    def where(self) -> tuple[str, str]:
        """Where the board is: the game's move it started from, and the side to move."""
        number, black = self._number()
        origin = f"From {move_label(self.base_ply, self.black_first)} of the game"
        return origin, f"{'Black' if black else 'White'} to move (move {number})"

    def played_here(self) -> str:
        """The moves made on this board, numbered as players write them."""
        texts = []
        for index, record in enumerate(self.records):
            first = self.base_ply if index == 0 else 0
            moves = [move.pdn() for move in record.moves[first:]]
            if index == 0:
                number, black = move_number(self.base_ply, self.black_first)
            else:
                number, black = 1, record.start.turn is BLACK
                texts.append("(side switched)")
            if moves:
                texts.append(numbered_moves(moves, black, number))
        return " ".join(texts) if texts else "None yet: move a piece, or Space plays the best."

    # --- the Screen protocol -----------------------------------------------------------------

    def layout(self) -> GameLayout:
        """Board on the left with the evaluation bar beside it, the panel on the right."""
        width, height = self.context.window_size()
        unit = grid_unit(self.context.scale)
        return game_layout(
            width,
            height,
            self.flipped,
            side_bar=round(3.2 * unit),
            # As the game screen's: the board keeps its size and place between the two.
            status_height=status_height(self.context.scale),
        )

    def bar_rect(self, layout: GameLayout) -> pygame.Rect:
        """Where the evaluation bar goes: beside the board, as tall as it."""
        board = layout.board
        unit = grid_unit(self.context.scale)
        gap = board.cell // 10 + board.cell // 5  # clear of the board's frame
        return pygame.Rect(board.left + board.size + gap, board.top, round(3.2 * unit), board.size)

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, clicks and drags on the board, and the keys."""
        if self.actions.handle(event):
            return
        board_event(self, event)

    def board_geometry(self) -> BoardGeometry:
        """Where the board is drawn now."""
        return self.layout().board

    def report(self, error: BaseException) -> None:
        """Show an error on the status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def update(self, dt: float) -> None:
        """Take the engine's new depths, and bring the widgets in step."""
        self.disabled_tips.update(dt)
        if self.explorer is not None:
            self.explorer.update()
            if self.explorer.news:
                # With what the arrows are: the news came as the explorer opened, and took the
                # place of the words that say it (walk 2026-11-30k, the first open).
                self.status = f"{self.explorer.news[-1]} {EXPLORER_HINT}"
                self.explorer.news.clear()
        if self.request is not None:
            self.searched_seconds += dt
        for event in self.context.ai.poll():
            if isinstance(event, AIAnalysis) and event.request == self.request:
                self.analysis = event.analysis
                self.finished = event.final
                self._remember(event.analysis)
                if event.final:
                    self.request = None
            elif isinstance(event, AIError) and event.request == self.request:
                self.request = None
                self.finished = True
                self.status = f"Error: the engine stopped: {event.message}"
        self._widgets_changed = self.sync()

    def wake_in(self) -> float | None:
        """A frame soon after a widget changed; a look at the engine a few times a second
        while it analyses; none otherwise."""
        wakes = []
        if self._widgets_changed:
            wakes.append(1 / 30)  # pygame_gui shows a change in its next update
        if self.request is not None:
            wakes.append(POLL_SECONDS)
        if self.drag is not None:
            wakes.append(1 / 60)
        if self.explorer is not None and self.explorer.builder.busy:
            wakes.append(POLL_SECONDS)  # the index's progress
        return min(wakes) if wakes else None

    def board_view(self, geometry: BoardGeometry) -> BoardView:
        """The position, the selection, the last move and the best line's arrows."""
        selector = self.selector
        hidden: frozenset[int] = frozenset()
        floating = None
        if self.drag is not None and self.drag.moved:
            piece = self.position.piece_at(self.drag.square)
            if piece is not None:
                hidden = frozenset({self.drag.square})
                floating = (piece, self.drag.point)
        moves = self.record.moves
        return BoardView(
            self.position,
            last_move=moves[-1] if moves else None,
            selected=selector.selected,
            destinations=selector.destinations,
            waypoints=selector.waypoints,
            clicked=selector.clicks,
            must_capture=selector.movable if selector.capture_pending else frozenset(),
            arrows=tuple(self.arrows()) if self.drag is None else (),
            hidden=hidden,
            floating=floating,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The board with its arrows and the evaluation bar (the widgets draw themselves)."""
        renderer = self.context.renderer
        layout = self.layout()
        surface.fill(theme.BACKGROUND)
        renderer.board(surface, layout.board, self.board_view(layout.board))
        evaluation = self.evaluation()
        share = evaluation[0] if evaluation is not None else None
        figure = self.bar_figure()
        thinking = bool(figure) and self.deepening() is not None and self._deeper_known() is None
        renderer.eval_bar(surface, self.bar_rect(layout), share, figure, self.flipped, thinking)

    def bar_figure(self) -> str:
        """The bar's short figure from the best line (or the game's deeper evaluation): men
        ahead, `win 3`, or `draw`; `won` or `draw` where the game is over."""
        over = self.record.outcome
        if over is not None:
            return "draw" if over.winner is None else "won"
        known = self._deeper_known()
        if known is not None:
            return bar_number(known.score, known.man)
        if self.analysis is None or not self.analysis.lines:
            return ""
        best = self.analysis.lines[0]
        if best.win_in is not None:
            return f"win {abs(best.win_in)}"
        if best.database is not None:
            return "draw"
        return bar_number(best.score or 0.0, 1.0)

    def close(self) -> None:
        """Stop the analysis: the worker is the game's again."""
        if self.request is not None:
            self.context.ai.cancel()
            self.request = None
        if self.explorer is not None:
            self.explorer.close()
        super().close()

    # --- widgets -----------------------------------------------------------------------------

    def show_ui(self, layer: int = 1) -> None:
        """As ScreenBase's, remembering the layer."""
        self._layer = layer
        super().show_ui(layer)

    def _label(
        self, panel: UIPanel, name: str, rect: pygame.Rect, object_id: str | None = None
    ) -> None:
        self.labels[name] = UILabel(rect, "", self.context.ui, container=panel, object_id=object_id)

    def build_ui(self, root: UIContainer) -> None:
        """The panel: what the board is, the engine's state, the best lines, the moves made
        here, and the buttons; the status line under the board."""
        ui = self.context.ui
        self.actions.clear()
        self.disabled_tips.clear()
        self.widgets = {}
        self.labels = {}
        self._shown = {}
        self.lines_box = None
        self.well = None
        layout = self.layout()
        unit = grid_unit(self.context.scale)
        box = layout.panel
        panel, self.status_box = side_panel(ui, root, box, layout.status)
        pad = unit
        width = box.width - 2 * pad - 6
        line = text_row(2.4, self.context.scale, HEADING_TEXT)
        small = text_row(2.1, self.context.scale)
        y = pad // 2
        self._label(panel, "title", pygame.Rect(pad, y, width, line), "@heading")
        y += line
        self._label(panel, "note", pygame.Rect(pad, y, width, small), "@small")
        y += small
        if not _fits(NOTE, self.labels["note"]):  # a small window: on two rows
            self._label(panel, "note 2", pygame.Rect(pad, y, width, small), "@small")
            y += small
        self._label(panel, "where", pygame.Rect(pad, y, width, small), "@small")
        y += small
        self._label(panel, "to move", pygame.Rect(pad, y, width, line), "@heading")
        y += line + unit // 2
        gap = max(3, unit // 2)
        height = round(3.2 * unit)
        top = box.height - pad - 3 * height - 2 * gap
        if self.explorer is not None:
            area = pygame.Rect(pad, y, width, top - gap - y)
            self.explorer.build(
                self.context, panel, area, self.actions, self.play_text, self.pick_archive
            )
            # Under the explorer's words, where the panel has room, the engine's best lines
            # (the walk at 1280x800 saw a band 200 pixels tall left empty over the buttons).
            self._lines_well(panel, area)
            self.explorer.room_used_under = self._explorer_lines_least()
        else:
            self._engine_labels(panel, y, pad, width, top - gap)
        self._buttons(panel, top, pad, width, gap, height)
        self.sync()
        self._widgets_changed = True

    def _engine_labels(self, panel: UIPanel, y: int, pad: int, width: int, bottom: int) -> None:
        """The moves made here from `y` down, then the engine's state and its best lines in a
        wrapping box framed as a well that fills the panel down to `bottom` (the walk saw the
        moves pinned at the foot, a tall empty band between the lines and them)."""
        unit = grid_unit(self.context.scale)
        small = text_row(2.1, self.context.scale)
        self._label(panel, "moves title", pygame.Rect(pad, y, width, small), "@dim")
        y += small
        for part in (1, 2):
            self._label(panel, f"moves {part}", pygame.Rect(pad, y, width, small), "@small")
            y += small
        y += unit // 2
        self._lines_well(panel, pygame.Rect(pad, y, width, bottom - y))

    def _lines_well(self, panel: UIPanel, well: pygame.Rect) -> None:
        """The lines' box, wrapping, in a frame (`well`) as the move list's."""
        self.well = UIPanel(well, manager=self.context.ui, container=panel, object_id="#move_well")
        self.lines_box = UITextBox(
            "",
            pygame.Rect(_INSET, _INSET, well.width - 2 * _INSET, well.height - 2 * _INSET),
            self.context.ui,
            container=self.well,
            object_id="#figures",
        )
        # Rows as close as the labels' (pygame_gui spaces a text box's rows by 1.25).
        self.lines_box.parser.line_spacing = 1.0
        self.lines_box.line_spacing = 1.0
        self._lines_foot = well.bottom

    def _explorer_lines_least(self) -> int:
        """The least room the engine's lines take under the explorer's words: a gap, the
        frame, and two rows (the best line's move and score, its moves)."""
        rows = fonts.font(theme.text_size(FIGURES_TEXT, self.context.scale)).get_linesize()
        return _GAP + 2 * _INSET + 4 + 2 * rows

    def _fit_explorer_lines(self, texts: dict[str, str]) -> bool:
        """The engine's best lines in the room the explorer's words leave above the buttons:
        as many whole lines as the room holds under their heading (the best one alone without
        it, where that is all the room holds), the frame down to the buttons; hidden where not
        even the best one fits. True if anything changed."""
        well, box, explorer = self.well, self.lines_box, self.explorer
        if well is None or box is None or explorer is None:
            return False
        top = explorer.bottom + _GAP
        height = self._lines_foot - top
        lines = (texts[f"line {rank}"] for rank in range(1, LINES + 1))
        key = (top, height, self.explorer_lines_heading(), *lines)
        if self._shown.get("explorer lines") == repr(key):
            return False
        self._shown["explorer lines"] = repr(key)
        shown = ""
        if height >= self._explorer_lines_least() - _GAP:
            well.set_relative_position((well.relative_rect.left, top))
            well.set_dimensions((well.relative_rect.width, height))
            box.set_dimensions((box.relative_rect.width, height - 2 * _INSET))
            for form in self._explorer_line_forms():
                shown = self.lines_html(texts, form.ranks, state=False, form=form)
                box.set_text(shown)
                if box.scroll_bar is None:
                    break
                shown = ""
        if shown and not well.visible:
            well.show()
        elif not shown and well.visible:
            well.hide()
        return True

    @staticmethod
    def _explorer_line_forms() -> list[LinesForm]:
        """The ways the engine's lines may stand under the explorer, the first that fits the
        room taken: every line under the heading, in fewer words and a row each where that is
        what holds two or more (the walk's 720x480 showed one line and no heading); the best
        line alone on a row under the short heading where only two rows are left (the status
        line said O shows every line), then without the heading."""
        several = range(LINES, 1, -1)
        return [
            *(LinesForm(ranks) for ranks in several),
            *(LinesForm(ranks, short=True) for ranks in several),
            *(LinesForm(ranks, short=True, one_row=True) for ranks in several),
            LinesForm(1, short=True, one_row=True),
            LinesForm(1, heading=False),
        ]

    def _buttons(
        self, panel: UIPanel, top: int, pad: int, width: int, gap: int, height: int
    ) -> None:
        """The board's six buttons in two columns, their first row at `top`."""
        buttons = (
            ("back", "Undo", "Take back the last move made here (U, Backspace or Left)"),
            ("reset", "Game position", "Back to the game's position, dropping these moves (Home)"),
            ("best", "Play best", "Play the engine's best move on this board (Space)"),
            ("switch", "Switch side", "Give the move to the other side (X)"),
            ("flip", "Flip", "Turn the board around (F)"),
            ("close", "Back to game", "Close the analysis board: the game is as it was (Esc)"),
        )
        actions = {
            "back": self.take_back,
            "reset": self.reset,
            "best": self.play_best,
            "switch": self.switch_side,
            "flip": self.flip,
            "close": self.back_to_game,
        }
        columns = 2
        cell = (width - gap * (columns - 1)) // columns
        for index, (name, text, tip) in enumerate(buttons):
            row, column = divmod(index, columns)
            rect = pygame.Rect(
                pad + column * (cell + gap), top + row * (height + gap), cell, height
            )
            self.widgets[name] = self.actions.button(
                self.context.ui,
                panel,
                rect,
                text,
                tip,
                actions[name],
                object_id="@primary" if name == "close" else None,
            )
        # Greyed, a button says why (walk 2026-12-01af: the greyed Undo said nothing).
        off = {
            "back": "Undo: no move made on this board yet to take back (the game's own moves"
            " stay; Back to game returns to it)",
            "best": "Play best: the game is over on this board, there is no move to play",
        }
        for name, words in off.items():
            self.disabled_tips.add_disabled(self.widgets[name], functools.partial(str, words))

    def _set(self, name: str, text: str) -> bool:
        """Show `text` in the label `name` (cut with '...' to fit); True if it changed."""
        label = self.labels.get(name)
        if label is None or self._shown.get(name) == text:
            return False
        self._shown[name] = text
        label.set_text(fit_label(label, text))
        return True

    def texts(self) -> dict[str, str]:
        """Every label's text as it should be now (pure: tests read it too)."""
        where, to_move = self.where()
        engine, nodes = self.engine_lines()
        texts = {
            "title": "Analysis board",
            "where": where,
            "to move": to_move,
            "engine": engine,
            "nodes": nodes,
            "moves title": f"Moves made here ({self.moves_here()})",
        }
        texts["note"], texts["note 2"] = _label_rows(NOTE, self.labels.get("note"), 2)
        rows = self.rows()
        legal = len(self.record.legal_moves()) if self.record.outcome is None else 0
        for rank in range(1, LINES + 1):
            heading, ideas, moves = self._line_parts(rank, rows, legal)
            texts[f"line {rank}"] = f"{heading}    {ideas}" if ideas else heading
            texts[f"line {rank} pv 1"], texts[f"line {rank} pv 2"] = moves
        texts["moves 1"], texts["moves 2"] = _label_rows(
            self.played_here(), self.labels.get("moves 1"), 2
        )
        return texts

    def _line_parts(
        self, rank: int, rows: list[LineRow], legal: int
    ) -> tuple[str, str, tuple[str, str]]:
        """Line `rank`'s heading (its move and score), its ideas, and its moves on two rows of
        the lines' box (' ...' where more are left); a missing line says why once the engine
        has answered (fewer legal moves)."""
        if rank > len(rows):
            short = self.analysis is not None and rank == len(rows) + 1 and legal < rank
            if short and legal > 0:
                why = f"({'no other legal move' if legal == 1 else f'only {legal} legal moves'})"
                return "", "", (why, "")
            return "", "", ("", "")
        row = rows[rank - 1]
        ideas = f"({row.ideas})" if row.ideas else ""
        box = self.lines_box
        if box is None:
            return f"{row.move}    {row.score}", ideas, (row.line, "")
        font = fonts.font(theme.text_size(FIGURES_TEXT, self.context.scale))
        first, second = _split_rows(row.line, font, box.rect.width - 12, 2)
        return f"{row.move}    {row.score}", ideas, (first, second)

    def lines_html(
        self,
        texts: dict[str, str],
        ranks: int = LINES,
        state: bool = True,
        form: LinesForm | None = None,
    ) -> str:
        """The lines' box: the engine's state, then each line's heading, ideas and moves (the
        first `ranks` lines; without `state`, under the explorer, whose note says how far the
        engine looked, a heading instead of the state as `form` says, and each line's moves
        on one row, or its move, score and moves on one row)."""
        form = form or LinesForm(ranks)
        accent = "#{:02x}{:02x}{:02x}".format(*theme.TEXT_ACCENT)
        dim = "#{:02x}{:02x}{:02x}".format(*theme.TEXT_DIM)
        if state:
            shown = [f"<font color='{accent}'><b>{html.escape(texts['engine'])}</b></font>"]
            if texts["nodes"]:
                shown.append(f"<font color='{dim}'>{html.escape(texts['nodes'])}</font>")
        else:
            # (A number held to its unit: `12` over `turns ahead` at 720x480.)
            named = hold_words(html.escape(self.explorer_lines_heading(form.short)))
            shown = [f"<font color='{dim}'>{named}</font>"] if form.heading else []
        rows = self.rows()
        font = fonts.font(theme.text_size(FIGURES_TEXT, self.context.scale))
        room = self.lines_box.rect.width - 12 if self.lines_box is not None else 0
        for rank in range(1, ranks + 1):
            title, ideas, _ = self._line_parts(rank, rows, 0)
            if form.one_row and title and not state and self.lines_box is not None:
                # The move and its score, then the moves after it, on one row.
                parts = rows[rank - 1].line.split(" ", 2)  # `1. 11-15 22-18 ...`
                after = parts[2] if len(parts) == 3 else ""  # `22-18 ...`
                title = title.replace("    ", "\u00a0\u00a0")
                left = room - font.size(f"{title}  ")[0]
                rest = _split_rows(after, font, left, 1)[0] if left > 0 else ""
                shown.append(f"<b>{html.escape(title)}</b>&nbsp;&nbsp;{html.escape(rest)}")
                continue
            if title:
                said = f"<b>{html.escape(title)}</b>"
                shown.append(f"{said}&nbsp;&nbsp; {html.escape(ideas)}" if ideas else said)
            if state or rank > len(rows) or self.lines_box is None:
                shown += [html.escape(texts[f"line {rank} pv {part}"]) for part in (1, 2)]
            else:
                shown.append(html.escape(_split_rows(rows[rank - 1].line, font, room, 1)[0]))
        return "<br>".join(line for line in shown if line)

    def sync(self) -> bool:
        """Bring the labels and the status line in step; True if anything changed."""
        changed = False
        texts = self.texts()
        for name, text in texts.items():
            changed = self._set(name, text) or changed
        for name, usable in (("back", self.can_take_back()), ("best", not self.is_over())):
            # Nothing made here to take back, no move to play: the button says so by being off.
            button = self.widgets.get(name)
            if button is not None and button.is_enabled != usable:
                if usable:
                    button.enable()
                else:
                    button.disable()
                changed = True
        if self.explorer is not None:
            deepening = self.deepening() is not None
            changed = (
                self.explorer.sync(self.position, self.analysis, deepening, self.way_back())
                or changed
            )
            changed = self._fit_explorer_lines(texts) or changed
        elif self.lines_box is not None:
            lines = self.lines_html(texts)
            if self._shown.get("lines") != lines:
                self._shown["lines"] = lines
                fit_text(self.lines_box, lines)
                changed = True
        if self.status_box is not None and self._shown.get("status") != self.status:
            self._shown["status"] = self.status
            self.status_box.set_text(self.status.replace("&", "&amp;").replace("<", "&lt;"))
            changed = True
        return changed


@dataclass(frozen=True)
class LinesForm:
    """How the engine's lines stand under the explorer: how many, under which heading (the
    long one, the `short` one, none), each over two rows or on `one_row`."""

    ranks: int
    heading: bool = True
    short: bool = False
    one_row: bool = False


def _fits(text: str, label: UILabel | None) -> bool:
    """Whether `text` fits `label`'s width whole (True when there is no label to measure)."""
    if label is None or label.font is None:
        return True
    return bool(label.font.size(text)[0] <= label.rect.width - 4)


class Measured(Protocol):
    """A font that measures a line of text (pygame's, or a widget's)."""

    def size(self, text: str, /) -> tuple[int, int]: ...


def _label_rows(text: str, label: UILabel | None, rows: int) -> list[str]:
    """`text` over `rows` labels as wide as `label` (`_split_rows`)."""
    if label is None or label.font is None:
        return [text] + [""] * (rows - 1)
    return _split_rows(text, label.font, label.rect.width - 4, rows)


def _split_rows(text: str, font: Measured, room: int, rows: int) -> list[str]:
    """`text` over `rows` rows `room` pixels wide in `font`: as many whole words as fit on
    each, a move number kept with its move, and on the last ' ...' after them when some are
    left (a label cutting it would end it inside a move: `9. 7-1...`)."""

    def fitting(words: list[str], tail: str) -> int:
        for count in range(len(words), 0, -1):
            rest = tail if count < len(words) else ""
            if font.size(" ".join(words[:count]) + rest)[0] <= room:
                return count
        return 0

    words = text.split(" ")
    parts: list[str] = []
    while words and len(parts) < rows - 1:
        first = fitting(words, "") or 1
        while 1 < first < len(words) and words[first - 1].endswith("."):
            first -= 1  # a move number goes down with its move
        parts.append(" ".join(words[:first]))
        words = words[first:]
    if words:
        parts.append(_ended(words, fitting(words, " ...")))
    return parts + [""] * (rows - len(parts))


def _ended(words: list[str], count: int) -> str:
    """The first `count` of `words`, with ' ...' when some are left, never ending on a bare
    move number."""
    if count >= len(words):
        return " ".join(words)
    while count and words[count - 1].endswith("."):
        count -= 1
    return " ".join([*words[:count], "..."])
