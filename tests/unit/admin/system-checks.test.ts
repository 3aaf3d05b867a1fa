import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CheckId,
  type CheckResult,
  runCheck,
  runSystemChecks,
  type SystemContext,
} from '@/lib/admin/system-checks';
import { writeRestoreRecord } from '@/lib/admin/system-records';
import { createRevalidateHandler } from '@/lib/content/routes';
import { defaultCopy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { type DatabaseHandle, openDatabase } from '@/lib/db/client';
import { parseEnv } from '@/lib/env/public';
import {
  resetServerEnvForTests,
  sanityProjectSchema,
  serverSchema,
  type ServerEnv,
} from '@/lib/env/server';
import { startMailbox } from '../db/support/mailbox';
import { tempTree } from '../support/temp-tree';

/**
 * Each check of the System page and `npm run doctor` (lib/admin/system-checks.ts), passing and
 * failing, against real things where they are at hand: an SMTP server on loopback, an embedded
 * database, folders, the Sanity webhook's own route; a stand-in fetch for the public address and
 * Sanity's API, which cannot be reached from here.
 */

const copy = defaultCopy('system');
const SECRET = 'c0ffee'.repeat(6) + '9a8b7c6d5e4f';
const OTHER_SECRET = 'f00d'.repeat(10) + '123456789';

function envOf(values: Record<string, string> = {}): ServerEnv {
  return {
    ...parseEnv(serverSchema, values),
    ...parseEnv(sanityProjectSchema, values),
    NEXT_PUBLIC_SITE_URL: values.NEXT_PUBLIC_SITE_URL,
  } as ServerEnv;
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
});

function contextOf(env: ServerEnv, more: Partial<SystemContext> = {}): SystemContext {
  return {
    env,
    request: null,
    database: async () => ({ handle: database, close: false }),
    scheduledWork: null,
    timeoutMs: 2_000,
    ...more,
  };
}

/** The check's sentences as the page shows them, one per line. */
function words(result: CheckResult): string {
  return [...result.found, ...result.fix]
    .map((said) => fillCopy(copy[said.key], said.values ?? {}))
    .join('\n');
}

async function check(id: CheckId, context: SystemContext) {
  const result = await runCheck(id, context);
  return {
    status: result.status,
    keys: [...result.found, ...result.fix].map((s) => s.key),
    text: words(result),
  };
}

/** A stand-in fetch answering each URL by the first matching rule. */
function fakeFetch(rules: Array<[RegExp, (init?: RequestInit) => Response | Promise<Response>]>) {
  const calls: string[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const rule = rules.find(([pattern]) => pattern.test(url));
    if (!rule) throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    return rule[1](init);
  }) as typeof fetch;
  return Object.assign(fetcher, { calls });
}

