"""Shared pieces of the rule-file fuzzers (SolKit .sol, .pat, YaZZle game.ini,
CardsWorkShop .cdl).

Every fuzzer feeds a loader mutated bundled or corpus files and random text,
and asserts that loading either succeeds -- and the game then deals every
card and plays a few moves -- or raises ``RuleFileError`` naming the file
and a line of it; never another exception, never a hang.

The number of examples per fuzzer is ``KINGALBERT_FUZZ_EXAMPLES`` (default
300, the CI run).  A long run, from the checkout::

    KINGALBERT_FUZZ_EXAMPLES=100000 .venv/bin/python -m pytest -q -p no:cacheprovider tests/loaders tests/cdl -k fuzz
"""
from __future__ import annotations

import os
import random
import re
import signal
import time
from contextlib import contextmanager

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st

from kingalbert.engine import Game, RuleFileError

EXAMPLES = max(1, int(os.environ.get("KINGALBERT_FUZZ_EXAMPLES", "300")))
#: seconds one example may take before it counts as a hang
TIME_LIMIT = 20


def fuzz_settings(share: float = 1.0):
    """Hypothesis settings for a fuzzer that gets ``share`` of the examples."""
    return settings(max_examples=max(1, round(EXAMPLES * share)), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


class Hang(Exception):
    """An example ran longer than TIME_LIMIT seconds."""


@contextmanager
def time_limit(seconds: float = TIME_LIMIT):
    """Raise Hang (failing the example) if the block runs longer than ``seconds``."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(signum, frame):
        raise Hang(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)     # an enclosing alarm (a test's own guard)
    started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(0.001, outer - (time.monotonic() - started)))


def mutate(text: str, data, tokens) -> str:
    """``text`` with 1-6 random line and character edits drawn from ``data``."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 6), label="edits")):
        action = data.draw(st.sampled_from(["drop", "dup", "insert", "edit", "swap", "digit", "crlf"]))
        i = data.draw(st.integers(0, max(0, len(lines) - 1)))
        if action == "drop" and lines:
            del lines[i]
        elif action == "dup" and lines:
            lines.insert(i, lines[i])
        elif action == "insert":
            lines.insert(i, data.draw(st.sampled_from(tokens) | st.text(max_size=30)))
        elif action == "edit" and lines:
            line = lines[i]
            j = data.draw(st.integers(0, len(line)))
            lines[i] = line[:j] + data.draw(st.text(max_size=5)) + line[j + data.draw(st.integers(0, 3)):]
        elif action == "swap" and len(lines) > 1:
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "digit" and lines:
            line = lines[i]
            places = [k for k, char in enumerate(line) if char.isdigit()]
            if places:
                k = data.draw(st.sampled_from(places))
                lines[i] = line[:k] + data.draw(st.sampled_from(list("0123456789-") + ["99", "999", "1000"])) + line[k + 1:]
        elif action == "crlf" and lines:
            lines[i] += data.draw(st.sampled_from(["\r", "\x0c", "\x85", "\u2028", "\x0b"]))
    return "\n".join(lines)


def check_load(loads, text: str, filename: str, options=({},), moves: int = 8):
    """Load ``text``; a RuleFileError must name ``filename`` and a line of the text.

    A game that loads must deal every card and play ``moves`` random legal
    moves (with each of ``options``) and undo back to the deal.  Returns the
    ruleset, or None if the text was refused."""
    with time_limit():
        try:
            ruleset = loads(text, filename)
        except RuleFileError as error:
            assert error.path == filename, str(error)
            lines = max(1, len(re.split(r"\r\n|\r|\n", text)))
            assert isinstance(error.line, int) and 1 <= error.line <= lines, \
                f"no line (or a line outside the file) in {error!s}"
            assert str(error).startswith(f"{filename}:{error.line}: ") and error.message
            event("refused")
            return None
        event("loaded")
        for option in options:
            game = Game(ruleset, 1, dict(option))
            assert len(game.cards()) == 52 * ruleset.decks
            start = game.to_position()
            rnd = random.Random(len(text))
            for _ in range(moves):
                choices = list(game.legal_moves)
                if not choices:
                    break
                game.play(rnd.choice(choices))
            while game.undo():
                pass
            assert game.to_position() == start
    return ruleset


def check_load_path(load, path):
    """Load a file of any bytes from disk: success, or a RuleFileError naming the file."""
    with time_limit():
        try:
            ruleset = load(path)
        except RuleFileError as error:
            assert error.path in (str(path), str(path / "game.ini")), str(error)
            assert str(error).startswith(error.path) and error.message
            return None
        Game(ruleset, 1)
    return ruleset
