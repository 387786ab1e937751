"""``python -m tripeaks``: the command line of :mod:`tripeaks.cli`."""

import sys

if __name__ == "__main__":
    try:
        from .cli import main

        status = main()
    except (
        KeyboardInterrupt
    ):  # Ctrl-C before the command could say so itself (still loading): quietly, as shells expect
        sys.exit(130)
    sys.exit(status)
