"""The play session's settings: the language, on/off options and the rule set of the next random deal.

:class:`Settings` holds them; :class:`SessionSettings` is the part of
:class:`~tripeaks.app.model.session.PlaySession` that reads and changes them
(each change a :class:`SettingChanged`, which persistence observes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.codes import WrapRule
from ...engine.game import Game
from ...engine.rules import RuleSet
from ...i18n import check_language
from ...i18n.session import CARD_REFUSALS, NO_MESSAGE, Message, state_message
from .events import LanguageChanged, MessageChanged, SessionEvent, Setting, SettingChanged

__all__ = ["Settings", "SessionSettings", "FLAGS"]


FLAGS: dict[Setting, bool] = {
    Setting.ERROR_HELP: True,
    Setting.FOUR_COLOUR: False,
    Setting.WINNABLE: False,
    Setting.ONLY_WINNABLE: False,
    Setting.SOUND: False,
}
"""The on/off settings and their defaults (the others: :attr:`Setting.DEAL_RULE`, :attr:`Setting.DEAL_RULES`)."""


class Settings:
    """The settings of one session; each change returns the :class:`SettingChanged` events it makes.

    >>> settings = Settings(RuleSet.from_rule(WrapRule.EASY))
    >>> [e.setting.value for e in settings.set_deal_rules(RuleSet.parse("C-OP"))]
    ['deal_rules', 'deal_rule']
    >>> settings.set_flag(Setting.WINNABLE, False)  # already off: nothing changes
    []
    """

    def __init__(self, deal_rules: RuleSet) -> None:
        self.deal_rules = deal_rules
        """The rule set of the next random deal (docs/rules.md §8)."""
        self._flags = dict(FLAGS)

    def flag(self, setting: Setting) -> bool:
        """The value of an on/off setting; ``KeyError`` for another one."""
        return self._flags[setting]

    def set_flag(self, setting: Setting, on: bool) -> list[SettingChanged]:
        """Turn an on/off setting on or off; ``KeyError`` for another one (nothing changes then)."""
        if self._flags[setting] == on:
            return []
        self._flags[setting] = on
        return [SettingChanged(setting, on)]

    def set_deal_rules(self, rules: RuleSet) -> list[SettingChanged]:
        """The rule set of the next random deal; DEAL_RULE too when its wrap changes."""
        if rules == self.deal_rules:
            return []
        before, self.deal_rules = self.deal_rules, rules
        events = [SettingChanged(Setting.DEAL_RULES, rules)]
        if rules.rule is not before.rule:
            events.append(SettingChanged(Setting.DEAL_RULE, rules.rule))
        return events


class SessionSettings:
    """The settings part of :class:`~tripeaks.app.model.session.PlaySession` (a mixin: the session
    gives it ``_settings``, ``_lang``, ``_game``, ``_message``, ``_emit`` and ``_setting``)."""

    _settings: Settings
    _lang: str
    _game: Game
    _message: Message
    if TYPE_CHECKING:

        def _emit(self, *events: SessionEvent) -> None: ...
        def _setting(self, action: Callable[..., Any], *args: Any) -> Any: ...

    @property
    def lang(self) -> str:
        """The language of every text: "en", "pt" or "fr"."""
        return self._lang

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language; nothing changes then.
        """
        check_language(lang)
        self._setting(self._set_language, lang)

    @property
    def error_help(self) -> bool:
        """Whether a refused card says why (on by default)."""
        return self._settings.flag(Setting.ERROR_HELP)

    @property
    def four_colour(self) -> bool:
        """Whether the cards are drawn in four suit colours (off by default; kept for every deal of the session)."""
        return self._settings.flag(Setting.FOUR_COLOUR)

    @property
    def sound(self) -> bool:
        """Whether a play, a draw, a refusal and a win make a short sound (off by default; the browser plays it)."""
        return self._settings.flag(Setting.SOUND)

    def option(self, setting: Setting | str) -> bool:
        """The value of an on/off :class:`Setting` (e.g. ``"winnable"``, ``"only_winnable"``).

        ``ValueError`` for another setting.
        """
        setting = Setting(setting)
        if setting not in FLAGS:
            raise ValueError(f"{setting.value} is not an on/off setting")
        return self._settings.flag(setting)

    @property
    def deal_rules(self) -> RuleSet:
        """The rule set of the next random deal (docs/rules.md §8): the one chosen in the New game menu.

        Dealing a code (pasted, a link, the deal of the day, a match deal) does not change it; a random
        deal asked under other rules (:meth:`~PlaySession.deal_random` with ``rules``) does."""
        return self._settings.deal_rules

    @property
    def deal_rule(self) -> WrapRule:
        """The rule (K–A wrap) of the next random deal: the wrap of :attr:`deal_rules`."""
        return self.deal_rules.rule

    def set_error_help(self, on: bool) -> None:
        """Turn error help on or off; turning it off clears a card refusal being shown."""
        self.set_option(Setting.ERROR_HELP, on)

    def set_four_colour(self, on: bool) -> None:
        """Draw the cards in four suit colours (clubs green, diamonds blue) or in the usual two.

        A display setting for the whole session: new deals keep it.
        """
        self.set_option(Setting.FOUR_COLOUR, on)

    def set_sound(self, on: bool) -> None:
        """Turn the sounds of a play, a draw, a refusal and a win on or off (a setting kept with the others)."""
        self.set_option(Setting.SOUND, on)

    def set_option(self, setting: Setting | str, on: bool) -> None:
        """Turn an on/off :class:`Setting` on or off (:class:`SettingChanged` when it changes).

        ``ValueError`` for a setting that is not on/off; nothing changes then.
        """
        self.option(setting)  # checks it
        self._setting(self._set_flag, Setting(setting), bool(on))

    def set_deal_rule(self, rule: WrapRule | str) -> None:
        """Deal the next random game under Easy or Classic ("E"/"C" or a :class:`~tripeaks.engine.codes.Rule`).

        Raises ``ValueError`` for anything else.
        """
        self.set_deal_rules(RuleSet.from_rule(WrapRule.parse(rule)))

    def set_deal_rules(self, rules: RuleSet | WrapRule | str) -> None:
        """The rule set of the next random deal (docs/rules.md §8): a :class:`~tripeaks.engine.rules.RuleSet`,
        a rule, or text that :meth:`RuleSet.parse` reads (``"traditional"``, ``"E-SR"``).

        Raises ``ValueError`` for anything else; nothing changes then.
        """
        parsed = RuleSet.parse(rules)
        self._setting(lambda: self._emit(*self._settings.set_deal_rules(parsed)))

    def _set_language(self, lang: str) -> None:
        if lang != self._lang:
            previous, self._lang = self._lang, lang
            self._emit(LanguageChanged(lang, previous))

    def _set_flag(self, setting: Setting, on: bool) -> None:
        events: list[SessionEvent] = [*self._settings.set_flag(setting, on)]
        if events and setting is Setting.ERROR_HELP and not on and self._message.refusal in CARD_REFUSALS:
            self._message = state_message(self._game, NO_MESSAGE)
            events.append(MessageChanged(self._message))
        self._emit(*events)
