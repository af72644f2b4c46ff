"""The one search loop: best-first, then depth-first from what best-first left open.

It moves about a ``SearchState`` (``state.py``): the game's position with
its reductions built in (safe moves played at once, moves no shortest win
needs left out, symmetric positions under one key).  Why its verdicts are
sound is in ``docs/solver.md``; in short, every position the search reaches
is either expanded (all its moves tried) or has the key of one that is, so
running out of positions proves that no win exists.

Best-first search finds wins in few expansions.  It keeps one queue of open
positions per weighting of the state's score and takes turns between them
(a position expanded through one queue is skipped when another hands it out
again): which weighting finds a win soonest varies from deal to deal.  A
weighting may also count the moves from the root (``depth_weights``): a
weighted A* rather than a greedy search, slower on easy deals but not lost on
a plateau of equal scores.  Now and then (every fiftieth of the time) it dives:
depth first from its best open position (every second dive from the open one
nearest the root), for a two-hundredth of the time; the positions of the line a
dive stopped on are open again.  A state may say how often and how long
(``dives``), and how often from near the root (``shallow_dives``).  A quarter of
its time goes to restarts in turn with it where the state asks (``restarts``): short
depth-first searches from the root, each in a table of its own, in the state's order
shuffled a little (``Restarts``); they find wins, never a loss.  A state may ask for
beam searches first (``beam``), in a table of their own: they find wins,
never a loss.  Once it has used ``befs_share`` of the time, a depth-first search
(cheaper per position: no position is stored to come back to) goes on from
each position still open, best first by the first weighting.
"""
from __future__ import annotations

import heapq
import random
import sys
import time
from collections import deque

from .budget import Budget

#: once a win is found: the seconds the budget gives for writing the line out, and the
#: seconds of those spent shortening it (at most half the time the search took: a quick
#: answer, such as a hint's, stays quick)
FINISH_SECONDS = 5.0
SHORTEN_SECONDS = 2.0
#: dives (a timed search's best-first part): after each DIVE_EVERY of the time, depth
#: first from the best open position for DIVE_FOR of it (docs/solver.md, "The search"),
#: unless the state says otherwise (its ``dives``)
DIVE_EVERY = 0.02
DIVE_FOR = 0.005
#: every SHALLOW_DIVES-th dive starts from the open position nearest the root instead (one
#: the scores passed over early: a win that hangs on an early move the score ranks low is
#: found there; docs/solver.md, "Dives"), unless the state says otherwise (``shallow_dives``,
#: 0 for never)
SHALLOW_DIVES = 2
#: restarts (a timed search's best-first part, where the state asks for them with its
#: ``restarts``: docs/solver.md, "Restarts"): RESTART_SHARE of that time goes to depth-first
#: searches from the root, each in a table of its own and in the state's order of moves
#: shuffled a little (a move's place moved back by up to RESTART_SPREAD places at random),
#: each cut off after RESTART_STATES new positions times the next term of the Luby sequence
#: (1, 1, 2, 1, 1, 2, 4, ...); RESTARTS is what a state asks for to have these
RESTART_SHARE = 0.25
RESTART_STATES = 128
RESTART_SPREAD = 4.0
RESTARTS = (RESTART_SHARE, RESTART_STATES, RESTART_SPREAD)
#: the time's share of a first depth-first search that chains cards put into an empty pile
#: (a state's ``proof_share``, where it has ``parking``; docs/solver.md: measured)
PROOF_SHARE = 0.05
#: beams (a state's ``beam``): of the positions one move beyond a layer, the best
#: CLIMB_FIRST * width by their value as they stand are climbed (``_climb``) and weighed again
CLIMB_FIRST = 2


