"""Transactions on states, and the cache that makes listing them cheap.

A transaction is what the help file describes: the press calls the source
stack's From method (``SelectLeftFrom``, ``SelectLeft``, ``SelectFrom``,
``Select``; Right for ADJUST); if that leaves cards on the CURSOR the release
calls the destination's To method, and cards still on the CURSOR afterwards
cancel the transaction; ``integrity?`` then runs (FALSE undoes it), and
``win?`` and ``loose?`` run on the result (a runtime error in any of them
undoes it too).  Nothing here knows the engine's ``Game``: a transaction goes
from a ``View`` (a state and the changes made to it so far) to an ``Outcome``.

**The run cache.**  A run (a method, a predicate) reads only part of the
state, and the ``Runtime`` records which part (every stack, drawing and
variable it touched, and the random generator if it drew from it).  Running
the same method or routine (same stack, position, arguments and contextual
stack) on a state that agrees on that part takes the same path, reads the
same things and ends the same way, so its result (changes, events, returned
value, or runtime error) can be reused: ``RunCache`` keeps results keyed by
what the run was, the shape of what it read, and the values read.  The only
result that depends on anything else, a run stopped by the wall clock, is
never kept.  This is what makes listing every transaction after each move
cheap: after a move, most stacks are as they were, and so are the results of
pressing them.
A run that asks for a stack's top card by ``S[S!]``, or whether it has cards
by ``S! > 0`` (``<> 0``, ``= 0``), reads only that (``Runtime.peek``,
``filled``): its result serves every stack that agrees on it, whatever is
underneath and whatever the size.

**Top-only stacks.**  Where play code can see nothing of a stack but its size
and top card, and only puts cards on it or turns its top (``buried.py``:
Golf's waste), what a run of play code does cannot depend on the cards under
the top, and it leaves them as they were.  So the cache reads such a stack as
its size and top card, and a result found for another stack with the same size
and top is put on this one's own cards (``rebased``): every card the result
holds below the old top is this stack's (the cache keeps such a stack as its
cards from the old top up: ``tailed``).  A size-blind one (``buried.py``: its
size is used only to find its top) is read as its top card alone, while the
position has too few cards for a stack to outgrow its limit (``State.few_cards``).
Start and Help may look at anything, so their runs read every stack whole.

**Listings.**  A search lists every transaction on every position it goes on
from.  ``Machine.listing`` keeps, for each stack and button, the whole list of
transactions that start with a press there (the presses, their releases,
integrity?), keyed by everything those runs read put together: a position that
agrees on those values gets the list back in one look-up.
"""
from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import Any

from .buried import size_blind_stacks, top_only_stacks
from .compiler import compile_program
from .errors import CdlRunawayError, CdlRuntimeError
from .interpreter import Limits, Output, RunResult, State, execute
from .model import CURSOR, CompiledProgram, StackInfo, method_chain

NOTHING = "Nothing happens there"
CANCELLED = "That can't go there"
INTEGRITY = "The rules of the game don't allow that"

#: runs the cache keeps before it starts afresh, and shapes of reads per kind of run
CACHE_RUNS = 200_000
#: once a run of a listing has run away, its other runs may take this share of the step
#: budget (50,000 steps of 2,000,000: a release or a press of the bundled programs takes
#: at most a few thousand), each stopped sooner, as a runaway, and left out of the listing
HURRIED_SHARE = 40
CACHE_SHAPES = 8


