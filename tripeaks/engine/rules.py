"""Rule sets: the options of docs/rules.md §8 as one frozen value, and the presets.

A :class:`RuleSet` holds eight independent options; its defaults are the game
of docs/rules.md §1–§6 (Easy)::

    >>> RuleSet()
    RuleSet()
    >>> TRADITIONAL
    RuleSet(draw='stuck', scoring='runs')
    >>> TRADITIONAL.flags, str(TRI_PEAKS)
    ('SR', 'C-OP')
    >>> RuleSet.parse("tri peaks facile") == RuleSet(peaks="open", undo="penalty")
    True

:class:`WrapRule` (Easy or Classic, the K–A wrap of docs/rules.md §2) is the
``wrap`` option on its own, beside :class:`DrawRule`, :class:`PeaksRule` …;
``RuleSet.from_rule(WrapRule.CLASSIC)`` is the Classic rule set and
``rules.rule`` gives it back.  ``Rule`` is its old, deprecated name.

The flags of a game code (docs/rules.md §8) are written by :attr:`RuleSet.flags`
and read by :meth:`RuleSet.from_flags`: ``S`` draw stuck, ``O`` open peaks,
``J``/``JJ`` one or two jokers, ``W`` empty waste, ``R`` runs scoring, ``P``
undo penalty, ``T<minutes>`` timer.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, Final, Union

from ._deprecated import renamed
from ._enums import TextEnum
from ._text import code_text, is_dash, quote
from .cards import ascii_upper

__all__ = [
    "WrapRule",
    "DrawRule",
    "PeaksRule",
    "WasteRule",
    "ScoringRule",
    "UndoRule",
    "RuleSet",
    "FlagError",
    "Preset",
    "PRESETS",
    "EASY",
    "CLASSIC",
    "TRADITIONAL",
    "TRI_PEAKS",
    "TRI_PEAKS_FACILE",
    "MAX_JOKERS",
    "TIMER_MINUTES",
    "START_SCORE",
    "RUNS_START_SCORE",
    "MOVE_COST",
    "PEAK_BONUS",
    "RUNS_DRAW_COST",
    "RUNS_PEAK_BONUS",
    "RUNS_CLEAR_BONUS",
    "UNDO_PENALTY",
]

START_SCORE: Final = 500
"""Points at the start of a game under standard scoring (docs/rules.md §3)."""
MOVE_COST: Final = 1
"""Points each play or draw costs under standard scoring (docs/rules.md §3)."""
PEAK_BONUS: Final = 100
"""Points for emptying a peak under standard scoring, once per peak (docs/rules.md §3)."""
RUNS_START_SCORE: Final = 0
"""Points at the start under runs scoring (docs/rules.md §8)."""
RUNS_DRAW_COST: Final = 5
"""Points a draw costs under runs scoring (docs/rules.md §8)."""
RUNS_PEAK_BONUS: Final = (15, 30, 45)
"""Runs scoring: points for the first, second and third peak emptied (docs/rules.md §8)."""
RUNS_CLEAR_BONUS: Final = 100
"""Runs scoring: points for removing all 28 tableau cards (docs/rules.md §8)."""
UNDO_PENALTY: Final = 5
"""Points an undo costs under the undo penalty (docs/rules.md §8)."""
MAX_JOKERS: Final = 2
"""At most this many jokers in the stock (docs/rules.md §8)."""
TIMER_MINUTES: Final = range(1, 61)
"""The timer's allowed lengths in minutes, 1–60 (docs/rules.md §8)."""


