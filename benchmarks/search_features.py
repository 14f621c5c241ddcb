"""The compiled core's search features (ProbCut, IID): nodes and time to a fixed depth, each.

    python benchmarks/search_features.py [--depth 15] [--features none probcut iid probcut,iid]

For each feature set and each position of benchmarks/search.py: the nodes and processor time to
complete the depth, a fresh engine each time, the features on as in a game (a time limit, here
one never reached). Node counts do not depend on the machine's load; the times do. Fewer nodes
to a depth is no proof of strength (a pruned line may be the one that mattered): the README's
matches decide. It imports the installed `checkers` package (or the one PYTHONPATH names).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from search import POSITIONS  # benchmarks/search.py

from checkers.ai import Limits
from checkers.ai.compiled.engine import (
    FEATURE_NAMES,
    CompiledEngine,
    warm_up,
)

NEVER = 1e6  # seconds: a time limit that turns the features on and never stops the search


def bits_of(names: str) -> int:
    """`probcut,iid` as feature bits; `none` is 0."""
    bits = 0
    for name in filter(None, names.split(",")):
        if name != "none":
            bits |= FEATURE_NAMES[name]
    return bits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=15)
    parser.add_argument("--features", nargs="+", default=["none", "probcut", "iid", "probcut,iid"])
    args = parser.parse_args()
    for names in args.features:
        if any(name not in FEATURE_NAMES and name != "none" for name in names.split(",")):
            print(f"search_features: no feature set {names!r}", file=sys.stderr)
            return 2
    warm_up()
    print(f"depth {args.depth}, load average {os.getloadavg()[0]:.2f}")
    print(f"{'features':<12} " + " ".join(f"{name:>18}" for name in POSITIONS) + "   all nodes")
    for names in args.features:
        cells, total = [], 0
        for position in POSITIONS.values():
            engine = CompiledEngine()
            engine.features = bits_of(names)
            began = time.process_time()
            result = engine.search(position, Limits(depth=args.depth, time=NEVER))
            spent = time.process_time() - began
            total += result.nodes
            cells.append(f"{result.nodes:>10} {spent:>6.2f}s")
        print(f"{names:<12} " + " ".join(cells) + f" {total:>11}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
