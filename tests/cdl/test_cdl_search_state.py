"""The solver's own state for CardsWorkShop programs (``loaders/cdl/search.py``): it
searches the program's states without the game, runs win? and loose? once a position
rather than once a move, and decides as the search through ``Game`` does."""
import random
from pathlib import Path

import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, GameState, make_state, solve
from kingalbert.engine.solver.search import search
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.interpreter import Limits
from kingalbert.loaders.cdl.search import CdlState
from kingalbert.loaders.cdl.transactions import Machine, View, one_per_state
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import plain_verdict, verdicts_agree, wins

PLAIN = {"auto_finish": False, "auto_stack": False}
GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"

# a small Golf whose loose? fails (reads a card the waste hasn't got) once the first
# column has lost a card while the stock still has cards: every move from it that early is
# refused, so the positions after them are reached by no move
FAILING = small_golf(3, alike=False).replace("\norder ", """
predicate loose? is
  if (C1! < 2) and (Stock! > 0) then return Waste[99] = 0
  else return false;

order """)


def test_a_program_is_searched_in_its_own_states():
    ruleset = loads(small_golf(3, alike=True), "small.cdl")
    assert isinstance(make_state(Game(ruleset, 1, PLAIN)), CdlState)


@pytest.mark.parametrize("alike", [True, False])
def test_it_searches_the_positions_the_game_search_does_in_the_same_order(alike):
    """Same keys for the same positions, same moves in the same order: the two searches
    count the same positions and end alike, on every deal (the program's own state
    without the chain bound, which only it has: with it, the same verdicts in no more
    positions, and fewer on some deals)."""
    ruleset = loads(small_golf(3, alike=alike), "small.cdl")
    verdicts = set()
    fewer = 0
    for seed in range(12):
        game = Game(ruleset, seed, PLAIN)
        through_game, through_game_budget = GameState(game), Budget(None, None, None)
        own, own_budget = CdlState(ruleset, game), Budget(None, None, None)
        own.chains = None
        verdict, _ = search(through_game, through_game_budget, 0.0)
        assert search(own, own_budget, 0.0)[0] == verdict, seed
        assert own_budget.states == through_game_budget.states, seed
        bound, bound_budget = CdlState(ruleset, game), Budget(None, None, None)
        assert bound.chains is not None
        assert search(bound, bound_budget, 0.0)[0] == verdict, seed
        assert bound_budget.states <= own_budget.states, seed
        fewer += bound_budget.states < own_budget.states
        verdicts.add(verdict)
    assert verdicts == {"winnable", "unwinnable"}
    assert fewer


def test_a_position_on_which_the_verdicts_fail_is_a_dead_end():
    ruleset = loads(FAILING, "failing.cdl")
    refused = 0

    def visit(game, depth):
        nonlocal refused
        state = CdlState(ruleset, game)
        legal = list(ruleset.legal_moves(game))
        listed = {str(move) for move in legal}
        for entry in state.moves(None, False):
            token = state.apply(entry)
            if str(entry[0]) not in listed:       # a move play refuses: its position is a dead end
                refused += 1
                assert not state.is_won() and state.moves(None, True) == []
            state.undo(token)
        if depth:
            for move in legal:
                game.push(move)
                visit(game, depth - 1)
                game.pop()
    for seed in range(4):
        visit(Game(ruleset, seed, PLAIN), 4)
    assert refused > 0


def test_loose_runs_only_on_a_position_the_search_goes_on_from():
    """Best-first search meets many positions it never expands: win? runs on each,
    loose? only where the search asks whether the game is over there."""
    ruleset = loads(small_golf(3, alike=False), "small.cdl")
    state = CdlState(ruleset, Game(ruleset, 2, PLAIN))
    asked: list = []
    verdict = ruleset.machine.verdict
    ruleset.machine.verdict = lambda view, rng_state, routine: asked.append(routine) or verdict(
        view, rng_state, routine)
    entry = state.moves(None, False)[0]
    asked.clear()
    state.apply(entry)
    assert not state.is_won() and asked == ["win?"]
    assert state.verdicts() == (False, False) and asked == ["win?", "loose?"]


