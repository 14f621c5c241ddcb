"""AI vs AI in the terminal: an ASCII board after every move and the result at the end.

Pure Python (no pygame): for machines without a display. The game always ends by the rules,
because the record declares the 40-move and repetition draws and a side without moves loses.
"""

from __future__ import annotations

from typing import TextIO

from checkers.ai.players import AIPlayer, PlayedMove, play_game
from checkers.ai.registry import man_value
from checkers.ai.search import is_win_score, score_text
from checkers.board import BLACK
from checkers.gui.config import GameConfig
from checkers.gui.explaining import move_number
from checkers.gui.wording import moves_count
from checkers.notation import numbered_moves, plural
from checkers.record import GameRecord

__all__ = ["watch_in_terminal"]


def watch_in_terminal(config: GameConfig, out: TextIO) -> int:
    """Play the configured AIs against each other, printing each move and board; returns 0."""
    black, white = config.black.level, config.white.level
    if black is None or white is None:
        raise ValueError("watch needs an AI on both sides")
    record = GameRecord(config.start)
    print(f"Black: {config.black.label()}", file=out)
    print(f"White: {config.white.label()}", file=out)
    print(f"\n{record.position}", file=out)

    def show(played: PlayedMove) -> None:
        result, note = played.choice.result, played.choice.note
        number, _ = move_number(record.ply - 1, record.start.turn is BLACK)
        move = numbered_moves([played.move], played.before.turn is BLACK, number)
        score = score_text(result.score, man_value(played.player.evaluation))
        figures = (
            f"depth {result.depth}, "
            f"{score if is_win_score(result.score) else f'score {score} men'}, "
            f"{result.nodes:,} nodes, {result.time:.2f} s"
        )
        print(
            f"\n{move}   ({played.before.turn.name.capitalize()}: "
            f"{figures}{'; ' + note if note else ''})",
            file=out,
        )
        print(record.position, file=out)
        print(f"Moves without capture or man move: {record.stalemate_counter}/40", file=out)

    players = (AIPlayer.for_level(black, config.seed), AIPlayer.for_level(white, config.seed))
    end = play_game(record, *players, on_move=show)
    moves = plural(moves_count(record.ply, record.start.turn is BLACK), "move")
    print(f"\nGame over after {moves}. {end}. Result {end.result()}", file=out)
    return 0
