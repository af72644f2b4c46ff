"""A saved game replays to exactly what the player saw, whatever happened between moves:
option changes, Demo's moves, undo, redo, restarts — in every format."""
import json
import os
import random
import signal
import subprocess
import sys
import time

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingalbert.app.catalogue import bundled_games, load_ruleset
from kingalbert.app.game_options import demo_options, game_options
from kingalbert.app.saves import from_save, load_autosave, to_save
from kingalbert.cli import main
from kingalbert.engine import Game, IllegalMoveError
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.engine.rng import Rng
from tests.helpers.desktop import click, drag, top_card

#: a position where Auto stack fires: the Ace of Clubs goes up so that the Six of Hearts fits
AUTO_STACK = {"t1": "7S AC", "t2": "6H", "t3": "KD", "t4": "QS"}


def position(piles):
    return {"piles": [{"name": name, "cards": cards.split()} for name, cards in piles.items()]}


def state(game):
    """Everything a saved game must bring back."""
    played, undone = game.records()
    return (game.to_position(), [str(m) for m in game.history], [str(m) for m in game.undone], dict(game.options),
            [(str(r.move), dict(r.options), r.by) for r in played + undone])


def round_trip(game):
    back = from_save(game.ruleset, json.loads(json.dumps(to_save(game))))
    assert state(back) == state(game)
    return back


def test_an_option_changed_mid_game_replays():
    game = Game.from_position(KingAlbert(), position(AUTO_STACK), {"auto_finish": False, "auto_stack": True})
    game.play("t2>t1")                            # Auto stack fires: AC goes up
    assert [str(c) for c in game.pile("f2").cards] == ["AC"]
    game.set_option("auto_stack", False)          # the player unticks it
    game.play("t4>t3")
    back = round_trip(game)
    # undo and redo go back through the move that Auto stack made, under its options
    back.undo()
    back.undo()
    assert [str(c) for c in back.pile("t1").cards] == ["7S", "AC"] and back.options["auto_stack"] is False
    back.redo()
    assert [str(c) for c in back.pile("f2").cards] == ["AC"]


def test_demo_plays_under_its_own_options_and_they_are_recorded():
    game = Game(KingAlbert(), 1)
    assert game.options["auto_finish"] is True
    move = next(iter(game.legal_moves))
    record = game.play(move, options=demo_options(game), by="demo")
    assert game.options["auto_finish"] is True and record.options["auto_finish"] is False and record.by == "demo"
    saved = to_save(game)
    assert saved["moves"] == [
        "option:auto-finish=off", {"move": str(move), "by": "demo"}]
    assert saved["options"]["auto_finish"] is True
    round_trip(game)


def test_a_version_1_save_still_loads():
    game = Game(KingAlbert(), 5, {"auto_finish": False})
    moves = [str(m) for m in list(game.legal_moves)[:1]]
    game.play(moves[0])
    old = {"format": "kingalbert saved game", "version": 1, **game.to_position(), "rulefile": None,
           "options": {"auto_finish": False, "auto_stack": False},
           "start": dict(game.start_position()), "moves": moves, "undone": []}
    assert state(from_save(KingAlbert(), old))[:2] == state(game)[:2]


