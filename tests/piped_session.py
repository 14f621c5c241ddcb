"""Commands fed to the engine protocol as a GUI sends them: `quit` only once every search has
answered (`quit` stops a running search at once, so a script that piped it straight after `go`
would lose the search it asked for)."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterable, Iterator

CAP = 120.0  # seconds: only a broken engine gets near it


def answered(lines: Iterable[str], out: io.StringIO) -> Iterator[str]:
    """`lines`, holding back `quit` until `out` has a `bestmove` for every search asked for
    before it."""
    searches = 0
    for line in lines:
        if line.split()[:1] == ["quit"]:
            waited = 0.0
            while out.getvalue().count("bestmove ") < searches:
                assert waited < CAP, out.getvalue()
                threading.Event().wait(0.01)
                waited += 0.01
        searches += _starts_a_search(line)
        yield line


def _starts_a_search(line: str) -> bool:
    """Whether `line` is a `go` the engine carries out (the tests' malformed ones are refused)."""
    words = line.split()
    return (
        len(words) == 3
        and words[0] == "go"
        and words[1] in ("depth", "movetime", "nodes")
        and words[2].isdigit()
        and 0 < int(words[2]) <= (200 if words[1] == "depth" else 10**12)
    )
