"""Restarts: a timed search gives a share of its time to short depth-first searches from
the root, each in a table of its own and in the state's order shuffled a little.  They
find wins the order alone finds late (SolKit's Yukon), every line they find wins, and
they never touch the search's own table: a lost deal is proved lost as before."""
import sys
from pathlib import Path

import pytest

from kingalbert.app.catalogue import load_ruleset
from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, make_state
from tests.helpers.solver import wins

search_module = sys.modules["kingalbert.engine.solver.search"]
GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games"


def _game(path, seed):
    ruleset = load_ruleset(None if path is None else str(GAMES / path))
    return Game(ruleset, seed, {"auto_finish": False, "auto_stack": False})


def test_the_luby_sequence():
    assert [search_module.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_a_shuffle_moves_each_move_back_a_few_places_at_most():
    game = _game("sol/yukon.sol", 1)
    state = make_state(game, Budget(None, None))
    restarts = search_module.Restarts(state, Budget(None, None), {}, state.key(), 0.25, 128, 4.0)
    moves = list(range(40))
    orders = {tuple(restarts.shuffled(moves)) for _ in range(20)}
    assert len(orders) > 10
    for order in orders:
        assert sorted(order) == moves
        # (a move goes back by up to 4 places; the moves behind it come forward for it)
        assert all(place - 4 <= move for place, move in enumerate(order))


@pytest.mark.parametrize("path, seed", [("sol/yukon.sol", 11), ("pat/Pyramid.pat", 15)])
def test_restarts_win_a_deal_that_the_order_alone_does_not_win_in_as_many_positions(path, seed):
    """SolKit's Yukon deal 11: won by an exact depth-first solver in 13,652 positions,
    undecided here in a minute before restarts (docs/solver.md, "Restarts"); the `.pat`
    Pyramid's deal 15, undecided in 10 s depth first alone."""
    game = _game(path, seed)
    budget = Budget(None, None)
    state = make_state(game, budget)
    exact = state.save()
    state.settle()
    root = state.key()
    restarts = search_module.Restarts(state, budget, {}, root, 0.25, 128, 4.0)
    line = None
    while line is None and restarts.made < 200:
        line = restarts.run()
    assert line is not None
    spent = budget.states
    # the order alone, depth first from the root, for as many positions: no win
    state.restore(root)
    verdict, _ = search_module._dfs(state, Budget(None, None), {root: None}, {}, root, limit=spent)
    assert verdict == "stopped"
    # the line written out, as the search writes out its own, wins the game
    state.load(exact)
    settled = state.settle()
    steps, _ = search_module.replay(state, [root] + line)
    assert wins(game, state.game_moves([settled] + steps))


#: lost deals, proved lost within seconds: the built-in King Albert's, Little Mystery's and
#: the `.pat` Klondike's, each searched best first and depth first alone
LOST = [(path, seed, share) for path, seed in ((None, 38), ("pat/Little Mystery.pat", 7), ("pat/Klondike.pat", 20))
        for share in (None, 0.0)]


@pytest.mark.parametrize("path, seed, share", LOST, ids=[f"{path}:{seed}:{share}" for path, seed, share in LOST])
def test_a_lost_deal_searched_with_restarts_after_every_position_is_still_proved_lost(path, seed, share,
                                                                                    monkeypatch):
    """Restarts in turn with every position best first expands (and first, for a search
    depth first alone) leave the search's own table alone."""
    game = _game(path, seed)
    made = []
    plain_run = search_module.Restarts.run

    def run(self):
        made.append(self.made)
        return plain_run(self)
    monkeypatch.setattr(search_module.Restarts, "run", run)
    monkeypatch.setattr(search_module.Restarts, "rest", lambda self: 0.0)

    def twenty(self, end):      # (depth first alone: twenty restarts first, not half the time)
        return next((line for _ in range(20) if (line := self.run()) is not None), None)
    monkeypatch.setattr(search_module.Restarts, "until", twenty)
    budget = Budget(600.0, None)
    state = make_state(game, budget)
    state.proof_share = 0.0     # (no first depth-first search: it would prove some at once)
    state.restarts = (0.5, 16, 4.0)
    if share is None:
        share = getattr(state, "befs_share", 0.5)
    verdict, _ = budget.guarded(search_module.search, state, budget, share)
    assert verdict == "unwinnable"
    assert made


def test_states_whose_order_of_moves_is_all_ask_for_restarts_and_the_others_do_not():
    """Those whose tableau gives any face-up cards (Yukon; YaZZle's format), and the `.pat`
    addition games, searched depth first alone (Pyramid)."""
    asking = {path for path in ("sol/yukon.sol", "yazzle/Yukon", "yazzle/FortyThieves", "sol/forty_thieves.sol",
                                "sol/klondike.sol", "sol/king_albert.sol", "yazzle/KingAlbert", "sol/freecell.sol",
                                "pat/Pyramid.pat", "cdl/golf.cdl")
              if getattr(make_state(_game(path, 1)), "restarts", None) is not None}
    assert asking == {"sol/yukon.sol", "yazzle/Yukon", "yazzle/FortyThieves", "pat/Pyramid.pat"}
    assert make_state(_game("sol/yukon.sol", 1)).restarts == search_module.RESTARTS


def test_a_yukon_deal_searched_with_restarts_is_won_by_its_line():
    """Restarts after every position best first expands, and the first a win: the line, as
    the search writes it out, wins."""
    game = _game("yazzle/Yukon", 11)
    budget = Budget(600.0, None)
    state = make_state(game, budget)
    state.proof_share = 0.0
    state.restarts = (0.99, 128, 4.0)
    found = []
    plain_run = search_module.Restarts.run

    def run(self):
        line = plain_run(self)
        found.append(line is not None)
        return line
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module.Restarts, "run", run)
        patch.setattr(search_module.Restarts, "rest", lambda self: 0.0)
        verdict, tokens = budget.guarded(search_module.search, state, budget, 0.99)
    assert verdict == "winnable" and found[-1]
    assert wins(game, state.game_moves(tokens))


def test_a_state_that_asks_for_no_restarts_gets_none(monkeypatch):
    made = []
    monkeypatch.setattr(search_module.Restarts, "run", lambda self: made.append(1))
    game = _game("sol/yukon.sol", 11)
    budget = Budget(0.5, None)
    state = make_state(game, budget)
    state.restarts = None
    budget.guarded(search_module.search, state, budget, 0.5)
    assert not made
