"""The Why? card's small board in pure code: the played line and the refutation of the best
other move as arrows, labelled in plain words, and a line played out frame by frame to its end."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

from checkers.ai.levels import get_level
from checkers.ai.players import AIPlayer
from checkers.ai.search import Limits
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.explain import Explanation, MoveScore, explain_choice
from checkers.gui.explaining import why_card
from checkers.gui.why_board import (
    ARROW_MOVES,
    FRAMES_PER_MOVE,
    LineSteps,
    read_line,
    why_board,
)

FIRST_PROBLEM = "W:W32,27,24,22:B20,15,10,7"
"""White to play and win: 27-23 gives one man to win two; 22-17 only keeps it level."""
PLAYED = ("27-23", "20x27", "23-18", "27-31", "18x11x2", "10-15", "22-17", "15-18")
REFUTATION = ("15-18", "24-19", "18-22", "19-16", "10-15", "17-13", "22-25")
"""The engine's lines for the first problem (its exact pass at 12 moves ahead)."""


def first_problem() -> Explanation:
    """The exact pass's answer for the first problem, as the AI's process sends it."""
    return Explanation(
        player="engine",
        played="27-23",
        searched="27-23",
        moves=(
            MoveScore("27-23", 1.3, "exact", 12, PLAYED, verdict="wins a man"),
            MoveScore("22-17", -0.05, "exact", 12, ("22-17", *REFUTATION), verdict="only draws"),
            MoveScore("22-18", -1.45, "exact", 12, ("22-18", "15x22"), verdict="loses a man"),
            MoveScore("24-19", -2.0, "upper", 12, ("24-19",)),
        ),
        legal_moves=4,
        all_captures=False,
        complete=True,
        exact_depth=12,
    )


def paths(moves: tuple[Move, ...]) -> list[tuple[int, ...]]:
    return [move.path for move in moves]


def replayed(position: Position, texts: tuple[str, ...]) -> Position:
    """The position after `texts`, each read as a move where the line has got to."""
    for text in texts:
        position = position.move(Move.from_pdn(text, position))
    return position


def test_the_played_line_shows_as_arrows_on_the_position_before_the_move() -> None:
    position = Position(FIRST_PROBLEM)
    board = why_board(first_problem(), position)
    assert board.position == position and board.note == ""
    played = board.lines[0]
    assert played.button == "Played"
    # With how far the line's look went, as its row says (walk 2026-12-01x: the panel gave
    # another line of another depth beside a caption with none).
    depth = first_problem().moves[0].depth
    assert played.label == (
        f"Played 27-23, expecting 20x27 23-18 27-31 18x11x2 10-15 ... ({depth} turns ahead)"
    )
    assert [move.pdn() for move in played.moves] == list(PLAYED)
    # A line the engine's later look found, not the level's own search (walk 2026-12-01ag: a
    # Beginner's "Played 24-20, expecting ... (10 turns ahead)" under "looking 2 turns"): the
    # engine's.
    weak = replace(first_problem(), chosen_depth=2)
    assert (
        why_board(weak, position)
        .lines[0]
        .label.startswith("Played 27-23; the engine expects 20x27 23-18")
    )
    arrows = LineSteps(position, played.moves).arrows()
    # The move and the reply: two arrows, each side's own colour (a third tangled with them).
    assert paths(arrows) == [(27, 23), (20, 27)] and len(arrows) == ARROW_MOVES == 2


def test_the_other_line_is_the_refutation_the_card_names() -> None:
    position = Position(FIRST_PROBLEM)
    card = why_card(first_problem(), WHITE, 10, human=BLACK, position=position, flipped=True)
    assert card.board is not None and card.board.flipped
    other = card.board.lines[1]
    assert other.button == "Why not 22-17"
    assert other.label == "22-17 only draws: 15-18 24-19 18-22 19-16 10-15 17-13 ..."
    # The board's line is the move, then exactly the moves the card's row gives as its refutation.
    row = next(row for row in card.rows if row.move == "22-17")
    # Its lead says how it compares ("1.35 worse than 27-23:"; "refuted by" before a level
    # move's line read as "fails", walk 2026-12-01w), then the line.
    line = re.sub(r"^(refuted by |\d+\.\d+ worse than \S+: )", "", row.line)
    named = tuple(re.sub(r"\d+\.( \.\.\.)? ", "", line).split())
    assert named == REFUTATION == other.named
    assert [move.pdn() for move in other.moves] == ["22-17", *REFUTATION]
    arrows = LineSteps(position, other.moves).arrows()
    assert paths(arrows) == [(22, 17), (15, 18)]


