"""Games described pile by pile, each pile with its own deal, face, take and put rules.

The model of the ``.pat`` patience format (``reader`` fills it in from a
file, ``ruleset.PatRuleset`` plays it): a game is a stock (``StockSpec``) and a list of other piles
(``PileSpec``), and ``PatRuleset`` plays them.  Piles are named ``p1`` (the
stock) to ``pN`` in their order; that order matters: later piles are drawn
over earlier ones, and "previous"/"next" pile mean the neighbours in it.

Coordinates are pixels for 71 x 96 cards (``layout`` scales them to other
card sizes).  A pile whose y is -99 or less is invisible.

What the pieces mean (the numbers are those of the ``.pat`` digits):

``CardPattern`` -- which card may start an empty pile (also: which cards a
    pile takes out of the stock before the deal): any card, no card, or a
    rank (or any rank) of a suit, a colour or any suit.  ``base=True``
    means the rank is the pile's *foundation value*, read from the first
    card dealt to the leader of its group (see ``PileSpec.base_group``).
``Sequence`` -- which card may go on the top card of a non-empty pile, and
    so what a *sequence* (a run that may be moved together) is: an order of
    values (sum 13 with kings moving alone, sum 14, down 2, down 1, same,
    up 1, up 2, up or down 1, any), whether the order goes round the
    ace/king corner (and whether nothing goes on a king), and a suit rule
    (same suit, same colour, alternate colours, another suit, any).
``TakeRule`` -- what may be picked up (nothing, one card, cards and
    sequences, sequences of 2 or more, anything), blocking (cards of later
    piles overlapping it, or cards in the next / next and previous pile, stop
    picking up, laying down or both), and a mark and mask: a pile refuses
    cards from piles whose mark is in its mask.
``PutRule`` -- what may be laid down (nothing, one card, a sequence, a
    sequence moved one by one through empty places, 2+ cards, exactly 2,
    exactly 13), feeding when the stock is clicked (1 or 2 cards, the same
    only if every pile of that kind has cards, or topping the pile up),
    moving the bottom card to the top by a click (if it fits or always,
    once or any number of times), where cards may come from (only the
    stock/waste, depending on whether the pile is empty, not the
    stock/waste, only the previous pile), and neighbour conditions (only
    while the previous / next pile has cards).
``RuleSet`` -- a take rule, a put rule, the empty-pile pattern and the
    sequence: everything that says how a pile plays.  A pile may have two,
    combined by ``PileSpec.combine``: 1 = either set allows a move, 2 = both
    must, 3-6 = the second set replaces the first when the last pass
    through the stock starts (3), when it is over (4), while the stock is
    empty (5), once the stock has been emptied once (6); 7-9 and 0 = first
    set only.

How a move is judged: for a drag, the source's take rule says whether the
cards may be picked up and whether they form a sequence (by the source's
``Sequence``); the destination's put rule, blocking, mask, capacity, and
its empty pattern or ``Sequence`` (for the lowest moving card on its top
card) say whether it takes them.  With two rule sets, the move is judged
once with every pile's first set and once with every pile's second set.

The deal (``PatRuleset.deal``): the stock's cards are shuffled (all
together, or deck by deck); piles with ``extract`` take their particular
cards out first (the most particular patterns first); then every pile in
order is dealt ``count`` cards from the front of the deck.  A dealt card
that fits a pile with ``catch`` 5 (one card), 6 or 7 (several) goes there
instead, and the pile it was meant for gets another card if its ``catch``
is 0 (replacement) but not if it is 1.  ``catch`` 7 piles then also take
every free top card of the other piles that fits them.  ``extract`` 2
piles give their cards back to the stock's bottom, after which a stock
with ``shuffle`` 2 is shuffled again.  A pile with ``base_group`` set and
``count`` 1 leads a group: its card's value is the foundation value of
the piles of its group (kept in ``game.vars["foundation_value"]`` for
the first group and ``game.vars["foundation_values"]`` by leader pile).
Finally each pile's cards are turned by its face mode.

The stock: a click draws ``draw`` cards one by one to the waste pile (face
up), and feeds the piles with feeding put rules; on an empty stock it turns
the waste over (shuffled if ``turnover`` is 1) while passes remain
(``game.vars["pass"]`` counts them).  A face-up stock (face 2) may also be
dragged from, one card at a time.

Face-down top cards turn up by themselves when the move uncovers them (the
source pile of a drag, and blocked piles that become free), and a click on
a face-down top card that may be taken turns it up.

The game is won when every pile with a ``target`` of 0 is empty or, when no
pile has 0, every pile with a target of 1-998 holds exactly that many
cards.  A negative target is a capacity; a target of 1-998 is one too.
Piles that only widen the window (dealt nothing, take and lay nothing)
count for neither, and are not in the layout; invisible piles (y -99 or
less) are not in the layout either, and never cover other piles.

What the game keeps in ``game.vars`` (so undo, redo and positions keep it):
``pass`` (1 = the first pass through the stock), ``emptied`` (the stock
has been emptied once), ``rotated:pN`` (bottom-to-top moves made on pN),
``foundation_value`` and ``foundation_values`` (see the deal).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import RANK_NAMES, Card
from ...engine.errors import SolitaireError
from ...engine.layout import PileView

CARD_W, CARD_H = 71, 96
INVISIBLE_Y = -99
UNLIMITED = 999

#: suit codes of the format: 1 hearts, 2 spades, 3 diamonds, 4 clubs,
#: 5 red, 6 black, 9 any
SUIT_CODES = {1: "H", 2: "S", 3: "D", 4: "C"}
SUIT_WORDS = {1: "Hearts", 2: "Spades", 3: "Diamonds", 4: "Clubs", 5: "red", 6: "black"}

FACE_MODES = range(8)
ORDER_WORDS = {1: "adding up to 13", 2: "adding up to 14", 3: "going down by 2", 4: "going down by 1",
               5: "of the same value", 6: "going up by 1", 7: "going up by 2", 8: "going up or down by 1"}
COLOUR_WORDS = {1: "of the same suit", 2: "of the same colour", 3: "in alternate colours", 4: "of another suit"}


class PatRulesError(SolitaireError):
    """A game description that cannot be played; ``pile`` is the pile's number (1 = stock) or None."""

    def __init__(self, message: str, pile: int | None = None):
        self.pile = pile
        self.message = message
        super().__init__(message)


