"""Saved games through the session, as the desktop plays: random moves, undo, redo,
option changes, restarts, Demo's moves, Hint and the buttons of a CardsWorkShop game's
box, in every format.  After every step, saving and loading — and the autosave the
session wrote — give the same position, the same undo/redo history (each move with its
options and who played it) and the same options; undo and redo then walk the same
positions; and a ``kill -9`` at a random step restarts at the last completed step."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingalbert.app.catalogue import bundled_games, safe_load
from kingalbert.app.game_options import demo_options, game_options
from kingalbert.app.options import Options
from kingalbert.app.saves import from_save, load_autosave, to_save
from kingalbert.app.session import Session, fresh_seed
from kingalbert.engine import Game, IllegalMoveError

ROOT = Path(__file__).resolve().parents[2]
#: a CardsWorkShop game whose box has a button that moves cards (the CDL tests' bench game)
BUTTONS = Path(__file__).parent / "data" / "buttons.cdl"


def _games() -> dict:
    """One game of each format (a YaZZle game with modes; a CardsWorkShop game whose box
    has a button that moves cards)."""
    bundled = bundled_games()
    return {
        "king-albert": lambda: safe_load(None),
        "sol": lambda: safe_load(str(bundled["sol"][0])),
        "pat": lambda: safe_load(str(bundled["pat"][0])),
        "ini": lambda: safe_load(str(next(p for p in bundled["ini"] if p.parent.name == "Klondike"))),
        "cdl": lambda: safe_load(str(bundled["cdl"][0])),
        "cdl-buttons": lambda: safe_load(str(BUTTONS)),
    }


GAMES = _games()
KINDS = ("move", "move", "move", "undo", "redo", "restart", "option", "demo", "hint", "button")


def new_session(name: str, seed: int, autosave) -> Session:
    ruleset = GAMES[name]()
    session = Session(Game(ruleset, seed), Options(), autosave=autosave)
    session.save_progress()   # as the desktop does when it starts
    return session


def step(session: Session, choose, search: bool = True) -> str:
    """One random step, as a player (or Demo, or Hint) takes it; ``choose(n)`` picks one of
    n (``search``: Hint may search for a move of its own).  Returns what it did."""
    game = session.game
    kind = KINDS[choose(len(KINDS))]
    if kind == "move":
        moves = list(game.legal_moves)[:40]
        if moves:
            move = moves[choose(len(moves))]
            session.play(move)
            return f"play {move}"
    elif kind in ("undo", "redo", "restart"):
        getattr(session, kind)()
        return kind
    elif kind == "option":
        options = game_options(game.ruleset)
        if options:
            option = options[choose(len(options))]
            value = (not game.options[option.name]) if option.choices is None else \
                option.choices[choose(len(option.choices))]
            session.set_option(option.name, value)
            return f"option {option.name}={value}"
    elif kind == "demo":
        moves = list(game.legal_moves)[:40]   # one Auto stack needs is refused: Demo stops
        if moves:
            move = moves[choose(len(moves))]
            session.solution = [str(move)]
            session.start_demo()
            session.demo_step(session.demo_due)
            return f"demo {move}"
    elif kind == "hint":
        # the solver's line when it has one (most often), else a search of its own
        moves = list(game.legal_moves)[:1] if choose(4) or not search else []
        session.solution = [str(move) for move in moves] or None
        session.show_hint()
        return "hint" if moves else "hint searched"
    elif kind == "button":
        # the Rules mode's box of a pile that has one with buttons, and one of them pressed
        boxes = [(pile, box) for pile in game.piles if (box := game.ruleset.help_text(game, pile)) and box.buttons]
        if boxes:
            pile, box = boxes[choose(len(boxes))]
            game.ruleset.help_text(game, pile)
            version = game.version
            try:   # as the desktop presses it
                game.ruleset.press_button(game, choose(len(box.buttons)))
            except IllegalMoveError as refusal:
                game.message = str(refusal)
            session.changed()
            return "button changed" if game.version != version else "button"
    return "nothing"


def signature(game: Game) -> dict:
    """Everything a saved game must bring back: the position, the options, and each move
    played and undone with its options and who played it (as the file writes them)."""
    return json.loads(json.dumps(to_save(game)))


def records(game: Game) -> list:
    return [[(str(r.move), r.changes, dict(r.options), r.by) for r in records] for records in game.records()]


def assert_same(back: Game, game: Game) -> None:
    assert back.to_position() == game.to_position()
    assert back.options == game.options
    assert records(back) == records(game)
    assert signature(back) == signature(game)


def walk_both(back: Game, game: Game) -> None:
    """Undo to the start and redo to the end on both games: the same position at each step."""
    while game.can_undo:
        game.undo()
        back.undo()
        assert back.to_position() == game.to_position()
    assert not back.can_undo
    while game.can_redo:
        game.redo()
        back.redo()
        assert back.to_position() == game.to_position()
    assert not back.can_redo


SETTINGS = settings(max_examples=12, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_after_every_step_saving_and_loading_gives_the_same_game(name, tmp_path_factory):
    @SETTINGS
    @given(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def check(data, seed):
        autosave = tmp_path_factory.mktemp("autosave") / "autosave.json"
        session = new_session(name, seed, autosave)
        searches = 0
        for _ in range(data.draw(st.integers(1, 24), label="steps")):
            did = step(session, lambda n: data.draw(st.integers(0, n - 1)))
            searches += did == "hint searched"
            if searches > 1:   # a search takes its time
                break
            game = session.game
            back = from_save(game.ruleset, signature(game))
            assert_same(back, game)
            loaded, problem = load_autosave(autosave)
            assert problem is None, problem
            assert_same(loaded, game)
        walk_both(from_save(session.game.ruleset, signature(session.game)), session.game)
    check()


def test_a_pressed_button_that_moved_cards_saves_and_loads(tmp_path):
    """The step the random walk above may or may not take in its few examples (it did not
    in about a third of its runs): a button of a box that moves cards, pressed after a move
    put a card where the button takes it from."""
    autosave = tmp_path / "autosave.json"
    session = new_session("cdl-buttons", 1, autosave)
    session.play(next(move for move in session.game.legal_moves if str(move) == "A>B"))
    game = session.game
    boxes = [pile.name for pile in game.piles if (box := game.ruleset.help_text(game, pile)) and box.buttons]
    picks = iter([KINDS.index("button"), boxes.index("A"), 0])
    assert step(session, lambda n: next(picks)) == "button changed"
    assert [str(card) for card in session.game.pile("B").cards] == []
    assert_same(from_save(session.game.ruleset, signature(session.game)), session.game)
    loaded, problem = load_autosave(autosave)
    assert problem is None, problem
    assert_same(loaded, session.game)
    walk_both(from_save(session.game.ruleset, signature(session.game)), session.game)


# -- kill -9 at a random step ------------------------------------------------------------------
CHILD = """
import json, random, sys
from tests.app.test_history_session import new_session, signature, step
name, seed, autosave = sys.argv[1], int(sys.argv[2]), sys.argv[3]
session = new_session(name, seed, autosave)
rnd = random.Random(seed)
for number in range(1, 1000):
    sys.stdin.readline()                       # the parent says: take the next step
    step(session, rnd.randrange, search=False) # played and autosaved
    print(number, flush=True)
