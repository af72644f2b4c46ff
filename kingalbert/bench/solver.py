"""The solver's figures for ``kingalbert bench``: states per second of the search in
each format, and what the Winnable? indicator costs a player per move.

``indicator_cpu_s_per_move``: a game of each format is played by random legal moves
(seeded, so every run plays the same games) to its end, or for ``moves`` moves at
most (60 in ``kingalbert bench``); after each move the indicator's policy
(``app.indicator.Indicator``) says whether to search, and for how long; the search
runs here, in this process, and its CPU time is counted.  The figure is the mean CPU
seconds per move over the moves played — what the solver's process spends on a
player who doesn't follow its line (one who does costs nothing after the first
search).  The searches are the solver process's own (``solver_worker``'s child, run
in this process), so it remembers what it proved unwinnable as it does in play.
"""
from __future__ import annotations

import random
import statistics
import time

from ..app.catalogue import GAMES_DIR, GameRef, bundled_games, load_ruleset
from ..app.indicator import Indicator
from ..app.solver_child import SolverChild
from ..app.solver_worker import question
from ..engine.game import Game
from ..engine.solver import make_state, solve

#: one game per format: (figure's name, a built-in game's id or a bundled file)
GAMES = (("king_albert", "king-albert"),
         ("sol", "sol/freecell.sol"),
         ("pat", "pat/FreeCell.pat"),
         ("yazzle", "yazzle/FreeCell/game.ini"),
         ("cdl", "cdl/golf.cdl"))


def every_game() -> tuple[tuple[str, str], ...]:
    """(name, reference) of King Albert and every bundled game of every format."""
    games = [("king_albert", "king-albert")]
    for paths in bundled_games().values():
        for path in paths:
            ref = str(path.relative_to(GAMES_DIR))
            games.append((ref, ref))
    return tuple(games)


def _ruleset(ref: str):
    return load_ruleset(GameRef(path=str(GAMES_DIR / ref)) if "/" in ref else ref)


def states_per_second(seconds: float = 1.0, runs: int = 1) -> dict:
    """Per format: the search's states per second over deals 1, 2, ... searched for up to
    ``seconds`` in all, after deal 0's search state is made and searched for a twentieth
    of a second (not counted): what a ruleset works out once for all its searches
    (Golf's chain bound: 0.2 s) is not a figure of the search's speed.  (The state is
    made outside the search's clock: a search of 0.05 s is stopped before the chain
    bound is worked out, which then fell to deal 1's search until 28 Nov.)  The median
    of ``runs`` such measures, each on the ruleset loaded afresh (a second is short: one
    measure of the same code gave Golf 6,811 and 9,805 states a second within minutes)."""
    rates = {}
    for name, ref in GAMES:
        rates[name] = round(statistics.median(_states_per_second(ref, seconds) for _ in range(max(runs, 1))))
    return rates


def _states_per_second(ref: str, seconds: float) -> float:
    ruleset = _ruleset(ref)
    warm(ruleset)
    states, spent, seed = 0, 0.0, 1
    while spent < seconds and seed <= 50:
        result = solve(Game(ruleset, seed), timeout=seconds - spent + 0.05)
        states += result.states
        spent += result.seconds
        seed += 1
    return states / spent if spent > 0 else 0.0


def warm(ruleset) -> None:
    """Deal 0's search state made (untimed) and searched for a twentieth of a second."""
    make_state(Game(ruleset, 0))
    solve(Game(ruleset, 0), timeout=0.05)


class _Current:
    """The job the child is asked about: always the one it is answering."""

    value = 0


def indicator_cost(moves: int = 60, timeout: float = 10.0, short: float = 1.0, games=GAMES) -> dict:
    """Per game (by default one of each format): mean solver CPU seconds per move over a game
    of random moves (to its end, ``moves`` at most)."""
    costs = {}
    for name, ref in games:
        ruleset = _ruleset(ref)
        chooser = random.Random(name)
        game = Game(ruleset, 1)
        indicator = Indicator(timeout, short)
        child = SolverChild(_Current())
        spent, played = 0.0, 0
        for _ in range(moves + 1):
            decision = indicator.after_change(game)
            if decision.search is not None:
                kind, seconds = decision.search
                start = time.process_time()
                answer = child.answer(0, question(kind, game, seconds))
                spent += time.process_time() - start
                indicator.on_answer(game, answer)
            legal = list(game.legal_moves) if game.status == "playing" else []
            if not legal or played == moves:
                break
            game.play(chooser.choice(legal))
            played += 1
        costs[name] = round(spent / max(played, 1), 3)
    return costs
