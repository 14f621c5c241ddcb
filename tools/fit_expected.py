"""Fit the review's expected-result curve, 1 / (1 + exp(-k * men)), to published game results.

    .venv/bin/python tools/fit_expected.py OCA_2.0.pdn --games 3000 --per-game 3 --seed 1

Samples positions from the games of a PDN file (the Open Checkers Archive, OCA 2.0, from
fierz.ch/download.php, is the corpus this was made for; it is not part of the project): games
drawn at random with the seed, then at most --per-game positions of each, so that no long game
weighs more than a short one. A position is left out when the packaged opening book holds it or
it comes in the first --skip-plies plies (the book's moves say nothing of a player), or when the
side to move must capture (a forced capture's score is the exchange half done). Each is scored
by the engine at --depth (checkers.ai.analysis.Analyser, the review's own search), in men for
the side to move, and labelled with the game's result for that side (1, 1/2, 0).

The games are split at random in two halves: the slope k is fitted by maximum likelihood on one
(a forced win or loss has the probability 1 or 0 whatever k, so it does not enter the fit), and
the log loss of the fitted k and of the review's ACCURACY_SCALE is given on the other. Prints the
figures and the time taken; runs the searches in --jobs processes (default: every core).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from checkers.ai.analysis import Analyser
from checkers.ai.book import book_hit
from checkers.ai.engine import MAN
from checkers.ai.search import Limits, is_win_score
from checkers.board import BLACK, Position
from checkers.formats.pdn import PdnError, PdnGame, open_archive
from checkers.review import ACCURACY_SCALE
from checkers.workers import process_pool

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
"""A game's result for Black (PDN's 1-0 is a Black win: Black moves first)."""

_CLIP = 1e-6  # a forced win in a game that was lost would be an infinite loss: clip it


@dataclass(frozen=True)
class Sample:
    """One sampled position: its game's number, the position and the result for its mover."""

    game: int
    position: Position
    result: float


def positions_of(game: PdnGame, skip_plies: int) -> list[tuple[Position, float]]:
    """The game's positions worth sampling, each with the game's result for its side to move."""
    black_result = RESULTS[game.result]
    found: list[tuple[Position, float]] = []
    position = game.start
    for ply, move in enumerate(game.moves):
        if ply >= skip_plies and not position.is_capture_pending() and book_hit(position) is None:
            mover_result = black_result if position.turn is BLACK else 1.0 - black_result
            found.append((position, mover_result))
        position = position.move(move)
    return found


def sample(path: str, games: int, per_game: int, skip_plies: int, seed: int) -> list[Sample]:
    """Up to `per_game` positions from each of `games` games of the file, drawn with `seed`."""
    archive = open_archive(path)
    rng = random.Random(seed)
    order = list(range(1, len(archive) + 1))
    rng.shuffle(order)
    samples: list[Sample] = []
    used = 0
    for number in order:
        if used == games:
            break
        try:
            game = archive.game(number)
        except PdnError:
            continue  # an unreadable game is skipped, as the explorer skips it
        if game.result not in RESULTS:
            continue
        found = positions_of(game, skip_plies)
        if not found:
            continue
        used += 1
        for position, result in rng.sample(found, min(per_game, len(found))):
            samples.append(Sample(number, position, result))
    return samples


_analyser: Analyser | None = None


def _start(depth: int) -> None:
    """A worker's engine, kept from position to position (its tables cleared for each)."""
    global _analyser, _depth
    _analyser = Analyser()
    _depth = depth


_depth = 6


def score(position: Position) -> float:
    """The engine's score of the position in men for its side to move; +/-inf a forced result."""
    analyser = _analyser or Analyser()
    analyser.new_game()
    found = analyser.search(position, Limits(depth=_depth)).score
    if is_win_score(found):
        return math.inf if found > 0 else -math.inf
    return float(found) / MAN


def probability(men: NDArray[np.float64], k: float) -> NDArray[np.float64]:
    """The curve's expected result for scores in men (a forced win 1, a forced loss 0)."""
    finite = np.isfinite(men)
    with np.errstate(over="ignore"):
        curve = 1.0 / (1.0 + np.exp(-k * np.where(finite, men, 0.0)))
    # A forced result is decided whatever k (even k = 0, where inf * 0 would be nan).
    return np.asarray(np.where(finite, curve, men > 0), dtype=np.float64)


def log_loss(men: NDArray[np.float64], results: NDArray[np.float64], k: float) -> float:
    """The mean log loss (natural log, per position) of the curve of slope k on these results."""
    p = np.clip(probability(men, k), _CLIP, 1.0 - _CLIP)
    return float(-np.mean(results * np.log(p) + (1.0 - results) * np.log(1.0 - p)))


def floor_loss(results: NDArray[np.float64]) -> float:
    """The least mean log loss any curve can reach on these results: a draw (1/2) costs log 2
    even when forecast exactly, so draws set a floor that every slope shares."""
    return float(np.mean(results == 0.5) * math.log(2.0))


def fit_slope(men: NDArray[np.float64], results: NDArray[np.float64]) -> tuple[float, float]:
    """The maximum-likelihood slope k on finite scores and its standard error (Newton's method:
    the log likelihood is concave in k)."""
    k = ACCURACY_SCALE
    curvature = 1.0
    for _ in range(100):
        p = probability(men, k)
        gradient = float(np.sum((results - p) * men))
        curvature = float(np.sum(p * (1.0 - p) * men * men))
        step = gradient / curvature
        k += step
        if abs(step) < 1e-10:
            break
    return k, 1.0 / math.sqrt(curvature)


