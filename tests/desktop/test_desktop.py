"""The real desktop driven headlessly with posted mouse events (SDL_VIDEODRIVER=dummy)."""
import io

import pygame
import pytest
from PIL import Image

from kingalbert.app.commands import DEAL_NUMBER, WINNABLE_DEALS
from kingalbert.app.options import load_options
from kingalbert.app.session import path_end
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.geometry import SCREEN_W
from kingalbert.desktop.input import ADJUST, MENU, SELECT
from kingalbert.desktop.menus import statistics_box
from kingalbert.desktop.shot import screen_image
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.sprites.palette import WIMP_RGB
from tests.helpers.data import needs_shared, shared
from tests.helpers.desktop import drag, top_card


def make(position=None, seed=1, **options):
    options = {"auto_finish": False, "auto_stack": False, **options}
    if position is None:
        game = Game(KingAlbert(), seed, options)
    else:
        game = Game.from_position(KingAlbert(), {"piles": [{"name": k, "cards": v.split()} for k, v in position.items()]}, options)
    desktop = Desktop(game)
    desktop.open_display(scale=1)
    desktop.pump()
    OPENED.append(desktop)
    return desktop


OPENED = []


@pytest.fixture(autouse=True)
def quit_display():
    yield
    while OPENED:
        worker = OPENED.pop().session.worker
        if worker is not None:
            worker.stop()
    pygame.display.quit()


def post(kind, pos, button=None):
    attrs = {"pos": pos}
    if button is not None:
        attrs["button"] = button
    else:
        attrs.update(rel=(0, 0), buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(kind, attrs))


def click(desktop, pos, button=SELECT):
    post(pygame.MOUSEBUTTONDOWN, pos, button)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, pos, button)
    desktop.pump()


def test_drag_moves_a_card():
    desktop = make()
    drag(desktop, top_card(desktop, "r4"), top_card(desktop, "t4"))
    assert [str(m) for m in desktop.game.history] == ["r4>t4"]
    assert str(desktop.game.pile("t4").top) == "3H"


def test_refused_drag_snaps_back_with_a_message():
    desktop = make()
    drag(desktop, top_card(desktop, "t1"), top_card(desktop, "t5"))
    assert desktop.game.history == []
    assert str(desktop.game.pile("t1").top) == "9S"
    assert desktop.game.message == "The Nine of Spades can only go on a red Ten"
    assert desktop.drag is None


def test_drop_on_the_panel_under_a_stack():
    desktop = make()
    view = desktop.board.views["t4"]
    panel = desktop.window.to_screen(view.x + 10, view.reach - 10)
    assert desktop.board.card_at(desktop.window.to_work(panel)) == ("t4", 0)
    drag(desktop, top_card(desktop, "r4"), panel)
    assert [str(m) for m in desktop.game.history] == ["r4>t4"]


def test_adjust_click_sends_a_card_to_its_suit_stack():
    desktop = make()
    click(desktop, top_card(desktop, "t5"), ADJUST)
    assert [str(c) for c in desktop.game.pile("f1").cards] == ["AH"]
    click(desktop, top_card(desktop, "t1"), ADJUST)
    assert "Spades suit stack must start with its Ace" in desktop.game.message


def test_menu_opens_at_the_pointer_and_select_chooses():
    desktop = make()
    desktop.game.play("r4>t4")
    pos = desktop.window.to_screen(200, 10)
    click(desktop, pos, MENU)
    assert len(desktop.menus.menus) == 1
    menu = desktop.menus.menus[0]
    assert menu.title == "King Albert" and menu.x == pos[0] - 32 and menu.y == pos[1]
    texts = [item.text for item in menu.items]
    assert texts[:5] == ["Info", "New game", "Restart", "Undo", "Redo"] and texts[-1] == "Quit"
    assert next(i for i in menu.items if i.text == "Redo").shaded
    undo = texts.index("Undo")
    click(desktop, (menu.x + 20, menu.row_tops()[undo] + 5))
    assert desktop.menus.menus == [] and desktop.game.history == []


def test_undo_is_shaded_at_the_start_and_click_outside_closes():
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 100), MENU)
    menu = desktop.menus.menus[0]
    undo = next(i for i, item in enumerate(menu.items) if item.text == "Undo")
    assert menu.items[undo].shaded
    click(desktop, (menu.x + 20, menu.row_tops()[undo] + 5))
    assert desktop.menus.menus  # a shaded item does nothing
    click(desktop, (5, 5))
    assert desktop.menus.menus == []


