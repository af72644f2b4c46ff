"""CardsWorkShop (``.cdl``) games: scanner, parser, checker, compiler, runtime, ruleset.

CardsWorkShop V1.0 (David Jean, 1992-93) described patience games in a small
Pascal-like language with one kind of object, the stack.  Its help file is the
only specification; this package implements it in phases, one module each::

    scanner.py       text -> tokens
    parser.py        tokens -> syntax tree (ast.py), one method per grammar rule
    checker.py       static pass: names, arity, types, RETURN, constants
    layoutcheck.py   the stacks on the playfield, by arithmetic
    compiler.py      the checked tree -> closures (expressions.py: expressions)
    interpreter.py   the runtime: states, output, limits, one run
    transactions.py  press, release, integrity?, win?/loose?; the run cache
    ruleset.py       CdlRuleset: the engine's Ruleset (playfield.py: its layout)

``loads(text, filename)`` and ``load(path)`` give a ``CdlRuleset``; every
error is a ``RuleFileError`` (``path:line: message``).  A file with several
errors reports the first 20 in one ``RuleFileError`` whose line is the first,
and how many more there are.  Compiling stops after the scanner and parser if
they found errors, and again after the checker.

The choices made where the help file is unclear or silent, and the limits a
program runs under, are written down in ``docs/cardsworkshop.md``.
"""
from __future__ import annotations

import sys

from ...engine.errors import RuleFileError
from ..text import read_text
from . import ast
from .checker import check
from .compiler import compile_program
from .errors import CdlError, CdlFileError, CdlRuntimeError
from .model import CompiledProgram
from .parser import MAX_NESTING, parse
from .ruleset import CdlRuleset, spaced
from .scanner import scan
from .tokens import T

__all__ = ["compile", "game_name", "load", "loads", "CdlError", "CdlRuleset", "CdlRuntimeError", "RuleFileError", "ast"]


def game_name(path) -> str | None:
    """The name a game's ruleset will have, read from its ``GAME name IS`` header alone
    (without compiling the program); None if the header can't be found."""
    tokens, _ = scan(read_text(path))
    for first, second in zip(tokens, tokens[1:]):
        if first.type is T.GAME:
            return spaced(second.lexeme) if second.type is T.IDENTIFIER else None
    return None


#: how many errors a report lists (the rest are counted)
MAX_REPORTED = 20


def errors_to_rule_file_error(filename: str, errors: list[CdlError], count: int | None = None) -> RuleFileError:
    """One error for a list of them: the first MAX_REPORTED by line, then how many
    more there are (``count`` is how many were found, when more than ``errors``)."""
    count = max(count or 0, len(errors))
    errors = sorted(errors, key=lambda error: error.line)
    if count == 1:
        return CdlFileError(filename, errors[0].line, errors[0].message, errors=errors[:1])
    shown = errors[:MAX_REPORTED]
    lines = [shown[0].message] + [f"{filename}:{error.line}: {error.message}" for error in shown[1:]]
    if count > len(shown):
        lines.append(f"{filename}: ... and {count - len(shown):,} more errors")
    return CdlFileError(filename, errors[0].line, "\n".join(lines), errors=shown, error_count=count)


def compile(source: str, filename: str = "<cdl>") -> CompiledProgram:
    """Scan, parse and check a program; raise RuleFileError listing every error."""
    # the parser and the checker recurse once or a few times per nesting level,
    # which the parser keeps under MAX_NESTING: make room for that much
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20 * MAX_NESTING + 2000))
    try:
        return _compile(source, filename)
    except RecursionError:
        raise RuleFileError(filename, 1, "The program nests too deeply to be read") from None
    except MemoryError:
        raise RuleFileError(filename, 1, "The program is too big to be read") from None
    finally:
        sys.setrecursionlimit(old_limit)


def _compile(source: str, filename: str) -> CompiledProgram:
    tokens, scan_errors = scan(source)
    tree, parse_errors = parse(tokens)
    errors: list[CdlError] = list(scan_errors) + list(parse_errors)
    count = scan_errors.total + parse_errors.total
    if not count and (tree.header is None or tree.order is None):
        errors, count = [CdlError(tokens[-1].line, "The program is incomplete")], 1
    if count:
        raise errors_to_rule_file_error(filename, errors, count)
    program, check_errors = check(tree, filename)
    if check_errors.total:
        raise errors_to_rule_file_error(filename, list(check_errors), check_errors.total)
    program.code = compile_program(program)
    return program


def loads(text: str, filename: str = "<cdl>") -> CdlRuleset:
    """A ruleset for the game in ``text``; raise RuleFileError on any error."""
    return CdlRuleset(compile(text, filename))


def load(path) -> CdlRuleset:
    """A ruleset for the ``.cdl`` file at ``path``; raise RuleFileError on any error (a
    file that cannot be read, or is not text, without a line, as every format's)."""
    return loads(read_text(path), str(path))
