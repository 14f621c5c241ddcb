"""Puzzles from a reviewed game: the positions where a player went wrong and one move was clearly
best, each with its solution line and the ideas that line proves.

Pure Python, no pygame. A move that went wrong (a mistake or a blunder by the review, or inside
the endgame databases a move that made the result worse) makes up to two puzzles: its own
position, when a move there was clearly best (what the player missed), and the position it left,
when the opponent's reply is clearly best (how to punish it). One move is clearly best when:

- by the engine's multi-line search (`checkers.coach.explain.analysis_lines`, two lines), playing
  the second best instead would be a mistake or a blunder by the review's own rule (the drop in
  expected result, `checkers.review.THRESHOLDS`): so a position that stays won, or lost, whatever
  is played makes no puzzle, as no move there drops that much; or
- by the endgame databases, it is the only move that keeps the win (or the draw).

A puzzle of a position the game reached agrees with the review of the move played there: the
review's best move is its answer, and the game's move, unless it was that answer, a mistake or a
blunder by the review (`agrees_with_review`): never "25x18 wins a man" beside a review calling
the move played instead an inaccuracy.

Each puzzle is checked before it is kept: its solution is cut before the first step of the player
(every second move from the first) where the move is not clearly best in the same way, so the
answer is unique at every step the player makes. Forced moves of the player (one legal move)
ask nothing: a puzzle starts at the player's first real choice on the line.

`puzzle_ideas` is the one place a puzzle's `ideas` are decided: the coach's named ideas
(`checkers.coach.ideas`: shots, pitches, squeezes, ...) that the solution proves, then the facts a
replay of it shows (material won, a man crowned, the opponent left without a move) and what the
databases say of the position after the first move.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from checkers.ai.endgame import Endgames, Result, default_endgames
from checkers.ai.search import Limits, StopSignal
from checkers.board import BLACK, Move, Position, Side
from checkers.coach import ideas as coach_ideas
from checkers.coach.explain import AnalysisLine, analysis_lines
from checkers.review import SERIOUS, MoveReview, expected_result, label_for

__all__ = [
    "FORCED_STEPS",
    "PUZZLE_LABELS",
    "SOLUTION_PLIES",
    "Puzzle",
    "agrees_with_review",
    "clear_best",
    "clear_solution",
    "database_keeper",
    "find_puzzles",
    "first_choice",
    "first_clear_move",
    "puzzle_ideas",
    "puzzles_at",
    "replay",
    "unique_steps",
]

PUZZLE_LABELS = SERIOUS
"""The review's labels of a move that went wrong enough to make a puzzle of its position."""

SOLUTION_PLIES = 9
"""The longest solution line kept (the player's move, the replies, and the moves that win)."""

_DATABASE_PLIES = 7
"""How far a database solution's line is followed (a long win is shown by its start)."""

_WORDS = {1: "a man", 2: "two men", 3: "three men", 4: "four men"}


