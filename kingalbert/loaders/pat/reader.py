"""The ``.pat`` patience definition format: parse a file into a ``PatRuleset``.

The format (shared/specs/pat-format.txt)::

    NAME                                   the title
    n m                                    decks (1-8), piles (1-150, stock included)
    n x y v w  cba e  f  g  h  i           the stock: pile 1
    n x y v w dcba e ccba edcba baa dcba   every other pile, one line each

Each pile line holds 11 whole numbers; when number (11) is 1000 or more
(a second rule set), 4 more follow: numbers (8)-(11) of the second set.
Several numbers pack digits with separate meanings (``dcba``: a is the
units digit).  Piles are named ``p1`` (the stock) ... ``pN`` in file order.

This reader also accepts, as the specification's own examples write them:
blank lines anywhere; text after the numbers of a line (``(stock)``,
``<repeat 6 times``) and lines of text between the pile lines, as
comments; commas as separators; an en dash or minus sign for "-".  A file
whose first line is already the ``n m`` line gets its file name as title.
Anything else -- a number missing or too many, a digit outside its
meanings, a deal the decks can't supply, a game that can't be won -- is a
``RuleFileError(path, line, message)``.

Every number's meaning is translated here into the data classes of
``model``, which ``ruleset.PatRuleset`` plays.
"""
from __future__ import annotations

import re
from pathlib import Path

from ...engine.errors import RuleFileError, shorten
from ..text import read_text
from .model import CardPattern, PatRulesError, PileSpec, PutRule, RuleSet, Sequence, StockSpec, TakeRule
from .ruleset import PatRuleset

MAX_PILES = 150
_SIGNS = "+-\u2013\u2212"
_NUMBER = re.compile(r"[+\-\u2013\u2212]?[0-9]+")
_SEPARATORS = re.compile(r"[\s,;]+")


class _Line:
    __slots__ = ("number", "values")

    def __init__(self, number, values):
        self.number = number
        self.values = values


def load(path) -> PatRuleset:
    """Load a ``.pat`` file; raises RuleFileError on any problem."""
    text = read_text(path)
    return loads(text, str(path))


def loads(text: str, filename: str = "<text>") -> PatRuleset:
    """Read a ``.pat`` game from its text; ``filename`` names it in errors."""
    try:
        return parse(text, filename)
    except RuleFileError:
        raise
    except (RecursionError, MemoryError):
        raise RuleFileError(filename, None, "is too big to read") from None
    except Exception as error:  # a reader bug must not cost the user a traceback
        raise RuleFileError(filename, None, f"could not be read ({type(error).__name__}: {error})") from None


def looks_like_pat(text: str) -> bool:
    """Does ``text`` look like a .pat file (for telling formats apart by content)?

    A name line (optional), then a line of exactly two numbers (decks 1-8,
    piles 1-150), then a line starting with at least 11 numbers.
    """
    found = []
    for raw in re.split(r"\r\n|\r|\n", text)[:24]:
        if not raw.strip():
            continue
        try:
            values, comment = _numbers(raw, "", 0)
        except RuleFileError:
            return False
        found.append((values, comment))
        if len(found) == 3:
            break
    for start in (0, 1):
        rows = found[start:start + 2]
        if len(rows) == 2 and len(rows[0][0]) == 2 and len(rows[1][0]) >= 11:
            decks, piles = rows[0][0]
            if 1 <= decks <= 8 and 1 <= piles <= MAX_PILES:
                return True
    return False


def _numbers(text: str, filename: str, line_number: int) -> tuple[list[int], bool]:
    """The whole numbers a line starts with, and whether text (a comment) follows."""
    values = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if _NUMBER.fullmatch(token):
            sign = -1 if token[0] in _SIGNS[1:] else 1
            digits = token.lstrip(_SIGNS)
            if len(digits) > 9:
                raise RuleFileError(filename, line_number, f"{shorten(token, 24)} is far too big a number here")
            values.append(sign * int(digits))
            continue
        starts_number = token[0] in "0123456789" or (token[0] in _SIGNS and len(token) > 1 and token[1] in "0123456789")
        if starts_number:
            raise RuleFileError(filename, line_number, f"{token!r} is not a whole number")
        return values, True
    return values, False


