import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDatabaseTemplate } from './database-template';

/** Secret the test server accepts for preview mode; tests enable drafts with it. */
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret';

/**
 * EmailJS ids of the test server. Tests intercept https://api.emailjs.com and assert these ids
 * and the template parameters; no email ever leaves the machine.
 */
export const E2E_EMAILJS = {
  EMAILJS_PUBLIC_KEY: 'e2e-public-key',
  EMAILJS_SERVICE_ID: 'e2e-service',
  EMAILJS_CONTACT_TEMPLATE_ID: 'e2e-contact-template',
  EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID: 'e2e-application-admin-template',
  EMAILJS_APPLICATION_REPLY_TEMPLATE_ID: 'e2e-application-reply-template',
  EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID: 'e2e-registration-admin-template',
  EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID: 'e2e-registration-confirm-template',
  EMAILJS_SERVICES_TEMPLATE_ID: 'e2e-services-template',
} as const;

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The site server exited with code ${child.exitCode} before serving:\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The site server did not answer at ${url} within 90 s:\n${readFileSync(logFile, 'utf8')}`,
  );
}

export type RunningSite = {
  baseURL: string;
  dataDir: string;
  /** The server's process id, which is also its process group's. */
  pid: number;
  /** What the server has printed so far (stdout and stderr). */
  log: () => string;
  stop: () => Promise<void>;
};

/** The production server's entry (Next.js inside the site's own HTTP server). */
export const SERVER_ENTRY = path.resolve('scripts/serve.mjs');

/**
 * Starts the production build (scripts/serve.mjs, as `npm start` does) on a free port with its
 * own empty embedded database, so a test run never touches a developer's data.
 *
 * The server trusts one proxy hop (TRUSTED_PROXY_HOPS=1): a test plays the proxy, and an
 * `X-Forwarded-For` it sets is the client's address, so each test can have its own rate-limit
 * count. A request without the header counts as 127.0.0.1. Pass TRUSTED_PROXY_HOPS in
 * `extraEnv` to start a server that trusts nobody's header, and the Sanity project's variables
 * (STANDIN_PROJECT_ENV) for a site with a project: the server reads them when it runs, so the
 * suite's one build serves both.
 */
export async function startSite(extraEnv: Record<string, string> = {}): Promise<RunningSite> {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
    throw new Error(
      `No production build in ${distDir}/. Run "npm run build" first (the "npm test" command does).`,
    );
  }
  const port = await findFreePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'tcsa-e2e-'));
  const dataDir = path.join(workDir, 'pglite');
  // A server on its own database starts from the run's seeded copy (extraEnv may name another).
  if (!extraEnv.PGLITE_DATA_DIR && !extraEnv.DATABASE_URL) copyDatabaseTemplate(workDir);
  const logFile = path.join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [SERVER_ENTRY, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PGLITE_DATA_DIR: dataDir,
        NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL ?? '',
        TCSA_ENABLE_TEST_FAULTS: '1',
        TRUSTED_PROXY_HOPS: '1',
        NEXT_DIST_DIR: distDir,
        SANITY_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
        ...E2E_EMAILJS,
        ...extraEnv,
      },
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    // The whole process group: whatever the server started ends with it.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000));
    await Promise.race([exited, timeout]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  try {
    await waitUntilServing(`${baseURL}/`, child, logFile);
    // The first read of the data warms the server's caches and compiled code: do it here, so that
    // no test's own time limit pays for it.
    await waitUntilServing(`${baseURL}/api/events/`, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, pid: child.pid!, log: () => readFileSync(logFile, 'utf8'), stop };
}
