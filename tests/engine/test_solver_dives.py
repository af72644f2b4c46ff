"""Dives: a timed search now and then goes depth first from its best open position for
a while, and the positions of the line a dive stopped on are open again.  Forced after
every position, and stopped as soon as they may be, dives must leave every verdict as
it was, every exhaustive search counting the same positions, and every line winning."""
import sys

import pytest

from kingalbert.app.catalogue import load_ruleset
from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, make_state
from tests.helpers.solver import wins
from tests.helpers.solver_positions import bundled, seeded, small_rules_position

search_module = sys.modules["kingalbert.engine.solver.search"]

#: (small positions of these are won after a few dives, some of them stopped: those of the
#: other formats and games mostly at once, with no dive at all)
GAMES = [entry for entry in bundled("sol")
         if any(name in entry[0].lower() for name in ("king", "freecell", "canfield", "yukon", "klondike"))]


def _search(game, monkeypatch, every, length, own=None):
    """Search the game with a deadline far off and dives every ``every`` of it for
    ``length`` of it (0: no dives), or as the state says (``own``: its ``dives``);
    returns (verdict, moves, positions, the dives' ends)."""
    monkeypatch.setattr(search_module, "DIVE_EVERY", every)
    monkeypatch.setattr(search_module, "DIVE_FOR", length)
    ends: list[str] = []
    plain_dfs = search_module._dfs

    def counted(*args, **kwargs):
        found = plain_dfs(*args, **kwargs)
        if kwargs.get("until", args[5] if len(args) > 5 else None) is not None:
            ends.append(found[0])
        return found
    monkeypatch.setattr(search_module, "_dfs", counted)
    budget = Budget(600.0, None)
    state = make_state(game, budget)
    state.proof_share = 0.0     # (no first depth-first search with chains: only dives here)
    state.restarts = None       # (nor restarts: their positions would count too)
    if own is not None:
        state.dives = own
    verdict, tokens = budget.guarded(search_module.search, state, budget, 0.99)
    moves = state.game_moves(tokens) if verdict == "winnable" else []
    return verdict, moves, budget.states, ends


def _positions(label, ruleset, options, count):
    """Near the end of the game, more loose cards than piles to hold them."""
    rng = seeded(label)
    game = Game(ruleset, 0, options, deal=False)
    piles = sum(1 for rule in ruleset.rules_for(game).piles if rule.role not in ("foundation", "stock", "waste"))
    for _ in range(count):
        yield small_rules_position(ruleset, options, rng, piles + rng.randint(0, 8), crowded=True)


#: deals whose search runs out of positions within a few thousand (built-in King Albert,
#: SolKit's, `.pat` King Albert, Little Mystery and Klondike)
LOST = [(None, 38), (None, 99), ("sol/king_albert.sol", 8), ("sol/king_albert.sol", 5),
        ("pat/King Albert.pat", 17), ("pat/Little Mystery.pat", 7),
        ("pat/Klondike.pat", 20)]


def _game(path, seed):
    games = __import__("pathlib").Path(__file__).resolve().parents[2] / "kingalbert" / "games"
    ruleset = load_ruleset(None if path is None else str(games / path))
    return Game(ruleset, seed, {"auto_finish": False, "auto_stack": False})


@pytest.mark.parametrize("path, seed", LOST, ids=[f"{path}:{seed}" for path, seed in LOST])
def test_a_search_with_dives_runs_out_of_the_same_positions(path, seed, monkeypatch):
    game = _game(path, seed)
    plain = _search(game, monkeypatch, 0.0, 0.0)
    assert plain[0] == "unwinnable" and not plain[3]
    # a dive after every position expanded, stopped at its first new position
    dived = _search(game, monkeypatch, 1e-12, 1e-12)
    assert dived[0] == "unwinnable" and dived[2] == plain[2]
    assert "stopped" in dived[3]


def test_a_state_that_says_how_often_to_dive_is_heard():
    """Where a state declares its ``dives`` the search takes them instead of its own: with
    none by default, a state's dive after every position changes no verdict and no count."""
    path, seed = LOST[2]
    game = _game(path, seed)
    found = []
    for every, own in ((0.0, None), (0.0, (1e-12, 1e-12)), (1e-12, (0.0, 0.0))):
        with pytest.MonkeyPatch.context() as patch:
            verdict, _, positions, ends = _search(game, patch, every, every, own)
        found.append((verdict, positions, "stopped" in ends, bool(ends)))
    plain, dived, quiet = found
    assert plain[:2] == dived[:2] == quiet[:2] and plain[0] == "unwinnable"
    assert not plain[3] and dived[2] and not quiet[3]


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", GAMES, ids=[entry[0] for entry in GAMES])
def test_lines_found_with_dives_win(label, ruleset, options, monkeypatch):
    ends: list[str] = []
    for game in _positions(label, ruleset, options, 10):
        verdict, moves, _, stops = _search(game, monkeypatch, 1e-12, 1e-12)
        assert verdict == "winnable" and wins(game, moves), game.to_position()
        ends += stops
    assert "stopped" in ends


