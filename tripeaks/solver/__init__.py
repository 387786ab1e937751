"""The exact solver: verdicts, winning lines, best scores, hints and rewinds (docs/rules.md §2, §8).

:mod:`tripeaks.solver.exact` is the public API (re-exported here); the searches
themselves are :mod:`tripeaks.solver._search` (the default rules) and
:mod:`tripeaks.solver._search_rules` (wrap-free draws, jokers, an empty waste,
draw stuck); :mod:`tripeaks.solver.study` decides many deals and plays the bot.
Depends on :mod:`tripeaks.engine` only.
"""

from .exact import (
    Hint,
    HintKind,
    Rewind,
    ScoreResult,
    Solution,
    Verdict,
    best_score,
    hint,
    is_winnable,
    prepare,
    rewind,
    solve,
    win_score,
)

__all__ = [
    "prepare",
    "Verdict",
    "Solution",
    "ScoreResult",
    "Hint",
    "HintKind",
    "solve",
    "best_score",
    "hint",
    "is_winnable",
    "win_score",
    "Rewind",
    "rewind",
]
