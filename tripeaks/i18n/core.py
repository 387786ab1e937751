"""The machinery shared by every message catalogue: languages, plural entries, numbers.

A *catalogue* maps each language (``"en"``, ``"pt"``, ``"fr"``) to one
mapping of keys to entries.  An entry is either

* a whole sentence (or label) with named placeholders, ``"Score: {score}"``; or
* a :class:`Plural`: one such sentence per CLDR plural category, chosen by
  the value of one named *count* placeholder::

      "hints.deal_none": Plural(
          "tries",
          one="The solver tried {tries} deal and ...",
          other="The solver tried {tries} deals and ...",
      ),

  Each language lists exactly the categories its CLDR rules use (English:
  ``one``, ``other``; Portuguese and French: ``one``, ``many``, ``other``)
  — :func:`plural_categories` says which.  French uses ``one`` for 0 and 1;
  European Portuguese (the house variety, Babel locale ``pt_PT``) for 1 only.

Numbers given as placeholder values are written for the language with Babel
(:func:`format_number`): ``35,625`` (en), ``35 625`` (pt, fr, with Babel's
no-break spaces).  :class:`Signed` marks a signed amount of points,
``+100`` / ``−1`` (typographic minus).  Nothing is ever glued: every form of
a plural entry is a whole sentence with the same placeholders.

A card name placeholder may ask for its article in French and Portuguese
with a format spec from :data:`ARTICLE_SPECS`: ``{card:le}`` writes
``le R♣``, ``l'A♣`` or ``la D♥``; ``{card:au}`` / ``{card:du}`` the
contracted ``au R♣`` / ``à l'A♣`` / ``du R♣``; in Portuguese ``{card:o}``,
``{card:ao}``, ``{card:do}``, ``{card:no}`` (``o R♣``, ``a D♥``, ``na D♥`` …).
A capital spec (``{card:Le}``) starts a sentence.  The article comes from the
card name itself (:func:`with_article`).

>>> lookup({"en": {"k": Plural("n", one="{n} card.", other="{n} cards.")}}, "k", "en", {"n": 1500})
'1,500 cards.'
>>> format_number(1234567, "fr") == "1\\u202f234\\u202f567"
True
>>> plural_category(0, "fr"), plural_category(0, "pt"), plural_category(1_000_000, "pt")
('one', 'other', 'many')
>>> lookup({"fr": {"k": "Jouez {card:le} sur {top:le}."}}, "k", "fr", {"card": "R♣", "top": "A♣"})
"Jouez le R♣ sur l'A♣."
"""

from __future__ import annotations

import numbers
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, cast

from babel import Locale
from babel.numbers import format_decimal, format_percent

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "BABEL_LOCALES",
    "PLURAL_CATEGORIES",
    "UnknownLanguageError",
    "check_language",
    "Plural",
    "Signed",
    "Entry",
    "Catalogue",
    "plural_categories",
    "plural_category",
    "placeholders",
    "format_number",
    "format_percentage",
    "signed_number",
    "lookup",
    "ARTICLE_SPECS",
    "with_article",
]

LANGUAGES = ("en", "pt", "fr")
"""The languages of every catalogue, in the order the app lists them."""
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "fr": "Français"}
BABEL_LOCALES = {"en": "en", "pt": "pt_PT", "fr": "fr"}
"""The Babel (CLDR) locale of each language: plural rules and number symbols.
Portuguese is European Portuguese."""

PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""Every CLDR plural category, in CLDR order."""

MINUS = "\u2212"
"""The typographic minus sign of :func:`signed_number`."""


class UnknownLanguageError(ValueError):
    """A language other than ``"en"``, ``"pt"`` or ``"fr"``; the message lists them.

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


@dataclass(frozen=True, init=False)
class Plural:
    """A catalogue entry whose wording depends on a number.

    ``Plural(count, one=..., other=..., many=...)``: ``count`` names the
    placeholder whose value (a number) selects the form; each keyword is a
    CLDR plural category (see :data:`PLURAL_CATEGORIES`) and its whole
    sentence.  ``other`` is required.  Raises ``ValueError`` for an unknown
    category or a missing ``other``.
    """

    count: str
    forms: Mapping[str, str]

    def __init__(self, count: str, **forms: str) -> None:
        if not count.isidentifier():
            raise ValueError(f"the count of a plural entry must be a placeholder name, got {count!r}")
        unknown = sorted(set(forms) - set(PLURAL_CATEGORIES))
        if unknown:
            raise ValueError(f"unknown plural categories {unknown}: use {', '.join(PLURAL_CATEGORIES)}")
        if "other" not in forms:
            raise ValueError("a plural entry needs an 'other' form")
        ordered = {c: forms[c] for c in PLURAL_CATEGORIES if c in forms}
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "forms", MappingProxyType(ordered))

    def __repr__(self) -> str:
        forms = ", ".join(f"{c}={s!r}" for c, s in self.forms.items())
        return f"Plural({self.count!r}, {forms})"

    def form(self, category: str) -> str:
        """The sentence for ``category``; the ``other`` form when this entry has none for it."""
        return self.forms.get(category, self.forms["other"])


