"""Game review: labels, losses, the summary, worker processes and cancelling, the command."""

from __future__ import annotations

import dataclasses
import io
import json
import multiprocessing
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from checkers.ai import Limits, compiled
from checkers.ai.endgame import Result, default_endgames
from checkers.ai.registry import search
from checkers.ai.search import WIN, SearchRequest, StopSignal
from checkers.board import BLACK, WHITE, Move, Position
from checkers.cli import main
from checkers.coach.explain import database_words
from checkers.formats.pdn import PdnGame, write_game
from checkers.record import GameRecord
from checkers.review import (
    HARMONIC_FLOOR,
    THRESHOLDS,
    WIN_MEN,
    Label,
    MoveReview,
    PositionScore,
    ReviewSetting,
    carried,
    expected_result,
    judge,
    label_for,
    move_accuracy,
    open_weight,
    review_moves,
    summarize,
    win_text,
)

SHALLOW = ReviewSetting(Limits(depth=4))
DEEPER = ReviewSetting(Limits(depth=6))

# A sound opening, then White's 23-18?? lets Black jump two men for nothing (15x22x29).
BEFORE_BLUNDER = [
    "11-15",
    "23-19",
    "8-11",
    "26-23",
    "9-14",
    "24-20",
    "15x24",
    "28x19",
    "11-15",
    "27-24",
    "7-11",
    "22-18",
    "15x22",
    "25x18x9",
    "5x14",
    "29-25",
    "10-15",
    "19x10",
    "6x15",
]
BLUNDER = "23-18"


def moves_of(texts: list[str], start: Position | None = None) -> list[Move]:
    position = start or Position()
    moves = []
    for text in texts:
        move = Move.from_pdn(text, position)
        moves.append(move)
        position = position.move(move)
    return moves


def pdn_file(tmp_path: Path, texts: list[str], name: str = "game.pdn") -> Path:
    path = tmp_path / name
    path.write_text(write_game(PdnGame({"Black": "Ann", "White": "Bob"}, moves=moves_of(texts))))
    return path


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


# --- labels ------------------------------------------------------------------------------------


def test_planted_blunder_is_labelled_blunder_with_a_legal_better_move() -> None:
    moves = moves_of([*BEFORE_BLUNDER, BLUNDER])
    reviews = list(review_moves(Position(), moves, DEEPER))
    blunder = reviews[-1]
    assert blunder.move.pdn() == BLUNDER and blunder.side is WHITE
    assert blunder.label is Label.BLUNDER
    assert blunder.loss >= 1.5
    assert blunder.best != blunder.move
    assert blunder.best in blunder.position.legal_moves()
    assert blunder.after.line[0].pdn().startswith("15x22")  # the reply takes the men


def test_engine_best_moves_are_never_mistakes_at_the_same_depth() -> None:
    record = GameRecord()
    for _ in range(16):
        result = search(SearchRequest.from_record(record), SHALLOW.limits)
        assert result.move is not None
        record.play(result.move)
    reviews = list(review_moves(record.start, record.moves, SHALLOW))
    assert len(reviews) == 16
    for review in reviews:
        assert review.best == review.move
        assert review.loss == 0.0
        assert review.label in (Label.BEST, Label.FORCED)


def test_the_only_legal_move_is_labelled_forced() -> None:
    # 1. 11-15 22-18 2. 15x22: the capture is the only legal move.
    moves = moves_of(["11-15", "22-18", "15x22", "25x18"])
    reviews = list(review_moves(Position(), moves, SHALLOW))
    assert len(reviews[2].position.legal_moves()) == 1
    assert reviews[2].label is Label.FORCED
    assert reviews[3].label is not Label.FORCED  # 25x18 or 26x17: a choice


def test_nothing_is_book_without_a_book_and_a_book_hook_labels_book() -> None:
    moves = moves_of(["11-15", "23-19"])
    assert all(r.label is not Label.BOOK for r in review_moves(Position(), moves, SHALLOW))

    def opening_book(position: Position, move: Move) -> bool:
        return position == Position() and move.pdn() == "11-15"

    labels = [r.label for r in review_moves(Position(), moves, SHALLOW, is_book=opening_book)]
    assert labels[0] is Label.BOOK and labels[1] is not Label.BOOK