class WrapRule(enum.Enum):
    """Which ranks are consecutive (docs/rules.md §2): the ``wrap`` option of a rule set, as a value.

    Its letter (``.value``) is the rule letter of a game code (docs/rules.md §5).

    ``EASY`` (the default): K and A are consecutive both ways.
    ``CLASSIC``: no wrap — on a K only a Q, on an A only a 2.
    """

    EASY = "E"
    CLASSIC = "C"

    @property
    def wraps(self) -> bool:
        """True when K and A are consecutive under this rule."""
        return self is WrapRule.EASY

    def adjacent(self, a: int, b: int) -> bool:
        """Whether ranks ``a`` and ``b`` (1–13) are one apart under this rule."""
        d = abs(a - b)
        return d == 1 or (d == 12 and self is WrapRule.EASY)

    @classmethod
    def parse(cls, value: WrapRule | str) -> WrapRule:
        """A :class:`WrapRule` from itself, ``"E"``/``"C"``/``"N"`` or ``"easy"``/``"classic"``.

        Raises ``ValueError`` for anything else.
        """
        if isinstance(value, WrapRule):
            return value
        if isinstance(value, str):
            key = ascii_upper(value.strip())
            if key in ("E", "N", "EASY"):
                return cls.EASY
            if key in ("C", "CLASSIC"):
                return cls.CLASSIC
        raise ValueError(
            f"unknown rule {quote(value) if isinstance(value, str) else repr(value)}: use 'easy' (E) or 'classic' (C)"
        )


class DrawRule(TextEnum):
    """When a draw is allowed (docs/rules.md §2, §8)."""

    ANY = "any"
    """At any time while the stock is not empty (the default)."""
    STUCK = "stuck"
    """Only when no exposed card can be played (the traditional game)."""


class PeaksRule(TextEnum):
    """How the tableau is dealt (docs/rules.md §1, §8)."""

    HIDDEN = "hidden"
    """Only the base row face up; a card turns face up once uncovered (the default)."""
    OPEN = "open"
    """All 28 cards face up from the start; a covered card still cannot be played."""


class WasteRule(TextEnum):
    """How the waste starts (docs/rules.md §1, §8)."""

    DEALT = "dealt"
    """One card face up on the waste (the default)."""
    EMPTY = "empty"
    """No card on the waste: any exposed card may be played first; the stock holds that card too."""


class ScoringRule(TextEnum):
    """How points are counted (docs/rules.md §3, §8)."""

    STANDARD = "standard"
    """500 to start, −1 a play or draw, +100 a peak emptied (the default)."""
    RUNS = "runs"
    """0 to start, each play its place in the run, −5 a draw, 15/30/45 a peak, +100 the clear."""


class UndoRule(TextEnum):
    """What an undo costs (docs/rules.md §4, §8)."""

    FREE = "free"
    """Nothing: the score returns to its value before the action (the default)."""
    PENALTY = "penalty"
    """The score returns to its value before the action, then loses 5 (floor 0)."""


class FlagError(ValueError):
    """Rule-set flags that cannot be read (docs/rules.md §8); the message names the bad flag.

    ``reason``: ``"flags_empty"`` (no flag at all), ``"flag"`` (an unknown or
    malformed flag), ``"flag_repeated"`` (a flag given twice) or ``"timer"``
    (a timer outside 1–60 minutes); ``part`` is the offending flag as typed.
    """

    def __init__(self, message: str, reason: str, part: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part


_Choice = Union[TextEnum, str]


def _option(kind: type[TextEnum], value: _Choice, name: str) -> Any:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value.strip().lower())
        except ValueError:
            pass
    allowed = ", ".join(repr(m.value) for m in kind)
    raise ValueError(f"unknown {name} option {value!r}: use {allowed}")