def test_adjust_toggles_auto_stack_and_keeps_the_menu_open():
    desktop = make()
    click(desktop, desktop.window.to_screen(150, 100), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == "Auto stack")
    assert not menu.items[index].ticked
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5), ADJUST)
    assert desktop.game.options["auto_stack"] is True
    assert desktop.menus.menus and desktop.menus.menus[0].items[index].ticked
    assert (desktop.menus.menus[0].x, desktop.menus.menus[0].y) == (menu.x, menu.y)


def test_save_options_writes_the_file(private_dirs):
    desktop = make()
    click(desktop, desktop.window.to_screen(150, 100), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == "Auto stack")
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5), ADJUST)
    save = next(i for i, item in enumerate(menu.items) if item.text == "Save options")
    click(desktop, (menu.x + 20, desktop.menus.menus[0].row_tops()[save] + 5))
    assert desktop.game.message == "Options saved"
    saved = load_options()
    assert saved.problem is None and saved.values["auto_finish"] is False and saved.values["auto_stack"] is True


def test_save_options_keeps_the_winnable_indicator_as_the_menu_set_it(private_dirs):
    # as the program starts a game: with every saved option
    desktop = Desktop(Game(KingAlbert(), 1, load_options().values), thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    for text in ("Winnable?", "Save options"):
        click(desktop, desktop.window.to_screen(150, 100), MENU)
        menu = desktop.menus.menus[0]
        index = next(i for i, item in enumerate(menu.items) if item.text == text)
        click(desktop, (menu.x + 20, menu.row_tops()[index] + 5))
    assert desktop.game.message == "Options saved"
    assert load_options().values["indicator"] is False


def test_submenu_opens_over_the_arrow():
    desktop = make()
    click(desktop, desktop.window.to_screen(150, 100), MENU)
    menu = desktop.menus.menus[0]
    post(pygame.MOUSEMOTION, (menu.x + menu.width - 4, menu.row_tops()[0] + 8))
    desktop.pump()
    assert len(desktop.menus.menus) == 2 and desktop.menus.menus[1].title == "About this program"


def test_icon_bar_menu_and_reopening_a_closed_window():
    desktop = make()
    close = desktop.window.tool_rects()["close"].center
    click(desktop, close)
    assert not desktop.window.is_open
    click(desktop, desktop.icon_rect.center)
    assert desktop.window.is_open
    click(desktop, desktop.icon_rect.center, MENU)
    assert [item.text for item in desktop.menus.menus[0].items] == ["Info", "Quit"]
    assert desktop.menus.menus[0].rect.bottom == 480 - 48 + 1
    click(desktop, (desktop.menus.menus[0].x + 10, desktop.menus.menus[0].row_tops()[1] + 5))
    assert desktop.running is False


def test_window_drag_by_the_title_bar():
    desktop = make()
    x, y = desktop.window.x, desktop.window.y
    title = desktop.window.tool_rects()["title"].center
    drag(desktop, title, (title[0] - 30, title[1] + 12))
    assert (desktop.window.x, desktop.window.y) == (x - 30, y + 12)


def test_toggle_resize_and_scroll():
    desktop = make()
    window = desktop.window
    window.resize(200, 150)
    desktop.pump()
    assert window.has_bars
    down = window.tool_rects()["down"].center
    click(desktop, down)
    assert window.scroll_y == 16
    click(desktop, down, ADJUST)
    assert window.scroll_y == 0
    size = window.tool_rects()["size"].center
    drag(desktop, size, (size[0] + 40, size[1] + 20))
    assert (window.w, window.h) == (240, 170)
    click(desktop, window.tool_rects()["toggle"].center)
    assert (window.w, window.h) == (window.extent_w, window.extent_h) and not window.has_bars
    click(desktop, window.tool_rects()["toggle"].center)
    assert (window.w, window.h) == (240, 170)


def test_a_window_dragged_off_the_right_edge_keeps_title_bar_to_drag_it_back():
    desktop = make()
    window = desktop.window
    title = window.tool_rects()["title"]
    grab = (title.x + 60, title.centery)
    drag(desktop, grab, (SCREEN_W + 400, grab[1]))
    rects = window.tool_rects()
    # past the back and close icons some title bar is left on the screen, and it drags
    kept = rects["close"].right
    assert kept < SCREEN_W - 30
    assert window.part_at((kept + 10, title.centery)) == "title"
    drag(desktop, (kept + 10, title.centery), (kept - 200, title.centery))
    assert window.x < SCREEN_W - 250
    drag(desktop, window.tool_rects()["title"].center, (-400, title.centery))   # and at the left
    rects = window.tool_rects()
    assert rects["toggle"].x > 30 and window.part_at((rects["toggle"].x - 10, title.centery)) == "title"


#: one move (t7 to t8) from every playing stack in order: auto finish then flies the rest up
SORTED_BUT_ONE = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H", "f2": "AC 2C 3C 4C 5C 6C 7C 8C",
                  "t1": "9C", "t2": "TH", "t3": "TC", "t4": "QH JH", "t5": "KH", "t6": "JC",
                  "t7": "QC KC", "r2": "AD", "r5": "2D"}


