"""Headless Chromium settings shared by the e2e fixtures and the browser benchmark."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "VIEWPORT", "launch_chromium", "new_page"]

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium (``.ci/run`` installs it)."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
VIEWPORT = {"width": 1280, "height": 1200}
"""Page size in CSS pixels."""

_LOOPBACK = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")


def launch_chromium(playwright: Any) -> Any:
    """A headless Chromium ``Browser`` from a started ``sync_playwright()``."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def _only_loopback(route: Any) -> None:
    url = route.request.url
    if _LOOPBACK.match(url) or url.startswith(("data:", "blob:")):
        route.continue_()
    else:
        route.abort()


def new_page(browser: Any, **context: Any) -> Any:
    """A page in a fresh context (``VIEWPORT`` unless ``context`` says otherwise: any option of
    ``Browser.new_context``, e.g. a phone's ``has_touch``) where requests leaving 127.0.0.1 are aborted.
    Its browser language is US English unless ``locale`` says otherwise (the app follows it).

    The network is closed here: a CDN request (e.g. MathJax) would only stall.
    Close it with ``page.context.close()``.
    """
    context = browser.new_context(**{"viewport": VIEWPORT, "locale": "en-US", **context})
    context.route("**/*", _only_loopback)
    return context.new_page()
