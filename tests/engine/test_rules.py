"""The declarative rules engine (kingalbert.engine.rules), played through Game."""
import random

import pytest

from kingalbert.engine import Card, Game, IllegalMoveError, PositionError
from kingalbert.engine.rules import (
    Build,
    DealStep,
    PileRule,
    Rules,
    RulesError,
    RulesRuleset,
    StockRule,
    View,
    group,
)


def C(text):
    return Card.parse(text)


def klondike_rules(count=1, redeals=None, **changes):
    piles = [PileRule("stock", "stock", take="none", accept=False, view=View(0, 0)),
             PileRule("waste", "waste", accept=False, view=View(1.1, 0))]
    piles += group("f", 4, "foundation", build=Build("up", "same"), start_rank=1, max_drop=1)
    piles += group("t", 7, "tableau", build=Build("down", "alternate"), start_rank=13, take="run", flip_exposed=True,
                   view=View(0, 1.2, 0, 0.25))
    deal = [DealStep(f"t{c + 1}", 1, face_up=(c == r)) for r in range(7) for c in range(r, 7)]
    fields = dict(name="Klondike", piles=tuple(piles), deal=tuple(deal), rest_to="stock",
                  stocks=(StockRule("stock", "waste", count, redeals),))
    fields.update(changes)
    return Rules(**fields)


def position(ruleset, piles, vars_=None):
    """A game set up with the given pile contents (name -> card texts)."""
    data = {"piles": [{"name": name, "cards": cards.split()} for name, cards in piles.items()]}
    if vars_:
        data["vars"] = vars_
    return Game.from_position(ruleset, data)


def refused(game, action):
    with pytest.raises(IllegalMoveError) as info:
        game.play(action)
    return str(info.value)


class TestBuild:
    @pytest.mark.parametrize("rank, wrap, under, over, ok", [
        ("up", False, 5, 6, True), ("up", False, 6, 5, False), ("up", False, 13, 1, False), ("up", True, 13, 1, True),
        ("down", False, 6, 5, True), ("down", False, 1, 13, False), ("down", True, 1, 13, True),
        ("either", False, 6, 5, True), ("either", False, 6, 7, True), ("either", False, 6, 8, False),
        ("either", True, 1, 13, True), ("any", False, 2, 9, True), ("none", False, 6, 5, False),
    ])
    def test_rank_orders(self, rank, wrap, under, over, ok):
        assert Build(rank, "any", wrap).rank_fits(under, over) is ok

    @pytest.mark.parametrize("suit, under, over, ok", [
        ("same", "5H", "4H", True), ("same", "5H", "4D", False),
        ("alternate", "5H", "4S", True), ("alternate", "5H", "4D", False),
        ("colour", "5H", "4D", True), ("colour", "5H", "4C", False),
        ("other", "5H", "4D", True), ("other", "5H", "4H", False),
        ("any", "5H", "4H", True), ("none", "5H", "4S", False),
    ])
    def test_suit_rules(self, suit, under, over, ok):
        assert Build("down", suit).fits(C(under), C(over)) is ok


