import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentChanges } from '@/lib/admin/dashboard';
import { auditLog, membershipTypes } from '@/lib/db/schema';
import { FINANCE_COLUMNS, financeCsv, MEMBER_COLUMNS, membersCsv } from '@/lib/memberships/exports';
import { confirmPayment } from '@/lib/memberships/payment-confirmation';
import { recordPayment } from '@/lib/memberships/payments';
import { recordRefund } from '@/lib/memberships/refunds';
import { parseDollars } from '@/lib/memberships/price-input';
import {
  EMPTY_FILTER,
  findMembership,
  membershipCounts,
  parseRosterFilter,
  rosterQuery,
  searchRoster,
} from '@/lib/memberships/roster';
import { membershipTypeSchema, saveMembershipType } from '@/lib/memberships/settings';
import { parseCsv } from './support/parse-csv';
import { addApplication, addMembershipType, addStaff } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The console's reads of the club's members: the roster's search and filters, a member's page
 * with money only for finance, the dashboard's counts, the CSVs' columns per role, and the
 * settings' validation of prices and dates.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const finance = { id: 'finance-console', name: 'Grace Wu' };
let regular: Awaited<ReturnType<typeof addMembershipType>>;
let winter: Awaited<ReturnType<typeof addMembershipType>>;
const people: Record<string, number> = {};
let activeMemberId = '';

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const db = database.db;
  await addStaff(db, finance, 'finance');
  regular = await addMembershipType(db, { name: 'Regular', priceCents: 2500 });
  winter = await addMembershipType(db, { name: 'Winter', priceCents: 1500 });
  const add = async (key: string, type: typeof regular, values = {}) => {
    people[key] = (await addApplication(db, type, values)).id;
  };
  await add('wei', regular, {
    legalName: 'Wei Zhang',
    preferredName: 'Wei',
    uottawaEmail: 'wzhan123@uottawa.ca',
    program: 'BCom Finance',
    yearOfStudy: '3',
    createdAt: new Date('2026-11-03T15:00:00Z'),
  });
  await add('amelia', regular, {
    legalName: 'Amelia Tremblay',
    preferredName: 'Amy',
    uottawaEmail: 'atrem045@uottawa.ca',
    personalEmail: 'amy.t@example.org',
    program: 'BCom Accounting',
    yearOfStudy: '1',
    createdAt: new Date('2026-10-20T15:00:00Z'),
  });
  await add('jun', winter, {
    legalName: 'Jun Li',
    preferredName: 'Jun',
    uottawaEmail: 'jli999@uottawa.ca',
    program: 'BCom Finance',
    yearOfStudy: '1',
    // A cell a spreadsheet would run as a formula.
    wechatId: '=HYPERLINK("x")',
    validUntil: '2026-12-10',
    createdAt: new Date('2026-11-10T15:00:00Z'),
  });
  // Wei pays and is confirmed; Jun pays, is confirmed and refunded.
  let junPaymentId = 0;
  for (const key of ['wei', 'jun'] as const) {
    const price = key === 'wei' ? 2500 : 1500;
    const paid = await recordPayment(db, finance, {
      membershipId: people[key]!,
      method: 'etransfer',
      amountCents: price,
      receivedOn: '2026-11-20',
      transactionReference: `CAx${key}`,
      now,
    });
    if (!paid.ok) throw new Error(paid.message);
    const confirmed = await confirmPayment(db, finance, { paymentId: paid.payment.id, now });
    if (!confirmed.ok) throw new Error(confirmed.message);
    if (key === 'wei') activeMemberId = confirmed.memberId;
    else junPaymentId = confirmed.payment.id;
  }
  const refunded = await recordRefund(db, finance, {
    paymentId: junPaymentId,
    endsMembership: true,
    amountCents: 1500,
    reason: 'Moved abroad for an exchange term.',
    refundedOn: '2026-11-24',
    now,
  });
  if (!refunded.ok) throw new Error(refunded.message);
});
afterAll(async () => {
  await database.dispose();
});

const names = (rows: Array<{ legalName: string }>) => rows.map((row) => row.legalName).sort();

