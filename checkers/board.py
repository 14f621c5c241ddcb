"""English draughts rules: squares, pieces, moves and positions.

Pure Python, standard library only. Squares are PDN numbers 1-32 at every public boundary.
Internally a position is three bitboards, and its moves come from the one legal-move generator
in the private `checkers._bitboard`; `Move` is the public value built from them.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from checkers._bitboard import (
    BIT,
    RawMove,
    capture_pending,
    count_moves,
    generate_raw,
    mask,
    play,
    raw_squares,
    squares_of,
)

__all__ = [
    "BLACK",
    "INITIAL_FEN",
    "SQUARES",
    "WHITE",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Piece",
    "Position",
    "Side",
    "position_problem",
    "row_col_square",
    "square_row_col",
    "turn_problem",
]


class Side(enum.Enum):
    """A player. Black moves first; the GUI may paint it red, the code never does."""

    BLACK = "B"
    WHITE = "W"

    @property
    def opponent(self) -> Side:
        """The other side."""
        return WHITE if self is BLACK else BLACK

    def __repr__(self) -> str:
        return self.name


BLACK = Side.BLACK
WHITE = Side.WHITE

SQUARES = range(1, 33)
INITIAL_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


class InvalidFenError(ValueError):
    """A FEN string that cannot be read; the message names what is wrong."""


class InvalidMoveError(ValueError):
    """Move text that is not well formed, or a path that is not a diagonal step or jump chain."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in the given position."""


class AmbiguousMoveError(ValueError):
    """A short capture form that matches more than one legal move."""


# --- geometry ---------------------------------------------------------------------------------


def square_row_col(square: int) -> tuple[int, int]:
    """The (row, column) of a square, row 0 at the top (squares 1-4), column 0 at the left."""
    if not 1 <= square <= 32:
        raise ValueError(f"square {square} is not between 1 and 32")
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def row_col_square(row: int, col: int) -> int | None:
    """The square at (row, column), or None for a light square or a point off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return row * 4 + col // 2 + 1


# --- values: pieces and moves -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """A man or a king of one side."""

    side: Side
    king: bool = False

    def symbol(self) -> str:
        """'b'/'w' for men, 'B'/'W' for kings."""
        letter = self.side.value
        return letter if self.king else letter.lower()


def _between(a: int, b: int) -> int | None:
    """The square jumped when going from a to b, or None if b is not a jump away."""
    (ra, ca), (rb, cb) = square_row_col(a), square_row_col(b)
    if abs(ra - rb) == 2 and abs(ca - cb) == 2:
        return row_col_square((ra + rb) // 2, (ca + cb) // 2)
    return None


def _adjacent(a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = square_row_col(a), square_row_col(b)
    return abs(ra - rb) == 1 and abs(ca - cb) == 1


# ASCII digits only, as in a FEN: \d would take "３" or "٣" for a square number.
_MOVE_TEXT = re.compile(
    r"\s*([0-9]{1,3})\s*(?:([-x:])\s*([0-9]{1,3})((?:\s*[x:]\s*[0-9]{1,3})*))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Move:
    """A whole move: its path (start, then every landing square) and the squares it captures.

    A multi-jump is one Move. The captured squares follow from the path, so `Move(path)` is
    enough; the constructor checks the path is one diagonal step or a chain of jumps.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        path = tuple(self.path)
        if len(path) < 2 or any(not isinstance(s, int) or not 1 <= s <= 32 for s in path):
            raise InvalidMoveError(f"a move needs two or more squares from 1 to 32, got {path}")
        object.__setattr__(self, "path", path)
        if len(path) == 2 and _adjacent(*path):
            object.__setattr__(self, "captures", ())
            return
        captures = []
        for a, b in itertools.pairwise(path):
            jumped = _between(a, b)
            if jumped is None:
                raise InvalidMoveError(f"{a} to {b} is neither a diagonal step nor a jump")
            captures.append(jumped)
        object.__setattr__(self, "captures", tuple(captures))

    @property
    def start(self) -> int:
        """The square the moving piece leaves."""
        return self.path[0]

    @property
    def end(self) -> int:
        """The square the moving piece ends on."""
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        """Whether this move jumps at least one piece."""
        return bool(self.captures)

    def pdn(self) -> str:
        """PDN text: `11-15`, or every landing square of a capture: `5x14x23`."""
        return ("x" if self.captures else "-").join(map(str, self.path))

    @classmethod
    def from_pdn(cls, text: str, position: Position | None = None) -> Move:
        """Read PDN move text; with a position, also resolve short forms and check legality.

        Accepts `:` as the capture sign, leading zeros, and captures naming only some landing
        squares (`5x30`) when exactly one legal capture fits; needs a position for those.
        """
        match = _MOVE_TEXT.match(text)
        if not match:
            raise InvalidMoveError(f"not a move: {text!r}")
        first, sign, second, rest = match.groups()
        squares = [int(first), int(second)] + [int(s) for s in re.findall(r"[0-9]+", rest or "")]
        bad = [s for s in squares if not 1 <= s <= 32]
        if bad:
            raise InvalidMoveError(f"square {bad[0]} in {text.strip()!r} is not between 1 and 32")
        is_capture = sign != "-"  # the pattern allows only -, x, X or :
        if sign == "-" and rest:
            raise InvalidMoveError(f"a simple move has two squares: {text.strip()!r}")
        if position is None or not is_capture:
            move = cls(tuple(squares))  # checks the geometry: a step must be one diagonal
            if position is not None:
                return position.find_move(squares, is_capture, text.strip())
            if move.is_capture != is_capture:
                raise InvalidMoveError(f"{text.strip()!r}: the sign does not fit the squares")
            return move
        return position.find_move(squares, is_capture, text.strip())

    def __str__(self) -> str:
        return self.pdn()

    def __repr__(self) -> str:
        return f"Move.from_pdn({self.pdn()!r})"


