"""Buttons and key names: the small pieces of UI the screens are built from."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from checkers.gui import theme
from checkers.gui.board_view.render import Text

__all__ = ["Button", "button_at", "draw_buttons", "key_label", "key_names"]


@dataclass
class Button:
    """A clickable label; `active` draws it pressed (a toggle that is on, a chosen option)."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None]
    active: bool = False
    enabled: bool = True
    detail: str = ""
    """A dimmer second line (a level's description)."""

    def draw(self, surface: pygame.Surface, text: Text, size: int, hover: bool) -> None:
        """Draw the button, lighter under the mouse."""
        colour = (
            theme.BUTTON_DISABLED
            if not self.enabled
            else theme.BUTTON_ACTIVE
            if self.active
            else theme.BUTTON_HOVER
            if hover
            else theme.BUTTON
        )
        radius = max(3, self.rect.height // 5)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        if self.active:
            pygame.draw.rect(surface, theme.SELECTED, self.rect, 2, border_radius=radius)
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        width = self.rect.width - size
        if self.detail:
            text.draw(
                surface,
                text.fit(self.label, size, width),
                size,
                ink,
                (self.rect.left + size // 2, self.rect.top + self.rect.height * 0.12),
            )
            small = int(size * 0.8)
            text.draw(
                surface,
                text.fit(self.detail, small, width),
                small,
                theme.TEXT_DIM,
                (self.rect.left + size // 2, self.rect.bottom - self.rect.height * 0.12),
                "bottomleft",
            )
        else:
            text.draw(
                surface, text.fit(self.label, size, width), size, ink, self.rect.center, "center"
            )


def draw_buttons(surface: pygame.Surface, text: Text, buttons: list[Button], size: int) -> None:
    """Draw buttons, highlighting the one under the mouse."""
    mouse = pygame.mouse.get_pos()
    for button in buttons:
        button.draw(surface, text, size, button.enabled and button.rect.collidepoint(mouse))


def button_at(buttons: list[Button], point: tuple[int, int]) -> Button | None:
    """The enabled button under a point."""
    for button in buttons:
        if button.enabled and button.rect.collidepoint(point):
            return button
    return None


def key_names(event: pygame.event.Event) -> list[str]:
    """The names a key press can be bound by: the character typed, then the key's own name."""
    base = pygame.key.name(event.key).lower()
    if event.mod & pygame.KMOD_CTRL:
        return [f"ctrl+{base}"]
    names = []
    typed = getattr(event, "unicode", "")
    if typed and typed.isprintable() and not typed.isspace():
        names.append(typed.lower())
    names.append(base)
    return names


def run_key_binding(keymap: Mapping[str, Callable[[], None]], event: pygame.event.Event) -> bool:
    """Run the action bound to the pressed key (the typed character first); False if none is."""
    for name in key_names(event):
        action = keymap.get(name)
        if action is not None:
            action()
            return True
    return False


_LABELS = {
    "space": "Space",
    "escape": "Esc",
    "backspace": "Backspace",
    "f1": "F1",
    "left": "Left",
    "right": "Right",
    "home": "Home",
    "end": "End",
}


def key_label(name: str) -> str:
    """How a key name is shown to people: `Ctrl+Z`, `F1`, `N`."""
    if name.startswith("ctrl+"):
        return "Ctrl+" + key_label(name[5:])
    return _LABELS.get(name, name.upper())
