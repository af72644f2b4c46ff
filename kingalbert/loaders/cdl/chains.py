"""Cards that must each go onto a card of their own: the chain bound (``ChainBound``).

Golf's waste takes a column card only on a card one rank away, and cards never
leave it, so each card on it has at most one card laid straight on it, ever.
Every column card has to reach the waste to win, one at a time, each on the
waste's top of that moment: on the top now, or on a card still to come (a
column card, a stock card).  So the cards left in the columns need as many
distinct cards to lie on, each one they may go on; where there are not enough
(too many sevens for the sixes and eights left, say), no line wins.  That is a
matching problem between cards, and the search asks it of each position it
goes on from (``CdlState.moves``): a position with no matching is a dead end.
Golf's deals 1-20 at 10 s: 19 decided with it (in 10 to 52,000 positions), 3
without (its lost deals needed 55,000 to 2,000,000 positions; docs/solver.md).

Read from the text, so that it holds for every position the program can reach
(``chain_bound``): a *sink* S that play code treats as top-only (``buried.py``:
cards only go on it, nothing leaves), *sources* that ``win?`` wants empty
(``S! = 0``, a sum of sizes ``= 0``, or a sum counted up in a ``WITH`` loop
and then asked ``= 0``), and every ``PULL`` of play code resolved to the
stacks it takes from and gives to (a name the text fixes, or the contextual
stack; where any is given otherwise, no bound):

* cards of a source go only to sources, the CURSOR or the sink, and the
  CURSOR's only to those too (so each card in a source now must reach the
  sink for a win);
* every ``PULL`` from a source or the CURSOR onto the sink moves one card
  (the literal 1), and its guard is the conditions of the ``IF``\\ s it lies
  in, each the first statement of the branch before it (nothing runs between
  the test and the pull), none of them calling a routine that changes the
  position (else it has no guard);
* code that may run with no stack of its own (``integrity?``, ``win?``,
  ``loose?``, what they call) pulls only between stacks it names;
* no ``MOVE``, ``REMOVE``, ``ADD``, ``SHUFFLE`` or assignment to a place in
  play code (no card leaves play, none comes in, none changes).

Each such guard is evaluated for every pair of cards (the one pulled, the
sink's top), in all faces, by a three-valued evaluation of the text: the pulled
card is ``[!]`` or ``S[S!]`` of its source, or ``CURSOR[1]`` where the guard
asks ``CURSOR! = 1`` first; the top is ``S[S!]`` of the sink; constants and
arithmetic are worked out, functions and predicates that only ``RETURN`` an
expression are followed; everything else is unknown.  A pair is refused only
where some condition is certainly false: what it can't tell, it allows, so the
relation is never smaller than the program's and a refusal is a proof.  Cards
with the same row and column of the relation form a class (Golf: a rank), and
the matching is a flow between classes.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from . import ast
from .buried import _calls, _context_bodies, top_only_stacks
from .errors import CdlRuntimeError
from .expressions import ExpressionCompiler, binary_operation
from .goals import equalities
from .model import CURSOR, SPECIAL_PREDICATES, CompiledProgram, StackInfo
from .symmetry import called, constant_value, play_bodies, still_routines, walk
from .tokens import T

#: a value the evaluation cannot tell
UNKNOWN = object()
#: how deep functions are followed
CALL_DEPTH = 8
#: matchings remembered by their counts before the table starts afresh
MATCHES_KEPT = 20_000
#: statements that take cards out of play, bring new ones in or change them in place
CHANGES = (ast.Move, ast.Remove, ast.Add, ast.Shuffle)

named_stack = ExpressionCompiler.named_stack
Value = Callable[[int, int], object]


class ChainBound:
    """Cards of ``sources`` each need a card of their own on ``sink`` to go on.  ``kind``:
    each card (0-51) its class; ``under``: each class the classes it may lie on."""

    def __init__(self, sink: str, sources: list[str], kind: list[int], under: list[tuple[int, ...]]):
        self.sink, self.sources = sink, sources
        self.kind = bytes(kind[b % 52] if b < 156 else 255 for b in range(256))
        self.under = under
        self.classes = len(under)
        #: (needs, room) -> whether they match (a search meets the same counts again and again)
        self._matched: dict[tuple, bool] = {}

    def hopeless(self, stacks: dict) -> bool:
        """Is there no way to give each card of the sources its own card to lie on?"""
        sink = stacks[self.sink]
        if not sink:
            return False
        kind, n = self.kind, self.classes
        need = [0] * n
        for key in self.sources:
            for b in stacks[key]:
                need[kind[b]] += 1
        if not any(need):
            return False
        room = [0] * n
        for key, cards in stacks.items():
            if key != self.sink:
                for b in cards:
                    room[kind[b]] += 1
        room[kind[sink[-1]]] += 1
        counts = (tuple(need), tuple(room))
        matched = self._matched.get(counts)
        if matched is None:
            if len(self._matched) >= MATCHES_KEPT:
                self._matched.clear()
            matched = self._matched[counts] = _matched(need, room, self.under)
        return not matched


def _matched(need: list[int], room: list[int], under: list[tuple[int, ...]]) -> bool:
    """Can every unit of ``need`` (by class) have a unit of ``room`` of its own, of a class
    ``under`` allows it?  Greedy first, then a path that moves others along for each unit
    greedy left over (a bipartite matching with counts)."""
    n = len(need)
    left = room[:]
    flow = [[0] * len(room) for _ in range(n)]

    def augment(a: int, seen: set[int]) -> bool:
        for j in under[a]:
            if j in seen:
                continue
            seen.add(j)
            if left[j]:
                left[j] -= 1
                flow[a][j] += 1
                return True
            for b in range(n):
                if flow[b][j] and b != a and augment(b, seen):
                    flow[b][j] -= 1
                    flow[a][j] += 1
                    return True
        return False

    short = []
    for k in range(n):
        want = need[k]
        for j in under[k]:
            if not want:
                break
            give = min(want, left[j])
            if give:
                left[j] -= give
                flow[k][j] += give
                want -= give
        if want:
            short.append((k, want))
    for k, want in short:
        for _ in range(want):
            if not augment(k, set()):
                return False
    return True


# -- reading the text ------------------------------------------------------------------
def chain_bound(program: CompiledProgram) -> ChainBound | None:
    """The bound the text allows (the module's docstring), or None."""
    sources = _empty_to_win(program)
    if not sources:
        return None
    bodies = play_bodies(program)
    if any(isinstance(node, CHANGES) or (isinstance(node, ast.Assign) and isinstance(node.target, ast.Position))
           for body in bodies for node in walk(body)):
        return None
    pulls = _pulls(program)
    if pulls is None:
        return None
    source_set = {program.stacks[key] for key in sources}
    still = still_routines(program)
    for sink in top_only_stacks(program):
        if sink.key in sources:
            continue
        guards = _guards(pulls, sink, source_set, program.routines, still)
        if guards is None:
            continue
        kind, under = _classes(guards)
        return ChainBound(sink.key, sorted(sources), kind, under)
    return None


def _empty_to_win(program: CompiledProgram) -> set[str]:
    """The stacks ``win?`` certainly wants empty (their keys)."""
    routine = program.routines.get("win?")
    body = routine.body if routine is not None else None
    statements = body.statements if isinstance(body, ast.Block) else [body] if body is not None else []
    sums: dict[str, set[str]] = {}        # local variable -> the stacks whose sizes it adds up
    for stmt in statements[:-1]:
        if isinstance(stmt, ast.Assign) and isinstance(stmt.target, ast.Name) and _is_zero(stmt.value) \
                and _local(stmt.target):
            sums[stmt.target.token.key] = set()
        elif isinstance(stmt, ast.With) and isinstance(stmt.body, ast.Assign):
            added = _loop_sum(stmt)
            if added is None or added not in sums:
                return set()
            stacks = [named_stack(name) for name in stmt.stacks]
            if any(stack is None or stack is CURSOR for stack in stacks):
                return set()
            sums[added].update(stack.key for stack in stacks if stack is not None)
        else:
            return set()
    if not statements or not isinstance(statements[-1], ast.Return):
        return set()
    found: set[str] = set()
    for total, zero in equalities(statements[-1].value):
        if _is_zero(zero):
            if isinstance(total, ast.Name) and _local(total) and total.token.key in sums:
                found |= sums[total.token.key]
            else:
                found |= _sizes(total)
    return found


def _is_zero(expr: ast.Expr) -> bool:
    value = constant_value(expr)
    return value is not None and type(value[1]) is int and value[1] == 0


def _local(name: ast.Name) -> bool:
    return name.ref is not None and name.ref[0] == "local"


def _loop_sum(loop: ast.With) -> str | None:
    """``v := v + c!`` (or ``c! + v``) with c the loop's variable: v's key."""
    stmt = loop.body
    if not (isinstance(stmt, ast.Assign) and isinstance(stmt.target, ast.Name) and _local(stmt.target)):
        return None
    value = stmt.value
    if not (isinstance(value, ast.Binary) and value.op.type == T.PLUS):
        return None
    for a, b in ((value.left, value.right), (value.right, value.left)):
        if isinstance(a, ast.Name) and a.token.key == stmt.target.token.key and isinstance(b, ast.Length) \
                and b.stack is not None and b.stack.token.key == loop.var.key:
            return stmt.target.token.key
    return None


def _sizes(expr: ast.Expr) -> set[str]:
    """The stacks of a sum of sizes ``A! + B! + ...`` (sizes are never below 0), else none."""
    found: set[str] = set()
    # (the sum leans left, as long as it is: its left spine is walked with a loop)
    while isinstance(expr, ast.Binary) and expr.op.type == T.PLUS:
        right = _sizes(expr.right)      # (nested on the right only inside parentheses)
        if not right:
            return set()
        found |= right
        expr = expr.left
    if isinstance(expr, ast.Length):
        stack = named_stack(expr.stack)
        return found | {stack.key} if stack is not None and stack is not CURSOR else set()
    return set()


Pull = tuple[StackInfo | None, StackInfo, StackInfo, ast.Pull, list[tuple[ast.Expr, bool]]]


def _pulls(program: CompiledProgram) -> list[Pull] | None:
    """Every PULL of play code as (context, from, to, node, guard), for each stack it may run on;
    None where one takes or gives on a stack the text doesn't fix."""
    found: list[Pull] = []
    for stack in program.stacks.values():
        for body in _context_bodies(program, stack):
            for node, guard in _guarded(body, []):
                ends = [stack if name is None else named_stack(name) for name in (node.source, node.dest)]
                if ends[0] is None or ends[1] is None:
                    return None
                found.append((stack, ends[0], ends[1], node, guard))
    # routines that may run with no stack of their own (integrity?, win?, loose?, what they
    # call, and any no stack's method reaches) may not pull on the contextual stack
    reached = {id(body) for stack in program.stacks.values() for body in _context_bodies(program, stack)}
    todo = [key for key, routine in program.routines.items()
            if key in SPECIAL_PREDICATES or (routine.body is not None and id(routine.body) not in reached)]
    free: set[str] = set()
    while todo:
        key = todo.pop()
        routine = program.routines.get(key)
        if key in free or routine is None or routine.body is None:
            continue
        free.add(key)
        todo.extend(_calls(routine.body))
    for key in free:
        for node, _ in _guarded(program.routines[key].body, []):
            ends = [named_stack(name) for name in (node.source, node.dest)]
            if ends[0] is None or ends[1] is None:
                return None
            found.append((None, ends[0], ends[1], node, []))
    return found


def _guarded(stmt: ast.Stmt | None, guard: list) -> Iterator[tuple[ast.Pull, list]]:
    """The PULLs under a statement, each with the conditions known to hold when it runs."""
    if stmt is None:
        return
    if isinstance(stmt, ast.Pull):
        yield stmt, guard
    elif isinstance(stmt, ast.If):
        yield from _guarded(stmt.then_branch, [*guard, (stmt.condition, True)])
        yield from _guarded(stmt.else_branch, [*guard, (stmt.condition, False)])
    elif isinstance(stmt, ast.Block):
        for k, inner in enumerate(stmt.statements):
            yield from _guarded(inner, guard if k == 0 else [])
    elif isinstance(stmt, (ast.While, ast.With)):
        yield from _guarded(stmt.body, [])


def _guards(pulls: list[Pull], sink: StackInfo, sources: set[StackInfo], routines: dict,
            still: set[str]) -> list[Callable[[int, int], bool]] | None:
    """For each PULL onto the sink from a source or the CURSOR, a test ``(card, top) -> may``;
    None where cards of a source could go elsewhere, or several at a time onto the sink."""
    carriers = sources | {CURSOR}
    tests: dict[tuple, Callable[[int, int], bool]] = {}
    for context, src, dst, node, guard in pulls:
        if src not in carriers:
            continue
        if dst is sink:
            count = constant_value(node.count)
            if count is None or count[1] != 1:
                return None
            # one test for the copies of a method that differ only by the stack they run on,
            # where its conditions name neither that stack nor the source
            named = {id(named_stack(n)) for expr, _ in guard for n in walk(expr) if isinstance(n, ast.Name)}
            alike = not named & {id(context), id(src)}
            key = (id(node), tuple(id(expr) for expr, _ in guard), context is src, context is sink,
                   src is CURSOR) if alike else (id(node), id(context), id(src))
            if key not in tests:
                # (a condition that calls a routine which changes the position may have
                # changed what the others read before the pull: none of them is read then)
                if any(called(n) is not None and called(n) not in still for expr, _ in guard for n in walk(expr)):
                    guard = []
                tests[key] = _Guard(routines, context, src, sink, guard).may
        elif dst not in carriers:
            return None
    return list(tests.values())


#: the longest chain of operators (``a + b + ...``) whose value a guard works out
MAX_SPINE = 64


def _spine(expr) -> int:
    """How many operators lean left from ``expr`` (a loop: the chain may be thousands long)."""
    count = 0
    while isinstance(expr, (ast.Logical, ast.Binary)):
        count += 1
        expr = expr.left
    return count


class _Guard:
    """The conditions a PULL from ``src`` onto ``sink`` runs under, as a test of the pulled
    card and the sink's top (``may``).  ``context``: the stack the code runs on (a bare
    place), None where that is not fixed."""

    def __init__(self, routines: dict, context: StackInfo | None, src: StackInfo, sink: StackInfo,
                 guard: list[tuple[ast.Expr, bool]]):
        self.routines, self.context, self.src, self.sink = routines, context, src, sink
        self.one = src is CURSOR and any(polarity and _cursor_is_one(expr) for expr, polarity in guard)
        self.compiled = [(self.value(expr, {}, 0), polarity) for expr, polarity in guard]

    def may(self, card: int, top: int) -> bool:
        """False where some condition is certainly not as the pull needs it."""
        for value, polarity in self.compiled:
            got = value(card, top)
            if type(got) is bool and got is not polarity:
                return False
        return True

    def place(self, name: ast.Name | None) -> StackInfo | None:
        return self.context if name is None else named_stack(name)

    def value(self, expr: ast.Expr, bound: dict, depth: int) -> Value:
        """A function ``(card, top) -> value or UNKNOWN`` of an expression."""
        found = constant_value(expr)
        if found is not None:
            constant = found[1]
            return lambda card, top: constant
        if isinstance(expr, ast.Name):
            if expr.ref is not None and expr.ref[0] == "local" and expr.ref[1] in bound:
                return bound[expr.ref[1]]
            return _unknown
        if isinstance(expr, ast.CardAt):
            return self.card(expr)
        if isinstance(expr, ast.Unary):
            return _unary(expr.op.type, self.value(expr.operand, bound, depth))
        if isinstance(expr, (ast.Logical, ast.Binary)) and _spine(expr) > MAX_SPINE:
            # (a chain such as 1 + 1 + ... + 1 leans left as deep as it is long, and its value
            # here would be as many closures deep: unknown, as what isn't worked out is)
            return _unknown
        if isinstance(expr, ast.Logical):
            return _logical(expr.op.type == T.AND, self.value(expr.left, bound, depth),
                            self.value(expr.right, bound, depth))
        if isinstance(expr, ast.Binary):
            return _binary(binary_operation(expr), self.value(expr.left, bound, depth),
                           self.value(expr.right, bound, depth))
        if isinstance(expr, ast.Call) and depth < CALL_DEPTH:
            return self.call(expr, bound, depth)
        return _unknown

    def card(self, expr: ast.CardAt) -> Value:
        """The pulled card, the sink's top, or unknown."""
        stack = self.place(expr.stack)
        if stack is None:
            return _unknown
        index = expr.index
        if isinstance(index, ast.Length) and self.place(index.stack) is stack:
            if stack is self.sink:
                return lambda card, top: top
            if stack is self.src:
                return lambda card, top: card
        found = constant_value(index)
        if stack is CURSOR and self.one and found is not None and found[1] == 1:
            return lambda card, top: card
        return _unknown

    def call(self, expr: ast.Call, bound: dict, depth: int) -> Value:
        """A function or predicate that only returns an expression, with its arguments."""
        routine = self.routines.get(expr.name.key)
        if routine is None or routine.body is None or routine.params is None or routine.locals \
                or len(routine.params) != len(expr.args):
            return _unknown
        body = routine.body
        if isinstance(body, ast.Block) and len(body.statements) == 1:
            body = body.statements[0]
        if not isinstance(body, ast.Return):
            return _unknown
        args = {param.key: self.value(arg, bound, depth) for param, arg in zip(routine.params, expr.args)}
        return self.value(body.value, args, depth + 1)


def _cursor_is_one(expr: ast.Expr) -> bool:
    """Is the condition ``CURSOR! = 1``?"""
    if not (isinstance(expr, ast.Binary) and expr.op.type == T.EQUAL):
        return False
    for a, b in ((expr.left, expr.right), (expr.right, expr.left)):
        value = constant_value(b)
        if isinstance(a, ast.Length) and named_stack(a.stack) is CURSOR and value is not None \
                and type(value[1]) is int and value[1] == 1:
            return True
    return False


def _unknown(card: int, top: int) -> object:
    return UNKNOWN


def _unary(op: T, operand: Value) -> Value:
    def unary(card: int, top: int) -> object:
        value = operand(card, top)
        if op is T.NOT:
            return (not value) if type(value) is bool else UNKNOWN
        if type(value) is not int:
            return UNKNOWN
        return -value if op is T.MINUS else value
    return unary


def _logical(conjunction: bool, left: Value, right: Value) -> Value:
    """AND and OR of three values: certain where one side decides it."""
    def logical(card: int, top: int) -> object:
        a = left(card, top)
        if a is not conjunction and type(a) is bool:
            return a                # (FALSE AND ..., TRUE OR ...)
        b = right(card, top)
        if b is not conjunction and type(b) is bool:
            return b
        return conjunction if a is conjunction and b is conjunction else UNKNOWN
    return logical


def _binary(operation, left: Value, right: Value) -> Value:
    """An operator as the program works it out (an error in it: unknown)."""
    def binary(card: int, top: int) -> object:
        a, b = left(card, top), right(card, top)
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        try:
            return operation(a, b)
        except CdlRuntimeError:
            return UNKNOWN
    return binary


def _classes(tests: list[Callable[[int, int], bool]]) -> tuple[list[int], list[tuple[int, ...]]]:
    """Each card's class and each class's classes to lie on, from the guards' tests (a card
    may lie on a top if some test allows it in some faces of the two)."""
    faces = (0, 52, 104)
    rows = []
    for c in range(52):
        row = 0
        for t in range(52):
            if any(test(c + f, t + g) for test in tests for f in faces for g in faces):
                row |= 1 << t
        rows.append(row)
    cols = [sum(1 << c for c in range(52) if rows[c] >> t & 1) for t in range(52)]
    ids: dict[tuple[int, int], int] = {}
    kind = [ids.setdefault((rows[c], cols[c]), len(ids)) for c in range(52)]
    first = {k: kind.index(k) for k in range(len(ids))}
    under = [tuple(sorted({kind[t] for t in range(52) if rows[first[k]] >> t & 1})) for k in range(len(ids))]
    return kind, under
