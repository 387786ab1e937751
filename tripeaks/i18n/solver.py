"""Solver and command-line sentences (hints, ``python -m tripeaks``) in en, pt, fr.

Whole sentences with named placeholders or :class:`~tripeaks.i18n.core.Plural`
entries, like :mod:`tripeaks.i18n.engine`; card placeholders take names
from :func:`tripeaks.i18n.card_name`.  The solver itself
(:mod:`tripeaks.solver`) returns data only; its sentences are made here
(:func:`hint_message`, and for the study's stages :func:`stage_label` and
:func:`stage_message`).  The app's Winnable? indicator says its sentences
with :func:`tripeaks.i18n.ui.ui_text` (``hints.winnable_*``).
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Joker
from ..solver import Hint, HintKind
from ..solver.study import Stage
from . import card_name, format_number
from .core import Entry, Plural, lookup
from .ui import rule_name

__all__ = ["SOLVER_CATALOG", "solver_text", "hint_message", "deal_range_message", "stage_label", "stage_message"]

SOLVER_CATALOG: dict[str, dict[str, Entry]] = {
    "en": {
        "hint.play": "Play {card} on {top}: the game stays winnable.",
        "hint.play_joker": "Play {card} on the joker: the game stays winnable.",
        "hint.play_empty": "Play {card} onto the empty waste: the game stays winnable.",
        "hint.draw": "Draw a card from the stock: that is the move that keeps the game winnable now.",
        "hint.lost": "This position can no longer be won, whatever you play; undo or start a new game.",
        "hint.unknown": "The solver could not decide this position in time.",
        "hint.won": "The game is already won.",
        "solve.winnable": Plural(
            "moves",
            one="{code} is winnable: {moves} move, final score {score}.",
            other="{code} is winnable: {moves} moves, final score {score}.",
        ),
        "solve.draws": Plural(
            "draws",
            one="The line draws {draws} card from the stock.",
            other="The line draws {draws} cards from the stock.",
        ),
        "solve.unwinnable": Plural(
            "nodes",
            one="{code} cannot be won: every line was searched ({nodes} position).",
            other="{code} cannot be won: every line was searched ({nodes} positions).",
        ),
        "solve.unknown": Plural(
            "nodes",
            one="{code}: no answer within the budget ({nodes} position searched).",
            other="{code}: no answer within the budget ({nodes} positions searched).",
        ),
        "cli.header.winnable": "{code} ({rule}): winnable",
        "cli.header.unwinnable": "{code} ({rule}): unwinnable",
        "cli.header.unknown": "{code} ({rule}): unknown",
        "cli.line": "Winning line: {line}",
        "cli.draw": "draw",
        "cli.best": "No winning line uses fewer draws: this is the best score.",
        "cli.best_unproven": "The budget ran out before proving that no line uses fewer draws.",
        "cli.best_runs": "No winning line scores more: this is the best score.",
        "cli.best_runs_unproven": "The budget ran out before proving that no winning line scores more.",
        "cli.searched": Plural(
            "nodes",
            one="{nodes} position searched in {seconds} s.",
            other="{nodes} positions searched in {seconds} s.",
        ),
        "cli.error": "tripeaks {command}: error: {message}",
        "cli.interrupted": "tripeaks {command}: interrupted",
        "cli.out": "The output folder {path} cannot be used: {reason}.",
        "deals.syntax": "The deal range “{part}” cannot be read: write e.g. 0-1999, 7 or 0-99,500-599.",
        "deals.order": "The deal range “{part}” runs backwards: its first number must not be above its last.",
        "deals.space": "The deal range “{part}” leaves the code space: deal numbers go from 0 to {last}.",
        "deals.overlap": "The deal ranges “{part}” and “{other}” overlap: give each deal once.",
        "winrate.deals": Plural(
            "deals",
            one="Rule {rule}, deals {ranges}: {deals} deal.",
            other="Rule {rule}, deals {ranges}: {deals} deals.",
        ),
        "winrate.jobs": Plural(
            "jobs",
            one="Solved with {jobs} job.",
            other="Solved with {jobs} jobs in parallel.",
        ),
        "winrate.winnable": Plural(
            "decided",
            one="Winnable: {wins} of {decided} decided deal, {share} (95% Wilson interval {low} to {high}).",
            other="Winnable: {wins} of {decided} decided deals, {share} (95% Wilson interval {low} to {high}).",
        ),
        "winrate.unwinnable": Plural(
            "lost",
            one="{lost} deal cannot be won.",
            other="{lost} deals cannot be won.",
        ),
        "winrate.unknown": Plural(
            "unknown",
            one="{unknown} deal was not decided within the budget.",
            other="{unknown} deals were not decided within the budget.",
        ),
        "winrate.nodes": Plural(
            "nodes",
            one="{nodes} position searched.",
            other="{nodes} positions searched.",
        ),
        "winrate.time": "Time: {wall} s on the clock, {cpu} s of CPU in the solver.",
        "study.decided": Plural(
            "deals",
            one="Rule {rule}: {deals} deal decided in {seconds} s.",
            other="Rule {rule}: {deals} deals decided in {seconds} s.",
        ),
        "study.bot": Plural(
            "deals",
            one="Rule {rule}: the bot played {deals} deal in {seconds} s.",
            other="Rule {rule}: the bot played {deals} deals in {seconds} s.",
        ),
        "study.best": Plural(
            "deals",
            one="Rule {rule}: best score of {deals} deal found in {seconds} s.",
            other="Rule {rule}: best score of {deals} deals found in {seconds} s.",
        ),
        "study.rules_decided": Plural(
            "deals",
            one="Rule set {rules}: {deals} deal decided in {seconds} s.",
            other="Rule set {rules}: {deals} deals decided in {seconds} s.",
        ),
        "study.rules_bot": Plural(
            "deals",
            one="Rule set {rules}: the bot played {deals} deal in {seconds} s.",
            other="Rule set {rules}: the bot played {deals} deals in {seconds} s.",
        ),
        "study.runs_best": Plural(
            "deals",
            one="Rule set {rules}: best runs score of {deals} deal found in {seconds} s.",
            other="Rule set {rules}: best runs score of {deals} deals found in {seconds} s.",
        ),
        "study.wrote": "Written: {path}",
        # progress bars of winrate and study (tripeaks.solver.study): one label per stage, the bar adds figures only
        "progress.decide": "Rule {rule}: solving",
        "progress.rules_decide": "Rule set {rules}: solving",
        "progress.bot": "Rule {rule}: the bot plays",
        "progress.rules_bot": "Rule set {rules}: the bot plays",
        "progress.best": "Rule {rule}: best scores",
        "progress.runs_best": "Rule set {rules}: best runs scores",
        "cli.no_dask": "running on Dask needs its distributed scheduler: pip install 'tripeaks[dask]'",
        "cli.dask_failed": "the Dask cluster failed: {reason}",
        "winrate.dask": Plural(
            "workers",
            one="Solved on the Dask cluster at {address} with {workers} worker.",
            other="Solved on the Dask cluster at {address} with {workers} workers in parallel.",
        ),
    },
    "pt": {
        "hint.play": "Jogue {card:o} sobre {top:o}: a partida continua a poder ser ganha.",
        "hint.play_joker": "Jogue {card:o} sobre o jóquer: a partida continua a poder ser ganha.",
        "hint.play_empty": "Jogue {card:o} no descarte vazio: a partida continua a poder ser ganha.",
        "hint.draw": "Compre uma carta do monte: agora, é essa a jogada que mantém a partida ganhável.",
        "hint.lost": "Esta posição já não pode ser ganha, jogue o que jogar; anule ou comece uma nova partida.",
        "hint.unknown": "A verificação automática não conseguiu decidir esta posição a tempo.",
        "hint.won": "A partida já está ganha.",
        "solve.winnable": Plural(
            "moves",
            one="{code} pode ser ganha: {moves} jogada, pontuação final {score}.",
            many="{code} pode ser ganha: {moves} de jogadas, pontuação final {score}.",
            other="{code} pode ser ganha: {moves} jogadas, pontuação final {score}.",
        ),
        "solve.draws": Plural(
            "draws",
            one="A solução compra {draws} carta do monte.",
            many="A solução compra {draws} de cartas do monte.",
            other="A solução compra {draws} cartas do monte.",
        ),
        "solve.unwinnable": Plural(
            "nodes",
            one="{code} não pode ser ganha: todas as jogadas possíveis foram examinadas ({nodes} posição).",
            many="{code} não pode ser ganha: todas as jogadas possíveis foram examinadas ({nodes} de posições).",
            other="{code} não pode ser ganha: todas as jogadas possíveis foram examinadas ({nodes} posições).",
        ),
        "solve.unknown": Plural(
            "nodes",
            one="{code}: sem resposta dentro do limite ({nodes} posição examinada).",
            many="{code}: sem resposta dentro do limite ({nodes} de posições examinadas).",
            other="{code}: sem resposta dentro do limite ({nodes} posições examinadas).",
        ),
        "cli.header.winnable": "{code} ({rule}): ganhável",
        "cli.header.unwinnable": "{code} ({rule}): não ganhável",
        "cli.header.unknown": "{code} ({rule}): desconhecido",
        "cli.line": "Solução: {line}",
        "cli.draw": "compra",
        "cli.best": "Nenhuma solução compra menos cartas do monte: esta é a melhor pontuação.",
        "cli.best_unproven": "O limite esgotou-se antes de provar que nenhuma solução compra menos cartas do monte.",
        "cli.best_runs": "Nenhuma solução faz mais pontos: esta é a melhor pontuação.",
        "cli.best_runs_unproven": "O limite esgotou-se antes de provar que nenhuma solução faz mais pontos.",
        "cli.searched": Plural(
            "nodes",
            one="{nodes} posição examinada em {seconds} s.",
            many="{nodes} de posições examinadas em {seconds} s.",
            other="{nodes} posições examinadas em {seconds} s.",
        ),
        "cli.error": "tripeaks {command}: erro: {message}",
        "cli.interrupted": "tripeaks {command}: interrompido",
        "cli.out": "Não é possível usar a pasta de saída {path}: {reason}.",
        "deals.syntax": "Não é possível ler o intervalo de distribuições «{part}»: escreva, por exemplo, 0-1999, 7 ou 0-99,500-599.",
        "deals.order": "O intervalo de distribuições «{part}» está invertido: o primeiro número não pode ser maior do que o último.",
        "deals.space": "O intervalo de distribuições «{part}» sai do espaço dos códigos: os números vão de 0 a {last}.",
        "deals.overlap": "Os intervalos de distribuições «{part}» e «{other}» sobrepõem-se: indique cada distribuição uma só vez.",
        "winrate.deals": Plural(
            "deals",
            one="Regra {rule}, distribuições {ranges}: {deals} distribuição.",
            many="Regra {rule}, distribuições {ranges}: {deals} de distribuições.",
            other="Regra {rule}, distribuições {ranges}: {deals} distribuições.",
        ),
        "winrate.jobs": Plural(
            "jobs",
            one="Resolvido com {jobs} processo.",
            many="Resolvido com {jobs} de processos em paralelo.",
            other="Resolvido com {jobs} processos em paralelo.",
        ),
        "winrate.winnable": Plural(
            "decided",
            one="Ganháveis: {wins} de {decided} distribuição decidida, {share} (intervalo de Wilson a 95%: {low} a {high}).",
            many="Ganháveis: {wins} de {decided} de distribuições decididas, {share} (intervalo de Wilson a 95%: {low} a {high}).",
            other="Ganháveis: {wins} de {decided} distribuições decididas, {share} (intervalo de Wilson a 95%: {low} a {high}).",
        ),
        "winrate.unwinnable": Plural(
            "lost",
            one="{lost} distribuição não pode ser ganha.",
            many="{lost} de distribuições não podem ser ganhas.",
            other="{lost} distribuições não podem ser ganhas.",
        ),
        "winrate.unknown": Plural(
            "unknown",
            one="{unknown} distribuição não foi decidida dentro do limite.",
            many="{unknown} de distribuições não foram decididas dentro do limite.",
            other="{unknown} distribuições não foram decididas dentro do limite.",
        ),
        "winrate.nodes": Plural(
            "nodes",
            one="{nodes} posição examinada.",
            many="{nodes} de posições examinadas.",
            other="{nodes} posições examinadas.",
        ),
        "winrate.time": "Tempo: {wall} s de relógio, {cpu} s de CPU na verificação automática.",
        "study.decided": Plural(
            "deals",
            one="Regra {rule}: {deals} distribuição decidida em {seconds} s.",
            many="Regra {rule}: {deals} de distribuições decididas em {seconds} s.",
            other="Regra {rule}: {deals} distribuições decididas em {seconds} s.",
        ),
        "study.bot": Plural(
            "deals",
            one="Regra {rule}: o robô jogou {deals} distribuição em {seconds} s.",
            many="Regra {rule}: o robô jogou {deals} de distribuições em {seconds} s.",
            other="Regra {rule}: o robô jogou {deals} distribuições em {seconds} s.",
        ),
        "study.best": Plural(
            "deals",
            one="Regra {rule}: melhor pontuação de {deals} distribuição encontrada em {seconds} s.",
            many="Regra {rule}: melhor pontuação de {deals} de distribuições encontrada em {seconds} s.",
            other="Regra {rule}: melhor pontuação de {deals} distribuições encontrada em {seconds} s.",
        ),
        "study.rules_decided": Plural(
            "deals",
            one="Conjunto de regras {rules}: {deals} distribuição decidida em {seconds} s.",
            many="Conjunto de regras {rules}: {deals} de distribuições decididas em {seconds} s.",
            other="Conjunto de regras {rules}: {deals} distribuições decididas em {seconds} s.",
        ),
        "study.rules_bot": Plural(
            "deals",
            one="Conjunto de regras {rules}: o robô jogou {deals} distribuição em {seconds} s.",
            many="Conjunto de regras {rules}: o robô jogou {deals} de distribuições em {seconds} s.",
            other="Conjunto de regras {rules}: o robô jogou {deals} distribuições em {seconds} s.",
        ),
        "study.runs_best": Plural(
            "deals",
            one="Conjunto de regras {rules}: melhor pontuação por séries de {deals} distribuição encontrada em {seconds} s.",
            many="Conjunto de regras {rules}: melhor pontuação por séries de {deals} de distribuições encontrada em {seconds} s.",
            other="Conjunto de regras {rules}: melhor pontuação por séries de {deals} distribuições encontrada em {seconds} s.",
        ),
        "study.wrote": "Ficheiro escrito: {path}",
        # progress bars of winrate and study (tripeaks.solver.study): one label per stage, the bar adds figures only
        "progress.decide": "Regra {rule}: a resolver",
        "progress.rules_decide": "Conjunto de regras {rules}: a resolver",
        "progress.bot": "Regra {rule}: o robô joga",
        "progress.rules_bot": "Conjunto de regras {rules}: o robô joga",
        "progress.best": "Regra {rule}: melhores pontuações",
        "progress.runs_best": "Conjunto de regras {rules}: melhores pontuações por séries",
        "cli.no_dask": "para correr no Dask é preciso o seu escalonador distribuído: pip install 'tripeaks[dask]'",
        "cli.dask_failed": "o cluster Dask falhou: {reason}",
        "winrate.dask": Plural(
            "workers",
            one="Resolvido no cluster Dask em {address} com {workers} processo.",
            many="Resolvido no cluster Dask em {address} com {workers} de processos em paralelo.",
            other="Resolvido no cluster Dask em {address} com {workers} processos em paralelo.",
        ),
    },
    "fr": {
        "hint.play": "Jouez {card:le} sur {top:le} : la partie reste gagnable.",
        "hint.play_joker": "Jouez {card:le} sur le joker : la partie reste gagnable.",
        "hint.play_empty": "Jouez {card:le} sur la défausse vide : la partie reste gagnable.",
        "hint.draw": "Piochez une carte : pour l'instant, c'est le coup qui garde la partie gagnable.",
        "hint.lost": "Cette position ne peut plus être gagnée, quoi que vous jouiez ; annulez ou commencez une nouvelle partie.",
        "hint.unknown": "Le solveur n'a pas pu trancher cette position à temps.",
        "hint.won": "La partie est déjà gagnée.",
        "solve.winnable": Plural(
            "moves",
            one="{code} est gagnable : {moves} coup, score final {score}.",
            many="{code} est gagnable : {moves} de coups, score final {score}.",
            other="{code} est gagnable : {moves} coups, score final {score}.",
        ),
        "solve.draws": Plural(
            "draws",
            one="La suite pioche {draws} carte.",
            many="La suite pioche {draws} de cartes.",
            other="La suite pioche {draws} cartes.",
        ),
        "solve.unwinnable": Plural(
            "nodes",
            one="{code} ne peut pas être gagnée : toutes les suites ont été examinées ({nodes} position).",
            many="{code} ne peut pas être gagnée : toutes les suites ont été examinées ({nodes} de positions).",
            other="{code} ne peut pas être gagnée : toutes les suites ont été examinées ({nodes} positions).",
        ),
        "solve.unknown": Plural(
            "nodes",
            one="{code} : pas de réponse dans la limite fixée ({nodes} position examinée).",
            many="{code} : pas de réponse dans la limite fixée ({nodes} de positions examinées).",
            other="{code} : pas de réponse dans la limite fixée ({nodes} positions examinées).",
        ),
        "cli.header.winnable": "{code} ({rule}) : gagnable",
        "cli.header.unwinnable": "{code} ({rule}) : impossible à gagner",
        "cli.header.unknown": "{code} ({rule}) : inconnu",
        "cli.line": "Suite gagnante : {line}",
        "cli.draw": "tirage",
        "cli.best": "Aucune suite gagnante ne fait moins de tirages : c'est le meilleur score.",
        "cli.best_unproven": "La limite a été atteinte avant de prouver qu'aucune suite ne fait moins de tirages.",
        "cli.best_runs": "Aucune suite gagnante ne marque plus de points : c'est le meilleur score.",
        "cli.best_runs_unproven": "La limite a été atteinte avant de prouver qu'aucune suite gagnante ne marque plus.",
        "cli.searched": Plural(
            "nodes",
            one="{nodes} position examinée en {seconds} s.",
            many="{nodes} de positions examinées en {seconds} s.",
            other="{nodes} positions examinées en {seconds} s.",
        ),
        "cli.error": "tripeaks {command} : erreur : {message}",
        "cli.interrupted": "tripeaks {command} : interrompu",
        "cli.out": "Le dossier de sortie {path} est inutilisable : {reason}.",
        "deals.syntax": "La plage de donnes « {part} » est illisible : écrivez par exemple 0-1999, 7 ou 0-99,500-599.",
        "deals.order": "La plage de donnes « {part} » est à l'envers : son premier numéro ne doit pas dépasser le dernier.",
        "deals.space": "La plage de donnes « {part} » sort de l'espace des codes : les numéros vont de 0 à {last}.",
        "deals.overlap": "Les plages de donnes « {part} » et « {other} » se chevauchent : indiquez chaque donne une seule fois.",
        "winrate.deals": Plural(
            "deals",
            one="Règle {rule}, donnes {ranges} : {deals} donne.",
            many="Règle {rule}, donnes {ranges} : {deals} de donnes.",
            other="Règle {rule}, donnes {ranges} : {deals} donnes.",
        ),
        "winrate.jobs": Plural(
            "jobs",
            one="Résolu avec {jobs} processus.",
            many="Résolu avec {jobs} de processus en parallèle.",
            other="Résolu avec {jobs} processus en parallèle.",
        ),
        "winrate.winnable": Plural(
            "decided",
            one="Gagnables : {wins} sur {decided} donne tranchée, {share} (intervalle de Wilson à 95\u00a0% : {low} à {high}).",
            many="Gagnables : {wins} sur {decided} de donnes tranchées, {share} (intervalle de Wilson à 95\u00a0% : {low} à {high}).",
            other="Gagnables : {wins} sur {decided} donnes tranchées, {share} (intervalle de Wilson à 95\u00a0% : {low} à {high}).",
        ),
        "winrate.unwinnable": Plural(
            "lost",
            one="{lost} donne ne peut pas être gagnée.",
            many="{lost} de donnes ne peuvent pas être gagnées.",
            other="{lost} donnes ne peuvent pas être gagnées.",
        ),
        "winrate.unknown": Plural(
            "unknown",
            one="{unknown} donne n'a pas été tranchée dans la limite fixée.",
            many="{unknown} de donnes n'ont pas été tranchées dans la limite fixée.",
            other="{unknown} donnes n'ont pas été tranchées dans la limite fixée.",
        ),
        "winrate.nodes": Plural(
            "nodes",
            one="{nodes} position examinée.",
            many="{nodes} de positions examinées.",
            other="{nodes} positions examinées.",
        ),
        "winrate.time": "Durée : {wall} s écoulées, {cpu} s de CPU dans le solveur.",
        "study.decided": Plural(
            "deals",
            one="Règle {rule} : {deals} donne tranchée en {seconds} s.",
            many="Règle {rule} : {deals} de donnes tranchées en {seconds} s.",
            other="Règle {rule} : {deals} donnes tranchées en {seconds} s.",
        ),
        "study.bot": Plural(
            "deals",
            one="Règle {rule} : le robot a joué {deals} donne en {seconds} s.",
            many="Règle {rule} : le robot a joué {deals} de donnes en {seconds} s.",
            other="Règle {rule} : le robot a joué {deals} donnes en {seconds} s.",
        ),
        "study.best": Plural(
            "deals",
            one="Règle {rule} : meilleur score de {deals} donne trouvé en {seconds} s.",
            many="Règle {rule} : meilleur score de {deals} de donnes trouvé en {seconds} s.",
            other="Règle {rule} : meilleur score de {deals} donnes trouvé en {seconds} s.",
        ),
        "study.rules_decided": Plural(
            "deals",
            one="Jeu de règles {rules} : {deals} donne tranchée en {seconds} s.",
            many="Jeu de règles {rules} : {deals} de donnes tranchées en {seconds} s.",
            other="Jeu de règles {rules} : {deals} donnes tranchées en {seconds} s.",
        ),
        "study.rules_bot": Plural(
            "deals",
            one="Jeu de règles {rules} : le robot a joué {deals} donne en {seconds} s.",
            many="Jeu de règles {rules} : le robot a joué {deals} de donnes en {seconds} s.",
            other="Jeu de règles {rules} : le robot a joué {deals} donnes en {seconds} s.",
        ),
        "study.runs_best": Plural(
            "deals",
            one="Jeu de règles {rules} : meilleur score aux séries de {deals} donne trouvé en {seconds} s.",
            many="Jeu de règles {rules} : meilleur score aux séries de {deals} de donnes trouvé en {seconds} s.",
            other="Jeu de règles {rules} : meilleur score aux séries de {deals} donnes trouvé en {seconds} s.",
        ),
        "study.wrote": "Fichier écrit : {path}",
        # progress bars of winrate and study (tripeaks.solver.study): one label per stage, the bar adds figures only
        "progress.decide": "Règle {rule} : résolution",
        "progress.rules_decide": "Jeu de règles {rules} : résolution",
        "progress.bot": "Règle {rule} : le robot joue",
        "progress.rules_bot": "Jeu de règles {rules} : le robot joue",
        "progress.best": "Règle {rule} : meilleurs scores",
        "progress.runs_best": "Jeu de règles {rules} : meilleurs scores aux séries",
        "cli.no_dask": "pour tourner sur Dask, il faut son ordonnanceur distribué : pip install 'tripeaks[dask]'",
        "cli.dask_failed": "le cluster Dask a échoué : {reason}",
        "winrate.dask": Plural(
            "workers",
            one="Résolu sur le cluster Dask à {address} avec {workers} processus.",
            many="Résolu sur le cluster Dask à {address} avec {workers} de processus en parallèle.",
            other="Résolu sur le cluster Dask à {address} avec {workers} processus en parallèle.",
        ),
    },
}


def solver_text(key: str, lang: str = "en", **values: Any) -> str:
    """The solver or command-line sentence ``key`` in ``lang`` with its placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup(SOLVER_CATALOG, key, lang, values)


