"""What the window says to the player, decided in pure code: game-over words, moves counted as
players count them, and the termination a saved game carries.

Pure Python (no pygame). A "move" here is what players call one: `1. 11-15 23-19` is move 1,
Black's and White's halves; a ply is one side's half, and players never see the word.
"""

from __future__ import annotations

import math

from checkers.ai.levels import Level
from checkers.ai.search import is_win_score, plies_to_win
from checkers.board import BLACK, Position, Side
from checkers.coach.explain import database_words
from checkers.gui.config import Mode
from checkers.notation import (
    depth_words,
    forced_text,
    is_even,
    men_text,
    move_rows,
    numbered_moves,
    plural,
    winner_moves,
)
from checkers.record import Outcome, Reason, cannot_move_words

__all__ = [
    "FORTY_MOVE_WORDS",
    "HAND_LABEL",
    "JUDGING_WORDS",
    "SEARCH_WORDS",
    "advantage_words",
    "ahead_words",
    "ai_words",
    "bar_number",
    "black_share",
    "database_note",
    "depth_words",
    "game_over_words",
    "judging_words",
    "lead_words",
    "level_name",
    "move_label",
    "move_rows",
    "moves_count",
    "numbered_moves",
    "outcome_from_termination",
    "plural",
    "result_words",
    "score_words",
    "search_words",
    "settled_words",
    "side_words",
    "termination",
    "thinking_words",
]


SEARCH_WORDS = {
    "engine": "The engine (strongest)",
    "alphabeta": "Alpha-beta (classic, quick)",
    "minimax": "Minimax (classic, slow)",
    "negamax": "Negamax (minimax's twin)",
}
"""The AI registry's searches as the start screen's Advanced section names them."""

JUDGING_WORDS = {
    "engine": "the engine's judgement",
    "seed": "pieces, centre, mobility",
    "count": "the pieces alone",
}
"""The AI registry's evaluations as what an AI judges positions by."""


FORTY_MOVE_WORDS = "40 moves each without a capture or a man move"
"""The 40-move draw in the words the help and the result use (the panel's stalemate counter
says the same in two short rows: `panel.counter_words`)."""


def thinking_words(depth: int) -> str:
    """Beside a score whose search still deepens: `thinking... 14 turns ahead` (the score may
    still change)."""
    return f"thinking... {depth_words(depth)}"


def settled_words(depth: int) -> str:
    """Beside a score whose search has finished: `looked 14 turns ahead`."""
    return f"looked {depth_words(depth)}"


def search_words(algorithm: str) -> str:
    """A search in the Advanced section's words: `The engine (strongest)`; its registry name
    when it has no words yet."""
    return SEARCH_WORDS.get(algorithm, algorithm)


def judging_words(evaluation: str) -> str:
    """What an evaluation judges positions by: `the pieces alone`; its registry name when it
    has no words yet."""
    return JUDGING_WORDS.get(evaluation, evaluation)


def ahead_words(depth: int) -> str:
    """`looks 1 turn ahead`, `looks 6 turns ahead`: a depth as players count it
    (`depth_words`)."""
    return f"looks {depth_words(depth)}"


HAND_LABEL = "Set by hand"
"""A level set by hand, as the start screen's list and the panel name it (one name, not
"Custom" in one place and "Set by hand" in another: walk 2026-12-01v)."""


def level_name(name: str) -> str:
    """A level's name as the window shows it: `Club`, or `Set by hand` for one set by hand."""
    return HAND_LABEL if name == "custom" else name.capitalize()


def ai_words(level: Level) -> str:
    """How an AI plays in a line of a player's words: a named level's description, or for one
    set by hand how far it looks and what it judges by (`Looks 6 turns ahead, judging by the
    pieces alone`); never the search's name."""
    if level.name != "custom":
        return level.description
    how = ahead_words(level.depth) if level.depth is not None else f"thinks {level.time:g} s a move"
    return f"{how[0].upper()}{how[1:]}, judging by {judging_words(level.evaluation)}"


