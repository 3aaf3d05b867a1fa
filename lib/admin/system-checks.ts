import 'server-only';
import { randomBytes } from 'node:crypto';
import { access, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeSignatureHeader } from '@sanity/webhook';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { createTransport } from 'nodemailer';
import type { CopyKey } from '@/lib/copy/catalogue';
import { sanityProjectFrom } from '@/lib/content/env';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '@/lib/db/client';
import { clubDate, clubTime } from '@/lib/db/time';
import type { ServerEnv } from '@/lib/env/server';
import type { ScheduledRun } from '@/lib/jobs/tick';
import { s3SettingsOf, uploadsDir } from '@/lib/storage/store';
import { backupsFolder, latestBackup, readRestoreRecord, siteDataFolder } from './system-records';

/**
 * What a site needs to run well on the internet, checked: the console's System page (super
 * admins) and `npm run doctor` (scripts/doctor.ts) show the same checks. Each answers passed,
 * failed or not checked, what it found, and what to do when it failed, as keys of the System
 * page's Studio copy with their values, so that the page shows the Studio's words and the
 * command prints the same sentences in plain English.
 */

/** The checks, in the order the page and the command show them. */
export type CheckId = keyof typeof CHECKS;
export type CheckStatus = 'pass' | 'fail' | 'skip';

export type SystemCopyKey = CopyKey<'system'>;
/** One sentence of the System page's copy, with the values of its `{name}` places. */
export type Said = { key: SystemCopyKey; values?: Record<string, string | number> };
export type CheckResult = { id: CheckId; status: CheckStatus; found: Said[]; fix: Said[] };

/** The headers of the request being answered that tell what the proxy in front of the site did. */
export type ProxyFacts = {
  forwardedFor: string | null;
  forwardedProto: string | null;
  /** X-Forwarded-Host when a proxy set it, else Host. */
  host: string | null;
  /** The client's address as the server entry found it (lib/http/client-address.mjs). */
  clientAddress: string | null;
};

export type SystemContext = {
  env: ServerEnv;
  now?: Date;
  fetch?: typeof fetch;
  /**
   * The request being answered (the System page's, or npm run doctor's through the public
   * address); null when there is none (the command checking a configuration on its own).
   */
  request: ProxyFacts | null;
  /** The database to check; `close` when the check opened it for itself. */
  database: () => Promise<{ handle: DatabaseHandle; close: boolean }>;
  /**
   * The scheduled work's last run, by any instance, or how to read it (under the check's time
   * limit: the database holds it); 'not-running' when no site runs.
   */
  scheduledWork: ScheduledRun | null | 'not-running' | (() => Promise<ScheduledRun | null>);
  /** Less free space than this in a data folder fails (default 1 GiB). */
  minFreeBytes?: number;
  /** How long one check may take (default 10 s). */
  timeoutMs?: number;
};

/** The scheduled work runs every minute: older than this, it has stopped. */
export const SCHEDULED_WORK_MAX_AGE_MS = 5 * 60_000;
/** The backup runs every night: older than this, last night's did not run. */
export const BACKUP_MAX_AGE_MS = 30 * 3_600_000;
/** A restore is tested once a term (README, 'Keeping the data'): about four months. */
export const RESTORE_TEST_MAX_AGE_MS = 122 * 86_400_000;
export const MIN_FREE_BYTES = 1024 ** 3;
/** A strong secret: as long as `openssl rand -hex 16` at least, and not a few characters repeated. */
export const STRONG_SECRET_LENGTH = 32;
const STRONG_SECRET_DISTINCT = 10;
/** The secrets the site's own configuration holds (the providers' keys are the providers' to judge). */
export const SECRET_NAMES = [
  'BETTER_AUTH_SECRET',
  'CRON_SECRET',
  'SANITY_PREVIEW_SECRET',
  'SANITY_REVALIDATE_SECRET',
] as const;

const DEFAULT_TIMEOUT_MS = 10_000;

const say = (key: SystemCopyKey, values?: Said['values']): Said =>
  values ? { key, values } : { key };
const passed = (id: CheckId, found: Said[]): CheckResult => ({
  id,
  status: 'pass',
  found,
  fix: [],
});
const skipped = (id: CheckId, found: Said[]): CheckResult => ({
  id,
  status: 'skip',
  found,
  fix: [],
});
const failed = (id: CheckId, found: Said[], fix: Said[]): CheckResult => ({
  id,
  status: 'fail',
  found,
  fix,
});