@dataclass(frozen=True)
class Puzzle:
    """A position to solve: the side to move finds `solution[0]`; the rest of the line shows why.

    `played` is the game's move that went wrong (in this position, or the one that led to it);
    `game` and `ply` say where it came from: the solution is an alternative to the game's move
    number `ply` (1 for the game's first move); `source` names the game for a player."""

    fen: str
    solution: tuple[str, ...]
    played: str
    ideas: tuple[dict[str, Any], ...]
    game: int = 1
    ply: int = 0
    source: str = ""

    @property
    def position(self) -> Position:
        """The position to solve."""
        return Position.from_fen(self.fen)

    @property
    def key(self) -> str:
        """What the puzzle is known by in the player's set and schedule: its position."""
        return self.fen

    @property
    def move_number(self) -> int:
        """The game's move number as players write it of the move the puzzle asks for."""
        # Whether the game began with Black follows from who moves here at which ply.
        black_first = (self.position.turn is BLACK) == (self.ply % 2 == 1)
        return (self.ply + 1) // 2 if black_first else self.ply // 2 + 1

    def is_solution(self, move: Move) -> bool:
        """Whether `move` is the puzzle's answer."""
        return move.pdn() == self.solution[0]

    def as_json(self) -> dict[str, Any]:
        """The JSON object `checkers puzzles` prints and the puzzle set keeps."""
        data: dict[str, Any] = {
            "fen": self.fen,
            "solution": list(self.solution),
            "played": self.played,
            "ideas": [dict(idea) for idea in self.ideas],
            "game": self.game,
            "ply": self.ply,
        }
        if self.source:
            data["source"] = self.source
        return data

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        """A puzzle from its JSON object; TypeError (a field of the wrong kind) or ValueError (a
        FEN that does not read, a solution that is not legal there) if it is not one."""
        if not isinstance(data, dict):
            raise TypeError("a puzzle is a JSON object")
        fen, solution, played = data.get("fen"), data.get("solution"), data.get("played")
        if not isinstance(fen, str) or not isinstance(played, str):
            raise TypeError("a puzzle needs a FEN and the move played")
        if not isinstance(solution, list) or not solution:
            raise ValueError("a puzzle needs a solution")
        if not all(isinstance(move, str) for move in solution):
            raise TypeError("a solution is a list of moves")
        position = Position.from_fen(fen)  # InvalidFenError is a ValueError
        replay(position, solution)  # IllegalMoveError too
        ideas = data.get("ideas", [])
        if not isinstance(ideas, list) or not all(isinstance(idea, dict) for idea in ideas):
            raise TypeError("a puzzle's ideas are a list of objects")
        game, ply, source = data.get("game", 1), data.get("ply", 0), data.get("source", "")
        if not isinstance(game, int) or not isinstance(ply, int) or not isinstance(source, str):
            raise TypeError("a puzzle's game and ply are whole numbers")
        return cls(position.fen(), tuple(solution), played, tuple(ideas), game, ply, source)


# --- replaying lines --------------------------------------------------------------------------


def replay(position: Position, line: Iterable[str]) -> list[Position]:
    """The positions along `line` from `position` (the position itself first); raises
    IllegalMoveError or InvalidMoveError if a move is not legal where it is played."""
    positions = [position]
    for text in line:
        positions.append(positions[-1].move(Move.from_pdn(text, positions[-1])))
    return positions


def _pieces(position: Position, side: Side) -> int:
    return len(position.pieces(side))


def _gain(start: Position, position: Position, side: Side) -> int:
    """Pieces `side` is ahead at `position` compared with `start` (taken less given)."""
    opponent = side.opponent
    taken = _pieces(start, opponent) - _pieces(position, opponent)
    given = _pieces(start, side) - _pieces(position, side)
    return taken - given


def _line_text(line: Sequence[str]) -> str:
    return " ".join(line)


# --- ideas ------------------------------------------------------------------------------------


