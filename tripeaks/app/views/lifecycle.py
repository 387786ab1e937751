"""Closing an app: every widget it made (layouts and styles included), never a shared one.

``widget.close()`` in ipywidgets closes that one widget only: its ``layout``,
its ``style`` and its children stay registered (and alive) until closed too.
:func:`close_tree` closes everything reachable from a root widget, except the
widgets marked with :func:`shared` (e.g. the card styles every board uses).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import TypeVar

import ipywidgets as widgets

__all__ = ["close_tree", "shared", "widget_tree"]

W = TypeVar("W", bound=widgets.Widget)

_SHARED: weakref.WeakSet[widgets.Widget] = weakref.WeakSet()


def shared(widget: W) -> W:
    """Mark ``widget`` as shared between apps: :func:`close_tree` leaves it open.  Returns it."""
    _SHARED.add(widget)
    return widget


def widget_tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """``root`` and every widget reachable from its synced traits (children, layout, style …), once each."""
    seen: set[int] = set()
    stack: list[widgets.Widget] = [root]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        for name in w.keys:
            value = getattr(w, name, None)
            items = value if isinstance(value, (list, tuple)) else (value,)
            stack.extend(v for v in items if isinstance(v, widgets.Widget))


def close_tree(root: widgets.Widget) -> int:
    """Close ``root`` and every widget reachable from it except the :func:`shared` ones; returns how many.

    Each widget's comm is closed with ``Widget.close`` itself (not an override:
    a view's own ``close`` may call this function).
    """
    closed = 0
    for w in list(widget_tree(root)):
        if w not in _SHARED and w.comm is not None:
            widgets.Widget.close(w)
            closed += 1
    return closed
