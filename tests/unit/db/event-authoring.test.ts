import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAccount } from '@/lib/admin/accounts';
import {
  clubDateTimeOf,
  copyTitle,
  decidePublication,
  duplicateEvent,
  publicationWords,
  publishChoiceOf,
  setPublication,
} from '@/lib/admin/event-authoring';
import { createEvent, EVENT_TITLE_MAX, eventFormSchema, formValuesOf } from '@/lib/admin/events';
import { changedFields, changeLineText } from '@/lib/audit/changes';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { findEvent } from '@/lib/db/queries';
import { auditLog, eventLeads, eventQuestions, eventRegistrations, events } from '@/lib/db/schema';
import { registerForEvent } from '@/lib/registrations/intake';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let coordinator: SignedIn;
let lead: SignedIn;

const POSTER = `/files/${'b'.repeat(40)}.webp`;
const THUMBNAIL = `/files/${'c'.repeat(40)}.webp`;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: 'mei@example.org',
    passwordHash: 'hash',
  });
  if (!created.ok) throw new Error('no first account');
  const admin: SignedIn = {
    id: created.userId,
    name: 'Mei Chen',
    email: 'mei@example.org',
    role: 'super_admin',
  };
  const invite = async (name: string, email: string, role: 'coordinator' | 'event_lead') => {
    const invited = await inviteAccount(database.db, admin, { name, email, role });
    if (!invited.ok) throw new Error(invited.message);
    return { id: invited.accountId, name, email, role } satisfies SignedIn;
  };
  coordinator = await invite('Ana Li', 'ana@example.org', 'coordinator');
  lead = await invite('Leo Wang', 'leo@example.org', 'event_lead');
});
afterAll(async () => {
  await database.dispose();
});

const NOW = new Date('2026-12-01T15:00:00Z');

describe('publishing choices', () => {
  it('a form without a choice publishes a new event at once and keeps a saved one as it is', () => {
    expect(publishChoiceOf(null, true)).toBe('now');
    expect(publishChoiceOf('', false)).toBe('keep');
    expect(publishChoiceOf('draft', true)).toBe('draft');
    expect(publishChoiceOf('later', true)).toBeNull();
  });

  it('reads a time on the club’s clock, seconds allowed', () => {
    expect(clubDateTimeOf('2026-12-12T18:30')?.toISOString()).toBe('2026-12-12T23:30:00.000Z');
    expect(clubDateTimeOf('2026-07-01T09:05:30')?.toISOString()).toBe('2026-07-01T13:05:30.000Z');
    expect(clubDateTimeOf('12/12/2026 6:30')).toBeNull();
    expect(clubDateTimeOf('2026-13-01T10:00')).toBeNull();
  });

  it('a schedule needs a time to come, said in words', () => {
    expect(decidePublication('draft', '', NOW)).toEqual({ ok: true, publishedAt: null });
    expect(decidePublication('now', '', NOW)).toEqual({ ok: true, publishedAt: NOW });
    expect(decidePublication('keep', 'x', NOW)).toEqual({ ok: true, publishedAt: undefined });
    expect(decidePublication('schedule', '', NOW)).toMatchObject({
      ok: false,
      field: 'publishAt',
      message: 'Choose when the event appears on the site to schedule it.',
    });
    expect(decidePublication('schedule', '2026-12-01T09:00', NOW)).toMatchObject({
      ok: false,
      message: 'That time has passed: choose a later time, or press Publish now.',
    });
    expect(decidePublication('schedule', '2026-12-12T18:30', NOW)).toEqual({
      ok: true,
      publishedAt: new Date('2026-12-12T23:30:00Z'),
    });
  });

  it('says where the event stands in words', () => {
    expect(publicationWords(null, NOW)).toBe('Draft: not on the site');
    expect(publicationWords(new Date('2026-12-12T23:30:00Z'), NOW)).toBe(
      'Scheduled: appears Sat 12 Dec, 6:30 PM',
    );
    expect(publicationWords(new Date('2026-11-01T12:00:00Z'), NOW)).toBe('Published');
  });
});

