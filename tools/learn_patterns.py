"""Learn the engine's pattern tables (checkers/ai/patterns.py) from game results.

    .venv/bin/python tools/archive_positions.py OCA_2.0.pdn --out oca-positions.txt
    nice -n 19 .venv/bin/python tools/learn_patterns.py --seed 38 --positions oca-positions.txt

Takes the positions of --positions FILE ... (the masters' games of an archive, written by
tools/archive_positions.py, or self-play files of the same format), or without it plays
self-play games first (tools/selfplay.py with the tuned weights, depth 6, kept in build/ and
reused), then fits a logistic model of
each quiet position's result (win 1, draw 1/2, loss 0 for Black) on the engine's evaluation of
it (the tuned weights, without patterns; its scale fitted first) plus one value per region
pattern and phase. Every position also counts turned round, colours swapped, so the tables come
out the same for both sides. Full-batch Adam on the cross-entropy with a ridge penalty; a tenth
of the games (picked by the seed) is held out and its loss printed for the evaluation alone and
with the tables. The values, rounded to hundredths of a man, are written to --out (default
checkers/data/patterns.bin). The same command writes the same file. numpy is needed here only.

Several --positions files (the masters' games first, then self-play files): each file's
positions get their own logistic scale (masters' games are drawn far more often than self-play
at the same evaluation), the tables are shared. The held-out games are a tenth of the first
file's games, picked by the seed as with that file alone, plus a tenth of the others'; the loss
printed is on the first file's held-out positions, so fits on more files compare on the same
games. --compare FILE prints a tables file's loss on them too. --endgames DIR labels the
training positions that databases in DIR (or the shipped ones) hold with their exact result
(a database win is a win, whatever the game's end); held-out positions keep their game's result.
Self-play files are written by `tools/selfplay.py --patterns` (the engine as it plays).
--shared fits, beside each phase's table, one table for every phase, and writes their sums: a
pattern's phase values then differ from what it is worth anywhere only as far as that phase's
positions say. --shrink F writes the values times F (rounded again): smaller tables, a
check whether the fit's values are too large for play (docs/engine.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "tools"))

import selfplay

from checkers._bitboard import BIT
from checkers.ai import engine, patterns
from checkers.ai.tuned_weights import TUNED

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
OUTPUT = REPOSITORY / "checkers" / "data" / patterns.FILE_NAME
SIZE = patterns.PHASES * patterns.WINDOWS * patterns.PATTERNS


FILE_STRIDE = 10_000_000
"""Game keys: file number * FILE_STRIDE + the game's number in its file."""


def read_positions(paths: list[Path]) -> tuple[Ints, Ints]:
    """(rows of black, white, kings, black to move, result) and game keys, from self-play
    files; games of each file numbered apart (key // FILE_STRIDE is the file's number)."""
    rows = []
    for number, path in enumerate(paths):
        data = np.loadtxt(path, dtype=np.int64, ndmin=2)
        data[:, 0] += number * FILE_STRIDE
        rows.append(data)
    table = np.concatenate(rows)
    # GAME PLY BLACK WHITE KINGS TURN RESULT
    return table[:, [2, 3, 4, 5, 6]], table[:, 0]


