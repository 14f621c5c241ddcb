"""Screens over the game for files: the list of saved games (Ctrl+O), the games of one PDN file,
and the offer to resume the game an earlier session left unfinished.

All are dialogs (`opaque = False`: the App draws the screen below first). A list hands the
picked game back with `Back(LoadedGame(...))`; the screen below decides what opening means."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from checkers import saves
from checkers.board import BLACK
from checkers.gui import theme
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.game_list import GameList
from checkers.gui.intents import Back, LoadedGame, OpenArchive, Resume
from checkers.gui.widgets import Button, button_at, draw_buttons, run_key_binding
from checkers.gui.wording import moves_count, plural
from checkers.pdn import PdnError, open_archive, record_from_game

if TYPE_CHECKING:
    from checkers.pdn import PdnArchive

__all__ = ["ArchiveScreen", "LoadScreen", "ResumeScreen"]


class _Listed(Protocol):
    def summary(self) -> str:
        """One line for the list."""
        ...


class _Dialog(ScreenBase):
    """A card over the screen below: a title, buttons, a status line; Esc closes it."""

    title = ""
    opaque = False

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.status = ""
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.keymap: dict[str, Callable[[], None]] = {"escape": self.back}

    def back(self) -> None:
        """Close the dialog."""
        self.context.request(Back())

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons by mouse (the wheel scrolls), commands by key."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None:
                button.action()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            run_key_binding(self.keymap, event)

    def scroll(self, rows: int) -> None:
        """Move a long list by `rows` (nothing to scroll by default)."""

    def report(self, error: BaseException) -> None:
        """Show an error on the dialog's status line."""
        self.status = f"Error: {type(error).__name__}: {error}"

    def card(self, surface: pygame.Surface, rows: int) -> tuple[pygame.Rect, int]:
        """Shade the screen below (the App drew it), draw an empty card for `rows` lines;
        returns (card, font)."""
        renderer = self.context.renderer
        width, height = surface.get_size()
        font = max(12, min(22, height // 36))
        renderer.shade(surface, surface.get_rect())
        card = pygame.Rect(
            0,
            0,
            min(width - 2 * font, font * 46),
            min(height - 2 * font, (rows + 5) * int(font * 2.2)),
        )
        card.center = surface.get_rect().center
        self.card_rect = card
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=font)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, card, 2, border_radius=font)
        renderer.text.draw(
            surface,
            self.title,
            int(font * 1.5),
            theme.TEXT_ACCENT,
            (card.centerx, card.top + font),
            "midtop",
        )
        if self.status:
            colour = (
                theme.ERROR_TEXT if self.status.startswith(("Error", "Cannot")) else theme.TEXT_DIM
            )
            renderer.text.draw(
                surface,
                renderer.text.fit(self.status, font, card.width - 2 * font),
                font,
                colour,
                (card.centerx, card.bottom - font // 2),
                "midbottom",
            )
        return card, font


class LoadScreen(_Dialog):
    """The saved games, newest first: click one (or Up/Down and Enter) to load it."""

    title = "Open a saved game"

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.saved = saves.list_saved_games()
        self.items: Sequence[_Listed] = self.saved
        self.chosen = 0
        self.first = 0
        self.visible = 8
        folder = saves.games_dir()
        self.status = (
            f"{len(self.saved)} saved in {folder}"
            if self.saved
            else f"No saved games yet in {folder}: Ctrl+S saves one."
        )
        self.keymap.update(
            {
                "up": lambda: self.move(-1),
                "down": lambda: self.move(+1),
                "return": self.open_chosen,
                "enter": self.open_chosen,
            }
        )

    def move(self, step: int) -> None:
        """Choose the game above or below."""
        if self.items:
            self.chosen = max(0, min(len(self.items) - 1, self.chosen + step))
            if self.chosen < self.first:
                self.first = self.chosen
            elif self.chosen >= self.first + self.visible:
                self.first = self.chosen - self.visible + 1

    def scroll(self, rows: int) -> None:
        """Scroll the list without changing the choice."""
        self.first = max(0, min(max(0, len(self.items) - self.visible), self.first + rows))

    def open_chosen(self) -> None:
        """Open the chosen game and close the list."""
        if self.items:
            self.open(self.chosen)

    def open(self, index: int) -> None:
        """Load saved game `index`; a damaged file is named on the status line instead."""
        entry = self.saved[index]
        self.chosen = index
        if entry.game is None:
            self.status = f"Cannot open {entry.path.name}: {entry.problem}"
            return
        if entry.is_unfinished:
            # A game kept while it was played: carry on with it, its players and its file.
            if saves.is_open_elsewhere(entry.path):
                self.status = f"Cannot open {entry.path.name}: it is being played in a window"
                return
            try:
                resumed = saves.load_game(entry.path)
            except (PdnError, ValueError, OSError) as error:
                self.status = f"Cannot open {entry.path.name}: {error}"
                return
            self.context.request(Resume(resumed))
            return
        try:
            archive = open_archive(entry.path)
        except OSError as error:
            self.status = f"Cannot open {entry.path.name}: {error.strerror or error}"
            return
        if len(archive) > 1:  # a file of many games: pick one of them
            self.context.request(OpenArchive(archive))
            return
        try:
            record = record_from_game(entry.game)
        except (PdnError, ValueError) as error:
            self.status = f"Cannot open {entry.path.name}: {error}"
            return
        tags = {**entry.tags, "Result": entry.game.result}
        self.context.request(Back(LoadedGame(record, tags, entry.path.name)))

    def receive(self, result: object) -> None:
        """A game picked from a file's list of games: hand it on to the screen below."""
        if isinstance(result, LoadedGame):
            self.context.request(Back(result))

    def draw(self, surface: pygame.Surface) -> None:
        """The game below, shaded, and the list on a card."""
        card, font = self.card(surface, max(2, min(len(self.items), 10)) + 1)
        row = int(font * 2.2)
        top = card.top + int(font * 3.2)
        self.visible = max(1, (card.bottom - top - int(font * 3.5)) // row)
        self.buttons = []
        for index in range(self.first, min(len(self.items), self.first + self.visible)):
            entry = self.items[index]
            rect = pygame.Rect(
                card.left + font,
                top + (index - self.first) * row,
                card.width - 2 * font,
                row - font // 3,
            )
            self.buttons.append(
                Button(
                    entry.summary(), rect, partial(self.open, index), active=index == self.chosen
                )
            )
        close = pygame.Rect(0, 0, font * 8, row - font // 3)
        close.midbottom = (card.centerx, card.bottom - int(font * 1.8))
        self.buttons.append(Button("Cancel (Esc)", close, self.back))
        draw_buttons(surface, self.context.renderer.text, self.buttons, int(font * 0.9))
        if len(self.items) > self.visible:
            shown = (
                f"{self.first + 1}-{min(len(self.items), self.first + self.visible)} of "
                f"{len(self.items)}  (wheel, Up/Down)"
            )
            self.context.renderer.text.draw(
                surface,
                shown,
                int(font * 0.8),
                theme.TEXT_DIM,
                (card.right - font, card.top + font * 2),
                "topright",
            )


class ArchiveScreen(LoadScreen):
    """The games of one PDN file: type to filter by player, event or result; pick one to open.

    Games that cannot be read are found a few per frame, dropped from the list and counted.
    """

    GAMES_CHECKED_PER_FRAME = 40  # about 20 ms of reading: the window stays responsive

    def __init__(self, context: ScreenContext, archive: PdnArchive) -> None:
        _Dialog.__init__(self, context)
        self.games = GameList(archive)
        self.title = f"Games in {archive.source}"
        self.items = self.games.shown
        self.chosen = self.first = 0
        self.visible = 8
        self.status = self.games.status()
        self.keymap.update(
            {
                "up": lambda: self.move(-1),
                "down": lambda: self.move(+1),
                "return": self.open_chosen,
                "enter": self.open_chosen,
                "backspace": lambda: self.type_filter(self.games.query[:-1]),
            }
        )

    def handle(self, event: pygame.event.Event) -> None:
        """Typed characters edit the filter; everything else as in the list of saved games."""
        text = getattr(event, "unicode", "")
        if (
            event.type == pygame.KEYDOWN
            and text.isprintable()
            and text
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        ):
            self.type_filter(self.games.query + text)
        else:
            super().handle(event)

    def type_filter(self, query: str) -> None:
        """Show only the games the filter matches."""
        self.games.set_query(query)
        self.relist()

    def relist(self) -> None:
        self.items = self.games.shown
        self.chosen = min(self.chosen, max(0, len(self.items) - 1))
        self.first = min(self.first, self.chosen)
        self.status = self.games.status()

    def wake_in(self) -> float | None:
        """Frames while games are still being checked, then only on events."""
        return None if self.games.is_checked() else 0.0

    def update(self, dt: float) -> None:
        """Read a few more games to find the ones that cannot be read."""
        if not self.games.is_checked():
            self.games.check(self.GAMES_CHECKED_PER_FRAME)
            self.relist()

    def open(self, index: int) -> None:
        """Open shown game `index`; one that cannot be read is named on the status line."""
        entry = self.games.shown[index]
        try:
            game = self.games.open(entry)
            record = record_from_game(game)
        except PdnError as error:
            self.relist()
            self.status = f"Cannot open game {entry.number}: line {error.line}: {error.problem}"
            return
        name = f"{self.games.archive.source}, game {entry.number}"
        # Back to the list of saved files, which hands it on to the screen below.
        self.context.request(Back(LoadedGame(record, dict(game.tags), name)))

    def draw(self, surface: pygame.Surface) -> None:
        """The list, with the filter above it."""
        super().draw(surface)
        card = self.card_rect
        font = max(12, min(22, surface.get_height() // 36))
        self.context.renderer.text.draw(
            surface,
            f"Filter: {self.games.query}_   (type a player, event or result)",
            int(font * 0.8),
            theme.TEXT_DIM,
            (card.left + font, card.top + font * 2),
            "topleft",
        )


class ResumeScreen(_Dialog):
    """The offer to resume the game an earlier session left unfinished."""

    title = "Resume your unfinished game?"

    def __init__(self, context: ScreenContext, resumed: saves.ResumedGame) -> None:
        super().__init__(context)
        self.resumed = resumed
        self.keymap.update(
            {"return": self.resume, "enter": self.resume, "r": self.resume, "n": self.back}
        )

    def resume(self) -> None:
        """Open the autosaved game where it was left."""
        self.context.request(Resume(self.resumed))

    def lines(self) -> list[str]:
        """What the card says about the game."""
        record, tags = self.resumed.record, self.resumed.tags
        moves = plural(moves_count(record.ply, record.start.turn is BLACK), "move")
        return [
            f"{tags.get('Black', '?')} (Black) vs {tags.get('White', '?')} (White)",
            f"{moves} played, {record.position.turn.name.capitalize()} to move",
            "Not now keeps it in your saved games: Load resumes it later.",
        ]

    def draw(self, surface: pygame.Surface) -> None:
        """The screen below, shaded, and the offer on a card."""
        card, font = self.card(surface, 1)
        text = self.context.renderer.text
        y = card.top + int(font * 3.4)
        for line in self.lines():
            text.draw(
                surface,
                text.fit(line, font, card.width - 2 * font),
                font,
                theme.TEXT,
                (card.centerx, y),
                "midtop",
            )
            y += int(font * 1.5)
        row = int(font * 2.2)
        resume = pygame.Rect(0, 0, font * 12, row)
        resume.topright = (card.centerx - font // 2, y + font)
        fresh = pygame.Rect(0, 0, font * 12, row)
        fresh.topleft = (card.centerx + font // 2, y + font)
        self.buttons = [
            Button("Resume (Enter)", resume, self.resume, active=True),
            Button("Not now (Esc)", fresh, self.back),
        ]
        draw_buttons(surface, text, self.buttons, font)


def find_autosave() -> saves.ResumedGame | None:
    """The newest kept game worth offering (unfinished, at least one move, played in no other
    window), or None; an autosave of an earlier version joins the kept games first."""
    try:
        saves.adopt_old_autosave()
    except OSError:
        pass  # it stays where it is, and is offered next time
    for entry in saves.unfinished_games():
        try:
            resumed = saves.load_game(entry.path)
        except (ValueError, OSError):
            continue  # the load screen names the problem
        if resumed.record.ply and resumed.record.outcome is None:
            return resumed
    return None