describe('public address', () => {
  const site = { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' };
  const redirect = () =>
    new Response(null, { status: 308, headers: { location: 'https://tcsa.example.org/' } });

  it('passes when the https address answers and http:// is sent on to it', async () => {
    const fetcher = fakeFetch([
      [/^https:\/\/tcsa\.example\.org\/$/, () => new Response('home')],
      [/^http:\/\/tcsa\.example\.org\/$/, redirect],
    ]);
    const result = await check('publicAddress', contextOf(envOf(site), { fetch: fetcher }));
    expect(result).toMatchObject({ status: 'pass', keys: ['siteAnswers', 'httpRedirects'] });
    expect(result.text).toContain('https://tcsa.example.org answers.');
  });

  it('leaves http:// unchecked for an address with a port of its own (a test set-up)', async () => {
    const fetcher = fakeFetch([[/^https:\/\/localhost:18443\/$/, () => new Response('home')]]);
    const result = await check(
      'publicAddress',
      contextOf(envOf({ NEXT_PUBLIC_SITE_URL: 'https://localhost:18443' }), { fetch: fetcher }),
    );
    expect(result).toMatchObject({ status: 'pass', keys: ['siteAnswers', 'httpNotChecked'] });
    expect(fetcher.calls).toEqual(['GET https://localhost:18443/']);
  });

  it('fails unset, on http://, when the address does not answer, and when http:// stays', async () => {
    expect(await check('publicAddress', contextOf(envOf()))).toMatchObject({
      status: 'fail',
      keys: ['siteUrlUnset', 'siteUrlUnsetFix'],
    });
    const plain = await check(
      'publicAddress',
      contextOf(envOf({ NEXT_PUBLIC_SITE_URL: 'http://tcsa.example.org' })),
    );
    expect(plain).toMatchObject({
      status: 'fail',
      keys: ['siteUrlNotHttps', 'siteUrlNotHttpsFix'],
    });
    const silent = await check('publicAddress', contextOf(envOf(site), { fetch: fakeFetch([]) }));
    expect(silent.status).toBe('fail');
    expect(silent.text).toContain('https://tcsa.example.org did not answer: ENOTFOUND.');
    const stays = await check(
      'publicAddress',
      contextOf(envOf(site), {
        fetch: fakeFetch([[/tcsa\.example\.org/, () => new Response('home')]]),
      }),
    );
    expect(stays).toMatchObject({
      status: 'fail',
      keys: ['siteAnswers', 'httpNotRedirected', 'httpNotRedirectedFix'],
    });
  });
});

describe('email', () => {
  it('passes when the SMTP server answers and MAIL_FROM names an address', async () => {
    const mailbox = await startMailbox();
    try {
      const result = await check(
        'email',
        contextOf(envOf({ SMTP_URL: mailbox.url, MAIL_FROM: 'TCSA <tcsa@example.org>' })),
      );
      expect(result).toMatchObject({ status: 'pass', keys: ['smtpAnswers', 'mailFromSet'] });
      expect(mailbox.received).toHaveLength(0);
    } finally {
      await mailbox.close();
    }
  });

  it('fails without SMTP_URL, without MAIL_FROM, and when the server refuses the sign-in or is not there', async () => {
    expect(await check('email', contextOf(envOf()))).toMatchObject({
      status: 'fail',
      keys: ['smtpUnset', 'smtpUnsetFix'],
    });
    // A server that wants a password and refuses this one.
    const strict = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const port = (strict.server.address() as AddressInfo).port;
    try {
      const refused = await check(
        'email',
        contextOf(envOf({ SMTP_URL: `smtp://club:wrong@127.0.0.1:${port}` })),
      );
      expect(refused.status).toBe('fail');
      expect(refused.keys).toEqual([
        'smtpRefused',
        'mailFromUnset',
        'smtpRefusedFix',
        'mailFromFix',
      ]);
      expect(refused.text).toMatch(
        new RegExp(
          `The SMTP server 127\\.0\\.0\\.1:${port} could not be reached or refused the site’s sign-in: .*Invalid username or password`,
        ),
      );
      expect(refused.text).not.toContain('wrong');
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
    const absent = await check(
      'email',
      contextOf(envOf({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'the club' })),
    );
    expect(absent.status).toBe('fail');
    expect(absent.text).toContain('ECONNREFUSED');
    expect(absent.text).toContain('MAIL_FROM (the club) holds no email address.');
  });
});

describe('secrets', () => {
  it('passes when every secret set is long and random, naming them', async () => {
    const result = await check(
      'secrets',
      contextOf(envOf({ CRON_SECRET: SECRET, SANITY_REVALIDATE_SECRET: OTHER_SECRET })),
    );
    expect(result).toMatchObject({
      status: 'pass',
      keys: ['secretsStrong', 'authSecretInDatabase'],
    });
    expect(result.text).toContain('Set, long and random: CRON_SECRET, SANITY_REVALIDATE_SECRET.');
    expect(await check('secrets', contextOf(envOf()))).toMatchObject({
      status: 'pass',
      keys: ['secretsNoneSet', 'authSecretInDatabase'],
    });
  });

  it('fails a secret too short or of few characters, and two secrets that are the same', async () => {
    const weak = await check(
      'secrets',
      contextOf(
        envOf({
          CRON_SECRET: 'sixteen-chars-ok',
          BETTER_AUTH_SECRET: 'ab'.repeat(20),
          SANITY_PREVIEW_SECRET: SECRET,
          SANITY_REVALIDATE_SECRET: SECRET,
        }),
      ),
    );
    expect(weak.status).toBe('fail');
    expect(weak.text).toContain('BETTER_AUTH_SECRET is too easy to guess (40 characters');
    expect(weak.text).toContain('CRON_SECRET is too easy to guess (16 characters');
    expect(weak.text).toContain(
      'SANITY_PREVIEW_SECRET and SANITY_REVALIDATE_SECRET hold the same value',
    );
    expect(weak.text).not.toContain(SECRET);
  });
});

describe('database', () => {
  it('passes when the database answers with every migration applied', async () => {
    const result = await check('database', contextOf(envOf()));
    expect(result).toMatchObject({
      status: 'pass',
      keys: ['databaseEmbedded', 'databaseMigrated'],
    });
  });

  it('fails a database with migrations to apply, and one that does not answer', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://', migrate: false });
    const pending = await check(
      'database',
      contextOf(envOf(), { database: async () => ({ handle: fresh, close: true }) }),
    );
    expect(pending).toMatchObject({
      status: 'fail',
      keys: ['databaseEmbedded', 'databasePending', 'databasePendingFix'],
    });
    const broken = await check(
      'database',
      contextOf(envOf(), {
        database: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      }),
    );
    expect(broken).toMatchObject({
      status: 'fail',
      keys: ['databaseUnreachable', 'databaseUnreachableFix'],
    });
    expect(broken.text).toContain(
      'The database did not answer: connect ECONNREFUSED 127.0.0.1:5432.',
    );
  });
});

describe('data folders', () => {
  it('passes when the site can write in each folder, with the free space in GB', async () => {
    const root = tempTree('tcsa-folders-', {});
    const env = envOf({
      PGLITE_DATA_DIR: path.join(root, 'data', 'pglite'),
      BACKUP_DIR: path.join(root, 'backups'),
    });
    const result = await check('folders', contextOf(env));
    expect(result.status).toBe('pass');
    // The data folder, the uploads beside the database, the backups (made by their first use).
    expect(result.keys).toEqual(['folderReady', 'folderReady', 'folderReady']);
    expect(result.text).toMatch(
      new RegExp(
        `${path.join(root, 'data', 'uploads')}: the site can write there, and [\\d.]+ GB are free\\.`,
      ),
    );
  });

  it('fails a folder the site cannot write in, and one without the free space', async () => {
    const root = tempTree('tcsa-folders-', { 'a-file': 'not a folder' });
    const env = envOf({
      PGLITE_DATA_DIR: path.join(root, 'data', 'pglite'),
      BACKUP_DIR: path.join(root, 'a-file', 'backups'),
    });
    const blocked = await check('folders', contextOf(env));
    expect(blocked.status).toBe('fail');
    expect(blocked.text).toContain(
      `The site cannot write in ${path.join(root, 'a-file')}: ENOTDIR`,
    );
    expect(blocked.text).toContain(`sudo chown -R tcsa:tcsa ${path.join(root, 'a-file')}`);
    const full = await check(
      'folders',
      contextOf(envOf({ PGLITE_DATA_DIR: path.join(root, 'data', 'pglite') }), {
        minFreeBytes: Number.MAX_SAFE_INTEGER,
      }),
    );
    expect(full.status).toBe('fail');
    expect(full.keys).toContain('folderFull');
  });
});

describe('scheduled work', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  const run = (minutesAgo: number, error: string | null = null) => ({
    startedAt: new Date(now.getTime() - minutesAgo * 60_000 - 1_000),
    finishedAt: new Date(now.getTime() - minutesAgo * 60_000),
    error,
  });

  it('passes when it ran within the last 5 minutes', async () => {
    const result = await check('scheduledWork', contextOf(envOf(), { now, scheduledWork: run(1) }));
    expect(result.status).toBe('pass');
    expect(result.text).toContain('last ran at 2026-11-27 09:59, within the last 5 minutes.');
  });

  it('fails when it ran too long ago, failed, has not run yet, or no site runs', async () => {
    const expectations: Array<[SystemContext['scheduledWork'], string]> = [
      [run(6), 'scheduledLate'],
      [run(0, 'the database is gone'), 'scheduledFailed'],
      [null, 'scheduledNotYet'],
      ['not-running', 'scheduledNoSite'],
    ];
    for (const [scheduledWork, key] of expectations) {
      const result = await check('scheduledWork', contextOf(envOf(), { now, scheduledWork }));
      expect(result.status, key).toBe('fail');
      expect(result.keys[0]).toBe(key);
    }
  });
});

