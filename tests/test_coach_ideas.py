"""The coach's ideas: each found in a line whose replay proves it, never one the line does not."""

from __future__ import annotations

import dataclasses

import pytest

from checkers.ai.compiled import new_engine
from checkers.ai.search import Limits
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach import IDEA_NAMES, Idea, ideas, line_outcome, proves


def _named(found: list[Idea], name: str) -> Idea:
    matches = [idea for idea in found if idea.name == name]
    assert matches, f"no {name} among {[idea.name for idea in found]}"
    return matches[0]


def test_the_first_problem_27_23_is_a_shot_giving_one_man_to_win_two() -> None:
    position = Position("W:W32,27,24,22:B20,15,10,7")
    line = ["27-23", "20x27", "23-18", "7-11", "32x23", "11-16", "18x11"]
    shot = _named(ideas(position, line), "shot")
    assert shot.side is WHITE
    assert (shot.fields["gives"], shot.fields["takes"]) == (1, 2)
    assert shot.to_json()["line"] == line
    assert shot.to_json()["gives"] == 1 and shot.to_json()["takes"] == 2
    assert "27-23 gives a man and takes two men" in shot.text


def test_a_claim_the_line_does_not_prove_is_rejected() -> None:
    position = Position("W:W32,27,24,22:B20,15,10,7")
    line = ["27-23", "20x27", "23-18", "7-11", "32x23", "11-16", "18x11"]
    shot = _named(ideas(position, line), "shot")
    assert proves(position, shot)
    assert not proves(position, dataclasses.replace(shot, claim=(("gives", 1), ("takes", 3))))
    assert not proves(position, dataclasses.replace(shot, side=BLACK))
    assert not proves(position, dataclasses.replace(shot, line=shot.line[:-1]))
    assert not proves(Position("W:W32,27,24,22:B20,15,10,8"), shot)  # does not replay


def test_a_side_left_without_a_move_is_a_bottle_up() -> None:
    position = Position("W:W23,32:B28")
    bottle = _named(ideas(position, ["23-19"]), "bottle-up")
    assert bottle.side is WHITE
    assert bottle.fields == {"blocked": "black", "pieces": 1}


def test_a_man_no_piece_can_stop_is_a_runaway() -> None:
    position = Position("W:W11:B21")
    runaway = _named(ideas(position, ["11-7", "21-25", "7-3"]), "runaway")
    assert runaway.fields == {"square": 11, "crowns": 3, "moves": 2}


def test_a_man_a_king_can_catch_is_no_runaway() -> None:
    # The black king on 6 takes the man on its way whichever diagonal it goes.
    position = Position("W:W15:BK1,K6")
    assert not [idea for idea in ideas(position, ["15-11", "6-10"]) if idea.name == "runaway"]


def test_an_even_trade_is_an_exchange_that_claims_no_score_of_its_own() -> None:
    # Whom it favours is the line's score beside it: an exchange that said "it favours
    # neither side" under "loses a man (+1.35)" came from a search of its own.
    position = Position("W:W22,26,31:B15,3")
    exchange = _named(ideas(position, ["22-18", "15x22", "26x17"], engine=new_engine()), "exchange")
    assert (exchange.fields["gives"], exchange.fields["takes"]) == (1, 1)
    assert "favours" not in exchange.fields and "favours" not in exchange.text


def test_every_name_is_in_the_vocabulary() -> None:
    assert len(set(IDEA_NAMES)) == len(IDEA_NAMES)
    assert {"shot", "breakthrough", "runaway", "bottle-up", "trap", "exchange"} <= set(IDEA_NAMES)


def test_a_line_losing_a_man_says_so() -> None:
    position = Position("W:W32,27,24,22:B20,15,10,7")
    assert line_outcome(position, ["22-18", "15x22"]).words() == "loses a man"
    assert line_outcome(Position("W:W23,32:B28"), ["23-19"]).words() == "wins the game"


def test_a_line_that_does_not_replay_is_refused() -> None:
    with pytest.raises(ValueError, match="does not replay"):
        ideas(Position("W:W32,27,24,22:B20,15,10,7"), ["27-22"])


def test_a_move_whose_natural_reply_loses_a_man_is_a_trap() -> None:
    # From an engine game: 18-14, and Black's natural 12-16 loses a man to the shot 14-9 5x14
    # 22-17 13x22 26x17x10x1.
    position = Position("W:W18,21,22,26,29,30,31,32:B3,4,5,6,7,8,12,13")
    engine = new_engine()
    after = position.move(Move.from_pdn("18-14", position))
    line = ["18-14", *(move.pdn() for move in engine.search(after, Limits(depth=9)).pv)]
    trap = _named(ideas(position, line, engine=engine), "trap")
    assert trap.side is WHITE and trap.fields == {"reply": "12-16", "wins": 1}
    assert trap.line[:2] == ("18-14", "12-16") and proves(position, trap)
    assert not proves(position, dataclasses.replace(trap, claim=(("reply", "12-16"), ("wins", 2))))


