"""The chain bound (``chains.py``): cards ``win?`` wants gone from stacks whose only way
out is onto a top-only sink must each find a card of their own to lie on there.  Read
from Golf's text (ranks one apart, nothing on a King), refused wherever the text lets a
card go another way; the matching against a plain count of every assignment; and every
position it calls lost is one the plain search proves lost."""
import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.chains import _matched, chain_bound
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import plain_verdict, verdicts_agree, wins

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
GOLF = (GAMES / "golf.cdl").read_text()
PLAIN = {"auto_finish": False, "auto_stack": False}


def bound_of(text: str):
    return chain_bound(loads(text, "t.cdl").program)


def test_golfs_columns_go_onto_its_waste_one_rank_apart_and_nothing_on_a_king():
    bound = bound_of(GOLF)
    assert bound is not None
    assert bound.sink == "waste"
    assert bound.sources == [f"c{k}" for k in range(1, 8)]
    # one class a rank (Ace = 0 .. King = 12, whatever the suit or face)
    for card in range(52):
        assert bound.kind[card] == bound.kind[card % 13]
        assert bound.kind[card + 52] == bound.kind[card]
    rank = {bound.kind[r]: r for r in range(13)}
    assert len(rank) == 13
    for k, under in enumerate(bound.under):
        assert sorted(rank[j] for j in under) == [r for r in (rank[k] - 1, rank[k] + 1) if 0 <= r < 12]


@pytest.mark.parametrize("name", ["klondike.cdl", "acesup.cdl", "canfield.cdl", "strategy.cdl", "calculation.cdl"])
def test_the_other_bundled_programs_have_none(name):
    assert bound_of((GAMES / name).read_text()) is None


ADJUST = """  SelectRightFrom(Spos : index) is
    if ! > 0 then
      if Next?([!]) then"""


@pytest.mark.parametrize("old, new", [
    # two cards at a time onto the waste
    ("          Pull 1 To Waste;", "          Pull 2 To Waste;"),
    # a column card can go to the stock (and stay there)
    ("stack Stock is\n  X := 0; Y := 4;",
     "stack Stock is\n  X := 0; Y := 4;\n  SelectTo(Spos : index) is Pull 1 From Cursor;"),
    # a card can leave play
    ("          holes := holes + 1;\n        end;\n  Help",
     "          holes := holes + 1;\n          Remove [!..!];\n        end;\n  Help"),
    # win? does not want the columns empty
    ("    return left = 0;", "    return left = 1;"),
    # the pull onto the waste goes somewhere a variable says
    ("          Pull 1 To Waste;", "          with w do Pull 1 To w for Waste;"),
])
def test_anything_that_lets_a_column_card_go_another_way_means_no_bound(old, new):
    assert old in GOLF
    assert bound_of(GOLF.replace(old, new)) is None


def test_a_test_between_the_condition_and_the_pull_is_not_read_as_its_guard():
    # something done between the test and the pull: the test says nothing of the pull
    text = GOLF.replace("        begin\n          Pull 1 To Waste;", "        begin\n          holes := holes;\n          Pull 1 To Waste;")
    assert text != GOLF
    bound = bound_of(text)
    assert bound is not None and len(bound.under) == 1      # any card may lie on any card


def test_a_pull_on_the_stack_integrity_runs_on_means_no_bound():
    # integrity? runs with no stack of its own: a pull there from the contextual stack could
    # take from any stack, even where the same procedure is also called from a column
    sweep = """procedure Sweep is
  if ! > 0 then Pull 1 To Waste;

stack Stock is
"""
    integrity = """predicate integrity? is
  begin
    Sweep;
    return true;
  end;

predicate win? is"""
    text = GOLF.replace("stack Stock is\n", sweep, 1).replace("predicate win? is", integrity)
    assert bound_of(text) is None
    also = text.replace("      Clear 'Column';", "      Clear 'Column';\n      Sweep;")
    assert also != text
    assert bound_of(also) is None


def test_a_guard_that_calls_a_routine_which_changes_the_position_is_no_guard():
    # (Take turns a stock card onto the waste before the pull: the top Next? read is gone)
    take = """function Take(c : card) : boolean is
  begin
    if Stock! > 0 then Pull 1 From Stock To Waste;
    return true;
  end;

stack Stock is"""
    text = GOLF.replace("stack Stock is\n", take + "\n", 1).replace(
        "      if Next?([!]) then\n        begin\n          Pull 1 To Waste;",
        "      if Next?([!]) and Take([!]) then\n        begin\n          Pull 1 To Waste;")
    assert "Take([!])" in text
    bound = bound_of(text)
    assert bound is not None and len(bound.under) == 1


def test_an_unguarded_way_to_the_waste_allows_every_pair():
    text = GOLF.replace(ADJUST, "  SelectRightFrom(Spos : index) is\n    if ! > 0 then\n      if true then")
    bound = bound_of(text)
    assert bound is not None and bound.under == [(0,)]


