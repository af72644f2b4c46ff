"""What the solver may use in a ``.pat`` game, derived from its piles' rules (the
arguments: docs/solver.md, "The declarative models").

Symmetric piles (``groups``)
    Piles other than the stock and waste whose rules are the same (rule sets,
    how they combine, target, foundation value, card faces' visibility), that
    feed from the stock or turn their bottom card up by a click in no rule
    set, and that no rule looks at by place: no pile blocks or lays down by
    its neighbours', no pile takes only from the one before it, and (where
    piles block one another by covering) none lies where a covering pile
    could reach or be reached.

Dead cards (``PatDead``)
    When the game is won by getting every card to the foundations (exactly
    the foundations are counted, 13 cards each, as many as the decks have
    suits), the foundations are alike (one rule set, one card laid at a time,
    up or down by suit from one start value, not round the corner unless one
    deck is played, taking back at most the top card and never onto another
    foundation), and no pile is fed by the stock, turns cards over by a click,
    lays down only by its neighbours, or moves exactly so many cards (two,
    thirteen, sequences of two or more).  Where foundation cards may come
    back, no pile may block another and every pile that takes cards shows its
    top card when dealt.

Unpaired cards (``PairBound``)
    In an addition game (every pile that takes cards and keeps them lays a
    card only on one it adds up with, 13 or 14, and nothing on an empty
    place; the piles that keep what they take, which give nothing back,
    take pairs, or a king alone where kings move by themselves; nothing is
    fed from the stock) won by emptying the piles of target 0, a card of
    such a pile leaves it only together with a partner that is exposed at
    that moment: one laid on it (a run taken from a pile adds up too), or one
    it is laid on.  A partner under a
    pile that the card's pile covers (directly or through covered piles,
    every one of which blocks both ways and lies at one place) is not
    exposed while the card is there.  A position where some card of a pile
    to empty has no other partner (outside the keeping piles) is lost, and
    so is one where the cards of some rank in piles to empty are more than
    the partners they can reach between them (a partner pairs once).

Piles kept in no order (``unordered_piles``)
    A pile (not the stock or the waste) that gives no card back under any of
    its rule sets, turns none over, takes a card whatever its top card is
    (every rule set's sequence lets any card go on any card), leads no
    foundation group and is none of the dead cards' foundations: no rule
    reads its cards but for their number, so two positions that differ only
    in their order there play alike, and the key has them sorted (Pyramid's
    discard, which takes the pairs in whatever order they are made; Spider's
    foundations).

Kings alone (``LoneCards``)
    Where the unpaired-card conditions hold, pairs add up to 13, every rule
    set is fixed and no rule looks at a pile by place but for covering, a
    king that a keeping pile takes goes there as a safe move (not from the
    waste of a stock dealing several cards at a time); such a game is searched
    depth first (docs/solver.md, "Kings alone, and depth first").
"""
from __future__ import annotations

from ...engine.solver import deadcards
from ...engine.solver.compact import PileShares, WantedDepth
from .model import UNLIMITED
from .tables import DRAG, tables


class PatDead:
    def __init__(self, foundations, start, fit, copies, takes, returns):
        self.foundations = foundations
        self.start = start
        self.fit = fit
        self.copies = copies
        self.takes = takes
        self.returns = returns