def parse(text: str, filename: str = "<text>") -> PatRuleset:
    if not isinstance(text, str):
        raise RuleFileError(filename, None, "is not text")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    name = None
    header = None
    piles: list[_Line] = []
    expected = 0        # the number of piles, once the second line is read
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        values, comment = _numbers(raw, filename, number)
        if name is None and header is None:
            if len(values) == 2 and not comment:
                name = Path(filename).stem or "Patience"
                header = _Line(number, values)
                expected = _check_header(header, filename)
            else:
                name = raw.strip()
                if len(name) > 200:
                    raise RuleFileError(filename, number, "the name (first line) is longer than 200 characters")
            continue
        if not values:
            continue  # a line of text: a comment
        if header is None:
            if len(values) != 2:
                raise RuleFileError(filename, number, "the second line gives the number of decks and of piles (2 "
                                                      f"numbers), not {len(values)} numbers")
            header = _Line(number, values)
            expected = _check_header(header, filename)
            continue
        if len(piles) >= expected:
            raise RuleFileError(filename, number, f"more pile lines than the {expected} the second line announces")
        piles.append(_Line(number, values))
    if name is None:
        raise RuleFileError(filename, 1, "is empty: a .pat file starts with the game's name")
    if header is None:
        last = max((n for n, raw in enumerate(lines, start=1) if raw.strip()), default=1)
        raise RuleFileError(filename, last, "has no line giving the number of decks and of piles")
    if len(piles) < expected:
        last = piles[-1].number if piles else header.number
        raise RuleFileError(filename, last, f"the second line announces {expected} piles, but the file describes "
                                            f"{len(piles)}")
    decks = header.values[0]
    stock = _stock(piles[0], decks, expected, filename)
    specs = [_pile(line, index, decks, filename) for index, line in enumerate(piles[1:], start=2)]
    try:
        return PatRuleset(name, decks, stock, specs)
    except PatRulesError as error:
        line = piles[error.pile - 1].number if error.pile and 1 <= error.pile <= len(piles) else header.number
        raise RuleFileError(filename, line, error.message) from None


def _check_header(header: _Line, filename: str) -> int:
    decks, count = header.values
    if not 1 <= decks <= 8:
        raise RuleFileError(filename, header.number, f"the number of decks must be 1-8, not {decks}")
    if not 1 <= count <= MAX_PILES:
        raise RuleFileError(filename, header.number, f"the number of piles (stock included) must be 1-{MAX_PILES}, not "
                                                     f"{count}")
    return count


