"""The learned pattern tables (checkers/ai/patterns.py): the windows read the right squares, the
file round-trips and is checked when loaded, and the compiled core evaluates them as the Python
engine does (the fixed-depth cross-check, with tables installed)."""

from __future__ import annotations

import importlib
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from checkers._bitboard import BIT
from checkers.ai import engine as python_engine
from checkers.ai import patterns
from checkers.ai.search import Limits
from checkers.board import BLACK, Move, Position, square_row_col

SIZE = patterns.PHASES * patterns.WINDOWS * patterns.PATTERNS


def _random_values(seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(-60, 61) for _ in range(SIZE)]


def _random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position()
        for _ in range(rng.randrange(4, 90)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.move(rng.choice(moves))
        if position.legal_moves():
            found.append(position)
    return found


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[patterns.Tables]:
    """Random pattern tables installed in the engine for one test, then none again."""
    path = tmp_path / "patterns.bin"
    path.write_bytes(patterns.encode(_random_values(5)))
    tables = patterns.load(path)
    previous = python_engine._PATTERNS
    python_engine._install_patterns(tables)
    yield tables
    python_engine._install_patterns(previous)


def test_each_region_reads_its_four_rows_by_two_squares() -> None:
    for position in _random_positions(30, seed=3):
        found = patterns.pattern_indices(position.black, position.white)
        for window in range(patterns.WINDOWS):
            squares = patterns.window_squares(window)
            expected = sum(
                3**k * (1 if position.black & BIT[s] else 2 if position.white & BIT[s] else 0)
                for k, s in enumerate(squares)
            )
            assert found[window] == expected
            first_row, band = divmod(window, patterns.BANDS)
            rows = [square_row_col(s)[0] for s in squares]
            assert rows == [r for r in range(first_row, first_row + 4) for _ in (0, 1)]
            # two neighbouring squares of each row: a 4x4 block of the board
            assert all((s - 1) % 4 in (band, band + 1) for s in squares)
    assert len({tuple(patterns.window_squares(w)) for w in range(patterns.WINDOWS)}) == 15


def test_the_file_round_trips(tmp_path: Path) -> None:
    values = _random_values(1)
    path = tmp_path / "patterns.bin"
    path.write_bytes(patterns.encode(values))
    tables = patterns.load(path)
    assert [v for phase in tables for window in phase for v in window] == values


@pytest.mark.parametrize("damage", ["cut", "changed", "header", "empty", "missing", "directory"])
def test_a_damaged_file_is_refused_in_one_line(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "patterns.bin"
    data = patterns.encode(_random_values(2))
    if damage == "cut":
        path.write_bytes(data[:-100])
    elif damage == "changed":
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    elif damage == "header":
        path.write_bytes(b"checkers-patterns 9" + data[19:])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "directory":
        path.mkdir()
    with pytest.raises(patterns.PatternError) as raised:
        patterns.load(path)
    assert "\n" not in str(raised.value) and str(path) in str(raised.value)


def test_with_a_damaged_file_the_built_in_weights_play(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    data = patterns.encode(_random_values(2))
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 4]))  # one value changed
    script = (
        "from checkers.ai import Limits, engine; from checkers.board import Position\n"
        "assert engine._PATTERNS is None\n"
        "print(engine.Engine().search(Position(), Limits(depth=5)).move.pdn())\n"
    )
    env = {**os.environ, patterns.ENVIRONMENT: str(path), "CHECKERS_CORE": "python"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "pattern tables are not used" in done.stderr
    assert "checksum" in done.stderr and done.stdout.strip()


def _search_in_a_fresh_process(
    env: dict[str, str], before: str = ""
) -> subprocess.CompletedProcess[str]:
    """A depth-5 search from the start by a new Python engine process; `before` runs first."""
    script = (
        f"{before}\n"
        "from checkers.ai import Limits, engine; from checkers.board import Position\n"
        "print('tables' if engine._PATTERNS is not None else 'none')\n"
        "print(engine.Engine().search(Position(), Limits(depth=5)).move.pdn())\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**env, "CHECKERS_CORE": "python"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("setting", "expected"), [(None, "tables"), ("", "tables"), ("on", "tables"), ("off", "none")]
)
def test_the_packaged_tables_play_unless_turned_off(setting: str | None, expected: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != patterns.ENVIRONMENT}
    if setting is not None:
        env[patterns.ENVIRONMENT] = setting
    done = _search_in_a_fresh_process(env)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.split()[0] == expected


def test_with_the_packaged_file_damaged_the_built_in_weights_play(tmp_path: Path) -> None:
    # The default setting reads the packaged file; here the package's data folder holds a cut copy.
    damaged = tmp_path / "patterns.bin"
    damaged.write_bytes(patterns.packaged_path().read_bytes()[:-2])
    env = {k: v for k, v in os.environ.items() if k != patterns.ENVIRONMENT}
    before = (  # before the package is imported: its data folder is tmp_path
        "from importlib import resources; from pathlib import Path; files = resources.files\n"
        f"resources.files = lambda name: Path({str(tmp_path)!r}) if name == 'checkers.data' "
        "else files(name)"
    )
    done = _search_in_a_fresh_process(env, before)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "pattern tables are not used" in done.stderr
    assert str(damaged) in done.stderr and "damaged" in done.stderr
    assert done.stdout.split()[0] == "none" and done.stdout.split()[1]


def test_the_packaged_tables_load() -> None:
    tables = patterns.load()
    assert len(tables) == patterns.PHASES
    assert all(len(window) == patterns.PATTERNS for phase in tables for window in phase)


def test_the_term_adds_each_windows_value(installed: patterns.Tables) -> None:
    for position in _random_positions(20, seed=4):
        pieces = (position.black | position.white).bit_count()
        phase = patterns.phase_of(pieces)
        found = patterns.pattern_indices(position.black, position.white)
        expected = sum(installed[phase][w][index] for w, index in enumerate(found))
        assert python_engine._pattern_score(position.black, position.white, pieces) == expected


@pytest.mark.numba
def test_the_compiled_core_evaluates_and_searches_as_the_python_engine(
    installed: patterns.Tables,
) -> None:
    from checkers.ai.compiled import evaluate
    from checkers.ai.compiled.engine import CompiledEngine

    tables = evaluate.tables()
    for position in _random_positions(40, seed=6):
        raw = (position.black, position.white, position.kings, True)
        assert evaluate.static_score(*raw, *tables) == python_engine._static_score(*raw)
    for position in [Position(), *_random_positions(3, seed=7)]:
        expected = python_engine.Engine(endgames=None).search(position, Limits(depth=6))
        found = CompiledEngine(endgames=None).search(position, Limits(depth=6))
        assert (found.move, found.score, found.nodes) == (
            expected.move,
            expected.score,
            expected.nodes,
        )


def _learning_tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/learn_patterns.py as a module (it imports tools/selfplay.py beside it)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    return importlib.import_module("learn_patterns")


@pytest.mark.numba
def test_the_learning_tool_writes_tables_that_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two tiny games' quiet positions in the self-play format: GAME PLY BLACK WHITE KINGS TURN RESULT.
    lines = []
    for game, result in ((0, 2), (1, 0), (2, 1)):
        for ply, position in enumerate(_random_positions(12, seed=10 + game)):
            turn = int(position.turn is BLACK)
            bits = f"{position.black} {position.white} {position.kings}"
            lines.append(f"{game} {ply} {bits} {turn} {result}")
    source = tmp_path / "positions.txt"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "patterns.bin"
    tool = _learning_tool(monkeypatch)
    assert tool.main(["--positions", str(source), "--epochs", "5", "--out", str(out)]) == 0
    assert len(patterns.load(out)) == patterns.PHASES


@pytest.mark.numba
def test_the_learning_tool_refuses_a_missing_positions_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _learning_tool(monkeypatch)
    with pytest.raises(SystemExit) as raised:
        tool.main(["--positions", str(tmp_path / "none.txt"), "--out", str(tmp_path / "p.bin")])
    assert raised.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not (tmp_path / "p.bin").exists()


def _positions_file(path: Path, results: list[int], seed: int, extra: str = "") -> Path:
    """Games of random positions of more than 5 pieces (no database holds them) in the
    self-play format, game g with results[g]; each game also holds the position `extra` (FEN)
    if given."""
    lines = []
    for game, result in enumerate(results):
        found = [
            position
            for position in _random_positions(10, seed=seed + game)
            if (position.black | position.white).bit_count() > 5
        ]
        if extra:
            found.append(Position.from_fen(extra))
        for ply, position in enumerate(found):
            turn = int(position.turn is BLACK)
            bits = f"{position.black} {position.white} {position.kings}"
            lines.append(f"{game} {ply} {bits} {turn} {result}")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.numba
def test_the_learning_tool_holds_out_the_same_first_file_games_whatever_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    masters = _positions_file(tmp_path / "masters.txt", [2, 1, 1, 0, 1, 2, 1, 0, 1, 1, 2, 1], 20)
    selfplay = _positions_file(tmp_path / "selfplay.txt", [2, 0, 2, 0, 1], 40)
    tool = _learning_tool(monkeypatch)
    alone = [str(masters), "--epochs", "3", "--out", str(tmp_path / "a.bin")]
    assert tool.main(["--positions", *alone]) == 0
    first = capsys.readouterr().out
    both = [str(masters), str(selfplay), "--epochs", "3", "--out", str(tmp_path / "b.bin")]
    assert tool.main(["--positions", *both, "--compare", str(tmp_path / "a.bin")]) == 0
    second = capsys.readouterr().out

    def held_out(text: str) -> tuple[str, ...]:
        """The held-out count and the loss without the tables, as printed."""
        pattern = r"(\d+) of the first file held out.*held-out cross-entropy (\S+) ->"
        found = re.search(pattern, text)
        assert found is not None, text
        return found.groups()

    assert held_out(first) == held_out(second)  # the same positions, the same loss
    assert "the other files' held-out" in second
    # The first fit's tables, scored on the same held-out positions, say their loss.
    assert f"{tmp_path / 'a.bin'}: held-out cross-entropy" in second


@pytest.mark.numba
def test_the_learning_tool_labels_database_positions_with_their_exact_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A king against a king: a database draw, in three games Black won or lost.
    games = _positions_file(tmp_path / "games.txt", [2, 0, 2], 60, extra="B:WK32:BK1")
    tool = _learning_tool(monkeypatch)
    arguments = ["--positions", str(games), "--epochs", "3", "--out", str(tmp_path / "p.bin")]
    assert tool.main([*arguments, "--endgames", str(tmp_path)]) == 0
    # One game is held out (its result stays); the two others' copies are relabelled.
    assert "databases hold 2 training positions; 2 labels changed" in capsys.readouterr().out
    assert tool.main(arguments) == 0
    assert "databases hold" not in capsys.readouterr().out


@pytest.mark.numba
def test_shared_values_carry_a_pattern_seen_in_one_phase_to_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Games of the opening only (17 pieces and up): the other phases' positions are never seen.
    lines = []
    for game, result in enumerate([2, 0, 2, 1, 0, 2, 0, 1, 2, 0, 2, 0]):
        rng = random.Random(80 + game)
        position = Position()
        for ply in range(12):
            position = position.move(rng.choice(position.legal_moves()))
            if (position.black | position.white).bit_count() < patterns.PHASE_LIMITS[0]:
                break
            turn = int(position.turn is BLACK)
            lines.append(
                f"{game} {ply} {position.black} {position.white} {position.kings} {turn} {result}"
            )
    source = tmp_path / "opening.txt"
    source.write_text("\n".join(lines) + "\n")
    tool = _learning_tool(monkeypatch)
    later = []
    for name, extra in (("alone.bin", []), ("shared.bin", ["--shared"])):
        out = tmp_path / name
        assert (
            tool.main(["--positions", str(source), "--epochs", "20", *extra, "--out", str(out)])
            == 0
        )
        tables = patterns.load(out)
        assert any(value for window in tables[0] for value in window)
        later.append(
            sum(abs(value) for phase in tables[1:] for window in phase for value in window)
        )
    assert later[0] == 0  # each phase learns only from its own positions
    assert later[1] > 0  # what the opening taught is worth something later too


@pytest.mark.numba
def test_the_learning_tool_shrinks_the_values_it_writes_on_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _positions_file(tmp_path / "games.txt", [2, 0, 2, 1, 0, 2], 70)
    tool = _learning_tool(monkeypatch)
    written = []
    fit = ["--positions", str(games), "--epochs", "20", "--rate", "10"]
    for name, extra in (("full.bin", []), ("small.bin", ["--shrink", "0.5"])):
        out = tmp_path / name
        assert tool.main([*fit, *extra, "--out", str(out)]) == 0
        written.append([v for phase in patterns.load(out) for window in phase for v in window])
    full, small = written
    assert any(abs(value) >= 2 for value in full)
    assert small == [round(value * 0.5) for value in full]  # both round a half to even
    capsys.readouterr()
    with pytest.raises(SystemExit) as raised:
        tool.main(["--positions", str(games), "--shrink", "0", "--out", str(tmp_path / "n.bin")])
    assert raised.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not (tmp_path / "n.bin").exists()


@pytest.mark.numba
def test_the_learning_tool_refuses_a_missing_databases_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _positions_file(tmp_path / "games.txt", [2, 0], 60)
    tool = _learning_tool(monkeypatch)
    with pytest.raises(SystemExit) as raised:
        tool.main(["--positions", str(games), "--endgames", str(tmp_path / "none")])
    assert raised.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_self_play_with_the_tables_refuses_other_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    selfplay = importlib.import_module("selfplay")
    out = tmp_path / "games.txt"
    with pytest.raises(SystemExit) as raised:
        selfplay.main(["--patterns", "--weights", "hand-set", "--out", str(out)])
    assert raised.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not out.exists()


def test_self_play_plays_the_same_games_without_working_out_the_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    selfplay = importlib.import_module("selfplay")
    for index in range(2):
        quiet = selfplay.play_one(3, index, 4, 2, 40)  # the tool's way: lines off
        assert quiet == selfplay.play_one(3, index, 4, 2, 40, lines=True)
        assert len(quiet) > 20


GAME_ONE = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]


