"""The declarative rules as data: ``Build``, ``View``, ``PileRule``, ``DealStep``,
``StockRule`` and ``Rules`` (see the package's docstring), and their checks."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SUITS, Card
from ..errors import SolitaireError
from ..piles import ROLES

#: rank orders of ``Build.rank``
RANK_ORDERS = ("up", "down", "either", "same", "any", "none")
#: suit rules of ``Build.suit``
SUIT_RULES = ("same", "alternate", "colour", "other", "any", "none")
#: take rules of ``PileRule.take``
TAKE_RULES = ("top", "run", "any", "none")
#: free-cell limits of ``PileRule.free_limit``
FREE_LIMITS = ("cells", "doubling")
#: win rules of ``Rules.won``
WIN_RULES = ("foundations", "tableau", "counts")

_PLURAL_SUITS = {"same": "of the same suit", "alternate": "in alternate colours",
                 "colour": "in the same colour", "other": "of a different suit", "any": "of any suit"}
_ORDER_WORDS = {"up": "up", "down": "down", "either": "up or down"}
_SUIT_WORDS = {"same": "same suit", "alternate": "alternate", "colour": "same colour",
               "other": "other suit", "any": "any", "none": "-"}
_TAKE_WORDS = {"top": "top card", "run": "cards in order", "any": "any face up", "none": "nothing"}
_FACES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _order_picture(build: Build) -> str:
    """SolKit's picture of a rank order: ``A 2 3 4`` up, ``4 3 2 A`` down, ``A 2 3 2`` either, ``-`` any."""
    letters = _FACES
    step = build.step
    if build.rank == "up":
        return " ".join(letters[i * step % 13] for i in range(4))
    if build.rank == "down":
        return " ".join(letters[(3 - i) * step % 13] for i in range(4))
    if build.rank == "either":
        return " ".join(letters[i] for i in (0, step, 2 * step, step))
    if build.rank == "same":
        return "7 7 7 7"
    return "-"


class RulesError(SolitaireError):
    """A ``Rules`` description that cannot be played (bad pile name, impossible deal ...)."""


@dataclass(frozen=True)
class Build:
    """How a card may be placed on another card of a pile.

    ``rank`` is the rank order going up the pile: ``"up"`` (a 6 on a 5),
    ``"down"`` (a 5 on a 6), ``"either"`` (one higher or lower), ``"same"``
    rank, ``"any"`` rank, ``"none"`` (nothing may go on a card).  ``step``
    is how far apart the ranks are going up or down (2: a 7 on a 5).
    ``wrap`` lets the order loop: an ace goes on a king going up, a king
    on an ace going down.  ``suit``: ``"same"`` suit, ``"alternate"``
    colour, ``"colour"`` (the same colour), ``"other"`` (any suit except the
    same), ``"any"``, ``"none"`` (nothing may go on a card).
    """

    rank: str = "down"
    suit: str = "alternate"
    wrap: bool = False
    step: int = 1

    def refusal(self, under: Card, over: Card) -> str | None:
        """Why ``over`` may not go on ``under`` (None if it may)."""
        if self.rank == "none" or self.suit == "none":
            return "nothing can be put on it"
        if not self.rank_fits(under.rank, over.rank):
            if self.rank == "same":
                return "this pile builds in cards of the same rank"
            by = f" by {self.step}" if self.step != 1 else ""
            return f"this pile builds {_ORDER_WORDS[self.rank]}{by}" + (" (round the corner)" if self.wrap else "")
        if not self.suit_fits(under, over):
            return f"this pile builds {_PLURAL_SUITS[self.suit]}"
        return None

    def rank_fits(self, under: int, over: int) -> bool:
        if self.rank == "any":
            return True
        if self.rank == "same":
            return over == under
        step = self.step
        up = over == under + step or (self.wrap and over == under + step - 13)
        down = over == under - step or (self.wrap and over == under - step + 13)
        return {"up": up, "down": down, "either": up or down}.get(self.rank, False)

    def suit_fits(self, under: Card, over: Card) -> bool:
        suit = self.suit
        if suit == "same":
            return under.suit == over.suit
        if suit == "alternate":
            return under.red != over.red
        if suit == "colour":
            return under.red == over.red
        if suit == "other":
            return under.suit != over.suit
        return suit == "any"

    def fits(self, under: Card, over: Card) -> bool:
        return self.refusal(under, over) is None


