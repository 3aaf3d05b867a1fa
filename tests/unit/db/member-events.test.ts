import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NewEvent,
  emailOutbox,
  eventRegistrations,
  events,
  memberships,
} from '@/lib/db/schema';
import { registerForEvent } from '@/lib/registrations/intake';
import { cancelByToken, changeRegistrationStatus } from '@/lib/registrations/transitions';
import { attendanceOfMembership, registrationAvailability } from '@/lib/registrations/reads';
import { MEMBERSHIP_MISMATCH_MESSAGE } from '@/lib/memberships/verify';
import { createRateLimiter } from '@/lib/http/rate-limit';
import {
  MEMBER_CHECK_RATE_LIMITED_MESSAGE,
  MEMBER_CHECK_REFUSALS_PER_CLIENT,
  MEMBER_CHECK_REFUSALS_PER_EMAIL,
  MEMBER_CHECK_WINDOW_MS,
  type MemberCheckLimiters,
  handleRegistration,
} from '@/lib/registrations/register-endpoint';
import { registrationRequest } from '../api/support/register';
import { setDatabaseForTests } from '@/lib/db/client';
import { eventRooms, listEvents } from '@/lib/db/queries';
import { toEventDto } from '@/lib/api/serialize';
import { eventStatusAt, statusFields } from '@/lib/events/status';
import { listRegistrants, registrantsCsv } from '@/lib/admin/registrants';
import type { Membership } from '@/lib/db/schema';
import type { MembershipStatus } from '@/lib/memberships/statuses';
import { addApplication, addMembershipType } from './support/memberships';
import { addCoordinator, insertEvent } from './support/staff';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
const now = new Date('2026-11-25T15:00:00Z');
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);
const staff = { kind: 'staff' as const, userId: 'staff-members', name: 'Mei Chen' };
/** The club's address of the membership year (support/memberships.ts), which refusals name. */
const CONTACT = 'tcsa.telfer@gmail.com';

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'mei.members@example.org');
});
afterAll(async () => {
  await database.dispose();
});

/** An event in its member window: members from an hour ago, everyone in two days. */
function memberEvent(settings: Partial<NewEvent> = {}) {
  return insertEvent(database.db, {
    title: 'Deloitte office tour',
    startsAt: hours(24 * 10),
    capacity: 10,
    memberPlaces: 4,
    memberRegistrationOpensAt: hours(-1),
    registrationOpensAt: hours(48),
    waitlistEnabled: true,
    ...settings,
  });
}

let people = 0;
async function member(status: MembershipStatus = 'active', values: Partial<Membership> = {}) {
  const type = await addMembershipType(database.db);
  people += 1;
  return addApplication(database.db, type, {
    status,
    memberId: `TCSA-26-${String(2000 + people).padStart(4, '0')}`,
    ...values,
  });
}

const asMember = (membership: Membership) => ({
  firstName: membership.preferredName,
  lastName: 'Member',
  email: membership.uottawaEmail,
  memberId: membership.memberId,
});
let visitors = 0;
const visitor = () => {
  visitors += 1;
  return { firstName: `Visitor${visitors}`, lastName: 'Public', email: `v${visitors}@example.org` };
};

async function rowsOf(eventId: number) {
  return database.db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.id));
}

