"""Several windows at once, and bad files at the start: nothing is lost."""
import json
import os
import subprocess
import sys

import pytest

from kingalbert.app.saves import autosave_path, claim_autosave, load_autosave, write_game
from kingalbert.app.stats import Statistics, stats_path
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert

needs_flock = pytest.mark.skipif(sys.platform == "win32", reason="locks need fcntl")

CLAIM = """
import sys, time
from kingalbert.app.saves import claim_autosave
slot = claim_autosave()
print(slot.path, flush=True)
sys.stdin.readline()   # hold the autosave until told to quit
"""

COUNT = """
import sys
from kingalbert.app.stats import Statistics
statistics = Statistics()   # each window reads the file when it starts, then counts
for _ in range(int(sys.argv[1])):
    statistics.record("builtin:king-albert", "King Albert", played=1)
"""


def environment(private_dirs):
    return {**os.environ, "KINGALBERT_DATA_DIR": str(private_dirs / "data"),
            "KINGALBERT_CONFIG_DIR": str(private_dirs / "config")}


@needs_flock
def test_two_windows_claim_two_autosaves_and_the_newest_free_one_comes_back(private_dirs):
    env = environment(private_dirs)
    first = subprocess.Popen([sys.executable, "-c", CLAIM], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, env=env)
    one = first.stdout.readline().strip()
    second = subprocess.Popen([sys.executable, "-c", CLAIM], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env)
    two = second.stdout.readline().strip()
    assert one == str(autosave_path(1)) and two == str(autosave_path(2))
    # both play: each writes only its own file
    write_game(Game(KingAlbert(), 1), one, make_folder=True)
    write_game(Game(KingAlbert(), 2), two, make_folder=True)
    # while both run, a third window gets a third autosave
    slot = claim_autosave()
    assert slot.path == autosave_path(3)
    slot.release()
    for process in (first, second):
        process.communicate("\n", timeout=30)
    # both quit: the next window takes the newest game back, the other is still kept
    slot = claim_autosave()
    assert slot.path == autosave_path(2)
    assert load_autosave(slot.path)[0].seed == 2 and load_autosave(autosave_path(1))[0].seed == 1
    slot.release()


@needs_flock
def test_two_windows_counting_at_once_lose_no_count(private_dirs):
    env = environment(private_dirs)
    processes = [subprocess.Popen([sys.executable, "-c", COUNT, "100"], env=env) for _ in range(2)]
    assert [process.wait(timeout=120) for process in processes] == [0, 0]
    assert Statistics().get("builtin:king-albert") == (200, 0)
    data = json.loads(stats_path().read_text())
    assert data["builtin:king-albert"]["played"] == 200


def test_a_bad_autosave_never_stops_the_start(private_dirs):
    from kingalbert.desktop.main import prepare
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text('{"format": "kingalbert saved game", "start": {}, "moves": [], "undone": [], '
                               '"piles": 5}')
    desktop, slot = prepare()
    try:
        assert desktop.error is not None
        reason = "".join(desktop.error.lines).replace(" ", "")   # the whole reason, wrapped
        assert str(autosave_path()) in reason and '"piles"mustbealistofpiles' in reason
        assert "autosave.json.bad" in reason
        assert (autosave_path().parent / "autosave.json.bad").exists()
        assert desktop.game.status == "playing" and desktop.game.history == []
        # the new game is autosaved where the bad one was
        assert load_autosave(slot.path)[0].seed == desktop.game.seed
    finally:
        desktop.session.worker.stop()
        slot.release()