@dataclass(frozen=True)
class View:
    """Where a pile is drawn, in card units: ``x`` card widths, ``y`` card heights.

    ``dx``/``dy`` offset each face-up card from the one below it and
    ``down_dx``/``down_dy`` each face-down card (None: same as face up).
    ``max_visible`` is how many top cards are drawn (None: all).
    """

    x: float = 0.0
    y: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    down_dx: float | None = None
    down_dy: float | None = None
    max_visible: int | None = None


@dataclass(frozen=True)
class PileRule:
    """The rules of one pile.

    ``name``: the pile's name in actions and positions (``col1``, ``stock``).
    ``role``: one of ``piles.ROLES``.
    ``build``: how cards dropped on a non-empty pile fit its top card.
    ``start_rank``: what may start the pile when empty: a rank 1-13,
    ``"any"``, ``"none"`` (nothing: the pile can't be refilled) or
    ``"base"`` (the game's base rank, see ``Rules.base``).
    ``start_suit``: a suit letter the first card must have, ``"red"`` or
    ``"black"`` for a colour, or None.
    ``take``: what may be picked up: ``"top"`` card only, a ``"run"`` of
    face-up cards that follows ``run_build`` (default: ``build``), ``"any"``
    face-up cards, or ``"none"``.
    ``accept``: False means nothing may be dropped here (stock, waste,
    take-only columns).  Addition-game pairs ignore it.
    ``capacity``: the most cards the pile may hold after a drop (None: no
    limit; a free cell has 1).
    ``max_drop``/``min_drop``: the most (None: no limit) and fewest cards
    one drop may bring.
    ``also``: further ``Build`` rules; a card fits if any of them, or
    ``build``, accepts it (two ways of building on one pile).
    ``accept_from``: pile names or roles whose cards may be dropped here
    (None: any); ``accept_from_empty`` the same while the pile is empty
    (None: as ``accept_from``).
    ``refill_from``: a pile whose top card moves here, face up, whenever
    this pile is left empty after a move (Canfield's tableau and reserve).
    ``won_count``: with ``Rules.won == "counts"``, how many cards the pile
    must hold for the game to be won.
    ``free_limit``: limit on runs dropped here by the free piles:
    ``"cells"`` allows 1 + the number of empty cell, reserve and tableau
    piles (the destination not counted); ``"doubling"`` allows
    (1 + empty cells and reserves) * 2 ** (empty tableau piles).
    ``flip_exposed``: turn a face-down top card up after every move.
    """

    name: str
    role: str
    build: Build = Build()
    start_rank: int | str = "any"
    start_suit: str | None = None
    take: str = "top"
    run_build: Build | None = None
    accept: bool = True
    capacity: int | None = None
    max_drop: int | None = None
    min_drop: int = 1
    free_limit: str | None = None
    flip_exposed: bool = False
    also: tuple[Build, ...] = ()
    accept_from: tuple[str, ...] | None = None
    accept_from_empty: tuple[str, ...] | None = None
    refill_from: str | None = None
    won_count: int | None = None
    view: View = View()

    def validate(self) -> None:
        if not self.name or not isinstance(self.name, str):
            raise RulesError("a pile needs a name")
        if self.role not in ROLES:
            raise RulesError(f"pile {self.name}: unknown role {self.role!r}")
        for build in (self.build, self.run_build, *self.also):
            if build is None:
                continue
            if not isinstance(build.step, int) or not 1 <= build.step <= 12:
                raise RulesError(f"pile {self.name}: a rank step must be 1 to 12, not {build.step!r}")
            if build.rank not in RANK_ORDERS:
                raise RulesError(f"pile {self.name}: unknown rank order {build.rank!r}")
            if build.suit not in SUIT_RULES:
                raise RulesError(f"pile {self.name}: unknown suit rule {build.suit!r}")
        if not (self.start_rank in ("any", "none", "base")
                or (isinstance(self.start_rank, int) and 1 <= self.start_rank <= 13)):
            raise RulesError(f"pile {self.name}: start rank must be 1-13, any, none or base, not {self.start_rank!r}")
        if self.start_suit is not None and self.start_suit not in (*SUITS, "red", "black"):
            raise RulesError(f"pile {self.name}: unknown suit {self.start_suit!r}")
        if self.take not in TAKE_RULES:
            raise RulesError(f"pile {self.name}: unknown take rule {self.take!r}")
        for label, value in (("capacity", self.capacity), ("max_drop", self.max_drop), ("min_drop", self.min_drop)):
            if value is not None and value < 1:
                raise RulesError(f"pile {self.name}: {label} must be at least 1")
        if self.won_count is not None and self.won_count < 0:
            raise RulesError(f"pile {self.name}: won_count can't be negative")
        if self.free_limit is not None and self.free_limit not in FREE_LIMITS:
            raise RulesError(f"pile {self.name}: unknown free-cell limit {self.free_limit!r}")

    def fits(self, under: Card, over: Card) -> str | None:
        """Why ``over`` may not go on ``under`` by any of the pile's builds (None if it may)."""
        reason = self.build.refusal(under, over)
        if reason is not None and any(other.refusal(under, over) is None for other in self.also):
            return None
        return reason

    @property
    def run(self) -> Build:
        return self.run_build or self.build


