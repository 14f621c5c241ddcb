"""The game's file keeper: which file in the games folder keeps the game on the screen, and when
it is written.

Pure Python (no pygame). A game is kept in its own file from its first move to its end, locked
against other windows; Ctrl+S writes into that same file. A finished game is written once with
its result and then never again: stepping through it, reviewing it or closing it changes nothing
on disk, and a game played on from it gets a file of its own (`Game.play_on`). Undo right after
a game ended in this window takes the ending back: the game goes on, in the same file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from checkers import saves
from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.explain import Explanation
from checkers.formats.games_index import summarize
from checkers.formats.judged import JUDGED_TAG, MARKS_TAG, REVIEWED_TAG, judged_tag, marks_tag
from checkers.gui.controller import Game
from checkers.gui.game_control.bookkeeping import CLOCK_TAGS
from checkers.gui.persist import PLAYER_TAGS, config_tags, own_event, person_named
from checkers.gui.wording import termination
from checkers.record import GameRecord, Reason

__all__ = ["RESUME_PLY_TAG", "GameKeeper", "game_tags", "reasons_in"]

RESUME_PLY_TAG = "Ply"
"""The tag older autosaves wrote for the ply shown when moves after it were taken back. It is
no longer written, and a resume drops it: a file keeps the game as it stands (the moves Undo
took back are not in it) and a resumed game lands on its last move."""

_DERIVED_TAGS = PLAYER_TAGS | {
    "Termination",
    "TimeControl",
    JUDGED_TAG,
    MARKS_TAG,
    REVIEWED_TAG,
    *CLOCK_TAGS.values(),
}
"""Tags a save writes from the game as it is now, never copied from the file it came from."""


def game_tags(game: Game) -> dict[str, str]:
    """The PDN tags a save writes: who plays, and a loaded game's own tags (its players'
    names too: `Tinsley` reads better than `Human`), how it ended, the clocks."""
    tags = config_tags(game.config)
    # A file's own names and event are kept; the ones this game wrote in older words give way
    # to today's (an old `Human` or `Casual game` is never written back).
    ours = {
        *(
            name
            for side, name in ((BLACK, "Black"), (WHITE, "White"))
            if not person_named(game.tags, side)
        ),
        *(("Event",) if own_event(game.tags) else ()),
    }
    tags.update(
        {
            name: value
            for name, value in game.tags.items()
            if name not in _DERIVED_TAGS and name not in ours
        }
    )
    tags.update(game.clock_tags())
    record = game.full_record()
    tags.update(judged_tag(record, game.judgements))  # the scores a resume shows again
    marks = game.review_marks.within(record.line) if game.review_marks is not None else None
    if marks is not None:  # a closed review's labels, and its figures the game's do not keep
        tags.update(marks_tag(marks.labels, record, marks.judged, game.judgements))
    if record.outcome is not None and record.outcome.reason is not Reason.RECORDED:
        tags["Termination"] = termination(record.outcome, record.position)
    elif "Termination" in game.tags:  # the file said how it ended (or nothing): kept as it was
        tags["Termination"] = game.tags["Termination"]
    return tags


def reasons_in(
    record: GameRecord, reasons: Mapping[tuple[int, Position, Move], Explanation]
) -> dict[tuple[int, Position, Move], Explanation]:
    """The reasons among `reasons` (by ply, position and move, as `Game.explanations` keeps
    them) for moves of `record`: each move played at its ply from its position there."""
    line, positions = record.line, record.positions
    return {
        (ply, position, move): why
        for (ply, position, move), why in reasons.items()
        if ply < min(len(line), len(positions)) and line[ply] == move and positions[ply] == position
    }


class GameKeeper:
    """Keeps one screen's game in a file: `update` after every frame writes what changed."""

    def __init__(self, game: Game, enabled: bool, report: Callable[[str], None]) -> None:
        self.game = game
        self.enabled = enabled
        """Whether games are kept as they are played (off in most tests)."""
        self.report = report
        """Where a failure to write is told (the status line)."""
        self.file: saves.GameFile | None = None
        """The file that keeps this game while it is played (None until its first move)."""
        self.source: Path | None = None
        """The file a loaded game was read from (it keeps that game while it is unchanged)."""
        self._written: tuple[object, ...] | None = None
        self._as_opened: tuple[object, ...] | None = None
        self._serial = game.serial
        game.on_leave = self.keep
        self.opened()

    # --- what decides a write ----------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        """What a write depends on: a finished game's moves and result only (where the board
        is in it changes nothing), an unfinished one's position shown and judgements too."""
        game = self.game
        # A review's marks kept or dropped are written too (they show again on a resume).
        marks = game.review_marks
        if game.finished:
            return (game.record.start, game.record.line, game.result, marks)
        # A new or deeper judgement of the position shown is written too (a resumed game
        # reads as it did when it was left).
        judged = (len(game.judgements), game.judgement())
        return (game.record.start, game.record.line, game.record.ply, judged, marks)

    def _game_key(self) -> tuple[object, ...]:
        return (self.game.record.start, self.game.record.line, self.game.result)

    def opened(self, source: Path | None = None) -> None:
        """The game now shown is as it was opened (from `source`, if a file): nothing to write
        until it changes."""
        self._serial = self.game.serial
        self.source = source
        self.game.source = source.name if source is not None else ""
        self._written = self._key()
        self._as_opened = self._game_key()
        if source is None and self._set_up() and not self.game.record.line:
            # A position set up by hand is the player's work: kept from its start, before a
            # move (walk 2026-12-01v: Esc right after Start lost it).
            self._written = self._as_opened = None

    def _set_up(self) -> bool:
        """Whether the game starts from a position set up by hand."""
        return self.game.record.start != Position()

    def kept_in(self) -> Path | None:
        """The file that holds this game alone, or None: the one it is kept in as it is played,
        else the one it was opened from while that holds this one game (a file of several
        games holds others too), so that the explorer leaves it out of the saved games it
        counts (walk 2026-12-01ah: a game opened from Saved games counted itself there)."""
        if self.file is not None:
            return self.file.path
        source = self.source
        if source is None or self._game_key() != self._as_opened:
            return None
        return source if summarize(source).games == 1 else None

    def adopt(self, file: saves.GameFile | None) -> None:
        """Keep this (resumed) game in `file` from now on."""
        self.file = file
        if file is not None and file.path is not None:
            self.game.source = file.path.name

    # --- writing -----------------------------------------------------------------------------

    def update(self, force: bool = False) -> None:
        """Write the game if it changed since the last write: from its first move to its end
        (a loaded game only once a move changes it); a game whose every move was taken back has
        its file removed; a finished game that was written is never written again."""
        if self.game.serial != self._serial:  # another game took this one's place
            self.release()
            self.opened()
            self._written = self._as_opened = None  # played on from a finished game: kept
        key = self._key()
        if not self.enabled or (key == self._written and (not force or self.game.finished)):
            return
        self._written = key
        if self.file is None and self._game_key() == self._as_opened:
            return  # stepping through a game as it was opened changes nothing worth a file
        try:
            self._write()
        except OSError as error:
            self.report(f"Error: autosave failed: {error}")

    def _write(self) -> Path | None:
        game = self.game
        record = game.full_record()  # every move played, none that Undo took back
        if not record.line and not game.finished and not self._set_up():
            # (a loss on time before a move is kept, and a position set up by hand)
            if self.file is not None:
                self.file.remove()
                self.file = None
            return None
        tags = game_tags(game)
        if self.file is None:
            self.file = saves.GameFile()
        path = self.file.write(record, tags)
        self.game.source = path.name
        return path

    def save(self) -> str:
        """Ctrl+S: write the game into the file that keeps it (one is made the first time);
        the words for the status line."""
        game = self.game
        if not game.full_record().line and not game.finished:
            if self.file is None:
                return "Nothing to save yet: no move has been played."
            try:
                self._write()  # its file goes, as the autosave's does
            except OSError as error:
                return f"Error: could not save the game: {error}"
            return "Nothing to save: every move was taken back."
        if self.file is None and self.source is not None and self._game_key() == self._as_opened:
            return f"This game is kept in {_where(self.source)}"
        try:
            path = self._write()
        except OSError as error:
            return f"Error: could not save the game: {error}"
        self._written = self._key()
        assert path is not None
        return f"Saved: {_where(path)}."

    def keep(self) -> bool:
        """Write the game to its file and let the file go (the game stays in the list); True
        if it was unfinished, so the player can be told where it went."""
        self.update(force=self.file is not None and self.game.timer is not None)  # the clocks
        file, self.file = self.file, None
        if file is None:
            return False
        file.release()
        return not self.game.finished

    def release(self) -> None:
        """Let the file go without writing (the game it held is already written)."""
        file, self.file = self.file, None
        if file is not None:
            file.release()


def _where(path: Path) -> str:
    """A game file as a player reads it: `"name.pdn" in the games folder`, or in its folder."""
    folder = "the games folder" if path.parent == saves.games_dir() else str(path.parent)
    return f'"{path.name}" in {folder}'
