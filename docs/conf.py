"""Sphinx configuration of the TriPeaks for Jupyter documentation (MyST Markdown and notebooks).

Build it from the repository root (tests/test_docs.py does, with -W, in the test command):

    python -m sphinx -W --keep-going -b html docs docs/_build/html

The build needs no network: notebooks are shown with their stored outputs (never
executed here) and no inventory of another project is fetched (no intersphinx).
"""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # autodoc imports this tree's tripeaks, installed or not

project = "TriPeaks for Jupyter"
author = "The TriPeaks for Jupyter authors"
copyright = "2026, " + author

extensions = [
    "myst_nb",  # MyST Markdown (it loads myst_parser) and .ipynb pages
    "sphinx.ext.autodoc",  # the API pages, from the docstrings (reStructuredText, no Google/NumPy sections)
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "conftest.py"]

# MyST: ``rules.md#the-deal-of-the-day`` style links work (anchors for headings down to ###).
myst_heading_anchors = 3

# docs/rules.md's § headings are anchored as s1 … s9 (rules.md#s5 also works in JupyterLab): _slug.py.
sys.path.insert(0, str(Path(__file__).resolve().parent))
myst_heading_slug_func = "_slug.heading_slug"
myst_enable_extensions = ["colon_fence", "deflist"]

# Notebooks: render their stored outputs; nothing runs at build time.
nb_execution_mode = "off"

# API pages: members in source order, signatures with their annotations.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"


# The study notebook lives in notebooks/ (docs/study/winnability.ipynb links to it) and
# links to this folder's rules.md as ../docs/rules.md; from docs/study/ that file is ../rules.md.
def _notebook_links(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname == "study/winnability":
        source[0] = source[0].replace("](../docs/rules.md", "](../rules.md")


def setup(app: Sphinx) -> None:
    app.connect("source-read", _notebook_links)


html_theme = "furo"
html_title = "TriPeaks for Jupyter"
html_static_path: list[str] = []
