"""The solver on a game of every rule-file format: it searches the ruleset's own
legal moves, so the same search decides .sol, .pat, game.ini and CardsWorkShop
games, and every solution it gives replays to a win."""
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.loaders import load
from kingalbert.loaders.cdl import loads
from tests.helpers.solver import plain_verdict

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
SMALL_GOLF = """
game Small is 4 by 3;

stack Stock; stack Waste; stack C1; stack C2;

predicate Next?(c : card) is
  return (c mod 13 = Waste[Waste!] mod 13 + 1) or (c mod 13 + 1 = Waste[Waste!] mod 13);

stack Stock is
  X := 0; Y := 2;
  Start is begin Add Ace+Spade .. Six+Spade; Shuffle; Turn [1..!] side down; end;
  SelectFrom(Spos : index) is
    if ! > 0 then begin Pull 1 To Waste; Turn Waste[Waste!] side up; end;
end Stock;

stack Waste is
  X := 1; Y := 2;
  Start is begin Pull 1 From Stock; Turn [1] side up; end;
  SelectTo(Spos : index) is
    if Cursor! = 1 then if Next?(Cursor[1]) then Pull 1 From Cursor;
end Waste;

stack C1 is
  X := 0; Y := 0; Direction := down;
  Start is begin Pull 2 From Stock; Turn [1..2] side up; end;
  SelectFrom(Spos : index) is
    if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;
end C1;

stack C2 from C1 is X := 1; end C2;

predicate win? is return C1! + C2! = 0;

order Stock Waste C1 C2.
"""


def test_the_solver_decides_cardsworkshop_games_exactly():
    ruleset = loads(SMALL_GOLF, "small.cdl")
    verdicts = set()
    for seed in range(12):
        game = Game(ruleset, seed, PLAIN)
        result = solve(game, timeout=60)
        assert result.verdict == plain_verdict(game), seed
        if result.verdict == "winnable":
            assert replays_to_a_win(ruleset, seed, result.moves), seed
        verdicts.add(result.verdict)
    assert verdicts == {"winnable", "unwinnable"}
