"""Three kings against two, the 5-piece drill: its endgame table built on demand into the user's
data directory, reused, rebuilt when damaged, seen by the default databases, and the command
line that does the same."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from checkers import drill_tables
from checkers.ai.endgame import (
    SHIPPED_DIRECTORY,
    Endgames,
    Result,
    default_endgames,
    read_slice,
    slice_file_name,
)
from checkers.ai.endgame_build import BuildStopped, dependencies
from checkers.board import BLACK, Move, Position
from checkers.cli import main
from checkers.drill_tables import (
    LONG_BUILD_SECONDS,
    build_seconds,
    prepare_tables,
    seconds_words,
    tables_needed,
)
from checkers.drills import (
    DRILLS,
    NEEDS_MORE_PIECES,
    Drill,
    DrillGame,
    preparing_words,
    tables_note,
)

THREE_KINGS = next(drill for drill in DRILLS if drill.name == "Three kings against two")
SLICE = (0, 3, 0, 2)  # three kings (stored as Black's) against two kings
NAME = slice_file_name(SLICE)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The drill's slice, built once for the session into a folder of its own."""
    folder = tmp_path_factory.mktemp("drill-tables")
    stats = prepare_tables([SLICE], folder)
    assert [s.material for s in stats] == [SLICE]
    return folder / NAME


@pytest.fixture
def fresh(data: Path) -> Iterator[Path]:
    """The user's endgame folder in a temporary data directory, with default databases that
    read it (they are cached for the process: made anew before and after)."""
    default_endgames.cache_clear()
    yield data / "endgame"
    default_endgames.cache_clear()


def test_three_kings_against_two_is_a_drill_and_the_bigger_endings_still_wait() -> None:
    assert THREE_KINGS.fen == "B:WK9,K27:BK10,K15,K19"
    assert "diagram 90" in THREE_KINGS.source
    assert not any("Three kings" in ending for ending in NEEDS_MORE_PIECES)
    assert [ending.split(" (")[0] for ending in NEEDS_MORE_PIECES] == [
        "Second Position",
        "Third Position",
        "Fourth Position",
    ]
    # Boland's Fourth Position is Black's win with Black to play (White to play only draws).
    assert FOURTH_POSITION.fen in NEEDS_MORE_PIECES[2] and "Black to play" in NEEDS_MORE_PIECES[2]
    # Only its own slice: kings are never crowned, and captures reach the shipped 4-piece ones.
    assert THREE_KINGS.tables == [SLICE]
    assert all(drill.tables == [] for drill in DRILLS if drill is not THREE_KINGS)


def test_crowning_men_reaches_slices_with_fewer_men_each_built_first() -> None:
    needed = tables_needed(Position.from_fen("B:W30,K31:B1,K2,K3"))  # 2+2 men and kings v 1+1
    assert needed[0] == (0, 3, 0, 2) and needed[-1] == (1, 2, 1, 1)
    assert len(needed) == len(set(needed)) == 4
    assert tables_needed(Position.from_fen("W:WK19,K23:BK32")) == []


FOURTH_POSITION = Drill(
    "Fourth Position",
    "B:W30,K31,K32:BK20,21,K22,K23",
    "Crown the man on 21 safely.",
    "Ben Boland, Famous Positions in the Game of Checkers: Fourth Position",
)


def test_captures_reach_five_piece_slices_which_are_built_before_the_six_and_seven() -> None:
    needed = FOURTH_POSITION.tables
    pieces = [sum(material) for material in needed]
    assert FOURTH_POSITION.position.turn is BLACK and sorted(pieces) == pieces
    assert min(pieces) == 5 and max(pieces) == 7 and len(needed) == len(set(needed)) == 19
    # Each slice comes after every unshipped slice its captures and crownings lead to.
    for place, material in enumerate(needed):
        for reached in dependencies(material):
            assert sum(reached) <= 4 or needed.index(reached) < place
    # Kings only: the 5-piece slice a capture leads to is built first, then the 6-piece one.
    assert tables_needed(Position.from_fen("W:WK1,K2,K3:BK30,K31,K32")) == [
        (0, 3, 0, 2),
        (0, 3, 0, 3),
    ]


