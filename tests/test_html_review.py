"""The reviewed game as a web page: `checkers review FILE --html OUT.html`."""

from __future__ import annotations

import io
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_review import BEFORE_BLUNDER, BLUNDER

from checkers.ai import Limits
from checkers.board import BLACK, Move, Position
from checkers.cli import main
from checkers.coach import Idea
from checkers.coach.teaching import Lesson
from checkers.formats.html_review import MARKED, idea_texts, review_page
from checkers.formats.pdn import PdnGame, write_game
from checkers.review import Label, MoveReview, ReviewSetting, review_moves

SHALLOW = ReviewSetting(Limits(depth=4))
# A sound opening, then White's 23-18?? lets Black jump two men for nothing (tests/test_review).
MOVES = [*BEFORE_BLUNDER, BLUNDER]
HOSTILE = "<script>alert('x')</script> & \"Club\""
VOID = {"meta", "br", "img", "input", "link", "hr", "col", "wbr"}


class Page(HTMLParser):
    """The page's elements: every start tag with its attributes, the text, and whether every
    element that was opened was closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.starts: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.open: list[str] = []
        self.misnested = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, {key: value or "" for key, value in attrs}))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, {key: value or "" for key, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()
        else:
            self.misnested += 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def having(self, tag: str, css_class: str = "") -> list[dict[str, str]]:
        return [
            attrs
            for name, attrs in self.starts
            if name == tag and (not css_class or css_class in attrs.get("class", "").split())
        ]


def parsed(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    return page


JUDGED = "[%judged W 0.5 1 14 9-13] Book move [%eval 0.17]"
"""A comment as this program's files keep it (with the game's judgement) and another's (an
`%eval` command): the page shows the player's words alone."""


@pytest.fixture(scope="module")
def game_and_reviews() -> tuple[PdnGame, list[MoveReview]]:
    position, moves = Position(), []
    for text in MOVES:
        move = Move.from_pdn(text, position)
        moves.append(move)
        position = position.move(move)
    tags = {"Event": HOSTILE, "Black": "Ann <b>", "White": "Bob"}
    game = PdnGame(
        tags, moves=moves, result="*", comments={4: "<img src=x onerror=alert(1)>", 2: JUDGED}
    )
    return game, list(review_moves(Position(), moves, SHALLOW, processes=False))


def test_the_page_parses_and_has_one_diagram_per_mistake_and_blunder(
    game_and_reviews: tuple[PdnGame, list[MoveReview]],
) -> None:
    game, reviews = game_and_reviews
    page = parsed(review_page(game, reviews, SHALLOW))
    assert page.open == [] and page.misnested == 0
    marked = [review for review in reviews if review.label in MARKED]
    assert any(review.label is Label.BLUNDER for review in marked)
    figures = page.having("figure", "diagram")
    assert [figure["id"] for figure in figures] == [f"ply-{review.ply}" for review in marked]
    boards = page.having("svg", "board")
    assert len(boards) == len(marked)
    # Each diagram is a board of 32 squares with the better line's arrows on it.
    squares = len(page.having("rect", "square"))
    assert squares == 32 * len(marked)
    assert len(page.having("g", "arrow")) >= len(marked)
    assert len(page.having("svg", "graph")) == 1
    # The move list links each marked move to its diagram.
    links = {attrs["href"] for attrs in page.having("a")}
    assert {f"#ply-{review.ply}" for review in marked} <= links


def test_a_page_without_mistakes_says_so_and_draws_no_diagram(
    game_and_reviews: tuple[PdnGame, list[MoveReview]],
) -> None:
    game, reviews = game_and_reviews
    calm = [replace(review, label=Label.GOOD) for review in reviews]
    page = parsed(review_page(game, calm))
    assert page.having("figure", "diagram") == []
    assert any("No mistakes" in text for text in page.text)


def test_hostile_tags_and_comments_stay_text(
    game_and_reviews: tuple[PdnGame, list[MoveReview]],
) -> None:
    game, reviews = game_and_reviews
    text = review_page(game, reviews, SHALLOW)
    page = parsed(text)
    assert page.having("script") == [] and page.having("img") == [] and page.having("b") == []
    words = "".join(page.text)
    assert HOSTILE in words and "<img src=x onerror=alert(1)>" in words
    assert "Ann <b>" in words
    assert "Book move" in words and "%judged" not in text and "%eval" not in text
    # Self-contained: nothing is fetched (the SVG's namespace is a name, not a request).
    for _tag, attrs in page.starts:
        for key in ("src", "href"):
            assert not attrs.get(key, "").startswith(("http:", "https:", "//"))
    assert "@media print" in text


def test_what_the_review_teaches_is_shown_escaped(
    game_and_reviews: tuple[PdnGame, list[MoveReview]],
) -> None:
    """The review's note and the ideas it names are on the page, through `idea_texts` alone."""
    game, reviews = game_and_reviews
    blunder = next(r for r in reviews if r.label is Label.BLUNDER)
    shot = Idea("shot", BLACK, ("15x22x29",), 0, (("takes", 2),), "Black jumps <two> men")
    taught = replace(blunder, lesson=Lesson(note="walks into <the shot>", ideas=(shot,)))
    assert idea_texts(taught) == (
        ("note", "walks into <the shot>"),
        ("shot", "Black jumps <two> men"),
    )
    shown = [taught if r is blunder else r for r in reviews]
    page = parsed(review_page(game, shown, SHALLOW))
    words = page.text
    # In the move list and under the diagram, as text, not markup.
    assert words.count("walks into <the shot>") == 2
    assert words.count(" Black jumps <two> men") == 2
    assert "shot:" in words  # the idea's name before its sentence
    assert page.having("the") == [] and page.having("two") == []


def test_review_command_writes_the_page(tmp_path: Path) -> None:
    source = tmp_path / "game.pdn"
    position, moves = Position(), []
    for text in MOVES:
        moves.append(Move.from_pdn(text, position))
        position = position.move(moves[-1])
    source.write_text(write_game(PdnGame({"Event": HOSTILE}, moves=moves)), "utf-8")
    target = tmp_path / "review.html"
    out = io.StringIO()
    argv = ["review", str(source), "--depth", "4", "--jobs", "1", "--html", str(target)]
    assert main(argv, out=out) == 0
    assert f"wrote {target}" in out.getvalue()
    page = parsed(target.read_text("utf-8"))
    assert len(page.having("figure", "diagram")) >= 1
    assert page.having("script") == []


@pytest.mark.parametrize("name", ["review.txt", "missing/review.html"])
def test_a_page_that_cannot_be_written_is_said_before_the_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    source = tmp_path / "game.pdn"
    source.write_text(write_game(PdnGame({}, moves=[Move((11, 15))])), "utf-8")
    status = main(["review", str(source), "--html", str(tmp_path / name)], out=io.StringIO())
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "reviewed" not in err
    assert not (tmp_path / name).exists()
