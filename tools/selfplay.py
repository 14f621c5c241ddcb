"""Self-play games for tuning the engine's evaluation: quiet positions with the game's result.

    .venv/bin/python tools/selfplay.py --games 2000 --seed 1 --out build/selfplay-1.txt

Each game starts from an ACF ballot (all 174, drawn at random), then plays a few random plies
(0 to --random-plies), then the engine at a fixed small depth for both sides, with the hand-set
evaluation weights unless --weights says otherwise (and without the pattern tables unless
--patterns: then with the tuned weights and the tables the engine plays with, as it plays), to
the end by the rules (no move: a loss; a
third repetition or 40 moves without progress: a draw), or until the endgame databases know the
result (4 pieces or fewer: their result is the game's), or a draw at --max-plies. Every quiet
position (no capture pending) after the random plies is written as

    GAME PLY BLACK WHITE KINGS TURN RESULT

(the game's number, the ply, the bitboards in the rules core's layout, TURN 1 for Black to move,
RESULT 2/1/0 for a Black win/draw/White win). Game i uses the seed (seed, i), so a run gives the
same file whatever --jobs. Runs games in --jobs processes (default: every core); run it with
`nice` on a shared machine. Each process waits for the compiled core (numba) before its first
game, so every game is searched compiled where numba is (the Python engine plays the same moves,
some twenty times slower).
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections import Counter
from pathlib import Path

from checkers._bitboard import capture_pending, generate_raw, play, raw_squares
from checkers.ai import patterns
from checkers.ai.compiled import new_engine, wait_until_ready
from checkers.ai.endgame import LOSS_CODE, WIN_CODE
from checkers.ai.engine import _install, _install_patterns, _load_chosen_patterns
from checkers.ai.search import Limits, SearchRequest
from checkers.ai.tuned_weights import TUNED
from checkers.ai.weights import HAND_SET, Weights
from checkers.board import BLACK, WHITE, Move, Position
from checkers.match import Ballot, load_ballots
from checkers.record import FORTY_MOVE_PLIES
from checkers.workers import process_pool

BLACK_WINS, DRAW, WHITE_WINS = 2, 1, 0
_ENDGAME_PIECES = 4
WEIGHTS = {"hand-set": HAND_SET, "tuned": TUNED}
RANDOM_PLIES = 4  # at most this many random plies after the ballot
MAX_PLIES = 300  # a game still going here is a draw


@functools.cache
def _ballots() -> list[Ballot]:
    """The ballots, read once a process (reading them replays each: a fifth of a depth-6
    game's time)."""
    return load_ballots()


def play_one(
    seed: int, index: int, depth: int, random_plies: int, max_plies: int, *, lines: bool = False
) -> list[str]:
    """One game's quiet positions with its result, as output lines; the same for the same
    arguments (`lines`: whether the engine works out each depth's line, which only costs time:
    a quarter of a depth-6 game's)."""
    rng = random.Random(f"{seed}/{index}")
    ballot = rng.choice(_ballots())
    position = Position()
    for text in ballot.moves:
        position = position.move(Move.from_pdn(text, position))
    black, white, kings, black_to_move = (
        position.black,
        position.white,
        position.kings,
        position.turn is BLACK,
    )
    engine = new_engine()  # the compiled core where numba is: the same games, faster
    engine.lines = lines
    endgames = engine.endgames
    since_progress: list[Position] = []  # the positions since the last capture or man move
    seen: Counter[tuple[int, int, int, bool]] = Counter()
    no_progress = 0
    recorded: list[tuple[int, int, int, bool, int]] = []
    result = DRAW
    randoms = rng.randint(0, random_plies)
    ply = len(ballot.moves)
    while ply < max_plies:
        key = (black, white, kings, black_to_move)
        seen[key] += 1
        if seen[key] >= 3 or no_progress >= FORTY_MOVE_PLIES:
            break  # a draw by the rules
        moves = generate_raw(black, white, kings, black_to_move)
        if not moves:
            result = WHITE_WINS if black_to_move else BLACK_WINS
            break
        if (black | white).bit_count() <= _ENDGAME_PIECES and endgames is not None:
            found = endgames.lookup(black, white, kings, black_to_move)
            if found is not None:
                code = found[0]
                if code in (WIN_CODE, LOSS_CODE):
                    mover_wins = code == WIN_CODE
                    result = BLACK_WINS if mover_wins == black_to_move else WHITE_WINS
                break
        if randoms > 0:
            move = rng.choice(moves)
            randoms -= 1
        else:
            if not capture_pending(black, white, kings, black_to_move):
                recorded.append((black, white, kings, black_to_move, ply))
            position = Position.from_bitboards(
                black, white, kings, BLACK if black_to_move else WHITE
            )
            request = SearchRequest(position, tuple(since_progress), no_progress)
            found_move = engine.search(request, Limits(depth=depth)).move
            assert found_move is not None
            mover = black if black_to_move else white
            move = next(m for m in moves if raw_squares(m, mover) == found_move.path)
        mover_delta, captured, _, _ = move
        progress = bool(captured) or not (mover_delta & kings)
        black, white, kings = play(black, white, kings, black_to_move, move)
        black_to_move = not black_to_move
        no_progress = 0 if progress else no_progress + 1
        if progress:
            since_progress = []
            seen.clear()
        since_progress.append(
            Position.from_bitboards(black, white, kings, BLACK if black_to_move else WHITE)
        )
        ply += 1
    return [f"{index} {p} {b} {w} {k} {int(t)} {result}" for b, w, k, t, p in recorded]


def _play_task(arguments: tuple[int, int, int, int, int]) -> list[str]:
    return play_one(*arguments)


def main(argv: list[str] | None = None) -> int:
    """Play the games and write their positions; exit 2 with one line for bad arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--depth", type=int, default=6, help="search depth a move (default 6)")
    parser.add_argument(
        "--random-plies",
        type=int,
        default=RANDOM_PLIES,
        help=f"at most this many random plies (default {RANDOM_PLIES})",
    )
    parser.add_argument(
        "--max-plies", type=int, default=MAX_PLIES, help=f"a draw here (default {MAX_PLIES})"
    )
    parser.add_argument(
        "--weights",
        choices=sorted(WEIGHTS),
        help="the engine's evaluation weights (default: hand-set, so a seed always gives the "
        "same games; tuned with --patterns)",
    )
    parser.add_argument(
        "--patterns",
        action="store_true",
        help="play with the tuned weights and the pattern tables the engine plays with "
        "(CHECKERS_PATTERNS chooses the file), as the engine plays; default: no tables",
    )
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument("--out", required=True, help="the positions file to write (replaced)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.depth < 1 or args.random_plies < 0 or args.max_plies < 1:
        parser.exit(2, "selfplay: --games, --depth and --max-plies must be positive\n")
    tables = None
    if args.patterns:
        if args.weights not in (None, "tuned"):
            parser.exit(2, "selfplay: --patterns plays with the tuned weights only\n")
        args.weights = "tuned"
        tables = _load_chosen_patterns()
        if tables is None:
            parser.exit(2, "selfplay: --patterns, but no pattern tables could be loaded\n")
    out = Path(args.out)
    if not out.parent.is_dir():
        parser.exit(2, f"selfplay: no directory {out.parent}\n")
    play_games(
        WEIGHTS[args.weights or "hand-set"],
        out,
        games=args.games,
        seed=args.seed,
        depth=args.depth,
        random_plies=args.random_plies,
        max_plies=args.max_plies,
        jobs=args.jobs,
        tables=tables,
    )
    return 0


def _install_weights(weights: Weights, tables: patterns.Tables | None = None) -> None:
    """A worker's evaluation: these weights, with these pattern tables (None: without, so the
    tuning's games are the same as before the tables were the default); then the compiled
    core, waited for (a cached core loads in about a second, a first compile takes longer)."""
    _install(weights)
    _install_patterns(tables)
    wait_until_ready(timeout=600)


def play_games(
    weights: Weights,
    out: Path,
    *,
    games: int,
    seed: int,
    depth: int,
    random_plies: int = RANDOM_PLIES,
    max_plies: int = MAX_PLIES,
    jobs: int = 0,
    tables: patterns.Tables | None = None,
) -> None:
    """Play the games with `weights` (and pattern `tables`, None: without) in `jobs` processes
    (0: every core) and write their quiet positions to `out` (replaced only when all are
    written), with progress on stderr."""
    tasks = [(seed, index, depth, random_plies, max_plies) for index in range(games)]
    started = time.monotonic()
    positions = 0
    partial = out.with_name(out.name + ".partial")
    with (
        partial.open("w", encoding="ascii") as stream,
        process_pool(jobs or None, _install_weights, (weights, tables)) as pool,
    ):
        # map keeps the games' order: the file is the same for the same seed.
        for done, lines in enumerate(pool.map(_play_task, tasks, chunksize=4), start=1):
            stream.writelines(line + "\n" for line in lines)
            positions += len(lines)
            if done % 50 == 0 or done == len(tasks):
                rate = done / (time.monotonic() - started)
                print(
                    f"\r{done}/{len(tasks)} games, {positions} positions, {rate:.1f} games/s",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    partial.replace(out)
    print(file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
