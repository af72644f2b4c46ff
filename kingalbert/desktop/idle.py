"""Sleeping while nothing happens: the event loop waits on the display connection itself.

pygame-ce's ``event.wait`` is a loop that looks at the queue every
millisecond (pump, peek, ``SDL_Delay(1)``: its ``_pg_event_wait``), which on
X11 costs some 700 wake-ups and 3 % of a core a second while nothing
happens.  ``Sleeper.sleep`` blocks in ``select`` instead: on the X server's
connection (any input, exposure or window-manager message arrives there) and
on a wake-up socket that the program's other sources of events write to —
the solver's thread after it posts its answer (``wake``), and the signals
that end the program (SIGTERM and SIGINT become a QUIT event, so the game is
saved and the window closed as for Quit).

Where there is no connection to wait on (a display system other than X11)
it looks at the queue 20 times a second; under the dummy driver nothing
but those other sources makes an event, so it waits for them alone.
"""
from __future__ import annotations

import select
import signal
from typing import Any

import pygame

#: how often the queue is looked at where the display's connection can't be waited on (ms)
POLL_MS = 50

_sleeper: Sleeper | None = None


def x11_connection() -> int | None:
    """The file descriptor of the X server connection SDL's window uses, or None."""
    # (imported here and below: when the desktop opens, not at start-up)
    import ctypes
    import ctypes.util
    try:
        if pygame.display.get_driver() != "x11":
            return None
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        pointer = ctypes.pythonapi.PyCapsule_GetPointer
        pointer.restype = ctypes.c_void_p
        pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = pointer(capsule, b"display")
        try:
            xlib = ctypes.CDLL("libX11.so.6")
        except OSError:
            xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so")
        xlib.XConnectionNumber.restype = ctypes.c_int
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        fd = xlib.XConnectionNumber(display)
        return fd if fd >= 0 else None
    except (OSError, AttributeError, ValueError, TypeError, pygame.error):
        return None


def wake() -> None:
    """Wake the sleeping event loop (from any thread): an event was posted."""
    sleeper = _sleeper
    if sleeper is not None:
        sleeper.wake()


def _quit_on_signal(signum, frame) -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signum))


class Sleeper:
    """The event loop's way to sleep; ``open`` once the window is open, ``close`` at the end."""

    def __init__(self):
        import socket
        self.receive, self.send = socket.socketpair()
        for end in (self.receive, self.send):
            end.setblocking(False)
        self.connection: int | None = None
        self.driver = ""
        self._handlers: dict[int, Any] = {}     # the handlers signal.signal gave back
        self._wakeup_fd: int | None = None

    def open(self) -> None:
        global _sleeper
        self.driver = pygame.display.get_driver() if pygame.display.get_init() else ""
        self.connection = x11_connection()
        try:
            self._wakeup_fd = signal.set_wakeup_fd(self.send.fileno(), warn_on_full_buffer=False)
            for signum in (signal.SIGTERM, signal.SIGINT):
                self._handlers[signum] = signal.signal(signum, _quit_on_signal)
        except ValueError:
            pass  # not the main thread: signals stay as they were
        _sleeper = self

    def close(self) -> None:
        global _sleeper
        if _sleeper is self:
            _sleeper = None
        for signum, handler in self._handlers.items():
            signal.signal(signum, handler)
        if self._wakeup_fd is not None:
            signal.set_wakeup_fd(self._wakeup_fd)
        self._handlers.clear()
        self.receive.close()
        self.send.close()

    def wake(self) -> None:
        try:
            self.send.send(b"w")
        except OSError:
            pass  # its buffer is full: it is awake already (or closed)

    @property
    def polls(self) -> bool:
        """True where the queue must be looked at on a timer (no connection to wait on)."""
        return self.connection is None and self.driver not in ("dummy", "offscreen")

    def sleep(self, timeout_ms: int | None) -> None:
        """Block until the display has input, something posted an event or a signal came,
        or ``timeout_ms`` passed (None: no time limit)."""
        if self.polls:
            timeout_ms = POLL_MS if timeout_ms is None else min(timeout_ms, POLL_MS)
        waiting = [self.receive] + ([self.connection] if self.connection is not None else [])
        select.select(waiting, [], [], None if timeout_ms is None else timeout_ms / 1000)
        try:
            while self.receive.recv(256):
                pass
        except OSError:
            pass  # nothing more to read
