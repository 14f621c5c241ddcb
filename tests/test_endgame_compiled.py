"""The endgame builder on the compiled core: the same bytes as the pure-Python builder, a
five-piece slice in a data directory found by the probe and the command, and `endgame slice`."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numba  # noqa: F401 - a declared dependency: a broken install fails here, not skips
import pytest

from checkers.ai.compiled.endgame_kernels import group_rank
from checkers.ai.compiled.probe import Databases
from checkers.ai.endgame import (
    BLACK_MAN_SQUARES,
    KING_SQUARES,
    SHIPPED_DIRECTORY,
    WHITE_MAN_SQUARES,
    Endgames,
    Result,
    default_endgames,
    group_table,
    read_slice,
    slice_file_name,
)
from checkers.ai.endgame_build import build, compiled_core, slices
from checkers.ai.endgame_check import check_slice
from checkers.board import Position
from checkers.cli import main

FIVE = (0, 4, 0, 1)  # the smallest five-piece slice: 2.3 million indices, under a second


@pytest.fixture(scope="module")
def five(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory's `endgame` folder holding one five-piece slice, built from the shipped
    four-piece ones by the command a user runs."""
    directory = tmp_path_factory.mktemp("data") / "endgame"
    args = [
        "endgame",
        "slice",
        "eg5-0401",
        "--out",
        str(directory),
        "--from",
        str(SHIPPED_DIRECTORY),
    ]
    status = main(args, io.StringIO())
    assert status == 0
    return directory


def test_the_builder_runs_on_the_compiled_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHECKERS_CORE", raising=False)  # a run of the suite on the Python core
    assert compiled_core()
    monkeypatch.setenv("CHECKERS_CORE", "python")
    assert not compiled_core()


def test_compiled_builder_rebuilds_the_shipped_four_piece_slices(tmp_path: Path) -> None:
    # The shipped slices were written by the Python builder (compressed at another level, so
    # their values are compared, not their bytes).
    build(4, tmp_path)
    for material in slices(4):
        name = slice_file_name(material)
        ours, shipped = read_slice(tmp_path / name), read_slice(SHIPPED_DIRECTORY / name)
        assert (ours.codes, ours.plies) == (shipped.codes, shipped.plies), name


def test_group_ranks_follow_the_slice_index_order() -> None:
    binomials = Databases().tables[4]
    for squares, first in ((BLACK_MAN_SQUARES, 1), (WHITE_MAN_SQUARES, 5), (KING_SQUARES, 1)):
        for count in (1, 2, 3):
            boards, ranks = group_table(squares, count)
            found = [group_rank(b, first, len(squares), count, binomials) for b in boards]
            assert found == [ranks[b] for b in boards] == list(range(len(boards)))


def test_a_five_piece_slice_fits_its_moves(five: Path) -> None:
    endgames = Endgames([five, SHIPPED_DIRECTORY])
    # A sample (every 2,999th position, about 770): benchmarks/endgame.py --check checks all.
    assert check_slice(FIVE, endgames, step=2999) == []


def test_the_game_finds_five_piece_slices_in_the_data_directory(
    five: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Four kings against one, the lone king in the middle: a database win in some plies.
    fen = "B:WK14:BK1,K2,K3,K4"
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(five.parent))
    default_endgames.cache_clear()
    try:
        found = default_endgames().probe_plies(Position.from_fen(fen))
        assert found is not None and found.result is Result.WIN and found.plies > 0
        out = io.StringIO()
        assert main(["endgame", "probe", fen], out) == 0
        assert out.getvalue().startswith(f"win ({found.plies} plies to the end, best move ")
    finally:
        default_endgames.cache_clear()
    # Without it the position is not in the databases.
    assert Endgames([SHIPPED_DIRECTORY]).probe(Position.from_fen(fen)) is None


def test_a_slice_whose_inputs_are_missing_is_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["endgame", "slice", "eg3-0201", "--out", str(tmp_path)]
    assert main(args, io.StringIO()) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "eg3-0201.cdb needs a slice that is not built" in error
    assert list(tmp_path.iterdir()) == []


def test_slice_takes_its_inputs_from_other_folders(tmp_path: Path) -> None:
    out = io.StringIO()
    args = [
        "endgame",
        "slice",
        "eg3-1110",
        "--out",
        str(tmp_path),
        "--from",
        str(SHIPPED_DIRECTORY),
    ]
    assert main(args, out) == 0 and out.getvalue().startswith("built eg3-1110.cdb (")
    name = slice_file_name((1, 1, 1, 0))
    ours, shipped = read_slice(tmp_path / name), read_slice(SHIPPED_DIRECTORY / name)
    assert (ours.codes, ours.plies) == (shipped.codes, shipped.plies)
    assert main(["endgame", "slice", "eg9-9999", "--out", str(tmp_path)], io.StringIO()) == 2


def test_the_fallback_without_the_compiled_core_is_named_by_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CHECKERS_CORE", "python")
    args = ["endgame", "build", "--pieces", "2", "--out", str(tmp_path), "--from-scratch"]
    assert main(args, io.StringIO()) == 0
    assert "in pure Python" in capsys.readouterr().err


def test_progress_lines_say_how_far_the_running_slice_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CHECKERS_CORE", raising=False)  # the compiled builder's progress lines
    lines: list[str] = []
    build(3, tmp_path, report=lambda p: lines.append(p.line()), status_every=0.0)
    assert any("; now eg3-" in line and "plies" in line for line in lines)
    assert lines[-1].startswith(f"endgame: {len(slices(3))}/{len(slices(3))} slices")
    assert "; now" not in lines[-1]


def test_without_numba_the_python_builder_writes_the_same_files(tmp_path: Path) -> None:
    # A process in which `import numba` fails, as on a machine without it.
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "numba.py").write_text("raise ImportError('numba is blocked for this test')\n")
    args = ["endgame", "build", "--pieces", "3", "--jobs", "1", "--from-scratch", "--out"]
    done = subprocess.run(
        [sys.executable, "-m", "checkers", *args, str(tmp_path / "python")],
        env={"PYTHONPATH": str(blocked), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "building up to 3 pieces in pure Python" in done.stderr
    build(3, tmp_path / "compiled")
    for material in slices(3):
        name = slice_file_name(material)
        python = (tmp_path / "python" / name).read_bytes()
        assert python == (tmp_path / "compiled" / name).read_bytes(), name
