import 'server-only';
import { and, desc, eq, isNull, like, lt, or } from 'drizzle-orm';
import { recordChange as recordAudit } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { placesTaken } from '@/lib/db/queries';
import {
  emailOutbox,
  eventRegistrations,
  registrationStatusChanges,
  type RegistrationStatusChange,
} from '@/lib/db/schema';
import { manageLinkKey } from './manage-token';
import { type RegistrationStatus, STATUS_LABELS } from './statuses';
import {
  holdsPlace,
  lockEvent,
  moveTo,
  promoteWaitlisted,
  type StaffActor,
  staffAuditActor,
  type Step,
  type Transaction,
} from './transitions';

/**
 * Undo of a status change staff made by mistake (a wrong row ticked, the wrong button): for
 * UNDO_MINUTES after it, while it is still the registration's last change, the registration goes
 * back to the status it had, in one transaction with its history and audit entry. The person
 * hears of neither when the change's email was not sent yet (it is withdrawn from the outbox);
 * otherwise they get the email of the status they are back in. A place given since to someone
 * from the waitlist is not taken back: the undo is refused, and says so.
 */

export const UNDO_MINUTES = 10;

export type UndoOutcome =
  | { kind: 'undone'; name: string; status: RegistrationStatus; emailWithdrawn: boolean }
  | { kind: 'not_found' }
  | { kind: 'too_late' }
  | { kind: 'changed_since' }
  | { kind: 'full'; capacity: number };

/** The change of a registration that may still be undone at `now`: its last, by staff, recent. */
export function isUndoable(
  change: Pick<RegistrationStatusChange, 'actor' | 'fromStatus' | 'at'>,
  now: Date,
): boolean {
  return (
    change.actor === 'staff' &&
    change.fromStatus !== null &&
    now.getTime() - change.at.getTime() <= UNDO_MINUTES * 60_000
  );
}

/** Withdraws the change's email if no sender has it yet; true when it was withdrawn. */
async function withdrawUnsentEmail(
  tx: Transaction,
  registrationId: number,
  changeId: number,
  now: Date,
): Promise<boolean> {
  const withdrawn = await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.registrationId, registrationId),
        like(emailOutbox.dedupeKey, `%:${registrationId}:${changeId}`),
        isNull(emailOutbox.sentAt),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      ),
    )
    .returning({ id: emailOutbox.id });
  return withdrawn.length > 0;
}

export async function undoRegistrationChange(
  db: Database,
  changeId: number,
  staff: StaffActor,
  { eventId, now = new Date() }: { eventId: number; now?: Date },
): Promise<UndoOutcome> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx): Promise<UndoOutcome> => {
    const event = await lockEvent(tx, eventId);
    if (!event) return { kind: 'not_found' };
    const [found] = await tx
      .select({ change: registrationStatusChanges, registration: eventRegistrations })
      .from(registrationStatusChanges)
      .innerJoin(
        eventRegistrations,
        eq(eventRegistrations.id, registrationStatusChanges.registrationId),
      )
      .where(
        and(eq(registrationStatusChanges.id, changeId), eq(eventRegistrations.eventId, eventId)),
      );
    if (!found) return { kind: 'not_found' };
    const { change, registration } = found;
    if (!isUndoable(change, now)) return { kind: 'too_late' };
    if (
      (await lastChangeId(tx, registration.id)) !== change.id ||
      registration.status !== change.toStatus
    ) {
      return { kind: 'changed_since' };
    }
    const back = change.fromStatus as RegistrationStatus;
    if (!holdsPlace(registration.status) && holdsPlace(back) && event.capacity !== null) {
      if ((await placesTaken(tx, event.id)) >= event.capacity) {
        return { kind: 'full', capacity: event.capacity };
      }
    }
    const emailWithdrawn = await withdrawUnsentEmail(tx, registration.id, change.id, now);
    const step: Step = { tx, key, now };
    const name = `${registration.firstName} ${registration.lastName}`;
    const reason = `Undid '${STATUS_LABELS[change.toStatus as RegistrationStatus]}' (a mistake).`;
    const updated = await moveTo(step, event, registration, back, staff, reason);
    if (emailWithdrawn) {
      // The person never heard of the change: they hear nothing of its undo either.
      await withdrawUnsentEmail(tx, registration.id, await lastChangeId(tx, updated.id), now);
    }
    if (holdsPlace(registration.status) && !holdsPlace(back)) await promoteWaitlisted(step, event);
    await recordAudit(tx, staffAuditActor(staff), {
      action: 'registration.undo',
      recordType: 'event',
      recordId: event.id,
      summary: `Undid ${STATUS_LABELS[change.toStatus as RegistrationStatus]} for ${name}: back to ${STATUS_LABELS[back]}`,
      before: { registrationId: registration.id, status: registration.status },
      after: { registrationId: registration.id, status: back, emailWithdrawn },
    });
    return { kind: 'undone', name, status: back, emailWithdrawn };
  });
}

async function lastChangeId(tx: Transaction, registrationId: number): Promise<number> {
  const [last] = await tx
    .select({ id: registrationStatusChanges.id })
    .from(registrationStatusChanges)
    .where(eq(registrationStatusChanges.registrationId, registrationId))
    .orderBy(desc(registrationStatusChanges.id))
    .limit(1);
  return last!.id;
}
