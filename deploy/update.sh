#!/usr/bin/env bash
# Updates the TCSA site to the newest version of the club's repository, with no registration
# lost:   sudo /srv/tcsa/deploy/update.sh            (the newest commit of origin/main)
#         sudo /srv/tcsa/deploy/update.sh <commit>   (a given commit or tag)
#
# 1. backs up the site first (the nightly backup's service, now), in case the update's database
#    changes must be undone;
# 2. fetches the code and checks out the new version (its dependencies installed if they changed);
# 3. builds it into a folder of its own (.next-<commit>), while the old version keeps serving
#    from its own; a failed build changes nothing: the old version keeps running;
# 4. restarts the site on the new build: the old server finishes the requests in progress and
#    stops (scripts/serve.mjs), the new ones wait on the site's port, which systemd holds
#    (deploy/tcsa.socket), until the new server takes them (seconds), and the new server applies
#    its database migrations as it starts;
# 5. waits until it answers; if it does not within 90 seconds, goes back to the previous
#    version by itself (deploy/rollback.sh).
# Then check it: sudo -u tcsa npm run doctor (in /srv/tcsa).
source "$(dirname "$(readlink -f "$0")")/release-common.sh"

previous=$(as_site git rev-parse HEAD)
as_site git fetch --quiet origin
target=$(as_site git rev-parse --verify "${1:-origin/main}^{commit}")
build=".next-${target:0:12}"
if [ "$target" = "$previous" ] && grep -qxF "NEXT_DIST_DIR=$build" "$BUILD_ENV" 2>/dev/null; then
  echo "The site already runs ${target:0:12}: nothing to do."
  exit 0
fi

echo "Backing up before the update..."
systemctl start tcsa-backup.service

# The first update after a manual start: remember what ran, so that it can be gone back to.
if [ ! -s "$RELEASES" ]; then
  running=$(sed -n 's/^NEXT_DIST_DIR=//p' "$BUILD_ENV" 2>/dev/null || true)
  printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$previous" "${running:-.next}" >>"$RELEASES"
fi

echo "Checking out ${target:0:12} (was ${previous:0:12})..."
as_site git checkout --quiet --detach "$target"
install_dependencies_if_changed "$previous"

echo "Building it into $build (the site keeps serving the old version meanwhile)..."
# The types were checked before the code was merged (npm test): the build skips that step,
# which halves its time and memory on a small server.
if ! as_site env NEXT_DIST_DIR="$build" TCSA_TYPES_CHECKED=1 NODE_ENV=production \
  node_modules/.bin/next build; then
  echo "The build failed: going back to ${previous:0:12}, which still runs." >&2
  as_site git checkout --quiet --detach "$previous"
  install_dependencies_if_changed "$target"
  exit 1
fi
# A build into a new folder adds it to tsconfig.json's list: not a change of the code.
as_site git checkout --quiet -- tsconfig.json

printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$target" "$build" >>"$RELEASES"
echo "Restarting the site on the new version..."
serve_build "$build"
if ! wait_until_serving; then
  echo "The new version does not answer: going back to the previous one." >&2
  "$SITE_DIR/deploy/rollback.sh"
  exit 1
fi
remove_old_builds
echo "The site runs ${target:0:12}. Check it: cd $SITE_DIR && sudo -u $SITE_USER npm run doctor"
echo "To go back to ${previous:0:12}: sudo $SITE_DIR/deploy/rollback.sh"
