"""The syntax tree: one small class per construct of the language.

Every node keeps the line of its first token so that the checker and the
interpreter can say where a problem is.  The checker fills in ``Name.ref``
(what an identifier means) on the nodes it resolves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tokens import Token


class Node:
    line: int


# -- expressions ---------------------------------------------------------------
class Expr(Node):
    pass


@dataclass(eq=False)
class Literal(Expr):
    value: object
    line: int


@dataclass(eq=False)
class Name(Expr):
    token: Token
    line: int
    ref: Any = None             # filled in by the checker: (kind, payload, ...)


@dataclass(eq=False)
class Unary(Expr):
    op: Token
    operand: Expr
    line: int


@dataclass(eq=False)
class Binary(Expr):
    left: Expr
    op: Token
    right: Expr
    line: int


@dataclass(eq=False)
class Logical(Expr):
    """AND / OR: evaluated left to right, stopping as soon as the value is known."""
    left: Expr
    op: Token
    right: Expr
    line: int


@dataclass(eq=False)
class Length(Expr):
    """``S!`` or ``!`` (the contextual stack): the number of cards."""
    stack: Name | None
    line: int


@dataclass(eq=False)
class CardAt(Expr):
    """``S[i]`` or ``[i]``: the card at position i (0 is the empty-pile drawing)."""
    stack: Name | None
    index: Expr
    line: int


@dataclass(eq=False)
class Call(Expr):
    """A call of a procedure (as a statement) or a function/predicate (in an expression)."""
    name: Token
    args: list[Expr]
    line: int


# -- stack places --------------------------------------------------------------
@dataclass(eq=False)
class Interval(Node):
    """``[S] [a..b]`` or ``[S] [a]``: positions a to b of a stack."""
    stack: Name | None
    low: Expr
    high: Expr | None
    line: int


@dataclass(eq=False)
class Position(Node):
    """``[S] [p]``: one position of a stack."""
    stack: Name | None
    index: Expr
    line: int


# -- statements ----------------------------------------------------------------
class Stmt(Node):
    pass


@dataclass(eq=False)
class Add(Stmt):
    low: Expr
    high: Expr | None
    dest: Name | None
    line: int


@dataclass(eq=False)
class Assign(Stmt):
    target: Name | Position
    value: Expr
    line: int


@dataclass(eq=False)
class Break(Stmt):
    procedure: bool
    line: int


@dataclass(eq=False)
class Clear(Stmt):
    title: Expr | None
    box: tuple | None         # (x, y, w, h) expressions
    line: int


@dataclass(eq=False)
class Draw(Stmt):
    stack: Name | None
    line: int


@dataclass(eq=False)
class Flash(Stmt):
    interval: Interval
    line: int


@dataclass(eq=False)
class If(Stmt):
    condition: Expr
    then_branch: Stmt
    else_branch: Stmt | None
    line: int


@dataclass(eq=False)
class Inverse(Stmt):
    interval: Interval
    line: int


@dataclass(eq=False)
class Move(Stmt):
    interval: Interval
    dest: Position
    line: int


@dataclass(eq=False)
class Pull(Stmt):
    count: Expr
    source: Name | None
    dest: Name | None
    line: int


@dataclass(eq=False)
class Remove(Stmt):
    interval: Interval
    line: int


@dataclass(eq=False)
class Return(Stmt):
    value: Expr
    line: int


@dataclass(eq=False)
class Shuffle(Stmt):
    stack: Name | None
    line: int


@dataclass(eq=False)
class Turn(Stmt):
    """``TURN S[a..b] SIDE s``; ``side is None`` (``SIDE`` alone) turns each card over."""
    interval: Interval
    side: Expr | None
    line: int


@dataclass(eq=False)
class Wait(Stmt):
    title: Expr
    procedure: Token
    line: int


@dataclass(eq=False)
class While(Stmt):
    condition: Expr
    body: Stmt
    line: int


@dataclass(eq=False)
class With(Stmt):
    var: Token
    body: Stmt
    stacks: list[Name]
    line: int
    implicit: bool = False       # set by the checker: the loop variable was not declared
    ref: tuple | None = None     # set by the checker: what the loop variable is


@dataclass(eq=False)
class Write(Stmt):
    args: list[Expr]
    line: int
    kinds: list = field(default_factory=list)   # set by the checker: each argument's type


@dataclass(eq=False)
class Block(Stmt):
    statements: list[Stmt]
    line: int


@dataclass(eq=False)
class CallStmt(Stmt):
    call: Call
    line: int


# -- declarations ----------------------------------------------------------------
@dataclass(eq=False)
class Header(Node):
    name: Token
    width: int
    height: int
    line: int


@dataclass(eq=False)
class ConstDecl(Node):
    items: list[tuple[Token, Expr]]
    line: int


@dataclass(eq=False)
class VarGroup(Node):
    names: list[Token]
    type: Token
    line: int


@dataclass(eq=False)
class VarDecl(Node):
    groups: list[VarGroup]
    line: int


@dataclass(eq=False)
class StackField(Node):
    """``X := 2;`` inside a stack definition."""
    name: Token
    value: Expr
    line: int


@dataclass(eq=False)
class StackMethod(Node):
    """``Select(Spos : Index) is ...;`` or ``Select from W1;``."""
    name: Token
    params: list[VarGroup]
    source: Token | None
    body: Stmt | None
    line: int


@dataclass(eq=False)
class StackDecl(Node):
    """One part of a stack definition, or a forward declaration (``members is None``)."""
    name: Token
    parent: Token | None
    members: list | None
    line: int


@dataclass(eq=False)
class Routine(Node):
    """A procedure, function or predicate; ``body is None`` for a forward declaration."""
    kind: str                    # "procedure" | "function" | "predicate"
    name: Token
    params: list[VarGroup] | None   # None: no parentheses (the forward declaration's, or none)
    return_type: Token | None
    locals: list[VarGroup]
    body: Stmt | None
    line: int


@dataclass(eq=False)
class Order(Node):
    names: list[Token]
    line: int


@dataclass(eq=False)
class Program(Node):
    header: Header | None
    declarations: list[Node] = field(default_factory=list)
    order: Order | None = None
    line: int = 1
