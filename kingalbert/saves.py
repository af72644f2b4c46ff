"""Saved games and the autosave: the position JSON plus the move history.

The autosave (``autosave.json`` in the user data folder) is written
atomically after every change in the desktop, so that starting again — after
Quit, a crash or ``kill -9`` — brings back the same game at the same move,
undo history included.  A file that can't be read back is renamed aside to
``.bad`` and reported, never overwritten silently.
"""
from __future__ import annotations

import json
from pathlib import Path

from .engine.errors import PositionError, RuleFileError, SolitaireError
from .engine.game import Game
from .files import atomic_write, data_dir, set_aside


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def is_saved_game(path) -> bool:
    """Does this file look like a saved game (rather than a rule file)?"""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and Game.SAVE_FORMAT.encode() in head


def write_game(game: Game, path) -> None:
    atomic_write(path, json.dumps(game.to_save(), indent=1) + "\n")


def read_game(path) -> Game:
    """A saved game, replayed; raises SolitaireError naming the file on any problem."""
    from .cli import safe_load
    path = Path(path)
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as error:
        raise SolitaireError(f"{path}: can't be read ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = getattr(error, "lineno", None)
        raise SolitaireError(f"{path}{f':{line}' if line else ''}: not a saved game ({error})") from None
    if not isinstance(data, dict) or data.get("format") != Game.SAVE_FORMAT:
        raise SolitaireError(f"{path}: not a saved game")
    rulefile = data.get("rulefile")
    if rulefile is not None and not isinstance(rulefile, str):
        raise SolitaireError(f"{path}: \"rulefile\" must be a path or null")
    try:
        ruleset = safe_load(rulefile)
    except RuleFileError as error:
        raise SolitaireError(f"{path}: its game can't be loaded: {error}") from None
    try:
        return Game.from_save(ruleset, data)
    except PositionError as error:
        raise SolitaireError(f"{path}: {error}") from None


def load_autosave() -> tuple[Game | None, str | None]:
    """The game in progress when the program last stopped, if any; and a message if the
    autosave could not be used (it is then kept as ``autosave.json.bad``)."""
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        return read_game(path), None
    except SolitaireError as error:
        try:
            kept = set_aside(path)
        except OSError:
            return None, f"{error}"
        return None, f"{error} (kept as {kept.name})"
