"""No absolute path of one machine in any tracked file: the checkout works wherever it is cloned.

Tests find their data through tests/helpers/data.py, relative to the checkout;
docs show commands relative to it (``.venv/bin/python -m pytest``)."""
import re
import shutil
import subprocess

import pytest

from tests.helpers.data import ROOT

#: a home, work or temporary folder of one machine where a path starts (after a quote, a space, "=", ...):
#: the home, work, root or Users folders at the top, a named folder in the temporary one, or a Windows
#: drive's Users folder (built from pieces so that this file does not match itself)
FOLDERS = "|".join(["wo" + "rk", "ho" + "me", "ro" + "ot", "Us" + "ers"])
TEMPORARY = "/t" + "mp/[A-Za-z]"
WINDOWS = r"[A-Z]:\\" + "Us" + r"ers\\"
MACHINE_PATH = re.compile(rf"""(^|["'`( =:,])(/({FOLDERS})/|{TEMPORARY}|{WINDOWS})""")


def tracked_files():
    if shutil.which("git") is None:
        pytest.skip("git is not installed: can't list the tracked files")
    result = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if result.returncode != 0:
        pytest.skip("not a git checkout: no tracked files to check")
    return [ROOT / name for name in result.stdout.decode("utf-8", "surrogateescape").split("\0") if name]


def test_the_pattern_finds_machine_paths_and_nothing_else():
    found = ['cd "/' + 'work/x"', "x=/" + "home/me/y", "/" + "tmp/pytest-of-me/", "(/" + "root/.venv/bin",
             "/" + "Users/me/", 'x = "C:' + '\\Users\\me\\x"']
    assert all(MACHINE_PATH.search(line) for line in found)
    fine = [".venv/bin/python -m pytest", "../shared/corpus", "/tmp/.X11-unix/X99", "/proc/self/stat",
            "https://example.org/home/index.html", "tests/loaders/test_pat.py", "~/.config/kingalbert"]
    assert not any(MACHINE_PATH.search(line) for line in fine)


def test_no_tracked_file_names_a_machine_path():
    found = []
    for path in tracked_files():
        try:
            data = path.read_bytes()
        except OSError:                     # deleted but not yet committed, a broken link
            continue
        if b"\0" in data[:8192]:            # binary: an image
            continue
        text = data.decode("utf-8", "replace")
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()[:120]}")
    assert not found, "absolute paths of one machine in tracked files:\n" + "\n".join(found)
