"""SolKit ``.sol`` rule files, translated into ``engine.rules``.

A ``.sol`` file is INI-like: ``[global]``, ``[deck]``, ``[foundation]``,
``[temp]`` and ``[column]`` sections of ``key = value`` lines, whole-line
``#`` comments, names and values case-insensitive, UTF-8 with or without a
BOM, any line ends.  ``[play]`` is taken for ``[column]`` and ``[free cell]``
/ ``[freecell]`` for ``[temp]``, as the specification names them so.

The game (as SolKit plays it): piles ``deck`` and ``waste`` (if there is a
``[deck]`` section; no waste when dealing to the columns), ``f1``...
foundations, ``cell1``... free cells holding one card each, ``col1``...
columns.  Columns are dealt in order, each with its last ``NumFaceUpCards``
face up; the cards left go to the deck, and the first ``deal_by`` of them are
turned onto the waste at once.  A click on the deck turns ``deal_by`` cards
onto the waste; on an empty deck it turns the waste over (if redeals are
left, counted down) and deals again.  Dealing to the columns puts one card on
each column that isn't take-only.  A six-field foundation line puts its
initial card on the foundation after the deal.  Face orders loop round
(an ace on a king going up).  A face of ``random``/``first``/``column`` is
the rank of the first column's top card after the deal.  The game is won
when only the foundations hold cards.
"""
from __future__ import annotations

import re

from ..engine.errors import RuleFileError, shorten
from ..engine.rules import Build, DealStep, PileRule, Rules, RulesError, RulesRuleset, StockRule, View
from .text import read_text

FACE_ORDERS = {
    "asc": "up", "ascending": "up", "inc": "up", "increasing": "up",
    "desc": "down", "descending": "down", "dec": "down", "decreasing": "down",
    "any": "either", "alternate": "either",
}
SUIT_ORDERS = {
    "same": "same", "same suit": "same", "samesuit": "same",
    "except same": "other", "exceptsame": "other", "except": "other",
    "same color": "colour", "samecolor": "colour",
    "alternate": "alternate", "alternate color": "alternate", "alternatecolor": "alternate",
    "none": "none", "forbid": "none", "disable": "none",
    "any": "any",
}
FACES = {"a": 1, "j": 11, "q": 12, "k": 13, **{str(n): n for n in range(2, 11)},
         "any": "any", "empty": "none", "random": "base", "first": "base", "column": "base",
         "none": "none", "unavail": "none", "unavailable": "none"}
SUITS = {"spade": "S", "spades": "S", "club": "C", "clubs": "C", "diamond": "D", "diamonds": "D",
         "heart": "H", "hearts": "H", "any": None}
SECTIONS = {"global": "global", "deck": "deck", "foundation": "foundation", "temp": "temp",
            "free cell": "temp", "freecell": "temp", "column": "column", "play": "column"}
KEYS = {
    "global": ("name", "chance", "decks"),
    "deck": ("redeals", "deal_by", "deal_to"),
    "foundation": ("column",),
    "temp": ("slots",),
    "column": ("playable_card", "refill", "order", "column"),
}
PLAYABLE = {"top": "top", "any": "any", "order": "run", "ordered": "run"}
DEAL_TO = {"waste": "waste", "deck": "waste", "side": "waste", "column": "columns", "columns": "columns"}
TAKE_ONLY = ("take", "take only", "takeonly")

