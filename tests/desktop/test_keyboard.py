"""The desktop without a middle button or a mouse at all: MENU from the keyboard and
Ctrl+SELECT, the menus by keyboard, and keyboard play on SolKit's model — all through
the desktop's own event handling."""
import pygame
import pytest

from kingalbert.app.catalogue import GAMES_DIR, bundled_games
from kingalbert.app.session import path_end
from kingalbert.desktop.input import SELECT
from kingalbert.desktop.keyboard_play import digit_columns, has_rows_behind, key_list
from kingalbert.desktop.keys import K_APPLICATION
from kingalbert.engine import Game
from kingalbert.loaders import load
from kingalbert.sprites.palette import DARK_BLUE, GREEN, ORANGE, WHITE
from tests.desktop.test_desktop import OPENED, click, make, post, quit_display, top_card  # noqa: F401 (fixture)


def press(desktop, key, mod=0, unicode=None):
    if unicode is None:
        unicode = chr(key) if key < 0x110000 and chr(key).isprintable() else ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    desktop.pump()


def point_at(desktop, pos):
    """The pointer over ``pos`` (the window system's pointer, which a key's MENU asks)."""
    pygame.mouse.set_pos(pos)
    desktop.pump()


def open_bundled(fmt: str, stem: str, seed: int):
    """The desktop of a bundled game (by its format and file name), at scale 1."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    path = next(path for path in bundled_games()[fmt] if path.stem == stem)
    desktop = Desktop(Game(load(str(path)), seed), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    return desktop


# -- MENU without a middle button ---------------------------------------------------------------
@pytest.mark.parametrize("key, mod", [(pygame.K_F10, 0), (pygame.K_F10, pygame.KMOD_LSHIFT), (pygame.K_MENU, 0),
                                      (K_APPLICATION, 0)], ids=["F10", "Shift+F10", "Menu", "Application"])
def test_a_key_opens_the_menu_at_the_pointer(key, mod):
    desktop = make()
    pos = desktop.window.to_screen(200, 60)
    point_at(desktop, pos)
    press(desktop, key, mod)
    menu = desktop.menus.menus[0]
    assert menu.title == "King Albert" and menu.x == pos[0] - 32
    press(desktop, key, mod)
    assert not desktop.menus, "the same key closes it again"


def test_the_menu_key_over_the_icon_bar_icon_opens_the_icon_bar_menu():
    desktop = make()
    point_at(desktop, desktop.icon_rect.center)
    press(desktop, pygame.K_F10)
    assert [item.text for item in desktop.menus.menus[0].items] == ["Info", "Quit"]


def test_the_menu_key_with_the_window_closed_opens_the_icon_bar_menu():
    # (a play-test: the game's menu opened over the empty desktop, for a game not shown)
    desktop = make()
    click(desktop, desktop.window.tool_rects()["close"].center)
    assert not desktop.window.is_open
    point_at(desktop, (300, 200))
    press(desktop, pygame.K_F10)
    menu = desktop.menus.menus[0]
    assert [item.text for item in menu.items] == ["Info", "Quit"] and menu.rect.bottom == 480 - 48 + 1


def test_ctrl_select_is_menu():
    desktop = make()
    pos = desktop.window.to_screen(200, 60)
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    try:
        click(desktop, pos, SELECT)
    finally:
        pygame.key.set_mods(0)
    assert desktop.menus and desktop.menus.menus[0].x == pos[0] - 32
    assert desktop.game.history == [] and desktop.drag is None


def test_the_menus_by_keyboard_choose_open_submenus_and_close():
    desktop = make()
    desktop.game.play("r4>t4")
    point_at(desktop, desktop.window.to_screen(150, 60))
    press(desktop, pygame.K_F10)
    menu = desktop.menus.menus[0]
    press(desktop, pygame.K_DOWN)
    assert desktop.menus.highlight[0] == 0   # Info
    press(desktop, pygame.K_RIGHT)
    assert desktop.menus.menus[1].title == "About this program"
    press(desktop, pygame.K_LEFT)
    assert len(desktop.menus.menus) == 1
    press(desktop, pygame.K_DOWN)   # New game
    press(desktop, pygame.K_RIGHT)
    assert desktop.menus.menus[1].title == "New game" and desktop.menus.highlight[1] == 0
    press(desktop, pygame.K_LEFT)
    # down past Restart to Undo, and Return chooses it
    press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_DOWN)
    assert menu.items[desktop.menus.highlight[0]].text == "Undo"
    press(desktop, pygame.K_RETURN)
    assert not desktop.menus and desktop.game.history == []
    # Return on an item that has only a submenu opens it
    press(desktop, pygame.K_F10)
    while desktop.menus.menus[0].items[desktop.menus.highlight[0] or 0].text != "Statistics":
        press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_RETURN)
    assert desktop.menus.menus[1].title == "Statistics"
    press(desktop, pygame.K_ESCAPE)
    # Up wraps round to Quit, skipping nothing shaded on the way; Escape closes
    press(desktop, pygame.K_F10)
    press(desktop, pygame.K_UP)
    assert desktop.menus.menus[0].items[desktop.menus.highlight[0]].text == "Quit"
    press(desktop, pygame.K_ESCAPE)
    assert not desktop.menus and desktop.running


def test_shaded_items_are_passed_over_by_the_keyboard():
    desktop = make()
    press(desktop, pygame.K_F10)
    menu = desktop.menus.menus[0]
    seen = []
    for _ in range(len(menu.items)):
        press(desktop, pygame.K_DOWN)
        seen.append(menu.items[desktop.menus.highlight[0]].text)
    assert "Undo" not in seen and "Redo" not in seen and "Hint" in seen


def save_game_by_keyboard():
    """A desktop with Save game's submenu opened by the keyboard (F10, Down to it, Right)."""
    desktop = make()
    press(desktop, pygame.K_F10)
    menu = desktop.menus.menus[0]
    while menu.items[desktop.menus.highlight[0] or 0].text != "Save game":
        press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_RIGHT)
    return desktop


