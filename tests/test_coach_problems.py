"""Published problems and engine games: every idea the coach names is proved when its line is
replayed, checked here by a separate count, and each problem's known idea is found."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from checkers.ai.compiled import new_engine
from checkers.ai.endgame import Result, probe_plies
from checkers.ai.players import AIPlayer
from checkers.ai.search import Limits
from checkers.board import BLACK, Move, Position, Side
from checkers.coach import Idea, ideas, proves

PROBLEMS = Path(__file__).parent / "data" / "problems.txt"


@dataclass(frozen=True)
class Problem:
    source: str
    fen: str
    solution: tuple[str, ...]
    name: str
    side: str
    fields: dict[str, int | str]


def _problems() -> list[Problem]:
    found = []
    for raw in PROBLEMS.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        source, fen, solution, expected = (part.strip() for part in raw.split("|"))
        name, side, *pairs = expected.split()
        fields: dict[str, int | str] = {}
        for pair in pairs:
            key, value = pair.split("=")
            fields[key] = int(value) if value.isdigit() else value
        found.append(Problem(source, fen, tuple(solution.split()), name, side, fields))
    return found


def _played(position: Position, texts: tuple[str, ...]) -> list[tuple[Position, Move, Position]]:
    """Each move of a line with the positions around it, read the plain way."""
    played = []
    for text in texts:
        move = Move.from_pdn(text, position)
        after = position.move(move)
        played.append((position, move, after))
        position = after
    return played


def _can_stop(position: Position, square: int, moves: int) -> bool:
    """Whether the opponent of the man on `square` (its side to move) can keep it from the
    king row within `moves` of its moves: a plain search over every reply."""
    own = [move for move in position.legal_moves() if move.start == square]
    if not own or moves == 0:
        return True
    for move in own:
        after = position.move(move)
        piece = after.piece_at(move.end)
        if piece is not None and piece.king:
            return False
        replies = after.legal_moves()
        if replies and not any(
            move.end in reply.captures or _can_stop(after.move(reply), move.end, moves - 1)
            for reply in replies
        ):
            return False
    return True


def claim_holds(position: Position, idea: Idea) -> bool:
    """The idea's claim counted again from its line, without the coach's code."""
    played = _played(position, idea.line)
    end = played[-1][2] if played else position
    fields = idea.fields
    side: Side = idea.side
    own = played[idea.start :]

    def captured(by: Side) -> int:
        return sum(len(move.captures) for before, move, _ in own if before.turn is by)

    if idea.name in ("shot", "exchange", "breakthrough"):
        gives, takes = captured(side.opponent), captured(side)
        if (fields["gives"], fields["takes"]) != (gives, takes) or own[0][0].turn is not side:
            return False
        if idea.name == "shot":
            return takes > gives and not end.is_capture_pending()
        if idea.name == "exchange":
            return takes == gives > 0
        before, move, after = own[-1]
        piece, landed = before.piece_at(move.start), after.piece_at(move.end)
        return (
            piece is not None
            and not piece.king
            and landed is not None
            and landed.king
            and move.end == fields["crowns"]
            and gives >= takes
        )
    if idea.name == "runaway":
        before, move, after = own[-1]
        start = own[0][0]
        square, moves = fields["square"], fields["moves"]
        assert isinstance(square, int) and isinstance(moves, int)
        return move.end == fields["crowns"] and not _can_stop(start, square, moves)
    if idea.name == "bottle-up":
        return bool(end.pieces(end.turn)) and not end.legal_moves() and end.turn is not side
    if idea.name == "trap":
        after_reply = played[2:]
        net = sum(
            len(move.captures) * (1 if before.turn is side else -1)
            for before, move, _ in after_reply
        )
        return played[1][1].pdn() == fields["reply"] and net == fields["wins"] > 0
    if idea.name in ("pitch", "squeeze", "fork", "the-move"):
        return _tactic_holds(position, idea, played)
    if idea.name in ("first-position", "two-kings-against-one"):
        found = probe_plies(end)
        if found is None or found.result is Result.DRAW:
            return False
        winner = end.turn if found.result is Result.WIN else end.turn.opponent
        return winner is side and fields["winner"] == side.name.lower()
    return False


def _result_for(end: Position, side: Side) -> str | None:
    """`win`/`draw` for `side` at a line's end: no move left, or the databases' value."""
    if not end.legal_moves():
        return "win" if end.turn is not side else None
    found = probe_plies(end)
    if found is None or any(move.captures for move in end.legal_moves()):
        return None
    if found.result is Result.DRAW:
        return "draw"
    winner = end.turn if found.result is Result.WIN else end.turn.opponent
    return "win" if winner is side else None


def _captures_net(position: Position, side: Side) -> int:
    """Pieces `side` nets from the captures pending, both sides choosing their best."""
    captures = [move for move in position.legal_moves() if move.captures]
    if not captures:
        return 0
    sign = 1 if position.turn is side else -1
    results = [
        sign * len(move.captures) + _captures_net(position.move(move), side) for move in captures
    ]
    return max(results) if sign > 0 else min(results)


def _tactic_holds(
    position: Position, idea: Idea, played: list[tuple[Position, Move, Position]]
) -> bool:
    """The pitch, squeeze, fork and the move counted again the plain way."""
    side, fields = idea.side, idea.fields
    end = played[-1][2]
    if idea.name == "pitch":
        begin = idea.start + len(str(fields.get("after", "")).split())
        _, move, _ = played[begin]
        reply = played[begin + 1][1]
        return (
            not move.captures
            and len(reply.captures) == fields["gives"] > 0
            and _result_for(end, side) == fields["result"]
        )
    if idea.name in ("squeeze", "fork"):
        before, move, after = played[-1]
        replies = after.legal_moves()
        if move.captures or before.turn is not side or not replies:
            return False
        if any(reply.captures or _captures_net(after.move(reply), side) < 1 for reply in replies):
            return False
        if idea.name == "squeeze":
            return fields["replies"] == len(replies)
        again = Position(("B" if side is BLACK else "W") + after.fen()[1:])
        targets = {m.captures[0] for m in again.legal_moves() if m.start == move.end and m.captures}
        return len(targets) >= 2 and fields["attacks"] == ",".join(map(str, sorted(targets)))
    # the move: Black's system is the rows of squares 1-4, 9-12, 17-20 and 25-28.
    after = played[idea.start][2]
    count = sum(
        1
        for square in after.pieces(BLACK) + after.pieces(BLACK.opponent)
        if ((square - 1) // 4) % 2 == 0
    )
    black, white = len(after.pieces(BLACK)), len(after.pieces(BLACK.opponent))
    even = black == white and black + white <= 10  # an ending, as the books count it
    has_it = (count % 2 == 1) == (after.turn is side)
    return even and has_it and count == fields["count"] and _result_for(end, side) == "win"


@pytest.mark.parametrize("problem", _problems(), ids=lambda problem: problem.source)
def test_each_published_problem_shows_its_idea_and_every_idea_proves(problem: Problem) -> None:
    position = Position(problem.fen)
    found = ideas(position, problem.solution)
    assert all(claim_holds(position, idea) and proves(position, idea) for idea in found)
    matching = [
        idea
        for idea in found
        if idea.name == problem.name
        and idea.side.name.lower() == problem.side
        and all(idea.fields[key] == value for key, value in problem.fields.items())
    ]
    assert matching, f"{problem.source}: {[idea.to_json() for idea in found]}"


@pytest.mark.parametrize("problem", _problems(), ids=lambda problem: problem.source)
def test_the_engine_line_of_each_problem_names_only_ideas_it_proves(problem: Problem) -> None:
    position = Position(problem.fen)
    engine = new_engine()
    result = engine.search(position, Limits(depth=10))
    for idea in ideas(position, result.pv, engine=engine):
        assert claim_holds(position, idea), idea.to_json()


def test_no_idea_is_named_in_engine_games_that_its_replay_does_not_prove() -> None:
    engine = new_engine()
    checked = named = 0
    for seed in range(4):  # four games: over 150 positions (some games end quickly)
        # Levels that slip now and then, so the games go through shots and blunders.
        players = [
            AIPlayer(Limits(depth=4), "alphabeta", blunder=0.15, seed=seed),
            AIPlayer(Limits(depth=6), "engine", blunder=0.1, seed=seed + 7),
        ]
        position = Position()
        for ply in range(120):
            if not position.legal_moves():
                break
            line = engine.search(position, Limits(depth=6)).pv
            # A trap needs two searches of its own: asked every fifth position.
            for idea in ideas(position, line, engine=engine if ply % 5 == 0 else None):
                assert claim_holds(position, idea), (position.fen(), idea.to_json())
                named += 1
            checked += 1
            move = players[ply % 2].choose(position).result.move
            assert move is not None
            position = position.move(move)
    assert checked > 150 and named > 0


def test_a_tampered_claim_fails_the_separate_count_too() -> None:
    problem = _problems()[0]
    position = Position(problem.fen)
    shot = ideas(position, problem.solution)[0]
    tampered = Idea(shot.name, shot.side, shot.line, shot.start, (("gives", 1), ("takes", 3)), "")
    assert not claim_holds(position, tampered) and not proves(position, tampered)
    assert BLACK is not shot.side
