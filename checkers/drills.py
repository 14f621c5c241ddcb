"""Endgame drills: standard endings from the literature, played against the endgame databases.

Pure Python, no pygame. The player takes the side that wins; the databases defend, always with
the slowest loss (`Endgames.best_move`). After each of the player's moves the drill says how many
moves the win still takes with best play ("win in N"), and a move that lets the win go (the
databases no longer call the position lost for the defender) is kept with a move that would have
kept it, so the player is told exactly which move threw the win and what was right instead.

The endings are given by concrete positions from the literature, each checked by the tests
against the databases. The shipped databases hold every position of up to 4 pieces; a 5-piece
drill's slices are built on this computer the first time it is chosen (`checkers.drill_tables`,
seconds on the compiled core). Endings of 6 and 7 pieces would take too long to build on demand
(an ending with men reaches dozens of slices through its crownings and captures, up to billions
of positions): they are listed in `NEEDS_MORE_PIECES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from checkers.ai.endgame import Endgames, Material, Result, default_endgames
from checkers.ai.endgame_build import compiled_core
from checkers.board import Move, Position, Side
from checkers.drill_tables import (
    LONG_BUILD_SECONDS,
    build_seconds,
    missing_tables,
    seconds_words,
    tables_needed,
)
from checkers.notation import plural
from checkers.record import GameRecord, cannot_move_words

__all__ = [
    "DRILLS",
    "NEEDS_MORE_PIECES",
    "Drill",
    "DrillGame",
    "Thrown",
    "needed_words",
    "player_moves_to_win",
    "preparing_words",
    "tables_note",
]


@dataclass(frozen=True)
class Drill:
    """A standard ending: its name, the position (the winning side to move), what to aim for,
    and where it is published."""

    name: str
    fen: str
    aim: str
    source: str

    @property
    def position(self) -> Position:
        """The drill's starting position."""
        return Position.from_fen(self.fen)

    @property
    def tables(self) -> list[Material]:
        """The endgame slices beyond the shipped ones that the drill's play can reach."""
        return tables_needed(self.position)

    def tables_to_build(self) -> list[Material]:
        """The drill's slices not yet built whole on this computer (none once prepared)."""
        return missing_tables(self.tables)


DRILLS = (
    Drill(
        "First Position",
        "W:WK15,20:B12,K28",
        "Crown the man on 20, then drive the king out of the double corner while your pieces "
        "hold the man on 12 back.",
        "Standard positions of the American Checker Federation: winning First Position",
    ),
    Drill(
        "Two kings against one",
        "W:WK19,K23:BK32",
        "Drive the lone king out of the double corner and trap it on the side.",
        "Edward Lasker, Chess and Checkers: the Way to Mastership, diagram 89",
    ),
    Drill(
        "King against king: the opposition",
        "W:WK32:BK26",
        "Take the opposition: keep the other king from the double corner and pin it to the edge.",
        "Edward Lasker, Chess and Checkers: the Way to Mastership, diagram 88",
    ),
    Drill(
        "Three kings against two",
        "B:WK9,K27:BK10,K15,K19",
        "White's two kings run for the double corners: keep them out, force an exchange of "
        "one king, and two kings against one win.",
        "Edward Lasker, Chess and Checkers: the Way to Mastership, diagram 90",
    ),
)
"""The drills: First Position, the classic, then the kings' endings in the book's order, easiest
last; three kings against two (5 pieces) at the end, its tables built the first time."""

NEEDS_MORE_PIECES = (
    "Second Position (7 pieces)",
    "Third Position (6 pieces)",
    "Fourth Position (7 pieces: B:W30,K31,K32:BK20,21,K22,K23, Black to play and win)",
)
"""Standard endings the shipped databases (up to 4 pieces) cannot judge and whose tables (6 and 7
pieces) are too big to build while a player waits: not drills yet. Fourth Position is Ben
Boland's (Famous Positions in the Game of Checkers, as the Checker Maven gives it): its tables
are 19 slices of 5 to 7 pieces, 7.7 billion positions, over an hour on the compiled core and
about 27 GB of memory for the largest slice (docs/guide.md, "Puzzles from your games, and endgame drills")."""


def needed_words(missing: Sequence[Material]) -> str:
    """What a drill's build makes, told apart from Settings' whole size (`all 5-piece endings`):
    `the one 5-piece table this drill needs`, `the 7 tables of 5 and 6 pieces this drill needs`."""
    sizes = sorted({sum(material) for material in missing})
    pieces = " and ".join(str(size) for size in sizes)
    if len(missing) == 1:
        return f"the one {pieces}-piece table this drill needs"
    if len(sizes) == 1:
        return f"the {len(missing)} {pieces}-piece tables this drill needs"
    return f"the {len(missing)} tables of {pieces} pieces this drill needs"


def preparing_words(missing: Sequence[Material]) -> str:
    """`Preparing the one 5-piece table this drill needs: about 15 seconds the first time`, for
    the slices `missing` (`Drill.tables_to_build`)."""
    seconds = seconds_words(build_seconds(missing))
    return f"Preparing {needed_words(missing)}: {seconds} the first time"


