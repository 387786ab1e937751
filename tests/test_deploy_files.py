"""The files of the class server and of the deployment guide (docs/deploy.md), checked without a
container engine: environment.yml's rules for repo2docker, every YAML/JSON file and code block
parsed, and the Helm values pointing at things that exist."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader
from traitlets.utils.importstring import import_item

from tripeaks.history.class_results import ENV_CHALLENGE, ENV_DB, ENV_JOURNAL

tomllib = pytest.importorskip("tomllib")  # Python ≥ 3.11

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
GUIDE = REPO / "docs" / "deploy.md"
CONFIG_YAML = DEPLOY / "z2jh" / "config.yaml"

# conda-forge names that differ from the PyPI names of pyproject.toml (none today).
CONDA_NAME = {"pypi-name": "conda-name"}


def canonical(name: str) -> str:
    """A package name compared the PyPI way (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def split_requirement(text: str) -> tuple[str, str]:
    """``"matplotlib>=3.7"`` → ``("matplotlib", ">=3.7")``."""
    m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", text)
    assert m, text
    return canonical(m.group(1)), m.group(2).replace(" ", "")


def environment() -> dict[str, Any]:
    data = yaml.safe_load((REPO / "environment.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def pyproject() -> dict[str, Any]:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ environment.yml for repo2docker
def test_environment_takes_packages_from_conda_forge_only() -> None:
    env = environment()
    assert env["channels"] == ["conda-forge", "nodefaults"]
    for dep in env["dependencies"]:
        if isinstance(dep, str):
            assert "::" not in dep or dep.startswith("conda-forge::"), dep  # no other channel per package
            assert "://" not in dep and not dep.startswith(("/", ".")), dep  # no URL, no local file


def test_environment_installs_the_package_by_pip_editable_and_nothing_else_from_pip() -> None:
    deps = environment()["dependencies"]
    pip_sections = [d for d in deps if isinstance(d, dict)]
    assert len(pip_sections) == 1 and list(pip_sections[0]) == ["pip"]
    assert pip_sections[0]["pip"] == ["-e ."]
    assert "pip" in deps  # pip itself comes from conda-forge


def test_environment_pins_python_as_repo2docker_reads_it_within_the_packages_range() -> None:
    pins = [d for d in environment()["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert len(pins) == 1
    # repo2docker's own pattern (buildpacks/conda: PYTHON_REGEX), which wants x.y
    m = re.match(r"python\s*=+\s*([\d\.]*)", pins[0])
    assert m and re.fullmatch(r"3\.\d+", m.group(1)), f"{pins[0]!r}: pin python as python=3.X for repo2docker"
    minimum = pyproject()["project"]["requires-python"]
    low = re.fullmatch(r">=\s*3\.(\d+)", minimum)
    assert low and int(m.group(1).split(".")[1]) >= int(low.group(1))


def test_environment_lists_the_runtime_dependencies_of_pyproject() -> None:
    conda = {}
    for dep in environment()["dependencies"]:
        if isinstance(dep, str):
            name, spec = split_requirement(dep.removeprefix("conda-forge::"))
            if name not in ("python", "pip"):
                conda[name] = spec
    runtime = dict(split_requirement(r) for r in pyproject()["project"]["dependencies"])
    expected = {CONDA_NAME.get(name, name): spec for name, spec in runtime.items()}
    assert conda == expected  # the same names and the same version ranges


# ------------------------------------------------------------------ the guide's files parse
def deploy_files() -> list[Path]:
    return sorted(p for p in DEPLOY.rglob("*") if p.is_file())


def test_the_guide_names_every_deploy_file_and_they_exist() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    files = deploy_files()
    assert files, "deploy/ is empty"
    for path in files:
        assert str(path.relative_to(REPO)) in guide, f"docs/deploy.md does not mention {path.relative_to(REPO)}"
    for named in re.findall(r"`(deploy/[^`\s]+)`", guide):
        assert (REPO / named).exists(), named


@pytest.mark.parametrize("path", deploy_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_deploy_file_parses(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".yaml", ".yml"):
        documents = [d for d in yaml.safe_load_all(text) if d is not None]
        assert documents and all(isinstance(d, dict) for d in documents)
    elif path.suffix == ".json":
        assert isinstance(json.loads(text), dict)
    elif path.name.startswith("Dockerfile"):
        lint_dockerfile(text)
    else:
        pytest.fail(f"no check for {path.name}: add one")


DOCKER_INSTRUCTIONS = {
    "FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER", "WORKDIR",
    "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
}  # fmt: skip


def lint_dockerfile(text: str) -> None:
    """A Dockerfile as text: it starts with FROM (after ARGs) and every instruction is one Docker knows."""
    instructions = []
    continued = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not continued:
            instructions.append(stripped.split()[0].upper())
        continued = stripped.endswith("\\")
    assert instructions, "empty Dockerfile"
    assert set(instructions) <= DOCKER_INSTRUCTIONS, set(instructions) - DOCKER_INSTRUCTIONS
    assert [i for i in instructions if i != "ARG"][0] == "FROM"


def test_the_dockerfile_lint_finds_mistakes() -> None:
    lint_dockerfile('ARG BASE=python:3.11\nFROM ${BASE}\nRUN pip install \\\n  -e .\nCMD ["voila"]\n')
    with pytest.raises(AssertionError):
        lint_dockerfile("FROM python:3.11\nRUNN pip install .\n")
    with pytest.raises(AssertionError):
        lint_dockerfile("RUN echo no base image\n")


def code_blocks() -> list[tuple[int, str, str]]:
    """(line, language, code) of every fenced block in docs/deploy.md."""
    blocks = []
    for m in re.finditer(r"^```(\w*)\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.M | re.S):
        line = GUIDE.read_text(encoding="utf-8")[: m.start()].count("\n") + 1
        blocks.append((line, m.group(1), m.group(2)))
    return blocks


@pytest.mark.parametrize(("line", "lang", "code"), code_blocks(), ids=lambda v: str(v) if isinstance(v, int) else "")
def test_every_code_block_of_the_guide_is_well_formed(line: int, lang: str, code: str) -> None:
    if lang in ("bash", "sh", "shell"):
        if shutil.which("bash") is None:
            pytest.skip("bash is not installed")
        out = subprocess.run(["bash", "-n"], input=code, capture_output=True, text=True, timeout=30)
        assert out.returncode == 0, f"docs/deploy.md line {line}: {out.stderr}"
    elif lang in ("yaml", "yml"):
        yaml.safe_load(code)
    elif lang == "json":
        json.loads(code)
    elif lang.lower() == "dockerfile":
        lint_dockerfile(code)
    else:
        pytest.fail(f"docs/deploy.md line {line}: a code block without a language this test can check ({lang!r})")


def test_the_guide_has_code_blocks_to_check() -> None:
    assert {lang for _, lang, _ in code_blocks()} >= {"bash"}


# ------------------------------------------------------------------ the Helm values point at real things
def values() -> dict[str, Any]:
    data = yaml.safe_load(CONFIG_YAML.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_students_land_on_the_app_in_voila() -> None:
    url = values()["singleuser"]["defaultUrl"]
    prefix = "/voila/render/"
    assert url.startswith(prefix)
    assert (REPO / url.removeprefix(prefix)).is_file(), url
    assert url.endswith("notebooks/tripeaks.ipynb")


def test_the_class_database_is_on_the_shared_volume() -> None:
    single = values()["singleuser"]
    env = single["extraEnv"]
    assert set(env) <= {ENV_DB, ENV_JOURNAL, ENV_CHALLENGE}
    db = Path(env[ENV_DB])
    assert env[ENV_JOURNAL] in ("wal", "delete")
    mounts = {m["name"]: m["mountPath"] for m in single["storage"]["extraVolumeMounts"]}
    claims = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in single["storage"]["extraVolumes"]}
    holding = [name for name, path in mounts.items() if db.parent == Path(path)]
    assert len(holding) == 1, f"no volume is mounted at {db.parent}"
    pvc = yaml.safe_load((DEPLOY / "z2jh" / "class-results-pvc.yaml").read_text(encoding="utf-8"))
    assert pvc["kind"] == "PersistentVolumeClaim"
    assert claims[holding[0]] == pvc["metadata"]["name"]


def test_culling_is_on_for_servers_and_for_kernels() -> None:
    v = values()
    assert v["cull"]["enabled"] is True and isinstance(v["cull"]["timeout"], int)
    files = v["singleuser"]["extraFiles"]
    server_config = [f for f in files.values() if f["mountPath"].endswith("jupyter_server_config.json")]
    assert len(server_config) == 1
    kernels = server_config[0]["data"]["MappingKernelManager"]
    assert isinstance(kernels["cull_idle_timeout"], int) and isinstance(kernels["cull_interval"], int)
    assert 0 < kernels["cull_interval"] < kernels["cull_idle_timeout"]
    assert kernels["cull_connected"] is False


# ------------------------------------------------------------------ the standalone class server
def test_the_voila_class_config_loads_and_names_a_real_kernel_manager() -> None:
    config = PyFileConfigLoader("voila.py", str(REPO / "config")).load_config()
    voila = config.VoilaConfiguration
    assert voila.preheat_kernel is True and voila.default_pool_size >= 1
    manager = import_item(voila.multi_kernel_manager_class)
    assert manager.__module__ == "tripeaks.app.server"
    kernels = config.MappingKernelManager
    assert 0 < kernels.cull_interval < kernels.cull_idle_timeout
    assert kernels.cull_connected is False
    assert config.Voila.tornado_settings == {"disable_check_xsrf": True}


def test_the_teachers_docs_say_when_a_closed_tabs_game_is_recorded_as_configured() -> None:
    """A tab closed without a word: its kernel is culled after cull_idle_timeout plus at most two
    cull rounds (tripeaks/app/server.py), and the docs say so in minutes; 2 minutes at most
    idle, so the teacher sees the game soon after (it took 5 minutes and more)."""
    kernels = PyFileConfigLoader("voila.py", str(REPO / "config")).load_config().MappingKernelManager
    assert kernels.cull_idle_timeout <= 120
    low, high = kernels.cull_idle_timeout / 60, (kernels.cull_idle_timeout + 2 * kernels.cull_interval) / 60
    said = f"{low:g} to {high:g} minutes"
    for page in ("lesson-live.md", "index.md"):
        text = " ".join((REPO / "docs" / "teach" / page).read_text(encoding="utf-8").split())
        assert said in text, (page, said)


def test_the_xsrf_check_turned_off_guards_only_requests_that_need_a_kernels_id() -> None:
    """What docs/teach/index.md and config/voila.py say of ``disable_check_xsrf``: on the class
    server (no token), the requests the check would guard are the two that stop a kernel by its id."""
    import inspect

    import tornado.web
    from voila.app import Voila

    app = Voila()
    app.initialize(["--Voila.config_file_paths=config", "--no-browser", "--VoilaConfiguration.preheat_kernel=False",
                    str(REPO / "notebooks")])  # fmt: skip
    app.server_url = app.base_url = "/"
    app.init_settings()
    assert app.tornado_settings == {"disable_check_xsrf": True} and app.identity_provider.token == ""
    guarded = {}
    for pattern, handler, *_ in app.init_handlers():
        for method in ("post", "put", "delete", "patch"):
            if getattr(handler, method) is not getattr(tornado.web.RequestHandler, method):
                guarded[pattern, method.upper()] = list(inspect.signature(getattr(handler, method)).parameters)
    assert guarded == {
        (r"/api/kernels/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)", "DELETE"): ["self", "kernel_id"],
        ("/voila/api/shutdown/(.*)", "POST"): ["self", "kernel_id"],
    }
    said = " ".join((REPO / "docs" / "teach" / "index.md").read_text(encoding="utf-8").split())
    assert "`DELETE /api/kernels/ID` and `POST /voila/api/shutdown/ID`" in said
    assert "JupyterHub's servers do not read `config/voila.py`: there the check stays on" in said
    assert "xsrf" not in CONFIG_YAML.read_text(encoding="utf-8").lower()  # as the docs say: the hub keeps it


def test_the_readme_launch_command_uses_the_class_config() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = (
        "python3 -m venv .venv && .venv/bin/pip install -e . && "
        ".venv/bin/voila --Voila.config_file_paths=config notebooks/tripeaks.ipynb"
    )
    assert command in readme


def test_voila_waits_for_the_apps_output_on_a_busy_computer() -> None:
    """nbclient's 4 s for a cell's output drops the app from the page when the kernel is slow."""
    from nbclient import NotebookClient

    config = PyFileConfigLoader("voila.py", str(REPO / "config")).load_config()
    waited = config.VoilaExecutor.iopub_timeout
    assert isinstance(waited, int) and waited >= 60 > NotebookClient.iopub_timeout.default_value
