"""Skips for missing data are visible, and in CI (CI set) they fail the run (tests/helpers/missing_data.py)."""
import os
import subprocess
import sys

from tests.helpers.data import MISSING_DATA, ROOT, SHARED_MISSING, shared_params

SAMPLE = f'''
import pytest

@pytest.mark.skip(reason={MISSING_DATA!r} + " nothing at ../shared/corpus/x")
def test_needs_data():
    pass

def test_needs_a_program():
    pytest.skip("needs Xvfb and xdotool")

def test_runs():
    pass
'''


def run(tmp_path, ci, body=SAMPLE):
    (tmp_path / "test_sample.py").write_text(body)
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "PYTEST_ADDOPTS")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-p", "no:hypothesispytest", "-p", "tests.helpers.missing_data", "test_sample.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True)


def test_outside_ci_a_skip_for_missing_data_is_only_reported(tmp_path):
    for ci in (None, "0"):
        result = run(tmp_path, ci)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "missing test data: nothing at ../shared/corpus/x" in result.stdout


def test_in_ci_a_skip_for_missing_data_fails_the_run_and_names_the_test(tmp_path):
    result = run(tmp_path, "1")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "CI: 1 test skipped for missing data" in result.stdout
    assert "test_sample.py::test_needs_data: missing test data:" in result.stdout
    assert "test_needs_a_program" not in result.stdout.split("skipped for missing data")[1]


def test_in_ci_other_skips_are_allowed(tmp_path):
    body = SAMPLE.replace("@pytest.mark.skip(", "@pytest.mark.skipif(False, ")
    result = run(tmp_path, "true", body)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_missing_corpus_is_one_skipped_parameter_not_none(monkeypatch, tmp_path):
    import tests.helpers.data as data
    monkeypatch.setattr(data, "SHARED_CORPUS", tmp_path / "nowhere" / "shared" / "corpus")
    params = shared_params("solkit/*.sol")
    assert len(params) == 1
    (mark,) = params[0].marks
    assert mark.name == "skip" and mark.kwargs["reason"] == SHARED_MISSING
    assert SHARED_MISSING.startswith(MISSING_DATA) and "../shared/corpus" in SHARED_MISSING
