"""The solver in a separate process, so that a client never stutters while it thinks.

``SolverWorker`` keeps one child process and asks it one question at a time — the
live "Winnable?" verdict after each move, a solution for Demo, a move for Hint, or
a search for a winnable deal — and hands the answer to a callback (called on a
thread of its own: the desktop posts it to its event queue).  Starting a new
search calls off the one still running: the child stops it within a few
hundredths of a second (``Budget``'s stop request and watchdog) and takes the new
question; only the answer to the latest question reaches the callback.  A child
that doesn't stop in time is ended and another started.

The child outlives the questions, so it keeps what holds across the moves of a
game: the positions its searches proved unwinnable (a search that runs out of
positions proves every position it met unwinnable), which later searches of the
same game skip, and the positions along the winning lines it found, which later
searches stop at (a player who leaves the line is often a move or two from a
position on it).  It keeps at most ``DEAD_KEYS`` and ``KNOWN_KEYS`` of them.

The children come from a fork server (or are spawned where there is none),
never forked from the client itself: a fork of a process with threads can
inherit a lock some other thread held, and hang.  The child imports neither
pygame nor the desktop.

Questions (``KINDS``) and the answers' ``result``:

``verdict``, ``solution``
    ``{"verdict", "moves", "seconds", "states"}``: the solver's verdict about the
    position, and a winning line (moves as text) when it is winnable.
``hint``
    the same, plus ``"move"``: the first move of the line if one was found, else
    the best-looking move (the first safe move, or the first the search would try),
    or None when no move is legal.
``winnable-deal``
    ``{"seed", "seconds", "tried"}``: the first deal the solver proves winnable
    among deals drawn from the given seed (None if none of ``DEALS_TRIED`` is,
    or none within ``DEALS_SECONDS``), the seconds the whole search took, and
    how many deals it tried.
"""
from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.rng import Rng
from ..engine.solver import Budget, make_state, solve
from ..engine.solver.search import search
from .catalogue import GameRef, safe_load

#: the questions a worker answers
KINDS = ("verdict", "solution", "hint", "winnable-deal")
#: deals tried for a winnable one at most, and the seconds that search may take in all (a
#: game whose deals the solver seldom decides in the time each gets is given up on soon)
DEALS_TRIED = 200
DEALS_SECONDS = 30.0
#: unwinnable positions a child keeps per game at most
DEAD_KEYS = 2_000_000
#: positions of winning lines a child keeps per game at most
KNOWN_KEYS = 200_000
#: how long a child may take to give up a search it was asked to stop (seconds)
STOP_GRACE = 1.5


@dataclass(frozen=True)
class Answer:
    """What a search found: ``job`` (its number), ``kind`` and ``result`` (a dict)."""

    job: int
    kind: str
    result: dict


# -- the child --------------------------------------------------------------------------------
def question(kind: str, game: Game, timeout: float) -> dict:
    """The message a client sends: the game's current position, not its history."""
    ref = GameRef.of(game.ruleset)
    return {"kind": kind, "rulefile": ref.path, "builtin": ref.builtin, "options": dict(game.options),
            "seed": game.seed, "piles": [{"name": p.name, "cards": [str(c) for c in p.cards]} for p in game.piles],
            "vars": game.vars, "rng": game.rng.state, "timeout": timeout}


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
                    return {"seed": seed, "seconds": time.perf_counter() - start, "tried": tried}
            return {"seed": None, "seconds": time.perf_counter() - start, "tried": tried}
        game = Game.from_position(ruleset, message, message["options"])
        found = self.solve(game, timeout, cancelled, message)
        if kind == "hint":
            found["move"] = found["moves"][0] if found["moves"] else self.best_move(game)
        return found

    def solve(self, game, timeout, cancelled, message) -> dict:
        """``solve`` with the unwinnable positions found before in the same game skipped."""
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
        moves = [str(move) for move in state.game_moves(tokens)] if verdict == "winnable" else []
        return {"verdict": verdict, "moves": moves, "seconds": budget.seconds, "states": budget.states}

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


def _context():
    # (imported here: only the desktop's solver process needs it, not start-up)
    import multiprocessing
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kingalbert.app.solver_worker"])
        return context
    return multiprocessing.get_context("spawn")


# -- the client ----------------------------------------------------------------------------------
def _listen(worker_ref, connection, process) -> None:
    """The client's thread that hears the child (holding the worker only weakly, so that a
    worker nobody uses any more ends its child)."""
    while True:
        try:
            what, job, kind, result = connection.recv()
        except (EOFError, OSError):
            worker = worker_ref()
            if worker is not None:
                worker._lost(process)
            return
        except (TypeError, ValueError):     # the connection closed (by _end) while this thread waited on it
            return
        worker = worker_ref()
        if worker is None:
            return
        worker._heard(process, what, job, kind, result)
        del worker