def test_auto_finish_animates_and_a_click_finishes_it():
    desktop = make(SORTED_BUT_ONE, auto_finish=True)
    drag(desktop, top_card(desktop, "t7"), top_card(desktop, "t8"))
    assert desktop.game.status == "won"
    assert desktop.animation is not None and desktop.animation.message == "Stacking..."
    click(desktop, (300, 200))
    assert desktop.animation is None and desktop.game.message == KingAlbert.won_message


def test_a_press_during_an_animation_finishes_it_and_still_counts():
    desktop = make(SORTED_BUT_ONE, auto_finish=True)
    drag(desktop, top_card(desktop, "t7"), top_card(desktop, "t8"))
    assert desktop.animation is not None
    post(pygame.MOUSEBUTTONDOWN, desktop.window.to_screen(150, 10), MENU)
    desktop.pump()
    assert desktop.animation is None and desktop.menus.menus, "the MENU press opened the menu too"


def test_idle_desktop_blocks_mouse_motion():
    desktop = make()
    assert pygame.event.get_blocked(pygame.MOUSEMOTION)
    post(pygame.MOUSEBUTTONDOWN, top_card(desktop, "r4"), SELECT)
    desktop.pump()
    assert not pygame.event.get_blocked(pygame.MOUSEMOTION)
    post(pygame.MOUSEBUTTONUP, top_card(desktop, "r4"), SELECT)
    desktop.pump()
    assert pygame.event.get_blocked(pygame.MOUSEMOTION)


def test_keyboard_shortcuts():
    desktop = make()
    desktop.game.play("r4>t4")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a"))
    desktop.pump()
    assert desktop.game.history == []
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_LCTRL, unicode="\x19"))
    desktop.pump()
    assert len(desktop.game.history) == 1


def _pixels(image):
    return image.convert("RGB").tobytes()


def test_rendering_uses_only_wimp_colours_and_is_repeatable():
    one = screen_image(Desktop(Game(KingAlbert(), 7), thinking=False))
    colours = {rgb for _, rgb in one.convert("RGB").getcolors(1 << 16)}
    assert colours <= set(WIMP_RGB) and len(colours) >= 5
    again = screen_image(Desktop(Game(KingAlbert(), 7), thinking=False))
    assert _pixels(one) == _pixels(again)
    other = screen_image(Desktop(Game(KingAlbert(), 8), thinking=False))
    assert _pixels(one) != _pixels(other)


def test_scale_two_doubles_every_pixel():
    desktop = Desktop(Game(KingAlbert(), 3), thinking=False)
    one = screen_image(desktop, 1)
    two = screen_image(desktop, 2)
    assert two.size == (1280, 960)
    assert _pixels(one.resize((1280, 960), Image.NEAREST)) == _pixels(two)


def test_shot_command_writes_the_png(tmp_path):
    from kingalbert.cli import main
    out = tmp_path / "shot.png"
    assert main(["shot", "--seed", "1", "--scale", "2", "-o", str(out)]) == 0
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.size == (1280, 960)
    assert _pixels(image) == _pixels(screen_image(Desktop(Game(KingAlbert(), 1), thinking=False), 2))


CORPUS_SOL = shared("solkit/annotated.sol")


def test_a_bad_dropped_file_opens_an_error_box_and_keeps_the_game(tmp_path):
    desktop = make()
    desktop.game.play("r4>t4")
    before = desktop.game.to_position()
    bad = tmp_path / "broken.sol"
    bad.write_bytes(b"\x00\x01binary")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    desktop.pump()
    assert desktop.error is not None and desktop.error.title == "Error from King Albert"
    assert any("broken.sol" in line for line in desktop.error.lines)
    assert desktop.game.to_position() == before
    click(desktop, top_card(desktop, "t5"), ADJUST)  # the box is modal
    assert desktop.game.to_position() == before
    click(desktop, desktop.error.ok_rect.center)
    assert desktop.error is None


