"""Fit the engine's evaluation weights to self-play results (a logistic, "Texel" fit).

    .venv/bin/python tools/tune.py --seed 1 --games 3000 --rounds 2

Plays the games first (tools/selfplay.py, kept in build/ under a name that holds the seed, the
games, the depth and a digest of the weights they were played with, and reused) unless they are
there, then fits a logistic model of the result of each quiet position (win 1, draw 1/2, loss 0
for Black) on the evaluation's terms, Black's minus White's: men, kings, the trade bonus,
back-rank guards, the bridge, runaways by rows to go, kings in the centre, the kings' steps, the
move, and a man's value for each square by game phase (the endgame technique keeps its hand-set
weights, and its positions are left out, see FIXED). Newton's method on the cross-entropy with a
small ridge penalty on the squares' values, twice (the trade bonus depends on the king's value).
The coefficients are scaled so that a man is 100 and rounded.

Round 1 plays its games (seed S) with the hand-set weights; each later round r plays as many new
games (seed S + r - 1) with the weights the round before fitted, and fits on the games of every
round so far: the positions the tuned engine reaches, and more of them. The last round's weights
are written to checkers/ai/tuned_weights.py; the same command always writes the same file.
Games the seed picks (a tenth) are held out: the loss of the hand-set, the round before's and
the new weights on their positions is printed, each with its own fitted logistic scale. numpy is
needed here only, never by the game.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "tools"))

import selfplay

from checkers._bitboard import BIT, VALID
from checkers.ai import engine
from checkers.ai.weights import HAND_SET, Weights

Array = npt.NDArray[np.float64]
OUTPUT = REPOSITORY / "checkers" / "ai" / "tuned_weights.py"
SCALARS = (
    "man",
    "king",
    "trade",
    "guard",
    "bridge",
    "runaway1",
    "runaway2",
    "runaway3",
    "king_centre",
    "king_step",
    "hunt_closeness",
    "hunt_corner",
    "to_move",
)
COLUMN = {name: index for index, name in enumerate(SCALARS)}
# The endgame technique steers the search toward a win it cannot see yet; how well it predicts
# a game's result says nothing of that (fitted, closing in came out negative), so it keeps its
# hand-set weights and the positions where it counts are left out of the fit.
FIXED = {"hunt_closeness": HAND_SET.hunt_closeness, "hunt_corner": HAND_SET.hunt_corner}
SQUARES = 28  # a man's squares, from its own side's view
PHASES = len(HAND_SET.phase_pieces) + 1
COLUMNS = len(SCALARS) + PHASES * SQUARES
GAMES_PER_FILE = 10_000_000  # more games than a self-play file holds
MAX_ROUNDS = 5
_BLACK_BIT_OF_WHITE = {BIT[s]: 33 - s for s in range(5, 33)}  # a White man as a Black one
_BLACK_SQUARE = {BIT[s]: s for s in range(1, 29)}


def features(black: int, white: int, kings: int, black_to_move: bool, king: float) -> list[float]:
    """The evaluation's terms, Black's minus White's, in the order of SCALARS then the squares
    by phase; the trade bonus with this king value."""
    row: list[float] = [0.0] * COLUMNS
    black_kings, white_kings = black & kings, white & kings
    black_men, white_men = black ^ black_kings, white ^ white_kings
    bm, bk, wm, wk = (b.bit_count() for b in (black_men, black_kings, white_men, white_kings))
    row[0], row[1] = bm - wm, bk - wk
    black_material, white_material = 100 * bm + king * bk, 100 * wm + king * wk
    row[2] = (black_material - white_material) / (black_material + white_material + 1)
    if wm:
        row[3] += (black_men & engine._BLACK_BACK).bit_count()
        row[4] += black_men & engine._BLACK_BRIDGE == engine._BLACK_BRIDGE
    if bm:
        row[3] -= (white_men & engine._WHITE_BACK).bit_count()
        row[4] -= white_men & engine._WHITE_BRIDGE == engine._WHITE_BRIDGE
    for man in engine._bits(black_men & engine._BLACK_RUNNERS):
        if not engine._BLACK_CONE[man] & white:
            row[5 + 6 - engine._ROW[man]] += 1  # rows 6, 5, 4: one, two, three to go
    for man in engine._bits(white_men & engine._WHITE_RUNNERS):
        if not engine._WHITE_CONE[man] & black:
            row[5 + engine._ROW[man] - 1] -= 1
    if kings:
        empty = VALID ^ (black | white)
        centre = engine._CENTRE_KINGS
        row[8] = (black_kings & centre).bit_count() - (white_kings & centre).bit_count()
        row[9] = engine._king_steps(black_kings, empty) - engine._king_steps(white_kings, empty)
        # The endgame technique, once the side behind has only kings.
        lead = black_material - white_material
        for hunters, prey, sign in ((black_kings, white_kings, 1), (white_kings, black_kings, -1)):
            if hunters and prey and lead * sign > 0 and not (wm if sign > 0 else bm):
                closeness = sum(
                    7 - min(engine._DISTANCE[h | p] for p in engine._bits(prey))
                    for h in engine._bits(hunters)
                )
                row[COLUMN["hunt_closeness"]] += sign * closeness
                row[COLUMN["hunt_corner"]] -= sign * (prey & engine._DOUBLE_CORNERS).bit_count()
    row[COLUMN["to_move"]] = 1.0 if black_to_move else -1.0
    pieces = bm + bk + wm + wk
    base = len(SCALARS) + SQUARES * sum(pieces < limit for limit in HAND_SET.phase_pieces)
    for man in engine._bits(black_men):
        row[base + _BLACK_SQUARE[man] - 1] += 1
    for man in engine._bits(white_men):
        row[base + _BLACK_BIT_OF_WHITE[man] - 1] -= 1
    return row


class Data:
    """Positions (bitboards and side to move), their results for Black (1, 1/2, 0) and games."""

    def __init__(self, *paths: Path) -> None:
        # Each file numbers its games from 0: a later file's are made distinct.
        tables = [np.loadtxt(path, dtype=np.int64, ndmin=2) for path in paths]
        for index, table in enumerate(tables):
            table[:, 0] += index * GAMES_PER_FILE
        table = np.concatenate(tables)
        self.games = table[:, 0]
        self.boards = table[:, 2:6].tolist()
        self.results = table[:, 6].astype(np.float64) / 2

    def matrix(self, rows: npt.NDArray[np.bool_], king: float) -> Array:
        """The feature matrix of the selected rows."""
        chosen = [board for board, keep in zip(self.boards, rows, strict=True) if keep]
        return np.array([features(b, w, k, bool(t), king) for b, w, k, t in chosen], np.float64)

    def engine_scores(self, rows: npt.NDArray[np.bool_]) -> Array:
        """The engine's evaluation (with the weights installed) for Black, selected rows."""
        chosen = [board for board, keep in zip(self.boards, rows, strict=True) if keep]
        scores = [
            engine._static_score(b, w, k, bool(t)) * (1 if t else -1) for b, w, k, t in chosen
        ]
        return np.array(scores, np.float64)