def puzzle_ideas(
    position: Position, solution: Sequence[str], endgames: Endgames | None = None
) -> list[dict[str, Any]]:
    """What the solution from `position` proves, each idea with its line and its claim: every
    claim is checked here by replaying the line (or by the databases, for `database`).

    Names today: `material` (`gives`, `takes`: pieces the side to move loses and captures on
    the line, takes > gives), `crown` (`square`: where one of its men is crowned), `no moves`
    (the line ends with the opponent unable to move: a win), `database` (`result`: the databases'
    value after the first move, `moves`: the moves to the end of a win). This function is the
    one place where the coach's named ideas come in: first the side to move's ideas the coach
    names and proves on the solution (`shot`, `breakthrough`, `runaway`, ... as
    `checkers.coach.Idea.to_json`), then the facts above.
    """
    side = position.turn
    positions = replay(position, solution)
    named = coach_ideas(position, solution, endgames=endgames)
    ideas: list[dict[str, Any]] = [idea.to_json() for idea in named if idea.side is side]
    final = positions[-1]
    taken = _pieces(position, side.opponent) - _pieces(final, side.opponent)
    given = _pieces(position, side) - _pieces(final, side)
    # A count is settled only where the line stops quietly: with a capture still due to the
    # opponent (a recapture), the men are not won yet, whatever the count says now.
    settled = not any(move.is_capture for move in final.legal_moves())
    if taken > given and settled:
        won = _WORDS.get(taken - given, f"{taken - given} men")
        ideas.append(
            {
                "name": "material",
                "line": list(solution),
                "gives": given,
                "takes": taken,
                "text": f"{_line_text(solution)} wins {won}"
                + (f" (gives {given}, takes {taken})" if given else ""),
            }
        )
    for index, (before, after) in enumerate(itertools.pairwise(positions)):
        if before.turn is not side:
            continue
        move = Move.from_pdn(solution[index], before)
        moved = before.piece_at(move.start)
        crowned = after.piece_at(move.end)
        if moved is not None and not moved.king and crowned is not None and crowned.king:
            if any(idea.get("crowns") == move.end for idea in ideas):
                # A named idea says the crowning already (a breakthrough, a runaway): the same
                # line twice in one answer read as padding (walk 2026-11-30k, problem 2).
                break
            line = list(solution[: index + 1])
            ideas.append(
                {
                    "name": "crown",
                    "line": line,
                    "square": move.end,
                    "text": f"{_line_text(line)} crowns a king on {move.end}",
                }
            )
            break
    if final.turn is side.opponent and not final.has_legal_moves():
        ideas.append(
            {
                "name": "no moves",
                "line": list(solution),
                "text": f"after {_line_text(solution)} the opponent has no move left: a win",
            }
        )
    databases = endgames if endgames is not None else default_endgames()
    found = databases.probe_plies(positions[1]) if len(positions) > 1 else None
    if found is not None:
        # The value is the opponent's after the first move: their loss is this side's win.
        result = {Result.LOSS: "win", Result.DRAW: "draw", Result.WIN: "loss"}[found.result]
        moves = (found.plies + 2) // 2 if result == "win" else None
        text = f"{solution[0]} keeps the win: won in {moves} moves with the best play"
        if result != "win":
            text = f"{solution[0]} keeps the {result}"
        idea: dict[str, Any] = {
            "name": "database",
            "line": list(solution[:1]),
            "result": result,
            "text": text,
        }
        if moves is not None:
            idea["moves"] = moves
        ideas.append(idea)
    return ideas


# --- finding puzzles ----------------------------------------------------------------------------


def _expected(line: AnalysisLine) -> float:
    """The side to move's expected result after the line's move, as the review reckons it."""
    if line.win_in is not None:
        return 1.0 if line.win_in > 0 else 0.0
    return expected_result(line.score or 0.0)


def clear_best(lines: Sequence[AnalysisLine]) -> bool:
    """Whether playing the second of the two best lines instead of the first would be a mistake
    or a blunder by the review's rule (and so would every other move)."""
    if len(lines) < 2:
        return False
    drop = (_expected(lines[0]) - _expected(lines[1])) * 100.0
    return label_for(drop) in PUZZLE_LABELS


def _trimmed(position: Position, line: Sequence[str]) -> tuple[str, ...]:
    """The solution shown: the line up to where the side to move is furthest ahead in pieces
    (first reached), at most SOLUTION_PLIES; a line that wins nothing keeps three moves."""
    line = list(line[:SOLUTION_PLIES])
    positions = replay(position, line)
    side = position.turn
    gains = [_gain(position, after, side) for after in positions[1:]]
    if not gains:
        return tuple(line)
    best = max(gains)
    if best <= 0:
        return tuple(line[:3])
    return tuple(line[: gains.index(best) + 1])


def database_keeper(position: Position, endgames: Endgames) -> Move | None:
    """The only move that keeps the databases' win or draw of `position`, if exactly one does
    (None outside the databases, in a lost position, or when two moves or more keep it)."""
    found = endgames.probe(position)
    if found not in (Result.WIN, Result.DRAW):
        return None
    keeping = Result.LOSS if found is Result.WIN else Result.DRAW
    keepers = []
    for move in position.legal_moves():
        child = endgames.probe(position.move(move))
        if child is None:
            return None
        if child is keeping:
            keepers.append(move)
    return keepers[0] if len(keepers) == 1 else None


