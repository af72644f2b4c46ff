"""Writing files so that nothing is ever half-written, and keeping bad ones."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs


def atomic_write(path, data: str | bytes) -> None:
    """Write a temporary file beside ``path``, flush and fsync it, rename it over."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _mode_for(path: Path) -> int:
    """The replaced file's permissions, or what a newly created file would get (mkstemp gives 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def set_aside(path) -> Path:
    """Rename a corrupt file to ``NAME.bad`` (``NAME.bad2`` ... if taken) and return the new path."""
    path = Path(path)
    target = path.with_name(path.name + ".bad")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bad{number}")
        number += 1
    os.replace(path, target)
    return target


def config_dir() -> Path:
    """Where options live: $KINGALBERT_CONFIG_DIR, else the platform's user config dir."""
    override = os.environ.get("KINGALBERT_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("kingalbert", appauthor=False))


def data_dir() -> Path:
    """Where statistics, autosave and the user's rules live: $KINGALBERT_DATA_DIR or the platform's."""
    override = os.environ.get("KINGALBERT_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("kingalbert", appauthor=False))
