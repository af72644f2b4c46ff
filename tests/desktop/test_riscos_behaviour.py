"""The desktop behaving as RISC OS does, with nothing stale on the screen: submenus
that close and keep clear of their parent, menus dragged by their title bar, hints,
messages and panels that follow what they describe, a dragged card that leaves its
pile, King Albert's rules, the Load game list, the wheel — all through the desktop's
own event handling."""
import os
import subprocess
import sys
import time

import pygame
import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.app.saves import saved_games, write_game
from kingalbert.desktop import menu_stack
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.input import MENU, SELECT
from kingalbert.desktop.main import wait_ms
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.loaders import load
from kingalbert.sprites.palette import RED
from tests.desktop.test_desktop import (  # noqa: F401
    NEAR_WIN,
    OPENED,
    click,
    drag,
    make,
    post,
    quit_display,
    top_card,
    wait_for_thought,
)


def hover(desktop, level, index, on_arrow=True):
    menu = desktop.menus.menus[level]
    x = menu.x + menu.width - 4 if on_arrow else menu.x + 20
    post(pygame.MOUSEMOTION, (x, menu.row_tops()[index] + 8))
    desktop.pump()


def index_of(menu, text):
    return next(i for i, item in enumerate(menu.items) if item.text == text)


# -- menus -------------------------------------------------------------------------------------------
def test_a_submenu_closes_when_the_pointer_rests_on_another_item_after_the_delay(monkeypatch):
    monkeypatch.setattr(menu_stack, "MENU_DRAG_DELAY", 150)
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 60), MENU)
    menu = desktop.menus.menus[0]
    hover(desktop, 0, 0)   # Info's arrow
    assert len(desktop.menus.menus) == 2
    # crossing other items at once (on the way to the submenu) leaves it open ...
    hover(desktop, 0, index_of(menu, "Hint"), on_arrow=False)
    assert len(desktop.menus.menus) == 2 and desktop.menus.due is not None
    assert wait_ms(desktop) is not None and 0 <= wait_ms(desktop) <= 150, "the event loop wakes for it"
    # ... and resting there past the delay closes it, with no further event than the timer
    time.sleep(0.2)
    desktop.pump()
    assert len(desktop.menus.menus) == 1 and desktop.menus.due is None
    # after the delay, moving onto another item closes at once; onto one with an arrow opens that
    hover(desktop, 0, 0)
    time.sleep(0.2)
    hover(desktop, 0, index_of(menu, "Statistics"))
    assert desktop.menus.menus[1].title == "Statistics"
    hover(desktop, 0, index_of(menu, "Hint"), on_arrow=False)
    time.sleep(0.2)
    hover(desktop, 0, index_of(menu, "Demo"), on_arrow=False)
    assert len(desktop.menus.menus) == 1


def test_the_pointer_in_the_submenu_keeps_it_open(monkeypatch):
    monkeypatch.setattr(menu_stack, "MENU_DRAG_DELAY", 200)
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 60), MENU)
    menu = desktop.menus.menus[0]
    games = index_of(menu, "Games")
    hover(desktop, 0, games)
    hover(desktop, 0, games - 1, on_arrow=False)   # crossing Statistics on the way
    sub = desktop.menus.menus[1]
    post(pygame.MOUSEMOTION, (sub.x + 10, sub.row_tops()[0] + 5))
    desktop.pump()
    time.sleep(0.25)
    desktop.pump()
    assert desktop.menus.menus[1] is sub and desktop.menus.highlight[0] == games


def test_a_submenu_with_no_room_on_the_right_opens_left_of_its_parent():
    desktop = make()
    click(desktop, (desktop.window.x + desktop.window.w - 5, 60), MENU)
    menu = desktop.menus.menus[0]
    assert menu.rect.right + 322 > 640
    hover(desktop, 0, 0)   # Info: a 320-pixel box
    parent, box = menu.rect, desktop.menus.menus[1].rect
    assert box.right <= parent.left + 1, "the box sits left of the menu, covering none of it"
    games = index_of(menu, "Games")
    hover(desktop, 0, games)
    sub = desktop.menus.menus[1]
    assert sub.rect.right <= parent.left + 1 or sub.rect.left >= parent.right - 1


