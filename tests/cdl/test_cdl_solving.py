"""What the solver is told of a CardsWorkShop program besides its moves: the score
that orders its search."""
from pathlib import Path

from kingalbert.engine import Game
from kingalbert.loaders.cdl import load

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}


def test_the_score_counts_a_card_played_from_a_fanned_stack_ahead_of_a_stock_card_turned():
    """Golf: a column card played to the waste looks like progress, a stock card turned
    onto it like none (the default score, counting a face-down card three and a
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
    assert scores[False] < scores[True] == before


def test_turning_the_stock_is_no_progress_and_turning_a_tableau_card_up_is():
    """Klondike: face-down cards count in the fanned stacks only.  Counted in the stock
    too, every stock card turned looked like progress, and the line (and Hint) of deal
    3 went round the stock seventeen times before playing the Nine of Hearts it could
    play at once."""
    ruleset = load(GAMES / "klondike.cdl")
    game = Game(ruleset, 3, PLAIN)
    before = ruleset.solver_score(game)
    moves = {str(move): move for move in ruleset.legal_moves(game)}
    game.push(moves["click:Stock"])
    assert ruleset.solver_score(game) == before
    game.pop()
    game.push(moves["T7>T1"])       # the Nine of Hearts onto the Ten of Spades: a card turned up under it
    assert ruleset.solver_score(game) == before - 1


def test_the_sizes_win_asks_for():
    from kingalbert.loaders.cdl.goals import goal_sizes
    foundations = {"f1": 13, "f2": 13, "f3": 13, "f4": 13}
    for name in ("klondike.cdl", "canfield.cdl", "calculation.cdl", "strategy.cdl"):
        assert goal_sizes(load(GAMES / name).program) == foundations, name
    # Aces Up's win? asks its fanned columns for one card each and its stock for none (no
    # cards gathered: left out, as its aces, which are no size); Golf's counts in a loop
    assert goal_sizes(load(GAMES / "acesup.cdl").program) == {}
    assert goal_sizes(load(GAMES / "golf.cdl").program) == {}


def test_a_card_going_up_is_progress():
    """Klondike: a card played from the waste to a foundation (neither fanned) lowers the
    score by the card win? still wants there."""
    ruleset = load(GAMES / "klondike.cdl")
    for seed in range(1, 40):
        game = Game(ruleset, seed, PLAIN)
        for _ in range(24):
            up = [move for move in ruleset.legal_moves(game) if move.src == "Waste" and move.dst.startswith("F")]
            if up:
                before = ruleset.solver_score(game)
                game.push(up[0])
                assert ruleset.solver_score(game) == before - 1
                return
            game.push(next(move for move in ruleset.legal_moves(game) if str(move) == "click:Stock"))
    raise AssertionError("no card went up from the waste")