def moves_count(plies: int, black_first: bool = True) -> int:
    """How many moves (Black's and White's halves together) `plies` half-moves make: a move
    counts once either side has played in it."""
    if plies == 0:
        return 0
    return (plies + (0 if black_first else 1) + 1) // 2


def move_label(ply: int, black_first: bool = True) -> str:
    """The position after `ply` half-moves as players name it: `the start`, `Black's move 12`."""
    if ply == 0:
        return "the start"
    index = ply - 1 + (0 if black_first else 1)  # 0 is Black's half of move 1
    side = "Black" if index % 2 == 0 else "White"
    return f"{side}'s move {index // 2 + 1}"


def _name(side: Side) -> str:
    return side.name.capitalize()


def _reason(outcome: Outcome, position: Position, human: Side | None) -> str:
    """Why the game ended, in plain words."""
    reason = outcome.reason
    if reason is Reason.NO_MOVES:
        return cannot_move_words(position)
    if reason is Reason.REPETITION:
        return "the same position three times"
    if reason is Reason.FORTY_MOVE_RULE:
        return FORTY_MOVE_WORDS
    if reason is Reason.AGREEMENT:
        return "agreed by both players" if human is None else "you and the AI agreed"
    if reason is Reason.RECORDED:
        return "as recorded in the file"  # it does not say how the game ended
    assert outcome.winner is not None  # resignation and time always have a winner
    loser = outcome.winner.opponent
    if reason is Reason.RESIGNATION:
        if human is None:
            return f"{_name(loser)} resigned"
        return "you resigned" if loser is human else "the AI resigned"
    if human is None:
        return f"{_name(loser)} ran out of time"
    return "your time ran out" if loser is human else "the AI's time ran out"


def game_over_words(
    outcome: Outcome, mode: Mode, human: Side | None, position: Position
) -> tuple[str, str]:
    """(title, reason) for the game-over card: against the AI `You win` / `The AI wins` /
    `Draw`, otherwise `Black wins` / `White wins` / `Draw`; the reason in plain words
    (`White has no pieces left`). `position` is the final one."""
    if mode is not Mode.HUMAN_VS_AI:
        human = None
    if outcome.winner is None:
        title = "Draw"
    elif human is None:
        title = f"{_name(outcome.winner)} wins"
    else:
        title = "You win" if outcome.winner is human else "The AI wins"
    reason = _reason(outcome, position, human)
    return title, reason[0].upper() + reason[1:]


def termination(outcome: Outcome, position: Position) -> str:
    """The PDN `Termination` tag for a finished game: `White resigned`, `Black is blocked`."""
    return game_over_words(outcome, Mode.HUMAN_VS_HUMAN, None, position)[1]


_DECLARED = (
    ("resigned", Reason.RESIGNATION),
    ("agreed", Reason.AGREEMENT),
    ("ran out of time", Reason.TIME),
)


def outcome_from_termination(result: str, text: str) -> Outcome | None:
    """The outcome a saved game declared (resignation, agreement, time) from its Result and
    Termination tags, or None when the rules decide it (or the tags say nothing we wrote)."""
    winners: dict[str, Side | None] = {"1-0": BLACK, "0-1": BLACK.opponent, "1/2-1/2": None}
    if result not in winners:
        return None
    winner = winners[result]
    for words, reason in _DECLARED:
        if words in text.lower() and (winner is None) == (reason is Reason.AGREEMENT):
            return Outcome(winner, reason)
    return None


def result_words(result: str) -> str:
    """A PDN result as a screen shows it: `1-0`, `0-1`, and a draw as `½-½` (files keep the
    ASCII `1/2-1/2`)."""
    return "½-½" if result == "1/2-1/2" else result


def side_words(side: Side, human: Side | None) -> str:
    """Who `side` is in the window's words: `you` / `the AI` against the AI, else `White`."""
    if human is None:
        return _name(side)
    return "you" if side is human else "the AI"


