"""The interpreter: runs methods, procedures, functions and predicates.

A tree walker over the checked syntax tree.  All that a program can change
lives in one ``State`` (the cards of every stack as CARD numbers, each stack's
position-0 drawing, the global variables), so a transaction can be undone by
putting back a copy.  Output (``WRITE``, ``CLEAR``, ``WAIT``, ``FLASH``,
``DRAW``) goes to a ``HelpBox`` and an event list, never to a screen.

The CARD encoding is the help file's: 0-51 are the cards face up (Spades,
Hearts, Clubs, Diamonds, ace to king in each), +52 face down, +104 shaded,
156 the green circle and 157 the red cross.  Values are Python ints (INTEGER,
INDEX, CARD), bools, strs and ``StackInfo`` objects (STACK).

Safety: every top-level run has a step budget, a call-depth limit and a time
limit; a program that exceeds one stops with a ``CdlRuntimeError``.  Programs
reach nothing but their own state: there is no file, network or Python access
in the language, and this module never evaluates text.
"""
from __future__ import annotations

import operator
import sys
import time
from dataclasses import dataclass, field

from . import ast
from .errors import CdlRunawayError, CdlRuntimeError
from .model import CURSOR, NUMERIC, CompiledProgram, Method, RoutineInfo, StackInfo
from .tokens import T

INT_MIN, INT_MAX = -32768, 32767
MAX_CARDS = 204          # "in CWS up to 204" cards on a stack
EMPTY_CARD, CROSS_CARD = 156, 157
SUIT_NAMES = ("Spades", "Hearts", "Clubs", "Diamonds")
RANK_NAMES = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King")


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
    max_steps: int = 200_000       # statements, calls and loop turns in one run
    max_depth: int = 100           # nested calls
    max_seconds: float = 1.0


@dataclass
class State:
    """Everything a program can change."""
    stacks: dict            # key -> list of CARD numbers, bottom first
    bottoms: dict           # key -> the CARD drawn when the stack is empty (position 0)
    globals: dict           # key -> value

    @classmethod
    def initial(cls, program: CompiledProgram) -> "State":
        stacks = {key: [] for key in program.stacks}
        stacks[CURSOR.key] = []
        bottoms = {key: EMPTY_CARD for key in stacks}
        globals_ = {key: default_value(type_) for key, (_, type_) in program.globals.items()}
        return cls(stacks, bottoms, globals_)

    def copy(self) -> "State":
        return State({k: list(v) for k, v in self.stacks.items()}, dict(self.bottoms), dict(self.globals))

    def same_as(self, other: "State") -> bool:
        return self.stacks == other.stacks and self.bottoms == other.bottoms and self.globals == other.globals


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
    """What a run showed: the help box and a list of events for the desktop."""

    def __init__(self):
        self.help = HelpBox()
        self.events: list[tuple] = []
        self.written: list[str] = []

    def clear(self, title: str | None, box) -> None:
        if title is None:
            self.help = HelpBox()
        else:
            self.help = HelpBox(title=title, box=box, open=True)
        self.events.append(("clear", title, box))

    def write(self, text: str) -> None:
        self.help.open = True
        self.help.text += text
        self.written.append(text)
        self.events.append(("write", text))

    def wait(self, title: str, procedure: str, context: str | None = None) -> None:
        self.help.open = True
        self.help.buttons.append((title, procedure))
        self.help.contexts.append(context)
        self.events.append(("wait", title, procedure))


class BreakBlock(Exception):
    pass


class BreakProcedure(Exception):
    pass


class ReturnSignal(Exception):
    def __init__(self, value):
        self.value = value


class Frame:
    __slots__ = ("locals", "context", "routine")

    def __init__(self, locals_: dict, context: StackInfo | None, routine):
        self.locals = locals_
        self.context = context
        self.routine = routine