# -- the command line -------------------------------------------------------------------------
def test_option_actions_save_and_load_on_the_command_line(tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(position(AUTO_STACK)))
    saved = tmp_path / "game.json"
    code = main(["replay", "--position", str(pos), "--auto-finish", "off", "option:auto-stack=on", "t2>t1",
                 "option:auto-stack=off", "t4>t3", "--save", str(saved)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["moves"] == ["option:auto-stack=on", "t2>t1", "option:auto-stack=off", "t4>t3"]
    # --load: the whole history, so undo goes back through the Auto stack move
    code = main(["replay", "--load", str(saved), "undo", "undo"])
    out = json.loads(capsys.readouterr().out)
    piles = {p["name"]: p["cards"] for p in out["piles"]}
    assert code == 0 and piles["t1"] == ["7S", "AC"] and piles["f2"] == []
    code = main(["moves", "--load", str(saved), "undo", "undo", "option:auto-stack=on"])
    assert code == 0 and "t2>t1" in capsys.readouterr().out.split()
    code = main(["moves", "--load", str(saved), "undo", "undo", "option:auto-stack=off"])
    assert code == 0 and "t2>t1" not in capsys.readouterr().out.split()


def test_an_option_a_game_lacks_is_refused_with_exit_3(capsys):
    assert main(["replay", "--seed", "1", "option:mode=hard"]) == 3
    assert "King Albert has no option 'mode'" in capsys.readouterr().err
    assert main(["replay", "--seed", "1", "option:auto-finish=maybe"]) == 3
    assert "on or off" in capsys.readouterr().err
    yazzle = str(bundled_games()["ini"][0])
    assert main(["replay", yazzle, "--seed", "1", "option:mode=hard"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == ["option:mode=hard"]


def test_load_takes_no_rule_file(tmp_path, capsys):
    saved = tmp_path / "game.json"
    assert main(["replay", "--seed", "1", "--save", str(saved)]) == 0
    capsys.readouterr()
    assert main(["replay", "--load", str(saved), str(bundled_games()["sol"][0])]) == 2
    assert "names its own game" in capsys.readouterr().err


# -- every format, at random ---------------------------------------------------------------------
GAMES = ["king-albert"] + [str(paths[0]) for paths in bundled_games().values()] + \
        [str(path) for path in bundled_games()["ini"][:2]]


def random_step(game, chooser):
    """A move, undo, redo, an option change, a restart, or one of Demo's moves."""
    kind = chooser.below(10)
    if kind < 5 or kind == 9:
        moves = list(game.legal_moves)
        if moves:
            move = moves[chooser.below(len(moves))]
            try:
                if kind == 9:
                    game.play(move, options=demo_options(game), by="demo")
                else:
                    game.play(move)
            except IllegalMoveError:
                pass
    elif kind == 5:
        game.undo()
    elif kind == 6:
        game.redo()
    elif kind == 7:
        options = game_options(game.ruleset)
        if options:
            option = options[chooser.below(len(options))]
            value = (not game.options.get(option.name)) if option.choices is None else \
                option.choices[chooser.below(len(option.choices))]
            game.set_option(option.name, value)
    else:
        if chooser.below(4) == 0:
            game.restart()


@pytest.mark.slow
@settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(which=st.sampled_from(GAMES), seed=st.integers(0, 2**32), steps=st.integers(1, 40))
def test_saving_and_loading_after_every_step_gives_back_the_same_game(which, seed, steps):
    ruleset = load_ruleset(which)
    game = Game(ruleset, seed % 1000)
    chooser = Rng(seed)
    for _ in range(steps):
        random_step(game, chooser)
        back = round_trip(game)
        assert back.status == game.status


# -- through the desktop's own events ------------------------------------------------------------
def desktop_for(piles, options, autosave):
    from kingalbert.desktop.desktop import Desktop
    game = Game.from_position(KingAlbert(), position(piles), options)
    desktop = Desktop(game, autosave=autosave, thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    return desktop


def menu_item(desktop, text):
    """Choose a top-level item of the window's menu with SELECT."""
    from kingalbert.desktop.input import MENU
    click(desktop, desktop.window.to_screen(150, 10), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == text)
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5))


def drag_card(desktop, src, dst):
    drag(desktop, top_card(desktop, src), top_card(desktop, dst))
    desktop.finish_animation()


def test_reproduction_auto_stack_then_untick_then_quit_and_start_again(private_dirs):
    from kingalbert.app.saves import autosave_path
    desktop = desktop_for(AUTO_STACK, {"auto_finish": False, "auto_stack": False}, autosave_path())
    menu_item(desktop, "Auto stack")
    assert desktop.game.options["auto_stack"] is True
    drag_card(desktop, "t2", "t1")
    assert [str(c) for c in desktop.game.pile("f2").cards] == ["AC"], desktop.game.message
    menu_item(desktop, "Auto stack")
    assert desktop.game.options["auto_stack"] is False
    seen = state(desktop.game)
    pygame.display.quit()
    back, problem = load_autosave()
    assert problem is None and state(back) == seen
    assert not (autosave_path().parent / "autosave.json.bad").exists()


def test_reproduction_demo_keeps_the_players_options(private_dirs):
    from kingalbert.app.saves import autosave_path
    from kingalbert.app.session import DEMO_MS
    near_win = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "t1": "QH", "t2": "KH", "r1": "AC", "t3": "2C 3D"}
    desktop = desktop_for(near_win, {"auto_finish": True, "auto_stack": True}, autosave_path())
    game = desktop.game
    line = [str(move) for move in game.legal_moves][:3]
    desktop.session.solution = line            # what the solver's process would have answered
    menu_item(desktop, "Demo")
    deadline = time.monotonic() + 10
    while len(game.history) < 2 and time.monotonic() < deadline:
        time.sleep(DEMO_MS / 1000 / 5)
        desktop.pump()
    assert len(game.history) >= 2
    click(desktop, (300, 200))                  # a click stops the demo
    assert desktop.session.demo is None
    assert game.options["auto_finish"] is True and game.options["auto_stack"] is True
    seen = state(game)
    pygame.display.quit()
    back, problem = load_autosave()
    assert problem is None and state(back) == seen
    assert back.options["auto_finish"] is True and back.options["auto_stack"] is True
    assert all(by == "demo" for *_, by in state(back)[4])


# -- kill -9 at a random step -----------------------------------------------------------------------
PLAYER = """
import sys, time
from kingalbert.app.catalogue import load_ruleset
from kingalbert.app.saves import autosave_path
from kingalbert.app.session import Session
from kingalbert.engine import Game
from kingalbert.engine.rng import Rng
from tests.app.test_history import random_step
session = Session(Game(load_ruleset(sys.argv[1]), 3), worker=None)
chooser = Rng(int(sys.argv[2]))
for step in range(1000):
    random_step(session.game, chooser)
    session.changed()                 # what the desktop does after every change: autosave
    print(step, flush=True)
    time.sleep(0.002)
"""


@pytest.mark.slow
@pytest.mark.parametrize("which", ["king-albert", str(bundled_games()["sol"][0]), str(bundled_games()["cdl"][0])])
def test_kill_9_at_a_random_step_restarts_at_the_last_completed_step(private_dirs, which):
    env = {**os.environ, "KINGALBERT_DATA_DIR": str(private_dirs / "data"),
           "KINGALBERT_CONFIG_DIR": str(private_dirs / "config"),
           "PYTHONPATH": os.pathsep.join([str(__import__("pathlib").Path(__file__).resolve().parents[2])])}
    seed = random.randrange(10**6)
    process = subprocess.Popen([sys.executable, "-c", PLAYER, which, str(seed)], stdout=subprocess.PIPE, text=True,
                               env=env)
    stop_after = random.randrange(5, 60)
    last = -1
    for line in process.stdout:
        last = int(line)
        if last >= stop_after:
            break
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    back, problem = load_autosave()
    assert problem is None, problem
    # the same steps again, in this process: the autosave is the game after step `last`
    # (or after the next one, if the kill came between its save and its print)
    game = Game(load_ruleset(which), 3)
    chooser = Rng(seed)
    states = []
    for _ in range(last + 2):
        random_step(game, chooser)
        states.append(state(game))
    assert state(back) in states[last:last + 2]