class TestDeal:
    def test_plan_counts_and_faces(self):
        game = Game(RulesRuleset(klondike_rules()), 1)
        assert [len(game.pile(f"t{i}")) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
        assert all(p.cards[-1].face_up and not any(c.face_up for c in p.cards[:-1]) for p in game.piles_of("tableau"))
        assert len(game.pile("stock")) == 24 and not any(c.face_up for c in game.pile("stock").cards)
        assert len(game.cards()) == 52 and len({(c.rank, c.suit) for c in game.cards()}) == 52

    def test_same_seed_same_deal(self):
        ruleset = RulesRuleset(klondike_rules())
        assert Game(ruleset, 7).to_position() == Game(ruleset, 7).to_position()
        assert Game(ruleset, 7).to_position() != Game(ruleset, 8).to_position()

    def test_specific_cards_and_base(self):
        rules = klondike_rules(deal=(DealStep("f1", 1, True, (1, "S")), DealStep("t1", 3, False), DealStep("t1", 1)),
                               base=("t1", 3))
        game = Game(RulesRuleset(rules), 3)
        assert [str(c) for c in game.pile("f1").cards] == ["AS"]
        assert game.vars["base"] == game.pile("t1").cards[3].rank
        assert sum(1 for c in game.cards() if (c.rank, c.suit) == (1, "S")) == 1

    @pytest.mark.parametrize("changes, message", [
        (dict(deal=(DealStep("t1", 53),)), "needs 53 cards"),
        (dict(rest_to=None), "cards over"),
        (dict(deal=(DealStep("f1", 1, True, (1, "S")), DealStep("f2", 1, True, (1, "S")))), "2 times"),
        (dict(deal=(DealStep("nowhere", 1),)), "no pile named"),
        (dict(decks=9), "1 to 8 decks"),
        (dict(base=("t1", 5)), "base card"),
        (dict(stocks=(StockRule("stock", None),)), "deals to no pile"),
        (dict(won="never"), "win rule"),
        (dict(addition=1), "addition total"),
    ])
    def test_validation(self, changes, message):
        with pytest.raises(RulesError, match=message):
            RulesRuleset(klondike_rules(**changes))

    @pytest.mark.parametrize("vars_", [{"base": 99}, {"base": "x"}, {"base": True}, {"redeals": -1},
                                       {"redeals": "lots"}])
    def test_nonsense_vars_in_a_position_are_refused(self, vars_):
        rules = klondike_rules(base=("t1", 0), redeals=2)
        with pytest.raises(PositionError):
            position(RulesRuleset(rules), {"t1": "5H"}, vars_)

    def test_start_rank_base_needs_a_base(self):
        piles = (PileRule("f1", "foundation", start_rank="base"), PileRule("t1", "tableau"))
        with pytest.raises(RulesError, match="base rank"):
            RulesRuleset(Rules("X", piles, deal=(DealStep("t1", 52),)))


class TestMoves:
    ruleset = RulesRuleset(klondike_rules())

    def test_build_down_alternate(self):
        game = position(self.ruleset, {"t1": "9H", "t2": "8S", "t3": "8D", "t4": "7D"})
        assert "alternate" in refused(game, "t3>t1")
        assert "builds down" in refused(game, "t4>t1")
        game.play("t2>t1")
        assert [str(c) for c in game.pile("t1").cards] == ["9H", "8S"]

    def test_run_take_follows_the_build(self):
        game = position(self.ruleset, {"t1": "TC 9H 8S", "t2": "JD", "t3": "TS 9D 8H", "t4": "JH"})
        game.play("t1:3>t2")
        assert "in order" in refused(game, "t3:2>t4")

    def test_empty_start_kings_only(self):
        game = position(self.ruleset, {"t1": "QH", "t2": "KS"})
        assert "King" in refused(game, "t1>t3")
        game.play("t2>t3")

    def test_foundation_from_ace_one_at_a_time(self):
        game = position(self.ruleset, {"t1": "2H AS", "t2": "3H", "t3": "2S"})
        assert "one card at a time" in refused(game, "t1:2>f1")
        assert "Ace" in refused(game, "t3>f1")
        game.play("t1>f1")
        game.play("t3>f1")
        assert "same suit" in refused(game, "t2>f1")
        assert "another" in refused(game, "f1>f3")

    def test_face_down_and_flip(self):
        game = position(self.ruleset, {"t1": "5d 6C", "t2": "7D"})
        assert refused(game, "t1:2>t2") == "That card is face down"
        game.play("t1>t2")
        assert str(game.pile("t1").top) == "5D"
        game.undo()
        assert str(game.pile("t1").cards[0]) == "5d"

    def test_take_rules(self):
        piles = [PileRule("a", "tableau", Build("any", "any"), take="top"),
                 PileRule("b", "tableau", Build("any", "any"), take="any"),
                 PileRule("c", "tableau", Build("any", "any"), take="none"),
                 PileRule("d", "tableau", Build("any", "any"))]
        ruleset = RulesRuleset(Rules("T", tuple(piles), deal=(DealStep("d", 52),)))
        game = position(ruleset, {"a": "2C 9H", "b": "2D KS", "c": "4H"})
        assert "Only the top" in refused(game, "a:2>d")
        game.play("b:2>d")
        assert "can't be taken" in refused(game, "c>d")

    def test_free_cell_capacity(self):
        piles = group("cell", 2, "cell", build=Build("any", "any"), capacity=1) + \
            [PileRule("t", "tableau", take="any")]
        ruleset = RulesRuleset(Rules("T", tuple(piles), deal=(DealStep("t", 52),)))
        game = position(ruleset, {"t": "2C 3H 4S"})
        game.play("t>cell1")
        assert "only one card" in refused(game, "t>cell1")
        assert "only one card" in refused(game, "t:2>cell2")

    @pytest.mark.parametrize("kind, allowed", [("cells", 4), ("doubling", 6)])
    def test_free_limits(self, kind, allowed):
        piles = group("cell", 2, "cell", build=Build("any", "any"), capacity=1) + \
            group("t", 3, "tableau", take="any", free_limit=kind, build=Build("any", "any"))
        ruleset = RulesRuleset(Rules("T", tuple(piles), deal=(DealStep("t1", 52),)))
        game = position(ruleset, {"t1": "AC 2C 3C 4C 5C 6C 7C", "t2": "KH"})
        # empty: two cells and t3 (t2 is the destination)
        assert game.is_legal(f"t1:{allowed}>t2")
        assert not game.is_legal(f"t1:{allowed + 1}>t2")

    def test_layout_in_card_units(self):
        game = Game(self.ruleset, 0)
        layout = self.ruleset.layout(game, 71, 96)
        assert layout.view("waste").x - layout.view("stock").x == round(1.1 * 71)
        assert layout.view("t1").dy == 24 and layout.view("t1").y - layout.view("stock").y == round(1.2 * 96)


class TestStock:
    def test_turn_three_and_redeal_count_down(self):
        ruleset = RulesRuleset(klondike_rules(count=3, redeals=1))
        game = Game(ruleset, 2)
        assert game.vars["redeals"] == 1
        for _ in range(8):
            game.play("click:stock")
        assert len(game.pile("waste")) == 24 and game.pile("waste").top.face_up
        bottom = game.pile("waste").cards[0]
        game.play("click:stock")                       # turn the waste over
        assert game.vars["redeals"] == 0 and game.pile("stock").top.same_card(bottom)
        for _ in range(8):
            game.play("click:stock")
        assert not game.ruleset.can_click(game, game.pile("stock"))
        assert refused(game, "click:stock") == "No redeals are left"
        game.restart()
        assert game.vars["redeals"] == 1 and len(game.pile("stock")) == 24

    def test_unlimited_redeals(self):
        game = Game(RulesRuleset(klondike_rules(redeals=None)), 2)
        for _ in range(24 * 3 + 3):
            game.play("click:stock")
        assert "redeals" not in game.vars

    def test_deal_to_columns(self):
        rules = klondike_rules(stocks=(StockRule("stock", None, targets=("t1", "t2", "t3")),))
        game = Game(RulesRuleset(rules), 2)
        before = [len(game.pile(f"t{i}")) for i in (1, 2, 3, 4)]
        game.play("click:stock")
        assert [len(game.pile(f"t{i}")) for i in (1, 2, 3, 4)] == [before[0] + 1, before[1] + 1, before[2] + 1, before[3]]
        assert game.pile("t1").top.face_up

    def test_deal_at_start(self):
        rules = klondike_rules(count=3, stocks=(StockRule("stock", "waste", 3, None, deal_at_start=True),))
        game = Game(RulesRuleset(rules), 2)
        assert len(game.pile("waste")) == 3 and not game.can_undo


class TestAddition:
    def rules(self):
        piles = [PileRule("stock", "stock", take="none", accept=False), PileRule("waste", "waste", accept=False),
                 PileRule("f", "foundation", Build("any", "any"), take="none", max_drop=1)]
        piles += group("t", 3, "tableau", accept=False)
        return Rules("Pairs", tuple(piles), deal=tuple(DealStep(f"t{i}") for i in (1, 2, 3)), rest_to="stock",
                     stocks=(StockRule("stock", "waste"),), addition=13, covers=(("t1", ("t2", "t3")),))

    def test_pairs_kings_and_covering(self):
        ruleset = RulesRuleset(self.rules())
        game = position(ruleset, {"t1": "6H", "t2": "7C", "t3": "KD", "waste": "6S", "stock": "2c"})
        assert "covered" in refused(game, "t1>t2")
        moves = {str(m) for m in game.legal_moves}
        assert {"waste>t2", "t2>waste", "click:t3", "t3>f", "click:stock"} <= moves
        assert "t1>t2" not in moves and "waste>t3" not in moves
        game.play("waste>t2")
        assert [str(c) for c in game.pile("f").cards] == ["7C", "6S"]
        assert "covered" in refused(game, "click:t1")
        game.play("click:t3")
        assert not game.ruleset.blocked(game, game.pile("t1"))
        assert "worth 13" in refused(game, "click:t1")

    def test_only_pairs_reach_the_foundation(self):
        game = position(RulesRuleset(self.rules()), {"t2": "7C", "t3": "QD"})
        assert "pairs" in refused(game, "t2>f")
        assert "add up" in refused(game, "t3>t2")


class TestVariantsAndWinning:
    def test_variant_by_option(self):
        easy, hard = klondike_rules(count=1), klondike_rules(count=3)
        ruleset = RulesRuleset(easy, {"easy": easy, "hard": hard})
        assert Game(ruleset, 1).options["mode"] == "easy"
        game = Game(ruleset, 1, {"mode": "hard"})
        game.play("click:stock")
        assert len(game.pile("waste")) == 3

    def test_variants_need_the_same_piles(self):
        with pytest.raises(RulesError, match="different piles"):
            RulesRuleset(klondike_rules(), {"a": klondike_rules(), "b": klondike_rules(piles=klondike_rules().piles[:-1],
                                                                                        deal=())})

    def test_won_when_only_foundations_hold_cards(self):
        ruleset = RulesRuleset(klondike_rules())
        cards = {f"f{i}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("CDHS", 1)}
        assert position(ruleset, cards).status == "won"
        cards["f4"] = cards["f4"][:-3]
        cards["t1"] = "KS"
        game = position(ruleset, cards)
        assert game.status == "playing"
        game.play("t1>f4")
        assert game.status == "won"


def test_random_play_keeps_cards_and_undoes():
    ruleset = RulesRuleset(klondike_rules(count=3, redeals=2))
    game = Game(ruleset, 11)
    start = game.to_position()
    rng = random.Random(5)
    for _ in range(300):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.play(rng.choice(moves))
        assert sorted(map(str, (c.turned(True) for c in game.cards()))) == \
            sorted(map(str, (c.turned(True) for c in Game(ruleset, 11).cards())))
    game.restart()
    assert game.to_position() == start


class TestMoreBuildingBlocks:
    @pytest.mark.parametrize("build, under, over, ok", [
        (Build("down", "any", step=2), 7, 5, True), (Build("down", "any", step=2), 7, 6, False),
        (Build("up", "any", step=2, wrap=True), 12, 1, True), (Build("up", "any", step=2), 12, 1, False),
        (Build("same", "any"), 7, 7, True), (Build("same", "any"), 7, 8, False),
    ])
    def test_steps_and_same_rank(self, build, under, over, ok):
        assert build.rank_fits(under, over) is ok

    def table(self, **rule):
        piles = [PileRule("stock", "stock", take="none", accept=False), PileRule("waste", "waste", accept=False),
                 PileRule("a", "tableau", **{"take": "any", **rule}), PileRule("b", "tableau", take="any"),
                 PileRule("f", "foundation", Build("up", "same"), start_rank=1, won_count=13)]
        return RulesRuleset(Rules("T", tuple(piles), deal=(DealStep("b", 1),), rest_to="stock",
                                  stocks=(StockRule("stock", "waste"),)))

    def test_alternative_builds(self):
        ruleset = self.table(build=Build("down", "alternate"), also=(Build("down", "same"),))
        game = position(ruleset, {"a": "9H", "b": "8H 8S 8D"})
        assert "alternate" in refused(game, "b>a")                 # 8D: neither rule
        game = position(ruleset, {"a": "9H", "b": "8D 8H"})
        game.play("b>a")                                            # same suit: the second rule
        game = position(ruleset, {"a": "9H", "b": "8S"})
        game.play("b>a")                                            # alternate colour: the first

    def test_start_by_colour(self):
        ruleset = self.table(start_suit="red")
        game = position(ruleset, {"b": "5S 5H"})
        game.play("b>a")
        assert "red" in refused(position(ruleset, {"b": "5H 5S"}), "b>a")

    def test_accept_from(self):
        ruleset = self.table(accept_from=("waste",), build=Build("any", "any"))
        game = position(ruleset, {"b": "5S", "waste": "5H"})
        assert refused(game, "b>a") == "The column a doesn't take cards from the column b"
        game.play("waste>a")
        empty_only = self.table(accept_from_empty=("b",), build=Build("any", "any"))
        game = position(empty_only, {"b": "5S 7C", "waste": "5H"})
        assert "doesn't take" in refused(game, "waste>a")
        game.play("b>a")
        game.play("waste>a")

    def test_min_drop(self):
        ruleset = self.table(min_drop=2, build=Build("any", "any"))
        game = position(ruleset, {"b": "5S 7C"})
        assert "At least 2" in refused(game, "b>a")
        game.play("b:2>a")

    def test_refill_from(self):
        ruleset = self.table(refill_from="waste", build=Build("any", "any"))
        game = position(ruleset, {"a": "5S", "waste": "2C 3H"})
        game.play("a>b")
        assert [str(c) for c in game.pile("a").cards] == ["3H"]
        game.undo()
        assert [str(c) for c in game.pile("a").cards] == ["5S"] and len(game.pile("waste")) == 2

    def test_won_by_counts(self):
        piles = (PileRule("t", "tableau"), PileRule("f", "foundation", Build("up", "same"), start_rank=1, won_count=13))
        rules = Rules("T", piles, deal=(DealStep("t", 52),), won="counts")
        ruleset = RulesRuleset(rules)
        assert position(ruleset, {"f": " ".join(f"{r}S" for r in "A23456789TJQK"), "t": "2H"}).status == "won"
        assert position(ruleset, {"f": "AS", "t": "2H"}).status != "won"
        with pytest.raises(RulesError, match="won_count"):
            RulesRuleset(Rules("T", (PileRule("t", "tableau"),), deal=(DealStep("t", 52),), won="counts"))

    @pytest.mark.parametrize("rule, message", [
        (dict(accept_from=("nowhere",)), "no pile or role"),
        (dict(refill_from="a"), "refill itself"),
        (dict(build=Build("down", "any", step=13)), "step"),
        (dict(start_suit="green"), "unknown suit"),
        (dict(min_drop=0), "min_drop"),
        (dict(free_limit="plenty"), "free-cell limit"),
        (dict(take="some"), "take rule"),
        (dict(start_rank=14), "start rank"),
        (dict(build=Build("sideways", "any")), "rank order"),
        (dict(build=Build("up", "tartan")), "suit rule"),
        (dict(capacity=0), "capacity"),
    ])
    def test_checked(self, rule, message):
        with pytest.raises(RulesError, match=message):
            self.table(**rule)


class TestPresentation:
    def test_status_text_redeals_and_base(self):
        game = Game(RulesRuleset(klondike_rules(redeals=2, base=("t7", 6))), 1)
        assert game.ruleset.status_text(game) == "Redeals left: 2"
        game = Game(RulesRuleset(klondike_rules()), 1)
        assert game.ruleset.status_text(game) == "Redeals: no limit"
        game = Game(RulesRuleset(klondike_rules(stocks=(), base=("t7", 6))), 1)
        assert game.ruleset.status_text(game).startswith("Base: ")

    def test_describe_pile_in_solkit_notation(self):
        piles = (PileRule("f", "foundation", Build("up", "same", wrap=True), start_rank=12, start_suit="D"),
                 PileRule("t", "tableau", Build("down", "alternate"), take="run"),
                 PileRule("c", "cell", Build("any", "any"), capacity=1),
                 PileRule("r", "reserve", accept=False, take="any"),
                 PileRule("e", "tableau", Build("either", "any", step=2)))
        ruleset = RulesRuleset(Rules("T", piles, deal=(DealStep("t", 52),)))
        game = Game(ruleset, 1)
        described = {p.name: ruleset.describe_pile(game, p) for p in game.piles}
        assert described["f"] == ["Order: A 2 3 4 loops", "Suits: same suit", "Starts: Q diamonds", "Takes: top card"]
        assert described["t"][:2] == ["Order: 4 3 2 A", "Suits: alternate"] and "cards in order" in described["t"][-1]
        assert "Holds one card" in described["c"] and described["c"][0] == "Order: -"
        assert described["r"] == ["Take only", "Takes: any face up"]
        assert described["e"][0] == "Order: A 3 5 3"
        assert all(len(line) <= 22 for lines in described.values() for line in lines)
        assert ruleset.layout(game).view("f").empty == "D"
