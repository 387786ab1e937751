"""Reading widgets as the browser gets them (shared by the app's headless tests)."""

from __future__ import annotations

import html
import re
from typing import Any


def css_classes(widget: Any) -> set[str]:
    """The CSS classes the browser gets for ``widget`` (from its synced state, ``get_state``)."""
    return set(widget.get_state("_dom_classes")["_dom_classes"])


def plain(html_text: str) -> str:
    """The visible text of an HTML value."""
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))
