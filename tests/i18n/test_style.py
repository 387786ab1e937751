"""Mechanical style rules of the translations: articles before card names, French typography.

* Every card name placeholder of a Portuguese, French or Spanish sentence
  carries an article spec of :data:`tripeaks.i18n.core.ARTICLE_SPECS`
  ("Jouez {card:le} sur {top:le}" → "Jouez le R♣ sur l'A♣"), so that the
  pronoun that follows can take the card's gender.  The documented
  exceptions: a card name after the noun *carta*/*carte* itself ("a carta
  R♣", "as cartas R♣ e D♥"), and a label that ends in the bare card name after a colon
  ("Carte de la défausse : R♣").
* European Portuguese: none of the Brazilian-only words of :data:`BRAZILIAN_ONLY`
  ("tela", "usuário", "arquivo"…); a Portuguese sentence says *ecrã*, *utilizador*, *ficheiro*.
* Spanish: every ``?`` and ``!`` of a sentence has its opening ``¿`` ``¡`` (and the other way round);
  the ``?`` key named in a sentence ("la tecla ?") is not a question.
* A plural entry's form for millions (``{n} de cartes``) puts *de* only before a noun.
* French typography: a no-break space (U+00A0 or U+202F) before ``:`` ``;``
  ``!`` ``?`` and inside « », the straight apostrophe only, and no capital
  letter after a colon inside a sentence (a proper name excepted).
"""

from __future__ import annotations

import re

import pytest

from tripeaks.i18n.catalogues import LANGUAGES, SOURCE_LANGUAGE, sentences
from tripeaks.i18n.core import ARTICLE_SPECS, fill

TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)

_ENGINE_CARDS = frozenset({"card", "top", "waste", "first", "second", "drawn"})
CARD_PLACEHOLDERS: dict[str, frozenset[str]] = {
    "engine": _ENGINE_CARDS,
    "app": frozenset({"card", "top", "waste"}),
    "solver": frozenset({"card", "top", "waste", "drawn"}),
    "classroom": frozenset(),
    "lessons": _ENGINE_CARDS
    | frozenset(
        {
            "king", "queen", "jack", "ace", "two", "three", "five", "seven", "eight", "nine", "ten",
            "kd", "fit", "fits", "last", "good", "other", "short", "long", "spade_king", "heart_king",
            "kept", "blunder",
        }
    ),
}  # fmt: skip
"""The placeholders whose value is one card name (``R♣``, ``D♥``), by domain."""

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w*))?\}")
_AFTER_NOUN = re.compile(r"\b(cartas?|cartes?)\s+(\{\w+\}\s+(e|et|y)\s+)?$", re.IGNORECASE)


def bare_card_names(domain: str, text: str) -> list[str]:
    """The card name placeholders of ``text`` written without an article spec (exceptions left out)."""
    bare = []
    for match in _PLACEHOLDER.finditer(text):
        name, spec = match.group(1), match.group(2)
        if name not in CARD_PLACEHOLDERS[domain] or spec:
            continue
        before = text[: match.start()]
        if _AFTER_NOUN.search(before):
            continue
        if before.rstrip().endswith(":") and not text[match.end() :].strip():
            continue  # a label: "Carte de la défausse : {card}"
        bare.append(name)
    return bare


def test_bare_card_names_finds_a_missing_article() -> None:
    assert bare_card_names("lessons", "Jouez {card} sur {top:le}.") == ["card"]
    assert bare_card_names("lessons", "Jouez {card:le} sur {top:le}.") == []
    assert bare_card_names("engine", "As cartas {first} e {second:o}.") == []
    assert bare_card_names("app", "Carte de la défausse : {card}") == []
    assert bare_card_names("solver", "de 0 à {last}.") == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_card_name_has_its_article(lang: str) -> None:
    assert ARTICLE_SPECS.get(lang), f"{lang} has no article specs"
    bare = [
        f"{domain} {key}: {names}" for domain, key, text in sentences(lang) if (names := bare_card_names(domain, text))
    ]
    assert not bare, "card names without an article:\n" + "\n".join(bare)


