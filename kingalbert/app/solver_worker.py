"""The solver in a separate process, so that a client never stutters while it thinks.

``SolverWorker`` runs one search at a time in a child process — the live
"Winnable?" verdict after each move, a solution for Demo or Hint, or a
search for a winnable deal — and hands the answer to a callback (called on a
thread of its own: the desktop posts it to its event queue).  Starting a new
search ends the one still running.

The children come from a fork server (or are spawned where there is none),
never forked from the client itself: a fork of a process with threads can
inherit a lock some other thread held, and hang.  The child imports neither
pygame nor the desktop.
"""
from __future__ import annotations

import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any, Callable

from ..engine.game import Game
from ..engine.rng import Rng
from ..engine.solver import solve
from .catalogue import GameRef, safe_load
from .saves import from_save, game_ref, to_save

#: the questions a worker answers
KINDS = ("verdict", "solution", "winnable-deal")


@dataclass(frozen=True)
class Answer:
    """What a search found: ``job`` (its number), ``kind`` and ``result`` (a dict)."""

    job: int
    kind: str
    result: dict


def work(kind: str, save: dict, timeout: float, connection) -> None:
    """The child's side: answer one question and send the answer back."""
    try:
        ruleset = safe_load(game_ref(save))
        if kind == "winnable-deal":
            chooser = Rng(save["seed"])
            for _ in range(200):
                seed = chooser.below(2**32)
                if solve(Game(ruleset, seed, save["options"]), timeout=timeout).verdict == "winnable":
                    connection.send({"seed": seed})
                    return
            connection.send({"seed": None})
            return
        game = from_save(ruleset, save)
        result = solve(game, timeout=timeout)
        connection.send({"verdict": result.verdict, "moves": [str(move) for move in result.moves]})
    except Exception as error:  # the client shows "Can't tell" rather than losing anything
        connection.send({"verdict": "unknown", "moves": [], "error": f"{type(error).__name__}: {error}"})
    finally:
        connection.close()


def _context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kingalbert.app.solver_worker"])
        return context
    return multiprocessing.get_context("spawn")


class SolverWorker:
    def __init__(self, on_answer: Callable[[Answer], Any]):
        #: called with each Answer, on the worker's own thread
        self.on_answer = on_answer
        self.process: Any = None
        self.job = 0
        self.kind: str | None = None

    def start(self, kind: str, game: Game, timeout: float = 10.0) -> int:
        """Start a search (one of ``KINDS``) about ``game``; returns its job number."""
        self.stop()
        self.job += 1
        self.kind = kind
        if kind == "winnable-deal":
            save = {"seed": game.seed or 0, "options": dict(game.options)}
            ref = GameRef.of(game.ruleset)
            save.update({"rulefile": ref.path, "builtin": ref.builtin, "format": None})
        else:
            save = to_save(game)
        context = _context()
        receive, send = context.Pipe(duplex=False)
        self.process = context.Process(target=work, args=(kind, save, timeout, send), daemon=True)
        self.process.start()
        send.close()
        threading.Thread(target=self._wait, args=(self.job, kind, receive, self.process), daemon=True).start()
        return self.job

    def _wait(self, job: int, kind: str, receive, process) -> None:
        try:
            result = receive.recv()
        except (EOFError, OSError):
            return  # stopped before it answered
        finally:
            receive.close()
        process.join()
        self.on_answer(Answer(job, kind, result))

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
            self.process.join(1)
        self.process = None

    @property
    def busy(self) -> bool:
        return self.process is not None and self.process.is_alive()
