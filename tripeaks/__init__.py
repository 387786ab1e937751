"""TriPeaks solitaire: exact rules, game codes, undo, records and messages.

>>> from tripeaks import Game
>>> game = Game.from_code("TP1-E-AAAAAAB")
>>> game.waste_top.symbol
'7♥'
>>> game.tableau[0].card.symbol, game.tableau[0].face_up
('9♣', False)

The engine is pure Python: no widget or plotting import.  The notebook app
lives in :mod:`tripeaks.app`.
"""

from .cards import DECK, Card, InvalidCardError, Rank, Suit
from .codes import GameCode, InvalidCodeError, Rule, deal_cards
from .game import (
    DrawEvent,
    Event,
    Game,
    IllegalMoveError,
    PlayEvent,
    Refusal,
    Slot,
    Status,
    UndoEvent,
)
from .record import RecordError

__all__ = [
    "Card", "Rank", "Suit", "DECK", "InvalidCardError",
    "Rule", "GameCode", "InvalidCodeError", "deal_cards",
    "Game", "Status", "Refusal", "IllegalMoveError", "Slot",
    "PlayEvent", "DrawEvent", "UndoEvent", "Event", "RecordError",
]
__version__ = "0.1.0"
