"""Playing cards drawn at any size in Wimp colours.

Cards are fanned with only their top strip showing (King Albert's 36×52
cards overlap by 13 px, a quarter of the height), so the rank and a small
suit symbol sit side by side in that strip.  Below it small cards carry one
big suit symbol; cards at least 60×80 get pip layouts, framed court panels,
a big ace and a second, upside-down index at the bottom right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import font
from .palette import (
    BLACK,
    DARK_BLUE,
    GREEN,
    GREY1,
    GREY2,
    GREY3,
    GREY4,
    LIGHT_BLUE,
    ORANGE,
    RED,
    TRANSPARENT,
    WHITE,
    YELLOW,
    new_surface,
    recolour,
    surface_from_bytes,
)
from .suits import SUITS, suit_colour, suit_size, suit_symbol

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Pip centres for 2-10: (u, v), u across the pip columns 0 / 0.5 / 1 and v
# down the pip rows 0..1.
_SIDES4 = ((0, 0), (1, 0), (0, 1), (1, 1))
_SIDES6 = _SIDES4 + ((0, 0.5), (1, 0.5))
_SIDES8 = tuple((u, v) for u in (0, 1) for v in (0, 1 / 3, 2 / 3, 1))
PIP_LAYOUT = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: _SIDES4,
    5: _SIDES4 + ((0.5, 0.5),),
    6: _SIDES6,
    7: _SIDES6 + ((0.5, 0.25),),
    8: _SIDES6 + ((0.5, 0.25), (0.5, 0.75)),
    9: _SIDES8 + ((0.5, 0.5),),
    10: _SIDES8 + ((0.5, 1 / 6), (0.5, 5 / 6)),
}

# Court panels: background and border colours per rank (J, Q, K).
_COURT_COLOURS = {11: (LIGHT_BLUE, DARK_BLUE), 12: (ORANGE, DARK_BLUE), 13: (YELLOW, DARK_BLUE)}

# "Shaded" cards: white turns grey 1, everything else a mid or dark grey.
_SHADE = {
    WHITE: GREY1,
    BLACK: GREY4,
    GREY2: GREY3,
    **dict.fromkeys(range(8, 16), GREY3),
    **dict.fromkeys((YELLOW, ORANGE, LIGHT_BLUE), GREY2),
}


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def _outline(surf: pygame.Surface, fill: int, radius: int, colour: int = BLACK) -> None:
    """Fill a card shape: 1-px outline with corners cut by ``radius`` px."""
    w, h = surf.get_size()
    surf.fill(fill, (1, 1, w - 2, h - 2))
    _edges(surf, radius, colour)


def _edges(surf: pygame.Surface, radius: int, colour: int = BLACK) -> None:
    """A card's 1-px outline, its corners rounded by ``radius`` px."""
    w, h = surf.get_size()
    r = radius
    surf.fill(colour, (r, 0, w - 2 * r, 1))
    surf.fill(colour, (r, h - 1, w - 2 * r, 1))
    surf.fill(colour, (0, r, 1, h - 2 * r))
    surf.fill(colour, (w - 1, r, 1, h - 2 * r))
    if r >= 2:
        for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
            surf.set_at((x, y), colour)


def _scaled_text(text: str, colour: int, sx: int, sy: int, advance: int = 8) -> pygame.Surface:
    """``text`` in the System font scaled by whole factors, glyphs ``advance`` apart."""
    base = new_surface(advance * (len(text) - 1) + font.GLYPH_W, font.GLYPH_H)
    for i, ch in enumerate(text):
        base.blit(font.glyph_surface(ch, colour, 1), (advance * i, 0))
    if sx == 1 and sy == 1:
        return base
    w, h = base.get_size()
    return pygame.transform.scale(base, (w * sx, h * sy))