class View:
    """A state as a transaction sees it: ``base`` and the entries changed or read since."""

    __slots__ = ("base", "stacks", "bottoms", "globals")

    def __init__(self, base: State, stacks=None, bottoms=None, globals_=None):
        self.base = base
        self.stacks = stacks if stacks is not None else {}
        self.bottoms = bottoms if bottoms is not None else {}
        self.globals = globals_ if globals_ is not None else {}

    def stack(self, key: str) -> tuple:
        cards = self.stacks.get(key)
        return self.base.stacks[key] if cards is None else cards

    def then(self, result: RunResult) -> View:
        return View(self.base, {**self.stacks, **result.stacks}, {**self.bottoms, **result.bottoms},
                    {**self.globals, **result.globals})

    def changes(self) -> tuple[dict, dict, dict]:
        """What differs from the base: stacks, drawings, variables."""
        base = self.base
        return ({k: v for k, v in self.stacks.items() if base.stacks[k] != v},
                {k: v for k, v in self.bottoms.items() if base.bottoms[k] != v},
                {k: v for k, v in self.globals.items() if base.globals[k] != v})

    def key(self) -> tuple:
        """The resulting state, as a key (views of one base compare by their changes)."""
        base = self.base
        stacks = tuple(sorted(item for item in self.stacks.items() if base.stacks[item[0]] != item[1]))
        if not (self.bottoms or self.globals):
            return stacks, (), ()
        bottoms, globals_ = base.bottoms, base.globals
        return (stacks, tuple(sorted(item for item in self.bottoms.items() if bottoms[item[0]] != item[1])),
                tuple(sorted((k, v.key if isinstance(v, StackInfo) else v)
                             for k, v in self.globals.items() if globals_[k] != v)))

    def cards_changed(self) -> bool:
        """Do its stacks or drawings differ from the base (not only its variables)?"""
        base = self.base
        return (any(base.stacks[k] != v for k, v in self.stacks.items())
                or any(base.bottoms[k] != v for k, v in self.bottoms.items()))

    def differs(self) -> bool:
        base = self.base
        return (self.cards_changed() or any(base.globals[k] != v for k, v in self.globals.items()))

    def state(self) -> State:
        """The whole state (a new one)."""
        base = self.base
        return State({**base.stacks, **self.stacks}, {**base.bottoms, **self.bottoms},
                     {**base.globals, **self.globals})



class Outcome:
    """A transaction as far as it went: the view it left, its events, the random
    generator's state, and the refusal (None when accepted)."""

    __slots__ = ("view", "events", "rng_state", "refusal", "carried", "won", "lost")

    def __init__(self, view: View, events: list, rng_state, refusal: str | None = None, carried: bool = False):
        self.view = view
        self.events = events
        self.rng_state = rng_state
        self.refusal = refusal
        self.carried = carried
        self.won = self.lost = False

    def refused(self, default: str) -> Outcome:
        return Outcome(self.view, self.events, self.rng_state, refusal_text(self.events, default))


def merge(reads: list, shape, known=()) -> None:
    """Add a run's reads (a shape: stacks, drawings, variables, random, lengths, top cards) to
    ``reads``, but for the variables in ``known``: those a run earlier in the same
    transaction read or set (a view's ``globals``), whose value there is the base's
    (already among ``reads``) or what that run set from what it read (as good as read)."""
    if shape is None:
        reads[3] = True     # not known: depend on the generator too, so as never to be wrong
        return
    stacks, bottoms, globals_, used_rng, lengths, peeks = shape
    reads[0].update(stacks)
    reads[1].update(bottoms)
    reads[2].update([key for key in globals_ if key not in known] if known else globals_)
    reads[3] = reads[3] or used_rng
    reads[4].update(lengths)
    reads[5].update(peeks)


def no_reads() -> list:
    """An empty gathering of reads, for ``merge``."""
    return [set(), set(), set(), False, set(), set()]


def frozen(reads: list) -> tuple:
    """Reads gathered by ``merge`` as a shape."""
    return tuple(reads[0]), tuple(reads[1]), tuple(reads[2]), reads[3], tuple(reads[4]), tuple(reads[5])


def reads_only(result: RunResult, *keys: str) -> bool:
    """Did a run read nothing but (the cards, lengths or top cards of) these stacks?"""
    return (not result.read_globals and not result.read_bottoms and not result.used_rng
            and all(key in keys for key in result.read_stacks) and all(key in keys for key in result.read_lengths)
            and all(key in keys for key, _ in result.read_peeks))


def refusal_text(events, default: str) -> str:
    """Text written during a refused transaction is its refusal message."""
    text = "".join(event[1] for event in events if event[0] == "write").strip()
    return text[:2000] or default


def _whole_and(found: tuple, split: int) -> tuple:
    """Stacks read whole, then stacks' top cards."""
    return found[:split] + tuple([cards[-1] if cards else None for cards in found[split:]])


#: ``RunCache.reader``'s shapes of stacks of one kind alone, by the kind's group: how the
#: stacks fetched become the values (None: as they are: stacks read whole; ``len``: their
#: sizes; the top cards asked for, or whether stacks have cards, are told by the peeks)
_SIMPLE: dict = {0: None, 3: len}


