"""Cards put into an empty pile (docs/solver.md, "Cards put into an empty pile"): where the
search goes through every position (``exhaustive``), a card put into an empty column or
cell of a ``.sol`` or ``game.ini`` game is offered only together with a move that touches
the pile it came from or went to (or another such card put out), and such a search agrees
with a plain exhaustive one."""
import pytest

from kingalbert.engine import Game
from kingalbert.engine.rules.compact import RulesState
from kingalbert.engine.solver import Budget
from kingalbert.engine.solver.compact import CHAIN, DRAG, parts
from kingalbert.engine.solver.search import search
from tests.helpers.solver import chained_agreement, check_parking_chains, plain_verdict, safe_move_follows, wins
from tests.helpers.solver import chained_search as chained_depth_first
from tests.helpers.solver_positions import bundled, reachable, seeded, small_rules_position, thinned_deal

GAMES = bundled("sol", "ini")
IDS = [label for label, _, _ in GAMES]


def game_named(label):
    return next(game for game in GAMES if game[0] == label)


def chained_search(ruleset, game, max_states):
    """Depth first from the position with the cards put into an empty pile chained."""
    state = RulesState(ruleset, game)
    return (state, *chained_depth_first(state, max_states))


def test_the_piles_that_take_cards_only_as_part_of_a_chain():
    found = {}
    for label, ruleset, options in GAMES:
        game = Game(ruleset, 1, options)
        state = RulesState(ruleset, game)
        found[label] = ([game.piles[i].name for i in sorted(state.parking)], state.parking_counts, state.proof_share)
    names, counts, share = found["sol:king_albert"]
    assert names == [f"col{k}" for k in range(1, 10)] and not counts and share > 0   # (not the reserve)
    names, counts, _ = found["sol:freecell"]
    assert names == [f"cell{k}" for k in range(1, 5)] + [f"col{k}" for k in range(1, 9)] and not counts
    # (YaZZle's FreeCell moves runs as far as free places allow: only single cards that leave
    # cards under them are chained there)
    assert found["ini:FreeCell:easy"][1]
    assert found["sol:canfield"][0] == [f"col{k}" for k in range(2, 6)]
    assert found["ini:Pyramid:easy"] == ([], False, 0.0)        # (an addition game)
    assert RulesState(*(lambda g: (g[1], Game(g[1], 1, g[2])))(game_named("sol:king_albert")),
                      plain=True).parking == frozenset()


def moves_into_empty_piles(state):
    """(Not from a pile whose cards wait: those have chains of their own.)"""
    return [move for move in state.generate(False) if parts(move)[0][0] == DRAG
            and parts(move)[0][3] in state.parking and not state.piles[parts(move)[0][3]]
            and parts(move)[0][1] not in state.waiting]


@pytest.mark.parametrize("label, ruleset, options", [game for game in GAMES if "Pyramid" not in game[0]], ids=lambda
                         value: value if isinstance(value, str) else "")
def test_a_card_put_into_an_empty_pile_comes_with_a_move_that_touches_either_pile(label, ruleset, options):
    """Along random lines: with ``exhaustive``, each such move is a chain whose next move
    takes a card from or puts one on the pile it came from or went to, or is another such
    move (or it stands alone where a safe move follows it); without, every one stands alone."""
    rng = seeded(label)
    chained = 0
    for game in reachable(ruleset, options, rng, seeds=3, steps=80):
        state = RulesState(ruleset, game)
        alone = moves_into_empty_piles(state)
        assert all(move[0] == DRAG for move in alone)
        chained += check_parking_chains(state)
    if label in ("sol:king_albert", "ini:KingAlbert:easy", "sol:freecell"):
        assert chained >= 10        # (random lines seldom empty a column elsewhere)


AGREEING = ["sol:king_albert", "ini:KingAlbert:easy", "sol:freecell", "sol:klondike", "ini:Yukon:easy",
            "sol:forty_thieves"]


def agreeing_positions(label, ruleset, options, rng):
    """King Albert: ``king_albert_piles`` positions (half of them all red, where dead ends are
    common); the others: thinned deals and small crowded positions."""
    from tests.helpers.solver_positions import king_albert_laid_out, king_albert_piles
    king_albert = "lbert" in label
    for k in range(40 if king_albert else 32):
        if king_albert:
            yield king_albert_laid_out(ruleset, options, king_albert_piles(rng, reserve_cards=(k % 4, 7),
                                                                           whole_suits=k % 2 == 1))
        elif k % 2:
            yield thinned_deal(ruleset, options, rng, 6, 10)
        else:
            rules = ruleset.rules_for(Game(ruleset, 0, options, deal=False))
            piles = sum(1 for rule in rules.piles if rule.role not in ("foundation", "stock", "waste"))
            yield small_rules_position(ruleset, options, rng, piles + rng.randint(0, 8), crowded=True)


