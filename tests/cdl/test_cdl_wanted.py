"""What the foundations of a CardsWorkShop program take, and when (``loaders/cdl/wanted.py``),
learned by asking their release methods; and the search queues that score by it where a
program lays its cards out from the stock (Strategy, Calculation)."""
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.loaders.cdl import load
from kingalbert.loaders.cdl.search import CdlState
from kingalbert.loaders.cdl.wanted import Wanted
from tests.helpers.solver import wins

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}
# CARD numbers: a suit's thirteen from the Ace, spades, hearts, clubs, diamonds
SPADES, HEARTS = range(13), range(13, 26)
ACE, TWO, THREE, FOUR, KING = 0, 1, 2, 3, 12


def _wanted(name: str, seed: int = 1) -> Wanted:
    ruleset = load(GAMES / name)
    state = CdlState(ruleset, Game(ruleset, seed, PLAIN))
    assert state.wanted is not None
    return state.wanted


def test_strategy_s_foundations_take_each_suit_from_the_ace_up():
    wanted = _wanted("strategy.cdl")
    assert wanted.levels == {card: card % 13 for card in range(52)}
    chains = sorted(wanted.chains, key=lambda chain: min(chain[0]))
    assert [[set(cards) for cards in chain] for chain in chains] == \
        [[{suit + rank} for rank in range(13)] for suit in (0, 13, 26, 39)]


def test_calculation_s_foundations_take_any_card_of_the_rank_their_step_comes_to():
    """The second foundation starts on a Two and builds by twos whatever the suit: any
    Four first; every King is the last card of every foundation (level 11, after the
    twelve cards each still wants), every Two the first card of the first."""
    ruleset = load(GAMES / "calculation.cdl")
    game = Game(ruleset, 3, PLAIN)
    state = CdlState(ruleset, game)
    wanted = state.wanted
    assert wanted is not None
    on_foundations = {card % 52 for key in state.goals for card in state.state.stacks[key]}
    fours = {card for card in range(52) if card % 13 == FOUR} - on_foundations
    second = next(chain for chain in wanted.chains if chain[0] == frozenset(fours))
    assert len(second) == 12 and all(card % 13 == 5 for card in second[1])      # then the Sixes
    assert all(wanted.levels[card] == 11 for card in range(52) if card % 13 == KING)
    assert all(wanted.levels[card] == 0 for card in range(52) if card % 13 == TWO and card not in on_foundations)


def test_only_a_program_that_lays_its_cards_out_is_asked():
    """Klondike and Canfield deal a tableau (the queues cost them deals, measured); Golf and
    Aces Up have no stacks win? gathers cards on."""
    for name, asked in (("strategy.cdl", True), ("calculation.cdl", True), ("klondike.cdl", False),
                        ("canfield.cdl", False), ("golf.cdl", False), ("acesup.cdl", False)):
        ruleset = load(GAMES / name)
        state = CdlState(ruleset, Game(ruleset, 1, PLAIN))
        assert (state.wanted is not None) is asked, name
        assert len(state.weightings) == (3 if asked else 1), name


def _blocks(wanted: Wanted, cards: tuple) -> int:
    return wanted.blocks(cards, wanted.needs(list(wanted.sizes), [cards]))


def test_a_card_above_one_wanted_sooner_is_a_block():
    wanted = _wanted("strategy.cdl")
    two, king = SPADES[TWO], SPADES[KING]
    assert _blocks(wanted, (king, two)) == 0          # the Two on the King: it goes up first
    assert _blocks(wanted, (two, king)) == 1
    assert _blocks(wanted, (HEARTS[ACE], two, king)) == 3     # the King above both, the Two above the Ace
    assert _blocks(wanted, (two + 104, king + 52)) == 1  # shaded or face down, the same cards


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 155), max_size=30), st.dictionaries(st.integers(0, 51), st.integers(0, 99)))
def test_blocks_are_the_pairs_of_a_card_above_one_wanted_sooner(cards, need):
    """``blocks`` counts, in a stack, each pair of a card lying above (later in the stack
    than) one whose want comes sooner; a card no want names is wanted at 99 (never)."""
    level = [need.get(card % 52, 99) for card in cards]
    pairs = sum(1 for i in range(len(cards)) for j in range(i) if level[j] < level[i])
    assert Wanted.blocks(tuple(cards), need) == pairs


def test_where_each_card_is_its_own_class_its_level_says_when():
    """Strategy: each card is its own class, wanted at its level however far the
    foundations have come (reckoned again from them, it cost deals: docs/solver.md)."""
    wanted = _wanted("strategy.cdl")
    assert not wanted.copies
    stack = (SPADES[THREE], SPADES[TWO])
    heights = [size + 1 for size in wanted.sizes]
    for need in (wanted.needs(list(wanted.sizes), [stack]), wanted.needs(heights, [stack])):
        assert (need[SPADES[TWO]], need[SPADES[THREE]]) == (1, 2)


