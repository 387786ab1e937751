"""The heading anchors of the docs site (docs/conf.py): a § heading of docs/rules.md is ``s<n>``."""

from __future__ import annotations

import re

from myst_parser.mdit_to_docutils.base import default_slugify


def heading_slug(text: str) -> str:
    """``s5`` for "§5 Game codes" (the anchor its links use: rules.md#s5, in JupyterLab too), else MyST's slug."""
    found = re.match(r"§(\d+)\b", text.strip())
    return f"s{found.group(1)}" if found else default_slugify(text)
