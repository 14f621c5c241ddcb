"""The match runner: ballots, pairing, games that always end, score and Elo, and the command."""

from __future__ import annotations

import io
import math
from collections.abc import Generator
from pathlib import Path

import pytest

from checkers.cli import main
from checkers.formats.pdn import read_file
from checkers.match import (
    Ballot,
    GameResult,
    GameTask,
    Player,
    Sprt,
    Tally,
    elo_difference,
    elo_estimate,
    format_elo,
    likelihood_of_superiority,
    load_ballots,
    play_game,
    schedule,
    select_ballots,
)
from checkers.record import GameRecord, ended_words

SHALLOW = Player("first", "alphabeta", "seed", depth=1)
SHALLOWER = Player("second", "minimax", "count", depth=1)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


# --- openings and pairing ---------------------------------------------------------------------


def test_all_174_ballots_load_and_the_decks_have_their_published_sizes() -> None:
    ballots = load_ballots()
    assert [b.number for b in ballots] == list(range(1, 175))
    assert {
        deck: len(select_ballots(ballots, deck))
        for deck in ("crossboard", "unbarred", "ctd", "all")
    } == {"crossboard": 144, "unbarred": 156, "ctd": 50, "all": 174}
    assert ballots[4].label() == "ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)"


def test_a_ballot_with_an_illegal_move_is_refused_with_its_line() -> None:
    with pytest.raises(ValueError, match="line 2: 11-16 is not a legal move"):
        load_ballots("# header\n  1 | 11-15 23-19 11-16 | crossboard |\n")


def test_each_ballot_is_played_twice_with_colours_swapped_and_games_caps_it() -> None:
    ballots = load_ballots()[:3]
    tasks = schedule(ballots, SHALLOW, SHALLOWER)
    assert [(t.round, t.ballot.number, t.black.name) for t in tasks] == [
        (1, 1, "first"),
        (2, 1, "second"),
        (3, 2, "first"),
        (4, 2, "second"),
        (5, 3, "first"),
        (6, 3, "second"),
    ]
    assert len(schedule(ballots, SHALLOW, SHALLOWER, games=3)) == 3


# --- games ------------------------------------------------------------------------------------


def test_a_game_starts_with_its_ballot_and_ends_by_the_rules() -> None:
    task = schedule(load_ballots()[4:5], SHALLOW, SHALLOWER)[1]
    result = play_game(task)
    moves = result.moves()
    assert [m.pdn() for m in moves[:3]] == ["9-13", "22-18", "6-9"]
    record = GameRecord()
    for move in moves:
        record.play(move)
    assert record.outcome is not None and result.result == record.outcome.result()
    # How it ended in a player's words, from the final position (`no pieces left`, `blocked`).
    assert result.reason == ended_words(record.outcome, record.position)
    assert not result.hit_ply_limit


def test_the_ply_cap_leaves_a_game_unfinished_and_scored_for_nobody() -> None:
    task = schedule(load_ballots()[:1], SHALLOW, SHALLOWER, max_plies=10)[0]
    result = play_game(task)
    assert len(result.paths) == 10 and result.result == "*" and result.hit_ply_limit
    assert result.reason == "unfinished: stopped at the 10-ply limit, not scored"
    assert result.first_points is None
    tally = Tally()
    tally.add(result)
    tally.add(finished(True, "1-0"))
    assert (tally.wins, tally.draws, tally.losses, tally.unfinished) == (1, 0, 0, 1)
    assert tally.games == 1 and tally.points == 1 and tally.score == 1.0


def test_a_match_reports_capped_games_apart_from_draws_and_writes_them_as_unfinished(
    tmp_path: Path,
) -> None:
    pdn = tmp_path / "capped.pdn"
    argv = ["match", "--games", "2", "--jobs", "1", "--max-plies", "8", "--pdn", str(pdn)]
    status, out = run(*argv, "--first-depth", "1", "--second-depth", "1")
    assert status == 0
    assert "0 games scored: first won 0, drew 0, lost 0" in out
    assert (
        "2 unfinished: stopped at the 8-ply cap, written as `*` and left out of the score, "
        "Elo, LOS and SPRT (not counted as draws)" in out
    )
    assert "Elo difference" not in out  # nothing was scored
    games = read_file(pdn)
    assert [g.result for g in games] == ["*", "*"]
    assert all(g.tags["Termination"].startswith("unfinished: ") for g in games)


# --- score and Elo ----------------------------------------------------------------------------


def finished(first_is_black: bool, result: str) -> GameResult:
    ballot = Ballot(1, ("9-13", "21-17", "5-9"), "crossboard")
    task = schedule([ballot], SHALLOW, SHALLOWER)[0 if first_is_black else 1]
    return GameResult(task, (), result, "test")


