"""A game's own drawing and boxes on the desktop: CardsWorkShop's Help (the Rules
mode), WAIT buttons, shaded cards, empty-pile drawings and FLASH; the Rules mode
for every other game; the deal number in the New game menu."""
import pygame
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.desktop.animation import FLASH_MS, FLASH_PHASES
from kingalbert.desktop.board import INVERSE
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import MENU, SELECT
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.engine.moves import Move
from kingalbert.loaders import load as load_file
from kingalbert.sprites.palette import GREEN, WHITE, surface_to_bytes
from tests.helpers.desktop import click, hover_arrow, post, visible

CDL = bundled_games()["cdl"][0].parent


@pytest.fixture(autouse=True)
def quit_display():
    yield
    pygame.display.quit()


def desktop_for(name, seed=1):
    pygame.display.init()
    return Desktop(Game(load_file(str(CDL / name)), seed), autosave=False, thinking=False)


def choose(desktop, text):
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == text)
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5))


def pile_point(desktop, name):
    """A screen point on the pile's top card (or its empty place), scrolled into view."""
    view = desktop.board.views[name]
    count = len(desktop.game.pile(name).cards)
    rect = desktop.board.card_rect(view, max(0, count - 1))
    return visible(desktop, (rect.x + 4, rect.y + 4))


def pixels(desktop, pile, index):
    """The colours drawn for card ``index`` of a pile (on the screen as rendered now)."""
    desktop.render()
    rect = desktop.board.card_rect(desktop.board.views[pile], index)
    rect.topleft = desktop.window.to_screen(*rect.topleft)
    return set(surface_to_bytes(desktop.screen.subsurface(rect)))


def test_rules_mode_runs_a_stacks_help_and_its_wait_button_closes_the_box():
    desktop = desktop_for("strategy.cdl")
    choose(desktop, "Rules")
    assert desktop.rules_mode
    # (the keyboard's Return reads a pile's rules too: the message says so)
    assert desktop.game.message == "Rules: click a pile, or press Return on one, to read its rules"
    stock = desktop.game.pile("Stock")
    before = [list(pile.cards) for pile in desktop.game.piles]
    click(desktop, pile_point(desktop, "Stock"))
    box = desktop.game_box
    assert box is not None and box.title == "Stock"
    text = " ".join(box.lines)
    assert f"{len(stock.cards)} cards to place" in text and "Strategy:" in text
    assert box.buttons == ["Understood"]
    # Rules only reads: no card moved, nothing to undo
    assert [list(pile.cards) for pile in desktop.game.piles] == before and not desktop.game.can_undo
    # the box is drawn on the screen, over the window
    desktop.render()
    assert desktop.screen.get_at(box.rect.move(0, 1).midtop)[:3] != desktop.screen.get_at((0, 0))[:3]
    # its button runs the program's procedure, which CLEARs the box
    button = box.button_rects()[0]
    click(desktop, button.center)
    assert desktop.game_box is None
    choose(desktop, "Rules")
    assert not desktop.rules_mode


def test_a_closed_box_stays_closed_until_the_game_opens_another():
    desktop = desktop_for("strategy.cdl")
    desktop.toggle_rules()
    click(desktop, pile_point(desktop, "F1"))
    box = desktop.game_box
    assert box.title == "Foundation" and "It is empty." in " ".join(box.lines)
    click(desktop, box.close_rect.center)
    assert desktop.game_box is None
    desktop.session.changed()
    assert desktop.game_box is None
    click(desktop, pile_point(desktop, "F2"))
    assert desktop.game_box is not None and desktop.game_box.title == "Foundation"


@pytest.mark.parametrize("command", ["undo", "restart", "demo"])
def test_undo_restart_and_demo_close_a_box_that_tells_of_the_position_before(command):
    # (a play-test: after Ctrl-Z Strategy's Stock box still said "49 cards to place. The top
    # card is the Three of Hearts", and Demo played on under it)
    from kingalbert.app.commands import DEMO, RESTART, UNDO
    desktop = desktop_for("strategy.cdl")
    move = next(iter(desktop.game.legal_moves))
    desktop.session.play(move)
    desktop.toggle_rules()
    click(desktop, pile_point(desktop, "Stock"))
    assert desktop.game_box is not None and desktop.game_box.title == "Stock"
    desktop.choose({"undo": UNDO, "restart": RESTART, "demo": DEMO}[command])
    assert desktop.game_box is None
    desktop.session.changed()
    assert desktop.game_box is None            # not opened again by itself
    click(desktop, pile_point(desktop, "Stock"))
    assert desktop.game_box is not None        # asked again, it tells of the position now
    click(desktop, desktop.game_box.close_rect.center)
    desktop.show_keys()
    desktop.choose(UNDO)
    assert desktop.game_box is not None and desktop.game_box.keys, "the keys' box tells of no position"


