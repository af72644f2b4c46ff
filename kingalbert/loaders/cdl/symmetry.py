"""Stacks a program treats alike, read from its text: the solver's symmetric piles.

Two stacks are interchangeable when exchanging their cards gives a position
the program plays exactly as the old one with the two names exchanged.  A
program can only tell its stacks apart by what it says about them, so
``symmetric_stacks`` asks what the text says, and gives up on a stack at the
first thing that could tell it from the others:

* the stacks of a group have the same play methods (the very ones, as
  ``STACK B FROM A`` copies them; ``Start`` runs only at the deal and
  ``Help`` changes nothing, so they may differ) and the same fields but for
  their place (``X`` and ``Y``), which no code reads;
* no code names a stack of the group except in the list of a ``WITH`` loop
  that names all of the group (or none of it), and every such loop is one
  whose result cannot depend on the order of its list: an implicit loop
  variable, no ``BREAK`` or ``RETURN`` in it, no cards added, pulled, moved
  or shuffled; cards turned, inverted or removed only on the loop's own
  stack (and then no other stack read but by the name of one outside the
  list, and only routines called that touch no state); variables only set
  to one constant, or only counted up (or only down) by a stack's length or
  a constant of at least 0, and not otherwise read in the loop (nor by a
  routine it calls, where it is a global one); only routines called that
  change nothing;
* nothing can make the stacks' other per-stack state differ: no STACK
  variable that keeps its value from one transaction to the next (a
  *transient* one, ``transients.py``, is set by each press before its
  release reads it: between transactions its value is never read, and
  within one, the position with two stacks' cards exchanged has the press
  on the other stack set it to the other name, which the release can only
  compare, or use as a stack, as it would the first), no drawing assigned
  (``S[0] := ...``), no card shaded (``TURN`` with a side other than the
  constants UP or DOWN), no ``WITH`` over a stack given by a variable.
  (Calculation's and Strategy's ``source := Self``.)

The ruleset also checks the position (its drawings and shading alike on
every stack of a group) before it hands the groups to the solver.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator

from . import ast
from .compiler import pure_routines
from .model import CURSOR, PREDEFINED, CompiledProgram, StackInfo

#: statements that change cards, and those a loop whose order doesn't matter may not hold at all
CHANGES_CARDS = (ast.Remove, ast.Turn, ast.Inverse)
NEVER_IN_LOOP = (ast.Break, ast.Return, ast.Add, ast.Pull, ast.Move, ast.Shuffle, ast.Wait)
CHANGES_STATE = CHANGES_CARDS + (ast.Add, ast.Pull, ast.Move, ast.Shuffle, ast.Wait)
PLACE_FIELDS = ("x", "y")
SIDES = (PREDEFINED["up"], PREDEFINED["down"])


def walk(node: ast.Node) -> Iterator[ast.Node]:
    """The node and every node under it (a loop, not recursion: operator chains may be long)."""
    todo: list[ast.Node] = [node]
    while todo:
        node = todo.pop()
        yield node
        for value in vars(node).values():
            if isinstance(value, ast.Node):
                todo.append(value)
            elif isinstance(value, (list, tuple)):
                todo.extend(item for item in value if isinstance(item, ast.Node))


def play_bodies(program: CompiledProgram) -> list[ast.Stmt]:
    """The code that can run while a game is played: every routine, every method but Start and Help."""
    bodies: dict[int, ast.Stmt] = {}
    for routine in program.routines.values():
        if routine.body is not None:
            bodies[id(routine.body)] = routine.body
    for stack in program.stacks.values():
        for key, method in stack.methods.items():
            if key not in ("start", "help"):
                bodies[id(method.body)] = method.body
    return list(bodies.values())


def wait_procedures(program: CompiledProgram) -> frozenset[str]:
    """The procedures a WAIT anywhere in the program's text puts on a button."""
    bodies = [routine.body for routine in program.routines.values() if routine.body is not None]
    bodies += [method.body for stack in program.stacks.values() for method in stack.methods.values()]
    return frozenset(node.procedure.key for body in bodies for node in walk(body) if isinstance(node, ast.Wait))


