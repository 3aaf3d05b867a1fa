import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, type NewEvent } from '@/lib/db/schema';
import { addRegistrationByHand, registerForEvent } from '@/lib/registrations/intake';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

/**
 * Every status a registration can be made in (confirmed, waitlisted, awaiting review) emails
 * the person what it is, with their personal link: the email is what tells them the truth when
 * their app shows every success alike.
 */

let database: TestDatabase;
const now = new Date('2026-11-24T15:00:00Z');
const staff = { kind: 'staff' as const, userId: 'staff-mail', name: 'Mei Chen' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'mei.mail@example.org');
});
afterAll(async () => {
  await database.dispose();
});

const makeEvent = (settings: Partial<NewEvent> = {}) =>
  insertEvent(database.db, {
    title: 'Office tour',
    startsAt: new Date(now.getTime() + 72 * 3_600_000),
    location: 'Deloitte, 100 Queen St',
    capacity: 5,
    ...settings,
  });

async function outboxOf(registrationId: number) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.registrationId, registrationId))
    .orderBy(asc(emailOutbox.id));
}

describe(`registration emails (${DATABASE_UNDER_TEST})`, () => {
  it('a registration that waits for review is emailed: received, awaiting review, with its link', async () => {
    const event = await makeEvent({ requiresReview: true });
    const outcome = await registerForEvent(
      database.db,
      event.id,
      { firstName: 'Lin', lastName: 'Wang', email: 'lin.review@example.org' },
      now,
    );
    if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
    expect(outcome.registration.status).toBe('submitted');
    const mails = await outboxOf(outcome.registration.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: 'review_received',
      toAddress: 'lin.review@example.org',
      subject: 'We received your registration for Office tour',
    });
    expect(mail!.textBody).toContain('Hi Lin,');
    expect(mail!.textBody).toContain('you do not have a place yet');
    expect(mail!.textBody).toContain(`/registrations/${outcome.manageToken}`);
    expect(mail!.htmlBody).toContain(`/registrations/${outcome.manageToken}`);
  });

  it('each status a registration can be made in has its email with the personal link', async () => {
    const open = await makeEvent({ capacity: 1, waitlistEnabled: true });
    const review = await makeEvent({ requiresReview: true });
    const kinds: Record<string, string> = {};
    for (const [index, status] of (['confirmed', 'waitlisted', 'submitted'] as const).entries()) {
      const outcome = await addRegistrationByHand(
        database.db,
        status === 'submitted' ? review.id : open.id,
        { firstName: 'Hao', lastName: 'Zhang', email: `hao${index}@example.org`, status },
        staff,
        now,
      );
      if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
      const mails = await outboxOf(outcome.registration.id);
      expect(mails, status).toHaveLength(1);
      expect(mails[0]!.textBody, status).toContain(`/registrations/${outcome.manageToken}`);
      kinds[status] = mails[0]!.kind;
    }
    expect(kinds).toEqual({
      confirmed: 'confirmed',
      waitlisted: 'waitlisted',
      submitted: 'review_received',
    });
  });
});
