import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  membershipPayments,
  membershipRefunds,
  membershipStatusChanges,
  membershipTypes,
  membershipYears,
  memberships,
} from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { membershipYearOf } from '@/lib/db/seed/memberships';
import { MEMBERSHIP_STATUSES } from '@/lib/memberships/statuses';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The seeded membership: the club's three types and first prices for the year, and a dozen
 * members in every status whose payments, refunds, history and member ID counters agree.
 */

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await seedDatabase(database.db, { now });
});
afterAll(async () => {
  await database.dispose();
});

describe(`seeded membership (${DATABASE_UNDER_TEST})`, () => {
  it('the year of the day: 2026–27 from September 2026, 2025–26 before', () => {
    expect(membershipYearOf(now)).toBe(2026);
    expect(membershipYearOf(new Date('2026-09-01T12:00:00Z'))).toBe(2026);
    expect(membershipYearOf(new Date('2026-08-31T12:00:00Z'))).toBe(2025);
    expect(membershipYearOf(new Date('2027-03-01T12:00:00Z'))).toBe(2026);
  });

  it("the three types with the club's first prices; Regular on sale today", async () => {
    const types = await database.db
      .select()
      .from(membershipTypes)
      .where(eq(membershipTypes.year, 2026))
      .orderBy(asc(membershipTypes.sortOrder));
    expect(types.map((type) => [type.name, type.priceCents, type.currency])).toEqual([
      ['Early Bird', 2000, 'CAD'],
      ['Regular', 2500, 'CAD'],
      ['Winter', 1500, 'CAD'],
    ]);
    const today = '2026-11-25';
    const onSale = types.filter((type) => type.saleOpensOn <= today && today <= type.saleClosesOn);
    expect(onSale.map((type) => type.name)).toEqual(['Regular']);
    expect(types.find((type) => type.name === 'Regular')).toMatchObject({
      validFrom: '2026-09-01',
      validUntil: '2027-08-31',
    });
    const [year] = await database.db
      .select()
      .from(membershipYears)
      .where(eq(membershipYears.year, 2026));
    expect(year).toMatchObject({
      etransferAddress: 'tcsa.telfer@gmail.com',
      acceptingApplications: true,
    });
  });

  it('a dozen members in every status, with consistent IDs, payments, refunds and history', async () => {
    const rows = await database.db.select().from(memberships).orderBy(asc(memberships.id));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(MEMBERSHIP_STATUSES));
    for (const row of rows) expect(row.uottawaEmail).toMatch(/^[a-z0-9.]+@uottawa\.ca$/);

    // Every ID given is counted, and the counter is where the next activation starts.
    for (const year of await database.db.select().from(membershipYears)) {
      const numbers = rows
        .filter((row) => row.year === year.year && row.memberId)
        .map((row) => Number(row.memberId!.split('-')[2]));
      expect(numbers.sort((a, b) => a - b)).toEqual(
        Array.from({ length: year.lastMemberNumber }, (_, index) => index + 1),
      );
    }
    for (const row of rows) {
      const paid = ['active', 'suspended', 'expired', 'refunded'].includes(row.status);
      expect(row.memberId !== null, `${row.legalName} ${row.status}`).toBe(paid);
    }

    const refunded = rows.find((row) => row.status === 'refunded')!;
    const refunds = await database.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.membershipId, refunded.id));
    expect(refunds).toMatchObject([{ state: 'done' }]);
    const pendingRefunds = await database.db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.state, 'pending'));
    expect(pendingRefunds).toHaveLength(1);

    const suspended = rows.find((row) => row.status === 'suspended')!;
    expect(suspended.suspendedFrom! <= '2026-11-25').toBe(true);
    expect(suspended.suspendedUntil! > '2026-11-25').toBe(true);
    expect(suspended.suspensionReason).toBeTruthy();

    const review = rows.find((row) => row.status === 'payment_review')!;
    const reviewPayments = await database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, review.id));
    expect(reviewPayments).toMatchObject([{ state: 'flagged', problem: expect.any(String) }]);
    const toConfirm = await database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.state, 'recorded'));
    expect(toConfirm).toHaveLength(1);

    // Same person, two years: expired founding member, active again this year.
    const byEmail = rows.filter((row) => row.uottawaEmail === 'demo.jli047@uottawa.ca');
    expect(byEmail.map((row) => [row.year, row.status])).toEqual([
      [2025, 'expired'],
      [2026, 'active'],
    ]);

    for (const row of rows) {
      const history = await database.db
        .select()
        .from(membershipStatusChanges)
        .where(eq(membershipStatusChanges.membershipId, row.id))
        .orderBy(asc(membershipStatusChanges.id));
      expect(history[0]).toMatchObject({
        fromStatus: null,
        toStatus: 'pending',
        actor: 'applicant',
      });
      expect(history.at(-1)!.toStatus).toBe(row.status);
      for (const change of history) expect(change.at.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const expired = await database.db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.toStatus, 'expired'));
    expect(expired.every((change) => change.actor === 'system')).toBe(true);
  });

  it('queues no email to a seeded person, and a second seed keeps the memberships as they are', async () => {
    const [outbox] = await database.db.select({ rows: count() }).from(emailOutbox);
    expect(outbox!.rows).toBe(0);
    const before = await database.db.select().from(memberships).orderBy(asc(memberships.id));
    await seedDatabase(database.db, { now: new Date('2026-11-26T15:00:00Z') });
    const after = await database.db.select().from(memberships).orderBy(asc(memberships.id));
    expect(after).toEqual(before);
  });

  it('seeds a real club database with the year and its types only, without demo members', async () => {
    const real = await createTestDatabase({ seed: false });
    try {
      await seedDatabase(real.db, { now, demoMembers: false });
      const [members] = await real.db.select({ rows: count() }).from(memberships);
      expect(members!.rows).toBe(0);
      const years = await real.db.select().from(membershipYears);
      expect(years.map((row) => row.year)).toEqual([2026]);
      const types = await real.db
        .select()
        .from(membershipTypes)
        .orderBy(asc(membershipTypes.sortOrder));
      expect(types.map((type) => [type.name, type.priceCents])).toEqual([
        ['Early Bird', 2000],
        ['Regular', 2500],
        ['Winter', 1500],
      ]);
    } finally {
      await real.dispose();
    }
  });
});