# French typography ---------------------------------------------------------------------------

NO_BREAK = "\u00a0\u202f"
PROPER_NAMES = frozenset(
    {"Facile", "Classique", "Traditionnel", "Tri", "TriPeaks", "Jupyter", "JupyterLab", "Voila", "Python", "Binder"}
)


def _prose(text: str) -> str:
    """``text`` without its placeholders, addresses and times, which may hold a colon."""
    text = _PLACEHOLDER.sub("X", text)
    text = re.sub(r"\b[a-z]+://\S+", "X", text)
    text = re.sub(r"`[^`]*`", "X", text)
    return re.sub(r"\d:\d", "X", text)


def french_typography_faults(text: str) -> list[str]:
    """What ``text`` breaks of the French typography rules (empty when nothing)."""
    prose = _prose(text)
    faults = []
    for match in re.finditer(r"(.)([:;!?])", prose):
        if match.group(1) not in NO_BREAK:
            faults.append(
                f"no no-break space before {match.group(2)!r}: …{prose[max(0, match.start() - 20) : match.end() + 5]}…"
            )
    if re.search(f"«(?![{NO_BREAK}])|(?<![{NO_BREAK}])»", prose):
        faults.append("« » without no-break spaces inside")
    if "’" in prose:
        faults.append("a curly apostrophe (the straight one is the house form)")
    for match in re.finditer(rf"\w[^.!?\n]*?[{NO_BREAK}]:\s+([A-ZÀ-Ý][a-zà-ÿ]+)", prose):
        if match.group(1) not in PROPER_NAMES:
            faults.append(f"a capital after a colon: …{match.group(0)[-40:]}")
    return faults


def test_french_typography_faults_are_found() -> None:
    assert french_typography_faults("Score\u00a0: {score}") == []
    assert french_typography_faults("Jouez {card:le}\u202f!") == []
    assert len(french_typography_faults("Score : 3")) == 1
    assert len(french_typography_faults("Score: 3")) == 1
    assert french_typography_faults("«\u00a0ok\u00a0»") == []
    assert french_typography_faults("«ok»") == ["« » without no-break spaces inside"]
    assert french_typography_faults("l’as") != []
    assert french_typography_faults("Refusé\u00a0: Le roi") != []
    assert french_typography_faults("Refusé\u00a0: le roi, en règle Facile\u00a0: Facile") == []


@pytest.mark.skipif("fr" not in TRANSLATIONS, reason="no French catalogues")
def test_french_typography() -> None:
    faults = [
        f"{domain} {key}: {fault}" for domain, key, text in sentences("fr") for fault in french_typography_faults(text)
    ]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_articles_agree_with_the_card(lang: str) -> None:
    spec = ARTICLE_SPECS[lang][0]
    king = fill(f"{{card:{spec}}}", lang, {"card": "R♣"})
    queen = fill(f"{{card:{spec}}}", lang, {"card": "D♥"})
    assert king != queen and king.endswith("R♣") and queen.endswith("D♥")


# European Portuguese -------------------------------------------------------------------------

BRAZILIAN_ONLY = (
    r"telas?",
    r"usuári[oa]s?",
    r"arquivos?",
    r"celular(es)?",
    r"mouse",
    r"baixar",
    r"salv(ar|e|ou)",
    r"deletar",
    r"senhas?",
    r"gerenci\w*",
    r"aplicativos?",
    r"equipes?",
    r"registr(o|os)",
    r"cadastr\w*",
    r"contatos?",
    r"fato",
    r"bônus",
    r"cronômetros?",
    r"econômic\w*",
    r"gênero",
    r"câmeras?",
    r"planilhas?",
    r"você(s)?",
    r"ônibus",
    r"esportes?",
    r"a gente",
    r"ótimo",
    r"tá",
    r"time",
)
"""Words a Brazilian text uses where European Portuguese says *ecrã*, *utilizador*, *ficheiro*, *telemóvel*,
*rato*, *descarregar*, *guardar*, *apagar*, *palavra-passe*, *gerir*, *aplicação*, *equipa*, *registo*,
*contacto*, *facto*, *bónus*, *cronómetro*… (*você* is implied, never written, as the glossary says)."""

