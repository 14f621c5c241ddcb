"""Reading one game of a PDN text: its tags, comments, variations, move numbers, moves and
result, every move replayed through the rules core."""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Sequence

from checkers._bitboard import VALID as _VALID
from checkers._bitboard import RawMove, capture_pending, generate_raw
from checkers.board import (
    BLACK,
    SQUARES,
    WHITE,
    InvalidFenError,
    Move,
    Piece,
    Position,
    turn_problem,
)
from checkers.formats._pdn_base import (
    ENGLISH_DRAUGHTS,
    LENIENT_TAG,
    RESULT_ALIASES,
    STRUCTURAL,
    TAG,
    GameEntry,
    PdnError,
    PdnGame,
    clip,
    keep_tags,
    square_from_algebraic,
    tag_value,
)
from checkers.record import Outcome, Reason, ended_words

_MOVE_NUMBER_DIGITS = 6  # a longer number is no move number of a real game: counted instead

# ASCII digits only (\d would take "３" or "٣"), as in moves and FENs.
_MOVE_NUMBER = re.compile(r"([0-9]+)\.+(.*)")
_ANNOTATION = re.compile(r"(?:[!?]|\$[0-9]+)+")  # `!?`, `$1`, alone or run onto a move
_NUMERIC_MOVE = re.compile(r"([0-9]+)((?:[-xX:][0-9]+)+)")
_ALGEBRAIC_MOVE = re.compile(r"([a-hA-H][1-8])((?:[-xX:][a-hA-H][1-8])+)")
_ELLIPSIS = re.compile(r"\.{2,}|…")
_SQUARE_DIGITS = re.compile(r"0*([0-9]{1,3})")


# The bit of each square, from the core's own layout (asked, not derived again here).
_BIT = [0] + [Position.from_pieces({s: Piece(BLACK)}).black for s in SQUARES]
_SQUARE_OF_BIT = {bit: square for square, bit in enumerate(_BIT) if bit}
_MOVES: dict[tuple[int, ...], Move] = {}  # every Move read, by path: few distinct ones recur
_CAPTURES: dict[tuple[int, ...], Move] = {}  # every capture read, by its path of bits
_BIT_PATHS: dict[tuple[int, ...], tuple[int, ...]] = {}  # squares read -> their bits
_INITIAL = Position()
_STEP_KEY_SHIFT = 36  # a step's key: its origin's bit above its target's (bits are under 2**36)


def _steps(black: bool, king: bool) -> dict[int, RawMove]:
    """Every step a lone man or king of a side can make, by origin and target, from the
    rules core's own generator (so the reader has no rules of its own)."""
    steps: dict[int, RawMove] = {}
    for square in SQUARES:
        piece = Position.from_pieces({square: Piece(BLACK if black else WHITE, king)})
        for raw in generate_raw(piece.black, piece.white, piece.kings, black):
            origin = _BIT[square]
            steps[origin << _STEP_KEY_SHIFT | raw[0] ^ origin] = raw
    return steps


_MAN_STEPS = {True: _steps(True, False), False: _steps(False, False)}
_KING_STEPS = _steps(True, True)  # a king steps alike for either side


def _move_of(path: tuple[int, ...]) -> Move:
    move = _MOVES.get(path)
    if move is None:
        move = _MOVES[path] = Move(path)
    return move


# What a word of movetext is, decided once per distinct word (`11-15` recurs thousands of times
# in an archive; the cache halved the time per ply): (result, move number, squares, problem,
# algebraic). A move number of more digits than _MOVE_NUMBER_DIGITS reads as 0: counted, not
# trusted. `algebraic` says the squares were named `c3`, not numbered: such a game may have
# been written with the board the other way round.
_Word = tuple[str | None, int | None, tuple[int, ...] | None, str | None, bool]


