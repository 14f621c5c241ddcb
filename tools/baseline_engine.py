"""Keep a copy of another version of the engine outside the checkout, for `checkers match`.

    .venv/bin/python tools/baseline_engine.py REV DIR [--python PY]

Exports revision REV of this repository (a commit, branch or tag; `git archive`, so only
committed files) into DIR, which must be new or empty, writes DIR/baseline_engine.py (a
launcher that runs that copy's `checkers engine`, whatever the working directory), checks that
it answers `isready`, and prints the engine command to give `checkers match`, e.g.

    checkers match --first-engine "checkers engine" \\
                   --second-engine "$(.venv/bin/python tools/baseline_engine.py main ../base)" ...

The copy is run by PY (default: this interpreter), whose installed packages it uses; its own
`checkers` comes first on its path, so the checkout's never shadows it. Exits 2 with one line
for a bad revision or directory, 1 if the copy's engine does not answer.
"""

from __future__ import annotations

import argparse
import io
import shlex
import subprocess
import sys
import tarfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
LAUNCHER = "baseline_engine.py"
LAUNCHER_TEXT = '''"""Run the `checkers engine` of this copy (written by tools/baseline_engine.py)."""

import sys
from pathlib import Path

# The script's folder is first on the path already; said again so that no other checkers
# (an installed or editable one, the working directory's) can come first.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import checkers  # noqa: E402
from checkers.cli import main  # noqa: E402

if sys.argv[1:] == ["--where"]:
    print(Path(checkers.__file__).resolve().parent)
    raise SystemExit(0)
raise SystemExit(main(["engine"]))
'''


def fail(message: str, status: int = 2) -> None:
    """Print one line naming the problem and exit."""
    print(f"baseline_engine: {message}", file=sys.stderr)
    raise SystemExit(status)


def git(*args: str) -> subprocess.CompletedProcess[bytes]:
    """Run git in this repository, capturing its output."""
    return subprocess.run(["git", "-C", str(REPOSITORY), *args], capture_output=True, check=False)


def export(revision: str, target: Path) -> str:
    """Extract the revision's files into `target`; returns the full commit id."""
    found = git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if found.returncode != 0:
        fail(f"unknown revision {revision!r}")
    commit = found.stdout.decode().strip()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        fail(f"{target} exists and is not an empty directory")
    archive = git("archive", "--format=tar", commit)
    if archive.returncode != 0:
        fail(f"git archive {commit} failed: {archive.stderr.decode().strip()}", 1)
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        # The archive is our own repository's; the data filter still refuses odd members.
        if hasattr(tarfile, "data_filter"):
            tar.extractall(target, filter="data")
        else:  # Python before 3.10.12 has no extraction filters
            tar.extractall(target)
    (target / LAUNCHER).write_text(LAUNCHER_TEXT, encoding="utf-8")
    (target / "BASELINE_COMMIT").write_text(commit + "\n", encoding="utf-8")
    return commit


def check(python: str, target: Path) -> None:
    """Fail unless the copy's engine is the copy's own and answers `isready` with `readyok`."""
    launcher = str(target / LAUNCHER)
    where = subprocess.run(
        [python, launcher, "--where"], capture_output=True, text=True, timeout=60, check=False
    )
    if where.returncode != 0 or Path(where.stdout.strip()) != target / "checkers":
        fail(f"the copy's checkers does not load from {target}: {where.stderr.strip()}", 1)
    answer = subprocess.run(
        [python, launcher],
        input="isready\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if "readyok" not in answer.stdout.split():
        fail(f"the copy's engine did not answer isready: {answer.stderr.strip()[-200:]}", 1)


def main(argv: list[str] | None = None) -> int:
    """Export, check, and print the engine command."""
    parser = argparse.ArgumentParser(
        prog="baseline_engine", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("revision", metavar="REV", help="a commit, branch or tag")
    parser.add_argument("directory", metavar="DIR", type=Path, help="a new or empty directory")
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter to run it (default: this one)"
    )
    args = parser.parse_args(argv)
    target = args.directory.resolve()
    commit = export(args.revision, target)
    check(args.python, target)
    print(f"{args.revision} = {commit[:12]} in {target}", file=sys.stderr)
    print(shlex.join([args.python, str(target / LAUNCHER)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
