"""The endgame drills screen: a standard ending played against the endgame databases, which
defend as long as they can, with "win in N" after every move and each move that let the win go
pointed out with the move that would have kept it.

The drills and their rules are `checkers.drills`' (pure code); this screen lays them out on the
board and panel shared with the puzzle screen (`checkers.gui.board_play`). A drill whose endgame
tables are not on this computer yet (three kings against two) has them built first, in a process
of their own (`checkers.drill_tables.TableBuild`): the screen says so, with the time it takes,
and stays live meanwhile; leaving or picking another ending stops the build.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pygame_gui.core import ObjectID, UIContainer

from checkers.board import BLACK, Move, Position
from checkers.drill_tables import TableBuild, TablesBuilt, TablesFailed
from checkers.drills import DRILLS, Drill, DrillGame, preparing_words, tables_note
from checkers.gui.board_play import BoardPlayScreen, ButtonSpec, label_lines
from checkers.gui.cards import Card, CardButton
from checkers.gui.context import ScreenContext
from checkers.gui.database_build import MAX_WINDOW_PIECES, held_pieces
from checkers.gui.intents import Back
from checkers.gui.wording import plural

__all__ = ["REPLY_SECONDS", "DrillScreen"]

REPLY_SECONDS = 0.6
"""How long the player's move stays on the board before the databases answer it."""

_SHORT_NAMES = {
    "First Position": "First Position",
    "Two kings against one": "Two kings v one",
    "King against king: the opposition": "King v king",
    "Three kings against two": "Three kings v two",
}

PREPARING_WAKE_SECONDS = 0.5
"""While the tables are built, how often the screen looks at the build and counts the seconds."""


HELP_KEYS = (
    ("U or Backspace", "take back your last move (Undo)"),
    ("Home", "start the ending again (Restart)"),
    ("D", "pick another ending (Other ending)"),
    ("F", "turn the board round (Flip)"),
    ("Ctrl+C", "copy the position as FEN text"),
    ("Esc", "leave the drills (Back)"),
    ("? or F1", "this help"),
)
"""The drill screen's keys as its help card lists them."""


ABOUT_ROWS = 8
"""The panel's rows for a drill's aim and source together."""

HOW_DRILLS = (
    (
        "Standard endings from the books: you play the winning side, the databases defend as"
        " long as they can."
    ),
    (
        "Win in N tells how many moves the win takes with the best play; a move that lets the "
        "win go is pointed out."
    ),
)
"""How the drills work: the chooser card's first lines, and the panel's where it has room."""
HOW_EXACT = (
    "Every count is exact: the endgame databases hold every position of the ending, with the "
    "moves each side needs."
)
HOW_KEYS = "U takes your move back, Home starts again, D picks another ending, ? lists the keys."
HOW_ROWS = 10
"""Rows the panel may give to how drills work, in the room the drill's words leave."""


