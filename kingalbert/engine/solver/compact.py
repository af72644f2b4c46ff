"""``CompactState``: the plumbing of a search state kept as bytes.

A game whose rules the solver can play without ``Game`` (a declarative
model) keeps its position as one ``bytes`` per pile, a card a byte from 1 up
(0 separates piles in keys), plus a small tuple of numbers (``extra``: redeals
left, the pass through the stock ...).  This class does the rest of what the
search loop asks of a state (``state.py``): keys with symmetric piles
sorted, going back to a key, saving and loading, and playing a move with
the safe moves after it, and taking them back.  A subclass gives:

``generate(ordered)``
    the moves, as hashable tokens it understands;
``play(move)``
    carry a move out through ``put(i, contents)`` and ``set_extra(extra)``
    (which remember what they change for ``undo``), automatic moves included;
``safe_move()``
    a move to play at once, or None;
``is_won()``, ``scores(key)``, ``game_move(move)`` (and ``expand(move)`` if a move of
its own stands for several of the game's).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from operator import itemgetter
from typing import Any

from .budget import SearchInterrupted

#: a move: a waiting card put out and the moves that follow it at once, ``(CHAIN, src, n, dst,
#: moves)`` (``CompactState.chained``); a single move is ``(DRAG, src, n, dst)``, a card played
#: straight from a talon ``(TALON, stock, pointer, dst, clicks)``
DRAG, TALON, CHAIN = 0, 3, 4
#: how many waiting cards one chain puts out at most (a longer one ends with a card put out
#: alone: offering more moves is always sound)
CHAIN_DEPTH = 4


def parts(move) -> tuple:
    """The moves a chain is made of, in order (any other move: itself alone)."""
    return move[4] if move[0] == CHAIN else (move,)


def contents_of(indices):
    """A function from the piles to the tuple of those at ``indices`` (in C: the search asks
    this after every move)."""
    if not indices:
        return lambda piles: ()
    if len(indices) == 1:
        i = indices[0]
        return lambda piles: (piles[i],)
    return itemgetter(*indices)


class CompactState(ABC):
    weightings: tuple[bool, ...] = (True,)
    #: per weighting, what each move from the root adds to the score (``search.py``)
    depth_weights: tuple[int, ...] = (0,)
    #: best-first search's share of the time (docs/solver.md, "The search": measured)
    befs_share = 0.8
    #: two queues on the same score: one greedy, one that also counts the moves made (a
    #: weighted A*), which gets out of the plateaus where the greedy one wanders
    GREEDY_AND_PATIENT: tuple[tuple[bool, ...], tuple[int, ...]] = ((True, True), (0, 4))
    #: the same two, and two more on a score that also weighs each card lying above a lower
    #: one of its suit ``BLOCK_WEIGHT`` more (``pile_share``'s second part): for games whose
    #: piles build by suit only, where such a card must go elsewhere before the lower one can
    #: go up or take its follower (docs/solver.md, "The search": measured)
    WITH_BLOCKS: tuple[tuple[bool, ...], tuple[int, ...]] = ((True, True, True, True), (0, 4, 0, 4))
    BLOCK_WEIGHT = 6
    #: where the cards of several piles wait (King Albert's reserve of seven places): two more
    #: queues, greedy and patient, on the score plus ``WANTED_WEIGHT`` for each card lying
    #: above a card the foundations want next (``WantedDepth``; docs/solver.md, "The search":
    #: measured)
    WANTED_WEIGHT = 2
    #: the foundations' wanted cards (``want_depths``), None where there are no such queues
    wanted: WantedDepth | None = None

    def want_depths(self, wanted: WantedDepth | None) -> None:
        """Keep the two queues of ``WANTED_WEIGHT`` (``wanted_scores``) beside the others."""
        self.wanted = wanted
        if wanted is not None:
            self.weightings = self.weightings + (True, True)
            self.depth_weights = self.depth_weights + (0, 4)

    def wanted_scores(self, scores: list, piles) -> list:
        """``scores`` and, where ``want_depths`` asked for them, the two queues' scores."""
        if self.wanted is None:
            return scores
        deep = self.WANTED_WEIGHT * self.wanted.depth(piles)
        return scores + [scores[0] + deep, scores[1] + deep]

    def __init__(self, piles, extra: tuple, groups=(), budget=None, unordered=()):
        self.piles = [bytes(p) for p in piles]
        self.extra = tuple(extra)
        #: the piles whose cards' order no rule reads (docs/solver.md, "Piles kept in no
        #: order"): keyed, and so restored, with their cards sorted
        self.unordered = tuple(sorted(unordered))
        self.groups = [sorted(group) for group in groups if len(group) > 1]
        grouped = {i for group in self.groups for i in group}
        self.single = [i for i in range(len(self.piles)) if i not in grouped]
        self.order = self.single + [i for group in self.groups for i in group]
        self._singles = contents_of(self.single)
        self._grouped = [contents_of(group) for group in self.groups]
        self.budget = budget
        # the changes of the move being applied (put and set_extra add to it), else None
        self._undo: Any = None
        self._key: bytes | None = None
        # the piles as ``key`` had them (while ``_key`` is set by ``key``)
        self._keyed: list | None = None
        # the encoded extra, and the extra it encodes
        self._head: bytes = b""
        self._head_of: tuple | None = None
        self.limit = 4 * sum(len(p) for p in self.piles) + 16
        #: the stocks turned over for ever (``talon.py``), keyed by their cycle; a subclass
        #: that sets them offers the plays of their cards instead of their clicks
        self.talons: tuple = ()
        self.talon_wastes: frozenset = frozenset()
        #: the piles whose cards wait (docs/solver.md, "Cards that wait": a subclass that sets
        #: them has ``generate`` pass its moves through ``chained``), and how deep the chains
        #: being worked out are
        self.waiting: frozenset = frozenset()
        #: the piles a card of the talon waits to be put on (docs/solver.md, "Cards that wait")
        self.talon_waits: frozenset = frozenset()
        #: the piles that, empty, take cards only as part of a chain (docs/solver.md, "Cards
        #: put into an empty pile"): a subclass that sets them has ``generate`` pass its moves
        #: through ``chained``, and ``generate(False, only)`` give the moves onto either pile too
        #: and those into these piles while empty
        self.parking: frozenset = frozenset()
        #: does the number of free piles decide how many cards a move may take?
        self.parking_counts = True
        #: are the cards put into an empty pile of ``parking`` chained now (``exhaustive``)?
        self.parking_on = False
        #: the share of the time for a first depth-first search with them chained (``search``)
        self.proof_share = 0.0
        self._depth = 0

    # -- keys ------------------------------------------------------------------------
    @staticmethod
    def encode_extra(extra) -> bytes:
        out = bytearray()
        for value in extra:
            value = 0 if value is None else value + 1
            out += value.to_bytes(2, "little")
        return bytes(out)

    def keyed_piles(self) -> list:
        """The piles as the key has them (each talon's cycle as one)."""
        if self._key is not None and self._keyed is not None:
            return self._keyed          # (worked out for the key just now)
        piles = self.piles
        for talon in self.talons:
            canonical = talon.canonical(piles)
            if canonical is not None:
                piles = canonical
        return piles

    def key(self) -> bytes:
        key = self._key
        if key is None:
            if self.talons:
                piles = self._keyed = self.keyed_piles()
            else:
                piles = self.piles
            if self.unordered:
                piles = list(piles)
                for i in self.unordered:
                    piles[i] = bytes(sorted(piles[i]))
            parts = list(self._singles(piles))
            for grouped in self._grouped:
                parts += sorted(grouped(piles))
            extra = self.extra
            if extra is not self._head_of:      # (the extra changes far less often than the piles)
                self._head, self._head_of = self.encode_extra(extra), extra
            key = self._key = self._head + b"\0".join(parts)
        return key

    def restore(self, key: bytes) -> None:
        size = 2 * len(self.extra)
        head = key[:size]
        self.extra = tuple(None if v == 0 else v - 1
                           for v in (int.from_bytes(head[k:k + 2], "little") for k in range(0, size, 2)))
        piles = self.piles
        for i, part in zip(self.order, key[size:].split(b"\0")):
            piles[i] = part
        self._key = key
        self._keyed = None

    def save(self):
        return list(self.piles), self.extra

    def load(self, saved) -> None:
        piles, self.extra = saved
        self.piles = list(piles)
        self._key = None
        self._keyed = None

    # -- changes -----------------------------------------------------------------------
    def put(self, i: int, contents: bytes) -> None:
        """Set pile ``i``'s contents (remembering the old ones for ``undo``)."""
        self._undo.append((i, self.piles[i]))
        self.piles[i] = contents

    def set_extra(self, extra: tuple) -> None:
        self._undo.append((-1, self.extra))
        self.extra = extra

    def apply(self, move):
        """Play ``move`` and the safe moves after it; the token holds the moves played
        and what they changed."""
        self._undo = changes = []
        played = [move]
        for part in parts(move):
            self.play(part)
        for _ in range(self.limit):
            extra = self.safe_move()
            if extra is None:
                break
            self.play(extra)
            played.append(extra)
        self._key = None
        self._undo = None
        return played, changes

    def settle(self):
        self._undo = changes = []
        played = []
        for _ in range(self.limit):
            extra = self.safe_move()
            if extra is None:
                break
            self.play(extra)
            played.append(extra)
        self._key = None
        self._undo = None
        return played, changes

    def undo(self, token) -> None:
        self.take_back(token[1])
        self._key = None

    def take_back(self, changes) -> None:
        """Put back what ``put`` and ``set_extra`` changed (``changes``: their record)."""
        piles = self.piles
        for i, old in reversed(changes):
            if i < 0:
                self.extra = old
            else:
                piles[i] = old

    def moves(self, last, ordered: bool) -> list:
        budget = self.budget
        if budget is not None and budget.spent():
            raise SearchInterrupted
        return self.generate(ordered)

    def game_moves(self, tokens) -> list:
        return [step for token in tokens for move in token[0] for part in parts(move) for step in self.expand(part)]

    def expand(self, move) -> list:
        """The game's moves that make up ``move`` (one, unless the state plays several as one)."""
        return [self.game_move(move)]

    def chained(self, out: list) -> list:
        """``out`` with each move that ``waits`` (a waiting pile's card, or a talon's, onto a
        pile that does not keep it) replaced by the chains that begin with it: the card, then
        a card put on it, a run with it dragged on, or the card it uncovered in a waiting pile
        moved (the moves ``generate(False, (src, dst))`` gives on the position after it), and
        so on while that is a waiting card put out too (docs/solver.md, "Cards that wait").
        ``apply`` plays a chain's moves (``parts``), ``game_moves`` spells them out; a
        subclass's ``play`` and ``expand`` see only single moves."""
        waits = self.waits
        if not any(waits(move) for move in out):
            return out
        result = []
        for move in out:
            if not waits(move) or self._depth >= CHAIN_DEPTH:
                result.append(move)         # (past CHAIN_DEPTH, put out alone: an extra move)
                continue
            s, d = move[1], move[3]
            n = 1 if move[0] == TALON else move[2]
            # (the card under one from a talon stays where it is: only a card onto it follows)
            under = s if s in self.waiting else None
            # a card into an empty pile, not from a waiting pile: followed by a move that touches
            # either pile, or by another such (docs/solver.md, "Cards put into an empty pile")
            parked = under is None and self.parking_on and self.parks(move)
            if parked and self._depth:
                result.append(move)         # (one inside a chain: put out alone, an extra move)
                continue
            saved_undo, saved_key, saved_keyed = self._undo, self._key, self._keyed
            changes: list = []
            self._undo = changes
            self._depth += 1
            try:
                self.play(move)
                if parked and self.safe_move() is not None:
                    following = None        # (put out alone: a safe move follows at once)
                elif parked:
                    following = [then for then in self.generate(False, (s, d))
                                 if then[1] == s or then[1] == d or then[3] == s or then[3] == d
                                 or self.waits(parts(then)[0])]
                else:
                    following = [then for then in self.generate(False, (s, d)) if then[3] == d
                                 or then[1] == under or then[0] == DRAG and then[1] == d and then[2] > 1]
            finally:
                self._depth -= 1
                self.take_back(changes)
                self._undo, self._key, self._keyed = saved_undo, saved_key, saved_keyed
            if following is None:
                result.append(move)
                continue
            for then in following:
                result.append((CHAIN, s, n, d, (move,) + parts(then)))
        return result

    def exhaustive(self, on: bool) -> None:
        """While ``on`` (the search goes depth first through every position), chain the cards
        put into an empty pile of ``parking``."""
        self.parking_on = on and bool(self.parking)

    def parks(self, move) -> bool:
        """Is ``move`` a card (or run) put into an empty pile of ``parking``, from a pile that
        is no talon's waste?"""
        if move[0] != DRAG or move[3] not in self.parking or self.piles[move[3]] or move[1] in self.talon_wastes:
            return False
        # (where free piles let runs move, one card that leaves cards under it: otherwise the
        # number of free piles between it and the move that follows could differ)
        return not self.parking_counts or move[2] == 1 and len(self.piles[move[1]]) > 1

    def waits(self, move) -> bool:
        """Is ``move`` a waiting card put out (a card of a waiting pile, or one played straight
        from the talon, onto a pile that does not ``keep`` it)?"""
        kind = move[0]
        if kind == DRAG and move[1] in self.waiting:
            return not self.keeps(move[3])
        if self.parking_on and self.parks(move):
            return True
        # (a talon's card: from the top of its waste too, or the positions of one cycle, which
        # share a key, would differ in their moves)
        return (kind == TALON or kind == DRAG and move[1] in self.talon_wastes) and move[3] in self.talon_waits

    def keeps(self, d: int) -> bool:
        """Is pile ``d`` a foundation (a waiting card goes there alone)?"""
        return False

    # -- what a subclass gives -------------------------------------------------------------
    @abstractmethod
    def generate(self, ordered: bool, only: tuple[int, int] | None = None) -> list:
        """The moves, the most promising first if ``ordered``; with ``only`` (a pile, a pile),
        it may leave out all but those from either or onto the second (``chained`` asks so
        for the follow-ups of a waiting card, and keeps those alone).  ``only`` matters only
        where ``waiting`` or ``talon_waits`` is set."""

    @abstractmethod
    def play(self, move) -> None:
        ...

    def safe_move(self):
        return None

    @abstractmethod
    def is_won(self) -> bool:
        ...

    def scores(self, key) -> list:
        return [0]

    @abstractmethod
    def game_move(self, move):
        ...


