"""The RISC OS System font: 8×8 bitmaps in the BBC Micro style.

Rows run top to bottom, bit 7 is the leftmost pixel.  Glyphs sit in columns
1-6 and rows 0-6 with row 7 for descenders; vertical strokes are two pixels
wide and horizontal ones one pixel.  The desktop in mode 27 doubles every
row (8×16 px a character); ``scale_y=1`` gives the plain 8×8 form.

Text is drawn by blitting from one atlas surface per (colour, scale_y),
built on first use from the glyph table.
"""

from __future__ import annotations

import unicodedata

import pygame

from .palette import TRANSPARENT, surface_from_bytes

GLYPH_W = 8
GLYPH_H = 8

# fmt: off
_ASCII = (
    # 0x20-0x2F  space ! " # $ % & ' ( ) * + , - . /
    "0000000000000000", "1818181818001800", "6C6C6C0000000000", "36367F367F363600",
    "183E603C067C1800", "62660C1830664600", "386C6C386D663B00", "1818300000000000",
    "0C18303030180C00", "30180C0C0C183000", "00187E3C7E180000", "0018187E18180000",
    "0000000000181830", "0000007E00000000", "0000000000181800", "00060C1830600000",
    # 0x30-0x3F  0-9 : ; < = > ?
    "3C666E7E76663C00", "1838181818187E00", "3C66060C18307E00", "3C66061C06663C00",
    "0C1C3C6C7E0C0C00", "7E607C0606663C00", "1C30607C66663C00", "7E060C1830303000",
    "3C66663C66663C00", "3C66663E060C3800", "0000181800181800", "0000181800181830",
    "0C18306030180C00", "00007E007E000000", "30180C060C183000", "3C660C1818001800",
    # 0x40-0x4F  @ A-O
    "3C666E6A6E603C00", "3C66667E66666600", "7C66667C66667C00", "3C66606060663C00",
    "786C6666666C7800", "7E60607C60607E00", "7E60607C60606000", "3C66606E66663C00",
    "6666667E66666600", "7E18181818187E00", "3E0C0C0C0C6C3800", "666C7870786C6600",
    "6060606060607E00", "63777F6B6B636300", "6666767E6E666600", "3C66666666663C00",
    # 0x50-0x5F  P-Z [ \ ] ^ _
    "7C66667C60606000", "3C6666666A6C3600", "7C66667C6C666600", "3C66603C06663C00",
    "7E18181818181800", "6666666666663C00", "66666666663C1800", "63636B6B7F776300",
    "66663C183C666600", "6666663C18181800", "7E060C1830607E00", "7C60606060607C00",
    "006030180C060000", "3E06060606063E00", "183C664200000000", "00000000000000FF",
    # 0x60-0x6F  ` a-o
    "30180C0000000000", "00003C063E663E00", "60607C6666667C00", "00003C6660663C00",
    "06063E6666663E00", "00003C667E603C00", "1C30307C30303000", "00003E66663E063C",
    "60607C6666666600", "1800381818183C00", "1800381818181870", "6060666C786C6600",
    "3818181818183C00", "0000367F6B6B6300", "00007C6666666600", "00003C6666663C00",
    # 0x70-0x7E  p-z { | } ~
    "00007C66667C6060", "00003E66663E0607", "00006C7660606000", "00003E603C067C00",
    "30307C3030301C00", "0000666666663E00", "00006666663C1800", "0000636B6B7F3600",
    "0000663C183C6600", "00006666663E063C", "00007E0C18307E00", "0C18187018180C00",
    "1818181818181800", "3018180E18183000", "316B460000000000",
)
# fmt: on

# Characters beyond ASCII that the desktop uses.  The &80-&8B glyphs are the
# Wimp's own tool characters (riscos-look.md §3), usable as fallbacks.
_EXTRA = {
    "£": "1C36307C30307E00",
    "©": "3C4299A1A199423C",
    "…": "000000000000DB00",
    "°": "386C380000000000",
    "×": "00663C183C660000",
    "▸": "2030383C38302000",
    "►": "20303C3E3C302000",
    "✓": "03030606761C0C00",
    "♠": "183C7EFFFFDB183C",
    "♥": "66FFFFFF7E3C1800",
    "♦": "183C7EFF7E3C1800",
    "♣": "183C3CDBFFDB183C",
    # A narrow "1" (columns 1-4) so that "10" fits the index of tiny cards.
    "\ue001": "3070303030307800",
    "\x80": "03030606761C0C00",
    "\x81": "F090F01F1F1F1F00",
    "\x82": "E0E0E01F11111F00",
    "\x83": "FE9292F28282FE00",
    "\x84": "6699814281996600",
    "\x85": "FCFCFFE1E1213F00",
    "\x88": "18284F814F281800",
    "\x89": "1814F281F2141800",
    "\x8a": "3C2424E742241800",
    "\x8b": "182442E724243C00",
}

# Drawn for any character without a glyph.
_BOX = "7E42424242427E00"

# Latin-1's accented letters (the System font has them: a file name typed as "é"
# showed as a box), made from the plain letters: an accent in the two rows above a
# small letter's x-height, or over a capital squeezed into rows 2-6 (its rows 0, 2, 3,
# 4 and 6: an 8x8 cell has no room for more, so that Ö and ö look alike); a cedilla in
# the descender row.
_ACCENTS = {"grave": "3018", "acute": "0C18", "circumflex": "1866", "diaeresis": "6600",
            "tilde": "3B6E", "ring": "1824"}
