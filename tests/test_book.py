"""The opening book: its coverage, its moves, its file, its build, and play from it."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from piped_session import answered

from checkers.ai import AIPlayer, Limits, get_level
from checkers.ai.book import (
    MARGIN,
    Book,
    BuildSettings,
    build_book,
    is_book_move,
    load_book,
    position_key,
)
from checkers.ai.search import SearchRequest
from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats.opening_book import BookEntry, BookError, BookMove
from checkers.match import load_ballots
from checkers.protocol import run_engine


def ballot_position(moves: tuple[str, ...]) -> Position:
    position = Position()
    for text in moves:
        position = position.move(Move.from_pdn(text, position))
    return position


def book_positions(book: Book) -> list[Position]:
    """Every position reached from the start by the book's moves (each one in the book)."""
    found, frontier = [Position()], [Position()]
    seen = {position_key(Position())}
    while frontier:
        position = frontier.pop()
        moves = book.moves(position)
        assert moves is not None, position.fen()
        for move, _ in moves:
            child = position.move(move)
            if position_key(child) in book.entries and position_key(child) not in seen:
                seen.add(position_key(child))
                found.append(child)
                frontier.append(child)
    return found


# --- the shipped book ---------------------------------------------------------------------------


def test_every_ballot_position_and_every_position_on_its_way_is_in_the_book() -> None:
    book = load_book()
    for ballot in load_ballots():
        for plies in range(len(ballot.moves) + 1):
            position = ballot_position(ballot.moves[:plies])
            assert position in book, (ballot.label(), plies)
        # The forced ballot moves are book moves too, so the review marks them as such.
        position = Position()
        for text in ballot.moves:
            move = Move.from_pdn(text, position)
            assert is_book_move(position, move), (ballot.label(), text)
            position = position.move(move)


def test_every_entry_is_reached_from_the_start_and_every_book_move_is_legal() -> None:
    book = load_book()
    positions = book_positions(book)  # Book.moves is None if a stored move is illegal
    assert {position_key(position) for position in positions} == set(book.entries)
    for position in positions:
        legal = position.legal_moves()
        assert all(move in legal for move, _ in book.moves(position) or [])


def test_the_book_reaches_its_plies_past_every_ballot_it_claims() -> None:
    book = load_book()
    deepest = max(len(ballot.moves) for ballot in load_ballots())
    # Every position on a book line up to the claimed ply is in the book: follow the book's
    # equal best moves from each ballot position for `plies` plies.
    for ballot in load_ballots():
        frontier = [ballot_position(ballot.moves)]
        for _ in range(book.plies):
            following = []
            for position in frontier:
                for move, _ in book.choices(position):
                    child = position.move(move)
                    if child.legal_moves():
                        assert child in book, (ballot.label(), child.fen())
                        following.append(child)
            frontier = following
    assert book.depth >= 2 and deepest == 3


def test_the_books_move_at_the_start_is_legal_and_among_its_best() -> None:
    book = load_book()
    start = Position()
    moves = book.moves(start)
    assert moves is not None
    best = max(score for _, score in moves)
    for seed in range(10):
        hit = book.choose(start, seed)
        assert hit is not None
        move, score, depth = hit
        assert move in start.legal_moves() and score >= best - MARGIN and depth == book.depth


def test_a_move_outside_the_book_is_not_a_book_move() -> None:
    start = Position()
    book_moves = {move for move, _ in load_book().moves(start) or []}
    outside = [move for move in start.legal_moves() if move not in book_moves]
    assert all(not is_book_move(start, move) for move in outside)
    # A position far from the opening is not in the book at all.
    late = Position.from_fen("W:WK1,5,22,30:B3,4,8,21,K32")
    assert late not in load_book() and not is_book_move(late, late.legal_moves()[0])


# --- the key and the file -----------------------------------------------------------------------


