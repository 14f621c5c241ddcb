"""Images and sounds from the package's `checkers.assets`, loaded on first use.

The files come from the top-level `assets/` folder, which the build installs as the package
`checkers.assets` (see pyproject.toml); they are read through importlib.resources, so they are
found in a wheel, an sdist build or an editable install alike, whatever the working directory.
Nothing is read at import time. A missing audio device means silence, never an error.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable

import pygame

__all__ = ["ASSET_NAMES", "SOUND_NAMES", "Assets", "Sounds", "package_assets"]

SOUND_NAMES = ("move", "capture", "crown", "game_over")
ASSET_NAMES = ("crown.png", "icon.png", *(f"{name}.wav" for name in SOUND_NAMES))
"""Every file the game loads."""


def package_assets() -> Traversable:
    """The installed package's assets folder (`checkers.assets`)."""
    return resources.files("checkers.assets")


class Assets:
    """Cached images from one assets directory; scaled copies cached by size."""

    def __init__(self, root: Traversable | None = None) -> None:
        self.root = root if root is not None else package_assets()
        self._images: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}

    def path(self, name: str) -> Traversable:
        """The file of an asset; raises FileNotFoundError naming the file if it is missing."""
        path = self.root / name
        if not path.is_file():
            raise FileNotFoundError(f"missing asset {path} (run tools/make_assets.py)")
        return path

    def image(self, name: str) -> pygame.Surface:
        """An image, loaded once; raises FileNotFoundError naming the file if it is missing."""
        image = self._images.get(name)
        if image is None:
            with self.path(name).open("rb") as file:
                image = pygame.image.load(file, name)
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()  # blits several times faster in the display format
            self._images[name] = image
        return image

    def scaled(self, name: str, width: int, height: int) -> pygame.Surface:
        """An image smoothly scaled to (width, height), cached per size."""
        key = (name, width, height)
        image = self._scaled.get(key)
        if image is None:
            if len(self._scaled) > 64:  # sizes pile up while a window is being resized
                self._scaled.clear()
            image = pygame.transform.smoothscale(self.image(name), (max(1, width), max(1, height)))
            self._scaled[key] = image
        return image


@contextlib.contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """Hide what C libraries write to stderr: ALSA prints eight lines when there is no card."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """The game's sound effects; silent when muted, while loading, or with no audio device."""

    def __init__(self, assets: Assets, muted: bool = False) -> None:
        self.assets = assets
        self.muted = muted
        self.volume = 1.0
        """Loudness from 0 to 1 (the settings' volume)."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ready = threading.Event()
        self._started = False
        self.problem: str | None = None
        """Why there is no sound (no device, missing file), or None."""

    def warm_up(self) -> None:
        """Open the audio device and load the sounds in the background (once)."""
        if self._started:
            return
        self._started = True
        # Opening an audio device can take a tenth of a second or more: not on the UI thread.
        threading.Thread(target=self._load, name="sound-loader", daemon=True).start()

    def _load(self) -> None:
        try:
            pygame.mixer.pre_init(22050, -16, 1, 512)
            with _native_stderr_silenced():
                pygame.mixer.init()
            for name in SOUND_NAMES:
                with self.assets.path(f"{name}.wav").open("rb") as file:
                    self._sounds[name] = pygame.mixer.Sound(file)
        except (pygame.error, FileNotFoundError, OSError) as error:
            self.problem = f"no sound: {error}"
            print(f"checkers: {self.problem}", file=sys.stderr)
        finally:
            self._ready.set()

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Wait until loading finished (for tests); returns whether sounds can play."""
        self.warm_up()
        self._ready.wait(timeout)
        return self.problem is None and self._ready.is_set()

    def play(self, name: str) -> bool:
        """Play a sound by name; returns whether it was started."""
        if self.muted or not self._ready.is_set() or name not in self._sounds:
            return False
        try:
            sound = self._sounds[name]
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            return False
        return True

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns whether now muted."""
        self.muted = not self.muted
        if self.muted and pygame.mixer.get_init():
            pygame.mixer.stop()
        elif not self.muted:
            self.warm_up()  # a game started muted opens the device only when sound is wanted
        return self.muted
