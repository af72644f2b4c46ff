"""``kingalbert shot``: the window as the desktop shows it, rendered to a PNG without a display."""
from __future__ import annotations

from PIL import Image

from ..sprites.palette import WIMP_RGB
from .geometry import SCREEN_H, SCREEN_W


def screen_image(desktop, scale: int = 1) -> Image.Image:
    """The emulated screen as a 16-colour paletted image, scaled by whole pixels."""
    import pygame
    data = pygame.image.tobytes(desktop.render(), "P")
    image = Image.frombytes("P", (SCREEN_W, SCREEN_H), data)
    image.putpalette([component for rgb in WIMP_RGB for component in rgb])
    if scale != 1:
        image = image.resize((SCREEN_W * scale, SCREEN_H * scale), Image.NEAREST)
    return image


def shot(game, output, scale: int = 1) -> None:
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ..files import atomic_write
    from .app import Desktop
    import io
    desktop = Desktop(game)
    buffer = io.BytesIO()
    screen_image(desktop, scale).save(buffer, "PNG")
    atomic_write(output, buffer.getvalue())
