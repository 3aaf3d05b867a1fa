/**
 * npm run doctor [-- --site <url>] [-- --restore-tested <backup file>] — is this site ready to
 * go live? Prints each check of the console's System page (lib/admin/system-checks.ts) with what
 * to do when it fails, and exits with code 1 when one fails (2 when it cannot run at all).
 *
 * Run it on the server, as the site's user (`sudo -u tcsa npm run doctor`), in the site's folder:
 * it reads the same .env files as the site. It asks the running site for its checks through the
 * public address (NEXT_PUBLIC_SITE_URL), as a visitor reaches it, so the proxy's headers on that
 * request are checked too; when the public address does not answer it asks the site at --site
 * (default http://localhost:$PORT, 3000); when no site answers it checks the configuration itself
 * (and the scheduled work fails: nothing runs it). The site knows the command by a token the
 * command keeps in the site's data folder (<data folder>/doctor-token).
 *
 * --restore-tested <backup file>: first records that a restore of that backup was tested today
 * (README, 'Keeping the data'), in the backups folder, where the check reads it.
 */
import './lib/env-files.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CHECK_IDS,
  type CheckResult,
  errorText,
  type Said,
  runSystemChecks,
} from '@/lib/admin/system-checks';
import {
  backupsFolder,
  ensureDoctorToken,
  siteDataFolder,
  writeRestoreRecord,
} from '@/lib/admin/system-records';
import { DOCTOR_ROUTE } from '@/lib/admin/system-route';
import { defaultCopy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { configuredOpenOptions, openDatabase } from '@/lib/db/client';
import { getServerEnv, type ServerEnv } from '@/lib/env/server';

const USAGE =
  'Usage: npm run doctor [-- --site <url of the running site>] [--restore-tested <backup file>]';
const copy = defaultCopy('system');
const NAMES: Record<(typeof CHECK_IDS)[number], string> = {
  publicAddress: copy.publicAddressName,
  email: copy.emailName,
  secrets: copy.secretsName,
  database: copy.databaseName,
  folders: copy.foldersName,
  scheduledWork: copy.scheduledWorkName,
  backups: copy.backupsName,
  restoreTest: copy.restoreTestName,
  proxy: copy.proxyName,
  sanity: copy.sanityName,
};
const MARKS = { pass: '✓', fail: '✗', skip: '–' } as const;
const STATUS_WORDS = { pass: copy.passed, fail: copy.failed, skip: copy.skipped } as const;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values: { site?: string; 'restore-tested'?: string };
try {
  values = parseArgs({
    options: { site: { type: 'string' }, 'restore-tested': { type: 'string' } },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

let env: ServerEnv;
try {
  env = getServerEnv();
} catch (error) {
  fail(`The site's settings are not valid, so it would not start: ${(error as Error).message}`);
}

const localSite = values.site ?? `http://localhost:${process.env.PORT || 3000}`;
try {
  new URL(localSite);
} catch {
  fail(`--site must be a URL such as http://localhost:3000, not "${localSite}".`);
}

const tested = values['restore-tested'];
if (tested !== undefined) {
  const backup = path.basename(tested.trim());
  if (!/^tcsa-[\w.-]+$/.test(backup)) {
    fail(
      `--restore-tested names the backup file you restored, e.g. tcsa-2026-11-25T2301Z.tar.gz, not "${tested}".`,
    );
  }
  await writeRestoreRecord(backupsFolder(env), { testedAt: new Date(), backup });
  console.log(`Recorded: a restore of ${backup} was tested today.`);
}

/** The running site's checks at `origin`, or why they could not be had. */
async function askSite(
  origin: string,
  token: string,
): Promise<{ checks: CheckResult[] } | { problem: string }> {
  try {
    const answer = await fetch(new URL(DOCTOR_ROUTE, origin), {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
    if (answer.ok) return (await answer.json()) as { checks: CheckResult[] };
    if (answer.status === 404 || answer.status === 401) {
      return {
        problem:
          `${origin} answered ${answer.status}: that site keeps its data in another folder than ` +
          `${siteDataFolder(env)}, or runs as another user than this command. Run the command in ` +
          "the site's folder, as the site's user.",
      };
    }
    return { problem: `${origin} answered ${answer.status}.` };
  } catch (error) {
    return { problem: `${origin} did not answer (${errorText(error)}).` };
  }
}

const token = await ensureDoctorToken(env);
const notes: string[] = [];
let checks: CheckResult[] | null = null;
const publicAddress = env.NEXT_PUBLIC_SITE_URL ? new URL(env.NEXT_PUBLIC_SITE_URL).origin : null;
for (const origin of [publicAddress, new URL(localSite).origin]) {
  if (!origin) continue;
  const answer = await askSite(origin, token);
  if ('checks' in answer) {
    checks = answer.checks;
    notes.push(`Asked the running site at ${origin}.`);
    break;
  }
  notes.push(answer.problem);
}
if (!checks) {
  notes.push('No running site answered: checked the configuration here.');
  checks = await runSystemChecks({
    env,
    request: null,
    database: async () => ({
      handle: await openDatabase({ ...configuredOpenOptions(), migrate: false }),
      close: true,
    }),
    scheduledWork: 'not-running',
  });
}

const line = (said: Said) => fillCopy(copy[said.key], said.values ?? {});
console.log(notes.join('\n'));
for (const check of checks) {
  console.log(`\n${MARKS[check.status]} ${NAMES[check.id]}: ${STATUS_WORDS[check.status]}`);
  for (const said of check.found) console.log(`    ${line(said)}`);
  for (const said of check.fix) console.log(`    ${copy.whatToDo}: ${line(said)}`);
}
const count = (status: CheckResult['status']) => checks.filter((c) => c.status === status).length;
console.log(`\n${count('pass')} passed, ${count('fail')} failed, ${count('skip')} not checked.`);
process.exitCode = count('fail') > 0 ? 1 : 0;
