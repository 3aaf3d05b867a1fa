import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { scheduledWorkRuns } from '@/lib/db/schema';

/** One run of the scheduled work: when it started and ended, and how. */
export type ScheduledRun = { startedAt: Date; finishedAt: Date; error: string | null };

/** Writes the run as the last one (scheduled_work_runs, id 1). */
export async function saveScheduledRun(db: Database, run: ScheduledRun): Promise<void> {
  await db
    .insert(scheduledWorkRuns)
    .values({ id: 1, ...run })
    .onConflictDoUpdate({ target: scheduledWorkRuns.id, set: run });
}

/** The last run any instance wrote, or null before the first. */
export async function readScheduledRun(db: Database): Promise<ScheduledRun | null> {
  const [row] = await db
    .select({
      startedAt: scheduledWorkRuns.startedAt,
      finishedAt: scheduledWorkRuns.finishedAt,
      error: scheduledWorkRuns.error,
    })
    .from(scheduledWorkRuns)
    .where(eq(scheduledWorkRuns.id, 1));
  return row ?? null;
}
