"""The start's resume check over a big games folder: what every start of the window waits for.

`make DIR` fills DIR (used as CHECKERS_DATA_DIR) with `--games` saved games, one file each as
the window keeps them (seeded random legal games, a quarter unfinished), and with
`--archive-mb` a PDN archive of that size among them. `check DIR` runs one start's check: the
unfinished games no window keeps, newest first, and the newest one read to be offered. Time the
check as a whole process, e.g. `/usr/bin/time -v python benchmarks/games_folder.py check DIR`;
the first check after a change to the folder reads the changed files, the next ones do not.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from checkers import saves
from checkers.formats.pdn import PdnGame, write_game
from checkers.record import GameRecord


def random_game(rng: random.Random, number: int) -> PdnGame:
    """A game of random legal moves, finished (with its result) or left unfinished."""
    record = GameRecord()
    for _ in range(rng.randint(10, 120)):
        legal = record.legal_moves()
        if not legal or record.outcome is not None:
            break
        record.play(rng.choice(legal))
    unfinished = number % 4 == 0 and record.outcome is None
    result = "*" if unfinished else rng.choice(["1-0", "0-1", "1/2-1/2"])
    tags = {"Event": "Casual game", "Black": f"Player {number}", "White": "Engine"}
    return PdnGame(tags, record.start, record.moves, result)


def make(directory: Path, games: int, archive_mb: float, seed: int) -> None:
    """A data directory with `games` saved games and, if asked, an archive of `archive_mb` MB."""
    folder = directory / "games"
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    start = time.time() - games * 60
    for number in range(games):
        path = folder / f"2026-01-01 {number:05d} Player {number} vs Engine.pdn"
        path.write_text(write_game(random_game(rng, number)), encoding="utf-8")
        os.utime(path, (start + number * 60, start + number * 60))
    if archive_mb:
        pool = [write_game(random_game(rng, number)) for number in range(200)]
        texts: list[str] = []
        size = 0
        while size < archive_mb * 1e6:
            texts.append(pool[len(texts) % len(pool)])
            size += len(texts[-1]) + 1
        (folder / "big archive.pdn").write_text("\n".join(texts), encoding="utf-8")
        os.utime(folder / "big archive.pdn", (start, start))


def check(directory: Path) -> None:
    """One start's resume check, as the window makes it, with its time."""
    os.environ[saves.DATA_DIR_ENV] = str(directory)
    started = time.perf_counter()
    unfinished = saves.unfinished_games()
    offered = saves.load_game(unfinished[0].path) if unfinished else None
    elapsed = time.perf_counter() - started
    plies = offered.record.ply if offered is not None else 0
    print(f"{len(unfinished)} unfinished, the newest of {plies} plies, in {elapsed:.3f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("make", "check"))
    parser.add_argument("directory", type=Path, help="the data directory (CHECKERS_DATA_DIR)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--archive-mb", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    if args.action == "make":
        make(args.directory, args.games, args.archive_mb, args.seed)
    else:
        check(args.directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
