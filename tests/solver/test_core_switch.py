"""``tripeaks.solver.SEARCH_CORE`` says which search decides the default game, and ``TRIPEAKS_PURE_PYTHON=1``
forces the pure-Python one (docs/study/compiled-core.md)."""

from __future__ import annotations

import os
import subprocess
import sys

from tripeaks.solver import _core


def _core_in_a_fresh_process(**env: str) -> str:
    code = "import tripeaks.solver as s; print(s.SEARCH_CORE)"
    environ = {k: v for k, v in os.environ.items() if k != _core.PURE_PYTHON_VARIABLE} | env
    return subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_core_is_used_when_built():
    expected = "c" if _core.LIBRARY.exists() else "python"
    assert _core_in_a_fresh_process() == expected


def test_the_environment_variable_forces_pure_python():
    assert _core_in_a_fresh_process(TRIPEAKS_PURE_PYTHON="1") == "python"
    assert _core_in_a_fresh_process(TRIPEAKS_PURE_PYTHON="0") == ("c" if _core.LIBRARY.exists() else "python")
