"""Peak memory on hostile files (issue 34): each case run in a child process, its peak resident
size (ru_maxrss from wait4) less that of a child that only imports the same modules.

    python benchmarks/hostile_memory.py [--plies 2000] [--depth 4] [--tag-mb 16] [--inflate-mb 1000]
    python benchmarks/hostile_memory.py --checkout OLDER --long-plies 0 --inflate-mb 300

`--checkout` runs another copy of the package (before issue 34's fixes it reviews the 30,000
plies: 5.3 GB and four minutes, hence `--long-plies 0` to leave that case out).

Cases:
- `review` and `puzzles` of a game of two kings shuffling, `--plies` long (2,000 is the longest
  the command line takes; the issue's 30,000-ply file is refused in one line, also shown);
- reading PDN made mostly of tags, `--tag-mb` megabytes, in three shapes: one game's tags
  repeated (one tag run), a hundred distinct tags a game, and tiny games of one tag each;
  reported in bytes of memory per byte of file;
- an endgame slice with a valid header and checksum whose payload inflates to `--inflate-mb`
  megabytes (the issue's was 1.8 MB inflating to 1.9 GB).
Memory is the process's whole resident peak, so a figure under a few megabytes is noise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checkers.ai.endgame import (
    FORMAT_VERSION,
    HEADER,
    MAGIC,
    half_size,
    slice_file_name,
)

_SHUFFLE = ("1-6", "32-27", "6-1", "27-32")
_SLICE_MATERIAL = (1, 1, 1, 1)  # 802,816 positions a side: a file of up to 2 MB is plausible


def shuffle_pdn(path: Path, plies: int) -> Path:
    """Two kings shuffling for `plies` plies, as a PDN file."""
    words = []
    for ply in range(plies):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(_SHUFFLE[ply % 4])
    path.write_text(f'[SetUp "1"]\n[FEN "B:WK32:BK1"]\n\n{" ".join(words)} *\n')
    return path


def tag_files(folder: Path, megabytes: int) -> dict[str, Path]:
    """The three tag-heavy shapes, each about `megabytes` long."""
    size = megabytes * 1024 * 1024
    one_run = folder / "tags-one-run.pdn"
    line = '[Event "x"]\n\n'
    one_run.write_text(line * (size // len(line)) + "1. 11-15 *\n")
    distinct = folder / "tags-distinct.pdn"
    game = "".join(f'[Tag{n} "value {n}"]\n' for n in range(100)) + "1. 11-15 *\n"
    distinct.write_text(game * (size // len(game)))
    tiny = folder / "tags-tiny-games.pdn"
    little = '[Event "x"]\n1-0\n'
    # Within the 200,000 games a file may hold: the rest of the size is not reached.
    tiny.write_text(little * min(size // len(little), 199_999))
    return {"one tag run": one_run, "100 distinct tags a game": distinct, "tiny games": tiny}


def crafted_slice(folder: Path, megabytes: int) -> Path:
    """A slice file whose header and checksum are right and whose payload inflates far past
    what its positions need."""
    stream = zlib.compressobj(9)
    chunk = bytes(1024 * 1024)
    payload = b"".join(stream.compress(chunk) for _ in range(megabytes)) + stream.flush()
    half = half_size(_SLICE_MATERIAL)
    header = HEADER.pack(
        MAGIC, FORMAT_VERSION, *_SLICE_MATERIAL, half, zlib.crc32(payload), len(payload)
    )
    path = folder / slice_file_name(_SLICE_MATERIAL)
    path.write_bytes(header + payload)
    return path


def peak(code: str, checkout: Path, *args: str) -> tuple[int, int, str]:
    """A child's exit status, peak resident size in bytes and stderr's last line."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "SDL_VIDEODRIVER": "dummy"}
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=checkout,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stderr is not None
    said = child.stderr.read().strip().splitlines()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, usage.ru_maxrss * 1024, said[-1] if said else ""


_COMMAND = textwrap.dedent(
    """
    import sys
    from checkers.cli import main
    if sys.argv[1] != "--imports-only":
        sys.exit(main(sys.argv[1:]))
    """
)
_READ = textwrap.dedent(
    """
    import sys
    from checkers.formats.pdn import open_archive
    if sys.argv[1] != "--imports-only":
        open_archive(sys.argv[1])
    """
)
_SLICE = textwrap.dedent(
    """
    import sys
    from checkers.ai.endgame import Endgames
    if sys.argv[1] != "--imports-only":
        Endgames([sys.argv[1]], report=lambda line: print(line, file=sys.stderr)).slice((1, 1, 1, 1))
    """
)


def megabytes(count: int) -> str:
    return f"{count / (1024 * 1024):7.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=2000)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--tag-mb", type=int, default=16)
    parser.add_argument("--inflate-mb", type=int, default=1000)
    parser.add_argument("--long-plies", type=int, default=30_000, help="0: not run")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the copy of checkers to run")
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        print(f"checkout {checkout}")
        _, base, _ = peak(_COMMAND, checkout, "--imports-only")
        game = shuffle_pdn(folder / "shuffle.pdn", args.plies)
        search = ["--depth", str(args.depth), "--jobs", "1"]
        for command in ("review", "puzzles"):
            status, used, said = peak(_COMMAND, checkout, command, str(game), *search)
            print(
                f"{command} of {args.plies} king plies at depth {args.depth}: "
                f"{megabytes(used - base)} above imports (exit {status})"
            )
        if args.long_plies:
            long_game = shuffle_pdn(folder / "shuffle-long.pdn", args.long_plies)
            status, used, said = peak(_COMMAND, checkout, "review", str(long_game), *search)
            print(
                f"review of {args.long_plies:,} plies: exit {status}, "
                f"{megabytes(used - base)}: {said[:90]}"
            )

        _, base, _ = peak(_READ, checkout, "--imports-only")
        for shape, path in tag_files(folder, args.tag_mb).items():
            size = path.stat().st_size
            status, used, said = peak(_READ, checkout, str(path))
            note = f" ({said[:70]})" if status else ""
            print(
                f"PDN of {shape}, {megabytes(size)}: {megabytes(used - base)} above imports, "
                f"{(used - base) / size:.1f} bytes a byte{note}"
            )

        _, base, _ = peak(_SLICE, checkout, "--imports-only")
        path = crafted_slice(folder, args.inflate_mb)
        status, used, said = peak(_SLICE, checkout, str(folder))
        print(
            f"slice of {megabytes(path.stat().st_size)} inflating to {args.inflate_mb} MB: "
            f"{megabytes(used - base)} above imports (exit {status}) {said[:80]}"
        )


if __name__ == "__main__":
    main()
