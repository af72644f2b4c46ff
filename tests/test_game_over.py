"""A game is over once it is won (or lost, for rules that say when): no move is
listed or accepted, in every format, on the command line; undo still works."""
import json

import pytest

import kingalbert
from kingalbert.cli import main
from kingalbert.engine import Game
from kingalbert.engine.cards import Card
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.loaders import load

GAMES = kingalbert.__file__.replace("__init__.py", "games")
RULE_FILES = {
    "king albert": None,
    "sol": f"{GAMES}/sol/klondike.sol",
    "pat": f"{GAMES}/pat/Klondike.pat",
    "yazzle": f"{GAMES}/yazzle/Klondike/game.ini",
}


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_move_from_the_end(rulefile):
    """A position with every card on the foundations but the King of Spades, which lies
    alone on a playing pile; and the move that wins."""
    ruleset = KingAlbert() if rulefile is None else load(rulefile)
    game = Game(ruleset, 1)
    foundations = [pile for pile in game.piles if pile.role == "foundation"][:4]
    tableau = next(pile for pile in game.piles if pile.role == "tableau")
    piles = {pile.name: [] for pile in game.piles}
    # give each foundation the suit its first card would take in this game
    suits = "HCDS" if rulefile is None else "CDHS"
    for foundation, suit in zip(foundations, suits):
        piles[foundation.name] = [str(Card(rank, suit)) for rank in range(1, 14 if suit != "S" else 13)]
    piles[tableau.name] = ["KS"]
    spades = foundations[suits.index("S")]
    position = {"piles": [{"name": name, "cards": cards} for name, cards in piles.items()]}
    return position, f"{tableau.name}>{spades.name}", f"{spades.name}>{tableau.name}"


@pytest.mark.parametrize("kind", sorted(RULE_FILES))
def test_after_the_winning_move_nothing_is_listed_or_accepted_but_undo_works(kind, capsys, tmp_path):
    rulefile = RULE_FILES[kind]
    position, winning, back = one_move_from_the_end(rulefile)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    rule_args = [] if rulefile is None else [rulefile]
    options = ["--position", path, "--auto-finish", "off", "--auto-stack", "off"]

    code, out, err = run(capsys, "moves", *rule_args, *options)
    assert code == 0 and winning in out.split(), (kind, out, err)
    code, out, err = run(capsys, "replay", *rule_args, *options, winning)
    assert code == 0 and json.loads(out)["status"] == "won", (kind, err)
    # won: nothing listed, the King may not come back off its foundation
    code, out, err = run(capsys, "moves", *rule_args, *options, winning)
    assert code == 0 and out.strip() == "", (kind, out)
    code, out, err = run(capsys, "replay", *rule_args, *options, winning, back)
    assert code == 3 and json.loads(out)["status"] == "won"
    assert f"{back}: The game is over" in err
    # undo still works, and then the game goes on
    code, out, err = run(capsys, "moves", *rule_args, *options, winning, "undo")
    assert code == 0 and winning in out.split()
    code, out, err = run(capsys, "replay", *rule_args, *options, winning, "undo", "redo")
    assert code == 0 and json.loads(out)["status"] == "won"


LOSING = """game Losing is 3 by 1;
var turns : integer;
stack A is X := 0; Y := 0;
  Start is Add Ace+Spade .. Three+Spade;
  SelectFrom(p : index) is if p = ! then Pull 1 To Cursor;
  SelectTo(p : index) is Pull 1 From Cursor;
end A;
stack B from A is X := 1; Start is begin end; end B;
stack C from A is X := 2; Start is begin end; end C;
{ lost once C holds a card, won once B holds three: either ends the game, though
  cards could still move }
predicate win? is return B! = 3;
predicate loose? is return C! > 0;
order A B C.
"""


def test_a_cardsworkshop_game_lost_by_its_loose_predicate_is_over(capsys, tmp_path):
    path = tmp_path / "losing.cdl"
    path.write_text(LOSING)
    code, out, _ = run(capsys, "moves", path)
    assert set(out.split()) == {"A>B", "A>C"}
    code, out, _ = run(capsys, "replay", path, "A>C")
    assert code == 0 and json.loads(out)["status"] == "lost"
    code, out, _ = run(capsys, "moves", path, "A>C")
    assert code == 0 and out.strip() == ""
    code, out, err = run(capsys, "replay", path, "A>C", "C>A")
    assert code == 3 and "C>A: The game is over" in err
    # a lost game never turns into a won one, nor a won one into a lost one
    code, out, err = run(capsys, "replay", path, "A>B", "A>B", "A>B", "B>C")
    assert code == 3 and json.loads(out)["status"] == "won" and "The game is over" in err
    code, out, _ = run(capsys, "replay", path, "A>C", "undo", "A>B")
    assert code == 0 and json.loads(out)["status"] == "playing"


def test_a_cardsworkshop_wait_button_does_nothing_once_the_game_is_over():
    from kingalbert.engine.errors import IllegalMoveError
    from kingalbert.loaders.cdl import loads
    text = LOSING.replace("stack C from A is X := 2; Start is begin end; end C;",
                          "stack C;\nprocedure Back is Pull 1 From A To B;\n"
                          "stack C from A is X := 2; Start is begin end; Help is Wait 'Back' Back; end C;")
    game = Game(loads(text, "b.cdl"), 1)
    rules = game.ruleset
    rules.help_text(game, game.pile("C"))
    game.play("A>C")
    assert game.status == "lost"
    with pytest.raises(IllegalMoveError, match="over"):
        rules.press_button(game, 0)
    assert [str(card) for card in game.pile("C").cards] == ["3S"] and not game.pile("B").cards
    game.undo()
    rules.press_button(game, 0)         # while the game goes on, the button works
    assert [str(card) for card in game.pile("B").cards] == ["3S"] and game.status == "playing"
