"""Stacks whose buried cards nothing in play looks at: the solver keys them by their
size and top card alone (``CdlRuleset.solver_top_only``).

Golf's waste is the example: cards go onto it and never leave, and the program
only ever asks for its top card.  Two positions that differ only in the cards
under such a top play alike, but a key of whole stacks tells them apart (every
order in which the same cards reached the waste is another key), so the solver's
table would count the same position many times over.

``top_only_stacks`` reads the text, as ``symmetry`` does, and gives up on a stack
at the first thing that could see, move or change a card under its top, in the
code that can run while a game is played (every routine, every method but Start
and Help).  A stack S qualifies when it is named only as

* ``S!`` (its size, which the key keeps);
* ``S[S!]`` (its top card, which the key keeps, face and all);
* ``TURN``, ``INVERSE`` or ``FLASH`` of ``S[S!]`` (only the top card changes);
* the receiving end of a ``PULL`` from another stack (``PULL n FROM A TO S``,
  ``PULL n TO S`` in another stack's method): cards go on top;

and where S is the contextual stack (its own play methods, and every routine
its methods call, on and on: a button that a WAIT of its Help puts up runs in
play, on S) the bare forms ``!``, ``[!]``, a ``TURN``/``INVERSE``/
``FLASH`` of ``[!]`` and a ``PULL n FROM A`` are all that is used: no ``SELF``,
no ``[i]`` for another position, no ``PULL`` taking cards from it, no
``REMOVE``, ``MOVE``, ``SHUFFLE``, ``ADD``, ``DRAW`` or assignment to one of
its places.  Nothing can then tell the cards under its top apart, nor bring
one of them back to the top: a card leaves the top only by being covered.
"""
from __future__ import annotations

from . import ast
from .expressions import ExpressionCompiler
from .model import CompiledProgram, StackInfo
from .symmetry import called, play_bodies, walk

#: statements that work on an interval of a stack, and of those the ones that change no card but the top's face
INTERVAL_STATEMENTS = (ast.Turn, ast.Inverse, ast.Flash, ast.Remove, ast.Move)
TOP_ONLY_STATEMENTS = (ast.Turn, ast.Inverse, ast.Flash)
#: the stack a name always means (a stack's own name, or the CURSOR, which is never a candidate)
named_stack = ExpressionCompiler.named_stack


def _same_stack(a: ast.Name | None, b: ast.Name | None) -> bool:
    """Do two stack places name the same stack for certain: both bare, or both a stack's own name?"""
    if a is None or b is None:
        return a is None and b is None
    return (a.ref is not None and b.ref is not None and a.ref[0] == "stack" == b.ref[0]
            and a.ref[1] is b.ref[1])


def _is_top(stack: ast.Name | None, index: ast.Expr | None) -> bool:
    """Is ``index`` the size of ``stack`` itself (``S[S!]`` or ``[!]``)?"""
    return isinstance(index, ast.Length) and _same_stack(stack, index.stack)


def _uses(node: ast.Node) -> list[tuple[ast.Name | None, bool]]:
    """The stack places a node uses itself (not its children), each with whether the
    use is harmless to a top-only stack: ``(name or None for the contextual stack, ok)``."""
    if isinstance(node, ast.Length):
        return [(node.stack, True)]
    if isinstance(node, ast.CardAt):
        return [(node.stack, _is_top(node.stack, node.index))]
    if isinstance(node, INTERVAL_STATEMENTS):
        interval = node.interval
        ok = isinstance(node, TOP_ONLY_STATEMENTS) and _is_top(interval.stack, interval.low) and (
            interval.high is None or _is_top(interval.stack, interval.high))
        uses = [(interval.stack, ok)]
        if isinstance(node, ast.Move):
            uses.append((node.dest.stack, False))
        return uses
    if isinstance(node, ast.Pull):
        # the source gives cards away; the destination only takes them on top
        return [(node.source, False), (node.dest, True)]
    if isinstance(node, ast.Assign) and isinstance(node.target, ast.Position):
        return [(node.target.stack, False)]
    if isinstance(node, (ast.Add, ast.Draw, ast.Shuffle)):
        return [(node.dest if isinstance(node, ast.Add) else node.stack, False)]
    return []


