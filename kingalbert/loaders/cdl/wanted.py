"""Which cards the foundations take, and in what order: a second score for the search.

The search's first score (``search.score_of``) counts cards still in fanned
stacks and cards the foundations still want.  In Strategy and Calculation it
says nothing while the stock is being placed: every card put on a reserve or
waste pile counts the same wherever it goes, yet where it goes decides the
game (a card laid on one the foundations want before it must come off first,
and in Strategy it never can).  A program does not say what its foundations
build by, but its release methods can be asked: ``probe`` hands each card in
turn to each stack ``win?`` gathers cards on (``goals.py``), as the CURSOR's
single card, in the dealt position, and keeps the ones the stack's To method
takes; it lays one of them on the stack and asks again, thirteen rounds (or
as many as the stack still wants).  What it learns is ``Wanted``:

- each foundation's *chain*, the cards it takes at each round (Strategy's
  first foundation: the Ace of Spades, then the Two, ...; Calculation's second:
  any Four, then any Six, ...; Klondike's first: any Ace, then the Two of the
  Ace it was given);
- each card's *level*, the first round at which some foundation takes it;
- the cards' *classes*: cards some round of a chain takes alike are copies of
  one class (Calculation: the four cards of a rank; Strategy: each card its
  own), and a class is wanted at every round of a chain that takes its cards.

``needs`` says, in a position, when each card out is wanted: the foundations'
chains are as far on as the cards they have gained since the probe, and of a
class's copies the one nearest the top of its stack takes the soonest want
left, the next one the next (a Calculation Six is wanted four times, at four
moments: the first copy at hand goes up first); where each card is its own
class (Strategy), its level.  On those rounds, ``blocks``
counts, in a fanned stack, the pairs of a card lying above one wanted sooner;
``stuck`` lays the foundations' chains out as far as the fanned stacks let
them, every card outside a fanned stack taken to be at hand, and counts the
fanned stacks' cards left: in Strategy the cards that can never go up once
the reserve is dealt (a card above one its own foundation wants first, or a
ring of such), which no later card can free; ``closed`` is how much room a
stack's top has lost (a card is best laid on the top nearest above it).

These feed two more best-first queues (``search.CdlState``); a score orders the
search and proves nothing, so a program whose release methods read more than
the CURSOR and their own stack (a probe sees what they do in the dealt
position only) costs order, never a verdict.  Measured in docs/solver.md
("What the foundations want"): Strategy 0 -> 16 of deals 1-20 at 10 s,
Calculation 0 -> 2, and 2 -> 5 with a want of its own for each copy ("Copies, and
when each is wanted").
"""
from __future__ import annotations

from bisect import bisect_left, insort

from .errors import CdlRuntimeError, stopped
from .model import CURSOR
from .transactions import View

#: the cards of one deck, face up (CARD numbers 0-51; a card face down or shaded is one of
#: these plus 52 or 104)
DECK = range(52)


