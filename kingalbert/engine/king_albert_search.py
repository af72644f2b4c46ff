"""King Albert's compact search state (``KingAlbert.solver_state``): the
position as cards 0-51, each playing stack a ``bytes`` of them, so that a
key is a few joins and a move a few slices, instead of ``Game`` objects.
The search loop is the solver's own (``engine/solver/search.py``).

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
5. Reserve cards.  Nothing is ever put in a reserve place, and a reserve card
   may go wherever it could go from the top of a playing stack.  So a reserve
   card is worth putting on a playing stack (onto a card, or on an empty one)
   only to have a card put on it, and it can wait until then: take a winning
   line in which reserve card R goes to playing stack d at move t, and the next
   move that concerns R at t' (it must leave some time: R ends on its suit
   stack).  If that move takes R elsewhere, drop the move at t and take R
   there from the reserve at t'.  If it puts a card on R, move R's move from t
   to just before t'.  In between, the line had R on top of d, so no move took
   a card from d or put one on it: every move in between finds the same top
   cards where it takes and where it puts as before, and the line is as legal,
   no longer and ends as before.  Each change drops a move, or leaves the
   first reserve move not followed at once by a card onto it later in the line;
   so some shortest winning line puts every reserve card it puts on a playing
   stack there immediately before a card onto it.  (That card may itself come
   from the reserve: then a card onto it comes next, and so on.)  Such moves
   are offered only as those chains (``(source, destination, covers)``), never
   alone.  A dead card is not among the cards put on them (2), and the chain's
   cards are moved as one card at a time would: nothing else changes.  On deal
   73, which is lost, the search meets 30,805 positions instead of 611,723:
   97 % of those had a reserve card alone on top of a playing stack.

Everything else (moves to the first empty stack only, one card alone on a
stack not moved to another empty stack) is exact symmetry.  So when the
search runs out of moves, no win exists.
"""
from __future__ import annotations

from .cards import RANK_LETTERS
from .moves import Move