def _end(process, connection) -> None:
    if process.is_alive():
        process.terminate()
        process.join(1)
    connection.close()

class SolverWorker:
    def __init__(self, on_answer: Callable[[Answer], Any]):
        #: called with each Answer, on the worker's own thread
        self.on_answer = on_answer
        self.process: Any = None
        self.job = 0
        self.kind: str | None = None
        self._connection: Any = None        # the pipe to the child
        self._current: Any = None           # the shared number of the question the child should answer
        self._wanted: int | None = None
        self._pending: set[int] = set()      # questions sent that the child hasn't finished with
        self._message: tuple[int, dict] | None = None
        self._finalizer: weakref.finalize | None = None
        self._lock = threading.Lock()

    def start(self, kind: str, game: Game, timeout: float = 10.0) -> int:
        """Start a search (one of ``KINDS``) about ``game``; returns its job number.
        For ``winnable-deal`` the search starts from ``game``'s seed and options.
        The search under way, if any, is called off: its answer never arrives."""
        if kind not in KINDS:
            raise ValueError(f"unknown question {kind!r}")
        message = question(kind, game, timeout)
        with self._lock:
            self.job += 1
            job = self.job
            self.kind = kind
            self._wanted = job
            self._message = (job, message)
            if self.process is None or not self.process.is_alive():
                self._start_child()
            self._current.value = job
            earlier = bool(self._pending)
            self._pending.add(job)
            connection = self._connection
        try:
            connection.send((job, message))
        except (OSError, ValueError):
            self._restart(job)
            return job
        if earlier:
            # a child that doesn't give up the search it was asked to stop in time is replaced
            threading.Timer(STOP_GRACE, self._check, args=(job,)).start()
        return job

    def _check(self, job: int) -> None:
        with self._lock:
            stuck = self._wanted == job and any(other < job for other in self._pending)
        if stuck:
            self._restart(job)

    def _restart(self, job: int) -> None:
        """A new child, asked the question of ``job`` again (if it is still wanted)."""
        with self._lock:
            if self._wanted != job:
                return
            self._end_child()
            self._start_child()
            self._current.value = job
            self._pending.add(job)
            connection = self._connection
            message = self._message
        connection.send(message)

    def _start_child(self) -> None:
        context = _context()
        self._current = context.Value("q", 0, lock=False)
        mine, theirs = context.Pipe()
        process = context.Process(target=serve, args=(theirs, self._current), daemon=True)
        process.start()
        theirs.close()
        self.process, self._connection = process, mine
        self._pending = set()
        self._finalizer = weakref.finalize(self, _end, process, mine)
        threading.Thread(target=_listen, args=(weakref.ref(self), mine, process), daemon=True).start()

    def _heard(self, process, what: str, job: int, kind: str, result) -> None:
        with self._lock:
            if process is not self.process:
                return
            self._pending.discard(job)
            wanted = what == "answer" and job == self._wanted
            if wanted:
                self._wanted = None
        if wanted:
            self.on_answer(Answer(job, kind, result))

    def _lost(self, process) -> None:
        """The child's end of the pipe closed: if the child died (killed, out of memory)
        rather than being ended here, the question it had is answered "unknown", with
        the reason (the next question starts another child)."""
        with self._lock:
            if process is not self.process:
                return      # (ended here: replaced, or closed)
            job, kind = self._wanted, self.kind
            self._wanted = None
            self._pending = set()
        process.join(1)
        if job is not None and kind is not None:
            code = process.exitcode
            self.on_answer(Answer(job, kind, {
                "verdict": "unknown", "moves": [], "move": None, "seed": None,
                "error": f"the solver's process ended (exit code {code})"}))

    def stop(self) -> None:
        """Call off the search under way (its answer never arrives); the child stays for
        the next question, with what it learned about the game."""
        with self._lock:
            self._wanted = None
            if self._current is not None:
                self._current.value = 0

    def close(self) -> None:
        """Call off the search and end the child process."""
        with self._lock:
            self._wanted = None
            self._end_child()

    def _end_child(self) -> None:
        if self._finalizer is not None:
            self._finalizer()
        self.process = None
        self._connection = None
        self._pending = set()

    @property
    def busy(self) -> bool:
        """Is an answer still to come?"""
        return self._wanted is not None and self.process is not None and self.process.is_alive()
