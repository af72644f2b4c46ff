"""A CardsWorkShop game as the solver's search state (``CdlRuleset.solver_state``).

The state is the program's own ``State`` (tuples of CARD numbers, drawings,
variables) and the random generator's state; a move is a transaction the
machine worked out while listing, and playing it puts its resulting state in
place (undo puts the old one back: states are values).  The game's ``Game``
is never touched, nor are its piles read again: no ``Card`` objects, no
``game.vars``.

The reductions are the ruleset's (``solver_groups``: stacks the text treats
alike, keyed by the multiset of their contents; ``solver_top_only``: stacks
keyed by size and top card) and the program's counters (``counters.py``:
variables play code only counts, such as Klondike's count of the times the
waste was turned over, which would otherwise make each turn of the waste a
new position), and its transient variables (``transients.py``: each press sets
them before a release reads them, such as Calculation's ``source``), in a key
of bytes: the generator's state, the variables but those, the drawings, then
the stacks.  Where the text allows it, the chain bound (``chains.py``: Golf's
column cards each need a waste card of their own to lie on) makes a position
it calls lost a dead end, asked before ``win?`` and ``loose?``.  The state
holds each counter as 0 (and each transient variable at one value) and keeps
the count beside (``counts``): no run can tell one count from another, so
what the run cache learned at one count serves at every other (Golf's
releases onto the waste read ``holes``), and the search gives up before the
count itself could overflow (``check_counters``).

**Verdicts once a position.**  A move runs ``win?`` and ``loose?`` on its
result, and one in which they fail is refused.  A listing here leaves them
out, and the state runs them on a position when the search asks whether it
is won or what its moves are: once for each position the search goes on
from, not once for each move that leads to a position seen before (about
two moves in three).  ``win?`` runs on each new position, ``loose?`` only on
one the search goes on from (best-first search meets many it never expands)
or one ``win?`` says is won.  A position on which they fail is one no move can
reach (they depend on the position alone, whatever the line to it), so the
state counts it as neither won nor with any move: a dead end, as the moves
into it, refused, would have been.  So the verdicts are those of a search
through ``Game`` (``GameState``), which the tests check.

The order of the moves is ``GameState``'s, worked out from the state's own
stacks, and among moves that order puts level, those that add least to the
score first (``_gain``: Aces Up's throwing a card away before dealing, which
is also the move Hint offers when the search has no line).  Where the program
lays its cards out from the stock (``CdlRuleset.lays_out``: Strategy,
Calculation) and its foundations can be asked what they take (``wanted.py``),
two more best-first queues score positions by where the cards were laid
(``wanted_score``), and depth-first search tries first the move that adds
least to that score.  A run stopped by
the wall clock (not by its step limit, which the position alone decides) ends
the search without a verdict.
"""
from __future__ import annotations

from ...engine.solver.budget import SearchInterrupted
from ...engine.solver.state import drag_promise
from .errors import CdlRuntimeError, stopped
from .interpreter import State
from .transactions import View, one_per_state
from .wanted import Wanted

#: what comes between two stacks in a key (never a card: CARD numbers are below 156)
SEPARATOR = b"\xff"


