"""The desktop game's responsiveness: frame times while the AI searches, time to first frame,
and the CPU the window uses while it waits.

    .venv/bin/python benchmarks/ui.py              # 3 runs, AI vs AI with the engine, 6 s each
    .venv/bin/python benchmarks/ui.py --idle       # CPU while waiting: start screen, human's turn
    .venv/bin/python benchmarks/ui.py --runs 5 --seconds 10 --real   # in the real window ($DISPLAY)
    .venv/bin/python benchmarks/ui.py --no-ai      # control: the same loop with nobody searching
    .venv/bin/python benchmarks/ui.py --rebuild    # building the game screen with a long game

Each run is a fresh process (so the start-up time is real): it opens the game, lets two AIs play,
and records when every frame was shown. Frame gaps are counted only while a search is running
(with --no-ai, every gap of an idle two-player game: what the machine itself adds).
Targets: no gap over 50 ms while the AI thinks; the first frame within 1 s of the start.
It imports the installed `checkers` package (or the one PYTHONPATH names).

With --idle, each run opens the start screen, then a game against the AI with the human to move,
and reports the window process's CPU time over `--seconds` of wall time as a percentage of one
core (after a second to settle). Target: at most 5% of a core in both states.

With --rebuild, each run loads a 60-move game (data/review-game.pdn) and a 150-move game
(data/long-game.pdn, legal moves from a random walk) into the game screen, then times
`--repeat` full rebuilds of the screen's widgets (what a window resize or closing a card does)
and the first frame after each, and prints the median per game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def child(seconds: float, algorithm: str, think: float) -> None:
    """Run the game for `seconds` and print the frame log as JSON on stdout."""
    wall_at_first_frame: list[float] = []
    gaps: list[float] = []
    last: list[float] = []
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig, custom_level

    if algorithm == "none":
        config = GameConfig(black=PlayerConfig(), white=PlayerConfig())
    else:
        level = custom_level(algorithm, time=think)
        config = GameConfig(black=PlayerConfig(level), white=PlayerConfig(level), ai_delay=0.0)
    app: App

    def on_frame(now: float) -> None:
        if not wall_at_first_frame:
            wall_at_first_frame.append(time.time())
            started.append(now)
        screen = app.screen
        thinking = algorithm == "none" or screen.game.thinking is not None
        if last and thinking:
            gaps.append(now - last[0])
        last[:] = [now]
        if now - started[0] >= seconds:
            app.quit()

    started: list[float] = []
    app = App(config, muted=True, on_frame=on_frame)
    app.run()
    print(json.dumps({"first_frame": wall_at_first_frame[0], "gaps": gaps}))


def idle_child(seconds: float, state: str) -> None:
    """Open the window in `state` (start, human), measure its CPU share and print it as JSON."""
    import pygame

    from checkers.ai.levels import get_level
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig

    config = None
    if state == "human":  # the human has Black and moves first: the window waits for a click
        config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("beginner")))
    app = App(config, muted=True)
    share: list[float] = []

    def measure() -> None:
        time.sleep(1.0)  # let the first frames and the fonts settle
        cpu, wall = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        share.append((time.process_time() - cpu) / (time.perf_counter() - wall) * 100)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    app.run()
    print(json.dumps({"cpu": share[0]}))


REBUILD_GAMES = {"60 moves": "review-game.pdn", "150 moves": "long-game.pdn"}
"""The games the rebuild benchmark loads, from benchmarks/data."""


def rebuild_child(repeat: int) -> None:
    """Time full rebuilds of the game screen with each long game; print the times as JSON."""
    from pathlib import Path

    from checkers.formats.pdn import read_file, record_from_game
    from checkers.gui.app import App
    from checkers.gui.config import GameConfig, PlayerConfig
    from checkers.gui.screens.game import GameScreen

    app = App(GameConfig(black=PlayerConfig(), white=PlayerConfig()), hop_seconds=0, muted=True)
    app.step(0)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    times: dict[str, list[float]] = {}
    for name, file in REBUILD_GAMES.items():
        game = read_file(Path(__file__).resolve().parent / "data" / file)[0]
        screen.game.load(record_from_game(game))
        app.step(1 / 60)  # the first build of the list, not counted
        times[name] = []
        for _ in range(repeat):
            began = time.perf_counter()
            screen.show_ui(1)
            app.step(1 / 60)
            times[name].append(time.perf_counter() - began)
    app.close()
    print(json.dumps(times))


def rebuild(args: argparse.Namespace, env: dict[str, str]) -> int:
    """Rebuild times in fresh processes; prints each run's medians and the medians of all."""
    results: dict[str, list[float]] = {name: [] for name in REBUILD_GAMES}
    for run in range(1, args.runs + 1):
        result = subprocess.run(
            [sys.executable, __file__, "--child", "--rebuild", "--repeat", str(args.repeat)],
            env=env,
            check=False,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if result.returncode != 0:
            print(result.stderr, file=sys.stderr)
            return 1
        times = json.loads(result.stdout.strip().splitlines()[-1])
        words = []
        for name, values in times.items():
            results[name].extend(values)
            words.append(f"{name} {statistics.median(values) * 1000:.0f} ms")
        print(f"run {run}: median rebuild with " + ", ".join(words))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    words = [
        f"{name} {statistics.median(values) * 1000:.0f} ms" for name, values in results.items()
    ]
    print(f"median of {args.runs} x {args.repeat} rebuilds: " + ", ".join(words))
    return 0


def idle(args: argparse.Namespace, env: dict[str, str]) -> int:
    """CPU share while waiting, in fresh processes; prints each run and the medians."""
    results: dict[str, list[float]] = {"start": [], "human": []}
    for run in range(1, args.runs + 1):
        for state, shares in results.items():
            result = subprocess.run(
                [sys.executable, __file__, "--child", "--idle-state", state]
                + ["--seconds", str(args.seconds)],
                env=env,
                check=False,
                capture_output=True,
                text=True,
                timeout=args.seconds + 60,
            )
            if result.returncode != 0:
                print(result.stderr, file=sys.stderr)
                return 1
            shares.append(json.loads(result.stdout.strip().splitlines()[-1])["cpu"])
        print(
            f"run {run}: CPU while idle on the start screen {results['start'][-1]:.1f}% of a core, "
            f"waiting for the human's move {results['human'][-1]:.1f}%"
        )
    start, human = (statistics.median(results[state]) for state in ("start", "human"))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"median of {args.runs} runs: start screen {start:.1f}% of a core, "
        f"waiting for the human's move {human:.1f}%"
    )
    print("target (at most 5% of a core in both):", "met" if max(start, human) <= 5 else "NOT met")
    return 0


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    """Run the benchmark in fresh processes and print each run and the median of the runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--algorithm", default="engine", help="the AI's algorithm (default engine)")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per AI move")
    parser.add_argument("--real", action="store_true", help="use $DISPLAY, not SDL's dummy driver")
    parser.add_argument(
        "--no-ai", action="store_true", help="control run: a two-player game, nobody searching"
    )
    parser.add_argument(
        "--idle", action="store_true", help="CPU while waiting (start screen, human's turn)"
    )
    parser.add_argument(
        "--rebuild", action="store_true", help="time rebuilding the game screen with long games"
    )
    parser.add_argument("--repeat", type=int, default=5, help="rebuilds per run (--rebuild)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--idle-state", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.rebuild:
            rebuild_child(args.repeat)
        elif args.idle_state:
            idle_child(args.seconds, args.idle_state)
        else:
            child(args.seconds, args.algorithm, args.think)
        return 0
    env = dict(os.environ)
    if not args.real:
        env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env.setdefault("CHECKERS_DATA_DIR", tempfile.mkdtemp(prefix="checkers-bench-"))
    if args.idle:
        return idle(args, env)
    if args.rebuild:
        return rebuild(args, env)
    algorithm = "none" if args.no_ai else args.algorithm
    rows = []
    for run in range(1, args.runs + 1):
        began = time.time()
        result = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                "--seconds",
                str(args.seconds),
                "--algorithm",
                algorithm,
                "--think",
                str(args.think),
            ],
            env=env,
            check=False,
            capture_output=True,
            text=True,
            timeout=args.seconds + 60,
        )
        if result.returncode != 0:
            print(result.stderr, file=sys.stderr)
            return 1
        log = json.loads(result.stdout.strip().splitlines()[-1])
        gaps = [gap * 1000 for gap in log["gaps"]]
        row = {
            "first": (log["first_frame"] - began) * 1000,
            "frames": len(gaps),
            "median": statistics.median(gaps),
            "p99": percentile(gaps, 0.99),
            "max": max(gaps),
            "over50": sum(gap > 50 for gap in gaps),
        }
        rows.append(row)
        what = "frames" if args.no_ai else "frames while the AI thought"
        print(
            f"run {run}: first frame {row['first']:.0f} ms; {row['frames']} {what}: "
            f"median {row['median']:.1f} ms, p99 {row['p99']:.1f} ms, "
            f"max {row['max']:.1f} ms, {row['over50']} over 50 ms"
        )
    median = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"median of {len(rows)} runs: first frame {median['first']:.0f} ms; frame gap median "
        f"{median['median']:.1f} ms, p99 {median['p99']:.1f} ms, max {median['max']:.1f} ms"
    )
    ok = median["max"] <= 50 and median["first"] < 1000
    print("targets (no gap over 50 ms, first frame under 1 s):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
