"""Fitting a game to the screen: the card size, and fans that close up as columns grow.

Rulesets place their piles for any card size (``Ruleset.layout(game, w, h)``
scales positions given in card units; CardsWorkShop's ``fit_layout`` fills
a given area with its matrix).  This module chooses, once per game, the
largest card size at which the opening deal (the game's start, however far it
has been played: ``Desktop.fitted_board``) shows whole on the 640×480
screen — every pile, every fanned card with its index whole — and then
spreads each fanned pile within the room its layout leaves it: below a
column lies the next pile under it or the bottom of the work area.  When a
pile would run past that limit its fan closes up, face-down cards first,
never so far that a face-up card's index is covered; only a pile that
cannot fit even then shows its lowest face-up cards squared under the
others.  The board draws, hit-tests and drags by these same offsets.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..engine.layout import Layout, PileView
from ..sprites.cards import index_geometry

#: card sizes the desktop draws at, largest first: each keeps the ratio of the usual
#: 71×96 card, and its index (see ``sprites.cards.index_geometry``) stays whole at the
#: fan steps ``Spacing`` allows.  Below the last, cards are no longer readable.
SIZES = ((71, 96), (64, 87), (60, 81), (56, 76), (52, 70), (48, 65), (44, 60),
         (40, 54), (36, 49), (32, 44), (28, 38))
#: how many cards more than its deal a column should have room for (at its closest fan)
GROWTH = 10
#: pixels kept clear between a fan's last card and what lies beyond it
CLEAR = 2
#: the margin kept at the right and bottom of the work area
MARGIN = 4
#: how much of a squared face-up card's edge shows below the next (no index: its edge)
SLIVER = 2


@dataclass(frozen=True)
class Spacing:
    """How closely cards of one size may be fanned."""

    #: the least step, down a fan, that leaves a face-up card's index whole (the index
    #: and one white row under it)
    up: int
    #: the same across a fan to the right
    up_x: int
    #: a step no longer than this shows none of the index: a squared pile's edge
    edge: int
    edge_x: int
    #: the least step for face-down cards
    down: int


@lru_cache(maxsize=64)
def spacing(card_w: int, card_h: int) -> Spacing:
    index = index_geometry(card_w, card_h)
    widest = max(index.width(rank, suit, card_w) for rank in range(1, 14) for suit in "CDHS")
    return Spacing(up=index.bottom + 1, up_x=index.x + widest + 1, edge=index.y, edge_x=index.x,
                   down=max(3, card_h // 16))


def vertical(view: PileView) -> bool:
    """Does the pile fan up or down (rather than sideways)?"""
    along = max(abs(view.dy), abs(view.down_dy or 0))
    across = max(abs(view.dx), abs(view.down_dx or 0))
    return along >= across


def direction(view: PileView) -> int:
    """1 if the pile fans down (or right), -1 if up (or left)."""
    if vertical(view):
        step = view.dy or view.down_dy or 0
    else:
        step = view.dx or view.down_dx or 0
    return -1 if step < 0 else 1


def fanned(view: PileView) -> bool:
    return bool(view.dx or view.dy or view.down_dx or view.down_dy)


def squared(view: PileView, space: Spacing) -> bool:
    """Does the pile lie squared, only its edge showing (its cards' steps too short to show
    any of an index)?  Such a pile is drawn as its layout says, however long it is."""
    steps = (view.dx, view.dy, view.down_dx or 0, view.down_dy or 0)
    return max(abs(step) for step in steps) <= min(space.edge, space.edge_x)


def card_size(layout: Layout, view: PileView) -> tuple[int, int]:
    return (layout.card_h, layout.card_w) if view.horizontal else (layout.card_w, layout.card_h)


def rooms(layout: Layout) -> dict[str, int]:
    """For each fanned pile, how far its fan may reach beyond its first card before it
    meets the next pile in its direction or the edge of the work area."""
    found = {}
    bases = {view.name: (view.x, view.y, *card_size(layout, view)) for view in layout.piles if not view.hidden}
    space = spacing(layout.card_w, layout.card_h)
    for view in layout.piles:
        if not fanned(view) or squared(view, space):
            continue
        x, y, w, h = view.x, view.y, *card_size(layout, view)
        down = vertical(view)
        sign = direction(view)
        if down:
            limit = layout.height - MARGIN if sign > 0 else MARGIN
        else:
            limit = layout.width - MARGIN if sign > 0 else MARGIN
        for name, (qx, qy, qw, qh) in bases.items():
            if name == view.name:
                continue
            if down and qx < x + w and qx + qw > x:
                if sign > 0 and qy > y + h // 2:
                    limit = min(limit, qy - CLEAR)
                elif sign < 0 and qy + qh < y + h // 2:
                    limit = max(limit, qy + qh + CLEAR)
            elif not down and qy < y + h and qy + qh > y:
                if sign > 0 and qx > x + w // 2:
                    limit = min(limit, qx - CLEAR)
                elif sign < 0 and qx + qw < x + w // 2:
                    limit = max(limit, qx + qw + CLEAR)
        if down:
            found[view.name] = max(0, limit - (y + h) if sign > 0 else y - limit)
        else:
            found[view.name] = max(0, limit - (x + w) if sign > 0 else x - limit)
    return found


def natural_steps(view: PileView, faces: Sequence[bool], space: Spacing) -> list[tuple[int, int]]:
    """Each card's step from the one under it as the layout asks (the first card's is
    (0, 0), as are those of cards under the top ``max_visible``), a face-up card's step
    lengthened where it would show part of the index of the card under it."""
    n = len(faces)
    first = max(0, n - view.max_visible) if view.max_visible else 0
    steps = [(0, 0)] * n
    down = vertical(view)
    least, edge = (space.up, space.edge) if down else (space.up_x, space.edge_x)
    for i in range(first + 1, n):
        if faces[i]:
            dx, dy = view.dx, view.dy
        else:
            dx = view.dx if view.down_dx is None else view.down_dx
            dy = view.dy if view.down_dy is None else view.down_dy
        along = abs(dy if down else dx)
        if faces[i - 1] and edge < along < least:
            dx, dy = _stretched((dx, dy), down, least)
        steps[i] = (dx, dy)
    return steps


def _stretched(step: tuple[int, int], down: bool, length: int) -> tuple[int, int]:
    """``step`` scaled so that its length along the fan is ``length``."""
    dx, dy = step
    along = dy if down else dx
    if along == 0:
        return step
    sign = 1 if along > 0 else -1
    ratio = length / abs(along)
    if down:
        return round(dx * ratio), sign * length
    return sign * length, round(dy * ratio)


def spread(view: PileView, faces: Sequence[bool], room: int | None, space: Spacing) -> list[tuple[int, int]]:
    """Where each card of a pile lies relative to the pile's (x, y), its fan closed up
    to stay within ``room`` (None: no limit)."""
    steps = natural_steps(view, faces, space)
    if room is not None and len(faces) > 1 and fanned(view):
        steps = _closed_up(view, faces, steps, room, space)
    offsets, x, y = [], 0, 0
    for dx, dy in steps:
        x, y = x + dx, y + dy
        offsets.append((x, y))
    return offsets


def _closed_up(view, faces, steps, room: int, space: Spacing) -> list[tuple[int, int]]:
    down = vertical(view)
    least, edge = (space.up, space.edge) if down else (space.up_x, space.edge_x)
    along = [abs(dy if down else dx) for dx, dy in steps]
    if sum(along) <= room:
        return steps
    ups = [i for i in range(1, len(steps)) if faces[i - 1] and along[i] >= least]
    downs = [i for i in range(1, len(steps)) if not faces[i - 1] and along[i] > space.down]
    fixed = sum(along) - sum(along[i] for i in ups + downs)
    new = list(along)
    # face-down cards close up first ...
    if downs:
        free = room - fixed - sum(along[i] for i in ups)
        each = max(space.down, free // len(downs)) if free > 0 else space.down
        for i in downs:
            new[i] = min(along[i], each)
    # ... then face-up ones, down to their index ...
    if ups and sum(new) > room:
        free = room - fixed - sum(new[i] for i in downs)
        each = free // len(ups) if free > 0 else 0
        if each >= least:
            for i in ups:
                new[i] = min(along[i], each)
        else:
            # ... and where even that is too long, the lowest face-up cards lie squared,
            # each a sliver below the next, its edge (a card lying whole under another
            # was not seen to be there at all)
            sliver = min(SLIVER, edge)
            sliver = sliver if free >= len(ups) * sliver else 0
            shown = min(len(ups), max(0, (free - len(ups) * sliver) // (least - sliver)))
            for k, i in enumerate(ups):
                new[i] = least if k >= len(ups) - shown else sliver
    if downs and sum(new) > room:
        free = room - fixed - sum(new[i] for i in ups)
        each = max(0, free) // len(downs)
        for i in downs:
            new[i] = min(new[i], each)
    return [_stretched(step, down, new[i]) if new[i] != along[i] else step for i, step in enumerate(steps)]


def least_length(view: PileView, faces: Sequence[bool], space: Spacing) -> int:
    """How far a pile's fan reaches, closed up as far as it may be with every face-up
    card's index whole."""
    down = vertical(view)
    least = space.up if down else space.up_x
    total = 0
    for i, (dx, dy) in enumerate(natural_steps(view, faces, space)):
        along = abs(dy if down else dx)
        if i and faces[i - 1] and along >= least:
            along = least
        elif i and not faces[i - 1]:
            along = min(along, space.down)
        total += along
    return total


