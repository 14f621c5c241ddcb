"""The import graph keeps its layers: the window is entered through named doors only, the file
formats need nothing of it and pygame only to paint a PNG, the game controller draws nothing, the
AI never reaches up into the coach's words, no two modules need each other (not even for the type
checker), and the names that used to collide are defined once."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "checkers"

WINDOW = "checkers.gui"
WINDOW_DOORS = {
    "checkers.gui.window_cli": "the command line's window subcommands (start, play, watch, "
    "treeview): the one way into the window",
    "checkers.gui.picture_png": "`checkers picture --out x.png`: pygame paints a picture file "
    "(no window is opened), loaded only when a PNG is asked for",
}
"""The only modules of the window that code outside it may import, and why each must be."""

FORMATS = "checkers.formats"
PYGAME_OUTSIDE_THE_WINDOW: dict[str, str] = {}
"""The modules outside the window that import pygame (none: the PNG painter is the window's)."""


def module_name(path: Path) -> str:
    """`checkers/gui/app.py` -> `checkers.gui.app`; a package's `__init__.py` is the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules of the package an import statement loads (a `from package import name`
    loads the submodule `name` when there is one, else the package itself)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in MODULES:
                yield alias.name
        return
    if node.level or node.module is None:
        raise AssertionError(f"a relative import at line {node.lineno}: the package uses none")
    for alias in node.names:
        sub = f"{node.module}.{alias.name}"
        if sub in MODULES:
            yield sub
        elif node.module in MODULES:
            yield node.module


def imports(name: str, at_import_time: bool) -> set[str]:
    """The package's modules that `name` imports: all of them (in a function or under
    `if TYPE_CHECKING:` too), or only those loaded when it is imported (statements at module
    level, outside `if TYPE_CHECKING:`)."""
    found = imports_in(MODULES[name].read_text(encoding="utf-8"), at_import_time)
    found.discard(name)
    return found


def imports_in(source: str, at_import_time: bool) -> set[str]:
    """The package's modules that the module `source` imports, as `imports` reads them."""
    tree = ast.parse(source)
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_targets(node))
            elif isinstance(node, ast.If) and _is_type_checking(node):
                if not at_import_time:
                    visit(node.body)
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.ClassDef)):
                for block in ("body", "orelse", "finalbody", "handlers"):
                    for child in getattr(node, block, []):
                        visit(child.body if isinstance(child, ast.ExceptHandler) else [child])
            elif not at_import_time:
                visit([child for child in ast.walk(node) if isinstance(child, ast.stmt)][1:])

    visit(tree.body)
    return found


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_nothing_outside_the_window_imports_it_but_through_its_named_doors() -> None:
    """The palettes, the board geometry and the folders live below the window, so the pictures,
    the HTML review and the engine need nothing of it."""
    leaks = {
        (name, target)
        for name in MODULES
        if not _inside(name, WINDOW)
        for target in imports(name, at_import_time=False)
        if _inside(target, WINDOW) and target not in WINDOW_DOORS
    }
    assert not leaks, sorted(leaks)


def test_the_window_is_not_loaded_by_importing_anything_outside_it() -> None:
    """The door is opened only when a window is wanted: importing the command line loads
    `window_cli` alone, which imports no other module of the window at load time."""
    for name in MODULES:
        if _inside(name, WINDOW):
            continue
        loaded = {
            target for target in imports(name, at_import_time=True) if _inside(target, WINDOW)
        }
        assert loaded <= {"checkers.gui.window_cli"}, (name, loaded)
    door = imports("checkers.gui.window_cli", at_import_time=True)
    assert not {target for target in door if _inside(target, WINDOW)}, door