class PatFacts:
    def __init__(self, ruleset, base):
        self.ruleset = ruleset
        self.table = table = tables(ruleset)
        self.groups = symmetric_groups(ruleset, table, base)
        self.group_of = [None] * table.count
        for number, group in enumerate(self.groups):
            for i in group:
                self.group_of[i] = number
        self.dead = dead_cards(ruleset, table, base)
        self.pairs = pair_bound(ruleset, table)
        self.lone = lone_cards(ruleset, table, self.pairs)
        self.unordered = unordered_piles(ruleset, table, self.dead)
        self.foundation = [ruleset._role(i) == "foundation" for i in range(table.count)]
        self.accepts = [False] + [any(rules.put.kind for rules in spec.rules) for spec in ruleset.specs]
        self.memo: dict = {}
        self.pile_scores = PileShares()
        #: ``PileShares.scores``' plan: foundations left out, an empty pile that takes cards 3 off
        self.score_plan = [None if self.foundation[i] else (3 if self.accepts[i] else 0,
                                                            table.fits[i][0] if i else None)
                           for i in range(table.count)]
        #: where the foundations build as the dead cards' rules see them: how deep the cards
        #: they want next lie (for the states whose cards wait: ``CompactState.want_depths``)
        self.wanted_depth = None
        if self.dead is not None:
            dead = self.dead
            starts = sum(1 << (suit * 13 + dead.start - 1) for suit in range(4))
            scan = [i for i in range(1, table.count)
                    if not self.foundation[i] and i != table.waste and not table.window_only[i]]
            self.wanted_depth = WantedDepth(dead.foundations, [(dead.fit, starts)] * len(dead.foundations), scan)

    # -- dead cards ------------------------------------------------------------------------
    def _here(self, state):
        dead, piles = self.dead, state.piles
        key = tuple([piles[f] for f in dead.foundations])
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 200_000:
                self.memo.clear()
            found = self.memo[key] = self._work_out(piles)
        return found

    def _work_out(self, piles):
        dead = self.dead
        stacks = []
        for f in dead.foundations:
            if any(b > 52 for b in piles[f]):
                return frozenset(), {}
            stacks.append([b - 1 for b in piles[f]])
        if not deadcards.proper(stacks, dead.start, dead.fit):
            return frozenset(), {}
        mask = deadcards.dead_mask(stacks, dead.copies, dead.takes, True, dead.returns)
        tops = frozenset(f for f, codes in zip(dead.foundations, stacks) if codes and mask >> codes[-1] & 1)
        ups = {}
        empty_done = False
        for k, f in enumerate(dead.foundations):
            codes = stacks[k]
            if codes:
                wanted = [code for code in range(52) if dead.fit[codes[-1]] >> code & 1]
            elif not empty_done:
                empty_done = True            # (one empty foundation stands for all: they are alike)
                wanted = [suit * 13 + dead.start - 1 for suit in range(4)]
            else:
                continue
            for code in wanted:
                if code in ups:
                    continue
                trial = [list(x) for x in stacks]
                trial[k].append(code)
                if deadcards.dead_mask(trial, dead.copies, dead.takes, True, dead.returns) >> code & 1:
                    ups[code] = f
        return tops, ups

    def dead_tops(self, state):
        return self._here(state)[0]

    def safe_move(self, state):
        ups = self._here(state)[1]
        if not ups:
            return None
        piles = state.piles
        sources = state.safe_sources
        if sources is None:
            # not from the waste of a stock dealing several cards at a time: without the card,
            # the next passes would deal other cards together (docs/solver.md, "The talon");
            # nor from a talon's waste, whose top differs between positions of one key
            skip = state.talon_wastes if state.rules.stock.draw <= 1 else {self.table.waste}
            sources = state.safe_sources = [s for s in range(len(piles)) if not self.foundation[s] and s not in skip]
        plain_take = self.table.plain_take
        for s in sources:
            cards = piles[s]
            if not cards or cards[-1] > 52:
                continue
            f = ups.get(cards[-1] - 1)
            if f is None:
                continue
            take = plain_take[s]
            plainly = state.lays_plainly(f, cards[-1] - 1) if take is not None else None
            if plainly is not None:     # (and the pick, as ``generate`` decides it: a card alone)
                if plainly and take != 0:
                    return (DRAG, s, 1, f)
            elif state.pick_ok(s, 1) and state.drop_ok(s, 1, f):
                return (DRAG, s, 1, f)
        if state.talon is not None and state.talon.count == 1:
            return state.talon_safe_move(ups)
        return None

    # -- how near won a position looks ---------------------------------------------------------
    def scores(self, state) -> list:
        """The score for each of the state's weightings (``CompactState.WITH_BLOCKS`` where
        ``state.weigh_blocks``)."""
        pairs = self.pairs
        if pairs is not None:
            return [pairs.score(state.piles)] * 2
        piles = state.keyed_piles() if state.talons else state.piles
        return state.wanted_scores(self.pile_scores.scores(piles, self.score_plan, state.weigh_blocks), piles)


