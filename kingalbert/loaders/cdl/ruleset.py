"""``CdlRuleset``: a compiled CardsWorkShop program as an engine ``Ruleset``.

The game's piles are the program's stacks, in ORDER order, named as written.
A pile holds engine ``Card`` values; what the engine's cards cannot say is
kept in ``game.vars`` so that the engine's undo, redo and positions cover it:

* ``cdl:globals`` - the program's global variables (a STACK value by its name);
* ``cdl:shaded``  - for each pile with shaded cards, their positions (1 = bottom);
* ``cdl:bottoms`` - each pile's position-0 drawing when it is not the green circle.

Transactions are transactions.py's: each one runs on a view of the game's
state and is written back to the game only when it is accepted, so a refused
or failed one leaves no trace.  The engine's actions map onto them:
``SRC>DST`` presses SELECT on SRC's top card and releases it on DST,
``SRC:N>DST`` presses on the Nth card from the top, ``click:SRC[:N]``
presses and releases on SRC; ``adjust:SRC[:N]>DST`` and ``adjust:SRC[:N]``
are the same with ADJUST (the right button).  A press on an empty stack is at
position 0; the release is at the destination's top card (0 when empty).

The game is over once ``win?`` or ``loose?`` says so (the engine's ``Game``
then refuses every move and lists none).  Per game, the ruleset keeps the
state it last read and the transactions it worked out on it (``Session``),
until the game changes; the run cache (transactions.py) is shared by all
games of the ruleset.

For the desktop (all data, nothing drawn here), besides playfield.py's layout:

* ``picked_up(game, pile, n, button)``: the cards a press puts on the CURSOR,
  which follow the pointer while the button is held (``button="right"`` for
  an ADJUST drag);
* ``help_text(game, pile)`` runs the Help method (Play|Rules) and returns its
  ``HelpBox`` (title, box on the matrix, text, buttons); ``help_box(game)``
  is the box as it stands; ``on_button(game, i)`` (the move ``button:N``) runs a WAIT button's
  procedure as an undoable transaction;
* ``take_messages(game)`` (WRITE text, also given to ``game.say``) and
  ``take_events(game)`` (``("flash", pile, low, high)``, ``("draw", pile)``,
  ``("clear", title, box)``, ``("write", text)``, ``("wait", title, proc, stack)``).

A runtime error (or a runaway program stopped by the step or depth limit)
raises ``RuleFileError`` with the file and line; the transaction it happened
in leaves no trace.
"""
from __future__ import annotations

import re
import weakref
from collections import Counter, OrderedDict
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...engine.cards import Card
from ...engine.errors import IllegalMoveError, PositionError, RuleFileError
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.ruleset import Ruleset
from . import ast
from .chains import ChainBound, chain_bound
from .counters import counters as program_counters
from .errors import CdlFileError, CdlRunawayError, CdlRuntimeError
from .goals import goal_sizes
from .interpreter import CROSS_CARD, EMPTY_CARD, HelpBox, Limits, Output, State
from .model import CURSOR, CompiledProgram, StackInfo
from .playfield import SUITS, Playfield, from_card, to_card
from .search import CdlState, pile_role, score_of
from .symmetry import play_bodies, symmetric_stacks, wait_procedures, walk
from .transactions import CANCELLED, Machine, Outcome, View, one_per_state, refusal_text
from .transients import transients as program_transients
from .wanted import Wanted, probe

if TYPE_CHECKING:
    from ...engine.game import Game

#: CARD numbers of the engine's cards, and back (shaded cards are kept apart)
CARD_VALUES = {to_card(value): value for value in range(104)}
VALUE_CARDS = [to_card(value) for value in range(156)]


def decks_in(state: State) -> int:
    """How many decks a state's cards take: the most copies of any one card."""
    counts = Counter(card % 52 for cards in state.stacks.values() for card in cards)
    return max(1, max(counts.values(), default=1))


#: positions of one game whose transactions a session remembers (undo, a search)
KNOWN_POSITIONS = 256


class Known:
    """A position of a game and what was worked out on it."""

    __slots__ = ("state", "outcomes", "listing")

    def __init__(self, state: State):
        self.state = state
        self.outcomes: dict = {}            # (src, n, button, dst) -> Outcome; ("verdicts",) -> (won, lost)
        self.listing: list | None = None


