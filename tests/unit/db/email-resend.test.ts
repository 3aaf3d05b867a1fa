import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resendOutboxEmail } from '@/app/(admin)/admin/(console)/emails/actions';
import type { SignedIn } from '@/lib/auth/session';
import { adminUsers, auditLog, emailOutbox } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import { queueEmail } from '@/lib/mail/outbox';
import { resendOutcomeMessage } from '@/lib/mail/resend-outcome';
import { closeConfiguredTransports } from '@/lib/mail/sender';
import { startMailbox, type Mailbox } from './support/mailbox';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The console's 'Resend' on one email, as the page calls it: that email alone is sent, and the
 * answer is that email's outcome. (Who may call it is proven by the console's guard tests.)
 */

const coordinator: SignedIn = {
  id: 'resend-staff',
  name: 'Mei Chen',
  email: 'mei@example.org',
  role: 'coordinator',
};

vi.mock('next/cache', () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  unstable_cache: <T>(fn: T) => fn,
}));
vi.mock('@/lib/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/session')>()),
  getSignedIn: async () => coordinator,
  actorFor: async () => coordinator,
}));

let database: TestDatabase;
let mailbox: Mailbox;
const smtpUrlBefore = process.env.SMTP_URL;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await database.db.insert(adminUsers).values({
    id: coordinator.id,
    name: coordinator.name,
    email: coordinator.email,
    role: coordinator.role,
  });
  mailbox = await startMailbox({
    refuse: { address: 'gone@example.org', message: 'No such mailbox here' },
  });
});
afterEach(() => {
  if (smtpUrlBefore === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = smtpUrlBefore;
  resetServerEnvForTests();
});
afterAll(async () => {
  // The pooled SMTP connection stays open until closed, and the server's close waits 30 s for it.
  closeConfiguredTransports();
  await mailbox.close();
  await database.dispose();
});

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetServerEnvForTests();
}

let queued = 0;
async function queue(to: string) {
  queued += 1;
  await queueEmail(database.db, {
    dedupeKey: `resend-test:${queued}`,
    kind: 'test',
    to,
    email: { subject: `Email ${queued}`, text: 'Hello', html: '<p>Hello</p>', attachments: [] },
  });
  const [row] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `resend-test:${queued}`));
  return row!;
}

function resend(id: number) {
  const form = new FormData();
  form.set('emailId', String(id));
  return resendOutboxEmail({}, form);
}

describe(`'Resend' on one email (${DATABASE_UNDER_TEST})`, () => {
  it('sends that email only and says it was sent', async () => {
    useSmtp(mailbox.url);
    const others = [await queue('first@example.org'), await queue('third@example.org')];
    const chosen = await queue('second@example.org');
    const before = mailbox.received.length;

    expect(await resend(chosen.id)).toEqual({ done: 'Sent: the SMTP server accepted it.' });
    expect(mailbox.received.slice(before).map((mail) => mail.to)).toEqual(['second@example.org']);
    for (const other of others) {
      const [row] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, other.id));
      expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    }
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.resend'), eq(auditLog.recordId, String(chosen.id))));
    expect(audit).toHaveLength(1);
  });

  it('says why that email was not sent, and when it is tried again', async () => {
    useSmtp(mailbox.url);
    const refused = await queue('gone@example.org');
    const outcome = await resend(refused.id);
    expect(outcome.done).toBeUndefined();
    expect(outcome.error).toMatch(
      /^Not sent: the SMTP server did not accept it \(.*550 No such mailbox here\)\. The site tries again /,
    );
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, refused.id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toContain('No such mailbox here');
  });

  it('says the email waits when no SMTP server is set up', async () => {
    useSmtp(undefined);
    const waiting = await queue('waiting@example.org');
    expect(await resend(waiting.id)).toEqual({
      done: 'Queued again, not sent: no SMTP server is set up (SMTP_URL). It goes out once one is.',
    });
    expect(await resend(999_999)).toEqual({ error: 'This email does not exist.' });
  });

  it('words every outcome of one email', () => {
    expect(resendOutcomeMessage({ state: 'busy' }).done).toContain('being sent right now');
    expect(resendOutcomeMessage({ state: 'failed', reason: '421 Busy', retryAt: null }).error).toBe(
      'Not sent: the SMTP server did not accept it (421 Busy). The site does not try again by itself; Resend tries once more.',
    );
  });
});
