"""A ``Rules`` game as the solver's compact state (``RulesRuleset.solver_state``).

The position is one ``bytes`` per pile, a card a byte: 1-52 face up, 53-104
face down (``fast.CODE`` plus one), and ``extra``: the redeals left of each
stock.  The moves, what they do (drops, addition pairs, the stock's deals
and turns, the lone card of an addition game) and what happens after them
(cards turned up, piles refilled) are those of ``RulesRuleset``, worked out
from the tables of ``fast.Compiled``; tests play both side by side.  The
reductions are ``solving.Facts``': symmetric piles under one key, one empty
pile of a group tried, no whole pile moved to an empty one like it, dead
cards played up at once and never taken down.

Besides the single moves, where a pile gives only its top card (FreeCell as
SolKit writes it) or no pile takes more than one card at once (King Albert as
YaZZle writes it), the state offers *moves through the cells*: the top n
cards of a pile carried to another pile one at a time through n - 1 empty
cells, as a player does it (``(SEQ, src, n, dst, cells)``).  Each step is a
legal single move, checked as the rules check it, so such a move only joins
positions the single moves reach anyway: the search still tries every single
move, and an exhausted search is still a proof; a winning line spells each
step out (``expand``).

A card of a pile that takes none and gives only its top card (King Albert's
reserve, Canfield's) goes onto another pile only in a chain, ``(CHAIN, src,
n, dst, moves)``, with a card put on it or the card it uncovered moved at
once (docs/solver.md, "Cards that wait": some shortest win does so).

A stock turned over onto its waste as often as one likes is a *talon*
(``solver/talon.py``): the positions its clicks go round are keyed as one, and
instead of the clicks the state offers the play of each card they bring to
the top, ``(TALON, stock, pointer, dst, clicks)``, spelt out as the clicks and
the drag.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..moves import Move
from ..solver.compact import CHAIN, TALON, CompactState, PileShares, WantedDepth, builds_by_suit_only, contents_of
from ..solver.search import PROOF_SHARE, RESTARTS
from ..solver.state import drag_promise
from ..solver.talon import Talon
from .fast import CODE, compiled, drop_targets, refuses_drop
from .solving import facts as facts_of

DRAG, CLICK, SEQ = 0, 1, 2


def temp_ok(rule) -> bool:
    """Can an empty pile with this rule hold one card of a move through the cells?  (Each
    step is checked as the rules check it; this only leaves out piles that never can.)"""
    return rule.accept and rule.take != "none" and rule.refill_from is None


def face_up(byte: int) -> int:
    return (byte - 1) % 52 + 1


def face_down(byte: int) -> int:
    return (byte - 1) % 52 + 53




class RulesState(CompactState):
    """A position of a ``RulesRuleset`` game; moves are ``(DRAG, src, n, dst)``, ``(CLICK, pile, 1, -1)``,
    ``(SEQ, src, n, dst, cells)`` and ``(TALON, stock, pointer, dst, clicks)`` (the module's docstring)."""

    weightings, depth_weights = CompactState.GREEDY_AND_PATIENT

    def __init__(self, ruleset, game, budget=None, plain: bool = False):
        rules = ruleset.rules_for(game)
        table = compiled(ruleset, rules)
        facts = facts_of(ruleset, rules)
        self.rules, self.table, self.facts = rules, table, facts
        self.rule_of = rules.piles
        self.names = [pile.name for pile in game.piles]
        self.plain = plain
        base = game.vars.get("base")
        self.base = base if isinstance(base, int) and not isinstance(base, bool) and 1 <= base <= 13 else None
        self.redeal_keys = [ruleset._redeals_key(rules, stock) for stock in rules.stocks]
        extra = []
        for key in self.redeal_keys:
            left = game.vars.get(key)
            extra.append(left if isinstance(left, int) and not isinstance(left, bool) and left >= 0 else None)
        piles = [bytes(CODE[card] + 1 for card in pile.cards) for pile in game.piles]
        super().__init__(piles, tuple(extra), () if plain else facts.groups, budget)
        index = {name.lower(): i for i, name in enumerate(self.names)}
        self.stock_of: dict[int, tuple[int, Any, int | None, list[int]]] = {}
        for k, stock in enumerate(rules.stocks):
            self.stock_of[index[stock.pile.lower()]] = (k, stock, index[stock.waste.lower()] if stock.waste else None,
                                                       [index[name.lower()] for name in stock.targets])
        # where an addition game's pairs go (-1: nowhere; only addition games pair cards, and they have one)
        self.pair_pile: int = index[rules.pair_to.lower()] if rules.pair_to else (
            table.foundations[0] if table.foundations else -1)
        self.after = [(i, rule.flip_exposed, index[rule.refill_from.lower()] if rule.refill_from else None)
                      for i, rule in enumerate(rules.piles) if rule.flip_exposed or rule.refill_from]
        self.group_of = None if plain else facts.group_of
        # turning up is all that happens after a move, and no such pile shows a face-down card now
        self.flips = frozenset(i for i, flip, _ in self.after if flip)
        self.flips_only = all(refill is None for _, _, refill in self.after) and not any(
            self.piles[i] and self.piles[i][-1] > 52 for i in self.flips)
        # the most cards any pile takes at once (no longer pick is tried; a pair is one card on another)
        drops = [rule.max_drop for rule in rules.piles if rule.accept]
        self.longest_drop = 10 ** 6 if None in drops else max([1, *drops])
        self.dead = None if plain else facts.dead
        #: per pile, while it holds cards, the most cards it takes at once if its top card is
        #: all that decides which (``refuses_drop`` checks nothing else there: no addition
        #: game, from any pile, no capacity nor limit by free cells), else 0
        self.plain_drop = [(10 ** 6 if rule.max_drop is None else rule.max_drop)
                           if rules.addition is None and rule.accept and table.from_full[i] is None
                           and rule.min_drop <= 1 and rule.capacity is None and rule.free_limit is None else 0
                           for i, rule in enumerate(rules.piles)]
        #: per pile, while it is empty, if the card and how many come at once are all that decide
        #: whether it takes them (``_empty_plain``), else None
        self.empty_plain = [self._empty_plain(rules, table, i) for i in range(len(rules.piles))]
        #: the piles that must all be empty for the win (unless it is won by counts), their
        #: contents and the foundations' (as a tuple: the dead cards' memo key)
        self.emptied = [i for i, role in enumerate(table.roles)
                        if (role == "tableau" if rules.won == "tableau" else role != "foundation")]
        self.to_empty = contents_of(self.emptied)
        self.foundation_piles = contents_of(table.foundations)
        self.memo: dict = {}
        self._safe_sources: list[int] | None = None     # (``safe_move``'s)
        self.shares = PileShares()                      # (``scores``')
        self.follows = facts.follows
        #: ``PileShares.scores``' plan: foundations left out, an empty place to put cards 3 off
        self.score_plan = [None if role == "foundation" else (3 if role in ("tableau", "cell", "reserve") else 0,
                                                              self.follows[i])
                           for i, role in enumerate(table.roles)]
        tableau = [i for i, role in enumerate(table.roles) if role == "tableau"]
        #: restarts where the tableau gives any face-up cards (Yukon: docs/solver.md, "Restarts")
        self.restarts = RESTARTS if not plain and "any" in {rules.piles[i].take for i in tableau} else None
        #: a score that weighs cards above a lower one of their suit more, in two more queues,
        #: where the tableau builds by suit only (``CompactState.WITH_BLOCKS``)
        self.weigh_blocks = builds_by_suit_only(
            [masks for i in tableau for masks in (table.fit[i], table.run[i]) if masks])
        if self.weigh_blocks:
            self.weightings, self.depth_weights = self.WITH_BLOCKS
        # the piles a move through the cells may use while empty (cells first, then columns):
        # each giving its top card, that nothing refills, covers or is covered by
        covering = {j for over in table.covered_by for j in over}
        refilled = {i for i, _, r in self.after if r is not None} | {r for _, _, r in self.after if r is not None}
        self.temps: tuple[int, ...] = () if plain or rules.addition is not None else tuple(
            i for i in sorted(table.cells) + sorted(table.columns)
            if temp_ok(rules.piles[i]) and i not in covering and not table.covered_by[i] and i not in refilled
            and i not in self.stock_of)
        # per card code, the cards some pile a move through the cells may end on would take on
        # it: each card of such a move goes on the one below it there, so a pair of cards that
        # no such pile would put together ends the longer moves at once
        self.chains = [0] * 52
        for i, rule in enumerate(rules.piles):
            if rule.accept and table.roles[i] not in ("foundation", "cell", "reserve"):
                self.chains = [a | b for a, b in zip(self.chains, table.fit[i])]
        # an addition game whose stock cards can only pair with cards outside the stock and its waste
        self.stock_piles = None if plain else self._stock_cards_need_partners(rules, table, refilled)
        self.partners = self.stock_piles is not None
        self.talons = () if plain else self._free_talons(rules, table, refilled | covering)
        self.talon_of = {talon.stock: talon for talon in self.talons}
        # (a talon's waste gives each card by a play of its own: no moves through the cells
        # from it, whose result would depend on the cards under the top)
        self.talon_wastes = frozenset(talon.waste for talon in self.talons)
        #: the piles whose cards wait (docs/solver.md, "Cards that wait")
        self.waiting = frozenset() if plain else self._waiting_piles(rules, table, refilled | covering)
        self.parking = frozenset() if plain else self._parking_piles(rules, table, refilled | covering)
        self.parking_counts = bool(table.free_limits)
        if self.parking:
            self.proof_share = PROOF_SHARE
        if len(self.waiting) > 1 and table.foundations:
            empty_masks = [self.empty_plain[f] for f in table.foundations]
            scan = [i for i, role in enumerate(table.roles) if role not in ("foundation", "stock", "waste")]
            self.want_depths(WantedDepth(table.foundations, [(table.fit[f], masks[0] if masks else 0) for f, masks
                                                             in zip(table.foundations, empty_masks)], scan))

    def _empty_plain(self, rules, table, i) -> tuple[int, int, bool] | None:
        """What ``refuses_drop`` comes down to for empty pile ``i`` where that is the card (its
        start rank and suit) and how many come at once: (the cards it takes, as a mask worked
        out by ``refuses_drop`` itself, the most at once, whether more than one may come
        without a limit by free cells (else more than one is left to ``refuses_drop``)).  None
        in an addition game, or where the pile takes only from some piles, or no fewer than
        two cards.  (From a foundation to a foundation is refused as well.)"""
        rule = rules.piles[i]
        if rules.addition is not None or not rule.accept or table.from_empty[i] is not None or rule.min_drop > 1:
            return None
        mask = 0
        for c in range(52):
            if not refuses_drop(table, rule, i, 0, 0, i, "tableau", 1, c, None, self.base, 0, 0):
                mask |= 1 << c
        most = min(10 ** 6 if rule.max_drop is None else rule.max_drop,
                   10 ** 6 if rule.capacity is None else rule.capacity)
        return mask, most, rule.free_limit is None

    def _free_talons(self, rules, table, tied) -> tuple[Talon, ...]:
        """The stocks that make a talon (``solver/talon.py``): dealing to a waste that gives
        only its top card and takes none, turned over as often as one likes, neither of them
        refilled, refilling, covered, covering, counted for the win or dealt to by another
        stock; not in an addition game (a waste card pairs in place)."""
        if rules.addition is not None:
            return ()
        out = []
        wastes = [w for _, _, w, _ in self.stock_of.values()]
        for i, (_, stock, waste, targets) in self.stock_of.items():
            if waste is None or targets or stock.redeals is not None or stock.count < 1:
                continue
            stock_rule, waste_rule = rules.piles[i], rules.piles[waste]
            if stock_rule.accept or waste_rule.accept or waste_rule.take != "top" or wastes.count(waste) > 1:
                continue
            if {i, waste} & tied or table.covered_by[i] or table.covered_by[waste] or waste in self.stock_of:
                continue
            if stock_rule.won_count is not None or waste_rule.won_count is not None:
                continue
            if self.group_of is not None and (self.group_of[i] is not None or self.group_of[waste] is not None):
                continue
            out.append(Talon(i, waste, stock.count, stock.deal_on_redeal))
        return tuple(out)

    def keeps(self, d: int) -> bool:
        return self.table.roles[d] == "foundation"

    def _chains_allowed(self, rules, table) -> bool:
        """The game conditions of chains (waiting cards and cards put into an empty pile): no
        addition game, not won by counts, no pile taking a card by where it comes from, no
        stock dealing onto piles, nothing refilled."""
        return not (rules.addition is not None or rules.won == "counts"
                    or any(r is not None for _, _, r in self.after)
                    or any(sources is not None for sources in table.from_full + table.from_empty)
                    or any(targets for _, _, _, targets in self.stock_of.values()))

    def _waiting_piles(self, rules, table, tied) -> frozenset[int]:
        """The piles whose cards wait (docs/solver.md, "Cards that wait"): piles that never take
        a card and give only their top one, neither refilled nor refilling, covered nor covering,
        no stock, waste or foundation, not counted for the win; where ``_chains_allowed``."""
        if not self._chains_allowed(rules, table):
            return frozenset()
        wastes = {w for _, _, w, _ in self.stock_of.values()}
        return frozenset(
            i for i, rule in enumerate(rules.piles)
            if not rule.accept and rule.take == "top" and table.roles[i] != "foundation" and i not in tied
            and i not in self.stock_of and i not in wastes and not table.covered_by[i] and rule.won_count is None)

    def _parking_piles(self, rules, table, tied) -> frozenset[int]:
        """The piles that, empty, take cards only in a chain (docs/solver.md, "Cards put into
        an empty pile"): columns and cells taking cards while empty that the win wants empty
        (``emptied``: a card put there must leave), not refilled, refilling, covered, covering
        nor counted; where ``_chains_allowed`` and no pile covers another."""
        if not self._chains_allowed(rules, table) or table.covers:
            return frozenset()
        return frozenset(
            i for i, rule in enumerate(rules.piles)
            if rule.accept and table.roles[i] in ("tableau", "cell") and i not in tied and i not in self.stock_of
            and rule.won_count is None and i in self.emptied)

    def _stock_cards_need_partners(self, rules, table, refilled) -> tuple[int, int] | None:
        """(stock, waste) if, by the rules, a card in them can leave them only paired with a
        card of another pile (not a foundation), or alone as a card of the total itself: an
        addition game won on the foundations, one stock dealing to one waste, no pile but the
        foundations taking a card that is no pair, nothing refilled from the stock or waste."""
        if rules.addition is None or rules.won != "foundations" or len(self.stock_of) != 1:
            return None
        (i, (_, _, waste, targets)), = self.stock_of.items()
        if waste is None or targets or {i, waste} & refilled:
            return None
        if any(rule.accept for k, rule in enumerate(rules.piles) if table.roles[k] != "foundation"):
            return None
        return i, waste

    def hopeless(self) -> bool:
        """A position no line can win (only where ``partners``): some rank has more cards in
        the stock and waste than the other piles hold cards it pairs with."""
        total = self.rules.addition
        outside = [0] * 14
        inside = [0] * 14
        roles = self.table.roles
        stock_piles = self.stock_piles or ()
        for k, cards in enumerate(self.piles):
            if roles[k] == "foundation":
                continue
            counts = inside if k in stock_piles else outside
            for b in cards:
                counts[(b - 1) % 13 + 1] += 1
        for rank in range(1, 14):
            if rank == total or not (inside[rank] or outside[rank]):
                continue
            partner = total - rank
            if not 1 <= partner <= 13 or inside[rank] > outside[partner]:
                return True
        return False

    # -- moves -------------------------------------------------------------------------
    def blocked(self) -> list:
        table, piles = self.table, self.piles
        if not table.covers:
            return [False] * len(piles)
        return [any(piles[j] for j in over) for over in table.covered_by]

    def generate(self, ordered: bool, only: tuple[int, int] | None = None) -> list:
        """The moves (the most promising first if ``ordered``); with ``only`` (a pile, a pile),
        no clicks, no moves through the cells and no drags but those from either or onto
        the second (``chained``'s follow-ups)."""
        if self.partners and self.hopeless():
            return []           # (lost: no move can lead to a win)
        table, rule_of, piles = self.table, self.rule_of, self.piles
        count = len(piles)
        blocked = self.blocked()
        addition = self.rules.addition
        roles = table.roles
        group_of = self.group_of
        wants: dict[int, list[int]] = {}
        broad, empty = [], []
        pairs: dict[int, list[int]] = {}
        seen_groups: set[int] = set()
        fit_lists = table.fit_lists
        for i in range(count):
            cards = piles[i]
            rule = rule_of[i]
            if not cards:
                if rule.accept:
                    group = group_of[i] if group_of is not None else None
                    if group is not None:
                        if group in seen_groups:
                            continue
                        seen_groups.add(group)
                    empty.append(i)
                continue
            top = cards[-1]
            if top > 52:
                continue
            if addition is not None and roles[i] not in ("foundation", "stock") and rule.take != "none" \
                    and not blocked[i]:
                pairs.setdefault((top - 1) % 13 + 1, []).append(i)
            if not rule.accept or (rule.capacity is not None and len(cards) >= rule.capacity):
                continue
            fits = fit_lists[i][top - 1]
            if len(fits) > 8:
                broad.append(i)
            else:
                for c in fits:
                    wants.setdefault(c, []).append(i)
        cells = columns = 0
        if table.free_limits:
            cells = sum(1 for i in table.cells if not piles[i])
            columns = sum(1 for i in table.columns if not piles[i])
        dead_tops = self.dead_tops() if self.dead is not None and self.dead.returns else ()
        refuses, base = refuses_drop, self.base
        plain_drop, fit, empty_plain = self.plain_drop, table.fit, self.empty_plain
        # (moves through the cells need an empty one)
        any_temp = any(not piles[t] for t in self.temps)
        parking = self.parking if self.parking_on else None
        out = []
        for s in range(count):
            cards = piles[s]
            if not cards:
                continue
            take = rule_of[s].take
            if take == "none" or blocked[s] or s in dead_tops:
                continue
            size = len(cards)
            src_role = roles[s]
            from_foundation = src_role == "foundation"
            run = table.run[s]
            for n in range(1, min(size, self.longest_drop) + 1):
                b = cards[-n]
                if b > 52:
                    break
                c = b - 1
                if n > 1:
                    if take == "top":
                        break
                    if take == "run" and not run[c] >> (cards[-n + 1] - 1) & 1:
                        break
                rank = c % 13 + 1
                paired: Sequence[int] = ()
                if addition is None:
                    targets = drop_targets(wants, broad, empty, c)
                else:
                    paired = pairs.get(addition - rank, ())
                    collected = set(wants.get(c, ()))
                    collected.update(broad, empty, paired)
                    if rank == addition:
                        collected.update(table.foundations)
                    targets = sorted(collected)
                if only is not None and s not in only:
                    if parking:
                        targets = [t for t in targets if t in only or t in parking and not piles[t]]
                    else:
                        targets = [only[1]] if only[1] in targets else []
                for d in targets:
                    if d == s:
                        continue
                    if d in paired:
                        out.append((DRAG, s, n, d))
                        continue
                    dcards = piles[d]
                    if dcards:
                        if plain_drop[d]:
                            # (``refuses_drop`` comes down to the fit and the number here)
                            if n <= plain_drop[d] and not (from_foundation and roles[d] == "foundation") \
                                    and dcards[-1] <= 52 and fit[d][dcards[-1] - 1] >> c & 1:
                                out.append((DRAG, s, n, d))
                            continue
                    else:
                        if group_of is not None and n == size and group_of[s] is not None \
                                and group_of[s] == group_of[d]:
                            continue
                        plain = empty_plain[d]
                        if plain is not None and (n == 1 or plain[2]):
                            # (and here to the card's kind and the number)
                            if n <= plain[1] and plain[0] >> c & 1 \
                                    and not (from_foundation and roles[d] == "foundation"):
                                out.append((DRAG, s, n, d))
                            continue
                    if refuses(table, rule_of[d], d, len(dcards), dcards[-1] - 1 if dcards else 0, s, src_role, n, c,
                               addition, base, cells, columns):
                        continue
                    out.append((DRAG, s, n, d))
            if (take == "top" or self.longest_drop == 1) and size > 1 and any_temp and s not in self.talon_wastes \
                    and only is None:
                self._through_cells(s, src_role, wants, broad, empty, cells, columns, out)
        clickable = range(count) if addition is not None else table.stock_piles
        talon_of = self.talon_of
        for i in clickable:
            if i in talon_of:
                self._talon_plays(talon_of[i], wants, broad, empty, cells, columns, out)
            elif only is None and (self._stock_action(i) is not None or self._single(i, blocked)):
                out.append((CLICK, i, 1, -1))
        if self.waiting or parking:
            out = self.chained(out)
        if ordered and len(out) > 1:
            out.sort(key=self._priority, reverse=True)
        return out

    def _talon_plays(self, talon, wants, broad, empty, cells, columns, out) -> None:
        """The plays of each card of the talon that clicks bring to the top of its waste
        (the top card's own moves are the waste's): ``(TALON, stock, pointer, dst, clicks)``."""
        piles, rule_of, table = self.piles, self.rule_of, self.table
        w = talon.waste
        waste, stock = piles[w], piles[talon.stock]
        size = len(waste) + len(stock)
        refuses, base = refuses_drop, self.base
        for pointer, clicks in talon.reach(len(waste), size):
            b = waste[pointer - 1] if pointer <= len(waste) else face_up(stock[size - pointer])
            c = b - 1
            targets = drop_targets(wants, broad, empty, c)
            for d in targets:
                dcards = piles[d]
                if refuses(table, rule_of[d], d, len(dcards), dcards[-1] - 1 if dcards else 0, w, "waste", 1, c,
                           None, base, cells, columns):
                    continue
                out.append((TALON, talon.stock, pointer, d, clicks))

    def _through_cells(self, s, src_role, wants, broad, empty, cells, columns, out) -> None:
        """The moves of the top 2, 3 ... cards of pile ``s`` (which gives only its top card)
        through the empty cells and columns, each step as the rules allow it."""
        piles, roles = self.piles, self.table.roles
        free = [t for t in self.temps if not piles[t] and t != s]
        if not free:
            return
        cards = piles[s]
        group_of = self.group_of
        chains = self.chains
        for n in range(2, min(len(free) + 1, len(cards)) + 1):
            if cards[-n] > 52:
                return
            c = cards[-n] - 1
            if not chains[c] >> (cards[-n + 1] - 1) & 1:
                return
            found = wants.get(c)
            targets = sorted(set(found or ()) | set(broad) | set(empty))
            for d in targets:
                if d == s or roles[d] in ("foundation", "cell", "reserve"):
                    continue
                dcards = piles[d]
                if group_of is not None and not dcards and n == len(cards) and group_of[s] is not None \
                        and group_of[s] == group_of[d]:
                    continue
                temps = [t for t in free if t != d][:n - 1]
                if len(temps) < n - 1:
                    continue
                # the top n - 1 cards into the cells, the top one first
                if any(self._refused(t, b"", s, src_role, 1, cards[-1 - k] - 1, None, cells, columns)
                       for k, t in enumerate(temps)):
                    continue
                if self._refused(d, dcards, s, src_role, 1, c, None, cells, columns):
                    continue
                # then the cells' cards onto it, the last one put into a cell first
                on = dcards + cards[-n:-n + 1]
                for k in range(n - 2, -1, -1):
                    card = cards[-1 - k] - 1
                    if self._refused(d, on, temps[k], roles[temps[k]], 1, card, None, cells, columns):
                        break
                    on += cards[-1 - k:len(cards) - k]
                else:
                    out.append((SEQ, s, n, d, tuple(temps)))

    def steps(self, move) -> list:
        """The single moves of a move through the cells."""
        _, s, n, d, temps = move
        out = [(DRAG, s, 1, t) for t in temps]
        out.append((DRAG, s, 1, d))
        out += [(DRAG, t, 1, d) for t in reversed(temps)]
        return out

    def _refused(self, d, cards, s, src_role, n, c, addition, cells, columns) -> bool:
        return refuses_drop(self.table, self.rule_of[d], d, len(cards), cards[-1] - 1 if cards else 0, s, src_role,
                            n, c, addition, self.base, cells, columns)

    def _stock_action(self, i):
        """'deal' or 'redeal' if a click on pile ``i`` deals from it or turns its waste over, else None."""
        entry = self.stock_of.get(i)
        if entry is None:
            return None
        k, stock, waste, _ = entry
        if self.piles[i]:
            return "deal"
        if waste is None or not self.piles[waste]:
            return None
        left = self.extra[k]
        if stock.redeals is not None and left is not None and left <= 0:
            return None
        return "redeal"

    def _single(self, i, blocked) -> bool:
        total = self.rules.addition
        cards = self.piles[i]
        if total is None or not cards or self.table.roles[i] in ("foundation", "stock"):
            return False
        if self.rule_of[i].take == "none" or blocked[i] or cards[-1] > 52:
            return False
        return (cards[-1] - 1) % 13 + 1 == total

    def _priority(self, move) -> int:
        kind, s, n, d = move[:4]
        roles = self.table.roles
        if kind == CLICK:
            return -5
        if kind == TALON:       # (as the waste's top card, a little after it)
            return self._priority((DRAG, self.talon_of[s].waste, 1, d)) - 1
        src = self.piles[s]
        score = drag_promise(roles[s], roles[d], len(src), not self.piles[d], n)
        if n < len(src) and src[-n - 1] > 52:
            score += 15         # (it turns a card up)
        return score

    # -- doing -------------------------------------------------------------------------
    def _move(self, s: int, n: int, d: int, turn=None) -> None:
        piles = self.piles
        moved = piles[s][-n:]
        if turn is not None:
            moved = bytes(turn(b) for b in moved)
        self.put(s, piles[s][:-n])
        self.put(d, piles[d] + moved)

    def play(self, move) -> None:
        if move[0] == SEQ:
            for step in self.steps(move):
                self.play(step)
            return
        if move[0] == TALON:
            _, s, pointer, d, _ = move
            talon = self.talon_of[s]
            on_waste, in_stock = talon.split(talon.sequence(self.piles), pointer)
            self.put(talon.waste, on_waste)
            self.put(s, in_stock)
            self.play((DRAG, talon.waste, 1, d))
            return
        kind, s, n, d = move
        if kind == DRAG:
            if self._is_pair(s, n, d):
                self._move(d, 1, self.pair_pile)
                self._move(s, 1, self.pair_pile)
            else:
                self._move(s, n, d)
        else:
            action = self._stock_action(s)
            if action is None:
                self._move(s, 1, self.pair_pile)
                self._after()
                return
            k, stock, waste, targets = self.stock_of[s]
            if action == "deal":
                self._deal(s, stock, waste, targets)
            else:       # redeal (only a stock with a waste turns it over)
                assert waste is not None
                cards = self.piles[waste]
                self.put(s, self.piles[s] + bytes(face_down(b) for b in reversed(cards)))
                self.put(waste, b"")
                left = self.extra[k]
                if stock.redeals is not None and left is not None:
                    extra = list(self.extra)
                    extra[k] = left - 1
                    self.set_extra(tuple(extra))
                if stock.deal_on_redeal:
                    self._deal(s, stock, waste, targets)
        self._after()

    def _deal(self, s, stock, waste, targets) -> None:
        if waste is not None:
            count = min(stock.count, len(self.piles[s]))
            if count:
                self._move_reversed(s, count, waste)
        else:
            for t in targets:
                if not self.piles[s]:
                    break
                self._move(s, 1, t, face_up)

    def _move_reversed(self, s, count, d) -> None:
        """``count`` cards one at a time from ``s`` to ``d``, turned face up (a deal to the waste)."""
        piles = self.piles
        moved = bytes(face_up(b) for b in reversed(piles[s][-count:]))
        self.put(s, piles[s][:-count])
        self.put(d, piles[d] + moved)

    def _is_pair(self, s, n, d) -> bool:
        total = self.rules.addition
        if total is None or n != 1 or d == s:
            return False
        piles = self.piles
        if not piles[s] or not piles[d]:
            return False
        roles = self.table.roles
        if roles[d] in ("foundation", "stock") or self.rule_of[d].take == "none":
            return False
        under, over = piles[d][-1], piles[s][-1]
        if under > 52:
            return False
        if self.table.covers and any(piles[j] for j in self.table.covered_by[d]):
            return False
        return (under - 1) % 13 + 1 + (over - 1) % 13 + 1 == total

    def _after(self) -> None:
        after = self.after
        if not after:
            return
        piles = self.piles
        if self.flips_only:
            # only a pile this move took cards from can show a face-down top card
            flips = self.flips
            for i, _ in list(self._undo):
                if i >= 0 and i in flips:
                    cards = piles[i]
                    if cards and cards[-1] > 52:
                        self.put(i, cards[:-1] + bytes((face_up(cards[-1]),)))
            return
        for _ in range(len(piles) + 1):
            changed = False
            for i, flip, refill in after:
                cards = piles[i]
                if flip and cards and cards[-1] > 52:
                    self.put(i, cards[:-1] + bytes((face_up(cards[-1]),)))
                    changed = True
                if refill is not None and not piles[i] and piles[refill]:
                    self._move(refill, 1, i, face_up)
                    changed = True
            if not changed:
                break

    # -- the end, and how near it looks -------------------------------------------------------
    def is_won(self) -> bool:
        rules, piles = self.rules, self.piles
        if rules.won == "counts":
            return all(rule.won_count is None or len(piles[i]) == rule.won_count for i, rule in enumerate(self.rule_of))
        # (won by emptying the tableau, or every pile but the foundations)
        return not any(self.to_empty(piles))

    def scores(self, key) -> list:
        piles = self.keyed_piles() if self.talons else self.piles
        return self.wanted_scores(self.shares.scores(piles, self.score_plan, self.weigh_blocks), piles)

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

    # -- dead cards --------------------------------------------------------------------------
    def _foundation_key(self):
        return self.foundation_piles(self.piles)

    def _facts_here(self):
        """(foundations whose top is dead, {card code: foundation} of cards dead once played up)."""
        key = self._foundation_key()
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 200_000:
                self.memo.clear()
            found = self.memo[key] = self._work_out()
        return found

    def _work_out(self):
        dead, table, piles = self.dead, self.table, self.piles
        stacks = []
        for f in dead.foundations:
            cards = piles[f]
            if any(b > 52 for b in cards):
                return frozenset(), {}
            stacks.append([b - 1 for b in cards])
        if not dead.proper(stacks, self.base if dead.start == "base" else dead.start):
            return frozenset(), {}
        mask = dead.dead_mask(stacks)
        tops = frozenset(f for f, codes in zip(dead.foundations, stacks) if codes and mask >> codes[-1] & 1)
        ups = {}
        start = self.base if dead.start == "base" else dead.start
        empty_done = False
        for k, f in enumerate(dead.foundations):
            codes = stacks[k]
            if codes:
                wanted = table.fit_lists[f][codes[-1]]
            elif not empty_done:
                empty_done = True        # (one empty foundation stands for all: they are alike)
                wanted = [suit * 13 + start - 1 for suit in range(4)]
            else:
                continue
            for code in wanted:
                if code in ups:
                    continue
                trial = [list(x) for x in stacks]
                trial[k].append(code)
                if dead.dead_mask(trial) >> code & 1:
                    ups[code] = f
        return tops, ups

    def expand(self, move) -> list[Move]:
        if move[0] == SEQ:
            return [self.game_move(step) for step in self.steps(move)]
        if move[0] == TALON:
            _, s, _, d, clicks = move
            return [Move("click", self.names[s])] * clicks + [
                Move("drag", self.names[self.talon_of[s].waste], 1, self.names[d])]
        return [self.game_move(move)]

    def dead_tops(self):
        return self._facts_here()[0]

    def safe_move(self):
        if self.dead is None:
            return None
        ups = self._facts_here()[1]
        if not ups:
            return None
        piles, table = self.piles, self.table
        sources = self._safe_sources
        if sources is None:
            # the piles a card may be played up from: not foundations, giving cards; not a
            # talon's waste, whose top card differs between positions under one key, nor the
            # waste of a stock dealing several at a time (without the card, the next passes
            # would deal other cards together: docs/solver.md, "The talon")
            several = {waste for _, stock, waste, _ in self.stock_of.values() if stock.count > 1}
            sources = self._safe_sources = [s for s in range(len(piles))
                                            if table.roles[s] != "foundation" and self.rule_of[s].take != "none"
                                            and s not in self.talon_wastes and s not in several]
        for s in sources:
            cards = piles[s]
            if not cards:
                continue
            b = cards[-1]
            if b > 52:
                continue
            f = ups.get(b - 1)
            if f is None:
                continue
            if table.covers and any(piles[j] for j in table.covered_by[s]):
                continue
            allowed = table.from_full[f] if piles[f] else table.from_empty[f]
            if allowed is not None and not allowed[s]:
                continue
            if not piles[f] and self._refused(f, piles[f], s, table.roles[s], 1, b - 1, None, 0, 0):
                continue
            return (DRAG, s, 1, f)
        for talon in self.talons:
            if talon.count == 1:
                move = self._talon_safe_move(talon, ups)
                if move is not None:
                    return move
        return None

    def _talon_safe_move(self, talon, ups):
        """The first card in dealing order of a talon dealing one card at a time that is dead
        once played up, played up straight from the talon (docs/solver.md, "The talon")."""
        piles, table, w = self.piles, self.table, talon.waste
        for k, b in talon.positions(piles, [code + 1 for code in ups]):
            f = ups[b - 1]
            allowed = table.from_full[f] if piles[f] else table.from_empty[f]
            if allowed is not None and not allowed[w]:
                continue
            if not piles[f] and self._refused(f, piles[f], w, table.roles[w], 1, b - 1, None, 0, 0):
                continue
            size = len(piles[w]) + len(piles[talon.stock])
            return (TALON, talon.stock, k + 1, f, talon.clicks_to(len(piles[w]), size, k + 1))
        return None
