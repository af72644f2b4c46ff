"""The legal moves of a ``Rules`` game, fast: the same moves, in the same order,
as ``Ruleset.legal_moves`` finds by asking ``check_pick`` and ``check_drop``
of every pile pair, but without building the messages of the refusals.

``Compiled`` turns one ``Rules`` into tables once: for every pile, which
cards fit on which top card (as bit masks over the 52 faces), its start rule,
the piles that cover it, whom it takes cards from.  ``moves`` then indexes
the piles' top cards by the cards they would take, so each card to be moved
is matched against the few piles that could take it, not all of them.  With
``facts`` (the solver's, ``solving.Facts``) it leaves out the moves the
solver never needs (see there).
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import RED_SUITS, SUITS, Card
from ..moves import Move
from ..piles import ROLES
from .model import Rules

#: a face-up card's number 0-51 (suit in C D H S order, then rank), a face-down one's 52-103
CODE = {Card(rank, suit, up): SUITS.index(suit) * 13 + rank - 1 + (0 if up else 52)
        for suit in SUITS for rank in range(1, 14) for up in (True, False)}
FACES = [Card(code % 13 + 1, SUITS[code // 13]) for code in range(52)]
#: above this many fitting cards a pile is checked card by card rather than indexed
BROAD = 8


def _mask(test, under: Card) -> int:
    mask = 0
    for code, over in enumerate(FACES):
        if test(under, over):
            mask |= 1 << code
    return mask


class Compiled:
    """One ``Rules`` as tables for ``moves``."""

    def __init__(self, rules: Rules):
        self.rules = rules
        piles = rules.piles
        self.count = len(piles)
        names = [rule.name.lower() for rule in piles]
        index = {name: i for i, name in enumerate(names)}
        self.roles = [rule.role for rule in piles]
        masks: dict = {}
        self.fit = []          # pile -> [mask of cards fitting on face-up top code]
        self.fit_lists = []    # pile -> [list of codes fitting on top code]
        self.run = []          # pile -> [mask of cards that may lie on code in a run] (take "run")
        for rule in piles:
            key = (rule.build, rule.also)
            if key not in masks:
                masks[key] = [_mask(lambda under, over, rule=rule: rule.fits(under, over) is None, under)
                              for under in FACES]
            self.fit.append(masks[key])
            self.fit_lists.append([[code for code in range(52) if mask >> code & 1] for mask in masks[key]])
            if rule.take == "run":
                run_key = ("run", rule.run)
                if run_key not in masks:
                    masks[run_key] = [_mask(lambda under, over, build=rule.run: build.refusal(under, over) is None,
                                            under) for under in FACES]
                self.run.append(masks[run_key])
            else:
                self.run.append(None)
        self.covered_by: list[list[int]] = [[] for _ in piles]
        for name, over in rules.covers:
            self.covered_by[index[name.lower()]] = [index[other.lower()] for other in over]
        self.covers = any(self.covered_by)
        # whom each pile takes cards from, while it holds cards and while empty
        self.from_full = [self._sources(rule.accept_from, names) for rule in piles]
        self.from_empty = [self._sources(rule.accept_from_empty if rule.accept_from_empty is not None
                                         else rule.accept_from, names) for rule in piles]
        self.stock_piles = sorted(index[stock.pile.lower()] for stock in rules.stocks)
        self.cells = frozenset(i for i, rule in enumerate(piles) if rule.role in ("cell", "reserve"))
        self.columns = frozenset(i for i, rule in enumerate(piles) if rule.role == "tableau")
        self.free_limits = any(rule.free_limit for rule in piles)
        self.foundations = [i for i, role in enumerate(self.roles) if role == "foundation"]
        self.made: dict = {}

    def _sources(self, accept_from, names):
        """A list of booleans by source pile (None: from any pile)."""
        if accept_from is None:
            return None
        allowed = {name.lower() for name in accept_from if name not in ROLES}
        roles = {name for name in accept_from if name in ROLES}
        return [names[i] in allowed or self.roles[i] in roles for i in range(self.count)]

    def move(self, piles, s: int, n: int, d: int) -> Move:
        """The drag of ``n`` cards from pile ``s`` to ``d`` (made once, then kept)."""
        key = (s, n, d)
        move = self.made.get(key)
        if move is None:
            move = self.made[key] = Move("drag", piles[s].name, n, piles[d].name)
        return move


def compiled(ruleset, rules: Rules) -> Compiled:
    cache = ruleset.__dict__.setdefault("_compiled", {})
    table = cache.get(id(rules))
    if table is None or table.rules is not rules:
        table = cache[id(rules)] = Compiled(rules)
    return table


def moves(ruleset, game, facts=None):
    """Every legal action of a ``RulesRuleset`` game, as ``Ruleset.legal_moves`` gives
    them; with the solver's ``facts``, without those the solver never needs."""
    rules = ruleset.rules_for(game)
    table = compiled(ruleset, rules)
    rule_of = rules.piles
    piles = game.piles
    count = len(piles)
    code = CODE
    contents = [pile.cards for pile in piles]
    blocked = [any(contents[j] for j in over) for over in table.covered_by] if table.covers else [False] * count
    addition = rules.addition
    base = game.vars.get("base")
    if not isinstance(base, int) or isinstance(base, bool) or not 1 <= base <= 13:
        base = None
    roles = table.roles
    group_of = facts.group_of if facts is not None else None
    # piles that take a card on their top card: card code -> the piles; the piles
    # that take too many different cards to index; the empty piles that take cards
    wants: dict[int, list[int]] = {}
    broad = []
    empty = []
    pairs: dict[int, list[int]] = {}
    seen_groups = set()
    for i in range(count):
        cards = contents[i]
        rule = rule_of[i]
        if not cards:
            if rule.accept:
                if group_of is not None and group_of[i] is not None:
                    # one empty pile of a group stands for all of them
                    if group_of[i] in seen_groups:
                        continue
                    seen_groups.add(group_of[i])
                empty.append(i)
            continue
        top = cards[-1]
        if addition is not None and top.face_up and roles[i] not in ("foundation", "stock") \
                and rule.take != "none" and not blocked[i]:
            pairs.setdefault(top.rank, []).append(i)
        if not rule.accept or not top.face_up:
            continue
        if rule.capacity is not None and len(cards) >= rule.capacity:
            continue
        fits = table.fit_lists[i][code[top]]
        if len(fits) > BROAD:
            broad.append(i)
        else:
            for c in fits:
                wants.setdefault(c, []).append(i)
    cells = columns = 0
    if table.free_limits:
        cells = sum(1 for i in table.cells if not contents[i])
        columns = sum(1 for i in table.columns if not contents[i])
    dead_tops = facts.dead_tops(game, table) if facts is not None else ()
    make = table.move
    for s in range(count):
        cards = contents[s]
        if not cards:
            continue
        srule = rule_of[s]
        take = srule.take
        if take == "none" or blocked[s] or s in dead_tops:
            continue
        size = len(cards)
        src_role = roles[s]
        run = table.run[s]
        for n in range(1, size + 1):
            card = cards[-n]
            if not card.face_up:
                break
            if n > 1:
                if take == "top":
                    break
                if take == "run" and not run[code[card]] >> code[cards[-n + 1]] & 1:
                    break
            c = code[card]
            paired: Sequence[int] = ()
            if addition is None:
                targets = drop_targets(wants, broad, empty, c)
            else:
                paired = pairs.get(addition - card.rank, ())
                collected = set(wants.get(c, ()))
                collected.update(broad)
                collected.update(empty)
                collected.update(paired)
                if card.rank == addition:
                    collected.update(table.foundations)
                targets = sorted(collected)
            for d in targets:
                if d == s:
                    continue
                if d in paired:
                    yield make(piles, s, n, d)
                    continue
                dcards = contents[d]
                if group_of is not None and not dcards and n == size and group_of[s] is not None \
                        and group_of[s] == group_of[d]:
                    continue        # a whole pile to an empty one like it: the same position
                if refuses_drop(table, rule_of[d], d, len(dcards), CODE[dcards[-1]] if dcards else 0, s, src_role,
                                n, c, addition, base, cells, columns):
                    continue
                yield make(piles, s, n, d)
    # clicks: a stock that deals or turns over, or an addition game's lone card
    clickable = range(count) if addition is not None else table.stock_piles
    for i in clickable:
        if ruleset.can_click(game, piles[i]):
            yield Move("click", piles[i].name)


