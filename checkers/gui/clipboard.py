"""Text to the system clipboard, through pygame-ce's clipboard or pygame.scrap, whichever works;
a PNG picture where the platform allows it."""

from __future__ import annotations

import os
import shutil
import subprocess

import pygame

__all__ = ["IMAGE_COPIERS", "copy_image", "copy_text", "paste_text"]

IMAGE_COPIERS = (
    ("wl-copy", ("wl-copy", "--type", "image/png"), "WAYLAND_DISPLAY"),
    ("xclip", ("xclip", "-selection", "clipboard", "-target", "image/png", "-in"), "DISPLAY"),
)
"""The programs that put a PNG on a Linux desktop's clipboard, and the display each needs:
SDL's clipboard (pygame's) holds text only."""


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


def copy_image(png: bytes) -> str | None:
    """Put a PNG picture on the clipboard; None when done, else why it could not be (in words
    for the status line; never raises)."""
    for name, command, display in IMAGE_COPIERS:
        if not os.environ.get(display) or shutil.which(command[0]) is None:
            continue
        try:
            # The program stays in the background to hand the picture to whoever pastes it: no
            # pipes but its input, which would stay open as long as it does.
            done = subprocess.run(
                command,
                input=png,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as error:
            return f"{name} failed: {error}"
        return None if done.returncode == 0 else f"{name} failed (status {done.returncode})"
    return "the clipboard here takes text only (a PNG needs xclip or wl-copy)"
