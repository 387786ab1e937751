"""Voila server support for a class: the kernel manager that ``config/voila.json`` names.

A class server preheats a pool of kernels and culls idle ones
(``MappingKernelManager.cull_idle_timeout``).  Voila never culls a kernel
while it waits in the pool, but a pool kernel keeps the time of its last
activity from when it ran the notebook.  When a page takes it, possibly
long after, it has no connection yet (the page is still loading its
scripts): the next cull round finds it idle for longer than the timeout and
shuts it down, and the page shows an empty app ("Kernel does not exist").
With a 4 s timeout this broke every page load in a test.

:class:`ClassKernelManager` starts a kernel's idle clock when the culler
first sees it outside the pool: a kernel that the previous cull round did
not look at (new, or just taken from the pool) is counted as active now and
kept.  Kernels that no page holds are still culled after
``cull_idle_timeout`` (plus at most one ``cull_interval``), whether their
page was closed without a word or never connected.

Not part of the engine: only the Voila server imports this module.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["ClassKernelManager"]


class ClassKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, whose idle clock starts when a kernel leaves Voila's pool.

    Set it with ``VoilaConfiguration.multi_kernel_manager_class =
    "tripeaks.app.server.ClassKernelManager"``; Voila adds its pool on top.
    Culling itself is configured as usual (``MappingKernelManager.cull_*``).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cull_seen: set[str] = set()
        """Kernels the previous cull round looked at (those outside the pool)."""
        self._cull_round: set[str] = set()

    async def cull_kernels(self) -> None:
        """One cull round over every kernel (jupyter_server's), remembering which ones it looked at."""
        self._cull_round = set()
        try:
            await super().cull_kernels()
        finally:
            self._cull_seen = self._cull_round

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull ``kernel_id`` if idle, unless this is the first round that sees it outside the pool:
        then its idle clock starts now."""
        if kernel_id not in self._kernels:  # shut down (its page closed) since the round began
            return
        self._cull_round.add(kernel_id)
        if kernel_id not in self._cull_seen:
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = datetime.now(timezone.utc)  # aware, as jupyter_server keeps it
            return
        await super().cull_kernel_if_idle(kernel_id)