describe(`the roster (${DATABASE_UNDER_TEST})`, () => {
  it('finds a member by name, preferred name, email, personal email, member ID and reference', async () => {
    const find = async (text: string) =>
      names((await searchRoster(database.db, { ...EMPTY_FILTER, text }, now)).rows);
    expect(await find('wei zh')).toEqual(['Wei Zhang']);
    expect(await find('Amy')).toEqual(['Amelia Tremblay']);
    expect(await find('ATREM045@uottawa')).toEqual(['Amelia Tremblay']);
    expect(await find('amy.t@example')).toEqual(['Amelia Tremblay']);
    expect(activeMemberId).toMatch(/^TCSA-26-\d{4}$/);
    expect(await find(activeMemberId.toLowerCase())).toEqual(['Wei Zhang']);
    // % and _ are letters here, not patterns.
    expect(await find('%')).toEqual([]);
  });

  it('filters by status, type, program and year of study, and combines them', async () => {
    const list = async (search: Record<string, string>) =>
      names((await searchRoster(database.db, parseRosterFilter(search), now)).rows);
    expect(await list({ status: 'active' })).toEqual(['Wei Zhang']);
    expect(await list({ status: 'refunded' })).toEqual(['Jun Li']);
    expect(await list({ type: String(winter.id) })).toEqual(['Jun Li']);
    expect(await list({ program: 'BCom Finance' })).toEqual(['Jun Li', 'Wei Zhang']);
    expect(await list({ program: 'BCom Finance', study: '1' })).toEqual(['Jun Li']);
    expect(await list({ status: 'pending', q: 'wei' })).toEqual([]);
    // What cannot be read is left out, not refused.
    expect(await list({ status: 'nonsense', type: 'x', page: '-3' })).toHaveLength(3);
  });

  it('pages, counts the matches, and writes the filter back into an address', async () => {
    const page = await searchRoster(database.db, { ...EMPTY_FILTER, page: 2 }, now);
    expect(page.rows).toEqual([]);
    expect(page.total).toBe(3);
    const filter = parseRosterFilter({ q: 'Li', status: 'active', program: 'BCom', page: '2' });
    expect(parseRosterFilter(Object.fromEntries(rosterQuery(filter)))).toEqual(filter);
  });

  it('tells the coordinator only whether a membership is paid; finance sees the money', async () => {
    const coordinatorView = await findMembership(database.db, people.wei!, { withMoney: false });
    expect(coordinatorView).toMatchObject({ payment: 'Paid', payments: null, refunds: null });
    // The status history's reasons of finance's moves name amounts and references: not here.
    expect(JSON.stringify(coordinatorView!.history)).not.toMatch(/\$|CAxwei/);
    expect(coordinatorView!.history.at(-1)!.reason).toBe('Payment confirmed by finance.');
    const financeWei = await findMembership(database.db, people.wei!, { withMoney: true });
    // Finance's own reasons name no money either: amounts and references are in the audit entry.
    expect(financeWei!.history.at(-1)!.reason).toBe('Payment confirmed.');
    const financeView = await findMembership(database.db, people.jun!, { withMoney: true });
    // Paid, then refunded in full: the words of the roster CSV's 'Payment' column.
    expect(financeView!.payment).toBe('Refunded');
    expect(financeView!.payments!.map((p) => p.amountCents)).toEqual([1500]);
    expect(financeView!.membership.memberId).toMatch(/^TCSA-26-/);
    expect(financeView!.history.map((change) => change.toStatus)).toEqual(['active', 'refunded']);
    expect(await findMembership(database.db, 999_999, { withMoney: true })).toBeNull();
  });

  it('keeps finance’s audit summaries (amounts, references) off the coordinator’s dashboard', async () => {
    // Finance's summaries are written without amounts; older entries with them are hidden too.
    const withMoney = await recentChanges(database.db, 50);
    expect(withMoney.filter((change) => change.summary.includes('CA$'))).toEqual([]);
    const without = await recentChanges(database.db, 50, { withMoney: false });
    expect(without.filter((change) => change.summary.includes('CA$'))).toEqual([]);
  });

  it('counts the dashboard’s figures', async () => {
    expect(await membershipCounts(database.db, now)).toEqual({
      total: 3,
      active: 1,
      pending: 1,
      paymentReview: 0,
      // Wei (Nov 3) and Jun (Nov 10); Amelia applied in October.
      newThisMonth: 2,
      // Jun's validity ends within 30 days but Jun is refunded, not active.
      expiringSoon: 0,
      paymentsToConfirm: 0,
      refundsPending: 0,
    });
  });
});

