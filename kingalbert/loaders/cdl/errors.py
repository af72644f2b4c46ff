"""Errors of the CardsWorkShop language, each with the line it is about.

The phases collect these; the driver (``compile``) turns a list of them into
the project's ``RuleFileError`` (``path:line: message``).  Errors raised while
a program runs are ``CdlRuntimeError``: the ruleset undoes the transaction and
reports them as a ``RuleFileError`` for the same file and line.
"""
from __future__ import annotations

from ...engine.errors import RuleFileError
from ...engine.solver.budget import SearchInterrupted


class CdlFileError(RuleFileError):
    """A program that can't be loaded or run, as the project reports it (``path:line:
    message``), with what the phases found: ``errors`` (the first ones), ``error_count``
    (how many in all), ``runaway`` (a run stopped by a safety limit, not a mistake)."""

    def __init__(self, path, line, message, *, errors: list | None = None, error_count: int = 1,
                 runaway: bool = False):
        super().__init__(path, line, message)
        self.errors = errors or []
        self.error_count = error_count
        self.runaway = runaway


class ErrorList(list["CdlError"]):
    """The errors a phase found: the first KEEP of them, and how many in all
    (a file of two million mistakes is reported by its first ones and a count)."""

    KEEP = 1000

    def __init__(self) -> None:
        super().__init__()
        self.total = 0

    def add(self, error: CdlError) -> None:
        self.total += 1
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
        #: what the run had read when it failed (set by the interpreter, for the run cache)
        self.reads: object = None
        #: stopped by the clock rather than the step budget
        self.clock = False
        super().__init__(line, message)


class CdlRunawayError(CdlRuntimeError):
    """A run stopped by a safety limit: too many steps, too long, or calls nested too deep."""


def stopped(error: CdlRuntimeError) -> None:
    """A run stopped by the wall clock says nothing of the position (another time it
    might have finished): the search gives up rather than take it for a refusal."""
    if getattr(error, "clock", False):
        raise SearchInterrupted(error.message)