# -- cards and sequences -------------------------------------------------------------
@dataclass(frozen=True)
class CardPattern:
    """Which cards: ``kind`` "any", "none" or "card"; for "card" a ``rank``
    (1-13, None = any value) and a ``suit`` code (1-4 a suit, 5 red, 6 black,
    9 any).  ``base``: the rank is the pile's foundation value instead."""

    kind: str = "any"
    rank: int | None = None
    suit: int = 9
    base: bool = False

    def matches(self, card: Card, base: int | None = None) -> bool:
        if self.kind != "card":
            return self.kind == "any"
        rank = base if self.base else self.rank
        if self.base and base is None:
            return False
        if rank is not None and card.rank != rank:
            return False
        return suit_matches(self.suit, card)

    def cards_matched(self) -> int:
        """How many of the 52 card faces match (used to take particular cards out first)."""
        if self.kind != "card":
            return 52 if self.kind == "any" else 0
        suits = 1 if self.suit in SUIT_CODES else 2 if self.suit in (5, 6) else 4
        return suits * (13 if self.rank is None and not self.base else 1)

    def describe(self, base: int | None = None) -> str:
        if self.kind == "any":
            return "any card"
        if self.kind == "none":
            return "no card"
        rank = base if self.base else self.rank
        value = "card" if rank is None else RANK_NAMES[rank]
        if self.suit in SUIT_CODES:
            return f"{value} of {SUIT_WORDS[self.suit]}" if rank is not None else f"card of {SUIT_WORDS[self.suit]}"
        if self.suit in (5, 6):
            return f"{SUIT_WORDS[self.suit]} {value}"
        return f"any {value}" if rank is not None else "any card"


