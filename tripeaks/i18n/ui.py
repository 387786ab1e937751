"""The app's labels and messages in English, Portuguese and French.

Like :mod:`tripeaks.i18n.engine`, every entry is a whole label or sentence
with named placeholders (never glued fragments), or a
:class:`~tripeaks.i18n.core.Plural` when it counts something; the keys are
the same in all languages.  Engine sentences (refusals, end of game, move
explanations) stay in the engine catalogue; this one holds what only the app
shows.

>>> ui_text("header.score", "fr", score=498)
'Score : 498'
"""

from __future__ import annotations

from typing import Any

from ..engine._text import shorten
from ..engine.codes import InvalidCodeError, WrapRule
from ..engine.rules import Preset, RuleSet
from .core import LANGUAGE_NAMES, LANGUAGES, Entry, Plural, lookup

__all__ = ["UI_CATALOG", "ui_text", "rule_name", "preset_name", "code_error_message", "LANGUAGES", "LANGUAGE_NAMES"]

UI_CATALOG: dict[str, dict[str, Entry]] = {
    "en": {
        "app.title": "TriPeaks",
        "header.score": "Score: {score}",
        "header.moves": "Moves: {moves}",
        "header.peaks": "Peaks cleared: {cleared} of 3",
        "header.rule": "Rule: {rule}",
        "header.code": "Game code: {code}",
        "header.code_help": "Select and copy this code to play the same cards again.",
        "header.custom": "custom layout",
        "rule.easy": "Easy",
        "rule.classic": "Classic",
        "card.face_down": "Face-down card",
        "card.face_up_tip": "Click to play this card onto the waste.",
        "stock.name": "Stock",
        "stock.label": "Stock: {count}",
        "stock.empty": "Stock empty",
        "stock.tip": Plural(
            "count",
            one="Draw the next stock card onto the waste ({count} card left).",
            other="Draw the next stock card onto the waste ({count} cards left).",
        ),
        "waste.label": "Waste",
        "waste.aria": "Waste card: {card}",
        "waste.empty": "Waste empty",
        "controls.undo": "Undo",
        "controls.restart": "Restart",
        "controls.restart_tip": "Play the same deal again from the start.",
        "controls.error_help_on": "Error help: on",
        "controls.error_help_off": "Error help: off",
        "controls.error_help_tip": "Explain why a card cannot be played.",
        "controls.language": "Language",
        "controls.hint": "Hint",
        "new.title": "New game",
        "new.rule": "Rule",
        "new.code": "Code",
        "new.placeholder": "e.g. TP1-E-AAAAAAD, or leave empty",
        "new.deal": "Deal",
        "new.again": "New game",
        "new.dealt_code": "Dealt {code} under the {rule} rule.",
        "new.dealt_random": "Dealt a new random game, {code}, under the {rule} rule.",
        "code.type": "A game code must be text such as TP1-E-AAAAAAD.",
        "code.empty": "The code is empty: paste a code such as TP1-E-AAAAAAD.",
        "code.prefix": "A code starts with TP1-, not “{part}”. Example: TP1-E-AAAAAAD.",
        "code.parts": Plural(
            "count",
            one="A code has three parts joined by dashes, like TP1-E-AAAAAAD, or four with rule flags, like TP1-E-AAAAAAD-SR; “{part}” has {count} part.",
            other="A code has three parts joined by dashes, like TP1-E-AAAAAAD, or four with rule flags, like TP1-E-AAAAAAD-SR; “{part}” has {count} parts.",
        ),
        "code.rule": "The rule letter “{part}” is unknown: use E (Easy) or C (Classic).",
        "code.length": Plural(
            "count",
            one="The deal part “{part}” has {count} character; it must have 7.",
            other="The deal part “{part}” has {count} characters; it must have 7.",
        ),
        "code.deal_missing": "The code has no deal number: add its 7 characters after the rule letter, as in TP1-E-AAAAAAD.",
        "code.character": "The character “{part}” cannot appear in a code: use the letters A–Z and the digits 2–7.",
        "code.value": "This code cannot be read. Example of a valid code: TP1-E-AAAAAAD.",
        "status.welcome": "Play a card one rank above or below the waste card, or draw from the stock.",
        "status.restarted": "The same deal, from the start.",
        "status.won_peaks": "All three peaks are cleared.",
        "status.blocked_help": "Undo a move, or deal a new game.",
        "status.failure": "Sorry, something went wrong. The game is unchanged.",
        "log.title": "Moves explained (newest first)",
        "log.empty": "No moves yet.",
        "log.entry": "Move {moves}: {sentence}",
        "log.more": "Earlier entries not shown: {count}.",
        "plot.title": "Score after each move",
        "plot.x": "Move",
        "plot.y": "Score",
        "plot.score": "Score",
        "plot.peak": "Peak cleared",
        "plot.undo": "Undone moves",
        # Hints and winnability (tripeaks.app.views.hints)
        "hints.tip": "Show a move that keeps the game winnable. It costs no points.",
        "hints.over_won": "The game is won: there is nothing left to hint.",
        "hints.over_blocked": "No move is possible any more, so there is nothing to hint: undo a move or deal a new game.",
        "hints.lost_no_undo": "This deal cannot be won from here, whatever you play: deal a new game.",
        "hints.unknown": "The solver found no answer within {ms} ms, so it cannot tell which move is safe; press Hint again to let it search longer.",
        "hints.unknown_last": "The solver found no answer even within {ms} ms, so it cannot tell which move is safe in this position.",
        "hints.winnable_on": "Winnable? on",
        "hints.winnable_off": "Winnable? off",
        "hints.winnable_tip": "After every move, say whether the game can still be won. It gives a lot away, so it starts off.",
        "hints.winnable_yes": "Still winnable.",
        "hints.winnable_no": "Not winnable from here.",
        "hints.winnable_unknown": "Unknown within the time limit ({ms} ms).",
        "hints.winnable_won": "Won.",
        "hints.only_winnable": "Deal only winnable games",
        "hints.only_winnable_tip": "Random deals are drawn again until the solver proves one can be won. A pasted code is always dealt as given.",
        "hints.deal_proved": Plural(
            "tries",
            one="The solver proved this deal winnable after trying {tries} deal.",
            other="The solver proved this deal winnable after trying {tries} deals.",
        ),
        "hints.deal_none": Plural(
            "tries",
            one="The solver tried {tries} deal and could not prove it winnable within {ms} ms, so it may not be winnable.",
            other="The solver tried {tries} deals and could not prove any of them winnable within {ms} ms each, so this one may not be winnable.",
        ),
        "hints.deal_code": "The code decides: a pasted code is dealt as given, whether or not it can be won.",
        # Rule sets (docs/rules.md §8): code flags and preset names
        "code.flags_empty": "The last part of the code is empty: remove the final dash, or add rule flags such as SR.",
        "code.flag": "The rule flag “{part}” is unknown: use S, O, J, JJ, W, R, P or T followed by the minutes.",
        "code.flag_repeated": "The rule flag “{part}” appears more than once: give each flag at most once.",
        "code.timer": "The timer “{part}” is not valid: write T followed by 1 to 60 minutes, like T5.",
        "preset.easy": "Easy",
        "preset.classic": "Classic",
        "preset.traditional": "Traditional",
        "preset.tri_peaks": "Tri Peaks",
        "preset.tri_peaks_facile": "Tri Peaks Facile",
        "preset.custom": "Custom",
        # Look, keyboard and accessibility (tripeaks.app.views.board, tripeaks.app.views.keyboard, tripeaks.app.play)
        "page.title": "TriPeaks solitaire",
        "keys.toggle": "Keyboard shortcuts",
        "keys.toggle_tip": "List the keys that play without a mouse (or press ?).",
        "keys.intro": "The letter keys work while the focus is in the game, not while you type in a box.",
        "keys.draw": "Draw the next stock card onto the waste.",
        "keys.undo": "Undo the last move.",
        "keys.hint": "Show a hint.",
        "keys.new": "Deal a new game, as the Deal button does.",
        "keys.restart": "Restart this deal from the first move.",
        "keys.help": "Show or hide this list (Esc hides it too).",
        "keys.move_keys": "Tab, arrow keys",
        "keys.move": "Move between the cards you can play and the stock.",
        "keys.play_keys": "Enter, Space",
        "keys.play": "Play the card in focus, or draw when the stock is in focus.",
        "deck.four_on": "Four-colour deck: on",
        "deck.four_off": "Four-colour deck: off",
        "deck.four_tip": "Draw clubs in green and diamonds in blue, so that each suit has its own colour.",
        # Play feel: asking before a game is abandoned, redo, rewind, a finished stock, long codes (tripeaks.app)
        "confirm.question": "Abandon this game?",
        "confirm.restart": Plural(
            "moves",
            one="Restart deals the same cards again from the start: your {moves} move so far will be lost.",
            other="Restart deals the same cards again from the start: your {moves} moves so far will be lost.",
        ),
        "confirm.deal_code": Plural(
            "moves",
            one="{code} will be dealt instead: your {moves} move so far will be lost.",
            other="{code} will be dealt instead: your {moves} moves so far will be lost.",
        ),
        "confirm.deal_random": Plural(
            "moves",
            one="A new random game will be dealt instead: your {moves} move so far will be lost.",
            other="A new random game will be dealt instead: your {moves} moves so far will be lost.",
        ),
        "confirm.yes": "Yes",
        "confirm.no": "No",
        "controls.redo": "Redo",
        "controls.redo_tip": "Make the move you undid last again. It counts as a move.",
        "stock.done_tip": "The game is over: there is nothing more to draw.",
        "code.part_cut": "{start}…",
        "hints.rewind": "Rewind to the last winnable position",
        "hints.rewind_tip": "Undo in one click every move made since the game could last be won. Each one counts as an undo.",
        "hints.rewound": Plural(
            "count",
            one="Rewound {count} move: from here the game can be won again.",
            other="Rewound {count} moves: from here the game can be won again.",
        ),
        "hints.rewind_none": "No position that undo can reach can be won: deal a new game.",
        "hints.rewind_unknown": "The solver found no winnable position to go back to within {ms} ms.",
        # Lessons, second edition: the empty stock offers no draw (tripeaks.app.views.board)
        "stock.empty_tip": "The stock is empty: there are no cards left to draw.",
        # Tooltips that say more than the button label (tripeaks.app.views.board)
        "card.face_down_tip": "It turns face up once no card covers it any more.",
    },
    "pt": {
        "app.title": "TriPeaks",
        "header.score": "Pontuação: {score}",
        "header.moves": "Jogadas: {moves}",
        "header.peaks": "Picos esvaziados: {cleared} de 3",
        "header.rule": "Regra: {rule}",
        "header.code": "Código da partida: {code}",
        "header.code_help": "Selecione e copie este código para voltar a jogar as mesmas cartas.",
        "header.custom": "disposição personalizada",
        "rule.easy": "Fácil",
        "rule.classic": "Clássica",
        "card.face_down": "Carta virada para baixo",
        "card.face_up_tip": "Clique para jogar esta carta no descarte.",
        "stock.name": "Monte",
        "stock.label": "Monte: {count}",
        "stock.empty": "Monte vazio",
        "stock.tip": Plural(
            "count",
            one="Comprar a carta seguinte do monte (resta {count} carta).",
            many="Comprar a carta seguinte do monte (restam {count} de cartas).",
            other="Comprar a carta seguinte do monte (restam {count} cartas).",
        ),
        "waste.label": "Descarte",
        "waste.aria": "Carta do descarte: {card}",
        "waste.empty": "Descarte vazio",
        "controls.undo": "Anular",
        "controls.restart": "Recomeçar",
        "controls.restart_tip": "Jogar de novo as mesmas cartas desde o início.",
        "controls.error_help_on": "Explicação dos erros: ligada",
        "controls.error_help_off": "Explicação dos erros: desligada",
        "controls.error_help_tip": "Dizer porque é que uma carta não pode ser jogada.",
        "controls.language": "Idioma",
        "controls.hint": "Dica",
        "new.title": "Nova partida",
        "new.rule": "Regra",
        "new.code": "Código",
        "new.placeholder": "ex.: TP1-E-AAAAAAD, ou deixe vazio",
        "new.deal": "Distribuir",
        "new.again": "Nova partida",
        "new.dealt_code": "Distribuída a partida {code}, com a regra {rule}.",
        "new.dealt_random": "Distribuída uma nova partida ao acaso, {code}, com a regra {rule}.",
        "code.type": "Um código da partida tem de ser texto, como TP1-E-AAAAAAD.",
        "code.empty": "O código está vazio: cole um código como TP1-E-AAAAAAD.",
        "code.prefix": "Um código começa por TP1-, não por «{part}». Exemplo: TP1-E-AAAAAAD.",
        "code.parts": Plural(
            "count",
            one="Um código tem três partes ligadas por hífenes, como TP1-E-AAAAAAD, ou quatro com opções de regra, como TP1-E-AAAAAAD-SR; «{part}» tem {count} parte.",
            many="Um código tem três partes ligadas por hífenes, como TP1-E-AAAAAAD, ou quatro com opções de regra, como TP1-E-AAAAAAD-SR; «{part}» tem {count} de partes.",
            other="Um código tem três partes ligadas por hífenes, como TP1-E-AAAAAAD, ou quatro com opções de regra, como TP1-E-AAAAAAD-SR; «{part}» tem {count} partes.",
        ),
        "code.rule": "A letra de regra «{part}» não existe: use E (Fácil) ou C (Clássica).",
        "code.length": Plural(
            "count",
            one="O número da distribuição «{part}» tem {count} carácter em vez de 7.",
            many="O número da distribuição «{part}» tem {count} de caracteres em vez de 7.",
            other="O número da distribuição «{part}» tem {count} caracteres em vez de 7.",
        ),
        "code.deal_missing": "Falta o número da distribuição: acrescente os seus 7 caracteres depois da letra de regra, como em TP1-E-AAAAAAD.",
        "code.character": "O carácter «{part}» não pode aparecer num código: use as letras A–Z e os algarismos 2–7.",
        "code.value": "Não é possível ler este código. Exemplo de um código válido: TP1-E-AAAAAAD.",
        "status.welcome": "Jogue uma carta com um valor uma unidade acima ou abaixo da carta do descarte, ou compre uma carta do monte.",
        "status.restarted": "As mesmas cartas, desde o início.",
        "status.won_peaks": "Esvaziou os três picos.",
        "status.blocked_help": "Anule uma jogada ou comece uma nova partida.",
        "status.failure": "Desculpe, algo correu mal. A partida não foi alterada.",
        "log.title": "Histórico das jogadas (da mais recente para a mais antiga)",
        "log.empty": "Ainda não há jogadas.",
        "log.entry": "Jogada {moves}: {sentence}",
        "log.more": "Jogadas anteriores não mostradas: {count}.",
        "plot.title": "Pontuação após cada jogada",
        "plot.x": "Jogada",
        "plot.y": "Pontuação",
        "plot.score": "Pontuação",
        "plot.peak": "Pico esvaziado",
        "plot.undo": "Jogadas anuladas",
        # Hints and winnability (tripeaks.app.views.hints)
        "hints.tip": "Mostrar uma jogada que mantém a partida ganhável. Não custa pontos.",
        "hints.over_won": "A partida está ganha: já não há nada a indicar.",
        "hints.over_blocked": "Já não há jogadas possíveis, por isso não há dica: anule uma jogada ou comece uma nova partida.",
        "hints.lost_no_undo": "Esta distribuição já não pode ser ganha, jogue o que jogar: comece uma nova partida.",
        "hints.unknown": "A verificação automática não encontrou resposta em {ms} ms, por isso não sabe que jogada é segura; clique de novo em Dica para procurar durante mais tempo.",
        "hints.unknown_last": "A verificação automática não encontrou resposta nem em {ms} ms, por isso não sabe que jogada é segura nesta posição.",
        "hints.winnable_on": "Ganhável? ligado",
        "hints.winnable_off": "Ganhável? desligado",
        "hints.winnable_tip": "Depois de cada jogada, dizer se a partida ainda pode ser ganha. Dá muitas pistas, por isso começa desligado.",
        "hints.winnable_yes": "A partida ainda pode ser ganha.",
        "hints.winnable_no": "A partida já não pode ser ganha.",
        "hints.winnable_unknown": "Sem resposta dentro do limite de tempo ({ms} ms).",
        "hints.winnable_won": "Partida ganha.",
        "hints.only_winnable": "Distribuir só partidas ganháveis",
        "hints.only_winnable_tip": "As distribuições ao acaso são sorteadas de novo até a verificação automática provar que uma pode ser ganha. Um código colado é sempre distribuído tal como está.",
        "hints.deal_proved": Plural(
            "tries",
            one="A verificação automática provou que esta distribuição pode ser ganha, depois de experimentar {tries} distribuição.",
            many="A verificação automática provou que esta distribuição pode ser ganha, depois de experimentar {tries} de distribuições.",
            other="A verificação automática provou que esta distribuição pode ser ganha, depois de experimentar {tries} distribuições.",
        ),
        "hints.deal_none": Plural(
            "tries",
            one="A verificação automática experimentou {tries} distribuição e não conseguiu provar em {ms} ms que pode ser ganha: talvez não possa.",
            many="A verificação automática experimentou {tries} de distribuições e, em {ms} ms cada, não conseguiu provar que alguma pode ser ganha: esta talvez não possa.",
            other="A verificação automática experimentou {tries} distribuições e, em {ms} ms cada, não conseguiu provar que alguma pode ser ganha: esta talvez não possa.",
        ),
        "hints.deal_code": "O código decide: um código colado é distribuído tal como está, quer possa ser ganho quer não.",
        # Rule sets (docs/rules.md §8): code flags and preset names
        "code.flags_empty": "A última parte do código está vazia: retire o último hífen ou acrescente opções de regra como SR.",
        "code.flag": "A opção de regra «{part}» não existe: use S, O, J, JJ, W, R, P ou T seguido dos minutos.",
        "code.flag_repeated": "A opção de regra «{part}» aparece mais de uma vez: indique cada opção uma só vez.",
        "code.timer": "O cronómetro «{part}» não é válido: escreva T seguido de 1 a 60 minutos, como T5.",
        "preset.easy": "Fácil",
        "preset.classic": "Clássica",
        "preset.traditional": "Tradicional",
        "preset.tri_peaks": "Tri Peaks",
        "preset.tri_peaks_facile": "Tri Peaks Facile",
        "preset.custom": "Personalizada",
        # Look, keyboard and accessibility (tripeaks.app.views.board, tripeaks.app.views.keyboard, tripeaks.app.play)
        "page.title": "Paciência TriPeaks",
        "keys.toggle": "Atalhos de teclado",
        "keys.toggle_tip": "Mostrar as teclas que permitem jogar sem rato (ou prima a tecla ?).",
        "keys.intro": "As teclas de letras funcionam quando o foco está no jogo, não enquanto escreve numa caixa.",
        "keys.draw": "Comprar a próxima carta do monte para o descarte.",
        "keys.undo": "Anular a última jogada.",
        "keys.hint": "Mostrar uma dica.",
        "keys.new": "Distribuir uma nova partida, como o botão Distribuir.",
        "keys.restart": "Recomeçar estas cartas desde a primeira jogada.",
        "keys.help": "Mostrar ou esconder esta lista (Esc também a esconde).",
        "keys.move_keys": "Tab, teclas de setas",
        "keys.move": "Passar de uma carta jogável para outra e para o monte.",
        "keys.play_keys": "Enter, Espaço",
        "keys.play": "Jogar a carta com o foco, ou comprar uma carta quando o foco está no monte.",
        "deck.four_on": "Baralho de quatro cores: ligado",
        "deck.four_off": "Baralho de quatro cores: desligado",
        "deck.four_tip": "Paus a verde e ouros a azul, para que cada naipe tenha a sua cor.",
        # Play feel: asking before a game is abandoned, redo, rewind, a finished stock, long codes (tripeaks.app)
        "confirm.question": "Abandonar esta partida?",
        "confirm.restart": Plural(
            "moves",
            one="Recomeçar distribui as mesmas cartas desde o início: perde-se {moves} jogada feita até agora.",
            many="Recomeçar distribui as mesmas cartas desde o início: perdem-se {moves} de jogadas feitas até agora.",
            other="Recomeçar distribui as mesmas cartas desde o início: perdem-se {moves} jogadas feitas até agora.",
        ),
        "confirm.deal_code": Plural(
            "moves",
            one="Em vez desta, será distribuída a partida {code}: perde-se {moves} jogada feita até agora.",
            many="Em vez desta, será distribuída a partida {code}: perdem-se {moves} de jogadas feitas até agora.",
            other="Em vez desta, será distribuída a partida {code}: perdem-se {moves} jogadas feitas até agora.",
        ),
        "confirm.deal_random": Plural(
            "moves",
            one="Em vez desta, será distribuída uma nova partida ao acaso: perde-se {moves} jogada feita até agora.",
            many="Em vez desta, será distribuída uma nova partida ao acaso: perdem-se {moves} de jogadas feitas até agora.",
            other="Em vez desta, será distribuída uma nova partida ao acaso: perdem-se {moves} jogadas feitas até agora.",
        ),
        "confirm.yes": "Sim",
        "confirm.no": "Não",
        "controls.redo": "Refazer",
        "controls.redo_tip": "Fazer de novo a última jogada anulada. Conta como uma jogada.",
        "stock.done_tip": "A partida terminou: já não há nada a comprar.",
        "code.part_cut": "{start}…",
        "hints.rewind": "Voltar à última posição ganhável",
        "hints.rewind_tip": "Anular de uma vez todas as jogadas feitas desde a última posição em que a partida ainda podia ser ganha. Cada uma conta como uma jogada anulada.",
        "hints.rewound": Plural(
            "count",
            one="Foi anulada {count} jogada: a partir daqui a partida volta a poder ser ganha.",
            many="Foram anulados {count} de jogadas: a partir daqui a partida volta a poder ser ganha.",
            other="Foram anuladas {count} jogadas: a partir daqui a partida volta a poder ser ganha.",
        ),
        "hints.rewind_none": "Nenhuma posição a que Anular consegue voltar pode ser ganha: comece uma nova partida.",
        "hints.rewind_unknown": "A verificação automática não encontrou, em {ms} ms, nenhuma posição ganhável a que voltar.",
        # Lessons, second edition: the empty stock offers no draw (tripeaks.app.views.board)
        "stock.empty_tip": "O monte está vazio: já não há cartas para comprar.",
        # Tooltips that say more than the button label (tripeaks.app.views.board)
        "card.face_down_tip": "Vira-se para cima quando já nenhuma carta a tapar.",
    },
    "fr": {
        "app.title": "TriPeaks",
        "header.score": "Score : {score}",
        "header.moves": "Coups : {moves}",
        "header.peaks": "Pics vidés : {cleared} sur 3",
        "header.rule": "Règle : {rule}",
        "header.code": "Code de la partie : {code}",
        "header.code_help": "Sélectionnez et copiez ce code pour rejouer les mêmes cartes.",
        "header.custom": "disposition personnalisée",
        "rule.easy": "Facile",
        "rule.classic": "Classique",
        "card.face_down": "Carte face cachée",
        "card.face_up_tip": "Cliquez pour jouer cette carte sur la défausse.",
        "stock.name": "Pioche",
        "stock.label": "Pioche\u00a0: {count}",  # a no-break space: ": 23" never starts a line
        "stock.empty": "Pioche vide",
        "stock.tip": Plural(
            "count",
            one="Piocher la carte suivante (il reste {count} carte dans la pioche).",
            many="Piocher la carte suivante (il reste {count} de cartes dans la pioche).",
            other="Piocher la carte suivante (il reste {count} cartes dans la pioche).",
        ),
        "waste.label": "Défausse",
        "waste.aria": "Carte de la défausse : {card}",
        "waste.empty": "Défausse vide",
        "controls.undo": "Annuler",
        "controls.restart": "Recommencer",
        "controls.restart_tip": "Rejouer la même donne depuis le début.",
        "controls.error_help_on": "Explication des erreurs : activée",
        "controls.error_help_off": "Explication des erreurs : désactivée",
        "controls.error_help_tip": "Dire pourquoi une carte ne peut pas être jouée.",
        "controls.language": "Langue",
        "controls.hint": "Indice",
        "new.title": "Nouvelle partie",
        "new.rule": "Règle",
        "new.code": "Code",
        "new.placeholder": "ex. : TP1-E-AAAAAAD, ou laissez vide",
        "new.deal": "Distribuer",
        "new.again": "Nouvelle partie",
        "new.dealt_code": "Donne {code} distribuée avec la règle {rule}.",
        "new.dealt_random": "Nouvelle donne au hasard, {code}, distribuée avec la règle {rule}.",
        "code.type": "Un code de partie doit être un texte comme TP1-E-AAAAAAD.",
        "code.empty": "Le code est vide : collez un code comme TP1-E-AAAAAAD.",
        "code.prefix": "Un code commence par TP1-, pas par « {part} ». Exemple : TP1-E-AAAAAAD.",
        "code.parts": Plural(
            "count",
            one="Un code a trois parties reliées par des tirets, comme TP1-E-AAAAAAD, ou quatre avec des options de règle, comme TP1-E-AAAAAAD-SR ; « {part} » compte {count} partie.",
            many="Un code a trois parties reliées par des tirets, comme TP1-E-AAAAAAD, ou quatre avec des options de règle, comme TP1-E-AAAAAAD-SR ; « {part} » compte {count} de parties.",
            other="Un code a trois parties reliées par des tirets, comme TP1-E-AAAAAAD, ou quatre avec des options de règle, comme TP1-E-AAAAAAD-SR ; « {part} » compte {count} parties.",
        ),
        "code.rule": "La lettre de règle « {part} » est inconnue : utilisez E (Facile) ou C (Classique).",
        "code.length": Plural(
            "count",
            one="Le numéro de donne « {part} » compte {count} caractère au lieu de 7.",
            many="Le numéro de donne « {part} » compte {count} de caractères au lieu de 7.",
            other="Le numéro de donne « {part} » compte {count} caractères au lieu de 7.",
        ),
        "code.deal_missing": "Le numéro de donne manque : ajoutez ses 7 caractères après la lettre de règle, comme dans TP1-E-AAAAAAD.",
        "code.character": "Le caractère « {part} » ne peut pas figurer dans un code : utilisez les lettres A–Z et les chiffres 2–7.",
        "code.value": "Ce code est illisible. Exemple de code valide : TP1-E-AAAAAAD.",
        "status.welcome": "Jouez une carte dont la valeur est juste au-dessus ou au-dessous de celle de la défausse, ou piochez.",
        "status.restarted": "La même donne, depuis le début.",
        "status.won_peaks": "Les trois pics sont vidés.",
        "status.blocked_help": "Annulez un coup ou lancez une nouvelle partie.",
        "status.failure": "Désolé, une erreur s'est produite. La partie n'a pas changé.",
        "log.title": "Historique des coups (du plus récent au plus ancien)",
        "log.empty": "Aucun coup pour l'instant.",
        "log.entry": "Coup {moves} : {sentence}",
        "log.more": "Coups précédents non affichés : {count}.",
        "plot.title": "Score après chaque coup",
        "plot.x": "Coup",
        "plot.y": "Score",
        "plot.score": "Score",
        "plot.peak": "Pic vidé",
        "plot.undo": "Coups annulés",
        # Hints and winnability (tripeaks.app.views.hints)
        "hints.tip": "Montrer un coup qui garde la partie gagnable. Cela ne coûte aucun point.",
        "hints.over_won": "La partie est gagnée : il n'y a plus rien à indiquer.",
        "hints.over_blocked": "Plus aucun coup n'est possible, il n'y a donc pas d'indice : annulez un coup ou lancez une nouvelle partie.",
        "hints.lost_no_undo": "Cette donne ne peut plus être gagnée, quoi que vous jouiez : lancez une nouvelle partie.",
        "hints.unknown": "Le solveur n'a pas trouvé de réponse en {ms} ms, il ne peut donc pas dire quel coup est sûr ; cliquez de nouveau sur Indice pour qu'il cherche plus longtemps.",
        "hints.unknown_last": "Le solveur n'a pas trouvé de réponse, même en {ms} ms, il ne peut donc pas dire quel coup est sûr dans cette position.",
        "hints.winnable_on": "Gagnable ? activé",
        "hints.winnable_off": "Gagnable ? désactivé",
        "hints.winnable_tip": "Après chaque coup, dire si la partie peut encore être gagnée. Cela en dit beaucoup, c'est donc désactivé au départ.",
        "hints.winnable_yes": "La partie peut encore être gagnée.",
        "hints.winnable_no": "La partie ne peut plus être gagnée.",
        "hints.winnable_unknown": "Pas de réponse dans le temps imparti ({ms} ms).",
        "hints.winnable_won": "Partie gagnée.",
        "hints.only_winnable": "Ne distribuer que des parties gagnables",
        "hints.only_winnable_tip": "Les donnes au hasard sont refaites jusqu'à ce que le solveur en trouve une gagnable. Un code collé est toujours distribué tel quel.",
        "hints.deal_proved": Plural(
            "tries",
            one="Le solveur a prouvé que cette donne est gagnable, après avoir essayé {tries} donne.",
            many="Le solveur a prouvé que cette donne est gagnable, après avoir essayé {tries} de donnes.",
            other="Le solveur a prouvé que cette donne est gagnable, après avoir essayé {tries} donnes.",
        ),
        "hints.deal_none": Plural(
            "tries",
            one="Le solveur a essayé {tries} donne sans pouvoir prouver en {ms} ms qu'elle est gagnable : elle ne l'est peut-être pas.",
            many="Le solveur a essayé {tries} de donnes sans pouvoir en prouver aucune gagnable en {ms} ms chacune : celle-ci ne l'est peut-être pas.",
            other="Le solveur a essayé {tries} donnes sans pouvoir en prouver aucune gagnable en {ms} ms chacune : celle-ci ne l'est peut-être pas.",
        ),
        "hints.deal_code": "Le code décide : un code collé est distribué tel quel, gagnable ou non.",
        # Rule sets (docs/rules.md §8): code flags and preset names
        "code.flags_empty": "La dernière partie du code est vide : retirez le dernier tiret ou ajoutez des options de règle comme SR.",
        "code.flag": "L'option de règle « {part} » est inconnue : utilisez S, O, J, JJ, W, R, P ou T suivi des minutes.",
        "code.flag_repeated": "L'option de règle « {part} » apparaît plusieurs fois : indiquez chaque option une seule fois.",
        "code.timer": "Le minuteur « {part} » n'est pas valide : écrivez T suivi de 1 à 60 minutes, comme T5.",
        "preset.easy": "Facile",
        "preset.classic": "Classique",
        "preset.traditional": "Traditionnelle",
        "preset.tri_peaks": "Tri Peaks",
        "preset.tri_peaks_facile": "Tri Peaks Facile",
        "preset.custom": "Personnalisée",
        # Look, keyboard and accessibility (tripeaks.app.views.board, tripeaks.app.views.keyboard, tripeaks.app.play)
        "page.title": "Réussite TriPeaks",
        "keys.toggle": "Raccourcis clavier",
        "keys.toggle_tip": "Afficher les touches qui permettent de jouer sans souris (ou appuyez sur la touche ?).",
        "keys.intro": "Les touches de lettres agissent quand le focus est dans le jeu, pas pendant que vous écrivez dans un champ.",
        "keys.draw": "Retourner la carte suivante de la pioche sur la défausse.",
        "keys.undo": "Annuler le dernier coup.",
        "keys.hint": "Afficher un indice.",
        "keys.new": "Distribuer une nouvelle partie, comme le bouton Distribuer.",
        "keys.restart": "Recommencer cette donne depuis le premier coup.",
        "keys.help": "Afficher ou masquer cette liste (Échap la masque aussi).",
        "keys.move_keys": "Tab, touches fléchées",
        "keys.move": "Passer d'une carte jouable à l'autre et à la pioche.",
        "keys.play_keys": "Entrée, Espace",
        "keys.play": "Jouer la carte qui a le focus, ou retourner une carte quand la pioche a le focus.",
        "deck.four_on": "Jeu à quatre couleurs : activé",
        "deck.four_off": "Jeu à quatre couleurs : désactivé",
        "deck.four_tip": "Les trèfles en vert et les carreaux en bleu : chaque couleur a sa propre teinte.",
        # Play feel: asking before a game is abandoned, redo, rewind, a finished stock, long codes (tripeaks.app)
        "confirm.question": "Abandonner cette partie ?",
        "confirm.restart": Plural(
            "moves",
            one="Recommencer redistribue les mêmes cartes depuis le début : {moves} coup joué jusqu'ici sera perdu.",
            many="Recommencer redistribue les mêmes cartes depuis le début : {moves} de coups joués jusqu'ici seront perdus.",
            other="Recommencer redistribue les mêmes cartes depuis le début : {moves} coups joués jusqu'ici seront perdus.",
        ),
        "confirm.deal_code": Plural(
            "moves",
            one="La donne {code} sera distribuée à la place : {moves} coup joué jusqu'ici sera perdu.",
            many="La donne {code} sera distribuée à la place : {moves} de coups joués jusqu'ici seront perdus.",
            other="La donne {code} sera distribuée à la place : {moves} coups joués jusqu'ici seront perdus.",
        ),
        "confirm.deal_random": Plural(
            "moves",
            one="Une nouvelle partie au hasard sera distribuée à la place : {moves} coup joué jusqu'ici sera perdu.",
            many="Une nouvelle partie au hasard sera distribuée à la place : {moves} de coups joués jusqu'ici seront perdus.",
            other="Une nouvelle partie au hasard sera distribuée à la place : {moves} coups joués jusqu'ici seront perdus.",
        ),
        "confirm.yes": "Oui",
        "confirm.no": "Non",
        "controls.redo": "Rétablir",
        "controls.redo_tip": "Rejouer le dernier coup annulé. Cela compte comme un coup.",
        "stock.done_tip": "La partie est terminée : il n'y a plus rien à piocher.",
        "code.part_cut": "{start}…",
        "hints.rewind": "Revenir à la dernière position gagnable",
        "hints.rewind_tip": "Annuler d'un seul clic tous les coups joués depuis la dernière position où la partie pouvait encore être gagnée. Chacun compte comme un coup annulé.",
        "hints.rewound": Plural(
            "count",
            one="{count} coup annulé : à partir d'ici, la partie peut de nouveau être gagnée.",
            many="{count} de coups annulés : à partir d'ici, la partie peut de nouveau être gagnée.",
            other="{count} coups annulés : à partir d'ici, la partie peut de nouveau être gagnée.",
        ),
        "hints.rewind_none": "Aucune position que le bouton Annuler peut atteindre ne peut être gagnée : lancez une nouvelle partie.",
        "hints.rewind_unknown": "Le solveur n'a trouvé, en {ms} ms, aucune position gagnable où revenir.",
        # Lessons, second edition: the empty stock offers no draw (tripeaks.app.views.board)
        "stock.empty_tip": "La pioche est vide : il ne reste plus de carte à piocher.",
        # Tooltips that say more than the button label (tripeaks.app.views.board)
        "card.face_down_tip": "Elle se retournera face visible quand plus aucune carte ne la recouvrira.",
    },
}
"""The app's texts, one dict per language; keys shared by all languages."""


