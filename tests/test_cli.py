"""Command line ``python -m tripeaks solve|winrate|study``."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest

from tripeaks import Game, Status
from tripeaks.__main__ import main
from tripeaks.solver import solve
from tripeaks.study import bot_choice, bot_play, parse_deals, wilson


def test_solve_prints_verdict_line_and_score(capsys):
    assert main(["solve", "TP1-E-AAAAAAD"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "TP1-E-AAAAAAD (Easy): winnable"
    assert out[1].startswith("Winning line: ")
    sol = solve("TP1-E-AAAAAAD")
    g = Game.from_code("TP1-E-AAAAAAD")
    for a in sol.line:
        g.apply(a)
    assert f"final score {g.score}" in out[2] and f"{len(sol.line)} moves" in out[2]
    # the printed line is the card names of the solver's line, draws as "draw"
    names = out[1].removeprefix("Winning line: ").split()
    assert len(names) == len(sol.line)
    assert names.count("draw") == sol.draws
    assert out[-1].startswith("Positions searched: ")


def test_solve_classic_unwinnable_and_languages(capsys):
    assert main(["solve", " tp1-c-aaaaaad ", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "TP1-C-AAAAAAD (Classique) : impossible à gagner" in out  # the whole output in French
    assert "ne peut pas être gagnée" in out


def test_solve_best_and_budget(capsys):
    assert main(["solve", "TP1-E-AAAAAAD", "--best"]) == 0
    out = capsys.readouterr().out
    assert "this is the best score" in out
    assert main(["solve", "TP1-C-AAAAAAD", "--max-nodes", "5"]) == 0
    out = capsys.readouterr().out
    assert "(Classic): unknown" in out and "no answer within the budget" in out


def test_bad_input_gives_a_clear_error(capsys):
    assert main(["solve", "TP2-E-AAAAAAD"]) == 2
    assert "bad prefix" in capsys.readouterr().err
    assert main(["winrate", "--deals", "9-3"]) == 2
    assert "bad deal range" in capsys.readouterr().err
    assert main(["winrate", "--rule", "hard", "--deals", "0-1"]) == 2
    assert "unknown rule" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["winrate", "--jobs", "0"])


def test_winrate_counts_and_interval(capsys):
    assert main(["winrate", "--rule", "classic", "--deals", "0-5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    truth = [solve(f"TP1-C-AAAAAA{c}").winnable for c in "ABCDEF"]
    wins = sum(truth)
    lo, hi = wilson(wins, 6)
    assert f"winnable: {wins}/6" in out
    assert f"95% CI {100 * lo:.2f}–{100 * hi:.2f}%" in out
    assert "positions searched:" in out and "time:" in out


def test_winrate_with_two_processes_in_a_subprocess():
    run = subprocess.run(
        [sys.executable, "-m", "tripeaks", "winrate", "--rule", "easy", "--deals", "0-7", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    truth = sum(bool(solve(f"TP1-E-AAAAAA{c}").winnable) for c in "ABCDEFGH")
    assert f"winnable: {truth}/8" in run.stdout
    assert "2 jobs" in run.stdout


def test_wilson_and_deal_ranges():
    lo, hi = wilson(1457, 1500)
    assert lo < 1457 / 1500 < hi and 0.96 < lo and hi < 0.98
    lo, hi = wilson(8, 10)  # textbook value: 0.490–0.943
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(3, 2)
    assert parse_deals("0-3,7") == [0, 1, 2, 3, 7]
    for bad in ("", "a-b", "5-1", "-3"):
        with pytest.raises(ValueError):
            parse_deals(bad)


def test_bot_never_peeks_and_finishes():
    for deal in range(5):
        g = Game.from_code(f"TP1-E-AAAAAA{'ABCDE'[deal]}")
        end = bot_play(g)
        assert end.status in (Status.WON, Status.BLOCKED)
        assert g.moves == 0  # the bot plays a copy
    # its choice depends only on what is visible: swapping two face-down cards changes nothing
    g = Game.from_code("TP1-E-AAAAAAD")
    cards = list(g.dealt_tableau)
    cards[0], cards[1] = cards[1], cards[0]  # both apexes are face down at the start
    swapped = Game.from_layout(cards, g.waste_top, g.stock_cards, "E")
    a, b = g.copy(), swapped.copy()
    for _ in range(5):
        ca, cb = bot_choice(a), bot_choice(b)
        assert ca == cb
        if ca is None or not a.tableau[0] or not a.tableau[1] or a.tableau[0].face_up:
            break
        a.apply(ca)
        b.apply(cb)


def test_study_writes_csv(tmp_path, capsys):
    assert main(["study", "--deals", "0-3", "--best-deals", "0-1", "--out", str(tmp_path), "--jobs", "1"]) == 0
    rows = list(csv.DictReader(open(tmp_path / "winnability.csv")))
    assert len(rows) == 8 and {r["rule"] for r in rows} == {"E", "C"}
    for r in rows:
        truth = solve(f"TP1-{r['rule']}-AAAAAA{'ABCD'[int(r['deal'])]}").verdict.value
        assert r["verdict"] == truth
        assert r["bot_won"] in ("0", "1")
    scores = list(csv.DictReader(open(tmp_path / "best_scores.csv")))
    assert scores and all(int(s["best_score"]) == 772 - int(s["draws"]) for s in scores if s["best_score"])