def test_a_book_move_the_review_finds_a_mistake_keeps_its_label() -> None:
    # The walk of 2026-11-30j: "10-14 book / an opening-book move; you lost 0.65 men", and the
    # table said the player had "no choice". The review looked deeper than the book. Walk
    # 2026-12-01u: an inaccuracy too ("the AI lost 0.45 men" beside 100% accuracy).
    from checkers.review import judge

    position = Position()
    move, best = position.legal_moves()[:2]

    def book(at: Position, played: Move) -> bool:
        return True

    for after, label in ((-10.0, Label.BOOK), (25.0, Label.INACCURACY), (50.0, Label.MISTAKE)):
        review = judge(
            1, position, move, PositionScore(best, 15.0), PositionScore(None, after), 100.0, book
        )
        assert review.label is label, (after, review.label)
        assert review.counts_for_accuracy is (label is not Label.BOOK)


def test_labels_follow_the_thresholds_in_order() -> None:
    assert label_for(0.0) is Label.BEST
    previous = 0.0
    for bound, label in THRESHOLDS:
        assert label_for(previous) is label
        assert label_for(bound) is not label
        previous = bound
    assert label_for(THRESHOLDS[-1][0]) is Label.BLUNDER
    assert label_for(50.0, forced=True) is Label.FORCED
    assert label_for(0.0, book=True) is Label.BOOK


def test_loss_is_zero_for_the_engine_move_and_never_negative() -> None:
    position = Position()
    move, other = position.legal_moves()[:2]
    before = PositionScore(move, 10.0)
    # After the engine's move the next search may disagree: still no loss by definition.
    assert judge(1, position, move, before, PositionScore(None, 40.0), 100.0).loss == 0.0
    # Another move that the deeper look finds better than the best loses nothing either.
    assert judge(1, position, other, before, PositionScore(None, -40.0), 100.0).loss == 0.0
    worse = judge(1, position, other, before, PositionScore(None, 150.0), 100.0)
    assert worse.loss == pytest.approx(1.6)
    assert worse.label is Label.BLUNDER
    assert worse.accuracy < 10.0  # the label and the accuracy come from one drop


def test_a_move_whose_loss_rounds_to_no_men_is_one_of_the_best_not_good() -> None:
    # Walk 2026-12-01ah: "24-19 good / lost nothing" beside "4-8 best / lost nothing": a loss
    # under half a hundredth of a man is the best's score as every figure shows it.
    position = Position()
    move, other = position.legal_moves()[:2]
    before = PositionScore(move, 10.0)
    close = judge(1, position, other, before, PositionScore(None, -9.6), 100.0)
    assert close.loss is not None and round(close.loss, 2) == 0
    assert close.label is Label.BEST
    # Nor is one that the search after it scores higher than the best was before it.
    higher = judge(1, position, other, before, PositionScore(None, -15.0), 100.0)
    assert higher.loss == 0 and higher.label is Label.BEST
    further = judge(1, position, other, before, PositionScore(None, -9.0), 100.0)
    assert further.label is Label.GOOD and further.loss == pytest.approx(0.01)


def test_forced_wins_are_told_in_words_not_in_men() -> None:
    position = Position()
    move, other = position.legal_moves()[:2]
    winning = PositionScore(move, WIN - 5)  # the mover wins in 5 plies: 3 of its moves
    missed = judge(1, position, other, winning, PositionScore(None, 0.0), 100.0)
    assert missed.score == WIN_MEN
    assert missed.loss is None and missed.loss_words() == "threw a forced win away"
    assert missed.label is Label.BLUNDER and missed.drop == pytest.approx(50.0)
    assert win_text(WIN - 5) == "wins in 3 moves"
    assert win_text(-(WIN - 4)) == "loses in 2 moves"
    assert win_text(WIN - 1) == "wins in 1 move"
    assert win_text(0.5) is None


