"""Make the game's own assets: the king's crown, the window icon and the four sounds.

    .venv/bin/python tools/make_assets.py        # writes the top-level assets/ folder

The build installs assets/ as the package `checkers.assets` (see pyproject.toml), so whatever
this writes there is carried into the wheel.

Deterministic: the same script writes the same files. Images are drawn with pygame at four times
their size and scaled down smoothly (pygame's polygons have no antialiasing); sounds are
synthesised with math and written with the standard library's wave module.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
RATE = 22050
SUPERSAMPLE = 4

GOLD = (236, 186, 48)
GOLD_LIGHT = (255, 226, 120)
GOLD_DARK = (140, 92, 12)
RUBY = (200, 30, 60)
SAPPHIRE = (40, 90, 210)


# --- images -----------------------------------------------------------------------------------


def _crown_points(size: float) -> list[tuple[float, float]]:
    """The crown's outline on a size x size canvas: five points above a band."""
    left, right = 0.12 * size, 0.88 * size
    base, band_top = 0.80 * size, 0.62 * size
    tips = [(0.12, 0.26), (0.31, 0.40), (0.50, 0.16), (0.69, 0.40), (0.88, 0.26)]
    valleys = [(0.215, 0.52), (0.405, 0.50), (0.595, 0.50), (0.785, 0.52)]
    outline = [(left, base), (left, band_top)]
    for index, (x, y) in enumerate(tips):
        outline.append((x * size, y * size))
        if index < len(valleys):
            vx, vy = valleys[index]
            outline.append((vx * size, vy * size))
    outline += [(right, band_top), (right, base)]
    return outline


