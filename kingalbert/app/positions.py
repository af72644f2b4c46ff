"""Position files: a game set up from the JSON that ``Game.to_position`` writes."""
from __future__ import annotations

import json

from ..engine.errors import PositionError
from ..engine.game import Game
from ..engine.ruleset import Ruleset


def read_position(path) -> object:
    """The JSON in a position file; raises PositionError naming the file (and line)."""
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read().decode("utf-8"))
    except OSError as error:
        raise PositionError(f"{path}: can't be read ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = getattr(error, "lineno", None)
        where = f"{path}:{line}" if line else str(path)
        raise PositionError(f"{where}: not a JSON position ({error})") from None


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