class Wanted:
    """The foundations' chains and the cards' levels (``probe``), and the counts on them."""

    def __init__(self, levels: dict[int, int], chains: list[list[frozenset]], keys: tuple[str, ...],
                 sizes: tuple[int, ...]):
        self.levels = levels
        self.chains = chains
        #: each chain's foundation (its stack's key), and its size when it was probed (a
        #: round is a card laid on it)
        self.keys = keys
        self.sizes = sizes
        # the classes: cards one round takes alike are joined (each card to its class's first)
        class_of = {card: card for card in levels}

        def first(card: int) -> int:
            while class_of[card] != card:
                card = class_of[card]
            return card
        for chain in chains:
            for cards in chain:
                head = first(min(cards))
                for card in cards:
                    class_of[first(card)] = head
        self.class_of = {card: first(card) for card in levels}
        #: per class, the (chain, round) of each want
        self.wants: dict[int, list[tuple[int, int]]] = {}
        for j, chain in enumerate(chains):
            for k, cards in enumerate(chain):
                self.wants.setdefault(self.class_of[min(cards)], []).append((j, k))
        #: does some class have several copies (a block then costs more: ``CdlState``)?
        self.copies = any(len(wants) > 1 for wants in self.wants.values())
        self._laid: dict[tuple, tuple] = {}
        self._lefts: dict[tuple, dict[int, list[int]]] = {}

    def needs(self, heights: list[int], stacks: list[tuple]) -> dict[int, int]:
        """When each card of ``stacks`` is wanted, in rounds from now (99: never), with the
        foundations at ``heights`` (one per chain): a class's wants left, soonest first,
        go to its copies in order of how near the top of its stack each lies.  Where every
        class is a single card (Strategy), the levels (measured: docs/solver.md)."""
        if not self.copies:
            return self.levels
        at = tuple(height - size for height, size in zip(heights, self.sizes))
        # (a stack's cards as (class, (depth, card)), and the wants left at ``at``: both
        # remembered, for stacks and foundations change a card at a time)
        laid = self._laid
        copies: dict[int, list[tuple[int, int]]] = {}
        for cards in stacks:
            entries = laid.get(cards)
            if entries is None:
                if len(laid) >= 10_000:
                    laid.clear()
                entries = laid[cards] = self._lay(cards)
            for cls, entry in entries:
                found = copies.get(cls)
                if found is None:
                    copies[cls] = [entry]
                else:
                    found.append(entry)
        lefts = self._lefts.get(at)
        if lefts is None:
            if len(self._lefts) >= 10_000:
                self._lefts.clear()
            lefts = self._lefts[at] = {cls: sorted(k - at[j] for j, k in wants if k >= at[j])
                                       for cls, wants in self.wants.items()}
        need: dict[int, int] = {}
        for cls, found in copies.items():
            left = lefts[cls]
            if len(found) > 1:
                found.sort()
            for n, (_, card) in enumerate(found):
                need[card] = left[n] if n < len(left) else 99
        return need

    def _lay(self, cards: tuple) -> tuple:
        """A stack's cards of some class, as ``(class, (depth from the top, card))``."""
        class_of, top = self.class_of, len(cards) - 1
        return tuple((class_of[card % 52], (top - i, card % 52)) for i, card in enumerate(cards)
                     if card % 52 in class_of)

    @staticmethod
    def blocks(cards: tuple, need: dict[int, int]) -> int:
        """Pairs of a card above one wanted sooner (``needs``), in a stack."""
        found = 0
        below: list[int] = []       # (the wants of the cards below, in order)
        for card in cards:
            level = need.get(card % 52, 99)
            found += bisect_left(below, level)
            insort(below, level)
        return found

    @staticmethod
    def closed(cards: tuple, need: dict[int, int]) -> int:
        """How much of a stack's room is gone: 13 less when its top card is wanted (0 for an
        empty stack), so that a card laid on the top nearest above it costs least."""
        return max(0, 13 - need.get(cards[-1] % 52, 0)) if cards else 0

    def stuck(self, fanned: list[tuple]) -> int:
        """The cards of the fanned stacks ``fanned`` the chains cannot reach: each chain takes
        the next card it wants wherever that is at hand (the top of a fanned stack, or any
        card in no fanned stack), until none can."""
        piles = [list(cards) for cards in fanned if cards]
        where = {card % 52: i for i, cards in enumerate(piles) for card in cards}
        taken: set[int] = set()
        at = [0] * len(self.chains)
        going = True
        while going:
            going = False
            for j, chain in enumerate(self.chains):
                while at[j] < len(chain):
                    for card in chain[at[j]]:
                        if card in taken:
                            continue
                        i = where.get(card)
                        if i is None or piles[i][-1] % 52 == card:
                            break
                    else:
                        break
                    taken.add(card)
                    if i is not None:
                        piles[i].pop()
                    at[j] += 1
                    going = True
        return sum(len(cards) for cards in piles)


def probe(machine, program, state, rng_state, goals: dict[str, int]) -> Wanted | None:
    """Ask each goal stack's To method which cards it takes, round after round, from
    ``state`` (see the module's text); None where no stack takes any card."""
    stacks = [stack for stack in program.order if stack.key in goals]
    held = {stack.key: tuple(state.stacks[stack.key]) for stack in stacks}
    used = {card % 52 for cards in held.values() for card in cards}
    sizes = {key: len(cards) for key, cards in held.items()}
    levels: dict[int, int] = {}
    chains: dict[str, list[frozenset]] = {stack.key: [] for stack in stacks}
    for level in range(13):
        given: set[int] = set()
        for stack in stacks:
            here = held[stack.key]
            method = machine.methods[stack.key, "left", "to"]
            if method is None or len(here) >= goals[stack.key]:
                continue
            taken = [card for card in DECK if card not in used and _takes(machine, state, rng_state, stack,
                                                                           method, here, card)]
            if not taken:
                continue
            for card in taken:
                levels.setdefault(card, level)
            chains[stack.key].append(frozenset(taken))
            pick = next((card for card in taken if card not in given), None)
            if pick is not None:
                given.add(pick)
                used.add(pick)
                held[stack.key] = here + (pick,)
    keys = [key for key, chain in chains.items() if chain]
    return Wanted(levels, [chains[key] for key in keys], tuple(keys), tuple(sizes[key] for key in keys)) \
        if keys else None


def _takes(machine, state, rng_state, stack, method, here: tuple, card: int) -> bool:
    """Does the stack, holding ``here``, take ``card`` from the CURSOR (a run that fails or
    runs away takes nothing; one the wall clock stopped ends the search, as such a run
    does anywhere in the search: ``stopped``, rather than leave a probe half asked)?"""
    view = View(state, {CURSOR.key: (card,), stack.key: here})
    try:
        result = machine.run(view, rng_state, method=method, stack=stack, position=len(here))
    except CdlRuntimeError as error:
        stopped(error)
        return False
    after = view.then(result)
    return not after.stack(CURSOR.key) and after.stack(stack.key)[-1:] == (card,)


__all__ = ["Wanted", "probe"]
