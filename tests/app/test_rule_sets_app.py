"""Rule sets in the app, driven like a user without a browser (docs/rules.md §8).

Each preset is dealt by its code and a few moves show the right refusals and
points; the Custom options make the right code; the board shows open peaks,
jokers and an empty waste; run scoring shows its run; the end of a game adds
up its score.
"""

from __future__ import annotations

import io

import pytest
from page import ui
from PIL import Image
from widget_state import css_classes, plain

from tripeaks import Card, Game, GameCode, Refusal, RuleSet
from tripeaks.app import TriPeaksApp, build_app
from tripeaks.app.model.session import PlaySession, Setting, SettingChanged
from tripeaks.app.views.hints import HintTools
from tripeaks.app.views.plot import ScorePlot, score_lines
from tripeaks.app.views.rulesets import CUSTOM
from tripeaks.engine.game import RefusalDetail
from tripeaks.engine.rules import PRESETS, Preset
from tripeaks.i18n import (
    LANGUAGES,
    card_name,
    explain,
    refusal_detail_sentence,
    refusal_message,
    text,
    waste_fit_sentence,
)
from tripeaks.i18n.rulesets import Signed, rules_text
from tripeaks.i18n.solver import hint_message
from tripeaks.i18n.ui import preset_name, ui_text
from tripeaks.solver import HintKind, Verdict, solve
from tripeaks.solver import hint as solver_hint

DEAL = "AAAAAAB"  # docs/rules.md §5: 7♥ on the waste, 8♦ at position 20 is the one play

# docs/rules.md §2 and §8, verbatim.
BLOCKED = {
    "en": "This card is blocked",
    "pt": "Esta carta está bloqueada",
    "fr": "Cette carte est bloquée",
    "es": "Esta carta está bloqueada",  # Spanish: the catalogue's (docs/glossary.es.md)
}
NOT_ADJACENT = {
    "en": "It must be one rank higher or lower",
    "pt": "Tem de ter um valor imediatamente superior ou inferior",
    "fr": "La valeur doit être immédiatement supérieure ou inférieure",
    "es": "Tiene que estar un valor por encima o por debajo",
}
DRAW_STUCK = {
    "en": "A card can still be played",
    "pt": "Ainda há uma carta que pode ser jogada",
    "fr": "Une carte peut encore être jouée",
    "es": "Todavía se puede jugar una carta",
}


def code_of(preset: Preset, deal: str = DEAL) -> str:
    return str(GameCode(preset.rules, GameCode.parse(f"TP1-E-{deal}").deal))


def dealt(code: str, lang: str = "en") -> TriPeaksApp:
    app = TriPeaksApp(lang=lang)
    ui(app).code_input.value = code
    ui(app).deal_button.click()
    assert str(app.game.code) == code
    return app


def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


def latest_log(app: TriPeaksApp) -> str:
    return plain(ui(app).move_log.value.split("</li>")[0])


def click(app: TriPeaksApp, p: int) -> None:
    app.board.card_buttons[p].click()


# ---------------------------------------------------------------- each preset, dealt by its code
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_each_preset_dealt_by_code_is_named_with_its_full_code(preset, lang):
    code = code_of(preset)
    app = dealt(code, lang)
    assert app.game.rules == preset.rules
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", lang, rule=preset_name(preset, lang))
    assert code in plain(ui(app).code_label.value)
    # The menu keeps the player's choice (Easy, the default): the next Deal is under it, and says so.
    assert ui(app).new_rule.value == "E" and app.session.deal_rules == PRESETS[Preset.EASY]
    assert plain(app.new_game.rules.about.value) == rules_text("ruleset.about.easy", lang)
    assert plain(app.new_game.next_deal.value) == ui_text("new.next_deal", lang, rule=preset_name(Preset.EASY, lang))
    assert code in plain(ui(app).new_message.value)


def test_the_preset_codes_of_the_rules_reference():
    """docs/rules.md §8, the presets table: the code of deal 3 under each preset."""
    assert [code_of(p, "AAAAAAD") for p in Preset] == [
        "TP1-E-AAAAAAD",
        "TP1-C-AAAAAAD",
        "TP1-E-AAAAAAD-SR",
        "TP1-C-AAAAAAD-OP",
        "TP1-E-AAAAAAD-OP",
    ]