def suit_matches(code: int, card: Card) -> bool:
    if code in SUIT_CODES:
        return card.suit == SUIT_CODES[code]
    if code == 5:
        return card.red
    if code == 6:
        return not card.red
    return True


@dataclass(frozen=True)
class Sequence:
    """Which card may go on another: ``kind`` "any", "none" or "rule"; for
    "rule" an ``order`` (1-9 as in the format), a ``limit`` (0 no wrapping
    round ace/king, 1 and 9 wrapping, 2 no wrapping and nothing on a king)
    and a ``colour`` rule (1 same suit, 2 same colour, 3 alternate, 4
    another suit, 9 any)."""

    kind: str = "any"
    order: int = 9
    limit: int = 9
    colour: int = 9

    @property
    def pairs_to_13(self) -> bool:
        """Sum-13 pairing, where a king may also move by itself."""
        return self.kind == "rule" and self.order == 1

    def fits(self, under: Card, over: Card) -> bool:
        """May ``over`` be laid on ``under``?"""
        if self.kind != "rule":
            return self.kind == "any"
        if self.limit == 2 and under.rank == 13:
            return False
        if not self._values_fit(under.rank, over.rank):
            return False
        colour = self.colour
        if colour == 1:
            return under.suit == over.suit
        if colour == 2:
            return under.red == over.red
        if colour == 3:
            return under.red != over.red
        if colour == 4:
            return under.suit != over.suit
        return True

    def _values_fit(self, under: int, over: int) -> bool:
        order = self.order
        if order == 1:
            return under + over == 13
        if order == 2:
            return under + over == 14
        if order == 5:
            return under == over
        if order == 9:
            return True
        steps = {3: (-2,), 4: (-1,), 6: (1,), 7: (2,), 8: (1, -1)}[order]
        wrap = self.limit in (1, 9)
        for step in steps:
            target = under + step
            if 1 <= target <= 13:
                if over == target:
                    return True
            elif wrap and over == (target - 1) % 13 + 1:
                return True
        return False

    def is_run(self, cards) -> bool:
        """Does each card fit on the one below it?"""
        return all(self.fits(cards[i], cards[i + 1]) for i in range(len(cards) - 1))

    def describe(self) -> str:
        if self.kind != "rule":
            return "any card" if self.kind == "any" else "no card"
        words = []
        if self.order != 9:
            words.append(ORDER_WORDS[self.order])
        if self.colour != 9:
            words.append(COLOUR_WORDS[self.colour])
        if self.limit in (1, 9) and self.order in (3, 4, 6, 7, 8):
            words.append("round the corner")
        return "cards " + " ".join(words) if words else "any card"


# -- pile rules --------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeRule:
    """(8): ``kind`` 0 nothing, 1 one card, 2-3 cards and sequences, 4 sequences
    of 2+, 9 anything; ``block`` 0-9 (1-3 covered by later piles, 4-6 the next
    pile has cards, 7-9 next and previous piles have cards; 1/4/7 block
    picking up, 2/5/8 laying down, 3/6/9 both); ``mark`` 0-4; ``mask`` 0-15
    (bit k refuses cards from piles with mark k+1)."""

    kind: int = 1
    block: int = 0
    mark: int = 0
    mask: int = 0

    @property
    def blocks_pick(self) -> bool:
        return self.block in (1, 3, 4, 6, 7, 9)

    @property
    def blocks_put(self) -> bool:
        return self.block in (2, 3, 5, 6, 8, 9)

    @property
    def block_kind(self) -> str:
        return "" if self.block == 0 else "cover" if self.block <= 3 else "next" if self.block <= 6 else "both"

    def refuses_mark(self, mark: int) -> bool:
        return mark > 0 and bool(self.mask & (1 << (mark - 1)))


@dataclass(frozen=True)
class PutRule:
    """(9): ``kind`` 0 nothing, 1 one card, 2 a sequence, 3 a sequence through
    empty places, 4 a sequence of 2+, 5 exactly 2, 9 exactly 13; ``feed`` 0-5;
    ``rotate`` 0-4 (bottom card to top); ``source`` 0-6; ``neighbour`` 0-2."""

    kind: int = 0
    feed: int = 0
    rotate: int = 0
    source: int = 0
    neighbour: int = 0


