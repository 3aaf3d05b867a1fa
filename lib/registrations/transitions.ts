import 'server-only';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { recordChange as recordAudit } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { eventRooms, placesTaken } from '@/lib/db/queries';
import {
  type Event,
  type EventRegistration,
  eventRegistrations,
  events,
  registrationQueue,
  registrationStatusChanges,
} from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import { manageLinkKey } from './manage-token';
import { findByToken } from './manage';
import {
  PLACE_HOLDING_STATUSES,
  type PlacePool,
  type RegistrationStatus,
  STATUS_LABELS,
  type StatusActor,
} from './statuses';
import { type PoolRoom, promotions } from './pools';
import { tallyForRegistration } from './reads';
import { emailFor } from './registration-emails';

/**
 * Everything that changes a registration's status, each in one transaction that first locks the
 * event's row (SELECT … FOR UPDATE): registrations, cancellations, promotions and staff changes
 * of one event take turns, so the places counted are the places taken. Each change is recorded
 * (who, when, why) and its email queued in the outbox by the same transaction.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type Actor =
  { kind: 'self' } | { kind: 'system' } | { kind: 'staff'; userId: string; name: string };

export const SELF: Actor = { kind: 'self' };
const SYSTEM: Actor = { kind: 'system' };

export type Step = { tx: Transaction; key: Buffer; now: Date };

export const holdsPlace = (status: string) =>
  (PLACE_HOLDING_STATUSES as readonly string[]).includes(status);

export async function lockEvent(tx: Transaction, eventId: number): Promise<Event | undefined> {
  // Lets finished responses go out between queued transactions on the embedded database, which
  // runs them synchronously in this process.
  await new Promise((resolve) => setImmediate(resolve));
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return event;
}

async function nextQueuePlace(tx: Transaction): Promise<number> {
  // Both drivers (PGlite, node-postgres) answer execute() with { rows }; the shared Database
  // type leaves the result unknown.
  const result = (await tx.execute(sql`select nextval(${registrationQueue.seqName}) as place`)) as {
    rows: Array<{ place: string | number }>;
  };
  return Number(result.rows[0]!.place);
}

export async function recordStatusChange(
  tx: Transaction,
  registrationId: number,
  from: string | null,
  to: RegistrationStatus,
  actor: Actor,
  reason: string | null,
  at: Date,
): Promise<number> {
  const [row] = await tx
    .insert(registrationStatusChanges)
    .values({
      registrationId,
      fromStatus: from,
      toStatus: to,
      actor: actor.kind satisfies StatusActor,
      actorUserId: actor.kind === 'staff' ? actor.userId : null,
      actorName: actor.kind === 'staff' ? actor.name : null,
      reason: reason?.slice(0, 300) ?? null,
      at,
    })
    .returning({ id: registrationStatusChanges.id });
  return row!.id;
}

/** Moves a locked registration to `to`: records the change and queues its email (also ./undo.ts). */
export async function moveTo(
  step: Step,
  event: Event,
  registration: EventRegistration,
  to: RegistrationStatus,
  actor: Actor,
  reason: string | null,
  /** The pool a promotion gives the place from; others keep the registration's own. */
  pool?: PlacePool,
): Promise<EventRegistration> {
  const from = registration.status;
  const startsAt = event.startsAt?.getTime() ?? null;
  const late =
    to === 'cancelled' &&
    startsAt !== null &&
    step.now.getTime() > startsAt - event.cancellationCutoffHours * 3_600_000;
  const [updated] = await step.tx
    .update(eventRegistrations)
    .set({
      status: to,
      statusChangedAt: step.now,
      lateCancellation: to === 'cancelled' ? late && actor.kind === 'self' : false,
      queuedAt: to === 'waitlisted' ? await nextQueuePlace(step.tx) : null,
      checkedInAt: to === 'attended' ? step.now : null,
      ...(pool ? { pool } : {}),
    })
    .where(eq(eventRegistrations.id, registration.id))
    .returning();
  const changeId = await recordStatusChange(
    step.tx,
    registration.id,
    from,
    to,
    actor,
    reason,
    step.now,
  );
  const mail = await emailFor(step, event, updated!, from, reason);
  if (mail) {
    await queueEmail(step.tx, {
      dedupeKey: `${mail.kind}:${registration.id}:${changeId}`,
      kind: mail.kind,
      to: updated!.email,
      email: mail.email,
      registrationId: registration.id,
    });
  }
  return updated!;
}

/**
 * Gives free places to the waitlist when the event promotes by itself: a member place to the
 * first waitlisted member, a public place to the first in line (pools.ts, `promotions`). Runs
 * inside the transaction that freed the place.
 */
