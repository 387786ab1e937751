#!/usr/bin/env bash
# Install everything the tests need, then run them all (the README's test command).
# Browser tests need Debian's chromium at /usr/bin/chromium; as root we install it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "warning: /usr/bin/chromium is missing; install Debian's chromium for the browser tests" >&2
  fi
fi
python3 -m pip install -q -e ".[test]"
python3 -m ruff check tripeaks tests benchmarks
python3 -m mypy
exec python3 -m pytest "$@"
