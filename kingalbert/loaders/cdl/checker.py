"""The checker: the static pass between parsing and running (jlox's Resolver).

It walks the declarations in the order they are written, as the language
requires ("a stack must be defined before it is referenced", "a procedure must
be declared before being used"), and reports, each with its line:

* undefined names, and names used before their definition or forward declaration;
* a stack name expected where something else is given, and the reverse;
* calls with the wrong number of arguments (a call of a routine whose forward
  declaration gave no parameters is checked once its definition gives them),
  procedures used as values and functions used as statements;
* ``RETURN`` outside a function or predicate;
* assignments to constants, stacks, fields and other things that are not variables;
* bad stack fields and methods, ``END`` names, forward declarations that are never
  completed or that disagree with their definition, and the ``ORDER`` list;
* stacks outside the playfield or overlapping (a restriction the help file states).

Along the way it fills ``Name.ref`` with what each identifier means and builds
the ``CompiledProgram`` the interpreter runs.
"""
from __future__ import annotations

from typing import Any

from ...engine.errors import plural
from . import ast
from .errors import CdlCheckError, ErrorList
from .layoutcheck import check_layout
from .model import (
    CURSOR,
    FIELDS,
    METHODS,
    NUMERIC,
    PREDEFINED,
    SPECIAL_PREDICATES,
    TYPES,
    CompiledProgram,
    Method,
    Param,
    RoutineInfo,
    StackInfo,
)
from .tokens import T

INT_MIN, INT_MAX = -32768, 32767


class NotConstant(Exception):
    pass


