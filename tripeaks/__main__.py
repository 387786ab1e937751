"""``python -m tripeaks``: the command line of :mod:`tripeaks.cli`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
