"""Beams: where a state asks for them (``beam``), a timed search first runs beam searches,
each round twice as wide as the one before, in a table of their own.  They may find a
win, never a loss: the search after them must run out of the same positions as it would
without them, and every line they find must win."""
import sys

import pytest

from kingalbert.app.catalogue import load_ruleset
from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, make_state
from kingalbert.loaders.cdl.search import CdlState
from tests.helpers.solver import wins

search_module = sys.modules["kingalbert.engine.solver.search"]

#: deals whose search runs out of positions within a few thousand (as test_solver_dives')
LOST = [(None, 38), ("sol/king_albert.sol", 8), ("pat/King Albert.pat", 17), ("pat/Klondike.pat", 20)]


def _game(path, seed):
    games = __import__("pathlib").Path(__file__).resolve().parents[2] / "kingalbert" / "games"
    ruleset = load_ruleset(None if path is None else str(games / path))
    return Game(ruleset, seed, {"auto_finish": False, "auto_stack": False})


def _search(game, monkeypatch, beam="own", seconds=600.0, share=0.99):
    """Search the game (no dives), with the state's own beams, none (None) or these
    (width, share); returns (verdict, moves, positions, [(the beams' verdict, positions)])."""
    monkeypatch.setattr(search_module, "DIVE_EVERY", 0.0)
    rounds: list = []
    plain = search_module._beams

    def counted(state, budget, *args):
        before = budget.states
        found = plain(state, budget, *args)
        rounds.append((found[0], budget.states - before))
        return found
    monkeypatch.setattr(search_module, "_beams", counted)
    budget = Budget(seconds, None)
    state = make_state(game, budget)
    state.proof_share = 0.0     # (no first depth-first search with chains: beams come first here)
    if beam is None:
        state.beam = None
    elif beam != "own":
        state.beam = beam
    verdict, tokens = budget.guarded(search_module.search, state, budget, share)
    moves = state.game_moves(tokens) if verdict == "winnable" else []
    return verdict, moves, budget.states, rounds


@pytest.mark.parametrize("path, seed", LOST, ids=[f"{path}:{seed}" for path, seed in LOST])
def test_a_search_after_beams_runs_out_of_the_same_positions(path, seed, monkeypatch):
    """Narrow beams on a lost deal (states with no ``progress`` or ``likeness`` of their own:
    the key and the first score serve) find nothing, widen until a round leaves nothing
    out, and the search after them still proves the loss in the same positions."""
    game = _game(path, seed)
    plain = _search(game, monkeypatch, None)
    assert plain[0] == "unwinnable" and not plain[3]
    beamed = _search(game, monkeypatch, (2, 0.5))
    assert beamed[0] == "unwinnable"
    (ended, met), = beamed[3]
    assert ended is None and met > 0
    assert beamed[2] == plain[2] + met


def test_calculation_is_won_by_a_beam_and_its_line_wins():
    """Calculation (its cards come in copies) asks for beams; deals 2 and 6 are won by the
    first round, 25 wide, in a few thousand positions, and the lines win the game."""
    for seed in (2, 6):
        game = _game("cdl/calculation.cdl", seed)
        with pytest.MonkeyPatch.context() as patch:
            verdict, moves, positions, rounds = _search(game, patch, seconds=60.0, share=0.5)
        assert verdict == "winnable" and wins(game, moves), seed
        assert rounds == [("winnable", positions - 1)] and positions < 10_000, seed


def test_only_the_programs_that_lay_their_cards_out_or_throw_them_away_ask_for_beams():
    """Calculation (its cards in copies) and Strategy (each card its own), whose searches
    weigh what the foundations want (``wanted.py``), and Aces Up, whose play REMOVEs cards;
    Strategy's likeness is its key."""
    for name, asked in (("calculation.cdl", CdlState.COPIES_BEAM), ("strategy.cdl", CdlState.BEAM),
                        ("golf.cdl", None), ("acesup.cdl", CdlState.REMOVING_BEAM), ("klondike.cdl", None),
                        ("canfield.cdl", None)):
        game = _game(f"cdl/{name}", 1)
        state = CdlState(game.ruleset, game)
        assert getattr(state, "beam", None) == asked, name
        assert game.ruleset.removes_cards == (name == "acesup.cdl"), name
        if name == "strategy.cdl":
            assert state.likeness() == state.key()
    for path in (None, "sol/king_albert.sol", "pat/Klondike.pat"):
        assert getattr(make_state(_game(path, 1), None), "beam", None) is None, path


