"""Every bundled game opens from the Games menu, renders in Wimp colours and plays with the mouse."""
import pygame
import pytest

from kingalbert.app.catalogue import FORMATS, GameRef, bundled_games, game_title
from kingalbert.app.saves import from_save, to_save
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import ADJUST, MENU, SELECT
from kingalbert.desktop.shot import screen_image
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.sprites.palette import WIMP_RGB
from tests.helpers.desktop import click, hover_arrow, post, visible

GAMES = [(key, path) for key, paths in bundled_games().items() for path in paths]


@pytest.fixture(autouse=True)
def quit_display():
    yield
    pygame.display.quit()


def open_from_menu(desktop, key, path):
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    games = next(i for i, item in enumerate(desktop.menus.menus[0].items) if item.text == "Games")
    hover_arrow(desktop, 0, games)
    fmt = next(i for i, item in enumerate(desktop.menus.menus[1].items) if item.text == FORMATS[key].label)
    hover_arrow(desktop, 1, fmt)
    sub = desktop.menus.menus[2]
    index = next(i for i, item in enumerate(sub.items) if item.command is not None and item.command.arg == GameRef(path=str(path)))
    assert sub.items[index].text == game_title(path)
    click(desktop, (sub.x + 20, sub.row_tops()[index] + 5))


def mouse_move(desktop, move):
    """Play a legal move with the mouse, if its cards can be hit; returns whether it was tried."""
    board, game = desktop.board, desktop.game
    src = board.views.get(move.src)
    if src is None:
        return False
    cards = game.pile(move.src).cards
    rect = board.card_rect(src, max(0, len(cards) - move.n))
    start_work = (rect.x + 3, rect.y + 3)
    if board.card_at(start_work) not in ((move.src, move.n), (move.src, 0) if not cards else None):
        return False
    if move.kind == "click":
        click(desktop, visible(desktop, start_work))
        return True
    dst = board.views.get(move.dst)
    if dst is None:
        return False
    target = board.card_rect(dst, max(0, len(game.pile(move.dst).cards) - 1))
    end_work = target.center
    hit = board.card_at(end_work)
    if hit is None or hit[0] != move.dst:
        return False
    window = desktop.window
    window.resize(window.extent_w, window.extent_h)  # both ends on screen where the screen allows
    start = visible(desktop, start_work)
    end = window.to_screen(*end_work)
    if not (window.work.collidepoint(start) and window.work.collidepoint(end)):
        return False
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    for i in range(1, 4):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3))
        desktop.pump()
    post(pygame.MOUSEBUTTONUP, end, SELECT)
    desktop.pump()
    return True


@pytest.mark.slow
@pytest.mark.parametrize("key,path", GAMES, ids=[f"{k}-{game_title(p)}" for k, p in GAMES])
def test_bundled_game_opens_from_the_menu_and_plays_with_the_mouse(key, path):
    desktop = Desktop(Game(KingAlbert(), 1), thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    open_from_menu(desktop, key, path)
    assert desktop.error is None, desktop.error and desktop.error.lines
    game = desktop.game
    assert game.ruleset.source == str(path) and desktop.window.title == game.name
    assert len(game.cards()) % 52 == 0 and game.cards()
    desktop.new_game(3, any_deal=True)   # the menu dealt a random deal; play a fixed one
    game = desktop.game
    colours = {rgb for _, rgb in screen_image(desktop).convert("RGB").getcolors(1 << 16)}
    assert colours <= set(WIMP_RGB)
    played = 0
    for _ in range(12):
        moves = sorted(game.legal_moves, key=str)
        if not moves:
            break
        before = len(game.history)
        for move in moves:
            expected = from_save(game.ruleset, to_save(game))
            expected.play(move)
            if mouse_move(desktop, move):
                if len(game.history) == before + 1:
                    assert game.to_position()["piles"] == expected.to_position()["piles"], move
                    played += 1
                    break
        else:
            break
    assert played >= 3, f"only {played} moves could be made with the mouse"


def test_a_runaway_script_stops_with_an_error_box_and_the_game_goes_on(tmp_path):
    source = (bundled_games()["cdl"][0].parent / "golf.cdl").read_text()
    looping = source.replace("        Pull 1 To Waste;\n", "        while 1 = 1 do holes := 0;\n", 1)
    assert looping != source
    path = tmp_path / "runaway.cdl"
    path.write_text(looping)
    from kingalbert.loaders import load
    game = Game(load(path), 5)
    desktop = Desktop(game, autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    before = game.to_position()
    view = desktop.board.views["Stock"]
    stock = visible(desktop, desktop.board.card_rect(view, len(game.pile("Stock").cards) - 1).center)
    click(desktop, stock)
    box = desktop.error
    assert box is not None, game.message
    text = "".join(box.lines).replace(" ", "")
    assert box.title == "Error from King Albert"
    assert f"{path}:46:".replace(" ", "") in text and "2,000,000steps" in text
    assert game.to_position() == before and not game.history
    click(desktop, box.ok_rect.center)
    assert desktop.error is None
    # the desktop goes on: a column's top card can still be played onto the waste
    moves = [move for move in game.legal_moves if move.kind == "drag"]
    assert all(game.is_legal(move) for move in moves)


DECLARATIVE = [(key, path) for key, path in GAMES if key != "cdl"]


@pytest.mark.slow
@pytest.mark.parametrize("key,path", DECLARATIVE, ids=[f"{k}-{game_title(p)}" for k, p in DECLARATIVE])
def test_adjust_click_sends_a_card_to_a_foundation(key, path):
    from kingalbert.engine import Rng
    from kingalbert.loaders import load
    ruleset = load(path)
    for seed in range(20):
        game = Game(ruleset, seed)
        chooser = Rng(seed)
        for _ in range(150):
            moves = list(game.legal_moves)
            up = [m for m in moves if m.kind == "drag" and game.pile(m.dst).role == "foundation"]
            if up or not moves:
                break
            game.play(moves[chooser.below(len(moves))])
        if up:
            break
    if not up and any(p.role == "foundation" for p in game.piles):
        # a game whose foundations take whole suits: lay one out
        column = next(p.name for p in game.piles if p.role == "tableau")
        run = [rank + "S" for rank in "KQJT98765432A"]
        game = Game.from_position(ruleset, {"piles": [{"name": column, "cards": run}]})
        up = [m for m in game.legal_moves if m.kind == "drag" and game.pile(m.dst).role == "foundation"]
    if not any(p.role == "foundation" for p in game.piles):
        pytest.skip("no foundations: ADJUST has nowhere to send a card")
    assert up, "no deal reached a card that can go up"
    desktop = Desktop(game, autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    src, n = game.pile(up[0].src), up[0].n
    card = src.cards[-n]
    on_foundations = sum(len(p.cards) for p in game.piles if p.role == "foundation")
    rect = desktop.board.card_rect(desktop.board.views[src.name], len(src.cards) - n)
    click(desktop, visible(desktop, (rect.x + 3, rect.y + 3)), ADJUST)
    assert game.history[-1].kind == "adjust", game.message
    assert sum(len(p.cards) for p in game.piles if p.role == "foundation") > on_foundations
    assert any(p.role == "foundation" and card[:2] in [c[:2] for c in p.cards] for p in game.piles)
