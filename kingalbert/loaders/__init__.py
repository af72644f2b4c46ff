"""Rule-file loaders: each turns one format's file into an engine ``Ruleset``.

Every loader module exposes ``load(path) -> Ruleset`` (and ``loads(text,
filename)``) and raises ``RuleFileError`` (file, line, message) for any
problem.  ``load`` here finds the format by extension — ``.sol``, ``.pat``,
``.ini`` or a folder holding ``game.ini``, ``.cdl`` — and otherwise by
sniffing the content.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from ..engine.errors import RuleFileError
from ..engine.ruleset import Ruleset

#: format key -> (what the player calls it, module)
FORMATS = {
    "sol": ("SolKit .sol", "kingalbert.loaders.solkit"),
    "pat": (".pat patience", "kingalbert.loaders.pat"),
    "ini": ("YaZZle game.ini", "kingalbert.loaders.yazzle"),
    "cdl": ("CardsWorkShop .cdl", "kingalbert.loaders.cdl"),
}


def _looks_like_pat(text: str) -> bool:
    from .pat import looks_like_pat
    return looks_like_pat(text)


#: format key -> does this text look like that format?  Tried in order.
_SNIFFERS = [
    ("cdl", re.compile(r"^\s*GAME\s+\w+\s+IS\b", re.I | re.M).search),
    ("ini", re.compile(r"^\s*\[(General|Game|DealtCard\d+|Tableau\d*|Stock\d*)\]\s*$", re.I | re.M).search),
    ("sol", re.compile(r"^\s*\[(global|deck|foundation|column|free ?cell)\]\s*$", re.I | re.M).search),
    ("pat", _looks_like_pat),
]


def read_text(path) -> str:
    """A rule file's text: UTF-8 (with or without BOM), else Latin-1; binary is an error."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise RuleFileError(path, None, "is a folder without a game.ini") from None
    except OSError as error:
        raise RuleFileError(path, None, f"can't be read ({error.strerror or error})") from None
    if b"\0" in data:
        raise RuleFileError(path, None, "is a binary file, not a rule file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def detect_format(path) -> str:
    """The format key of a rule file; raises RuleFileError if it is none we know."""
    path = Path(path)
    if path.is_dir():
        if (path / "game.ini").is_file():
            return "ini"
        raise RuleFileError(path, None, "is a folder without a game.ini")
    suffix = path.suffix.lower().lstrip(".")
    if suffix in FORMATS:
        return suffix
    text = read_text(path)
    for key, looks_like in _SNIFFERS:
        if looks_like(text):
            return key
    raise RuleFileError(path, None, "is not a rule file of any format this program knows (.sol, .pat, game.ini, .cdl)")


def load(path) -> Ruleset:
    """Load a rule file of any known format."""
    key = detect_format(path)
    label, module_name = FORMATS[key]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise RuleFileError(path, None, f"{label} files can't be loaded yet (no loader)") from None
    ruleset = module.load(path)
    ruleset.source = str(path)
    return ruleset
