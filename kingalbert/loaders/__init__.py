"""Rule-file loaders: each turns one format's file into an engine ``Ruleset``.

Every format lives in a module or package of its own here (reader, model and
ruleset) and exposes ``load(path) -> Ruleset`` and ``loads(text, filename)``,
raising ``RuleFileError`` (file, line, message) for any problem.

``FORMATS`` is the one table of formats — what the player calls each, the
file suffixes and the folder that mark it, how to recognise its text, where
the bundled examples of it lie — and every caller (loading, the games
catalogue, the menus, the benchmarks) reads it.  ``load`` here finds a file's
format by suffix (or a folder holding ``game.ini``), else by sniffing the
text.  A new format is one entry here and one package beside this file.
"""
from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import RuleFileError, shorten
from ..engine.ruleset import Ruleset
from .text import file_in_folder, read_text

#: the longest game name kept (a longer one is cut, with "…")
MAX_NAME = 60

__all__ = ["FORMATS", "Format", "detect_format", "file_in_folder", "find_format", "game_name", "load", "read_text"]


@dataclass(frozen=True)
class Format:
    #: a short stable key ("sol"), used in tables and the bundled folder's name
    key: str
    #: what the player calls it (the Games menu's submenu, messages)
    label: str
    #: file suffixes that mark it, lower case with the dot
    suffixes: tuple[str, ...]
    #: the module that loads it (``load(path)``), imported when first needed
    module: str
    #: the bundled examples: a glob below ``kingalbert/games``
    bundled: str
    #: does a file's text look like this format?  (Tried in table order.)
    sniff: Callable[[str], bool]
    #: a folder holding this file is a game of the format (YaZZle's game.ini)
    folder_file: str | None = None


def _search(pattern: str) -> Callable[[str], bool]:
    """A sniffer: does any line match ``pattern`` (a whole-line pattern, no ``^`` needed)?"""
    compiled = re.compile(pattern, re.I)

    def sniff(text: str) -> bool:
        return any(compiled.match(line) for line in text.splitlines())
    return sniff


def _looks_like_pat(text: str) -> bool:
    """The ``.pat`` sniffer, its package imported only when a file is sniffed (start-up
    with a built-in game or another format's file needs none of it)."""
    from .pat import looks_like_pat
    return looks_like_pat(text)


FORMATS: dict[str, Format] = {
    "sol": Format("sol", "SolKit", (".sol",), "kingalbert.loaders.solkit", "sol/*.sol",
                  _search(r"\s*\[(global|deck|foundation|column|free ?cell)\]\s*$")),
    "pat": Format("pat", "Patience (.pat)", (".pat",), "kingalbert.loaders.pat", "pat/*.pat", _looks_like_pat),
    "ini": Format("ini", "YaZZle", (".ini",), "kingalbert.loaders.yazzle", "yazzle/*/game.ini",
                  _search(r"\s*\[(General|Game|DealtCard\d+|Tableau\d*|Stock\d*)\]\s*$"), folder_file="game.ini"),
    "cdl": Format("cdl", "CardsWorkShop", (".cdl",), "kingalbert.loaders.cdl", "cdl/*.cdl",
                  _search(r"\s*GAME\s+\w+\s+IS\b")),
}
#: the order sniffers are tried in: the most distinctive text first
_SNIFF_ORDER = ("cdl", "ini", "sol", "pat")


def find_format(path) -> Format | None:
    """The format a path's name or folder says, without reading the file."""
    path = Path(path)
    for fmt in FORMATS.values():
        if fmt.folder_file and path.is_dir() and file_in_folder(path, fmt.folder_file) is not None:
            return fmt
        if path.suffix.lower() in fmt.suffixes:
            return fmt
    return None


def detect_format(path) -> str:
    """The format key of a rule file; raises RuleFileError if it is none we know."""
    if not str(path):
        raise RuleFileError("''", None, "no rule file given (an empty name)")
    path = Path(path)
    fmt = find_format(path)
    if fmt is not None:
        return fmt.key
    if path.is_dir():
        raise RuleFileError(path, None, "is a folder without a game.ini")
    text = read_text(path)
    for key in _SNIFF_ORDER:
        if FORMATS[key].sniff(text):
            return key
    known = ", ".join(suffix for fmt in FORMATS.values() for suffix in fmt.suffixes)
    raise RuleFileError(path, None, f"is not a rule file of any format this program knows ({known})")


def load(path) -> Ruleset:
    """Load a rule file of any known format."""
    fmt = FORMATS[detect_format(path)]
    module = importlib.import_module(fmt.module)
    ruleset = module.load(path)
    # (the path from the root, as typed otherwise: a saved game or the autosave names its
    # rule file by it, and is read again from any folder)
    ruleset.source = os.path.abspath(path)
    ruleset.name = shorten(str(ruleset.name), MAX_NAME)
    return ruleset


def game_name(path) -> str:
    """The name of a rule file's game, as its ruleset (and so the title bar) has it: read
    from the file's header where its format's loader offers that (``game_name(path)``,
    cheaper than loading), else by loading it.  Raises RuleFileError as ``load`` does."""
    fmt = FORMATS[detect_format(path)]
    module = importlib.import_module(fmt.module)
    peek = getattr(module, "game_name", None)
    name = peek(path) if peek is not None else None
    return shorten(name, MAX_NAME) if name is not None else load(path).name
