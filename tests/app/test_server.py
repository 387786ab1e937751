"""The class server's kernel manager (tripeaks.app.server): a kernel's idle clock starts when it leaves the pool."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
from typing import Any

import pytest

from tripeaks.app.server import ClassKernelManager

HOUR = timedelta(hours=1)


def now() -> datetime:
    return datetime.now(timezone.utc)


class PoolManager(ClassKernelManager):
    """Like Voila's pool on top of the manager: kernels in ``pool`` are never looked at by the culler."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pool: set[str] = set()
        self.shut: list[str] = []

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in self.pool:
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self.shut.append(kernel_id)
        del self._kernels[kernel_id]


def kernel(idle: timedelta) -> Any:
    return SimpleNamespace(
        last_activity=now() - idle,
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )


@pytest.fixture
def manager() -> PoolManager:
    m = PoolManager(cull_idle_timeout=60, cull_interval=1)
    m._kernels = {}
    return m


def cull(m: PoolManager) -> None:
    """One culling round, on its own event loop in a thread of its own.

    In the whole suite the browser tests' Playwright (sync API) keeps an event
    loop running in the main thread, where ``asyncio.run`` is refused.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, m.cull_kernels()).result()


def test_a_kernel_taken_from_the_pool_after_a_long_wait_is_not_culled_before_its_page_connects(
    manager: PoolManager,
) -> None:
    manager._kernels["pooled"] = kernel(idle=HOUR)
    manager.pool.add("pooled")
    cull(manager)
    cull(manager)
    assert manager.shut == []
    manager.pool.discard("pooled")  # a page took it; its websocket is not connected yet
    cull(manager)
    assert manager.shut == []
    assert now() - manager._kernels["pooled"].last_activity < timedelta(seconds=5)  # its idle clock restarted
    cull(manager)
    assert manager.shut == []


def test_a_kernel_no_page_holds_is_still_culled_after_the_timeout(manager: PoolManager) -> None:
    manager._kernels["left"] = kernel(idle=timedelta(0))
    cull(manager)  # first seen
    manager._kernels["left"].last_activity = now() - HOUR  # an hour without a page
    cull(manager)
    assert manager.shut == ["left"]


def test_a_connected_kernel_is_kept_however_idle(manager: PoolManager) -> None:
    manager._kernels["open"] = kernel(idle=HOUR)
    manager._kernel_connections["open"] = 1
    cull(manager)
    manager._kernels["open"].last_activity = now() - HOUR
    cull(manager)
    assert manager.shut == []


def test_a_kernel_shut_down_during_a_round_is_skipped_without_an_error(manager: PoolManager) -> None:
    manager._kernels["a"] = kernel(idle=HOUR)
    manager._kernels["b"] = kernel(idle=HOUR)
    cull(manager)

    real = manager.cull_kernel_if_idle

    async def closing_b_first(kernel_id: str) -> None:
        manager._kernels.pop("b", None)  # b's page sent its shutdown while the round ran
        await real(kernel_id)

    manager.cull_kernel_if_idle = closing_b_first  # type: ignore[method-assign]
    for k in manager._kernels.values():
        k.last_activity = now() - HOUR
    with_logged_errors: list[str] = []
    manager.log.error = lambda *a, **k: with_logged_errors.append(str(a))  # type: ignore[method-assign]
    manager.log.exception = lambda *a, **k: with_logged_errors.append(str(a))  # type: ignore[method-assign]
    cull(manager)
    assert manager.shut == ["a"] and with_logged_errors == []