def held_out_games(games: Ints, seed: int) -> Ints:
    """A tenth of the first file's games (the same ones as with that file alone, for a seed),
    then a tenth of each other file's."""
    rng = np.random.default_rng(seed)
    unique = np.unique(games)
    picked = []
    for number in np.unique(unique // FILE_STRIDE):
        own = unique[unique // FILE_STRIDE == number]
        picked.append(rng.choice(own, max(1, len(own) // 10), replace=False))
    return np.concatenate(picked)


def exact_targets(
    black: Ints, white: Ints, kings: Ints, black_to_move: Ints, directories: list[Path]
) -> tuple[Floats, npt.NDArray[np.bool_]]:
    """Black's exact result (1, 1/2, 0) of each position the databases hold (those in
    `directories`, then the shipped ones), and which positions they hold."""
    from checkers.ai.endgame import LOSS_CODE, SHIPPED_DIRECTORY, WIN_CODE, Endgames

    endgames = Endgames([*directories, SHIPPED_DIRECTORY])
    most = endgames.max_pieces
    pieces = np.array([int(b | w).bit_count() for b, w in zip(black, white, strict=True)])
    targets = np.full(len(black), np.nan)
    for i in np.flatnonzero(pieces <= most):
        found = endgames.lookup(int(black[i]), int(white[i]), int(kings[i]), bool(black_to_move[i]))
        if found is None:
            continue
        code = found[0]
        mover = 1.0 if code == WIN_CODE else 0.0 if code == LOSS_CODE else 0.5
        targets[i] = mover if black_to_move[i] else 1.0 - mover
    return targets, ~np.isnan(targets)


def turned(bits: Ints) -> Ints:
    """Bitboards turned round: square s to 33 - s."""
    out = np.zeros_like(bits)
    for square in range(1, 33):
        out |= np.where(bits & BIT[square], BIT[33 - square], 0)
    return out


def indices(black: Ints, white: Ints) -> Ints:
    """Each position's flat table index for each region: [positions, windows]."""
    ternary = np.array(patterns.ROW_TERNARY, np.int64)
    digits = np.array(patterns.BAND_DIGITS, np.int64)
    pieces = np.array([int(b | w).bit_count() for b, w in zip(black, white, strict=True)])
    phase = np.zeros(len(black), np.int64)
    for limit in patterns.PHASE_LIMITS:
        phase += pieces < limit
    codes = [
        ternary[black >> start & 15] + 2 * ternary[white >> start & 15]
        for start in patterns.ROW_STARTS
    ]
    columns = []
    for window in range(patterns.WINDOWS):
        row, band = divmod(window, patterns.BANDS)
        pattern = sum(9**i * digits[band][codes[row + i]] for i in range(4))
        columns.append((phase * patterns.WINDOWS + window) * patterns.PATTERNS + pattern)
    return np.stack(columns, axis=1)


def turned_indices() -> Ints:
    """For each flat table index, the index of the same pattern turned round with colours
    swapped: region (row r, band b) is region (4 - r, 2 - b), its digits in reverse order,
    Black and White exchanged."""
    digits = np.array([[p // 3**k % 3 for k in range(8)] for p in range(patterns.PATTERNS)])
    swapped = np.where(digits == 0, 0, 3 - digits)[:, ::-1]
    turned_pattern = (swapped * 3 ** np.arange(8)).sum(axis=1)
    out = np.zeros(SIZE, np.int64)
    for phase in range(patterns.PHASES):
        for window in range(patterns.WINDOWS):
            row, band = divmod(window, patterns.BANDS)
            other = (patterns.FIRST_ROWS - 1 - row) * patterns.BANDS + patterns.BANDS - 1 - band
            start = (phase * patterns.WINDOWS + window) * patterns.PATTERNS
            out[start : start + patterns.PATTERNS] = (
                phase * patterns.WINDOWS + other
            ) * patterns.PATTERNS + turned_pattern
    return out


def base_scores(black: Ints, white: Ints, kings: Ints) -> Floats:
    """The engine's evaluation for Black, without pattern tables, in hundredths of a man."""
    weights, tables = engine._weights, engine._PATTERNS
    engine._install(TUNED)
    engine._install_patterns(None)
    try:
        return np.array(
            [
                engine._static_score(int(b), int(w), int(k), True)
                for b, w, k in zip(black, white, kings, strict=True)
            ],
            np.float64,
        )
    finally:  # the engine evaluates as it did before
        engine._install(weights)
        engine._install_patterns(tables)


def cross_entropy(logit: Floats, target: Floats) -> float:
    """The mean cross-entropy of the predictions sigmoid(logit) against the targets."""
    log_p = -np.logaddexp(0.0, -logit)
    log_q = -np.logaddexp(0.0, logit)
    return float(-np.mean(target * log_p + (1 - target) * log_q))


def fit_scale(base: Floats, target: Floats) -> float:
    """The logistic scale (per hundredth of a man) that predicts the results best."""
    scales = np.geomspace(1e-4, 1e-1, 200)
    losses = [cross_entropy(scale * base, target) for scale in scales]
    return float(scales[int(np.argmin(losses))])


PHASE_FREE = patterns.WINDOWS * patterns.PATTERNS
"""The size of the tables --shared fits besides the phases': one value a region's pattern."""


def fit(
    base: Floats,
    target: Floats,
    features: Ints,
    scale: Floats,
    *,
    epochs: int,
    ridge: float,
    rate: float,
    shared: bool = False,
) -> Floats:
    """Pattern values (hundredths of a man) minimising the cross-entropy plus the ridge term;
    `scale` is each position's logistic scale. With `shared`, each pattern also has one value
    for every phase, fitted with the phases' own: the values returned are their sums (the
    phases' tables learn from the other phases' positions what a pattern is worth anywhere,
    and only the difference from their own)."""
    size = SIZE + PHASE_FREE if shared else SIZE
    if shared:  # the phase-free value's index: past the phases', by region and pattern
        features = np.concatenate([features, SIZE + features % PHASE_FREE], axis=1)
    values = np.zeros(size)
    first, second = np.zeros(size), np.zeros(size)
    count = len(base)
    flat = features.ravel()
    for epoch in range(1, epochs + 1):
        logit = scale * (base + values[features].sum(axis=1))
        error = 1.0 / (1.0 + np.exp(-logit)) - target
        gradient = np.bincount(flat, np.repeat(error * scale, features.shape[1]), size) / count
        gradient += ridge * values / count
        # Adam: the rare patterns get steps as large as the common ones.
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        step = first / (1 - 0.9**epoch) / (np.sqrt(second / (1 - 0.999**epoch)) + 1e-12)
        values -= rate * step
    if shared:
        return values[:SIZE] + np.tile(values[SIZE:], patterns.PHASES)
    return values


def main(argv: list[str] | None = None) -> int:
    """Fit the tables and write them; exit 2 with one line for bad arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=38, help="self-play and held-out games")
    parser.add_argument("--games", type=int, default=6000, help="self-play games to play")
    parser.add_argument("--positions", type=Path, nargs="*", help="self-play files instead")
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--ridge", type=float, default=0.02, help="penalty on squared values")
    parser.add_argument("--rate", type=float, default=2.0, help="Adam's step, hundredths of a man")
    parser.add_argument("--jobs", type=int, default=0, help="self-play processes (0: all cores)")
    parser.add_argument(
        "--shared",
        action="store_true",
        help="fit each pattern's value for every phase too, with the phases' own (the file "
        "holds their sums)",
    )
    parser.add_argument(
        "--shrink",
        type=float,
        default=1.0,
        help="multiply the fitted values by this (0 to 1) before writing them",
    )
    parser.add_argument("--out", type=Path, default=OUTPUT)
    parser.add_argument(
        "--endgames",
        type=Path,
        nargs="*",
        help="label training positions these databases (and the shipped ones) hold exactly",
    )
    parser.add_argument(
        "--compare", type=Path, nargs="*", help="tables files whose held-out loss to print too"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.epochs < 1 or args.ridge < 0 or args.rate <= 0:
        parser.exit(2, "learn_patterns: --games, --epochs and --rate must be positive\n")
    if not 0 < args.shrink <= 1:
        parser.exit(2, "learn_patterns: --shrink must be more than 0 and at most 1\n")
    began = time.monotonic()
    paths = args.positions
    if not paths:
        build = REPOSITORY / "build"
        build.mkdir(exist_ok=True)
        path = build / f"selfplay-tuned-seed{args.seed}-games{args.games}-depth6.txt"
        if not path.exists():
            selfplay.play_games(
                TUNED, path, games=args.games, seed=args.seed, depth=6, jobs=args.jobs
            )
        paths = [path]
    for path in [*paths, *(args.compare or [])]:
        if not path.is_file():
            parser.exit(2, f"learn_patterns: no file {path}\n")
    for directory in args.endgames or []:
        if not directory.is_dir():
            parser.exit(2, f"learn_patterns: no databases directory {directory}\n")
    compared = []
    for path in args.compare or []:
        try:
            compared.append((path, patterns.load(path)))
        except patterns.PatternError as error:
            parser.exit(2, f"learn_patterns: {error}\n")
    rows, games = read_positions(paths)
    black, white, kings = rows[:, 0], rows[:, 1], rows[:, 2]
    target = rows[:, 4] / 2.0  # 2 a Black win, 1 a draw, 0 a White win
    if len(np.unique(games[games // FILE_STRIDE == 0])) < 2:
        parser.exit(2, "learn_patterns: at least two games are needed (one is held out)\n")
    held_games = held_out_games(games, args.seed)
    exact = np.zeros(len(black), bool)
    if args.endgames is not None:
        exact_target, exact = exact_targets(black, white, kings, rows[:, 3], args.endgames)
        exact &= ~np.isin(games, held_games)  # held-out positions keep their game's result
        changed = int((exact & (exact_target != target)).sum())
        target = np.where(exact, exact_target, target)
        print(
            f"databases hold {int(exact.sum())} training positions; "
            f"{changed} labels changed to their exact result",
            flush=True,
        )
    # Every position turned round too: the same values for both sides, and twice the data.
    black, white = np.concatenate([black, turned(white)]), np.concatenate([white, turned(black)])
    kings = np.concatenate([kings, turned(kings)])
    target = np.concatenate([target, 1.0 - target])
    games = np.concatenate([games, games])
    held = np.isin(games, held_games)
    source = games // FILE_STRIDE
    base = base_scores(black, white, kings)
    features = indices(black, white)
    # Each file's own scale: how surely its players turn an advantage into a win.
    scales = {
        int(number): fit_scale(base[~held & (source == number)], target[~held & (source == number)])
        for number in np.unique(source)
    }
    scale_of = np.array([scales[int(number)] for number in source])
    values = fit(
        base[~held],
        target[~held],
        features[~held],
        scale_of[~held],
        epochs=args.epochs,
        ridge=args.ridge,
        rate=args.rate,
        shared=args.shared,
    )
    # Exactly the same for both sides (the fit is, but for floating-point order): a pattern
    # and its turned twin get opposite values, and rint rounds x and -x alike.
    values = (values - values[turned_indices()]) / 2
    rounded = np.clip(np.rint(values), -32768, 32767).astype(np.int64)
    if args.shrink != 1:  # of the rounded values: the file is the fit's, scaled, as measured
        rounded = np.rint(rounded * args.shrink).astype(np.int64)
    # The loss on the first file's held-out games (the masters' where they come first).
    first = held & (source == 0)
    scale = scales[0]
    before = cross_entropy(scale * base[first], target[first])
    after = cross_entropy(
        scale * (base[first] + rounded[features[first]].sum(axis=1)), target[first]
    )
    fitted = cross_entropy(
        scale_of[~held] * (base[~held] + rounded[features[~held]].sum(axis=1)), target[~held]
    )
    args.out.write_bytes(patterns.encode(rounded.tolist()))
    others = ""
    if len(scales) > 1:
        rest = held & (source != 0)
        logit = scale_of[rest] * base[rest]
        tabled = scale_of[rest] * (base[rest] + rounded[features[rest]].sum(axis=1))
        others = (
            f"; the other files' held-out {int(rest.sum())}: "
            f"{cross_entropy(logit, target[rest]):.4f} -> {cross_entropy(tabled, target[rest]):.4f}"
        )
    print(
        f"{len(np.unique(games))} games, {int((~held).sum())} positions fitted (both ways "
        f"round), {int(first.sum())} of the first file held out; scales "
        f"{', '.join(f'{scales[n] * 100:.3f}' for n in sorted(scales))} a man; held-out "
        f"cross-entropy {before:.4f} -> {after:.4f} (fitted {fitted:.4f}){others}; values "
        f"{int(rounded.min())}..{int(rounded.max())}, {int((rounded != 0).sum())} non-zero; "
        f"{time.monotonic() - began:.0f} s; wrote {args.out}"
    )
    for path, tables in compared:
        flat = np.array([v for phase in tables for window in phase for v in window], np.int64)
        loss = cross_entropy(
            scale * (base[first] + flat[features[first]].sum(axis=1)), target[first]
        )
        print(f"{path}: held-out cross-entropy {loss:.4f} on the same positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
