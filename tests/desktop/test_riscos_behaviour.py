"""The desktop behaving as RISC OS does, with nothing stale on the screen — all through
the desktop's own event handling."""
import os
import subprocess
import sys
import time

import pygame
import pytest

from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import SELECT
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.sprites.palette import RED

from tests.desktop.test_desktop import make, post, quit_display, top_card  # noqa: F401 (fixture)


def test_a_dragged_card_leaves_its_pile_on_the_real_window_from_the_first_frame():
    desktop = make()
    start = top_card(desktop, "t9")
    view = desktop.board.views["t9"]
    rect = desktop.board.card_rect(view, 0)
    middle = desktop.window.to_screen(*rect.center)
    surface = pygame.display.get_surface()
    before = surface.get_at(middle)
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, (start[0] + 200, start[1] + 200))
    desktop.pump()
    assert desktop.drag is not None
    after = surface.get_at(middle)
    assert before != after, "the card still shows in its pile while it follows the pointer"
    assert tuple(after)[:3] == (0xDD, 0xDD, 0xDD) or tuple(after)[:3] == (0xBB, 0xBB, 0xBB)


def test_a_hint_on_a_reserve_card_outlines_only_what_shows_of_it():
    position = {"f1": "AH", "r3": "2H", "r4": "KS", "t1": "9C", "t2": "8D", "r1": "AC"}
    game = Game.from_position(KingAlbert(), {"piles": [{"name": k, "cards": v.split()} for k, v in position.items()]},
                              {"auto_finish": False})
    pygame.display.init()
    desktop = Desktop(game, autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.session.solution = ["r3>f1"]
    desktop.session.show_hint()
    desktop.pump()
    board = desktop.board
    shows = board.visible_rect("r3", 0)
    covered_by = board.card_rect(board.views["r4"], 0)
    assert shows.bottom == covered_by.top and shows.h < board.layout.card_h
    work = desktop.renderer.work_surface()
    # the outline runs along what shows of the Two, and not across the King over it
    assert work.get_at_mapped((shows.centerx, shows.bottom - 1)) == RED
    assert work.get_at_mapped((covered_by.centerx, shows.top + board.layout.card_h - 1)) != RED


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux names a display")
def test_without_a_display_the_program_says_so_and_stops():
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "kingalbert", "--seed", "1"], env=env, capture_output=True,
                            text=True, timeout=30)
    elapsed = time.monotonic() - start
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("kingalbert: no display: set DISPLAY") and "kingalbert shot" in result.stderr
    assert elapsed < 5, f"took {elapsed:.1f} s"   # (a second or so; generous for a busy machine)
