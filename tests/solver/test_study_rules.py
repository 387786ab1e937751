"""The study under the rule sets of docs/rules.md §8: its rows, the bot under each option, the
CSV files it writes, and ``--rules`` on the command line."""

from __future__ import annotations

import csv
from collections.abc import Callable

import pytest

from tripeaks import Game, GameCode, RuleSet, Status
from tripeaks.cli import main
from tripeaks.engine.cards import Joker
from tripeaks.engine.rules import CLASSIC, EASY, PRESETS, TRADITIONAL
from tripeaks.solver import solve
from tripeaks.solver.study import (
    RATES_FILE,
    RULES_FILE,
    RUNS_SCORES_FILE,
    bot_choice,
    bot_play,
    bot_rules,
    decide_deal,
    parse_deals,
    run_study,
    search_rules,
    study_rows,
    wilson,
)

# ----------------------------------------------------------------- rows


def test_the_rows_are_the_presets_then_each_option_alone_on_easy_and_classic():
    rows = study_rows()
    assert [r.rules for r in rows[:5]] == list(PRESETS.values())
    options = rows[5:]
    assert len(options) == 16
    for r in options:
        base = EASY if r.base == "easy" else CLASSIC
        differ = [
            f
            for f in ("wrap", "draw", "peaks", "jokers", "waste", "scoring", "undo", "timer")
            if getattr(r.rules, f) != getattr(base, f)
        ]
        assert len(differ) == 1, r
    assert len({r.row for r in rows}) == len(rows)


def test_only_wrap_draw_jokers_and_waste_decide_the_search():
    assert search_rules(TRADITIONAL) == RuleSet(draw="stuck")
    assert search_rules(RuleSet.parse("C-OJWRPT9")) == RuleSet(wrap=False, jokers=1, waste="empty")
    assert bot_rules(RuleSet.parse("tri peaks")) == RuleSet(wrap=False, peaks="open")
    for deal in (0, 3, 9):
        for rules in ("C-OP", "E-RT5", "traditional"):
            assert decide_deal(rules, deal).verdict is decide_deal(search_rules(RuleSet.parse(rules)), deal).verdict


def test_decide_deal_under_a_rule_set_is_the_solver_verdict():
    for rules in ("E-J", "C-SW", "traditional"):
        r = decide_deal(rules, 5)
        assert r.rule == str(RuleSet.parse(rules))
        assert r.verdict is solve(str(GameCode(RuleSet.parse(rules), 5))).verdict


# ----------------------------------------------------------------- the bot


def transcript(game: Game) -> list[str]:
    return [e.token for e in bot_play(game).history]


def test_the_bot_keeps_draw_stuck_by_itself_and_plays_as_under_the_base():
    for deal in range(30):
        any_draw = transcript(Game.from_code(GameCode(EASY, deal)))
        stuck = transcript(Game.from_code(GameCode(RuleSet(draw="stuck"), deal)))  # never a refused draw
        assert stuck == any_draw
        for flags in ("R", "P", "T5"):  # points, undo cost and clock: the bot ignores them
            assert transcript(Game.from_code(f"{GameCode(CLASSIC, deal)}-{flags}")) == transcript(
                Game.from_code(GameCode(CLASSIC, deal))
            )


def test_the_bot_plays_on_a_joker_and_on_an_empty_waste():
    on_joker = 0
    for deal in range(40):
        g = Game.from_code(f"{GameCode(CLASSIC, deal)}-JJW")
        assert isinstance(bot_choice(g), int)  # the first move onto the empty waste is a play
        while g.status is Status.PLAYING:
            action = bot_choice(g)
            if isinstance(g.waste_top, Joker):
                assert isinstance(action, int) and g.refusal(action) is None
                on_joker += 1
            assert action is not None
            g.apply(action)
        assert bot_choice(g) is None
    assert on_joker >= 20


def test_under_open_peaks_the_bot_uses_the_cards_it_sees(layout: Callable[..., Game]):
    # after 2♦ (19) on A♣, 3♦ (18) and 3♥ (20) both fit and each uncovers one card: 9 (K♣) and
    # 10 (4♠).  Hidden, both are unknown: the bot takes the lower position, 18.  Open, it sees that
    # 4♠ follows a 3 and takes 20.
    cards = {19: "2D", 18: "3D", 20: "3H", 9: "KC", 10: "4S"}
    hidden = layout(cards, waste="AC", avoid=[1, 2, 3, 4], rules="E")
    open_ = layout(cards, waste="AC", avoid=[1, 2, 3, 4], rules="E-O")
    for g in (hidden, open_):
        assert bot_choice(g) == 19
        g.play(19)
    assert bot_choice(hidden) == 18 and bot_choice(open_) == 20


