import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as missingEndpoint } from '@/app/api/[...missing]/route';
import { POST as cronTick } from '@/app/api/cron/tick/route';
import { GET as doctor } from '@/app/api/doctor/route';
import { ensureDoctorToken } from '@/lib/admin/system-records';
import { CRON_ANSWER_KEYS, answerText } from '@/lib/copy/answers';
import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import { CRON_FAILED_MESSAGE } from '@/lib/jobs/cron-route';
import { type DatabaseHandle, openDatabase, setDatabaseForTests } from '@/lib/db/client';
import { getServerEnv, resetServerEnvForTests } from '@/lib/env/server';

/**
 * The refusals of the addresses a program calls (npm run doctor, a scheduler, a wrong API
 * address) are Studio copy like the forms' answers: each says the editors' words, and only its own.
 */

/** Every answers' text marked with its key, as an editor could have changed it. */
const edited = Object.fromEntries(
  Object.entries(defaultCopy('answers')).map(([key, text]) => [key, `«${key}» ${text}`]),
) as Copy<'answers'>;

vi.mock('@/lib/copy/read', () => ({ getCopy: async () => edited }));
vi.mock('next/cache', () => import('./support/next-cache'));

let database: DatabaseHandle;
let folder: string;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  setDatabaseForTests(database);
  folder = mkdtempSync(path.join(tmpdir(), 'tcsa-program-copy-'));
  vi.stubEnv('PGLITE_DATA_DIR', path.join(folder, 'pglite'));
  resetServerEnvForTests();
});
afterAll(async () => {
  setDatabaseForTests(undefined);
  await database.close();
  vi.unstubAllEnvs();
  resetServerEnvForTests();
  rmSync(folder, { recursive: true, force: true });
});

const doctorAsked = (authorization: string) =>
  doctor(new Request('http://localhost/api/doctor', { headers: { authorization } }));
const tickAsked = (authorization: string) =>
  cronTick(
    new Request('http://localhost/api/cron/tick', { method: 'POST', headers: { authorization } }),
  );

describe('refusals of the addresses programs call, in the editors’ words', () => {
  it('knows the scheduled work’s failure, said by its address', () => {
    const cronTexts = Object.fromEntries(CRON_ANSWER_KEYS.map((key) => [key, edited[key]]));
    expect(answerText(CRON_FAILED_MESSAGE, cronTexts)).toBe(`«cronFailed» ${CRON_FAILED_MESSAGE}`);
  });

  it('a wrong API address, and the doctor’s address before npm run doctor made its token', async () => {
    const wrong = await missingEndpoint();
    expect(wrong.status).toBe(404);
    const doctorOff = await doctorAsked('Bearer anything');
    expect(doctorOff.status).toBe(404);
    const expected = { error: '«apiNoEndpoint» There is no API endpoint at this address.' };
    expect(await wrong.json()).toEqual(expected);
    // The same answer: a stranger cannot tell that the doctor's address exists.
    expect(await doctorOff.json()).toEqual(expected);
  });

  it('the doctor’s wrong token', async () => {
    await ensureDoctorToken(getServerEnv());
    const answer = await doctorAsked(`Bearer ${'0'.repeat(64)}`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      error: '«doctorTokenWrong» The token does not match the one in the site’s data folder.',
    });
  });

  it('scheduled work through the address while it is off, and with a wrong secret', async () => {
    const off = await tickAsked('Bearer anything');
    expect(off.status).toBe(503);
    expect(await off.json()).toEqual({
      error: '«cronOff» Scheduled work through this address is off: set CRON_SECRET on the server.',
    });

    vi.stubEnv('CRON_SECRET', 'cron-secret-for-copy-test-9f1');
    resetServerEnvForTests();
    const wrong = await tickAsked('Bearer not-the-secret');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error:
        '«cronTokenWrong» The scheduler secret is missing or wrong (Authorization: Bearer <CRON_SECRET>).',
    });
  });
});
