"""Command line ``python -m tripeaks solve|winrate|study``."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
import time
import tracemalloc

import pytest

import tripeaks.cli as cli
from tripeaks import Game, Status
from tripeaks.cli import main
from tripeaks.engine.codes import N_DEALS
from tripeaks.i18n import format_number
from tripeaks.i18n.solver import solver_text
from tripeaks.solver import Verdict, solve
from tripeaks.solver.study import DealRangeError, bot_choice, bot_play, decide_deals, parse_deals, wilson


def one_error_line(capsys) -> str:
    """The run printed nothing on stdout and exactly one line on stderr; returns it."""
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].strip(), captured.err
    return lines[0]


def test_solve_prints_verdict_line_and_score(capsys):
    assert main(["solve", "TP1-E-AAAAAAD"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "TP1-E-AAAAAAD (Easy): winnable"
    assert out[1].startswith("Winning line: ")
    sol = solve("TP1-E-AAAAAAD")
    g = Game.from_code("TP1-E-AAAAAAD")
    for a in sol.line:
        g.apply(a)
    assert out[2] == (
        f"TP1-E-AAAAAAD is winnable: {len(sol.line)} moves, final score {g.score}. "
        f"The line draws {sol.draws} cards from the stock."
    )
    # the printed line is the card names of the solver's line, draws as "draw"
    names = out[1].removeprefix("Winning line: ").split()
    assert len(names) == len(sol.line)
    assert names.count("draw") == sol.draws
    assert out[-1].endswith(" s.") and f"{sol.nodes:,} positions searched in " in out[-1]


def test_solve_classic_unwinnable_and_languages(capsys):
    assert main(["solve", " tp1-c-aaaaaad ", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "TP1-C-AAAAAAD (Classique)\u00a0: impossible à gagner" in out  # the whole output in French
    assert "ne peut pas être gagnée" in out
    nodes = solve("TP1-C-AAAAAAD").nodes
    assert nodes >= 1000
    assert f"({format_number(nodes, 'fr')} positions)" in out  # Babel: a narrow no-break space between thousands
    assert "\u202f" in format_number(nodes, "fr") and "," not in out.splitlines()[-1].split(" en ")[0]


def test_solve_best_and_budget(capsys):
    assert main(["solve", "TP1-E-AAAAAAD", "--best"]) == 0
    out = capsys.readouterr().out
    assert "this is the best score" in out
    assert main(["solve", "TP1-C-AAAAAAD", "--max-nodes", "5"]) == 0
    out = capsys.readouterr().out
    assert "(Classic): unknown" in out and "no answer within the budget" in out


def test_one_position_is_singular(capsys):
    assert main(["solve", "TP1-C-AAAAAAD", "--max-nodes", "1", "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    assert "(1 posição examinada)" in out and "1 posição examinada em " in out


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["solve", "TP2-E-AAAAAAD"], "A code starts with TP1-, not “TP2”"),
        (["solve", "TP2-E-AAAAAAD", "--lang", "pt"], "tripeaks solve: erro: Um código começa por TP1-"),
        (["solve", "TP1-E-AAAAAAD", "--time-limit", "nan"], "--time-limit: must be a finite number of seconds"),
        (["solve", "TP1-E-AAAAAAD", "--time-limit", "inf"], "--time-limit: must be a finite number of seconds"),
        (["solve", "TP1-E-AAAAAAD", "--time-limit", "-1"], "--time-limit: must be a finite number of seconds"),
        (["solve", "TP1-E-AAAAAAD", "--max-nodes", "0"], "--max-nodes: must be a positive integer"),
        (["solve", "TP1-E-AAAAAAD", "--max-nodes", "many"], "--max-nodes: must be a positive integer"),
        (["solve"], "the following arguments are required: code"),
        (["solve", "TP1-E-AAAAAAD", "--lang", "de"], "argument --lang: invalid choice: 'de'"),
        (["winrate", "--deals", "9-3"], "The deal range “9-3” runs backwards"),
        (["winrate", "--deals", "a-b"], "The deal range “a-b” cannot be read"),
        (["winrate", "--deals", "-3"], "The deal range “-3” cannot be read"),
        (["winrate", "--deals", ""], "The deal range “” cannot be read"),
        (["winrate", "--deals", "0-9,5-20"], "The deal ranges “0-9” and “5-20” overlap"),
        (["winrate", "--deals", "0-100000000000"], "leaves the code space: deal numbers go from 0 to 34,359,738,367"),
        (
            ["winrate", "--deals", "34359738368", "--lang", "fr"],
            "les numéros vont de 0 à 34\u202f359\u202f738\u202f367",
        ),
        (["winrate", "--rule", "hard", "--deals", "0-1"], "unknown rule"),
        (["winrate", "--jobs", "0"], "argument --jobs: must be a positive integer"),
        (["winrate", "--bogus"], "unrecognized arguments: --bogus"),
        (["study", "--deals", "0-1", "--best-deals", "5-2"], "The deal range “5-2” runs backwards"),
        (["play"], "invalid choice: 'play'"),
        ([], "the following arguments are required: {solve,winrate,study,class-server}"),
    ],
)
def test_every_bad_argument_gives_one_line_and_status_2(capsys, argv, expected):
    assert main(argv) == 2
    line = one_error_line(capsys)
    assert line.startswith("tripeaks")
    assert expected in line, line


def test_a_deal_range_beyond_the_code_space_is_refused_before_any_work(capsys):
    t0 = time.perf_counter()
    assert main(["winrate", "--deals", "0-100000000000", "--jobs", "1"]) == 2
    assert time.perf_counter() - t0 < 5  # refused at once, not after building a list (the bug was a MemoryError)
    assert "code space" in one_error_line(capsys)


def test_deal_ranges_are_lazy_and_checked_against_the_code_space():
    tracemalloc.start()
    try:
        every = parse_deals("0-34359738367")  # the whole code space: 32^7 deals
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100_000  # bytes: ranges are kept, never a list of every deal
    assert len(every) == N_DEALS == 32**7 and every[-1] == N_DEALS - 1 and every[0] == 0
    assert N_DEALS - 1 in every and N_DEALS not in every
    assert str(every) == "0-34359738367"
    deals = parse_deals(" 500-502 , 7,0-1")
    assert list(deals) == [500, 501, 502, 7, 0, 1] and len(deals) == 6  # in the order given
    assert [deals[i] for i in range(-6, 6)] == list(deals) * 2
    assert deals[1:4] == [501, 502, 7]
    assert str(deals) == "500-502,7,0-1"
    with pytest.raises(IndexError):
        deals[6]
    for bad, reason in [
        ("34359738368", "space"),
        ("0-34359738368", "space"),
        ("5-1", "order"),
        ("1-3,3", "overlap"),
        ("x", "syntax"),
        ("", "syntax"),
        ("1-", "syntax"),
        ("+1", "syntax"),
        ("1.5", "syntax"),
    ]:
        with pytest.raises(DealRangeError) as info:
            parse_deals(bad)
        assert info.value.reason == reason and isinstance(info.value, ValueError), bad


def test_a_folder_that_cannot_be_created_is_one_line_and_no_work(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    t0 = time.perf_counter()
    assert main(["study", "--deals", "0-9999", "--out", str(blocker / "data"), "--jobs", "1"]) == 2
    assert time.perf_counter() - t0 < 5  # checked before the first deal is decided
    line = one_error_line(capsys)
    assert line.startswith("tripeaks study: error: The output folder ") and str(blocker / "data") in line
    assert main(["study", "--deals", "0-9999", "--out", str(blocker), "--lang", "fr"]) == 2
    assert one_error_line(capsys).startswith("tripeaks study\u00a0: erreur\u00a0: Le dossier de sortie ")


def test_an_interrupted_run_says_so_in_one_line(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "decide_deals", interrupted)
    assert main(["winrate", "--deals", "0-9", "--lang", "pt"]) == 130
    assert one_error_line(capsys) == "tripeaks winrate: interrompido"


@pytest.mark.parametrize("where", ["during", "at the end"])
def test_a_closed_pipe_stops_quietly(monkeypatch, capsys, where):
    """`tripeaks class-server --dry-run | head`: the reader goes away; no "error: Broken pipe"."""

    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    if where == "during":
        monkeypatch.setattr(cli, "decide_deals", closed)
    else:
        monkeypatch.setattr("builtins.print", closed)
    assert main(["winrate", "--deals", "0-1"]) == 141
    assert capsys.readouterr().err == ""


def test_the_real_command_line_prints_one_line_and_exits_2():
    run = subprocess.run(
        [sys.executable, "-m", "tripeaks", "winrate", "--deals", "0-100000000000"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and "code space" in run.stderr


def winrate_truth(rule: str, deals: str) -> tuple[int, int]:
    verdicts = [solve(f"TP1-{rule}-AAAAAA{c}").verdict for c in deals]
    return sum(v is Verdict.WINNABLE for v in verdicts), sum(v is Verdict.UNWINNABLE for v in verdicts)


def test_winrate_counts_and_interval(capsys):
    assert main(["winrate", "--rule", "classic", "--deals", "0-5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    wins, lost = winrate_truth("C", "ABCDEF")
    lo, hi = wilson(wins, 6)
    assert out[0] == "Rule Classic, deals 0-5: 6 deals."
    assert out[1] == "Solved with 1 job."
    assert out[2] == (
        f"Winnable: {wins} of 6 decided deals, {100 * wins / 6:.2f}% (95% Wilson interval {100 * lo:.2f}% to {100 * hi:.2f}%)."
    )
    assert out[3] == (f"{lost} deal cannot be won." if lost == 1 else f"{lost} deals cannot be won.")
    assert out[4] == "0 deals were not decided within the budget."
    assert out[5].endswith(" positions searched.") and out[6].startswith("Time: ")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_winrate_speaks_the_chosen_language(capsys, lang):
    assert main(["winrate", "--rule", "easy", "--deals", "3", "--jobs", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    nodes = solve("TP1-E-AAAAAAD").nodes
    if lang == "pt":
        assert out.startswith("Regra Fácil, distribuições 3: 1 distribuição.\nResolvido com 1 processo.\n")
        assert "Ganháveis: 1 de 1 distribuição decidida, 100,00% (intervalo de Wilson a 95%: " in out
        assert "0 distribuições não podem ser ganhas." in out  # pt_PT: 0 takes the plural
        assert f"{format_number(nodes, 'pt')} posições examinadas." in out
    else:
        assert out.startswith("Règle Facile, donnes 3\u00a0: 1 donne.\nCalcul effectué avec 1 processus.\n")
        assert "Gagnables\u00a0: 1 sur 1 donne résolue, 100,00\u00a0% (intervalle de Wilson à 95\u00a0%\u00a0: " in out
        assert "0 donne ne peut pas être gagnée." in out  # French: 0 takes the singular
        assert f"{format_number(nodes, 'fr')} positions examinées." in out
    assert "Rule" not in out and "deals" not in out


def test_winrate_with_two_processes_in_a_subprocess():
    run = subprocess.run(
        [sys.executable, "-m", "tripeaks", "winrate", "--rule", "easy", "--deals", "0-7", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    wins, _ = winrate_truth("E", "ABCDEFGH")
    assert f"Winnable: {wins} of 8 decided deals" in run.stdout
    assert "Solved with 2 jobs in parallel." in run.stdout


def test_decide_deals_keeps_the_order_on_several_processes():
    deals = parse_deals("0-40")
    one = [(r.deal, r.verdict) for r in decide_deals("C", deals, max_nodes=2000)]
    two = [(r.deal, r.verdict) for r in decide_deals("C", deals, max_nodes=2000, jobs=2)]
    assert [d for d, _ in one] == list(range(41)) and one == two


def test_wilson_and_deal_ranges():
    lo, hi = wilson(1457, 1500)
    assert lo < 1457 / 1500 < hi and 0.96 < lo and hi < 0.98
    lo, hi = wilson(8, 10)  # textbook value: 0.490–0.943
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(3, 2)
    assert list(parse_deals("0-3,7")) == [0, 1, 2, 3, 7]
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


@pytest.mark.parametrize(
    "command", [["solve", "TP1-E-AAAAAAB"], ["winrate", "--deals", "1"], ["study", "--deals", "1"]]
)
@pytest.mark.parametrize("lang", ["en", "pt", "fr", "es"])
def test_every_subcommand_takes_lang(tmp_path, capsys, command, lang):
    extra = ["--best-deals", "1", "--out", str(tmp_path), "--jobs", "1"] if command[0] == "study" else []
    assert main([*command, *extra, "--lang", lang]) == 0
    out = capsys.readouterr().out
    words = {
        "en": ("Easy", "Classic"),
        "pt": ("Fácil", "Clássica"),
        "fr": ("Facile", "Classique"),
        "es": ("Fácil", "Clásica"),
    }[lang]
    assert any(w in out for w in words), out
    others = [
        w
        for other, ws in {"en": ("Easy",), "pt": ("Fácil",), "fr": ("Facile",), "es": ("Fácil",)}.items()
        if other != lang and ws[0] not in words
        for w in ws
    ]
    assert not any(w in out for w in others), out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("usage: tripeaks solve", "find the line with the best score", "show this help message and exit")),
        ("pt", ("utilização: tripeaks solve", "procurar a solução com a melhor pontuação", "opções")),
        ("fr", ("utilisation\u00a0: tripeaks solve", "chercher la suite gagnante au meilleur score", "options")),
        ("es", ("uso: tripeaks solve", "buscar la solución con la mejor puntuación", "mostrar esta ayuda y salir")),
    ],
)
def test_help_follows_lang(capsys, lang, words):
    with pytest.raises(SystemExit) as done:
        main(["solve", "--lang", lang, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words), out
    assert lang == "en" or "find the line" not in out


ARGPARSE_ENGLISH = (
    "usage:",
    "positional arguments",
    "options:",
    "show this help message and exit",
    "error:",
    "the following arguments are required",
    "unrecognized arguments",
    "invalid choice",
    "choose from",
    "expected one argument",
    "ignored explicit argument",
    " command:",
)
"""argparse's own English words, which a command line in another language must not show."""

