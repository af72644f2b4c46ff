"""The compiler: the checked tree to Python closures, once per program.

Each statement becomes a function ``run(rt)`` and each expression a function
``value(rt)`` of the ``Runtime`` (interpreter.py); everything the tree can
tell before running (which stack a name is, which routine a call calls, an
operator's function, a constant's value) is decided here, once, so a run does
only what depends on the state.  One method per kind of node, as in a tree
walker, looked up in a table at compile time (``STATEMENTS``/``EXPRESSIONS``),
so a node kind without its method is an error when the module loads.

Control flow: a statement's function returns None to go on, or BREAK_BLOCK,
BREAK_PROC or RETURN (the value in ``rt.value``) to leave; no exceptions are
used for it.  A chain of operators (``1 + 2 - x``) becomes one loop, so a long
flat chain runs (and compiles) without deep recursion.

Every statement, call and loop turn is a step: ``rt.chunk -= 1`` and, when the
chunk is used up, ``rt.next_chunk(line)`` counts it and checks the limits.
"""
from __future__ import annotations

from . import ast
from .errors import CdlRunawayError
from .expressions import ExpressionCompiler, check_position, check_size, check_type, fail, table, text_of
from .interpreter import (
    BREAK_BLOCK,
    BREAK_PROC,
    CARDS_INVERSED_PER_STEP,
    CARDS_TURNED_PER_STEP,
    CHARS_PER_STEP,
    CROSS_CARD,
    EMPTY_CARD,
    MAX_CARDS,
    RETURN,
    default_value,
)
from .model import Code, CompiledProgram


def compile_program(program: CompiledProgram) -> Code:
    return Compiler(program).compile()


