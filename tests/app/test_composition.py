"""build_app composes the app explicitly: each part is built on the app's session and held by the app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from widget_state import css_classes

from tripeaks.app import build_app
from tripeaks.app.factory import compose
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.engine.game import Game

CODE = "TP1-E-AAAAAAB"
APP = Path(__file__).resolve().parents[2] / "tripeaks" / "app"


@pytest.mark.parametrize("hints", [True, False])
@pytest.mark.parametrize("keep", [True, False])
def test_every_part_is_built_on_the_apps_own_session(hints, keep):
    apps = [build_app(CODE, hints=hints, keep=keep) for _ in range(2)]
    for app in apps:
        parts = [app.hints, app.keyboard, app.keep]
        assert (app.hints is not None) is hints and (app.keep is not None) is keep and app.keyboard is not None
        assert all(part.session is app.session for part in parts if part is not None and hasattr(part, "session"))
        if app.keep is not None:
            assert app.keep.keeper.session is app.session
        assert ("h" in app.page_bridge.shortcuts) is hints  # the H key exists with the Hint button only
    first, second = apps
    assert first.keyboard is not second.keyboard and first.session is not second.session


@pytest.mark.parametrize(
    "parts", [{}, {"hints": False}, {"keys": False}, {"keep": False}, {"hints": False, "keep": False}]
)
def test_composing_twice_adds_nothing(parts):
    app = compose(TriPeaksApp(session=PlaySession(Game.from_code(CODE))), store=None, **parts)
    before = (app.hints, app.keyboard, app.keep, app.children, app.controls.children, app.new_game.children)
    compose(app, **parts)
    assert (app.hints, app.keyboard, app.keep, app.children, app.controls.children, app.new_game.children) == before
    boxes = [c for c in app.controls.children if {"tp-hint-box", "tp-access-box"} & css_classes(c)]
    assert len(boxes) == len({c.model_id for c in boxes})  # no part placed twice


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


@pytest.mark.parametrize("path", sorted((APP / "views").glob("*.py")), ids=lambda p: p.name)
def test_no_view_imports_the_app_nor_keeps_a_registry_of_apps(path):
    text = path.read_text(encoding="utf-8")
    assert "id(app)" not in text and "WeakValueDictionary[int" not in text
    assert not {"..play", "..factory", "..persist"} & _imports(path)


@pytest.mark.parametrize("path", sorted(APP.glob("*.py")), ids=lambda p: p.name)
def test_no_module_of_the_app_keeps_a_registry_keyed_by_the_app(path):
    text = path.read_text(encoding="utf-8")
    assert "id(app)" not in text and "WeakValueDictionary[int" not in text
