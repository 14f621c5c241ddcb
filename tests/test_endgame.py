"""Endgame databases: the builder's invariants on small slices, known results, the probe API,
resuming an interrupted build, and the `checkers endgame` command."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    CorruptSliceError,
    Endgames,
    Result,
    default_endgames,
    read_slice,
    slice_file_name,
)
from checkers.ai.endgame_build import (
    BuildStopped,
    build,
    build_slice,
    dependencies,
    levels,
    predecessors,
    slices,
)
from checkers.ai.endgame_check import check_slice, positions_of
from checkers.ai.registry import search
from checkers.ai.search import Limits, is_win_score
from checkers.board import BLACK, WHITE, Move, Piece, Position
from checkers.cli import main

SMALL = 3  # pieces in the slices the normal suite builds (about a second)
# The shipped slices only: a user's own builds in the data directory play no part in the tests.
SHIPPED = Endgames([SHIPPED_DIRECTORY])


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every slice up to three pieces, built from scratch."""
    directory = tmp_path_factory.mktemp("endgame")
    build(SMALL, directory)
    return directory


# --- the builder's invariants ---------------------------------------------------------------------


@pytest.mark.parametrize("material", slices(SMALL), ids=slice_file_name)
def test_every_value_fits_its_moves(small: Path, material: tuple[int, int, int, int]) -> None:
    # Wins have a move to a loss one ply nearer, losses only moves to wins, draws neither: every
    # two-piece position, a sample of the three-piece ones (benchmarks/endgame.py checks all
    # positions up to four pieces).
    step = 1 if sum(material) == 2 else 13
    assert check_slice(material, Endgames([small]), step) == []


def test_a_wrong_value_is_caught_by_the_check(small: Path, tmp_path: Path) -> None:
    material = (0, 1, 0, 1)
    data = bytearray((small / slice_file_name(material)).read_bytes())
    endgames = Endgames([small])
    loaded = endgames.slice(material)
    assert loaded is not None
    # Turn the first win into a draw in memory: the check must notice.
    first_win = next(index for index, _ in positions_of(material) if loaded.lookup(index)[0] == 1)
    codes = bytearray(loaded.codes)
    codes[first_win >> 2] |= 3 << ((first_win & 3) * 2)
    loaded.codes = bytes(codes)
    assert check_slice(material, endgames)
    assert data  # the file itself is untouched


def test_predecessors_are_exactly_the_positions_with_a_step_to_it() -> None:
    for material in [(0, 1, 1, 0), (1, 0, 1, 0), (0, 1, 0, 1), (2, 0, 1, 0)]:
        index_of = {position: index for index, position in positions_of(material)}
        expected: dict[int, set[int]] = {index: set() for index in index_of.values()}
        for position, index in index_of.items():
            for move in position.legal_moves():
                child = position.move(move)
                if child in index_of:  # a step that stays in the slice
                    expected[index_of[child]].add(index)
        for index, before in expected.items():
            found = predecessors(material, index)
            assert len(found) == len(set(found))
            assert set(found) == before


def test_levels_come_after_every_slice_they_need() -> None:
    seen: set[tuple[int, int, int, int]] = set()
    for level in levels(5):
        for material in level:
            assert set(dependencies(material)) <= seen, material
        seen.update(level)
    assert len(slices(4)) == 23 and len(slices(5)) == 45


# --- known results ---------------------------------------------------------------------------------


def test_two_kings_beat_one_king() -> None:
    endgames = SHIPPED
    results = [endgames.probe(p) for _, p in positions_of((0, 2, 0, 1)) if p.turn is BLACK]
    # With the move, two kings win but for a few cramped corner positions where every move
    # allows the lone king to capture or to escape to a draw (B:WK7:BK4,K8: search agrees).
    assert results.count(Result.WIN) > 0.99 * len(results)
    assert set(results) <= {Result.WIN, Result.DRAW}
    # The lone king in the double corner loses, with or without the move.
    for fen in ("B:WK32:BK19,K23", "W:WK32:BK19,K23", "W:WK1:BK10,K14"):
        assert endgames.probe(Position.from_fen(fen)) is (
            Result.WIN if fen[0] == "B" else Result.LOSS
        ), fen


def test_one_king_against_one_king_is_a_draw() -> None:
    for fen in ("B:WK32:BK1", "W:WK32:BK1", "B:WK19:BK14", "W:WK5:BK28"):
        assert SHIPPED.probe(Position.from_fen(fen)) is Result.DRAW, fen


