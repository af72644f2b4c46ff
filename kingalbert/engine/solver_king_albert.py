"""The solver's fast path for King Albert: a best-first search (see
``KingAlbertSearch.search``), then the general solver's depth-first search
from the positions it left open, on a compact state (cards as ints 0-51,
each playing stack a ``bytes`` of them, so a position's key is a few joins)
instead of ``Game`` objects.

Cards: ``suit * 13 + rank - 1`` with suits in suit-stack order H C D S, so
suit index ``s`` is the pile ``f{s+1}``.  Hearts and diamonds (0, 2) are red.

Soundness of the reductions (what makes an "unwinnable" verdict a proof)
------------------------------------------------------------------------
King Albert here lets a card come back from its suit stack onto a playing
stack, so the usual "safe to play up" rule needs an argument that also
covers returns.  Call a card on its suit stack *dead* when its rank k is at
most 2, or when both opposite-colour suit stacks hold at least k-1 cards and
(for k >= 4) the other same-colour suit stack holds at least k-2.

1. Aces.  Nothing can be put on an ace, so in any winning line an ace that is
   put on a playing stack, or taken off its suit stack, can instead go (or
   stay) up: every other move stays legal, unchanged.  So some winning line
   plays each ace only onto its suit stack, and never takes one down.
2. Dead cards.  Take such a line from a position P and the set D of cards dead
   in P.  D is closed downwards within each suit, and every card that can be
   put on a card of D (rank k >= 3: the opposite-colour k-1s) is in D too.
   Follow the line, but leave the cards of D on their suit stacks: let W be
   the cards of D the line has off the suit stacks at a moment.  Nothing but
   W cards ever lies on a W card, so removing W from the piles and putting it
   on the suit stacks gives a legal position, and every move of the line on a
   card outside D is legal there too (a move onto a suit stack finds the same
   top, a move onto a playing stack the same top).  Moves of D cards are
   skipped.  The shortened line still wins.
   Hence (a) a card that would be dead once played up can be played up at
   once (an automatic move), and (b) a dead card is never taken down.  Both
   shorten the shortest winning line (or add a card to the suit stacks), so
   a search that applies them everywhere still reaches a win from every
   winnable position.
3. Symmetry.  All playing stacks obey the same rules, as do all reserve
   places (nothing can be put there), so the transposition table keys a
   position by the multiset of playing stacks and the set of reserve cards
   (plus the suit stack heights, which follow from those as the cards in
   play never change: they are there only to load a position quickly).
4. A move that takes back the previous one leads to a position already in
   the table; it is skipped without looking.

Everything else (moves to the first empty stack only, one card alone on a
stack not moved to another empty stack) is exact symmetry.  So when the
search runs out of moves, no win exists.
"""
from __future__ import annotations

import sys
import time

from .cards import RANK_LETTERS