/** 'YYYY-MM-DD HH:MM' in the club's time zone: digits only, the same in every language. */
export function clubDateTime(instant: Date): string {
  return `${clubDate(instant)} ${clubTime(instant)}`;
}

/** What went wrong, in the words of the library or system that said it. */
export function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const detail =
    (typeof cause?.code === 'string' && cause.code) ||
    (typeof cause?.message === 'string' && cause.message) ||
    (error instanceof Error ? error.message : String(error));
  return detail.replace(/\s+/g, ' ').trim();
}

function timeout(context: SystemContext): AbortSignal {
  return AbortSignal.timeout(context.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}

/** The public address's origin, or null when NEXT_PUBLIC_SITE_URL is unset or not a URL. */
function publicOrigin(env: ServerEnv): URL | null {
  try {
    return env.NEXT_PUBLIC_SITE_URL ? new URL(new URL(env.NEXT_PUBLIC_SITE_URL).origin) : null;
  } catch {
    return null;
  }
}

async function checkPublicAddress(context: SystemContext): Promise<CheckResult> {
  const id = 'publicAddress';
  const site = publicOrigin(context.env);
  if (!site) return failed(id, [say('siteUrlUnset')], [say('siteUrlUnsetFix')]);
  const url = site.origin;
  if (site.protocol !== 'https:') {
    return failed(id, [say('siteUrlNotHttps', { url })], [say('siteUrlNotHttpsFix')]);
  }
  const fetcher = context.fetch ?? fetch;
  try {
    const answer = await fetcher(`${url}/`, {
      redirect: 'manual',
      cache: 'no-store',
      signal: timeout(context),
    });
    if (answer.status !== 200) {
      return failed(
        id,
        [say('siteWrongStatus', { url, status: answer.status })],
        [say('siteNotAnsweringFix')],
      );
    }
  } catch (error) {
    return failed(
      id,
      [say('siteNotAnswering', { url, error: errorText(error) })],
      [say('siteNotAnsweringFix')],
    );
  }
  const found = [say('siteAnswers', { url })];
  // A site on the internet has no port in its address; a test set-up's has, with no http:// one.
  if (site.port) return passed(id, [...found, say('httpNotChecked', { port: site.port })]);
  const plain = `http://${site.host}/`;
  try {
    const answer = await fetcher(plain, {
      redirect: 'manual',
      cache: 'no-store',
      signal: timeout(context),
    });
    const location = answer.headers.get('location') ?? '';
    if (answer.status >= 300 && answer.status < 400 && location.startsWith(`${url}/`)) {
      return passed(id, [...found, say('httpRedirects')]);
    }
    return failed(
      id,
      [...found, say('httpNotRedirected', { url: plain, status: answer.status })],
      [say('httpNotRedirectedFix')],
    );
  } catch (error) {
    return failed(
      id,
      [...found, say('httpNotAnswering', { url: plain, error: errorText(error) })],
      [say('httpNotRedirectedFix')],
    );
  }
}

/** The address of a sender such as `TCSA <tcsa@example.org>`, or null when it holds none. */
export function senderAddress(mailFrom: string): string | null {
  const address = (/<([^<>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/.test(address) ? address : null;
}

async function checkEmail(context: SystemContext): Promise<CheckResult> {
  const id = 'email';
  const { SMTP_URL: url, MAIL_FROM: from } = context.env;
  if (!url) return failed(id, [say('smtpUnset')], [say('smtpUnsetFix')]);
  const found: Said[] = [];
  const fix: Said[] = [];
  if (!from) {
    found.push(say('mailFromUnset'));
    fix.push(say('mailFromFix'));
  } else if (!senderAddress(from)) {
    found.push(say('mailFromInvalid', { from }));
    fix.push(say('mailFromFix'));
  }
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // The environment's schema checked the scheme; nodemailer says what else is wrong.
  }
  const limit = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    url,
    connectionTimeout: limit,
    greetingTimeout: limit,
    socketTimeout: limit,
  });
  try {
    await transport.verify();
    found.unshift(say('smtpAnswers', { host }));
  } catch (error) {
    found.unshift(say('smtpRefused', { host, error: errorText(error) }));
    fix.unshift(say('smtpRefusedFix'));
  } finally {
    transport.close();
  }
  if (fix.length > 0) return failed(id, found, fix);
  return passed(id, [...found, say('mailFromSet', { from: from! })]);
}

/** True when `value` is long and varied enough that nobody guesses it. */
export function isStrongSecret(value: string): boolean {
  return value.length >= STRONG_SECRET_LENGTH && new Set(value).size >= STRONG_SECRET_DISTINCT;
}

function checkSecrets(context: SystemContext): CheckResult {
  const id = 'secrets';
  const found: Said[] = [];
  const fix: Said[] = [];
  const set = SECRET_NAMES.flatMap((name) => {
    const value = context.env[name]?.trim();
    return value ? [{ name, value }] : [];
  });
  for (const { name, value } of set) {
    if (!isStrongSecret(value)) {
      found.push(say('secretWeak', { name, length: value.length }));
      fix.push(say('secretWeakFix', { name }));
    }
  }
  for (const [index, { name, value }] of set.entries()) {
    const same = set.slice(index + 1).find((other) => other.value === value);
    if (same) {
      found.push(say('secretReused', { name, other: same.name }));
      fix.push(say('secretReusedFix'));
    }
  }
  if (fix.length > 0) return failed(id, found, fix);
  if (!context.env.BETTER_AUTH_SECRET) found.push(say('authSecretInDatabase'));
  found.unshift(
    set.length > 0
      ? say('secretsStrong', { names: set.map(({ name }) => name).join(', ') })
      : say('secretsNoneSet'),
  );
  return passed(id, found);
}

/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf(handle: DatabaseHandle, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await handle.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
}

/** The instant of the newest migration the database has applied, or 0 when it has applied none. */
async function lastAppliedMigration(handle: DatabaseHandle): Promise<number> {
  const [table] = await rowsOf(
    handle,
    sql`select to_regclass('drizzle.__drizzle_migrations') as name`,
  );
  if (!table?.name) return 0;
  const [last] = await rowsOf(
    handle,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  return Number(last?.created_at ?? 0);
}

async function checkDatabase(context: SystemContext): Promise<CheckResult> {
  const id = 'database';
  let opened: { handle: DatabaseHandle; close: boolean };
  try {
    opened = await context.database();
  } catch (error) {
    return failed(
      id,
      [say('databaseUnreachable', { error: errorText(error) })],
      [say('databaseUnreachableFix')],
    );
  }
  const { handle } = opened;
  try {
    await handle.db.execute(sql`select 1`);
    const last = await lastAppliedMigration(handle);
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    const pending = migrations.filter((migration) => migration.folderMillis > last).length;
    const values = { location: handle.location, count: migrations.length };
    const ready = say(handle.kind === 'pglite' ? 'databaseEmbedded' : 'databasePostgres', values);
    if (pending > 0) {
      return failed(
        id,
        [ready, say('databasePending', { count: pending })],
        [say('databasePendingFix')],
      );
    }
    return passed(id, [ready, say('databaseMigrated', values)]);
  } catch (error) {
    return failed(
      id,
      [say('databaseUnreachable', { error: errorText(error) })],
      [say('databaseUnreachableFix')],
    );
  } finally {
    if (opened.close) await handle.close().catch(() => {});
  }
}

/** `folder`, or its nearest parent that exists: where the site would create it. */
async function existingFolder(folder: string): Promise<string> {
  let current = folder;
  for (;;) {
    try {
      await access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

async function checkFolder(folder: string, minFree: number): Promise<{ found: Said; fix?: Said }> {
  const existing = await existingFolder(folder);
  const probe = path.join(existing, `.tcsa-write-check-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '', { flag: 'wx', mode: 0o600 });
    await rm(probe, { force: true });
  } catch (error) {
    return {
      found: say('folderNotWritable', { folder: existing, error: errorText(error) }),
      fix: say('folderNotWritableFix', { folder: existing }),
    };
  }
  const space = await statfs(existing);
  const free = space.bavail * space.bsize;
  const gigabytes = (free / 1024 ** 3).toFixed(1);
  if (free < minFree) {
    return {
      found: say('folderFull', { folder, gigabytes }),
      fix: say('folderFullFix', { gigabytes: (minFree / 1024 ** 3).toFixed(1) }),
    };
  }
  return { found: say('folderReady', { folder, gigabytes }) };
}

async function checkFolders(context: SystemContext): Promise<CheckResult> {
  const id = 'folders';
  const { env } = context;
  const minFree = context.minFreeBytes ?? MIN_FREE_BYTES;
  const folders = [siteDataFolder(env)];
  const bucket = s3SettingsOf(env);
  if (!bucket) folders.push(uploadsDir(env));
  folders.push(backupsFolder(env));
  const unique = [...new Set(folders)];
  const results = await Promise.all(unique.map((folder) => checkFolder(folder, minFree)));
  const found = results.map((result) => result.found);
  if (bucket) found.push(say('uploadsInBucket', { bucket: bucket.bucket }));
  const fix = results.flatMap((result) => (result.fix ? [result.fix] : []));
  return fix.length > 0 ? failed(id, found, fix) : passed(id, found);
}

async function checkScheduledWork(context: SystemContext): Promise<CheckResult> {
  const id = 'scheduledWork';
  const run =
    typeof context.scheduledWork === 'function'
      ? await context.scheduledWork()
      : context.scheduledWork;
  const now = context.now ?? new Date();
  if (run === 'not-running') {
    return failed(id, [say('scheduledNoSite')], [say('scheduledNoSiteFix')]);
  }
  if (!run) return failed(id, [say('scheduledNotYet')], [say('scheduledNotYetFix')]);
  const time = clubDateTime(run.finishedAt);
  if (run.error) {
    return failed(
      id,
      [say('scheduledFailed', { time, error: run.error })],
      [say('scheduledFailedFix')],
    );
  }
  if (now.getTime() - run.finishedAt.getTime() > SCHEDULED_WORK_MAX_AGE_MS) {
    return failed(id, [say('scheduledLate', { time })], [say('scheduledStoppedFix')]);
  }
  return passed(id, [say('scheduledRecent', { time })]);
}

async function checkBackups(context: SystemContext): Promise<CheckResult> {
  const id = 'backups';
  const folder = backupsFolder(context.env);
  const latest = await latestBackup(folder);
  if (!latest) return failed(id, [say('backupNone', { folder })], [say('backupNoneFix')]);
  const values = { file: latest.name, time: clubDateTime(latest.writtenAt), folder };
  const age = (context.now ?? new Date()).getTime() - latest.writtenAt.getTime();
  if (age > BACKUP_MAX_AGE_MS) {
    return failed(id, [say('backupOld', values)], [say('backupOldFix')]);
  }
  return passed(id, [say('backupRecent', values)]);
}

async function checkRestoreTest(context: SystemContext): Promise<CheckResult> {
  const id = 'restoreTest';
  const record = await readRestoreRecord(backupsFolder(context.env));
  if (!record) return failed(id, [say('restoreNever')], [say('restoreFix')]);
  const values = { backup: record.backup, date: clubDate(record.testedAt) };
  const age = (context.now ?? new Date()).getTime() - record.testedAt.getTime();
  if (age > RESTORE_TEST_MAX_AGE_MS) {
    return failed(id, [say('restoreOld', values)], [say('restoreFix')]);
  }
  return passed(id, [say('restoreRecent', values)]);
}

const bare = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * How many proxies added an address to X-Forwarded-For. Next.js writes the connection's own
 * address there (and `http` in X-Forwarded-Proto) when no proxy did: with no proxy trusted, one
 * entry that is the connection's own address, on a request no proxy marked as https, counts none.
 */
export function forwardedCount(facts: ProxyFacts, hops: number): number {
  const entries = (facts.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const filledByNext =
    hops === 0 &&
    entries.length === 1 &&
    facts.forwardedProto !== 'https' &&
    facts.clientAddress !== null &&
    bare(entries[0]!) === bare(facts.clientAddress);
  return filledByNext ? 0 : entries.length;
}

function checkProxy(context: SystemContext): CheckResult {
  const id = 'proxy';
  const { request, env } = context;
  const hops = env.TRUSTED_PROXY_HOPS;
  const site = publicOrigin(env);
  if (!request) return skipped(id, [say('proxyNoRequest')]);
  if (!site || request.host?.toLowerCase() !== site.host) {
    return skipped(id, [say('proxyNotPublic', { host: request.host ?? '' })]);
  }
  const count = forwardedCount(request, hops);
  const values = { hops, count };
  if (count !== hops) {
    const key = hops === 0 ? 'proxyUntrusted' : count < hops ? 'proxyTooMany' : 'proxyTooFew';
    return failed(id, [say(key, values)], [say('proxyFix', values)]);
  }
  if (count > 0 && site.protocol === 'https:' && request.forwardedProto !== 'https') {
    return failed(
      id,
      [say('proxyNotHttps', { proto: request.forwardedProto ?? '' })],
      [say('proxyNotHttpsFix')],
    );
  }
  return passed(id, [say(hops === 0 ? 'proxyNone' : 'proxyMatches', values)]);
}

/** The header Sanity signs its webhook's requests with (lib/content/routes.ts reads it). */
const SANITY_SIGNATURE_HEADER = 'sanity-webhook-signature';

async function checkSanity(context: SystemContext): Promise<CheckResult> {
  const id = 'sanity';
  const { env } = context;
  const project = sanityProjectFrom(env);
  if (!project) return skipped(id, [say('sanityNotUsed')]);
  const fetcher = context.fetch ?? fetch;
  const values = { project: project.projectId, dataset: project.dataset };
  const found: Said[] = [];
  const fix: Said[] = [];
  const query = encodeURIComponent('count(*)');
  try {
    const answer = await fetcher(
      `https://${project.projectId}.api.sanity.io/v${project.apiVersion}/data/query/${project.dataset}?query=${query}`,
      {
        cache: 'no-store',
        signal: timeout(context),
        headers: env.SANITY_API_READ_TOKEN
          ? { Authorization: `Bearer ${env.SANITY_API_READ_TOKEN}` }
          : {},
      },
    );
    if (answer.ok) found.push(say('sanityAnswers', values));
    else {
      found.push(say('sanityRefused', { ...values, status: answer.status }));
      fix.push(
        say(answer.status === 401 || answer.status === 403 ? 'sanityTokenFix' : 'sanityProjectFix'),
      );
    }
  } catch (error) {
    found.push(say('sanityUnreachable', { ...values, error: errorText(error) }));
    fix.push(say('sanityProjectFix'));
  }
  const secret = env.SANITY_REVALIDATE_SECRET?.trim();
  const site = publicOrigin(env);
  if (!secret) {
    found.push(say('webhookSecretUnset'));
    fix.push(say('webhookSecretFix'));
  } else if (site) {
    // A signed request the route accepts but that names no document: it checks the secret
    // through the public address, as Sanity calls it, and refreshes nothing.
    const body = '{}';
    const url = `${site.origin}/api/revalidate`;
    try {
      const signature = await encodeSignatureHeader(body, Date.now(), secret);
      const answer = await fetcher(url, {
        method: 'POST',
        cache: 'no-store',
        signal: timeout(context),
        headers: { 'content-type': 'application/json', [SANITY_SIGNATURE_HEADER]: signature },
        body,
      });
      if (answer.status === 400) found.push(say('webhookAccepted', { url }));
      else {
        found.push(say('webhookRefused', { url, status: answer.status }));
        fix.push(say('webhookSecretFix'));
      }
    } catch (error) {
      found.push(say('webhookUnreachable', { url, error: errorText(error) }));
      fix.push(say('siteNotAnsweringFix'));
    }
  }
  return fix.length > 0 ? failed(id, found, fix) : passed(id, found);
}

const CHECKS = {
  publicAddress: checkPublicAddress,
  email: checkEmail,
  secrets: checkSecrets,
  database: checkDatabase,
  folders: checkFolders,
  scheduledWork: checkScheduledWork,
  backups: checkBackups,
  restoreTest: checkRestoreTest,
  proxy: checkProxy,
  sanity: checkSanity,
} satisfies Record<string, (context: SystemContext) => CheckResult | Promise<CheckResult>>;

export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

/** One check, which answers within its time (a little more than its own network limits). */
export async function runCheck(id: CheckId, context: SystemContext): Promise<CheckResult> {
  const limit = (context.timeoutMs ?? DEFAULT_TIMEOUT_MS) * 2 + 1_000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          failed(
            id,
            [say('checkTimedOut', { seconds: Math.round(limit / 1000) })],
            [say('checkTimedOutFix')],
          ),
        ),
      limit,
    );
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(() => CHECKS[id](context))
        .catch((error: unknown) =>
          failed(id, [say('checkError', { error: errorText(error) })], [say('checkErrorFix')]),
        ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every check, at the same time, in the order the page and the command show them. */
export function runSystemChecks(context: SystemContext): Promise<CheckResult[]> {
  return Promise.all(CHECK_IDS.map((id) => runCheck(id, context)));
}
