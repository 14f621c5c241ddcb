"""The README and the guide as a newcomer reads them: the two commands first, pictures that are
there and small, links that lead somewhere, and a code layout that names every module."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
IMAGE_LIMIT = 200 * 1024


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def test_the_readme_starts_with_make_play_and_make_test() -> None:
    """The CI runs `make test`; the README's first commands are the two a newcomer needs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```")[1]
    commands = [line.split("#")[0].strip() for line in first_block.strip().splitlines()]
    assert commands == ["make play", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200, "the README is a front page; details go to docs/"


def test_every_relative_link_leads_to_a_file_and_heading_that_exist() -> None:
    broken = []
    for document in DOCUMENTS:
        for target in LINK.findall(document.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            name, _, anchor = target.partition("#")
            path = (document.parent / name).resolve() if name else document
            if not path.exists() or (
                anchor and path.suffix == ".md" and anchor not in anchors(path)
            ):
                broken.append((document.name, target))
    assert not broken


def test_the_readme_and_the_guide_show_small_pictures_of_the_window() -> None:
    shown = {
        document.name: [(document.parent / target).resolve() for target in IMAGE.findall(text)]
        for document in DOCUMENTS
        for text in [document.read_text(encoding="utf-8")]
    }
    assert shown["README.md"] and shown["guide.md"]
    for images in shown.values():
        for image in images:
            assert image.parent == ROOT / "docs" / "images", image
            assert image.stat().st_size < IMAGE_LIMIT, image


def test_the_code_layout_names_every_module() -> None:
    """Each module of the package is named in a row of the layout tables that also names its
    folder, so a newcomer finds every room (the coach, the explorer, the PDN parts...)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    missing = []
    for path in sorted((ROOT / "checkers").rglob("*.py")):
        folder = path.parent.relative_to(ROOT).as_posix() + "/"
        name = path.name
        if name == "__init__.py" and path.parent.name not in ("checkers", "compiled", "coach"):
            name = ""  # a package's folder is its name
        if not any(folder in row and (not name or name in row) for row in rows):
            missing.append(path.relative_to(ROOT).as_posix())
    assert not missing
