import 'server-only';
import { Client } from 'pg';
import { getServerEnv } from '@/lib/env/server';

/**
 * Which instance runs the every-minute scheduled work (lib/jobs/tick.ts). On PostgreSQL every
 * instance has its ticker, and without a lease each ran the whole sweep every minute: with two
 * instances the reminders, memberships, unpaid applications and outbox were swept twice a minute
 * (each row is claimed by one run, so nothing was done twice, but every query was). Now the
 * instance that holds a session advisory lock, on a connection of its own, runs it; the others
 * try to take the lock at each of their ticks, so when the holder stops (its connection closes
 * and PostgreSQL releases the lock) another takes over within a minute. On the embedded database
 * there is one process, which always runs it.
 */

/** Any fixed number, distinct from the migrations' lock (lib/db/client.ts). */
export const SCHEDULER_LOCK_KEY = 727_002;
/** The lease's connection, as PostgreSQL lists it (pg_stat_activity.application_name). */
export const SCHEDULER_APPLICATION_NAME = 'tcsa-scheduler';

export class SchedulerLease {
  private client: Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    /** Told when this process takes the lease, and when it loses it. */
    private readonly onChange: (held: boolean) => void = () => {},
  ) {}

  /** Whether this process holds the lease now, taking it when it is free. */
  async held(): Promise<boolean> {
    if (this.client) {
      try {
        // A connection PostgreSQL has closed no longer holds the lock.
        await this.client.query('select 1');
        return true;
      } catch {
        this.lose();
      }
    }
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: SCHEDULER_APPLICATION_NAME,
    });
    // A connection lost while idle must not end the process; the next tick finds it gone.
    client.on('error', () => {
      if (this.client === client) this.lose();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [SCHEDULER_LOCK_KEY],
      );
      if (rows[0]?.locked) {
        this.client = client;
        this.onChange(true);
        return true;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    await client.end().catch(() => {});
    return false;
  }

  /** Gives the lease up (closing its connection releases the lock). */
  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private lose(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => {});
    this.onChange(false);
  }
}

const state = globalThis as typeof globalThis & { __tcsaSchedulerLease?: SchedulerLease };

/** Whether this process runs the scheduled work now (see above). */
export async function runsScheduledWork(): Promise<boolean> {
  const databaseUrl = getServerEnv().DATABASE_URL;
  if (!databaseUrl) return true;
  state.__tcsaSchedulerLease ??= new SchedulerLease(databaseUrl, (held) =>
    console.info(
      held
        ? `This server (process ${process.pid}) now runs the scheduled work (reminders, memberships, email delivery) for every instance on this database.`
        : `This server (process ${process.pid}) lost its connection to the database and no longer runs the scheduled work; an instance takes it over at its next minute.`,
    ),
  );
  return state.__tcsaSchedulerLease.held();
}
