import sys

from .cli import main

# guarded: the solver's fork server imports this module again as __mp_main__
if __name__ == "__main__":
    sys.exit(main())
