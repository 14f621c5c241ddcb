"""The match runner: two players play a series of games from the ACF three-move ballots.

Pure Python, no pygame. A player is one of our AIs or an external engine speaking the
`checkers engine` protocol (checkers.engine_player). Each ballot is played twice with colours
swapped, so neither player profits from a lopsided opening; games run in worker processes, end
by the rules, by an engine's failure (a loss for it) or at a generous ply cap (unfinished, not
scored) and are written to one PDN file. `checkers match` is the command; the score, Elo, LOS
and SPRT arithmetic are plain functions so they can be checked on their own.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import shlex
import shutil
import signal
import sys
import time
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from datetime import date
from importlib import resources
from typing import Any, TextIO

from checkers import atomic
from checkers.ai import players
from checkers.ai.registry import ALGORITHMS, EVALUATIONS
from checkers.ai.search import Limits
from checkers.board import BLACK, Move, Position
from checkers.engine_player import DEFAULT_GRACE, EngineFailure, EnginePlayer, end_all_engines
from checkers.formats.pdn import PdnGame, write_game
from checkers.options import job_count, positive_int, search_depth
from checkers.options import seconds as positive_seconds
from checkers.perft import default_jobs
from checkers.record import GameRecord
from checkers.workers import end_workers, process_pool, when_orphaned

__all__ = [
    "DECKS",
    "DEFAULT_MAX_PLIES",
    "Ballot",
    "EloEstimate",
    "GameResult",
    "GameTask",
    "Player",
    "Sprt",
    "Tally",
    "add_match_command",
    "cmd_match",
    "elo_difference",
    "elo_estimate",
    "expected_score",
    "format_elo",
    "game_to_pdn",
    "likelihood_of_superiority",
    "load_ballots",
    "play_game",
    "run_games",
    "schedule",
    "select_ballots",
]

DEFAULT_MAX_PLIES = 1000
"""A safety net only: engine games end by the rules in a few hundred plies at most."""

BALLOTS_FILE = "ballots-3move.txt"

DECKS = {
    "crossboard": "the 144 ballots of the over-the-board deck",
    "unbarred": "all 156 ballots that are not barred (crossboard and mail play)",
    "ctd": "the 50 ballots of the computer tough deck",
    "all": "all 174 ballots, the barred ones included",
}


# --- openings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ballot:
    """One ACF three-move opening: its number, its three plies, its deck and its name."""

    number: int
    moves: tuple[str, ...]
    deck: str
    tough: bool = False
    name: str = ""

    def label(self) -> str:
        """`ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)`."""
        name = f" ({self.name})" if self.name else ""
        return f"ACF {self.number}: {' '.join(self.moves)}{name}"


def load_ballots(text: str | None = None) -> list[Ballot]:
    """The ballots of checkers/data/ballots-3move.txt (or of `text` in its format), in ACF order.

    Each line is `ACF | MOVES | DECK [ctd] | NAME`; `#` starts a comment line. Every ballot is
    replayed, so a line with an illegal move raises ValueError naming the line.
    """
    if text is None:
        text = resources.files("checkers").joinpath("data", BALLOTS_FILE).read_text("utf-8")
    ballots = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            ballots.append(_read_ballot(line))
        except ValueError as error:
            raise ValueError(f"{BALLOTS_FILE}, line {number}: {error}") from None
    return ballots


def _read_ballot(line: str) -> Ballot:
    fields = [part.strip() for part in line.split("|")]
    if len(fields) != 4:
        raise ValueError("expected `ACF | MOVES | DECK [ctd] | NAME`")
    acf, moves_text, deck_text, name = fields
    if not acf.isdigit():
        raise ValueError(f"ACF number {acf!r} is not a number")
    deck, *marks = deck_text.split()
    if deck not in ("crossboard", "mailplay", "barred") or marks not in ([], ["ctd"]):
        raise ValueError(f"unknown deck {deck_text!r}")
    moves = tuple(moves_text.split())
    position = Position()
    for move in moves:
        position = position.move(Move.from_pdn(move, position))  # raises for an illegal move
    return Ballot(int(acf), moves, deck, bool(marks), name)


def select_ballots(ballots: Iterable[Ballot], deck: str) -> list[Ballot]:
    """The ballots of one of the DECKS."""
    if deck == "crossboard":
        return [b for b in ballots if b.deck == "crossboard"]
    if deck == "unbarred":
        return [b for b in ballots if b.deck != "barred"]
    if deck == "ctd":
        return [b for b in ballots if b.tough]
    if deck == "all":
        return list(ballots)
    raise ValueError(f"unknown deck {deck!r}; choose one of: {', '.join(DECKS)}")


# --- players and games ------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """One side of the match: who it is and how it searches each move.

    With an `engine` command line the side is that external engine (see
    checkers.engine_player), started afresh for each game; `algorithm` and `evaluation` are
    then unused, and `grace` is how long past its time per move it may stay silent.
    """

    name: str
    algorithm: str
    evaluation: str
    depth: int | None = None
    time: float | None = None
    engine: str = ""
    grace: float = DEFAULT_GRACE

    def limits(self) -> Limits:
        """The search limits of every move."""
        return Limits(depth=self.depth, time=self.time)

    def ai(self) -> players.AIPlayer:
        """Its player for one game (an external engine is started on its first move)."""
        if self.engine:
            return EnginePlayer(self.engine, self.limits(), name=self.name, grace=self.grace)
        return players.AIPlayer(self.limits(), self.algorithm, self.evaluation)

    def describe(self) -> str:
        """`alphabeta/seed depth 5, 0.5 s/move`, or `external CMD, 0.3 s/move`."""
        limits = ([f"depth {self.depth}"] if self.depth is not None else []) + (
            [f"{self.time:g} s/move"] if self.time is not None else []
        )
        who = f"external {self.engine}," if self.engine else f"{self.algorithm}/{self.evaluation}"
        return f"{who} {', '.join(limits)}"


@dataclass(frozen=True)
class GameTask:
    """One game of the series: its number, opening, who has Black, and the ply limit."""

    round: int
    ballot: Ballot
    first_is_black: bool
    first: Player
    second: Player
    max_plies: int = DEFAULT_MAX_PLIES

    @property
    def black(self) -> Player:
        """The player moving first."""
        return self.first if self.first_is_black else self.second

    @property
    def white(self) -> Player:
        """The player moving second."""
        return self.second if self.first_is_black else self.first


@dataclass(frozen=True)
class GameResult:
    """A finished game: its moves (as paths), PDN result and why it ended.

    `hit_ply_limit`: stopped at the ply cap, unfinished (`*`), scored for nobody.
    `failed`: the first or second player's external engine lost it by crashing, hanging or
    moving illegally ("" if no engine failed).
    """

    task: GameTask
    paths: tuple[tuple[int, ...], ...]
    result: str
    reason: str
    hit_ply_limit: bool = False
    failed: str = ""

    @property
    def first_points(self) -> float | None:
        """The first player's points: 1 a win, 0.5 a draw, 0 a loss; None if unfinished."""
        if self.result == "*":
            return None
        if self.result == "1/2-1/2":
            return 0.5
        black_won = self.result == "1-0"
        return 1.0 if black_won == self.task.first_is_black else 0.0

    def moves(self) -> list[Move]:
        """The moves played, the ballot's included."""
        return [Move(path) for path in self.paths]


