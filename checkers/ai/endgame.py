"""Endgame databases: the game-theoretic value of every position with few pieces, by lookup.

Pure Python and the standard library. The databases are built by `checkers.ai.endgame_build`
(the `checkers endgame build` command) and stored one file per material slice. A value is
game-theoretic, as in every checkers database: perfect play from the position, with no 40-move
rule and no repetition draw; a side with no legal move loses.

Each value comes with its distance: the plies to the end of the game when the winner plays the
fastest win and the loser the slowest loss (0 for draws). A won position always has a move to a
lost one with a distance one shorter, so following `best_move` ends the game.

Indexing. A slice is a material (black men, black kings, white men, white kings) with both sides
to move. Only "canonical" materials are stored (the side that is stronger by pieces, then by
kings, is Black); any other position is turned 180 degrees with the colours swapped first, which
keeps every rule. Within a slice the index is

    side * half + ((bm_rank * n_bk + bk_rank) * n_wm + wm_rank) * n_wk + wk_rank

where each rank numbers one group's squares (Black's men on 1-28, White's on 5-32, kings on
1-32) in `itertools.combinations` order. Groups may overlap in index space; such indices are not
positions and hold the code NONE.
"""

from __future__ import annotations

import enum
import functools
import itertools
import os
import stat
import struct
import sys
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers._bitboard import generate_raw, raw_squares
from checkers.board import BLACK, Move, Piece, Position

__all__ = [
    "DRAW_CODE",
    "FORMAT_VERSION",
    "LONG_RESULT_COUNT",
    "LOSS_CODE",
    "NONE_CODE",
    "WIN_CODE",
    "CorruptSliceError",
    "Endgames",
    "Material",
    "Probe",
    "Result",
    "best_move",
    "default_endgames",
    "is_canonical",
    "material_of",
    "material_of_name",
    "materials_with",
    "probe",
    "probe_plies",
    "slice_file_name",
]

Buffer = Any
"""Bytes-like: bytes, bytearray, a memoryview or a numpy array of bytes."""

Material = tuple[int, int, int, int]
"""(black men, black kings, white men, white kings)."""

FORMAT_VERSION = 1
MAGIC = b"CKEG"
SUFFIX = ".cdb"
# magic, version, the material, positions per side to move, payload CRC-32, payload length
HEADER = struct.Struct("<4sH4BIII")

LONG_RESULT_COUNT = 20
"""Inside a search, a database win or loss longer than the 40-move count left still counts
while the node has used at most this many plies of the count: the databases' lines take their
first capture or man move within 44 plies and never go 48 without one (2,000 lines of 4- and
5-piece wins over 80 plies, benchmarks/endgame_lines.py), so 20 + 44 leaves room."""

NONE_CODE, WIN_CODE, LOSS_CODE, DRAW_CODE = 0, 1, 2, 3
"""The 2-bit codes, for the side to move; NONE marks an index that is not a position."""


class Result(enum.Enum):
    """A database value for the side to move."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


_RESULT = {WIN_CODE: Result.WIN, LOSS_CODE: Result.LOSS, DRAW_CODE: Result.DRAW}


@dataclass(frozen=True, slots=True)
class Probe:
    """A value and its distance: plies to the game's end with best play (0 for a draw)."""

    result: Result
    plies: int


class CorruptSliceError(ValueError):
    """A slice file whose header or checksum is wrong; the message names the file."""


# --- geometry, from the public board API --------------------------------------------------------


def _square_bit(square: int) -> int:
    return Position.from_pieces({square: Piece(BLACK)}).black


BIT = [0] + [_square_bit(s) for s in range(1, 33)]
"""Square -> bit in checkers.board's internal layout."""
SQUARE_OF = {BIT[s]: s for s in range(1, 33)}
BLACK_MAN_SQUARES = tuple(range(1, 29))  # a black man on 29-32 would have been crowned
WHITE_MAN_SQUARES = tuple(range(5, 33))
KING_SQUARES = tuple(range(1, 33))