@pytest.mark.parametrize("preset", [Preset.EASY, Preset.CLASSIC])
def test_easy_and_classic_differ_on_an_ace_after_a_king(preset):
    app = dealt(code_of(preset))
    for p in (20,):
        click(app, p)
    app.board.stock_button.click()  # 10♥
    for p in (19, 21, 25):  # J♠, Q♠, K♦
        click(app, p)
    assert app.game.waste_top is not None and str(app.game.waste_top) == "KD"
    moves = app.game.moves
    click(app, 22)  # A♦ on K♦
    if preset is Preset.EASY:
        assert app.game.moves == moves + 1 and str(app.game.waste_top) == "AD"
        assert "A♦" in latest_log(app) and plain(ui(app).score_label.value) == ui_text("header.score", "en", score=494)
    else:
        # Refused, and the status line says why: K and A are apart under Classic (docs/rules.md §2).
        detail = refusal_detail_sentence(RefusalDetail.NO_WRAP, "en")
        fits = waste_fit_sentence(Card.parse("KD"), (12,), "en")  # under Classic only a Q goes on a K
        assert app.game.moves == moves and status(app) == f"{NOT_ADJACENT['en']} {detail} {fits}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_traditional_refuses_an_early_draw_and_counts_runs(lang):
    app = dealt(code_of(Preset.TRADITIONAL), lang)
    assert plain(ui(app).score_label.value) == ui_text("header.score", lang, score=0)
    assert plain(app.run_view.value) == rules_text("run.status", lang, run=0, next=Signed(1))
    app.board.stock_button.click()  # 8♦ can be played: no draw yet (docs/rules.md §8)
    assert status(app) == DRAW_STUCK[lang] and app.game.moves == 0
    assert rules_text("stock.stuck_tip", lang) in app.board.stock_button.tooltip
    click(app, 20)  # 8♦: the first card of a run, +1
    assert app.game.score == 1
    assert plain(app.run_view.value) == rules_text("run.status", lang, run=1, next=Signed(2))
    assert explain(app.game.history[-1], lang) in latest_log(app)
    app.board.stock_button.click()  # stuck now: the draw is allowed, ends the run, −5 (floor 0)
    assert app.game.score == 0 and app.game.run == 0
    assert plain(app.run_view.value) == rules_text("run.status", lang, run=0, next=Signed(1))
    click(app, 19)  # J♠ on 10♥: +1
    click(app, 10)  # 10♦, just revealed: the second card of the run, +2
    assert app.game.score == 3
    assert plain(app.run_view.value) == rules_text("run.status", lang, run=2, next=Signed(3))
    # The log sentence of the play names its run points (docs/rules.md §8).
    assert latest_log(app) == ui_text("log.entry", lang, moves=4, sentence=explain(app.game.history[-1], lang))
    assert text("explain.run", lang, count=2, points=Signed(2)) in latest_log(app)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", [Preset.TRI_PEAKS, Preset.TRI_PEAKS_FACILE])
def test_open_peaks_show_every_card_yet_refuse_a_covered_one(preset, lang):
    app = dealt(code_of(preset), lang)
    game = app.game
    for p in range(28):
        assert css_classes(app.board.card_buttons[p]) >= {"tp-up"}
        assert app.board.card_buttons[p].description == card_name(game.card_at(p), lang)
    click(app, 0)  # face up, but still under 3 and 4
    assert status(app) == BLOCKED[lang] and game.moves == 0
    click(app, 21)  # Q♠ on 7♥: exposed, wrong rank
    assert status(app) == f"{NOT_ADJACENT[lang]} {waste_fit_sentence(Card.parse('7H'), (6, 8), lang)}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", [Preset.TRI_PEAKS, Preset.TRI_PEAKS_FACILE])
def test_the_undo_penalty_shows_its_cost_in_the_log(preset, lang):
    app = dealt(code_of(preset), lang)
    click(app, 20)
    assert app.game.score == 499
    ui(app).undo_button.click()
    assert app.game.score == 495  # the point back, then 5 off (docs/rules.md §8)
    entry = latest_log(app)
    assert text("explain.undo_penalty", lang, cost=5, score=495) in entry
    assert plain(ui(app).score_label.value) == ui_text("header.score", lang, score=495)


