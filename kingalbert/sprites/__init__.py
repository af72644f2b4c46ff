"""Every image the desktop draws, generated in code at start-up.

Like !KPatience, which builds its sprites with a routine rather than loading
a sprite file, the package ships no image or font files.  All sprites are
8-bit surfaces in the Wimp palette (see ``palette``), except the RGBA mouse
pointer.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from . import font, palette, suits
from .cards import CardSprites
from .icon import app_icon
from .tools import menu_tick, pointer, submenu_arrow, window_tools


class SpriteSet(NamedTuple):
    cards: CardSprites
    tools: dict[str, pygame.Surface]
    tick: pygame.Surface
    arrow: pygame.Surface
    icon: pygame.Surface
    pointer: tuple[pygame.Surface, tuple[int, int]]


def build_all(card_w: int = 36, card_h: int = 52) -> SpriteSet:
    """Generate everything King Albert's desktop draws (also timed by ``kingalbert bench``)."""
    font.warm_up()
    return SpriteSet(
        cards=CardSprites(card_w, card_h),
        tools=window_tools(),
        tick=menu_tick(),
        arrow=submenu_arrow(),
        icon=app_icon(),
        pointer=pointer(),
    )


__all__ = ["SpriteSet", "build_all", "CardSprites"]


def clear_caches() -> None:
    """Forget every cached glyph strip, surface template and suit shape (to time generation from nothing)."""
    font._atlases.clear()
    font._mask_rows = None
    palette._templates.clear()
    suits.suit_symbol.cache_clear()
