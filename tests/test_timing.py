"""When a timed search stops and how long it may run: the decision rule as pure code, fed made-up
reports of each depth (no clock is read, so nothing here depends on timing)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from checkers.ai.levels import get_level
from checkers.ai.search import Limits
from checkers.ai.timing import START_NO_DEPTH_AFTER, DepthReport, TimePlan
from checkers.board import BLACK, WHITE, Move
from checkers.clock import ai_move_budget
from checkers.protocol import EngineSession, ProtocolError, _limits_of


def feed(plan: TimePlan, reports: list[tuple[int, str, float]], first: int = 5) -> list[bool]:
    """The plan's answers to depths `first`, `first` + 1, ... with these (score, move, elapsed)."""
    return [
        plan.go_on(DepthReport(depth, score, move, elapsed))
        for depth, (score, move, elapsed) in enumerate(reports, first)
    ]


def test_a_fixed_time_is_spent_whole_whatever_the_search_finds() -> None:
    plan = TimePlan(0.3)
    # A stable move, then a falling score: neither moves the deadline or stops it early.
    answers = feed(plan, [(10, "a", 0.01), (12, "a", 0.02), (11, "a", 0.05), (10, "a", 0.2)])
    assert answers == [True, True, True, True]
    assert plan.deadline() == 0.3
    assert plan.go_on(DepthReport(5, -200, "b", 0.29)) is True  # the deadline ends that depth
    assert plan.deadline() == 0.3
    assert plan.go_on(DepthReport(6, -200, "b", 0.3)) is False


def test_a_clock_search_stops_early_once_the_best_move_holds_steady() -> None:
    plan = TimePlan(1.0, spare_time=2.0)
    steady = [(20, "a", 0.05), (22, "a", 0.1), (18, "a", 0.15)]
    assert feed(plan, steady) == [True, True, True]
    # The fourth depth with the same move and a steady score: half the target is allowed.
    assert plan.go_on(DepthReport(8, 21, "a", 0.35)) is False
    assert plan.deadline() == 1.0  # a depth under way would still get the whole target


def test_a_clock_search_that_has_not_settled_uses_its_target() -> None:
    plan = TimePlan(1.0, spare_time=2.0)
    # The shallow depths' changes of mind are noise: they do not extend the search.
    moving = [(20, "a", 0.05), (22, "b", 0.1), (-40, "b", 0.15), (21, "a", 0.35)]
    assert feed(plan, moving, first=1) == [True, True, True, True]
    assert plan.deadline() == 1.0
    assert plan.go_on(DepthReport(5, 21, "a", 0.55)) is True
    assert plan.go_on(DepthReport(6, 21, "a", START_NO_DEPTH_AFTER + 0.01)) is False


def test_a_falling_score_gives_the_search_more_time_up_to_its_spare() -> None:
    plan = TimePlan(1.0, spare_time=1.5)
    assert feed(plan, [(30, "a", 0.1), (30, "a", 0.3)]) == [True, True]
    # Half a man lost from one depth to the next: twice the target.
    assert plan.go_on(DepthReport(7, -20, "a", 0.9)) is True
    assert plan.deadline() == pytest.approx(2.0)
    # A whole man more: three times the target, cut to the target plus the spare.
    assert plan.go_on(DepthReport(8, -120, "a", 1.1)) is True
    assert plan.deadline() == pytest.approx(2.5)
    assert plan.go_on(DepthReport(9, -120, "a", 1.6)) is False  # past 60% of its 2.5 s


def test_a_critical_position_keeps_its_time_after_a_quiet_depth() -> None:
    plan = TimePlan(1.0, spare_time=3.0)
    feed(plan, [(30, "a", 0.1), (-70, "a", 0.3)])
    assert plan.deadline() == pytest.approx(3.0)
    assert plan.go_on(DepthReport(7, -70, "a", 0.5)) is True
    assert plan.go_on(DepthReport(8, -72, "a", 0.6)) is True
    assert plan.go_on(DepthReport(9, -71, "a", 0.7)) is True  # steady, yet still critical
    assert plan.deadline() == pytest.approx(3.0)


def test_a_changed_best_move_or_an_only_move_extends_a_clock_search() -> None:
    changed = TimePlan(1.0, spare_time=2.0)
    feed(changed, [(10, "a", 0.1), (10, "b", 0.2)])
    assert changed.deadline() == pytest.approx(1.5)
    assert changed.go_on(DepthReport(7, 12, "b", 0.3)) is True  # confirmed: back to the target
    assert changed.deadline() == 1.0
    only = TimePlan(1.0, spare_time=2.0)
    only.go_on(DepthReport(6, 10, "a", 0.1))
    assert only.go_on(DepthReport(7, 10, "a", 0.7, only_move=True)) is True
    assert only.deadline() == pytest.approx(2.0)


def test_a_clock_search_never_passes_its_target_plus_its_spare() -> None:
    plan = TimePlan(1.0, spare_time=0.2)
    feed(plan, [(100, "a", 0.1), (-300, "b", 0.2)])
    assert plan.deadline() == pytest.approx(1.2)


def test_spare_time_needs_a_time() -> None:
    with pytest.raises(ValueError, match="spare time"):
        Limits(depth=5, spare_time=1.0)
    with pytest.raises(ValueError, match="spare time"):
        Limits(time=1.0, spare_time=-1.0)


def test_go_on_a_clock_budgets_the_side_to_moves_time() -> None:
    # Black to move with a minute: a 30th as the target, twice that spare.
    limits = _limits_of(["wtime", "1000", "btime", "60000"], BLACK)
    assert limits.time == pytest.approx(2.0) and limits.spare_time == pytest.approx(4.0)
    # White with one second and a 0.3 s increment: its own time and increment count.
    target, spare = ai_move_budget(1.0, 0.3)
    limits = _limits_of(["wtime", "1000", "btime", "60000", "winc", "300", "binc", "0"], WHITE)
    assert (limits.time, limits.spare_time) == (pytest.approx(target), pytest.approx(spare))
    assert target + spare <= 1.0 / 5  # never more than a fifth of what is left


@pytest.mark.parametrize(
    "words",
    [
        "wtime 1000",
        "wtime 1000 btime",
        "wtime 1000 btime -5",
        "wtime 1000 wtime 5 btime 3",
        "wtime 1000 btime 1000 depth 5",
    ],
)
def test_a_malformed_clock_gets_one_clear_error(words: str) -> None:
    with pytest.raises(ProtocolError) as error:
        _limits_of(words.split(), BLACK)
    assert "\n" not in str(error.value) and len(str(error.value)) < 120


def test_the_engine_answers_a_go_on_a_clock_with_a_legal_move() -> None:
    written: list[str] = []
    session = EngineSession(written.append, own_book=False)
    session.handle("position startpos moves 11-15 23-19")
    session.handle("go wtime 2000 btime 2000 winc 100 binc 100")
    session.wait()
    assert written[-1].startswith("bestmove ")
    position = session.record.position
    assert Move.from_pdn(written[-1].split()[1], position) in position.legal_moves()


def test_a_level_on_a_clock_searches_with_its_spare_time_and_stays_the_same_level() -> None:
    club = get_level("club")
    target, spare = ai_move_budget(120.0, 2.0, club.time)
    on_clock = replace(club, time=target, spare_time=spare)
    assert on_clock.limits == Limits(time=target, spare_time=spare)
    assert replace(on_clock, time=1.0) == replace(club, time=1.0)  # the GUI's player key
