import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields, changeLineText, entryRecordName } from '@/lib/audit/changes';
import { auditRecordNames, listAuditEntries } from '@/lib/audit/read';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import { recordRefund } from '@/lib/memberships/refunds';
import { membershipTypeSchema, saveMembershipType } from '@/lib/memberships/settings';
import { addApplication, addMembershipType, addStaff, TEST_YEAR } from '../db/support/memberships';
import { type TestDatabase, createTestDatabase } from '../db/support/test-database';

/**
 * The audit log of a payment, its confirmation, a refund ending the membership and a price
 * change, as the console writes them, read in words: the payment and refund by what they were,
 * the type by name and year, and no field in cents, no id, no ISO day, no '→ none' for a field
 * the entry simply did not repeat.
 */

let database: TestDatabase;
const finance = { id: 'words-finance', name: 'Lin Zhao' };
const NOW = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const db = database.db;
  await addStaff(db, finance, 'super_admin');
  const type = await addMembershipType(db, { name: 'Regular', priceCents: 3000 });
  const membership = await addApplication(db, type, { legalName: 'Guo Xiaoming' });
  const paid = await recordPayment(db, finance, {
    membershipId: membership.id,
    method: 'etransfer',
    amountCents: 3000,
    receivedOn: '2026-11-24',
    transactionReference: 'CAwords01',
    now: NOW,
  });
  if (!paid.ok) throw new Error(paid.message);
  const confirmed = await confirmPayment(db, finance, { paymentId: paid.payment.id, now: NOW });
  if (!confirmed.ok) throw new Error(confirmed.message);
  const refunded = await recordRefund(db, finance, {
    paymentId: paid.payment.id,
    amountCents: 3000,
    reason: 'Leaving Ottawa for an exchange term.',
    refundedOn: '2026-11-25',
    endsMembership: true,
    now: NOW,
  });
  if (!refunded.ok) throw new Error(refunded.message);
  const saved = await saveMembershipType(
    db,
    finance,
    membershipTypeSchema.parse({
      id: String(type.id),
      year: String(TEST_YEAR),
      name: 'Regular',
      description: '',
      price: '27.50',
      saleOpensOn: type.saleOpensOn,
      saleClosesOn: type.saleClosesOn,
      validFrom: type.validFrom,
      validUntil: type.validUntil,
    }),
  );
  if (!saved.ok) throw new Error(saved.message);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function readLog(withMoney: boolean) {
  const { entries } = await listAuditEntries(database.db, {}, { withMoney });
  const names = await auditRecordNames(database.db, entries, { withMoney });
  return entries.map((entry) => ({
    action: entry.action,
    record: entryRecordName(entry, names),
    lines: changedFields(entry.recordType, entry.before, entry.after, names, NOW).map(
      changeLineText,
    ),
  }));
}

describe('the audit log of money, read in words', () => {
  it('names the payment, the refund and the type, and says amounts as money', async () => {
    const log = await readLog(true);
    const of = (action: string) => log.find((entry) => entry.action === action)!;
    expect(of('membership.payment.record').lines).toEqual([
      'Payment: Interac e-Transfer of CA$30.00 received Tue 24 Nov',
      'Method: Interac e-Transfer',
      'Amount: CA$30.00',
      'Owed: CA$30.00',
      'Received on: Tue 24 Nov',
      'Transaction reference: CAwords01',
      'State: Recorded, to confirm',
    ]);
    expect(of('membership.refund.record').lines).toEqual(
      expect.arrayContaining([
        'Refund: Refund of CA$30.00 recorded Wed 25 Nov',
        'State: Sent',
        'Ends the membership: yes',
      ]),
    );
    expect(of('membership.refund').lines).toEqual(
      expect.arrayContaining([
        'Refund: Refund of CA$30.00 recorded Wed 25 Nov',
        'Status: Active → Refunded',
      ]),
    );
    const price = of('membershipType.update');
    expect(price.record).toBe('Regular (2026–27)');
    expect(price.lines).toEqual(['Year: 2026–27', 'Price: CA$30.00 → CA$27.50']);
    expect(of('membership.payment.record').record).toMatch(/^Guo Xiaoming \(TCSA-26-\d{4}\)$/);

    const all = log.flatMap((entry) => entry.lines).join('\n');
    expect(all).not.toMatch(/cents|→ none|Currency/i);
    expect(all).not.toMatch(/\bId:|\bid: \d/);
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('names payments and refunds without their amounts for a reader without payments.read', async () => {
    const { entries } = await listAuditEntries(database.db, {}, { withMoney: true });
    const names = await auditRecordNames(database.db, entries, { withMoney: false });
    expect([...names.payments!.values()]).toEqual(['Interac e-Transfer received Tue 24 Nov']);
    expect([...names.refunds!.values()]).toEqual(['Refund recorded Wed 25 Nov']);
  });
});
