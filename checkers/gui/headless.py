"""AI vs AI in the terminal: an ASCII board after every move and the result at the end.

Pure Python (no pygame): for machines without a display. The game always ends by the rules,
because the record declares the 40-move and repetition draws and a side without moves loses.
"""

from __future__ import annotations

from typing import TextIO

from checkers.ai.evaluation import man_value
from checkers.ai.levels import SideSearches, choose_move
from checkers.ai.search import is_win_score
from checkers.board import BLACK
from checkers.gui.config import GameConfig
from checkers.gui.game import format_score
from checkers.record import GameRecord

__all__ = ["watch_in_terminal"]


def watch_in_terminal(config: GameConfig, out: TextIO) -> int:
    """Play the configured AIs against each other, printing each move and board; returns 0."""
    record = GameRecord(config.start)
    print(f"Black: {config.black.label()}", file=out)
    print(f"White: {config.white.label()}", file=out)
    print(f"\n{record.position}", file=out)
    games = SideSearches()  # each side's AI, kept for the game
    while record.outcome is None:
        position = record.position
        level = config.player(position.turn).level
        if level is None:
            raise ValueError("watch needs an AI on both sides")
        result, note = choose_move(
            position,
            level,
            seed=config.seed,
            history=record.positions,
            no_progress_plies=record.no_progress_plies,
            game=games(position.turn, level, record.positions),
        )
        if result.move is None:
            raise RuntimeError(f"the AI found no move in {position.fen()}")
        record.play(result.move)
        number = (record.ply + 1) // 2
        dots = "." if position.turn is BLACK else "..."
        score = format_score(result.score, man_value(level.evaluation))
        figures = (
            f"depth {result.depth}, "
            f"score {score}{'' if is_win_score(result.score) else ' men'}, "
            f"{result.nodes:,} nodes, {result.time:.2f} s"
        )
        print(
            f"\n{number}{dots} {result.move.pdn()}   ({position.turn.name.capitalize()}: "
            f"{figures}{'; ' + note if note else ''})",
            file=out,
        )
        print(record.position, file=out)
        print(f"Moves without capture or man move: {record.stalemate_counter}/40", file=out)
    outcome = record.outcome
    print(f"\nGame over after {record.ply} plies. {outcome}. Result {outcome.result()}", file=out)
    return 0
