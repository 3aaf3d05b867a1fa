import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  type Event,
  eventMessages,
  events,
  type NewEvent,
} from '@/lib/db/schema';
import { eventFormSchema, formValuesOf, updateEvent } from '@/lib/admin/events';
import type { SignedIn } from '@/lib/auth/session';
import { readClubSettings } from '@/lib/db/club-settings';
import {
  changeNoticeOffer,
  declineChangeNotice,
  eventChanges,
  sendChangeNotice,
} from '@/lib/registrations/change-notices';
import {
  audienceCounts,
  eventEmails,
  emailsOfRegistrations,
  listEventMessages,
  MESSAGE_WINDOW_MS,
  messageAllowance,
  offerQuestion,
  outboxOfMessage,
  previewEventMessage,
  sendEventMessage,
} from '@/lib/registrations/event-messages';
import { attachmentBytes, type MailAttachment } from '@/lib/mail/templates';
import { manageUrl } from '@/lib/registrations/manage-token';
import { addRegistrationByHand, registerForEvent } from '@/lib/registrations/intake';
import { changeRegistrationStatus } from '@/lib/registrations/transitions';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

let database: TestDatabase;
const now = new Date('2026-11-24T15:00:00Z');
const staff = { kind: 'staff' as const, userId: 'staff-messages', name: 'Mei Chen' };
const sender = { id: staff.userId, name: staff.name };
const coordinator: SignedIn = {
  id: staff.userId,
  name: staff.name,
  email: 'mei.messages@example.org',
  role: 'coordinator',
};

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'mei.messages@example.org');
});
afterAll(async () => {
  await database.dispose();
});

/** An event with 2 confirmed, 1 waitlisted, 1 awaiting review and 1 cancelled registrant. */
async function eventWithRegistrants(settings: Partial<NewEvent> = {}) {
  const event = await insertEvent(database.db, {
    title: 'Lantern night',
    // 18:30 in Ottawa on 2 December.
    startsAt: new Date('2026-12-02T23:30:00Z'),
    duration: '2 hours',
    location: 'Desmarais Hall, room 12',
    capacity: 3,
    waitlistEnabled: true,
    autoPromote: false,
    ...settings,
  });
  const tokens = new Map<string, string>();
  const statuses = ['confirmed', 'confirmed', 'waitlisted', 'submitted', 'confirmed'] as const;
  for (const [index, status] of statuses.entries()) {
    const email = `guest${index}.${event.id}@example.org`;
    const outcome =
      status === 'confirmed' && index < 2
        ? await registerForEvent(
            database.db,
            event.id,
            { firstName: `Guest${index}`, lastName: 'Li', email },
            now,
          )
        : await addRegistrationByHand(
            database.db,
            event.id,
            { firstName: `Guest${index}`, lastName: 'Li', email, status },
            staff,
            now,
          );
    if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
    tokens.set(email, outcome.manageToken);
    if (index === 4) {
      const cancelled = await changeRegistrationStatus(
        database.db,
        outcome.registration.id,
        'cancel',
        staff,
        { eventId: event.id, now },
      );
      expect(cancelled.kind).toBe('changed');
    }
  }
  return { event, tokens };
}