_BRAZILIAN = re.compile(r"\b(" + "|".join(BRAZILIAN_ONLY) + r")\b", re.IGNORECASE)
_GERUND = re.compile(r"^(\w+(ando|endo|indo))\b")


def brazilian_words(text: str) -> list[str]:
    """The Brazilian-only words of ``text`` (placeholders left out), and a sentence opening on a gerund."""
    prose = _prose(text)
    found = [m.group(0) for m in _BRAZILIAN.finditer(prose)]
    if (m := _GERUND.match(prose)) and m.group(1).lower() not in {"quando"}:
        found.append(m.group(1))  # European Portuguese: "A começar pelo R♣", not "Começando pelo R♣"
    return found


def test_brazilian_words_are_found() -> None:
    assert brazilian_words("Toque na tela para salvar o arquivo.") == ["tela", "salvar", "arquivo"]
    assert brazilian_words("Começando pelo R♣: uma série de 3 cartas.") == ["Começando"]
    assert brazilian_words("Tempo restante: {time}. Descarregue o ficheiro do ecrã.") == []
    assert brazilian_words("Quando o monte está vazio, clique em Anular.") == []


@pytest.mark.skipif("pt" not in TRANSLATIONS, reason="no Portuguese catalogues")
def test_portuguese_is_european() -> None:
    found = [f"{domain} {key}: {words}" for domain, key, text in sentences("pt") if (words := brazilian_words(text))]
    assert not found, "\n".join(found)


# Spanish ---------------------------------------------------------------------------------------

_KEY_NAMES = re.compile(r"\btecla\s+[?!]|\(\?\)|`[^`]*`")


def spanish_marks_faults(text: str) -> list[str]:
    """Where ``text`` has a ``?`` or ``!`` without its opening ``¿`` ``¡``, or an opening mark never closed."""
    prose = _KEY_NAMES.sub("X", _prose(text))
    faults = []
    for opening, closing in (("¿", "?"), ("¡", "!")):
        depth = 0
        for i, char in enumerate(prose):
            if char == opening:
                depth += 1
            elif char == closing:
                if depth == 0:
                    faults.append(f"{closing!r} without {opening!r}: …{prose[max(0, i - 30) : i + 1]}")
                else:
                    depth -= 1
        if depth:
            faults.append(f"{opening!r} never closed by {closing!r}")
    return faults


def test_spanish_marks_faults_are_found() -> None:
    assert spanish_marks_faults("¿Abandonar esta partida?") == []
    assert spanish_marks_faults("¡Has ganado! Las 28 cartas han salido.") == []
    assert spanish_marks_faults("Abandonar esta partida?") != []
    assert spanish_marks_faults("Has ganado!") != []
    assert spanish_marks_faults("¿Abandonar esta partida") != []
    assert spanish_marks_faults("Muestra la lista (o pulsa la tecla ?).") == []


@pytest.mark.skipif("es" not in TRANSLATIONS, reason="no Spanish catalogues")
def test_spanish_questions_and_exclamations_open() -> None:
    faults = [
        f"{domain} {key}: {fault}" for domain, key, text in sentences("es") for fault in spanish_marks_faults(text)
    ]
    assert not faults, "\n".join(faults)


# Plural forms ----------------------------------------------------------------------------------

_DE_BEFORE_NO_NOUN = re.compile(r"\{\w+\} de (sur|sobre|à|a|en|em|de|por|par|pour|para|au|ao|al)\b")


def test_the_millions_form_puts_de_before_a_noun_only() -> None:
    assert _DE_BEFORE_NO_NOUN.search("Bien : {done} de sur {total}.")
    assert not _DE_BEFORE_NO_NOUN.search("il reste {left} de cartes dans la pioche")
    faults = [
        f"{lang} {domain} {key}: {text}"
        for lang in TRANSLATIONS
        for domain, key, text in sentences(lang)
        if _DE_BEFORE_NO_NOUN.search(text)
    ]
    assert not faults, "\n".join(faults)
