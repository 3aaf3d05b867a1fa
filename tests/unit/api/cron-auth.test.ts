import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearerToken, handleCronTick } from '@/lib/jobs/cron-route';
import { resetServerEnvForTests } from '@/lib/env/server';
import { type TestDatabase, createTestDatabase } from '../db/support/test-database';

vi.mock('next/cache', () => import('./support/next-cache'));

const SECRET = 'cron-secret-for-tests-456';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  process.env.CRON_SECRET = SECRET;
  resetServerEnvForTests();
});
afterAll(async () => {
  delete process.env.CRON_SECRET;
  resetServerEnvForTests();
  await database.dispose();
});
afterEach(() => vi.restoreAllMocks());

function tick(authorization: string): Promise<Response> {
  return handleCronTick(
    new Request('http://localhost/api/cron/tick', { method: 'POST', headers: { authorization } }),
  );
}

describe('POST /api/cron/tick: the Authorization header', () => {
  it.each([`Bearer ${SECRET}`, `bearer ${SECRET}`, `BEARER ${SECRET}`, `bEaReR   ${SECRET}`])(
    'accepts %j: the scheme name is case-insensitive (RFC 9110)',
    async (authorization) => {
      const answer = await tick(authorization);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ reminders_queued: 0 });
    },
  );

  it.each([
    `Bearer ${SECRET.toUpperCase()}`,
    `Bearer ${SECRET}x`,
    `Bearer ${SECRET.slice(0, -1)}`,
    `Basic ${SECRET}`,
    `Bearer${SECRET}`,
    `${SECRET}`,
    `Bearer`,
    `Bearer `,
    '',
  ])('refuses %j with 401: the secret itself is compared exactly', async (authorization) => {
    const answer = await tick(authorization);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      error: 'The scheduler secret is missing or wrong (Authorization: Bearer <CRON_SECRET>).',
    });
  });

  it('reads the token after the scheme', () => {
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Bearer  a b')).toBe('a b');
    expect(bearerToken('Token abc')).toBe('');
    expect(bearerToken(null)).toBe('');
  });
});
