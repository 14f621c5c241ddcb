"""A reviewed game as one self-contained HTML page (`checkers review FILE --html OUT.html`).

Pure Python. The page needs no network and no script: its style sheet (with a print style) and
its pictures (the evaluation graph, a diagram at every mistake and blunder with the better line
as arrows) are inline SVG drawn by checkers.picture. Every text that comes from the file (tags,
comments) or from the review is escaped on its way in.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from checkers.atomic import write_text
from checkers.board import BLACK, Move, Side
from checkers.formats.pdn import PdnGame, comment_words
from checkers.formats.svg import svg_element
from checkers.options import UsageError, shown
from checkers.palettes import DEFAULT_THEME, PALETTES, Palette
from checkers.picture import Circle, Picture, Polyline, Rect, Shape, Text, board_picture
from checkers.review import (
    Label,
    MoveReview,
    ReviewSetting,
    lesson_words,
    summarize,
)

__all__ = [
    "MARKED",
    "evaluation_graph",
    "html_target",
    "idea_texts",
    "review_page",
    "write_review_page",
]

MARKED = (Label.MISTAKE, Label.BLUNDER)
"""The labels that get a diagram with the better line."""
GRAPH_LIMIT = 4.0
"""The graph shows scores up to this many men either way (a forced win sits at the edge)."""
LINE_ARROWS = 3
"""How many moves of the better line a diagram shows as arrows."""
DIAGRAM_SIZE = 360


def idea_texts(review: MoveReview) -> tuple[tuple[str, str], ...]:
    """What the review says the move teaches, as (kind, text) lines: `note` for its words
    (`lesson_words`: what a mistake walked into, a result thrown away, the only move) and one
    line per idea it names (kind: the idea's name, `shot`, `runaway`...). The one place the
    page reads them; none when the review says nothing."""
    lines: list[tuple[str, str]] = []
    words = lesson_words(review)
    if words:
        lines.append(("note", words))
    # An idea the note already tells in full (`misses White's shot: ...`) is not told twice.
    lines += [
        (idea.name, idea.text)
        for idea in review.lesson.ideas
        if idea.text and idea.text not in words
    ]
    return tuple(lines)


def _taught(review: MoveReview, element: str) -> str:
    """The review's notes and ideas for a move as `element`s (escaped; the idea's name first)."""
    parts = []
    for kind, text in idea_texts(review):
        if kind == "note":
            parts.append(f'<{element} class="note">{_e(text)}</{element}>')
        else:
            parts.append(
                f'<{element} class="idea"><span class="idea-name">{_e(kind)}:</span> '
                f"{_e(text)}</{element}>"
            )
    return "".join(parts)


def _e(text: object) -> str:
    """Text for the page: every `<`, `&` and quote escaped."""
    return html.escape(str(text), quote=True)


def _black_view(review: MoveReview, after: bool = False) -> float:
    """The score before (or `after`) the move in men from Black's view, clamped to the graph."""
    men = review.played_score if after else review.score
    men = men if review.side is BLACK else -men
    return max(-GRAPH_LIMIT, min(GRAPH_LIMIT, men))


def _label_colour(palette: Palette, label: Label) -> tuple[int, int, int] | None:
    return {
        Label.INACCURACY: palette.REVIEW_INACCURACY,
        Label.MISTAKE: palette.REVIEW_MISTAKE,
        Label.BLUNDER: palette.REVIEW_BLUNDER,
    }.get(label)


