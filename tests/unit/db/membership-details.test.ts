import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postChangeRequest } from '@/app/api/membership/change-requests/route';
import { POST as postConfirmation } from '@/app/api/membership/change-requests/confirm/route';
import {
  auditLog,
  emailOutbox,
  membershipChangeRequests,
  membershipStatusChanges,
  memberships,
} from '@/lib/db/schema';
import {
  confirmChangeRequest,
  readChangeRequestLink,
  storeChangeRequest,
} from '@/lib/memberships/change-requests';
import {
  NOTHING_CHANGED_MESSAGE,
  correctMembershipDetails,
  correctionsOf,
  detailValuesOf,
} from '@/lib/memberships/details';
import { CHANGE_REQUEST_CHECK_INBOX } from '@/lib/memberships/public-endpoints';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import { changeMembershipStatus } from '@/lib/memberships/status';
import { TOKEN } from '../api/support/register';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

vi.mock('next/cache', () => import('../api/support/next-cache'));

/**
 * Details that change: staff correct a member's details with a reason (audit before and after,
 * shown on the member's page), a change request counts once confirmed from the membership's own
 * uOttawa address and is then applied in one step, and a pending application made in error is
 * cancelled, which frees its address, unless it holds money.
 */

let database: TestDatabase;
let type: Awaited<ReturnType<typeof addMembershipType>>;
const now = new Date('2026-11-25T15:00:00Z');
const coordinator = { id: 'coordinator-d1', name: 'Mei Chen' };
const finance = { id: 'finance-d2', name: 'Grace Wu' };
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, coordinator, 'coordinator');
  await addStaff(database.db, finance, 'finance');
  type = await addMembershipType(database.db);
});
afterAll(async () => {
  await database.dispose();
});

/** A confirmed application (it counts: it holds its address for the year). */
function confirmedApplication(values: Partial<typeof memberships.$inferInsert> = {}) {
  return addApplication(database.db, type, { emailConfirmedAt: now, ...values });
}

async function activeMember() {
  const application = await confirmedApplication();
  counter += 1;
  const recorded = await recordPayment(database.db, finance, {
    membershipId: application.id,
    method: 'etransfer',
    amountCents: type.priceCents,
    receivedOn: '2026-11-20',
    transactionReference: `DT${process.pid}-${counter}`,
    now,
  });
  if (!recorded.ok) throw new Error(recorded.message);
  const confirmed = await confirmPayment(database.db, finance, {
    paymentId: recorded.payment.id,
    now,
  });
  if (!confirmed.ok) throw new Error(confirmed.message);
  return confirmed.membership;
}

async function row(id: number) {
  const [found] = await database.db.select().from(memberships).where(eq(memberships.id, id));
  return found!;
}

async function auditOf(id: number, action: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.recordType, 'membership'),
        eq(auditLog.recordId, String(id)),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(asc(auditLog.id));
}

async function requestRow(id: number) {
  const [found] = await database.db
    .select()
    .from(membershipChangeRequests)
    .where(eq(membershipChangeRequests.id, id));
  return found!;
}

function post(handler: (request: Request) => Promise<Response>, path: string, body: unknown) {
  counter += 1;
  return handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        host: 'localhost',
        origin: 'http://localhost',
        cookie: `csrftoken=${TOKEN}`,
        'x-csrftoken': TOKEN,
        'x-tcsa-client-address': `10.8.${Math.floor(counter / 250)}.${counter % 250}`,
      },
      body: JSON.stringify(body),
    }),
  );
}

/** The confirmation emails of change requests sent to `to`, oldest first. */
async function linkEmailsTo(to: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'membership-change-confirm')))
    .orderBy(asc(emailOutbox.id));
}

function tokenIn(text: string): string {
  const token = /\/membership\/change-details\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`No confirmation link in: ${text}`);
  return token;
}

