"""Winning lines as a player reads them.

A search finds a winning line in whatever order its moves came up; many of them
could come in another order.  A hint names only the line's first move, so where
that is no move to a foundation but a later move to a foundation (or one that
takes cards out of the game: ``Game.goes_up``) can be played now, and the line
still wins with that move first, the line is turned so (the aces of YaZZle's
Forty Thieves before a turn of its stock; Aces Up's throwing a card away before
a deal).  Every line given out
is replayed to a won game first: a line turned so is as sound as the one found.
"""
from __future__ import annotations

import time

from ..errors import SolitaireError
from ..game import Game
from ..moves import Move

#: the lines with a move brought first replayed at most (each move of the line is looked
#: at: a Two of Forty Thieves that the line puts up after two dozen turns of the stock)
TRIES = 3


def wins(game: Game, moves: list[Move], until: float | None = None) -> bool | None:
    """Does the line win from the game's position (the game is not changed)?  None where
    the processor time passed ``until`` first (``time.process_time``: the work a line
    takes, not how busy the machine is; a hint beside a CI's workers ran out of its time)."""
    copy = game.solver_copy()
    clock = time.process_time
    try:
        for move in moves:
            copy.play(move)
            if until is not None and clock() > until:
                return None
    except SolitaireError:
        return False
    return copy.status == "won"


def foundation_first(game: Game, moves: list[Move], seconds: float = 0.3) -> list[Move]:
    """The winning line ``moves`` from the game's position, with a move to a foundation
    first where its first move goes elsewhere (the module's docstring); the line as it
    is where none will do within ``TRIES`` replays, or ``seconds`` of processor time run out."""
    if len(moves) < 2 or game.goes_up(moves[0]):
        return moves
    until = time.process_time() + seconds
    tries = 0
    for j in range(1, len(moves)):
        move = moves[j]
        if time.process_time() > until:
            break
        if not game.goes_up(move) or not game.is_legal(move):
            continue
        line = [move] + moves[:j] + moves[j + 1:]
        found = wins(game, line, until)
        if found:
            return line
        tries += 1
        if found is None or tries >= TRIES:
            break
    return moves


def without_loops(game: Game, moves: list[Move], seconds: float = 0.5) -> list[Move]:
    """The line ``moves`` from the game's position with every stretch of it that comes back
    to a position met before cut out (a card into a cell and straight back: SolKit's
    FreeCell's Demo played such pairs).  The position after each move is exact (the cards,
    the variables, the random generator's state), so what follows a cut replays as before;
    the line as it is where a move fails or ``seconds`` of processor time run out."""
    copy = game.solver_copy()
    until = time.process_time() + seconds

    def position():
        return (tuple(tuple(str(card) for card in pile.cards) for pile in copy.piles),
                repr(sorted(copy.vars.items(), key=str)), copy.rng.state)
    met = {position(): 0}
    kept: list[Move] = []
    order = [position()]        # the positions of the line kept, the first before any move
    try:
        for move in moves:
            copy.play(move)
            here = position()
            back = met.get(here)
            if back is None:
                kept.append(move)
                met[here] = len(kept)
                order.append(here)
            else:
                for gone in order[back + 1:]:
                    del met[gone]
                del kept[back:], order[back + 1:]
            if time.process_time() > until:
                return moves
    except SolitaireError:
        return moves
    return kept


__all__ = ["foundation_first", "wins", "without_loops"]
