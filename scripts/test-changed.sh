#!/usr/bin/env bash
# The minute-by-minute loop: the unit tests related to what changed since main (committed or not),
# and the end-to-end specs that changed or whose area changed, against a current build.
# `npm run test:changed -- <git ref>` compares with another ref than main.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

ensure_dependencies
base=$(git merge-base HEAD "${1:-main}" 2>/dev/null || git rev-parse HEAD)
changed=$( (git diff --name-only "$base"; git ls-files --others --exclude-standard) | sort -u)
if [ -z "$changed" ]; then
  echo "Nothing changed since ${1:-main}."
  exit 0
fi

echo "== unit tests related to the change (vitest --changed $base)"
vitest run --changed "$base" --passWithNoTests

# A spec is related when it changed, or when the area it tests changed: its name's first word is
# a folder or file name in the changed paths (events.spec.ts for app/(site)/events/…).
specs=()
for spec in tests/e2e/*.spec.ts; do
  name=$(basename "$spec" .spec.ts)
  area=${name%%-*}
  if grep -qxF "$spec" <<<"$changed" || grep -qE "(^|/|\()${area}s?(/|\)|\.|-|$)" <<<"$changed"; then
    specs+=("$spec")
  fi
done
if grep -qE '^tests/e2e/support/|^playwright\.config\.ts$' <<<"$changed"; then
  echo "The end-to-end support files changed: run them all with npm run test:e2e."
fi
if [ ${#specs[@]} -eq 0 ]; then
  echo "No end-to-end spec relates to the change."
  exit 0
fi
echo "== end-to-end specs related to the change: ${specs[*]}"
ensure_chromium
export NEXT_DIST_DIR=.next-test
if build_is_current; then echo "build is current"; else build_site; fi
playwright test "${specs[@]}"
