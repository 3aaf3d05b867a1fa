import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { recordChange as recordAudit } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import {
  isUniqueViolation,
  normalizeEmail,
  placesTaken,
  type RegistrationInput,
} from '@/lib/db/queries';
import {
  type Event,
  type EventRegistration,
  emailOutbox,
  eventRegistrations,
  events,
  memberships,
  registrationQueue,
  registrationStatusChanges,
} from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { type QueuedEmail, queueEmail, queueEmails, type Queryable } from '@/lib/mail/outbox';
import {
  type ComposedEmail,
  type RegistrationMailContext,
  cancelledEmail,
  confirmedEmail,
  declinedEmail,
  manageLinkAgainEmail,
  reminderEmail,
  reviewReceivedEmail,
  waitlistedEmail,
} from '@/lib/mail/templates';
import {
  hashManageToken,
  isWellFormedManageToken,
  issueManageToken,
  manageLinkKey,
  manageUrl,
  unsealManageToken,
} from './manage-token';
import {
  PLACE_HOLDING_STATUSES,
  type RegistrationStatus,
  STATUS_LABELS,
  type StatusActor,
} from './statuses';
import { GroupCommit } from './group-commit';
import {
  type PoolCounts,
  memberOpensAt,
  openWindows,
  placeFor,
  placesLeft,
  promotions,
  publicOpensAt,
  registrationState,
  type RegistrationState,
} from './pools';
import type { PlacePool } from './statuses';
import { checkMemberForEvent, queueMemberCheckNotice } from '@/lib/memberships/verify';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import { activeQuestions } from './event-questions';
import { type Answers, answerRows, checkAnswers, type EventQuestion } from './questions';

/**
 * Everything that changes a registration's status, each in one transaction that first locks the
 * event's row (SELECT … FOR UPDATE): registrations, cancellations, promotions and staff changes
 * of one event take turns, so the places counted are the places taken. Each change is recorded
 * (who, when, why) and its email queued in the outbox by the same transaction.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type Actor =
  { kind: 'self' } | { kind: 'system' } | { kind: 'staff'; userId: string; name: string };

const SELF: Actor = { kind: 'self' };
const SYSTEM: Actor = { kind: 'system' };

type Step = { tx: Transaction; key: Buffer; now: Date };

const holdsPlace = (status: string) =>
  (PLACE_HOLDING_STATUSES as readonly string[]).includes(status);

/** The staff link the door QR code encodes: it opens the person's card for signed-in staff. */
export function checkInUrl(registrationId: number): string {
  return new URL(`/admin/check-in/${registrationId}`, siteUrl()).toString();
}

async function lockEvent(tx: Transaction, eventId: number): Promise<Event | undefined> {
  // Lets finished responses go out between queued transactions on the embedded database, which
  // runs them synchronously in this process.
  await new Promise((resolve) => setImmediate(resolve));
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return event;
}

/** 1 for the next person to get a place; null when the registration is not waitlisted. */
export async function waitlistPosition(
  db: Queryable,
  registration: Pick<EventRegistration, 'eventId' | 'status' | 'queuedAt'>,
): Promise<number | null> {
  if (registration.status !== 'waitlisted' || registration.queuedAt === null) return null;
  const [row] = await db
    .select({ ahead: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, registration.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        lte(eventRegistrations.queuedAt, registration.queuedAt),
      ),
    );
  return row?.ahead ?? null;
}

/**
 * One read of an event's registrations for a new one: places taken, waitlisted (all, and those
 * with a place in the queue), and the person's earlier registration by email (none asked for
 * when `email` is null).
 */
