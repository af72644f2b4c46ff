"""Variables a transaction sets before it reads them: what else the solver may leave
out of its key (besides the counters, ``counters.py``).

Calculation and Strategy remember where the card on the CURSOR came from: each
press that picks a card up sets ``source := Self``, and only a release asks
(``if source = Stock``).  Between two transactions the variable holds whatever
the last press set, so every position comes in as many keys as there are places
the last card came from, though nothing that happens next can tell them apart.

A global variable is *transient* when

* play code reads it only in methods that answer a release alone (a stack's
  ``Select...To`` methods, the variable named in their own text: not in a
  routine, which anything may call, nor in ``integrity?``, ``win?`` or
  ``loose?``);
* every method that answers a press sets it before anything that could put a
  card on the CURSOR: an assignment to it earlier in the same block, on the way
  to every PULL, MOVE or ADD that may end on the CURSOR and every call of a
  routine that may (a branch or a loop that sets it counts only inside).

A release runs only after its press left cards on the CURSOR (a transaction
starts with the CURSOR empty, and one that leaves cards there is cancelled), so
what a release reads is what its own press set: the value from before the
transaction is never read.  Two positions that differ only in their transient
variables have the same moves, to positions that again differ only so, with the
same verdicts.  The solver keys positions without them and holds each at one
value (``CdlState``): the run cache keys a press by the variables it touched,
which include the one it sets.
"""
from __future__ import annotations

from . import ast
from .expressions import ExpressionCompiler
from .model import CURSOR, CompiledProgram, method_chain
from .symmetry import called, play_bodies, routines_doing, walk


def transients(program: CompiledProgram) -> list[str]:
    """The program's transient variables (see the module's doc), in declaration order."""
    presses: dict[int, ast.Stmt] = {}
    releases: dict[int, ast.Stmt] = {}
    for stack in program.stacks.values():
        for button in ("left", "right"):
            press = stack.method(*method_chain(button, "from"))
            if press is not None:
                presses[id(press.body)] = press.body
            release = stack.method(*method_chain(button, "to"))
            if release is not None:
                releases[id(release.body)] = release.body
    readers = {key for key in releases if key not in presses}
    feeding = routines_doing(program, _may_feed_cursor)     # (those that may put cards on the CURSOR)
    found = []
    for key in program.globals:
        if all(_reads_only_in(body, key, id(body) in readers) for body in play_bodies(program)) and all(
                _sets_first(body, key, False, feeding)[0] for body in presses.values()):
            found.append(key)
    return found


def _global(node: ast.Node, key: str) -> bool:
    return isinstance(node, ast.Name) and node.ref is not None and node.ref[0] == "global" and node.ref[1] == key


def _reads_only_in(body: ast.Stmt, key: str, allowed: bool) -> bool:
    """Is the variable named in ``body`` only as an assignment's target, or anywhere if ``allowed``?"""
    if allowed:
        return True
    targets = {id(node.target) for node in walk(body) if isinstance(node, ast.Assign)}
    return not any(_global(node, key) and id(node) not in targets for node in walk(body))


def _may_feed_cursor(node: ast.Node) -> bool:
    """Might this statement put cards on the CURSOR (its destination named, and not a stack's own name)?"""
    if isinstance(node, (ast.Pull, ast.Add)):
        dest = node.dest
    elif isinstance(node, ast.Move):
        dest = node.dest.stack
    else:
        return False
    if dest is None:
        return False            # the contextual stack: a press's own, never the CURSOR
    stack = ExpressionCompiler.named_stack(dest)
    return stack is None or stack is CURSOR


def _risky(node: ast.Node, feeding: set[str]) -> bool:
    """Does anything under ``node`` (a statement's own expressions and statements) feed the CURSOR?"""
    return any(_may_feed_cursor(inner) or called(inner) in feeding for inner in walk(node))


def _sets_first(stmt: ast.Stmt, key: str, set_: bool, feeding: set[str]) -> tuple[bool, bool]:
    """(Is the variable set before everything in ``stmt`` that may feed the CURSOR, given
    whether it is set on the way in; is it set for certain on the way out?)"""
    if isinstance(stmt, ast.Block):
        for inner in stmt.statements:
            ok, set_ = _sets_first(inner, key, set_, feeding)
            if not ok:
                return False, set_
        return True, set_
    if isinstance(stmt, ast.Assign) and _global(stmt.target, key):
        return set_ or not _risky(stmt.value, feeding), True
    if isinstance(stmt, ast.If):
        if not set_ and _risky(stmt.condition, feeding):
            return False, set_
        ok, then_set = _sets_first(stmt.then_branch, key, set_, feeding)
        if stmt.else_branch is None:
            return ok, set_
        ok_else, else_set = _sets_first(stmt.else_branch, key, set_, feeding)
        return ok and ok_else, then_set and else_set
    if isinstance(stmt, (ast.While, ast.With)):
        # (the body may run no time at all; a WHILE's condition runs first)
        return set_ or not _risky(stmt, feeding), set_
    return set_ or not _risky(stmt, feeding), set_


__all__ = ["transients"]