def _database_line(position: Position, first: Move, endgames: Endgames) -> tuple[str, ...]:
    """`first`, then the databases' best moves for both sides, a few plies."""
    line = [first.pdn()]
    current = position.move(first)
    while len(line) < _DATABASE_PLIES:
        move = endgames.best_move(current)
        if move is None:
            break
        line.append(move.pdn())
        current = current.move(move)
    return tuple(line)


def _went_wrong(review: MoveReview, endgames: Endgames) -> bool:
    """Whether the move was a mistake or a blunder, or inside the databases made the result
    worse for its side (a win became a draw or a loss, a draw a loss)."""
    before = endgames.probe(review.position)
    if before is None:
        return review.label in PUZZLE_LABELS
    after = endgames.probe(review.position.move(review.move))
    kept = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW}.get(before)
    return after is not None and kept is not None and after is not kept


def _clear_line(
    position: Position, limits: Limits, databases: Endgames, stop: StopSignal | None
) -> tuple[str, ...] | None:
    """The line of the move that is clearly best in `position` (the databases' only keeper, or
    the engine's best line when the second best would be a mistake), else None."""
    if len(position.legal_moves()) < 2:
        return None
    if databases.probe(position) is not None:
        keeper = database_keeper(position, databases)
        return None if keeper is None else _database_line(position, keeper, databases)
    lines = analysis_lines(position, limits, 2, stop=stop).lines
    if (stop is not None and stop.is_set()) or not clear_best(lines):
        return None
    return _trimmed(position, lines[0].pv)


def first_clear_move(
    position: Position, limits: Limits, endgames: Endgames | None = None
) -> str | None:
    """The move that is clearly best in `position` by the puzzles' rule (the databases' only
    keeper of their win or draw, or the engine's best with the second best a mistake), in PDN,
    or None: what a published problem's first move must be for the problem book to offer it."""
    line = _clear_line(position, limits, endgames or default_endgames(), None)
    return line[0] if line else None


def unique_steps(
    position: Position,
    line: Sequence[str],
    limits: Limits,
    endgames: Endgames | None = None,
    stop: StopSignal | None = None,
) -> tuple[str, ...]:
    """`line` cut before the first later step of the player (the side to move in `position`:
    its moves are every second one from the first) where its move is not clearly best; a forced
    step (one legal move) is kept."""
    databases = endgames if endgames is not None else default_endgames()
    positions = replay(position, line)
    for index in range(2, len(line), 2):
        here = positions[index]
        if len(here.legal_moves()) < 2:
            continue
        clear = _clear_line(here, limits, databases, stop)
        if clear is None or clear[0] != line[index]:
            return tuple(line[:index])
    return tuple(line)


def clear_solution(
    position: Position,
    limits: Limits,
    endgames: Endgames | None = None,
    stop: StopSignal | None = None,
) -> tuple[str, ...] | None:
    """The solution line of `position` when one move is clearly best there (the only one that
    keeps the databases' win or draw, or the best by the engine's two best lines with the second
    a mistake by the review's rule), cut where a later step of the player is not clearly best;
    None when no move is clearly best."""
    databases = endgames if endgames is not None else default_endgames()
    line = _clear_line(position, limits, databases, stop)
    if line is None or (stop is not None and stop.is_set()):
        return None
    return unique_steps(position, line, limits, databases, stop)


FORCED_STEPS = 3
"""How many forced moves of the player a puzzle skips to reach its first real choice."""


def first_choice(
    position: Position, ply: int, limits: Limits, stop: StopSignal | None = None
) -> tuple[Position, int] | None:
    """The first position from `position` (the game's move number `ply` to play) where the side
    to move has a choice: its forced moves played, each answered by the engine's best reply;
    None if the game ends first or the forced moves go on."""
    for _ in range(FORCED_STEPS + 1):
        moves = position.legal_moves()
        if len(moves) != 1:
            return (position, ply) if moves else None
        replied = position.move(moves[0])
        if not replied.has_legal_moves():
            return None
        lines = analysis_lines(replied, limits, 1, stop=stop).lines
        if not lines:
            return None
        position = replied.move(Move.from_pdn(lines[0].move, replied))
        ply += 2
    return None


