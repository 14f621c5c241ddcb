"""A game's traffic with the AI worker: what the game asks it, and one handler per reply.

Pure Python, no pygame. The game asks (`ask`) for one of four purposes: the AI's move, a hint,
the answer to a draw offer, or the engine judging the position. The worker replies with typed
messages (`checkers.gui.aiworker`): `REPLIES` hands each message class to its handler, and an
answer (`AIResult`) goes on to the handler of the purpose it was asked for (`ANSWERS`). What
this room reads and sets of the game is named in `AskingGame`, which `checkers.gui.controller.Game` is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from checkers.ai.levels import Level
from checkers.ai.players import BOOK_NOTE
from checkers.ai.registry import man_value
from checkers.ai.search import WIN, Progress, SearchRequest, SearchResult, is_win_score
from checkers.board import Move, Position, Side
from checkers.clock import Clock
from checkers.coach.explain import Explanation
from checkers.coach.judgement import Judgement
from checkers.gui.aiworker import (
    AIError,
    AIEvent,
    AIExplained,
    AIGettingReady,
    AIProgress,
    AIResult,
)
from checkers.gui.config import Mode
from checkers.gui.game_control.declaring import DeclaringGame, answer_draw
from checkers.gui.game_control.judging import (
    JudgingGame,
    hinted_move,
    judge_explained,
    judges_like_the_engine,
    one_ply_nearer,
)
from checkers.gui.wording import database_note, depth_words, score_words
from checkers.review import one_ply_farther, one_ply_on

__all__ = [
    "ANSWERS",
    "JUDGE_DEPTH",
    "JUDGE_LONGEST",
    "ONLY_MOVES",
    "PURPOSES",
    "REPLIES",
    "AISearch",
    "AIService",
    "AskingGame",
    "SearchFigures",
    "Thinking",
    "ask",
    "plies_farther",
]


class AIService(Protocol):
    """What the game needs from the AI worker: `AIClient`, or a stand-in a later screen brings."""

    pending: int | None
    explaining: int | None
    """The answered request whose exact explanation (AIExplained) is still to come."""

    def request(self, request: SearchRequest | Position, level: Level, *, seed: int = 0) -> int: ...

    def cancel(self) -> None: ...

    def poll(self) -> list[AIEvent]: ...

    def is_starting(self) -> bool:
        """Whether the worker was started and has not said a word yet (it is importing the
        engine): a search asked meanwhile has not begun."""
        ...


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
    getting_ready: str | None = None
    """While the search waits for the engine's compiled core: the status line to go back to
    once it searches (None: it searches)."""
    through: tuple[Move, ...] = ()
    """The run of only moves from the game's position, when the search looks at the position
    they lead to instead (`ask`): its reports and answer are told of the game's position, as
    many plies farther. Empty: the search looks at the game's position."""
    level: Level | None = None
    """The level asked (a judging search cut by its time short of `JUDGE_DEPTH` is asked
    again for longer at it)."""


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


class AskingGame(JudgingGame, DeclaringGame, Protocol):
    """What the traffic with the AI worker reads and sets of the game
    (`checkers.gui.controller.Game`): besides the game's one score and its draw answer, the search
    under way and what the AI's move leaves for the panel, the tree view and Why?."""

    thinking: Thinking | None
    paused: bool
    hint: Move | None
    figures: SearchFigures | None
    ai_search: AISearch | None
    explanations: dict[tuple[int, Position, Move], Explanation]

    @property
    def ai(self) -> AIService | None: ...

    @property
    def clock(self) -> float: ...

    @property
    def timer(self) -> Clock | None: ...

    def play(self, move: Move) -> None: ...

    def turn_status(self) -> str: ...

    def say_after_move(self, words: str) -> None: ...


JUDGE_DEPTH = 8
"""How far a judging search looks, while a person thinks, before its score is the position's
settled score: a search cut by its time shallower than this is asked again for twice the time
(up to `JUDGE_LONGEST`), and the panel says "thinking... N turns ahead" meanwhile. The walk of
2026-11-30 read "+0.20 for you (the engine looked 2 turns ahead)" for seconds after a Novice
move, a 0.3 s search on a machine still compiling the engine's core, while Why? of the move
had proved "at least +0.40 for you" looking 9 turns ahead."""

