"""``kingalbert shot``: the window as the desktop shows it, rendered to a PNG without a display."""
from __future__ import annotations

import io
import json
import os

import pygame

from ..app.files import atomic_write
from ..sprites.palette import WIMP_RGB
from .desktop import Desktop
from .geometry import SCREEN_H, SCREEN_W
from .report import frame_layout


def screen_image(desktop, scale: int = 1):
    """The emulated screen as a 16-colour paletted image, scaled by whole pixels."""
    from PIL import Image  # only here: its plugins would double the command's start-up time
    data = pygame.image.tobytes(desktop.render(), "P")
    image = Image.frombytes("P", (SCREEN_W, SCREEN_H), data)
    image.putpalette([component for rgb in WIMP_RGB for component in rgb])
    if scale != 1:
        image = image.resize((SCREEN_W * scale, SCREEN_H * scale), Image.Resampling.NEAREST)
    return image


def shot(game, output, scale: int = 1, layout=None) -> None:
    """Render the desktop for ``game`` and write it as a PNG, atomically; with ``layout``,
    write the frame's geometry there too, as JSON (see ``report.frame_layout``).

    Saved with pygame rather than Pillow: importing Pillow's image plugins
    would double the start-up time of the command."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # no solver in the background: a screenshot shows the position, not a verdict still to come
    desktop = Desktop(game, autosave=False, thinking=False)
    screen = desktop.render()
    found = frame_layout(desktop) if layout is not None else None
    if scale != 1:
        screen = pygame.transform.scale(screen, (SCREEN_W * scale, SCREEN_H * scale))
    buffer = io.BytesIO()
    pygame.image.save(screen, buffer, "shot.png")
    atomic_write(output, buffer.getvalue())
    if layout is not None:      # (after the picture: a picture that can't be written leaves no layout)
        atomic_write(layout, (json.dumps(found, indent=1) + "\n").encode())