def test_started_with_the_rule_file_of_the_autosaved_game_it_comes_back(private_dirs):
    """`kingalbert Canfield.pat` after playing Canfield and quitting started a new deal over the
    autosave (only a plain start brought the game back); a seed, or another game, still
    starts anew, and a bad autosave is set aside and said, not overwritten unread."""
    from kingalbert.app.catalogue import GAMES_DIR
    from kingalbert.app.session import start_game
    from kingalbert.loaders import load
    canfield, klondike = GAMES_DIR / "pat" / "Canfield.pat", GAMES_DIR / "yazzle" / "Klondike"
    autosave = autosave_path()
    played = Game(load(str(canfield)), 17)
    played.play(sorted(played.legal_moves, key=str)[0])
    write_game(played, autosave, make_folder=True)
    for name in (str(canfield), str(canfield.parent / ".." / "pat" / "Canfield.pat")):
        game, problem = start_game(name, None, autosave=autosave)
        assert problem is None and game.seed == 17 and len(game.history) == 1
    assert start_game(str(canfield), 5, autosave=autosave)[0].seed == 5
    other, problem = start_game(str(klondike), None, autosave=autosave)
    assert problem is None and other.name == "Klondike" and other.history == []
    write_game(Game(load(str(klondike)), 4), autosave)
    assert start_game(str(klondike / "game.ini"), None, autosave=autosave)[0].seed == 4
    autosave.write_text("{not json")
    game, problem = start_game(str(canfield), None, autosave=autosave)
    assert game.history == [] and "autosave.json.bad" in problem
    assert (autosave.parent / "autosave.json.bad").read_text() == "{not json"


def test_a_game_brought_back_unchanged_leaves_its_autosave_as_it_was(private_dirs):
    """Bringing an autosave back rewrote it, which made it the newest: a window started
    and quit at once beside a game played later won the next start."""
    from kingalbert.app.options import Options
    from kingalbert.app.session import Session
    autosave = autosave_path()
    game = Game(KingAlbert(), 8)
    game.play(sorted(game.legal_moves, key=str)[0])
    write_game(game, autosave, make_folder=True)
    os.utime(autosave, (1000, 1000))
    back, problem = load_autosave(autosave)
    session = Session(back, Options(), autosave=autosave, worker=None)
    session.save_progress()
    assert problem is None and autosave.stat().st_mtime == 1000
    move = sorted(back.legal_moves, key=str)[0]
    session.play(move)
    assert autosave.stat().st_mtime != 1000 and load_autosave(autosave)[0].history == game.history + [move]


def test_a_data_folder_that_cant_be_written_still_gives_its_game_back_and_says_why(private_dirs, monkeypatch):
    import errno

    from kingalbert.app import saves
    from kingalbert.desktop.main import prepare
    game = Game(KingAlbert(), 7)
    autosave_path().parent.mkdir(parents=True)
    write_game(game, autosave_path())

    def refused(path):
        raise OSError(errno.EROFS, "Read-only file system", path)
    monkeypatch.setattr(saves, "try_lock", refused)     # (as root, chmod would not stop the lock)
    desktop, slot = prepare()
    try:
        assert slot.path == autosave_path() and desktop.game.seed == 7      # the game comes back
        reason = "".join(desktop.error.lines).replace(" ", "")
        assert f"{autosave_path().parent}: Read-only file system: this window autosaves nothing".replace(" ", "") in reason
        assert "windowsareopen" not in reason
    finally:
        desktop.session.worker.stop()
        slot.release()


def test_two_windows_save_options_each_keep_what_the_other_saved(private_dirs):
    """A play-test: two windows' Save options, the last one wrote its whole set, putting back
    the option the other had just changed and saved.  Each now writes what was changed in it."""
    from kingalbert.app.options import load_options
    from kingalbert.app.session import Session
    first = Session(Game(KingAlbert(), 1), load_options(), autosave=False, worker=None)
    second = Session(Game(KingAlbert(), 2), load_options(), autosave=False, worker=None)
    first.toggle_option("auto_finish")
    first.save_options()
    assert first.game.message == "Options saved"
    second.toggle_option("auto_stack")
    second.save_options()
    assert second.game.message == "Options saved (auto finish as another window saved it)"
    saved = load_options()
    assert saved.problem is None
    assert saved.values["auto_finish"] is False and saved.values["auto_stack"] is True
    # the second window's own options are its player's still
    assert second.game.options == {"auto_finish": True, "auto_stack": True}
    # and what it changed again is written again, the other's change still kept
    second.toggle_option("auto_stack")
    second.save_options()
    assert load_options().values == {**saved.values, "auto_stack": False}
