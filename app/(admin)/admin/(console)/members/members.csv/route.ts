import { recordChange } from '@/lib/audit/record';
import { guard, refusalResponse } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import { membersCsv } from '@/lib/memberships/exports';
import { parseRosterFilter } from '@/lib/memberships/roster';

/**
 * GET /admin/members/members.csv[?the roster's filters]: the members as a download
 * (memberships.export), Excel-safe like the registrants' export. The finance columns (amount
 * paid, references, refunds) are in the file only for a role with payments.read. Each export is
 * logged with the rows written, since it takes personal data out of the site.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await guard('memberships.export', request);
  if (!access.ok) return refusalResponse(access);
  const filter = parseRosterFilter(Object.fromEntries(new URL(request.url).searchParams));
  const withMoney = can(access.actor, 'payments.read');
  const db = await getDb();
  const { csv, rows } = await membersCsv(db, { ...filter, page: 1 }, { withMoney });
  await recordChange(db, access.actor, {
    action: 'membership.export',
    recordType: 'membership',
    summary: `Exported ${rows} ${rows === 1 ? 'membership' : 'memberships'}${
      withMoney ? ' with their payments' : ''
    }`,
    after: { rows, withMoney, filter: { ...filter, page: undefined } },
  });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tcsa-members-${clubDate(new Date())}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
