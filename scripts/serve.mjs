#!/usr/bin/env node
/**
 * The site's production server: Next.js's own request handler inside a plain Node HTTP server
 * (Next.js's documented "custom server"), in place of `next start`.
 *
 *   node scripts/serve.mjs [--port 3000] [--hostname 127.0.0.1] [--keepAliveTimeout 5000]
 *
 * Why not `next start`: some of the site's protections need the connection itself, which
 * neither a route handler nor proxy.ts can see (lib/http/front-door.mjs does that work):
 * - the client's address: `next start` keeps an X-Forwarded-For header the client wrote
 *   itself, so the rate limits could not tell one client from a thousand; here it comes from the
 *   socket, or from the proxies TRUSTED_PROXY_HOPS says to trust;
 * - request bodies: a body larger than its route's limit is refused before Next.js reads it.
 *
 * Everything else is what `next start` does: PORT (default 3000) and the hostname to listen on,
 * HTTP keep-alive, the origin recorded for the server's own requests (the page cache renders
 * through it: lib/http/page-cache.ts serverRenderOrigin), a 'Ready' line once it answers, and a
 * graceful stop on SIGTERM or SIGINT (no new connections, requests in progress finish). Under
 * systemd with deploy/tcsa.socket it serves the listening socket systemd passes instead, which
 * stays open across a restart.
 *
 * The embedded database's folder is locked while Next.js prepares (instrumentation.ts), before
 * the server listens: a second server on the same folder exits with code 1 and its reason, and
 * never prints 'Ready' nor takes a request.
 *
 * A test server (TCSA_ENABLE_TEST_FAULTS=1) started with TCSA_TEST_CLOCK=1 runs on a clock the
 * tests move forward (lib/testing/test-clock.mjs), installed before Next.js loads; on any other
 * server TCSA_TEST_CLOCK stops the start, and without it that code is not even loaded.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createFrontDoor,
  BoundedIncomingMessage,
  frontDoorHeaders,
  listBuildFiles,
} from '../lib/http/front-door.mjs';
import { parseTrustedProxyHops } from '../lib/http/client-address.mjs';

const startedAt = Date.now();
const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} message */
function fail(message) {
  console.error(`The TCSA site cannot start: ${message}`);
  process.exit(1);
}

/** `--name value`, `--name=value` or one of its short forms; undefined when absent. */
function option(names) {
  const args = process.argv.slice(2);
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    for (const name of names) {
      if (arg === name) return args[index + 1];
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    }
  }
  return undefined;
}

const portText = option(['--port', '-p']) ?? process.env.PORT ?? '3000';
if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
  fail(`the port must be a number from 1 to 65535 (it is "${portText}").`);
}
const port = Number(portText);
const hostname = option(['--hostname', '-H']);
const keepAliveText = option(['--keepAliveTimeout']);
if (keepAliveText !== undefined && !/^\d+$/.test(keepAliveText)) {
  fail(`--keepAliveTimeout must be a number of milliseconds (it is "${keepAliveText}").`);
}

// As `next start`: a production server unless told otherwise.
process.env.NODE_ENV ??= 'production';

/**
 * The test clock, on test servers that ask for it: decided from the server's own environment and
 * installed before Next.js loads, so that every part of the server reads the one clock.
 * @type {import('../lib/testing/test-clock.mjs').StartedTestClock | null}
 */
let testClock = null;
if (process.env.TCSA_TEST_CLOCK) {
  const { startTestClock } = await import('../lib/testing/test-clock.mjs');
  try {
    testClock = await startTestClock(process.env);
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
  }
}

/**
 * The address people open, as `next start` prints and records it: a wildcard listener is
 * reached on localhost. Recorded before Next.js prepares, so that everything that starts with it
 * (the setup link, the page cache) knows where the server is.
 */
function appOrigin() {
  const host =
    !hostname || hostname === '0.0.0.0'
      ? 'localhost'
      : hostname === '::' || hostname === '[::]'
        ? '[::1]'
        : hostname.includes(':') && !hostname.startsWith('[')
          ? `[${hostname}]`
          : hostname;
  return `http://${host}:${port}`;
}
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = appOrigin();