@dataclass(frozen=True)
class IndexGeometry:
    """Where a card of one size carries its index (rank, then a small suit) at its top left.

    Pure numbers, so that the desktop can space fanned cards by them without
    drawing a deck: the index's rows are ``y`` to ``bottom`` - 1 and its columns
    ``x`` to ``x + width(rank, suit)`` - 1, whatever the card.
    """

    x: int
    y: int
    #: the rank glyphs' scale (the System font's 8×8 cells, ``sx`` wide and ``sy`` high)
    sx: int
    sy: int
    #: the small suit symbol's height
    suit_h: int

    @property
    def height(self) -> int:
        return 7 * self.sy

    @property
    def bottom(self) -> int:
        return self.y + self.height

    def glyphs(self, rank: int, card_w: int) -> tuple[str, int]:
        """The rank's text and its glyph advance: "10" is kerned (7 px), and on cards
        under 30 px wide it uses a narrow "1" so that "10" and the suit fit."""
        text = rank_text(rank)
        if rank == 10 and card_w < 30:
            return "\ue001" + "0", 5
        return text, 7 if len(text) > 1 else 8

    @property
    def gap(self) -> int:
        """Pixels between the rank and the suit."""
        return 1 if self.sy == 1 else self.sx + 1

    def width(self, rank: int, suit: str, card_w: int) -> int:
        text, advance = self.glyphs(rank, card_w)
        glyphs = (advance * (len(text) - 1) + font.GLYPH_W) * self.sx - self.sx   # the last column is blank
        return glyphs + self.gap + suit_size(suit, self.suit_h)[0]