def fan_length(view: PileView, faces: Sequence[bool], space: Spacing) -> int:
    down = vertical(view)
    return sum(abs(dy if down else dx) for dx, dy in natural_steps(view, faces, space))


# -- choosing the card size ---------------------------------------------------------------
def extent(layout: Layout, game, room: dict[str, int] | None = None) -> tuple[int, int]:
    """The right and bottom edges of everything the layout draws for the game's cards now."""
    right = bottom = 0
    space = spacing(layout.card_w, layout.card_h)
    for view in layout.piles:
        if view.hidden:
            continue
        w, h = card_size(layout, view)
        faces = [card.face_up for card in game.pile(view.name).cards]
        offsets = spread(view, faces, None if room is None else room.get(view.name), space) or [(0, 0)]
        for dx, dy in offsets:
            right, bottom = max(right, view.x + dx + w), max(bottom, view.y + dy + h)
    return right, bottom


def growing(game, view: PileView) -> bool:
    """Is the pile a column that grows downwards as the game goes on?"""
    return game.pile(view.name).role == "tableau" and fanned(view) and vertical(view) and direction(view) > 0


def capacity(game, layout: Layout, room: dict[str, int]) -> int:
    """How many face-up cards each growing column can take beyond those it has, at the
    least (up to ``GROWTH``)."""
    space = spacing(layout.card_w, layout.card_h)
    least = GROWTH
    for view in layout.piles:
        if view.name not in room or view.hidden or not growing(game, view):
            continue
        faces = [card.face_up for card in game.pile(view.name).cards]
        while least and least_length(view, faces + [True] * least, space) > room[view.name]:
            least -= 1
    return least


