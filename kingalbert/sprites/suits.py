"""Suit symbols (clubs, diamonds, hearts, spades) at any size, no antialiasing.

Small sizes use hand-drawn bitmaps, where a rasterised curve would be a
blob.  Larger ones are unions of ellipses and convex polygons in a unit box,
rasterised row by row: a pixel is set when its centre is inside.  Every row
is OR-ed with its mirror image so the symbols are exactly symmetric.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from .palette import TRANSPARENT, from_art, surface_from_bytes

SUITS = "CDHS"
RED_SUITS = "DH"

# Hand-drawn symbols for the card indices and other small uses.
_ART: dict[int, dict[str, tuple[str, ...]]] = {
    5: {
        "C": (".###.", ".###.", "#####", "#.#.#", "..#.."),
        "D": ("..#..", ".###.", "#####", ".###.", "..#.."),
        "H": (".#.#.", "#####", "#####", ".###.", "..#.."),
        "S": ("..#..", ".###.", "#####", "#.#.#", "..#.."),
    },
    7: {
        "C": (
            "..###..",
            "..###..",
            "##.#.##",
            "#######",
            "##.#.##",
            "...#...",
            "..###..",
        ),
        "D": (
            "...#...",
            "..###..",
            ".#####.",
            "#######",
            ".#####.",
            "..###..",
            "...#...",
        ),
        "H": (
            ".##.##.",
            "#######",
            "#######",
            "#######",
            ".#####.",
            "..###..",
            "...#...",
        ),
        "S": (
            "...#...",
            "..###..",
            ".#####.",
            "#######",
            "#######",
            "...#...",
            "..###..",
        ),
    },
    9: {
        "C": (
            "...###...",
            "..#####..",
            "..#####..",
            "##.###.##",
            "#########",
            "##..#..##",
            "....#....",
            "...###...",
            "..#####..",
        ),
        "D": (
            "....#....",
            "...###...",
            "..#####..",
            ".#######.",
            "#########",
            ".#######.",
            "..#####..",
            "...###...",
            "....#....",
        ),
        "H": (
            ".##...##.",
            "####.####",
            "#########",
            "#########",
            ".#######.",
            "..#####..",
            "..#####..",
            "...###...",
            "....#....",
        ),
        "S": (
            "....#....",
            "...###...",
            "..#####..",
            ".#######.",
            "#########",
            "#########",
            ".##.#.##.",
            "....#....",
            "...###...",
        ),
    },
}

# Shapes in a unit box: ("e", cx, cy, rx, ry) ellipses and ("p", points)
# convex polygons.  Only the left half matters (rows are mirrored) but the
# right-hand primitives are listed too so each shape reads as a whole.
_SHAPES = {
    "H": (
        ("e", 0.26, 0.27, 0.26, 0.27),
        ("e", 0.74, 0.27, 0.26, 0.27),
        ("p", ((0.015, 0.36), (0.5, 0.22), (0.985, 0.36), (0.5, 1.0))),
    ),
    "D": (("p", ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))),),
    "S": (
        ("e", 0.27, 0.56, 0.27, 0.22),
        ("e", 0.73, 0.56, 0.27, 0.22),
        ("p", ((0.5, 0.0), (0.99, 0.52), (0.01, 0.52))),
        ("e", 0.5, 0.44, 0.38, 0.30),
        ("p", ((0.5, 0.55), (0.57, 0.84), (0.72, 1.0), (0.28, 1.0), (0.43, 0.84))),
    ),
    "C": (
        ("e", 0.5, 0.24, 0.235, 0.24),
        ("e", 0.235, 0.60, 0.235, 0.22),
        ("e", 0.765, 0.60, 0.235, 0.22),
        ("p", ((0.5, 0.3), (0.7, 0.58), (0.5, 0.75), (0.3, 0.58))),
        ("p", ((0.5, 0.55), (0.57, 0.84), (0.72, 1.0), (0.28, 1.0), (0.43, 0.84))),
    ),
}


def _rasterise(prims, w: int, h: int) -> bytes:
    """A w×h 0/1 mask of the union of ``prims``."""
    out = bytearray(w * h)
    for y in range(h):
        v = (y + 0.5) / h
        row = bytearray(w)
        for prim in prims:
            if prim[0] == "e":
                _, cx, cy, rx, ry = prim
                d = (v - cy) / ry
                if d * d > 1.0:
                    continue
                half = rx * math.sqrt(1.0 - d * d)
                a, b = cx - half, cx + half
            else:
                xs = []
                pts = prim[1]
                for i in range(len(pts)):
                    (x0, y0), (x1, y1) = pts[i - 1], pts[i]
                    if (y0 <= v < y1) or (y1 <= v < y0):
                        xs.append(x0 + (v - y0) * (x1 - x0) / (y1 - y0))
                if len(xs) < 2:
                    continue
                a, b = min(xs), max(xs)
            lo = max(0, math.ceil(a * w - 0.5))
            hi = min(w - 1, math.floor(b * w - 0.5))
            if hi >= lo:
                row[lo : hi + 1] = b"\x01" * (hi - lo + 1)
        rev = row[::-1]
        out[y * w : (y + 1) * w] = bytes(p | q for p, q in zip(row, rev))
    return bytes(out)


def suit_size(suit: str, height: int) -> tuple[int, int]:
    """The natural (w, h) of a suit symbol ``height`` pixels tall."""
    if suit == "D":
        w = round(height * 0.78)
    elif suit == "S":
        w = round(height * 0.88)
    else:
        w = round(height * 0.94)
    if height in _ART:
        w = height
    elif (height - w) % 2:
        w += 1  # keep the centre line on a pixel or between two alike
    return max(1, min(w, height)), height


@cache
def suit_symbol(suit: str, height: int, colour: int, width: int | None = None) -> pygame.Surface:
    """Suit ``suit`` ('C','D','H','S') ``height`` px tall in Wimp ``colour``.

    Transparent background; the width is ``suit_size`` unless given.
    """
    if width is None:
        width = suit_size(suit, height)[0]
    key = {"#": colour}
    art = _ART.get(height)
    if art is not None and width == height:
        return from_art(art[suit], key)
    mask = _rasterise(_SHAPES[suit], width, height)
    table = bytes([TRANSPARENT, colour]) + bytes(254)
    return surface_from_bytes(mask.translate(table), width, height)


def suit_colour(suit: str) -> int:
    """Wimp colour of a suit: red (11) for diamonds and hearts, else black (7)."""
    return 11 if suit in RED_SUITS else 7
