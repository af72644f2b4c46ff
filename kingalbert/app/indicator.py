"""The "Winnable?" indicator's policy: after each change to the game, what to show at
once and whether the solver must think again.  No pygame here: the desktop asks
``Indicator.after_change(game)`` after every move, undo, redo or new deal, starts the
search it asks for (``Decision.search``) on its ``SolverWorker``, and hands the answer
to ``Indicator.on_answer``.

What it reuses, so that the indicator costs little:

* a position proven winnable stays so along the line found: the positions the line
  goes through are remembered with the rest of the line, so following it (or undoing
  and redoing along it) needs no new search;
* a position proven unwinnable stays so after any move (no move can make a lost
  game winnable), so everything reached from it by playing on needs no search;
* every verdict is remembered by position for the whole game (undo, redo);
* after a search that couldn't tell, the next searches get ``short`` seconds instead
  of ``timeout`` until ``TRUST`` in a row decide: a game the solver can't decide doesn't
  cost a full search after every move, nor after every short search that happened to
  decide (Calculation's wins found now and then, each followed by a full search that
  couldn't tell, took it from 0.43 to 1.01 s of processor time a move); and after
  several in a row that couldn't tell it searches only after every second, then every
  fourth move (``BACK_OFF``), showing "Can't tell" in between, until a search decides
  again;
* the worker keeps the positions its searches proved unwinnable and skips them in
  later searches of the same game (``SolverWorker``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..engine.game import Game

#: what the indicator says for each verdict
LABELS = {"winnable": "Winnable", "unwinnable": "Not winnable from here", "unknown": "Can't tell"}
THINKING = "Thinking..."
#: positions remembered per game at most
MEMORY = 20_000
#: after 1, 2, 3 ... searches in a row that couldn't tell: the moves to let pass before the next search
BACK_OFF = (0, 1, 3)
#: searches in a row that must decide, after one that couldn't tell, before the next gets the full time
TRUST = 2


def position_key(game: Game) -> str:
    """The position (piles, variables, random generator) and the options that make the
    rules (a YaZZle game's mode; not those that only play moves for the player, whose
    verdicts are the same): equal for equal positions under the same rules."""
    piles = "|".join(" ".join(map(str, pile.cards)) for pile in game.piles)
    variables = json.dumps(game.vars, sort_keys=True, default=repr) if game.vars else ""
    assists = game.ruleset.assist_options
    rules = sorted((name, repr(value)) for name, value in game.options.items() if name not in assists)
    return f"{piles}#{variables}#{game.rng.state}#{rules}"


@dataclass
class Decision:
    """What to do after a change: ``label`` to show now; ``search`` the (kind, timeout)
    of a search to start, or None; ``solution`` the winning line from here when one is
    known (moves as text), else None."""

    label: str
    search: tuple | None = None
    solution: list | None = None


@dataclass
class _Known:
    verdict: str
    line: list = field(default_factory=list)


class Indicator:
    def __init__(self, timeout: float = 10.0, short: float = 1.0):
        self.timeout = timeout
        self.short = short
        self.known: dict[str, _Known] = {}
        self.game_id: int | None = None
        self.last_key: str | None = None
        self.last_history: int = 0
        #: True after a search that couldn't tell, until one decides
        self.doubtful = False
        #: searches in a row that couldn't tell, and changes still to let pass without one
        self.unknowns = 0
        self.waiting = 0
        #: searches in a row that decided (``TRUST``)
        self.decided = 0
        self.asked: str | None = None     # the position the search running is about

    def reset(self) -> None:
        self.known.clear()
        self.last_key = None
        self.last_history = 0
        self.doubtful = False
        self.unknowns = self.waiting = self.decided = 0
        self.asked = None

    def after_change(self, game: Game) -> Decision:
        """Call after every change to ``game``: what to show, and whether to search."""
        if self.game_id != id(game):
            self.reset()
            self.game_id = id(game)
        key = position_key(game)
        previous, before = self.last_key, self.last_history
        self.last_key, self.last_history = key, len(game.history)
        self.asked = None
        status = game.status
        if status == "won":
            return Decision("", None, [])
        known = self.known.get(key)
        if known is None and status == "lost":
            known = self._remember(key, _Known("unwinnable"))
        if known is None and previous is not None and len(game.history) == before + 1:
            # one move played on: from an unwinnable position, still unwinnable
            old = self.known.get(previous)
            if old is not None and old.verdict == "unwinnable":
                known = self._remember(key, _Known("unwinnable"))
        if known is not None and known.verdict != "unknown":
            return Decision(LABELS[known.verdict], None, list(known.line) if known.verdict == "winnable" else None)
        if self.waiting > 0:
            self.waiting -= 1
            return Decision(LABELS["unknown"], None, None)
        self.asked = key
        timeout = self.short if self.doubtful or known is not None else self.timeout
        return Decision(THINKING, ("verdict", timeout), None)

    def on_answer(self, game: Game, result: dict) -> Decision:
        """Record the answer of the search ``after_change`` asked for (about ``game`` as it
        is now: the caller drops answers about older positions); what to show."""
        verdict = result.get("verdict", "unknown")
        if verdict not in LABELS:
            verdict = "unknown"
        key = position_key(game)
        if verdict == "winnable":
            moves = list(result.get("moves") or [])
            self._remember(key, _Known("winnable", moves))
            self._remember_line(game, moves)
            self._decided()
        elif verdict == "unwinnable":
            self._remember(key, _Known("unwinnable"))
            self._decided()
        else:
            self._remember(key, _Known("unknown"))
            self.doubtful = True
            self.unknowns += 1
            self.decided = 0
            self.waiting = BACK_OFF[min(self.unknowns, len(BACK_OFF)) - 1]
        known = self.known[key]
        return Decision(LABELS[verdict], None, list(known.line) if verdict == "winnable" else None)

    def _decided(self) -> None:
        """A search decided: one after every change again, and the full time after ``TRUST``."""
        self.unknowns = 0
        self.decided += 1
        if self.decided >= TRUST:
            self.doubtful = False

    def _remember(self, key: str, known: _Known) -> _Known:
        if len(self.known) >= MEMORY:
            self.known.clear()
        self.known[key] = known
        return known

    def _remember_line(self, game: Game, moves: list) -> None:
        """The positions along a winning line are winnable too, with the rest of the line."""
        copy = game.solver_copy()
        try:
            for i, move in enumerate(moves):
                copy.play(move)
                self._remember(position_key(copy), _Known("winnable", moves[i + 1:]))
        except Exception:   # a line that doesn't replay: keep what was learned before it
            return
