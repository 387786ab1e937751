"""The app's CSS and JavaScript live in files of tripeaks/app/static, packaged and used, never in Python strings."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest

import tripeaks
from tripeaks.app import static

PACKAGE = Path(tripeaks.__file__).parent
ASSETS = sorted(p.name for p in files("tripeaks.app.static").iterdir() if p.name.endswith((".css", ".js")))

# A line of CSS or JavaScript: it ends a rule, a block or a statement, opens or closes a block,
# is or ends a comment, or holds an arrow function.
_CODE_LINE = re.compile(r"([{};]|\*/)\s*$|^\s*(}|//|/\*)|=>")
MAX_LINES = 5
"""A Python string may hold at most this many lines of CSS or JavaScript."""


def is_css_or_js(text: str) -> bool:
    """More than :data:`MAX_LINES` lines of ``text`` are CSS or JavaScript, and they are most of it."""
    lines = [line for line in text.splitlines() if line.strip()]
    code = sum(1 for line in lines if _CODE_LINE.search(line))
    return code > MAX_LINES and 2 * code >= len(lines)


def python_strings(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every string literal of ``source``; an f-string with ``{}`` for each value."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def used_assets() -> dict[str, list[str]]:
    """Each file name passed to ``static.text(...)`` in the package → the modules that do."""
    used: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "text"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "static"
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant)
            ):
                used.setdefault(node.args[0].value, []).append(str(path.relative_to(PACKAGE.parent)))
    return used


def test_there_are_style_sheets_and_modules():
    assert {"theme.css", "board_bridge.js", "page_bridge.js", "browser_store.js", "countdown.js"} <= set(ASSETS)


@pytest.mark.parametrize("name", ASSETS)
def test_each_file_is_packaged_text_that_the_app_reads(name):
    text = files("tripeaks.app.static").joinpath(name).read_text(encoding="utf-8")
    assert text.strip() and text.endswith("\n") and not text.startswith("\n")
    assert static.text(name) == text
    assert name in used_assets()


def test_every_file_the_app_reads_exists():
    assert sorted(used_assets()) == ASSETS


def test_the_views_send_the_files_to_the_browser():
    from tripeaks.app.views import bridge, browser_store, theme, timer

    assert bridge.BoardBridge()._esm == static.text("board_bridge.js")
    assert bridge.PageBridge()._esm == static.text("page_bridge.js")
    assert browser_store.BrowserStore()._esm == static.text("browser_store.js")
    assert timer.Countdown()._esm == static.text("countdown.js")
    assert theme.theme_widget().value.endswith(static.text("theme.css") + "</style>")
    assert timer.CSS == static.text("timer.css")


def test_both_bridges_wait_for_the_page_alike():
    """Each bridge is a whole ES module, so the helper they share is written in both."""

    def helper(js: str) -> str:
        start = js.index("function whenConnected(")
        return js[start : js.index("\n}\n", start) + 3]

    assert helper(static.text("board_bridge.js")) == helper(static.text("page_bridge.js"))


@pytest.mark.parametrize("name", [n for n in ASSETS if len(static.text(n).splitlines()) > MAX_LINES])
def test_the_check_below_knows_css_and_javascript(name):
    assert is_css_or_js(static.text(name))
    assert is_css_or_js(f"<style>{static.text(name)}</style>")


def test_the_check_below_lets_prose_and_five_lines_through():
    from tripeaks.app.views import bridge

    assert bridge.__doc__ is not None and not is_css_or_js(bridge.__doc__)  # its prose has 5 lines ending in ";"
    assert not is_css_or_js(".tp-a { color: red; }\n" * MAX_LINES)
    assert is_css_or_js(".tp-a { color: red; }\n" * (MAX_LINES + 1))


def test_no_module_of_the_package_holds_css_or_javascript():
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text.strip()[:60]!r}…"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in python_strings(path.read_text(encoding="utf-8"))
        if is_css_or_js(text)
    ]
    assert found == [], (
        "move these to files of tripeaks/app/static (read with tripeaks.app.static.text):\n" + "\n".join(found)
    )