def _simple_reader(keys: tuple, convert, split: int):
    """A reader of stacks alone, each turned into its value by ``convert`` (None: its cards;
    ``len``; ``bool``; "top": its top card; ``_whole_and``: the first ``split`` whole, then
    top cards), written out for one stack and for several: the shapes a listing looks up
    a dozen of for every position searched."""
    if len(keys) == 1:
        key = keys[0]
        if convert is None:
            def read_cards(view: View, rng_state) -> tuple:
                cards = view.stacks.get(key)
                return (view.base.stacks[key] if cards is None else cards,)
            return read_cards
        if convert == "top":
            def read_top(view: View, rng_state) -> tuple:
                cards = view.stacks.get(key)
                if cards is None:
                    cards = view.base.stacks[key]
                return (cards[-1] if cards else None,)
            return read_top
        if convert is len or convert is bool:
            def read_one(view: View, rng_state) -> tuple:
                cards = view.stacks.get(key)
                return (convert(view.base.stacks[key] if cards is None else cards),)
            return read_one
    get = itemgetter(*keys) if len(keys) > 1 else lambda found: (found[keys[0]],)
    if convert is None:
        def read_whole(view: View, rng_state) -> tuple:
            changed = view.stacks
            return get(view.base.stacks if not changed else {**view.base.stacks, **changed})
        return read_whole
    if convert == "top":
        def read_tops(view: View, rng_state) -> tuple:
            changed = view.stacks
            return tuple([cards[-1] if cards else None
                          for cards in get(view.base.stacks if not changed else {**view.base.stacks, **changed})])
        return read_tops
    if convert is _whole_and:
        def read_whole_and(view: View, rng_state) -> tuple:
            changed = view.stacks
            return _whole_and(get(view.base.stacks if not changed else {**view.base.stacks, **changed}), split)
        return read_whole_and

    def read_each(view: View, rng_state) -> tuple:
        changed = view.stacks
        return tuple(map(convert, get(view.base.stacks if not changed else {**view.base.stacks, **changed})))
    return read_each