class Compiler(ExpressionCompiler):
    def __init__(self, program: CompiledProgram):
        self.program = program
        self.code = Code()
        self.locals_used: set = set()    # local names the body being compiled loads or stores

    def compile(self) -> Code:
        program = self.program
        pure = pure_routines(program)
        for key, routine in program.routines.items():
            invoke = self.routine(routine)
            self.code.routines[key] = remembering(invoke, routine) if key in pure else invoke
        for stack in program.stacks.values():
            for method in stack.methods.values():
                if method not in self.code.methods:
                    self.locals_used = set()
                    self.code.methods[method] = self.stmt(method.body)
                    self.code.position_used[method] = any(p.key in self.locals_used for p in method.params)
        return self.code

    def routine(self, routine):
        invokers = self.code.routines
        params, locals_ = routine.params or [], routine.locals
        body = self.stmt(routine.body) if routine.body is not None else None
        kind, name, own_line = routine.kind, routine.name, routine.line
        wanted = "boolean" if kind == "predicate" else routine.return_type
        defaults = {local.key: default_value(local.type) for local in locals_}
        keys = tuple(param.key for param in params)
        count = len(params)
        numeric = all(param.type in ("index", "card", "integer") for param in params)

        def check_args(args, line):
            if len(args) != count:
                fail(line, f"{name} takes {count} arguments, not {len(args)}")
            for param, value in zip(params, args):
                check_type(value, param.type, line, f"Argument {param.name} of {name}")

        def invoke(rt, args, line):
            if len(args) != count or not numeric:
                check_args(args, line)
            else:
                for value in args:
                    if type(value) is not int:
                        check_args(args, line)
            frame = dict(zip(keys, args))
            if defaults:
                frame.update(defaults)
            rt.depth += 1
            if rt.depth > rt.peak:
                rt.peak = rt.depth
            if rt.depth > rt.limits.max_depth:
                raise CdlRunawayError(line, f"Calls nest more than {rt.limits.max_depth} deep "
                                            f"(endless recursion in {name}?)")
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            saved, rt.locals = rt.locals, frame
            signal = body(rt)
            rt.locals = saved
            rt.depth -= 1
            if signal == RETURN:
                value = rt.value
                if wanted is not None and not (type(value) is bool if wanted == "boolean" else
                                               type(value) is int if wanted in ("index", "card", "integer")
                                               else False):
                    check_type(value, wanted, line, f"The value {name} returns")
                return value
            if kind != "procedure":
                fail(own_line, f"{kind.capitalize()} {name} ended without RETURN")
            return None

        del invokers    # calls find their routine in code.routines when they run
        return invoke

    # -- statements ------------------------------------------------------------------
    def stmt(self, node: ast.Stmt):
        return STATEMENTS[type(node)](self, node)

    def stmt_Block(self, node: ast.Block):
        statements = tuple(self.stmt(inner) for inner in node.statements)
        line = node.line

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            for statement in statements:
                signal = statement(rt)
                if signal:
                    return signal
            return None
        return run

    def stmt_Add(self, node: ast.Add):
        line = node.line
        low = self.number(node.low)
        high = self.number(node.high) if node.high is not None else None
        stack_of = self.stack(node.dest, line, "ADD")

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            first = low(rt)
            last = first if high is None else high(rt)
            stack = stack_of(rt)
            cards = rt.cards(stack.key)
            if first <= last:
                # (the first value of the range that is no card)
                bad = first if first < 0 else max(first, EMPTY_CARD) if last >= EMPTY_CARD else None
                if bad is not None:
                    fail(line, f"{bad} is not a card that can lie on a stack (0 to 155)")
                if len(cards) + last - first + 1 > MAX_CARDS:
                    fail(line, f"Stack {stack.name} would hold more than {MAX_CARDS} cards")
                cards.extend(range(first, last + 1))
            return None
        return run

    def stmt_Assign(self, node: ast.Assign):
        line = node.line
        value_of = self.expr(node.value)
        target = node.target
        if isinstance(target, ast.Position):
            stack_of = self.stack(target.stack, line, "the assignment")
            index_of = self.number(target.index)

            def run_at(rt):
                rt.chunk -= 1
                if rt.chunk < 0:
                    rt.next_chunk(line)
                value = value_of(rt)
                stack = stack_of(rt)
                position = index_of(rt)
                check_type(value, "card", line, "A card")
                if position == 0:
                    if not 0 <= value <= CROSS_CARD:
                        fail(line, f"{value} is not a card (0 to 157)")
                    rt.bottoms[stack.key] = value
                else:
                    check_position(rt, stack, position, line, allow_zero=False)
                    if not 0 <= value < EMPTY_CARD:
                        fail(line, f"{value} is not a card that can lie on a stack (0 to 155)")
                    rt.cards(stack.key)[position - 1] = value
                return None
            return run_at
        ref = target.ref
        store = self.store(ref, line)
        type_, what = ref[2], f"The value given to {target.token.lexeme}"
        kind, key = ref[0], ref[1]
        numeric = type_ in ("index", "card", "integer")
        if kind in ("global", "local") and numeric:     # the usual case, with its checks inline
            if kind == "global":
                def set_global(rt):
                    rt.chunk -= 1
                    if rt.chunk < 0:
                        rt.next_chunk(line)
                    value = value_of(rt)
                    if type(value) is not int:
                        check_type(value, type_, line, what)
                    rt.globals[key] = value
                    return None
                return set_global

            def set_local(rt):
                rt.chunk -= 1
                if rt.chunk < 0:
                    rt.next_chunk(line)
                value = value_of(rt)
                if type(value) is not int:
                    check_type(value, type_, line, what)
                rt.locals[key] = value
                return None
            return set_local

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            value = value_of(rt)
            check_type(value, type_, line, what)
            store(rt, value)
            return None
        return run

    def stmt_Break(self, node: ast.Break):
        line, signal = node.line, BREAK_PROC if node.procedure else BREAK_BLOCK

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            return signal
        return run

    def stmt_Clear(self, node: ast.Clear):
        line = node.line
        title_of = self.expr(node.title) if node.title is not None else None
        box_of = tuple(self.number(part) for part in node.box) if node.box else None

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            if title_of is None:
                rt.output.clear(None, None)
                return None
            title = title_of(rt)
            box = tuple(part(rt) for part in box_of) if box_of else None
            rt.output.clear(text_of(title, None), box)
            return None
        return run

    def stmt_Draw(self, node: ast.Draw):
        line = node.line
        stack_of = self.stack(node.stack, line, "DRAW")
        named = node.stack is not None

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack = stack_of(rt) if named or rt.context is not None else None
            rt.output.apply(("draw", stack.name if stack else None))
            return None
        return run

    def stmt_Flash(self, node: ast.Flash):
        line = node.line
        interval = self.interval(node.interval, allow_zero=True)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack, low, high = interval(rt)
            rt.output.apply(("flash", stack.name, low, high))
            return None
        return run

    def stmt_If(self, node: ast.If):
        line = node.line
        condition = self.condition(node.condition, "IF")
        then_branch = self.stmt(node.then_branch)
        else_branch = self.stmt(node.else_branch) if node.else_branch is not None else None

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            if condition(rt):
                return then_branch(rt)
            if else_branch is not None:
                return else_branch(rt)
            return None
        return run

    def stmt_Inverse(self, node: ast.Inverse):
        line = node.line
        interval = self.interval(node.interval, allow_zero=False)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack, low, high = interval(rt)
            if low <= high:
                cards = rt.cards(stack.key)
                if high - low >= CARDS_INVERSED_PER_STEP:
                    rt.charge((high - low + 1) // CARDS_INVERSED_PER_STEP, line)
                cards[low - 1:high] = cards[low - 1:high][::-1]
            return None
        return run

    def stmt_Move(self, node: ast.Move):
        line = node.line
        interval = self.interval(node.interval, allow_zero=False)
        dest_of = self.stack(node.dest.stack, line, "MOVE ... TO")
        index_of = self.number(node.dest.index)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack, low, high = interval(rt)
            dest = dest_of(rt)
            if dest is stack:
                fail(line, f"MOVE needs two different stacks, but both are {stack.name}")
            position = index_of(rt)
            size = rt.length(dest.key)
            if not 0 <= position <= size + 1:
                fail(line, f"MOVE ... TO {dest.name}[{position}]: {dest.name} has "
                           f"{size} cards, so the position must be 1 to {size + 1}")
            if low > high:
                return None
            cards = rt.cards(stack.key)
            moving = cards[low - 1:high]
            del cards[low - 1:high]
            target = rt.cards(dest.key)
            at = max(position, 1) - 1
            target[at:at] = moving
            check_size(target, dest, line)
            return None
        return run

    def stmt_Pull(self, node: ast.Pull):
        line = node.line
        count_of = self.number(node.count)
        source_of = self.stack(node.source, line, "PULL ... FROM")
        dest_of = self.stack(node.dest, line, "PULL ... TO")
        source_named, dest_named = self.named_stack(node.source), self.named_stack(node.dest)
        literal = node.count.value if isinstance(node.count, ast.Literal) else None

        def pull(rt, count, source, dest):
            size = rt.length(source.key)
            if not 0 <= count <= size:
                fail(line, f"Cannot pull {count} cards from {source.name}: it has {size}")
            if count == 0 or source is dest:
                return None
            cards = rt.cards(source.key)
            moving = cards[size - count:]
            del cards[size - count:]
            target = rt.cards(dest.key)
            target.extend(moving)
            if len(target) > MAX_CARDS:
                check_size(target, dest, line)
            return None

        if literal is not None and source_named is not None and dest_named is not None:
            def run_usual(rt):        # PULL 1 FROM A TO B, the usual form, without looking anything up
                rt.chunk -= 1
                if rt.chunk < 0:
                    rt.next_chunk(line)
                return pull(rt, literal, source_named, dest_named)
            return run_usual

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            return pull(rt, count_of(rt), source_of(rt), dest_of(rt))
        return run

    def stmt_Remove(self, node: ast.Remove):
        line = node.line
        interval = self.interval(node.interval, allow_zero=False)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack, low, high = interval(rt)
            if low <= high:
                del rt.cards(stack.key)[low - 1:high]
            return None
        return run

    def stmt_Return(self, node: ast.Return):
        line = node.line
        value_of = self.expr(node.value)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            rt.value = value_of(rt)
            return RETURN
        return run

    def stmt_Shuffle(self, node: ast.Shuffle):
        line = node.line
        stack_of = self.stack(node.stack, line, "SHUFFLE")

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack = stack_of(rt)
            rng = rt.random()
            if rng is None:
                fail(line, "SHUFFLE has no random generator here")
            cards = rt.cards(stack.key)
            rt.charge(len(cards), line)     # (a step a card: a shuffle in an endless loop stops in time)
            rng.shuffle(cards)
            return None
        return run

    def stmt_Turn(self, node: ast.Turn):
        line = node.line
        interval = self.interval(node.interval, allow_zero=True)
        side_of = self.number(node.side) if node.side is not None else None

        def turned(card: int, side: int | None) -> int:
            if side is None:            # SIDE alone: face down if it was up (or shaded), else up
                side = 1 if card < 52 or card >= 104 else 0
            return card % 52 + 52 * side

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stack, low, high = interval(rt)
            side = None
            if side_of is not None:
                side = side_of(rt)
                if side not in (0, 1, 2):
                    fail(line, f"TURN ... SIDE must be UP (0), DOWN (1) or SHADED (2), not {side}")
            if low > high:
                return None
            if low == 0:
                card = rt.bottom(stack.key)
                if card < EMPTY_CARD:
                    rt.bottoms[stack.key] = turned(card, side)
                low = 1
            if low <= high:
                cards = rt.cards(stack.key)
                if high - low >= CARDS_TURNED_PER_STEP:
                    rt.charge((high - low + 1) // CARDS_TURNED_PER_STEP, line)
                cards[low - 1:high] = [turned(card, side) for card in cards[low - 1:high]]
            return None
        return run

    def stmt_Wait(self, node: ast.Wait):
        line = node.line
        title_of = self.expr(node.title)
        procedure = node.procedure.key

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            title = title_of(rt)
            context = rt.context
            rt.output.wait(text_of(title, None), procedure, context.key if context else None)
            return None
        return run

    def stmt_While(self, node: ast.While):
        line = node.line
        condition = self.condition(node.condition, "WHILE")
        body = self.stmt(node.body)

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            while condition(rt):
                rt.chunk -= 1
                if rt.chunk < 0:
                    rt.next_chunk(line)
                signal = body(rt)
                if signal:
                    # "a BREAK inside a WHILE body acts like a BREAK PROCEDURE"
                    return BREAK_PROC if signal == BREAK_BLOCK else signal
            return None
        return run

    def stmt_With(self, node: ast.With):
        line = node.line
        stacks_of = tuple(self.stack_value(name, line) for name in node.stacks)
        ref = node.ref
        assert ref is not None      # the checker resolved the loop variable
        store = self.store(ref, line)
        body = self.stmt(node.body)
        implicit, key = node.implicit, node.var.key

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            stacks = [stack_of(rt) for stack_of in stacks_of]
            saved = rt.locals.get(key) if implicit else None
            for stack in stacks:
                rt.chunk -= 1
                if rt.chunk < 0:
                    rt.next_chunk(line)
                store(rt, stack)
                signal = body(rt)
                if signal:
                    if signal == BREAK_BLOCK:
                        break
                    return signal
            if implicit:
                rt.locals[key] = saved
            return None
        return run

    def stmt_Write(self, node: ast.Write):
        line = node.line
        kinds = getattr(node, "kinds", [None] * len(node.args))
        parts = tuple(zip((self.expr(arg) for arg in node.args), kinds))

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            text = "".join([text_of(value_of(rt), kind) for value_of, kind in parts])
            if len(text) >= CHARS_PER_STEP:
                rt.charge(len(text) // CHARS_PER_STEP, line)
            rt.output.write(text)
            return None
        return run

    def stmt_CallStmt(self, node: ast.CallStmt):
        call = self.expr_Call(node.call)
        line = node.line

        def run(rt):
            rt.chunk -= 1
            if rt.chunk < 0:
                rt.next_chunk(line)
            call(rt)
            return None
        return run


STATEMENTS = table(Compiler, ast.Stmt, "stmt_")


# -- pure functions ----------------------------------------------------------------------
#: statements that touch the state or the output (a routine with one is not pure)
TOUCHING = (ast.Add, ast.Clear, ast.Draw, ast.Flash, ast.Inverse, ast.Move, ast.Pull, ast.Remove, ast.Shuffle,
            ast.Turn, ast.Wait, ast.Write, ast.With, ast.Length, ast.CardAt, ast.Interval, ast.Position)
REMEMBERED = 10_000         # results a pure routine keeps before it starts afresh


def pure_routines(program: CompiledProgram) -> set:
    """The functions and predicates whose value depends on their arguments alone: no
    stack, drawing, variable, field or output in them (nor in what they call), no
    STACK parameter or local, and no call that comes back to them.  What they
    return for given arguments, and the steps it took, can be remembered."""
    calls, candidates = {}, set()
    for key, routine in program.routines.items():
        if routine.kind == "procedure" or routine.body is None:
            continue
        if any(p.type == "stack" for p in list(routine.params or ()) + list(routine.locals)):
            continue
        called: set[str] = set()
        if not touches_state(routine.body, called):
            candidates.add(key)
            calls[key] = called
    pure: set = set()
    changed = True
    while changed:      # pure: every routine it calls is pure already (so none calls back)
        changed = False
        for key in candidates - pure:
            if calls[key] <= pure:
                pure.add(key)
                changed = True
    return pure


def touches_state(body: ast.Stmt, called: set) -> bool:
    """Does the tree reach the state or the output?  Routines it calls go in ``called``."""
    todo: list[ast.Node] = [body]
    while todo:     # a loop, not recursion: a flat chain of operators may be long
        node = todo.pop()
        if isinstance(node, TOUCHING):
            return True
        if isinstance(node, ast.Name):
            ref = node.ref
            if ref is None or ref[0] in ("global", "stack", "cursor", "self", "field"):
                return True
            if ref[0] == "routine":
                called.add(ref[1].key)
        elif isinstance(node, ast.Call):
            called.add(node.name.key)
        for value in vars(node).values():
            if isinstance(value, ast.Node):
                todo.append(value)
            elif isinstance(value, (list, tuple)):
                todo.extend(item for item in value if isinstance(item, ast.Node))
    return False


def remembering(invoke, routine):
    """``invoke`` of a pure routine, remembering each result with the steps and call
    depth it took.  A result is reused only where running it again would also end
    well (the budget and the depth left are enough); otherwise it runs, and stops
    where it must."""
    results: dict = {}

    def remembered(rt, args, line):
        key = tuple(args)
        found = results.get(key)
        if found is not None:
            value, steps, depth = found
            if (rt.depth + depth <= rt.limits.max_depth
                    and rt.limits.max_steps - rt.used_steps() >= steps):
                rt.chunk -= steps
                if rt.chunk < 0:
                    rt.next_chunk(line)
                if rt.depth + depth > rt.peak:
                    rt.peak = rt.depth + depth
                return value
        before, depth_before, outer_peak = rt.used_steps(), rt.depth, rt.peak
        rt.peak = depth_before
        value = invoke(rt, args, line)
        if len(results) >= REMEMBERED:
            results.clear()
        if all(type(arg) in (int, bool, str) for arg in key):
            results[key] = (value, rt.used_steps() - before, rt.peak - depth_before)
        rt.peak = max(rt.peak, outer_peak)
        return value
    return remembered
