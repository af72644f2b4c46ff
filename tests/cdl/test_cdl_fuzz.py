"""Fuzzing CardsWorkShop programs: mutated bundled and team-corpus programs and random text.

Compiling either succeeds or raises RuleFileError naming the file and a line
of it; a program that compiles deals (or stops with such an error: a Start
method may fail at run time) and plays a few random moves, each accepted or
refused with the project's own errors, and undoes back to the deal.  Never
another exception, never a hang.  ``KINGALBERT_FUZZ_EXAMPLES`` sets the
number of examples (see tests/helpers/fuzzing.py and the README).
"""
import random

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine import Game, RuleFileError, SolitaireError
from kingalbert.loaders import cdl
from tests.helpers.data import team
from tests.helpers.fuzzing import fuzz_settings, mutate, time_limit

pytestmark = pytest.mark.slow                   # fuzzers: the quick loop leaves them out

PROGRAMS = [path.read_text() for path in bundled_games()["cdl"] + team("cdl/*.cdl")]
TOKENS = ["BEGIN", "END;", "END", "IF", "THEN", "ELSE", "WHILE x DO", "RETURN 1;", "MOVE [1..2] TO CURSOR;",
          "PULL 3;", "REMOVE [1];", "STACK s IS", "PROCEDURE p;", "FUNCTION f: INTEGER;", "PREDICATE win?;",
          "VAR n: INTEGER;", "CONST k = 3;", "ORDER", ".", "'", "{", "}", "//", "[!]", "!", "..", ":=",
          "WHILE TRUE DO BEGIN END;", "p;", "f(1, 2)", "x := x + 1;", "WRITE('hi');", "SHUFFLE;"]


def assert_refusal(error: RuleFileError, filename: str, text: str) -> None:
    assert error.path == filename, str(error)
    lines = max(1, len(text.splitlines()))
    if error.line is not None:
        assert 1 <= error.line <= lines, f"line outside the file in {error!s}"
    assert str(error).startswith(filename) and error.message


def check_program(text: str, filename: str = "fuzz.cdl") -> None:
    with time_limit():
        try:
            ruleset = cdl.loads(text, filename)
        except RuleFileError as error:
            assert error.line is not None, f"a compile error without a line: {error!s}"
            assert_refusal(error, filename, text)
            event("refused")
            return
        try:
            game = Game(ruleset, 1)
        except RuleFileError as error:
            assert_refusal(error, filename, text)
            event("failed to deal")
            return
        event("dealt")
        start = game.to_position()
        chooser = random.Random(len(text))
        for _ in range(6):
            choices = list(game.legal_moves)
            if not choices:
                break
            try:
                game.play(chooser.choice(choices))
            except SolitaireError:
                pass  # refused, or a run-time error: the move was rolled back
        while game.undo():
            pass
        assert game.to_position() == start


@fuzz_settings()
@given(st.data())
def test_fuzz_mutated_programs(data):
    text = mutate(data.draw(st.sampled_from(PROGRAMS), label="program"), data, TOKENS)
    check_program(text)


@fuzz_settings(0.2)
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=12), max_size=40))
def test_fuzz_random_token_soup(parts):
    check_program("GAME fuzz IS 10 BY 4;\n" + " ".join(parts) + "\n")