def search(state, budget: Budget, befs_share: float = 0.5, seen: dict | None = None, dead=None,
           known: dict | None = None, line: list | None = None):
    """Search from the state's position.  Returns (verdict, tokens): the tokens of
    the moves of a winning line from the position (each ``state.apply`` result, the
    root's safe moves first) when the verdict is "winnable", else None.

    ``seen`` is the table to use (key -> parent key); a new one by default.
    ``dead``: keys of positions proven unwinnable before (by a search of the same
    game with the same kind of state), skipped like positions already seen.
    ``known``: positions proven winnable before, each key -> (keys, i): ``keys[i]``
    is the key, and ``keys[i + 1:]`` the positions of a winning line from it.
    Reaching one is a win: the line goes on through those positions (found again
    by ``replay``, so a position symmetric to the one met before will do).
    ``line``, if given, receives the keys of the positions of the winning line
    (the root's first), for the caller to keep as ``known``.  A
    ``SearchInterrupted`` raised in the middle of a move (by the budget's
    watchdog, or by the state when its budget ran out while it generated moves)
    goes to the caller, who holds the watchdog (``Budget.guarded``)."""
    root_token = state.settle()
    known = known or {}
    if state.is_won():
        if line is not None:
            line[:] = [state.key()]
        return "winnable", [root_token]
    exact = state.save()
    root = state.key()
    if dead and root in dead:
        return "unwinnable", None
    if root in known:
        keys = [root]
    else:
        parent: dict | _Skipping = {} if seen is None else seen
        if dead:
            parent = _Skipping(parent, dead)
        parent[root] = None
        budget.states += 1
        verdict, keys = _run(state, budget, befs_share, parent, root, known)
        if verdict == "unwinnable" and budget.reason is not None:
            verdict = "unknown"         # (a move generation cut short: no proof)
        if verdict != "winnable":
            return verdict, None
    # the line from the root, through the positions the search went (shortened where
    # one move reaches a later position of it); the win is found, so writing it out
    # gets time of its own
    budget.extend(FINISH_SECONDS)
    until = time.perf_counter() + min(SHORTEN_SECONDS, budget.seconds / 2)
    state.load(exact)
    try:
        steps, keys = replay(state, keys, until)
    except LineLost:
        # (a line that can't be written out is no proof: a position the rules can't reach,
        # keyed as one they can, say; no verdict rather than a line that doesn't replay)
        return "unknown", None
    tokens = [root_token] + steps
    if not state.is_won():
        # a position proven winnable before: on along the line found then
        chain, i = known[keys[-1]]
        tail = list(chain[i + 1:])
        try:
            steps, went = replay(state, [keys[-1]] + tail, until)
        except LineLost:        # (keys that don't hold across searches: no line, so no verdict)
            return "unknown", None
        tokens += steps
        keys = keys + went[1:]
    if line is not None:
        line[:] = keys
    return "winnable", tokens