describe(`staff correct a member's details (${DATABASE_UNDER_TEST})`, () => {
  it('writes exactly the changed fields, before and after, with the reason, and the page lists it', async () => {
    const member = await activeMember();
    const values = {
      ...detailValuesOf(member),
      preferredName: 'Lily',
      program: 'BCom, Accounting',
    };
    const result = await correctMembershipDetails(database.db, coordinator, {
      membershipId: member.id,
      values,
      reason: 'Typo in the application, said at the door',
      now,
    });
    expect(result).toMatchObject({ ok: true, changed: ['preferredName', 'program'] });
    const stored = await row(member.id);
    expect(stored).toMatchObject({
      preferredName: 'Lily',
      program: 'BCom, Accounting',
      status: 'active',
    });
    const [entry, ...more] = await auditOf(member.id, 'membership.details');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: coordinator.id,
      actorName: 'Mei Chen',
      before: { preferredName: member.preferredName, program: 'BCom' },
      after: {
        preferredName: 'Lily',
        program: 'BCom, Accounting',
        reason: 'Typo in the application, said at the door',
      },
    });
    expect(entry!.summary).toContain('corrected the preferred name, program');
    expect(entry!.summary).not.toContain(member.paymentReference);
    expect(await correctionsOf(database.db, member.id)).toEqual([
      {
        id: entry!.id,
        at: now,
        actorName: 'Mei Chen',
        reason: 'Typo in the application, said at the door',
        lines: [
          { label: 'Preferred name', before: member.preferredName, after: 'Lily' },
          { label: 'Program', before: 'BCom', after: 'BCom, Accounting' },
        ],
      },
    ]);
    // The status did not change, so neither did its history.
    const history = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, member.id));
    expect(history.map((change) => change.toStatus)).toEqual(['active']);
  });

  it('requires a reason, and says when nothing changed', async () => {
    const member = await confirmedApplication();
    for (const reason of ['', '  ']) {
      const refused = await correctMembershipDetails(database.db, coordinator, {
        membershipId: member.id,
        values: { ...detailValuesOf(member), legalName: 'Lin Chen-Wang' },
        reason,
        now,
      });
      expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('reason') });
    }
    const same = await correctMembershipDetails(database.db, coordinator, {
      membershipId: member.id,
      values: detailValuesOf(member),
      reason: 'Checking',
      now,
    });
    expect(same).toEqual({ ok: false, message: NOTHING_CHANGED_MESSAGE });
    expect((await row(member.id)).legalName).toBe(member.legalName);
    expect(await auditOf(member.id, 'membership.details')).toHaveLength(0);
  });

  it('checks the values with the application rules: a uOttawa address stays @uottawa.ca', async () => {
    const member = await confirmedApplication();
    const refused = await correctMembershipDetails(database.db, coordinator, {
      membershipId: member.id,
      values: { ...detailValuesOf(member), uottawaEmail: 'lin@gmail.com', personalEmail: 'x' },
      reason: 'Member asked',
      now,
    });
    expect(refused).toMatchObject({
      ok: false,
      fields: {
        uottawaEmail: 'Use your uOttawa email: it must end with @uottawa.ca.',
        personalEmail: 'Enter a valid personal email address, or leave it empty.',
      },
    });
    expect((await row(member.id)).uottawaEmail).toBe(member.uottawaEmail);
  });

  it('refuses an address another confirmed application of the year has, with a message', async () => {
    const first = await confirmedApplication();
    const second = await confirmedApplication();
    const refused = await correctMembershipDetails(database.db, coordinator, {
      membershipId: second.id,
      // The same address as the uniqueness compares it: upper case and a +tag.
      values: {
        ...detailValuesOf(second),
        uottawaEmail: first.uottawaEmail.replace('@', '+x@').toUpperCase(),
      },
      reason: 'Member asked',
      now,
    });
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining('Another confirmed application of this membership year'),
      fields: { uottawaEmail: expect.stringContaining('one address, one application') },
    });
    expect((await row(second.id)).uottawaEmail).toBe(second.uottawaEmail);
    expect(await auditOf(second.id, 'membership.details')).toHaveLength(0);
  });
});