def test_files_dropped_together_wait_for_the_error_box_before_them(tmp_path):
    """A play-test: of two files dropped at once, the first one's error box stood over the
    game the second had loaded behind it.  The box is modal: the next file opens once it is
    closed (by the mouse or the keyboard), and a second bad file gets its own box."""
    from kingalbert.app.catalogue import bundled_games
    desktop = make()
    before = desktop.game.to_position()
    bad, worse = tmp_path / "broken.sol", tmp_path / "worse.sol"
    bad.write_bytes(b"\x00\x01binary")
    worse.write_bytes(b"\x00\x02binary")
    good = next(path for path in bundled_games()["pat"] if path.stem == "Spider")
    for path in (bad, worse, good):
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    desktop.pump()
    assert any("broken.sol" in line for line in desktop.error.lines)
    assert desktop.game.to_position() == before, "the rest wait for the box"
    click(desktop, desktop.error.ok_rect.center)
    assert any("worse.sol" in line for line in desktop.error.lines)
    assert desktop.game.to_position() == before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    desktop.pump()
    assert desktop.error is None and desktop.game.name == "Spider"


@needs_shared("solkit/annotated.sol")
def test_a_dropped_rule_file_loads():
    desktop = make()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(CORPUS_SOL)))
    desktop.pump()
    assert desktop.error is None
    assert desktop.game.ruleset.source == str(CORPUS_SOL) and desktop.window.title == desktop.game.name


@needs_shared("solkit/annotated.sol")
def test_a_rule_file_dropped_while_the_menu_is_open_gets_its_own_menu():
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    assert desktop.menus.menus[0].title == "King Albert"
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(CORPUS_SOL)))
    desktop.pump()
    menu = desktop.menus.menus[0]
    assert menu.title == desktop.game.name != "King Albert"
    save = next(item for item in menu.items if item.text == "Save game").submenu
    assert save.items[0].text == desktop.session.default_save_path()     # not King Albert's name


def test_games_menu_lists_king_albert_first_and_opens_it():
    desktop = make()
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    menu = desktop.menus.menus[0]
    games = next(i for i, item in enumerate(menu.items) if item.text == "Games")
    post(pygame.MOUSEMOTION, (menu.x + menu.width - 4, menu.row_tops()[games] + 8))
    desktop.pump()
    sub = desktop.menus.menus[1]
    assert sub.title == "Games" and sub.items[0].text == "King Albert" and sub.items[0].ticked
    desktop.game.play("r4>t4")
    click(desktop, (sub.x + 20, sub.row_tops()[0] + 5))
    assert desktop.menus.menus == [] and desktop.game.history == [] and desktop.game.name == "King Albert"


def test_every_move_is_autosaved_and_comes_back():
    from kingalbert.app.saves import load_autosave
    desktop = make()
    drag(desktop, top_card(desktop, "r4"), top_card(desktop, "t4"))
    click(desktop, top_card(desktop, "t5"), ADJUST)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode=""))
    desktop.pump()
    back, problem = load_autosave()
    assert problem is None
    assert back.to_position() == desktop.game.to_position() and back.history == desktop.game.history
    assert back.redo() == desktop.game.redo()
    assert back.to_position() == desktop.game.to_position()


def test_statistics_count_played_and_won():
    from kingalbert.app.stats import Statistics
    position = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "t1": "QH", "t2": "KH"}
    desktop = make(position)
    assert desktop.statistics.get("builtin:king-albert") == (0, 0)
    drag(desktop, top_card(desktop, "t1"), top_card(desktop, "t3"))
    assert desktop.statistics.get("builtin:king-albert") == (1, 0)
    click(desktop, top_card(desktop, "t3"), ADJUST)
    assert desktop.statistics.get("builtin:king-albert") == (1, 0)
    click(desktop, top_card(desktop, "t2"), ADJUST)
    assert desktop.game.status == "won"
    assert desktop.statistics.get("builtin:king-albert") == (1, 1)
    desktop.undo()
    desktop.redo()  # the same game is not counted twice
    assert Statistics().get("builtin:king-albert") == (1, 1)
    box = statistics_box(desktop.session)
    assert box.title == "Statistics" and ("Winning", "100%") in box.fields


