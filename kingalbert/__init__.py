"""kingalbert: King Albert patience on an emulated RISC OS 3 desktop, and a rules engine for more."""
import os

# pygame prints a greeting on import; the command line's stdout carries only results.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: the one place the version is written (pyproject.toml reads it from here)
__version__ = "0.2.0"
#: when this version was made, for the Info box
RELEASED = "23 Nov 2026"
