"""The one table of commands: what the menus offer, the keys that do the same, and
the option actions of the command line.

A ``Command`` is data — a name, the menu's label and key text, the key
chords that run it, and for some an argument (which option, which file) —
and ``run`` is the one dispatcher that carries a command out on a
``Session``.  The desktop builds its menus and its key map from these
(adding commands of its own that act on the window, such as Quit), and the
command line's ``option:NAME=VALUE`` actions and ``kingalbert options`` go
through ``game_options.parse_option`` and ``Session.set_option`` like a menu tick.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.ruleset import Ruleset
from .game_options import game_options
from .session import Session


@dataclass(frozen=True)
class Command:
    #: the dispatcher's name for it
    name: str
    #: what a menu shows
    label: str = ""
    #: an argument: which option and value (a pair), which game (a GameRef) ...
    arg: Any = None
    #: the key text a menu shows at the right ("^Z")
    shortcut: str = ""
    #: the key chords that run it ("Ctrl+Z"): modifiers joined by "+", then the key's name
    keys: tuple[str, ...] = ()
    #: it takes the text of a writable menu item
    writable: bool = False


NEW = Command("new", "New game", shortcut="^N", keys=("Ctrl+N",))
RANDOM_DEAL = Command("new", "Random deal")
DEAL_NUMBER = Command("deal", "Deal number", writable=True)
WINNABLE_DEALS = Command("winnable_deals", "Only winnable deals")
RESTART = Command("restart", "Restart", shortcut="^R", keys=("Ctrl+R",))
UNDO = Command("undo", "Undo", shortcut="^Z", keys=("Ctrl+Z",))
REDO = Command("redo", "Redo", shortcut="^Y", keys=("Ctrl+Y", "Ctrl+Shift+Z"))
HINT = Command("hint", "Hint", shortcut="^H", keys=("Ctrl+H",))
DEMO = Command("demo", "Demo", shortcut="^D", keys=("Ctrl+D",))
INDICATOR = Command("indicator", "Winnable?")
SAVE_OPTIONS = Command("save_options", "Save options")
SAVE_GAME = Command("save_game", "Save as", writable=True)
#: the commands that act on the session, in menu order (options come between Redo and Hint)
SESSION_COMMANDS = (NEW, DEAL_NUMBER, WINNABLE_DEALS, RESTART, UNDO, REDO, HINT, DEMO, INDICATOR, SAVE_OPTIONS,
                    SAVE_GAME)


def option_commands(ruleset: Ruleset) -> list[Command]:
    """The menu items of a game's own options: a tick for each on/off option, one item
    per choice of the others ("Easy mode", "Hard mode")."""
    commands = []
    for option in game_options(ruleset):
        if option.choices is None:
            commands.append(Command("option", option.label, arg=(option.name, None)))
        else:
            commands.extend(Command("option", f"{choice.capitalize()} {option.name}", arg=(option.name, choice))
                            for choice in option.choices)
    return commands


def is_ticked(session: Session, command: Command) -> bool:
    if command.name == "option":
        name, choice = command.arg
        value = session.option(name)
        return bool(value) if choice is None else str(value).lower() == choice
    if command.name == "indicator":
        return session.indicator_on
    if command.name == "winnable_deals":
        return bool(session.options.values.get("winnable_deals"))
    return False


def is_shaded(session: Session, command: Command) -> bool:
    game = session.game
    if command.name in ("restart", "undo"):
        return not game.can_undo
    if command.name == "redo":
        return not game.can_redo
    if command.name in ("hint", "demo"):
        return game.status != "playing"
    return False


def run(session: Session, command: Command, text: str | None = None) -> None:
    """Carry out a session command (``text``: a writable item's text).  Errors from
    loading or writing files are raised for the client to show."""
    name = command.name
    if name == "new":
        session.new_game()
    elif name == "deal":
        session.deal_number(text or "")
    elif name == "winnable_deals":
        session.toggle_winnable_deals()
    elif name == "restart":
        session.restart()
    elif name == "undo":
        session.undo()
    elif name == "redo":
        session.redo()
    elif name == "hint":
        session.show_hint()
    elif name == "demo":
        session.start_demo()
    elif name == "indicator":
        session.toggle_indicator()
    elif name == "save_options":
        session.save_options()
    elif name == "save_game":
        session.save_game(text or "")
    elif name == "option":
        option, choice = command.arg
        if choice is None:
            session.toggle_option(option)
        else:
            session.set_option(option, choice)
    else:
        raise ValueError(f"not a session command: {name!r}")
