"""``CdlRuleset``: a compiled CardsWorkShop program as an engine ``Ruleset``.

The game's piles are the program's stacks, in ORDER order, named as written.
A pile holds engine ``Card`` values; what the engine's cards cannot say is
kept in ``game.vars`` so that the engine's undo, redo and positions cover it:

* ``cdl:globals`` - the program's global variables (a STACK value by its name);
* ``cdl:shaded``  - for each pile with shaded cards, their positions (1 = bottom);
* ``cdl:bottoms`` - each pile's position-0 drawing when it is not the green circle.

A transaction is what the help file describes.  The press calls the first of
``SelectLeftFrom``/``SelectLeft``/``SelectFrom``/``Select`` the stack has
(``Right`` for ADJUST); if that leaves cards on CURSOR, the release calls the
destination's ``...To`` method, and cards still on CURSOR afterwards cancel
the transaction.  ``integrity?`` then runs; FALSE undoes the transaction.
Each transaction runs on a copy of the state, which is written back to the
game only when it is accepted, so a refused or failed one leaves no trace.

The engine's actions map onto this: ``SRC>DST`` presses on SRC's top card and
releases on DST, ``SRC:N>DST`` presses on the Nth card from the top,
``click:SRC[:N]`` presses and releases on SRC, ``adjust:`` is the same with
the ADJUST (right) button.  A press on an empty stack is at position 0.
The release is at the destination's top card (0 when it is empty).

For the desktop (all data, nothing drawn here):

* ``matrix`` (the ``GAME w BY h`` size) and ``stack_layout(game)`` (each
  stack's X, Y, W, H, direction and empty-pile drawing); ``fit_layout(game,
  width, height)`` turns them into the engine's ``Layout`` for a work area as
  the help file's Playfield section says (the matrix fills the area, the card
  is the biggest 2:3 frame that fits the smallest stack), and ``layout()``
  does so for a work area sized for cards of the usual height;
  ``PileView.empty`` is the suit of a card drawing;
* ``bottom_card(game, pile)`` ('circle', 'cross' or a card) and
  ``is_shaded(game, pile, index)``;
* ``picked_up(game, pile, n)``: the cards a press puts on the CURSOR, which
  follow the pointer while the button is held;
* ``help_text(game, pile)`` runs the Help method (Play|Rules) and returns its
  ``HelpBox`` (title, box on the matrix, text, buttons); ``help_box(game)``
  is the box as it stands; ``press_button(game, i)`` runs a WAIT button's
  procedure as an undoable transaction;
* ``take_messages(game)`` (WRITE text, also given to ``game.say``) and
  ``take_events(game)`` (``("flash", pile, low, high)``, ``("draw", pile)``,
  ``("clear", title, box)``, ``("write", text)``, ``("wait", title, proc)``).

A runtime error (or a runaway program stopped by the step, depth or time
limit) raises ``RuleFileError`` with the file and line; the transaction it
happened in leaves no trace.
"""
from __future__ import annotations

import re

import weakref
from collections import Counter
from typing import TYPE_CHECKING, Iterator

from ...engine.cards import Card
from ...engine.errors import IllegalMoveError, PositionError, RuleFileError
from ...engine.layout import Layout, PileView
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.ruleset import Ruleset
from .errors import CdlRunawayError, CdlRuntimeError
from .interpreter import CROSS_CARD, EMPTY_CARD, HelpBox, Interpreter, Limits, Output, State
from .model import CURSOR, CompiledProgram, StackInfo, method_chain

if TYPE_CHECKING:
    from ...engine.game import Game

SUITS = "SHCD"          # CardsWorkShop's suit order: spade 0, heart 13, club 26, diamond 39
DIRECTIONS = ("up", "down", "left", "right", "over")

NOTHING = "Nothing happens there"
CANCELLED = "The cards can't go there"
INTEGRITY = "The rules of the game don't allow that"


