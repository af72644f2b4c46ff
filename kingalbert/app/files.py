"""Writing files so that nothing is ever half-written or lost, and keeping bad ones.

``atomic_write`` writes a temporary file beside the target, flushes and
fsyncs it, and renames it over the target, so a reader sees the old file or
the new one, never half of one.  It respects the file system:

* through a symbolic link it replaces the link's *target* (the link stays);
* an existing folder, FIFO, device or socket is refused (``WriteRefused``),
  never replaced;
* the folder is created only when the caller says it is the program's own
  (``make_folder``): output folders the user names must exist, and so must the
  folder a symbolic link leads to (a link's target is the user's naming);
* temporary files that an earlier crash left beside the target (older than
  a minute) are removed.

``locked`` serialises a read-modify-write among processes (``flock`` on a
``NAME.lock`` file beside it; on systems without ``fcntl`` it does nothing:
there the program assumes one instance).
"""
from __future__ import annotations

import errno
import glob
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None  # type: ignore[assignment]

#: a temporary file this much older than now was left by a crash
STALE_SECONDS = 60
#: how long ``locked`` waits for another process's lock before giving up
LOCK_WAIT_SECONDS = 5.0


class WriteRefused(OSError):
    """A file that must not be written where it was asked to be (a folder, a device ...)."""

    def __init__(self, path, reason: str):
        super().__init__(errno.EINVAL, reason, str(path))


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def target_of(path) -> Path:
    """Where writing ``path`` must put the data: the final target of a symbolic link."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


#: what ends a folder's name
SEPARATORS = tuple(sep for sep in {"/", os.sep, os.altsep} if sep)


def refuse_folder_name(path, *, dots: bool = False) -> None:
    """Refuse (``WriteRefused``) a name to write a file to that names a folder: one ending
    with a slash (``Path`` would drop it, and a file of the folder's name be written), or
    with ``dots`` one whose last part is ``.`` or ``..``."""
    text = str(path)
    if text.endswith(SEPARATORS):
        raise WriteRefused(path, "ends with a slash, as a folder's name does, not a file's")
    if dots and os.path.basename(text) in ("", ".", ".."):
        raise WriteRefused(path, "is a folder's name, not a file's")


def atomic_write(path, data: str | bytes, *, make_folder: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (see the module); returns the file written.
    An error of the writing itself names ``path``, not the temporary file."""
    refuse_folder_name(path)
    target = target_of(path)
    if target != Path(path):
        make_folder = False     # (a link's folder is the user's: made by no one but them)
    try:
        mode = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):   # not there yet, or its folder is a file
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise WriteRefused(path, f"is {_kind(mode)}, not a file: it is left as it is")
    folder = target.parent
    if not folder.is_dir():
        if folder.exists() or folder.is_symlink():
            raise WriteRefused(folder, "is a file, not a folder")
        if not make_folder:
            raise WriteRefused(folder, "no such folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise WriteRefused(folder, "is in a place that is a file, not a folder") from None
    remove_stale_temporaries(target)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    import tempfile  # (here, as platformdirs below: imported when first used, not at start-up)
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(target), suffix=".tmp", dir=folder)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as error:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(error, OSError) and not isinstance(error, WriteRefused):
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
    _fsync_folder(folder)
    return target


#: the most of a file's name (UTF-8 bytes) its temporary file's name repeats
TEMPORARY_NAME_BYTES = 200


def _temporary_prefix(target: Path) -> str:
    """How the names of ``target``'s temporary files begin: ``.NAME.``, the name cut so that
    the whole stays within a file system's 255 bytes (a valid name of 250 characters
    could not be written: its temporary file's name was too long)."""
    name = target.name.encode("utf-8", "surrogateescape")[:TEMPORARY_NAME_BYTES]
    return f".{name.decode('utf-8', 'ignore')}."


def remove_stale_temporaries(target: Path) -> int:
    """Remove the temporary files an earlier crash left beside ``target``; returns how many."""
    removed, now = 0, time.time()
    try:
        candidates = list(target.parent.glob(f"{glob.escape(_temporary_prefix(target))}*.tmp"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if now - candidate.lstat().st_mtime > STALE_SECONDS:
                candidate.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def _fsync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
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
    """Rename a corrupt file to ``NAME.bad`` (``NAME.bad2`` ... if taken) and return the new path
    (through a symbolic link, its target is renamed: the link then leads to the new file).
    Only a file: a folder, FIFO, device or socket there is refused (``WriteRefused``) and
    left as it is (a link to ``/dev/null`` says: keep nothing)."""
    path = target_of(path)
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        raise WriteRefused(path, f"is {_kind(mode)}, not a file: it is left as it is")
    target = path.with_name(path.name + ".bad")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bad{number}")
        number += 1
    os.replace(path, target)
    return target


class LockBusy(OSError):
    """Another process held a lock for longer than ``LOCK_WAIT_SECONDS``."""


def try_lock(path) -> int | None:
    """Take the lock ``path`` (a ``.lock`` file, created if need be) without waiting:
    returns its open descriptor (hold it to keep the lock), or None if another process
    holds it.  Without ``fcntl`` every lock is granted."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    if fcntl is None:
        return fd
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


@contextmanager
def locked(path) -> Iterator[None]:
    """Hold ``PATH.lock`` while the block runs (waiting up to ``LOCK_WAIT_SECONDS``)."""
    lock = Path(str(path) + ".lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while (fd := try_lock(lock)) is None:
        if time.monotonic() > deadline:
            raise LockBusy(errno.EBUSY, "another window keeps it locked", str(path))
        time.sleep(0.02)
    try:
        yield
    finally:
        os.close(fd)   # closing the descriptor releases the lock


def config_dir() -> Path:
    """Where options live: $KINGALBERT_CONFIG_DIR, else the platform's user config dir."""
    override = os.environ.get("KINGALBERT_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_config_dir("kingalbert", appauthor=False))


def data_dir() -> Path:
    """Where statistics, autosave and the user's rules live: $KINGALBERT_DATA_DIR or the platform's."""
    override = os.environ.get("KINGALBERT_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir("kingalbert", appauthor=False))
