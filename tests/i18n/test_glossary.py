"""The glossaries docs/glossary.pt.md, docs/glossary.fr.md and docs/glossary.es.md: one term per concept.

Each glossary has a table of concepts: the chosen term, a pattern that the
catalogues must use somewhere (so the glossary does not go stale) and the
forbidden alternatives.  Every Portuguese and French text of every ``.po``
catalogue (:func:`tripeaks.i18n.catalogues.sentences`, each plural form
included) must be free of every forbidden alternative.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tripeaks.i18n.catalogues import sentences

DOCS = Path(__file__).resolve().parents[2] / "docs"
GLOSSARY_LANGUAGES = ("pt", "fr", "es")

REQUIRED_CONCEPTS = (
    "tableau",
    "peak",
    "base row",
    "waste",
    "stock",
    "exposed",
    "face down",
    "face up",
    "reveal",
    "draw",
    "click",  # a click on a card or a button (a key is pressed)
    "undo",
    "cleared peak",
    "rank",
    "suit",
    "run",
    "joker",
    "deal code",
    "notebook",
    "move",
    "game",
    "deal",
)
"""Concepts each glossary must settle (matched against the start of its first column)."""


@dataclass(frozen=True)
class Concept:
    """One row of a glossary table: the concept, its chosen term, the pattern of its use, its forbidden patterns."""

    concept: str
    term: str
    used: re.Pattern[str]
    forbidden: tuple[re.Pattern[str], ...]


def _cells(row: str) -> list[str]:
    """The cells of a Markdown table row; ``\\|`` is a literal bar inside a cell."""
    inner = row.strip().strip("|")
    return [cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", inner)]


def _patterns(cell: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in re.findall(r"`([^`]+)`", cell))


def parse_glossary(text: str) -> list[Concept]:
    """The concepts of a glossary's table (the rows after its header and separator lines).

    Raises ``ValueError`` for a row without four cells or without a usage pattern.
    """
    rows = [line for line in text.splitlines() if line.startswith("|")]
    concepts = []
    for row in rows[2:]:
        cells = _cells(row)
        if len(cells) != 4:
            raise ValueError(f"a glossary row needs 4 cells: {row!r}")
        used = _patterns(cells[2])
        if len(used) != 1:
            raise ValueError(f"a glossary row needs one usage pattern: {row!r}")
        concepts.append(Concept(cells[0], cells[1], used[0], _patterns(cells[3])))
    return concepts


def glossary(lang: str) -> list[Concept]:
    return parse_glossary((DOCS / f"glossary.{lang}.md").read_text(encoding="utf-8"))


def violations(lang: str, texts: list[tuple[str, str, str]]) -> list[str]:
    """Every use of a forbidden alternative in ``texts`` ((domain, key, text) triples), as sentences."""
    found = []
    for concept in glossary(lang):
        for pattern in concept.forbidden:
            for domain, key, text in texts:
                match = pattern.search(text)
                if match:
                    found.append(
                        f"{domain} {key} ({lang}): «{match.group(0)}» where the glossary says "
                        f"«{concept.term}» for {concept.concept}: {text}"
                    )
    return found


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_glossary_settles_every_concept_of_the_game(lang: str) -> None:
    concepts = glossary(lang)
    names = [c.concept for c in concepts]
    for required in REQUIRED_CONCEPTS:
        assert any(name == required or name.startswith(required + " ") for name in names), (lang, required)
    assert all(c.forbidden for c in concepts if c.concept.startswith(REQUIRED_CONCEPTS)), lang


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_catalogues_use_only_the_glossary_term_for_each_concept(lang: str) -> None:
    assert violations(lang, list(sentences(lang))) == []


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_every_glossary_term_is_used_in_the_catalogues(lang: str) -> None:
    texts = [text for _, _, text in sentences(lang)]
    unused = [c.concept for c in glossary(lang) if not any(c.used.search(t) for t in texts)]
    assert unused == []


@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        ("fr", "Appuyez sur Annuler.", "click (a card or a button; a key is *appuyée*)"),
        ("pt", "Tirou V♣ do monte.", "draw (the act)"),
        ("pt", "Toque no monte.", "click (a card or a button; a key is *premida*)"),
        ("pt", "Carregue em Anular para desfazer a compra.", "click (a card or a button; a key is *premida*)"),
        ("pt", "Carregue em Anular para desfazer a compra.", "undo (button Anular)"),
        ("pt", "Pico limpo", "cleared peak"),
        ("pt", "Jogue uma carta descoberta.", "exposed (no card covers it)"),
        ("pt", "Abra o caderno tripeaks.", "notebook"),
        ("pt", "O resolvedor confirma.", "solver"),
        ("pt", "o Rei vem logo abaixo do Ás", "king, queen, jack, ace (in words)"),
        ("fr", "Pioche de V♣ annulée : la carte revient sur la pioche.", "draw (the act)"),
        ("fr", "Pic de gauche dégagé : +100 points.", "cleared peak"),
        ("fr", "Gagné : les 28 cartes sont dégagées !", "all 28 cards played"),
        ("fr", "Montre-moi", "you (the player)"),
        ("fr", "La couleur et l'enseigne ne comptent pas.", "suit"),
        ("fr", "le Roi vient juste sous l'As", "king, queen, jack, ace (in words)"),
        ("fr", "Ouvrez le carnet tripeaks.", "notebook"),
        ("fr", "Étape 1 sur 3. 36 coups ont été joués.", "numbers"),
        ("fr", "Chaque pioche coûte un point.", "draw (the act)"),
        ("fr", "Refusé : la pioche n'est donc pas encore permise.", "draw (the act)"),
        ("fr", "Les mêmes cartes, sous la règle du code.", "under (a rule)"),
        ("fr", "Le R et l'A se suivent", "king, queen, jack, ace (in words)"),
        ("pt", "O solucionador ficou sem tempo.", "solver"),
        ("es", "La literatura también describe variantes.", "register (a game, not a book)"),
        ("es", "La partida siguió siendo ganable.", "winnable"),
        ("es", "Las mismas cartas bajo la regla Clásica.", "under (a rule)"),
        ("es", "Con la regla Clásica, el K y el A no son consecutivos.", "king, queen, jack, ace (in words)"),
    ],
)
def test_a_forbidden_alternative_is_reported_with_its_concept(lang: str, text: str, concept: str) -> None:
    found = violations(lang, [("toy", "toy.key", text)])
    assert any(f"for {concept}:" in v for v in found), found


def test_the_glossary_allows_the_chosen_terms() -> None:
    assert violations("pt", [("toy", "k", "Clique no monte para comprar uma carta: o pico está esvaziado.")]) == []
    assert violations("pt", [("toy", "k", "Para ver os atalhos, prima a tecla ?.")]) == []
    assert violations("fr", [("toy", "k", "Pour voir les raccourcis, appuyez sur la touche ?.")]) == []
    assert violations("fr", [("toy", "k", "Cliquez sur la pioche : le tirage du R♣ vide le pic de gauche.")]) == []


def test_a_row_without_its_four_cells_is_refused() -> None:
    with pytest.raises(ValueError, match="4 cells"):
        parse_glossary("| a | b |\n|---|---|\n| stock | monte |\n")
