import pytest

from kingalbert.engine import Card, InvalidMoveError, Move, Rng, SolitaireError, new_deck


@pytest.mark.parametrize("text", ["AC", "9C", "TD", "JH", "QS", "KD", "qh", "as", "td"])
def test_card_text_round_trip(text):
    assert str(Card.parse(text)) == text


def test_card_reading():
    assert Card.parse("10h") == Card(10, "H", False)
    assert Card.parse("10H") == Card(10, "H", True)
    assert Card.parse("qh").face_up is False
    assert Card.parse("6H").name == "Six of Hearts"
    assert Card.parse("6H").red and not Card.parse("6S").red


@pytest.mark.parametrize("text", ["", "1C", "ZC", "AX", "A", "10", "Qh", "11C", " AC", 7])
def test_bad_cards_are_refused(text):
    with pytest.raises(SolitaireError):
        Card.parse(text)


def test_new_deck():
    deck = new_deck(2)
    assert len(deck) == 104 and len(set(deck)) == 52
    assert deck[0] == Card(1, "C", False) and deck[12] == Card(13, "C", False)
    with pytest.raises(SolitaireError):
        new_deck(9)


@pytest.mark.parametrize("text", ["t1>f1", "t1:3>t2", "click:stock", "adjust:t4", "adjust:t4:2", "click:col1:3"])
def test_move_text_round_trip(text):
    assert str(Move.parse(text)) == text


def test_move_parse_defaults():
    assert Move.parse("click:deck") == Move("click", "deck", 1, None)
    assert Move.parse(" T1 > F2 ") == Move("drag", "T1", 1, "F2")
    assert Move.parse("t1:1>t2") == Move.drag("t1", "t2")


@pytest.mark.parametrize("text", ["", "t1", "t1>", ">t2", "t1:0>t2", "t1:x>t2", "jump:t1", "click:", "a>b>c", "t1:2:3>t4"])
def test_bad_actions(text):
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_rng_is_splitmix64():
    # SplitMix64's published first output for seed 0 (state advanced once by the golden gamma)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    a, b = Rng(12345), Rng(12345)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_rng_below_is_in_range_and_unbiased_enough():
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(800 < c < 1200 for c in counts)


def test_shuffle_is_a_permutation_and_depends_on_seed():
    one, two = list(range(52)), list(range(52))
    Rng(1).shuffle(one)
    Rng(2).shuffle(two)
    assert sorted(one) == list(range(52)) and one != two
