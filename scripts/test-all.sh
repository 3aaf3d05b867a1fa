#!/usr/bin/env bash
# Runs every test of the project on a fresh clone: installs what it needs, then lint, types,
# unit and component tests, a production build, the end-to-end tests in Chromium, and the WebKit
# lane (the member's flows at a phone's width in WebKitGTK).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

ensure_dependencies
ensure_chromium
ensure_webkit
ensure_deploy_tools
mkdir -p .reports

# Each step's minutes, printed at the end (the README's Tests section keeps the figures).
step_names=()
step_seconds=()
step_started=$SECONDS
step() {
  finish_step
  echo "== $1"
  step_names+=("$1")
  step_started=$SECONDS
}
finish_step() {
  if [ ${#step_names[@]} -gt ${#step_seconds[@]} ]; then
    step_seconds+=($((SECONDS - step_started)))
  fi
}
print_steps() {
  finish_step
  echo "== time per step"
  for i in "${!step_names[@]}"; do
    printf '%5ds  %s\n' "${step_seconds[$i]}" "${step_names[$i]}"
  done
  printf '%5ds  total\n' "$SECONDS"
}

step "lint, format, types and content schema"
# Two lanes at once, as the machine has two cores and each tool uses one: ESLint alone, and the
# format, the content schema and types, then TypeScript. Each lane's output is shown whole.
# (`|| return`: errexit does not reach into a function run on the left of `||`.)
static_checks() {
  prettier --check . --log-level warn || return
  # The Sanity schema types must be valid; any error fails the run.
  sanity schema validate || return
  # The committed content types (sanity.types.ts) must match the schema and the queries.
  npm run --silent typegen >.reports/typegen.log 2>&1 || { cat .reports/typegen.log; return 1; }
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && ! git diff --quiet -- sanity.types.ts; then
    echo "sanity.types.ts was out of date; npm run typegen has regenerated it: commit it." >&2
    return 1
  fi
  tsc --noEmit || return
}
eslint . --max-warnings=0 >.reports/eslint.log 2>&1 &
eslint_lane=$!
lint_status=0
static_checks >.reports/static-checks.log 2>&1 || lint_status=$?
wait "$eslint_lane" || lint_status=$?
cat .reports/eslint.log .reports/static-checks.log
[ "$lint_status" -eq 0 ] || exit "$lint_status"
# The types are checked once, here: the production builds below skip their own check.
export TCSA_TYPES_CHECKED=1

step "unit and component tests (vitest)"
vitest run --reporter=default --reporter=json --outputFile.json=.reports/unit.json

step "production build for the browser tests"
export NEXT_DIST_DIR=.next-test
# The build sees distinctive fake server secrets, so that the scan below can prove none of them
# reached the files served to browsers. Only the build gets them: the test server has its own.
SECRET_CANARIES=(
  SANITY_API_READ_TOKEN=canary-sanity-read-token-3f9d2c
  SANITY_PREVIEW_SECRET=canary-preview-secret-81b7e4
  SANITY_REVALIDATE_SECRET=canary-revalidate-secret-c52a90
  DATABASE_URL=postgres://tcsa:canary-db-password-6e1f@127.0.0.1:1/canary
  CRON_SECRET=canary-cron-secret-47d1b8
  SMTP_URL=smtp://club:canary-smtp-password-9a3e@127.0.0.1:1
  BETTER_AUTH_SECRET=canary-auth-secret-5b0e72d94c1a8f36e2d7b40c
  # A bucket is all five S3 variables or none (lib/env/server.ts).
  S3_BUCKET=canary-bucket S3_ENDPOINT=http://127.0.0.1:1 S3_REGION=canary-region
  S3_ACCESS_KEY_ID=canary-access-key S3_SECRET_ACCESS_KEY=canary-s3-secret-key-d81c3f
)
# The stamp says the build was made with these values; a build without them must be redone.
canary_stamp="$NEXT_DIST_DIR/.secret-canaries"
if build_is_current && [ "$(cat "$canary_stamp" 2>/dev/null)" = "${SECRET_CANARIES[*]}" ]; then
  echo "build is current"
else
  env "${SECRET_CANARIES[@]}" next build
  build_inputs >"$(build_inputs_stamp)"
  echo "${SECRET_CANARIES[*]}" >"$canary_stamp"
fi

step "no server secret in the browser's files"
env "${SECRET_CANARIES[@]}" node scripts/check-secrets.mjs

step "end-to-end tests (Playwright, Chromium)"
status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=.reports/e2e.json playwright test --reporter=list,json || status=$?

step "PostgreSQL, WebKit and two instances, at once"
# Three lanes side by side, each with its own servers on free ports. Measured alone on the
# two-core machine, none keeps both cores busy: the database tests on a throwaway Debian
# postgresql server on loopback (85 %), the WebKit tests (WebKitGTK at 390 px through WebDriver,
# 51 %) and two production instances behind Caddy on PostgreSQL with an S3 bucket (29 %, mostly
# waiting on purpose). Each lane's output is shown whole once all three are done.
postgres_lane() {
  bash scripts/with-postgres.sh vitest run --project unit \
    $(grep -rlE --include='*.test.ts' 'createTestDatabase|getServerEnv\(\)\.DATABASE_URL' tests/unit/db tests/unit/api) \
    --reporter=default --reporter=json --outputFile.json=.reports/unit-postgres.json
}
postgres_lane >.reports/postgres.log 2>&1 &
postgres_pid=$!
bash scripts/test-webkit.sh --reporter=default --reporter=json \
  --outputFile.json=.reports/webkit.json >.reports/webkit.log 2>&1 &
webkit_pid=$!
bash scripts/test-two-instances.sh --reporter=default --reporter=json \
  --outputFile.json=.reports/instances.json >.reports/instances.log 2>&1 &
instances_pid=$!
for lane in postgres:$postgres_pid webkit:$webkit_pid instances:$instances_pid; do
  wait "${lane#*:}" || status=$?
  echo "== ${lane%%:*}"
  cat ".reports/${lane%%:*}.log"
done

print_steps
node scripts/summarize-tests.mjs .reports/unit.json:unit .reports/unit-postgres.json:postgres \
  .reports/e2e.json:e2e .reports/webkit.json:webkit .reports/instances.json:instances
exit "$status"
