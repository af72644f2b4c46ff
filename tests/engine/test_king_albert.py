from collections import Counter

import pytest

from kingalbert.engine import Game, IllegalMoveError, Move, PositionError
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.engine.ruleset import Ruleset
from tests.helpers.king_albert import cards, ka


def test_deal_shape():
    game = ka(seed=5)
    names = [pile.name for pile in game.piles]
    assert names == [f"f{i}" for i in range(1, 5)] + [f"r{i}" for i in range(1, 8)] + [f"t{i}" for i in range(1, 10)]
    assert [len(game.pile(f"t{i}").cards) for i in range(1, 10)] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(len(game.pile(f"r{i}").cards) == 1 for i in range(1, 8))
    assert all(not game.pile(f"f{i}").cards for i in range(1, 5))
    every = game.cards()
    assert len(every) == 52 and len(set(every)) == 52 and all(card.face_up for card in every)


def test_seeded_deals_are_stable():
    assert ka(seed=1).to_position() == ka(seed=1).to_position()
    assert ka(seed=1).to_position() != ka(seed=2).to_position()
    # The dealing algorithm is a promise: seed 1 deals this forever.
    game = ka(seed=1)
    assert cards(game, "t9") == "4C"
    assert cards(game, "t1") == "7D 9C 4D 8H 8D 5S JD 6D 9S"
    assert " ".join(cards(game, f"r{i}") for i in range(1, 8)) == "2H 8C TC 3H 2S 9H 7S"


def test_build_down_in_alternate_colours():
    game = ka({"t1": "7C", "t2": "6H", "t3": "6S"})
    game.play("t2>t1")
    assert cards(game, "t1") == "7C 6H"
    with pytest.raises(IllegalMoveError, match="The Six of Spades can only go on a red Seven"):
        game.play("t3>t1")
    assert cards(game, "t3") == "6S"


def test_any_card_onto_an_empty_stack_and_kings():
    game = ka({"t1": "KD", "t2": "5C", "t3": "QS"})
    game.play("t2>t4")
    assert cards(game, "t4") == "5C"
    with pytest.raises(IllegalMoveError, match="A King can only go on an empty stack"):
        game.play("t1>t3")
    game.play("t1>t5")
    assert cards(game, "t5") == "KD"


def test_suit_stacks():
    game = ka({"t1": "2H", "t2": "AH", "t3": "AC", "t4": "3H"})
    with pytest.raises(IllegalMoveError, match="must start with its Ace"):
        game.play("t1>f1")
    with pytest.raises(IllegalMoveError, match="belongs on the Clubs suit stack"):
        game.play("t3>f1")
    game.play("t2>f1")
    with pytest.raises(IllegalMoveError, match="needs the Two next"):
        game.play("t4>f1")
    game.play("t1>f1")
    game.play("t3>f2")
    assert cards(game, "f1") == "AH 2H" and cards(game, "f2") == "AC"


def test_nothing_goes_to_the_reserve_and_reserve_cards_are_available():
    game = ka({"r3": "9D", "r1": "5H", "t1": "TC", "t2": "4S"})
    with pytest.raises(IllegalMoveError, match="cannot move cards to the reserve"):
        game.play("t2>r2")
    with pytest.raises(IllegalMoveError, match="cannot move cards to the reserve"):
        game.play("t2>r1")
    game.play("r3>t1")
    assert cards(game, "t1") == "TC 9D" and not game.pile("r3").cards


def test_one_card_at_a_time():
    game = ka({"t1": "8C 7H", "t2": "9D"})
    with pytest.raises(IllegalMoveError, match="one card at a time"):
        game.play("t1:2>t2")
    with pytest.raises(IllegalMoveError, match="no card there"):
        game.play("t5>t2")


def test_suit_stack_top_is_available():
    game = ka({"f1": "AH 2H 3H", "t1": "4C"})
    game.play("f1>t1")
    assert cards(game, "f1") == "AH 2H" and cards(game, "t1") == "4C 3H"


def test_refused_move_leaves_the_game_untouched():
    game = ka(seed=3)
    before = game.to_position()
    for action in ["t1>r1", "t9:2>t1", "f1>t1"]:
        with pytest.raises(IllegalMoveError):
            game.play(action)
    assert game.to_position() == before and game.history == []