_ACCENTED = {
    "grave": "ÀÈÌÒÙàèìòù", "acute": "ÁÉÍÓÚÝáéíóúý", "circumflex": "ÂÊÎÔÛâêîôû",
    "diaeresis": "ÄËÏÖÜäëïöüÿ", "tilde": "ÃÑÕãñõ", "ring": "Åå",
}
_LATIN1 = {
    "Ç": "3C66606060663C18", "ç": "00003C6660663C18", "ß": "3C66666C66666C60",
    "Æ": "3F6C6C7F6C6C6F00", "æ": "0000367F6C6C3700", "Ø": "3D666E7E76663CC0",
    "ø": "00033E6E7E763C60", "¡": "1800181818181800", "¿": "1800181830663C00",
    "«": "00336CD86C330000", "»": "00CC361B36CC0000", "·": "0000001818000000",
    "÷": "0018007E00180000", "±": "18187E1818007E00", "§": "3C603C663C063C00",
    "¢": "00083E6860683E08", "¥": "66663C7E187E1800", "µ": "00006666667F60C0",
}


def _accented(letter: str, accent: str) -> str:
    """A letter of ``_ACCENTED`` as its hex rows."""
    base = unicodedata.normalize("NFD", letter)[0]
    rows = bytes.fromhex(_ASCII[ord(base) - 0x20])
    if base == "i":
        rows = bytes.fromhex("0000381818183C00")    # (dotless: the accent takes the dot's place)
    if base.isupper():
        rows = bytes((0, 0, rows[0], rows[2], rows[3], rows[4], rows[6], rows[7]))
    return (bytes.fromhex(_ACCENTS[accent]) + rows[2:]).hex().upper()


def _rows(hexrows: str) -> bytes:
    return bytes.fromhex(hexrows)


_GLYPHS: dict[str, bytes] = {chr(0x20 + i): _rows(h) for i, h in enumerate(_ASCII)}
_GLYPHS.update({ch: _rows(h) for ch, h in _EXTRA.items()})
_GLYPHS.update({ch: _rows(_accented(ch, accent)) for accent, letters in _ACCENTED.items() for ch in letters})
_GLYPHS.update({ch: _rows(h) for ch, h in _LATIN1.items()})
_BOX_ROWS = _rows(_BOX)

_CHARS = "".join(_GLYPHS) + "\x00"  # the last atlas cell holds the box
_INDEX = {ch: i for i, ch in enumerate(_CHARS)}
_BOX_INDEX = len(_CHARS) - 1

# _BITS[b] = the 8 pixels of row byte b as 0/1 bytes, leftmost first.
_BITS = [bytes((b >> (7 - i)) & 1 for i in range(8)) for b in range(256)]
_mask_rows: list[bytes] | None = None
_atlases: dict[tuple[int, int], pygame.Surface] = {}


def glyph(ch: str) -> bytes:
    """The 8 row bytes of ``ch`` (top row first); unknown characters give a box."""
    return _GLYPHS.get(ch, _BOX_ROWS)


def text_width(text: str) -> int:
    return GLYPH_W * len(text)


def _atlas(colour: int, scale_y: int) -> pygame.Surface:
    global _mask_rows
    atlas = _atlases.get((colour, scale_y))
    if atlas is not None:
        return atlas
    if _mask_rows is None:
        all_rows = [glyph(ch) for ch in _CHARS[:-1]] + [_BOX_ROWS]
        _mask_rows = [b"".join(_BITS[g[r]] for g in all_rows) for r in range(GLYPH_H)]
    table = bytes([TRANSPARENT, colour]) + bytes(254)
    rows = [row.translate(table) for row in _mask_rows]
    data = b"".join(row * scale_y for row in rows)
    atlas = surface_from_bytes(data, GLYPH_W * len(_CHARS), GLYPH_H * scale_y)
    _atlases[(colour, scale_y)] = atlas
    return atlas


def glyph_surface(ch: str, colour: int, scale_y: int = 2) -> pygame.Surface:
    """``ch`` drawn in Wimp colour ``colour`` on a transparent 8×(8·scale_y) cell."""
    i = _INDEX.get(ch, _BOX_INDEX)
    return _atlas(colour, scale_y).subsurface((i * GLYPH_W, 0, GLYPH_W, GLYPH_H * scale_y))


def draw_text(
    surface: pygame.Surface,
    x: int,
    y: int,
    text: str,
    colour: int,
    *,
    scale_y: int = 2,
    background: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its top-left at (x, y); returns the rectangle covered.

    Only the glyph pixels are drawn unless ``background`` (a Wimp colour) is
    given, in which case the text's cells are filled with it first.
    """
    h = GLYPH_H * scale_y
    rect = pygame.Rect(x, y, GLYPH_W * len(text), h)
    if background is not None:
        surface.fill(background, rect)
    atlas = _atlas(colour, scale_y)
    index = _INDEX
    surface.blits(
        [
            (atlas, (x + GLYPH_W * n, y), (index.get(ch, _BOX_INDEX) * GLYPH_W, 0, GLYPH_W, h))
            for n, ch in enumerate(text)
            if ch != " "
        ],
        doreturn=False,
    )
    return rect


def warm_up(colours: tuple[int, ...] = (0, 2, 7), scales: tuple[int, ...] = (1, 2)) -> None:
    """Build the atlases the desktop uses most, so the first frame is quick."""
    for c in colours:
        for s in scales:
            _atlas(c, s)