def by_place_excluded(ruleset, table) -> set:
    """Piles a rule looks at by place: neighbours of piles that block or lay down by their
    neighbours, the pile before one that takes only from it, and piles in reach of
    covering ones."""
    excluded: set[int] = set()
    count = table.count
    for i, spec in enumerate(ruleset.specs, start=1):
        for rules in spec.rules:
            if rules.take.block_kind in ("next", "both") or rules.put.neighbour:
                excluded.update(j for j in (i - 1, i, i + 1) if 0 <= j < count)
            if rules.put.source == 6:
                excluded.update((i - 1, i))
    if table.any_cover:
        most = 52 * ruleset.decks
        boxes = []
        for index in range(count):
            x, y, dx, dy, w, h = table.place[index]
            xs = (x, x + dx * most)
            ys = (y, y + dy * most)
            boxes.append((min(xs), min(ys), max(xs) + w, max(ys) + h))
        covering = [i for i, spec in enumerate(ruleset.specs, start=1)
                    if any(rules.take.block_kind == "cover" for rules in spec.rules)]
        for a in covering:
            ax0, ay0, ax1, ay1 = boxes[a]
            for b in range(count):
                bx0, by0, bx1, by1 = boxes[b]
                if bx0 < ax1 and ax0 < bx1 and by0 < ay1 and ay0 < by1:
                    excluded.update((a, b))
    return excluded


def symmetric_groups(ruleset, table, base) -> list[list[int]]:
    excluded = by_place_excluded(ruleset, table)
    by_rule: dict = {}
    for i, spec in enumerate(ruleset.specs, start=1):
        if i in excluded or i == table.waste or table.window_only[i]:
            continue
        if any(rules.put.feed or rules.put.rotate for rules in spec.rules):
            continue
        shape = (spec.rules, spec.combine if len(spec.rules) == 2 else 0, spec.target, base[i], spec.invisible,
                 spec.face == 5, spec.base_group, spec.horizontal)
        by_rule.setdefault(shape, []).append(i)
    return [group for group in by_rule.values() if len(group) > 1]


def dead_cards(ruleset, table, base):
    """``PatDead`` when the conditions of the module's docstring hold, else None."""
    specs = ruleset.specs
    foundations = [i for i in range(1, table.count) if ruleset._role(i) == "foundation"]
    if not foundations or len(foundations) != 4 * ruleset.decks:
        return None
    counted = [i for i in range(table.count) if i == 0 or not table.window_only[i]]
    if any(table.targets[i] == 0 for i in counted):
        return None
    full = [i for i in counted if 0 < table.targets[i] < UNLIMITED]
    if sorted(full) != foundations or any(table.targets[i] != 13 for i in foundations):
        return None
    first = specs[foundations[0] - 1]
    if any(specs[i - 1].rules != first.rules or specs[i - 1].combine != first.combine for i in foundations):
        return None
    if len(first.rules) != 1:
        return None
    rules = first.rules[0]
    take, put, empty, sequence = rules.take, rules.put, rules.empty, rules.sequence
    if put.kind != 1 or put.feed or put.rotate or put.source or put.neighbour or take.block:
        return None
    if empty.kind != "card" or empty.suit != 9:
        return None
    starts = {base[i] if empty.base else empty.rank for i in foundations}
    if len(starts) != 1 or None in starts:
        return None
    if sequence.kind != "rule" or sequence.order not in (4, 6) or sequence.colour != 1:
        return None
    if sequence.limit in (1, 9) and ruleset.decks > 1:
        return None
    if take.kind == 0:
        returns = False
    elif take.kind == 1 and take.mark and take.refuses_mark(take.mark):
        returns = True
    else:
        return None
    waste = table.waste
    takes = [0] * 52
    for i, spec in enumerate(specs, start=1):
        if i in foundations:
            continue
        for other in spec.rules:
            if other.put.feed or other.put.rotate or other.put.neighbour:
                return None
            if other.put.kind not in (0, 1, 2, 3) or other.take.kind == 4:
                return None
            if returns and other.take.block:
                return None
        if any(other.put.kind for other in spec.rules):
            if i == waste:
                return None
            if returns and spec.face not in (1, 2, 6, 7):
                return None
            for fit in table.fits[i]:
                for code in range(52):
                    takes[code] |= fit[code]
    fit = table.fits[foundations[0]][0]
    return PatDead(foundations, starts.pop(), fit, ruleset.decks, takes, returns)


