"""Resigning and draws: who may declare, the confirming second press, a draw offered between
two players or answered by the AI from the game's score.

Pure Python, no pygame. A declared result is made at the end of the game as it stands (the
moves Undo took back are dropped, the moves only stepped back from to look are kept: walk
2026-11-30h, Home then Resign left a game of four moves with none) and ends the game through
`Game.finish`; undo takes it back. What this room reads and
sets of the game is named in `DeclaringGame`, which `checkers.gui.controller.Game` is.
"""

from __future__ import annotations

from typing import Protocol

from checkers.ai.levels import Level
from checkers.board import Position, Side
from checkers.coach.judgement import Judgement
from checkers.gui.board_view.animation import Animation
from checkers.gui.config import GameConfig, Mode
from checkers.gui.game_control.judging import draw_answer
from checkers.record import GameRecord, Outcome

__all__ = [
    "DeclaringGame",
    "answer_draw",
    "draw_offered",
    "draw_pending",
    "offer_draw",
    "resign",
]


class DeclaringGame(Protocol):
    """What resigning and draws read and set of the game (`checkers.gui.controller.Game`)."""

    record: GameRecord
    status: str
    reviewing: bool
    confirming: str | None
    draw_offer: tuple[Side, int] | None
    animation: Animation | None

    @property
    def config(self) -> GameConfig: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def position(self) -> Position: ...

    @property
    def finished(self) -> bool: ...

    def is_human_turn(self) -> bool: ...

    def human_opponent(self) -> Side | None: ...

    def busy(self) -> bool: ...

    def judgement(self) -> Judgement | None: ...

    def ask(self, level: Level, purpose: str) -> None: ...

    def stop_thinking(self) -> None: ...

    def standing_plies(self) -> int: ...

    def finish(self, outcome: Outcome) -> None: ...


def _declaring_side(game: DeclaringGame, action: str) -> Side | None:
    """The side that resigns or offers a draw now, or None with the reason on the status
    line: the human against the AI (on their turn for a draw), the side to move between
    two players; AI vs AI has nobody to ask."""
    if game.finished:
        game.status = "The game is over."
    elif game.mode is Mode.AI_VS_AI:
        game.status = f"{action} is for games with a human player."
    elif game.mode is Mode.HUMAN_VS_AI:
        human = game.config.human_side()
        assert human is not None
        return human
    else:
        # The side to move at the end of the game as it stands, where the result is declared
        # (`_drop_later_moves`), whatever earlier position is shown.
        return _standing_turn(game)
    return None


def _standing_turn(game: DeclaringGame) -> Side:
    """The side to move at the end of the game as it stands (`standing_plies`)."""
    start = game.record.start.turn
    return start if game.standing_plies() % 2 == 0 else start.opponent


def _drop_later_moves(game: DeclaringGame) -> None:
    """Make the end of the game as it stands the position shown and the record's end (a result
    is declared there): the moves Undo took back go, the moves only stepped back from stay."""
    standing = game.standing_plies()
    record = game.record
    if record.ply != standing or len(record.line) != standing:
        game.record = GameRecord.replay(record.line[:standing], record.start)
    game.reviewing = False


def resign(game: DeclaringGame) -> None:
    """Resign: the first press asks, the second (with nothing between) resigns; undo takes
    a resignation back."""
    side = _declaring_side(game, "Resigning")
    if side is None:
        return
    if game.confirming != "resign":
        game.confirming = "resign"
        who = "" if game.mode is Mode.HUMAN_VS_AI else f" as {side.name.capitalize()}"
        game.status = f"Resign{who}? Press Resign (Ctrl+R) again to confirm."
        return
    game.confirming = None
    game.stop_thinking()
    _drop_later_moves(game)
    game.finish(game.record.resign(side))


def draw_offered(game: DeclaringGame) -> bool:
    """Whether the side to move may accept a draw the other side offered on its last turn
    (between two players: the Offer draw button then says Accept draw). Read at the end of the
    game as it stands, where a draw is agreed, whatever earlier position is shown: the walk
    of 2026-11-30i stepped back, read "Offer draw" and lost the standing offer by pressing it."""
    offer = game.draw_offer
    return (
        offer is not None
        and offer[0] is not _standing_turn(game)
        and offer[1] + 1 == game.standing_plies()
        and not game.finished
    )


def draw_pending(game: DeclaringGame) -> bool:
    """Whether the side to move at the end of the game offered a draw there and has not moved
    yet (between two players: the other side may accept it after that move). Read at the end
    of the game, whatever earlier position is shown (walk 2026-11-30l: stepped back, the
    status line no longer said the offer that still stood)."""
    offer = game.draw_offer
    return (
        offer is not None
        and offer[0] is _standing_turn(game)
        and offer[1] == game.standing_plies()
        and not game.finished
    )


def offer_draw(game: DeclaringGame) -> None:
    """Offer a draw: the AI answers from its evaluation; between two players the other side
    accepts by offering too on its turn (a move declines)."""
    side = _declaring_side(game, "A draw offer")
    if side is None:
        return
    if game.mode is Mode.HUMAN_VS_HUMAN:
        if draw_offered(game):
            _drop_later_moves(game)
            game.finish(game.record.agree_draw())
            return
        game.draw_offer = (side, game.standing_plies())
        other = side.opponent.name.capitalize()
        game.status = (
            f"{side.name.capitalize()} offers a draw: {other}, after {side.name.capitalize()}'s "
            "move press Accept draw (D) to accept, or play on to decline."
        )
        return
    if not game.is_human_turn() or game.busy() or game.animation is not None:
        game.status = "Offer a draw on your turn."
        return
    if game.confirming != "draw":
        # The AI may accept at once, which ends the game: asked first (the game screen asks
        # on a card), as resigning is.
        game.confirming = "draw"
        game.status = "Offer the AI a draw?"
        return
    game.confirming = None
    if game.judgement() is not None:
        answer_draw(game)  # the engine has judged this position: the score shown
        return
    game.ask(game.config.hint, "draw")  # no score yet: a short search through the worker
    game.status = "The AI considers your draw offer..."


def answer_draw(game: DeclaringGame) -> None:
    """The AI's answer to a draw offer, from the engine's evaluation of the position (the
    score the panel and the bar show), told from the player's side as they tell it."""
    found = game.judgement()
    human = game.human_opponent()
    assert found is not None and human is not None
    accepts, said = draw_answer(found, human)
    if accepts:
        _drop_later_moves(game)
        game.finish(game.record.agree_draw())
    game.status = said
