"""``kingalbert bench``: the speed figures a player feels, as medians of several runs."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import pygame

from .. import sprites
from ..app.catalogue import bundled_games, load_ruleset
from ..desktop.desktop import Desktop
from ..desktop.input import CardDrag
from ..engine.game import Game
from ..engine.king_albert import KingAlbert
from . import solver as bench_solver


def _median_ms(function, runs: int, repeat: int = 1) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        times.append((time.perf_counter() - start) * 1000 / repeat)
    return statistics.median(times)


def bench_sprites(runs: int) -> float:
    """Everything the desktop draws for King Albert, from nothing (caches emptied each run)."""

    def fresh():
        sprites.clear_caches()
        sprites.build_all(36, 52)
    return _median_ms(fresh, runs)


def bench_frames(runs: int) -> tuple[float, float]:
    desktop = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)
    desktop.open_display(scale=1)

    def full():
        desktop.renderer.work = None   # the work area drawn again, as after a move
        desktop.present(desktop.frame())
    frame_ms = _median_ms(full, runs, 20)
    window = desktop.window
    pile = "t1"
    view = desktop.board.views[pile]
    start = window.to_screen(view.x + 5, view.y + 8 * view.dy + 5)
    drag = desktop.drag = CardDrag(pile, 1, (5, 5), desktop.game.pile(pile).cards[-1:], 1, start)
    desktop.frame()
    positions = [(start[0] + i * 3, start[1] + i) for i in range(60)]
    index = [0]

    def drag_frame():
        drag.at = positions[index[0] % len(positions)]
        index[0] += 1
        desktop.present(desktop.frame())
    drag_ms = _median_ms(drag_frame, runs, 30)
    desktop.drag = None
    pygame.display.quit()
    return frame_ms, drag_ms


def bench_deal(runs: int) -> float:
    ruleset = KingAlbert()
    seeds = iter(range(10**9))
    return _median_ms(lambda: Game(ruleset, next(seeds)), runs, 200)


def bench_moves(runs: int) -> float:
    """Legal-move generation plus apply and undo of each move, on King Albert positions."""
    games = []
    for seed in range(20):
        game = Game(KingAlbert(), seed, {"auto_finish": False})
        for _ in range(seed % 7):
            moves = list(game.legal_moves)
            if moves:
                game.play(moves[seed % len(moves)])
        games.append(game)
    rates = []
    for _ in range(runs):
        count = 0
        start = time.perf_counter()
        for _ in range(20):
            for game in games:
                for move in list(game.legal_moves):
                    game.play(move)
                    game.undo()
                    count += 1
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_loads(runs: int) -> dict:
    """Median time to load and deal a bundled game of each format."""
    result: dict[str, float | None] = {}
    for key, files in bundled_games().items():
        if not files:
            result[key] = None
            continue
        try:
            path = str(files[0])
            result[key] = round(_median_ms(lambda: Game(load_ruleset(path), 1), runs), 3)  # noqa: B023  (timed here)
        except Exception as error:  # a loader still in progress must not stop the other figures
            print(f"bench: {files[0]}: {error}", file=sys.stderr)
            result[key] = None
    return result


def bench_startup(runs: int) -> tuple[float, float]:
    """Wall time of ``kingalbert shot --seed 1`` and of a bare pygame window, each in a fresh process."""
    bare = [sys.executable, "-c", "import pygame; pygame.display.init(); pygame.display.set_mode((640, 480))"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # as an installed program starts: its modules compiled once, on the first run (not timed)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times: dict[str, list[float]] = {"shot": [], "bare": []}
    with tempfile.TemporaryDirectory() as folder:
        shot = [sys.executable, "-m", "kingalbert", "shot", "--seed", "1", "-o", os.path.join(folder, "x.png")]
        for run in range(runs + 1):
            for name, command in (("bare", bare), ("shot", shot)):
                start = time.perf_counter()
                # (its stderr kept: a Ctrl-C reaches the child too, whose traceback is no news)
                done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                if done.returncode:
                    raise RuntimeError(f"{shlex.join(command)} failed: {done.stderr.decode(errors='replace')[-500:]}")
                if run:
                    times[name].append((time.perf_counter() - start) * 1000)
    return statistics.median(times["shot"]), statistics.median(times["bare"])


def _process_usage(pid: int) -> tuple[float, int]:
    """Processor seconds used by a process, and its context switches (all its threads)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as handle:
                switches += sum(int(line.split()[1]) for line in handle if "ctxt_switches" in line)
        except OSError:
            pass  # a thread that ended meanwhile
    return seconds, switches


