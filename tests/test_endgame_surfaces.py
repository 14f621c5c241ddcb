"""Issue 39: what the data folder's endgame databases hold, every surface says, as `checkers
endgame probe` says it: the engine's move and score, `analyse` (with and without --why, text
and JSON), the review's row, Why?'s card and the hint/bar's lines through the Analyser.

A 5-piece slice (three kings against two) is built once into a temporary data folder: a slice
the folder holds though its size is not whole must be read. The 4-piece win in 107 plies
(longer than the 40-move count) was said as `+0.15` before: a long database win is a win.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from checkers import saves
from checkers.ai.analysis import Analyser
from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    Endgames,
    Probe,
    Result,
    default_endgames,
    slice_file_name,
)
from checkers.ai.endgame_build import build_slice
from checkers.ai.engine import MAN
from checkers.ai.search import WIN, Limits, SearchRequest, is_win_score, plies_to_win
from checkers.board import Move, Position
from checkers.cli import main
from checkers.coach.exact import exact_explanation
from checkers.coach.explain import database_words, explain_search
from checkers.gui.review_model import move_words
from checkers.record import FORTY_MOVE_PLIES
from checkers.review import result_text, review_moves

BUILT = (0, 3, 0, 2)
"""Three kings against two: built from the shipped 4-piece slices alone, in seconds."""
FIVE = "B:WK15,K21:BK3,K4,K25"
"""The built slice's longest win, 67 plies (checked below against the probe)."""
LONG = "B:W25,30:B3,K12"
"""A 4-piece win in 107 plies: longer than the 40-move rule's 80."""
TIME = 10.0  # a cap only: a database root answers at once
LIMITS = Limits(time=TIME)


@pytest.fixture(scope="module")
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder whose endgame folder holds one built 5-piece slice, in use meanwhile."""
    folder = tmp_path_factory.mktemp("data")
    (folder / "endgame").mkdir()
    build_slice(BUILT, folder / "endgame", [SHIPPED_DIRECTORY])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(saves.DATA_DIR_ENV, str(folder))
        default_endgames.cache_clear()
        yield folder
    default_endgames.cache_clear()


def probed(fen: str) -> tuple[Probe, Move]:
    """What `checkers endgame probe` says: the value, its distance and the best move (the
    command's own line, read back, checked against the databases' call)."""
    out = io.StringIO()
    assert main(["endgame", "probe", fen], out=out) == 0
    found = default_endgames().probe_plies(Position.from_fen(fen))
    best = default_endgames().best_move(Position.from_fen(fen))
    assert found is not None and best is not None
    assert out.getvalue().strip() == (
        f"{found.result.value} ({found.plies} plies to the end, best move {best.pdn()})"
    )
    return found, best


@pytest.mark.parametrize("fen", [FIVE, LONG])
def test_every_surface_says_the_database_win(data_folder: Path, fen: str) -> None:
    """Engine, analyse (text, JSON, --why), review row, Why? card and the hint's lines."""
    assert (data_folder / "endgame" / slice_file_name(BUILT)).is_file()
    position = Position.from_fen(fen)
    found, best = probed(fen)
    assert found.result is Result.WIN
    words = database_words(WIN - found.plies)
    assert words == f"database win in {(found.plies + 1) // 2} moves"

    # The engine's move and score, through the one way in to search.
    analyser = Analyser()
    result = analyser.search(position, LIMITS)
    assert result.database and result.move == best
    assert result.score == WIN - found.plies

    # The hint and the bar: the Analyser's lines, every root move from the databases.
    report = list(analyser.analyse(position, LIMITS, lines=3))[-1]
    assert report.from_databases and report.best is not None
    assert report.best.move == best and report.best.score == WIN - found.plies

    # Why?'s card, through the coach's functions the window's AI worker calls.
    card = exact_explanation(position, explain_search(position, result, best))
    assert card.database == words
    assert card.moves[0].move == best.pdn() and card.moves[0].database == words

    # analyse without --why: the databases' line, no score in men.
    out = io.StringIO()
    assert main(["analyse", fen, "--time", str(TIME)], out=out) == 0
    assert f"best move {best.pdn()}" in out.getvalue()
    assert f"from the endgame databases: {words}" in out.getvalue()

    # analyse --why, text and JSON.
    out = io.StringIO()
    assert main(["analyse", fen, "--why", "--time", str(TIME)], out=out) == 0
    first = out.getvalue().splitlines()[0]
    result = words.removeprefix("database ")
    said = f"The endgame databases hold this position's result under perfect play, a {result}"
    assert first.startswith(said) and best.pdn() in first, first
    out = io.StringIO()
    argv = ["analyse", fen, "--why", "--time", str(TIME), "--format", "json"]
    assert main(argv, out=out) == 0
    data = json.loads(out.getvalue())
    assert data["database"] == words and data["played"] == best.pdn()
    assert data["moves"][0]["verdict"] == words

    # The review's row of the best move: a win before it, kept after it.
    row = next(review_moves(position, [best]))
    assert row.best == best and is_win_score(row.before.score)
    assert plies_to_win(row.before.score) == found.plies
    assert row.loss is None and row.loss_words() == "kept the result"
    assert row.before.database and result_text(row.before) == words
    # The window's review panel: the row's words after the best move, the databases' result.
    best_row = move_words(row, MAN, None)[2]
    assert best_row.startswith("After the move database ") and "in " in best_row


