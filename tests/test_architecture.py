"""The layers of the package (docs/develop/index.md, "Layers"), checked by import-linter.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``); ``tests/run.sh``
runs ``lint-imports`` too.  Every import counts, function-level ones included.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = [
    sys.executable,
    "-c",
    "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
]
PACKAGES = ["engine", "solver", "course", "history", "i18n", "app", "app/model", "app/views"]


def lint(cwd: Path, *, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [*LINT, str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_contract_is_kept():
    run = lint(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "BROKEN" not in run.stdout
    assert "0 broken" in run.stdout


def planted(tmp_path: Path, files: dict[str, str]) -> Path:
    """A stand-in ``tripeaks`` package with every layer of the contracts, plus ``files``."""
    pkg = tmp_path / "tripeaks"
    for sub in ["", *PACKAGES]:
        (pkg / sub).mkdir(parents=True, exist_ok=True)
        (pkg / sub / "__init__.py").write_text("")
    for name in ["cli", "lab", "app/factory", "app/play", "app/persist"]:
        (pkg / f"{name}.py").write_text("")
    for name, text in files.items():
        (pkg / name).write_text(text)
    return tmp_path


@pytest.mark.parametrize(
    ("files", "named"),
    [
        # a lower layer importing a higher one, at module level or inside a function
        ({"engine/game.py": "from ..app import factory\n"}, "tripeaks.engine.game -> tripeaks.app.factory"),
        ({"solver/study.py": "def f():\n    from ..i18n import x\n"}, "tripeaks.solver.study -> tripeaks.i18n"),
        ({"course/core.py": "from ..i18n import lessons\n"}, "tripeaks.course.core -> tripeaks.i18n"),
        ({"history/stats.py": "import tripeaks.solver\n"}, "tripeaks.history.stats -> tripeaks.solver"),
        ({"app/model/session.py": "from ..views import board\n"}, "tripeaks.app.model.session -> tripeaks.app.views"),
        ({"engine/cards.py": "import ipywidgets\n"}, "tripeaks.engine.cards -> ipywidgets"),
        # a cycle between two modules of one layer
        ({"engine/a.py": "from . import b\n", "engine/b.py": "from . import a\n"}, "No import cycle"),
    ],
)
def test_a_planted_violation_breaks_a_contract(tmp_path, files, named):
    pytest.importorskip("ipywidgets")
    root = planted(tmp_path, files)
    run = lint(root, pythonpath=root)
    assert run.returncode != 0, run.stdout
    assert named in run.stdout.replace("\n", " ") or named in run.stdout, run.stdout