def schedule(
    ballots: Sequence[Ballot],
    first: Player,
    second: Player,
    games: int | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
) -> list[GameTask]:
    """Each ballot twice, first player with Black then with White, cut to `games` games."""
    tasks = [
        GameTask(2 * index + swap + 1, ballot, swap == 0, first, second, max_plies)
        for index, ballot in enumerate(ballots)
        for swap in (0, 1)
    ]
    return tasks if games is None else tasks[:games]


def play_game(task: GameTask) -> GameResult:
    """Play one game to its end by the rules, to the ply limit (unfinished), or until an
    external engine fails (a loss for it, with the reason)."""
    record = GameRecord()
    for text in task.ballot.moves:
        record.play(Move.from_pdn(text, record.position))
    # Each side keeps its AI for the whole game (the engine its table), as in a real match.
    black, white = task.black.ai(), task.white.ai()
    try:
        end = players.play_game(record, black, white, max_plies=task.max_plies)
    except EngineFailure as failure:
        loser = record.position.turn  # only the side to move is ever asked for anything
        failed = task.black if loser is BLACK else task.white
        result = "0-1" if loser is BLACK else "1-0"
        reason = f"{loser.opponent.name.capitalize()} wins: {failure}"
        paths = tuple(move.path for move in record.moves)
        return GameResult(task, paths, result, reason, failed=failed.name)
    finally:
        for player in (black, white):
            if isinstance(player, EnginePlayer):
                player.close()
    paths = tuple(move.path for move in record.moves)
    if end.outcome is None:
        return GameResult(task, paths, "*", f"unfinished: {end.reason}, not scored", True)
    return GameResult(task, paths, end.result(), end.reason)


