"""The analysis board's explorer pane: the moves games of the player's archives played in the
position on the board, with how often and how they ended, the opening book's moves and the
engine's scores beside them; a click on a move plays it on the analysis board.

The archives are the player's own games folder and the PDN files added with "Add games..."
(remembered in the data directory). An archive whose index is missing or stale is indexed by
a worker thread (`IndexBuilder`), so the window keeps answering; the pane shows its progress
and opens the index when it is done. What the pane says is decided in pure code
(`ExplorerPane.texts`, `rows`); the widgets only show it.
"""

from __future__ import annotations

import math
import re
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame
from pygame_gui.core.interfaces import IGUIFontInterface
from pygame_gui.elements import UIButton, UILabel, UIPanel

from checkers import paths
from checkers.ai.book import packaged_book
from checkers.ai.search import is_win_score
from checkers.board import Move, Position, Side
from checkers.coach.explain import Analysis, format_men, win_in_moves
from checkers.coach.judgement import Judgement, kept_over
from checkers.formats.explorer_index import (
    INDEX_FOLDER,
    Archive,
    ExplorerError,
    ExplorerIndex,
    IndexInfo,
    MoveStats,
    build_index,
    ended,
    explore,
    load_archive_list,
    open_built,
    save_archive_list,
)
from checkers.gui import fonts
from checkers.gui.browser import PDN_SUFFIX, FolderBrowser
from checkers.gui.cards import (
    BUTTON_TEXT,
    HEADING_TEXT,
    SMALL_TEXT,
    no_lone_tail,
    text_row,
    text_size,
)
from checkers.gui.context import ScreenContext
from checkers.gui.explaining import line_words
from checkers.gui.intents import Back
from checkers.gui.ui import HOW_FAR, NBSP, Actions, fit_label
from checkers.gui.wording import (
    advantage_words,
    depth_words,
    plural,
    score_words,
    settled_words,
    side_words,
    thinking_words,
)
from checkers.notation import depth_span, is_even, result_moves, result_text

__all__ = [
    "OWN_GAMES",
    "WAY_BACK_HERE",
    "WAY_BACK_IN_GAME",
    "ArchivePicked",
    "ArchivePicker",
    "ExplorerPane",
    "IndexBuilder",
    "book_moves",
    "empty_words",
    "legal_move",
]

FOOTER_LINES = 3
"""Lines under the table at the least: the book's moves, and the engine's note."""
LONGEST_NOTE = (
    "Win/draw/loss in % and scores are yours (to move); engine: +12.34 for the AI (-12.34 in the"
    " table), looked 20 turns ahead; may change as the board looks deeper; –: no game from here"
    " has a result yet"
)
"""The engine's note under the table at its longest: the footer has room for it whole, and
a line more for the book's moves."""
NO_SHARES = "–"
"""Each share of a move whose games all stopped without a result."""
WAY_BACK_HERE = "Step back towards the start (Left, Home)"
"""How to reach a position nearer the start when moves were made on the analysis board."""
WAY_BACK_IN_GAME = "Step back in the game (Esc, then Left or Home) and press O there"
"""How to reach one from the game's own position: the board's Left and Home go no further back
than the position it opened on, the game's own do."""


LOOKING_AGAIN = "may change as the board looks deeper"
"""Beside a kept score while the board's own, shallower search deepens under it."""


def came_here(
    count: int,
    games: int,
    sources: Sequence[str],
    short: int = 0,
    verb: str = "came here",
    other: bool = False,
) -> str:
    """How many games came to the position, out of how many, and from where, named as the
    player knows them: `1 of your 2 saved games came here`, `3 of the 40 games in
    tinsley.pdn came here`, `5 of 42 games came here (your saved games and tinsley.pdn)`;
    shorter for a narrow pane: `short` 1 counts the files added instead of naming them
    (`... (yours and 1 added file)`), 2 leaves out where from (`5 of 42 games came here`);
    `verb` says what they did here (`ended here`: the games' last position); `other`: the game
    on the board, one of the saved games, is left out (`Your one other saved game came here`:
    walk 2026-12-01af read "Your one saved game came here" beside two that had)."""
    others = " other" if other and list(sources) == [OWN_GAMES] else ""
    if short >= 2 and games == 1:
        return f"The one{others} game {verb}"
    if len(sources) == 1 and short < 2:
        source = sources[0]
        if source == OWN_GAMES:
            if games == 1:
                return f"Your one{others} saved game {verb}"
            return f"{count:,} of your {games:,}{others} saved games {verb}"
        if games == 1:
            return f"The one game in {source} {verb}"
        return f"{count:,} of the {games:,} games in {source} {verb}"
    came = f"{count:,} of {games:,}{others} games {verb}"
    if short >= 2:
        return came
    if short == 0 and len(sources) == 2:
        return f"{came} ({sources[0]} and {sources[1]})"
    files = plural(len(sources) - (OWN_GAMES in sources), "added file")
    return f"{came} (yours and {files})" if OWN_GAMES in sources else f"{came} ({files})"


def empty_words(way_back: str = WAY_BACK_HERE, other: bool = False) -> str:
    """Said over the table's room when no move of the position was played in a game indexed:
    why, and what to do; `way_back` is how to step back towards the start from where the board
    is ('' where no step back works); `other`: the game on the board is one of the saved games,
    left out (walk 2026-12-01y read "None of your saved games reached this position" under the
    saved game that had)."""
    step = f"{way_back}, or add" if way_back else "Add"
    yours = "your other saved games" if other else "your saved games"
    return (
        f"None of {yours} or the files added here reached this position: few go "
        f"this far from the opening. {step} a file of many games (Add games...)."
    )


"""Lines under the table for the book's moves and the engine's note."""


