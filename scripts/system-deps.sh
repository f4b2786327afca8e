#!/usr/bin/env bash
# System packages the tests need: Debian's Chromium (browser tests) and PostgreSQL (storage tests).
# Idempotent: does nothing when both are present; installs them with apt-get when we are root.
set -euo pipefail

have_chromium() { [ -x /usr/bin/chromium ]; }
have_initdb() { command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; }

if have_chromium && have_initdb; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "system-deps: chromium and/or postgresql are missing and we are not root;" \
       "install them with: sudo apt-get install -y --no-install-recommends chromium postgresql" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: no apt-get here; install chromium and postgresql by hand" >&2
  exit 0
fi
echo "system-deps: installing chromium and postgresql (apt-get)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium postgresql >/dev/null