def evaluation_graph(
    reviews: Sequence[MoveReview], theme: str = DEFAULT_THEME, width: int = 720
) -> Picture:
    """The score over the game from Black's view (Black ahead up, White ahead down), a dot in
    the label's colour on every inaccuracy, mistake and blunder."""
    palette = PALETTES[theme]
    height = 200
    left, right, top, bottom = 46.0, width - 12.0, 14.0, height - 26.0
    middle = (top + bottom) / 2
    plies = max(1, len(reviews))

    def x_of(index: int) -> float:
        return left + (right - left) * index / plies

    def y_of(men: float) -> float:
        return middle - (bottom - top) / 2 * men / GRAPH_LIMIT

    ink, dim = (40, 40, 48), (150, 150, 160)
    shapes: list[Shape] = [
        Rect(left, top, right - left, middle - top, (236, 236, 240)),
        Rect(left, middle, right - left, bottom - middle, (250, 250, 252)),
        Polyline(((left, middle), (right, middle)), dim, 1),
        Text(left - 6, top + 10, "Black", 11, ink, anchor="end"),
        Text(left - 6, bottom - 2, "White", 11, ink, anchor="end"),
        Text(left - 6, middle + 4, "even", 11, dim, anchor="end"),
    ]
    points = [(x_of(i), y_of(_black_view(r))) for i, r in enumerate(reviews)]
    if reviews:
        points.append((x_of(len(reviews)), y_of(_black_view(reviews[-1], after=True))))
        shapes.append(Polyline(tuple(points), ink, 2))
    # About ten move numbers along the bottom, each under its move's first point.
    step = max(2, round(plies / 10 / 2) * 2)
    for index in range(0, len(reviews), step):
        number = str(reviews[index].move_number)
        shapes.append(Text(x_of(index), height - 8, number, 10, dim, "middle"))
    for index, review in enumerate(reviews):
        colour = _label_colour(palette, review.label)
        if colour is not None:
            x, y = points[index + 1]
            shapes.append(Circle(x, y, 5, colour, ink, 1))
    return Picture(width, height, tuple(shapes), "How the score went, move by move")


def _better_line(review: MoveReview) -> tuple[Move, ...]:
    """The engine's line from the position of the move, its best move first."""
    line = review.before.line
    if line and line[0] == review.best:
        return tuple(line[:LINE_ARROWS])
    return (review.best,)


def _move_name(review: MoveReview) -> str:
    """`12. 11-15` or `12... 23-19`, with the label's mark."""
    dots = "." if review.side is BLACK else "..."
    return f"{review.move_number}{dots} {review.move.pdn()}{review.mark}"


def _notes(review: MoveReview, comments: dict[int, str]) -> str:
    """The ideas the review names for the move and the file's own comment after it."""
    comment = comment_words(comments.get(review.ply, ""))  # without a program's commands
    said = f'<span class="comment">{_e(comment)}</span>' if comment else ""
    return _taught(review, "span") + said


def _move_cell(review: MoveReview | None, comments: dict[int, str]) -> str:
    if review is None:
        return "<td></td>"
    label = review.label
    text = _e(review.move.pdn() + review.mark)
    if label in MARKED:
        text = f'<a href="#ply-{review.ply}">{text}</a>'
    return (
        f'<td class="move {label.value}"><span class="san">{text}</span> '
        f'<span class="label">{_e(review.verdict)}</span>{_notes(review, comments)}</td>'
    )


