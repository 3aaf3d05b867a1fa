import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { normalizeEmail } from '@/lib/db/queries';
import {
  type Event,
  type EventRegistration,
  emailOutbox,
  eventRegistrations,
  events,
} from '@/lib/db/schema';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import { manageLinkAgainEmail } from '@/lib/mail/templates';
import { hashManageToken, isWellFormedManageToken, manageLinkKey } from './manage-token';
import { waitlistPosition } from './reads';
import { mailContext } from './registration-emails';

/** How often at most the link is emailed again to someone who registers again. */
export const LINK_AGAIN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Someone registered again with the address of a registration that stands (a 'duplicate'
 * outcome, alone or in a group): their manage link is emailed to that address again, through the
 * outbox, at most once an hour per registration (a key with the hour, and no email when one was
 * queued in the hour before). The link goes only to the registration's own address. Returns
 * whether an email was queued.
 */
export async function emailManageLinkAgain(
  db: Database,
  eventId: number,
  email: string,
  now: Date = new Date(),
): Promise<boolean> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          sql`lower(trim(${eventRegistrations.email})) = ${normalizeEmail(email)}`,
          sql`${eventRegistrations.status} <> 'cancelled'`,
        ),
      );
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!registration || !event) return false;
    const [recent] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.registrationId, registration.id),
          eq(emailOutbox.kind, 'manage_link_again'),
          gt(emailOutbox.createdAt, new Date(now.getTime() - LINK_AGAIN_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) return false;
    const context = await mailContext({ tx, key }, event, registration, {
      waitlistPosition: null,
    });
    // A link that cannot be recovered cannot be sent.
    if (!context.manageUrl) return false;
    return queueEmail(tx, {
      dedupeKey: `manage_link_again:${registration.id}:${Math.floor(now.getTime() / LINK_AGAIN_INTERVAL_MS)}`,
      kind: 'manage_link_again',
      to: registration.email,
      email: await manageLinkAgainEmail(context),
      registrationId: registration.id,
    });
  });
}

export type ManagedRegistration = {
  registration: EventRegistration;
  event: Event;
  waitlistPosition: number | null;
  /** Whether the event had started when the registration was read. */
  started: boolean;
};

export async function findByToken(db: Queryable, token: string): Promise<EventRegistration | null> {
  if (!isWellFormedManageToken(token)) return null;
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.manageTokenHash, hashManageToken(token)))
    .limit(1);
  return row ?? null;
}

/** What the manage link shows. Reading it changes nothing. */
export async function readManagedRegistration(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<ManagedRegistration | null> {
  const registration = await findByToken(db, token);
  if (!registration) return null;
  const [event] = await db.select().from(events).where(eq(events.id, registration.eventId));
  if (!event) return null;
  return {
    registration,
    event,
    waitlistPosition: await waitlistPosition(db, registration),
    started: event.startsAt !== null && event.startsAt.getTime() <= now.getTime(),
  };
}
