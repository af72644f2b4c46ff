import os
import stat

from kingalbert.app.files import atomic_write, set_aside


def test_atomic_write_replaces_whole_and_keeps_permissions(tmp_path):
    path = tmp_path / "sub" / "file.txt"
    atomic_write(path, "one")
    assert path.read_text() == "one"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o640)
    atomic_write(path, b"two")
    assert path.read_bytes() == b"two" and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in path.parent.iterdir()] == ["file.txt"]  # no temporary left behind


def test_set_aside_never_overwrites(tmp_path):
    path = tmp_path / "options"
    path.write_text("bad 1")
    assert set_aside(path).name == "options.bad"
    path.write_text("bad 2")
    assert set_aside(path).name == "options.bad2"
    assert (tmp_path / "options.bad").read_text() == "bad 1" and not path.exists()