def test_a_move_that_keeps_a_forced_win_is_never_a_mistake() -> None:
    # The walk's case: a slower win is still a win (the review called it a blunder, "lost
    # 1.10 men" at +7.95), and no loss in men is shown beside a proven result.
    position = Position()
    move, other = position.legal_moves()[:2]
    winning = PositionScore(move, WIN - 19)
    slower = judge(1, position, other, winning, PositionScore(None, -(WIN - 40)), 100.0)
    assert slower.label is Label.GOOD and slower.drop == 0.0 and slower.accuracy == 100.0
    assert slower.loss is None and slower.loss_words() == "kept the result"
    # Already lost: a man more or less does not change the result.
    losing = PositionScore(move, -(WIN - 9))
    lost = judge(1, position, other, losing, PositionScore(None, WIN - 5), 100.0)
    assert lost.label is not Label.BLUNDER and lost.drop == 0.0


def test_a_forced_win_carries_along_its_line() -> None:
    # The master game's case: a win found at one ply was lost at the next by a shallower look.
    position = Position()
    move = position.legal_moves()[0]
    reply = position.move(move).legal_moves()[0]
    proven = PositionScore(move, WIN - 7, (move, reply), 10)
    shallow = PositionScore(reply, -30.0, (reply,), 10)  # the opponent's view: not lost
    after = carried(proven, move, shallow)
    assert after.score == -(WIN - 6) and after.best == reply  # lost in 6 plies for it
    review = judge(1, position, move, proven, after, 100.0)
    assert review.label is Label.BEST and review.drop == 0.0
    # Another move than the line's carries nothing.
    other = position.legal_moves()[1]
    assert carried(proven, other, shallow) is shallow


def test_accuracy_falls_with_the_drop_in_expected_result() -> None:
    assert expected_result(0.0) == pytest.approx(0.5)
    # A man ahead: 0.86, as in the published master games the slope is fitted to.
    assert 0.84 < expected_result(1.0) < 0.88
    assert move_accuracy(0.0, 0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.0, 0.5) == pytest.approx(100.0, abs=1e-3)  # a gain is no drop
    small, large = move_accuracy(0.0, -0.2), move_accuracy(0.0, -1.0)
    assert 100.0 > small > large > 0.0
    # The same loss matters less when the game is already decided.
    assert move_accuracy(5.0, 4.0) > move_accuracy(0.5, -0.5)


def test_summary_counts_every_label_per_side_and_leaves_out_forced_moves() -> None:
    moves = moves_of([*BEFORE_BLUNDER, BLUNDER])
    reviews = list(review_moves(Position(), moves, SHALLOW))
    summary = summarize(reviews)
    white, black = summary[WHITE], summary[BLACK]
    assert black.moves == 10 and white.moves == 10
    assert set(white.labels) == set(Label)
    assert sum(white.labels.values()) == white.moves
    assert white.labels[Label.BLUNDER] >= 1
    chosen = [r for r in reviews if r.side is WHITE and r.label is not Label.FORCED]
    values = [r.accuracy for r in chosen]
    # Each move weighs by how open the game was before it (`open_weight`).
    weights = [open_weight(r.score) for r in chosen]
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)
    harmonic = sum(weights) / sum(
        w / max(HARMONIC_FLOOR, v) for w, v in zip(weights, values, strict=True)
    )
    assert white.accuracy == pytest.approx((mean + 2 * harmonic) / 3)
    assert black.accuracy is not None and white.accuracy is not None
    assert white.accuracy < black.accuracy


def test_move_numbers_follow_the_side_that_starts() -> None:
    reviews = list(review_moves(Position(), moves_of(["11-15", "23-19", "8-11"]), SHALLOW))
    assert [r.move_number for r in reviews] == [1, 1, 2]
    start = Position.from_fen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    reviews = list(review_moves(start, moves_of(["24-20", "11-15", "22-18"], start), SHALLOW))
    assert [r.move_number for r in reviews] == [1, 2, 2]


