"""A monkey at the mouse and keyboard: random presses, drags, menu choices and
keys on every kind of game never raise, never lose or make a card, and leave
only Wimp colours on the screen."""
import random
from collections import Counter

import pygame
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import ADJUST, MENU, SELECT
from kingalbert.desktop.shot import screen_image
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.loaders import load
from kingalbert.sprites.palette import WIMP_RGB

pytestmark = pytest.mark.slow                   # seconds per game: the quick loop leaves it out

GAMES = [None] + [paths[0] for paths in bundled_games().values()]
KEYS = [pygame.K_z, pygame.K_y, pygame.K_r, pygame.K_h, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE,
        pygame.K_5, pygame.K_a,
        # keyboard play and the menus by keyboard
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_1, pygame.K_d, pygame.K_f, pygame.K_c,
        pygame.K_SPACE, pygame.K_m, pygame.K_u, pygame.K_F1, pygame.K_F10, pygame.K_HOME]


@pytest.fixture(autouse=True)
def quit_display():
    yield
    pygame.display.quit()


def post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, attrs))


def somewhere(rnd, desktop):
    """A point on the screen, mostly in the window's work area."""
    w = desktop.window
    if w.is_open and rnd.random() < 0.7:
        return rnd.randrange(max(0, w.x), min(640, w.x + w.w)), rnd.randrange(max(0, w.y), min(480, w.y + w.h))
    return rnd.randrange(640), rnd.randrange(480)


def act(rnd, desktop):
    r = rnd.random()
    menus = [menu for menu in desktop.menus.menus if hasattr(menu, "items")]
    if r < 0.45:
        button = rnd.choice([SELECT, SELECT, SELECT, MENU, ADJUST])
        pos = somewhere(rnd, desktop)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        for _ in range(rnd.randrange(4)):
            pos = (min(639, max(0, pos[0] + rnd.randrange(-60, 61))), min(479, max(0, pos[1] + rnd.randrange(-60, 61))))
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    elif r < 0.65 and menus:
        menu = rnd.choice(menus)
        y = menu.row_tops()[rnd.randrange(len(menu.items))] + 5
        post(pygame.MOUSEMOTION, pos=(menu.x + menu.width - 4, y), rel=(0, 0), buttons=(0, 0, 0))
        button = rnd.choice([SELECT, ADJUST])
        post(pygame.MOUSEBUTTONDOWN, pos=(menu.x + 20, y), button=button)
        post(pygame.MOUSEBUTTONUP, pos=(menu.x + 20, y), button=button)
    elif r < 0.75:
        key = rnd.choice(KEYS)
        ctrl = rnd.random() < 0.5 and key in KEYS[:4]
        post(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL if ctrl else 0,
             unicode="" if ctrl or key >= 0x110000 else chr(key))
    elif r < 0.85:
        pos = somewhere(rnd, desktop)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=MENU)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=MENU)
    else:
        post(pygame.MOUSEMOTION, pos=somewhere(rnd, desktop), rel=(0, 0), buttons=(0, 0, 0))


def deck_of(game):
    return Counter((card.rank, card.suit) for card in game.cards())


@pytest.mark.parametrize("path", GAMES, ids=lambda p: "King Albert" if p is None else p.name)
def test_random_mouse_and_keys_never_break_the_desktop(path):
    rnd = random.Random(str(path))
    pygame.display.init()
    ruleset = KingAlbert() if path is None else load(str(path))
    desktop = Desktop(Game(ruleset, 5), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    deck = deck_of(desktop.game)
    for _ in range(250):
        act(rnd, desktop)
        desktop.pump()
        if not desktop.running:
            desktop.running = True   # the monkey chose Quit: play on
        if desktop.game.ruleset is not ruleset:   # the monkey opened another game
            ruleset, deck = desktop.game.ruleset, deck_of(desktop.game)
        if not ruleset.destroys_cards:
            assert deck_of(desktop.game) == deck
    colours = {rgb for _, rgb in screen_image(desktop).convert("RGB").getcolors(1 << 16)}
    assert colours <= set(WIMP_RGB)
