"""The exact solver: verdicts, winning lines, best scores, hints and rewinds (docs/rules.md §2, §8).

:mod:`tripeaks.solver.exact` is the public API (re-exported here); the searches
themselves are :mod:`tripeaks.solver._search` (the default rules) and
:mod:`tripeaks.solver._search_rules` (wrap-free draws, jokers, an empty waste,
draw stuck); :mod:`tripeaks.solver.study` decides many deals and plays the bot.
Depends on :mod:`tripeaks.engine` only.
"""

from . import exact
from .exact import *  # noqa: F403 - the public API, listed once in exact.__all__

__all__ = list(exact.__all__)