def test_the_key_is_the_documented_hash_of_the_squares_and_side() -> None:
    def documented(black: list[int], white: list[int], kings: list[int], white_moves: bool) -> int:
        data = b"".join(
            sum(1 << (s - 1) for s in squares).to_bytes(4, "little")
            for squares in (black, white, kings)
        ) + bytes([white_moves])
        return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")

    assert position_key(Position()) == documented(
        list(range(1, 13)), list(range(21, 33)), [], False
    )
    position = Position.from_fen("W:WK1,5,22,30:B3,4,8,21,K32")
    assert position_key(position) == documented([3, 4, 8, 21, 32], [1, 5, 22, 30], [1, 32], True)


def small_book() -> Book:
    start = Position()
    moves = (
        BookMove("11-15", 10),
        BookMove("9-14", 8),
        BookMove("10-15", 5),
        BookMove("9-13", -40),
    )
    return Book({position_key(start): BookEntry(9, moves)}, depth=9, plies=0)


def test_a_book_round_trips_through_its_text() -> None:
    book = small_book()
    again = Book.loads(book.dumps())
    assert again.entries == book.entries and (again.depth, again.plies) == (9, 0)


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace("11-15:+10", "11-15:+11"),  # a changed score
        lambda text: text[:-5],  # a cut file
        lambda text: text.replace("checkers-opening-book 1", "checkers-opening-book 7"),
        lambda text: "",
        lambda text: text.replace("positions=1", "positions=2"),
    ],
)
def test_a_damaged_book_is_refused_with_one_line(damage: object, tmp_path: Path) -> None:
    path = tmp_path / "book.txt"
    path.write_text(damage(small_book().dumps()), encoding="ascii")  # type: ignore[operator]
    with pytest.raises(BookError) as caught:
        load_book(path)
    assert "\n" not in str(caught.value) and str(tmp_path) in str(caught.value)


def test_the_show_command_refuses_a_damaged_book_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "book.txt"
    path.write_text(small_book().dumps().replace("+8", "+9"), encoding="ascii")
    assert main(["book", "show", "--book", str(path)], out=io.StringIO()) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "damaged" in error


def test_a_stored_move_that_is_illegal_leaves_the_position_out_of_the_book() -> None:
    start = Position()
    book = Book({position_key(start): BookEntry(5, (BookMove("22-18", 0),))})
    assert book.moves(start) is None and book.choose(start) is None


# --- choosing -----------------------------------------------------------------------------------


def test_the_choice_varies_with_the_seed_among_equal_moves_only() -> None:
    book, start = small_book(), Position()
    equal = {"11-15", "9-14", "10-15"}  # within 0.05 men of the best; 9-13 is not
    picks = [book.choose(start, seed) for seed in range(40)]
    played = {hit[0].pdn() for hit in picks if hit is not None}
    assert len(played) > 1 and played <= equal
    # The same seed, the same move: a game replays.
    assert all(book.choose(start, seed) == picks[seed] for seed in range(40))


def test_a_book_hit_returns_at_once_at_the_engine_levels_only() -> None:
    start = Position()
    club = AIPlayer.for_level(get_level("club"), seed=3)
    choice = club.choose(SearchRequest(start, (start,)))
    assert choice.note == "book move" and choice.result.nodes == 0
    assert choice.result.move in start.legal_moves()
    assert (
        AIPlayer.for_level(get_level("club"), seed=3).choose(SearchRequest(start, (start,)))
        == choice
    )
    # The book is the engine's own: a searcher of another kind, or one told not to, searches.
    assert AIPlayer.for_level(get_level("casual")).choose(SearchRequest(start, (start,))).note == ""
    plain = AIPlayer(Limits(depth=2)).choose(SearchRequest(start, (start,)))
    assert plain.note == "" and plain.result.nodes > 0


