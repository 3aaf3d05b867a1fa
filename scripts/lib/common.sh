# Shared steps of the start and test commands. Sourced, not run.

# Installs the exact dependencies of package-lock.json when node_modules is missing or stale.
ensure_dependencies() {
  local stamp=node_modules/.tcsa-lock-hash
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Installing dependencies..."
    # Not `npm ci`: the registry mirror lacks some other platforms' optional binaries (macOS and
    # Windows builds of SWC and Rollup), which `npm ci` demands in the lock file; `npm install`
    # installs the locked versions all the same.
    npm install --no-audit --no-fund
    sha256sum package-lock.json | cut -d' ' -f1 >"$stamp"
  fi
  # npm puts node_modules/.bin first on PATH for its scripts; this script may run outside npm.
  export PATH="$PWD/node_modules/.bin:$PATH"
}

# Installs an apt package as root, with a clear message when that is not possible.
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "Missing Debian package(s): $*. Install them as root: apt-get install -y $*" >&2
    return 1
  fi
  if [ -z "${TCSA_APT_UPDATED:-}" ]; then
    apt-get update -qq
    TCSA_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Playwright cannot download its own browser here: the tests drive Debian's Chromium, in its
# headless shell (chromium-headless-shell, the same engine without the browser's window, profile
# and services): it renders a test's pages with about a third less CPU than the full browser.
ensure_chromium() {
  local chromium=${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}
  if [ ! -x "$chromium" ]; then
    echo "Installing Debian's chromium-headless-shell for the browser tests..."
    apt_install chromium-headless-shell fonts-liberation
  fi
}

# The two-instance lane puts Debian's Caddy in front of the site, as a deployment does (HTTPS with
# its own certificate authority, `tls internal`, so no internet is needed).
ensure_caddy() {
  if ! command -v caddy >/dev/null; then
    echo "Installing Debian's caddy for the two-instance tests..."
    apt_install caddy
    # The package starts a Caddy of the system's on port 80; the tests run their own.
    systemctl disable --now caddy >/dev/null 2>&1 || true
  fi
}

# The deploy files' tests check them with the tools that read them: Caddy's validator, and
# systemd's systemd-analyze and systemd-socket-activate (Debian's systemd package; nothing is
# started with it).
ensure_deploy_tools() {
  ensure_caddy
  if ! command -v systemd-analyze >/dev/null || ! command -v systemd-socket-activate >/dev/null; then
    echo "Installing Debian's systemd tools for the deploy files' tests..."
    apt_install systemd
  fi
}

# The WebKit lane drives Debian's WebKitGTK: webkit2gtk-driver (WebKitWebDriver and MiniBrowser)
# on a virtual X display (xvfb, whose xvfb-run needs xauth). No browser is downloaded.
ensure_webkit() {
  if [ ! -x "${WEBKIT_WEBDRIVER:-/usr/bin/WebKitWebDriver}" ] || ! command -v xvfb-run >/dev/null ||
    ! command -v xauth >/dev/null; then
    echo "Installing Debian's webkit2gtk-driver and xvfb for the WebKit tests..."
    apt_install webkit2gtk-driver xvfb xauth fonts-liberation
  fi
}

# The Sanity project's variables: the server reads them when it runs (lib/env/server.ts), so a
# build serves any project, or none, and they are no build input.
RUN_TIME_PUBLIC_VARIABLES='NEXT_PUBLIC_SANITY_(PROJECT_ID|DATASET|API_VERSION)='

# What a build bakes in besides the source files: the NEXT_PUBLIC_* values (inlined into the
# browser's code) and the .env files Next.js reads at build time, both without the variables
# above. Printed as one hash.
build_inputs() {
  {
    # No NEXT_PUBLIC_* value at all is a value too (grep finds nothing).
    env | grep '^NEXT_PUBLIC_' | grep -Ev "^$RUN_TIME_PUBLIC_VARIABLES" | LC_ALL=C sort || true
    for file in .env .env.production .env.local .env.production.local; do
      if [ -f "$file" ]; then
        echo "== $file"
        grep -Ev "^[[:space:]]*(export[[:space:]]+)?$RUN_TIME_PUBLIC_VARIABLES" "$file" || true
      fi
    done
  } | sha256sum | cut -d' ' -f1
}

build_inputs_stamp() {
  echo "${NEXT_DIST_DIR:-.next}/.tcsa-build-inputs"
}

# Next.js writes its build into NEXT_DIST_DIR; rebuild when a source file is newer, or when the
# NEXT_PUBLIC_* values or the .env files differ from the ones the build was made with.
build_is_current() {
  local dist=${NEXT_DIST_DIR:-.next}
  [ -f "$dist/BUILD_ID" ] || return 1
  if [ "$(cat "$(build_inputs_stamp)" 2>/dev/null)" != "$(build_inputs)" ]; then
    echo "The NEXT_PUBLIC_* values or the .env files differ from the last build's: rebuilding."
    return 1
  fi
  [ -z "$(find app lib schemas studio public next.config.mjs package-lock.json sanity.config.ts \
    -newer "$dist/BUILD_ID" -type f -print -quit 2>/dev/null)" ]
}

# Builds the site and records what the build was made with (see build_is_current).
build_site() {
  next build
  build_inputs >"$(build_inputs_stamp)"
}
