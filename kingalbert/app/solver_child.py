"""The solver process's side of ``solver_worker``: it answers the client's questions
(``solver_worker.question``) one at a time, and remembers, per game, the positions its
searches proved unwinnable and those along the winning lines it found.  Imported only in
the child (and by the benchmark, which plays its part in one process)."""
from __future__ import annotations

import time

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.solver import Budget, make_state, solve
from ..engine.solver.lines import foundation_first, without_loops
from ..engine.solver.search import search
from .catalogue import GameRef, safe_load

#: deals tried for a winnable one at most, and the seconds that search may take in all (a
#: game whose deals the solver seldom decides in the time each gets is given up on soon)
DEALS_TRIED = 200
DEALS_SECONDS = 30.0
#: unwinnable positions a child keeps per game at most
DEAD_KEYS = 2_000_000
#: positions of winning lines a child keeps per game at most
KNOWN_KEYS = 200_000
#: where a line a hint shows starts with no card up and none of its own moves will do: the
#: cards that can go up now tried at most, each with a search of so many seconds after it
UP_TRIES = 2
UP_SECONDS = 0.3


class SolverChild:
    """The child's memory: rule sets loaded, and unwinnable positions by game."""

    def __init__(self, current):
        self.current = current
        self.rulesets: dict = {}
        self.dead: dict = {}
        self.known: dict = {}

    def ruleset(self, message):
        ref = GameRef(builtin=message.get("builtin"), path=message.get("rulefile"))
        key = (ref.builtin, ref.path)
        if key not in self.rulesets:
            self.rulesets[key] = safe_load(ref)
        return self.rulesets[key]

    def answer(self, job: int, message: dict) -> dict:
        cancelled = lambda: self.current.value != job  # noqa: E731
        ruleset = self.ruleset(message)
        kind, timeout = message["kind"], message["timeout"]
        if kind == "winnable-deal":
            start = time.perf_counter()
            chooser = Rng(message["seed"] or 0)
            tried = 0
            while tried < DEALS_TRIED and not cancelled():
                left = DEALS_SECONDS - (time.perf_counter() - start)
                if left <= 0:
                    break
                seed = chooser.below(2 ** 32)
                tried += 1
                result = solve(Game(ruleset, seed, message["options"]), timeout=min(timeout, left),
                               cancelled=cancelled)
                if result.verdict == "winnable":
                    return {"seed": seed, "seconds": time.perf_counter() - start, "tried": tried,
                            "moves": [str(move) for move in result.moves]}
            return {"seed": None, "seconds": time.perf_counter() - start, "tried": tried}
        game = Game.from_position(ruleset, message, message["options"])
        # (a line a hint or Demo shows first turned to a move to a foundation where one will do)
        found = self.solve(game, timeout, cancelled, message, readable=kind in ("hint", "solution"))
        if kind == "hint":
            found["move"] = found["moves"][0] if found["moves"] else self.best_move(game)
        return found

    def solve(self, game, timeout, cancelled, message, readable: bool = False) -> dict:
        """``solve`` with the unwinnable positions found before in the same game skipped;
        ``readable``: a winning line with a move to a foundation first where one will do
        (``lines.foundation_first``)."""
        import json
        budget = Budget(timeout, 500, None, cancelled)
        # (making a state may run the program: a CardsWorkShop probe the clock stops ends it)
        state = budget.guarded(make_state, game, budget)
        if state is None:
            return {"verdict": "unknown", "moves": [], "seconds": budget.seconds, "states": budget.states}
        table_key = (message.get("builtin"), message.get("rulefile"), json.dumps(message["options"], sort_keys=True,
                                                                                   default=repr), type(state).__name__)
        dead = self.dead.setdefault(table_key, set())
        known = self.known.setdefault(table_key, {})
        seen: dict = {}
        line: list = []
        outcome = budget.guarded(search, state, budget, getattr(state, "befs_share", 0.5), seen, dead, known, line)
        verdict, tokens = outcome if outcome is not None else ("unknown", None)
        if verdict == "unwinnable" and len(dead) + len(seen) <= DEAD_KEYS:
            dead.update(seen)
        if verdict == "winnable" and line:
            if len(known) + len(line) > KNOWN_KEYS:
                known.clear()
            chain = tuple(line)
            for i, key in enumerate(chain):
                known[key] = (chain, i)
        moves = []
        if verdict == "winnable":
            # (a stretch that comes back to a position met before cut out, as ``solve`` does:
            # Demo put a card into a cell and straight back)
            line = without_loops(game, state.game_moves(tokens))
            moves = [str(move) for move in (self.readable(game, line, cancelled, message) if readable else line)]
        return {"verdict": verdict, "moves": moves, "seconds": budget.seconds, "states": budget.states}

    def readable(self, game, line: list, cancelled, message) -> list:
        """A winning line as a hint or Demo shows it: a move to a foundation first where one
        of the line's own will do (``lines.foundation_first``), else where a card that can go
        up now leaves a position the solver wins within ``UP_SECONDS`` (a Two of YaZZle's
        Forty Thieves that the line moves elsewhere first: the hint said to turn the stock
        21 times)."""
        line = foundation_first(game, line)
        if not line or game.goes_up(line[0]):
            return line
        for move in [move for move in game.legal_moves if game.goes_up(move)][:UP_TRIES]:
            after = game.solver_copy()
            after.play(move)
            found = self.solve(after, UP_SECONDS, cancelled, message)
            if found["verdict"] == "winnable":
                return [move] + [Move.parse(text) for text in found["moves"]]
        return line

    @staticmethod
    def best_move(game) -> str | None:
        budget = Budget(0.5)

        def best():
            state = make_state(game, budget)
            first = state.game_moves([state.settle()])
            if first:
                return str(first[0])
            for move in state.moves(None, True):
                return str(state.game_move(move))
            return None
        return budget.guarded(best)


def serve(connection, current) -> None:
    """The child's loop: answer each question that is still wanted, until the pipe closes."""
    child = SolverChild(current)
    while True:
        try:
            job, message = connection.recv()
        except (EOFError, OSError):
            return
        if current.value != job:
            connection.send(("done", job, message["kind"], None))
            continue
        try:
            result = child.answer(job, message)
        except Exception as error:  # the client shows "Can't tell" rather than losing anything
            result = {"verdict": "unknown", "moves": [], "move": None, "seed": None,
                      "error": f"{type(error).__name__}: {error}"}
        connection.send(("answer" if current.value == job else "done", job, message["kind"], result))
