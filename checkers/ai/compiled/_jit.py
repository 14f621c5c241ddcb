"""The one way the compiled core is compiled: numba's nopython mode with the on-disk cache, so a
second start loads machine code instead of compiling it again (nothing here is recursive: numba's
cache cannot hold recursive functions, numba issues 6061 and 6713)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["jit"]

F = TypeVar("F", bound=Callable[..., Any])


def jit(function: F) -> F:
    """`function` compiled on its first call, or loaded from the on-disk cache."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))