def run_games(tasks: Sequence[GameTask], jobs: int) -> Generator[GameResult, None, None]:
    """Play the games, `jobs` at a time in worker processes; results come as games finish.
    Closed early (an SPRT decision, Ctrl-C, a signal), it ends the games under way, each
    worker killing its external engines first."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_game(task)
        return
    pool = process_pool(min(jobs, len(tasks)), initializer=_worker_start)
    finished = False
    try:
        futures = [pool.submit(play_game, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()
        finished = True
    finally:
        if not finished:
            end_workers(pool)  # a game under way could last as long as its whole series
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_start() -> None:
    """A game worker's start: its external engines end with it, however it is ended."""
    # Ctrl-C in a terminal reaches the whole job: the match process is the one to handle it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _ENDING_SIGNALS:
        signal.signal(signum, _end_worker)
    when_orphaned(end_all_engines)  # the match was killed outright (SIGKILL, out of memory)


def _end_worker(signum: int, frame: object) -> None:
    end_all_engines()
    os._exit(128 + signum)  # at once: the match has dropped this worker's game


# SIGTERM (kill, a system's shutdown) and SIGHUP (the terminal closed) end the match as Ctrl-C
# does; SIGHUP does not exist on Windows.
_ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class _Ended(BaseException):
    """The match was ended by a signal: unwinds it as Ctrl-C does, then exits 128 + signum."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _ending(signum: int, frame: object) -> None:
    # The engines of games played in this process die first, without a polite `quit` that a
    # hung engine would not hear; then the match unwinds, ending its workers and theirs.
    end_all_engines()
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise _Ended(signum)


@contextlib.contextmanager
def _signals_end_the_match() -> Iterator[None]:
    """While inside, Ctrl-C, SIGTERM and SIGHUP kill the external engines and unwind the match
    (where this thread may set handlers at all: only the main thread can)."""
    previous = {}
    try:
        for signum in (signal.SIGINT, *_ENDING_SIGNALS):
            previous[signum] = signal.signal(signum, _ending)
    except ValueError:  # not the main thread: the signals stay as they are
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def game_to_pdn(result: GameResult, event: str, played_on: date) -> PdnGame:
    """The game as PDN, with Event, Date, Round, players, the opening and how it ended."""
    task = result.task
    tags = {
        "Event": event,
        "Date": played_on.strftime("%Y.%m.%d"),
        "Round": str(task.round),
        "Black": f"{task.black.name}: {task.black.describe()}",
        "White": f"{task.white.name}: {task.white.describe()}",
        "Opening": task.ballot.label(),
        "Termination": result.reason,
    }
    return PdnGame(tags, Position(), result.moves(), result.result)


# --- score and Elo ----------------------------------------------------------------------------


@dataclass
class Tally:
    """The series so far, from the first player's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0  # games cut at the ply cap: `*`, in no other count and no statistic
    first_failures: int = 0  # games the first player's engine lost by failing (in `losses`)
    second_failures: int = 0  # the same for the second player's (in `wins`)

    def add(self, result: GameResult) -> None:
        """Count one game."""
        points = result.first_points
        if points is None:
            self.unfinished += 1
        elif points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        if result.failed:
            if result.failed == result.task.first.name:
                self.first_failures += 1
            else:
                self.second_failures += 1

    @property
    def games(self) -> int:
        """Games scored: won, drawn or lost (unfinished ones are not)."""
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """The first player's points: a win is 1, a draw 1/2."""
        return self.wins + self.draws / 2

    @property
    def score(self) -> float:
        """The first player's share of the points, 0 to 1 (0.5 before any game)."""
        return self.points / self.games if self.games else 0.5

    def line(self) -> str:
        """`first 7.5-4.5 second (62.5%)`."""
        return (
            f"first {self.points:g}-{self.games - self.points:g} second ({100 * self.score:.1f}%)"
        )


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% confidence interval; infinities where the data allow."""

    difference: float
    lower: float
    upper: float

    @property
    def margin(self) -> float:
        """Half the interval's width: the `±` figure."""
        return (self.upper - self.lower) / 2


