"""Property tests for what is read from outside: any text gives a result or the documented
error, never another exception; what is written reads back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.board import (
    BLACK,
    WHITE,
    InvalidFenError,
    Piece,
    Position,
    position_problem,
)
from checkers.options import read_seconds, read_whole_number
from checkers.protocol import EngineSession, ProtocolError, _limits_of

# Text that looks like FEN often enough to reach every branch of the reader.
FEN_PARTS = st.sampled_from(
    [
        "B",
        "W",
        ":",
        ",",
        "-",
        "K",
        "k",
        ".",
        " ",
        '[FEN "',
        '"]',
        "0",
        "1",
        "9",
        "12",
        "29",
        "32",
        "33",
        "٣",
        "３",
        "\n",
        "\x00",
        "9" * 50,
    ]
)
fen_like = st.lists(FEN_PARTS | st.text(max_size=5), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.text() | fen_like)
def test_any_text_is_a_position_or_an_invalid_fen_error(text: str) -> None:
    try:
        position = Position.from_fen(text)
    except InvalidFenError as error:
        assert "\n" not in str(error) or "\n" in text  # only an echoed input may hold one
        return
    assert position_problem(position.piece_map()) is None
    assert Position.from_fen(position.fen()) == position


pieces_anywhere = st.dictionaries(
    st.integers(1, 32), st.builds(Piece, st.sampled_from([BLACK, WHITE]), st.booleans())
)


@settings(max_examples=300, deadline=None)
@given(pieces_anywhere, st.sampled_from([BLACK, WHITE]))
def test_a_fen_reads_back_exactly_when_no_game_rule_is_broken(
    pieces: dict[int, Piece], turn: object
) -> None:
    # Written from any pieces at all, a FEN reads back to the same position if a game could
    # hold it, and is otherwise refused with the core's reason.
    assert turn in (BLACK, WHITE)
    position = Position.from_pieces(pieces, BLACK if turn is BLACK else WHITE)
    problem = position_problem(pieces)
    try:
        back = Position.from_fen(position.fen())
    except InvalidFenError as error:
        assert problem is not None and str(error) == problem
        return
    assert problem is None and back == position and back.fen() == position.fen()


PROTOCOL_WORDS = st.sampled_from(
    [
        "go",
        "depth",
        "movetime",
        "nodes",
        "wtime",
        "btime",
        "winc",
        "position",
        "fen",
        "startpos",
        "moves",
        "setoption",
        "name",
        "value",
        "Algorithm",
        "Evaluation",
        "isready",
        "newgame",
        "stop",
        "11-15",
        "1",
        "0",
        "-1",
        "9" * 5000,
        "٣",
        "B:W21-32:B1-12",
        "\x1b",
        "\x00",
        "\r",
    ]
)
protocol_lines = st.lists(PROTOCOL_WORDS | st.text(max_size=8), max_size=8).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(st.text() | protocol_lines)
def test_any_protocol_line_is_carried_out_or_answered_with_one_error_line(line: str) -> None:
    written: list[str] = []
    session = EngineSession(written.append)
    session.interrupt()  # a `go` that parses answers at once: the search is not under test
    result = session.handle(line)
    session.wait()
    assert result is (line.split()[:1] != ["quit"])
    for answer in written:
        assert "\n" not in answer and answer.isprintable()
        assert answer.startswith(("info string error: ", "info depth ", "bestmove ", "readyok"))


@settings(max_examples=300, deadline=None)
@given(st.lists(PROTOCOL_WORDS | st.text(max_size=8), max_size=3))
def test_go_limits_are_limits_or_a_protocol_error(words: list[str]) -> None:
    try:
        limits = _limits_of(words)
    except ProtocolError as error:
        assert len(str(error)) < 200
        return
    assert words[0] in ("depth", "movetime", "nodes", "wtime", "btime", "winc", "binc")
    assert limits.depth is None or 1 <= limits.depth <= 200


@given(st.text())
def test_number_readers_return_in_range_or_raise_value_error(text: str) -> None:
    try:
        assert 0 <= read_whole_number(text, 0, 100) <= 100
    except ValueError as error:
        assert len(str(error)) < 120
    try:
        assert 0 < read_seconds(text) <= 86_400
    except ValueError as error:
        assert len(str(error)) < 120
