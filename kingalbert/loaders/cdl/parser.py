"""The parser: tokens to a syntax tree, one method per grammar rule.

Recursive descent in the style of jlox.  ``consume(type, message)`` reports
what was expected and what was found.  An error raises ``ParseError``, which
``declaration`` (and the statement loops of ``BEGIN`` blocks and stack bodies)
catch: the parser skips to the next statement boundary and carries on, so one
run reports every error it can.  Nesting deeper than ``MAX_NESTING`` stops the
parse at once (``NestingError``), so that no phase recurses without bound.

Grammar (from the help file, with the choices made where it is unclear)::

    program     -> header ";" declaration* order "."
    header      -> GAME id IS integer BY integer
    declaration -> constDecl | varDecl | stackDecl | routine
    constDecl   -> CONST id (":="|"=") expr ( ("," | ";") id (":="|"=") expr )* ";"
    varDecl     -> VAR ( id ("," id)* ":" type ";" )*
    stackDecl   -> STACK id ";"                                  (forward)
                 | STACK id [FROM id] IS member* END id ";"
    member      -> id ":=" expr ";"                              (X Y W H Direction)
                 | id [params] ( FROM id | IS statement ) ";"    (a method)
    routine     -> (PROCEDURE|PREDICATE) id [params] ( ";" | IS [varDecl] statement ";" )
                 | FUNCTION id [params] [":" type] ( ";" | IS [varDecl] statement ";" )
    params      -> "(" id ("," id)* ":" type ( ";" id ("," id)* ":" type )* ")"
    order       -> ORDER id ( [","] id )* [";"]

    expression  -> sum ( ("="|"<>"|"<"|">"|"<="|">=") sum )*
    sum         -> term ( ("+"|"-"|OR) term )*
    term        -> unary ( ("*"|"/"|AND|MOD) unary )*
    unary       -> (NOT|"+"|"-") unary | primary
    turn        -> TURN interval SIDE [expression]             (no side: each card turned over)
    primary     -> integer | string | "(" expression ")" | "!" | "[" expression "]"
                 | id "!" | id "[" expression "]" | id "(" args ")" | id
"""
from __future__ import annotations

from typing import cast

from . import ast
from .errors import CdlSyntaxError, ErrorList
from .tokens import T, Token

DECLARATION_START = {T.CONST, T.VAR, T.STACK, T.PROCEDURE, T.FUNCTION, T.PREDICATE, T.ORDER, T.EOF}
STATEMENT_START = {
    T.ADD, T.BREAK, T.CLEAR, T.DRAW, T.FLASH, T.IF, T.INVERSE, T.MOVE, T.PULL, T.REMOVE,
    T.RETURN, T.SHUFFLE, T.TURN, T.WAIT, T.WHILE, T.WITH, T.WRITE, T.BEGIN,
}
#: tokens that end a statement (so an optional part is absent)
STATEMENT_END = {T.SEMICOLON, T.END, T.ELSE, T.FOR, T.DOT, T.EOF}
COMPARISON = {T.EQUAL, T.NOT_EQUAL, T.LESS, T.LESS_EQUAL, T.GREATER, T.GREATER_EQUAL}


#: how deeply statements, parentheses and unary operators may nest: far more than
#: any game needs, and little enough that no phase runs out of Python's stack
MAX_NESTING = 100


class ParseError(Exception):
    pass


class NestingError(Exception):
    """The program nests deeper than MAX_NESTING: parsing stops (no recovery)."""


class Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.current = 0
        self.errors = ErrorList()
        self.depth = 0

    # -- program ---------------------------------------------------------------
    def parse(self) -> ast.Program:
        program = ast.Program(header=None)
        try:
            program.header = self.header()
        except ParseError:
            self.skip_to_declaration()
        try:
            while not self.check(T.ORDER) and not self.at_end():
                try:
                    program.declarations.append(self.declaration())
                except ParseError:
                    self.skip_to_declaration()
            try:
                program.order = self.order()
            except ParseError:
                pass
        except NestingError:
            pass    # reported; what follows would only repeat it
        return program

    def nested(self, parse):
        """Run one nesting level's ``parse``; stop everything past MAX_NESTING levels."""
        self.depth += 1
        try:
            self.check_depth()
            return parse()
        finally:
            self.depth -= 1

    def check_depth(self) -> None:
        if self.depth > MAX_NESTING:
            self.error(self.peek(), f"The program nests too deeply here (more than {MAX_NESTING} "
                                    "statements and expressions inside one another)")
            raise NestingError()

    def header(self) -> ast.Header:
        keyword = self.consume(T.GAME, "Expect 'GAME name IS width BY height;' at the start of the program")
        name = self.consume(T.IDENTIFIER, "Expect the game's name after GAME")
        self.consume(T.IS, "Expect IS after the game's name")
        width = self.consume(T.NUMBER, "Expect the playfield's width (a number) after IS").literal
        self.consume(T.BY, "Expect BY after the playfield's width")
        height = self.consume(T.NUMBER, "Expect the playfield's height (a number) after BY").literal
        self.consume(T.SEMICOLON, "Expect ';' after the GAME header")
        # a NUMBER token's literal is its int value
        return ast.Header(name, cast(int, width), cast(int, height), keyword.line)

    def order(self) -> ast.Order:
        keyword = self.consume(T.ORDER, "Expect ORDER and the list of stacks at the end of the program")
        names = [self.consume(T.IDENTIFIER, "Expect a stack name after ORDER")]
        while True:
            self.match(T.COMMA)
            if not self.check(T.IDENTIFIER):
                break
            names.append(self.advance())
        self.match(T.SEMICOLON)
        self.consume(T.DOT, "Expect '.' at the end of the program, after the ORDER list")
        if not self.at_end():
            self.error(self.peek(), "Nothing may follow the final '.' of the program")
        return ast.Order(names, keyword.line)

    # -- declarations ------------------------------------------------------------
    def declaration(self) -> ast.Node:
        if self.match(T.CONST):
            return self.const_declaration()
        if self.match(T.VAR):
            return self.var_declaration()
        if self.match(T.STACK):
            return self.stack_declaration()
        if self.match(T.PROCEDURE, T.FUNCTION, T.PREDICATE):
            return self.routine()
        if self.check(T.GAME):
            raise self.error(self.peek(), "The GAME header may appear only once, at the start")
        raise self.error(self.peek(), "Expect a declaration (CONST, VAR, STACK, PROCEDURE, FUNCTION, PREDICATE) or "
                                      "ORDER")

    def const_declaration(self) -> ast.ConstDecl:
        line = self.previous().line
        items = [self.const_item()]
        while True:
            if self.match(T.COMMA):
                items.append(self.const_item())
            elif self.check(T.SEMICOLON) and self.check_next(T.IDENTIFIER) and self.check_at(2, T.ASSIGN, T.EQUAL):
                self.advance()
                items.append(self.const_item())
            else:
                break
        self.consume(T.SEMICOLON, "Expect ';' after the constants")
        return ast.ConstDecl(items, line)

    def const_item(self) -> tuple[Token, ast.Expr]:
        name = self.consume(T.IDENTIFIER, "Expect a constant's name")
        if not self.match(T.ASSIGN, T.EQUAL):
            raise self.error(self.peek(), f"Expect ':=' after constant name {name}")
        return name, self.expression()

    def var_declaration(self) -> ast.VarDecl:
        line = self.previous().line
        groups = []
        while self.check(T.IDENTIFIER):
            groups.append(self.var_group())
            self.consume(T.SEMICOLON, "Expect ';' after a variable declaration")
        if not groups:
            raise self.error(self.peek(), "Expect a variable's name after VAR")
        return ast.VarDecl(groups, line)

    def var_group(self) -> ast.VarGroup:
        names = [self.consume(T.IDENTIFIER, "Expect a name")]
        while self.match(T.COMMA):
            names.append(self.consume(T.IDENTIFIER, "Expect a name after ','"))
        self.consume(T.COLON, "Expect ':' and a type after the name")
        return ast.VarGroup(names, self.type_name(), names[0].line)

    def type_name(self) -> Token:
        if self.check(T.IDENTIFIER) or self.check(T.STACK):
            return self.advance()
        raise self.error(self.peek(), "Expect a type (STACK, INDEX, CARD, INTEGER, BOOLEAN or STRING)")

    def params(self) -> list[ast.VarGroup]:
        groups = []
        if self.match(T.LEFT_PAREN):
            groups.append(self.var_group())
            while self.match(T.SEMICOLON):
                groups.append(self.var_group())
            self.consume(T.RIGHT_PAREN, "Expect ')' after the parameters")
        return groups

    def stack_declaration(self) -> ast.StackDecl:
        line = self.previous().line
        name = self.consume(T.IDENTIFIER, "Expect the stack's name after STACK")
        if self.match(T.SEMICOLON):
            return ast.StackDecl(name, None, None, line)
        parent = None
        if self.match(T.FROM):
            parent = self.consume(T.IDENTIFIER, "Expect the name of the stack to inherit from after FROM")
        self.consume(T.IS, f"Expect IS (or ';' for a forward declaration) after STACK {name.lexeme}")
        members = []
        while not self.check(T.END) and not self.check_any(DECLARATION_START):
            start = self.current
            try:
                members.append(self.stack_member())
            except ParseError:
                self.synchronize()
                if self.check_any(DECLARATION_START - {T.EOF}):
                    raise
                if self.check(T.EOF):
                    break
                if self.current == start:
                    self.advance()
        self.consume(T.END, f"Expect 'END {name.lexeme};' to close stack {name.lexeme}")
        end_name = self.consume(T.IDENTIFIER, f"Expect the stack's name after END (END {name.lexeme})")
        if end_name.key != name.key:
            self.error(end_name, f"Stack {name.lexeme} must end with 'END {name.lexeme}', not 'END {end_name.lexeme}'")
        self.consume(T.SEMICOLON, f"Expect ';' after 'END {name.lexeme}'")
        return ast.StackDecl(name, parent, members, line)

    def stack_member(self) -> ast.Node:
        name = self.consume(T.IDENTIFIER, "Expect a field (X, Y, W, H, Direction) or a method (Start, Select..., Help)")
        if self.match(T.ASSIGN):
            value = self.expression()
            self.consume(T.SEMICOLON, f"Expect ';' after the value of {name.lexeme}")
            return ast.StackField(name, value, name.line)
        params = self.params()
        if self.match(T.FROM):
            source = self.consume(T.IDENTIFIER, f"Expect the stack to take method {name.lexeme} from after FROM")
            self.consume(T.SEMICOLON, f"Expect ';' after '{name.lexeme} FROM {source.lexeme}'")
            return ast.StackMethod(name, params, source, None, name.line)
        self.consume(T.IS, f"Expect IS or FROM after method {name.lexeme}")
        body = self.statement()
        self.consume(T.SEMICOLON, f"Expect ';' after the body of method {name.lexeme}")
        return ast.StackMethod(name, params, None, body, name.line)

    def routine(self) -> ast.Routine:
        keyword = self.previous()
        kind = keyword.key
        name = self.consume(T.IDENTIFIER, f"Expect the {kind}'s name after {keyword.lexeme.upper()}")
        params = self.params() if self.check(T.LEFT_PAREN) else None
        return_type = None
        if kind == "function" and self.match(T.COLON):
            return_type = self.type_name()
        if self.match(T.SEMICOLON):
            return ast.Routine(kind, name, params, return_type, [], None, keyword.line)
        if kind == "function" and return_type is None and not self.check(T.IS):
            raise self.error(self.peek(), f"Expect ':' and the type function {name.lexeme} returns")
        self.consume(T.IS, f"Expect IS (or ';' for a forward declaration) after {kind} {name.lexeme}")
        local_vars: list[ast.VarGroup] = []
        if self.match(T.VAR):
            while self.check(T.IDENTIFIER) and self.check_next(T.COMMA, T.COLON):
                local_vars.append(self.var_group())
                self.consume(T.SEMICOLON, "Expect ';' after a variable declaration")
        body = self.statement()
        self.consume(T.SEMICOLON, f"Expect ';' after the body of {kind} {name.lexeme}")
        return ast.Routine(kind, name, params, return_type, local_vars, body, keyword.line)

    # -- statements --------------------------------------------------------------
    def statement(self) -> ast.Stmt:
        return self.nested(self.statement_at_depth)

    def statement_at_depth(self) -> ast.Stmt:
        token = self.peek()
        handler = {
            T.ADD: self.add_statement, T.BREAK: self.break_statement, T.CLEAR: self.clear_statement,
            T.DRAW: self.draw_statement, T.FLASH: self.flash_statement, T.IF: self.if_statement,
            T.INVERSE: self.inverse_statement, T.MOVE: self.move_statement, T.PULL: self.pull_statement,
            T.REMOVE: self.remove_statement, T.RETURN: self.return_statement,
            T.SHUFFLE: self.shuffle_statement, T.TURN: self.turn_statement, T.WAIT: self.wait_statement,
            T.WHILE: self.while_statement, T.WITH: self.with_statement, T.WRITE: self.write_statement,
            T.BEGIN: self.block,
        }.get(token.type)
        if handler is not None:
            self.advance()
            return handler()
        if token.type in (T.IDENTIFIER, T.LEFT_BRACKET):
            return self.simple_statement()
        raise self.error(token, "Expect a statement")

    def block(self) -> ast.Block:
        line = self.previous().line
        statements = []
        while True:
            while self.match(T.SEMICOLON):
                pass
            if self.check(T.END) or self.check_any(DECLARATION_START):
                break
            start = self.current
            try:
                statements.append(self.statement())
                if not self.check(T.END):
                    self.consume(T.SEMICOLON, "Expect ';' between statements")
            except ParseError:
                self.synchronize()
                if self.check_any(DECLARATION_START):
                    raise
                if self.current == start:
                    self.advance()
        self.consume(T.END, f"Expect END to close the BEGIN of line {line}")
        return ast.Block(statements, line)

    def add_statement(self) -> ast.Add:
        line = self.previous().line
        low = self.expression()
        high = self.expression() if self.match(T.DOT_DOT) else None
        dest = self.stack_name("after ADD ... TO") if self.match(T.TO) else None
        return ast.Add(low, high, dest, line)

    def break_statement(self) -> ast.Break:
        return ast.Break(self.match(T.PROCEDURE), self.previous().line)

    def clear_statement(self) -> ast.Clear:
        line = self.previous().line
        if self.check_any(STATEMENT_END):
            return ast.Clear(None, None, line)
        title = self.expression()
        box = None
        if self.match(T.AT):
            x = self.expression()
            self.consume(T.COMMA, "Expect ',' between x and y in CLEAR ... AT x, y IS w BY h")
            y = self.expression()
            self.consume(T.IS, "Expect IS after the position in CLEAR ... AT x, y IS w BY h")
            w = self.expression()
            self.consume(T.BY, "Expect BY after the width in CLEAR ... AT x, y IS w BY h")
            h = self.expression()
            box = (x, y, w, h)
        return ast.Clear(title, box, line)

    def draw_statement(self) -> ast.Draw:
        line = self.previous().line
        stack = self.stack_name("after DRAW") if self.check(T.IDENTIFIER) else None
        return ast.Draw(stack, line)

    def flash_statement(self) -> ast.Flash:
        return ast.Flash(self.interval("FLASH"), self.previous().line)

    def if_statement(self) -> ast.If:
        line = self.previous().line
        condition = self.expression()
        self.consume(T.THEN, "Expect THEN after the IF condition")
        then_branch = self.statement()
        else_branch = None
        if self.match(T.ELSE):
            else_branch = self.statement()
        elif self.check(T.SEMICOLON) and self.check_next(T.ELSE):
            raise self.error(self.peek(), "No ';' may come before ELSE (it would end the IF)")
        return ast.If(condition, then_branch, else_branch, line)

    def inverse_statement(self) -> ast.Inverse:
        line = self.previous().line
        return ast.Inverse(self.interval("INVERSE"), line)

    def move_statement(self) -> ast.Move:
        line = self.previous().line
        interval = self.interval("MOVE")
        self.consume(T.TO, "Expect TO after MOVE's interval (MOVE S[a..b] TO D[p])")
        return ast.Move(interval, self.position("MOVE ... TO"), line)

    def pull_statement(self) -> ast.Pull:
        line = self.previous().line
        count = self.expression()
        source = self.stack_name("after PULL ... FROM") if self.match(T.FROM) else None
        dest = self.stack_name("after PULL ... TO") if self.match(T.TO) else None
        return ast.Pull(count, source, dest, line)

    def remove_statement(self) -> ast.Remove:
        line = self.previous().line
        return ast.Remove(self.interval("REMOVE"), line)

    def return_statement(self) -> ast.Return:
        line = self.previous().line
        if self.check_any(STATEMENT_END):
            raise self.error(self.peek(), "Expect the value to return after RETURN")
        return ast.Return(self.expression(), line)

    def shuffle_statement(self) -> ast.Shuffle:
        line = self.previous().line
        stack = self.stack_name("after SHUFFLE") if self.check(T.IDENTIFIER) else None
        return ast.Shuffle(stack, line)

    def turn_statement(self) -> ast.Turn:
        line = self.previous().line
        interval = self.interval("TURN")
        self.consume(T.SIDE, "Expect SIDE (and UP, DOWN or SHADED) after TURN's interval")
        if self.check_any(STATEMENT_END):
            return ast.Turn(interval, None, line)       # "SIDE [UP | DOWN | SHADED]": the side left out
        return ast.Turn(interval, self.expression(), line)

    def wait_statement(self) -> ast.Wait:
        line = self.previous().line
        title = self.expression()
        procedure = self.consume(T.IDENTIFIER, "Expect the procedure the button runs after WAIT 'title'")
        return ast.Wait(title, procedure, line)

    def while_statement(self) -> ast.While:
        line = self.previous().line
        condition = self.expression()
        self.consume(T.DO, "Expect DO after the WHILE condition")
        return ast.While(condition, self.statement(), line)

    def with_statement(self) -> ast.With:
        line = self.previous().line
        var = self.consume(T.IDENTIFIER, "Expect the iteration variable after WITH")
        self.consume(T.DO, "Expect DO after WITH's variable")
        body = self.statement()
        self.consume(T.FOR, "Expect FOR and the list of stacks after WITH's statement")
        stacks = [self.stack_name("after FOR")]
        while self.match(T.COMMA):
            stacks.append(self.stack_name("after ','"))
        return ast.With(var, body, stacks, line)

    def write_statement(self) -> ast.Write:
        line = self.previous().line
        self.consume(T.LEFT_PAREN, "Expect '(' after WRITE")
        args = [self.expression()]
        while self.match(T.COMMA):
            args.append(self.expression())
        self.consume(T.RIGHT_PAREN, "Expect ')' after WRITE's values")
        return ast.Write(args, line)

    def simple_statement(self) -> ast.Stmt:
        """Assignment (``x := e``, ``S[p] := e``, ``[p] := e``) or a procedure call."""
        token = self.peek()
        line = token.line
        if token.type is T.LEFT_BRACKET or self.check_next(T.LEFT_BRACKET):
            target = self.position("the assignment")
            self.consume(T.ASSIGN, "Expect ':=' after a stack position to assign it")
            return ast.Assign(target, self.expression(), line)
        name = self.advance()
        if self.match(T.ASSIGN):
            return ast.Assign(ast.Name(name, name.line), self.expression(), line)
        args = self.arguments() if self.match(T.LEFT_PAREN) else []
        if self.check(T.EQUAL):
            raise self.error(self.peek(), "Use ':=' to assign a value ('=' compares)")
        return ast.CallStmt(ast.Call(name, args, line), line)

    # -- stack places ------------------------------------------------------------
    def stack_name(self, where: str) -> ast.Name:
        token = self.consume(T.IDENTIFIER, f"Expect a stack's name {where}")
        return ast.Name(token, token.line)

    def interval(self, what: str) -> ast.Interval:
        line = self.peek().line
        stack = self.stack_name(f"or '[' after {what}") if self.check(T.IDENTIFIER) else None
        self.consume(T.LEFT_BRACKET, f"Expect '[' and the positions of the cards after {what}")
        low = self.expression()
        high = self.expression() if self.match(T.DOT_DOT) else None
        self.consume(T.RIGHT_BRACKET, "Expect ']' after the positions")
        return ast.Interval(stack, low, high, line)

    def position(self, what: str) -> ast.Position:
        line = self.peek().line
        stack = self.stack_name(f"or '[' in {what}") if self.check(T.IDENTIFIER) else None
        self.consume(T.LEFT_BRACKET, f"Expect '[' and a position in {what}")
        index = self.expression()
        if self.check(T.DOT_DOT):
            raise self.error(self.peek(), f"A single position is needed in {what}, not a range")
        self.consume(T.RIGHT_BRACKET, "Expect ']' after the position")
        return ast.Position(stack, index, line)

    # -- expressions -------------------------------------------------------------
    def expression(self) -> ast.Expr:
        return self.nested(self.comparison)

    def comparison(self) -> ast.Expr:
        return self.chain(self.sum, COMPARISON)

    def sum(self) -> ast.Expr:
        return self.chain(self.term, {T.PLUS, T.MINUS, T.OR})

    def term(self) -> ast.Expr:
        return self.chain(self.unary, {T.STAR, T.SLASH, T.AND, T.MOD})

    def chain(self, operand, operators) -> ast.Expr:
        """``operand (op operand)*``, left to right; AND and OR become ``Logical``.

        A chain such as ``1 + 1 + ... + 1`` is flat however long it is: the
        tree leans left, and every phase walks such a left spine with a loop,
        so only real nesting (parentheses, unary operators, arguments,
        positions) counts towards MAX_NESTING."""
        expr = operand()
        while self.check_any(operators):
            op = self.advance()
            right = operand()
            kind = ast.Logical if op.type in (T.AND, T.OR) else ast.Binary
            expr = kind(expr, op, right, op.line)
        return expr

    def unary(self) -> ast.Expr:
        if self.check_any({T.NOT, T.PLUS, T.MINUS}):
            op = self.advance()
            return ast.Unary(op, self.nested(self.unary), op.line)
        return self.primary()

    def primary(self) -> ast.Expr:
        token = self.peek()
        if self.match(T.NUMBER, T.STRING):
            return ast.Literal(token.literal, token.line)
        if self.match(T.LEFT_PAREN):
            expr = self.expression()
            self.consume(T.RIGHT_PAREN, "Expect ')' after the expression")
            return expr
        if self.match(T.BANG):
            return ast.Length(None, token.line)
        if self.match(T.LEFT_BRACKET):
            return self.card_index(None, token.line)
        if self.match(T.IDENTIFIER):
            name = ast.Name(token, token.line)
            if self.match(T.BANG):
                return ast.Length(name, token.line)
            if self.match(T.LEFT_BRACKET):
                return self.card_index(name, token.line)
            if self.match(T.LEFT_PAREN):
                return ast.Call(token, self.arguments(), token.line)
            return name
        raise self.error(token, "Expect an expression")

    def card_index(self, stack, line) -> ast.CardAt:
        index = self.expression()
        if self.check(T.DOT_DOT):
            raise self.error(self.peek(), "A range of cards has no single value: use one position, S[i]")
        self.consume(T.RIGHT_BRACKET, "Expect ']' after the card's position")
        return ast.CardAt(stack, index, line)

    def arguments(self) -> list[ast.Expr]:
        args = []
        if not self.check(T.RIGHT_PAREN):
            args.append(self.expression())
            while self.match(T.COMMA):
                args.append(self.expression())
        self.consume(T.RIGHT_PAREN, "Expect ')' after the arguments")
        return args

    # -- helpers -----------------------------------------------------------------
    def match(self, *types: T) -> bool:
        for type_ in types:
            if self.check(type_):
                self.advance()
                return True
        return False

    def consume(self, type_: T, message: str) -> Token:
        if self.check(type_):
            return self.advance()
        if type_ is T.SEMICOLON and self.current > 0:
            # a missing ';' belongs to the end of the line before, not to the next statement
            raise self.error(self.peek(), message, line=self.previous().line)
        raise self.error(self.peek(), message)

    def check(self, type_: T) -> bool:
        return self.peek().type is type_

    def check_any(self, types) -> bool:
        return self.peek().type in types

    def check_next(self, *types: T) -> bool:
        return self.check_at(1, *types)

    def check_at(self, offset: int, *types: T) -> bool:
        index = min(self.current + offset, len(self.tokens) - 1)
        return self.tokens[index].type in types

    def advance(self) -> Token:
        if not self.at_end():
            self.current += 1
        return self.previous()

    def at_end(self) -> bool:
        return self.peek().type is T.EOF

    def peek(self) -> Token:
        return self.tokens[self.current]

    def previous(self) -> Token:
        return self.tokens[self.current - 1]

    def error(self, token: Token, message: str, line: int | None = None) -> ParseError:
        self.errors.add(CdlSyntaxError(token.line if line is None else line, f"{message}, found {token}."))
        return ParseError()

    def synchronize(self) -> None:
        """Skip to a statement or declaration boundary after an error."""
        start = self.current
        while not self.at_end():
            if self.current > start and self.previous().type is T.SEMICOLON:
                return
            if self.check_any(STATEMENT_START | DECLARATION_START | {T.END}):
                return
            self.advance()


    def skip_to_declaration(self) -> None:
        """After an error outside any body: skip to the next declaration."""
        if self.check(T.SEMICOLON):
            self.advance()
        while not self.check_any(DECLARATION_START):
            self.advance()


def parse(tokens: list[Token]) -> tuple[ast.Program, ErrorList]:
    parser = Parser(tokens)
    program = parser.parse()
    return program, parser.errors
