"""Statistics per game: played, won, winning percentage (``statistics.json`` in the user data folder).

A game counts as played once a card has moved.  Games are keyed by
``GameRef.key``: a rule file's absolute path (so custom files from outside
the bundled set count too), a built-in game's ``builtin:ID`` (files written
before built-in games had ids keyed them by name; they are read as such).
"""
from __future__ import annotations

import json
from pathlib import Path

from ..engine.errors import shorten
from ..engine.ruleset import Ruleset
from ..loaders.text import ReadError, read_bytes
from .catalogue import BUILTIN, GameRef
from .files import atomic_write, data_dir, locked, set_aside

#: how files written before built-in games had ids named them: name -> key
_OLD_KEYS = {cls.name: GameRef(builtin=game_id).key for game_id, cls in BUILTIN.items()}


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def game_key(ruleset: Ruleset) -> str:
    return GameRef.of(ruleset).key


#: the largest statistics file read
MAX_BYTES = 4 * 2**20
#: the counts kept per game: played, won by the player, won with Demo's help
COUNTS = ("played", "won", "won_with_demo")


def parse(data: bytes, path) -> dict[str, dict]:
    """The games of a statistics file's bytes; raises ValueError saying what is wrong."""
    try:
        parsed = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not UTF-8 text ({error.reason})") from None
    except RecursionError:
        raise ValueError(f"{path}: nested too deeply to be statistics") from None
    except ValueError as error:
        raise ValueError(f"{path}: not JSON ({shorten(str(error), 120)})") from None
    if not isinstance(parsed, dict):
        raise ValueError(f"{path}: not a statistics file (not an object of games)")
    games = {}
    for key, entry in parsed.items():
        if not isinstance(entry, dict):
            raise ValueError(f"{path}: the entry of {shorten(key)!r} is not an object")
        counts = {name: entry.get(name, 0) for name in COUNTS}
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**12 for n in counts.values()):
            raise ValueError(f"{path}: the counts of {shorten(key)!r} are not whole numbers from 0 up")
        name = entry.get("name", key)
        renamed = _OLD_KEYS.get(key)   # a file written before built-in games had ids
        if renamed is not None and renamed not in parsed:
            key = renamed
        games[key] = {"name": shorten(name) if isinstance(name, str) else shorten(key), **counts}
    return games


class Statistics:
    """The counts of every game, kept in ``statistics.json``.  Every change is a
    read-modify-write under a lock, so that several windows' counts all land."""

    def __init__(self, path=None):
        self.path = Path(path) if path else stats_path()
        self.problem: str | None = None
        self.games: dict[str, dict] = self._read()

    def _read(self) -> dict:
        """The file's games; a file that can't be read is set aside (``.bad``), and counting
        starts afresh with a message in ``problem``."""
        if not self.path.exists():
            return {}
        try:
            return parse(read_bytes(self.path, MAX_BYTES), self.path)
        except ReadError as error:
            return self._bad(f"{self.path}: {error}")
        except ValueError as error:
            return self._bad(str(error))

    def _bad(self, message: str) -> dict:
        try:
            kept = set_aside(self.path)
            self.problem = f"{message}; kept as {kept.name}, counting afresh"
        except OSError:
            self.problem = message
        return {}

    def get(self, key: str) -> tuple[int, int]:
        """(played, won) of a game; a win with Demo's help is not counted as won."""
        entry = self.games.get(key, {})
        return entry.get("played", 0), entry.get("won", 0)

    def won_with_demo(self, key: str) -> int:
        return self.games.get(key, {}).get("won_with_demo", 0)

    def refresh(self) -> None:
        """Read the file again (another window may have counted since)."""
        self.games = self._read()

    def record(self, key: str, name: str, **counts: int) -> None:
        """Add to a game's counts (``played``, ``won``, ``won_with_demo``): the file is read
        again under its lock, the counts added and the file written, so nothing another
        window counted meanwhile is lost."""
        with locked(self.path):
            games = self.games = self._read()
            games = {k: dict(v) for k, v in games.items()}    # (counted here once written)
            entry = games.setdefault(key, {"name": name, **dict.fromkeys(COUNTS, 0)})
            for what, n in counts.items():
                entry[what] = entry.get(what, 0) + n
            atomic_write(self.path, json.dumps(games, indent=1, sort_keys=True) + "\n", make_folder=True)
            self.games = games

    @staticmethod
    def describe(played: int, won: int) -> str:
        percent = f"{100 * won // played}%" if played else "-"
        return f"played {played}, won {won} ({percent})"
