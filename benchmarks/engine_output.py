"""Memory and time of a match against an external engine that floods its output (issue 34).

    python benchmarks/engine_output.py

Runs `checkers match --games 2 --jobs 1` against two hostile engines, each in a child process:
one that writes 64 KB chunks with no newline for ever, and one that prints `y` lines for ever
(as `yes` does). Each game must end as the engine's failure; the figures are the match's wall
time and its peak resident memory (the child's own, from wait4). Before the fix the first took
the match to 3.9 GB, the second ended in a reader thread's ValueError traceback.
It imports the installed `checkers` package (or the one PYTHONPATH names).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

FLOOD = """
import sys
if sys.argv[1] == "no-newline":
    while True:
        sys.stdout.write("x" * 65536)
        sys.stdout.flush()
while True:
    sys.stdout.write("y\\n" * 4096)
    sys.stdout.flush()
"""


def run(mode: str, folder: Path) -> tuple[float, float, str]:
    """(seconds, peak MB, the games' failure line) of a two-game match against `mode`."""
    script = folder / "flood.py"
    script.write_text(textwrap.dedent(FLOOD), "utf-8")
    engine = shlex.join([sys.executable, str(script), mode])
    command = [sys.executable, "-m", "checkers", "match", "--games", "2", "--jobs", "1"]
    command += ["--second-engine", engine, "--first-depth", "1"]
    began = time.monotonic()
    match = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert match.stdout is not None
    out = match.stdout.read()
    _, status, usage = os.wait4(match.pid, 0)
    match.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - began
    failures = next((line for line in out.splitlines() if "engine failures" in line), "none")
    return seconds, usage.ru_maxrss / 1024, failures  # kilobytes on Linux


def main() -> int:
    """Print each hostile engine's figures."""
    with tempfile.TemporaryDirectory() as folder:
        for mode in ("no-newline", "lines"):
            seconds, peak, failures = run(mode, Path(folder))
            print(f"{mode:<11} {seconds:6.2f} s  peak {peak:6.0f} MB  {failures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
