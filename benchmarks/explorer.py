"""Opening explorer speed: building an archive's index, and looking positions up in it.

The archive to time is the Open Checkers Archive, OCA 2.0 (22,621 published games of English
draughts, 1841 onwards; `OCA_2.0.zip` from Martin Fierz's download page, fierz.ch/download.php,
unzipped): `python benchmarks/explorer.py --archive OCA_2.0.pdn`. Without `--archive`, 22,000
random legal games are made (as benchmarks/pdn_read.py makes them) and the run says so: their
positions do not meet as published games do, so the index is bigger than a real archive's.

`build` times `build_index` into a fresh folder `--runs` times (median); `open` times opening
the built index `--runs` times (`open_built`, as the window's pane does on the frame loop: the
archive's stamp and SQLite's quick check of every page); `lookup` opens the index once and
times one lookup (`explore`) of every position of the first `--plies` plies of every game,
giving the median and the slowest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from checkers.formats.explorer_index import (
    Archive,
    build_index,
    explore,
    index_path,
    open_built,
    open_index,
)
from checkers.formats.pdn import PdnError, open_archive


def made_archive(games: int) -> Path:
    """A made archive of `games` random legal games (kept in the temporary folder)."""
    from pdn_read import make_archive  # benchmarks/ is the script's folder: on sys.path

    path = Path(tempfile.gettempdir()) / f"checkers-explorer-bench-{games}.pdn"
    if not path.exists():
        make_archive(path, games, games, seed=28)
    return path


def time_build(archive: Archive, runs: int) -> None:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            info = build_index(archive, Path(folder))
            times.append(time.perf_counter() - started)
            size = index_path(archive, Path(folder)).stat().st_size
    print(
        f"build: {info.games:,} games ({info.skipped} skipped) in {statistics.median(times):.2f} s"
        f" (median of {runs}; {min(times):.2f}-{max(times):.2f}), index {size / 1e6:.1f} MB"
    )


def time_open(archive: Archive, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        build_index(archive, Path(folder))
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            index = open_built(archive, Path(folder))
            times.append(time.perf_counter() - started)
            assert index is not None
            index.close()
        size = index_path(archive, Path(folder)).stat().st_size
    print(
        f"open: index {size / 1e6:.1f} MB in {statistics.median(times) * 1e3:.0f} ms"
        f" (median of {runs}, quick check included)"
    )


def time_lookups(archive: Archive, plies: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        index, _ = open_index(archive, Path(folder))
        positions = []
        for item in open_archive(archive.path).games():
            if isinstance(item, PdnError):
                continue
            position = item.start
            for move in item.moves[:plies]:
                positions.append(position)
                position = position.move(move)
        times = []
        found = 0
        for position in positions:
            started = time.perf_counter()
            found += bool(explore([index], position))
            times.append(time.perf_counter() - started)
        index.close()
    print(
        f"lookup: {len(positions):,} positions, median {statistics.median(times) * 1e6:.0f} us,"
        f" slowest {max(times) * 1e3:.2f} ms ({found:,} with games)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, help="a PDN archive (default: made here)")
    parser.add_argument("--games", type=int, default=22_000, help="games of a made archive")
    parser.add_argument("--runs", type=int, default=3, help="builds timed, for the median")
    parser.add_argument("--plies", type=int, default=20, help="plies of each game looked up")
    parser.add_argument("--mode", choices=("build", "open", "lookup", "both"), default="both")
    args = parser.parse_args()
    path = args.archive
    if path is None:
        path = made_archive(args.games)
        print(f"a made archive of {args.games:,} random games, not published ones: {path}")
    archive = Archive(path)
    if args.mode in ("build", "both"):
        time_build(archive, args.runs)
    if args.mode in ("open", "both"):
        time_open(archive, args.runs)
    if args.mode in ("lookup", "both"):
        time_lookups(archive, args.plies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