def test_a_long_build_is_told_in_minutes_before_the_drill_is_chosen(fresh: Path) -> None:
    assert seconds_words(90) == "about 90 seconds" and seconds_words(91) == "about 2 minutes"
    assert seconds_words(600) == "about 10 minutes" and seconds_words(5022) == "about 84 minutes"
    assert build_seconds(FOURTH_POSITION.tables, compiled=True) > 60 * 60
    note = tables_note(FOURTH_POSITION)
    assert note is not None and "minutes here" in note and "seconds" not in note
    assert "minutes the first time" in preparing_words(FOURTH_POSITION.tables_to_build())


def test_a_stopped_build_keeps_its_finished_slice_and_resumes_after_it(tmp_path: Path) -> None:
    first, second = (0, 4, 0, 1), SLICE  # 2.3 and 4.9 million indices
    done = tmp_path / slice_file_name(first)
    with pytest.raises(BuildStopped):
        prepare_tables([first, second], tmp_path, stop=done.exists)
    read_slice(done, first)  # whole, kept
    assert not (tmp_path / NAME).exists()  # the unfinished one left nothing
    assert drill_tables.missing_tables([first, second], [tmp_path]) == [second]
    before = done.stat()
    heard: list[str] = []
    with pytest.raises(BuildStopped):  # stopped again at once: enough to see where it starts
        prepare_tables([first, second], tmp_path, heard.append, lambda: bool(heard))
    assert heard == [f"building {NAME}"]
    after = done.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_the_built_slice_judges_the_books_position_a_win_in_19_moves(built: Path) -> None:
    game = DrillGame(THREE_KINGS, Endgames([built.parent, SHIPPED_DIRECTORY]))
    found = game.endgames.probe_plies(game.position)
    assert found is not None and found.result is Result.WIN
    assert game.player.name == "BLACK" and game.win_in() == game.best_possible == 19
    # Lasker's first move, 15-18, is the databases' fastest win; White's 9-5 loses no faster.
    assert game.endgames.best_move(game.position) == Move.from_pdn("15-18", game.position)
    assert game.play(Move.from_pdn("15-18", game.position)) is None
    assert game.reply() is not None and game.win_in() == 18


