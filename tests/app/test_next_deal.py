"""The next Deal uses the rule set chosen in the New game menu, whatever was dealt before (docs/play/index.md).

A code dealt under other rules — pasted, a ``?code=`` link with flags, the deal of the day, a
match's deal — is played under its own rule set (the header names it), and leaves the menu
and the next random deal alone; ``tp-next-deal``, next to Deal, names the rule set that Deal uses.
"""

from __future__ import annotations

import pytest
from fake_store import kept_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from rule_set_strategies import rule_sets
from widget_state import plain

from tripeaks import Game, GameCode, RuleSet
from tripeaks.app.factory import deal_from_link
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.rulesets import CUSTOM, TIMER_MENU
from tripeaks.engine.codes import N_DEALS
from tripeaks.engine.rules import PRESETS, DrawRule, PeaksRule, Preset, ScoringRule, UndoRule, WasteRule
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import preset_name, ui_text

ANY_RULES = rule_sets()
"""Every rule set of docs/rules.md §8."""
CHOSEN = st.sampled_from([p.rules for p in Preset]) | ANY_RULES.filter(lambda r: r.timer in (None, *TIMER_MENU))
"""What a player can choose in the menu: a preset, or any Custom options with a countdown the timer menu
offers (weighted towards the presets); a code may carry any countdown (``ANY_RULES``)."""
VIAS = ("pasted", "link", "daily", "match")
"""The ways a code reaches the table."""


def next_deal_text(rules: RuleSet, lang: str) -> str:
    if rules.preset is None:
        return ui_text("new.next_deal_custom", lang, rules=str(rules))
    return ui_text("new.next_deal", lang, rule=preset_name(rules, lang))


def choose(app: TriPeaksApp, rules: RuleSet) -> None:
    """Choose ``rules`` in the menu as a player does: a preset by name, else Custom and its options."""
    if rules.preset is not None:
        ui(app).new_rule.value = str(rules)
    else:
        ui(app).new_rule.value = CUSTOM
        menu = app.new_game.rules
        menu.wrap.value = rules.wrap
        menu.draw.value = rules.draw is DrawRule.STUCK
        menu.peaks.value = rules.peaks is PeaksRule.OPEN
        menu.jokers.value = rules.jokers
        menu.waste.value = rules.waste is WasteRule.EMPTY
        menu.scoring.value = rules.scoring is ScoringRule.RUNS
        menu.undo.value = rules.undo is UndoRule.PENALTY
        menu.timer.value = rules.timer or 0
    assert app.session.deal_rules == rules


def deal_a_code(app: TriPeaksApp, kept, via: str, code: GameCode) -> Game:
    """Deal ``code`` (``via`` a paste or a link; the deal of the day and a match deal their own)."""
    if via == "pasted":
        ui(app).code_input.value = str(code)
        ui(app).deal_button.click()
        ui(app).code_input.value = ""  # the player clears the field for a plain Deal
    elif via == "link":
        deal_from_link(app, f"code={code}")
    elif via == "daily":
        kept.keeper.deal_daily()
    else:
        kept.keeper.start_match(3, code.rules)  # a match under the code's rules: its first deal
    return app.game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    chosen=CHOSEN,
    code_rules=ANY_RULES,
    deal=st.integers(0, N_DEALS - 1),
    via=st.sampled_from(VIAS),
    lang=st.sampled_from(LANGUAGES),
    button=st.sampled_from(["deal", "again", "end"]),
)
def test_the_next_deal_keeps_the_menus_rule_set_after_any_code(chosen, code_rules, deal, via, lang, button):
    app, kept = kept_app()
    app.set_language(lang)
    choose(app, chosen)
    assert plain(app.new_game.next_deal.value) == next_deal_text(chosen, lang)
    game = deal_a_code(app, kept, via, GameCode(code_rules, deal))
    if via in ("pasted", "link"):
        assert game.rules == code_rules  # played under its own rule set, named in the header
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", lang, rule=preset_name(game.rules, lang))
    # The menu, the next deal and what is kept are the player's choice still.
    assert app.session.deal_rules == chosen
    assert plain(app.new_game.next_deal.value) == next_deal_text(chosen, lang)
    assert app.new_game.rule.value == (str(chosen) if chosen.preset is not None else CUSTOM)
    assert kept.store.saved()["settings"]["deal_rules"] == str(chosen)
    if button == "deal":  # Deal in the New game panel, its field empty
        ui(app).deal_button.click()
    elif button == "again":  # New game in the status line (shown once a game is over)
        ui(app).again_button.click()
    else:  # New game in the end-of-game panel
        app.end_view.again_button.click()
    if app.session.pending is not None:  # a game in progress asks first (a match's deal, say)
        app.session.answer(True)
    assert app.game is not game and app.game.rules == chosen
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", lang, rule=preset_name(chosen, lang))
    assert plain(app.new_game.next_deal.value) == next_deal_text(chosen, lang)


