"""What a screen may ask of the App: small values, one per transition.

A screen never changes the screen stack itself, and imports neither the App nor another screen:
it calls `context.request(intent)` (see checkers.gui.context) and the App carries the intent out
after the current event, so a screen is never closed while one of its handlers runs.

    StartGame(config)            replace every screen with a game (optionally a loaded record)
    Resume(resumed)              carry on with an autosaved game, with its own players
    ShowStart()                  back to the start screen
    OpenLoad(playing)            push the saved-games list (`playing`: the file of the game on
                                 the board, which the list then goes back to)
    OpenSetup(...)               push the position editor
    OpenArchive(archive)         push the list of the games of one PDN file
    OpenFile()                   push a file picker for any PDN file; the game picked comes back
                                 as `Back(LoadedGame(...))`, like the saved-games list's
    SaveGameAs(text, name)       push a Save As picker that writes `text` (a PDN game) to the
                                 file chosen, `name` suggested; once written it hands back
                                 `Back(SavedAs(path))`
    SavePictureAs(picture, name) push a Save As picker that writes `picture` (a board drawn by
                                 checkers.picture) as PNG or SVG, `name` suggested; once
                                 written it hands back `Back(SavedAs(path))`
    OpenSettings()               push the settings dialog
    OpenAnalysis(start, moves)   push the analysis board on the position after `moves` from
                                 `start` (a copy: the game below is never touched)
    PickArchive()                push a file picker for a PDN archive for the explorer; the
                                 file comes back as `Back(ArchivePicked(path))`
    OpenWhy(card)                push the "why this move?" card over the game
    OpenPuzzles() / OpenDrills() push the puzzles from the player's games / the endgame drills
    ChangeSettings(settings)     apply settings (theme, sound, board) and remember them
    Back(result)                 close the top screen; a non-None `result` (e.g. a LoadedGame)
                                 goes to the screen below through its `receive(result)`
    Quit()                       leave the loop
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from checkers import saves
from checkers.board import Move, Position, Side
from checkers.coach.judgement import Judgements
from checkers.formats.pdn import PdnArchive
from checkers.gui.config import GameConfig
from checkers.gui.explaining import WhyCard
from checkers.gui.settings import Settings
from checkers.picture import Picture
from checkers.record import GameRecord

__all__ = [
    "Analysed",
    "Back",
    "ChangeSettings",
    "ChooseDelay",
    "Intent",
    "LoadedGame",
    "OpenAnalysis",
    "OpenArchive",
    "OpenDrills",
    "OpenFile",
    "OpenLoad",
    "OpenPuzzles",
    "OpenSettings",
    "OpenSetup",
    "OpenWhy",
    "PickArchive",
    "PickPuzzleFile",
    "Quit",
    "Resume",
    "SameGame",
    "SaveGameAs",
    "SavePictureAs",
    "SavedAs",
    "ShowStart",
    "StartGame",
]


@dataclass(frozen=True)
class StartGame:
    """Start a game with these players; a `record` opens in review at its end."""

    config: GameConfig
    record: GameRecord | None = None
    tags: dict[str, str] | None = field(default=None, compare=False)
    flip: bool | None = None
    """Turn the board from its usual side (None: as the settings say)."""
    flipped: bool | None = None
    """Exactly this orientation (Black at the bottom when True), over `flip`: a set-up position
    keeps the board the way it was edited."""
    status: str = ""
    """Put before the game's first status line (`game.pdn: ...`, `New game from ...`)."""
    review: bool = False
    """Review the record's moves once the game is shown (Saved games' Review)."""
    path: Path | None = field(default=None, compare=False)
    """The file the record was read from (the saved-games list marks it as the game on the
    board), or None."""


@dataclass(frozen=True)
class Resume:
    """Carry on with an autosaved game where it was left."""

    resumed: saves.ResumedGame
    review: bool = False
    """Review the game's moves once it is open (the load screen's Review)."""


@dataclass(frozen=True)
class ShowStart:
    """Close everything and show the start screen (with `status` on its status line, if any)."""

    status: str = ""


@dataclass(frozen=True)
class OpenArchive:
    """Show the games of one PDN file over the saved-games list; the one picked goes back down."""

    archive: PdnArchive = field(compare=False)


@dataclass(frozen=True)
class OpenFile:
    """Pick any PDN file on disk; its game (or one of its games) comes back to the screen below."""


@dataclass(frozen=True)
class SaveGameAs:
    """Pick where to write `text`, a whole game as PDN; `name` is the file name suggested."""

    text: str
    name: str


