"""The compiler's expressions, places and variables (a base of ``Compiler``).

Each expression becomes a function ``value(rt)`` of the ``Runtime``; a stack
named in a statement, an interval and a variable get theirs too.  Everything
known before running is decided here: a stack named by its own name is a
constant, an operator's function is chosen once, and so is what a name loads.
"""
from __future__ import annotations

import operator
from typing import TypeGuard

from ...engine.errors import plural
from . import ast
from .checker import is_int_min, left_spine
from .errors import CdlRuntimeError
from .interpreter import INT_MAX, INT_MIN, MAX_CARDS, card_name, describe_value, value_class
from .model import CURSOR, NUMERIC, Code, StackInfo
from .tokens import T


def fail(line: int, message: str):
    raise CdlRuntimeError(line, message)


def check_type(value, type_: str | None, line: int, what: str) -> None:
    if type_ is None:
        return
    if type_ in NUMERIC:
        ok = type(value) is int
    elif type_ == "boolean":
        ok = type(value) is bool
    elif type_ == "string":
        ok = type(value) is str
    else:
        ok = type(value) is StackInfo
    if not ok:
        fail(line, f"{what} must be a {type_}, not {describe_value(value)}")


def fit(value: int, line: int) -> int:
    if not INT_MIN <= value <= INT_MAX:
        fail(line, f"Integer overflow: {value} is outside -32768 to 32767")
    return value


def text_of(value, kind: str | None) -> str:
    """How WRITE shows a value."""
    if type(value) is bool:
        return "TRUE" if value else "FALSE"
    if type(value) is StackInfo:
        return value.name
    if type(value) is int and kind == "card":
        return card_name(value)
    return str(value)


def check_position(rt, stack: StackInfo, position: int, line: int, allow_zero: bool) -> None:
    size = rt.length(stack.key)
    if not (0 if allow_zero else 1) <= position <= size:
        extra = "" if allow_zero or position != 0 else " (position 0 is the empty-pile drawing)"
        fail(line, f"Position {position} is outside stack {stack.name}, which has "
                   f"{plural(size, 'card')}{extra}")


def check_size(cards: list, stack: StackInfo, line: int) -> None:
    if len(cards) > MAX_CARDS:
        fail(line, f"Stack {stack.name} would hold more than {MAX_CARDS} cards")


COMPARE = {T.EQUAL: operator.eq, T.NOT_EQUAL: operator.ne, T.LESS: operator.lt,
           T.LESS_EQUAL: operator.le, T.GREATER: operator.gt, T.GREATER_EQUAL: operator.ge}
ARITHMETIC = {T.PLUS: operator.add, T.MINUS: operator.sub, T.STAR: operator.mul}


def binary_operation(node: ast.Binary):
    """The function ``(left, right) -> value`` of a Binary node's operator, with its checks."""
    op, line, lexeme = node.op.type, node.line, node.op.lexeme

    def mismatch(left, right):
        if op in (T.EQUAL, T.NOT_EQUAL):
            if value_class(left) != value_class(right):
                fail(line, f"Cannot compare {describe_value(left)} with {describe_value(right)}")
            same = left is right if type(left) is StackInfo else left == right
            return same if op is T.EQUAL else not same
        wrong = left if type(left) is not int else right
        fail(line, f"'{lexeme}' needs numbers, not {describe_value(wrong)}")

    if op in COMPARE:
        compare = COMPARE[op]

        def operation(left, right):
            if type(left) is int and type(right) is int:
                return compare(left, right)
            return mismatch(left, right)
    elif op in ARITHMETIC:
        arithmetic = ARITHMETIC[op]

        def operation(left, right):
            if type(left) is int and type(right) is int:
                value = arithmetic(left, right)
                if INT_MIN <= value <= INT_MAX:
                    return value
                return fit(value, line)
            return mismatch(left, right)
    else:       # / and MOD truncate towards zero
        def operation(left, right):
            if type(left) is not int or type(right) is not int:
                return mismatch(left, right)
            if right == 0:
                fail(line, "Division by zero" if op is T.SLASH else "MOD by zero")
            quotient = abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1)
            return fit(quotient if op is T.SLASH else left - right * quotient, line)
    return operation


