import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentChanges } from '@/lib/admin/dashboard';
import { recordChange } from '@/lib/audit/record';
import { listAuditEntries } from '@/lib/audit/read';
import { listOutbox, queueEmail } from '@/lib/mail/outbox';
import { membersCsv } from '@/lib/memberships/exports';
import { withoutFinanceFacts } from '@/lib/memberships/finance-facts';
import { EMPTY_FILTER, searchRoster } from '@/lib/memberships/roster';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * Finance facts stay with finance: what the coordinator's pages read (the audit log, the
 * dashboard's recent changes, the emails page, the roster search and its CSV) holds no amount
 * and no payment reference, for entries and emails written before the rule too; finance reads
 * them all.
 */

let database: TestDatabase;
const REFERENCE = 'M26-7KQ4XW';
const AMOUNT = /\$\s?\d|\d\s?(CAD|dollars?)\b/i;
const ANY_REFERENCE = /M\d{2}-[A-Z2-9]{6}/i;
const now = new Date('2026-11-25T15:00:00Z');
const finance = { id: 'facts-finance', name: 'Grace Wu' };
const admin = { id: 'facts-admin', name: 'Mei Chen' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const db = database.db;
  await addStaff(db, finance, 'finance');
  await addStaff(db, admin, 'super_admin');
  const type = await addMembershipType(db, { priceCents: 2500 });
  const membership = await addApplication(db, type, {
    legalName: 'Wei Zhang',
    uottawaEmail: 'wzhan001@uottawa.ca',
    paymentReference: REFERENCE,
    emailConfirmedAt: new Date('2026-11-01T12:00:00Z'),
  });
  // Entries as the console wrote them before the rule: a reference in an application's summary,
  // finance's own work, a price in a type's, an amount in a status change's reason.
  const entries = [
    {
      action: 'membership.apply',
      summary: `Wei Zhang applied for the Regular membership (${REFERENCE})`,
      after: { type: 'Regular', paymentReference: REFERENCE },
    },
    {
      action: 'membership.payment.record',
      summary: `Recorded a payment of CA$25.00 (Interac e-Transfer, CAwz77) for Wei Zhang`,
      after: { amountCents: 2500, transactionReference: 'CAwz77' },
    },
    {
      action: 'membership.refund.complete',
      summary: 'Completed the refund of CA$5.00 to Wei Zhang, sent on 2026-11-24',
    },
    {
      action: 'membershipType.create',
      summary: 'Added the membership type “Regular” (CA$25.00) for 2026',
      after: { name: 'Regular', priceCents: 2500 },
    },
    {
      action: 'membership.status',
      summary: `Suspended: active → suspended (paid 25 CAD twice under ${REFERENCE.toLowerCase()})`,
    },
  ];
  for (const entry of entries) {
    await recordChange(
      db,
      finance,
      { ...entry, recordType: 'membership', recordId: membership.id },
      now,
    );
  }
  const email = (subject: string) => ({ subject, text: subject, html: subject, attachments: [] });
  await queueEmail(db, {
    dedupeKey: `received:${membership.id}`,
    kind: 'membership_received',
    to: membership.uottawaEmail,
    email: email(`TCSA membership: application received (${REFERENCE})`),
    membershipId: membership.id,
  });
  await queueEmail(db, {
    dedupeKey: `refund:${membership.id}`,
    kind: 'membership_refund',
    to: membership.uottawaEmail,
    email: email('Your TCSA membership refund of CA$5.00'),
    membershipId: membership.id,
  });
});
afterAll(async () => {
  await database.dispose();
});

