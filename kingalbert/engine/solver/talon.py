"""A stock turned onto its waste as often as the player likes: the *talon*.

Where a stock deals ``count`` cards at a time onto a waste that gives only its
top card and takes none, and the waste goes back as the stock for ever
(unlimited redeals), the stock and waste together are one sequence of cards
in dealing order (the waste bottom to top, then the stock top to bottom) with
a *pointer*: how many of them lie on the waste.  A click moves the pointer on
by ``count`` (to the end at most); at the end, a click turns the waste over,
pointer 0 (and, where the game deals on that same click, on by ``count``).
Nothing else about the position changes.

So the pointers a click after click comes round to again - the *cycle*:
``count``, ``2 count`` ... and the end, and 0 unless the turn-over deals - are
positions of equal standing (each reaches the others by clicks alone), and a
position with another pointer (the deal's, or the one a card played from a
stock dealing several at a time leaves) reaches all of them.  A search state
keys the positions of the cycle as one (the pointer at the end: the whole
sequence on the waste, face up) and offers, instead of the clicks, the play
of each card a pointer it reaches puts on top, spelt out as the clicks and
then the drag (``reach``).  Every card a
position can ever play from the talon is offered, so an exhausted search
still proves a deal lost (docs/solver.md, "The talon").

Cards are bytes as in ``compact.py``: 1-52 face up, 53-104 face down.
"""
from __future__ import annotations

from dataclasses import dataclass

#: ``bytes.translate`` tables: every card face up, every card face down
FACE_UP = bytes((b - 1) % 52 + 1 if 1 <= b <= 104 else b for b in range(256))
FACE_DOWN = bytes((b - 1) % 52 + 53 if 1 <= b <= 104 else b for b in range(256))
#: ``Talon.reach``'s answers, by (count, deals on turn, pointer, size)
_REACH: dict[tuple, tuple] = {}


@dataclass(frozen=True)
class Talon:
    """A stock pile and its waste (indices of the state's piles) as above."""

    stock: int
    waste: int
    count: int
    deals_on_turn: bool

    def in_cycle(self, pointer: int, size: int) -> bool:
        """Is ``pointer`` (cards on the waste, of ``size``) one the clicks come round to?"""
        if pointer == size:
            return True
        if pointer == 0:
            return not self.deals_on_turn
        return pointer % self.count == 0

    def reach(self, pointer: int, size: int) -> tuple[tuple[int, int], ...]:
        """(pointer, clicks) for every other pointer above 0 that clicks reach from
        ``pointer``, each with the fewest clicks, in the order the clicks come to them
        (worked out once for each talon, pointer and size)."""
        question = (self.count, self.deals_on_turn, pointer, size)
        found = _REACH.get(question)
        if found is None:
            if len(_REACH) > 100_000:
                _REACH.clear()
            found = _REACH[question] = tuple(self._reach(pointer, size))
        return found

    def _reach(self, pointer: int, size: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        if size == 0:
            return out
        seen = {pointer}
        at, clicks, turned = pointer, 0, False
        while True:
            if at < size:
                at = min(at + self.count, size)
            else:
                if turned:
                    break
                turned = True
                at = min(self.count, size) if self.deals_on_turn else 0
            clicks += 1
            if at in seen:
                if at == pointer:
                    break
                continue
            seen.add(at)
            if at:
                out.append((at, clicks))
        return out

    def clicks_to(self, pointer: int, size: int, target: int) -> int:
        """The fewest clicks from ``pointer`` to ``target`` (which they must reach)."""
        if target == pointer:
            return 0
        return dict(self.reach(pointer, size))[target]

    def positions(self, piles, wanted) -> list[tuple[int, int]]:
        """(place in dealing order, card) of every card of ``wanted`` (face-up bytes) that
        the talon holds, in dealing order (found by the bytes' own search)."""
        waste, stock = piles[self.waste], piles[self.stock]
        last = len(waste) + len(stock) - 1
        out = []
        for b in wanted:
            i = waste.find(b)
            while i >= 0:
                out.append((i, b))
                i = waste.find(b, i + 1)
            j = stock.rfind(b + 52)
            while j >= 0:
                out.append((last - j, b))
                j = stock.rfind(b + 52, 0, j)
        out.sort()
        return out

    def sequence(self, piles) -> bytes:
        """The talon's cards in dealing order, face up."""
        return piles[self.waste] + piles[self.stock][::-1].translate(FACE_UP)

    def canonical(self, piles) -> list | None:
        """``piles`` with the talon as its cycle's key has it (None: as it is)."""
        waste, stock = piles[self.waste], piles[self.stock]
        if not stock or not self.in_cycle(len(waste), len(waste) + len(stock)):
            return None
        cards = self.sequence(piles)
        piles = list(piles)
        piles[self.waste] = cards
        piles[self.stock] = b""
        return piles

    def split(self, cards: bytes, pointer: int) -> tuple[bytes, bytes]:
        """(waste, stock) holding the sequence ``cards`` with that pointer."""
        return cards[:pointer], cards[pointer:][::-1].translate(FACE_DOWN)