def _table(men: NDArray[np.float64], results: NDArray[np.float64], k: float) -> list[str]:
    """Mean result by score band against the fitted and the current curve."""
    lines = ["  score (men)      positions  mean result  fitted  current"]
    edges = (-math.inf, -2.5, -1.5, -0.75, -0.25, 0.25, 0.75, 1.5, 2.5, math.inf)
    for low, high in itertools.pairwise(edges):
        inside = (men >= low) & (men < high)
        if not inside.any():
            continue
        middle = float(np.mean(men[inside]))
        lines.append(
            f"  [{low:+5.2f}, {high:+5.2f})  {int(inside.sum()):9,d}  {np.mean(results[inside]):11.3f}"
            f"  {1 / (1 + math.exp(-k * middle)):6.3f}"
            f"  {1 / (1 + math.exp(-ACCURACY_SCALE * middle)):7.3f}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Sample, score, fit and print the figures; 2 with one line on stderr for bad input."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdn", help="a PDN file of games with results (e.g. OCA_2.0.pdn)")
    parser.add_argument("--games", type=int, default=3000, help="games to sample (3000)")
    parser.add_argument("--per-game", type=int, default=3, help="positions per game (3)")
    parser.add_argument("--skip-plies", type=int, default=8, help="opening plies left out (8)")
    parser.add_argument("--depth", type=int, default=6, help="search depth in plies (6)")
    parser.add_argument("--seed", type=int, default=1, help="the sampling seed (1)")
    parser.add_argument("--jobs", type=int, default=0, help="processes (0: every core)")
    args = parser.parse_args(argv)
    if min(args.games, args.per_game, args.depth) < 1 or args.skip_plies < 0 or args.jobs < 0:
        print("fit_expected: counts must be positive", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        samples = sample(args.pdn, args.games, args.per_game, args.skip_plies, args.seed)
    except OSError as error:
        print(f"fit_expected: {args.pdn}: {error.strerror or error}", file=sys.stderr)
        return 2
    games = sorted({item.game for item in samples})
    if len(games) < 2:
        print(f"fit_expected: {args.pdn}: fewer than 2 games with a result", file=sys.stderr)
        return 2
    sampled = time.monotonic()
    with process_pool(args.jobs or None, _start, (args.depth,)) as pool:
        chunk = max(1, len(samples) // 64)
        men = np.array(
            list(pool.map(score, [item.position for item in samples], chunksize=chunk)),
            dtype=np.float64,
        )
    searched = time.monotonic()
    results = np.array([item.result for item in samples], dtype=np.float64)
    rng = random.Random(args.seed)
    held_out_games = set(rng.sample(games, len(games) // 2))
    held = np.array([item.game in held_out_games for item in samples])
    finite = np.isfinite(men)
    train = ~held & finite
    if not np.any(men[train] != 0.0) or not np.any(men[finite] != 0.0):
        print("fit_expected: no position scored off 0.00 to fit the slope on", file=sys.stderr)
        return 2
    k, spread = fit_slope(men[train], results[train])
    k_all, _ = fit_slope(men[finite], results[finite])

    print(f"corpus: {args.pdn}, {len(games):,} games, {len(samples):,} positions")
    print(
        f"results for the mover: {np.mean(results == 1):.1%} wins, "
        f"{np.mean(results == 0.5):.1%} draws, {np.mean(results == 0):.1%} losses"
    )
    forced = ~finite
    if forced.any():
        agree = np.mean(results[forced] == (men[forced] > 0))
        print(f"forced wins/losses found: {int(forced.sum()):,} (game result agrees: {agree:.0%})")
    print(f"fitted slope k (training half): {k:.3f} +/- {spread:.3f} per man")
    print(f"fitted slope k (all positions): {k_all:.3f}")
    for name, subset in (("held-out half", held), ("held-out, finite scores", held & finite)):
        print(
            f"log loss on the {name} ({int(subset.sum()):,} positions): "
            f"fitted {log_loss(men[subset], results[subset], k):.4f}, "
            f"{ACCURACY_SCALE} {log_loss(men[subset], results[subset], ACCURACY_SCALE):.4f}, "
            f"no information (k=0) {log_loss(men[subset], results[subset], 0.0):.4f}"
        )
    floor = floor_loss(results[held])
    print(
        f"log loss over the floor of the held-out half's draws ({floor:.4f}): "
        f"fitted {log_loss(men[held], results[held], k) - floor:.4f}, "
        f"{ACCURACY_SCALE} {log_loss(men[held], results[held], ACCURACY_SCALE) - floor:.4f}, "
        f"k=0 {log_loss(men[held], results[held], 0.0) - floor:.4f}"
    )
    print("held-out half, finite scores:")
    print("\n".join(_table(men[held & finite], results[held & finite], k)))
    cores = args.jobs or "every"
    print(
        f"time: {sampled - started:.0f} s sampling, {searched - sampled:.0f} s searching at "
        f"depth {args.depth} on {cores} cores, {time.monotonic() - started:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