describe(`member events (${DATABASE_UNDER_TEST})`, () => {
  it('gives a checked member a member place in the member window, and tells a visitor when everyone may register', async () => {
    const event = await memberEvent();
    const active = await member();
    const taken = await registerForEvent(database.db, event.id, asMember(active), now);
    expect(taken).toMatchObject({ kind: 'created', registration: { status: 'confirmed' } });
    if (taken.kind !== 'created') return;
    expect(taken.registration).toMatchObject({ pool: 'member', membershipId: active.id });

    expect(await registerForEvent(database.db, event.id, visitor(), now)).toEqual({
      kind: 'not_open',
      opensAt: hours(48),
      membersFirst: true,
    });
    // The same member again is already registered.
    expect((await registerForEvent(database.db, event.id, asMember(active), now)).kind).toBe(
      'duplicate',
    );
    const availability = await registrationAvailability(database.db, event.id, now);
    expect(availability).toMatchObject({
      state: 'member_registration_open',
      memberPlacesLeft: 3,
      publicPlacesLeft: 6,
      memberOpensAt: hours(-1),
      opensAt: hours(48),
    });
  });

  it('refuses a wrong pair and a suspended member in the same words, and emails the member why', async () => {
    const event = await memberEvent();
    const active = await member();
    const other = await member();
    const wrong = await registerForEvent(
      database.db,
      event.id,
      { ...asMember(active), email: other.uottawaEmail },
      now,
    );
    expect(wrong).toEqual({ kind: 'member_refused', message: MEMBERSHIP_MISMATCH_MESSAGE });
    const suspended = await member('suspended', {
      suspendedFrom: '2026-11-01',
      suspendedUntil: '2026-12-31',
      suspensionReason: 'Two no-shows',
    });
    const refused = await registerForEvent(database.db, event.id, asMember(suspended), now);
    expect(refused).toEqual({ kind: 'member_refused', message: MEMBERSHIP_MISMATCH_MESSAGE });
    // The reason goes to the member's own address, with the registration's transaction.
    const notices = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.membershipId, suspended.id),
          eq(emailOutbox.kind, 'membership-member-check'),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.toAddress).toBe(suspended.uottawaEmail);
    expect(notices[0]!.textBody).toContain('December 31, 2026');
    expect(notices[0]!.textBody).toContain(CONTACT);
    const [noted] = await database.db
      .select({ at: memberships.memberCheckNoticeAt })
      .from(memberships)
      .where(eq(memberships.id, suspended.id));
    expect(noted!.at).toEqual(now);
    expect(await rowsOf(event.id)).toEqual([]);
  });

  it('waitlists members once the member places are gone, then gives them public places first when everyone may register', async () => {
    const event = await memberEvent({ capacity: 4, memberPlaces: 2 });
    const members = await Promise.all([member(), member(), member()]);
    for (const one of members) {
      await registerForEvent(database.db, event.id, asMember(one), now);
    }
    const statuses = (await rowsOf(event.id)).map((row) => [row.status, row.pool]);
    expect(statuses).toEqual([
      ['confirmed', 'member'],
      ['confirmed', 'member'],
      ['waitlisted', 'member'],
    ]);
    // Public registration opens: the waiting member is first in line for the public places.
    const later = hours(49);
    const first = await registerForEvent(database.db, event.id, visitor(), later);
    expect(first).toMatchObject({ kind: 'created', registration: { status: 'confirmed' } });
    const rows = await rowsOf(event.id);
    expect(rows[2]).toMatchObject({ status: 'confirmed', pool: 'public' });
    expect(rows[3]).toMatchObject({ status: 'confirmed', pool: 'public' });
    const full = await registerForEvent(database.db, event.id, visitor(), later);
    expect(full).toMatchObject({ kind: 'created', registration: { status: 'waitlisted' } });
  });

  it('gives a freed member place to the first waitlisted member, a freed public place to the first in line', async () => {
    const event = await memberEvent({
      capacity: 2,
      memberPlaces: 1,
      memberRegistrationOpensAt: hours(-2),
      registrationOpensAt: hours(-1),
    });
    const holder = await member();
    const memberTaken = await registerForEvent(database.db, event.id, asMember(holder), now);
    const publicTaken = await registerForEvent(database.db, event.id, visitor(), now);
    // The line: a visitor, then a member.
    const waitingVisitor = await registerForEvent(database.db, event.id, visitor(), now);
    const waiting = await member();
    const waitingMember = await registerForEvent(database.db, event.id, asMember(waiting), now);
    expect(
      [waitingVisitor, waitingMember].map(
        (one) => one.kind === 'created' && one.registration.status,
      ),
    ).toEqual(['waitlisted', 'waitlisted']);

    if (memberTaken.kind !== 'created' || publicTaken.kind !== 'created') throw new Error('setup');
    await cancelByToken(database.db, memberTaken.manageToken, now);
    const afterMemberPlace = await rowsOf(event.id);
    expect(afterMemberPlace.find((row) => row.membershipId === waiting.id)).toMatchObject({
      status: 'confirmed',
      pool: 'member',
    });
    expect(
      afterMemberPlace.find(
        (row) => waitingVisitor.kind === 'created' && row.id === waitingVisitor.registration.id,
      ),
    ).toMatchObject({ status: 'waitlisted' });

    await cancelByToken(database.db, publicTaken.manageToken, now);
    const afterPublicPlace = await rowsOf(event.id);
    expect(
      afterPublicPlace.find(
        (row) => waitingVisitor.kind === 'created' && row.id === waitingVisitor.registration.id,
      ),
    ).toMatchObject({ status: 'confirmed', pool: 'public' });
    // The promotion emails were queued once each.
    const promoted = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'promoted')));
    expect(
      promoted.filter((row) => afterPublicPlace.some((one) => one.id === row.registrationId)),
    ).toHaveLength(2);
  });

  it('keeps a members-only event for members, and a selection never confirms by membership alone', async () => {
    const membersOnly = await memberEvent({
      membersOnly: true,
      memberPlaces: 0,
      memberRegistrationOpensAt: null,
      registrationOpensAt: hours(-1),
    });
    expect(await registerForEvent(database.db, membersOnly.id, visitor(), now)).toEqual({
      kind: 'members_only',
    });
    const one = await member();
    expect(await registerForEvent(database.db, membersOnly.id, asMember(one), now)).toMatchObject({
      kind: 'created',
      registration: { status: 'confirmed', pool: 'member' },
    });

    const selection = await memberEvent({ requiresReview: true });
    const applicant = await member();
    const applied = await registerForEvent(database.db, selection.id, asMember(applicant), now);
    expect(applied).toMatchObject({
      kind: 'created',
      registration: { status: 'submitted', pool: 'member', membershipId: applicant.id },
    });
    if (applied.kind !== 'created') return;
    // Staff confirm it: the place is counted then.
    const confirmed = await changeRegistrationStatus(
      database.db,
      applied.registration.id,
      'confirm',
      staff,
      { eventId: selection.id, now },
    );
    expect(confirmed.kind).toBe('changed');
  });

  it('never gives more member places than kept when members register all at once', async () => {
    const event = await memberEvent({ capacity: 20, memberPlaces: 5 });
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    const outcomes = await Promise.all(
      members.map((one) => registerForEvent(database.db, event.id, asMember(one), now)),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'created')).toBe(true);
    const rows = await rowsOf(event.id);
    expect(rows.filter((row) => row.status === 'confirmed' && row.pool === 'member')).toHaveLength(
      5,
    );
    expect(rows.filter((row) => row.status === 'waitlisted')).toHaveLength(7);
    expect(rows.filter((row) => row.pool === 'public' && row.status === 'confirmed')).toHaveLength(
      0,
    );
  });
});