def test_a_line_plays_out_one_move_every_few_frames_to_its_final_position() -> None:
    position = Position(FIRST_PROBLEM)
    line = why_board(first_problem(), position).lines[1]
    steps = LineSteps(position, line.moves)
    assert steps.words() == "Start of the line (0 of 8)" and steps.last_move() is None
    steps = steps.play()  # the first move at once: the click answers
    assert steps.done == 1 and steps.playing and steps.last_move() == line.moves[0]
    assert paths(steps.arrows()) == [(15, 18), (24, 19)]
    for _ in range(FRAMES_PER_MOVE - 1):
        steps = steps.tick()
    assert steps.done == 1
    steps = steps.tick()
    assert steps.done == 2 and steps.words() == "After 15-18 (2 of 8)"
    frames = 0
    while steps.playing and frames < 100 * FRAMES_PER_MOVE:
        steps = steps.tick()
        frames += 1
    assert frames == (len(line.moves) - 2) * FRAMES_PER_MOVE
    assert steps.finished and steps.arrows() == ()
    assert steps.position() == replayed(position, ("22-17", *REFUTATION))
    assert steps.words() == "End of the line: 22-25 (8 of 8)"
    assert steps.tick() == steps  # over: nothing moves
    again = steps.play()  # at the end, Play starts again from the position before the move
    assert again.done == 0 and again.playing and again.position() == position


def test_pause_and_reset() -> None:
    position = Position(FIRST_PROBLEM)
    line = why_board(first_problem(), position).lines[0]
    steps = LineSteps(position, line.moves).play().tick().pause()
    assert steps.done == 1 and not steps.playing
    assert steps.tick() == steps
    steps = steps.play()
    assert steps.done == 2 and steps.position() == replayed(position, PLAYED[:2])
    steps = steps.reset()
    assert steps.done == 0 and not steps.playing and steps.position() == position
    assert paths(steps.arrows()) == [(27, 23), (20, 27)]


def test_a_line_stops_at_its_first_move_that_does_not_read() -> None:
    position = Position(FIRST_PROBLEM)
    assert [m.pdn() for m in read_line(("27-23", "20x27", "9-14", "23-18"), position)] == [
        "27-23",
        "20x27",
    ]
    assert read_line(("11-15",), position) == ()


def test_an_other_move_without_a_refutation_is_passed_over() -> None:
    explanation = first_problem()
    bare = MoveScore("22-17", -0.05, "exact", 12, ("22-17",), verdict="only draws")
    moves = (explanation.moves[0], bare, *explanation.moves[2:])
    board = why_board(replace(explanation, moves=moves), Position(FIRST_PROBLEM))
    assert [line.button for line in board.lines] == ["Played", "Why not 22-18"]
    assert board.lines[1].label == "22-18 loses a man: 15x22"


def test_the_only_legal_move_shows_its_line_alone_and_says_why() -> None:
    position = Position.from_fen("W:W18:B14,9")
    explanation = explain_choice(position, AIPlayer(Limits(depth=3)).choose(position))
    assert explanation is not None and explanation.legal_moves == 1
    board = why_board(explanation, position)
    assert len(board.lines) == 1 and board.lines[0].moves[0].pdn() == explanation.played
    assert board.note == "The only legal move: no other line to show."


def test_a_book_move_shows_its_move_alone_and_says_why() -> None:
    explanation = explain_choice(
        Position(), AIPlayer.for_level(get_level("club")).choose(Position())
    )
    assert explanation is not None and explanation.from_book
    board = why_board(explanation, Position())
    assert [line.button for line in board.lines] == ["Played"]
    assert paths(board.lines[0].moves)[0] == Move.from_pdn(explanation.played).path
    assert board.note == "From the opening book: it keeps scores, not lines, for its other moves."
    # A card with the book's move alone promises no other moves (walk 2026-12-01z).
    alone = dataclasses.replace(explanation, moves=explanation.moves[:1])
    assert why_board(alone, Position()).note == "From the opening book: it keeps no line to show."


