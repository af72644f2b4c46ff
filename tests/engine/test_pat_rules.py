"""The .pat rules engine (kingalbert.loaders.pat): every feature, played.

Each test writes a small game in the .pat format (see tests/helpers/pat.py), deals it
or sets up a position, and plays it through Game.play and legal_moves.
"""
import pytest

from kingalbert.app.catalogue import GAMES_DIR
from kingalbert.engine import Card, Game, IllegalMoveError
from kingalbert.engine.errors import PositionError, RuleFileError
from kingalbert.loaders import load
from kingalbert.loaders.pat import PatRuleset, loads
from kingalbert.loaders.pat.model import CardPattern, PatPileView, PatRulesError, PileSpec, RuleSet, Sequence, StockSpec
from tests.helpers.pat import P, at, cards, legal, rules, text


def C(text):
    return Card.parse(text)


def refused(game, move):
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    return str(info.value)


# -- sequences (11) and card patterns (10) ------------------------------------------------
@pytest.mark.parametrize("code, under, over, fits", [
    (1, "6H", "7S", True), (1, "6H", "8S", False),            # values add up to 13
    (2, "6H", "8S", True), (2, "6H", "7S", False),            # ... to 14
    (3, "8H", "6S", True), (3, "8H", "7S", False),            # down by 2
    (4, "8H", "7S", True), (4, "8H", "9S", False),            # down by 1
    (5, "8H", "8S", True), (5, "8H", "9S", False),            # same value
    (6, "8H", "9S", True), (6, "8H", "7S", False),            # up by 1
    (7, "8H", "TS", True), (7, "8H", "9S", False),            # up by 2
    (8, "8H", "9S", True), (8, "8H", "7S", True), (8, "8H", "8S", False),  # up or down by 1
    (9, "8H", "2S", True),                                     # any value
])
def test_sequence_orders(code, under, over, fits):
    assert Sequence("rule", code, 0, 9).fits(C(under), C(over)) is fits


@pytest.mark.parametrize("limit, under, over, fits", [
    (0, "KH", "AH", False), (1, "KH", "AH", True), (9, "KH", "AH", True), (2, "KH", "AH", False),
    (2, "QH", "KH", True),
])
def test_sequence_beyond_king_going_up(limit, under, over, fits):
    assert Sequence("rule", 6, limit, 9).fits(C(under), C(over)) is fits


def test_sequence_wrapping_both_ways_and_by_two():
    assert Sequence("rule", 4, 1, 9).fits(C("AH"), C("KS"))      # down past the ace
    assert not Sequence("rule", 4, 0, 9).fits(C("AH"), C("KS"))
    assert Sequence("rule", 7, 1, 9).fits(C("QH"), C("AS"))      # up 2: Q, (K), A
    assert Sequence("rule", 3, 1, 9).fits(C("2H"), C("KS"))      # down 2: 2, (A), K
    assert Sequence("rule", 8, 1, 9).fits(C("KH"), C("AS")) and Sequence("rule", 8, 1, 9).fits(C("AH"), C("KS"))


def test_nothing_on_a_king():
    seq = Sequence("rule", 4, 2, 9)
    assert not seq.fits(C("KH"), C("QS")) and seq.fits(C("QH"), C("JS"))


@pytest.mark.parametrize("colour, over, fits", [
    (1, "7H", True), (1, "7D", False), (2, "7D", True), (2, "7S", False),
    (3, "7S", True), (3, "7D", False), (4, "7D", True), (4, "7H", False), (9, "7H", True),
])
def test_sequence_colours(colour, over, fits):
    assert Sequence("rule", 4, 0, colour).fits(C("8H"), C(over)) is fits


def test_sequence_any_and_none():
    assert Sequence("any").fits(C("2H"), C("KS")) and not Sequence("none").fits(C("2H"), C("AS"))


@pytest.mark.parametrize("pattern, card, fits", [
    (CardPattern("any"), "7H", True), (CardPattern("none"), "7H", False),
    (CardPattern("card", 13, 1), "KH", True), (CardPattern("card", 13, 1), "KD", False),
    (CardPattern("card", 13, 2), "KS", True), (CardPattern("card", 13, 3), "KD", True),
    (CardPattern("card", 13, 4), "KC", True), (CardPattern("card", 13, 5), "KD", True),
    (CardPattern("card", 13, 5), "KS", False), (CardPattern("card", None, 6), "2C", True),
    (CardPattern("card", None, 6), "2D", False), (CardPattern("card", 1, 9), "AD", True),
])
def test_card_patterns(pattern, card, fits):
    assert pattern.matches(C(card)) is fits


# -- the deal ----------------------------------------------------------------------------------------
def test_deal_counts_names_and_the_rest_in_the_stock():
    game = Game(rules(P(n=3), P(n=0), P(n=7)), 5)
    assert [p.name for p in game.piles] == ["p1", "p2", "p3", "p4"]
    assert [len(p.cards) for p in game.piles] == [42, 3, 0, 7]
    assert len({(c.rank, c.suit) for c in game.cards()}) == 52
    assert all(not c.face_up for c in game.pile("p1").cards)


def test_deal_takes_cards_from_the_top_of_the_stock_in_file_order():
    ruleset = rules(P(n=2), P(n=2))
    game = Game(ruleset, 9)
    stock_order = list(reversed(game.pile("p1").cards))   # next card to come off first
    again = Game(rules(P(n=2), P(n=2), P(n=1)), 9)
    assert again.pile("p4").cards[0].same_card(stock_order[0])