describe(`member registration emails (${DATABASE_UNDER_TEST})`, () => {
  it('say that the person registered as a member, with the ID; a visitor’s do not', async () => {
    const event = await memberEvent({ registrationOpensAt: hours(-1) });
    const one = await member();
    const asOne = await registerForEvent(database.db, event.id, asMember(one), now);
    const someone = await registerForEvent(database.db, event.id, visitor(), now);
    if (asOne.kind !== 'created' || someone.kind !== 'created') throw new Error('not registered');
    const [memberMail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.registrationId, asOne.registration.id));
    const [visitorMail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.registrationId, someone.registration.id));
    expect(memberMail!.textBody).toContain(`Member ${one.memberId}`);
    expect(visitorMail!.textBody).not.toContain('Registered as');
  });
});

describe(`members in the console's registrant list (${DATABASE_UNDER_TEST})`, () => {
  it('shows who registered as a member, with the ID, on the list and in the CSV', async () => {
    const event = await memberEvent({ registrationOpensAt: hours(-1) });
    const one = await member();
    await registerForEvent(database.db, event.id, asMember(one), now);
    await registerForEvent(database.db, event.id, visitor(), now);
    const { rows } = await listRegistrants(database.db, event.id, { page: 1 });
    expect(rows.map((row) => row.memberId)).toEqual([one.memberId, null]);
    expect(rows[0]!.membershipId).toBe(one.id);
    const csv = await registrantsCsv(database.db, event.id);
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header!.endsWith(',Member ID')).toBe(true);
    expect(first!.endsWith(`,${one.memberId}`)).toBe(true);
    expect(second!.endsWith(',')).toBe(true);
  });
});

