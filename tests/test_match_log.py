"""tools/match_log.py: an engine's own scores kept through a match, and the games it did not win."""

from __future__ import annotations

import importlib
import io
import shlex
import sys
from pathlib import Path
from types import ModuleType

import pytest

from checkers.cli import main
from checkers.formats.pdn import read_file

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(TOOLS))
    return importlib.import_module("match_log")


def test_a_wrapped_engine_plays_its_match_and_the_report_names_each_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool(monkeypatch)
    logs, pdn = tmp_path / "logs", tmp_path / "games.pdn"
    engine = [sys.executable, "-m", "checkers.cli", "engine", "--no-book"]
    wrapped = shlex.join([sys.executable, str(TOOLS / "match_log.py"), "wrap", str(logs), "--"])
    out = io.StringIO()
    argv = [
        "match",
        "--games",
        "2",
        "--jobs",
        "1",
        "--first-engine",
        wrapped + " " + shlex.join(engine),
    ]
    argv += ["--first-depth", "4", "--second-depth", "1", "--pdn", str(pdn)]
    assert main(argv, out=out) == 0
    assert "engine failures" not in out.getvalue()  # every line went through unchanged
    files = sorted(logs.glob("*.log"))
    assert len(files) == 2  # one a game: the match starts the engine afresh
    first_game = files[0].read_text(encoding="utf-8").splitlines()
    assert "> isready" in first_game and "< readyok" in first_game
    assert any(line.startswith("< bestmove ") for line in first_game)

    assert tool.main(["report", str(logs), str(pdn), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    games = read_file(pdn)
    outcomes = []
    for number, (line, game) in enumerate(zip(lines, games, strict=False), start=1):
        ours = "1-0" if game.tags["Black"].startswith("first") else "0-1"
        outcome = "win" if game.result == ours else "draw" if game.result == "1/2-1/2" else "loss"
        outcomes.append(outcome)
        assert line.startswith(f"game {number}: {outcome}, ")
        assert "best " in line and "after ply" in line  # its depth-4 searches' scores
        assert game.tags["Opening"] in line
    assert lines[2].startswith("2 games: ")
    for outcome in ("win", "draw", "loss"):
        if outcomes.count(outcome):
            assert f"{outcomes.count(outcome)} {outcome}" in lines[2]
    # Without --all, the games won are left out.
    assert tool.main(["report", str(logs), str(pdn)]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) == 2 + outcomes.count("draw") + outcomes.count("loss")


def test_a_report_on_files_that_do_not_match_the_games_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool(monkeypatch)
    pdn = tmp_path / "games.pdn"
    pdn.write_text('[Black "first"]\n[White "second"]\n[Result "1-0"]\n\n1. 11-15 1-0\n')
    assert tool.main(["report", str(tmp_path / "none"), str(pdn)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "holds 1 game(s)" in error and "0 file(s)" in error
    assert tool.main(["report", str(tmp_path), str(tmp_path / "missing.pdn")]) == 2
    assert capsys.readouterr().err.startswith("match_log: ")
