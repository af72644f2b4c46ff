"""Nothing is lost at the next start, played through the desktop's own events: a
CardsWorkShop box's button that moved cards comes back; a bad statistics file or an
autosave that doesn't replay is set aside and its whole reason shown in a box; a bad
saved game dropped on the window or named on the command line is refused."""
import json
from pathlib import Path

import pygame
import pytest

from kingalbert.app.saves import autosave_path
from kingalbert.desktop.input import MENU
from kingalbert.desktop.main import prepare
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from tests.helpers.desktop import click, drag, top_card

#: a CardsWorkShop game whose pile A has a Rules box with a button that empties B into C
BUTTONS = Path(__file__).resolve().parents[1] / "app" / "data" / "buttons.cdl"
#: deal 1 of King Albert: Auto stack fires on the last drag (the Ace of Spades goes up so
#: that the Ace of Clubs, back from its suit stack, lands on the Two of Hearts)
AUTO_STACKED = ["t5>f1", "r5>t7", "t1>t3", "t8>f2", "r1>t8", "t5>t1", "t5>t8", "f2>t8"]
RUNNING = []


@pytest.fixture(autouse=True)
def stop_everything():
    yield
    while RUNNING:
        stop(*RUNNING.pop())
    pygame.display.quit()


def stop(desktop, slot):
    if desktop.session.worker is not None:
        desktop.session.worker.stop()
    slot.release()


def start(rulefile=None, seed=None):
    """The program starting: plain (its autosave comes back), or with a game."""
    desktop, slot = prepare(rulefile, seed)
    RUNNING.append((desktop, slot))
    desktop.open_display(scale=1)
    desktop.pump()
    return desktop


def quit_(desktop):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    desktop.pump()
    assert not desktop.running
    stop(*RUNNING.pop())
    pygame.display.quit()


def choose(desktop, text):
    click(desktop, desktop.window.to_screen(60, 40), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == text)
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5))


def cards(game, pile):
    return [str(card) for card in game.pile(pile).cards]


def test_a_box_button_that_moved_cards_comes_back_at_the_next_start(private_dirs):
    desktop = start(str(BUTTONS), seed=1)
    drag(desktop, top_card(desktop, "A"), top_card(desktop, "B"))
    desktop.finish_animation()
    assert cards(desktop.game, "B") == ["5S"]
    choose(desktop, "Rules")
    click(desktop, top_card(desktop, "A"))        # A's Rules box, with its button
    box = desktop.game_box
    assert box is not None and box.buttons == ["Empty B"]
    click(desktop, box.button_rects()[0].center)
    assert cards(desktop.game, "B") == [] and cards(desktop.game, "C") == ["5S"]
    position = desktop.game.to_position()
    quit_(desktop)

    desktop = start()
    assert desktop.error is None and not list(autosave_path().parent.glob("*.bad*"))
    assert desktop.game.to_position() == position
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a"))
    desktop.pump()   # undo takes the button's change back
    assert cards(desktop.game, "B") == ["5S"] and cards(desktop.game, "C") == []


def test_a_bad_statistics_file_is_set_aside_and_said_in_a_box(private_dirs):
    from kingalbert.app.stats import stats_path
    stats_path().parent.mkdir(parents=True)
    stats_path().write_text('{"builtin:king-albert": {"played": "many"}}')
    desktop = start(seed=3)
    reason = "".join(desktop.error.lines).replace(" ", "")   # the whole reason, wrapped
    for part in (f"{stats_path()}: the counts of 'builtin:king-albert' are not whole numbers",
                 "kept as statistics.json.bad"):
        assert part.replace(" ", "") in reason
    assert stats_path().with_name("statistics.json.bad").exists()
    assert desktop.game.seed == 3 and desktop.game.status == "playing"


