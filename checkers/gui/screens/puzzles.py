"""The puzzle screen: positions from the player's reviewed games to solve on the board, each
told right or wrong with its idea and its line played out; the set comes back on a schedule.

The puzzles are `checkers.puzzles`'; the set and the schedule (`fsrs`: a missed puzzle comes back
in 10 minutes, a solved one after days) are `checkers.formats.puzzle_store`'s, in the data directory.
Import (I) adds a published problem collection (`checkers.puzzle_import`), picked in a folder
browser (`PuzzleFilePicker`).
The board, the panel and the status line are `checkers.gui.board_play`'s, shared with the
endgame drills.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from checkers.board import BLACK, IllegalMoveError, InvalidMoveError, Move, Position
from checkers.formats.puzzle_store import Schedule, add_puzzles, load_puzzles, when_words
from checkers.gui.board_play import BoardPlayScreen, ButtonSpec, label_lines
from checkers.gui.browser import FolderBrowser
from checkers.gui.cards import Card, CardButton
from checkers.gui.config import Mode
from checkers.gui.context import ScreenContext
from checkers.gui.intents import Back, OpenDrills, PickPuzzleFile
from checkers.gui.wording import plural
from checkers.notation import numbered_moves
from checkers.puzzle_import import (
    IMPORTED,
    Collection,
    CollectionRefused,
    import_collection,
    problem_book,
)
from checkers.puzzles import Puzzle, replay

__all__ = [
    "IDEA_ROWS",
    "LINE_STEP_SECONDS",
    "PuzzleFilePicked",
    "PuzzleFilePicker",
    "PuzzleScreen",
    "ideas_words",
]

LINE_STEP_SECONDS = 0.9
"""How long each position of a solution's line stays on the board while it is played out."""


IDEA_ROWS = 10
"""The most rows for what the answer's line proves: it takes the rows the panel has left."""
LINE_ROWS = 4
"""The most rows for the solution's line, which gives up rows to the ideas first."""
ABOUT_ROWS = 12
"""Rows the panel may give to how puzzles work, in the room the puzzle's words leave."""
ABOUT = (
    "Each puzzle is a move of one of your games that its review marked a mistake or a"
    " blunder, where one reply was clearly best, a published problem of the problem book (P),"
    " or one from a collection you imported (Import). A right answer comes back later, further"
    " apart each time; a missed one comes back soon. N skips to the next puzzle, D opens the"
    " endgame drills."
)
"""How the puzzles work, said where the well has room for it whole (walk 2026-11-30e: a tall
empty band under the puzzle's words at 1280x800)."""


def ideas_words(ideas: Sequence[Mapping[str, object]], solution: Sequence[str]) -> str:
    """What the solution proves, one sentence an idea, its line named once: each idea's text
    carries its line (`23-18 14x23 27x18x11x4 wins two men (gives 1, takes 3)`), so three
    ideas of one line read it three times, and a count the shot already gave twice (the walk
    of 2026-11-29c read the line twice before the panel cut it). A later idea of the same line
    says `it`, and the pieces given and taken are counted once; a run of five moves or more is said
    from its first move to its last (`15-11 to 5x14x23x30`)."""
    line = " ".join(solution)
    line_said = False
    counts_said = False
    sentences = []
    for idea in ideas:
        text = str(idea.get("text", "")).strip()
        if not text:
            continue
        if line and line in text:
            if line_said:
                text = text.replace(f" ({line})", "").replace(line, "it")
            line_said = True
        gives, takes = idea.get("gives"), idea.get("takes")
        if gives is not None and takes is not None:
            if counts_said:
                # One count an answer: a shot's "gives 5 pieces and takes 6" beside the line's
                # "(gives 6, takes 7)" counted from another move read as two tallies (walk
                # 2026-11-30l, problem 3); what it wins is said without the second.
                text = text.replace(f" (gives {gives}, takes {takes})", "")
            counts_said = True
        text = _LONG_RUN.sub(lambda run: f"{run[1]} to {run[2]}", text)
        sentences.append(text[:1].upper() + text[1:] + ".")
    return " ".join(sentences)