def test_a_slice_built_while_running_is_read_by_the_next_search(
    data_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data folder that gains its slice after the engine was made: the next search reads it
    (the engine used to fix the sizes it probes when it was made)."""
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    default_endgames.cache_clear()
    analyser = Analyser()
    position = Position.from_fen(FIVE)
    assert not analyser.search(position, Limits(depth=2)).database
    (tmp_path / "endgame").mkdir()
    source = data_folder / "endgame" / slice_file_name(BUILT)
    (tmp_path / "endgame" / source.name).write_bytes(source.read_bytes())
    result = analyser.search(position, LIMITS)
    assert result.database and result.score == WIN - probed(FIVE)[0].plies
    default_endgames.cache_clear()


def test_a_long_win_whose_line_meets_the_40_move_rule_is_searched_instead() -> None:
    """The root's database answer for a win longer than the count left holds only when the
    databases' own line keeps the count: with 79 plies of it used, the line's first move (a
    king's) draws by the rule, so the root is searched as usual."""
    position = Position.from_fen(LONG)
    databases = default_endgames()
    assert databases.line_keeps_count(position, 0, FORTY_MOVE_PLIES)
    assert not databases.line_keeps_count(position, FORTY_MOVE_PLIES - 1, FORTY_MOVE_PLIES)
    late = SearchRequest(position, (), FORTY_MOVE_PLIES - 1)
    assert not Analyser().search(late, Limits(depth=2)).database
    assert Analyser().search(SearchRequest(position, (), 10), LIMITS).database


def test_the_sizes_probed_are_those_of_slice_files_held(tmp_path: Path) -> None:
    """`most_pieces` counts a slice's own file however few of its size are there, and nothing
    else: a stray name, a folder with a slice's name or a name of no stored material."""
    (tmp_path / "eg9-9999.cdb").write_bytes(b"")  # not a material any slice holds
    (tmp_path / "x5-0302.cdb").write_bytes(b"")  # not a slice's own name
    (tmp_path / slice_file_name((0, 4, 0, 3))).mkdir()  # a folder, 7 pieces
    assert Endgames([tmp_path]).most_pieces == 0
    (tmp_path / slice_file_name(BUILT)).write_bytes(b"")
    assert Endgames([tmp_path]).most_pieces == 5
    assert Endgames([tmp_path]).max_pieces == 1  # 5 pieces held, but no size whole