def test_the_formats_import_nothing_of_the_window() -> None:
    """A file is read and written the same with or without a window: no module of
    `checkers.formats` imports `checkers.gui`, not even later in a function."""
    formats = [name for name in MODULES if _inside(name, FORMATS)]
    assert "checkers.formats.pdn" in formats
    up = {
        (name, target)
        for name in formats
        for target in imports(name, at_import_time=False)
        if _inside(target, WINDOW)
    }
    assert not up, sorted(up)


def _imports_pygame(name: str) -> bool:
    """Whether any statement of `name` imports pygame (or a module of it)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(alias.name.split(".")[0] == "pygame" for alias in node.names):
                return True
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            return True
    return False


def test_nothing_outside_the_window_imports_pygame() -> None:
    """The rules, the AI, the formats and the command line run without pygame: no module
    outside `checkers.gui` imports it (the PNG painter is the window's, and the command line
    loads it only when a PNG is asked for: the test above)."""
    painters = {name for name in MODULES if not _inside(name, WINDOW) and _imports_pygame(name)}
    assert painters == set(PYGAME_OUTSIDE_THE_WINDOW)
    assert _imports_pygame("checkers.gui.app")  # the check reads imports: the window has pygame


def _loaded_by(name: str) -> set[str]:
    """`name` and every module of the package importing it loads, at any depth."""
    loaded, todo = {name}, [name]
    while todo:
        for target in imports(todo.pop(), at_import_time=True) - loaded:
            loaded.add(target)
            todo.append(target)
    return loaded


def test_the_game_controller_and_its_rooms_load_no_pygame() -> None:
    """`Game` and its rooms (`gui/game_control/`) decide without pixels, so a test runs a game
    frame by frame: importing them loads no module that imports pygame, and no screen."""
    rooms = [name for name in MODULES if _inside(name, "checkers.gui.game_control")]
    assert "checkers.gui.game_control.ai_traffic" in rooms
    loaded = set().union(*(_loaded_by(name) for name in ["checkers.gui.controller", *rooms]))
    assert set(rooms) <= loaded
    assert not [name for name in sorted(loaded) if _imports_pygame(name)]
    assert not [name for name in loaded if _inside(name, "checkers.gui.screens")]
    assert _imports_pygame("checkers.gui.board_view.render")  # the check can see pygame


def test_the_ai_never_imports_the_coach() -> None:
    """The AI returns scores and lines; the words are made above it."""
    up = {
        (name, target)
        for name in MODULES
        if _inside(name, "checkers.ai")
        for target in imports(name, at_import_time=False)
        if _inside(target, "checkers.coach")
    }
    assert not up, sorted(up)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle in `graph` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state:
                found = walk(target)
                if found is not None:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found is not None:
                return found
    return None


def test_no_circle_among_modules() -> None:
    """No two modules need each other, not even for the type checker or later in a function:
    a lower module takes what it needs of the one above (a Protocol of its own, the data
    itself), as `Game`'s rooms and the tree view's drawing do."""
    graph = {name: imports(name, at_import_time=False) for name in MODULES}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    """The check above would pass on a graph it cannot read; a known circle proves it reads,
    and so does an import made for the type checker or in a function."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from checkers.board import Position\n"
        "def later() -> None:\n"
        "    import checkers.record\n"
    )
    assert imports_in(source, at_import_time=False) == {"checkers.board", "checkers.record"}
    assert imports_in(source, at_import_time=True) == set()


def _functions(name: str) -> set[str]:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_names_that_collided_are_defined_once() -> None:
    """One `score_text` (the search's), no `numbered_line` beside `notation.numbered_moves`,
    and one module named commands (the game screen's command table)."""
    defining = {
        word: sorted(name for name in MODULES if word in _functions(name))
        for word in ("score_text", "numbered_line", "numbered_moves")
    }
    assert defining == {
        "score_text": ["checkers.ai.search"],
        "numbered_line": [],
        "numbered_moves": ["checkers.notation"],
    }
    assert [name for name in MODULES if name.endswith(".commands")] == [
        "checkers.gui.game_view.commands"
    ]
