"""kingalbert: King Albert patience on an emulated RISC OS 3 desktop, and a rules engine for more."""
import os

# pygame prints a greeting on import; the command line's stdout carries only results.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