class CdlState:
    """One position of a CardsWorkShop game, searched on the program's states."""

    weightings: tuple[bool, ...] = (True,)
    depth_weights: tuple[int, ...] = (0,)
    #: where the foundations' wants are known (``wanted.py``): two more queues, greedy and
    #: patient, on ``wanted_score`` (docs/solver.md, "What the foundations want": measured)
    WITH_WANTED: tuple[tuple[bool, ...], tuple[int, ...]] = ((True, True, True), (0, 0, 4))
    #: ``wanted_score``'s weights, with ``score_of`` counted ``SCALE`` times: a card in a stack
    #: neither fanned nor a foundation (a stock) weighs ``AT_HAND_WEIGHT`` (a fanned stack's
    #: card 20), so that laying it out is progress; each pair of ``Wanted.blocks`` weighs
    #: ``BLOCK_WEIGHT``, or ``COPIES_BLOCK_WEIGHT`` where a class of cards has several copies
    #: (Calculation: docs/solver.md, "Copies, and when each is wanted"); each card of
    #: ``Wanted.stuck`` ``STUCK_WEIGHT``, more than several
    #: cards laid out (Strategy: such a card can never go up, and a position with one waits
    #: until the search has found none without); each level of room a stack's top has lost
    #: (``Wanted.closed``) ``ROOM_WEIGHT``, so that a card goes on the top nearest above it
    #: rather than on a King or a space (Strategy: 11 of deals 1-20 without it, 15-16 with)
    SCALE = 10
    AT_HAND_WEIGHT = 60
    BLOCK_WEIGHT = 1
    COPIES_BLOCK_WEIGHT = 8
    STUCK_WEIGHT = 300
    ROOM_WEIGHT = 1
    #: best first for half the time (with dives), then depth first: Aces Up's wins are
    #: found in a few hundred positions best first, and not in 100,000 depth first
    befs_share = 0.5
    #: where a class of cards has several copies (Calculation, whose wins come from dives
    #: alone: best first alone and depth first alone find none in 15,000 positions), the
    #: best-first search dives after each fiftieth of the time for a hundredth, a third of
    #: it, instead of a fifth (docs/solver.md, "Copies, and when each is wanted": measured)
    COPIES_DIVES = (0.02, 0.01)
    #: and there, beams first (``search._beams``: rounds 25, 50, 100 ... wide) for nine tenths
    #: of the time (docs/solver.md, "Beams": measured)
    COPIES_BEAM = (25, 0.9)
    #: where each class is one card (Strategy), beams too, for half the time, once best first
    #: has had a quarter (its easy wins come in a few hundred positions; docs/solver.md,
    #: "Beams": measured)
    BEAM = (25, 0.5)
    BEAM_AFTER = 0.25
    #: where play throws cards away and nothing says what foundations want (Aces Up), beams
    #: for half the time, after a twentieth best first, climbing by the cards gone and
    #: weighed by the first score (docs/solver.md, "Beams": measured)
    REMOVING_BEAM = (25, 0.5)
    REMOVING_BEAM_AFTER = 0.05
    #: ``likeness``' translation of card bytes, None where it is the key itself
    _alike: bytes | None = None

    def __init__(self, ruleset, game):
        self.rules = ruleset
        self.machine = ruleset.machine
        program = ruleset.program
        keys = [stack.key for stack in program.order]
        self.state: State = ruleset.read_state(game)
        self.rng = game.rng.state
        groups = [sorted(set(group)) for group in ruleset.solver_groups(game) or ()]
        groups = [group for group in groups if len(group) > 1]
        grouped = {i for group in groups for i in group}
        top_only = set(ruleset.solver_top_only(game) or ()) - grouped
        #: the stacks keyed one by one ((key, top only?)), then those keyed by group,
        #: then those no pile shows (the CURSOR, a stack left out of ORDER)
        self.single = [(keys[i], i in top_only) for i in range(len(keys)) if i not in grouped]
        self.groups = [[keys[i] for i in group] for group in groups]
        self.hidden = [key for key in self.state.stacks if key not in set(keys)]
        #: the stacks whose drawing (position 0) the head keys, by name: all but the grouped
        #: ones, whose drawing goes with their cards (a drawing TURNed in play is theirs)
        in_groups = {key for group in self.groups for key in group}
        self.drawn = None if not in_groups else [key for key in self.state.bottoms if key not in in_groups]
        #: each stack's role by its fan alone (``pile_role``), which the score reads
        self.roles = ruleset.fan_roles
        #: the sizes win? asks of stacks (``goals.py``): how far from them is in the score too
        self.goals = ruleset.goals
        self._onto = frozenset(self.goals)
        #: the roles of the game's piles (``CdlRuleset.pile_roles``: the stacks of ``goals`` are
        #: foundations), by which depth-first search orders drags
        self.pile_roles = ruleset.pile_roles
        #: what the foundations take and when (``wanted.py``), or None: then one queue
        self.wanted: Wanted | None = ruleset.wanted_cards(self.state, self.rng)
        self.fanned = [key for key, role in self.roles.items() if role == "tableau"]
        self.at_hand = [key for key, role in self.roles.items() if role != "tableau" and key not in self.goals]
        if self.wanted is not None:
            self.weightings, self.depth_weights = self.WITH_WANTED
        #: what a block weighs: more where a class has several copies, whose blocks ``stuck``
        #: cannot see (any copy may serve), than where each card is its own (Strategy)
        copies = self.wanted is not None and self.wanted.copies
        self.block_weight = self.COPIES_BLOCK_WEIGHT if copies else self.BLOCK_WEIGHT
        if copies:
            self.dives = self.COPIES_DIVES
            self.beam = self.COPIES_BEAM
            #: ``likeness``' translation: each card to its class's first (suit and all), face
            #: and shade kept
            classes = self.wanted.class_of if self.wanted is not None else {}
            self._alike = bytes(b // 52 * 52 + classes.get(b % 52, b % 52) if b < 156 else b for b in range(256))
        elif self.wanted is not None:
            self.beam, self.beam_after = self.BEAM, self.BEAM_AFTER
        #: where play REMOVEs cards, the cards there were at the start (``progress`` counts
        #: those gone), and beams after a little best first (Aces Up: docs/solver.md, "Beams")
        self._cards: int | None = None
        if ruleset.removes_cards:
            self._cards = sum(map(len, self.state.stacks.values()))
            if self.wanted is None:
                self.beam, self.beam_after = self.REMOVING_BEAM, self.REMOVING_BEAM_AFTER
        #: where each class is one card (Strategy) a card is wanted at its level whatever the
        #: position, so a fanned stack's blocks and room, weighed, are remembered by its cards
        self._fixed: dict | None = {} if self.wanted is not None and not copies else None
        #: the counters (``counters.py``), left out of the key, and how near to an end of
        #: -32768..32767 each may come before the search gives up
        self.counters = ruleset.counters
        #: cards that must each go onto a card of their own (``chains.py``), or None: a
        #: position where they can't is a dead end
        self.chains = ruleset.chains
        #: the counters' values; the state holds each as 0, so that runs (which cannot tell
        #: one value from another) find what they did at any other count in the run cache
        self.counts = tuple(self.state.globals[key] for key in self.counters)
        #: what the state holds the counters and the transient variables (``transients.py``:
        #: set by every press before a release reads them) at, and leaves out of the key
        self.pinned = dict.fromkeys(self.counters, 0)
        self.pinned.update({key: self.state.globals[key] for key in ruleset.transients})
        self.kept = [key not in self.pinned for key in self.state.globals]
        if self.pinned:
            self.state = self.state.copy()
            self.state.globals.update(self.pinned)
        self._key: bytes | None = None
        self._verdicts: tuple[bool, bool | None] | None = None     # (won, over: None not asked yet)
        self._whole: dict[bytes, tuple] = {}
        self._heads: dict[tuple, bytes] = {}     # (``head``'s, by the values it writes out)
        self._remember = True
        #: the tokens of the moves played and not undone: where a depth-first line was left
        #: off (a dive the clock stopped), the search opens its positions again
        self._trail: list = []

    # -- keys ----------------------------------------------------------------------------
    def head(self) -> bytes:
        """The generator's state, the variables and the drawings but the grouped stacks', as
        text (no byte 255)."""
        state = self.state
        values = tuple(getattr(value, "key", value) if kept else None
                       for kept, value in zip(self.kept, state.globals.values()))
        bottoms = state.bottoms
        whole = (self.rng, values, tuple(bottoms.values()) if self.drawn is None else
                 tuple([bottoms[key] for key in self.drawn]))
        found = self._heads.get(whole)
        if found is None:
            if len(self._heads) > 10_000:
                self._heads.clear()
            found = self._heads[whole] = repr(whole).encode()
        return found

    def key(self) -> bytes:
        key = self._key
        if key is None:
            stacks = self.state.stacks
            parts = []
            for name, top_only in self.single:
                cards = stacks[name]
                if top_only:
                    size = len(cards)
                    parts.append(bytes(cards[-1:]) + bytes((160 + size % 90, 160 + size // 90)))
                else:
                    parts.append(bytes(cards))
            bottoms = self.state.bottoms
            for group in self.groups:
                # (each stack's drawing first: a card number, never 255)
                parts.extend(sorted(bytes((bottoms[name], *stacks[name])) for name in group))
            for name in self.hidden:
                parts.append(bytes(stacks[name]))
            key = self._key = self.head() + SEPARATOR * 2 + SEPARATOR.join(parts)
            if self._remember:
                self._whole[key] = (self.state, self.rng, self.counts)
        return key

    def restore(self, key: bytes) -> None:
        if self._trail:
            # a line left off: its positions, not remembered as depth-first search goes
            # (``moves``), are remembered now (the search may come back to any of them)
            whole = self._whole
            for token in self._trail:
                if token[3] is not None:
                    whole.setdefault(token[3], (token[1], token[2], token[5]))
            if self._key is not None:
                whole.setdefault(self._key, (self.state, self.rng, self.counts))
            self._trail.clear()
        self.state, self.rng, self.counts = self._whole[key]
        self._key, self._verdicts = key, None

    def save(self):
        return self.state, self.rng, self.counts

    def load(self, saved) -> None:
        self.state, self.rng, self.counts = saved
        self._trail.clear()
        self._key = self._verdicts = None

    # -- verdicts -------------------------------------------------------------------------
    def verdicts(self) -> tuple[bool, bool]:
        """(won, over): over when won, lost, or when win? or loose? fail here.  loose? runs
        only when asked for over (best-first search meets many positions it never
        expands), or where win? says won (a move into a position where loose? fails is
        refused, so that is no win)."""
        self.is_won()
        won, over = self._verdicts or (False, None)
        if over is None:
            over = self._ask("loose?", True)
            self._verdicts = (won, over)
        return won, over

    def is_won(self) -> bool:
        found = self._verdicts
        if found is None:
            won = self._ask("win?", None)
            if won is None:
                found = (False, True)
            elif won:
                found = (True, True) if self._ask("loose?", None) is not None else (False, True)
            else:
                found = (False, None)
            self._verdicts = found
        return found[0]

    def _ask(self, routine: str, failed):
        """What win? or loose? says here, or ``failed`` where it fails."""
        try:
            return self.machine.verdict(View(self.state), self.rng, routine)
        except CdlRuntimeError as error:
            stopped(error)
            return failed

    # -- moves --------------------------------------------------------------------------
    def moves(self, last, ordered: bool) -> list:
        """The transactions that change a card or a drawing, one per resulting state
        (the ruleset's listing, without the verdicts), as (Move, outcome)."""
        # positions are remembered for ``restore`` only below a best-first expansion (or a
        # replay), and on a line a dive left off (``restore``)
        self._remember = not ordered
        found = self._listed(None)
        if ordered and len(found) > 1:
            here = self.wanted_score(self.state.stacks.__getitem__) if self.wanted is not None else 0
            found = [entry for *_, entry in sorted(self._rank(entry, n, here) for n, entry in enumerate(found))]
        return found

    def climb_moves(self) -> list:
        """The moves a beam's climb tries (``search._climb``): ``moves``' drags released on the
        stacks ``win?`` gathers cards on (``goals``), and its clicks (Aces Up's throws).  A
        program that gathers cards there by a release elsewhere climbs less (a beam proves
        nothing either way); Calculation's and Strategy's climbs go move for move as on
        every move, at half the cost or less (docs/solver.md, "What a climb lists")."""
        self._remember = True
        return self._listed(self._onto)

    def _listed(self, onto: frozenset[str] | None) -> list:
        """``moves``' listing (of the drags onto ``onto`` only, where given), as found."""
        if (self.chains is not None and self.chains.hopeless(self.state.stacks)) or self.verdicts()[1]:
            return []
        if self.counters:
            self.check_counters()
        failures: list = []
        listing = one_per_state(self.rules.accepted(View(self.state), self.rng, False, failures, onto))
        for error in failures:
            stopped(error)
        return [(move, outcome) for _, move, _, outcome in listing]

    def _rank(self, entry, n: int, here: int) -> tuple:
        """Where depth-first search tries a move: by ``GameState``'s order (``_promise``), then
        by what it adds to the score (``_gain``); where the foundations' wants are known,
        by what it adds to ``wanted_score`` first (Strategy: every card dealt from the stock
        is the same move by kind, and where it goes is the game).  ``here``: the position's
        ``wanted_score``."""
        wanted, gain = self._gain(entry[1], here)
        return wanted, -self._promise(entry[0]), gain, n, entry

    def _gain(self, outcome, here: int) -> tuple[int, int]:
        """What a move adds to the scores (``wanted_score``, 0 without it, then ``score_of``;
        less is better), from the stacks it changes; ``here``: the position's ``wanted_score``."""
        stacks, roles, gain = self.state.stacks, self.roles, 0
        changed = outcome.view.stacks
        for key, cards in changed.items():
            role = roles.get(key)
            if role is not None:
                goal = self.goals.get(key)
                gain += stack_score(cards, role, goal) - stack_score(stacks[key], role, goal)
        if self.wanted is None:
            return 0, gain
        return self.wanted_score(lambda key: changed.get(key, stacks[key])) - here, gain

    def check_counters(self) -> None:
        """Give the search up (no verdict) if a move from here might overflow a counter."""
        for (key, most), value in zip(self.counters.items(), self.counts):
            if not -32768 + most <= value <= 32767 - most:
                raise SearchInterrupted(f"a count of {key} might overflow")

    def _promise(self, move) -> int:
        """``GameState``'s order (``drag_promise``), with the roles the game gives its piles."""
        if move.kind != "drag" or move.dst is None:
            return 0
        stacks, roles = self.state.stacks, self.pile_roles
        src, dst = move.src.lower(), move.dst.lower()
        return drag_promise(roles[src], roles[dst], len(stacks[src]), not stacks[dst], move.n)

    def apply(self, entry):
        """Play a listed transaction; the token holds the position before it."""
        token = (entry[0], self.state, self.rng, self._key, self._verdicts, self.counts)
        self._trail.append(token)
        outcome = entry[1]
        self.state = state = outcome.view.state()
        self.rng = outcome.rng_state
        if self.pinned:
            # (what the move counted, from 0, goes to the count; the state's is 0 again)
            values = state.globals
            if self.counters:
                self.counts = tuple(count + values[key] for key, count in zip(self.counters, self.counts))
            values.update(self.pinned)
        self._key = self._verdicts = None
        return token

    def undo(self, token) -> None:
        self._trail.pop()
        _, self.state, self.rng, self._key, self._verdicts, self.counts = token

    def settle(self):
        """No safe moves: the root's token plays nothing."""
        return None

    # -- scores ---------------------------------------------------------------------------
    def scores(self, key) -> list[int]:
        stacks = self.state.stacks
        score = score_of(stacks, self.roles, self.goals)
        if self.wanted is None:
            return [score]
        wanted = self.SCALE * score + self.wanted_score(stacks.__getitem__)
        return [score, wanted, wanted]

    def wanted_score(self, cards_of) -> int:
        """What ``WITH_WANTED``'s queues add to ``score_of``: the cards at hand, the pairs of a
        card above one the foundations want sooner, and the cards they cannot reach
        (``Wanted``), each by its weight; ``cards_of``: stack key -> its cards."""
        wanted = self.wanted
        assert wanted is not None
        fanned = [cards_of(key) for key in self.fanned]
        at_hand = [cards_of(key) for key in self.at_hand]
        fixed = self._fixed
        if fixed is None:
            need = wanted.needs([len(cards_of(key)) for key in wanted.keys], fanned + at_hand)
            stacks = (self.block_weight * wanted.blocks(cards, need) + self.ROOM_WEIGHT * wanted.closed(cards, need)
                      for cards in fanned)
        else:
            stacks = (fixed.get(cards) or self._weigh_fixed(cards) for cards in fanned)
        return (self.AT_HAND_WEIGHT * sum(len(cards) for cards in at_hand) + sum(stacks)
                + self.STUCK_WEIGHT * wanted.stuck(fanned))

    def _weigh_fixed(self, cards: tuple) -> int:
        """A fanned stack's weighed blocks and room where the wants are the levels (remembered
        in ``_fixed``; 0, which ``wanted_score`` reads as not known, is cheap to work out)."""
        fixed, wanted = self._fixed, self.wanted
        assert fixed is not None and wanted is not None
        need = wanted.levels
        if len(fixed) >= 100_000:
            fixed.clear()
        value = fixed[cards] = (self.block_weight * wanted.blocks(cards, need)
                                + self.ROOM_WEIGHT * wanted.closed(cards, need))
        return value

    # -- beams (where the program lays its cards out: Calculation, Strategy; or throws them
    # away: Aces Up) ----------------------------------------------------------------------------
    def progress(self) -> int:
        """The cards on the stacks ``win?`` gathers cards on, and, where the program REMOVEs
        cards, the cards gone (``search._beams`` plays a move that adds one at once)."""
        stacks = self.state.stacks
        gained = sum(len(stacks[key]) for key in self.goals)
        if self._cards is not None:
            gained += self._cards - sum(map(len, stacks.values()))
        return gained

    def beam_value(self) -> int:
        """How a beam weighs a position (lower is better): the pairs of a card above one
        wanted sooner in the fanned stacks, the wants going to the copies in those stacks
        alone (measured: with the stock's copies counted too, Calculation's deals 1-20 were
        won 12 instead of 14, docs/solver.md, "Beams"); where nothing says what the
        foundations want (Aces Up), the first score."""
        wanted = self.wanted
        if wanted is None:
            return score_of(self.state.stacks, self.roles, self.goals)
        stacks = self.state.stacks
        fanned = [stacks[key] for key in self.fanned]
        need = wanted.needs([len(stacks[key]) for key in wanted.keys], fanned)
        return sum(wanted.blocks(cards, need) for cards in fanned)

    def here(self):
        """The exact position (for ``search._beams``): the interpreter's state, a new object
        each move and the same one again after ``undo``; ``restore`` gives one of the
        positions that made the key (where stacks are keyed as a group, maybe another
        arrangement of their cards than the one a beam listed the moves of)."""
        return self.state

    def likeness(self) -> bytes:
        """The key with each card as its class (``Wanted.class_of``): positions that differ
        only by which copy lies where, which a beam keeps one of (where each card is its
        own class, the key).  Not a key for the table
        (that the program cannot tell copies apart is not proven, only probed)."""
        key = self.key()
        if self._alike is None:
            return key
        head, _, rest = key.partition(SEPARATOR * 2)
        return head + SEPARATOR * 2 + rest.translate(self._alike)

    # -- the line ---------------------------------------------------------------------------
    def game_move(self, entry):
        return entry[0]

    def game_moves(self, tokens) -> list:
        return [token[0] for token in tokens if token is not None]


def pile_role(stack) -> str:
    """The engine role of a stack's pile: "other" for Direction OVER, else "tableau"
    (CardsWorkShop has no roles; the fanned stacks are what a patience clears)."""
    return "other" if stack.field("direction") == 4 else "tableau"


def score_of(stacks: dict, roles: dict, goals: dict) -> int:
    """``CdlRuleset.solver_score`` of a state's stacks (each stack of ``roles``): a card of
    a fanned stack two, a face-down one there (CARD 52-103) one more."""
    return sum(stack_score(stacks[key], role, goals.get(key)) for key, role in roles.items())


def stack_score(cards: tuple, role: str, goal: int | None = None) -> int:
    """One stack's part of ``score_of`` (remembered by the cards: a stack changes seldom)."""
    down = _DOWN.get(cards)
    if down is None:
        if len(_DOWN) >= 100_000:
            _DOWN.clear()
        down = _DOWN[cards] = sum(1 for value in cards if 52 <= value < 104)
    return (2 * len(cards) + down if role == "tableau" else 0) + (0 if goal is None else abs(len(cards) - goal))


_DOWN: dict[tuple, int] = {}     # cards -> how many of them lie face down (``stack_score``)


__all__ = ["CdlState"]
