"""PDN reading speed: games per second over a large archive, and time to the first game.

The archive is made here: `--distinct` seeded random legal games written by our writer, repeated
with their own Round tags up to `--games` games (reading costs the same for a repeat), and kept
in `--archive` so that later runs time only the reading. `--mode read` reads every game (moves
replayed and checked); `--mode first` opens the file and reads its first game, what the load
screen and `checkers play --load` wait for. Each is timed `--runs` times and the median given.
`--module` names another module with the same `read_games`/`read_file` functions, to compare a
saved copy of an older reader.
Run: `python benchmarks/pdn_read.py`, or time the whole process with `/usr/bin/time -v`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from checkers.board import BLACK, Move, Position
from checkers.formats.pdn import PdnGame, write_game


def random_game(rng: random.Random, round_number: int) -> PdnGame:
    """A game of random legal moves, until the rules end it or a random length is reached
    (so that a reader which ends games by the rules reads it too)."""
    position = Position()
    moves: list[Move] = []
    seen = {position: 1}  # positions since the last capture or man move
    for _ in range(rng.randint(40, 160)):
        legal = position.legal_moves()
        if not legal or max(seen.values()) >= 3 or sum(seen.values()) > 80:
            break
        move = rng.choice(legal)
        progress = move.is_capture or position.is_man_move(move)
        moves.append(move)
        position = position.move(move)
        seen = {} if progress else seen
        seen[position] = seen.get(position, 0) + 1
    result = "1-0" if position.turn is not BLACK else "0-1"
    tags = {
        "Event": f"Benchmark {round_number % 7}",
        "Black": f"Player {rng.randrange(100)}",
        "White": f"Player {rng.randrange(100)}",
        "Round": str(round_number),
    }
    return PdnGame(tags, Position(), moves, result)


def make_archive(path: Path, games: int, distinct: int, seed: int) -> None:
    """Write `games` games, `distinct` of them different, to `path`."""
    rng = random.Random(seed)
    pool = [write_game(random_game(rng, number)) for number in range(distinct)]
    texts = [
        pool[number % distinct].replace(f'[Round "{number % distinct}"]', f'[Round "{number}"]', 1)
        for number in range(games)
    ]
    path.write_text("\n".join(texts), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--distinct", type=int, default=500)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--archive", type=Path, help="the archive (made if missing)")
    parser.add_argument("--mode", choices=("read", "first", "both"), default="both")
    parser.add_argument("--module", default="checkers.formats.pdn", help="the PDN reader to time")
    parser.add_argument("--runs", type=int, default=3, help="timings of each, for the median")
    args = parser.parse_args()
    path = args.archive or Path(tempfile.gettempdir()) / (
        f"checkers-bench-{args.games}-{args.distinct}-{args.seed}.pdn"
    )
    if not path.exists():
        started = time.perf_counter()
        make_archive(path, args.games, args.distinct, args.seed)
        print(
            f"made {path} ({path.stat().st_size / 1e6:.1f} MB) in "
            f"{time.perf_counter() - started:.1f} s"
        )
    reader = importlib.import_module(args.module)
    if args.mode in ("first", "both"):
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            if hasattr(reader, "open_archive"):
                first = reader.open_archive(path).game(1)
            else:
                first = reader.read_file(path)[0]  # a reader without an index reads everything
            times.append(time.perf_counter() - started)
        elapsed = statistics.median(times)
        print(
            f"first game ({len(first.moves)} plies) after {elapsed:.3f} s (median of {len(times)})"
        )
    if args.mode in ("read", "both"):
        text = path.read_text(encoding="utf-8")
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            games = reader.read_games(text, path.name)
            times.append(time.perf_counter() - started)
        elapsed = statistics.median(times)
        plies = sum(len(game.moves) for game in games)
        print(
            f"read {len(games)} games ({plies} plies) in {elapsed:.2f} s (median of {len(times)}):"
            f" {len(games) / elapsed:.0f} games/s, {plies / elapsed:.0f} plies/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