def _run(state, budget, befs_share, parent, root, known):
    # open positions by number: a position's number maps to None once it has been expanded
    opened: list = []
    # a weighting may count the moves from the root too (its share of ``depth_weights``)
    weightings = state.weightings
    depth_weights = getattr(state, "depth_weights", None) or (0,) * len(weightings)
    depths: list[int] = []
    shallowest = Shallowest()
    queues = [OpenQueue(newest_first) for newest_first in weightings]
    nq = len(queues)
    apply, undo, keyf, scores, won = state.apply, state.undo, state.key, state.scores, state.is_won
    restore, moves, sizeof = state.restore, state.moves, sys.getsizeof
    pushes = [(queue.push, dw) for queue, dw in zip(queues, depth_weights)]

    def open_position(key: bytes, depth: int) -> None:
        """Keep ``key`` (the state's position now), ``depth`` moves from the root, open in
        every queue and by its depth."""
        number = len(opened)
        shallowest.add(number, depth)
        opened.append(key)
        depths.append(depth)
        for (push, dw), value in zip(pushes, scores(key)):
            push(value + dw * depth, number)
    open_position(root, 0)
    # first, depth first from the root for the state's ``proof_share`` of the time, with the
    # moves it leaves out where every position is gone through (``exhaustive``): a lost deal
    # whose positions that leaves are few is proved lost at once (docs/solver.md, "Cards put
    # into an empty pile"). In a table of its own: the positions it went through would stand
    # in best first's way (measured), so if it doesn't finish they are let go.
    proved_at = None
    proof = getattr(state, "proof_share", 0.0) if budget.deadline is not None else 0.0
    if proof > 0:
        own = {root: None}
        state.exhaustive(True)
        try:
            verdict, line = _dfs(state, budget, own, known, root,
                                 budget.start + (budget.deadline - budget.start) * proof)
        finally:
            state.exhaustive(False)
        if verdict == "winnable":
            return "winnable", [root] + line
        if verdict != "stopped":
            return verdict, None
        own = {}
        restore(root)
        proved_at = time.perf_counter()

    def beams_from(begun: float):
        """Beams from the root for the state's share of the whole time, from ``begun``."""
        assert beam is not None and budget.deadline is not None
        return _beams(state, budget, known, beam[0], begun + (budget.deadline - budget.start) * beam[1])
    # beams, where the state asks for them (a table of their own: this one untouched): first,
    # or once best first has had ``beam_after`` of the time
    beam = getattr(state, "beam", None) if budget.deadline is not None else None
    beam_at = None
    if beam is not None:
        after = getattr(state, "beam_after", 0.0)
        if after > 0:
            beam_at = budget.start + (budget.deadline - budget.start) * after
        else:
            verdict, keys = beams_from(budget.start)
            if verdict is not None:
                return verdict, keys
    turn = 0
    # dives: now and then, depth first from the best open position (or the shallowest) for a while
    every, lasting = getattr(state, "dives", (DIVE_EVERY, DIVE_FOR))
    shallow_every = getattr(state, "shallow_dives", SHALLOW_DIVES)
    dives_made = 0

    def shared_out(begun: float) -> tuple:
        """When best first ends, and each dive's spacing, length and the first one's time,
        over the time left from ``begun`` (after beams, what they left)."""
        left = budget.deadline - begun
        dives = (every * left, lasting * left, begun + every * left) if every else (0.0, 0.0, None)
        return (begun + left * befs_share, *dives)
    switch = next_dive = None
    dive_every = dive_for = 0.0
    # restarts: now and then, depth first from the root in an order shuffled a little
    restarts = getattr(state, "restarts", None)
    next_restart = None
    if restarts is not None and restarts[0] > 0 and budget.deadline is not None:
        restarting = Restarts(state, budget, known, root, *restarts)
        if befs_share > 0:
            next_restart = 0.0      # (taking turns with best first)
        else:
            # (a state searched depth first alone: first, for their share of the time)
            start = time.perf_counter()
            line = restarting.until(start + (budget.deadline - start) * restarts[0])
            if line is not None:
                return "winnable", [root] + line
            restore(root)
    if budget.deadline is not None:
        begun = time.perf_counter() if beam is not None and beam_at is None else proved_at or budget.start
        switch, dive_every, dive_for, next_dive = shared_out(begun)
    elif befs_share <= 0:
        switch = 0.0
    goal = None
    key_bytes = sizeof(root)
    # every queue holds every open position (and skipped entries of expanded ones): all
    # run out together, so the first one decides.  A state searched depth first alone
    # (``befs_share`` 0) starts at the root, in its own order of moves: a best-first
    # expansion of the root would start depth first from its children in the order of the
    # score, which has nothing to go on there (Pyramid's pair taken before a stock click)
    while befs_share > 0 and queues[0].first(opened) is not None:
        turn = (turn + 1) % nq
        number = queues[turn].pop(opened)
        key = opened[number]
        restore(key)
        opened[number] = None
        below = depths[number] + 1
        for move in moves(None, False):
            token = apply(move)
            child = keyf()
            if child not in parent:
                parent[child] = key
                key_bytes += sizeof(child)
                if won() or child in known:
                    goal = child
                    break
                open_position(child, below)
                if budget.add_state():
                    return "unknown", None
            undo(token)
        if goal is not None:
            return "winnable", _chain(parent, goal)
        if budget.spent():      # (once a position: its moves are a few, each a few microseconds)
            return "unknown", None
        budget.estimate = key_bytes * 3 + len(opened) * 60
        now = time.perf_counter()
        if beam_at is not None and now > beam_at:
            beam_at = None
            restore(root)
            verdict, keys = beams_from(now)
            if verdict is not None:
                return verdict, keys
            now = time.perf_counter()
            switch, dive_every, dive_for, next_dive = shared_out(now)
        if switch is not None and now > switch:
            break
        if next_restart is not None and now > next_restart:
            line = restarting.run()
            if line is not None:
                return "winnable", [root] + line
            next_restart = time.perf_counter() + restarting.rest()
        if next_dive is not None and now > next_dive:
            queue = queues[turn]
            dives_made += 1
            if queue.first(opened) is not None:
                number = None
                if shallow_every and dives_made % shallow_every == 0:
                    number = shallowest.pop(opened)
                if number is None:
                    number = queue.pop(opened)
                start_key, start_depth = opened[number], depths[number]
                opened[number] = None
                restore(start_key)
                verdict, line = _dfs(state, budget, parent, known, start_key, now + dive_for)
                if verdict == "winnable":
                    return "winnable", _chain(parent, start_key) + line
                if verdict == "unknown":
                    return "unknown", None
                if verdict == "stopped":
                    # the positions of the line it was on are open again
                    for i, key in enumerate([start_key] + line):
                        restore(key)
                        open_position(key, start_depth + i)
            next_dive = time.perf_counter() + dive_every
    budget.estimate = key_bytes * 3 + len(opened) * 60
    starts = [opened[number] for number in queues[0].in_order() if opened[number] is not None]
    queues, opened = [], []     # (let go of them: depth first keeps no open positions)
    # depth first, which goes through every position, may leave out what only a guided search
    # needs (a state's ``exhaustive``: docs/solver.md, "Cards put into an empty pile")
    exhaustive = getattr(state, "exhaustive", None)
    if exhaustive is not None:
        exhaustive(True)
    # depth-first from every open position, best first
    for start_key in starts:
        state.restore(start_key)
        verdict, line = _dfs(state, budget, parent, known)
        if verdict == "winnable":
            return "winnable", _chain(parent, start_key) + line
        if verdict == "unknown":
            return "unknown", None
    return "unwinnable", None


