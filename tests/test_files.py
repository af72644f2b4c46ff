import os
import stat
import subprocess
import sys
import time

import pytest

from kingalbert.app.files import STALE_SECONDS, WriteRefused, atomic_write, locked, set_aside


def test_atomic_write_replaces_whole_and_keeps_permissions(tmp_path):
    path = tmp_path / "sub" / "file.txt"
    atomic_write(path, "one", make_folder=True)
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


def test_writing_through_a_symbolic_link_replaces_its_target_and_keeps_the_link(tmp_path):
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "kingalbert-options"
    target.write_text("old")
    link = tmp_path / "options"
    link.symlink_to(target)
    written = atomic_write(link, "new")
    assert written == target and link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new" and link.read_text() == "new"
    assert sorted(p.name for p in dotfiles.iterdir()) == ["kingalbert-options"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_folder_a_fifo_or_a_device_is_never_replaced(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    targets = [folder, fifo] + ([__import__("pathlib").Path("/dev/null")] if os.path.exists("/dev/null") else [])
    for target in targets:
        kind = os.stat(target).st_mode
        with pytest.raises(WriteRefused) as caught:
            atomic_write(target, "data")
        assert str(target) in str(caught.value) and "not a file" in str(caught.value)
        assert os.stat(target).st_mode == kind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_options_save_leaves_a_folder_or_a_fifo_behind_a_link_where_it_is(tmp_path, monkeypatch, capsys):
    # (a play-test: an options file linked to a FIFO, or to /dev/null, was renamed to
    # NAME.bad and a regular file put in its place; a folder there was moved aside)
    from kingalbert.cli import main
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    (folder / "inside").mkdir(parents=True)
    for target in (fifo, folder):
        config = tmp_path / f"config-{target.name}"
        config.mkdir()
        link = config / "options"
        link.symlink_to(target)
        monkeypatch.setenv("KINGALBERT_CONFIG_DIR", str(config))
        kind = os.stat(target).st_mode
        assert main(["options", "--save"]) == 1
        err = capsys.readouterr().err
        assert "not a file" in err and "Traceback" not in err
        assert os.stat(target).st_mode == kind and link.is_symlink()
        with pytest.raises(WriteRefused):
            set_aside(link)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("config")) == ["fifo", "folder"]
    assert [p.name for p in folder.iterdir()] == ["inside"]


def test_a_dangling_link_makes_no_folders_where_it_points(tmp_path):
    # (the program's own folder is made; the folders a link names are the user's)
    link = tmp_path / "own" / "options"
    link.parent.mkdir()
    link.symlink_to(tmp_path / "dotfiles" / "a" / "options")
    with pytest.raises(WriteRefused, match="no such folder"):
        atomic_write(link, "x", make_folder=True)
    assert not (tmp_path / "dotfiles").exists() and link.is_symlink()
    atomic_write(tmp_path / "made" / "options", "x", make_folder=True)
    assert (tmp_path / "made" / "options").read_text() == "x"


def test_a_write_that_fails_names_the_file_asked_for_not_the_temporary(tmp_path, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".x.json.abcd.tmp"))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(OSError) as caught:
        atomic_write(tmp_path / "x.json", "{}")
    assert caught.value.filename == str(tmp_path / "x.json") and caught.value.strerror == "Permission denied"


def test_stale_temporaries_of_a_name_with_wildcards_are_only_its_own(tmp_path):
    others = [tmp_path / ".xsession-errors.old.tmp", tmp_path / ".x.json.k.tmp"]
    for other in others:
        other.write_text("not ours")
        os.utime(other, (time.time() - STALE_SECONDS - 5,) * 2)
    atomic_write(tmp_path / "*", "{}")
    assert all(other.exists() for other in others)


def test_a_name_as_long_as_a_file_system_takes_is_written_and_its_leftovers_found(tmp_path):
    # (a play-test: a valid name of 250 characters could not be saved, "File name too long",
    # its temporary file's name being longer still)
    for name in ("g" * 250 + ".json", "é" * 125 + ".js"):
        target = tmp_path / name
        assert atomic_write(target, "{}") == target and target.read_text() == "{}"
    leftover = tmp_path / (".{}.k.tmp".format(("g" * 250 + ".json")[:200]))
    leftover.write_text("half")
    os.utime(leftover, (time.time() - STALE_SECONDS - 5,) * 2)
    atomic_write(tmp_path / ("g" * 250 + ".json"), "{}")
    assert not leftover.exists()


def test_an_output_folder_is_not_made_silently_and_a_file_is_no_folder(tmp_path):
    with pytest.raises(WriteRefused, match="no such folder"):
        atomic_write(tmp_path / "missing" / "x.png", b"png")
    assert not (tmp_path / "missing").exists()
    (tmp_path / "plain").write_text("a file")
    with pytest.raises(WriteRefused, match="is a file, not a folder"):
        atomic_write(tmp_path / "plain" / "options", "x", make_folder=True)


def test_temporary_files_left_by_a_crash_are_removed_at_the_next_write(tmp_path):
    path = tmp_path / "autosave.json"
    old = [tmp_path / f".autosave.json.{n}abc.tmp" for n in range(30)]
    for leftover in old:
        leftover.write_text("half")
        os.utime(leftover, (time.time() - STALE_SECONDS - 5,) * 2)
    fresh = tmp_path / ".autosave.json.fresh.tmp"   # perhaps another writer's, right now
    fresh.write_text("being written")
    atomic_write(path, "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".autosave.json.fresh.tmp", "autosave.json"]


def test_the_shot_command_refuses_a_device_and_a_missing_folder(tmp_path, capsys):
    from kingalbert.cli import main
    for output in ("/dev/null", str(tmp_path / "missing" / "x.png")):
        if output == "/dev/null" and not os.path.exists(output):
            continue
        kind = os.stat(output).st_mode if os.path.exists(output) else None
        assert main(["shot", "--seed", "1", "-o", output]) == 1
        err = capsys.readouterr().err
        assert output.rsplit("/", 1)[0] in err and "Traceback" not in err
        assert (os.stat(output).st_mode if os.path.exists(output) else None) == kind
    assert not (tmp_path / "missing").exists()


COUNTER = """
import sys
from kingalbert.app.files import locked
from pathlib import Path
path = Path(sys.argv[1])
for _ in range(int(sys.argv[2])):
    with locked(path):
        count = int(path.read_text()) if path.exists() else 0
        path.write_text(str(count + 1))
"""


def test_a_lock_makes_two_processes_read_modify_write_in_turn(tmp_path):
    path = tmp_path / "count"
    processes = [subprocess.Popen([sys.executable, "-c", COUNTER, str(path), "200"]) for _ in range(2)]
    assert [p.wait(timeout=60) for p in processes] == [0, 0]
    assert path.read_text() == "400"
    with locked(path):
        pass
