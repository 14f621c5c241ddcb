"""A fake engine for the match tests: speaks enough of the `checkers engine` protocol to play.

`python tests/fake_engine.py MODE [PIDFILE]`, MODE being
  first    plays the first legal move of the position it is given
  illegal  answers every `go` with `bestmove 1-2`, which is never legal
  none     answers every `go` with `bestmove none`
  crash    says a last word on stderr and exits with status 3 at the first `go`
  hang     never answers a `go`, and ignores `stop` and `quit` from then on
PIDFILE, if given, receives the process id (so a test can see the process has gone).
"""

from __future__ import annotations

import sys

from checkers.board import Move, Position


def main(mode: str) -> int:
    """Serve the protocol on stdin/stdout in the given mode."""
    position = Position()
    hanging = False
    for line in sys.stdin:
        words = line.split()
        if hanging or not words:
            continue
        if words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "quit":
            return 0
        elif words[0] == "position":
            moves = words[words.index("moves") + 1 :] if "moves" in words else []
            where = words[1 : words.index("moves")] if "moves" in words else words[1:]
            position = (
                Position() if where == ["startpos"] else Position.from_fen(" ".join(where[1:]))
            )
            for text in moves:
                position = position.move(Move.from_pdn(text, position))
        elif words[0] == "go":
            if mode == "first":
                print(f"bestmove {position.legal_moves()[0].pdn()}", flush=True)
            elif mode == "illegal":
                print("bestmove 1-2", flush=True)
            elif mode == "none":
                print("bestmove none", flush=True)
            elif mode == "crash":
                print("fake engine: out of cheese", file=sys.stderr, flush=True)
                return 3
            else:
                hanging = True
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as pid_file:
            import os

            pid_file.write(str(os.getpid()))
    raise SystemExit(main(sys.argv[1]))