# The ACF's "winning First Position": White crowns its man, then with two kings wins against
# Black's king in the double corner and man on 12 (acfcheckers.com, Standard Positions).
FIRST_POSITION = "W:WK15,20:B12,K28"
FIRST_POSITION_LINE = [
    "15-19",
    "28-32",
    "20-16",
    "32-28",
    "16-11",
    "28-32",
    "11-7",
    "32-28",
    "7-3",
    "28-32",
    "3-7",
    "32-28",
    "7-10",
    "28-32",
    "10-15",
    "32-28",
    "15-18",
    "28-32",
    "18-23",
    "32-28",
    "23-27",
    "28-32",
    "19-23",
    "32-28",
    "27-32",
    "28-24",
    "23-18",
    "24-28",
    "18-15",
    "28-24",
    "32-28",
    "24-27",
    "15-18",
    "12-16",
    "28-32",
    "27-24",
    "18-15",
    "24-28",
    "15-11",
    "16-19",
    "32-27",
    "28-32",
    "27-31",
    "32-28",
    "11-15",
]


def test_first_position_is_a_win_all_along_the_book_line() -> None:
    endgames = SHIPPED
    position = Position.from_fen(FIRST_POSITION)
    for text in FIRST_POSITION_LINE:
        expected = Result.WIN if position.turn is WHITE else Result.LOSS
        assert endgames.probe(position) is expected, position.fen()
        position = position.move(Move.from_pdn(text, position))
    # The classic First Position is on the way: two kings against king and man, White to move.
    classic = Position.from_fen("W:WK7,K19:B12,K28")
    assert endgames.probe(classic) is Result.WIN
    assert position.fen() == "B:WK15,K31:B19,K28" and endgames.probe(position) is Result.LOSS


def test_database_agrees_with_a_deep_search_where_the_search_is_conclusive() -> None:
    endgames = SHIPPED
    rng = random.Random(17)
    conclusive = 0
    materials = [m for m in slices(4) if sum(m) >= 3]
    for _ in range(40):
        material = rng.choice(materials)
        position = _random_position(rng, material)
        if not position.legal_moves():
            continue
        result = search(position, Limits(depth=9))
        if is_win_score(result.score):
            conclusive += 1
            expected = Result.WIN if result.score > 0 else Result.LOSS
            assert endgames.probe(position) is expected, position.fen()
    assert conclusive >= 10


def _random_position(rng: random.Random, material: tuple[int, int, int, int]) -> Position:
    black_men, black_kings, white_men, white_kings = material
    while True:
        squares = rng.sample(range(1, 33), sum(material))
        pieces = {}
        kinds = (
            [Piece(BLACK)] * black_men
            + [Piece(BLACK, True)] * black_kings
            + [Piece(WHITE)] * white_men
            + [Piece(WHITE, True)] * white_kings
        )
        for square, piece in zip(squares, kinds, strict=True):
            pieces[square] = piece
        if any(
            p == Piece(BLACK) and s > 28 or p == Piece(WHITE) and s < 5 for s, p in pieces.items()
        ):
            continue
        return Position.from_pieces(pieces, rng.choice([BLACK, WHITE]))


# --- the probe API ---------------------------------------------------------------------------------


def test_colours_swapped_and_board_turned_gives_the_same_value() -> None:
    endgames = SHIPPED
    rng = random.Random(3)
    for _ in range(200):
        position = _random_position(rng, rng.choice(slices(4)))
        turned = Position.from_pieces(
            {33 - s: Piece(p.side.opponent, p.king) for s, p in position.piece_map().items()},
            position.turn.opponent,
        )
        assert endgames.probe_plies(position) == endgames.probe_plies(turned)


def test_more_pieces_than_the_databases_hold_is_not_in_them() -> None:
    assert SHIPPED.probe(Position()) is None
    assert SHIPPED.probe(Position.from_fen("B:W21,22,23:B1,2,3")) is None


def test_a_side_without_pieces_has_lost() -> None:
    assert SHIPPED.probe(Position.from_fen("W:W:BK1")) is Result.LOSS
    assert SHIPPED.probe(Position.from_fen("B:W:BK1")) is Result.WIN


def test_best_moves_play_a_won_ending_to_its_end() -> None:
    endgames = SHIPPED
    position = Position.from_fen("B:WK18:BK1,K32")
    found = endgames.probe_plies(position)
    assert found is not None and found.result is Result.WIN
    for ply in range(found.plies):
        move = endgames.best_move(position)
        assert move is not None
        position = position.move(move)
        now = endgames.probe_plies(position)
        assert now is not None and now.plies == found.plies - ply - 1
    assert not position.legal_moves() and position.turn is WHITE