# ---------------------------------------------------------------- jokers and an empty waste
def test_the_stock_counts_its_jokers_and_a_drawn_joker_shows_in_words():
    app = dealt("TP1-E-AAAAAAD-JJW")
    game = app.game
    assert app.board.stock_button.description == rules_text("stock.label_jokers", "en", count=26, jokers=2)
    assert rules_text("stock.jokers_tip", "en", jokers=2) in app.board.stock_button.tooltip
    # An empty waste (docs/rules.md §8): an empty place with a short prompt, and any exposed card plays.
    waste = app.board.waste_html.value
    assert "tp-empty" in waste and rules_text("waste.empty_prompt", "en") in waste
    assert rules_text("waste.empty_help", "en") in waste  # its accessible name
    for _ in range(26):
        app.board.stock_button.click()
        if str(game.waste_top) == "JK":
            break
    assert str(game.waste_top) == "JK"
    waste = app.board.waste_html.value
    assert "tp-joker" in waste and ">Joker<" in waste
    assert 'aria-label="' + ui_text("waste.aria", "en", card="Joker") + '"' in waste
    left = sum(str(c) == "JK" for c in game.stock_cards)
    assert left == 1
    assert app.board.stock_button.description == rules_text(
        "stock.label_jokers", "en", count=game.stock_count, jokers=1
    )
    app.set_language("pt")
    assert "Jóquer" in app.board.waste_html.value


def test_any_exposed_card_plays_first_on_an_empty_waste():
    app = dealt("TP1-E-AAAAAAD-W")
    click(app, 24)  # 4♥, whatever its rank
    assert str(app.game.waste_top) == "4H"
    assert "tp-empty" not in app.board.waste_html.value


# ---------------------------------------------------------------- the Custom options
def choose_custom(app: TriPeaksApp) -> None:
    ui(app).new_rule.value = CUSTOM
    assert app.new_game.rules.custom.layout.display is None  # the options show


@pytest.mark.parametrize(
    ("option", "value", "rules", "example"),
    [
        ("wrap", False, "C", "TP1-C-AAAAAAD"),
        ("draw", True, "E-S", "TP1-E-AAAAAAD-S"),
        ("peaks", True, "E-O", "TP1-E-AAAAAAD-O"),
        ("jokers", 1, "E-J", "TP1-E-AAAAAAD-J"),
        ("jokers", 2, "E-JJ", "TP1-E-AAAAAAD-JJ"),
        ("waste", True, "E-W", "TP1-E-AAAAAAD-W"),
        ("scoring", True, "E-R", "TP1-E-AAAAAAD-R"),
        ("undo", True, "E-P", "TP1-E-AAAAAAD-P"),
        ("timer", 5, "E-T5", "TP1-E-AAAAAAD-T5"),
        ("timer", 60, "E-T60", "TP1-E-AAAAAAD-T60"),
    ],
)
def test_each_custom_option_makes_its_flag(option, value, rules, example):
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAB"))
    choose_custom(app)
    menu = app.new_game.rules
    getattr(menu, option).value = value
    assert str(app.session.deal_rules) == rules
    assert plain(menu.code.value) == rules_text("custom.code", "en", rules=rules, example=example)
    ui(app).deal_button.click()  # a random deal under these rules
    code = str(app.game.code)
    assert str(app.game.rules) == rules
    assert code[:5] == example[:5] and code[13:] == example[13:]  # TP1-<letter>-<any deal><flags>
    assert code in plain(ui(app).code_label.value)


def test_all_custom_options_together_make_the_code_of_the_rules_reference():
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAB"))
    choose_custom(app)
    menu = app.new_game.rules
    for option, value in (
        ("wrap", False),
        ("draw", True),
        ("peaks", True),
        ("jokers", 2),
        ("waste", True),
        ("scoring", True),
        ("undo", True),
        ("timer", 10),
    ):
        getattr(menu, option).value = value
    assert str(menu.rules) == "C-SOJJWRPT10"  # docs/rules.md §8: flags in the order of the table
    assert plain(menu.code.value) == rules_text(
        "custom.code", "en", rules="C-SOJJWRPT10", example="TP1-C-AAAAAAD-SOJJWRPT10"
    )
    ui(app).code_input.value = ""
    ui(app).deal_button.click()
    assert app.game.rules == RuleSet.parse("C-SOJJWRPT10") and app.game.rules.timer == 10
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", "en", rule=preset_name(None, "en"))


