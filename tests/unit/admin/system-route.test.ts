import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_IDS, type CheckResult } from '@/lib/admin/system-checks';
import { ensureDoctorToken } from '@/lib/admin/system-records';
import { handleDoctorRequest } from '@/lib/admin/system-route';
import { type DatabaseHandle, openDatabase, setDatabaseForTests } from '@/lib/db/client';
import { getServerEnv, resetServerEnvForTests } from '@/lib/env/server';
import { tempTree } from '../support/temp-tree';

/**
 * GET /api/doctor: the System page's checks for `npm run doctor`, only with the token the
 * command keeps in the site's data folder; as if absent until the command made one.
 */

let database: DatabaseHandle;
let folder: string;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  setDatabaseForTests(database);
});
afterAll(async () => {
  setDatabaseForTests(undefined);
  await database.close();
  vi.unstubAllEnvs();
  resetServerEnvForTests();
});

const ask = (authorization?: string) =>
  handleDoctorRequest(
    new Request('http://localhost:3000/api/doctor', {
      headers: authorization ? { authorization } : {},
    }),
  );

describe('GET /api/doctor', () => {
  it('answers 404 until npm run doctor made its token, then 401 without it and the checks with it', async () => {
    folder = tempTree('tcsa-doctor-route-', {});
    vi.stubEnv('PGLITE_DATA_DIR', path.join(folder, 'pglite'));
    vi.stubEnv('BACKUP_DIR', path.join(folder, 'backups'));
    resetServerEnvForTests();

    const absent = await ask('Bearer anything');
    expect(absent.status).toBe(404);

    const token = await ensureDoctorToken(getServerEnv());
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const wrong = await ask(`Bearer ${'0'.repeat(64)}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'The token does not match the one in the site’s data folder.',
    });
    expect((await ask()).status).toBe(401);

    const answer = await ask(`Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { checks } = (await answer.json()) as { checks: CheckResult[] };
    expect(checks.map((check) => check.id)).toEqual([...CHECK_IDS]);
    // The process's own database, migrated.
    expect(checks.find((check) => check.id === 'database')).toMatchObject({ status: 'pass' });
  });
});
