"""The games the program offers, and loading one of them safely.

A game is named by a ``GameRef``: a built-in game by its stable id (King
Albert is ``king-albert``), or a rule file by its path.  Built-in games are
rulesets written in Python and registered in ``BUILTIN``, first-class
entries beside the bundled rule files (by format, from the loaders' one
table of formats) and the player's own ``rules`` folder.  Statistics, saved
games, the solver's worker and both clients name games only through this.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .. import games as bundled_folder
from ..engine.errors import RuleFileError
from ..engine.king_albert import KingAlbert
from ..engine.ruleset import Ruleset
from ..loaders import FORMATS, Format, file_in_folder, game_name
from ..loaders import load as load_rule_file
from .files import data_dir

#: built-in game id -> its ruleset class; the first one is the default game
BUILTIN: dict[str, type[Ruleset]] = {cls.builtin_id or cls.name: cls for cls in (KingAlbert,)}
DEFAULT = next(iter(BUILTIN))
#: the folder of bundled rule files
GAMES_DIR = Path(bundled_folder.__file__).parent
#: at most this many of the player's own rule files are offered in the Games menu
MAX_OWN = 40


@dataclass(frozen=True)
class GameRef:
    """Which game: a built-in one (``builtin`` id) or a rule file (``path``)."""

    builtin: str | None = None
    path: str | None = None

    @classmethod
    def of(cls, ruleset: Ruleset) -> GameRef:
        if ruleset.source is not None:
            return cls(path=ruleset.source)
        return cls(builtin=ruleset.builtin_id or DEFAULT)

    @classmethod
    def parse(cls, text: str | None) -> GameRef:
        """What the player typed for a game: nothing (the default game), a built-in
        game's id (unless a file of that name exists), or a rule file's path."""
        if text is None:
            return cls(builtin=DEFAULT)
        if text.lower() in BUILTIN and not os.path.exists(text):
            return cls(builtin=text.lower())
        return cls(path=str(text))

    @property
    def key(self) -> str:
        """A stable key for statistics: ``builtin:ID`` or the rule file's absolute path."""
        if self.builtin is not None:
            return f"builtin:{self.builtin}"
        return str(rule_file_place(self.path or ""))

    def __str__(self) -> str:
        return self.path if self.path is not None else str(self.builtin)


def rule_file_place(path: str | Path) -> Path:
    """Where a rule file is, from the root: a YaZZle game's folder and its game.ini are
    one game (for statistics, and the autosave's game)."""
    place = Path(path).expanduser().resolve()
    return (file_in_folder(place, "game.ini") or place / "game.ini") if place.is_dir() else place


def load_ruleset(ref: GameRef | str | None) -> Ruleset:
    """The ruleset of a game; raises RuleFileError if it can't be loaded."""
    if not isinstance(ref, GameRef):
        ref = GameRef.parse(ref)
    if ref.builtin is not None:
        try:
            return BUILTIN[ref.builtin]()
        except KeyError:
            raise RuleFileError(ref.builtin, None, "is no built-in game "
                                f"(the built-in games are {', '.join(BUILTIN)})") from None
    return load_rule_file(ref.path)


def safe_load(ref: GameRef | str | None) -> Ruleset:
    """``load_ruleset``, with any failure turned into a RuleFileError naming the file."""
    try:
        return load_ruleset(ref)
    except RuleFileError:
        raise
    except RecursionError:
        raise RuleFileError(str(ref), None, "is nested too deeply to read") from None
    except MemoryError:
        raise RuleFileError(str(ref), None, "needs more memory than there is to load") from None
    except OSError as error:    # (the system's, as a name too long for it)
        raise RuleFileError(str(ref), None, f"can't be read ({error.strerror or error})") from None
    except Exception as error:  # a loader bug must not cost the user a traceback
        raise RuleFileError(str(ref), None, f"could not be loaded ({type(error).__name__}: {error})") from None


# -- what the Games menu lists ---------------------------------------------------------
def builtin_games() -> list[tuple[str, str]]:
    """(id, name) of every built-in game."""
    return [(game_id, cls.name) for game_id, cls in BUILTIN.items()]


def bundled_games() -> dict[str, list[Path]]:
    """Format key -> the bundled rule files of that format, sorted by name."""
    return {key: sorted(GAMES_DIR.glob(fmt.bundled)) for key, fmt in FORMATS.items()}


def format_of(key: str) -> Format:
    return FORMATS[key]


def own_rules_dir() -> Path:
    return data_dir() / "rules"


def own_games() -> tuple[list[Path], str | None]:
    """The player's own rule files (regular files, and folders for YaZZle games), by name;
    and a message if the folder can't be read."""
    folder = own_rules_dir()
    try:
        entries = sorted(folder.iterdir())
    except FileNotFoundError:
        return [], None
    except OSError as error:
        return [], f"{folder}: can't be read ({error.strerror or error})"
    found = []
    for path in entries:
        if path.name.startswith("."):
            continue
        try:
            mode = path.stat().st_mode
        except OSError:
            continue
        # (a folder is a YaZZle game only with its game.ini: an empty one is no game to offer)
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode) and file_in_folder(path, "game.ini") is not None:
            found.append(path)
        if len(found) >= MAX_OWN:
            break
    return found, None


def game_title(path) -> str:
    """A menu title for a rule file: its game's own name, the one its window's title bar
    shows (read once per version of the file); for a file that can't be read, its name
    as written (its folder's for a game.ini)."""
    path = Path(path)
    try:
        status = path.stat()
        return _game_name(str(path), status.st_mtime_ns, status.st_size)
    except Exception:   # a file that can't be read or loaded is still offered, by its name
        return path.parent.name if path.name.lower() == "game.ini" else (path.stem or path.name)


@lru_cache(maxsize=256)
def _game_name(path: str, mtime_ns: int, size: int) -> str:
    return game_name(path)
