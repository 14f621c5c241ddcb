"""How much of `go movetime T` the engine spends, through the protocol, over many positions.

    python benchmarks/time_use.py [--time 0.3] [--random 60] [--clock]

Each position is sent as a game (`position fen ... moves ...`: the game's history, so repetitions
count) to an in-process `checkers engine` session, then `go movetime T`; the time from the `go`
line to `bestmove` is the time used. The positions: the rule cases of tests/data/positions.txt,
every position of the game in benchmarks/data/review-game.pdn, and positions of seeded random
games (`--random N`). Left out of the share, and counted apart: book moves, forced moves (one
legal move), the endgame databases' answers, proven results (a forced win or loss the search
saw to its end) and searches that reached the deepest depth, which rightly answer at once. Target (issue 29): a mean share of at least 90%
and no answer later than T plus a small margin.

`--clock` instead gives each search T with T spare (`Limits(time=T, spare_time=T)`, a clock
game's budget) and reports how far the time management moved away from T, and why.
It imports the installed `checkers` package (or the one PYTHONPATH names).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

from checkers.ai.classic import MAX_DEPTH
from checkers.ai.compiled import new_engine, wait_until_ready
from checkers.ai.engine import tune_collector_for_search
from checkers.ai.search import MATE_BOUND, Limits, SearchRequest
from checkers.board import Move, Position
from checkers.formats.pdn import open_game
from checkers.protocol import EngineSession

HERE = Path(__file__).resolve().parent


def game_positions() -> list[tuple[Position, list[str]]]:
    """Every position of the review benchmark's game, with the moves that led to it."""
    game = open_game(HERE / "data" / "review-game.pdn")
    found: list[tuple[Position, list[str]]] = []
    played: list[str] = []
    for move in game.moves:
        found.append((game.start, list(played)))
        played.append(move.pdn())
    return found


def rule_positions() -> list[tuple[Position, list[str]]]:
    """The rule cases of tests/data/positions.txt that have a move."""
    text = (HERE.parent / "tests" / "data" / "positions.txt").read_text(encoding="utf-8")
    found = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            position = Position.from_fen(line.split("|")[0].strip())
            if position.legal_moves():
                found.append((position, []))
    return found


def random_positions(count: int, seed: int) -> list[tuple[Position, list[str]]]:
    """Positions of seeded random games, 10 to 70 plies in, each with a move."""
    rng = random.Random(seed)
    found: list[tuple[Position, list[str]]] = []
    while len(found) < count:
        position, played = Position(), []
        for _ in range(rng.randrange(10, 70)):
            moves = position.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            played.append(move.pdn())
            position = position.move(move)
        if position.legal_moves():
            found.append((Position(), played))
    return found


def replay(start: Position, played: list[str]) -> list[Position]:
    """The game's positions, `start` first."""
    history = [start]
    for text in played:
        history.append(history[-1].move(Move.from_pdn(text, history[-1])))
    return history


class Timed:
    """An engine session whose `bestmove` lines are timed from the `go` line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.answered = threading.Event()
        self.session = EngineSession(self.write)
        self.session.engine = new_engine()

    def write(self, line: str) -> None:
        self.lines.append(line)
        if line.startswith("bestmove"):
            self.answered.set()

    def go(self, start: Position, played: list[str], milliseconds: int) -> float:
        """Seconds from `go movetime` to `bestmove` for the game `start` + `played`."""
        moves = f" moves {' '.join(played)}" if played else ""
        self.session.handle(f"position fen {start.fen()}{moves}")
        self.lines.clear()
        self.answered.clear()
        began = time.perf_counter()
        self.session.handle(f"go movetime {milliseconds}")
        self.answered.wait()
        used = time.perf_counter() - began
        self.session.wait()
        return used


def kind(timed: Timed, position: Position) -> str:
    """Why a search may rightly end early, or 'searched'."""
    if len(position.legal_moves()) == 1:
        return "forced"
    if any(line.startswith("info string book") for line in timed.lines):
        return "book"
    if timed.session.engine.from_database:
        return "database"
    depths = [line.split() for line in timed.lines if line.startswith("info depth")]
    if depths and abs(float(depths[-1][4])) >= MATE_BOUND:
        return "proven"
    if depths and int(depths[-1][2]) >= MAX_DEPTH:
        return "exhausted"  # every depth searched: a few pieces and nothing left to find
    return "searched"


def movetime(seconds: float, games: list[tuple[Position, list[str]]]) -> int:
    timed = Timed()
    shares: list[float] = []
    others: dict[str, int] = {}
    latest, latest_game = 0.0, ""
    for start, played in games:
        position = replay(start, played)[-1]
        used = timed.go(start, played, round(seconds * 1000))
        why = kind(timed, position)
        if used - seconds > latest:
            latest, latest_game = used - seconds, f"{start.fen()} after {len(played)} moves"
        if why == "searched":
            shares.append(used / seconds)
        else:
            others[why] = others.get(why, 0) + 1
    skipped = ", ".join(f"{count} {why}" for why, count in sorted(others.items()))
    print(
        f"go movetime {round(seconds * 1000)}: {len(shares)} searched positions "
        f"(left out: {skipped or 'none'})"
    )
    print(
        f"share of T used: mean {statistics.mean(shares):.1%}, median "
        f"{statistics.median(shares):.1%}, least {min(shares):.1%}, most {max(shares):.1%}; "
        f"latest answer T + {latest * 1000:.1f} ms ({latest_game})"
    )
    return 0 if statistics.mean(shares) >= 0.9 else 1


def clock(seconds: float, games: list[tuple[Position, list[str]]]) -> int:
    engine = new_engine()
    shares: list[float] = []
    for start, played in games:
        history = replay(start, played)
        position = history[-1]
        if len(position.legal_moves()) == 1:
            continue
        began = time.perf_counter()
        request = SearchRequest(position, tuple(history))
        result = engine.search(request, Limits(time=seconds, spare_time=seconds))
        used = time.perf_counter() - began
        if engine.from_database or abs(result.score) >= MATE_BOUND:
            continue
        shares.append(used / seconds)
    short = sum(share < 0.9 for share in shares)
    long = sum(share > 1.1 for share in shares)
    print(
        f"clock, target {seconds:g} s with {seconds:g} s spare: {len(shares)} searched positions;"
        f" share of the target used: mean {statistics.mean(shares):.1%}, median "
        f"{statistics.median(shares):.1%}, most {max(shares):.1%}; {short} stopped short"
        f" (a stable move), {long} ran long (a critical position)"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=0.3, help="seconds a move (default 0.3)")
    parser.add_argument("--random", type=int, default=60, help="random positions (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", action="store_true", help="a clock's budget instead")
    args = parser.parse_args()
    if not wait_until_ready(60):
        print("time_use: the compiled core is not available; timing the Python engine")
    tune_collector_for_search()
    games = rule_positions() + game_positions() + random_positions(args.random, args.seed)
    return clock(args.time, games) if args.clock else movetime(args.time, games)


if __name__ == "__main__":
    sys.exit(main())