@pytest.mark.parametrize("chosen", list(Preset), ids=lambda p: p.value)
@pytest.mark.parametrize("linked", list(Preset), ids=lambda p: p.value)
def test_after_a_flagged_link_a_plain_deal_deals_the_menus_preset(chosen, linked):
    """The issue's case, over every pair of presets: a link under one, the menu under another
    (each pair in one of the languages, every language in turn)."""
    lang = LANGUAGES[(list(Preset).index(chosen) + list(Preset).index(linked)) % len(LANGUAGES)]
    app, _ = kept_app()
    app.set_language(lang)
    ui(app).new_rule.value = str(chosen.rules)
    link = GameCode(linked.rules, 3)
    assert str(deal_from_link(app, f"code={link}").code) == str(link)
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", lang, rule=preset_name(linked, lang))
    assert plain(app.new_game.next_deal.value) == ui_text("new.next_deal", lang, rule=preset_name(chosen, lang))
    ui(app).deal_button.click()
    assert app.game.rules == PRESETS[chosen] and app.game.code != link
    assert plain(ui(app).new_message.value) == ui_text(
        "new.dealt_random", lang, code=str(app.game.code), rule=preset_name(chosen, lang)
    )


def test_the_next_deal_is_named_next_to_deal_and_follows_the_menu_and_the_language():
    app, _ = kept_app()
    children = list(app.new_game._row.children)
    assert children.index(app.new_game.next_deal) == children.index(app.new_game.deal_button) + 1
    assert plain(app.new_game.next_deal.value) == ui_text("new.next_deal", "en", rule=preset_name(Preset.EASY, "en"))
    ui(app).new_rule.value = str(PRESETS[Preset.TRADITIONAL])
    assert plain(app.new_game.next_deal.value) == "Next deal: Traditional"
    app.set_language("fr")
    assert plain(app.new_game.next_deal.value) == "Prochaine donne\u00a0: Traditionnelle"
    assert ui_text("new.next_deal_tip", "fr") in app.new_game.next_deal.value


def test_the_menus_choice_comes_back_after_a_reload_even_after_a_flagged_code():
    storage: dict[str, str] = {}
    app, _ = kept_app(storage)
    ui(app).new_rule.value = "C"
    deal_from_link(app, "code=TP1-E-AAAAAAD-SR")
    again, _ = kept_app(storage)
    assert str(again.game.code) == "TP1-E-AAAAAAD-SR"  # the linked game is resumed…
    assert ui(again).new_rule.value == "C" and str(again.session.deal_rules) == "C"  # …the menu is the player's
    ui(again).deal_button.click()
    assert again.game.rules == PRESETS[Preset.CLASSIC]


def test_a_random_deal_asked_under_named_rules_sets_the_next_deal():
    """``deal_random(rules)`` (a script, a lesson) is a choice of rule set: the menu follows it."""
    app, kept = kept_app()
    app.session.deal_random("C-OP")
    assert ui(app).new_rule.value == "C-OP" and plain(app.new_game.next_deal.value) == "Next deal: Tri Peaks"
    assert kept.store.saved()["settings"]["deal_rules"] == "C-OP"
