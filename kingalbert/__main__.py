import sys


def run() -> int:
    """The program's entry point (``kingalbert`` and ``python -m kingalbert``): ``cli.main``.
    A Ctrl-C while the program's modules are still loading ends it as one later does, with
    status 130 and no traceback (it printed Python's, from wherever the import was)."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        return 130
    try:
        return main()
    except KeyboardInterrupt:    # (while the arguments are read, before a command runs)
        return 130


# guarded: the solver's fork server imports this module again as __mp_main__
if __name__ == "__main__":
    sys.exit(run())
