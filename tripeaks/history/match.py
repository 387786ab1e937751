"""Matches: several deals under one rule set, their scores added (plain data, no widgets).

A match is dealt at its start: ``N`` codes (3, 5 or 10 deals, see
:data:`MATCH_SIZES`) under one rule set (docs/rules.md §5, §8).  Each deal
is played once; its score joins the match when its game ends (won, blocked,
time up: the game's final score, docs/rules.md §3) and an abandoned deal
scores 0.  A deal that ended blocked and was then undone and ended again
keeps its latest score (:meth:`Match.score_deal` with ``again``).  The
match's total is the sum of its deals' scores; it is over when every deal
has a score.  :class:`Match` is immutable: each step returns a new one.

JSON form (:meth:`Match.to_json`)::

    {"rules": "E", "codes": ["TP1-E-…", …], "scores": [750, 0], "won": [true, false],
     "playing": 2, "started": "2026-11-30T09:12:44Z"}

``playing`` is the index (0-based) of the deal on the table, or ``null``
between deals.

>>> m = Match.new(3, "E", codes=["TP1-E-AAAAAAB", "TP1-E-AAAAAAC", "TP1-E-AAAAAAD"])
>>> m = m.start_deal().score_deal(750, won=True).start_deal().score_deal(0, won=False)
>>> m.total, m.finished, str(m.next_code)
(750, 2, 'TP1-E-AAAAAAD')
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.codes import GameCode, InvalidCodeError
from ..engine.rules import RuleSet
from .entry import LIMITS, UTC, HistoryError, _parse_when, _utc_text

__all__ = ["Match", "MatchError", "MATCH_SIZES"]

MATCH_SIZES = (3, 5, 10)
"""How many deals a match may have."""


class MatchError(ValueError):
    """A match that cannot be read or a step that does not fit it; the message says why."""


@dataclass(frozen=True)
class Match:
    """``codes``: the deals (game codes, all under ``rules``); ``scores``/``won``: one per deal
    played so far, in order (points ≥ 0); ``playing``: the index of the deal on the table or ``None``."""

    rules: RuleSet
    codes: tuple[GameCode, ...]
    scores: tuple[int, ...] = ()
    won: tuple[bool, ...] = ()
    playing: int | None = None
    started: datetime.datetime | None = None

    @classmethod
    def new(
        cls,
        size: int,
        rules: RuleSet | str,
        codes: Sequence[GameCode | str] | None = None,
        when: datetime.datetime | None = None,
    ) -> Match:
        """A match of ``size`` deals (one of :data:`MATCH_SIZES`) under ``rules``; random deals
        (uniform, from :mod:`secrets`) unless ``codes`` are given.  Raises :class:`MatchError`
        for another size, a bad rule set or codes that do not fit."""
        if size not in MATCH_SIZES:
            raise MatchError(f"a match has 3, 5 or 10 deals, not {size!r}")
        try:
            parsed = RuleSet.parse(rules)
        except ValueError as exc:
            raise MatchError(f"bad rule set for a match: {exc}") from None
        if codes is None:
            chosen = tuple(GameCode.random(parsed) for _ in range(size))
        else:
            try:
                chosen = tuple(GameCode.parse(c) for c in codes)
            except InvalidCodeError as exc:
                raise MatchError(f"bad code in a match: {exc}") from None
            if len(chosen) != size or any(c.rules != parsed for c in chosen):
                raise MatchError(f"a match of {size} deals under {parsed} needs {size} codes under that rule set")
        return cls(parsed, chosen, started=(when or datetime.datetime.now(UTC)).replace(microsecond=0))

    # ------------------------------------------------------------------ state
    @property
    def size(self) -> int:
        """The number of deals."""
        return len(self.codes)

    @property
    def finished(self) -> int:
        """How many deals have a score."""
        return len(self.scores)

    @property
    def total(self) -> int:
        """The sum of the deals' scores so far, in points."""
        return sum(self.scores)

    @property
    def over(self) -> bool:
        """True once every deal has a score."""
        return self.finished == self.size

    @property
    def next_code(self) -> GameCode | None:
        """The code of the next deal to play (``None`` when the match is over)."""
        return None if self.over else self.codes[self.finished]

    @property
    def cumulative(self) -> tuple[int, ...]:
        """The running total after each deal played, in points."""
        out, total = [], 0
        for s in self.scores:
            total += s
            out.append(total)
        return tuple(out)

    # ------------------------------------------------------------------ steps
    def start_deal(self) -> Match:
        """The next deal goes on the table.  Raises :class:`MatchError` when the match is over."""
        if self.over:
            raise MatchError("the match is over: no deal left")
        return replace(self, playing=self.finished)

    def score_deal(self, score: int, won: bool, again: bool = False) -> Match:
        """The deal on the table ends with ``score`` points (0 when abandoned).

        With ``again`` the last deal's score is replaced instead (it ended
        before, was undone, and ended anew); the deal is then not on the
        table any more either.  Raises :class:`MatchError` when no deal is
        on the table (nor, with ``again``, any deal played), or for a
        negative score.
        """
        if isinstance(score, bool) or not isinstance(score, int) or score < 0:
            raise MatchError(f"a deal's score is a whole number ≥ 0, got {score!r}")
        if again and self.scores:
            return replace(self, scores=(*self.scores[:-1], score), won=(*self.won[:-1], bool(won)), playing=None)
        if self.playing is None:
            raise MatchError("no deal of the match is on the table")
        return replace(self, scores=(*self.scores, score), won=(*self.won, bool(won)), playing=None)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The JSON-ready object of the module doc."""
        return {
            "rules": str(self.rules),
            "codes": [str(c) for c in self.codes],
            "scores": list(self.scores),
            "won": list(self.won),
            "playing": self.playing,
            "started": _utc_text(self.started) if self.started is not None else None,
        }

    @classmethod
    def from_json(cls, obj: Any) -> Match:
        """Read a match; raises :class:`MatchError` naming the first bad part."""
        if not isinstance(obj, dict):
            raise MatchError("a match must be a JSON object")
        codes = obj.get("codes")
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise MatchError("a match's 'codes' must be a list of game codes")
        rules = obj.get("rules")
        if not isinstance(rules, str):
            raise MatchError("a match's 'rules' must be a rule set such as 'E'")
        started = obj.get("started")
        try:
            when = _parse_when(started, "match") if started is not None else None
        except HistoryError as exc:
            raise MatchError(str(exc)) from None
        match = cls.new(len(codes), rules, codes, when)
        scores, won, playing = obj.get("scores"), obj.get("won"), obj.get("playing")
        if (
            not isinstance(scores, list)
            or not isinstance(won, list)
            or len(scores) != len(won)
            or len(scores) > match.size
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= LIMITS.score for s in scores)
            or not all(isinstance(w, bool) for w in won)
        ):
            raise MatchError("a match's 'scores' and 'won' must be lists of the same length, one per deal played")
        if playing is not None and playing != len(scores):
            raise MatchError("a match's 'playing' must be the next deal's index or null")
        return replace(match, scores=tuple(scores), won=tuple(won), playing=playing)