describe(`the seeded member events (${DATABASE_UNDER_TEST})`, () => {
  it('show one event in its member window, one for members only, and one open to all with member places', async () => {
    const seeded = await createTestDatabase();
    try {
      const all = await seeded.db.select().from(events);
      const stateOf = async (title: string) => {
        const event = all.find((candidate) => candidate.title === title)!;
        return registrationAvailability(seeded.db, event.id, new Date());
      };
      expect(await stateOf('Networking Night with Telfer Alumni')).toMatchObject({
        state: 'member_registration_open',
        memberPlacesLeft: 20,
      });
      expect(await stateOf('Big Four Office Tour (Members Only)')).toMatchObject({
        state: 'member_registration_open',
        membersOnly: true,
        requiresReview: true,
        opensAt: null,
      });
      expect(await stateOf('Mock Interview Day')).toMatchObject({
        state: 'general_registration_open',
        memberPlacesLeft: 10,
        publicPlacesLeft: 20,
      });
      // And a member in each status, one of them suspended, to see every message.
      const statuses = new Set(
        (await seeded.db.select({ status: memberships.status }).from(memberships)).map(
          (row) => row.status,
        ),
      );
      expect([...statuses].sort()).toEqual(
        [
          'active',
          'cancelled',
          'expired',
          'payment_review',
          'pending',
          'refunded',
          'suspended',
        ].sort(),
      );
    } finally {
      await seeded.dispose();
    }
  });
});

describe(`one status for an event, wherever it shows (${DATABASE_UNDER_TEST})`, () => {
  it('gives the cards, the event page and the availability the same state for every seeded event', async () => {
    const seeded = await createTestDatabase();
    try {
      const rows = await listEvents(seeded.db);
      const rooms = await eventRooms(seeded.db, rows);
      const moment = new Date();
      const states = new Set<string>();
      for (const row of rows) {
        const card = eventStatusAt(statusFields(toEventDto(row, rooms.get(row.id))), moment);
        const availability = await registrationAvailability(seeded.db, row.id, moment);
        expect({ id: row.id, state: card }).toEqual({ id: row.id, state: availability!.state });
        states.add(card);
      }
      expect(rows.length).toBeGreaterThan(5);
      expect(states.size).toBeGreaterThan(1);
    } finally {
      await seeded.dispose();
    }
  });

  it('follows the registrations that take the last places', async () => {
    const event = await insertEvent(database.db, {
      title: 'Two seats',
      startsAt: hours(72),
      capacity: 2,
      waitlistEnabled: true,
      registrationOpensAt: hours(-1),
    });
    const cardState = async () => {
      const rooms = await eventRooms(database.db, [event]);
      return eventStatusAt(statusFields(toEventDto(event, rooms.get(event.id))), now);
    };
    expect(await cardState()).toBe('general_registration_open');
    for (const name of ['Ada', 'Bo', 'Cy']) {
      await registerForEvent(
        database.db,
        event.id,
        { firstName: name, lastName: 'Lee', email: `${name.toLowerCase()}.two@example.org` },
        now,
      );
    }
    expect(await cardState()).toBe('waitlist_only');
    expect((await registrationAvailability(database.db, event.id, now))!.state).toBe(
      'waitlist_only',
    );
  });
});

