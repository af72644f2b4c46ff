"""The runtime: the state a program changes, its output, its limits, and runs.

``compiler.py`` turns the checked tree into Python closures once per
program; this module runs them.  All that a program can change lives in a
``State`` (the cards of every stack as tuples of CARD numbers, each stack's
position-0 drawing, the global variables).  States are values: a run reads
them through a ``Runtime`` that copies a stack, drawing or variable the first
time the program touches it, and a run's result is what it touched and how
it left it (``RunResult``).  That makes a run cheap to start on a big state,
and tells exactly which parts of the state a run depended on, which is what
the ruleset's transaction cache needs (see ruleset.py).

Output (``WRITE``, ``CLEAR``, ``WAIT``, ``FLASH``, ``DRAW``) goes to an
``Output`` (a help box and a list of events), never to a screen.

The CARD encoding is the help file's: 0-51 are the cards face up (Spades,
Hearts, Clubs, Diamonds, ace to king in each), +52 face down, +104 shaded,
156 the green circle and 157 the red cross.  Values are Python ints (INTEGER,
INDEX, CARD), bools, strs and ``StackInfo`` objects (STACK).

Limits (``Limits``): a run is stopped by its step budget (statements, calls,
loop turns and written text; 2,000,000) and its call depth (200 calls nested
inside the method or predicate that was run) only, both of which do not
depend on the machine; the wall clock (30 s) is a safety net far above what
the step budget can take.  Programs reach nothing but their own state: there
is no file, network or Python access in the language, and this package never
evaluates text.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import CdlRunawayError, CdlRuntimeError
from .model import CURSOR, CompiledProgram, Method, StackInfo
from .parser import MAX_NESTING

INT_MIN, INT_MAX = -32768, 32767
MAX_CARDS = 204          # "in CWS up to 204" cards on a stack
EMPTY_CARD, CROSS_CARD = 156, 157
#: the text a help box can hold, and the events one run may leave for the desktop
MAX_TEXT = 64 * 1024
MAX_EVENTS = 10_000
MAX_EVENT_TEXT = 4 * MAX_TEXT     # the text all the events of one Output keep
#: a WRITE costs one step for each this many characters (besides its own step); a SHUFFLE
#: one step a card, a TURN one for each this many cards, an INVERSE one for each this
#: many: a statement over a whole stack in an endless loop is stopped by the step budget
#: in about as long as a loop of plain steps (it was the wall clock's 30 s for a SHUFFLE)
CHARS_PER_STEP = 64
CARDS_TURNED_PER_STEP = 2
CARDS_INVERSED_PER_STEP = 8
#: how many steps run between two looks at the wall clock
CLOCK_EVERY = 4096
SUIT_NAMES = ("Spades", "Hearts", "Clubs", "Diamonds")
RANK_NAMES = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King")

#: what a statement's closure returns besides None: how control leaves it
BREAK_BLOCK, BREAK_PROC, RETURN = 1, 2, 3


def card_name(card: int) -> str:
    """How WRITE shows a CARD value."""
    if card == EMPTY_CARD:
        return "green circle"
    if card == CROSS_CARD:
        return "red cross"
    if not 0 <= card < 156:
        return str(card)
    base = card % 52
    text = f"{RANK_NAMES[base % 13]} of {SUIT_NAMES[base // 13]}"
    side = card // 52
    return text + ("" if side == 0 else " (face down)" if side == 1 else " (shaded)")


@dataclass
class Limits:
    max_steps: int = 2_000_000      # statements, calls, loop turns and text in one run
    max_depth: int = 200            # calls nested inside the method (or predicate) run
    max_seconds: float = 30.0       # a safety net only: the step budget comes first


@dataclass
class State:
    """Everything a program can change.  Stacks are tuples: a state is a value."""
    stacks: dict            # key -> tuple of CARD numbers, bottom first
    bottoms: dict           # key -> the CARD drawn when the stack is empty (position 0)
    globals: dict           # key -> value

    @classmethod
    def initial(cls, program: CompiledProgram) -> State:
        stacks = dict.fromkeys(program.stacks, ())
        stacks[CURSOR.key] = ()
        bottoms = dict.fromkeys(stacks, EMPTY_CARD)
        globals_ = {key: default_value(type_) for key, (_, type_) in program.globals.items()}
        return cls(stacks, bottoms, globals_)

    @cached_property
    def few_cards(self) -> bool:
        """Could no stack outgrow its limit of cards, even holding every card there is?
        (Kept once worked out: it is asked only in programs whose play ADDs no card, so
        a state changed in place afterwards has as many cards or fewer: a True stays
        true, and a False only keeps the sizes in the run cache's keys.)"""
        return sum(map(len, self.stacks.values())) <= MAX_CARDS

    def copy(self) -> State:
        return State(dict(self.stacks), dict(self.bottoms), dict(self.globals))

    def same_as(self, other: State) -> bool:
        return self.stacks == other.stacks and self.bottoms == other.bottoms and self.globals == other.globals

    def apply(self, result: RunResult) -> None:
        """Write a run's changes into this state."""
        self.stacks.update(result.stacks)
        self.bottoms.update(result.bottoms)
        self.globals.update(result.globals)


def default_value(type_: str):
    return {"boolean": False, "string": "", "stack": None}.get(type_, 0)


@dataclass
class HelpBox:
    """The help window a program opens with CLEAR, WRITE and WAIT."""
    title: str = ""
    box: tuple | None = None         # (x, y, w, h) on the playfield matrix
    text: str = ""
    buttons: list = field(default_factory=list)   # (title, procedure key)
    #: for each button, the key of the contextual stack of the WAIT that made it (or None)
    contexts: list = field(default_factory=list)
    open: bool = False


class Output:
    """What runs showed: the help box, the text written, and events for the desktop.

    Everything goes through ``apply(event)``, so the events of a run are enough
    to show it again (the transaction cache replays them).  A box holds at most
    MAX_TEXT characters of text (the rest is cut, with " [...]"), and one
    Output keeps at most MAX_EVENTS events holding MAX_EVENT_TEXT characters;
    past those, ``overflowed`` is set (its events no longer tell all)."""

    def __init__(self):
        self.help = HelpBox()
        self.events: list[tuple] = []
        self.written: list[str] = []
        self.written_size = 0
        self.event_text = 0
        self.overflowed = False

    def apply(self, event: tuple) -> None:
        kind = event[0]
        if kind == "clear":
            _, title, box = event
            self.help = HelpBox() if title is None else HelpBox(title=title, box=box, open=True)
        elif kind == "write":
            text = event[1]
            if len(text) > MAX_TEXT or self.event_text + len(text) > MAX_EVENT_TEXT:
                # a box never shows more than MAX_TEXT: the event keeps no more than that
                text = text[:max(0, min(MAX_TEXT, MAX_EVENT_TEXT - self.event_text))]
                event = ("write", text)
                self.overflowed = True
            self.event_text += len(text)
            room = MAX_TEXT - len(self.help.text)
            self.help.open = True
            if room > 0:
                self.help.text += text if len(text) <= room else text[:room] + " [...]"
            if self.written_size < MAX_TEXT:
                self.written.append(text[:MAX_TEXT - self.written_size])
                self.written_size += len(text)
        elif kind == "wait":
            _, title, procedure, context = event
            self.help.open = True
            self.help.buttons.append((title, procedure))
            self.help.contexts.append(context)
        if len(self.events) < MAX_EVENTS:
            self.events.append(event)
        else:
            self.overflowed = True

    def clear(self, title: str | None, box) -> None:
        self.apply(("clear", title, box))

    def write(self, text: str) -> None:
        self.apply(("write", text))

    def wait(self, title: str, procedure: str, context: str | None = None) -> None:
        self.apply(("wait", title, procedure, context))

    def replay(self, events) -> None:
        for event in events:
            self.apply(event)


class RunResult:
    """What one run did: the parts of the state it touched (as it left them), the
    random generator's state after it, the value it returned, and its events.

    ``stacks``, ``bottoms`` and ``globals`` hold every entry the run read or
    wrote; ``read_stacks`` and ``read_bottoms`` are their keys, ``read_globals`` the
    variables it read before it set them (a variable it only set doesn't change what
    it does), ``read_lengths`` the stacks of which it read only the length, and
    ``read_peeks`` those of which it read only the top card (key, True) or whether it
    has cards (key, False), so
    the run's outcome depends on nothing else (besides its arguments, and the
    generator's state when ``used_rng``)."""

    __slots__ = ("stacks", "bottoms", "globals", "rng_state", "used_rng", "value", "events", "overflowed",
                 "read_stacks", "read_bottoms", "read_globals", "read_lengths", "read_peeks")

    def shape(self) -> tuple:
        """What the run read, as the run cache keys it: (stacks, drawings, variables,
        whether it drew from the random generator, stacks of which only the length,
        stacks of which only the top card)."""
        return (self.read_stacks, self.read_bottoms, self.read_globals, self.used_rng, self.read_lengths,
                self.read_peeks)

    def with_stacks(self, stacks: dict) -> RunResult:
        """The same result with other stacks (the run cache's, put on another view's cards)."""
        other = RunResult()
        other.stacks, other.bottoms, other.globals = stacks, self.bottoms, self.globals
        other.rng_state, other.used_rng, other.value = self.rng_state, self.used_rng, self.value
        other.events, other.overflowed = self.events, self.overflowed
        other.read_stacks, other.read_bottoms = self.read_stacks, self.read_bottoms
        other.read_globals, other.read_lengths = self.read_globals, self.read_lengths
        other.read_peeks = self.read_peeks
        return other

    stacks: dict
    bottoms: dict
    globals: dict
    rng_state: int | None
    used_rng: bool
    value: Any
    events: list
    overflowed: bool
    read_stacks: Any
    read_bottoms: Any
    read_globals: Any
    read_lengths: Any
    read_peeks: Any


class Runtime:
    """The machine one run executes on (the compiled closures take it as ``rt``)."""

    __slots__ = ("program", "code", "base", "top", "stacks", "lengths", "peeks", "bottoms", "globals", "fetched",
                 "rng", "used_rng", "output", "limits", "chunk", "chunk_size", "steps", "deadline", "depth", "peak",
                 "locals", "context", "value")

    def __init__(self, program: CompiledProgram, code, base, rng, output: Output, limits: Limits):
        self.program = program
        self.code = code
        # a State, or a view of one (transactions.View: its own entries over its base)
        self.top = base if hasattr(base, "base") else None
        self.base = base.base if self.top is not None else base
        self.stacks: dict = {}      # key -> tuple or list: the stacks this run touched
        self.lengths: dict = {}     # key -> int: stacks of which only the length was read
        self.peeks: dict = {}       # key -> whether its top card (else only that it has cards) was read
        self.bottoms: dict = {}
        self.globals: dict = {}     # the variables it read or set, as it left them
        self.fetched: list = []     # those it read before it set them (its reads)
        self.rng = rng
        self.used_rng = False
        self.output = output
        self.limits = limits
        self.steps = 0              # steps used before the current chunk
        self.chunk_size = self.chunk = min(CLOCK_EVERY, limits.max_steps)
        self.deadline = time.monotonic() + limits.max_seconds
        self.depth = 0
        self.peak = 0               # the deepest the calls have nested (for remembered results)
        self.locals: dict = {}
        self.context: StackInfo | None = None
        self.value = None

    # -- the state, touched on first use ---------------------------------------------
    # ``stacks`` holds each stack the run touched: the base's tuple while it is
    # only read, a list of its own once it is changed.
    def base_cards(self, key: str):
        top = self.top
        if top is not None:
            cards = top.stacks.get(key)
            if cards is not None:
                return cards
        return self.base.stacks[key]

    def view(self, key: str):
        """A stack's cards, to read."""
        cards = self.stacks.get(key)
        if cards is None:
            cards = self.stacks[key] = self.base_cards(key)
        return cards

    def length(self, key: str) -> int:
        """How many cards a stack has (a read of its length only)."""
        cards = self.stacks.get(key)
        if cards is not None:
            return len(cards)
        size = self.lengths.get(key)
        if size is None:
            size = self.lengths[key] = len(self.base_cards(key))
        return size

    def peek(self, key: str):
        """A stack's top card, None if it has none (a read of that alone: ``S[S!]``)."""
        cards = self.stacks.get(key)
        if cards is None:
            self.peeks[key] = True
            cards = self.base_cards(key)
        return cards[-1] if cards else None

    def filled(self, key: str) -> bool:
        """Does a stack hold cards (a read of that alone: ``S! > 0``, ``S! = 0``)?"""
        cards = self.stacks.get(key)
        if cards is None:
            self.peeks.setdefault(key, False)
            cards = self.base_cards(key)
        return bool(cards)

    def cards(self, key: str) -> list:
        """A stack's cards, to change."""
        cards = self.stacks.get(key)
        if type(cards) is not list:
            cards = self.stacks[key] = list(self.base_cards(key) if cards is None else cards)
        return cards

    def bottom(self, key: str) -> int:
        if key not in self.bottoms:
            top = self.top
            self.bottoms[key] = (top.bottoms[key] if top is not None and key in top.bottoms
                                 else self.base.bottoms[key])
        return self.bottoms[key]

    def get_global(self, key: str):
        if key not in self.globals:
            self.fetched.append(key)
            top = self.top
            self.globals[key] = (top.globals[key] if top is not None and key in top.globals
                                 else self.base.globals[key])
        return self.globals[key]

    def random(self):
        """The random generator (SHUFFLE's); ``rng`` may be given as its state only."""
        if self.rng is None:
            return None
        if type(self.rng) is int:
            from ...engine.rng import Rng
            rng, rng.state = Rng(0), self.rng
            self.rng = rng
        self.used_rng = True
        return self.rng

    # -- limits ------------------------------------------------------------------------
    # A tick is ``rt.chunk -= 1; if rt.chunk < 0: rt.next_chunk(line)``: the steps are
    # counted in chunks of up to CLOCK_EVERY, and the clock is read between chunks.
    def next_chunk(self, line: int) -> None:
        """The current chunk of steps is used up: count it, look at the clock, go on."""
        self.steps += self.chunk_size - self.chunk
        limits = self.limits
        if self.steps > limits.max_steps:
            raise CdlRunawayError(line, f"The program ran more than {limits.max_steps:,} steps without "
                                        "finishing (an endless WHILE?); it was stopped")
        if time.monotonic() > self.deadline:
            error = CdlRunawayError(line, f"The program ran longer than {limits.max_seconds:g} s "
                                          "without finishing; it was stopped")
            error.clock = True
            raise error
        self.chunk_size = self.chunk = min(CLOCK_EVERY, limits.max_steps - self.steps)

    def charge(self, steps: int, line: int) -> None:
        """Count ``steps`` more steps at once (the cost of a long text)."""
        self.chunk -= steps
        if self.chunk < 0:
            self.next_chunk(line)

    def used_steps(self) -> int:
        return self.steps + self.chunk_size - self.chunk

    # -- the result --------------------------------------------------------------------
    def shape(self) -> tuple:
        """What the run has read so far, as ``RunResult.shape`` gives it."""
        return (tuple(self.stacks), tuple(self.bottoms), tuple(self.fetched), self.used_rng, tuple(self.lengths),
                tuple(self.peeks.items()))

    def result(self, value) -> RunResult:
        result = RunResult()
        (result.read_stacks, result.read_bottoms, result.read_globals, _, result.read_lengths,
         result.read_peeks) = self.shape()
        result.stacks = {key: tuple(cards) for key, cards in self.stacks.items()}
        result.bottoms = self.bottoms
        result.globals = self.globals
        result.used_rng = self.used_rng
        result.rng_state = self.rng.state if self.used_rng else None
        result.value = value
        result.events = []          # the caller gives it the output's events
        result.overflowed = False
        return result


def recursion_room(limits: Limits) -> int:
    """Python frames a run may need: a few per statement or expression nested in
    each of ``max_depth`` calls (the parser bounds that nesting)."""
    return (limits.max_depth + 2) * (3 * MAX_NESTING + 20) + 2000


def execute(program: CompiledProgram, state: State, rng, output: Output, limits: Limits,
            method: Method | None = None, stack: StackInfo | None = None, position: int | None = None,
            routine: str | None = None, args=(), context: StackInfo | None = None) -> RunResult:
    """Run a stack's method (with that stack as the contextual object) or a routine,
    on ``state`` (which is not changed).  Raises CdlRuntimeError."""
    code = program.code         # the closures compile() made (compiler.py)
    rt = Runtime(program, code, state, rng, output, limits)
    old_limit = sys.getrecursionlimit()
    room = recursion_room(limits)
    if old_limit < room:
        sys.setrecursionlimit(room)
    try:
        if method is not None:
            rt.context = stack
            rt.locals = {p.key: position for p in method.params}
            code.methods[method](rt)
            value = None
        else:
            rt.context = context
            rt.depth = -1       # the routine's own frame is not a nested call
            value = code.routines[routine](rt, list(args), program.routines[routine].line)
    except CdlRuntimeError as error:
        # what the run had read when it failed: the error follows from those values alone
        # (unless the wall clock stopped it)
        error.reads = rt.shape()
        raise
    except RecursionError:
        line = method.line if method is not None else program.routines[routine].line
        raise CdlRunawayError(line, "The program nests too deeply (endless recursion?)") from None
    finally:
        if old_limit < room:
            sys.setrecursionlimit(old_limit)
    return rt.result(value)


class Interpreter:
    """Runs methods and routines on a ``State``, changing it in place: the simple
    interface (the ruleset uses ``execute`` and keeps states as values)."""

    def __init__(self, program: CompiledProgram, state: State, rng=None, output: Output | None = None,
                 limits: Limits | None = None):
        self.program = program
        self.state = state
        self.rng = rng
        self.output = output or Output()
        self.limits = limits or Limits()

    def run_method(self, stack: StackInfo, method: Method, position: int | None = None) -> None:
        """Run a stack's method with that stack as the contextual object."""
        result = execute(self.program, self.state, self.rng, self.output, self.limits,
                         method=method, stack=stack, position=position)
        self.state.apply(result)

    def call_routine(self, key: str, args=(), context: StackInfo | None = None):
        result = execute(self.program, self.state, self.rng, self.output, self.limits,
                         routine=key, args=args, context=context)
        self.state.apply(result)
        return result.value


def value_class(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "string"
    return "stack"


def describe_value(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, StackInfo):
        return f"the stack {value.name}"
    if isinstance(value, str):
        return f"the string {value!r}"
    return f"the number {value}"

