"""The solver: can this game still be won, and how?

``solve(game)`` searches the moves the game's rules allow and answers

* ``winnable`` with a solution: moves from the game's current position that
  ``Game.play`` accepts with the ruleset's ``assist_options`` (auto finish,
  auto stack) off;
* ``unwinnable`` only when the search ran out of positions: a proof, given
  the reductions the ruleset declares, each of which must keep the contract
  ``Ruleset`` documents (docs/solver.md has the arguments);
* ``unknown`` when it hit the time, state or memory limit first, or was
  called off.

It knows no game: the ruleset gives either a compact search state of its
own (``Ruleset.solver_state``) or the hooks with which ``GameState`` searches
a private copy of the game (``state.py``), and one search loop
(``search.py``) does the rest within a ``Budget`` (``budget.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..game import Game
from ..moves import Move
from .budget import Budget, SearchInterrupted, resident_bytes
from .lines import without_loops
from .search import search
from .state import GameState

VERDICTS = ("winnable", "unwinnable", "unknown")

__all__ = ["VERDICTS", "Budget", "GameState", "SearchInterrupted", "SolveResult", "hint", "make_state",
           "resident_bytes", "solve"]


@dataclass
class SolveResult:
    verdict: str
    moves: list = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    peak_memory_mb: float = 0.0
    #: why an ``unknown`` search stopped: "time", "states", "memory" or "cancelled"
    limit: str | None = None

    def stats_line(self) -> str:
        rate = int(self.states / self.seconds) if self.seconds > 0 else self.states
        return f"states {self.states}, {rate} states/s, peak {self.peak_memory_mb:.0f} MB, {self.seconds:.1f} s"

    def __bool__(self) -> bool:
        return self.verdict == "winnable"


def make_state(game: Game, budget: Budget | None = None):
    """The search state of the game's position: the ruleset's own, else a ``GameState``."""
    state = game.ruleset.solver_state(game)
    if state is None:
        state = GameState(game, budget)
    return state


def solve(game: Game, timeout: float | None = 10.0, max_memory_mb: float | None = 500,
          max_states: int | None = None, cancelled=None) -> SolveResult:
    """Search for a win from the game's current position (the game is not changed).

    ``timeout`` in seconds and ``max_memory_mb`` (growth of the process's
    resident memory) may be None for no limit; ``cancelled`` is a function
    that returns True once the answer is no longer wanted."""
    budget = Budget(timeout, max_memory_mb, max_states, cancelled)
    outcome = budget.guarded(_solve, game, budget)
    verdict, moves = outcome if outcome is not None else ("unknown", [])
    if verdict == "winnable":
        moves = without_loops(game, moves)
    budget.memory_spent()
    return SolveResult(verdict, moves, budget.states, budget.seconds, budget.peak_bytes / 2 ** 20,
                       budget.reason if verdict == "unknown" else None)


def _solve(game, budget):
    state = make_state(game, budget)
    verdict, tokens = search(state, budget, getattr(state, "befs_share", 0.5))
    if verdict == "unknown" and budget.reason is None:
        budget.reason = "time"
    return verdict, (state.game_moves(tokens) if verdict == "winnable" else [])


def hint(game: Game, timeout: float = 1.0) -> Move | None:
    """The first move of a solution if one is found within ``timeout``,
    otherwise the best-looking move; None if the game is over or no move is legal."""
    if game.ruleset.is_won(game):
        return None
    result = solve(game, timeout=timeout)
    if result.verdict == "winnable" and result.moves:
        return result.moves[0]
    budget = Budget(max(0.2, timeout / 4))

    def best():
        state = make_state(game, budget)
        first = state.game_moves([state.settle()])
        if first:
            return first[0]
        for move in state.moves(None, True):
            return state.game_move(move)
        return None
    return budget.guarded(best)
