"""RISC OS 3.1 2D window tools, the menu tick and arrow, and the mouse pointer.

Each tool is 21×21 px counting a 1-px black outline on every side
(riscos-look.md §3).  Inside the outline everything but the 1-px black line
art and the grey-5 fills is TRANSPARENT, so blitting a tool onto a box filled
with the title colour (grey 2, or cream with input focus) gives the Wimp's
look.
"""

from __future__ import annotations

import pygame

from .palette import BLACK, GREY5, POINTER_RGB, TRANSPARENT, from_art, new_surface

TOOL_SIZE = 21

_KEY = {"#": BLACK, "g": GREY5}

# Hollow X with rounded ends, after the Wimp's &84 glyph, 15×15.
_CLOSE = (
    ".##.........##.",
    "#..#.......#..#",
    "#...#.....#...#",
    ".#...#...#...#.",
    "..#...#.#...#..",
    "...#...#...#...",
    "....#.....#....",
    ".....#...#.....",
    "....#.....#....",
    "...#...#...#...",
    "..#...#.#...#..",
    ".#...#...#...#.",
    "#...#.....#...#",
    "#..#.......#..#",
    ".##.........##.",
)

# Hollow block arrow pointing up, after the &8B glyph, 13×13.
_UP = (
    "......#......",
    ".....#.#.....",
    "....#...#....",
    "...#.....#...",
    "..#.......#..",
    ".#.........#.",
    "####.....####",
    "...#.....#...",
    "...#.....#...",
    "...#.....#...",
    "...#.....#...",
    "...#.....#...",
    "...#######...",
)

_TICK = (
    "..........##",
    ".........###",
    ".........##.",
    "........###.",
    "........##..",
    ".......###..",
    "##.....##...",
    "###...###...",
    ".###..##....",
    "..######....",
    "...####.....",
    "....##......",
)

_ARROW = (
    "...#......",
    "...##.....",
    "...###....",
    "...####...",
    "...#####..",
    "...####...",
    "...###....",
    "...##.....",
    "...#......",
    "..........",
)

# Arrow pointer in square pixels, tip at the top-left (the hot spot).
_POINTER = (
    "c..........",
    "cc.........",
    "cbc........",
    "cbbc.......",
    "cbbbc......",
    "cbbbbc.....",
    "cbbbbbc....",
    "cbbbbbbc...",
    "cbbbbbbbc..",
    "cbbbbbbbbc.",
    "cbbbbbbbbbc",
    "cbbbbbbcccc",
    "cbbbcbbc...",
    "cbbccbbc...",
    "cbc..cbbc..",
    "cc...cbbc..",
    "c.....cbbc.",
    "......cbbc.",
    ".......cbbc",
    ".......cbbc",
    "........cc.",
)


def _flip_v(rows):
    return tuple(reversed(rows))


def _flip_h(rows):
    return tuple(r[::-1] for r in rows)


def _transpose(rows):
    return tuple("".join(col) for col in zip(*rows))


def _box(surf: pygame.Surface, x: int, y: int, size: int, fill: int) -> None:
    """A square with a black 1-px outline, filled with ``fill``."""
    surf.fill(BLACK, (x, y, size, size))
    surf.fill(fill, (x + 1, y + 1, size - 2, size - 2))


def _frame() -> pygame.Surface:
    """A transparent 21×21 tool with its black outline."""
    surf = new_surface(TOOL_SIZE, TOOL_SIZE)
    pygame.draw.rect(surf, BLACK, (0, 0, TOOL_SIZE, TOOL_SIZE), 1)
    return surf


def _art_tool(rows) -> pygame.Surface:
    surf = _frame()
    art = from_art(rows, _KEY)
    surf.blit(art, ((TOOL_SIZE - art.get_width()) // 2, (TOOL_SIZE - art.get_height()) // 2))
    return surf


def window_tools() -> dict[str, pygame.Surface]:
    """The 2D tool sprites by name: back, close, toggle, toggled, size, up, down, left, right."""
    tools = {}

    back = _frame()
    _box(back, 4, 4, 9, GREY5)  # the window behind ...
    _box(back, 8, 8, 9, TRANSPARENT)  # ... and the hollow one in front
    tools["back"] = back

    tools["close"] = _art_tool(_CLOSE)

    # Toggle size: small hollow square and large grey-5 square; the toggled
    # state (window at full size) swaps the fills.
    for name, small, large in (("toggle", TRANSPARENT, GREY5), ("toggled", GREY5, TRANSPARENT)):
        surf = _frame()
        _box(surf, 3, 3, 5, small)
        _box(surf, 8, 8, 10, large)
        tools[name] = surf

    # Adjust size: a square with a smaller one in its top-left corner.
    size = _frame()
    _box(size, 3, 3, 15, TRANSPARENT)
    pygame.draw.rect(size, BLACK, (3, 3, 8, 8), 1)
    tools["size"] = size

    left = _transpose(_UP)
    tools["up"] = _art_tool(_UP)
    tools["down"] = _art_tool(_flip_v(_UP))
    tools["left"] = _art_tool(left)
    tools["right"] = _art_tool(_flip_h(left))
    return tools


def menu_tick() -> pygame.Surface:
    """12×12 black tick for ticked menu items."""
    return from_art(_TICK, _KEY)


def submenu_arrow() -> pygame.Surface:
    """10×10 black right-pointing triangle for items with a submenu."""
    return from_art(_ARROW, _KEY)


def pointer() -> tuple[pygame.Surface, tuple[int, int]]:
    """The arrow pointer as an RGBA surface (11×21) and its hot spot.

    It uses the pointer palette (cyan outline, dark blue fill), not the Wimp
    colours, because the hardware pointer is not part of the screen.
    """
    colours = {"c": (*POINTER_RGB[0], 255), "b": (*POINTER_RGB[1], 255)}
    rows = _POINTER
    surf = pygame.Surface((len(rows[0]), len(rows)), pygame.SRCALPHA, 32)
    surf.fill((0, 0, 0, 0))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in colours:
                surf.set_at((x, y), colours[ch])
    return surf, (0, 0)
