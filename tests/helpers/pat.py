"""Helpers for the .pat tests: small games written as text, and positions."""
from __future__ import annotations

from unittest.mock import patch

from kingalbert.engine import Game
from kingalbert.loaders.pat import loads

STOCK = "52 0 0 0 0 0 998 1 999 0 0"  # e = 998: a test position is never won by its empty stock


def P(n=0, layout=2, e=999, take=1, put=1, empty=999, seq=999, x=None, y=200, v=0, w=0, more=""):
    """One pile line's numbers (x chosen far from the others when not given)."""
    return dict(n=n, layout=layout, e=e, take=take, put=put, empty=empty, seq=seq, x=x, y=y, v=v, w=w, more=more)


def text(*piles, stock=STOCK, decks=1, name="Test"):
    lines = [name, f"{decks} {len(piles) + 1}", stock]
    for i, pile in enumerate(piles):
        if isinstance(pile, str):
            lines.append(pile)
            continue
        x = pile["x"] if pile["x"] is not None else 100 + 100 * i
        lines.append(f"{pile['n']} {x} {pile['y']} {pile['v']} {pile['w']} {pile['layout']} {pile['e']} "
                     f"{pile['take']} {pile['put']} {pile['empty']} {pile['seq']} {pile['more']}".rstrip())
    return "\n".join(lines) + "\n"


def rules(*piles, **kwargs):
    return loads(text(*piles, **kwargs), "test.pat")


def at(ruleset, piles: dict, **variables) -> Game:
    """A game in the position given as {pile name: "AH 2h ..."} (bottom card first).
    The rules are tested on any cards in any pile: a pile no rule puts a card on may hold
    cards it was not dealt (``check_sizes``, which a position read from a file passes, is
    not asked; every other check is)."""
    position = {"piles": [{"name": name, "cards": cards.split()} for name, cards in piles.items()]}
    if variables:
        position["vars"] = variables
    with patch("kingalbert.loaders.pat.ruleset.check_sizes"):
        return Game.from_position(ruleset, position)


def cards(game, name) -> str:
    return " ".join(str(card) for card in game.pile(name).cards)


def legal(game) -> set[str]:
    return {str(move) for move in game.legal_moves}
