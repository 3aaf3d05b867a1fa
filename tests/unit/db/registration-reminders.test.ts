import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  eventMessages,
  eventRegistrations,
  events,
  type NewEvent,
} from '@/lib/db/schema';
import { attachmentBytes, type MailAttachment } from '@/lib/mail/templates';
import { registerForEvent } from '@/lib/registrations/intake';
import { queueReminders } from '@/lib/registrations/registration-emails';
import { cancelByToken } from '@/lib/registrations/transitions';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

/**
 * A confirmed registration's one reminder: 24 hours before its event, never within an hour of
 * its confirmation, in words that fit the day ('today', 'tomorrow'), with the calendar file's
 * SEQUENCE of the last change notice, and never a second one, whatever runs or changes later.
 * Each test has its own stretch of time, so a tick reminds only its own registrations.
 */

let database: TestDatabase;
const staff = { kind: 'staff' as const, userId: 'staff-reminders', name: 'Mei Chen' };
const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'mei.reminders@example.org');
});
afterAll(async () => {
  await database.dispose();
});

const makeEvent = (settings: Partial<NewEvent> & Pick<NewEvent, 'startsAt'>) =>
  insertEvent(database.db, {
    title: 'Lantern night',
    duration: '2 hours',
    location: 'Desmarais Hall, room 12',
    capacity: 20,
    ...settings,
  });

async function register(eventId: number, name: string, at: Date) {
  const outcome = await registerForEvent(
    database.db,
    eventId,
    { firstName: name, lastName: 'Li', email: `${name.toLowerCase()}.${eventId}@example.org` },
    at,
  );
  if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
  return outcome;
}

async function remindersOf(registrationId: number) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.registrationId, registrationId), eq(emailOutbox.kind, 'reminder')))
    .orderBy(asc(emailOutbox.id));
}

async function calendarFileOf(mail: { attachments: unknown }): Promise<string> {
  const calendar = (mail.attachments as MailAttachment[]).find((attachment) =>
    attachment.filename.endsWith('.ics'),
  );
  if (!calendar) throw new Error('no calendar file');
  return (await attachmentBytes(calendar)).toString('utf8');
}

/**
 * The record a change notice leaves (lib/registrations: the change notice writes its SEQUENCE
 * to event_messages.calendar_sequence), written here so the test is about the reminder alone.
 */
async function recordChangeNotice(eventId: number, sequence: number) {
  await database.db.insert(eventMessages).values({
    eventId,
    kind: 'change',
    audience: 'active',
    subject: 'New time for Lantern night',
    body: 'The time changed.',
    recipients: 1,
    sentById: staff.userId,
    sentByName: staff.name,
    sendKey: `reminders-change-${eventId}-${sequence}`,
    calendarSequence: sequence,
  });
}

async function moveEvent(eventId: number, startsAt: Date) {
  await database.db.update(events).set({ startsAt }).where(eq(events.id, eventId));
}

