"""What the desktop's solver process runs: one question in, one answer out.

It lives outside the desktop package so that the child process, started
fresh by a fork server, never imports pygame.
"""
from __future__ import annotations


def work(kind, rulefile, save, timeout, connection) -> None:
    """Answer one question (see ``desktop.indicator.Thinker``) and send the answer back."""
    try:
        from .cli import safe_load
        from .engine.game import Game
        from .engine.rng import Rng
        from .engine.solver import solve
        ruleset = safe_load(rulefile)
        if kind == "winnable-deal":
            chooser = Rng(save["seed"])
            for _ in range(200):
                seed = chooser.below(2**32)
                if solve(Game(ruleset, seed, save["options"]), timeout=timeout).verdict == "winnable":
                    connection.send({"seed": seed})
                    return
            connection.send({"seed": None})
            return
        game = Game.from_save(ruleset, save)
        result = solve(game, timeout=timeout)
        connection.send({"verdict": result.verdict, "moves": [str(move) for move in result.moves]})
    except Exception as error:  # the desktop shows "Can't tell" rather than losing anything
        connection.send({"verdict": "unknown", "moves": [], "error": f"{type(error).__name__}: {error}"})
    finally:
        connection.close()
