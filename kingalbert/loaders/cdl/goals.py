"""The sizes ``win?`` asks stacks to reach: a part of the solver's score.

Klondike's, Canfield's, Calculation's and Strategy's ``win?`` is ``(F1! = 13) and
(F2! = 13) and ...``: a card going up to a foundation is the progress they
measure, and the score (``search.py``) counts how far each such stack is from its
size.  Only a ``win?`` that returns a conjunction is read, and of its parts only
``S! = n`` (or ``n = S!``), ``S`` a stack's own name that the program does not fan
out (a foundation, not a column) and ``n`` above 0: cards win? wants gathered
there.  Aces Up's ``win?`` asks its columns for one card each and its stock for
none: counted, a card moved to an empty column looked like progress, and the
search decided 5 of its deals 1-20 instead of 10.  A score orders the search and
proves nothing, so what it leaves out costs nothing but order.
"""
from __future__ import annotations

from collections.abc import Iterator

from . import ast
from .expressions import ExpressionCompiler
from .model import PREDEFINED, CompiledProgram
from .symmetry import constant_value
from .tokens import T


def goal_sizes(program: CompiledProgram) -> dict[str, int]:
    """Stack key -> the size ``win?`` asks of it, of the stacks it wants cards gathered
    on (none if ``win?`` is not of that form)."""
    routine = program.routines.get("win?")
    body = routine.body if routine is not None else None
    if isinstance(body, ast.Block) and len(body.statements) == 1:
        body = body.statements[0]
    if not isinstance(body, ast.Return):
        return {}
    goals: dict[str, int] = {}
    for size, value in equalities(body.value):
        stack = ExpressionCompiler.named_stack(size.stack) if isinstance(size, ast.Length) else None
        found = constant_value(value)
        if stack is not None and found is not None and type(found[1]) is int and found[1] > 0 \
                and stack.field("direction") == PREDEFINED["over"]:
            goals[stack.key] = found[1]
    return goals


def equalities(expr: ast.Expr) -> Iterator[tuple[ast.Expr, ast.Expr]]:
    """Each ``a = b`` of a conjunction (``... AND ...``, in the text's order), as (a, b)
    and then as (b, a)."""
    todo = [expr]
    while todo:
        part = todo.pop()
        if isinstance(part, ast.Logical) and part.op.type == T.AND:
            todo += [part.right, part.left]
        elif isinstance(part, ast.Binary) and part.op.type == T.EQUAL:
            yield part.left, part.right
            yield part.right, part.left


__all__ = ["equalities", "goal_sizes"]
