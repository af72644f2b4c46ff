"""The real program in a real X window (Xvfb), driven by xdotool as a player's mouse
and keyboard would drive it.  Skipped where Xvfb or xdotool is not installed."""
import os
import shutil
import subprocess
import sys
import time

import pygame
import pytest

from kingalbert.desktop.desktop import Desktop
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert

pytestmark = [pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                 reason="needs Xvfb and xdotool"),
              pytest.mark.slow]
SCALE = 2


def free_display() -> str:
    for number in range(90, 140):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return f":{number}"
    pytest.skip("no free X display number")


@pytest.fixture
def xserver():
    display = free_display()
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x1100x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            pytest.skip("Xvfb did not start")
        time.sleep(0.05)
    yield display
    server.terminate()
    server.wait(timeout=10)


def xdotool(display, *args) -> str:
    result = subprocess.run(["xdotool", *map(str, args)], env=dict(os.environ, DISPLAY=display),
                            capture_output=True, text=True, timeout=20)
    return result.stdout.strip()


def test_a_card_dragged_with_the_real_mouse_moves_and_ctrl_q_quits(xserver, private_dirs):
    # where the window and the cards are: the same drawing code, headless, in this process
    pygame.display.init()
    layout = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)
    game = layout.game
    move = next(m for m in game.legal_moves if m.kind == "drag" and game.pile(m.dst).role == "tableau")
    src, dst = layout.board.views[move.src], layout.board.views[move.dst]
    start = layout.window.to_screen(*layout.board.card_rect(src, len(game.pile(move.src).cards) - 1).move(4, 4).topleft)
    end = layout.window.to_screen(*layout.board.card_rect(dst, len(game.pile(move.dst).cards) - 1).center)
    pygame.display.quit()

    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xserver, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([sys.executable, "-m", "kingalbert", "--seed", "1", "--scale", str(SCALE)],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline, window = time.monotonic() + 30, []
        while not window and app.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            # by process: xdotool's name search can't read the UTF-8 title SDL sets
            window = xdotool(xserver, "search", "--pid", app.pid).split()
        assert window, app.stderr.read().decode() if app.poll() is not None else "no window"
        wid = window[0]
        time.sleep(0.5)   # the first frame

        def at(point):
            return point[0] * SCALE + SCALE // 2, point[1] * SCALE + SCALE // 2

        xdotool(xserver, "mousemove", "--window", wid, *at(start))
        xdotool(xserver, "mousedown", 1)
        for step in range(1, 6):
            point = (start[0] + (end[0] - start[0]) * step // 5, start[1] + (end[1] - start[1]) * step // 5)
            xdotool(xserver, "mousemove", "--window", wid, *at(point))
            time.sleep(0.03)
        xdotool(xserver, "mouseup", 1)
        time.sleep(0.5)
        xdotool(xserver, "windowfocus", "--sync", wid)
        xdotool(xserver, "key", "--window", wid, "ctrl+q")
        out, err = app.communicate(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 0, err.decode()
    from kingalbert.app.saves import load_autosave
    saved, problem = load_autosave()
    assert problem is None and saved.seed == 1
    assert [str(m) for m in saved.history] == [str(move)]
