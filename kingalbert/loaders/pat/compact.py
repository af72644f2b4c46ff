"""A ``.pat`` game as the solver's compact state (``PatRuleset.solver_state``).

The position is one ``bytes`` per pile, a card a byte (1-52 face up, 53-104 face
down; suits in C D H S order, then rank), and ``extra``: the pass through the
stock and whether it has been emptied.  Moves and what they do are those of
``PatRuleset`` (see ``model``'s docstring), worked out from tables: which
card fits on which under each ``Sequence``, which card starts each pile, the
piles each pile may cover.  Tests play this state and ``Game`` side by side.

Games this state can't play exactly decline it (``PatState.supports``): a
stock turned over shuffled (the random generator would be part of the
position), cards brought from the bottom to the top by a click, a foundation
value that could change during the game.  Those are searched through
``Game``.  The reductions are ``solving.PatFacts``', and the talon: a stock
turned over for ever onto a waste that gives only its top card is keyed by its
cycle (``engine/solver/talon.py``; the pass and whether the stock has been
emptied, which no rule then reads, are not kept), and its cards are played
straight from it (``TALON``: the clicks, then the drag); dealing one card at a
time, they wait as a reserve's do (``solving.talon_waits``: put on a pile that
gives one card at a time only with a card put on them at once).
"""
from __future__ import annotations

from ...engine.moves import Move
from ...engine.solver.compact import CHAIN, TALON, CompactState, builds_by_suit_only
from ...engine.solver.search import PROOF_SHARE, RESTARTS
from ...engine.solver.talon import Talon
from .checks import PatChecks
from .model import UNLIMITED
from .solving import by_place_excluded, keeps, parking_piles, talon_waits, waiting_piles
from .solving import facts as facts_of
from .tables import BYTE, CLICK, DRAG, FACES, down, tables, up  # noqa: F401  (BYTE: the card codes, for tests)

#: a move through empty piles: ``(SEQ, src, n, dst, piles)``; a card of the talon played
#: from where clicks bring it is ``(TALON, 0, pointer, dst, clicks)`` (the shared solver's
#: ``TALON``: its chains know such moves)
SEQ = 2