def test_tally_scores_from_the_first_players_side_whatever_its_colour() -> None:
    tally = Tally()
    for first_is_black, result in [
        (True, "1-0"),
        (False, "0-1"),
        (True, "0-1"),
        (False, "1/2-1/2"),
        (True, "1-0"),
    ]:
        tally.add(finished(first_is_black, result))
    assert (tally.wins, tally.draws, tally.losses) == (3, 1, 1)
    assert tally.points == 3.5 and tally.score == 0.7
    assert tally.line() == "first 3.5-1.5 second (70.0%)"


def test_elo_difference_follows_the_logistic_model() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_difference(1) == math.inf and elo_difference(0) == -math.inf


def test_elo_interval_of_a_small_series_worked_by_hand() -> None:
    # 6 wins, 2 draws, 2 losses: s = 0.7; the points' variance is
    # (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = 0.16, so the standard error is 0.4 / sqrt(10)
    # and the 95% score interval 0.7 +/- 0.24792 = [0.45208, 0.94792].
    estimate = elo_estimate(6, 2, 2)
    assert estimate.difference == pytest.approx(147.19, abs=0.01)
    assert estimate.lower == pytest.approx(-400 * math.log10(1 / 0.452077 - 1), abs=0.05)
    assert estimate.upper == pytest.approx(-400 * math.log10(1 / 0.947923 - 1), abs=0.05)
    assert estimate.margin == pytest.approx((estimate.upper - estimate.lower) / 2)
    assert format_elo(estimate) == "+147 ± 269 (95%: -33 to +504)"


def test_a_sweep_reports_infinity_and_a_one_sided_bound() -> None:
    # A player scoring p per game sweeps 10 games with probability p^10 at most; 5% at 0.05^0.1.
    bound = -400 * math.log10(1 / 0.05**0.1 - 1)
    win = elo_estimate(10, 0, 0)
    assert (win.difference, win.upper) == (math.inf, math.inf)
    assert win.lower == pytest.approx(bound) and round(bound) == 183
    assert format_elo(win) == "+inf (95%: at least +183)"
    loss = elo_estimate(0, 0, 10)
    assert format_elo(loss) == "-inf (95%: at most -183)"


def test_an_even_series_reports_zero_without_a_minus_sign() -> None:
    assert format_elo(elo_estimate(5, 10, 5)).startswith("+0 ± ")


def test_los_worked_by_hand() -> None:
    # W=6, L=2: (W - L) / sqrt(W + L) = 4 / sqrt(8) = 1.41421 standard deviations; Phi(1.41421)
    # = 0.92135 from a normal table. Draws do not count; even and empty series are a coin toss.
    assert likelihood_of_superiority(6, 2) == pytest.approx(0.92135, abs=1e-5)
    assert likelihood_of_superiority(2, 6) == pytest.approx(1 - 0.92135, abs=1e-5)
    assert likelihood_of_superiority(5, 5) == 0.5 and likelihood_of_superiority(0, 0) == 0.5


def test_sprt_llr_worked_by_hand() -> None:
    # 60 wins, 20 draws, 20 losses: s = 0.7, per-game variance
    # (60 * 0.09 + 20 * 0.04 + 20 * 0.49) / 100 = 0.16. At elo0 = 0, elo1 = 100:
    # s0 = 0.5, s1 = 1 / (1 + 10^-0.25) = 0.640065, so
    # LLR = 100 * 0.140065 * (1.4 - 1.140065) / 0.32 = 11.3776.
    sprt = Sprt(0, 100)
    assert sprt.llr(60, 20, 20) == pytest.approx(11.3776, abs=1e-3)
    assert sprt.lower == pytest.approx(math.log(0.05 / 0.95))
    assert sprt.upper == pytest.approx(math.log(0.95 / 0.05)) and round(sprt.upper, 2) == 2.94
    assert sprt.decision(sprt.llr(60, 20, 20)) == "H1"
    assert sprt.decision(sprt.llr(20, 20, 60)) == "H0"
    assert sprt.decision(sprt.llr(3, 4, 3)) is None
    # Until there is a win, a draw and a loss, the variance says nothing: no decision.
    assert sprt.llr(0, 0, 0) == sprt.llr(50, 0, 0) == sprt.llr(40, 10, 0) == 0.0


def test_sprt_stops_the_match_at_the_game_that_crosses_a_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Scripted results for the first player: a loss, a draw, then wins. Sprt(0, 100).llr after
    # 1 loss, 1 draw and w wins first reaches 2.94 at w = 7 (checked below), game 9 of 20.
    script = ["0-1", "1/2-1/2"] + ["1-0"] * 18
    sprt = Sprt(0, 100)
    assert sprt.decision(sprt.llr(6, 1, 1)) is None and sprt.decision(sprt.llr(7, 1, 1)) == "H1"
    handed_out: list[int] = []

    def scripted(tasks: list[GameTask], jobs: int) -> Generator[GameResult, None, None]:
        for task, result in zip(tasks, script, strict=False):
            handed_out.append(task.round)
            # The first player has Black in odd rounds; turn its result into Black's.
            flipped = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
            yield GameResult(task, (), result if task.first_is_black else flipped, "scripted")

    monkeypatch.setattr("checkers.match.run_games", scripted)
    status, out = run("match", "--games", "20", "--sprt", "0,100")
    assert status == 0 and handed_out == list(range(1, 10))
    assert "9 games scored: first won 7, drew 1, lost 1" in out
    assert f"SPRT: LLR {sprt.llr(7, 1, 1):.2f} (bounds -2.94 to 2.94): H1 accepted" in out


