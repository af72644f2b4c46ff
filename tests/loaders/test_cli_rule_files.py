"""check, deal, moves and replay on every bundled .sol, .pat and game.ini game and every corpus file
(the team's own, of every format, and the shared corpus beside the checkout)."""
import json

import pytest

from kingalbert.cli import main
from kingalbert.engine import Game
from kingalbert.loaders import load
from tests.helpers.data import GAMES, TEAM_CORPUS, shared_params, team

FILES = (sorted((GAMES / "sol").glob("*.sol")) + sorted((GAMES / "pat").glob("*.pat"))
         + sorted((GAMES / "yazzle").glob("*/game.ini"))
         + team("sol/*.sol") + team("pat/*.pat") + team("yazzle/*/game.ini") + team("cdl/*.cdl")
         + shared_params("solkit/*") + shared_params("pat/*"))


def file_id(path):
    """sol/klondike.sol, corpus/sol/bakers_game.sol, solkit/annotated.sol, ..."""
    name = str(path.relative_to(path.parents[1]))
    return f"corpus/{path.relative_to(TEAM_CORPUS).as_posix()}" if TEAM_CORPUS in path.parents else name


def test_every_format_has_at_least_six_bundled_games():
    assert len(list((GAMES / "sol").glob("*.sol"))) >= 6
    assert len(list((GAMES / "pat").glob("*.pat"))) >= 6
    assert len(list((GAMES / "yazzle").glob("*/game.ini"))) >= 6


@pytest.mark.parametrize("path", FILES, ids=file_id)
def test_check_deal_moves_and_replay(path, capsys):
    ruleset = load(path)
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"ok {path}: {ruleset.name}"

    assert main(["deal", str(path), "--seed", "5"]) == 0
    position = json.loads(capsys.readouterr().out)
    game = Game(ruleset, 5)
    assert {k: v for k, v in position.items() if k != "moves"} == game.to_position()
    assert sum(len(pile["cards"]) for pile in position["piles"]) == 52 * ruleset.decks

    assert main(["moves", str(path), "--seed", "5"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == [str(move) for move in game.legal_moves] and listed

    assert main(["replay", "--seed", "5", str(path), listed[-1], "undo", "redo"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    game.play(listed[-1])
    assert replayed["moves"] == [listed[-1]]
    assert {k: v for k, v in replayed.items() if k != "moves"} == game.to_position()