class Shallowest:
    """The open positions by their depth, for the dives that start from the one nearest the
    root: each number is passed over for good once it is no longer open (its ``opened``
    entry None), so finding the shallowest costs a constant time on average."""

    def __init__(self):
        self.levels: list[list[int]] = []
        self.at: list[int] = []         # per depth, the numbers before it are no longer open
        self.low = 0                    # no open position lies nearer the root than this

    def add(self, number: int, depth: int) -> None:
        levels = self.levels
        while len(levels) <= depth:
            levels.append([])
            self.at.append(0)
        levels[depth].append(number)
        if depth < self.low:
            self.low = depth

    def pop(self, opened) -> int | None:
        """The first open position of the least depth (taken out of this index; the caller
        marks it expanded), or None."""
        levels, at = self.levels, self.at
        depth = self.low
        while depth < len(levels):
            row, i = levels[depth], at[depth]
            while i < len(row) and opened[row[i]] is None:
                i += 1
            if i < len(row):
                at[depth] = i + 1
                self.low = depth
                return row[i]
            at[depth] = i
            depth += 1
        self.low = depth
        return None


def _beams(state, budget, known, width: int, until: float):
    """Beam search from the state's position, in rounds each twice as wide as the one before,
    until the clock passes ``until``.  Returns ("winnable", the keys of a winning line from
    the root), ("unknown", None) where the budget ran out, or (None, None): no win found.

    A round keeps, of the positions one move beyond its last layer, the ``width`` best by
    the state's ``beam_value()`` (lower is better; else its first score); it meets each
    position once by its ``likeness()`` (else its key), which may join positions the key
    keeps apart; before it weighs a position it plays from it, move by move, each first
    move found that raises the state's ``progress()`` (cards gained on the foundations),
    where the state has one.  A beam proves nothing and leaves much out: its positions go
    into a table of its own, so that every position of the search's table stays expanded,
    open or skipped as a copy of one that is, and a search that finds no win after the
    beams still proves the loss (docs/solver.md, "Beams")."""
    apply, undo, keyf, won, restore = state.apply, state.undo, state.key, state.is_won, state.restore
    moves = state.moves
    root = keyf()
    progress = getattr(state, "progress", None)
    value = getattr(state, "beam_value", None) or (lambda: state.scores(keyf())[0])
    likeness = getattr(state, "likeness", None) or keyf
    # (moves listed by a climb serve after ``restore`` only where it goes to that very
    # position: one the state's ``here()`` says is the same, where it has one)
    here = getattr(state, "here", None)
    clock = time.perf_counter
    while clock() < until:
        # likeness -> (the key of the position met first so, the likeness it came from)
        restore(root)
        came: dict = {likeness(): (root, None)}
        layer = [(root, likeness())]
        # the moves of the positions climbed to, listed by the climb (each is listed once)
        listed: dict = {}
        cut = False         # (a round that never left a position out: a wider one is the same)
        while layer:
            children = []
            for key, like in layer:
                restore(key)
                found = None
                if here is not None and like in listed:
                    made_in, found = listed[like]
                    if made_in is not here():
                        found = None
                for move in moves(None, False) if found is None else found:
                    token = apply(move)
                    child = likeness()
                    if child not in came:
                        came[child] = (keyf(), like)
                        if won() or keyf() in known:
                            return "winnable", _beam_line(came, child)
                        children.append(child)
                        if budget.add_state():
                            return "unknown", None
                    undo(token)
                if clock() > until:
                    return None, None
            if progress is not None and len(children) > CLIMB_FIRST * width:
                # (only the best of them by their value before climbing are climbed)
                ranked: list = []
                for child in children:
                    restore(came[child][0])
                    ranked.append((value(), len(ranked), child))
                ranked.sort()
                children = [child for *_, child in ranked[:CLIMB_FIRST * width]]
                cut = True
            scored: list = []
            for child in children:
                restore(came[child][0])
                if progress is not None:
                    child = _climb(state, budget, came, child, progress, likeness, listed, here)
                    if child is None:
                        return "unknown", None
                    if won() or keyf() in known:
                        return "winnable", _beam_line(came, child)
                scored.append((value(), len(scored), came[child][0], child))
            scored.sort()
            cut = cut or len(scored) > width
            layer = [(key, like) for _, _, key, like in scored[:width]]
            kept = {like for _, like in layer}
            listed = {like: found for like, found in listed.items() if like in kept}
        if not cut:
            break
        width *= 2
    return None, None


