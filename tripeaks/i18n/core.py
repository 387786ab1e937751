"""The machinery shared by every message catalogue: languages, plural forms, numbers, articles.

The catalogues themselves are gettext ``.po`` files (:mod:`tripeaks.i18n.catalogues`);
:func:`lookup` fills one entry.  An entry is either

* a whole sentence (or label) with named placeholders, ``"Score: {score}"``; or
* a plural entry: one such sentence per CLDR plural category of the
  language, chosen by the value of one named *count* placeholder
  (English: ``one``, ``other``; Portuguese and French: ``one``, ``many``,
  ``other``) — :func:`plural_categories` says which, in the order of the
  ``.po`` file's ``msgstr[i]``.  French uses ``one`` for 0 and 1; European
  Portuguese (the house variety, Babel locale ``pt_PT``) for 1 only.

Numbers given as placeholder values are written for the language with Babel
(:func:`format_number`): ``35,625`` (en), ``35 625`` (pt, fr, with Babel's
no-break spaces).  :class:`Signed` marks a signed amount of points,
``+100`` / ``−1`` (typographic minus).  Nothing is ever glued: every form of
a plural entry is a whole sentence with the same placeholders.

A card name placeholder may ask for its article in French and Portuguese
with a format spec from :data:`ARTICLE_SPECS`: ``{card:le}`` writes
``le R♣``, ``l'A♣`` or ``la D♥``; ``{card:au}`` / ``{card:du}`` the
contracted ``au R♣`` / ``à l'A♣`` / ``du R♣``; in Portuguese ``{card:o}``,
``{card:ao}``, ``{card:do}``, ``{card:no}``, ``{card:pelo}`` (``o R♣``, ``a D♥``, ``na D♥``,
``pela D♥`` …); in Spanish ``{card:el}``, ``{card:al}``, ``{card:del}``
(``el K♣``, ``la Q♥``, ``a la J♠``, ``del A♣``).
A capital spec (``{card:Le}``) starts a sentence.  The article comes from the
card name itself (:func:`with_article`).

>>> lookup("solver", "solve.draws", "en", {"draws": 1500})
'The line draws 1,500 cards from the stock.'
>>> format_number(1234567, "fr") == "1\\u202f234\\u202f567"
True
>>> plural_category(0, "fr"), plural_category(0, "pt"), plural_category(1_000_000, "pt")
('one', 'other', 'many')
>>> fill("Jouez {card:le} sur {top:le}.", "fr", {"card": "R♣", "top": "A♣"})
"Jouez le R♣ sur l'A♣."
"""

from __future__ import annotations

import datetime
import numbers
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from .catalogues import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    UnknownLanguageError,
    browser_language,
    check_language,
    entries,
    header_locale,
)

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "BABEL_LOCALES",
    "PLURAL_CATEGORIES",
    "UnknownLanguageError",
    "check_language",
    "browser_language",
    "Signed",
    "plural_categories",
    "plural_category",
    "placeholders",
    "format_number",
    "format_percentage",
    "format_day",
    "signed_number",
    "fill",
    "lookup",
    "ARTICLE_SPECS",
    "with_article",
]

LANGUAGE_NAMES: dict[str, str] = {
    lang: str(Locale.parse(lang).get_display_name(lang)).capitalize() for lang in LANGUAGES
}
"""Each language's name in itself, by Babel (CLDR): English, Português, Français."""
BABEL_LOCALES: dict[str, str] = {lang: header_locale(lang) for lang in LANGUAGES}
"""The Babel (CLDR) locale of each language, from its catalogues' ``Language`` header:
plural rules and number symbols.  Portuguese is European Portuguese (``pt_PT``)."""

PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""Every CLDR plural category, in CLDR order."""

MINUS = "\u2212"
"""The typographic minus sign of :func:`signed_number`."""


@dataclass(frozen=True)
class Signed:
    """A placeholder value written with its sign: ``Signed(100)`` → ``+100``, ``Signed(-1)`` → ``−1``.

    As the count of a :class:`Plural` it selects by its amount (−1 like 1).
    """

    value: int


@cache
def _babel_locale(name: str) -> Locale:
    return Locale.parse(name)


def _locale(lang: str) -> Locale:
    return _babel_locale(BABEL_LOCALES[check_language(lang)])


def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories ``lang`` uses, in CLDR order (the order of a ``.po`` file's
    ``msgstr[i]``), ``other`` last: ``("one", "other")`` for English.

    Raises :class:`UnknownLanguageError`.
    """
    tags = _locale(lang).plural_form.tags
    return tuple(c for c in PLURAL_CATEGORIES if c in tags and c != "other") + ("other",)


def plural_category(n: float | Signed, lang: str) -> str:
    """The CLDR plural category of the number ``n`` in ``lang`` (``"one"``, ``"many"``, ``"other"`` …).

    Raises :class:`UnknownLanguageError`, and ``TypeError`` when ``n`` is not a number.
    """
    if isinstance(n, Signed):
        n = n.value
    if isinstance(n, bool) or not isinstance(n, numbers.Real):
        raise TypeError(f"a plural count must be a number, got {n!r}")
    return str(_locale(lang).plural_form(abs(n)))


def placeholders(sentence: str) -> list[tuple[str, str, str | None]]:
    """The placeholders of ``sentence`` as (name, format spec, conversion), in order.

    >>> placeholders("Move {moves}: {sentence}")
    [('moves', '', None), ('sentence', '', None)]
    """
    return [(name, spec or "", conv) for _, name, spec, conv in string.Formatter().parse(sentence) if name is not None]


def format_number(value: float, lang: str, *, digits: int | None = None) -> str:
    """``value`` written for ``lang`` by Babel: ``35,625`` / ``35 625``; ``0.53`` / ``0,53``.

    ``digits``: exactly this many decimals (rounded); ``None`` writes an
    integer as it is and a fraction with up to three decimals.  Raises
    :class:`UnknownLanguageError`.
    """
    locale = _locale(lang)
    if digits is None:
        return str(format_decimal(value, locale=locale))
    pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
    return str(format_decimal(value, format=pattern, locale=locale))


def format_percentage(fraction: float, lang: str, *, digits: int = 2) -> str:
    """The share ``fraction`` (0–1) as a percentage for ``lang`` with ``digits`` decimals:
    ``83.33%`` (en), ``83,33%`` (pt), ``83,33 %`` (fr, no-break space).

    Raises :class:`UnknownLanguageError`.
    """
    locale = _locale(lang)
    pattern = locale.percent_formats[None].pattern
    if digits > 0:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return str(format_percent(fraction, format=pattern, locale=locale))


def format_day(day: datetime.date, lang: str) -> str:
    """The calendar date ``day`` written out for ``lang`` by Babel (CLDR's long format):
    ``December 2, 2026`` (en), ``2 de dezembro de 2026`` (pt), ``2 décembre 2026`` (fr),
    ``2 de diciembre de 2026`` (es).

    >>> format_day(datetime.date(2026, 12, 2), "fr")
    '2 décembre 2026'

    Raises :class:`UnknownLanguageError`.
    """
    return str(format_date(day, format="long", locale=_locale(lang)))


def signed_number(n: int, lang: str) -> str:
    """``n`` points with their sign for ``lang``: ``+100``, ``−1`` (typographic minus U+2212), ``0``.

    Raises :class:`UnknownLanguageError`.
    """
    if n == 0:
        return format_number(0, lang)
    digits = format_number(abs(n), lang)
    return ("+" if n > 0 else MINUS) + digits


ARTICLE_SPECS: dict[str, tuple[str, ...]] = {
    "en": (),
    "pt": ("o", "ao", "do", "no", "pelo", "O", "Ao", "Do", "No", "Pelo"),
    "fr": ("le", "au", "du", "Le", "Au", "Du"),
    "es": ("el", "al", "del", "El", "Al", "Del"),
}
"""The article format specs each language's sentences may give a card name placeholder
(a language not listed has none)."""