def test_a_loaded_saved_game_counts_as_played_before_its_win_counts(tmp_path):
    # (a play-test: a saved game loaded and won counted a win and no game played; loading it
    # again and winning again made "Played 1, Won 2, Winning 200%")
    from kingalbert.app.saves import write_game
    from kingalbert.app.stats import Statistics
    position = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "t1": "QH", "t2": "KH"}
    desktop = make(position)
    click(desktop, top_card(desktop, "t1"), ADJUST)
    write_game(desktop.game, tmp_path / "near.json")
    assert Statistics().get("builtin:king-albert") == (1, 0)
    for loads in (1, 2):
        desktop.load_game(str(tmp_path / "near.json"))
        assert desktop.error is None and desktop.game.status == "playing"
        assert Statistics().get("builtin:king-albert") == (loads, loads - 1)     # loading plays nothing
        click(desktop, top_card(desktop, "t2"), ADJUST)
        assert desktop.game.status == "won"
        assert Statistics().get("builtin:king-albert") == (loads + 1, loads)
    # a saved game cut short is said to be one, with its line and the reason
    text = (tmp_path / "near.json").read_text()
    (tmp_path / "cut.json").write_text(text[:len(text) // 2])
    desktop.load_game(str(tmp_path / "cut.json"))
    assert desktop.error is not None and desktop.game.status == "won"
    said = " ".join(desktop.error.lines)
    assert "cut.json:" in said and "saved game (" in said


def test_statistics_count_a_rule_file_from_outside_the_bundled_set(tmp_path):
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.app.stats import Statistics, game_key
    mine = tmp_path / "my_klondike.sol"
    mine.write_bytes(next(p for p in bundled_games()["sol"] if p.name == "klondike.sol").read_bytes())
    desktop = make()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(mine)))
    desktop.pump()
    assert desktop.game.ruleset.source == str(mine)
    key = game_key(desktop.game.ruleset)
    assert desktop.statistics.get(key) == (0, 0)
    move = next(m for m in desktop.game.legal_moves)
    desktop.play(move)
    assert Statistics().get(key) == (1, 0) and Statistics().get("builtin:king-albert") == (0, 0)
    assert ("Played", "1") in statistics_box(desktop.session).fields


def test_save_game_through_a_writable_menu_item_and_load_it_by_dropping(tmp_path):
    desktop = make()
    desktop.game.play("r4>t4")
    click(desktop, desktop.window.to_screen(100, 40), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == "Save game")
    post(pygame.MOUSEMOTION, (menu.x + menu.width - 4, menu.row_tops()[index] + 8))
    desktop.pump()
    writable = desktop.menus.menus[1].items[0]
    assert writable.writable and writable.text.endswith(".json")
    target = tmp_path / "mine.json"
    for _ in range(len(writable.text)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    for ch in str(target):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    desktop.pump()
    assert desktop.menus.menus == [] and target.exists() and desktop.game.message == f"Game saved as {path_end(target)}"
    saved = desktop.game.to_position()
    desktop.new_game(99)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(target)))
    desktop.pump()
    assert desktop.error is None and desktop.game.to_position() == saved
    assert [str(m) for m in desktop.game.history] == ["r4>t4"]
    # (a load that works says so: where from, and how far the game had got)
    assert desktop.game.message == "Game loaded from mine.json: 1 move"


def test_dragging_a_buried_card_says_why_not():
    desktop = make()
    view = desktop.board.views["t1"]
    buried = desktop.window.to_screen(view.x + 6, view.y + 3)
    drag(desktop, buried, top_card(desktop, "t9"))
    assert desktop.game.history == [] and desktop.game.message == "You can only move one card at a time"


def wait_for_thought(desktop, seconds=30):
    import time
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        desktop.pump()
        if desktop.board.indicator != "Thinking...":
            return
        time.sleep(0.05)


NEAR_WIN = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "t1": "QH", "t2": "KH", "r1": "AC"}


def test_the_indicator_thinks_in_another_process_and_answers():
    desktop = make(NEAR_WIN)
    wait_for_thought(desktop)
    assert desktop.board.indicator == "Winnable" and desktop.solution
    drag(desktop, top_card(desktop, "t1"), top_card(desktop, "t3"))
    # the event loop is not held up: the move is on screen while the solver starts again
    assert desktop.board.indicator == "Thinking..." and desktop.game.history
    wait_for_thought(desktop)
    assert desktop.board.indicator == "Winnable"
    desktop.game.message = ""


def test_the_indicator_proves_a_dead_position():
    dead = {f"t{i + 1}": cards for i, cards in enumerate(
        ["KH 9C", "KD 9S", "QH 8C", "QD 8S", "JH 7C", "JD 7S", "TH 6C", "TD 6S", "9H 5C"])}
    dead["r1"] = "8H"  # moves to play, but no ace to start a suit stack
    desktop = make(dead)
    wait_for_thought(desktop)
    assert desktop.board.indicator == "Not winnable from here"


