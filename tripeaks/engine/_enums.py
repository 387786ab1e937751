"""A text enum: the kinds of events, hints, feedback and verdicts.

Members compare equal to their text value and print as it (like Python
3.11's ``enum.StrEnum``; the package supports 3.10), so they serialise to
JSON, CSV and CSS class names without ``.value``.
"""

from __future__ import annotations

import enum

__all__ = ["TextEnum"]


class TextEnum(str, enum.Enum):
    """An enum whose members are also their text value: ``str(Kind.PLAY) == "play"``."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
