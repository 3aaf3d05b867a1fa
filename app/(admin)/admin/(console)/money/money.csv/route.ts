import { recordChange } from '@/lib/audit/record';
import { guard, refusalResponse } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { moneyAtAGlance, moneyCsv, moneyYears } from '@/lib/memberships/money';

/**
 * GET /admin/money/money.csv?year=2026: a membership year's money (collected, refunded, net) in
 * total, per type and per month (payments.export), Excel-safe. Each export is in the audit log.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await guard('payments.export', request);
  if (!access.ok) return refusalResponse(access);
  const db = await getDb();
  const years = await moneyYears(db);
  const asked = new URL(request.url).searchParams.get('year');
  const year = asked === null ? years[0] : Number(asked);
  if (year === undefined || !years.includes(year)) {
    return new Response('Choose a membership year the money page lists, such as 2026.', {
      status: 400,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  }
  const money = await moneyAtAGlance(db, year);
  await recordChange(db, access.actor, {
    action: 'payment.export.summary',
    recordType: 'membershipYear',
    recordId: year,
    summary: `Exported the money of the membership year ${year}`,
    after: { year },
  });
  return new Response(moneyCsv(money), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tcsa-money-${year}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