def _digits(value: int, count: int) -> list[int]:
    """The units digit first: ``_digits(602, 4) == [2, 0, 6, 0]``."""
    return [(value // 10 ** i) % 10 for i in range(count)]


class _Fields:
    """One pile line's numbers, with errors that say which pile and number."""

    def __init__(self, line: _Line, pile: int, filename: str):
        self.line, self.pile, self.filename = line, pile, filename

    def error(self, message: str) -> RuleFileError:
        return RuleFileError(self.filename, self.line.number, f"pile {self.pile}: {message}")

    def value(self, position: int, low: int, high: int, what: str, offset: int = 0) -> int:
        value = self.line.values[position - 1 + offset]
        if not low <= value <= high:
            raise self.error(f"number ({position + offset}) {what} must be {low}-{high}, not {value}")
        return value

    def digit(self, position: int, value: int, letter: str, index: int, allowed, meaning: str) -> int:
        digit = _digits(value, index + 1)[index]
        if digit not in allowed:
            raise self.error(f"number ({position}) = {value}: digit {letter} ({meaning}) can't be {digit}; "
                             f"it is one of {_list(allowed)}")
        return digit


def _list(allowed) -> str:
    values = sorted(allowed)
    if len(values) > 2 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return ", ".join(map(str, values))


def _place(fields: _Fields) -> tuple[int, int, int, int]:
    x = fields.value(2, -9999, 9999, "x")
    y = fields.value(3, -9999, 9999, "y")
    dx = fields.value(4, -999, 999, "v (spread across)")
    dy = fields.value(5, -999, 999, "w (spread down)")
    if y > -99:
        if y < 0:
            raise fields.error(f"y = {y} puts the pile above the window: it is 0 or more, or -99 or less to hide the "
                               "pile")
        if x < 0:
            raise fields.error(f"x = {x} puts the pile left of the window (a hidden pile has y -99 or less)")
    return x, y, dx, dy


def _stock(line: _Line, decks: int, piles: int, filename: str) -> StockSpec:
    fields = _Fields(line, 1, filename)
    if len(line.values) != 11:
        raise fields.error(f"the stock's line holds 11 numbers, not {len(line.values)}")
    total = 52 * decks
    count = line.values[0]
    if count != total:
        raise fields.error(f"number (1) of the stock is all the cards, 52 x {decks} deck(s) = {total}, not {count}")
    x, y, dx, dy = _place(fields)
    layout = fields.value(6, 0, 999, "(how the cards lie)")
    face = fields.digit(6, layout, "a", 0, (0, 2), "the stock's cards show backs (0) or faces (2)")
    side = fields.digit(6, layout, "b", 1, (0, 2), "vertical 0 or horizontal 2 cards")
    shuffle = fields.digit(6, layout, "c", 2, (0, 1, 2), "shuffling")
    target = fields.value(7, 0, 999, "e (cards at the end)")
    draw = fields.value(8, 0, total, "f (cards drawn at a time)")
    passes = fields.value(9, 0, 999, "g (times the stock is drawn)")
    turnover = fields.value(10, 0, 1, "h (turning the stock over)")
    waste = line.values[10]
    if waste != 0 and not 2 <= waste <= piles:
        raise fields.error(f"number (11), the wastepile, is 0 (none) or one of piles 2-{piles}, not {waste}")
    return StockSpec(count=count, x=x, y=y, dx=dx, dy=dy, face=face, horizontal=side == 2, shuffle=shuffle,
                     target=target, draw=draw, passes=passes, turnover=turnover, waste=waste, line=line.number)


def _pile(line: _Line, pile: int, decks: int, filename: str) -> PileSpec:
    fields = _Fields(line, pile, filename)
    values = line.values
    if len(values) not in (11, 15):
        raise fields.error(f"a pile line holds 11 numbers (15 with a second rule set), not {len(values)}")
    sequence_value = values[10]
    if not 0 <= sequence_value <= 9999:
        raise fields.error("number (11) (the sequence, plus thousands for a second rule set) must be 0-9999, not "
                           f"{sequence_value}")
    second = sequence_value >= 1000
    if len(values) == 15 and not second:
        raise fields.error("4 numbers follow number (11), but (11) is under 1000, so there is no second rule set")
    if len(values) == 11 and second:
        raise fields.error(f"number (11) = {sequence_value} announces a second rule set: 4 more numbers must follow it")
    count = fields.value(1, 0, 52 * decks, "n (cards dealt)")
    x, y, dx, dy = _place(fields)
    layout = fields.value(6, 0, 9999, "(how the cards lie)")
    face = fields.digit(6, layout, "a", 0, range(8), "face mode")
    side = fields.digit(6, layout, "b", 1, (0, 2), "vertical 0 or horizontal 2 cards")
    special = fields.digit(6, layout, "c", 2, (0, 6, 7, 8), "0, or 6 foundation value, 7/8 particular cards; 1-2 are "
                                                            "for the stock")
    catch = fields.digit(6, layout, "d", 3, (0, 1, 5, 6, 7), "replacement or catching during the deal")
    target = values[6]
    if not -998 <= target <= 999:
        raise fields.error("number (7) e must be 0-998 (cards when won), 999 (any) or negative (-998..-1, a limit), "
                           f"not {target}")
    first = _rules(fields, 0, special)
    rules: tuple[RuleSet, ...] = (first,)
    combine = 0
    if second:
        combine = sequence_value // 1000
        second_value = values[14]
        if not 0 <= second_value <= 999:
            raise fields.error(f"number (15), the second set's (11), must be 0-999, not {second_value}")
        rules = (first, _rules(fields, 4, special))
    if special == 6 and count not in (0, 1):
        raise fields.error(f"digit c = 6: the first such pile is dealt 1 card and the following ones 0, not {count}")
    return PileSpec(count=count, x=x, y=y, dx=dx, dy=dy, face=face, horizontal=side == 2, base_group=special == 6,
                    extract={7: 1, 8: 2}.get(special, 0), catch=catch, target=target, rules=rules,
                    combine=combine, line=line.number)


def _rules(fields: _Fields, offset: int, special: int) -> RuleSet:
    """Numbers (8)-(11) (``offset`` 4: the second set, numbers 12-15)."""
    def value(position, low, high, what):
        return fields.value(position, low, high, what, offset)

    def where(position):
        return position if not offset else position + offset

    take_value = value(8, 0, 7999, "ccba (taking cards)")
    a = fields.digit(where(8), take_value, "a", 0, (0, 1, 2, 3, 4, 9), "what may be taken")
    b = fields.digit(where(8), take_value, "b", 1, range(10), "blocking")
    cc = take_value // 100
    take = TakeRule(kind=a, block=b, mark=cc % 5, mask=cc // 5)
    put_value = value(9, 0, 29999, "edcba (laying cards)")
    put = PutRule(
        kind=fields.digit(where(9), put_value, "a", 0, (0, 1, 2, 3, 4, 5, 9), "what may be laid"),
        feed=fields.digit(where(9), put_value, "b", 1, range(6), "feeding from the stock"),
        rotate=fields.digit(where(9), put_value, "c", 2, range(5), "bottom card to the top"),
        source=fields.digit(where(9), put_value, "d", 3, range(7), "where cards may come from"),
        neighbour=fields.digit(where(9), put_value, "e", 4, range(3), "neighbour condition"),
    )
    empty_value = value(10, 0, 999, "baa (card for an empty pile)")
    empty = _pattern(fields, where(10), empty_value, special == 6)
    sequence_value = fields.line.values[10 + offset] % 1000 if fields.line.values[10 + offset] >= 0 else -1
    if sequence_value < 0:
        raise fields.error(f"number ({where(11)}) (the sequence) can't be negative")
    sequence = _sequence(fields, where(11), sequence_value)
    return RuleSet(take=take, put=put, empty=empty, sequence=sequence)


def _pattern(fields: _Fields, position: int, value: int, base: bool) -> CardPattern:
    if value == 999:
        return CardPattern("card", None, 9, True) if base else CardPattern("any")
    if value == 0:
        return CardPattern("none")
    suit, rank = divmod(value, 100)
    if suit not in (1, 2, 3, 4, 5, 6, 9):
        raise fields.error(f"number ({position}) = {value}: digit b (the suit) is 1-6 or 9, not {suit} "
                           "(999 any card, 0 no card)")
    if not (1 <= rank <= 13 or rank == 99):
        raise fields.error(f"number ({position}) = {value}: aa (the value) is 1-13 or 99, not {rank}")
    if base:
        return CardPattern("card", None, suit, True)
    return CardPattern("card", None if rank == 99 else rank, suit)


def _sequence(fields: _Fields, position: int, value: int) -> Sequence:
    if value == 999:
        return Sequence("any")
    if value == 0:
        return Sequence("none")
    a, b, c = _digits(value, 3)
    if a == 0:
        raise fields.error(f"number ({position}) = {value}: digit a (the order of values) is 1-9, not 0")
    if b not in (0, 1, 2, 9):
        raise fields.error(f"number ({position}) = {value}: digit b (past ace/king) is 0, 1, 2 or 9, not {b}")
    if c not in (1, 2, 3, 4, 9):
        raise fields.error(f"number ({position}) = {value}: digit c (colours) is 1-4 or 9, not {c}")
    return Sequence("rule", a, b, c)