GAP = 1.1       # pile pitch in card widths
ROW = 1.15      # row pitch in card heights
FAN = 0.25      # column fan in card heights
_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them: only CR, LF and CRLF end a line
    (``str.splitlines`` would also split at form feeds and at U+0085, a Latin-1 file's "...")."""
    return _LINE_ENDS.split(text)


def load(path) -> RulesRuleset:
    """Load a ``.sol`` file; raise RuleFileError for anything wrong with it."""
    ruleset = loads(read_text(path), str(path))
    ruleset.source = str(path)
    return ruleset


def loads(text: str, filename: str = "<string>") -> RulesRuleset:
    """Translate the text of a ``.sol`` file."""
    return _Reader(text, filename).read()


class _Reader:
    def __init__(self, text, filename):
        self.text = text
        self.filename = filename
        self.name = None
        self.decks = 1
        self.deck_line = None           # line of [deck], if any
        self.redeals = 0
        self.deal_by = None
        self.deal_to = "waste"
        self.foundations = []           # (line, first, suit, order, suit order, initial card)
        self.slots = 0
        self.playable = "top"
        self.refill = "none"
        self.order = ("down", "same")
        self.columns = []               # (line, count, up, take only)
        self.section_lines = {}

    def error(self, line, message):
        """A RuleFileError at ``line``; a problem of no one line is put on the [global] section (or line 1)."""
        if line is None and isinstance(self.text, str):
            line = self.section_lines.get("global", 1)
        return RuleFileError(self.filename, line, message)

    # -- reading -------------------------------------------------------------------
    def read(self) -> RulesRuleset:
        if not isinstance(self.text, str):
            raise self.error(None, "is not text")
        section = None
        for number, raw in enumerate(_lines(self.text.lstrip("\ufeff")), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                if not line.endswith("]"):
                    raise self.error(number, f"a section name needs a closing ']': {line!r}")
                title = " ".join(line[1:-1].lower().split())
                if title not in SECTIONS:
                    raise self.error(number, f"unknown section [{title}] (expected global, deck, foundation, temp or "
                                             "column)")
                section = SECTIONS[title]
                self.section_lines.setdefault(section, number)
                if section == "deck":
                    self.deck_line = number
                continue
            if section is None:
                raise self.error(number, "a line before the first [section]")
            key, sep, value = line.partition("=")
            if not sep:
                raise self.error(number, f"expected 'name = value', not {line!r}")
            key = " ".join(key.lower().split())
            if key not in KEYS[section]:
                raise self.error(number, f"unknown key {key!r} in [{section}] (expected {', '.join(KEYS[section])})")
            getattr(self, f"_{section}")(number, key, value.strip())
        return self.build()

    def _global(self, number, key, value):
        if key == "name":
            if not value:
                raise self.error(number, "the name is empty")
            self.name = value
        elif key == "chance":
            self.integer(number, key, value, 0, 65535)
        else:
            self.decks = self.integer(number, key, value, 1, 2)

    def _deck(self, number, key, value):
        low = value.lower()
        if key == "redeals":
            if low in ("unlimited", "unlimted"):
                self.redeals = None
            else:
                count = self.integer(number, key, value, -128, 127)
                self.redeals = None if count < 0 else count
        elif key == "deal_by":
            self.deal_by = self.integer(number, key, value, 1, 16)
        else:
            if low not in DEAL_TO:
                raise self.error(number, f"deal_to must be waste or columns, not {value!r}")
            self.deal_to = DEAL_TO[low]

    def _foundation(self, number, key, value):
        fields = [part.strip().lower() for part in value.split(",")]
        if len(fields) not in (4, 6):
            raise self.error(number, f"a foundation column has 4 or 6 fields "
                                     f"(first face, first suit, face order, suit order[, initial face, initial suit]), "
                                     f"not {len(fields)}")
        if len(self.foundations) == 8:
            raise self.error(number, "there can be at most 8 foundation columns")
        first = self.face(number, fields[0])
        if first == "none":
            raise self.error(number, f"a foundation must be able to start: {fields[0]!r} can't be its first face")
        suit = self.suit(number, fields[1])
        order = self.face_order(number, fields[2])
        suit_order = self.suit_order(number, fields[3])
        initial = None
        if len(fields) == 6:
            rank = self.face(number, fields[4])
            initial_suit = self.suit(number, fields[5])
            if not isinstance(rank, int) or initial_suit is None:
                raise self.error(number, "the initial foundation card must be a real card (a face A-K and a suit)")
            initial = (rank, initial_suit)
        self.foundations.append((number, first, suit, order, suit_order, initial))

    def _temp(self, number, key, value):
        self.slots = self.integer(number, key, value, 0, 4)

    def _column(self, number, key, value):
        low = " ".join(value.lower().split())
        if key == "playable_card":
            if low not in PLAYABLE:
                raise self.error(number, f"playable_card must be top, any or ordered, not {value!r}")
            self.playable = PLAYABLE[low]
        elif key == "refill":
            self.refill = self.face(number, low)
        elif key == "order":
            fields = [part.strip() for part in low.split(",")]
            if len(fields) != 2:
                raise self.error(number, "order is a face order and a suit order, separated by a comma")
            self.order = (self.face_order(number, fields[0]), self.suit_order(number, fields[1]))
        else:
            fields = [part.strip() for part in low.split(",")]
            if len(fields) not in (2, 3):
                raise self.error(number, "a column has 2 or 3 fields (cards, face-up cards[, take only]), not "
                                         f"{len(fields)}")
            if len(self.columns) == 10:
                raise self.error(number, "there can be at most 10 columns")
            count = self.integer(number, "the number of cards", fields[0], 0, 104)
            up = self.integer(number, "the number of face-up cards", fields[1], 0, 104)
            if count and not 1 <= up <= count:
                raise self.error(number, f"a column of {count} cards has 1 to {count} face up, not {up}")
            if not count and up:
                raise self.error(number, f"an empty column can't have {up} face-up cards")
            take_only = False
            if len(fields) == 3:
                if fields[2] not in TAKE_ONLY:
                    raise self.error(number, f"the third field of a column can only be 'take only', not {fields[2]!r}")
                take_only = True
            self.columns.append((number, count, up, take_only))

    # -- values --------------------------------------------------------------------
    def integer(self, number, what, value, low, high):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not digits.isascii() or not digits.isdigit():
            raise self.error(number, f"{what} must be a whole number from {low} to {high}, not {shorten(value)!r}")
        if len(digits) > 9:
            raise self.error(number, f"{what} must be from {low} to {high}: {shorten(text)} is far too large")
        result = int(text)
        if not low <= result <= high:
            raise self.error(number, f"{what} must be from {low} to {high}, not {result}")
        return result

    def face(self, number, text):
        key = text.lower()
        if key not in FACES:
            raise self.error(number, f"unknown card face {text!r} (expected A, 2-10, J, Q, K, any, random or none)")
        return FACES[key]

    def suit(self, number, text):
        key = text.lower()
        if key not in SUITS:
            raise self.error(number, f"unknown suit {text!r} (expected spade, club, diamond, heart or any)")
        return SUITS[key]

    def face_order(self, number, text):
        key = " ".join(text.lower().split())
        if key not in FACE_ORDERS:
            raise self.error(number, f"unknown face order {text!r} (expected ascending, descending or any)")
        return FACE_ORDERS[key]

    def suit_order(self, number, text):
        key = " ".join(text.lower().split())
        if key not in SUIT_ORDERS:
            raise self.error(number, f"unknown suit order {text!r} (expected same suit, same color, alternate color, "
                                     f"except same, any or none)")
        return SUIT_ORDERS[key]

    # -- translating ---------------------------------------------------------------
    def build(self) -> RulesRuleset:
        end = len(_lines(self.text.rstrip())) or 1          # the last line that says anything
        if self.name is None:
            raise self.error(self.section_lines.get("global", 1), "the [global] section must give the game's name")
        if not self.foundations:
            raise self.error(self.section_lines.get("foundation", end), "a game needs at least one foundation column")
        if not self.columns:
            raise self.error(self.section_lines.get("column", end), "a game needs at least one column")
        has_deck = self.deck_line is not None
        if has_deck and self.deal_to == "waste" and self.deal_by is None:
            raise self.error(self.deck_line, "the [deck] section must give deal_by (1-16) when dealing to the waste")
        total = 52 * self.decks
        dealt = 0
        for number, count, _, _ in self.columns:
            dealt += count
            if dealt > total:
                raise self.error(number, f"the columns need {dealt} cards, but {self.decks} deck"
                                         f"{'s hold' if self.decks > 1 else ' holds'} only {total}")
        initial_cards: dict[str, int] = {}
        for number, *_, initial in self.foundations:
            if initial is None:
                continue
            dealt += 1
            initial_cards[initial] = initial_cards.get(initial, 0) + 1
            if dealt > total:
                raise self.error(number, f"the deal needs {dealt} cards, but the decks hold only {total}")
            if initial_cards[initial] > self.decks:
                raise self.error(number, "the same initial card is asked for more times than the decks hold it")
        if not has_deck and dealt < total:
            raise self.error(self.columns[-1][0], f"the deal leaves {total - dealt} cards over and there is no [deck] "
                                                  "for them")
        needs_base = any(f[1] == "base" for f in self.foundations) or self.refill == "base"
        if needs_base and not self.columns[0][1]:
            raise self.error(self.columns[0][0], "a 'random' first face needs cards in the first column")

        waste = has_deck and self.deal_to == "waste"
        piles, deal = [], []
        if has_deck:
            piles.append(PileRule("deck", "stock", take="none", accept=False, view=View(0, 0)))
        if waste:
            piles.append(PileRule("waste", "waste", accept=False, view=View(GAP, 0)))
        x0 = 2 * GAP if waste else GAP if has_deck else 0
        for i, (_number, first, suit, order, suit_order, _initial) in enumerate(self.foundations):
            piles.append(PileRule(f"f{i + 1}", "foundation", build=Build(order, suit_order, wrap=True),
                                  start_rank=first, start_suit=suit, max_drop=1, view=View(x0 + i * GAP, 0)))
        for i in range(self.slots):
            piles.append(PileRule(f"cell{i + 1}", "cell", build=Build("any", "any"), capacity=1,
                                  view=View(0, ROW * (i + 1))))
        x0 = GAP if self.slots else 0
        build = Build(self.order[0], self.order[1], wrap=True)
        for i, (_number, count, up, take_only) in enumerate(self.columns):
            name = f"col{i + 1}"
            piles.append(PileRule(name, "tableau", build=build, start_rank=self.refill,
                                  take="top" if take_only else self.playable, accept=not take_only,
                                  flip_exposed=True, view=View(x0 + i * GAP, ROW, 0, FAN)))
            if count:
                deal.append(DealStep(name, count - up, face_up=False))
                deal.append(DealStep(name, up, face_up=True))
        for i, (*_, initial) in enumerate(self.foundations):
            if initial is not None:
                deal.append(DealStep(f"f{i + 1}", 1, True, initial))
        stocks: tuple[StockRule, ...] = ()
        if has_deck:
            if waste:
                stocks = (StockRule("deck", "waste", self.deal_by, self.redeals, deal_at_start=True,
                                     deal_on_redeal=True),)
            else:
                targets = tuple(f"col{i + 1}" for i, column in enumerate(self.columns) if not column[3])
                if not targets:
                    raise self.error(self.deck_line, "the deck deals to the columns, but every column is take-only")
                stocks = (StockRule("deck", None, 1, 0, targets),)
        base = ("col1", self.columns[0][1] - 1) if needs_base else None
        row_start = 2 * GAP if waste else GAP if has_deck else 0
        width = max(x0 + len(self.columns) * GAP, row_start + len(self.foundations) * GAP)
        rules = Rules(self.name, tuple(piles), self.decks, tuple(deal), "deck" if has_deck else None, stocks, base,
                      size=(width, ROW + 1 + FAN * 18))
        try:
            ruleset = RulesRuleset(rules)
        except RulesError as error:
            raise self.error(None, str(error)) from None
        ruleset.info_panel = True           # SolKit shows its information panel beside the game
        return ruleset