def lead_words(men: float, side: Side, human: Side | None) -> str:
    """A score in men from `side`'s view as its figure for the side ahead, however small
    (`+0.05 for the AI`): what `advantage_words` calls `even` under a fifth of a man, where
    a card gives the figure `even` stands for."""
    men = round(men, 2) + 0.0
    leader = side if men > 0 else side.opponent
    return f"{men_text(abs(men))} for {side_words(leader, human)}"


def advantage_words(men: float, side: Side, human: Side | None, bound: str = "") -> str:
    """A score in men from `side`'s view, told the one way the whole window tells scores: for
    the side ahead (`+0.35 for White`, `+1.00 for you`, `+0.50 for the AI`) or `even` under a
    fifth of a man either way (`notation.EVEN_MEN`, the review's band for a good move), so one
    position reads the same whoever's turn it is and a deeper search's +0.05 does not turn
    `+0.05 for you` into `+0.05 for the AI`. A `bound` ("upper", "lower") says what the search
    proved instead, its number kept outside the even band (`at most +0.25 for the AI`, `at
    least +0.40 for you`) and `even` inside it (`at most even for the AI`)."""
    men = round(men, 2) + 0.0
    if not bound:
        return "even" if is_even(men) else lead_words(men, side, human)
    # An upper bound u for `side` is a lower bound -u for the opponent, and the other way.
    leader = side if men >= 0 else side.opponent
    words = "at most" if (bound == "upper") == (men >= 0) else "at least"
    if is_even(men):
        # A bound inside the even band reads `even` as an exact score there does (one rule for
        # `even` on every surface): `at most even for the AI` beside the panel's `even`, never
        # `at most +0.10 for the AI` beside it.
        return f"{words} even for {side_words(leader, human)}"
    return f"{words} {men_text(abs(men))} for {side_words(leader, human)}"


def score_words(
    score: float, man: float, side: Side, human: Side | None, at_most: bool = False
) -> str:
    """A search score (from `side`'s view, a man worth `man` in it) as `advantage_words` tells
    it: `+1.00 for you` against the AI, `+0.50 for White` otherwise, `even`; a forced win as
    `you win in 3 moves` / `Black wins in 4 moves`, or known only as a bound (`at_most`,
    `Judgement.at_most`) `Black wins in at most 4 moves`."""
    if is_win_score(score):
        winner = side if score > 0 else side.opponent
        words = forced_text(plies_to_win(score), who=side_words(winner, human))
        return words.replace(" in ", " in at most ", 1) if at_most else words
    return advantage_words(score / man, side, human)


def database_note(score: float, side: Side, human: Side | None) -> str:
    """A result the endgame databases gave (`score` from `side`'s view) in words for the panel,
    told for the winner as every other score is told for the side ahead: `database win in 3
    moves for White`, `database win in 2 moves for you`, `database draw`."""
    if not is_win_score(score):
        return database_words(score)
    winner = side if score > 0 else side.opponent
    return f"{database_words(abs(score))} for {side_words(winner, human)}"


def bar_number(score: float, man: float, at_most: bool = False) -> str:
    """The evaluation bar's short figure, drawn at the leading side's end: how many men ahead
    (`0.35`, as the panel says it), `even` where the panel says so (`notation.EVEN_MEN`), or
    `win 3` for a forced win in 3 moves (`win 3 at most` known only as a bound, `at_most`: the
    bar's font has no `≤`)."""
    if is_win_score(score):
        return f"win {winner_moves(plies_to_win(score))}{' at most' if at_most else ''}"
    men = abs(round(score / man, 2))
    return "even" if is_even(men) else f"{men:.2f}"


def black_share(score: float, man: float, side: Side) -> float:
    """How much of the evaluation bar is Black's (0 to 1; a half where the words say `even`,
    so the bar leans to no side its figure does not name): a man ahead fills about two thirds,
    a forced win all of it."""
    if is_win_score(score):
        share = 1.0 if score > 0 else 0.0
    elif is_even(score / man):
        share = 0.5
    else:
        share = 0.5 + 0.5 * math.tanh(score / man / 1.5)
    return share if side is BLACK else 1.0 - share