def test_rules_mode_in_a_game_without_help_texts_describes_the_pile():
    pygame.display.init()
    desktop = Desktop(Game(load_file(str(bundled_games()["sol"][0])), 1), autosave=False, thinking=False)
    desktop.toggle_rules()
    pile = next(p for p in desktop.game.piles if desktop.game.ruleset.describe_pile(desktop.game, p))
    desktop.show_rules(pile.name)
    box = desktop.game_box
    assert box.title == pile.name and box.buttons == ["OK"]
    assert box.lines[0] == desktop.game.ruleset.describe_pile(desktop.game, pile)[0][: len(box.lines[0])]
    click(desktop, box.button_rects()[0].center)
    assert desktop.game_box is None


def test_shaded_cards_and_empty_pile_drawings_are_drawn():
    desktop = desktop_for("strategy.cdl")
    game = desktop.game
    # empty reserves show the green circle; empty foundations a shaded Ace
    assert GREEN in pixels(desktop, "R1", 0)
    assert WHITE not in pixels(desktop, "F1", 0)
    # a stock card placed on a reserve is shaded while the stock lasts: no white on it
    desktop.play(Move("drag", "Stock", 1, "R1"))
    assert game.pile("R1").cards and game.ruleset.is_shaded(game, game.pile("R1"), 0)
    shaded = pixels(desktop, "R1", 0)
    assert WHITE not in shaded and GREEN not in shaded
    # the same card unshaded would show white
    assert WHITE in set(surface_to_bytes(desktop.board.sprite(game.pile("R1").cards[0])))


def test_flash_inverts_the_cards_three_times_then_stops():
    desktop = desktop_for("acesup.cdl")
    game = desktop.game
    # find a discard that makes the program FLASH the card that beats it
    for seed in range(1, 60):
        desktop.set_game(Game(game.ruleset, seed))
        game = desktop.game
        discard = next((m for m in game.legal_moves if m.kind == "click"
                        and game.pile(m.src).role != "stock" and m.src.startswith("C")), None)
        if discard is not None and desktop.play(discard) and desktop.board.flash:
            break
    else:
        pytest.fail("no deal flashed a card")
    pile, low, high = desktop.board.flash[0]
    assert low == high == len(game.pile(pile).cards)
    start = desktop.flash_start
    desktop.flash_step(start)
    on = pixels(desktop, pile, low - 1)
    desktop.flash_step(start + FLASH_MS)
    assert not desktop.board.flash_on
    off = pixels(desktop, pile, low - 1)
    assert on == {INVERSE.get(colour, colour) for colour in off}
    desktop.flash_step(start + 2 * FLASH_MS)
    assert desktop.board.flash_on
    desktop.flash_step(start + FLASH_PHASES * FLASH_MS)
    assert desktop.flash_start is None and not desktop.board.flash_on and desktop.board.flash == []


def deal_number_item(seed):
    """King Albert's deal ``seed`` on the desktop, with New game > Deal number open."""
    pygame.display.init()
    desktop = Desktop(Game(KingAlbert(), seed), autosave=False, thinking=False)
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    new = next(i for i, item in enumerate(desktop.menus.menus[0].items) if item.text == "New game")
    hover_arrow(desktop, 0, new)
    deal = next(i for i, item in enumerate(desktop.menus.menus[1].items) if item.text == "Deal number")
    hover_arrow(desktop, 1, deal)
    return desktop


def test_the_deal_number_item_shows_the_current_deal_and_sets_it():
    desktop = deal_number_item(4321)
    item = desktop.menus.writable_item()
    assert item.text == "4321"
    for key in (pygame.K_BACKSPACE, pygame.K_BACKSPACE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_7, mod=0, unicode="7"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    desktop.pump()
    assert desktop.game.seed == 437


def test_a_number_typed_in_the_deal_number_item_takes_the_place_of_the_deal_shown():
    # (a play-test: typing 42 over deal 4321 asked for deal 432142, without a word)
    desktop = deal_number_item(4321)
    for key, text in ((pygame.K_4, "4"), (pygame.K_2, "2")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text))
    desktop.pump()
    assert desktop.menus.writable_item().text == "42"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    desktop.pump()
    assert desktop.game.seed == 42


def drag(desktop, start, end):
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    for step in range(1, 5):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * step // 4, start[1] + (end[1] - start[1]) * step // 4))
        desktop.pump()
    post(pygame.MOUSEBUTTONUP, end, SELECT)
    desktop.pump()


