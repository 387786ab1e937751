"""Headless Chromium settings shared by the e2e fixtures and the browser benchmark."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "VIEWPORT", "close_pages", "launch_chromium", "new_page"]

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
    Close it with ``close_pages(page.context)`` (which also stops its Voila kernel).
    """
    context = browser.new_context(**{"viewport": VIEWPORT, "locale": "en-US", **context})
    context.route("**/*", _only_loopback)
    return context.new_page()


_KERNEL_OF_PAGE_JS = """() => {
  const data = document.getElementById('jupyter-config-data');
  return data ? JSON.parse(data.textContent).kernelId || null : null;
}"""


def close_pages(context: Any) -> None:
    """Close every page of ``context`` and stop the kernel of each Voila page, then the context.

    A user's closing tab sends Voila's shutdown beacon, but dropping the context at once aborts
    it, so each page's kernel (about 150 MB) would live until its server stops, and a session of
    browser tests ran out of memory.  Here the kernel is stopped the way the beacon does it, by a
    request to the page's server (``DELETE /api/kernels/<id>``), once the page is closed.
    """
    for tab in list(context.pages):
        kernel = None
        try:
            kernel = tab.evaluate(_KERNEL_OF_PAGE_JS)
        except Exception:  # a crashed or blank page: the server's teardown still stops its kernel
            pass
        origin = urllib.parse.urlsplit(tab.url)
        tab.close()
        if kernel and origin.hostname == "127.0.0.1":
            request = urllib.request.Request(f"{origin.scheme}://{origin.netloc}/api/kernels/{kernel}", method="DELETE")
            try:
                urllib.request.urlopen(request, timeout=30).close()
            except (urllib.error.URLError, OSError):  # already gone (a reloaded page), or a stopped server
                pass
    context.close()
