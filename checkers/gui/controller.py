"""The game controller, without pixels: record, players, turn switching, AI requests, undo, hint.

Pure Python (no pygame), driven by `update(dt)` from the app's loop, so tests can run a game
frame by frame. Whose turn it is comes from the position's side to move; a human's move arrives
through `click`, an AI's through the worker's answer. The record changes at once when a move is
made; the animation only replays it, so undo or a new game during an animation loses nothing.

`Game` holds the game's state, what the screen reads, the player's input and the loop; its
rooms in `checkers.gui.game_control` do the rest: the AI worker's traffic (`ai_traffic`), the
game's one score (`judging`), the clocks, result and origin kept in tags (`bookkeeping`),
moving through the game (`stepping`), resigning and draws (`declaring`). Each room names what
it takes of the game in a Protocol (`stepping.SteppingGame`, ...) that `Game` is, so none of
them imports this module.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable

from checkers.ai.levels import Level
from checkers.ai.search import SearchRequest
from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.clock import Clock, ai_move_budget
from checkers.coach.explain import Explanation, explain_recorded
from checkers.coach.judgement import Judgement, Judgements
from checkers.formats.judged import restore_judgements, restore_marks, restore_reviewed
from checkers.gui.aiworker import AIError, AIEvent, AIExplained
from checkers.gui.board_view.animation import HOP_SECONDS, Animation
from checkers.gui.board_view.selection import ClickResult, Selector
from checkers.gui.config import GameConfig, Mode
from checkers.gui.game_control import ai_traffic, bookkeeping, declaring, stepping
from checkers.gui.game_control.ai_traffic import (
    REPLIES,
    AISearch,
    AIService,
    SearchFigures,
    Thinking,
)
from checkers.gui.game_control.judging import (
    along_the_line,
    bound_unsearched,
    judge_explained,
    judges_like_the_engine,
    unjudged_between_moves,
)
from checkers.gui.settings import AI_DELAYS
from checkers.gui.wording import game_over_words, move_label, moves_count, plural
from checkers.record import GameRecord, Outcome

__all__ = ["DELAYS", "HOP_SECONDS", "Game"]


DELAYS = AI_DELAYS
"""The pauses between AI moves the delay control steps through, in seconds."""

FLASH_SECONDS = 1.2
"""How long the pieces that must capture flash after a click that ignored them."""


@dataclass
class _Cues:
    """Sounds the screen should play, in order; the screen drains them each frame."""

    pending: list[str] = field(default_factory=list)

    def add(self, name: str) -> None:
        self.pending.append(name)

    def drain(self) -> list[str]:
        out, self.pending = self.pending, []
        return out


@runtime_checkable
class _Explains(Protocol):
    """An AI service that works out why a recorded move was played (`AIClient.explain`)."""

    def explain(
        self, request: SearchRequest, level: Level, move: Move, start: Explanation | None = None
    ) -> int: ...


WhyKey = tuple[int, Position, Move]
"""An AI move of a game, as `Game.explanations` keys it: (its ply, the position, the move)."""


@dataclass(frozen=True)
class KeptMarks:
    """A closed review's labels: `labels` by the ply each reviewed move leads to (label, the
    review's best move; the move list marks the inaccuracies, mistakes and blunders), the
    moves they were judged on (`line`), the tips the review gave the marked ones (none for
    marks read from a file), and the review's own judgements of the positions before and after
    each move (`judged`), from which its Why? reads the review's row again."""

    line: tuple[Move, ...]
    labels: Mapping[int, tuple[str, str]]
    tips: Mapping[int, str] = field(default_factory=dict)
    judged: Mapping[Position, Judgement] = field(default_factory=dict)

    @staticmethod
    def restored(
        record: GameRecord, tags: dict[str, str], kept: Mapping[Position, Judgement]
    ) -> KeptMarks | None:
        """The marks a file keeps of `record` (`formats.judged.restore_marks`,
        `restore_reviewed`, from the game's `kept` judgements where the review's are the
        game's), or None."""
        labels = restore_marks(record, tags)
        judged = restore_reviewed(record, tags, labels, kept)
        return KeptMarks(tuple(record.line), labels, judged=dict(judged)) if labels else None

    def within(self, line: Sequence[Move]) -> KeptMarks | None:
        """These marks for a game now of `line`: those of moves it still has (a move played or
        taken back in a marked move's place drops the marks from there on), or None."""
        same = next(
            (i for i, (a, b) in enumerate(zip(self.line, line, strict=False)) if a != b),
            min(len(self.line), len(line)),
        )
        if same == len(self.line):
            return self
        labels = {ply: mark for ply, mark in self.labels.items() if ply <= same}
        tips = {ply: tip for ply, tip in self.tips.items() if ply <= same}
        return KeptMarks(self.line[:same], labels, tips, self.judged) if labels else None