def test_ctrl_u_clears_a_writable_item(tmp_path):
    desktop = save_game_by_keyboard()
    writable = desktop.menus.writable_item()
    assert writable.text.endswith(".json")
    press(desktop, pygame.K_u, pygame.KMOD_LCTRL, "\x15")
    assert writable.text == ""
    target = tmp_path / "typed.json"
    for ch in str(target):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch))
    press(desktop, pygame.K_RETURN)
    assert target.exists() and desktop.game.message == f"Game saved as {path_end(target)}"


def test_a_writable_item_reached_by_the_keyboard_is_drawn_as_the_pointer_leaves_it():
    """A writable item is a white field with its caret, however it was reached (a play-test:
    opened by Right it was highlighted, white on black; by the pointer black on white)."""
    from kingalbert.sprites.palette import BLACK
    desktop = save_game_by_keyboard()
    sub = desktop.menus.menus[1]
    assert desktop.menus.writable_item() is sub.items[desktop.menus.highlight[1]]
    top = sub.row_tops()[desktop.menus.highlight[1]]
    screen = desktop.render()
    assert screen.get_at_mapped((sub.x + 2, top + 1)) == WHITE
    text = [screen.get_at_mapped((x, y)) for x in range(sub.x, sub.x + sub.width) for y in range(top, top + 10)]
    assert BLACK in text, "its text black"


def test_a_commands_key_in_a_writable_item_waits_and_elsewhere_the_menu_shows_its_change():
    # (a play-test: Ctrl-Z typed in Save game's writable undid a move behind the open menu,
    # which went on showing Undo active and Redo shaded)
    desktop = make()   # deal 1: the Ace of Hearts is on playing stack 5
    desktop.play(next(m for m in desktop.game.legal_moves if str(m) == "t5>f1"))
    desktop.finish_animation()
    press(desktop, pygame.K_F10)
    menu = desktop.menus.menus[0]

    def shaded(text):
        return next(item for item in desktop.menus.menus[0].items if item.text == text).shaded
    assert not shaded("Undo") and shaded("Redo")
    while menu.items[desktop.menus.highlight[0] or 0].text != "Save game":
        press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_RIGHT)
    assert desktop.menus.writable_item() is not None
    press(desktop, pygame.K_z, pygame.KMOD_LCTRL, "\x1a")
    assert len(desktop.game.history) == 1 and desktop.menus
    press(desktop, pygame.K_F10)        # (the menu's own key still closes the menus there)
    assert not desktop.menus
    press(desktop, pygame.K_F10)
    while desktop.menus.menus[0].items[desktop.menus.highlight[0] or 0].text != "Save game":
        press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_RIGHT)
    press(desktop, pygame.K_LEFT)       # out of the submenu: the caret leaves the writable item
    assert desktop.menus.writable_item() is None
    on = desktop.menus.highlight[0]
    press(desktop, pygame.K_z, pygame.KMOD_LCTRL, "\x1a")
    assert desktop.game.history == [] and desktop.menus and shaded("Undo") and not shaded("Redo")
    assert desktop.menus.highlight[0] == on     # (the keyboard goes on from where it was)