@dataclass(frozen=True)
class SavePictureAs:
    """Pick where to write `picture` as PNG or SVG; `name` is the file name suggested."""

    picture: Picture
    name: str


@dataclass(frozen=True)
class OpenLoad:
    """Show the saved games over the current screen; the one picked is `receive`d by it."""

    playing: Path | None = None
    """The file that keeps the game on the board below (None: no game is played there): picked
    in the list, it is not opened a second time, the list goes back to it (`SameGame`)."""


@dataclass(frozen=True)
class OpenSetup:
    """Edit a position (from `position`) to start a new game with `config`'s players."""

    position: Position
    config: GameConfig
    flipped: bool = False


@dataclass(frozen=True)
class OpenSettings:
    """Show the settings dialog over the current screen."""


@dataclass(frozen=True)
class OpenAnalysis:
    """Analyse the position after `moves` from `start` on a board of its own (the game's
    moves so far, so repetitions and the 40-move count carry over); `flipped` as the game's
    board faces."""

    start: Position
    moves: tuple[Move, ...]
    flipped: bool = False
    human: Side | None = None
    """The player in a game against the AI: scores are told from their side, as in the game."""
    explorer: bool = False
    """Open it with the explorer pane shown (the games played in the position)."""
    known: Judgements = field(default_factory=Judgements)
    """The game's deepest evaluation of each position: the board's bar shows it until its own
    search looks deeper, so one position has one score in the game and on the board."""
    playing: Path | None = None
    """The file the game being played is kept in: the explorer leaves its games out."""


@dataclass(frozen=True)
class PickArchive:
    """Choose a PDN archive whose games the analysis board's explorer adds."""


@dataclass(frozen=True)
class PickPuzzleFile:
    """Choose a published problem collection (PDN) to import into the puzzle set."""


@dataclass(frozen=True)
class OpenPuzzles:
    """Show the puzzles from the player's reviewed games over the current screen."""


@dataclass(frozen=True)
class OpenDrills:
    """Show the endgame drills over the current screen."""


@dataclass(frozen=True)
class OpenWhy:
    """Show why the AI played a move (the card's words, decided from its search)."""

    card: WhyCard


@dataclass(frozen=True)
class LoadedGame:
    """A saved game picked in the load screen: the result it hands back to the screen below."""

    record: GameRecord
    tags: dict[str, str] = field(compare=False)
    name: str
    review: bool = False
    """Review the game's moves once it is shown (the load screen's Review)."""
    path: Path | None = field(default=None, compare=False)
    """The file it was read from (None for one game of a file of many)."""


@dataclass(frozen=True)
class SameGame:
    """The game picked in the saved-games list is the one on the board: back to it as it is
    (the load screen's Resume), or to its review (Review)."""

    review: bool = False


@dataclass(frozen=True)
class Analysed:
    """The analysis board's deepest score of the game's position, handed back to the game:
    `score` in men from the side to move, `depth` turns ahead."""

    position: Position
    score: float
    depth: int
    database: bool = False
    line: tuple[str, ...] = ()
    """The best line (PDN), its move first: the kept judgement names its best move with it."""


@dataclass(frozen=True)
class SavedAs:
    """A file written by a Save As picker: the result it hands back to the screen below."""

    path: Path
    what: str = "a copy"
    """What was saved, as the status line names it (`a copy` of the game, `the picture`)."""


@dataclass(frozen=True)
class Back:
    """Close the top screen (never the last); `result` goes to the one below."""

    result: object | None = None


@dataclass(frozen=True)
class Quit:
    """Leave the loop after this frame."""


@dataclass(frozen=True)
class ChangeSettings:
    """Use these settings from now on (theme, sound, volume, board) and remember them."""

    settings: Settings


@dataclass(frozen=True)
class ChooseDelay:
    """The pause between AI vs AI moves chosen in a game (+ and -): the start form's choice
    from now on, remembered as the form's own is."""

    seconds: float


Intent = (
    StartGame
    | Resume
    | ShowStart
    | OpenLoad
    | OpenArchive
    | OpenFile
    | SaveGameAs
    | SavePictureAs
    | OpenSetup
    | OpenSettings
    | OpenAnalysis
    | PickArchive
    | PickPuzzleFile
    | OpenWhy
    | OpenPuzzles
    | OpenDrills
    | ChangeSettings
    | ChooseDelay
    | Back
    | Quit
)
