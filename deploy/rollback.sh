#!/usr/bin/env bash
# Goes back to the version that ran before the last update:   sudo /srv/tcsa/deploy/rollback.sh
# Its build is still there (deploy/update.sh keeps the last two), so this takes seconds: the code
# goes back to that commit (its dependencies reinstalled if they differ), the site restarts on the
# old build. Run it again to go forward to the newer version once more.
#
# The database stays as the newer version left it: a migration it applied is not undone. The
# older code works with it when the change only added tables or columns (the usual case); if it
# does not, restore the backup deploy/update.sh made before the update (README, 'Going live').
source "$(dirname "$(readlink -f "$0")")/release-common.sh"

read -r current _ < <(release_from_end 1) || true
read -r commit build < <(release_from_end 2) || true
if [ -z "${commit:-}" ]; then
  echo "No previous version is recorded in $RELEASES: nothing to go back to." >&2
  exit 1
fi
if [ ! -d "$build" ]; then
  echo "The build of ${commit:0:12} ($build) is gone: update to it instead (it builds it again):" >&2
  echo "  sudo $SITE_DIR/deploy/update.sh $commit" >&2
  exit 1
fi

echo "Going back to ${commit:0:12} (from ${current:0:12})..."
as_site git checkout --quiet --detach "$commit"
install_dependencies_if_changed "$current"
printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$commit" "$build" >>"$RELEASES"
serve_build "$build"
if ! wait_until_serving; then
  echo "The site does not answer on ${commit:0:12} either: see sudo journalctl -u $SERVICE" >&2
  exit 1
fi
echo "The site runs ${commit:0:12} again."
