"""Errors of the CardsWorkShop language, each with the line it is about.

The phases collect these; the driver (``compile``) turns a list of them into
the project's ``RuleFileError`` (``path:line: message``).  Errors raised while
a program runs are ``CdlRuntimeError``: the ruleset undoes the transaction and
reports them as a ``RuleFileError`` for the same file and line.
"""
from __future__ import annotations


class ErrorList(list):
    """The errors a phase found: the first KEEP of them, and how many in all
    (a file of two million mistakes is reported by its first ones and a count)."""

    KEEP = 1000

    def __init__(self):
        super().__init__()
        self.count = 0

    def add(self, error: CdlError) -> None:
        self.count += 1
        if len(self) < self.KEEP:
            self.append(error)


class CdlError(Exception):
    """One problem in a program: a line and a message a person understands."""

    phase = "error"

    def __init__(self, line: int, message: str):
        self.line = line
        self.message = message
        super().__init__(f"[line {line}] {message}")


class CdlSyntaxError(CdlError):
    """The scanner or the parser could not read the text."""

    phase = "syntax error"


class CdlCheckError(CdlError):
    """The checker found a misuse of a name before anything ran."""

    phase = "error"


class CdlRuntimeError(CdlError):
    """The program did something impossible while running (or ran too long)."""

    phase = "runtime error"

    def __init__(self, line: int, message: str, token=None):
        self.token = token
        super().__init__(line, message)


class CdlRunawayError(CdlRuntimeError):
    """A run stopped by a safety limit: too many steps, too long, or calls nested too deep."""