def stopped_words(stopped: MoveStats, way_back: str = WAY_BACK_HERE) -> str:
    """Said over the table's room where games stopped and none went on (a saved game opened
    at its end): how they ended, and where their moves are."""
    step = f" {way_back} to see the moves played on the way." if way_back else ""
    said = stopped.ended_words()
    return f"{said[0].upper()}{said[1:]}; no game went on from here.{step}"


OWN_GAMES = "your saved games"
"""The games folder as a source of games: the games the window saves, which the player knows
from Saved games."""


@dataclass(frozen=True)
class Built:
    """An archive the builder finished: what its index holds, or why it could not be made."""

    archive: Archive
    info: IndexInfo | None
    problem: str = ""


class IndexBuilder:
    """Builds indexes one after another on a thread of its own; the window polls it.

    `progress` is (archive name, done, total) while one is built; `finished()` hands over the
    archives done since it was last asked. The thread is a daemon: closing the window does not
    wait for it, and an index it leaves half made is never seen (the writes are atomic).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()
        self.todo: deque[Archive] = deque()
        self.done: list[Built] = []
        self.progress: tuple[str, int, int] | None = None
        self.pending = 0
        self.running = False

    def add(self, archive: Archive) -> None:
        """Build `archive`'s index after those already asked for."""
        with self.lock:
            self.pending += 1
            self.progress = self.progress or (archive.name, 0, 0)
            self.todo.append(archive)
            if not self.running:  # decided under the lock the thread ends under: none is lost
                self.running = True
                threading.Thread(target=self._run, name="explorer index", daemon=True).start()

    @property
    def busy(self) -> bool:
        """Whether an index is being built or waits to be."""
        with self.lock:
            return self.pending > 0

    def finished(self) -> list[Built]:
        """The archives finished since the last call."""
        with self.lock:
            done, self.done = self.done, []
        return done

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.todo:
                    self.running = False
                    return
                archive = self.todo.popleft()
            report = self._reporter(archive.name)
            try:
                built = Built(archive, build_index(archive, self.folder, report))
            except ExplorerError as error:
                built = Built(archive, None, str(error))
            except OSError as error:
                built = Built(archive, None, f"its index cannot be written: {error.strerror}")
            with self.lock:
                self.done.append(built)
                self.pending -= 1
                self.progress = None

    def _reporter(self, name: str) -> Callable[[int, int], None]:
        def report(done: int, total: int) -> None:
            with self.lock:
                self.progress = (name, done, total)

        return report


@dataclass(frozen=True)
class ArchivePicked:
    """The PDN file the player chose to add to the explorer (handed back by ArchivePicker)."""

    path: Path


class ArchivePicker(FolderBrowser):
    """Pick a PDN archive for the explorer: its games count in the pane from then on."""

    title = "Add games to the explorer"
    action = "Add"
    action_tip = "Add the chosen PDN file's games to the explorer (Enter)"

    def __init__(self, context: ScreenContext, directory: Path | None = None) -> None:
        super().__init__(context, directory or Path.home())

    def default_choice(self) -> int | None:
        """The first PDN file, so Enter adds it; else the first folder."""
        files = [i for i, entry in enumerate(self.entries) if entry.name.endswith(PDN_SUFFIX)]
        return files[0] if files else (0 if self.entries else None)

    def chosen_file(self, path: Path) -> None:
        """Hand the file back to the analysis board, which indexes it."""
        self.remember(path)
        self.context.request(Back(ArchivePicked(path)))


@dataclass(frozen=True)
class PaneRow:
    """One move of the pane: its text, games, win, draw and loss in percent (of the games
    with a result) and the engine's score."""

    move: str
    games: str
    shares: tuple[str, str, str]
    engine: str
    book: bool
    stats: MoveStats
    looked: int = 0
    """How far the search behind its engine figure looked (0: none, or the databases')."""


