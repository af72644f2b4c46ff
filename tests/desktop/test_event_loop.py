"""The real program's event loop: it starts, sleeps while idle, and quits cleanly."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_desktop_idles_without_using_the_processor_and_quits_on_sigterm(private_dirs):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    process = subprocess.Popen([sys.executable, "-m", "kingalbert", "--seed", "5", "--scale", "1"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(2.0)
        assert process.poll() is None, process.stderr.read().decode()
        before = cpu_seconds(process.pid)
        time.sleep(2.0)
        used = cpu_seconds(process.pid) - before
        assert used < 0.1, f"the idle desktop used {used:.2f} s of processor time in 2 s"
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err.decode()
    assert out == b""
    # the game it dealt was autosaved and comes back
    from kingalbert.app.saves import load_autosave
    game, problem = load_autosave()
    assert problem is None and game is not None and game.seed == 5


CHILD = """
import os, signal, sys
from kingalbert.desktop.desktop import Desktop
from kingalbert.engine import Game, Move
from kingalbert.engine.king_albert import KingAlbert
desktop = Desktop(Game(KingAlbert(), 7, {"auto_finish": False, "auto_stack": False}), thinking=False)
desktop.open_display(scale=1)
for action in sys.argv[1:]:
    assert desktop.play(Move.parse(action)), action
desktop.undo()
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL")
def test_after_kill_9_the_program_comes_back_at_the_same_move(private_dirs):
    from kingalbert.app.saves import load_autosave
    from kingalbert.engine import Game
    from kingalbert.engine.king_albert import KingAlbert
    game = Game(KingAlbert(), 7, {"auto_finish": False, "auto_stack": False})
    moves = []
    for _ in range(3):
        move = sorted(game.legal_moves, key=str)[0]
        game.play(move)
        moves.append(str(move))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    # plays the moves, undoes the last, and is killed outright
    child = subprocess.run([sys.executable, "-c", CHILD, *moves], env=env, capture_output=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()
    from kingalbert.app.saves import autosave_path, to_save
    killed = autosave_path().read_text()
    os.utime(autosave_path(), ns=(0, 0))
    process = subprocess.Popen([sys.executable, "-m", "kingalbert", "--scale", "1"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(2.0)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err.decode()
    # the program restored the game at the same move, undo and redo history included, and
    # left its autosave as it was (brought back unchanged, it is no newer than before: the
    # newest autosave is the one that comes back)
    assert autosave_path().stat().st_mtime_ns == 0 and autosave_path().read_text() == killed
    back, problem = load_autosave()
    assert problem is None and back.seed == 7 and to_save(back) == json.loads(killed)
    assert [str(move) for move in back.history] == moves[:2]
    assert str(back.redo()) == moves[2]
    game.undo()
    game.redo()
    assert back.to_position() == game.to_position()