def tables_note(drill: Drill) -> str | None:
    """What choosing the drill costs the first time, in a player's words; None when its tables
    are ready (shipped, or built before)."""
    missing = drill.tables_to_build()
    if not missing:
        return None
    seconds = build_seconds(missing)
    needed = needed_words(missing).replace("this drill needs", "it needs")
    if seconds > LONG_BUILD_SECONDS:
        why = "" if compiled_core() else " (the fast builder, numba, is not installed)"
        return (
            f"{needed[:1].upper()}{needed[1:]} {'is' if len(missing) == 1 else 'are'} built on"
            f" this computer the first time you choose it, which takes {seconds_words(seconds)}"
            f" here{why}."
        )
    return (
        f"{needed[:1].upper()}{needed[1:]} {'is' if len(missing) == 1 else 'are'} built the first"
        f" time you choose it: {seconds_words(seconds)}."
    )


def player_moves_to_win(position: Position, player: Side, endgames: Endgames) -> int | None:
    """How many more moves `player` needs to win from `position` with best play on both sides,
    or None if the databases do not call it a win for `player`."""
    found = endgames.probe_plies(position)
    if found is None:
        return None
    if position.turn is player:
        return (found.plies + 1) // 2 if found.result is Result.WIN else None
    return found.plies // 2 if found.result is Result.LOSS else None


@dataclass(frozen=True)
class Thrown:
    """A move of the player's that let the win go: where (the drill's ply, 1 for the first
    move), the move, a move that kept the win, and the moves the win took before it."""

    ply: int
    move: Move
    kept: Move
    win_in: int

    def words(self) -> str:
        """`Your move 3, 19-24, let the win go: 23-18 kept it, winning in 6 moves.` (23-18 the
        first of the 6: a newcomer read `(win in 41)` after a move as a count that did not go
        down)."""
        number = (self.ply + 1) // 2
        return (
            f"Your move {number}, {self.move.pdn()}, let the win go: "
            f"{self.kept.pdn()} kept it, winning in {plural(self.win_in, 'move')}."
        )

    def short_words(self) -> str:
        """`Move 3: 19-24 let it go; 23-18 kept it.`"""
        number = (self.ply + 1) // 2
        return f"Move {number}: {self.move.pdn()} let it go; {self.kept.pdn()} kept it."


@dataclass
class DrillGame:
    """One drill being played: the record, the player's side, the moves that threw the win."""

    drill: Drill
    endgames: Endgames = field(default_factory=default_endgames)
    record: GameRecord = field(init=False)
    thrown: list[Thrown] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.record = GameRecord(self.drill.position)

    @property
    def player(self) -> Side:
        """The side the player takes: the one to move at the start, which wins."""
        return self.record.start.turn

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    @property
    def best_possible(self) -> int:
        """The moves the win takes from the start with best play."""
        found = player_moves_to_win(self.record.start, self.player, self.endgames)
        return found or 0

    def win_in(self) -> int | None:
        """Moves the player still needs to win with best play (None if the win is gone)."""
        return player_moves_to_win(self.position, self.player, self.endgames)

    def player_to_move(self) -> bool:
        """Whether it is the player's turn (and the drill is not over)."""
        return self.record.outcome is None and self.position.turn is self.player

    def play(self, move: Move) -> Thrown | None:
        """Play the player's move; the Thrown record if it let the win go (else None)."""
        before = self.position
        win_in = self.win_in()
        self.record.play(move)
        if win_in is None or self.win_in() is not None:
            return None
        kept = self.endgames.best_move(before)
        if kept is None:
            return None
        thrown = Thrown(self.record.ply, move, kept, win_in)
        self.thrown.append(thrown)
        return thrown

    def reply(self) -> Move | None:
        """The databases' defence (the slowest loss, or the best they have): played and
        returned; None when it is not the defender's turn or nothing is known."""
        if self.record.outcome is not None or self.position.turn is self.player:
            return None
        move = self.endgames.best_move(self.position)
        if move is None:
            legal = self.position.legal_moves()
            move = legal[0] if legal else None
        if move is not None:
            self.record.play(move)
        return move

    def take_back(self) -> bool:
        """Take back the player's last move (and the defence that followed); False if none."""
        if self.record.ply == 0:
            return False
        self.record.undo()
        if self.position.turn is not self.player and self.record.ply > 0:
            self.record.undo()
        self.thrown = [thrown for thrown in self.thrown if thrown.ply <= self.record.ply]
        return True

    def restart(self) -> None:
        """Back to the drill's position, with nothing thrown."""
        self.record = GameRecord(self.drill.position)
        self.thrown = []

    def player_moves(self) -> int:
        """How many moves the player has made."""
        return (self.record.ply + 1) // 2

    def result_words(self) -> str | None:
        """How the drill ended, in a player's words (None while it goes on)."""
        outcome = self.record.outcome
        if outcome is None:
            return None
        if outcome.winner is None:
            return f"Drawn by {outcome.reason.value}: the win needs the pieces to make progress."
        # What happened, in a player's words (it read "White wins: Black has no legal move"
        # where Black had no pieces left).
        why = cannot_move_words(self.position)
        if outcome.winner is not self.player:
            return f"Lost: {why}."
        made, best = self.player_moves(), self.best_possible
        if made <= best:
            return f"Won in {plural(made, 'move')} ({why}): as fast as the databases."
        return f"Won in {plural(made, 'move')} ({why}); the fastest win takes {best}."
