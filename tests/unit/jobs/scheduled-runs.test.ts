import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledWorkRuns } from '@/lib/db/schema';
import { readScheduledRun, saveScheduledRun } from '@/lib/jobs/scheduled-runs';
import { lastScheduledRun, recordScheduledRun } from '@/lib/jobs/tick';
import { type TestDatabase, createTestDatabase } from '../db/support/test-database';

/**
 * Of several instances only one runs the scheduled work: the System page and npm run doctor of
 * every instance read its last run from the database they share, not from their own process.
 */

/** This process's own note of its last run, as lib/jobs/tick.ts keeps it. */
const processState = globalThis as typeof globalThis & { __tcsaLastRun?: unknown };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  delete processState.__tcsaLastRun;
  await database.dispose();
});
beforeEach(async () => {
  delete processState.__tcsaLastRun;
  await database.db.delete(scheduledWorkRuns);
});

describe('the scheduled work’s last run, shared by the instances', () => {
  it('is none before the first run', async () => {
    expect(await readScheduledRun(database.db)).toBeNull();
    expect(await lastScheduledRun()).toBeNull();
  });

  it('is read by an instance that did not run it (no note of its own)', async () => {
    const startedAt = new Date(Date.now() - 2_000);
    await recordScheduledRun(startedAt);
    delete processState.__tcsaLastRun;
    const run = await lastScheduledRun();
    expect(run).toMatchObject({ startedAt, error: null });
    expect(run!.finishedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
  });

  it('keeps only the last run, its failure included', async () => {
    await recordScheduledRun(new Date(Date.now() - 60_000));
    await recordScheduledRun(new Date(), new Error('SMTP server refused the sign-in'));
    delete processState.__tcsaLastRun;
    expect(await lastScheduledRun()).toMatchObject({ error: 'SMTP server refused the sign-in' });
    expect(await database.db.select({ rows: count() }).from(scheduledWorkRuns)).toEqual([
      { rows: 1 },
    ]);
  });

  it('takes the newer of its own note and the shared one', async () => {
    const old = new Date('2026-11-20T10:00:00Z');
    await recordScheduledRun(old);
    // Another instance ran since.
    const newer = { startedAt: new Date(), finishedAt: new Date(), error: null };
    await saveScheduledRun(database.db, newer);
    expect(await lastScheduledRun()).toEqual(newer);
  });

  it('fails the read when the database cannot be read and it has no note of its own', async () => {
    const select = vi.spyOn(database.db, 'select').mockImplementation(() => {
      throw new Error('connection lost');
    });
    try {
      await expect(lastScheduledRun()).rejects.toThrow('connection lost');
    } finally {
      select.mockRestore();
    }
  });

  it('keeps its own note when the database cannot take it', async () => {
    const failing = vi.spyOn(console, 'error').mockImplementation(() => {});
    const insert = vi.spyOn(database.db, 'insert').mockImplementation(() => {
      throw new Error('connection lost');
    });
    try {
      const startedAt = new Date(Date.now() + 60_000);
      await recordScheduledRun(startedAt);
      expect(await lastScheduledRun()).toMatchObject({ startedAt });
      expect(failing).toHaveBeenCalledOnce();
    } finally {
      insert.mockRestore();
      failing.mockRestore();
    }
  });
});
