"""CardsWorkShop (``.cdl``) games: scanner, parser, checker, interpreter, ruleset.

CardsWorkShop V1.0 (David Jean, 1992-93) described patience games in a small
Pascal-like language with one kind of object, the stack.  Its help file is the
only specification; this package implements it in phases, one module each::

    scanner.py      text -> tokens
    parser.py       tokens -> syntax tree (ast.py), one method per grammar rule
    checker.py      static pass: names, arity, RETURN, constants, layout
    interpreter.py  runs the checked tree on a State (cards, drawings, globals)
    ruleset.py      CdlRuleset: the engine's Ruleset, transactions, undo

``loads(text, filename)`` and ``load(path)`` give a ``CdlRuleset``; every
error is a ``RuleFileError`` (``path:line: message``).  A file with several
errors reports all of them in one ``RuleFileError`` whose line is the first.
Compiling stops after the scanner and parser if they found errors, and again
after the checker.

Choices made where the help file is unclear (its examples all work):

* Statements inside ``BEGIN ... END`` are separated by ``;``; a ``;`` before
  ``END`` is allowed, one before ``ELSE`` is an error (as in Pascal).
* Constants accept ``:=`` (the grammar) or ``=`` (the list of predefined
  constants), and any constant expression of numbers and constants, because the
  stack example writes ``Direction := down``.  The ORDER list may separate names
  with spaces or commas and may end with ``;`` before the final ``.``.
* ``UP``, ``DOWN``, ``SHADED`` and the other predefined names are constants,
  not reserved words: ``TURN ... SIDE`` takes any expression worth 0 (up),
  1 (down) or 2 (shaded), which matches the card encoding (card + 52 * side).
  TRUE, FALSE, SELF and CURSOR are predefined names too.  Predefined names
  cannot be declared again.
* The help file's card table says Clubs are "16..38": a typo for 26..38.
* ``{are c1 & c2 of different color}***``: the ``***`` is the help file's
  formatting, not part of the language.
* ``!`` is only ever the length operator (there is no ``!=``; ``<>`` is
  not-equal), so ``A1!=13`` is ``(A1!) = 13``.
* Operator priorities are the help file's four levels (unary; AND MOD * /;
  OR + -; comparisons), so ``(A1!=13) and (A2!=13)`` needs its parentheses,
  as the examples have them.  ``/`` and MOD truncate towards zero.
* Every name must be declared before it is used, in text order (the help file
  says so for stacks, procedures, functions and predicates); a procedure may
  call itself.  A name used too early gets an error that names the line of its
  later definition and suggests a forward declaration.
* ``procedure P;`` (a forward declaration without parentheses) leaves the
  parameters to the definition, and calls made before it are checked against
  them there.  As in Pascal, a definition that follows a forward declaration
  may leave out the parameters and the function type the declaration gave
  (``procedure P is ...``); if it gives them, they must be the same.
* ``S[a..b]`` is an interval only where a statement takes one (MOVE, TURN,
  INVERSE, REMOVE, FLASH); in an expression a range has no single value and is
  a syntax error, and ``S[i]`` is one card.
* ``WITH it DO ... FOR A1, A2`` declares ``it`` itself when no STACK variable
  of that name is visible (the help file's integrity? example does not declare
  it).  ``it`` stands for each stack in turn; the contextual object does not
  change.
* ``BREAK`` leaves the innermost WITH; anywhere else it leaves the method,
  procedure, function or predicate, and inside a WHILE it always does
  ("acts like a BREAK PROCEDURE").  A function or predicate that ends without
  RETURN is a runtime error.
* Stack cells count from 0: a stack covers columns X .. X+W-1 and rows
  Y .. Y+H-1 of the ``GAME w BY h`` matrix.  X and Y are required; W and H
  default to 1 and Direction to OVER.  Stacks must lie inside the playfield
  and must not overlap (the restriction the help file states), and every stack
  must appear exactly once in ORDER.
* Positions: 0 is the empty-pile drawing, 1 the bottom card, ``!`` the top.
  ``[0] := CrossCard`` sets the drawing; ``TURN [0] SIDE SHADED`` turns it.
  MOVE, REMOVE and INVERSE work on positions 1..!; ``MOVE ... TO D[p]``
  inserts so the first moved card lands at position p (1..!+1; 0 counts as 1),
  as in the help file's A1/A2 example.  An interval whose start is past its end
  is empty.  Only cards 0..155 can lie on a stack; 156 and 157 are drawings.
* ``PULL n`` with no FROM/TO uses the contextual stack for the missing one;
  pulling more cards than the source has is an error.  ``ADD a .. b`` adds
  the cards a, a+1, ..., b on top of the stack.
* Methods: Start and Help take no parameter (Help may take the position);
  every Select method takes the position.  A press calls the first of
  SelectLeftFrom, SelectLeft, SelectFrom, Select the stack has (Right for the
  ADJUST button); a release calls SelectLeftTo, SelectLeft, SelectTo, Select.
  ``Select FROM W1`` copies Select and every Select method below it; the
  copy of a method W1 lacks removes it.  A release is only sent when cards
  are on the CURSOR.  A transaction that changes nothing is refused.
* Start methods run in ORDER order at the deal, then integrity? once (so it
  can turn up the first cards); the deal is the first state undo returns to.
* A button made with WAIT runs its procedure as a transaction of its own
  (``CdlRuleset.press_button``), checked by integrity? like any other, with
  the contextual stack of the method that ran the WAIT.  A box opened (CLEAR,
  WAIT) by a transaction that is refused (one that changes nothing, say) still
  shows.  Help (the Rules mode) runs on a copy of the state: what it changes
  is thrown away.
* WRITE shows CARD values (stack cards, CARD variables and functions) by name,
  INTEGERs as numbers, booleans as TRUE/FALSE.  Text written during a
  transaction that is refused becomes the refusal message.
* ``integrity?``, ``win?`` and ``loose?`` run after each transaction, in that
  order, inside it: a runtime error in any of them undoes the transaction.
  ``win?``/``loose?`` see the state but their changes are thrown away.
* Only cards 0..155 can lie on a stack; the engine's ``Card`` has no shaded
  side, so shaded positions, position-0 drawings and the global variables are
  kept in ``game.vars`` (see ruleset.py), which the engine's undo covers.
* Legal moves (for hints and the solver) are every transaction the program
  would accept, one per resulting state, leaving out those that change only
  variables.  Piles get the engine role "other" for Direction OVER and
  "tableau" otherwise: CardsWorkShop has no roles.
* Runtime limits (``interpreter.Limits``): 200,000 steps (statements, calls,
  loop turns) and 1 second per run, and calls nested 100 deep.  A run stopped
  by one is a ``CdlRunawayError``, and its ``RuleFileError`` has ``runaway``
  set; listing legal moves tries a runaway press or release only once per
  stack (and destination).
* Statements, parentheses, arguments, positions and operators may nest 100
  deep (``parser.MAX_NESTING``; each operator in a chain such as ``1 + 1 + 1``
  counts as one level); deeper is a syntax error, so no phase can run out of
  Python's stack.  The help file sets no limit; real games nest a few levels.
* ``win?`` and ``loose?`` also run on the deal: one that fails there is an error
  of the file.  A position given from outside (``Game.from_position``) must have
  ``cdl:`` variables this program could write, and win?/loose? must run on it.
* Playfield: the matrix fills the work area and the card is the biggest 2:3
  frame that fits the least stack width by the least stack height, less a gap
  between neighbouring stacks (``CdlRuleset.fit_layout``; by default a twelfth
  of that rectangle, at least 4 pixels).  ``layout()`` sizes the work area in
  whole cells so that the cards are as high as the desktop's usual ones (96
  pixels, with its usual gap).  Cards fan by a quarter
  of a card in their Direction, from the stack's top left (bottom for UP,
  right for LEFT).
"""
from __future__ import annotations