@pytest.mark.parametrize("face, pattern", [
    (0, "dddddd"), (1, "dddddu"), (2, "uuuuuu"), (3, "dudud u".replace(" ", "")), (4, "ududud"),
    (5, "uuuuuu"), (6, "dddduu"), (7, "ddduuu"),
])
def test_face_modes(face, pattern):
    game = Game(rules(P(n=6, layout=face)), 1)
    assert "".join("u" if c.face_up else "d" for c in game.pile("p2").cards) == pattern


def test_invisible_cards_and_horizontal_cards_in_the_layout():
    game = Game(rules(P(n=2, layout=5, take=0, put=0), P(n=1, layout=22)), 0)
    views = {view.name: view for view in game.ruleset.layout(game).piles}
    assert isinstance(views["p2"], PatPileView) and views["p2"].hidden and not views["p3"].hidden
    assert views["p3"].horizontal and not views["p2"].horizontal


def test_decks_shuffled_separately():
    separate = loads(text(P(n=52), P(n=52), stock="104 0 0 0 0 100 0 0 0 0 0", decks=2), "t.pat")
    together = loads(text(P(n=52), P(n=52), stock="104 0 0 0 0 0 0 0 0 0 0", decks=2), "t.pat")
    for seed in range(5):
        game = Game(separate, seed)
        assert len({(c.rank, c.suit) for c in game.pile("p2").cards}) == 52
    assert any(len({(c.rank, c.suit) for c in Game(together, seed).pile("p2").cards}) < 52 for seed in range(5))


def test_particular_cards_taken_out_of_the_stock():
    # pile 2: the four aces (c = 7, (10) = 901); pile 3: the twos, hidden (y = -99): out of play
    ruleset = rules(P(n=4, layout=702, empty=901, take=0, put=0), P(n=4, layout=702, empty=902, y=-99, take=0, put=0),
                    P(n=10))
    for seed in range(3):
        game = Game(ruleset, seed)
        assert sorted(c.rank for c in game.pile("p2").cards) == [1, 1, 1, 1]
        assert [c.rank for c in game.pile("p3").cards] == [2, 2, 2, 2]
        assert all(c.rank > 2 for c in game.pile("p4").cards + game.pile("p1").cards)
    names = [view.name for view in ruleset.layout(game).piles]
    assert "p3" not in names and "p2" in names


def test_particular_cards_put_under_the_stock_after_the_deal():
    # c = 8: the kings are taken out, the deal is made without them, then they go under the stock
    ruleset = rules(P(n=4, layout=802, empty=913, y=-99, take=0, put=0), P(n=20))
    game = Game(ruleset, 3)
    assert not game.pile("p2").cards
    assert all(c.rank != 13 for c in game.pile("p3").cards)
    assert [c.rank for c in game.pile("p1").cards[:4]] == [13] * 4       # the stock's bottom
    reshuffled = loads(text(P(n=4, layout=802, empty=913, y=-99, take=0, put=0), P(n=20),
                            stock="52 0 0 0 0 200 0 1 999 0 0"), "t.pat")
    bottoms = [[c.rank for c in Game(reshuffled, seed).pile("p1").cards[:4]] for seed in range(6)]
    assert any(b != [13] * 4 for b in bottoms)                           # c = 2: shuffled again


def test_foundation_value_from_the_first_card():
    ruleset = rules(P(n=1, layout=602, e=13, take=0, put=1, seq=116), P(n=0, layout=602, e=13, take=0, put=1, seq=116),
                    P(n=5, take=1, put=0))
    game = Game(ruleset, 11)
    base = game.pile("p2").cards[0].rank
    assert game.vars["foundation_value"] == base
    assert game.vars["foundation_values"] == {"p2": base}
    other = (base % 13) + 1
    position = at(ruleset, {"p2": f"{Card(base, 'H')}", "p4": f"{Card(other, 'S')} {Card(base, 'S')}"},
                  foundation_values={"p2": base}, foundation_value=base)
    assert "p4>p3" in legal(position)                      # the value starts p3
    position.play("p4>p3")
    assert "p4>p3" in legal(position)                      # then up by suit
    assert "Only" in refused(at(ruleset, {"p2": f"{Card(base, 'H')}", "p4": f"{Card(other, 'S')}"},
                                foundation_values={"p2": base}), "p4>p3")


def test_several_foundation_values():
    ruleset = rules(P(n=1, layout=602, e=13, put=1, take=0, seq=116), P(n=0, layout=602, e=13, put=1, take=0, seq=116),
                    P(n=1, layout=602, e=13, put=1, take=0, seq=116), P(n=0, layout=602, e=13, put=1, take=0, seq=116))
    game = Game(ruleset, 2)
    values = game.vars["foundation_values"]
    assert set(values) == {"p2", "p4"}
    assert values["p4"] == game.pile("p4").cards[0].rank
    assert ruleset.base_of(game, 4) == values["p4"] and ruleset.base_of(game, 2) == values["p2"]


def _run_up(cards_):
    return all(a.suit == b.suit and b.rank == a.rank + 1 for a, b in zip(cards_, cards_[1:]))


