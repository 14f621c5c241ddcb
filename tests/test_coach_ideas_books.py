"""The ideas a problem book names (the pitch, the squeeze, a king's fork, the move, strokes by
their count, a shot prepared by a quiet move), each proved by replaying its line, and the share
of published problems whose solution's first move carries one."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_coach_problems import claim_holds

from checkers.ai.search import Limits
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach import Idea, ideas, proves
from checkers.coach.explain import analysis_lines
from checkers.coach.tactics import has_the_move, move_count
from checkers.coach.teaching import lesson
from checkers.formats.html_review import idea_texts
from checkers.puzzles import puzzle_ideas
from checkers.review import ReviewSetting, lesson_text, review_moves

DATA = Path(__file__).parent / "data"


def _first(position: Position, line: list[str], name: str) -> Idea:
    """The idea `name` that the line's first move carries, checked by both counts."""
    found = ideas(position, line)
    matches = [i for i in found if i.name == name and i.start == 0 and i.side is position.turn]
    assert matches, f"no {name} among {[idea.text for idea in found]}"
    assert proves(position, matches[0]) and claim_holds(position, matches[0])
    return matches[0]


def test_a_shot_giving_one_to_take_two_is_a_two_for_one() -> None:
    position = Position("W:W32,27,24,22:B20,15,10,7")
    shot = _first(position, ["27-23", "20x27", "23-18", "7-11", "32x23", "11-16", "18x11"], "shot")
    assert "gives a man and takes two men, a two-for-one" in shot.text


def test_a_shot_giving_two_to_take_three_is_a_three_for_two() -> None:
    position = Position("B:WK10,K11,K18,K22:BK19,K24,K27")
    shot = _first(position, ["19-16", "11x20", "27-32", "20x27", "32x23x14x7"], "shot")
    assert (shot.fields["gives"], shot.fields["takes"]) == (2, 3)
    assert "a three-for-two" in shot.text


def test_a_shot_that_starts_with_a_quiet_move_says_so() -> None:
    position = Position("W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1")
    line = [
        "28-24",
        "1-6",
        "14-10",
        "6x15",
        "25-21",
        "3-8",
        "17-14",
        "8-12",
        "21-17",
        "15-19",
        "24x15x8",
    ]
    shot = _first(position, line, "shot")
    assert shot.fields["after"] == "28-24 1-6"
    assert shot.text.startswith("White's shot: after 28-24 1-6, 14-10 gives a man and takes")
    # The prefix is part of the claim: another one does not prove it.
    assert not proves(
        position, dataclasses.replace(shot, claim=(("after", "28-24"), *shot.claim[1:]))
    )


def test_a_man_given_for_a_database_win_is_a_pitch() -> None:
    position = Position("B:W15,12,K9:B7,3,K1")
    pitch = _first(position, ["3-8", "12x3", "1-5", "3x10", "5x14x7"], "pitch")
    assert pitch.fields == {"gives": 1, "result": "win"}
    assert pitch.text.startswith("Black's pitch: 3-8 gives a man (3-8 12x3)")
    assert not proves(
        position, dataclasses.replace(pitch, claim=(("gives", 1), ("result", "draw")))
    )


def test_a_move_after_which_every_reply_loses_material_is_a_squeeze() -> None:
    position = Position("W:W31,K30:BK29,22,19")
    squeeze = _first(position, ["31-27"], "squeeze")
    assert squeeze.fields == {
        "replies": len(position.move(Move.from_pdn("31-27", position)).legal_moves())
    }
    assert squeeze.text == "White's squeeze: 31-27 leaves Black 5 moves, each losing material"
    # One reply that keeps everything is no squeeze.
    assert not [
        i for i in ideas(Position("W:W31,K30:BK29,22,19,3"), ["31-27"]) if i.name == "squeeze"
    ]


