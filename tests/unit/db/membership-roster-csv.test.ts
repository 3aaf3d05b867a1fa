import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipPayments, membershipRefunds } from '@/lib/db/schema';
import { MEMBER_COLUMNS, membersCsv } from '@/lib/memberships/exports';
import { EMPTY_FILTER } from '@/lib/memberships/roster';
import { parseCsv } from './support/parse-csv';
import { addApplication, addMembershipType } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The roster CSV says what each member paid, got back and the club kept (finance), or only in
 * words whether they are paid (the coordinator): a refunded member is not 'paid', a reversed
 * payment counts for nothing, and money returned without ever counting was never kept.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const confirmedAt = new Date('2026-11-01T15:00:00Z');
const names = {
  refunded: 'Refunded In Full',
  partly: 'Refunded In Part',
  reversed: 'Reversed Then Unpaid',
  repaid: 'Reversed Then Repaid',
  returned: 'Returned Unconfirmed',
  pendingRefund: 'Refund Still Pending',
};

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const db = database.db;
  const type = await addMembershipType(db, { priceCents: 2500 });
  const member = async (legalName: string, status: string) =>
    (await addApplication(db, type, { legalName, status, emailConfirmedAt: confirmedAt })).id;
  const payment = async (membershipId: number, amountCents: number, state: string) => {
    const [row] = await db
      .insert(membershipPayments)
      .values({
        membershipId,
        method: 'etransfer',
        amountCents,
        receivedOn: '2026-11-02',
        transactionReference: `CA${membershipId}${state}${amountCents}`,
        state,
        recordedByName: 'Grace Wu',
      })
      .returning();
    return row!.id;
  };
  const refund = async (
    membershipId: number,
    paymentId: number | null,
    amountCents: number,
    done = true,
  ) => {
    await db.insert(membershipRefunds).values({
      membershipId,
      paymentId,
      amountCents,
      reason: 'Asked for it back.',
      state: done ? 'done' : 'pending',
      refundedOn: done ? '2026-11-20' : null,
      recordedByName: 'Grace Wu',
    });
  };

  const refunded = await member(names.refunded, 'refunded');
  await refund(refunded, await payment(refunded, 2500, 'confirmed'), 2500);

  const partly = await member(names.partly, 'active');
  await refund(partly, await payment(partly, 3000, 'confirmed'), 500);

  const reversed = await member(names.reversed, 'payment_review');
  await payment(reversed, 2500, 'reversed');

  const repaid = await member(names.repaid, 'active');
  await payment(repaid, 2500, 'reversed');
  await payment(repaid, 2500, 'confirmed');

  const returned = await member(names.returned, 'pending');
  await refund(returned, await payment(returned, 2000, 'returned'), 2000);

  const pendingRefund = await member(names.pendingRefund, 'active');
  await refund(pendingRefund, await payment(pendingRefund, 2500, 'confirmed'), 2500, false);
});
afterAll(async () => {
  await database.dispose();
});

describe(`the roster CSV’s money (${DATABASE_UNDER_TEST})`, () => {
  it('gives finance what was paid, refunded and kept, each member as their money stands', async () => {
    const { csv } = await membersCsv(database.db, EMPTY_FILTER, { withMoney: true, now });
    const [header, ...rows] = parseCsv(csv.slice(1));
    const of = (name: string) => {
      const row = rows.find((line) => line.includes(name))!;
      return ['Payment', 'Paid (CAD)', 'Refunded (CAD)', 'Kept (CAD)'].map(
        (column) => row[header!.indexOf(column)],
      );
    };
    expect(of(names.refunded)).toEqual(['Refunded', '25.00', '25.00', '0.00']);
    expect(of(names.partly)).toEqual(['Partly refunded', '30.00', '5.00', '25.00']);
    expect(of(names.reversed)).toEqual(['Not paid', '0.00', '0.00', '0.00']);
    expect(of(names.repaid)).toEqual(['Paid', '25.00', '0.00', '25.00']);
    expect(of(names.returned)).toEqual(['Not paid', '0.00', '0.00', '0.00']);
    // Not sent yet: still kept.
    expect(of(names.pendingRefund)).toEqual(['Paid', '25.00', '0.00', '25.00']);
  });

  it('gives the coordinator whether each is paid, in words, and no amount', async () => {
    const { csv } = await membersCsv(database.db, EMPTY_FILTER, { withMoney: false, now });
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([...MEMBER_COLUMNS]);
    expect(header!.some((column) => column.includes('CAD'))).toBe(false);
    expect(csv).not.toMatch(/\d+\.\d{2}|CA\$|M26-/);
    const of = (name: string) =>
      rows.find((line) => line.includes(name))![header!.indexOf('Payment')];
    expect(of(names.refunded)).toBe('Refunded');
    expect(of(names.partly)).toBe('Partly refunded');
    expect(of(names.reversed)).toBe('Not paid');
  });
});
