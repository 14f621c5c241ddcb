"""Why? speed: how long after the AI's move the exact answers (and the ideas) are ready.

    python benchmarks/why.py [--level club] [--every 4]

Plays through benchmarks/data/review-game.pdn; at every `--every`-th position the level's AI
chooses its move as in the desktop game (its engine kept from move to move), then the timed part
runs as the AI process runs it after sending the move: `exact_explanation` scores the played
move and the best others exactly at the depth the AI reached (1.5 s at most) and finds the ideas
of every scored line. Reports each position's seconds and the median and the largest. Target
(issue 27): every answer within 2 s after the AI's move on 2 cores. The machine is shared: the
load average is shown before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkers.ai.compiled import wait_until_ready
from checkers.ai.levels import get_level
from checkers.ai.players import AIPlayer
from checkers.ai.registry import man_value
from checkers.ai.search import SearchRequest
from checkers.coach.exact import exact_explanation
from checkers.coach.explain import explain_choice
from checkers.formats.pdn import read_file

GAME = Path(__file__).resolve().parent / "data" / "review-game.pdn"


def main() -> None:
    """Time the exact answers over the game's positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="club")
    parser.add_argument("--every", type=int, default=4)
    args = parser.parse_args()
    wait_until_ready(60)
    level = get_level(args.level)
    game = read_file(GAME)[0]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    position = game.start
    history = [position]
    times: list[float] = []
    player = AIPlayer.for_level(level)
    player.book = False  # a book move has no search to make exact
    for ply, move in enumerate(game.moves):
        if ply % args.every == 0 and len(position.legal_moves()) > 1:
            request = SearchRequest(position, tuple(history))
            choice = player.choose(request)
            explanation = explain_choice(position, choice)
            assert explanation is not None
            began = time.perf_counter()
            why = exact_explanation(
                request,
                explanation,
                analyser=player.analyser,
                evaluation=player.evaluation,
                units_per_man=man_value(player.evaluation),
            )
            seconds = time.perf_counter() - began
            times.append(seconds)
            exact = sum(1 for scored in why.moves if scored.bound == "exact")
            ideas = sum(len(scored.ideas) for scored in why.moves)
            print(
                f"ply {ply:3}  {seconds:5.2f} s  depth {why.exact_depth:2}  "
                f"{exact} exact of {len(why.moves)}  {ideas} ideas"
            )
        position = position.move(move)
        history.append(position)
    print(
        f"{len(times)} answers: median {statistics.median(times):.2f} s, "
        f"largest {max(times):.2f} s (target: 2 s)"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