def test_calculation_s_copies_nearest_the_top_take_the_soonest_wants():
    """Calculation: a Six is wanted four times (the third foundation at once, 3 -> 6; the
    second next, 2 -> 4 -> 6; the first at its fifth card; the fourth at its seventh): the
    Sixes on top of their stacks take the first two wants, the ones beneath the others;
    once the third foundation has its card, three wants are left for four Sixes."""
    ruleset = load(GAMES / "calculation.cdl")
    state = CdlState(ruleset, Game(ruleset, 3, PLAIN))
    wanted = state.wanted
    assert wanted is not None and wanted.copies
    six = [card for card in range(52) if card % 13 == 5]
    stacks = [(six[0], six[1]), (six[2], six[3])]
    need = wanted.needs(list(wanted.sizes), stacks)
    assert sorted((need[six[1]], need[six[3]])) == [0, 1]
    assert sorted((need[six[0]], need[six[2]])) == [4, 6]
    third = wanted.keys.index("f3")
    heights = list(wanted.sizes)
    heights[third] += 1
    need = wanted.needs(heights, stacks)
    assert sorted(need.values()) == [1, 4, 6, 99]
    # a Six on a Five wanted later is no block; under it, a Six that waits is one
    five = next(card for card in range(52) if card % 13 == 4)
    assert wanted.blocks((six[0], five), need | {five: 3, six[0]: 1}) == 1
    assert wanted.blocks((five, six[0]), need | {five: 3, six[0]: 1}) == 0


def _needs_by_the_definition(wanted: Wanted, heights: list[int], stacks: list[tuple]) -> dict[int, int]:
    """``needs`` as its docstring says, worked out afresh: of each class's wants left (a
    chain's rounds from where its foundation stands), soonest first, the first goes to the
    copy nearest the top of its stack, and so on; a copy with no want left, 99."""
    at = [height - size for height, size in zip(heights, wanted.sizes)]
    copies: dict[int, list[tuple[int, int]]] = {}
    for cards in stacks:
        for i, card in enumerate(cards):
            if card % 52 in wanted.class_of:
                copies.setdefault(wanted.class_of[card % 52], []).append((len(cards) - 1 - i, card % 52))
    need = {}
    for cls, found in copies.items():
        left = sorted(k - at[j] for j, k in wanted.wants[cls] if k >= at[j])
        for n, (_, card) in enumerate(sorted(found)):
            need[card] = left[n] if n < len(left) else 99
    return need


_CALCULATION: dict = {}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_calculation_s_needs_are_worked_out_as_defined_however_often_asked(data):
    """The wants of Calculation's copies on random waste piles, with the foundations at
    random heights: as the definition gives them, asked twice (``needs`` remembers a
    stack's cards and the wants left at a height: one ``Wanted`` for every example)."""
    wanted = _CALCULATION.setdefault("wanted", _wanted("calculation.cdl", 3))
    cards = data.draw(st.permutations(range(52)))
    cuts = sorted(data.draw(st.lists(st.integers(0, 30), min_size=3, max_size=3)))
    stacks = [tuple(cards[a:b]) for a, b in zip([0, *cuts], [*cuts, 30])]
    heights = [size + data.draw(st.integers(0, 12 - size + 1)) for size in wanted.sizes]
    expected = _needs_by_the_definition(wanted, heights, stacks)
    assert wanted.needs(heights, stacks) == expected
    assert wanted.needs(heights, stacks) == expected


def test_a_block_weighs_more_where_copies_serve_alike():
    """Where each card is its own class (Strategy) ``stuck`` sees what a block costs for
    good; where any copy may serve (Calculation) it cannot, and a block weighs more."""
    for name, weight in (("strategy.cdl", CdlState.BLOCK_WEIGHT), ("calculation.cdl", CdlState.COPIES_BLOCK_WEIGHT)):
        ruleset = load(GAMES / name)
        assert CdlState(ruleset, Game(ruleset, 1, PLAIN)).block_weight == weight, name
    assert CdlState.COPIES_BLOCK_WEIGHT > CdlState.BLOCK_WEIGHT


def test_where_copies_serve_alike_the_search_dives_longer():
    """Calculation's wins come from dives: its state dives a third of the time; Strategy's
    and Golf's say nothing, and the search dives as it does everywhere else."""
    search_module = sys.modules["kingalbert.engine.solver.search"]
    ruleset = load(GAMES / "calculation.cdl")
    every, length = CdlState(ruleset, Game(ruleset, 1, PLAIN)).dives
    assert length / (every + length) > search_module.DIVE_FOR / (search_module.DIVE_EVERY + search_module.DIVE_FOR)
    for name in ("strategy.cdl", "golf.cdl"):
        ruleset = load(GAMES / name)
        assert not hasattr(CdlState(ruleset, Game(ruleset, 1, PLAIN)), "dives"), name


