"""The desktop's menus: built from the command table, and the stack of open menus.

``game_menu`` and ``iconbar_menu`` build the menus afresh each time one
opens (ticks and shading from the session); every item carries a
``Command``.  ``MenuStack`` is what is open: the menu and its submenus, the
highlighted rows, the writable item with the caret.
"""
from __future__ import annotations

from .. import RELEASED, __version__
from ..app import catalogue
from ..app.commands import (DEAL_NUMBER, DEMO, HINT, INDICATOR, NEW, RANDOM_DEAL, REDO, RESTART, SAVE_GAME,
                            SAVE_OPTIONS, UNDO, WINNABLE_DEALS, Command, is_shaded, is_ticked, option_commands)
from ..app.session import Session
from .dialogs import AboutBox
from .geometry import ICONBAR_MENU_BOTTOM, MENU_OFFSET
from .menu import Menu, MenuItem

VERSION = f"{__version__} ({RELEASED})"

# -- the desktop's own commands (they act on the window, not the game) ---------------------
QUIT = Command("quit", "Quit", shortcut="^Q", keys=("Ctrl+Q",))
RULES = Command("rules", "Rules")
FULLSCREEN = Command("fullscreen", keys=("F11",))
#: Games: start a game (``arg``: its GameRef), or the file typed into Load file
OPEN_GAME = Command("open", "Load file", writable=True)
#: Load game: the saved game typed into the writable item
LOAD_GAME = Command("open", "Load", writable=True)
DESKTOP_COMMANDS = (QUIT, RULES, FULLSCREEN)


def item(session: Session, command: Command, **extra) -> MenuItem:
    """A menu item for a command, ticked and shaded as the session stands."""
    return MenuItem(command.label, command, command.shortcut, ticked=is_ticked(session, command),
                    shaded=is_shaded(session, command), **extra)


def about_box() -> AboutBox:
    return AboutBox([("Name", "King Albert"), ("Purpose", "Patience"), ("Author", "D. Salt; Python remake"),
                     ("Version", VERSION)])


def statistics_box(session: Session) -> AboutBox:
    played, won = session.played_won
    demo = session.statistics.won_with_demo(catalogue.GameRef.of(session.game.ruleset).key)
    percent = f"{100 * won // played}%" if played else "-"
    won_text = f"{won} (and {demo} with Demo)" if demo else str(won)
    box = AboutBox([("Game", session.game.name), ("Played", str(played)), ("Won", won_text), ("Winning", percent)])
    box.title = "Statistics"
    return box


def new_game_menu(session: Session) -> Menu:
    seed = str(session.game.seed) if session.game.seed is not None else ""
    return Menu("New game", [
        item(session, RANDOM_DEAL),
        MenuItem("Deal number", submenu=Menu("Deal number", [MenuItem(seed, DEAL_NUMBER, writable=True)])),
        item(session, WINNABLE_DEALS),
    ])


def games_menu(session: Session) -> Menu:
    """The built-in games, then the bundled games by format, then the player's own rules folder."""
    current = catalogue.GameRef.of(session.game.ruleset)
    items = []
    for game_id, name in catalogue.builtin_games():
        ref = catalogue.GameRef(builtin=game_id)
        items.append(MenuItem(name, Command("open", name, arg=ref), ticked=current == ref))
    items[-1].separator = True
    for key, paths in catalogue.bundled_games().items():
        if paths:
            label = catalogue.format_of(key).label
            entries = []
            for path in paths:
                ref = catalogue.GameRef(path=str(path))
                title = catalogue.game_title(path)
                entries.append(MenuItem(title, Command("open", title, arg=ref), ticked=current == ref))
            items.append(MenuItem(label, submenu=Menu(label, entries)))
    mine, problem = catalogue.own_games()
    if problem:
        session.say(problem)
    if mine:
        items[-1].separator = True
        for path in mine:
            title = catalogue.game_title(path)
            items.append(MenuItem(title, Command("open", title, arg=catalogue.GameRef(path=str(path)))))
    items[-1].separator = True
    items.append(MenuItem("Load file", submenu=Menu("Load file", [MenuItem("", OPEN_GAME, writable=True)])))
    return Menu("Games", items)


