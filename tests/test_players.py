"""AI players and the one game loop: kept searches, levels, and games that end by the rules."""

from __future__ import annotations

import re

import pytest

from checkers.ai import AIPlayer, Limits, StopSignal, get_level, play_game, search
from checkers.ai.levels import LEVELS
from checkers.ai.players import PlayedMove
from checkers.ai.search import SearchRequest
from checkers.board import BLACK, Move, Position
from checkers.record import GameRecord, Reason, ended_words


def quick(algorithm: str = "alphabeta", depth: int = 1) -> AIPlayer:
    return AIPlayer(Limits(depth=depth), algorithm)


# --- one side of a game -----------------------------------------------------------------------


def test_a_player_keeps_the_engine_from_move_to_move() -> None:
    player = AIPlayer(Limits(depth=8))
    start = Position()
    first = player.choose(SearchRequest(start, (start,))).result
    second = player.choose(SearchRequest(start, (start,))).result  # the same game, asked again
    assert second.nodes < first.nodes and second.move in start.legal_moves()


def test_a_player_starts_afresh_when_the_game_does_not_go_on() -> None:
    player = AIPlayer(Limits(depth=6))
    start = Position()
    fresh = search(start, Limits(depth=6))
    assert player.choose(SearchRequest(start, (start,))).result.nodes == fresh.nodes
    after = start.move(start.legal_moves()[0])
    player.choose(SearchRequest(after, (start, after)))  # the game goes on: the table is kept
    # Back to the start (moves taken back, or a new game): nothing learnt since may steer it.
    again = player.choose(SearchRequest(start, (start,))).result
    assert (again.move, again.nodes) == (fresh.move, fresh.nodes)


def test_a_player_of_a_stateless_algorithm_is_plain_search() -> None:
    position = Position.from_fen("W:W16,20,21,22,24,26,28,30,31,32:B1,2,3,6,7,8,11,14,15")
    player = AIPlayer(Limits(depth=4), "alphabeta", "seed")
    expected = search(position, Limits(depth=4), "alphabeta", "seed")
    for _ in range(2):  # and nothing carries over
        result = player.choose(SearchRequest(position, (position,))).result
        assert (result.move, result.score, result.nodes) == (
            expected.move,
            expected.score,
            expected.nodes,
        )


def test_a_player_plays_its_algorithms_own_evaluation_unless_told() -> None:
    assert (AIPlayer(Limits(depth=1)).evaluation, quick().evaluation) == ("engine", "seed")
    assert AIPlayer(Limits(depth=1), "engine", "count").evaluation == "count"


def test_a_player_with_an_unknown_name_is_refused_listing_the_choices() -> None:
    with pytest.raises(ValueError, match="alphabeta, engine, minimax, negamax"):
        AIPlayer(Limits(depth=1), "expectimax")
    with pytest.raises(ValueError, match="count, engine, seed"):
        AIPlayer(Limits(depth=1), "alphabeta", "psychic")


def test_a_levels_player_searches_as_the_level_says() -> None:
    casual = get_level("casual")
    position = Position()
    choice = AIPlayer.for_level(casual).choose(SearchRequest(position, (position,)))
    expected = search(position, casual.limits, casual.algorithm, casual.evaluation)
    assert (choice.result.move, choice.result.depth, choice.note) == (expected.move, 5, "")


# --- the game loop ----------------------------------------------------------------------------


def test_a_game_is_played_to_its_end_by_the_records_rules() -> None:
    record = GameRecord()
    heard: list[PlayedMove] = []
    end = play_game(record, quick(), quick("minimax"), on_move=heard.append)
    assert end.outcome is not None and end.outcome == record.outcome
    words = ended_words(end.outcome, record.position)  # `White has no pieces left`, ...
    assert (end.result(), str(end)) == (end.outcome.result(), words)
    assert [played.move for played in heard] == record.moves
    assert heard[0].before == Position() and heard[0].player.algorithm == "alphabeta"
    assert heard[1].before.turn is not BLACK and heard[1].player.algorithm == "minimax"


def test_on_move_hears_each_move_once_the_record_holds_it() -> None:
    record = GameRecord()
    plies: list[int] = []
    play_game(
        record, quick(), quick(), max_plies=6, on_move=lambda played: plies.append(record.ply)
    )
    assert plies == [1, 2, 3, 4, 5, 6]


