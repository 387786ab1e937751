#!/usr/bin/env bash
# The README's test command: install everything the tests need, then run them all.
#   bash tests/run.sh [pytest arguments]
# - Python packages go into ./.venv (created here unless a virtual env is already active),
#   so nothing depends on what was installed by hand.
# - Browser tests need Debian's chromium at /usr/bin/chromium; as root we install it.
# - The solver's optional compiled core needs a C compiler (cc); as root we install Debian's gcc.
# - The app's CSS and JavaScript (tripeaks/app/static) are linted by Biome, which npm installs
#   into ./node_modules from package-lock.json; as root we install Debian's nodejs and npm if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "warning: /usr/bin/chromium is missing; install Debian's chromium (or the browser tests are skipped)" >&2
  fi
fi
# The optional compiled search core is built by the install below when a C compiler is present, and
# its tests then compare it with the pure-Python search; as root we install Debian's gcc if missing
# (without one, everything still runs, on the pure-Python search).
if ! command -v cc >/dev/null && [ -z "${TRIPEAKS_PURE_PYTHON:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null
  else
    echo "warning: no C compiler (cc): the solver's compiled core is not built, its tests are skipped" >&2
  fi
fi
if [ -z "${VIRTUAL_ENV:-}" ]; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  # shellcheck disable=SC1091
  . .venv/bin/activate
fi
python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
python -m pip install -q -e ".[test]"
python -m ruff check tripeaks tests benchmarks config tools
python -m ruff format --check tripeaks tests benchmarks config tools
python -m mypy
lint-imports --no-cache
if ! command -v npm >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
  else
    echo "error: npm is missing; install Node.js and npm (Debian: apt-get install nodejs npm)" >&2
    exit 1
  fi
fi
npm ci --no-audit --no-fund --silent
node_modules/.bin/biome ci --error-on-warnings
# One pytest worker per core (pytest-xdist); an idle worker takes tests queued for a busy one
# (worksteal), so the slow browser tests do not end the run on one worker.
# `bash tests/run.sh -n 0` runs everything in one process.
exec python -m pytest -n "${PYTEST_WORKERS:-auto}" --dist worksteal "$@"