# --- the command ------------------------------------------------------------------------------


def test_tiny_match_through_the_command_line_writes_a_readable_pdn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdn = tmp_path / "match.pdn"
    status, out = run(
        "match",
        "--games",
        "2",
        "--jobs",
        "1",
        "--pdn",
        str(pdn),
        "--first-algorithm",
        "alphabeta",
        "--first-eval",
        "count",
        "--first-depth",
        "2",
        "--second-algorithm",
        "minimax",
        "--second-depth",
        "1",
        "--event",
        "Test match",
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "first:  alphabeta/count depth 2",
        "second: minimax/seed depth 1",
        "2 games from the crossboard ballots, 1 at a time",
    ]
    assert lines[3].startswith("2 games scored: first won ")
    assert lines[4].startswith("score: first ") and lines[5].startswith("Elo difference")
    assert lines[6] == f"games written to {pdn}"
    games = read_file(pdn)
    assert [g.tags["Round"] for g in games] == ["1", "2"]
    assert games[0].tags["Black"] == "first: alphabeta/count depth 2"
    assert games[1].tags["Black"] == "second: minimax/seed depth 1"
    assert all(g.tags["Event"] == "Test match" for g in games)
    assert all(g.tags["Opening"] == "ACF 1: 9-13 21-17 5-9" for g in games)
    assert all(g.result in ("1-0", "0-1", "1/2-1/2") for g in games)
    assert all([m.pdn() for m in g.moves[:3]] == ["9-13", "21-17", "5-9"] for g in games)
    # stderr is not a terminal here: one plain line per game, no carriage returns.
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 2 and "\r" not in err
    assert err.startswith("game ") and "2/2 first " in err


def test_games_run_in_worker_processes_give_the_same_games(tmp_path: Path) -> None:
    argv = [
        "match",
        "--games",
        "2",
        "--first-algorithm",
        "alphabeta",
        "--first-depth",
        "1",
        "--second-algorithm",
        "negamax",
        "--second-depth",
        "1",
    ]
    assert run(*argv, "--jobs", "1", "--pdn", str(tmp_path / "one.pdn"))[0] == 0
    assert run(*argv, "--jobs", "2", "--pdn", str(tmp_path / "two.pdn"))[0] == 0
    by_round = {}
    for name in ("one", "two"):
        games = read_file(tmp_path / f"{name}.pdn")
        by_round[name] = {g.tags["Round"]: (g.moves, g.result) for g in games}
    assert by_round["one"] == by_round["two"]


def test_a_terminal_gets_one_redrawn_progress_bar() -> None:
    from checkers.match import _Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    display = _Progress(stream, 2)
    tally = Tally()
    for done in (1, 2):
        result = finished(True, "1-0")
        tally.add(result)
        display.update(done, tally, result)
    display.finish()
    text = stream.getvalue()
    assert text.count("\r[") == 2 and text.endswith("\n") and text.count("\n") == 1
    assert "2/2  first 2-0 second (100.0%)  ETA 0:00" in text


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["match", "--first-algorithm", "nonsense"], "unknown algorithm 'nonsense'; choose one of"),
        (["match", "--second-eval", "nonsense"], "unknown evaluation 'nonsense'"),
        (["match", "--first-depth", "0"], "'0' must be 1 or more"),
        (["match", "--second-time", "-1"], "must be more than 0 seconds"),
        (["match", "--first-time", "soon"], "'soon' is not a number of seconds"),
        (["match", "--games", "many"], "'many' is not a whole number"),
        (["match", "--jobs", "0"], "'0' must be 1 or more"),
        (["match", "--jobs", "1000"], "is too many processes: at most"),
        (["match", "--first-depth", "100000"], "'100000' is too large: at most 200"),
        (["match", "--games", "9" * 5000], "is too large"),
        (["match", "--openings", "secret"], "invalid choice: 'secret'"),
        (
            [
                "match",
                "--first-algorithm",
                "minimax",
                "--second-algorithm",
                "minimax",
                "--pdn",
                "/nonexistent-directory/games.pdn",
            ],
            "cannot write /nonexistent-directory",
        ),
    ],
)
def test_bad_match_options_exit_2_with_one_line(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(*argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("checkers: error:") and problem in err
