"""Start and stop a real Voila server for browser tests and benchmarks.

:class:`VoilaServer` runs ``python -m voila <notebook>`` on a free loopback
port, waits until the server answers HTTP, and on :meth:`VoilaServer.stop`
ends it *and its kernels*: SIGTERM to the server's process group (Voila then
shuts its kernels down), a wait, SIGKILL if needed, then any kernel process
still alive is killed too.  Linux only (it reads ``/proc``).

Used by ``tests/e2e/conftest.py`` and ``benchmarks/browser_latency.py``::

    with VoilaServer("notebooks/tripeaks.ipynb") as server:
        page.goto(server.url)

The served page is ``server.url`` (Voila serves the one notebook at ``/``).
The kernel runs in the notebook's folder with the repository root first on
``PYTHONPATH``, so it imports the ``tripeaks`` of the tree under test.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

__all__ = ["REPO_ROOT", "VoilaServer", "VoilaStartError", "free_port", "descendants", "alive", "per_worker"]

REPO_ROOT = Path(__file__).resolve().parents[2]
"""The repository root (the folder holding ``tripeaks/`` and ``notebooks/``)."""

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
"""The pytest-xdist worker running this session (``"gw0"`` …), or ``""`` without xdist."""


def per_worker(name: str) -> str:
    """``name`` with the xdist worker before its ending (``voila.log`` → ``voila-gw0.log``), or as is."""
    if not WORKER:
        return name
    stem, dot, ending = name.rpartition(".")
    return f"{stem}-{WORKER}.{ending}" if dot else f"{name}-{WORKER}"


class VoilaStartError(RuntimeError):
    """Voila exited early or did not answer in time; the message ends with its log."""


def free_port() -> int:
    """A TCP port that is free on 127.0.0.1 right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state letter, start time in ticks) of ``pid``, or None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # The command name (field 2) may hold spaces and parentheses: split after the last ')'.
    rest = raw[raw.rindex(")") + 2 :].split()
    return int(rest[1]), rest[0], int(rest[19])


def alive(pid: int, start_time: int | None = None) -> bool:
    """True if ``pid`` runs and is not a zombie (and, if given, started at ``start_time``)."""
    st = _stat(pid)
    if st is None or st[1] in ("Z", "X"):
        return False
    return start_time is None or st[2] == start_time


def descendants(pid: int) -> dict[int, int]:
    """All live descendants of ``pid`` as {pid: start time}, found through ``/proc``."""
    children: dict[int, list[int]] = {}
    starts: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        st = _stat(int(entry.name))
        if st is None or st[1] in ("Z", "X"):
            continue
        children.setdefault(st[0], []).append(int(entry.name))
        starts[int(entry.name)] = st[2]
    found: dict[int, int] = {}
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found[child] = starts[child]
                todo.append(child)
    return found


