"""One tolerant PDN reader for every caller: bad games skipped and named, game N read alone,
games past a draw replayed, memory bounded whatever the size of a tag or comment."""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats import pdn
from checkers.formats._pdn_words import GameReader
from checkers.formats.pdn import GameUnreadable, PdnError, open_game, read_file
from checkers.review import review_moves

GOOD = '[Event "good {n}"]\n1. 11-15 23-19 2. 9-14 22-17 *\n\n'
BAD = '[Event "bad"]\n1. 11-15 23-19\n2. 15-99 *\n\n'  # game 2: move 2 on line 6 of the file
# Past a threefold repetition (after 32-28 for the third time) and on.
REPEATING = "32-28 1-5 28-32 5-1 32-28 1-5 28-32 5-1 32-28 1-5 28-32"
PAST_REPETITION = (
    '[Event "past a draw"]\n[SetUp "1"]\n[FEN "W:WK32:BK1"]\n'
    "1. ... 32-28 2. 1-5 28-32 3. 5-1 32-28 4. 1-5 28-32 5. 5-1 32-28 6. 1-5 28-32 *\n"
)


def three_games(tmp_path: Path) -> Path:
    path = tmp_path / "three.pdn"
    path.write_text(GOOD.format(n=1) + BAD + GOOD.format(n=3))
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(argv, out=out)
    return status, out.getvalue(), capsys.readouterr().err


def test_review_of_game_1_is_not_refused_for_a_bad_game_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = three_games(tmp_path)
    for number in ("1", "3"):
        status, out, err = run(
            ["review", str(path), "--game", number, "--depth", "1", "--jobs", "1"], capsys
        )
        assert status == 0, err
        assert "accuracy" in out and "Traceback" not in err


def test_review_of_the_bad_game_names_its_game_line_and_problem_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = three_games(tmp_path)
    status, out, err = run(["review", str(path), "--game", "2", "--depth", "1"], capsys)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert "cannot read game 2 of " in err and "three.pdn: line 6: " in err and "15-99" in err


def test_read_file_skips_a_bad_game_and_reports_its_game_line_and_reason(tmp_path: Path) -> None:
    problems: list[PdnError] = []
    games = read_file(three_games(tmp_path), problems.append)
    assert [game.tags["Event"] for game in games] == ["good 1", "good 3"]
    assert [(error.game, error.line) for error in problems] == [(2, 6)]
    assert "15-99" in problems[0].problem
    with pytest.warns(pdn.PdnSkipWarning, match="game 2, line 6"):
        assert len(read_file(three_games(tmp_path))) == 2


def test_asking_for_game_n_reads_game_n_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "archive.pdn"
    path.write_text("".join(GOOD.format(n=n) for n in range(1, 2001)))
    read: list[int] = []
    real_read = GameReader.read

    def counted(reader: GameReader) -> pdn.PdnGame:
        read.append(1)
        return real_read(reader)

    monkeypatch.setattr(GameReader, "read", counted)
    assert open_game(path, 1500).tags["Event"] == "good 1500"
    assert len(read) == 1  # the other 1,999 games were indexed, not replayed


def test_asking_for_a_game_that_is_not_there_says_how_many_there_are(tmp_path: Path) -> None:
    with pytest.raises(GameUnreadable, match=r"^three.pdn: there is no game 4: it holds 3 games$"):
        open_game(three_games(tmp_path), 4)
    (tmp_path / "empty.pdn").write_text("\n")
    with pytest.raises(GameUnreadable, match="^empty.pdn: it holds no game$"):
        open_game(tmp_path / "empty.pdn")


def test_a_game_that_goes_on_past_a_threefold_repetition_is_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Position.from_fen("W:WK32:BK1")
    moves, position = [], start
    for text in REPEATING.split():
        moves.append(Move.from_pdn(text, position))
        position = position.move(moves[-1])
    reviews = list(review_moves(start, moves))
    assert len(reviews) == len(moves)
    path = tmp_path / "past.pdn"
    path.write_text(PAST_REPETITION)
    status, out, err = run(["review", str(path), "--depth", "2", "--jobs", "1"], capsys)
    assert status == 0 and "Traceback" not in err and "accuracy" in out


def _read_under_a_memory_cap(text_kind: str) -> subprocess.CompletedProcess[str]:
    script = (
        "import sys\n"
        "from checkers.formats.pdn import PdnArchive\n"
        "big = 'x' * (20 * 1024 * 1024)\n"
        "text = ('[Event \"' + big + '\"]\\n1. 11-15 23-19 *\\n' if sys.argv[1] == 'tag'\n"
        "        else '1. 11-15 {' + big + '} 23-19 *\\n')\n"
        "archive = PdnArchive(text)\n"
        "print(len(archive), len(archive.game(1).moves))\n"
    )

    def cap_memory() -> None:
        # 600 MB of address space: the text, its copies and Python itself fit in a fraction.
        resource.setrlimit(resource.RLIMIT_AS, (600 * 1024 * 1024, 600 * 1024 * 1024))

    return subprocess.run(
        [sys.executable, "-c", script, text_kind],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=cap_memory,
    )


@pytest.mark.parametrize("kind", ["tag", "comment"])
def test_a_20_mb_tag_or_comment_is_read_in_bounded_memory(kind: str) -> None:
    read = _read_under_a_memory_cap(kind)
    assert read.returncode == 0, read.stderr[-500:]
    assert read.stdout.split() == ["1", "2"]