# --- the position -----------------------------------------------------------------------------

_FEN_WRAPPER = re.compile(r'^\s*\[\s*FEN\s+"(.*)"\s*\]\s*$', re.IGNORECASE | re.DOTALL)
# ASCII digits only (\d would take "٣" or "３"); a square number longer than 3 digits besides
# leading zeros is out of range, so int() never sees thousands of digits.
_FEN_ITEM = re.compile(r"^(K?)0*([0-9]{1,3})(?:-(K?)0*([0-9]{1,3}))?$", re.IGNORECASE)
_FEN_MAX_LENGTH = 1000  # a FEN of all 32 squares with kings and spaces is under 200 characters


class Position:
    """An immutable, hashable position: where every piece stands and whose turn it is.

    Make moves with `move()`, which returns a new Position. The bitboards `black`, `white` and
    `kings` are in this module's internal layout, for the engine; everything else speaks squares.
    """

    __slots__ = ("_hash", "black", "kings", "turn", "white")

    black: int
    white: int
    kings: int
    turn: Side
    _hash: int

    def __init__(self, fen: str = INITIAL_FEN) -> None:
        other = Position.from_fen(fen) if fen != INITIAL_FEN else _INITIAL
        self._set(other.black, other.white, other.kings, other.turn)

    def _set(self, black: int, white: int, kings: int, turn: Side) -> None:
        object.__setattr__(self, "black", black)
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "kings", kings)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "_hash", hash((black, white, kings, turn is BLACK)))

    @classmethod
    def from_bitboards(cls, black: int, white: int, kings: int, turn: Side) -> Position:
        """A position from internal-layout bitboards (the engine's fast path; not checked)."""
        position = cls.__new__(cls)
        position._set(black, white, kings, turn)
        return position

    @classmethod
    def from_pieces(cls, pieces: dict[int, Piece], turn: Side = BLACK) -> Position:
        """A position from a {square: Piece} mapping."""
        black = white = kings = 0
        for square, piece in pieces.items():
            if not isinstance(square, int) or not 1 <= square <= 32:
                raise ValueError(f"square {square!r} is not between 1 and 32")
            bit = BIT[square]
            if piece.side is BLACK:
                black |= bit
            else:
                white |= bit
            if piece.king:
                kings |= bit
        return cls.from_bitboards(black, white, kings, turn)

    @classmethod
    def from_fen(cls, fen: str) -> Position:
        """Read PDN FEN: `B:W21-32:B1-12`, kings as `K5`, either list order, `[FEN "..."]`."""
        if not isinstance(fen, str):
            raise InvalidFenError("a FEN must be text")
        if len(fen) > _FEN_MAX_LENGTH:
            raise InvalidFenError(f"a FEN is at most {_FEN_MAX_LENGTH} characters, not {len(fen)}")
        text = fen.strip()
        wrapped = _FEN_WRAPPER.match(text)
        if wrapped:
            text = wrapped.group(1).strip()
        text = text.rstrip(".").strip()
        if not text:
            raise InvalidFenError("empty FEN")
        fields = [f.strip() for f in text.split(":")]
        turn_text = fields[0].upper()
        if turn_text not in ("B", "W"):
            raise InvalidFenError(f"unknown side to move {fields[0]!r} (expected B or W)")
        lists: dict[str, dict[int, bool]] = {}
        for part in fields[1:]:
            if not part or part[0].upper() not in ("B", "W"):
                raise InvalidFenError(f"piece list {part!r} does not start with B or W")
            colour = part[0].upper()
            if colour in lists:
                raise InvalidFenError(f"two piece lists for {colour}")
            lists[colour] = _read_fen_list(part[1:], colour)
        if len(lists) != 2:
            raise InvalidFenError("a FEN needs one W list and one B list, e.g. B:W21-32:B1-12")
        twice = set(lists["B"]) & set(lists["W"])
        if twice:
            raise InvalidFenError(f"square {min(twice)} is used by both sides")
        pieces = {s: Piece(BLACK, k) for s, k in lists["B"].items()}
        pieces.update({s: Piece(WHITE, k) for s, k in lists["W"].items()})
        problem = position_problem(pieces)
        if problem is not None:
            raise InvalidFenError(problem)
        return cls.from_pieces(pieces, BLACK if turn_text == "B" else WHITE)

    def fen(self) -> str:
        """PDN FEN with squares in increasing order, kings marked `K`."""

        def side_list(bits: int) -> str:
            return ",".join(("K" if BIT[s] & self.kings else "") + str(s) for s in squares_of(bits))

        return f"{self.turn.value}:W{side_list(self.white)}:B{side_list(self.black)}"

    # --- queries -----------------------------------------------------------------------------

    def piece_at(self, square: int) -> Piece | None:
        """The piece on a square, or None."""
        if not 1 <= square <= 32:
            raise ValueError(f"square {square} is not between 1 and 32")
        bit = BIT[square]
        if bit & self.black:
            return Piece(BLACK, bool(bit & self.kings))
        if bit & self.white:
            return Piece(WHITE, bool(bit & self.kings))
        return None

    def pieces(self, side: Side, kings: bool | None = None) -> tuple[int, ...]:
        """The squares of a side's pieces in increasing order (only kings / only men if asked)."""
        bits = self.black if side is BLACK else self.white
        if kings is True:
            bits &= self.kings
        elif kings is False:
            bits &= ~self.kings
        return tuple(squares_of(bits))

    def piece_map(self) -> dict[int, Piece]:
        """Every piece by square."""
        return {s: p for s in SQUARES if (p := self.piece_at(s)) is not None}

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by path; only captures when a capture exists."""
        mover = self.black if self.turn is BLACK else self.white
        raws = generate_raw(self.black, self.white, self.kings, self.turn is BLACK)
        return sorted((Move(raw_squares(r, mover)) for r in raws), key=lambda m: m.path)

    def has_legal_moves(self) -> bool:
        """Whether the side to move can move at all (if not, it has lost)."""
        return count_moves(self.black, self.white, self.kings, self.turn is BLACK) > 0

    def is_capture_pending(self) -> bool:
        """Whether the side to move must capture."""
        return capture_pending(self.black, self.white, self.kings, self.turn is BLACK)

    def is_man_move(self, move: Move) -> bool:
        """Whether the move is made by a man (such moves reset the 40-move count)."""
        return not BIT[move.start] & self.kings

    def find_move(self, squares: list[int], is_capture: bool, text: str = "") -> Move:
        """The legal move written as these squares (full path, or a capture's named landings)."""
        label = text or ("x" if is_capture else "-").join(map(str, squares))
        legal = self.legal_moves()
        exact = [m for m in legal if list(m.path) == squares]
        if exact:
            if exact[0].is_capture != is_capture:
                raise InvalidMoveError(f"{label}: the sign does not fit the move")
            return exact[0]
        if is_capture:
            fits = [
                m
                for m in legal
                if m.is_capture
                and m.start == squares[0]
                and m.end == squares[-1]
                and _is_subsequence(squares[1:-1], m.path[1:-1])
            ]
            if len(fits) == 1:
                return fits[0]
            if len(fits) > 1:
                options = ", ".join(m.pdn() for m in fits)
                raise AmbiguousMoveError(f"{label} is ambiguous here: {options}")
        raise IllegalMoveError(f"{label} is not a legal move in {self.fen()}")

    # --- making moves ------------------------------------------------------------------------

    def move(self, move: Move) -> Position:
        """The position after a legal move; raises IllegalMoveError for any other move."""
        black_to_move = self.turn is BLACK
        mover = self.black if black_to_move else self.white
        for raw in generate_raw(self.black, self.white, self.kings, black_to_move):
            if raw_squares(raw, mover) == move.path:
                return self.apply_raw(raw)
        raise IllegalMoveError(f"{move.pdn()} is not a legal move in {self.fen()}")

    def apply_raw(self, raw: RawMove) -> Position:
        """The position after a raw move generated for this position."""
        black, white, kings = play(self.black, self.white, self.kings, self.turn is BLACK, raw)
        return Position.from_bitboards(black, white, kings, self.turn.opponent)

    # --- value behaviour ---------------------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable; move() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.black == other.black
            and self.white == other.white
            and self.kings == other.kings
            and self.turn is other.turn
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        """An ASCII diagram, Black's men `b`, White's `w`, kings in capitals, squares numbered."""
        lines = []
        for row in range(8):
            cells = []
            for col in range(8):
                square = row_col_square(row, col)
                if square is None:
                    cells.append("  ")
                    continue
                piece = self.piece_at(square)
                cells.append(f" {piece.symbol()}" if piece else " .")
            lines.append(" ".join(cells))
        lines.append(f"{self.turn.name.capitalize()} to move")
        return "\n".join(lines)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Position.from_fen, (self.fen(),))


