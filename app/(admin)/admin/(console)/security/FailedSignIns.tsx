import { addressWords } from '@/lib/audit/addresses';
import { failedSignInAttempts, failedSignInCounts } from '@/lib/auth/sign-in-attempts';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';

/**
 * An account's sign-in attempts that failed (wrong password) or were refused while the account
 * was locked: its owner, and super admins, can tell a forgotten password from someone guessing.
 */
const COUNTED_DAYS = 30;

export async function FailedSignIns({ email, owner }: { email: string; owner: boolean }) {
  const db = await getDb();
  const [attempts, counts] = await Promise.all([
    failedSignInAttempts(db, email),
    failedSignInCounts(db, email, COUNTED_DAYS),
  ]);
  return (
    <section className={styles.panel} aria-labelledby="failed-sign-ins">
      <h2 id="failed-sign-ins" className={styles.panelTitle}>
        Failed sign-ins
      </h2>
      {attempts.length === 0 ? (
        <p className={styles.empty}>No failed sign-in.</p>
      ) : (
        <>
          <p>{summary(counts)}</p>
          <p className={styles.hint}>
            {owner
              ? 'If these were not you, someone is guessing your password: choose a long one only you know, and turn on two-factor sign-in.'
              : 'If the owner did not make these, someone is guessing the password.'}
          </p>
          <ul className={styles.list}>
            {attempts.map((attempt, index) => (
              <li key={`${attempt.at.toISOString()}-${index}`} className={styles.listItem}>
                <span>{formatConsoleDateTime(attempt.at)}</span>
                <span className={styles.muted}>
                  {attempt.outcome === 'refused'
                    ? 'Refused: the account was locked'
                    : attempt.outcome === 'device-fail'
                      ? 'Wrong password, from a remembered device'
                      : 'Wrong password'}
                  {attempt.address ? ` · ${addressWords(attempt.address)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function summary(counts: { failed: number; refused: number }): string {
  const refused =
    counts.refused > 0
      ? `, ${plural(counts.refused, 'try', 'tries')} refused while the account was locked`
      : '';
  return `In the last ${COUNTED_DAYS} days: ${plural(counts.failed, 'wrong password')}${refused}. The latest:`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
