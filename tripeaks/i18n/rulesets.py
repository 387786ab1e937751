"""The app's texts for rule sets (docs/rules.md §8) in English, Portuguese and French.

The preset menu and its one-line descriptions, the Custom options, the run
and timer indicators, the stock's jokers, the empty waste's prompt, the
score plot's run bars, and the end-of-game summary with its score
breakdown.  Like every catalogue (:mod:`tripeaks.i18n.core`): whole sentences
or labels with named placeholders, a :class:`~tripeaks.i18n.core.Plural`
when a sentence counts something, the same keys in every language.

>>> rules_text("run.status", "en", run=3, next=Signed(4))
'Run: 3 (next +4)'
>>> rules_text("ruleset.about.traditional", "fr")
'Traditionnelle : on ne pioche que bloqué, et les longues séries rapportent plus.'
"""

from __future__ import annotations

from typing import Any

from .core import Entry, Plural, Signed, lookup

__all__ = ["RULESET_CATALOG", "rules_text", "Signed"]

RULESET_CATALOG: dict[str, dict[str, Entry]] = {
    "en": {
        # The preset menu of the New game panel (tripeaks.app.views.rulesets)
        "ruleset.about.easy": "Easy: the default game, where you may draw at any time and K and A are consecutive.",
        "ruleset.about.classic": "Classic: like Easy, but K and A are not consecutive.",
        "ruleset.about.traditional": "Traditional: draw only when stuck, long runs score more.",
        "ruleset.about.tri_peaks": "Tri Peaks: every card dealt face up, K and A not consecutive, and each undo costs 5 points.",
        "ruleset.about.tri_peaks_facile": "Tri Peaks Facile: every card dealt face up, K and A consecutive, and each undo costs 5 points.",
        "ruleset.about.custom": "Custom: choose each option below.",
        "custom.title": "Options",
        "custom.wrap": "K and A are consecutive",
        "custom.draw": "Draw only when no card can be played",
        "custom.peaks": "Deal every card face up",
        "custom.jokers": "Jokers in the stock",
        "custom.waste": "Start with an empty waste",
        "custom.scoring": "Score by runs",
        "custom.undo": "Each undo costs 5 points",
        "custom.timer": "Timer",
        "custom.timer_none": "No timer",
        "custom.timer_minutes": Plural("minutes", one="{minutes} minute", other="{minutes} minutes"),
        "custom.code": "A game code writes these options as {rules}, for example {example}.",
        # On the board and in the header (tripeaks.app.views.board, tripeaks.app.views.rulesets, tripeaks.app.views.timer)
        "run.status": "Run: {run} (next {next})",
        "run.tip": "Under run scoring each play earns its place in the run; a draw ends the run.",
        "stock.label_jokers": Plural(
            "jokers", one="Stock: {count} ({jokers}\u00a0joker)", other="Stock: {count} ({jokers}\u00a0jokers)"
        ),
        "stock.jokers_tip": Plural(
            "jokers", one="{jokers} joker is still in the stock.", other="{jokers} jokers are still in the stock."
        ),
        "stock.stuck_tip": "Under these rules you may draw only when no card can be played.",
        "waste.empty_prompt": "Play any exposed card",
        "waste.empty_help": "The waste is empty: the first card played can be any exposed card.",
        "waste.joker_mark": "Wild card",
        "timer.left": "Time left: {time}",
        "timer.paused": "Time left: {time} (paused while the page is hidden)",
        "timer.stopped": "Time left at the end: {time}",
        "timer.up": "Time is up",
        "timer.up_help": "Restart this deal or deal a new game.",
        # The score plot under run scoring (tripeaks.app.views.plot)
        "plot.run": "Run points of each play",
        "plot.clear": "All 28 cards cleared",
        # The end of a game (tripeaks.app.views.endgame)
        "end.won_title": "Well played!",
        "end.summary": "Game summary",
        "end.score": "Final score",
        "end.moves": "Moves",
        "end.draws": "Draws",
        "end.undos": "Undos",
        "end.time": "Time",
        "end.breakdown": "How the score adds up",
        "end.col.part": "Part",
        "end.col.count": "Count",
        "end.col.points": "Points",
        "end.part.start": "Starting score",
        "end.part.plays": "Plays",
        "end.part.draws": "Draws",
        "end.part.peaks": "Peak bonuses",
        "end.part.clear": "Clear bonus",
        "end.part.run": "Run points",
        "end.part.penalty": "Undo penalties",
        "end.part.floor": "Kept from going below 0",
        "end.part.total": "Final score",
    },
    "pt": {
        # The preset menu of the New game panel (tripeaks.app.views.rulesets)
        "ruleset.about.easy": "Fácil: o jogo de base, em que pode comprar a qualquer momento e o rei e o ás são seguidos.",
        "ruleset.about.classic": "Clássica: como a Fácil, mas o rei e o ás não são seguidos.",
        "ruleset.about.traditional": "Tradicional: só se compra quando não há jogada, e as séries longas valem mais.",
        "ruleset.about.tri_peaks": "Tri Peaks: todas as cartas viradas para cima, o rei e o ás não são seguidos, e cada jogada anulada custa 5 pontos.",
        "ruleset.about.tri_peaks_facile": "Tri Peaks Facile: todas as cartas viradas para cima, o rei e o ás são seguidos, e cada jogada anulada custa 5 pontos.",
        "ruleset.about.custom": "Personalizada: escolha cada opção abaixo.",
        "custom.title": "Opções",
        "custom.wrap": "O rei e o ás são seguidos",
        "custom.draw": "Comprar só quando nenhuma carta pode ser jogada",
        "custom.peaks": "Distribuir todas as cartas viradas para cima",
        "custom.jokers": "Jóqueres no monte",
        "custom.waste": "Começar com o descarte vazio",
        "custom.scoring": "Pontuar por séries",
        "custom.undo": "Cada jogada anulada custa 5 pontos",
        "custom.timer": "Cronómetro",
        "custom.timer_none": "Sem cronómetro",
        "custom.timer_minutes": Plural(
            "minutes", one="{minutes} minuto", many="{minutes} de minutos", other="{minutes} minutos"
        ),
        "custom.code": "Um código da partida escreve estas opções como {rules}, por exemplo {example}.",
        # On the board and in the header (tripeaks.app.views.board, tripeaks.app.views.rulesets, tripeaks.app.views.timer)
        "run.status": "Série: {run} (próxima {next})",
        "run.tip": "Na pontuação por séries cada jogada vale o seu lugar na série; uma compra termina a série.",
        "stock.label_jokers": Plural(
            "jokers",
            one="Monte: {count} ({jokers}\u00a0jóquer)",
            many="Monte: {count} ({jokers}\u00a0de jóqueres)",
            other="Monte: {count} ({jokers}\u00a0jóqueres)",
        ),
        "stock.jokers_tip": Plural(
            "jokers",
            one="Ainda há {jokers} jóquer no monte.",
            many="Ainda há {jokers} de jóqueres no monte.",
            other="Ainda há {jokers} jóqueres no monte.",
        ),
        "stock.stuck_tip": "Com estas regras só pode comprar quando nenhuma carta pode ser jogada.",
        "waste.empty_prompt": "Jogue qualquer carta livre",
        "waste.empty_help": "O descarte está vazio: a primeira carta jogada pode ser qualquer carta livre.",
        "waste.joker_mark": "Carta livre",
        "timer.left": "Tempo restante: {time}",
        "timer.paused": "Tempo restante: {time} (em pausa enquanto a página está escondida)",
        "timer.stopped": "Tempo restante no fim: {time}",
        "timer.up": "O tempo acabou",
        "timer.up_help": "Recomece esta distribuição ou distribua uma nova partida.",
        # The score plot under run scoring (tripeaks.app.views.plot)
        "plot.run": "Pontos de série de cada jogada",
        "plot.clear": "As 28 cartas removidas",
        # The end of a game (tripeaks.app.views.endgame)
        "end.won_title": "Muito bem jogado!",
        "end.summary": "Resumo da partida",
        "end.score": "Pontuação final",
        "end.moves": "Jogadas",
        "end.draws": "Compras",
        "end.undos": "Jogadas anuladas",
        "end.time": "Tempo",
        "end.breakdown": "Como se chega à pontuação",
        "end.col.part": "Parcela",
        "end.col.count": "Quantas",
        "end.col.points": "Pontos",
        "end.part.start": "Pontuação inicial",
        "end.part.plays": "Jogadas",
        "end.part.draws": "Compras",
        "end.part.peaks": "Bónus de picos",
        "end.part.clear": "Bónus final",
        "end.part.run": "Pontos de série",
        "end.part.penalty": "Penalizações por anular",
        "end.part.floor": "Mínimo de 0 pontos",
        "end.part.total": "Pontuação final",
    },
    "fr": {
        # The preset menu of the New game panel (tripeaks.app.views.rulesets)
        "ruleset.about.easy": "Facile : le jeu de base, où l'on peut piocher à tout moment et où le R et l'A se suivent.",
        "ruleset.about.classic": "Classique : comme Facile, mais le R et l'A ne se suivent pas.",
        "ruleset.about.traditional": "Traditionnelle : on ne pioche que bloqué, et les longues séries rapportent plus.",
        "ruleset.about.tri_peaks": "Tri Peaks : toutes les cartes face visible, le R et l'A ne se suivent pas, et chaque annulation coûte 5 points.",
        "ruleset.about.tri_peaks_facile": "Tri Peaks Facile : toutes les cartes face visible, le R et l'A se suivent, et chaque annulation coûte 5 points.",
        "ruleset.about.custom": "Personnalisée : choisissez chaque option ci-dessous.",
        "custom.title": "Options",
        "custom.wrap": "Le R et l'A se suivent",
        "custom.draw": "Piocher seulement quand aucune carte ne peut être jouée",
        "custom.peaks": "Distribuer toutes les cartes face visible",
        "custom.jokers": "Jokers dans la pioche",
        "custom.waste": "Commencer avec une défausse vide",
        "custom.scoring": "Compter les points par séries",
        "custom.undo": "Chaque annulation coûte 5 points",
        "custom.timer": "Minuteur",
        "custom.timer_none": "Sans minuteur",
        "custom.timer_minutes": Plural(
            "minutes", one="{minutes} minute", many="{minutes} de minutes", other="{minutes} minutes"
        ),
        "custom.code": "Un code de partie écrit ces options {rules}, par exemple {example}.",
        # On the board and in the header (tripeaks.app.views.board, tripeaks.app.views.rulesets, tripeaks.app.views.timer)
        "run.status": "Série : {run} (suivante {next})",
        "run.tip": "Quand on compte par séries, chaque coup rapporte son rang dans la série ; un tirage met fin à la série.",
        "stock.label_jokers": Plural(
            "jokers",
            one="Pioche\u00a0: {count} (dont {jokers}\u00a0joker)",
            many="Pioche\u00a0: {count} (dont {jokers}\u00a0de jokers)",
            other="Pioche\u00a0: {count} (dont {jokers}\u00a0jokers)",
        ),
        "stock.jokers_tip": Plural(
            "jokers",
            one="Il reste {jokers} joker dans la pioche.",
            many="Il reste {jokers} de jokers dans la pioche.",
            other="Il reste {jokers} jokers dans la pioche.",
        ),
        "stock.stuck_tip": "Avec ces règles, on ne peut piocher que si aucune carte ne peut être jouée.",
        "waste.empty_prompt": "Jouez n'importe quelle carte dégagée",
        "waste.empty_help": "La défausse est vide : la première carte jouée peut être n'importe quelle carte dégagée.",
        "waste.joker_mark": "Carte joker",
        "timer.left": "Temps restant : {time}",
        "timer.paused": "Temps restant : {time} (en pause tant que la page est cachée)",
        "timer.stopped": "Temps restant à la fin : {time}",
        "timer.up": "Le temps est écoulé",
        "timer.up_help": "Recommencez cette donne ou distribuez une nouvelle partie.",
        # The score plot under run scoring (tripeaks.app.views.plot)
        "plot.run": "Points de série de chaque coup",
        "plot.clear": "Les 28 cartes jouées",
        # The end of a game (tripeaks.app.views.endgame)
        "end.won_title": "Bien joué !",
        "end.summary": "Résumé de la partie",
        "end.score": "Score final",
        "end.moves": "Coups",
        "end.draws": "Tirages",
        "end.undos": "Annulations",
        "end.time": "Temps",
        "end.breakdown": "Comment le score se compose",
        "end.col.part": "Élément",
        "end.col.count": "Nombre",
        "end.col.points": "Points",
        "end.part.start": "Score de départ",
        "end.part.plays": "Coups joués",
        "end.part.draws": "Tirages",
        "end.part.peaks": "Bonus des pics",
        "end.part.clear": "Bonus de fin",
        "end.part.run": "Points de série",
        "end.part.penalty": "Pénalités d'annulation",
        "end.part.floor": "Plancher à 0",
        "end.part.total": "Score final",
    },
}
"""The rule-set texts of the app, one dict per language; keys shared by all languages."""


def rules_text(key: str, lang: str = "en", **values: Any) -> str:
    """The rule-set label or sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Numbers are written for ``lang`` (a :class:`~tripeaks.i18n.core.Signed`
    amount with its sign, ``+4`` / ``−5``); a plural entry picks its form by
    its count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup(RULESET_CATALOG, key, lang, values)