def test_the_last_move_that_wins_is_scored_by_the_rules() -> None:
    # Black's man on 14 jumps White's last man: White is left without a move.
    start = Position.from_fen("B:W18:B14")
    reviews = list(review_moves(start, moves_of(["14x23"], start), SHALLOW))
    assert reviews[0].after.best is None and reviews[0].after.score == -WIN
    assert reviews[0].drop == 0.0 and reviews[0].loss_words() == "kept the result"


DATABASE_WIN = "B:W25,30:B3,K12"
"""Four pieces, in the packaged databases: Black wins in 54 moves."""


def database_line(fen: str, plies: int) -> tuple[Position, list[Move], dict[int, str]]:
    """A game inside the databases from `fen`, and what each move was by their count: the
    winner sometimes plays a slower win (`slower`) or another move as fast as theirs
    (`as fast`), the loser sometimes loses sooner (`sooner`); else their own move (`theirs`)."""
    databases = default_endgames()
    start = position = Position.from_fen(fen)
    moves: list[Move] = []
    kinds: dict[int, str] = {}
    for ply in range(1, plies + 1):
        found = databases.probe_plies(position)
        assert found is not None and position.legal_moves()
        ours = databases.best_move(position)
        assert ours is not None
        after = {
            move: databases.probe_plies(position.move(move)) for move in position.legal_moves()
        }
        distance = {move: probe.plies for move, probe in after.items() if probe is not None}
        keeping = [
            move for move, probe in after.items() if probe and probe.result is _FLIP[found.result]
        ]
        choice, kind = ours, "theirs"
        if found.result is Result.WIN:
            slower = [move for move in keeping if distance[move] > distance[ours]]
            as_fast = [
                move for move in keeping if move != ours and distance[move] == distance[ours]
            ]
            if ply % 6 == 1 and slower:
                choice, kind = slower[0], "slower"
            elif ply % 6 == 3 and as_fast:
                choice, kind = as_fast[0], "as fast"
        elif found.result is Result.LOSS:
            sooner = [move for move in keeping if distance[move] < distance[ours]]
            if ply % 8 == 4 and sooner:
                choice, kind = sooner[0], "sooner"
        moves.append(choice)
        kinds[ply] = kind
        position = position.move(choice)
    return start, moves, kinds


_FLIP = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW}


def test_inside_the_databases_a_move_that_keeps_the_win_is_never_a_mistake() -> None:
    # 7-11 won as fast as the databases' 7-10, yet was "good: kept the database win, a longer
    # one": a forced result one ply nearer was compared with the result before the move.
    start, moves, kinds = database_line(DATABASE_WIN, 40)
    assert {"slower", "as fast", "sooner"} <= set(kinds.values())  # the line tests each case
    databases = default_endgames()
    reviews = list(review_moves(start, moves, SHALLOW))
    for review in reviews:
        assert review.before.database and review.after.database
        found = databases.probe_plies(review.position)
        assert found is not None
        assert review.score_words == database_words(
            (WIN - found.plies) * (1 if found.result is Result.WIN else -1)
        )
        kind = kinds[review.ply]
        expected = {"theirs": Label.BEST, "as fast": Label.BEST}.get(kind, Label.GOOD)
        if len(review.position.legal_moves()) == 1:
            expected = Label.FORCED
        assert review.label is expected, (review.ply, kind, review.label)
        assert review.drop == 0.0 and review.loss is None and review.loss_text() == "0.00"
    # Every move in a game the databases decide: no accuracy figure (a figure of 100% for the
    # losing side too said nothing; walk 2026-12-01af), "decided" in the table.
    summary = summarize(reviews)
    assert all(item.decided and item.accuracy is None for item in summary.values()), summary
    # A database win thrown away is no decided game's move: the side gets its figure.
    thrown = [dataclasses.replace(reviews[2], label=Label.BLUNDER), *reviews[3:]]
    side = reviews[2].side
    assert summarize(thrown)[side].accuracy is not None