class Session:
    """What the ruleset keeps for one game: what the game shows besides its piles
    (the help box, messages, events), the state read for the game's current
    version, and the transactions worked out on the last few positions (so that
    after an undo, or in a search, a position met again is known at once)."""

    def __init__(self):
        self.help: HelpBox = HelpBox()
        self.messages: list[str] = []
        self.events: list[tuple] = []
        self.version = None
        self.known: OrderedDict = OrderedDict()     # state key -> Known
        self.now: Known | None = None

    @property
    def here(self) -> Known:
        """What is known of the position read last (``CdlRuleset.current`` reads it)."""
        now = self.now
        if now is None:
            raise RuntimeError("no position has been read for this game yet")
        return now

    @property
    def state(self) -> State:
        return self.here.state

    @property
    def outcomes(self) -> dict:
        return self.here.outcomes

    @property
    def listing(self):
        return self.here.listing


def spaced(identifier: str) -> str:
    """A game's name as the player reads it: its identifier, a word at each capital that
    follows a small letter or a digit, and at each underscore (``AcesUp`` -> ``Aces Up``)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", identifier).replace("_", " ").strip() or identifier


class CdlRuleset(Playfield, Ruleset):
    decks = 1
    # REMOVE takes cards out of the game for good
    destroys_cards = True

    def __init__(self, program: CompiledProgram, limits: Limits | None = None):
        self.program = program
        self.name = spaced(program.name)
        self.source = program.filename
        self.machine = Machine(program, limits or Limits())
        self._sessions: weakref.WeakKeyDictionary[Game, Session] = weakref.WeakKeyDictionary()
        self.decks = 1
        self._decks_known = False   # set by the first deal (ADD may give any number of decks)
        # presses on a stack whose method ignores its position all do the same
        self._position_free = {method for method, used in self.machine.uses_position().items() if not used}
        self._groups: list | None = None    # the symmetric stacks, worked out when the solver asks
        self._listing: tuple | None = None  # the methods listings run (``_listing_methods``)
        self._stacks_pressed: list | None = None     # the same by stack (``_by_stack``)
        self._wanted: dict[tuple, Wanted | None] = {}   # (``wanted_cards``, by the foundations' cards)

    @property
    def limits(self) -> Limits:
        return self.machine.limits

    @limits.setter
    def limits(self, limits: Limits) -> None:
        self.machine.limits = limits
        self.machine.forget()       # what ran under other limits may end otherwise now
        self._sessions.clear()
        self._wanted.clear()

    # -- new game ------------------------------------------------------------------
    def setup(self, game: Game) -> None:
        roles = self.pile_roles
        for stack in self.program.order:
            game.add_pile(stack.name, roles[stack.key])

    def dealt_state(self, rng) -> tuple[State, list]:
        """Run the Start methods in ORDER order, then integrity? once."""
        view = View(State.initial(self.program))
        events: list = []
        rng_state = rng.state
        for stack in self.program.order:
            method = stack.methods.get("start")
            if method is None:
                continue
            # (the lambda runs at once, inside this turn of the loop)
            result = self.run(lambda: self.machine.run(view, rng_state, method=method, stack=stack))  # noqa: B023
            view, events = View(view.then(result).state()), events + result.events
            rng_state = self.machine.rng_after(result, rng_state)
            if view.stack(CURSOR.key):
                raise self.runtime_error(method.line, f"{stack.name}'s Start method (line {method.line}) "
                                                      "must not leave cards on the CURSOR")
        if "integrity?" in self.program.routines:
            result = self.run(lambda: self.machine.run(view, rng_state, routine="integrity?"))
            view, events = View(view.then(result).state()), events + result.events
            rng_state = self.machine.rng_after(result, rng_state)
            if view.stack(CURSOR.key):
                line = self.program.routines["integrity?"].line
                raise self.runtime_error(line, f"integrity? (line {line}) must not leave cards on the CURSOR")
        rng.state = rng_state
        return view.base, events

    def deal(self, game: Game) -> None:
        state, events = self.dealt_state(game.rng)
        # a deal on which win? or loose? fails is an error of the file
        self.run(lambda: self.machine.verdicts(View(state), game.rng.state))
        self.write_state(game, state)
        self.decks, self._decks_known = decks_in(state), True
        self.publish(game, events)

    def check_position(self, game) -> None:
        """Refuse a position from outside whose ``cdl:`` variables this program could not
        have written, with more copies of a card than a deal gives, or on which win?
        or loose? fail (the game could not tell whether it is over)."""
        problem = self.vars_problem(game)
        if problem is not None:
            raise PositionError(problem)
        if not self._decks_known:
            state, _ = self.dealt_state(Rng(0))
            self.decks, self._decks_known = decks_in(state), True
        super().check_position(game)
        try:
            self.run(lambda: self.machine.verdicts(View(self.read_state(game)), game.rng.state))
        except RuleFileError as error:
            raise PositionError(f"the rules fail on this position: {error}") from None

    def vars_problem(self, game) -> str | None:
        """What is wrong with the game's ``cdl:`` variables, or None."""
        piles = {pile.name: len(pile.cards) for pile in game.piles}
        for var in ("cdl:globals", "cdl:shaded", "cdl:bottoms"):
            if not isinstance(game.vars.get(var, {}), dict):
                return f"{var} must be an object"
        for name, positions in game.vars.get("cdl:shaded", {}).items():
            if name not in piles:
                return f"cdl:shaded names {name!r}, which is not a stack"
            if (not isinstance(positions, list)
                    or not all(type(p) is int and 1 <= p <= piles[name] for p in positions)):
                return f"cdl:shaded of {name!r} must list positions 1 to {piles[name]}"
        for name, value in game.vars.get("cdl:bottoms", {}).items():
            if name not in piles:
                return f"cdl:bottoms names {name!r}, which is not a stack"
            if type(value) is not int or not 0 <= value <= CROSS_CARD:
                return f"cdl:bottoms of {name!r} must be a card from 0 to {CROSS_CARD}"
        for key, value in game.vars.get("cdl:globals", {}).items():
            if key not in self.program.globals:
                return f"cdl:globals has {key!r}, which is not a variable of {self.name}"
            name, type_ = self.program.globals[key]
            if type_ == "stack":
                ok = value is None or (isinstance(value, str) and value.lower() in self.program.stacks)
            elif type_ == "boolean":
                ok = isinstance(value, bool)
            elif type_ == "string":
                ok = isinstance(value, str)
            else:
                ok = type(value) is int and -32768 <= value <= 32767
            if not ok:
                return f"cdl:globals: {name} ({type_.upper()}) cannot be {value!r}"
        return None

    # -- transactions --------------------------------------------------------------
    def outcome(self, game, src, n: int, button: str, dst=None) -> Outcome:
        """The transaction (a press only when ``dst`` is None), worked out once per
        game version.  Raises RuleFileError if the program fails in it."""
        session = self.current(game)
        key = (src.name, n, button, dst.name if dst is not None else None)
        found = session.outcomes.get(key)
        if found is None:
            view, rng_state = View(session.state), game.rng.state
            stack = self.stack(src)
            if dst is None:
                found = self.run(lambda: self.machine.press(view, rng_state, stack, n, button))
            else:
                found = self.run(lambda: self.machine.transaction(view, rng_state, stack, n, button,
                                                                  self.stack(dst)))
            session.outcomes[key] = found
        return found

    def check_pick(self, game, pile, n):
        return self.outcome(game, pile, n, "left").refusal

    def check_drop(self, game, src, n, dst):
        return self.outcome(game, src, n, "left", dst).refusal

    def on_drop(self, game, src, n, dst):
        self.commit(game, self.outcome(game, src, n, "left", dst))

    def can_click(self, game, pile) -> bool:
        return self.outcome(game, pile, 1, "left", pile).refusal is None

    def on_click(self, game, pile, n):
        return self.commit(game, self.outcome(game, pile, n, "left", pile), quiet=True)

    def on_adjust(self, game, pile, n):
        return self.commit(game, self.outcome(game, pile, n, "right", pile), quiet=True)

    def on_adjust_drop(self, game, src, n, dst):
        """An ADJUST drag: pressed with the right button on SRC, released on DST."""
        return self.commit(game, self.outcome(game, src, n, "right", dst), quiet=True)

    def commit(self, game, outcome: Outcome, quiet: bool = False):
        if outcome.refusal is not None:
            # nothing is logged, but a box the program opened (CLEAR, WAIT) still shows
            self.publish(game, outcome.events, refused=True)
            if quiet:
                return outcome.refusal
            raise IllegalMoveError(outcome.refusal)
        self.write_changes(game, outcome.view)
        if outcome.rng_state is not None:
            game.rng.state = outcome.rng_state
        self.publish(game, outcome.events)
        return None

    def picked_up(self, game, pile, n: int = 1, button: str = "left") -> list[Card] | None:
        """The cards a press on the Nth card from the top would put on the CURSOR
        (what follows the pointer while dragging): [] when the press moves cards
        elsewhere at once, None when it is refused.  The game is not changed."""
        press = self.outcome(game, pile, n, button)
        if press.refusal is not None:
            return None
        return [to_card(value) for value in press.view.stack(CURSOR.key)]

    # -- the rest of the callbacks -------------------------------------------------
    def is_won(self, game) -> bool:
        return self.verdicts(game)[0]

    def is_lost(self, game) -> bool:
        return self.verdicts(game)[1]

    def verdicts(self, game) -> tuple[bool, bool]:
        session = self.current(game)
        key = ("verdicts",)
        if key not in session.outcomes:
            view = View(session.state)
            session.outcomes[key] = self.run(lambda: self.machine.verdicts(view, game.rng.state))
        return session.outcomes[key]

    def legal_moves(self, game) -> Iterator[Move]:
        """Every transaction the program would accept, each listed once by the state it
        leaves: drags (SELECT, then ADJUST), then clicks, then ADJUST-clicks; of presses
        on different cards of a stack that end alike, the one nearest the top.
        Transactions that change only variables (not a card, nor a drawing) are
        playable but not listed, and so are those in which the program fails
        (``play`` would refuse them with the error).  A press stopped as a runaway
        is not tried again on the same stack, nor a release on the same destination."""
        session = self.current(game)
        if session.listing is None:
            session.here.listing = self.list_moves(game, session)
        return iter(session.listing)

    def unlisted_failures(self, game) -> list[str]:
        failures: list = []
        if not any(self.verdicts(game)):
            self.machine.forget()       # (a failure the run cache remembers is not met again)
            list(self.accepted(View(self.current(game).state), game.rng.state, failures=failures))
        return list(dict.fromkeys(str(self.runtime_error(error.line, error.message)) for error in failures))

    def list_moves(self, game, session: Session) -> list[Move]:
        if any(self.verdicts(game)):
            return []           # the game is over
        listing = []
        for entry in self.accepted(View(session.state), game.rng.state):
            session.outcomes.setdefault(entry[2], entry[3])
            listing.append(entry)
        return [entry[1] for entry in one_per_state(listing)]

    def accepted(self, view: View, rng_state, verdicts: bool = True, failures: list | None = None,
                 onto: frozenset[str] | None = None) -> Iterator[tuple]:
        """Every transaction the program accepts on ``view`` that changes a card or a
        drawing, as ``(priority, move, (src, n, button, dst), outcome)``: priority 0
        for a drag, 1 an ADJUST drag, 2 a click, 3 an ADJUST-click.  ``verdicts``:
        run win? and loose? on each result, as a move does (a transaction in which
        they fail is refused); a search that runs them on the positions it goes on
        from instead leaves them out (``search.py``).  ``failures``, if given,
        receives the runtime errors met: of each release, and of each press run (not
        those of a stack's presses the run cache remembered).  ``onto`` (the keys of
        some stacks; only without ``verdicts``): of the drags, only those released on
        these stacks (every click still), remembered apart from the whole listings.
        Once a run has run away, the listing's other runs have a share of the step
        budget (``transactions.HURRIED_SHARE``): a program whose releases all run away
        is listed in seconds, not in the whole budget's time once per stack."""
        machine = self.machine
        machine.hurried = False
        try:
            yield from self._accepted(view, rng_state, verdicts, failures, onto)
        finally:
            machine.hurried = False

    def _accepted(self, view: View, rng_state, verdicts: bool, failures: list | None,
                  onto: frozenset[str] | None) -> Iterator[tuple]:
        machine = self.machine
        receivers, pressed = self.listing_methods()
        tag: Any = "listing"
        if onto is not None:
            receivers = {button: [stack for stack in found if stack.key in onto]
                         for button, found in receivers.items()}
            tag = ("onto", onto)
        if verdicts:
            for stack, button, method in pressed:
                positions = method not in self._position_free
                yield from self._pressed(view, rng_state, stack, button, positions, receivers, True, failures)
            return
        # (a search's listing is remembered stack by stack, with both buttons' transactions
        # in one entry: one look-up a stack for each position searched, not one a button)
        produce = self._stack_pressed
        for stack, presses, buttons, positions in self._by_stack():
            yield from machine.listing(view, rng_state, stack, buttons, positions, produce,
                                       (view, rng_state, stack, presses, receivers), failures, tag)

    def _by_stack(self) -> list:
        """``listing_methods``' presses by stack: (stack, [(button, whether the method looks
        at its position), ...], the buttons, whether any looks at it), in the same order."""
        if self._stacks_pressed is None:
            found: dict = {}
            for stack, button, method in self.listing_methods()[1]:
                found.setdefault(stack.key, (stack, []))[1].append((button, method not in self._position_free))
            self._stacks_pressed = [(stack, presses, tuple(button for button, _ in presses),
                                     any(positions for _, positions in presses))
                                    for stack, presses in found.values()]
        return self._stacks_pressed

    def _stack_pressed(self, view: View, rng_state, stack: StackInfo, presses: list, receivers: dict,
                       failures: list | None, reads: list | None = None) -> Iterator[tuple]:
        """``_pressed`` for each button of ``presses`` in turn (without the verdicts)."""
        for button, positions in presses:
            yield from self._pressed(view, rng_state, stack, button, positions, receivers, False, failures, reads)

    def _pressed(self, view: View, rng_state, stack: StackInfo, button: str, positions: bool, receivers: dict,
                 verdicts: bool, failures: list | None, reads: list | None = None) -> Iterator[tuple]:
        """``accepted``'s transactions that start with a press of ``button`` on ``stack``
        (``reads``, when given, gathers what they read: ``Machine.listing``)."""
        machine = self.machine
        broken = set()
        for n, press in machine.presses(view, rng_state, stack, button, positions, failures, reads):
            targets = receivers[button] if press.carried else [stack]
            for dest in targets:
                if dest.key in broken:
                    continue
                try:
                    result = machine.release_accepted(press, dest, button, verdicts, reads)
                except CdlRuntimeError as error:
                    if isinstance(error, CdlRunawayError):
                        broken.add(dest.key)    # each try would cost the whole step budget
                        machine.hurried = True  # and so would each other stack's
                    if failures is not None:
                        failures.append(error)
                    continue
                if result is None or not result.view.cards_changed():
                    continue
                if dest is not stack:
                    move = Move("drag" if button == "left" else "adjust", stack.name, n, dest.name)
                    priority = 0 if button == "left" else 1
                else:
                    move = Move("click" if button == "left" else "adjust", stack.name, n)
                    priority = 2 if button == "left" else 3
                yield priority, move, (move.src, n, button, dest.name), result

    def listing_methods(self):
        """For listings: the stacks a release of each button can land on, and each
        (stack, button, method) a press runs, in ORDER order (worked out once)."""
        if self._listing is None:
            stacks, methods = self.program.order, self.machine.methods
            receivers = {button: [s for s in stacks if methods[s.key, button, "to"]] for button in ("left", "right")}
            pressed = [(stack, button, methods[stack.key, button, "from"])
                       for stack in stacks for button in ("left", "right")]
            self._listing = receivers, [entry for entry in pressed if entry[2] is not None]
        return self._listing

    # -- the solver ------------------------------------------------------------------
    def solver_groups(self, game) -> list[list[int]]:
        """The stacks the program treats alike (``symmetry.symmetric_stacks``), each group
        split by the drawing its stacks show when empty; none while a card is shaded
        (shading is kept by stack, apart from the cards)."""
        if self._groups is None:
            self._groups = symmetric_stacks(self.program, self.transients)
        if not self._groups or any(game.vars.get("cdl:shaded", {}).values()):
            return []
        bottoms = game.vars.get("cdl:bottoms", {})
        index = {pile.name: i for i, pile in enumerate(game.piles)}
        found: list[list[int]] = []
        for group in self._groups:
            alike: dict = {}
            for stack in group:
                alike.setdefault(bottoms.get(stack.name), []).append(index[stack.name])
            found.extend(piles for piles in alike.values() if len(piles) > 1)
        return found

    def solver_score(self, game) -> int:
        """Cards in the stacks the program fans out (its "tableau": what a patience
        is mostly about clearing) count two, face-down ones there one more, other
        cards nothing: a program's foundations and wastes look alike, so cards going
        from a fanned stack to either look like progress, turning one up there too,
        and turning a stock card over is no progress at all; and each card ``win?``
        still wants on a stack it asks a size of (``goals``: the foundations), so a
        card going up from a waste is progress too.  (The default's suit order means
        nothing here.)"""
        return score_of(self.read_state(game).stacks, self.fan_roles, self.goals)

    # -- what the solver reads from the text, once a program --------------------------
    @cached_property
    def goals(self) -> dict[str, int]:
        """The sizes win? asks of stacks (``goals.py``), which the score counts the distance to."""
        return goal_sizes(self.program)

    @cached_property
    def fan_roles(self) -> dict[str, str]:
        """Stack key -> its role by its fan alone (``pile_role``), which the score reads."""
        return {stack.key: pile_role(stack) for stack in self.program.order}

    @cached_property
    def pile_roles(self) -> dict[str, str]:
        """Stack key -> its pile's role: a stack whose size win? asks (``goals``) is where the
        cards are to go, a "foundation" (for the keyboard's ``f`` and Return, Hint's words and
        the search's order); any other by its fan (``pile_role``)."""
        return {key: "foundation" if key in self.goals else role for key, role in self.fan_roles.items()}

    @cached_property
    def chains(self) -> ChainBound | None:
        """Cards that must each go onto a card of their own, or None (``chains.py``: Golf's
        column cards, each onto a waste card one rank away)."""
        return chain_bound(self.program)

    @cached_property
    def button_procedures(self) -> frozenset[str]:
        """The procedures a WAIT of the program's text puts on a button."""
        return wait_procedures(self.program)

    @cached_property
    def removes_cards(self) -> bool:
        """Does code that runs in play REMOVE cards (Aces Up's throws)?  A card gone is
        then progress to a beam (``CdlState.progress``)."""
        return any(isinstance(node, ast.Remove) for body in play_bodies(self.program) for node in walk(body))

    @cached_property
    def counters(self) -> dict[str, int]:
        """The variables play only counts, each with the most a move counts it by (``counters.py``)."""
        return program_counters(self.program)

    @cached_property
    def transients(self) -> list[str]:
        """The variables each press sets before a release reads them (``transients.py``)."""
        return program_transients(self.program)

    @cached_property
    def lays_out(self) -> bool:
        """Does the deal leave every fanned stack empty, for the player to lay each card out
        from the stock (Strategy's reserve, Calculation's waste piles)?  There the search's
        queues of ``wanted.py`` are kept (where the deal lays a tableau out, as Klondike's,
        they cost deals: docs/solver.md, "What the foundations want")."""
        try:
            state, _ = self.dealt_state(Rng(0))
        except RuleFileError:
            return False
        fanned = [key for key, role in self.fan_roles.items() if role == "tableau"]
        return bool(fanned) and not any(state.stacks[key] for key in fanned)

    def wanted_cards(self, state: State, rng_state) -> Wanted | None:
        """What the foundations take and when (``wanted.probe``), asked of the foundations as
        ``state`` has them (remembered by their cards: the same for every position of a deal
        until a card goes up); None where the program has no such foundations, or does not
        lay its cards out (``lays_out``)."""
        if not self.goals or not self.lays_out:
            return None
        key = tuple(state.stacks[name] for name in self.goals)
        if key not in self._wanted:
            if len(self._wanted) >= 64:
                self._wanted.clear()
            self._wanted[key] = probe(self.machine, self.program, state, rng_state, self.goals)
        return self._wanted[key]

    def solver_state(self, game):
        """The program's own states, searched without the game (``search.py``)."""
        return CdlState(self, game)

    def solver_top_only(self, game) -> list[int]:
        """The stacks whose cards under the top no play can see, move or change
        (``buried.top_only_stacks``, which the machine's run cache reads so too: Golf's waste)."""
        tops = self.machine.tops
        index = {pile.name: i for i, pile in enumerate(game.piles)}
        return [index[stack.name] for stack in self.program.order if stack.key in tops and stack.name in index]

    # -- help boxes ------------------------------------------------------------------
    def session(self, game) -> Session:
        session = self._sessions.get(game)
        if session is None:
            session = self._sessions[game] = Session()
        return session

    def current(self, game) -> Session:
        """The game's session, with the state read for the game's current version."""
        session = self.session(game)
        if session.version != game.version or session.now is None:
            state = self.read_state(game)
            key = (tuple(state.stacks.values()), tuple(state.bottoms.values()),
                   tuple(state.globals.values()), game.rng.state)
            known = session.known.get(key)
            if known is None:
                known = session.known[key] = Known(state)
                if len(session.known) > KNOWN_POSITIONS:
                    session.known.popitem(last=False)
            else:
                session.known.move_to_end(key)
            session.now, session.version = known, game.version
        return session

    def help_text(self, game, pile) -> HelpBox | None:
        """Run the stack's Help method (the Rules mode); return the box it opened, or None."""
        stack = self.stack(pile)
        method = stack.methods.get("help")
        if method is None:
            return None
        session = self.current(game)
        position = len(session.state.stacks[stack.key]) if method.params else None
        result = self.run(lambda: self.machine.run(View(session.state), game.rng.state, method=method,
                                                   stack=stack, position=position))
        output = Output()
        output.replay(result.events)
        session.help = output.help
        session.events.extend(output.events)
        return output.help

    def help_box(self, game) -> HelpBox:
        """The help box as the last transaction or Help left it."""
        return self.session(game).help

    def take_messages(self, game) -> list[str]:
        """The text WRITE produced since the last call."""
        session = self.session(game)
        messages, session.messages = session.messages, []
        return messages

    def take_events(self, game) -> list[tuple]:
        """("flash", pile, low, high), ("draw", pile), ("clear", ...) ... since the last call."""
        session = self.session(game)
        events, session.events = session.events, []
        return events

    def press_button(self, game, index: int) -> None:
        """Press a WAIT button of the help box.  A press that changes the game is the move
        ``button:N`` (played, recorded, undone like any other); one that changes nothing
        but the box (an "Understood" that closes it) is no move."""
        if game.over:
            raise IllegalMoveError("The game is over")
        move = self.resolve_button(game, Move("button", "", index + 1))
        if self._button_outcome(game, move) is None:
            return
        game.play(move)

    def resolve_button(self, game, move: Move) -> Move:
        """``button:N`` as what the button runs: ``button:N=PROCEDURE[@STACK]`` (the procedure
        and the stack whose method opened the box), so that the move replays without the box."""
        if move.dst is not None:
            return move
        session = self.session(game)
        index = move.n - 1
        if not 0 <= index < len(session.help.buttons):
            raise IllegalMoveError("There is no such button")
        _, key = session.help.buttons[index]
        contexts = session.help.contexts
        context = contexts[index] if index < len(contexts) else None
        return Move("button", context or "", move.n, key)

    def on_button(self, game, move: Move) -> str | None:
        """Carry out the move ``button:N=PROCEDURE[@STACK]``: run the procedure as a
        transaction; a refusal message if it is refused or changes nothing."""
        outcome = self._button_outcome(game, move)
        if outcome is None:
            return "The button changes nothing"
        if isinstance(outcome, str):
            return outcome
        return self.commit(game, outcome, quiet=True)

    def _button_outcome(self, game, move: Move):
        """Run a button's procedure, in the context of the stack whose method (Help,
        Select ...) ran the WAIT: its outcome, a refusal message, or None when it
        changes nothing (what it wrote is shown)."""
        key = (move.dst or "").lower()
        if key not in self.program.routines:
            return f"There is no procedure {move.dst!r} for a button to run"
        if key not in self.button_procedures:
            # (a history may name any procedure: only one a WAIT can put on a button runs)
            return f"No button of the game runs {move.dst!r}"
        context = self.program.stacks.get(move.src.lower()) if move.src else None
        if move.src and context is None:
            return f"There is no stack {move.src!r}"
        session = self.current(game)
        view, rng_state = View(session.state), game.rng.state
        result = self.run(lambda: self.machine.run(view, rng_state, routine=key, context=context))
        after, events = view.then(result), list(result.events)
        rng_state = self.machine.rng_after(result, rng_state)
        if after.stack(CURSOR.key):
            self.publish(game, events, refused=True)
            return refusal_text(events, CANCELLED)
        if not after.differs():
            self.publish(game, events)
            return None
        return self.run(lambda: self.machine.finish(after, events, rng_state))

    def publish(self, game, events: list, refused: bool = False) -> None:
        """Show what a transaction wrote: its help box, its events, its text as a message.
        For a refused transaction the text is the refusal, so only a box the
        program opened or added buttons to (CLEAR, WAIT) and the events are kept."""
        session = self.session(game)
        output = Output()
        output.replay(events)
        opened = ("clear", "wait") if refused else ("clear", "write", "wait")
        if any(event[0] in opened for event in output.events):
            session.help = output.help
        session.events.extend(output.events)
        if output.written and not refused:
            text = "".join(output.written)
            session.messages.append(text)
            game.say(text.strip())

    # -- state <-> game --------------------------------------------------------------
    def read_state(self, game) -> State:
        program = self.program
        state = State.initial(program)
        shaded = game.vars.get("cdl:shaded", {})
        bottoms = game.vars.get("cdl:bottoms", {})
        value_of = CARD_VALUES.__getitem__
        for stack in program.order:
            pile = game.pile(stack.name)
            cards = tuple(map(value_of, pile.cards))
            marks = shaded.get(stack.name)
            if marks:
                marked = list(cards)
                for position in marks:
                    if 1 <= position <= len(marked):
                        marked[position - 1] = marked[position - 1] % 52 + 104
                cards = tuple(marked)
            state.stacks[stack.key] = cards
            state.bottoms[stack.key] = bottoms.get(stack.name, EMPTY_CARD)
        saved = game.vars.get("cdl:globals", {})
        for key, (_, type_) in program.globals.items():
            if key in saved:
                value = saved[key]
                if type_ == "stack":
                    value = program.stacks.get(str(value).lower()) if value is not None else None
                state.globals[key] = value
        return state

    def write_state(self, game, state: State) -> None:
        """Make the game's piles and ``cdl:`` variables say ``state``."""
        self.write_changes(game, View(self.read_state(game), dict(state.stacks), dict(state.bottoms),
                                      dict(state.globals)))

    def write_changes(self, game, view: View) -> None:
        """Write what ``view`` changed into the game (whose state is ``view.base``)."""
        stacks, bottoms, globals_ = view.changes()
        self.session(game).version = None       # the game no longer says what was read
        stacks.pop(CURSOR.key, None)
        program = self.program
        shaded = dict(game.vars.get("cdl:shaded", {}))
        for key, values in stacks.items():
            stack = program.stacks[key]
            game.set_cards(game.pile(stack.name), [VALUE_CARDS[value] for value in values])
            marks = [i + 1 for i, value in enumerate(values) if value >= 104]
            if marks:
                shaded[stack.name] = marks
            else:
                shaded.pop(stack.name, None)
        if stacks and shaded != game.vars.get("cdl:shaded", {}):
            game.set_var("cdl:shaded", shaded)
        if bottoms:
            drawn = dict(game.vars.get("cdl:bottoms", {}))
            for key, value in bottoms.items():
                name = program.stacks[key].name if key != CURSOR.key else None
                if name is None:
                    continue
                if value == EMPTY_CARD:
                    drawn.pop(name, None)
                else:
                    drawn[name] = value
            if drawn != game.vars.get("cdl:bottoms", {}):
                game.set_var("cdl:bottoms", drawn)
        if globals_ or "cdl:globals" not in game.vars:
            encoded = {key: (value.name if isinstance(value, StackInfo) else value)
                       for key, value in {**view.base.globals, **view.globals}.items()}
            if game.vars.get("cdl:globals", {}) != encoded:
                game.set_var("cdl:globals", encoded)

    # -- helpers ---------------------------------------------------------------------------
    def stack(self, pile) -> StackInfo:
        return self.program.stacks[pile.name.lower()]

    def run(self, thunk):
        try:
            return thunk()
        except CdlRuntimeError as error:
            raise self.runtime_error(error.line, error.message, isinstance(error, CdlRunawayError)) from None

    def runtime_error(self, line: int, message: str, runaway: bool = False) -> RuleFileError:
        """The error for the desktop and the command line; ``.runaway`` tells a run
        stopped by a safety limit from an ordinary mistake."""
        return CdlFileError(self.program.filename, line or 1, message, runaway=runaway)


__all__ = ["CdlRuleset", "SUITS", "from_card", "to_card"]