@pytest.mark.slow
@pytest.mark.parametrize("label", AGREEING)
def test_search_with_cards_put_into_empty_piles_chained_agrees_with_plain_search(label):
    """Positions decided by a plain exhaustive search through ``Game``: depth first with the
    chains gives the same verdict, and its line wins."""
    _, ruleset, options = game_named(label)
    rng = seeded(label + ":parking")
    met, _ = chained_agreement(agreeing_positions(label, ruleset, options, rng),
                               lambda game: plain_verdict(game, max_states=3000),
                               lambda game: chained_search(ruleset, game, 200_000))
    assert met.get("winnable", 0) >= 8, met
    if "lbert" in label:
        assert met.get("unwinnable", 0) >= 1, met


def test_solkit_king_albert_deal_19_is_proved_lost_with_the_chains_and_not_soon_without():
    """Its positions are mostly cards put into empty columns: depth first with the chains
    goes through all of them in a few thousand; the same search without the chains has not
    finished after 20,000 (it takes 333,914)."""
    _, ruleset, options = game_named("sol:king_albert")
    game = Game(ruleset, 19, options)
    state, verdict, _ = chained_search(ruleset, game, 10_000)
    assert verdict == "unwinnable"
    plain = RulesState(ruleset, game)
    assert search(plain, Budget(None, None, 20_000), 1.0)[0] == "unknown"      # (best first, to the end)


def test_a_line_found_through_chains_is_written_out_and_wins():
    """SolKit's King Albert deal 17 is won by the first share of the time, depth first with
    the chains (in a few hundred positions): the line, its chains spelled out as the game's
    moves, wins, both as the search gives it and as ``solve`` does."""
    from kingalbert.engine.solver import solve
    _, ruleset, options = game_named("sol:king_albert")
    game = Game(ruleset, 17, options)
    state = RulesState(ruleset, game)
    # (the first share of 60 s, 3 s: it takes 0.4 s alone, and under the load of a CI's
    # workers a first share of 10 s ran out first, and best first won in 29,688)
    budget = Budget(60.0, None, None)
    verdict, tokens = budget.guarded(search, state, budget, state.befs_share)
    assert verdict == "winnable" and budget.states < 5_000
    assert any(move[0] == CHAIN for token in tokens[1:] for move in token[0])
    assert wins(game, state.game_moves(tokens))
    result = solve(game, timeout=10)
    assert result.verdict == "winnable" and wins(game, result.moves)


def test_a_line_is_written_out_through_single_moves_and_chains_alike():
    """``replay`` goes from a position to the next by a single move or by a chain, whichever
    the search took, even when the depth-first search left the chains on: a card put into
    an empty column alone (as best first puts it) is found again."""
    from kingalbert.engine.solver.search import replay
    label, ruleset, options = game_named("sol:king_albert")
    tried = 0
    for game in reachable(ruleset, options, seeded(label + ":replay"), seeds=10, steps=80):
        state = RulesState(ruleset, game)
        state.settle()
        root = state.key()
        for move in state.generate(False):
            if move[0] != DRAG or not state.parks(move) or safe_move_follows(state, move):
                continue
            token = state.apply(move)
            child = state.key()
            state.undo(token)
            state.exhaustive(True)          # (as the depth-first search leaves it)
            assert all(parts(chain)[0] != move for chain in state.generate(False) if chain[0] == DRAG)
            steps, went = replay(state, [root, child])
            assert went == [root, child] and state.key() == child
            tried += 1
            break
        if tried >= 5:
            break
    assert tried >= 5


def test_a_card_put_into_an_empty_column_comes_with_the_card_it_uncovered_going_up():
    """SolKit's King Albert near its end: the Three of Spades lies on the Two, the one empty
    column is the only place it can go, and every other card waits for the spades. The one
    way on is the Three into the empty column and the Two up: a chain whose second move
    takes the card from under the first (a follow-up list without such moves finds no way)."""
    from kingalbert.engine.solver import solve
    _, ruleset, options = game_named("sol:king_albert")
    suit = [f"{rank}{{}}" for rank in "A23456789TJQK"]
    piles = {"f1": [card.format("H") for card in suit], "f2": [card.format("C") for card in suit],
             "f3": [card.format("D") for card in suit], "f4": ["AS"], "col1": ["2S", "3S"], "col2": [],
             "col10": ["KS", "QS", "JS"]}
    for k, rank in enumerate("456789T", start=3):
        piles[f"col{k}"] = [f"{rank}S"]
    game = Game.from_position(ruleset, {"piles": [{"name": name, "cards": cards} for name, cards in piles.items()]},
                              options)
    state, verdict, tokens = chained_search(ruleset, game, 5000)
    assert verdict == "winnable" and wins(game, state.game_moves(tokens))
    first = RulesState(ruleset, game)
    first.exhaustive(True)
    col1, col2 = (next(i for i, pile in enumerate(game.piles) if pile.name == name) for name in ("col1", "col2"))
    into_empty = [move for move in first.generate(False) if parts(move)[0][1:] == (col1, 1, col2)]
    assert into_empty and all(move[0] == CHAIN for move in into_empty)
    assert solve(game, timeout=10).verdict == "winnable"