describe(`a member's event history (${DATABASE_UNDER_TEST})`, () => {
  it('gathers registrations made as a member and under their emails, with attendance, late cancellations and no-shows', async () => {
    const one = await member('active', { personalEmail: `personal${people}@example.org` });
    const asOneMember = await memberEvent({ registrationOpensAt: hours(-1) });
    const underPersonal = await memberEvent({ registrationOpensAt: hours(-1), memberPlaces: 0 });
    const past = await memberEvent({ registrationOpensAt: hours(-1), memberPlaces: 0 });
    await registerForEvent(database.db, asOneMember.id, asMember(one), now);
    const personal = await registerForEvent(
      database.db,
      underPersonal.id,
      { firstName: 'Lin', lastName: 'Chen', email: one.personalEmail! },
      now,
    );
    const wentMissing = await registerForEvent(
      database.db,
      past.id,
      { firstName: 'Lin', lastName: 'Chen', email: one.uottawaEmail },
      now,
    );
    if (personal.kind !== 'created' || wentMissing.kind !== 'created') throw new Error('setup');
    await cancelByToken(database.db, personal.manageToken, hours(24 * 10 - 2));
    await database.db
      .update(eventRegistrations)
      .set({ status: 'no_show' })
      .where(eq(eventRegistrations.id, wentMissing.registration.id));
    // Someone else's registration is not theirs.
    await registerForEvent(database.db, past.id, visitor(), now);

    const history = await attendanceOfMembership(database.db, one);
    expect(history.records).toHaveLength(3);
    expect(history.records.filter((record) => record.asMember)).toHaveLength(1);
    expect(history).toMatchObject({ attended: 0, noShows: 1, lateCancellations: 1 });
  });
});

