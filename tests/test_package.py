"""The package as users meet it: the public API, the README's example, the version, the assets."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import checkers
from checkers.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent


def readme_python_example() -> str:
    """The first ```python block of README.md: the API example."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^```python\n(.*?)^```$", readme, re.MULTILINE | re.DOTALL)
    assert found is not None, "README.md has no ```python example"
    return found.group(1)


def test_the_readme_example_runs_and_writes_the_game_back_with_the_engines_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_python_example(), "README.md", "exec"), namespace)  # noqa: S102 - the point
    printed = capsys.readouterr().out
    game, record = namespace["game"], namespace["record"]
    assert isinstance(game, checkers.PdnGame) and isinstance(record, checkers.GameRecord)
    written = checkers.read_game(printed[printed.index("[Event") :])
    assert written.tags["Black"] == "Ann" and written.tags["White"] == "Bob"
    assert written.moves[:-1] == game.moves  # the game as read, then the engine's move
    engine_move = written.moves[-1]
    assert engine_move in checkers.record_from_game(game).legal_moves()
    assert f"the engine plays {engine_move.pdn()}" in printed


def test_every_public_name_is_there_and_from_its_module() -> None:
    for name in checkers.__all__:
        assert getattr(checkers, name) is not None
    from checkers.ai import search
    from checkers.board import Position
    from checkers.perft import perft

    assert checkers.Position is Position and checkers.search is search
    assert checkers.perft is perft and checkers.perft(checkers.Position(), 3) == 302
    assert set(checkers.__all__) <= set(dir(checkers))
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = checkers.nothing_here  # type: ignore[attr-defined]


def test_import_checkers_loads_neither_pygame_nor_the_ai() -> None:
    code = (
        "import sys, checkers; "
        "print(sorted(m for m in ('pygame', 'checkers.ai') if m in sys.modules)); "
        "checkers.Limits; print('checkers.ai' in sys.modules, 'pygame' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split("\n")[:2] == ["[]", "True False"]


def test_the_version_comes_from_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    assert checkers.__version__ == metadata.version("checkers")
    assert re.fullmatch(r"\d+\.\d+\.\d+", checkers.__version__)
    with pytest.raises(SystemExit) as exit_info:
        cli_main(["--version"])
    assert exit_info.value.code == 0
    version, core = capsys.readouterr().out.splitlines()
    assert version == f"checkers {checkers.__version__}"
    assert core.startswith("engine core: ")  # compiled or Python: tests/test_compiled.py


def test_every_asset_the_game_loads_is_in_the_assets_folder_and_the_package() -> None:
    from checkers.gui.board_view.assets import ASSET_NAMES, package_assets

    assert sorted(ASSET_NAMES) == sorted(
        path.name for path in (ROOT / "assets").iterdir() if path.suffix in (".png", ".wav")
    )
    assert all((package_assets() / name).is_file() for name in ASSET_NAMES)


def test_a_missing_asset_is_named_in_the_error(tmp_path: Path) -> None:
    from checkers.gui.board_view.assets import Assets

    with pytest.raises(FileNotFoundError, match="missing asset .*crown.png"):
        Assets(tmp_path).image("crown.png")
