"""Random play at scale through every bundled game, and flat memory over a long session."""
import gc
import os
import tracemalloc
from collections import Counter

import pytest

from kingalbert.app.catalogue import GameRef, bundled_games, game_title
from kingalbert.desktop.desktop import Desktop
from kingalbert.engine import Game, Rng
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.loaders import load

pytestmark = pytest.mark.slow                   # play at scale: the quick loop leaves it out

GAMES = [path for paths in bundled_games().values() for path in paths]


def identities(game):
    return Counter((card.rank, card.suit) for card in game.cards())


@pytest.mark.parametrize("path", GAMES, ids=[f"{p.parent.name}-{game_title(p)}" for p in GAMES])
def test_random_play_keeps_every_card_and_undoes_to_the_deal(path):
    ruleset = load(path)
    for seed in range(3):
        game = Game(ruleset, seed)
        deal = game.to_position()
        cards = identities(game)
        chooser = Rng(seed + 1000)
        for _ in range(60):
            moves = list(game.legal_moves)
            if not moves:
                break
            for move in moves:
                assert game.is_legal(move), f"{path.name}: listed {move} is refused"
            game.play(moves[chooser.below(len(moves))])
            now = identities(game)
            assert not now - cards, f"{path.name}: cards duplicated"
            if not ruleset.destroys_cards:
                assert now == cards, f"{path.name}: cards lost"
        while game.undo() is not None:
            pass
        assert game.to_position() == deal


def test_memory_stays_flat_over_a_thousand_games():
    """1,000 King Albert games in one process: the heap may not grow by more than 2 MB
    between the 100th and the 1,000th game (see README, "Resources")."""
    ruleset = KingAlbert()

    def play(seed):
        game = Game(ruleset, seed, {"auto_finish": True})
        chooser = Rng(seed)
        for _ in range(40):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.play(moves[chooser.below(len(moves))])
        game.undo()

    tracemalloc.start()
    try:
        for seed in range(100):
            play(seed)
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        for seed in range(100, 1000):
            play(seed)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert grown < 2 * 2**20, f"memory grew by {grown} bytes"


def resident_bytes() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="measures resident memory through /proc")
def test_the_desktops_memory_stays_flat_over_hundreds_of_games():
    """The desktop caches card sprites per size, boards and work surfaces (outside Python's
    heap, in SDL): opening game after game of every format, playing and drawing each, the
    process's resident memory may not grow by more than 16 MB between the 40th and the
    400th game."""

    refs = [GameRef(builtin="king-albert")] + [GameRef(path=str(paths[0])) for paths in bundled_games().values()]
    desktop = Desktop(Game(KingAlbert(), 1), autosave=False, thinking=False)

    def one(round_):
        desktop.session.open(refs[round_ % len(refs)])
        game = desktop.game
        chooser = Rng(round_)
        for _ in range(6):
            moves = list(game.legal_moves)
            if not moves:
                break
            desktop.play(moves[chooser.below(len(moves))])
            desktop.finish_animation()
            desktop.render()
        desktop.session.undo()
        desktop.render()

    for round_ in range(40):
        one(round_)
    gc.collect()
    base = resident_bytes()
    for round_ in range(40, 400):
        one(round_)
    gc.collect()
    grown = resident_bytes() - base
    assert grown < 16 * 2**20, f"resident memory grew by {grown} bytes"
