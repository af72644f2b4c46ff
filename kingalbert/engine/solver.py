"""The solver: can this game still be won, and how?

``solve(game)`` searches the moves the game's rules allow, depth first, with
a transposition table, and answers

* ``winnable`` with a solution: moves from the game's current position that
  ``Game.play`` accepts with auto finish and auto stack off;
* ``unwinnable`` only when the search ran out of moves: a proof (given the
  reductions below, each of which is sound);
* ``unknown`` when it hit the time, state or memory limit first.

The general search works for any ruleset through ``Game`` (play and undo).
A ruleset can help it with optional methods; each must be *sound*, or an
``unwinnable`` verdict stops being a proof:

``interchangeable_groups(game) -> iterable of iterables of pile names``
    Groups of piles the rules treat alike (any permutation of their contents
    is an equally good position: empty playing stacks, free cells, reserve
    places ...).  The table keys a position by each group's multiset of pile
    contents, so symmetric positions meet.  Default: none.
``safe_moves(game) -> iterable of Move``
    Moves that never lose a win (e.g. cards to the foundations that no other
    card can need any more).  After each move the solver plays the first
    legal one, again and again, as part of that move.  Default: none.
``useless_move(game, move) -> bool``
    Moves some winning line can always do without (e.g. taking a card off a
    foundation that nothing can be built on).  Default: none.

King Albert has these built in here (its ruleset need not define them), and
a fast path (``solver_king_albert``) that runs the same search on a compact
state; its docstring gives the soundness argument for the reductions.

Memory: the limit (``max_memory_mb``, default 500) bounds the search's own
data — the transposition table measured with ``sys.getsizeof`` (the set and
every key, counted as keys go in), plus an estimate per frame of the search
stack, plus the room the next few hundred states and a resize of the set
would take — checked every 256 states.  The interpreter and the game
themselves are not counted.  ``peak_memory_mb`` reports the largest such
measurement.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field

from .errors import IllegalMoveError
from .game import Game
from .king_albert import FOUNDATION_SUITS, KingAlbert
from .moves import Move
from .solver_king_albert import CHECK_EVERY, Budget, KingAlbertSearch, dead_on_top, pile_name, safe_up

VERDICTS = ("winnable", "unwinnable", "unknown")


@dataclass
class SolveResult:
    verdict: str
    moves: list = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    peak_memory_mb: float = 0.0
    #: why an ``unknown`` search stopped: "time", "states" or "memory"
    limit: str | None = None

    def stats_line(self) -> str:
        rate = int(self.states / self.seconds) if self.seconds > 0 else self.states
        return f"states {self.states}, {rate} states/s, peak {self.peak_memory_mb:.0f} MB, {self.seconds:.1f} s"

    def __bool__(self) -> bool:
        return self.verdict == "winnable"


def solve(game: Game, timeout: float | None = 10.0, max_memory_mb: float | None = 500,
          max_states: int | None = None) -> SolveResult:
    """Search for a win from the game's current position (the game is not changed)."""
    budget = Budget(timeout, max_memory_mb, max_states)
    search = None
    if type(game.ruleset) is KingAlbert:
        search = KingAlbertSearch.from_game(game)
    if search is not None:
        verdict, steps, states = search.search(budget)
        moves = [Move("drag", pile_name(src), 1, pile_name(dst)) for src, dst, _ in steps or ()]
    else:
        verdict, moves, states = _GeneralSearch(game).solve(budget)
    seconds = time.perf_counter() - budget.start
    return SolveResult(verdict, list(moves or ()), states, seconds, budget.peak_bytes / 2 ** 20,
                       budget.reason if verdict == "unknown" else None)


def hint(game: Game, timeout: float = 1.0) -> Move | None:
    """The first move of a solution if one is found within ``timeout``,
    otherwise the best-looking legal move; None if no move is legal."""
    if game.ruleset.is_won(game):
        return None
    result = solve(game, timeout=timeout)
    if result.verdict == "winnable" and result.moves:
        return result.moves[0]
    if type(game.ruleset) is KingAlbert:
        search = KingAlbertSearch.from_game(game)
        if search is not None:
            steps = []
            search._auto(steps)
            if steps:
                src, dst, _ = steps[0]
                return Move("drag", pile_name(src), 1, pile_name(dst))
            for src, dst in search.moves(None):
                return Move("drag", pile_name(src), 1, pile_name(dst))
            return None
    search = _GeneralSearch(game)
    for move in search.ordered_moves(None):
        return move
    return None


# -- hooks: what the ruleset says, or what is built in here ----------------------
def _ka_groups(game):
    return [[p.name for p in game.piles_of("tableau")], [p.name for p in game.piles_of("reserve")]]


def _ka_found(game):
    return [len(p.cards) for p in game.piles[0:4]]


def _ka_safe_moves(game):
    found = _ka_found(game)
    for pile in game.piles[4:20]:
        if pile.cards:
            card = pile.cards[-1]
            s = FOUNDATION_SUITS.index(card.suit)
            c = s * 13 + card.rank - 1
            if found[s] == card.rank - 1 and safe_up(found, c):
                yield Move("drag", pile.name, 1, f"f{s + 1}")