JUDGE_LONGEST = 5.0
"""The longest a judging search asked again (`JUDGE_DEPTH`) thinks, in seconds: a slow machine
keeps the deepest score it found by then."""

ONLY_MOVES = 12
"""The longest run of only moves a judging search follows before it searches (a run of
captures each with one reply; kings left one move each could shuffle for ever)."""


def plies_farther(score: float, plies: int) -> float:
    """`one_ply_farther` `plies` times: the score of a position `plies` only moves before."""
    for _ in range(plies):
        score = one_ply_farther(score)
    return score


def ask(game: AskingGame, level: Level, purpose: str) -> None:
    """Ask the worker to search the game's position at `level` for `purpose` (one of
    `PURPOSES`); the game thinks until the answer comes."""
    if game.ai is None:
        raise RuntimeError("this game has no AI worker")
    request = SearchRequest.from_record(game.record)
    through: list[Move] = []
    moves = request.position.legal_moves()
    while (
        purpose != "move"
        and len(moves) == 1
        and len(through) < ONLY_MOVES
        and request.after(moves[0]).position.legal_moves()
    ):
        # An only move: a search that thinks for a time stops at 1 turn ahead (nothing to
        # choose), which is no judgement of the position. The engine looks at the position
        # the move leads to, and its score is the position's, a ply farther; and so on along
        # a run of only moves (a capture with one recapture): a search of a position with one
        # move judged it "+0.65, looked 2 turns ahead" (walk 2026-11-29d).
        through.append(moves[0])
        request = request.after(moves[0])
        moves = request.position.legal_moves()
    game.ai.request(request, level, seed=game.config.seed)
    game.thinking = Thinking(
        request.position.turn,
        purpose,
        game.clock,
        man_value(level.evaluation),
        engine=judges_like_the_engine(level),
        through=tuple(through),
        level=level,
    )
    if purpose == "move":
        game.status = f"{game.position.turn.name.capitalize()} (AI) is thinking..."


# --- one handler per message class -----------------------------------------------------------


def _explained(game: AskingGame, event: AIExplained) -> None:
    """The exact scores of the AI's last move replace its first explanation, unless the move
    was taken back in between."""
    awaited = game.awaited_explanation
    if awaited is None or awaited[0] != event.request:
        return
    key = awaited[1]
    if key in game.explanations:
        game.explanations[key] = event.explanation
    game.awaited_explanation = None
    # Why?'s exact search is the game's judgement of the position from then on (of two
    # searches at one depth the later stands), so the card and the panel agree.
    judge_explained(game, key[1], key[2], event.explanation)


GETTING_READY = "Getting the engine ready..."
"""The status line while the AI's move or a hint waits for the engine's compiled core."""


def _getting_ready(game: AskingGame, event: AIGettingReady) -> None:
    """The search waits for the engine's compiled core (a new window's first engine search,
    while the core loads): the panel says so, and for a search the player asked for (the AI's
    move, a hint, a draw answer) the status line too, instead of a thinking that shows nothing.
    The window's background judging search leaves the status line to the player's actions."""
    thinking = game.thinking
    if thinking is None:
        return
    thinking.getting_ready = game.status
    if thinking.purpose == "judge":
        # The window's own judging search, which nobody asked for: the panel says it waits,
        # and the status line keeps what the player's last action said.
        return
    who = f"{thinking.side.name.capitalize()} (AI): " if thinking.purpose == "move" else ""
    game.status = f"{who}{GETTING_READY}"


def _progressed(game: AskingGame, event: AIProgress) -> None:
    """A depth the search under way has completed: the panel shows how far it got (and the
    status line what it said before the engine was got ready)."""
    thinking = game.thinking
    if thinking is None:
        return
    if thinking.getting_ready is not None:
        if game.status.endswith(GETTING_READY):
            game.status = thinking.getting_ready
        thinking.getting_ready = None
    progress = event.progress
    if thinking.through:
        # Told of the game's position: the only moves, then the line from the position after.
        progress = replace(
            progress,
            depth=progress.depth + len(thinking.through),
            score=plies_farther(progress.score, len(thinking.through)),
            pv=(*thinking.through, *progress.pv),
        )
    if thinking.progress is not None and progress.depth < thinking.progress.depth:
        # A judging search asked again for longer (`_judged`) starts over: the panel keeps
        # how far the one before it got until it goes farther.
        return
    thinking.progress = progress


