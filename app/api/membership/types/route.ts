import { connection } from 'next/server';
import { getDb } from '@/lib/db/client';
import { NO_STORE, apiError } from '@/lib/http/api-errors';
import { formatAmount } from '@/lib/memberships/format';
import { typesOnSale } from '@/lib/memberships/offer';

/**
 * GET /api/membership/types/: the membership types on sale now, as the membership pages show
 * them (name, description, price in cents and as shown, validity and the last day of sale).
 */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const types = await typesOnSale(await getDb(), new Date());
    return Response.json(
      types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        price_cents: type.priceCents,
        currency: type.currency,
        price: formatAmount(type.priceCents, type.currency),
        valid_from: type.validFrom,
        valid_until: type.validUntil,
        sale_closes_on: type.saleClosesOn,
      })),
      { headers: NO_STORE },
    );
  } catch (error) {
    console.error('Failed to read the membership types on sale', error);
    return apiError('source_failed');
  }
}