def test_a_submenu_too_wide_for_either_side_keeps_clear_of_its_item():
    from kingalbert.desktop.menu import Menu, MenuItem
    stack = menu_stack.MenuStack()
    parent = Menu("Parent", [MenuItem(f"Item {i}") for i in range(6)])
    parent.items[2].submenu = Menu("Wide", [MenuItem("x" * 66)])
    stack.open(parent, (300, 100), "window")
    stack.open_submenu(0, 2)
    row = pygame.Rect(parent.x, parent.row_tops()[2], parent.width, 22)
    assert not stack.menus[1].rect.colliderect(row)


def test_a_menu_is_dragged_by_its_title_bar_with_its_submenus():
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 60), MENU)
    menu = desktop.menus.menus[0]
    hover(desktop, 0, 0)
    box = desktop.menus.menus[1]
    (mx, my), (bx, by) = (menu.x, menu.y), (box.x, box.y)
    title = (menu.x + 10, menu.y - 10)
    pygame.event.set_allowed(pygame.MOUSEMOTION)
    drag(desktop, title, (title[0] - 40, title[1] - 20))
    assert (menu.x, menu.y) == (mx - 40, my - 20) and (box.x, box.y) == (bx - 40, by - 20)
    assert len(desktop.menus.menus) == 2 and desktop.drag is None


# -- nothing stale ------------------------------------------------------------------------------------
def outlined(desktop, pile, n=1):
    """Is the red hint outline drawn round the pile's nth card (its left edge, half way down)?"""
    desktop.pump()
    rect = desktop.board.place_rect(pile, n)
    return desktop.renderer.work_surface().get_at_mapped((rect.x, rect.centery)) == RED


@pytest.mark.slow   # the solver's verdict, then Demo to the end
def test_a_hint_goes_when_demo_starts_and_is_never_shown_after_the_win():
    desktop = make(NEAR_WIN)
    wait_for_thought(desktop)
    press_hint = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_LCTRL, unicode="")
    pygame.event.post(press_hint)
    desktop.pump()
    hinted = desktop.board.hint[0][0]
    assert outlined(desktop, hinted)
    desktop.start_demo()
    assert desktop.board.hint is None and not outlined(desktop, hinted)
    deadline = time.monotonic() + 20
    while desktop.game.status != "won" and time.monotonic() < deadline:
        desktop.pump()
        time.sleep(0.02)
    assert desktop.game.status == "won"
    desktop.finish_animation()
    desktop.session.hint = desktop.session.hint or None
    assert not any(outlined(desktop, pile.name, 1) for pile in desktop.game.piles)