describe(`change requests count once confirmed from the membership's address (${DATABASE_UNDER_TEST})`, () => {
  it('answers the same whether or not it matches; the link goes to the membership’s own address', async () => {
    const member = await activeMember();
    const personal = `personal${counter}@gmail.com`;
    await database.db
      .update(memberships)
      .set({ personalEmail: personal })
      .where(eq(memberships.id, member.id));
    const matched = await post(postChangeRequest, '/api/membership/change-requests/', {
      name: 'Somebody',
      // The address as typed differently: the key matches it to the membership.
      uottawaEmail: member.uottawaEmail.toUpperCase(),
      memberId: member.memberId!.toLowerCase(),
      changes: 'Please change my personal email to thief@example.org',
    });
    const unmatched = await post(postChangeRequest, '/api/membership/change-requests/', {
      name: 'Somebody',
      uottawaEmail: member.uottawaEmail,
      memberId: 'TCSA-26-9999',
      changes: 'Please change my personal email to thief@example.org',
    });
    expect([matched.status, unmatched.status]).toEqual([201, 201]);
    type Answer = { id: number; message: string };
    const [matchedBody, unmatchedBody] = (await Promise.all([
      matched.json(),
      unmatched.json(),
    ])) as [Answer, Answer];
    expect(matchedBody.message).toBe(CHANGE_REQUEST_CHECK_INBOX);
    expect(unmatchedBody.message).toBe(CHANGE_REQUEST_CHECK_INBOX);
    expect(Object.keys(matchedBody)).toEqual(Object.keys(unmatchedBody));

    expect(await requestRow(matchedBody.id)).toMatchObject({
      membershipId: member.id,
      confirmedAt: null,
      appliedAt: null,
      confirmationHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await requestRow(unmatchedBody.id)).membershipId).toBeNull();
    const emails = await linkEmailsTo(member.uottawaEmail);
    expect(emails).toHaveLength(2);
    expect(emails[0]!.membershipId).toBe(member.id);
    expect(emails[0]!.textBody).toContain('Please change my personal email to thief@example.org');
    expect(emails[1]!.textBody).toContain('No membership matched');
    expect(await linkEmailsTo(personal)).toHaveLength(0);
    // Only the hash is stored: the token is in the email alone.
    const token = tokenIn(emails[0]!.textBody);
    expect((await requestRow(matchedBody.id)).confirmationHash).not.toContain(token);
  });

  it('without a member ID, matches the address’s confirmed membership; the typed address otherwise', async () => {
    const member = await confirmedApplication();
    const stored = await storeChangeRequest(
      database.db,
      { name: 'Lin', uottawaEmail: member.uottawaEmail, memberId: null, changes: 'My program' },
      now,
    );
    expect(stored).toMatchObject({ membershipId: member.id, emailed: true });
    const nobody = `nobody${counter}@uottawa.ca`;
    const stranger = await storeChangeRequest(
      database.db,
      { name: 'Lin', uottawaEmail: nobody, memberId: null, changes: 'My program' },
      now,
    );
    expect(stranger.membershipId).toBeNull();
    expect(await linkEmailsTo(nobody)).toHaveLength(1);
  });

  it('the link: shown without changing anything, confirmed once, then used; expired after 48 hours', async () => {
    const member = await activeMember();
    // Sent now: the endpoint confirms at the time it is called.
    const sent = new Date();
    const stored = await storeChangeRequest(
      database.db,
      {
        name: 'Lin',
        uottawaEmail: member.uottawaEmail,
        memberId: member.memberId,
        changes: 'My preferred name is Lily',
      },
      sent,
    );
    const token = tokenIn((await linkEmailsTo(member.uottawaEmail)).at(-1)!.textBody);
    expect(await readChangeRequestLink(database.db, token, sent)).toEqual({
      kind: 'open',
      name: 'Lin',
      changes: 'My preferred name is Lily',
    });
    expect((await requestRow(stored.id)).confirmedAt).toBeNull();

    const later = new Date(sent.getTime() + 47 * 3_600_000);
    const answer = await post(postConfirmation, '/api/membership/change-requests/confirm/', {
      token,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ kind: 'confirmed' });
    expect((await requestRow(stored.id)).confirmedAt).not.toBeNull();
    expect(await confirmChangeRequest(database.db, token, later)).toEqual({ kind: 'used' });
    expect(await readChangeRequestLink(database.db, token, later)).toEqual({ kind: 'used' });

    expect(await confirmChangeRequest(database.db, 'x'.repeat(43), now)).toEqual({
      kind: 'invalid',
    });
    expect(await confirmChangeRequest(database.db, 'not a token', now)).toEqual({
      kind: 'invalid',
    });

    const old = await storeChangeRequest(
      database.db,
      {
        name: 'Lin',
        uottawaEmail: member.uottawaEmail,
        memberId: member.memberId,
        changes: 'Program',
      },
      now,
    );
    const oldToken = tokenIn((await linkEmailsTo(member.uottawaEmail)).at(-1)!.textBody);
    const tooLate = new Date(now.getTime() + 48 * 3_600_000 + 1000);
    expect(await confirmChangeRequest(database.db, oldToken, tooLate)).toEqual({
      kind: 'expired',
    });
    expect((await requestRow(old.id)).confirmedAt).toBeNull();
  });

  it('an unconfirmed request is not applied; a confirmed one is applied in one step, marked applied and handled', async () => {
    const member = await activeMember();
    const stored = await storeChangeRequest(
      database.db,
      {
        name: 'Lin',
        uottawaEmail: member.uottawaEmail,
        memberId: member.memberId,
        changes: 'My personal email is lin.new@example.org',
      },
      now,
    );
    const values = { ...detailValuesOf(member), personalEmail: 'lin.new@example.org' };
    const apply = () =>
      correctMembershipDetails(database.db, coordinator, {
        membershipId: member.id,
        values,
        reason: `As asked in change request #${stored.id}`,
        changeRequestId: stored.id,
        now,
      });
    expect(await apply()).toMatchObject({
      ok: false,
      message: expect.stringContaining('not confirmed'),
    });
    expect((await row(member.id)).personalEmail).toBeNull();

    const token = tokenIn((await linkEmailsTo(member.uottawaEmail)).at(-1)!.textBody);
    expect(await confirmChangeRequest(database.db, token, now)).toEqual({ kind: 'confirmed' });
    // A request of another membership is not applied to this one.
    const other = await activeMember();
    expect(
      await correctMembershipDetails(database.db, coordinator, {
        membershipId: other.id,
        values: { ...detailValuesOf(other), personalEmail: 'lin.new@example.org' },
        reason: 'Wrong one',
        changeRequestId: stored.id,
        now,
      }),
    ).toMatchObject({ ok: false, message: 'This change request is not about this membership.' });

    expect(await apply()).toMatchObject({ ok: true, changed: ['personalEmail'] });
    expect((await row(member.id)).personalEmail).toBe('lin.new@example.org');
    expect(await requestRow(stored.id)).toMatchObject({
      appliedAt: now,
      handledAt: now,
      readAt: now,
    });
    const [entry] = await auditOf(member.id, 'membership.details');
    expect(entry!.summary).toContain(`change request #${stored.id}`);
    expect(entry!.before).toEqual({ personalEmail: null });
    expect(await apply()).toMatchObject({
      ok: false,
      message: expect.stringContaining('already applied'),
    });
  });
});

