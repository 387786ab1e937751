"""README.md stays short and true: at most 8 KB, its two commands (launch the app, run every
test) and its documentation command name files that exist, and its links point to files that
exist.  Its ``>>>`` examples run as doctests (``--doctest-glob="*.md"`` in pyproject.toml)."""

from __future__ import annotations

import re
from pathlib import Path

from markdown_text import commands, fenced_blocks, local_links

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TEXT = README.read_text(encoding="utf-8")


def test_the_readme_is_at_most_8_kb():
    assert len(TEXT.encode("utf-8")) <= 8 * 1024


def test_the_readme_launches_the_app_and_runs_every_test():
    cmds = commands(TEXT)
    voila = [c for c in cmds if c[0].endswith("voila")]
    assert voila and voila[0][-1] == "notebooks/tripeaks.ipynb" and "--Voila.config_file_paths=config" in voila[0]
    assert (ROOT / "notebooks" / "tripeaks.ipynb").is_file() and (ROOT / "config" / "voila.py").is_file()
    assert ["bash", "tests/run.sh"] in cmds and (ROOT / "tests" / "run.sh").is_file()


def test_the_readme_builds_and_opens_the_documentation():
    cmds = commands(TEXT)
    sphinx = [c for c in cmds if c[1:3] == ["-m", "sphinx"]]
    assert sphinx, "no sphinx-build command"
    build = sphinx[0]
    assert "-W" in build and build[-2:] == ["docs", "docs/_build/html"] and (ROOT / "docs" / "conf.py").is_file()
    assert [c for c in cmds if c[1:3] == ["-m", "webbrowser"] and c[-1] == "docs/_build/html/index.html"]


def test_every_file_a_readme_command_names_exists():
    named = [t for c in commands(TEXT) for t in c if re.search(r"\.(py|sh|ipynb)$", t)]
    assert len(named) >= 2
    assert [t for t in named if not (ROOT / t).is_file()] == []


def test_every_local_link_of_the_readme_points_to_a_file():
    links = local_links(TEXT)
    assert "docs/screenshot.png" in links and "docs/rules.md" in links
    assert [t for t in links if not (ROOT / t).is_file()] == []


def test_the_readme_has_examples_that_doctest_runs():
    examples = [
        line for block in fenced_blocks(TEXT, "pycon") for line in block.splitlines() if line.startswith(">>> ")
    ]
    assert len(examples) >= 8


def test_the_helpers_find_commands_links_and_blocks():
    text = "[a](x.md#s) ![b](y.png) [c](https://e.org) [d](#here)\n\n```bash\nls a.py && bash b.sh  # c.ipynb\n```\n"
    assert local_links(text) == ["x.md", "y.png"]
    assert commands(text) == [["ls", "a.py"], ["bash", "b.sh"]]
    assert fenced_blocks("```pycon\n>>> 1\n1\n\n```\n", "pycon") == [">>> 1\n1\n\n"]