@dataclass(frozen=True)
class RuleSet:
    take: TakeRule = TakeRule()
    put: PutRule = PutRule()
    empty: CardPattern = CardPattern()
    sequence: Sequence = Sequence()


@dataclass(frozen=True)
class PileSpec:
    """A pile other than the stock.

    ``count`` cards dealt; position ``x``, ``y`` and spread ``dx``, ``dy`` in
    pixels for 71x96 cards; ``face`` mode 0-7 (0 all backs, 1 backs but the
    top, 2 all faces, 3/4 alternating starting with a back/face, 5 invisible
    cards, 6/7 backs but the top 2/3); ``horizontal`` cards; ``base_group``:
    the pile's empty pattern uses a foundation value (a pile with count 1
    leads a group and its dealt card sets the value); ``extract`` 1 (take
    ``count`` cards matching ``rules[0].empty`` out of the stock) or 2 (the
    same, then give them back to the stock's bottom after the deal);
    ``catch`` 0 replace cards dealt elsewhere, 1 don't, 5/6/7 catch fitting
    cards during the deal; ``target`` winning count 0-998, 999 no matter,
    negative a capacity; ``rules`` one or two ``RuleSet``; ``combine`` how
    two combine (see the module's doc); ``line`` where the pile was read.
    """

    count: int = 0
    x: int = 0
    y: int = 0
    dx: int = 0
    dy: int = 0
    face: int = 2
    horizontal: bool = False
    base_group: bool = False
    extract: int = 0
    catch: int = 0
    target: int = UNLIMITED
    rules: tuple = (RuleSet(),)
    combine: int = 0
    line: int | None = None

    @property
    def invisible(self) -> bool:
        return self.y <= INVISIBLE_Y

    @property
    def capacity(self) -> int | None:
        if self.target < 0:
            return -self.target
        if self.target < UNLIMITED and self.target > 0:
            return self.target
        return None

    def free_place(self, rules: RuleSet) -> int:
        """How this pile (visible), while empty and under ``rules``, counts for moving cards
        one by one through empty places (``free_limit``): 0 not at all, 1 as a place for a
        single card, 2 as another place."""
        if (rules.take.kind == 0 or rules.put.kind == 0 or rules.empty.kind != "any"
                or rules.put.source not in (0, 4, 5) or rules.put.neighbour):
            return 0
        return 1 if self.capacity == 1 or rules.put.kind == 1 or rules.take.kind == 1 else 2

    @property
    def window_only(self) -> bool:
        """An always-empty pile that only makes the window bigger."""
        return (self.count == 0 and not self.base_group and not self.extract and self.catch in (0, 1)
                and all(r.take.kind == 0 and r.put.kind == 0 and r.put.feed == 0 for r in self.rules))


@dataclass(frozen=True)
class StockSpec:
    """The stock (pile 1): place and spread, ``face`` 0 (backs) or 2 (faces, and
    its top card may be dragged), ``shuffle`` 0 all cards, 1 deck by deck, 2 as 0
    and again after cards went to its bottom; ``target`` (as a pile's);
    ``draw`` cards per click; ``passes`` through the stock (999 unlimited);
    ``turnover`` 0 as it is, 1 shuffled; ``waste`` the waste pile's number
    (2-N) or 0 for none."""

    count: int = 52
    x: int = 0
    y: int = 0
    dx: int = 0
    dy: int = 0
    face: int = 0
    horizontal: bool = False
    shuffle: int = 0
    target: int = UNLIMITED
    draw: int = 1
    passes: int = 1
    turnover: int = 0
    waste: int = 0
    line: int | None = None

    @property
    def invisible(self) -> bool:
        return self.y <= INVISIBLE_Y


@dataclass(frozen=True)
class PatPileView(PileView):
    """A ``PileView`` that also says the cards lie sideways or are not drawn."""

    horizontal: bool = False
    hidden: bool = False
