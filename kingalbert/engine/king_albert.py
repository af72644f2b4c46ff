"""King Albert, as D. Salt's !KPatience plays it.

Piles: ``f1``-``f4`` the suit stacks (hearts, clubs, diamonds, spades, top to
bottom), ``r1``-``r7`` the reserve (one card each), ``t1``-``t9`` the playing
stacks, ``t1`` dealt nine cards.  Dealing takes the shuffled deck from the
front: nine cards to ``t1`` (bottom first), eight to ``t2``, ... one to ``t9``,
then one card to each of ``r1``-``r7``.
"""
from __future__ import annotations

from collections.abc import Iterator

from .cards import RANK_NAMES, SUIT_NAMES, new_deck
from .errors import PositionError
from .layout import Layout, PileView
from .moves import Move
from .ruleset import Ruleset

FOUNDATION_SUITS = "HCDS"
F, R, T = slice(0, 4), slice(4, 11), slice(11, 20)


class KingAlbert(Ruleset):
    name = "King Albert"
    builtin_id = "king-albert"
    default_options = {"auto_finish": True, "auto_stack": False}
    won_message = "Well done - you've won!"
    stacking_message = "Stacking..."

    def setup(self, game):
        for i in range(4):
            game.add_pile(f"f{i + 1}", "foundation")
        for i in range(7):
            game.add_pile(f"r{i + 1}", "reserve")
        for i in range(9):
            game.add_pile(f"t{i + 1}", "tableau")

    def deal(self, game):
        deck = new_deck(1, face_up=True)
        game.rng.shuffle(deck)
        start = 0
        for i, pile in enumerate(game.piles[T]):
            count = 9 - i
            pile.cards[:] = deck[start:start + count]
            start += count
        for pile in game.piles[R]:
            pile.cards[:] = [deck[start]]
            start += 1

    def check_position(self, game):
        """Also refuse what no game of King Albert's can show: a reserve place of more than
        one card, a card face down, a suit stack that isn't its suit from the Ace up."""
        super().check_position(game)
        for pile in game.piles[R]:
            if len(pile.cards) > 1:
                raise PositionError(f"the reserve place {pile.name} holds one card at most, not {len(pile.cards)}")
        for pile in game.piles:
            if any(not card.face_up for card in pile.cards):
                raise PositionError(f"{pile.name}: every card of King Albert's is face up")
        for suit, pile in zip(FOUNDATION_SUITS, game.piles[F]):
            if any((card.rank, card.suit) != (rank, suit) for rank, card in enumerate(pile.cards, 1)):
                raise PositionError(f"the suit stack {pile.name} holds its suit from the Ace up")

    # -- rules --------------------------------------------------------------
    def check_pick(self, game, pile, n):
        if not pile.cards:
            return "There is no card there"
        if n != 1:
            return "You can only move one card at a time"
        return None

    def check_drop(self, game, src, n, dst):
        card = src.cards[-1]
        if dst.role == "reserve":
            return "You cannot move cards to the reserve"
        if dst.role == "foundation":
            return self._foundation_refusal(game, card, dst)
        top = dst.top
        if top is None or (top.rank == card.rank + 1 and top.red != card.red):
            return None
        if game.options.get("auto_stack") and self._auto_stacks(game, src, card, dst):
            return None
        if card.rank == 13:
            return "A King can only go on an empty stack"
        colour = "black" if card.red else "red"
        return f"The {card.name} can only go on a {colour} {RANK_NAMES[card.rank + 1]}"

    def _foundation_refusal(self, game, card, dst):
        suit = FOUNDATION_SUITS[dst.index]
        if card.suit != suit:
            return f"The {card.name} belongs on the {SUIT_NAMES[card.suit]} suit stack"
        if card.rank != len(dst.cards) + 1:
            if not dst.cards:
                return f"The {SUIT_NAMES[suit]} suit stack must start with its Ace"
            return f"The {SUIT_NAMES[suit]} suit stack needs the {RANK_NAMES[len(dst.cards) + 1]} next"
        return None

    def _foundation_for(self, game, card):
        return game.piles[FOUNDATION_SUITS.index(card.suit)]

    def _auto_stacks(self, game, src, card, dst):
        """Auto stack: the destination's top card goes up and the moved card lands on the one below."""
        top = dst.top
        if top is None:
            return False
        foundation = self._foundation_for(game, top)
        if foundation is src or len(foundation.cards) != top.rank - 1:
            return False
        if len(dst.cards) == 1:
            return True
        second = dst.cards[-2]
        return second.rank == card.rank + 1 and second.red != card.red

    def on_drop(self, game, src, n, dst):
        if (dst.role == "tableau" and game.options.get("auto_stack")
                and self._auto_stacks(game, src, src.cards[-1], dst)):
            game.move_cards(dst, 1, self._foundation_for(game, dst.top))
        game.move_cards(src, 1, dst)

    def on_adjust(self, game, pile, n):
        if not pile.cards:
            return "There is no card there"
        if n != 1:
            return "Only the card at the bottom of a column can be moved"
        if pile.role == "foundation":
            return "That card is on its suit stack already"
        card = pile.cards[-1]
        foundation = self._foundation_for(game, card)
        refusal = self._foundation_refusal(game, card, foundation)
        if refusal is None:
            game.move_cards(pile, 1, foundation)
        return refusal

    def on_click(self, game, pile, n):
        return "Drag a card with SELECT, or ADJUST-click it to send it to its suit stack"

    # -- auto finish --------------------------------------------------------
    def after_move(self, game, move):
        if not game.options.get("auto_finish") or not self._sorted(game):
            return
        if all(not pile.cards for pile in game.piles[R.start:]):
            return
        game.say(self.stacking_message)
        foundations = game.piles[F]
        sources = [pile for pile in game.piles[R.start:] if pile.cards]
        while sources:
            # the lowest available card goes next: with sorted stacks of a whole deck it fits;
            # a position of fewer cards may lack one below it (then the finish stops there)
            pile = self._lowest(sources)
            card = pile.cards[-1]
            foundation = foundations[FOUNDATION_SUITS.index(card.suit)]
            if len(foundation.cards) != card.rank - 1:
                return
            game.move_cards(pile, 1, foundation)
            if not pile.cards:
                sources.remove(pile)

    def finishing_move(self, game):
        """The lowest card up to its suit stack, when *Auto finish* is ticked and every
        playing stack is sorted (``after_move`` then stacks the rest)."""
        if not game.options.get("auto_finish") or not self._sorted(game):
            return None
        sources = [pile for pile in game.piles[R.start:] if pile.cards]
        if not sources:
            return None
        pile = self._lowest(sources)
        move = Move("drag", pile.name, 1, game.piles[F][FOUNDATION_SUITS.index(pile.cards[-1].suit)].name)
        return move if game.is_legal(move) else None

    @staticmethod
    def _lowest(sources):
        """Of piles with cards, the one whose top card is lowest (by rank, then suit stack)."""
        return min(sources, key=lambda p: (p.cards[-1].rank, FOUNDATION_SUITS.index(p.cards[-1].suit)))

    @staticmethod
    def _sorted(game):
        """Every playing stack in descending order, reading down the window."""
        for pile in game.piles[T]:
            cards = pile.cards
            for i in range(len(cards) - 1):
                if cards[i].rank <= cards[i + 1].rank:
                    return False
        return True

    # -- moves --------------------------------------------------------------
    def legal_moves(self, game) -> Iterator[Move]:
        piles = game.piles
        foundations, tableau = piles[F], piles[T]
        auto_stack = game.options.get("auto_stack")
        for src in piles:
            if not src.cards:
                continue
            card = src.cards[-1]
            foundation = foundations[FOUNDATION_SUITS.index(card.suit)]
            if foundation is not src and len(foundation.cards) == card.rank - 1:
                yield Move("drag", src.name, 1, foundation.name)
            for dst in tableau:
                if dst is src:
                    continue
                top = dst.top
                if (top is None or (top.rank == card.rank + 1 and top.red != card.red)
                        or (auto_stack and self._auto_stacks(game, src, card, dst))):
                    yield Move("drag", src.name, 1, dst.name)

    # -- what the solver may use (the arguments: king_albert_search's docstring) ----
    assist_options = ("auto_finish", "auto_stack")

    def solver_state(self, game):
        from .king_albert_search import KingAlbertState
        return KingAlbertState.from_game(game)

    def solver_groups(self, game):
        return [[pile.index for pile in game.piles[T]], [pile.index for pile in game.piles[R]]]

    @staticmethod
    def _suit_stacks(game):
        """The suit stacks' heights, if each holds its suit from the ace up (else None:
        a position set up from outside, where the reductions' arguments don't hold)."""
        found = []
        for i, pile in enumerate(game.piles[F]):
            suit = FOUNDATION_SUITS[i]
            if any(card.suit != suit or card.rank != k + 1 for k, card in enumerate(pile.cards)):
                return None
            found.append(len(pile.cards))
        return found

    def safe_moves(self, game):
        from .king_albert_search import card_id, safe_up
        found = self._suit_stacks(game)
        if found is None:
            return
        for pile in game.piles[R.start:]:
            if pile.cards:
                card = pile.cards[-1]
                s = FOUNDATION_SUITS.index(card.suit)
                if found[s] == card.rank - 1 and safe_up(found, card_id(card)):
                    yield Move("drag", pile.name, 1, game.piles[s].name)

    def solver_moves(self, game):
        from .king_albert_search import dead_on_top
        found = self._suit_stacks(game)
        if found is None:
            yield from self.legal_moves(game)
            return
        for move in self.legal_moves(game):
            # a card coming back from its suit stack: never a dead one
            src = game.pile(move.src)
            if src.role == "foundation" and dead_on_top(found, src.index):
                continue
            yield move

    # -- presentation -------------------------------------------------------
    role_names = {"foundation": ("suit stack", "suit stacks"), "tableau": ("playing stack", "playing stacks"),
                  "reserve": ("reserve", "reserve")}

    def pile_title(self, game, pile):
        if pile.role == "foundation":
            return f"{SUIT_NAMES[FOUNDATION_SUITS[pile.index]]} suit stack"
        number = int(pile.name[1:])
        return f"Playing stack {number}" if pile.role == "tableau" else f"Reserve card {number}"

    def describe_pile(self, game, pile):
        """The help text's rules for the pile (the Rules item's box)."""
        if pile.role == "tableau":
            return ["Only the card at the bottom of the column can be moved, one card at a time.",
                    "A card can only be moved to another playing stack if the top card on that stack is "
                    "one higher and opposite colour, or if that stack is empty.",
                    "You may drop it anywhere on that stack - on any card, or the panel under the stack."]
        if pile.role == "reserve":
            return ["Any card in the reserve can be moved: to a playing stack or to its suit stack.",
                    "You cannot move cards to the reserve."]
        suit = SUIT_NAMES[FOUNDATION_SUITS[pile.index]]
        return [f"Build the {suit} up from Ace to King. Its top card can be moved back to a playing stack.",
                "An ace may be moved to an empty suit stack. Any other card may be moved to its suit stack "
                "providing that the top card is one lower.",
                "A quick way to move a card to its suit stack is by ADJUST-clicking on it."]

    def layout(self, game, card_w=36, card_h=52):
        """The window diagram: suit stacks over the fanned reserve at the left,
        the staircase of playing stacks to the right, the message space above them."""
        margin, gap, fan = 8, 4, card_h // 4
        views = []
        for i, pile in enumerate(game.piles[F]):
            views.append(PileView(pile.name, margin, margin + i * (card_h + gap), empty=FOUNDATION_SUITS[i]))
        reserve_y = margin + 4 * (card_h + gap) + gap
        for i, pile in enumerate(game.piles[R]):
            views.append(PileView(pile.name, margin, reserve_y + i * fan))
        height = reserve_y + 6 * fan + card_h + margin
        # two lines of message space: messages, then the live "winnable?" indicator
        top = margin + 40
        for i, pile in enumerate(game.piles[T]):
            x = margin + (i + 1) * (card_w + gap)
            views.append(PileView(pile.name, x, top, 0, fan, reach=height - margin))
        width = margin + 10 * (card_w + gap) - gap + margin
        message = (margin + card_w + gap, margin, 9 * (card_w + gap) - gap, 34)
        return Layout(card_w, card_h, width, height, views, message)