def test_an_exchange_a_quiet_move_prepares_is_said_once() -> None:
    # The second walk's card (Club, White's move 3): 26-23's line read "White's exchange:
    # after 26-23 11-16, 22-18 exchanges a man for a man (22-18 15x22 25x18)" and then again
    # "White exchanges a man for a man: 22-18 15x22 25x18".
    position = Position.from_fen("W:W12,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,15")
    found = ideas(position, ("26-23", "11-16", "22-18", "15x22", "25x18"))
    assert [idea.text for idea in found] == [
        "White's exchange: after 26-23 11-16, 22-18 exchanges a man for a man (22-18 15x22 25x18)"
    ]
    # The exchange alone, with no quiet move before it, is still said.
    alone = ideas(
        Position.from_fen("W:W12,21,22,24,25,27,28,23,29,30,31,32:B1,2,3,4,5,6,7,9,10,15,16"),
        ("22-18", "15x22", "25x18"),
    )
    assert [idea.name for idea in alone] == ["exchange"]


def test_a_shot_right_after_an_exchange_is_named_with_it() -> None:
    # Walk 2026-11-30s: Why? said 21-17 "wins a man (+0.95)" with one reason, "White exchanges
    # two men for two men: 21-17 13x22 25x18x11 8x15", the man then won by 24-19 15x24
    # 28x19x12: the shot that follows the exchange is part of the same plan.
    position = Position("W:W21,23,24,25,26,28,29,30,31,32:B1,2,3,4,8,9,10,13,15,16")
    line = ["21-17", "13x22", "25x18x11", "8x15", "24-19", "15x24", "28x19x12", "4-8"]
    found = ideas(position, line)
    assert [(idea.name, idea.start) for idea in found] == [("exchange", 0), ("shot", 4)]
    assert all(proves(position, idea) for idea in found)
    # A line whose early plies begin nothing still names nothing late (`WITHIN`).
    quiet = Position("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    assert ideas(quiet, ["11-15", "23-19", "8-11", "22-17"]) == []


def test_an_idea_prepared_by_an_exchange_shows_every_move_it_counts() -> None:
    # Walk 2026-12-01ab (Club): "after 27-23 15-19 23x16 12x19, 17-13 exchanges two men for two
    # men (17-13 10x17 21x14)": the moves in brackets are one for one; the count ran from 27-23.
    from checkers.coach.ideas import ideas

    position = Position()
    for text in ["9-14", "22-17", "11-15", "24-20", "14-18", "23x14", "8-11"]:
        position = position.move(Move.from_pdn(text, position))
    line = ("27-23", "15-19", "23x16", "12x19", "17-13", "10x17", "21x14")
    prepared = next(idea for idea in ideas(position, line) if idea.side is WHITE)
    assert prepared.text == (
        "White's exchange: 27-23 exchanges two men for two men"
        " (27-23 15-19 23x16 12x19 17-13 10x17 21x14)"
    ), prepared.text


def test_an_ending_reached_later_in_a_line_counts_its_moves_from_there() -> None:
    # Walk 2026-12-01ab: "28-32 walks into First Position ..., a database win for White in 30
    # moves" beside "... then walks into two kings against one, a database win for White in 11
    # moves": one win, two counts, the second from the ending reached 39 plies on; and "gives a
    # piece first" of a piece given at the 34th ply.
    from checkers.coach.endings import named_ending
    from checkers.coach.explain import idea_words
    from checkers.coach.replay import replay

    position = Position("B:WK19,K23:BK32,12")
    line = ("32-28", "23-18", "12-16", "19x12")
    ending = named_ending(position, replay(position, line))
    assert ending is not None
    assert ending.text == "two kings against one, a database win for White in 11 moves from there"
    given = dataclasses.replace(ending, lead="gives a man")
    assert idea_words(given, "32-28", BLACK).startswith("32-28 gives a man first (32-28 23-18")
    longer = ("32-28", "23-18", "28-32", "18-23", "12-16", "19x12")
    later = dataclasses.replace(given, line=longer, start=6)
    words = idea_words(later, "32-28", BLACK)
    assert words.startswith(f"32-28 gives a man on the way ({' '.join(longer)}), then"), words
