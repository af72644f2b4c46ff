"""Where a game's piles appear: data shared by the rulesets and the desktop.

Coordinates are pixels of the window's work area, origin at its top left,
y growing downwards; a ruleset lays its piles out for any card size it is
given (``Ruleset.layout(game, card_w, card_h)``), and the desktop chooses the
size.  A pile's cards are drawn from (x, y), each next card offset by
(dx, dy) from the one below it (by (down_dx, down_dy) if it is face down),
only the top ``max_visible`` of them when that is set: that is the fan the
layout asks for, which the desktop closes up where a growing pile would run
into the next pile or off the work area.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PileView:
    name: str
    x: int
    y: int
    dx: int = 0
    dy: int = 0
    #: when non-zero, the pile stands on a panel down to this y, and a drop
    #: anywhere on the panel lands on the pile (King Albert's playing stacks)
    reach: int = 0
    #: what an empty pile shows: a suit letter (that suit's symbol), or None for a plain outline
    empty: str | None = None
    #: the cards lie sideways (turned a quarter to the left)
    horizontal: bool = False
    #: the pile's cards are not drawn (it still takes drops and clicks where it is)
    hidden: bool = False
    #: the offset of each face-down card from the one below it (None: dx, dy as face-up cards)
    down_dx: int | None = None
    down_dy: int | None = None
    #: only the top this-many cards are drawn, fanned from (x, y); the others lie under them
    max_visible: int | None = None


@dataclass(frozen=True)
class Layout:
    card_w: int
    card_h: int
    width: int
    height: int
    piles: list[PileView] = field(default_factory=list)
    #: (x, y, w, h) of the message space, or None
    message: tuple[int, int, int, int] | None = None
    #: pixels per unit of the game's own grid (CardsWorkShop's matrix cell), where it has one
    cell: tuple[float, float] | None = None

    def view(self, name: str) -> PileView:
        for view in self.piles:
            if view.name == name:
                return view
        raise KeyError(name)
