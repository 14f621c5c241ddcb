"""Build the package, install the wheel as a user would, and smoke-test the installed copy.

    .venv/bin/python tools/check_wheel.py       # part of `make test`

Everything happens in a temporary directory outside the checkout: the sdist and the wheel are
built from a copy of the source tree (the wheel from the sdist, so both must carry every file), the wheel is checked to hold
every module and asset of the source tree, installed into a fresh virtual environment, and the
installed copy is run from that directory: `checkers --version`, a short headless AI-vs-AI game,
and tools/smoke_installed.py (every asset loads; the window draws kings). Exits 1 on any failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ["watch", "--headless", "--black-depth", "2", "--white-depth", "3", "--delay", "0"]
"""A whole AI-vs-AI game at small depths: a fraction of a second."""

_NOT_SOURCE = (
    ".git",
    ".venv",
    "*.egg-info",
    "build",
    "dist",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
)


class CheckError(Exception):
    """A step failed: the message says which and why."""


def run(command: Sequence[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or CheckError with the output if it fails."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        shown = " ".join(str(part) for part in command)
        raise CheckError(f"{shown} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def expected_files() -> set[str]:
    """The files the wheel must hold: every module, every asset, the data and py.typed."""
    package = ROOT / "checkers"
    names = {f"checkers/{path.relative_to(package).as_posix()}" for path in package.rglob("*.py")}
    names |= {f"checkers/data/{path.name}" for path in (package / "data").glob("*.txt")}
    names |= {f"checkers/data/{path.name}" for path in (package / "data").glob("*.bin")}
    names |= {f"checkers/data/{path.name}" for path in (package / "data").glob("*.pdn")}
    names |= {f"checkers/data/endgame/{p.name}" for p in (package / "data/endgame").glob("*.cdb")}
    names |= {f"checkers/assets/{path.name}" for path in (ROOT / "assets").iterdir()}
    names.add("checkers/py.typed")
    return {name for name in names if "__pycache__" not in name}


def check_contents(sdist: Path, wheel: Path) -> list[str]:
    """The wheel holds every expected file and the licence; the sdist holds every asset."""
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
    missing = sorted(expected_files() - in_wheel)
    if missing:
        raise CheckError(f"{wheel.name} lacks {', '.join(missing)}")
    if not any(name.endswith(".dist-info/licenses/LICENSE") for name in in_wheel):
        raise CheckError(f"{wheel.name} lacks the LICENSE file")
    with tarfile.open(sdist) as archive:
        in_sdist = {name.split("/", 1)[-1] for name in archive.getnames()}
    assets = {f"assets/{path.name}" for path in (ROOT / "assets").iterdir()}
    if not assets <= in_sdist:
        raise CheckError(f"{sdist.name} lacks {', '.join(sorted(assets - in_sdist))}")
    return sorted(name for name in in_wheel if not name.endswith(".py"))


def check(work: Path) -> None:
    """Every step, printing a line for each; CheckError on the first failure."""
    # Built from a copy without the checkout's egg-info, whose stale file list setuptools would
    # otherwise add to the sdist, hiding a file that pyproject.toml no longer packages.
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    dist = work / "dist"
    run([sys.executable, "-m", "build", "--outdir", dist, source], cwd=work)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    version = wheel.name.split("-")[1]  # the build took it from pyproject.toml, the one source
    listing = check_contents(sdist, wheel)
    print(f"built {sdist.name} and {wheel.name}; the wheel's files other than modules:")
    print("".join(f"  {name}\n" for name in listing), end="")

    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=work)
    python, checkers = venv / "bin" / "python", venv / "bin" / "checkers"
    run([python, "-m", "pip", "install", "--quiet", wheel], cwd=work)
    print(f"installed into a fresh virtual environment in {venv}")

    # The installed copy runs from the temporary directory, with nothing pointing at the checkout.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CHECKERS_DATA_DIR=str(work))
    shown = run([checkers, "--version"], cwd=work, env=env).strip()
    lines = shown.splitlines()
    # numba is a dependency, so the installed copy searches with the compiled core.
    if lines[:1] != [f"checkers {version}"] or not lines[-1].startswith(
        "engine core: compiled with numba"
    ):
        raise CheckError(
            f"checkers --version printed {shown!r}, expected 'checkers {version}' and"
            " 'engine core: compiled with numba ...'"
        )
    print(f"checkers --version: {' / '.join(lines)}")
    game = run([checkers, *GAME], cwd=work, env=env).strip().splitlines()
    if not game or not game[-1].startswith("Game over"):
        raise CheckError(f"the headless game did not finish: {game[-3:]}")
    print(f"checkers {' '.join(GAME)}: {game[-1]}")
    smoke = shutil.copy(ROOT / "tools" / "smoke_installed.py", work)
    print(run([python, smoke], cwd=work, env=env), end="")


def main() -> int:
    """0 if the installed wheel passes every check, 1 naming the failure."""
    work = Path(tempfile.mkdtemp(prefix="checkers-wheel-"))
    try:
        if work.is_relative_to(ROOT):
            raise CheckError(f"the temporary directory {work} is inside the checkout")
        check(work)
    except CheckError as error:
        print(f"wheel check failed: {error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("wheel check passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