def test_a_hint_on_a_reserve_card_outlines_only_what_shows_of_it_in_the_games_words():
    position = {"f1": "AH", "r3": "2H", "r4": "KS", "t1": "9C", "t2": "8D", "r1": "AC"}
    game = Game.from_position(KingAlbert(), {"piles": [{"name": k, "cards": v.split()} for k, v in position.items()]},
                              {"auto_finish": False})
    pygame.display.init()
    desktop = Desktop(game, autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.session.solution = ["r3>f1"]
    desktop.session.show_hint()
    desktop.pump()
    assert desktop.game.message == "Hint: Two of Hearts up to its suit stack"
    board = desktop.board
    shows = board.visible_rect("r3", 0)
    covered_by = board.card_rect(board.views["r4"], 0)
    assert shows.bottom == covered_by.top and shows.h < board.layout.card_h
    work = desktop.renderer.work_surface()
    # the outline runs along what shows of the Two, and not across the King over it
    assert work.get_at_mapped((shows.centerx, shows.bottom - 1)) == RED
    assert work.get_at_mapped((covered_by.centerx, shows.top + board.layout.card_h - 1)) != RED


def test_a_card_dropped_nowhere_clears_the_last_refusal():
    desktop = make()
    drag(desktop, top_card(desktop, "t1"), top_card(desktop, "t5"))
    assert desktop.game.message.startswith("The Nine of Spades")
    drag(desktop, top_card(desktop, "t1"), (5, 5))   # off the window
    assert desktop.game.history == [] and desktop.game.message == ""


def solkit_desktop():
    path = bundled_games()["sol"][0]
    pygame.display.init()
    desktop = Desktop(Game(load(str(path)), 1), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    return desktop


def test_the_information_panel_forgets_a_pile_the_pointer_has_left():
    desktop = solkit_desktop()
    board = desktop.board
    view = board.layout.piles[-1]
    post(pygame.MOUSEMOTION, desktop.window.to_screen(view.x + 5, view.y + 5))
    desktop.pump()
    assert board.hover == view.name and any(line.startswith("Pile:") for line in board.info_lines())
    post(pygame.MOUSEMOTION, desktop.window.tool_rects()["title"].center)
    desktop.pump()
    assert board.hover is None and not any(line.startswith("Pile:") for line in board.info_lines())
    post(pygame.MOUSEMOTION, desktop.window.to_screen(view.x + 5, view.y + 5))
    desktop.pump()
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    desktop.pump()
    assert board.hover is None


def test_a_dragged_card_leaves_its_pile_on_the_real_window_from_the_first_frame():
    desktop = make()
    start = top_card(desktop, "t9")
    view = desktop.board.views["t9"]
    rect = desktop.board.card_rect(view, 0)
    middle = desktop.window.to_screen(*rect.center)
    surface = pygame.display.get_surface()
    before = surface.get_at(middle)
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, (start[0] + 200, start[1] + 200))
    desktop.pump()
    assert desktop.drag is not None
    after = surface.get_at(middle)
    assert before != after, "the card still shows in its pile while it follows the pointer"
    assert tuple(after)[:3] == (0xDD, 0xDD, 0xDD) or tuple(after)[:3] == (0xBB, 0xBB, 0xBB)


# -- Rules, Load game ------------------------------------------------------------------------------------
def test_rules_in_king_albert_shows_the_help_texts_rules_for_the_pile():
    desktop = make()
    desktop.toggle_rules()
    for pile, title, words in (("t3", "Playing stack 3", "one higher and opposite colour"),
                               ("r2", "Reserve card 2", "You cannot move cards to the reserve"),
                               ("f1", "Hearts suit stack", "An ace may be moved to an empty suit stack")):
        click(desktop, top_card(desktop, pile))
        box = desktop.game_box
        assert box is not None and box.title == title
        assert words in " ".join(box.lines).replace("  ", " ")
        click(desktop, box.button_rects()[-1].center)
        assert desktop.game_box is None


def test_load_game_lists_the_saved_games_newest_first_and_loads_one(private_dirs):
    desktop = make()
    saves = desktop.session.saves_dir()
    saves.mkdir(parents=True)
    older = Game(KingAlbert(), 11, {"auto_finish": False})
    older.set_option("auto_stack", True)   # saved as an option action before the move: not a move
    older.play(sorted(older.legal_moves, key=str)[0])
    write_game(older, saves / "older.json")
    os.utime(saves / "older.json", (1000, 1000))
    write_game(Game(KingAlbert(), 22), saves / "newer.json")
    (saves / "broken.json").write_text("{not json")
    (saves / "other.json").write_text('{"format": "something else"}')
    assert [(g.path.name, g.seed, g.moves) for g in saved_games(saves)] == [("newer.json", 22, 0), ("older.json", 11, 1)]
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    hover(desktop, 0, index_of(desktop.menus.menus[0], "Load game"))
    load_menu = desktop.menus.menus[1]
    texts = [item.text for item in load_menu.items]
    assert texts[:2] == ["King Albert, deal 22, 0 moves", "King Albert, deal 11, 1 move"]
    assert load_menu.items[-1].writable and load_menu.items[-1].text == str(saves) + "/"
    click(desktop, (load_menu.x + 20, load_menu.row_tops()[1] + 5))
    assert desktop.error is None and desktop.game.seed == 11 and len(desktop.game.history) == 1
    # (it says so, the file by its name alone in the saves folder; it said nothing)
    assert desktop.game.message == "Game loaded from older.json: 1 move"


def load_menu_texts(desktop) -> list[str]:
    """The Load game submenu's saved games, opened by the mouse, in sorted order."""
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    hover(desktop, 0, index_of(desktop.menus.menus[0], "Load game"))
    return sorted(item.text for item in desktop.menus.menus[1].items[:-1])


def test_saves_of_one_game_at_one_move_are_told_apart_by_their_files(private_dirs):
    # (a play-test: two lines "King Albert, deal 7, 0 moves" in Load game)
    desktop = make()
    saves = desktop.session.saves_dir()
    saves.mkdir(parents=True)
    # (and a long file name cut with "...", as a cut field shows: "an_extremely_lo." ended in one dot)
    for name in ("first.json", "second.json", "an_extremely_long_name_of_a_file.json"):
        write_game(Game(KingAlbert(), 7), saves / name)
    write_game(Game(KingAlbert(), 8), saves / "third.json")
    texts = load_menu_texts(desktop)
    assert texts == ["King Albert, deal 7, 0 moves (an_extremely_...)", "King Albert, deal 7, 0 moves (first)",
                     "King Albert, deal 7, 0 moves (second)", "King Albert, deal 8, 0 moves"]


def test_saves_of_two_formats_games_of_one_name_say_their_format(private_dirs):
    # (a play-test: SolKit's FreeCell and YaZZle's were two "FreeCell" lines alike)
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.loaders import load
    desktop = make()
    saves = desktop.session.saves_dir()
    saves.mkdir(parents=True)
    sol = next(path for path in bundled_games()["sol"] if path.stem == "freecell")
    ini = next(path for path in bundled_games()["ini"] if path.parent.name == "FreeCell")
    write_game(Game(load(str(sol)), 4), saves / "a.json")
    write_game(Game(load(str(ini)), 5), saves / "b.json")
    write_game(Game(KingAlbert(), 6), saves / "c.json")
    texts = load_menu_texts(desktop)
    assert texts == ["FreeCell (SolKit), deal 4, 0 moves", "FreeCell (YaZZle), deal 5, 0 moves",
                     "King Albert, deal 6, 0 moves"]


def test_a_game_saved_in_the_saves_folder_is_named_by_its_file_alone(private_dirs):
    """The saves folder's path (~/.local/share/kingalbert/saves/...) made the message wrap
    onto a third line over the top cards of every column; Load game lists that folder."""
    desktop = make()
    desktop.session.save_game(desktop.session.default_save_path())
    assert desktop.game.message == "Game saved as king-albert-1.json"
    assert (desktop.session.saves_dir() / "king-albert-1.json").exists()


def test_a_game_saved_by_a_name_alone_or_without_json_is_one_load_game_lists(private_dirs):
    # (a play-test: "mygame" in the saves folder was saved and never listed; "rel.json" alone
    # went to the folder the program was started in)
    from kingalbert.app.saves import saved_games
    desktop = make()
    saves = desktop.session.saves_dir()
    desktop.session.save_game(str(saves / "mygame"))
    assert desktop.game.message == "Game saved as mygame.json"
    desktop.session.save_game("rel.json")
    assert desktop.game.message == "Game saved as rel.json"
    assert sorted(game.path.name for game in saved_games(saves)) == ["mygame.json", "rel.json"]


def test_a_save_name_that_names_a_folder_is_refused(private_dirs, tmp_path, monkeypatch):
    # (a play-test: "name/" wrote a file "name" in the folder the program was started in)
    monkeypatch.chdir(tmp_path)
    desktop = make()
    for name in ("name/", "..", "."):
        with pytest.raises(OSError, match="folder's name"):
            desktop.session.save_game(name)
    assert not (tmp_path / "name").exists() and not list(desktop.session.saves_dir().glob("*"))


def test_return_on_the_load_folder_says_to_choose_a_game():
    desktop = make()
    saves = desktop.session.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    position = desktop.game.to_position()
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    hover(desktop, 0, index_of(desktop.menus.menus[0], "Load game"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    desktop.pump()
    assert desktop.error is None and desktop.game.to_position() == position
    assert desktop.game.message.startswith("saves is a folder: choose a saved game")


# -- the wheel, the window's icon, no display ----------------------------------------------------------
def test_the_wheel_scrolls_a_scrollable_work_area():
    desktop = make()
    window = desktop.window
    window.resize(200, 150)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    desktop.pump()
    assert window.scroll_y == 64
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    desktop.pump()
    assert window.scroll_y == 32
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False))
    desktop.pump()
    assert window.scroll_x == 32


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux names a display")
def test_without_a_display_the_program_says_so_and_stops():
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "kingalbert", "--seed", "1"], env=env, capture_output=True,
                            text=True, timeout=30)
    elapsed = time.monotonic() - start
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("kingalbert: no display: set DISPLAY") and "kingalbert shot" in result.stderr
    assert elapsed < 5, f"took {elapsed:.1f} s"   # (a second or so; generous for a busy machine)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux names a display")