def test_where_each_card_is_its_own_class_a_stack_s_weight_is_remembered_by_its_cards():
    """Strategy's wants are the levels whatever the position: a fanned stack's weighed blocks
    and room are remembered by its cards, and the score along a line of moves is what it is
    worked out afresh.  Calculation's wants move with its foundations: nothing remembered."""
    ruleset = load(GAMES / "strategy.cdl")
    state = CdlState(ruleset, Game(ruleset, 4, PLAIN))
    wanted = state.wanted
    assert wanted is not None and state._fixed is not None
    for step in range(40):
        moves = state.moves(None, True)
        if not moves:
            break
        state.apply(moves[step % len(moves)])
        cards_of = state.state.stacks.__getitem__
        fanned = [cards_of(key) for key in state.fanned]
        at_hand = [cards_of(key) for key in state.at_hand]
        levels = wanted.levels
        fresh = (state.AT_HAND_WEIGHT * sum(len(cards) for cards in at_hand)
                 + state.block_weight * sum(wanted.blocks(cards, levels) for cards in fanned)
                 + state.STUCK_WEIGHT * wanted.stuck(fanned)
                 + state.ROOM_WEIGHT * sum(wanted.closed(cards, levels) for cards in fanned))
        assert state.wanted_score(cards_of) == fresh, step
    assert len(state._fixed) > 10
    ruleset = load(GAMES / "calculation.cdl")
    assert CdlState(ruleset, Game(ruleset, 4, PLAIN))._fixed is None


def test_the_cards_the_foundations_cannot_reach_are_stuck():
    wanted = _wanted("strategy.cdl")
    ace, two, three = SPADES[ACE], SPADES[TWO], SPADES[THREE]
    assert wanted.stuck([(two, ace)]) == 0
    assert wanted.stuck([(ace, two)]) == 2           # the Ace under the Two that wants it
    # a ring: each Two covers the Ace the other one waits for
    assert wanted.stuck([(ace, HEARTS[TWO]), (HEARTS[ACE], two)]) == 4
    # cards in no fanned stack are at hand: the Ace and Two of Spades, then the Three
    assert wanted.stuck([(three,)]) == 0
    assert wanted.stuck([(three, HEARTS[KING])]) == 0     # the King of Hearts goes up after the others
    assert wanted.stuck([(three, SPADES[KING])]) == 2     # the King of Spades waits for the Three


def test_a_tight_fit_leaves_more_room_than_an_empty_stack():
    wanted = _wanted("strategy.cdl")
    five, six, king = SPADES[4], HEARTS[5], SPADES[KING]
    # the Five laid on the Six closes less than on the King, and an empty stack is all room
    need = wanted.needs(list(wanted.sizes), [(six, king, five)])

    def closed(cards):
        return wanted.closed(cards, need)
    assert closed((six, five)) - closed((six,)) < closed((king, five)) - closed((king,))
    assert closed(()) == 0 < closed((five,))


def test_with_those_queues_strategy_deals_2_and_13_are_won_soon():
    """Best first alone (no clock, so the same positions every time): Strategy's deals 2 and
    13 are won in about 800 positions each with the queues, and not in 10,000 without
    (a program that does not lay its cards out)."""
    ruleset = load(GAMES / "strategy.cdl")
    for seed in (2, 13):
        game = Game(ruleset, seed, PLAIN)
        result = solve(game, timeout=None, max_states=2_000)
        assert result.verdict == "winnable", seed
        assert wins(game, result.moves)
    ruleset.__dict__["lays_out"] = False        # (the cached property, as Klondike's)
    for seed in (2, 13):
        assert solve(Game(ruleset, seed, PLAIN), timeout=None, max_states=10_000).verdict == "unknown", seed


def test_a_probe_the_wall_clock_stopped_ends_the_search_without_a_verdict():
    """A release method the clock stops says nothing of what the foundation takes: the
    search ends (as with any run the clock stops) rather than keep a probe half asked."""
    import pytest

    from kingalbert.engine.solver.budget import SearchInterrupted
    from kingalbert.loaders.cdl import loads
    from kingalbert.loaders.cdl.interpreter import Limits

    text = (GAMES / "strategy.cdl").read_text()
    slow = text.replace("predicate Founds?(f : stack; c : card) is", "predicate Quick?(f : stack; c : card) is")
    slow = slow.replace("""else return Rank(c) = Rank(f[f!]) + 1;
""", """else return Rank(c) = Rank(f[f!]) + 1;

predicate Founds?(f : stack; c : card) is
  var i : integer;
  begin
    i := 0;
    while i < 30000 do i := i + 1;
    return Quick?(f, c);
  end;
""", 1)
    assert slow != text
    # (making the state runs nothing slow but the probe: the Start methods are quick)
    ruleset = loads(slow, "slow.cdl")
    game = Game(ruleset, 1, PLAIN)
    ruleset.limits = Limits(max_steps=10**9, max_seconds=0.001)
    with pytest.raises(SearchInterrupted):
        CdlState(ruleset, game)
    assert solve(game, timeout=None, max_states=100).verdict == "unknown"
