"""The tests of a ``.pat`` rule set on the solver's compact state (``compact.PatState``):
which rule set is in force, whether a pick may be made and a drop taken, as
``PatRuleset``'s ``check_pick`` and ``check_drop`` decide them, worked out from
the tables (``tables.py``) on the state's own piles.

``PatChecks`` reads, of the state it is part of, ``piles``, ``extra`` (the pass
through the stock, whether it has been emptied), ``rules`` (the ruleset),
``table``, ``base`` (each pile's foundation value) and ``_starts`` (a memo of
``starts_with``).
"""
from __future__ import annotations

from typing import Any

from .model import UNLIMITED
from .tables import FACES


class PatChecks:
    """The pick and drop tests of ``PatState`` (the module's docstring)."""

    piles: list
    extra: tuple
    rules: Any
    table: Any
    base: list
    _starts: dict

    # -- rule sets in force -------------------------------------------------------------
    def active(self, index: int, k=None):
        fixed = self.table.fixed[index]
        if fixed is not None:
            return fixed
        rules = self.table.sets[index]
        mode = self.table.combine[index] or self.rules.specs[index - 1].combine
        if mode in (1, 2):
            return rules[k or 0]
        stock_empty = not self.piles[0]
        passes = self.rules.stock.passes
        last = passes < UNLIMITED and self.extra[0] >= max(passes, 1)
        if mode == 3:
            second = last
        elif mode == 4:
            second = last and stock_empty
        elif mode == 5:
            second = stock_empty
        elif mode == 6:
            second = stock_empty or self.extra[0] > 1 or bool(self.extra[1])
        else:
            second = False
        return rules[1] if second else rules[0]

    def active_fit(self, index: int, k=None):
        fixed = self.table.fixed_fit[index]
        if fixed is not None:
            return fixed
        rules = self.table.sets[index]
        return self.table.fits[index][rules.index(self.active(index, k))] if len(rules) > 1 \
            else self.table.fits[index][0]

    def combination(self, a: int, b: int = 0) -> int:
        both = self.table.both
        x, y = both[a], both[b]
        return 2 if 2 in (x, y) else 1 if 1 in (x, y) else 0

    # -- picking up ------------------------------------------------------------------------
    def blocked(self, index: int, rules, picking: bool, n: int = 1) -> bool:
        take = rules.take
        if not (take.blocks_pick if picking else take.blocks_put):
            return False
        kind = take.block_kind
        piles = self.piles
        if kind == "cover":
            count = len(piles[index])
            if picking:
                return self.table.covered(piles, index, count - n, count - 1)
            if count:
                return self.table.covered(piles, index, count - 1, count - 1)
            return self.table.slot_covered(piles, index)
        nxt = index + 1 < len(piles) and bool(piles[index + 1])
        if kind == "next":
            return nxt
        return nxt and index - 1 >= 0 and bool(piles[index - 1])

    def is_run(self, fit, cards) -> bool:
        return all(fit[cards[i] - 1] >> (cards[i + 1] - 1) & 1 for i in range(len(cards) - 1))

    def take_ok(self, index: int, n: int, rules, fit) -> bool:
        kind = rules.take.kind
        cards = self.piles[index][-n:]
        if kind == 0 or (kind == 1 and n != 1):
            return False
        if kind == 4 and n < 2 and not (rules.sequence.pairs_to_13 and (cards[0] - 1) % 13 == 12):
            return False
        if kind in (2, 3, 4) and n > 1 and not self.is_run(fit, cards):
            return False
        return not (rules.take.block and self.blocked(index, rules, True, n))

    def pick_ok(self, index: int, n: int) -> bool:
        """``check_pick`` (the caller has made sure the top ``n`` cards are there and face up)."""
        if index == 0:
            return self.rules.stock.face == 2 and n == 1
        combination = self.combination(index)
        if combination == 0:
            return self.take_ok(index, n, self.active(index), self.active_fit(index))
        sets, fits = self.table.sets[index], self.table.fits[index]
        results = [self.take_ok(index, n, rules, fit) for rules, fit in zip(sets, fits)]
        return all(results) if combination == 2 else any(results)

    # -- laying down ---------------------------------------------------------------------
    def drop_ok(self, s: int, n: int, d: int) -> bool:
        """``check_drop`` for a pick ``pick_ok`` allows."""
        if d == 0:
            return False
        combination = self.combination(s, d)
        if combination == 0:
            return self.drop_set_ok(s, n, d, None, True)
        results = [self.drop_set_ok(s, n, d, k) for k in (0, 1)]
        return all(results) if combination == 2 else any(results)

    def drop_set_ok(self, s: int, n: int, d: int, k, picked: bool = False) -> bool:
        """One rule set's half of ``drop_ok``; ``picked``: the pick is known to be allowed
        under the same rule set (``pick_ok`` with no combined sets)."""
        table, piles = self.table, self.piles
        if s == 0:
            src_rules = None
            if not (self.rules.stock.face == 2 and n == 1):
                return False
        else:
            src_rules = self.active(s, k)
            if not picked and not self.take_ok(s, n, src_rules, self.active_fit(s, k)):
                return False
        rules = self.active(d, k)
        put = rules.put
        cards = piles[s][-n:]
        bottom = cards[0]
        kind = put.kind
        if kind == 0 or (kind == 1 and n != 1) or (kind == 9 and n != 13):
            return False
        if kind in (4, 5):
            lone_king = n == 1 and (bottom - 1) % 13 == 12 and (
                rules.sequence.pairs_to_13 or (src_rules is not None and src_rules.sequence.pairs_to_13))
            if (kind == 4 and n < 2 or kind == 5 and n != 2) and not lone_king:
                return False
        if kind == 3 and n > 1 and n > self.free_limit(s, d):
            return False
        if not self.source_ok(s, d, put.source):
            return False
        if put.neighbour == 1 and not (d - 1 >= 0 and piles[d - 1]):
            return False
        if put.neighbour == 2 and not (d + 1 < len(piles) and piles[d + 1]):
            return False
        if rules.take.block and self.blocked(d, rules, False):
            return False
        if src_rules is not None and rules.take.refuses_mark(src_rules.take.mark):
            return False
        cap = table.capacity[d]
        target = piles[d]
        if cap is not None and len(target) + n > cap:
            return False
        if not target:
            base = self.base[d]
            pattern = rules.empty
            if pattern.base and base is None:
                return False
            return pattern.matches(FACES[(bottom - 1) % 52], base)
        return bool(self.active_fit(d, k)[(target[-1] - 1) % 52] >> ((bottom - 1) % 52) & 1)

    def lays_plainly(self, d: int, code: int) -> bool | None:
        """``drop_ok`` of the card ``code`` (0-51) alone from a pile whose pick is plain
        (``plain_take``) onto pile ``d``, where that is a matter of ``d``'s top card (or its
        pattern, empty) and room (``plain_put``, as ``generate`` decides it); None elsewhere."""
        table = self.table
        if not table.plain_put[d]:
            return None
        cards = self.piles[d]
        room = table.capacity[d]
        if room is not None and len(cards) >= room:
            return False
        if not cards:
            return self.starts_with(d, code)
        return bool(table.fixed_fit[d][(cards[-1] - 1) % 52] >> code & 1)

    def starts_with(self, d: int, code: int) -> bool:
        """May the card ``code`` (0-51) start empty pile ``d`` (under its one rule set)?"""
        mask = self._starts.get(d)
        if mask is None:
            base = self.base[d]
            pattern = self.table.fixed[d].empty
            mask = 0 if pattern.base and base is None else sum(
                1 << c for c in range(52) if pattern.matches(FACES[c], base))
            self._starts[d] = mask
        return bool(mask >> code & 1)

    def source_ok(self, s: int, d: int, source: int) -> bool:
        if source == 0:
            return True
        stocky = s == 0 or s == self.table.waste
        empty = not self.piles[d]
        if source == 1 and not stocky:
            return False
        if source in (2, 3) and empty and not stocky:
            return False
        if source == 3 and not empty and stocky:
            return False
        if source == 4 and not empty and not stocky:
            return False
        if source == 5 and stocky:
            return False
        return not (source == 6 and empty and s != d - 1)

    def free_limit(self, s: int, d: int) -> int:
        cells = columns = 0
        table, piles = self.table, self.piles
        for i in range(1, len(piles)):
            if piles[i] or i in (s, d, table.waste):
                continue
            spec = table.specs[i]
            if spec.invisible:
                continue
            place = spec.free_place(self.active(i))      # (as ``PatRuleset.free_limit`` counts them)
            if place == 1:
                cells += 1
            elif place == 2:
                columns += 1
        return (cells + 1) * 2 ** columns