@dataclass(frozen=True)
class DealStep:
    """Deal ``count`` cards from the shuffled deck to ``pile``, face up or down.

    With ``card`` = (rank, suit letter) the step deals that one card
    (taken out of the deck before shuffling; ``count`` must be 1).
    """

    pile: str
    count: int = 1
    face_up: bool = True
    card: tuple[int, str] | None = None


@dataclass(frozen=True)
class StockRule:
    """What a SELECT-click on the stock pile ``pile`` does.

    With ``waste`` set: turn ``count`` cards (fewer if fewer are left) onto
    the waste, face up; when the stock is empty, a click turns the whole
    waste back over as the stock, if redeals are left.  ``redeals`` is how
    many times (None: as often as you like); what is left is kept in
    ``game.vars["redeals"]``.
    Without a waste: deal one card face up to each of ``targets`` (in
    order) as long as the stock lasts.  ``deal_at_start``: the deal ends
    with one such click (SolKit turns the first cards onto the waste).
    ``deal_on_redeal``: the click that turns the waste over also turns the
    next cards onto it (as SolKit does).
    """

    pile: str
    waste: str | None = None
    count: int = 1
    redeals: int | None = 0
    targets: tuple[str, ...] = ()
    deal_at_start: bool = False
    deal_on_redeal: bool = False