@functools.lru_cache(maxsize=1 << 16)
def _classify(word: str) -> _Word:
    """What a word is; a problem is `!text` when the word is no move at all, else a detail of
    why the move is not well formed."""
    result = RESULT_ALIASES.get(word)
    if result is not None:
        return result, None, None, None, False
    if _ANNOTATION.fullmatch(word) or _ELLIPSIS.fullmatch(word):
        return None, None, None, None, False
    number = None
    numbered = _MOVE_NUMBER.fullmatch(word)
    if numbered:
        digits = numbered.group(1).lstrip("0") or "0"
        number = int(digits) if len(digits) <= _MOVE_NUMBER_DIGITS else 0
        word = numbered.group(2)  # `1.11-15` runs the number into the move
        if not word or _ELLIPSIS.fullmatch(word):
            return None, number, None, None, False
    annotated = _ANNOTATION.search(word)
    if annotated is not None and annotated.end() == len(word) and annotated.start():
        word = word[: annotated.start()]  # `11-15!?`, `11-15$1`
    if _NUMERIC_MOVE.fullmatch(word) is not None:
        squares = []
        for digits in _MOVE_SIGN.split(word):
            short = _SQUARE_DIGITS.fullmatch(digits)
            square = int(short.group(1)) if short is not None else 0
            if not 1 <= square <= 32:
                return None, number, None, f"square {clip(digits)} is not between 1 and 32", False
            squares.append(square)
        return None, number, tuple(squares), None, False
    if _ALGEBRAIC_MOVE.fullmatch(word) is not None:
        try:
            squares = [square_from_algebraic(name) for name in _MOVE_SIGN.split(word)]
        except ValueError as error:
            return None, number, None, str(error), True
        return None, number, tuple(squares), None, True
    return None, number, None, f"!{clip(word)!r} is not a move, a move number or a result", False


_FORKS_PER_GAME = 64
"""Readings of the rest of a game tried, at most, to tell which route a short capture took: a
real game has a few such captures; a made-up one with hundreds would cost hundreds of readings."""


class _AmbiguousCapture(PdnError):
    """A short capture whose every route lets the rest of the game be read: which was played
    cannot be told."""


class _TooManyRoutes(PdnError):
    """A game with more short captures to settle than _FORKS_PER_GAME readings allow."""