def test_a_level_that_slipped_shows_what_its_search_chose() -> None:
    slipper = AIPlayer(Limits(depth=2), "alphabeta", blunder=1.0, name="beginner")
    explanation = explain_choice(Position(), slipper.choose(Position()))
    assert explanation is not None and explanation.slipped and explanation.searched
    board = why_board(explanation, Position())
    assert [line.button for line in board.lines] == ["Played", f"Its choice {explanation.searched}"]
    chosen = board.lines[1]
    assert chosen.label.startswith(f"Its search chose {explanation.searched}, expecting ")
    assert chosen.moves[0].pdn() == explanation.searched and len(chosen.moves) >= 2


def test_a_card_without_the_position_has_no_small_board() -> None:
    assert why_card(first_problem(), WHITE, 10).board is None


def test_a_card_of_database_results_only_explains_no_scale_of_men() -> None:
    # Every row says "database win in N moves": "Scores are the engine's, in men" was noise.
    explanation = first_problem()
    ruled = replace(
        explanation,
        moves=tuple(
            replace(move, database="database draw", bound="exact") for move in explanation.moves
        ),
    )
    assert why_card(ruled, WHITE, 0, human=BLACK).view == ""
    assert why_card(explanation, WHITE, 0, human=BLACK).view.startswith("Scores are")


def test_the_other_line_is_one_the_card_gives_a_row_of() -> None:
    # Walk 2026-12-01w: "Why not 20-16" on a reviewed Strong card where 20-16 had no row (it
    # stood among "The other 8 moves ... are no better"). The board's second line is the best
    # move the card shows.
    position = Position(FIRST_PROBLEM)
    board = why_board(first_problem(), position, shown=frozenset({"27-23", "22-18"}))
    assert [line.button for line in board.lines] == ["Played", "Why not 22-18"], board.lines
    board = why_board(first_problem(), position)
    assert [line.button for line in board.lines] == ["Played", "Why not 22-17"], board.lines


def test_a_move_as_good_as_the_played_one_is_not_asked_why_not() -> None:
    # Walk 2026-12-01ab: "Why not 27-23" beside a row "27-23 ... as good as 17-13".
    from checkers.coach.explain import Explanation, MoveScore

    position = Position()
    played = MoveScore("11-15", 0.05, "exact", 10, ("11-15", "23-19", "8-11"))
    same = MoveScore("9-14", 0.05, "exact", 10, ("9-14", "22-17", "11-15"))
    worse = MoveScore("12-16", -0.40, "exact", 10, ("12-16", "24-20", "16-19"))
    explanation = Explanation(
        "club", "11-15", "11-15", (played, same, worse), 7, False, True, exact_depth=10
    )
    buttons = [line.button for line in why_board(explanation, position).lines]
    assert buttons == ["Played", "9-14 instead"], buttons
    worse_only = dataclasses.replace(explanation, moves=(played, worse))
    buttons = [line.button for line in why_board(worse_only, position).lines]
    assert buttons == ["Played", "Why not 12-16"], buttons


def test_a_card_scored_by_the_book_says_why_it_has_no_lines() -> None:
    # Walk 2026-12-01ab: a Beginner's 21-17 scored by the opening book said "No other move has a
    # line against it to show" and "looking 13 turns ahead" while the panel gave another figure
    # (10 turns ahead) and the engine's expected line: the book keeps scores, not lines, and
    # its scores make no judgement of the game.
    from checkers.coach.explain import facts as card_facts

    position = Position()
    played = MoveScore("11-15", 0.05, "exact", 13, ("11-15",), verdict="keeps it level")
    other = MoveScore("9-14", 0.0, "exact", 13, ("9-14",), verdict="keeps it level")
    explanation = Explanation(
        "beginner", "11-15", "11-15", (played, other), 7, False, True, exact_depth=13,
        book_scored=True, mover=BLACK, chosen_depth=2, level_counted="+0.40",
    )  # fmt: skip
    assert why_board(explanation, position).note == (
        "Scored by the opening book, which keeps no lines: none to show."
    )
    facts = " ".join(card_facts(explanation))
    assert (
        "Each move below is scored by the opening book, looking 13 turns ahead; the book keeps"
        " no lines, and the panel's score and line are the engine's own look since." in facts
    ), facts
