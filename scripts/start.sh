#!/usr/bin/env bash
# Starts the site on a fresh clone: installs dependencies, builds when sources changed,
# prepares the database, then serves the production build on PORT (default 3000, or the next free one).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

ensure_dependencies
if build_is_current; then echo "Build is current."; else build_site; fi

# Applies pending migrations and, on a fresh clone, fills the empty database with the seed
# content (the embedded PGlite folder .data/pglite, or the DATABASE_URL server). It also fails
# early, naming the process, when another server already holds the embedded database.
npm run --silent db:migrate
npm run --silent db:seed -- --if-empty

# On the embedded default, reviewers get a working preview link without any configuration.
preview_secret=$(node scripts/preview-secret.mjs)
if [ -n "$preview_secret" ]; then export SANITY_PREVIEW_SECRET="$preview_secret"; fi

port=${PORT:-3000}
port=$(node -e '
const net = require("node:net");
const tryPort = (p) => {
  const s = net.createServer();
  s.once("error", () => tryPort(p + 1));
  s.listen(p, () => s.close(() => console.log(p)));
};
tryPort(Number(process.argv[1]));
' "$port")
echo "The TCSA site is starting at http://localhost:$port"
if [ -n "$preview_secret" ]; then
  echo "Preview link for reviewers (shows the unpublished drafts; share it only with them):"
  echo "  http://localhost:$port/api/draft-mode/enable?secret=$preview_secret&redirect=/"
fi
# The console's setup link, printed by the server while it has no account, names this port.
export PORT="$port"
# The site's own server entry around Next.js (scripts/serve.mjs): it takes the client's address
# from the connection (TRUSTED_PROXY_HOPS behind a proxy) and refuses too-large bodies unread.
exec node scripts/serve.mjs --port "$port"