class RunCache:
    """Results of runs, keyed by what ran and the values it read (see the module's doc)."""

    def __init__(self, blind=frozenset()):
        # kind -> [(shape, its reader, {values read: RunResult or CdlRuntimeError})]; a
        # shape is (stacks, bottoms, globals, used_rng, lengths, peeks) read
        self.shapes: dict = {}
        #: top-only stacks play reads as their top card alone (``buried.size_blind_stacks``)
        self.blind = blind
        self.readers: dict = {}     # (shape, tops) -> reader
        self.size = 0               # results kept
        self.hits = self.misses = 0

    def reader(self, shape, tops=()):
        """The values a run of this shape read, as a function ``(view, rng_state) ->
        tuple``: a stack read whole as its cards; one of ``tops`` (top-only stacks, for
        runs of play code) as its size and top card, or, for a size-blind one
        (``blind``), as its top card alone while the cards are too few to outgrow a
        stack; a stack whose size alone was read as that (nothing, for a size-blind
        top-only one while the cards are few); one whose top card was asked for as
        that card, or whether it has cards; then the drawings and variables read, and
        the random generator's state if it was used.  The stacks are fetched at once
        (``itemgetter``) in groups of one kind, each turned into values by one
        comprehension: a listing looks up a dozen of these for every position searched."""
        stacks, bottoms, globals_, used_rng, lengths, asked = shape
        blind = self.blind
        # (the size and top card of a stack read whole, or as its size and top, are in that already)
        lengths = tuple(key for key in lengths if key not in stacks)
        # (a stack's top card, or whether it has cards, which its top card tells too:
        # ``Runtime.peek`` and ``filled``)
        peeks = tuple((key, top) for key, top in asked if key not in stacks and (top or (key, True) not in asked))
        groups = (tuple(key for key in stacks if key not in tops),                      # cards
                  tuple(key for key in stacks if key in tops and key not in blind),     # (size, top)
                  tuple(key for key in stacks if key in tops and key in blind),         # top (few) or (size, top)
                  tuple(key for key in lengths if not (key in tops and key in blind)),  # size
                  tuple(key for key in lengths if key in tops and key in blind),        # None (few) or size
                  tuple(key for key, _ in peeks))                                       # top, or has cards
        peek_tops = tuple(top for _, top in peeks)
        keys = sum(groups, ())
        ends = [0]
        for group in groups:
            ends.append(ends[-1] + len(group))
        whole, sized, blind_top, lens, blind_lens, peeked = (slice(a, b) for a, b in zip(ends, ends[1:]))
        few_matters = bool(groups[2] or groups[4])
        # (the values in the order of the shape: the stacks read, the lengths, the top cards;
        # the groups' values put back in it)
        slots = [(0, key) for key in stacks] + [(1, key) for key in lengths]
        grouped = [(0, key) for key in groups[0] + groups[1] + groups[2]] + [(1, key) for key in groups[3] + groups[4]]
        order = [grouped.index(slot) for slot in slots]
        order += range(len(order), len(keys) + len(bottoms) + len(globals_) + used_rng)
        put_back = None if order == sorted(order) else itemgetter(*order)
        extra = bool(bottoms or globals_ or used_rng)

        alone = next((i for i, group in enumerate(groups) if keys and group == keys), None)
        simple = (None if alone != 5 else "top" if all(peek_tops) else bool if not any(peek_tops) else None)
        if not extra and (alone in (0, 3) or simple is not None):
            return _simple_reader(keys, simple or _SIMPLE[alone], 0)
        get = itemgetter(*keys) if len(keys) > 1 else lambda found: tuple([found[key] for key in keys])
        if not extra and groups[0] + groups[2] == keys:
            # (a waste's top card with the stock that deals to it, read whole)
            split = ends[1]

            def read_blind(view: View, rng_state) -> tuple:
                changed = view.stacks
                found = get(view.base.stacks if not changed else {**view.base.stacks, **changed})
                if view.base.few_cards:
                    return found[:split] + tuple([cards[-1] if cards else None for cards in found[split:]])
                return found[:split] + tuple([(len(cards), cards[-1] if cards else None) for cards in found[split:]])
            return read_blind if put_back is None else lambda view, rng_state: put_back(read_blind(view, rng_state))
        if not extra and groups[0] + groups[5] == keys and all(peek_tops):
            # (and a stack read whole: a press that took its top card)
            return _simple_reader(keys, _whole_and, ends[1])

        def read(view: View, rng_state) -> tuple:
            if keys:
                changed = view.stacks
                found = get(view.base.stacks if not changed else {**view.base.stacks, **changed})
                values = found[whole]
                few = few_matters and view.base.few_cards
                if groups[1]:
                    values += tuple([(len(cards), cards[-1] if cards else None) for cards in found[sized]])
                if groups[2]:
                    values += tuple([(cards[-1] if cards else None) if few
                                     else (len(cards), cards[-1] if cards else None) for cards in found[blind_top]])
                if groups[3]:
                    values += tuple(map(len, found[lens]))
                if groups[4]:
                    values += tuple([None if few else len(cards) for cards in found[blind_lens]])
                if peek_tops:
                    values += tuple([(cards[-1] if cards else None) if top else bool(cards)
                                     for cards, top in zip(found[peeked], peek_tops)])
            else:
                values = ()
            if bottoms:
                drawn, base_drawn = view.bottoms, view.base.bottoms
                values += tuple([drawn[k] if k in drawn else base_drawn[k] for k in bottoms])
            if globals_:
                set_, base_set = view.globals, view.base.globals
                values += tuple([set_[k] if k in set_ else base_set[k] for k in globals_])
            if used_rng:
                values += (rng_state,)
            return values if put_back is None else put_back(values)
        return read

    def _reader(self, shape, tops):
        read = self.readers.get((shape, tops))
        if read is None:
            read = self.readers[shape, tops] = self.reader(shape, tops)
        return read

    def find(self, kind, view: View, rng_state):
        """(Each shape kept for a kind has its reader, made with the top-only stacks
        that kind of run reads so: always the same ones for one kind.)"""
        return self.lookup(kind, view, rng_state)[0]

    def lookup(self, kind, view: View, rng_state) -> tuple:
        """``find``'s result and the shape of what it was found by (None, None if not found)."""
        for shape, read, table in self.shapes.get(kind, ()):
            found = table.get(read(view, rng_state))
            if found is not None:
                self.hits += 1
                return found, shape
        self.misses += 1
        return None, None

    def keep(self, kind, view: View, rng_state, shape, found, tops=frozenset()) -> None:
        if self.size >= CACHE_RUNS:
            self.shapes.clear()
            self.readers.clear()
            self.size = 0
        shapes = self.shapes.setdefault(kind, [])
        entry = next((entry for entry in shapes if entry[0] == shape), None)
        if entry is None:
            if len(shapes) >= CACHE_SHAPES:
                return
            entry = (shape, self._reader(shape, tops), {})
            shapes.append(entry)
        _, read, table = entry
        values = read(view, rng_state)
        if values not in table:
            self.size += 1
        table[values] = found