#: a card byte's rank (1-13)
RANK_OF = [0] + [(b - 1) % 13 + 1 for b in range(1, 105)]


class PairBound:
    """Unpaired cards (the module's docstring): ``hopeless(piles)``."""

    def __init__(self, total: int, keep: list[bool], must: list[int], covers: list[list[int]]):
        self.total = total
        self.keep = keep            # per pile: cards laid there stay (and pair no more)
        self.must = must            # the piles to empty
        self.covers = covers        # per pile: the piles it lies over that it blocks both ways
        self.covering = [(q, under) for q, under in enumerate(covers) if under]
        self.others = [p for p in range(len(keep)) if not keep[p] and p not in must]

    def score(self, piles) -> int:
        """The score of an addition game (lower is better): what the win asks, the cards left in
        the piles to empty (a pair laid on a card counts as gone), then the cards left in
        the others that keep none (the stock and the waste)."""
        total = self.total
        left = 0
        for i in self.must:
            cards = piles[i]
            n = len(cards)
            if n > 1 and RANK_OF[cards[-1]] + RANK_OF[cards[-2]] == total:
                n -= 2
            left += n
        return 16 * left + sum(len(piles[i]) for i in self.others)

    def hidden_masks(self, piles) -> list[int]:
        """Per pile, the non-empty piles whose cards can't be exposed while it holds cards
        (a bit per pile): those it lies over, and those they hide.  (A pile lies only
        over earlier ones, so each pile's mask is made from masks made before it.)"""
        masks = [0] * len(piles)
        for q, under in self.covering:
            mask = 0
            for p in under:
                if piles[p]:
                    mask |= 1 << p | masks[p]
            masks[q] = mask
        return masks

    def hopeless(self, piles) -> bool:
        total, keep = self.total, self.keep
        where: list[list[tuple[int, int]]] = [[] for _ in range(14)]
        for p, cards in enumerate(piles):
            if keep[p]:
                continue
            for k, b in enumerate(cards):
                where[RANK_OF[b]].append((p, k))
        masks = self.hidden_masks(piles)
        # per rank: how many cards of piles to empty need a partner, and the partners any of
        # them can reach (a bit per place in ``where``)
        needing = [0] * 14
        reachable = [0] * 14
        for i in self.must:
            cards = piles[i]
            if not cards:
                continue
            hidden = masks[i]
            for k, b in enumerate(cards):
                rank = RANK_OF[b]
                if total == 13 and rank == 13:
                    continue            # (a king leaves by itself)
                mine = 0
                for n, (p, q) in enumerate(where[total - rank]):
                    if not hidden >> p & 1 and (p != i or q != k):
                        mine |= 1 << n
                if not mine:
                    return True
                needing[rank] += 1
                reachable[rank] |= mine
        # a partner pairs once: more cards of a rank than partners all of them reach is lost too
        # (ranks that pair with themselves aside: two such cards may pair with each other)
        return any(needing[rank] > bin(reachable[rank]).count("1") for rank in range(1, 14) if 2 * rank != total)


class LoneCards:
    """Cards that leave by themselves (``lone_cards``): ``safe_move(state)``."""

    def __init__(self, pairs: PairBound, count: int, waste, draw: int):
        self.total = pairs.total
        self.keeping = [p for p in range(count) if pairs.keep[p]]
        # (not from the waste of a stock dealing several cards at a time: docs/solver.md)
        self.piles = [p for p in range(1, count) if not pairs.keep[p] and (p != waste or draw <= 1)]

    def safe_move(self, state):
        piles, total = state.piles, self.total
        for p in self.piles:
            cards = piles[p]
            if cards and cards[-1] <= 52 and RANK_OF[cards[-1]] == total and state.pick_ok(p, 1):
                for k in self.keeping:
                    if state.drop_ok(p, 1, k):
                        return (DRAG, p, 1, k)
        return None


