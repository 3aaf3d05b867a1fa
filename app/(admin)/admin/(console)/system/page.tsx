import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import {
  CHECK_IDS,
  type CheckId,
  type CheckResult,
  clubDateTime,
  runSystemChecks,
  type Said,
  type SystemCopyKey,
} from '@/lib/admin/system-checks';
import { runningSiteContext } from '@/lib/admin/system-route';
import { requireAccess } from '@/lib/auth/session';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { getCopy } from '@/lib/copy/read';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';
import system from './system.module.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getCopy('system')).title };
}

const NAME_KEYS: Record<CheckId, SystemCopyKey> = {
  publicAddress: 'publicAddressName',
  email: 'emailName',
  secrets: 'secretsName',
  database: 'databaseName',
  folders: 'foldersName',
  scheduledWork: 'scheduledWorkName',
  backups: 'backupsName',
  restoreTest: 'restoreTestName',
  proxy: 'proxyName',
  sanity: 'sanityName',
};

const STATUS_KEYS: Record<CheckResult['status'], SystemCopyKey> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'skipped',
};

function sentence(copy: Copy<'system'>, said: Said): string {
  return fillCopy(copy[said.key], said.values ?? {});
}

/**
 * The System page (system.read: super admins): whether the site is ready to run on the internet,
 * checked each time the page opens (lib/admin/system-checks.ts), the same checks as
 * `npm run doctor` on the server. Every word is the System page's Studio copy; the values in it
 * (addresses, folders, times, error messages) are the server's.
 */
export default async function SystemPage() {
  const { signedIn, allowed } = await requireAccess('system.read', '/admin/system');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const [copy, results] = await Promise.all([
    getCopy('system'),
    runSystemChecks(runningSiteContext(await headers())),
  ]);
  const byId = new Map(results.map((result) => [result.id, result]));
  const failures = results.filter((result) => result.status === 'fail').length;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>{copy.title}</h1>
      <p>{copy.intro}</p>
      <p className={system.summary}>
        {failures === 0 ? copy.allPassed : fillCopy(copy.someFailed, { count: failures })}
      </p>
      <p className={styles.muted}>
        {fillCopy(copy.checkedAt, { time: clubDateTime(new Date()) })}{' '}
        <Link href="/admin/system">{copy.checkAgain}</Link>
      </p>
      <ul className={system.checks}>
        {CHECK_IDS.map((id) => {
          const result = byId.get(id)!;
          return (
            <li key={id} className={system.check} data-status={result.status}>
              <section aria-labelledby={`check-${id}`}>
                <h2 id={`check-${id}`} className={system.checkTitle}>
                  {copy[NAME_KEYS[id]]}
                  <span className={system.status} data-status={result.status}>
                    {copy[STATUS_KEYS[result.status]]}
                  </span>
                </h2>
                {result.found.map((said, index) => (
                  <p key={index}>{sentence(copy, said)}</p>
                ))}
                {result.fix.length > 0 ? (
                  <div className={system.fix}>
                    <p>
                      <strong>{copy.whatToDo}</strong>
                    </p>
                    {result.fix.map((said, index) => (
                      <p key={index}>{sentence(copy, said)}</p>
                    ))}
                  </div>
                ) : null}
              </section>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
