"""Shared fixtures of the notebook tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kernel() -> Iterator[Any]:
    """A python3 kernel (one per test module) started in the repository with it on ``PYTHONPATH``."""
    from jupyter_client.manager import start_new_kernel

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(ROOT))
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