describe(`registration reminders (${DATABASE_UNDER_TEST})`, () => {
  it('a same-day event: none right after registering, one an hour later saying today, with the current SEQUENCE, and never a second', async () => {
    // 10:00 in Ottawa on 24 November; the event is at 17:00 the same day, then moved twice.
    const registeredAt = new Date('2026-11-24T15:00:00Z');
    const event = await makeEvent({ startsAt: new Date('2026-11-24T22:00:00Z') });
    const { registration } = await register(event.id, 'Ann', registeredAt);

    expect(await queueReminders(database.db, minutes(registeredAt, 1))).toBe(0);
    expect(await queueReminders(database.db, minutes(registeredAt, 59))).toBe(0);
    expect(await remindersOf(registration.id)).toHaveLength(0);

    // Moved to 18:00, then 18:30, each told by a change notice (SEQUENCE 1, then 2).
    await moveEvent(event.id, new Date('2026-11-24T23:00:00Z'));
    await recordChangeNotice(event.id, 1);
    await moveEvent(event.id, new Date('2026-11-24T23:30:00Z'));
    await recordChangeNotice(event.id, 2);

    expect(await queueReminders(database.db, minutes(registeredAt, 61))).toBe(1);
    const [reminder, ...more] = await remindersOf(registration.id);
    expect(more).toHaveLength(0);
    expect(reminder!.dedupeKey).toBe(`reminder:${registration.id}`);
    expect(reminder!.subject).toBe('Reminder: Lantern night is today at 6:30 PM');
    expect(reminder!.textBody).toContain(
      'This is a reminder that Lantern night starts today at 6:30 PM.',
    );
    expect(`${reminder!.subject} ${reminder!.textBody}`).not.toContain('tomorrow');
    const ics = await calendarFileOf(reminder!);
    expect(ics).toContain(`UID:tcsa-event-${event.id}@`);
    expect(ics).toContain('SEQUENCE:2\r\n');
    expect(ics).toContain('DTSTART;TZID=America/Toronto:20261124T183000');
    const [row] = await database.db
      .select({ reminderQueuedAt: eventRegistrations.reminderQueuedAt })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registration.id));
    expect(row!.reminderQueuedAt).toEqual(minutes(registeredAt, 61));

    // Another tick, then a change of time: no second reminder.
    expect(await queueReminders(database.db, minutes(registeredAt, 62))).toBe(0);
    await moveEvent(event.id, new Date('2026-11-25T00:00:00Z'));
    expect(await queueReminders(database.db, minutes(registeredAt, 90))).toBe(0);
    expect(await queueReminders(database.db, minutes(registeredAt, 300))).toBe(0);
    expect(await remindersOf(registration.id)).toHaveLength(1);
  });

  it('confirmed two days before a next-day event: the reminder goes 24 hours before, saying tomorrow', async () => {
    // Registered 10:00 on 1 December; the event is at 18:30 on 3 December.
    const registeredAt = new Date('2026-12-01T15:00:00Z');
    const startsAt = new Date('2026-12-03T23:30:00Z');
    const event = await makeEvent({ startsAt, title: 'Dumpling workshop' });
    const { registration } = await register(event.id, 'Bo', registeredAt);

    expect(await queueReminders(database.db, minutes(registeredAt, 61))).toBe(0);
    expect(await queueReminders(database.db, minutes(startsAt, -24 * 60 - 1))).toBe(0);
    expect(await queueReminders(database.db, minutes(startsAt, -24 * 60))).toBe(1);
    const reminders = await remindersOf(registration.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Reminder: Dumpling workshop is tomorrow at 6:30 PM');
    // No change notice was sent: SEQUENCE 0, which the file leaves out (RFC 5545's default).
    expect(await calendarFileOf(reminders[0]!)).not.toContain('SEQUENCE');
    expect(await queueReminders(database.db, minutes(startsAt, -60))).toBe(0);
  });

  it('confirmed less than an hour before the event: no reminder at all, the confirmation has the details', async () => {
    const startsAt = new Date('2026-12-05T23:30:00Z');
    const event = await makeEvent({ startsAt, title: 'Movie night' });
    const { registration } = await register(event.id, 'Cai', minutes(startsAt, -30));
    for (const at of [-29, -1, 1, 31]) {
      expect(await queueReminders(database.db, minutes(startsAt, at))).toBe(0);
    }
    expect(await remindersOf(registration.id)).toHaveLength(0);
  });

  it('a promoted waitlister is confirmed by the promotion: reminded an hour after it, not before', async () => {
    const startsAt = new Date('2026-12-08T23:30:00Z');
    const event = await makeEvent({
      startsAt,
      title: 'Karaoke night',
      capacity: 1,
      waitlistEnabled: true,
      autoPromote: true,
    });
    const first = await register(event.id, 'Dai', minutes(startsAt, -3 * 24 * 60));
    const second = await register(event.id, 'Eva', minutes(startsAt, -3 * 24 * 60 + 1));
    expect(second.registration.status).toBe('waitlisted');
    // Dai is reminded 24 hours before, then cancels 6 hours before; Eva moves up.
    expect(await queueReminders(database.db, minutes(startsAt, -24 * 60))).toBe(1);
    const promotedAt = minutes(startsAt, -6 * 60);
    expect((await cancelByToken(database.db, first.manageToken, promotedAt)).kind).toBe(
      'cancelled',
    );
    const [eva] = await database.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, second.registration.id));
    expect(eva!.status).toBe('confirmed');
    expect(await queueReminders(database.db, minutes(promotedAt, 1))).toBe(0);
    expect(await queueReminders(database.db, minutes(promotedAt, 61))).toBe(1);
    expect(await remindersOf(second.registration.id)).toHaveLength(1);
    expect(await remindersOf(first.registration.id)).toHaveLength(1);
  });

  it('two ticks at once (two instances) queue one reminder', async () => {
    const startsAt = new Date('2026-12-10T23:30:00Z');
    const event = await makeEvent({ startsAt, title: 'Board game night' });
    const { registration } = await register(event.id, 'Fei', minutes(startsAt, -48 * 60));
    const at = minutes(startsAt, -12 * 60);
    const counts = await Promise.all([
      queueReminders(database.db, at),
      queueReminders(database.db, at),
      queueReminders(database.db, at),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await remindersOf(registration.id)).toHaveLength(1);
  });
});
