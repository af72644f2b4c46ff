"""``PatRuleset``: plays a ``.pat`` game described by the data classes of ``model``
(see its docstring for what every piece means and how a move is judged)."""
from __future__ import annotations

from ...engine.cards import RANK_NAMES, Card, new_deck
from ...engine.errors import plural
from ...engine.layout import Layout, PileView
from ...engine.moves import Move
from ...engine.ruleset import Ruleset
from .model import (
    CARD_H,
    CARD_W,
    UNLIMITED,
    PatPileView,
    PatRulesError,
    PileSpec,
    PutRule,
    RuleSet,
    Sequence,
    StockSpec,
)
from .validation import check_sizes, check_vars, validate


class PatRuleset(Ruleset):
    """Plays a game given as a ``StockSpec`` and ``PileSpec`` list (pile 2 onwards)."""

    won_message = "You've won!"

    def __init__(self, name: str, decks: int, stock: StockSpec, piles: list[PileSpec] | tuple = ()):
        self.name = name
        self.decks = decks
        self.stock = stock
        self.specs: list[PileSpec] = list(piles)
        self.validate()
        self._group_of = self._groups()

    # -- checks ---------------------------------------------------------------------
    def validate(self) -> None:
        """Raise PatRulesError for a game that can't be dealt or won (``validation.py``)."""
        validate(self)

    def check_position(self, game) -> None:
        """Also refuse a pass through the stock that the rules can't reach, and a pile
        fuller than the rules can make it."""
        super().check_position(game)
        check_vars(self, game)
        check_sizes(self, game)

    def _groups(self) -> dict[int, int | None]:
        """Pile index -> index of the leader whose first card sets its foundation value
        (None before the first leader)."""
        groups: dict[int, int | None] = {}
        leader = None
        for index, spec in enumerate(self.specs, start=1):
            if spec.base_group:
                if spec.count == 1:
                    leader = index
                groups[index] = leader
        return groups

    def _extract_order(self) -> list[int]:
        indexes = [i for i, s in enumerate(self.specs, start=1) if s.extract and s.count]
        return sorted(indexes, key=lambda i: (self.specs[i - 1].rules[0].empty.cards_matched(), i))

    def _extract_plan(self, deck: list[Card], check: bool = False) -> dict[int, list[Card]]:
        """Take the particular cards out of ``deck`` (in place): pile index -> cards."""
        taken: dict[int, list[Card]] = {}
        for index in self._extract_order():
            spec = self.specs[index - 1]
            pattern = spec.rules[0].empty
            cards: list[Card] = []
            i = 0
            while i < len(deck) and len(cards) < spec.count:
                if pattern.matches(deck[i]):
                    cards.append(deck.pop(i))
                else:
                    i += 1
            if check and len(cards) < spec.count:
                raise PatRulesError(
                    f"pile {index + 1} takes {spec.count} x {pattern.describe()} out of the stock, "
                    f"but only {len(cards)} are left in {self.decks} deck(s)", index + 1)
            taken[index] = cards
        return taken

    # -- piles -------------------------------------------------------------------------
    def spec(self, pile) -> PileSpec | None:
        """The spec of a pile (None for the stock)."""
        return None if pile.index == 0 else self.specs[pile.index - 1]

    def window_only(self, index: int) -> bool:
        """Is pile ``index`` (0 = stock) only there to make the window bigger?"""
        return index > 0 and index != self.stock.waste - 1 and self.specs[index - 1].window_only

    def is_waste(self, pile) -> bool:
        return self.stock.waste > 0 and pile.index == self.stock.waste - 1

    def _role(self, index: int) -> str:
        if index == 0:
            return "stock"
        if self.stock.waste and index == self.stock.waste - 1:
            return "waste"
        spec = self.specs[index - 1]
        if self.window_only(index) or spec.invisible or spec.face == 5:
            return "other"
        if spec.base_group or 0 < spec.target < UNLIMITED:
            return "foundation"
        takes = any(r.take.kind for r in spec.rules)
        puts = any(r.put.kind for r in spec.rules)
        if spec.target == -1 and takes:
            return "cell"
        if takes and not puts:
            return "reserve"
        if puts and not takes:
            return "foundation"     # (cards go there to leave play: Pyramid's discard)
        return "tableau"

    def setup(self, game) -> None:
        for index in range(len(self.specs) + 1):
            game.add_pile(f"p{index + 1}", self._role(index))

    # -- the deal ------------------------------------------------------------------------
    def deal(self, game) -> None:
        stock_spec, specs = self.stock, self.specs
        if stock_spec.shuffle == 1:
            deck = []
            for _ in range(self.decks):
                one = new_deck(1, face_up=True)
                game.rng.shuffle(one)
                deck.extend(one)
        else:
            deck = new_deck(self.decks, face_up=True)
            game.rng.shuffle(deck)
        contents: list[list[Card]] = [[] for _ in range(len(specs) + 1)]
        for index, cards in self._extract_plan(deck).items():
            contents[index] = cards
        bases: dict[int, int] = {}
        catchers = [i for i, s in enumerate(specs, start=1) if s.catch in (5, 6, 7)]
        caught = dict.fromkeys(catchers, 0)
        position = [0]

        def next_card():
            if position[0] >= len(deck):
                return None
            card = deck[position[0]]
            position[0] += 1
            return card

        def catcher_for(card, meant):
            for i in catchers:
                if i == meant:
                    continue
                spec = specs[i - 1]
                if spec.catch == 5 and caught[i] >= 1:
                    continue
                if self._deal_fits(i, contents[i], card, bases):
                    return i
            return None

        def deal_to(index, need):
            spec = specs[index - 1]
            while need > 0:
                card = next_card()
                if card is None:
                    return
                target = catcher_for(card, index)
                if target is None:
                    contents[index].append(card)
                    need -= 1
                else:
                    contents[target].append(card)
                    caught[target] += 1
                    if spec.catch != 0:
                        need -= 1

        for index, spec in enumerate(specs, start=1):
            if spec.extract or not spec.count:
                continue
            if spec.base_group:
                card = next_card()
                if card is not None:
                    contents[index].append(card)
                    bases[index] = card.rank
                continue
            deal_to(index, spec.count)

        # catch 7: free cards of the other piles that fit
        sweepers = [i for i in catchers if specs[i - 1].catch == 7]
        changed = bool(sweepers)
        while changed:
            changed = False
            for target in sweepers:
                for index, spec in enumerate(specs, start=1):
                    cards = contents[index]
                    if (not cards or spec.catch in (5, 6, 7) or spec.extract or spec.invisible or spec.face == 5
                            or not any(r.take.kind for r in spec.rules)):
                        continue  # cards never leave a catching pile, so this ends
                    if not self._face_up_at(spec.face, len(cards) - 1, len(cards)):
                        continue
                    if self._deal_fits(target, contents[target], cards[-1], bases):
                        contents[target].append(cards.pop())
                        caught[target] += 1
                        changed = True
                        if spec.catch == 0 and not spec.base_group:
                            deal_to(index, 1)
        rest = deck[position[0]:]
        # extract 2: the cards go back under the stock
        returned = []
        for index, spec in enumerate(specs, start=1):
            if spec.extract == 2:
                returned.extend(contents[index])
                contents[index] = []
        rest = rest + returned
        if returned and stock_spec.shuffle == 2:
            game.rng.shuffle(rest)
        # the stock: the first card of ``rest`` is dealt first, so it goes on top
        game.set_cards(game.piles[0], [card.turned(stock_spec.face == 2) for card in reversed(rest)])
        for index, spec in enumerate(specs, start=1):
            cards = contents[index]
            game.set_cards(game.piles[index], [card.turned(self._face_up_at(spec.face, i, len(cards)))
                                                for i, card in enumerate(cards)])
        game.set_var("pass", 1)
        if bases:
            values = {f"p{index + 1}": rank for index, rank in bases.items()}
            game.set_var("foundation_values", values)
            game.set_var("foundation_value", bases[min(bases)])

    def _deal_fits(self, index, cards, card, bases) -> bool:
        spec = self.specs[index - 1]
        cap = spec.capacity
        if cap is not None and len(cards) >= cap:
            return False
        rules = spec.rules[0]
        if not cards:
            base = bases.get(self._group_of.get(index)) if spec.base_group else None
            return rules.empty.matches(card, base)
        return rules.sequence.fits(cards[-1], card)

    @staticmethod
    def _face_up_at(face: int, i: int, length: int) -> bool:
        """Is card ``i`` (0 = bottom) of a pile of ``length`` cards dealt face up?"""
        if face == 0:
            return False
        if face in (2, 5):
            return True
        if face == 3:
            return i % 2 == 1
        if face == 4:
            return i % 2 == 0
        shown = {1: 1, 6: 2, 7: 3}[face]
        return i >= length - shown

    # -- state ------------------------------------------------------------------------------
    def base_of(self, game, index: int) -> int | None:
        """The foundation value of pile ``index`` (None if it has none yet)."""
        leader = self._group_of.get(index)
        if leader is None:
            return None
        values = game.vars.get("foundation_values")
        name = f"p{leader + 1}"
        if isinstance(values, dict) and isinstance(values.get(name), int) and 1 <= values[name] <= 13:
            return values[name]
        cards = game.piles[leader].cards  # a position set up without vars: the leader's bottom card
        return cards[0].rank if cards else None

    def _pass(self, game) -> int:
        value = game.vars.get("pass", 1)
        return value if isinstance(value, int) and value >= 1 else 1

    def _last_pass(self, game) -> bool:
        passes = self.stock.passes
        return passes < UNLIMITED and self._pass(game) >= max(passes, 1)

    def active_set(self, game, index: int, k: int | None = None) -> RuleSet:
        """The rule set of pile ``index`` in force: ``k`` picks one of an either/both pair."""
        spec = self.specs[index - 1]
        rules = spec.rules
        if len(rules) == 1:
            return rules[0]
        mode = spec.combine
        if mode in (1, 2):
            return rules[k or 0]
        stock_empty = not game.piles[0].cards
        if mode == 3:
            second = self._last_pass(game)
        elif mode == 4:
            second = self._last_pass(game) and stock_empty
        elif mode == 5:
            second = stock_empty
        elif mode == 6:
            second = stock_empty or self._pass(game) > 1 or bool(game.vars.get("emptied"))
        else:
            second = False
        return rules[1] if second else rules[0]

    def _combination(self, *indexes) -> int:
        """2 if some pile needs both rule sets, 1 if either will do, else 0."""
        modes = {self.specs[i - 1].combine for i in indexes if i > 0 and len(self.specs[i - 1].rules) == 2}
        return 2 if 2 in modes else 1 if 1 in modes else 0

    # -- geometry: which piles cover which ----------------------------------------------------
    def _rects(self, pile, count: int | None = None):
        index = pile.index
        spec = self.stock if index == 0 else self.specs[index - 1]
        w, h = (CARD_H, CARD_W) if spec.horizontal else (CARD_W, CARD_H)
        n = len(pile.cards) if count is None else count
        return [(spec.x + i * spec.dx, spec.y + i * spec.dy, w, h) for i in range(n)]

    def _shows(self, index: int) -> bool:
        spec = self.stock if index == 0 else self.specs[index - 1]
        return not spec.invisible and spec.face != 5 if index else not spec.invisible

    def covered(self, game, pile, first: int, last: int) -> bool:
        """Do cards of later piles overlap cards ``first``..``last`` (indexes) of ``pile``?"""
        if not self._shows(pile.index):
            return False
        mine = self._rects(pile, last + 1)[first:]
        for other in game.piles[pile.index + 1:]:
            if not other.cards or not self._shows(other.index):
                continue
            for ox, oy, ow, oh in self._rects(other):
                for x, y, w, h in mine:
                    if ox < x + w and x < ox + ow and oy < y + h and y < oy + oh:
                        return True
        return False

    def _neighbour_has_cards(self, game, index: int, step: int) -> bool:
        other = index + step
        return 0 <= other < len(game.piles) and bool(game.piles[other].cards)

    def _blocked(self, game, pile, rules: RuleSet, picking: bool, n: int = 1) -> str | None:
        take = rules.take
        if not (take.blocks_pick if picking else take.blocks_put):
            return None
        kind = take.block_kind
        if kind == "cover":
            count = len(pile.cards)
            if picking:
                hit = self.covered(game, pile, count - n, count - 1)
            else:
                last = max(count - 1, 0)
                hit = self.covered(game, pile, last, last) if count else self._slot_covered(game, pile)
            return "Cards of another pile lie over it" if hit else None
        nxt = self._neighbour_has_cards(game, pile.index, 1)
        if kind == "next":
            return "The next pile still has cards" if nxt else None
        if nxt and self._neighbour_has_cards(game, pile.index, -1):
            return "The piles on both sides still have cards"
        return None

    def _slot_covered(self, game, pile) -> bool:
        """Is the empty place of ``pile`` under cards of later piles?"""
        spec = self.specs[pile.index - 1]
        w, h = (CARD_H, CARD_W) if spec.horizontal else (CARD_W, CARD_H)
        x, y = spec.x, spec.y
        for other in game.piles[pile.index + 1:]:
            if not other.cards or not self._shows(other.index):
                continue
            for ox, oy, ow, oh in self._rects(other):
                if ox < x + w and x < ox + ow and oy < y + h and y < oy + oh:
                    return True
        return False

    # -- picking up -----------------------------------------------------------------------
    def check_pick(self, game, pile, n):
        if pile.index == 0 and self.stock.face != 2:
            return "Click on the stock to draw cards from it"
        refusal = super().check_pick(game, pile, n)
        if refusal:
            return refusal
        if pile.index == 0:
            return self._stock_pick(n)
        spec = self.specs[pile.index - 1]
        combination = self._combination(pile.index)
        if combination == 0:
            return self._take_refusal(game, pile, n, self.active_set(game, pile.index))
        results = [self._take_refusal(game, pile, n, rules) for rules in spec.rules]
        if combination == 2:
            return next((r for r in results if r), None)
        return None if any(r is None for r in results) else results[0]

    def _stock_pick(self, n):
        if self.stock.face != 2:
            return "Click on the stock to draw cards from it"
        return None if n == 1 else "Only the top card of the stock may be taken"

    def _take_refusal(self, game, pile, n, rules: RuleSet) -> str | None:
        kind = rules.take.kind
        cards = pile.cards[-n:]
        if kind == 0:
            return "No card may be taken from this pile"
        if kind == 1 and n != 1:
            return "Only one card at a time may be taken from this pile"
        if kind == 4 and n < 2 and not (rules.sequence.pairs_to_13 and cards[0].rank == 13):
            return "Only sequences of two or more cards may be taken from this pile"
        if kind in (2, 3, 4) and n > 1 and not rules.sequence.is_run(cards):
            return f"Those cards are not a sequence ({rules.sequence.describe()})"
        return self._blocked(game, pile, rules, True, n)

    # -- laying down ----------------------------------------------------------------------
    def check_drop(self, game, src, n, dst):
        if dst.index == 0:
            return "No card may be put on the stock"
        combination = self._combination(src.index, dst.index)
        if combination == 0:
            return self._drop_refusal(game, src, n, dst, None)
        results = [self._drop_refusal(game, src, n, dst, k) for k in (0, 1)]
        if combination == 2:
            return next((r for r in results if r), None)
        return None if any(r is None for r in results) else results[0]

    def _src_rules(self, game, src, k):
        return None if src.index == 0 else self.active_set(game, src.index, k)

    def _drop_refusal(self, game, src, n, dst, k) -> str | None:
        src_rules = self._src_rules(game, src, k)
        if src_rules is None:
            refusal = self._stock_pick(n)
        else:
            refusal = self._take_refusal(game, src, n, src_rules)
        if refusal:
            return refusal
        rules = self.active_set(game, dst.index, k)
        spec = self.specs[dst.index - 1]
        put = rules.put
        cards = src.cards[-n:]
        bottom = cards[0]
        lone_king = n == 1 and bottom.rank == 13 and (
            rules.sequence.pairs_to_13 or (src_rules is not None and src_rules.sequence.pairs_to_13))
        if put.kind == 0:
            return "No card may be put on this pile"
        if put.kind == 1 and n != 1:
            return "Only one card at a time may be put on this pile"
        if put.kind == 3 and n > 1:
            limit = self.free_limit(game, src, dst)
            if n > limit:
                return f"There are only enough empty places to move {plural(limit, 'card')}"
        if put.kind == 4 and n < 2 and not lone_king:
            return "Only sequences of two or more cards may be put on this pile"
        if put.kind == 5 and n != 2 and not lone_king:
            return "Only two cards together may be put on this pile"
        if put.kind == 9 and n != 13:
            return "Only a whole sequence of 13 cards may be put on this pile"
        refusal = self._source_refusal(game, src, dst, put)
        if refusal:
            return refusal
        if put.neighbour == 1 and not self._neighbour_has_cards(game, dst.index, -1):
            return "This pile takes cards only while the previous pile has cards"
        if put.neighbour == 2 and not self._neighbour_has_cards(game, dst.index, 1):
            return "This pile takes cards only while the next pile has cards"
        refusal = self._blocked(game, dst, rules, False)
        if refusal:
            return refusal
        if src_rules is not None and rules.take.refuses_mark(src_rules.take.mark):
            return "This pile takes no cards from that pile"
        cap = spec.capacity
        if cap is not None and len(dst.cards) + n > cap:
            return f"This pile holds at most {plural(cap, 'card')}"
        if not dst.cards:
            base = self.base_of(game, dst.index) if spec.base_group else None
            if not rules.empty.matches(bottom, base):
                if rules.empty.kind == "none":
                    return "No card may be put on this pile when it is empty"
                if spec.base_group and base is None:
                    return "This pile's foundation value is not known"
                return f"Only {rules.empty.describe(base)} may start this pile"
            return None
        if not rules.sequence.fits(dst.cards[-1], bottom):
            if rules.sequence.kind == "none":
                return "No card may be put on this pile's cards"
            return f"This pile takes {rules.sequence.describe()}"
        return None

    def _from_stock(self, src) -> bool:
        return src.index == 0 or self.is_waste(src)

    def _source_refusal(self, game, src, dst, put: PutRule) -> str | None:
        source = put.source
        if source == 0:
            return None
        stocky = self._from_stock(src)
        empty = not dst.cards
        if source == 1 and not stocky:
            return "This pile takes cards only from the stock or the wastepile"
        if source in (2, 3) and empty and not stocky:
            return "This pile takes cards only from the stock or the wastepile when it is empty"
        if source == 3 and not empty and stocky:
            return "This pile takes no cards from the stock or the wastepile unless it is empty"
        if source == 4 and not empty and not stocky:
            return "This pile takes cards only from the stock or the wastepile unless it is empty"
        if source == 5 and stocky:
            return "This pile takes no cards from the stock or the wastepile"
        if source == 6 and empty and src.index != dst.index - 1:
            return "When empty, this pile takes cards only from the previous pile"
        return None

    def free_limit(self, game, src, dst) -> int:
        """How many cards may move one by one through the empty places:
        (empty single-card places + 1) x 2 ** (other empty places)."""
        cells = columns = 0
        for pile in game.piles[1:]:
            if pile.cards or pile is src or pile is dst or self.is_waste(pile):
                continue
            spec = self.specs[pile.index - 1]
            if spec.invisible:
                continue
            place = spec.free_place(self.active_set(game, pile.index))
            if place == 1:
                cells += 1
            elif place == 2:
                columns += 1
        return (cells + 1) * 2 ** columns

    # -- clicks ----------------------------------------------------------------------------------
    def can_click(self, game, pile) -> bool:
        return self._click_plan(game, pile)[0] is not None

    def on_click(self, game, pile, n):
        action, message = self._click_plan(game, pile)
        if action is None:
            return message
        action()
        return None

    def _click_plan(self, game, pile):
        """(action, None) if a click on ``pile`` does something, else (None, why not)."""
        if pile.index == 0:
            return self._stock_plan(game)
        spec = self.specs[pile.index - 1]
        rules = self.active_set(game, pile.index)
        if pile.cards and not pile.cards[-1].face_up:
            if any(r.take.kind for r in spec.rules) and not spec.invisible and \
                    self._blocked(game, pile, rules, True) is None:
                return (lambda: game.flip(pile, -1, True)), None
            return None, "That card can't be turned up yet"
        rotate = rules.put.rotate
        if rotate:
            if len(pile.cards) < 2:
                return None, "There is no card under it to bring to the top"
            key = f"rotated:{pile.name}"
            used = game.vars.get(key, 0)
            if rotate in (1, 3) and used:
                return None, "The bottom card may be brought to the top only once"
            cards = pile.cards
            if rotate in (1, 2) and not rules.sequence.fits(cards[-1], cards[0]):
                return None, "The bottom card does not fit on the top card"

            def rotate_now():
                game.set_cards(pile, cards[1:] + [cards[0].turned(True)])
                game.set_var(key, (used if isinstance(used, int) else 0) + 1)
            return rotate_now, None
        return None, "Nothing happens when you click there"

    def _feeders(self, game):
        result = []
        for index, spec in enumerate(self.specs, start=1):
            feed = self.active_set(game, index).put.feed
            if feed:
                result.append((index, spec, feed))
        return result

    def _stock_plan(self, game):
        stock_pile = game.piles[0]
        stock = self.stock
        waste = game.piles[stock.waste - 1] if stock.waste else None
        feeders = self._feeders(game)
        if not stock_pile.cards:
            if waste is None or not waste.cards:
                return None, "The stock is empty"
            if not (stock.passes >= UNLIMITED or self._pass(game) < stock.passes):
                return None, "The stock may not be turned over again"

            def turn_over():
                cards = [card.turned(stock.face == 2) for card in reversed(waste.cards)]
                if stock.turnover == 1:
                    game.rng.shuffle(cards)
                game.set_cards(waste, [])
                game.set_cards(stock_pile, cards)
                game.set_var("pass", self._pass(game) + 1)
            return turn_over, None
        draws = min(stock.draw, len(stock_pile.cards)) if waste is not None and stock.passes > 0 else 0
        kinds = [i for i, _, f in feeders if f in (3, 4)]
        kind_ready = all(game.piles[i].cards for i in kinds)
        feeds = self._feed_plan(game, feeders, draws, kind_ready)
        if not draws and not feeds:
            if kinds and not kind_ready:
                return None, "Every pile must have cards before the stock is dealt"
            if stock.face == 2:
                return None, "Drag the stock's top card where it may go"
            return None, "Nothing happens when you click the stock"

        def click():
            for _ in range(draws):
                game.move_cards(stock_pile, 1, waste, face_up=True)
            for index, count in feeds:
                for _ in range(count):
                    game.move_cards(stock_pile, 1, game.piles[index], face_up=True)
            if not stock_pile.cards:
                game.set_var("emptied", True)
        return click, None

    def _feed_plan(self, game, feeders, draws, kind_ready) -> list[tuple[int, int]]:
        """Which piles a click on the stock feeds, and how many cards each, in order.

        Feed 1/2: one/two cards; 3/4: the same, only if every pile with feed 3
        or 4 has cards; 5: top the pile up to its size (its capacity, else its
        dealt count, at least 1) with stock cards that fit it, stopping at the
        first that doesn't."""
        stock = list(game.piles[0].cards)
        if draws:
            del stock[-draws:]
        plan = []
        for index, spec, feed in feeders:
            if not stock:
                break
            pile = game.piles[index]
            cap = spec.capacity
            if feed in (1, 2, 3, 4):
                if feed in (3, 4) and not kind_ready:
                    continue
                want = 1 if feed in (1, 3) else 2
                if cap is not None:
                    want = min(want, cap - len(pile.cards))
                count = max(0, min(want, len(stock)))
            else:
                size = spec.capacity or max(spec.count, 1)
                rules = self.active_set(game, index)
                top = pile.cards[-1] if pile.cards else None
                count, length = 0, len(pile.cards)
                while stock and length < size:
                    card = stock[-1].turned(True)
                    if top is not None:
                        fits = rules.sequence.fits(top, card)
                    else:
                        base = self.base_of(game, index) if spec.base_group else None
                        fits = rules.empty.matches(card, base)
                    if not fits:
                        break
                    stock.pop()
                    top, count, length = card, count + 1, length + 1
                # the cards were taken in the loop; the others take theirs below
                if count:
                    plan.append((index, count))
                continue
            del stock[len(stock) - count:]
            if count:
                plan.append((index, count))
        return plan

    # -- after a move -----------------------------------------------------------------------------
    def after_move(self, game, move: Move) -> None:
        src = game.pile(move.src) if move.kind == "drag" else None
        for pile in game.piles[1:]:
            if not pile.cards or pile.cards[-1].face_up:
                continue
            spec = self.specs[pile.index - 1]
            if spec.invisible or spec.face == 5 or not any(r.take.kind for r in spec.rules):
                continue
            rules = self.active_set(game, pile.index)
            if pile is not src and not rules.take.block:
                continue
            if self._blocked(game, pile, rules, True) is None:
                game.flip(pile, -1, True)
        if not game.piles[0].cards and not game.vars.get("emptied"):
            game.set_var("emptied", True)

    # -- the solver's compact state, with the reductions derived in ``solving`` ------------------
    def solver_state(self, game):
        from .compact import solver_state
        return solver_state(self, game)

    # -- the end ------------------------------------------------------------------------------------
    def is_won(self, game) -> bool:
        counted = [(game.piles[0], self.stock.target)] + [
            (game.piles[i], spec.target) for i, spec in enumerate(self.specs, start=1) if not self.window_only(i)]
        zeros = [pile for pile, target in counted if target == 0]
        if zeros:
            return all(not pile.cards for pile in zeros)
        full = [(pile, target) for pile, target in counted if 0 < target < UNLIMITED]
        return bool(full) and all(len(pile.cards) == target for pile, target in full)

    # -- presentation ----------------------------------------------------------------------------------
    def status_text(self, game) -> str:
        """The foundation value(s) of this deal, else the pass through the stock when passes are limited."""
        values = []
        for leader in sorted({leader for leader in self._group_of.values() if leader is not None}):
            value = self.base_of(game, leader)
            if value is not None and RANK_NAMES[value] not in values:
                values.append(RANK_NAMES[value])
        if values:
            return ("Foundation: " if len(values) == 1 else "Foundations: ") + ", ".join(values)
        if self.stock.waste and 1 < self.stock.passes < UNLIMITED:
            return f"Pass {min(self._pass(game), self.stock.passes)} of {self.stock.passes}"
        return ""

    def describe_pile(self, game, pile) -> list[str]:
        """The pile's rules in a few lines of at most 22 characters."""
        if pile.index == 0:
            stock = self.stock
            lines = []
            if stock.waste and stock.draw and stock.passes:
                lines.append(f"Click to draw {stock.draw}")
                lines.append("Passes: no limit" if stock.passes >= UNLIMITED else f"Passes: {stock.passes}")
            elif self._feeders(game):
                lines.append("Click to deal")
            if stock.face == 2:
                lines.append("Take: the top card")
            return lines
        spec = self.specs[pile.index - 1]
        rules = self.active_set(game, pile.index)
        lines = self._set_lines(game, pile.index, spec, rules)
        if len(spec.rules) == 2 and spec.combine <= 6:     # (beyond 6000 the second is never used)
            # either set, both, or the other before or after the switch (Spider: runs, or one card)
            first = rules is spec.rules[0]
            lines.append({1: "Or:", 2: "And:"}.get(spec.combine, "Later:" if first else "Before:"))
            lines += self._set_lines(game, pile.index, spec, spec.rules[1 if first else 0])
        if spec.capacity is not None and spec.target < 0:
            lines.append(f"Holds at most {spec.capacity}")
        return lines

    def _set_lines(self, game, index: int, spec, rules: RuleSet) -> list[str]:
        take = {0: "nothing", 1: "one card", 2: "cards, sequences", 3: "cards, sequences",
                4: "sequences of 2+", 9: "any cards"}[rules.take.kind]
        put = {0: "nothing", 1: "one card", 2: "sequences", 3: "sequences", 4: "sequences of 2+",
               5: "two cards", 9: "13 cards"}[rules.put.kind]
        lines = [f"Take: {take}", f"Lay: {put}"]
        if rules.put.kind:
            base = self.base_of(game, index) if spec.base_group else None
            lines += [f"Starts: {rules.empty.describe(base)}"[:22], _short_sequence(rules.sequence)]
        return lines

    def layout(self, game, card_w: int = CARD_W, card_h: int = CARD_H) -> Layout:
        sx, sy = card_w / CARD_W, card_h / CARD_H
        views: list[PileView] = []
        width = height = 0
        for index, pile in enumerate(game.piles):
            spec = self.stock if index == 0 else self.specs[index - 1]
            if spec.invisible:
                continue
            w, h = (card_h, card_w) if spec.horizontal else (card_w, card_h)
            room = max(spec.count, len(pile.cards), 1) - 1
            if isinstance(spec, PileSpec) and not self.window_only(index) and any(r.put.kind for r in spec.rules):
                room += 12
            right = round((spec.x + max(0, room * spec.dx)) * sx) + w
            bottom = round((spec.y + max(0, room * spec.dy)) * sy) + h
            width, height = max(width, right), max(height, bottom)
            if self.window_only(index):
                continue
            views.append(PatPileView(pile.name, round(spec.x * sx), round(spec.y * sy),
                                     round(spec.dx * sx), round(spec.dy * sy),
                                     horizontal=spec.horizontal, hidden=bool(index) and spec.face == 5))
        margin = round(4 * sx)
        return Layout(card_w, card_h, width + margin, height + margin, views)


def _short_sequence(sequence: Sequence) -> str:
    """A build rule in at most 22 characters: ``Builds: down, alt.``."""
    if sequence.kind != "rule":
        return "Builds: any card" if sequence.kind == "any" else "Builds: nothing"
    order = {1: "sum 13", 2: "sum 14", 3: "down 2", 4: "down", 5: "same value", 6: "up", 7: "up 2",
             8: "up/down", 9: "any"}[sequence.order]
    colour = {1: "suit", 2: "colour", 3: "alt.", 4: "other suit", 9: ""}[sequence.colour]
    loop = "~" if sequence.limit in (1, 9) and sequence.order in (3, 4, 6, 7, 8) else ""
    return f"Builds: {order}{loop} {colour}".rstrip()[:22]