@pytest.mark.parametrize("seed", range(4))
def test_cards_caught_during_the_deal_are_replaced(seed):
    # p2 catches an ace and its followers by suit (d = 6); p3's cards that go there are replaced (d = 0)
    ruleset = rules(P(n=0, layout=6002, e=13, empty=901, seq=106, take=0), P(n=30), P(n=10))
    game = Game(ruleset, seed)
    caught = game.pile("p2").cards
    assert caught and caught[0].rank == 1 and _run_up(caught)
    assert len(game.pile("p3").cards) == 30 and len(game.pile("p4").cards) == 10
    assert len(game.pile("p1").cards) == 52 - 40 - len(caught)


@pytest.mark.parametrize("seed", range(4))
def test_cards_caught_are_not_replaced_with_d1(seed):
    ruleset = rules(P(n=0, layout=6002, e=13, empty=901, seq=106, take=0), P(n=30, layout=1002))
    game = Game(ruleset, seed)
    assert len(game.pile("p3").cards) + len(game.pile("p2").cards) == 30


def test_at_most_one_card_caught_with_d5():
    ruleset = rules(*[P(n=0, layout=5002, e=1, empty=999, seq=999, take=0) for _ in range(2)], P(n=20))
    game = Game(ruleset, 0)
    assert [len(game.pile(n).cards) for n in ("p2", "p3", "p4")] == [1, 1, 20]


def test_d7_also_takes_free_cards_from_the_piles():
    # ten piles of one card: with d = 6 a two dealt before its ace stays put; with d = 7 it follows the ace
    def game(mode, seed):
        ruleset = rules(P(n=0, layout=mode * 1000 + 2, e=13, empty=901, seq=106, take=0), *[P(n=1, y=300) for _ in range(40)])
        return ruleset, Game(ruleset, seed)

    def fitting_top_left(ruleset, g):
        foundation = g.pile("p2")
        return any(pile.cards and ruleset._deal_fits(1, foundation.cards, pile.cards[-1], {}) for pile in g.piles[2:])

    assert any(fitting_top_left(*game(6, seed)) for seed in range(10))
    assert not any(fitting_top_left(*game(7, seed)) for seed in range(10))


def test_catching_piles_do_not_take_from_each_other():
    catcher = P(n=0, layout=7002, e=13, empty=901, seq=106, take=1)
    ruleset = rules(catcher, catcher, catcher, catcher, *[P(n=3) for _ in range(8)])
    for seed in range(5):
        game = Game(ruleset, seed)
        founds = [game.pile(f"p{i}").cards for i in range(2, 6)]
        assert all(not f or (f[0].rank == 1 and _run_up(f)) for f in founds)
        assert sum(len(p.cards) for p in game.piles) == 52


def test_a_deal_that_needs_too_many_cards_is_refused_by_the_engine():
    with pytest.raises(PatRulesError) as info:
        PatRuleset("X", 1, StockSpec(count=52), [PileSpec(count=30, target=0), PileSpec(count=30)])
    assert info.value.pile == 3


# -- the stock ------------------------------------------------------------------------------------
def test_stock_draws_f_cards_to_the_waste():
    ruleset = rules(P(take=1, put=0), P(n=0, e=998), stock="52 0 0 0 0 0 999 3 999 0 2")
    game = Game(ruleset, 0)
    top3 = game.pile("p1").cards[-3:]
    game.play("click:p1")
    waste = game.pile("p2").cards
    assert [c.same_card(d) for c, d in zip(waste, reversed(top3))] == [True] * 3
    assert all(c.face_up for c in waste)


def test_stock_passes_and_turning_over():
    ruleset = rules(P(take=1, put=0), P(e=998), stock="52 0 0 0 0 0 999 26 2 0 2")
    game = Game(ruleset, 0)
    original = list(game.pile("p1").cards)
    game.play("click:p1")
    game.play("click:p1")
    assert not game.pile("p1").cards
    game.play("click:p1")                                    # turned over: pass 2
    assert game.pile("p1").cards == original and game.vars["pass"] == 2
    game.play("click:p1")
    game.play("click:p1")
    assert "again" in refused(game, "click:p1")
    assert "click:p1" not in legal(game)


def test_stock_turned_over_is_shuffled_with_h1():
    ruleset = rules(P(take=1, put=0), P(e=998), stock="52 0 0 0 0 0 999 52 999 1 2")
    game = Game(ruleset, 0)
    original = list(game.pile("p1").cards)
    game.play("click:p1")
    game.play("click:p1")
    assert sorted(game.pile("p1").cards) == sorted(original) and game.pile("p1").cards != original
    game.undo()
    assert not game.pile("p1").cards


def test_the_waste_pointer_names_any_pile():
    ruleset = rules(P(e=998), P(take=1, put=0), stock="52 0 0 0 0 0 999 1 999 0 3")
    game = Game(ruleset, 0)
    game.play("click:p1")
    assert len(game.pile("p3").cards) == 1 and game.pile("p3").role == "waste"


def test_a_face_up_stock_may_be_dragged_from():
    ruleset = rules(P(e=998, put=1), stock="52 0 0 0 0 2 999 0 0 0 0")
    game = Game(ruleset, 0)
    assert game.pile("p1").cards[-1].face_up
    assert "p1>p2" in legal(game) and "p1:2>p2" not in legal(game)
    game.play("p1>p2")
    backs = rules(P(e=998, put=1))
    assert "Click" in refused(Game(backs, 0), "p1>p2")