def test_names_match_case_insensitively():
    game = ka({"t1": "7C", "t2": "6H"})
    game.play("T2>T1")
    assert game.history == [Move("drag", "t2", 1, "t1")]


def test_adjust_click_sends_a_card_to_its_suit_stack():
    game = ka({"t1": "9S AD", "r4": "AS", "t2": "2S"})
    game.play("adjust:t1")
    assert cards(game, "f3") == "AD"
    game.play("adjust:r4")
    game.play("adjust:t2")
    assert cards(game, "f4") == "AS 2S"
    with pytest.raises(IllegalMoveError, match="Spades suit stack needs the Three next"):
        game.play("adjust:t1")
    with pytest.raises(IllegalMoveError, match="bottom of a column"):
        game.play("adjust:t1:2")
    with pytest.raises(IllegalMoveError, match="no card there"):
        game.play("adjust:t7")


AUTO_STACK_EXAMPLE = {"t1": "7S AC", "t2": "6H", "t3": "KD"}


def test_auto_stack_the_descriptions_example():
    game = ka(AUTO_STACK_EXAMPLE, auto_stack=True, auto_finish=False)
    game.play("t2>t1")
    assert cards(game, "f2") == "AC"
    assert cards(game, "t1") == "7S 6H"
    game.undo()
    assert cards(game, "t1") == "7S AC" and not game.pile("f2").cards


def test_auto_stack_off_refuses_the_example():
    game = ka(AUTO_STACK_EXAMPLE, auto_stack=False, auto_finish=False)
    with pytest.raises(IllegalMoveError):
        game.play("t2>t1")


def test_auto_stack_conditions():
    # lone top card that can go up: it is stacked and the moved card goes on the empty stack
    game = ka({"t1": "AC", "t2": "6H", "t3": "KD"}, auto_stack=True, auto_finish=False)
    game.play("t2>t1")
    assert cards(game, "f2") == "AC" and cards(game, "t1") == "6H"
    # second card not one higher and of the other colour: no auto stack
    game = ka({"t1": "7H AC", "t2": "6H", "t3": "KD"}, auto_stack=True, auto_finish=False)
    with pytest.raises(IllegalMoveError):
        game.play("t2>t1")
    # top card that can't go up: no auto stack
    game = ka({"t1": "7S 2C", "t2": "6H", "t3": "KD"}, auto_stack=True, auto_finish=False)
    with pytest.raises(IllegalMoveError):
        game.play("t2>t1")
    # top card that can go up, above a card the moved one fits: stacked even when the plain move is legal
    game = ka({"f2": "AC 2C 3C 4C 5C 6C", "t1": "8H 7C", "t2": "6H", "t3": "KD"}, auto_stack=True, auto_finish=False)
    game.play("t2>t1")
    assert cards(game, "t1") == "8H 7C 6H"
    game = ka({"f2": "AC 2C 3C 4C 5C 6C", "t1": "7S 7C", "t2": "6H", "t3": "KD"}, auto_stack=True, auto_finish=False)
    game.play("t2>t1")
    assert cards(game, "t1") == "7S 6H" and cards(game, "f2").endswith("7C")


def _nearly_sorted():
    return {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H", "f2": "AC 2C 3C 4C 5C 6C 7C 8C",
            "t1": "9C", "t2": "TH", "t3": "TC", "t4": "QH JH", "t5": "KH", "t6": "JC",
            "t7": "QC KC", "r2": "AD", "r5": "2D"}


def test_auto_finish_stacks_everything_and_wins():
    game = ka(_nearly_sorted(), auto_finish=True)
    assert game.status == "playing"
    loose = sum(len(pile.cards) for pile in game.piles if pile.role != "foundation")
    record = game.play("t7>t8")
    assert game.status == "won"
    assert all(not pile.cards for pile in game.piles if pile.role != "foundation")
    assert "Stacking..." in record.messages and game.message == KingAlbert.won_message
    # every card went up one by one, in steps the desktop can animate
    assert len(record.steps) == 1 + loose
    assert all(dst.startswith("f") for _, dst, _ in record.steps[1:])
    game.undo()
    assert cards(game, "t7") == "QC KC" and game.status == "playing"


