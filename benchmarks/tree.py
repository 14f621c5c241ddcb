"""Search-tree view speed: laying out and drawing a depth-5 tree (median of runs).

    python benchmarks/tree.py [--runs 5]

The tree is the depth-5 alpha-beta search of a middlegame position that tests/test_treeview.py
uses (about 1,700 nodes and stubs), searched once outside the timing. Reports the time to lay it
out whole (all 5 plies shown) and to draw it at three zooms (0.05: the whole tree, 0.3, 1.0).
Targets: the layout within 1 s, each draw within 0.5 s (a frame the user would not notice
missing). Drawing uses SDL's dummy video driver, as the tests do. The machine is shared: the
load average is shown before and after.
It imports the installed `checkers` package (or the one PYTHONPATH names).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from checkers.ai.tracking import SearchTree, tracked_search
from checkers.board import Position
from checkers.gui.tree_view.layout import TreeLayout
from checkers.gui.tree_view.view import TreeView

MIDGAME = "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"
RECT = (0, 0, 1280, 800)
SCALES = (0.05, 0.3, 1.0)


def layout_seconds(tree: SearchTree) -> float:
    """Wall time to lay the whole tree out."""
    began = time.perf_counter()
    TreeLayout(tree, page_size=64).show_plies(5)
    return time.perf_counter() - began


def draw_seconds(tree: SearchTree, surface: pygame.Surface) -> list[float]:
    """Wall time of one full redraw at each of SCALES, in a new view."""
    view = TreeView(tree, RECT)
    view.layout.show_plies(5)
    times = []
    for scale in SCALES:
        view.camera.scale = scale
        view.dirty = True
        began = time.perf_counter()
        view.draw(surface)
        times.append(time.perf_counter() - began)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    pygame.init()
    tree = tracked_search(Position.from_fen(MIDGAME), 5)
    surface = pygame.Surface(RECT[2:])
    print(
        f"depth-5 tree: {tree.nodes} nodes, {tree.pruned} stubs; median of {args.runs} runs; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    layouts = [layout_seconds(tree) for _ in range(args.runs)]
    draws = [draw_seconds(tree, surface) for _ in range(args.runs)]
    print(f"layout, all 5 plies: {statistics.median(layouts) * 1000:.1f} ms")
    for index, scale in enumerate(SCALES):
        median = statistics.median(run[index] for run in draws)
        print(f"draw at zoom {scale}: {median * 1000:.1f} ms")
    print(f"load {os.getloadavg()[0]:.2f}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
