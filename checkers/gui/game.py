"""The game controller, without pixels: record, players, turn switching, AI requests, undo, hint.

Pure Python (no pygame), driven by `update(dt)` from the app's loop, so tests can run a game
frame by frame. Whose turn it is comes from the position's side to move; a human's move arrives
through `click`, an AI's through the worker's answer. The record changes at once when a move is
made; the animation only replays it, so undo or a new game during an animation loses nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from checkers.ai.levels import Level
from checkers.ai.registry import man_value
from checkers.ai.search import Progress, SearchRequest, SearchResult, is_win_score
from checkers.board import BLACK, WHITE, Move, Position, Side
from checkers.clock import Clock, ai_move_budget, clock_tag, read_clock_tag
from checkers.coach.explain import Explanation
from checkers.coach.judgement import Judgement, Judgements, explained
from checkers.gui.aiworker import AIError, AIEvent, AIExplained, AIProgress, AIResult
from checkers.gui.board_view.animation import HOP_SECONDS, Animation
from checkers.gui.board_view.selection import ClickResult, Selector
from checkers.gui.config import GameConfig, Mode
from checkers.gui.wording import (
    database_note,
    depth_words,
    game_over_words,
    move_label,
    moves_count,
    outcome_from_termination,
    plural,
    score_words,
)
from checkers.record import GameRecord, Outcome, Reason

__all__ = [
    "DELAYS",
    "HOP_SECONDS",
    "AISearch",
    "AIService",
    "Animation",
    "Game",
    "Judgement",
    "SearchFigures",
    "Thinking",
]


DELAYS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0)
"""The pauses between AI moves the delay control steps through, in seconds."""

DRAW_MARGIN = 0.2
"""The AI accepts a draw unless it thinks it is ahead by more than this many men (a fifth of a
man is within what its evaluation says about an even position)."""

CLOCK_TAGS = {BLACK: "BlackClock", WHITE: "WhiteClock"}
"""The PDN tags holding each side's time left, so a resumed game keeps its clocks."""

RESULTS: dict[str, Side | None] = {"1-0": BLACK, "0-1": WHITE, "1/2-1/2": None}
"""The PDN results of a finished game and their winners."""

FLASH_SECONDS = 1.2
"""How long the pieces that must capture flash after a click that ignored them."""

ORIGIN_TAG = "ContinuedFrom"
"""The tag of a game played on from a finished one: which game, after which move."""


class AIService(Protocol):
    """What the game needs from the AI worker: `AIClient`, or a stand-in a later screen brings."""

    pending: int | None
    explaining: int | None
    """The answered request whose exact explanation (AIExplained) is still to come."""

    def request(self, request: SearchRequest | Position, level: Level, *, seed: int = 0) -> int: ...

    def cancel(self) -> None: ...

    def poll(self) -> list[AIEvent]: ...


@dataclass
class Thinking:
    """A search under way: for whom, why (a move or a hint), since when, and how far it got."""

    side: Side
    purpose: str
    started: float
    man: float  # what a man is worth in the scores of the level's evaluation
    progress: Progress | None = None
    engine: bool = False
    """Whether its scores are the engine's evaluation (shown as the position's score while
    it deepens), not a weak level's own rough one."""


@dataclass(frozen=True)
class SearchFigures:
    """The AI's latest finished search, for the side panel."""

    side: Side
    level: str
    depth: int
    score: float
    nodes: int
    seconds: float
    pv: tuple[Move, ...]
    note: str = ""
    man: float = 1.0  # what a man is worth in the score's units
    database: bool = False  # the endgame databases gave the move: no search behind it


def judges_like_the_engine(level: Level | None) -> bool:
    """Whether a level's scores are the engine's evaluation (a weak level's own rough one is
    never shown as the game's score)."""
    return level is not None and level.evaluation == "engine"


@dataclass(frozen=True)
class AISearch:
    """The position an AI searched for its last move, so the tree view can show that search."""

    request: SearchRequest
    level: Level
    move: Move

    @property
    def position(self) -> Position:
        """The position searched."""
        return self.request.position


