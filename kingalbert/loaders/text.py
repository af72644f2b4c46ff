"""Reading a rule file's text, the same way for every format."""
from __future__ import annotations

from pathlib import Path

from ..engine.errors import RuleFileError


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