# --- processes and cancelling -----------------------------------------------------------------


def test_worker_processes_give_the_same_review_in_order() -> None:
    moves = moves_of(BEFORE_BLUNDER[:8])
    alone = list(review_moves(Position(), moves, SHALLOW))
    pooled = list(review_moves(Position(), moves, SHALLOW, jobs=2))
    assert [r.ply for r in pooled] == list(range(1, 9))
    assert [(r.best, r.score, r.loss, r.label) for r in pooled] == [
        (r.best, r.score, r.loss, r.label) for r in alone
    ]
    assert multiprocessing.active_children() == []


def test_a_stop_ends_the_review_and_its_workers() -> None:
    stop = StopSignal()
    moves = moves_of([*BEFORE_BLUNDER, BLUNDER])
    seen: list[MoveReview] = []
    for review in review_moves(Position(), moves, SHALLOW, jobs=2, processes=True, stop=stop):
        seen.append(review)
        stop.stop()
    assert len(seen) == 1
    assert multiprocessing.active_children() == []


def test_closing_the_review_ends_its_workers() -> None:
    reviews = review_moves(Position(), moves_of(BEFORE_BLUNDER), SHALLOW, jobs=2)
    assert next(reviews).ply == 1
    reviews.close()
    assert multiprocessing.active_children() == []


def test_a_review_runs_off_the_main_thread_as_a_window_runs_it() -> None:
    moves = moves_of(BEFORE_BLUNDER[:6])
    seen: list[MoveReview] = []

    def review() -> None:
        seen.extend(review_moves(Position(), moves, SHALLOW, processes=True))

    worker = threading.Thread(target=review)
    worker.start()
    worker.join(timeout=120)
    assert not worker.is_alive()
    assert [r.ply for r in seen] == list(range(1, 7))
    assert multiprocessing.active_children() == []


_FIRST_MOVES = textwrap.dedent(
    """
    from pathlib import Path
    from checkers.ai import Limits, compiled
    from checkers.formats.pdn import read_file
    from checkers.review import ReviewSetting, review_moves

    game = read_file(Path({game!r}))[0]
    setting = ReviewSetting(Limits(depth=8))
    for review in review_moves(game.start, game.moves[:4], setting, processes={processes}):
        ready = compiled.wait_until_ready(0)  # the core when this move's searches ended
        print(ready, review.best.pdn(), review.score, review.label.value)
    """
)
REVIEW_GAME = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "review-game.pdn"


def _first_moves_reviewed(core: str, processes: bool) -> list[list[str]]:
    """Each of the benchmark game's first four moves reviewed in a fresh process, as words:
    whether the compiled core was ready, the best move, the score and the label."""
    env = {key: value for key, value in os.environ.items() if key != "CHECKERS_CORE"}
    if core == "python":
        env["CHECKERS_CORE"] = "python"
    script = _FIRST_MOVES.format(game=str(REVIEW_GAME), processes=processes)
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [line.split() for line in done.stdout.splitlines()]