# -- taking (8) ---------------------------------------------------------------------------------------
def test_take_rules():
    for take, singles, runs in [(0, False, False), (1, True, False), (2, True, True), (3, True, True), (4, False, True)]:
        ruleset = rules(P(take=take, seq=304), P(e=998, put=2))
        moves = legal(at(ruleset, {"p2": "9S 8H 7S"}))
        assert ("p2>p3" in moves) is singles, take
        assert ("p2:2>p3" in moves) is runs, take
    # 9: any collection, sequence or not
    ruleset = rules(P(take=9, seq=0), P(e=998, put=2))
    assert {"p2>p3", "p2:2>p3", "p2:3>p3"} <= legal(at(ruleset, {"p2": "2H KS 5D"}))
    # 2: not a sequence by (11)
    ruleset = rules(P(take=2, seq=304), P(e=998, put=2))
    assert "sequence" in refused(at(ruleset, {"p2": "9S 8S"}), "p2:2>p3")


def test_sum_13_pairs_and_the_king_alone():
    # pairs adding to 13 are taken two at a time (a = 4) to a discard taking just 2 (a = 5); a king goes alone
    ruleset = rules(P(take=4, put=1, seq=901), P(e=998, take=0, put=5, seq=999))
    game = at(ruleset, {"p2": "9C 6H 7S"})
    assert "p2:2>p3" in legal(game) and "p2>p3" not in legal(game)
    game.play("p2:2>p3")
    assert cards(game, "p3") == "6H 7S"
    game = at(ruleset, {"p2": "9C KD"})
    game.play("p2>p3")
    assert cards(game, "p3") == "KD"


def test_blocking_by_covering_cards():
    # p3 lies over the lower part of p2's place (later piles are drawn over earlier ones)
    def make(block):
        return rules(P(take=10 * block + 1, put=1, x=0, y=300), P(take=1, put=1, x=30, y=350), P(e=998, put=1))
    game = at(make(1), {"p2": "5H", "p3": "6S"})
    assert "over it" in refused(game, "p2>p4")
    game.play("p3>p4")
    assert "p2>p4" in legal(game)
    game = at(make(1), {"p3": "6S", "p4": "5H"})
    assert "p4>p2" in legal(game)                              # b = 1 blocks picking up only
    game = at(make(2), {"p2": "5H", "p3": "6S", "p4": "4C"})
    assert "p2>p4" in legal(game) and "p4>p2" not in legal(game)
    game = at(make(3), {"p2": "5H", "p3": "6S", "p4": "4C"})
    assert "p2>p4" not in legal(game) and "p4>p2" not in legal(game)
    # an earlier pile drawn under it does not cover it
    ruleset = rules(P(take=1, put=1, x=30, y=350), P(take=11, put=1, x=0, y=300), P(e=998, put=1))
    assert "p3>p4" in legal(at(ruleset, {"p2": "6S", "p3": "5H"}))


def test_horizontal_cards_cover_more_width():
    # a card lying across is 96 pixels wide: from x = 0 it reaches a pile at x = 90, upright (71) it doesn't
    def blocked(first_layout, second_layout):
        ruleset = rules(P(take=11, put=0, x=90, y=300, layout=first_layout),
                        P(take=1, put=0, x=0, y=300, layout=second_layout), P(e=998, put=1))
        return "p2>p4" not in legal(at(ruleset, {"p2": "5H", "p3": "6S"}))
    assert blocked(2, 22) and not blocked(2, 2)
    ruleset = rules(P(take=11, put=0, x=0, y=300, layout=22), P(take=1, put=0, x=90, y=300), P(e=998, put=1))
    assert "p2>p4" not in legal(at(ruleset, {"p2": "5H", "p3": "6S"}))
    ruleset = rules(P(take=11, put=0, x=0, y=300, layout=2), P(take=1, put=0, x=90, y=300), P(e=998, put=1))
    assert "p2>p4" in legal(at(ruleset, {"p2": "5H", "p3": "6S"}))


def test_blocking_by_the_next_pile():
    for block, pick, put in [(4, True, False), (5, False, True), (6, True, True)]:
        ruleset = rules(P(take=10 * block + 1, put=1), P(take=1, put=1), P(e=998, put=1, take=1))
        game = at(ruleset, {"p2": "5H", "p3": "9S", "p4": "4S"})
        assert ("p2>p4" in legal(game)) is not pick, block
        assert ("p4>p2" in legal(game)) is not put, block
        game = at(ruleset, {"p2": "5H", "p4": "4S"})
        assert "p2>p4" in legal(game) and "p4>p2" in legal(game)


def test_blocking_by_both_neighbours():
    ruleset = rules(P(take=1, put=1), P(take=71, put=1), P(take=1, put=1), P(e=998, put=1))
    game = at(ruleset, {"p2": "2C", "p3": "5H", "p4": "9S"})
    assert "both sides" in refused(game, "p3>p5")
    game = at(ruleset, {"p3": "5H", "p4": "9S"})
    assert "p3>p5" in legal(game)
    ruleset = rules(P(take=1, put=1), P(take=81, put=1), P(take=1, put=1), P(e=998, put=1))
    game = at(ruleset, {"p2": "2C", "p4": "9S", "p5": "3D"})
    assert "p5>p3" not in legal(game)
    assert "p5>p3" in legal(at(ruleset, {"p2": "2C", "p5": "3D"}))
    ruleset = rules(P(take=1, put=1), P(take=91, put=1), P(take=1, put=1), P(e=998, put=1))
    game = at(ruleset, {"p2": "2C", "p3": "5H", "p4": "9S", "p5": "3D"})
    assert "p3>p5" not in legal(game) and "p5>p3" not in legal(game)


