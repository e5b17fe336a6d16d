"""`python -m nardcore`: the command line of `nardcore.cli`."""

import sys

from .cli.main import main

if __name__ == "__main__":
    sys.exit(main())