class Checker:
    def __init__(self, filename: str = "<cdl>"):
        self.filename = filename
        self.errors = ErrorList()
        self.program: CompiledProgram      # made by check()
        self.symbols: dict[str, tuple] = {}       # global key -> (kind, line, payload)
        self.declared_later: dict[str, tuple] = {}
        self.scopes: list[dict[str, tuple]] = []
        self.routine: RoutineInfo | None = None    # the routine being checked, if any
        self.context: StackInfo | None = None      # the stack whose method is being checked
        #: calls (and WAIT buttons) of routines whose forward declaration gave no
        #: parameters: their arity is checked once the definition is known
        self.deferred: list[tuple] = []

    # -- driver ------------------------------------------------------------------
    def check(self, tree: ast.Program) -> CompiledProgram:
        header = tree.header
        self.program = CompiledProgram(
            self.filename,
            header.name.lexeme if header else "Untitled",
            header.width if header else 1,
            header.height if header else 1,
        )
        if header and (header.width < 1 or header.height < 1):
            self.error(header.line, "The playfield must be at least 1 by 1")
        self.prescan(tree)
        for decl in tree.declarations:
            handler = getattr(self, f"declare_{type(decl).__name__}")
            handler(decl)
        self.finish(tree)
        return self.program

    def prescan(self, tree: ast.Program) -> None:
        for decl in tree.declarations:
            if isinstance(decl, ast.StackDecl):
                self.declared_later.setdefault(decl.name.key, ("stack", decl.line))
            elif isinstance(decl, ast.Routine):
                self.declared_later.setdefault(decl.name.key, (decl.kind, decl.line))
            elif isinstance(decl, ast.VarDecl):
                for group in decl.groups:
                    for name in group.names:
                        self.declared_later.setdefault(name.key, ("variable", name.line))
            elif isinstance(decl, ast.ConstDecl):
                for name, _ in decl.items:
                    self.declared_later.setdefault(name.key, ("constant", name.line))

    def finish(self, tree: ast.Program) -> None:
        program = self.program
        for node, routine in self.deferred:
            if routine.params is None:
                continue    # never defined: reported below
            if isinstance(node, ast.Wait):
                self.check_wait(node, routine)
            else:
                self.check_arity(node, routine)
        for routine in program.routines.values():
            if not routine.defined:
                self.error(routine.line, f"{routine.kind.capitalize()} {routine.name} is declared but never defined")
        for stack in program.stacks.values():
            if not stack.defined:
                self.error(stack.line, f"Stack {stack.name} is declared but never defined (STACK {stack.name} IS ... "
                                       f"END {stack.name};)")
        for key in SPECIAL_PREDICATES:
            routine = program.routines.get(key)
            if routine is not None and (routine.kind != "predicate" or routine.params):
                self.error(routine.line, f"{routine.name} must be a predicate without parameters")
        if tree.order is not None:
            seen = set()
            for name in tree.order.names:
                stack = program.stacks.get(name.key)
                if stack is None:
                    self.error(name.line, f"ORDER lists {name.lexeme}, which is not a stack")
                elif name.key in seen:
                    self.error(name.line, f"ORDER lists stack {name.lexeme} twice")
                else:
                    seen.add(name.key)
                    program.order.append(stack)
            for stack in program.stacks.values():
                if stack.key not in seen:
                    self.error(tree.order.line, f"Stack {stack.name} is missing from the ORDER list")
        check_layout(program, tree.header.line if tree.header else 1, self.error)

    # -- declarations ------------------------------------------------------------
    def declare_ConstDecl(self, decl: ast.ConstDecl) -> None:
        for name, expr in decl.items:
            try:
                value = self.constant(expr)
            except NotConstant:
                self.error(expr.line, f"The value of constant {name.lexeme} must be a number "
                                      "(numbers, constants and + - * / MOD only)")
                value = 0
            if self.define(name, "const", value):
                self.program.constants[name.key] = value

    def declare_VarDecl(self, decl: ast.VarDecl) -> None:
        for group in decl.groups:
            type_ = self.type_of(group.type)
            for name in group.names:
                if self.define(name, "global", type_):
                    self.program.globals[name.key] = (name.lexeme, type_)

    def declare_StackDecl(self, decl: ast.StackDecl) -> None:
        name = decl.name
        existing = self.symbols.get(name.key)
        if existing is not None and existing[0] == "stack":
            stack = existing[2]
        else:
            if not self.define(name, "stack", None):
                return
            stack = StackInfo(name.lexeme, name.key, decl.line)
            self.symbols[name.key] = ("stack", decl.line, stack)
            self.program.stacks[name.key] = stack
        if decl.members is None:
            return
        stack.defined = True
        if decl.parent is not None:
            parent = self.stack_named(decl.parent)
            if parent is stack:
                self.error(decl.parent.line, f"Stack {name.lexeme} cannot inherit from itself")
            elif parent is not None:
                stack.fields.update(parent.fields)
                stack.field_lines.update(dict.fromkeys(parent.fields, decl.line))
                stack.methods.update(parent.methods)
        for member in decl.members:
            if isinstance(member, ast.StackField):
                self.stack_field(stack, member)
            else:
                self.stack_method(stack, member)

    def stack_field(self, stack: StackInfo, member: ast.StackField) -> None:
        key = member.name.key
        if key not in FIELDS:
            self.error(member.line, f"Stacks have only the fields X, Y, W, H and Direction, not {member.name.lexeme}")
            return
        try:
            value = self.constant(member.value)
        except NotConstant:
            self.error(member.line, f"{member.name.lexeme} must be given a number or a constant")
            return
        stack.fields[key] = value
        stack.field_lines[key] = member.line

    def stack_method(self, stack: StackInfo, member: ast.StackMethod) -> None:
        key = member.name.key
        if key not in METHODS:
            self.error(member.line, f"Stacks have no method {member.name.lexeme} (they have Start, Help, "
                                    "Select, SelectLeft, SelectRight, and their From and To parts)")
            return
        if member.source is not None:
            source = self.stack_named(member.source)
            if source is None:
                return
            for lower in METHODS[key]:
                if lower in source.methods:
                    stack.methods[lower] = source.methods[lower]
                else:
                    stack.methods.pop(lower, None)
            return
        params = self.params(member.params)
        wanted = (0,) if key == "start" else (0, 1) if key == "help" else (1,)
        if len(params) not in wanted:
            what = "no parameter" if wanted == (0,) else "one parameter (the position, an INDEX)"
            if key == "help":
                what = "no parameter or one (the position)"
            self.error(member.line, f"Method {member.name.lexeme} takes {what}, not {len(params)}")
        for param in params:
            if param.type not in NUMERIC:
                self.error(member.line, f"The position parameter {param.name} must be an INDEX")
        saved = self.context, self.routine
        self.context, self.routine = stack, None
        self.scopes = [{p.key: ("local", member.line, p.type) for p in params}]
        body = member.body
        assert body is not None     # the parser gives a method a body or a source stack
        self.statement(body)
        self.scopes = []
        self.context, self.routine = saved
        stack.methods[key] = Method(key, member.name.lexeme, params, body, stack.name, member.line)

    def declare_Routine(self, decl: ast.Routine) -> None:
        name = decl.name
        params = None if decl.params is None else self.params(decl.params)
        return_type = self.type_of(decl.return_type) if decl.return_type is not None else None
        existing = self.symbols.get(name.key)
        if existing is not None and existing[0] == "routine":
            routine: RoutineInfo = existing[2]
            if routine.kind != decl.kind:
                self.error(decl.line, f"{name.lexeme} was declared as a {routine.kind} at line {routine.line}, "
                                      f"not a {decl.kind}")
                return
            if routine.defined:
                self.error(decl.line, f"{decl.kind.capitalize()} {name.lexeme} is already defined (line "
                                      f"{routine.line})")
                return
            if decl.body is None:
                return  # a second forward declaration changes nothing
            # the definition may leave out what its forward declaration said (as in Pascal)
            if routine.params is not None and params is not None and not same_params(routine.params, params):
                self.error(decl.line, f"The parameters of {name.lexeme} differ from its forward declaration "
                                      f"(line {routine.line})")
            if routine.return_type is not None and return_type is not None and return_type != routine.return_type:
                self.error(decl.line, f"Function {name.lexeme} returns {return_type} here but "
                                      f"{routine.return_type} in its forward declaration (line {routine.line})")
            if params is not None:
                routine.params = params
            if return_type is not None:
                routine.return_type = return_type
            routine.line = decl.line
        else:
            if not self.define(name, "routine", None):
                return
            routine = RoutineInfo(decl.kind, name.lexeme, name.key, decl.line, params, return_type)
            self.symbols[name.key] = ("routine", decl.line, routine)
            self.program.routines[name.key] = routine
        if decl.body is None:
            return
        if routine.params is None:
            routine.params = []
        if routine.kind == "function" and routine.return_type is None:
            self.error(decl.line, f"Function {name.lexeme} needs the type it returns "
                                  f"(FUNCTION {name.lexeme} ... : type IS ...)")
        locals_ = self.params(decl.locals, what="local variable")
        scope = {p.key: ("local", decl.line, p.type) for p in routine.params}
        for local in locals_:
            if local.key in scope:
                self.error(decl.line, f"{local.name} is both a parameter and a local variable")
            scope[local.key] = ("local", decl.line, local.type)
        routine.locals = locals_
        saved = self.context, self.routine
        self.context, self.routine = None, routine
        self.scopes = [scope]
        routine.body = decl.body   # set before checking, so that recursion sees it defined
        self.statement(decl.body)
        self.scopes = []
        self.context, self.routine = saved

    def params(self, groups: list[ast.VarGroup], what: str = "parameter") -> list[Param]:
        result, seen = [], set()
        for group in groups:
            type_ = self.type_of(group.type)
            for name in group.names:
                if name.key in seen:
                    self.error(name.line, f"Two {what}s are named {name.lexeme}")
                seen.add(name.key)
                result.append(Param(name.key, name.lexeme, type_))
        return result

    def type_of(self, token) -> str:
        key = token.key
        if key not in TYPES:
            self.error(token.line, f"Unknown type {token.lexeme} (the types are STACK, INDEX, CARD, "
                                   "INTEGER, BOOLEAN and STRING)")
            return "integer"
        return key

    def define(self, name, kind: str, payload) -> bool:
        """Declare a global name.  A predefined constant (UP, TEN, TRUE ...) may be
        declared again and is then hidden, as in Pascal; SELF and CURSOR may not."""
        key = name.key
        if key in ("self", "cursor"):
            self.error(name.line, f"{name.lexeme} is the language's own stack variable and cannot be declared")
            return False
        if key in self.symbols:
            old_kind, old_line, _ = self.symbols[key]
            self.error(name.line, f"{name.lexeme} is already declared (line {old_line}) as a {describe(old_kind)}")
            return False
        self.symbols[key] = (kind, name.line, payload)
        return True

    def stack_named(self, token) -> StackInfo | None:
        entry = self.symbols.get(token.key)
        if entry is not None and entry[0] == "stack":
            return entry[2]
        self.unknown(token, expected="stack")
        return None

    # -- constants ---------------------------------------------------------------
    def constant(self, expr: ast.Expr) -> int:
        if isinstance(expr, ast.Binary) and expr.op.type in CONSTANT_OPERATORS:
            operands, operators = left_spine(expr, lambda node: isinstance(node, ast.Binary)
                                             and node.op.type in CONSTANT_OPERATORS)
            value = self.constant(operands[0])
            for node, right in zip(operators, operands[1:]):
                value = self.constant_operation(node, value, self.constant(right))
            return value
        if isinstance(expr, ast.Literal) and isinstance(expr.value, int):
            if expr.value > INT_MAX:
                self.error(expr.line, f"{expr.value} is outside the integers (-32768 to 32767)")
                return 0
            return expr.value
        if isinstance(expr, ast.Name):
            key = expr.token.key
            entry = self.symbols.get(key)
            if entry is not None:
                if entry[0] == "const":
                    return entry[2]
                raise NotConstant
            if key in PREDEFINED and not isinstance(PREDEFINED[key], bool):
                return PREDEFINED[key]
            if key not in PREDEFINED:
                self.unknown(expr.token)
                return 0
            raise NotConstant
        if isinstance(expr, ast.Unary) and expr.op.type in (T.MINUS, T.PLUS):
            operand = expr.operand
            if expr.op.type is T.MINUS and isinstance(operand, ast.Literal) and operand.value == INT_MAX + 1:
                return INT_MIN
            value = self.constant(operand)
            return -value if expr.op.type is T.MINUS else value
        raise NotConstant

    def constant_operation(self, expr: ast.Binary, a: int, b: int) -> int:
        if expr.op.type in (T.SLASH, T.MOD) and b == 0:
            self.error(expr.line, "Division by zero in a constant")
            return 0
        value = {T.PLUS: lambda: a + b, T.MINUS: lambda: a - b, T.STAR: lambda: a * b,
                 T.SLASH: lambda: int(a / b), T.MOD: lambda: a - b * int(a / b)}[expr.op.type]()
        if not INT_MIN <= value <= INT_MAX:
            self.error(expr.line, f"Constant {value} is outside the integers (-32768 to 32767)")
            return 0
        return value

    # -- statements --------------------------------------------------------------
    def statement(self, stmt: ast.Stmt) -> None:
        getattr(self, f"stmt_{type(stmt).__name__}")(stmt)

    def stmt_Block(self, stmt: ast.Block) -> None:
        for inner in stmt.statements:
            self.statement(inner)

    def stmt_Add(self, stmt: ast.Add) -> None:
        self.numeric(stmt.low, "ADD's cards")
        if stmt.high is not None:
            self.numeric(stmt.high, "ADD's cards")
        if stmt.dest is not None:
            self.stack_ref(stmt.dest)

    def stmt_Assign(self, stmt: ast.Assign) -> None:
        target = stmt.target
        value_type = self.expr(stmt.value)
        if isinstance(target, ast.Position):
            self.position(target)
            self.expect_numeric(value_type, stmt.value.line, "A card")
            return
        ref = self.resolve(target)
        if ref is None:
            return
        kind = ref[0]
        name = target.token.lexeme
        if kind in ("global", "local"):
            declared = ref[2]
            if value_type is not None and not compatible(declared, value_type):
                self.error(stmt.line, f"Cannot assign {an(value_type)} value to {name}, {an(declared)} variable")
        elif kind == "with":
            self.error(stmt.line, f"Cannot assign to {name}: it is WITH's iteration variable")
        elif kind == "const":
            self.error(stmt.line, f"Cannot assign to constant {name}")
        elif kind == "field":
            self.error(stmt.line, f"Cannot assign to the stack field {name}: it is fixed in the stack's definition")
        else:
            self.error(stmt.line, f"Cannot assign to {name}: it is a {describe(kind)}, not a variable")

    def stmt_Break(self, stmt: ast.Break) -> None:
        pass

    def stmt_Clear(self, stmt: ast.Clear) -> None:
        if stmt.title is not None:
            self.expr(stmt.title)
        for part in stmt.box or ():
            self.numeric(part, "CLEAR's box")

    def stmt_Draw(self, stmt: ast.Draw) -> None:
        if stmt.stack is not None:
            self.stack_ref(stmt.stack)

    def stmt_Flash(self, stmt: ast.Flash) -> None:
        self.interval(stmt.interval)

    def stmt_If(self, stmt: ast.If) -> None:
        self.condition(stmt.condition, "IF")
        self.statement(stmt.then_branch)
        if stmt.else_branch is not None:
            self.statement(stmt.else_branch)

    def stmt_Inverse(self, stmt: ast.Inverse) -> None:
        self.interval(stmt.interval)

    def stmt_Move(self, stmt: ast.Move) -> None:
        self.interval(stmt.interval)
        self.position(stmt.dest)

    def stmt_Pull(self, stmt: ast.Pull) -> None:
        self.numeric(stmt.count, "PULL's count")
        for name in (stmt.source, stmt.dest):
            if name is not None:
                self.stack_ref(name)

    def stmt_Remove(self, stmt: ast.Remove) -> None:
        self.interval(stmt.interval)

    def stmt_Return(self, stmt: ast.Return) -> None:
        value_type = self.expr(stmt.value)
        routine = self.routine
        if routine is None or routine.kind == "procedure":
            where = "a method" if routine is None else f"procedure {routine.name}"
            self.error(stmt.line, f"RETURN can only be used in a function or a predicate, not in {where}")
            return
        wanted = "boolean" if routine.kind == "predicate" else routine.return_type
        if value_type is not None and wanted is not None and not compatible(wanted, value_type):
            self.error(stmt.line, f"{routine.name} must return {an(wanted)} value, not {an(value_type)} one")

    def stmt_Shuffle(self, stmt: ast.Shuffle) -> None:
        if stmt.stack is not None:
            self.stack_ref(stmt.stack)

    def stmt_Turn(self, stmt: ast.Turn) -> None:
        self.interval(stmt.interval)
        if stmt.side is None:
            return      # SIDE alone: each card is turned over
        self.numeric(stmt.side, "TURN's side")
        try:
            side = self.constant(stmt.side)
        except NotConstant:
            return
        if side not in (0, 1, 2):
            self.error(stmt.line, "TURN ... SIDE must be UP, DOWN or SHADED")

    def stmt_Wait(self, stmt: ast.Wait) -> None:
        self.expr(stmt.title)
        entry = self.symbols.get(stmt.procedure.key)
        if entry is None or entry[0] != "routine":
            self.unknown(stmt.procedure, expected="procedure")
            return
        routine = entry[2]
        if routine.params is None and routine.kind == "procedure":
            self.deferred.append((stmt, routine))
        else:
            self.check_wait(stmt, routine)

    def check_wait(self, stmt: ast.Wait, routine: RoutineInfo) -> None:
        if routine.kind != "procedure" or routine.params:
            self.error(stmt.line, f"WAIT's button must run a procedure without parameters; {routine.name} is not one")

    def stmt_While(self, stmt: ast.While) -> None:
        self.condition(stmt.condition, "WHILE")
        self.statement(stmt.body)

    def stmt_With(self, stmt: ast.With) -> None:
        for name in stmt.stacks:
            self.stack_ref(name)
        found = self.lookup(stmt.var.key)
        if found is None or found[0] in ("with", "field", "const"):
            stmt.implicit = True
            stmt.ref = ("with", stmt.var.key, "stack")
            self.scopes.append({stmt.var.key: ("with", stmt.line, "stack")})
            self.statement(stmt.body)
            self.scopes.pop()
            return
        stmt.ref = found
        if found[0] not in ("global", "local") or found[2] != "stack":
            self.error(stmt.line, f"WITH's variable {stmt.var.lexeme} must be a STACK variable "
                                  "(or a new name)")
        self.statement(stmt.body)

    def stmt_Write(self, stmt: ast.Write) -> None:
        stmt.kinds = [self.expr(arg) for arg in stmt.args]

    def stmt_CallStmt(self, stmt: ast.CallStmt) -> None:
        routine = self.call(stmt.call)
        if routine is not None and routine.kind != "procedure":
            self.error(stmt.line, f"{routine.name} is a {routine.kind}: its value must be used in an expression")

    # -- stack places ------------------------------------------------------------
    def stack_ref(self, name: ast.Name) -> None:
        ref = self.resolve(name, expected="stack")
        if ref is None:
            return
        if not is_stack_ref(ref):
            self.error(name.line, f"{name.token.lexeme} is not a stack (it is a {describe(ref[0])})")

    def context_stack(self, line: int) -> None:
        """A bare ``!`` or ``[...]``: the contextual stack, known only when running."""

    def interval(self, interval: ast.Interval) -> None:
        if interval.stack is not None:
            self.stack_ref(interval.stack)
        self.numeric(interval.low, "A position")
        if interval.high is not None:
            self.numeric(interval.high, "A position")

    def position(self, position: ast.Position) -> None:
        if position.stack is not None:
            self.stack_ref(position.stack)
        self.numeric(position.index, "A position")

    # -- expressions ---------------------------------------------------------------
    def expr(self, expr: ast.Expr) -> str | None:
        """Check an expression; return its type when it is known."""
        return getattr(self, f"expr_{type(expr).__name__}")(expr)

    def expr_Literal(self, expr: ast.Literal) -> str:
        if isinstance(expr.value, str):
            return "string"
        if isinstance(expr.value, int) and expr.value > INT_MAX:    # 32768 is read only so that -32768 can be written
            self.error(expr.line, f"{expr.value} is outside the integers (-32768 to 32767)")
        return "integer"

    def expr_Name(self, expr: ast.Name) -> str | None:
        ref = self.resolve(expr)
        if ref is None:
            return None
        kind = ref[0]
        if kind == "const":
            return "boolean" if isinstance(ref[1], bool) else "integer"
        if kind in ("global", "local", "with"):
            return ref[2]
        if kind in ("stack", "self", "cursor"):
            return "stack"
        if kind == "field":
            return "integer"
        if kind == "routine":
            routine = ref[1]
            return self.call_value(ast.Call(expr.token, [], expr.line), routine, name_node=expr)
        return None

    def expr_Unary(self, expr: ast.Unary) -> str | None:
        if expr.op.type is T.MINUS and is_int_min(expr.operand):
            return "integer"
        operand = self.expr(expr.operand)
        if expr.op.type is T.NOT:
            self.expect_boolean(operand, expr.line, "NOT")
            return "boolean"
        self.expect_numeric(operand, expr.line, f"'{expr.op.lexeme}'")
        return "integer"

    def expr_Binary(self, expr: ast.Expr) -> str | None:
        """A Binary or Logical node and the chain it ends (``a + b - c or d``),
        walked with a loop so that a long flat chain needs no deep recursion."""
        operands, operators = left_spine(expr, lambda node: isinstance(node, (ast.Binary, ast.Logical)))
        left = self.expr(operands[0])
        for node, right in zip(operators, operands[1:]):
            left = self.operation(node, left, self.expr(right))
        return left

    expr_Logical = expr_Binary

    def operation(self, expr: ast.Binary | ast.Logical, left: str | None, right: str | None) -> str | None:
        op = expr.op
        if isinstance(expr, ast.Logical):
            self.expect_boolean(left, expr.line, op.lexeme.upper())
            self.expect_boolean(right, expr.line, op.lexeme.upper())
            return "boolean"
        if op.type in (T.EQUAL, T.NOT_EQUAL):
            if left and right and kind_class(left) != kind_class(right):
                self.error(expr.line, f"Cannot compare {an(left)} value with {an(right)} value")
            return "boolean"
        if op.type in (T.LESS, T.LESS_EQUAL, T.GREATER, T.GREATER_EQUAL):
            self.expect_numeric(left, expr.line, f"'{op.lexeme}'")
            self.expect_numeric(right, expr.line, f"'{op.lexeme}'")
            return "boolean"
        self.expect_numeric(left, expr.line, f"'{op.lexeme}'")
        self.expect_numeric(right, expr.line, f"'{op.lexeme}'")
        return "integer"

    def expr_Length(self, expr: ast.Length) -> str:
        if expr.stack is not None:
            self.stack_ref(expr.stack)
        return "index"

    def expr_CardAt(self, expr: ast.CardAt) -> str:
        if expr.stack is not None:
            self.stack_ref(expr.stack)
        self.numeric(expr.index, "A position")
        return "card"

    def expr_Call(self, expr: ast.Call) -> str | None:
        routine = self.call(expr)
        if routine is None:
            return None
        if routine.kind == "procedure":
            self.error(expr.line, f"Procedure {routine.name} has no value; only functions and predicates "
                                  "can be used in an expression")
            return None
        return "boolean" if routine.kind == "predicate" else routine.return_type

    def call_value(self, call: ast.Call, routine: RoutineInfo, name_node: ast.Name) -> str | None:
        self.check_arity(call, routine)
        if routine.kind == "procedure":
            self.error(call.line, f"Procedure {routine.name} has no value; only functions and predicates "
                                  "can be used in an expression")
            return None
        return "boolean" if routine.kind == "predicate" else routine.return_type

    def call(self, call: ast.Call) -> RoutineInfo | None:
        for arg in call.args:
            self.expr(arg)
        key = call.name.key
        found = self.lookup(key)
        if found is not None and found[0] != "routine":
            self.error(call.line, f"{call.name.lexeme} is a {describe(found[0])}, not a procedure, "
                                  "function or predicate")
            return None
        entry = self.symbols.get(key)
        if entry is None or entry[0] != "routine":
            self.unknown(call.name, expected="routine")
            return None
        routine = entry[2]
        self.check_arity(call, routine)
        return routine

    def check_arity(self, call: ast.Call, routine: RoutineInfo) -> None:
        if routine.params is None:
            self.deferred.append((call, routine))   # 'procedure P;': checked at its definition
            return
        wanted, given = len(routine.params), len(call.args)
        if wanted != given:
            self.error(call.line, f"{routine.kind.capitalize()} {routine.name} takes {plural(wanted, 'argument')} "
                                  f"but {given} {'was' if given == 1 else 'were'} given")

    # -- names -----------------------------------------------------------------------
    def lookup(self, key: str) -> tuple | None:
        for scope in reversed(self.scopes):
            if key in scope:
                kind, _, type_ = scope[key]
                return (kind, key, type_)
        entry = self.symbols.get(key)
        if entry is not None:
            kind, _, payload = entry
            if kind == "global":
                return ("global", key, payload)
            if kind == "const":
                return ("const", payload)
            if kind == "stack":
                return ("stack", payload)
            if kind == "routine":
                return ("routine", payload)
        if key in PREDEFINED:
            return ("const", PREDEFINED[key])
        if key == "self":
            return ("self",)
        if key == "cursor":
            return ("cursor", CURSOR)
        if key in FIELDS:
            return ("field", key)
        return None

    def resolve(self, name: ast.Name, expected: str | None = None) -> tuple | None:
        ref = self.lookup(name.token.key)
        if ref is None:
            self.unknown(name.token, expected)
        name.ref = ref
        return ref

    def unknown(self, token, expected: str | None = None) -> None:
        later = self.declared_later.get(token.key)
        if later is not None:
            kind, line = later
            hint = ""
            if kind == "stack":
                hint = f"; add the forward declaration 'stack {token.lexeme};' before this line"
            elif kind in ("procedure", "function", "predicate"):
                hint = f"; add a forward declaration '{kind} {token.lexeme}(...);' before this line"
            self.error(token.line, f"{describe(kind).capitalize()} {token.lexeme} is used before it is "
                                   f"defined (line {line}){hint}")
        elif expected == "stack":
            self.error(token.line, f"Undefined stack {token.lexeme}")
        elif expected == "procedure":
            self.error(token.line, f"Undefined procedure {token.lexeme}")
        elif expected == "routine":
            self.error(token.line, f"Undefined procedure, function or predicate {token.lexeme}")
        else:
            self.error(token.line, f"Undefined name {token.lexeme}")

    # -- types -----------------------------------------------------------------------
    def numeric(self, expr: ast.Expr, what: str) -> None:
        self.expect_numeric(self.expr(expr), expr.line, what)

    def condition(self, expr: ast.Expr, what: str) -> None:
        self.expect_boolean(self.expr(expr), expr.line, f"The {what} condition")

    def expect_numeric(self, type_: str | None, line: int, what: str) -> None:
        if type_ is not None and type_ not in NUMERIC:
            self.error(line, f"{what} needs a number, not {an(type_)} value")

    def expect_boolean(self, type_: str | None, line: int, what: str) -> None:
        if type_ is not None and type_ != "boolean":
            self.error(line, f"{what} needs TRUE or FALSE, not {an(type_)} value")

    def error(self, line: int, message: str) -> None:
        self.errors.add(CdlCheckError(line, message + "."))


