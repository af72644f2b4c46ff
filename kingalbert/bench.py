"""``kingalbert bench``: the speed figures a player feels, as medians of several runs."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import pygame

from . import sprites
from .app.catalogue import bundled_games, load_ruleset
from .desktop.desktop import Desktop
from .desktop.input import CardDrag
from .engine.game import Game
from .engine.king_albert import KingAlbert


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
    result = {}
    for key, files in bundled_games().items():
        if not files:
            result[key] = None
            continue
        try:
            result[key] = round(_median_ms(lambda: Game(load_ruleset(str(files[0])), 1), runs), 3)
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
    times = {"shot": [], "bare": []}
    with tempfile.TemporaryDirectory() as folder:
        shot = [sys.executable, "-m", "kingalbert", "shot", "--seed", "1", "-o", os.path.join(folder, "x.png")]
        for run in range(runs + 1):
            for name, command in (("bare", bare), ("shot", shot)):
                start = time.perf_counter()
                subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
                if run:
                    times[name].append((time.perf_counter() - start) * 1000)
    return statistics.median(times["shot"]), statistics.median(times["bare"])


def run_bench(as_json: bool = False, runs: int = 5) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    figures = {}
    figures["sprites_ms"] = round(bench_sprites(runs), 3)
    figures["frame_ms"], figures["drag_frame_ms"] = (round(v, 3) for v in bench_frames(runs))
    figures["deal_ms"] = round(bench_deal(runs), 4)
    figures["moves_per_s"] = round(bench_moves(runs))
    figures["load_ms"] = bench_loads(runs)
    shot, bare = bench_startup(runs)
    figures["startup_ms"], figures["startup_bare_ms"] = round(shot, 1), round(bare, 1)
    figures["startup_ratio"] = round(shot / bare, 2)
    if as_json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0