def _ka_useless(game, move):
    src = game.pile(move.src)
    if src.role != "foundation":
        return False
    # a card coming back from its suit stack: never the dead ones (and the
    # suit stacks as the engine allows them hold their suit from the ace up)
    return dead_on_top(_ka_found(game), src.index)


def _hooks(ruleset):
    groups = getattr(ruleset, "interchangeable_groups", None)
    safe = getattr(ruleset, "safe_moves", None)
    useless = getattr(ruleset, "useless_move", None)
    if type(ruleset) is KingAlbert:
        groups = groups or _ka_groups
        safe = safe or _ka_safe_moves
        useless = useless or _ka_useless
    return groups, safe, useless


class _GeneralSearch:
    """Depth-first search over any ruleset's legal moves, through a private copy of the game."""

    def __init__(self, game: Game):
        options = dict(game.options)
        for name in ("auto_finish", "auto_stack"):
            if name in options:
                options[name] = False
        copy = Game(game.ruleset, game.seed, options, deal=False)
        for pile, original in zip(copy.piles, game.piles):
            pile.cards[:] = original.cards
        copy.vars = json.loads(json.dumps(game.vars)) if _jsonable(game.vars) else dict(game.vars)
        copy.rng.state = game.rng.state
        self.game = copy
        self.rules = game.ruleset
        groups, self.safe, self.useless = _hooks(self.rules)
        self.groups = []
        if groups is not None:
            for group in groups(copy) or ():
                indices = sorted({copy.pile(name).index for name in group})
                if len(indices) > 1:
                    self.groups.append(indices)
        grouped = {i for group in self.groups for i in group}
        self.single = [i for i in range(len(copy.piles)) if i not in grouped]

    def key(self):
        piles = self.game.piles
        text = ["".join(map(str, piles[i].cards)) for i in self.single]
        for group in self.groups:
            text.append("|".join(sorted("".join(map(str, piles[i].cards)) for i in group)))
        extra = ""
        if self.game.vars:
            extra = json.dumps(self.game.vars, sort_keys=True, default=repr)
        return "/".join(text) + "#" + extra + "#" + str(self.game.rng.state)

    def ordered_moves(self, last):
        game = self.game
        scored = []
        for n, move in enumerate(game.ruleset.legal_moves(game)):
            if self.useless is not None and self.useless(game, move):
                continue
            score = 0
            if move.kind == "drag":
                src, dst = game.pile(move.src), game.pile(move.dst)
                if dst.role == "foundation":
                    score = 100
                elif src.role == "foundation":
                    score = -50
                elif not dst.cards:
                    score = -10 if len(src.cards) > move.n else -100
                else:
                    score = 10 + (20 if len(src.cards) == move.n else 0)
                if src.role in ("reserve", "cell", "waste", "stock"):
                    score += 5
            elif move.kind == "click":
                score = 0
            scored.append((-score, n, move))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [move for _, _, move in scored]

    def _play(self, move):
        """Play a move and the safe moves it allows; returns how many moves were played."""
        game = self.game
        game.play(move)
        played = [move]
        while self.safe is not None:
            for extra in self.safe(game):
                if game.is_legal(extra):
                    game.play(extra)
                    played.append(extra)
                    break
            else:
                break
        return played

    def solve(self, budget):
        game, rules = self.game, self.rules
        root = []
        if self.safe is not None:
            while True:
                for extra in self.safe(game):
                    if game.is_legal(extra):
                        game.play(extra)
                        root.append(extra)
                        break
                else:
                    break
        if rules.is_won(game):
            return "winnable", root, 1
        seen = {self.key()}
        key_bytes = sum(sys.getsizeof(k) for k in seen)
        states = 1
        path = []
        frames = [self.ordered_moves(None)]
        pos = [0]
        next_check = CHECK_EVERY
        while frames:
            cand = frames[-1]
            i = pos[-1]
            if i >= len(cand):
                frames.pop()
                pos.pop()
                if path:
                    for _ in path.pop():
                        game.undo()
                continue
            pos[-1] = i + 1
            try:
                played = self._play(cand[i])
            except IllegalMoveError:
                continue   # a move the rules list but refuse: nothing was changed
            key = self.key()
            if key in seen:
                for _ in played:
                    game.undo()
                continue
            seen.add(key)
            key_bytes += sys.getsizeof(key)
            states += 1
            path.append(played)
            if rules.is_won(game):
                return "winnable", root + [m for line in path for m in line], states
            frames.append(self.ordered_moves(played[-1]))
            pos.append(0)
            if states >= next_check:
                next_check = states + CHECK_EVERY
                stack_bytes = len(frames) * 2000
                if budget.over(states, seen, key_bytes, stack_bytes):
                    return "unknown", None, states
        return "unwinnable", None, states


def _jsonable(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False
