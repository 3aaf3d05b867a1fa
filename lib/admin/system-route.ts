import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { apiError, NO_STORE } from '@/lib/http/api-errors';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address.mjs';
import { constantTimeEqual } from '@/lib/http/csrf';
import { bearerToken } from '@/lib/jobs/cron-route';
import { lastScheduledRun } from '@/lib/jobs/tick';
import { type ProxyFacts, runSystemChecks, type SystemContext } from './system-checks';
import { readDoctorToken } from './system-records';

/** The proxy facts of a request's headers, as the app receives them. */
export function proxyFactsOf(headers: Headers): ProxyFacts {
  return {
    forwardedFor: headers.get('x-forwarded-for'),
    forwardedProto: headers.get('x-forwarded-proto'),
    host: headers.get('x-forwarded-host') ?? headers.get('host'),
    clientAddress: headers.get(CLIENT_ADDRESS_HEADER),
  };
}

/**
 * The checks as the running site makes them for a request (the System page's, or npm run
 * doctor's at GET /api/doctor): its own environment and database, and the club's scheduled work
 * (whichever instance ran it).
 */
export function runningSiteContext(headers: Headers): SystemContext {
  return {
    env: getServerEnv(),
    request: proxyFactsOf(headers),
    database: async () => ({ handle: await getDatabase(), close: false }),
    scheduledWork: lastScheduledRun,
  };
}

/** The path `npm run doctor` asks the running site at. */
export const DOCTOR_ROUTE = '/api/doctor';

/**
 * GET /api/doctor with `Authorization: Bearer <token of <data folder>/doctor-token>`: the System
 * page's checks as this site makes them, for `npm run doctor` (scripts/doctor.ts). The command
 * asks through the public address, so that the proxy's headers on its own request are checked
 * too. Without the token file the route answers as any address of the API that is not there.
 */
export async function handleDoctorRequest(request: Request): Promise<Response> {
  const env = getServerEnv();
  const token = await readDoctorToken(env);
  if (!token) return apiError('not_found');
  if (!constantTimeEqual(bearerToken(request.headers.get('authorization')), token)) {
    return apiError('doctor_unauthorized');
  }
  const checks = await runSystemChecks(runningSiteContext(request.headers));
  return Response.json({ checks }, { headers: NO_STORE });
}