/**
 * The listening socket systemd hands over when it holds the port itself (socket activation,
 * deploy/tcsa.socket), as sd_listen_fds(3) defines it: LISTEN_PID names this process and
 * LISTEN_FDS counts the sockets from file descriptor 3. systemd keeps that socket open while the
 * site restarts, so a connection made meanwhile waits in its queue for the new server instead of
 * being refused. Null otherwise: the server listens on its port itself.
 */
function systemdSocket() {
  if (process.env.LISTEN_PID !== String(process.pid) || !(Number(process.env.LISTEN_FDS) >= 1)) {
    return null;
  }
  // Not for the processes this one starts.
  delete process.env.LISTEN_PID;
  delete process.env.LISTEN_FDS;
  delete process.env.LISTEN_FDNAMES;
  return { fd: 3 };
}
const inheritedSocket = systemdSocket();

const server = createServer({ IncomingMessage: BoundedIncomingMessage });
if (keepAliveText !== undefined) server.keepAliveTimeout = Number(keepAliveText);

const { default: next } = await import('next');
const nextVersion = createRequire(import.meta.url)('next/package.json').version;
const app = next({ dev: false, dir: projectDir, hostname, port, httpServer: server });
// Loads the configuration and the .env files, and runs instrumentation.ts, which takes the
// embedded database's lock (and exits with code 1 when another server holds it).
await app.prepare();
// A .env file is read too late for the test clock: say so rather than run on the real one.
if (process.env.TCSA_TEST_CLOCK && !testClock) {
  fail(
    'TCSA_TEST_CLOCK is read from the environment a test server starts with, never from a .env ' +
      'file: remove it from the .env file.',
  );
}

let hops = 0;
try {
  hops = parseTrustedProxyHops(process.env.TRUSTED_PROXY_HOPS);
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
const production = process.env.NODE_ENV === 'production';
const distDir = path.resolve(projectDir, process.env.NEXT_DIST_DIR || '.next');
const frontDoor = createFrontDoor({ hops, production, buildFiles: listBuildFiles(distDir) });
const handle = app.getRequestHandler();
const testClockEndpoint = testClock?.endpoint(frontDoorHeaders({ production })) ?? null;

server.on('request', (request, response) => {
  try {
    if (frontDoor(request, response)) return;
    if (testClockEndpoint?.(request, response)) return;
  } catch (error) {
    console.error(`Failed to handle request for ${request.url}:`, error);
    response.statusCode = 500;
    response.end('Internal Server Error');
    return;
  }
  handle(request, response).catch((error) => {
    console.error(`Failed to handle request for ${request.url}:`, error);
    if (!response.headersSent) {
      response.statusCode = 500;
      response.end('Internal Server Error');
    } else response.destroy();
  });
});

server.on('error', (error) => {
  fail(
    /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE'
      ? `port ${port} is already in use; choose another with PORT or --port.`
      : /** @type {Error} */ (error).message,
  );
});

server.listen(inheritedSocket ?? { port, host: hostname }, () => {
  console.log(`  ▲ TCSA site (Next.js ${nextVersion}, scripts/serve.mjs)`);
  console.log(
    `  - Local:   ${appOrigin()}${inheritedSocket ? ' (its socket held by systemd)' : ''}`,
  );
  if (hops > 0) console.log(`  - Client addresses: X-Forwarded-For, ${hops} trusted proxy hop(s)`);
  if (testClock) console.log(`  - Test clock: ${testClock.path} (tests only)`);
  console.log(` ✓ Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)}s`);
});

let stopping = false;
/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  const code = signal === 'SIGINT' ? 130 : 143;
  // Requests in progress get this long to finish; then the process ends regardless.
  setTimeout(() => process.exit(code), 10_000).unref();
  server.close(() => {
    app
      .close()
      .catch((error) => console.error(error))
      .finally(() => process.exit(code));
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