def _moves_table(reviews: Sequence[MoveReview], comments: dict[int, str]) -> str:
    """The moves two to a row (Black's, White's) with their labels, ideas and comments."""
    rows: dict[int, list[MoveReview | None]] = {}
    for review in reviews:
        row = rows.setdefault(review.move_number, [None, None])
        row[0 if review.side is BLACK else 1] = review
    lines = ['<table class="moves"><thead><tr><th></th><th>Black</th><th>White</th></tr></thead>']
    lines.append("<tbody>")
    for number, (black, white) in rows.items():
        lines.append(
            f'<tr><th scope="row">{number}.</th>{_move_cell(black, comments)}'
            f"{_move_cell(white, comments)}</tr>"
        )
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _summary_table(reviews: Sequence[MoveReview]) -> str:
    """Per side: moves, how many got each label, accuracy and average loss."""
    summary = summarize(reviews)
    sides: list[Side] = sorted(summary, key=lambda side: side is not BLACK)
    head = "".join(f"<th>{_e(side.name.capitalize())}</th>" for side in sides)
    rows = [f"<tr><th>moves</th>{''.join(f'<td>{summary[s].moves}</td>' for s in sides)}</tr>"]
    for label in Label:
        cells = "".join(f"<td>{summary[s].labels[label]}</td>" for s in sides)
        rows.append(f'<tr class="{label.value}"><th>{_e(label.value)}</th>{cells}</tr>')

    def figure(value: float | None, digits: int) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    accuracy = "".join(
        f"<td>{summary[s].accuracy_words() or figure(summary[s].accuracy, 1)}</td>" for s in sides
    )
    loss = "".join(f"<td>{figure(summary[s].average_loss, 2)}</td>" for s in sides)
    rows.append(f"<tr><th>accuracy</th>{accuracy}</tr>")
    rows.append(f"<tr><th>average loss (men)</th>{loss}</tr>")
    return (
        f'<table class="summary"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _diagram(review: MoveReview, theme: str, comments: dict[int, str]) -> str:
    """The position of a mistake or blunder with the better line as numbered arrows."""
    line = _better_line(review)
    picture = board_picture(
        review.position, size=DIAGRAM_SIZE, theme=theme, arrows=line, caption="", background=False
    )
    name = _move_name(review)
    better = " ".join(move.pdn() for move in line)
    label = f"{name}: the position before the move, the better line {better} as arrows"
    ideas = _taught(review, "p")
    comment = comment_words(comments.get(review.ply, ""))  # without a program's commands
    said = f"<p class='comment'>{_e(comment)}</p>" if comment else ""
    return (
        f'<figure class="diagram {review.label.value}" id="ply-{review.ply}">\n'
        f"{svg_element(picture, 'board', label)}\n"
        f"<figcaption><h3>{_e(name)} <span class='label'>{_e(review.label.value)}</span></h3>"
        f"<p>{_e(review.side.name.capitalize())} played {_e(review.move.pdn())}"
        f" ({_e(review.loss_words())}; best {_e(review.best.pdn())}) "
        f"(the score before the move: {_e(review.score_words)}).</p>"
        f"<p>Better: <strong>{_e(better)}</strong> (arrows, numbered in order).</p>"
        f"{ideas}{said}</figcaption>\n</figure>"
    )


_STYLE = """
:root { --ink: #202028; --dim: #5a5a66; --line: #d0d0d8; --mistake: %(mistake)s;
  --blunder: %(blunder)s; --inaccuracy: %(inaccuracy)s; }
* { box-sizing: border-box; }
body { font-family: 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; color: var(--ink);
  background: #fbfbfd; margin: 0 auto; max-width: 60rem; padding: 1.5rem; line-height: 1.45; }
h1 { font-size: 1.7rem; margin: 0 0 .3rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .6rem; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 0 0 .4rem; }
table { border-collapse: collapse; }
th, td { padding: .2rem .6rem; text-align: left; vertical-align: top; }
.tags th { color: var(--dim); font-weight: normal; }
.summary td { text-align: right; }
.moves { width: 100%%; }
.moves tbody tr:nth-child(odd) { background: #f0f0f4; }
.moves td { width: 48%%; }
.san { font-weight: bold; }
.label { color: var(--dim); font-size: .85em; }
.inaccuracy .label, tr.inaccuracy th { color: var(--inaccuracy); }
.mistake .label, tr.mistake th { color: var(--mistake); font-weight: bold; }
.blunder .label, tr.blunder th { color: var(--blunder); font-weight: bold; }
.idea, .note, .comment { display: block; font-size: .9em; }
.idea-name { color: var(--dim); text-transform: capitalize; }
.comment { font-style: italic; color: var(--dim); }
a { color: inherit; }
svg { max-width: 100%%; height: auto; }
.graph { display: block; margin: .5rem 0; }
.diagrams { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
  gap: 1.2rem; }
figure.diagram { margin: 0; padding: .8rem; border: 1px solid var(--line);
  border-left: 6px solid var(--mistake); background: white; break-inside: avoid; }
figure.diagram.blunder { border-left-color: var(--blunder); }
figure.diagram svg { display: block; margin: 0 auto .5rem; width: 100%%; max-width: 22rem; }
footer { margin-top: 2rem; color: var(--dim); font-size: .85em; }
@media print {
  body { background: white; max-width: none; padding: 0; font-size: 10.5pt; }
  h2 { break-after: avoid; }
  .moves tbody tr:nth-child(odd) { background: none; }
  .moves tr { break-inside: avoid; }
  .diagrams { grid-template-columns: 1fr 1fr; }
  figure.diagram { break-inside: avoid; page-break-inside: avoid; }
  a { text-decoration: none; }
  footer { display: none; }
}
"""


def review_page(
    game: PdnGame,
    reviews: Sequence[MoveReview],
    setting: ReviewSetting | None = None,
    theme: str = DEFAULT_THEME,
) -> str:
    """The whole page: the tags, the summary, the evaluation graph, the moves with their
    labels and ideas, and a diagram at every mistake and blunder."""
    palette = PALETTES[theme]

    def hex_of(colour: tuple[int, int, int]) -> str:
        return "#{:02x}{:02x}{:02x}".format(*colour)

    style = _STYLE % {
        "mistake": hex_of(palette.REVIEW_MISTAKE),
        "blunder": hex_of(palette.REVIEW_BLUNDER),
        "inaccuracy": hex_of(palette.REVIEW_INACCURACY),
    }
    black, white = game.tags.get("Black", "Black"), game.tags.get("White", "White")
    title = f"{black} - {white} {game.result}: game review"
    tags = {**game.tags, "Result": game.result}
    tag_rows = "".join(
        f"<tr><th>{_e(key)}</th><td>{_e(value)}</td></tr>" for key, value in tags.items()
    )
    marked = [review for review in reviews if review.label in MARKED]
    diagrams = "\n".join(_diagram(review, theme, game.comments) for review in marked)
    if not marked:
        diagrams = "<p>No mistakes and no blunders: nothing to show here.</p>"
    else:
        diagrams = f'<div class="diagrams">\n{diagrams}\n</div>'
    how = f" Reviewed by {_e(setting.describe())}." if setting is not None else ""
    graph = svg_element(evaluation_graph(reviews, theme), "graph")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{_e(black)} &ndash; {_e(white)} <span class="result">{_e(game.result)}</span></h1>
<table class="tags">{tag_rows}</table>
</header>
<h2>Summary</h2>
{_summary_table(reviews)}
<h2>The score, move by move</h2>
<p>Above the middle line Black is ahead, below it White; dots mark the inaccuracies (?!),
mistakes (?) and blunders (??).</p>
{graph}
<h2>The moves</h2>
{_moves_table(reviews, game.comments)}
<h2>Mistakes and blunders</h2>
{diagrams}
<footer>Scores and losses in men, from the view of the side that moved.{how}
Written by checkers review.</footer>
</body>
</html>
"""


def html_target(text: str) -> Path:
    """The file a page is written to, if it can be: UsageError (one line) for a name not
    ending in .html or .htm, or in a folder that does not exist."""
    path = Path(text).expanduser()
    if path.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"{shown(path.name)}: the page's name must end in .html")
    if not path.parent.is_dir():
        raise UsageError(
            f"cannot write {shown(str(path), 80)}: no folder {shown(str(path.parent))}"
        )
    return path


def write_review_page(
    text: str, game: PdnGame, reviews: Sequence[MoveReview], setting: ReviewSetting
) -> Path:
    """Write the review's page whole or not at all (checkers.atomic); returns the file."""
    path = html_target(text)
    try:
        return write_text(path, review_page(game, reviews, setting), "web page")
    except OSError as error:
        raise UsageError(
            f"cannot write {shown(str(path), 80)}: {error.strerror or error}"
        ) from None
