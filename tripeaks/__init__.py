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

from .engine._deprecated import renamed
from .engine.cards import DECK, JOKER, Card, CardOrJoker, InvalidCardError, Joker, Rank, Suit
from .engine.codes import GameCode, InvalidCodeError, deal_cards, deal_layout
from .engine.game import (
    DRAW,
    EXPIRE,
    UNDO,
    Action,
    DrawEvent,
    Event,
    EventKind,
    Game,
    IllegalMoveError,
    PlayEvent,
    Refusal,
    RefusalDetail,
    ScoreParts,
    Slot,
    Status,
    TimeUpEvent,
    UndoEvent,
)
from .engine.record import RecordError
from .engine.rules import (
    CLASSIC,
    EASY,
    PRESETS,
    TRADITIONAL,
    TRI_PEAKS,
    TRI_PEAKS_FACILE,
    DrawRule,
    PeaksRule,
    Preset,
    RuleSet,
    ScoringRule,
    UndoRule,
    WasteRule,
    WrapRule,
)

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "DECK",
    "Joker",
    "JOKER",
    "CardOrJoker",
    "InvalidCardError",
    "WrapRule",
    "RuleSet",
    "DrawRule",
    "PeaksRule",
    "WasteRule",
    "ScoringRule",
    "UndoRule",
    "Preset",
    "PRESETS",
    "EASY",
    "CLASSIC",
    "TRADITIONAL",
    "TRI_PEAKS",
    "TRI_PEAKS_FACILE",
    "GameCode",
    "InvalidCodeError",
    "deal_cards",
    "deal_layout",
    "Game",
    "Status",
    "Refusal",
    "RefusalDetail",
    "IllegalMoveError",
    "Slot",
    "PlayEvent",
    "DrawEvent",
    "UndoEvent",
    "TimeUpEvent",
    "ScoreParts",
    "Event",
    "EventKind",
    "RecordError",
    "Action",
    "DRAW",
    "UNDO",
    "EXPIRE",
]
__version__ = "0.1.0"

__getattr__ = renamed(__name__, {"Rule": ("WrapRule", WrapRule)})
"""``tripeaks.Rule``, the old name of :class:`WrapRule`, still imports, with a ``DeprecationWarning``."""