describe('backups and the tested restore', () => {
  it('pass with a backup of last night and a restore tested this term', async () => {
    const folder = tempTree('tcsa-backups-', { 'tcsa-2026-11-27T0915Z.tar.gz': 'archive' });
    await writeRestoreRecord(folder, {
      testedAt: new Date(Date.now() - 30 * 86_400_000),
      backup: 'tcsa-2026-10-28T0915Z.tar.gz',
    });
    const env = envOf({ BACKUP_DIR: folder });
    const backups = await check('backups', contextOf(env));
    expect(backups.status).toBe('pass');
    expect(backups.text).toContain(
      'The newest backup, tcsa-2026-11-27T0915Z.tar.gz, was written at',
    );
    const restore = await check('restoreTest', contextOf(env));
    expect(restore.status).toBe('pass');
    expect(restore.text).toContain('A restore of tcsa-2026-10-28T0915Z.tar.gz was tested on');
  });

  it('fail with no backup, an old one, no tested restore, or an old one', async () => {
    const folder = tempTree('tcsa-backups-', {});
    const env = envOf({ BACKUP_DIR: folder });
    expect((await check('backups', contextOf(env))).keys).toEqual(['backupNone', 'backupNoneFix']);
    expect((await check('restoreTest', contextOf(env))).keys).toEqual([
      'restoreNever',
      'restoreFix',
    ]);
    const old = path.join(folder, 'tcsa-2026-11-25T0915Z.tar.gz');
    writeFileSync(old, 'archive');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    writeFileSync(path.join(folder, 'notes.txt'), 'not a backup');
    expect((await check('backups', contextOf(env))).keys).toEqual(['backupOld', 'backupOldFix']);
    await writeRestoreRecord(folder, {
      testedAt: new Date(Date.now() - 200 * 86_400_000),
      backup: 'tcsa-2026-05-01T0915Z.tar.gz',
    });
    expect((await check('restoreTest', contextOf(env))).keys).toEqual(['restoreOld', 'restoreFix']);
  });
});