function formValues(overrides: Record<string, string> = {}) {
  const parsed = eventFormSchema(null).safeParse({
    ...formValuesOf(null),
    title: 'Mid-Autumn Gala',
    description: 'Mooncakes and lanterns.',
    date: '2025-10-04',
    startTime: '18:30',
    duration: '3 hours',
    location: 'Jock Turcot University Centre',
    organizer: 'TCSA Events',
    posterImg: POSTER,
    thumbnailLink: THUMBNAIL,
    capacity: '120',
    memberPlaces: '40',
    staffPlaces: '5',
    requiresDeposit: 'on',
    category: 'Networking',
    registrationOpensAt: '2025-09-20T09:00',
    registrationClosesAt: '2025-10-03T23:00',
    memberRegistrationOpensAt: '2025-09-15T09:00',
    waitlistEnabled: 'on',
    autoPromote: 'manual',
    requiresReview: 'on',
    cancellationCutoffHours: '48',
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe(`drafts, schedules and copies (${DATABASE_UNDER_TEST})`, () => {
  it('a new event saved as a draft is not on the site, and says so in the audit log', async () => {
    const draft = await createEvent(database.db, coordinator, formValues(), [], null);
    if (!draft.ok) throw new Error(draft.message);
    expect(await findEvent(database.db, draft.id)).toBeNull();
    const published = await createEvent(database.db, coordinator, formValues(), []);
    if (!published.ok) throw new Error(published.message);
    expect(await findEvent(database.db, published.id)).not.toBeNull();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.create'), eq(auditLog.recordId, String(draft.id))));
    expect(entry?.summary).toBe('Created the event "Mid-Autumn Gala" as a draft');
  });

  it('scheduling, publishing and back to draft each write an entry in words', async () => {
    const created = await createEvent(database.db, coordinator, formValues(), [], null);
    if (!created.ok) throw new Error(created.message);
    const at = new Date('2026-12-12T23:30:00Z');
    expect(await setPublication(database.db, coordinator, created.id, at, NOW)).toMatchObject({
      ok: true,
      changed: true,
    });
    await setPublication(database.db, coordinator, created.id, NOW, NOW);
    // Publishing what is on the site keeps its first time, and writes nothing.
    expect(
      await setPublication(database.db, coordinator, created.id, new Date(), NOW),
    ).toMatchObject({ ok: true, changed: false, publishedAt: NOW });
    await setPublication(database.db, coordinator, created.id, null, NOW);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(created.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.summary])).toEqual([
      ['event.create', 'Created the event "Mid-Autumn Gala" as a draft'],
      ['event.schedule', 'Scheduled the event "Mid-Autumn Gala" to appear Sat 12 Dec, 6:30 PM'],
      ['event.publish', 'Published the event "Mid-Autumn Gala" on the site'],
      ['event.unpublish', 'Made the event "Mid-Autumn Gala" a draft: not on the site'],
    ]);
    const lines = changedFields('event', entries[1]!.before, entries[1]!.after, {}, NOW).map(
      changeLineText,
    );
    expect(lines).toEqual(['On the site from: none → Sat 12 Dec, 6:30 PM']);
  });

  it('duplicate copies every field, picture, lead and question, leaves the dates and registrations', async () => {
    const created = await createEvent(database.db, coordinator, formValues(), [lead.id]);
    if (!created.ok) throw new Error(created.message);
    await database.db.insert(eventQuestions).values([
      { eventId: created.id, position: 1, label: 'Dietary needs', kind: 'short_text' },
      {
        eventId: created.id,
        position: 2,
        label: 'T-shirt size',
        kind: 'choice',
        choices: ['S', 'M', 'L'],
        required: true,
      },
      {
        eventId: created.id,
        position: 3,
        label: 'Removed question',
        kind: 'yes_no',
        removedAt: new Date(),
      },
    ]);
    const registered = await registerForEvent(database.db, created.id, {
      firstName: 'Lin',
      lastName: 'Wang',
      email: 'lin@example.org',
    });
    expect(registered.kind).not.toBe('not_found');

    const copy = await duplicateEvent(database.db, coordinator, created.id);
    if (!copy.ok) throw new Error(copy.message);
    const [source] = await database.db.select().from(events).where(eq(events.id, created.id));
    const [made] = await database.db.select().from(events).where(eq(events.id, copy.id));
    expect(made).toMatchObject({
      title: 'Copy of Mid-Autumn Gala',
      description: 'Mooncakes and lanterns.',
      duration: '3 hours',
      location: 'Jock Turcot University Centre',
      organizer: 'TCSA Events',
      posterImg: POSTER,
      thumbnailLink: THUMBNAIL,
      capacity: 120,
      memberPlaces: 40,
      staffPlaces: 5,
      membersOnly: false,
      requiresDeposit: true,
      category: 'Networking',
      waitlistEnabled: true,
      autoPromote: false,
      requiresReview: true,
      cancellationCutoffHours: 48,
      startsAt: null,
      registrationOpensAt: null,
      registrationClosesAt: null,
      memberRegistrationOpensAt: null,
      publishedAt: null,
      cancelledAt: null,
    });
    expect(made!.createdAt.getTime()).toBeGreaterThanOrEqual(source!.createdAt.getTime());
    expect(await findEvent(database.db, copy.id)).toBeNull();
    expect(
      await database.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, copy.id)),
    ).toEqual([]);
    expect(
      (
        await database.db
          .select({ userId: eventLeads.userId })
          .from(eventLeads)
          .where(eq(eventLeads.eventId, copy.id))
      ).map((row) => row.userId),
    ).toEqual([lead.id]);
    const questions = await database.db
      .select()
      .from(eventQuestions)
      .where(eq(eventQuestions.eventId, copy.id))
      .orderBy(asc(eventQuestions.position));
    expect(questions.map((q) => [q.position, q.label, q.kind, q.choices, q.required])).toEqual([
      [1, 'Dietary needs', 'short_text', [], false],
      [2, 'T-shirt size', 'choice', ['S', 'M', 'L'], true],
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.duplicate'), eq(auditLog.recordId, String(copy.id))));
    expect(entry?.summary).toBe(
      'Made a draft copy of the event "Mid-Autumn Gala" (2025-10-04): its dates are left to set and no registrations were copied',
    );
    expect(entry?.actorName).toBe('Ana Li');
  });

  it('duplicating an event that is gone says so', async () => {
    expect(await duplicateEvent(database.db, coordinator, 987_654)).toEqual({
      ok: false,
      message: 'This event no longer exists.',
    });
  });
});

describe('a copy’s title', () => {
  it('is marked until edited, once, and still fits the form’s limit', () => {
    expect(copyTitle('Mid-Autumn Gala')).toBe('Copy of Mid-Autumn Gala');
    expect(copyTitle('Copy of Mid-Autumn Gala')).toBe('Copy of Mid-Autumn Gala');
    const longest = '月'.repeat(EVENT_TITLE_MAX);
    const marked = copyTitle(longest);
    expect(marked.length).toBe(EVENT_TITLE_MAX);
    expect(marked).toMatch(/^Copy of 月+…$/);
    // Characters outside the basic plane count twice in the form's limit, and are never split.
    const wide = copyTitle('🏮'.repeat(100));
    expect(wide.length).toBeLessThanOrEqual(EVENT_TITLE_MAX);
    expect(wide).toMatch(/^Copy of (🏮)+…$/u);
  });
});