def symmetric_stacks(program: CompiledProgram, transient: Collection[str] = ()) -> list[list[StackInfo]]:
    """Groups (two stacks or more, in ORDER order) of stacks the program treats alike;
    ``transient``: the program's transient variables (``transients.py``), the only
    STACK variables it may have."""
    if any(type_ == "stack" and key not in transient for key, (_, type_) in program.globals.items()):
        return []
    nodes = [node for body in play_bodies(program) for node in walk(body)]
    withs = [node for node in nodes if isinstance(node, ast.With)]
    for node in nodes:
        if isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "field" \
                and node.ref[1] in PLACE_FIELDS:
            return []
        if isinstance(node, ast.Assign) and isinstance(node.target, ast.Position):
            return []
        if isinstance(node, ast.Turn) and not constant_side(node.side):
            return []
    listed = {id(name) for loop in withs for name in loop.stacks}
    for loop in withs:
        if any(name.ref is None or name.ref[0] not in ("stack", "cursor") for name in loop.stacks):
            return []
    # what tells a stack apart: its play methods and fields, and the loops that name it
    told: dict[str, list] = {stack.key: [] for stack in program.order}
    named_alone: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "stack" \
                and id(node) not in listed:
            named_alone.add(node.ref[1].key)
    free_of_order = OrderFree(program)
    for number, loop in enumerate(withs):
        names = {name.ref[1].key for name in loop.stacks if name.ref[0] == "stack"}
        if not free_of_order(loop):
            named_alone |= names
        for key in names:
            if key in told:
                told[key].append(number)
    groups: dict[tuple, list[StackInfo]] = {}
    for stack in program.order:
        if stack is CURSOR or stack.key in named_alone:
            continue
        methods = tuple(sorted((key, id(method)) for key, method in stack.methods.items()
                               if key not in ("start", "help")))
        fields = tuple(sorted((key, value) for key, value in stack.fields.items() if key not in PLACE_FIELDS))
        groups.setdefault((methods, fields, tuple(told[stack.key])), []).append(stack)
    return [group for group in groups.values() if len(group) > 1]


def constant_side(side: ast.Expr | None) -> bool:
    """Is a TURN's side the constant UP or DOWN (or none: each card turned over)?"""
    if side is None:
        return True
    if isinstance(side, ast.Literal):
        return side.value in SIDES and type(side.value) is int
    if isinstance(side, ast.Name) and side.ref is not None and side.ref[0] == "const":
        return side.ref[1] in SIDES and type(side.ref[1]) is int
    return False


class OrderFree:
    """``order_free(loop)``: can the result of a WITH loop depend on the order of its list?
    (See the module's docstring for what is allowed.)"""

    def __init__(self, program: CompiledProgram):
        self.program = program
        self.pure = pure_routines(program)
        self.still = still_routines(program)
        self.global_readers = global_readers(program)

    def __call__(self, loop: ast.With) -> bool:
        if not loop.implicit:
            return False        # (a declared variable keeps the last stack of the list)
        var = loop.var.key
        nodes = list(walk(loop.body))
        changes_cards = False
        for node in nodes:
            if isinstance(node, NEVER_IN_LOOP):
                return False
            if isinstance(node, ast.With) and node.var.key == var:
                return False
            if isinstance(node, CHANGES_CARDS):
                stack = node.interval.stack
                if stack is None or stack.ref is None or stack.ref[:2] != ("with", var):
                    return False
                changes_cards = True
            if called(node) not in (None, *self.still):
                return False
        if not self.variables_free(nodes):
            return False
        return not changes_cards or self.reads_only_own(nodes, var, loop)

    def variables_free(self, nodes: list[ast.Node]) -> bool:
        """Each variable set in the loop is set to one constant, or counted only up or only
        down by lengths and constants of at least 0, and read nowhere else in the loop."""
        ways: dict[tuple, set] = {}
        allowed: set[int] = set()
        for node in nodes:
            if not isinstance(node, ast.Assign):
                continue
            target = node.target
            assert isinstance(target, ast.Name)     # (drawings were ruled out before)
            ref = target.ref
            if ref is None or ref[0] not in ("local", "global"):
                return False
            key = ref[:2]
            allowed.add(id(target))
            value = node.value
            constant = constant_value(value)
            if constant is not None:
                ways.setdefault(key, set()).add(("set", constant))
                continue
            if isinstance(value, ast.Binary) and value.op.lexeme in ("+", "-") \
                    and isinstance(value.left, ast.Name) and value.left.ref is not None \
                    and value.left.ref[:2] == key and counts_up(value.right):
                ways.setdefault(key, set()).add(("count", value.op.lexeme))
                allowed.add(id(value.left))
                continue
            return False
        if any(len(found) > 1 for found in ways.values()):
            return False
        if any(key[0] == "global" for key in ways) and any(called(node) in self.global_readers for node in nodes):
            return False        # (a routine it calls could read a variable the loop counts)
        for node in nodes:
            if isinstance(node, ast.Name) and node.ref is not None and node.ref[:2] in ways \
                    and id(node) not in allowed:
                return False
        return True

    def reads_only_own(self, nodes: list[ast.Node], var: str, loop: ast.With) -> bool:
        """In a loop that changes its stack's cards: no stack read but the loop's own and
        stacks named that are not in the list, and only routines that touch no state."""
        in_list = {name.ref[1].key for name in loop.stacks if name.ref[0] == "stack"}
        for node in nodes:
            if isinstance(node, (ast.Length, ast.CardAt, ast.Interval, ast.Position)) and node.stack is None:
                return False    # (the contextual stack)
            if isinstance(node, ast.Name) and node.ref is not None:
                kind = node.ref[0]
                if kind == "self" or (kind in ("local", "global", "with") and node.ref[-1] == "stack"
                                      and node.ref[:2] != ("with", var)):
                    return False
                if kind == "stack" and node.ref[1].key in in_list:
                    return False
            if called(node) not in (None, *self.pure):
                return False
        return True


