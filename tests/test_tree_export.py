"""Search-tree exports and `checkers tree`: what a reader of the text, JSON or DOT can rely on."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checkers.ai.classic import alphabeta, minimax
from checkers.ai.evaluation import seed_evaluation
from checkers.ai.tracking import MinimaxCount, SearchTree, minimax_node_count, tracked_search
from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats.tree_export import (
    tree_dot,
    tree_json,
    tree_json_text,
    tree_score,
    tree_text,
)
from checkers.notation import numbered_moves

SCHEMA = json.loads(
    (Path(__file__).resolve().parent.parent / "docs" / "tree.schema.json").read_text(
        encoding="utf-8"
    )
)

MIDGAME = "B:W15,21,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,12,14"
POSITIONS = ["B:W21-32:B1-12", MIDGAME, "B:W5,25,26,27,28:B1,6,11", "W:WK14,K23:BK1,K5,K32"]


def run(*argv: str) -> tuple[int, str]:
    """Run the CLI in-process; returns (exit status, stdout)."""
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def json_nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every node of a JSON tree, depth first."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node["children"]))


# --- a small JSON Schema checker: the subset docs/tree.schema.json uses ---------------------

_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def schema_errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$"
) -> list[str]:
    """Why `value` does not match `schema` (empty if it does)."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return schema_errors(value, root["$defs"][name], root, where)
    errors: list[str] = []
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not schema_errors(value, s, root, where)]
        if len(matching) != 1:
            errors.append(f"{where}: matches {len(matching)} of oneOf")
    kind = schema.get("type")
    if kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{where}: {value!r} is not an integer"]
    elif kind == "number":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return [f"{where}: {value!r} is not a number"]
    elif kind is not None and not isinstance(value, _TYPES[kind]):
        return [f"{where}: {value!r} is not of type {kind}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if "minimum" in schema and isinstance(value, (int, float)) and value < schema["minimum"]:
        errors.append(f"{where}: {value} is below {schema['minimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{where}: {key!r} is missing")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                errors += schema_errors(item, properties[key], root, f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: {key!r} is not allowed")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            errors += schema_errors(item, schema["items"], root, f"{where}[{index}]")
    return errors


# --- a small DOT reader: enough to tell a well-formed digraph --------------------------------

_DOT_TOKEN = re.compile(
    r'\s*(?:(//[^\n]*)|("(?:[^"\\]|\\.)*")|(->)|([A-Za-z_][A-Za-z0-9_]*|'
    r"-?[0-9.]+)|([{}\[\];,=]))",
    re.DOTALL,
)


def dot_tokens(text: str) -> list[str]:
    """DOT tokens, comments dropped; fails on anything DOT does not allow."""
    tokens, position = [], 0
    while text[position:].strip():
        match = _DOT_TOKEN.match(text, position)
        assert match is not None, f"bad DOT at {text[position : position + 40]!r}"
        comment, *token = match.groups()
        if comment is None:
            tokens.append(next(t for t in token if t is not None))
        position = match.end()
    return tokens


def read_dot(text: str) -> tuple[set[str], list[tuple[str, str, dict[str, str]]]]:
    """The node names and the edges (tail, head, attributes) of a `digraph { ... }`."""
    tokens = dot_tokens(text)
    assert tokens[:3] == ["digraph", "search_tree", "{"] and tokens[-1] == "}"
    body = tokens[3:-1]
    nodes: set[str] = set()
    edges = []
    index = 0

    def attributes() -> dict[str, str]:
        nonlocal index
        found: dict[str, str] = {}
        if index < len(body) and body[index] == "[":
            index += 1
            while body[index] != "]":
                key, equals, value = body[index : index + 3]
                assert equals == "=" and re.match(r"^[A-Za-z_]+$", key), body[index : index + 3]
                found[key] = value[1:-1] if value.startswith('"') else value
                index += 3
                if body[index] == ",":
                    index += 1
            index += 1
        return found

    while index < len(body):
        name = body[index]
        assert re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name), f"not a name: {name!r}"
        index += 1
        if index < len(body) and body[index] == "->":
            head = body[index + 1]
            index += 2
            edges.append((name, head, attributes()))
        else:
            found = attributes()
            if name not in ("graph", "node", "edge"):
                assert name not in nodes, f"{name} declared twice"
                assert "label" in found
                nodes.add(name)
        assert body[index] == ";", f"missing ';' after {name}"
        index += 1
    return nodes, edges


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
@pytest.mark.parametrize("fen", POSITIONS)
def test_json_root_move_score_and_counts_are_the_untracked_search_s(
    algorithm: str, fen: str
) -> None:
    position = Position.from_fen(fen)
    plain = {"alphabeta": alphabeta, "minimax": minimax}[algorithm](position, 4, seed_evaluation)
    document = tree_json(tracked_search(position, 4, algorithm))
    assert plain.move is not None
    assert document["best_move"] == plain.move.pdn()
    assert document["score"] == plain.score
    assert document["pv"] == [move.pdn() for move in plain.pv]
    assert document["nodes"] == plain.nodes == document["recorded"]
    visited = [node for node in json_nodes(document["root"]) if not node["pruned"]]
    assert len(visited) == plain.nodes
    assert sum(1 for event in document["events"] if event["kind"] == "enter") == plain.nodes
    best = [child for child in document["root"]["children"] if child["pv"]]
    assert [child["move"] for child in best] == [plain.move.pdn()]


@pytest.mark.parametrize("fen", POSITIONS)
def test_json_pruned_stubs_appear_exactly_where_alpha_reached_beta(fen: str) -> None:
    tree = tracked_search(Position.from_fen(fen), 4, "alphabeta")
    document = tree_json(tree)
    stubs = 0
    for node in json_nodes(document["root"]):
        pruned = [child for child in node["children"] if child["pruned"]]
        stubs += len(pruned)
        if node["cutoff"] is None:
            assert pruned == []
            continue
        cutoff = node["cutoff"]
        assert cutoff["alpha"] >= cutoff["beta"]
        searched = [child for child in node["children"] if not child["pruned"]]
        # The child that caused the cut-off is the last one searched; every stub comes after it.
        assert cutoff["by"] == searched[-1]["id"]
        assert node["children"] == searched + pruned
        for stub in pruned:
            assert stub["score"] is None and stub["children"] == [] and stub["reason"] is None
    assert stubs == document["pruned"] == tree.pruned > 0


def test_every_json_export_matches_its_schema() -> None:
    for fen in POSITIONS:
        for algorithm in ("alphabeta", "minimax"):
            tree = tracked_search(Position.from_fen(fen), 3, algorithm)
            document = json.loads(tree_json_text(tree, MinimaxCount(500, capped=True)))
            assert schema_errors(document, SCHEMA, SCHEMA) == []
    capped = json.loads(tree_json_text(tracked_search(Position(), 4, node_cap=30)))
    assert schema_errors(capped, SCHEMA, SCHEMA) == []


def test_the_schema_checker_catches_broken_documents() -> None:
    document = tree_json(tracked_search(Position(), 2))
    document["root"]["children"][0]["side"] = "up"
    document["events"][0]["kind"] = "left"
    del document["nodes"]
    document["extra"] = 1
    errors = " ".join(schema_errors(document, SCHEMA, SCHEMA))
    assert "'up'" in errors and "'left'" in errors and "'nodes' is missing" in errors
    assert "'extra' is not allowed" in errors


def test_json_writes_open_windows_as_inf_strings_and_is_strict_json() -> None:
    text = tree_json_text(tracked_search(Position(), 3))
    assert "Infinity" not in text and "NaN" not in text
    root = json.loads(text)["root"]
    assert (root["alpha"], root["beta"]) == ("-inf", "+inf")


def test_dot_is_a_well_formed_digraph_with_pruned_branches_dashed() -> None:
    tree = tracked_search(Position.from_fen(MIDGAME), 4, "alphabeta")
    nodes, edges = read_dot(tree_dot(tree))
    assert len(nodes) == tree.nodes + tree.pruned
    assert len(edges) == len(nodes) - 1
    for tail, head, _ in edges:
        assert tail in nodes and head in nodes
    dashed = [edge for edge in edges if edge[2].get("style") == "dashed"]
    assert len(dashed) == tree.pruned
    cut_labels = [edge for edge in dashed if "label" in edge[2]]
    assert len(cut_labels) == sum(1 for node in tree.root.walk() if node.pruned_children)
    assert all(re.match(r"^cut: alpha \S+ >= beta \S+$", edge[2]["label"]) for edge in cut_labels)
    red = [edge for edge in edges if edge[2].get("color") == "#c0392b"]
    assert len(red) == len(tree.pv) == 4


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_graphviz_reads_the_dot_output() -> None:
    text = tree_dot(tracked_search(Position.from_fen(MIDGAME), 3))
    result = subprocess.run(
        ["dot", "-Tsvg"], input=text, check=False, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr == "" and "<svg" in result.stdout


def test_text_tree_has_one_line_per_node_and_marks_pv_and_cut_offs() -> None:
    tree = tracked_search(Position.from_fen(MIDGAME), 3, "alphabeta")
    text = tree_text(tree, MinimaxCount(281))
    header, _, body = text.partition("\n\n")
    assert "best move 14-17, score -1.5" in header
    assert f"{tree.nodes} nodes visited, {tree.pruned} moves pruned" in header
    assert "plain minimax visits 281 nodes for the same result" in header
    lines = body.splitlines()
    assert len(lines) == tree.nodes + tree.pruned
    assert lines[0] == "root MAX -1.5 [-inf, +inf] *"
    assert sum(line.endswith("pruned") for line in lines) == tree.pruned
    assert sum(" cut-off: alpha " in line for line in lines) == sum(
        1 for node in tree.root.walk() if node.cutoff is not None
    )
    starred = [line.split("-- ")[1].split()[0] for line in lines[1:] if line.endswith(" *")]
    assert starred == [node.move.pdn() for node in tree.pv if node.move is not None]


def test_a_capped_tree_says_what_was_left_out() -> None:
    tree = tracked_search(Position(), 4, "minimax", node_cap=50)
    text = tree_text(tree)
    assert "NOTE: tracking stopped at 50 of 1828 visited nodes (node cap 50)" in text
    document = tree_json(tree)
    assert document["truncated"] and "node cap 50" in document["note"]
    assert sum(1 for node in json_nodes(document["root"]) if node["truncated"]) >= 1
    assert "node cap 50" in tree_dot(tree)


def test_minimax_node_count_matches_minimax_or_says_more_than() -> None:
    position = Position.from_fen(MIDGAME)
    assert minimax_node_count(position, 4) == MinimaxCount(
        minimax(position, 4, seed_evaluation).nodes
    )
    capped = minimax_node_count(position, 5, cap=1000)
    assert capped.capped and str(capped) == "more than 1000"


def test_scores_and_lines_read_as_a_player_writes_them() -> None:
    assert [tree_score(s) for s in (6.0, -1.5, float("inf"))] == ["6", "-1.5", "+inf"]
    assert tree_score(1_000_000 - 5) == "wins in 3 moves"  # 5 plies: 3 of the winner's moves
    assert tree_score(-(1_000_000 - 2), short=True) == "L1"  # as the tree view's legend says
    moves = [Move.from_pdn(text) for text in ("9-14", "22-18", "5-9")]
    assert numbered_moves(moves, True) == "1. 9-14 22-18 2. 5-9"
    assert numbered_moves(moves, False) == "1. ... 9-14 2. 22-18 5-9"


def test_tree_command_prints_each_format() -> None:
    status, text = run("tree", MIDGAME, "--depth", "3")
    assert status == 0 and "best move 14-17" in text and "plain minimax visits 281" in text
    status, out = run("tree", MIDGAME, "--depth", "2", "--format", "json", "--algorithm", "minimax")
    document = json.loads(out)
    assert status == 0 and document["algorithm"] == "minimax" and document["pruned"] == 0
    assert document["minimax_nodes"] == {"nodes": document["nodes"], "capped": False}
    status, out = run("tree", "--depth", "2", "--format", "dot")
    assert status == 0 and read_dot(out)[0]
    status, out = run("tree", "--depth", "4", "--node-cap", "100")
    assert status == 0 and "node cap 100" in out


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["tree", "hello"], "invalid FEN"),
        (["tree", "B:W33:B1"], "not between 1 and 32"),
        (["tree", "--depth", "7"], "1 to 6"),
        (["tree", "--depth", "0"], "1 to 6"),
        (["tree", "--depth", "two"], "not a whole number"),
        (["tree", "--format", "svg"], "invalid choice"),
        (["tree", "--algorithm", "negamax"], "invalid choice"),
        (["tree", "--node-cap", "0"], "1 or more"),
        (["treeview", "B:W1:B1"], "used by both sides"),
        (["treeview", "--depth", "9"], "1 to 6"),
    ],
)
def test_bad_tree_input_is_one_line_on_stderr_with_status_2(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(*argv)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and problem in err and err.startswith("checkers: error:")


def test_exports_of_a_position_with_no_moves_are_still_readable() -> None:
    tree: SearchTree = tracked_search(Position.from_fen("W:W5,6,7,8:B1,2,3,4"), 2)
    assert "best move none" in tree_text(tree)
    document = json.loads(tree_json_text(tree))
    assert document["best_move"] is None and document["root"]["reason"] == "no_moves"
    assert schema_errors(document, SCHEMA, SCHEMA) == []
    assert read_dot(tree_dot(tree))[0] == {"n0"}