export async function promoteWaitlisted(
  step: Step,
  event: Event,
  /** Whom staff have just moved to the waitlist: the place they left is not given back to them. */
  passOver: number | null = null,
): Promise<number> {
  if (!event.autoPromote || event.cancelledAt) return 0;
  const tally = await tallyForRegistration(step.tx, event.id, null);
  if (tally.waiting === 0) return 0;
  if (event.capacity !== null && tally.taken >= event.capacity) return 0;
  const line = await step.tx
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, event.id),
        eq(eventRegistrations.status, 'waitlisted'),
        passOver === null ? undefined : ne(eventRegistrations.id, passOver),
      ),
    )
    .orderBy(asc(eventRegistrations.queuedAt), asc(eventRegistrations.id))
    .limit(10_000);
  const byId = new Map(line.map((registration) => [registration.id, registration]));
  const given = promotions(
    event,
    tally.byPool,
    step.now,
    line.map((registration) => ({
      id: registration.id,
      member: registration.membershipId !== null,
    })),
  );
  for (const { id, pool } of given) {
    await moveTo(step, event, byId.get(id)!, 'confirmed', SYSTEM, 'A place opened up.', pool);
  }
  return given.length;
}

/** Statuses the person can still cancel from. */
const CANCELLABLE: readonly string[] = ['submitted', 'confirmed', 'waitlisted'];

export type CancelOutcome =
  | {
      kind: 'cancelled';
      registration: EventRegistration;
      late: boolean;
      promoted: number;
      /** Whether a newcomer's room changed (the event's status): its pages are published again. */
      roomChanged: boolean;
    }
  | { kind: 'not_found' }
  | { kind: 'not_cancellable'; status: RegistrationStatus }
  | { kind: 'started' };

/** Whether a newcomer can take each pool's place of the event, read in the transaction. */
async function eventRoom(tx: Transaction, event: Event): Promise<PoolRoom> {
  return (await eventRooms(tx, [event])).get(event.id)!;
}

/** The person cancels through their manage link; a freed place goes to the waitlist. */
export async function cancelByToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<CancelOutcome> {
  const found = await findByToken(db, token);
  if (!found) return { kind: 'not_found' };
  const key = await manageLinkKey(db);
  return db.transaction(async (tx): Promise<CancelOutcome> => {
    const step: Step = { tx, key, now };
    const event = await lockEvent(tx, found.eventId);
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, found.id));
    if (!event || !registration) return { kind: 'not_found' };
    if (!CANCELLABLE.includes(registration.status)) {
      return { kind: 'not_cancellable', status: registration.status as RegistrationStatus };
    }
    if (event.startsAt && event.startsAt.getTime() <= now.getTime()) return { kind: 'started' };
    const roomBefore = await eventRoom(tx, event);
    const updated = await moveTo(step, event, registration, 'cancelled', SELF, null);
    const promoted = holdsPlace(registration.status) ? await promoteWaitlisted(step, event) : 0;
    const roomAfter = await eventRoom(tx, event);
    return {
      kind: 'cancelled',
      registration: updated,
      late: updated.lateCancellation,
      promoted,
      roomChanged: roomAfter.member !== roomBefore.member || roomAfter.public !== roomBefore.public,
    };
  });
}

/** What staff can do to a registration, and the statuses each may start from. */
export const STAFF_ACTIONS = {
  confirm: { to: 'confirmed', from: ['submitted', 'waitlisted', 'declined', 'cancelled'] },
  waitlist: { to: 'waitlisted', from: ['submitted', 'confirmed', 'declined', 'cancelled'] },
  decline: { to: 'declined', from: ['submitted', 'waitlisted', 'confirmed'] },
  cancel: { to: 'cancelled', from: ['submitted', 'waitlisted', 'confirmed'] },
  excuse: { to: 'excused', from: ['no_show', 'cancelled', 'confirmed'] },
  check_in: { to: 'attended', from: ['confirmed', 'no_show', 'excused'] },
  undo_check_in: { to: 'confirmed', from: ['attended'] },
  no_show: { to: 'no_show', from: ['confirmed'] },
} as const satisfies Record<
  string,
  { to: RegistrationStatus; from: readonly RegistrationStatus[] }
>;

export type StaffAction = keyof typeof STAFF_ACTIONS;

export function isStaffAction(value: unknown): value is StaffAction {
  return typeof value === 'string' && Object.hasOwn(STAFF_ACTIONS, value);
}

export type StaffChangeOutcome =
  | { kind: 'changed'; registration: EventRegistration; promoted: number }
  | { kind: 'not_found' }
  | { kind: 'not_allowed'; from: RegistrationStatus }
  | { kind: 'full'; capacity: number };

