"""Dead cards: foundation cards that no win needs to take down again (the argument is
in docs/solver.md, "Dead cards").  The declarative models work out, from their rules,
which cards some pile (not a foundation) would take on each card; this finds the
largest set D of foundation cards closed under it.

Cards are codes 0-51; a foundation is the list of its cards' codes, bottom first.
"""
from __future__ import annotations


def proper(stacks, start: int, fit) -> bool:
    """Does every foundation hold what its rules could have built: from a card of rank
    ``start``, each card fitting on the one below (``fit[under] >> over & 1``)?  If not,
    no argument holds (a position set up from outside)."""
    for codes in stacks:
        if not codes:
            continue
        if codes[0] >= 52 or codes[0] % 13 + 1 != start:
            return False
        for under, over in zip(codes, codes[1:]):
            if over >= 52 or not fit[under] >> over & 1:
                return False
    return True


def dead_mask(stacks, copies: int, takes, starts_go_up: bool = False, returns: bool = True) -> int:
    """The mask of dead card codes on foundations holding ``stacks``.

    A code is a candidate when all ``copies`` of it are up.  D is the largest set of
    candidates such that each copy lies on its foundation above cards of D only, and
    every card some pile would take on a card of D (``takes[code]``, a mask) is in D,
    or (with ``starts_go_up``) is a card that starts a foundation and on which no pile
    takes any card: such a card never needs to be anywhere but on its foundation
    (docs/solver.md, "Dead cards").  Where foundation cards never come down, every
    card up stays up anyway, but D is still what a card may be played up at once
    into: a card up that a card still out could have been put on may have been needed
    there (27 Nov: every candidate counted as dead there, so every card that could go
    up went up at once, and `.pat` King Albert, Canfield and Little Mystery positions
    that can be won were called lost)."""
    never = 0
    if starts_go_up:
        start = next((codes[0] % 13 for codes in stacks if codes), None)
        if start is not None:
            for code in range(start, 52, 13):
                if not takes[code]:
                    never |= 1 << code
    counts = [0] * 52
    for codes in stacks:
        for code in codes:
            counts[code] += 1
    # (a start card on which no pile takes a card is a candidate with any of its copies up:
    # where the decks give several, each copy is a card of its own that nothing needs down)
    needed = [counts[code] if never >> code & 1 else copies for code in range(52)]
    candidates = 0
    for code in range(52):
        if counts[code] and counts[code] == needed[code]:
            candidates |= 1 << code
    if not returns:
        # nothing comes down: a card up stays, so one is dead once every card that could go
        # on it is up too (or a start card that goes up from anywhere)
        kept = 0
        for code in range(52):
            if candidates >> code & 1 and not takes[code] & ~(candidates | never):
                kept |= 1 << code
        return kept
    while True:
        good = [0] * 52
        for codes in stacks:
            for code in codes:
                if not candidates >> code & 1 or takes[code] & ~(candidates | never):
                    break
                good[code] += 1
        kept = 0
        for code in range(52):
            if good[code] == needed[code] and candidates >> code & 1:
                kept |= 1 << code
        if kept == candidates:
            return kept
        candidates = kept
