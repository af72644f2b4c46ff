"""Variables a transaction sets before it reads them (``transients.py``): found where
every press that picks cards up sets them first and only releases read them; the
solver keys positions without them, and its verdicts stay the plain search's."""
from pathlib import Path

import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget
from kingalbert.engine.solver.search import search
from kingalbert.loaders.cdl import load, loads
from kingalbert.loaders.cdl.search import CdlState
from kingalbert.loaders.cdl.transients import transients
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import verdicts_agree

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}
# the small Golf whose columns remember, in each press, that the card came from a column,
# and whose waste takes a card only from a column or the stock (it is never from anywhere else)
PRESS = "if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;"
RELEASE = "SelectTo(Spos : index) is\n    if Cursor! = 1 then"
SOURCE = (small_golf(4, alike=False)
          .replace("\nstack Stock;", "\nvar origin : stack;\n\nstack Stock;", 1)
          .replace(PRESS, "if (Spos = !) and (Spos > 0) then begin origin := Self; Pull 1 To Cursor; end;", 1)
          .replace(RELEASE, "SelectTo(Spos : index) is\n    if (Cursor! = 1) and (origin <> Stock) then", 1))

# three columns of two of eight cards that go to one pile, each a rank from its top, straight
# or through a cell that holds one: a card played through the cell leaves the cards as a
# card played straight, ORIGIN the cell instead of its column
PAIRS = """
game Pairs is 5 by 3;

var origin : stack;

stack Stock; stack Pile; stack Cell; stack C1; stack C2; stack C3;

function Step(c : card) : integer is
  return (c mod 13 - Pile[Pile!] mod 13 + 13) mod 13;

stack Stock is
  X := 4; Y := 2;
  Start is begin Add Ace+Spade .. Eight+Spade; Shuffle; Turn [1..!] side down; end;
end Stock;

stack Pile is
  X := 1; Y := 2;
  SelectTo(Spos : index) is
    if (Cursor! = 1) and (origin <> Stock) then
      if (! = 0) or (Step(Cursor[1]) = 1) or (Step(Cursor[1]) = 12) then Pull 1 From Cursor;
end Pile;

stack Cell is
  X := 3; Y := 0;
  SelectFrom(Spos : index) is
    if ! > 0 then begin origin := Self; Pull 1 To Cursor; end;
  SelectTo(Spos : index) is
    if (Cursor! = 1) and (! = 0) then Pull 1 From Cursor;
end Cell;

stack C1 is
  X := 0; Y := 0; Direction := down;
  Start is begin Pull 2 From Stock; Turn [1..2] side up; end;
  SelectFrom(Spos : index) is
    if (Spos = !) and (Spos > 0) then begin origin := Self; Pull 1 To Cursor; end;
end C1;

stack C2 from C1 is X := 1; end C2;
stack C3 from C1 is X := 2; end C3;

predicate win? is return C1! + C2! + C3! + Cell! = 0;

order Stock Pile Cell C1 C2 C3.
"""


@pytest.mark.parametrize("name, expected", [
    ("calculation.cdl", ["source"]),     # set by the stock's and each waste pile's press, read by a release
    ("strategy.cdl", ["source"]),        # and not the counter of cards placed
    ("golf.cdl", []), ("klondike.cdl", []), ("canfield.cdl", []), ("acesup.cdl", []),
])
def test_the_bundled_programs(name, expected):
    assert transients(load(GAMES / name).program) == expected


def test_a_small_program():
    assert transients(loads(SOURCE, "small.cdl").program) == ["origin"]


@pytest.mark.parametrize("old, new", [
    # the press picks the card up before it says where from
    ("begin origin := Self; Pull 1 To Cursor; end", "begin Pull 1 To Cursor; origin := Self; end"),
    # set on one way only
    ("begin origin := Self; Pull 1 To Cursor; end", "begin if ! > 1 then origin := Self; Pull 1 To Cursor; end"),
    # read by a press
    ("begin origin := Self; Pull 1 To Cursor; end", "begin origin := Self; if origin = Stock then Pull 1 To Cursor; end"),
    # read in a routine (anything may call one)
    ("predicate Next?(c : card) is\n  return", "predicate Next?(c : card) is\n  return (origin <> Stock) and"),
])
def test_what_makes_a_variable_no_transient(old, new):
    text = SOURCE.replace(old, new, 1)
    assert text != SOURCE
    assert transients(loads(text, "small.cdl").program) == []


def test_a_release_reads_it_in_integrity_too():
    text = SOURCE.replace("\norder", "\npredicate integrity? is return origin <> Waste;\n\norder", 1)
    assert transients(loads(text, "small.cdl").program) == []


def test_the_key_leaves_it_out():
    ruleset = loads(SOURCE, "small.cdl")
    game, other = Game(ruleset, 1, PLAIN), Game(ruleset, 1, PLAIN)
    game.vars["cdl:globals"] = {"origin": "C1"}         # (a STACK value by its name)
    other.vars["cdl:globals"] = {"origin": "Stock"}
    assert ruleset.read_state(game).globals != ruleset.read_state(other).globals
    assert CdlState(ruleset, game).key() == CdlState(ruleset, other).key()


def test_a_search_meets_fewer_positions():
    """Without the reduction a position comes once for each column its last card came from."""
    ruleset = loads(PAIRS, "pairs.cdl")
    assert transients(ruleset.program) == ["origin"]
    fewer = 0
    for seed in range(12):
        game = Game(ruleset, seed, PLAIN)
        with_it, without = Budget(None, None, None), Budget(None, None, None)
        state = CdlState(ruleset, game)
        verdict = search(state, with_it, 0.0)[0]
        plain = CdlState(ruleset, game)
        plain.pinned, plain.kept = {}, [True] * len(plain.kept)
        assert search(plain, without, 0.0)[0] == verdict
        assert with_it.states <= without.states
        fewer += with_it.states < without.states
    assert fewer > 0


@pytest.mark.slow
def test_search_without_it_agrees_with_plain_search():
    assert verdicts_agree(loads(PAIRS, "pairs.cdl"), range(16), PLAIN) == {"winnable", "unwinnable"}
