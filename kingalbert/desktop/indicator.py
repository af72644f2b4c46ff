"""The solver's answers on the desktop: the worker's answers posted as pygame events.

``Thinker`` is the application layer's ``SolverWorker`` whose answers arrive
in the event queue as ``THOUGHT`` events (attributes ``job``, ``kind`` and
``result``), so the window handles them between a click and the next.
"""
from __future__ import annotations

import pygame

from ..app.solver_worker import Answer, SolverWorker

#: posted when a search finishes: attributes ``job`` (its number), ``kind`` and ``result``
THOUGHT = pygame.event.custom_type()

LABELS = {"winnable": "Winnable", "unwinnable": "Not winnable from here", "unknown": "Can't tell"}
THINKING = "Thinking..."


def post(answer: Answer) -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(THOUGHT, job=answer.job, kind=answer.kind, result=answer.result))


class Thinker(SolverWorker):
    def __init__(self):
        super().__init__(post)
