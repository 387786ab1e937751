"""The hatch build hook that compiles the optional search core (``tripeaks/solver/_ccore.c``).

Run by ``pip install .`` and ``pip install -e .`` (``[tool.hatch.build.targets.wheel.hooks.custom]``
in pyproject.toml).  With a C compiler (``$CC``, else the one Python was built with, else ``cc``)
the C file becomes a plain shared library next to it, loaded at run time by
``tripeaks/solver/_core.py`` with ctypes, so no Python headers are needed.  When there is no
compiler, or it fails, the install goes on without the library (a warning says so) and the
pure-Python search is used, with the same results.  ``TRIPEAKS_PURE_PYTHON=1`` at install time
skips the build.  A plain install puts the library into the wheel (then tagged for this
platform); an editable install leaves it in the working copy, where the package is imported from.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("tripeaks") / "solver" / "_ccore.c"
LIBRARY = SOURCE.with_name("_ccore.dll" if sys.platform == "win32" else "_ccore.so")
FLAGS = ["-O2", "-shared", "-fPIC"]


def compiler() -> list[str]:
    """The C compiler's command: ``$CC``, else the one Python was built with, else ``cc``."""
    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")


def build(root: Path) -> str | None:
    """Compile the core into ``root / LIBRARY``; None when done, else why not."""
    target = root / LIBRARY
    target.unlink(missing_ok=True)  # never leave a stale library of an older source behind
    partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    command = [*compiler(), *FLAGS, "-o", str(partial), str(root / SOURCE)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as error:
        return f"{shlex.join(command)}: {error}"
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        return f"{shlex.join(command)} failed: {done.stderr.strip()[-2000:]}"
    partial.replace(target)
    return None


class CoreBuildHook(BuildHookInterface):
    """Compiles the core for wheels (editable ones included); never fails the build."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if os.environ.get("TRIPEAKS_PURE_PYTHON", "").strip() not in ("", "0"):
            (root / LIBRARY).unlink(missing_ok=True)
            self.app.display_info("TRIPEAKS_PURE_PYTHON is set: the compiled search core is not built")
            return
        why_not = build(root)
        if why_not is not None:
            self.app.display_warning(
                f"the compiled search core was not built, the pure-Python search will be used: {why_not}"
            )
            return
        self.app.display_info(f"built the compiled search core: {LIBRARY}")
        if version != "editable":
            build_data["force_include"][str(root / LIBRARY)] = LIBRARY.as_posix()
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