def test_the_ply_limit_stops_a_game_without_calling_it_a_draw() -> None:
    record = GameRecord()
    end = play_game(record, quick(), quick(), max_plies=10)
    assert record.ply == 10 and record.outcome is None
    assert (end.outcome, end.result(), end.reason) == (None, "*", "stopped at the 10-ply limit")


def test_a_game_goes_on_from_a_record_with_moves_and_counts_them_in_the_limit() -> None:
    record = GameRecord()
    for text in ("11-15", "23-19"):
        record.play(Move.from_pdn(text, record.position))
    end = play_game(record, quick(), quick(), max_plies=5)
    assert record.ply == 5 and [m.pdn() for m in record.moves[:2]] == ["11-15", "23-19"]
    assert end.reason == "stopped at the 5-ply limit"


def test_a_stop_request_ends_the_game_where_it_is() -> None:
    record = GameRecord()
    stop = StopSignal()

    def stop_after_three(played: PlayedMove) -> None:
        if record.ply == 3:
            stop.stop()

    end = play_game(record, quick(), quick(), on_move=stop_after_three, stop=stop)
    assert (record.ply, end.outcome, end.result()) == (3, None, "*")
    assert end.reason == "stopped at ply 3"


def test_a_game_already_over_ends_at_once() -> None:
    record = GameRecord(Position.from_fen("W:W5,6,7,8:B1,2,3,4"))  # White is blocked
    heard: list[PlayedMove] = []
    end = play_game(record, quick(), quick(), on_move=heard.append)
    assert heard == [] and end.outcome is not None
    assert (end.outcome.reason, end.result()) == (Reason.NO_MOVES, "1-0")


def test_two_lone_kings_draw_by_a_rule_not_by_the_limit() -> None:
    record = GameRecord(Position.from_fen("W:WK32:BK1"))
    end = play_game(record, quick(), quick(), max_plies=1000)
    assert end.outcome is not None and end.outcome.is_draw
    assert end.outcome.reason in (Reason.REPETITION, Reason.FORTY_MOVE_RULE)


def test_every_level_s_details_say_what_its_description_does_not() -> None:
    # The start screen shows the description on the level's row and the details as its tooltip.
    for level in LEVELS:
        details = level.details()
        assert details and level.description.lower() not in details.lower()
    beginner = get_level("beginner").details()
    assert beginner.startswith("Looks two turns ahead")  # as the row says it
    assert "material alone" in beginner and "random move 25% of the time" in beginner
    assert "random" not in get_level("casual").details()
    master = get_level("master").details()
    assert "5 s a move" in master
    assert "opening book" in master and "endgame databases" in master


def test_a_player_says_when_its_move_comes_from_the_book() -> None:
    # The window's worker waits for the compiled core only before a search, never a book move.
    club = AIPlayer.for_level(get_level("club"), 0)
    assert club.plays_from_book(Position())
    assert not club.plays_from_book(Position.from_fen("W:WK19,K23:BK32"))
    assert not AIPlayer.for_level(get_level("casual"), 0).plays_from_book(Position())


def test_each_level_s_row_and_tooltip_say_its_look_ahead_in_one_wording() -> None:
    """The walk of 2026-11-29: the start screen's tooltip said "Looks 2 turns" where the row
    said "two turns", and three rows said "the engine" (no word of what a player meets)."""
    for level in LEVELS:
        assert not re.search(r"\d+ turns?", level.details()), level.details()
        assert "engine" not in level.description.lower(), level.description
        ahead = re.search(r"looks (\w+) turns? ahead", level.description.lower())
        if ahead is not None:
            assert level.details().lower().startswith(f"looks {ahead.group(1)} turn")


def test_a_prepared_player_searches_with_the_engine_it_prepared() -> None:
    """The window's AI process prepares the player's engine (its table's memory) before the
    move's own time runs; the move is then searched with that engine, not a fresh one."""
    position = Position.from_fen("B:W21,22,23,24,25,26:B5,6,7,8,9,10")  # out of the book
    request = SearchRequest(position, (position,))
    player = AIPlayer(Limits(depth=3))
    player.prepare(request)
    prepared = player.analyser
    assert prepared is not None
    player.choose(request)
    assert player.analyser is prepared
    # Another game: a new engine, prepared again; a noisy level keeps nothing to prepare.
    other = Position()
    player.prepare(SearchRequest(other, (other,)))
    assert player.analyser is not None and player.analyser is not prepared
    noisy = AIPlayer.for_level(get_level("novice"))
    noisy.prepare(request)
    assert noisy.analyser is None