def _climb(state, budget, came, like, progress, likeness, listed, here=None):
    """From the state's position (met as ``like``), play each first move found that raises
    ``progress()`` to a position not met before, until none does (or the game is won);
    returns the likeness of the position reached (its moves into ``listed``, unless the
    state lists a climb's moves apart: ``climb_moves``), None where the budget ran out."""
    gained = progress()
    # (a state's cheaper list of the moves that may gain, where it has one: no whole listing
    # to keep for the layer then)
    climb_moves = getattr(state, "climb_moves", None)
    while not state.is_won():
        if climb_moves is not None:
            found = climb_moves()
        else:
            found = state.moves(None, False)
            if here is not None:
                listed[like] = (here(), found)
        for move in found:
            token = state.apply(move)
            if progress() > gained:
                child = likeness()
                if child not in came:
                    came[child] = (state.key(), like)
                    like, gained = child, progress()
                    if budget.add_state():
                        return None
                    break
            state.undo(token)
        else:
            break
    return like


def _beam_line(came, like) -> list:
    """The keys of the line a beam found to the position met as ``like`` (the root's first)."""
    keys = []
    while like is not None:
        key, like = came[like]
        keys.append(key)
    keys.reverse()
    return keys


class OpenQueue:
    """Best-first search's queue of open positions (by number), lowest score first; of
    equal scores the newest first, or the oldest (``newest_first`` False).  Scores are
    small integers and many positions share one, so it is a heap of the scores in use,
    each with its positions in the order they came (a heap of every entry cost a fifth
    of King Albert's best-first time in ``heappop`` alone).  A position expanded
    through another queue stays in this one until it comes first, and is skipped then."""

    __slots__ = ("buckets", "values", "take", "end")

    def __init__(self, newest_first: bool = True):
        self.buckets: dict[int, deque] = {}
        self.values: list[int] = []
        # how a bucket gives its first position, and where that one lies in it
        self.take = deque.pop if newest_first else deque.popleft
        self.end = -1 if newest_first else 0

    def push(self, value: int, number: int) -> None:
        bucket = self.buckets.get(value)
        if bucket is None:
            bucket = self.buckets[value] = deque()
            heapq.heappush(self.values, value)
        bucket.append(number)

    def first(self, opened: list):
        """The number of the first position still open (None if there is none); the
        skipped entries before it are dropped."""
        values, buckets, end = self.values, self.buckets, self.end
        while values:
            bucket = buckets[values[0]]
            number = bucket[end]
            if opened[number] is not None:
                return number
            self.take(bucket)
            if not bucket:
                del buckets[heapq.heappop(values)]
        return None

    def pop(self, opened: list) -> int:
        """Take the first position still open out of the queue (there must be one)."""
        values, buckets, take = self.values, self.buckets, self.take
        while True:
            bucket = buckets[values[0]]
            number = take(bucket)
            if not bucket:
                del buckets[heapq.heappop(values)]
            if opened[number] is not None:
                return number

    def in_order(self) -> list[int]:
        """Every entry, in the order ``pop`` would hand them out (skipped ones included)."""
        out: list[int] = []
        for value in sorted(self.values):
            bucket = self.buckets[value]
            out.extend(reversed(bucket) if self.end == -1 else bucket)
        return out