describe('reverse proxy', () => {
  const site = { NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' };
  const through = (
    forwardedFor: string | null,
    more: Partial<NonNullable<SystemContext['request']>> = {},
  ) => ({
    forwardedFor,
    forwardedProto: 'https',
    host: 'tcsa.example.org',
    clientAddress: forwardedFor?.split(',').at(-1)?.trim() ?? '127.0.0.1',
    ...more,
  });

  it('passes when TRUSTED_PROXY_HOPS counts the proxies that added an address', async () => {
    const one = await check(
      'proxy',
      contextOf(envOf({ ...site, TRUSTED_PROXY_HOPS: '1' }), { request: through('203.0.113.7') }),
    );
    expect(one).toMatchObject({ status: 'pass', keys: ['proxyMatches'] });
    // No proxy: Next.js writes the connection's own address in X-Forwarded-For.
    const none = await check(
      'proxy',
      contextOf(envOf(site), {
        request: through('::ffff:203.0.113.7', {
          clientAddress: '203.0.113.7',
          forwardedProto: 'http',
        }),
      }),
    );
    expect(none).toMatchObject({ status: 'pass', keys: ['proxyNone'] });
  });

  it('fails a proxy not trusted, a setting that trusts too many or too few, and a proxy on http', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['0', '203.0.113.7', '127.0.0.1', 'proxyUntrusted'],
      ['2', '203.0.113.7', '203.0.113.7', 'proxyTooMany'],
      ['1', '203.0.113.7, 10.0.0.2', '10.0.0.2', 'proxyTooFew'],
    ];
    for (const [hops, forwardedFor, clientAddress, key] of cases) {
      const result = await check(
        'proxy',
        contextOf(envOf({ ...site, TRUSTED_PROXY_HOPS: hops }), {
          request: through(forwardedFor, { clientAddress }),
        }),
      );
      expect(result, key).toMatchObject({ status: 'fail', keys: [key, 'proxyFix'] });
    }
    // A proxy on this machine for a visitor on it too: the address is the connection's, but the
    // proxy said https, which Next.js never writes for a plain connection.
    const loopback = await check(
      'proxy',
      contextOf(envOf(site), { request: through('127.0.0.1', { clientAddress: '127.0.0.1' }) }),
    );
    expect(loopback.keys).toEqual(['proxyUntrusted', 'proxyFix']);
    const untrusted = await check(
      'proxy',
      contextOf(envOf(site), { request: through('203.0.113.7', { clientAddress: '127.0.0.1' }) }),
    );
    expect(untrusted.text).toContain('Set TRUSTED_PROXY_HOPS=1 in .env.local');
    const plain = await check(
      'proxy',
      contextOf(envOf({ ...site, TRUSTED_PROXY_HOPS: '1' }), {
        request: through('203.0.113.7', { forwardedProto: 'http' }),
      }),
    );
    expect(plain.keys).toEqual(['proxyNotHttps', 'proxyNotHttpsFix']);
  });

  it('is not checked without a request, or for one that came to another address', async () => {
    expect((await check('proxy', contextOf(envOf(site)))).keys).toEqual(['proxyNoRequest']);
    const local = await check(
      'proxy',
      contextOf(envOf(site), { request: through(null, { host: 'localhost:3000' }) }),
    );
    expect(local).toMatchObject({ status: 'skip', keys: ['proxyNotPublic'] });
    expect(local.text).toContain('this request came to localhost:3000');
  });
});