def game_menu(session: Session, rules_mode: bool) -> Menu:
    game = session.game
    items = [
        MenuItem("Info", submenu=about_box()),
        item(session, NEW, submenu=new_game_menu(session)),
        item(session, RESTART),
        item(session, UNDO),
        item(session, REDO, separator=True),
    ]
    items += [item(session, command) for command in option_commands(game.ruleset)]
    items += [item(session, HINT), item(session, DEMO), item(session, INDICATOR),
              MenuItem(RULES.label, RULES, ticked=rules_mode), item(session, SAVE_OPTIONS, separator=True)]
    items.append(MenuItem("Save game", submenu=Menu("Save as", [
        MenuItem(session.default_save_path(), SAVE_GAME, writable=True)])))
    items.append(MenuItem("Load game", submenu=Menu("Load", [
        MenuItem(str(session.saves_dir()) + "/", LOAD_GAME, writable=True)])))
    items.append(MenuItem("Statistics", submenu=statistics_box(session), separator=True))
    items.append(MenuItem("Games", submenu=games_menu(session), separator=True))
    items.append(MenuItem(QUIT.label, QUIT, QUIT.shortcut))
    return Menu(game.name, items)


def iconbar_menu() -> Menu:
    return Menu("King Albert", [MenuItem("Info", submenu=about_box()), MenuItem(QUIT.label, QUIT)])


class MenuStack:
    """The open menus: the first opened at the pointer, each next a submenu of the one before."""

    def __init__(self):
        self.menus: list = []
        self.highlight: dict[int, int | None] = {}
        #: "window" or "iconbar": which menu is open (to build it again after ADJUST)
        self.source: str | None = None

    def __bool__(self) -> bool:
        return bool(self.menus)

    def open(self, menu: Menu, pos, source: str) -> None:
        if source == "window":
            menu.place(pos[0] - MENU_OFFSET, pos[1])
        else:
            menu.place(pos[0] - MENU_OFFSET, ICONBAR_MENU_BOTTOM - menu.height)
        self.menus = [menu]
        self.highlight = {0: None}
        self.source = source

    def reopen(self, menu: Menu) -> None:
        """After an ADJUST choice: the same menu again, where it was, updated."""
        old = self.menus[0]
        menu.x, menu.y = old.x, old.y
        self.menus = [menu]
        self.highlight = {0: None}

    def close(self) -> None:
        self.menus = []
        self.highlight = {}

    def open_submenu(self, level: int, index: int) -> None:
        menu = self.menus[level]
        sub = menu.items[index].submenu
        if sub is None or menu.items[index].shaded:
            return
        if len(self.menus) > level + 1 and self.menus[level + 1] is sub:
            return
        del self.menus[level + 1:]
        top = menu.row_tops()[index]
        sub.place(menu.x + menu.width + 1, top)
        self.menus.append(sub)
        self.highlight[level + 1] = None

    def menu_at(self, pos) -> int | None:
        for level in range(len(self.menus) - 1, -1, -1):
            if self.menus[level].rect.collidepoint(pos):
                return level
        return None

    def writable_item(self) -> MenuItem | None:
        """The writable item of the innermost open menu, which has the caret."""
        if self.menus and isinstance(self.menus[-1], Menu):
            for entry in self.menus[-1].items:
                if entry.writable:
                    return entry
        return None

    def hover(self, pos) -> None:
        """The pointer moved over the menus: highlight the row, open a submenu over its arrow."""
        level = self.menu_at(pos)
        if level is None:
            return
        menu = self.menus[level]
        index = menu.item_at(pos)
        self.highlight[level] = index
        if index is not None and menu.items[index].submenu is not None and menu.on_arrow(pos):
            self.open_submenu(level, index)

    def draw(self, screen, tick, arrow) -> None:
        for level, menu in enumerate(self.menus):
            menu.draw(screen, tick, arrow, self.highlight.get(level))