def test_the_drill_is_built_on_demand_once_and_seen_by_the_default_databases(
    fresh: Path,
) -> None:
    position = THREE_KINGS.position
    assert default_endgames().probe(position) is None  # first probe: not there, remembered
    assert THREE_KINGS.tables_to_build() == [SLICE]
    assert tables_note(THREE_KINGS) is not None
    stats = prepare_tables(THREE_KINGS.tables)
    assert [s.material for s in stats] == [SLICE] and stats[0].positions > 4_000_000
    path = fresh / NAME
    read_slice(path, SLICE)  # whole, its checksum right
    assert THREE_KINGS.tables_to_build() == [] and tables_note(THREE_KINGS) is None
    assert default_endgames().probe(position) is Result.WIN  # the same cached databases
    before = path.stat()
    assert prepare_tables(THREE_KINGS.tables) == []  # the second request builds nothing
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_damaged_slice_is_built_again(fresh: Path, built: Path) -> None:
    fresh.mkdir(parents=True)
    damaged = bytearray(built.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    (fresh / NAME).write_bytes(bytes(damaged))
    assert THREE_KINGS.tables_to_build() == [SLICE]
    assert [s.material for s in prepare_tables(THREE_KINGS.tables)] == [SLICE]
    assert (fresh / NAME).read_bytes() == built.read_bytes()
    # A cut file (a copy that stopped halfway) is built again too.
    (fresh / NAME).write_bytes(built.read_bytes()[:1000])
    assert THREE_KINGS.tables_to_build() == [SLICE]
    prepare_tables(THREE_KINGS.tables)
    assert DrillGame(THREE_KINGS).win_in() == 19


def test_the_estimate_says_a_long_build_before_it_starts(
    monkeypatch: pytest.MonkeyPatch, fresh: Path
) -> None:
    # Measured: 3 s on the compiled core, 44-50 s in pure Python; neither is a long wait.
    assert build_seconds([SLICE], compiled=True) < build_seconds([SLICE], compiled=False)
    assert build_seconds([SLICE], compiled=False) < LONG_BUILD_SECONDS
    assert seconds_words(4.7) == "about 5 seconds" and seconds_words(200) == "about 4 minutes"
    monkeypatch.setenv("CHECKERS_CORE", "python")
    monkeypatch.setattr(drill_tables, "_PYTHON_SECONDS_PER_INDEX", 60e-6)  # a slow computer
    note = tables_note(THREE_KINGS)
    assert note is not None and "takes about 5 minutes here" in note and "not installed" in note


def test_the_command_builds_the_drills_table_with_one_line_then_reuses_it(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert main(["drills", "4"], out) == 0
    text = out.getvalue()
    assert "Black to play and win in 19 moves with the best play." in text
    assert "The databases' line: 1. 15-18 " in text
    progress = capsys.readouterr().err.splitlines()
    assert len(progress) == 1  # one line: what, how long it was said to take, how long it took
    assert progress[0].startswith("Preparing the one 5-piece table this drill needs: about ")
    assert " the first time: ready in " in progress[0] and progress[0].endswith(" s")
    assert (fresh / NAME).is_file()
    out = io.StringIO()
    assert main(["drills", "three kings"], out) == 0
    assert out.getvalue() == text and capsys.readouterr().err == ""  # reused, nothing built


def test_the_command_lists_the_drills_and_refuses_an_unknown_one(
    fresh: Path, capsys: pytest.CaptureFixture[str], built: Path
) -> None:
    out = io.StringIO()
    assert main(["drills"], out) == 0
    listing = out.getvalue()
    assert "4. Three kings against two: B:WK9,K27:BK10,K15,K19" in listing
    assert "The one 5-piece table it needs is built the first time you choose it: about " in listing
    assert not fresh.exists()  # listing builds nothing
    fresh.mkdir(parents=True)
    shutil.copy(built, fresh / NAME)
    out = io.StringIO()
    assert main(["drills"], out) == 0
    assert "tables are built" not in out.getvalue()
    assert main(["drills", "9"], io.StringIO()) == 2
    assert capsys.readouterr().err.strip() == "checkers: error: there is no drill 9: choose 1 to 4"
    assert main(["drills", "queen"], io.StringIO()) == 2
    assert "no drill is called 'queen'" in capsys.readouterr().err


def test_the_coach_names_three_kings_against_two_only_once_its_table_is_built(built: Path) -> None:
    from checkers.coach.endings import named_ending
    from checkers.coach.ideas import proves
    from checkers.coach.replay import replay

    position = THREE_KINGS.position
    shipped = Endgames([SHIPPED_DIRECTORY])
    assert named_ending(position, [], shipped) is None  # no table: never named from the look
    databases = Endgames([built.parent, SHIPPED_DIRECTORY])
    idea = named_ending(position, [], databases)
    assert idea is not None and idea.name == "three-kings-against-two"
    assert dict(idea.claim) == {"winner": "black", "moves": 19}
    assert idea.text == "three kings against two, a database win for Black in 19 moves"
    assert proves(position, idea, endgames=databases)
    # A line that enters it by a capture (three kings each) names it where it begins.
    before = Position.from_fen("B:WK9,K27,K14:BK10,K15,K19")
    entered = named_ending(before, replay(before, ("10x17",)), databases)
    assert entered is not None and entered.name == "three-kings-against-two"
    assert entered.start == 1 and entered.line == ("10x17",) and entered.side.name == "BLACK"


def test_an_ending_is_named_in_lower_case_mid_sentence_and_capitalised_alone(built: Path) -> None:
    from checkers.board import BLACK, WHITE
    from checkers.coach.endings import named_ending
    from checkers.coach.explain import idea_words

    idea = named_ending(THREE_KINGS.position, [], Endgames([built.parent, SHIPPED_DIRECTORY]))
    assert idea is not None
    assert idea_words(idea, "28-32", WHITE).startswith("28-32 walks into three kings against two")
    assert idea_words(idea, "15-18", BLACK).startswith("Three kings against two, a database")
