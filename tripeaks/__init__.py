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
    DRAW,
    UNDO,
    Action,
    DrawEvent,
    Event,
    EventKind,
    Game,
    IllegalMoveError,
    PlayEvent,
    RecordError,
    Refusal,
    Slot,
    Status,
    UndoEvent,
)

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "DECK",
    "InvalidCardError",
    "Rule",
    "GameCode",
    "InvalidCodeError",
    "deal_cards",
    "Game",
    "Status",
    "Refusal",
    "IllegalMoveError",
    "Slot",
    "PlayEvent",
    "DrawEvent",
    "UndoEvent",
    "Event",
    "EventKind",
    "RecordError",
    "Action",
    "DRAW",
    "UNDO",
]
__version__ = "0.1.0"
