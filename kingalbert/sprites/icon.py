"""The 34×34 application icon: a fan of three small cards."""

from __future__ import annotations

import pygame

from . import font
from .palette import BLACK, RED, WHITE, new_surface
from .suits import suit_symbol

ICON_SIZE = 34
_CARD_W, _CARD_H = 16, 23

# (x, y, suit, colour), back to front
_FAN = ((1, 1, "S", BLACK), (9, 5, "D", RED), (17, 10, "H", RED))


def _mini_card(suit: str, colour: int, front: bool) -> pygame.Surface:
    card = new_surface(_CARD_W, _CARD_H)
    card.fill(BLACK, (1, 0, _CARD_W - 2, _CARD_H))
    card.fill(BLACK, (0, 1, _CARD_W, _CARD_H - 2))
    card.fill(WHITE, (1, 1, _CARD_W - 2, _CARD_H - 2))
    # A corner index, rank above suit, visible in each card's uncovered strip.
    font.draw_text(card, 1, 2, "A", colour, scale_y=1)
    if front:
        sym = suit_symbol(suit, 9, colour)
        card.blit(sym, ((_CARD_W - sym.get_width()) // 2, 11))
    else:
        card.blit(suit_symbol(suit, 5, colour), (2, 10))
    return card


def app_icon() -> pygame.Surface:
    """The !KPatience icon in Wimp colours on a TRANSPARENT background."""
    icon = new_surface(ICON_SIZE, ICON_SIZE)
    for i, (x, y, suit, colour) in enumerate(_FAN):
        icon.blit(_mini_card(suit, colour, i == len(_FAN) - 1), (x, y))
    return icon