class DrillScreen(BoardPlayScreen):
    """One drill at a time; a card to pick the ending first."""

    LABELS = (
        ("title", "@heading"),
        ("about 1", "@small"),
        ("about 2", "@small"),
        ("about 3", "@small"),
        ("about 4", "@small"),
        ("about 5", "@small"),
        ("about 6", "@small"),
        ("about 7", "@small"),
        ("about 8", "@small"),
        ("task", "@heading"),
        ("win", "@accent_small"),
        ("moves 1", "@small"),
        ("moves 2", "@small"),
        ("thrown title", "@heading"),
        ("thrown 1", "@small"),
        ("thrown 2", "@small"),
        ("thrown 3", "@small"),
        ("result 1", "@heading"),
        ("result 2", "@heading"),
        ("result 3", "@heading"),
        ("how gap", "@small"),
        ("how title", "@dim"),
        *((f"how {row}", "@small") for row in range(1, HOW_ROWS + 1)),
    )
    """The panel's rows: a text that may be long has rows enough to read whole in a small
    window (the walk's 720x480 cut `From: Standard positions of the ... winnin...`). The
    drill's aim and its source share the `about` rows, the source's dim right under the aim's
    last (the walk of 2026-11-29 cut "... and two kings ..." over three empty rows)."""

    def __init__(self, context: ScreenContext, drill: Drill | None = None) -> None:
        self.source_from = ABOUT_ROWS + 1
        """The first `about` row of the source (dim); past the last while none is shown."""
        self._about_styles: dict[int, str] = {}
        super().__init__(context)
        self.game: DrillGame | None = None
        self.preparing: Drill | None = None
        """The drill whose tables are being built (None when none is)."""
        self.build: TableBuild | None = None
        self.build_words = ""
        self.build_seconds = 0.0
        self.build_failed = ""
        self.wait = 0.0
        self.last: Move | None = None
        self.keymap = {
            "escape": self.leave,
            "u": self.take_back,
            "backspace": self.take_back,
            "home": self.restart,
            "d": self.choose,
            "f": self.flip,
            "ctrl+c": self.copy_fen,
            "?": self.show_help,
            "f1": self.show_help,
        }
        if drill is None:
            self.choose()
        else:
            self.start(drill)

    # --- the drill ----------------------------------------------------------------------------

    def choose(self) -> None:
        """The card that lists the endings."""
        buttons = [
            CardButton(
                f"drill {index}",
                _SHORT_NAMES.get(drill.name, drill.name),
                " ".join(filter(None, (f"{drill.name}: {drill.aim}", tables_note(drill)))),
                functools.partial(self.start, drill),
            )
            for index, drill in enumerate(DRILLS, start=1)
        ]
        buttons.append(CardButton("close", "Back", "Close (Esc)", self._close_card))
        notes = [
            f"{drill.name}: {note[0].lower()}{note[1:]}"
            for drill in DRILLS
            if (note := tables_note(drill)) is not None
        ]
        self.show_card(
            Card(
                "Endgame drills",
                [
                    *HOW_DRILLS,
                    *notes,
                    databases_words(held_pieces()),
                ],
                buttons,
                cancel=self._close_card,
            )
        )

    def show_help(self) -> None:
        """The card of the drill's keys (F1 or ?, as in the game)."""
        self.show_card(
            Card(
                "Help: endgame drills",
                [f"{keys}: {what}" for keys, what in HELP_KEYS],
                [CardButton("close", "Close", "Close (Esc)", lambda: self.show_card(None))],
                cancel=lambda: self.show_card(None),
            )
        )

    def _close_card(self) -> None:
        if self.game is None and self.preparing is None:
            self.leave()
        else:
            self.show_card(None)

    def start(self, drill: Drill) -> None:
        """Begin `drill` from its position, once its endgame tables are on this computer
        (built first, off the window's thread, if they are not)."""
        if self.build is not None and self.preparing is drill:
            self.show_card(None)  # chosen again while its tables are built: the build goes on
            return
        self._stop_build()
        self.game = None
        self.last = None
        self.flipped = drill.position.turn is BLACK
        missing = drill.tables_to_build()
        if missing:
            self.preparing = drill
            self.build = TableBuild(missing)
            self.build_words = preparing_words(missing)
            self.build_seconds = 0.0
            self.build_failed = ""
            self.status = f"{self.build_words}."
        else:
            self.preparing = None
            self.game = DrillGame(drill)
            self.status = "Your move: click or drag a piece. U takes back, Home starts again."
        self.reselect()
        if self.card is not None:
            self.show_card(None)

    def _stop_build(self) -> None:
        if self.build is not None:
            self.build.close()
            self.build = None

    def _look_at_build(self, dt: float) -> None:
        """Count the seconds; start the drill once its tables are built, or say why not."""
        build, drill = self.build, self.preparing
        if build is None or drill is None:
            return
        self.build_seconds += dt
        for event in build.poll():
            if isinstance(event, TablesBuilt):
                self._stop_build()
                flipped = self.flipped  # the player may have turned the board meanwhile
                self.start(drill)
                self.flipped = flipped
                return
            if isinstance(event, TablesFailed):
                self._stop_build()
                self.build_failed = event.message
                self.status = (
                    f"The endgame tables for this drill could not be built: {event.message}. "
                    "Home tries again, D picks another ending."
                )
                return

    def close(self) -> None:
        """Stop a build under way (no table is left half written), then leave."""
        self._stop_build()
        super().close()

    def board_position(self) -> Position:
        """The drill's position."""
        if self.game is not None:
            return self.game.position
        return (self.preparing or DRILLS[0]).position

    def can_move(self) -> bool:
        """On the player's turn, the databases not about to answer."""
        return self.game is not None and self.game.player_to_move() and self.wait <= 0

    def moved(self, move: Move) -> None:
        """Play the player's move, tell whether it kept the win, and let the databases answer."""
        game = self.game
        assert game is not None
        before = game.win_in()
        thrown = game.play(move)
        self.last = move
        after = game.win_in()
        if thrown is not None:
            self.status = f"{thrown.words()} U takes it back."
        elif after is not None and before is not None and after > before - 1:
            slower = plural(after - before + 1, "move")
            self.status = f"{move.pdn()} keeps the win, but it now takes {slower} longer."
        elif after is not None:
            self.status = f"{move.pdn()} keeps the win."
        else:
            self.status = f"{move.pdn()} played."
        self.wait = REPLY_SECONDS if self.context.hop_seconds > 0 else 0.0
        self._end_words()

    def _end_words(self) -> None:
        game = self.game
        if game is not None and game.record.outcome is not None:
            self.status = f"{game.result_words()} Home plays it again, D picks another ending."

    def update(self, dt: float) -> None:
        """The tables' build looked at; the databases answer once the player's move has been
        seen."""
        self._look_at_build(dt)
        game = self.game
        if game is not None and not game.player_to_move() and game.record.outcome is None:
            self.wait -= dt
            if self.wait <= 0:
                self.wait = 0.0
                reply = game.reply()
                if reply is not None:
                    self.last = reply
                    self.reselect()
                    self._end_words()
        super().update(dt)

    def wake_in(self) -> float | None:
        """While the databases are to answer, when they do."""
        wakes = [wake for wake in (super().wake_in(),) if wake is not None]
        if self.build is not None:
            wakes.append(PREPARING_WAKE_SECONDS)
        game = self.game
        if game is not None and not game.player_to_move() and game.record.outcome is None:
            wakes.append(max(0.0, self.wait))
        return min(wakes) if wakes else None

    def buttons_enabled(self) -> dict[str, bool]:
        """Undo (the primary button) is off until the player has a move to take back."""
        return {"back move": self.game is not None and self.game.record.ply > 0}

    def take_back(self) -> None:
        """Take back the player's last move and the answer to it."""
        if self.game is not None and self.game.take_back():
            moves = self.game.record.moves
            self.last = moves[-1] if moves else None
            self.wait = 0.0
            self.reselect()
            self.status = "Took back your last move."

    def restart(self) -> None:
        """The drill again from its position (a failed build of its tables tried again)."""
        if self.game is not None:
            self.start(self.game.drill)
        elif self.preparing is not None and self.build is None:
            self.start(self.preparing)

    def leave(self) -> None:
        """Back to the screen below."""
        self.context.request(Back())

    def view_extras(self) -> dict[str, object]:
        """The last move made."""
        return {"last_move": self.last} if self.last is not None else {}

    # --- words ---------------------------------------------------------------------------------

    def buttons(self) -> Sequence[ButtonSpec]:
        """Take back, start again, another ending, flip and back."""
        return (
            ("back move", "Undo", "Take back your last move (U)", self.take_back),
            ("restart", "Restart", "The ending from its position (Home)", self.restart),
            ("choose", "Other ending", "Pick another standard ending (D)", self.choose),
            ("flip", "Flip", "Turn the board around (F)", self.flip),
            ("close", "Back", "Back to the start screen (Esc)", self.leave),
        )

    def texts(self) -> dict[str, str]:
        """The drill's words, and how drills work under them where the well has room for it
        (at 1120x720 a tall empty band stood under the words)."""
        words = self._drill_texts()
        if self.game is None:
            return words
        how = (" ".join((*HOW_DRILLS, HOW_EXACT, HOW_KEYS)), " ".join((*HOW_DRILLS[1:], HOW_KEYS)))
        return self.with_room_words(words, "how", "How drills work", how, HOW_ROWS)

    def _drill_texts(self) -> dict[str, str]:
        """The drill's name, aim and source, the win's distance, the moves that threw it."""
        texts = {name: "" for name, _ in self.LABELS}
        game = self.game
        texts["title"] = "Endgame drills"
        drill = game.drill if game is not None else self.preparing
        if drill is None:
            return texts
        texts["title"] = drill.name
        self._about(texts, drill)
        if game is None:
            return self._preparing_texts(texts)
        texts["task"] = f"You play {game.player.name.capitalize()}, to win"
        win_in = game.win_in()
        if game.record.outcome is not None:
            texts["win"] = ""
        elif win_in is not None:
            # Whole in its row: a small window (720x480) cut "Win in 41 moves with the best
            # p..." (the walk of 2026-11-30); the help card says what the count means.
            win = f"Win in {win_in} move{'s' if win_in != 1 else ''}"
            texts["win"] = self._fitting("win", (f"{win} with the best play", win))
        else:
            texts["win"] = "The win is gone: try Undo."
        fastest = game.best_possible
        moves = f"Your moves: {game.player_moves()} (the fastest win takes {fastest})"
        self._spread(texts, "moves", moves, 2)
        if game.thrown:
            count = len(game.thrown)
            texts["thrown title"] = f"Moves that let the win go: {count}"
            for index, thrown in enumerate(game.thrown[-3:], start=1):
                texts[f"thrown {index}"] = thrown.short_words()
        # Three rows: how it ended is said too ("Won in 8 moves (Black has no pieces left): as
        # fast as the databases." took three rows at 720x480).
        self._spread(texts, "result", game.result_words() or "", 3)
        return texts

    def _about(self, texts: dict[str, str], drill: Drill) -> None:
        """The drill's aim, then where it comes from (dim), over the `about` rows: each as many
        rows as it takes, broken between words."""
        label = self.labels.get("about 1")
        aim = [line for line in label_lines(drill.aim, label, ABOUT_ROWS - 1) if line]
        source = label_lines(f"From: {drill.source}", label, ABOUT_ROWS - len(aim))
        for index, line in enumerate([*aim, *source], 1):
            texts[f"about {index}"] = line
        self.source_from = len(aim) + 1

    def sync(self) -> bool:
        """The labels in step, the `about` rows of the source dim."""
        changed = super().sync()
        for index in range(1, ABOUT_ROWS + 1):
            label = self.labels.get(f"about {index}")
            style = "@dim" if index >= self.source_from else "@small"
            if label is not None and self._about_styles.get(index, "@small") != style:
                self._about_styles[index] = style
                label.change_object_id(ObjectID(object_id=style))
                label.set_text(label.text)
                changed = True
        return changed

    def build_ui(self, root: UIContainer) -> None:
        """The panel's widgets, each `about` row in its theme style until `sync` sets it."""
        self._about_styles = {}
        super().build_ui(root)

    def _fitting(self, name: str, texts: tuple[str, ...]) -> str:
        """The first of `texts` the label `name` shows whole (the last when none fits)."""
        label = self.labels.get(name)
        font = label.font if label is not None else None
        if label is None or font is None:
            return texts[0]
        room = label.rect.width - 4
        return next((text for text in texts if font.size(text)[0] <= room), texts[-1])

    def _spread(self, texts: dict[str, str], name: str, text: str, rows: int) -> None:
        """`text` over the rows `name 1` to `name rows`, broken between words."""
        for index, part in enumerate(label_lines(text, self.labels.get(f"{name} 1"), rows), 1):
            texts[f"{name} {index}"] = part

    def _preparing_texts(self, texts: dict[str, str]) -> dict[str, str]:
        """The panel while the drill's tables are built: what, how long, how far."""
        texts["task"] = "Preparing the endgame tables"
        if self.build_failed:
            texts["win"] = "They could not be built: Home tries again"
            return texts
        _, _, how_long = self.build_words.partition(": ")
        texts["win"] = how_long[:1].upper() + how_long[1:]
        seconds = int(self.build_seconds)
        so_far = f"{plural(seconds, 'second')} so far; " if seconds else ""
        texts["moves 1"] = f"{so_far}then the drill starts"
        return texts


def databases_words(held: int) -> str:
    """What the endgame databases this computer holds give, and what the next size would add."""
    exact = "the AI plays them perfectly, and Why? and the review give their exact result"
    if held >= MAX_WINDOW_PIECES:
        return f"This computer holds every ending of up to {held} pieces: {exact}."
    return (
        f"This computer holds every ending of up to {held} pieces: {exact}. Building all "
        f"{held + 1}-piece endings (Settings, Endgames) does the same for {held + 1} pieces."
    )
