"""YaZZle game types (``game.ini``), translated into ``engine.rules``.

A game type is a folder holding ``game.ini``: ``[Section]`` headers and
``Key=Value`` lines (names case-insensitive; ``;`` and ``#`` start comment
lines).  Either the file or its folder may be loaded.

How the keys play (YaZZle's help leaves some of this open; the choices are
noted):

* Piles ``stock1``..., ``waste1``..., ``foundation1``..., ``tableau1``...,
  ``reserve1``... from ``[Stock]Piles`` etc., each placed by its numbered
  section's ``X``/``Y`` in card units, in that order.
* The deal follows ``[DealtCard1]``...``[DealtCardN]`` (N =
  ``[Game]NumCardsDealt``): pile type F/R/T/W (and S, the stock), pile
  number, face U/D, and optionally a specific card (``PileRank`` 1-13 and
  ``PileSuit`` C/D/H/S).  The cards not dealt go face down to ``stock1``.
* A click on stock N turns 1 card (3 with ``Take3``) onto waste N (or
  waste 1), face up, with no limit on turning the waste back over; with
  no waste it deals a card to each tableau pile.  A stock with
  ``Visibility=0`` can't be clicked, so the deal must leave it no cards.
* Foundations build up in suit from the ace, or from the rank of dealt card
  number ``[Game]StartRankCard``; ``[Foundation]AllowWrap`` lets a king
  be followed by an ace.  Their top card may be taken back.
* Tableau piles take a card whose rank follows the top card by
  ``SequenceCheck`` (1 up, 2 down, 3 either, 0 any), colour by
  ``ColorCheck`` (1 same, 2 different) and suit by ``SuitCheck``;
  ``[Game]AllowWrap`` lets rank orders go round the corner.  Any face-up
  cards may be moved together, only in sequence if ``CheckInOrder=1``;
  ``MaxAllowed``/``MaxCards`` (default 13, 0: none) limit one move's
  cards; ``CheckFree`` limits them to 1 + the number of empty reserve and
  tableau piles; ``KingsOnly`` lets only a king start an empty pile.
  A face-down card left on top is turned up.
* Reserve piles give their top card and hold at most ``MaxAllowed`` cards
  (default 1; 0: none may be put there).
* ``[EasyMode]``/``[HardMode]`` ``CheckFree``, ``KingsOnly`` and ``Take3``
  override the general keys in that mode; the mode is the game option
  ``mode`` (``"easy"`` by default, or ``"hard"``).
* ``[Game]Addition=N``: a card dragged onto another whose ranks add up to N
  sends both to ``foundation1``; a card worth N alone goes by a click.
  Tableau piles whose card rectangles overlap block the ones they cover
  (a higher-numbered pile lies on top), as in Pyramid.
* Won when only the foundations hold cards.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from ..engine.errors import RuleFileError, shorten
from ..engine.rules import Build, DealStep, PileRule, Rules, RulesError, RulesRuleset, StockRule, View
from .text import file_in_folder, read_text

KINDS = ("Stock", "Waste", "Foundation", "Tableau", "Reserve")
PREFIX = {"Stock": "stock", "Waste": "waste", "Foundation": "foundation", "Tableau": "tableau", "Reserve": "reserve"}
ROLE = {"Stock": "stock", "Waste": "waste", "Foundation": "foundation", "Tableau": "tableau", "Reserve": "reserve"}
PILE_TYPES = {"S": "Stock", "W": "Waste", "F": "Foundation", "T": "Tableau", "R": "Reserve"}
MAX_PILES = {"Stock": 8, "Waste": 8, "Foundation": 16, "Tableau": 104, "Reserve": 104}

#: section -> its keys (None: any key, the section isn't used)
SECTION_KEYS = {
    "General": ("Name", "Author"),
    "Game": ("Decks", "Addition", "AllowWrap", "KingsOnly", "CardXOffset", "CardYOffset", "MaxRandDeltas",
             "NumCardWide", "NumCardHigh", "NumCardsDealt", "StartRankCard"),
    "EasyMode": ("CheckFree", "KingsOnly", "Take3"),
    "HardMode": ("CheckFree", "KingsOnly", "Take3"),
    "Stock": ("Piles", "NumCardWide", "NumCardHigh", "Visibility"),
    "Waste": ("Piles", "NumCardWide", "NumCardHigh"),
    "Foundation": ("Piles", "NumCardWide", "NumCardHigh", "AllowWrap", "MaxCardsShown", "MaxVisible",
                   "MaxXRandDelta", "MaxYRandDelta", "OriginXOff", "OriginYOff"),
    "Tableau": ("Piles", "NumCardWide", "NumCardHigh", "CardXDownOff", "CardYDownOff", "CardXUpOff", "CardYUpOff",
                "CheckFree", "CheckInOrder", "ColorCheck", "MaxAllowed", "MaxCards", "SequenceCheck", "SuitCheck"),
    "Reserve": ("Piles", "NumCardWide", "NumCardHigh", "CardXUpOff", "CardYUpOff", "MaxAllowed",
                "MaxXRandDelta", "MaxYRandDelta", "MaxVisible"),
    "Layout": ("Image", "Alpha"),
    "Rules": None, "EasyOnOptions": None, "EasyOffOptions": None, "HardOnOptions": None,
    "HardOffOptions": None, "EasyWinnable": None, "HardWinnable": None,
}
PLACEMENT_KEYS = ("X", "Y")
DEALT_KEYS = ("PileType", "PileNumb", "PileFace", "PileRank", "PileSuit", "GrabBack")
_NUMBERED = re.compile(r"^(Stock|Waste|Foundation|Tableau|Reserve|DealtCard)(\d+)$", re.I)
_CANONICAL = {name.lower(): name for name in list(SECTION_KEYS) + list(KINDS) + ["DealtCard"]}
_RANK_LETTERS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}

SPACING = 1.1   # default pile pitch in card widths, for the size of the playing area
_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them: only CR, LF and CRLF end a line
    (``str.splitlines`` would also split at form feeds and at U+0085, a Latin-1 file's "...")."""
    return _LINE_ENDS.split(text)