def draw_crown(size: int) -> pygame.Surface:
    """A gold crown with jewels on a transparent size x size surface."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    outline = _crown_points(big)
    pygame.draw.polygon(canvas, GOLD, outline)
    # A lighter strip inside the points reads as metal catching the light.
    sheen = [(x, y + 0.05 * big) for x, y in outline[2:-2]]
    pygame.draw.lines(canvas, GOLD_LIGHT, False, sheen, max(2, big // 30))
    band = pygame.Rect(int(0.12 * big), int(0.62 * big), int(0.76 * big), int(0.18 * big))
    pygame.draw.rect(canvas, GOLD, band)
    pygame.draw.line(
        canvas,
        GOLD_LIGHT,
        (band.left, band.top + big // 40),
        (band.right, band.top + big // 40),
        max(1, big // 60),
    )
    pygame.draw.polygon(canvas, GOLD_DARK, outline, max(2, big // 28))
    for x in (0.12, 0.50, 0.88):
        y = 0.26 if x != 0.50 else 0.16
        pygame.draw.circle(canvas, GOLD_LIGHT, (x * big, y * big), 0.055 * big)
        pygame.draw.circle(canvas, GOLD_DARK, (x * big, y * big), 0.055 * big, max(2, big // 40))
    for x, colour in ((0.30, SAPPHIRE), (0.50, RUBY), (0.70, SAPPHIRE)):
        centre = (x * big, 0.71 * big)
        pygame.draw.circle(canvas, colour, centre, 0.05 * big)
        pygame.draw.circle(
            canvas, (255, 255, 255), (centre[0] - 0.015 * big, centre[1] - 0.015 * big), 0.014 * big
        )
    return pygame.transform.smoothscale(canvas, (size, size))


def draw_icon(size: int) -> pygame.Surface:
    """The window icon: a red king on a dark square."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(canvas, (118, 150, 86), canvas.get_rect(), border_radius=big // 8)
    centre, radius = (big / 2, big / 2), big * 0.40
    pygame.draw.circle(canvas, (90, 10, 20), (centre[0], centre[1] + big * 0.03), radius)
    pygame.draw.circle(canvas, (196, 36, 44), centre, radius)
    pygame.draw.circle(canvas, (150, 20, 30), centre, radius * 0.78, max(2, big // 40))
    small = pygame.transform.smoothscale(canvas, (size, size))
    crown = draw_crown(int(size * 0.6))
    small.blit(crown, crown.get_rect(center=(size / 2, size / 2)))
    return small


# --- sounds -----------------------------------------------------------------------------------

Wave = Callable[[float], float]


def _render(seconds: float, voice: Wave) -> list[float]:
    return [voice(i / RATE) for i in range(int(seconds * RATE))]


def _mix(*tracks: Sequence[float]) -> list[float]:
    length = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(length)]


def _delayed(track: Sequence[float], seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE) + list(track)


def _click(pitch: float, decay: float, noise: float, seed: int) -> Wave:
    """A wooden knock: a low damped sine plus a short burst of noise."""
    rng = random.Random(seed)
    samples = [rng.uniform(-1, 1) for _ in range(RATE)]

    def voice(t: float) -> float:
        body = math.sin(2 * math.pi * pitch * t) * math.exp(-t / decay)
        grain = samples[int(t * RATE) % RATE] * math.exp(-t / (decay / 5)) * noise
        return body + grain

    return voice


def _bell(pitch: float, decay: float) -> Wave:
    """A soft bell: a fundamental and two inharmonic partials, each fading."""

    def voice(t: float) -> float:
        attack = min(1.0, t / 0.004)
        partials = ((1.0, 1.0, 1.0), (2.76, 0.4, 2.0), (5.4, 0.2, 4.0))  # ratio, level, fade
        return attack * sum(
            level * math.sin(2 * math.pi * pitch * ratio * t) * math.exp(-t / (decay / fade))
            for ratio, level, fade in partials
        )

    return voice


def move_sound() -> list[float]:
    """A piece set down on the board."""
    return _render(0.12, _click(190, 0.025, 0.5, 1))


def capture_sound() -> list[float]:
    """Two knocks: the jump and the piece taken off."""
    return _mix(
        _render(0.12, _click(240, 0.02, 0.7, 2)),
        _delayed(_render(0.14, _click(150, 0.03, 0.6, 3)), 0.06),
    )


def crown_sound() -> list[float]:
    """A rising three-note chime."""
    notes = (659.3, 830.6, 987.8)  # E5, G#5, B5: a major triad
    return _mix(*(_delayed(_render(0.5, _bell(f, 0.18)), 0.07 * i) for i, f in enumerate(notes)))


def game_over_sound() -> list[float]:
    """A short fanfare ending on a held chord."""
    notes = ((523.3, 0.0), (659.3, 0.12), (784.0, 0.24), (1046.5, 0.36))  # C5 E5 G5 C6
    melody = [_delayed(_render(0.9, _bell(f, 0.35)), start) for f, start in notes]
    return _mix(*melody)


def write_wav(path: Path, samples: Sequence[float], volume: float = 0.6) -> None:
    """Normalise to `volume` of full scale and write 16-bit mono PCM."""
    peak = max(abs(s) for s in samples) or 1.0
    # A 5 ms fade-out keeps the end from clicking.
    fade = int(0.005 * RATE)
    data = bytearray()
    for index, sample in enumerate(samples):
        gain = min(1.0, (len(samples) - index) / fade)
        data += struct.pack("<h", int(sample / peak * volume * gain * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(data))


def main(argv: Sequence[str] = ()) -> int:
    """Write every asset into assets/; prints each path."""
    ASSETS.mkdir(exist_ok=True)
    pygame.image.save(draw_crown(128), str(ASSETS / "crown.png"))
    pygame.image.save(draw_icon(64), str(ASSETS / "icon.png"))
    sounds = {
        "move.wav": move_sound(),
        "capture.wav": capture_sound(),
        "crown.wav": crown_sound(),
        "game_over.wav": game_over_sound(),
    }
    for name, samples in sounds.items():
        write_wav(ASSETS / name, samples)
    for path in sorted(ASSETS / name for name in ("crown.png", "icon.png", *sounds)):
        print(f"{path.relative_to(ASSETS.parent)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