def ui_text(key: str, lang: str = "en", **values: Any) -> str:
    """The app label or sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup(UI_CATALOG, key, lang, values)


def rule_name(rule: WrapRule | RuleSet | str, lang: str = "en") -> str:
    """The rule's name in ``lang``: Easy / Fácil / Facile, Classic / Clássica / Classique.

    A :class:`~tripeaks.engine.rules.RuleSet` is named by its wrap option (for its
    preset's name see :func:`preset_name`).
    """
    r = rule.rule if isinstance(rule, RuleSet) else WrapRule.parse(rule)
    return ui_text("rule.easy" if r is WrapRule.EASY else "rule.classic", lang)


def preset_name(preset: Preset | RuleSet | str | None, lang: str = "en") -> str:
    """The menu name of a preset (docs/rules.md §8) in ``lang``, e.g. Traditional / Tradicional / Traditionnelle.

    ``preset`` is a :class:`~tripeaks.engine.rules.Preset`, its id (``"tri-peaks"``),
    or a :class:`~tripeaks.engine.rules.RuleSet` (named after its preset); a rule set
    that is no preset, or ``None``, is called Custom.  Raises ``ValueError``
    for an unknown preset id.
    """
    if isinstance(preset, RuleSet):
        preset = preset.preset
    elif isinstance(preset, str) and not isinstance(preset, Preset):
        found = Preset.lookup(preset)
        if found is None:
            raise ValueError(f"unknown preset {preset!r}: use one of {', '.join(p.value for p in Preset)}")
        preset = found
    return ui_text("preset.custom" if preset is None else f"preset.{preset.name.lower()}", lang)


def code_error_message(error: InvalidCodeError, lang: str = "en") -> str:
    """One sentence in ``lang`` saying what is wrong with a game code (docs/rules.md §5).

    Uses the error's ``reason`` and ``part`` (also the flag reasons of
    docs/rules.md §8: ``flags_empty``, ``flag``, ``flag_repeated``,
    ``timer``); an unknown reason gives a general sentence.  A part longer
    than :data:`tripeaks.engine._text.QUOTE_LIMIT` characters is quoted by its start.
    """
    reason = getattr(error, "reason", "value")
    part = getattr(error, "part", "")
    key = f"code.{reason}"
    if reason == "length" and not part:  # "TP1-E-": nothing to quote, the deal number is missing
        key = "code.deal_missing"
    if key not in UI_CATALOG["en"]:
        key = "code.value"
    count = part.count("-") + 1 if reason == "parts" else len(part)
    start = shorten(part)  # a long paste is quoted by its start (docs/rules.md §5)
    shown = part if start is None else ui_text("code.part_cut", lang, start=start)
    return ui_text(key, lang, part=shown, count=count)
