import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MISMATCH_MESSAGE, checkMemberForEvent } from '@/lib/memberships/verify';
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
/** The club's address of the membership year (support/memberships.ts), which refusals name. */
const CONTACT = 'tcsa.telfer@gmail.com';

beforeAll(async () => {
  database = await createTestDatabase();
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

  it('never says which half of a wrong pair is wrong', async () => {
    const active = await member('active');
    const other = await member('active');
    const wrongEmail = await check(active.memberId!, other.uottawaEmail);
    const unknownId = await check('TCSA-26-9999', active.uottawaEmail);
    const notAnId = await check('hello', active.uottawaEmail);
    const unknownBoth = await check('TCSA-26-9998', 'nobody@uottawa.ca');
    for (const answer of [wrongEmail, unknownId, notAnId, unknownBoth]) {
      expect(answer).toEqual({
        ok: false,
        reason: 'mismatch',
        message: MEMBERSHIP_MISMATCH_MESSAGE,
      });
    }
  });

  it('refuses a suspended member, saying until when and whom to write to', async () => {
    const suspended = await member('suspended', {
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2027-01-31',
      suspensionReason: 'Two no-shows',
    });
    const answer = await check(suspended.memberId!, suspended.uottawaEmail);
    expect(answer).toMatchObject({ ok: false, reason: 'suspended' });
    if (answer.ok) return;
    expect(answer.message).toContain('until January 31, 2027');
    expect(answer.message).toContain(CONTACT);
  });

  it('refuses a membership not yet paid, expired, or ended, each with its own words', async () => {
    const pending = await member('pending');
    const expired = await member('expired');
    const refunded = await member('refunded');
    expect(await check(pending.memberId!, pending.uottawaEmail)).toMatchObject({
      reason: 'not_active',
    });
    expect(await check(expired.memberId!, expired.uottawaEmail)).toMatchObject({
      reason: 'not_valid_on_event_date',
    });
    expect(await check(refunded.memberId!, refunded.uottawaEmail)).toMatchObject({
      reason: 'ended',
    });
  });

  it('refuses an active membership that does not cover the event’s day', async () => {
    const winter = await member('active', { validFrom: '2027-01-01', validUntil: '2027-08-31' });
    const answer = await check(winter.memberId!, winter.uottawaEmail);
    expect(answer).toMatchObject({ ok: false, reason: 'not_valid_on_event_date' });
    if (!answer.ok) expect(answer.message).toContain('January 1, 2027 to August 31, 2027');
    expect(
      await check(winter.memberId!, winter.uottawaEmail, new Date('2027-02-01T23:00:00Z')),
    ).toMatchObject({ ok: true });
  });
});
