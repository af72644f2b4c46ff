"""Tokens of the CardsWorkShop language: their types and the ``Token`` value."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


class T(Enum):
    # punctuation
    LEFT_PAREN = auto()
    RIGHT_PAREN = auto()
    LEFT_BRACKET = auto()
    RIGHT_BRACKET = auto()
    COMMA = auto()
    SEMICOLON = auto()
    COLON = auto()
    ASSIGN = auto()        # :=
    DOT = auto()           # the program's final '.'
    DOT_DOT = auto()       # ..
    BANG = auto()          # ! (length of a stack)
    PLUS = auto()
    MINUS = auto()
    STAR = auto()
    SLASH = auto()
    EQUAL = auto()
    NOT_EQUAL = auto()     # <>
    LESS = auto()
    LESS_EQUAL = auto()
    GREATER = auto()
    GREATER_EQUAL = auto()
    # literals
    IDENTIFIER = auto()
    NUMBER = auto()
    STRING = auto()
    # keywords
    ADD = auto()
    AND = auto()
    AT = auto()
    BEGIN = auto()
    BREAK = auto()
    BY = auto()
    CLEAR = auto()
    CONST = auto()
    DO = auto()
    DRAW = auto()
    ELSE = auto()
    END = auto()
    FLASH = auto()
    FOR = auto()
    FROM = auto()
    FUNCTION = auto()
    GAME = auto()
    IF = auto()
    INVERSE = auto()
    IS = auto()
    MOD = auto()
    MOVE = auto()
    NOT = auto()
    OR = auto()
    ORDER = auto()
    PREDICATE = auto()
    PROCEDURE = auto()
    PULL = auto()
    REMOVE = auto()
    RETURN = auto()
    SHUFFLE = auto()
    SIDE = auto()
    STACK = auto()
    THEN = auto()
    TO = auto()
    TURN = auto()
    VAR = auto()
    WAIT = auto()
    WHILE = auto()
    WITH = auto()
    WRITE = auto()

    EOF = auto()


#: reserved words, matched case-insensitively
KEYWORDS = {
    name.lower(): member
    for name, member in T.__members__.items()
    if member.value >= T.ADD.value and member is not T.EOF
}


@dataclass(frozen=True)
class Token:
    type: T
    lexeme: str
    literal: object
    line: int

    @property
    def key(self) -> str:
        """The identifier as the language compares it: case folded."""
        return self.lexeme.lower()

    def __str__(self) -> str:
        return "end of file" if self.type is T.EOF else repr(self.lexeme)