def hint_message(h: Hint, lang: str = "en") -> str:
    """The hint ``h`` (from :func:`tripeaks.solver.hint`) as one sentence in ``lang`` ("en", "pt", "fr").

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language.
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


_DEAL_RANGE_KEYS = {
    "syntax": "deals.syntax",
    "order": "deals.order",
    "space": "deals.space",
    "overlap": "deals.overlap",
}


def deal_range_message(error: ValueError, lang: str = "en") -> str:
    """One sentence in ``lang`` saying what is wrong with a list of deal ranges.

    ``error``: a :class:`tripeaks.solver.study.DealRangeError` (its ``reason``,
    ``part``, ``other`` and ``last`` are used).  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language.
    """
    key = _DEAL_RANGE_KEYS.get(getattr(error, "reason", ""), "deals.syntax")
    return solver_text(
        key,
        lang,
        part=getattr(error, "part", ""),
        other=getattr(error, "other", ""),
        last=getattr(error, "last", 0),
    )


_STAGE_KEYS = {
    # task → (label for Easy or Classic, label for another rule set, sentence for Easy or Classic, for another)
    "decide": ("progress.decide", "progress.rules_decide", "study.decided", "study.rules_decided"),
    "bot": ("progress.bot", "progress.rules_bot", "study.bot", "study.rules_bot"),
    "best": ("progress.best", "progress.runs_best", "study.best", "study.runs_best"),
}


def _stage(stage: Stage, lang: str, column: int, **values: Any) -> str:
    keys = _STAGE_KEYS[stage.task]
    rules = stage.rules
    if rules.is_default:
        return solver_text(keys[column], lang, rule=rule_name(rules, lang), **values)
    return solver_text(keys[column + 1], lang, rules=str(rules), **values)


def stage_label(stage: Stage, lang: str = "en") -> str:
    """The progress bar's label of a stage of the study (:class:`tripeaks.solver.study.Stage`) in ``lang``.

    Easy and Classic are named (``"Rule Easy: solving"``), another rule set
    by its text (``"Rule set E-S: the bot plays"``); the best scores of
    another rule set are its runs scores (docs/rules.md §8: the study's only
    such stage is Traditional's).  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language
    and ``KeyError`` for an unknown ``stage.task``.
    """
    return _stage(stage, lang, 0)


def stage_message(stage: Stage, lang: str = "en") -> str:
    """The log sentence of a finished stage of the study in ``lang``: what ran, on how many deals, in how long.

    ``stage.deals``: the deals done; ``stage.seconds``: wall-clock seconds,
    written with one decimal for ``lang``.  Named as :func:`stage_label`.
    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown
    language, ``KeyError`` for an unknown ``stage.task`` and ``ValueError``
    for a stage not finished (``seconds`` is ``None``).
    """
    if stage.seconds is None:
        raise ValueError(f"the stage has not finished: {stage!r}")
    seconds = format_number(stage.seconds, lang, digits=1)
    return _stage(stage, lang, 2, deals=stage.deals, seconds=seconds)
