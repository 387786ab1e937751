"""The class server (config/voila.json): after 10 page loads and closes, the kernels go back to the pool size.

Pages end three ways, in turn: the tab is closed (Voila's page sends a
shutdown beacon), the page is reloaded (the same), or the browser context is
dropped without running the page's unload handlers (a crashed tab, a lost
network: only the culler can end that kernel).  The cull timings are
shortened on the command line so the test waits seconds, not minutes; the
rest of the configuration is the shipped file.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from traitlets.config.loader import PyFileConfigLoader

from .browser import new_page
from .voila_server import REPO_ROOT, VoilaServer, per_worker

CONFIG = REPO_ROOT / "config"
POOL = PyFileConfigLoader("voila.py", str(CONFIG)).load_config().VoilaConfiguration.default_pool_size
LOADS = 10
RETURN_LIMIT = 120.0  # seconds
CULL_IDLE = 12  # seconds: longer than a page of a loaded 2-core machine takes from its kernel to its websocket
CULL_ARGS = (
    f"--Voila.config_file_paths={CONFIG}",
    f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
    "--MappingKernelManager.cull_interval=2",
)


def _wait_kernels(server: VoilaServer, count: int, limit: float) -> float:
    """Seconds until the server runs exactly ``count`` kernels; raises AssertionError after ``limit``."""
    start = time.monotonic()
    seen = len(server.kernel_pids())
    while time.monotonic() - start < limit:
        seen = len(server.kernel_pids())
        if seen == count:
            return time.monotonic() - start
        time.sleep(0.25)
    raise AssertionError(f"{seen} kernels after {limit:.0f} s, expected {count}\n{server.log()[-3000:]}")


_KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _close_tab(page: Any, server: VoilaServer) -> None:
    """Close the tab as a user does: its beforeunload handler runs (Voila's shutdown beacon).

    The browser context is dropped only once the server has shut the kernel down (or after
    10 s): a real browser delivers a closing tab's beacon, but dropping the context at once
    would abort it.
    """
    kernel_id = page.evaluate(_KERNEL_ID_JS)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 10
    while f"Kernel shutdown: {kernel_id}" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    page.context.close()


@pytest.mark.e2e
@pytest.mark.slow
# The short cull timeout races a reloaded page's shutdown beacon on a loaded machine: one retry.
@pytest.mark.flaky(reruns=1)
def test_after_10_page_loads_and_closes_the_kernels_return_to_the_pool_size(_browser: Any, artifacts_dir: Path) -> None:
    log = artifacts_dir / per_worker("voila-class-server.log")
    log.unlink(missing_ok=True)
    with VoilaServer(REPO_ROOT / "notebooks" / "tripeaks.ipynb", log_path=log, extra_args=CULL_ARGS) as server:
        _wait_kernels(server, POOL, 90)  # the pool is filled at start
        # A pool kernel that waited longer than the idle timeout must still serve a page.
        time.sleep(CULL_IDLE + 2)
        most = POOL
        ends = ("close", "reload", "drop")
        page = None
        t0 = time.monotonic()
        for i in range(LOADS):
            try:
                if page is None:
                    page = new_page(_browser)
                    page.goto(server.url, wait_until="commit")
                else:  # a reload ends the previous load (beforeunload) and starts a new one
                    page.reload(wait_until="commit")
                page.wait_for_selector(".tp-card:not([disabled])", state="visible", timeout=60_000)
            except Exception:
                if page is not None:
                    page.screenshot(path=str(artifacts_dir / f"class-server-load-{i + 1}.png"))
                raise AssertionError(f"page load {i + 1} did not show the app\n{server.log()[-4000:]}") from None
            most = max(most, len(server.kernel_pids()))
            end = "drop" if i == LOADS - 1 else ends[i % len(ends)]  # the last one waits for the culler
            print(f"load {i + 1}: {time.monotonic() - t0:.1f} s, {len(server.kernel_pids())} kernels, then {end}")
            if end == "close":
                _close_tab(page, server)
                page = None
            elif end == "drop":
                page.context.close()  # no unload handlers run: only the culler can end this kernel
                page = None
        assert page is None
        assert most > POOL, "the pages did not take kernels"
        waited = _wait_kernels(server, POOL, RETURN_LIMIT)
        print(f"kernels back to the pool size ({POOL}) {waited:.1f} s after the last page closed; at most {most}")
        log_text = server.log()
        drops = sum(1 for i in range(LOADS) if i == LOADS - 1 or ends[i % len(ends)] == "drop")
        # Closed and reloaded pages shut their kernels down themselves; only the dropped ones wait for the culler.
        assert log_text.count("Culling 'idle' kernel") == drops, log_text[-4000:]
        assert "api/shutdown" not in log_text, "a page's shutdown request was refused"
        assert "Kernel does not exist" not in log_text, "a page lost its kernel"
