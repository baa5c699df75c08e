#!/usr/bin/env bash
# Runs every test: type check, the server's black-box tests on SQLite (and again on
# PostgreSQL when TEST_DATABASE_URL is set), the web app's bundle budget and component tests,
# and the end-to-end tests in Chromium. Installs what it needs first. Every suite runs even when
# an earlier one fails; the last line sums them up.
set -uo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
failed_steps=()

step() {
  local name=$1; shift
  echo
  echo "=== $name"
  "$@" || failed_steps+=("$name")
}

# Dependencies: install when missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "=== npm install"
  npm install --no-audit --no-fund || { echo "npm install failed"; exit 1; }
fi

# Chromium for Playwright: the system's, never a download at test time.
chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "=== installing Chromium (apt-get install chromium)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || true
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    echo "=== installing Chromium (sudo apt-get install chromium)"
    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || true
  fi
fi

step "type check" npx tsc --noEmit
# The SQLite pass runs without TEST_DATABASE_URL (else it would be a second PostgreSQL pass);
# tests that move data between the two databases find PostgreSQL as TEST_POSTGRES_URL.
step "server tests (SQLite)" env -u TEST_DATABASE_URL TEST_POSTGRES_URL="${TEST_DATABASE_URL:-}" \
  npx vitest run --project server --reporter=default --reporter=json --outputFile="$results/server-sqlite.json"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests (PostgreSQL)" npx vitest run --project server --reporter=default --reporter=json --outputFile="$results/server-postgres.json"
else
  echo; echo "=== server tests (PostgreSQL): skipped, set TEST_DATABASE_URL=postgres://... to run them"
fi
[ -n "${TEST_REDIS_URL:-}" ] || echo "    (rate limits shared through Redis: skipped, set TEST_REDIS_URL=redis://... to run them)"
step "web bundle size" npm run -s check:bundle
step "web component tests" npx vitest run --project web --reporter=default --reporter=json --outputFile="$results/web.json"
if [ -x "$chromium_path" ]; then
  step "end-to-end tests (Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" CHROMIUM_PATH="$chromium_path" \
    npx playwright test --reporter=list,json
else
  echo
  echo "=== end-to-end tests: Chromium is not installed at $chromium_path."
  echo "    Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH), then run npm test again."
  failed_steps+=("end-to-end tests (no Chromium)")
fi

echo
node scripts/summarise-tests.mjs "$results"
if [ ${#failed_steps[@]} -gt 0 ]; then
  printf 'Failed: %s\n' "${failed_steps[@]}"
  exit 1
fi
