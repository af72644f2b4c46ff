"""The program on a real display: the event loop and ``run``.

``run_loop`` sleeps (``idle.Sleeper``) while nothing moves and wakes on a
timer only while something does (a card flying, Demo, flashing cards, a
submenu about to close).  ``run`` refuses to start without a display to
show the window on, rather than run invisibly.
"""
from __future__ import annotations

import os
import sys

import pygame

from ..app.saves import MAX_SLOTS, Autosave, claim_autosave, is_saved_game
from ..app.session import now_ms, start_game
from .animation import FLASH_MS
from .desktop import Desktop
from .dialogs import ErrorBox
from .idle import Sleeper

NO_DISPLAY = ("kingalbert: no display: set DISPLAY (or WAYLAND_DISPLAY) to show the desktop, "
              "or use kingalbert shot [RULEFILE] -o FILE.png for a picture of a game")


def has_display(environ=os.environ, platform: str = sys.platform) -> bool:
    """Can a window be shown?  Elsewhere than Linux and the BSDs there is always a desktop;
    there, an X or Wayland display must be named, unless the user chose SDL's driver."""
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def display_problem(environ=os.environ) -> str | None:
    """Why no window can be shown, or None.  A display named but not answering (an X server
    gone) made SDL fall back to a driver that draws nowhere: the program ran invisibly, its
    autosave held, and the next window dealt anew."""
    if not has_display(environ):
        return NO_DISPLAY
    try:
        pygame.display.init()
    except pygame.error as error:
        return f"kingalbert: can't open the display: {error}"
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and (environ.get("SDL_VIDEODRIVER") or "").lower() != driver:
        pygame.display.quit()
        named = [f"{key}={environ[key]}" for key in ("DISPLAY", "WAYLAND_DISPLAY") if environ.get(key)]
        return (f"kingalbert: no display answers ({' '.join(named) or 'none named'}: is its server running?); "
                "kingalbert shot [RULEFILE] -o FILE.png draws a game without one")
    return None


def wait_ms(desktop: Desktop) -> int | None:
    """How long the loop may sleep: without limit (None) unless something moves by itself."""
    timeout = 15 if desktop.animation is not None else (50 if desktop.session.demo is not None else None)
    if desktop.flash_start is not None:
        timeout = min(timeout or FLASH_MS, FLASH_MS // 3)
    due = desktop.menus.due   # a submenu closes then if the pointer still rests elsewhere
    if due is not None:
        remaining = max(0, due - now_ms())
        timeout = remaining if timeout is None else min(timeout, remaining)
    return timeout


def run_loop(desktop: Desktop, sleeper: Sleeper) -> None:
    while desktop.running:
        desktop.pump()
        if desktop.running and not pygame.event.peek():
            sleeper.sleep(wait_ms(desktop))


def prepare(rulefile=None, seed=None) -> tuple[Desktop, Autosave]:
    """The desktop a run starts with, and this window's autosave: its game (if started
    plain, or with its rule file and no seed) or a new game of RULEFILE (or the saved game
    it names).  A bad autosave or
    statistics file is kept aside and its whole reason shown in an error box over a new game."""
    slot = claim_autosave()
    try:
        game, problem = start_game(rulefile, seed, autosave=slot.path)
    except BaseException:   # a saved game named on the command line that can't be loaded
        slot.release()
        raise
    desktop = Desktop(game, autosave=slot.path, loaded=rulefile is not None and is_saved_game(rulefile))
    desktop.session.save_progress()
    session = desktop.session
    problems = [problem, session.options.problem, session.statistics.problem]
    if slot.problem is not None:
        problems.append(slot.problem)
    elif slot.path is None:
        problems.append(f"{MAX_SLOTS} windows are open already: this one autosaves nothing")
    if any(problems):
        desktop.error = ErrorBox("King Albert", "\n".join(text for text in problems if text))
        if game.message in problems:
            # (said in the box: a message naming a file takes three lines or more, and
            # King Albert's message space would grow over the top row of cards)
            game.message = ""
    return desktop, slot


def run(rulefile=None, seed=None, scale=None, fullscreen=False) -> int:
    """The desktop: the autosaved game if started plain (or with its rule file and no
    seed), else a new game of RULEFILE (or the saved game it names)."""
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    desktop, slot = prepare(rulefile, seed)
    sleeper = Sleeper()
    try:
        desktop.open_display(scale, fullscreen)
        sleeper.open()
        desktop.present(desktop.frame())
        run_loop(desktop, sleeper)
    finally:
        sleeper.close()
        if desktop.session.worker is not None:
            desktop.session.worker.stop()
        pygame.quit()
        slot.release()
    return 0
