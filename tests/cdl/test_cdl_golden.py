"""Golden programs: each ``{ error: text }`` comment names an error expected on its line.

One runner checks them all: the compile must fail, and the errors reported
must be exactly the expected ones (same lines, each message containing the
comment's text).
"""
import re
from pathlib import Path

import pytest

from kingalbert.engine.errors import RuleFileError
from kingalbert.loaders.cdl import compile as compile_cdl

GOLDEN = Path(__file__).parent / "golden"
EXPECT = re.compile(r"\{\s*error:\s*(.*?)\s*\}")


def expectations(text):
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in EXPECT.finditer(line):
            found.append((number, match.group(1)))
    return found


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.cdl")), ids=lambda p: p.stem)
def test_golden(path):
    text = path.read_text()
    expected = expectations(text)
    assert expected, "a golden file states the errors it expects"
    with pytest.raises(RuleFileError) as info:
        compile_cdl(text, path.name)
    errors = [(e.line, e.message) for e in getattr(info.value, "errors", None) or [info.value]]
    assert len(errors) == len(expected), errors
    unmatched = list(errors)
    for line, fragment in expected:
        hit = next((e for e in unmatched if e[0] == line and fragment in e[1]), None)
        assert hit is not None, f"no error on line {line} containing {fragment!r}; got {errors}"
        unmatched.remove(hit)


def test_a_file_with_several_errors_prints_them_all_first_line_first():
    text = (GOLDEN / "check_arity.cdl").read_text()
    with pytest.raises(RuleFileError) as info:
        compile_cdl(text, "arity.cdl")
    error = info.value
    assert error.path == "arity.cdl" and error.line == 9
    printed = str(error)
    assert printed.startswith("arity.cdl:9: Procedure Two takes 2 arguments")
    assert "arity.cdl:10: Function Twice" in printed and "arity.cdl:11: Predicate Big?" in printed
