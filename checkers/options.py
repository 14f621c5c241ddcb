"""Command-line value types shared by every subcommand: a bad value is one clear argparse error."""

from __future__ import annotations

import argparse

__all__ = ["delay_seconds", "non_negative_int", "positive_int", "seconds"]


def _whole_number(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(
            f"{text!r} is negative" if minimum == 0 else f"{text!r} must be {minimum} or more"
        )
    return value


def non_negative_int(text: str) -> int:
    """A whole number, 0 or more."""
    return _whole_number(text, 0)


def positive_int(text: str) -> int:
    """A whole number, 1 or more."""
    return _whole_number(text, 1)


def _number_of_seconds(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None


def seconds(text: str) -> float:
    """A time limit: more than 0 seconds, finite."""
    value = _number_of_seconds(text)
    if not 0 < value < 1e6:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0 seconds")
    return value


def delay_seconds(text: str) -> float:
    """A pause between moves: 0 to 60 seconds."""
    value = _number_of_seconds(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 60 seconds")
    return value