def test_custom_starts_from_the_rule_set_chosen_before_and_a_preset_comes_back():
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAB"))
    ui(app).new_rule.value = str(PRESETS[Preset.TRADITIONAL])
    assert app.session.deal_rules == PRESETS[Preset.TRADITIONAL]
    choose_custom(app)
    menu = app.new_game.rules
    assert menu.draw.value is True and menu.scoring.value is True and menu.peaks.value is False
    assert app.session.deal_rules == PRESETS[Preset.TRADITIONAL]  # choosing Custom changes nothing yet
    menu.jokers.value = 1
    assert str(app.session.deal_rules) == "E-SJR"
    ui(app).new_rule.value = "C"
    assert app.session.deal_rules == PRESETS[Preset.CLASSIC]
    assert menu.custom.layout.display == "none"


def test_a_pasted_custom_code_is_named_in_the_header_and_leaves_the_menu_alone():
    app = dealt("TP1-C-AAAAAAD-JWT3")
    menu = app.new_game.rules
    assert plain(ui(app).rule_label.value) == ui_text("header.rule", "en", rule=preset_name(None, "en"))
    assert ui(app).new_rule.value == "E" and menu.custom.layout.display == "none"
    ui(app).code_input.value = "TP1-E-AAAAAAD-OP"
    ui(app).deal_button.click()
    assert ui(app).new_rule.value == "E" and menu.custom.layout.display == "none"
    choose_custom(app)
    menu.jokers.value = 1
    ui(app).code_input.value = "TP1-C-AAAAAAD-OP"
    ui(app).deal_button.click()  # a code under a preset: the Custom options stay as the player set them
    assert ui(app).new_rule.value == CUSTOM and str(app.session.deal_rules) == "E-J"
    assert plain(app.new_game.next_deal.value) == ui_text("new.next_deal_custom", "en", rules="E-J")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_and_the_options_follow_the_language(lang):
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAB"))
    choose_custom(app)
    app.set_language(lang)
    menu = app.new_game.rules
    assert [label for label, _ in ui(app).new_rule.options] == [preset_name(p, lang) for p in Preset] + [
        preset_name(None, lang)
    ]
    assert ui(app).new_rule.value == CUSTOM
    assert menu.draw.description == rules_text("custom.draw", lang)
    assert menu.timer.options[0][0] == rules_text("custom.timer_none", lang)
    assert dict((v, label) for label, v in menu.timer.options)[5] == rules_text("custom.timer_minutes", lang, minutes=5)
    assert plain(menu.about.value) == rules_text("ruleset.about.custom", lang)


def test_the_session_says_when_the_rule_set_of_the_next_deal_changes():
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
    seen: list[object] = []
    session.subscribe(seen.append)
    session.set_deal_rules("tri peaks")
    assert seen == [
        SettingChanged(Setting.DEAL_RULES, PRESETS[Preset.TRI_PEAKS]),
        SettingChanged(Setting.DEAL_RULE, PRESETS[Preset.TRI_PEAKS].rule),
    ]
    seen.clear()
    session.set_deal_rules("C-OP")  # the same rule set: nothing to say
    assert seen == []
    with pytest.raises(ValueError):
        session.set_deal_rules("E-X")
    assert session.deal_rules == PRESETS[Preset.TRI_PEAKS]
    session.random_game = lambda rules: Game.from_code(GameCode(rules, 1))
    session.deal_random()
    assert str(session.game.code) == "TP1-C-AAAAAAB-OP"


def test_expire_without_a_timer_is_refused_quietly():
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
    seen: list[object] = []
    session.subscribe(seen.append)
    assert session.expire() is None
    assert [type(e).__name__ for e in seen] == ["MoveRefused"]
    assert seen[0].refusal is Refusal.NO_TIMER  # type: ignore[attr-defined]
    assert session.message.sentences("en") != (refusal_message(Refusal.NO_TIMER, "en"),)  # nothing shown


# ---------------------------------------------------------------- the score plot under run scoring
def _won_under(rules: str) -> Game:
    line = solve(Game.from_code("TP1-E-AAAAAAD")).cards
    assert line is not None
    game = Game.from_code(f"TP1-E-AAAAAAD-{rules}")
    for token in line:
        game.apply(token)
    return game