def unordered_piles(ruleset, table, dead) -> tuple[int, ...]:
    """The piles kept in no order (the module's docstring)."""
    found = []
    for i, spec in enumerate(ruleset.specs, start=1):
        if i == table.waste or spec.base_group or (dead is not None and i in dead.foundations):
            continue
        if any(rules.take.kind or rules.put.rotate for rules in spec.rules):
            continue
        if any(rules.put.kind for rules in spec.rules) and all(len(set(fit)) == 1 for fit in table.fits[i]):
            found.append(i)
    return tuple(found)


def lone_cards(ruleset, table, pairs) -> LoneCards | None:
    """In an addition game (``PairBound``) whose pairs add up to 13, where no rule looks at
    a pile by place but for covering and every pile's rule set is fixed, a king that a
    keeping pile takes goes there at once: it pairs with no card, so it only ever leaves
    by itself, nothing is laid on it, and where it is it only blocks."""
    if pairs is None or pairs.total != 13 or any(fixed is None for fixed in table.fixed[1:]):
        return None
    for spec in ruleset.specs:
        for rules in spec.rules:
            if rules.take.block_kind in ("next", "both") or rules.put.neighbour or rules.put.source == 6:
                return None
    return LoneCards(pairs, table.count, table.waste, ruleset.stock.draw)


def pair_bound(ruleset, table) -> PairBound | None:
    """``PairBound`` when the conditions of the module's docstring hold, else None."""
    count = table.count
    totals = set()
    keep = [False] * count
    for i in range(1, count):
        sets = table.sets[i]
        if any(rules.put.feed or rules.put.rotate for rules in sets):
            return None
        if all(rules.take.kind == 0 for rules in sets):
            keep[i] = True
            if any(rules.put.kind not in (0, 4, 5) for rules in sets):
                return None         # (a keeping pile would take a card that is no pair)
            continue
        for rules in sets:
            # (what it takes as a run, and what it lays a card on, adds up)
            if rules.sequence.kind != "rule" or rules.sequence.order not in (1, 2):
                return None
            if rules.put.kind and rules.empty.kind != "none":
                return None
            totals.add(12 + rules.sequence.order)
    if len(totals) != 1:
        return None
    total = totals.pop()
    counted = [i for i in range(1, count) if not table.window_only[i]]
    must = [i for i in counted if table.targets[i] == 0 and not keep[i]]
    if not must or table.targets[0] == 0:
        return None
    # who blocks whom by covering: only between piles that lie at one place
    covers: list[list[int]] = [[] for _ in range(count)]
    if table.any_cover:
        for p in range(1, count):
            if not all(rules.take.block_kind == "cover" and rules.take.blocks_pick and rules.take.blocks_put
                       for rules in table.sets[p]):
                continue
            x, y, dx, dy, w, h = table.place[p]
            if dx or dy or not table.shows[p]:
                continue
            for q in range(p + 1, count):
                ox, oy, odx, ody, ow, oh = table.place[q]
                if not table.shows[q]:
                    continue
                if odx or ody:
                    return None     # (a spread pile's reach depends on its cards)
                if ox < x + w and x < ox + ow and oy < y + h and y < oy + oh:
                    covers[q].append(p)
    return PairBound(total, keep, must, covers)


def facts(ruleset, game) -> PatFacts:
    base = [None] + [ruleset.base_of(game, i) if spec.base_group else None
                     for i, spec in enumerate(ruleset.specs, start=1)]
    cache = ruleset.__dict__.setdefault("_pat_facts", {})
    key = tuple(base)
    found = cache.get(key)
    if found is None:
        if len(cache) > 64:
            cache.clear()
        found = cache[key] = PatFacts(ruleset, base)
    return found


def no_pairs_nor_feeding(table, facts) -> bool:
    """What cards that wait ask of a game first: no pairs game, no stock dealing onto piles."""
    return facts.pairs is None and facts.lone is None and not table.feeders_possible