def test_a_king_attacking_two_pieces_at_once_is_a_fork() -> None:
    position = Position("W:WK18,K19:BK17,10")
    fork = _first(position, ["18-14"], "fork")
    assert fork.fields == {"king": 14, "attacks": "10,17"}
    assert "puts the king on 14 against 10 and 17 at once" in fork.text


def test_the_move_is_counted_in_blacks_system_and_named_where_the_line_wins() -> None:
    position = Position("W:WK18,K28:BK16,20")
    line = [
        "18-23",
        "16-11",
        "23-19",
        "11-8",
        "28-32",
        "8-3",
        "32-27",
        "3-8",
        "27-23",
        "8-3",
        "23-18",
        "3-8",
    ]
    opposition = _first(position, line, "the-move")
    after = position.move(Move.from_pdn("18-23", position))
    assert move_count(after) == opposition.fields["count"] == 2
    assert has_the_move(after, WHITE) and not has_the_move(after, BLACK)
    assert "White has the move" in opposition.text


def _problems(name: str) -> list[tuple[Position, list[str]]]:
    found = []
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        if raw.startswith("#") or "|" not in raw:
            continue
        fen, solution = (part.strip() for part in raw.split("|")[1:3])
        found.append((Position(fen), solution.split()))
    return found


@pytest.mark.parametrize("name", ["problems-dev.txt", "problems-holdout.txt"])
def test_four_in_five_published_solutions_open_with_a_named_idea_and_every_idea_proves(
    name: str,
) -> None:
    problems = _problems(name)
    carried = 0
    for position, solution in problems:
        found = ideas(position, solution)
        assert all(claim_holds(position, idea) for idea in found), position.fen()
        carried += any(idea.side is position.turn and idea.start == 0 for idea in found)
    assert carried >= 0.8 * len(problems), f"{carried} of {len(problems)}"


def test_the_new_names_reach_every_surface_through_the_one_function() -> None:
    # White's 31-27 squeezes (the dev problem "The Speed of Winter"); 30-25 misses it.
    position = Position("W:W31,K30:BK29,22,19")
    words = "White's squeeze: 31-27 leaves Black 5 moves, each losing material"
    board = analysis_lines(position, Limits(depth=8), 1).lines[0]  # the analysis board, Why?
    assert board.move == "31-27" and words in [idea.text for idea in board.ideas]
    played = [Move.from_pdn("30-25", position)]
    review = next(iter(review_moves(position, played, ReviewSetting(Limits(depth=8)))))
    assert lesson_text(review) == f"30-25?? misses {words}"  # the review's notes
    assert idea_texts(review)[0] == ("note", f"misses {words}")  # the review page
    assert words in [idea["text"] for idea in puzzle_ideas(position, ["31-27"])]  # puzzles


def test_a_pitch_played_as_the_best_move_earns_a_mark_a_quiet_move_that_prepares_a_shot_none() -> (
    None
):
    position = Position("B:W15,12,K9:B7,3,K1")
    pitch = lesson(
        position,
        Move.from_pdn("3-8", position),
        [],
        moves_of(position, ["3-8", "12x3", "1-5", "3x10", "5x14x7"])[1:],
        best=True,
        mistake=False,
    )
    assert pitch.brilliant and pitch.note.startswith("Black's pitch: 3-8 gives a man")
    position = Position("W:W28,27,25,23,22,18,17,14:B20,16,13,11,9,5,3,1")
    line = ["28-24", "1-6", "14-10", "6x15", "25-21", "3-8", "17-14", "8-12", "21-17", "15-19"]
    moves = moves_of(position, [*line, "24x15x8"])
    quiet = lesson(position, moves[0], [], moves[1:], best=True, mistake=False)
    assert not quiet.brilliant and quiet.ideas[0].fields["after"] == "28-24 1-6"


def moves_of(position: Position, texts: list[str]) -> list[Move]:
    """The moves of a line, each read in the position it is played in."""
    moves = []
    for text in texts:
        moves.append(Move.from_pdn(text, position))
        position = position.move(moves[-1])
    return moves