class ExplorerPane:
    """The explorer's state for the analysis board: archives, their indexes, the builder."""

    def __init__(
        self,
        folder: Path | None = None,
        games: Path | None = None,
        *,
        human: Side | None = None,
        known: Mapping[Position, Judgement] | None = None,
        playing: Path | None = None,
    ) -> None:
        self.human = human
        """The player in a game against the AI: the engine's note tells scores as the game's
        panel does (`+0.35 for you`); None names Black and White."""
        self.known: Mapping[Position, Judgement] = known if known is not None else {}
        """The game's one judgement of each position: the engine's column and note give it
        where it has looked at least as deep as the board's own analysis."""
        self.folder = folder or paths.data_dir() / INDEX_FOLDER
        own_folder = games or paths.games_dir()
        # The game being played is kept in the games folder as it goes: not one of the games
        # the explorer tells of (`playing`, its file).
        left = (playing.name,) if playing is not None and playing.parent == own_folder else ()
        own = Archive(own_folder, folder=True, title=OWN_GAMES, leave_out=left)
        self.archives: list[Archive] = [own, *load_archive_list(self.folder)]
        self.indexes: dict[Archive, ExplorerIndex] = {}
        self.builder = IndexBuilder(self.folder)
        self.note = ""
        """The last thing the pane has to tell (an archive added, skipped games, a problem)."""
        self.note_short = ""
        """`note` in fewer words, for a line too narrow for it."""
        self.news: list[str] = []
        """Notes not yet said on the window's status line (which has room for a long one)."""
        self.position: Position | None = None
        self.moves: list[MoveStats] = []
        self.ended: MoveStats | None = None
        """The games indexed that stopped in the position looked at (their last position)."""
        self.labels: dict[str, UILabel] = {}
        self.buttons: dict[str, UIButton] = {}
        self.well: UIPanel | None = None
        """The frame the move rows stand in, from under their heads down to the notes."""
        self._footer_place = (0, 0, 0)
        """The footer's foot, its line's height, the gap over it."""
        self._well_tops = (0, 0, 0)
        """Where the well may start: under the progress line, under the column heads, and
        under the summary (an empty table has no heads; often there is no progress to say)."""
        self._well_fitted = (-1, -1, -1)
        """The well's top, the footer's lines in use and the height of what the well holds,
        as last fitted."""
        self._row_pitch = 0
        """The move rows' pitch in the well."""
        self.footer_lines = FOOTER_LINES
        """The rows under the table for the book's moves and the engine's note."""
        self.bottom = 0
        """Where the pane's words end in the panel, as last fitted: the room under them down to
        the pane's foot is free (the analysis board shows the engine's lines there)."""
        self.room_used_under = 0
        """The least room under the pane's words that the panel puts to use (0: none): where
        less is left, the table's well reaches down to the footer at the pane's foot instead
        of leaving an empty band under it."""
        self._shown: dict[str, str] = {}
        for archive in self.archives:
            self._open(archive)

    # --- archives and indexes ------------------------------------------------------------------

    def _open(self, archive: Archive) -> bool:
        """Use the archive's index if it is fresh, else have it built; False (and said) if the
        archive cannot be read."""
        try:
            index = open_built(archive, self.folder)
        except ExplorerError as error:
            self.say(f"Not read: {error}")
            return False
        if index is None:
            self.builder.add(archive)
        else:
            self.indexes[archive] = index
        return True

    def add(self, path: Path) -> None:
        """Add a PDN file's games (indexed on the builder's thread); said on the note line."""
        archive = Archive(path.resolve())
        if archive in self.archives:
            self.say(f"{archive.name} is already in the explorer.")
            return
        if not self._open(archive):
            return
        self.archives.append(archive)
        try:
            save_archive_list(self.folder, self.archives)
        except OSError as error:
            self.say(f"Cannot remember {archive.name}: {error.strerror or error}")
        if archive in self.indexes:
            self.say(f"Added {self.indexes[archive].info.summary(archive.name)}.")
        self.position = None  # counted again at the next look

    def say(self, note: str, short: str = "") -> None:
        """Tell `note` on the pane's line (`short` where it is too long for it), and once on
        the status line."""
        self.note = note
        self.note_short = short or note
        self.news.append(note)

    def update(self) -> bool:
        """Open the indexes the builder finished; True if what the pane shows changed."""
        changed = False
        for built in self.builder.finished():
            changed = True
            if built.info is None:
                self.say(f"Cannot index {built.archive.name}: {built.problem}")
                continue
            try:
                index = open_built(built.archive, self.folder)
            except ExplorerError as error:  # gone since it was read
                self.say(f"Not read: {error}")
                continue
            if index is None:  # it changed while it was read (a game saved): read it again
                self.builder.add(built.archive)
                continue
            self.indexes[built.archive] = index
            if built.info.games or not built.archive.folder:
                summary = built.info.summary(built.archive.name)
                # A small window's line holds the summary alone (walk 2026-12-01x at 720x480:
                # "Read your saved games: 11 gam...").
                self.say(f"Read {summary}.", short=summary[:1].upper() + summary[1:])
            self.position = None
        return changed or self.builder.busy

    def look(self, position: Position) -> None:
        """Count the moves of `position` (again only when it changed or an index came)."""
        if position != self.position:
            self.position = position
            self.moves = explore(self.indexes.values(), position)
            self.ended = ended(self.indexes.values(), position)

    def close(self) -> None:
        """Let every index go (a build under way finishes on its own)."""
        for index in self.indexes.values():
            index.close()
        self.indexes = {}

    # --- what is shown ---------------------------------------------------------------------------

    def sources(self) -> list[str]:
        """The names of the sources that hold games, as the player knows them: `your saved
        games` first, then each file added by its name."""
        return [
            archive.name
            for archive in self.archives
            if (index := self.indexes.get(archive)) is not None and index.info.games
        ]

    def games(self) -> int:
        """The games of every index open."""
        return sum(index.info.games for index in self.indexes.values())

    def rows(self, position: Position, analysis: Analysis | None) -> list[PaneRow]:
        """The moves played in `position`, most played first, with the engine's score of each
        (from the side to move, when the analysis or the game's judgement has scored it) and
        the book's mark."""
        self.look(position)
        cells = self.engine_cells(position, analysis)
        book = book_moves(position)
        rows = []
        for entry in self.moves:
            win, draw, loss = entry.shares()
            # No game from here has a result: no shares to give (the note under the table
            # says what the dashes mean), not a word in a column of percentages. The heads
            # say which share is which and the note says they are in %: a "%" in every cell
            # would not leave a small window's six columns room to stand apart.
            shares = (
                (f"{win:.0%}"[:-1], f"{draw:.0%}"[:-1], f"{loss:.0%}"[:-1])
                if entry.finished
                else (NO_SHARES, NO_SHARES, NO_SHARES)
            )
            figure, looked = cells.get(entry.move, ("", 0))
            rows.append(
                PaneRow(
                    entry.move,
                    f"{entry.games:,}",
                    shares,
                    figure,
                    entry.move in book,
                    entry,
                    looked,
                )
            )
        return rows

    def _stands(self, position: Position, analysis: Analysis | None) -> Judgement | None:
        """The game's judgement of `position` where it stands over the analysis's own score,
        as the analysis board's bar decides it (`judgement.kept_over`)."""
        return kept_over(self.known, position, analysis)

    def engine_scores(self, position: Position, analysis: Analysis | None) -> dict[str, str]:
        """The engine's column: each move's score from the side to move (`+0.35`, `even` as
        the panel says a score under a fifth of a man, `wins in 3 moves`), from the game's
        judgement where it has looked at least as deep as the analysis (the position after a
        move's for that move), else from the analysis; the position's best move gives the
        position's own figure, the one the note and the bar give (`engine_note`)."""
        return {move: figure for move, (figure, _) in self.engine_cells(position, analysis).items()}

    def engine_cells(
        self, position: Position, analysis: Analysis | None
    ) -> dict[str, tuple[str, int]]:
        """`engine_scores` with how far each figure's search looked (0 for the databases')."""
        mover = position.turn
        scores: dict[str, tuple[str, int]] = {}
        if analysis is not None:
            for line in analysis.lines:
                result = line.win_in is not None or line.database is not None
                looked = 0 if result else analysis.depth
                scores[line.move] = (move_figure(line.score, line.win_in), looked)
        depth = analysis.depth if analysis is not None and analysis.lines else 0
        # The analysis's moves, the games' and the book's (the footer names the book's).
        games = [entry.move for entry in self.moves]
        for text in dict.fromkeys([*scores, *games, *book_moves(position)]):
            move = legal_move(text, position)
            after = self.known.get(position.move(move)) if move is not None else None
            if after is not None and (after.database or after.depth >= depth):
                looked = 0 if after.database else after.depth
                scores[text] = (_judged_figure(after.as_move(mover), after.man), looked)
        # The position's own figure (the note's and the bar's) is its best move's: one number
        # for the two, whichever search gave it (a deeper judgement of the position after the
        # move gave that row -0.90 beside the note's +0.95, walk 2026-11-30b 74).
        judged = self._stands(position, analysis)
        if judged is not None:
            if judged.line:
                looked = 0 if judged.database else judged.depth
                scores[judged.line[0]] = (_judged_figure(judged.seen_by(mover), judged.man), looked)
        elif analysis is not None and analysis.lines and analysis.depth:
            best = analysis.lines[0]
            scores[best.move] = (move_figure(best.score, best.win_in), analysis.depth)
        return scores

    def _figure_words(self, position: Position, figure: str, looked: int, noted: int) -> str:
        """An Engine column figure (from the side to move in `position`) in the note's words:
        `+0.20 for White`, `Black wins in 3 moves`, `even`; with how far it looked where that
        is not the note's depth (`noted`): `+0.20 for White, 16 turns ahead`."""
        mover = position.turn
        moves = result_moves(figure)
        if moves is not None:
            winner = mover if moves > 0 else mover.opponent
            return result_text(abs(moves), who=side_words(winner, self.human))
        try:
            men = 0.0 if figure == "even" else float(figure)
        except ValueError:
            return figure  # no number to tell (`?`)
        words = advantage_words(men, mover, self.human)
        return f"{words}, {depth_words(looked)}" if looked and looked != noted else words

    def engine_note(
        self,
        position: Position,
        analysis: Analysis | None,
        deepening: bool = False,
        table: bool = True,
    ) -> str:
        """The note under the table: whose view the shares and scores take (the side to move,
        named as the game's panel names it), and the position's score in the panel's words
        with how far the engine looked, or that it is still thinking and how deep. With no
        `table` of moves shown, the engine's score alone (walk 2026-11-30l: "... scores are
        Black's (to move); engine: +1.15 for White (-1.15 in the table)" under no table at
        720x480 left the engine's lines no room)."""
        mover = position.turn
        whose = side_words(mover, self.human)
        whose = "yours" if whose == "you" else f"{whose}'s"
        view = f"Win/draw/loss in % and scores are {whose} (to move)"
        note = f"{view}; engine" if table else "Engine"
        judged = self._stands(position, analysis)
        if judged is not None:  # the bar's words for it
            words = score_words(judged.score, judged.man, judged.side, self.human)
            shown = _judged_figure(judged.seen_by(mover), judged.man)
            table_figure = _in_table(shown) if table else ""
            if judged.database:
                return f"{note}: {words}{_aside('databases', table_figure)}"
            looked = f"{note}: {words}{_aside(table_figure)}, {settled_words(judged.depth)}"
            if deepening and analysis is not None and analysis.depth:
                # The board's search started again under it: said, so a number that changes
                # once it catches up is no surprise; one depth in the sentence, the one its
                # figure comes from (walk 2026-11-29c: "looked 19 turns ahead; still
                # thinking, 15 turns ahead so far").
                return f"{looked}; {LOOKING_AGAIN}"
            return looked
        if analysis is None or not analysis.lines or not analysis.depth:
            return view if table else ""
        # The analysis board's bar's words for its best line.
        best = analysis.lines[0]
        words = line_words(best, mover, self.human)
        table_figure = _in_table(move_figure(best.score, best.win_in)) if table else ""
        if best.database is not None:
            return f"{note}: {words}{_aside('databases', table_figure)}"
        how = thinking_words(analysis.depth) if deepening else settled_words(analysis.depth)
        return f"{note}: {words}{_aside(table_figure)}, {how}"

    def progress_line(self) -> str:
        """What the builder is doing, or ''."""
        with self.builder.lock:
            progress = self.builder.progress
        if progress is None:
            return ""
        name, done, total = progress
        share = f" {done / total:.0%}" if total else "..."
        return f"Reading {name}:{share}"

    def texts(
        self,
        position: Position,
        analysis: Analysis | None,
        deepening: bool = False,
        way_back: str = WAY_BACK_HERE,
    ) -> dict[str, str]:
        """Every label's text (pure: tests read it too); `deepening`: the analysis still goes
        deeper, so its scores may change (the note says so); `way_back`: how to step back
        towards the start from here (`empty_words`)."""
        rows = self.rows(position, analysis)
        games = self.games()
        total = sum(entry.games for entry in self.moves)
        shorter = shortest = ""
        left = bool(self.archives[0].leave_out)  # the game on the board, one of the saved ones
        if not games:
            summary = "Reading the games..." if self.builder.busy else "No games yet."
        elif not rows and self.ended is not None:
            # The games' last position (a saved game opened at its end): they came here.
            verb = "ended here" if self.ended.finished else "stopped here"  # none finished
            summary = came_here(self.ended.games, games, self.sources(), verb=verb, other=left)
            shorter = came_here(self.ended.games, games, self.sources(), 1, verb, left)
            shortest = came_here(self.ended.games, games, self.sources(), 2, verb, left)
        elif not rows:
            # The game on the board, itself saved as it goes, is left out: "other" (walk
            # 2026-12-01z read "No game went on from here" beside the game that did).
            summary = f"No{' other' if left else ''} game went on from here."
        else:
            summary = came_here(total, games, self.sources(), other=left)
            shorter = came_here(total, games, self.sources(), short=1, other=left)
            shortest = came_here(total, games, self.sources(), short=2, other=left)
        book = book_moves(position)
        scores = self.engine_scores(position, analysis)
        # A table of moves reads from the side to move, as every explorer's does (the window's
        # prose names the side ahead instead): said once, under the table, with the position's
        # one score as the panel gives it.
        engine = self.engine_note(position, analysis, deepening, table=bool(rows))
        # How far the Engine column's figures looked: a row's figure can be the board's search
        # or a deeper judgement the game kept (walk 2026-11-30g: the column's +0.95 for 10-15,
        # +1.10 twelve seconds later, with no depth of its own).
        looked = depth_span(row.looked for row in rows[: self.row_count()] if row.looked)
        if looked:
            engine += f"; the Engine column looked {looked}"
        if any(not row.stats.finished for row in rows):
            engine += f"; {NO_SHARES}: no game from here has a result yet"
        shown = [column_figure(row.engine) for row in rows[: self.row_count()]]
        for letter, words in FORCED_LETTERS.items():
            if any(figure.startswith(f"{letter}\u00a0") for figure in shown):
                engine += f"; {letter} n: {words} in n moves"
        # A move and its score never part at a line's end (a no-break space joins them). A
        # book move the engine has judged (the board's lines, a kept judgement of the position
        # after it) gives the engine's figure, the one the board's lines and the bar give, one
        # the table scores too. The book's own figures come from the book
        # builder's older search: beside the board's lines they read as a second opinion of
        # one position (the walk of 2026-11-29 read "9-13 (+0.25)" from the book while the
        # board's best three, without 9-13, were +0.25, even and even), so a move the engine
        # has not judged is named without one.
        # The engine's best first where it has scored them (the walk of 2026-11-29c read
        # "9-13 (even), 9-14 (+0.25)" beside the engine's arrow 1 on 9-14); the rest after
        # them in the book's own order.
        # A deeper judgement the game kept names the board's arrow 1 while the board's own
        # search catches up: its move first, whatever a shallower figure says of another (walk
        # 2026-12-01u: the arrow on one move, the book line's first another).
        # Figures that round alike ("even" thrice) keep the search's own order, best first
        # (walk 2026-12-01v: "9-13 (even), 9-14 (even), 8-11" beside arrow 1 on 8-11).
        kept = self._stands(position, analysis)
        lines = [line.move for line in analysis.lines] if analysis is not None else []
        first = kept.line[0] if kept is not None and kept.line else lines[0] if lines else None
        ranked = sorted(
            book,
            key=lambda move: (
                move != first,
                -figure_value(scores[move]) if move in scores else math.inf,
                lines.index(move) if move in lines else len(lines),
            ),
        )
        # With no table, whose view a bare figure takes is said nowhere: the figure is told in
        # the note's words, for the side ahead, with how far it looked (walk 2026-11-30m:
        # "Book (•): 7-10 (-0.20)" beside "Engine: even, looked 20 turns ahead").
        cells = self.engine_cells(position, analysis)
        noted = kept.depth if kept is not None else analysis.depth if analysis else 0
        # Every book move with a figure gives it, one the table scores too: "11-15, 9-14
        # (even)" read as 11-15 having none (walk 2026-12-01ab).
        listed = ", ".join(
            f"{move}\u00a0({scores[move] if rows else self._figure_words(position, *cells[move], noted)})"
            if move in scores
            else move
            for move in ranked
        )
        texts = {
            "explorer title": "Games played here",
            "explorer summary": summary,
            "explorer summary short": shorter or summary,
            "explorer summary shortest": shortest or summary,
            "explorer progress": self.progress_line() or self.note,
            "explorer progress short": self.progress_line() or self.note_short,
            "explorer book": f"{book_head(listed != ', '.join(ranked))}{listed}"
            if book
            else "Book: not in the opening book",
            "explorer engine": engine,
        }
        empty = (
            _wrapped_words(
                empty_words(way_back, other=bool(self.archives[0].leave_out))
                if self.ended is None
                else stopped_words(self.ended, way_back),
                self.labels.get("empty 0"),
            )
            if games and not rows
            else []
        )
        for index in range(sum(1 for name in self.labels if name.startswith("empty "))):
            texts[f"empty {index}"] = empty[index] if index < len(empty) else ""
        for key, head in HEADS.items():
            texts[f"head {key}"] = head if rows else ""
        for number, row in enumerate(rows[: self.row_count()]):
            texts[f"row {number} games"] = row.games
            for key, share in zip(SHARES, row.shares, strict=True):
                texts[f"row {number} {key}"] = share
            texts[f"row {number} engine"] = column_figure(row.engine) + (" •" if row.book else "")
        return texts

    # --- widgets -------------------------------------------------------------------------------

    def row_count(self) -> int:
        """How many move rows the widgets have room for."""
        return sum(1 for name in self.buttons if name.startswith("row "))

    def build(
        self,
        context: ScreenContext,
        panel: UIPanel,
        area: pygame.Rect,
        actions: Actions,
        play: Callable[[str], None],
        add: Callable[[], None],
    ) -> None:
        """The pane's widgets in `area` of `panel`: a title with Add games..., the summary, the
        column heads, as many move rows as fit (a click plays the move), book and engine."""
        ui = context.ui
        self.labels, self.buttons, self._shown = {}, {}, {}
        unit = max(1, round(10 * context.scale))
        line = text_row(2.4, context.scale, HEADING_TEXT)
        small = text_row(2.1, context.scale)
        x, y, width = area.left, area.top, area.width

        def label(
            name: str, rect: pygame.Rect, style: str, container: UIPanel | None = None
        ) -> None:
            self.labels[name] = UILabel(rect, "", ui, container=container or panel, object_id=style)

        add_text = fonts.font(text_size(BUTTON_TEXT, context.scale)).size("Add games...")[0]
        add_width = max(round(width * 0.36), 9 * unit, add_text + 2 * unit)
        label("explorer title", pygame.Rect(x, y, width - add_width, line), "@heading")
        self.buttons["add"] = actions.button(
            ui,
            panel,
            pygame.Rect(x + width - add_width, y, add_width, line),
            "Add games...",
            "Add a PDN file of games to the explorer (it is indexed once, then kept)",
            add,
        )
        y += line
        label("explorer summary", pygame.Rect(x, y, width, small), "@small")
        y += small
        label("explorer progress", pygame.Rect(x, y, width, small), "@accent_small")
        y += small
        self._well_tops = (y, y + small, y - small)
        # The move rows stand in a framed well (as the game panel's move list) that runs from
        # under the column heads down to the book's and engine's notes: a table of few rows,
        # or none, leaves no empty band above the notes (the walk saw one 160 px tall).
        inner = width - 2 * WELL_INSET
        columns = _columns(x + WELL_INSET, inner, context.scale)
        for key in HEADS:
            left, wide = columns[key]
            # The move's head over the moves, left; every figure's head over its figures,
            # right (the figures line up by their last digit).
            label(f"head {key}", pygame.Rect(left, y, wide, small), _head_style(key))
        y += small
        # As many rows as the engine's longest note takes (a small window's text is large
        # for its panel), and one for the book's moves.
        font = fonts.font(text_size(SMALL_TEXT, context.scale))
        note = len(_wrapped_in(LONGEST_NOTE, font, width - 4))
        self.footer_lines = max(FOOTER_LINES, note + 1)
        footer = self.footer_lines * small
        # A row holds its move's whole text (a small window's grid row is shorter), and two
        # pixels between one move's button and the next.
        face = fonts.font(text_size(SMALL_TEXT, context.scale))
        line = max(line, face.get_ascent() - face.get_descent() + 2)
        gap = max(2, unit // 4)
        well = pygame.Rect(x, y, width, area.bottom - footer - gap - y)
        self.well = UIPanel(well, manager=ui, container=panel, object_id="#move_well")
        # The well's rows and columns, in its own frame (the heads' columns, shifted): its
        # frame starts inside its border, so the cells stand under their heads to the pixel.
        edge = round(self.well.get_container().get_rect().left - self.well.get_abs_rect().left)
        columns = _columns(WELL_INSET - edge, inner, context.scale)
        rows = max(1, (well.height - 2 * WELL_INSET) // line)
        for number in range(rows):
            top = WELL_INSET - edge + number * line
            self.buttons[f"row {number}"] = actions.button(
                ui,
                self.well,
                pygame.Rect(columns["move"][0], top, columns["move"][1], line - 2),
                "",
                "Play this move on the analysis board",
                lambda number=number: self._play_row(number, play),  # type: ignore[misc]
                object_id="@move",
            )
            for key in FIGURES:
                left, wide = columns[key]
                rect = pygame.Rect(left, top, wide, line)
                label(f"row {number} {key}", rect, "@small_right", self.well)
        # Over the rows, at the small text's pitch: why the table is empty, when it is. As
        # many lines as the well holds at its tallest: the footer gives the well the room the
        # words take (`sync`), so they are read whole in a small window too.
        for number in range((area.bottom - gap - self._well_tops[2] - 2 * WELL_INSET) // small):
            rect = pygame.Rect(WELL_INSET - edge, WELL_INSET - edge + number * small, inner, small)
            label(f"empty {number}", rect, "@small", self.well)
        # The book's moves and the engine's note flow over the footer's lines (a small window
        # wraps them rather than cutting them), the book first.
        # Their lines with words stand at the panel's foot, the well reaching down to them
        # (`_fit_footer`): a short note leaves no empty band under it.
        y = area.bottom - footer
        for index in range(self.footer_lines):
            label(f"footer {index}", pygame.Rect(x, y + index * small, width, small), "@small")
        self._footer_place = (area.bottom, small, gap)
        self._row_pitch = line
        self._well_fitted = (-1, -1, -1)

    def _heads_top(self, texts: Mapping[str, str]) -> int:
        """Where the column heads stand for `texts`: under the progress line while it says
        something, else in its place (the walk at 720x480 saw an empty line over the heads)."""
        progress, _, summary = self._well_tops
        return progress if texts.get("explorer progress") else summary

    def _well_top(self, texts: Mapping[str, str]) -> int:
        """Where the well starts for `texts`: under the column heads over rows; an empty table
        has none, and its words start under the last line above that says something."""
        progress, heads, _ = self._well_tops
        top = self._heads_top(texts)
        return top + heads - progress if texts.get("head move") else top

    def _fit_well(self, top: int, used: int, content: int) -> bool:
        """Fit the rows' well from `top` to what it holds (`content` pixels of rows or words),
        and stack the footer's `used` first lines right under it; a well that holds more than
        the room reaches down to the footer at the panel's foot. True if they moved. (A frame
        as tall as the room with three rows in it was a big empty box: walk of 2026-11-30.)"""
        if self.well is None or (top, used, content) == self._well_fitted:
            return False
        self._well_fitted = (top, used, content)
        bottom, small, gap = self._footer_place
        foot = min(bottom - used * small, top + content + 2 * WELL_INSET + gap)
        if content and bottom - (foot + used * small) < self.room_used_under:
            foot = bottom - used * small  # too little room under the words for anything
        self.bottom = foot + used * small
        for index in range(self.footer_lines):
            label = self.labels[f"footer {index}"]
            label.set_relative_position((label.relative_rect.left, foot + index * small))
        well = self.well.relative_rect
        self.well.set_relative_position((well.left, top))
        self.well.set_dimensions((well.width, foot - gap - top))
        # Nothing to hold (no games yet): no empty frame at all.
        if content and not self.well.visible:
            self.well.show()  # shows every row too: the rows without a move hide again
            for name, button in self.buttons.items():
                if name.startswith("row ") and not button.text:
                    button.hide()
        elif not content and self.well.visible:
            self.well.hide()
        return True

    def _play_row(self, number: int, play: Callable[[str], None]) -> None:
        if number < len(self.moves):
            play(self.moves[number].move)

    def sync(
        self,
        position: Position,
        analysis: Analysis | None,
        deepening: bool = False,
        way_back: str = WAY_BACK_HERE,
    ) -> bool:
        """Bring the widgets in step with `texts`; True if anything changed."""
        texts = self.texts(position, analysis, deepening, way_back)
        footer = [self.labels[f"footer {index}"] for index in range(self.footer_lines)]
        book, engine = texts["explorer book"], texts["explorer engine"]
        # The empty table's words take the well's room first: the book's moves give up their
        # last lines where both do not fit (no move of it is in the table then, but the words
        # say what to do).
        said = sum(1 for name, text in texts.items() if name.startswith("empty ") and text)
        bottom, small, gap = self._footer_place
        top = self._well_top(texts)
        room = (bottom - gap - top - 2 * WELL_INSET - said * small) // small
        fitted = footer[: max(1, min(len(footer), room))]
        texts.update({f"footer {index}": "" for index in range(len(footer))})
        texts.update(_footer_lines(fitted, book, engine))
        used = sum(1 for index in range(len(footer)) if texts[f"footer {index}"])
        shown_rows = min(len(self.moves), self.row_count())
        content = shown_rows * self._row_pitch if shown_rows else said * small
        changed = self._fit_well(top, used, content)
        heads = self._heads_top(texts) - self.labels["head move"].relative_rect.top
        if heads:  # the progress line came or went: the heads move with it
            for key in HEADS:
                label = self.labels[f"head {key}"]
                label.set_relative_position(
                    (label.relative_rect.left, label.relative_rect.top + heads)
                )
            changed = True
        for name, label in self.labels.items():
            if name.startswith(("footer ", "empty ")):
                if self._shown.get(name) != texts[name]:
                    self._shown[name] = texts[name]
                    label.set_text(texts[name])
                    changed = True
                continue
            text = texts.get(name, "")
            font = label.font
            for shorter in (texts.get(f"{name} short"), texts.get(f"{name} shortest")):
                if font is None or shorter is None:
                    break
                if font.size(text)[0] <= label.rect.width - LABEL_ROOM:
                    break
                text = shorter  # too long: its shorter words
            if self._shown.get(name) != text:
                self._shown[name] = text
                label.set_text(fit_label(label, text))
                changed = True
        for number in range(self.row_count()):
            button = self.buttons[f"row {number}"]
            text = self.moves[number].move if number < len(self.moves) else ""
            if self._shown.get(f"row {number}") != text:
                self._shown[f"row {number}"] = text
                button.set_text(text)
                if text:
                    button.show()
                else:
                    button.hide()
                changed = True
        return changed


HEADS = {
    "move": "Move",
    "games": "Games",
    "win": "Win",
    "draw": "Draw",
    "loss": "Loss",
    "engine": "Engine",
}
"""The table's column heads, left to right (shown over rows only: an empty table has none)."""
SHARES = ("win", "draw", "loss")
"""The columns of the shares of the games with a result, in percent."""
FIGURES = ("games", *SHARES, "engine")
"""The columns of figures (right-aligned under their heads)."""
WIDEST = {
    "move": ("11x18",),
    "games": ("99,999",),
    "win": ("100",),
    "draw": ("100",),
    "loss": ("100",),
    "engine": ("+12.34", "+0.50 •", "W\u00a099 •"),
}
"""Each column's widest usual texts (a book move, marked •, is one the engine scores near
equal): a column is as wide as these or its head, whichever is wider; a longer move (a double
jump) gets what the move column's room allows."""
WELL_INSET = 3
"""Pixels between the rows' well's frame and its rows."""
LABEL_ROOM = 4
"""Pixels a label keeps beside its text (`ui.fit_label` cuts a text wider than the rest); a
move button keeps as many on either side of its text (`@move`'s padding in the theme)."""


def book_head(figured: bool) -> str:
    """The words before the book's moves: whose figures are beside them where any is (the
    engine's, not the book's own: walk 2026-12-01u read "10-15 (-0.20)" as the book's -0.10)."""
    return "Book (•), engine's figures: " if figured else "Book (•): "


BOOK_HEAD = re.compile(r"^Book \(•\)(?:, engine's figures)?: ")
"""The words before the book's moves, either way (`book_head`)."""


def _wrapped_words(text: str, label: UILabel | None) -> list[str]:
    """`text` wrapped to `label`'s width (one line if there is no label yet)."""
    return [text] if label is None else _wrapped(text, label)


def _wrapped(text: str, label: UILabel) -> list[str]:
    """`text` in lines as wide as `label`, broken between words."""
    return _wrapped_in(text, label.font, label.rect.width - 4)


def _wrapped_in(
    text: str, font: IGUIFontInterface | pygame.font.Font | None, room: int
) -> list[str]:
    """`text` in lines `room` pixels wide in `font`, broken between words."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font is not None and font.size(f"{lines[-1]} {word}")[0] <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if font is None:
        return lines
    return no_lone_tail(lines, lambda line: font.size(line)[0] <= room)


_LOOKED = re.compile(HOW_FAR)
"""How far the engine looked, as its note says it (`looked 14 turns ahead`)."""


def _footer_lines(labels: list[UILabel], book: str, engine: str) -> dict[str, str]:
    """The footer's labels' texts: the book's moves, then the engine's note, each wrapped; when
    both do not fit, the book gives up its last lines (its moves are marked in the table too)
    and its last line shown ends with '...'. How far the engine looked is never parted
    (`thinking... 17 turns ahead`: walk 2026-11-30t read "thinking... 17" over "turns ahead")."""
    engine = _LOOKED.sub(lambda found: found.group(0).replace(" ", NBSP), engine)
    engine_lines = _wrapped(engine, labels[-1])[: len(labels)]
    room = len(labels) - len(engine_lines)
    book_lines = _wrapped(book, labels[0])
    if len(book_lines) > room:
        book_lines = book_lines[:room]
        if book_lines:
            font, room = labels[0].font, labels[0].rect.width - 4
            words = book_lines[-1].split(" ")
            while (
                len(words) > 1
                and font is not None
                and font.size(" ".join(words) + " ...")[0] > room
            ):
                words.pop()
            book_lines[-1] = fit_label(labels[0], " ".join(words) + " ...")
    lines = [*book_lines, *engine_lines]
    return {
        f"footer {index}": lines[index] if index < len(lines) else ""
        for index in range(len(labels))
    }


def move_figure(score: float | None, win_in: int | None) -> str:
    """A move's score in the engine's column, from the side to move: `+0.35`, `-1.00`, `even`
    where the panel says so (`notation.EVEN_MEN`), `wins in 3 moves`."""
    if win_in is None and score is not None and is_even(score):
        return "even"
    return format_men(score, win_in)


FORCED_LETTERS = {"W": "wins", "L": "loses"}
"""A forced result's letter in the engine's column; the note under the table says the words."""


def column_figure(figure: str) -> str:
    """A figure as the engine's column shows it: `wins in 9 moves` as `W 9` (`loses`: `L`),
    short enough for the column at 720x480 (the walk of 2026-11-30 read "wins ..." there);
    the note under the table says what the letter means, the book's line keeps the words."""
    moves = result_moves(figure)
    if moves is None:
        return figure
    return f"{'W' if moves > 0 else 'L'}\u00a0{abs(moves)}"


def figure_value(figure: str) -> float:
    """A figure of the engine's column as a number to rank moves by, best for the side to move
    highest: men (`even` is nought), a forced win above any, the soonest first, a forced loss
    below any, the latest first."""
    if figure == "even":
        return 0.0
    moves = result_moves(figure)
    if moves is not None:
        return math.copysign(1000.0 - abs(moves), moves)
    try:
        return float(figure)
    except ValueError:
        return 0.0


def _in_table(figure: str) -> str:
    """Beside the position's score in the panel's words, which name the side ahead: the
    figure the table shows for it from the side to move, where the two read differently
    (`+0.30 for the AI (-0.30 in the table)`), so the note's number and the column's are seen
    to be one (the walks read `scores are yours` beside `+0.30 for the AI` as two views)."""
    if figure.startswith(("-", "loses")):
        return f"{column_figure(figure)} in the table"
    return ""


def _aside(*parts: str) -> str:
    """`parts` that say anything, in one bracket after a space (`(databases; L 5 in the
    table)`), or '' when none does."""
    said = "; ".join(part for part in parts if part)
    return f" ({said})" if said else ""


def _judged_figure(score: float, man: float) -> str:
    """A judgement's score (in its units, from the side to move) as `move_figure` says it."""
    if is_win_score(score):
        return move_figure(None, win_in_moves(score))
    return move_figure(round(score / man, 2), None)


def book_moves(position: Position) -> tuple[str, ...]:
    """The opening book's moves in `position`, the book's best first (none if it is not in
    the book). Their scores are the book builder's own search's, not shown: the engine's
    judgement of each is the one the pane gives (`ExplorerPane.engine_scores`)."""
    book = packaged_book()
    moves = book.moves(position) if book is not None else None
    return tuple(move.pdn() for move, _ in moves or ())


def _head_style(key: str) -> str:
    return "@dim" if key == "move" else "@dim_right"


def _columns(left: int, width: int, scale: float) -> dict[str, tuple[int, int]]:
    """Each column's (x, width) in a row `width` wide from `left`: every column as wide as its
    head and its widest usual texts, the room left over split between them as gaps (up to a few
    digits' width; what is left beyond goes to the move column)."""
    font = fonts.font(text_size(SMALL_TEXT, scale))
    needs = {}
    for key, head in HEADS.items():
        widest = max(font.size(text)[0] for text in (head, *WIDEST[key]))
        needs[key] = widest + (2 if key == "move" else 1) * LABEL_ROOM
    spare = width - sum(needs.values())
    gaps = len(needs) - 1
    gap = max(0, min(spare // gaps, 3 * font.size("0")[0]))
    needs["move"] += spare - gap * gaps  # what the gaps leave (less, where room is short)
    columns = {}
    x = left
    for key, need in needs.items():
        columns[key] = (x, need)
        x += need + gap
    return columns


def legal_move(text: str, position: Position) -> Move | None:
    """The legal move `text` names in `position`, or None."""
    try:
        return Move.from_pdn(text, position)
    except ValueError:
        return None
