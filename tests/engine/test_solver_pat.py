"""The solver on .pat games: its compact state plays exactly as ``Game`` does, and the
search with the reductions derived from the piles' rules agrees with a plain
exhaustive search."""
import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, solve
from kingalbert.engine.solver.search import search
from kingalbert.loaders.pat.compact import BYTE, PatState
from tests.helpers.solver_positions import bundled, check_compact_state, seeded, small_pat_position

GAMES = bundled("pat")
IDS = [label for label, _, _ in GAMES]
WITH_FOUNDATIONS = [game for game in GAMES if not any(name in game[0] for name in ("Pyramid", "Spider"))]


def contents(game):
    return [bytes(BYTE[card] for card in pile.cards) for pile in game.piles]


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", GAMES, ids=IDS)
def test_compact_state_plays_as_the_game_does(label, ruleset, options):
    def passes_agree(state, game):
        return state.extra == (game.vars.get("pass", 1), 1 if game.vars.get("emptied") else 0)
    check_compact_state(lambda game: PatState(ruleset, game, plain=True), contents, passes_agree, ruleset, options,
                        seeded(label), seeds=3, steps=40)


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", WITH_FOUNDATIONS, ids=[g[0] for g in WITH_FOUNDATIONS])
def test_reduced_search_agrees_with_plain_search(label, ruleset, options):
    rng = seeded(label)
    decided = 0
    for _ in range(12):
        game = small_pat_position(ruleset, options, rng, rng.randint(3, 10 // ruleset.decks))
        # the compact state with no reductions (it plays as Game does: the test above)
        truth = search(PatState(ruleset, game, plain=True), Budget(None, None, 20000))[0]
        if truth == "unknown":
            continue
        decided += 1
        result = solve(game, timeout=None)
        assert result.verdict == truth, game.to_position()
        if truth == "winnable":
            replay = Game.from_position(ruleset, game.to_position(), options)
            for move in result.moves:
                replay.play(move)
            assert replay.status == "won"
    assert decided >= 3


COME_BACK = {"a": "AC 2S", "b": "4C", "c": "AS 2C", "d": "4H 3S", "e": "3C", "f": "4S", "g": "5H 5C", "h": "5S"}


@pytest.mark.parametrize("name, comes_back", [("FreeCell", True), ("King Albert", False)])
def test_a_card_brought_back_from_its_foundation(name, comes_back):
    # FreeCell.pat lets a foundation's top card come back (so that a black Two can go on
    # it and free an Ace); King Albert.pat doesn't: the compact state offers exactly the
    # moves the game does, from the foundations too
    ruleset = next(r for label, r, _ in GAMES if label == f"pat:{name}")
    piles = Game(ruleset, 1, {}).piles
    foundation = next(pile for pile in piles if pile.role == "foundation")
    columns = [pile for pile in piles if pile.role == "tableau"]
    # the Three of Hearts on its foundation could go on the black Four at the bottom of a column
    position = {foundation.name: "AH 2H 3H", **{pile.name: cards for pile, cards in zip(columns, COME_BACK.values())}}
    game = Game.from_position(ruleset, {"piles": [{"name": k, "cards": v.split()} for k, v in position.items()]}, {})
    state = PatState(ruleset, game, plain=True)
    offered = sorted(str(state.game_move(m)) for m in state.generate(False))
    assert offered == sorted(str(m) for m in game.legal_moves)
    from_foundation = [m for m in game.legal_moves if m.src.lower() == foundation.name.lower()]
    assert bool(from_foundation) == comes_back, (foundation.name, offered)


def test_going_round_an_unlimited_stock_again_meets_the_positions_seen():
    """With no limit on passes the rules ask only whether a pass is the first, so the third
    pass is keyed as the second; the plain state counts every pass as the game does."""
    label, ruleset, options = next(game for game in GAMES if "Canfield" in game[0])
    game = Game(ruleset, 1, options)
    stock = game.piles[0].name

    def keys_each_round(state, rounds):
        keys, turned = [], 0
        while turned < rounds:
            before = len(state.piles[0])
            state.apply(next(move for move in state.generate(False) if move[0] == 1 and move[1] == 0))
            if len(state.piles[0]) > before:      # the waste turned over
                turned += 1
                keys.append(state.key())
        return keys
    second, third = keys_each_round(PatState(ruleset, game), 3)[1:]
    assert second == third
    plain = PatState(ruleset, game, plain=True)
    keys_each_round(plain, 3)
    assert plain.extra[0] == 4
    assert game.vars.get("pass", 1) == 1 and stock == "p1"


def test_a_move_through_empty_piles_is_single_legal_moves():
    """King Albert gives one card at a time: every move through empty piles its state offers
    is a series of moves the game accepts one by one, ending where the state's play ends."""
    from kingalbert.loaders.pat.compact import SEQ
    from tests.helpers.solver_positions import reachable
    label, ruleset, options = next(game for game in GAMES if "King Albert" in game[0])
    rng = seeded(label)
    offered = 0
    for game in reachable(ruleset, options, rng, seeds=8, steps=80):
        assert not any(move[0] == SEQ for move in PatState(ruleset, game, plain=True).generate(False))
        state = PatState(ruleset, game)
        for move in state.generate(True):
            if move[0] != SEQ:
                continue
            offered += 1
            token = state.apply(move)
            copy = Game.from_position(ruleset, game.to_position(), options)
            for step in state.expand(move):
                copy.play(step)         # raises if the rules refuse a step
            for extra in token[0][1:]:
                copy.play(state.game_move(extra))
            assert state.piles == contents(copy), (game.to_position(), move)
            state.undo(token)
            assert state.piles == contents(game)
    assert offered >= 5