def one_per_state(listing) -> list:
    """Of the transactions ``listing`` gives (``CdlRuleset.accepted``'s entries: priority,
    move, what it was, outcome), one per state they end in: the one of lowest priority,
    the first met among equals; in that order (by priority, then as met)."""
    best: dict = {}             # resulting state -> (priority, order, entry)
    for entry in listing:
        state = entry[3].view.key()
        if state not in best or entry[0] < best[state][0]:
            best[state] = (entry[0], len(best), entry)
    return [entry for _, _, entry in sorted(best.values(), key=lambda kept: kept[:2])]


def tailed(stacks: dict, view: View, tops) -> dict:
    """A result's stacks (a run's, or a transaction's changes) as the run cache keeps them:
    a top-only stack as its cards from where the view's top card was, up (play leaves
    the cards below as they were)."""
    return _each_top(stacks, tops, lambda key, new: new[max(len(view.stack(key)) - 1, 0):])


def rebased(stacks: dict, view: View, tops) -> dict:
    """Stacks the run cache kept (``tailed``) put on ``view``: the cards a top-only stack
    holds below its top are the view's own (the result was found for a stack with the
    same top card, and the same size unless the stack is size-blind)."""
    def put(key: str, tail: tuple) -> tuple:
        old = view.stack(key)
        return old[:max(len(old) - 1, 0)] + tail
    return _each_top(stacks, tops, put)


def _each_top(stacks: dict, tops, change) -> dict:
    """``stacks`` with each top-only stack it holds as ``change(key, cards)`` makes it (a new
    dict if any; the same one if it holds none)."""
    changed = None
    for key in tops:
        cards = stacks.get(key)
        if cards is not None:
            if changed is None:
                changed = dict(stacks)
            changed[key] = change(key, cards)
    return stacks if changed is None else changed