def _failed(game: AskingGame, event: AIError) -> None:
    """The search failed: the AI asks nothing more until the player acts."""
    if game.thinking is None:
        return
    game.thinking = None
    game.ai_stuck = True
    game.paused = game.mode is Mode.AI_VS_AI
    game.status = f"AI error: {event.message}"


def _answered(game: AskingGame, event: AIResult) -> None:
    """The search's answer: a legal move is judged (the engine's scores are the game's) and
    handed to the handler of the purpose it was asked for."""
    thinking = game.thinking
    if thinking is None:
        return
    game.thinking = None
    if thinking.getting_ready is not None and game.timer is not None and game.record.line:
        # An answer with no depth reported (an only move) after the engine was got ready:
        # the clock held meanwhile runs again, so the move presses it as any other does.
        game.timer.start(thinking.side)
    result = event.result
    if thinking.through:
        _answered_through(game, thinking, event)
        return
    move = result.move
    if move is None or move not in game.position.legal_moves():
        game.ai_stuck = True
        game.status = f"AI error: it answered {move} in {game.position.fen()}"
        return
    level = game.config.player(thinking.side).level
    # An only move on a level that thinks for seconds is searched 1 turn ahead (nothing to
    # choose): that is no judgement of the position, and the engine judges it after the move.
    forced = (
        thinking.purpose == "move"
        and not result.database
        and len(game.position.legal_moves()) == 1
        and (result.depth <= 1 or (level is not None and level.time is not None))
    )
    if (thinking.purpose != "move" or judges_like_the_engine(level)) and not forced:
        found = Judgement(
            result.score,
            thinking.man,
            thinking.side,
            result.depth,
            result.database,
            tuple(step.pdn() for step in result.pv),
        )
        game.judge(game.position, found)
    ANSWERS[thinking.purpose](game, thinking, event, move)


def _answered_through(game: AskingGame, thinking: Thinking, event: AIResult) -> None:
    """The answer of a search of the position the game's run of only moves leads to (`ask`):
    the judgement of that position, and of each position on the run a ply farther (its only
    move, then the same line), the game's position last, for the purpose it was asked for."""
    through = thinking.through
    assert through
    result = event.result
    positions = [game.position]
    for step in through:
        positions.append(positions[-1].move(step))
    after = positions[-1]
    if result.move is None or result.move not in after.legal_moves():
        game.ai_stuck = True
        game.status = f"AI error: it answered {result.move} in {after.fen()}"
        return
    line = tuple(step.pdn() for step in result.pv)
    found = Judgement(
        result.score, thinking.man, thinking.side, result.depth, result.database, line
    )
    game.judge(after, found)
    for index in range(len(through) - 1, -1, -1):
        found = replace(
            found,
            score=one_ply_farther(found.score),
            depth=found.depth + 1,
            line=(through[index].pdn(), *found.line),
        )
        game.judge(positions[index], found)
    ANSWERS[thinking.purpose](game, thinking, event, through[0])


REPLIES: dict[type[AIEvent], Callable[[AskingGame, Any], None]] = {
    AIExplained: _explained,
    AIGettingReady: _getting_ready,
    AIProgress: _progressed,
    AIError: _failed,
    AIResult: _answered,
}
"""The handler of each message the worker sends about a game's requests (`AIAnalysis` answers
the analysis board, which a game never asks)."""


# --- one handler per purpose ------------------------------------------------------------------