SUIT_ORDER = "HCDS"
RED = tuple((c // 13) in (0, 2) for c in range(52))
RANK0 = tuple(c % 13 for c in range(52))
SUIT = tuple(c // 13 for c in range(52))
#: the two cards each card can be put on (rank + 1, other colour), or ()
PARENTS = tuple(
    tuple(s * 13 + c % 13 + 1 for s in range(4) if ((s in (0, 2)) != RED[c])) if c % 13 < 12 else ()
    for c in range(52)
)
#: opposite-colour suits and the other suit of the same colour
OPPOSITE = ((1, 3), (0, 2), (1, 3), (0, 2))
SAME = (2, 3, 0, 1)

NT, NR = 9, 7
EMPTY = 99         # an empty reserve place (sorts after every card)
RES0 = NT          # source codes 9..15: reserve places
FND0 = NT + NR     # codes 16..19: suit stacks
BYTE = tuple(bytes((i,)) for i in range(256))
CARD_NAMES = tuple(RANK_LETTERS[c % 13] + "HCDS"[c // 13] for c in range(52))


def card_id(card) -> int:
    return SUIT_ORDER.index(card.suit) * 13 + card.rank - 1


def pile_name(code: int) -> str:
    if code < NT:
        return f"t{code + 1}"
    if code < FND0:
        return f"r{code - RES0 + 1}"
    return f"f{code - FND0 + 1}"


class Budget:
    """Time, state and memory limits shared by the searches.

    Memory is the transposition table's own size (``sys.getsizeof`` of the set
    plus of every key stored, counted as keys go in) plus the search's other
    data: the best-first queues and remembered pile scores, and the search
    stack (bytes per entry measured the same way, sampled); the process
    itself and the game are not counted.  Checked every few hundred states.
    """

    def __init__(self, timeout, max_memory_mb, max_states):
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else self.start + timeout
        self.max_bytes = None if max_memory_mb is None else max_memory_mb * 1024 * 1024
        self.max_states = max_states
        self.peak_bytes = 0
        self.reason = None

    def over(self, states, table, key_bytes, stack_bytes) -> bool:
        used = sys.getsizeof(table) + key_bytes + stack_bytes
        if used > self.peak_bytes:
            self.peak_bytes = used
        if self.max_states is not None and states >= self.max_states:
            self.reason = "states"
            return True
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.reason = "time"
            return True
        if self.max_bytes is not None and used + _growth(table) > self.max_bytes:
            self.reason = "memory"
            return True
        return False


CHECK_EVERY = 256


def _growth(table) -> int:
    """Bytes the table may still take before the next check: the next keys,
    and room for the hash table to be copied into one twice its size when
    it grows (CPython keeps the old one until the copy is done)."""
    return CHECK_EVERY * 200 + 2 * sys.getsizeof(table)


def safe_up(found, c) -> bool:
    """May card ``c`` (which fits its suit stack) go up without losing a win?"""
    k = RANK0[c] + 1
    if k <= 2:
        return True
    o1, o2 = OPPOSITE[SUIT[c]]
    if found[o1] < k - 1 or found[o2] < k - 1:
        return False
    return k == 3 or found[SAME[SUIT[c]]] >= k - 2


def dead_on_top(found, s) -> bool:
    """Is the top card of suit stack ``s`` dead (never worth taking down)?"""
    k = found[s]
    if k <= 2:
        return True
    o1, o2 = OPPOSITE[s]
    if found[o1] < k - 1 or found[o2] < k - 1:
        return False
    return k == 3 or found[SAME[s]] >= k - 2


class KingAlbertSearch:
    def __init__(self, tab, res, found):
        #: whether cards may come back from the suit stacks (the rules allow it;
        #: a search without is a restricted one whose failure proves nothing)
        self.returns = True
        self.tab = [bytes(p) for p in tab]
        self.res = list(res)
        self.found = list(found)
        self.left = sum(len(p) for p in self.tab) + sum(1 for c in self.res if c != EMPTY)
        self._head()

    @classmethod
    def from_game(cls, game):
        piles = game.piles
        found = []
        for i, pile in enumerate(piles[0:4]):
            cards = [card_id(card) for card in pile.cards]
            # a suit stack as the engine allows it holds its suit from the ace up
            if cards != list(range(i * 13, i * 13 + len(cards))):
                return None
            found.append(len(cards))
        res = []
        for pile in piles[4:11]:
            if len(pile.cards) > 1:
                return None
            res.append(card_id(pile.cards[0]) if pile.cards else EMPTY)
        tab = [[card_id(card) for card in pile.cards] for pile in piles[11:20]]
        return cls(tab, res, found)

    # -- state -------------------------------------------------------------
    def _head(self):
        """Recompute the first part of the key: suit stack heights and the
        reserve cards, sorted (after any change to either)."""
        self.head = bytes(self.found) + bytes(sorted(self.res))

    def key(self):
        """The position as the transposition table knows it: 4 bytes of suit
        stack heights, 7 of reserve cards (sorted, empty places last), then
        the playing stacks, sorted, joined by ``A`` (65, no card)."""
        return self.head + b"A".join(sorted(self.tab))

    def apply(self, src, dst):
        """Move one card; returns the steps done (with automatic moves)."""
        tab, found = self.tab, self.found
        if src < NT:
            p = tab[src]
            c = p[-1]
            tab[src] = p[:-1]
        elif src < FND0:
            c = self.res[src - RES0]
            self.res[src - RES0] = EMPTY
        else:
            s = src - FND0
            found[s] -= 1
            c = s * 13 + found[s]
            self.left += 1
        if dst < NT:
            tab[dst] += BYTE[c]
        else:
            found[dst - FND0] += 1
            self.left -= 1
        steps = [(src, dst, c)]
        if src < NT and dst < NT:
            # the suit stacks did not change and the last position had no safe
            # card left to play up: only the card uncovered can be one
            p = tab[src]
            if p:
                c = p[-1]
                s = c // 13
                if found[s] == c % 13 and safe_up(found, c):
                    self._auto(steps)
                    self._head()
        else:
            if dst >= FND0 or src >= FND0:
                self._auto(steps)
            # (a reserve card put on a playing stack uncovers nothing)
            self._head()
        return steps

    def _auto(self, steps):
        tab, res, found = self.tab, self.res, self.found
        moved = True
        while moved:
            moved = False
            for i in range(NT):
                p = tab[i]
                if p:
                    c = p[-1]
                    s = c // 13
                    if found[s] == c % 13 and safe_up(found, c):
                        tab[i] = p[:-1]
                        found[s] += 1
                        self.left -= 1
                        steps.append((i, FND0 + s, c))
                        moved = True
            for j in range(NR):
                c = res[j]
                if c != EMPTY:
                    s = c // 13
                    if found[s] == c % 13 and safe_up(found, c):
                        res[j] = EMPTY
                        found[s] += 1
                        self.left -= 1
                        steps.append((RES0 + j, FND0 + s, c))
                        moved = True

    def undo(self, steps):
        tab, res, found = self.tab, self.res, self.found
        for src, dst, c in reversed(steps):
            if dst < NT:
                tab[dst] = tab[dst][:-1]
            else:
                found[dst - FND0] -= 1
                self.left += 1
            if src < NT:
                tab[src] += BYTE[c]
            elif src < FND0:
                res[src - RES0] = c
            else:
                found[src - FND0] += 1
                self.left -= 1
        if len(steps) > 1 or src >= NT or dst >= NT:
            self._head()

    def moves(self, last):
        """Candidate moves (src, dst), the most promising first."""
        tab, res, found = self.tab, self.res, self.found
        tops = {}
        empty = -1
        for i in range(NT):
            p = tab[i]
            if p:
                tops[p[-1]] = i
            elif empty < 0:
                empty = i
        back = (last[1], last[0]) if last is not None else None
        scored = []
        add = scored.append
        # playing stacks
        for i in range(NT):
            p = tab[i]
            if not p:
                continue
            c = p[-1]
            n = len(p)
            below = p[-2] if n > 1 else -1
            s = c // 13
            r = c % 13
            # what taking c off uncovers
            if n == 1:
                gain = 30
            else:
                bs = below // 13
                br = below % 13
                gain = 20 if found[bs] == br else 12 - (br - found[bs])
                if below in PARENTS[c]:
                    gain -= 25   # c already sits on a card it could stay on
            if found[s] == r:
                add((100 + gain, i, FND0 + s))
            for q in PARENTS[c]:
                d = tops.get(q)
                if d is not None:
                    add((gain + 5, i, d))
            if empty >= 0 and n > 1:
                add((gain - 15 - r, i, empty))
        # reserve
        for j in range(NR):
            c = res[j]
            if c == EMPTY:
                continue
            s = c // 13
            r = c % 13
            if found[s] == r:
                add((120, RES0 + j, FND0 + s))
            for q in PARENTS[c]:
                d = tops.get(q)
                if d is not None:
                    add((25, RES0 + j, d))
            if empty >= 0:
                add((2 - r, RES0 + j, empty))
        # suit stacks: cards that come back down (never the dead ones)
        for s in (range(4) if self.returns else ()):
            k = found[s]
            if k == 0 or dead_on_top(found, s):
                continue
            c = s * 13 + k - 1
            for q in PARENTS[c]:
                d = tops.get(q)
                if d is not None:
                    add((-40, FND0 + s, d))
            if empty >= 0:
                add((-60, FND0 + s, empty))
        scored.sort(reverse=True)
        if back is not None:
            return [(a, b) for _, a, b in scored if (a, b) != back]
        return [(a, b) for _, a, b in scored]

    def all_moves(self):
        """The same moves as ``moves``, unordered (for the best-first search)."""
        tab, found = self.tab, self.found
        tops = {p[-1]: i for i, p in enumerate(tab) if p}
        empty = tab.index(b"") if b"" in tab else -1
        out = []
        add = out.append
        get = tops.get
        for c, i in tops.items():
            s = c // 13
            if found[s] == c % 13:
                add((i, FND0 + s))
            for q in PARENTS[c]:
                d = get(q)
                if d is not None:
                    add((i, d))
            if empty >= 0 and len(tab[i]) > 1:
                add((i, empty))
        for j, c in enumerate(self.res):
            if c != EMPTY:
                s = c // 13
                if found[s] == c % 13:
                    add((RES0 + j, FND0 + s))
                for q in PARENTS[c]:
                    d = get(q)
                    if d is not None:
                        add((RES0 + j, d))
                if empty >= 0:
                    add((RES0 + j, empty))
        if self.returns:
            for s in range(4):
                k = found[s]
                if k == 0 or dead_on_top(found, s):
                    continue
                c = s * 13 + k - 1
                for q in PARENTS[c]:
                    d = get(q)
                    if d is not None:
                        add((FND0 + s, d))
                if empty >= 0:
                    add((FND0 + s, empty))
        return out

    # -- search --------------------------------------------------------------
    def load(self, key):
        """Set the state from a table key."""
        self.found = list(key[:4])
        self.res = list(key[4:11])
        self.head = key[:11]
        self.tab = key[11:].split(b"A")
        self.left = self.cards - sum(self.found)

    def scores(self, key):
        """How far from won the position looks (lower is better), once for
        each weighting in ``WEIGHTS``, from the position's key: cards left
        to play up, playing stacks' shares (``pile_parts``, remembered per
        pile), and the cards above the next card each suit stack wants."""
        memo = self.memo
        wrong = block = empty = 0
        for p in self.tab:
            parts = memo.get(p)
            if parts is None:
                parts = memo[p] = pile_parts(p)
            wrong += parts[0]
            block += parts[1]
            empty += parts[2]
        depth = 0
        found = self.found
        for s in range(4):
            k = found[s]
            if k < 13:
                i = key.find(s * 13 + k, 11)
                if i > 0:
                    j = key.find(65, i)
                    depth += (len(key) if j < 0 else j) - i - 1
        left = self.left
        return [w_left * left + w_wrong * wrong + w_depth * depth - w_empty * empty + w_block * block
                for w_left, w_wrong, w_depth, w_empty, w_block, _ in WEIGHTS]

    def search(self, budget, befs_share=0.5):
        """Best-first, then depth-first from the positions best-first left open.

        Best-first search finds wins in few moves.  It keeps one queue of open
        positions per weighting of the score (``WEIGHTS``) and takes turns
        between them (a position expanded through one queue is skipped when
        another hands it out again): which weighting finds a win soonest
        varies from deal to deal.  Once it has used ``befs_share`` of the
        time it stops, and a depth-first search (cheaper per position) goes
        on from each position still open, best first by the first weighting.
        Every position reached is expanded by one or the other, so running
        out proves the game unwinnable.  Returns (verdict, steps, states)."""
        import heapq
        heappush, heappop = heapq.heappush, heapq.heappop
        root_steps = []
        self._auto(root_steps)
        self._head()
        if self.left == 0:
            return "winnable", root_steps, 1
        self.cards = self.left + sum(self.found)
        root_state = (list(self.tab), list(self.res), list(self.found), self.left)
        root = self.key()
        parent = {root: None}
        key_bytes = sys.getsizeof(root)
        self.memo = {}
        # open positions by number; a queue entry is score << 40 | number,
        # and a position's number maps to None once it has been expanded
        opened = [root]
        flips = [MASK40 if last_first else 0 for *_, last_first in WEIGHTS]
        queues = [[(value << 40) | flip] for value, flip in zip(self.scores(root), flips)]
        nq = len(queues)
        turn = 0
        states = 1
        next_check = CHECK_EVERY
        apply, undo, keyf, scores = self.apply, self.undo, self.key, self.scores
        switch = None
        if budget.deadline is not None:
            switch = budget.start + (budget.deadline - budget.start) * befs_share
        goal = None
        while queues[0]:
            turn = (turn + 1) % nq
            queue = queues[turn]
            while True:
                number = (heappop(queue) & MASK40) ^ flips[turn]
                key = opened[number]
                if key is not None:
                    break
            opened[number] = None
            self.load(key)
            for src, dst in self.all_moves():
                steps = apply(src, dst)
                child = keyf()
                if child not in parent:
                    parent[child] = key
                    key_bytes += sys.getsizeof(child)
                    states += 1
                    if self.left == 0:
                        goal = child
                        break
                    number = len(opened)
                    opened.append(child)
                    for q, value, flip in zip(queues, scores(child), flips):
                        heappush(q, (value << 40) | (number ^ flip))
                undo(steps)
            if goal is not None:
                return "winnable", root_steps + self._replay(root_state, self._chain(parent, goal)), states
            if states >= next_check:
                next_check = states + CHECK_EVERY
                queued = sum(map(len, queues))
                if budget.over(states, parent, key_bytes, self._open_bytes(opened, queued)):
                    return "unknown", None, states
                if switch is not None and time.perf_counter() > switch:
                    break
            # every queue holds every open position: all empty together
            # (skipped entries aside), so the first one decides
            while queues[0] and opened[(queues[0][0] & MASK40) ^ flips[0]] is None:
                heappop(queues[0])
        heap = [(value, opened[(value & MASK40) ^ flips[0]]) for value in queues[0]
                if opened[(value & MASK40) ^ flips[0]] is not None]
        heapq.heapify(heap)
        del queues, opened
        # depth-first from every open position, best first
        other = len(heap) * 100 + len(self.memo) * 150
        while heap:
            start = heapq.heappop(heap)[1]
            self.load(start)
            verdict, line, states, key_bytes = self._dfs(budget, parent, states, key_bytes, other)
            if verdict == "winnable":
                keys = self._chain(parent, start)
                # the keys along the depth-first line, from the open position
                self.load(start)
                for steps in line:
                    for src, dst, _ in steps[:1]:
                        apply(src, dst)
                    keys.append(keyf())
                return "winnable", root_steps + self._replay(root_state, keys), states
            if verdict == "unknown":
                return "unknown", None, states
        return "unwinnable", None, states

    def _dfs(self, budget, seen, states, key_bytes, other_bytes):
        """Depth-first search from the current position; marks positions in ``seen``."""
        path = []            # steps of each move on the current line
        frames = [self.moves(None)]
        pos = [0]
        next_check = states + CHECK_EVERY
        apply, undo, moves, keyf = self.apply, self.undo, self.moves, self.key
        while frames:
            cand = frames[-1]
            i = pos[-1]
            if i >= len(cand):
                frames.pop()
                pos.pop()
                if path:
                    undo(path.pop())
                continue
            pos[-1] = i + 1
            src, dst = cand[i]
            steps = apply(src, dst)
            key = keyf()
            if key in seen:
                undo(steps)
                continue
            seen[key] = 0
            key_bytes += sys.getsizeof(key)
            states += 1
            path.append(steps)
            if self.left == 0:
                return "winnable", path, states, key_bytes
            frames.append(moves((src, dst) if len(steps) == 1 else None))
            pos.append(0)
            if states >= next_check:
                next_check = states + CHECK_EVERY
                if budget.over(states, seen, key_bytes, other_bytes + len(frames) * 1200):
                    return "unknown", None, states, key_bytes
        return "unwinnable", None, states, key_bytes

    def _open_bytes(self, opened, queued):
        """Bytes of the best-first search's own data besides the table: the
        list of open positions, the queue entries (an int and a list slot
        each) and the remembered pile scores."""
        return sys.getsizeof(opened) + queued * 40 + len(self.memo) * 150

    @staticmethod
    def _chain(parent, key):
        chain = []
        while key is not None:
            chain.append(key)
            key = parent[key]
        chain.reverse()
        return chain

    def _replay(self, root_state, keys):
        """The real moves (piles as the game has them) through positions ``keys``."""
        tab, res, found, left = root_state
        self.tab, self.res, self.found, self.left = list(tab), list(res), list(found), left
        self._head()
        out = []
        apply, undo, keyf = self.apply, self.undo, self.key
        for want in keys[1:]:
            for src, dst in self.all_moves():
                steps = apply(src, dst)
                if keyf() == want:
                    out.extend(steps)
                    break
                undo(steps)
            else:
                raise AssertionError("solver: lost the line")
        return out


MASK40 = (1 << 40) - 1
#: weightings of the best-first score (cards left, cards not on a card they
#: could be built on, cards above the next card of a suit, empty playing
#: stacks, cards above a lower card of their suit), and whether equal scores
#: go newest first; one queue each.  Chosen on deals 1-100: which weighting
#: finds a win first varies widely from deal to deal, hence several.
WEIGHTS = ((4, 2, 2, 6, 8, True), (4, 2, 2, 6, 14, True), (4, 2, 4, 6, 8, True))


def pile_parts(p) -> tuple:
    """A playing stack's parts of the score: (cards not on a card they could
    be built on, cards above a lower card of their suit — each must leave for
    another playing stack before that one goes up, 1 if empty)."""
    if not p:
        return (0, 0, 1)
    wrong = block = 0
    low = [13, 13, 13, 13]     # the lowest rank of each suit so far, from the bottom
    prev = -1
    for c in p:
        s = c // 13
        r = c % 13
        if prev >= 0 and prev not in PARENTS[c]:
            wrong += 1
        if low[s] < r:
            block += 1
        else:
            low[s] = r
        prev = c
    return (wrong, block, 0)
