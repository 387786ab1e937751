"""Solver sentences (hints, the winnable indicator, the command line) in en, pt, fr.

Whole sentences with named placeholders, like :mod:`tripeaks.i18n.catalog`;
card placeholders take names from :func:`tripeaks.i18n.card_name`.  The
solver itself (:mod:`tripeaks.solver`) returns data only; its sentences are
made here (:func:`hint_message`, :func:`winnable_message`).
"""

from __future__ import annotations

from typing import Any

from ..cards import Joker
from ..solver import Hint, HintKind, Verdict
from . import card_name
from .catalog import lookup

__all__ = ["SOLVER_CATALOG", "solver_text", "hint_message", "winnable_message"]

SOLVER_CATALOG: dict[str, dict[str, str]] = {
    "en": {
        "hint.play": "Play {card} on {top}: the game stays winnable.",
        "hint.play_joker": "Play {card} on the joker: the game stays winnable.",
        "hint.play_empty": "Play {card} onto the empty waste: the game stays winnable.",
        "hint.draw": "Draw a card from the stock: no play on the waste keeps the game winnable now.",
        "hint.lost": "This position can no longer be won, whatever you play; undo or start a new game.",
        "hint.unknown": "The solver could not decide this position in time.",
        "hint.won": "The game is already won.",
        "winnable.yes": "This game can still be won.",
        "winnable.no": "This game can no longer be won.",
        "winnable.unknown": "Not known yet whether this game can still be won.",
        "solve.winnable": "{code} is winnable: {moves} moves, {draws} draws, final score {score}.",
        "solve.unwinnable": "{code} cannot be won: every line was searched ({nodes} positions).",
        "solve.unknown": "{code}: no answer within the budget ({nodes} positions searched).",
        "cli.header.winnable": "{code} ({rule}): winnable",
        "cli.header.unwinnable": "{code} ({rule}): unwinnable",
        "cli.header.unknown": "{code} ({rule}): unknown",
        "cli.line": "Winning line: {line}",
        "cli.draw": "draw",
        "cli.best": "No winning line uses fewer draws: this is the best score.",
        "cli.best_unproven": "The budget ran out before proving that no line uses fewer draws.",
        "cli.searched": "Positions searched: {nodes} in {seconds} s.",
    },
    "pt": {
        "hint.play": "Jogue {card} sobre {top}: a partida continua a poder ser ganha.",
        "hint.play_joker": "Jogue {card} sobre o jóquer: a partida continua a poder ser ganha.",
        "hint.play_empty": "Jogue {card} no descarte vazio: a partida continua a poder ser ganha.",
        "hint.draw": "Tire uma carta do monte: nenhuma jogada sobre o descarte mantém a partida ganhável agora.",
        "hint.lost": "Esta posição já não pode ser ganha, jogue o que jogar; anule ou comece uma nova partida.",
        "hint.unknown": "O resolvedor não conseguiu decidir esta posição a tempo.",
        "hint.won": "A partida já está ganha.",
        "winnable.yes": "Esta partida ainda pode ser ganha.",
        "winnable.no": "Esta partida já não pode ser ganha.",
        "winnable.unknown": "Ainda não se sabe se esta partida pode ser ganha.",
        "solve.winnable": "{code} pode ser ganha: {moves} jogadas, {draws} cartas tiradas do monte, pontuação final {score}.",
        "solve.unwinnable": "{code} não pode ser ganha: todas as linhas foram examinadas ({nodes} posições).",
        "solve.unknown": "{code}: sem resposta dentro do limite ({nodes} posições examinadas).",
        "cli.header.winnable": "{code} ({rule}): ganhável",
        "cli.header.unwinnable": "{code} ({rule}): não ganhável",
        "cli.header.unknown": "{code} ({rule}): desconhecido",
        "cli.line": "Linha vencedora: {line}",
        "cli.draw": "monte",
        "cli.best": "Nenhuma linha vencedora tira menos cartas do monte: esta é a melhor pontuação.",
        "cli.best_unproven": "O limite esgotou-se antes de provar que nenhuma linha tira menos cartas do monte.",
        "cli.searched": "Posições examinadas: {nodes} em {seconds} s.",
    },
    "fr": {
        "hint.play": "Jouez {card} sur {top} : la partie reste gagnable.",
        "hint.play_joker": "Jouez {card} sur le joker : la partie reste gagnable.",
        "hint.play_empty": "Jouez {card} sur la défausse vide : la partie reste gagnable.",
        "hint.draw": "Piochez une carte : aucun coup sur la défausse ne garde la partie gagnable pour l'instant.",
        "hint.lost": "Cette position ne peut plus être gagnée, quoi que vous jouiez ; annulez ou commencez une nouvelle partie.",
        "hint.unknown": "Le solveur n'a pas pu trancher cette position à temps.",
        "hint.won": "La partie est déjà gagnée.",
        "winnable.yes": "Cette partie peut encore être gagnée.",
        "winnable.no": "Cette partie ne peut plus être gagnée.",
        "winnable.unknown": "On ne sait pas encore si cette partie peut être gagnée.",
        "solve.winnable": "{code} est gagnable : {moves} coups, {draws} cartes piochées, score final {score}.",
        "solve.unwinnable": "{code} ne peut pas être gagnée : toutes les suites ont été examinées ({nodes} positions).",
        "solve.unknown": "{code} : pas de réponse dans la limite fixée ({nodes} positions examinées).",
        "cli.header.winnable": "{code} ({rule}) : gagnable",
        "cli.header.unwinnable": "{code} ({rule}) : impossible à gagner",
        "cli.header.unknown": "{code} ({rule}) : inconnu",
        "cli.line": "Suite gagnante : {line}",
        "cli.draw": "pioche",
        "cli.best": "Aucune suite gagnante ne pioche moins de cartes : c'est le meilleur score.",
        "cli.best_unproven": "La limite a été atteinte avant de prouver qu'aucune suite ne pioche moins.",
        "cli.searched": "Positions examinées : {nodes} en {seconds} s.",
    },
}


def solver_text(key: str, lang: str = "en", **values: Any) -> str:
    """The solver sentence ``key`` in ``lang`` with its placeholders filled.

    Raises ``ValueError`` for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup(SOLVER_CATALOG, key, lang, values)


def hint_message(h: Hint, lang: str = "en") -> str:
    """The hint ``h`` (from :func:`tripeaks.solver.hint`) as one sentence in ``lang`` ("en", "pt", "fr").

    Raises ``ValueError`` for an unknown language.
    """
    if h.kind is HintKind.PLAY:
        assert h.card is not None
        card = card_name(h.card, lang)
        if h.top is None:  # the first play onto an empty waste (docs/rules.md §8)
            return solver_text("hint.play_empty", lang, card=card)
        if isinstance(h.top, Joker):
            return solver_text("hint.play_joker", lang, card=card)
        return solver_text("hint.play", lang, card=card, top=card_name(h.top, lang))
    return solver_text("hint." + h.kind.value, lang)


def winnable_message(verdict: Verdict | bool | None, lang: str = "en") -> str:
    """The "winnable?" indicator as one sentence in ``lang``.

    ``verdict``: a :class:`~tripeaks.solver.Verdict`, or True / False / None as
    returned by :func:`tripeaks.solver.is_winnable`.  Raises ``ValueError`` for
    an unknown language.
    """
    if verdict is True or verdict is Verdict.WINNABLE:
        return solver_text("winnable.yes", lang)
    if verdict is False or verdict is Verdict.UNWINNABLE:
        return solver_text("winnable.no", lang)
    return solver_text("winnable.unknown", lang)