def bench_idle(seconds: float = 5.0) -> dict:
    """The desktop left alone (deal 1 of King Albert, the indicator off): the share of a
    core it uses and how often it wakes (context switches a second, all threads), in a
    real X server (an Xvfb started for it) where there is one, else under SDL's dummy
    driver.  Linux only (it reads /proc)."""
    figures: dict = {"idle_cpu_percent": None, "idle_wakeups_per_s": None, "idle_display": None}
    if not sys.platform.startswith("linux"):
        return figures
    server, display = None, None
    if shutil.which("Xvfb"):
        display = next((f":{n}" for n in range(150, 200) if not os.path.exists(f"/tmp/.X11-unix/X{n}")
                        and not os.path.exists(f"/tmp/.X{n}-lock")), None)
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, KINGALBERT_DATA_DIR=folder, KINGALBERT_CONFIG_DIR=folder, PYGAME_HIDE_SUPPORT_PROMPT="1",
                   SDL_VIDEODRIVER="dummy")
        # the Winnable? indicator off: its answer, a while after the deal, would wake it once
        with open(os.path.join(folder, "options"), "w") as options:
            options.write("winnable indicator = off\n")
        if display is not None:
            server = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while not os.path.exists(f"/tmp/.X11-unix/X{display[1:]}") and time.monotonic() < deadline:
                time.sleep(0.05)
            if server.poll() is None and os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
                env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
        app = subprocess.Popen([sys.executable, "-m", "kingalbert", "--seed", "1", "--scale", "1"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            # started and dealt: a second without processor time (at most 8 s)
            deadline, used, still = time.monotonic() + 8, -1.0, 0
            while app.poll() is None and time.monotonic() < deadline and still < 4:
                time.sleep(0.25)
                now_used = _process_usage(app.pid)[0]
                still = still + 1 if now_used == used else 0
                used = now_used
            if app.poll() is None:
                cpu, switches = _process_usage(app.pid)
                time.sleep(seconds)
                cpu_after, switches_after = _process_usage(app.pid)
                figures.update(idle_cpu_percent=round(100 * (cpu_after - cpu) / seconds, 2),
                               idle_wakeups_per_s=round((switches_after - switches) / seconds, 1),
                               idle_display=env["SDL_VIDEODRIVER"])
        finally:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
            if server is not None:
                server.terminate()
                server.wait(10)
    return figures


def run_bench(as_json: bool = False, runs: int = 5, every_game: bool = False) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    figures: dict[str, Any] = {}
    figures["sprites_ms"] = round(bench_sprites(runs), 3)
    figures["frame_ms"], figures["drag_frame_ms"] = (round(v, 3) for v in bench_frames(runs))
    figures["deal_ms"] = round(bench_deal(runs), 4)
    figures["moves_per_s"] = round(bench_moves(runs))
    figures["load_ms"] = bench_loads(runs)
    shot, bare = bench_startup(runs)
    figures["startup_ms"], figures["startup_bare_ms"] = round(shot, 1), round(bare, 1)
    figures["startup_ratio"] = round(shot / bare, 2)
    figures.update(bench_idle(seconds=max(1.0, runs)))
    # the solver: states per second in each format; the Winnable? indicator's CPU seconds
    # per move over a game of random moves in each format (a whole game, up to 60 moves; a few
    # moves only with fewer runs)
    figures["solver_states_per_s"] = bench_solver.states_per_second(1.0 if runs >= 5 else 0.5, runs)
    moves = 60 if runs >= 5 else 4 + 2 * runs
    figures["indicator_cpu_s_per_move"] = bench_solver.indicator_cost(moves=moves)
    if every_game:
        figures["indicator_cpu_s_per_move_every_game"] = bench_solver.indicator_cost(
            moves=moves, games=bench_solver.every_game())
    if as_json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0