MAX_PIECES = 12
"""Pieces a side starts with, so the most it can ever have."""


def position_problem(pieces: dict[int, Piece]) -> str | None:
    """Why no game can reach these pieces, or None: the one check of FEN, setup screen and tools.

    Refused: more than 12 pieces a side, and a man on the row where it would have been crowned.
    """
    for side, crown_row, where in ((BLACK, range(29, 33), "29-32"), (WHITE, range(1, 5), "1-4")):
        name = side.name.capitalize()
        stuck = sorted(s for s in crown_row if pieces.get(s) == Piece(side))
        if stuck:
            return (
                f"a {name} man on {', '.join(map(str, stuck))}: {name} men are crowned on "
                f"{where}, so one cannot stand there"
            )
        count = sum(1 for piece in pieces.values() if piece.side is side)
        if count > MAX_PIECES:
            return f"{name} has {count} pieces; a side has at most {MAX_PIECES}"
    return None


def turn_problem(position: Position) -> str | None:
    """Why no game reaches `position` with its side to move, or None: the side that has just
    moved has no pieces (`B:W:B1`). A game ends when the side to move has lost its last piece,
    so there is nothing to search or play on from there; what starts a game or a search from a
    position a person gives asks this (reading a FEN does not: the rules' tests set up such
    boards)."""
    idle = position.turn.opponent
    if position.pieces(idle):
        return None
    idle_name, mover = idle.name.capitalize(), position.turn.name.capitalize()
    return (
        f"{idle_name} has no pieces, yet {mover} is to move: no game gets there (it ended when "
        f"{idle_name} lost its last piece)"
    )


def _read_fen_list(text: str, colour: str) -> dict[int, bool]:
    """Squares (and whether each is a king) from one FEN piece list such as `K5,9-12`."""
    squares: dict[int, bool] = {}
    text = text.strip()
    if not text:
        return squares
    for item in text.split(","):
        item = item.strip()
        match = _FEN_ITEM.match(item)
        if not match:
            raise InvalidFenError(f"{item!r} in the {colour} list is not a square")
        king1, first, king2, last = match.groups()
        king = bool(king1 or king2)
        low = int(first)
        high = int(last) if last else low
        if low > high:
            raise InvalidFenError(f"range {item!r} in the {colour} list runs backwards")
        for square in range(low, high + 1):
            if not 1 <= square <= 32:
                raise InvalidFenError(
                    f"square {square} in the {colour} list is not between 1 and 32"
                )
            if square in squares:
                raise InvalidFenError(f"square {square} appears twice in the {colour} list")
            squares[square] = king
    return squares


def _is_subsequence(needle: Iterable[int], haystack: Iterable[int]) -> bool:
    remaining = iter(haystack)
    return all(any(s == h for h in remaining) for s in needle)


_INITIAL = Position.from_bitboards(mask(range(1, 13)), mask(range(21, 33)), 0, BLACK)
