"""Cards put into an empty pile, in the `.pat` games (docs/solver.md, "Cards put into an
empty pile"): where the search goes through every position (``exhaustive``), a card put
into an empty pile of ``parking`` is offered only together with a move that touches the
pile it came from or went to (or another such card put out), and that search agrees with
a plain exhaustive one."""
import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget
from kingalbert.engine.solver.search import search
from kingalbert.loaders.pat.compact import PatState
from tests.helpers.solver import chained_agreement, check_parking_chains
from tests.helpers.solver import chained_search as chained_depth_first
from tests.helpers.solver_positions import bundled, reachable, seeded, small_pat_position

GAMES = bundled("pat")
PARKING = ["pat:King Albert", "pat:FreeCell", "pat:Klondike", "pat:Canfield", "pat:Forty Thieves"]


def game_named(label):
    return next(game for game in GAMES if game[0] == label)


def chained_search(ruleset, game, max_states):
    """Depth first with the cards put into an empty pile chained."""
    state = PatState(ruleset, game)
    return (state, *chained_depth_first(state, max_states))


def agree(ruleset, games, most) -> tuple[dict, int]:
    """``chained_agreement`` with the plain state deciding in ``most`` positions."""
    return chained_agreement(games, lambda game: search(PatState(ruleset, game, plain=True),
                                                        Budget(None, None, most))[0],
                             lambda game: chained_search(ruleset, game, 200_000))


def test_the_piles_that_take_cards_only_as_part_of_a_chain():
    found = {}
    for label, ruleset, options in GAMES:
        state = PatState(ruleset, Game(ruleset, 1, options))
        found[label] = (sorted(state.parking), state.parking_counts, state.proof_share)
    for label in PARKING:
        piles, counts, share = found[label]
        assert piles and counts and share > 0, label
    # (King Albert: its nine playing stacks, not the reserve; Canfield: its four tableau piles)
    ruleset = game_named("pat:King Albert")[1]
    game = Game(ruleset, 1)
    assert [game.piles[i].name for i in found["pat:King Albert"][0]] == [
        game.piles[i].name for i in range(1, len(game.piles)) if ruleset._role(i) == "tableau"
        and game.piles[i].name not in {game.piles[j].name for j in PatState(ruleset, game).waiting}][:9]
    assert len(found["pat:Canfield"][0]) == 4
    # (a pairs game, a stock that deals onto the piles: none)
    for label in ("pat:Pyramid", "pat:Spider", "pat:Little Mystery"):
        assert found[label] == ([], True, 0.0), label
    label, ruleset, options = game_named("pat:King Albert")
    assert PatState(ruleset, Game(ruleset, 1, options), plain=True).parking == frozenset()


@pytest.mark.parametrize("label", PARKING)
def test_a_card_put_into_an_empty_pile_comes_with_a_move_that_touches_either_pile(label):
    """Along random lines: with ``exhaustive``, each such move is a chain whose next move
    takes a card from or puts one on the pile it came from or went to, or is another such
    move (or it stands alone where a safe move follows it, or where it may not be chained:
    a run, or a card that empties its pile)."""
    _, ruleset, options = game_named(label)
    rng = seeded(label + ":parking")
    chained = sum(check_parking_chains(PatState(ruleset, game))
                  for game in reachable(ruleset, options, rng, seeds=4, steps=120))
    if label in ("pat:King Albert", "pat:FreeCell"):
        assert chained >= 10


def agreeing_positions(ruleset, options, rng):
    for _ in range(30):
        yield small_pat_position(ruleset, options, rng, rng.randint(3, 12 // ruleset.decks))


@pytest.mark.slow
@pytest.mark.parametrize("label", PARKING)
def test_search_with_cards_put_into_empty_piles_chained_agrees_with_plain_search(label):
    """Positions decided by a plain exhaustive search (the state with no reductions): depth
    first with the chains gives the same verdict, and its line wins."""
    _, ruleset, options = game_named(label)
    met, _ = agree(ruleset, agreeing_positions(ruleset, options, seeded(label + ":parking-agree")), 5000)
    assert sum(met.values()) >= 6, met


@pytest.mark.slow
def test_king_albert_positions_searched_with_the_chains_agree_with_plain_search():
    """Random small King Albert positions (those of the `.sol` test, laid out on the `.pat`
    game), decided by the plain state: the same verdicts depth first with the chains, and
    the winning lines, some through chains, win."""
    from tests.helpers.solver_positions import king_albert_laid_out, king_albert_piles
    _, ruleset, options = game_named("pat:King Albert")
    rng = seeded("pat:King Albert:parking-agree")
    games = (king_albert_laid_out(ruleset, options, king_albert_piles(rng, reserve_cards=(k % 4, 7),
                                                                     whole_suits=k % 2 == 1)) for k in range(100))
    met, chains = agree(ruleset, games, 3000)
    assert met.get("winnable", 0) >= 8 and met.get("unwinnable", 0) >= 2 and chains, (met, chains)


def test_pat_king_albert_deal_2_is_proved_lost_with_the_chains_and_not_soon_without():
    """A lost deal of 128,857 positions best first: depth first with the chains goes
    through all of them in 25,236."""
    _, ruleset, options = game_named("pat:King Albert")
    game = Game(ruleset, 2, options)
    _, verdict, _ = chained_search(ruleset, game, 30_000)
    assert verdict == "unwinnable"
    plain = PatState(ruleset, game)
    assert search(plain, Budget(None, None, 30_000), 1.0)[0] == "unknown"
