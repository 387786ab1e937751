"""The compiled search core: loads ``_ccore.c`` built as a shared library, if it was (internal).

:func:`tripeaks.solver._search.search` hands its search to the compiled core when it is loaded
(:data:`lib`), else runs the Python search, which stays the reference: the same verdicts, winning
lines and position counts (tests/solver/test_core_differential.py).  The library is built at
install time when a C compiler is present (``tools/build_core.py``); it needs no Python headers, since
it is loaded with :mod:`ctypes`.  Setting the environment variable ``TRIPEAKS_PURE_PYTHON=1``
before the import forces the Python search.  :data:`SEARCH_CORE` says which one is in use
(``tripeaks.solver.SEARCH_CORE``): ``"c"`` or ``"python"``.
"""

from __future__ import annotations

import ctypes
import os
import sys
import time
from array import array
from pathlib import Path

from ..engine.layout import COVERED_BY, N_TABLEAU

__all__ = ["SEARCH_CORE", "lib", "search", "prepare", "PURE_PYTHON_VARIABLE"]

LIBRARY = Path(__file__).with_name("_ccore.dll" if sys.platform == "win32" else "_ccore.so")
"""Where the build (``tools/build_core.py``) puts the compiled core."""

VERSION = 2
"""The ``CORE_VERSION`` of ``_ccore.c`` this module speaks to: a library of another version (a stale
build in a working copy) is not used."""

PURE_PYTHON_VARIABLE = "TRIPEAKS_PURE_PYTHON"
"""Set to anything but ``""`` or ``"0"``: the Python search is used even when the core is built."""

_I64, _I32, _INT = ctypes.c_int64, ctypes.c_int32, ctypes.c_int


def _load() -> ctypes.CDLL | None:
    """The compiled core, or None when it is not built, refused by the environment, or stale."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "").strip() not in ("", "0"):
        return None
    try:
        core = ctypes.CDLL(str(LIBRARY))
        core.tp_version.restype = _INT
        if core.tp_version() != VERSION:
            return None
    except (OSError, AttributeError):
        return None
    core.tp_init.argtypes = [ctypes.c_char_p]
    core.tp_init.restype = _INT
    core.tp_index.argtypes = [ctypes.c_uint32]
    core.tp_index.restype = _INT
    # no argtypes for tp_solve: the call converts each argument itself (bytes, int, c_double, byref),
    # which costs less than ctypes checking a list of eleven (one call per search)
    core.tp_solve.restype = _INT
    return core


lib: ctypes.CDLL | None = _load()
"""The loaded core, or None: the Python search is used."""

SEARCH_CORE: str = "c" if lib is not None else "python"
"""Which search decides the default game: ``"c"`` (the compiled core) or ``"python"``."""

_ready: ctypes.CDLL | None = None
"""The library whose sets of remaining cards are built (``tp_init``), once per process."""

MAX_STOCK = 30  # _search.MAX_STOCK (that module imports this one)
MAX_LINE = 28 + 31  # MAX_LINE of _ccore.c: every play, every draw
NO_LIMIT = 1 << 62


def prepare() -> None:
    """Build the core's one-time tables now (a few milliseconds): the sets of remaining cards."""
    global _ready
    if lib is None or _ready is lib:
        return
    covers = array("I", [sum(1 << q for q in COVERED_BY[p]) for p in range(N_TABLEAU)])
    if not lib.tp_init(covers.tobytes()):
        raise MemoryError("the compiled search core could not build its tables")
    _ready = lib


def search(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    wraps: bool,
    max_nodes: int | None,
    deadline: float | None,
) -> tuple[bool | None, list[int], int]:
    """:func:`tripeaks.solver._search.search` in the core, for a ``present`` set that is not empty and a
    stock of at most ``MAX_STOCK`` cards: ``(verdict, line, nodes)``, the winning line as
    :func:`tripeaks.solver._search.search` gives it (positions 0–27, ``-1`` for a draw).  Only called when :data:`lib` is
    loaded.  Raises ``ValueError`` for a set of remaining cards that cannot occur."""
    assert lib is not None
    if _ready is not lib:
        prepare()
    nodes = _I64()
    line = (ctypes.c_int8 * MAX_LINE)()
    n_line = _INT()
    result = lib.tp_solve(
        bytes(ranks),
        ctypes.c_uint32(present),
        waste,
        bytes(stock),
        len(stock),
        1 if wraps else 0,
        _I64(NO_LIMIT if max_nodes is None else max_nodes),
        ctypes.c_double(-1.0 if deadline is None else max(0.0, deadline - time.perf_counter())),
        ctypes.byref(nodes),
        line,
        ctypes.byref(n_line),
    )
    if result == 1:
        return True, line[: n_line.value], nodes.value
    if result == 0:
        return False, [], nodes.value
    if result == -1:
        return None, [], nodes.value
    if result == -3:
        raise ValueError("this set of remaining tableau cards cannot occur: a card is gone while a card on it remains")
    if result == -4:
        raise ValueError(f"the search takes at most {MAX_STOCK} stock cards, got {len(stock)}")
    raise MemoryError("the compiled search core ran out of memory")