class Restarts:
    """Depth-first searches from the root, each in a table of its own, in the state's order
    of moves shuffled a little, for ``share`` of the time they are given turns in: a win
    that hangs on one early move the order ranks low, which a search that keeps to the
    order finds late or never, is found by one of them (docs/solver.md, "Restarts")."""

    def __init__(self, state, budget, known, root, share: float, states: int, spread: float):
        self.state, self.budget, self.known, self.root = state, budget, known, root
        self.share, self.states, self.spread = share, states, spread
        self.made = 0
        self.took = 0.0
        # (seeded: the same search of the same position goes the same way, but for the clock)
        self.random = random.Random(len(root))

    def shuffled(self, moves: list) -> list:
        """``moves`` with each one's place moved back by up to ``spread`` places at random."""
        if len(moves) < 2:
            return moves
        uniform, spread = self.random.uniform, self.spread
        order = sorted(range(len(moves)), key=lambda i: i + uniform(0.0, spread))
        return [moves[i] for i in order]

    def run(self) -> list | None:
        """One restart: the keys of a winning line's positions after the root, else None."""
        self.made += 1
        begun = time.perf_counter()
        self.state.restore(self.root)
        estimate = self.budget.estimate
        verdict, line = _dfs(self.state, self.budget, {self.root: None}, self.known, self.root,
                             limit=self.states * luby(self.made), order=self.shuffled)
        self.budget.estimate = estimate     # (its table is let go)
        self.took = time.perf_counter() - begun
        return line if verdict == "winnable" else None

    def until(self, end: float) -> list | None:
        """Restarts one after another until the clock passes ``end``: as ``run``."""
        while time.perf_counter() < end:
            line = self.run()
            if line is not None:
                return line
        return None

    def rest(self) -> float:
        """The seconds until the next restart: the last one's time is ``share`` of both."""
        return self.took * (1.0 - self.share) / self.share


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def _dfs(state, budget, seen, known, start=None, until: float | None = None, limit: int | None = None,
         order=None):
    """Depth-first search from the current position; marks the positions in ``seen``
    (each with the key of the position it was reached from, the first one's ``start``).
    Returns (verdict, the keys of the positions of the winning line after this one).
    With ``until``, a dive: once the clock passes it (or, with ``limit``, once it has
    met that many new positions), ("stopped", the keys of the positions of the line it
    was on), positions it has not finished expanding.  ``order``, if given, reorders
    each position's moves (a restart's shuffle)."""
    path: list = []      # the token of each move on the current line
    keys: list = []      # and the key of the position it led to
    if order is None:
        def order(moves):
            return moves
    frames = [order(state.moves(None, True))]
    pos = [0]
    skipped = 0          # moves to positions seen before (the budget asked every 64th)
    apply, undo, moves, keyf, won = state.apply, state.undo, state.moves, state.key, state.is_won
    clock = time.perf_counter
    while frames:
        cand = frames[-1]
        i = pos[-1]
        if i >= len(cand):
            frames.pop()
            pos.pop()
            if path:
                undo(path.pop())
                keys.pop()
            continue
        pos[-1] = i + 1
        move = cand[i]
        token = apply(move)
        key = keyf()
        if key in seen:
            undo(token)
            skipped += 1
            if not skipped & 63 and budget.spent():
                return "unknown", None
            continue
        seen[key] = keys[-1] if keys else start
        path.append(token)
        keys.append(key)
        if won() or key in known:
            return "winnable", keys
        frames.append(order(moves(token, True)))
        pos.append(0)
        budget.estimate += sys.getsizeof(key) * 3
        if budget.add_state():
            return "unknown", None
        if until is not None and clock() > until:
            return "stopped", list(keys)
        if limit is not None:
            limit -= 1
            if limit <= 0:
                return "stopped", list(keys)
    return "unwinnable", None