def agrees_with_review(
    position: Position, solution: Sequence[str], judged: MoveReview | None, endgames: Endgames
) -> bool:
    """Whether a puzzle of `position` with `solution` agrees with the review's own judgement of
    the move the game played there (`judged`, None when the game never reached it): the
    review's best move is the solution's first, and the game's move, unless it is that one, a
    mistake or a blunder by the review. A puzzle once called 26x17 wrong ("25x18 wins a man")
    where the review called 26x17 an inaccuracy of 0.45 men (walk 2026-11-29d): two searches
    of one position, two verdicts. Inside the databases their exact result decides both."""
    if judged is None or endgames.probe(position) is not None:
        return True
    if judged.best.pdn() != solution[0]:
        return False
    return judged.move.pdn() == solution[0] or judged.label in PUZZLE_LABELS


def puzzles_at(
    review: MoveReview,
    limits: Limits,
    *,
    game: int = 1,
    source: str = "",
    endgames: Endgames | None = None,
    stop: StopSignal | None = None,
    judged: Mapping[Position, MoveReview] | None = None,
) -> list[Puzzle]:
    """The puzzles one reviewed move makes if it went wrong: its own position when a move there
    was clearly best (find what the player missed), then the position it left when the reply
    is clearly best (find how to punish it). Both carry the move as `played`. `judged` holds
    the game's reviews by the position each move was played in: a puzzle of a position the game
    reached is kept only where it agrees with the review of the move played there
    (`agrees_with_review`); the move's own review is always one of them."""
    databases = endgames if endgames is not None else default_endgames()
    reviewed = dict(judged or {})
    reviewed.setdefault(review.position, review)
    if not _went_wrong(review, databases):
        return []
    puzzles = []
    after = review.position.move(review.move)
    for start, at in ((review.position, review.ply), (after, review.ply + 1)):
        # The reply that punishes may be forced: the puzzle is then the player's next choice.
        found = first_choice(start, at, limits, stop) if at != review.ply else (start, at)
        if found is None:
            continue
        position, ply = found
        solution = clear_solution(position, limits, databases, stop)
        if solution is None or (ply == review.ply and solution[0] == review.move.pdn()):
            continue
        if not agrees_with_review(position, solution, reviewed.get(position), databases):
            continue  # the review judged the move played here otherwise: no puzzle says more
        ideas = tuple(puzzle_ideas(position, solution, databases))
        puzzles.append(
            Puzzle(position.fen(), solution, review.move.pdn(), ideas, game, ply, source)
        )
    return puzzles


def find_puzzles(
    reviews: Iterable[MoveReview],
    limits: Limits,
    *,
    game: int = 1,
    source: str = "",
    endgames: Endgames | None = None,
    stop: StopSignal | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> list[Puzzle]:
    """Every puzzle of a reviewed game, in game order (one per position: a position met twice
    gives one puzzle); a game over after a move has no position to solve there. `limits` bound
    each multi-line search (the review's own are right). `progress(done, total)` is told before
    each move that went wrong is searched, and once all are (the window says how far it is)."""
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    reviewed = list(reviews)
    databases = endgames if endgames is not None else default_endgames()
    wrong = {review.ply for review in reviewed if _went_wrong(review, databases)}
    searched = 0
    # The first time the game reached a position is the review that judged it.
    judged: dict[Position, MoveReview] = {}
    for review in reviewed:
        judged.setdefault(review.position, review)
    for review in reviewed:
        if stop is not None and stop.is_set():
            break
        if review.ply not in wrong:
            continue  # puzzles_at makes none of a move that did not go wrong
        if progress is not None:
            progress(searched, len(wrong))
        searched += 1
        found = puzzles_at(
            review,
            limits,
            game=game,
            source=source,
            endgames=databases,
            stop=stop,
            judged=judged,
        )
        for puzzle in found:
            if puzzle.key not in seen:
                seen.add(puzzle.key)
                puzzles.append(puzzle)
    if progress is not None and wrong:
        progress(searched, len(wrong))
    return puzzles
