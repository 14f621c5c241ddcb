"""Screens over the game for files: the list of saved games (Ctrl+O) and the offer to resume
the game an earlier session left unfinished.

Both are dialogs (`opaque = False`: the App draws the screen below first). The list hands the
picked game back with `Back(LoadedGame(...))`; the screen below decides what opening means."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from checkers import saves
from checkers.gui import theme
from checkers.gui.context import ScreenBase, ScreenContext
from checkers.gui.intents import Back, LoadedGame, Resume
from checkers.gui.widgets import Button, button_at, draw_buttons, run_key_binding
from checkers.pdn import PdnError, record_from_game

__all__ = ["LoadScreen", "ResumeScreen"]


class _Dialog(ScreenBase):
    """A card over the screen below: a title, buttons, a status line; Esc closes it."""

    title = ""
    opaque = False

    def __init__(self, context: ScreenContext) -> None:
        super().__init__(context)
        self.status = ""
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
        if self.saved:
            self.chosen = max(0, min(len(self.saved) - 1, self.chosen + step))
            if self.chosen < self.first:
                self.first = self.chosen
            elif self.chosen >= self.first + self.visible:
                self.first = self.chosen - self.visible + 1

    def scroll(self, rows: int) -> None:
        """Scroll the list without changing the choice."""
        self.first = max(0, min(max(0, len(self.saved) - self.visible), self.first + rows))

    def open_chosen(self) -> None:
        """Open the chosen game and close the list."""
        if self.saved:
            self.open(self.chosen)

    def open(self, index: int) -> None:
        """Load saved game `index`; a damaged file is named on the status line instead."""
        entry = self.saved[index]
        self.chosen = index
        if entry.game is None:
            self.status = f"Cannot open {entry.path.name}: {entry.problem}"
            return
        try:
            record = record_from_game(entry.game)
        except (PdnError, ValueError) as error:
            self.status = f"Cannot open {entry.path.name}: {error}"
            return
        self.context.request(Back(LoadedGame(record, entry.tags, entry.path.name)))

    def draw(self, surface: pygame.Surface) -> None:
        """The game below, shaded, and the list on a card."""
        card, font = self.card(surface, max(2, min(len(self.saved), 10)) + 1)
        row = int(font * 2.2)
        top = card.top + int(font * 3.2)
        self.visible = max(1, (card.bottom - top - int(font * 3.5)) // row)
        self.buttons = []
        for index in range(self.first, min(len(self.saved), self.first + self.visible)):
            entry = self.saved[index]
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
        if len(self.saved) > self.visible:
            shown = (
                f"{self.first + 1}-{min(len(self.saved), self.first + self.visible)} of "
                f"{len(self.saved)}  (wheel, Up/Down)"
            )
            self.context.renderer.text.draw(
                surface,
                shown,
                int(font * 0.8),
                theme.TEXT_DIM,
                (card.right - font, card.top + font * 2),
                "topright",
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
        plies = record.ply
        return [
            f"{tags.get('Black', '?')} (Black) vs {tags.get('White', '?')} (White)",
            (
                f"{plies} {'ply' if plies == 1 else 'plies'} played, "
                f"{record.position.turn.name.capitalize()} to move"
            ),
            "It was saved automatically after its last move.",
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


def find_autosave(report: Callable[[str], None] | None = None) -> saves.ResumedGame | None:
    """The autosaved game worth offering (unfinished, at least one move), or None."""
    resumed = saves.load_autosave(report) if report is not None else saves.load_autosave()
    if resumed is None or resumed.record.ply == 0 or resumed.record.outcome is not None:
        return None
    return resumed