# -- cards -------------------------------------------------------------------------
def to_card(value: int) -> Card:
    base = value % 52
    return Card(base % 13 + 1, SUITS[base // 13], value // 52 != 1)


def from_card(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank - 1 + (0 if card.face_up else 52)


def clone_rng(rng: Rng) -> Rng:
    """A generator that draws what ``rng`` would, leaving ``rng`` alone."""
    copy = Rng(0)
    copy.state = rng.state
    return copy


def decks_in(state: State) -> int:
    """How many decks a state's cards take: the most copies of any one card."""
    counts = Counter(card % 52 for cards in state.stacks.values() for card in cards)
    return max(1, max(counts.values(), default=1))


def state_key(state: State) -> tuple:
    return (tuple((k, tuple(v)) for k, v in sorted(state.stacks.items())),
            tuple(sorted(state.bottoms.items())),
            tuple(sorted((k, v.key if isinstance(v, StackInfo) else v) for k, v in state.globals.items())))


class Transaction:
    """The outcome of one simulated or real transaction."""

    def __init__(self, state: State, output: Output, refusal: str | None):
        self.state = state
        self.output = output
        self.refusal = refusal


class Session:
    """What one game shows besides its piles: the help box, messages, events."""

    def __init__(self):
        self.help: HelpBox = HelpBox()
        self.messages: list[str] = []
        self.events: list[tuple] = []


def spaced(identifier: str) -> str:
    """A game's name as the player reads it: its identifier, a word at each capital that
    follows a small letter or a digit, and at each underscore (``AcesUp`` -> ``Aces Up``)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", identifier).replace("_", " ").strip() or identifier


class CdlRuleset(Ruleset):
    decks = 1
    # REMOVE takes cards out of the game for good
    destroys_cards = True

    def __init__(self, program: CompiledProgram, limits: Limits | None = None):
        self.program = program
        self.name = spaced(program.name)
        self.source = program.filename
        self.limits = limits or Limits()
        self._sessions: "weakref.WeakKeyDictionary[Game, Session]" = weakref.WeakKeyDictionary()
        self.decks = 1
        self._decks_known = False   # set by the first deal (ADD may give any number of decks)

    # -- new game ------------------------------------------------------------------
    def setup(self, game: "Game") -> None:
        for stack in self.program.order:
            role = "other" if stack.field("direction") == 4 else "tableau"
            game.add_pile(stack.name, role)

    def deal(self, game: "Game") -> None:
        state = State.initial(self.program)
        output = Output()
        interpreter = self.interpreter(state, game.rng, output)
        self.run(lambda: [interpreter.run_method(stack, stack.methods["start"])
                          for stack in self.program.order if "start" in stack.methods])
        if state.stacks[CURSOR.key]:
            raise self.runtime_error(0, "Start methods must not leave cards on the CURSOR")
        if "integrity?" in self.program.routines:
            self.run(lambda: interpreter.call_routine("integrity?"))
        self.try_verdicts(state, game.rng)      # a deal on which win? or loose? fails is an error
        self.write_state(game, state)
        self.decks, self._decks_known = decks_in(state), True
        self.publish(game, output)

    def try_verdicts(self, state: State, rng) -> None:
        """Run win? and loose? on a copy of ``state``; a runtime error in either is raised."""
        for key in ("win?", "loose?"):
            if key in self.program.routines:
                interpreter = self.interpreter(state.copy(), clone_rng(rng), Output())
                self.run(lambda: interpreter.call_routine(key))

    def check_position(self, game) -> None:
        """Refuse a position from outside whose ``cdl:`` variables this program could not
        have written, with more copies of a card than a deal gives, or on which win?
        or loose? fail (the game could not tell whether it is over)."""
        problem = self.vars_problem(game)
        if problem is not None:
            raise PositionError(problem)
        if not self._decks_known:
            state = State.initial(self.program)
            interpreter = self.interpreter(state, Rng(0), Output())
            self.run(lambda: [interpreter.run_method(stack, stack.methods["start"])
                              for stack in self.program.order if "start" in stack.methods])
            self.decks, self._decks_known = decks_in(state), True
        super().check_position(game)
        try:
            self.try_verdicts(self.read_state(game), game.rng)
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
    def check_pick(self, game, pile, n):
        press = self.press(game, pile, n, "left", simulate=True)
        return press.refusal

    def check_drop(self, game, src, n, dst):
        return self.transaction(game, src, n, "left", dst, simulate=True).refusal

    def on_drop(self, game, src, n, dst):
        self.commit(game, self.transaction(game, src, n, "left", dst))

    def can_click(self, game, pile) -> bool:
        return self.transaction(game, pile, 1, "left", pile, simulate=True).refusal is None

    def on_click(self, game, pile, n):
        return self.commit(game, self.transaction(game, pile, n, "left", pile), quiet=True)

    def on_adjust(self, game, pile, n):
        return self.commit(game, self.transaction(game, pile, n, "right", pile), quiet=True)

    def commit(self, game, result: Transaction, quiet: bool = False):
        if result.refusal is not None:
            # nothing is logged, but a box the program opened (CLEAR, WAIT) still shows
            self.publish(game, result.output, refused=True)
            if quiet:
                return result.refusal
            raise IllegalMoveError(result.refusal)
        # win? and loose? run after every transaction: a failure in them undoes it too
        self.try_verdicts(result.state, game.rng)
        self.write_state(game, result.state)
        self.publish(game, result.output)
        return None

    def press(self, game, pile, n: int, button: str, simulate: bool, state: State | None = None) -> Transaction:
        """The press half of a transaction: the source stack's From method.

        ``state`` is the game's state when the caller has read it already (a copy it gives away).
        """
        if state is None:
            state = self.read_state(game)
        output = Output()
        stack = self.stack(pile)
        size = len(state.stacks[stack.key])
        if size == 0 and n == 1:
            position = 0
        elif n > size:
            return Transaction(state, output, "There is no card there" if size == 0 else
                               "There aren't that many cards there")
        else:
            position = size - n + 1
        method = stack.method(*method_chain(button, "from"))
        if method is None:
            return Transaction(state, output, NOTHING)
        before = state.copy()
        interpreter = self.interpreter(state, self.rng_for(game, simulate), output)
        self.run(lambda: interpreter.run_method(stack, method, position))
        if state.same_as(before):
            return Transaction(state, output, self.refusal_text(output, NOTHING))
        result = Transaction(state, output, None)
        result.before = before
        result.rng = interpreter.rng
        return result

    def picked_up(self, game, pile, n: int = 1, button: str = "left") -> list[Card] | None:
        """The cards a press on the Nth card from the top would put on the CURSOR
        (what follows the pointer while dragging): [] when the press moves cards
        elsewhere at once, None when it is refused.  The game is not changed."""
        press = self.press(game, pile, n, button, simulate=True)
        if press.refusal is not None:
            return None
        return [to_card(value) for value in press.state.stacks[CURSOR.key]]

    def transaction(self, game, src, n: int, button: str, dst, simulate: bool = False) -> Transaction:
        press = self.press(game, src, n, button, simulate)
        if press.refusal is not None:
            return press
        return self.release(press, self.stack(dst), button)

    def release(self, press: Transaction, dest: StackInfo, button: str) -> Transaction:
        """The release half: the destination's To method, then integrity?."""
        state, output = press.state, press.output
        interpreter = self.interpreter(state, press.rng, output)
        if state.stacks[CURSOR.key]:
            method = dest.method(*method_chain(button, "to"))
            if method is None:
                return Transaction(state, output, CANCELLED)
            position = len(state.stacks[dest.key])
            self.run(lambda: interpreter.run_method(dest, method, position))
            if state.stacks[CURSOR.key]:
                return Transaction(state, output, self.refusal_text(output, CANCELLED))
        if state.same_as(press.before):
            return Transaction(state, output, self.refusal_text(output, NOTHING))
        if "integrity?" in self.program.routines:
            if not self.run(lambda: interpreter.call_routine("integrity?")):
                return Transaction(state, output, self.refusal_text(output, INTEGRITY))
            if state.stacks[CURSOR.key]:
                raise self.runtime_error(0, "integrity? must not leave cards on the CURSOR")
        return Transaction(state, output, None)

    def refusal_text(self, output: Output, default: str) -> str:
        text = "".join(output.written).strip()
        return text or default

    # -- the rest of the callbacks -------------------------------------------------
    def is_won(self, game) -> bool:
        return self.ask(game, "win?")

    def is_lost(self, game) -> bool:
        return self.ask(game, "loose?")

    def ask(self, game, key: str) -> bool:
        if key not in self.program.routines:
            return False
        interpreter = self.interpreter(self.read_state(game), self.rng_for(game, True), Output())
        return bool(self.run(lambda: interpreter.call_routine(key)))

    def legal_moves(self, game) -> Iterator[Move]:
        """Every accepted transaction: drags (cards carried on the CURSOR), then clicks.

        Moves that end in the same state are one move: a drag before a click
        before an ADJUST-click, and of presses on different cards of a stack the
        one nearest the top.  Transactions that change only variables (not a
        card, nor a drawing) are playable but not listed.  A press stopped as a
        runaway is not tried again on the same stack, nor a release stopped as a
        runaway on the same destination (each would cost up to the time limit).
        """
        stacks = self.program.order
        best: dict = {}             # resulting state -> (priority, order, move)
        presses: set = set()        # states after a press already tried
        current = self.read_state(game)
        for stack in stacks:
            pile = game.pile(stack.name)
            size = len(pile.cards)
            broken = set()          # buttons whose press ran away, (button, dest) whose release did
            for n in range(1, max(size, 1) + 1):
                for button, kind in (("left", "click"), ("right", "adjust")):
                    if button in broken:
                        continue
                    if button == "right" and not any(k.startswith("selectright") for k in stack.methods):
                        continue
                    try:
                        press = self.press(game, pile, n, button, simulate=True, state=current.copy())
                    except RuleFileError as error:
                        if getattr(error, "runaway", False):
                            broken.add(button)
                        continue
                    if press.refusal is not None:
                        continue
                    pressed = (button, state_key(press.state), press.rng.state)
                    if pressed in presses:
                        continue        # a press lower down that did the same: same releases
                    presses.add(pressed)
                    carried = bool(press.state.stacks[CURSOR.key])
                    targets = stacks if (carried and button == "left") else [stack]
                    for dest in targets:
                        if (button, dest.key) in broken:
                            continue
                        copy = Transaction(press.state.copy(), Output(), None)
                        copy.before, copy.rng = press.before, clone_rng(press.rng)
                        try:
                            result = self.release(copy, dest, button)
                        except RuleFileError as error:
                            if getattr(error, "runaway", False):
                                # a runaway release (To method or integrity?) costs up to the time
                                # limit each time: not tried again from this stack
                                broken.add((button, dest.key))
                            continue
                        if result.refusal is not None:
                            continue
                        if (result.state.stacks == press.before.stacks
                                and result.state.bottoms == press.before.bottoms):
                            continue
                        if dest is not stack:
                            move, priority = Move("drag", stack.name, n, dest.name), 0
                        else:
                            move, priority = Move(kind, stack.name, n), 1 if kind == "click" else 2
                        key = state_key(result.state)
                        if key not in best or priority < best[key][0]:
                            best[key] = (priority, len(best), move)
        for _, _, move in sorted(best.values(), key=lambda entry: entry[:2]):
            yield move

    # -- help boxes ------------------------------------------------------------------
    def session(self, game) -> Session:
        session = self._sessions.get(game)
        if session is None:
            session = self._sessions[game] = Session()
        return session

    def help_text(self, game, pile) -> HelpBox | None:
        """Run the stack's Help method (the Rules mode); return the box it opened, or None."""
        stack = self.stack(pile)
        method = stack.methods.get("help")
        if method is None:
            return None
        state = self.read_state(game)
        output = Output()
        interpreter = self.interpreter(state, self.rng_for(game, True), output)
        position = len(state.stacks[stack.key]) if method.params else None
        self.run(lambda: interpreter.run_method(stack, method, position))
        session = self.session(game)
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
        """Press a WAIT button of the help box: run its procedure as a transaction, in
        the context of the stack whose method (Help, Select ...) ran the WAIT."""
        session = self.session(game)
        buttons = session.help.buttons
        if not 0 <= index < len(buttons):
            raise IllegalMoveError("There is no such button")
        _, key = buttons[index]
        contexts = session.help.contexts
        context_key = contexts[index] if index < len(contexts) else None
        context = self.program.stacks.get(context_key) if context_key else None
        state = self.read_state(game)
        before = state.copy()
        output = Output()
        interpreter = self.interpreter(state, game.rng, output)
        game.begin(None)
        try:
            self.run(lambda: interpreter.call_routine(key, (), context))
            if state.stacks[CURSOR.key]:
                raise IllegalMoveError(self.refusal_text(output, CANCELLED))
            if not state.same_as(before) and "integrity?" in self.program.routines:
                if not self.run(lambda: interpreter.call_routine("integrity?")):
                    raise IllegalMoveError(self.refusal_text(output, INTEGRITY))
            self.write_state(game, state)
        except BaseException:
            game.rollback()
            raise
        if state.same_as(before):
            game.rollback()
        else:
            game.commit()
        self.publish(game, output)

    def publish(self, game, output: Output, refused: bool = False) -> None:
        """Show what a run wrote: its help box, its events, its text as a message.
        For a refused transaction the text is the refusal, so only a box the
        program opened or added buttons to (CLEAR, WAIT) and the events are kept."""
        session = self.session(game)
        opened = ("clear", "wait") if refused else ("clear", "write", "wait")
        if any(event[0] in opened for event in output.events):
            session.help = output.help
        session.events.extend(output.events)
        if output.written and not refused:
            text = "".join(output.written)
            session.messages.append(text)
            game.say(text.strip())

    # -- layout ------------------------------------------------------------------------
    def stack_layout(self, game=None) -> list[dict]:
        """The stacks on the ``GAME w BY h`` matrix, in ORDER order."""
        bottoms = (game.vars.get("cdl:bottoms", {}) if game is not None else {})
        return [{
            "name": stack.name,
            "x": stack.field("x"), "y": stack.field("y"),
            "w": stack.field("w"), "h": stack.field("h"),
            "direction": DIRECTIONS[stack.field("direction")],
            "bottom": bottoms.get(stack.name, EMPTY_CARD),
        } for stack in self.program.order]

    @property
    def matrix(self) -> tuple[int, int]:
        return self.program.width, self.program.height

    def bottom_card(self, game, pile) -> str:
        """What to draw for an empty pile: 'circle', 'cross', or a Card text (shaded)."""
        value = game.vars.get("cdl:bottoms", {}).get(pile.name, EMPTY_CARD)
        if value == EMPTY_CARD:
            return "circle"
        if value == CROSS_CARD:
            return "cross"
        return str(to_card(value))

    def empty_mark(self, game, stack: StackInfo) -> str | None:
        """For ``PileView.empty``: the suit letter of a card drawing, None for a circle or cross."""
        value = game.vars.get("cdl:bottoms", {}).get(stack.name, EMPTY_CARD) if game is not None else EMPTY_CARD
        return None if value >= EMPTY_CARD else to_card(value).suit

    def is_shaded(self, game, pile, index: int) -> bool:
        """Is the card at ``pile.cards[index]`` shaded?"""
        positions = game.vars.get("cdl:shaded", {}).get(pile.name, ())
        return (index % len(pile.cards)) + 1 in positions if pile.cards else False

    def layout(self, game, card_w: int = 71, card_h: int = 96) -> Layout:
        """The playfield for cards about ``card_h`` high: a work area of whole matrix
        cells just big enough that the smallest stack holds a ``card_h`` card, laid
        out by ``fit_layout`` (so the card is 2:3, ``card_h`` rounded to a multiple of 3)."""
        width, height = self.matrix
        min_w, min_h = self.smallest_stack()
        gap = max(4, card_w // 8)
        frame_h = card_h - card_h % 3
        cell_w = -(-(frame_h * 2 // 3 + gap) // min_w)
        cell_h = -(-(frame_h + gap) // min_h)
        return self.fit_layout(game, width * cell_w, height * cell_h, gap)

    def smallest_stack(self) -> tuple[int, int]:
        """The least W and the least H of any stack (in matrix cells), as the help file takes them."""
        stacks = self.program.order
        return (min((s.field("w") for s in stacks), default=1),
                min((s.field("h") for s in stacks), default=1))

    def fit_layout(self, game, width: int, height: int, gap: int | None = None) -> Layout:
        """The help file's Playfield rule for a work area of ``width`` by ``height`` pixels.

        The ``GAME w BY h`` matrix fills the area (a cell is width/w by height/h
        pixels); the card is the biggest 2:3 frame that fits the rectangle of the
        least stack width by the least stack height, less a ``gap`` that keeps
        neighbouring stacks apart.  Each stack's cards start at its rectangle's
        top left (bottom for Direction UP, right for LEFT) and are fanned by a
        quarter of a card in its Direction; OVER piles them up.
        """
        columns, rows = self.matrix
        min_w, min_h = self.smallest_stack()
        cell_w, cell_h = width / columns, height / rows
        if gap is None:
            gap = max(4, int(min(cell_w * min_w, cell_h * min_h)) // 12)
        box_w, box_h = int(cell_w * min_w) - gap, int(cell_h * min_h) - gap
        card_h = min(box_h, box_w * 3 // 2)
        card_h -= card_h % 3
        if card_h < 3:
            raise ValueError(f"a {width}x{height} work area is too small for {columns} by {rows} cells")
        card_w = card_h * 2 // 3
        views = []
        for stack in self.program.order:
            x = int(stack.field("x") * cell_w) + gap // 2
            y = int(stack.field("y") * cell_h) + gap // 2
            right = int((stack.field("x") + stack.field("w")) * cell_w) - (gap - gap // 2)
            bottom = int((stack.field("y") + stack.field("h")) * cell_h) - (gap - gap // 2)
            direction = DIRECTIONS[stack.field("direction")]
            dx = dy = 0
            if direction == "down":
                dy = card_h // 4
            elif direction == "up":
                dy, y = -(card_h // 4), bottom - card_h
            elif direction == "right":
                dx = card_w // 4
            elif direction == "left":
                dx, x = -(card_w // 4), right - card_w
            views.append(PileView(stack.name, x, y, dx, dy, empty=self.empty_mark(game, stack)))
        return Layout(card_w, card_h, int(width), int(height), views, cell=(cell_w, cell_h))

    # -- state <-> game --------------------------------------------------------------
    def read_state(self, game) -> State:
        program = self.program
        state = State.initial(program)
        shaded = game.vars.get("cdl:shaded", {})
        bottoms = game.vars.get("cdl:bottoms", {})
        for stack in program.order:
            pile = game.pile(stack.name)
            cards = [from_card(card) for card in pile.cards]
            for position in shaded.get(stack.name, ()):
                if 1 <= position <= len(cards):
                    cards[position - 1] = cards[position - 1] % 52 + 104
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
        shaded, bottoms = {}, {}
        for stack in self.program.order:
            pile = game.pile(stack.name)
            values = state.stacks[stack.key]
            cards = [to_card(value) for value in values]
            if cards != pile.cards:
                game.set_cards(pile, cards)
            marks = [i + 1 for i, value in enumerate(values) if value >= 104]
            if marks:
                shaded[stack.name] = marks
            if state.bottoms[stack.key] != EMPTY_CARD:
                bottoms[stack.name] = state.bottoms[stack.key]
        encoded = {key: (value.name if isinstance(value, StackInfo) else value)
                   for key, value in state.globals.items()}
        for var, value in (("cdl:shaded", shaded), ("cdl:bottoms", bottoms), ("cdl:globals", encoded)):
            if game.vars.get(var, {}) != value:
                game.set_var(var, value)

    # -- helpers ---------------------------------------------------------------------------
    def stack(self, pile) -> StackInfo:
        return self.program.stacks[pile.name.lower()]

    def interpreter(self, state: State, rng, output: Output) -> Interpreter:
        return Interpreter(self.program, state, rng, output, self.limits)

    @staticmethod
    def rng_for(game, simulate: bool):
        return clone_rng(game.rng) if simulate else game.rng

    def run(self, thunk):
        try:
            return thunk()
        except CdlRuntimeError as error:
            raise self.runtime_error(error.line, error.message, isinstance(error, CdlRunawayError)) from None

    def runtime_error(self, line: int, message: str, runaway: bool = False) -> RuleFileError:
        """The error for the desktop and the command line; ``.runaway`` tells a run
        stopped by a safety limit from an ordinary mistake."""
        error = RuleFileError(self.program.filename, line or None, message)
        error.runaway = runaway
        return error