def drop_targets(wants, broad, empty, c) -> list[int]:
    """The piles to try a card ``c`` on: those whose top takes it (``wants``), the ones
    that take too many kinds of card to list (``broad``) and the empty ones, in order."""
    found = wants.get(c)
    if found is None:
        return empty if not broad else broad if not empty else sorted(broad + empty)
    if broad or empty:
        return sorted(found + broad + empty)
    return found


def refuses_drop(table, rule, d, size, top, s, src_role, n, c, addition, base, cells, columns) -> bool:
    """``check_drop`` for a card that is no addition-game pair: does pile ``d`` refuse it?
    ``size``: the cards on ``d``; ``top``: the code of its top card (52 up: face down);
    ``c``: the code of the card that would go on it (0-51, suits in C D H S order).
    Shared by ``legal_moves`` here and the solver's compact state."""
    role = table.roles[d]
    if src_role == "foundation" and role == "foundation":
        return True
    rank = c % 13 + 1
    if addition is not None and role == "foundation":
        return not (n == 1 and rank == addition)
    if not rule.accept:
        return True
    sources = table.from_full[d] if size else table.from_empty[d]
    if sources is not None and not sources[s]:
        return True
    if n < rule.min_drop or (rule.max_drop is not None and n > rule.max_drop):
        return True
    if rule.capacity is not None and size + n > rule.capacity:
        return True
    if rule.free_limit is not None and n > 1:
        free_cells = cells - (1 if not size and d in table.cells else 0)
        free_columns = columns - (1 if not size and d in table.columns else 0)
        limit = 1 + free_cells + free_columns if rule.free_limit == "cells" else (1 + free_cells) * 2 ** free_columns
        if n > limit:
            return True
    if not size:
        start = rule.start_rank
        if start == "none":
            return True
        if start == "base":
            start = base if base is not None else "any"
        if start != "any" and rank != start:
            return True
        suit = rule.start_suit
        if suit in ("red", "black"):
            return (SUITS[c // 13] in RED_SUITS) != (suit == "red")
        return suit is not None and SUITS[c // 13] != suit
    if top >= 52:
        return True
    return not table.fit[d][top] >> c & 1