_HELP_COMMANDS = (["--help"], ["solve", "--help"], ["winrate", "--help"], ["study", "--help"], ["class-server", "-h"])
_BAD_COMMAND_LINES = (
    ["solve"],
    ["solve", "TP1-E-AAAAAAD", "--unknown"],
    ["solve", "TP1-E-AAAAAAD", "--rules"],
    ["solve", "TP1-E-AAAAAAD", "--best=3"],
    ["play"],
    ["winrate", "--scheduler", "tcp://x:1", "--dask"],
)


ALSO_THE_LANGUAGE_S = {"es": frozenset({"error:"})}
"""argparse words that are the language's own word too (Spanish *error*)."""


def english_argparse_words(text: str, lang: str = "en") -> list[str]:
    """The words of :data:`ARGPARSE_ENGLISH` that ``text`` (in ``lang``) shows."""
    return [w for w in ARGPARSE_ENGLISH if w in text and w not in ALSO_THE_LANGUAGE_S.get(lang, ())]


def test_english_argparse_words_are_found():
    assert english_argparse_words("usage: tripeaks\noptions:\n  -h, --help  show this help message and exit") == [
        "usage:",
        "options:",
        "show this help message and exit",
    ]
    assert english_argparse_words("utilisation\u00a0: tripeaks\noptions\u00a0:\n") == []
    assert english_argparse_words("tripeaks: error: falta el valor", "es") == []
    assert english_argparse_words("tripeaks: error: falta el valor", "pt") == ["error:"]


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
@pytest.mark.parametrize("command", _HELP_COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("where", ["before", "after"])
def test_help_has_no_english_argparse_words(capsys, lang, command, where):
    argv = ["--lang", lang, *command] if where == "before" else [*command, "--lang", lang]
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 3, out
    assert english_argparse_words(out, lang) == [], out
    if lang == "fr":  # argparse's headings get the French no-break space before their colon
        assert all(line[-2] in "\u00a0\u202f" for line in out.splitlines() if line.endswith(":")), out


_METAVAR = re.compile(r"^  (--[a-z-]+) ([^\s{][^\s]*)", re.MULTILINE)
"""An option and the placeholder of its value where ``--help`` lists it ("  --rules RÈGLES  …")."""


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
@pytest.mark.parametrize("command", _HELP_COMMANDS[1:], ids=lambda c: c[0])
def test_the_placeholders_of_option_values_are_in_the_language(capsys, lang, command):
    def placeholders(language: str) -> dict[str, str]:
        with pytest.raises(SystemExit):
            main([*command, "--lang", language])
        text = capsys.readouterr().out
        return dict(_METAVAR.findall(text))

    english, translated = placeholders("en"), placeholders(lang)
    assert english and set(english) == set(translated), (english, translated)
    for option, value in translated.items():
        key = english[option].lower()
        assert value == solver_text(f"cli.metavar.{key}", lang), (option, value)
    same = {v for o, v in translated.items() if v == english[o]}
    assert same <= SAME_WORD.get(lang, set()), same  # only words that are the language's own stay as in English


SAME_WORD = {"fr": {"PORT", "SECRET", "PAGES"}}
"""Placeholders written as in English because they are the language's own word too."""


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
@pytest.mark.parametrize("argv", _BAD_COMMAND_LINES, ids=" ".join)
def test_argparse_errors_follow_lang(capsys, lang, argv):
    assert main([*argv, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tripeaks"), err
    assert english_argparse_words(err, lang) == [], err
    assert main(argv) == 2  # and English without --lang, argparse's gettext put back
    assert english_argparse_words(capsys.readouterr().err) != []


def test_lang_before_the_command_is_the_language_of_the_output(capsys):
    assert main(["--lang", "fr", "solve", "TP1-E-AAAAAAD", "--max-nodes", "1"]) == 0
    french = capsys.readouterr().out
    assert main(["solve", "TP1-E-AAAAAAD", "--max-nodes", "1"]) == 0
    assert capsys.readouterr().out != french


def test_chosen_language_reads_lang_before_parsing():
    assert cli.chosen_language(["solve", "--lang", "pt", "-h"]) == "pt"
    assert cli.chosen_language(["solve", "--lang=es"]) == "es"
    assert cli.chosen_language(["solve", "--lang", "de"]) == "en"
    assert cli.chosen_language(["solve", "--lang"]) == "en"


def test_study_writes_csv(tmp_path, capsys):
    assert main(["study", "--deals", "0-3", "--best-deals", "0-1", "--out", str(tmp_path), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Rule Easy: 4 deals decided in " in out and "Rule Classic: the bot played 4 deals in " in out
    assert f"Written: {tmp_path / 'winnability.csv'}" in out
    rows = list(csv.DictReader(open(tmp_path / "winnability.csv")))
    assert len(rows) == 8 and {r["rule"] for r in rows} == {"E", "C"}
    for r in rows:
        truth = solve(f"TP1-{r['rule']}-AAAAAA{'ABCD'[int(r['deal'])]}").verdict.value
        assert r["verdict"] == truth
        assert r["bot_won"] in ("0", "1")
    scores = list(csv.DictReader(open(tmp_path / "best_scores.csv")))
    assert scores and all(int(s["best_score"]) == 772 - int(s["draws"]) for s in scores if s["best_score"])


@pytest.mark.parametrize("asked", [3, 64, 500, 10**6])
@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_jobs_beyond_the_processors_are_capped_with_a_message(monkeypatch, capsys, asked, lang):
    """Never hundreds of processes on a machine of a few cores: --jobs is capped, and said so."""
    import tripeaks.solver.study as study

    monkeypatch.setattr(cli, "usable_cpus", lambda: 2)
    pools: list[int] = []
    real = study.ProcessPoolExecutor

    def counted(max_workers=None, **kw):
        pools.append(max_workers)
        return real(max_workers=max_workers, **kw)

    monkeypatch.setattr(study, "ProcessPoolExecutor", counted)
    monkeypatch.setattr(study, "usable_cpus", lambda: 2)
    assert main(["winrate", "--deals", "0-3", "--jobs", str(asked), "--no-progress", "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert str(asked) in err and "2" in err and err.strip().startswith(f"--jobs {asked}")
    assert pools and max(pools) <= 2


def test_jobs_within_the_processors_say_nothing(monkeypatch, capsys):
    monkeypatch.setattr(cli, "usable_cpus", lambda: 4)
    assert main(["winrate", "--deals", "0-1", "--jobs", "1", "--no-progress"]) == 0
    assert "--jobs" not in capsys.readouterr().err


def test_a_library_caller_asking_for_many_jobs_gets_at_most_the_processors(monkeypatch):
    import tripeaks.solver.study as study

    pools: list[int] = []
    real = study.ProcessPoolExecutor
    monkeypatch.setattr(study, "ProcessPoolExecutor", lambda max_workers=None: pools.append(max_workers) or real(1))
    results = list(study.decide_deals("E", range(4), max_nodes=2000, jobs=400))
    assert len(results) == 4 and pools == [min(400, study.usable_cpus())]
