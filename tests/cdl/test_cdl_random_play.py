"""Every bundled CardsWorkShop program played at random for many deals.

Each step plays a listed move, or tries any action at all (a press with either
button on any card of any stack, released on any stack): a refusal is fine, a
runtime error of the program (``RuleFileError``) fails the test, as does a
listed move that is refused.  The quick test plays a few deals of each program;
the slow one (``-m slow``) a hundred more.
"""
from pathlib import Path

import pytest

import kingalbert
from kingalbert.engine import Game
from kingalbert.engine.errors import IllegalMoveError, RuleFileError
from kingalbert.engine.moves import Move
from kingalbert.engine.rng import Rng
from kingalbert.loaders.cdl import load

GAMES = sorted((Path(kingalbert.__file__).parent / "games" / "cdl").glob("*.cdl"))


def any_action(game, chooser):
    piles = game.piles
    src = piles[chooser.below(len(piles))]
    n = 1 + chooser.below(max(1, len(src.cards)))
    kind = ("drag", "click", "adjust", "adjust-drag")[chooser.below(4)]
    if kind == "click":
        return Move("click", src.name, n)
    dst = piles[chooser.below(len(piles))].name
    if kind == "adjust":
        return Move("adjust", src.name, n)
    return Move("drag" if kind == "drag" else "adjust", src.name, n, dst)


def play_deals(path, seeds, steps):
    rules = load(path)
    finished = 0
    for seed in seeds:
        game = Game(rules, seed)
        chooser = Rng(seed + 7)
        for _ in range(steps):
            if game.status != "playing":
                finished += 1
                break
            moves = list(game.legal_moves)
            if moves and chooser.below(10) < 7:
                move = moves[chooser.below(len(moves))]
                game.play(move)         # a listed move is accepted (an error here fails the test)
                continue
            move = any_action(game, chooser)
            before = game.to_position()
            try:
                game.play(move)
            except IllegalMoveError:
                assert game.to_position() == before, f"{path.name} seed {seed}: refused {move} left a trace"
            except RuleFileError as error:
                pytest.fail(f"{path.name} seed {seed}, {' '.join(map(str, game.history))} {move}: {error}")
        while game.undo() is not None:
            pass
        assert game.to_position() == Game(rules, seed).to_position()
    return finished


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_random_play_of_a_few_deals_meets_no_runtime_error(path):
    play_deals(path, range(1, 6), 60)


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_random_play_of_many_deals_meets_no_runtime_error(path):
    play_deals(path, range(100, 200), 150)


def test_canfield_a_press_on_an_empty_tableau_pile_once_the_reserve_is_empty():
    """The bundled program used to fail here (Pull 1 from an empty pile)."""
    rules = load(Path(kingalbert.__file__).parent / "games" / "cdl" / "canfield.cdl")
    position = Game(rules, 1).to_position()
    for entry in position["piles"]:
        entry["cards"] = {"T1": ["5H"], "T2": [], "F1": ["AS"]}.get(entry["name"], [])
    game = Game.from_position(rules, position)
    with pytest.raises(IllegalMoveError):
        game.play("click:T2")
    with pytest.raises(IllegalMoveError):
        game.play("T2>T1")
    game.play("T1>T2")
    assert [str(card) for card in game.pile("T2").cards] == ["5H"]


CORPUS = sorted((Path(__file__).parent.parent / "corpus" / "cdl").glob("*.cdl"))


@pytest.mark.parametrize("path", GAMES + CORPUS, ids=lambda p: p.stem)
def test_what_the_caches_know_is_what_a_fresh_ruleset_finds(path):
    """The run cache and the positions a game remembers never go stale: after
    every move of a random game, the moves listed, and the position each of them
    leads to, are those a ruleset that has never run anything finds."""
    rules = load(path)
    for seed in (1, 2):
        game = Game(rules, seed)
        chooser = Rng(seed)
        for step in range(15):
            fresh = Game.from_position(load(path), {**game.to_position(), "rng": game.rng.state})
            listed = [str(move) for move in game.legal_moves]
            assert listed == [str(move) for move in fresh.legal_moves], (path.name, seed, step)
            if not listed or game.status != "playing":
                break
            move = listed[chooser.below(len(listed))]
            game.play(move)
            fresh.play(move)
            assert game.to_position() == fresh.to_position(), (path.name, seed, move)
            if chooser.below(4) == 0:
                game.undo()


@pytest.mark.parametrize("path", GAMES, ids=[path.stem for path in GAMES])
def test_what_is_remembered_lists_what_working_out_afresh_lists(path):
    """A ruleset that has played several deals (its runs and releases remembered) lists
    the same moves as one that forgets everything before each listing."""
    warm, cold = load(str(path)), load(str(path))
    chooser = Rng(7)
    for seed in range(3):
        game = Game(warm, seed)
        for _ in range(40):
            moves = list(game.legal_moves)
            copy = Game.from_position(cold, game.to_position())
            cold.machine.forget()
            assert moves == list(copy.legal_moves), (seed, game.to_position())
            if not moves:
                break
            game.play(moves[chooser.below(len(moves))])
