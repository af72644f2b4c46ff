"""The rules engine: cards, piles, rulesets, moves, undo.  No pygame here."""
from .cards import Card, new_deck
from .errors import IllegalMoveError, InvalidMoveError, PositionError, RuleFileError, SolitaireError
from .game import Game
from .layout import Layout, PileView
from .moves import Move
from .piles import Pile
from .rng import Rng
from .ruleset import Ruleset

__all__ = [
    "Card", "new_deck", "IllegalMoveError", "InvalidMoveError", "PositionError", "RuleFileError",
    "SolitaireError", "Game", "Layout", "PileView", "Move", "Pile", "Rng", "Ruleset",
]