async function tallyForRegistration(
  tx: Pick<Database, 'select'>,
  eventId: number,
  email: string | null,
) {
  const holding = inArray(eventRegistrations.status, [...PLACE_HOLDING_STATUSES]);
  const waitlisted = eq(eventRegistrations.status, 'waitlisted');
  // The earlier registration through the (event, email) unique index; filtering every row of
  // the event by email instead costs three times as much on the embedded database.
  const earlier = (column: 'id' | 'status') =>
    email === null
      ? sql`null`
      : sql`${sql.raw(`(select earlier.${column} from event_registrations earlier where earlier.event_id = `)}${eventId} and lower(trim(earlier.email)) = ${email} limit 1)`;
  const inPool = (pool: PlacePool) => sql`${holding} and ${eventRegistrations.pool} = ${pool}`;
  const [row] = await tx
    .select({
      taken: sql<number>`count(*) filter (where ${holding})`.mapWith(Number),
      takenMember: sql<number>`count(*) filter (where ${inPool('member')})`.mapWith(Number),
      takenPublic: sql<number>`count(*) filter (where ${inPool('public')})`.mapWith(Number),
      takenStaff: sql<number>`count(*) filter (where ${inPool('staff')})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${waitlisted})`.mapWith(Number),
      waitingMembers:
        sql<number>`count(*) filter (where ${waitlisted} and ${eventRegistrations.membershipId} is not null)`.mapWith(
          Number,
        ),
      queued:
        sql<number>`count(*) filter (where ${waitlisted} and ${eventRegistrations.queuedAt} is not null)`.mapWith(
          Number,
        ),
      existingId: sql<number | null>`${earlier('id')}`,
      existingStatus: sql<string | null>`${earlier('status')}`,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  const existingId = row?.existingId;
  return {
    taken: row?.taken ?? 0,
    byPool: {
      member: row?.takenMember ?? 0,
      public: row?.takenPublic ?? 0,
      staff: row?.takenStaff ?? 0,
      waitlisted: row?.waiting ?? 0,
    } satisfies PoolCounts,
    waiting: row?.waiting ?? 0,
    waitingMembers: row?.waitingMembers ?? 0,
    queued: row?.queued ?? 0,
    existing:
      existingId !== null && existingId !== undefined
        ? { id: Number(existingId), status: row!.existingStatus as RegistrationStatus }
        : null,
  };
}

async function nextQueuePlace(tx: Transaction): Promise<number> {
  // Both drivers (PGlite, node-postgres) answer execute() with { rows }; the shared Database
  // type leaves the result unknown.
  const result = (await tx.execute(sql`select nextval(${registrationQueue.seqName}) as place`)) as {
    rows: Array<{ place: string | number }>;
  };
  return Number(result.rows[0]!.place);
}

async function recordStatusChange(
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

/** What the caller knows already (a new registration's link and place in line) is not read again. */
type KnownMailContext = Partial<RegistrationMailContext>;

async function mailContext(
  step: { tx: Queryable; key: Buffer },
  event: Event,
  registration: EventRegistration,
  extra: KnownMailContext = {},
): Promise<RegistrationMailContext> {
  let url = extra.manageUrl;
  if (url === undefined) {
    const token = registration.manageTokenSealed
      ? unsealManageToken(step.key, registration.manageTokenSealed)
      : null;
    url = token ? manageUrl(token) : null;
  }
  let memberId = extra.memberId;
  if (memberId === undefined && registration.membershipId !== null) {
    const [membership] = await step.tx
      .select({ memberId: memberships.memberId })
      .from(memberships)
      .where(eq(memberships.id, registration.membershipId));
    memberId = membership?.memberId ?? null;
  }
  return {
    event,
    person: { firstName: registration.firstName },
    checkInUrl: checkInUrl(registration.id),
    ...extra,
    memberId: memberId ?? null,
    manageUrl: url,
    waitlistPosition:
      extra.waitlistPosition !== undefined
        ? extra.waitlistPosition
        : await waitlistPosition(step.tx, registration),
  };
}

/** The email a change of status sends, if any. */
async function emailFor(
  step: Step,
  event: Event,
  registration: EventRegistration,
  from: string | null,
  reason: string | null,
  known: KnownMailContext = {},
): Promise<{ kind: string; email: ComposedEmail } | null> {
  const to = registration.status;
  if (to === 'confirmed') {
    // Undoing a check-in or an excuse changes nothing for the person.
    if (from === 'attended' || from === 'no_show' || from === 'excused') return null;
    const context = await mailContext(step, event, registration, known);
    const promoted = from === 'waitlisted';
    return {
      kind: promoted ? 'promoted' : from === 'submitted' ? 'review_confirmed' : 'confirmed',
      email: await confirmedEmail(context, { promoted }),
    };
  }
  if (to === 'waitlisted') {
    return {
      kind: 'waitlisted',
      email: await waitlistedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'submitted') {
    return {
      kind: 'review_received',
      email: await reviewReceivedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'declined') {
    return {
      kind: 'review_declined',
      email: await declinedEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  if (to === 'cancelled') {
    return {
      kind: 'cancelled',
      email: await cancelledEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  return null;
}

/** Moves a locked registration to `to`: records the change and queues its email. */
async function moveTo(
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
async function promoteWaitlisted(
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

export type RegistrationOutcome =
  | {
      kind: 'created';
      registration: EventRegistration;
      manageToken: string;
      waitlistPosition: number | null;
    }
  | { kind: 'not_found' }
  /** `membersFirst`: members may register already; everyone from `opensAt`. */
  | { kind: 'not_open'; opensAt: Date; membersFirst: boolean }
  | { kind: 'members_only' }
  /**
   * Registering as a member, refused: the one message of every refusal (a wrong pair and a
   * membership without a member place say the same; the member is emailed why).
   */
  | { kind: 'member_refused'; message: string }
  | { kind: 'closed' }
  | { kind: 'full'; capacity: number }
  | { kind: 'duplicate' }
  /** The answers to the event's questions are missing or wrong: a message per question. */
  | { kind: 'invalid_answers'; fields: Record<string, string> };

/**
 * A visitor's registration: the person, and the answers to the event's questions as they were
 * sent (checked against the questions under the event's lock, checkAnswers in questions.ts).
 */
export type VisitorInput = RegistrationInput & { answers?: unknown };

type NewRegistration = VisitorInput & {
  /** Staff adding someone by hand choose the status; visitors get what the event's rules give. */
  status?: 'confirmed' | 'waitlisted' | 'submitted';
};

type Tally = Awaited<ReturnType<typeof tallyForRegistration>>;

type Decision =
  | { kind: 'status'; status: RegistrationStatus; pool: PlacePool }
  | Extract<RegistrationOutcome, { kind: 'not_open' | 'members_only' | 'closed' | 'full' }>;

/**
 * What a new registration becomes, given the places held and the people waiting when it is
 * judged: what staff chose, else the event's rules (pools.ts): a member place for a checked
 * member, a public place once everyone may register, the waitlist, or why not. Nobody passes
 * people already waiting for the same place. A selection event takes applications (`submitted`)
 * and never confirms anyone by membership alone. The one rule for a registration alone and for
 * each of a group's in turn.
 */
function decideNewRegistration(
  event: Event,
  tally: Pick<Tally, 'taken' | 'byPool' | 'waiting' | 'waitingMembers'>,
  now: Date,
  { asMember, chosen }: { asMember: boolean; chosen?: NewRegistration['status'] },
): Decision {
  const full = { kind: 'full', capacity: event.capacity ?? tally.taken } as const;
  if (chosen) {
    if (chosen !== 'confirmed') return { kind: 'status', status: chosen, pool: 'public' };
    if (event.capacity !== null && tally.taken >= event.capacity) return full;
    const free = placesLeft(event, tally.byPool);
    const pool = (['staff', 'public', 'member'] as const).find(
      (candidate) => free[candidate] === null || free[candidate] > 0,
    );
    return pool ? { kind: 'status', status: 'confirmed', pool } : full;
  }
  const placement = placeFor(event, tally.byPool, now, asMember);
  if (placement.outcome === 'refused') {
    if (placement.reason === 'members_only') return { kind: 'members_only' };
    if (placement.reason === 'closed') return { kind: 'closed' };
    if (placement.reason === 'not_open') {
      const open = openWindows(event, now);
      const opensAt = asMember
        ? (memberOpensAt(event) ?? publicOpensAt(event))
        : publicOpensAt(event);
      return { kind: 'not_open', opensAt: opensAt ?? now, membersFirst: !asMember && open.member };
    }
    if (!event.requiresReview) return full;
  }
  if (event.requiresReview) {
    // Applications are judged by staff: the places are not counted until they confirm.
    const pool = asMember && openWindows(event, now).member ? 'member' : 'public';
    return { kind: 'status', status: 'submitted', pool };
  }
  if (placement.outcome === 'place') {
    const ahead = placement.pool === 'member' ? tally.waitingMembers : tally.waiting;
    if (ahead === 0) return { kind: 'status', status: 'confirmed', pool: placement.pool };
    if (!event.waitlistEnabled) return full;
  }
  return {
    kind: 'status',
    status: 'waitlisted',
    pool: placement.outcome === 'refused' ? 'public' : placement.pool,
  };
}

/** Checks a person registering as a member, in the registration's transaction. */
async function checkMember(tx: Transaction, event: Event, input: RegistrationInput, now: Date) {
  if (!input.memberId) return null;
  return checkMemberForEvent(tx, {
    memberId: input.memberId,
    email: input.email,
    eventStartsAt: event.startsAt,
    now,
  });
}

async function createRegistration(
  db: Database,
  eventId: number,
  input: NewRegistration,
  actor: Actor,
  now: Date,
): Promise<RegistrationOutcome> {
  const email = normalizeEmail(input.email);
  const key = await manageLinkKey(db);
  const token = issueManageToken(key);
  try {
    return await db.transaction(async (tx): Promise<RegistrationOutcome> => {
      const step: Step = { tx, key, now };
      const event = await lockEvent(tx, eventId);
      // A cancelled event is gone for visitors: registering for it is registering for nothing.
      if (!event || event.cancelledAt) return { kind: 'not_found' };
      // A draft or a scheduled event is not on the site yet: only staff add people to it. Being
      // on the site is a matter of the clock (`now` sets the registration windows' time).
      if (actor.kind === 'self' && !isVisibleToVisitors(event)) return { kind: 'not_found' };
      // Staff adding someone by hand answer nothing; a visitor answers what the event asks.
      let answers: Answers = {};
      let questions: EventQuestion[] = [];
      if (actor.kind !== 'staff' || input.answers !== undefined) {
        questions = await activeQuestions(tx, eventId);
        const checked = checkAnswers(questions, input.answers);
        if (!checked.ok && actor.kind !== 'staff') {
          return { kind: 'invalid_answers', fields: checked.fields };
        }
        answers = checked.ok ? checked.answers : {};
      }
      const member = await checkMember(tx, event, input, now);
      if (member && !member.ok) {
        // The person registering is told only that the pair does not match; the member, why.
        await queueMemberCheckNotice(tx, member, event, now);
        return { kind: 'member_refused', message: member.message };
      }

      // Everything the decision needs, in one statement read after the lock: the places taken,
      // the waitlist, and this person's earlier registration, if any.
      let tally = await tallyForRegistration(tx, eventId, email);
      // Someone who cancelled may register again; any other earlier registration stands.
      if (tally.existing && tally.existing.status !== 'cancelled') return { kind: 'duplicate' };
      // Places that opened to the waitlist since the last change (public registration opening
      // to the members waiting) go to them before anyone new.
      if (actor.kind === 'self' && (await promoteWaitlisted(step, event)) > 0) {
        tally = await tallyForRegistration(tx, eventId, email);
      }

      const decided = decideNewRegistration(event, tally, now, {
        asMember: member?.ok === true,
        chosen: input.status,
      });
      if (decided.kind !== 'status') return decided;
      const status = decided.status;

      const values = {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        status,
        statusChangedAt: now,
        lateCancellation: false,
        // The queue's next place, taken by the write itself: the event's lock keeps it last.
        queuedAt: status === 'waitlisted' ? sql`nextval(${registrationQueue.seqName})` : null,
        manageTokenHash: token.hash,
        manageTokenSealed: token.sealed,
        checkedInAt: null,
        pool: decided.pool,
        membershipId: member?.ok ? member.membershipId : null,
        answers,
      };
      const existing = tally.existing;
      const [registration] = existing
        ? await tx
            .update(eventRegistrations)
            .set(values)
            .where(eq(eventRegistrations.id, existing.id))
            .returning()
        : await tx
            .insert(eventRegistrations)
            .values({ eventId, createdAt: now, ...values })
            .returning();
      const changeId = await recordStatusChange(
        tx,
        registration!.id,
        existing ? existing.status : null,
        status,
        actor,
        actor.kind === 'staff' ? 'Added by hand.' : null,
        now,
      );
      // The last in line: everyone queued before, plus this person.
      const position =
        status === 'waitlisted' && registration!.queuedAt !== null ? tally.queued + 1 : null;
      const mail = await emailFor(step, event, registration!, null, null, {
        manageUrl: manageUrl(token.token),
        waitlistPosition: position,
        memberId: member?.ok ? member.memberId : null,
        answers: answerRows(questions, answers),
      });
      if (mail) {
        await queueEmail(tx, {
          dedupeKey: `${mail.kind}:${registration!.id}:${changeId}`,
          kind: mail.kind,
          to: email,
          email: mail.email,
          registrationId: registration!.id,
        });
      }
      if (actor.kind === 'staff') {
        await recordAudit(tx, staffAuditActor(actor), {
          action: 'registration.add',
          recordType: 'event',
          recordId: eventId,
          summary: `Added ${values.firstName} ${values.lastName} by hand (${STATUS_LABELS[status]})`,
          after: { registrationId: registration!.id, status },
        });
      }
      return {
        kind: 'created',
        registration: registration!,
        manageToken: token.token,
        waitlistPosition: position,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
}

/**
 * A visitor registers (POST /api/events/{id}/register/): confirmed while places are left,
 * waitlisted when the event is full and takes a waitlist, submitted when it needs review.
 * Registrations for one event that arrive together are written together (group-commit.ts).
 */
export function registerForEvent(
  db: Database,
  eventId: number,
  input: VisitorInput,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  return registrationGroupOf(db, eventId).submit({ input, now });
}

export type RegistrationRequest = { input: VisitorInput; now: Date };

/**
 * How registrations for one event are grouped (group-commit.ts): at most 200 in a transaction,
 * written once none has joined for 5 ms or the first has waited 100 ms. A lone registration waits
 * 5 ms; a flash crowd of 500 takes a few transactions instead of 500 (with 50 ms, twice as
 * many, and the crowd's p99 over the GETs' was 1.21 to 1.49 on PGlite against 1.14 to 1.35).
 */
const REGISTRATION_GROUPS = { maxGroup: 200, quietMs: 5, maxWaitMs: 100 };

/** Per database, the events whose registrations are being written, each with its queue. */
const registrationGroups = new WeakMap<
  Database,
  Map<number, GroupCommit<RegistrationRequest, RegistrationOutcome>>
>();

function registrationGroupOf(db: Database, eventId: number) {
  let groups = registrationGroups.get(db);
  if (!groups) {
    groups = new Map();
    registrationGroups.set(db, groups);
  }
  let group = groups.get(eventId);
  if (!group) {
    const created: GroupCommit<RegistrationRequest, RegistrationOutcome> = new GroupCommit({
      commitGroup: (requests) => registerGroup(db, eventId, requests),
      commitOne: ({ input, now }) => createRegistration(db, eventId, input, SELF, now),
      ...REGISTRATION_GROUPS,
      // A quiet event keeps no queue.
      onIdle: () => {
        if (!created.busy && groups.get(eventId) === created) groups.delete(eventId);
      },
    });
    group = created;
    groups.set(eventId, group);
  }
  return group;
}

/** The registrations of an event by (normalized) email, for the emails given. */
async function earlierRegistrations(
  tx: Transaction,
  eventId: number,
  emails: string[],
): Promise<Map<string, { id: number; status: RegistrationStatus }>> {
  const normalized = sql<string>`lower(trim(${eventRegistrations.email}))`;
  const rows = await tx
    .select({ id: eventRegistrations.id, status: eventRegistrations.status, email: normalized })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(normalized, emails)));
  return new Map(
    rows.map((row) => [row.email, { id: row.id, status: row.status as RegistrationStatus }]),
  );
}

/**
 * Visitors' registrations for one event, written by one transaction (see group-commit.ts): the
 * event is locked once and its registrations read once; then each person is judged in the order
 * they arrived, by the rules of a registration alone (decideNewRegistration) with the places
 * and the waitlist as the ones before them left them; and the rows, their status changes and
 * their emails are written with one statement per table. Answers one outcome per request, in
 * order. Throws when the database refuses a row: the caller then writes each alone.
 */
export async function registerGroup(
  db: Database,
  eventId: number,
  requests: RegistrationRequest[],
): Promise<RegistrationOutcome[]> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx): Promise<RegistrationOutcome[]> => {
    const event = await lockEvent(tx, eventId);
    // A cancelled event is gone for visitors, a draft or scheduled one not there yet.
    if (!event || !isVisibleToVisitors(event)) return requests.map(() => ({ kind: 'not_found' }));

    const outcomes: Array<RegistrationOutcome | undefined> = requests.map(() => undefined);
    // The event's questions, read once for the group: each request's answers are checked first.
    let questions: EventQuestion[] | null = null;
    const answersOf = new Map<number, Answers>();
    for (const [index, { input }] of requests.entries()) {
      questions ??= await activeQuestions(tx, eventId);
      const checked = checkAnswers(questions, input.answers);
      if (!checked.ok) outcomes[index] = { kind: 'invalid_answers', fields: checked.fields };
      else answersOf.set(index, checked.answers);
    }
    // Members are checked one by one (each a read by the membership's unique ID).
    const members = new Map<number, { membershipId: number; memberId: string }>();
    for (const [index, { input, now }] of requests.entries()) {
      if (outcomes[index]) continue;
      const member = await checkMember(tx, event, input, now);
      if (member && !member.ok) {
        await queueMemberCheckNotice(tx, member, event, now);
        outcomes[index] = { kind: 'member_refused', message: member.message };
      } else if (member?.ok) {
        members.set(index, { membershipId: member.membershipId, memberId: member.memberId });
      }
    }
    const emails = requests.map(({ input }) => normalizeEmail(input.email));
    const judged = requests.flatMap((_, index) => (outcomes[index] ? [] : [index]));
    if (judged.length === 0) return outcomes as RegistrationOutcome[];

    let counts = await tallyForRegistration(tx, eventId, null);
    // Places that opened to the waitlist since the last change go to it before anyone new.
    if (
      counts.waiting > 0 &&
      (await promoteWaitlisted({ tx, key, now: requests[0]!.now }, event)) > 0
    ) {
      counts = await tallyForRegistration(tx, eventId, null);
    }
    const earlier = await earlierRegistrations(
      tx,
      eventId,
      judged.map((index) => emails[index]!),
    );
    const tally = { ...counts, byPool: { ...counts.byPool } };
    const seen = new Set<string>();
    const accepted: Array<{
      index: number;
      status: RegistrationStatus;
      pool: PlacePool;
      existing: { id: number; status: RegistrationStatus } | null;
      waitlistPosition: number | null;
    }> = [];
    for (const index of judged) {
      const email = emails[index]!;
      const existing = earlier.get(email) ?? null;
      // Someone who cancelled may register again; any other earlier registration stands, and
      // the first of two requests for one address in a group is the earlier one.
      if (seen.has(email) || (existing && existing.status !== 'cancelled')) {
        outcomes[index] = { kind: 'duplicate' };
        continue;
      }
      const asMember = members.has(index);
      const decided = decideNewRegistration(event, tally, requests[index]!.now, { asMember });
      if (decided.kind !== 'status') {
        outcomes[index] = decided;
        continue;
      }
      seen.add(email);
      const { status, pool } = decided;
      if (holdsPlace(status)) {
        tally.taken += 1;
        tally.byPool[pool] += 1;
      }
      let position: number | null = null;
      if (status === 'waitlisted') {
        tally.waiting += 1;
        tally.byPool.waitlisted += 1;
        if (asMember) tally.waitingMembers += 1;
        tally.queued += 1;
        position = tally.queued;
      }
      accepted.push({ index, status, pool, existing, waitlistPosition: position });
    }
    if (accepted.length === 0) return outcomes as RegistrationOutcome[];

    // The queue's next places, given out in the order of arrival.
    const waitlisted = accepted.filter((one) => one.status === 'waitlisted').length;
    const places =
      waitlisted === 0
        ? []
        : (
            (await tx.execute(
              sql`select nextval(${registrationQueue.seqName}) as place from generate_series(1, ${waitlisted})`,
            )) as { rows: Array<{ place: string | number }> }
          ).rows
            .map((row) => Number(row.place))
            .sort((a, b) => a - b);
    const written = accepted.map((one) => {
      const { input, now } = requests[one.index]!;
      return {
        ...one,
        now,
        token: issueManageToken(key),
        values: {
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          email: emails[one.index]!,
          status: one.status,
          statusChangedAt: now,
          lateCancellation: false,
          queuedAt: one.status === 'waitlisted' ? places.shift()! : null,
          checkedInAt: null,
          pool: one.pool,
          membershipId: members.get(one.index)?.membershipId ?? null,
          answers: answersOf.get(one.index) ?? {},
        },
      };
    });

    // New people in one INSERT; someone registering again after cancelling keeps their row.
    const rows = new Map<string, EventRegistration>();
    const fresh = written.filter((one) => !one.existing);
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(eventRegistrations)
        .values(
          fresh.map((one) => ({
            eventId,
            createdAt: one.now,
            ...one.values,
            manageTokenHash: one.token.hash,
            manageTokenSealed: one.token.sealed,
          })),
        )
        .returning();
      for (const row of inserted) rows.set(row.email, row);
    }
    for (const one of written.filter((candidate) => candidate.existing)) {
      const [row] = await tx
        .update(eventRegistrations)
        .set({
          ...one.values,
          manageTokenHash: one.token.hash,
          manageTokenSealed: one.token.sealed,
        })
        .where(eq(eventRegistrations.id, one.existing!.id))
        .returning();
      rows.set(row!.email, row!);
    }
    const registrationOf = (one: (typeof written)[number]) => rows.get(one.values.email)!;

    const changes = await tx
      .insert(registrationStatusChanges)
      .values(
        written.map((one) => ({
          registrationId: registrationOf(one).id,
          fromStatus: one.existing ? one.existing.status : null,
          toStatus: one.status,
          actor: SELF.kind satisfies StatusActor,
          at: one.now,
        })),
      )
      .returning({
        id: registrationStatusChanges.id,
        registrationId: registrationStatusChanges.registrationId,
      });
    const changeOf = new Map(changes.map((change) => [change.registrationId, change.id]));

    const emailsToQueue: QueuedEmail[] = [];
    for (const one of written) {
      const registration = registrationOf(one);
      const step: Step = { tx, key, now: one.now };
      const mail = await emailFor(step, event, registration, null, null, {
        manageUrl: manageUrl(one.token.token),
        waitlistPosition: one.waitlistPosition,
        memberId: members.get(one.index)?.memberId ?? null,
        answers: answerRows(questions ?? [], answersOf.get(one.index) ?? {}),
      });
      if (mail) {
        emailsToQueue.push({
          dedupeKey: `${mail.kind}:${registration.id}:${changeOf.get(registration.id)}`,
          kind: mail.kind,
          to: registration.email,
          email: mail.email,
          registrationId: registration.id,
        });
      }
      outcomes[one.index] = {
        kind: 'created',
        registration,
        manageToken: one.token.token,
        waitlistPosition: one.waitlistPosition,
      };
    }
    await queueEmails(tx, emailsToQueue);
    return outcomes as RegistrationOutcome[];
  });
}

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

/** Staff add someone by hand, with the status they choose (registration's dates do not apply). */
export function addRegistrationByHand(
  db: Database,
  eventId: number,
  input: NewRegistration & { status: 'confirmed' | 'waitlisted' | 'submitted' },
  staff: StaffActor,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  return createRegistration(db, eventId, input, staff, now);
}

export type ManagedRegistration = {
  registration: EventRegistration;
  event: Event;
  waitlistPosition: number | null;
  /** Whether the event had started when the registration was read. */
  started: boolean;
};

async function findByToken(db: Queryable, token: string): Promise<EventRegistration | null> {
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

/** Statuses the person can still cancel from. */
const CANCELLABLE: readonly string[] = ['submitted', 'confirmed', 'waitlisted'];

export type CancelOutcome =
  | { kind: 'cancelled'; registration: EventRegistration; late: boolean; promoted: number }
  | { kind: 'not_found' }
  | { kind: 'not_cancellable'; status: RegistrationStatus }
  | { kind: 'started' };

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
    const updated = await moveTo(step, event, registration, 'cancelled', SELF, null);
    const promoted = holdsPlace(registration.status) ? await promoteWaitlisted(step, event) : 0;
    return { kind: 'cancelled', registration: updated, late: updated.lateCancellation, promoted };
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

type StaffActor = Extract<Actor, { kind: 'staff' }>;

function staffAuditActor(staff: StaffActor) {
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

/**
 * Queues the reminder of every confirmed registration whose event starts within 24 hours.
 * The dedupe key names the registration and the start time, so each is reminded once (and once
 * more only if the event moves).
 */
export async function queueReminders(db: Database, now: Date = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + 24 * 3_600_000);
  const due = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.status, 'confirmed'),
        isNull(events.cancelledAt),
        gt(events.startsAt, now),
        lte(events.startsAt, soon),
      ),
    )
    .orderBy(asc(eventRegistrations.id));
  if (due.length === 0) return 0;
  const key = await manageLinkKey(db);
  let queued = 0;
  for (const { registration, event } of due) {
    const dedupeKey = `reminder:${registration.id}:${event.startsAt!.toISOString()}`;
    const context = await mailContext({ tx: db, key }, event, registration);
    const added = await queueEmail(db, {
      dedupeKey,
      kind: 'reminder',
      to: registration.email,
      email: await reminderEmail(context),
      registrationId: registration.id,
    });
    if (added) queued += 1;
  }
  return queued;
}

export type AttendanceRecord = {
  registrationId: number;
  eventId: number;
  eventTitle: string;
  startsAt: Date | null;
  status: RegistrationStatus;
  lateCancellation: boolean;
  /** Registered as a member (their member ID checked). */
  asMember: boolean;
};

/** A person's registrations across events (by email), newest event first, for staff. */
export function attendanceHistory(db: Database, email: string) {
  return attendanceWhere(db, sql`lower(${eventRegistrations.email}) = ${normalizeEmail(email)}`);
}

/**
 * A member's registrations across events, newest event first: those made as a member (their ID
 * checked), and any other under their uOttawa or personal email.
 */
export function attendanceOfMembership(
  db: Database,
  membership: { id: number; uottawaEmail: string; personalEmail: string | null },
) {
  const emails = [membership.uottawaEmail, membership.personalEmail]
    .filter((email): email is string => Boolean(email))
    .map(normalizeEmail);
  return attendanceWhere(
    db,
    or(
      eq(eventRegistrations.membershipId, membership.id),
      inArray(sql`lower(${eventRegistrations.email})`, emails),
    )!,
  );
}

async function attendanceWhere(db: Database, where: SQL) {
  const rows = await db
    .select({
      registrationId: eventRegistrations.id,
      eventId: events.id,
      eventTitle: events.title,
      startsAt: events.startsAt,
      status: eventRegistrations.status,
      lateCancellation: eventRegistrations.lateCancellation,
      asMember: sql<boolean>`${eventRegistrations.membershipId} is not null`,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(where)
    .orderBy(desc(events.startsAt), desc(eventRegistrations.id));
  const records = rows as AttendanceRecord[];
  return {
    records,
    attended: records.filter((row) => row.status === 'attended').length,
    noShows: records.filter((row) => row.status === 'no_show').length,
    lateCancellations: records.filter((row) => row.status === 'cancelled' && row.lateCancellation)
      .length,
  };
}

export type AttendanceHistory = Awaited<ReturnType<typeof attendanceWhere>>;

/** Every status change of a registration, oldest first. */
export function statusHistory(db: Database, registrationId: number) {
  return db
    .select()
    .from(registrationStatusChanges)
    .where(eq(registrationStatusChanges.registrationId, registrationId))
    .orderBy(asc(registrationStatusChanges.id));
}

export type Availability = {
  /** The spec's status of the event's registration (pools.ts). */
  state: RegistrationState;
  capacity: number | null;
  /** Places anyone could still take (public, and member places for members); null: no limit. */
  placesLeft: number | null;
  /** Per pool; null without a capacity. */
  memberPlacesLeft: number | null;
  publicPlacesLeft: number | null;
  /** When members may register (null: with everyone), and everyone (null: from publication). */
  memberOpensAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  membersOnly: boolean;
  requiresReview: boolean;
  waitlistEnabled: boolean;
};

/**
 * What the event page says about registering: its status, places left per pool, when members
 * and everyone may register. Read afresh on each visit (the page itself may come from the page
 * cache).
 */
export async function registrationAvailability(
  db: Database,
  eventId: number,
  now: Date = new Date(),
): Promise<Availability | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  // On the site by the clock, as the page that asks (`now` is the registration windows' time).
  if (!event || !isVisibleToVisitors(event)) return null;
  const tally = await tallyForRegistration(db, eventId, null);
  const free = placesLeft(event, tally.byPool);
  const open = openWindows(event, now);
  let state = registrationState(event, tally.byPool, now);
  if (
    state === 'member_registration_open' ||
    state === 'general_registration_open' ||
    state === 'waitlist_only' ||
    state === 'registration_closed'
  ) {
    const hasRoom = (places: number | null) => places === null || places > 0;
    const memberRoom = open.member && hasRoom(free.member) && tally.waitingMembers === 0;
    const publicRoom = open.public && hasRoom(free.public) && tally.waiting === 0;
    const windowOpen = open.member || open.public;
    if (windowOpen) {
      // A selection takes applications whatever the places; elsewhere nobody passes the line.
      const takesRegistrations = event.requiresReview || memberRoom || publicRoom;
      state = takesRegistrations
        ? open.public
          ? 'general_registration_open'
          : 'member_registration_open'
        : event.waitlistEnabled
          ? 'waitlist_only'
          : 'registration_closed';
    }
  }
  const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  return {
    state,
    capacity: event.capacity,
    placesLeft: sum(free.member, free.public),
    memberPlacesLeft: free.member,
    publicPlacesLeft: free.public,
    memberOpensAt: event.memberPlaces > 0 || event.membersOnly ? memberOpensAt(event) : null,
    opensAt: event.membersOnly ? null : publicOpensAt(event),
    closesAt: event.registrationClosesAt ?? event.startsAt,
    membersOnly: event.membersOnly,
    requiresReview: event.requiresReview,
    waitlistEnabled: event.waitlistEnabled,
  };
}