def _moved(game: AskingGame, thinking: Thinking, event: AIResult, move: Move) -> None:
    """The AI's move: played, with the search behind it for the panel and the tree view, and
    why it was played kept for Why?."""
    result = event.result
    level = game.config.player(thinking.side).level
    note = event.note
    # The status says where a database score came from (the panel's score line says it too).
    human = game.human_opponent()
    # Counted from the position the move leads to, as the panel and the bar count it beside
    # the note (walk 2026-12-01v: "played 23-27: database win in 31 moves" under "wins in 30
    # moves"); a move that ends the game leaves the result to "Game over".
    after = one_ply_on(result.score)
    known = (
        database_note(after, thinking.side, human) if result.database and abs(after) != WIN else ""
    )
    figures = _figures(thinking.side, level.name if level else "", result, note, thinking.man)
    if level is not None:
        game.ai_search = AISearch(SearchRequest.from_record(game.record), level, move)
    if event.explanation is not None:
        key = (game.record.ply, game.position, move)
        game.explanations[key] = event.explanation
        game.awaited_explanation = (event.request, key)
    searched = game.judgements.get(game.position)
    only_move = len(game.position.legal_moves()) == 1
    game.play(move)  # a forced result kept is carried as far as it holds (`along_the_line`)
    # (A judgement whose line expects another move, a deeper one than the AI's own search
    # kept from a hint the player followed, says nothing of the move played.)
    if searched is not None and (judges_like_the_engine(level) or only_move):
        expected = searched.line[:1] in ((), (move.pdn(),))
        if expected and (not searched.forced or searched.database):
            # The same score for the position the move leads to: the line the search expects
            # goes through it (told as the search that found it, as the panel's header does);
            # a weak level's only move too, which no exact pass scores (the databases' result
            # is kept as final, a ply nearer).
            game.judge(game.position, one_ply_nearer(searched, move))
        line = tuple(step.pdn() for step in result.pv)
        own = Judgement(result.score, thinking.man, thinking.side, result.depth, line=line)
        if own.forced and not result.database and line[:1] == (move.pdn(),):
            # The AI's own proof through the move it played (the result kept of the position
            # before may be a nearer one through another move, which carries nothing here).
            game.judge(game.position, one_ply_nearer(own, move))
    if event.explanation is not None and judges_like_the_engine(level):
        judge_explained(game, game.record.positions[-2], move, event.explanation)
    game.figures = figures
    said = "; ".join(part for part in (known, note) if part)
    if said:
        # Who played what, then the search's note, then whose turn it is now: a bare
        # "Book move." left the player to work out the move and whose turn followed.
        mover = thinking.side.name.capitalize()
        game.say_after_move(f"{mover} (AI) played {move.pdn()}: {said}.")


def _hinted(game: AskingGame, thinking: Thinking, event: AIResult, move: Move) -> None:
    """A hint: the move is shown with the game's one score for this position (the deepest
    search's, perhaps not the hint's own), as the panel and the bar give it."""
    judged = game.judgement()
    assert judged is not None
    move = hinted_move(judged, move, game.position)  # the move of the number it gives
    game.hint = move
    human = game.human_opponent()
    if judged.database:  # the databases' result: no search depth to tell
        words = database_note(judged.score, judged.side, human)
        game.status = f"Hint: {move.pdn()} ({words})."
        return
    words = score_words(judged.score, judged.man, judged.side, human)
    game.status = f"Hint: {move.pdn()} ({words}, {depth_words(judged.depth)})."


def _draw_considered(game: AskingGame, thinking: Thinking, event: AIResult, move: Move) -> None:
    """The search a draw offer waited for: the AI answers from the score it has just kept."""
    answer_draw(game)


def _judged(game: AskingGame, thinking: Thinking, event: AIResult, move: Move) -> None:
    """The engine judging the position: its score, kept on arrival, is all that was asked;
    but while a person thinks, a search its time cut short of `JUDGE_DEPTH` (a slow machine,
    the engine's core still compiling) is asked again for twice the time, the panel saying
    "thinking..." with how far it got, not a 2-turn score as the position's."""
    result = event.result
    level = thinking.level
    depth = result.depth + len(thinking.through)
    if (
        result.database
        or is_win_score(result.score)
        or event.note == BOOK_NOTE  # the opening book's: no search to deepen
        or depth >= JUDGE_DEPTH
        or level is None
        or level.time is None
        or level.time * 2 > JUDGE_LONGEST
        or game.config.player(game.position.turn).level is not None  # an AI waits to move
    ):
        return
    progress = thinking.progress
    ask(game, replace(level, time=level.time * 2), "judge")
    assert game.thinking is not None
    game.thinking.progress = progress  # how far it got stays on the panel


ANSWERS: dict[str, Callable[[AskingGame, Thinking, AIResult, Move], None]] = {
    "move": _moved,
    "hint": _hinted,
    "draw": _draw_considered,
    "judge": _judged,
}
"""The handler of an answer by the purpose it was asked for."""

PURPOSES = tuple(ANSWERS)
"""What the game asks the AI for: its move, a hint, a draw offer's answer, a judgement."""


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
