"""Moving through a game: taking back and replaying moves, stepping through the recorded game,
and playing on from a position, in the same game or, from a finished one, in a new game.

Pure Python, no pygame. Against the AI a take-back goes back to the human's turn; in AI vs AI
the game pauses, so the AI does not replay at once. Undo at the end of a game that ended in this
window takes the ending back in the same game (and file); otherwise a finished game never
changes: taking back or playing on from it starts a new game that remembers where it came from.
What this room reads and sets of the game is named in `SteppingGame`, which
`checkers.gui.controller.Game` is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from checkers.board import BLACK, Move, Position, Side
from checkers.coach.explain import Explanation
from checkers.coach.judgement import Judgements
from checkers.gui.board_view.animation import Animation
from checkers.gui.config import GameConfig, Mode
from checkers.gui.game_control.bookkeeping import ORIGIN_TAG
from checkers.gui.wording import move_label, moves_count
from checkers.notation import plural
from checkers.record import GameRecord, Outcome, Reason

__all__ = [
    "SHOWING",
    "SteppingGame",
    "continue_here",
    "go_to",
    "play_on",
    "redo",
    "step_through",
    "undo",
]


class SteppingGame(Protocol):
    """What moving through a game reads and sets of the game (`checkers.gui.controller.Game`)."""

    record: GameRecord
    kept_plies: int
    status: str
    reviewing: bool
    paused: bool
    moved_here: bool
    draw_offer: tuple[Side, int] | None
    animation: Animation | None
    tags: dict[str, str]
    source: str
    serial: int
    on_leave: Callable[[], object] | None
    explanations: dict[tuple[int, Position, Move], Explanation]
    judgements: Judgements

    @property
    def config(self) -> GameConfig: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def result(self) -> Outcome | None: ...

    @property
    def finished(self) -> bool: ...

    def is_human_turn(self) -> bool: ...

    def can_play_on(self) -> bool: ...

    def turn_status(self) -> str: ...

    def stop_thinking(self) -> None: ...

    def start_record(self, record: GameRecord | None = None) -> None: ...

    def position_changed(self) -> None: ...

    def restore_clocks(self) -> None: ...


SHOWING = "Showing "
"""How the status line's sentence naming the move shown begins (`Showing Black's move 5 of 30.`),
which a review's end leaves out (its strip and the list show the move)."""


def _repeat(game: SteppingGame, step: str, record: GameRecord | None = None) -> list[Move]:
    """Undo or redo one ply in `record` (the game's own by default), then more while an AI
    would have to move right away."""
    record = record if record is not None else game.record
    act = record.undo if step == "undo" else record.redo
    can = record.can_undo if step == "undo" else record.can_redo
    taken: list[Move] = []
    move = act()
    if move is not None:
        taken.append(move)
    if game.mode is Mode.HUMAN_VS_AI:
        while not game.config.player(record.position.turn).is_human and can():
            move = act()
            if move is not None:
                taken.append(move)
    return taken


_TAKEN_BACK = {
    Reason.AGREEMENT: "the agreed draw",
    Reason.RESIGNATION: "the resignation",
    Reason.TIME: "the loss on time",
}
"""What Undo takes back of a declared ending, as the status line names it."""


def undo(game: SteppingGame) -> None:
    """Take back the last move; against the AI also its reply, back to the human's turn; the
    clocks go back to where they stood then (a resignation or an agreed draw taken back alone
    leaves them as they stood when it ended). A game that ended in this window, at its final
    position, takes Undo in place: the ending (a resignation, an agreed draw, a loss on time,
    or the last move) is taken back and the game goes on in its own file, as a player who
    pressed Undo expects of the game they just played. A game opened finished, or looked at
    before its end, stays as it was: a new game starts from there."""
    game.stop_thinking()
    ended = game.result
    at_end = game.record.ply == len(game.record.line)
    if game.finished and not (game.moved_here and at_end):
        trial = game.record.copy()
        taken = _repeat(game, "undo", trial)
        if trial.ply == game.record.ply and game.outcome is None:
            game.status = "Nothing to take back."
            return
        play_on(game, trial.ply)
        return
    taken = _repeat(game, "undo")
    reopened = ended is not None and not game.finished
    if taken or reopened:
        # Taken back for good: the game stands here (in its file too); Redo in this window
        # replays the moves.
        game.kept_plies = game.record.ply
    if reopened and ended is not None and ended.reason is Reason.AGREEMENT:
        game.draw_offer = None  # the offer was taken back with the agreement
    if game.mode is Mode.AI_VS_AI and (taken or reopened):
        game.paused = True  # otherwise the AI would replay at once
    game.position_changed()
    if taken or ended is None or ended.reason is Reason.TIME:
        # A move taken back takes its time back with it. An ending declared on the board
        # (a resignation, an agreed draw) took no move: the clocks stay as they stood when it
        # ended, or the time spent before the offer was given back (4:51 -> 5:00 in the walk of
        # 2026-11-29c). A fallen flag goes back to its turn's start, or it falls again at once.
        game.restore_clocks()
    words = []
    if reopened and ended is not None and ended.reason in _TAKEN_BACK:
        words.append(_TAKEN_BACK[ended.reason])
    if taken:
        words.append(" ".join(m.pdn() for m in reversed(taken)))
    game.status = (
        f"Took back {' and '.join(words)}. " + game.turn_status()
        if words
        else "Nothing to take back."
    )


def redo(game: SteppingGame) -> None:
    """Replay what undo took back (against the AI, up to the human's next turn)."""
    game.stop_thinking()
    if game.finished:
        step_through(game, +1)  # a finished game only steps forward: nothing is replayed
        return
    taken = _repeat(game, "redo")
    game.kept_plies = max(game.kept_plies, game.record.ply)
    if game.mode is Mode.AI_VS_AI and taken:
        game.paused = True
    game.position_changed()
    game.restore_clocks()
    game.status = (
        f"Replayed {' '.join(m.pdn() for m in taken)}. " + game.turn_status()
        if taken
        else "Nothing to redo."
    )


def go_to(game: SteppingGame, ply: int, live_at_end: bool = True) -> None:
    """Show the game at `ply` (for a clickable move list); moves after it can be redone.
    The last move with the human to move is the live game again unless `live_at_end` is
    False (a review holds the game still)."""
    game.stop_thinking()
    game.record.go_to(ply)
    if game.mode is Mode.AI_VS_AI:
        game.paused = True
    # Back at the end with the human to move is the live game again: Play on would change
    # nothing, and the human's clock must run. So is an AI vs AI game's end, paused: Space
    # plays on (the walk of 2026-11-30i: End there held the game for a Play on, and Space
    # said "Resumed." while no AI moved again).
    at_live_end = (
        live_at_end
        and ply >= len(game.record.line)
        and game.outcome is None
        and (game.mode is Mode.AI_VS_AI or game.is_human_turn())
    )
    game.reviewing = not at_live_end
    if at_live_end:
        game.kept_plies = game.record.ply  # stepped on through moves taken back: replayed
    game.position_changed()
    if at_live_end:
        game.status = "Back at the last move. " + game.turn_status()
        return
    if game.finished and ply == len(game.record.line):
        game.status = game.turn_status() + " This is the final position."
        return
    game.status = f"{SHOWING}{_where(game, ply)}. " + _review_hint(game)


def _where(game: SteppingGame, ply: int) -> str:
    """`Black's move 12 of 30` for the position after `ply` half-moves."""
    black_first = game.record.start.turn is BLACK
    if ply == 0:
        return "the start"
    total = moves_count(len(game.record.line), black_first)
    return f"{move_label(ply, black_first)} of {total}"