"""


def expected_steps(name: str, seed: int, count: int) -> list[dict]:
    """The signatures after 0, 1, ... ``count`` steps of the child's game, played here."""
    session = new_session(name, seed, None)
    rnd = random.Random(seed)
    found = [signature(session.game)]
    for _ in range(count):
        step(session, rnd.randrange, search=False)
        found.append(signature(session.game))
    return found


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
@pytest.mark.parametrize("name", ["king-albert", "ini", "cdl-buttons"])
def test_kill_9_at_a_random_step_restarts_at_the_last_completed_step(name, private_dirs):
    rnd = random.Random(fresh_seed())
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KINGALBERT_DATA_DIR": str(private_dirs / "data")}
    for round_ in range(4):
        seed = rnd.randrange(2**32)
        autosave = private_dirs / f"autosave-{round_}.json"
        child = subprocess.Popen([sys.executable, "-c", CHILD, name, str(seed), str(autosave)], cwd=ROOT, env=env,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        completed = 0
        kill_after = rnd.randrange(1, 30)
        while completed < kill_after:
            child.stdin.write("\n")
            child.stdin.flush()
            completed = int(child.stdout.readline())
        # let it start the next step, and kill it somewhere in the middle of it
        child.stdin.write("\n")
        child.stdin.flush()
        if rnd.random() < 0.7:
            time.sleep(rnd.random() * 0.02)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        expected = expected_steps(name, seed, completed + 1)
        loaded, problem = load_autosave(autosave)
        assert problem is None, problem
        assert signature(loaded) in (expected[completed], expected[completed + 1]), f"seed {seed}"
        # a temporary file the kill left behind is removed by the next write (once it is
        # older than a write under way in another window could be)
        for tmp in autosave.parent.glob(f".{autosave.name}.*.tmp"):
            os.utime(tmp, (0, 0))
        Session(loaded, Options(), autosave=autosave).save_progress()
        assert not list(autosave.parent.glob(f".{autosave.name}.*.tmp"))


def test_a_hint_and_a_refused_demo_move_change_nothing(tmp_path):
    session = new_session("king-albert", 1, tmp_path / "a.json")
    before = signature(session.game)
    session.show_hint()
    session.solution = ["t1>t5"]            # refused: Demo stops, nothing recorded
    assert demo_options(session.game) == {"auto_finish": False, "auto_stack": False}
    session.start_demo()
    session.demo_step(session.demo_due)
    assert session.demo is None and signature(session.game) == before


def test_a_box_button_pressed_from_the_rules_box_is_saved_and_replays():
    game = Game(safe_load(str(BUTTONS)), 1)
    game.play("A>B")
    game.ruleset.help_text(game, game.pile("A"))    # the Rules mode's box: no move of the game
    game.ruleset.press_button(game, 0)              # empties B into C
    assert [str(c) for c in game.pile("C").cards] == ["5S"]
    data = signature(game)
    assert data["moves"][0] == "A>B" and data["moves"][1].startswith("button:")
    back = from_save(game.ruleset, data)   # although replaying opens no Rules box
    assert_same(back, game)
    back.undo()
    assert [str(c) for c in back.pile("B").cards] == ["5S"] and not back.pile("C").cards


def test_demo_clicks_a_pile_again_and_again_quickly_and_plays_the_other_moves_at_its_pace(tmp_path):
    """A line that plays a card from deep in the stock clicks it many times (31 on Little
    Mystery's deal 1); Demo shows such a run at ``DEMO_CLICK_MS`` a click, every other move at
    ``DEMO_MS``."""
    from kingalbert.app.session import DEMO_CLICK_MS, DEMO_MS
    session = new_session("ini", 1, tmp_path / "a.json")          # (YaZZle's Klondike: a stock)
    stock = next(pile.name for pile in session.game.piles if pile.role == "stock")
    drag = next(str(move) for move in session.game.legal_moves if move.kind == "drag")
    session.solution = [f"click:{stock}"] * 3 + [drag]
    session.start_demo()
    waits = []
    now = session.demo_due
    while session.demo is not None:
        session.demo_step(now)
        if session.demo is not None:
            waits.append(session.demo_due - now)
            now = session.demo_due
    assert waits == [DEMO_CLICK_MS, DEMO_CLICK_MS, DEMO_MS] and DEMO_CLICK_MS < DEMO_MS
    assert len(session.game.history) == 4


def test_a_game_chosen_after_another_starts_with_the_players_options(tmp_path):
    # (a play-test: King Albert, Auto finish off and Auto stack on, Klondike from Games, then
    # King Albert again: the defaults were back, and Save options would have written them)
    options = Options({**Options().values, "auto_finish": False, "auto_stack": True}, tmp_path / "options")
    session = Session(Game(safe_load(None), 5, options.values), options, autosave=tmp_path / "a.json", worker=None)
    session.toggle_option("auto_finish")      # ticked again by the player, then unticked
    session.toggle_option("auto_finish")
    session.open(str(GAMES["pat"]().source))
    assert "auto_stack" not in session.game.options
    session.open("king-albert")
    assert session.game.options == {"auto_finish": False, "auto_stack": True}
    session.save_options()
    written = (tmp_path / "options").read_text()
    assert "auto finish = off" in written and "auto stack = on" in written


def test_a_change_of_mode_stops_the_demo(tmp_path):
    session = Session(Game(GAMES["ini"](), 4), Options(), autosave=tmp_path / "a.json", worker=None)
    session.demo = ["click:stock1"]
    session.set_option("mode", "hard")
    assert session.demo is None and session.game.options["mode"] == "hard"


def test_a_temporary_a_crash_left_goes_when_the_game_comes_back_unchanged(tmp_path):
    # (the autosave of a game brought back unchanged is not written, so the next write could
    # not remove what a kill mid-write left: the kill -9 test met it in CI)
    import time as clock
    autosave = tmp_path / "autosave.json"
    new_session("king-albert", 3, autosave)
    leftover = tmp_path / ".autosave.json.abcd1234.tmp"
    leftover.write_text("half")
    os.utime(leftover, (clock.time() - 3600,) * 2)
    loaded, problem = load_autosave(autosave)
    before = autosave.stat().st_mtime_ns
    Session(loaded, Options(), autosave=autosave).save_progress()
    assert not leftover.exists() and autosave.stat().st_mtime_ns == before