def _bar_pixels(png: bytes) -> int:
    """Pixels of the run bars' colour (#5b8fd6 at 60 % over the panel's #fbfaf5), give or take."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    want = tuple(round(0.6 * a + 0.4 * b) for a, b in zip((0x5B, 0x8F, 0xD6), (0xFB, 0xFA, 0xF5)))
    width, height = image.size
    pixels = (image.getpixel((x, y)) for x in range(width) for y in range(height))
    return sum(1 for px in pixels if all(abs(a - b) <= 12 for a, b in zip(px, want)))


def test_the_plot_shows_run_points_as_bars_and_rings_the_clear_bonus():
    game = _won_under("R")
    assert game.status.value == "won"
    lines = score_lines(game)
    plays = [e for e in game.standing_actions if e.kind == "play"]
    assert lines.runs and lines.line[0] == (0, 0)  # run scoring starts at 0 (docs/rules.md §8)
    assert list(lines.run_points) == [(e.moves, e.run) for e in plays]
    assert lines.clears == ((game.moves, game.score),)
    assert lines.end == (game.moves, game.score)
    with_bars = _bar_pixels(ScorePlot().draw(lines))
    standard = _bar_pixels(ScorePlot().draw(score_lines(_won_under("O"))))
    assert with_bars > 200 and standard == 0


def test_the_app_plot_follows_a_game_under_run_scoring():
    app = dealt(code_of(Preset.TRADITIONAL))
    click(app, 20)
    lines = app.plot_panel.plot.lines
    assert lines is not None and lines.runs and lines.run_points == ((1, 1),)
    assert lines.end == (1, 1)


# ---------------------------------------------------------------- hints and winnability under every rule set
def hinted(code: str) -> tuple[TriPeaksApp, HintTools]:
    app = build_app(code)
    tools = app.hints
    assert tools is not None
    tools.hint_budgets = (30.0, 60.0)  # about what is said, not speed: never "unknown" on a loaded machine
    tools.indicator_budget = tools.deal_try_budget = 30.0
    return app, tools


@pytest.mark.parametrize(
    "code",
    [code_of(p) for p in Preset] + ["TP1-E-AAAAAAD-JJW", "TP1-C-AAAAAAB-SJ", "TP1-E-AAAAAAB-SJWRPT5"],
)
def test_hint_and_winnable_follow_the_solver_under_every_rule_set(code):
    app, tools = hinted(code)
    game = app.game
    expected = solver_hint(game, time_limit=None)
    tools.hint_button.click()
    assert tools.last_hint == expected
    assert status(app) == hint_message(expected, "en")
    if expected.kind is HintKind.PLAY:
        assert "tp-highlight" in css_classes(app.board.card_buttons[expected.action])
    tools.winnable_toggle.value = True
    verdict = solve(game, time_limit=None).verdict
    assert tools.indicator == {Verdict.WINNABLE: "yes", Verdict.UNWINNABLE: "no"}[verdict]
    # Following the hint keeps the verdict (docs/rules.md §8: the hint keeps the game winnable).
    if expected.kind in (HintKind.PLAY, HintKind.DRAW):
        if expected.action == "D":
            app.board.stock_button.click()
        else:
            app.board.card_buttons[expected.action].click()
        assert tools.indicator == "yes"


def test_only_winnable_deals_under_a_rule_set_are_dealt_under_it():
    app, tools = hinted("TP1-E-AAAAAAB")
    tools.only_winnable.value = True
    ui(app).new_rule.value = str(PRESETS[Preset.TRADITIONAL])
    ui(app).deal_button.click()
    assert app.game.rules == PRESETS[Preset.TRADITIONAL]
    assert solve(app.game, time_limit=None).verdict is Verdict.WINNABLE
    assert "tp-note-ok" in tools.deal_note.value


def test_the_timer_menu_is_a_short_list_and_a_stored_countdown_outside_it_still_shows():
    """The menu listed every minute from 1 to 60 (61 entries); a code or a stored setting can still
    hold any of them (docs/rules.md §8, T1–T60): that one shows in the menu, at its place."""
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAB"))
    choose_custom(app)
    menu = app.new_game.rules
    values = [v for _label, v in menu.timer.options]
    assert values == [0, 1, 2, 3, 5, 10, 15, 20, 30, 45, 60]
    app.session.set_deal_rules(RuleSet.parse("E-T7"))  # as the stored settings of an older menu give it
    assert menu.timer.value == 7 and str(app.session.deal_rules) == "E-T7"
    assert [v for _label, v in menu.timer.options] == [0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60]
    assert dict(menu.timer.options)[rules_text("custom.timer_minutes", "en", minutes=7)] == 7
    assert menu.rules.timer == 7  # the options make the rule set shown
    menu.timer.value = 10
    assert str(app.session.deal_rules) == "E-T10"
    assert 7 not in [v for _label, v in menu.timer.options]
