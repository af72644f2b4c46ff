"""The solver in a separate process, so the desktop never stutters while it thinks.

``Thinker`` runs one search at a time in a child process — the live "winnable?"
indicator after each move, a solution for Demo, or a search for a winnable
deal — and posts a pygame event when the answer arrives.  Starting a new
search ends the one still running.

The children come from a fork server (or are spawned where there is none),
never forked from the desktop itself: a fork of a process with threads can
inherit a lock some other thread held, and hang.
"""
from __future__ import annotations

import pygame

#: posted when a search finishes: attributes ``job`` (its number), ``kind`` and ``result``
THOUGHT = pygame.event.custom_type()

LABELS = {"winnable": "Winnable", "unwinnable": "Not winnable from here", "unknown": "Can't tell"}
THINKING = "Thinking..."


def _context():
    import multiprocessing  # here, not at the top: the first frame doesn't need it
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kingalbert.thinking", "kingalbert.engine.solver", "kingalbert.loaders"])
        return context
    return multiprocessing.get_context("spawn")


class Thinker:
    def __init__(self):
        self.process = None
        self.job = 0
        self.kind = None

    def start(self, kind: str, game, timeout: float = 10.0) -> int:
        """Start a search (``"verdict"``, ``"solution"`` or ``"winnable-deal"``); returns its job number."""
        import threading

        from ..thinking import work
        self.stop()
        self.job += 1
        self.kind = kind
        if kind == "winnable-deal":
            save = {"seed": game.seed or 0, "options": dict(game.options)}
        else:
            save = game.to_save()
        context = _context()
        receive, send = context.Pipe(duplex=False)
        self.process = context.Process(target=work, args=(kind, game.ruleset.source, save, timeout, send), daemon=True)
        self.process.start()
        send.close()
        threading.Thread(target=self._wait, args=(self.job, kind, receive, self.process), daemon=True).start()
        return self.job

    @staticmethod
    def _wait(job, kind, receive, process) -> None:
        try:
            result = receive.recv()
        except (EOFError, OSError):
            return  # stopped before it answered
        finally:
            receive.close()
        process.join()
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(THOUGHT, job=job, kind=kind, result=result))

    def stop(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
            self.process.join(1)
        self.process = None

    @property
    def busy(self) -> bool:
        return self.process is not None and self.process.is_alive()