def _archive_tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/archive_positions.py as a module."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    return importlib.import_module("archive_positions")


def test_the_archive_tool_writes_each_quiet_position_with_its_games_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdn = tmp_path / "games.pdn"
    pdn.write_text(
        f'[Event "a"]\n[Result "1-0"]\n{" ".join(GAME_ONE)} 1-0\n\n'
        '[Event "b"]\n[Result "*"]\n1. 11-15 23-19 *\n\n'
        '[Event "c"]\n[Result "0-1"]\n1. 11-15 23-19 2. 8-11 22-17 0-1\n'
    )
    out = tmp_path / "positions.txt"
    assert _archive_tool(monkeypatch).main([str(pdn), "--out", str(out), "--skip-plies", "2"]) == 0
    expected = []
    for number, moves, result in ((1, GAME_ONE, "2"), (3, GAME_ONE[:4], "0")):
        position = Position()
        for ply, text in enumerate(moves):
            if ply >= 2 and not position.is_capture_pending():
                turn = "1" if position.turn is BLACK else "0"
                bits = [str(position.black), str(position.white), str(position.kings)]
                expected.append([str(number), str(ply), *bits, turn, result])
            position = position.move(Move.from_pdn(text, position))
    assert [line.split() for line in out.read_text().splitlines()] == expected
    # 10x17 and 21x14 are captures: the positions before them are left out
    assert [row[1] for row in expected if row[0] == "1"][-2:] != ["6", "7"]
    assert not any(row[0] == "2" for row in expected)  # a game without a result
