"""The one font set of the window: pygame_gui's bundled Noto Sans, for its widgets and for every
hand-drawn text (the board's numbers, the panel, the tree view), loaded once per size."""

from __future__ import annotations

import math
from importlib import resources

import pygame

from checkers.gui.theme import BLURRED_SIZES, MIN_TEXT

__all__ = ["BLURRED_SIZES", "MIN_LAYOUT_SIZE", "SIZE_FACTOR", "font", "forget", "layout_font"]

_FACES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
_loaded: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The window's font at `size` pixels, or the next clear size (`BLURRED_SIZES`); cached:
    loading a face costs milliseconds."""
    size = max(6, int(size))
    key = (BLURRED_SIZES.get(size, size), bold)
    loaded = _loaded.get(key)
    if loaded is None:
        if not pygame.font.get_init():
            pygame.font.init()
        # pygame_gui's data folder is a regular package folder, so the file is a real path.
        path = resources.files("pygame_gui.data").joinpath(_FACES[bold])
        with resources.as_file(path) as file:
            loaded = _loaded[key] = pygame.font.Font(file, key[0])
    return loaded


def forget() -> None:
    """Drop the loaded fonts: pygame's font module is about to quit (they die with it)."""
    _loaded.clear()


SIZE_FACTOR = 0.72
"""The hand-drawn layouts were sized for pygame's default font; Noto Sans at 0.72 of that size
sets text of the same width (it is taller, with more room between lines)."""


MIN_LAYOUT_SIZE = math.ceil(MIN_TEXT / SIZE_FACTOR)
"""The smallest size in those units that `layout_font` draws at `theme.MIN_TEXT` pixels."""


def layout_font(size: int) -> pygame.font.Font:
    """The window's font for a layout that asks for `size` in pygame's default font's units."""
    return font(max(6, round(size * SIZE_FACTOR)))