describe(`messages to an event's registrants (${DATABASE_UNDER_TEST})`, () => {
  it('counts each group, previews exactly what goes out, and sends one email per person once', async () => {
    const { event, tokens } = await eventWithRegistrants();
    const counts = await audienceCounts(database.db, event.id);
    expect(counts).toMatchObject({ confirmed: 2, waitlisted: 1, submitted: 1, active: 4 });

    const draft = {
      audience: 'confirmed' as const,
      subject: 'Room change for Lantern night',
      body: 'We moved to room 14.\nSame floor.\n\nSee you there!',
    };
    const preview = await previewEventMessage(database.db, event, draft);
    expect(preview.recipients).toBe(2);
    expect(preview.shownFor).toBe('Guest0');
    expect(preview.email.subject).toBe(draft.subject);
    expect(preview.email.text).toContain(
      'Hi Guest0,\n\nWe moved to room 14.\nSame floor.\n\nSee you there!',
    );
    expect(preview.email.text).toContain('(their own registration link)');

    // The group changed since the preview: nothing goes out.
    expect(
      await sendEventMessage(database.db, sender, event.id, {
        ...draft,
        sendKey: 'key-stale',
        expected: 3,
      }),
    ).toEqual({ kind: 'changed', recipients: 2 });

    const sent = await sendEventMessage(database.db, sender, event.id, {
      ...draft,
      sendKey: 'key-one',
      expected: 2,
    });
    if (sent.kind !== 'sent') throw new Error(`not sent: ${sent.kind}`);
    expect(sent.recipients).toBe(2);
    // A double submit of the same form sends nothing more.
    expect(
      await sendEventMessage(database.db, sender, event.id, {
        ...draft,
        sendKey: 'key-one',
        expected: 2,
      }),
    ).toEqual({ kind: 'already_sent', recipients: 2 });

    const copies = await outboxOfMessage(database.db, sent.messageId);
    expect(copies.map((copy) => copy.toAddress)).toEqual([
      `guest0.${event.id}@example.org`,
      `guest1.${event.id}@example.org`,
    ]);
    for (const copy of copies) {
      expect(copy.kind).toBe('event_message');
      expect(copy.subject).toBe(draft.subject);
      expect(copy.registrationId).not.toBeNull();
      expect(copy.textBody).toContain(`/registrations/${tokens.get(copy.toAddress)}`);
      expect(copy.htmlBody).toContain('We moved to room 14.<br>Same floor.');
    }
    // Each copy is the preview, with the person's own link.
    expect(copies[0]!.textBody).toBe(
      preview.email.text.replace(
        '(their own registration link)',
        manageUrl(tokens.get(copies[0]!.toAddress)!),
      ),
    );

    const [message] = await database.db
      .select()
      .from(eventMessages)
      .where(eq(eventMessages.id, sent.messageId));
    expect(message).toMatchObject({
      kind: 'message',
      audience: 'confirmed',
      recipients: 2,
      sentById: staff.userId,
      sentByName: 'Mei Chen',
      body: draft.body,
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.message'));
    expect(audit.map((entry) => entry.summary)).toEqual([
      'Emailed 2 confirmed registrants of "Lantern night": Room change for Lantern night',
    ]);

    const listed = await listEventMessages(database.db, event.id);
    expect(listed).toMatchObject([
      {
        subject: draft.subject,
        recipients: 2,
        sentByName: 'Mei Chen',
        sent: 0,
        waiting: 2,
        failed: 0,
      },
    ]);
    await database.db
      .update(emailOutbox)
      .set({ sentAt: now })
      .where(eq(emailOutbox.id, copies[0]!.id));
    await database.db
      .update(emailOutbox)
      .set({ gaveUpAt: now, lastError: '550 No such user' })
      .where(eq(emailOutbox.id, copies[1]!.id));
    expect(await listEventMessages(database.db, event.id)).toMatchObject([
      { sent: 1, waiting: 0, failed: 1 },
    ]);

    // One person's emails: their registration email and the message.
    const theirs = await eventEmails(database.db, event.id, {
      registrationId: copies[1]!.registrationId!,
    });
    expect(theirs.map((email) => [email.kind, email.state])).toEqual([
      ['event_message', 'failed'],
      ['confirmed', 'waiting'],
    ]);
    // A page of registrants at once: each person's own emails, none of another event.
    const byPerson = await emailsOfRegistrations(database.db, event.id, [
      copies[0]!.registrationId!,
      copies[1]!.registrationId!,
    ]);
    expect(byPerson.get(copies[0]!.registrationId!)?.map((email) => email.state)).toEqual([
      'sent',
      'waiting',
    ]);
    expect(byPerson.get(copies[1]!.registrationId!)).toEqual(theirs);
    expect(
      (await emailsOfRegistrations(database.db, event.id + 1000, [copies[0]!.registrationId!]))
        .size,
    ).toBe(0);
  });

  it('sends nothing to an empty group', async () => {
    const event = await insertEvent(database.db, { title: 'Quiet night', startsAt: now });
    expect(
      await sendEventMessage(database.db, sender, event.id, {
        audience: 'everyone',
        subject: 'Hello',
        body: 'Anyone?',
        sendKey: 'key-empty',
        expected: 0,
      }),
    ).toEqual({ kind: 'nobody' });
  });
});

describe(`a change of date, time or place (${DATABASE_UNDER_TEST})`, () => {
  it('names what changed in the club’s time zone', () => {
    const before = {
      startsAt: new Date('2026-12-02T23:30:00Z'),
      duration: '2 hours',
      location: 'Room 12',
    };
    expect(eventChanges(before, { ...before })).toEqual([]);
    expect(eventChanges(before, { ...before, startsAt: new Date('2026-12-03T00:30:00Z') })).toEqual(
      ['time'],
    );
    expect(eventChanges(before, { ...before, startsAt: new Date('2026-12-09T23:30:00Z') })).toEqual(
      ['date'],
    );
    expect(eventChanges(before, { ...before, location: 'Room 14', duration: '3 hours' })).toEqual([
      'time',
      'place',
    ]);
    expect(offerQuestion({ changed: ['date'], registrants: 8 })).toBe(
      'The date changed. Notify the 8 registrants?',
    );
    expect(offerQuestion({ changed: ['date', 'time', 'place'], registrants: 1 })).toBe(
      'The date, time and place changed. Notify the 1 registrant?',
    );
  });

  /** Saves the event through the console's form with these fields changed. */
  async function save(event: Event, overrides: Record<string, string>) {
    const [current] = await database.db.select().from(events).where(eq(events.id, event.id));
    const parsed = eventFormSchema(current!).safeParse({
      ...formValuesOf(current!),
      ...overrides,
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const saved = await updateEvent(database.db, coordinator, event.id, parsed.data, undefined);
    if (!saved.ok) throw new Error(saved.message);
    const [after] = await database.db.select().from(events).where(eq(events.id, event.id));
    return after!;
  }

  async function auditOf(action: string, eventId: number) {
    return (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(asc(auditLog.id))
    ).filter((entry) => entry.recordId === String(eventId));
  }

  it('a save that moves the event keeps the change unanswered, adding to it, until someone sends the notice or declines it', async () => {
    const { event } = await eventWithRegistrants();
    let row = await save(event, { startTime: '19:30' });
    expect(row.unannouncedChanges).toEqual(['time']);
    // The offer is read from the row: every page, every reload, shows it.
    expect(await changeNoticeOffer(database.db, row)).toMatchObject({
      eventId: event.id,
      changed: ['time'],
      registrants: 4,
    });
    row = await save(event, { title: 'Lantern night!' });
    expect(row.unannouncedChanges).toEqual(['time']);
    row = await save(event, { location: 'Tabaret Hall, room 112' });
    expect(row.unannouncedChanges).toEqual(['time', 'place']);
    row = await save(event, { startTime: '18:30' });
    expect(row.unannouncedChanges).toEqual(['time', 'place']);
    const offer = (await changeNoticeOffer(database.db, row))!;
    expect(offerQuestion(offer)).toBe('The time and place changed. Notify the 4 registrants?');

    const sent = await sendChangeNotice(database.db, sender, event.id, { sendKey: offer.sendKey });
    if (sent.kind !== 'sent') throw new Error(`not sent: ${sent.kind}`);
    expect(sent).toMatchObject({ recipients: 4, changed: ['time', 'place'] });
    row = (await database.db.select().from(events).where(eq(events.id, event.id)))[0]!;
    expect(row.unannouncedChanges).toBeNull();
    expect(await changeNoticeOffer(database.db, row)).toBeNull();
    const [copy] = await outboxOfMessage(database.db, sent.messageId);
    expect(copy!.subject).toBe('New time and place for Lantern night!');
    expect(copy!.textBody).toContain('Tabaret Hall, room 112');
    expect((await auditOf('event.notifyChange', event.id)).map((entry) => entry.summary)).toEqual([
      'Emailed the new time and place of "Lantern night!" to 4 registrants (confirmed, on the waitlist or awaiting review)',
    ]);
    // The same press again, or the offer answered meanwhile: nothing more goes out.
    expect(
      await sendChangeNotice(database.db, sender, event.id, { sendKey: offer.sendKey }),
    ).toEqual({ kind: 'already_sent', recipients: 4 });
    expect(
      await sendChangeNotice(database.db, sender, event.id, { sendKey: 'key-stale-offer' }),
    ).toEqual({ kind: 'answered' });

    // A new date, then 'Don't notify them': cleared, and the log says who chose so.
    row = await save(event, { date: '2026-12-09' });
    expect(row.unannouncedChanges).toEqual(['date']);
    expect(await declineChangeNotice(database.db, sender, event.id)).toEqual({
      kind: 'declined',
      changed: ['date'],
    });
    row = (await database.db.select().from(events).where(eq(events.id, event.id)))[0]!;
    expect(row.unannouncedChanges).toBeNull();
    expect(await declineChangeNotice(database.db, sender, event.id)).toEqual({ kind: 'answered' });
    expect(await auditOf('event.declineChangeNotice', event.id)).toMatchObject([
      {
        actorId: staff.userId,
        summary: 'Chose not to email the registrants of "Lantern night!" about its new date',
      },
    ]);
    expect((await listEventMessages(database.db, event.id)).map((message) => message.kind)).toEqual(
      ['change'],
    );
  });

  it('sends everyone still coming the new details with a calendar file that updates theirs', async () => {
    const { event } = await eventWithRegistrants();
    const [moved] = await database.db
      .update(events)
      .set({ startsAt: new Date('2026-12-03T00:30:00Z'), unannouncedChanges: ['time'] })
      .where(eq(events.id, event.id))
      .returning();
    const offer = await changeNoticeOffer(database.db, moved!);
    expect(offer).toMatchObject({ eventId: event.id, changed: ['time'], registrants: 4 });

    const sent = await sendChangeNotice(database.db, sender, event.id, {
      sendKey: offer!.sendKey,
    });
    if (sent.kind !== 'sent') throw new Error(`not sent: ${sent.kind}`);
    expect(sent.recipients).toBe(4);

    const copies = await outboxOfMessage(database.db, sent.messageId);
    expect(copies).toHaveLength(4);
    const [copy] = copies;
    expect(copy!.kind).toBe('event_change');
    expect(copy!.subject).toBe('New time for Lantern night');
    expect(copy!.textBody).toContain('The time of Lantern night changed.');
    expect(copy!.textBody).toContain('7:30 PM');
    expect(copy!.textBody).toContain('/registrations/');
    const [calendar] = copy!.attachments as MailAttachment[];
    const ics = (await attachmentBytes(calendar!)).toString('utf8');
    expect(ics).toContain(`UID:tcsa-event-${event.id}@`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART;TZID=America/Toronto:20261202T193000');

    // A second change: a higher SEQUENCE.
    await database.db
      .update(events)
      .set({ location: 'Room 14', unannouncedChanges: ['place'] })
      .where(eq(events.id, event.id));
    const again = await sendChangeNotice(database.db, sender, event.id, {
      sendKey: 'key-second-change',
    });
    if (again.kind !== 'sent') throw new Error(`not sent: ${again.kind}`);
    const [second] = await outboxOfMessage(database.db, again.messageId);
    const secondIcs = (
      await attachmentBytes((second!.attachments as MailAttachment[])[0]!)
    ).toString('utf8');
    expect(secondIcs).toContain('SEQUENCE:2');

    const listed = await listEventMessages(database.db, event.id);
    expect(listed.map((message) => [message.kind, message.audience, message.recipients])).toEqual([
      ['change', 'active', 4],
      ['change', 'active', 4],
    ]);
  });

  it('keeps nothing unanswered when only other fields changed, or nobody is registered', async () => {
    const { event } = await eventWithRegistrants();
    const renamed = await save(event, { title: 'Lantern night (renamed)' });
    expect(renamed.unannouncedChanges).toBeNull();
    expect(await changeNoticeOffer(database.db, renamed)).toBeNull();
    const empty = await insertEvent(database.db, {
      title: 'Empty',
      startsAt: new Date('2026-12-05T23:30:00Z'),
    });
    const moved = await save(empty, { location: 'Elsewhere' });
    expect(moved.unannouncedChanges).toBeNull();
    expect(
      await sendChangeNotice(database.db, sender, empty.id, { sendKey: 'key-nothing-waits' }),
    ).toEqual({ kind: 'answered' });
  });
});

describe(`the daily limit of messages per event (${DATABASE_UNDER_TEST})`, () => {
  const draft = (key: string) => ({
    audience: 'everyone' as const,
    subject: 'Bring a lantern',
    body: 'Any colour.',
    sendKey: key,
    expected: 4,
  });
  const hour = 60 * 60_000;

  it('refuses the message past the club’s limit, says when the next may go, and counts change notices without refusing them', async () => {
    // Before anyone saves the club settings, their defaults hold.
    expect((await readClubSettings(database.db)).eventMessagesPerDay).toBe(3);
    const { event } = await eventWithRegistrants();
    const start = new Date();
    const at = (hours: number) => new Date(start.getTime() + hours * hour);
    for (const [index, hours] of [0, 1, 2].entries()) {
      const sent = await sendEventMessage(
        database.db,
        sender,
        event.id,
        draft(`limit-${event.id}-${index}`),
        at(hours),
      );
      expect(sent.kind).toBe('sent');
    }
    const refused = await sendEventMessage(
      database.db,
      sender,
      event.id,
      draft(`limit-${event.id}-3`),
      at(3),
    );
    expect(refused).toEqual({
      kind: 'limit',
      allowance: { limit: 3, sent: 3, nextAt: new Date(at(0).getTime() + MESSAGE_WINDOW_MS) },
    });
    expect(await listEventMessages(database.db, event.id)).toHaveLength(3);

    // A change notice is never refused (people must learn of a new time), but it counts.
    await database.db
      .update(events)
      .set({ location: 'Room 14', unannouncedChanges: ['place'] })
      .where(eq(events.id, event.id));
    const notice = await sendChangeNotice(
      database.db,
      sender,
      event.id,
      { sendKey: `limit-notice-${event.id}` },
      at(4),
    );
    expect(notice.kind).toBe('sent');
    // Once the first message is a day old, one more may go: 3 of the last 24 hours remain.
    expect(await messageAllowance(database.db, event.id, at(24.5))).toEqual({
      limit: 3,
      sent: 3,
      nextAt: new Date(at(1).getTime() + MESSAGE_WINDOW_MS),
    });
    expect(await messageAllowance(database.db, event.id, at(25.5))).toMatchObject({
      sent: 2,
      nextAt: null,
    });
    const later = await sendEventMessage(
      database.db,
      sender,
      event.id,
      draft(`limit-${event.id}-4`),
      at(25.5),
    );
    expect(later.kind).toBe('sent');
  });

  it('two sends at once cannot both take the last place: the event’s lock makes one wait and count the other', async () => {
    const { event } = await eventWithRegistrants();
    const sends = await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        sendEventMessage(database.db, sender, event.id, draft(`race-${event.id}-${index}`)),
      ),
    );
    expect(sends.filter((outcome) => outcome.kind === 'sent')).toHaveLength(3);
    expect(sends.filter((outcome) => outcome.kind === 'limit')).toHaveLength(2);
    expect(await listEventMessages(database.db, event.id)).toHaveLength(3);
    // 4 people each, for the three messages sent, and none for the two refused.
    const messageIds = (await listEventMessages(database.db, event.id)).map((row) => row.id);
    const copies = await database.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.eventMessageId, messageIds));
    expect(copies).toHaveLength(12);
  });
});
