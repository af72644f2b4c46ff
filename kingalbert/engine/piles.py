"""Piles: a named, ordered stack of cards with a role in the game."""
from __future__ import annotations

from .cards import Card

ROLES = ("foundation", "tableau", "reserve", "stock", "waste", "cell", "other")


class Pile:
    """Cards bottom first, top last.  ``index`` is the pile's place in the game."""

    __slots__ = ("name", "role", "cards", "index")

    def __init__(self, name: str, role: str, index: int, cards: list[Card] | None = None):
        if role not in ROLES:
            raise ValueError(f"unknown pile role {role!r}")
        self.name = name
        self.role = role
        self.index = index
        self.cards: list[Card] = list(cards or ())

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, {self.role!r}, [{' '.join(map(str, self.cards))}])"