def elo_difference(score: float) -> float:
    """The rating difference at which the logistic Elo model expects this score (0 to 1).

    The model expects a player rated D points above its opponent to score 1 / (1 + 10^(-D/400))
    per game; solving for D gives D = -400 log10(1/score - 1): +inf at 1, -inf at 0.
    """
    if not 0 <= score <= 1:
        raise ValueError(f"a score is between 0 and 1, got {score}")
    if score == 1:
        return math.inf
    if score == 0:
        return -math.inf
    return -400 * math.log10(1 / score - 1)


_Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution


def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference the results show, with its 95% interval.

    The score s is the mean of the games' points (1, 1/2, 0). Its standard error is
    sigma / sqrt(n), sigma being the standard deviation of the points over the n games
    (wins, draws and losses weighted by how often they happened). The interval
    s +/- 1.96 sigma / sqrt(n), clipped to [0, 1], is mapped through `elo_difference`, which
    is increasing, so its ends are the Elo interval's ends (cutechess-cli's margin is half its
    width). At a 100% score the estimate is +inf and sigma is 0, which says nothing, so the lower
    end comes from an exact bound instead: a player whose expected score per game is p wins a
    game with probability at most p, so it sweeps n games with probability at most p^n; a sweep
    is below 5% likely unless p >= 0.05^(1/n), so the difference is at least
    elo_difference(0.05^(1/n)). A 0% score is the mirror image. The normal approximation is
    rough for short series; the interval then is only a guide.
    """
    games = wins + draws + losses
    if games == 0 or min(wins, draws, losses) < 0:
        raise ValueError("an Elo estimate needs at least one game and no negative counts")
    score = (wins + draws / 2) / games
    if score in (0.0, 1.0):
        bound = elo_difference(0.05 ** (1 / games))
        return (
            EloEstimate(math.inf, bound, math.inf)
            if score == 1.0
            else EloEstimate(-math.inf, -math.inf, -bound)
        )
    variance = (
        wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * (0 - score) ** 2
    ) / games
    half_width = _Z95 * math.sqrt(variance / games)
    low, high = max(0.0, score - half_width), min(1.0, score + half_width)
    return EloEstimate(elo_difference(score), elo_difference(low), elo_difference(high))


def _signed(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"  # an int, so a difference near zero never prints as -0


def format_elo(estimate: EloEstimate) -> str:
    """`+147 ± 269 (95%: -33 to +504)`, or for a sweep `+inf (95%: at least +183)`."""
    if math.isinf(estimate.difference):
        if estimate.difference > 0:
            return f"+inf (95%: at least {_signed(estimate.lower)})"
        return f"-inf (95%: at most {_signed(estimate.upper)})"
    margin = "inf" if math.isinf(estimate.margin) else f"{estimate.margin:.0f}"
    return (
        f"{_signed(estimate.difference)} ± {margin} "
        f"(95%: {_signed(estimate.lower)} to {_signed(estimate.upper)})"
    )


def likelihood_of_superiority(wins: int, losses: int) -> float:
    """The chance, 0 to 1, that the first player is the stronger (LOS), from its wins and losses.

    Draws say nothing about which side is stronger. Given W + L decisive games, the wins are
    binomial with p = 1/2 if the players are equal; in the normal approximation
    LOS = Phi((W - L) / sqrt(W + L)) = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2, as
    cutechess-cli and fishtest report it. 0.5 when no game was decisive.
    """
    if wins < 0 or losses < 0:
        raise ValueError("LOS needs counts of 0 or more")
    if wins + losses == 0:
        return 0.5
    return (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses)))) / 2


def expected_score(elo: float) -> float:
    """The score per game the logistic Elo model expects at a difference of `elo`."""
    return 1 / (1 + 10 ** (-elo / 400))


SPRT_ALPHA = SPRT_BETA = 0.05


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1.

    The model is the generalized SPRT (GSPRT) normal approximation on trinomial results
    (win/draw/loss) with logistic Elo bounds, as fishtest computed it before pentanomial
    statistics and fast-chess computes it for win/draw/loss counts: with n games, mean score s,
    per-game score variance v, and s0, s1 the scores the logistic model expects at elo0 and
    elo1, LLR = n (s1 - s0) (2 s - s0 - s1) / (2 v). The test stops at
    LLR >= ln((1 - beta) / alpha) (H1 accepted) or LLR <= ln(beta / (1 - alpha)) (H0 accepted),
    alpha = beta = 0.05. The LLR is 0 until there is at least one win, one draw and one loss
    (as in early fast-chess): before that v is not estimated (one win would accept H1), so a
    sweep never decides; its Elo interval says enough.
    """

    elo0: float
    elo1: float
    alpha: float = SPRT_ALPHA
    beta: float = SPRT_BETA

    @property
    def lower(self) -> float:
        """At or below this LLR, H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """At or above this LLR, H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, draws: int, losses: int) -> float:
        """The log-likelihood ratio of H1 against H0 after these results."""
        if min(wins, draws, losses) < 1:
            return 0.0
        games = wins + draws + losses
        score = (wins + draws / 2) / games
        variance = (
            wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2
        ) / games
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return games * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)

    def decision(self, llr: float) -> str | None:
        """`H1` or `H0` once a bound is crossed, else None."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def describe(self) -> str:
        """`SPRT elo0=0 elo1=10 (alpha=beta=0.05, bounds -2.94 to 2.94)`."""
        return (
            f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} (alpha={self.alpha:g}, "
            f"beta={self.beta:g}, bounds {self.lower:.2f} to {self.upper:.2f})"
        )


# --- progress ---------------------------------------------------------------------------------


class _Progress:
    """Games done, score and ETA on stderr: one redrawn bar on a terminal, else a line a game."""

    BAR = 24

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self.began = time.monotonic()
        isatty = getattr(stream, "isatty", None)
        self.is_terminal = bool(isatty and isatty())

    def update(self, done: int, tally: Tally, result: GameResult) -> None:
        """Report one more finished game."""
        elapsed = time.monotonic() - self.began
        eta = _clock(elapsed / done * (self.total - done)) if done < self.total else "0:00"
        if self.is_terminal:
            filled = self.BAR * done // self.total
            bar = "#" * filled + "." * (self.BAR - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total}  {tally.line()}  ETA {eta}\x1b[K")
        else:
            task = result.task
            colour = "Black" if task.first_is_black else "White"
            self.stream.write(
                f"game {task.round} ({task.ballot.label()}, first as {colour}): "
                f"{result.result} {result.reason} | {done}/{self.total} "
                f"{tally.line()} ETA {eta}\n"
            )
        self.stream.flush()

    def finish(self) -> None:
        """End the bar's line."""
        if self.is_terminal:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# --- the command ------------------------------------------------------------------------------