def test_a_beam_meets_positions_that_differ_only_by_which_copy_lies_where_once():
    """Calculation's likeness: two Sixes of the stock swapped is another key, the same
    likeness; a Six swapped with a Seven is another likeness too."""
    game = _game("cdl/calculation.cdl", 3)
    state = CdlState(game.ruleset, game)
    stock = list(state.state.stacks["stock"])
    sixes = [i for i, card in enumerate(stock) if card % 52 % 13 == 5]
    seven = next(i for i, card in enumerate(stock) if card % 52 % 13 == 6)
    key, like = state.key(), state.likeness()

    def swapped(i, j):
        cards = list(stock)
        cards[i], cards[j] = cards[j], cards[i]
        other = state.state.copy()
        other.stacks["stock"] = tuple(cards)
        state.state, state._key = other, None
        return state.key(), state.likeness()
    other_key, other_like = swapped(sixes[0], sixes[1])
    assert other_key != key and other_like == like
    assert swapped(sixes[0], seven)[1] != like


def test_progress_counts_the_cards_win_gathers_and_the_value_the_blocks():
    game = _game("cdl/calculation.cdl", 3)
    state = CdlState(game.ruleset, game)
    assert state.progress() == 4                # (the four foundations' first cards)
    assert state.beam_value() == 0              # (nothing on the waste piles yet)


def test_a_beam_on_a_state_that_restores_a_symmetric_position_lists_its_moves_again():
    """A declarative state's ``restore`` may give a position symmetric to the one a key was
    made from (its columns in another order), so a beam that climbs must list the moves
    again there, not reuse those listed before: its line must win."""
    game = _game("pat/Forty Thieves.pat", 1)
    budget = Budget(60.0, None)
    state = make_state(game, budget)
    assert not hasattr(state, "here")
    foundations = [i for i, pile in enumerate(game.piles) if pile.role == "foundation"]
    assert len(foundations) == 8
    state.progress = lambda: sum(len(state.piles[i]) for i in foundations)
    state.beam = (50, 0.5)
    verdict, tokens = budget.guarded(search_module.search, state, budget, 0.99)
    assert verdict == "winnable" and wins(game, state.game_moves(tokens))


def test_best_first_search_gets_its_share_of_the_time_the_beams_left(monkeypatch):
    """After the beams, the best-first search's share (``befs_share``) and the dives are of
    the time left, not of the whole: with beams for half the time and best first for half
    of the rest, depth-first search from its open positions starts three quarters of the
    way (it started as soon as the beams stopped, so that best first never ran)."""
    game = _game("cdl/calculation.cdl", 7)      # (undecided in 10 s)
    times: dict = {}
    clock = search_module.time.perf_counter
    beams, dfs = search_module._beams, search_module._dfs

    def timed_beams(*args):
        found = beams(*args)
        times["beams"] = clock()
        return found

    def timed_dfs(state, budget, seen, known, start=None, until=None):
        if until is None:       # (not a dive: the depth-first search after best first)
            times.setdefault("dfs", clock())
        return dfs(state, budget, seen, known, start, until)
    monkeypatch.setattr(search_module, "_beams", timed_beams)
    monkeypatch.setattr(search_module, "_dfs", timed_dfs)
    budget = Budget(2.0, None)
    state = make_state(game, budget)
    state.beam = (25, 0.5)
    # (undecided: by itself, or stopped by the watchdog just past the deadline on a busy machine)
    found = budget.guarded(search_module.search, state, budget, 0.5)
    assert found is None or found[0] == "unknown"
    left = budget.deadline - times["beams"]
    assert left > 0.5
    assert times["dfs"] - times["beams"] > 0.3 * left


def test_a_beam_reuses_a_listing_only_in_the_very_position_it_was_made_in():
    """Calculation's waste piles are keyed as a group: a position with two of them swapped
    has the same key, and ``restore`` gives whichever arrangement made the key last; ``here()``
    tells the two apart, so a beam lists the moves again where the arrangement differs."""
    game = _game("cdl/calculation.cdl", 3)
    state = CdlState(game.ruleset, game)
    assert state.groups == [["w1", "w2", "w3", "w4"]]
    first = state.here()
    stock = state.state.stacks["stock"]
    one = state.state.copy()
    one.stacks["w1"], one.stacks["stock"] = stock[-1:], stock[:-1]
    other = state.state.copy()
    other.stacks["w2"], other.stacks["stock"] = stock[-1:], stock[:-1]
    state.state, state._key = one, None
    key = state.key()
    state.state, state._key = other, None
    assert state.key() == key
    state.restore(key)
    assert state.here() is other and state.here() is not one
    state.state, state._key = first, None
    assert state.here() is first


