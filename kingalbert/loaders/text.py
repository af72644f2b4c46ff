"""Reading a rule file's text, the same way for every format, within bounds.

Only regular files are read (a FIFO would block for ever, ``/dev/zero``
would never end), at most ``MAX_BYTES`` of them.  Text is UTF-8 (with or
without a byte-order mark), UTF-16 or UTF-32 with a byte-order mark (or
UTF-16 without one, recognised by its zero bytes), else Latin-1; other
binary data is refused.  Every refusal is a ``RuleFileError`` at line 1.
"""
from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from ..engine.errors import RuleFileError

#: the largest rule file read (the biggest real one is a few kilobytes)
MAX_BYTES = 16 * 2**20

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


class ReadError(Exception):
    """A file that can't be read as text: the message says why (without the file's name)."""


def kind_of(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_bytes(path, limit: int = MAX_BYTES) -> bytes:
    """The contents of the regular file at ``path``, at most ``limit`` bytes; raises
    ReadError for anything else (never blocks on a FIFO, never reads a device)."""
    path = str(path)
    if not path:
        raise ReadError("no file given (an empty name)")
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise ReadError(f"is {kind_of(mode)}, not a file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ReadError("no such file") from None
    except OSError as error:
        raise ReadError(f"can't be read ({error.strerror or error})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):   # replaced between the two looks
            raise ReadError(f"is {kind_of(mode)}, not a file")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise ReadError(f"can't be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        size = f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 2**10} KB"
        raise ReadError(f"is too big: more than {size}")
    return data


def decode(data: bytes) -> str:
    """Text from a file's bytes (see the module's docstring); raises ReadError for binary data."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                raise ReadError(f"is not valid {encoding.upper().replace('-SIG', '')} text") from None
    if b"\0" in data:
        sample = data[:4096]
        zeros_odd, zeros_even = sample[1::2].count(0), sample[0::2].count(0)
        half = len(sample) // 2
        for zeros, encoding in ((zeros_odd, "utf-16-le"), (zeros_even, "utf-16-be")):
            if len(sample) >= 4 and len(sample) % 2 == 0 and zeros >= half * 0.9:
                try:
                    return data.decode(encoding)
                except UnicodeDecodeError:
                    break
        raise ReadError("is a binary file, not a rule file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_text(path) -> str:
    """A rule file's text; raises RuleFileError(path, None, why) if it can't be read as
    text (no line: "FILE: no such file", not "FILE:1: ...")."""
    try:
        return decode(read_bytes(path))
    except ReadError as error:
        raise RuleFileError(path if str(path) else "''", None, str(error)) from None


def file_in_folder(folder: Path, name: str) -> Path | None:
    """The file ``name`` in ``folder``, its name in any case (a YaZZle game's folder from
    Windows may hold ``Game.ini`` or ``GAME.INI``), or None."""
    exact = folder / name
    if exact.is_file():
        return exact
    try:
        entries = list(folder.iterdir())
    except OSError:
        return None
    return next((entry for entry in sorted(entries) if entry.name.lower() == name.lower() and entry.is_file()),
                None)