import sys

from ...engine.errors import RuleFileError
from . import ast
from .checker import check
from .compiler import compile_program
from .errors import CdlError, CdlRuntimeError
from .model import CompiledProgram
from .parser import MAX_NESTING, parse
from .ruleset import CdlRuleset, spaced
from .scanner import scan
from .tokens import T
from ..text import read_text

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
        return RuleFileError(filename, errors[0].line, errors[0].message)
    shown = errors[:MAX_REPORTED]
    lines = [shown[0].message] + [f"{filename}:{error.line}: {error.message}" for error in shown[1:]]
    if count > len(shown):
        lines.append(f"{filename}: ... and {count - len(shown):,} more errors")
    error = RuleFileError(filename, errors[0].line, "\n".join(lines))
    error.errors = shown
    error.error_count = count
    return error


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
    errors = list(scan_errors) + list(parse_errors)
    count = scan_errors.count + parse_errors.count
    if not count and (tree.header is None or tree.order is None):
        errors, count = [CdlError(tokens[-1].line, "The program is incomplete")], 1
    if count:
        raise errors_to_rule_file_error(filename, errors, count)
    program, check_errors = check(tree, filename)
    if check_errors.count:
        raise errors_to_rule_file_error(filename, list(check_errors), check_errors.count)
    program.code = compile_program(program)
    return program


def loads(text: str, filename: str = "<cdl>") -> CdlRuleset:
    """A ruleset for the game in ``text``; raise RuleFileError on any error."""
    return CdlRuleset(compile(text, filename))


def load(path) -> CdlRuleset:
    """A ruleset for the ``.cdl`` file at ``path``; raise RuleFileError on any error
    (a file that cannot be read, or is not text, is an error of its line 1)."""
    try:
        text = read_text(path)
    except RuleFileError as error:
        raise RuleFileError(error.path, error.line or 1, error.message) from None
    return loads(text, str(path))