@dataclass(frozen=True, init=False)
class RuleSet:
    """The options a game is played under (docs/rules.md §8); frozen and hashable.

    ``wrap`` (bool): K and A consecutive (Easy, the default) or not (Classic).
    ``draw``: :class:`DrawRule` ``"any"`` or ``"stuck"``.
    ``peaks``: :class:`PeaksRule` ``"hidden"`` or ``"open"``.
    ``jokers``: 0, 1 or 2 wild cards in the stock.
    ``waste``: :class:`WasteRule` ``"dealt"`` or ``"empty"``.
    ``scoring``: :class:`ScoringRule` ``"standard"`` or ``"runs"``.
    ``undo``: :class:`UndoRule` ``"free"`` or ``"penalty"``.
    ``timer``: ``None`` (no timer) or a countdown of 1–60 minutes.

    Every argument is keyword-only and the text options also accept their
    text (``RuleSet(draw="stuck")``).  ``repr`` shows the options that differ
    from the default and rebuilds the value; ``str`` is the rule letter and
    the code flags, e.g. ``"E-SR"`` (just ``"E"`` or ``"C"`` without flags).
    Raises ``ValueError`` naming an unknown option value.
    """

    wrap: bool
    draw: DrawRule
    peaks: PeaksRule
    jokers: int
    waste: WasteRule
    scoring: ScoringRule
    undo: UndoRule
    timer: int | None

    def __init__(
        self,
        *,
        wrap: bool = True,
        draw: DrawRule | str = DrawRule.ANY,
        peaks: PeaksRule | str = PeaksRule.HIDDEN,
        jokers: int = 0,
        waste: WasteRule | str = WasteRule.DEALT,
        scoring: ScoringRule | str = ScoringRule.STANDARD,
        undo: UndoRule | str = UndoRule.FREE,
        timer: int | None = None,
    ) -> None:
        if not isinstance(wrap, bool):
            raise ValueError(f"wrap must be True (Easy) or False (Classic), got {wrap!r}")
        if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
            raise ValueError(f"jokers must be 0, 1 or 2, got {jokers!r}")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, int) or timer not in TIMER_MINUTES):
            raise ValueError(f"timer must be None or a whole number of minutes 1–60, got {timer!r}")
        set_ = object.__setattr__
        set_(self, "wrap", wrap)
        set_(self, "draw", _option(DrawRule, draw, "draw"))
        set_(self, "peaks", _option(PeaksRule, peaks, "peaks"))
        set_(self, "jokers", jokers)
        set_(self, "waste", _option(WasteRule, waste, "waste"))
        set_(self, "scoring", _option(ScoringRule, scoring, "scoring"))
        set_(self, "undo", _option(UndoRule, undo, "undo"))
        set_(self, "timer", timer)

    # ------------------------------------------------------------------ views
    @property
    def rule(self) -> WrapRule:
        """The wrap option as a :class:`WrapRule`: ``WrapRule.EASY`` or ``WrapRule.CLASSIC``."""
        return WrapRule.EASY if self.wrap else WrapRule.CLASSIC

    def adjacent(self, a: int, b: int) -> bool:
        """Whether ranks ``a`` and ``b`` (1–13) are one apart under this rule set (docs/rules.md §2)."""
        return self.rule.adjacent(a, b)

    @property
    def is_default(self) -> bool:
        """True for the two rule sets of docs/rules.md §1–§6 (Easy and Classic: only ``wrap`` set)."""
        return self == RuleSet(wrap=self.wrap)

    @property
    def preset(self) -> Preset | None:
        """The :class:`Preset` with exactly these options, or ``None`` (a custom rule set)."""
        for preset, rules in PRESETS.items():
            if rules == self:
                return preset
        return None

    @property
    def flags(self) -> str:
        """The code flags of docs/rules.md §8 in canonical order ``S O J/JJ W R P T<minutes>``; ``""`` for none."""
        out = []
        if self.draw is DrawRule.STUCK:
            out.append("S")
        if self.peaks is PeaksRule.OPEN:
            out.append("O")
        out.append("J" * self.jokers)
        if self.waste is WasteRule.EMPTY:
            out.append("W")
        if self.scoring is ScoringRule.RUNS:
            out.append("R")
        if self.undo is UndoRule.PENALTY:
            out.append("P")
        if self.timer is not None:
            out.append(f"T{self.timer}")
        return "".join(out)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed, e.g. ``EASY.replace(jokers=1)``.  Raises ``ValueError`` / ``TypeError``."""
        current: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        unknown = set(changes) - set(current)
        if unknown:
            raise TypeError(f"unknown rule-set option(s): {', '.join(sorted(unknown))}")
        current.update(changes)
        return RuleSet(**current)

    def __str__(self) -> str:
        flags = self.flags
        return self.rule.value + (f"-{flags}" if flags else "")

    def __repr__(self) -> str:
        default = _DEFAULTS
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                parts.append(f"{f.name}={str(value)!r}" if isinstance(value, TextEnum) else f"{f.name}={value!r}")
        return f"RuleSet({', '.join(parts)})"

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_rule(cls, rule: WrapRule | str) -> RuleSet:
        """The default rule set with ``rule``'s wrap: Easy or Classic (docs/rules.md §2)."""
        return cls(wrap=WrapRule.parse(rule).wraps)

    @classmethod
    def from_flags(cls, flags: str, rule: WrapRule | str = WrapRule.EASY) -> RuleSet:
        """The rule set of ``rule`` (Easy/Classic) plus the code ``flags`` (docs/rules.md §8).

        Flags in any order and ASCII case, each at most once: ``S`` ``O`` ``J``
        or ``JJ`` ``W`` ``R`` ``P`` ``T<minutes>`` (1–60, no leading zero).
        ``""`` gives the default rule set.  Raises :class:`FlagError` (a
        ``ValueError``) naming an unknown, repeated or malformed flag.
        """
        base = cls.from_rule(rule)
        if not isinstance(flags, str):
            raise FlagError(f"flags must be text such as 'SR', got {flags!r}", "flag", str(flags))
        typed = flags
        text = ascii_upper(typed)
        options: dict[str, Any] = {}
        seen: set[str] = set()
        i = 0
        while i < len(text):
            c = text[i]
            if c == "T":
                j = i + 1
                while j < len(text) and text[j].isascii() and text[j].isdigit():
                    j += 1
                flag, key = typed[i:j], "T"
                digits = text[i + 1 : j]
                if not digits or digits[0] == "0" or len(digits) > 2 or int(digits) not in TIMER_MINUTES:
                    raise FlagError(
                        f"bad timer flag {quote(flag)} in flags {quote(typed)}: write T and 1 to 60 minutes, e.g. T5",
                        "timer",
                        flag,
                    )
                value: Any = int(digits)
            elif c == "J":
                j = i + 2 if text[i + 1 : i + 2] == "J" else i + 1
                flag, key, value = typed[i:j], "J", j - i
            elif c in _FLAG_OPTION:
                j = i + 1
                flag, key, value = typed[i:j], c, None
            else:
                raise FlagError(
                    f"unknown flag {typed[i]!r} in flags {quote(typed)}: use S, O, J, JJ, W, R, P or T<minutes>",
                    "flag",
                    typed[i],
                )
            if key in seen:
                raise FlagError(f"flag {flag!r} appears more than once in flags {quote(typed)}", "flag_repeated", flag)
            seen.add(key)
            if key == "T":
                options["timer"] = value
            elif key == "J":
                options["jokers"] = value
            else:
                name, choice = _FLAG_OPTION[key]
                options[name] = choice
            i = j
        return base.replace(**options)

    @classmethod
    def parse(cls, value: RuleSet | WrapRule | Preset | str) -> RuleSet:
        """A :class:`RuleSet` from itself, a :class:`WrapRule`, a :class:`Preset`, or text.

        Text is a preset id or name (``"traditional"``, ``"Tri Peaks Facile"``;
        case, spaces, dashes and ``_`` ignored), a rule (``"E"``, ``"C"``,
        ``"N"``, ``"easy"``, ``"classic"``) or a rule letter with code flags
        (``"E-SR"``, ``"c-op"``; dashes and spaces read as in a code,
        docs/rules.md §5: ``"E–SR"`` and ``"E SR"`` too).  Raises ``ValueError`` (:class:`FlagError`
        for bad flags) for anything else.
        """
        if isinstance(value, RuleSet):
            return value
        if isinstance(value, WrapRule):
            return cls.from_rule(value)
        if isinstance(value, Preset):
            return value.rules
        if not isinstance(value, str):
            raise ValueError(f"unknown rule set {value!r}: use a preset name, 'E', 'C' or a rule letter with flags")
        preset = Preset.lookup(value)
        if preset is not None:
            return preset.rules
        letter, sep, flags = code_text(value).partition("-")  # dashes and spaces as in a code (docs/rules.md §5)
        try:
            rule = WrapRule.parse(letter)
        except ValueError:
            names = ", ".join(repr(p.value) for p in Preset)
            raise ValueError(
                f"unknown rule set {quote(value)}: use a preset ({names}), 'E', 'C' or a rule letter with flags like 'E-SR'"
            ) from None
        if sep and not flags.strip():
            raise FlagError(f"no flags after the dash in rule set {quote(value)}: e.g. 'E-SR'", "flags_empty", "")
        return cls.from_flags(flags.strip(), rule)