def test_strategy_s_beams_come_after_a_share_of_best_first_from_the_root(monkeypatch):
    """Strategy (each card its own class) asks for beams once best first has had
    ``beam_after`` of the time: easy deals are won best first in a few hundred positions;
    the beams then start from the root (the search's position is wherever it was)."""
    game = _game("cdl/strategy.cdl", 4)         # (undecided in 10 s)
    calls: list = []
    beams = search_module._beams

    def timed_beams(state, budget, *args):
        calls.append((search_module.time.perf_counter() - budget.start, state.key()))
        return beams(state, budget, *args)
    monkeypatch.setattr(search_module, "_beams", timed_beams)
    budget = Budget(2.0, None)
    state = make_state(game, budget)
    assert state.beam == CdlState.BEAM and state.beam_after == CdlState.BEAM_AFTER > 0
    root = state.key()
    # (undecided: by itself, or stopped by the watchdog just past the deadline on a busy machine)
    found = budget.guarded(search_module.search, state, budget, 0.5)
    assert found is None or found[0] == "unknown"
    (when, key), = calls
    assert when >= 2.0 * CdlState.BEAM_AFTER and key == root


def test_strategy_is_won_by_a_beam_where_best_first_finds_nothing_soon(monkeypatch):
    """Strategy's deal 11: best first alone finds no win in its first 10,000 positions; a
    beam does, and its line wins the game."""
    game = _game("cdl/strategy.cdl", 11)
    budget = Budget(None, None, 10_000)
    state = make_state(game, budget)
    assert budget.guarded(search_module.search, state, budget, 1.0)[0] == "unknown"
    monkeypatch.setattr(CdlState, "BEAM_AFTER", 0.01)
    verdict, moves, positions, rounds = _search(game, monkeypatch, seconds=60.0, share=0.5)
    assert verdict == "winnable" and wins(game, moves)
    assert rounds and rounds[-1][0] == "winnable" and positions < 30_000


def test_a_climb_tries_the_moves_onto_the_gathering_stacks_and_the_clicks():
    """``climb_moves``: of ``moves``, the drags released on the stacks ``progress`` counts and
    every click, in the same order; in Calculation every move that raises ``progress`` is
    one of them (positions along a random line of play)."""
    import random
    game = _game("cdl/calculation.cdl", 4)
    state = CdlState(game.ruleset, game)
    goals = {stack.name for stack in game.ruleset.program.order if stack.key in state.goals}
    assert len(goals) == 4
    rng = random.Random(4)
    seen_gain = 0
    for _ in range(40):
        every = state.moves(None, False)
        if not every:
            break
        climbed = state.climb_moves()
        expected = [entry for entry in every if entry[0].kind == "click" or entry[0].dst in goals]
        assert [entry[0] for entry in climbed] == [entry[0] for entry in expected]
        gained = state.progress()
        for entry in every:
            token = state.apply(entry)
            if state.progress() > gained:
                seen_gain += 1
                assert entry[0] in {move for move, _ in climbed}
            state.undo(token)
        state.apply(rng.choice(every))
    assert seen_gain > 5


def test_a_climb_by_its_own_moves_goes_as_one_by_every_move(monkeypatch):
    """Calculation's beams, with the climb trying every move instead of ``climb_moves``,
    win deals 2 and 3 in the very same positions, and the lines win."""
    for seed in (2, 3):
        game = _game("cdl/calculation.cdl", seed)
        with pytest.MonkeyPatch.context() as patch:
            own = _search(game, patch, seconds=120.0, share=0.9)
        with pytest.MonkeyPatch.context() as patch:
            patch.delattr(CdlState, "climb_moves")
            every = _search(game, patch, seconds=120.0, share=0.9)
        assert own[0] == every[0] == "winnable" and wins(game, own[1]), seed
        assert own[2] == every[2] and own[3] == every[3], seed


def test_aces_up_climbs_by_the_cards_it_throws_and_a_beam_wins_deal_3_soon(monkeypatch):
    """Aces Up: ``progress`` is the cards thrown away (a throw raises it, a deal doesn't); its
    deal 3, which best first alone does not win in 20,000 positions, a beam wins in a few
    thousand, and the line wins the game."""
    game = _game("cdl/acesup.cdl", 3)
    state = CdlState(game.ruleset, game)
    assert state.progress() == 0 and state.beam_after == CdlState.REMOVING_BEAM_AFTER
    deal = next(entry for entry in state.moves(None, False) if entry[0].kind == "click"
                and entry[0].src.lower() == "stock")
    token = state.apply(deal)
    assert state.progress() == 0
    throws = [entry for entry in state.moves(None, False) if entry[0].kind == "click"
              and entry[0].src.lower() != "stock"]
    assert throws
    state.apply(throws[0])
    assert state.progress() == 1
    state.undo(token)
    budget = Budget(None, None, 20_000)
    plain = make_state(game, budget)
    plain.beam = None
    assert budget.guarded(search_module.search, plain, budget, 1.0)[0] == "unknown"
    verdict, moves, positions, rounds = _search(game, monkeypatch, seconds=60.0, share=0.5)
    assert verdict == "winnable" and wins(game, moves)
    (found, met), = rounds        # (the beams' own positions: best first had a twentieth before)
    assert found == "winnable" and met < 10_000