def builds_by_suit_only(fit_masks) -> bool:
    """Does every card (0-51) go only on cards of its own suit, under every fit given (per
    card code, the mask of the cards that go on it)?  (And some card goes on another.)"""
    some = False
    for masks in fit_masks:
        for c, mask in enumerate(masks):
            if mask:
                some = True
                suit = c // 13
                if mask & ~(((1 << 13) - 1) << (13 * suit)):
                    return False
    return some


def pile_share(cards: bytes, fit) -> tuple[int, int]:
    """A pile's share of the declarative formats' score (lower is better): 7 a face-down
    card, 4 a face-up one, 2 more for each card not on one that ``fit`` (per card code,
    the mask of the cards that go on it; None: none) puts it on, 2 more for each card
    over a lower one of its suit; and the number of those last cards."""
    total = blocks = 0
    low = [99, 99, 99, 99]
    prev = -1
    for b in cards:
        if b > 52:
            total += 7
            prev = -1
            continue
        c = b - 1
        total += 4
        if prev < 0 or fit is None or not fit[prev] >> c & 1:
            total += 2
        suit, rank = c // 13, c % 13
        if low[suit] < rank:
            total += 2
            blocks += 1
        else:
            low[suit] = rank
        prev = c
    return total, blocks


class WantedDepth:
    """How deep the cards the foundations want next lie: for each card that would go on a
    foundation's top or start an empty one, the cards above it in the piles ``scan`` (the
    piles but the foundations, stock and waste), face up or down.  ``fits``, per foundation:
    (per card code the mask of the cards that go on it, the mask of those an empty one
    takes).  King Albert's own score weighs the same (``king_albert_search``)."""

    LIMIT = 100_000

    def __init__(self, foundations: list[int], fits: list, scan: list[int]):
        self.foundations, self.fits, self.scan = foundations, fits, scan
        self.memo: dict = {}

    def wanted(self, piles) -> tuple[bytes, ...]:
        """The wanted cards as the piles hold them (each face up, then face down)."""
        key = tuple([piles[f] for f in self.foundations])
        found = self.memo.get(key)
        if found is None:
            mask = 0
            for f, (on, empty) in zip(self.foundations, self.fits):
                cards = piles[f]
                if not cards:
                    mask |= empty
                elif cards[-1] <= 52 and on:
                    mask |= on[cards[-1] - 1]
            codes = [c for c in range(52) if mask >> c & 1]
            found = tuple(bytes((c + 1,)) for c in codes) + tuple(bytes((c + 53,)) for c in codes)
            if len(self.memo) > self.LIMIT:
                self.memo.clear()
            self.memo[key] = found
        return found

    def depth(self, piles) -> int:
        joined = b"\0".join([piles[i] for i in self.scan]) + b"\0"
        find = joined.find
        total = 0
        for card in self.wanted(piles):
            at = find(card)
            if at >= 0:
                total += find(b"\0", at) - at - 1
        return total