# Turning the board 180 degrees maps square s to 33 - s. Seven bits at a time by table: the
# internal layout spans 35 bits, so five look-ups mirror any bitboard.
_CHUNKS = 5
_MIRROR_TABLES = [
    [
        sum(
            BIT[33 - SQUARE_OF[1 << (7 * c + i)]]
            for i in range(7)
            if x >> i & 1 and 1 << (7 * c + i) in SQUARE_OF
        )
        for x in range(128)
    ]
    for c in range(_CHUNKS)
]


def mirror_bits(bits: int) -> int:
    """The bitboard turned 180 degrees (square s to 33 - s)."""
    t0, t1, t2, t3, t4 = _MIRROR_TABLES
    return (
        t0[bits & 127]
        | t1[bits >> 7 & 127]
        | t2[bits >> 14 & 127]
        | t3[bits >> 21 & 127]
        | t4[bits >> 28 & 127]
    )


@functools.cache
def group_table(squares: tuple[int, ...], count: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """Every set of `count` of these squares as a bitboard, in rank order, and bitboard -> rank."""
    boards = tuple(sum(BIT[s] for s in combo) for combo in itertools.combinations(squares, count))
    return boards, {board: rank for rank, board in enumerate(boards)}


@functools.cache
def group_tables(material: Material) -> tuple[tuple[tuple[int, ...], dict[int, int]], ...]:
    """The four group tables of a material: black men, black kings, white men, white kings."""
    black_men, black_kings, white_men, white_kings = material
    return (
        group_table(BLACK_MAN_SQUARES, black_men),
        group_table(KING_SQUARES, black_kings),
        group_table(WHITE_MAN_SQUARES, white_men),
        group_table(KING_SQUARES, white_kings),
    )


@functools.cache
def half_size(material: Material) -> int:
    """The number of indices per side to move in a slice (positions and overlaps)."""
    size = 1
    for boards, _ in group_tables(material):
        size *= len(boards)
    return size


def material_of(black: int, white: int, kings: int) -> Material:
    """The material of a position given as bitboards."""
    black_kings = (black & kings).bit_count()
    white_kings = (white & kings).bit_count()
    return (
        black.bit_count() - black_kings,
        black_kings,
        white.bit_count() - white_kings,
        white_kings,
    )


def is_canonical(material: Material) -> bool:
    """Whether slices store this material as it is (else its colour-swapped mirror)."""
    black_men, black_kings, white_men, white_kings = material
    return (black_men + black_kings, black_kings, black_men) >= (
        white_men + white_kings,
        white_kings,
        white_men,
    )


def canonical(material: Material) -> Material:
    """The stored material for this one: itself or its colours swapped."""
    if is_canonical(material):
        return material
    return (material[2], material[3], material[0], material[1])


def materials_with(pieces: int) -> list[Material]:
    """Every stored material of exactly `pieces` pieces, each side having at least one."""
    found = []
    for bm in range(pieces + 1):
        for bk in range(pieces + 1 - bm):
            for wm in range(pieces + 1 - bm - bk):
                material = (bm, bk, wm, pieces - bm - bk - wm)
                if bm + bk and wm + material[3] and is_canonical(material):
                    found.append(material)
    return found


def slice_file_name(material: Material) -> str:
    """The file holding a slice: `eg4-0211.cdb` holds 0 black men, 2 black kings, 1 white man and
    1 white king (4 pieces), both sides to move."""
    bm, bk, wm, wk = material
    return f"eg{bm + bk + wm + wk}-{bm}{bk}{wm}{wk}{SUFFIX}"


_STORED = frozenset(m for pieces in range(2, 11) for m in materials_with(pieces))
"""Every material a slice may hold, up to 10 pieces (the builds go to 6)."""


# --- slice files ---------------------------------------------------------------------------------


class Slice:
    """One loaded slice: 2-bit codes packed four to a byte, and one distance byte per index."""

    __slots__ = ("codes", "half", "material", "plies", "ranks", "sizes")

    def __init__(self, material: Material, half: int, codes: bytes, plies: bytes) -> None:
        self.material = material
        self.half = half
        self.codes = codes
        self.plies = plies
        tables = group_tables(material)
        self.ranks = tuple(rank for _, rank in tables)
        self.sizes = tuple(len(boards) for boards, _ in tables)

    def lookup(self, index: int) -> tuple[int, int]:
        """(code, plies) at an index."""
        return self.codes[index >> 2] >> ((index & 3) << 1) & 3, self.plies[index]

    def lookup_position(
        self, black: int, white: int, kings: int, black_to_move: bool
    ) -> tuple[int, int]:
        """(code, plies) of a position of this slice's material, given as bitboards."""
        bm_rank, bk_rank, wm_rank, wk_rank = self.ranks
        _, n_bk, n_wm, n_wk = self.sizes
        index = (
            (bm_rank[black & ~kings] * n_bk + bk_rank[black & kings]) * n_wm
            + wm_rank[white & ~kings]
        ) * n_wk + wk_rank[white & kings]
        if not black_to_move:
            index += self.half
        return self.codes[index >> 2] >> ((index & 3) << 1) & 3, self.plies[index]


def pack_codes(codes: bytes | bytearray) -> bytes:
    """Codes (one byte each, 0-3) packed four to a byte, the first in the low bits."""
    padded = bytes(codes) + bytes(-len(codes) % 4)
    packed = 0
    # Whole-buffer integer ORs do the packing in C: no Python loop per position. Each code is
    # shifted inside its own byte, so the bytes never carry into each other.
    for shift in range(4):
        packed |= int.from_bytes(padded[shift::4].translate(_SHIFT_TABLES[shift]), "little")
    return packed.to_bytes(len(padded) // 4, "little")


_SHIFT_TABLES = [bytes((x << (2 * s)) & 255 for x in range(256)) for s in range(4)]


def encode_slice(material: Material, codes: bytes | bytearray, plies: bytes | bytearray) -> bytes:
    """The bytes of a slice file: header, then the zlib-compressed packed codes and distances
    (the shipped files were compressed at level 9, new ones at 6: the reader takes either)."""
    if len(codes) != 2 * half_size(material):
        raise ValueError("codes and plies need one entry per index")
    return encode_packed(material, pack_codes(codes), plies)


def encode_packed(material: Material, packed: Buffer, plies: Buffer) -> bytes:
    """As `encode_slice`, from codes already packed four to a byte (`pack_codes`); the buffers
    are compressed where they lie, not copied, which matters for a slice of a gigabyte."""
    half = half_size(material)
    if len(memoryview(packed)) != (2 * half + 3) // 4 or len(memoryview(plies)) != 2 * half:
        raise ValueError("codes and plies need one entry per index")
    # One stream fed in two parts: deflate's output does not depend on how its input is cut
    # (tests/test_endgame_compiled.py checks the bytes against the Python builder's files).
    # Level 6: on a 25-million-index slice level 9 took 4.8 s of processor time, 40% of the
    # whole build of the slice, for a file 0.4% smaller; level 6 takes 1.2 s.
    stream = zlib.compressobj(6)
    payload = stream.compress(packed) + stream.compress(plies) + stream.flush()
    return (
        HEADER.pack(MAGIC, FORMAT_VERSION, *material, half, zlib.crc32(payload), len(payload))
        + payload
    )


def decode_slice(data: bytes, name: str = "slice") -> Slice:
    """A slice from a file's bytes; raises CorruptSliceError on a bad header or checksum."""
    if len(data) < HEADER.size:
        raise CorruptSliceError(f"{name}: too short for a slice header")
    magic, version, bm, bk, wm, wk, half, crc, length = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise CorruptSliceError(f"{name}: not an endgame slice file")
    if version != FORMAT_VERSION:
        raise CorruptSliceError(f"{name}: format version {version}, expected {FORMAT_VERSION}")
    material = (bm, bk, wm, wk)
    payload = data[HEADER.size :]
    if len(payload) != length or zlib.crc32(payload) != crc:
        raise CorruptSliceError(f"{name}: checksum mismatch (damaged or partly written)")
    if half != half_size(material):
        raise CorruptSliceError(f"{name}: {half} positions per side do not fit {material}")
    packed_length = (2 * half + 3) // 4
    expected = packed_length + 2 * half
    # Never more than the header's positions need, plus one byte to tell a longer payload: a
    # crafted 1.8 MB slice with a good checksum inflated to 1.9 GB.
    stream = zlib.decompressobj()
    raw = stream.decompress(payload, expected + 1)
    if len(raw) != expected or not stream.eof:
        raise CorruptSliceError(f"{name}: payload size does not fit {material}")
    return Slice(material, half, raw[:packed_length], raw[packed_length:])


def read_slice(path: Path, material: Material | None = None) -> Slice:
    """Load one slice file, checked before it is read: a regular file, its header's material
    the one its name (or `material`) says, its size the header's; CorruptSliceError if not."""
    name = path.name
    expected = material if material is not None else material_of_name(name)
    # A FIFO would block and a device never end: refused before opening, like any special file.
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise CorruptSliceError(f"{name}: not a regular file")
    if expected is not None and info.st_size > _largest_file(expected):
        raise CorruptSliceError(f"{name}: {info.st_size:,} bytes, too big for its material")
    with path.open("rb") as file:
        header = file.read(HEADER.size)
        if len(header) < HEADER.size:
            raise CorruptSliceError(f"{name}: too short for a slice header")
        magic, version, bm, bk, wm, wk, _, _, length = HEADER.unpack(header)
        if magic != MAGIC:
            raise CorruptSliceError(f"{name}: not an endgame slice file")
        if version != FORMAT_VERSION:
            raise CorruptSliceError(f"{name}: format version {version}, expected {FORMAT_VERSION}")
        if expected is not None and (bm, bk, wm, wk) != expected:
            raise CorruptSliceError(
                f"{name}: holds the slice {slice_file_name((bm, bk, wm, wk))}, not this one"
            )
        if HEADER.size + length != info.st_size:
            raise CorruptSliceError(
                f"{name}: {info.st_size:,} bytes, its header says {HEADER.size + length:,}"
                " (cut or partly written)"
            )
        return decode_slice(header + file.read(length), name)


def material_of_name(name: str) -> Material | None:
    """The material a slice file's name stands for (`eg4-0211.cdb`), None for another name."""
    stem = name.removesuffix(SUFFIX)
    if stem == name or len(stem) < 8 or not stem[-4:].isdigit():
        return None
    bm, bk, wm, wk = (int(digit) for digit in stem[-4:])
    return (bm, bk, wm, wk)


def _largest_file(material: Material) -> int:
    """A bound on a slice file's size: zlib's worst case on the payload, plus the header."""
    raw = (2 * half_size(material) + 3) // 4 + 2 * half_size(material)
    return HEADER.size + raw + raw // 1000 + 1024


# --- probing --------------------------------------------------------------------------------------


class Endgames:
    """The databases found in some directories (the first holding a slice wins), slices cached."""

    def __init__(
        self, directories: Iterable[Path | str], report: Callable[[str], None] | None = None
    ) -> None:
        self.directories = [Path(d) for d in directories]
        self._slices: dict[Material, Slice | None] = {}
        self._stamps = tuple(_stamp(directory) for directory in self.directories)
        self.generation = 0
        """Counts `forget_missing` calls: a compiled copy of the slices made before is stale."""
        self.report = report or _warn
        """Where a damaged slice is said (once: a slice is looked at once), stderr by default."""

    def slice(self, material: Material) -> Slice | None:
        """The slice of a canonical material, loaded once; None if no directory holds it."""
        try:
            return self._slices[material]
        except KeyError:
            pass
        found = None
        name = slice_file_name(material)
        for directory in self.directories:
            path = directory / name
            if not os.path.lexists(path):
                continue
            try:
                found = read_slice(path, material)
            except (CorruptSliceError, OSError, zlib.error, MemoryError) as error:
                # Left out, said once: the search goes on without it (or with the next copy).
                self.report(f"endgame database left out: {_problem(error, name)}")
                continue
            break
        self._slices[material] = found
        return found

    def forget_missing(self) -> None:
        """Look again, at the next probe, for the slices found missing or damaged (built since,
        say); the slices loaded stay loaded."""
        self._slices = {
            material: found for material, found in self._slices.items() if found is not None
        }
        # The cached_properties' values: computed again.
        self.__dict__.pop("max_pieces", None)
        self.__dict__.pop("most_pieces", None)
        self.generation += 1

    def notice_new_slices(self) -> None:
        """`forget_missing` if a directory changed since the last look (a build in another
        process wrote a slice there): one stat per directory."""
        stamps = tuple(_stamp(directory) for directory in self.directories)
        if stamps != self._stamps:
            self.forget_missing()
        self._stamps = stamps

    @functools.cached_property
    def most_pieces(self) -> int:
        """The most pieces of any slice file held (0 if none): the engine probes positions with
        no more, so a slice a drill or a stopped build left counts before its size is whole."""
        most = 0
        for directory in self.directories:
            try:
                names = os.listdir(directory)
            except OSError:
                continue  # absent or unreadable: it holds nothing
            for name in names:
                material = material_of_name(name)
                # Only a slice's own name counts (`eg5-0302.cdb`, not `x9999.cdb`): a stray
                # file must not make the engine probe every node.
                if (
                    material is not None
                    and slice_file_name(material) == name
                    and material in _STORED
                    and os.path.isfile(directory / name)
                ):
                    most = max(most, sum(material))
        return most

    @functools.cached_property
    def max_pieces(self) -> int:
        """The most pieces N such that every position with up to N pieces is in the databases
        (1 if none): the engine asks `lookup` only when a position has no more pieces."""
        pieces = 1
        while all(
            any((d / slice_file_name(m)).is_file() for d in self.directories)
            for m in materials_with(pieces + 1)
        ):
            pieces += 1
        return pieces

    def lookup(
        self, black: int, white: int, kings: int, black_to_move: bool
    ) -> tuple[int, int] | None:
        """(code, plies) for the side to move of a position as bitboards; None if not stored.

        The engine's fast path: no Position, no Move. Positions where a side has no pieces are
        answered from the rules (the side to move with no pieces has lost).
        """
        if not black or not white:
            mover = black if black_to_move else white
            if not mover:
                return LOSS_CODE, 0
            if generate_raw(black, white, kings, black_to_move):
                return WIN_CODE, 1
            return LOSS_CODE, 0
        material = material_of(black, white, kings)
        if not is_canonical(material):
            black, white = mirror_bits(white), mirror_bits(black)
            kings = mirror_bits(kings)
            black_to_move = not black_to_move
            material = (material[2], material[3], material[0], material[1])
        found = self._slices.get(material) if material in self._slices else self.slice(material)
        if found is None:
            return None
        code, plies = found.lookup_position(black, white, kings, black_to_move)
        return (code, plies) if code else None

    def probe_plies(self, position: Position) -> Probe | None:
        """The value and distance for the side to move, or None if not in the databases."""
        found = self.lookup(position.black, position.white, position.kings, position.turn is BLACK)
        if found is None:
            return None
        return Probe(_RESULT[found[0]], found[1])

    def probe(self, position: Position) -> Result | None:
        """Win, loss or draw for the side to move, or None if not in the databases."""
        found = self.probe_plies(position)
        return None if found is None else found.result

    def line_keeps_count(self, position: Position, no_progress: int, limit: int) -> bool:
        """Whether the databases' own line from a won (lost) position, `best_move` for both
        sides, reaches the game's end before `limit` plies in a row with no capture and no man
        move, counting `no_progress` plies already made: the 40-move rule never draws it.

        A distance counts every ply to the end, captures and man moves included, so a win in
        105 plies usually keeps the count: the rule is checked on the line itself.
        """
        count = no_progress
        for _ in range(256):  # a distance is one byte: a line of sound slices ends sooner
            found = self.probe_plies(position)
            if found is None or found.result is Result.DRAW:
                return False
            if found.plies == 0:
                return True  # the side to move has no move: the game is over
            move = self.best_move(position)
            if move is None:
                return False
            child = position.move(move)
            men = (position.black | position.white) & ~position.kings
            child_men = (child.black | child.white) & ~child.kings
            pieces = (position.black | position.white).bit_count()
            if men != child_men or (child.black | child.white).bit_count() < pieces:
                count = 0  # a man moved (or was crowned) or a piece was taken
            else:
                count += 1
                if count >= limit:
                    return False
            position = child
        return False  # damaged slices whose distances do not shrink: not trusted

    def best_move(self, position: Position) -> Move | None:
        """A move that keeps the value: the fastest win, the slowest loss, a drawing move.

        Following it from a won position wins: each move brings the end one ply nearer. None if
        the position is not in the databases or has no legal move.
        """
        if self.probe_plies(position) is None:
            return None
        black_to_move = position.turn is BLACK
        mover = position.black if black_to_move else position.white
        best: tuple[int, Move] | None = None
        for raw in generate_raw(position.black, position.white, position.kings, black_to_move):
            child = position.apply_raw(raw)
            found = self.lookup(child.black, child.white, child.kings, not black_to_move)
            if found is None:
                return None  # a successor outside the databases: no database move to give
            code, plies = found
            # Lower is better for the mover: the opponent's loss soonest, then draws, then the
            # opponent's win latest.
            rank = {LOSS_CODE: plies, DRAW_CODE: 1000, WIN_CODE: 2000 - plies}[code]
            move = Move(raw_squares(raw, mover))
            if best is None or (rank, move.path) < (best[0], best[1].path):
                best = (rank, move)
        return None if best is None else best[1]


def _stamp(directory: Path) -> int:
    """A directory's modification time (a file renamed into it changes it), -1 if absent."""
    try:
        return os.stat(directory).st_mtime_ns
    except OSError:
        return -1


def _warn(message: str) -> None:
    print(f"checkers: {message}", file=sys.stderr)


def _problem(error: BaseException, name: str) -> str:
    if isinstance(error, CorruptSliceError):
        return str(error)
    if isinstance(error, OSError) and error.strerror:
        return f"{name}: {error.strerror}"
    return f"{name}: {type(error).__name__} {error}".rstrip()


SHIPPED_DIRECTORY = Path(__file__).resolve().parent.parent / "data" / "endgame"
"""The slices that come with the package (up to four pieces)."""
DATA_DIR_NAME = "endgame"


def user_directory() -> Path:
    """Where `checkers endgame build` puts slices by default: the data directory's `endgame`."""
    # Imported here: platformdirs is needed only for this folder, which probing never needs.
    from checkers.paths import data_dir

    return data_dir() / DATA_DIR_NAME


@functools.cache
def default_endgames() -> Endgames:
    """The databases the game uses: the user's built slices, then the shipped ones."""
    return Endgames([user_directory(), SHIPPED_DIRECTORY])


def probe(position: Position) -> Result | None:
    """Win, loss or draw for the side to move from the default databases; None if not stored."""
    return default_endgames().probe(position)


def probe_plies(position: Position) -> Probe | None:
    """The value and plies to the end from the default databases; None if not stored."""
    return default_endgames().probe_plies(position)


def best_move(position: Position) -> Move | None:
    """The default databases' best move (fastest win, slowest loss, a draw); None if unknown."""
    return default_endgames().best_move(position)
