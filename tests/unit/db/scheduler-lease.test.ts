import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getServerEnv } from '@/lib/env/server';
import {
  runsScheduledWork,
  SCHEDULER_APPLICATION_NAME,
  SchedulerLease,
} from '@/lib/jobs/scheduler-lease';

/*
 * The scheduled work runs on one instance at a time. Several instances on one PostgreSQL database
 * each tick every minute; each tick asks the lease first, and only its holder runs the work: two
 * instances ticking in the same minute run it once. When the holder's connection ends (the
 * instance stopped or was killed), another instance takes the lease at its next tick.
 */

const serverUrl = getServerEnv().DATABASE_URL;

describe.runIf(serverUrl)('the scheduler lease (PostgreSQL)', () => {
  const name = `tcsa_lease_${process.pid}_${randomBytes(3).toString('hex')}`;
  let admin: Pool;
  let url: string;

  beforeAll(async () => {
    admin = new Pool({ connectionString: serverUrl, max: 1 });
    await admin.query(`create database "${name}"`);
    const parsed = new URL(serverUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  /** The lease's connections to the test's database, as PostgreSQL lists them. */
  async function holders(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      `select a.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and a.datname = $1 and a.application_name = $2`,
      [name, SCHEDULER_APPLICATION_NAME],
    );
    return rows.map((row) => row.pid);
  }

  it('lets one of two instances run each minute’s work, and the other take over when it stops', async () => {
    const changes: string[] = [];
    const first = new SchedulerLease(url, (held) => changes.push(`first ${held}`));
    const second = new SchedulerLease(url, (held) => changes.push(`second ${held}`));
    let runs = 0;
    const tick = async (lease: SchedulerLease) => {
      if (await lease.held()) runs += 1;
    };
    try {
      // Three minutes in which both instances tick, at once.
      for (let minute = 0; minute < 3; minute += 1) {
        await Promise.all([tick(first), tick(second)]);
      }
      expect(runs).toBe(3);
      expect(await holders()).toHaveLength(1);
      const leader = changes[0]!.startsWith('first') ? first : second;
      const follower = leader === first ? second : first;
      expect(changes).toEqual([`${leader === first ? 'first' : 'second'} true`]);
      // The follower keeps no connection open between its ticks.
      const { rows } = await admin.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity where datname = $1 and application_name = $2`,
        [name, SCHEDULER_APPLICATION_NAME],
      );
      expect(rows[0]!.count).toBe(1);

      // The leader's instance is killed: PostgreSQL ends its connection and frees the lock.
      const [pid] = await holders();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The lock is free once the ended connection's backend has gone, a moment later.
      await vi.waitFor(async () => expect(await follower.held()).toBe(true), { timeout: 5_000 });
      expect(await leader.held()).toBe(false);
      expect(changes.slice(1).sort()).toEqual(
        [
          `${leader === first ? 'first' : 'second'} false`,
          `${leader === first ? 'second' : 'first'} true`,
        ].sort(),
      );
      runs = 0;
      await Promise.all([tick(first), tick(second)]);
      expect(runs).toBe(1);

      // Stopping gracefully gives it up at once.
      await follower.release();
      expect(await leader.held()).toBe(true);
    } finally {
      await first.release();
      await second.release();
    }
    expect(await holders()).toEqual([]);
  });
});

describe.skipIf(serverUrl)('the scheduler lease (embedded database)', () => {
  it('is always this process’s: one process holds the data folder', async () => {
    const log = vi.spyOn(console, 'info');
    expect(await runsScheduledWork()).toBe(true);
    expect(await runsScheduledWork()).toBe(true);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
