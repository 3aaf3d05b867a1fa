import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyAtAGlance, moneyCsv, MONEY_COLUMNS } from '@/lib/memberships/money';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import { completeRefund, recordRefund } from '@/lib/memberships/refunds';
import { addApplication, addMembershipType, addStaff, TEST_YEAR } from './support/memberships';
import { parseCsv } from './support/parse-csv';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Money at a glance: collected (confirmed payments), refunded (refunds done) and net, per type and
 * per month, and what waits, from the same records finance writes.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const finance = { id: 'finance-glance', name: 'Grace Wu' };
let references = 0;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addStaff(database.db, finance, 'finance');
});
afterAll(async () => {
  await database.dispose();
});

async function paid(
  type: Awaited<ReturnType<typeof addMembershipType>>,
  amountCents: number,
  receivedOn: string,
  confirm = true,
) {
  const applied = await addApplication(database.db, type, { emailConfirmedAt: now });
  const recorded = await recordPayment(database.db, finance, {
    membershipId: applied.id,
    method: 'etransfer',
    amountCents,
    receivedOn,
    transactionReference: `CAglance${process.pid}x${(references += 1)}`,
    now,
  });
  if (!recorded.ok) throw new Error(recorded.message);
  if (confirm) {
    const confirmed = await confirmPayment(database.db, finance, {
      paymentId: recorded.payment.id,
      now,
    });
    if (!confirmed.ok) throw new Error(confirmed.message);
  }
  return recorded.payment;
}

describe(`money at a glance (${DATABASE_UNDER_TEST})`, () => {
  it('sums collected, refunded and net per type and per month, and what waits', async () => {
    const regular = await addMembershipType(database.db, { name: 'Regular', priceCents: 3000 });
    const winter = await addMembershipType(database.db, { name: 'Winter', priceCents: 1500 });
    await paid(regular, 3000, '2026-10-02');
    const refundedOne = await paid(regular, 3000, '2026-11-03');
    await paid(winter, 1500, '2026-11-20');
    // Recorded, not confirmed: waiting, not collected.
    await paid(winter, 1500, '2026-11-24', false);
    // An unpaid application.
    await addApplication(database.db, regular, { emailConfirmedAt: now });

    const refund = await recordRefund(database.db, finance, {
      paymentId: refundedOne.id,
      amountCents: 1000,
      reason: 'Goodwill',
      endsMembership: false,
      now,
    });
    if (!refund.ok) throw new Error(refund.message);
    let money = await moneyAtAGlance(database.db, TEST_YEAR);
    // Pending: waiting, not refunded yet.
    expect(money.totals).toEqual([
      {
        currency: 'CAD',
        collectedCents: 7500,
        refundedCents: 0,
        netCents: 7500,
        payments: 3,
        refunds: 0,
      },
    ]);
    expect(money.waiting).toEqual({
      paymentsToConfirm: 1,
      paymentsToConfirmCents: { CAD: 1500 },
      refundsToSend: 1,
      refundsToSendCents: { CAD: 1000 },
      applicationsUnpaid: 2,
    });

    const done = await completeRefund(database.db, finance, {
      refundId: refund.refund.id,
      refundedOn: '2026-12-01',
      now: new Date('2026-12-02T15:00:00Z'),
    });
    if (!done.ok) throw new Error(done.message);
    money = await moneyAtAGlance(database.db, TEST_YEAR);
    expect(money.totals[0]).toMatchObject({
      collectedCents: 7500,
      refundedCents: 1000,
      netCents: 6500,
    });
    expect(
      money.byType.map((line) => [line.typeName, line.collectedCents, line.refundedCents]),
    ).toEqual([
      ['Regular', 6000, 1000],
      ['Winter', 1500, 0],
    ]);
    expect(
      money.byMonth.map((line) => [line.month, line.collectedCents, line.refundedCents]),
    ).toEqual([
      ['2026-10', 3000, 0],
      ['2026-11', 4500, 0],
      ['2026-12', 0, 1000],
    ]);
    expect(money.waiting.refundsToSend).toBe(0);

    const [header, ...rows] = parseCsv(moneyCsv(money));
    expect(header).toEqual([...MONEY_COLUMNS]);
    expect(rows[0]).toEqual(['2026–27', 'Whole year', 'CAD', '75.00', '10.00', '65.00', '3', '1']);
    expect(rows.map((row) => row[1])).toEqual([
      'Whole year',
      'Type: Regular',
      'Type: Winter',
      'Month: October 2026',
      'Month: November 2026',
      'Month: December 2026',
    ]);
  });

  it('says nothing was collected in a year without payments', async () => {
    const money = await moneyAtAGlance(database.db, 2031);
    expect(money).toMatchObject({ totals: [], byType: [], byMonth: [] });
    expect(money.waiting.paymentsToConfirm).toBe(0);
  });
});