@dataclass(frozen=True)
class Rules:
    """A whole game, as data.

    ``name``, ``decks`` (1-8), ``piles`` in creation order (their order in
    positions and in the default layout), ``deal``: the deal plan,
    ``rest_to``: the pile that takes the undealt cards face down (None:
    the deal must use every card), ``stocks``: the click rule of each
    stock pile (the first one's redeals are ``game.vars["redeals"]``, any
    other's ``game.vars["redeals.NAME"]``).
    ``base``: (pile, index from the bottom) of a dealt card whose rank
    becomes the base rank ``game.vars["base"]`` for ``start_rank="base"``.
    ``addition``: if set, a card dragged onto another card whose rank
    adds up to it with its own removes both to ``pair_to`` (default: the
    first foundation); a card of that rank alone goes there by a click.
    ``covers``: (pile, (piles lying over it, ...)) pairs: a pile's cards
    can't be taken or paired while a pile lying over it holds cards.
    ``won``: ``"foundations"`` (only foundations hold cards),
    ``"tableau"`` (every tableau pile is empty) or ``"counts"`` (every
    pile with a ``won_count`` holds exactly that many cards).
    ``size``: the playing area in card units (None: worked out).
    """

    name: str
    piles: tuple[PileRule, ...]
    decks: int = 1
    deal: tuple[DealStep, ...] = ()
    rest_to: str | None = None
    stocks: tuple[StockRule, ...] = ()
    base: tuple[str, int] | None = None
    addition: int | None = None
    pair_to: str | None = None
    covers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    won: str = "foundations"
    size: tuple[float, float] | None = None
    notes: dict = field(default_factory=dict, compare=False)

    # -- checking -------------------------------------------------------------
    def pile_rule(self, name: str) -> PileRule:
        for rule in self.piles:
            if rule.name.lower() == name.lower():
                return rule
        raise RulesError(f"there is no pile named {name!r}")

    def validate(self) -> None:
        """Raise RulesError if the game can't be played as described."""
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError(f"a game uses 1 to 8 decks, not {self.decks!r}")
        if not self.piles:
            raise RulesError("the game has no piles")
        seen = set()
        for rule in self.piles:
            rule.validate()
            if rule.name.lower() in seen:
                raise RulesError(f"two piles are named {rule.name!r}")
            seen.add(rule.name.lower())
        total = 52 * self.decks
        wanted: dict[tuple[int, str], int] = {}
        dealt = 0
        per_pile: dict[str, int] = {}
        for step in self.deal:
            self.pile_rule(step.pile)
            if step.count < 0:
                raise RulesError(f"a deal step can't deal {step.count} cards")
            if step.card is not None:
                rank, suit = step.card
                if step.count != 1 or not (isinstance(rank, int) and 1 <= rank <= 13) or suit not in SUITS:
                    raise RulesError(f"a deal step names an impossible card {step.card!r}")
                wanted[step.card] = wanted.get(step.card, 0) + 1
                if wanted[step.card] > self.decks:
                    card = Card(rank, suit)
                    raise RulesError(f"the deal asks for the {card.name} {wanted[step.card]} times, "
                                     f"but there {'is' if self.decks == 1 else 'are'} only {self.decks}")
            dealt += step.count
            per_pile[step.pile.lower()] = per_pile.get(step.pile.lower(), 0) + step.count
        if dealt > total:
            raise RulesError(f"the deal needs {dealt} cards but {self.decks} deck{'s' if self.decks > 1 else ''} "
                             f"hold{'' if self.decks > 1 else 's'} only {total}")
        if self.rest_to is not None:
            self.pile_rule(self.rest_to)
        elif dealt < total:
            raise RulesError(f"the deal leaves {total - dealt} cards over and there is no stock for them")
        stock_piles = set()
        for stock in self.stocks:
            self.pile_rule(stock.pile)
            if stock.pile.lower() in stock_piles:
                raise RulesError(f"pile {stock.pile} has two stock rules")
            stock_piles.add(stock.pile.lower())
            if stock.waste is not None:
                self.pile_rule(stock.waste)
                if stock.count < 1:
                    raise RulesError("the stock must turn at least one card at a time")
            elif not stock.targets:
                raise RulesError("the stock deals to no pile")
            for name in stock.targets:
                self.pile_rule(name)
            if stock.redeals is not None and stock.redeals < 0:
                raise RulesError("redeals can't be negative (use None for unlimited)")
        if self.base is not None:
            name, index = self.base
            self.pile_rule(name)
            if not 0 <= index < per_pile.get(name.lower(), 0):
                raise RulesError(f"the base card would be card {index + 1} of {name}, which the deal doesn't give it")
        elif any(rule.start_rank == "base" for rule in self.piles):
            raise RulesError("a pile starts with the base rank, but no dealt card sets it")
        if self.addition is not None:
            if not isinstance(self.addition, int) or not 2 <= self.addition <= 26:
                raise RulesError(f"an addition total must be 2-26, not {self.addition!r}")
            if self.pair_to is not None:
                self.pile_rule(self.pair_to)
            elif not any(rule.role == "foundation" for rule in self.piles):
                raise RulesError("an addition game needs a foundation for the pairs")
        for name, over in self.covers:
            self.pile_rule(name)
            for other in over:
                self.pile_rule(other)
        names = {rule.name.lower() for rule in self.piles}
        for rule in self.piles:
            for source in (*(rule.accept_from or ()), *(rule.accept_from_empty or ())):
                if source.lower() not in names and source not in ROLES:
                    raise RulesError(f"pile {rule.name}: accepts cards from {source!r}, which is no pile or role")
            if rule.refill_from is not None:
                if self.pile_rule(rule.refill_from) is rule:
                    raise RulesError(f"pile {rule.name} can't refill itself")
        if self.won not in WIN_RULES:
            raise RulesError(f"unknown win rule {self.won!r}")
        if self.won == "counts" and not any(rule.won_count is not None for rule in self.piles):
            raise RulesError("the game is won by pile counts, but no pile has a won_count")


def group(prefix: str, count: int, role: str, first: int = 1, **kwargs) -> list[PileRule]:
    """``count`` alike piles named ``prefix1``, ``prefix2`` ... (from ``first``)."""
    return [PileRule(f"{prefix}{i}", role, **kwargs) for i in range(first, first + count)]
