"""Saved games and the autosave: the position JSON plus the move history.

A saved game is the position (as ``Game.to_position`` gives it) plus which
game it is, the options, where the game started and every move played and
undone, so that loading it gives back the game at the same move with its
undo and redo history.  The autosave (``autosave.json`` in the user data
folder) is written atomically after every change in the desktop, so that
starting again — after Quit, a crash or ``kill -9`` — brings back the same
game at the same move.  A file that can't be read back is renamed aside to
``.bad`` and reported, never overwritten silently.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..engine.errors import PositionError, RuleFileError, SolitaireError
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..loaders.text import ReadError, read_bytes
from .catalogue import GameRef, safe_load
from .files import atomic_write, data_dir, set_aside

FORMAT = "kingalbert saved game"
VERSION = 1
#: the largest saved game read
MAX_BYTES = 64 * 2**20


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def to_save(game: Game) -> dict:
    """The saved game of ``game`` (a JSON-ready dict)."""
    save: dict = {"format": FORMAT, "version": VERSION}
    save.update(game.to_position())
    ref = GameRef.of(game.ruleset)
    save["rulefile"] = ref.path
    if ref.builtin is not None:
        save["builtin"] = ref.builtin
    save["options"] = dict(game.options)
    save["start"] = game.start_position()
    save["moves"] = [str(move) for move in game.history]
    save["undone"] = [str(move) for move in game.undone]
    return save


def game_ref(save: dict) -> GameRef:
    """Which game a saved game is of (a version-1 file without a rule file is King Albert's)."""
    rulefile = save.get("rulefile")
    if rulefile is not None:
        if not isinstance(rulefile, str):
            raise PositionError('"rulefile" must be a path or null')
        return GameRef(path=rulefile)
    builtin = save.get("builtin", "king-albert")
    if not isinstance(builtin, str):
        raise PositionError('"builtin" must be the id of a built-in game')
    return GameRef(builtin=builtin)


def from_save(ruleset: Ruleset, save: dict, options: dict | None = None) -> Game:
    """Replay a saved game (``to_save``); raises PositionError if it doesn't replay exactly."""
    if not isinstance(save, dict) or save.get("format") != FORMAT:
        raise PositionError("not a saved game")
    start, moves, undone = save.get("start"), save.get("moves", []), save.get("undone", [])
    if not isinstance(start, dict) or not isinstance(moves, list) or not isinstance(undone, list):
        raise PositionError('a saved game needs "start", "moves" and "undone"')
    if options is None and isinstance(save.get("options"), dict):
        options = save["options"]
    game = Game.from_position(ruleset, {"seed": save.get("seed"), **start}, options)
    for number, text in enumerate(moves + undone, 1):
        if not isinstance(text, str):
            raise PositionError(f"move {number} is not an action")
        try:
            game.play(text)
        except SolitaireError as error:
            raise PositionError(f"move {number} ({text}) does not replay: {error}") from None
    for _ in undone:
        game.undo()
    if "piles" in save:
        saved = {entry.get("name"): entry.get("cards") for entry in save["piles"] if isinstance(entry, dict)}
        now = {pile.name: [str(card) for card in pile.cards] for pile in game.piles}
        if any(saved.get(name, []) != cards for name, cards in now.items()):
            raise PositionError("the moves do not lead to the saved position")
    game.message = ""
    return game


def is_saved_game(path) -> bool:
    """Is this a saved game (rather than a rule file)?  Only a regular file can be; one
    that starts like JSON is read whole (within bounds) to find its "format"."""
    try:
        data = read_bytes(path, MAX_BYTES)
    except ReadError:
        return False
    if not data.lstrip().startswith(b"{"):
        return False
    if FORMAT.encode() not in data:
        return False
    try:
        return isinstance(parsed := json.loads(data.decode("utf-8-sig")), dict) and parsed.get("format") == FORMAT
    except (ValueError, RecursionError):
        return False


def write_game(game: Game, path) -> None:
    atomic_write(path, json.dumps(to_save(game), indent=1) + "\n")


def read_game(path) -> Game:
    """A saved game, replayed; raises SolitaireError naming the file on any problem."""
    path = Path(path)
    try:
        data = json.loads(read_bytes(path, MAX_BYTES).decode("utf-8-sig"))
    except ReadError as error:
        raise SolitaireError(f"{path}: {error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = getattr(error, "lineno", None)
        raise SolitaireError(f"{path}{f':{line}' if line else ''}: not a saved game ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SolitaireError(f"{path}: not a saved game")
    try:
        ref = game_ref(data)
    except PositionError as error:
        raise SolitaireError(f"{path}: {error}") from None
    try:
        ruleset = safe_load(ref)
    except RuleFileError as error:
        raise SolitaireError(f"{path}: its game can't be loaded: {error}") from None
    try:
        return from_save(ruleset, data)
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