describe('withoutFinanceFacts', () => {
  it('hides amounts and payment references in any spelling, and nothing else', () => {
    expect(withoutFinanceFacts(`Refund of CA$1,234.50 for ${REFERENCE} (TCSA-26-0001)`)).toBe(
      'Refund of [amount hidden] for [reference hidden] (TCSA-26-0001)',
    );
    expect(withoutFinanceFacts('paid $5 then 20 CAD, then CAD 3.00 and 4 dollars')).toBe(
      'paid [amount hidden] then [amount hidden], then [amount hidden] and [amount hidden]',
    );
    expect(withoutFinanceFacts('ref m26-7kq4xw.')).toBe('ref [reference hidden].');
    expect(withoutFinanceFacts('Checked in Wei Zhang at 18:30, room 12')).toBe(
      'Checked in Wei Zhang at 18:30, room 12',
    );
  });
});

describe(`finance facts in what a coordinator reads (${DATABASE_UNDER_TEST})`, () => {
  it('the audit log: no finance entry, no amount, no reference; a search for one finds nothing', async () => {
    const coordinator = await listAuditEntries(database.db, {}, { withMoney: false });
    const text = JSON.stringify(coordinator.entries);
    expect(text).not.toMatch(AMOUNT);
    expect(text).not.toMatch(ANY_REFERENCE);
    expect(text).not.toContain('CAwz77');
    expect(coordinator.entries.map((entry) => entry.summary)).toEqual([
      'Suspended: active → suspended (paid [amount hidden] twice under [reference hidden])',
      'Added the membership type “Regular” ([amount hidden]) for 2026',
      'Wei Zhang applied for the Regular membership ([reference hidden])',
    ]);
    const searched = await listAuditEntries(
      database.db,
      { text: REFERENCE.toLowerCase() },
      { withMoney: false },
    );
    expect(searched.entries).toEqual([]);

    const financeView = await listAuditEntries(database.db, {}, { withMoney: true });
    expect(financeView.entries).toHaveLength(5);
    expect(JSON.stringify(financeView.entries)).toContain(REFERENCE);
    expect(JSON.stringify(financeView.entries)).toContain('CA$5.00');
    expect(
      (await listAuditEntries(database.db, { text: REFERENCE }, { withMoney: true })).entries,
    ).toHaveLength(2);
  });

  it('the dashboard’s recent changes', async () => {
    const coordinator = await recentChanges(database.db, 50, { withMoney: false });
    expect(coordinator).toHaveLength(3);
    expect(JSON.stringify(coordinator)).not.toMatch(AMOUNT);
    expect(JSON.stringify(coordinator)).not.toMatch(ANY_REFERENCE);
    const financeView = await recentChanges(database.db, 50);
    expect(JSON.stringify(financeView)).toContain(REFERENCE);
  });

  it('the emails page', async () => {
    const coordinator = await listOutbox(database.db, { withMoney: false });
    expect(coordinator.map((row) => row.subject)).toEqual([
      'Your TCSA membership refund of [amount hidden]',
      'TCSA membership: application received ([reference hidden])',
    ]);
    const financeView = await listOutbox(database.db, { withMoney: true });
    expect(financeView.map((row) => row.subject)).toEqual([
      'Your TCSA membership refund of CA$5.00',
      `TCSA membership: application received (${REFERENCE})`,
    ]);
  });

  it('the roster search and its CSV find a member by payment reference for finance only', async () => {
    const filter = { ...EMPTY_FILTER, text: REFERENCE.toLowerCase() };
    expect((await searchRoster(database.db, filter, now)).total).toBe(0);
    expect(
      (await searchRoster(database.db, filter, now, { byPaymentReference: false })).rows,
    ).toEqual([]);
    const financeView = await searchRoster(database.db, filter, now, { byPaymentReference: true });
    expect(financeView.rows.map((row) => row.legalName)).toEqual(['Wei Zhang']);
    // The coordinator still finds the member by name.
    expect(
      (await searchRoster(database.db, { ...EMPTY_FILTER, text: 'wei zh' }, now)).rows,
    ).toHaveLength(1);

    expect((await membersCsv(database.db, filter, { withMoney: false, now })).rows).toBe(0);
    const financeCsv = await membersCsv(database.db, filter, { withMoney: true, now });
    expect(financeCsv.rows).toBe(1);
  });
});
