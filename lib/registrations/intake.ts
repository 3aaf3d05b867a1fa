import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordChange as recordAudit } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation, normalizeEmail, type RegistrationInput } from '@/lib/db/queries';
import {
  type Event,
  type EventRegistration,
  eventRegistrations,
  registrationQueue,
  registrationStatusChanges,
} from '@/lib/db/schema';
import { type QueuedEmail, queueEmail, queueEmails } from '@/lib/mail/outbox';
import { issueManageToken, manageLinkKey, manageUrl } from './manage-token';
import { type RegistrationStatus, STATUS_LABELS, type StatusActor } from './statuses';
import { GroupCommit } from './group-commit';
import { memberOpensAt, openWindows, placeFor, placesLeft, poolRoom, publicOpensAt } from './pools';
import type { PlacePool } from './statuses';
import { checkMemberForEvent, queueMemberCheckNotice } from '@/lib/memberships/verify';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import { activeQuestions } from './event-questions';
import { type Answers, answerRows, checkAnswers, type EventQuestion } from './questions';
import { tallyForRegistration } from './reads';
import { emailFor } from './registration-emails';
import {
  type Actor,
  holdsPlace,
  lockEvent,
  promoteWaitlisted,
  recordStatusChange,
  SELF,
  type StaffActor,
  staffAuditActor,
  type Step,
  type Transaction,
} from './transitions';

export type RegistrationOutcome =
  | {
      kind: 'created';
      registration: EventRegistration;
      manageToken: string;
      waitlistPosition: number | null;
      /**
       * Whether the group this registration was written with took the last place a newcomer
       * could have (or the waitlist's first place): the event's status changed, and the pages
       * that say it are published again once the transaction is committed.
       */
      roomChanged: boolean;
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
      const roomBefore = poolRoom(event, tally.byPool, tally);
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
      const held = holdsPlace(status) ? 1 : 0;
      const waits = status === 'waitlisted' ? 1 : 0;
      const roomAfter = poolRoom(
        event,
        {
          ...tally.byPool,
          [decided.pool]: tally.byPool[decided.pool] + held,
          waitlisted: tally.byPool.waitlisted + waits,
        },
        {
          waiting: tally.waiting + waits,
          waitingMembers: tally.waitingMembers + (member?.ok ? waits : 0),
        },
      );
      return {
        kind: 'created',
        registration: registration!,
        manageToken: token.token,
        waitlistPosition: position,
        roomChanged:
          roomAfter.member !== roomBefore.member || roomAfter.public !== roomBefore.public,
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
    const roomBefore = poolRoom(event, counts.byPool, counts);
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

    const roomAfter = poolRoom(event, tally.byPool, tally);
    const roomChanged =
      roomAfter.member !== roomBefore.member || roomAfter.public !== roomBefore.public;
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
        roomChanged,
      };
    }
    await queueEmails(tx, emailsToQueue);
    return outcomes as RegistrationOutcome[];
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