class PileShares:
    """``pile_share`` remembered by the cards of a pile, per ``fit`` (most piles of a position
    are as they were in the one before, and piles that build alike share what they learn)."""

    LIMIT = 200_000

    def __init__(self):
        self.memos: dict[int, dict] = {}
        self.size = 0
        # per plan (by identity): (plan, [(pile, what it takes off while empty, fit, memo)])
        self._rows: dict[int, tuple] = {}

    def rows(self, plan) -> list:
        found = self._rows.get(id(plan))
        if found is None or found[0] is not plan:
            rows = [(i, entry[0], entry[1], self.memos.setdefault(id(entry[1]), {}))
                    for i, entry in enumerate(plan) if entry is not None]
            found = self._rows[id(plan)] = (plan, rows)
        return found[1]

    def scores(self, piles, plan, weigh_blocks: bool) -> list:
        """A position's score for each weighting: ``GREEDY_AND_PATIENT``'s two, or
        ``WITH_BLOCKS``' four if ``weigh_blocks``.  ``plan``: per pile, None (not counted: a
        foundation) or (what it takes off while empty, the ``fit`` its cards build by)."""
        total = blocks = 0
        for i, off, fit, memo in self.rows(plan):
            cards = piles[i]
            if not cards:
                total -= off
                continue
            known = memo.get(cards)
            if known is None:
                if self.size > self.LIMIT:
                    for other in self.memos.values():
                        other.clear()
                    self.size = 0
                known = memo[cards] = pile_share(cards, fit)
                self.size += 1
            total += known[0]
            blocks += known[1]
        if weigh_blocks:
            heavy = total + CompactState.BLOCK_WEIGHT * blocks
            return [total, total, heavy, heavy]
        return [total, total]
