"""A pytest plugin: in CI, a test skipped for missing data fails the run.

Tests that need optional data (the shared corpus beside the checkout) skip
with a reason starting ``MISSING_DATA`` where it is missing.  Where the
environment variable ``CI`` is set (to anything but "", "0", "false" or
"no"), the data must be there: if any test was skipped for missing data, the
run ends with a failing exit status and a list of those tests.  Other skips
(no Xvfb, another platform) are not affected.

Registered by ``tests/conftest.py``.
"""
from __future__ import annotations

import os

import pytest

from tests.helpers.data import MISSING_DATA

_skipped: list[tuple[str, str]] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:       # (path, line, "Skipped: reason")
        return str(longrepr[2])
    return str(longrepr)


def _note(report) -> None:
    if report.skipped:
        reason = _reason(report)
        if MISSING_DATA in reason:
            _skipped.append((report.nodeid, reason.removeprefix("Skipped: ")))


def pytest_runtest_logreport(report):
    _note(report)


def pytest_collectreport(report):
    _note(report)


def pytest_sessionfinish(session, exitstatus):
    if in_ci() and _skipped and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not (in_ci() and _skipped):
        return
    count = f"{len(_skipped)} test{'s' if len(_skipped) != 1 else ''}"
    terminalreporter.write_sep("=", f"CI: {count} skipped for missing data", red=True, bold=True)
    for nodeid, reason in _skipped:
        terminalreporter.write_line(f"{nodeid}: {reason}")
    terminalreporter.write_line("CI has every test's data: these must run, so the run fails.")