def test_analyse_shows_the_book_moves_of_a_book_position() -> None:
    out = io.StringIO()
    assert main(["analyse", "--depth", "2"], out=out) == 0
    first = out.getvalue().splitlines()[0]
    # The book's moves, without the book's own figures: the search below gives the numbers.
    assert first.startswith("book: 11-15, ") and "(" not in first
    out = io.StringIO()
    assert main(["analyse", "W:WK1,5,22,30:B3,4,8,21,K32", "--depth", "2"], out=out) == 0
    assert "book:" not in out.getvalue()


def test_the_protocol_plays_from_the_book_unless_ownbook_is_off() -> None:
    start = Position()
    out = io.StringIO()
    run_engine(answered(["position startpos", "go depth 3", "quit"], out), out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("info string book ") and lines[-1].startswith("bestmove ")
    assert is_book_move(start, Move.from_pdn(lines[-1].split()[1], start))
    # Without the book the engine searches: no book line.
    for commands, own_book in (
        (["setoption name OwnBook value false", "position startpos", "go depth 3", "quit"], True),
        (["position startpos", "go depth 3", "quit"], False),
    ):
        out = io.StringIO()
        run_engine(answered(commands, out), out, own_book=own_book)
        assert "book" not in out.getvalue() and out.getvalue().startswith(("info depth", "best"))
    out = io.StringIO()
    run_engine(["setoption name OwnBook value maybe", "quit"], out)
    assert out.getvalue().startswith("info string error: OwnBook is true or false")


# --- building -----------------------------------------------------------------------------------

BALLOTS = [ballot.moves for ballot in load_ballots()[:12]]
TINY = BuildSettings(depth=2, plies=1)


def test_an_interrupted_build_resumed_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    whole = build_book(TINY, BALLOTS, tmp_path / "whole.txt", progress=None)
    assert whole.finished
    out = tmp_path / "resumed.txt"
    stopped = build_book(TINY, BALLOTS, out, progress=None, stop_after=7)
    assert not stopped.finished and stopped.searched == 7 and not out.exists()
    # An interruption in the middle of writing a line: the cut line is searched again.
    work = tmp_path / "resumed.txt.work"
    work.write_bytes(work.read_bytes()[:-10])
    resumed = build_book(TINY, BALLOTS, out, progress=None)
    assert resumed.finished and resumed.searched == whole.searched - 6
    assert out.read_text() == (tmp_path / "whole.txt").read_text()
    # Nothing left to search: a rerun only writes the book again.
    assert build_book(TINY, BALLOTS, out, progress=None).searched == 0


def test_a_build_covers_the_ballots_and_does_not_depend_on_the_processes(tmp_path: Path) -> None:
    one = build_book(TINY, BALLOTS, tmp_path / "one.txt", progress=None)
    two = build_book(TINY, BALLOTS, tmp_path / "two.txt", jobs=2, progress=None)
    assert (tmp_path / "one.txt").read_text() == (tmp_path / "two.txt").read_text()
    assert one.positions == two.positions
    book = load_book(tmp_path / "one.txt")
    for moves in BALLOTS:
        assert ballot_position(moves) in book
    assert {position_key(p) for p in book_positions(book)} == set(book.entries)


def test_a_work_file_of_other_searches_is_refused(tmp_path: Path) -> None:
    build_book(TINY, BALLOTS[:1], tmp_path / "book.txt", progress=None)
    with pytest.raises(BookError, match="depth=2"):
        build_book(BuildSettings(depth=3, plies=1), BALLOTS[:1], tmp_path / "book.txt")


def test_the_build_command_writes_a_book_with_progress_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "book.txt"
    argv = ["book", "build", "--depth", "2", "--plies", "0", "--jobs", "1", "--out", str(out)]
    assert main(argv, out=io.StringIO()) == 0
    assert "positions searched" in capsys.readouterr().err
    book = load_book(out)
    assert all(ballot_position(b.moves) in book for b in load_ballots())
    assert main([*argv[:3], "1", *argv[4:]], out=io.StringIO()) == 2  # depth 1 is refused
