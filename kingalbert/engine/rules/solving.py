"""What the solver may use in a ``Rules`` game, derived from the rules themselves.

The arguments are in docs/solver.md ("The declarative models"); here is what
is derived and when.

Symmetric piles (``groups``)
    Piles whose ``PileRule`` is the same but for name and view, that no
    other part of the rules names (stock rules, covers, ``accept_from``,
    ``refill_from``, ``pair_to``) and that refill from nowhere.

Dead cards (``DeadCards``)
    In a game won by getting every card to the foundations, where nothing
    but a drop puts a card on another (no addition pairs, no stock dealing
    to piles, no refilling), every drop may bring one card (``min_drop``
    1), the stock and waste take no drops, and the foundations are alike:
    each built up (or down) by suit one card at a time from a fixed start
    rank, taking back at most their top card, as many as the decks have
    suits, and not going round the corner unless one deck is played.  Then
    a foundation's card is *dead* when it lies in the largest set D of
    foundation cards such that every card below a card of D on its
    foundation is in D, and every card that some pile (not a foundation)
    would take on a card of D is in D (for every copy).  No dead card need
    ever come down again, and a card that would be dead once played up may
    go up at once.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet

from ..solver import deadcards
from .fast import CODE, compiled
from .model import Rules

#: no foundations
NONE: frozenset[int] = frozenset()


def symmetric_groups(rules: Rules) -> list[list[int]]:
    """Groups of pile indices whose piles the rules treat exactly alike."""
    named = set()
    for stock in rules.stocks:
        named.add(stock.pile.lower())
        if stock.waste:
            named.add(stock.waste.lower())
        named.update(name.lower() for name in stock.targets)
    for name, over in rules.covers:
        named.add(name.lower())
        named.update(other.lower() for other in over)
    if rules.pair_to:
        named.add(rules.pair_to.lower())
    for rule in rules.piles:
        for source in (*(rule.accept_from or ()), *(rule.accept_from_empty or ())):
            named.add(source.lower())
        if rule.refill_from is not None:
            named.add(rule.refill_from.lower())
            named.add(rule.name.lower())
    by_rule: dict = {}
    for i, rule in enumerate(rules.piles):
        if rule.name.lower() in named:
            continue
        shape = (rule.role, rule.build, rule.start_rank, rule.start_suit, rule.take, rule.run_build, rule.accept,
                 rule.capacity, rule.max_drop, rule.min_drop, rule.free_limit, rule.flip_exposed, rule.also,
                 rule.accept_from, rule.accept_from_empty, rule.refill_from, rule.won_count)
        by_rule.setdefault(shape, []).append(i)
    return [group for group in by_rule.values() if len(group) > 1]


class DeadCards:
    """Which foundation cards are dead (see the module's docstring), from tables."""

    def __init__(self, rules: Rules, table, returns: bool):
        self.rules = rules
        self.copies = rules.decks
        self.returns = returns
        self.foundations = table.foundations
        first = rules.piles[self.foundations[0]]
        self.build = first.build
        self.start = first.start_rank
        # the cards some pile (not a foundation) would take on each card
        takes = [0] * 52
        for i, rule in enumerate(rules.piles):
            if rule.role == "foundation" or not rule.accept:
                continue
            for code in range(52):
                takes[code] |= table.fit[i][code]
        self.takes = takes
        self.fit = table.fit[self.foundations[0]]
        # a foundation's start card, where nothing goes on it, may always go up when it moves
        # (the foundations take it from any pile)
        self.starts_go_up = first.accept_from is None and first.accept_from_empty is None
        self.memo: dict = {}

    def dead(self, game, extra=None) -> int:
        """The mask of dead card faces (codes 0-51) in ``game``; ``extra``: (code, foundation),
        a card counted as played up onto that foundation first."""
        piles = game.piles
        base = game.vars.get("base") if self.start == "base" else self.start
        parts: list = [base]
        for i in self.foundations:
            cards = piles[i].cards
            parts.append((CODE[cards[-1]] if cards else -1, len(cards)))
        if extra is not None:
            parts.append(extra)
        key = tuple(parts)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 100_000:
                self.memo.clear()
            stacks = []
            for i in self.foundations:
                codes = [CODE[card] for card in piles[i].cards]
                if extra is not None and extra[1] == i:
                    codes.append(extra[0])
                stacks.append(codes)
            found = self.memo[key] = self.dead_mask(stacks) if self.proper(stacks, base) else 0
        return found

    def proper(self, stacks, base) -> bool:
        start = base if self.start == "base" else self.start
        if not isinstance(start, int) or isinstance(start, bool) or not 1 <= start <= 13:
            return False
        return deadcards.proper(stacks, start, self.fit)

    def dead_mask(self, stacks) -> int:
        return deadcards.dead_mask(stacks, self.copies, self.takes, self.starts_go_up, self.returns)


def facts(ruleset, rules: Rules) -> Facts:
    cache = ruleset.__dict__.setdefault("_facts", {})
    found = cache.get(id(rules))
    if found is None or found.table.rules is not rules:
        found = cache[id(rules)] = Facts(ruleset, rules)
    return found


class Facts:
    """The solver's facts about one ``Rules``: its symmetric piles and dead cards."""

    def __init__(self, ruleset, rules: Rules):
        table = compiled(ruleset, rules)
        self.table = table
        self.groups = symmetric_groups(rules)
        self.group_of: list[int | None] = [None] * len(rules.piles)
        for number, group in enumerate(self.groups):
            for i in group:
                self.group_of[i] = number
        self.dead = self._dead_cards(rules, table)
        # for the score: which card continues a sequence on which, pile by pile
        self.follows = [table.run[i] or table.fit[i] for i in range(len(rules.piles))]

    @staticmethod
    def _dead_cards(rules: Rules, table):
        piles = rules.piles
        foundations = [rule for rule in piles if rule.role == "foundation"]
        if rules.won != "foundations" or rules.addition is not None or not foundations:
            return None
        if any(stock.targets for stock in rules.stocks):
            return None
        if any(rule.refill_from is not None or rule.min_drop != 1 for rule in piles):
            return None
        if any(rule.accept for rule in piles if rule.role in ("stock", "waste")):
            return None
        first = foundations[0]
        def shape(rule):
            return (rule.build, rule.start_rank, rule.start_suit, rule.take, rule.accept, rule.capacity,
                    rule.max_drop, rule.also, rule.accept_from, rule.accept_from_empty)
        if any(shape(rule) != shape(first) for rule in foundations):
            return None
        build = first.build
        if build.rank not in ("up", "down") or build.suit != "same" or build.step != 1 or first.also:
            return None
        if first.max_drop != 1 or not first.accept or first.start_suit is not None or first.capacity is not None:
            return None
        if not (isinstance(first.start_rank, int) or first.start_rank == "base"):
            return None
        if first.take not in ("top", "none") or len(foundations) != 4 * rules.decks:
            return None
        if build.wrap and rules.decks > 1:
            return None
        return DeadCards(rules, table, returns=first.take == "top")

    def dead_tops(self, game, table) -> AbstractSet[int]:
        """Foundations whose top card is dead: never worth taking down."""
        dead = self.dead
        if dead is None or not dead.returns:
            return NONE
        mask = dead.dead(game)
        if not mask:
            return NONE
        piles = game.piles
        return {i for i in dead.foundations if piles[i].cards and mask >> CODE[piles[i].cards[-1]] & 1}

    def safe_moves(self, ruleset, game):
        """A card that would be dead once up goes up (the first such)."""
        dead = self.dead
        if dead is None:
            return
        table = self.table
        piles = game.piles
        rules = table.rules
        base = game.vars.get("base") if dead.start == "base" else dead.start
        # the card each foundation takes next (its top's successor, or a start card)
        wanted = {}
        empty_foundation = None
        for f in dead.foundations:
            cards = piles[f].cards
            if cards:
                top = CODE.get(cards[-1], 52)
                if top < 52:
                    for code in table.fit_lists[f][top]:
                        wanted.setdefault(code, f)
            elif empty_foundation is None:
                empty_foundation = f
        for s, pile in enumerate(piles):
            cards = pile.cards
            if not cards or table.roles[s] == "foundation":
                continue
            card = cards[-1]
            if not card.face_up or rules.piles[s].take == "none":
                continue
            code = CODE[card]
            f = wanted.get(code)
            if f is None and empty_foundation is not None and card.rank == base:
                f = empty_foundation
            if f is None:
                continue
            if table.covers and any(piles[j].cards for j in table.covered_by[s]):
                continue
            sources = table.from_full[f] if piles[f].cards else table.from_empty[f]
            if sources is not None and not sources[s]:
                continue
            if dead.dead(game, (code, f)) >> code & 1:
                yield table.move(piles, s, 1, f)

    def score(self, game) -> int:
        """Cards not up (face-down ones more), cards not in sequence on the one below,
        cards above a lower card of their suit; less for empty piles."""
        total = 0
        code = CODE
        follows = self.follows
        roles = self.table.roles
        for i, pile in enumerate(game.piles):
            role = roles[i]
            if role == "foundation":
                continue
            cards = pile.cards
            if not cards:
                if role in ("tableau", "cell", "reserve"):
                    total -= 3
                continue
            fit = follows[i]
            low = 0
            prev = -1
            for card in cards:
                c = code[card]
                if c >= 52:
                    total += 7
                    prev = -1
                    continue
                total += 4
                if prev < 0 or not fit[prev] >> c & 1:
                    total += 2
                rank = c % 13
                suit_low = low >> (c // 13 * 4) & 15
                if suit_low and suit_low - 1 < rank:
                    total += 2
                elif not suit_low or rank < suit_low - 1:
                    low = low & ~(15 << (c // 13 * 4)) | ((rank + 1) << (c // 13 * 4))
                prev = c
        return total