Entry = str | Plural
"""One catalogue entry: a sentence, or a :class:`Plural`."""
Catalogue = Mapping[str, Mapping[str, Entry]]
"""Language → key → entry."""


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


def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories ``lang`` uses (always with ``other``), e.g. ``{"one", "other"}`` for English.

    Raises :class:`UnknownLanguageError`.
    """
    return frozenset(_locale(lang).plural_form.tags) | {"other"}


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
    "pt": ("o", "ao", "do", "no", "O", "Ao", "Do", "No"),
    "fr": ("le", "au", "du", "Le", "Au", "Du"),
}
"""The article format specs each language's sentences may give a card name placeholder."""

_ARTICLES = {
    # spec: (masculine, feminine, elided); the elided form is French only (l'As, à l'As, de l'As)
    "fr": {"le": ("le ", "la ", "l'"), "au": ("au ", "à la ", "à l'"), "du": ("du ", "de la ", "de l'")},
    "pt": {
        "o": ("o ", "a ", "o "),
        "ao": ("ao ", "à ", "ao "),
        "do": ("do ", "da ", "do "),
        "no": ("no ", "na ", "no "),
    },
}


def with_article(name: str, spec: str, lang: str) -> str:
    """The card name ``name`` (``"R♣"``, ``"A♣"``, ``"D♥"``, ``"Joker"``) after the article ``spec``
    of :data:`ARTICLE_SPECS` in ``lang``: ``with_article("A♣", "le", "fr") == "l'A♣"``.

    The queen (dame, dama) is feminine; in French the ace (as) elides; a name
    in words (the joker) is written in lower case.  A capital spec capitalises
    the article.  Raises ``ValueError`` for a spec ``lang`` does not have.
    """
    if spec not in ARTICLE_SPECS[check_language(lang)]:
        raise ValueError(f"unknown article spec {spec!r} for {lang}: use one of {', '.join(ARTICLE_SPECS[lang])}")
    masculine, feminine, elided = _ARTICLES[lang][spec.lower()]
    if name.isalpha():  # a card named in words: the joker
        name = name.lower()
    if lang == "fr" and name[:1] in "AaÁÉEeIiOoUu":
        article = elided
    elif len(name) == 2 and name[0] == "D":  # D♥: la dame, a dama
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
        if format_spec and format_spec in ARTICLE_SPECS[self.lang]:
            return with_article(str(value), format_spec, self.lang)
        return super().format_field(value, format_spec)


def _show(value: Any, lang: str) -> Any:
    """A placeholder value as text: numbers (not bools) by Babel, :class:`Signed` with its sign."""
    if isinstance(value, Signed):
        return signed_number(value.value, lang)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return format_number(cast(float, value), lang)
    return value


def lookup(catalog: Catalogue, key: str, lang: str, values: Mapping[str, Any]) -> str:
    """The entry ``key`` of ``catalog`` in ``lang`` with its named placeholders filled.

    Shared by every catalogue (engine, app, lessons, solver).  A
    :class:`Plural` entry picks its form by the CLDR plural category of
    ``values[entry.count]``; numbers are written by :func:`format_number`
    and :class:`Signed` values by :func:`signed_number`; an article spec
    (:data:`ARTICLE_SPECS`) puts its article before a card name.  Raises
    :class:`UnknownLanguageError` for an unknown language, ``KeyError`` for
    an unknown key or a missing placeholder value, and ``TypeError`` when the
    count of a plural entry is not a number.
    """
    check_language(lang)
    entry = catalog[lang][key]
    if isinstance(entry, Plural):
        if entry.count not in values:
            raise KeyError(f"{key}: no value for its count {{{entry.count}}}")
        template = entry.form(plural_category(values[entry.count], lang))
    else:
        template = entry
    return _Formatter(lang).vformat(template, (), {name: _show(v, lang) for name, v in values.items()})