def test_hint_highlights_the_move_and_demo_plays_to_the_win():
    desktop = make(NEAR_WIN)
    wait_for_thought(desktop)
    click(desktop, desktop.window.to_screen(150, 10), MENU)
    menu = desktop.menus.menus[0]
    index = next(i for i, item in enumerate(menu.items) if item.text == "Hint")
    click(desktop, (menu.x + 20, menu.row_tops()[index] + 5))
    first = desktop.game.resolve(desktop.solution[0])
    card = desktop.game.pile(first.src).cards[-1]
    assert desktop.game.message.startswith(f"Hint: {card.name}") and desktop.board.hint == ((first.src, 1), first.dst)
    desktop.start_demo()
    import time
    deadline = time.monotonic() + 20
    while desktop.game.status != "won" and time.monotonic() < deadline:
        desktop.pump()
        time.sleep(0.02)
    assert desktop.game.status == "won"


def test_a_click_stops_the_demo():
    desktop = make(NEAR_WIN)
    wait_for_thought(desktop)
    desktop.start_demo()
    assert desktop.demo
    click(desktop, (300, 200))
    assert desktop.demo is None and desktop.game.history == [] and desktop.game.message == "Demo stopped"


def test_any_key_stops_the_demo_but_a_modifier_alone():
    # (a play-test: "x", a key that plays nothing, neither stopped Demo nor called it off)
    desktop = make(NEAR_WIN)
    wait_for_thought(desktop)
    desktop.start_demo()
    assert desktop.demo
    for key in (pygame.K_LSHIFT, pygame.K_LCTRL):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        desktop.pump()
        assert desktop.demo
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    desktop.pump()
    assert desktop.demo is None and desktop.game.history == [] and desktop.game.message == "Demo stopped"


def test_undo_redo_restart_a_mode_or_the_keyboard_menu_stop_the_demo():
    # (a play-test: Ctrl-Z during Demo took a move back and Demo went on with its line from
    # there, ending on a refused move; F10 opened the menu with Demo playing behind it)
    from kingalbert.app.commands import REDO, RESTART, UNDO
    from kingalbert.desktop.menus import MENU as MENU_COMMAND
    for command in (UNDO, REDO, RESTART, MENU_COMMAND):
        desktop = make(NEAR_WIN)
        wait_for_thought(desktop)
        desktop.game.play(desktop.solution[0])
        desktop.session.changed()
        wait_for_thought(desktop)
        if command is REDO:
            desktop.game.undo()
        desktop.start_demo()
        assert desktop.demo
        desktop.choose(command)
        assert desktop.demo is None, command.name
        desktop.close_menus()
        desktop.pump()
        assert "can" not in desktop.game.message and desktop.error is None
    desktop = make(NEAR_WIN)
    desktop.session.demo = ["t1>f1"]
    desktop.session.set_option("auto_stack", True)      # only plays moves: Demo goes on
    assert desktop.demo == ["t1>f1"]


def test_undo_by_key_while_a_card_is_dragged_lets_the_card_go(monkeypatch):
    # (a play-test: Ctrl-Z during a drag, then the release played the drag on the position
    # the undo left, moving another card, and the undone move could not be redone)
    from kingalbert.app.commands import UNDO
    from tests.helpers.desktop import post
    desktop = make(seed=1)
    game = desktop.game
    move = next(m for m in game.legal_moves if m.kind == "drag" and m.dst.startswith("t"))
    desktop.play(move)
    desktop.finish_animation()
    start, end = top_card(desktop, move.dst), top_card(desktop, move.src)
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
    desktop.pump()
    assert desktop.drag is not None
    desktop.keyboard.mark = (move.dst, 1)
    desktop.choose(UNDO)
    assert desktop.drag is None and desktop.keyboard.mark is None
    post(pygame.MOUSEMOTION, end)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, end, SELECT)
    desktop.pump()
    assert game.history == [] and game.redo() is not None and desktop.error is None


def test_typed_deal_number_starts_that_deal():
    desktop = make()
    desktop.choose(DEAL_NUMBER, "1234")
    assert desktop.game.seed == 1234 and desktop.game.to_position() == Game(KingAlbert(), 1234).to_position()
    desktop.choose(DEAL_NUMBER, "12x")
    assert desktop.game.seed == 1234 and "whole number" in desktop.game.message
    # one past the last deal: said in the message space, not an error box of the unforeseen
    desktop.choose(DEAL_NUMBER, str(2**64))
    assert desktop.error is None and desktop.game.seed == 1234
    assert desktop.game.message == f"A deal number is at most {2**64 - 1}"
    # (a play-test: "4²" passed str.isdigit and int() refused it: the box of the unforeseen)
    desktop.choose(DEAL_NUMBER, "4\u00b2")
    assert desktop.error is None and desktop.game.seed == 1234 and "whole number" in desktop.game.message
    desktop.choose(DEAL_NUMBER, str(2**64 - 1))
    assert desktop.game.seed == 2**64 - 1