def load(path) -> RulesRuleset:
    """Load a game type from its ``game.ini`` or its folder; raise RuleFileError for any problem."""
    path = Path(path)
    if path.is_dir():
        found = file_in_folder(path, "game.ini")
        if found is None:
            raise RuleFileError(path, None, "is a folder without a game.ini")
        path = found
    ruleset = loads(read_text(path), str(path))
    ruleset.source = str(path)
    return ruleset


def loads(text: str, filename: str = "game.ini") -> RulesRuleset:
    """Translate the text of a ``game.ini``."""
    sections = _parse(text, filename)
    return _Translator(sections, filename).translate()


class _Section:
    def __init__(self, name, number, line):
        self.name = name          # canonical kind: "Tableau", "DealtCard", "General" ...
        self.number = number      # N of a numbered section, else None
        self.line = line
        self.values: dict[str, tuple[int, str]] = {}   # canonical key -> (line, value)


def _parse(text, filename) -> dict:
    """Sections by (name, number), each with its values; structural errors raise."""
    if not isinstance(text, str):
        raise RuleFileError(filename, None, "is not text")
    sections: dict[tuple[str, int | None], _Section] = {}
    current = None
    for number, raw in enumerate(_lines(text.lstrip("\ufeff")), 1):
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise RuleFileError(filename, number, f"a section name needs a closing ']': {line!r}")
            title = line[1:-1].strip()
            match = _NUMBERED.match(title)
            if match:
                kind, index = _CANONICAL[match.group(1).lower()], int(match.group(2))
                if not 1 <= index <= 999:
                    raise RuleFileError(filename, number, f"section [{title}]: numbers run from 1 to 999")
            elif title.lower() in _CANONICAL and title.lower() != "dealtcard":
                kind, index = _CANONICAL[title.lower()], None
            else:
                raise RuleFileError(filename, number, f"unknown section [{title}]")
            if (kind, index) in sections:
                raise RuleFileError(filename, number, f"section [{title}] is given twice")
            current = sections[(kind, index)] = _Section(kind, index, number)
            continue
        if current is None:
            raise RuleFileError(filename, number, "a line before the first [Section]")
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key:
            raise RuleFileError(filename, number, f"expected Key=Value, not {line!r}")
        allowed: tuple[str, ...] | None
        if current.number is not None:
            allowed = DEALT_KEYS if current.name == "DealtCard" else PLACEMENT_KEYS
        else:
            allowed = SECTION_KEYS[current.name]
        if allowed is None:
            canonical = key.lower()
        else:
            names = {name.lower(): name for name in allowed}
            if key.lower() not in names:
                title = current.name + (str(current.number) if current.number is not None else "")
                raise RuleFileError(filename, number, f"unknown key {key!r} in [{title}] (expected "
                                                      f"{', '.join(allowed)})")
            canonical = names[key.lower()]
        if canonical in current.values:
            raise RuleFileError(filename, number, f"{key} is given twice")
        current.values[canonical] = (number, value.strip())
    return sections


