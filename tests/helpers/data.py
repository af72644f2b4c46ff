"""Where the tests find their data: always relative to this checkout, never a machine's path.

``ROOT``           the checkout (the folder holding pyproject.toml)
``GAMES``          the bundled games, ``kingalbert/games``
``TEAM_CORPUS``    the project's own rule files written for the tests, ``tests/corpus``
                   (always there: a fresh clone tests every loader on them)
``SHARED_CORPUS``  the shared corpus, ``../shared/corpus`` beside the checkout, as CI has it
                   (optional: where it is missing, the tests that need it are skipped)

A test skipped because optional data is missing says so with a reason that
starts with ``MISSING_DATA``; where the environment variable ``CI`` is set,
such a skip fails the run (see ``tests/helpers/missing_data.py``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "kingalbert" / "games"
TEAM_CORPUS = ROOT / "tests" / "corpus"
SHARED_CORPUS = ROOT.parent / "shared" / "corpus"

#: how every skip for missing data begins
MISSING_DATA = "missing test data:"
SHARED_MISSING = f"{MISSING_DATA} shared corpus not found at ../shared/corpus (clone kingalbert beside shared/)"


def missing_reason(relative: str) -> str:
    """The skip reason for ``relative`` (a file or glob below the shared corpus) not being there."""
    if not SHARED_CORPUS.is_dir():
        return SHARED_MISSING
    return f"{MISSING_DATA} nothing at ../shared/corpus/{relative} (is the shared corpus up to date?)"


def shared(relative: str) -> Path:
    """A file of the shared corpus (``relative`` to it, e.g. "pat/Mysteriet.pat"); it may be missing."""
    return SHARED_CORPUS / relative


def needs_shared(*relatives: str) -> pytest.MarkDecorator:
    """A mark skipping the test, with the reason, unless these shared corpus files are all there."""
    absent = [relative for relative in relatives if not shared(relative).exists()]
    return pytest.mark.skipif(bool(absent), reason=missing_reason(absent[0]) if absent else "all there")


def shared_files(pattern: str) -> list[Path]:
    """The shared corpus files matching ``pattern`` (a glob below it), sorted; [] where missing."""
    return sorted(SHARED_CORPUS.glob(pattern))


def shared_params(pattern: str) -> list:
    """``shared_files(pattern)`` as parameters for ``pytest.mark.parametrize``; where there are
    none, one parameter that is skipped with the reason -- never an empty parametrization."""
    paths = shared_files(pattern)
    if paths:
        return paths
    name = pattern.replace("/", "-").replace("*", "all")
    return [pytest.param(shared(pattern), marks=pytest.mark.skip(reason=missing_reason(pattern)),
                         id=f"shared-{name}-missing")]


def bundled(pattern: str) -> list[Path]:
    """The bundled games matching ``pattern`` (a glob below ``kingalbert/games``), sorted."""
    return sorted(GAMES.glob(pattern))


def team(pattern: str) -> list[Path]:
    """The team corpus files matching ``pattern`` (a glob below ``tests/corpus``), sorted.
    The team corpus is part of the repository: an empty match is an error, not a skip."""
    paths = sorted(TEAM_CORPUS.glob(pattern))
    if not paths:
        raise FileNotFoundError(f"no team corpus file matches tests/corpus/{pattern}")
    return paths


#: format key -> glob of that format's rule files, below kingalbert/games and tests/corpus alike
PATTERNS = {"sol": "sol/*.sol", "pat": "pat/*.pat", "ini": "yazzle/*/game.ini", "cdl": "cdl/*.cdl"}


def team_games() -> dict[str, list[Path]]:
    """Format key -> the team corpus files of that format."""
    return {key: team(pattern) for key, pattern in PATTERNS.items()}