def test_a_press_that_moves_cards_by_itself_completes_at_the_release():
    desktop = desktop_for("golf.cdl")
    game = desktop.game
    stock, waste = len(game.pile("Stock").cards), len(game.pile("Waste").cards)
    start = pile_point(desktop, "Stock")
    assert game.ruleset.picked_up(game, game.pile("Stock"), 1) == []
    drag(desktop, start, (start[0] + 40, start[1] + 90))
    assert desktop.drag is None
    assert (len(game.pile("Stock").cards), len(game.pile("Waste").cards)) == (stock - 1, waste + 1)


def test_the_cards_a_press_puts_on_the_cursor_follow_the_pointer():
    desktop = desktop_for("strategy.cdl")
    game = desktop.game
    top = game.pile("Stock").cards[-1]
    start = pile_point(desktop, "Stock")
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, (start[0] + 30, start[1] + 60))
    desktop.pump()
    assert desktop.drag.cards == [top]
    dragged = desktop.renderer.dragged_rect(desktop.drag.at, desktop.drag)
    assert dragged.topleft == (start[0] + 30 - desktop.drag.grab[0], start[1] + 60 - desktop.drag.grab[1])
    target = pile_point(desktop, "R2")
    post(pygame.MOUSEMOTION, target)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, target, SELECT)
    desktop.pump()
    assert [(card.rank, card.suit) for card in game.pile("R2").cards] == [(top.rank, top.suit)]


def test_a_yazzle_game_switches_between_easy_and_hard_mode_from_the_menu():
    pygame.display.init()
    path = next(p for p in bundled_games()["ini"] if p.parent.name == "Klondike")
    desktop = Desktop(Game(load_file(str(path)), 1), autosave=False, thinking=False)
    choose(desktop, "Hard mode")
    assert desktop.game.options["mode"] == "hard"
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    ticked = {item.text for item in desktop.menus.menus[0].items if item.ticked}
    assert "Hard mode" in ticked and "Easy mode" not in ticked
    click(desktop, (desktop.menus.menus[0].x + 20, desktop.menus.menus[0].row_tops()[0] + 5))  # Info: the menu closes
    choose(desktop, "Easy mode")
    assert desktop.game.options["mode"] == "easy"


def test_the_menu_offers_only_the_options_the_game_understands():
    desktop = desktop_for("strategy.cdl")
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    texts = [item.text for item in desktop.menus.menus[0].items]
    assert "Auto finish" not in texts and "Auto stack" not in texts and "Rules" in texts
    desktop.close_menus()
    desktop.set_game(Game(KingAlbert(), 1))
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    texts = [item.text for item in desktop.menus.menus[0].items]
    assert "Auto finish" in texts and "Auto stack" in texts


def test_a_box_opens_where_clear_places_it_on_the_matrix():
    desktop = desktop_for("strategy.cdl")
    desktop.toggle_rules()
    click(desktop, pile_point(desktop, "Stock"))   # Clear 'Stock' at 0, 1 is 4 by 3
    cell_w, cell_h = desktop.board.layout.cell
    # (its title bar too: a box at 0, 0 lay over the window's title bar, its close icon
    # over the window's, found by a play-test; and as wide as the cells, at least as high)
    box = desktop.game_box.rect
    assert box.topleft == desktop.window.to_screen(0, int(cell_h))
    assert box.w == int(4 * cell_w) and box.h >= int(3 * cell_h)
    assert desktop.board.layout.width == round(cell_w * desktop.game.ruleset.matrix[0])


REFUSING = """
game Refusing is 2 by 1;

stack A; stack B;

procedure Close is
  Clear;

stack A is
  X := 0; Y := 0;
  Start is Add Ace+Spade .. King+Spade;
  SelectFrom(Spos : index) is
    begin
      Clear 'Not yet';
      Write('This stack only shows a box.');
      Wait 'OK' Close;
    end;
end A;

stack B is
  X := 1; Y := 0;
end B;

order A B.
"""


def test_a_refused_press_still_opens_the_box_its_program_made():
    from kingalbert.loaders.cdl import loads
    pygame.display.init()
    desktop = Desktop(Game(loads(REFUSING, "refusing.cdl"), 1), autosave=False, thinking=False)
    click(desktop, pile_point(desktop, "A"))
    assert not desktop.game.history            # the press changed nothing: refused
    box = desktop.game_box
    assert box is not None and box.title == "Not yet" and box.buttons == ["OK"]
    click(desktop, box.button_rects()[0].center)
    assert desktop.game_box is None


def test_a_field_of_the_info_and_statistics_boxes_cuts_a_long_value_with_an_ellipsis():
    # (a play-test: "The Extraordinarily Long Nam", cut mid-word with no sign of it)
    from kingalbert.desktop.dialogs import AboutBox
    box = AboutBox([("Game", "The Extraordinarily Long Name Of A Game")])
    shown = box.shown("The Extraordinarily Long Name Of A Game")
    assert shown.endswith("\u2026") and len(shown) == (box.FIELD_W - 12) // 8
    assert box.shown("Golf") == "Golf"