def test_an_autosave_that_does_not_replay_is_kept_and_its_whole_reason_shown(private_dirs):
    # the file the program wrote before version 2 for the first reproduction: one
    # set of options (Auto stack off) for every move, the last played with Auto stack on
    game = Game(KingAlbert(), 1, {"auto_finish": True, "auto_stack": True})
    for move in AUTO_STACKED:
        game.play(move)
    old = {"format": "kingalbert saved game", "version": 1, **game.to_position(), "rulefile": None,
           "builtin": "king-albert", "options": {"auto_finish": True, "auto_stack": False},
           "start": game.start_position(), "moves": AUTO_STACKED, "undone": []}
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text(json.dumps(old))
    desktop = start()
    reason = "".join(desktop.error.lines).replace(" ", "")
    whole = (f"{autosave_path()}: move 8 (f2>t8) does not replay: The Ace of Clubs can only go on a red Two "
             "(the file is kept as autosave.json.bad)")
    assert whole.replace(" ", "") in reason and not desktop.error.lines[-1].endswith("\u2026")
    assert json.loads(autosave_path().with_name("autosave.json.bad").read_text()) == old
    assert "does not replay" not in desktop.game.message   # said whole in the box, not in the message space
    assert desktop.game.history == [] and desktop.game.status == "playing"


BAD_SAVE = '{"format": "kingalbert saved game", "start": {}, "moves": [], "undone": [], "piles": 5}'


