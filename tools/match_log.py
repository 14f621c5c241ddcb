"""Keep an engine's own scores through a match, then say where its points went.

    # 1. play the match with the engine to study wrapped (one game at a time, its games kept):
    checkers match --first-engine ".venv/bin/python tools/match_log.py wrap DIR -- ENGINE ..." \\
        --second-engine ... --jobs 1 --pdn games.pdn
    # 2. each game the wrapped engine did not win, with its own scores:
    .venv/bin/python tools/match_log.py report DIR games.pdn [--all] [--player second]

`wrap` passes every line between the match and the engine unchanged and writes them to a file
of its own in DIR (`> ` what the engine was sent, `< ` what it answered), one file a game (the
match starts the engine afresh for each game). `report` pairs the files, in the order they were
started, with the PDN's games (so the match must play one game at a time), and gives for each
game the wrapped engine's best and worst score by its own last depth (moves searched at least 4
plies deep: a single legal move is answered at depth 1), where they were, and how many of its
searches stopped at depth 2 to 5 (a search starved of processor time, or slowed). A game the engine
drew or lost is put as `ahead` (its score reached +0.50), `behind` (it fell to -0.50) or `level`.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

SEARCHED = 4  # a move searched at least this deep counts in the scores
SHALLOW = 5  # a search that stopped at depth 2 to this (a single legal move answers at 1)
MARGIN = 50  # hundredths of a man: `ahead` or `behind` once the score passes it


def wrap(directory: Path, command: list[str]) -> int:
    """Run `command`, passing stdin and stdout through and writing both to a new file."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{time.time():.6f}-{os.getpid()}.log"
    engine = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert engine.stdin is not None and engine.stdout is not None
    with open(path, "w", encoding="utf-8", buffering=1) as log:
        lock = threading.Lock()

        def answers() -> None:
            assert engine.stdout is not None
            for line in engine.stdout:
                sys.stdout.write(line)
                sys.stdout.flush()
                with lock:
                    log.write("< " + line)

        reader = threading.Thread(target=answers, daemon=True)
        reader.start()
        try:
            for line in sys.stdin:
                with lock:
                    log.write("> " + line)
                engine.stdin.write(line)
                engine.stdin.flush()
            engine.stdin.close()
        except (BrokenPipeError, OSError):
            pass  # the engine has gone: its status says how
        status = engine.wait()
        reader.join(timeout=5)
    return status


@dataclass
class Game:
    """One game of the match as the wrapped engine saw it."""

    number: int
    outcome: str  # win, draw or loss for the wrapped engine
    opening: str
    termination: str
    scores: list[tuple[int, int]] = field(default_factory=list)  # (plies played, score)
    shallow: int = 0

    @property
    def kind(self) -> str:
        """`ahead`, `behind` or `level` by the engine's own scores."""
        if any(score >= MARGIN for _, score in self.scores):
            return "ahead"
        if any(score <= -MARGIN for _, score in self.scores):
            return "behind"
        return "level"


_TAGS = re.compile(r'\[(\w+) "([^"]*)"\]')


def pdn_games(text: str) -> list[dict[str, str]]:
    """Each game's tags, in order."""
    games: list[dict[str, str]] = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(_TAGS.findall(block))
        if tags:
            games.append(tags)
    return games


def read_log(path: Path) -> tuple[list[tuple[int, int]], int]:
    """The (plies played, score) of each move searched deep enough, and how many searches
    stopped shallow."""
    scores: list[tuple[int, int]] = []
    shallow = 0
    plies = depth = 0
    score: int | None = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        words = line.split()
        if line.startswith("> position"):
            plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif line.startswith("< info depth") and "score" in words:
            depth = int(words[words.index("depth") + 1])
            score = int(words[words.index("score") + 1])
        elif line.startswith("< bestmove"):
            if score is not None and depth >= SEARCHED:
                scores.append((plies, score))
            if score is not None and 2 <= depth <= SHALLOW:
                shallow += 1
            depth = 0
            score = None
    return scores, shallow


def games_of(directory: Path, pdn: Path, player: str) -> list[Game]:
    """The match's games paired with the wrapped engine's files."""
    logs = sorted(directory.glob("*.log"), key=lambda path: float(path.name.split("-")[0]))
    tagged = pdn_games(pdn.read_text(encoding="utf-8"))
    if len(logs) < len(tagged):
        raise ValueError(f"{pdn} holds {len(tagged)} game(s), {directory} {len(logs)} file(s)")
    found = []
    for number, (tags, log) in enumerate(zip(tagged, logs, strict=False), start=1):
        black = tags.get("Black", "").startswith(player)
        result = tags.get("Result", "*")
        won = "1-0" if black else "0-1"
        outcome = "win" if result == won else "draw" if result == "1/2-1/2" else "loss"
        if result == "*":
            outcome = "unfinished"
        scores, shallow = read_log(log)
        found.append(Game(number, outcome, tags.get("Opening", "?"), tags.get("Termination", "?")))
        found[-1].scores, found[-1].shallow = scores, shallow
    return found


def report(games: list[Game], every: bool) -> list[str]:
    """The report's lines: a line a game (those not won unless `every`), then the counts."""
    lines = []
    for game in games:
        if game.outcome == "win" and not every:
            continue
        if game.scores:
            best = max(game.scores, key=lambda item: item[1])
            worst = min(game.scores, key=lambda item: item[1])
            seen = (
                f"best {best[1]:+d} after ply {best[0]}, worst {worst[1]:+d} after ply {worst[0]}"
            )
        else:
            seen = "no move searched"
        lines.append(
            f"game {game.number}: {game.outcome}, {game.kind}; {seen}; "
            f"{game.shallow} shallow; {game.opening}; {game.termination}"
        )
    counts = {kind: 0 for kind in ("win", "draw", "loss", "unfinished")}
    for game in games:
        counts[game.outcome] += 1
    kinds = {kind: 0 for kind in ("ahead", "behind", "level")}
    for game in games:
        if game.outcome in ("draw", "loss"):
            kinds[game.kind] += 1
    shallow = sum(game.shallow for game in games)
    lines.append(
        f"{len(games)} games: " + ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
    )
    lines.append(
        "not won: "
        + ", ".join(f"{n} {kind}" for kind, n in kinds.items())
        + f" (by its own score, +/-{MARGIN / 100:.2f}); {shallow} shallow searches"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["wrap"]:
        if len(arguments) < 4 or arguments[2] != "--":
            print("match_log: use: match_log.py wrap DIR -- ENGINE ...", file=sys.stderr)
            return 2
        return wrap(Path(arguments[1]), arguments[3:])
    parser = argparse.ArgumentParser(prog="match_log.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("wrap", help="DIR -- ENGINE ...: run ENGINE, writing its lines to DIR")
    told = commands.add_parser("report", help="each game not won, with the engine's scores")
    told.add_argument("directory", type=Path)
    told.add_argument("pdn", type=Path)
    told.add_argument("--all", action="store_true", help="every game, won ones too")
    told.add_argument("--player", choices=("first", "second"), default="first")
    options = parser.parse_args(arguments)
    try:
        games = games_of(options.directory, options.pdn, options.player)
    except (OSError, ValueError) as error:
        print(f"match_log: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(games, options.all)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