SUIT_ORDER = "HCDS"
RED = tuple((c // 13) in (0, 2) for c in range(52))
RANK0 = tuple(c % 13 for c in range(52))
SUIT = tuple(c // 13 for c in range(52))
#: the two cards each card can be put on (rank + 1, other colour), or ()
PARENTS = tuple(
    tuple(s * 13 + c % 13 + 1 for s in range(4) if ((s in (0, 2)) != RED[c])) if c % 13 < 12 else ()
    for c in range(52)
)
#: the two cards that can be put on each card (rank - 1, other colour), or () for an ace
CHILDREN = tuple(
    tuple(s * 13 + c % 13 - 1 for s in range(4) if ((s in (0, 2)) != RED[c])) if c % 13 > 0 else ()
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


class Steps(list):
    """A move's token: the steps done, and the key's head from before them (``undo`` puts it back)."""

    __slots__ = ("head",)


def card_id(card) -> int:
    return SUIT_ORDER.index(card.suit) * 13 + card.rank - 1


def pile_name(code: int) -> str:
    if code < NT:
        return f"t{code + 1}"
    if code < FND0:
        return f"r{code - RES0 + 1}"
    return f"f{code - FND0 + 1}"


#: weightings of the best-first score (cards left, cards not on a card they
#: could be built on, cards above the next card of a suit, empty playing
#: stacks, cards above a lower card of their suit), and whether equal scores
#: go newest first; one queue each.  Chosen on deals 1-100: which weighting
#: finds a win first varies widely from deal to deal, hence several.  The last
#: two weigh the cards above a lower one of their suit lightly and the next
#: cards' depth not at all, near the declarative formats' score (27 Nov, deals
#: 1-100 at 10 s, two at a time: 98 decided with them, 97 without; deal 19
#: won in 5 s instead of 11 s).
WEIGHTS = ((4, 2, 2, 6, 8, True), (4, 2, 2, 6, 14, True), (4, 2, 4, 6, 8, True), (4, 2, 2, 6, 8, True),
           (4, 2, 0, 3, 2, True), (4, 2, 0, 3, 2, True))
#: what each move from the root adds, per weighting: the 4th and 6th are weighted A*s (deals
#: 1-50 at 5 s: 45 decided with the first three, 48 with the 4th too)
DEPTH_WEIGHTS = (0, 0, 0, 4, 0, 4)


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


class KingAlbertState:
    """A King Albert position as the solver's search state (see ``engine/solver/state.py``):
    a move is a (source, destination) pair of pile codes, its token the steps it made."""

    weightings = tuple(w[5] for w in WEIGHTS)
    depth_weights = DEPTH_WEIGHTS
    #: best-first search's share of the time, as the declarative formats' states have it
    #: (deals 1-100 at 10 s, two at a time, 27 Nov: 97 decided, 96 with a half)
    befs_share = 0.8

    def __init__(self, tab, res, found):
        #: whether cards may come back from the suit stacks (the rules allow it;
        #: a search without is a restricted one whose failure proves nothing)
        self.returns = True
        self.tab = [bytes(p) for p in tab]
        self.res = list(res)
        self.found = list(found)
        self.left = sum(len(p) for p in self.tab) + sum(1 for c in self.res if c != EMPTY)
        self.cards = self.left + sum(self.found)
        self.memo = {}
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

    def apply(self, move):
        """Move one card, or play a chain (``(source, destination, covers)``: a reserve
        card onto a playing stack and the cards put on it there, see ``_covers``);
        returns the steps done (with automatic moves)."""
        if len(move) > 2:
            src, dst, covers = move
            steps = self.apply((src, dst))
            for src in covers:
                more = self.apply((src, dst))
                steps.extend(more)
            return steps
        src, dst = move
        tab, found, head = self.tab, self.found, self.head
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
        steps = Steps(((src, dst, c),))
        steps.head = head
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
        self.head = steps.head

    def moves(self, last, ordered=True):
        """Candidate moves (src, dst), the most promising first if ``ordered``;
        ``last`` is the token of the move that led here."""
        if not ordered:
            return self.all_moves()
        if last is not None:
            last = (last[0][0], last[0][1]) if len(last) == 1 else None
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
            # onto a playing stack only with the cards put on it at once (argument 5)
            dests = [(25, d) for d in map(tops.get, PARENTS[c]) if d is not None]
            if empty >= 0:
                dests.append((2 - r, empty))
            if dests:
                chains = self._covers(c, tops)
                for score, d in dests:
                    for covers in chains:
                        add((score, RES0 + j, d, covers))
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
            return [t[1:] for t in scored if t[1:] != back]
        return [t[1:] for t in scored]

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
                dests = [d for d in map(get, PARENTS[c]) if d is not None]
                if empty >= 0:
                    dests.append(empty)
                if dests:
                    chains = self._covers(c, tops)
                    for d in dests:
                        for covers in chains:
                            add((RES0 + j, d, covers))
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

    def _covers(self, c, tops):
        """The ways to put cards on reserve card ``c`` once it is on a playing stack
        (argument 5 of the module's docstring): each a tuple of the places the cards come
        from, in order, every one but the last a reserve place whose card the next one
        covers (each a rank lower: no place comes twice)."""
        out = []
        found, res = self.found, self.res
        for y in CHILDREN[c]:
            i = tops.get(y)
            if i is not None:
                out.append((i,))
            elif y in res:
                j = res.index(y)
                out += [(RES0 + j,) + rest for rest in self._covers(y, tops)]
            elif self.returns and found[y // 13] == y % 13 + 1 and not dead_on_top(found, y // 13):
                out.append((FND0 + y // 13,))
        return out

    # -- search --------------------------------------------------------------
    def restore(self, key):
        """Set the state from a table key."""
        self.found = list(key[:4])
        self.res = list(key[4:11])
        self.head = key[:11]
        self.tab = key[11:].split(b"A")
        self.left = self.cards - sum(self.found)

    def save(self):
        return list(self.tab), list(self.res), list(self.found), self.left

    def load(self, saved):
        tab, res, found, self.left = saved
        self.tab, self.res, self.found = list(tab), list(res), list(found)
        self._head()

    def settle(self):
        """Play the safe moves of the position itself; returns their steps."""
        steps = Steps()
        steps.head = self.head
        self._auto(steps)
        self._head()
        return steps

    def is_won(self) -> bool:
        return self.left == 0

    def game_move(self, move) -> Move:
        return Move("drag", pile_name(move[0]), 1, pile_name(move[1]))

    def game_moves(self, tokens) -> list:
        return [Move("drag", pile_name(src), 1, pile_name(dst)) for steps in tokens for src, dst, _ in steps]

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
