import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  eventRegistrations,
  type NewEvent,
  registrationStatusChanges,
} from '@/lib/db/schema';
import { removeRegistration } from '@/lib/admin/registrants';
import { erasePersonalData } from '@/lib/admin/erasure';
import type { SignedIn } from '@/lib/auth/session';
import { placesTaken } from '@/lib/db/queries';
import { deliverDueEmails, type MailMessage } from '@/lib/mail/sender';
import { MAX_ATTEMPTS, resendEmail, retryDelayMs } from '@/lib/mail/outbox';
import { addRegistrationByHand, registerForEvent, registerGroup } from '@/lib/registrations/intake';
import {
  cancelByToken,
  changeRegistrationStatus,
  markNoShows,
} from '@/lib/registrations/transitions';
import { readManagedRegistration } from '@/lib/registrations/manage';
import { queueReminders } from '@/lib/registrations/registration-emails';
import { attendanceHistory } from '@/lib/registrations/reads';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

let database: TestDatabase;
const now = new Date('2026-11-24T15:00:00Z');
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);
const staff = { kind: 'staff' as const, userId: 'staff-ops', name: 'Mei Chen' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'mei@example.org');
});
afterAll(async () => {
  await database.dispose();
});

function makeEvent(settings: Partial<NewEvent> = {}) {
  return insertEvent(database.db, {
    title: 'Office tour',
    startsAt: hours(72),
    capacity: 20,
    ...settings,
  });
}

const person = (index: number) => ({
  firstName: `First${index}`,
  lastName: `Last${index}`,
  email: `person${index}@example.org`,
});

async function outboxOf(registrationId: number) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.registrationId, registrationId))
    .orderBy(asc(emailOutbox.id));
}