def talon_waits(table, facts) -> frozenset[int]:
    """The piles a card of the talon (dealing one card at a time: ``PatState`` asks only
    then) waits to be put on (docs/solver.md, "Cards that wait"): piles that take cards and
    are no waste or foundation, that no rule looks at by place, with the waste's mark (so no
    pile refuses a card from one that it takes from the other); in a game that is no pairs
    game, where no pile refuses cards from the waste that it takes from elsewhere (put
    source 5 or 6), and that is won with every card on the foundations (or with the pile
    emptied): a card put on such a pile must leave it again.  Only piles that give one card
    at a time (Little Mystery's building piles): with Klondike's tableau, which gives runs,
    best-first search found wins far later (deals 1-20 at 10 s: 20 -> 11)."""
    if not no_pairs_nor_feeding(table, facts) or table.waste is None:
        return frozenset()
    fixed = table.fixed
    if any(rules is None or rules.put.source in (5, 6) for rules in fixed[1:]):
        return frozenset()
    zeros, full = table.won_by
    all_up = not zeros and sum(table.targets[i] for i in full) == 52 * facts.ruleset.decks
    excluded = by_place_excluded(facts.ruleset, table)
    mark = fixed[table.waste].take.mark
    return frozenset(
        d for d in range(1, table.count)
        if d != table.waste and table.lays[d] and not keeps(table, d) and not table.window_only[d]
        and d not in excluded and fixed[d].take.mark == mark and (all_up or d in zeros) and table.plain_take[d] == 1)


def parking_piles(table, facts) -> frozenset[int]:
    """The piles that, empty, take cards only in a chain (docs/solver.md, "Cards put into an
    empty pile"): piles that take cards while empty, no stock, waste or foundation, that the
    win wants empty (every card up, or the pile emptied) and no rule looks at by place; in a
    game of fixed rule sets with no pile that blocks, covers or lays down by its neighbours,
    where every pile whose face-down top a click turns up turns it up by itself (a click on
    the pile a card left would be a move that touches it, and follow-ups have no clicks),
    where no stock deals onto piles, and that is no pairs game."""
    if not no_pairs_nor_feeding(table, facts) or table.any_cover or set(table.flippable) - set(table.turning):
        return frozenset()
    fixed = table.fixed[1:]
    if any(rules is None or rules.take.block or rules.take.block_kind or rules.put.neighbour
           or rules.put.source == 6 for rules in fixed):
        return frozenset()
    zeros, full = table.won_by
    all_up = not zeros and sum(table.targets[i] for i in full) == 52 * facts.ruleset.decks
    excluded = by_place_excluded(facts.ruleset, table)
    return frozenset(
        d for d in range(1, table.count)
        if d != table.waste and table.lays[d] and table.starts[d] and not keeps(table, d)
        and not table.window_only[d] and d not in excluded and (all_up or d in zeros))


def keeps(table, i: int) -> bool:
    """Is pile ``i`` a foundation (a pile filled to a count to win: a waiting card goes
    there alone)?"""
    return 0 < table.targets[i] < UNLIMITED


def waiting_piles(table, facts) -> frozenset[int]:
    """The piles whose cards wait (docs/solver.md, "Cards that wait"): piles dealt one card
    that take none (King Albert's reserve), are no stock, waste or foundation, and have the
    mark of every pile a card is laid on but the foundations (so that a pile that refuses
    cards by mark takes a card from them alike); in a game of fixed rule sets with no pile
    that blocks, covers or lays down by its neighbours or takes only from the pile before
    it, where no stock deals onto piles, and that is no pairs game.  (Not piles dealt more,
    as the `.sol` state has them: `.pat` Canfield's reserve, its cards put out only with
    the next move ready, made best-first search find wins far later: deal 8 won in 51,579
    positions before, not in 600,000 so.)"""
    if not no_pairs_nor_feeding(table, facts) or table.any_cover:
        return frozenset()
    fixed = table.fixed[1:]
    if any(rules is None or rules.take.block or rules.take.block_kind or rules.put.neighbour
           or rules.put.source == 6 for rules in fixed):
        return frozenset()
    marks = {table.fixed[i].take.mark for i in range(1, table.count) if table.lays[i] and not keeps(table, i)}
    return frozenset(
        i for i in range(1, table.count)
        if i != table.waste and not table.lays[i] and table.specs[i].count <= 1 and table.fixed[i].take.kind == 1
        and not keeps(table, i) and marks <= {table.fixed[i].take.mark})