class GameReader:
    """The words of one game's text: tags, comments, variations, move numbers, moves, result.

    Lines are counted only for a message: the offset of what is wrong tells its line. With
    `flipped`, algebraic squares are read with Black at the bottom of the board (square s is
    33 - s), as one popular site exports them. A capture cut into single jumps (`e5xc3 c3xa1`,
    even under two move numbers) is joined into one move; a short capture that fits two routes
    is settled by reading the rest of the game along each.
    """

    def __init__(
        self, text: str, entry: GameEntry, source: str, numbered: bool, flipped: bool = False
    ) -> None:
        self.flipped = flipped
        self.algebraic = False  # whether an algebraic square was read (a flipped board may fit)
        # A capture's first jumps, waiting for the words that finish it: (squares, label, offset).
        self.pending: tuple[tuple[int, ...], str, int] | None = None
        self.forks = [0]  # readings of the rest of the game tried, shared with every fork
        self.numbered = numbered
        self.text = text
        self.end = entry.end
        self.pos = entry.begin
        self.entry = entry
        self.source = source
        self.tags: dict[str, tuple[str, int]] = {}  # name -> (value, offset)
        self.comments: dict[int, list[str]] = {}
        self.start: Position | None = None  # set by the first word of movetext
        # The position reached, as bitboards: a Position per move cost 15% of the reading.
        self.black, self.white, self.kings = _INITIAL.black, _INITIAL.white, _INITIAL.kings
        self.black_to_move = True
        self.moves: list[Move] = []
        self.move_number = 1
        self.result = ""

    def error(self, problem: str, offset: int | None = None) -> PdnError:
        at = self.pos if offset is None else offset
        line = self.entry.line + self.text.count("\n", self.entry.begin, at)
        return PdnError(problem, line, self.source, self.entry.number if self.numbered else None)

    def read(self) -> PdnGame:
        text, end = self.text, self.end
        token = _GAME_TOKEN
        plain_checked = False
        while True:
            match = token.match(text, self.pos, end)
            if match is None:
                break
            word = match.group(1)
            if word is not None:
                if not plain_checked:
                    plain_checked = True  # looked for once: a search per word would be quadratic
                    if _NOT_PLAIN.search(text, match.start(1), end) is None:
                        self.read_plain(match.start(1))
                        break
                self.pos = match.end()
                self.read_word(word, match.start(1))
                continue
            char = match.group(2)
            self.pos = match.start(2)
            if char == "[":
                self.read_tag()
            elif char == "{":
                self.add_comment(self.read_comment())
            elif char == ";":  # PGN's rest-of-line comment
                stop = text.find("\n", self.pos, end)
                stop = end if stop < 0 else stop
                self.add_comment(text[self.pos + 1 : stop])
                self.pos = stop
            elif char == "(":
                self.skip_variation()
            else:
                raise self.error(f"unexpected {char!r} with nothing open before it")
        return self.finish()

    def read_plain(self, start: int) -> None:
        """Read the rest of the game from `start`, words alone (no tag, comment or variation
        follows): move numbers and steps in a loop of their own on local bitboards, every other
        word as `read_word` reads it. Most of a file is such text; this loop reads it in half
        the time of the general one."""
        self.begin_movetext()
        text, end = self.text, self.end
        classify, bits, moves, known = _classify, _BIT, self.moves, _MOVES
        man_steps, king_steps, shift, valid = _MAN_STEPS, _KING_STEPS, _STEP_KEY_SHIFT, _VALID
        black, white, kings = self.black, self.white, self.kings
        black_to_move = self.black_to_move
        pos = start
        for word in text[start:end].split():
            offset = text.find(word, pos, end)  # only spaces lie between: this very word
            pos = offset + len(word)
            result, number, squares, problem, algebraic = classify(word)
            if squares is None and result is None and problem is None:
                if number and self.pending is None:  # a move number, alone
                    self.move_number = number
                continue  # or an annotation
            if squares is None or problem or algebraic or self.pending or self.result:
                pass  # read as `read_word` reads it
            elif len(squares) == 2 and (
                step := (king_steps if bits[squares[0]] & kings else man_steps[black_to_move]).get(
                    bits[squares[0]] << shift | bits[squares[1]]
                )
            ):
                origin, target = bits[squares[0]], bits[squares[1]]
                mover, other = (black, white) if black_to_move else (white, black)
                empty = valid ^ (black | white)
                # A step: the piece is there, the square empty and no capture pending
                # (capture_pending, inlined: a call per move cost 8% of the reading).
                if (
                    origin & mover
                    and target & empty
                    and not (
                        (
                            mover & ((other & empty >> 4) >> 4 | (other & empty >> 5) >> 5)
                            if black_to_move
                            else mover & ((other & empty << 5) << 5 | (other & empty << 4) << 4)
                        )
                        or (
                            mover
                            & kings
                            & (
                                (other & empty >> 4) >> 4
                                | (other & empty >> 5) >> 5
                                | (other & empty << 5) << 5
                                | (other & empty << 4) << 4
                            )
                        )
                    )
                ):
                    if number:
                        self.move_number = number
                    moves.append(known.get(squares) or _move_of(squares))
                    delta, _, king_delta, _ = step
                    if black_to_move:
                        black ^= delta
                    else:
                        white ^= delta
                        self.move_number += 1
                    kings ^= king_delta
                    black_to_move = not black_to_move
                    continue
            else:
                # A capture written whole: found among the legal captures by its path.
                path = _BIT_PATHS.get(squares)
                if path is None:
                    path = _BIT_PATHS[squares] = tuple(bits[square] for square in squares)
                for raw in generate_raw(black, white, kings, black_to_move):
                    if raw[3] == path:
                        if number:
                            self.move_number = number
                        moves.append(_CAPTURES.get(path) or _move_of(squares))
                        delta, captured, king_delta, _ = raw
                        if black_to_move:
                            black ^= delta
                            white ^= captured
                        else:
                            white ^= delta
                            black ^= captured
                            self.move_number += 1
                        kings ^= king_delta
                        black_to_move = not black_to_move
                        break
                else:
                    path = ()
                if path:
                    continue
            self.black, self.white, self.kings = black, white, kings
            self.black_to_move = black_to_move
            self.pos = pos
            self.read_word(word, offset)
            if self.pos != pos:
                return  # the rest was read along one route of a short capture
            black, white, kings = self.black, self.white, self.kings
            black_to_move = self.black_to_move
        self.black, self.white, self.kings = black, white, kings
        self.black_to_move = black_to_move
        self.pos = end

    # --- tags and comments -------------------------------------------------------------------

    def read_tag(self) -> None:
        stop = self.text.find("\n", self.pos, self.end)
        line_end = self.end if stop < 0 else stop
        match = TAG.match(self.text, self.pos, line_end) or LENIENT_TAG.match(
            self.text, self.pos, line_end
        )
        if not match:
            snippet = clip(self.text[self.pos : line_end].strip(), 60)
            raise self.error(f'malformed tag {snippet!r}: expected [Name "value"]')
        if self.start is not None:
            raise self.error(f"tag [{match.group(1)}] comes after the moves")
        keep_tags(self.tags, [(match.group(1), (tag_value(match), self.pos))])
        self.pos = match.end()

    def read_comment(self) -> str:
        stop = self.text.find("}", self.pos, self.end)
        if stop < 0:
            raise self.error("comment opened here is never closed with '}'")
        comment = self.text[self.pos + 1 : stop]
        self.pos = stop + 1
        return comment

    def add_comment(self, text: str) -> None:
        words = " ".join(text.split())
        if words:
            self.comments.setdefault(len(self.moves), []).append(words)

    def skip_variation(self) -> None:
        """Skip a `(variation)`, nested ones and comments inside it included."""
        opened = self.pos
        depth = 0
        while True:
            match = _VARIATION_STOP.search(self.text, self.pos, self.end)
            if match is None:
                raise self.error("variation opened here is never closed with ')'", opened)
            char = match.group()
            if char == "{":
                self.pos = match.start()
                self.read_comment()
                continue
            depth += 1 if char == "(" else -1
            self.pos = match.end()
            if depth == 0:
                return

    # --- movetext ----------------------------------------------------------------------------

    def read_word(self, word: str, offset: int) -> None:
        result, number, squares, problem, algebraic = _classify(word)
        if result is not None:
            self.begin_movetext()
            self.result = result
            return
        if number is not None:
            self.begin_movetext()
            if number and self.pending is None:  # a capture's next jump keeps its move's number
                self.move_number = number
        if squares is None and problem is None:
            return
        if self.result:
            raise self.error(f"{clip(word)!r} comes after the result {self.result}", offset)
        if problem is not None:
            if problem.startswith("!"):
                raise self.error(problem[1:], offset)
            raise self.error(f"{self.label(word)} is not well formed: {problem}", offset)
        assert squares is not None
        if algebraic:
            self.algebraic = True
            if self.flipped:
                squares = tuple(33 - square for square in squares)
        self.play(squares, word, offset)

    @property
    def position(self) -> Position:
        """The position reached, as a value (for messages)."""
        turn = BLACK if self.black_to_move else WHITE
        return Position.from_bitboards(self.black, self.white, self.kings, turn)

    def label(self, word: str) -> str:
        """How a message names the move `word`: `move 12 (White) 21-17`."""
        number = _MOVE_NUMBER.fullmatch(word)
        move = number.group(2) if number else word
        side = "Black" if self.black_to_move else "White"
        return f"move {self.move_number} ({side}) {clip(move)}"

    def play(self, squares: tuple[int, ...], word: str, offset: int) -> None:
        self.begin_movetext()
        label = None
        black, white, kings = self.black, self.white, self.kings
        black_to_move = self.black_to_move
        if self.pending is not None:
            # The next jump of a capture written as single jumps: joined to the first ones.
            first, label, first_offset = self.pending
            if squares[0] != first[-1]:
                raise self.error(self.cut_short(label, first), first_offset)
            squares = first + squares[1:]
            self.pending = None
        elif len(squares) == 2:
            # Most moves are steps: looked up, with no list of moves made (a third of the time).
            origin, target = _BIT[squares[0]], _BIT[squares[1]]
            step = None
            if origin & (black if black_to_move else white):
                steps = _KING_STEPS if origin & kings else _MAN_STEPS[black_to_move]
                step = steps.get(origin << _STEP_KEY_SHIFT | target)
            if (
                step is not None
                and not target & (black | white)
                and not capture_pending(black, white, kings, black_to_move)
            ):
                self.moves.append(_move_of(squares))
                self.apply_bits(step)
                return
        raws = generate_raw(black, white, kings, black_to_move)
        mover = black if black_to_move else white
        bits = tuple(_BIT[s] for s in squares)
        chosen = None
        fits = []
        for raw in raws:
            path = raw[3]
            if path is None:
                if len(bits) == 2 and raw[0] == bits[0] | bits[1] and raw[0] & mover == bits[0]:
                    chosen = raw
                    break
            elif path == bits:
                chosen = raw
                break
            elif path[0] == bits[0] and path[-1] == bits[-1] and _within(bits[1:-1], path):
                fits.append(raw)  # a capture written short: start, end, some landings
        if chosen is None:
            if len(fits) > 1:
                self.settle(fits, mover, label or self.label(word), offset)
                return
            if fits:
                chosen = fits[0]
            elif any(raw[3] is not None and raw[3][: len(bits)] == bits for raw in raws):
                self.pending = (squares, label or self.label(word), offset)
                return
            else:
                raise self.error(self.refusal(label or self.label(word), raws, mover), offset)
        self.apply(chosen, mover)

    def apply(self, raw: RawMove, mover: int) -> None:
        """Play the move `raw` (of the side whose pieces are `mover`) on the game read so far."""
        self.moves.append(self.move_of(raw, mover))
        self.apply_bits(raw)

    def apply_bits(self, raw: RawMove) -> None:
        """Play `raw` on the bitboards, the move itself already kept."""
        delta, captured, king_delta, _ = raw
        if self.black_to_move:
            self.black ^= delta
            self.white ^= captured
        else:
            self.white ^= delta
            self.black ^= captured
            self.move_number += 1
        self.kings ^= king_delta
        self.black_to_move = not self.black_to_move

    def cut_short(self, label: str, squares: tuple[int, ...]) -> str:
        """Why a capture's first jumps cannot stand alone: the piece must jump on."""
        return f"{label} stops on {squares[-1]}, but the capture must go on from there"

    def settle(self, fits: list[RawMove], mover: int, label: str, offset: int) -> None:
        """Take the one route of a short capture along which the rest of the game reads; the
        game is refused when no route or more than one does."""
        found = sorted((self.move_of(raw, mover) for raw in fits), key=lambda move: move.path)
        options = ", ".join(move.pdn() for move in found)
        # Each readable route's reader, with the ambiguity found further on along it if any.
        readable: list[tuple[GameReader, _AmbiguousCapture | None]] = []
        problems: list[tuple[int, PdnError]] = []  # where each other route stopped, and why
        for raw in fits:
            self.forks[0] += 1
            if self.forks[0] > _FORKS_PER_GAME:
                problem = f"{label} is ambiguous here: it could be {options}"
                raise _TooManyRoutes(*self.error_parts(problem, offset))
            branch = self.fork()
            branch.apply(raw, mover)
            try:
                branch.read()
            except _TooManyRoutes:
                raise  # no route is known to be wrong: the game is not read at all
            except _AmbiguousCapture as error:
                readable.append((branch, error))
            except PdnError as error:
                problems.append((branch.pos, error))
            else:
                readable.append((branch, None))
        if len(readable) > 1:
            raise _AmbiguousCapture(
                *self.error_parts(
                    f"{label} is ambiguous here: it could be {options}, and the rest of the "
                    "game reads either way",
                    offset,
                )
            )
        if not readable:
            # Every route stops somewhere: the one that reads furthest names the real problem.
            raise max(problems, key=lambda stop: stop[0])[1]
        branch, ambiguity = readable[0]
        if ambiguity is not None:
            raise ambiguity
        self.__dict__.update(branch.__dict__)  # its reading, to the end of the game

    def fork(self) -> GameReader:
        """A copy of this reader to read the rest of the game another way."""
        branch = copy.copy(self)
        branch.moves = list(self.moves)
        branch.comments = {ply: list(texts) for ply, texts in self.comments.items()}
        branch.tags = dict(self.tags)
        return branch

    def error_parts(self, problem: str, offset: int) -> tuple[str, int, str, int | None]:
        """The arguments of a PdnError for `problem` at `offset`."""
        error = self.error(problem, offset)
        return error.problem, error.line, error.source, error.game

    def refusal(self, label: str, raws: list[RawMove], mover: int) -> str:
        """Why a move is not read: the game was over, or it is not legal."""
        if not raws:
            outcome = Outcome(self.position.turn.opponent, Reason.NO_MOVES)
            return f"{label} comes after the end of the game: {ended_words(outcome, self.position)}"
        legal = ", ".join(move.pdn() for move in self.position.legal_moves())
        return f"{label} is not legal here: the legal moves are {legal}"

    @staticmethod
    def move_of(raw: RawMove, mover: int) -> Move:
        path = raw[3]
        if path is None:
            origin = raw[0] & mover
            return _move_of((_SQUARE_OF_BIT[origin], _SQUARE_OF_BIT[raw[0] ^ origin]))
        move = _CAPTURES.get(path)
        if move is None:
            move = _CAPTURES[path] = _move_of(tuple(_SQUARE_OF_BIT[bit] for bit in path))
        return move

    def begin_movetext(self) -> None:
        """Set the start position from the tags, once, at the first word of movetext."""
        if self.start is None:
            start = self.start = self.start_position()
            self.black, self.white, self.kings = start.black, start.white, start.kings
            self.black_to_move = start.turn is BLACK

    def start_position(self) -> Position:
        tags = {name.lower(): entry for name, entry in self.tags.items()}
        game_type = tags.get("gametype")
        if game_type is not None and game_type[0].split(",")[0].strip() != ENGLISH_DRAUGHTS:
            raise self.error(
                f"GameType {clip(game_type[0])!r} is not English draughts (21)", game_type[1]
            )
        fen = tags.get("fen")
        setup = tags.get("setup")
        if fen is None:
            if setup is not None and setup[0].strip() == "1":
                raise self.error('[SetUp "1"] without a [FEN "..."] tag', setup[1])
            return Position()
        try:
            start = Position.from_fen(fen[0])
        except ValueError as error:  # InvalidFenError, or a number too long for int()
            problem = error if isinstance(error, InvalidFenError) else "a number is too long"
            raise self.error(f"invalid FEN {clip(fen[0])!r}: {problem}", fen[1]) from None
        unreached = turn_problem(start)
        if unreached is not None:
            raise self.error(f"FEN {clip(fen[0])!r}: {unreached}", fen[1])
        return start

    def finish(self) -> PdnGame:
        self.begin_movetext()  # a game of tags alone still needs its start checked
        assert self.start is not None
        if self.pending is not None:
            squares, label, offset = self.pending
            raise self.error(self.cut_short(label, squares), offset)
        tags = {
            name: value for name, (value, _) in self.tags.items() if name.lower() not in STRUCTURAL
        }
        comments = {ply: " ".join(texts) for ply, texts in self.comments.items()}
        return PdnGame(tags, self.start, self.moves, self.result or self.entry.result, comments)


_GAME_TOKEN = re.compile(r"\s*(?:([^\s\[\]{}();]+)|(\S))")
_NOT_PLAIN = re.compile(r"[\[\]{}();]")  # what ends a run of words
_MOVE_SIGN = re.compile(r"[-xX:]")
_VARIATION_STOP = re.compile(r"[(){]")


def _within(needle: Sequence[int], path: tuple[int, ...]) -> bool:
    """Whether the landings `needle` appear in order among the path's inner landings."""
    remaining = iter(path[1:-1])
    return all(any(bit == landing for landing in remaining) for bit in needle)