def test_a_display_named_that_does_not_answer_is_said_and_nothing_is_claimed(tmp_path):
    # (a play-test: with DISPLAY naming no running X server SDL fell back to its offscreen
    # driver and the program ran invisibly for ever, holding the autosave, so that the next
    # window dealt anew)
    number = next(n for n in range(300, 400) if not os.path.exists(f"/tmp/.X11-unix/X{n}"))
    env = {key: value for key, value in os.environ.items() if key not in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(DISPLAY=f":{number}", KINGALBERT_DATA_DIR=str(tmp_path / "data"),
               KINGALBERT_CONFIG_DIR=str(tmp_path / "config"))
    result = subprocess.run([sys.executable, "-m", "kingalbert", "--seed", "1"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 1 and result.stdout == ""
    assert f"kingalbert: no display answers (DISPLAY=:{number}: is its server running?)" in result.stderr
    assert not (tmp_path / "data").exists(), "no autosave claimed, nothing written"


def test_a_scale_larger_than_the_screen_takes_is_cut_to_the_largest_that_fits(capsys):
    """--scale 3 on a screen of 1,400 × 1,050 put the window's title bar and the icon bar
    (its menu holds Quit) off the screen; the dummy screen here is 1,024 × 768."""
    desktop = make()
    try:
        desktop.open_display(scale=3)
        assert desktop.display.scale == 1 and "--scale 3 is larger than" in capsys.readouterr().err
        desktop.open_display(scale=1)
        assert desktop.display.scale == 1 and capsys.readouterr().err == ""
    finally:
        pygame.display.quit()


def test_a_writable_field_cut_at_its_start_shows_three_dots_there(monkeypatch):
    # (a play-test: Save as showed "/data/saves/king-albert-3.json", the tail of a longer path,
    # which read as an absolute path of its own)
    from kingalbert.desktop import menu as menu_module
    from kingalbert.desktop.menu import Menu, MenuItem, field_text
    assert field_text("short.json", 30) == "short.json"
    assert field_text("me/.local/share/kingalbert/saves/game.json", 20) == "...t/saves/game.json"
    assert len(field_text("x" * 50, 20)) == 20 and field_text("abcdef", 3) == "def"
    drawn: list[str] = []
    plain_draw = menu_module.font.draw_text

    def draw_text(screen, x, y, text, colour):
        drawn.append(text)
        return plain_draw(screen, x, y, text, colour)
    monkeypatch.setattr(menu_module.font, "draw_text", draw_text)
    path = "somebody/.local/share/kingalbert/saves/king-albert-3.json"
    menu = Menu("Save as", [MenuItem(path, writable=True)], 10, 30)
    screen = pygame.Surface((640, 480))
    tick = arrow = pygame.Surface((8, 8))
    menu.draw(screen, tick, arrow, None)
    shown = [text for text in drawn if text.endswith("king-albert-3.json")]
    assert shown and shown[0].startswith("...") and path.endswith(shown[0][3:]) and shown[0] != path


def test_load_game_finds_a_name_alone_in_the_saves_folder_as_save_game_put_it(private_dirs):
    # (a play-test: Save game put "mysave1" in the saves folder, and Load game's field said
    # "mysave1: no such file")
    desktop = make()
    desktop.game.play("r4>t4")
    desktop.session.save_game("mysave1")
    saved = desktop.game.to_position()
    desktop.new_game(99)
    desktop.load_game("mysave1")
    assert desktop.error is None and desktop.game.to_position() == saved
    assert desktop.game.message == "Game loaded from mysave1.json: 1 move"
    desktop.new_game(98)
    desktop.load_game("mysave1.json")
    assert desktop.error is None and desktop.game.to_position() == saved
    desktop.load_game("nothing-of-that-name")
    assert desktop.error is not None and "nothing-of-that-name" in " ".join(desktop.error.lines)


def test_a_game_saved_under_a_long_path_is_named_by_its_end(private_dirs, tmp_path):
    # (a play-test: the whole path made a message of three lines, over the top row of cards)
    from kingalbert.app.session import PATH_SHOWN
    desktop = make()
    folder = tmp_path / "a-folder-with-a-rather-long-name" / "and-another-one-inside-it"
    folder.mkdir(parents=True)
    desktop.session.save_game(str(folder / "mine.json"))
    shown = desktop.game.message.removeprefix("Game saved as ")
    assert shown.startswith("...") and len(shown) == PATH_SHOWN and str(folder / "mine.json").endswith(shown[3:])
    assert (folder / "mine.json").exists()
    # (in King Albert's message space one line, the Winnable? indicator's the next)
    desktop.board.indicator = "Winnable"
    assert [left for left, _ in desktop.board.message_lines(desktop.game.message)] == [desktop.game.message, "Winnable"]
    near = tmp_path / "m.json"
    if len(str(near)) <= PATH_SHOWN:
        desktop.session.save_game(str(near))
        assert desktop.game.message == f"Game saved as {near}"

