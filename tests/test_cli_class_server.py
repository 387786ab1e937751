"""``python -m tripeaks class-server``: one command for a lesson on the local network."""

from __future__ import annotations

import argparse
import re
import stat
from pathlib import Path

import pytest

from tripeaks.cli import SECRET_FILE, class_server_plan, main
from tripeaks.history.class_results import ENV_TEACHER_SECRET, ClassStore
from tripeaks.i18n.solver import solver_text


def _args(db: Path, **given: object) -> argparse.Namespace:
    options: dict[str, object] = {"port": 8866, "local": False, "secret": None, "lang": "en", "dry_run": False}
    return argparse.Namespace(db=str(db), **{**options, **given})


def test_the_plan_makes_the_folder_and_the_secret_and_prints_both_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "class" / "3B" / "results.sqlite"
    _command, env, lines = class_server_plan(_args(db))
    out = "\n".join(lines)
    secret = (db.parent / SECRET_FILE).read_text().strip()
    assert env[ENV_TEACHER_SECRET] == secret
    assert len(secret) >= 12 and stat.S_IMODE((db.parent / SECRET_FILE).stat().st_mode) == 0o600
    assert "/voila/render/tripeaks.ipynb" in out and f"class_results.ipynb?secret={secret}" in out
    assert "TCP port 8866" in out and "localhost" not in out and "Ctrl-C" in out
    assert ClassStore(db).available
    assert main(["class-server", "--db", str(db), "--dry-run", "--local"]) == 0  # the same secret again
    again = capsys.readouterr().out
    assert f"secret={secret}" in again and "http://localhost:8866/" in again and "firewall" not in again


@pytest.mark.parametrize("lang", ["en", "pt", "fr", "es"])
@pytest.mark.parametrize("given", [None, "a-teacher-secret"])
def test_a_dry_run_makes_nothing_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, given: str | None
) -> None:
    names = tmp_path / "names.txt"
    names.write_text("Chloé\nAna\n", encoding="utf-8")
    db = tmp_path / "class" / "results.sqlite"
    argv = ["class-server", "--db", str(db), "--dry-run", "--lang", lang, "--class-list", str(names)]
    assert main([*argv, *(["--secret", given] if given else [])]) == 0
    out = capsys.readouterr().out
    assert not db.parent.exists()  # no folder, no database, no secret file
    assert solver_text("class.dry_run", lang) in out and "--Voila.ip=0.0.0.0" in out
    assert solver_text("class.database_new", lang, path=str(db)) in out
    if given:
        assert f"class_results.ipynb?secret={given}" in out
    else:
        assert solver_text("class.teacher_new", lang) in out and "secret=" not in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--port", "80"],
        ["--port", "eighty"],
        ["--kernels", "-1"],
        ["--kernels", "many"],
        ["--kernels", "201"],
        ["--secret", "short"],
        ["--secret", "has spaces in it"],
    ],
)
def test_bad_arguments_say_why_and_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    db = tmp_path / "new" / "results.sqlite"
    assert main(["class-server", "--db", str(db), "--dry-run", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tripeaks") and len(err.strip().splitlines()) == 1
    assert not db.parent.exists()  # nothing made


def test_a_folder_given_as_the_database_is_refused_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["class-server", "--db", str(tmp_path), "--dry-run", "--lang", "pt"]) == 2
    assert "é uma pasta" in capsys.readouterr().err


def test_a_class_list_file_is_stored_for_the_students_to_pick_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = tmp_path / "3B.txt"
    names.write_text("\ufeffChloé\r\n\r\n  chloé \r\nRobert'); DROP TABLE games;--\r\n", encoding="utf-8")
    db = tmp_path / "class" / "results.sqlite"
    _command, _env, lines = class_server_plan(_args(db, class_list=str(names)))
    assert "Names on it: 2." in "\n".join(lines)
    assert ClassStore(db).class_list() == ["Chloé", "Robert'); DROP TABLE games;--"]


@pytest.mark.parametrize(
    ("content", "said"),
    [(b"Ana\nBe\tatriz\n", "line 2 of the class list"), (b"\xff\xfeA\x00", "cannot be read"), (None, "cannot be read")],
)
def test_a_class_list_that_cannot_be_used_says_why_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, said: str
) -> None:
    names = tmp_path / "names.txt"
    if content is not None:
        names.write_bytes(content)
    db = tmp_path / "new" / "results.sqlite"
    assert main(["class-server", "--db", str(db), "--dry-run", "--class-list", str(names)]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not db.parent.exists()  # nothing made


@pytest.mark.parametrize(("argv", "kept"), [([], 2), (["--kernels", "12"], 12), (["--kernels", "0"], 0)])
def test_kernels_sets_how_many_students_pages_voila_keeps_ready_and_says_their_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], kept: int
) -> None:
    db = tmp_path / "class" / "results.sqlite"
    assert main(["class-server", "--db", str(db), "--dry-run", *argv]) == 0
    out = capsys.readouterr().out
    pools = [part for part in out.split() if part.startswith("--VoilaConfiguration.default_pool_size=")]
    assert pools == [f"--VoilaConfiguration.default_pool_size={kept}"]  # after config/voila.py: it wins
    memory = f"{kept * 110 / 1000:.1f}"
    assert solver_text("class.kernels_ready", "en", count=kept, memory=memory) in out


