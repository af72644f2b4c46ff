"""What the solver is told of a CardsWorkShop program besides its moves: the score
that orders its search."""
from pathlib import Path

from kingalbert.engine import Game
from kingalbert.loaders.cdl import load

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}


def test_the_score_counts_a_card_played_from_a_fanned_stack_ahead_of_a_stock_card_turned():
    """Golf: a column card played to the waste looks like more progress than a stock
    card turned onto it (the default score, counting a face-down card three and a
    face-up one one, had it the other way round, and the search went down the stock
    first)."""
    ruleset = load(GAMES / "golf.cdl")
    for seed in range(1, 30):
        game = Game(ruleset, seed, PLAIN)
        moves = list(ruleset.legal_moves(game))
        plays = [move for move in moves if move.src.startswith("C")]
        turns = [move for move in moves if move.src == "Stock"]
        if plays and turns:
            break
    else:
        raise AssertionError("no deal with both a play and a stock turn")
    before = ruleset.solver_score(game)
    scores = {}
    for move in (plays[0], turns[0]):
        game.push(move)
        scores[move.src == "Stock"] = ruleset.solver_score(game)
        game.pop()
    assert scores[False] < scores[True] < before