_LONG_RUN = re.compile(r"(\d+(?:[-x]\d+)+)(?: \d+(?:[-x]\d+)+){3,} (\d+(?:[-x]\d+)+)(?![-x\d])")
"""A run of five moves or more in an idea's words, said from its first move to its last: the
whole line is on the board and under the ideas (walk 2026-11-30k: problem 3's fifteen moves
read four times in one answer, then cut)."""


@dataclass(frozen=True)
class PuzzleFilePicked:
    """The problem collection the player chose to import (handed back by PuzzleFilePicker)."""

    path: Path


class PuzzleFilePicker(FolderBrowser):
    """Pick a published problem collection (PDN games with a FEN and the solution's moves)."""

    title = "Import problems into your puzzles"
    action = "Import"
    action_tip = "Add the chosen PDN file's problems to your puzzles (Enter)"

    def __init__(self, context: ScreenContext, directory: Path | None = None) -> None:
        super().__init__(context, directory or Path.home())

    def chosen_file(self, path: Path) -> None:
        """Hand the file back to the puzzle screen, which imports it."""
        self.remember(path)
        self.context.request(Back(PuzzleFilePicked(path)))


class PuzzleScreen(BoardPlayScreen):
    """One puzzle at a time from the player's set, the due ones first."""

    LABELS = (
        ("title", "@heading"),
        ("count", "@small"),
        ("session", "@dim"),
        ("source 1", "@dim"),
        ("source 2", "@dim"),
        ("source 3", "@dim"),
        ("task", "@heading"),
        ("verdict", "@heading"),
        ("answer", "@small"),
        ("answer 2", "@small"),
        *((f"idea {row}", "@small") for row in range(1, IDEA_ROWS + 1)),
        ("line title", "@dim"),
        *((f"line {row}", "@small") for row in range(1, LINE_ROWS + 1)),
        ("again", "@accent_small"),
        ("again 2", "@accent_small"),
        ("about gap", "@small"),
        ("about title", "@dim"),
        *((f"about {row}", "@small") for row in range(1, ABOUT_ROWS + 1)),
    )

    def __init__(self, context: ScreenContext, now: Callable[[], datetime] | None = None) -> None:
        super().__init__(context)
        self.now = now
        """The clock the schedule is read by (tests give their own)."""
        self.puzzles = load_puzzles()
        self.schedule = Schedule.load()
        self.puzzle: Puzzle | None = None
        self.skipped: list[str] = []
        """The keys of the puzzles skipped unanswered (N) on this screen, the first skipped
        first: they come after every other puzzle due."""
        self.answer: Move | None = None
        """The player's move, once made (None while the puzzle is being solved)."""
        self.line: list[Position] = []
        """The solution's positions, the puzzle's first, once answered."""
        self.shown = 0
        """Which of `line` the board shows."""
        self.wait = 0.0
        self.next_due: datetime | None = None
        self.solved = 0
        self.missed = 0
        self.keymap = {
            "escape": self.leave,
            "n": self.next_puzzle,
            "space": self.replay_line,
            "right": self.step_line,
            "d": self.open_drills,
            "i": self.pick_file,
            "p": self.open_book,
            "f": self.flip,
            "ctrl+c": self.copy_fen,
        }
        if self.schedule.damaged:
            dropped = self.schedule.dropped
            self.status = (
                f"{plural(dropped, 'puzzle')} had a damaged schedule: due again now."
                if dropped
                else "The puzzle schedule was damaged: every puzzle is due again."
            )
        self.next_puzzle()

    def _clock(self) -> datetime | None:
        return self.now() if self.now is not None else None

    # --- the puzzle -------------------------------------------------------------------------

    def next_puzzle(self) -> None:
        """Show the next puzzle: the longest due that was not skipped, else the one skipped
        first, else the one due soonest (`_after`)."""
        if not self.puzzles:
            self.puzzle = None
            # As a game against the AI opens: Black, who moves first, at the bottom unless
            # the settings turn the board.
            self.flipped = not self.context.settings.turns(Mode.HUMAN_VS_AI)
            self.show_card(self._empty_card())
            return
        current = self.puzzle
        if current is not None and self.answer is None:  # skipped unanswered: to the back
            self.skipped = [key for key in self.skipped if key != current.key] + [current.key]
        self.puzzle = self._after(current)
        self.answer = None
        self.line = []
        self.shown = 0
        assert self.puzzle is not None
        position = self.puzzle.position
        self.flipped = position.turn is BLACK  # the side to play at the bottom
        self.reselect()
        if not self.status.startswith("The puzzle schedule"):
            self.status = (
                "Find the best move: click or drag a piece. N skips, D for endgame drills."
            )

    def _after(self, current: Puzzle | None) -> Puzzle:
        """The puzzle after `current`: of the others due, those not skipped first (longest
        due first), then the skipped in the order they were skipped; with none due, the one due
        soonest. With `current` left out of the first pick alone, N went 1, 2, 1, 2 over
        twenty puzzles due (walk 2026-11-30m)."""
        now = self._clock()
        others = [p for p in self.puzzles if current is None or p.key != current.key]
        skipped = {key: order for order, key in enumerate(self.skipped)}
        fresh = self.schedule.due([p for p in others if p.key not in skipped], now)
        if fresh:
            return fresh[0]
        again = [p for p in self.schedule.due(others, now) if p.key in skipped]
        if again:
            return min(again, key=lambda puzzle: skipped[puzzle.key])
        soonest = self.schedule.next_up(others or self.puzzles, now)
        assert soonest is not None  # called with puzzles in the set
        return soonest

    def board_position(self) -> Position:
        """The puzzle's position, or the solution's line as it is played out."""
        if self.line:
            return self.line[self.shown]
        return self.puzzle.position if self.puzzle is not None else Position()

    def can_move(self) -> bool:
        """While the puzzle is unsolved."""
        return self.puzzle is not None and self.answer is None

    def moved(self, move: Move) -> None:
        """Judge the player's move, schedule the puzzle, and play the solution out."""
        puzzle = self.puzzle
        assert puzzle is not None
        self.answer = move
        right = puzzle.is_solution(move)
        if right:
            self.solved += 1
        else:
            self.missed += 1
        self.next_due = self.schedule.answer(puzzle, right, self._clock())
        problem = self.schedule.save()
        try:
            self.line = replay(puzzle.position, puzzle.solution)
        except (IllegalMoveError, InvalidMoveError):
            self.line = [puzzle.position]
        # A right answer shows from the player's own move on; a wrong one from the start.
        self.shown = 1 if right and len(self.line) > 1 else 0
        self.wait = LINE_STEP_SECONDS
        if right:
            self.status = "Right! The line plays out on the board. N for the next puzzle."
        else:
            self.status = (
                f"Not this time: {move.pdn()} is not it. The answer plays out on the board; "
                "N for the next puzzle."
            )
        if problem:
            self.status = f"{self.status} ({problem})"

    def step_line(self) -> None:
        """Show the next position of the solution's line."""
        if self.line and self.shown < len(self.line) - 1:
            self.shown += 1
            self.wait = LINE_STEP_SECONDS

    def replay_line(self) -> None:
        """Play the solution's line out again from the puzzle's position."""
        if self.line:
            self.shown = 0
            self.wait = LINE_STEP_SECONDS

    def update(self, dt: float) -> None:
        """Play the line out a position at a time, and bring the widgets in step."""
        if self.line and self.shown < len(self.line) - 1:
            self.wait -= dt
            if self.wait <= 0:
                self.step_line()
        super().update(dt)

    def wake_in(self) -> float | None:
        """While the line plays out, when its next position is due."""
        wakes = [wake for wake in (super().wake_in(),) if wake is not None]
        if self.line and self.shown < len(self.line) - 1:
            wakes.append(max(0.0, self.wait))
        return min(wakes) if wakes else None

    def view_extras(self) -> dict[str, object]:
        """The move that led to the position shown, once the line plays out."""
        if self.line and self.puzzle is not None and self.shown > 0:
            return {
                "last_move": Move.from_pdn(
                    self.puzzle.solution[self.shown - 1], self.line[self.shown - 1]
                )
            }
        return {}

    # --- leaving -------------------------------------------------------------------------------

    def leave(self) -> None:
        """Back to the screen below."""
        self.context.request(Back())

    def open_drills(self) -> None:
        """The endgame drills, over this screen."""
        self.context.request(OpenDrills())

    def pick_file(self) -> None:
        """A folder browser to choose a problem collection to import."""
        self.context.request(PickPuzzleFile())

    def import_file(self, path: Path) -> None:
        """Add the collection's problems to the set, and say how it went on the status line."""
        try:
            collection = import_collection(path)
        except CollectionRefused as error:
            self.status = f"Cannot import {error}"
            return
        self._add(collection, path.name)

    def open_book(self) -> None:
        """Add the problem book's problems the set lacks, and show the next puzzle."""
        self._add(problem_book(), "the problem book")
        if self.puzzle is None and self.puzzles:
            said = self.status
            self.show_card(None)
            self.next_puzzle()
            self.status = said  # what was added stays said

    def _add(self, collection: Collection, what: str) -> None:
        """Add `collection`'s puzzles the set lacks; the status line says how many, of `what`."""
        problems: list[str] = []
        added, problem = add_puzzles(collection.puzzles, report=problems.append)
        if problem is not None:
            self.status = problem[:1].upper() + problem[1:]
            return
        self.puzzles = load_puzzles()
        skipped = (
            f" ({collection.skipped} games without a FEN skipped)" if collection.skipped else ""
        )
        said = (
            f"{plural(added, 'problem')} of {what} added to your puzzles{skipped}."
            if added
            else f"Every problem of {what} is in your puzzles already{skipped}."
        )
        self.status = said + "".join(f" {line}." for line in problems)

    def _empty_card(self) -> Card:
        return Card(
            "No puzzles yet",
            [
                (
                    "Puzzles come from the games you review (Review game in a game's menu, "
                    "key G). Where a player made a mistake or a blunder, that position, or the "
                    "one it left, becomes a puzzle if one move there was clearly best: any "
                    "other would be a mistake, or it is the only move that keeps an endgame "
                    "won or drawn. Many games have no such position; the review says how many "
                    "it added. Import (I) adds a published problem collection (PDN with FEN)."
                ),
                "Meanwhile, the problem book and the endgame drills are ready.",
            ],
            [
                CardButton(
                    "book",
                    "Problem book",
                    "Published problems, each with one clearly best first move (P)",
                    self.open_book,
                    "p",
                ),
                CardButton(
                    "drills", "Endgame drills", "Standard endings (D)", self.open_drills, "d"
                ),
                CardButton(
                    "import", "Import problems", "A PDN problem collection (I)", self.pick_file, "i"
                ),
                CardButton("close", "Back", "Back to the start (Esc)", self.leave),
            ],
            cancel=self.leave,
        )

    def receive(self, result: object) -> None:
        """Back from the drills (the set may have grown meanwhile) or from the folder browser
        with a collection to import."""
        said = ""
        if isinstance(result, PuzzleFilePicked):
            self.import_file(result.path)
            said = self.status
        self.puzzles = load_puzzles()
        if self.puzzle is None and self.puzzles:
            self.show_card(None)
            self.next_puzzle()
        self.status = said or self.status  # what the import did stays said

    # --- words ---------------------------------------------------------------------------------

    def buttons(self) -> Sequence[ButtonSpec]:
        """Next, the line again, drills, flip and back."""
        return (
            (
                "next",
                "Next puzzle",
                "Another puzzle: the longest due first (N)",
                self.next_puzzle,
            ),
            (
                "again",
                "Show line",
                "Play the answer's line out again (Space)",
                self.replay_line,
            ),
            (
                "import",
                "Import",
                "Add a PDN problem collection to your puzzles (I)",
                self.pick_file,
            ),
            (
                "drills",
                "Drills",
                "Standard endings against the databases (D)",
                self.open_drills,
            ),
            ("flip", "Flip", "Turn the board around (F)", self.flip),
            ("back", "Back", "Back to the start screen (Esc)", self.leave),
        )

    def buttons_enabled(self) -> dict[str, bool]:
        """Next puzzle (the primary button) is off while the set is empty; Show line until
        the puzzle is answered (its line is the answer: before that it did nothing, under a
        tooltip saying "again", walk of 2026-11-30)."""
        return {"next": bool(self.puzzles), "again": bool(self.line)}

    def _source(self, puzzle: Puzzle) -> str:
        """Where the puzzle comes from, in a player's words."""
        if puzzle.played == IMPORTED:
            return puzzle.source or "From a problem collection"
        position = puzzle.position
        side = position.turn.name.capitalize()
        try:
            Move.from_pdn(puzzle.played, position)
        except (IllegalMoveError, InvalidMoveError, ValueError):
            other = position.turn.opponent.name.capitalize()
            # The reply that punishes it may come after forced moves, and the review may
            # have marked the move '?' or '??': say only what holds.
            return f"From a game, move {puzzle.move_number}: punish {other}'s {puzzle.played}"
        return f"From a game, move {puzzle.move_number}: {side} played {puzzle.played} here"

    def texts(self) -> dict[str, str]:
        """The panel's words for the puzzle shown and how it went, and how puzzles work where
        the well has room for it."""
        return self.with_room_words(
            self._puzzle_texts(), "about", "How puzzles work", ABOUT, ABOUT_ROWS
        )

    def _puzzle_texts(self) -> dict[str, str]:
        puzzle = self.puzzle
        due = len(self.schedule.due(self.puzzles, self._clock()))
        texts = {name: "" for name, _ in self.LABELS}
        texts["title"] = "Puzzles"
        texts["count"] = f"{due} due now, {len(self.puzzles)} in your set"
        texts["session"] = f"This time: {self.solved} right, {self.missed} missed"
        if puzzle is None:
            return texts
        side = puzzle.position.turn.name.capitalize()
        source = label_lines(self._source(puzzle), self.labels.get("source 1"), 3)
        texts["source 1"], texts["source 2"], texts["source 3"] = source
        texts["task"] = f"{side} to play: find the best move"
        if self.answer is None:
            return texts
        right = puzzle.is_solution(self.answer)
        texts["verdict"] = "Right!" if right else "Not this time"
        answer = (
            f"{self.answer.pdn()} is the answer."
            if right
            else f"You played {self.answer.pdn()}; the answer is {puzzle.solution[0]}."
        )
        # Over two rows where one is too narrow (720x480 cut "the answer is 25x...").
        texts["answer"], texts["answer 2"] = label_lines(answer, self.labels.get("answer"), 2)
        # A game's puzzle was checked clearly best; a published problem's answer is its book's.
        checked = f"{puzzle.solution[0]} is clearly better than any other move here."
        published = f"{puzzle.solution[0]} is the published solution's first move."
        ideas = ideas_words(puzzle.ideas, puzzle.solution) or (
            published if puzzle.played == IMPORTED else checked
        )
        number = puzzle.move_number
        line = numbered_moves(list(puzzle.solution), puzzle.position.turn is BLACK, number)
        if self.next_due is not None:
            # One row where the sentence fits it, else its shorter form (walk 2026-11-30l: at
            # 720x480 "This puzzle comes back in" over "2 days."); two rows if even that is cut.
            when = when_words(self.next_due, self._clock())
            for again in (f"This puzzle comes back {when}.", f"Comes back {when}."):
                texts["again"], texts["again 2"] = label_lines(again, self.labels.get("again"), 2)
                if not texts["again 2"]:
                    break
        # What the answer proves, in the rows the rest leaves (at 720x480 five rows cut
        # "Black's s..." over an empty band: walk 2026-11-30k), then the line in as many rows as
        # are left, at most LINE_ROWS, its last cut at its end; with none left, not at all: the
        # board plays it out (and Show line again).
        label = self.labels.get("idea 1")
        needed = sum(1 for row in label_lines(ideas, label, IDEA_ROWS) if row)
        for rows_of_line in range(LINE_ROWS, 0, -1):
            texts["line title"] = "The line, played out on the board:"
            parts = label_lines(line, self.labels.get("line 1"), rows_of_line)
            for index in range(1, LINE_ROWS + 1):
                texts[f"line {index}"] = parts[index - 1] if index <= rows_of_line else ""
            if self.room_rows(texts, "idea", IDEA_ROWS) >= needed:
                break
        else:
            texts["line title"] = texts["line 1"] = ""
        rows = label_lines(ideas, label, self.room_rows(texts, "idea", IDEA_ROWS))
        for index, part in enumerate(rows, start=1):
            texts[f"idea {index}"] = part
        return texts
