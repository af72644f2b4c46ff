"""The real program's event loop: it starts, sleeps while idle, and quits cleanly."""
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
    from kingalbert.saves import load_autosave
    game, problem = load_autosave()
    assert problem is None and game is not None and game.seed == 5