class Machine:
    """Runs a program's methods and routines on views, through the run cache."""

    def __init__(self, program: CompiledProgram, limits: Limits | None = None):
        self.program = program
        if program.code is None:
            program.code = compile_program(program)
        self.limits = limits or Limits()
        #: the top-only stacks (``buried.py``), read as their size and top card by runs of play
        #: code, and of those the size-blind ones, read as their top card alone
        tops = top_only_stacks(program)
        self.tops = frozenset(stack.key for stack in tops)
        self.blind = frozenset(stack.key for stack in size_blind_stacks(program, tops) if not any(
            self.positioned(method) for key, method in stack.methods.items() if key not in ("start", "help")))
        self.cache = RunCache(self.blind)
        self.has_integrity = "integrity?" in program.routines
        self.verdict_keys = [key for key in ("win?", "loose?") if key in program.routines]
        #: (stack key, button, phase) -> the method a press ("from") or release ("to") of the
        #: button on the stack runs, or None (``method_chain``: the most specific one it has)
        self.methods = {(stack.key, button, phase): stack.method(*method_chain(button, phase))
                        for stack in program.stacks.values() for button in ("left", "right")
                        for phase in ("from", "to")}
        self._releases: dict = {}       # (stack, button, CURSOR, its cards) -> RunResult (``release_accepted``)
        #: a listing met a run that ran away: its other runs have a share of the budget
        #: (``HURRIED_SHARE``), so that a program whose every release runs away is listed in
        #: seconds, not in the whole budget's time once per stack
        self.hurried = False

    def forget(self) -> None:
        """Drop every remembered run (what ran under other limits may end otherwise now)."""
        self.cache = RunCache(self.blind)
        self._releases.clear()

    def uses_position(self) -> dict:
        """Method -> whether it looks at its position parameter (when it doesn't, a
        press on any card of its stack does the same)."""
        return self.program.code.position_used

    def positioned(self, method) -> bool:
        """Does the method look at its position (a method not known is taken to)?"""
        return self.program.code.position_used.get(method, True)

    # -- one run -----------------------------------------------------------------------
    def run(self, view: View, rng_state, *, method=None, stack: StackInfo | None = None, position=None,
            routine: str | None = None, args=(), context: StackInfo | None = None) -> RunResult:
        """Run a method or routine on ``view``; its result (or its runtime error) may come
        from the cache.  Raises CdlRuntimeError."""
        kind: tuple
        tops = self.tops
        if method is not None:
            assert stack is not None        # a method runs on its stack
            # (a method that doesn't look at its position does the same at any)
            kind = (method, stack.key, position if self.positioned(method) else None)
            if method.key in ("start", "help"):
                tops = frozenset()
        else:
            kind = (routine, tuple(args), context.key if context is not None else None)
        found = self.cache.find(kind, view, rng_state)
        if found is None:
            found = self._run(view, rng_state, kind, method, stack, position, routine, args, context, tops)
        elif tops and not isinstance(found, CdlRuntimeError):
            stacks = rebased(found.stacks, view, tops)
            if stacks is not found.stacks:
                found = found.with_stacks(stacks)
        if isinstance(found, CdlRuntimeError):
            error = type(found)(found.line, found.message)   # a new one: a raise adds to its traceback
            error.reads = getattr(found, "reads", None)
            raise error
        return found

    def run_reading(self, reads: list | None, view: View, rng_state, known=(), **how) -> RunResult:
        """``run``, adding to ``reads`` (when given) what the run read (but the variables in
        ``known``: ``merge``), or, failing, what it had read when it failed."""
        try:
            result = self.run(view, rng_state, **how)
        except CdlRuntimeError as error:
            if reads is not None:
                merge(reads, getattr(error, "reads", None))
            raise
        if reads is not None:
            merge(reads, result.shape(), known)
        return result

    def _run(self, view, rng_state, kind, method, stack, position, routine, args, context, tops):
        output = Output()
        limits = self.limits if not self.hurried else replace(self.limits, max_steps=max(
            1, self.limits.max_steps // HURRIED_SHARE))
        try:
            result = execute(self.program, view, rng_state, output, limits, method=method, stack=stack,
                             position=position, routine=routine, args=args, context=context)
        except MemoryError:
            line = method.line if method is not None else self.program.routines[routine].line
            raise CdlRuntimeError(line, "The program ran out of memory") from None
        except CdlRuntimeError as error:
            if self.hurried and isinstance(error, CdlRunawayError):
                error.clock = True      # (stopped short of the whole budget: never kept)
            reads = getattr(error, "reads", None)
            if reads is not None and not getattr(error, "clock", False):
                self.cache.keep(kind, view, rng_state, reads, error, tops)
            raise
        result.events = output.events
        result.overflowed = output.overflowed
        if not output.overflowed:
            kept = tailed(result.stacks, view, tops) if tops else result.stacks
            self.cache.keep(kind, view, rng_state, result.shape(),
                            result if kept is result.stacks else result.with_stacks(kept), tops)
        return result

    # -- transactions --------------------------------------------------------------------
    def press(self, view: View, rng_state, stack: StackInfo, n: int, button: str, reads=None) -> Outcome:
        """The press half: the source stack's From method on the Nth card from the top.
        (``reads``, when given, gathers what the press read; see ``presses``.)"""
        size = len(view.stack(stack.key))
        if size == 0 and n == 1:
            position = 0
        elif n > size:
            return Outcome(view, [], rng_state, "There is no card there" if size == 0 else
                           "There aren't that many cards there")
        else:
            position = size - n + 1
        method = self.methods[stack.key, button, "from"]
        if method is None:
            return Outcome(view, [], rng_state, NOTHING)
        result = self.run_reading(reads, view, rng_state, method=method, stack=stack, position=position)
        after = Outcome(view.then(result), list(result.events), self.rng_after(result, rng_state))
        if not after.view.differs():
            return after.refused(NOTHING)
        after.carried = bool(after.view.stack(CURSOR.key))
        return after

    def presses(self, view: View, rng_state, stack: StackInfo, button: str, positions: bool,
                failures: list | None = None, reads: list | None = None) -> list:
        """The presses a listing tries on ``stack``: ``(n, outcome)`` for each accepted
        press that ends in a state no press nearer the top gave, up to the first that
        runs away.  Every position is tried when ``positions`` (the method looks at
        its position), else the top card only.  Worked out once for the stack's
        contents and whatever else the presses read (their runs' reads, put together).
        ``failures``, if given, receives the error of each press that failed as it ran
        (a search must know of one the wall clock stopped: ``search.py``).  ``reads``,
        when given, gathers what the presses read (as ``merge`` does)."""
        size = len(view.stack(stack.key))
        kind = ("presses", stack.key, button, size if positions else None)
        tops = self.tops
        found, shape = self.cache.lookup(kind, view, rng_state)
        if found is not None:
            if reads is not None:
                merge(reads, shape)
            # (a press that left the generator alone keeps this view's state of it)
            return [(n, Outcome(View(view.base, rebased(stacks, view, tops) if tops else stacks, bottoms, globals_),
                                list(events), rng_state if rng is None else rng, None, carried))
                    for n, (stacks, bottoms, globals_), events, rng, carried in found]
        accepted: list[tuple[int, Outcome]] = []
        seen: set = set()
        outer, reads = reads, no_reads()
        timed_out = False
        for n in range(1, (max(size, 1) if positions else 1) + 1):
            try:
                press = self.press(view, rng_state, stack, n, button, reads)
            except CdlRuntimeError as error:
                if failures is not None:
                    failures.append(error)
                if isinstance(error, CdlRunawayError):
                    timed_out = getattr(error, "clock", False)
                    self.hurried = True
                    break
                continue
            if press.refusal is not None:
                continue
            key = press.view.key()
            if key not in seen:
                seen.add(key)
                accepted.append((n, press))
        if outer is not None:
            merge(outer, frozen(reads))
        if timed_out:
            return accepted     # (what the wall clock stopped is never kept)
        shape = frozen(reads)
        self.cache.keep(kind, view, rng_state, shape,
                        [(n, (tailed(o.view.stacks, view, tops), o.view.bottoms, o.view.globals), o.events,
                          None if o.rng_state == rng_state else o.rng_state, o.carried)
                         for n, o in accepted], tops)
        return accepted

    def listing(self, view: View, rng_state, stack: StackInfo, button: str | tuple, positions: bool, produce,
                args: tuple, failures: list | None = None, tag: Any = "listing") -> list:
        """A search's listing of the transactions that start with a press of ``button`` on
        ``stack`` (or of each of a tuple of buttons in turn; ``positions``: as ``presses``'s,
        for any of them), remembered whole.  ``produce(*args, failures,
        reads)`` lists them (``CdlRuleset.accepted``'s entries, without verdicts),
        gathering into ``reads`` what their presses, releases and integrity? read; the
        list is kept by those values, so a position that agrees on them gets it back in
        one look-up (with its own cards under a top-only stack's top: ``rebased``), not
        press by press and release by release.  Not kept when a run failed without
        saying what it had read, or was stopped by the wall clock.  ``tag`` tells a
        listing ``produce`` makes otherwise (fewer releases) from the whole ones."""
        if view.globals:
            # (what the releases read is gathered without the variables the press touched,
            # which a view of the listing's own would muddle: a search's listing is of a
            # state, never of such a view)
            return list(produce(*args, failures, None))
        kind = (tag, stack.key, button, len(view.stack(stack.key)) if positions else None)
        found = self.cache.find(kind, view, rng_state)
        if found is not None:
            tops, base = self.tops, view.base
            return [(priority, move, what,
                     Outcome(View(base, rebased(stacks, view, tops) if tops else stacks, bottoms, globals_), [],
                             rng_state if rng is None else rng))
                    for priority, move, what, stacks, bottoms, globals_, rng in found]
        reads: list[Any] = no_reads()
        failed: list = []
        entries = list(produce(*args, failed, reads))
        if failures is not None:
            failures.extend(failed)
        if any(getattr(error, "reads", None) is None or getattr(error, "clock", False) for error in failed):
            return entries
        kept: list = []
        for priority, move, what, outcome in entries:
            stacks, bottoms, globals_ = outcome.view.changes()
            stacks = tailed(stacks, view, self.tops)
            # (an entry ending as one kept before it, at no lower priority, is one that
            # ``one_per_state`` leaves out wherever the listing is used: Golf's ADJUST-click
            # that plays a card as its drag does; a listing holds a few entries, and
            # changes to other stacks tell themselves apart at once)
            if any(other[0] <= priority and other[3] == stacks and other[4] == bottoms and other[5] == globals_
                   for other in kept):
                continue
            kept.append((priority, move, what, stacks, bottoms, globals_,
                         None if outcome.rng_state == rng_state else outcome.rng_state))
        self.cache.keep(kind, view, rng_state, frozen(reads), kept, self.tops)
        return entries

    def release(self, press: Outcome, dest: StackInfo, button: str) -> Outcome:
        """The release half: the destination's To method (when cards are on the CURSOR),
        integrity?, and the verdicts."""
        view, events, rng_state = press.view, press.events, press.rng_state
        if press.carried:
            method = self.methods[dest.key, button, "to"]
            if method is None:
                return Outcome(view, events, rng_state, CANCELLED)
            result = self.run(view, rng_state, method=method, stack=dest, position=len(view.stack(dest.key)))
            view, events = view.then(result), events + result.events
            rng_state = self.rng_after(result, rng_state)
            if view.stack(CURSOR.key):
                return Outcome(view, events, rng_state, refusal_text(events, CANCELLED))
        return self.finish(view, events, rng_state)

    def release_accepted(self, press: Outcome, dest: StackInfo, button: str,
                         verdicts: bool = True, reads: list | None = None) -> Outcome | None:
        """``release`` for a listing, which wants only the accepted ones: None, as soon as
        it is known, where ``release`` would refuse (its refusal is never worked out).
        ``verdicts``: as ``finish``'s; ``reads``, when given, gathers what the release
        read besides what the press did (its runs', and the destination's size)."""
        if not press.carried:
            outcome = self.finish(press.view, press.events, press.rng_state, verdicts, reads)
            return outcome if outcome.refusal is None else None
        method = self.methods[dest.key, button, "to"]
        if method is None:
            return None
        view, rng_state = press.view, press.rng_state
        # most releases read only the CURSOR and the destination: remembered by those two
        here = view.stack(dest.key)
        tops = self.tops
        top = here[-1] if here else None
        positioned = self.positioned(method)
        if dest.key in tops and dest.key in self.blind and not positioned and view.base.few_cards:
            quick = (dest.key, button, view.stack(CURSOR.key), top)
        else:
            quick = (dest.key, button, view.stack(CURSOR.key), (len(here), top) if dest.key in tops else here)
        result = self._releases.get(quick)
        if result is not None and dest.key in tops:
            stacks = rebased(result.stacks, view, tops)
            if stacks is not result.stacks:
                result = result.with_stacks(stacks)
        if reads is not None and positioned:
            reads[4].add(dest.key)      # (its size is the run's position)
        if result is None:
            # (of the variables it reads, those the press read or set are the press's reads'
            # already: ``merge``; the view is the listing's, which has none of its own, and
            # what the press touched)
            result = self.run_reading(reads, view, rng_state, view.globals, method=method, stack=dest,
                                      position=len(here))
            if not result.overflowed and reads_only(result, CURSOR.key, dest.key):
                if len(self._releases) >= CACHE_RUNS:
                    self._releases.clear()
                self._releases[quick] = result.with_stacks(tailed(result.stacks, view, tops)) \
                    if dest.key in tops else result
        elif reads is not None:
            merge(reads, result.shape(), view.globals)
        cursor = result.stacks.get(CURSOR.key)
        if cursor is None or cursor:
            return None         # (cards left on the CURSOR: cancelled)
        outcome = self.finish(view.then(result), press.events + result.events, self.rng_after(result, rng_state),
                              verdicts, reads)
        return outcome if outcome.refusal is None else None

    def finish(self, view: View, events: list, rng_state, verdicts: bool = True,
               reads: list | None = None) -> Outcome:
        """After the methods: refused if nothing changed; integrity?; then win? and loose?
        (unless not ``verdicts``: then ``won`` and ``lost`` are not worked out, and an
        error in them is not found).  ``reads``: as ``release_accepted``'s (integrity?'s)."""
        if not view.differs():
            return Outcome(view, events, rng_state, refusal_text(events, NOTHING))
        if self.has_integrity:
            result = self.run_reading(reads, view, rng_state, view.globals, routine="integrity?")
            view, events = view.then(result), events + result.events
            rng_state = self.rng_after(result, rng_state)
            if not result.value:
                return Outcome(view, events, rng_state, refusal_text(events, INTEGRITY))
            if view.stack(CURSOR.key):
                line = self.program.routines["integrity?"].line
                raise CdlRuntimeError(line, f"integrity? (line {line}) must not leave cards on the CURSOR")
        outcome = Outcome(view, events, rng_state)
        if verdicts:
            outcome.won, outcome.lost = self.verdicts(view, rng_state)
        return outcome

    def transaction(self, view: View, rng_state, src: StackInfo, n: int, button: str,
                    dest: StackInfo) -> Outcome:
        press = self.press(view, rng_state, src, n, button)
        if press.refusal is not None:
            return press
        return self.release(press, dest, button)

    def verdicts(self, view: View, rng_state) -> tuple[bool, bool]:
        """win? and loose? on a view (their changes are thrown away); raises their errors."""
        return self.verdict(view, rng_state, "win?"), self.verdict(view, rng_state, "loose?")

    def verdict(self, view: View, rng_state, routine: str) -> bool:
        """One of them (False where the program has none)."""
        return routine in self.verdict_keys and bool(self.run(view, rng_state, routine=routine).value)

    @staticmethod
    def rng_after(result: RunResult, rng_state):
        return result.rng_state if result.used_rng else rng_state


__all__ = ["Machine", "Outcome", "RunCache", "View", "NOTHING", "CANCELLED", "INTEGRITY", "one_per_state"]