def _sigmoid(x: Array) -> Array:
    return 1 / (1 + np.exp(-x))


def cross_entropy(logits: Array, results: Array) -> float:
    """The mean cross-entropy of results (1, 1/2, 0) against sigmoid(logits)."""
    p = np.clip(_sigmoid(logits), 1e-12, 1 - 1e-12)
    return float(-np.mean(results * np.log(p) + (1 - results) * np.log(1 - p)))


def mean_squared(logits: Array, results: Array) -> float:
    """Texel's error: the mean squared difference of results and sigmoid(logits)."""
    return float(np.mean((results - _sigmoid(logits)) ** 2))


def fit(x: Array, results: Array, ridge: Array, iterations: int = 25) -> Array:
    """Coefficients minimising the cross-entropy plus ridge / 2 * coefficient^2 (Newton)."""
    beta = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = _sigmoid(x @ beta)
        gradient = x.T @ (p - results) + ridge * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(ridge + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return beta


def fit_scale(scores: Array, results: Array) -> float:
    """The logistic scale K that fits sigmoid(K * score) to the results best."""
    return float(fit(scores[:, None], results, np.zeros(1))[0])


def to_weights(beta: Array) -> Weights:
    """The coefficients scaled to a man of 100 and rounded, as the engine's weights."""
    w = 100 * beta / beta[0]
    squares = w[len(SCALARS) :].reshape(PHASES, SQUARES)
    men = tuple(tuple(round(value) for value in phase) for phase in squares)
    return Weights(
        king=round(w[1]),
        trade=round(w[2]),
        guard=round(w[3]),
        bridge=round(w[4]),
        runaway=(round(w[5]), round(w[6]), round(w[7])),
        king_centre=round(w[8]),
        king_step=round(w[9]),
        hunt_closeness=FIXED["hunt_closeness"],
        hunt_corner=FIXED["hunt_corner"],
        to_move=5 * round(w[COLUMN["to_move"]] / 5),  # the engine's scores are multiples of 5
        phase_pieces=HAND_SET.phase_pieces,
        men=men,
    )


def write_weights(weights: Weights, command: str, summary: Sequence[str]) -> None:
    """Write checkers/ai/tuned_weights.py."""
    # Fourteen squares a line: within the line length.
    men = "\n".join(
        f"    ({', '.join(map(str, phase[:14]))},\n     {', '.join(map(str, phase[14:]))}),"
        for phase in weights.men
    )
    notes = "\n".join(summary)
    OUTPUT.write_text(
        f'''"""The engine's evaluation weights, fitted to self-play results by tools/tune.py.

Generated by `{command}`; do not edit.
{notes}
"""

from checkers.ai.weights import Weights

# By phase, squares 1-14 then 15-28 (fourteen a line).
# fmt: off
_MEN = (
{men}
)
# fmt: on

TUNED = Weights(
    king={weights.king},
    trade={weights.trade},
    guard={weights.guard},
    bridge={weights.bridge},
    runaway={weights.runaway},
    king_centre={weights.king_centre},
    king_step={weights.king_step},
    hunt_closeness={weights.hunt_closeness},
    hunt_corner={weights.hunt_corner},
    to_move={weights.to_move},
    phase_pieces={weights.phase_pieces},
    men=_MEN,
)
''',
        encoding="utf-8",
    )


def digest(weights: Weights) -> str:
    """A short name for a set of weights (the games played with them are kept under it)."""
    return hashlib.blake2b(repr(weights).encode(), digest_size=4).hexdigest()


def games_file(seed: int, games: int, depth: int, weights: Weights, jobs: int) -> Path:
    """The self-play positions of `games` games with `weights`, played now unless kept."""
    path = REPOSITORY / "build" / f"selfplay-s{seed}-g{games}-d{depth}-w{digest(weights)}.txt"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        print(f"playing {games} games into {path.relative_to(REPOSITORY)}", file=sys.stderr)
        selfplay.play_games(weights, path, games=games, seed=seed, depth=depth, jobs=jobs)
    return path


def fit_weights(data: Data, train: npt.NDArray[np.bool_], ridge_squares: float) -> Weights:
    """The weights fitted to the training rows: twice, the trade bonus following the king."""
    ridge = np.zeros(COLUMNS)
    ridge[len(SCALARS) :] = ridge_squares
    king = float(HAND_SET.king)
    tuned = HAND_SET
    for _ in range(2):
        x = data.matrix(train, king)
        technique = np.any(x[:, [COLUMN[name] for name in FIXED]] != 0, axis=1)
        beta = fit(x[~technique], data.results[train][~technique], ridge)
        tuned = to_weights(beta)
        king = float(tuned.king)
    return tuned


def main(argv: list[str] | None = None) -> int:
    """Play (or reuse) each round's games, fit, report the losses and write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="games and hold-out seed (default 1)")
    parser.add_argument("--games", type=int, default=1200, help="games a round (default 1200)")
    parser.add_argument("--depth", type=int, default=6, help="their depth a move (default 6)")
    parser.add_argument(
        "--rounds", type=int, default=1, help=f"rounds of games and fit, 1 to {MAX_ROUNDS}"
    )
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument(
        "--ridge", type=float, default=20.0, help="penalty on the squares' values (default 20)"
    )
    parser.add_argument("--data", help="fit these positions (tools/selfplay.py's) instead")
    parser.add_argument("--dry-run", action="store_true", help="report, write no weights")
    args = parser.parse_args(argv)
    if args.games < 10 or args.depth < 1 or args.ridge < 0:
        parser.exit(2, "tune: --games must be 10 or more, --depth positive, --ridge not negative\n")
    if not 1 <= args.rounds <= MAX_ROUNDS or args.data is not None and args.rounds != 1:
        parser.exit(2, f"tune: --rounds must be 1 to {MAX_ROUNDS} (1 with --data)\n")
    started = time.monotonic()
    engine._install_patterns(None)  # the weights are fitted, and compared, without the tables
    played_with, previous = HAND_SET, HAND_SET
    paths: list[Path] = []
    for round_number in range(1, args.rounds + 1):
        if args.data is not None:
            paths = [Path(args.data)]
        else:
            seed = args.seed + round_number - 1
            paths.append(games_file(seed, args.games, args.depth, played_with, args.jobs))
        data = Data(*paths)
        rng = random.Random(args.seed)
        game_ids = sorted(set(data.games.tolist()))
        held = set(rng.sample(game_ids, max(1, len(game_ids) // 10)))
        test = np.isin(data.games, list(held))
        train = ~test
        print(
            f"round {round_number}: {len(game_ids)} games, {int(train.sum())} training and "
            f"{int(test.sum())} held-out positions",
            file=sys.stderr,
        )
        previous, played_with = played_with, fit_weights(data, train, args.ridge)
    tuned = played_with

    def engine_losses(weights: Weights) -> tuple[float, float, float]:
        engine._install(weights)
        k = fit_scale(data.engine_scores(train), data.results[train])
        held_scores = k * data.engine_scores(test)
        return (
            k,
            cross_entropy(held_scores, data.results[test]),
            mean_squared(held_scores, data.results[test]),
        )

    compared = [("hand-set", HAND_SET)]
    if args.rounds > 1:
        compared.append((f"round {args.rounds - 1}", previous))
    compared.append(("these", tuned))
    losses = [engine_losses(weights) for _, weights in compared]
    names = " -> ".join(name for name, _ in compared)
    summary = [
        (
            f"{len(game_ids)} games in {args.rounds} round{'s' if args.rounds > 1 else ''}, "
            f"{int(train.sum())} positions fitted, {int(test.sum())} held out."
        ),
        "Held-out cross-entropy "
        + " -> ".join(f"{ce:.4f}" for _, ce, _ in losses)
        + ", squared error "
        + " -> ".join(f"{mse:.4f}" for _, _, mse in losses),
        f"({names}; logistic scale "
        + " -> ".join(f"{k * 100:.3f}" for k, _, _ in losses)
        + " a man).",
    ]
    engine._install(tuned)
    for line in summary:
        print(line)
    print(tuned)
    if not args.dry_run:
        command = "tools/tune.py " + " ".join(
            f"--{name} {value}"
            for name, value in (
                ("seed", args.seed),
                ("games", args.games),
                ("depth", args.depth),
                ("rounds", args.rounds),
                ("ridge", args.ridge),
            )
        )
        write_weights(tuned, command, summary)
        print(f"wrote {OUTPUT.relative_to(REPOSITORY)}", file=sys.stderr)
    print(f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