def test_a_bad_saved_game_dropped_or_named_is_refused_with_a_message(private_dirs, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(BAD_SAVE)
    desktop = start(seed=4)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    desktop.pump()
    assert desktop.error is not None and '"piles"mustbealistofpiles' in "".join(desktop.error.lines).replace(" ", "")
    assert desktop.game.seed == 4 and bad.read_text() == BAD_SAVE   # the game kept, the file left as it is
    quit_(desktop)
    from kingalbert.cli import main
    assert main([str(bad)]) == 1
    assert f"{bad}: " in capsys.readouterr().err and bad.read_text() == BAD_SAVE


def test_a_bad_options_file_at_start_is_said_in_a_box_not_over_the_top_row(private_dirs):
    # (a play-test: its message, naming the file, took three lines of King Albert's message
    # space, which grew over the top row of cards until the next message)
    from kingalbert.app.options import options_path
    options_path().parent.mkdir(parents=True)
    options_path().write_text("auto_finish = on\nauto_stack = maybe\n")
    desktop = start(seed=3)
    reason = "".join(desktop.error.lines).replace(" ", "")
    assert f"{options_path()}:2:autostackmustbeonoroff" in reason
    assert desktop.game.message == "" and len(desktop.board.message_lines("")) <= 2
    assert desktop.game.seed == 3 and desktop.game.status == "playing"


class Full:
    """A disk that fills and empties: while ``full``, every file the program writes fails
    as a full disk does (the old file kept, as ``atomic_write`` keeps it)."""

    def __init__(self, monkeypatch, *modules):
        import errno

        from kingalbert.app import files
        self.full, real = False, files.atomic_write

        def write(path, *args, **kwargs):
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
            return real(path, *args, **kwargs)
        for module in modules:
            monkeypatch.setattr(module, "atomic_write", write)


def autosaved_moves():
    return json.loads(autosave_path().read_text())["moves"]


def test_quit_after_an_autosave_that_failed_writes_it_again_or_says_so(private_dirs, monkeypatch):
    from kingalbert.app import session
    disk = Full(monkeypatch, session)
    desktop = start(seed=1)
    desktop.session.play("t5>f1")
    disk.full = True
    desktop.session.play("r5>t7")
    assert desktop.game.message == "Can't save the game: No space left on device"
    assert autosaved_moves() == ["t5>f1"]
    disk.full = False      # room again by the time the player quits: Quit writes it
    quit_(desktop)
    assert autosaved_moves() == ["t5>f1", "r5>t7"]

    desktop = start()
    disk.full = True
    desktop.session.play("t1>t3")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    desktop.pump()         # still full: a box says so and the window stays
    assert desktop.running and desktop.error is not None
    assert "can't be saved: No space left on device" in " ".join(desktop.error.lines)
    click(desktop, desktop.error.ok_rect.center)
    quit_(desktop)         # Quit again leaves, the move not saved, as the box said
    assert autosaved_moves() == ["t5>f1", "r5>t7"]

    desktop = start()
    desktop.session.play("t1>t3")
    import signal

    from kingalbert.desktop import idle
    idle._quit_on_signal(signal.SIGTERM, None)     # the system going down: no box to wait on
    desktop.pump()
    assert not desktop.running
    stop(*RUNNING.pop())


def test_the_autosave_comes_before_the_count_and_a_failed_count_is_tried_again(private_dirs, monkeypatch):
    from kingalbert.app import session, stats
    # the count fails (another window holds its file): the move is autosaved all the same,
    # and the count is made with the next move
    disk = Full(monkeypatch, stats)
    desktop = start(seed=1)
    disk.full = True
    desktop.session.play("t5>f1")
    assert autosaved_moves() == ["t5>f1"]
    assert desktop.game.message == "Can't count the game in the statistics: No space left on device"
    assert desktop.session.played_won == (0, 0)
    disk.full = False
    desktop.session.play("r5>t7")
    assert desktop.session.played_won == (1, 0)
    quit_(desktop)

    # a win whose autosave can't be written is not counted until it is (it would come
    # back unwon, and its win be counted twice)
    disk = Full(monkeypatch, session)
    desktop = start()
    desktop.session.undo()      # (r5>t7: the line below goes another way)
    for move in WON_DEAL_1:
        if desktop.game.status == "playing":
            disk.full = True
            desktop.session.play(move)
    assert desktop.game.status == "won" and desktop.session.unsaved is not None
    assert desktop.session.played_won == (1, 0)
    disk.full = False
    quit_(desktop)
    assert json.loads(autosave_path().read_text())["status"] == "won"
    desktop = start()
    assert desktop.session.played_won == (1, 1)


#: deal 1 of King Albert won (kingalbert solve --seed 1), after AUTO_STACKED's first two moves
WON_DEAL_1 = " ".join([
    "t8>f2 r1>f1 t7>t4 r2>t7 t2>t7 t1>t3 t5>t1 t5>f4 r5>f4 t8>f4 t5>t8 t5>t7 t3>t5 t2>t7",
    "t9>t7 t3>t9 t5>t9 t3>t5 t4>t7 t4>f4 t2>t4 t6>t3 t6>t5 t1>t6 t1>t8 t1>t5 t1>t8 t1>t9",
    "t8>f4 r7>t9 t8>t9 t8>t1 t3>t8 t6>t9 t6>t1 t8>t6 t3>t8 t3>f4 t3>f3 t2>f3 t3>f2 t7>f3",
    "r4>f1 t2>f2 t3>f1 t7>f2 t7>f1 t9>f2 t2>t3 t1>f1 t7>f2 t7>f1 t1>f2 t1>f1 t1>f3 t2>f3",
    "t9>f3 t9>f4 t2>t6 t1>t2 t1>f3 t7>f2 t9>f3 t2>f2 t7>f3 r3>f2 t7>t8 r6>f1 t6>f2 t4>t1",
    "t4>f2 t4>f4 t9>f4 t4>f3 t9>f1 t4>t6 t4>f4 t5>f3 t6>f4 t8>f3 t1>f1 t5>f4 t6>f1 t8>f2",
    "t3>f3 t5>f1 t6>f4",
]).split(" ")


def test_an_autosave_whose_rule_file_is_gone_says_how_to_go_on_with_it(private_dirs, tmp_path):
    import shutil

    from kingalbert.app.catalogue import GAMES_DIR
    rules = tmp_path / "rules"
    rules.mkdir()
    mine = rules / "K.pat"
    shutil.copy(GAMES_DIR / "pat" / "Klondike.pat", mine)
    desktop = start(str(mine), seed=2)
    stock = next(pile.name for pile in desktop.game.piles if pile.role == "stock")
    desktop.session.play(f"click:{stock}")
    played = desktop.game.to_position()
    quit_(desktop)
    mine.rename(rules / "K2.pat")          # (a folder renamed, a drive not mounted)
    desktop = start()
    kept = autosave_path().with_name("autosave.json.bad")
    reason = "".join(desktop.error.lines).replace(" ", "")
    assert f"Load game's writable item loads {kept}".replace(" ", "") in reason
    (rules / "K2.pat").rename(mine)
    click(desktop, desktop.error.ok_rect.center)
    desktop.load_game(str(kept))
    assert desktop.error is None and desktop.game.to_position() == played
