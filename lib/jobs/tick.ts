import 'server-only';
import { getDb } from '@/lib/db/client';
import type { Database } from '@/lib/db/client';
import { deliverDueEmails, type DeliveryReport, type MailTransport } from '@/lib/mail/sender';
import { type MembershipExpiryReport, runMembershipExpiry } from '@/lib/memberships/expiry';
import { type UnpaidApplicationsReport, runUnpaidApplications } from '@/lib/memberships/unpaid';
import { queueReminders } from '@/lib/registrations/registration-emails';
import { type ScheduledRun, readScheduledRun, saveScheduledRun } from './scheduled-runs';
import { runsScheduledWork } from './scheduler-lease';

/**
 * The server's scheduled work, run every minute by the server itself (startTicking) and by a
 * platform's scheduler through POST /api/cron/tick: queue the reminders that are due, expire
 * memberships, end their suspensions and queue their expiry reminders, remind and cancel the
 * applications nobody pays, then deliver what the outbox holds. Running it twice, or on two
 * instances at once, changes and sends nothing twice: reminders are deduplicated by key, each
 * membership change is made by one run under its row lock, and each email is claimed by one
 * sender.
 */

export type TickReport = {
  reminders: number;
  memberships: MembershipExpiryReport;
  unpaidApplications: UnpaidApplicationsReport;
  delivery: DeliveryReport;
};

export async function runTick(
  db: Database,
  options: { now?: Date; transport?: MailTransport | null } = {},
): Promise<TickReport> {
  const now = options.now ?? new Date();
  const reminders = await queueReminders(db, now);
  const memberships = await runMembershipExpiry(db, now);
  const unpaidApplications = await runUnpaidApplications(db, now);
  const delivery = await deliverDueEmails(db, {
    now,
    ...(options.transport !== undefined ? { transport: options.transport } : {}),
  });
  return { reminders, memberships, unpaidApplications, delivery };
}

const TICK_MS = 60_000;
/** Soon after start, so emails queued while the server was down go out without a minute's wait. */
const FIRST_TICK_MS = 5_000;

/**
 * The background sender waits until no new email has been asked for during this long (a burst
 * of registrations has passed) …
 */
export const SENDER_QUIET_MS = 1_000;
/** … but never longer than this after the first request, so a steady stream still gets its email. */
export const SENDER_MAX_WAIT_MS = 10_000;
/** Emails claimed at a time; the sender comes back for more while full batches come out. */
const SENDER_BATCH = 20;
/** After the SMTP server could not be reached, requests to send wait this long (the tick does not). */
export const SENDER_PAUSE_MS = TICK_MS;

type SenderState = {
  /** When deliverSoon was first and last called since the last round started; 0 when not. */
  firstAsked: number;
  lastAsked: number;
  timer: NodeJS.Timeout | null;
  /** The round in progress. */
  round: Promise<DeliveryReport | null> | null;
  /** Asked again while a round was running: run another one after it. */
  again: boolean;
  /** Until when deliverSoon waits, after the SMTP server was unreachable. */
  pausedUntil: number;
  /** When a registration last arrived or a request asked for an email (noteRequest). */
  lastRequestAt: number;
  /** The last unreachable server's error, logged once until the server answers again. */
  unreachable: string | null;
};

export type { ScheduledRun } from './scheduled-runs';

const state = globalThis as typeof globalThis & {
  __tcsaTicker?: NodeJS.Timeout;
  __tcsaTicking?: boolean;
  __tcsaSender?: SenderState;
  __tcsaLastRun?: ScheduledRun;
};

/**
 * Notes that a run of the scheduled work ended (the minute's tick, or POST /api/cron/tick), in this
 * process and in the database every instance shares, so that the console's System page and `npm
 * run doctor` can tell the work is done on time whichever instance answers them. A database that
 * cannot take the note leaves it in this process, which the run's own failure explains.
 */
export async function recordScheduledRun(startedAt: Date, error: unknown = null): Promise<void> {
  const run: ScheduledRun = {
    startedAt,
    finishedAt: new Date(),
    error: error === null ? null : error instanceof Error ? error.message : String(error),
  };
  state.__tcsaLastRun = run;
  try {
    await saveScheduledRun(await getDb(), run);
  } catch (failure) {
    console.error('The end of the scheduled work could not be noted in the database:', failure);
  }
}

/**
 * The last run of the scheduled work, by any instance on this database, or null when none has
 * run yet. This process's own note counts when it is newer (the database could not take it); a
 * database that cannot be read fails the read, unless this process has a note of its own.
 */
export async function lastScheduledRun(): Promise<ScheduledRun | null> {
  const own = state.__tcsaLastRun ?? null;
  let shared: ScheduledRun | null;
  try {
    shared = await readScheduledRun(await getDb());
  } catch (error) {
    if (own) return own;
    throw error;
  }
  if (!shared) return own;
  if (!own) return shared;
  return own.finishedAt > shared.finishedAt ? own : shared;
}

function sender(): SenderState {
  state.__tcsaSender ??= {
    firstAsked: 0,
    lastAsked: 0,
    timer: null,
    round: null,
    again: false,
    pausedUntil: 0,
    lastRequestAt: 0,
    unreachable: null,
  };
  return state.__tcsaSender;
}

export type DrainOptions = {
  db?: Database;
  transport?: MailTransport | null;
};

/**
 * One round of the process's single sender: delivers what is due, batch after batch, until a
 * batch comes back short or the SMTP server cannot be reached. A round asked for while one runs
 * joins it (and another round follows). Logs an unreachable server once, not per email.
 */
