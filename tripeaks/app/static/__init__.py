"""The app's style sheets and browser modules as files: ``<module>.css`` for a view of
:mod:`tripeaks.app.views`, ``<widget>.js`` (snake case) for an anywidget's front end.

:func:`text` reads a file once.  An anywidget gets the module's text, not its path: given a
path, anywidget ties every instance to the file's change signal, so no widget is ever freed.
"""

from __future__ import annotations

import functools
from importlib.resources import files

__all__ = ["text"]


@functools.cache
def text(name: str) -> str:
    """The text of the file ``name`` of this folder (read once)."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")
