import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

#: in CI (CI set), a test skipped for missing data fails the run
pytest_plugins = ["tests.helpers.missing_data"]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """Every test gets its own config and data folders: no test touches the user's files."""
    monkeypatch.setenv("KINGALBERT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KINGALBERT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path
