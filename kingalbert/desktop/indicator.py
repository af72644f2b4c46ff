"""The solver's answers on the desktop: the worker's answers posted as pygame events.

``Thinker`` is the application layer's ``SolverWorker`` whose answers arrive
in the event queue as ``THOUGHT`` events (attribute ``answer``), so the
window handles them between a click and the next.
"""
from __future__ import annotations

import pygame

from ..app.solver_worker import Answer, SolverWorker
from . import idle

#: posted when a search finishes: attribute ``answer`` (an ``app.solver_worker.Answer``)
THOUGHT = pygame.event.custom_type()


def post(answer: Answer) -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(THOUGHT, answer=answer))
        idle.wake()   # the loop sleeps on the display's connection, which this doesn't touch


class Thinker(SolverWorker):
    def __init__(self):
        super().__init__(post)
