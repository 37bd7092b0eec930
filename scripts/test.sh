#!/usr/bin/env bash
# `npm test`: the build; typecheck, lint, import cycles, unused code (knip) and the production start side by
# side; Vitest (unit and server integration); then Playwright e2e in Debian's Chromium against the built app
# and a real server on a temporary data dir.
set -euo pipefail
cd "$(dirname "$0")/.."

need_pkgs=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need_pkgs+=(chromium)
if ! { command -v fc-list >/dev/null && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; }; then need_pkgs+=(fonts-noto-cjk); fi
# The server suite also runs on PostgreSQL, and the scale-out tests need Redis and an MQTT broker: each
# test run starts private instances of them (scripts/localServices.ts), never the system's.
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || need_pkgs+=(postgresql)
command -v redis-server >/dev/null || need_pkgs+=(redis-server)
{ command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ]; } || need_pkgs+=(mosquitto)
# Gateways in the MQTT downtime test publish with the real mosquitto_pub.
command -v mosquitto_pub >/dev/null || need_pkgs+=(mosquitto-clients)
# /metrics is checked with promtool (Debian's prometheus; the test never starts the Prometheus service),
# and the cluster tests put Debian's nginx in front of the instances.
command -v promtool >/dev/null || need_pkgs+=(prometheus)
{ command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; } || need_pkgs+=(nginx-light)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing ${need_pkgs[*]} with apt (needed for the browser, PostgreSQL, Redis and MQTT tests)…"
    apt-get update -qq
    # policy-rc.d answering 101: the packages' services (prometheus, nginx) are installed, never started
    own_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && own_policy=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
    if [ "$own_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  else
    echo "The tests need Debian's packages: ${need_pkgs[*]}." >&2
    echo "Install them (apt-get install -y ${need_pkgs[*]}) or run this command as root." >&2
    exit 1
  fi
fi

mkdir -p screenshots
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

# The checks below are single-threaded and the production start mostly waits on the registry, so they
# run side by side on the machine's cores; each step's output is printed whole when it is done.
declare -A pids
# step NAME TITLE COMMAND...: runs one step in the background, its output kept in $logs/NAME.
step() {
  local name=$1 title=$2
  shift 2
  (
    echo "== $title"
    start=$SECONDS
    if "$@"; then echo "   ($((SECONDS - start)) s)"; else echo "   FAILED ($((SECONDS - start)) s)"; exit 1; fi
  ) >"$logs/$name" 2>&1 &
  pids[$name]=$!
}
# finish NAME...: waits for the steps, prints their output in the order given, fails if one failed.
finish() {
  local failed=0
  for name in "$@"; do
    wait "${pids[$name]}" || failed=1
    cat "$logs/$name"
  done
  return $failed
}

echo "== build"
npx vite build --logLevel warn
step prod "production start (npm ci --omit=dev, then npm start)" node tests/prod/productionStart.mjs
# ESLint (type-aware) is the longest of these, so the format check (`npm run lint` is both)
# runs after the type lane's steps instead of after ESLint: both lanes then end at about the same time.
step types "typecheck (tsc -b: domain, worker, browser, server and test worlds), then import cycles, unused files, exports and dependencies (knip.jsonc names the entry points), then the format" \
  bash -c 'npm run --silent typecheck && npm run --silent cycles && npm run --silent knip && npm run --silent format:check'
step lint "lint" npm run --silent lint:code
finish types lint prod

echo "== unit and server tests (the server suite on SQLite and on PostgreSQL)"
npx vitest run
echo "== e2e"
npx playwright test