def test_marks_and_masks():
    # p2 has mark 2 (cc = 2); p3 masks mark 2 (mask 2 -> cc = 10); p4 masks marks 1 and 3 (mask 1 + 4 = 5 -> cc = 25)
    ruleset = rules(P(take=201, put=1), P(take=1001, put=1, e=998), P(take=2501, put=1), P(take=1, put=1))
    game = at(ruleset, {"p2": "5H", "p5": "6C"})
    assert "no cards from that pile" in refused(game, "p2>p3")
    assert "p5>p3" in legal(game)
    assert "p2>p4" in legal(game)
    ruleset = rules(P(take=101, put=1), P(take=1001, put=1, e=998), P(take=2501, put=1))
    game = at(ruleset, {"p2": "5H"})
    assert "p2>p3" in legal(game) and "p2>p4" not in legal(game)
    ruleset = rules(P(take=301, put=1), P(take=2501, put=1, e=998))
    assert "p2>p3" not in legal(at(ruleset, {"p2": "5H"}))


# -- laying down (9) ------------------------------------------------------------------------------------
def test_put_rules():
    for put, allowed in [(0, set()), (1, {1}), (2, {1, 2, 3}), (3, {1}), (4, {2, 3}), (5, {2}), (9, set())]:
        ruleset = rules(P(take=2, seq=904), P(put=put, e=998))
        moves = legal(at(ruleset, {"p2": "9S 8H 7S"}))
        got = {n for n in (1, 2, 3) if (f"p2:{n}>p3" if n > 1 else "p2>p3") in moves}
        assert got == allowed, put
    ruleset = rules(P(take=2, seq=904), P(put=9, e=998))
    game = at(ruleset, {"p2": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"})
    assert legal(game) == {"p2:13>p3"}


def test_sequences_through_empty_places():
    # put rule 3: (empty single-card places + 1) * 2 ** (other empty places) cards at a time
    cell = P(e=-1, take=1, put=1, seq=0)
    column = P(take=2, put=3, seq=304)
    ruleset = rules(cell, cell, column, column, column)
    run = "QS JH TS 9H 8S 7H"
    assert "p4:6>p5" in legal(at(ruleset, {"p4": run, "p5": "KD"}))              # (2 + 1) * 2 = 6
    game = at(ruleset, {"p4": run, "p5": "KD", "p6": "2C"})                      # (2 + 1) * 1 = 3
    assert "p4:6>p5" not in legal(game)
    assert "empty places to move 3 cards" in refused(game, "p4:6>p5")
    game = at(ruleset, {"p2": "AC", "p3": "AD", "p4": "QS JH", "p5": "KD", "p6": "2C"})   # 1
    assert "p4:2>p5" not in legal(game)
    game = at(ruleset, {"p2": "AC", "p4": "QS JH", "p5": "KD", "p6": "2C"})              # 2
    assert "p4:2>p5" in legal(game)
    game = at(ruleset, {"p2": "AC", "p3": "AD", "p4": "QS JH TS 9H"})                    # to an empty column: 1 * 2 ** 1
    assert "p4:2>p5" in legal(game) and "p4:3>p5" not in legal(game)


def test_feeding_when_the_stock_is_clicked():
    for feed, gets in [(1, 1), (2, 2)]:
        ruleset = rules(P(put=feed * 10 + 1, e=998), P(put=feed * 10 + 1), stock="52 0 0 0 0 0 999 0 1 0 0")
        game = Game(ruleset, 0)
        game.play("click:p1")
        assert [len(game.pile(n).cards) for n in ("p2", "p3")] == [gets, gets]
        assert all(c.face_up for c in game.pile("p2").cards)


def test_feeding_only_when_every_pile_of_the_kind_has_cards():
    for feed, gets in [(3, 1), (4, 2)]:
        ruleset = rules(P(n=1, put=feed * 10 + 1, e=998), P(n=1, put=feed * 10 + 1), stock="52 0 0 0 0 0 999 0 1 0 0")
        game = Game(ruleset, 0)
        game.play("click:p1")
        assert [len(game.pile(n).cards) for n in ("p2", "p3")] == [1 + gets, 1 + gets]
        game = at(ruleset, {"p1": "as 2s 3s 4s", "p2": "5H"})
        assert "Every pile" in refused(game, "click:p1")
        assert "click:p1" not in legal(game)


def test_feeding_fills_a_pile_up_to_its_size():
    # b = 5: filled from the stock with cards that fit (10) / (11), up to its size (-3 = three cards)
    ruleset = rules(P(put=51, e=-3, empty=999, seq=999), P(put=51, e=-1, empty=113, seq=999, n=0))
    game = at(ruleset, {"p1": "2c 3c 4c 5c 6c"})
    game.play("click:p1")
    assert cards(game, "p2") == "6C 5C 4C" and cards(game, "p3") == ""
    game = at(ruleset, {"p1": "2c 3c 4c kh", "p2": "AS AD AC"})
    game.play("click:p1")
    assert cards(game, "p3") == "KH"


@pytest.mark.parametrize("rotate", [1, 2, 3, 4])
def test_bottom_card_to_the_top(rotate):
    # c = 1/2: only if the bottom card fits on the top one (here: down by suit), once / any number of times;
    # c = 3/4: whatever the cards, once / any number of times
    ruleset = rules(P(put=rotate * 100 + 1, seq=104), P(e=998))
    unfit = at(ruleset, {"p2": "6H 9S 8S 7S"})
    if rotate in (1, 2):
        assert "click:p2" not in legal(unfit)
        assert "does not fit" in refused(unfit, "click:p2")
    else:
        unfit.play("click:p2")
        assert cards(unfit, "p2") == "9S 8S 7S 6H"
    game = at(ruleset, {"p2": "5S 4S 9S 8S 7S 6S"})
    game.play("click:p2")
    assert cards(game, "p2") == "4S 9S 8S 7S 6S 5S"
    if rotate in (1, 3):
        assert "only once" in refused(game, "click:p2")
    else:
        game.play("click:p2")
        assert cards(game, "p2") == "9S 8S 7S 6S 5S 4S"
        assert ("click:p2" in legal(game)) is (rotate == 4)
    game.restart()
    assert cards(game, "p2") == "5S 4S 9S 8S 7S 6S" and not any(k.startswith("rotated") for k in game.vars)


def test_source_restrictions():
    base = dict(take=1, put=1)
    cases = {
        1: {("waste", True), ("waste", False)},
        2: {("waste", True), ("waste", False), ("pile", False)},
        3: {("waste", True), ("pile", False)},
        4: {("waste", True), ("waste", False), ("pile", True)},
        5: {("pile", True), ("pile", False)},
    }
    for source, allowed in cases.items():
        ruleset = rules(P(take=1, put=0), P(put=source * 1000 + 1, e=998), P(**base), stock="52 0 0 0 0 0 999 1 999 0 "
                                                                                            "2")
        got = set()
        for empty in (True, False):
            for where, pile in (("waste", "p2"), ("pile", "p4")):
                piles = {pile: "5H"}
                if not empty:
                    piles["p3"] = "9C"
                if where_ok(at(ruleset, piles), f"{pile}>p3"):
                    got.add((where, empty))
        assert got == allowed, source


def where_ok(game, move):
    return move in legal(game)


def test_source_only_the_previous_pile_when_empty():
    ruleset = rules(P(take=1, put=1), P(take=1, put=6001, e=998), P(take=1, put=1))
    assert "p2>p3" in legal(at(ruleset, {"p2": "5H"}))
    assert "previous pile" in refused(at(ruleset, {"p4": "5H"}), "p4>p3")
    assert "p4>p3" in legal(at(ruleset, {"p4": "5H", "p3": "9C"}))


def test_neighbour_conditions():
    ruleset = rules(P(take=1, put=1), P(put=10001, e=998), P(take=1, put=1), P(take=1, put=1))
    assert "previous pile" in refused(at(ruleset, {"p4": "5H"}), "p4>p3")
    assert "p4>p3" in legal(at(ruleset, {"p4": "5H", "p2": "KC"}))
    ruleset = rules(P(take=1, put=1), P(put=20001, e=998), P(take=1, put=1), P(take=1, put=1))
    assert "next pile" in refused(at(ruleset, {"p2": "5H"}), "p2>p3")
    assert "p5>p3" in legal(at(ruleset, {"p5": "5H", "p4": "KC"}))


def test_empty_pile_rules():
    for empty, card, ok in [(999, "5H", True), (0, "5H", False), (113, "KH", True), (113, "KD", False),
                            (513, "KD", True), (513, "KS", False), (699, "2C", True), (699, "2H", False),
                            (901, "AS", True), (901, "2S", False), (299, "7S", True), (412, "QC", True)]:
        ruleset = rules(P(take=1, put=0), P(put=1, e=998, empty=empty))
        assert ("p2>p3" in legal(at(ruleset, {"p2": card}))) is ok, (empty, card)


def test_capacity_limits():
    ruleset = rules(P(take=1, put=1), P(put=2, e=-2, take=1))
    game = at(ruleset, {"p2": "5H 6H 7H"})
    game.play("p2>p3")
    game.play("p2>p3")
    assert "at most 2" in refused(game, "p2>p3")
    with pytest.raises(RuleFileError):
        rules(P(n=3, e=-2), P(e=998))


def test_win_rule_piles_with_0_decide():
    # p2 must end empty (0); p3's 13 does not count then
    ruleset = rules(P(take=1, put=0, e=0), P(put=1, e=13), stock="52 0 0 0 0 0 999 0 0 0 0")
    game = at(ruleset, {"p2": "AH", "p1": "2h"})
    assert game.status != "won"
    game.play("p2>p3")
    assert game.status == "won"


def test_win_rule_counts_when_no_pile_has_0():
    ruleset = rules(P(take=1, put=0), P(put=1, e=2), P(put=1, e=1), stock="52 0 0 0 0 0 999 0 0 0 0")
    game = at(ruleset, {"p2": "AH 2H 3H", "p3": "4H"})
    game.play("p2>p4")
    assert game.status != "won"
    assert "at most 1" in refused(game, "p2>p4")                # 1-998 is a limit too
    game.play("p2>p3")
    assert game.status == "won"
    assert refused(game, "p2>p3") == "The game is over"


def test_window_size_piles_count_for_nothing_but_the_window():
    ruleset = rules(P(take=1, put=0), P(put=1, e=1), "0 607 413 0 0 0 0 0 0 0 0",
                    stock="52 0 0 0 0 0 999 0 0 0 0")
    game = at(ruleset, {"p2": "AH"})
    assert game.status != "won"
    layout = ruleset.layout(game)
    assert "p4" not in [v.name for v in layout.piles]
    assert layout.width >= 607 + 71 and layout.height >= 413 + 96
    game.play("p2>p3")
    assert game.status == "won"                                 # p4's 0 is not a winning rule


def test_layout_places_piles_at_their_pixels_and_hides_invisible_piles():
    ruleset = rules(P(x=83, y=310, w=16), P(x=5, y=-99, e=998))
    game = Game(ruleset, 0)
    layout = ruleset.layout(game)
    view = layout.view("p2")
    assert (view.x, view.y, view.dx, view.dy) == (83, 310, 0, 16)
    assert "p3" not in [v.name for v in layout.piles]
    half = ruleset.layout(game, 142, 192).view("p2")
    assert (half.x, half.y, half.dy) == (166, 620, 32)


# -- turning cards up ---------------------------------------------------------------------------------
def test_face_down_cards_turn_up_when_uncovered():
    ruleset = rules(P(take=1, put=1), P(e=998, put=1))
    game = at(ruleset, {"p2": "3c 5H"})
    game.play("p2>p3")
    assert cards(game, "p2") == "3C"
    game = at(ruleset, {"p2": "3c"})
    assert "click:p2" in legal(game)
    game.play("click:p2")
    assert cards(game, "p2") == "3C"
    game.undo()
    assert cards(game, "p2") == "3c"


# -- advanced: two rule sets --------------------------------------------------------------------------
def _two_sets(mode, stock="52 0 0 0 0 0 999 1 2 0 2"):
    # set 1: build down alternating (304); set 2: build down by suit (104)
    return rules(P(take=1, put=0), P(take=1, put=1, seq=mode * 1000 + 304, more="1 1 999 104"), P(e=998, take=1, put=1),
                 stock=stock)


def test_second_rule_set_either():
    ruleset = _two_sets(1)
    assert "p4>p3" in legal(at(ruleset, {"p3": "9H", "p4": "8S"}))
    assert "p4>p3" in legal(at(ruleset, {"p3": "9H", "p4": "8H"}))
    assert "p4>p3" not in legal(at(ruleset, {"p3": "9H", "p4": "8D"}))


def test_second_rule_set_both():
    ruleset = rules(P(take=1, put=0), P(take=1, put=1, seq=2000 + 904, more="1 1 999 194"), P(e=998, take=1, put=1))
    assert "p4>p3" not in legal(at(ruleset, {"p3": "9H", "p4": "8S"}))   # 904 yes, same suit no
    assert "p4>p3" in legal(at(ruleset, {"p3": "9H", "p4": "8H"}))


@pytest.mark.parametrize("mode", [3, 4, 5, 6, 7])
def test_second_rule_set_by_the_stage_of_the_game(mode):
    ruleset = _two_sets(mode, stock="52 0 0 0 0 0 999 1 2 0 2")
    alternate, suited = {"p3": "9H", "p4": "8S"}, {"p3": "9H", "p4": "8H"}
    stages = {
        "first pass, stock full": ({"p1": "as 2s"}, 1),
        "first pass, stock empty": ({"p2": "AS 2S"}, 1),
        "last pass, stock full": ({"p1": "as 2s"}, 2),
        "last pass, stock empty": ({"p2": "AS 2S"}, 2),
    }
    second = {
        3: {"last pass, stock full", "last pass, stock empty"},
        4: {"last pass, stock empty"},
        5: {"first pass, stock empty", "last pass, stock empty"},
        6: {"first pass, stock empty", "last pass, stock full", "last pass, stock empty"},
        7: set(),
    }[mode]
    for stage, (extra, passes) in stages.items():
        game_alt = at(ruleset, {**alternate, **extra}, **{"pass": passes})
        game_suit = at(ruleset, {**suited, **extra}, **{"pass": passes})
        uses_second = "p4>p3" in legal(game_suit)
        assert uses_second is (stage in second), (mode, stage)
        assert ("p4>p3" in legal(game_alt)) is not uses_second


def test_second_rule_set_switches_during_play():
    ruleset = _two_sets(4, stock="52 0 0 0 0 0 999 1 1 0 2")
    game = at(ruleset, {"p1": "as", "p3": "9H", "p4": "8H"})
    assert "p4>p3" not in legal(game)
    game.play("click:p1")                                      # the only pass is over
    assert "p4>p3" in legal(game)
    game.undo()
    assert "p4>p3" not in legal(game)


# -- whole games ----------------------------------------------------------------------------------------------
def test_every_legal_move_is_accepted_and_undo_restores_the_deal():
    import random
    ruleset = rules(P(n=7, layout=1, take=2, put=2, empty=913, seq=304), P(n=6, layout=1, take=2, put=2, empty=913, seq=304),
                    P(n=0, e=13, put=1, empty=901, seq=106), P(n=0, e=13, put=1, empty=901, seq=106),
                    P(take=1, put=0), stock="52 0 0 0 0 0 999 2 3 0 6")
    game = Game(ruleset, 4)
    start = game.to_position()
    rnd = random.Random(1)
    for _ in range(200):
        moves = list(game.legal_moves)
        if not moves:
            break
        for move in moves:
            assert game.is_legal(move)
        game.play(rnd.choice(moves))
        assert sorted((c.rank, c.suit) for c in game.cards()) == sorted((r, s) for s in "CDHS" for r in range(1, 14))
    game.restart()
    assert game.to_position() == start


def test_engine_data_classes_without_a_file():
    take_any = RuleSet(sequence=Sequence("rule", 4, 0, 3))
    ruleset = PatRuleset("Data", 1, StockSpec(count=52, draw=1, passes=1, waste=2),
                         [PileSpec(count=0, rules=(RuleSet(),)), PileSpec(count=5, target=0, rules=(take_any,))])
    game = Game(ruleset, 0)
    assert [len(p.cards) for p in game.piles] == [47, 0, 5]


def test_status_text_and_pile_descriptions():
    ruleset = rules(P(n=1, layout=602, e=13, take=0, put=1, seq=116), P(n=0, layout=602, e=13, take=0, put=1, seq=116),
                    P(n=3, take=2, put=2, e=-5, seq=304), stock="52 0 0 0 0 0 999 3 3 0 0")
    game = at(ruleset, {"p2": "8H"}, foundation_values={"p2": 8})
    assert ruleset.status_text(game) == "Foundation: Eight"
    lines = ruleset.describe_pile(game, game.pile("p3"))
    assert lines == ["Take: nothing", "Lay: one card", "Starts: any Eight", "Builds: up~ suit"]
    assert "Holds at most 5" in ruleset.describe_pile(game, game.pile("p4"))
    assert all(len(line) <= 22 for p in game.piles for line in ruleset.describe_pile(game, p))
    # Spider's columns: both rule sets, either of which allows a move
    spider = load(str(GAMES_DIR / "pat" / "Spider.pat"))
    game = Game(spider, 1)
    assert spider.describe_pile(game, game.pile("p10")) == [
        "Take: cards, sequences", "Lay: sequences", "Starts: any card", "Builds: down suit",
        "Or:", "Take: one card", "Lay: one card", "Starts: any card", "Builds: down"]
    limited = rules(P(take=1, put=0), P(e=998), stock="52 0 0 0 0 0 999 1 3 0 2")
    game = Game(limited, 0)
    assert limited.status_text(game) == "Pass 1 of 3"
    assert limited.describe_pile(game, game.pile("p1")) == ["Click to draw 1", "Passes: 3"]


def test_a_positions_pass_through_the_stock_must_be_one_the_rules_reach(tmp_path, capsys):
    # (a play-test: "pass": 99999 in a Pyramid position gave "internal error (OverflowError)"
    # to solve; "x", true, 1.5 and -1 were taken as 1 without a word)
    import json

    from kingalbert.app.catalogue import GAMES_DIR
    from kingalbert.cli import main
    pyramid = str(GAMES_DIR / "pat" / "Pyramid.pat")
    assert main(["deal", pyramid, "--seed", "1"]) == 0
    position = json.loads(capsys.readouterr().out)
    for passes, fine in ((99999, False), (2**31, False), ("x", False), (True, False), (1.5, False), (-1, False),
                         (3, True), (1, True)):
        position["vars"] = {**position.get("vars", {}), "pass": passes}
        path = tmp_path / "p.json"
        path.write_text(json.dumps(position))
        code = main(["solve", pyramid, "--position", str(path), "--timeout", "0.2"])
        out, err = capsys.readouterr()
        assert (code == 0) == fine and "internal error" not in err, (passes, err)
        if not fine:
            assert '"pass" must be a whole number from 1 to 3' in err and "p.json" in err


def test_a_position_may_not_fill_a_pile_beyond_what_the_rules_put_there(tmp_path, capsys):
    # (a play-test: two cards in one reserve place of `King Albert.pat`, and more cards
    # than its capacity in a pile, were played as if a game could show them)
    import json

    from kingalbert.app.catalogue import GAMES_DIR
    from kingalbert.cli import main
    king_albert = str(GAMES_DIR / "pat" / "King Albert.pat")
    assert main(["deal", king_albert, "--seed", "1"]) == 0
    dealt = json.loads(capsys.readouterr().out)
    piles = {pile["name"]: pile for pile in dealt["piles"]}
    piles["p15"]["cards"] += piles["p16"]["cards"]      # two reserve cards in one place
    piles["p16"]["cards"] = []
    path = tmp_path / "p.json"
    path.write_text(json.dumps(dealt))
    assert main(["replay", king_albert, "--position", str(path)]) == 1
    assert "p15 is dealt 1 card and no card can be put there, so it holds 1 at most, not 2" in capsys.readouterr().err
    # a capacity: a pile of at most one card (a free cell) given two
    limited = rules(P(take=1, put=1, e=-1), P(e=998))
    game = Game(limited, 0)
    position = game.to_position()
    position["piles"][1]["cards"] = position["piles"][0]["cards"][:2]
    position["piles"][0]["cards"] = position["piles"][0]["cards"][2:]
    with pytest.raises(PositionError, match="p2 holds at most 1 card, not 2"):
        Game.from_position(limited, position)
    # every position a game reaches passes, as it must (the program's own files load)
    for path in (GAMES_DIR / "pat").glob("*.pat"):
        ruleset = load(str(path))
        game = Game(ruleset, 2)
        for _ in range(60):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.play(moves[len(moves) // 2])
            ruleset.check_position(game)