def index_geometry(width: int, height: int) -> IndexGeometry:
    """The index of a ``width`` × ``height`` card.

    Cards are fanned with their top strip showing, so the index sits there:
    System-font ranks at 1:1 on small cards, doubled in height on cards from
    60×80, doubled and quadrupled from 100×150; centred in the top quarter of
    the card, but no lower than its height from the top (so that tightly fanned
    cards show little more than the index) and never nearer the outline than
    one white row.
    """
    if width >= 100 and height >= 150:
        sx, sy = 2, 4
    elif width >= 60 and height >= 80:
        sx, sy = 1, 2
    else:
        sx, sy = 1, 1
    strip = max(9, height // 4)
    centred = 1 + (strip - 1 - 7 * sy) // 2
    return IndexGeometry(x=1 if width < 40 else 2, y=max(2, min(centred, 2 + sy)), sx=sx, sy=sy,
                         suit_h=7 if sy == 1 else 7 * sy - 1)


class CardSprites:
    """A deck of face sprites, a back and empty-pile sprites of one size.

    All are 8-bit surfaces in the Wimp palette with TRANSPARENT corners.
    """

    def __init__(self, width: int = 36, height: int = 52) -> None:
        if width < 16 or height < 24:
            raise ValueError(f"card size {width}x{height} is too small")
        self.width = width
        self.height = height
        w, h = width, height
        self.big = w >= 60 and h >= 80
        self.radius = 2 if self.big else 1
        # The strip left showing when cards are fanned by a quarter of their
        # height; the index must fit in it.
        self.strip = max(9, h // 4)

        # Index: rank glyphs scaled by (sx, sy), then the small suit.
        self.index = index_geometry(w, h)
        self._sx, self._sy = self.index.sx, self.index.sy
        self.index_suit_h = self.index.suit_h
        self.index_x = self.index.x
        self.index_y = self.index.y

        self._faces: dict[tuple[int, str], pygame.Surface] = {}
        self._shaded: dict[tuple[int, str], pygame.Surface] = {}
        self._marks: dict[str, pygame.Surface] = {}
        self._blank = new_surface(w, h)
        _outline(self._blank, WHITE, self.radius)

        self._suit_small = {s: suit_symbol(s, self.index_suit_h, suit_colour(s)) for s in SUITS}
        if self.big:
            self.pip_h = max(7, min(round(w * 0.16), (h - 2 * self.strip) // 4 + 1))
            self._pip = {s: suit_symbol(s, self.pip_h, suit_colour(s)) for s in SUITS}
            self._pip_flipped = {s: pygame.transform.flip(p, False, True) for s, p in self._pip.items()}
        self.centre_h = self._centre_height()
        self._centre = {s: suit_symbol(s, self.centre_h, suit_colour(s)) for s in SUITS}

        for suit in SUITS:
            for rank in range(1, 14):
                self._faces[(rank, suit)] = self._draw_face(rank, suit)
        self.back = self._draw_back()
        self._empty_suit = {s: self._draw_empty_suit(s) for s in SUITS}
        self.empty = self._draw_empty()
        #: an empty waste: its outline alone, so that it is not taken for a foundation beside it
        self.empty_open = new_surface(w, h)
        _edges(self.empty_open, self.radius)

    # -- public API -------------------------------------------------------

    def face(self, rank: int, suit: str) -> pygame.Surface:
        return self._faces[(rank, suit)]

    def index_rect(self, rank: int, suit: str) -> tuple[int, int, int, int]:
        """(x, y, w, h) of the card's index on its face."""
        index = self.index
        return index.x, index.y, index.width(rank, suit, self.width), index.height

    def empty_suit(self, suit: str) -> pygame.Surface:
        return self._empty_suit[suit]

    def shaded(self, rank: int, suit: str) -> pygame.Surface:
        key = (rank, suit)
        surf = self._shaded.get(key)
        if surf is None:
            surf = self._shaded[key] = recolour(self._faces[key], _SHADE)
        return surf

    def mark(self, kind: str) -> pygame.Surface:
        """An empty place marked with CardsWorkShop's green circle ('circle') or red cross ('cross')."""
        surf = self._marks.get(kind)
        if surf is None:
            surf = self._marks[kind] = self._draw_mark(kind)
        return surf

    # -- drawing ----------------------------------------------------------

    def _draw_mark(self, kind: str) -> pygame.Surface:
        w, h = self.width, self.height
        surf = new_surface(w, h)
        _outline(surf, GREY2, self.radius)
        size = max(6, min(w, h) * 3 // 5)
        stroke = max(2, size // 8)
        box = pygame.Rect(0, 0, size, size)
        box.center = (w // 2, h // 2)
        if kind == "circle":
            pygame.draw.circle(surf, GREEN, box.center, size // 2, stroke)
        else:
            right, bottom = box.right - 1, box.bottom - 1
            pygame.draw.line(surf, RED, box.topleft, (right, bottom), stroke)
            pygame.draw.line(surf, RED, (right, box.top), (box.left, bottom), stroke)
        return surf

    def _centre_height(self) -> int:
        w, h = self.width, self.height
        if self.big:
            return max(9, round(w * 0.46))
        area = h - self.strip - 1
        return max(5, min(round((w - 2) * 0.6), area - 6))

    def _index(self, rank: int, suit: str) -> pygame.Surface:
        """The rank and small suit side by side on a transparent strip."""
        sx, sy = self._sx, self._sy
        text, advance = self.index.glyphs(rank, self.width)
        colour = suit_colour(suit)
        glyphs = _scaled_text(text, colour, sx, sy, advance)
        pip = self._suit_small[suit]
        gw = glyphs.get_width() - sx  # the last glyph column is always blank
        gap = self.index.gap
        ih = max(7 * sy, pip.get_height())
        surf = new_surface(gw + gap + pip.get_width(), ih)
        surf.blit(glyphs, (0, (ih - 7 * sy) // 2))
        surf.blit(pip, (gw + gap, (ih - pip.get_height()) // 2))
        return surf

    def _draw_face(self, rank: int, suit: str) -> pygame.Surface:
        w, h = self.width, self.height
        surf = self._blank.copy()
        index = self._index(rank, suit)
        top = self.index_y + (7 * self._sy - index.get_height()) // 2
        surf.blit(index, (self.index_x, top))
        if self.big:
            turned = pygame.transform.flip(index, True, True)
            surf.blit(turned, (w - self.index_x - index.get_width(), h - top - index.get_height()))
            if rank == 1:
                self._blit_centred(surf, self._centre[suit], w / 2, h / 2)
            elif rank <= 10:
                self._draw_pips(surf, rank, suit)
            else:
                self._draw_court(surf, rank, suit)
        else:
            cy = (self.strip + h - 1) / 2
            if rank > 10:
                self._draw_small_court(surf, rank, suit, cy)
            self._blit_centred(surf, self._centre[suit], w / 2, cy)
        return surf

    @staticmethod
    def _blit_centred(surf: pygame.Surface, img: pygame.Surface, cx: float, cy: float) -> None:
        iw, ih = img.get_size()
        surf.blit(img, (int(cx - iw / 2 + 0.5), int(cy - ih / 2 + 0.5)))

    def _pip_box(self) -> tuple[float, float, float, float]:
        """Centres of the outermost pips: left, right, top, bottom."""
        w, h = self.width, self.height
        p = self.pip_h
        # the pips start below the rows that the tightest fan leaves showing (the index and a white row)
        edge = max(self.strip - 2, self.index.bottom + 2)
        top = edge + p / 2
        bottom = h - edge - p / 2
        return w * 0.29, w * 0.71, top, bottom

    def _draw_pips(self, surf: pygame.Surface, rank: int, suit: str) -> None:
        left, right, top, bottom = self._pip_box()
        for u, v in PIP_LAYOUT[rank]:
            img = self._pip_flipped[suit] if v > 0.5 else self._pip[suit]
            self._blit_centred(surf, img, left + u * (right - left), top + v * (bottom - top))

    def _draw_court(self, surf: pygame.Surface, rank: int, suit: str) -> None:
        """A framed, two-ended panel: the letter and the suit, top and (turned) bottom."""
        left, right, top, bottom = self._pip_box()
        p = self.pip_h
        x0, x1 = int(left - p / 2) - 1, int(right + p / 2 + 1.5)
        y0, y1 = int(top - p / 2) - 1, int(bottom + p / 2 + 1.5)
        pw, ph = x1 - x0, y1 - y0
        fill, band = _COURT_COLOURS[rank]
        panel = new_surface(pw, ph, BLACK)
        panel.fill(band, (1, 1, pw - 2, ph - 2))
        panel.fill(fill, (2, 2, pw - 4, ph - 4))

        # Upper half: big letter on the left, suit on the right.
        half_h = ph // 2 - 2
        scale = max(1, min((pw - 6) // 2 // 7, half_h // 8))
        colour = suit_colour(suit)
        letter = _scaled_text(rank_text(rank), colour, scale, scale)
        pip = self._pip[suit]
        half = new_surface(pw - 4, half_h)
        lx = (half.get_width() // 2 - 7 * scale) // 2
        half.blit(letter, (lx - scale, (half_h - 7 * scale) // 2))
        self._blit_centred(half, pip, half.get_width() * 3 / 4, half_h / 2)
        panel.blit(half, (2, 2))
        panel.blit(pygame.transform.flip(half, True, True), (2, ph - 2 - half_h))
        mid = ph // 2
        panel.fill(band, (2, mid - 1 + (ph % 2), pw - 4, 1))
        surf.blit(panel, (x0, y0))

    def _draw_small_court(self, surf: pygame.Surface, rank: int, suit: str, cy: float) -> None:
        """Small court cards: the centre symbol on a framed coloured panel."""
        w = self.width
        fill, band = _COURT_COLOURS[rank]
        ch = self.centre_h
        pw = min(w - 6, ch + 6)
        ph = min(self.height - self.strip - 4, ch + 8)
        x0 = (w - pw) // 2
        y0 = int(cy - ph / 2 + 0.5)
        surf.fill(BLACK, (x0, y0, pw, ph))
        surf.fill(fill, (x0 + 1, y0 + 1, pw - 2, ph - 2))

    def _draw_back(self) -> pygame.Surface:
        """Dark blue with a light blue lattice inside a white margin."""
        w, h = self.width, self.height
        period = 6 if w < 60 else 8
        rows = []
        for y in range(period):
            on = {y % period, (-y) % period}
            rows.append(bytes(LIGHT_BLUE if x % period in on else DARK_BLUE for x in range(w)))
        data = b"".join(rows[y % period] for y in range(h))
        surf = surface_from_bytes(data, w, h)
        m = 3 if w < 60 else 4
        # White margin: fill the frame only, so the lattice stays inside.
        surf.fill(WHITE, (0, 0, w, m))
        surf.fill(WHITE, (0, h - m, w, m))
        surf.fill(WHITE, (0, 0, m, h))
        surf.fill(WHITE, (w - m, 0, m, h))
        inner = (m - 1, m - 1, w - 2 * m + 2, h - 2 * m + 2)
        pygame.draw.rect(surf, DARK_BLUE, inner, 1)
        self._cut_outline(surf)
        return surf

    def _cut_outline(self, surf: pygame.Surface) -> None:
        """Redraw the card outline over ``surf`` and make its corners transparent."""
        w, h = surf.get_size()
        r = self.radius
        corner = [(0, 0)] if r == 1 else [(0, 0), (1, 0), (0, 1)]
        for x, y in corner:
            for px, py in ((x, y), (w - 1 - x, y), (x, h - 1 - y), (w - 1 - x, h - 1 - y)):
                surf.set_at((px, py), TRANSPARENT)
        _edges(surf, r)

    def _draw_empty_suit(self, suit: str) -> pygame.Surface:
        w, h = self.width, self.height
        surf = new_surface(w, h)
        _outline(surf, GREY2, self.radius)
        self._blit_centred(surf, self._centre[suit], w / 2, h / 2)
        return surf

    def _draw_empty(self) -> pygame.Surface:
        surf = new_surface(self.width, self.height)
        _outline(surf, GREY2, self.radius)
        return surf


__all__ = ["CardSprites", "PIP_LAYOUT", "RANK_TEXT", "rank_text"]