class Game:
    """A game in progress: the record, whose turn it is, the selection, the AI and the controls."""

    def __init__(
        self,
        config: GameConfig,
        ai: AIService | None = None,
        hop_seconds: float = HOP_SECONDS,
        record: GameRecord | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        self.config = config
        self.ai = ai
        self.hop_seconds = hop_seconds
        self.delay = config.ai_delay
        self.clock = 0.0
        self.cues = _Cues()
        self.revision = 0
        """Goes up whenever the record or the cursor changes (the screen autosaves on it)."""
        self.serial = 0
        """Goes up whenever another game takes this one's place (new, loaded, played on from a
        finished one): the screen's file keeper lets the old game's file go."""
        self.source = ""
        """What to call this game when a new one is played on from it (its file's name)."""
        self.on_leave: Callable[[], object] | None = None
        """Called just before a game played on from this finished one takes its place (the
        screen writes the finished game's file one last time and lets it go)."""
        self.tags: dict[str, str] = dict(tags or {})
        """PDN tags a loaded game came with; a save writes them back."""
        self.timer: Clock | None = None
        """The players' clocks, in a timed game."""
        self.review_marks: KeptMarks | None = None
        """A closed review's marks of the moves (the move list shows them, the file keeps
        them), while the game keeps the moves they were judged on (`KeptMarks.within`)."""
        self.start_record(record)
        if record is not None:
            bookkeeping.restore_result(self.record, self.tags)
            self.judgements = restore_judgements(self.record, self.tags)
            self.review_marks = KeptMarks.restored(self.record, self.tags, self.judgements)
            # A game with moves opens to be stepped through; a bare position (a file with tags
            # and no move yet) is played from at once, the AI moving if it is its turn.
            self.reviewing = bool(record.line) or self.finished
            self.status = self._loaded_status()

    def start_record(self, record: GameRecord | None = None) -> None:
        """Play `record` (a new one from the configured start by default) with nothing of the
        game before it: no search, judgement, explanation, offer or pause."""
        self.record = record if record is not None else GameRecord(self.config.start)
        self.kept_plies = len(self.record.line)
        """How many of the record's moves make the game as it stands (`standing_plies`)."""
        self.reviewing = False  # stepping through the record: the AI waits
        self.ai_search: AISearch | None = None
        self.thinking: Thinking | None = None
        self.paused = False
        self.step_once = False
        self.draw_offer: tuple[Side, int] | None = None  # who offered, at which ply
        self.judgements = Judgements()
        """The engine's deepest evaluation of each position of this game so far: the one score
        the panel, the bar, the hint and the draw offer all show."""
        self.review_marks = None
        self.bounds_searched: set[Position] = set()
        """Positions whose kept judgement was only a bound (`Judgement.at_most`) and that a
        judging search was asked to prove (once each: `bound_unsearched`)."""
        self.explanations: dict[tuple[int, Position, Move], Explanation] = {}
        """Why the AI played each of its moves in this game, by (ply, position, move): kept
        through undo, redo and stepping, so the question can be asked at any AI move."""
        self.awaited_explanation: tuple[int, tuple[int, Position, Move]] | None = None
        """The request whose exact explanation is awaited, and its explanation's key."""
        self.asked_why: tuple[int, WhyKey] | None = None
        """The AI process's request working out why a move played before the game was opened
        here was played (`work_out_why`), and the move's key in `explanations`."""
        self.worked_out: WhyKey | None = None
        """The move whose card has just been worked out, until the screen looks
        (`take_worked_out`)."""
        self.position_changed()
        self.timer = bookkeeping.timer_from_tags(self.config.clock, lambda: self.clock, self.tags)
        self.moved_here = False
        """Whether a move was played in this game in this window (a game that ended here takes
        Undo in place, in its own file; one opened finished is kept as it was)."""
        self.clock_log: dict[int, dict[Side, float]] = {}
        """Each side's time left when the position after each ply was reached (the plies
        played in this window, and the one the game started or was resumed at): Undo and Redo
        put the clocks back as they stood there."""
        self._log_clocks()
        self.status = self.turn_status()

    def _log_clocks(self) -> None:
        """Note each side's time left at the position reached (the ones after it are gone)."""
        timer = self.timer
        if timer is None:
            return
        ply = self.record.ply
        for later in [key for key in self.clock_log if key > ply]:
            del self.clock_log[later]
        self.clock_log[ply] = {side: timer.remaining(side) for side in (BLACK, WHITE)}

    def restore_clocks(self) -> None:
        """Put the clocks back as they stood when the position shown was reached (Undo, Redo),
        when this window saw it; otherwise they stay as they are (nothing is made up)."""
        left = self.clock_log.get(self.record.ply)
        if self.timer is not None and left is not None:
            self.timer.set_remaining(left)

    def standing_plies(self) -> int:
        """How many moves the game has as it stands: the moves Undo took back are past it (they
        wait for Redo in this window, and no file keeps them), the moves only stepped back
        from (to look at an earlier position) are not."""
        return min(self.kept_plies, len(self.record.line))

    def clock_tags(self) -> dict[str, str]:
        """Each side's time left as PDN tags (none in an untimed game)."""
        return bookkeeping.clock_tags(self.timer)

    def position_changed(self) -> None:
        """Forget everything that described the position the board showed before (a move,
        undo, redo, a jump through the list, a new or loaded game): the one place the panel's
        hint, search figures and selection are reset, so none of them outlives its position."""
        self.revision += 1
        self.selector = Selector(self.record.position)
        self.animation: Animation | None = None
        self.played_words = ""
        """What the status says of the move being drawn (the AI's note on it), kept at the
        front of the status line once it lands (`say_after_move`)."""
        self.figures: SearchFigures | None = None
        self.hint: Move | None = None
        self.ai_stuck = False  # an AI error stops further requests until the player acts
        self.wait = 0.0
        self.confirming: str | None = None  # a command pressed once that asks to be pressed again
        self.flash: tuple[float, frozenset[int]] | None = None
        """When an illegal click made the pieces that must capture flash, and which."""

    # --- what the screen reads ---------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position (the animation may still be showing the move into it)."""
        return self.record.position

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended at the position shown, or None."""
        return self.record.outcome

    @property
    def result(self) -> Outcome | None:
        """How the game ended, wherever the board is in it; None while it is unfinished. A
        finished game never changes: playing on from it starts a new game."""
        return self.record.final_outcome

    @property
    def explanation_coming(self) -> bool:
        """Whether the exact scores of the AI's last move are still to come: any later request
        to the worker gives them up (walk 2026-11-30p: a pause then End left the game waiting
        for an exact pass the Master's move search had ended, and the band stood empty)."""
        awaited = self.awaited_explanation
        return awaited is not None and self.ai is not None and self.ai.explaining == awaited[0]

    @property
    def shown_result(self) -> Outcome | None:
        """How the game ended as the screen says it: the result, but None while the move that
        ended the game is still drawn hop by hop, since the board and the players' box show the
        position before it (walk 2026-11-30p: "Black has no pieces left" beside "1 left")."""
        return self.result if self.animation is None else None

    @property
    def finished(self) -> bool:
        """Whether the game has ended (stepping back through it does not change that)."""
        return self.result is not None

    @property
    def mode(self) -> Mode:
        """Who plays whom."""
        return self.config.mode

    @property
    def last_move(self) -> Move | None:
        """The move that led to the current position."""
        moves = self.record.moves
        return moves[-1] if moves else None

    def human_opponent(self) -> Side | None:
        """The human's side in a game against the AI (scores are told from it), else None."""
        return self.config.human_side() if self.mode is Mode.HUMAN_VS_AI else None

    def is_human_turn(self) -> bool:
        """Whether the side to move is played with the mouse."""
        return self.config.player(self.position.turn).is_human

    def accepts_clicks(self) -> bool:
        """Whether a click may pick a piece now."""
        return self.is_human_turn() and not self.finished and self.animation is None

    def turn_status(self) -> str:
        """Whose turn it is, as the status line says it (how the game ended, once it has)."""
        outcome = self.result
        if outcome is not None:
            end = self.record.line
            final = self.record.start if not end else self.full_record().position
            title, reason = game_over_words(outcome, self.mode, self.config.human_side(), final)
            return f"Game over: {title}. {reason}."
        side = self.position.turn.name.capitalize()
        if not self.is_human_turn():
            if self.mode is Mode.AI_VS_AI and self.paused:
                # As the panel's header says: nothing moves until it is resumed.
                return f"Paused: {side} (AI) to move. Space resumes, S plays one move."
            return f"{side} (AI) to move."
        must = " A capture is compulsory." if self.selector.capture_pending else ""
        if self.mode is Mode.HUMAN_VS_AI:
            return f"Your move ({side}).{must}"
        if self.draw_offer is not None and self.draw_offered():
            # Said as long as it stands: the button alone ("Accept", at 720x480) named nobody.
            offered = self.draw_offer[0].name.capitalize()
            if self.record.ply != self.standing_plies():
                # An earlier position shown: the offer stands at the game's end, where D agrees
                # it (walk 2026-11-30k read "Black offers a draw: D accepts, a move declines"
                # with Black to move in the position shown).
                return (
                    f"{side} to move here. {offered} offered a draw at the end of the game:"
                    " D accepts it, every move kept."
                )
            return f"{side} to move.{must} {offered} offers a draw: D accepts, a move declines."
        if self.draw_offer is not None and declaring.draw_pending(self):
            offered = self.draw_offer[0].name.capitalize()
            other = self.draw_offer[0].opponent.name.capitalize()
            if self.record.ply != self.standing_plies():
                return (
                    f"{side} to move here. {offered} offered a draw at the end of the game,"
                    " before its move there."
                )
            return (
                f"{side} to move.{must} {side} offers a draw: {other} may accept after this move."
            )
        return f"{side} to move.{must}"

    def flashing(self) -> frozenset[int]:
        """The pieces lit this frame by an illegal click's answer (on and off three times in
        FLASH_SECONDS), else none."""
        if self.flash is None:
            return frozenset()
        since, squares = self.flash
        elapsed = self.clock - since
        if elapsed >= FLASH_SECONDS:
            return frozenset()
        return squares if int(elapsed * 6 / FLASH_SECONDS) % 2 == 0 else frozenset()

    def judge(self, position: Position, judgement: Judgement) -> None:
        """Keep `judgement` of `position` if it is the deepest yet (the databases' is final)."""
        self.judgements.judge(position, judgement)

    def judgement(self) -> Judgement | None:
        """The engine's evaluation of the position shown, or None if no engine search has
        looked at it yet. While a move is drawn hop by hop, the board and the players' box
        still show the position before it, and so does the score (walk 2026-11-30o: "White to
        move" beside "White wins in 3 moves", the count after White's move, where the board's
        position wins in 4)."""
        return self.judgements.get(self.drawn_position)

    @property
    def drawn_position(self) -> Position:
        """The position the board draws: the current one, or while a move is drawn hop by hop
        the one before it (the score and the players' box follow it)."""
        return self.animation.before if self.animation is not None else self.position

    def refresh_status(self) -> None:
        """Make the status line describe the position on the board again."""
        self.status = self.turn_status()

    # --- human input -------------------------------------------------------------------------

    def click(self, square: int | None) -> ClickResult:
        """A click on a square (None: a light square): select, narrow a multi-jump, or move."""
        if self.finished:
            result = ClickResult(message=self._over_message())
        elif self.animation is not None:
            result = ClickResult(message="Wait for the move to finish.")
        elif not self.is_human_turn():
            side = self.position.turn.name.capitalize()
            wait = "Press C to play on from here" if self.reviewing else "Wait"
            result = ClickResult(message=f"{wait}: it is the AI's turn ({side}).")
        else:
            result = self.selector.click(square)
        self.confirming = None
        if result.move is not None:
            self.play(result.move)
        elif result.message:
            self.status = result.message
            if self.accepts_clicks() and self.selector.movable:
                # Answered on the board too: the pieces that can move (that must capture,
                # when one must) flash.
                self.flash = (self.clock, frozenset(self.selector.movable))
        elif result.changed:
            self.status = self.turn_status()
        return result

    def _over_message(self) -> str:
        """What a click on the board of a finished game says."""
        if self.outcome is None or self.record.can_redo():
            return "This game is over: Play on from here (C) starts a new game from this position."
        return "The game is over: N starts a new game, Play on from here (C) from an earlier move."

    def deselect(self) -> None:
        """Drop the current selection."""
        if self.selector.clear():
            self.status = self.turn_status()

    # --- moves -------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make a legal move in the record and start its animation."""
        before = self.record.position
        self.record.play(move)  # raises for an illegal move: the record is unchanged then
        carried = along_the_line(self.judgements.get(before), move, before.turn)
        if carried is not None:
            self.judge(self.record.position, carried)
        self.kept_plies = self.record.ply
        self.reviewing = False
        self.stop_thinking()  # a hint still being searched is about the old position
        if self.timer is not None and self.timer.running is before.turn:
            self.timer.press(before.turn)
        self.moved_here = True
        self._log_clocks()
        figures = self.figures
        self.position_changed()
        self.figures = figures  # the search that chose this move: the panel shows it
        self.animation = Animation(before, move, self.hop_seconds)
        self.wait = self.delay if self.mode is Mode.AI_VS_AI else 0.0
        self.status = f"{before.turn.name.capitalize()} played {move.pdn()}."
        self.played_words = ""
        if self.hop_seconds <= 0:
            self._advance_animation(0.0)

    def _advance_animation(self, dt: float) -> None:
        animation = self.animation
        assert animation is not None
        gone_before = animation.vanished()
        animation.elapsed += dt
        for _ in animation.vanished() - gone_before:
            self.cues.add("capture")
        if not animation.done:
            return
        self.animation = None
        mover = animation.before.piece_at(animation.move.start)
        landed = self.position.piece_at(animation.move.end)
        if mover is not None and landed is not None and landed.king and not mover.king:
            self.cues.add("crown")
        elif not animation.move.is_capture:
            self.cues.add("move")
        if self.outcome is not None:
            self.cues.add("game_over")
        said, self.played_words = self.played_words, ""
        self.status = f"{said} {self.turn_status()}" if said else self.turn_status()

    def say_after_move(self, words: str) -> None:
        """The status for the move just played: `words`, then whose turn it is, or how the game
        ended, once the move has landed; while it is drawn the board and the players' box show
        the position before it (walk 2026-11-30q: "Game over: White wins. Black has no pieces
        left." beside the piece still on the board)."""
        if self.animation is None:
            self.status = f"{words} {self.turn_status()}"
        else:
            self.status = self.played_words = words

    # --- the loop ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance time: the clocks, the animation, the AI's reports, and an AI turn when one
        is due."""
        self.clock += dt
        if self.flash is not None and self.clock - self.flash[0] >= FLASH_SECONDS:
            self.flash = None  # the flashing is over: no more frames for it
        self._run_timer()
        if self.animation is not None:
            self._advance_animation(dt)
        if self.ai is not None:
            events = self.ai.poll()
            for event in events:
                self._on_ai_event(event)
            if events:
                self._run_timer()  # a clock held or let go by a reply does so from now
        if (
            self.animation is not None
            or self.finished
            or self.thinking is not None
            or self.reviewing
            or self.working_out_why()  # a new request would cancel it
        ):
            return
        level = self.config.player(self.position.turn).level
        ai_vs_ai = self.mode is Mode.AI_VS_AI
        if level is None or self.ai_stuck or (ai_vs_ai and self.paused and not self.step_once):
            if level is None and unjudged_between_moves(self):
                # While you think in a position no search has scored (after a weak level's
                # move its exact pass did not score, or in a game just resumed): the engine
                # judges it, so the panel and the bar have the game's score for it (your move,
                # a hint or a draw offer cancels the search).
                self._ask_judge()
            elif level is not None and self.figures is None and unjudged_between_moves(self):
                # A paused game plays nothing, but where its panel has nothing to say of the
                # position (End there put the AI's figures away, and the search the pause
                # cancelled had not scored it) the engine judges it, as it does every position
                # a game steps through: the band stood empty (walk 2026-11-30m).
                self._ask_judge()
            return
        if (
            self.timer is None
            and not judges_like_the_engine(level)
            and self.position not in self.judgements
        ):
            # A weak level's own scores are not the game's: the engine judges the position
            # before the level moves (a short search; not on a clock, where the time is the
            # AI's), so the bar has a score while weak levels play and during your turn.
            self.ask(self.config.judge, "judge")
            return
        if ai_vs_ai:
            if self.wait > 0 and not self.step_once:
                if bound_unsearched(self):
                    # A win known only as a bound after the loser's other move: the engine
                    # proves its count during the delay (walk 2026-11-30m: "White wins in 7
                    # moves" for a second where the position wins in 5).
                    self._ask_judge()
                    return
                self.wait -= dt
                return
            self.step_once = False
        if self.timer is not None and level.time is not None:
            # On the clock the AI aims at what it can afford (never more than its level's
            # time), with a spare it spends only where the position is critical.
            left = self.timer.remaining(self.position.turn)
            target, spare = ai_move_budget(left, self.timer.control.increment, level.time)
            level = replace(level, time=target, spare_time=spare)
        self.ask(level, "move")
        self._run_timer()  # held from now if the AI's process is still starting

    def _ask_judge(self) -> None:
        """Ask the engine to judge the position shown (a bound kept of it is asked about once)."""
        if bound_unsearched(self):
            self.bounds_searched.add(self.position)
        self.ask(self.config.judge, "judge")

    def _run_timer(self) -> None:
        """Run the clock of the side to move while the game is live; a fallen flag loses."""
        timer = self.timer
        if timer is None:
            return
        live = (
            not self.finished
            and not self.reviewing
            and not (self.mode is Mode.AI_VS_AI and self.paused)
            and not self.getting_ready()
            # Why?'s card being worked out holds the AI's next move: its clock waits with it.
            and not (self.working_out_why() and not self.is_human_turn())
            and not self.asking()
        )
        # A new game's clocks wait for its first move (as on lichess): the seconds the window
        # takes to start, or the player to sit down, cost nobody anything.
        if not live or not self.record.line:
            timer.stop()
            return
        if timer.running is not self.position.turn:
            timer.start(self.position.turn)
        flagged = timer.flagged()
        if flagged is not None:
            self.stop_thinking()
            timer.stop()
            self.finish(self.record.lose_on_time(flagged))

    def asking(self) -> bool:
        """Whether the player must answer a question the game put up (resign? offer a draw?)
        on their turn: their clock stops until they answer, as the card says."""
        return self.confirming is not None and self.is_human_turn()

    def getting_ready(self) -> bool:
        """Whether the AI's move waits for its process to start or for the engine's compiled
        core (the AI's clock waits with it: the seconds the window takes to get its engine
        ready cost nobody anything; a game resumed in a new window on a loaded machine lost
        seconds of the AI's time to its process importing the engine)."""
        thinking = self.thinking
        return (
            thinking is not None
            and thinking.purpose == "move"
            and (
                thinking.getting_ready is not None
                or (self.ai is not None and self.ai.is_starting())
            )
        )

    def finish(self, outcome: Outcome) -> None:
        """The game has just been ended (`outcome`) by a player's action or a clock."""
        self.revision += 1
        self.selector = Selector(self.position)
        self.hint = None  # a suggestion for a game that goes on no more
        self.cues.add("game_over")
        self.status = self.turn_status()

    def ask(self, level: Level, purpose: str) -> None:
        """Ask the AI worker to search the position at `level` for `purpose`
        (`ai_traffic.PURPOSES`); the game thinks until the answer comes."""
        ai_traffic.ask(self, level, purpose)

    def _on_ai_event(self, event: AIEvent) -> None:
        """Hand a reply of the worker to its handler (`ai_traffic.REPLIES`, one per message
        class; an answer goes on to the handler of the purpose it was asked for)."""
        asked = self.asked_why
        if asked is not None and event.request == asked[0]:
            if isinstance(event, AIExplained | AIError):
                self._why_worked_out(event, asked[1])
            return
        handler = REPLIES.get(type(event))
        if handler is not None:
            handler(self, event)

    def wake_in(self, thinking_frame: float, flash_frame: float) -> float | None:
        """Seconds until the game needs its next frame, or None to wait for the player: at
        once while a piece moves or a sound is due, or on the AI's turn; every `flash_frame`
        while pieces flash and every `thinking_frame` while the AI thinks; between AI moves
        the delay; when a running clock's face next changes (whole seconds, tenths under ten)."""
        wakes: list[float] = []
        if self.animation is not None or self.cues.pending:
            wakes.append(0.0)
        elif self.flash is not None:
            wakes.append(flash_frame)
        elif (
            self.thinking is not None
            or (self.ai is not None and self.ai.explaining is not None)
            or self.asked_why is not None
        ):
            wakes.append(thinking_frame)  # the AI's reports, its exact scores and Why?'s among them
        elif (
            not self.finished
            and not self.reviewing
            and not self.ai_stuck
            and self.config.player(self.position.turn).level is not None
        ):
            if self.mode is not Mode.AI_VS_AI or self.step_once:
                wakes.append(0.0)  # the AI's turn: the next update asks it
            elif not self.paused:
                wakes.append(max(0.0, self.wait))
        timer = self.timer
        if timer is not None and timer.running is not None:
            left = timer.remaining(timer.running)
            tick = 0.1 if left < 10.5 else 1.0
            # Just after the face changes (it shows whole seconds rounded up).
            wakes.append(max(0.02, math.fmod(left, tick) + 0.01))
        return min(wakes) if wakes else None

    def thinking_seconds(self) -> float:
        """How long the current search has run."""
        return self.clock - self.thinking.started if self.thinking is not None else 0.0

    # --- commands ----------------------------------------------------------------------------

    def stop_thinking(self) -> None:
        """Cancel the search under way, if any."""
        if self.thinking is not None and self.ai is not None:
            self.ai.cancel()
        self.thinking = None

    def new_game(self) -> None:
        """Start again from the configured start position, cancelling any search; the weak
        levels' slips get a seed of their own, as a game from the start screen does (walk
        2026-11-30n: New game replayed the last game move for move)."""
        self.stop_thinking()
        self.config = replace(self.config, seed=secrets.randbelow(1 << 31))
        self.tags = {}
        self.serial += 1
        self.start_record()
        self.status = "New game. " + self.turn_status()

    def undo(self) -> None:
        """Take back the last move (against the AI also its reply): `stepping.undo`."""
        stepping.undo(self)

    def redo(self) -> None:
        """Replay what undo took back: `stepping.redo`."""
        stepping.redo(self)

    def go_to(self, ply: int, live_at_end: bool = True) -> None:
        """Show the game at `ply`: `stepping.go_to`."""
        stepping.go_to(self, ply, live_at_end)

    def step_through(self, plies: int) -> None:
        """Step `plies` back (negative) or forward through the recorded game (arrow keys)."""
        stepping.step_through(self, plies)

    def go_to_end(self, end: bool) -> None:
        """Jump to the start or the end of the recorded game (Home, End)."""
        stepping.go_to(self, len(self.record.line) if end else 0)

    def continue_here(self) -> None:
        """Play on from the position shown: `stepping.continue_here`."""
        stepping.continue_here(self)

    def can_play_on(self) -> bool:
        """Whether Play on from here applies to the position shown (not where the rules ended
        the game)."""
        outcome = self.outcome
        return not (
            self.finished and outcome is not None and outcome.reason in bookkeeping.RULES_ENDINGS
        )

    def play_on(self, ply: int) -> None:
        """Start a new game from the finished game's position after `ply`: `stepping.play_on`."""
        stepping.play_on(self, ply)

    def load(self, record: GameRecord, tags: dict[str, str] | None = None) -> None:
        """Show a saved game at its end, in review: arrows step through it, C plays on."""
        self.stop_thinking()
        self.tags = dict(tags or {})
        self.serial += 1
        self.start_record(record)
        bookkeeping.restore_result(self.record, self.tags)
        self.judgements = restore_judgements(self.record, self.tags)
        self.review_marks = KeptMarks.restored(self.record, self.tags, self.judgements)
        self.reviewing = bool(record.line) or self.finished
        self.status = self._loaded_status()

    def resume_play(self) -> None:
        """Carry on with a game as it stands, as if it had never stopped: from its last move
        played (a move stepped back from is not left in a redo list that the next move on the
        board would drop), never a move Undo took back (a file does not keep those)."""
        self.reviewing = False
        if self.record.ply != self.standing_plies():
            self.record.go_to(self.standing_plies())
            self.position_changed()
        where = move_label(self.record.ply, self.record.start.turn is BLACK)
        self.status = f"Resumed after {where}. " + self.turn_status()

    def _loaded_status(self) -> str:
        moves = plural(moves_count(len(self.record.line), self.record.start.turn is BLACK), "move")
        outcome = self.result
        if outcome is not None:
            ended = bookkeeping.ended_words(outcome, self.full_record().position)
            return f"{ended} Press G to review it, C to play on in a new game."
        return (
            f"Loaded a game of {moves}: Left/Right step "
            f"through it, click a move in the list, C plays on. " + self.turn_status()
        )

    def full_record(self) -> GameRecord:
        """The whole recorded game as it stands (what a save writes), and how it ended: the
        moves past the cursor that were only stepped back from are in it, the ones Undo took
        back are not (a finished game is kept whole)."""
        standing = self.standing_plies()
        if self.finished or standing == len(self.record.line):
            return bookkeeping.full_record(self.record)
        return GameRecord.replay(self.record.line[:standing], self.record.start)

    def busy(self) -> bool:
        """Whether the AI is searching for the game: its move, a hint or a draw answer (the
        engine judging the position while you think gives way to anything you ask)."""
        return self.thinking is not None and not (
            self.thinking.purpose == "judge" and self.is_human_turn()
        )

    def request_hint(self) -> None:
        """Ask the engine for the human's best move; it is highlighted when it arrives."""
        if self.finished:
            self.status = "The game is over: no hint needed."
        elif not self.is_human_turn():
            self.status = "Hints are for a human's turn."
        elif self.busy():
            self.status = "Still thinking about the hint."
        else:
            self.ask(self.config.hint, "hint")
            self.status = "Looking for a hint..."

    def toggle_pause(self) -> None:
        """Pause or resume an AI vs AI game; pausing cancels the search under way."""
        if self.mode is not Mode.AI_VS_AI:
            self.status = "Pause is for AI vs AI games."
            return
        if self.finished:
            self.status = "The game is over: nothing to pause."
            return
        if self.paused and self.reviewing:
            # An earlier position is shown: resuming here would drop the later moves, and the
            # AI waits for that to be asked (`continue_here`), so "Resumed." would be untrue.
            self.status = (
                "An earlier position is shown: End goes back to the last move (Space then"
                " resumes), C plays on from here."
            )
            return
        self.paused = not self.paused
        self.ai_stuck = False
        self.step_once = False
        if self.paused:
            self.stop_thinking()
        self.status = "Paused: space resumes, S plays one move." if self.paused else "Resumed."

    def step(self) -> None:
        """In a paused AI vs AI game, play one move and stay paused (pauses a running game)."""
        if self.mode is not Mode.AI_VS_AI:
            self.status = "Single-step is for AI vs AI games."
            return
        if not self.paused:
            self.toggle_pause()
            return
        self.ai_stuck = False
        self.step_once = True
        self.status = "One move..."

    def change_delay(self, direction: int) -> None:
        """Step the delay between AI moves up (+1) or down (-1) through DELAYS."""
        index = min(range(len(DELAYS)), key=lambda i: abs(DELAYS[i] - self.delay))
        index = max(0, min(len(DELAYS) - 1, index + direction))
        self.delay = DELAYS[index]
        self.wait = min(self.wait, self.delay)
        self.status = f"Delay between AI moves: {self.delay:g} s."

    def close(self) -> None:
        """Cancel any search; the app closes the worker itself."""
        self.stop_thinking()

    def set_aside(self) -> None:
        """Cancel any search under way and leave everything else as it is (another screen
        needs the AI worker); the game asks again for an AI move when it goes on."""
        if self.thinking is not None:
            self.stop_thinking()
            self.status = self.turn_status()

    def why_unavailable(self) -> str:
        """Why Why? has no answer for the move that led to the position shown ('' where it
        has one, or can have one worked out): no move yet, a human's move, two players, no AI
        that can work out a reopened game's move. Cheap: the command table asks it each frame."""
        move = self.last_move
        if self.mode is Mode.HUMAN_VS_HUMAN:
            return "Two players: Why explains the AI's moves, and no AI plays here"
        if move is None:
            return "No move has been played yet: Why explains the AI's moves"
        before = self.record.positions[-2]
        player = self.config.player(before.turn)
        if player.is_human:
            who = "your move" if self.mode is Mode.HUMAN_VS_AI else "a human's move"
            return f"{move.pdn()} was {who}: Why explains the AI's moves"
        if self.kept_explanation() is None and (
            player.level is None or not isinstance(self.ai, _Explains)
        ):
            return (
                f"The AI's reasons for {move.pdn()} are not saved with the game, and it was"
                " played before the game was opened here: step back a move and press Analyse"
                " (A) to see every move there scored"
            )
        return ""

    def kept_explanation(self) -> Explanation | None:
        """The card kept for the AI's move that led to the position shown (its own, or one
        worked out since), or None."""
        key = self._shown_key()
        return None if key is None else self.explanations.get(key)

    def shown_explanation(self) -> tuple[Explanation | None, str]:
        """Why the AI played the move that led to the position shown, or None and why there
        is no answer (`why_unavailable`). An AI move played before the game was opened here,
        whose own search no file keeps, has a card still to work out (`work_out_why`): the
        recorded move alone, nothing scored yet."""
        reason = self.why_unavailable()
        if reason:
            return None, reason
        kept = self.kept_explanation()
        if kept is not None:
            return kept, ""
        key = self._shown_key()
        assert key is not None  # `why_unavailable` says so otherwise
        _, before, move = key
        level = self.config.player(before.turn).level
        assert level is not None  # as `why_unavailable` checked
        return explain_recorded(before, move, level.name), ""

    def _shown_key(self) -> WhyKey | None:
        """The key in `explanations` of the move that led to the position shown."""
        move = self.last_move
        if move is None:
            return None
        return self.record.ply - 1, self.record.positions[-2], move

    def work_out_why(self) -> bool:
        """Ask the AI process why the AI played the move shown, where its card is still to
        work out (`shown_explanation`: a move played before the game was opened here); the
        status line says so meanwhile, and the card is kept in `explanations` once it comes.
        Whether the card is still to come (False: `shown_explanation` has the answer)."""
        key = self._shown_key()
        ai = self.ai
        if key is None or self.why_unavailable():
            return False
        kept = self.explanations.get(key)
        if kept is not None and (
            not self._unfinished(kept, key) or self._moving() or self.explanation_coming
        ):
            # A kept card; one whose exact pass is on its way, or was cut short while the AI
            # plays on, shows as it is.
            return False
        assert isinstance(ai, _Explains)  # `shown_explanation` has no card to work out else
        _, before, move = key
        level = self.config.player(before.turn).level
        assert level is not None
        asked = self.asked_why
        if asked is not None and asked[1] == key and self.working_out_why():
            self.status = f"Still working out why {move.pdn()} was played..."
            return True
        if self.busy() and kept is None:  # a kept card: only a judging search is under way
            # Its search (the AI's move, a hint, a draw's answer) would be cancelled.
            pause = " (Space pauses the game)" if self.mode is Mode.AI_VS_AI else ""
            self.status = (
                f"The AI is thinking{pause}: press W again once it is done to see why"
                f" {move.pdn()} was played."
            )
            return True
        self.stop_thinking()  # the engine judging the position gives way to what you ask
        # The position before the move with the game's positions up to it (repetitions).
        earlier = GameRecord.replay(self.record.moves[:-1], self.record.start)
        request = SearchRequest.from_record(earlier)
        self.asked_why = (ai.explain(request, level, move, kept), key)
        self.status = f"Working out why {move.pdn()} was played..."
        return True

    def _moving(self) -> bool:
        """Whether the AI is searching for anything but judging the position (its move, a hint,
        a draw's answer): a judging search gives way to Why?, as to anything you ask."""
        thinking = self.thinking
        return thinking is not None and thinking.purpose != "judge"

    def _unfinished(self, kept: Explanation, key: WhyKey) -> bool:
        """Whether a kept card of a weak level's move lacks the exact pass that scores its
        moves with the engine's evaluation: the next move's search cut it short (AI vs AI with
        no delay). Why? then finishes it, the game paused or waiting: the card said only what
        the level counted, "Not shown: ... neither scored them exactly", however long it
        stayed open (walk 2026-12-01ab)."""
        level = self.config.player(key[1].turn).level
        return (
            level is not None
            and not judges_like_the_engine(level)
            and kept.exact_depth == 0
            and not kept.from_book
            and kept.database is None
            and kept.legal_moves > 1
            and not kept.made_now
        )

    def working_out_why(self) -> bool:
        """Whether the AI process is working out a card for Why? (the game asks it nothing
        else meanwhile: a new request would cancel it). One another request took the process
        from (a hint, the analysis board) is forgotten: Why? asks again."""
        asked = self.asked_why
        if asked is not None and (self.ai is None or self.ai.pending != asked[0]):
            self.asked_why = None
        return self.asked_why is not None

    def _why_worked_out(self, event: AIExplained | AIError, key: WhyKey) -> None:
        """The AI process's answer to `work_out_why`: the card is kept as a live one is (and
        its exact scores judge the positions before and after the move, as a live card's do),
        or the status line says why there is none."""
        self.asked_why = None
        _, before, move = key
        shown = key == self._shown_key()
        if isinstance(event, AIError):
            if shown:
                self.status = f"Could not work out why {move.pdn()} was played: {event.message}."
            return
        self.explanations[key] = event.explanation
        judge_explained(self, before, move, event.explanation)
        self.worked_out = key
        if shown:
            self.status = f"Worked out why {move.pdn()} was played: W shows it."

    def take_worked_out(self) -> bool:
        """Whether a card Why? asked the AI process for has just come while its move is still
        shown (the screen opens it); else it waits in `explanations` for the move."""
        key, self.worked_out = self.worked_out, None
        return key is not None and key == self._shown_key()

    # --- resigning and draws -----------------------------------------------------------------

    def resign(self) -> None:
        """Resign (the second press confirms): `declaring.resign`."""
        declaring.resign(self)

    def draw_offered(self) -> bool:
        """Whether the side to move may accept a draw the other side offered on its last turn
        (between two players: the Offer draw button then says Accept draw)."""
        return declaring.draw_offered(self)

    def offer_draw(self) -> None:
        """Offer a draw (the AI answers; between two players the other side accepts by
        offering too): `declaring.offer_draw`."""
        declaring.offer_draw(self)