def test_the_game_reads_the_users_builds_first(
    small: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CHECKERS_DATA_DIR", str(tmp_path))
    default_endgames.cache_clear()
    try:
        assert default_endgames().directories == [tmp_path / "endgame", SHIPPED_DIRECTORY]
        assert default_endgames().max_pieces == 4
    finally:
        default_endgames.cache_clear()
    assert Endgames([small]).max_pieces == SMALL
    assert Endgames([tmp_path]).max_pieces == 1


def test_shipped_slices_cover_four_pieces_in_a_few_megabytes() -> None:
    files = {path.name for path in SHIPPED_DIRECTORY.glob("*.cdb")}
    assert files == {slice_file_name(m) for m in slices(4)}
    assert sum(p.stat().st_size for p in SHIPPED_DIRECTORY.glob("*.cdb")) < 8_000_000


def test_a_damaged_slice_is_reported_not_trusted(small: Path, tmp_path: Path) -> None:
    name = slice_file_name((0, 2, 0, 1))
    data = bytearray((small / name).read_bytes())
    data[-1] ^= 0xFF
    (tmp_path / name).write_bytes(bytes(data))
    messages: list[str] = []
    endgames = Endgames([tmp_path], messages.append)
    assert endgames.probe(Position.from_fen("B:WK18:BK1,K32")) is None  # left out
    assert endgames.probe(Position.from_fen("B:WK19:BK1,K32")) is None
    assert len(messages) == 1 and "checksum" in messages[0]
    with pytest.raises(CorruptSliceError, match="checksum"):
        read_slice(tmp_path / name)


# --- building: resuming, parallel slices -----------------------------------------------------------


def test_an_interrupted_build_resumes_where_it_stopped(small: Path, tmp_path: Path) -> None:
    finished: list[str] = []

    def stop_after_four() -> bool:
        return len(finished) >= 4

    with pytest.raises(BuildStopped):
        build(SMALL, tmp_path, report=lambda p: finished.append(str(p.last)), stop=stop_after_four)
    on_disk = sorted(p.name for p in tmp_path.iterdir())
    assert len(on_disk) == 4 and all(name.endswith(".cdb") for name in on_disk)
    progress = []
    built = build(SMALL, tmp_path, report=progress.append)
    assert progress[-1].skipped == 4 and len(built) == len(slices(SMALL)) - 4
    for material in slices(SMALL):
        name = slice_file_name(material)
        assert (tmp_path / name).read_bytes() == (small / name).read_bytes()


def test_a_slice_stopped_halfway_leaves_no_file(small: Path, tmp_path: Path) -> None:
    calls = []

    def stop_on_third_check() -> bool:
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(BuildStopped):
        build_slice((0, 2, 0, 1), tmp_path, [small], stop_on_third_check)
    assert list(tmp_path.iterdir()) == []


def test_parallel_build_writes_the_same_files(small: Path, tmp_path: Path) -> None:
    build(SMALL, tmp_path, jobs=2)
    for material in slices(SMALL):
        name = slice_file_name(material)
        assert (tmp_path / name).read_bytes() == (small / name).read_bytes()


# --- the command -----------------------------------------------------------------------------------


def _run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return main(args, out), out.getvalue()


def test_probe_prints_the_value_for_the_side_to_move() -> None:
    shipped = ["--dir", str(SHIPPED_DIRECTORY)]
    status, text = _run(["endgame", "probe", FIRST_POSITION, *shipped])
    assert (status, text) == (0, "win (81 plies to the end, best move 15-19)\n")
    assert _run(["endgame", "probe", "B:WK32:BK1", *shipped])[1].startswith("draw")
    assert _run(["endgame", "probe", "B:WK15,K19:BK1", *shipped])[1].startswith("loss")
    assert _run(["endgame", "probe", "B:W21-32:B1-12"]) == (0, "not in the databases\n")


def test_probe_with_a_bad_fen_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["endgame", "probe", "B:W33:B1"])[0] == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_build_command_builds_and_then_has_nothing_left(tmp_path: Path) -> None:
    args = ["endgame", "build", "--pieces", "2", "--out", str(tmp_path), "--from-scratch"]
    assert _run(args + ["--jobs", "1"]) == (0, f"built 3 slices (5,240 positions) in {tmp_path}\n")
    assert _run(args) == (0, f"built 0 slices (0 positions) in {tmp_path}\n")
    assert _run(["endgame", "probe", "--dir", str(tmp_path), "B:WK32:BK1"])[1].startswith("draw")