def called(node: ast.Node) -> str | None:
    """The routine a node calls (a call, or a routine's name used as a value), or None."""
    if isinstance(node, ast.Call):
        return node.name.key
    if isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "routine":
        return node.ref[1].key
    return None


def constant_value(expr: ast.Expr):
    if isinstance(expr, ast.Literal):
        return ("literal", expr.value)
    if isinstance(expr, ast.Name) and expr.ref is not None and expr.ref[0] == "const":
        return ("literal", expr.ref[1])
    return None


def counts_up(expr: ast.Expr) -> bool:
    """A length, or a whole number of at least 0."""
    if isinstance(expr, ast.Length):
        return True
    found = constant_value(expr)
    return found is not None and type(found[1]) is int and found[1] >= 0


def still_routines(program: CompiledProgram) -> set[str]:
    """The routines that change nothing: no cards, drawings or variables but their own
    locals (what they write or flash is no change of the position), nor what they call."""
    calls: dict[str, set[str]] = {}
    candidates = set()
    for key, routine in program.routines.items():
        if routine.body is None:
            continue
        called: set[str] = set()
        changes = False
        for node in walk(routine.body):
            if isinstance(node, CHANGES_STATE):
                changes = True
                break
            if isinstance(node, ast.Assign) and (isinstance(node.target, ast.Position) or node.target.ref is None
                                                 or node.target.ref[0] != "local"):
                changes = True
                break
            if isinstance(node, ast.Call):
                called.add(node.name.key)
            elif isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "routine":
                called.add(node.ref[1].key)
        if not changes:
            candidates.add(key)
            calls[key] = called
    # still: a candidate all of whose callees are still (the largest such set, so that
    # routines calling one another are still together)
    still = set(candidates)
    changed = True
    while changed:
        changed = False
        for key in list(still):
            if not calls[key] <= still:
                still.discard(key)
                changed = True
    return still


def global_readers(program: CompiledProgram) -> set[str]:
    """The routines that read a global variable, themselves or through what they call."""
    return routines_doing(program, lambda node: isinstance(node, ast.Name) and node.ref is not None
                          and node.ref[0] == "global")


def routines_doing(program: CompiledProgram, does) -> set[str]:
    """The routines with a node for which ``does(node)`` holds in their text, or that
    call such a routine (on and on)."""
    calls: dict[str, set[str]] = {}
    found: set[str] = set()
    for key, routine in program.routines.items():
        calls[key] = set()
        if routine.body is None:
            continue
        for node in walk(routine.body):
            if does(node):
                found.add(key)
            name = called(node)
            if name is not None:
                calls[key].add(name)
    changed = True
    while changed:
        changed = False
        for key, callees in calls.items():
            if key not in found and callees & found:
                found.add(key)
                changed = True
    return found
