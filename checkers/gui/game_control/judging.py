"""The game's one score: which searches judge a position, the judgements an AI move and its
explanation leave, and the AI's answer to a draw offer from them.

Pure Python, no pygame. The judgements themselves are kept by `checkers.coach.judgement`
(`Judgements`, the deepest search of each position); `Game.judge` adds one, and the panel, the
bar, the hint and the draw answer all read the same one. What this room reads of the game is
named in `JudgingGame`, which `checkers.gui.controller.Game` is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from checkers.ai.levels import Level
from checkers.ai.search import is_win_score
from checkers.board import Move, Position, Side
from checkers.coach.explain import Explanation
from checkers.coach.judgement import Judgement, Judgements, explained
from checkers.gui.config import GameConfig
from checkers.gui.wording import score_words
from checkers.notation import is_even
from checkers.review import one_ply_on

__all__ = [
    "DRAW_MARGIN",
    "JudgingGame",
    "along_the_line",
    "bound_unsearched",
    "draw_answer",
    "hinted_move",
    "judge_explained",
    "judges_like_the_engine",
    "one_ply_nearer",
    "unjudged_between_moves",
]

DRAW_MARGIN = 0.2
"""The AI accepts a draw unless it thinks it is ahead by more than this many men (a fifth of a
man is within what its evaluation says about an even position)."""


class JudgingGame(Protocol):
    """What the game's one score reads of the game (`checkers.gui.controller.Game`), and where it
    keeps a judgement."""

    judgements: Judgements
    bounds_searched: set[Position]
    ai_stuck: bool
    awaited_explanation: tuple[int, tuple[int, Position, Move]] | None

    @property
    def explanation_coming(self) -> bool:
        """Whether the exact scores of the AI's last move are still to come."""

    @property
    def ai(self) -> object | None:
        """The AI worker, if the game has one (only whether it has one is read here)."""

    @property
    def config(self) -> GameConfig: ...

    @property
    def position(self) -> Position: ...

    def judge(self, position: Position, judgement: Judgement) -> None: ...


def judges_like_the_engine(level: Level | None) -> bool:
    """Whether a level's scores are the engine's evaluation (a weak level's own rough one is
    never shown as the game's score)."""
    return level is not None and level.evaluation == "engine"


def one_ply_nearer(judgement: Judgement, move: Move) -> Judgement:
    """The judgement of the position the searched `move` leads to: the same score (the line the
    search expects goes through it), a forced result a ply nearer, and the line after the move
    (never the move itself, which is on the board then; none if the line went another way)."""
    line = judgement.line[1:] if judgement.line[:1] == (move.pdn(),) else ()
    return replace(judgement, score=one_ply_on(judgement.score), line=line)


def along_the_line(judgement: Judgement | None, move: Move, mover: Side) -> Judgement | None:
    """The judgement a position's judgement leaves for the position `mover`'s `move` leads to:
    the same score, or the same forced result a ply nearer, where the move is the first of its
    line (the move the search expects: a hint's that was followed; for a forced result the
    winner's move or the best defence), with the rest of the line; where the loser played
    another move, the win a ply nearer at the most (every defence was searched and loses at
    least as soon), standing below any search that proves as near a result of its own (depth
    0; `checkers.coach.judgement.standing`). None
    otherwise: a winner's other move may let the win go. So a win found as one side thinks is
    not dropped for the next search's shallower score once the other replies (walks
    2026-11-30k and l: the bar's "win 6", then "+7.95 for White, looked 10 turns ahead" after a
    Beginner's reply). The databases answer their own positions again."""
    if judgement is None or judgement.database:
        return None
    if judgement.line[:1] == (move.pdn(),):
        # A score too: the line the search expects goes through it, as after the AI's own
        # move (walk 2026-12-01ah: the hint's +0.35, then the panel's "even" from a new
        # search's first looks after the AI's only reply, then +0.35 again).
        return one_ply_nearer(judgement, move)
    if not judgement.forced:
        return None
    if judgement.seen_by(mover) < 0:
        return replace(one_ply_nearer(judgement, move), depth=0, at_most=True)
    return None


def hinted_move(judged: Judgement, searched: Move, position: Position) -> Move:
    """The move a hint names in `position`: the best move of the judgement whose number it
    gives (the first of its line), where that is a legal move; else the hint's own search's.
    A shallower hint search beside a deeper judgement (a resumed game's, the AI's) named its
    own move with the deeper search's number: `Hint: 8-11 (even, 6 turns ahead)` where the
    search 6 turns ahead found 9-13 best, as the explorer's row and Why? say."""
    if judged.line:
        try:
            return Move.from_pdn(judged.line[0], position)
        except ValueError:
            pass  # a line that does not read here names no move
    return searched


def judge_explained(
    game: JudgingGame, before: Position, move: Move, explanation: Explanation
) -> None:
    """Judge the positions before and after the AI's move with the exact scores its
    explanation shows (the book's, or Why?'s exact search: the later of two searches at one
    depth stands), so the card, the panel and the bar say one number."""
    exact = explained(explanation)
    if exact is None:
        return
    game.judge(before, exact[0])
    if exact[1] is not None:
        game.judge(before.move(move), exact[1])


def unjudged_between_moves(game: JudgingGame) -> bool:
    """Whether the position waits for a person's move with no engine judgement of it, in a
    game with an AI, and the AI is free to judge: after a weak level's move (whose own scores
    are not the game's), after the AI's only move (its 1-turn search is no judgement), and in
    any game where no search of this window has looked at it yet (resumed or loaded, or taken
    back to a move from before it was opened). On a clock too: the time is the player's, and
    the AI's clock stands while the engine judges (the walk of 2026-11-29c saw "no evaluation
    yet" after the AI's only move in a 5-minute game until Hint)."""
    return (
        game.ai is not None
        and not game.ai_stuck
        and not game.explanation_coming  # Why?'s exact pass first: it may judge it
        and (game.position not in game.judgements or bound_unsearched(game))
        and any(player.level is not None for player in (game.config.black, game.config.white))
    )


def bound_unsearched(game: JudgingGame) -> bool:
    """Whether the position shown is judged only by a bound (`Judgement.at_most`: a win carried
    after the loser's other move) that no judging search has been asked to prove yet."""
    kept = game.judgements.get(game.position)
    return kept is not None and kept.at_most and game.position not in game.bounds_searched


def draw_answer(found: Judgement, human: Side) -> tuple[bool, str]:
    """Whether the AI (playing `human`'s opponent) accepts a draw in the position `found`
    judges, and its answer for the status line, told from the player's side as they tell it."""
    ai = human.opponent
    score = found.seen_by(ai)
    words = score_words(found.score, found.man, found.side, human)
    if is_win_score(score) and score > 0 or score / found.man > DRAW_MARGIN:
        return False, f"The AI declines the draw: it thinks it is ahead ({words})."
    # The reason agrees with the words beside it: `even` (under a fifth of a man, the one rule
    # of `notation.is_even`) is never "you are ahead".
    why = (
        "it thinks the game is even"
        if is_even(score / found.man)
        else "it sees no real advantage for itself"
        if score > 0
        else "it thinks you are ahead"
    )
    if words == "even":
        return True, f"The AI accepts the draw: {why}."  # not `even (even)`
    return True, f"The AI accepts the draw: {why} ({words})."