def test_a_won_position_on_which_loose_fails_is_no_win():
    """A move into a position where loose? fails is refused, even where win? says won:
    with a loose? that fails once the first column is empty, no deal is won."""
    plain = loads(small_golf(2, alike=False), "small.cdl")
    failing = loads(small_golf(2, alike=False).replace("\norder", "\npredicate loose? is return C1[1] = 0;\n\norder"),
                    "failing.cdl")
    won = [seed for seed in range(10) if solve(Game(plain, seed, PLAIN), timeout=None).verdict == "winnable"]
    assert won
    for seed in won:
        assert solve(Game(failing, seed, PLAIN), timeout=None).verdict == "unwinnable"


@pytest.mark.slow
def test_with_failing_verdicts_it_decides_as_the_plain_search():
    ruleset = loads(FAILING, "failing.cdl")
    assert verdicts_agree(ruleset, range(16), PLAIN) == {"winnable", "unwinnable"}


def test_undo_and_restore_give_the_position_back():
    ruleset = loads(small_golf(3, alike=True), "small.cdl")
    for seed in range(20):
        state = CdlState(ruleset, Game(ruleset, seed, PLAIN))
        entries = state.moves(None, False)
        if len(entries) > 1:
            break
    root = state.key()
    before = state.state
    keys = []
    for entry in entries:
        token = state.apply(entry)
        keys.append(state.key())
        state.undo(token)
        assert state.key() == root and state.state is before
    assert len(set(keys)) == len(keys) > 1
    state.restore(keys[0])
    assert state.key() == keys[0]
    state.restore(root)
    assert [str(entry[0]) for entry in state.moves(None, False)] == [str(entry[0]) for entry in entries]


def test_a_line_it_finds_wins_the_game():
    ruleset = loads(small_golf(3, alike=False), "small.cdl")
    for seed in range(20):
        game = Game(ruleset, seed, PLAIN)
        result = solve(game, timeout=None)
        assert result.verdict == plain_verdict(game), seed
        if result.verdict == "winnable":
            assert wins(game, result.moves)
            return
    raise AssertionError("no winnable deal")


def test_the_listing_without_verdicts_works_them_out_for_no_move():
    """The search's listing runs win? and loose? on no result (each position's are run
    once, when the search goes on from it)."""
    ruleset = loads(small_golf(3, alike=False), "small.cdl")
    game = Game(ruleset, 2, PLAIN)
    state = CdlState(ruleset, game)
    machine = ruleset.machine
    runs = []
    verdicts = machine.verdicts

    def counting(view, rng_state):
        runs.append(view)
        return verdicts(view, rng_state)
    machine.verdicts = counting
    listed = list(ruleset.accepted(View(state.state), state.rng, verdicts=False))
    assert listed and runs == []
    list(ruleset.accepted(View(state.state), state.rng))
    assert len(runs) == len(listed)


def decided_until_the_clock_stops_it(slow: str) -> None:
    """The program's deal 1 is decided with the usual limits, and not when a run of a
    thousandth of a second is stopped by the clock (on a ruleset of its own: the first
    one's run cache would answer)."""
    decided = loads(slow, "slow.cdl")
    assert solve(Game(decided, 1, PLAIN), timeout=None).verdict in ("winnable", "unwinnable")
    ruleset = loads(slow, "slow.cdl")
    game = Game(ruleset, 1, PLAIN)
    ruleset.limits = Limits(max_steps=10**9, max_seconds=0.001)
    assert solve(game, timeout=None).verdict == "unknown"


def test_a_verdict_the_wall_clock_stopped_ends_the_search_without_a_verdict():
    """A loose? the clock stops (not its step limit, which the position decides) says
    nothing about the position: no "unwinnable" from a search that met it."""
    slow = small_golf(3, alike=False).replace("\norder ", """
predicate loose? is
  var i : integer;
  begin
    i := 0;
    while i < 30000 + Stock! + Waste! + C1! + C2! + C3! do i := i + 1;
    return false;
  end;

order """)
    decided_until_the_clock_stops_it(slow)


