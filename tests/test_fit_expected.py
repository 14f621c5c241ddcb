"""tools/fit_expected.py: the slope fit, the positions it samples and its bad input."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from checkers.ai.book import book_hit
from checkers.board import BLACK
from checkers.formats.pdn import read_file

DATA = Path(__file__).parent / "data"


@pytest.fixture
def tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/fit_expected.py as a module."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    return importlib.import_module("fit_expected")


def test_the_fit_recovers_the_slope_results_were_drawn_with(tool: ModuleType) -> None:
    rng = np.random.default_rng(7)
    men = rng.normal(0.0, 1.5, 20_000)
    results = (rng.random(men.size) < 1.0 / (1.0 + np.exp(-1.3 * men))).astype(np.float64)
    k, spread = tool.fit_slope(men, results)
    assert abs(k - 1.3) < 4 * spread
    assert tool.log_loss(men, results, k) < tool.log_loss(men, results, 0.5)


def test_sampled_positions_skip_the_opening_book_and_forced_captures(tool: ModuleType) -> None:
    game = read_file(DATA / "masters.pdn")[0]
    found = tool.positions_of(game, 8)
    assert found
    black_result = tool.RESULTS[game.result]
    for position, result in found:
        assert not position.is_capture_pending()
        assert book_hit(position) is None
        assert result == (black_result if position.turn is BLACK else 1.0 - black_result)
    assert game.start not in [position for position, _ in found]


def test_bad_input_is_one_line_and_status_2(
    tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tool.main([str(tmp_path / "missing.pdn")]) == 2
    assert tool.main([str(tmp_path)]) == 2
    (tmp_path / "none.pdn").write_text("not a game")
    assert tool.main([str(tmp_path / "none.pdn")]) == 2
    assert tool.main([str(DATA / "masters.pdn"), "--games", "0"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4
    assert all(line.startswith("fit_expected: ") for line in lines)


def test_a_forced_result_is_decided_whatever_the_slope(tool: ModuleType) -> None:
    men = np.array([np.inf, -np.inf, 0.0])
    assert tool.probability(men, 0.0).tolist() == [1.0, 0.0, 0.5]
    assert tool.probability(men, 1.8).tolist() == [1.0, 0.0, 0.5]
