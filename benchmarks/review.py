"""Game review speed: a 60-move game reviewed at the default setting (median of runs).

    python benchmarks/review.py [--runs 5] [--depth D] [--jobs J]
    python benchmarks/review.py --window [--runs 5] [--cold]   # in the desktop game's window

Reviews the 120 plies of benchmarks/data/review-game.pdn (an engine game with noise, so it has
real mistakes, and a king ending) as `checkers review` does, worker processes started inside
the timing. Reports per run and as medians: the time to the first label (the first move and the
position after it scored) and the wall time of the whole review. Targets (issue 14): the whole
game in under 30 s on 2 cores, the first label within 2 s. The machine is shared: the load
average is shown before and after.

With --window the same game is reviewed in the desktop game (SDL's dummy video driver unless
--real), as a player reviews it: the game's menu opens, which starts the review process so that
it loads the engine (`ReviewStandby`), the loop runs until that process says it is ready (a
player reading the menu), then Review game is pressed and the App's own loop runs until the
labels are drawn. With --cold nothing is started before Review (the process starts on the
press). Reported: the time from Review to the first frame that shows a label, and to the frame
that shows the whole game reviewed (the summary); and the review process's processor time
(user and system, from /proc) before Review and from Review to its first label, which the
load of a shared machine does not change as it changes the wall times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai import Limits
from checkers.formats.pdn import read_file
from checkers.perft import default_jobs
from checkers.review import DEFAULT_DEPTH, MoveReview, ReviewSetting, review_moves, summarize

GAME = Path(__file__).resolve().parent / "data" / "review-game.pdn"


def one_run(setting: ReviewSetting, jobs: int) -> tuple[float, float, int]:
    """Seconds to the first label, seconds for the whole review, and the moves reviewed."""
    game = read_file(GAME)[0]
    began = time.perf_counter()
    first = 0.0
    reviews: list[MoveReview] = []
    for review in review_moves(game.start, game.moves, setting, jobs=jobs):
        if not reviews:
            first = time.perf_counter() - began
        reviews.append(review)
    whole = time.perf_counter() - began
    summarize(reviews)
    return first, whole, len(reviews)


def process_seconds(pid: int | None) -> float:
    """Processor time (user and system) process `pid` has used so far, from /proc (0 if
    unknown)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


WINDOW_CAP = 600.0
"""Seconds the window's review process may take to say it is ready before the run fails."""


def one_window_run(depth: int, jobs: int, cold: bool) -> tuple[float, float, int, float, float]:
    """Seconds from Review to the first label drawn and to the whole review drawn, in the
    window's own loop, the moves reviewed, and the review process's processor seconds before
    Review and from Review to the first label."""
    from checkers.formats.pdn import record_from_game
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig
    from checkers.gui.game_view import review as review_screen

    review_screen.SETTING = ReviewSetting(Limits(depth=depth))
    review_screen.JOBS = jobs
    review_screen.PREPARE = not cold
    game = read_file(GAME)[0]
    app = App(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0, muted=True)
    try:
        app.step(0)
        screen = app.screen
        screen.load(record_from_game(game), dict(game.tags), GAME.name)  # type: ignore[attr-defined]
        app.step(0)
        screen.toggle_menu()  # type: ignore[attr-defined]
        app.step(0)
        waiting = screen.review_standby.client  # type: ignore[attr-defined]
        if waiting is not None:
            # The player reads the menu meanwhile: the loop runs until the process is ready.
            deadline = time.monotonic() + WINDOW_CAP
            while not waiting.wait_ready(0.05):
                if time.monotonic() > deadline:
                    raise SystemExit("the review process never said it was ready")
                app.step(0.05)
        screen.toggle_menu()  # type: ignore[attr-defined]
        began = time.perf_counter()
        screen.start_review()  # type: ignore[attr-defined]
        pane = screen.review_pane  # type: ignore[attr-defined]
        before = process_seconds(pane.client.pid)
        first = first_cpu = 0.0
        last = began
        while True:
            app.wait()
            now = time.perf_counter()
            app.step(min(now - last, app.longest_step()))  # as App.run steps
            last = now
            drawn = len(pane.progress.reviews)  # what this frame drew
            if drawn and not first:
                first = time.perf_counter() - began
                first_cpu = process_seconds(pane.client.pid) - before
            if not pane.progress.running:
                return first, time.perf_counter() - began, drawn, before, first_cpu
    finally:
        app.close()


def main() -> None:
    """Run the review several times and print the figures and their medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument("--jobs", type=int, help="processes (default: one per core; 1 in --window)")
    parser.add_argument("--window", action="store_true", help="review in the desktop game")
    parser.add_argument("--real", action="store_true", help="in the real window ($DISPLAY)")
    parser.add_argument(
        "--cold", action="store_true", help="in --window, start the review process on Review"
    )
    args = parser.parse_args()
    if args.jobs is None:
        args.jobs = 1 if args.window else default_jobs()  # as the window and the CLI run it
    if args.window and not args.real:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    setting = ReviewSetting(Limits(depth=args.depth))
    where = "as `checkers review`"
    if args.window:
        where = "in the window, " + (
            "started on Review" if args.cold else "prepared when the menu opens"
        )
    print(f"{setting.describe()} {where}, {args.jobs} processes; load {os.getloadavg()[0]:.2f}")
    firsts, wholes, prepared, to_first = [], [], [], []
    for run in range(1, args.runs + 1):
        if args.window:
            first, whole, moves, before, first_cpu = one_window_run(
                args.depth, args.jobs, args.cold
            )
            prepared.append(before)
            to_first.append(first_cpu)
            cpu = f"; review process's CPU {before:.2f} s before Review, {first_cpu:.2f} s to it"
        else:
            first, whole, moves = one_run(setting, args.jobs)
            cpu = ""
        firsts.append(first)
        wholes.append(whole)
        print(f"run {run}: {moves} moves, first label {first:.2f} s, whole game {whole:.2f} s{cpu}")
    cpu = ""
    if args.window:
        cpu = (
            f"; CPU before Review {statistics.median(prepared):.2f} s, "
            f"Review to first label {statistics.median(to_first):.2f} s"
        )
    print(
        f"median: first label {statistics.median(firsts):.2f} s, "
        f"whole game {statistics.median(wholes):.2f} s{cpu}; load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
