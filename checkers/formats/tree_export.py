"""Text, JSON and Graphviz DOT forms of a tracked search tree (with minimax's node count beside
it, counted by `checkers.ai.tracking.minimax_node_count`).

Pure: imports the rules core and the AI's tree only. `tree_text`, `tree_json` / `tree_json_text` and
`tree_dot` write a `SearchTree` from `tracking.tracked_search`; the JSON follows
docs/tree.schema.json. Scores are for the side to move at the root (MAX); a window bound that
is still open is written `-inf` / `+inf`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from checkers.ai.classic import ScoreReason
from checkers.ai.search import is_win_score, score_text
from checkers.ai.tracking import EventKind, MinimaxCount, SearchNode, SearchTree
from checkers.board import BLACK, Move
from checkers.notation import numbered_moves

__all__ = [
    "EXPORT_FORMATS",
    "SCHEMA_ID",
    "format_bound",
    "moves_to",
    "node_ids",
    "tree_dot",
    "tree_json",
    "tree_json_text",
    "tree_score",
    "tree_text",
]

SCHEMA_ID = "checkers-search-tree/1"
"""The `format` field of every JSON export; the number changes when the schema does."""

_REASON_KEYS = {
    ScoreReason.SEARCHED: "searched",
    ScoreReason.EVALUATION: "evaluation",
    ScoreReason.NO_MOVES: "no_moves",
    ScoreReason.REPETITION: "repetition",
    ScoreReason.FORTY_MOVE_RULE: "forty_move_rule",
}

# Leaves scored by the rules rather than the evaluation are worth pointing out in the text tree.
_REASON_NOTES = {
    ScoreReason.NO_MOVES: "no legal move",
    ScoreReason.REPETITION: "draw by repetition",
    ScoreReason.FORTY_MOVE_RULE: "draw by the 40-move rule",
}


# --- small text forms -------------------------------------------------------------------------


def format_bound(value: float | None) -> str:
    """A score or window bound as text: `6`, `-1.5`, `-inf`, `+inf`; `?` when unknown."""
    if value is None:
        return "?"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return str(int(value)) if value == int(value) else f"{value:g}"


def tree_score(score: float | None, short: bool = False) -> str:
    """A score for the root's side in the search's own units, as its windows are shown beside
    it (`6`, `9.5`); a forced result in the winner's moves as everywhere else (`wins in 3
    moves`, short `W3`; `search.score_text`)."""
    if score is not None and not math.isinf(score) and is_win_score(score):
        return score_text(score, short=short)
    return format_bound(score)


def moves_to(node: SearchNode) -> list[Move]:
    """The moves from the root to `node`, first move first."""
    moves = []
    while node.parent is not None and node.move is not None:
        moves.append(node.move)
        node = node.parent
    moves.reverse()
    return moves


def node_ids(tree: SearchTree) -> dict[SearchNode, int]:
    """Each node's id in exports: its index in a depth-first walk in move order (root 0)."""
    return {node: index for index, node in enumerate(tree.root.walk())}


def _side_words(tree: SearchTree) -> str:
    root_side = tree.root.position.turn
    other = "White" if root_side is BLACK else "Black"
    return f"{root_side.name.capitalize()} to move is MAX, {other} is MIN"


def _summary(tree: SearchTree, minimax_nodes: MinimaxCount | None) -> list[str]:
    """The header lines every export shares: what was searched and what came of it."""
    best = tree.best_move.pdn() if tree.best_move else "none (the side to move has lost)"
    lines = [
        (
            f"{tree.algorithm} to depth {tree.depth} from {tree.root.position.fen()} "
            f"({_side_words(tree)})"
        ),
        (
            f"best move {best}, score {tree_score(tree.score)}; {tree.nodes} nodes visited, "
            f"{tree.pruned} moves pruned"
        ),
    ]
    pv = numbered_moves(
        [node.move for node in tree.pv if node.move is not None], tree.root.position.turn is BLACK
    )
    if pv:
        lines.append(f"principal variation: {pv}")
    if minimax_nodes is not None:
        lines.append(f"plain minimax visits {minimax_nodes} nodes for the same result")
    if tree.truncated:
        lines.append(f"NOTE: {tree.note}; nodes marked '...' have children that are not shown")
    return lines


# --- text -------------------------------------------------------------------------------------


def _text_label(node: SearchNode, on_pv: bool) -> str:
    move = node.move.pdn() if node.move is not None else "root"
    if node.pruned:
        return f"x {move}  pruned"
    parts = [move, "MAX" if node.maximizing else "MIN", tree_score(node.score)]
    if node.alpha is not None or node.beta is not None:
        parts.append(f"[{format_bound(node.alpha)}, {format_bound(node.beta)}]")
    if node.reason in _REASON_NOTES:
        parts.append(f"({_REASON_NOTES[node.reason]})")
    if node.cutoff is not None:
        parts.append(
            f"cut-off: alpha {format_bound(node.cutoff.alpha)} >= "
            f"beta {format_bound(node.cutoff.beta)}"
        )
    if node.truncated:
        parts.append("...")
    if on_pv:
        parts.append("*")
    return " ".join(parts)


def tree_text(tree: SearchTree, minimax_nodes: MinimaxCount | None = None) -> str:
    """An indented tree, one node a line, after a summary and a legend."""
    lines = _summary(tree, minimax_nodes)
    lines.append(
        "legend: MAX/MIN whose turn, then the score, [alpha, beta] the window on entry, "
        "* principal variation, x pruned by a cut-off"
    )
    lines.append("")
    on_pv = set(tree.pv) | {tree.root}
    lines.append(_text_label(tree.root, True))
    # An explicit stack: the indent prefix of each pending node, and whether it is a last child.
    stack: list[tuple[SearchNode, str, bool]] = [
        (child, "", index == len(tree.root.children) - 1)
        for index, child in reversed(list(enumerate(tree.root.children)))
    ]
    while stack:
        node, prefix, last = stack.pop()
        lines.append(f"{prefix}{'`-- ' if last else '|-- '}{_text_label(node, node in on_pv)}")
        below = prefix + ("    " if last else "|   ")
        count = len(node.children)
        stack.extend(
            (child, below, index == count - 1)
            for index, child in reversed(list(enumerate(node.children)))
        )
    return "\n".join(lines) + "\n"


