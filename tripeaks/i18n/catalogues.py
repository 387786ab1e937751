"""The message catalogues: gettext ``.po`` files, one per domain and language, read with Babel.

Layout under ``tripeaks/locale`` (docs/develop/translations.md)::

    LINGUAS                          the languages, in the order the app lists them
    <domain>.pot                     the template, made by ``pybabel extract``
    <lang>/LC_MESSAGES/<domain>.po   one catalogue per language and domain

An entry's ``msgctxt`` is the key the code names (``"header.score"``), its
``msgid`` the English sentence with named placeholders.  A plural entry has a
``msgid_plural`` and one ``msgstr[i]`` per CLDR plural category of the
language, in CLDR order (English ``one``, ``other``; Portuguese and French
``one``, ``many``, ``other``), as the ``Plural-Forms`` header numbers them;
its ``#. count: {n}`` comment names the placeholder whose number selects the
form.  The English catalogues are the source: their ``msgstr`` stay empty.
A language's Babel locale (plural rules, number symbols) is its ``.po``
header ``Language`` (``pt_PT`` for the house Portuguese).

A domain's catalogue in a language is read with
:func:`babel.messages.pofile.read_po` the first time one of its texts is
asked for, then kept: a session in French reads the French files only.  An
entry left empty or fuzzy in a translation falls back to the English, as
gettext does (the tests allow neither).

>>> DOMAINS
('engine', 'app', 'lessons', 'solver', 'classroom')
>>> entries("solver", "pt")["solve.draws"].count
'draws'
>>> any(s == "This card is blocked" for _, _, s in sentences("en"))
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from babel.core import negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

__all__ = [
    "LOCALE_DIR",
    "DOMAINS",
    "SOURCE_LANGUAGE",
    "LANGUAGES",
    "UnknownLanguageError",
    "check_language",
    "browser_language",
    "Entry",
    "po_path",
    "read_catalog",
    "header_locale",
    "count_name",
    "entries",
    "sentences",
]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""The directory of every catalogue (inside the package, so that a wheel carries it)."""
DOMAINS = ("engine", "app", "lessons", "solver", "classroom")
"""The gettext domains: the engine's messages, the app's, the course's (lessons and quiz),
the solver's with the command line's, and the class results'."""
SOURCE_LANGUAGE = "en"
"""The language of every ``msgid``."""


def _linguas() -> tuple[str, ...]:
    lines = (LOCALE_DIR / "LINGUAS").read_text(encoding="utf-8").splitlines()
    return tuple(word for line in lines for word in line.split("#", 1)[0].split())


LANGUAGES: tuple[str, ...] = _linguas()
"""The languages of ``tripeaks/locale/LINGUAS``, in the order the app lists them (English first)."""


class UnknownLanguageError(ValueError):
    """A language without catalogues (not in :data:`LANGUAGES`); the message lists them.

    ``lang`` is the value that was refused.
    """

    def __init__(self, lang: object) -> None:
        self.lang = lang
        super().__init__(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")


def check_language(lang: object) -> str:
    """``lang`` itself if it is one of :data:`LANGUAGES`; else raises :class:`UnknownLanguageError`."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise UnknownLanguageError(lang)
    return lang


def browser_language(preferred: Sequence[str]) -> str | None:
    """The first of a browser's ``preferred`` language tags (``navigator.languages``, BCP 47, e.g.
    ``["pt-BR", "en"]``) that the app speaks, as one of :data:`LANGUAGES` (``"pt"``); a region
    falls back to its language.  ``None`` when none is spoken (the caller keeps its default).
    Malformed tags are skipped; nothing is raised."""
    tags = [t.strip().lower() for t in preferred if isinstance(t, str) and 0 < len(t.strip()) <= 35]
    found = negotiate_locale(tags, list(LANGUAGES), sep="-")
    return found.lower() if isinstance(found, str) and found.lower() in LANGUAGES else None


_COUNT = re.compile(r"^count: \{([A-Za-z_][A-Za-z0-9_]*)\}$")


@dataclass(frozen=True)
class Entry:
    """One entry of a catalogue in one language.

    ``forms``: the sentence, or one sentence per plural form in the order of
    ``plural_language``'s CLDR categories; ``count``: the placeholder that
    selects the form (``None`` for a plain sentence); ``plural_language``: the
    language whose plural rules number ``forms`` (English when a translation
    fell back to it).
    """

    forms: tuple[str, ...]
    count: str | None
    plural_language: str


def po_path(domain: str, lang: str) -> Path:
    """``tripeaks/locale/<lang>/LC_MESSAGES/<domain>.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def read_catalog(domain: str, lang: str) -> Catalog:
    """The ``.po`` catalogue of ``domain`` in ``lang``, read by Babel (kept after the first read).

    Raises ``FileNotFoundError`` for a domain or language without a file and
    :class:`babel.messages.pofile.PoFileError` for a malformed one.
    """
    with po_path(domain, lang).open("rb") as f:
        return read_po(f, domain=domain, abort_invalid=True)


_LANGUAGE_HEADER = re.compile(r'^"Language: ([A-Za-z_]+)\\n"$', re.MULTILINE)


def header_locale(lang: str) -> str:
    """The Babel locale named by the ``Language`` header of ``lang``'s engine catalogue (``"pt_PT"`` for ``"pt"``).

    Read without parsing the whole file.  Raises :class:`UnknownLanguageError`
    and ``ValueError`` for a header without it.
    """
    path = po_path("engine", check_language(lang))
    match = _LANGUAGE_HEADER.search(path.read_text(encoding="utf-8"))
    if match is None:
        raise ValueError(f"{path}: no Language header")
    return match.group(1)


def count_name(auto_comments: list[str]) -> str | None:
    """The count placeholder named by a ``#. count: {n}`` comment, or ``None``.

    >>> count_name(["count: {tries}"]), count_name([])
    ('tries', None)
    """
    for comment in auto_comments:
        match = _COUNT.match(comment.strip())
        if match:
            return match.group(1)
    return None


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple: one text, or one per plural form."""
    return tuple(map(str, value)) if isinstance(value, (tuple, list)) else (str(value or ""),)


def entries(domain: str, lang: str) -> Mapping[str, Entry]:
    """Key → :class:`Entry` of ``domain`` in ``lang``, read from that language's ``.po`` alone:
    its reviewed translations, and the English ``msgid`` of an entry left empty or fuzzy.

    (:func:`tripeaks.i18n.core.lookup` takes an entry missing from the file,
    a ``.po`` not updated since its key was added, from English.)  Raises :class:`UnknownLanguageError`
    and ``FileNotFoundError`` for an unknown domain.
    """
    return _entries(domain, check_language(lang))


@cache
def _entries(domain: str, lang: str) -> Mapping[str, Entry]:
    out = {}
    for message in read_catalog(domain, lang):
        if not message.id or not message.context:
            continue
        english = _texts(message.id)
        strings = _texts(message.string)
        count = count_name(message.auto_comments)
        if lang != SOURCE_LANGUAGE and not message.fuzzy and all(strings):
            out[message.context] = Entry(strings, count, lang)
        else:
            out[message.context] = Entry(english, count, SOURCE_LANGUAGE)
    return MappingProxyType(out)


def sentences(lang: str) -> Iterator[tuple[str, str, str]]:
    """``(domain, key, text)`` for every entry of every domain in ``lang``; a plural entry
    gives one triple per form.  Raises :class:`UnknownLanguageError`."""
    check_language(lang)
    for domain in DOMAINS:
        for key, entry in entries(domain, lang).items():
            for form in entry.forms:
                yield domain, key, form