# -- keyboard play ------------------------------------------------------------------------------------
def test_a_digit_and_return_play_the_smart_move_to_a_suit_stack_first():
    desktop = make()   # deal 1: the Ace of Hearts is on playing stack 5
    assert str(desktop.game.pile("t5").top) == "AH"
    press(desktop, pygame.K_5)
    assert desktop.board.cursor == ("t5", 1)
    press(desktop, pygame.K_RETURN)
    assert [str(m) for m in desktop.game.history] == ["t5>f1"]
    assert desktop.board.cursor == ("t5", 1), "the cursor stays on the pile, on its new top card"
    press(desktop, pygame.K_u)   # u: Undo, as the menu's
    assert desktop.game.history == [] and str(desktop.game.pile("t5").top) == "AH"


def test_the_cursor_is_drawn_in_wimp_colours_where_it_stands():
    desktop = make()
    press(desktop, pygame.K_5)
    rect = desktop.board.place_rect("t5", 1)
    x, y = desktop.window.to_screen(rect.x, rect.y + rect.h // 2)
    assert desktop.screen.get_at_mapped((x, y)) == DARK_BLUE
    before = desktop.renderer.work_for
    press(desktop, pygame.K_RIGHT)
    assert desktop.board.cursor == ("t6", 1) and desktop.renderer.work_for != before
    assert desktop.screen.get_at_mapped((x, y)) != DARK_BLUE, "the old place is drawn again without it"


def test_arrows_and_hjkl_walk_the_piles_as_they_lie():
    desktop = make()
    press(desktop, pygame.K_1)
    press(desktop, pygame.K_h)   # left of playing stack 1: the suit stack level with its top card
    assert desktop.board.cursor[0] in ("f3", "f4")
    press(desktop, pygame.K_l)
    assert desktop.board.cursor == ("t1", 1)
    press(desktop, pygame.K_c)   # c: the reserve, in turn
    assert desktop.board.cursor == ("r1", 1)
    press(desktop, pygame.K_j)
    assert desktop.board.cursor == ("r2", 1)
    press(desktop, pygame.K_DOWN)
    press(desktop, pygame.K_k)
    assert desktop.board.cursor == ("r2", 1)
    press(desktop, pygame.K_f)
    press(desktop, pygame.K_f)
    assert desktop.board.cursor == ("f2", 0)
    press(desktop, pygame.K_UP)
    assert desktop.board.cursor == ("f1", 0)


def test_mark_with_space_and_move_it_to_the_pile_under_the_cursor():
    desktop = make()
    press(desktop, pygame.K_c)
    for _ in range(3):
        press(desktop, pygame.K_DOWN)
    assert desktop.board.cursor == ("r4", 1) and str(desktop.game.pile("r4").top) == "3H"
    press(desktop, pygame.K_SPACE)
    assert desktop.board.mark == ("r4", 1)
    rect = desktop.board.place_rect("r4", 1)
    # the cursor on the marked card: a line of each, the green inside, in one frame's width
    # (a green frame two pixels inside the cursor covered the edge of the small index)
    x, y = desktop.window.to_screen(rect.x, rect.y + rect.h // 2)
    assert [desktop.screen.get_at_mapped((x + i, y)) for i in range(3)] == [DARK_BLUE, GREEN, WHITE]
    press(desktop, pygame.K_4)
    press(desktop, pygame.K_m)   # m: the smart move, here the marked card to the cursor's pile
    assert [str(m) for m in desktop.game.history] == ["r4>t4"] and desktop.board.mark is None
    # a refused move says why, as the mouse's does, and keeps the mark
    press(desktop, pygame.K_1)
    press(desktop, pygame.K_SPACE)
    press(desktop, pygame.K_5)
    press(desktop, pygame.K_RETURN)
    assert desktop.game.message == "The Nine of Spades can only go on a red Ten"
    assert desktop.board.mark == ("t1", 1)
    press(desktop, pygame.K_ESCAPE)
    assert desktop.board.mark is None


def test_a_card_with_nowhere_to_go_says_so():
    desktop = make()
    stuck = next(pile for pile in desktop.game.piles if pile.role == "tableau" and
                 not any(move.src == pile.name for move in desktop.game.legal_moves))
    press(desktop, pygame.K_1 + int(stuck.name[1:]) - 1)
    press(desktop, pygame.K_RETURN)
    assert desktop.game.history == []
    assert desktop.game.message == f"There is nowhere to move the {stuck.top.name}"


def test_the_mouse_hides_the_cursor_until_the_next_key():
    desktop = make()
    press(desktop, pygame.K_3)
    assert desktop.board.cursor is not None
    click(desktop, top_card(desktop, "t7"))
    assert desktop.board.cursor is None
    press(desktop, pygame.K_RIGHT)
    assert desktop.board.cursor == ("t8", 1), "the keys go on from where the mouse was"


def test_after_the_mouse_a_digit_chooses_its_column_s_top_card_first():
    """A drag from a column left the hidden cursor there, so its digit went a card up the
    column ("again") and Return moved two cards (SolKit's Yukon, where face-up cards are
    picked up with those on them)."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    desktop = Desktop(Game(load(str(GAMES_DIR / "sol" / "yukon.sol")), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    columns = [pile for pile in desktop.game.piles if pile.role == "tableau"]
    number, column = next((i, pile) for i, pile in enumerate(columns) if sum(card.face_up for card in pile.cards) > 2)
    click(desktop, top_card(desktop, column.name))
    assert desktop.board.cursor is None
    press(desktop, pygame.K_1 + number)
    assert desktop.board.cursor == (column.name, 1)
    press(desktop, pygame.K_1 + number)
    assert desktop.board.cursor == (column.name, 2), "again: a card up"


def test_f1_lists_the_keys_in_the_games_own_words():
    desktop = make()
    press(desktop, pygame.K_F1)
    box = desktop.game_box
    assert box is not None and box.title == "Keys"
    text = "\n".join(box.lines)
    for words in ("hjkl", "1 to 9 ", "playing stack 1 to 9 ", "the suit stacks", "the reserve", "Space",
                  "Return, m", "F10", "Ctrl+SELECT"):
        assert words in text
    # (its nine stacks: the box named a tenth, and the 0 key that would choose it)
    assert "1 to 10" not in text and "9, 0" not in text
    assert "foundation" not in text and "column" not in text
    # one line a key, in two columns
    assert len(box.lines) == len(key_list(desktop.game, 9)) and box.lines[-1].startswith("F1, Help")
    column = box.lines[0].index("choose")
    assert all(line[column - 1] == " " and line[column] != " " for line in box.lines)
    press(desktop, pygame.K_ESCAPE)
    assert desktop.game_box is None


ALL_GAMES = [path for paths in bundled_games().values() for path in paths]


@pytest.mark.parametrize("path", ALL_GAMES, ids=lambda p: p.name)
def test_the_f1_box_fits_the_screen_and_says_everything(path):
    """Every game's key list on screen whole: a description too long for the screen
    (CardsWorkShop Klondike's d goes to six piles) goes on under its own column."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    from kingalbert.desktop.geometry import SCREEN_H, SCREEN_W
    desktop = Desktop(Game(load(str(path)), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    press(desktop, pygame.K_F1)
    box = desktop.game_box
    assert box.rect.left >= 0 and box.rect.right <= SCREEN_W and box.rect.bottom <= SCREEN_H
    assert box.button_rects()[0] is not None, "its OK button shows"
    columns = digit_columns(desktop.board)
    rows = key_list(desktop.game, len(columns), any(has_rows_behind(desktop.board, name) for name in columns))
    column = max(len(keys) for keys, _ in rows) + 2
    assert " ".join(line[column:].strip() for line in box.lines).split() == " ".join(
        what for _, what in rows).split(), "every word of every row, in order"
    assert [line[:column].strip() for line in box.lines if line[:column].strip()] == [keys for keys, _ in rows if keys]


STOCK_GAMES = [path for paths in bundled_games().values() for path in paths
               if path.suffix.lower() in (".sol", ".ini")][:2]


@pytest.mark.parametrize("path", STOCK_GAMES + [p for p in bundled_games()["pat"] if p.name == "Spider.pat"],
                         ids=lambda p: p.name)
def test_d_chooses_the_stock_and_return_deals(path):
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    desktop = Desktop(Game(load(str(path)), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    stock = next(pile for pile in desktop.game.piles if pile.role == "stock")
    press(desktop, pygame.K_d)
    assert desktop.board.cursor == (stock.name, 1 if stock.cards else 0)
    text = "\n".join(desktop.game.ruleset.role_name(role) for role in ("stock", "foundation"))
    press(desktop, pygame.K_RETURN)
    assert [m.kind for m in desktop.game.history] == ["click"], text
    press(desktop, pygame.K_F1)
    # (Spider's stock has no waste: its box said "again: the waste", and d again stays)
    has_waste = any(pile.role == "waste" for pile in desktop.game.piles)
    assert ("(again: the waste)" in "\n".join(desktop.game_box.lines)) == has_waste


@pytest.mark.parametrize("path", STOCK_GAMES[:1], ids=lambda p: p.name)
def test_after_the_mouse_d_chooses_the_stock_first_and_shows_on_its_back(path):
    """A click on the stock left the hidden cursor there, so the first ``d`` chose the waste
    ("again"); and the dark blue cursor vanished into the stock's dark blue back."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    desktop = Desktop(Game(load(str(path)), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    stock = next(pile for pile in desktop.game.piles if pile.role == "stock")
    click(desktop, top_card(desktop, stock.name))
    assert [m.kind for m in desktop.game.history] == ["click"] and desktop.board.cursor is None
    press(desktop, pygame.K_d)
    assert desktop.board.cursor == (stock.name, 1)
    rect = desktop.board.place_rect(stock.name, 1)
    x, y = desktop.window.to_screen(rect.x, rect.y + rect.h // 2)
    assert desktop.screen.get_at_mapped((x, y)) == ORANGE
    # (orange: it was red, as the hint's frames are; after a Hint three red frames showed)
    press(desktop, pygame.K_d)
    assert desktop.board.cursor[0] != stock.name, "again: the waste"


def test_the_window_scrolls_to_keep_the_cursor_in_view():
    desktop = make()
    window = desktop.window
    window.resize(160, 120)
    press(desktop, pygame.K_9)
    rect = desktop.board.place_rect("t9", 1)
    assert window.scroll_x <= rect.x and rect.right <= window.scroll_x + window.w
    assert window.scroll_y <= rect.y and rect.bottom <= window.scroll_y + window.h
    press(desktop, pygame.K_c)
    rect = desktop.board.place_rect("r1", 1)
    assert window.scroll_x <= rect.x and window.scroll_y <= rect.y


@pytest.mark.parametrize("name, words", [("golf.cdl", "the Stock and the Waste, in turn"), ("acesup.cdl", "the Stock")])
def test_d_chooses_a_cardsworkshop_stock_and_return_deals(name, words):
    """CardsWorkShop's piles have no kinds but fanned, other and (where win? asks their sizes)
    foundations: ``d`` goes to the others (Golf's Stock, then its Waste)."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    path = next(path for path in bundled_games()["cdl"] if path.name == name)
    desktop = Desktop(Game(load(str(path)), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    press(desktop, pygame.K_d)
    assert desktop.board.cursor[0] == "Stock"
    press(desktop, pygame.K_RETURN)
    assert [str(m) for m in desktop.game.history] == ["click:Stock"]
    press(desktop, pygame.K_d)
    assert desktop.board.cursor[0] == ("Waste" if name == "golf.cdl" else "Stock")
    press(desktop, pygame.K_F1)
    listed = "\n".join(desktop.game_box.lines)
    assert words in listed and "foundation" not in listed     # (these games have none)


def test_a_cardsworkshop_game_s_foundations_come_first_for_f_and_return():
    """The stacks a CardsWorkShop program's win? asks a size of are its foundations: ``f``
    goes to them, ``d`` no longer does, and Return sends an Ace up rather than onto a Two
    (CardsWorkShop Klondike, deal 3: the fourth card turned is the Ace of Spades, which the
    Two of Hearts would take too)."""
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    path = next(path for path in bundled_games()["cdl"] if path.name == "klondike.cdl")
    desktop = Desktop(Game(load(str(path)), 3), autosave=False, thinking=False)
    desktop.open_display(scale=1)
    OPENED.append(desktop)
    game = desktop.game
    assert [pile.name for pile in game.piles if pile.role == "foundation"] == ["F1", "F2", "F3", "F4"]
    for _ in range(4):
        game.play("click:Stock")
    assert str(game.pile("Waste").top) == "AS" and "2H" in [str(pile.top) for pile in game.piles if pile.cards]
    press(desktop, pygame.K_f)
    assert desktop.board.cursor[0] == "F1"
    press(desktop, pygame.K_d)
    press(desktop, pygame.K_d)
    assert desktop.board.cursor[0] == "Waste"
    press(desktop, pygame.K_RETURN)
    assert str(game.history[-1]).startswith("Waste>F") and str(game.pile("F1").top) == "AS"
    press(desktop, pygame.K_F1)
    listed = "\n".join(desktop.game_box.lines)
    assert "the foundations, in turn" in listed and "to a foundation first" in listed


def test_right_walks_along_a_pyramid_s_row():
    """The `.pat` Pyramid's rows overlap, half a card apart: Right from the bottom row's first
    card went up to the row above and back, zig-zagging."""
    desktop = open_bundled("pat", "Pyramid", 1)
    press(desktop, pygame.K_1)
    desktop.keyboard.pile = "p25"
    walked = []
    for _ in range(6):
        press(desktop, pygame.K_RIGHT)
        walked.append(desktop.board.cursor[0])
    assert walked == [f"p{i}" for i in range(26, 32)]


def test_a_pyramid_s_digits_go_to_its_front_row_and_its_f1_box_says_so():
    """A play-test: the `.pat` Pyramid's digits went to its apex and the rows under it, whose
    cards are covered (the bottom row, the cards that play, took six Downs from the apex)."""
    desktop = open_bundled("pat", "Pyramid", 1)
    front = [f"p{i}" for i in range(25, 32)]
    assert digit_columns(desktop.board) == front
    for number, pile in enumerate(front, start=1):
        press(desktop, getattr(pygame, f"K_{number}"))
        assert desktop.board.cursor[0] == pile
        # (its card can be played: nothing lies over it)
        assert desktop.board.visible_rect(pile, 0) == desktop.board.card_rect(desktop.board.views[pile], 0)
    press(desktop, pygame.K_8)
    assert desktop.board.cursor[0] == front[-1], "no eighth column: the cursor stays"
    press(desktop, pygame.K_F1)
    text = "\n".join(desktop.game_box.lines)
    assert "1 to 7 " in text and "1 to 9" not in text and "9, 0" not in text
    assert "the front row's column 1 to 7 (again: up the rows)" in text
    assert "on the stock: deal" in text     # (Return on the stock: the README said so, the box not)


def test_columns_side_by_side_each_have_their_digit():
    """Columns that don't lie over each other keep a digit each (Spider's ten: 1 to 9, 0)."""
    desktop = open_bundled("pat", "Spider", 1)
    columns = [pile.name for pile in desktop.game.piles if pile.role == "tableau"]
    assert len(columns) == 10 and digit_columns(desktop.board) == columns
    press(desktop, pygame.K_0)
    assert desktop.board.cursor[0] == columns[9]


def test_a_card_laid_on_its_partner_goes_up_with_it_by_mouse_and_keyboard():
    """A `.pat` Pyramid card laid on its partner hides it: dragged onto the discard by the card
    the player sees, or sent there by Return, the pair goes (it was refused: "Only two cards
    together may be put on this pile")."""
    from tests.helpers.desktop import drag
    from tests.helpers.pat import at, cards
    pygame.display.init()
    from kingalbert.desktop.desktop import Desktop
    path = next(path for path in bundled_games()["pat"] if path.stem == "Pyramid")
    ruleset = load(str(path))
    for how in ("mouse", "keyboard"):
        game = at(ruleset, {"p25": "6H", "p26": "7C", "p31": "KS", "p19": "QD", "p2": "AH"})
        desktop = Desktop(game, autosave=False, thinking=False)
        desktop.open_display(scale=1)
        OPENED.append(desktop)
        desktop.game.play("p25>p26")
        assert cards(desktop.game, "p26") == "7C 6H"
        if how == "mouse":
            drag(desktop, top_card(desktop, "p26"), top_card(desktop, "p3"))
        else:
            desktop.keyboard.pile, desktop.keyboard.n = "p26", 1
            press(desktop, pygame.K_RETURN)
        assert not desktop.game.pile("p26").cards, how
        assert cards(desktop.game, "p3") == "7C 6H", how
        assert str(desktop.game.history[-1]) == "p26:2>p3", how


def test_a_card_hidden_in_a_squared_column_is_named_when_the_cursor_is_on_it():
    # (a play-test: Home on a long Yukon column framed the visible cards on top, while the
    # cursor stood on the Four of Diamonds squared under them, and nothing named it)
    from kingalbert.desktop.desktop import Desktop
    pygame.display.init()
    game = Game(load(str(GAMES_DIR / "sol" / "yukon.sol")), 1)
    desktop = Desktop(game, autosave=False, thinking=False)
    column = game.pile("col2").cards
    for name in ("col6", "col7"):      # a column longer than its room: its fan squares up
        column += [card.turned(True) for card in game.pile(name).cards]
        game.pile(name).cards[:] = []
    press(desktop, pygame.K_2)
    assert desktop.game.message == ""
    press(desktop, pygame.K_HOME)
    view, index = desktop.board.views["col2"], len(column) - desktop.keyboard.n
    under, over = desktop.board.card_rect(view, index), desktop.board.card_rect(view, index + 1)
    assert 0 < over.y - under.y <= desktop.board.spacing.edge    # its edge shows, not its index
    assert game.message == f"The cursor is on the {column[index].name}, hidden under the cards on it"
    # Down walks the squared cards one by one towards the top (they lie on one place), each
    # named, and the name goes once the cursor is on a card that shows; Up walks back
    deepest, named = desktop.keyboard.n, []
    while game.message:
        named.append(game.message)
        press(desktop, pygame.K_DOWN)
    assert len(named) >= 3 and len(set(named)) == len(named)
    assert desktop.keyboard.n == deepest - len(named)
    press(desktop, pygame.K_UP)
    assert desktop.keyboard.n == deepest - len(named) + 1 and game.message == named[-1]
    press(desktop, pygame.K_END)       # the top card shows: nothing said
    assert desktop.keyboard.n == 1 and game.message == ""


def test_up_reaches_a_squared_card_that_cannot_be_picked_up_and_names_it():
    # (a play-test: in Spider a King lay squared under a Queen of another suit, which only
    # the cards on it could be picked up without: the cursor never got to it, so a keyboard
    # could not learn it was there)
    from kingalbert.desktop.desktop import Desktop
    pygame.display.init()
    game = Game(load(str(GAMES_DIR / "pat" / "Spider.pat")), 1)
    desktop = Desktop(game, autosave=False, thinking=False)
    column = game.pile("p13").cards
    for name in ("p10", "p11", "p12", "p14", "p15"):  # a column longer than its room
        column += [card.turned(True) for card in game.pile(name).cards]
        game.pile(name).cards[:] = []
    desktop.new_board()
    keyboard = desktop.keyboard
    press(desktop, pygame.K_4)
    assert keyboard.pile == "p13"
    hidden = [k for k in range(2, len(column) + 1) if column[-k].face_up and keyboard.hidden(k, "p13")]
    assert hidden and keyboard.deepest("p13") < max(hidden)       # squared, and not to be picked up
    named = set()
    for _ in range(max(hidden) - 1):
        press(desktop, pygame.K_UP)
        if game.message.startswith("The cursor is on"):
            named.add(game.message)
    assert keyboard.n == max(hidden)
    assert f"The cursor is on the {column[-max(hidden)].name}, hidden under the cards on it" in named
    press(desktop, pygame.K_SPACE)      # it can't be marked: the rules say why
    assert keyboard.mark is None and game.message
    press(desktop, pygame.K_END)
    assert keyboard.n == 1


def test_the_cursor_s_card_is_scrolled_clear_of_the_message_row_kept_in_view():
    # (a play-test: after Toggle size, 7 in CardsWorkShop Klondike left the lower part of
    # the Nine of Hearts and its frame under the message row kept at the window's bottom)
    from kingalbert.desktop.desktop import Desktop
    pygame.display.init()
    game = Game(load(str(GAMES_DIR / "cdl" / "klondike.cdl")), 3)
    desktop = Desktop(game, autosave=False, thinking=False)
    window = desktop.window
    click(desktop, window.tool_rects()["toggle"].center)
    pinned = desktop.pinned()
    assert "message" in pinned, "the work area scrolls, its message row kept in view"
    for digit in (pygame.K_7, pygame.K_1, pygame.K_7):
        press(desktop, digit)
        rect = desktop.board.place_rect(desktop.keyboard.pile, desktop.keyboard.n)
        assert window.to_screen(rect.x, rect.bottom)[1] <= pinned["message"].top
        assert window.scroll_y <= rect.y


def test_c_passes_over_emptied_reserve_places_and_a_frame_there_is_what_shows():
    """A play-test: King Albert's c stopped on emptied reserve places, where nothing can go,
    and the cursor's frame there went round the strips of the reserve cards fanned over it."""
    desktop = make()
    desktop.game.play("r4>t4")
    assert not desktop.game.pile("r4").cards
    seen = []
    for _ in range(8):
        press(desktop, pygame.K_c)
        seen.append(desktop.board.cursor[0])
    assert "r4" not in seen and {"r1", "r2", "r3", "r5", "r6", "r7"} <= set(seen)
    # (the place itself, where the mouse or Up may still put the cursor: only what shows of it)
    board = desktop.board
    place = board.place_rect("r4", 0)
    assert place.h < board.card_rect(board.views["r4"], 0).h
    assert not place.colliderect(board.visible_rect("r5", 0))


def test_a_pyramid_s_digit_again_goes_up_the_pyramid_and_an_emptied_place_gives_the_card_above():
    """A play-test: a pyramid's "again: up" did nothing (a place holds one card), and once a
    front card was gone its digit went to the empty place."""
    desktop = open_bundled("pat", "Pyramid", 1)
    walked = []
    for _ in range(7):
        press(desktop, pygame.K_4)
        walked.append(desktop.board.cursor[0])
    assert walked[0] == "p28" and walked[-1] == "p4", walked        # the middle of the front row to the apex
    rows = [int(name[1:]) for name in walked]
    assert rows == sorted(rows, reverse=True) and len(set(rows)) == 7, "a row up each time"
    press(desktop, pygame.K_4, pygame.KMOD_LSHIFT)
    assert desktop.board.cursor[0] == walked[-2], "Shift: back down"
    desktop.game.pile("p28").cards.clear()       # (the front card gone)
    press(desktop, pygame.K_1)
    press(desktop, pygame.K_4)
    assert desktop.board.cursor[0] in ("p21", "p22"), "the card above the emptied place"


def test_solkit_s_information_panel_describes_the_cursor_s_pile():
    # (a play-test: it followed the pointer alone, so a keyboard player never saw a pile's rules)
    desktop = open_bundled("sol", "klondike", 2)
    board = desktop.board
    assert board.info_rect is not None
    before = board.info_lines()
    press(desktop, pygame.K_3)
    assert board.hover == board.cursor[0] and board.info_lines() != before
    assert any(line in board.info_lines() for line in desktop.game.ruleset.describe_pile(
        desktop.game, desktop.game.pile(board.cursor[0])))