# --- JSON -------------------------------------------------------------------------------------


def _json_bound(value: float | None) -> float | int | str | None:
    """A number as JSON allows it: infinite window bounds become the strings -inf / +inf."""
    if value is None:
        return None
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return int(value) if value == int(value) else value


def _json_node(
    node: SearchNode, ids: dict[SearchNode, int], on_pv: set[SearchNode]
) -> dict[str, Any]:
    cutoff = None
    if node.cutoff is not None:
        by = node.cutoff.by
        cutoff = {
            "alpha": _json_bound(node.cutoff.alpha),
            "beta": _json_bound(node.cutoff.beta),
            "by": ids[by] if by is not None and by in ids else None,
        }
    return {
        "id": ids[node],
        "move": node.move.pdn() if node.move is not None else None,
        "fen": node.position.fen(),
        "ply": node.depth,
        "side": "max" if node.maximizing else "min",
        "alpha": _json_bound(node.alpha),
        "beta": _json_bound(node.beta),
        "score": _json_bound(node.score),
        "reason": _REASON_KEYS[node.reason] if node.reason is not None else None,
        "pv": node in on_pv,
        "pruned": node.pruned,
        "cutoff": cutoff,
        "truncated": node.truncated,
        "children": [],
    }


_EVENT_KEYS = {
    EventKind.ENTER: "enter",
    EventKind.RETURN: "return",
    EventKind.CUTOFF: "cutoff",
    EventKind.TRUNCATED: "truncated",
}


def tree_json(tree: SearchTree, minimax_nodes: MinimaxCount | None = None) -> dict[str, Any]:
    """The tree as a JSON-ready dict following docs/tree.schema.json."""
    ids = node_ids(tree)
    on_pv = set(tree.pv) | {tree.root}
    root = _json_node(tree.root, ids, on_pv)
    # Built iteratively: each node's dict is appended to its parent's children in move order.
    pending: list[tuple[SearchNode, dict[str, Any]]] = [(tree.root, root)]
    while pending:
        node, data = pending.pop()
        for child in node.children:
            child_data = _json_node(child, ids, on_pv)
            data["children"].append(child_data)
            pending.append((child, child_data))
    document: dict[str, Any] = {
        "format": SCHEMA_ID,
        "fen": tree.root.position.fen(),
        "algorithm": tree.algorithm,
        "depth": tree.depth,
        "best_move": tree.best_move.pdn() if tree.best_move is not None else None,
        "score": _json_bound(tree.score),
        "pv": [node.move.pdn() for node in tree.pv if node.move is not None],
        "nodes": tree.nodes,
        "pruned": tree.pruned,
        "recorded": tree.recorded,
        "truncated": tree.truncated,
        "note": tree.note,
        "minimax_nodes": (
            None
            if minimax_nodes is None
            else {"nodes": minimax_nodes.nodes, "capped": minimax_nodes.capped}
        ),
        "root": root,
        "events": [
            {
                "kind": _EVENT_KEYS[event.kind],
                "node": ids[event.node],
                "alpha": _json_bound(event.alpha),
                "beta": _json_bound(event.beta),
                "score": _json_bound(event.score),
            }
            for event in tree.events
        ],
    }
    return document


