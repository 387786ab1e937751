"""The engine's message catalogue: one dict of whole sentences per language.

Keys are shared by all languages (a test checks that the sets match and that
the placeholders agree).  The docs/rules.md §2 strings are quoted verbatim.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "pt", "fr")
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "fr": "Français"}

CATALOG: dict[str, dict[str, str]] = {
    "en": {
        "refusal.not_adjacent": "It must be one rank higher or lower",
        "refusal.blocked": "This card is blocked",
        "refusal.empty": "There is no card there any more.",
        "refusal.game_over": "The game is over: start a new game.",
        "refusal.stock_empty": "The stock is empty: it is used only once.",
        "refusal.nothing_to_undo": "There is nothing to undo.",
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
        "explain.peak_0": "Left peak cleared: +{bonus} points.",
        "explain.peak_1": "Middle peak cleared: +{bonus} points.",
        "explain.peak_2": "Right peak cleared: +{bonus} points.",
        "explain.points": "Points {points}, score {score}.",
        "explain.draw": "Drew {card} from the stock onto {top} (cards left in the stock: {left}). Points {points}, score {score}.",
        "explain.undo_play": "Undid the play of {card}: it is back in the tableau, {top} is on the waste again and the score is back to {score}.",
        "explain.undo_draw": "Undid the draw of {card}: it is back on the stock, {top} is on the waste again and the score is back to {score}.",
        "explain.undo_hidden_one": "{card} is face down again.",
        "explain.undo_hidden_two": "{first} and {second} are face down again.",
        "explain.undo_moves": "The move counter stays at {moves}.",
        # Rule sets (docs/rules.md §8)
        "card.joker": "Joker",
        "refusal.draw_stuck": "A card can still be played",
        "refusal.time_up": "Time is up: start a new game.",
        "refusal.no_timer": "This game has no timer.",
        "status.time_up": "Time is up: the game is lost.",
        "explain.play_on_joker": "Played {card} on the joker: a joker on the waste takes any card.",
        "explain.play_on_empty": "Played {card} onto the empty waste: the first card can be any exposed card.",
        "explain.run": "Card {count} of the run: run bonus {points}.",
        "explain.clear_bonus": "All 28 cards are cleared: bonus {points}.",
        "explain.floor": "The score cannot go below 0.",
        "explain.draw_joker": "Drew a joker from the stock (cards left in the stock: {left}): any exposed card can be played on it.",
        "explain.draw_on_joker": "Drew {card} from the stock onto the joker (cards left in the stock: {left}).",
        "explain.draw_on_empty": "Drew {card} from the stock onto the empty waste (cards left in the stock: {left}).",
        "explain.run_ended": "The draw ends the run of {count}: the next play starts a new run.",
        "explain.undo_draw_empty": "Undid the draw of {card}: it is back on the stock, the waste is empty again and the score is back to {score}.",
        "explain.undo_play_empty": "Undid the play of {card}: it is back in the tableau, the waste is empty again and the score is back to {score}.",
        "explain.undo_penalty": "The undo penalty costs {cost} points: the score is now {score}.",
        "explain.time_up": "The timer ({minutes} min) has run out: the game is over and counts as a loss.",
    },
    "pt": {
        "refusal.not_adjacent": "Tem de ter um valor imediatamente superior ou inferior",
        "refusal.blocked": "Esta carta está bloqueada",
        "refusal.empty": "Já não há nenhuma carta neste lugar.",
        "refusal.game_over": "A partida terminou: comece uma nova partida.",
        "refusal.stock_empty": "O monte está vazio: só se usa uma vez.",
        "refusal.nothing_to_undo": "Não há nada para anular.",
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
        "explain.peak_0": "O pico da esquerda está vazio: +{bonus} pontos.",
        "explain.peak_1": "O pico do meio está vazio: +{bonus} pontos.",
        "explain.peak_2": "O pico da direita está vazio: +{bonus} pontos.",
        "explain.points": "Pontos {points}, pontuação {score}.",
        "explain.draw": "Tirou {card} do monte para cima de {top} (cartas no monte: {left}). Pontos {points}, pontuação {score}.",
        "explain.undo_play": "Anulou a jogada de {card}: voltou ao seu lugar, {top} volta a estar no descarte e a pontuação volta a {score}.",
        "explain.undo_draw": "Anulou a compra de {card}: voltou para o monte, {top} volta a estar no descarte e a pontuação volta a {score}.",
        "explain.undo_hidden_one": "{card} voltou a ficar virada para baixo.",
        "explain.undo_hidden_two": "{first} e {second} voltaram a ficar viradas para baixo.",
        "explain.undo_moves": "O contador de jogadas fica em {moves}.",
        # Rule sets (docs/rules.md §8)
        "card.joker": "Jóquer",
        "refusal.draw_stuck": "Ainda há uma carta que pode ser jogada",
        "refusal.time_up": "O tempo acabou: comece uma nova partida.",
        "refusal.no_timer": "Esta partida não tem cronómetro.",
        "status.time_up": "O tempo acabou: a partida está perdida.",
        "explain.play_on_joker": "Jogou {card} sobre o jóquer: um jóquer no descarte aceita qualquer carta.",
        "explain.play_on_empty": "Jogou {card} no descarte vazio: a primeira carta pode ser qualquer carta descoberta.",
        "explain.run": "Carta {count} da série: bónus de série {points}.",
        "explain.clear_bonus": "As 28 cartas foram removidas: bónus {points}.",
        "explain.floor": "A pontuação não pode descer abaixo de 0.",
        "explain.draw_joker": "Tirou um jóquer do monte (cartas no monte: {left}): qualquer carta descoberta pode ser jogada sobre ele.",
        "explain.draw_on_joker": "Tirou {card} do monte para cima do jóquer (cartas no monte: {left}).",
        "explain.draw_on_empty": "Tirou {card} do monte para o descarte vazio (cartas no monte: {left}).",
        "explain.run_ended": "A compra termina a série de {count}: a próxima jogada começa uma nova série.",
        "explain.undo_draw_empty": "Anulou a compra de {card}: voltou para o monte, o descarte volta a estar vazio e a pontuação volta a {score}.",
        "explain.undo_play_empty": "Anulou a jogada de {card}: voltou ao seu lugar, o descarte volta a estar vazio e a pontuação volta a {score}.",
        "explain.undo_penalty": "A penalização por anular custa {cost} pontos: a pontuação fica em {score}.",
        "explain.time_up": "O cronómetro ({minutes} min) chegou ao fim: a partida terminou e conta como perdida.",
    },
    "fr": {
        "refusal.not_adjacent": "La valeur doit être immédiatement supérieure ou inférieure",
        "refusal.blocked": "Cette carte est bloquée",
        "refusal.empty": "Il n'y a plus de carte à cet endroit.",
        "refusal.game_over": "La partie est terminée : commencez une nouvelle partie.",
        "refusal.stock_empty": "La pioche est vide : elle ne sert qu'une fois.",
        "refusal.nothing_to_undo": "Il n'y a rien à annuler.",
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
        "explain.peak_0": "Pic de gauche dégagé : +{bonus} points.",
        "explain.peak_1": "Pic du milieu dégagé : +{bonus} points.",
        "explain.peak_2": "Pic de droite dégagé : +{bonus} points.",
        "explain.points": "Points {points}, score {score}.",
        "explain.draw": "{card} tiré de la pioche sur {top} (cartes restant dans la pioche : {left}). Points {points}, score {score}.",
        "explain.undo_play": "Coup de {card} annulé : la carte revient à sa place, {top} revient sur la défausse et le score revient à {score}.",
        "explain.undo_draw": "Pioche de {card} annulée : la carte revient sur la pioche, {top} revient sur la défausse et le score revient à {score}.",
        "explain.undo_hidden_one": "{card} est de nouveau face cachée.",
        "explain.undo_hidden_two": "{first} et {second} sont de nouveau face cachée.",
        "explain.undo_moves": "Le compteur de coups reste à {moves}.",
        # Rule sets (docs/rules.md §8)
        "card.joker": "Joker",
        "refusal.draw_stuck": "Une carte peut encore être jouée",
        "refusal.time_up": "Le temps est écoulé : commencez une nouvelle partie.",
        "refusal.no_timer": "Cette partie n'a pas de minuteur.",
        "status.time_up": "Le temps est écoulé : la partie est perdue.",
        "explain.play_on_joker": "{card} joué sur le joker : un joker sur la défausse accepte n'importe quelle carte.",
        "explain.play_on_empty": "{card} joué sur la défausse vide : la première carte peut être n'importe quelle carte dégagée.",
        "explain.run": "Carte {count} de la série : bonus de série {points}.",
        "explain.clear_bonus": "Les 28 cartes sont dégagées : bonus {points}.",
        "explain.floor": "Le score ne peut pas descendre sous 0.",
        "explain.draw_joker": "Joker tiré de la pioche (cartes restant dans la pioche : {left}) : n'importe quelle carte dégagée peut être jouée dessus.",
        "explain.draw_on_joker": "{card} tiré de la pioche sur le joker (cartes restant dans la pioche : {left}).",
        "explain.draw_on_empty": "{card} tiré de la pioche sur la défausse vide (cartes restant dans la pioche : {left}).",
        "explain.run_ended": "La pioche met fin à la série de {count} : le prochain coup commence une nouvelle série.",
        "explain.undo_draw_empty": "Pioche de {card} annulée : la carte revient sur la pioche, la défausse est de nouveau vide et le score revient à {score}.",
        "explain.undo_play_empty": "Coup de {card} annulé : la carte revient à sa place, la défausse est de nouveau vide et le score revient à {score}.",
        "explain.undo_penalty": "La pénalité d'annulation coûte {cost} points : le score est maintenant de {score}.",
        "explain.time_up": "Le minuteur ({minutes} min) est écoulé : la partie est terminée et compte comme perdue.",
    },
}


def lookup(catalog: dict[str, dict[str, str]], key: str, lang: str, values: dict[str, Any]) -> str:
    """The sentence ``key`` of ``catalog`` in ``lang`` with its named placeholders filled.

    Shared by every catalogue (engine, app, lessons, solver).  Raises
    ``ValueError`` for an unknown language and ``KeyError`` for an unknown key
    or a missing placeholder value.
    """
    if lang not in catalog:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return catalog[lang][key].format(**values)
