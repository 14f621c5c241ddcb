"""Values from outside (command line, engine protocol, saved settings): read with limits.

Each reader raises ValueError with a one-line message that names the limit; the argparse types
below turn it into the parser's one-line usage error. Every value has an upper limit, chosen so
that no real use needs more and nothing (recursion, memory, processes) breaks below it.
"""

from __future__ import annotations

import argparse
import math
import os
import re

__all__ = [
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_PERFT_DEPTH",
    "MAX_SECONDS",
    "MAX_SEED",
    "UsageError",
    "delay_seconds",
    "job_count",
    "max_jobs",
    "non_negative_int",
    "one_line",
    "perft_depth",
    "positive_int",
    "read_seconds",
    "read_whole_number",
    "search_depth",
    "seconds",
    "seed",
    "shown",
    "terminal_safe",
]


class UsageError(Exception):
    """A bad command-line value: reported as one line on stderr with exit status 2."""


MAX_DEPTH = 200
"""Deepest search a user may ask for, in plies. The engine looks no further than 200 plies from
the root anyway, and the classic searches take one Python frame per ply (the recursion limit is
1000); from the start even depth 30 would not finish in a day."""
MAX_SECONDS = 86_400.0
"""Longest search a user may ask for: a day a move, more than correspondence play takes."""
MAX_NODES = 10**12
"""Largest node limit: about two months of the engine's search."""
MAX_PERFT_DEPTH = 30
"""Deepest perft: far past any published count (depth 28 is the deepest known and took a cluster
weeks), and the counting recurses one frame per ply."""
MAX_COUNT = 10**9
"""Any other count (games, a game's number in a file, recorded nodes): more than a file or a
match ever holds."""
MAX_SEED = 2**64 - 1
"""Seeds are 64-bit: a larger one adds nothing to the random generator's state."""

_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() would also take "٣" or "３"
_DIGITS_KEPT = 30  # a number longer than this is out of every range here: never convert it


def shown(text: str, limit: int = 40) -> str:
    """`text` quoted for a one-line message: control characters escaped, at most ~limit long."""
    quoted = repr(text[: limit + 1])
    if len(text) <= limit and len(quoted) <= limit + 2:
        return quoted
    cut = limit - 10
    while cut > 0 and len(repr(text[:cut])) > limit - 8:  # escapes make repr up to 10x longer
        cut -= 1
    return f"{text[:cut]!r}... ({len(text)} characters)"


_MESSAGE_LIMIT = 500


def one_line(message: str) -> str:
    """`message` as one printable line: control characters escaped, at most ~500 characters (a
    long middle, such as a huge file name, is cut so that the reason at the end stays)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    if len(text) > _MESSAGE_LIMIT:
        keep = (_MESSAGE_LIMIT - 3) // 2
        text = text[:keep] + "..." + text[-keep:]
    return text


# C0 but newline and tab (ESC among them), DEL and C1: what a terminal may act on instead of show.
_TERMINAL_CONTROLS = {
    code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7F, 0xA0)) if chr(code) not in "\n\t"
}


def terminal_safe(text: str) -> str:
    """`text` read from a file, safe to print: control characters that a terminal acts on (an
    escape sequence retitles the window or clears the screen) shown as `\\x1b`; lines and tabs
    kept."""
    return text.translate(_TERMINAL_CONTROLS)


def read_whole_number(text: str, minimum: int, maximum: int, what: str = "") -> int:
    """A whole number from minimum to maximum; ValueError naming the range otherwise."""
    label = f"{what} " if what else ""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise ValueError(f"{label}{shown(text)} is not a whole number")
    digits = stripped.lstrip("+-").lstrip("0")
    if len(digits) > _DIGITS_KEPT:  # int() of thousands of digits is slow or refused
        value = maximum + 1 if not stripped.startswith("-") else minimum - 1
    else:
        value = int(stripped)
    if value < minimum:
        if minimum == 0:
            raise ValueError(f"{label}{shown(text)} is negative")
        raise ValueError(f"{label}{shown(text)} must be {minimum} or more")
    if value > maximum:
        raise ValueError(f"{label}{shown(text)} is too large: at most {maximum:,}")
    return value


def read_seconds(text: str, maximum: float = MAX_SECONDS, allow_zero: bool = False) -> float:
    """A finite number of seconds, more than 0 (or 0 too) and at most `maximum`."""
    try:
        value = float(text) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise ValueError(f"{shown(text)} is not a number of seconds")
    if value < 0 or (value == 0 and not allow_zero):
        least = "0 or more" if allow_zero else "more than 0"
        raise ValueError(f"{shown(text)} must be {least} seconds")
    if value > maximum:  # also inf, and numbers of thousands of digits
        raise ValueError(f"{shown(text)} is too long: at most {maximum:,g} seconds")
    return value


def max_jobs() -> int:
    """Most worker processes worth starting here: two per core (more only queue for the cores)."""
    return 2 * (os.cpu_count() or 1)


def _whole(text: str, minimum: int, maximum: int) -> int:
    try:
        return read_whole_number(text, minimum, maximum)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def non_negative_int(text: str) -> int:
    """A whole number, 0 to MAX_COUNT."""
    return _whole(text, 0, MAX_COUNT)


def positive_int(text: str) -> int:
    """A whole number, 1 to MAX_COUNT."""
    return _whole(text, 1, MAX_COUNT)


def search_depth(text: str) -> int:
    """A search depth in plies, 1 to MAX_DEPTH."""
    return _whole(text, 1, MAX_DEPTH)


def perft_depth(text: str) -> int:
    """A perft depth, 0 to MAX_PERFT_DEPTH."""
    return _whole(text, 0, MAX_PERFT_DEPTH)


def seed(text: str) -> int:
    """A random seed, 0 to MAX_SEED."""
    return _whole(text, 0, MAX_SEED)


def job_count(text: str) -> int:
    """A number of worker processes, 1 to max_jobs() (the message says why)."""
    limit = max_jobs()
    try:
        return read_whole_number(text, 1, limit)
    except ValueError as error:
        if "too large" in str(error):
            cores = limit // 2
            raise argparse.ArgumentTypeError(
                f"{shown(text)} is too many processes: at most {limit} here "
                f"(two per core, {cores} core{'s' if cores != 1 else ''})"
            ) from None
        raise argparse.ArgumentTypeError(str(error)) from None


def seconds(text: str) -> float:
    """A time limit: more than 0 seconds, at most MAX_SECONDS, finite."""
    try:
        return read_seconds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def delay_seconds(text: str) -> float:
    """A pause between moves: 0 to 60 seconds."""
    try:
        return read_seconds(text, maximum=60.0, allow_zero=True)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
