"""The bundled CardsWorkShop games: each loads, deals, plays, undoes; and each one's rules."""
import random

import pytest

from kingalbert.engine import Game
from kingalbert.engine.errors import IllegalMoveError
from kingalbert.loaders import load as load_any
from kingalbert.loaders.cdl import load
from tests.helpers.data import GAMES as ALL_GAMES

GAMES = ALL_GAMES / "cdl"
NAMES = ["klondike", "golf", "canfield", "calculation", "strategy", "acesup"]


def rules_for(name):
    return load(GAMES / f"{name}.cdl")


def arranged(name, variables=None, **piles):
    """A dealt game of ``name`` whose piles are replaced: those given (text cards,
    bottom first) hold those cards, the others are empty.  The deal's variables
    (drawings, globals) stay, with ``variables`` changing some globals."""
    rules = rules_for(name)
    position = Game(rules, seed=1).to_position()
    for entry in position["piles"]:
        entry["cards"] = piles.get(entry["name"], "").split()
    if variables:
        position["vars"]["cdl:globals"].update(variables)
    return Game.from_position(rules, position)


def cards(game, name):
    return " ".join(str(card) for card in game.pile(name).cards)


def test_every_bundled_game_is_tested():
    assert sorted(path.stem for path in GAMES.glob("*.cdl")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_loads_deals_plays_and_undoes(name):
    rules = load_any(GAMES / f"{name}.cdl")
    game = Game(rules, seed=11)
    dealt = game.to_position()
    assert sorted((c.rank, c.suit) for c in game.cards()) == sorted((r, s) for r in range(1, 14) for s in "CDHS")
    assert Game(rules, seed=11).to_position() == dealt
    assert Game(rules, seed=12).to_position() != dealt
    chooser = random.Random(3)
    played = []
    for _ in range(25):
        moves = list(game.legal_moves)
        if not moves or game.status != "playing":
            break
        move = chooser.choice(moves)
        game.play(move)
        played.append(move)
    assert len(played) >= 10
    assert game.history == played
    game.restart()
    assert game.to_position() == dealt


@pytest.mark.parametrize("name", NAMES)
def test_every_stack_has_help(name):
    rules = rules_for(name)
    game = Game(rules, seed=2)
    for pile in game.piles:
        box = rules.help_text(game, pile)
        assert box is not None and box.open and box.title and box.text, pile.name


@pytest.mark.parametrize("name", NAMES)
def test_layout_fits_the_matrix(name):
    rules = rules_for(name)
    width, height = rules.matrix
    for stack in rules.stack_layout():
        assert stack["x"] >= 0 and stack["x"] + stack["w"] <= width
        assert stack["y"] >= 0 and stack["y"] + stack["h"] <= height


# -- Klondike --------------------------------------------------------------------------
def test_klondike_deal():
    game = Game(rules_for("klondike"), seed=4)
    for i in range(1, 8):
        pile = game.pile(f"T{i}").cards
        assert len(pile) == i and pile[-1].face_up and not any(c.face_up for c in pile[:-1])
    assert len(game.pile("Stock").cards) == 24
    game.play("click:Stock")
    assert len(game.pile("Waste").cards) == 1 and game.pile("Waste").cards[0].face_up


def test_klondike_foundations_and_tableau():
    game = arranged("klondike", Waste="AS 2H", T1="5d KC", T2="QD")
    with pytest.raises(IllegalMoveError):
        game.play("Waste>F1")                # a Two on an empty foundation
    with pytest.raises(IllegalMoveError):
        game.play("Waste>T2")                # red on red
    game.play("T2>T1")                       # red Queen on black King
    game.play("T1:2>T3")                     # the King and its Queen to a space
    assert cards(game, "T3") == "KC QD"
    assert cards(game, "T1") == "5D"         # integrity? turned the card up
    game.undo()
    assert cards(game, "T1") == "5d KC QD"


def test_klondike_adjust_and_redeal():
    game = arranged("klondike", Waste="3D AH")
    game.play("adjust:Waste")
    assert cards(game, "F1") == "AH"
    game.play("click:Stock")                 # the waste turns over
    assert cards(game, "Stock") == "3d" and cards(game, "Waste") == ""
    assert game.vars["cdl:globals"]["turns"] == 1


def test_klondike_win():
    suits = ["S", "H", "C", "D"]
    full = {f"F{i + 1}": " ".join(f"{r}{s}" for r in "A23456789TJQ") for i, s in enumerate(suits)}
    game = arranged("klondike", T1="KS", T2="KH", T3="KC", T4="KD", **full)
    for i in range(1, 5):
        game.play(f"T{i}>F{i}")
    assert game.status == "won"


# -- Golf ---------------------------------------------------------------------------------
def test_golf_plays_one_rank_up_or_down_and_loses_when_stuck():
    game = arranged("golf", Waste="5H", C1="2C 6S", C2="8S", C3="KD 4H")
    with pytest.raises(IllegalMoveError):
        game.play("C2>Waste")
    assert game.status == "playing"
    game.play("C1>Waste")
    assert cards(game, "Waste") == "5H 6S"
    assert game.status == "lost"             # 2C, 8S, 4H: nothing fits a Six


def test_golf_nothing_on_a_king_and_win():
    game = arranged("golf", Waste="KH", C1="TC", C2="JS", Stock="9d")
    with pytest.raises(IllegalMoveError):
        game.play("C1>Waste")                # nothing goes on a King
    game.play("click:Stock")
    assert cards(game, "Waste") == "KH 9D"
    game.play("adjust:C1")                   # ADJUST plays the Ten straight to the waste
    assert cards(game, "C1") == "" and game.status == "playing"
    game.play("C2>Waste")
    assert game.status == "won"


# -- Canfield -------------------------------------------------------------------------------
def test_canfield_deal_and_base():
    game = Game(rules_for("canfield"), seed=9)
    base = game.pile("F1").cards[0]
    assert game.vars["cdl:globals"]["base"] == base.rank - 1
    assert len(game.pile("Reserve").cards) == 13 and game.pile("Reserve").cards[-1].face_up
    assert sum(len(game.pile(f"T{i}").cards) for i in range(1, 5)) == 4
    game.play("click:Stock")
    assert len(game.pile("Waste").cards) == 3 and all(c.face_up for c in game.pile("Waste").cards)


def test_canfield_turns_the_corner_and_fills_spaces_from_the_reserve():
    game = arranged("canfield", variables={"base": 11}, F1="QH", Waste="KH",
                    T1="AH", T2="7C", T3="2D", T4="3S", Reserve="4d 9C")
    game.play("Waste>F1")                    # King on Queen, in suit
    with pytest.raises(IllegalMoveError):
        game.play("T2>F2")                   # an empty foundation takes the base rank only
    game.play("T1>F1")                       # the Ace follows the King
    assert cards(game, "F1") == "QH KH AH"
    assert cards(game, "T1") == "9C"         # the space was filled from the reserve
    assert cards(game, "Reserve") == "4D"    # whose next card was turned up
    with pytest.raises(IllegalMoveError):
        game.play("T2>T1")                   # black on black


# -- Calculation --------------------------------------------------------------------------------
def test_calculation_deal_takes_one_two_three_four():
    game = Game(rules_for("calculation"), seed=5)
    assert [game.pile(f"F{i}").cards[0].rank for i in range(1, 5)] == [1, 2, 3, 4]
    assert len(game.pile("Stock").cards) == 48 and game.pile("Stock").cards[-1].face_up


def test_calculation_builds_by_steps_and_wastes_take_only_stock_cards():
    game = arranged("calculation", F2="2S", Stock="9C 4H", W1="", W2="JD")
    game.play("Stock>F2")                    # 2, then 4
    assert cards(game, "F2") == "2S 4H"
    with pytest.raises(IllegalMoveError):
        game.play("W2>W1")                   # waste to waste
    game.play("Stock>W1")
    assert cards(game, "W1") == "9C"
    with pytest.raises(IllegalMoveError):
        game.play("W1>F2")                   # 4 + 2 is 6, not 9


# -- Strategy ---------------------------------------------------------------------------------------
def test_strategy_shades_the_reserve_until_the_stock_is_empty():
    game = arranged("strategy", Stock="5C 3H 2D", R1="", R2="")
    rules = game.ruleset
    game.play("Stock>R1")
    assert rules.is_shaded(game, game.pile("R1"), 0)
    with pytest.raises(IllegalMoveError):
        game.play("R1>R2")                   # locked
    game.play("Stock>R2")
    game.play("Stock>R2")
    assert cards(game, "Stock") == ""
    assert not rules.is_shaded(game, game.pile("R1"), 0) and game.vars["cdl:shaded"] == {}


def test_strategy_foundations_take_their_suit_from_the_shaded_drawing():
    game = arranged("strategy", Stock="9D AH", F1="", F2="")
    rules = game.ruleset
    assert rules.bottom_card(game, game.pile("F2")) == "AH"
    assert rules.layout(game).view("F2").empty == "H" and rules.layout(game).view("R1").empty is None
    with pytest.raises(IllegalMoveError):
        game.play("Stock>F1")                # spades only
    game.play("Stock>F2")
    assert cards(game, "F2") == "AH"
    box = rules.help_text(game, game.pile("F1"))
    assert "shaded card" in box.text and box.buttons == [("Understood", "understood")]
    rules.press_button(game, 0)
    assert not rules.help_box(game).open


# -- Aces Up ------------------------------------------------------------------------------------------
def test_aces_up_throws_away_beaten_cards_and_flashes_the_winner():
    game = arranged("acesup", C1="5H", C2="KH", C3="2C 9C")
    rules = game.ruleset
    rules.take_events(game)
    with pytest.raises(IllegalMoveError):
        game.play("click:C2")                # nothing beats the King of Hearts
    game.play("click:C1")
    assert cards(game, "C1") == ""
    assert ("flash", "C2", 1, 1) in rules.take_events(game)
    game.play("C3>C1")                       # a top card into the empty column
    assert cards(game, "C1") == "9C" and cards(game, "C3") == "2C"
    game.play("click:C3")                    # the Nine of Clubs beats the Two
    assert cards(game, "C3") == "" and game.vars["cdl:globals"]["thrown"] == 2
    assert game.status == "lost"


def test_aces_up_win():
    game = arranged("acesup", C1="AS", C2="AH KS", C3="AC", C4="AD")
    assert game.status == "playing"
    game.play("click:C2")
    assert game.status == "won"


@pytest.mark.parametrize("name", NAMES)
def test_check_deal_moves_and_replay_on_the_command_line(name, capsys):
    import json

    from kingalbert.cli import main
    path = str(GAMES / f"{name}.cdl")
    assert main(["check", path]) == 0
    assert capsys.readouterr().out.startswith(f"ok {path}: ")
    assert main(["deal", "--seed", "4", path]) == 0
    dealt = json.loads(capsys.readouterr().out)
    assert dealt["seed"] == 4 and dealt["moves"] == [] and len(dealt["piles"]) == len(rules_for(name).program.order)
    assert main(["moves", "--seed", "4", path]) == 0
    moves = capsys.readouterr().out.split()
    game = Game(rules_for(name), seed=4)
    assert moves and moves == [str(move) for move in game.legal_moves]
    assert main(["replay", "--seed", "4", path, moves[0], "undo", moves[-1]]) == 0
    replayed = json.loads(capsys.readouterr().out)
    game.play(moves[0])
    game.undo()
    game.play(moves[-1])
    assert replayed["moves"] == [moves[-1]]
    assert replayed["piles"] == game.to_position()["piles"]
    assert replayed["vars"] == game.to_position()["vars"]
