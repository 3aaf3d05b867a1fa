import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/test-hooks/database/route';
import { recordChange } from '@/lib/audit/record';
import { resetServerEnvForTests } from '@/lib/env/server';
import { databaseFingerprint } from '@/lib/testing/database-fingerprint';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The database fingerprint the console's refusal walk compares (tests/e2e/console-guards.spec.ts):
 * it moves with any change, and only a test server serves it.
 */

let database: TestDatabase;
const savedFlag = process.env.TCSA_ENABLE_TEST_FAULTS;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => {
  if (savedFlag === undefined) delete process.env.TCSA_ENABLE_TEST_FAULTS;
  else process.env.TCSA_ENABLE_TEST_FAULTS = savedFlag;
  resetServerEnvForTests();
});

const request = (query = '') => new Request(`http://localhost/api/test-hooks/database/${query}`);

describe(`the test hooks' database fingerprint (${DATABASE_UNDER_TEST})`, () => {
  it('is a JSON 404, like any unknown API path, on a server that is not a test server', async () => {
    delete process.env.TCSA_ENABLE_TEST_FAULTS;
    resetServerEnvForTests();
    for (const query of ['', '?view=records']) {
      const response = await GET(request(query));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'There is no API endpoint at this address.' });
    }
  });

  it('on a test server: stays the same while nothing changes, and moves with any change', async () => {
    process.env.TCSA_ENABLE_TEST_FAULTS = '1';
    resetServerEnvForTests();
    const first = await (await GET(request())).json();
    expect(await (await GET(request())).json()).toEqual(first);
    expect(Object.keys(first.tables)).toEqual(expect.arrayContaining(['events', 'audit_log']));

    await recordChange(database.db, null, {
      action: 'test.touch',
      recordType: 'test',
      summary: 'A change the fingerprint must see',
    });
    const after = await databaseFingerprint(database.db);
    expect(after.tables.audit_log).not.toBe(first.tables.audit_log);
    expect(after.audit).toMatchObject({
      count: first.audit.count + 1,
      latest: { action: 'test.touch', actorId: null },
    });
    const records = await (await GET(request('?view=records'))).json();
    expect(records.events.length).toBeGreaterThan(0);
  });
});
