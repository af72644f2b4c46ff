"""Playing cards and decks.

A card is a small immutable value: rank 1 (ace) to 13 (king), suit letter
``C D H S``, and whether it lies face up.  Its text form is rank then suit,
upper case face up and lower case face down: ``"9C"``, ``"qh"``, ``"TD"``
(``10`` is accepted on input for ``T``).
"""
from __future__ import annotations

from typing import NamedTuple

from .errors import SolitaireError

RANK_LETTERS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = ("", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
              "Eight", "Nine", "Ten", "Jack", "Queen", "King")
RED_SUITS = frozenset("DH")


class Card(NamedTuple):
    rank: int
    suit: str
    face_up: bool = True

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def colour(self) -> str:
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def name(self) -> str:
        """The card as the player reads it: ``Six of Hearts``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def turned(self, face_up: bool | None = None) -> Card:
        up = (not self.face_up) if face_up is None else face_up
        return self if up == self.face_up else Card(self.rank, self.suit, up)

    def same_card(self, other: Card) -> bool:
        return self.rank == other.rank and self.suit == other.suit

    def __str__(self) -> str:
        text = RANK_LETTERS[self.rank - 1] + self.suit
        return text if self.face_up else text.lower()

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"9C"``, ``"qh"``, ``"10d"``; raise SolitaireError if malformed."""
        if not isinstance(text, str) or len(text) not in (2, 3):
            raise SolitaireError(f"not a card: {text!r}")
        rank_text, suit_text = text[:-1], text[-1]
        letters = rank_text + suit_text
        if not letters.isalnum():
            raise SolitaireError(f"not a card: {text!r}")
        alpha = [ch for ch in letters if ch.isalpha()]
        if alpha and len({ch.isupper() for ch in alpha}) > 1:
            raise SolitaireError(f"card {text!r} mixes upper and lower case")
        face_up = not (alpha and alpha[0].islower())
        rank_key = rank_text.upper()
        if rank_key == "10":
            rank_key = "T"
        if len(rank_key) != 1 or rank_key not in RANK_LETTERS or suit_text.upper() not in SUITS:
            raise SolitaireError(f"not a card: {text!r}")
        return cls(RANK_LETTERS.index(rank_key) + 1, suit_text.upper(), face_up)


def new_deck(decks: int = 1, face_up: bool = False) -> list[Card]:
    """Unshuffled cards: for each deck, suits C D H S, each ace to king."""
    if not 1 <= decks <= 8:
        raise SolitaireError(f"a game uses 1 to 8 decks, not {decks}")
    return [Card(rank, suit, face_up) for _ in range(decks) for suit in SUITS for rank in range(1, 14)]
