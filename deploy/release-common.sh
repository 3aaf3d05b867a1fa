# What deploy/update.sh and deploy/rollback.sh share. Sourced, not run.
#
# A release is a commit of the code and its build. Each build has a folder of its own in the
# code folder, .next-<commit>, so that building the next version never touches the files the
# running site serves; the site serves the build named in /var/lib/tcsa/build.env
# (NEXT_DIST_DIR, read by deploy/tcsa.service). /var/lib/tcsa/releases lists the releases that
# ran, one line each: when, the commit, its build folder. The newest two builds are kept, so
# that going back to the previous version needs no new build.

set -euo pipefail

# The paths of deploy/tcsa.service; change them here and there together.
SITE_DIR=${TCSA_SITE_DIR:-/srv/tcsa}
STATE_DIR=${TCSA_STATE_DIR:-/var/lib/tcsa}
SITE_USER=${TCSA_USER:-tcsa}
SERVICE=${TCSA_SERVICE:-tcsa}
PORT=${TCSA_PORT:-3000}
# How long a restarted site may take to answer before it counts as broken.
WAIT_SECONDS=${TCSA_WAIT_SECONDS:-90}
BUILD_ENV="$STATE_DIR/build.env"
RELEASES="$STATE_DIR/releases"

if [ "$(id -u)" != 0 ]; then
  echo "Run it as root: sudo $0" >&2
  exit 2
fi
cd "$SITE_DIR"

# A command as the site's user, who owns the code folder (git refuses a folder owned by another).
as_site() {
  runuser -u "$SITE_USER" -- "$@"
}

# Installs the dependencies of the checked-out package-lock.json when they differ from `$1`'s.
install_dependencies_if_changed() {
  if ! as_site git diff --quiet "$1" HEAD -- package-lock.json; then
    echo "The dependencies changed: installing them (npm install)..."
    # As `npm start` does (scripts/lib/common.sh): the registry may lack other platforms' binaries
    # that `npm ci` would demand.
    as_site npm install --no-audit --no-fund
  fi
}

# Serves the build folder `$1`: writes it in build.env and restarts the site. The restart is
# gentle (requests in progress finish), and the requests that arrive meanwhile wait on the port
# systemd holds (tcsa.socket).
serve_build() {
  printf 'NEXT_DIST_DIR=%s\n' "$1" >"$BUILD_ENV"
  chown "$SITE_USER:" "$BUILD_ENV"
  systemctl restart "$SERVICE"
}

# Waits until the site answers its home page (WAIT_SECONDS at most); false when it does not.
wait_until_serving() {
  local waited=0
  until curl --silent --fail --max-time 5 --output /dev/null "http://127.0.0.1:$PORT/"; do
    if [ "$waited" -ge "$WAIT_SECONDS" ]; then return 1; fi
    sleep 2
    waited=$((waited + 2))
  done
}

# The release line `$1` from the end of the list (1: the newest), as "commit build-folder";
# nothing when the list is shorter.
release_from_end() {
  [ -f "$RELEASES" ] || return 0
  [ "$(wc -l <"$RELEASES")" -ge "$1" ] || return 0
  tail -n "$1" "$RELEASES" | sed -n 1p | awk '{ print $2, $3 }'
}

# Deletes the build folders of releases other than the newest two.
remove_old_builds() {
  local keep
  keep=$(tail -n 2 "$RELEASES" | awk '{ print $3 }')
  for build in .next-*; do
    [ -d "$build" ] || continue
    # Only the folders this script makes (.next-<12 hex digits>).
    [[ $build =~ ^\.next-[0-9a-f]{12}$ ]] || continue
    grep -qxF "$build" <<<"$keep" || rm -rf -- "$build"
  done
}