_ARTICLES = {
    # spec: (masculine, feminine, elided); the elided form is French only (l'As, à l'As, de l'As)
    "fr": {"le": ("le ", "la ", "l'"), "au": ("au ", "à la ", "à l'"), "du": ("du ", "de la ", "de l'")},
    "pt": {
        "o": ("o ", "a ", "o "),
        "ao": ("ao ", "à ", "ao "),
        "do": ("do ", "da ", "do "),
        "no": ("no ", "na ", "no "),
        "pelo": ("pelo ", "pela ", "pelo "),
    },
    "es": {"el": ("el ", "la ", "el "), "al": ("al ", "a la ", "al "), "del": ("del ", "de la ", "del ")},
}
_FEMININE = {"pt": "D", "fr": "D", "es": "QJ"}
"""The rank letters of each language's feminine cards: the queen (dame, dama, reina) and the Spanish jack (jota)."""


def with_article(name: str, spec: str, lang: str) -> str:
    """The card name ``name`` (``"R♣"``, ``"A♣"``, ``"D♥"``, ``"Joker"``) after the article ``spec``
    of :data:`ARTICLE_SPECS` in ``lang``: ``with_article("A♣", "le", "fr") == "l'A♣"``.

    The queen (dame, dama, reina) and the Spanish jack (jota) are feminine; in French the ace (as) elides; a name
    in words (the joker) is written in lower case.  A capital spec capitalises
    the article.  Raises ``ValueError`` for a spec ``lang`` does not have.
    """
    specs = ARTICLE_SPECS.get(check_language(lang), ())
    if spec not in specs:
        raise ValueError(f"unknown article spec {spec!r} for {lang}: use one of {', '.join(specs) or 'none'}")
    masculine, feminine, elided = _ARTICLES[lang][spec.lower()]
    if name.isalpha():  # a card named in words: the joker
        name = name.lower()
    if lang == "fr" and name[:1] in "AaÁÉEeIiOoUu":
        article = elided
    elif len(name) == 2 and name[0] in _FEMININE.get(lang, ""):  # D♥: la dame, a dama; Q♥, J♠: la reina, la jota
        article = feminine
    else:
        article = masculine
    if spec[0].isupper():
        article = article[0].upper() + article[1:]
    return article + name


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec and format_spec in ARTICLE_SPECS.get(self.lang, ()):
            return with_article(str(value), format_spec, self.lang)
        return super().format_field(value, format_spec)


def _show(value: Any, lang: str) -> Any:
    """A placeholder value as text: numbers (not bools) by Babel, :class:`Signed` with its sign."""
    if isinstance(value, Signed):
        return signed_number(value.value, lang)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return format_number(cast(float, value), lang)
    return value


def fill(template: str, lang: str, values: Mapping[str, Any]) -> str:
    """``template`` with its named placeholders filled for ``lang``: numbers by
    :func:`format_number`, :class:`Signed` values by :func:`signed_number`, a card
    name after the article of its spec (:data:`ARTICLE_SPECS`).

    Raises ``KeyError`` for a missing placeholder value.
    """
    return _Formatter(lang).vformat(template, (), {name: _show(v, lang) for name, v in values.items()})


def lookup(domain: str, key: str, lang: str, values: Mapping[str, Any]) -> str:
    """The entry ``key`` of the catalogue ``domain`` (:data:`~tripeaks.i18n.catalogues.DOMAINS`)
    in ``lang`` with its named placeholders filled (:func:`fill`).

    Shared by every catalogue (engine, app, lessons, solver, classroom).  A
    plural entry picks its form by the CLDR plural category of the value of
    its count placeholder.  Raises :class:`UnknownLanguageError` for an
    unknown language, ``KeyError`` for an unknown key or a missing
    placeholder value, and ``TypeError`` when the count of a plural entry is
    not a number.
    """
    found = entries(domain, lang)
    entry = found[key] if key in found else entries(domain, SOURCE_LANGUAGE)[key]
    if entry.count is None:
        template = entry.forms[0]
    else:
        if entry.count not in values:
            raise KeyError(f"{key}: no value for its count {{{entry.count}}}")
        category = plural_category(values[entry.count], entry.plural_language)
        template = entry.forms[plural_categories(entry.plural_language).index(category)]
    return fill(template, lang, values)
