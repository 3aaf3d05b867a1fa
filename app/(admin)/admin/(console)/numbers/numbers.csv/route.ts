import {
  exportTermNumbers,
  numbersScopeOf,
  parseTermKey,
  termNumbers,
  termNumbersFileName,
  termOf,
} from '@/lib/admin/numbers';
import { refusalResponse } from '@/lib/auth/guard';
import { NOT_ALLOWED_MESSAGE } from '@/lib/auth/messages';
import { signedInFrom } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';

/**
 * GET /admin/numbers/numbers.csv?term=2026-fall: a term's numbers, one row per event, as a
 * download: every event for those who read all numbers, an event lead's own events for them.
 * Each download is in the audit log with the rows it wrote.
 */
export async function GET(request: Request): Promise<Response> {
  const actor = await signedInFrom(request.headers);
  if (!actor) {
    return refusalResponse({
      ok: false,
      status: 401,
      reason: 'signed_out',
      message: NOT_ALLOWED_MESSAGE,
    });
  }
  const scope = numbersScopeOf(actor);
  if (!scope) {
    return refusalResponse({
      ok: false,
      status: 403,
      reason: 'role',
      message: NOT_ALLOWED_MESSAGE,
    });
  }
  const asked = new URL(request.url).searchParams.get('term');
  const term = asked === null ? termOf(new Date()) : parseTermKey(asked);
  if (!term) {
    return new Response('Choose a term as the numbers page names it, such as 2026-fall.', {
      status: 400,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  }
  const db = await getDb();
  const csv = await exportTermNumbers(db, actor, await termNumbers(db, scope, term));
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${termNumbersFileName(term)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