CONSTANT_OPERATORS = (T.PLUS, T.MINUS, T.STAR, T.SLASH, T.MOD)


def left_spine(expr: ast.Expr, part_of_chain) -> tuple[list, list]:
    """The operands and operator nodes of the chain ``expr`` ends, left to right:
    ``((a + b) - c)`` gives ``[a, b, c]`` and ``[the + node, the - node]``."""
    operators: list = []
    node: Any = expr        # a Binary or Logical while part_of_chain says so
    while part_of_chain(node):
        operators.append(node)
        node = node.left
    operators.reverse()
    return [node] + [op.right for op in operators], operators


def is_int_min(expr: ast.Expr) -> bool:
    """The literal 32768 right after a minus: -32768."""
    return isinstance(expr, ast.Literal) and expr.value == INT_MAX + 1


def same_params(a: list[Param], b: list[Param]) -> bool:
    return len(a) == len(b) and all(x.type == y.type for x, y in zip(a, b))


def is_stack_ref(ref: tuple) -> bool:
    kind = ref[0]
    if kind in ("stack", "self", "cursor"):
        return True
    return kind in ("global", "local", "with") and ref[2] == "stack"


def kind_class(type_: str) -> str:
    return "number" if type_ in NUMERIC else type_


def compatible(declared: str, value: str) -> bool:
    return kind_class(declared) == kind_class(value)


def describe(kind: str) -> str:
    return {"global": "variable", "local": "variable", "with": "WITH variable", "const": "constant",
            "routine": "procedure, function or predicate", "self": "the SELF stack",
            "cursor": "the CURSOR stack", "field": "stack field"}.get(kind, kind)


def an(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def check(tree: ast.Program, filename: str = "<cdl>") -> tuple[CompiledProgram, ErrorList]:
    checker = Checker(filename)
    program = checker.check(tree)
    return program, checker.errors