class _Translator:
    def __init__(self, sections, filename):
        self.sections = sections
        self.filename = filename

    def error(self, line, message):
        """A RuleFileError at ``line``; a problem of no one line is put on the [Game] section (or line 1)."""
        if line is None:
            line = self._line("Game") or self._line("General") or 1
        return RuleFileError(self.filename, line, message)

    # -- values --------------------------------------------------------------------
    def raw(self, section, key, number=None):
        entry = self.sections.get((section, number))
        if entry is None or key not in entry.values:
            return None, None
        return entry.values[key]

    def integer(self, section, key, default, low, high, number=None):
        line, text = self.raw(section, key, number)
        if text is None or text == "":
            return default
        if not re.fullmatch(r"[+-]?\d+", text):
            raise self.error(line, f"{key} must be a whole number from {low} to {high}, not {shorten(text)!r}")
        if len(text.lstrip("+-")) > 9:
            raise self.error(line, f"{key} must be from {low} to {high}: {shorten(text)} is far too large")
        value = int(text)
        if not low <= value <= high:
            raise self.error(line, f"{key} must be from {low} to {high}, not {value}")
        return value

    def decimal(self, section, key, default, low=-100.0, high=100.0, number=None):
        line, text = self.raw(section, key, number)
        if text is None or text == "":
            return default
        if len(text) > 24 or not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", text):
            raise self.error(line, f"{key} must be a number, not {text!r}")
        value = float(text)
        if not (low <= value <= high) or math.isnan(value):
            raise self.error(line, f"{key} must be from {low:g} to {high:g}, not {text}")
        return value

    def flag(self, section, key, default=0, number=None):
        return bool(self.integer(section, key, default, 0, 1, number))

    # -- translating ---------------------------------------------------------------
    def translate(self) -> RulesRuleset:
        general = self.sections.get(("General", None))
        line, name = self.raw("General", "Name")
        if not name:
            raise self.error(line or (general.line if general else None), "[General] must give the game's Name")
        decks = self.integer("Game", "Decks", 1, 1, 2)
        counts = {kind: self.integer(kind, "Piles", 0, 0, MAX_PILES[kind]) for kind in KINDS}
        if not counts["Foundation"]:
            raise self.error(self._line("Foundation"), "a game needs at least one foundation ([Foundation]Piles)")
        for (kind, number), section in self.sections.items():
            if number is not None and kind != "DealtCard" and number > counts[kind]:
                raise self.error(section.line, f"[{kind}{number}] is beyond [{kind}]Piles = {counts[kind]}")
        # placements
        places = {}
        for kind in KINDS:
            for i in range(1, counts[kind] + 1):
                section = self.sections.get((kind, i))
                if section is None:
                    raise self.error(self._line(kind), f"[{kind}]Piles is {counts[kind]}, but there is no [{kind}{i}] "
                                                       f"section placing pile {i}")
                for key in PLACEMENT_KEYS:
                    if key not in section.values:
                        raise self.error(section.line, f"[{kind}{i}] must give {key}")
                places[(kind, i)] = (self.decimal(kind, "X", 0.0, -50, 100, i),
                                     self.decimal(kind, "Y", 0.0, -50, 100, i))
        deal, base = self.deal_plan(counts, decks)
        easy = self.rules(name, decks, counts, places, deal, base, "EasyMode")
        hard = self.rules(name, decks, counts, places, deal, base, "HardMode")
        try:
            return RulesRuleset(easy, {"easy": easy, "hard": hard})
        except RulesError as error:
            raise self.error(None, str(error)) from None

    def _line(self, kind):
        section = self.sections.get((kind, None))
        return section.line if section else None

    def deal_plan(self, counts, decks):
        dealt = self.integer("Game", "NumCardsDealt", 0, 0, 104)
        game_line = self._line("Game")
        for (kind, number), section in self.sections.items():
            if kind == "DealtCard" and number > dealt:
                raise self.error(section.line, f"[DealtCard{number}] is beyond [Game]NumCardsDealt = {dealt}")
        if dealt > 52 * decks:
            line, _ = self.raw("Game", "NumCardsDealt")
            raise self.error(line, f"NumCardsDealt is {dealt}, but {decks} deck{'s hold' if decks > 1 else ' holds'} "
                                   f"only {52 * decks} cards")
        steps, per_pile, wanted = [], {}, {}
        positions = []
        dealt_line = self.raw("Game", "NumCardsDealt")[0] or game_line
        for n in range(1, dealt + 1):
            section = self.sections.get(("DealtCard", n))
            if section is None:
                raise self.error(dealt_line, f"NumCardsDealt is {dealt}, but there is no [DealtCard{n}] section")
            line, kind_text = self.raw("DealtCard", "PileType", n)
            if kind_text is None:
                raise self.error(section.line, f"[DealtCard{n}] must give PileType (F, R, T or W)")
            kind = PILE_TYPES.get(kind_text.upper())
            if kind is None:
                raise self.error(line, f"PileType must be F, R, T or W, not {kind_text!r}")
            if not counts[kind]:
                raise self.error(line, f"[DealtCard{n}] deals to a {kind} pile, but the game has none")
            if self.raw("DealtCard", "PileNumb", n)[1] is None:
                raise self.error(section.line, f"[DealtCard{n}] must give PileNumb")
            pile_number = self.integer("DealtCard", "PileNumb", 1, 1, counts[kind], n)
            line, face = self.raw("DealtCard", "PileFace", n)
            face = (face or "U").upper()
            if face not in ("U", "D"):
                raise self.error(line, f"PileFace must be U or D, not {face!r}")
            self.integer("DealtCard", "GrabBack", 0, 0, 1, n)
            card = self.specific_card(n, section, decks, wanted)
            pile = f"{PREFIX[kind]}{pile_number}"
            steps.append(DealStep(pile, 1, face == "U", card))
            positions.append((pile, per_pile.get(pile, 0)))
            per_pile[pile] = per_pile.get(pile, 0) + 1
        if not counts["Stock"] and dealt < 52 * decks:
            raise self.error(game_line, f"the deal leaves {52 * decks - dealt} cards over and there is no stock for "
                                        "them")
        start = self.integer("Game", "StartRankCard", 0, 0, 104)
        base = None
        if start:
            if start > dealt:
                line, _ = self.raw("Game", "StartRankCard")
                raise self.error(line, f"StartRankCard is {start}, but only {dealt} cards are dealt")
            base = positions[start - 1]
        return tuple(steps), base

    def specific_card(self, n, section, decks, wanted):
        rank_line, rank_text = self.raw("DealtCard", "PileRank", n)
        suit_line, suit_text = self.raw("DealtCard", "PileSuit", n)
        rank_text = (rank_text or "").strip().upper()
        suit_text = (suit_text or "").strip().upper()
        if not rank_text and not suit_text:
            return None
        if not rank_text or not suit_text:
            raise self.error(rank_line or suit_line, f"[DealtCard{n}] needs both PileRank and PileSuit for a specific "
                                                     "card")
        if rank_text in _RANK_LETTERS:
            rank = _RANK_LETTERS[rank_text]
        elif rank_text.isascii() and rank_text.isdigit() and 1 <= int(rank_text) <= 13:
            rank = int(rank_text)
        else:
            raise self.error(rank_line, f"PileRank must be 1 (ace) to 13 (king), not {rank_text!r}")
        if suit_text not in ("C", "D", "H", "S"):
            raise self.error(suit_line, f"PileSuit must be C, D, H or S, not {suit_text!r}")
        card = (rank, suit_text)
        wanted[card] = wanted.get(card, 0) + 1
        if wanted[card] > decks:
            raise self.error(rank_line, f"the deal asks for the same card ({rank_text}{suit_text}) more times "
                                        f"than {decks} deck{'s hold' if decks > 1 else ' holds'} it")
        return card

    def rules(self, name, decks, counts, places, deal, base, mode) -> Rules:
        def mode_flag(key, default):
            if self.raw(mode, key)[1] not in (None, ""):
                return self.flag(mode, key)
            return default

        wrap = self.flag("Game", "AllowWrap")
        kings_only = mode_flag("KingsOnly", self.flag("Game", "KingsOnly"))
        check_free = mode_flag("CheckFree", self.flag("Tableau", "CheckFree"))
        take3 = mode_flag("Take3", False)
        addition = self.integer("Game", "Addition", 0, 0, 26) or None
        if addition is not None and addition < 2:
            raise self.error(self.raw("Game", "Addition")[0], "Addition must be 0 (off) or a total from 2 to 26")

        sequence = ("any", "up", "down", "either")[self.integer("Tableau", "SequenceCheck", 0, 0, 3)]
        colour = self.integer("Tableau", "ColorCheck", 0, 0, 2)
        suit = "same" if self.flag("Tableau", "SuitCheck") else ("any", "colour", "alternate")[colour]
        in_order = self.flag("Tableau", "CheckInOrder")
        max_tableau = self.integer("Tableau", "MaxAllowed", 13, 0, 104)
        max_cards = self.integer("Tableau", "MaxCards", 13, 0, 104)
        tableau_drop = min(max_tableau, max_cards)
        reserve_hold = self.integer("Reserve", "MaxAllowed", 1, 0, 104)
        foundation_wrap = self.flag("Foundation", "AllowWrap")
        start = "base" if base is not None else 1
        for kind in ("Stock", "Waste", "Foundation", "Tableau", "Reserve"):
            self.decimal(kind, "NumCardWide", 1.0, 0, 100)
            self.decimal(kind, "NumCardHigh", 1.0, 0, 100)
        for key in ("CardXOffset", "CardYOffset"):
            self.integer("Game", key, 0, -1000, 1000)
        self.flag("Game", "MaxRandDeltas")
        visible = self.flag("Stock", "Visibility", 1)
        f_visible = self.integer("Foundation", "MaxVisible", 13, 0, 104)
        self.integer("Foundation", "MaxCardsShown", 13, 0, 104)
        r_visible = self.integer("Reserve", "MaxVisible", 1, 0, 104)
        for kind in ("Foundation", "Reserve"):
            self.decimal(kind, "MaxXRandDelta", 0.0, 0, 10)
            self.decimal(kind, "MaxYRandDelta", 0.0, 0, 10)

        piles = []
        for kind in KINDS:
            for i in range(1, counts[kind] + 1):
                x, y = places[(kind, i)]
                pile = f"{PREFIX[kind]}{i}"
                if kind == "Stock":
                    rule = PileRule(pile, "stock", take="none", accept=False, view=View(x, y))
                elif kind == "Waste":
                    rule = PileRule(pile, "waste", accept=False, view=View(x, y))
                elif kind == "Foundation":
                    view = View(x, y, self.decimal(kind, "OriginXOff", 0.0, -10, 10),
                                self.decimal(kind, "OriginYOff", 0.0, -10, 10), max_visible=f_visible or None)
                    if addition is not None:
                        rule = PileRule(pile, "foundation", Build("any", "any"), take="none", max_drop=1, view=view)
                    else:
                        rule = PileRule(pile, "foundation", Build("up", "same", foundation_wrap), start_rank=start,
                                        max_drop=1, view=view)
                elif kind == "Tableau":
                    up_dx = self.decimal(kind, "CardXUpOff", 0.0, -10, 10)
                    up_dy = self.decimal(kind, "CardYUpOff", 0.0, -10, 10)
                    view = View(x, y, up_dx, up_dy, self.decimal(kind, "CardXDownOff", up_dx, -10, 10),
                                self.decimal(kind, "CardYDownOff", up_dy, -10, 10))
                    rule = PileRule(pile, "tableau", Build(sequence, suit, wrap),
                                    start_rank=13 if kings_only else "any",
                                    take="run" if in_order else "any", accept=tableau_drop > 0,
                                    max_drop=tableau_drop or None, free_limit="cells" if check_free else None,
                                    flip_exposed=True, view=view)
                else:
                    view = View(x, y, self.decimal(kind, "CardXUpOff", 0.0, -10, 10),
                                self.decimal(kind, "CardYUpOff", 0.0, -10, 10), max_visible=r_visible or None)
                    # a face-down card comes to the top of a reserve only as Canfield deals it (its
                    # reserve: face down but the top card); the spec gives reserves no face-down
                    # offsets, so it is turned up, as a tableau's is - else it could never be played
                    rule = PileRule(pile, "reserve", Build("any", "any"), accept=reserve_hold > 0,
                                    capacity=reserve_hold or None, flip_exposed=True, view=view)
                piles.append(rule)

        stocks = []
        for i in range(1, counts["Stock"] + 1):
            if not visible:
                break
            if counts["Waste"]:
                waste = f"waste{i if i <= counts['Waste'] else 1}"
                stocks.append(StockRule(f"stock{i}", waste, 3 if take3 else 1, None))
            elif counts["Tableau"]:
                targets = tuple(f"tableau{t}" for t in range(1, counts["Tableau"] + 1))
                stocks.append(StockRule(f"stock{i}", None, 1, None, targets))
        leftover = 52 * decks - len(deal)
        if counts["Stock"] and leftover:
            line = self.raw("Stock", "Visibility")[0] or self._line("Stock")
            if not visible:
                raise self.error(line, f"the stock is invisible (Visibility=0), but the deal leaves {leftover} cards "
                                       "in it")
            if not stocks:
                raise self.error(line, f"the stock holds {leftover} cards but has no waste or tableau pile to deal to")
        covers = self.covers(counts, places)
        width = self.decimal("Game", "NumCardWide", 0.0, 0, 100)
        height = self.decimal("Game", "NumCardHigh", 0.0, 0, 100)
        size = (width, height) if width and height else None
        return Rules(name, tuple(piles), decks, deal, "stock1" if counts["Stock"] else None, tuple(stocks), base,
                     addition, "foundation1" if addition else None, covers, size=size)

    @staticmethod
    def covers(counts, places):
        """Tableau piles whose cards overlap: the later pile lies over the earlier.

        Reserve piles may overlap (a fanned reserve, as in King Albert) without covering."""
        boxes = [(f"tableau{i}", places[("Tableau", i)]) for i in range(1, counts["Tableau"] + 1)]
        result = []
        for k, (name, (x, y)) in enumerate(boxes):
            over = tuple(other for other, (ox, oy) in boxes[k + 1:] if abs(ox - x) < 0.999 and abs(oy - y) < 0.999)
            if over:
                result.append((name, over))
        return tuple(result)
