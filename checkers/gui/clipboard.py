"""Text to the system clipboard, through pygame-ce's clipboard or pygame.scrap, whichever works."""

from __future__ import annotations

import pygame

__all__ = ["copy_text", "paste_text"]


def copy_text(text: str) -> str | None:
    """Put `text` on the clipboard; None when done, else why it could not be (never raises)."""
    put = getattr(pygame.scrap, "put_text", None)  # pygame-ce 2.2+; plain pygame lacks it
    try:
        if put is not None:
            put(text)
            return None
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return None
    except (pygame.error, AttributeError, NotImplementedError) as error:
        return str(error) or "not available here"


def paste_text() -> str | None:
    """The clipboard's text, or None if there is none or no clipboard."""
    get = getattr(pygame.scrap, "get_text", None)
    try:
        if get is not None:
            return str(get()) or None
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        data = pygame.scrap.get(pygame.SCRAP_TEXT)
        return data.decode("utf-8", errors="replace").rstrip("\x00") if data else None
    except (pygame.error, AttributeError, NotImplementedError):
        return None
