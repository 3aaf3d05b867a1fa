#!/usr/bin/env bash
# The two-instance lane: two production servers of the build in NEXT_DIST_DIR (.next-test, the
# one `npm test` makes, by default) on one throwaway PostgreSQL (scripts/with-postgres.sh), with
# the uploaded files in one S3-protocol bucket (s3rver), behind Debian's Caddy over HTTPS
# (tests/instances/). Installs caddy (and postgresql) with apt when missing, as root. Arguments go
# to vitest, e.g. a test's name: bash scripts/test-two-instances.sh -t 'killing an instance'
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

ensure_dependencies
ensure_caddy
export NEXT_DIST_DIR=${NEXT_DIST_DIR:-.next-test}
if [ ! -f "$NEXT_DIST_DIR/BUILD_ID" ]; then
  echo "No production build in $NEXT_DIST_DIR/: build it first (NEXT_DIST_DIR=$NEXT_DIST_DIR npm run build)." >&2
  exit 1
fi
exec bash scripts/with-postgres.sh vitest run --config tests/instances/vitest.config.ts "$@"
