"""The exact solver: verdicts, winning lines, best scores, hints and rewinds (docs/rules.md §2, §8).

:mod:`tripeaks.solver.exact` is the public API (re-exported here); the searches
themselves are :mod:`tripeaks.solver._search` (the default rules) and
:mod:`tripeaks.solver._search_rules` (wrap-free draws, jokers, an empty waste,
draw stuck); :mod:`tripeaks.solver.game_review` reviews a game's moves
(docs/rules.md §9); :mod:`tripeaks.solver.explain` reads the facts a hint or the review says
(what a play turns over, clears and leaves to follow); :mod:`tripeaks.solver.study` decides many deals and plays the bot.
Depends on :mod:`tripeaks.engine` only.

``SEARCH_CORE`` says which search decides the default game: ``"c"`` when the optional
compiled core (:mod:`tripeaks.solver._core`) was built at install time and is loaded,
``"python"`` otherwise or when ``TRIPEAKS_PURE_PYTHON=1`` is set (same results either way).
"""

from . import exact, game_review
from ._core import SEARCH_CORE
from .exact import *  # noqa: F403 - the public API, listed once in exact.__all__
from .explain import HintWhy, PlayFacts, Twin, TwinReason
from .game_review import *  # noqa: F403 - the game review (docs/rules.md §9), listed in game_review.__all__

__all__ = [*exact.__all__, *game_review.__all__, "HintWhy", "PlayFacts", "Twin", "TwinReason", "SEARCH_CORE"]
