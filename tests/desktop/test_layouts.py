"""Pile layouts drawn as the rule files place them: face-down offsets and the
number of cards shown (YaZZle's CardYDownOff and MaxVisible)."""
from dataclasses import replace

import pygame
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.desktop.board import Board
from kingalbert.engine import Game
from kingalbert.loaders import load

KLONDIKE = next(p for p in bundled_games()["ini"] if p.parent.name == "Klondike")


@pytest.fixture
def board():
    pygame.display.init()
    yield Board(Game(load(str(KLONDIKE)), 3))
    pygame.display.quit()


def test_face_down_cards_lie_closer_than_face_up_ones(board):
    view = board.layout.view("tableau7")
    card_h = board.layout.card_h
    assert (view.down_dy, view.dy) == (round(0.1 * card_h), round(0.25 * card_h))
    cards = board.game.pile("tableau7").cards
    assert [card.face_up for card in cards] == [False] * 6 + [True]
    tops = [board.card_rect(view, i).y - view.y for i in range(7)]
    assert tops == [i * view.down_dy for i in range(6)] + [5 * view.down_dy + view.dy]


def test_a_pile_shows_only_its_top_cards_when_max_visible_is_set(board):
    assert board.layout.view("foundation1").max_visible == 1   # MaxVisible=1 in the file
    game = board.game
    cards = [card.turned(True) for card in game.pile("tableau7").cards]
    game.pile("tableau7").cards[:] = cards
    view = replace(board.layout.view("tableau7"), dy=20, down_dy=None, max_visible=2)
    board.layout.piles[board.layout.piles.index(board.layout.view("tableau7"))] = view
    board.views["tableau7"] = view
    # the cards under the top two lie at the pile's place, the top two fan from it
    assert [board.card_rect(view, i).y - view.y for i in range(7)] == [0, 0, 0, 0, 0, 0, 20]
    surface = board.draw()

    def drawn(y):
        return pygame.image.tobytes(surface.subsurface(pygame.Rect(view.x + 3, y + 3, board.layout.card_w - 6, 14)), "P")

    def sprite(card):
        return pygame.image.tobytes(board.sprite(card).subsurface(pygame.Rect(3, 3, board.layout.card_w - 6, 14)), "P")

    assert drawn(view.y) == sprite(cards[-2]) != sprite(cards[0])
    assert drawn(view.y + 20) == sprite(cards[-1])


def test_a_cardsworkshop_matrix_fills_the_screen_and_toggle_size_gives_the_usual_cards():
    from kingalbert.desktop.desktop import Desktop
    from kingalbert.desktop.geometry import ICONBAR_H, SCREEN_H, SCREEN_W
    from kingalbert.engine.king_albert import KingAlbert
    from tests.helpers.desktop import click

    pygame.display.init()
    path = next(p for p in bundled_games()["cdl"] if p.name == "klondike.cdl")
    desktop = Desktop(Game(load(str(path)), 2), autosave=False, thinking=False)
    fitted = desktop.board.layout
    window = desktop.window
    # the whole matrix on the screen, the card the biggest 2:3 frame that fits
    assert fitted == desktop.game.ruleset.fit_layout(desktop.game, fitted.width, fitted.height)
    assert not window.has_bars and window.outer.right <= SCREEN_W and window.outer.bottom <= SCREEN_H - ICONBAR_H
    assert (window.w, window.h) == desktop.board.size and fitted.card_w * 3 == fitted.card_h * 2
    for view in fitted.piles:   # every pile is hit where it is drawn
        assert desktop.board.card_at((view.x + 2, view.y + 2))[0] == view.name
    click(desktop, window.tool_rects()["toggle"].center)
    usual = desktop.board.layout
    assert usual == desktop.game.ruleset.layout(desktop.game) and usual.card_h > fitted.card_h
    assert window.has_bars   # the usual cards make the playfield taller than the screen
    click(desktop, window.tool_rects()["toggle"].center)
    assert desktop.board.layout == fitted and not window.has_bars
    pygame.display.quit()
    pygame.display.init()
    plain = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)
    assert not plain.toggle_fit()