class _Skipping:
    """A table that also counts positions known to be unwinnable as seen."""

    __slots__ = ("table", "dead")

    def __init__(self, table, dead):
        self.table, self.dead = table, dead

    def __contains__(self, key) -> bool:
        return key in self.table or key in self.dead

    def __setitem__(self, key, value) -> None:
        self.table[key] = value

    def __getitem__(self, key):
        return self.table[key]

    def __len__(self) -> int:
        return len(self.table)


def _chain(parent, key):
    chain = []
    while key is not None:
        chain.append(key)
        key = parent[key]
    chain.reverse()
    return chain


class LineLost(AssertionError):
    """No move leads from a position of a line to the next one."""


def replay(state, keys, until: float | None = None) -> tuple[list, list]:
    """The tokens of moves from the state's position along the positions ``keys`` (the
    first is the position itself) to the last one, and the keys of the positions they
    go through.  Each step goes to a later position of ``keys`` that one move reaches:
    until the clock passes ``until``, the latest one (a depth-first line's detours,
    such as a card moved away and later back, are cut out), then the first found."""
    index = {key: i for i, key in enumerate(keys)}
    out, went = [], [keys[0]]
    i, last = 0, len(keys) - 1
    exhaustive = getattr(state, "exhaustive", None)
    while i < last:
        shorten = until is not None and time.perf_counter() < until
        best, best_move = i, None
        # (a step of depth first's may be a chain that only ``exhaustive`` offers)
        for chains in (False, True) if exhaustive is not None else (False,):
            if exhaustive is not None:
                state.exhaustive(chains)
            try:
                for move in state.moves(None, False):
                    token = state.apply(move)
                    j = index.get(state.key(), -1)
                    state.undo(token)
                    if j > best:
                        best, best_move = j, move
                        if j == last or not shorten:
                            break
            finally:
                if exhaustive is not None:
                    state.exhaustive(False)
            if best_move is not None:
                break
        if best_move is None:
            raise LineLost("solver: lost the line")
        out.append(state.apply(best_move))
        went.append(keys[best])
        i = best
    return out, went