def test_only_winnable_deals_picks_a_proved_winnable_seed():
    from kingalbert.engine.solver import solve
    desktop = make()
    desktop.choose(WINNABLE_DEALS)
    desktop.new_game()
    assert desktop.game.message == "Looking for a winnable deal..."
    import time
    old = desktop.game
    deadline = time.monotonic() + 120
    while desktop.game is old and time.monotonic() < deadline:
        desktop.pump()
        time.sleep(0.05)
    assert desktop.game is not old
    assert solve(Game(KingAlbert(), desktop.game.seed), timeout=5).verdict == "winnable"


def test_auto_finish_animation_runs_to_the_end_by_itself():
    import time
    position = {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H", "t1": "KH", "t2": "QH JH TH"}
    desktop = make(position, auto_finish=False)
    desktop.game.set_option("auto_finish", True)
    drag(desktop, top_card(desktop, "t2"), top_card(desktop, "t3"))
    assert desktop.animation is not None
    seen = []
    deadline = time.monotonic() + 5
    while desktop.animation is not None and time.monotonic() < deadline:
        seen.append(desktop.animation.index)
        desktop.pump()
        time.sleep(0.01)
    assert desktop.animation is None and len(set(seen)) > 1
    assert desktop.game.message == KingAlbert.won_message


def test_sideways_and_hidden_piles():
    from dataclasses import replace

    class Sideways(KingAlbert):
        def layout(self, game, *size):
            layout = super().layout(game, *size)
            piles = [replace(view, horizontal=True, dy=0) if view.name == "r1" else
                     replace(view, hidden=True) if view.name == "t9" else view for view in layout.piles]
            return replace(layout, piles=piles)

    game = Game(Sideways(), 1, {"auto_finish": False, "auto_stack": False})
    desktop = Desktop(game, autosave=False, thinking=False)
    desktop.open_display(scale=1)
    desktop.pump()
    board = desktop.board
    lying = board.card_rect(board.views["r1"], 0)
    assert (lying.w, lying.h) == (board.layout.card_h, board.layout.card_w)
    assert board.card_at((lying.x + 3, lying.y + 3)) == ("r1", 1)
    work = board.draw()
    upright = board.sprite(game.pile("r1").cards[0])
    turned = pygame.transform.rotate(upright, 90)
    # the playing stacks' panels lie over its right end, the next reserve card over its bottom
    clear_w = min(lying.w, board.views["t1"].x - 1 - lying.x)
    clear_h = min(lying.h, board.views["r2"].y - lying.y)
    assert clear_w > 30 and clear_h > 8
    key = turned.get_colorkey()  # the rounded corners show what lies below
    assert all(work.get_at((lying.x + x, lying.y + y)) == turned.get_at((x, y))
               for x in range(clear_w) for y in range(clear_h) if turned.get_at((x, y)) != key)
    hidden = board.card_rect(board.views["t9"], 0)
    background = work.get_at((hidden.centerx, hidden.bottom + 20))  # its panel, below where a card would be
    assert all(work.get_at((hidden.x + x, hidden.y + y)) == background for x in range(0, hidden.w, 4) for y in range(0, hidden.h, 4))


def test_statistics_written_before_built_in_games_had_ids_still_count(private_dirs):
    import json

    from kingalbert.app.stats import Statistics, stats_path
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"King Albert": {"name": "King Albert", "played": 5, "won": 2}}))
    assert Statistics().get("builtin:king-albert") == (5, 2)


def test_a_quick_flick_with_no_movement_seen_still_drags():
    """Press on a card and release over another pile with no movement event between (a
    quick flick: its movement came in with the press, before movement was asked for, as
    xdotool's fast drags in a real X server show): the card goes there, not a click."""
    desktop = make()
    post(pygame.MOUSEBUTTONDOWN, top_card(desktop, "r4"), SELECT)
    post(pygame.MOUSEBUTTONUP, top_card(desktop, "t4"), SELECT)
    desktop.pump()
    assert [str(m) for m in desktop.game.history] == ["r4>t4"]
    assert desktop.drag is None and desktop.press is None
    # released where it was pressed, it is still a click (here: nothing to do)
    post(pygame.MOUSEBUTTONDOWN, top_card(desktop, "t4"), SELECT)
    post(pygame.MOUSEBUTTONUP, top_card(desktop, "t4"), SELECT)
    desktop.pump()
    assert [str(m) for m in desktop.game.history] == ["r4>t4"]