describe(`the member check's public answer (${DATABASE_UNDER_TEST})`, () => {
  // The endpoint reads the process's database: this file's, whatever another test opened since.
  beforeAll(() => setDatabaseForTests(database));
  const FLOOR_MS = 150;
  const freshLimiters = (): MemberCheckLimiters => ({
    byEmail: createRateLimiter({
      limit: MEMBER_CHECK_REFUSALS_PER_EMAIL,
      windowMs: MEMBER_CHECK_WINDOW_MS,
    }),
    byClient: createRateLimiter({
      limit: MEMBER_CHECK_REFUSALS_PER_CLIENT,
      windowMs: MEMBER_CHECK_WINDOW_MS,
    }),
  });

  async function answer(
    eventId: number,
    membership: { email: string; memberId: string },
    options: { limiters?: MemberCheckLimiters; ip?: string; floorMs?: number } = {},
  ) {
    const started = performance.now();
    const response = await handleRegistration(
      registrationRequest(
        eventId,
        {
          first_name: 'Kai',
          last_name: 'Wang',
          email: membership.email,
          member_id: membership.memberId,
        },
        options.ip ? { ip: options.ip } : {},
      ),
      String(eventId),
      {
        now,
        memberCheckLimiters: options.limiters ?? freshLimiters(),
        memberRefusedAfterMs: options.floorMs ?? FLOOR_MS,
      },
    );
    return {
      status: response.status,
      body: await response.text(),
      ms: performance.now() - started,
    };
  }

  it('is byte for byte the same for a wrong pair and for a suspended, expired, pending and refunded member’s right pair', async () => {
    const event = await memberEvent();
    const active = await member();
    const wrong = await answer(event.id, {
      email: active.uottawaEmail,
      memberId: 'TCSA-26-9999',
    });
    expect(wrong.status).toBe(409);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: MEMBERSHIP_MISMATCH_MESSAGE });
    expect(wrong.ms).toBeGreaterThanOrEqual(FLOOR_MS - 5);
    const refusedMembers = {
      suspended: await member('suspended', {
        suspendedFrom: '2026-11-01',
        suspendedUntil: '2026-12-31',
        suspensionReason: 'Two no-shows',
      }),
      expired: await member('expired', { validFrom: '2025-09-01', validUntil: '2026-08-31' }),
      pending: await member('pending'),
      refunded: await member('refunded'),
    };
    for (const [label, membership] of Object.entries(refusedMembers)) {
      const right = await answer(event.id, {
        email: membership.uottawaEmail,
        memberId: membership.memberId!,
      });
      expect({ status: right.status, body: right.body }, label).toEqual({
        status: wrong.status,
        body: wrong.body,
      });
      // Not faster than a wrong pair's, and not slower by the notice: both wait for the floor.
      expect(right.ms).toBeGreaterThanOrEqual(FLOOR_MS - 5);
      const notices = await database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.membershipId, membership.id),
            eq(emailOutbox.kind, 'membership-member-check'),
          ),
        );
      expect(
        notices.map((notice) => notice.toAddress),
        label,
      ).toEqual([membership.uottawaEmail]);
    }
    // Tried again within the hour: the same answer, and no second email.
    const again = await answer(event.id, {
      email: refusedMembers.suspended.uottawaEmail,
      memberId: refusedMembers.suspended.memberId!,
    });
    expect(again.body).toBe(wrong.body);
    const suspendedNotices = await database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.membershipId, refusedMembers.suspended.id),
          eq(emailOutbox.kind, 'membership-member-check'),
        ),
      );
    expect(suspendedNotices).toHaveLength(1);
  });

  it('answers 429 after too many refused member IDs for one email, then for one client', async () => {
    const event = await memberEvent();
    const target = await member('suspended');
    const limiters = freshLimiters();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= MEMBER_CHECK_REFUSALS_PER_EMAIL; attempt += 1) {
      const tried = await answer(
        event.id,
        { email: target.uottawaEmail, memberId: `TCSA-26-${String(7000 + attempt)}` },
        // A fresh client each time: the email's own count stops it.
        { limiters, ip: `10.77.0.${attempt + 1}`, floorMs: 0 },
      );
      statuses.push(tried.status);
      if (tried.status === 429) {
        expect(JSON.parse(tried.body)).toMatchObject({ error: MEMBER_CHECK_RATE_LIMITED_MESSAGE });
      }
    }
    expect(statuses).toEqual([...Array<number>(MEMBER_CHECK_REFUSALS_PER_EMAIL).fill(409), 429]);
    // The same address with a +tag is the same address; the right pair is not tried at all.
    const tagged = target.uottawaEmail.replace('@', '+again@');
    expect(
      (await answer(event.id, { email: tagged, memberId: target.memberId! }, { limiters })).status,
    ).toBe(429);

    // One client trying many addresses is stopped by its own count.
    const clientStatuses: number[] = [];
    for (let attempt = 0; attempt <= MEMBER_CHECK_REFUSALS_PER_CLIENT; attempt += 1) {
      const tried = await answer(
        event.id,
        { email: `someone${attempt}@uottawa.ca`, memberId: 'TCSA-26-0001' },
        { limiters, ip: '10.78.0.1', floorMs: 0 },
      );
      clientStatuses.push(tried.status);
    }
    expect(clientStatuses.at(-1)).toBe(429);
    expect(clientStatuses.filter((status) => status === 409)).toHaveLength(
      MEMBER_CHECK_REFUSALS_PER_CLIENT,
    );
    // Another client with a fresh address is answered as before.
    expect(
      (
        await answer(
          event.id,
          { email: 'fresh.person@uottawa.ca', memberId: 'TCSA-26-0001' },
          { limiters, ip: '10.79.0.1', floorMs: 0 },
        )
      ).status,
    ).toBe(409);
  });
});