@pytest.mark.numba
@pytest.mark.parametrize("processes", [False, True])
def test_a_review_searches_its_first_move_on_a_cached_core_with_the_same_results(
    processes: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first label took 8 s in the window: the first position was searched by the Python
    # engine, ten times slower, while the compiled core loaded beside it.
    monkeypatch.delenv("CHECKERS_CORE", raising=False)  # a run of the suite on the Python core
    assert compiled.wait_until_ready(300)  # the core in numba's cache, as a player's is
    on_the_core = _first_moves_reviewed("compiled", processes)
    in_python = _first_moves_reviewed("python", processes)
    # Whether the core was ready is this process's: with the searches in worker processes
    # it is only how far this process's own loading of the core had got, a race (a clean
    # clone's CI on a busy machine reviewed the four moves before it ended).
    if not processes:
        assert [row[0] for row in on_the_core] == ["True"] * 4
    assert [row[0] for row in in_python] == ["False"] * 4
    assert [row[1:] for row in on_the_core] == [row[1:] for row in in_python]


def test_a_review_waiting_for_the_core_stops_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    looks: list[float | None] = []

    def never_ready(timeout: float | None = None) -> bool:
        looks.append(timeout)
        if timeout:  # waiting: the player cancels while the core loads
            stop.stop()
        return False

    monkeypatch.delenv("CHECKERS_CORE", raising=False)
    monkeypatch.setattr(compiled, "wait_until_ready", never_ready)
    monkeypatch.setattr(compiled, "is_available", lambda: True)
    monkeypatch.setattr(compiled, "is_cached", lambda: True)
    stop = StopSignal()
    moves = moves_of(BEFORE_BLUNDER[:2])
    assert list(review_moves(Position(), moves, SHALLOW, stop=stop)) == []
    # Is it ready, then one slice of the wait: not the 120 s a cached core may take.
    assert looks[0] == 0 and len(looks) == 2 and looks[1] is not None and looks[1] < 1


# --- the command ------------------------------------------------------------------------------


def test_json_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, [*BEFORE_BLUNDER, BLUNDER])
    status, out = run("review", str(path), "--depth", "4", "--jobs", "1", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"moves", "summary"}
    assert len(data["moves"]) == 20
    for ply, row in enumerate(data["moves"], start=1):
        assert set(row) == {
            *("ply", "side", "move", "best", "score", "loss", "label"),
            *("mark", "note", "only_move", "ideas", "drop", "accuracy"),
        }
        assert row["ply"] == ply and row["side"] == ("B" if ply % 2 else "W")
        assert row["loss"] is None or row["loss"] >= 0
        assert row["drop"] >= 0 and row["label"] in {label.value for label in Label}
    assert data["moves"][0]["move"] == "11-15"
    assert data["moves"][-1]["move"] == BLUNDER and data["moves"][-1]["label"] == "blunder"
    summary = data["summary"]
    assert set(summary["W"]) == {"moves", "labels", "accuracy", "average_loss"}
    assert summary["W"]["labels"]["blunder"] >= 1
    assert summary["setting"] == {"algorithm": "engine", "depth": 4, "time": None}


def test_text_is_a_table_with_move_numbers_and_a_summary(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, [*BEFORE_BLUNDER, BLUNDER])
    status, out = run("review", str(path), "--depth", "4", "--jobs", "1")
    assert status == 0
    # A move that teaches something has its lesson on an indented line below its row.
    lines = [line for line in out.splitlines() if not re.match(r"    [0-9]", line)]
    assert lines[0].startswith(f"Game 1 of {path}: Ann - Bob")
    assert lines[2].split() == ["Move", "Score", "Best", "Loss", "Label"]
    assert lines[3].split()[:2] == ["1.", "11-15"]
    assert lines[4].split()[:3] == ["1.", "...", "23-19"]
    blunder = lines[22].split()
    assert blunder[:3] == ["10.", "...", BLUNDER] and blunder[-1] == "blunder"
    assert lines[24].split() == ["Black", "White"]
    assert any(line.startswith("accuracy") for line in lines[25:])


