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
position on it).  It keeps at most ``DEAD_KEYS`` and ``KNOWN_KEYS`` of them.  The
child's side is ``solver_child.py``: the client never imports the search.

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
    or none within ``DEALS_SECONDS``: ``solver_child.py``), the seconds the whole search took, and
    how many deals it tried.
"""
from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from .catalogue import GameRef

#: the questions a worker answers
KINDS = ("verdict", "solution", "hint", "winnable-deal")
#: how long a child may take to give up a search it was asked to stop (seconds)
STOP_GRACE = 1.5


@dataclass(frozen=True)
class Answer:
    """What a search found: ``job`` (its number), ``kind`` and ``result`` (a dict)."""

    job: int
    kind: str
    result: dict


# -- the questions ----------------------------------------------------------------------------
def question(kind: str, game: Game, timeout: float) -> dict:
    """The message a client sends: the game's current position, not its history."""
    ref = GameRef.of(game.ruleset)
    return {"kind": kind, "rulefile": ref.path, "builtin": ref.builtin, "options": dict(game.options),
            "seed": game.seed, "piles": [{"name": p.name, "cards": [str(c) for c in p.cards]} for p in game.piles],
            "vars": game.vars, "rng": game.rng.state, "timeout": timeout}


def _serve(connection, current) -> None:
    """The child process's target: ``solver_child.serve``, imported in the child (the
    client never loads the search)."""
    from .solver_child import serve
    serve(connection, current)


def _context():
    # (imported here: only the desktop's solver process needs it, not start-up)
    import multiprocessing
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kingalbert.app.solver_child"])
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
        process = context.Process(target=_serve, args=(theirs, self._current), daemon=True)
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
