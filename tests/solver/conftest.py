"""The search cores: the solver tests that use ``search_core`` run once per core available.

The compiled core (tripeaks/solver/_ccore.c, docs/study/compiled-core.md) is used when it was built
at install time and ``TRIPEAKS_PURE_PYTHON`` is unset; the ``"python"`` run takes it away for the
test (the default search then runs in Python, the reference).  Without a built core only the
``"python"`` run exists, so the tests pass the same on a machine with no C compiler.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tripeaks.solver import _core

CORES = ["c", "python"] if _core.lib is not None else ["python"]
"""The cores to test: the loaded one and the Python search."""


@pytest.fixture(params=CORES)
def search_core(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Run the test with the default search in C (``"c"``) or in Python (``"python"``)."""
    if request.param == "python":
        monkeypatch.setattr(_core, "lib", None)
    yield request.param
