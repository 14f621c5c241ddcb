"""`checkers tree` and `checkers treeview`: a search tree as text, JSON or DOT, or in the window.

`add_tree_commands(subparsers)` adds both to the `checkers` parser; cli.py calls it. pygame is
imported only when `treeview` runs: it opens the App with the tree view as its one screen.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from checkers.ai.registry import EVALUATIONS
from checkers.ai.tracking import (
    TRACKED_ALGORITHMS,
    MinimaxCount,
    minimax_node_count,
    tracked_search,
)
from checkers.board import InvalidFenError, Position, turn_problem
from checkers.formats.tree_export import EXPORT_FORMATS
from checkers.options import positive_int, read_whole_number, shown

__all__ = ["DEFAULT_NODE_CAP", "TREE_DEPTHS", "add_tree_commands", "cmd_tree", "cmd_treeview"]

TREE_DEPTHS = range(1, 7)
"""Depths a user may ask a tree for: deeper trees are too big to read or to draw."""
DEFAULT_NODE_CAP = 20000


def _depth(text: str) -> int:
    try:
        return read_whole_number(text, TREE_DEPTHS[0], TREE_DEPTHS[-1])
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{error}; a tree's depth is {TREE_DEPTHS[0]} to {TREE_DEPTHS[-1]}"
        ) from None


def _position(text: str) -> Position:
    # A type check, so argparse reports a bad FEN through the parser as every other usage error.
    try:
        position = Position.from_fen(text)
    except InvalidFenError as error:
        raise argparse.ArgumentTypeError(f"invalid FEN {shown(text)}: {error}") from None
    problem = turn_problem(position)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"FEN {shown(text)}: {problem}")
    return position


def _minimax_count(args: argparse.Namespace, position: Position, nodes: int) -> MinimaxCount:
    if args.algorithm == "minimax":
        return MinimaxCount(nodes)
    return minimax_node_count(position, args.depth, evaluation=args.evaluation)


def cmd_tree(args: argparse.Namespace, out: TextIO) -> int:
    """Print the tree the search explored, in the chosen format."""
    position = args.fen
    tree = tracked_search(
        position, args.depth, args.algorithm, args.evaluation, node_cap=args.node_cap
    )
    out.write(EXPORT_FORMATS[args.format](tree, _minimax_count(args, position, tree.nodes)))
    return 0


def cmd_treeview(args: argparse.Namespace, out: TextIO) -> int:
    """Open the tree view as the window's one screen (`checkers.gui.window_cli`, the command
    line's one way into the window); without a display, one line and status 3."""
    from checkers.gui.window_cli import open_tree_view

    return open_tree_view(args, out)


def _search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "fen",
        nargs="?",
        type=_position,
        default=Position(),
        help="PDN FEN (default: the initial position)",
    )
    parser.add_argument(
        "--depth", type=_depth, default=4, help="plies to search, 1 to 6 (default: 4)"
    )
    parser.add_argument(
        "--algorithm",
        choices=sorted(TRACKED_ALGORITHMS),
        default="alphabeta",
        help="the search to show (default: alphabeta)",
    )
    parser.add_argument(
        "--evaluation",
        choices=sorted(EVALUATIONS),
        default="seed",
        help="how leaves are scored (default: seed)",
    )
    parser.add_argument(
        "--node-cap",
        type=positive_int,
        default=DEFAULT_NODE_CAP,
        help="record at most this many visited nodes; the search itself still "
        f"runs to the end (default: {DEFAULT_NODE_CAP})",
    )


def add_tree_commands(subparsers: Any) -> None:
    """Add `tree` and `treeview` to the `checkers` subcommands."""
    tree = subparsers.add_parser("tree", help="the search tree behind a move: text, JSON or DOT")
    _search_options(tree)
    tree.add_argument(
        "--format",
        choices=sorted(EXPORT_FORMATS),
        default="text",
        help="text (indented), json (docs/tree.schema.json) or dot (Graphviz)",
    )
    tree.set_defaults(handler=cmd_tree)

    view = subparsers.add_parser("treeview", help="show the search tree in a window")
    _search_options(view)
    view.set_defaults(handler=cmd_treeview)