def test_auto_finish_off_leaves_the_cards():
    game = ka(_nearly_sorted(), auto_finish=False)
    game.play("t7>t8")
    assert game.status == "playing" and cards(game, "t8") == "KC"


def test_auto_finish_of_fewer_cards_stops_at_a_card_that_does_not_fit():
    # (a play-test: a position of three cards, every stack sorted after a move, "won" with
    # the Nine of Clubs on an empty Clubs stack; the solver called it lost)
    game = ka({"t1": "9C", "t2": "KS 8D"}, auto_finish=True)
    game.play("t2>t3")
    assert game.status != "won" and cards(game, "t1") == "9C" and not game.pile("f2").cards
    game = ka({"f1": "AH", "t1": "3H", "t2": "2H"}, auto_finish=True)
    game.play("t2>t3")
    assert game.status == "won" and cards(game, "f1") == "AH 2H 3H"


@pytest.mark.parametrize("piles, says", [
    ({"r1": "AS 2S 3S"}, "holds one card at most"),
    ({"t1": "as"}, "face up"),
    ({"f1": "KS 2C"}, "from the Ace up"),
    ({"f2": "AC 3C"}, "from the Ace up"),
])
def test_a_position_no_game_can_show_is_refused(piles, says):
    # (a play-test: 52 cards in one reserve place drew, a face-down card went up face down and
    # "won", and an Ace was laid on a Two of Clubs on the Hearts stack)
    with pytest.raises(PositionError, match=says):
        ka(piles)


def test_won_when_every_card_present_is_up():
    game = ka({"f1": "AH", "t1": "2H"}, auto_finish=False)
    game.play("t1>f1")
    assert game.status == "won" and game.message == KingAlbert.won_message


def test_lost_when_nothing_can_move():
    game = ka({"t1": "KH 9C", "t2": "KD 9S", "t3": "QH 8C", "t4": "QD 8S", "t5": "JH 7C", "t6": "JD 7S",
               "t7": "TH 6C", "t8": "TD 6S", "t9": "9H 5C"}, auto_finish=False)
    assert game.legal_moves.count() == 0 and game.status == "lost"


def test_undo_redo_back_to_the_deal():
    game = ka(seed=11, auto_finish=False)
    deal = game.to_position()
    played = []
    for _ in range(15):
        move = next(iter(game.legal_moves))
        game.play(move)
        played.append(game.to_position())
    assert len(game.history) == 15
    while game.undo():
        pass
    assert game.to_position() == deal and game.history == [] and game.undo() is None
    for position in played:
        game.redo()
        assert game.to_position() == position
    assert game.redo() is None
    game.undo()
    game.play(next(iter(game.legal_moves)))
    assert not game.can_redo


def test_specialised_moves_equal_the_generic_generator():
    for seed in range(20):
        for auto_stack in (False, True):
            game = ka(seed=seed, auto_stack=auto_stack)
            for _ in range(10):
                fast = set(game.legal_moves)
                generic = set(Ruleset.legal_moves(game.ruleset, game))
                assert fast == generic
                if not fast:
                    break
                game.play(sorted(fast, key=str)[seed % len(fast)])


def test_positions_round_trip_and_validation():
    game = ka(seed=8)
    again = Game.from_position(KingAlbert(), game.to_position())
    assert again.to_position() == game.to_position()
    with pytest.raises(PositionError, match="appears 2 times"):
        ka({"t1": "AC", "t2": "AC"})
    with pytest.raises(PositionError, match="no pile named"):
        ka({"x9": "AC"})
    with pytest.raises(PositionError, match="not a card"):
        ka({"t1": "1C"})


def test_legal_moves_view():
    game = ka(seed=1)
    moves = list(game.legal_moves)
    assert moves and game.legal_moves.count() == len(moves) and game.legal_moves.any()
    assert all(move in game.legal_moves for move in moves)
    assert Move.parse("t1>r1") not in game.legal_moves
    assert Counter(map(str, moves)) == Counter(set(map(str, moves)))