export function drainOutbox(options: DrainOptions = {}): Promise<DeliveryReport | null> {
  const current = sender();
  if (current.round) {
    current.again = true;
    return current.round;
  }
  current.firstAsked = 0;
  current.lastAsked = 0;
  current.again = false;
  const round = (async (): Promise<DeliveryReport | null> => {
    const total: DeliveryReport = { sent: 0, failed: 0, skipped: null };
    try {
      const db = options.db ?? (await getDb());
      for (;;) {
        const report = await deliverDueEmails(db, {
          batch: SENDER_BATCH,
          ...(options.transport !== undefined ? { transport: options.transport } : {}),
        });
        total.sent += report.sent;
        total.failed += report.failed;
        total.skipped = report.skipped;
        if (report.unreachable) {
          total.unreachable = report.unreachable;
          current.pausedUntil = Date.now() + SENDER_PAUSE_MS;
          if (current.unreachable !== report.unreachable) {
            console.warn(
              `The SMTP server could not be reached (${report.unreachable}); the outbox keeps ` +
                'its emails and tries again in a minute.',
            );
          }
          current.unreachable = report.unreachable;
          break;
        }
        if (report.sent > 0 && current.unreachable) {
          console.info('The SMTP server answers again; the outbox is being delivered.');
          current.unreachable = null;
        }
        if (report.sent + report.failed < SENDER_BATCH) break;
      }
      return total;
    } catch (error) {
      console.error('Delivering the outbox failed; it is tried again in a minute:', error);
      return null;
    } finally {
      current.round = null;
      if (current.again && !total.unreachable) deliverSoon();
    }
  })();
  current.round = round;
  return round;
}

/**
 * Asks the background sender to deliver the outbox soon: the person who just registered or
 * cancelled gets their email within seconds. Costs the caller nothing: no database query, no
 * SMTP connection, no log line. The sender runs once requests have paused for SENDER_QUIET_MS
 * (at most SENDER_MAX_WAIT_MS after the first), so a burst of registrations is answered first
 * and its emails then go out together, over one connection, at a bounded rate. While the SMTP
 * server is unreachable, requests wait for the every-minute tick.
 */
export function deliverSoon(): void {
  const current = sender();
  const now = Date.now();
  noteRequest();
  if (current.round) {
    current.again = true;
    return;
  }
  current.lastAsked = now;
  if (!current.firstAsked) current.firstAsked = now;
  if (current.timer) return;
  const check = () => {
    current.timer = null;
    const at = Date.now();
    const due = Math.max(
      current.pausedUntil,
      Math.min(current.lastAsked + SENDER_QUIET_MS, current.firstAsked + SENDER_MAX_WAIT_MS),
    );
    if (at < due) {
      current.timer = setTimeout(check, due - at);
      current.timer.unref();
      return;
    }
    void drainOutbox();
  };
  current.timer = setTimeout(check, SENDER_QUIET_MS);
  current.timer.unref();
}

/**
 * A request that may come in a burst (a registration) has arrived: the scheduled work waits for
 * the burst to pass (untilRequestsPause). Costs the caller one assignment.
 */
export function noteRequest(): void {
  sender().lastRequestAt = Date.now();
}

/**
 * Resolves once no request has been noted during SENDER_QUIET_MS (a burst of registrations has
 * passed), or SENDER_MAX_WAIT_MS after it was called: the scheduled work
 * (reminders, memberships, the outbox, its SMTP attempt) then shares the database and the CPU
 * with no burst. On PGlite every query waits its turn on one connection, and a tick that
 * started during a gala's first second added about half a second to its slowest answers.
 */
export async function untilRequestsPause(): Promise<void> {
  const started = Date.now();
  for (;;) {
    const now = Date.now();
    const quietFor = now - sender().lastRequestAt;
    if (quietFor >= SENDER_QUIET_MS || now - started >= SENDER_MAX_WAIT_MS) return;
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        Math.min(SENDER_QUIET_MS - quietFor, SENDER_MAX_WAIT_MS - (now - started)),
      ),
    );
  }
}

/** Forgets the sender's timers and pause (tests). */
export function resetSenderForTests(): void {
  const current = sender();
  if (current.timer) clearTimeout(current.timer);
  state.__tcsaSender = undefined;
}

/**
 * Starts the every-minute tick in this process (once, whatever the number of calls). On
 * PostgreSQL, of several instances only the one holding the scheduler's lease runs the work
 * (./scheduler-lease.ts); the others' ticks only check whether the lease is free, and note no run.
 */
export function startTicking(): void {
  if (state.__tcsaTicker) return;
  const tick = async () => {
    // A slow SMTP server must not make ticks pile up.
    if (state.__tcsaTicking) return;
    state.__tcsaTicking = true;
    // A database that cannot be reached to check the lease fails the run below, which says so.
    if (!(await runsScheduledWork().catch(() => true))) {
      state.__tcsaTicking = false;
      return;
    }
    const startedAt = new Date();
    let failure: unknown = null;
    try {
      // Each step waits for a burst that began while the one before it ran.
      await untilRequestsPause();
      const db = await getDb();
      await queueReminders(db);
      await untilRequestsPause();
      await runMembershipExpiry(db);
      await untilRequestsPause();
      await runUnpaidApplications(db);
      await untilRequestsPause();
      // Through the process's one sender, which a registration may have woken already.
      await drainOutbox();
    } catch (error) {
      failure = error;
      console.error(
        'The scheduled work (reminders, memberships, email delivery) failed; it runs again in a minute:',
        error,
      );
    } finally {
      state.__tcsaTicking = false;
      await recordScheduledRun(startedAt, failure);
    }
  };
  setTimeout(() => void tick(), FIRST_TICK_MS).unref();
  state.__tcsaTicker = setInterval(() => void tick(), TICK_MS);
  state.__tcsaTicker.unref();
}