def tree_json_text(
    tree: SearchTree, minimax_nodes: MinimaxCount | None = None, indent: int | None = 1
) -> str:
    """The JSON export as text (strict JSON: no NaN or Infinity literals)."""
    return json.dumps(tree_json(tree, minimax_nodes), indent=indent, allow_nan=False) + "\n"


# --- DOT --------------------------------------------------------------------------------------


def _dot_string(text: str) -> str:
    """A DOT double-quoted string; `\\n` in `text` stays a DOT line break."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot_attributes(attributes: dict[str, str]) -> str:
    return ", ".join(f"{key}={_dot_string(value)}" for key, value in attributes.items())


_DOT_MAX = {"shape": "triangle", "style": "filled", "fillcolor": "#f4c27a", "color": "#8a5a12"}
_DOT_MIN = {"shape": "invtriangle", "style": "filled", "fillcolor": "#9cc3e6", "color": "#24527a"}
_DOT_PRUNED = {"shape": "box", "style": "dashed", "color": "#888888", "fontcolor": "#777777"}
_DOT_PV = {"penwidth": "3", "color": "#c0392b"}


def _dot_lines(tree: SearchTree, ids: dict[SearchNode, int]) -> Iterator[str]:
    on_pv = set(tree.pv) | {tree.root}
    for node in tree.root.walk():
        name = f"n{ids[node]}"
        move = node.move.pdn() if node.move is not None else "root"
        if node.pruned:
            parent = node.parent
            assert parent is not None and parent.cutoff is not None  # stubs only follow cut-offs
            label = f"{move}\npruned"
            yield f"  {name} [{_dot_attributes({**_DOT_PRUNED, 'label': label})}];"
        else:
            label = f"{move}\n{tree_score(node.score, short=True)}"
            if node.alpha is not None:
                label += f"\n[{format_bound(node.alpha)}, {format_bound(node.beta)}]"
            if node.truncated:
                label += "\n..."
            attributes = dict(_DOT_MAX if node.maximizing else _DOT_MIN, label=label)
            if node in on_pv:
                attributes.update(_DOT_PV)
            yield f"  {name} [{_dot_attributes(attributes)}];"
        parent = node.parent
        if parent is None:
            continue
        if node.pruned:
            assert parent.cutoff is not None
            edge = {"style": "dashed", "color": "#888888", "arrowhead": "tee"}
            # The cut-off is written once, on the first stub it left behind.
            if parent.pruned_children[0] is node:
                edge["label"] = (
                    f"cut: alpha {format_bound(parent.cutoff.alpha)} >= "
                    f"beta {format_bound(parent.cutoff.beta)}"
                )
                edge["fontcolor"] = "#aa3333"
        elif node in on_pv:
            edge = dict(_DOT_PV)
        else:
            edge = {}
        attributes_text = f" [{_dot_attributes(edge)}]" if edge else ""
        yield f"  n{ids[parent]} -> {name}{attributes_text};"


def tree_dot(tree: SearchTree, minimax_nodes: MinimaxCount | None = None) -> str:
    """A Graphviz digraph: MAX up triangles, MIN down triangles, PV in red, pruned stubs dashed."""
    ids = node_ids(tree)
    title = "\n".join(_summary(tree, minimax_nodes))
    lines = ["// " + line for line in _summary(tree, minimax_nodes)]
    graph = {"label": title, "labelloc": "t", "fontname": "Helvetica", "fontsize": "12"}
    lines += [
        "digraph search_tree {",
        f"  graph [{_dot_attributes(graph)}];",
        f"  node [{_dot_attributes({'fontname': 'Helvetica', 'fontsize': '10'})}];",
        f"  edge [{_dot_attributes({'fontname': 'Helvetica', 'fontsize': '9'})}];",
    ]
    lines.extend(_dot_lines(tree, ids))
    lines.append("}")
    return "\n".join(lines) + "\n"


EXPORT_FORMATS = {"text": tree_text, "json": tree_json_text, "dot": tree_dot}
"""Each export format by its `--format` name: (tree, minimax_nodes) -> text."""
