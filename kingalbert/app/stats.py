"""Statistics per game: played, won, winning percentage (``statistics.json`` in the user data folder).

A game counts as played once a card has moved.  Games are keyed by
``GameRef.key``: a rule file's absolute path (so custom files from outside
the bundled set count too), a built-in game's ``builtin:ID`` (files written
before built-in games had ids keyed them by name; they are read as such).
"""
from __future__ import annotations

import json
from pathlib import Path

from ..engine.ruleset import Ruleset
from .catalogue import BUILTIN, GameRef
from .files import atomic_write, data_dir, set_aside

#: how files written before built-in games had ids named them: name -> key
_OLD_KEYS = {cls.name: GameRef(builtin=game_id).key for game_id, cls in BUILTIN.items()}


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def game_key(ruleset: Ruleset) -> str:
    return GameRef.of(ruleset).key


class Statistics:
    def __init__(self, path=None):
        self.path = Path(path) if path else stats_path()
        self.problem: str | None = None
        self.games: dict[str, dict] = self._read()

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_bytes().decode("utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            return self._bad(f"{self.path}: unreadable statistics ({error})")
        if not isinstance(data, dict) or not all(
                isinstance(v, dict) and isinstance(v.get("played"), int) and isinstance(v.get("won"), int)
                for v in data.values()):
            return self._bad(f"{self.path}: not a statistics file")
        for old, key in _OLD_KEYS.items():
            if old in data and key not in data:
                data[key] = data.pop(old)
        return data

    def _bad(self, message: str) -> dict:
        try:
            kept = set_aside(self.path)
            self.problem = f"{message}; kept as {kept.name}, counting afresh"
        except OSError:
            self.problem = message
        return {}

    def get(self, key: str) -> tuple[int, int]:
        entry = self.games.get(key, {})
        return entry.get("played", 0), entry.get("won", 0)

    def record(self, key: str, name: str, *, played: int = 0, won: int = 0) -> None:
        entry = self.games.setdefault(key, {"name": name, "played": 0, "won": 0})
        entry["played"] += played
        entry["won"] += won
        atomic_write(self.path, json.dumps(self.games, indent=1, sort_keys=True) + "\n")

    @staticmethod
    def describe(played: int, won: int) -> str:
        percent = f"{100 * won // played}%" if played else "-"
        return f"played {played}, won {won} ({percent})"
