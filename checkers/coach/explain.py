"""Explaining the AI: the best lines of a position, and why the AI played its move.

Pure Python, no pygame. Everything here is small, picklable data (PDN move text, scores in men
from the side to move's view: +1.00 is a man ahead) that the desktop game's AI process can send
through its pipe and the command line prints as text or JSON. Both come from the engine's real
search: `analysis_lines` is its multi-PV search, `explain_search` reads the scores its root
recorded (`Engine.root_report`) right after the search that chose the move.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from checkers.ai.analysis import Analyser, RootLine
from checkers.ai.engine import MAN
from checkers.ai.players import Choice
from checkers.ai.registry import ALGORITHMS
from checkers.ai.search import (
    WIN,
    Limits,
    SearchRequest,
    SearchResult,
    StopSignal,
    is_win_score,
    plies_to_win,
)
from checkers.board import Move, Position, Side
from checkers.coach.idea import Idea
from checkers.notation import (
    EVEN_MEN,
    depth_span,
    depth_words,
    is_even,
    men_text,
    plural,
    result_moves,
    result_text,
    winner_moves,
)

__all__ = [
    "BOUND_WORDS",
    "ENGINE_SCORES",
    "MAX_LINES",
    "REFUTED",
    "SHOWN_PLIES",
    "VERDICT_PLIES",
    "Analysis",
    "AnalysisLine",
    "Bound",
    "Explanation",
    "MoveScore",
    "analysis_lines",
    "best_scored",
    "database_words",
    "explain_choice",
    "explain_recorded",
    "explain_search",
    "facts",
    "format_men",
    "iterate_analysis",
    "made_now_words",
    "other_line_words",
    "others_heading",
    "sentences",
    "who_played",
    "win_in_moves",
]

MAX_LINES = 20
"""Most analysis lines one may ask for: more than the moves of almost any position, and each
line is a search of its own."""

Bound = Literal["exact", "upper", "lower", "unscored"]
"""What a root move's score is: exact; an upper bound ("at most": the search proved the move no
better, which is all principal-variation search learns of a move that fails low); a lower bound
("at least"); or none at all (a move the search did not score, such as a level's slip)."""


def win_in_moves(score: float) -> int:
    """For a forced result, the winner's moves until it wins: positive when the side to move
    wins, negative when its opponent does."""
    moves = winner_moves(plies_to_win(score))
    return moves if score > 0 else -moves


def format_men(score: float | None, win_in: int | None) -> str:
    """A score for people: `+0.12` in men, `wins in 3 moves`, `loses in 2 moves`, or `?`."""
    if win_in is not None:
        return result_text(abs(win_in), win_in > 0)
    return "?" if score is None else men_text(score)


FORCED_MEN = 20.0
"""A forced (or database) win in the JSON's `score`, as the review counts it: more than any
material; a loss is its negative. `win_in` tells how soon."""


def result_number(score: float | None, win_in: int | None) -> float | None:
    """A score for the JSON: men, or +/-FORCED_MEN for a forced result (None: no score)."""
    if win_in is not None:
        return FORCED_MEN if win_in > 0 else -FORCED_MEN
    return score


def database_words(score: float) -> str:
    """A result from the endgame databases, for the side it is scored for: `database win in 3
    moves`, `database loss in 2 moves` (moves of the winner) or `database draw`."""
    if not is_win_score(score):
        return "database draw"
    moves = plural(abs(win_in_moves(score)), "move")
    return f"database {'win' if score > 0 else 'loss'} in {moves}"


def _score(raw: float, units_per_man: float) -> tuple[float | None, int | None]:
    """A search score as (men, None), or (None, moves to the forced result)."""
    if is_win_score(raw):
        return None, win_in_moves(raw)
    return round(raw / units_per_man, 2), None


def _pdn(moves: Iterable[Move]) -> tuple[str, ...]:
    return tuple(move.pdn() for move in moves)


# --- analysis lines (multi-PV) ---------------------------------------------------------------


@dataclass(frozen=True)
class AnalysisLine:
    """One of the best moves: its score in men from the side to move (None for a forced result,
    then `win_in` moves: positive the side to move wins, negative it loses) and its line, the
    move first."""

    move: str
    score: float | None
    pv: tuple[str, ...]
    win_in: int | None = None
    database: str | None = None  # the endgame databases' words when they gave the result
    ideas: tuple[Idea, ...] = ()
    """The ideas its line proves (`checkers.coach.ideas`, without a search of their own)."""

    def as_json(self) -> dict[str, Any]:
        """The JSON object of docs/engine.md: move, score, pv, win_in for a forced result,
        database for a result the endgame databases gave, and the line's ideas."""
        data: dict[str, Any] = {
            "move": self.move,
            "score": result_number(self.score, self.win_in),
            "pv": list(self.pv),
        }
        if self.win_in is not None:
            data["win_in"] = self.win_in
        if self.database is not None:
            data["database"] = self.database
        data["ideas"] = [idea.to_json() for idea in self.ideas]
        return data

    @property
    def kept_score(self) -> float | None:
        """The score a judgement of the position keeps from this line, from the side to move:
        in men, or for a forced result a win score in the search's terms (`WIN` less the plies,
        counted back from `win_in`: the winner's last move ends it). A forced win the analysis
        board proved was dropped for want of a number, so the review beside it kept "+10.65
        for Black" where the explorer said "Black wins in 9 moves" (walk 2026-11-30t)."""
        if self.win_in is None:
            return self.score
        plies = 2 * self.win_in - 1 if self.win_in > 0 else -2 * self.win_in
        return math.copysign(WIN - plies, self.win_in)


@dataclass(frozen=True)
class Analysis:
    """The best lines at one completed depth, best first (depth 0 and no lines: none finished,
    or the side to move has no move)."""

    depth: int
    lines: tuple[AnalysisLine, ...]
    nodes: int = 0

    @property
    def from_databases(self) -> bool:
        """Every line is the endgame databases' (no search: the depth means nothing)."""
        return bool(self.lines) and all(line.database is not None for line in self.lines)

    def as_json(self) -> dict[str, Any]:
        """`{"depth": D, "lines": [...]}`."""
        return {"depth": self.depth, "lines": [line.as_json() for line in self.lines]}


def _line_ideas(
    position: Position, pv: Sequence[str], score: float | None, win_in: int | None
) -> tuple[Idea, ...]:
    """The ideas a line proves that its score (`score` in men or `win_in`, from the side to
    move's view) does not contradict (`ideas.agreeing`); none for a line that does not replay
    (never expected)."""
    from checkers.coach.ideas import agreeing, ideas  # the coach's detection imports the engine

    try:
        found = ideas(position, pv)
    except ValueError:
        return ()
    return agreeing(found, position.turn, score, win_in)


def iterate_analysis(
    request: SearchRequest | Position,
    limits: Limits,
    count: int,
    analyser: Analyser | None = None,
    stop: StopSignal | None = None,
) -> Iterator[Analysis]:
    """The `count` best moves (as many as there are, if fewer) after each completed depth of the
    analyser's search (a new one with the engine's evaluation if None), deepest last; one line
    is the engine's normal search, unchanged."""
    if not 1 <= count <= MAX_LINES:
        raise ValueError(f"the number of lines must be 1 to {MAX_LINES}")
    analyser = analyser if analyser is not None else Analyser()
    position = SearchRequest.of(request).position
    reported = 0
    for report in analyser.analyse(request, limits, count, stop):
        # A move from an unfinished depth repeats the last depth: not a completed line.
        if not report.finished or report.best is None or report.depth <= reported:
            continue
        reported = report.depth
        shown = report.lines[:1] if count == 1 else report.exact[:count]
        lines = []
        for found in shown:
            score, win_in = _score(found.score, report.units_per_man)
            words = database_words(found.score) if found.database else None
            pv = _pdn(found.line)
            lines.append(
                AnalysisLine(
                    pv[0], score, pv, win_in, words, _line_ideas(position, pv, score, win_in)
                )
            )
        yield Analysis(report.depth, tuple(lines), report.nodes)


def analysis_lines(
    request: SearchRequest | Position,
    limits: Limits,
    count: int,
    analyser: Analyser | None = None,
    stop: StopSignal | None = None,
) -> Analysis:
    """The `count` best moves at the deepest depth completed within `limits`, best first."""
    analysis = Analysis(0, ())
    for analysis in iterate_analysis(request, limits, count, analyser, stop):
        pass
    return analysis


# --- why this move ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveScore:
    """What the search found for one root move: its score in men from the mover's view, exact or
    a bound (`bound`), the depth it was searched to, and its line, the move first: the line the
    AI expects for its move, the refutation for a rejected one. `win_in` as in AnalysisLine."""

    move: str
    score: float | None
    bound: Bound
    depth: int
    pv: tuple[str, ...]
    win_in: int | None = None
    database: str | None = None
    """The endgame databases' exact result (`database draw`) when they scored the move."""
    verdict: str = ""
    """An exact score's result in a player's words (`only draws`, `loses a man`), or ''."""
    ideas: tuple[Idea, ...] = ()
    """The ideas its line proves (`checkers.coach.ideas`), of either side."""
    judged: bool = False
    """Its figure is the game's kept judgement (`coach.judgement.rejudged`): the engine's own
    evaluation at `depth`, whatever the AI that played judged by."""

    @property
    def refutation(self) -> tuple[str, ...]:
        """The reply and the line after it that the search answered this move with."""
        return self.pv[1:]

    def describe(self) -> str:
        """The score in words: `+0.12`, `at most -0.40`, `at least wins in 3 moves`,
        `database draw`."""
        value = self.database or format_men(self.score, self.win_in)
        if self.bound == "upper":
            return f"at most {value}"
        if self.bound == "lower":
            return f"at least {value}"
        if self.bound == "unscored":
            return "not scored"
        return value


@dataclass(frozen=True)
class Explanation:
    """Why an AI player played its move: the moves its search considered (the played move first,
    then the others best first), whether the move was forced, and the level's deliberate flaws.

    `searched` is the search's choice, which differs from `played` when the level slipped;
    `complete` says every root move was scored (the engine), not only the chosen one.
    """

    player: str
    played: str
    searched: str | None
    moves: tuple[MoveScore, ...]
    legal_moves: int
    all_captures: bool
    complete: bool
    slipped: bool = False
    blunder: float = 0.0
    noise_men: float = 0.0
    from_book: bool = False
    database: str | None = None  # `database win in 3 moves` when the databases chose the move
    exact_depth: int = 0
    """The depth of the multi-line search that scored the best moves exactly (0: none ran)."""
    mover: Side | None = None
    """The side that played, when the exact pass knows it (the ideas speak of sides)."""
    chosen_depth: int = 0
    """How deep the AI's own search looked for its move, when the exact pass has rescored it."""
    level_counted: str | None = None
    """What a level with an evaluation of its own counted for its move (`+1.35`), when the
    exact pass judged the moves with the engine's evaluation instead."""
    chosen_score: str | None = None
    """What the AI's own search counted for its move (`+0.10`), when the exact pass has
    rescored it."""
    deeper: MoveScore | None = None
    """The game's kept judgement of the position the played move led to, where it looked
    deeper than the card's one depth (`coach.judgement.rejudged`): said apart, never as a row
    compared with the others' shallower scores."""
    deeper_best: MoveScore | None = None
    """The game's kept judgement of the position before the move, where it looked deeper than
    the card's rows and calls another move the best than they do (`coach.judgement.rejudged`):
    said apart, so a card and a deeper look (the review's) never name two best moves without a
    word (walk 2026-12-01ab)."""
    book_scored: bool = False
    """The moves' scores are the opening book's (`coach.exact`: the book holds every move of
    the position), for a move the AI did not take from the book: scores without lines, which
    the game keeps no judgement from (`coach.judgement.explained`)."""
    seen: tuple[MoveScore, ...] = ()
    """The AI's own search's rows from when it played (the exact pass's, its depth
    `exact_depth`), where `moves` are the review's judgement of the move instead
    (`coach.judgement.reviewed`): told apart, as what it saw, compared with none of the review's
    rows (issue 35: a card opened in a review takes the review's comparison)."""
    made_now: bool = False
    """The move was played before the game was opened here, and a saved game keeps no AI's
    search: the rows are from a search made since (`explain_recorded`), and nothing is said of
    what the AI's own search counted, chose or looked at."""
    reviewed: bool = False
    """`moves` are the review's judgement of the move (`coach.judgement.reviewed`): the played
    move and the review's best, whether or not the AI's own rows are kept in `seen` (which only
    a reviewed card has)."""

    def as_json(self) -> dict[str, Any]:
        """Every field, each move's ideas as docs/engine.md's objects, and the sentences."""
        data = {
            field.name: getattr(self, field.name)
            for field in dataclasses.fields(self)
            if field.name not in ("moves", "deeper", "deeper_best", "seen")
        }
        data["mover"] = self.mover.name.lower() if self.mover is not None else None
        data["moves"] = [_move_json(move) for move in self.moves]
        if self.deeper is not None:
            data["deeper"] = _move_json(self.deeper)
        if self.deeper_best is not None:
            data["deeper_best"] = _move_json(self.deeper_best)
        if self.seen:
            data["seen"] = [_move_json(move) for move in self.seen]
        data["sentences"] = sentences(self)
        return data


def _move_json(move: MoveScore) -> dict[str, Any]:
    data = {
        field.name: getattr(move, field.name)
        for field in dataclasses.fields(move)
        if field.name not in ("pv", "ideas")
    }
    data["score"] = result_number(move.score, move.win_in)
    data["pv"] = list(move.pv)
    data["ideas"] = [idea.to_json() for idea in move.ideas]
    return data


def explain_book_move(
    player: str,
    position: Position,
    played: Move,
    book_moves: Sequence[tuple[Move, int]],
    depth: int,
) -> Explanation:
    """Why a move came from the opening book: the book's moves for `position` with the scores
    the engine's own search gave them at `depth` (engine units), the played move first."""
    ordered = sorted(book_moves, key=lambda pair: (pair[0] != played, -pair[1]))
    moves = tuple(_book_move_score(move, score, depth) for move, score in ordered)
    legal = position.legal_moves()
    return Explanation(
        player=player,
        played=played.pdn(),
        searched=played.pdn(),
        moves=moves,
        legal_moves=len(legal),
        all_captures=all(move.is_capture for move in legal),
        complete=False,
        from_book=True,
    )


def _book_move_score(move: Move, score: int, depth: int) -> MoveScore:
    men, win_in = _score(score, MAN)
    return MoveScore(move.pdn(), men, "exact", depth, (move.pdn(),), win_in)


def _from_report(report: RootLine, units_per_man: float) -> MoveScore:
    score, win_in = _score(report.score, units_per_man)
    bound: Bound = "exact"
    if report.bound in ("upper", "lower"):
        bound = "upper" if report.bound == "upper" else "lower"
    return MoveScore(report.move.pdn(), score, bound, report.depth, _pdn(report.line), win_in)


def explain_choice(position: Position, choice: Choice) -> Explanation | None:
    """Why an AI player's `choice` in `position`, in words, from the raw figures it carries;
    None when there was no move."""
    move = choice.result.move
    if move is None:
        return None
    if choice.book_moves is not None:
        return explain_book_move(
            choice.player, position, move, choice.book_moves, choice.result.depth
        )
    return explain_search(
        position,
        choice.search or choice.result,
        move,
        roots=choice.roots,
        root_scale=choice.root_scale,
        units_per_man=choice.man,
        player=choice.player,
        blunder=choice.blunder,
        noise_men=choice.noise_men,
    )


def explain_search(
    position: Position,
    result: SearchResult,
    played: Move,
    *,
    roots: Sequence[RootLine] = (),
    root_scale: int = 1,
    units_per_man: float = MAN,
    player: str = "engine",
    blunder: float = 0.0,
    noise_men: float = 0.0,
) -> Explanation:
    """Explain `played` in `position` from the search that gave `result`.

    With the engine's `roots` (every root move it scored, in `root_scale` raw units per unit of
    the result's score), each of them; otherwise only the searched move's score.
    `units_per_man` is a man in the evaluation's units (`registry.man_value`); a `played` move
    other than the searched one is the level's slip.
    """
    legal = position.legal_moves()
    searched = result.move
    moves: list[MoveScore] = []
    if roots:
        units = units_per_man * root_scale  # the root's raw scores, as the engine keeps them
        moves = [_from_report(report, units) for report in roots]
    elif searched is not None and result.depth > 0:
        score, win_in = _score(result.score, units_per_man)
        pv = _pdn(result.pv) if result.pv and result.pv[0] == searched else (searched.pdn(),)
        moves = [MoveScore(searched.pdn(), score, "exact", result.depth, pv, win_in)]
    text = played.pdn()
    first = [move for move in moves if move.move == text] or [
        MoveScore(text, None, "unscored", 0, (text,))
    ]
    return Explanation(
        player=player,
        played=text,
        searched=searched.pdn() if searched is not None else None,
        moves=tuple(first + [move for move in moves if move.move != text]),
        legal_moves=len(legal),
        all_captures=bool(legal) and all(move.is_capture for move in legal),
        complete=bool(roots) and bool(moves),
        slipped=searched is not None and played != searched,
        blunder=blunder,
        noise_men=noise_men,
        database=database_words(result.score) if result.database else None,
        # How far the search looked as the panel counts it, the last depth it finished: a root
        # move searched in a depth cut short reads one more (walk 2026-12-01ag: the panel's
        # "looked 12 turns ahead" beside the card's "chose 30-26, looking 13 turns ahead").
        chosen_depth=result.depth if first[0].bound != "unscored" else 0,
    )


def explain_recorded(position: Position, played: Move, player: str) -> Explanation:
    """Why? of `played`, a move the game records in `position` without the AI's search behind
    it (played by `player` before the game was opened here): the played move, not scored yet,
    and nothing of the AI's own search, which no file keeps (`made_now`). The exact pass
    (`coach.exact.exact_explanation`) then scores it and the best others with a search of its
    own. Raises ValueError for a move that is not legal in `position`."""
    legal = position.legal_moves()
    if played not in legal:
        raise ValueError(f"{played.pdn()} is not a legal move in {position.fen()}")
    text = played.pdn()
    return Explanation(
        player=player,
        played=text,
        searched=None,
        moves=(MoveScore(text, None, "unscored", 0, (text,)),),
        legal_moves=len(legal),
        all_captures=all(move.is_capture for move in legal),
        complete=False,
        made_now=True,
    )


def made_now_words(explanation: Explanation) -> str:
    """The sentence of a card made after the fact (`Explanation.made_now`): whose its scores
    are, and that they are not the AI's own from when it played."""
    whose = (
        "the opening book's (the engine's own deeper look)"
        if explanation.book_scored
        else "from a search made now"
    )
    who = who_played(explanation.player)
    own = f"{who[0].lower()}{who[1:]}'s own search when it played {explanation.played}"
    # A saved game keeps each position's judgement, never the moves' scores of a search.
    kept = "a saved game keeps no search's scores of the moves"
    if explanation.reviewed:
        # A review's card: its first rows are the review's, any rows below from the search
        # (left out where they were shallower than the review's: `judgement.reviewed`).
        if explanation.seen:
            return f"The rows below the review's are {whose}, not {own}: {kept}."
        return f"These scores are the review's, not {own}: {kept}."
    return f"These scores are {whose}, not {own}: {kept}."


BOUND_WORDS = "At most / at least: a limit the search proved, not an exact score."
"""What a bound (`MoveScore.describe`'s `at most`, or `at least` told for the other side) is, in
one sentence the facts say once where any move shows one."""

ENGINE_SCORES = "The moves' scores are the engine's."
"""The facts' sentence that says whose the rows' scores are (a level's count beside them is on
its own scale); a card whose view says it already leaves it out."""

DATABASE_RESULTS = "The moves' results are the endgame databases'."
"""As `ENGINE_SCORES`, where every exact row is the databases' result."""


def others_heading(shown: int, legal_moves: int, first_bound: str) -> str:
    """The heading over the other moves' rows (`shown` of them, the first's bound
    `first_bound`): `best first` only over two or more (walk 2026-11-30j: "The other moves,
    best first:" over one row)."""
    if shown != 1:
        return "The other moves, best first:"
    if legal_moves == 2:
        return "The other move:"
    return "The best other move:" if first_bound == "exact" else "Another move, for comparison:"


def counted_for_itself(figure: str) -> str:
    """A level's own count as the command line says it: `counted +1.00 for itself`."""
    return f"counted {figure} for itself"


SHOWN_PLIES = 8
"""The plies of a line a sentence shows (the rest is in the data)."""
VERDICT_PLIES = 7
"""The plies of a move's line its verdict's material is counted over: the move and the six
plies after it, as much as any row shows (a Why? row in the window shows six, a sentence
eight), so "wins a man" is never said of material a row does not show taken (walk
2026-12-01z: one of two rows whose shown moves both took a man said it, on an eighth ply)."""


def _shortened(line: Sequence[str]) -> str:
    more = len(line) - SHOWN_PLIES
    return " ".join(line[:SHOWN_PLIES]) + (f" (+{more} more)" if more > 0 else "")


def who_played(player: str) -> str:
    """Who played, as a sentence begins it: `The Novice level` (named as the start screen names
    it), `This AI` (set up by hand),
    `The engine`."""
    if player == "custom":
        return "This AI"
    if player in ALGORITHMS:
        return "The engine" if player == "engine" else "The AI"
    return f"The {player.capitalize()} level"


def _review_best(explanation: Explanation) -> str | None:
    """The best move of a reviewed card's rows (the review's), or None where none is scored."""
    scored = [move for move in explanation.moves if move.score is not None]
    return max(scored, key=lambda move: move.score or 0.0).move if scored else None


def facts(
    explanation: Explanation,
    thinking_time: float | None = None,
    counted: Callable[[str], str] = counted_for_itself,
) -> list[str]:
    """The plain sentences before the moves' own lines, in a player's words (the window's Why?
    card and `checkers analyse --why` say the same): forced, slips, misjudging, book, databases,
    how far the search looked, what `at most` means, and why the AI did not play a move the
    exact pass scores better (`thinking_time`: the AI's seconds a move, when it had a time;
    `counted`: how a level's own count is said, from its figure)."""
    played = explanation.moves[0]
    who = who_played(explanation.player)
    facts: list[str] = []
    if explanation.legal_moves == 1:
        facts.append(
            f"{explanation.played} was the only legal move"
            + (": capture is compulsory." if explanation.all_captures else ".")
        )
    elif explanation.all_captures:
        facts.append(f"Capture is compulsory: {explanation.legal_moves} captures to choose from.")
    if explanation.slipped:
        often = round(1 / explanation.blunder) if explanation.blunder else 0
        facts.append(
            f"{who} slipped on purpose"
            + (f" (it plays a random move about one time in {often})" if often else "")
            + f": its search chose {explanation.searched}, it played {explanation.played}."
        )
    # A level's own rough count is said once, in the sentence that says how it chose.
    told = (
        explanation.level_counted is not None
        and not explanation.slipped
        and explanation.database is None
        and not explanation.from_book
        and played.bound != "unscored"
    )
    if explanation.noise_men > 0 and not told:
        facts.append(
            f"{who} misjudges on purpose: it adds a random error of up to"
            f" {explanation.noise_men:.2f} of a man to each position it judges."
        )
    if explanation.from_book and explanation.exact_depth and not explanation.reviewed:
        # Every move looked at further since the book's look (`coach.judgement.rejudged`):
        # its rows are that look's, and the book's own figures are not shown beside them.
        facts.append(
            f"{explanation.played} came from the opening book. Every move here has since been"
            f" scored exactly, looking {depth_words(explanation.exact_depth)}."
        )
        return facts
    if explanation.from_book:
        # The book's look, whatever rows the card shows: a reviewed card's rows are the
        # review's, its depth not the book's (walk 2026-12-01w: "the engine's own deeper look
        # (14 turns ahead)" above "The opening book's own scores, looking 13 turns ahead").
        book = next((m for m in explanation.seen if m.move == explanation.played), played)
        # Not called deeper: the level's own search may look further than the book did (walk
        # 2026-12-01x: "deeper look (13 turns ahead)" beside a Club level's 15-16).
        facts.append(
            f"{explanation.played} came from the opening book, which holds the engine's own"
            f" look at this position ({depth_words(book.depth)})."
        )
        # The book's own scores: a reviewed card's rows are the review's (walk 2026-12-01ad:
        # the rule said beside the review's "0.20 worse than 27-24", the book holding 22-17
        # alone).
        own = explanation.seen if explanation.reviewed else explanation.moves
        better = [m for m in own if m.move != explanation.played and m.score is not None]
        top = max(better, key=lambda m: m.score or 0.0) if better else None
        if explanation.reviewed and top is not None and top.move != _review_best(explanation):
            # The review's rows name another best move: the book's, named too, made two on
            # one card (walk 2026-12-01ah: the review's best 27-23 beside "At the book's look
            # 26-23 scores 0.05 more"); the book's own scores below show it, under their name.
            top = None
        if book.score is not None and top is not None and (top.score or 0.0) > book.score:
            # The book's MARGIN is 5 in the engine's units, where a man is 100.
            # Its rule, not a verdict: a deeper look (the review's, the game's) can find more
            # between them (walk 2026-11-30h: "the AI lost 0.15 men" above "the difference is
            # too small to matter" on one card).
            # With its figures: beside rows that all read "even" the rule alone named no
            # difference (walks 2026-12-01ad and ae).
            gap = round((top.score or 0.0) - book.score, 2)
            rule = (
                ": the book picks among its moves that score within a twentieth of a man of the"
                " best, so that games vary"
                if gap <= 0.05
                else ""
            )
            facts.append(
                f"At the book's look {top.move} scores {gap:.2f} of a man more than"
                f" {explanation.played}{rule}."
            )
        return facts
    scored = [move for move in explanation.moves if move.bound == "exact"]
    # Every exact result the databases' own: no search depth and no engine's scale to name.
    databases = bool(scored) and all(move.database is not None for move in scored)
    whose = DATABASE_RESULTS if databases else ENGINE_SCORES
    if explanation.database is not None:
        kind = (
            "the fastest win"
            if " win" in explanation.database
            else "the slowest loss"
            if " loss" in explanation.database
            else "it keeps the draw"
        )
        # Whose result it is, said (walk 2026-12-01v: "Database loss in 33 moves" on a card
        # whose headline gave the player's win).
        result = explanation.database.removeprefix("database ")
        side = (
            explanation.mover.name.capitalize()
            if explanation.mover is not None
            else f"{who[0].lower()}{who[1:]}"
        )
        whose = "" if result == "draw" else f" for {side}"
        facts.append(
            f"The endgame databases hold this position's result under perfect play, a {result}"
            f"{whose}, and {explanation.searched} is their move ({kind})."
        )
    elif explanation.made_now:
        # Nothing of the AI's own search is known (a saved game keeps none): whose the scores
        # are instead, said once, where any is shown.
        if any(move.bound != "unscored" for move in (*explanation.moves, *explanation.seen)):
            facts.append(made_now_words(explanation))
    elif played.bound == "unscored":
        if not explanation.slipped and explanation.legal_moves > 1:
            facts.append(
                f"{explanation.played} was played before the search had looked even one turn ahead."
            )
    elif not explanation.slipped:  # a slip's own fact says what its search chose instead
        looked = explanation.chosen_depth or played.depth
        if told and explanation.level_counted is not None and explanation.legal_moves == 1:
            # No choice, so no "chose ..., looking 2 turns ahead" nor its error on purpose
            # (walk 2026-11-30i), nor its own rough count, which chose nothing and read as a
            # second verdict of the other sign beside the engine's (walk 2026-11-30j): only
            # whose the figure is.
            facts.append(whose)
        elif told and explanation.level_counted is not None:
            # Whose each figure is: the level's count, on its own scale (with its error on
            # purpose), and the engine's scores of the moves below.
            noise = (
                f", to which it adds a random error of up to {explanation.noise_men:.2f} of a"
                " man on purpose"
                if explanation.noise_men > 0
                else ""
            )
            if result_moves(explanation.level_counted) is not None:
                # A forced result is no rough count, and its search stops there: said, so
                # "looking 4 turns ahead" does not read against the level's "five turns" (walk
                # 2026-11-30m: "counted a win in 2 moves for White on a rough scale of its own").
                facts.append(
                    f"{who} chose {explanation.played}, looking {depth_words(looked)}, and"
                    f" {counted(explanation.level_counted)}: a forced result, so it looked no"
                    " further."
                )
            else:
                facts.append(
                    f"{who} chose {explanation.played}, looking {depth_words(looked)}, and"
                    f" {counted(explanation.level_counted)} on a rough scale of its own{noise}."
                )
            facts.append(whose)
        elif explanation.legal_moves > 1:
            # An only move is no choice: "the only legal move" says it (walk 2026-11-30g, shot
            # 41: "The Club level chose 25x18, looking 1 turn ahead" under it).
            facts.append(f"{who} chose {explanation.played}, looking {depth_words(looked)}.")
    others = [move for move in explanation.moves[1:] if move.bound != "unscored"]
    # A card of a reviewed move compares the review's rows: the review's own sentence says how
    # far it looked and what it prefers, and the AI's search is told apart (`seen`), so no
    # second comparison of the exact pass's is made here.
    preferred = (
        [] if explanation.reviewed else _preferred_words(explanation, who, thinking_time, counted)
    )
    if explanation.level_counted is not None and not told:
        # Its count is on its own rough scale, not the engine's: said once, here, so a
        # +1.39 beside the engine's `even` reads as another count, not a contradiction.
        facts.append(
            f"{who} {counted(explanation.level_counted)} after {explanation.played} on a rough"
            " scale of its own."
        )
        facts.append(whose)
    if explanation.reviewed:
        pass  # the review's sentence says how far its rows looked, the seen rows' heading theirs
    elif explanation.exact_depth and explanation.database is None and databases:
        facts.append("Each move below is the endgame databases' result under perfect play.")
    elif explanation.exact_depth and explanation.database is None:
        # A row the game's deeper judgement scored since (`coach.judgement.rejudged`) says so.
        deeper = [
            move
            for move in scored
            if move.database is None and move.depth > explanation.exact_depth
        ]
        further = ""
        if deeper:
            # How far, said here: a row does not say a depth the sentences above give (walk
            # 2026-12-01ai: "as their rows say" of rows that said none).
            have = "has" if len(deeper) == 1 else "have"
            named = " and ".join(move.move for move in deeper)
            far = depth_span(move.depth for move in deeper)
            further = f" ({named} {have} since been looked at further, {far})"
        # A row the search only bounded (the played move's exact score not found in the
        # pass's time, a move proven worse) is no exact score: the sentence says which are
        # (walk 2026-11-30d: "scored exactly" under the played row's "at least +0.55").
        limits = any(move.bound in ("upper", "lower") for move in explanation.moves)
        how = "scored" if limits else "scored exactly"
        unless = ": exactly, unless its row says at most or at least" if limits else ""
        if explanation.book_scored and not limits:
            # The book's scores, which make no judgement of the game (no lines): the panel's
            # own figure for the position after the move is another look's (walk
            # 2026-12-01ab: "+0.25 for you ... looking 13 turns ahead" here, "even (the engine
            # looked 10 turns ahead)" on the panel, and no line here beside the panel's).
            facts.append(
                "Each move below is scored by the opening book, looking"
                f" {depth_words(explanation.exact_depth)}{further}; the book keeps no lines,"
                " and the panel's score and line are the engine's own look since."
            )
        else:
            # Whose look it is: a weak level's card said "looking 10 turns ahead" with no
            # subject beside the start screen's "Beginner looks two turns ahead" (walks
            # 2026-12-01ad and ae).
            level_depth = explanation.chosen_depth
            deeper_than = (
                f" (deeper than {who[0].lower()}{who[1:]} looked)"
                if who not in ("The engine", "The AI")
                and level_depth
                and level_depth < explanation.exact_depth
                and not explanation.made_now
                and explanation.legal_moves > 1
                else ""
            )
            each = "Each move below" if explanation.legal_moves > 1 else "The move below"
            facts.append(
                f"{each} is {how} by the engine, looking"
                f" {depth_words(explanation.exact_depth)}{deeper_than}{further}{unless}."
            )
    elif played.bound != "unscored" and any(move.depth != played.depth for move in others):
        facts.append(
            f"Time ran out before the other moves were looked at {depth_words(played.depth)}:"
            f" their scores are from {depth_words(others[0].depth)}."
        )
    # What a bound is, said once and only where one is shown.
    if any(move.bound in ("upper", "lower") for move in (*explanation.moves, *explanation.seen)):
        facts.append(BOUND_WORDS)
    if (
        not others
        and not explanation.complete
        and explanation.legal_moves > 1
        and not explanation.reviewed
        and not explanation.made_now  # no search of its own is known to keep anything
    ):
        facts.append(f"{who} keeps the score of its chosen move only.")
    facts += preferred
    return facts


def _preferred_words(
    explanation: Explanation,
    who: str,
    thinking_time: float | None,
    counted: Callable[[str], str] = counted_for_itself,
) -> list[str]:
    """Why the AI did not play the move its exact pass scores better than the played one, in
    what the two searches prove and nothing more: how far the AI's own search looked (in its
    time) and what it counted for its move, and by how much the exact pass prefers the other
    move; a difference under the even bound (`notation.EVEN_MEN`) is said to be too small to
    call the played move a mistake. [] when the played move is the best scored, or is not
    scored exactly, or came from the book or the databases (their own facts say why)."""
    played = explanation.moves[0]
    best = best_scored(explanation.moves)
    if (
        best is None
        or best.move == played.move
        or played.bound != "exact"
        or not explanation.exact_depth
        or explanation.from_book
        or explanation.database is not None
    ):
        return []
    top, value = result_number(best.score, best.win_in), result_number(played.score, played.win_in)
    if top is None or value is None or _result_rank(best) <= _result_rank(played):
        return []
    # As deep as the two rows compared: the exact pass's, or the game's deeper judgements
    # where they have since scored both (`coach.judgement.rejudged`).
    exact = max(explanation.exact_depth, min(best.depth, played.depth))
    chosen = explanation.chosen_depth
    if (
        best.depth != played.depth
        and best.database is None
        and played.database is None
        and best.win_in is None
        and played.win_in is None
    ):
        # Two moves looked at unequally far are not compared (issue 35: one depth), and the
        # card says so where their figures differ enough to be read as a verdict (walk
        # 2026-12-01v: a played move 0.30 below the best with no word on the card).
        if round(top - value, 2) < EVEN_MEN:
            return []
        apart = (
            f"{best.move} scores better than {explanation.played} on its row, but the two rows"
            f" looked unequally far ({best.move} {depth_words(best.depth)}, {explanation.played}"
            f" {depth_words(played.depth)}), so they are not compared."
        )
        return [apart]
    if explanation.book_scored and exact == explanation.exact_depth:
        # The rows are the opening book's scores: named, not "a deeper look" beside a deeper
        # look since (walk 2026-12-01af: two "deeper looks" on one card).
        look = f"The opening book's look, {depth_words(exact)},"
    elif chosen and exact > chosen:
        look = f"A deeper look, {depth_words(exact)},"
    elif chosen and exact < chosen:
        look = f"A shallower look, {depth_words(exact)} (the time for exact scores ran out),"
    elif chosen:
        # The best moves, not every move: a card may name moves this look left out (walk
        # 2026-12-01v read "Every move scored exactly" above "Not shown: ...").
        look = f"Scoring the best moves exactly as far ahead ({depth_words(exact)}), the engine"
    else:
        look = f"The engine, looking {depth_words(exact)},"
    forced = best.win_in is not None or played.win_in is not None
    databases = best.database is not None or played.database is not None
    if best.database is not None and played.database is not None:
        # No search depth: the databases' results under perfect play.
        found = (
            f"The endgame databases give {best.move} a {best.database.removeprefix('database ')}"
            f" and {explanation.played} a {played.database.removeprefix('database ')}."
        )
    elif not databases and (best.win_in is None) != (played.win_in is None):
        # A forced result beside a score (neither the databases'): the score alone (`-8.00`)
        # named no side (walk 2026-11-30j: "finds 4-8 -8.00 and 19-24 loses in 6 moves").
        proven, other = (best, played) if best.win_in is not None else (played, best)
        kind = "win" if (proven.win_in or 0) > 0 else "loss"
        found = (
            f"{look} finds that {proven.move} {proven.describe()}; after {other.move} it finds"
            f" no forced {kind}."
        )
    elif best.win_in is not None and played.win_in is not None and not databases:
        # Two forced results: proven whatever the depth, so no depth is named beside the rows'
        # own (walk 2026-12-01af: "A deeper look, 9 turns ahead, finds 29-25 wins in 4 moves"
        # beside a row 10 turns ahead and a footer 8 turns ahead, three depths on one card).
        found = (
            f"Both proven by force: {best.move} {best.describe()}, {explanation.played}"
            f" {played.describe()}."
        )
    elif forced or databases:
        found = (
            f"{look} finds {best.move} {best.describe()} and {explanation.played}"
            f" {played.describe()}."
        )
    else:
        found = (
            f"{look} scores {best.move} {top - value:.2f} of a man better than"
            f" {explanation.played}."
        )
    said = [found]
    if chosen and not explanation.slipped:
        spent = f" in its {thinking_time:g} s" if thinking_time else ""
        if explanation.level_counted is not None:  # its count is said above, with its scale
            count = ""
        elif explanation.chosen_score is not None:
            count = f", {counted(explanation.chosen_score)} after {explanation.played}"
        else:
            count = ""
        if spent or count or explanation.level_counted is None:
            said.append(
                f"{who}'s own search looked {depth_words(chosen)}{spent}{count} and chose it."
            )
            if (
                count
                and chosen == exact
                and explanation.chosen_score != format_men(played.score, played.win_in)
            ):
                # Two figures at one depth (walk 2026-12-01v: +0.40 on the row, "counted
                # +0.60" here, both 12 turns ahead): why they differ, said.
                said.append(
                    "A search for one best move prunes lines that a search scoring several"
                    " moves exactly keeps, so the two need not agree at one depth."
                )
        # else its depth and its count are each said above, once
    if not forced and round(top - value, 2) < EVEN_MEN:
        said.append(
            f"Less than a fifth of a man: too small a difference to call {explanation.played}"
            " a mistake."
        )
    return [" ".join(said)]


def idea_words(idea: Idea, move: str, mover: Side) -> str:
    """An idea in a move's line as a sentence: the mover's own (`White's shot: ...`), or the
    opponent's that the move walks into (`22-18 walks into Black's shot: ...`)."""
    # An idea that begins later in the line than the move and its reply follows moves its
    # text does not give: they are said first, so the line reads from the row's move (walk
    # 2026-11-30d: "12-8 ...: White exchanges two men for two men: 22-17 13x22 ..." left out
    # Black's capture after 12-8).
    before = idea.line[: idea.start] if idea.start >= (2 if idea.side is mover else 3) else ()
    after = f"after {' '.join(before)}, " if before else ""
    if before and idea.lead:
        # What the moves before give, said before the idea they lead to (walk 2026-12-01v:
        # "14-9 allows, after 14-9 5x14 ..., an exchange" hid the man 14-9 gives first).
        # "first" only of a short run of moves: "28-32 gives a piece first (...39 plies...)"
        # read as at once where it went at the 34th (walk 2026-12-01ab).
        when = "first" if len(before) <= 4 else "on the way"
        first = f"{move} {idea.lead} {when} ({' '.join(before)}), then"
        if idea.side is mover:
            return f"{first} {idea.text}"
        allows = "allows an exchange:" if idea.name == "exchange" else "walks into"
        return f"{first} {allows} {idea.text}"
    if idea.side is mover:
        text = f"{after}{idea.text}"
        return text[:1].upper() + text[1:]  # a sentence of its own
    if idea.name == "exchange":  # an even trade is allowed, not walked into
        return (
            f"{move} allows, {after}an exchange: {idea.text}"
            if after
            else (f"{move} allows an exchange: {idea.text}")
        )
    return f"{move} walks, {after}into {idea.text}" if after else f"{move} walks into {idea.text}"


def best_scored(moves: Sequence[MoveScore]) -> MoveScore | None:
    """The move with the best exact result among `moves` (a forced or database win first, the
    soonest first, a forced loss last, the latest first), or None when none is scored
    exactly."""
    exact = [
        move
        for move in moves
        if move.bound == "exact" and result_number(move.score, move.win_in) is not None
    ]
    return max(exact, key=_result_rank, default=None)


def _result_rank(move: MoveScore) -> tuple[float, float]:
    """A move's exact result for ranking, best highest: its number (a forced result counts as
    more than any material), then among forced wins the soonest and among losses the latest."""
    value = result_number(move.score, move.win_in) or 0.0
    return (value, -move.win_in if move.win_in is not None else 0.0)


REFUTED = "refuted by"
"""The words before a line that proves a move a real loss worse than the best
(`other_line_words`)."""


def other_line_words(
    move: MoveScore, best: MoveScore | None, played: MoveScore | None = None
) -> str:
    """What another move's line (its reply and on) shows against the best exact move `best`, in
    the numbers' words, as the words before the line: `refuted by` only where the move is proven
    at least a fifth of a man worse (`notation.EVEN_MEN`, the review's bound between a good
    move and an inaccuracy, so the card's words and the review's labels agree), after how much
    where both are scores in men (`0.45 worse than 11-15, refuted by`); a move within
    that of the best is `as good as 11-15:` or `0.05 worse than 11-15:` (a bound `at least 0.05
    worse than 11-15:`, `no better than 11-15:` when it bounds it at the best's score, `not
    proven worse than 11-15:` above it); the best move itself is `the best move, expecting`
    its line. A move scoring as well as the `played` one is never `refuted`."""
    value = result_number(move.score, move.win_in)
    top = result_number(best.score, best.win_in) if best is not None else None
    if best is None or top is None or value is None or move.bound not in ("exact", "upper"):
        return REFUTED
    if best.move == move.move:  # another move than the played one is the best
        return "the best move, expecting"
    sooner = best.win_in
    if (
        move.bound == "exact"
        and move.win_in is not None
        and sooner is not None
        and move.win_in != sooner
        and (move.win_in > 0) == (sooner > 0)
    ):
        # One result, sooner or later: a win in 12 is not "as good as" a win in 10.
        return f"{'a slower win' if sooner > 0 else 'a faster loss'} than {best.move}:"
    # An exact score's loss, or the least loss an upper bound proves.
    loss = round(top - value, 2) + 0.0
    level = move.bound == "exact" and move.score is not None and move.win_in is None
    score = move.score or 0.0
    # Kept level or ahead, or as good as the move played (walk 2026-12-01x: "22-18 (+0.65 for
    # you); refuted by" under the played 23-18's +0.75 for you): worse than the best, not
    # refuted.
    kept = score >= 0 or is_even(score) or scores_at_least(move, played)
    if loss >= EVEN_MEN and level and kept:
        # A move that keeps it level, or keeps its side ahead, is not refuted: its score is the
        # best's less so much (one that `only draws` where a win was there is refuted; walk
        # 2026-11-30c: "24-20 is a little better (+0.40 for the AI); refuted by ..."; walk
        # 2026-12-01v: "2-7 keeps it level; refuted by" at a score just under 0).
        if sooner is not None and sooner > 0:
            # A forced win counts as more than any material: "12.85 worse than 1-6" beside
            # +7.15 measured the gap to that made-up figure (walk 2026-12-01w's probe).
            return f"no forced win, unlike {best.move}:"
        return f"{loss:.2f} worse than {best.move}:"
    if loss >= EVEN_MEN:
        if best.bound == "exact" and best.win_in is None and move.win_in is None:
            # How much worse, as every other row says it (walk 2026-12-01ah: rows "refuted
            # by ..." alone said no difference from the best); a bound's least loss.
            least = "at least " if move.bound == "upper" else ""
            return f"{least}{loss:.2f} worse than {best.move}, {REFUTED}"
        return REFUTED
    if move.bound == "upper":
        if loss == 0:  # the search proved it no better than the best, and no more
            return f"no better than {best.move}:"
        if loss < 0:  # a bound above the best's score proves nothing against it
            return f"not proven worse than {best.move}:"
        return f"at least {loss:.2f} worse than {best.move}:"
    if loss <= 0:
        return f"as good as {best.move}:"
    return f"{loss:.2f} worse than {best.move}:"


def scores_at_least(move: MoveScore, played: MoveScore | None) -> bool:
    """Whether `move`'s exact score in men is at least the `played` one's (neither forced):
    never refuted, and on the small board "27-23 instead", not "Why not 27-23"."""
    if played is None:
        return False
    plain = all(
        row.bound == "exact" and row.win_in is None and row.score is not None
        for row in (move, played)
    )
    return plain and (move.score or 0.0) >= (played.score or 0.0)


def standing_words(verdict: str, mover: Side | None, name: str = "") -> str:
    """A standing verdict as what the move leaves its `mover` (called `name` where given, as
    `you` or `the AI`): `is a little better` -> `leaves White a little ahead`; any other
    verdict as it is (a standing read as better than the other moves: walk 2026-11-30k)."""
    size = verdict.removeprefix("is ")
    if mover is None or size == verdict or not size.endswith((" better", " worse")):
        return verdict
    return f"leaves {name or mover.name.capitalize()} {ahead_words(size)}"


def ahead_words(size: str) -> str:
    """A standing's size as what a side stands: `a little better` -> `a little ahead`, `about
    two men worse` -> `behind by about two men's worth`. A size in men is a score's worth, not
    a count: "about two men ahead (+2.05)" read as a miscount beside three men more on the
    board (walk 2026-12-01aa); kings and the position count in the score too."""
    for word, standing in ((" better", "ahead"), (" worse", "behind")):
        if size.endswith(word):
            amount = size.removesuffix(word)
            if "about " in amount:  # `at best about a man` -> `ahead by at best about a man's`
                # (Not "at least behind by about a man's worth": walk 2026-12-01ag.)
                bound, _, men = amount.partition("about ")
                return f"{standing} by {bound}about {men}'s worth"
            return f"{amount} {standing}"
    return size


def move_words(
    move: MoveScore,
    played: bool,
    best: MoveScore | None = None,
    played_move: MoveScore | None = None,
    mover: Side | None = None,
) -> str:
    """One move in a sentence: its verdict (a standing said as what it leaves `mover`,
    `standing_words`) and score, and its line (the played move's expected line, another
    move's refutation where it is proven worse than the best exact move `best` and the
    `played_move`, `other_line_words`): `22-17 only draws (0.00): 7-11 17-13 11-16`."""
    score = move.describe()
    lead = other_line_words(move, best, played_move) if not played and move.refutation else ""
    verdict = standing_words(move.verdict, mover)
    head = f"{move.move} {verdict}" if verdict else f"{move.move}:"
    head += f" ({score})" if verdict and verdict != score else "" if verdict else f" {score}"
    if played:
        return head + (f"; the line it expects: {_shortened(move.pv)}" if move.pv else "")
    if move.refutation:
        line = _shortened(move.refutation)
        if verdict and (lead == REFUTED or lead.rstrip(":") == verdict):
            # the verdict says what it loses, or the difference already
            return f"{head}: {line}"
        return f"{head}{', ' if verdict else '; '}{lead} {line}"
    return head


def sentences(explanation: Explanation, thinking_time: float | None = None) -> list[str]:
    """The explanation in plain sentences, one per fact: the facts, then the played move's line
    and ideas, then the other moves best first with theirs (the window's why card says the
    same)."""
    said = facts(explanation, thinking_time)
    played = explanation.moves[0]
    mover = explanation.mover or Side.BLACK  # only exact explanations, which know it, have ideas
    if explanation.from_book:
        for move in explanation.moves[1:]:
            said.append(f"Also in the book: {move.move}, {move.describe()}.")
        return said
    if played.bound != "unscored":
        said.append(move_words(played, True, mover=explanation.mover) + ".")
        said += [f"  {idea_words(idea, played.move, mover)}." for idea in played.ideas]
    others = [move for move in explanation.moves[1:] if move.bound != "unscored"]
    best = best_scored(explanation.moves)
    if others:
        said.append(others_heading(len(others), explanation.legal_moves, others[0].bound))
        for move in others:
            said.append(move_words(move, False, best, played, explanation.mover) + ".")
            said += [f"  {idea_words(idea, move.move, mover)}." for idea in move.ideas]
    return said
