"""Rule sets in the app (docs/rules.md §8): the preset menu with its Custom options, and the run indicator.

:class:`RuleSetMenu` is the New game panel's choice of rule set: a menu of
the presets (Easy, Classic, Traditional, Tri Peaks, Tri Peaks Easy) and
Custom, a one-line description of the chosen one, and — for Custom — one
control per option of docs/rules.md §8 (wrap, draw, peaks, jokers, waste,
scoring, undo, timer) with the code those options make.  It holds no rule
set of its own: it shows the session's :attr:`~PlaySession.deal_rules` and
changes it through :meth:`~PlaySession.set_deal_rules`.  A code dealt under
another rule set (pasted, a link, the deal of the day) leaves the menu as it
was: the next Deal uses the rule set chosen here (docs/play/index.md).

:class:`RunView` shows the run of plays under run scoring, e.g.
"Run: 3 (next +4)" (docs/rules.md §8); it is hidden under standard scoring.

CSS classes: ``tp-new-rule`` and ``tp-preset`` (the menu; its value is the
rule set as :meth:`~tripeaks.engine.rules.RuleSet.parse` reads it, ``"E"``,
``"E-SR"``, … or ``"custom"``), ``tp-preset-about`` (the description),
``tp-custom`` (the options box, shown for Custom) with ``tp-custom-wrap``,
``-draw``, ``-peaks``, ``-jokers``, ``-waste``, ``-scoring``, ``-undo``,
``-timer`` and ``tp-custom-code``; ``tp-run`` (the run indicator).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...engine.codes import GameCode
from ...engine.rules import (
    MAX_JOKERS,
    TIMER_MINUTES,
    DrawRule,
    PeaksRule,
    Preset,
    RuleSet,
    ScoringRule,
    UndoRule,
    WasteRule,
)
from ...i18n.rulesets import Signed, rules_text
from ...i18n.ui import preset_name, ui_text
from .. import static
from ..model.session import (
    GAME_CHANGES,
    GameStarted,
    LanguageChanged,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)

__all__ = ["RuleSetMenu", "RunView", "CUSTOM", "CSS", "menu_value", "style_widget"]

CUSTOM = "custom"
"""The menu value of Custom (every other value is a rule set's text, e.g. ``"E-SR"``)."""
EXAMPLE_DEAL = 3
"""The deal number of the example code shown under the Custom options (docs/rules.md §5: ``AAAAAAD``)."""

CSS = static.text("rulesets.css")
"""Style of the rule-set widgets and of the board's jokers and empty waste (``tp-*`` selectors only)."""


def style_widget(css: str) -> widgets.HTML:
    """A hidden ``widgets.HTML`` holding a <style> block (class ``tp-style``)."""
    w = widgets.HTML(value=f"<style>{css}</style>")
    w.add_class("tp-style")
    return w


def menu_value(rules: RuleSet, custom: bool = False) -> str:
    """The menu value that shows ``rules``: its text (``"C-OP"``) for a preset, else ``"custom"``."""
    return CUSTOM if custom or rules.preset is None else str(rules)


def _menu_options(lang: str) -> list[tuple[str, str]]:
    return [(preset_name(p, lang), str(p.rules)) for p in Preset] + [(preset_name(None, lang), CUSTOM)]


TIMER_MENU: tuple[int, ...] = (1, 2, 3, 5, 10, 15, 20, 30, 45, 60)
"""The countdowns the timer menu offers, in minutes (the rule sets allow every whole minute of
:data:`~tripeaks.engine.rules.TIMER_MINUTES`, docs/rules.md §8: a code or a stored setting with
another one, such as ``T7``, shows it in the menu at its place)."""


def _timer_options(lang: str, current: int | None = None) -> list[tuple[str, int]]:
    """Off, then :data:`TIMER_MENU`, with ``current`` (a countdown of the rule set shown) among them."""
    minutes = sorted({*TIMER_MENU, *([current] if current is not None and current in TIMER_MINUTES else [])})
    return [(rules_text("custom.timer_none", lang), 0)] + [
        (rules_text("custom.timer_minutes", lang, minutes=m), m) for m in minutes
    ]


def _about_key(rules: RuleSet, custom: bool) -> str:
    preset = None if custom else rules.preset
    return "ruleset.about.custom" if preset is None else f"ruleset.about.{preset.name.lower()}"


class RuleSetMenu:
    """The rule-set choice of the New game panel, following ``session`` (docs/rules.md §8).

    Widgets (public, read-only): ``menu`` (Dropdown), ``about`` (HTML),
    ``custom`` (the box of options, shown for Custom), ``wrap``, ``draw``,
    ``peaks``, ``waste``, ``scoring``, ``undo`` (Checkboxes), ``jokers`` and
    ``timer`` (Dropdowns; timer 0 means none) and ``code`` (HTML).  ``details``
    is the box to put under the panel's row: the description, the options
    and the style.  :attr:`rules` is the rule set the options make.
    """

    def __init__(self, session: PlaySession) -> None:
        self._session = session
        self._custom = session.deal_rules.preset is None
        self._rendering = False
        self._on_choice: list[Callable[[], object]] = []
        lang = session.lang
        self.menu = widgets.Dropdown(
            options=_menu_options(lang),
            value=menu_value(session.deal_rules, self._custom),
            layout=widgets.Layout(width="250px"),
            style={"description_width": "initial"},
        )
        self.menu.add_class("tp-new-rule")
        self.menu.add_class("tp-preset")
        self.menu.observe(self._menu_chosen, names="value")
        self.about = widgets.HTML()
        self.about.add_class("tp-preset-about")

        def checkbox(name: str) -> widgets.Checkbox:
            box = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
            box.add_class(f"tp-custom-{name}")
            box.observe(self._option_changed, names="value")
            return box

        self.wrap = checkbox("wrap")
        self.draw = checkbox("draw")
        self.peaks = checkbox("peaks")
        self.waste = checkbox("waste")
        self.scoring = checkbox("scoring")
        self.undo = checkbox("undo")
        self.jokers = widgets.Dropdown(
            options=[(str(n), n) for n in range(MAX_JOKERS + 1)],
            layout=widgets.Layout(width="200px"),
            style={"description_width": "initial"},
        )
        self.jokers.add_class("tp-custom-jokers")
        self.jokers.observe(self._option_changed, names="value")
        self.timer = widgets.Dropdown(
            options=_timer_options(lang), layout=widgets.Layout(width="230px"), style={"description_width": "initial"}
        )
        self.timer.add_class("tp-custom-timer")
        self.timer.observe(self._option_changed, names="value")
        self._title = widgets.HTML()
        self._title.add_class("tp-custom-title")
        self.code = widgets.HTML()
        self.code.add_class("tp-custom-code")
        self.custom = widgets.Box(
            [
                self._title,
                self.wrap,
                self.draw,
                self.peaks,
                self.jokers,
                self.waste,
                self.scoring,
                self.undo,
                self.timer,
                self.code,
            ],
            layout=widgets.Layout(display="none"),
        )
        self.custom.add_class("tp-custom")
        self.details = widgets.VBox([self.about, self.custom, style_widget(CSS)])
        self.details.add_class("tp-rules-details")
        session.subscribe(self._on_event)
        self.render()

    # ------------------------------------------------------------------ what the options make
    @property
    def rules(self) -> RuleSet:
        """The rule set of the Custom options as they are set now (docs/rules.md §8)."""
        minutes = int(self.timer.value)
        return RuleSet(
            wrap=bool(self.wrap.value),
            draw=DrawRule.STUCK if self.draw.value else DrawRule.ANY,
            peaks=PeaksRule.OPEN if self.peaks.value else PeaksRule.HIDDEN,
            jokers=int(self.jokers.value),
            waste=WasteRule.EMPTY if self.waste.value else WasteRule.DEALT,
            scoring=ScoringRule.RUNS if self.scoring.value else ScoringRule.STANDARD,
            undo=UndoRule.PENALTY if self.undo.value else UndoRule.FREE,
            timer=minutes or None,
        )

    @property
    def is_custom(self) -> bool:
        """True while Custom is chosen in the menu."""
        return self._custom

    # ------------------------------------------------------------------ the player's choices
    def on_choice(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` whenever the player chooses in the menu or the options (not when the
        menu only shows the session's rule set, e.g. the settings restored at load)."""
        self._on_choice.append(callback)

    def _chosen(self) -> None:
        for callback in self._on_choice:
            callback()

    def _menu_chosen(self, change: dict[str, Any]) -> None:
        if self._rendering:  # the options changing language, or the session's rule set shown
            return
        self._chosen()
        value = str(change["new"])
        if value == CUSTOM:
            self._custom = True
            self.render()  # the options show the rule set chosen so far
        else:
            self._custom = False
            self._session.set_deal_rules(value)
            self.render()

    def _option_changed(self, _change: dict[str, Any]) -> None:
        if self._rendering:
            return
        self._chosen()
        self._session.set_deal_rules(self.rules)
        self.render()

    # ------------------------------------------------------------------ following the session
    def _on_event(self, event: SessionEvent) -> None:
        # A dealt code leaves the menu as the player set it: the next Deal uses the menu's rule set.
        if isinstance(event, (GameStarted, LanguageChanged)) or (
            isinstance(event, SettingChanged) and event.setting is Setting.DEAL_RULES
        ):
            self.render()

    def render(self) -> None:
        """The menu, the description and the options in the session's language, for its rule set."""
        session = self._session
        lang, rules = session.lang, session.deal_rules
        if not self._custom and rules.preset is None:
            self._custom = True  # e.g. set by a script: only Custom can show it
        self._rendering = True
        try:
            options = _menu_options(lang)
            if list(self.menu.options) != options:
                self.menu.options = options
            self.menu.value = menu_value(rules, self._custom)
            self.menu.description = ui_text("new.rule", lang)
            self.wrap.value = rules.wrap
            self.draw.value = rules.draw is DrawRule.STUCK
            self.peaks.value = rules.peaks is PeaksRule.OPEN
            self.jokers.value = rules.jokers
            self.waste.value = rules.waste is WasteRule.EMPTY
            self.scoring.value = rules.scoring is ScoringRule.RUNS
            self.undo.value = rules.undo is UndoRule.PENALTY
            timers = _timer_options(lang, rules.timer)
            if list(self.timer.options) != timers:
                self.timer.options = timers
            self.timer.value = rules.timer or 0
        finally:
            self._rendering = False
        for box, key in (
            (self.wrap, "custom.wrap"),
            (self.draw, "custom.draw"),
            (self.peaks, "custom.peaks"),
            (self.waste, "custom.waste"),
            (self.scoring, "custom.scoring"),
            (self.undo, "custom.undo"),
        ):
            box.description = rules_text(key, lang)
        self.jokers.description = rules_text("custom.jokers", lang)
        self.timer.description = rules_text("custom.timer", lang)
        self._title.value = html.escape(rules_text("custom.title", lang))
        self.about.value = html.escape(rules_text(_about_key(rules, self._custom), lang))
        example = str(GameCode(rules, EXAMPLE_DEAL))
        marker_rules, marker_example = "\x00R\x00", "\x00X\x00"
        sentence = html.escape(rules_text("custom.code", lang, rules=marker_rules, example=marker_example))
        self.code.value = sentence.replace(
            html.escape(marker_rules), f"<code>{html.escape(str(rules))}</code>"
        ).replace(html.escape(marker_example), f"<code>{html.escape(example)}</code>")
        self.custom.layout.display = None if self._custom else "none"


class RunView(widgets.HTML):
    """The run of plays under run scoring (docs/rules.md §8): "Run: 3 (next +4)"; hidden otherwise.

    Class ``tp-run`` (the text in ``tp-run-text``); follows ``session``.
    """

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._session = session
        self.add_class("tp-run")
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def render(self) -> None:
        """Show the game's run and what the next play would earn, or hide under standard scoring."""
        game, lang = self._session.game, self._session.lang
        if game.rules.scoring is not ScoringRule.RUNS:
            self.value = ""
            self.layout.display = "none"
            return
        text = html.escape(rules_text("run.status", lang, run=game.run, next=Signed(game.run + 1)))
        tip = html.escape(rules_text("run.tip", lang))
        self.value = f'<span class="tp-run-text" title="{tip}">{text}</span>'
        self.layout.display = None