/** A transport that records what it was given, or fails while `failing` is set. */
function recordingTransport() {
  const sent: MailMessage[] = [];
  const transport = {
    failing: false,
    sent,
    async sendMail(message: MailMessage) {
      if (transport.failing) throw new Error('421 Service not available');
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  };
  return transport;
}

describe(`event operations (${DATABASE_UNDER_TEST})`, () => {
  it('capacity 20 with a waitlist: 200 concurrent registrations, then 50 concurrent cancellations', async () => {
    const event = await makeEvent({ capacity: 20, waitlistEnabled: true, autoPromote: true });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        registerForEvent(database.db, event.id, person(index), now),
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'created')).toBe(true);
    const created = outcomes.flatMap((outcome) => (outcome.kind === 'created' ? [outcome] : []));
    expect(created.filter((outcome) => outcome.registration.status === 'confirmed')).toHaveLength(
      20,
    );
    const waitlisted = created.filter((outcome) => outcome.registration.status === 'waitlisted');
    expect(waitlisted).toHaveLength(180);

    // Arrival order is the order rows were written under the event's lock (their ids); the
    // waitlist's order, and each person's position, follow it.
    const byArrival = [...waitlisted].sort((a, b) => a.registration.id - b.registration.id);
    expect(byArrival.map((outcome) => outcome.waitlistPosition)).toEqual(
      Array.from({ length: 180 }, (_, index) => index + 1),
    );
    const queued = [...waitlisted].sort(
      (a, b) => (a.registration.queuedAt ?? 0) - (b.registration.queuedAt ?? 0),
    );
    expect(queued.map((outcome) => outcome.registration.id)).toEqual(
      byArrival.map((outcome) => outcome.registration.id),
    );

    const confirmed = created.filter((outcome) => outcome.registration.status === 'confirmed');
    const cancelledIds = new Set<number>();
    const cancellations = await Promise.all(
      confirmed
        .concat(byArrival.slice(150))
        .slice(0, 50)
        .map((outcome) => {
          cancelledIds.add(outcome.registration.id);
          return cancelByToken(database.db, outcome.manageToken, now);
        }),
    );
    // The 20 confirmed free a place each; the 30 waitlisted from the back free none.
    expect(cancellations.every((outcome) => outcome.kind === 'cancelled')).toBe(true);
    const promotedCounts = cancellations.map((outcome) =>
      outcome.kind === 'cancelled' ? outcome.promoted : -1,
    );
    expect(promotedCounts.slice(0, 20)).toEqual(Array(20).fill(1));
    expect(promotedCounts.slice(20)).toEqual(Array(30).fill(0));
    expect(await placesTaken(database.db, event.id)).toBe(20);

    // The promoted are the first 20 of the waitlist, in order.
    const rows = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    const nowConfirmed = rows.filter((row) => row.status === 'confirmed').map((row) => row.id);
    expect(nowConfirmed.sort((a, b) => a - b)).toEqual(
      byArrival.slice(0, 20).map((outcome) => outcome.registration.id),
    );

    // Replaying every recorded change in order: never more than 20 confirmed at any moment.
    const changes = await database.db
      .select()
      .from(registrationStatusChanges)
      .innerJoin(
        eventRegistrations,
        eq(eventRegistrations.id, registrationStatusChanges.registrationId),
      )
      .where(eq(eventRegistrations.eventId, event.id))
      .orderBy(asc(registrationStatusChanges.id));
    let confirmedNow = 0;
    let most = 0;
    for (const { registration_status_changes: change } of changes) {
      if (change.fromStatus === 'confirmed') confirmedNow -= 1;
      if (change.toStatus === 'confirmed') confirmedNow += 1;
      most = Math.max(most, confirmedNow);
    }
    expect(most).toBe(20);
    expect(confirmedNow).toBe(20);
    expect(
      changes.filter(({ registration_status_changes: change }) => change.actor === 'system'),
    ).toHaveLength(20);

    // Every email queued exactly once: one per registration, one per cancellation, one per promotion.
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .innerJoin(eventRegistrations, eq(eventRegistrations.id, emailOutbox.registrationId))
      .where(eq(eventRegistrations.eventId, event.id));
    const kinds = (kind: string) => mails.filter(({ email_outbox: mail }) => mail.kind === kind);
    expect(kinds('confirmed')).toHaveLength(20);
    expect(kinds('waitlisted')).toHaveLength(180);
    expect(kinds('cancelled')).toHaveLength(50);
    expect(kinds('promoted')).toHaveLength(20);
    expect(mails).toHaveLength(270);
    const perPersonAndKind = new Set(
      mails.map(({ email_outbox: mail }) => `${mail.registrationId}:${mail.kind}`),
    );
    expect(perPersonAndKind.size).toBe(270);
    expect(cancelledIds.size).toBe(50);
  });

  it('a group of registrations in one transaction: a duplicate email is refused alone, the others are written with one email each; a row the database refuses fails alone', async () => {
    const event = await makeEvent({ capacity: 3, waitlistEnabled: true, autoPromote: true });
    const earlier = await registerForEvent(database.db, event.id, person(900), now);
    const leaving = await registerForEvent(database.db, event.id, person(904), now);
    if (earlier.kind !== 'created' || leaving.kind !== 'created') throw new Error('not created');
    expect((await cancelByToken(database.db, leaving.manageToken, now)).kind).toBe('cancelled');

    const group = [
      person(901),
      { ...person(900), email: ' PERSON900@example.org ' }, // registered before the group
      person(904), // cancelled before: registers again on the same row
      person(901), // the second request of one address in the group
      person(902),
      person(903),
    ];
    const outcomes = await registerGroup(
      database.db,
      event.id,
      group.map((input) => ({ input, now })),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'created',
      'duplicate',
      'created',
      'duplicate',
      'created',
      'created',
    ]);
    const created = outcomes.flatMap((outcome) => (outcome.kind === 'created' ? [outcome] : []));
    // Judged in the order of arrival: two places were left, then the waitlist, in order.
    expect(created.map((outcome) => outcome.registration.status)).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    expect(created.map((outcome) => outcome.waitlistPosition)).toEqual([null, null, 1, 2]);
    expect(created[1]!.registration.id).toBe(leaving.registration.id);
    expect(created[3]!.registration.queuedAt!).toBeGreaterThan(created[2]!.registration.queuedAt!);
    expect(await placesTaken(database.db, event.id)).toBe(3);
    for (const outcome of created) {
      const found = await readManagedRegistration(database.db, outcome.manageToken, now);
      expect(found?.registration.id).toBe(outcome.registration.id);
      // Each email once; the person registering again had the first registration's two before.
      const again = outcome.registration.id === leaving.registration.id;
      expect((await outboxOf(outcome.registration.id)).map((mail) => mail.kind)).toEqual(
        again ? ['confirmed', 'cancelled', 'confirmed'] : [outcome.registration.status],
      );
    }

    // Three registrations arriving together are written as one group. The second's name is
    // longer than its column (the endpoint refuses it before): the group fails as a whole and is
    // written again one by one, so only that registration fails and the other two are kept.
    const quiet = await makeEvent({ capacity: 10 });
    const errors: unknown[] = [];
    const logError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const [first, refused, third] = await Promise.allSettled([
        registerForEvent(database.db, quiet.id, person(910), now),
        registerForEvent(database.db, quiet.id, { ...person(911), lastName: 'x'.repeat(61) }, now),
        registerForEvent(database.db, quiet.id, person(912), now),
      ]);
      expect(first).toMatchObject({ status: 'fulfilled', value: { kind: 'created' } });
      expect(refused?.status).toBe('rejected');
      expect(third).toMatchObject({ status: 'fulfilled', value: { kind: 'created' } });
    } finally {
      console.error = logError;
    }
    expect(String(errors[0])).toContain('A group of 3 could not be written together');
    const stored = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, quiet.id));
    expect(stored.map((row) => row.email).sort()).toEqual([
      'person910@example.org',
      'person912@example.org',
    ]);
    for (const row of stored) expect(await outboxOf(row.id)).toHaveLength(1);
  });

  it('a registration before opening or after the deadline is refused; a full event without a waitlist too', async () => {
    const later = await makeEvent({ registrationOpensAt: hours(5) });
    const outcome = await registerForEvent(database.db, later.id, person(1), now);
    expect(outcome).toEqual({ kind: 'not_open', opensAt: hours(5), membersFirst: false });
    const past = await makeEvent({ registrationClosesAt: hours(-1) });
    expect((await registerForEvent(database.db, past.id, person(1), now)).kind).toBe('closed');
    const tiny = await makeEvent({ capacity: 1 });
    expect((await registerForEvent(database.db, tiny.id, person(1), now)).kind).toBe('created');
    expect(await registerForEvent(database.db, tiny.id, person(2), now)).toEqual({
      kind: 'full',
      capacity: 1,
    });
  });

  it('an event that needs review: submitted, then confirmed or declined by staff with the email', async () => {
    const event = await makeEvent({ requiresReview: true, capacity: 1 });
    const first = await registerForEvent(database.db, event.id, person(1), now);
    const second = await registerForEvent(database.db, event.id, person(2), now);
    if (first.kind !== 'created' || second.kind !== 'created') throw new Error('not created');
    expect(first.registration.status).toBe('submitted');
    expect((await outboxOf(first.registration.id)).map((mail) => mail.kind)).toEqual([
      'review_received',
    ]);
    expect(await placesTaken(database.db, event.id)).toBe(0);

    const confirm = await changeRegistrationStatus(
      database.db,
      first.registration.id,
      'confirm',
      staff,
      { eventId: event.id, now },
    );
    expect(confirm.kind).toBe('changed');
    // The one place is taken: confirming the second is refused with the capacity.
    expect(
      await changeRegistrationStatus(database.db, second.registration.id, 'confirm', staff, {
        eventId: event.id,
        now,
      }),
    ).toEqual({ kind: 'full', capacity: 1 });
    const decline = await changeRegistrationStatus(
      database.db,
      second.registration.id,
      'decline',
      staff,
      { eventId: event.id, now, reason: 'The tour has room for one.' },
    );
    expect(decline.kind).toBe('changed');
    expect((await outboxOf(first.registration.id)).map((mail) => mail.kind)).toEqual([
      'review_received',
      'review_confirmed',
    ]);
    const [, declined] = await outboxOf(second.registration.id);
    expect(declined?.kind).toBe('review_declined');
    expect(declined?.textBody).toContain('The tour has room for one.');

    const history = await database.db
      .select()
      .from(registrationStatusChanges)
      .where(eq(registrationStatusChanges.registrationId, second.registration.id))
      .orderBy(asc(registrationStatusChanges.id));
    expect(
      history.map((change) => [change.fromStatus, change.toStatus, change.actor, change.actorName]),
    ).toEqual([
      [null, 'submitted', 'self', null],
      ['submitted', 'declined', 'staff', 'Mei Chen'],
    ]);
    // A decline cannot be declined again.
    expect(
      await changeRegistrationStatus(database.db, second.registration.id, 'decline', staff, {
        eventId: event.id,
        now,
      }),
    ).toEqual({ kind: 'not_allowed', from: 'declined' });
  });

  it('the manage link: reading changes nothing; cancelling is late after the cut-off, once, and never after the start', async () => {
    const event = await makeEvent({ startsAt: hours(10), cancellationCutoffHours: 24 });
    const outcome = await registerForEvent(database.db, event.id, person(1), now);
    if (outcome.kind !== 'created') throw new Error('not created');
    expect(outcome.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, outcome.registration.id));
    expect(stored?.manageTokenHash).not.toContain(outcome.manageToken);
    // Exactly the SHA-256 of the token, in hex.
    expect(stored?.manageTokenHash).toBe(
      createHash('sha256').update(outcome.manageToken, 'utf8').digest('hex'),
    );
    expect(stored?.manageTokenSealed).not.toContain(outcome.manageToken);

    const read = await readManagedRegistration(database.db, outcome.manageToken);
    expect(read?.registration.status).toBe('confirmed');
    expect(read?.event.id).toBe(event.id);
    expect(await readManagedRegistration(database.db, 'not-a-token')).toBeNull();
    expect(await readManagedRegistration(database.db, 'A'.repeat(43))).toBeNull();

    const cancelled = await cancelByToken(database.db, outcome.manageToken, now);
    expect(cancelled).toMatchObject({ kind: 'cancelled', late: true, promoted: 0 });
    expect(await cancelByToken(database.db, outcome.manageToken, now)).toEqual({
      kind: 'not_cancellable',
      status: 'cancelled',
    });
    // Cancelled people may register again, with a new link.
    const again = await registerForEvent(database.db, event.id, person(1), now);
    if (again.kind !== 'created') throw new Error('not created again');
    expect(again.registration.id).toBe(outcome.registration.id);
    expect(await readManagedRegistration(database.db, outcome.manageToken)).toBeNull();
    expect(await cancelByToken(database.db, again.manageToken, hours(11))).toEqual({
      kind: 'started',
    });

    const onTime = await makeEvent({ startsAt: hours(48) });
    const early = await registerForEvent(database.db, onTime.id, person(2), now);
    if (early.kind !== 'created') throw new Error('not created');
    expect(await cancelByToken(database.db, early.manageToken, now)).toMatchObject({ late: false });
  });

  it('manual promotion: a freed place waits for staff, who confirm the first waitlisted person', async () => {
    const event = await makeEvent({ capacity: 1, waitlistEnabled: true, autoPromote: false });
    const first = await registerForEvent(database.db, event.id, person(1), now);
    const second = await registerForEvent(database.db, event.id, person(2), now);
    if (first.kind !== 'created' || second.kind !== 'created') throw new Error('not created');
    expect(second.registration.status).toBe('waitlisted');
    expect(await cancelByToken(database.db, first.manageToken, now)).toMatchObject({ promoted: 0 });
    // Someone new joins the line behind the waitlisted person, not ahead of them.
    const third = await registerForEvent(database.db, event.id, person(3), now);
    expect(third.kind === 'created' && third.registration.status).toBe('waitlisted');
    const promoted = await changeRegistrationStatus(
      database.db,
      second.registration.id,
      'confirm',
      staff,
      { eventId: event.id, now },
    );
    expect(promoted.kind).toBe('changed');
    const mails = await outboxOf(second.registration.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['waitlisted', 'promoted']);
    expect(mails[1]?.subject).toContain('A place opened up');
    expect(mails[1]?.textBody).toContain('/registrations/');
  });

  it('a place freed by removing a record or erasing a person goes to the first waitlisted person', async () => {
    const event = await makeEvent({ capacity: 2, waitlistEnabled: true, autoPromote: true });
    const people = [41, 42, 43, 44, 45].map((index) => ({
      ...person(index),
      email: `freed${index}@example.org`,
    }));
    const created = [];
    for (const entry of people) {
      const outcome = await registerForEvent(database.db, event.id, entry, now);
      if (outcome.kind !== 'created') throw new Error('not created');
      created.push(outcome.registration);
    }
    expect(created.map((row) => row.status)).toEqual([
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    const signedIn: SignedIn = {
      id: staff.userId,
      name: staff.name,
      email: 'mei@example.org',
      role: 'coordinator',
    };
    const statusOf = async (id: number) =>
      (
        await database.db
          .select({ status: eventRegistrations.status })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.id, id))
      )[0]?.status;

    const removed = await removeRegistration(
      database.db,
      signedIn,
      event.id,
      created[0]!.id,
      'Registered twice under two addresses.',
    );
    expect(removed).toMatchObject({ ok: true, promoted: 1 });
    expect(await statusOf(created[2]!.id)).toBe('confirmed');
    expect((await outboxOf(created[2]!.id)).map((mail) => mail.kind)).toEqual([
      'waitlisted',
      'promoted',
    ]);

    // Erasing a waitlisted person frees no place; erasing a confirmed one frees one.
    await erasePersonalData(database.db, signedIn, people[3]!.email);
    expect(await statusOf(created[4]!.id)).toBe('waitlisted');
    await erasePersonalData(database.db, signedIn, people[1]!.email);
    expect(await statusOf(created[4]!.id)).toBe('confirmed');
    expect(await placesTaken(database.db, event.id)).toBe(2);
    const changes = await database.db
      .select()
      .from(registrationStatusChanges)
      .where(eq(registrationStatusChanges.registrationId, created[4]!.id))
      .orderBy(asc(registrationStatusChanges.id));
    expect(changes.at(-1)).toMatchObject({ toStatus: 'confirmed', actor: 'system' });
  });

  it('at the door and after: check in, undo, no-shows in one action (only after the start), excuse, history', async () => {
    const event = await makeEvent({ startsAt: hours(2), capacity: 3 });
    const ids: number[] = [];
    for (const index of [1, 2, 3]) {
      const outcome = await registerForEvent(database.db, event.id, person(index), now);
      if (outcome.kind !== 'created') throw new Error('not created');
      ids.push(outcome.registration.id);
    }
    const checkIn = await changeRegistrationStatus(database.db, ids[0]!, 'check_in', staff, {
      eventId: event.id,
      now,
    });
    expect(checkIn.kind === 'changed' && checkIn.registration.checkedInAt).toEqual(now);
    // Checking in holds the place: nobody else gets it.
    expect(await placesTaken(database.db, event.id)).toBe(3);
    const undo = await changeRegistrationStatus(database.db, ids[0]!, 'undo_check_in', staff, {
      eventId: event.id,
      now,
    });
    expect(undo.kind === 'changed' && undo.registration.status).toBe('confirmed');
    await changeRegistrationStatus(database.db, ids[0]!, 'check_in', staff, {
      eventId: event.id,
      now,
    });

    expect(await markNoShows(database.db, event.id, staff, now)).toEqual({ kind: 'not_started' });
    expect(await markNoShows(database.db, event.id, staff, hours(5))).toEqual({
      kind: 'marked',
      count: 2,
    });
    const excuse = await changeRegistrationStatus(database.db, ids[1]!, 'excuse', staff, {
      eventId: event.id,
      now: hours(6),
      reason: 'Told us she was ill.',
    });
    expect(excuse.kind === 'changed' && excuse.registration.status).toBe('excused');
    // No emails for door and attendance changes: only the three confirmations.
    for (const id of ids)
      expect((await outboxOf(id)).map((mail) => mail.kind)).toEqual(['confirmed']);

    const history = await attendanceHistory(database.db, 'PERSON3@example.org');
    expect(history.noShows).toBeGreaterThanOrEqual(1);
    expect(
      history.records.some((record) => record.eventId === event.id && record.status === 'no_show'),
    ).toBe(true);
    const [attended] = (await attendanceHistory(database.db, 'person1@example.org')).records.filter(
      (record) => record.eventId === event.id,
    );
    expect(attended?.status).toBe('attended');
  });

  it('staff add someone by hand with the status they choose; the scope of an event is kept', async () => {
    const event = await makeEvent({ capacity: 1 });
    const other = await makeEvent({ capacity: 5 });
    const added = await addRegistrationByHand(
      database.db,
      event.id,
      { ...person(9), status: 'confirmed' },
      staff,
      now,
    );
    if (added.kind !== 'created') throw new Error('not added');
    expect(
      await addRegistrationByHand(
        database.db,
        event.id,
        { ...person(10), status: 'confirmed' },
        staff,
        now,
      ),
    ).toEqual({ kind: 'full', capacity: 1 });
    const waiting = await addRegistrationByHand(
      database.db,
      event.id,
      { ...person(10), status: 'waitlisted' },
      staff,
      now,
    );
    expect(waiting.kind === 'created' && waiting.registration.status).toBe('waitlisted');
    // Changing a registration through another event's page finds nothing.
    expect(
      await changeRegistrationStatus(database.db, added.registration.id, 'cancel', staff, {
        now,
        eventId: other.id,
      }),
    ).toEqual({ kind: 'not_found' });
  });

  it('reminders: queued once for confirmed people of events within 24 hours, an hour after the confirmation at the earliest, however often the job runs', async () => {
    const soon = await makeEvent({ startsAt: hours(20), title: 'Hot pot night' });
    const far = await makeEvent({ startsAt: hours(30) });
    const a = await registerForEvent(database.db, soon.id, person(31), now);
    await registerForEvent(database.db, far.id, person(32), now);
    if (a.kind !== 'created') throw new Error('not created');
    const remindersOfA = async () =>
      (await outboxOf(a.registration.id)).filter((mail) => mail.kind === 'reminder');
    // Just confirmed: the confirmation carries the details, the reminder waits an hour.
    await queueReminders(database.db, now);
    expect(await remindersOfA()).toHaveLength(0);
    // Earlier tests' confirmed people of events within 24 hours are reminded too.
    expect(await queueReminders(database.db, hours(1))).toBeGreaterThanOrEqual(1);
    expect(await queueReminders(database.db, hours(1))).toBe(0);
    expect(await queueReminders(database.db, hours(2))).toBe(0);
    const reminders = await remindersOfA();
    expect(reminders).toHaveLength(1);
    // 15:00 UTC is 10:00 in Ottawa; the event is at 06:00 the next day.
    expect(reminders[0]?.subject).toBe('Reminder: Hot pot night is tomorrow at 6:00 AM');
    expect(reminders[0]?.htmlBody).toContain('cid:check-in-qr');
  });

  it('the sender: delivers due emails once, retries with a growing wait, gives up after the last attempt, and resends', async () => {
    // Deliver whatever earlier tests queued, so this test counts its own (all at once: no pace).
    const flush = recordingTransport();
    while (
      (await deliverDueEmails(database.db, { now: hours(1000), transport: flush, pace: null }))
        .sent > 0
    ) {
      // keep going
    }
    expect(await deliverDueEmails(database.db, { now, transport: null })).toEqual({
      sent: 0,
      failed: 0,
      skipped: 'no_smtp',
    });

    const event = await makeEvent({ startsAt: hours(100), title: 'Career night' });
    const outcome = await registerForEvent(database.db, event.id, person(41), now);
    if (outcome.kind !== 'created') throw new Error('not created');
    const transport = recordingTransport();
    transport.failing = true;
    const at = hours(1001);
    expect(await deliverDueEmails(database.db, { now: at, transport })).toMatchObject({
      failed: 1,
    });
    let [mail] = await outboxOf(outcome.registration.id);
    expect(mail?.attempts).toBe(1);
    expect(mail?.lastError).toContain('421');
    // Not due again until the wait is over.
    expect(await deliverDueEmails(database.db, { now: at, transport })).toMatchObject({
      failed: 0,
      sent: 0,
    });
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(240_000);
    expect(retryDelayMs(20)).toBe(3_600_000);

    transport.failing = false;
    // Two senders at once (two instances): the email goes out once.
    const later = new Date(at.getTime() + 2 * 60_000);
    const reports = await Promise.all([
      deliverDueEmails(database.db, { now: later, transport }),
      deliverDueEmails(database.db, { now: later, transport }),
    ]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    expect(transport.sent).toHaveLength(1);
    const message = transport.sent[0]!;
    expect(message.to).toBe('person41@example.org');
    expect(message.subject).toBe('You are registered for Career night');
    expect(String(message.text)).toContain('/registrations/');
    const attachments = (message.attachments ?? []) as Array<{
      filename?: string;
      cid?: string;
      content?: Buffer;
    }>;
    // The door's QR code is drawn at sending: a PNG picture shown inside the HTML.
    const qr = attachments.find((attachment) => attachment.filename === 'check-in.png');
    expect(qr?.cid).toBe('check-in-qr');
    expect([...(qr?.content ?? Buffer.alloc(0)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(attachments.map((attachment) => attachment.filename)).toEqual(
      expect.arrayContaining(['check-in.png', expect.stringMatching(/\.ics$/)]),
    );
    [mail] = await outboxOf(outcome.registration.id);
    expect(mail?.sentAt).not.toBeNull();

    // Failing every time: after MAX_ATTEMPTS the sender stops; 'Resend' makes it due again.
    const second = await registerForEvent(database.db, event.id, person(42), now);
    if (second.kind !== 'created') throw new Error('not created');
    transport.failing = true;
    let clock = hours(1100).getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt += 1) {
      await deliverDueEmails(database.db, { now: new Date(clock), transport });
      clock += 2 * 3_600_000;
    }
    [mail] = await outboxOf(second.registration.id);
    expect(mail?.attempts).toBe(MAX_ATTEMPTS);
    expect(mail?.gaveUpAt).not.toBeNull();
    expect(await resendEmail(database.db, mail!.id, new Date(clock))).toBe(true);
    transport.failing = false;
    expect(await deliverDueEmails(database.db, { now: new Date(clock), transport })).toMatchObject({
      sent: 1,
    });
    const [after] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, mail!.id)));
    expect(after?.sentAt).not.toBeNull();
    expect(after?.gaveUpAt).toBeNull();
  });
});