describe(`the membership exports (${DATABASE_UNDER_TEST})`, () => {
  it('gives the coordinator no finance column and finance the amounts and references', async () => {
    const plain = await membersCsv(database.db, EMPTY_FILTER, { withMoney: false, now });
    expect(plain.csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(plain.csv.slice(1));
    expect(header).toEqual([...MEMBER_COLUMNS]);
    expect(plain.rows).toBe(3);
    expect(rows).toHaveLength(3);
    expect(plain.csv).not.toMatch(/25\.00|CAxwei|M26-/);
    const jun = rows.find((row) => row.includes('Jun Li'))!;
    expect(jun[header!.indexOf('WeChat ID')]).toBe('\'=HYPERLINK("x")');
    // Whether each is paid, in words and without amounts: Jun's money went back.
    const paymentOf = (name: string) =>
      rows.find((row) => row.includes(name))![header!.indexOf('Payment')];
    expect(paymentOf('Jun Li')).toBe('Refunded');
    expect(paymentOf('Wei Zhang')).toBe('Paid');
    expect(paymentOf('Amelia Tremblay')).toBe('Not paid');
    // The members list says the same words as the file.
    const listed = await searchRoster(database.db, EMPTY_FILTER, now);
    expect(Object.fromEntries(listed.rows.map((row) => [row.legalName, row.payment]))).toEqual({
      'Jun Li': 'Refunded',
      'Wei Zhang': 'Paid',
      'Amelia Tremblay': 'Not paid',
    });

    const money = await membersCsv(database.db, EMPTY_FILTER, { withMoney: true, now });
    const [moneyHeader, ...moneyRows] = parseCsv(money.csv.slice(1));
    expect(moneyHeader).toEqual(
      expect.arrayContaining(['Paid (CAD)', 'Refunded (CAD)', 'Kept (CAD)', 'Refunds']),
    );
    const moneyOf = (name: string) => {
      const row = moneyRows.find((line) => line.includes(name))!;
      return ['Paid (CAD)', 'Refunded (CAD)', 'Kept (CAD)'].map(
        (column) => row[moneyHeader!.indexOf(column)],
      );
    };
    expect(moneyOf('Wei Zhang')).toEqual(['25.00', '0.00', '25.00']);
    // Refunded in full: paid, refunded, and nothing kept.
    expect(moneyOf('Jun Li')).toEqual(['15.00', '15.00', '0.00']);
    expect(moneyOf('Amelia Tremblay')).toEqual(['0.00', '0.00', '0.00']);
    const wei = moneyRows.find((row) => row.includes('Wei Zhang'))!;
    expect(wei[moneyHeader!.indexOf('Transaction references')]).toBe('CAxwei');
  });

  it('exports the roster’s selection only', async () => {
    const active = await membersCsv(
      database.db,
      { ...EMPTY_FILTER, status: 'active' },
      { withMoney: false, now },
    );
    expect(active.rows).toBe(1);
  });

  it('lists every payment and refund for finance', async () => {
    const { csv, rows } = await financeCsv(database.db);
    const [header, ...lines] = parseCsv(csv.slice(1));
    expect(header).toEqual([...FINANCE_COLUMNS]);
    expect(rows).toBe(3);
    expect(lines.map((line) => line[0]).sort()).toEqual(['Payment', 'Payment', 'Refund']);
  });
});

describe(`the membership settings (${DATABASE_UNDER_TEST})`, () => {
  const form = (values: Record<string, string>) => ({
    id: String(regular.id),
    year: '2026',
    name: 'Regular',
    description: '',
    price: '25',
    saleOpensOn: '2026-09-01',
    saleClosesOn: '2027-01-15',
    validFrom: '2026-09-01',
    validUntil: '2027-08-31',
    ...values,
  });
  const errorsOf = (values: Record<string, string>) => {
    const parsed = membershipTypeSchema.safeParse(form(values));
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('takes prices in dollars and refuses what is not an amount', () => {
    expect(parseDollars('25', 'Price')).toEqual({ ok: true, cents: 2500 });
    expect(parseDollars('$27.5', 'Price')).toEqual({ ok: true, cents: 2750 });
    expect(parseDollars('1,000.00', 'Price')).toEqual({ ok: true, cents: 100_000 });
    expect(parseDollars('25.999', 'Price').ok).toBe(false);
    expect(parseDollars('-5', 'Price').ok).toBe(false);
    expect(parseDollars('0', 'Amount').ok).toBe(false);
    expect(parseDollars('0', 'Price', { allowZero: true })).toEqual({ ok: true, cents: 0 });
    expect(errorsOf({ price: 'twenty' })).toHaveProperty('price');
  });

  it('refuses a sale that closes before it opens and a validity that ends before it starts', () => {
    expect(errorsOf({ saleClosesOn: '2026-08-01' })).toEqual({
      saleClosesOn: 'The sale must close on or after the day it opens.',
    });
    expect(errorsOf({ validUntil: '2026-01-01' })).toEqual({
      validUntil: 'The validity must end on or after the day it starts.',
    });
    expect(errorsOf({ validFrom: '2026-02-30' })).toHaveProperty('validFrom');
  });

  it('saves a new price in cents with its audit entry; a name taken in the year is refused', async () => {
    const parsed = membershipTypeSchema.parse(form({ price: '27.50' }));
    const saved = await saveMembershipType(database.db, finance, parsed);
    expect(saved).toMatchObject({ ok: true, id: regular.id });
    const [row] = await database.db
      .select()
      .from(membershipTypes)
      .where(eq(membershipTypes.id, regular.id));
    expect(row!.priceCents).toBe(2750);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'membershipType.update'));
    expect(entry!.summary).toContain('from CA$25.00 to CA$27.50');

    const clash = membershipTypeSchema.parse(form({ id: '', name: 'Winter' }));
    expect(await saveMembershipType(database.db, finance, clash)).toMatchObject({
      ok: false,
      field: 'name',
    });
  });
});
