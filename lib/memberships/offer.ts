import 'server-only';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import { membershipTypes, membershipYears } from '@/lib/db/schema';

/** A membership type as the public pages show it: what it costs and how long it lasts. */
export type OfferedType = {
  id: number;
  year: number;
  name: string;
  description: string;
  priceCents: number;
  currency: string;
  saleClosesOn: string;
  validFrom: string;
  validUntil: string;
};

/**
 * The membership types on sale at `now`: the sale window includes today in the club's time zone
 * and their year takes applications. The public pages offer these and only these, and
 * applyForMembership refuses any other.
 */
export async function typesOnSale(
  db: Pick<Database, 'select'>,
  now: Date,
  { typeId }: { typeId?: number } = {},
): Promise<OfferedType[]> {
  const today = clubDate(now);
  return db
    .select({
      id: membershipTypes.id,
      year: membershipTypes.year,
      name: membershipTypes.name,
      description: membershipTypes.description,
      priceCents: membershipTypes.priceCents,
      currency: membershipTypes.currency,
      saleClosesOn: membershipTypes.saleClosesOn,
      validFrom: membershipTypes.validFrom,
      validUntil: membershipTypes.validUntil,
    })
    .from(membershipTypes)
    .innerJoin(membershipYears, eq(membershipYears.year, membershipTypes.year))
    .where(
      and(
        eq(membershipYears.acceptingApplications, true),
        lte(membershipTypes.saleOpensOn, today),
        gte(membershipTypes.saleClosesOn, today),
        typeId === undefined ? undefined : eq(membershipTypes.id, typeId),
      ),
    )
    .orderBy(
      asc(membershipTypes.sortOrder),
      asc(membershipTypes.priceCents),
      asc(membershipTypes.id),
    );
}
