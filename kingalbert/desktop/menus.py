"""The desktop's menus, built from the command table.

``game_menu`` and ``iconbar_menu`` build the menus afresh each time one
opens (ticks and shading from the session; the saved games in Load game);
every item carries a ``Command``.  What is open is ``menu_stack.MenuStack``'s.
"""
from __future__ import annotations

from .. import RELEASED, __version__
from ..app import catalogue
from ..app.commands import (
    DEAL_NUMBER,
    DEMO,
    HINT,
    INDICATOR,
    NEW,
    RANDOM_DEAL,
    REDO,
    RESTART,
    SAVE_GAME,
    SAVE_OPTIONS,
    UNDO,
    WINNABLE_DEALS,
    Command,
    is_shaded,
    is_ticked,
    option_commands,
)
from ..app.saves import saved_games
from ..app.session import Session
from ..engine.errors import plural
from .dialogs import AboutBox
from .menu import Menu, MenuItem

VERSION = f"{__version__} ({RELEASED})"

# -- the desktop's own commands (they act on the window, not the game) ---------------------
QUIT = Command("quit", "Quit", shortcut="^Q", keys=("Ctrl+Q",))
RULES = Command("rules", "Rules")
FULLSCREEN = Command("fullscreen", keys=("F11",))
#: MENU without a middle button: the keyboard's Menu key, F10 and Shift+F10 (and Ctrl+SELECT)
MENU = Command("menu", keys=("Menu", "F10", "Shift+F10"))
#: the keys that play the game, in a box
KEYS = Command("keys", keys=("F1", "Help"))
#: Games: start a game (``arg``: its GameRef), or the file typed into Load file
OPEN_GAME = Command("open", "Load file", writable=True)
#: Load game: the saved game typed into the writable item (a listed one is an OPEN_GAME with its path)
LOAD_GAME = Command("load", "Load", writable=True)
DESKTOP_COMMANDS = (QUIT, RULES, FULLSCREEN, MENU, KEYS)


def item(session: Session, command: Command, **extra) -> MenuItem:
    """A menu item for a command, ticked and shaded as the session stands."""
    return MenuItem(command.label, command, command.shortcut, ticked=is_ticked(session, command),
                    shaded=is_shaded(session, command), **extra)


def about_box() -> AboutBox:
    return AboutBox([("Name", "King Albert"), ("Purpose", "Patience"), ("Author", "D. Salt; Python remake"),
                     ("Version", VERSION)])


def statistics_box(session: Session) -> AboutBox:
    session.statistics.refresh()    # (another window may have counted since)
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
        MenuItem("Deal number", submenu=Menu("Deal number", [
            MenuItem(seed, DEAL_NUMBER, writable=True, replaced=True)])),
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


def load_menu(session: Session) -> Menu:
    """The saved games, newest first (game, deal, moves), then the file name to type."""
    items = []
    games = saved_games(session.saves_dir())
    texts = []
    for saved in games:
        name = saved.name if len(saved.name) <= 20 else saved.name[:17] + "..."   # (as a cut field shows)
        if saved.kind and any(other.name == saved.name and other.kind != saved.kind for other in games):
            name += f" ({saved.kind})"      # (SolKit's FreeCell and YaZZle's looked alike)
        deal = f", deal {saved.seed}" if saved.seed is not None else ""
        texts.append(f"{name}{deal}, {plural(saved.moves, 'move')}")
    for saved, text in zip(games, texts):
        if texts.count(text) > 1:
            # (two saves of one game at one move looked alike: their files tell them apart)
            stem = saved.path.stem
            text += f" ({stem if len(stem) <= 16 else stem[:13] + '...'})"
        items.append(MenuItem(text, Command("open", saved.name, arg=str(saved.path))))
    if items:
        items[-1].separator = True
    items.append(MenuItem(str(session.saves_dir()) + "/", LOAD_GAME, writable=True))
    return Menu("Load", items)


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
    items.append(MenuItem("Load game", submenu=load_menu(session)))
    items.append(MenuItem("Statistics", submenu=statistics_box(session), separator=True))
    items.append(MenuItem("Games", submenu=games_menu(session), separator=True))
    items.append(MenuItem(QUIT.label, QUIT, QUIT.shortcut))
    return Menu(game.name, items)


def iconbar_menu() -> Menu:
    return Menu("King Albert", [MenuItem("Info", submenu=about_box()), MenuItem(QUIT.label, QUIT)])
