"""The engine's evaluation weights, in hundredths of a man (a man is 100).

The hand-set values of the engine before tuning, in the layout tools/tune.py writes.
"""

KING = 135
"""A king's value."""
TRADE = 600
"""The side ahead gains lead * TRADE / (material on the board + 1): trading down pays."""
GUARD = 6
"""Per man on its own back rank while the enemy still has men."""
BRIDGE = 10
"""Both bridge men (Black 1 and 3, White 30 and 32) home while the enemy still has men."""
RUNAWAY = (60, 45, 30)
"""A man with no enemy piece in the cone ahead, by rows still to go: 1, 2, 3."""
KING_CENTRE = 8
"""Per king on the eight central squares."""
KING_STEP = 3
"""Per single step the kings have (their mobility)."""
TO_MOVE = 0
"""For having the move."""
PHASE_PIECES = (19, 15, 11)
"""The men's tables by phase: phase 0 with at least 19 pieces on the board, 1 with 15, 2 with
11, 3 below."""
MEN = (
    (0, 0, 0, -3, -3, 0, 0, 0, 0, 0, 0, -3, -3, 5, 5, 0, 2, 7, 7, -1, -1, 2, 2, 2, 4, 4, 4, 1),
    (0, 0, 0, -3, -3, 0, 0, 0, 0, 0, 0, -3, -3, 5, 5, 0, 2, 7, 7, -1, -1, 2, 2, 2, 4, 4, 4, 1),
    (0, 0, 0, -3, -3, 0, 0, 0, 0, 0, 0, -3, -3, 5, 5, 0, 6, 11, 11, 3, 3, 6, 6, 6, 12, 12, 12, 9),
    (0, 0, 0, -3, -3, 0, 0, 0, 0, 0, 0, -3, -3, 5, 5, 0, 6, 11, 11, 3, 3, 6, 6, 6, 12, 12, 12, 9),
)
"""A man's value for its square by phase, for Black's men on squares 1-28; a White man on square
s counts as a Black man on 33 - s (the board turned)."""