def _review_hint(game: SteppingGame) -> str:
    if game.finished:
        return game.turn_status() + " Press C to play on from here in a new game."
    after = len(game.record.line) - game.record.ply
    # The moves (numbered as the list numbers them) that hold a half-move past the one shown.
    offset = 0 if game.record.start.turn is BLACK else 1
    last, first = len(game.record.line) - 1 + offset, game.record.ply + offset
    count = last // 2 - first // 2 + 1
    # Short: under a review's strip at 720x480 the status has two rows for all of it ("the
    # later move", not "the later 1 move": walk 2026-12-01ag).
    dropped = "move" if count == 1 else plural(count, "move")
    drops = f" (drops the later {dropped})" if after else ""
    if game.is_human_turn():
        return game.turn_status() + f" Move or press C to play on here{drops}."
    return game.turn_status() + f" Press C to play on here{drops}."


def step_through(game: SteppingGame, plies: int) -> None:
    """Step `plies` back (negative) or forward through the recorded game (arrow keys)."""
    target = max(0, min(len(game.record.line), game.record.ply + plies))
    if target == game.record.ply and game.animation is None:
        game.status = (
            "At the start of the game." if target == 0 else "At the end of the recorded game."
        )
        return
    go_to(game, target)


def continue_here(game: SteppingGame) -> None:
    """Play on from the position shown: the moves after it are dropped, the AI may move.
    From a finished game, a new game starts there and the finished one stays as it was."""
    if game.finished:
        if not game.can_play_on():
            game.status = "The game ended here by the rules: go back a move to play on."
            return
        play_on(game, game.record.ply)
        return
    dropped = len(game.record.line) - game.record.ply
    if dropped > 0:
        game.record = GameRecord.replay(game.record.moves, game.record.start)
    game.kept_plies = game.record.ply
    game.reviewing = False
    game.paused = False
    game.position_changed()
    where = move_label(game.record.ply, game.record.start.turn is BLACK)
    note = "Dropped the moves that came after it. " if dropped else ""
    game.status = f"Playing on from {where}. {note}" + game.turn_status()


def play_on(game: SteppingGame, ply: int) -> None:
    """Start a new game from the finished game's position after `ply` (same players, full
    clocks), tagged with where it came from; the finished game is not changed."""
    assert game.finished, "an unfinished game plays on in place"
    if game.on_leave is not None:
        game.on_leave()
    where = move_label(ply, game.record.start.turn is BLACK)
    after = where if ply == 0 else f"after {where}"
    game.stop_thinking()
    start, moves = game.record.start, game.record.line[:ply]
    game.tags = {ORIGIN_TAG: f"{game.source}, {after}" if game.source else after}
    game.source = ""
    game.serial += 1
    known, judged = game.explanations, game.judgements
    game.start_record(GameRecord.replay(moves, start))
    # The same positions and moves: why the AI played them, and the engine's scores, hold.
    game.explanations = {key: why for key, why in known.items() if key[0] < ply}
    game.judgements = Judgements(judged)
    game.status = (
        f"New game from {after}: the finished game is kept as it was. " + game.turn_status()
    )