_DEFAULTS = RuleSet()

_FLAG_OPTION: dict[str, tuple[str, TextEnum]] = {
    "S": ("draw", DrawRule.STUCK),
    "O": ("peaks", PeaksRule.OPEN),
    "W": ("waste", WasteRule.EMPTY),
    "R": ("scoring", ScoringRule.RUNS),
    "P": ("undo", UndoRule.PENALTY),
}
"""The one-letter flags and the option value each sets (docs/rules.md §8); ``J``/``JJ`` and ``T`` apart."""

EASY: Final = RuleSet()
"""Easy: the default game (docs/rules.md §1–§6), K–A wrap."""
CLASSIC: Final = RuleSet(wrap=False)
"""Classic: the default game without the K–A wrap (docs/rules.md §2)."""
TRADITIONAL: Final = RuleSet(draw=DrawRule.STUCK, scoring=ScoringRule.RUNS)
"""Traditional (Robert Hogue's game): wrap on, draw only when stuck, runs scoring (docs/rules.md §8)."""
TRI_PEAKS: Final = RuleSet(wrap=False, peaks=PeaksRule.OPEN, undo=UndoRule.PENALTY)
"""Tri Peaks: no wrap, peaks dealt face up, undo penalty (docs/rules.md §8)."""
TRI_PEAKS_FACILE: Final = RuleSet(peaks=PeaksRule.OPEN, undo=UndoRule.PENALTY)
"""Tri Peaks Facile: wrap on, peaks dealt face up, undo penalty (docs/rules.md §8)."""