def _algorithm(text: str) -> str:
    if text not in ALGORITHMS:
        raise argparse.ArgumentTypeError(
            f"unknown algorithm {text!r}; choose one of: {', '.join(sorted(ALGORITHMS))}"
        )
    return text


def _evaluation(text: str) -> str:
    if text not in EVALUATIONS:
        raise argparse.ArgumentTypeError(
            f"unknown evaluation {text!r}; choose one of: {', '.join(sorted(EVALUATIONS))}"
        )
    return text


def _engine_command(text: str) -> str:
    """A shell-style engine command line whose program can be found and run."""
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"engine command {text!r}: {error}") from None
    if not argv:
        raise argparse.ArgumentTypeError("the engine command is empty")
    program = argv[0]
    found = (
        os.path.isfile(program) and os.access(program, os.X_OK)
        if os.sep in program or (os.altsep and os.altsep in program)
        else shutil.which(program) is not None
    )
    if not found:
        raise argparse.ArgumentTypeError(f"engine command {text!r}: cannot run {program!r}")
    return text


def _sprt(text: str) -> Sprt:
    parts = text.split(",")
    try:
        elo0, elo1 = (float(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two Elo figures ELO0,ELO1 (e.g. 0,10)"
        ) from None
    if not (-1000 < elo0 < elo1 < 1000):
        raise argparse.ArgumentTypeError(
            f"{text!r}: need -1000 < ELO0 < ELO1 < 1000 (H0 the smaller difference)"
        )
    return Sprt(elo0, elo1)


_DEFAULT_ALGORITHMS = {"first": "engine", "second": "alphabeta"}


def _player(args: argparse.Namespace, name: str) -> Player:
    engine = getattr(args, f"{name}_engine")
    algorithm, evaluation = getattr(args, f"{name}_algorithm"), getattr(args, f"{name}_eval")
    depth, seconds = getattr(args, f"{name}_depth"), getattr(args, f"{name}_time")
    if seconds is None:
        seconds = args.time
    if depth is None and seconds is None:
        depth = 6
    if engine:
        if algorithm is not None or evaluation is not None:
            args.usage_error(
                f"--{name}-engine plays its own search: drop --{name}-algorithm and --{name}-eval"
            )
        if depth is not None and seconds is not None:
            args.usage_error(f"--{name}-engine takes a depth or a time per move, not both")
        return Player(name, "engine", "engine", depth, seconds, engine, args.engine_grace)
    algorithm = algorithm or _DEFAULT_ALGORITHMS[name]
    # An algorithm that brings its own evaluation (the engine) plays with it unless told not to.
    evaluation = evaluation or ALGORITHMS[algorithm].evaluation
    return Player(name, algorithm, evaluation, depth, seconds)


def add_match_command(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add `checkers match` to the command line's subparsers; returns its parser."""
    match: argparse.ArgumentParser = subparsers.add_parser(
        "match",
        help="play a series of games between two AIs or external engines from the ballots",
        description="Two players, 'first' and 'second', play each ballot twice with colours "
        "swapped (so there is no Black or White player, only first and second). Each is one "
        "of our algorithms or an external engine speaking the `checkers engine` protocol. "
        "Prints wins/draws/losses, the score, the Elo difference and LOS.",
    )
    for name in ("first", "second"):
        match.add_argument(
            f"--{name}-engine",
            type=_engine_command,
            metavar="CMD",
            help=f"the {name} player is this external engine: a shell-style command line "
            "(no shell), started for each game, e.g. 'checkers engine'",
        )
        match.add_argument(
            f"--{name}-algorithm",
            type=_algorithm,
            metavar="NAME",
            help=f"the {name} player's search (default: {_DEFAULT_ALGORITHMS[name]})",
        )
        match.add_argument(
            f"--{name}-eval",
            type=_evaluation,
            metavar="NAME",
            help="its evaluation (default: the algorithm's own if it has one, else seed)",
        )
        match.add_argument(
            f"--{name}-depth",
            type=search_depth,
            metavar="PLIES",
            help="its search depth per move (default: 6 if no time is given)",
        )
        match.add_argument(
            f"--{name}-time",
            type=positive_seconds,
            metavar="SECONDS",
            help="its search time per move (default: --time)",
        )
    match.add_argument(
        "--time",
        type=positive_seconds,
        metavar="SECONDS",
        help="both players' time per move, where --first-time/--second-time is not given",
    )
    match.add_argument(
        "--engine-grace",
        type=positive_seconds,
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help="how long past its time per move (or to start) an external engine may stay "
        "silent before it loses the game as hung (default: %(default)g)",
    )
    match.add_argument(
        "--sprt",
        type=_sprt,
        metavar="ELO0,ELO1",
        help="stop once a sequential probability ratio test (alpha = beta = 0.05) accepts "
        "H0: Elo = ELO0 or H1: Elo = ELO1 for first - second",
    )
    match.add_argument(
        "--openings",
        choices=sorted(DECKS),
        default="crossboard",
        help="which ballots to play (default: crossboard, the 144 of the over-the-board deck)",
    )
    match.add_argument(
        "--games",
        type=positive_int,
        metavar="N",
        help="stop after N games (default: every ballot twice)",
    )
    match.add_argument(
        "--jobs",
        type=job_count,
        default=default_jobs(),
        metavar="J",
        help="games played at once in worker processes (default: one per core)",
    )
    match.add_argument("--pdn", metavar="FILE", help="write every game to FILE (replaced)")
    match.add_argument("--event", default="checkers match", help="the PDN Event tag")
    match.add_argument(
        "--max-plies",
        type=positive_int,
        default=DEFAULT_MAX_PLIES,
        metavar="N",
        help="stop a game that reaches N plies as unfinished (`*`, not scored), a safety "
        f"net (default: {DEFAULT_MAX_PLIES})",
    )
    match.set_defaults(handler=cmd_match, usage_error=match.error)
    return match


def cmd_match(args: argparse.Namespace, out: TextIO, progress: TextIO | None = None) -> int:
    """Play the match, writing progress to stderr and the games to --pdn; print the result."""
    first, second = _player(args, "first"), _player(args, "second")
    ballots = select_ballots(load_ballots(), args.openings)
    tasks = schedule(ballots, first, second, args.games, args.max_plies)
    pdn_file = None
    pdn_problem = ""  # why the games stopped being written, if they did
    if args.pdn is not None:
        try:
            # A stream, not a whole-file write: each game is kept as it finishes (see
            # atomic.open_stream); a device, FIFO or folder is refused before any game.
            pdn_file = atomic.open_stream(args.pdn, "PDN file", fresh=True)
        except OSError as error:
            # The parser's own error: one line and exit status 2, as for a bad option.
            args.usage_error(f"cannot write {args.pdn}: {error.strerror or error}")
    sprt: Sprt | None = args.sprt
    jobs = min(args.jobs, len(tasks))
    print(f"first:  {first.describe()}", file=out)
    print(f"second: {second.describe()}", file=out)
    print(f"{len(tasks)} games from the {args.openings} ballots, {jobs} at a time", file=out)
    if sprt is not None:
        print(f"{sprt.describe()}: stops when a bound is crossed", file=out)
    out.flush()
    tally = Tally()
    display = _Progress(progress if progress is not None else sys.stderr, len(tasks))
    played_on = date.today()
    games = run_games(tasks, jobs)
    decision = None
    try:
        with _signals_end_the_match():
            for done, result in enumerate(games, start=1):
                tally.add(result)
                if pdn_file is not None:
                    try:
                        pdn_file.write(
                            ("\n" if done > 1 else "")
                            + write_game(game_to_pdn(result, args.event, played_on))
                        )
                        pdn_file.flush()  # an interrupted match keeps the games it finished
                    except OSError as error:  # a full disk: the match and its figures go on
                        pdn_problem = f"{args.pdn}: {error.strerror or error}, from game {done} on"
                        with contextlib.suppress(OSError):
                            pdn_file.close()
                        pdn_file = None
                display.update(done, tally, result)
                if sprt is not None:
                    decision = sprt.decision(sprt.llr(tally.wins, tally.draws, tally.losses))
                    if decision is not None:
                        break
    except _Ended as ended:
        return 128 + ended.signum  # as a shell reports a command a signal ended
    finally:
        games.close()  # games still being played are dropped, their engines with them
        display.finish()
        if pdn_file is not None:
            with contextlib.suppress(OSError):  # what could be written was flushed game by game
                pdn_file.close()
    _print_summary(tally, args.max_plies, out)
    if sprt is not None:
        llr = sprt.llr(tally.wins, tally.draws, tally.losses)
        verdict = {
            "H1": f"H1 accepted (first is {sprt.elo1:g} Elo better, rather than {sprt.elo0:g})",
            "H0": f"H0 accepted (first is {sprt.elo0:g} Elo better, rather than {sprt.elo1:g})",
            None: f"no decision after {tally.games} scored games",
        }[decision]
        print(
            f"SPRT: LLR {llr:.2f} (bounds {sprt.lower:.2f} to {sprt.upper:.2f}): {verdict}",
            file=out,
        )
    if pdn_problem:
        print(f"checkers: error: cannot write {pdn_problem}", file=sys.stderr)
        return 1
    if args.pdn is not None:
        print(f"games written to {args.pdn}", file=out)
    return 0


def _print_summary(tally: Tally, max_plies: int, out: TextIO) -> None:
    print(
        f"{tally.games} games scored: first won {tally.wins}, drew {tally.draws}, "
        f"lost {tally.losses}",
        file=out,
    )
    if tally.unfinished:
        print(
            f"{tally.unfinished} unfinished: stopped at the {max_plies}-ply cap, written as `*` "
            "and left out of the score, Elo, LOS and SPRT (not counted as draws)",
            file=out,
        )
    if tally.first_failures or tally.second_failures:
        print(
            f"engine failures (crash, hang or illegal move, each a lost game): "
            f"first {tally.first_failures}, second {tally.second_failures}",
            file=out,
        )
    print(f"score: {tally.line()}", file=out)
    if tally.games:
        estimate = elo_estimate(tally.wins, tally.draws, tally.losses)
        los = likelihood_of_superiority(tally.wins, tally.losses)
        print(
            f"Elo difference (first - second): {format_elo(estimate)}, LOS {100 * los:.1f}%",
            file=out,
        )
