#!/usr/bin/env bash
# The WebKit lane alone (npm run test:webkit): the flows a member does, at a phone's width, in
# Debian's WebKitGTK (webkit2gtk-driver: WebKitWebDriver and its MiniBrowser, the engine family
# of Safari and of WeChat on iPhones), on a virtual display (xvfb), driven by selenium-webdriver
# from vitest (tests/webkit/). It serves the production build in NEXT_DIST_DIR (.next by
# default; `npm test` builds .next-test first). Arguments go to vitest, e.g. a file to run alone:
#   npm run test:webkit -- tests/webkit/events.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

ensure_dependencies
ensure_webkit
# A 24-bit screen, larger than the phone's window: xvfb-run's default is 640x480 at 8 bits.
exec xvfb-run --auto-servernum --server-args='-screen 0 1280x1024x24' \
  vitest run --config tests/webkit/vitest.config.ts "$@"
