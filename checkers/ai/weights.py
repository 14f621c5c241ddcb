"""The engine's evaluation weights, in hundredths of a man (a man is 100).

`TUNED` (checkers/ai/tuned_weights.py, written by tools/tune.py) is what the engine plays with;
`HAND_SET` are the weights it had before tuning, which the self-play games for the tuning are
played with (tools/selfplay.py), so that one seed gives the same games and the same fit.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HAND_SET", "Weights"]


@dataclass(frozen=True)
class Weights:
    """Every weight of the engine's evaluation but the man's (100) and the endgame technique's."""

    king: int
    """A king's value."""
    trade: int
    """The side ahead gains lead * trade // (material on the board + 1): trading down pays."""
    guard: int
    """Per man on its own back rank while the enemy still has men."""
    bridge: int
    """Both bridge men (Black 1 and 3, White 30 and 32) home while the enemy still has men."""
    runaway: tuple[int, int, int]
    """A man with no enemy piece in the cone ahead, by rows still to go: 1, 2, 3."""
    king_centre: int
    """Per king on the eight central squares."""
    king_step: int
    """Per single step the kings have (their mobility)."""
    hunt_closeness: int
    """Once the side behind has only kings: per step each of the leader's kings is nearer than
    7 to its nearest enemy king."""
    hunt_corner: int
    """Once the side behind has only kings: per king of theirs in a double corner (a minus)."""
    to_move: int
    """For having the move (a multiple of the engine's grain, 5)."""
    phase_pieces: tuple[int, ...]
    """The men's tables by phase: phase i while fewer than phase_pieces[i - 1] pieces and at
    least phase_pieces[i] (if any) are on the board."""
    men: tuple[tuple[int, ...], ...]
    """By phase, a Black man's value for its square, squares 1-28; a White man on square s counts
    as a Black man on 33 - s (the board turned)."""


_HAND_SET_MIDDLEGAME = (0, 0, 0, -3, -3, 0, 0, 0, 0, 0, 0, -3, -3, 5)
_HAND_SET_MEN = (
    (*_HAND_SET_MIDDLEGAME, 5, 0, 2, 7, 7, -1, -1, 2, 2, 2, 4, 4, 4, 1),
    (*_HAND_SET_MIDDLEGAME, 5, 0, 6, 11, 11, 3, 3, 6, 6, 6, 12, 12, 12, 9),
)

HAND_SET = Weights(
    king=135,
    trade=600,
    guard=6,
    bridge=10,
    runaway=(60, 45, 30),
    king_centre=8,
    king_step=3,
    hunt_closeness=4,
    hunt_corner=15,
    to_move=0,
    phase_pieces=(19, 15, 11),
    # Centre +5, edges -3, advanced men +2 a row past the middle (+6 with fewer than 15 pieces).
    men=(_HAND_SET_MEN[0], _HAND_SET_MEN[0], _HAND_SET_MEN[1], _HAND_SET_MEN[1]),
)
"""The engine's weights before tuning, set by hand."""
