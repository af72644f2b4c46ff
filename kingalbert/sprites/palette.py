"""The RISC OS 3 default Wimp palette and 8-bit surfaces that use it.

Every sprite is an 8-bit pygame Surface whose opaque pixels are Wimp colour
numbers 0-15; the pixel value TRANSPARENT is the colour key.  All surfaces
share one 256-entry palette, so blitting between them copies indices
unchanged (SDL sees identical palettes and uses an identity map).
"""

from __future__ import annotations

import pygame

# Default Wimp palette, index = Wimp colour number (riscos-look.md §1).
WIMP_RGB: tuple[tuple[int, int, int], ...] = (
    (0xFF, 0xFF, 0xFF),  # 0 white
    (0xDD, 0xDD, 0xDD),  # 1 grey 1
    (0xBB, 0xBB, 0xBB),  # 2 grey 2
    (0x99, 0x99, 0x99),  # 3 grey 3
    (0x77, 0x77, 0x77),  # 4 grey 4
    (0x55, 0x55, 0x55),  # 5 grey 5
    (0x33, 0x33, 0x33),  # 6 grey 6
    (0x00, 0x00, 0x00),  # 7 black
    (0x00, 0x44, 0x99),  # 8 dark blue
    (0xEE, 0xEE, 0x00),  # 9 yellow
    (0x00, 0xCC, 0x00),  # 10 green
    (0xDD, 0x00, 0x00),  # 11 red
    (0xEE, 0xEE, 0xBB),  # 12 cream
    (0x55, 0x88, 0x00),  # 13 army green
    (0xFF, 0xBB, 0x00),  # 14 orange
    (0x00, 0xBB, 0xFF),  # 15 light blue
)

WHITE = 0
GREY1 = 1
GREY2 = 2
GREY3 = 3
GREY4 = 4
GREY5 = 5
GREY6 = 6
BLACK = 7
DARK_BLUE = 8
YELLOW = 9
GREEN = 10
RED = 11
CREAM = 12
ARMY_GREEN = 13
ORANGE = 14
LIGHT_BLUE = 15

# Mouse pointer colours 1-3 from the same !Palette file; the pointer is not
# part of the screen, so these never appear in a surface's palette indices.
POINTER_RGB: tuple[tuple[int, int, int], ...] = (
    (0x00, 0xFF, 0xFF),  # 1 cyan (outline)
    (0x00, 0x00, 0x99),  # 2 dark blue (fill)
    (0xFF, 0x00, 0x00),  # 3 red
)

TRANSPARENT = 255
TRANSPARENT_RGB = (0xFF, 0x00, 0xFF)

# Entries 16-254 are never drawn; they repeat black so that a nearest-colour
# lookup (e.g. when a 32-bit image is blitted onto an 8-bit screen) always
# finds the Wimp entry first.
PALETTE_256: tuple[tuple[int, int, int], ...] = (
    WIMP_RGB + ((0, 0, 0),) * (255 - 16) + (TRANSPARENT_RGB,)
)

_templates: dict[tuple[int, int], pygame.Surface] = {}


def new_surface(w: int, h: int, fill: int = TRANSPARENT) -> pygame.Surface:
    """An 8-bit w×h surface with the Wimp palette, colour key TRANSPARENT."""
    tpl = _templates.get((w, h))
    if tpl is None:
        # Setting a 256-entry palette costs ~20 µs; copying a template ~1 µs.
        tpl = pygame.Surface((w, h), 0, 8)
        tpl.set_palette(PALETTE_256)
        tpl.set_colorkey(TRANSPARENT)
        tpl.fill(TRANSPARENT)
        _templates[(w, h)] = tpl
    surf = tpl.copy()
    if fill != TRANSPARENT:
        surf.fill(fill)
    return surf


def surface_from_bytes(data: bytes, w: int, h: int) -> pygame.Surface:
    """An 8-bit surface from w*h palette indices, row by row."""
    surf = pygame.image.frombytes(bytes(data), (w, h), "P")
    surf.set_palette(PALETTE_256)
    surf.set_colorkey(TRANSPARENT)
    return surf


def surface_to_bytes(surf: pygame.Surface) -> bytes:
    """The palette indices of an 8-bit surface, row by row (w*h bytes)."""
    return pygame.image.tobytes(surf, "P")


def from_art(rows: list[str] | tuple[str, ...], key: dict[str, int]) -> pygame.Surface:
    """An 8-bit surface from ASCII art; chars not in ``key`` are transparent."""
    w = len(rows[0])
    table = bytes(key.get(chr(i), TRANSPARENT) for i in range(256))
    data = "".join(rows).encode("latin-1").translate(table)
    if len(data) != w * len(rows):
        raise ValueError("ragged sprite art")
    return surface_from_bytes(data, w, len(rows))


def recolour(surf: pygame.Surface, mapping: dict[int, int]) -> pygame.Surface:
    """A copy of an 8-bit sprite with palette indices replaced per ``mapping``."""
    table = bytes(mapping.get(i, i) for i in range(256))
    w, h = surf.get_size()
    return surface_from_bytes(surface_to_bytes(surf).translate(table), w, h)
