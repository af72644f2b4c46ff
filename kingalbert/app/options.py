"""The options file: ``key = value`` lines, ``#`` comments (see options.example).

A missing file means the defaults.  A file that can't be read or understood
also means the defaults, with a message naming the file and line; it is kept
as it is until the player saves options, and then renamed aside to ``.bad``
(never silently overwritten).  Writes are atomic.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..loaders.text import ReadError, read_bytes
from .files import atomic_write, config_dir, locked, set_aside

#: the largest options file read (a real one is a few hundred bytes)
MAX_BYTES = 64 * 1024

#: key in the file -> (key in game.options, default)
KEYS = {
    "auto finish": ("auto_finish", True),
    "auto stack": ("auto_stack", False),
    "winnable indicator": ("indicator", True),
    "only winnable deals": ("winnable_deals", False),
}
DEFAULTS = dict(KEYS.values())
_WORDS = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


def options_path() -> Path:
    return config_dir() / "options"


@dataclass
class Options:
    values: dict = field(default_factory=lambda: dict(DEFAULTS))
    path: Path = field(default_factory=options_path)
    #: why the file was not used, if it wasn't
    problem: str | None = None
    #: the values as this window last read or saved them (``load_options``; None: not read
    #: from the file, all of them the player's): what differs from them is what the player
    #: changed here, and all that Save options changes in the file
    known: dict | None = None

    def save(self) -> str:
        """Save options: the options changed here written over the file as it is now (under
        its lock), so that what another window saved since is kept.  Returns a message."""
        known = self.known
        changed = {name for name, value in self.values.items() if known is None or known.get(name) != value}
        with locked(self.path):
            now = load_options(self.path)
            values = dict(self.values) if now.problem else {
                name: self.values[name] if name in changed else value for name, value in now.values.items()}
            message = save_options(values, self.path)
        self.known = dict(self.values)
        self.problem = None
        kept = [key for key, (name, _) in KEYS.items() if values[name] != self.values[name]]
        if kept:
            message += f" ({', '.join(kept)} as another window saved {'them' if len(kept) > 1 else 'it'})"
        return message

    def describe(self) -> str:
        """The values as an options file says them (``key = on``), and where the file is,
        as a comment: the text, saved as the file, sets the same values."""
        lines = [f"{key} = {'on' if self.values[name] else 'off'}" for key, (name, _) in KEYS.items()]
        return "\n".join(lines + [f"# file: {self.path}"])


def parse_options(text: str, path) -> dict:
    """The values a file's text sets; raises ValueError('path:line: ...') if it is malformed."""
    values = dict(DEFAULTS)
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        key = " ".join(key.lower().replace("_", " ").split())
        if not sep or key not in KEYS:
            raise ValueError(f"{path}:{number}: not an option: {raw.strip()!r}")
        word = value.strip().lower()
        if word not in _WORDS:
            raise ValueError(f"{path}:{number}: {key} must be on or off, not {value.strip()!r}")
        if key in seen:
            # (the last of two used to win, silently: which one the player meant is not known)
            raise ValueError(f"{path}:{number}: {key} is set again (line {seen[key]} set it)")
        seen[key] = number
        values[KEYS[key][0]] = _WORDS[word]
    return values


def load_options(path=None) -> Options:
    options = _read_options(Path(path) if path else options_path())
    options.known = dict(options.values)
    return options


def _read_options(path: Path) -> Options:
    if not os.path.exists(path):
        return Options(path=path)
    try:
        text = read_bytes(path, MAX_BYTES).decode("utf-8-sig")
    except ReadError as error:
        return Options(path=path, problem=f"{path}: {error}; using the default options")
    except UnicodeDecodeError as error:
        return Options(path=path, problem=f"{path}: not UTF-8 text ({error.reason}); using the default options")
    try:
        return Options(parse_options(text, path), path)
    except ValueError as error:
        return Options(path=path, problem=f"{error}; using the default options")


def format_options(values: dict) -> str:
    lines = ["# kingalbert options (see options.example)"]
    lines += [f"{key} = {'on' if values[name] else 'off'}" for key, (name, _) in KEYS.items()]
    return "\n".join(lines) + "\n"


def save_options(values: dict, path=None) -> str:
    """Write the options atomically; a corrupt file there is kept as ``.bad``.  Returns a message."""
    path = Path(path) if path else options_path()
    kept = None
    if path.exists() and load_options(path).problem:
        kept = set_aside(path)
    atomic_write(path, format_options(values), make_folder=True)
    message = "Options saved"
    if kept:
        message += f" (the unreadable old file was kept as {kept.name})"
    return message