def _calls(body: ast.Stmt) -> set[str]:
    """The routines a body calls (by key), WAIT's buttons included."""
    found: set[str] = set()
    for node in walk(body):
        key = called(node)
        if key is not None:
            found.add(key)
        elif isinstance(node, ast.Wait):
            found.add(node.procedure.key)
    return found


def _context_bodies(program: CompiledProgram, stack: StackInfo) -> list[ast.Stmt]:
    """The code that may run in play with ``stack`` as its contextual stack: its play
    methods, and every routine any of its methods calls, on and on (Start and Help
    too: a button their WAIT puts up runs its procedure in play, on this stack)."""
    bodies = [method.body for key, method in stack.methods.items() if key not in ("start", "help")]
    seen: set[str] = set()
    todo = [key for method in stack.methods.values() for key in _calls(method.body)]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        routine = program.routines.get(key)
        if routine is None or routine.body is None:
            continue
        bodies.append(routine.body)
        todo.extend(_calls(routine.body))
    return bodies


def top_only_stacks(program: CompiledProgram) -> list[StackInfo]:
    """The stacks (in ORDER order) whose cards under the top no play can see, move or change."""
    nodes = [node for body in play_bodies(program) for node in walk(body)]
    excluded: set[int] = set()
    allowed: set[int] = set()       # ids of Name nodes in a harmless place
    for node in nodes:
        for name, ok in _uses(node):
            if name is not None and ok:
                allowed.add(id(name))
            elif name is not None and named_stack(name) is not None and not ok:
                excluded.add(id(named_stack(name)))
    for node in nodes:
        if isinstance(node, ast.With):
            excluded.update(id(named_stack(name)) for name in node.stacks if named_stack(name) is not None)
        elif isinstance(node, ast.Name) and named_stack(node) is not None and id(node) not in allowed:
            excluded.add(id(named_stack(node)))
    found = []
    for stack in program.order:
        if id(stack) in excluded:
            continue
        if all(_bare_uses_harmless(body) for body in _context_bodies(program, stack)):
            found.append(stack)
    return found


def _bare_uses_harmless(body: ast.Stmt) -> bool:
    """Does the code use the contextual stack only in the harmless forms (and never SELF)?"""
    for node in walk(body):
        if isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "self":
            return False
        for name, ok in _uses(node):
            if name is None and not ok:
                return False
    return True


def size_blind_stacks(program: CompiledProgram, tops: list[StackInfo]) -> list[StackInfo]:
    """Of the top-only stacks ``tops``, those whose size nothing in play uses but to find
    the top card: every ``S!`` (and bare ``!`` where S is the contextual stack) is the
    position of ``S[S!]`` or of a TURN, INVERSE or FLASH of it.  (The caller also makes
    sure that S's methods don't look at their position, which is S's size.)  None when
    play code ADDs cards: with the cards a deal made, no stack can outgrow its limit of
    cards, so a PULL onto S cannot fail by S's size either (``State.few_cards``)."""
    bodies = play_bodies(program)
    nodes = [node for body in bodies for node in walk(body)]
    if any(isinstance(node, ast.Add) for node in nodes):
        return []
    indexes: set[int] = set()       # ids of the Length nodes that only find a top
    for node in nodes:
        if isinstance(node, ast.CardAt) and _is_top(node.stack, node.index):
            indexes.add(id(node.index))
        elif isinstance(node, TOP_ONLY_STATEMENTS):
            interval = node.interval
            indexes.update(id(end) for end in (interval.low, interval.high) if _is_top(interval.stack, end))
    # stacks whose size is seen elsewhere (a stack a variable holds is never top-only:
    # its name went somewhere ``top_only_stacks`` does not allow)
    seen = {id(named_stack(node.stack)) for node in nodes
            if isinstance(node, ast.Length) and id(node) not in indexes and node.stack is not None}
    return [stack for stack in tops if id(stack) not in seen and not any(
        isinstance(node, ast.Length) and node.stack is None and id(node) not in indexes
        for body in _context_bodies(program, stack) for node in walk(body))]