describe(`cancelling an application made in error (${DATABASE_UNDER_TEST})`, () => {
  it('frees the uOttawa address for the year', async () => {
    const mistaken = await confirmedApplication();
    const other = await confirmedApplication();
    const takeAddress = () =>
      correctMembershipDetails(database.db, coordinator, {
        membershipId: other.id,
        values: { ...detailValuesOf(other), uottawaEmail: mistaken.uottawaEmail },
        reason: 'The address was typed on the wrong application',
        now,
      });
    expect(await takeAddress()).toMatchObject({ ok: false });
    const cancelled = await changeMembershipStatus(database.db, coordinator, {
      membershipId: mistaken.id,
      to: 'cancelled',
      reason: 'Applied twice by mistake',
      now,
    });
    expect(cancelled).toMatchObject({
      ok: true,
      message: expect.stringContaining('free for the year again'),
    });
    expect(await takeAddress()).toMatchObject({ ok: true, changed: ['uottawaEmail'] });
    // Reopening the cancelled one would take the address twice: refused in words.
    expect(
      await changeMembershipStatus(database.db, coordinator, {
        membershipId: mistaken.id,
        to: 'pending',
        reason: 'Cancelled by mistake',
        now,
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('cannot be reopened') });
    expect((await row(mistaken.id)).status).toBe('cancelled');
  });

  it('is refused once a payment is confirmed (refund instead) or waits to be settled', async () => {
    const member = await activeMember();
    const reviewed = await changeMembershipStatus(database.db, coordinator, {
      membershipId: member.id,
      to: 'cancelled',
      reason: 'Test',
      now,
    });
    // An active member's cancellation is the coordinator's decision, as before; an application
    // in payment review with its payment confirmed is refunded instead.
    expect(reviewed.ok).toBe(true);

    const paid = await activeMember();
    await database.db
      .update(memberships)
      .set({ status: 'payment_review' })
      .where(eq(memberships.id, paid.id));
    expect(
      await changeMembershipStatus(database.db, coordinator, {
        membershipId: paid.id,
        to: 'cancelled',
        reason: 'Made in error',
        now,
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('refunds it instead') });

    const waiting = await confirmedApplication();
    counter += 1;
    const recorded = await recordPayment(database.db, finance, {
      membershipId: waiting.id,
      method: 'etransfer',
      amountCents: type.priceCents,
      receivedOn: '2026-11-20',
      transactionReference: `DW${process.pid}-${counter}`,
      now,
    });
    expect(recorded.ok).toBe(true);
    expect(
      await changeMembershipStatus(database.db, coordinator, {
        membershipId: waiting.id,
        to: 'cancelled',
        reason: 'Made in error',
        now,
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('not settled yet') });
    expect((await row(paid.id)).status).toBe('payment_review');
    expect((await row(waiting.id)).status).toBe('pending');
  });
});
