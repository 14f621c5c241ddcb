"""Key names: how a key press is bound to an action and how a key is shown to people (the
buttons themselves are pygame_gui's, see checkers.gui.ui)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame
from pygame_gui.elements import UIDropDownMenu
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

__all__ = ["full_width_list", "key_label", "key_names", "run_key_binding"]


def full_width_list(menu: UIDropDownMenu) -> UIDropDownMenu:
    """`menu` with its opened list as wide as its button: pygame_gui leaves the arrow's width
    out of the list, which then looks narrower than the control it drops from."""
    expanded = menu.menu_states["expanded"]
    assert isinstance(expanded, UIExpandedDropDownState)
    start = expanded.start

    def start_full_width(should_rebuild: bool = True) -> None:
        start(should_rebuild)
        options = expanded.options_selection_list
        if options is not None:
            options.set_dimensions((menu.relative_rect.width, options.relative_rect.height))

    expanded.start = start_full_width  # type: ignore[method-assign]
    return menu


def key_names(event: pygame.event.Event) -> list[str]:
    """The names a key press can be bound by: the character typed, then the key's own name."""
    base = pygame.key.name(event.key).lower()
    if event.mod & pygame.KMOD_CTRL:
        return [f"ctrl+{base}"]
    names = []
    typed = getattr(event, "unicode", "")
    if typed and typed.isprintable() and not typed.isspace():
        names.append(typed.lower())
    elif event.key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT:
        # No character comes with the key once text input has stopped (a text field closed):
        # shift+slash is still `?`, Help's key (an xdotool `question` on a fresh window).
        names.append("?")
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