@dataclass
class _Cues:
    """Sounds the screen should play, in order; the screen drains them each frame."""

    pending: list[str] = field(default_factory=list)

    def add(self, name: str) -> None:
        self.pending.append(name)

    def drain(self) -> list[str]:
        out, self.pending = self.pending, []
        return out


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
        self._new_record(record)
        if record is not None:
            self._restore_result()
            # A game with moves opens to be stepped through; a bare position (a file with tags
            # and no move yet) is played from at once, the AI moving if it is its turn.
            self.reviewing = bool(record.line) or self.finished
            self.status = self._loaded_status()

    def _new_record(self, record: GameRecord | None = None) -> None:
        self.record = record if record is not None else GameRecord(self.config.start)
        self.reviewing = False  # stepping through the record: the AI waits
        self.ai_search: AISearch | None = None
        self.thinking: Thinking | None = None
        self.paused = False
        self.step_once = False
        self.draw_offer: tuple[Side, int] | None = None  # who offered, at which ply
        self.judgements = Judgements()
        """The engine's deepest evaluation of each position of this game so far: the one score
        the panel, the bar, the hint and the draw offer all show."""
        self.explanations: dict[tuple[int, Position, Move], Explanation] = {}
        self._explaining: tuple[int, tuple[int, Position, Move]] | None = None
        """The request whose exact explanation is awaited, and its explanation's key."""
        """Why the AI played each of its moves in this game, by (ply, position, move): kept
        through undo, redo and stepping, so the question can be asked at any AI move."""
        self._position_changed()
        self._new_timer()
        self.status = self._turn_status()

    def _new_timer(self) -> None:
        """Full clocks for a new game; a loaded one's clocks from its tags."""
        control = self.config.clock
        if control is None:
            self.timer = None
            return
        left = {BLACK: control.base, WHITE: control.base}
        for side, tag in CLOCK_TAGS.items():
            try:
                left[side] = read_clock_tag(self.tags[tag])
            except (KeyError, ValueError):
                pass  # a new game, or a tag we cannot read: full time
        self.timer = Clock(control, lambda: self.clock, left)

    def _restore_result(self) -> None:
        """A loaded game that ended by resignation, agreement or time ends so again; a result
        the file records without saying how (another program's PDN) ends it too."""
        result = self.tags.pop("Result", "*")
        if self.record.final_outcome is not None or result not in RESULTS:
            return
        declared = outcome_from_termination(result, self.tags.get("Termination", ""))
        self.record.go_to(len(self.record.line))
        self.record.declare(declared or Outcome(RESULTS[result], Reason.RECORDED))

    def clock_tags(self) -> dict[str, str]:
        """Each side's time left as PDN tags (none in an untimed game)."""
        if self.timer is None:
            return {}
        return {tag: clock_tag(self.timer.remaining(side)) for side, tag in CLOCK_TAGS.items()}

    def _position_changed(self) -> None:
        """Forget everything that described the position the board showed before (a move,
        undo, redo, a jump through the list, a new or loaded game): the one place the panel's
        hint, search figures and selection are reset, so none of them outlives its position."""
        self.revision += 1
        self.selector = Selector(self.record.position)
        self.animation: Animation | None = None
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

    def _human(self) -> Side | None:
        """The human's side in a game against the AI (scores are told from it), else None."""
        return self.config.human_side() if self.mode is Mode.HUMAN_VS_AI else None

    def is_human_turn(self) -> bool:
        """Whether the side to move is played with the mouse."""
        return self.config.player(self.position.turn).is_human

    def accepts_clicks(self) -> bool:
        """Whether a click may pick a piece now."""
        return self.is_human_turn() and not self.finished and self.animation is None

    def _turn_status(self) -> str:
        outcome = self.result
        if outcome is not None:
            end = self.record.line
            final = self.record.start if not end else self.full_record().position
            title, reason = game_over_words(outcome, self.mode, self.config.human_side(), final)
            return f"Game over: {title}. {reason}."
        side = self.position.turn.name.capitalize()
        if not self.is_human_turn():
            return f"{side} (AI) to move."
        must = " A capture is compulsory." if self.selector.capture_pending else ""
        if self.mode is Mode.HUMAN_VS_AI:
            return f"Your move ({side}).{must}"
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
        looked at it yet."""
        return self.judgements.get(self.position)

    def refresh_status(self) -> None:
        """Make the status line describe the position on the board again."""
        self.status = self._turn_status()

    # --- human input -------------------------------------------------------------------------

    def click(self, square: int | None) -> ClickResult:
        """A click on a square (None: a light square): select, narrow a multi-jump, or move."""
        if self.finished:
            result = ClickResult(message=self._over_message())
        elif self.animation is not None:
            result = ClickResult(message="Wait for the move to finish.")
        elif not self.is_human_turn():
            side = self.position.turn.name.capitalize()
            wait = "C plays on from here" if self.reviewing else "Wait"
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
            self.status = self._turn_status()
        return result

    def _over_message(self) -> str:
        """What a click on the board of a finished game says."""
        if self.outcome is None or self.record.can_redo():
            return "This game is over: Play on from here (C) starts a new game from this position"
        return "The game is over: N starts a new game, Play on from here (C) from an earlier move"

    def deselect(self) -> None:
        """Drop the current selection."""
        if self.selector.clear():
            self.status = self._turn_status()

    # --- moves -------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make a legal move in the record and start its animation."""
        before = self.record.position
        self.record.play(move)  # raises for an illegal move: the record is unchanged then
        self.reviewing = False
        self._stop_thinking()  # a hint still being searched is about the old position
        if self.timer is not None and self.timer.running is before.turn:
            self.timer.press(before.turn)
        figures = self.figures
        self._position_changed()
        self.figures = figures  # the search that chose this move: the panel shows it
        self.animation = Animation(before, move, self.hop_seconds)
        self.wait = self.delay if self.mode is Mode.AI_VS_AI else 0.0
        self.status = f"{before.turn.name.capitalize()} played {move.pdn()}."
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
        self.status = self._turn_status()

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
            for event in self.ai.poll():
                self._on_ai_event(event)
        if (
            self.animation is not None
            or self.finished
            or self.thinking is not None
            or self.reviewing
        ):
            return
        level = self.config.player(self.position.turn).level
        ai_vs_ai = self.mode is Mode.AI_VS_AI
        if level is None or self.ai_stuck or (ai_vs_ai and self.paused and not self.step_once):
            if level is None and self._unjudged_between_moves():
                # While you think after a weak level's move that its exact pass did not score:
                # the engine judges the position, so the panel and the bar have the game's
                # score for it (your move, a hint or a draw offer cancels the search). A paused
                # game searches nothing.
                self._ask(self.config.judge, "judge")
            return
        if (
            self.timer is None
            and not judges_like_the_engine(level)
            and self.position not in self.judgements
        ):
            # A weak level's own scores are not the game's: the engine judges the position
            # before the level moves (a short search; not on a clock, where the time is the
            # AI's), so the bar has a score while weak levels play and during your turn.
            self._ask(self.config.judge, "judge")
            return
        if ai_vs_ai:
            if self.wait > 0 and not self.step_once:
                self.wait -= dt
                return
            self.step_once = False
        if self.timer is not None and level.time is not None:
            # On the clock the AI aims at what it can afford (never more than its level's
            # time), with a spare it spends only where the position is critical.
            left = self.timer.remaining(self.position.turn)
            target, spare = ai_move_budget(left, self.timer.control.increment, level.time)
            level = replace(level, time=target, spare_time=spare)
        self._ask(level, "move")

    def _unjudged_between_moves(self) -> bool:
        """Whether the position waits for a move with no engine judgement of it, in a game
        with a weak level (whose own scores are not the game's), and the AI is free to judge."""
        return (
            self.ai is not None
            and not self.ai_stuck
            and self.timer is None
            and self._explaining is None  # Why?'s exact pass first: it may judge it
            and self.position not in self.judgements
            and any(
                player.level is not None and not judges_like_the_engine(player.level)
                for player in (self.config.black, self.config.white)
            )
        )

    def _run_timer(self) -> None:
        """Run the clock of the side to move while the game is live; a fallen flag loses."""
        timer = self.timer
        if timer is None:
            return
        live = (
            not self.finished
            and not self.reviewing
            and not (self.mode is Mode.AI_VS_AI and self.paused)
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
            self._stop_thinking()
            timer.stop()
            self._end(self.record.lose_on_time(flagged))

    def _end(self, outcome: Outcome) -> None:
        """The game has just been ended by a player's action or a clock."""
        self.revision += 1
        self.selector = Selector(self.position)
        self.hint = None  # a suggestion for a game that goes on no more
        self.cues.add("game_over")
        self.status = self._turn_status()

    def _ask(self, level: Level, purpose: str) -> None:
        if self.ai is None:
            raise RuntimeError("this game has no AI worker")
        self.ai.request(SearchRequest.from_record(self.record), level, seed=self.config.seed)
        self.thinking = Thinking(
            self.position.turn,
            purpose,
            self.clock,
            man_value(level.evaluation),
            engine=judges_like_the_engine(level),
        )
        if purpose == "move":
            self.status = f"{self.position.turn.name.capitalize()} (AI) is thinking..."

    def _on_ai_event(self, event: AIEvent) -> None:
        if isinstance(event, AIExplained):
            # The exact scores of the AI's last move replace its first explanation, unless
            # the move was taken back in between.
            if self._explaining is not None and self._explaining[0] == event.request:
                key = self._explaining[1]
                if key in self.explanations:
                    self.explanations[key] = event.explanation
                self._explaining = None
                # Why?'s exact search is the game's judgement of the position from then on (of
                # two searches at one depth the later stands), so the card and the panel agree.
                self._judge_explained(key[1], key[2], event.explanation)
            return
        thinking = self.thinking
        if thinking is None:
            return
        if isinstance(event, AIProgress):
            thinking.progress = event.progress
            return
        self.thinking = None
        if isinstance(event, AIError):
            self.ai_stuck = True
            self.paused = self.mode is Mode.AI_VS_AI
            self.status = f"AI error: {event.message}"
            return
        assert isinstance(event, AIResult)
        result = event.result
        if result.move is None or result.move not in self.position.legal_moves():
            self.ai_stuck = True
            self.status = f"AI error: it answered {result.move} in {self.position.fen()}"
            return
        level = self.config.player(thinking.side).level
        if thinking.purpose != "move" or judges_like_the_engine(level):
            found = Judgement(
                result.score, thinking.man, thinking.side, result.depth, result.database
            )
            self.judge(self.position, found)
        if thinking.purpose == "draw":
            self._answer_draw()
            return
        if thinking.purpose == "judge":
            return
        if thinking.purpose == "hint":
            self.hint = result.move
            # The game's one score for this position (the deepest search's, perhaps not the
            # hint's own), as the panel and the bar give it.
            judged = self.judgement()
            assert judged is not None
            words = score_words(judged.score, judged.man, judged.side, self._human())
            if judged.database:  # the databases' result: no search depth to tell
                words = database_note(judged.score, judged.side, self._human())
                self.status = f"Hint: {result.move.pdn()} ({words})."
                return
            self.status = f"Hint: {result.move.pdn()} ({words}, {depth_words(judged.depth)})."
            return
        note = event.note
        # The status says where a database score came from (the panel's score line says it too).
        known = database_note(result.score, thinking.side, self._human()) if result.database else ""
        figures = _figures(thinking.side, level.name if level else "", result, note, thinking.man)
        if level is not None:
            self.ai_search = AISearch(SearchRequest.from_record(self.record), level, result.move)
        if event.explanation is not None:
            key = (self.record.ply, self.position, result.move)
            self.explanations[key] = event.explanation
            self._explaining = (event.request, key)
        searched = self.judgements.get(self.position)
        only_move = len(self.position.legal_moves()) == 1
        self.play(result.move)
        if searched is not None and (judges_like_the_engine(level) or only_move):
            # The same score for the position the move leads to: the line the search expects
            # goes through it (told as the search that found it, as the panel's header does);
            # a weak level's only move too, which no exact pass scores; a forced result is a ply
            # nearer there (the databases' is kept as final).
            if is_win_score(searched.score):
                nearer = searched.score + math.copysign(1, searched.score)
                searched = replace(searched, score=nearer)
            self.judge(self.position, searched)
        if event.explanation is not None and judges_like_the_engine(level):
            self._judge_explained(self.record.positions[-2], result.move, event.explanation)
        self.figures = figures
        said = "; ".join(part for part in (known, note) if part)
        if said:
            # Who played what, then the search's note, then whose turn it is now: a bare
            # "Book move." left the player to work out the move and whose turn followed.
            mover = thinking.side.name.capitalize()
            self.status = f"{mover} (AI) played {result.move.pdn()}: {said}. " + self._turn_status()

    def _judge_explained(self, before: Position, move: Move, explanation: Explanation) -> None:
        """Judge the positions before and after the AI's move with the exact scores its
        explanation shows (the book's, or Why?'s exact search: the later of two searches at one
        depth stands), so the card, the panel and the bar say one number."""
        exact = explained(explanation)
        if exact is None:
            return
        self.judge(before, exact[0])
        if exact[1] is not None:
            self.judge(before.move(move), exact[1])

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
        elif self.thinking is not None or (self.ai is not None and self.ai.explaining is not None):
            wakes.append(thinking_frame)  # the AI's reports, its exact scores among them
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

    def _stop_thinking(self) -> None:
        if self.thinking is not None and self.ai is not None:
            self.ai.cancel()
        self.thinking = None

    def new_game(self) -> None:
        """Start again from the configured start position, cancelling any search."""
        self._stop_thinking()
        self.tags = {}
        self.serial += 1
        self._new_record()
        self.status = "New game. " + self._turn_status()

    def _after_jump(self) -> None:
        """Reset what belonged to the position the record has just left."""
        self._position_changed()

    def _repeat(self, step: str, record: GameRecord | None = None) -> list[Move]:
        """Undo or redo one ply in `record` (the game's own by default), then more while an AI
        would have to move right away."""
        record = record if record is not None else self.record
        act = record.undo if step == "undo" else record.redo
        can = record.can_undo if step == "undo" else record.can_redo
        taken: list[Move] = []
        move = act()
        if move is not None:
            taken.append(move)
        if self.mode is Mode.HUMAN_VS_AI:
            while not self.config.player(record.position.turn).is_human and can():
                move = act()
                if move is not None:
                    taken.append(move)
        return taken

    def undo(self) -> None:
        """Take back the last move; against the AI also its reply, back to the human's turn.
        After the end, the finished game stays as it was: a new game starts from there."""
        self._stop_thinking()
        if self.finished:
            trial = self.record.copy()
            taken = self._repeat("undo", trial)
            if trial.ply == self.record.ply and self.outcome is None:
                self.status = "Nothing to take back."
                return
            self.play_on(trial.ply)
            return
        taken = self._repeat("undo")
        if self.mode is Mode.AI_VS_AI and taken:
            self.paused = True  # otherwise the AI would replay at once
        self._after_jump()
        self.status = (
            f"Took back {' '.join(m.pdn() for m in reversed(taken))}. " + self._turn_status()
            if taken
            else "Nothing to take back."
        )

    def redo(self) -> None:
        """Replay what undo took back (against the AI, up to the human's next turn)."""
        self._stop_thinking()
        if self.finished:
            self.step_through(+1)  # a finished game only steps forward: nothing is replayed
            return
        taken = self._repeat("redo")
        if self.mode is Mode.AI_VS_AI and taken:
            self.paused = True
        self._after_jump()
        self.status = (
            f"Replayed {' '.join(m.pdn() for m in taken)}. " + self._turn_status()
            if taken
            else "Nothing to redo."
        )

    def go_to(self, ply: int, live_at_end: bool = True) -> None:
        """Show the game at `ply` (for a clickable move list); moves after it can be redone.
        The last move with the human to move is the live game again unless `live_at_end` is
        False (a review holds the game still)."""
        self._stop_thinking()
        self.record.go_to(ply)
        if self.mode is Mode.AI_VS_AI:
            self.paused = True
        # Back at the end with the human to move is the live game again: Play on would change
        # nothing, and the human's clock must run.
        at_live_end = (
            live_at_end
            and ply >= len(self.record.line)
            and self.mode is not Mode.AI_VS_AI
            and self.outcome is None
            and self.is_human_turn()
        )
        self.reviewing = not at_live_end
        self._after_jump()
        if at_live_end:
            self.status = "Back at the last move. " + self._turn_status()
            return
        if self.finished and ply == len(self.record.line):
            self.status = self._turn_status() + " This is the final position."
            return
        self.status = f"Showing {self._where(ply)}. " + self._review_hint()

    def _where(self, ply: int) -> str:
        """`Black's move 12 of 30` for the position after `ply` half-moves."""
        black_first = self.record.start.turn is BLACK
        if ply == 0:
            return "the start"
        total = moves_count(len(self.record.line), black_first)
        return f"{move_label(ply, black_first)} of {total}"

    def _review_hint(self) -> str:
        if self.finished:
            return self._turn_status() + " C plays on from here in a new game."
        if self.is_human_turn():
            return self._turn_status() + " Move to play on from here, or C."
        return self._turn_status() + " C plays on from here."

    def step_through(self, plies: int) -> None:
        """Step `plies` back (negative) or forward through the recorded game (arrow keys)."""
        target = max(0, min(len(self.record.line), self.record.ply + plies))
        if target == self.record.ply and self.animation is None:
            self.status = (
                "At the start of the game." if target == 0 else "At the end of the recorded game."
            )
            return
        self.go_to(target)

    def go_to_end(self, end: bool) -> None:
        """Jump to the start or the end of the recorded game (Home, End)."""
        self.go_to(len(self.record.line) if end else 0)

    def continue_here(self) -> None:
        """Play on from the position shown: the moves after it are dropped, the AI may move.
        From a finished game, a new game starts there and the finished one stays as it was."""
        if self.finished:
            if not self.can_play_on():
                self.status = "The game ended here by the rules: go back a move to play on."
                return
            self.play_on(self.record.ply)
            return
        dropped = len(self.record.line) - self.record.ply
        if dropped > 0:
            self.record = GameRecord.replay(self.record.moves, self.record.start)
        self.reviewing = False
        self.paused = False
        self._after_jump()
        where = move_label(self.record.ply, self.record.start.turn is BLACK)
        note = "Dropped the moves that came after it. " if dropped else ""
        self.status = f"Playing on from {where}. {note}" + self._turn_status()

    def can_play_on(self) -> bool:
        """Whether Play on from here applies to the position shown (not where the rules ended
        the game)."""
        outcome = self.outcome
        return not (self.finished and outcome is not None and outcome.reason in _RULES_ENDINGS)

    def play_on(self, ply: int) -> None:
        """Start a new game from the finished game's position after `ply` (same players, full
        clocks), tagged with where it came from; the finished game is not changed."""
        assert self.finished, "an unfinished game plays on in place"
        if self.on_leave is not None:
            self.on_leave()
        where = move_label(ply, self.record.start.turn is BLACK)
        after = where if ply == 0 else f"after {where}"
        self._stop_thinking()
        start, moves = self.record.start, self.record.line[:ply]
        self.tags = {ORIGIN_TAG: f"{self.source}, {after}" if self.source else after}
        self.source = ""
        self.serial += 1
        known, judged = self.explanations, self.judgements
        self._new_record(GameRecord.replay(moves, start))
        # The same positions and moves: why the AI played them, and the engine's scores, hold.
        self.explanations = {key: why for key, why in known.items() if key[0] < ply}
        self.judgements = Judgements(judged)
        self.status = (
            f"New game from {after}: the finished game is kept as it was. " + self._turn_status()
        )

    def load(self, record: GameRecord, tags: dict[str, str] | None = None) -> None:
        """Show a saved game at its end, in review: arrows step through it, C plays on."""
        self._stop_thinking()
        self.tags = dict(tags or {})
        self.serial += 1
        self._new_record(record)
        self._restore_result()
        self.reviewing = bool(record.line) or self.finished
        self.status = self._loaded_status()

    def resume_play(self, ply: int | None = None) -> None:
        """Carry on with a game read back from the autosave, as if it had never stopped (at
        `ply` if moves after it had been taken back)."""
        self.reviewing = False
        if ply is not None and 0 <= ply < len(self.record.line):
            self.record.go_to(ply)
            self._after_jump()
        where = move_label(self.record.ply, self.record.start.turn is BLACK)
        self.status = f"Resumed after {where}. " + self._turn_status()

    def _loaded_status(self) -> str:
        moves = plural(moves_count(len(self.record.line), self.record.start.turn is BLACK), "move")
        outcome = self.result
        if outcome is not None:
            # As a player says it: `This game ended 1-0: Black won (as the file records).`
            # A draw shows as ½-½ (the file keeps 1/2-1/2).
            final = self.full_record().position
            _, reason = game_over_words(outcome, Mode.HUMAN_VS_HUMAN, None, final)
            if outcome.reason is Reason.RECORDED:
                reason = "as the file records"
            elif not reason.startswith(("Black", "White")):  # a sentence's capital, in brackets
                reason = reason[:1].lower() + reason[1:]
            score = {BLACK: "1-0", WHITE: "0-1", None: "\u00bd-\u00bd"}[outcome.winner]
            won = "a draw" if outcome.winner is None else f"{outcome.winner.name.capitalize()} won"
            ended = f"This game ended {score}: {won} ({reason})."
            return f"{ended} G reviews it; C plays on in a new game."
        return (
            f"Loaded a game of {moves}: Left/Right step "
            f"through it, click a move in the list, C plays on. " + self._turn_status()
        )

    def full_record(self) -> GameRecord:
        """The whole recorded game, including moves past the cursor and how it ended (what a
        save writes)."""
        if not self.record.can_redo():
            return self.record
        record = self.record.copy()
        record.go_to(len(record.line))
        return record

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
            self._ask(self.config.hint, "hint")
            self.status = "Looking for a hint..."

    def toggle_pause(self) -> None:
        """Pause or resume an AI vs AI game; pausing cancels the search under way."""
        if self.mode is not Mode.AI_VS_AI:
            self.status = "Pause is for AI vs AI games."
            return
        if self.finished:
            self.status = "The game is over: nothing to pause."
            return
        self.paused = not self.paused
        self.ai_stuck = False
        self.step_once = False
        if self.paused:
            self._stop_thinking()
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
        self._stop_thinking()

    def set_aside(self) -> None:
        """Cancel any search under way and leave everything else as it is (another screen
        needs the AI worker); the game asks again for an AI move when it goes on."""
        if self.thinking is not None:
            self._stop_thinking()
            self.status = self._turn_status()

    def shown_explanation(self) -> tuple[Explanation | None, str]:
        """Why the AI played the move that led to the position shown, or None and why there
        is no answer (no move yet, a human's move, a move from before this window opened)."""
        move = self.last_move
        if self.mode is Mode.HUMAN_VS_HUMAN:
            return None, "Two players: Why explains the AI's moves, and no AI plays here"
        if move is None:
            return None, "No move has been played yet: Why explains the AI's moves"
        ply = self.record.ply - 1
        before = self.record.positions[-2]
        if self.config.player(before.turn).is_human:
            who = "your move" if self.mode is Mode.HUMAN_VS_AI else "a human's move"
            return None, f"{move.pdn()} was {who}: Why explains the AI's moves"
        explanation = self.explanations.get((ply, before, move))
        if explanation is None:
            return None, (
                f"The AI's reasons for {move.pdn()} were not kept: it was played before"
                " this game was opened here"
            )
        return explanation, ""

    # --- resigning and draws -----------------------------------------------------------------

    def _declaring_side(self, action: str) -> Side | None:
        """The side that resigns or offers a draw now, or None with the reason on the status
        line: the human against the AI (on their turn for a draw), the side to move between
        two players; AI vs AI has nobody to ask."""
        if self.finished:
            self.status = "The game is over."
        elif self.mode is Mode.AI_VS_AI:
            self.status = f"{action} is for games with a human player."
        elif self.mode is Mode.HUMAN_VS_AI:
            human = self.config.human_side()
            assert human is not None
            return human
        else:
            return self.position.turn
        return None

    def _drop_later_moves(self) -> None:
        """Make the position shown the end of the game (a result is declared at the end)."""
        if self.record.can_redo():
            self.record = GameRecord.replay(self.record.moves, self.record.start)
        self.reviewing = False

    def resign(self) -> None:
        """Resign: the first press asks, the second (with nothing between) resigns; undo takes
        a resignation back."""
        side = self._declaring_side("Resigning")
        if side is None:
            return
        if self.confirming != "resign":
            self.confirming = "resign"
            who = "" if self.mode is Mode.HUMAN_VS_AI else f" as {side.name.capitalize()}"
            self.status = f"Resign{who}? Press Resign (Ctrl+R) again to confirm."
            return
        self.confirming = None
        self._stop_thinking()
        self._drop_later_moves()
        self._end(self.record.resign(side))

    def draw_offered(self) -> bool:
        """Whether the side to move may accept a draw the other side offered on its last turn
        (between two players: the Offer draw button then says Accept draw)."""
        offer = self.draw_offer
        return (
            offer is not None
            and offer[0] is not self.position.turn
            and offer[1] + 1 == self.record.ply
            and not self.finished
        )

    def offer_draw(self) -> None:
        """Offer a draw: the AI answers from its evaluation; between two players the other side
        accepts by offering too on its turn (a move declines)."""
        side = self._declaring_side("A draw offer")
        if side is None:
            return
        if self.mode is Mode.HUMAN_VS_HUMAN:
            offer = self.draw_offer
            if offer is not None and offer[0] is not side and offer[1] + 1 == self.record.ply:
                self._drop_later_moves()
                self._end(self.record.agree_draw())
                return
            self.draw_offer = (side, self.record.ply)
            other = side.opponent.name.capitalize()
            self.status = (
                f"{side.name.capitalize()} offers a draw: {other}, after {side.name.capitalize()}'s "
                "move press Accept draw (D) to accept, or play on to decline."
            )
            return
        if not self.is_human_turn() or self.busy() or self.animation is not None:
            self.status = "Offer a draw on your turn."
            return
        if self.confirming != "draw":
            # The AI may accept at once, which ends the game: asked first (the game screen asks
            # on a card), as resigning is.
            self.confirming = "draw"
            self.status = "Offer the AI a draw?"
            return
        self.confirming = None
        if self.judgement() is not None:
            self._answer_draw()  # the engine has judged this position: the score shown
            return
        self._ask(self.config.hint, "draw")  # no score yet: a short search through the worker
        self.status = "The AI considers your draw offer..."

    def _answer_draw(self) -> None:
        """The AI's answer to a draw offer, from the engine's evaluation of the position (the
        score the panel and the bar show), told from the player's side as they tell it."""
        found = self.judgement()
        human = self._human()
        assert found is not None and human is not None
        ai = human.opponent
        score = found.score if found.side is ai else -found.score
        words = score_words(found.score, found.man, found.side, human)
        if is_win_score(score) and score > 0 or score / found.man > DRAW_MARGIN:
            self.status = f"The AI declines the draw: it thinks it is ahead ({words})."
            return
        self._drop_later_moves()
        self._end(self.record.agree_draw())
        why = (
            "it sees no real advantage for itself"
            if score > 0
            else "it thinks you are ahead"
            if score < 0
            else "it thinks the game is even"
        )
        self.status = f"The AI accepts the draw: {why} ({words})."


_RULES_ENDINGS = (Reason.NO_MOVES, Reason.REPETITION, Reason.FORTY_MOVE_RULE)
"""Endings the rules decide at a position: nothing can be played on from it."""


def _figures(side: Side, level: str, result: SearchResult, note: str, man: float) -> SearchFigures:
    return SearchFigures(
        side,
        level,
        result.depth,
        result.score,
        result.nodes,
        result.time,
        result.pv,
        note,
        man,
        result.database,
    )
