"""What the mouse is doing: typed states for a press and for a drag.

A press on the work area is a ``CardPress`` (cards that follow the pointer
once it moves) or a ``ClickPress`` (a click, or a press that moves cards by
itself and completes at the release).  A ``CardPress`` that moves becomes a
``CardDrag``; presses on the window's furniture start the other drags.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import Card

SELECT, MENU, ADJUST = 1, 2, 3
#: a press becomes a drag once the pointer has moved this far (pixels)
DRAG_START = 3

Point = tuple[int, int]


@dataclass
class CardPress:
    """SELECT (or, where the game gives it drags of its own, ADJUST) pressed on cards that
    can be picked up."""

    pile: str
    n: int
    pos: Point
    #: where the pointer holds the lowest card, from its top left
    grab: Point
    cards: list[Card]
    #: how many of the pile's top cards leave it while dragged (0: they stay, e.g. copies)
    lifted: int
    button: int = SELECT

    def moved_enough(self, pos: Point) -> bool:
        return abs(pos[0] - self.pos[0]) >= DRAG_START or abs(pos[1] - self.pos[1]) >= DRAG_START


@dataclass
class ClickPress:
    """A press that is a click: nothing to pick up (a stock), or a press whose program
    moves cards by itself (``completes``: it completes at the release, wherever that is)."""

    pile: str
    n: int
    pos: Point
    refusal: str | None = None
    completes: bool = False

    def moved_enough(self, pos: Point) -> bool:
        return abs(pos[0] - self.pos[0]) >= DRAG_START or abs(pos[1] - self.pos[1]) >= DRAG_START


@dataclass
class CardDrag:
    """Cards following the pointer."""

    pile: str
    n: int
    grab: Point
    cards: list[Card]
    lifted: int
    at: Point
    button: int = SELECT

    @classmethod
    def from_press(cls, press: CardPress, at: Point) -> CardDrag:
        return cls(press.pile, press.n, press.grab, press.cards, press.lifted, at, press.button)


@dataclass
class FrameDrag:
    """The window (``kind`` "window": moved by its title bar; "size": resized by its size
    icon), a scroll bar's slider ("vslider", "hslider") or a menu ("menu": the one at
    ``level``, by its title bar) following the pointer."""

    kind: str
    start: Point
    origin: Point
    at: Point = field(default=(0, 0))
    level: int = 0


Press = CardPress | ClickPress
Drag = CardDrag | FrameDrag