def brute(need, room, under) -> bool:
    """Every assignment of each needed unit to a room unit, tried."""
    units = [k for k, n in enumerate(need) for _ in range(n)]
    rooms = [j for j, n in enumerate(room) for _ in range(n)]
    if len(units) > len(rooms):
        return False
    for chosen in itertools.permutations(range(len(rooms)), len(units)):
        if all(rooms[r] in under[k] for k, r in zip(units, chosen)):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.lists(st.sets(st.integers(0, n - 1)), min_size=n, max_size=n))))
def test_the_matching_is_found_exactly_when_one_exists(case):
    need, room, under = case
    if sum(need) > 5 or sum(room) > 6:
        return
    assert _matched(need, room, [tuple(sorted(u)) for u in under]) == brute(need, room, under)


def test_a_matching_greedy_alone_would_miss():
    # class 0 may use rooms 0 or 1, class 1 only room 0: greedy gives room 0 to class 0 first
    assert _matched([1, 1], [1, 1], [(0, 1), (0,)])
    assert not _matched([1, 1], [1, 0], [(0, 1), (0,)])


def reached(game, rng, steps: int) -> list:
    """Positions along a random line of the game (the deal first)."""
    found = [game.to_position()]
    for _ in range(steps):
        moves = list(game.ruleset.legal_moves(game))
        if not moves or game.status != "playing":
            break
        game.play(rng.choice(moves))
        found.append(game.to_position())
    return found


@pytest.mark.slow
def test_small_golf_positions_it_calls_lost_are_lost_and_whole_deals_agree():
    for alike in (False, True):
        ruleset = loads(small_golf(3, alike=alike), "small.cdl")
        assert ruleset.chains is not None
        rng = random.Random(7)
        called = 0
        for seed in range(40):
            for position in reached(Game(ruleset, seed, PLAIN), rng, 12):
                game = Game.from_position(ruleset, position, PLAIN)
                if ruleset.chains.hopeless(ruleset.read_state(game).stacks):
                    called += 1
                    assert plain_verdict(game) == "unwinnable", position
        assert called >= 10
        assert verdicts_agree(ruleset, range(16), PLAIN) == {"winnable", "unwinnable"}


def late(position: dict, rng: random.Random) -> dict:
    """The deal with most cards gone to the waste: each column keeps none, one or now and then two cards,
    the stock two to eight (those dealt last), every other card lies on the waste face up
    in a random order, one of them on top."""
    piles = [dict(pile) for pile in position["piles"]]
    by_name = {pile["name"]: pile for pile in piles}
    gone = list(by_name["Waste"]["cards"])
    for pile in piles:
        if pile["name"].startswith("C"):
            keep = rng.randint(0, 1 + (rng.random() < 0.3))
            gone += pile["cards"][keep:]
            pile["cards"] = pile["cards"][:keep]
    stock = by_name["Stock"]["cards"]
    keep = rng.randint(2, 8)
    gone += [card.upper() for card in stock[keep:]]
    by_name["Stock"]["cards"] = stock[:keep]
    rng.shuffle(gone)
    by_name["Waste"]["cards"] = gone
    return {**position, "piles": piles}


@pytest.mark.slow
def test_late_golf_positions_it_calls_lost_are_lost():
    """Real Golf, with few cards left in play: the plain search decides them."""
    ruleset = loads(GOLF, "golf.cdl")
    rng = random.Random(3)
    called = won = 0
    for seed in range(1, 120):
        game = Game.from_position(ruleset, late(Game(ruleset, seed, PLAIN).to_position(), rng), PLAIN)
        verdict = plain_verdict(game)
        if ruleset.chains.hopeless(ruleset.read_state(game).stacks):
            called += 1
            assert verdict == "unwinnable", game.to_position()
        result = solve(game, timeout=None)
        assert result.verdict == verdict
        if verdict == "winnable":
            won += 1
            assert wins(game, result.moves)
    assert called >= 10 and won >= 10, (called, won)


def test_the_matchings_remembered_by_their_counts_answer_as_worked_out_afresh(monkeypatch):
    """Golf's positions met in random play, each asked twice, with room for only a few
    counts remembered (so the table starts afresh now and then): the bound says what a
    bound with nothing remembered says."""
    import kingalbert.loaders.cdl.chains as chains
    monkeypatch.setattr(chains, "MATCHES_KEPT", 5)
    ruleset = loads(GOLF, "golf.cdl")
    bound = ruleset.chains
    rng = random.Random(11)
    said = set()
    for seed in range(1, 25):
        for position in reached(Game(ruleset, seed, PLAIN), rng, 30):
            stacks = ruleset.read_state(Game.from_position(ruleset, position, PLAIN)).stacks
            fresh = chains.ChainBound(bound.sink, bound.sources, list(bound.kind[:52]), bound.under)
            for _ in range(2):
                assert bound.hopeless(stacks) == fresh.hopeless(stacks)
            said.add(fresh.hopeless(stacks))
    assert said == {True, False}
    assert 0 < len(bound._matched) <= 5
