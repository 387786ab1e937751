"""Fixtures for end-to-end tests: a real Voila server and headless Chromium.

Fixtures
--------
``voila_server`` (session)
    A factory: ``server = voila_server("notebooks/tripeaks.ipynb")`` starts
    ``python -m voila <notebook>`` on a free 127.0.0.1 port (no browser opened,
    no token) and returns a started :class:`~e2e.voila_server.VoilaServer`;
    open ``server.url`` in the page.  Any notebook path works (relative paths
    are taken from the repository root); one server per notebook is shared by
    the whole session.  Extra command-line arguments give another server
    (``voila_server(NOTEBOOK, "--theme=dark")``).  At the end of the session every server is stopped with
    its kernels (any kernel Voila leaves running is killed, with a warning),
    and the teardown fails if a process is still left after that.
    Each page load starts its own kernel, so tests do not share game state.
``page`` (function)
    A Playwright (sync API) page in a fresh browser context of headless
    Chromium (``/usr/bin/chromium``, ``--no-sandbox --disable-gpu
    --disable-background-networking``), 1280×1200.  Requests that leave
    127.0.0.1 are aborted (the network is closed: CDN fetches would only
    stall).  After the test a full-page screenshot is saved to
    ``tests/e2e/artifacts/<test name>.png``.
``page_errors`` (function)
    The uncaught JavaScript errors of that page (a list of strings).
``artifacts_dir`` (session)
    ``tests/e2e/artifacts/`` (git-ignored), created on demand.  Under pytest-xdist the servers'
    logs there carry the worker's name (``voila-tripeaks-gw0.log``): every worker starts its own
    servers, and one must not truncate or interleave another's log.

The tests are marked ``e2e``: ``pytest -m "not e2e"`` leaves them out.
If ``/usr/bin/chromium`` (or Playwright) is missing the browser tests are
skipped with the reason, except when the environment variable ``CI`` is
``"true"``: there they fail, because CI must run them.

Example (another notebook)::

    @pytest.mark.e2e
    def test_lessons_open(voila_server, page):
        server = voila_server("notebooks/learn_tripeaks.ipynb")
        page.goto(server.url)
        page.wait_for_selector(".some-class", state="visible", timeout=60_000)
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, close_pages, launch_chromium, new_page
from .voila_server import REPO_ROOT, VoilaServer, per_worker

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def _missing(reason: str) -> None:
    """Skip the test, or fail it under CI (CI=true), because the browser is missing."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run in CI)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila_server(artifacts_dir: Path) -> Iterator[Callable[..., VoilaServer]]:
    servers: dict[tuple[Path, tuple[str, ...]], VoilaServer] = {}

    def start(notebook: str | os.PathLike[str], *extra_args: str) -> VoilaServer:
        path = Path(notebook)
        if not path.is_absolute():
            path = REPO_ROOT / path
        path = path.resolve()
        key = (path, tuple(extra_args))
        if key not in servers:
            suffix = re.sub(r"[^\w.-]+", "_", "".join(extra_args))
            log = artifacts_dir / per_worker(f"voila-{path.stem}{suffix}.log")
            log.unlink(missing_ok=True)
            servers[key] = VoilaServer(path, log_path=log, extra_args=tuple(extra_args)).start()
        return servers[key]

    yield start

    problems = []
    for server in servers.values():
        kernels = server.kernel_pids()
        try:
            server.stop()
        except RuntimeError as exc:  # a process survived SIGKILL
            problems.append(str(exc))
        if server.forced_kernels:  # none left, but Voila did not stop them itself
            warnings.warn(
                f"Voila left kernels {server.forced_kernels} of {kernels} running; they were killed", stacklevel=1
            )
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def _browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing: install Debian's chromium to run the browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright (python) is not installed: pip install -e '.[test]'")
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page_errors() -> list[str]:
    return []


@pytest.fixture
def page(_browser: Any, page_errors: list[str], artifacts_dir: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    pg = new_page(_browser)
    pg.set_default_timeout(30_000)
    pg.on("pageerror", lambda exc: page_errors.append(str(exc)))
    try:
        yield pg
    finally:
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        try:
            pg.screenshot(path=str(artifacts_dir / f"{name}.png"), full_page=True)
        except Exception as exc:  # a failed screenshot must not hide the test's own result
            print(f"screenshot failed: {exc}")
        close_pages(pg.context)
