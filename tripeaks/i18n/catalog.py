"""The engine's message catalogue: one mapping of whole sentences per language.

Keys are shared by all languages; entries are sentences with named
placeholders or :class:`~tripeaks.i18n.core.Plural` entries (see
:mod:`tripeaks.i18n.core`).  ``refusal.*`` and ``status.blocked`` are the
docs/rules.md §2 strings, verbatim, as the app's status line shows them;
``refusal_sentence.*`` and ``explain.blocked`` are the same words as
sentences, for running text.
"""

from __future__ import annotations

from .core import LANGUAGE_NAMES, LANGUAGES, Catalogue, Entry, Plural, lookup

__all__ = ["CATALOG", "LANGUAGES", "LANGUAGE_NAMES", "lookup", "Catalogue"]

CATALOG: dict[str, dict[str, Entry]] = {
    "en": {
        "refusal.not_adjacent": "It must be one rank higher or lower",
        "refusal.blocked": "This card is blocked",
        "refusal.empty": "There is no card there any more.",
        "refusal.game_over": "The game is over: start a new game.",
        "refusal.stock_empty": "The stock is empty: it is used only once.",
        "refusal.nothing_to_undo": "There is nothing to undo.",
        "refusal_sentence.not_adjacent": "It must be one rank higher or lower.",
        "refusal_sentence.blocked": "This card is blocked.",
        "refusal_sentence.empty": "There is no card there any more.",
        "refusal_sentence.game_over": "The game is over: start a new game.",
        "refusal_sentence.stock_empty": "The stock is empty: it is used only once.",
        "refusal_sentence.nothing_to_undo": "There is nothing to undo.",
        "status.blocked": "No more moves possible",
        "explain.blocked": "No more moves possible.",
        "status.won": "You won: all 28 cards are cleared!",
        "status.won_score": "You won: all 28 cards are cleared, with a final score of {score}!",
        "explain.play_higher": "Played {card} on {top}: it is one rank higher.",
        "explain.play_lower": "Played {card} on {top}: it is one rank lower.",
        "explain.play_ace_on_king": "Played {card} on {top}: under Easy rules the ace follows the king.",
        "explain.play_king_on_ace": "Played {card} on {top}: under Easy rules the king comes just below the ace.",
        "explain.revealed_one": "Revealed {card}.",
        "explain.revealed_two": "Revealed {first} and {second}.",
        "explain.peak_0": Plural(
            "bonus", one="Left peak cleared: {bonus} point.", other="Left peak cleared: {bonus} points."
        ),
        "explain.peak_1": Plural(
            "bonus", one="Middle peak cleared: {bonus} point.", other="Middle peak cleared: {bonus} points."
        ),
        "explain.peak_2": Plural(
            "bonus", one="Right peak cleared: {bonus} point.", other="Right peak cleared: {bonus} points."
        ),
        "explain.points": "Points {points}, score {score}.",
        "explain.draw": Plural(
            "left",
            one="Drew {card} from the stock onto {top} ({left} card left in the stock). Points {points}, score {score}.",
            other="Drew {card} from the stock onto {top} ({left} cards left in the stock). Points {points}, score {score}.",
        ),
        "explain.undo_play": "Undid the play of {card}: it is back in the tableau, {top} is on the waste again and the score is back to {score}.",
        "explain.undo_draw": "Undid the draw of {card}: it is back on the stock, {top} is on the waste again and the score is back to {score}.",
        "explain.undo_hidden_one": "{card} is face down again.",
        "explain.undo_hidden_two": "{first} and {second} are face down again.",
        "explain.undo_moves": "The move counter stays at {moves}.",
    },
    "pt": {
        "refusal.not_adjacent": "Tem de ter um valor imediatamente superior ou inferior",
        "refusal.blocked": "Esta carta está bloqueada",
        "refusal.empty": "Já não há nenhuma carta neste lugar.",
        "refusal.game_over": "A partida terminou: comece uma nova partida.",
        "refusal.stock_empty": "O monte está vazio: só se usa uma vez.",
        "refusal.nothing_to_undo": "Não há nada para anular.",
        "refusal_sentence.not_adjacent": "Tem de ter um valor imediatamente superior ou inferior.",
        "refusal_sentence.blocked": "Esta carta está bloqueada.",
        "refusal_sentence.empty": "Já não há nenhuma carta neste lugar.",
        "refusal_sentence.game_over": "A partida terminou: comece uma nova partida.",
        "refusal_sentence.stock_empty": "O monte está vazio: só se usa uma vez.",
        "refusal_sentence.nothing_to_undo": "Não há nada para anular.",
        "status.blocked": "Já não há jogadas possíveis",
        "explain.blocked": "Já não há jogadas possíveis.",
        "status.won": "Ganhou: as 28 cartas foram removidas!",
        "status.won_score": "Ganhou: as 28 cartas foram removidas, com uma pontuação final de {score}!",
        "explain.play_higher": "Jogou {card} sobre {top}: tem um valor imediatamente superior.",
        "explain.play_lower": "Jogou {card} sobre {top}: tem um valor imediatamente inferior.",
        "explain.play_ace_on_king": "Jogou {card} sobre {top}: na regra Fácil, o Ás segue o Rei.",
        "explain.play_king_on_ace": "Jogou {card} sobre {top}: na regra Fácil, o Rei vem logo abaixo do Ás.",
        "explain.revealed_one": "Ficou à vista {card}.",
        "explain.revealed_two": "Ficaram à vista {first} e {second}.",
        "explain.peak_0": Plural(
            "bonus",
            one="O pico da esquerda está vazio: {bonus} ponto.",
            many="O pico da esquerda está vazio: {bonus} de pontos.",
            other="O pico da esquerda está vazio: {bonus} pontos.",
        ),
        "explain.peak_1": Plural(
            "bonus",
            one="O pico do meio está vazio: {bonus} ponto.",
            many="O pico do meio está vazio: {bonus} de pontos.",
            other="O pico do meio está vazio: {bonus} pontos.",
        ),
        "explain.peak_2": Plural(
            "bonus",
            one="O pico da direita está vazio: {bonus} ponto.",
            many="O pico da direita está vazio: {bonus} de pontos.",
            other="O pico da direita está vazio: {bonus} pontos.",
        ),
        "explain.points": "Pontos {points}, pontuação {score}.",
        "explain.draw": Plural(
            "left",
            one="Tirou {card} do monte para cima de {top} (resta {left} carta no monte). Pontos {points}, pontuação {score}.",
            many="Tirou {card} do monte para cima de {top} (restam {left} de cartas no monte). Pontos {points}, pontuação {score}.",
            other="Tirou {card} do monte para cima de {top} (restam {left} cartas no monte). Pontos {points}, pontuação {score}.",
        ),
        "explain.undo_play": "Anulou a jogada de {card}: voltou ao seu lugar, {top} volta a estar no descarte e a pontuação volta a {score}.",
        "explain.undo_draw": "Anulou a compra de {card}: voltou para o monte, {top} volta a estar no descarte e a pontuação volta a {score}.",
        "explain.undo_hidden_one": "{card} voltou a ficar virada para baixo.",
        "explain.undo_hidden_two": "{first} e {second} voltaram a ficar viradas para baixo.",
        "explain.undo_moves": "O contador de jogadas fica em {moves}.",
    },
    "fr": {
        "refusal.not_adjacent": "La valeur doit être immédiatement supérieure ou inférieure",
        "refusal.blocked": "Cette carte est bloquée",
        "refusal.empty": "Il n'y a plus de carte à cet endroit.",
        "refusal.game_over": "La partie est terminée : commencez une nouvelle partie.",
        "refusal.stock_empty": "La pioche est vide : elle ne sert qu'une fois.",
        "refusal.nothing_to_undo": "Il n'y a rien à annuler.",
        "refusal_sentence.not_adjacent": "La valeur doit être immédiatement supérieure ou inférieure.",
        "refusal_sentence.blocked": "Cette carte est bloquée.",
        "refusal_sentence.empty": "Il n'y a plus de carte à cet endroit.",
        "refusal_sentence.game_over": "La partie est terminée : commencez une nouvelle partie.",
        "refusal_sentence.stock_empty": "La pioche est vide : elle ne sert qu'une fois.",
        "refusal_sentence.nothing_to_undo": "Il n'y a rien à annuler.",
        "status.blocked": "Plus aucun coup possible",
        "explain.blocked": "Plus aucun coup possible.",
        "status.won": "Gagné : les 28 cartes sont dégagées !",
        "status.won_score": "Gagné : les 28 cartes sont dégagées, avec un score final de {score} !",
        "explain.play_higher": "{card} joué sur {top} : sa valeur est immédiatement supérieure.",
        "explain.play_lower": "{card} joué sur {top} : sa valeur est immédiatement inférieure.",
        "explain.play_ace_on_king": "{card} joué sur {top} : en règle Facile, l'As suit le Roi.",
        "explain.play_king_on_ace": "{card} joué sur {top} : en règle Facile, le Roi vient juste sous l'As.",
        "explain.revealed_one": "{card} est retourné face visible.",
        "explain.revealed_two": "{first} et {second} sont retournés face visible.",
        "explain.peak_0": Plural(
            "bonus",
            one="Pic de gauche dégagé : {bonus} point.",
            many="Pic de gauche dégagé : {bonus} de points.",
            other="Pic de gauche dégagé : {bonus} points.",
        ),
        "explain.peak_1": Plural(
            "bonus",
            one="Pic du milieu dégagé : {bonus} point.",
            many="Pic du milieu dégagé : {bonus} de points.",
            other="Pic du milieu dégagé : {bonus} points.",
        ),
        "explain.peak_2": Plural(
            "bonus",
            one="Pic de droite dégagé : {bonus} point.",
            many="Pic de droite dégagé : {bonus} de points.",
            other="Pic de droite dégagé : {bonus} points.",
        ),
        "explain.points": "Points {points}, score {score}.",
        "explain.draw": Plural(
            "left",
            one="{card} tiré de la pioche sur {top} (il reste {left} carte dans la pioche). Points {points}, score {score}.",
            many="{card} tiré de la pioche sur {top} (il reste {left} de cartes dans la pioche). Points {points}, score {score}.",
            other="{card} tiré de la pioche sur {top} (il reste {left} cartes dans la pioche). Points {points}, score {score}.",
        ),
        "explain.undo_play": "Coup de {card} annulé : la carte revient à sa place, {top} revient sur la défausse et le score revient à {score}.",
        "explain.undo_draw": "Pioche de {card} annulée : la carte revient sur la pioche, {top} revient sur la défausse et le score revient à {score}.",
        "explain.undo_hidden_one": "{card} est de nouveau face cachée.",
        "explain.undo_hidden_two": "{first} et {second} sont de nouveau face cachée.",
        "explain.undo_moves": "Le compteur de coups reste à {moves}.",
    },
}