# ----------------------------------------------------------------- the files


@pytest.fixture(scope="module")
def small_study(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, str]]]:
    out = tmp_path_factory.mktemp("study")
    paths = run_study(parse_deals("0-11"), out, best_deals=parse_deals("0-2"), jobs=1, log=lambda line: None)
    return {name: list(csv.DictReader(open(path))) for name, path in paths.items()}


def test_the_rate_file_has_a_row_per_rule_set_with_wilson_intervals(small_study):
    rates = small_study["rates"]
    assert [r["row"] for r in rates] == [r.row for r in study_rows()]
    per_deal = small_study["rules"] + [dict(r, rules=r["rule"]) for r in small_study["study"]]
    for r in rates:
        solver_rows = [x for x in per_deal if x["rules"] == r["solver_from"]]
        bot_rows = [x for x in per_deal if x["rules"] == r["bot_from"]]
        assert len(solver_rows) == len(bot_rows) == int(r["deals"]) == 12
        won = sum(x["verdict"] == "winnable" for x in solver_rows)
        assert int(r["winnable"]) == won and int(r["unknown"]) == 0
        lo, hi = wilson(won, 12)
        assert float(r["win_low"]) == round(lo, 6) and float(r["win_high"]) == round(hi, 6)
        bots = sum(int(x["bot_won"]) for x in bot_rows)
        assert int(r["bot_won"]) == bots and float(r["bot_rate"]) == round(bots / 12, 6)
        rules = RuleSet.parse(r["rules"])
        assert r["solver_from"] == str(search_rules(rules)) and r["bot_from"] == str(bot_rules(rules))
        assert bool(r["solver_same_because"]) is (r["solver_from"] != r["rules"])


def test_the_per_deal_file_holds_each_configuration_once_with_solver_verdicts(small_study):
    rows = small_study["rules"]
    configs = {r["rules"] for r in rows}
    assert configs == {"E-S", "C-S", "E-J", "C-J", "E-JJ", "C-JJ", "E-W", "C-W", "E-O", "C-O"}
    for r in rows:
        if r["rules"].endswith("O"):
            assert r["verdict"] == ""  # bot only: open peaks change no verdict
            continue
        assert r["verdict"] == solve(f"{GameCode(RuleSet.parse(r['rules']), int(r['deal']))}").verdict.value


def test_traditional_best_runs_scores_are_written(small_study):
    runs = small_study["runs_scores"]
    assert runs and all(r["rules"] == "E-SR" for r in runs)
    for r in runs:
        if r["best_score"]:
            assert r["optimal"] == "1" and int(r["best_score"]) > 0


# ----------------------------------------------------------------- the command line


def test_solve_winrate_and_study_take_rules(tmp_path, capsys):
    assert main(["solve", "TP1-E-AAAAAAB", "--rules", "traditional", "--best"]) == 0
    out = capsys.readouterr().out
    assert "TP1-E-AAAAAAB-SR (Traditional): winnable" in out
    assert "No winning line scores more: this is the best score." in out
    assert main(["winrate", "--rules", "C-JJ", "--deals", "0-5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    wins = sum(solve(f"{GameCode(RuleSet.parse('C-JJ'), d)}").winnable for d in range(6))
    assert "Rule C-JJ, deals 0-5: 6 deals." in out and f"Winnable: {wins} of 6 decided deals" in out
    assert (
        main(
            [
                "study",
                "--deals",
                "0-2",
                "--best-deals",
                "0",
                "--out",
                str(tmp_path),
                "--jobs",
                "1",
                "--rules",
                "E-J,tri peaks",
            ]
        )
        == 0
    )
    capsys.readouterr()
    rates = list(csv.DictReader(open(tmp_path / RATES_FILE)))
    assert [r["row"] for r in rates] == ["E-J", "tri-peaks"]
    assert {r["rules"] for r in csv.DictReader(open(tmp_path / RULES_FILE))} == {"E-J", "C-O"}
    assert not (tmp_path / RUNS_SCORES_FILE).exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["winrate", "--rules", "E-XQ", "--deals", "0"], "argument --rules: unknown flag 'X'"),
        (["winrate", "--rule", "E", "--rules", "C", "--deals", "0"], "give --rule or --rules, not both"),
        (["study", "--rules", "easy,hard", "--deals", "0"], "argument --rules: unknown rule set 'hard'"),
        (["solve", "TP1-E-AAAAAAD", "--rules", "E-"], "argument --rules: no flags after the dash"),
    ],
)
def test_a_bad_rule_set_is_one_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
