"""Variables a program only counts (``counters.py``): found where play code only adds or
takes constants and reads them nowhere else; the solver keys positions without them,
gives up before a count could overflow, and its verdicts stay the plain search's."""
from pathlib import Path

import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.loaders.cdl import load, loads
from kingalbert.loaders.cdl.counters import counters
from kingalbert.loaders.cdl.search import CdlState
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import verdicts_agree

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}
# the small Golf whose waste counts the cards played (``played := played + 1``)
COUNTING = small_golf(3, alike=True)


@pytest.mark.parametrize("name, expected", [
    ("golf.cdl", {"holes": 4}),          # counted in the waste's release and a column's ADJUST press
    ("klondike.cdl", {"turns": 2}),      # read by the stock's Help only
    ("canfield.cdl", {"redeals": 2}),    # and not its base rank, which play reads
    ("acesup.cdl", {"thrown": 2}),
    ("strategy.cdl", {"placed": 2}),     # and not the STACK variable
    ("calculation.cdl", {}),
])
def test_the_bundled_programs(name, expected):
    assert counters(load(GAMES / name).program) == expected


def test_the_small_golfs_count():
    assert counters(loads(COUNTING, "small.cdl").program) == {"played": 2}


@pytest.mark.parametrize("old, new", [
    # read by play code: in a condition, in a WRITE, counted from another variable
    ("if Next?(Cursor[1]) then", "if Next?(Cursor[1]) and (played < 9) then"),
    ("played := played + 1;", "played := played + 1; Write(played);"),
    ("played := played + 1;", "played := played + Waste!;"),
    # set otherwise: to a constant, the other way round, by a negative step
    ("played := played + 1;", "played := 0;"),
    ("played := played + 1;", "played := 1 + played;"),
    ("played := played + 1;", "played := played + (0 - 1);"),
    # counted in a loop, which may run any number of times
    ("played := played + 1;", "with c do played := played + 1 for C1, C2, C3;"),
])
def test_what_makes_it_no_counter(old, new):
    assert old in COUNTING
    assert counters(loads(COUNTING.replace(old, new, 1), "small.cdl").program) == {}


def test_counted_in_a_routine_it_is_no_counter():
    text = COUNTING.replace("played := played + 1;", "Count;").replace(
        "\nstack Stock is", "\nprocedure Count is played := played + 1;\n\nstack Stock is", 1)
    assert counters(loads(text, "small.cdl").program) == {}


def test_the_key_leaves_the_count_out():
    ruleset = loads(COUNTING, "small.cdl")
    game = Game(ruleset, 1, PLAIN)
    counted = Game(ruleset, 1, PLAIN)
    counted.vars["cdl:globals"] = {"played": 7}
    assert CdlState(ruleset, game).key() == CdlState(ruleset, counted).key()
    other = Game(ruleset, 2, PLAIN)
    assert CdlState(ruleset, game).key() != CdlState(ruleset, other).key()


def counting_move(ruleset, count: int):
    """A deal's state with the count at ``count``, and a move of it that counts."""
    for seed in range(20):
        game = Game(ruleset, seed, PLAIN)
        game.vars["cdl:globals"] = {"played": count}
        state = CdlState(ruleset, game)
        for entry in state.moves(None, False):
            token = state.apply(entry)
            counted = state.counts != (count,)
            state.undo(token)
            if counted:
                return state, entry
    raise AssertionError("no move counts")


def test_the_state_keeps_the_count_apart_and_holds_it_as_nought():
    """The search's state holds the counter at 0 (runs cannot tell one count from another)
    and keeps what it has counted beside: a move adds to that, undo takes it back."""
    ruleset = loads(COUNTING, "small.cdl")
    state, entry = counting_move(ruleset, 7)
    assert state.counts == (7,) and state.state.globals["played"] == 0
    token = state.apply(entry)
    assert state.counts == (8,) and state.state.globals["played"] == 0
    key = state.key()
    state.undo(token)
    assert state.counts == (7,)
    state.restore(key)
    assert state.counts == (8,)


def test_a_listing_worked_out_at_one_count_serves_every_other():
    ruleset = loads(COUNTING, "small.cdl")
    state, _ = counting_move(ruleset, 7)
    listing = [str(entry[0]) for entry in state.moves(None, False)]
    cache = ruleset.machine.cache
    misses = cache.misses
    other, _ = counting_move(ruleset, 3000)
    assert [str(entry[0]) for entry in other.moves(None, False)] == listing
    assert cache.misses == misses


def test_near_an_overflow_the_search_gives_no_verdict():
    """At 32,766 a transaction (a press and a release, each counting at most 1) could
    overflow: no verdict; from 32,759 the six plays leave it at 32,765 at most."""
    ruleset = loads(COUNTING, "small.cdl")
    for seed in range(20):
        game = Game(ruleset, seed, PLAIN)
        if solve(game, timeout=None).verdict == "unwinnable":
            break
    else:
        raise AssertionError("no unwinnable deal")
    game.vars["cdl:globals"] = {"played": 32766}
    assert solve(game, timeout=None).verdict == "unknown"
    game.vars["cdl:globals"] = {"played": 32759}      # 6 cards to play: at most 32765
    assert solve(game, timeout=None).verdict == "unwinnable"


@pytest.mark.slow
def test_search_without_the_count_agrees_with_plain_search():
    assert verdicts_agree(loads(COUNTING, "small.cdl"), range(16), PLAIN) == {"winnable", "unwinnable"}
