"""The Babel extraction method that reads the English catalogues (``pybabel extract``).

The code names its texts by key (``ui_text("header.score", lang, score=…)``);
the English sentences live in ``tripeaks/locale/en/LC_MESSAGES/<domain>.po``
(``msgctxt`` = the key, ``msgid`` = the English, ``msgid_plural`` for a
plural entry).  ``babel.cfg`` maps those files to :func:`extract_english`, so
``pybabel extract`` writes each domain's ``.pot`` template from them, the
``#.`` comments included (``count: {n}`` names the count of a plural entry).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.pofile import read_po

__all__ = ["extract_english"]


def extract_english(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Babel's extraction protocol: ``(lineno, funcname, messages, comments)`` per entry of an English ``.po``.

    A sentence is a ``pgettext(key, english)`` call, a plural entry an
    ``npgettext(key, singular, plural)`` call (Babel's default keywords give
    them their ``msgctxt``).  Raises Babel's ``PoFileError`` for a malformed file.
    """
    catalog = read_po(fileobj, abort_invalid=True)
    for message in catalog:
        if not message.id:  # the header
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        funcname = "npgettext" if len(ids) > 1 else "pgettext"
        yield message.lineno or 0, funcname, (str(message.context), *map(str, ids)), list(message.auto_comments)