class Interpreter:
    def __init__(self, program: CompiledProgram, state: State, rng=None, output: Output | None = None,
                 limits: Limits | None = None):
        self.program = program
        self.state = state
        self.rng = rng
        self.output = output or Output()
        self.limits = limits or Limits()
        self.steps = 0
        self.depth = 0
        self.deadline = 0.0
        self.frame: Frame | None = None
        self.changed: set[str] = set()

    # -- entry points ----------------------------------------------------------------
    def run_method(self, stack: StackInfo, method: Method, position: int | None = None) -> None:
        """Run a stack's method with that stack as the contextual object."""
        args = [position] if method.params else []
        locals_ = {p.key: value for p, value in zip(method.params, args)}
        self._top(lambda: self._invoke_body(method.body, Frame(locals_, stack, method), method.line))

    def call_routine(self, key: str, args=(), context: StackInfo | None = None):
        routine = self.program.routines[key]
        return self._top(lambda: self._call(routine, list(args), context, routine.line))

    def _top(self, thunk):
        self.steps = 0
        self.deadline = time.monotonic() + self.limits.max_seconds
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 20 * self.limits.max_depth + 2000))
        try:
            return thunk()
        except RecursionError:
            raise CdlRunawayError(self.frame_line(), "The program nests too deeply (endless recursion?)") from None
        finally:
            sys.setrecursionlimit(old_limit)

    def frame_line(self) -> int:
        routine = self.frame.routine if self.frame else None
        return getattr(routine, "line", 0)

    # -- calls -----------------------------------------------------------------------
    def _invoke_body(self, body: ast.Stmt, frame: Frame, line: int) -> None:
        saved = self.frame
        self.frame = frame
        self.depth += 1
        try:
            if self.depth > self.limits.max_depth:
                raise CdlRunawayError(line, f"Calls nest more than {self.limits.max_depth} deep "
                                            "(endless recursion?)")
            self.execute(body)
        except (BreakBlock, BreakProcedure):
            pass
        finally:
            self.depth -= 1
            self.frame = saved

    def _call(self, routine: RoutineInfo, args: list, context: StackInfo | None, line: int):
        if len(args) != len(routine.params):
            raise CdlRuntimeError(line, f"{routine.name} takes {len(routine.params)} arguments, not {len(args)}")
        locals_ = {}
        for param, value in zip(routine.params, args):
            self.check_type(value, param.type, line, f"Argument {param.name} of {routine.name}")
            locals_[param.key] = value
        for local in routine.locals:
            locals_[local.key] = default_value(local.type)
        frame = Frame(locals_, context, routine)
        saved = self.frame
        self.frame = frame
        self.depth += 1
        try:
            if self.depth > self.limits.max_depth:
                raise CdlRunawayError(line, f"Calls nest more than {self.limits.max_depth} deep "
                                            f"(endless recursion in {routine.name}?)")
            self.tick(line)
            self.execute(routine.body)
        except ReturnSignal as signal:
            value = signal.value
            wanted = "boolean" if routine.kind == "predicate" else routine.return_type
            self.check_type(value, wanted, line, f"The value {routine.name} returns")
            return value
        except (BreakBlock, BreakProcedure):
            pass
        finally:
            self.depth -= 1
            self.frame = saved
        if routine.kind != "procedure":
            raise CdlRuntimeError(routine.line, f"{routine.kind.capitalize()} {routine.name} ended without RETURN")
        return None

    def check_type(self, value, type_: str | None, line: int, what: str) -> None:
        if type_ is None:
            return
        if type_ in NUMERIC:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif type_ == "boolean":
            ok = isinstance(value, bool)
        elif type_ == "string":
            ok = isinstance(value, str)
        else:
            ok = isinstance(value, StackInfo)
        if not ok:
            raise CdlRuntimeError(line, f"{what} must be a {type_}, not {describe_value(value)}")

    def tick(self, line: int) -> None:
        self.steps += 1
        if self.steps > self.limits.max_steps:
            raise CdlRunawayError(line, f"The program ran more than {self.limits.max_steps} steps without "
                                        "finishing (an endless WHILE?); it was stopped")
        if self.steps % 512 == 0 and time.monotonic() > self.deadline:
            raise CdlRunawayError(line, f"The program ran longer than {self.limits.max_seconds:g} s "
                                        "without finishing; it was stopped")

    # -- statements ------------------------------------------------------------------
    def execute(self, stmt: ast.Stmt) -> None:
        self.tick(stmt.line)
        EXECUTE[type(stmt)](self, stmt)

    def exec_Block(self, stmt: ast.Block) -> None:
        for inner in stmt.statements:
            self.execute(inner)

    def exec_Add(self, stmt: ast.Add) -> None:
        low = self.number(stmt.low)
        high = low if stmt.high is None else self.number(stmt.high)
        stack = self.stack_or_context(stmt.dest, stmt.line, "ADD")
        cards = self.cards(stack)
        for card in range(low, high + 1):
            self.check_card(card, stmt.line)
            cards.append(card)
        self.check_size(stack, stmt.line)
        self.changed.add(stack.key)

    def exec_Assign(self, stmt: ast.Assign) -> None:
        value = self.evaluate(stmt.value)
        target = stmt.target
        if isinstance(target, ast.Position):
            stack = self.stack_or_context(target.stack, stmt.line, "the assignment")
            position = self.number(target.index)
            cards = self.cards(stack)
            self.check_type(value, "card", stmt.line, "A card")
            if position == 0:
                if not 0 <= value <= CROSS_CARD:
                    raise CdlRuntimeError(stmt.line, f"{value} is not a card (0 to 157)")
                self.state.bottoms[stack.key] = value
            else:
                self.check_position(stack, position, stmt.line, allow_zero=False)
                self.check_card(value, stmt.line)
                cards[position - 1] = value
            self.changed.add(stack.key)
            return
        ref = target.ref
        self.check_type(value, ref[2], stmt.line, f"The value given to {target.token.lexeme}")
        self.store(ref, value, stmt.line)

    def exec_Break(self, stmt: ast.Break) -> None:
        raise BreakProcedure() if stmt.procedure else BreakBlock()

    def exec_Clear(self, stmt: ast.Clear) -> None:
        if stmt.title is None:
            self.output.clear(None, None)
            return
        title = self.evaluate(stmt.title)
        box = tuple(self.number(part) for part in stmt.box) if stmt.box else None
        self.output.clear(self.text(title, None), box)

    def exec_Draw(self, stmt: ast.Draw) -> None:
        stack = self.stack_or_context(stmt.stack, stmt.line, "DRAW") if stmt.stack or self.frame.context else None
        self.output.events.append(("draw", stack.name if stack else None))

    def exec_Flash(self, stmt: ast.Flash) -> None:
        stack, low, high = self.interval(stmt.interval, allow_zero=True)
        self.output.events.append(("flash", stack.name, low, high))

    def exec_If(self, stmt: ast.If) -> None:
        if self.truth(stmt.condition, "IF"):
            self.execute(stmt.then_branch)
        elif stmt.else_branch is not None:
            self.execute(stmt.else_branch)

    def exec_Inverse(self, stmt: ast.Inverse) -> None:
        stack, low, high = self.interval(stmt.interval, allow_zero=False)
        cards = self.cards(stack)
        if low <= high:
            cards[low - 1:high] = cards[low - 1:high][::-1]
            self.changed.add(stack.key)

    def exec_Move(self, stmt: ast.Move) -> None:
        stack, low, high = self.interval(stmt.interval, allow_zero=False)
        dest = self.stack_or_context(stmt.dest.stack, stmt.line, "MOVE ... TO")
        if dest is stack:
            raise CdlRuntimeError(stmt.line, f"MOVE needs two different stacks, but both are {stack.name}")
        position = self.number(stmt.dest.index)
        target = self.cards(dest)
        if not 0 <= position <= len(target) + 1:
            raise CdlRuntimeError(stmt.line, f"MOVE ... TO {dest.name}[{position}]: {dest.name} has "
                                             f"{len(target)} cards, so the position must be 1 to {len(target) + 1}")
        if low > high:
            return
        cards = self.cards(stack)
        moving = cards[low - 1:high]
        del cards[low - 1:high]
        at = max(position, 1) - 1
        target[at:at] = moving
        self.check_size(dest, stmt.line)
        self.changed.update((stack.key, dest.key))

    def exec_Pull(self, stmt: ast.Pull) -> None:
        count = self.number(stmt.count)
        source = self.stack_or_context(stmt.source, stmt.line, "PULL ... FROM")
        dest = self.stack_or_context(stmt.dest, stmt.line, "PULL ... TO")
        cards = self.cards(source)
        if not 0 <= count <= len(cards):
            raise CdlRuntimeError(stmt.line, f"Cannot pull {count} cards from {source.name}: it has {len(cards)}")
        if count == 0 or source is dest:
            return
        moving = cards[len(cards) - count:]
        del cards[len(cards) - count:]
        self.cards(dest).extend(moving)
        self.check_size(dest, stmt.line)
        self.changed.update((source.key, dest.key))

    def exec_Remove(self, stmt: ast.Remove) -> None:
        stack, low, high = self.interval(stmt.interval, allow_zero=False)
        if low <= high:
            del self.cards(stack)[low - 1:high]
            self.changed.add(stack.key)

    def exec_Return(self, stmt: ast.Return) -> None:
        raise ReturnSignal(self.evaluate(stmt.value))

    def exec_Shuffle(self, stmt: ast.Shuffle) -> None:
        stack = self.stack_or_context(stmt.stack, stmt.line, "SHUFFLE")
        if self.rng is None:
            raise CdlRuntimeError(stmt.line, "SHUFFLE has no random generator here")
        self.rng.shuffle(self.cards(stack))
        self.changed.add(stack.key)

    def exec_Turn(self, stmt: ast.Turn) -> None:
        stack, low, high = self.interval(stmt.interval, allow_zero=True)
        side = self.number(stmt.side)
        if side not in (0, 1, 2):
            raise CdlRuntimeError(stmt.line, f"TURN ... SIDE must be UP (0), DOWN (1) or SHADED (2), not {side}")
        cards = self.cards(stack)
        for position in range(low, high + 1):
            if position == 0:
                card = self.state.bottoms[stack.key]
                if card < EMPTY_CARD:
                    self.state.bottoms[stack.key] = card % 52 + 52 * side
            else:
                card = cards[position - 1]
                cards[position - 1] = card % 52 + 52 * side
        self.changed.add(stack.key)

    def exec_Wait(self, stmt: ast.Wait) -> None:
        title = self.evaluate(stmt.title)
        context = self.frame.context if self.frame else None
        self.output.wait(self.text(title, None), stmt.procedure.key, context.key if context else None)

    def exec_While(self, stmt: ast.While) -> None:
        try:
            while self.truth(stmt.condition, "WHILE"):
                self.tick(stmt.line)
                self.execute(stmt.body)
        except BreakBlock:
            raise BreakProcedure() from None   # "a BREAK inside a WHILE body acts like a BREAK PROCEDURE"

    def exec_With(self, stmt: ast.With) -> None:
        stacks = [self.stack_value(name, stmt.line) for name in stmt.stacks]
        ref = stmt.ref
        saved = self.load(ref, stmt.line, quiet=True)
        try:
            for stack in stacks:
                self.tick(stmt.line)
                self.store(ref, stack, stmt.line)
                self.execute(stmt.body)
        except BreakBlock:
            pass
        finally:
            if stmt.implicit:
                self.store(ref, saved, stmt.line)

    def exec_Write(self, stmt: ast.Write) -> None:
        kinds = getattr(stmt, "kinds", [None] * len(stmt.args))
        parts = [self.text(self.evaluate(arg), kind) for arg, kind in zip(stmt.args, kinds)]
        self.output.write("".join(parts))

    def exec_CallStmt(self, stmt: ast.CallStmt) -> None:
        self.evaluate_call(stmt.call)

    # -- places ----------------------------------------------------------------------
    def cards(self, stack: StackInfo) -> list:
        return self.state.stacks[stack.key]

    def context(self, line: int, what: str) -> StackInfo:
        context = self.frame.context if self.frame else None
        if context is None:
            raise CdlRuntimeError(line, f"{what} needs a stack: there is no contextual stack here "
                                        "(only methods, and what they call, have one)")
        return context

    def stack_or_context(self, name: ast.Name | None, line: int, what: str) -> StackInfo:
        if name is None:
            return self.context(line, what)
        return self.stack_value(name, line)

    def stack_value(self, name: ast.Name, line: int) -> StackInfo:
        value = self.load(name.ref, line)
        if not isinstance(value, StackInfo):
            raise CdlRuntimeError(line, f"{name.token.lexeme} holds no stack")
        return value

    def check_position(self, stack: StackInfo, position: int, line: int, allow_zero: bool) -> None:
        size = len(self.cards(stack))
        lowest = 0 if allow_zero else 1
        if not lowest <= position <= size:
            extra = "" if allow_zero or position != 0 else " (position 0 is the empty-pile drawing)"
            raise CdlRuntimeError(line, f"Position {position} is outside stack {stack.name}, which has "
                                        f"{size} card{'s' if size != 1 else ''}{extra}")

    def interval(self, interval: ast.Interval, allow_zero: bool) -> tuple[StackInfo, int, int]:
        stack = self.stack_or_context(interval.stack, interval.line, "An interval")
        low = self.number(interval.low)
        high = low if interval.high is None else self.number(interval.high)
        if low <= high:
            self.check_position(stack, low, interval.line, allow_zero)
            self.check_position(stack, high, interval.line, allow_zero)
        return stack, low, high

    def check_card(self, card: int, line: int) -> None:
        if not 0 <= card < EMPTY_CARD:
            raise CdlRuntimeError(line, f"{card} is not a card that can lie on a stack (0 to 155)")

    def check_size(self, stack: StackInfo, line: int) -> None:
        if len(self.cards(stack)) > MAX_CARDS:
            raise CdlRuntimeError(line, f"Stack {stack.name} would hold more than {MAX_CARDS} cards")

    # -- variables -------------------------------------------------------------------
    def load(self, ref: tuple, line: int, quiet: bool = False):
        kind = ref[0]
        if kind in ("local", "with"):
            value = self.frame.locals.get(ref[1])
            if value is None and not quiet:
                raise CdlRuntimeError(line, f"{ref[1]} has no value yet")
            return value
        if kind == "global":
            value = self.state.globals[ref[1]]
            if value is None and not quiet:
                raise CdlRuntimeError(line, f"Variable {ref[1]} has no stack yet")
            return value
        if kind == "const":
            return ref[1]
        if kind == "stack":
            return ref[1]
        if kind == "cursor":
            return CURSOR
        if kind == "self":
            return self.context(line, "SELF")
        if kind == "field":
            return self.context(line, ref[1].capitalize()).field(ref[1])
        if kind == "routine":
            return self.call_by_ref(ref[1], [], line)
        raise CdlRuntimeError(line, f"{ref} has no value")

    def store(self, ref: tuple, value, line: int) -> None:
        kind = ref[0]
        if kind in ("local", "with"):
            self.frame.locals[ref[1]] = value
        elif kind == "global":
            self.state.globals[ref[1]] = value
        else:
            raise CdlRuntimeError(line, "Only variables can be assigned")

    # -- expressions -----------------------------------------------------------------
    def evaluate(self, expr: ast.Expr):
        return EVALUATE[type(expr)](self, expr)

    def number(self, expr: ast.Expr) -> int:
        value = self.evaluate(expr)
        if not isinstance(value, int) or isinstance(value, bool):
            raise CdlRuntimeError(expr.line, f"A number is needed here, not {describe_value(value)}")
        return value

    def truth(self, expr: ast.Expr, what: str) -> bool:
        value = self.evaluate(expr)
        if not isinstance(value, bool):
            raise CdlRuntimeError(expr.line, f"{what} needs TRUE or FALSE, not {describe_value(value)}")
        return value

    def eval_Literal(self, expr: ast.Literal):
        value = expr.value
        if isinstance(value, int) and value > INT_MAX:
            raise CdlRuntimeError(expr.line, f"{value} is outside the integers (-32768 to 32767)")
        return value

    def eval_Name(self, expr: ast.Name):
        return self.load(expr.ref, expr.line)

    def eval_Unary(self, expr: ast.Unary):
        if expr.op.type is T.NOT:
            return not self.truth(expr.operand, "NOT")
        if expr.op.type is T.MINUS and isinstance(expr.operand, ast.Literal) and expr.operand.value == 32768:
            return INT_MIN
        value = self.number(expr.operand)
        return self.fit(-value if expr.op.type is T.MINUS else value, expr.line)

    def eval_Logical(self, expr: ast.Logical) -> bool:
        word = expr.op.lexeme.upper()
        left = self.truth(expr.left, word)
        if expr.op.type is T.OR:
            return True if left else self.truth(expr.right, word)
        return self.truth(expr.right, word) if left else False

    def eval_Binary(self, expr: ast.Binary):
        op = expr.op.type
        left = self.evaluate(expr.left)
        right = self.evaluate(expr.right)
        if type(left) is int and type(right) is int:     # the usual case: two numbers (not booleans)
            compare = COMPARE.get(op)
            if compare is not None:
                return compare(left, right)
            arithmetic = ARITHMETIC.get(op)
            if arithmetic is not None:
                return self.fit(arithmetic(left, right), expr.line)
            if right == 0:
                raise CdlRuntimeError(expr.line, "Division by zero" if op is T.SLASH else "MOD by zero")
            quotient = abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1)
            return self.fit(quotient if op is T.SLASH else left - right * quotient, expr.line)
        if op in (T.EQUAL, T.NOT_EQUAL):
            if value_class(left) != value_class(right):
                raise CdlRuntimeError(expr.line, f"Cannot compare {describe_value(left)} with {describe_value(right)}")
            same = left is right if isinstance(left, StackInfo) else left == right
            return same if op is T.EQUAL else not same
        wrong = left if type(left) is not int else right
        raise CdlRuntimeError(expr.line, f"'{expr.op.lexeme}' needs numbers, not {describe_value(wrong)}")

    def fit(self, value: int, line: int) -> int:
        if not INT_MIN <= value <= INT_MAX:
            raise CdlRuntimeError(line, f"Integer overflow: {value} is outside -32768 to 32767")
        return value

    def eval_Length(self, expr: ast.Length) -> int:
        stack = self.stack_or_context(expr.stack, expr.line, "'!'")
        return len(self.cards(stack))

    def eval_CardAt(self, expr: ast.CardAt) -> int:
        stack = self.stack_or_context(expr.stack, expr.line, "'[...]'")
        position = self.number(expr.index)
        self.check_position(stack, position, expr.line, allow_zero=True)
        return self.state.bottoms[stack.key] if position == 0 else self.cards(stack)[position - 1]

    def eval_Call(self, expr: ast.Call):
        return self.evaluate_call(expr)

    def evaluate_call(self, call: ast.Call):
        args = [self.evaluate(arg) for arg in call.args]
        return self.call_by_ref(self.program.routines[call.name.key], args, call.line)

    def call_by_ref(self, routine: RoutineInfo, args: list, line: int):
        context = self.frame.context if self.frame else None
        return self._call(routine, args, context, line)

    def text(self, value, kind: str | None) -> str:
        if isinstance(value, bool):
            return "TRUE" if value else "FALSE"
        if isinstance(value, StackInfo):
            return value.name
        if isinstance(value, int) and kind == "card":
            return card_name(value)
        return str(value)


COMPARE = {T.EQUAL: operator.eq, T.NOT_EQUAL: operator.ne, T.LESS: operator.lt,
           T.LESS_EQUAL: operator.le, T.GREATER: operator.gt, T.GREATER_EQUAL: operator.ge}
ARITHMETIC = {T.PLUS: operator.add, T.MINUS: operator.sub, T.STAR: operator.mul}

#: node class -> the method that runs it (a table, not a lookup by name per node)
EXECUTE = {cls: getattr(Interpreter, f"exec_{cls.__name__}") for cls in vars(ast).values()
           if isinstance(cls, type) and issubclass(cls, ast.Stmt) and cls is not ast.Stmt}
EVALUATE = {cls: getattr(Interpreter, f"eval_{cls.__name__}") for cls in vars(ast).values()
            if isinstance(cls, type) and issubclass(cls, ast.Expr) and cls is not ast.Expr}


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
