"""The desktop's side of CardsWorkShop's promises: ADJUST drags, no play once a game is
over (won or lost), and box buttons that are moves (recorded, undone, saved)."""
import json

import pygame
import pytest

from kingalbert.app.saves import from_save, to_save
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import ADJUST, SELECT
from kingalbert.engine import Game
from kingalbert.loaders.cdl import loads
from tests.cdl.test_cdl_transactions import ADJUST as ADJUST_PROGRAM
from tests.helpers.desktop import post, top_card


@pytest.fixture(autouse=True)
def quit_display():
    yield
    pygame.display.quit()


def desktop_of(source, name, seed=1):
    desktop = Desktop(Game(loads(source, name), seed), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    return desktop


def press_move_release(desktop, start, end, button):
    post(pygame.MOUSEBUTTONDOWN, start, button)
    desktop.pump()
    for i in range(1, 5):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4))
        desktop.pump()
    post(pygame.MOUSEBUTTONUP, end, button)
    desktop.pump()


def cards(game, pile):
    return [str(card) for card in game.pile(pile).cards]


def test_an_adjust_drag_plays_the_right_buttons_transaction():
    desktop = desktop_of(ADJUST_PROGRAM, "adjust.cdl")
    game = desktop.game
    press_move_release(desktop, top_card(desktop, "S"), top_card(desktop, "R"), ADJUST)
    assert [str(m) for m in game.history] == ["adjust:S>R"] and cards(game, "R") == ["3S"]
    # SELECT drags to L, and SELECT does not reach R
    press_move_release(desktop, top_card(desktop, "S"), top_card(desktop, "L"), SELECT)
    assert cards(game, "L") == ["2S"]
    press_move_release(desktop, top_card(desktop, "S"), top_card(desktop, "R"), SELECT)
    assert cards(game, "S") == ["AS"] and [str(m) for m in game.history] == ["adjust:S>R", "S>L"]


def test_an_adjust_click_is_still_the_click_and_an_adjust_drag_to_nowhere_does_nothing():
    desktop = desktop_of(ADJUST_PROGRAM, "adjust.cdl")
    game = desktop.game
    start = top_card(desktop, "N")
    post(pygame.MOUSEBUTTONDOWN, start, ADJUST)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, start, ADJUST)
    desktop.pump()
    assert [str(m) for m in game.history] == ["adjust:N"] and cards(game, "N") == ["3S"]
    # carried from S and let go far from every pile: the transaction is called off
    window = desktop.window
    press_move_release(desktop, top_card(desktop, "S"), (window.x + 5, window.y + window.h - 5), ADJUST)
    assert [str(m) for m in game.history] == ["adjust:N"] and cards(game, "S") == ["AS", "2S"]


LOSING = """game Losing is 2 by 1;
stack A is X := 0; Y := 0;
  Start is Add Ace+Heart .. Three+Heart;
  SelectFrom(p : index) is if p = ! then Pull 1 To Cursor;
end A;
stack B is X := 1; Y := 0; SelectLeftTo(p : index) is Pull Cursor! From Cursor; end B;
predicate loose? is return B! > 1;
order A B.
"""


def test_no_play_after_a_loss_but_undo_still_works():
    desktop = desktop_of(LOSING, "losing.cdl")
    game = desktop.game
    for _ in range(2):
        press_move_release(desktop, top_card(desktop, "A"), top_card(desktop, "B"), SELECT)
    assert game.status == "lost" and game.over and len(game.history) == 2
    press_move_release(desktop, top_card(desktop, "A"), top_card(desktop, "B"), SELECT)
    assert len(game.history) == 2 and cards(game, "A") == ["AH"]
    desktop.undo()
    assert not game.over and len(game.history) == 1


BUTTONS = """game Buttons is 2 by 1;
stack A; stack B;

procedure Yes is
  Pull 1 From A To B;

procedure No is
  Clear;

stack A is
  X := 0; Y := 0;
  Start is Add Ace+Heart .. Three+Heart;
  SelectFrom(p : index) is
    begin
      Clear 'Move';
      Write('Move the top card?');
      Wait 'Yes' Yes;
      Wait 'No' No;
    end;
end A;

stack B is X := 1; Y := 0; end B;
order A B.
"""


def test_a_box_button_that_moves_cards_is_a_move_recorded_undone_and_saved():
    desktop = desktop_of(BUTTONS, "buttons.cdl")
    game = desktop.game
    pos = top_card(desktop, "A")
    post(pygame.MOUSEBUTTONDOWN, pos, SELECT)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, pos, SELECT)
    desktop.pump()
    box = desktop.game_box
    assert box is not None and box.buttons == ["Yes", "No"]
    post(pygame.MOUSEBUTTONDOWN, box.button_rects()[0].center, SELECT)
    desktop.pump()
    assert cards(game, "B") == ["3H"] and [str(m) for m in game.history][-1] == "button:1=yes@a"
    back = from_save(game.ruleset, json.loads(json.dumps(to_save(game))))
    assert back.to_position()["piles"] == game.to_position()["piles"]
    desktop.undo()
    assert cards(game, "B") == []


def test_a_button_pressed_on_the_command_line_is_saved_as_what_it_ran(tmp_path, capsys):
    from kingalbert.cli import main
    path = tmp_path / "buttons.cdl"
    path.write_text(BUTTONS)
    saved = tmp_path / "game.json"
    # the press on A is refused as a move (it only opens the box), the button then moves a card
    assert main(["replay", str(path), "click:A"]) == 3
    capsys.readouterr()
    assert main(["replay", str(path), "button:1=yes@a", "--save", str(saved)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == ["button:1=yes@a"] and [p["cards"] for p in out["piles"] if p["name"] == "B"] == [["3H"]]
    assert main(["replay", "--load", str(saved), "undo"]) == 0
    assert [p["cards"] for p in json.loads(capsys.readouterr().out)["piles"] if p["name"] == "B"] == [[]]
    assert main(["replay", str(path), "button:1"]) == 3       # no box is open
    assert "no such button" in capsys.readouterr().err
