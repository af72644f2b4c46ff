"""A general ruleset described by data, which rule-file loaders translate into.

Most patience games differ only in a handful of choices: how many piles of
each kind, how cards build on one another, what may start an empty pile,
how many cards may be taken at once, what a click on the stock does, and how
the cards are dealt.  ``Rules`` holds those choices as plain frozen data and
``RulesRuleset`` plays them through the engine's callbacks, so a loader
(``.sol``, ``game.ini``, ``.pat`` ...) only has to fill in the data classes.

The pieces:

``Build``
    How a card may go on top of another card: rank order (``up``,
    ``down``, ``either``, ``same``, ``any``, ``none``) and step, optionally
    wrapping round (an ace on a king going up, a king on an ace going down), and a suit
    rule (``same``, ``alternate`` colour, ``colour`` = same colour,
    ``other`` = any suit but the same one, ``any``, ``none``).
``PileRule``
    One pile: its name and role, the ``Build`` (and alternative builds)
    for cards dropped on it, what may start it when empty
    (``start_rank``/``start_suit``), what may be taken from it (``take``),
    whether it accepts drops at all and from which piles, its capacity (a
    free cell holds one card), the fewest and most cards one drop may
    bring, the free-cell limit on moving runs, whether a face-down card
    left on top is turned up, a pile that refills it when emptied, how many
    cards it holds in a won game, and where it is drawn (``View``).
``DealStep``
    One step of the deal plan: N cards to a pile, face up or down, or one
    specific card.  Steps run in order; the cards left over go face down
    to ``Rules.rest_to`` (the stock).
``StockRule``
    What a click on the stock does: deal N cards to a waste pile, or one
    card to each of some piles; and how often the waste may be turned
    over (redeals, counted down in ``game.vars["redeals"]``).
``Rules``
    The whole game: piles, decks, deal plan, stock, a *base* rank read
    from a dealt card (for foundations or piles whose ``start_rank`` is
    ``"base"``), addition-game pairing (``addition``), piles that cover
    others (``covers``, as in Pyramid), and the win rule.

Everything is checked by ``Rules.validate`` (called by ``RulesRuleset``),
which raises ``RulesError`` with a message a rule-file author can act on;
loaders turn that into a ``RuleFileError`` with the file and line.

Variants: ``RulesRuleset(rules, variants={"easy": ..., "hard": ...})``
picks the ``Rules`` named by ``game.options[option]`` (``"mode"`` by
default) for each game.  All variants must have the same piles.

Klondike, for example::

    piles = [PileRule("stock", "stock", take="none", accept=False, view=View(0, 0)),
             PileRule("waste", "waste", accept=False, view=View(1.1, 0))]
    piles += group("f", 4, "foundation", build=Build("up", "same"), start_rank=1, max_drop=1)
    piles += group("t", 7, "tableau", build=Build("down", "alternate"), start_rank=13,
                   take="run", flip_exposed=True, view=View(0, 1.2, 0, 0.25))
    deal = [DealStep(f"t{c + 1}", 1, face_up=(c == r)) for r in range(7) for c in range(r, 7)]
    ruleset = RulesRuleset(Rules("Klondike", tuple(piles), deal=tuple(deal), rest_to="stock",
                                 stocks=(StockRule("stock", "waste", count=3, redeals=None),)))

(``View`` positions are in card units; views left out give the default
layout, a row of piles per role.)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .cards import RANK_NAMES, SUIT_NAMES, SUITS, Card, new_deck
from .errors import PositionError, SolitaireError
from .layout import Layout, PileView
from .moves import Move
from .piles import ROLES
from .ruleset import Ruleset

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
_FACES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def _order_picture(build: "Build") -> str:
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


class RulesRuleset(Ruleset):
    """Plays a ``Rules`` description (or one of its variants, chosen by an option)."""

    def __init__(self, rules: Rules, variants: dict[str, Rules] | None = None, option: str = "mode"):
        rules.validate()
        self.rules = rules
        self.variants = dict(variants or {})
        self.option = option
        shape = [(p.name.lower(), p.role) for p in rules.piles]
        for key, variant in self.variants.items():
            variant.validate()
            if [(p.name.lower(), p.role) for p in variant.piles] != shape:
                raise RulesError(f"variant {key!r} has different piles")
            if variant.decks != rules.decks:
                raise RulesError(f"variant {key!r} uses a different number of decks")
        self.name = rules.name
        self.decks = rules.decks
        self.default_options = {option: next(iter(self.variants))} if self.variants else {}
        self.option_choices = {option: tuple(self.variants)} if self.variants else {}
        self.won_message = "You've won!"

    # -- which rules ---------------------------------------------------------------
    def rules_for(self, game) -> Rules:
        if self.variants:
            chosen = game.options.get(self.option)
            if isinstance(chosen, str):
                for key, variant in self.variants.items():
                    if key.lower() == chosen.lower():
                        return variant
        return self.rules

    def _rule(self, game, pile) -> PileRule:
        return self.rules_for(game).piles[pile.index]

    # -- new game ------------------------------------------------------------------
    def setup(self, game) -> None:
        for rule in self.rules_for(game).piles:
            game.add_pile(rule.name, rule.role)

    def deal(self, game) -> None:
        rules = self.rules_for(game)
        deck = new_deck(rules.decks, face_up=False)
        for step in rules.deal:
            if step.card is not None:
                rank, suit = step.card
                deck.remove(Card(rank, suit, False))
        game.rng.shuffle(deck)
        taken = 0
        for step in rules.deal:
            pile = game.pile(step.pile)
            if step.card is not None:
                cards = [Card(step.card[0], step.card[1], step.face_up)]
            else:
                cards = [card.turned(step.face_up) for card in deck[taken:taken + step.count]]
                taken += step.count
            game.put(pile, cards)
        rest = deck[taken:]
        if rules.rest_to is not None and rest:
            game.put(game.pile(rules.rest_to), [card.turned(False) for card in rest])
        for stock in rules.stocks:
            if stock.redeals is not None:
                game.set_var(self._redeals_key(rules, stock), stock.redeals)
        if rules.base is not None:
            name, index = rules.base
            game.set_var("base", game.pile(name).cards[index].rank)
        for stock in rules.stocks:
            if stock.deal_at_start:
                self._deal_stock(game, stock, game.pile(stock.pile))

    def check_position(self, game) -> None:
        """Also refuse rules variables (base rank, redeals left) that make no sense."""
        super().check_position(game)
        rules = self.rules_for(game)
        base = game.vars.get("base")
        if base is not None and (not isinstance(base, int) or isinstance(base, bool) or not 1 <= base <= 13):
            raise PositionError(f'"base" must be a rank from 1 to 13, not {base!r}')
        for stock in rules.stocks:
            key = self._redeals_key(rules, stock)
            left = game.vars.get(key)
            if left is not None and (not isinstance(left, int) or isinstance(left, bool) or left < 0):
                raise PositionError(f'"{key}" must be a whole number from 0 up, not {left!r}')

    # -- covering ------------------------------------------------------------------
    def blocked(self, game, pile) -> bool:
        """Is the pile covered by another pile that still holds cards?"""
        rules = self.rules_for(game)
        for name, over in rules.covers:
            if name.lower() == pile.name.lower():
                return any(game.pile(other).cards for other in over)
        return False

    # -- picking up ----------------------------------------------------------------
    def check_pick(self, game, pile, n):
        rule = self._rule(game, pile)
        if not pile.cards:
            return "There is no card there"
        if n > len(pile.cards):
            return "There aren't that many cards there"
        if rule.take == "none":
            return f"Cards can't be taken from {pile.name}"
        if self.blocked(game, pile):
            return "That card is covered by another card"
        cards = pile.cards[-n:]
        if any(not card.face_up for card in cards):
            return "That card is face down"
        if n > 1:
            if rule.take == "top":
                return f"Only the top card of {pile.name} can be moved"
            if rule.take == "run":
                build = rule.run
                for under, over in zip(cards, cards[1:]):
                    reason = build.refusal(under, over)
                    if reason is not None:
                        return f"Those cards aren't in order: {reason}"
        return None

    # -- dropping ------------------------------------------------------------------
    def _pair(self, game, src, n, dst) -> bool:
        """Is this drag an addition-game pair (both cards leave for the foundation)?"""
        total = self.rules_for(game).addition
        if total is None or n != 1 or dst is src or not src.cards or not dst.cards:
            return False
        if dst.role in ("foundation", "stock") or self._rule(game, dst).take == "none":
            return False
        under, over = dst.cards[-1], src.cards[-1]
        return under.face_up and under.rank + over.rank == total and not self.blocked(game, dst)

    def _pair_pile(self, game):
        rules = self.rules_for(game)
        if rules.pair_to is not None:
            return game.pile(rules.pair_to)
        return game.piles_of("foundation")[0]

    def check_drop(self, game, src, n, dst):
        rules = self.rules_for(game)
        if self._pair(game, src, n, dst):
            return None
        if src.role == "foundation" and dst.role == "foundation":
            return "Cards don't move from one foundation to another"
        rule = self._rule(game, dst)
        card = src.cards[-n]
        if rules.addition is not None and dst.role == "foundation":
            if n == 1 and card.rank == rules.addition:
                return None
            return f"Only pairs adding up to {rules.addition}, or a card worth {rules.addition}, go there"
        if not rule.accept:
            if rules.addition is not None:
                return f"Those cards don't add up to {rules.addition}"
            return f"Cards can't be put on {dst.name}"
        if not self._accepts_from(rule, src, dst):
            return f"{dst.name} doesn't take cards from {src.name}"
        if n < rule.min_drop:
            return f"At least {rule.min_drop} cards at a time must go there"
        if rule.max_drop is not None and n > rule.max_drop:
            return "Only one card at a time can go there" if rule.max_drop == 1 else \
                f"At most {rule.max_drop} cards at a time can go there"
        if rule.capacity is not None and len(dst.cards) + n > rule.capacity:
            return f"{dst.name} holds only one card" if rule.capacity == 1 else \
                f"{dst.name} holds at most {rule.capacity} cards"
        if rule.free_limit is not None and n > 1:
            limit = self.free_limit(game, rule.free_limit, dst)
            if n > limit:
                return f"You can move only {limit} card{'s' if limit > 1 else ''} at once with the free space you have"
        if not dst.cards:
            return self._start_refusal(game, rule, card)
        top = dst.cards[-1]
        if not top.face_up:
            return "You can't put a card on a face-down card"
        reason = rule.fits(top, card)
        if reason is not None:
            return f"The {card.name} can't go on the {top.name}: {reason}"
        return None

    @staticmethod
    def _accepts_from(rule, src, dst) -> bool:
        sources = rule.accept_from_empty if not dst.cards and rule.accept_from_empty is not None else rule.accept_from
        if sources is None:
            return True
        return any(name.lower() == src.name.lower() or name == src.role for name in sources)

    def _start_refusal(self, game, rule, card):
        rank = rule.start_rank
        if rank == "none":
            return "Nothing can go on that empty pile"
        if rank == "base":
            rank = game.vars.get("base")
            if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
                rank = "any"            # a position set up without a (sensible) base rank
        if rank != "any" and card.rank != rank:
            return f"Only a{'n' if rank in (1, 8) else ''} {RANK_NAMES[rank]} can start that pile"
        suit = rule.start_suit
        if suit in ("red", "black"):
            if card.colour != suit:
                return f"That pile must start with a {suit} card"
        elif suit is not None and card.suit != suit:
            return f"That pile must start with a card of {SUIT_NAMES[suit]}"
        return None

    def free_limit(self, game, kind, dst) -> int:
        """How many cards the free piles allow to be moved to ``dst`` at once."""
        cells = sum(1 for p in game.piles if p.role in ("cell", "reserve") and not p.cards and p is not dst)
        columns = sum(1 for p in game.piles if p.role == "tableau" and not p.cards and p is not dst)
        if kind == "cells":
            return 1 + cells + columns
        return (1 + cells) * 2 ** columns

    def on_drop(self, game, src, n, dst):
        if self._pair(game, src, n, dst):
            target = self._pair_pile(game)
            game.move_cards(dst, 1, target)
            game.move_cards(src, 1, target)
        else:
            game.move_cards(src, n, dst)

    # -- clicks --------------------------------------------------------------------
    @staticmethod
    def _redeals_key(rules, stock) -> str:
        return "redeals" if stock is rules.stocks[0] else f"redeals.{stock.pile}"

    def _stock_rule(self, game, pile) -> StockRule | None:
        for stock in self.rules_for(game).stocks:
            if stock.pile.lower() == pile.name.lower():
                return stock
        return None

    def _stock_action(self, game, pile):
        """What a click on ``pile`` as the stock would do: 'deal', 'redeal', a refusal, or None."""
        stock = self._stock_rule(game, pile)
        if stock is None:
            return None
        if pile.cards:
            return "deal"
        if stock.waste is None:
            return "The stock is empty"
        if not game.pile(stock.waste).cards:
            return "The stock and waste are empty"
        left = game.vars.get(self._redeals_key(self.rules_for(game), stock))
        if stock.redeals is not None and isinstance(left, int) and left <= 0:
            return "No redeals are left"
        return "redeal"

    @staticmethod
    def _deal_stock(game, stock: StockRule, pile) -> None:
        if stock.waste is not None:
            waste = game.pile(stock.waste)
            for _ in range(min(stock.count, len(pile.cards))):
                game.move_cards(pile, 1, waste, face_up=True)
        else:
            for name in stock.targets:
                if not pile.cards:
                    break
                game.move_cards(pile, 1, game.pile(name), face_up=True)

    def _single(self, game, pile) -> bool:
        """Is the top card of ``pile`` worth the addition total on its own?"""
        total = self.rules_for(game).addition
        if total is None or not pile.cards or pile.role in ("foundation", "stock"):
            return False
        return self.check_pick(game, pile, 1) is None and pile.cards[-1].rank == total

    def can_click(self, game, pile) -> bool:
        return self._stock_action(game, pile) in ("deal", "redeal") or self._single(game, pile)

    def on_click(self, game, pile, n):
        action = self._stock_action(game, pile)
        if action == "deal":
            self._deal_stock(game, self._stock_rule(game, pile), pile)
            return None
        if action == "redeal":
            stock = self._stock_rule(game, pile)
            waste = game.pile(stock.waste)
            while waste.cards:
                game.move_cards(waste, 1, pile, face_up=False)
            key = self._redeals_key(self.rules_for(game), stock)
            left = game.vars.get(key)
            if stock.redeals is not None and isinstance(left, int):
                game.set_var(key, left - 1)
            if stock.deal_on_redeal:
                self._deal_stock(game, stock, pile)
            return None
        if action is not None:
            return action
        if n == 1 and self._single(game, pile):
            game.move_cards(pile, 1, self._pair_pile(game))
            return None
        total = self.rules_for(game).addition
        if total is not None and pile.cards and pile.role not in ("foundation", "stock"):
            return self.check_pick(game, pile, n) or f"Only a card worth {total} goes to the foundation by itself"
        return "Nothing happens when you click there"

    # -- after every move ----------------------------------------------------------
    def after_move(self, game, move: Move) -> None:
        """Turn up exposed face-down cards, then refill emptied piles (which may expose more)."""
        rules = self.rules_for(game)
        for _ in range(len(game.piles) + 1):
            changed = False
            for pile, rule in zip(game.piles, rules.piles):
                if rule.flip_exposed and pile.cards and not pile.cards[-1].face_up:
                    game.flip(pile, -1, True)
                    changed = True
                if rule.refill_from is not None and not pile.cards:
                    source = game.pile(rule.refill_from)
                    if source.cards:
                        game.move_cards(source, 1, pile, face_up=True)
                        changed = True
            if not changed:
                break

    # -- end of game ---------------------------------------------------------------
    def is_won(self, game) -> bool:
        rules = self.rules_for(game)
        if rules.won == "tableau":
            return all(not pile.cards for pile in game.piles if pile.role == "tableau")
        if rules.won == "counts":
            return all(rule.won_count is None or len(pile.cards) == rule.won_count
                       for pile, rule in zip(game.piles, rules.piles))
        return all(pile.role == "foundation" or not pile.cards for pile in game.piles)

    # -- moves ---------------------------------------------------------------------
    def longer_picks_refused(self, game, pile, n) -> bool:
        # a refused single card, or a face-down card, refuses every longer pick too
        return n == 1 or not pile.cards[-n].face_up

    # -- presentation --------------------------------------------------------------
    def status_text(self, game) -> str:
        """Redeals left, else the base rank: a short line for the message space and information panel."""
        rules = self.rules_for(game)
        for stock in rules.stocks:
            if stock.waste is not None:
                left = game.vars.get(self._redeals_key(rules, stock))
                return "Redeals: no limit" if stock.redeals is None else f"Redeals left: {left}"
        base = game.vars.get("base")
        if rules.base is not None and isinstance(base, int) and 1 <= base <= 13:
            return f"Base: {RANK_NAMES[base]}"
        return ""

    def describe_pile(self, game, pile) -> list[str]:
        """The pile's rules in SolKit's notation: order, suits, what starts it, what may be taken.

        Lines are at most 22 characters, the width of the information panel."""
        rule = self._rule(game, pile)
        if pile.role == "stock":
            return ["Click to deal"] if self._stock_rule(game, pile) else []
        lines = []
        if rule.accept:
            build = rule.build
            lines.append(f"Order: {_order_picture(build)}" + (" loops" if build.wrap and build.rank in _ORDER_WORDS else ""))
            lines.append(f"Suits: {_SUIT_WORDS[build.suit] if build.rank != 'none' else '-'}")
            start = rule.start_rank
            if start == "base":
                base = game.vars.get("base")
                start = base if isinstance(base, int) and 1 <= base <= 13 else "any"
            first = {"any": "any card", "none": "nothing"}.get(start) or _FACES[start - 1]
            if rule.start_suit in SUIT_NAMES:
                first += f" {SUIT_NAMES[rule.start_suit].lower()}"
            elif rule.start_suit:
                first += f" ({rule.start_suit})"
            lines.append(f"Starts: {first}")
            if rule.capacity == 1:
                lines.append("Holds one card")
        else:
            lines.append("Take only")
        lines.append(f"Takes: {_TAKE_WORDS[rule.take]}")
        return lines

    def layout(self, game, card_w: int = 71, card_h: int = 96) -> Layout:
        """Each pile at its ``View`` (card units), scaled to the card size, with a margin.

        Without any views, the default layout (a row of piles per role)."""
        rules = self.rules_for(game)
        if all(rule.view == View() for rule in rules.piles):
            layout = super().layout(game, card_w, card_h)
            empties = {rule.name: rule.start_suit for rule in rules.piles if rule.start_suit in SUIT_NAMES}
            return replace(layout, piles=[replace(view, empty=empties.get(view.name)) for view in layout.piles])
        margin = max(4, card_w // 8)
        views = []
        right, bottom = 0.0, 0.0
        # a pile placed left of or above the origin moves everything so that it shows
        left = min(0.0, *(rule.view.x for rule in rules.piles))
        top = min(0.0, *(rule.view.y for rule in rules.piles))
        for rule in rules.piles:
            view = rule.view
            empty = rule.start_suit if rule.start_suit in SUIT_NAMES else None
            down = {}
            if view.down_dx is not None or view.down_dy is not None:
                down = {"down_dx": round((view.dx if view.down_dx is None else view.down_dx) * card_w),
                        "down_dy": round((view.dy if view.down_dy is None else view.down_dy) * card_h)}
            views.append(PileView(rule.name, margin + round((view.x - left) * card_w), margin + round((view.y - top) * card_h),
                                  round(view.dx * card_w), round(view.dy * card_h), empty=empty,
                                  max_visible=view.max_visible, **down))
            fan = 12 if (view.dx or view.dy) else 0
            right = max(right, view.x + 1 + view.dx * fan)
            bottom = max(bottom, view.y + 1 + view.dy * fan)
        if rules.size is not None:
            right, bottom = rules.size
        width = 2 * margin + round((right - left) * card_w)
        height = 2 * margin + round((bottom - top) * card_h)
        return Layout(card_w, card_h, width, height, views)
