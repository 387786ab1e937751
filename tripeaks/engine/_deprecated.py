"""Old names of the rule-set vocabulary, kept working with a ``DeprecationWarning``.

``rules=`` is the one argument that takes a rule set (docs/rules.md §8);
:func:`rule_keyword` lets a function still accept the old ``rule=`` keyword,
and :func:`renamed` gives a module-level ``__getattr__`` for a renamed name
(``Rule``, now :class:`~tripeaks.engine.rules.WrapRule`).
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

__all__ = ["rule_keyword", "renamed"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def rule_keyword(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """``func`` (which takes ``rules``) also accepting the deprecated keyword ``rule=``.

    ``rule=x`` warns (``DeprecationWarning``) and means ``rules=x``; giving
    both raises ``ValueError`` ("give either rule or rules, not both"), as the
    builders that took both did.  Calls without ``rule=`` are passed on untouched.
    """
    signature = inspect.signature(func)

    @functools.wraps(func)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if "rule" not in kwargs:
            return func(*args, **kwargs)
        rule = kwargs.pop("rule")
        warnings.warn(
            f"{func.__qualname__}(rule=...) is deprecated: use rules=..., which takes the same values",
            DeprecationWarning,
            stacklevel=2,
        )
        bound = signature.bind_partial(*args, **kwargs)
        if rule is not None:
            if bound.arguments.get("rules") is not None:
                raise ValueError("give either rule or rules, not both")
            bound.arguments["rules"] = rule
        return func(*bound.args, **bound.kwargs)

    return wrapper


def renamed(module: str, names: dict[str, tuple[str, Any]]) -> Callable[[str], Any]:
    """A module ``__getattr__``: ``names`` maps an old name to ``(new name, value)``.

    Reading an old name warns (``DeprecationWarning``, naming the new one) and
    gives the value; any other unknown name raises ``AttributeError`` as usual.
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            new, value = names[name]
            warnings.warn(f"{module}.{name} is deprecated: use {new}", DeprecationWarning, stacklevel=2)
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
