import { recordChange } from '@/lib/audit/record';
import { guard, refusalResponse } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import { financeCsv } from '@/lib/memberships/exports';

/**
 * GET /admin/payments/finance.csv: every membership payment and refund ever recorded
 * (payments.export), Excel-safe. Each export is logged with the rows written.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await guard('payments.export', request);
  if (!access.ok) return refusalResponse(access);
  const db = await getDb();
  const { csv, rows } = await financeCsv(db);
  await recordChange(db, access.actor, {
    action: 'payment.export',
    recordType: 'membershipPayment',
    summary: `Exported ${rows} payment and refund ${rows === 1 ? 'record' : 'records'}`,
    after: { rows },
  });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tcsa-membership-payments-${clubDate(new Date())}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
