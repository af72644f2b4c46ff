"""Position files: a game set up from the JSON that ``Game.to_position`` writes.

A position file is read within bounds (a regular file of at most
``MAX_BYTES``, UTF-8 with or without a byte-order mark), and whatever is in
it — any JSON, nested however deep, numbers of any size — either sets up a
game or is refused with a ``PositionError`` naming the file.
"""
from __future__ import annotations

import json

from ..engine.errors import PositionError
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..loaders.text import ReadError, read_bytes

#: the largest position file read (a real one is a few kilobytes; the bound is a saved
#: game's, which holds a position and more: `deal` of a rule file near its 16 MB bound,
#: with thousands of long pile names, wrote 4.3 MB, which 4 MB here refused)
MAX_BYTES = 64 * 2**20


def parse_json(data: bytes, where: str, what: str):
    """JSON from a file's bytes; raises PositionError("WHERE[:LINE]: not WHAT (why)")."""
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise PositionError(f"{where}: not {what} (not UTF-8 text: {error.reason})") from None
    except json.JSONDecodeError as error:
        raise PositionError(f"{where}:{error.lineno}: not {what} ({error.msg})") from None
    except RecursionError:
        raise PositionError(f"{where}: not {what} (nested too deeply)") from None
    except ValueError:   # (Python's: a number too long to convert)
        raise PositionError(f"{where}: not {what} (a number of thousands of digits)") from None


def read_position(path) -> object:
    """The JSON in a position file; raises PositionError naming the file (and line)."""
    try:
        data = read_bytes(path, MAX_BYTES)
    except ReadError as error:
        raise PositionError(f"{path}: {error}") from None
    return parse_json(data, str(path), "a JSON position")


def read_game(path, ruleset: Ruleset, options: dict | None = None) -> Game:
    """A game of ``ruleset`` set up from the position in the file at ``path``."""
    data = read_position(path)
    if not isinstance(data, dict):
        raise PositionError(f"{path}: a position is a JSON object")
    if data.get("game") not in (None, ruleset.name):
        raise PositionError(f"{path}: a position of {data.get('game')!r}, not of {ruleset.name!r}")
    try:
        return Game.from_position(ruleset, data, options)
    except PositionError as error:
        raise PositionError(f"{path}: {error}") from None
