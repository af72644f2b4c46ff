"""A game's own options (*Auto finish*, *Auto stack*, a YaZZle mode ...) as the player
names them: on the menus, and as ``option:NAME=VALUE`` actions on the command line and
in saved games' histories."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import IllegalMoveError, InvalidMoveError, shorten
from ..engine.game import Game
from ..engine.ruleset import Ruleset

_WORDS = {"on": True, "off": False}
PREFIX = "option:"


@dataclass(frozen=True)
class GameOption:
    """One of a game's own options: on/off (``choices`` None) or one of ``choices``."""

    name: str
    label: str
    choices: tuple[str, ...] | None = None


def game_options(ruleset: Ruleset) -> list[GameOption]:
    """The options a game understands, in the order its menu shows them."""
    options = [GameOption(name, name.replace("_", " ").capitalize())
               for name, value in ruleset.default_options.items() if isinstance(value, bool)]
    options += [GameOption(name, name.replace("_", " ").capitalize(), tuple(choices))
                for name, choices in ruleset.option_choices.items()]
    return options


def demo_options(game: Game) -> dict:
    """The options Demo plays the solver's line under: the ruleset's automatic moves
    (its ``assist_options``) off, as the solver played it."""
    return {name: False for name in game.ruleset.assist_options if name in game.options}


def finishing_move(game: Game):
    """The move that starts a finish the options just changed allow at once (*Auto finish*
    ticked with every stack sorted: its first card up), or None; a client plays it after
    the change, as a move of its own (Undo takes it back, a saved game replays it)."""
    return game.ruleset.finishing_move(game) if game.status == "playing" else None


def is_option_action(text: str) -> bool:
    return text.strip().lower().startswith(PREFIX)


def parse_option(ruleset: Ruleset, text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` (``auto-finish=on``, ``mode=hard``; an ``option:`` in front is
    allowed) as (option name, value) for this game; raises IllegalMoveError if the game
    has no such option or value, InvalidMoveError if it isn't NAME=VALUE at all."""
    text = text.strip()
    if text.lower().startswith(PREFIX):
        text = text[len(PREFIX):]
    name, sep, value = text.partition("=")
    key = name.strip().lower().replace("-", "_")
    word = value.strip().lower()
    if not sep or not key or not word:
        raise InvalidMoveError(f"not an option action: {shorten(text)!r} (expected option:NAME=VALUE)")
    options = {option.name: option for option in game_options(ruleset)}
    option = options.get(key)
    if option is None:
        offered = ", ".join(sorted(o.replace("_", "-") for o in options)) or "none"
        raise IllegalMoveError(f"{ruleset.name} has no option {shorten(name.strip())!r} (its options: {offered})")
    if option.choices is None:
        if word not in _WORDS:
            raise IllegalMoveError(f"{option.label} is on or off, not {shorten(value.strip())!r}")
        return key, _WORDS[word]
    if word not in option.choices:
        raise IllegalMoveError(f"{option.label} is one of {', '.join(option.choices)}, not {shorten(value.strip())!r}")
    return key, word


def option_action(name: str, value: Any) -> str:
    """The action that sets an option: ``option:auto-finish=off``."""
    shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{PREFIX}{name.replace('_', '-')}={shown}"


def option_actions(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The actions that change options ``old`` into ``new``."""
    return [option_action(name, value) for name, value in new.items() if old.get(name, not value) != value]
