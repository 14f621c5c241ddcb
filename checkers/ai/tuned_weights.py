"""The engine's evaluation weights (placeholder: the hand-set ones until tools/tune.py runs)."""

from checkers.ai.weights import HAND_SET

TUNED = HAND_SET