def test_piles_placed_left_of_the_origin_still_show():
    path = next(p for p in bundled_games()["ini"] if p.parent.name == "Pyramid")
    game = Game(load(str(path)), 1)
    layout = game.ruleset.layout(game)
    assert "X=-0.3" in (path.read_text())   # the bottom row's first card starts left of the origin
    assert min(view.x for view in layout.piles) > 0
    assert max(view.x for view in layout.piles) + layout.card_w < layout.width
    first, last = layout.view("tableau22"), layout.view("tableau28")
    assert round((last.x - first.x) / layout.card_w, 1) == 6.6   # the spacing is kept


def test_the_message_row_and_information_panel_stay_in_view_while_the_work_area_scrolls():
    from kingalbert.desktop.board import MESSAGE_H
    from kingalbert.desktop.desktop import Desktop
    from kingalbert.sprites.palette import BLACK
    from tests.helpers.desktop import click

    pygame.display.init()
    path = next(p for p in bundled_games()["sol"] if p.name == "freecell.sol")
    desktop = Desktop(Game(load(str(path)), 1), autosave=False, thinking=False)
    assert not desktop.pinned()   # fitted to the screen, nothing scrolls
    click(desktop, desktop.window.tool_rects()["toggle"].center)   # the usual cards: too big for the screen
    window, board = desktop.window, desktop.board
    assert board.height > window.h and board.width > window.w   # both would be scrolled out of view
    pinned = desktop.pinned()
    assert pinned["message"].bottom == window.y + window.h and pinned["message"].h == MESSAGE_H
    assert pinned["message"].w == window.w
    assert pinned["info"].right == window.x + window.w and pinned["info"].w == board.info_rect.w
    assert pinned["info"].bottom == pinned["message"].top

    def text_rows(rect):
        screen = desktop.render()
        return [y for y in range(rect.y, rect.bottom)
                if any(screen.get_at_mapped((x, y)) == BLACK for x in range(rect.x + 10, rect.right - 10))]

    message = pinned["message"]
    quiet = text_rows(message)
    desktop.game.message = "Hello there"
    assert len(text_rows(message)) > len(quiet)          # the message is drawn in view
    assert "FreeCell" in board.info_lines()[0] and text_rows(pinned["info"])
    # a click on the pinned message row does not reach the cards under it
    under = window.to_work(message.center)
    assert board.card_at(under) is not None
    presses = []
    desktop.mouse.board_press = lambda *args: presses.append(args)
    click(desktop, message.center)
    click(desktop, (message.centerx, message.y - 20))
    assert len(presses) == 1 and presses[0][0] == window.to_work((message.centerx, message.y - 20))
    # scrolled to the bottom right, the pinned strips lie exactly over the board's own
    window.scroll_to(window.extent_w, window.extent_h)
    assert window.to_work(message.topleft)[1] == board.height - MESSAGE_H
    assert window.to_work(pinned["info"].topleft)[0] == board.info_rect.x


def test_an_empty_waste_is_an_outline_not_a_place_like_the_foundations_beside_it():
    """YaZZle's Forty Thieves puts its waste in the row of its eight foundations: drawn as
    they are (a filled place), it was taken for a ninth foundation (play-test)."""
    pygame.display.init()
    path = next(p for p in bundled_games()["ini"] if p.parent.name == "FortyThieves")
    board = Board(Game(load(str(path)), 1))
    waste, foundation = board.layout.view("waste1"), board.layout.view("foundation1")
    assert not board.game.pile("waste1").cards and not board.game.pile("foundation1").cards
    assert board.empty_sprite(waste) is not board.empty_sprite(foundation)
    inside, edge = (board.layout.card_w // 2, board.layout.card_h // 2), (board.layout.card_w // 2, 0)
    open_, filled = board.empty_sprite(waste), board.empty_sprite(foundation)
    assert open_.get_at(inside) == open_.get_colorkey()                # the table shows through
    assert filled.get_at(inside) != filled.get_colorkey()
    assert open_.get_at(edge) == filled.get_at(edge) != open_.get_colorkey()    # the same outline
    pygame.display.quit()
