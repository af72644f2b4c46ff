"""Variables a program only counts: what the solver may leave out of its key.

Golf counts the cards played (``holes := holes + 1``), Klondike the times the
waste was turned over, and only their Help reads the count, to show it.  A
global INTEGER variable is a *counter* when play code (every routine, every
method but Start and Help) sets it only by ``v := v + c`` or ``v := v - c``,
with ``c`` a constant of at least 0, and reads it nowhere else.

What a run of play code does then cannot depend on the counter's value: its
path reads the other values alone, and the counter only ends up moved by the
constants the path added.  Except for one thing: a count that leaves -32768
to 32767 is an integer overflow, and the move it happens in is refused.  So
two positions that differ only in their counters have the same moves, to
positions that again differ only so, with the same verdicts, as long as no
count overflows.  A transaction runs two methods (the press's and the
release's), each count in them at most once, so it changes a counter by at
most twice the sum of its counts' constants: from a position whose counter is
that far from either end, no move overflows.  The solver's state keys
positions without their counters, and gives up its search (no verdict) at a
position whose counter is nearer an end (``search.py``); every move it worked
out is then one of the game with counts that never overflow, where the
counters make no difference at all.  Each winning line it finds is replayed,
so it is one in any case.
"""
from __future__ import annotations

from . import ast
from .model import CompiledProgram
from .symmetry import constant_value, play_bodies, walk
from .tokens import T

#: the most a transaction may count a counter by, in all (so that the safe range is wide)
MOST_PER_TRANSACTION = 1000


def counters(program: CompiledProgram) -> dict[str, int]:
    """The program's counters (see the module's doc), in declaration order, each with the
    most a transaction can change it by: twice the sum of its counts' constants (a
    transaction runs two methods, a press and a release, and each count at most once)."""
    found = {key for key, (_, type_) in program.globals.items() if type_ == "integer"}
    steps = dict.fromkeys(found, 0)
    allowed: set[int] = set()        # the Name nodes a count names its variable with
    methods = {id(method.body) for stack in program.stacks.values() for method in stack.methods.values()}
    for body in play_bodies(program):
        for node, looped in walk_loops(body):
            if not (isinstance(node, ast.Assign) and isinstance(node.target, ast.Name)):
                continue
            ref = node.target.ref
            if ref is None or ref[0] != "global" or ref[1] not in found:
                continue
            read, step = counted(node.value, ref[1])
            if read is None or looped or id(body) not in methods:
                found.discard(ref[1])
            else:
                allowed.update((id(node.target), id(read)))
                steps[ref[1]] += 2 * step
    for body in play_bodies(program):
        for node in walk(body):
            if isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "global" \
                    and id(node) not in allowed:
                found.discard(node.ref[1])
    return {key: steps[key] for key in program.globals
            if key in found and steps[key] <= MOST_PER_TRANSACTION}


def walk_loops(body: ast.Stmt):
    """Each node under ``body`` with whether it is inside a WHILE or WITH loop."""
    todo: list[tuple[ast.Node, bool]] = [(body, False)]
    while todo:
        node, looped = todo.pop()
        yield node, looped
        inner = looped or isinstance(node, (ast.While, ast.With))
        for value in vars(node).values():
            if isinstance(value, ast.Node):
                todo.append((value, inner))
            elif isinstance(value, (list, tuple)):
                todo.extend((item, inner) for item in value if isinstance(item, ast.Node))


def counted(value: ast.Expr, key: str) -> tuple[ast.Name | None, int]:
    """If ``value`` is ``v + c`` or ``v - c`` (``v`` the global ``key``, ``c`` a
    constant of at least 0), the Name node of ``v`` and ``c``; else (None, 0)."""
    if not isinstance(value, ast.Binary) or value.op.type not in (T.PLUS, T.MINUS):
        return None, 0
    left = value.left
    if not (isinstance(left, ast.Name) and left.ref is not None and left.ref[0] == "global"
            and left.ref[1] == key):
        return None, 0
    step = constant_value(value.right)
    if step is None or type(step[1]) is not int or step[1] < 0:
        return None, 0
    return left, step[1]


__all__ = ["counters"]