def test_a_press_the_wall_clock_stopped_ends_the_search_without_a_verdict():
    """The listing drops a press that failed, as play would refuse it; one the clock
    stopped would have been refused only for want of time."""
    slow = small_golf(3, alike=False).replace("\nstack Stock is", """
predicate Slow?(n : integer) is
  var i : integer;
  begin
    i := 0;
    while i < n do i := i + 1;
    return true;
  end;

stack Stock is""", 1).replace("if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;",
                              "if Slow?(30000 + !) then if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;")
    assert "Slow?(30000" in slow
    decided_until_the_clock_stops_it(slow)



def listed(state: CdlState, ruleset) -> list:
    """The search's listing on a state's position: each move with the state it ends in,
    one move a state (``one_per_state``, as the search takes it: a remembered listing
    leaves out the moves it would leave out)."""
    entries = one_per_state(ruleset.accepted(View(state.state), state.rng, verdicts=False))
    return [(str(move), outcome.view.state().stacks, outcome.view.state().globals, outcome.rng_state)
            for _, move, _, outcome in entries]


def listed_afresh(state: CdlState, ruleset) -> list:
    """``listed`` by a machine that remembers nothing yet."""
    kept = ruleset.machine
    ruleset.machine = Machine(ruleset.program, kept.limits)
    try:
        return listed(state, ruleset)
    finally:
        ruleset.machine = kept


@pytest.mark.parametrize("name", ["golf.cdl", "acesup.cdl", "klondike.cdl", "canfield.cdl",
                                  "calculation.cdl", "strategy.cdl"])
def test_a_remembered_listing_is_the_listing_worked_out_afresh(name):
    """Along random lines of play, the listing the search's cache gives back (each
    stack's presses remembered whole, by what they and their releases read) is the
    one a machine that remembers nothing works out: the same moves to the same states."""
    ruleset = loads((GAMES / name).read_text(), name)
    pick = random.Random(name)
    compared = remembered = 0
    for seed in range(3):
        state = CdlState(ruleset, Game(ruleset, seed, PLAIN))
        for _ in range(25):
            entries = state.moves(None, False)
            if not entries:
                break
            for entry in entries:       # each position one move leads to (alike in much)
                token = state.apply(entry)
                hits = ruleset.machine.cache.hits
                found = listed(state, ruleset)
                remembered += ruleset.machine.cache.hits > hits
                assert found == listed_afresh(state, ruleset), (seed, compared)
                compared += 1
                state.undo(token)
            state.apply(pick.choice(entries))
    assert compared > 60 and remembered > compared // 2


def test_of_moves_alike_by_kind_the_one_that_adds_least_to_the_score_comes_first():
    """Aces Up's first position, deal 2: the Three of Hearts can be thrown away (a card
    fewer) or the stock dealt (four more on the columns): depth-first search, and Hint
    when the search has no line, try the throw first."""
    ruleset = loads((GAMES / "acesup.cdl").read_text(), "acesup.cdl")
    state = CdlState(ruleset, Game(ruleset, 2, PLAIN))
    moves = [str(state.game_move(entry)) for entry in state.moves(None, True)]
    assert moves == ["click:C4", "click:Stock"]
    assert [str(state.game_move(entry)) for entry in state.moves(None, False)] == ["click:Stock", "click:C4"]


def test_a_card_to_a_foundation_comes_first():
    """CardsWorkShop Klondike, deal 3, the stock turned four times: the Ace of Spades on the
    waste goes up to a foundation, or onto the Two of Hearts; depth-first search tries the
    foundation first, as the game's piles have it (the stacks win? asks a size of)."""
    ruleset = loads((GAMES / "klondike.cdl").read_text(), "klondike.cdl")
    game = Game(ruleset, 3, PLAIN)
    for _ in range(4):
        game.play("click:Stock")
    state = CdlState(ruleset, game)
    moves = [str(state.game_move(entry)) for entry in state.moves(None, True)]
    up = [n for n, move in enumerate(moves) if move.startswith("Waste>F")]
    assert up and moves.index("Waste>T3") > max(up) and min(up) == 0
