"""The program on a real display: the event loop and ``run``.

``run_loop`` blocks on the event queue while nothing moves and wakes on a
timer only while something does (a card flying, Demo, flashing cards).
"""
from __future__ import annotations

import pygame

from ..app.saves import MAX_SLOTS, Autosave, claim_autosave
from ..app.session import start_game
from .dialogs import ErrorBox
from .animation import FLASH_MS
from .desktop import Desktop


def wait_ms(desktop: Desktop) -> int:
    """How long the loop may sleep: forever (0) unless something moves by itself."""
    timeout = 15 if desktop.animation is not None else (50 if desktop.session.demo is not None else 0)
    if desktop.flash_start is not None:
        timeout = min(timeout or FLASH_MS, FLASH_MS // 3)
    return timeout


def run_loop(desktop: Desktop) -> None:
    while desktop.running:
        timeout = wait_ms(desktop)
        event = pygame.event.wait(timeout) if timeout else pygame.event.wait()
        if event.type != pygame.NOEVENT:
            desktop.handle(event)
        desktop.pump()


def prepare(rulefile=None, seed=None) -> tuple[Desktop, Autosave]:
    """The desktop a run starts with, and this window's autosave: its game (if started
    plain) or a new game of RULEFILE (or the saved game it names).  A bad autosave is
    kept aside and its whole reason shown in an error box over a new game."""
    slot = claim_autosave()
    game, problem = start_game(rulefile, seed, autosave=slot.path)
    desktop = Desktop(game, autosave=slot.path)
    desktop.session.save_progress()
    if problem:
        desktop.error = ErrorBox("King Albert", problem)
    if slot.path is None:
        desktop.error = ErrorBox("King Albert", f"{MAX_SLOTS} windows are open already: this one autosaves nothing")
    return desktop, slot


def run(rulefile=None, seed=None, scale=None, fullscreen=False) -> int:
    """The desktop: the autosaved game if started plain, else a new game of RULEFILE
    (or the saved game it names)."""
    desktop, slot = prepare(rulefile, seed)
    desktop.open_display(scale, fullscreen)
    desktop.present(desktop.frame())
    try:
        run_loop(desktop)
    finally:
        if desktop.session.worker is not None:
            desktop.session.worker.stop()
        pygame.quit()
        slot.release()
    return 0
