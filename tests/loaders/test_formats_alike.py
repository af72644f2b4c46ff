"""The same game written as SolKit .sol, .pat and YaZZle game.ini deals alike and allows the same moves."""
import random

import pytest

from kingalbert.engine import Game
from kingalbert.loaders import load
from tests.helpers.data import GAMES

TWINS = {
    "Klondike": ("yazzle/Klondike", "pat/Klondike.pat", "sol/klondike.sol"),
    "FreeCell": ("yazzle/FreeCell", "pat/FreeCell.pat", "sol/freecell.sol"),
    "Forty Thieves": ("yazzle/FortyThieves", "pat/Forty Thieves.pat", "sol/forty_thieves.sol"),
}
#: SolKit can't say "runs through the free cells": its FreeCell moves one card at a time
SOL_SINGLE_CARDS = {"FreeCell"}
#: a free cell is a reserve in YaZZle's words
KIND = {"cell": "reserve"}


def names(game):
    """Pile name -> (kind, n): the n-th pile of its kind, counted the same way in every format."""
    counts, result = {}, {}
    for pile in game.piles:
        kind = KIND.get(pile.role, pile.role)
        if kind == "other":
            continue
        counts[kind] = counts.get(kind, 0) + 1
        result[pile.name] = (kind, counts[kind])
    return result


def shape(game):
    """(kind, cards, face-up cards) of every pile but the stock and waste, and the stock and waste together."""
    where = names(game)
    piles = [(where[p.name], len(p.cards), sum(c.face_up for c in p.cards))
             for p in game.piles if p.name in where and where[p.name][0] not in ("stock", "waste")]
    rest = sum(len(p.cards) for p in game.piles if p.name in where and where[p.name][0] in ("stock", "waste"))
    return sorted(piles), rest


def translated(game, ruleset):
    """``game``'s position set up in ``ruleset`` (a twin game in another format)."""
    theirs = {key: name for name, key in names(Game(ruleset, 0)).items()}
    piles = [{"name": theirs[key], "cards": [str(c) for c in game.pile(name).cards]}
             for name, key in names(game).items() if key in theirs]
    return Game.from_position(ruleset, {"piles": piles})


def drags(game, solkit=False, single=False):
    """The legal drags as (pile, cards, pile) in the kind-and-number names.

    ``solkit``: leave out a king laid on an ace -- SolKit's rank orders go round the
    corner, the other formats' (as these games are written) don't.  ``single``: one card only."""
    where = names(game)
    result = set()
    for m in game.legal_moves:
        if m.kind != "drag" or m.src not in where or m.dst not in where or (single and m.n > 1):
            continue
        card, dst = game.pile(m.src).cards[-m.n], game.pile(m.dst).cards
        if solkit and card.rank == 13 and dst and dst[-1].rank == 1:
            continue
        result.add((where[m.src], m.n, where[m.dst]))
    return result


@pytest.mark.parametrize("game", TWINS, ids=str)
def test_twins_deal_the_same_counts(game):
    shapes = [shape(Game(load(GAMES / path), 7)) for path in TWINS[game]]
    assert shapes[0] == shapes[1] == shapes[2]


@pytest.mark.parametrize("game", TWINS, ids=str)
@pytest.mark.parametrize("seed", range(4))
def test_twins_accept_and_refuse_the_same_moves(game, seed):
    """Positions reached by random play in one format allow the same drags in the others."""
    rulesets = [load(GAMES / path) for path in TWINS[game]]
    rnd = random.Random(seed)
    first = Game(rulesets[seed % 3], seed)
    compared = 0
    for _ in range(60):
        yaz, pat, sol = (translated(first, ruleset) for ruleset in rulesets)
        allowed = drags(yaz)
        compared += bool(allowed)
        for path, other in ((TWINS[game][1], drags(pat)),
                            (TWINS[game][2], drags(sol, solkit=True, single=game in SOL_SINGLE_CARDS))):
            expected = {m for m in allowed if m[1] == 1} if path.endswith(".sol") and game in SOL_SINGLE_CARDS \
                else allowed
            assert other == expected, (f"{path} allows {sorted(other - expected)} and refuses "
                                       f"{sorted(expected - other)} in {first.to_position()}")
        moves = list(first.legal_moves)
        if not moves:
            break
        first.play(rnd.choice(moves))
    assert compared
