"""The score that weighs cards lying above a lower one of their suit: used, in two more
queues, by the declarative formats' states of games whose tableau builds by suit only
(``CompactState.WITH_BLOCKS``), and only by those."""
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine import Game
from kingalbert.engine.solver import make_state
from kingalbert.engine.solver.compact import CompactState, builds_by_suit_only, pile_share
from kingalbert.loaders import load

# card bytes as the compact states have them: suits C D H S, then rank, from 1
CLUBS = [1 + r for r in range(13)]
DIAMONDS = [14 + r for r in range(13)]


def bundled(key, name):
    return next(p for p in bundled_games()[key] if name in (p.name, p.parent.name))


def down_by(same_suit: bool) -> list[int]:
    """Per card code 0-51, the mask of the cards that go on it: one rank lower, of its own
    suit or of every suit."""
    masks = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        if rank == 0:
            masks.append(0)
        elif same_suit:
            masks.append(1 << (c - 1))
        else:
            masks.append(sum(1 << (s * 13 + rank - 1) for s in range(4)))
    return masks


def test_builds_by_suit_only():
    assert builds_by_suit_only([down_by(True)])
    assert builds_by_suit_only([down_by(True), down_by(True)])
    assert not builds_by_suit_only([down_by(True), down_by(False)])
    assert not builds_by_suit_only([down_by(False)])
    assert not builds_by_suit_only([[0] * 52])      # (nothing builds at all)
    assert not builds_by_suit_only([])


def test_pile_share_counts_the_cards_above_a_lower_one_of_their_suit():
    two, five, queen = CLUBS[1], CLUBS[4], CLUBS[11]
    three_d, queen_h = DIAMONDS[2], 27 + 11
    # three face-up cards, none on a card it fits on: 3 x (4 + 2)
    assert pile_share(bytes([five, three_d, queen_h]), None) == (18, 0)
    # the queen of clubs over the five
    assert pile_share(bytes([five, three_d, queen]), None) == (20, 1)
    # the five and the queen of clubs over the two: 2 more each
    assert pile_share(bytes([two, three_d, five, queen]), None) == (4 * 6 + 4, 2)
    # a face-down card counts 7 and starts nothing
    assert pile_share(bytes([two + 52, five]), None) == (7 + 6, 0)


@pytest.mark.parametrize("key, name, weighs", [
    ("sol", "forty_thieves.sol", True), ("pat", "Forty Thieves.pat", True), ("ini", "FortyThieves", True),
    ("pat", "Little Mystery.pat", True),
    ("sol", "klondike.sol", False), ("pat", "Klondike.pat", False), ("ini", "Klondike", False),
    ("sol", "king_albert.sol", False), ("pat", "King Albert.pat", False), ("pat", "Spider.pat", False),
    ("sol", "yukon.sol", False), ("pat", "Pyramid.pat", False),
])
def test_the_heavier_score_is_used_where_the_tableau_builds_by_suit(key, name, weighs):
    state = make_state(Game(load(bundled(key, name)), 3))
    assert state.weigh_blocks is weighs
    scores = state.scores(state.key())
    # (and two more where the cards of several piles wait: King Albert's reserve, test_solver_pat)
    wanted = 2 if name == "King Albert.pat" else 0
    assert (state.wanted is not None) is bool(wanted)
    assert len(scores) == len(state.weightings) == len(state.depth_weights) == (4 if weighs else 2) + wanted
    if weighs:
        assert state.depth_weights == CompactState.WITH_BLOCKS[1]
        # the heavier score is the plain one and 6 for each card over a lower one of its suit
        blocks = sum(pile_share(cards, None)[1] for i, cards in enumerate(state.keyed_piles())
                     if not state.facts.foundation[i]) if key == "pat" else sum(
            pile_share(cards, None)[1] for i, cards in enumerate(state.keyed_piles())
            if state.table.roles[i] != "foundation")
        assert blocks > 0
        assert scores[0] == scores[1] and scores[2] == scores[3] == scores[0] + CompactState.BLOCK_WEIGHT * blocks