def test_a_time_per_position_is_the_setting(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, ["11-15", "23-19"])
    status, out = run("review", str(path), "--time", "0.05", "--jobs", "1", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["summary"]["setting"] == {"algorithm": "engine", "depth": None, "time": 0.05}
    assert [row["move"] for row in data["moves"]] == ["11-15", "23-19"]


def test_progress_goes_to_the_given_stream_as_plain_lines(tmp_path: Path) -> None:
    from checkers.cli import build_parser
    from checkers.review_cli import cmd_review

    path = pdn_file(tmp_path, BEFORE_BLUNDER[:4])
    args = build_parser().parse_args(["review", str(path), "--depth", "2", "--jobs", "1"])
    progress = io.StringIO()
    assert cmd_review(args, io.StringIO(), progress) == 0
    assert progress.getvalue().splitlines()[-1].startswith("reviewed 4/4 moves")
    assert "\r" not in progress.getvalue()


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["missing.pdn"], "cannot read"),
        (["game.pdn", "--game", "2"], "there is no game 2"),
        (["game.pdn", "--game", "0"], "must be 1 or more"),
        (["empty.pdn"], "holds no game"),
        (["bad.pdn"], "cannot read bad.pdn: line 1: move 2 (Black) 15-99 is not well formed"),
        (["game.pdn", "--depth", "0"], "must be 1 or more"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    problem: str,
) -> None:
    pdn_file(tmp_path, ["11-15"])
    (tmp_path / "empty.pdn").write_text("")
    (tmp_path / "bad.pdn").write_text("1. 11-15 23-19 2. 15-99\n")
    monkeypatch.chdir(tmp_path)
    status, out = run("review", *argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and problem in err


def _live_processes_in_group(group: int) -> list[int]:
    """Processes of the group that have not ended (zombies have)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


def _wait_for_exit(pid: int, cap: float) -> None:
    """Wait until process `pid` (not our child) has ended, or `cap` seconds as a hang guard."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return  # already gone
    try:
        select.select([handle], [], [], cap)  # a pidfd turns readable when its process ends
    finally:
        os.close(handle)


def test_ctrl_c_cancels_with_one_line_status_130_and_no_workers_left(tmp_path: Path) -> None:
    path = pdn_file(tmp_path, BEFORE_BLUNDER)
    command = [sys.executable, "-m", "checkers", "review", str(path), "--depth", "60"]
    process = subprocess.Popen(
        [*command, "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group, as a terminal's Ctrl+C reaches the whole job
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith("Game 1")  # depth 60 never finishes a move
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.splitlines() == ["checkers: review cancelled after 0 moves"]
    for pid in _live_processes_in_group(process.pid):  # a worker may still be on its way out
        _wait_for_exit(pid, cap=60)
    assert _live_processes_in_group(process.pid) == []


def test_the_opening_books_moves_are_labelled_book_and_count_for_no_accuracy(
    tmp_path: Path,
) -> None:
    from checkers.ai.book import is_book_move

    # 11-15 23-19 8-11 22-17 is book; 9-13 after it is not (the book's own test lines).
    path = pdn_file(tmp_path, ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"])
    status, out = run("review", str(path), "--depth", "4", "--jobs", "1", "--format", "json")
    assert status == 0
    rows = json.loads(out)["moves"]
    position = Position()
    for row in rows:
        move = Move.from_pdn(row["move"], position)
        assert (row["label"] == "book") == is_book_move(position, move), row
        position = position.move(move)
    assert [row["label"] for row in rows[:4]] == ["book"] * 4
    assert rows[4]["label"] != "book"


def test_a_marked_moves_chances_add_up_and_fall_inside_its_labels_band() -> None:
    # Walk 2026-12-01u: "expected 75% ... 65% after: 9 of 100 points lost", each figure rounded
    # by itself. The words a marked move gives for its label add up, and the points lost lie
    # within the band the words give for that label.
    import re

    from checkers.review import chances_words, judge

    position = Position()
    move, best = position.legal_moves()[:2]
    said = 0
    for before in range(-300, 301, 7):
        for lost in range(1, 200, 3):
            review = judge(
                1,
                position,
                move,
                PositionScore(best, float(before)),
                PositionScore(None, float(lost - before)),
                100.0,
            )
            words = chances_words(review)
            if review.label not in (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER):
                assert words == "", (before, lost, words)
                continue
            if review.verdict != review.label.value:
                continue
            found = re.fullmatch(
                r"expected (\d+)% of a point before the move, (\d+)% after: (\d+) of 100 points"
                r" lost \((?:an?) (\w+): (\d+) (?:to (\d+)|or more)\)",
                words,
            )
            assert found is not None, words
            start, end, fall, label, low = (
                int(found[i]) if i != 4 else found[i] for i in range(1, 6)
            )
            assert start - end == fall and label == review.label.value, words
            assert low <= fall and (found[6] is None or fall <= int(found[6])), words
            said += 1
    assert said > 100
