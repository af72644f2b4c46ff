"""The solver on a game of every rule-file format: it searches the ruleset's own
legal moves, so the same search decides .sol, .pat, game.ini and CardsWorkShop
games, and every solution it gives replays to a win."""
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.loaders import load
from kingalbert.loaders.cdl import loads
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import verdicts_agree

PLAIN = {"auto_finish": False, "auto_stack": False}


def bundled(key, name):
    return next(p for p in bundled_games()[key] if name in (p.name, p.parent.name))


def replays_to_a_win(ruleset, seed, moves):
    game = Game(ruleset, seed, PLAIN)
    for move in moves:
        game.play(move)
    return game.status == "won"


# deals each search decides in well under a second on the development machine
@pytest.mark.slow
@pytest.mark.parametrize("key, name, seed", [
    ("sol", "canfield.sol", 1),
    ("sol", "klondike.sol", 2),
    ("pat", "King Albert.pat", 1),
    ("pat", "Little Mystery.pat", 2),
    ("ini", "FortyThieves", 1),
    ("ini", "Yukon", 2),
])
def test_winnable_deals_of_the_declarative_formats(key, name, seed):
    ruleset = load(str(bundled(key, name)))
    result = solve(Game(ruleset, seed, PLAIN), timeout=60)
    assert result.verdict == "winnable"
    assert replays_to_a_win(ruleset, seed, result.moves)


def test_an_unwinnable_sol_deal_is_proved_so():
    ruleset = load(str(bundled("sol", "king_albert.sol")))
    assert solve(Game(ruleset, 1, PLAIN), timeout=60).verdict == "unwinnable"


# Golf with six spades: two columns of two, one card on the waste, one in the stock
SMALL_GOLF = small_golf(2, alike=False)


def test_the_solver_decides_cardsworkshop_games_exactly():
    assert verdicts_agree(loads(SMALL_GOLF, "small.cdl"), range(12), PLAIN) == {"winnable", "unwinnable"}
