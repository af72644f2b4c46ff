"""Golden programs, checked by one runner.

``check_*.cdl``: each ``{ error: text }`` comment names an error expected on
its line; the compile must fail with exactly those errors (same lines, each
message containing the text).

``run_*.cdl``: the program compiles and its Start methods run; each
``{ expect: text }`` comment is the text of one WRITE, in order, and a
``{ runtime error: text }`` comment marks the line where it must stop.
"""
import re
from pathlib import Path

import pytest

from kingalbert.engine.errors import RuleFileError
from kingalbert.engine.rng import Rng
from kingalbert.loaders.cdl import compile as compile_cdl
from kingalbert.loaders.cdl.errors import CdlRuntimeError
from kingalbert.loaders.cdl.interpreter import Interpreter, Output, State

GOLDEN = Path(__file__).parent / "golden"
ERROR = re.compile(r"\{\s*error:\s*(.*?)\s*\}")
WRITTEN = re.compile(r"\{ expect: (.*?) \}")
STOP = re.compile(r"\{\s*runtime error:\s*(.*?)\s*\}")


def expectations(text, pattern=ERROR):
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in pattern.finditer(line):
            found.append((number, match.group(1)))
    return found


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("run_*.cdl")), ids=lambda p: p.stem)
def test_golden_run(path):
    text = path.read_text()
    program = compile_cdl(text, path.name)
    state = State.initial(program)
    output = Output()
    interpreter = Interpreter(program, state, Rng(1), output)
    stops = expectations(text, STOP)
    try:
        for stack in program.order:
            if "start" in stack.methods:
                interpreter.run_method(stack, stack.methods["start"])
    except CdlRuntimeError as error:
        assert stops, f"unexpected runtime error: {error}"
        (line, fragment), = stops
        assert error.line == line and fragment in error.message, error
    else:
        assert not stops, "the program should have stopped"
    assert output.written == [text for _, text in expectations(text, WRITTEN)]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("check_*.cdl")), ids=lambda p: p.stem)
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
