"""The limits of one search: time, states, memory, and a way to be called off.

``Budget.spent()`` is asked between the moves a ruleset generates and
after every position expanded, and ``add_state()`` after every new state,
which reads the clock every ``CLOCK_STATES`` states (the search goes through
tens of thousands a second, each a few tens of microseconds), so a search
stops within a tenth of a second of its time limit however long one state
takes to make.  The process's resident memory is read every few
milliseconds, and after so many new states that, at the rate it has been
growing per state, they can use at most a sixteenth of what is left below
the limit (every ``MEMORY_STATES`` states while no rate is known, and never
fewer: a game whose states each hold much is read often enough).  A single
call into a ruleset can still run long (a
CardsWorkShop program whose every move loops for a second), so ``guarded``
also arms a watchdog thread that interrupts the search from outside once the
deadline has passed by ``GRACE`` seconds: it raises ``SearchInterrupted`` in
the searching thread, at the next bytecode it runs, wherever that is.  The
search works on its own copy of the game, so an interrupted move leaves
nothing behind that anyone sees.

Memory is the real thing where the system tells it: the growth of the
process's resident set since the search began (``/proc/self/statm`` on
Linux; elsewhere the peak resident set from ``getrusage``, which can only
overstate the growth).  Where neither exists it falls back to the sizes of
the search's own table and open positions, as the search reports them.
"""
from __future__ import annotations

import math
import os
import sys
import threading
import time

#: how long past its deadline a search may run before the watchdog interrupts it
GRACE = 0.05
#: how often the resident memory is read (seconds), and after how many new states at least
#: and at most (the module's docstring)
MEMORY_EVERY = 0.005
MEMORY_STATES = 8
MEMORY_STATES_MOST = 2048
#: new states between two readings of the clock in ``add_state`` (a power of two)
CLOCK_STATES = 16


class SearchInterrupted(BaseException):
    """Raised in a search that ran past its deadline (or was called off) in the middle of a move.

    A ``BaseException``, so that a ruleset's ``except Exception`` doesn't swallow it."""


# -- resident memory -----------------------------------------------------------------
_STATM: int | None
try:
    _STATM = os.open("/proc/self/statm", os.O_RDONLY)
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (OSError, AttributeError, ValueError):
    _STATM = None