def verdict(game, layout: Layout) -> tuple[int, int]:
    """How well a layout (its size the work area) shows the game: (2, capacity) when the
    deal shows at its natural fans, (1, capacity) when it shows with fans closed up,
    (0, 0) when it doesn't show whole."""
    room = rooms(layout)
    space = spacing(layout.card_w, layout.card_h)
    right, bottom = extent(layout, game, room)
    if right > layout.width or bottom > layout.height:
        return 0, 0
    shown = 2
    for view in layout.piles:
        if view.name not in room or view.hidden:
            continue
        faces = [card.face_up for card in game.pile(view.name).cards]
        if least_length(view, faces, space) > room[view.name]:
            return 0, 0
        if fan_length(view, faces, space) > room[view.name]:
            shown = 1
    return shown, capacity(game, layout, room)


def sized(layout: Layout, game, width: int, height: int) -> Layout:
    """The layout with a work area no bigger than ``width`` × ``height`` unless its
    piles' places need more, and as tall as its columns need to take ``GROWTH``
    cards more: the room its fans close up within."""
    right = max((view.x + card_size(layout, view)[0] for view in layout.piles), default=0) + MARGIN
    bottom = max((view.y + card_size(layout, view)[1] for view in layout.piles), default=0) + MARGIN
    space = spacing(layout.card_w, layout.card_h)
    grown = layout.height
    for view in layout.piles:
        if growing(game, view):
            faces = [card.face_up for card in game.pile(view.name).cards] + [True] * GROWTH
            grown = max(grown, view.y + layout.card_h + least_length(view, faces, space) + MARGIN)
    return replace(layout, width=max(right, min(max(layout.width, right), width)),
                   height=max(bottom, min(max(grown, bottom), height)))


def fit(game, width: int, height: int) -> Layout:
    """The layout that shows the game best in a work area of ``width`` × ``height``.

    A game whose playfield fills the window (CardsWorkShop's matrix) is laid out
    for the area, and one whose columns end at panels of their own (King Albert's
    diagram) keeps its card size.  Other games try their own card size, then each smaller one of
    ``SIZES``: the first at which the deal shows at its natural fans with room
    for every column to take ``GROWTH`` cards more is taken, else the first with
    room for six cards more, else the first at which the deal shows at its
    natural fans, else the first at which it shows with its fans closed up, else
    the smallest (and the window scrolls)."""
    ruleset = game.ruleset
    try:
        matrix = ruleset.fit_layout(game, width, height)
    except ValueError:
        matrix = None   # the matrix needs more room than there is: cards of the usual sizes, scrolled
    if matrix is not None:
        return matrix
    own = ruleset.layout(game)
    if any(view.reach for view in own.piles):
        # (a diagram whose columns end at panels of their own, King Albert's: its cards keep
        # their size, and a long column closes up its fan inside its panel)
        kept = sized(own, game, width, height)
        if kept.width <= width and kept.height <= height:
            return kept
    sizes = [(own.card_w, own.card_h)] + [(w, h) for w, h in SIZES if w < own.card_w and h < own.card_h]
    tried = []
    layout = own
    for w, h in sizes:
        layout = sized(own if (w, h) == (own.card_w, own.card_h) else ruleset.layout(game, w, h), game, width, height)
        if layout.width <= width and layout.height <= height:
            shown, grows = verdict(game, layout)
            if shown == 2 and grows >= GROWTH:
                return layout
            if shown:
                tried.append((shown, grows, layout))
    for wanted in (6, 0):
        for shown, grows, found in tried:
            if shown == 2 and grows >= wanted:
                return found
    return tried[0][2] if tried else layout


def widened(layout: Layout, width: int) -> Layout:
    """The layout in a work area at least ``width`` wide, its piles moved to the middle."""
    if layout.width >= width:
        return layout
    shift = (width - layout.width) // 2
    return replace(layout, width=width, piles=[replace(view, x=view.x + shift) for view in layout.piles])
