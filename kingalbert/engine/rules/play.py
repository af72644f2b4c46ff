"""``RulesRuleset``: plays a ``Rules`` description through the engine's callbacks."""
from __future__ import annotations

from dataclasses import replace

from ..cards import RANK_NAMES, SUIT_NAMES, Card, new_deck
from ..errors import PositionError, plural
from ..layout import Layout, PileView
from ..moves import Move
from ..ruleset import Ruleset
from . import fast, solving
from .model import (
    _FACES,
    _ORDER_WORDS,
    _SUIT_WORDS,
    _TAKE_WORDS,
    PileRule,
    Rules,
    RulesError,
    StockRule,
    View,
    _order_picture,
)


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
        """Also refuse rules variables (base rank, redeals left) that make no sense, and a
        card face up in a stock whose cards are always face down (none is dealt there face
        up, and the waste goes back face down): the solver keys a stock by its cards alone."""
        super().check_position(game)
        rules = self.rules_for(game)
        for stock in rules.stocks:
            face_up_dealt = any(step.pile == stock.pile and step.face_up for step in rules.deal)
            if not face_up_dealt and any(card.face_up for card in game.pile(stock.pile).cards):
                raise PositionError(f"{stock.pile}: a stock's cards are face down")
        check_sizes(rules, game)
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
            return f"Cards can't be taken from {self.pile_words(game, pile)}"
        if self.blocked(game, pile):
            return "That card is covered by another card"
        cards = pile.cards[-n:]
        if any(not card.face_up for card in cards):
            return "That card is face down"
        if n > 1:
            if rule.take == "top":
                return f"Only the top card of {self.pile_words(game, pile)} can be moved"
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
            return f"Cards can't be put on {self.pile_words(game, dst)}"
        if not self._accepts_from(rule, src, dst):
            return f"{_capital(self.pile_words(game, dst))} doesn't take cards from {self.pile_words(game, src)}"
        if n < rule.min_drop:
            return f"At least {rule.min_drop} cards at a time must go there"
        if rule.max_drop is not None and n > rule.max_drop:
            return "Only one card at a time can go there" if rule.max_drop == 1 else \
                f"At most {rule.max_drop} cards at a time can go there"
        if rule.capacity is not None and len(dst.cards) + n > rule.capacity:
            holder = _capital(self.pile_words(game, dst))
            return f"{holder} holds only one card" if rule.capacity == 1 else \
                f"{holder} holds at most {rule.capacity} cards"
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
    def legal_moves(self, game):
        """The moves ``Ruleset.legal_moves`` would find, from tables (``fast``)."""
        return fast.moves(self, game)

    # -- what the solver may use (derived in ``solving``; the arguments: docs/solver.md) --
    def solver_moves(self, game):
        return fast.moves(self, game, solving.facts(self, self.rules_for(game)))

    def safe_moves(self, game):
        return solving.facts(self, self.rules_for(game)).safe_moves(self, game)

    def solver_groups(self, game):
        return solving.facts(self, self.rules_for(game)).groups

    def solver_score(self, game) -> int:
        return solving.facts(self, self.rules_for(game)).score(game)

    def solver_state(self, game):
        from .compact import RulesState
        return RulesState(self, game)

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
            loops = " loops" if build.wrap and build.rank in _ORDER_WORDS else ""
            lines.append(f"Order: {_order_picture(build)}{loops}")
            lines.append(f"Suits: {_SUIT_WORDS[build.suit] if build.rank != 'none' else '-'}")
            start = rule.start_rank
            if start == "base":
                base = game.vars.get("base")
                start = base if isinstance(base, int) and 1 <= base <= 13 else "any"
            first = {"any": "any card", "none": "nothing"}[start] if isinstance(start, str) else _FACES[start - 1]
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
            down_dx = down_dy = None
            if view.down_dx is not None or view.down_dy is not None:
                down_dx = round((view.dx if view.down_dx is None else view.down_dx) * card_w)
                down_dy = round((view.dy if view.down_dy is None else view.down_dy) * card_h)
            x, y = margin + round((view.x - left) * card_w), margin + round((view.y - top) * card_h)
            views.append(PileView(rule.name, x, y,
                                  round(view.dx * card_w), round(view.dy * card_h), empty=empty,
                                  max_visible=view.max_visible, down_dx=down_dx, down_dy=down_dy))
            fan = 12 if (view.dx or view.dy) else 0
            right = max(right, view.x + 1 + view.dx * fan)
            bottom = max(bottom, view.y + 1 + view.dy * fan)
        if rules.size is not None:
            right, bottom = rules.size
        width = 2 * margin + round((right - left) * card_w)
        height = 2 * margin + round((bottom - top) * card_h)
        return Layout(card_w, card_h, width, height, views)


def _capital(words: str) -> str:
    """``words`` with a capital first letter (a pile's words starting a message)."""
    return words[:1].upper() + words[1:]


def check_sizes(rules, game) -> None:
    """Refuse a pile fuller than any game of ``rules`` can make it, or a suit stack with a
    card face down: more cards than its capacity (a free cell of two) or, where no card is
    ever put on it (nothing dropped, dealt from a stock or refilled), than its deal (a
    reserve place of several cards, several cards in one place of a pyramid)."""
    dealt: dict[str, int] = {}
    for step in rules.deal:
        dealt[step.pile] = dealt.get(step.pile, 0) + step.count
    fed = {stock.pile for stock in rules.stocks} | {rules.rest_to}
    fed |= {stock.waste for stock in rules.stocks} | {name for stock in rules.stocks for name in stock.targets}
    for rule in rules.piles:
        cards = game.pile(rule.name).cards
        if rule.role == "foundation" and any(not card.face_up for card in cards):
            raise PositionError(f"{rule.name}: every card on a foundation is face up")
        most = dealt.get(rule.name, 0)
        if rule.capacity is not None and len(cards) > max(rule.capacity, most):
            bound = plural(max(rule.capacity, most), "card")
            raise PositionError(f"{rule.name} holds at most {bound}, not {len(cards)}")
        if not rule.accept and rule.refill_from is None and rule.name not in fed and len(cards) > most:
            raise PositionError(f"{rule.name} is dealt {plural(most, 'card')} and no card can be "
                                f"put there, so it holds {most} at most, not {len(cards)}")