def _squash(text: str) -> str:
    return "".join(c for c in ascii_upper(text) if not (c.isspace() or c == "_" or is_dash(c)))


class Preset(TextEnum):
    """The named rule sets of the *New game* menu (docs/rules.md §8), with stable ids.

    ``preset.rules`` is its :class:`RuleSet`; names in each language:
    :func:`tripeaks.i18n.ui.preset_name`.
    """

    EASY = "easy"
    CLASSIC = "classic"
    TRADITIONAL = "traditional"
    TRI_PEAKS = "tri-peaks"
    TRI_PEAKS_FACILE = "tri-peaks-facile"

    @property
    def rules(self) -> RuleSet:
        """The options of this preset."""
        return PRESETS[self]

    @classmethod
    def lookup(cls, text: str) -> Preset | None:
        """The preset whose id or English name is ``text`` (case, spaces, dashes, ``_`` ignored), else ``None``."""
        key = _squash(text)
        for preset in cls:
            if _squash(preset.value) == key:
                return preset
        return None


PRESETS: Final[dict[Preset, RuleSet]] = {
    Preset.EASY: EASY,
    Preset.CLASSIC: CLASSIC,
    Preset.TRADITIONAL: TRADITIONAL,
    Preset.TRI_PEAKS: TRI_PEAKS,
    Preset.TRI_PEAKS_FACILE: TRI_PEAKS_FACILE,
}
"""Every preset and its rule set, in menu order."""

__getattr__ = renamed(__name__, {"Rule": ("WrapRule", WrapRule)})
"""``Rule``, the old name of :class:`WrapRule`, still reads, with a ``DeprecationWarning``."""
