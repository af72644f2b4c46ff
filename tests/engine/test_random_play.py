"""Random play through the engine: nothing lost, every listed move accepted, undo gives back the deal."""
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=120),
       auto_stack=st.booleans(), auto_finish=st.booleans())
def test_random_king_albert_games(seed, choices, auto_stack, auto_finish):
    game = Game(KingAlbert(), seed, {"auto_stack": auto_stack, "auto_finish": auto_finish})
    deal = game.to_position()
    full = Counter((card.rank, card.suit) for card in game.cards())
    for choice in choices:
        moves = list(game.legal_moves)
        if not moves:
            break
        for move in moves:
            assert game.is_legal(move), move
        game.play(moves[choice % len(moves)])
        assert Counter((card.rank, card.suit) for card in game.cards()) == full
    while game.undo():
        pass
    assert game.to_position() == deal
