import 'server-only';
import { getDb } from '@/lib/db/client';
import type { Database } from '@/lib/db/client';
import { deliverDueEmails, type DeliveryReport, type MailTransport } from '@/lib/mail/sender';
import { queueReminders } from '@/lib/registrations/operations';

/**
 * The server's scheduled work, run every minute by the server itself (startTicking) and by a
 * platform's scheduler through POST /api/cron/tick: queue the reminders that are due, then
 * deliver what the outbox holds. Running it twice, or on two instances at once, sends nothing
 * twice: reminders are deduplicated by key and each email is claimed by one sender.
 */

export type TickReport = { reminders: number; delivery: DeliveryReport };

export async function runTick(
  db: Database,
  options: { now?: Date; transport?: MailTransport | null } = {},
): Promise<TickReport> {
  const now = options.now ?? new Date();
  const reminders = await queueReminders(db, now);
  const delivery = await deliverDueEmails(db, {
    now,
    ...(options.transport !== undefined ? { transport: options.transport } : {}),
  });
  return { reminders, delivery };
}

const TICK_MS = 60_000;
/** Soon after start, so emails queued while the server was down go out without a minute's wait. */
const FIRST_TICK_MS = 5_000;

const state = globalThis as typeof globalThis & {
  __tcsaTicker?: NodeJS.Timeout;
  __tcsaTicking?: boolean;
};

/** Starts the every-minute tick in this process (once, whatever the number of calls). */
export function startTicking(): void {
  if (state.__tcsaTicker) return;
  const tick = async () => {
    // A slow SMTP server must not make ticks pile up.
    if (state.__tcsaTicking) return;
    state.__tcsaTicking = true;
    try {
      await runTick(await getDb());
    } catch (error) {
      console.error(
        'The scheduled work (reminders, email delivery) failed; it runs again in a minute:',
        error,
      );
    } finally {
      state.__tcsaTicking = false;
    }
  };
  setTimeout(() => void tick(), FIRST_TICK_MS).unref();
  state.__tcsaTicker = setInterval(() => void tick(), TICK_MS);
  state.__tcsaTicker.unref();
}

/**
 * Delivers the outbox now, after the answer is on its way, instead of at the next minute: the
 * person who just registered or cancelled gets their email at once. Failures stay queued.
 */
export function deliverSoon(): void {
  setImmediate(() => {
    void (async () => {
      try {
        await deliverDueEmails(await getDb());
      } catch (error) {
        console.error('Delivering the outbox failed; it is tried again in a minute:', error);
      }
    })();
  });
}