describe('Sanity project', () => {
  const project = {
    NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org',
    NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123',
    SANITY_API_READ_TOKEN: 'sk-read-token',
  };
  const lake = /^https:\/\/abc123\.api\.sanity\.io\/v2025-10-01\/data\/query\/production\?query=/;

  afterAll(() => {
    vi.unstubAllEnvs();
    resetServerEnvForTests();
  });

  it('is not checked without a project', async () => {
    expect(await check('sanity', contextOf(envOf()))).toMatchObject({
      status: 'skip',
      keys: ['sanityNotUsed'],
    });
  });

  it('passes when the project answers and the site’s webhook route accepts its secret', async () => {
    // The webhook's own route answers, with the secret the site has.
    vi.stubEnv('SANITY_REVALIDATE_SECRET', SECRET);
    resetServerEnvForTests();
    const revalidate = createRevalidateHandler();
    const fetcher = fakeFetch([
      [lake, () => Response.json({ result: 12 })],
      [
        /^https:\/\/tcsa\.example\.org\/api\/revalidate$/,
        (init) =>
          revalidate(
            new Request('https://tcsa.example.org/api/revalidate', init) as Parameters<
              typeof revalidate
            >[0],
          ),
      ],
    ]);
    const result = await check(
      'sanity',
      contextOf(envOf({ ...project, SANITY_REVALIDATE_SECRET: SECRET }), { fetch: fetcher }),
    );
    expect(result).toMatchObject({ status: 'pass', keys: ['sanityAnswers', 'webhookAccepted'] });
    expect(fetcher.calls).toEqual([
      expect.stringMatching(/^GET https:\/\/abc123\.api\.sanity\.io/),
      'POST https://tcsa.example.org/api/revalidate',
    ]);
    // With another secret, the same route refuses it.
    const refused = await check(
      'sanity',
      contextOf(envOf({ ...project, SANITY_REVALIDATE_SECRET: OTHER_SECRET }), { fetch: fetcher }),
    );
    expect(refused).toMatchObject({
      status: 'fail',
      keys: ['sanityAnswers', 'webhookRefused', 'webhookSecretFix'],
    });
    expect(refused.text).toContain('answered with status 401');
  });

  it('fails a token the project refuses, and a site without the webhook’s secret', async () => {
    const fetcher = fakeFetch([[lake, () => new Response('{}', { status: 401 })]]);
    const result = await check('sanity', contextOf(envOf(project), { fetch: fetcher }));
    expect(result).toMatchObject({
      status: 'fail',
      keys: ['sanityRefused', 'webhookSecretUnset', 'sanityTokenFix', 'webhookSecretFix'],
    });
  });
});

describe('every check', () => {
  it('answers within its time, and says so when a check fails to finish or throws', async () => {
    const hanging = (() => new Promise<Response>(() => {})) as typeof fetch;
    const env = envOf({ NEXT_PUBLIC_SITE_URL: 'https://tcsa.example.org' });
    const late = await check('publicAddress', contextOf(env, { fetch: hanging, timeoutMs: 100 }));
    expect(late).toMatchObject({ status: 'fail', keys: ['checkTimedOut', 'checkTimedOutFix'] });
    // The backups folder is a file: reading it fails in a way no check foresees.
    const file = path.join(tempTree('tcsa-odd-', { 'a-file': 'x' }), 'a-file');
    const thrown = await check('backups', contextOf(envOf({ BACKUP_DIR: file })));
    expect(thrown).toMatchObject({ status: 'fail', keys: ['checkError', 'checkErrorFix'] });
    expect(thrown.text).toContain('ENOTDIR');
  });

  it('runs them all, in the page’s order', async () => {
    const folder = tempTree('tcsa-all-', {});
    const results = await runSystemChecks(
      contextOf(envOf({ PGLITE_DATA_DIR: path.join(folder, 'pglite'), BACKUP_DIR: folder })),
    );
    expect(results.map((result) => result.id)).toEqual([
      'publicAddress',
      'email',
      'secrets',
      'database',
      'folders',
      'scheduledWork',
      'backups',
      'restoreTest',
      'proxy',
      'sanity',
    ]);
  });
});
