"""The tables a ``.pat`` game's compact state plays from: the card codes (1-52 face
up, 53-104 face down), which card fits on which under each ``Sequence``, and the
piles each pile may cover.  Shared by ``compact`` (the state) and ``solving`` (the
reductions).
"""
from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import SUITS, Card
from .model import CARD_H, CARD_W, UNLIMITED

DRAG, CLICK = 0, 1
FACES = [Card(code % 13 + 1, SUITS[code // 13]) for code in range(52)]
BYTE = {Card(rank, suit, up): SUITS.index(suit) * 13 + rank + (0 if up else 52)
        for suit in SUITS for rank in range(1, 14) for up in (True, False)}


def up(byte: int) -> int:
    return (byte - 1) % 52 + 1


def down(byte: int) -> int:
    return (byte - 1) % 52 + 53


def sequence_masks(sequence) -> list[int]:
    """For each face-up card code, the mask of codes ``sequence`` lets go on it."""
    masks = []
    for under in FACES:
        mask = 0
        for code, over in enumerate(FACES):
            if sequence.fits(under, over):
                mask |= 1 << code
        masks.append(mask)
    return masks


class PatTables:
    """A ``PatRuleset`` as tables (made once per rule set, kept on it)."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        stock, specs = ruleset.stock, ruleset.specs
        self.count = len(specs) + 1
        self.specs = [None] + list(specs)
        masks: dict = {}

        def seq(sequence):
            if sequence not in masks:
                masks[sequence] = sequence_masks(sequence)
            return masks[sequence]
        #: for each pile, its rule sets and their sequences' masks (the stock: none)
        self.sets = [()] + [spec.rules for spec in specs]
        self.fits = [()] + [tuple(seq(rules.sequence) for rules in spec.rules) for spec in specs]
        self.combine = [0] + [spec.combine if len(spec.rules) == 2 else 0 for spec in specs]
        self.waste = stock.waste - 1 if stock.waste else None
        self.window_only = [ruleset.window_only(i) for i in range(self.count)]
        self.shows = [not stock.invisible] + [not spec.invisible and spec.face != 5 for spec in specs]
        self.capacity = [None] + [spec.capacity for spec in specs]
        # geometry: each pile's place and step (71 x 96 pixels), and the piles after it that may lie over it
        self.place = []
        for index in range(self.count):
            spec = stock if index == 0 else specs[index - 1]
            w, h = (CARD_H, CARD_W) if spec.horizontal else (CARD_W, CARD_H)
            self.place.append((spec.x, spec.y, spec.dx, spec.dy, w, h))
        self.any_cover = any(rules.take.block_kind == "cover" for spec in specs for rules in spec.rules)
        self.overlaps: dict = {}
        self.still: dict = {}       # ``_still_over``'s answers
        self.reach_over: dict = {}  # ``_reach_over``'s
        self.most_cards = 52 * ruleset.decks        # (the most a pile can hold)
        self.targets = [stock.target] + [spec.target for spec in specs]
        #: per pile: 1 or 2 when its two rule sets combine (either / both), else 0
        self.both = [0] + [spec.combine if len(spec.rules) == 2 and spec.combine in (1, 2) else 0 for spec in specs]
        #: per pile: its one rule set (and its mask) when no other can be in force, else None
        self.fixed = [None] + [spec.rules[0] if len(spec.rules) == 1 else None for spec in specs]
        self.fixed_fit = [None] + [fits[0] if len(fits) == 1 else None for fits in self.fits[1:]]
        #: per pile and top card: the cards any of its rule sets lets go on it
        lists: dict = {}
        self.takes_on = [None]
        for fits in self.fits[1:]:
            key = tuple(map(id, fits))
            if key not in lists:
                union = [0] * 52
                for fit in fits:
                    union = [a | b for a, b in zip(union, fit)]
                lists[key] = [[code for code in range(52) if mask >> code & 1] for mask in union]
            self.takes_on.append(lists[key])
        # what most piles' rules come to (``PatState.generate`` decides these inline):
        #: per pile, its take kind (0, 1, 2, 3 or 9) when nothing but the kind and its
        #: sequence decides a pick (one rule set, no blocking), else None
        self.plain_take: list[int | None] = [None] + [
            rules.take.kind if rules is not None and not rules.take.block and rules.take.kind in (0, 1, 2, 3, 9)
            else None for rules in self.fixed[1:]]
        #: per pile: does a lone card go on it wherever its top card (or, empty, its
        #: pattern) takes that card, while it has room?  (One rule set laying one card
        #: or more, from anywhere, whatever the neighbours hold, no blocking, no mask.)
        self.plain_put: list[bool] = [False] + [
            rules is not None and rules.put.kind in (1, 2, 3) and not rules.put.source and not rules.put.neighbour
            and not rules.take.block and not rules.take.mask for rules in self.fixed[1:]]
        #: per pile: a ``plain_put`` pile that takes any number of cards at once (put kind 2)
        self.any_number: list[bool] = [False] + [
            plain and rules is not None and rules.put.kind == 2
            for plain, rules in zip(self.plain_put[1:], self.fixed[1:])]
        #: per pile: a ``plain_put`` pile that takes one card at a time (put kind 1)
        self.one_at_a_time: list[bool] = [False] + [
            plain and rules is not None and rules.put.kind == 1
            for plain, rules in zip(self.plain_put[1:], self.fixed[1:])]
        self.lays = [False] + [any(rules.put.kind for rules in spec.rules) for spec in specs]
        #: the piles (not the stock) whose face-down top a click turns up, when free
        self.flippable = [i for i, spec in enumerate(specs, start=1)
                          if any(r.take.kind for r in spec.rules) and not spec.invisible]
        #: the piles whose face-down top turns up by itself when it is free
        self.turning = [i for i in self.flippable if specs[i - 1].face != 5]
        # what winning asks: the piles to empty (target 0) or else the piles to fill
        counted = [i for i in range(self.count) if i == 0 or not self.window_only[i]]
        zeros = [i for i in counted if self.targets[i] == 0]
        self.won_by = (zeros, [] if zeros else [i for i in counted if 0 < self.targets[i] < UNLIMITED])
        #: per pile: may a card be laid on it while it is empty (under some rule set)?
        self.starts = [False] + [any(rules.put.kind and rules.empty.kind != "none" for rules in spec.rules)
                                 for spec in specs]
        self.feeders_possible = any(rules.put.feed for spec in specs for rules in spec.rules)

    def _still_over(self, index: int):
        """For a pile whose cards lie at one place: the later piles whose cards all lie at
        one place over it, and the later piles that spread (looked at card by card)."""
        found = self.still.get(index)
        if found is None:
            x, y, _, _, w, h = self.place[index]
            over, spread = [], []
            for other in range(index + 1, self.count):
                if not self.shows[other]:
                    continue
                ox, oy, odx, ody, ow, oh = self.place[other]
                if odx or ody:
                    spread.append(other)
                elif overlap(x, y, w, h, ox, oy, ow, oh):
                    over.append(other)
            found = self.still[index] = (over, spread)
        return found

    def _reach_over(self, index: int) -> dict[int, int]:
        """For a pile whose cards lie at one place: per later spread pile, the place in it of
        its first card that would lie over them (its longest possible size if none would)."""
        found = self.reach_over.get(index)
        if found is None:
            x, y, _, _, w, h = self.place[index]
            found = {}
            most = self.most_cards
            for other in self._still_over(index)[1]:
                ox, oy, odx, ody, ow, oh = self.place[other]
                found[other] = next((k for k in range(most) if overlap(x, y, w, h, ox + k * odx, oy + k * ody, ow, oh)),
                                    most)
            self.reach_over[index] = found
        return found

    def coverers(self, index: int) -> list[int]:
        """The later piles whose cards can ever lie over cards of pile ``index``."""
        x, y, dx, dy, _, _ = self.place[index]
        if dx or dy:
            return list(range(index + 1, self.count))
        over, spread = self._still_over(index)
        reach = self._reach_over(index)
        return over + [other for other in spread if reach[other] < self.most_cards]

    def covered(self, piles, index: int, first: int, last: int) -> bool:
        """``PatRuleset.covered``: do cards of later piles lie over cards first..last of pile ``index``?"""
        if not self.shows[index]:
            return False
        x, y, dx, dy, w, h = self.place[index]
        if not dx and not dy:
            over, spread = self._still_over(index)
            for other in over:
                if piles[other]:
                    return True
            # (a spread pile lies over it once it holds more cards than the first one that would)
            reach = self._reach_over(index)
            return any(len(piles[other]) > reach[other] for other in spread)
        others: Iterable[int] = range(index + 1, self.count)
        for other in others:
            size = len(piles[other])
            if not size or not self.shows[other]:
                continue
            ox, oy, odx, ody, ow, oh = self.place[other]
            for j in range(first, last + 1):
                ax, ay = x + j * dx, y + j * dy
                for k in range(size):
                    bx, by = ox + k * odx, oy + k * ody
                    if bx < ax + w and ax < bx + ow and by < ay + h and ay < by + oh:
                        return True
        return False

    def slot_covered(self, piles, index: int) -> bool:
        x, y, _, _, w, h = self.place[index]
        for other in range(index + 1, self.count):
            size = len(piles[other])
            if not size or not self.shows[other]:
                continue
            ox, oy, odx, ody, ow, oh = self.place[other]
            for k in range(size):
                bx, by = ox + k * odx, oy + k * ody
                if bx < x + w and x < bx + ow and by < y + h and y < by + oh:
                    return True
        return False


def overlap(x, y, w, h, ox, oy, ow, oh) -> bool:
    """Do the rectangles at (x, y) w by h and at (ox, oy) ow by oh overlap?  (The hot loops
    of ``covered`` and ``slot_covered`` write it out.)"""
    return ox < x + w and x < ox + ow and oy < y + h and y < oy + oh


def tables(ruleset) -> PatTables:
    found = ruleset.__dict__.get("_pat_tables")
    if found is None:
        found = ruleset.__dict__["_pat_tables"] = PatTables(ruleset)
    return found