def test_a_king_albert_deal_searched_with_dives_is_won_by_its_line(monkeypatch):
    game = _game(None, 3)
    verdict, moves, _, ends = _search(game, monkeypatch, 1e-6, 1e-7)
    assert ends and verdict == "winnable" and wins(game, moves)


def test_a_cardsworkshop_search_with_dives_runs_out_of_the_same_positions(monkeypatch):
    """A program's positions are kept for coming back to only as best-first search
    reaches them: those of a line a dive left off are kept when the search opens them."""
    from kingalbert.loaders.cdl import loads
    from tests.helpers.cdl_programs import small_golf
    ruleset = loads(small_golf(3, alike=True), "small.cdl")
    lost, ends = 0, []
    for seed in range(12):
        game = Game(ruleset, seed, {"auto_finish": False, "auto_stack": False})
        plain = _search(game, monkeypatch, 0.0, 0.0)
        if plain[0] != "unwinnable":
            continue
        dived = _search(game, monkeypatch, 1e-12, 1e-12)
        assert dived[0] == "unwinnable" and dived[2] == plain[2], seed
        lost += 1
        ends += dived[3]
    assert lost >= 3 and "stopped" in ends


def test_an_aces_up_deal_searched_with_dives_is_won_by_its_line(monkeypatch):
    game = _game("cdl/acesup.cdl", 1)
    verdict, moves, _, ends = _search(game, monkeypatch, 1e-6, 1e-7)
    assert ends and verdict == "winnable" and wins(game, moves)


def test_the_shallowest_open_position_comes_first_and_closed_ones_are_passed_over():
    shallowest = search_module.Shallowest()
    opened = []
    for number, depth in enumerate([0, 1, 1, 2, 2, 3]):
        opened.append(f"p{number}")
        shallowest.add(number, depth)
    opened[0] = None                        # the root, expanded
    assert shallowest.pop(opened) == 1
    opened[1] = None
    opened[2] = None                        # expanded by best-first search meanwhile
    assert shallowest.pop(opened) == 3
    opened[3] = None
    # a dive's line open again, one of its positions nearer the root than any open now
    opened.append("again")
    shallowest.add(6, 1)
    assert shallowest.pop(opened) == 6
    opened[6] = None
    assert shallowest.pop(opened) == 4
    opened[4] = None
    assert shallowest.pop(opened) == 5
    opened[5] = None
    assert shallowest.pop(opened) is None


@pytest.mark.parametrize("path, seed", LOST[:4], ids=[f"{path}:{seed}" for path, seed in LOST[:4]])
def test_dives_from_the_shallowest_open_position_run_out_of_the_same_positions(path, seed, monkeypatch):
    """Every dive from the open position nearest the root (``SHALLOW_DIVES`` 1): the same
    positions as without dives, and the dives did start there."""
    game = _game(path, seed)
    plain = _search(game, monkeypatch, 0.0, 0.0)
    monkeypatch.setattr(search_module, "SHALLOW_DIVES", 1)
    depths_taken = []
    plain_pop = search_module.Shallowest.pop

    def pop(self, opened):
        number = plain_pop(self, opened)
        if number is not None:
            depths_taken.append(self.low)
        return number
    monkeypatch.setattr(search_module.Shallowest, "pop", pop)
    dived = _search(game, monkeypatch, 1e-12, 1e-12)
    assert plain[0] == dived[0] == "unwinnable" and dived[2] == plain[2]
    assert "stopped" in dived[3] and depths_taken
    # (best first goes deep quickly; the shallow dives keep coming back near the root)
    assert min(depths_taken) <= 2


def test_a_state_may_ask_for_no_dives_from_the_shallowest(monkeypatch):
    game = _game(*LOST[2])
    taken = []
    plain_pop = search_module.Shallowest.pop
    monkeypatch.setattr(search_module.Shallowest, "pop",
                        lambda self, opened: taken.append(1) or plain_pop(self, opened))
    budget = Budget(600.0, None)
    state = make_state(game, budget)
    state.proof_share = 0.0
    state.dives = (1e-12, 1e-12)
    state.shallow_dives = 0
    verdict, _ = budget.guarded(search_module.search, state, budget, 0.99)
    assert verdict == "unwinnable" and not taken
    budget = Budget(600.0, None)
    state = make_state(game, budget)
    state.proof_share = 0.0                 # (only dives here)
    state.dives = (1e-12, 1e-12)            # (and the default: every second dive)
    verdict, _ = budget.guarded(search_module.search, state, budget, 0.99)
    assert verdict == "unwinnable" and taken