class VoilaServer:
    """One ``voila`` process serving ``notebook`` on ``http://127.0.0.1:<port>/``.

    ``notebook``: path to an ``.ipynb`` file (any notebook; relative paths are
    taken from the current folder).  ``log_path``: where Voila's output goes
    (a temporary file by default; read it with :meth:`log`).  ``startup_timeout``
    in seconds.  ``extra_args`` are added to the command line; ``env`` holds
    environment variables set for the server and its kernels (e.g. ``TRIPEAKS_CLASS_DB``).

    :meth:`start` raises :class:`VoilaStartError` if the server exits or does
    not answer in time (after three tries on fresh ports).  :meth:`stop` is
    idempotent; afterwards ``forced_kernels`` lists kernel pids that Voila left
    running and that had to be killed (empty when Voila shut them down itself).
    """

    def __init__(
        self,
        notebook: str | os.PathLike[str],
        *,
        log_path: str | os.PathLike[str] | None = None,
        startup_timeout: float = 60.0,
        extra_args: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ) -> None:
        self.notebook = Path(notebook).resolve()
        if not self.notebook.is_file():
            raise FileNotFoundError(f"no notebook at {self.notebook}")
        self.startup_timeout = startup_timeout
        self.extra_args = tuple(extra_args)
        self.env = dict(env or {})
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix="voila-", suffix=".log")
            os.close(fd)
            log_path = name
        self.log_path = Path(log_path)
        self.port: int | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.forced_kernels: list[int] = []
        self._log_file: object = None

    # ------------------------------------------------------------------ public
    @property
    def url(self) -> str:
        """Base URL of the running server, ending with ``/`` (the notebook page)."""
        if self.port is None:
            raise RuntimeError("the Voila server is not started")
        return f"http://127.0.0.1:{self.port}/"

    def command(self, port: int) -> list[str]:
        """The command line that starts Voila on ``port``."""
        return [
            sys.executable,
            "-m",
            "voila",
            str(self.notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",  # exactly this port, or fail and we pick another
            "--Voila.token=",  # no token: the page is on loopback only
            # As config/voila.py does for a class: a closed page's shutdown beacon carries no XSRF
            # token, and without this every page a test closed kept its kernel (about 150 MB) until
            # the session ended; a session of browser tests then ran out of memory.
            *(() if self._has_config() else ("--Voila.tornado_settings=disable_check_xsrf=True",)),
            *self.extra_args,
        ]

    def _has_config(self) -> bool:
        """True if the extra arguments load a config folder (which then decides the XSRF check)."""
        return any(arg.startswith("--Voila.config_file_paths") for arg in self.extra_args)

    def start(self) -> VoilaServer:
        """Start Voila and wait until it answers HTTP; returns ``self``."""
        if self.proc is not None:
            return self
        errors = []
        for _attempt in range(3):
            port = free_port()
            try:
                self._launch(port)
                self._wait_ready()
                return self
            except VoilaStartError as exc:
                errors.append(str(exc))
                self.stop()
        raise VoilaStartError("\n---\n".join(errors))

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the server and its kernels; never leaves a kernel process behind.

        Raises ``RuntimeError`` only if a process survives SIGKILL.
        """
        proc = self.proc
        if proc is None:
            return
        kernels = descendants(proc.pid)
        if proc.poll() is None:
            self._signal_group(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self._signal_group(proc.pid, signal.SIGKILL)
                proc.wait(timeout)
        # Voila shuts its kernels down on SIGTERM; anything still alive is killed here.
        left = {pid: t for pid, t in kernels.items() if alive(pid, t)}
        deadline = time.monotonic() + 5
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = {pid: t for pid, t in left.items() if alive(pid, t)}
        self.forced_kernels = sorted(left)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in left:
                self._signal_group(pid, sig)
            deadline = time.monotonic() + 5
            while left and time.monotonic() < deadline:
                time.sleep(0.05)
                left = {pid: t for pid, t in left.items() if alive(pid, t)}
        self.proc = None
        if self._log_file is not None:
            self._log_file.close()  # type: ignore[attr-defined]
            self._log_file = None
        if left:
            raise RuntimeError(f"processes left after stopping Voila: {sorted(left)}")

    def kernel_pids(self) -> list[int]:
        """Pids of the server's live child processes (its kernels)."""
        if self.proc is None:
            return []
        return sorted(descendants(self.proc.pid))

    def log(self) -> str:
        """Everything Voila has written so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # ----------------------------------------------------------------- private
    def _launch(self, port: int) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
        env["PYTHONUNBUFFERED"] = "1"
        env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
        env.pop("BROWSER", None)
        env.update(self.env)
        self._log_file = open(self.log_path, "ab")  # closed in stop()
        self.port = port
        self.proc = subprocess.Popen(
            self.command(port),
            cwd=self.notebook.parent,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,  # type: ignore[arg-type]
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so stop() can signal the group
        )

    def _wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + self.startup_timeout
        # Any HTTP answer will do; a missing path answers without starting a kernel.
        probe = self.url + "tripeaks-e2e-probe"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise VoilaStartError(f"voila exited with code {self.proc.returncode}:\n{self.log()[-3000:]}")
            try:
                with urllib.request.urlopen(probe, timeout=2):
                    return
            except urllib.error.HTTPError:
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.1)
        raise VoilaStartError(f"voila did not answer within {self.startup_timeout:.0f} s:\n{self.log()[-3000:]}")

    @staticmethod
    def _signal_group(pid: int, sig: signal.Signals) -> None:
        try:
            group = os.getpgid(pid)
            if group == os.getpgrp():  # never signal our own group (the test runner)
                raise PermissionError
            os.killpg(group, sig)
        except (ProcessLookupError, PermissionError):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
