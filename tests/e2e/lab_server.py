"""A real JupyterLab server for browser tests: the app as a learner runs it in a notebook.

:class:`LabServer` is a :class:`~e2e.voila_server.VoilaServer` whose process
is ``jupyter lab`` (same start, readiness and clean stop, kernels included),
with its own settings and workspace folders in a temporary directory, so
the theme is chosen per server (``theme="JupyterLab Dark"``) and nothing of
the user's own Lab setup is read or written.  The app object is exposed in
the page (``window.jupyterapp``) so a test can run commands such as
``notebook:run-all-cells``.

``server.url`` opens the notebook in Lab.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from .voila_server import VoilaServer

__all__ = ["LabServer", "run_all_cells"]


class LabServer(VoilaServer):
    """``jupyter lab`` serving ``notebook``'s folder on loopback, in ``theme`` ("JupyterLab Light" or "… Dark")."""

    def __init__(self, notebook: str | os.PathLike[str], *, theme: str = "JupyterLab Light", **kwargs: Any) -> None:
        super().__init__(notebook, **kwargs)
        self.theme = theme
        self._home = Path(tempfile.mkdtemp(prefix="tripeaks-lab-"))
        settings = self._home / "settings"
        for plugin, values in {
            "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": theme},
            # No news or update toasts (the network is closed anyway), no first-run tour.
            "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
                "fetchNews": "false",
                "checkForUpdates": False,
            },
        }.items():
            path = settings / plugin
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))

    @property
    def url(self) -> str:
        """The notebook opened in JupyterLab."""
        return f"{super().url}lab/tree/{self.notebook.name}"

    def command(self, port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--ServerApp.port_retries=0",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={self.notebook.parent}",
            f"--LabApp.user_settings_dir={self._home / 'settings'}",
            f"--LabApp.workspaces_dir={self._home / 'workspaces'}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
            "--allow-root",  # CI runs as root; harmless otherwise
            *self.extra_args,
        ]

    def stop(self, timeout: float = 15.0) -> None:
        super().stop(timeout)
        shutil.rmtree(self._home, ignore_errors=True)


_RUN_ALL_JS = """
async () => {
  const app = window.jupyterapp;
  const widget = app.shell.currentWidget;
  await widget.context.sessionContext.ready;
  await app.commands.execute('notebook:run-all-cells');
  return true;
}
"""


def run_all_cells(page: Any, timeout: float = 120_000) -> None:
    """Wait until Lab shows the notebook with its kernel, then run every cell."""
    page.wait_for_function(
        "() => !!(window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context)",
        timeout=timeout,
    )
    page.evaluate(_RUN_ALL_JS)
