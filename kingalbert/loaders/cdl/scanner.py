"""The scanner: source text to a list of tokens, every error collected.

Keywords and identifiers are case-insensitive (a token keeps the text as
written; ``Token.key`` is the folded form).  An identifier may end in one
``?`` (``win?``).  ``{ ... }`` and ``// ...`` are comments.  ``!`` is always
the length operator, so ``A1!=13`` scans as ``A1`` ``!`` ``=`` ``13``.
"""
from __future__ import annotations

from .errors import CdlSyntaxError, ErrorList
from .tokens import KEYWORDS, T, Token

INT_MAX = 32767
DIGITS = "0123456789"  # str.isdigit would take "²" too
ESCAPES = {"t": "\t", "n": "\n", "'": "'", "\\": "\\"}

SINGLE = {
    "(": T.LEFT_PAREN, ")": T.RIGHT_PAREN, "[": T.LEFT_BRACKET, "]": T.RIGHT_BRACKET,
    ",": T.COMMA, ";": T.SEMICOLON, "!": T.BANG, "+": T.PLUS, "-": T.MINUS,
    "*": T.STAR, "=": T.EQUAL,
}


class Scanner:
    def __init__(self, source: str):
        self.source = source
        self.tokens: list[Token] = []
        self.errors = ErrorList()
        self.start = 0
        self.current = 0
        self.line = 1

    def scan_tokens(self) -> list[Token]:
        while not self.at_end():
            self.start = self.current
            self.scan_token()
        # the end of the file is on its last line, not on the one after a final newline
        self.tokens.append(Token(T.EOF, "", None, min(self.line, max(1, len(self.source.splitlines())))))
        return self.tokens

    # -- one token -----------------------------------------------------------
    def scan_token(self) -> None:
        c = self.advance()
        if c in SINGLE:
            self.add(SINGLE[c])
        elif c == ":":
            self.add(T.ASSIGN if self.match("=") else T.COLON)
        elif c == ".":
            self.add(T.DOT_DOT if self.match(".") else T.DOT)
        elif c == "<":
            if self.match("="):
                self.add(T.LESS_EQUAL)
            elif self.match(">"):
                self.add(T.NOT_EQUAL)
            else:
                self.add(T.LESS)
        elif c == ">":
            self.add(T.GREATER_EQUAL if self.match("=") else T.GREATER)
        elif c == "/":
            if self.match("/"):
                while self.peek() != "\n" and not self.at_end():
                    self.advance()
            else:
                self.add(T.SLASH)
        elif c == "{":
            self.block_comment()
        elif c == "'":
            self.string()
        elif c == "\n":
            self.line += 1
        elif c in " \t\r\f\v":
            pass
        elif c in DIGITS:
            self.number()
        elif c.isalpha() or c == "_":
            self.identifier()
        else:
            self.error(f"Unexpected character {c!r}.")

    def block_comment(self) -> None:
        first_line = self.line
        while self.peek() != "}":
            if self.at_end():
                self.error("Unterminated comment: '{' has no matching '}'.", first_line)
                return
            if self.advance() == "\n":
                self.line += 1
        self.advance()

    def string(self) -> None:
        chars: list[str] = []
        while True:
            if self.at_end() or self.peek() == "\n":
                self.error("Unterminated string: a string must close with ' on the same line.")
                return
            c = self.advance()
            if c == "'":
                break
            if c == "\\":
                if self.at_end() or self.peek() == "\n":
                    continue  # reported as unterminated on the next round
                escape = self.advance()
                if escape not in ESCAPES:
                    self.error(f"Unknown escape '\\{escape}' in string (use \\t, \\n, \\' or \\\\).")
                    continue
                chars.append(ESCAPES[escape])
            else:
                chars.append(c)
        self.add(T.STRING, "".join(chars))

    def number(self) -> None:
        while self.peek() in DIGITS and not self.at_end():
            self.advance()
        text = self.source[self.start:self.current]
        # (past a few digits the value is too big whatever they are: Python refuses to
        # convert thousands of them, and the message quotes the number cut short)
        value = int(text) if len(text.lstrip("0")) <= 6 else INT_MAX + 2
        if value > INT_MAX + 1:  # 32768 is allowed so that -32768 can be written
            shown = text if len(text) <= 20 else f"{text[:20]}… ({len(text)} digits)"
            self.error(f"Number {shown} is too big: integers go from -32768 to 32767.")
            value = INT_MAX
        self.add(T.NUMBER, value)

    def identifier(self) -> None:
        while self.peek().isalnum() or self.peek() == "_":
            self.advance()
        if self.peek() == "?":
            self.advance()
        text = self.source[self.start:self.current]
        self.add(KEYWORDS.get(text.lower(), T.IDENTIFIER))

    # -- helpers -------------------------------------------------------------
    def at_end(self) -> bool:
        return self.current >= len(self.source)

    def advance(self) -> str:
        c = self.source[self.current]
        self.current += 1
        return c

    def match(self, expected: str) -> bool:
        if self.at_end() or self.source[self.current] != expected:
            return False
        self.current += 1
        return True

    def peek(self) -> str:
        return "" if self.at_end() else self.source[self.current]

    def add(self, type_: T, literal: object = None) -> None:
        self.tokens.append(Token(type_, self.source[self.start:self.current], literal, self.line))

    def error(self, message: str, line: int | None = None) -> None:
        self.errors.add(CdlSyntaxError(self.line if line is None else line, message))


def scan(source: str) -> tuple[list[Token], ErrorList]:
    scanner = Scanner(source)
    tokens = scanner.scan_tokens()
    return tokens, scanner.errors
