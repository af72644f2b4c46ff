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


@pytest.fixture
def xserver():
    # Xvfb picks a free display number itself and writes it to a pipe (-displayfd): two test
    # workers looking for a free number at once could both take the same one
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1400x1100x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number.isdigit():
        server.kill()
        server.wait(timeout=10)
        pytest.skip("Xvfb did not start")
    display = f":{number}"
    deadline = time.monotonic() + 10
    # (its socket is there before it answers: a program started then, on a loaded machine,
    # met "x11 not available"; it is ready once xdotool gets an answer from it)
    while not answers(display):
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            pytest.skip("Xvfb did not start")
        time.sleep(0.05)
    yield display
    server.terminate()
    server.wait(timeout=10)


def answers(display) -> bool:
    """Does the X server on ``display`` answer a client?"""
    return subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, timeout=10).returncode == 0


def xdotool(display, *args) -> str:
    result = subprocess.run(["xdotool", *map(str, args)], env=dict(os.environ, DISPLAY=display),
                            capture_output=True, text=True, timeout=20)
    return result.stdout.strip()


def keys(display, wid, *names) -> None:
    """Type ``names`` into the window as a keyboard does: the window focused, then the keys
    through the X server's input (XTEST).  (Keys sent to the window itself, ``xdotool key
    --window``, are synthetic events, which the program under load sometimes never saw: CI
    118 and runs beside busy loops here, the program idle in its wait and answering a real
    Ctrl-Q at once.)"""
    xdotool(display, "windowfocus", "--sync", wid)
    xdotool(display, "key", "--delay", "30", *names)


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
            # by process: xdotool's name search can't read the UTF-8 title SDL sets; once shown
            # (a pointer put over the window before it was mapped went elsewhere under load)
            window = xdotool(xserver, "search", "--onlyvisible", "--pid", app.pid).split()
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
        keys(xserver, wid, "ctrl+q")
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


def usage(pid):
    """Processor seconds and context switches (all threads) of a process so far."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as handle:
            switches += sum(int(line.split()[1]) for line in handle if "ctxt_switches" in line)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), switches


def window_icon(display, wid):
    """The window's _NET_WM_ICON: (width, height, ARGB pixels)."""
    text = subprocess.run(["xprop", "-id", wid, "-notype", "32c", "_NET_WM_ICON"], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=20).stdout
    numbers = [int(n) for n in text.split("=", 1)[1].replace(",", " ").split()]
    return numbers[0], numbers[1], numbers[2:2 + numbers[0] * numbers[1]]


def start_app(display, scale=SCALE):
    """The program on ``display``, deal 1; returns the process and its window's id."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([sys.executable, "-m", "kingalbert", "--seed", "1", "--scale", str(scale)],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline, window = time.monotonic() + 30, []
    while not window and app.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
        window = xdotool(display, "search", "--onlyvisible", "--pid", app.pid).split()
    if not window:
        app.kill()
        _, err = app.communicate()
        pytest.fail(err.decode() or "no window")
    time.sleep(1.0)   # the first frame
    return app, window[0]


def quit_app(display, app, wid):
    keys(display, wid, "ctrl+q")
    try:
        _, err = app.communicate(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 0, err.decode()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_idle_program_sleeps_and_its_window_wears_its_own_icon(xserver, private_dirs):
    app, wid = start_app(xserver)
    try:
        # left alone, it sleeps: no polling (pygame's own wait looks at the queue every millisecond)
        cpu, switches = usage(app.pid)
        time.sleep(3.0)
        cpu_after, switches_after = usage(app.pid)
        assert (switches_after - switches) / 3 < 20 and (cpu_after - cpu) / 3 < 0.05
        if shutil.which("xprop"):
            from kingalbert.sprites.icon import app_icon
            from kingalbert.sprites.palette import TRANSPARENT
            pygame.display.init()
            icon = app_icon()
            w, h, pixels = window_icon(xserver, wid)
            assert (w, h) == icon.get_size()
            for i, argb in enumerate(pixels):
                index = icon.get_at_mapped((i % w, i // w))
                if index == TRANSPARENT:
                    assert argb >> 24 == 0
                else:
                    assert argb == 0xFF000000 | int.from_bytes(bytes(icon.get_palette_at(index)[:3]), "big")
            pygame.display.quit()
    finally:
        quit_app(xserver, app, wid)


def test_the_keyboard_plays_and_opens_the_menu(xserver, private_dirs):
    app, wid = start_app(xserver)
    try:
        xdotool(xserver, "mousemove", "--window", wid, 300 * SCALE, 100 * SCALE)
        xdotool(xserver, "windowfocus", "--sync", wid)
        # playing stack 5 and Return: its Ace goes up to its suit stack
        keys(xserver, wid, "5", "Return")
        time.sleep(0.3)
        # and the arrows: the Two of Spades (r5) onto the Three of Diamonds (t7), by marking it
        keys(xserver, wid, "c", "Down", "Down", "Down", "Down", "space", "7", "Return")
        time.sleep(0.3)
        # F10 opens the menu at the pointer; Down to Undo (Info, New game, Restart, Undo) and Return
        keys(xserver, wid, "F10", "Down", "Down", "Down", "Down", "Return")
        time.sleep(0.3)
    finally:
        quit_app(xserver, app, wid)
    from kingalbert.app.saves import load_autosave
    saved, problem = load_autosave()
    assert problem is None and saved.seed == 1
    assert [str(m) for m in saved.history] == ["t5>f1"] and [str(m) for m in saved.undone] == ["r5>t7"]


def window_geometry(display, app):
    """The program's window now (F11 makes a new one): its id, position and size."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for wid in xdotool(display, "search", "--onlyvisible", "--pid", app.pid).split():
            lines = xdotool(display, "getwindowgeometry", wid).splitlines()
            if len(lines) >= 3:
                x, y = lines[1].split()[1].split(",")[:2]
                w, h = lines[2].split()[1].split("x")
                return wid, (int(x), int(y)), (int(w), int(h))
        time.sleep(0.2)
    pytest.fail("no window")


@pytest.mark.parametrize("scale", [1, 2])
def test_f11_covers_the_screen_from_its_corner_and_the_window_comes_back_to_its_place(xserver, private_dirs, scale):
    # (a play-test: without a window manager, the full-screen window was made where the
    # window lay, so it hung off the screen and the desktop stood off-centre; and a window
    # of scale 1 came back at the full screen's scale 2, off the screen)
    app, wid = start_app(xserver, scale)

    def f11(wid):
        """F11 pressed and let go as a keyboard does, the key held a moment."""
        xdotool(xserver, "windowfocus", "--sync", wid)
        xdotool(xserver, "keydown", "F11")
        time.sleep(0.2)
        xdotool(xserver, "keyup", "F11")
        time.sleep(1.5)
    try:
        _, place, size = window_geometry(xserver, app)
        assert size == (640 * scale, 480 * scale) and place != (0, 0)
        f11(wid)
        wid, at, full = window_geometry(xserver, app)
        assert (at, full) == ((0, 0), (1400, 1100))
        f11(wid)
        wid, back, size = window_geometry(xserver, app)
        assert (back, size) == (place, (640 * scale, 480 * scale))
    finally:
        quit_app(xserver, app, wid)