def resident_bytes() -> int | None:
    """The process's resident memory now (or its peak so far where that is all the
    system tells), in bytes; None if it can't be known."""
    if _STATM is not None:
        try:
            return int(os.pread(_STATM, 64, 0).split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            return None
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


class Budget:
    """Time, state and memory limits, and a stop request from outside.

    ``timeout`` seconds (None: no limit), ``max_memory_mb`` of growth in
    resident memory (None: no limit), ``max_states`` new states (None: no
    limit); ``cancelled`` a function that returns True when whoever asked no
    longer wants the answer (the solver worker's next question).
    """

    def __init__(self, timeout: float | None = None, max_memory_mb: float | None = None,
                 max_states: int | None = None, cancelled=None):
        if timeout is not None and not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout >= 0):
            raise ValueError(f"a time limit is a number of seconds from 0 up, not {timeout!r}")
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else self.start + timeout
        self.max_bytes = None if max_memory_mb is None else max_memory_mb * 2 ** 20
        self.max_states = max_states
        self.cancelled = cancelled
        self.base_bytes = resident_bytes()
        self.peak_bytes = 0
        self.reason: str | None = None
        self.states = 0
        self._next_memory = 0.0
        #: the state count at which the memory is read next, and the last reading (states, bytes)
        self._memory_at = MEMORY_STATES
        self._last_reading: tuple[int, int] | None = None
        #: the state count at which ``add_state`` asks ``spent`` whatever the clock
        self._check_at = MEMORY_STATES if max_states is None else min(MEMORY_STATES, max_states)
        #: the search's own estimate of what it holds, used where resident memory is unknown
        self.estimate = 0

    def extend(self, seconds: float) -> None:
        """Let the search run at least ``seconds`` more (its win found, it writes the
        line out): the watchdog waits for the new deadline."""
        if self.deadline is not None:
            self.deadline = max(self.deadline, time.perf_counter() + seconds)

    def spent(self) -> bool:
        """Has the search reached a limit?  (Sets ``reason``.)  Cheap enough for every state."""
        if self.reason is not None:
            return True
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            self.reason = "time"
            return True
        if self.max_states is not None and self.states >= self.max_states:
            self.reason = "states"
            return True
        if now >= self._next_memory:
            self._next_memory = now + MEMORY_EVERY
            if self.memory_spent():
                self.reason = "memory"
                return True
            if self.cancelled is not None and self.cancelled():
                self.reason = "cancelled"
                return True
        return False

    def memory_spent(self) -> bool:
        used = self.used_bytes()
        if used > self.peak_bytes:
            self.peak_bytes = used
        self._plan_reading(used)
        return self.max_bytes is not None and used > self.max_bytes

    def _plan_reading(self, used: int) -> None:
        """When to read the memory next by the state count (the module's docstring)."""
        states, last = self.states, self._last_reading
        self._last_reading = (states, used)
        wait = MEMORY_STATES
        if last is not None and states > last[0]:
            per_state = max(1.0, (used - last[1]) / (states - last[0]))
            room = (self.max_bytes - used) if self.max_bytes is not None else 2 ** 30
            wait = int(max(MEMORY_STATES, min(MEMORY_STATES_MOST, room / 16 / per_state)))
        self._memory_at = states + wait
        self._plan_check()

    def _plan_check(self) -> None:
        at = self._memory_at
        if self.max_states is not None and self.max_states < at:
            at = self.max_states
        self._check_at = at

    def used_bytes(self) -> int:
        now = resident_bytes()
        if now is None or self.base_bytes is None:
            return self.estimate
        return max(0, now - self.base_bytes)

    def add_state(self) -> bool:
        """Count a new state; True if the search must stop."""
        states = self.states = self.states + 1
        if states >= self._check_at:
            if states >= self._memory_at:
                self._next_memory = 0.0      # (read now: ``_plan_reading`` sets the next)
            else:
                self._plan_check()
            return self.spent()
        if states & (CLOCK_STATES - 1):
            return self.reason is not None
        return self.spent()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start

    # -- the watchdog -------------------------------------------------------------------
    def guarded(self, function, *args):
        """Call ``function(*args)``; if it is still running ``GRACE`` seconds after the
        deadline (or after a stop request), interrupt it: return None with ``reason``
        set.  Any other result is returned as it is."""
        watchdog = _Watchdog(self) if (self.deadline is not None or self.cancelled is not None) else None
        try:
            try:
                return function(*args)
            finally:
                if watchdog is not None:
                    watchdog.disarm()
        except SearchInterrupted:
            if self.reason is None:
                self.reason = "cancelled" if self.cancelled is not None and self.cancelled() else "time"
            return None


class _Watchdog:
    """A thread that raises ``SearchInterrupted`` in the searching thread once its
    budget is spent and it hasn't stopped by itself (CPython only; elsewhere the
    search stops at its next check)."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.target = threading.get_ident()
        self.lock = threading.Lock()
        self.armed = True
        self.fired = False
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="solver-watchdog", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        budget = self.budget
        while not self.done.is_set():
            now = time.perf_counter()
            late = budget.deadline is not None and now > budget.deadline + GRACE
            if not late and budget.cancelled is not None:
                try:
                    late = budget.cancelled()
                except Exception:
                    late = False
                if late:
                    # the search notices a stop request itself at its next check; give it that long
                    if self.done.wait(GRACE):
                        return
            if late:
                # raised again while the search runs on: an exception delivered inside a
                # finalizer or a garbage collector's callback is only reported, never seen
                while not self.done.is_set():
                    with self.lock:
                        if self.armed and _raise_in(self.target, SearchInterrupted):
                            self.fired = True
                    if self.done.wait(max(GRACE, 0.05)):
                        return
                return
            wait = 0.02
            if budget.deadline is not None:
                wait = min(wait, max(0.001, budget.deadline + GRACE - now))
            self.done.wait(wait)

    def disarm(self) -> None:
        with self.lock:
            self.armed = False
            if self.fired:
                _raise_in(self.target, None)     # not delivered yet: take it back
        self.done.set()


def _raise_in(thread_id: int, exception) -> bool:
    try:
        import ctypes
        set_async = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):
        return False
    count = set_async(ctypes.c_ulong(thread_id), ctypes.py_object(exception) if exception is not None else None)
    return count == 1
