import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/lib/db/schema';
import {
  MEMBERSHIP_MISMATCH_MESSAGE,
  checkMemberForEvent,
  queueMemberCheckNotice,
} from '@/lib/memberships/verify';
import type { MembershipStatus } from '@/lib/memberships/statuses';
import { addApplication, addMembershipType } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
const NOW = new Date('2026-11-25T15:00:00Z');
const EVENT = new Date('2026-12-12T23:00:00Z');
/** The club's address of the membership year (support/memberships.ts), which the notice names. */
const CONTACT = 'tcsa.telfer@gmail.com';

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database?.close();
});

let nextNumber = 100;
async function member(status: MembershipStatus, values: Record<string, unknown> = {}) {
  const type = await addMembershipType(database.db);
  nextNumber += 1;
  return addApplication(database.db, type, {
    status,
    memberId: `TCSA-26-${String(nextNumber).padStart(4, '0')}`,
    ...values,
  });
}

const check = (memberId: string, email: string, eventStartsAt: Date | null = EVENT) =>
  checkMemberForEvent(database.db, {
    memberId,
    email,
    eventStartsAt,
    now: NOW,
  });

describe(`checking a member at registration (${DATABASE_UNDER_TEST})`, () => {
  it('takes an active member whose ID and email match, whatever the case and spaces', async () => {
    const active = await member('active');
    const typed = ` ${active.memberId!.toLowerCase()} `;
    expect(await check(typed, active.uottawaEmail.toUpperCase())).toEqual({
      ok: true,
      membershipId: active.id,
      memberId: active.memberId,
    });
  });

  it('compares the address by its key: full-width letters and a +tag are the same address', async () => {
    const active = await member('active', { uottawaEmail: `key${nextNumber}@uottawa.ca` });
    const [local] = active.uottawaEmail.split('@') as [string];
    const fullWidth = [...`${local}@uottawa.ca`]
      .map((char) =>
        /[a-z0-9]/.test(char) ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char,
      )
      .join('');
    for (const typed of [fullWidth, `${local}+events@uottawa.ca`]) {
      expect(await check(active.memberId!, typed)).toMatchObject({ ok: true });
    }
  });

  it('never says which half of a wrong pair is wrong', async () => {
    const active = await member('active');
    const other = await member('active');
    const wrongEmail = await check(active.memberId!, other.uottawaEmail);
    const unknownId = await check('TCSA-26-9999', active.uottawaEmail);
    const notAnId = await check('hello', active.uottawaEmail);
    const unknownBoth = await check('TCSA-26-9998', 'nobody@uottawa.ca');
    for (const answer of [wrongEmail, unknownId, notAnId, unknownBoth]) {
      expect(answer).toEqual({ ok: false, message: MEMBERSHIP_MISMATCH_MESSAGE, refusal: null });
    }
  });

  it('answers a suspended, unpaid, expired or refunded member in the words of a wrong pair, keeping the reason for their email', async () => {
    const suspended = await member('suspended', {
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2027-01-31',
      suspensionReason: 'Two no-shows',
    });
    const pending = await member('pending');
    const review = await member('payment_review');
    const expired = await member('expired');
    const refunded = await member('refunded');
    const cases: [typeof suspended, string][] = [
      [suspended, 'suspended'],
      [pending, 'not_active'],
      [review, 'not_active'],
      [expired, 'expired'],
      [refunded, 'ended'],
    ];
    for (const [membership, reason] of cases) {
      const answer = await check(membership.memberId!, membership.uottawaEmail);
      expect(answer).toMatchObject({
        ok: false,
        message: MEMBERSHIP_MISMATCH_MESSAGE,
        refusal: { membershipId: membership.id, reason },
      });
    }
    expect(await check(suspended.memberId!, suspended.uottawaEmail)).toMatchObject({
      refusal: { suspendedUntil: '2027-01-31' },
    });
  });

  it('refuses an active membership that does not cover the event’s day', async () => {
    const winter = await member('active', { validFrom: '2027-01-01', validUntil: '2027-08-31' });
    const answer = await check(winter.memberId!, winter.uottawaEmail);
    expect(answer).toMatchObject({
      ok: false,
      message: MEMBERSHIP_MISMATCH_MESSAGE,
      refusal: { reason: 'not_valid_on_event_date', validFrom: '2027-01-01' },
    });
    expect(
      await check(winter.memberId!, winter.uottawaEmail, new Date('2027-02-01T23:00:00Z')),
    ).toMatchObject({ ok: true });
  });

  it('emails the member why, at most once an hour; a wrong pair emails nobody', async () => {
    const suspended = await member('suspended', {
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2027-01-31',
      suspensionReason: 'Two no-shows',
    });
    const notices = () =>
      database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.membershipId, suspended.id),
            eq(emailOutbox.kind, 'membership-member-check'),
          ),
        );
    const refused = await check(suspended.memberId!, suspended.uottawaEmail);
    if (refused.ok) throw new Error('A suspended member was taken.');
    const event = { title: 'Deloitte office tour' };
    expect(await queueMemberCheckNotice(database.db, refused, event, NOW)).toBe(true);
    const inHalfAnHour = new Date(NOW.getTime() + 30 * 60_000);
    expect(await queueMemberCheckNotice(database.db, refused, event, inHalfAnHour)).toBe(false);
    const [notice] = await notices();
    expect(notice).toMatchObject({ toAddress: suspended.uottawaEmail });
    expect(notice!.textBody).toContain('suspended until January 31, 2027');
    expect(notice!.textBody).toContain('Deloitte office tour');
    expect(notice!.textBody).toContain(CONTACT);
    expect(await notices()).toHaveLength(1);
    const inAnHour = new Date(NOW.getTime() + 61 * 60_000);
    expect(await queueMemberCheckNotice(database.db, refused, event, inAnHour)).toBe(true);
    expect(await notices()).toHaveLength(2);

    const before = await database.db.select({ id: emailOutbox.id }).from(emailOutbox);
    const wrong = await check(suspended.memberId!, 'someone.else@uottawa.ca');
    if (wrong.ok) throw new Error('A wrong pair was taken.');
    expect(await queueMemberCheckNotice(database.db, wrong, event, NOW)).toBe(false);
    expect(await database.db.select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(
      before.length,
    );
  });
});