def test_the_command_and_the_teachers_docs_give_the_same_measured_waits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ready page shows the game in about 3 s, one built on the spot in about 16-19 s (measured):
    the command said "a few seconds more", the docs "15-20 seconds"."""
    assert main(["class-server", "--db", str(tmp_path / "results.sqlite"), "--dry-run"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    ready, built = re.search(r"in about (\d+) s; when none is left, in about (\d+–\d+) s", out).groups()  # type: ignore[union-attr]
    assert (ready, built) == ("3", "16–19")
    docs = Path(__file__).resolve().parents[1] / "docs" / "teach"
    live = " ".join((docs / "lesson-live.md").read_text(encoding="utf-8").split())
    assert f"in about {ready} seconds" in live and f"for about {built} seconds" in live
    index = " ".join((docs / "index.md").read_text(encoding="utf-8").split())
    assert f"about {built} s of Voila's spinner instead of {ready} s" in index
    config = (Path(__file__).resolve().parents[1] / "config" / "voila.py").read_text(encoding="utf-8")
    assert f"({ready} s instead of {built.replace('–', '-')} s" in config


@pytest.mark.parametrize(("free_mb", "warned"), [(None, False), (16000, False), (1000, True)])
def test_more_kernels_than_free_memory_is_said(tmp_path: Path, free_mb: int | None, warned: bool) -> None:
    db = tmp_path / "class" / "results.sqlite"
    args = _args(db, kernels=30, dry_run=True, lang="fr")
    _command, _env, lines = class_server_plan(args, available_mb=lambda: free_mb)
    out = "\n".join(lines)
    assert solver_text("class.kernels_ready", "fr", count=30, memory="3,3") in out
    assert (solver_text("class.kernels_memory", "fr", free="1,0") in out) is warned


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_stopped_class_server_command_stops_its_server_too(tmp_path, signame):
    """`kill` (or a closed terminal) sent to `tripeaks class-server` alone left Voila, its kernels and
    its port running: the signal must reach the server."""
    import os
    import signal
    import subprocess
    import sys
    import time

    pid_file = tmp_path / "server.pid"
    server = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(120)"
    runner = (
        "import sys; from tripeaks.cli import run_server; "
        f"sys.exit(run_server([sys.executable, '-c', {server!r}], dict(__import__('os').environ)))"
    )
    command = subprocess.Popen([sys.executable, "-c", runner])
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text()):
            assert time.monotonic() < deadline, "the server never started"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        os.kill(command.pid, getattr(signal, signame))
        assert command.wait(timeout=30) == 0  # stopped as asked: not an error
        deadline = time.monotonic() + 10
        while True:  # the server is gone too (reaped by the command, so no zombie either)
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, "the server outlived the command"
            time.sleep(0.05)
    finally:
        if command.poll() is None:
            command.kill()


@pytest.mark.parametrize("lang", ["en", "pt", "fr", "es"])
@pytest.mark.parametrize("local", [True, False])
def test_a_port_another_server_holds_is_refused_before_any_link_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, local: bool
) -> None:
    # Voila would have moved to the next free port, and the links printed (the teacher's with its secret)
    # would have sent everyone to the other server.
    import socket

    import tripeaks.cli as cli

    monkeypatch.setattr(cli, "run_server", lambda *_a, **_k: pytest.fail("the server was started"))
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1" if local else "0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        given = ["class-server", "--db", str(tmp_path / "c" / "r.sqlite"), "--port", str(port), "--lang", lang]
        assert main(given + (["--local"] if local else [])) == 2
    finally:
        holder.close()
    captured = capsys.readouterr()
    assert solver_text("class.port_busy", lang, port=str(port)) in captured.err
    assert "secret=" not in captured.out and "http://" not in captured.out


def test_the_server_is_told_never_to_move_to_another_port(tmp_path: Path) -> None:
    command, _env, lines = class_server_plan(_args(tmp_path / "r.sqlite", port=8871))
    assert "--port=8871" in command and "--Voila.port_retries=0" in command
    assert any(":8871/" in line for line in lines)


def _class_server_command(tmp_path: Path) -> tuple[list[str], int]:
    import socket
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = ["class-server", "--local", "--port", str(port), "--db", str(tmp_path / "class.sqlite"), "--kernels", "2"]
    return [sys.executable, "-m", "tripeaks", *args], port


def _ctrl_c(command: list[str], port: int, *, after: float) -> tuple[int, str]:
    """Start ``command`` as a terminal's foreground group, send that group a Ctrl-C ``after`` seconds
    from its printing the links, and return its exit status and stderr once it ended; the port must
    then be free (no server left)."""
    import os
    import signal
    import socket
    import subprocess
    import time

    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a terminal's foreground group of its own
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:  # the links are printed just before the server starts
            if "http://" in line:
                break
        time.sleep(after)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    with socket.socket() as again:  # the port is free: no server left
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
    return process.returncode, err


@pytest.mark.skipif(not hasattr(__import__("os"), "killpg"), reason="POSIX process groups")
@pytest.mark.parametrize(
    "after",
    [
        0.0,
        1.5,
        pytest.param(
            6.0,
            marks=pytest.mark.xfail(
                reason="open: a waiting kernel still running the notebook when Voila shuts it down can print "
                "its ZMQError traceback (seen on a busy machine); the server still stops cleanly",
                strict=False,
            ),
        ),
    ],
)
def test_ctrl_c_soon_after_the_start_stops_without_a_traceback(tmp_path: Path, after: float) -> None:
    """Ctrl-C a few seconds after `tripeaks class-server` started its server (Voila importing, its
    kernels starting) printed a kernel's ZMQError or a KeyboardInterrupt traceback: the terminal sent
    it to the whole group.  Here it goes to the group as a terminal sends it, counted from the moment
    the links are printed (whatever the machine's load); the command stops cleanly, as asked (0),
    leaving no server behind."""
    command, port = _class_server_command(tmp_path)
    status, err = _ctrl_c(command, port, after=after)
    assert status == 0
    assert "Traceback" not in err and "ZMQError" not in err and "KeyboardInterrupt" not in err, err[-2000:]
