import { randomBytes } from 'node:crypto';
import type { Database } from '@/lib/db/client';
import {
  adminUsers,
  type Membership,
  membershipTypes,
  membershipYears,
  memberships,
} from '@/lib/db/schema';

/** The membership tests' year, type and people: rows written as an application writes them. */

export const TEST_YEAR = 2026;

/** Stores a membership year (if missing) and one type of `priceCents`; answers the type's id. */
export async function addMembershipType(
  db: Database,
  {
    year = TEST_YEAR,
    name = `Regular ${randomBytes(3).toString('hex')}`,
    priceCents = 2500,
    validFrom = '2026-09-01',
    validUntil = '2027-08-31',
  }: {
    year?: number;
    name?: string;
    priceCents?: number;
    validFrom?: string;
    validUntil?: string;
  } = {},
) {
  await db
    .insert(membershipYears)
    .values({
      year,
      etransferAddress: 'tcsa.telfer@gmail.com',
      etransferInstructions: 'Put your payment reference in the message.',
    })
    .onConflictDoNothing();
  const [type] = await db
    .insert(membershipTypes)
    .values({
      year,
      name,
      priceCents,
      saleOpensOn: '2026-09-01',
      saleClosesOn: '2027-01-15',
      validFrom,
      validUntil,
    })
    .returning();
  return type!;
}

let applicants = 0;

/**
 * A pending application of `type`, or with `values` over the defaults. Its uOttawa address is
 * confirmed (as every application the console sees): pass `emailConfirmedAt: null` for one whose
 * link was never opened.
 */
export async function addApplication(
  db: Database,
  type: { id: number; year: number; priceCents: number; validFrom: string; validUntil: string },
  values: Partial<typeof memberships.$inferInsert> = {},
): Promise<Membership> {
  applicants += 1;
  const tag = `${process.pid}${applicants}${randomBytes(2).toString('hex')}`;
  const [row] = await db
    .insert(memberships)
    .values({
      year: type.year,
      typeId: type.id,
      paymentReference: `M26-${tag}`.slice(0, 20),
      legalName: `Lin Chen ${applicants}`,
      preferredName: `Lin${applicants}`,
      uottawaEmail: `lchen${tag}@uottawa.ca`,
      program: 'BCom',
      yearOfStudy: '2',
      expectedGraduationYear: 2029,
      industries: ['Finance'],
      notificationConsent: true,
      termsAcceptedAt: new Date('2026-11-01T12:00:00Z'),
      emailConfirmedAt: new Date('2026-11-01T12:05:00Z'),
      priceCents: type.priceCents,
      validFrom: type.validFrom,
      validUntil: type.validUntil,
      ...values,
    })
    .returning();
  return row!;
}

/** Stores a console account for `staff` with `role`, so its id can be named by records. */
export async function addStaff(
  db: Database,
  staff: { id: string; name: string },
  role: 'finance' | 'coordinator' | 'super_admin' = 'finance',
) {
  await db
    .insert(adminUsers)
    .values({ id: staff.id, name: staff.name, email: `${staff.id}@example.org`, role })
    .onConflictDoNothing();
}