class PatState(PatChecks, CompactState):
    """A position of a ``PatRuleset`` game; moves are ``(DRAG, src, n, dst)``, ``(CLICK, pile, 1, -1)``,
    ``(SEQ, ...)`` and ``(TALON, ...)`` (above); the rules' tests of a pick and a drop are
    ``PatChecks``'."""

    @staticmethod
    def supports(ruleset, game) -> bool:
        if ruleset.stock.turnover == 1:
            return False
        for spec in ruleset.specs:
            if any(rules.put.rotate for rules in spec.rules):
                return False
        if any(var.startswith("rotated:") for var in game.vars):
            return False
        values = game.vars.get("foundation_values")
        for leader in set(ruleset._group_of.values()) - {None}:
            value = values.get(f"p{leader + 1}") if isinstance(values, dict) else None
            if not (isinstance(value, int) and 1 <= value <= 13):
                return False        # read from the leader's cards, which might change
        return True

    def __init__(self, ruleset, game, budget=None, plain: bool = False, facts=None):
        self.rules = ruleset
        self.table = tables(ruleset)
        self.names = [pile.name for pile in game.piles]
        self.plain = plain
        self.base = [None] + [ruleset.base_of(game, i) if spec.base_group else None
                              for i, spec in enumerate(ruleset.specs, start=1)]
        passes = game.vars.get("pass", 1)
        passes = passes if isinstance(passes, int) and not isinstance(passes, bool) and passes >= 1 else 1
        # with no limit on passes, the rules ask of the pass only whether it is the first:
        # later passes are one (so that going round the stock again meets positions seen)
        self.pass_cap = 2 if ruleset.stock.passes >= UNLIMITED and not plain else None
        if self.pass_cap is not None:
            passes = min(passes, self.pass_cap)
        extra = (passes, 1 if game.vars.get("emptied") else 0)
        piles = [bytes(BYTE[card] for card in pile.cards) for pile in game.piles]
        if facts is None:
            facts = facts_of(ruleset, game)
        self.facts = facts          # (with ``plain``, only for the score, which proves nothing)
        #: a score that weighs cards above a lower one of their suit more, in two more queues,
        #: where the tableau builds by suit only under every rule set (``CompactState.WITH_BLOCKS``)
        self.weigh_blocks = facts.pairs is None and builds_by_suit_only(
            [fit for i in range(1, len(game.piles)) if ruleset._role(i) == "tableau" for fit in self.table.fits[i]])
        if self.weigh_blocks:
            self.weightings, self.depth_weights = self.WITH_BLOCKS
        groups = () if plain else facts.groups
        super().__init__(piles, extra, groups, budget, () if plain else facts.unordered)
        self.group_of = None if plain else facts.group_of
        #: moves through empty piles are offered (see ``_through_empty``)
        self.through = not plain
        self._starts: dict[int, int] = {}     # pile -> the cards that may start it (``starts_with``)
        self.dead = None if plain else facts.dead
        #: the bound of an addition game (``solving.PairBound``), None where it doesn't hold
        self.pairs = None if plain else facts.pairs
        #: kings that go to a keeping pile at once (``solving.LoneCards``), else None
        self.lone = None if plain else facts.lone
        if facts.pairs is not None:
            # depth first: the moves' order finds the pairs, where the score has nothing to go on
            # between one pair and the next (docs/solver.md, "Kings alone, and depth first");
            # and, the order being all, restarts first (docs/solver.md, "Restarts")
            self.befs_share = 0.0
            self.restarts = RESTARTS
        self.memo: dict = {}
        #: the piles a dead card may be played up from at once (``solving.PatFacts.safe_move``)
        self.safe_sources: list[int] | None = None
        self.talon: Talon | None = None if plain else self._free_talon(ruleset)
        self.talons = () if self.talon is None else (self.talon,)
        self.talon_wastes = frozenset(talon.waste for talon in self.talons)
        if self.talon is not None:
            # every rule set fixed and no limit on passes: nothing reads the pass or whether
            # the stock has been emptied, so the position is the same whatever they are
            self.pass_cap = 1
            self.extra = (1, 1)
        #: per pile turning its top card up when free, the piles whose giving a card may free it
        self.unblockers = self._unblockers()
        #: the piles whose cards wait (docs/solver.md, "Cards that wait")
        self.waiting = frozenset() if plain else waiting_piles(self.table, self.facts)
        #: the piles that, empty, take cards only in a chain while every position is gone through
        #: (docs/solver.md, "Cards put into an empty pile"): a first share of the time so
        self.parking = frozenset() if plain else parking_piles(self.table, self.facts)
        if self.parking:
            self.proof_share = PROOF_SHARE
        if len(self.waiting) > 1:
            self.want_depths(self.facts.wanted_depth)
        if not plain and self.talon is not None and self.talon.count == 1:
            self.talon_waits = talon_waits(self.table, self.facts)

    def keeps(self, d: int) -> bool:
        return keeps(self.table, d)

    def _free_talon(self, ruleset) -> Talon | None:
        """The stock as a talon (``solver/talon.py``): turned over unshuffled as often as one
        likes onto a waste that gives only its top card and takes none; the stock face down,
        feeding no pile; every rule set fixed (none chosen by the stock or the pass);
        neither pile looked at by place nor counted for the win."""
        stock, table = ruleset.stock, self.table
        w = table.waste
        if w is None or stock.face == 2 or stock.passes < UNLIMITED or stock.draw < 1 or stock.shuffle:
            return None
        if table.feeders_possible or table.lays[w] or table.plain_take[w] != 1 or 0 in table.turning:
            return None
        if any(fixed is None for fixed in table.fixed[1:]):
            return None
        if {0, w} & by_place_excluded(ruleset, table):
            return None
        zeros, full = table.won_by
        if {0, w} & set(full) or len({0, w} & set(zeros)) == 1:
            return None
        return Talon(0, w, stock.draw, False)

    # -- the moves --------------------------------------------------------------------------
    def generate(self, ordered: bool, only: tuple[int, int] | None = None) -> list:
        """The moves (the most promising first if ``ordered``); with ``only`` (a pile, a pile),
        no clicks, no moves through empty piles and no drags but those from either or
        onto the second (``chained``'s follow-ups)."""
        piles, table = self.piles, self.table
        if self.pairs is not None and self.pairs.hopeless(piles):
            return []           # (lost: some card can never be paired)
        count = len(piles)
        group_of = self.group_of
        dead_tops = self.dead_tops() if self.dead is not None and self.dead.returns else ()
        parking = self.parking if self.parking_on else None
        # destinations: by the cards their top takes (under any of their rule sets), and the empty ones
        wants: dict[int, list[int]] = {}
        empty = []
        empty_all = []          # (every empty pile that takes a card, for moves through them)
        seen_groups = set()
        lays, takes_on, starts = table.lays, table.takes_on, table.starts
        plain_take, plain_put, capacity = table.plain_take, table.plain_put, table.capacity
        any_number, one_at_a_time = table.any_number, table.one_at_a_time
        for d in range(1, count):
            cards = piles[d]
            if not lays[d]:
                continue
            if not cards:
                if not starts[d]:
                    continue        # (nothing is laid on it while it is empty)
                empty_all.append(d)
                if group_of is not None and group_of[d] is not None:
                    if group_of[d] in seen_groups:
                        continue
                    seen_groups.add(group_of[d])
                empty.append(d)
                continue
            for code in takes_on[d][(cards[-1] - 1) % 52]:
                wants.setdefault(code, []).append(d)
        out = []
        free = [t for t in empty_all if t != table.waste and not 0 < table.targets[t] < UNLIMITED] \
            if self.through else []
        for s in range(count):
            cards = piles[s]
            if not cards or s in dead_tops:
                continue
            if s == 0 and self.rules.stock.face != 2:
                continue
            size = len(cards)
            take = plain_take[s]
            runs = take in (2, 3)
            fit = table.fixed_fit[s]
            for n in range(1, size + 1):
                if cards[-n] > 52:
                    break
                if take is not None:        # (``pick_ok`` where only the take kind decides)
                    if runs and n > 1 and not fit[cards[-n] - 1] >> (cards[-n + 1] - 1) & 1:
                        break               # (no longer pick is a run either)
                    if not (take == 9 or n == 1 and take != 0 or runs):
                        if take in (0, 1) or self.hopeless(s, n):
                            break       # (no longer pick either: ``hopeless`` says so for those kinds)
                        continue
                bottom = (cards[-n] - 1) % 52
                found = wants.get(bottom)
                targets = sorted(found + empty) if found and empty else (found or empty)
                if only is not None and s not in only:
                    if parking:     # (a card put into an empty pile: any move onto either pile, or another such)
                        targets = [t for t in targets if t in only or t in parking and not piles[t]]
                    else:
                        targets = [only[1]] if only[1] in targets else []
                if not targets:
                    continue
                if take is None and not self.pick_ok(s, n):     # (asked only where a card could go)
                    if self.hopeless(s, n):
                        break
                    continue
                for d in targets:
                    if d == s:
                        continue
                    if group_of is not None and n == size and not piles[d] and group_of[s] is not None \
                            and group_of[s] == group_of[d]:
                        continue
                    if take is not None and plain_put[d] and (n == 1 or any_number[d]):
                        # (``drop_ok``: a pile with cards is here because its top takes this card)
                        room = capacity[d]
                        if (piles[d] or self.starts_with(d, bottom)) and (room is None or len(piles[d]) + n <= room):
                            out.append((DRAG, s, n, d))
                    elif take is not None and one_at_a_time[d]:
                        continue        # (``drop_ok`` refuses more than one card there)
                    elif self.drop_ok(s, n, d):
                        out.append((DRAG, s, n, d))
            if free and size > 1 and cards[-2] <= 52 and cards[-1] <= 52 and not self.pick_ok(s, 2) \
                    and s not in self.talon_wastes and only is None:
                self._through_empty(s, wants, free, out)
        if self.talon is not None:
            self._talon_plays(wants, empty, out, None if only is None or parking else only[1])
        elif only is None and self.click_plan(0) is not None:
            out.append((CLICK, 0, 1, -1))
        if only is not None:        # (``chained``'s follow-ups: no clicks)
            return self.chained(out) if self.waiting or self.talon_waits or parking else out
        unblockers = self.unblockers
        for i in table.flippable:       # (the other piles a click can do anything to)
            cards = piles[i]
            if not cards or cards[-1] <= 52:
                continue
            if unblockers is not None and unblockers[i] is not None:
                continue        # (a face-down top there is blocked, or it would have turned up)
            if self.click_plan(i) is not None:
                out.append((CLICK, i, 1, -1))
        if self.waiting or self.talon_waits or parking:
            out = self.chained(out)
        if ordered and len(out) > 1:
            out.sort(key=self.priority, reverse=True)
        return out

    def _talon_plays(self, wants, empty, out, onto: int | None = None) -> None:
        """The plays of each card that clicks bring to the top of the talon's waste (the top
        card's own moves are the waste's), each tried as the drag from that very position
        (the pick always passes: a talon's waste gives its top card, unblocked)."""
        talon = self.talon
        assert talon is not None
        piles, w = self.piles, talon.waste
        waste, stock = piles[w], piles[0]
        cards = talon.sequence(piles)
        size, pointer = len(cards), len(waste)
        lays_plainly = self.lays_plainly
        try:
            for at, clicks in talon.reach(pointer, size):
                bottom = (cards[at - 1] - 1) % 52
                found = wants.get(bottom)
                targets = sorted(found + empty) if found and empty else (found or empty)
                if onto is not None:
                    targets = [onto] if onto in targets else []
                split = False
                for d in targets:
                    plainly = lays_plainly(d, bottom)       # (the waste's pick is plain: ``_free_talon``)
                    if plainly is not None:
                        if plainly:
                            out.append((TALON, 0, at, d, clicks))
                        continue
                    if not split:
                        piles[w], piles[0] = talon.split(cards, at)
                        split = True
                    if self.drop_ok(w, 1, d):
                        out.append((TALON, 0, at, d, clicks))
        finally:
            piles[w], piles[0] = waste, stock

    def talon_safe_move(self, ups):
        """The first card in dealing order of a talon dealing one card at a time that is dead
        once played up (``ups``: card code -> foundation), played up straight from the talon
        (docs/solver.md, "The talon"), or None."""
        talon = self.talon
        assert talon is not None
        piles, w = self.piles, talon.waste
        waste, stock = piles[w], piles[0]
        cards = b""
        for k, b in talon.positions(piles, [code + 1 for code in ups]):
            f = ups[b - 1]
            plainly = self.lays_plainly(f, b - 1)
            if plainly is not None:
                if plainly:
                    return (TALON, 0, k + 1, f, talon.clicks_to(len(waste), len(waste) + len(stock), k + 1))
                continue
            cards = cards or talon.sequence(piles)
            try:
                piles[w], piles[0] = talon.split(cards, k + 1)
                ok = self.drop_ok(w, 1, f)     # (the pick always passes, as in ``_talon_plays``)
            finally:
                piles[w], piles[0] = waste, stock
            if ok:
                return (TALON, 0, k + 1, f, talon.clicks_to(len(waste), len(cards), k + 1))
        return None

    def _through_empty(self, s: int, wants, free, out) -> None:
        """Moves of the top 2, 3 ... cards of pile ``s`` (which gives one card at a time) to
        another pile through empty piles, one card at a time, as a player does it: each step
        tried on this state itself (``pick_ok``, ``drop_ok``, ``play``) and taken back."""
        piles, targets, takes_on = self.piles, self.table.targets, self.table.takes_on
        cards = piles[s]
        for n in range(2, min(len(free) + 1, len(cards)) + 1):
            if cards[-n] > 52:
                return
            bottom = (cards[-n] - 1) % 52
            for d in sorted(set(wants.get(bottom, ())) | set(free)):
                if d == s or 0 < targets[d] < UNLIMITED:
                    continue
                # (only a run that ``d`` would take card by card is worth trying)
                if (cards[-n + 1] - 1) % 52 not in takes_on[d][bottom]:
                    continue
                temps = [t for t in free if t != d][:n - 1]
                if len(temps) == n - 1 and self._steps_ok(s, n, d, temps):
                    out.append((SEQ, s, n, d, tuple(temps)))

    def _steps_ok(self, s, n, d, temps) -> bool:
        """Does every step of the move through ``temps`` pass, played in turn?  (Taken back.)"""
        saved, key = self._undo, self._key
        changes: list = []
        self._undo = changes
        try:
            for step in self.steps((SEQ, s, n, d, temps)):
                _, a, _, b = step
                if not self.piles[a] or self.piles[a][-1] > 52 or not (self.pick_ok(a, 1) and self.drop_ok(a, 1, b)):
                    return False
                self.play(step)
            return True
        finally:
            self.take_back(changes)
            self._undo, self._key = saved, key

    @staticmethod
    def steps(move) -> list:
        """The single moves of a move through empty piles."""
        _, s, n, d, temps = move
        return [(DRAG, s, 1, t) for t in temps] + [(DRAG, s, 1, d)] + [(DRAG, t, 1, d) for t in reversed(temps)]

    def hopeless(self, s: int, n: int) -> bool:
        """Is every pick of more than ``n`` cards from pile ``s`` refused too?"""
        if s == 0:
            return True
        sets, fits = self.table.sets[s], self.table.fits[s]
        cards = self.piles[s]
        for rules, fit in zip(sets, fits):
            kind = rules.take.kind
            if kind == 9:
                return False
            if kind in (2, 3, 4) and (n < 2 or self.is_run(fit, cards[-n:])):
                return False
        return True

    def priority(self, move) -> int:
        if move[0] == CHAIN:
            move = move[4][0]           # (as its first move)
        kind, s, n, d = move[:4]
        if kind == CLICK:
            return -5 if s == 0 else 50
        if kind == TALON:       # (as the waste's top card, a little after it)
            assert self.talon is not None
            return self.priority((DRAG, self.talon.waste, 1, d)) - 1
        table, piles = self.table, self.piles
        score = 0
        pairs = self.pairs
        if pairs is not None:
            if pairs.keep[d]:
                return 100
            return 60 if piles[d] else -10
        if table.targets[d] == 13 or 0 < table.targets[d] < UNLIMITED:
            score = 100
        elif 0 < table.targets[s] < UNLIMITED:
            score = -50
        elif not piles[d]:
            score = -100 if n == len(piles[s]) else -10
        else:
            score = 10 + (20 if n == len(piles[s]) else 0)
        if n < len(piles[s]) and piles[s][-n - 1] > 52:
            score += 15
        if s == 0 or s == table.waste:
            score += 5
        return score

    # -- clicks ------------------------------------------------------------------------------
    def click_plan(self, i: int):
        """What a click on pile ``i`` would do: ("turn",), ("draw", draws, feeds), ("flip",), or None."""
        piles = self.piles
        if i == 0:
            return self.stock_plan()
        cards = piles[i]
        if cards and cards[-1] > 52:
            spec = self.table.specs[i]
            if any(r.take.kind for r in spec.rules) and not spec.invisible \
                    and not self.blocked(i, self.active(i), True):
                return ("flip",)
        return None

    def stock_plan(self):
        stock, table, piles = self.rules.stock, self.table, self.piles
        waste = table.waste
        feeders = []
        if table.feeders_possible:
            for index in range(1, table.count):
                feed = self.active(index).put.feed
                if feed:
                    feeders.append((index, table.specs[index], feed))
        if not piles[0]:
            if waste is None or not piles[waste]:
                return None
            if not (stock.passes >= UNLIMITED or self.extra[0] < stock.passes):
                return None
            return ("turn",)
        draws = min(stock.draw, len(piles[0])) if waste is not None and stock.passes > 0 else 0
        kinds = [i for i, _, f in feeders if f in (3, 4)]
        kind_ready = all(piles[i] for i in kinds)
        feeds = self.feed_plan(feeders, draws, kind_ready)
        if not draws and not feeds:
            return None
        return ("draw", draws, feeds)

    def feed_plan(self, feeders, draws, kind_ready):
        stock = list(self.piles[0])
        if draws:
            del stock[-draws:]
        plan = []
        for index, spec, feed in feeders:
            if not stock:
                break
            pile = self.piles[index]
            cap = spec.capacity
            if feed in (1, 2, 3, 4):
                if feed in (3, 4) and not kind_ready:
                    continue
                want = 1 if feed in (1, 3) else 2
                if cap is not None:
                    want = min(want, cap - len(pile))
                count = max(0, min(want, len(stock)))
            else:
                size = spec.capacity or max(spec.count, 1)
                rules = self.active(index)
                fit = self.active_fit(index)
                top = pile[-1] if pile else None
                count, length = 0, len(pile)
                while stock and length < size:
                    card = up(stock[-1])
                    if top is not None:
                        fits = bool(fit[(top - 1) % 52] >> (card - 1) & 1)
                    else:
                        fits = rules.empty.matches(FACES[card - 1], self.base[index])
                    if not fits:
                        break
                    stock.pop()
                    top, count, length = card, count + 1, length + 1
                if count:
                    plan.append((index, count))
                continue
            del stock[len(stock) - count:]
            if count:
                plan.append((index, count))
        return plan

    # -- doing -------------------------------------------------------------------------------------
    def _move(self, s: int, n: int, d: int, turn=None) -> None:
        piles = self.piles
        moved = piles[s][-n:]
        if turn is not None:
            moved = bytes(turn(b) for b in moved)
        self.put(s, piles[s][:-n])
        self.put(d, piles[d] + moved)

    def _deal_one_by_one(self, s: int, count: int, d: int) -> None:
        piles = self.piles
        moved = bytes(up(b) for b in reversed(piles[s][-count:]))
        self.put(s, piles[s][:-count])
        self.put(d, piles[d] + moved)

    def play(self, move) -> None:
        if move[0] == SEQ:
            for step in self.steps(move):
                self.play(step)
            return
        if move[0] == TALON:
            _, _, at, d, _ = move
            talon = self.talon
            assert talon is not None
            waste, stock = talon.split(talon.sequence(self.piles), at)
            self.put(talon.waste, waste)
            self.put(0, stock)
            self.play((DRAG, talon.waste, 1, d))
            return
        kind, s, n, d = move
        piles = self.piles
        if kind == DRAG:
            self._move(s, n, d)
        else:
            plan = self.click_plan(s)
            if plan[0] == "flip":
                self.put(s, piles[s][:-1] + bytes((up(piles[s][-1]),)))
            elif plan[0] == "turn":
                waste = self.table.waste
                face = up if self.rules.stock.face == 2 else down
                self.put(0, bytes(face(b) for b in reversed(piles[waste])))
                self.put(waste, b"")
                passes = self.extra[0] + 1
                self.set_extra((passes if self.pass_cap is None else min(passes, self.pass_cap), self.extra[1]))
            else:
                _, draws, feeds = plan
                if draws:
                    self._deal_one_by_one(0, draws, self.table.waste)
                for index, count in feeds:
                    self._deal_one_by_one(0, count, index)
                if not piles[0] and not self.extra[1]:
                    self.set_extra((self.extra[0], 1))
        self._after(s if kind == DRAG else None)

    def _unblockers(self) -> list | None:
        """Per pile that turns its top card up when free: the piles whose giving a card may
        free it (the later piles that can lie over it for covering, its neighbours otherwise), where its rule set is
        fixed; else None.  None for all while some such pile's face-down top is free in the
        position the state starts from (then every move looks at every such pile)."""
        piles, table = self.piles, self.table
        out: list = [None] * len(piles)
        for i in table.turning:
            rules = table.fixed[i]
            cards = piles[i]
            if cards and cards[-1] > 52 and self.active(i).take.block and not self.blocked(i, self.active(i), True):
                return None
            if rules is None or not rules.take.block:
                continue
            kind = rules.take.block_kind
            out[i] = frozenset(table.coverers(i) if kind == "cover" else (i + 1,) if kind == "next"
                               else (i - 1, i + 1))
        return out if any(out) else None

    def _after(self, src) -> None:
        piles, table = self.piles, self.table
        unblockers = self.unblockers
        for i in table.turning:
            cards = piles[i]
            if not cards or cards[-1] <= 52:
                continue
            if src is not None and unblockers is not None and i != src:
                freed_by = unblockers[i]
                if freed_by is not None and src not in freed_by:
                    continue        # (blocked before the move, and nothing that blocks it gave a card)
            rules = self.active(i)
            if i != src and not rules.take.block:
                continue
            if not self.blocked(i, rules, True):
                self.put(i, cards[:-1] + bytes((up(cards[-1]),)))
        if not piles[0] and not self.extra[1]:
            self.set_extra((self.extra[0], 1))

    # -- the end -----------------------------------------------------------------------------------
    def is_won(self) -> bool:
        table, piles = self.table, self.piles
        zeros, full = table.won_by
        if zeros:
            return all(not piles[i] for i in zeros)
        return bool(full) and all(len(piles[i]) == table.targets[i] for i in full)

    weightings, depth_weights = CompactState.GREEDY_AND_PATIENT

    def scores(self, key) -> list:
        return self.facts.scores(self)

    def expand(self, move) -> list[Move]:
        if move[0] == SEQ:
            return [self.game_move(step) for step in self.steps(move)]
        if move[0] == TALON:
            assert self.talon is not None
            _, _, _, d, clicks = move
            return [Move("click", self.names[0])] * clicks + [
                Move("drag", self.names[self.talon.waste], 1, self.names[d])]
        return [self.game_move(move)]

    def game_move(self, move) -> Move:
        if move[0] == CHAIN:
            return self.game_move(move[4][0])
        if move[0] == SEQ:
            return self.game_move(self.steps(move)[0])
        if move[0] == TALON:
            return self.expand(move)[0]
        kind, s, n, d = move
        if kind == DRAG:
            return Move("drag", self.names[s], n, self.names[d])
        return Move("click", self.names[s])

    # -- dead cards (``solving``) ---------------------------------------------------------------------
    def dead_tops(self):
        return self.facts.dead_tops(self)

    def safe_move(self):
        if self.lone is not None:
            return self.lone.safe_move(self)
        if self.dead is None:
            return None
        return self.facts.safe_move(self)


def solver_state(ruleset, game):
    """The compact state of ``game``, or None if this state can't play it exactly."""
    if not PatState.supports(ruleset, game):
        return None
    return PatState(ruleset, game, facts=facts_of(ruleset, game))