def same_place(a: ast.Name | None, b: ast.Name | None) -> bool:
    """Do two stack places name one stack when evaluated one after the other with nothing
    between but ``S!`` (which changes nothing): both the contextual stack, or both one
    name bound alike (a stack's own name, a variable, a parameter, SELF)?"""
    if a is None or b is None:
        return a is None and b is None
    return a.ref is not None and a.ref == b.ref


def is_number(node: ast.Expr) -> TypeGuard[ast.Literal]:
    return isinstance(node, ast.Literal) and type(node.value) is int and node.value <= INT_MAX


def always_boolean(node: ast.Expr) -> bool:
    """Is the expression's value TRUE or FALSE whenever it has one?  (Then a condition
    needs no check of its own.)"""
    if isinstance(node, ast.Binary):
        return node.op.type in COMPARE
    if isinstance(node, ast.Logical):
        return True
    if isinstance(node, ast.Unary):
        return node.op.type is T.NOT
    if isinstance(node, ast.Call):
        return False
    if isinstance(node, ast.Name) and node.ref is not None:
        if node.ref[0] == "const":
            return type(node.ref[1]) is bool
        if node.ref[0] == "routine":
            return node.ref[1].kind == "predicate"     # its invoker checks what it returns
    return False


class ExpressionCompiler:
    """Expressions, stack places and variables; ``Compiler`` adds statements and routines."""

    code: Code              # the closures being made (routines are called through it)
    locals_used: set        # local names the body being compiled loads or stores

    # -- places ------------------------------------------------------------------------
    def stack(self, name: ast.Name | None, line: int, what: str):
        """``rt -> StackInfo`` for a stack named in a statement, or the contextual one."""
        if name is None:
            def context(rt):
                stack = rt.context
                if stack is None:
                    fail(line, f"{what} needs a stack: there is no contextual stack here "
                               "(only methods, and what they call, have one)")
                return stack
            return context
        return self.stack_value(name, line)

    @staticmethod
    def named_stack(name: ast.Name | None) -> StackInfo | None:
        """The stack a name always means (a stack's own name, or CURSOR), else None."""
        if name is None:
            return None
        kind = name.ref[0]
        return name.ref[1] if kind == "stack" else CURSOR if kind == "cursor" else None

    def stack_value(self, name: ast.Name, line: int):
        ref = name.ref
        kind = ref[0]
        if kind == "stack":
            stack = ref[1]
            return lambda rt: stack
        if kind == "cursor":
            return lambda rt: CURSOR
        load = self.load(ref, line)
        lexeme = name.token.lexeme

        def value(rt):
            stack = load(rt)
            if type(stack) is not StackInfo:
                fail(line, f"{lexeme} holds no stack")
            return stack
        return value

    def interval(self, interval: ast.Interval, allow_zero: bool):
        """``rt -> (stack, low, high)``, both ends checked when the interval is not empty."""
        line = interval.line
        stack_of = self.stack(interval.stack, line, "An interval")
        low_of = self.number(interval.low)
        high_of = self.number(interval.high) if interval.high is not None else None

        def value(rt):
            stack = stack_of(rt)
            low = low_of(rt)
            high = low if high_of is None else high_of(rt)
            if low <= high:
                check_position(rt, stack, low, line, allow_zero)
                check_position(rt, stack, high, line, allow_zero)
            return stack, low, high
        return value

    # -- variables ---------------------------------------------------------------------
    def load(self, ref: tuple, line: int, quiet: bool = False):
        kind = ref[0]
        if kind in ("local", "with"):
            key = ref[1]
            self.locals_used.add(key)

            def local(rt):
                value = rt.locals.get(key)
                if value is None and not quiet:
                    fail(line, f"{key} has no value yet")
                return value
            return local
        if kind == "global":
            key = ref[1]

            def global_(rt):
                value = rt.globals.get(key)
                if value is None:
                    value = rt.get_global(key)
                    if value is None and not quiet:
                        fail(line, f"Variable {key} has no stack yet")
                return value
            return global_
        if kind in ("const", "stack"):
            value = ref[1]
            return lambda rt: value
        if kind == "cursor":
            return lambda rt: CURSOR
        if kind == "self":
            return self.stack(None, line, "SELF")
        if kind == "field":
            key = ref[1]
            context = self.stack(None, line, key.capitalize())
            return lambda rt: context(rt).field(key)
        if kind == "routine":
            routine_key = ref[1].key
            invokers = self.code.routines
            return lambda rt: invokers[routine_key](rt, [], line)
        raise AssertionError(f"unknown reference {ref!r}")

    def store(self, ref: tuple, line: int):
        kind, key = ref[0], ref[1]
        if kind in ("local", "with"):
            self.locals_used.add(key)

            def local(rt, value):
                rt.locals[key] = value
            return local
        if kind == "global":
            def global_(rt, value):
                rt.globals[key] = value
            return global_

        def other(rt, value):
            fail(line, "Only variables can be assigned")
        return other

    # -- expressions -------------------------------------------------------------------
    def expr(self, node: ast.Expr):
        return EXPRESSIONS[type(node)](self, node)

    def number(self, node: ast.Expr):
        value_of = self.expr(node)
        if isinstance(node, ast.Literal) and type(node.value) is int:
            return value_of
        line = node.line

        def number(rt):
            value = value_of(rt)
            if type(value) is not int:
                fail(line, f"A number is needed here, not {describe_value(value)}")
            return value
        return number

    def condition(self, node: ast.Expr, what: str):
        value_of = self.expr(node)
        if always_boolean(node):
            return value_of
        line = node.line

        def truth(rt):
            value = value_of(rt)
            if value is True or value is False:
                return value
            fail(line, f"{what} needs TRUE or FALSE, not {describe_value(value)}")
        return truth

    def expr_Literal(self, node: ast.Literal):
        value = node.value
        return lambda rt: value

    def expr_Name(self, node: ast.Name):
        return self.load(node.ref, node.line)

    def expr_Unary(self, node: ast.Unary):
        line = node.line
        if node.op.type is T.NOT:
            operand = self.condition(node.operand, "NOT")
            return lambda rt: not operand(rt)
        if node.op.type is T.MINUS and is_int_min(node.operand):
            return lambda rt: INT_MIN
        operand = self.number(node.operand)
        if node.op.type is T.PLUS:
            return operand
        return lambda rt: fit(-operand(rt), line)

    def expr_Binary(self, node: ast.Expr):
        """A chain of operators (one or more Binary or Logical nodes down the left)
        as one loop; a single Binary node as one call of its operation."""
        filled = self.emptiness(node)
        if filled is not None:
            return filled
        # (an emptiness test down the chain is its own first operand)
        operands, nodes = left_spine(node, lambda n: isinstance(n, (ast.Binary, ast.Logical))
                                     and self.emptiness_test(n) is None)
        first = self.expr(operands[0])
        if len(nodes) == 1 and isinstance(node, ast.Binary):
            return self.single_operation(node, first)
        parts: list[tuple] = []
        for inner, operand in zip(nodes, operands[1:]):
            if isinstance(inner, ast.Logical):
                word = inner.op.lexeme.upper()
                parts.append((inner.op.type is T.AND, None, self.condition(operand, word), inner.line, word))
            else:
                parts.append((None, binary_operation(inner), self.expr(operand), inner.line, None))
        steps = tuple(parts)

        def chain(rt):
            value = first(rt)
            for conjunction, operation, right, line, word in steps:
                if operation is not None:
                    value = operation(value, right(rt))
                    continue
                if value is not True and value is not False:
                    fail(line, f"{word} needs TRUE or FALSE, not {describe_value(value)}")
                if value is conjunction:
                    value = right(rt)       # AND of TRUE, OR of FALSE: the right side decides
            return value
        return chain

    expr_Logical = expr_Binary

    def single_operation(self, node: ast.Binary, first):
        """One operator: its checks inline, a literal operand as a constant, and two
        literals folded (unless that fails: then it fails when it runs, as written)."""
        operation = binary_operation(node)
        left, right = node.left, node.right
        if is_number(left) and is_number(right):
            try:
                folded = operation(left.value, right.value)
            except CdlRuntimeError:
                pass
            else:
                return lambda rt: folded
        function = COMPARE.get(node.op.type) or ARITHMETIC.get(node.op.type)
        if function is None:        # / and MOD
            second = self.expr(right)
            return lambda rt: operation(first(rt), second(rt))
        arithmetic = node.op.type in ARITHMETIC
        if is_number(right):
            constant = right.value
            if arithmetic:
                def value(rt):
                    a = first(rt)
                    if type(a) is int:
                        result = function(a, constant)
                        if INT_MIN <= result <= INT_MAX:
                            return result
                    return operation(a, constant)
            else:
                def value(rt):
                    a = first(rt)
                    if type(a) is int:
                        return function(a, constant)
                    return operation(a, constant)
            return value
        second = self.expr(right)
        if arithmetic:
            def value(rt):
                a, b = first(rt), second(rt)
                if type(a) is int and type(b) is int:
                    result = function(a, b)
                    if INT_MIN <= result <= INT_MAX:
                        return result
                return operation(a, b)
        else:
            def value(rt):
                a, b = first(rt), second(rt)
                if type(a) is int and type(b) is int:
                    return function(a, b)
                return operation(a, b)
        return value

    @staticmethod
    def emptiness_test(node: ast.Expr) -> tuple[ast.Length, bool] | None:
        """``S! > 0``, ``S! <> 0``, ``S! = 0`` (or the other way round): the Length node and
        whether the test asks for cards; None for anything else."""
        if not isinstance(node, ast.Binary):
            return None
        op = node.op.type
        left, right = node.left, node.right
        if isinstance(left, ast.Length) and is_number(right) and right.value == 0:
            asks = {T.GREATER: True, T.NOT_EQUAL: True, T.EQUAL: False}.get(op)
            length = left
        elif isinstance(right, ast.Length) and is_number(left) and left.value == 0:
            asks = {T.LESS: True, T.NOT_EQUAL: True, T.EQUAL: False}.get(op)
            length = right
        else:
            return None
        return None if asks is None else (length, asks)

    def emptiness(self, node: ast.Expr):
        """An emptiness test (``emptiness_test``) as a read of that alone (``Runtime.filled``):
        the run cache then gives one answer for every size but 0."""
        test = self.emptiness_test(node)
        if test is None:
            return None
        length, asks = test
        stack_of = self.stack(length.stack, length.line, "'!'")
        if asks:
            return lambda rt: rt.filled(stack_of(rt).key)
        return lambda rt: not rt.filled(stack_of(rt).key)

    def expr_Length(self, node: ast.Length):
        stack_of = self.stack(node.stack, node.line, "'!'")
        return lambda rt: rt.length(stack_of(rt).key)

    def expr_CardAt(self, node: ast.CardAt):
        line = node.line
        stack_of = self.stack(node.stack, line, "'[...]'")
        if isinstance(node.index, ast.Length) and same_place(node.stack, node.index.stack):
            # ``S[S!]``: the top card, read as that alone (``Runtime.peek``); the drawing
            # of an empty stack (position 0)
            def top(rt):
                key = stack_of(rt).key
                card = rt.peek(key)
                return rt.bottom(key) if card is None else card
            return top
        index_of = self.number(node.index)

        def card(rt):
            stack = stack_of(rt)
            position = index_of(rt)
            cards = rt.view(stack.key)
            if 1 <= position <= len(cards):
                return cards[position - 1]
            check_position(rt, stack, position, line, allow_zero=True)
            return rt.bottom(stack.key)
        return card

    def expr_Call(self, node: ast.Call):
        line, key = node.line, node.name.key
        invokers = self.code.routines
        args_of = tuple(self.expr(arg) for arg in node.args)
        if not args_of:
            return lambda rt: invokers[key](rt, [], line)
        return lambda rt: invokers[key](rt, [arg(rt) for arg in args_of], line)


def table(compiler: type, base: type, prefix: str) -> dict:
    """node class -> the compiler's method for it; every kind of node must have one."""
    found = {}
    for cls in vars(ast).values():
        if isinstance(cls, type) and issubclass(cls, base) and cls is not base:
            found[cls] = getattr(compiler, f"{prefix}{cls.__name__}")
    return found


EXPRESSIONS = table(ExpressionCompiler, ast.Expr, "expr_")