export async function changeRegistrationStatus(
  db: Database,
  registrationId: number,
  action: StaffAction,
  staff: StaffActor,
  {
    reason = null,
    now = new Date(),
    eventId,
  }: {
    reason?: string | null;
    now?: Date;
    /** The event the page shows (an event lead's own): a registration of another is not found. */
    eventId: number;
  },
): Promise<StaffChangeOutcome> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx): Promise<StaffChangeOutcome> => {
    const step: Step = { tx, key, now };
    const event = await lockEvent(tx, eventId);
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)),
      );
    if (!event || !registration) return { kind: 'not_found' };
    const rule = STAFF_ACTIONS[action];
    const from = registration.status as RegistrationStatus;
    if (!(rule.from as readonly string[]).includes(from)) return { kind: 'not_allowed', from };
    // Every change that takes a place (confirm, excuse a cancellation, …) meets the capacity.
    if (!holdsPlace(from) && holdsPlace(rule.to) && event.capacity !== null) {
      if ((await placesTaken(tx, event.id)) >= event.capacity) {
        return { kind: 'full', capacity: event.capacity };
      }
    }
    const updated = await moveTo(step, event, registration, rule.to, staff, reason);
    const freed = holdsPlace(from) && !holdsPlace(rule.to);
    const promoted = freed
      ? await promoteWaitlisted(step, event, rule.to === 'waitlisted' ? updated.id : null)
      : 0;
    await recordAudit(tx, staffAuditActor(staff), staffChangeAudit(action, updated, from, reason));
    return { kind: 'changed', registration: updated, promoted };
  });
}

export type StaffActor = Extract<Actor, { kind: 'staff' }>;

export function staffAuditActor(staff: StaffActor) {
  return { id: staff.userId, name: staff.name };
}

/** The audit entry of a staff change: the door's check-in and its undo in their own words. */
function staffChangeAudit(
  action: StaffAction,
  registration: EventRegistration,
  from: RegistrationStatus,
  reason: string | null,
) {
  const name = `${registration.firstName} ${registration.lastName}`;
  const common = {
    recordType: 'event',
    recordId: registration.eventId,
    before: { registrationId: registration.id, status: from },
    after: { registrationId: registration.id, status: registration.status, reason },
  };
  if (action === 'check_in') {
    return { ...common, action: 'registration.checkIn', summary: `Checked in ${name}` };
  }
  if (action === 'undo_check_in') {
    return {
      ...common,
      action: 'registration.undoCheckIn',
      summary: `Undid the check-in of ${name}`,
    };
  }
  const to = STATUS_LABELS[registration.status as RegistrationStatus];
  return {
    ...common,
    action: 'registration.status',
    summary: `${name}: ${to}${reason ? ` (${reason})` : ''}`,
  };
}

/**
 * After the event: every confirmed registration not checked in becomes a no-show, in one
 * transaction. Refused before the event starts.
 */
export async function markNoShows(
  db: Database,
  eventId: number,
  staff: StaffActor,
  now: Date = new Date(),
): Promise<{ kind: 'marked'; count: number } | { kind: 'not_found' } | { kind: 'not_started' }> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const step: Step = { tx, key, now };
    const event = await lockEvent(tx, eventId);
    if (!event) return { kind: 'not_found' as const };
    if (!event.startsAt || event.startsAt.getTime() > now.getTime()) {
      return { kind: 'not_started' as const };
    }
    const confirmed = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'confirmed')),
      );
    for (const registration of confirmed) {
      await moveTo(step, event, registration, 'no_show', staff, 'Not checked in after the event.');
    }
    const marked = confirmed.length;
    await recordAudit(tx, staffAuditActor(staff), {
      action: 'registration.noShows',
      recordType: 'event',
      recordId: eventId,
      summary: `Marked ${marked} confirmed ${marked === 1 ? 'person' : 'people'} not checked in as no-shows`,
      after: { count: marked, registrationIds: confirmed.map((registration) => registration.id) },
    });
    return { kind: 'marked' as const, count: marked };
  });
}

/**
 * Gives places freed by a raised capacity (or a change to automatic promotion) to the waitlist.
 * Called by the console inside the transaction that saved the event.
 */
export async function promoteAfterEventChange(
  tx: Transaction,
  eventId: number,
  key: Buffer,
  now: Date = new Date(),
): Promise<number> {
  const event = await lockEvent(tx, eventId);
  if (!event) return 0;
  return promoteWaitlisted({ tx, key, now }, event);
}

/**
 * Deletes registrations for good (a staff member removing a record, a person's erasure) and gives
 * the places they held to the waitlists, inside the caller's transaction. The events are locked
 * first, in id order, as every other change locks them: a registration arriving at that moment
 * waits its turn instead of deadlocking.
 */
export async function deleteRegistrations(
  tx: Transaction,
  where: SQL,
  key: Buffer,
  now: Date = new Date(),
): Promise<{ deleted: EventRegistration[]; promoted: number }> {
  const affected = await tx
    .selectDistinct({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(where)
    .orderBy(asc(eventRegistrations.eventId));
  const locked = new Map<number, Event>();
  for (const { eventId } of affected) {
    const event = await lockEvent(tx, eventId);
    if (event) locked.set(eventId, event);
  }
  const deleted = await tx.delete(eventRegistrations).where(where).returning();
  const freed = [
    ...new Set(deleted.filter((row) => holdsPlace(row.status)).map((row) => row.eventId)),
  ];
  let promoted = 0;
  for (const eventId of freed.sort((a, b) => a - b)) {
    const event = locked.get(eventId) ?? (await lockEvent(tx, eventId));
    if (event) promoted += await promoteWaitlisted({ tx, key, now }, event);
  }
  return { deleted, promoted };
}