def test_the_statistics_box_shows_what_another_window_counted_and_a_yazzle_game_is_one_game(tmp_path):
    # (a play-test: the box showed the counts this window last read; a YaZZle game opened by
    # its folder and by its game.ini was counted as two games)
    from kingalbert.app.catalogue import GAMES_DIR, GameRef
    from kingalbert.app.stats import Statistics
    desktop = make()
    Statistics().record("builtin:king-albert", "King Albert", played=2, won=1)   # another window
    box = statistics_box(desktop.session)
    assert ("Played", "2") in box.fields and ("Winning", "50%") in box.fields
    folder = GAMES_DIR / "yazzle" / "Klondike"
    assert GameRef(path=str(folder)).key == GameRef(path=str(folder / "game.ini")).key


def test_a_scale_larger_than_the_screen_takes_is_cut_with_a_warning_not_refused(capsys):
    # (a play-test: --scale 9 was a usage error, "invalid choice", where the README promises
    # a cut with a warning, as --scale 3 on a small screen had)
    from kingalbert.cli import build_desktop_parser
    parser = build_desktop_parser()
    assert parser.parse_args(["--scale", "12"]).scale == 12
    for bad in ("0", "-2", "x", "9" * 50):
        with pytest.raises(SystemExit):
            parser.parse_args(["--scale", bad])
        assert "a scale is a whole number from 1 up" in capsys.readouterr().err
    desktop = make()
    desktop.open_display(scale=12)
    width, height = pygame.display.get_desktop_sizes()[0]
    fits = max(1, min(width // 640, height // 480))
    assert desktop.display.scale == fits
    assert f"--scale 12 is larger than the {width}×{height} screen takes: scale {fits}" in capsys.readouterr().err


def test_on_a_screen_smaller_than_the_desktop_its_top_left_shows(capsys, monkeypatch):
    # (on a 600×400 screen the window was centred at (-20, -40): the title bar and its menu
    # off the screen, the full screen's desktop cut through the middle)
    from kingalbert.desktop.display import Display
    moved = []
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(600, 400)])
    monkeypatch.setattr(Display, "move_window", staticmethod(lambda place: moved.append(place) or (5, 5)))
    desktop = make()
    desktop.open_display()
    assert desktop.display.scale == 1 and moved and set(moved) == {(0, 0)}
    assert "the 600×400 screen is smaller than the 640×480 desktop" in capsys.readouterr().err
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, flags=0: pygame.Surface((600, 400)))
    desktop.display.open(None, True)    # full screen: the desktop from its top left, not centred
    assert desktop.display.offset == (0, 0)


def test_f11_in_the_middle_of_a_drag_shows_the_whole_screen_and_the_card_still_follows():
    """A play-test: F11 while a card was held made a new window that stayed black but for
    the card (a drag's frames are its rectangles alone), and the card stood still until the
    button was let go (the new window took no pointer movement)."""
    from kingalbert.desktop.input import CardDrag
    from kingalbert.desktop.menus import FULLSCREEN
    desktop = make()
    game = desktop.game
    move = next(m for m in game.legal_moves if m.kind == "drag" and game.pile(m.dst).role == "tableau")
    start = top_card(desktop, move.src)
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, (start[0] + 20, start[1] + 20))
    desktop.pump()
    assert isinstance(desktop.drag, CardDrag)
    desktop.choose(FULLSCREEN)
    desktop.pump()
    display = desktop.display
    assert display.fullscreen and isinstance(desktop.drag, CardDrag)
    # the whole desktop in the new window: the icon bar's grey at its bottom right
    window = pygame.display.get_surface()
    ox, oy = display.offset
    assert window.get_at((ox + 600, oy + 470))[:3] == WIMP_RGB[1]
    # the card follows the pointer in the new window, and drops where it is let go
    end = top_card(desktop, move.dst)
    shifted = (end[0] * display.scale + ox, end[1] * display.scale + oy)
    post(pygame.MOUSEMOTION, shifted)
    desktop.pump()
    assert desktop.drag.at == end
    post(pygame.MOUSEBUTTONUP, shifted, SELECT)
    desktop.pump()
    assert [str(m) for m in game.history] == [str(move)]


def test_f11_works_while_an_error_box_shows():
    # (a play-test: only Return and Escape were read while an error box showed)
    desktop = make()
    desktop.open_game("/no/such/file.sol")
    assert desktop.error is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    desktop.pump()
    assert desktop.display.fullscreen and desktop.error is not None, "the box stays, over the full screen"
