"""Telling a rule file's format by its content when its name doesn't say."""
import shutil

import pytest

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine.errors import RuleFileError
from kingalbert.loaders import detect_format, load

FILES = [(key, path) for key, paths in bundled_games().items() for path in paths if path.is_file()]


@pytest.mark.parametrize("key,path", FILES, ids=[path.name for _, path in FILES])
def test_a_bundled_file_renamed_without_extension_is_recognised(tmp_path, key, path):
    copy = tmp_path / "renamed"
    shutil.copyfile(path, copy)
    assert detect_format(copy) == key
    assert load(copy).name == load(path).name


def test_a_pat_file_with_a_name_line_is_recognised(tmp_path):
    path = tmp_path / "mine"
    path.write_text("My Patience\n1 2\n4 1 0 0 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 0 0 0 0\n")
    assert detect_format(path) == "pat"


def test_numbers_alone_are_not_a_pat_file(tmp_path):
    path = tmp_path / "numbers"
    path.write_text("1 2 3\n4 5\n")
    with pytest.raises(RuleFileError) as caught:
        detect_format(path)
    assert "is not a rule file" in str(caught.value)
