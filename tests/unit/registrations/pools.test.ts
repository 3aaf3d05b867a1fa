import { describe, expect, it } from 'vitest';
import {
  type PoolCounts,
  type PoolEvent,
  placeFor,
  promotions,
  placesLeft,
  poolRoom,
  poolSizes,
  registrationOffer,
  registrationState,
} from '@/lib/registrations/pools';

const at = (iso: string) => new Date(iso);

/** The state the pages and the availability say, from the places held and the line. */
function stateOf(
  event: PoolEvent,
  counts: PoolCounts,
  now: Date,
  line = { waiting: counts.waitlisted, waitingMembers: 0 },
) {
  return registrationState(event, poolRoom(event, counts, line), now);
}

/** A gala of 100 places: 30 for members from Dec 1, everyone from Dec 5, closing Dec 12. */
const gala: PoolEvent = {
  capacity: 100,
  memberPlaces: 30,
  staffPlaces: 10,
  membersOnly: false,
  memberRegistrationOpensAt: at('2026-12-01T14:00:00Z'),
  registrationOpensAt: at('2026-12-05T14:00:00Z'),
  registrationClosesAt: at('2026-12-12T05:00:00Z'),
  startsAt: at('2026-12-12T23:00:00Z'),
  cancelledAt: null,
  waitlistEnabled: true,
  requiresReview: false,
};
const none: PoolCounts = { member: 0, public: 0, staff: 0, waitlisted: 0 };
/** Without a capacity: no limit in any pool. */
const plainNoLimit: PoolEvent = { ...gala, capacity: null };
const BEFORE = at('2026-11-30T12:00:00Z');
const MEMBER_WINDOW = at('2026-12-02T12:00:00Z');
const EVERYONE = at('2026-12-06T12:00:00Z');
const AFTER_DEADLINE = at('2026-12-12T06:00:00Z');
const AFTER_START = at('2026-12-13T06:00:00Z');

describe('an event’s pools', () => {
  it('divide the capacity into member, staff and public places', () => {
    expect(poolSizes(gala)).toEqual({ member: 30, staff: 10, public: 60 });
    expect(poolSizes({ ...gala, membersOnly: true })).toEqual({ member: 90, staff: 10, public: 0 });
    expect(poolSizes({ ...gala, capacity: null })).toEqual({
      member: null,
      staff: null,
      public: null,
    });
    expect(placesLeft(gala, { member: 31, public: 5, staff: 0, waitlisted: 0 })).toEqual({
      member: 0,
      staff: 10,
      public: 55,
    });
  });
});

describe('the registration state', () => {
  it('walks from coming soon through the member window to everyone, then closes', () => {
    expect(stateOf(gala, none, BEFORE)).toBe('coming_soon');
    expect(stateOf(gala, none, MEMBER_WINDOW)).toBe('member_registration_open');
    expect(stateOf(gala, none, EVERYONE)).toBe('general_registration_open');
    expect(stateOf(gala, none, AFTER_DEADLINE)).toBe('registration_closed');
    expect(stateOf(gala, none, AFTER_START)).toBe('completed');
    expect(stateOf({ ...gala, cancelledAt: BEFORE }, none, MEMBER_WINDOW)).toBe('cancelled');
  });

  it('goes from coming soon straight to general registration without member places', () => {
    const plain = { ...gala, memberPlaces: 0 };
    expect(stateOf(plain, none, MEMBER_WINDOW)).toBe('coming_soon');
    expect(stateOf(plain, none, EVERYONE)).toBe('general_registration_open');
  });

  it('is waitlist only when every open place is taken, closed without a waitlist', () => {
    const memberFull = { member: 30, public: 0, staff: 0, waitlisted: 0 };
    expect(stateOf(gala, memberFull, MEMBER_WINDOW)).toBe('waitlist_only');
    // Once everyone may register, the public places are still there.
    expect(stateOf(gala, memberFull, EVERYONE)).toBe('general_registration_open');
    const full = { member: 30, public: 60, staff: 0, waitlisted: 3 };
    expect(stateOf(gala, full, EVERYONE)).toBe('waitlist_only');
    expect(stateOf({ ...gala, waitlistEnabled: false }, full, EVERYONE)).toBe(
      'registration_closed',
    );
  });

  it('counts the line: nobody passes people waiting for the same place', () => {
    // A public place was freed while three people wait: it goes to them, not to a newcomer.
    const freedWithLine = { member: 30, public: 59, staff: 0, waitlisted: 3 };
    expect(stateOf(gala, freedWithLine, EVERYONE, { waiting: 3, waitingMembers: 0 })).toBe(
      'waitlist_only',
    );
    // A member waiting for a member place keeps the member window's room from newcomers.
    const memberFreed = { member: 29, public: 0, staff: 0, waitlisted: 1 };
    expect(stateOf(gala, memberFreed, MEMBER_WINDOW, { waiting: 1, waitingMembers: 1 })).toBe(
      'waitlist_only',
    );
  });

  it('takes applications for a selection whatever the places', () => {
    const full = { member: 30, public: 60, staff: 0, waitlisted: 0 };
    expect(stateOf({ ...gala, requiresReview: true }, full, EVERYONE)).toBe(
      'general_registration_open',
    );
  });

  it('keeps a members-only event in its member window', () => {
    const membersOnly = { ...gala, membersOnly: true };
    expect(stateOf(membersOnly, none, EVERYONE)).toBe('member_registration_open');
  });
});

describe('what the form offers', () => {
  /** The defect's event: 4 places, 2 of them for members, with a waitlist. */
  const small: PoolEvent = { ...gala, capacity: 4, memberPlaces: 2, staffPlaces: 0 };
  const twoMembers: PoolCounts = { member: 2, public: 0, staff: 0, waitlisted: 0 };

  it('in the member window counts only the member places, the public ones not being open', () => {
    expect(registrationOffer(small, none, MEMBER_WINDOW)).toEqual({
      asksMemberId: true,
      openToEveryone: false,
      placesOpenNow: 2,
    });
    expect(registrationOffer(small, none, EVERYONE).placesOpenNow).toBe(4);
  });

  it('asks the member ID where a member may join the waitlist of the member window', () => {
    expect(stateOf(small, twoMembers, MEMBER_WINDOW)).toBe('waitlist_only');
    expect(registrationOffer(small, twoMembers, MEMBER_WINDOW)).toEqual({
      asksMemberId: true,
      openToEveryone: false,
      placesOpenNow: 0,
    });
    // And the server places that member on the waitlist for a member place.
    expect(placeFor(small, twoMembers, MEMBER_WINDOW, true)).toEqual({
      outcome: 'wait',
      pool: 'member',
    });
  });

  it('once everyone may register, asks it only while it changes where a registration goes', () => {
    // A member place left: a member takes it.
    expect(registrationOffer(small, none, EVERYONE).asksMemberId).toBe(true);
    // Member places taken, public ones left: a member takes a public place like anyone.
    expect(registrationOffer(small, twoMembers, EVERYONE).asksMemberId).toBe(false);
    // Every place taken: a member waits for a member place, ahead of the public line.
    const full: PoolCounts = { member: 2, public: 2, staff: 0, waitlisted: 1 };
    expect(registrationOffer(small, full, EVERYONE).asksMemberId).toBe(true);
    expect(placeFor(small, full, EVERYONE, true)).toEqual({ outcome: 'wait', pool: 'member' });
    expect(
      registrationOffer({ ...small, waitlistEnabled: false }, full, EVERYONE).asksMemberId,
    ).toBe(false);
  });

  it('asks nothing where nobody may register, and always at a members-only event', () => {
    for (const now of [BEFORE, AFTER_DEADLINE, AFTER_START]) {
      expect(registrationOffer(small, none, now)).toEqual({
        asksMemberId: false,
        openToEveryone: false,
        placesOpenNow: 0,
      });
    }
    const membersOnly = { ...small, membersOnly: true };
    expect(registrationOffer(membersOnly, none, EVERYONE)).toEqual({
      asksMemberId: true,
      openToEveryone: false,
      placesOpenNow: 4,
    });
    expect(registrationOffer(plainNoLimit, none, EVERYONE)).toEqual({
      asksMemberId: true,
      openToEveryone: true,
      placesOpenNow: null,
    });
  });
});

describe('where a registration goes', () => {
  it('gives a member a member place, then a public place once everyone may register', () => {
    expect(placeFor(gala, none, MEMBER_WINDOW, true)).toEqual({ outcome: 'place', pool: 'member' });
    const memberFull = { member: 30, public: 0, staff: 0, waitlisted: 0 };
    expect(placeFor(gala, memberFull, MEMBER_WINDOW, true)).toEqual({
      outcome: 'wait',
      pool: 'member',
    });
    expect(placeFor(gala, memberFull, EVERYONE, true)).toEqual({
      outcome: 'place',
      pool: 'public',
    });
  });

  it('gives anyone else the public pool only, and only once it opens', () => {
    expect(placeFor(gala, none, MEMBER_WINDOW, false)).toEqual({
      outcome: 'refused',
      reason: 'not_open',
    });
    expect(placeFor(gala, none, EVERYONE, false)).toEqual({ outcome: 'place', pool: 'public' });
    const publicFull = { member: 0, public: 60, staff: 0, waitlisted: 0 };
    // Member places stay for members, even when the public ones are gone.
    expect(placeFor(gala, publicFull, EVERYONE, false)).toEqual({
      outcome: 'wait',
      pool: 'public',
    });
    expect(placeFor({ ...gala, waitlistEnabled: false }, publicFull, EVERYONE, false)).toEqual({
      outcome: 'refused',
      reason: 'full',
    });
  });

  it('refuses non-members at a members-only event, and everyone before and after', () => {
    const membersOnly = { ...gala, membersOnly: true };
    expect(placeFor(membersOnly, none, EVERYONE, false)).toEqual({
      outcome: 'refused',
      reason: 'members_only',
    });
    expect(placeFor(gala, none, BEFORE, true)).toEqual({ outcome: 'refused', reason: 'not_open' });
    expect(placeFor(gala, none, AFTER_DEADLINE, true)).toEqual({
      outcome: 'refused',
      reason: 'closed',
    });
  });

  it('keeps an undated event open to everyone without a deadline', () => {
    const undated = { ...gala, startsAt: null, registrationClosesAt: null, memberPlaces: 0 };
    expect(stateOf(undated, none, EVERYONE)).toBe('general_registration_open');
  });
});

describe('who the waitlist gives free places to', () => {
  const line = [
    { id: 1, member: false },
    { id: 2, member: true },
    { id: 3, member: false },
    { id: 4, member: true },
  ];

  it('gives a member place to the first waitlisted member, a public place to the first in line', () => {
    const oneMemberPlaceFree = { member: 29, public: 60, staff: 0, waitlisted: 4 };
    expect(promotions(gala, oneMemberPlaceFree, EVERYONE, line)).toEqual([
      { id: 2, pool: 'member' },
    ]);
    const onePublicPlaceFree = { member: 30, public: 59, staff: 0, waitlisted: 4 };
    expect(promotions(gala, onePublicPlaceFree, EVERYONE, line)).toEqual([
      { id: 1, pool: 'public' },
    ]);
    const both = { member: 29, public: 59, staff: 0, waitlisted: 4 };
    expect(promotions(gala, both, EVERYONE, line)).toEqual([
      { id: 1, pool: 'public' },
      { id: 2, pool: 'member' },
    ]);
  });

  it('keeps public places until everyone may register, and staff places for staff', () => {
    const publicFree = { member: 30, public: 0, staff: 0, waitlisted: 2 };
    const members = [
      { id: 2, member: true },
      { id: 4, member: true },
    ];
    expect(promotions(gala, publicFree, MEMBER_WINDOW, members)).toEqual([]);
    expect(promotions(gala, publicFree, EVERYONE, members)).toEqual([
      { id: 2, pool: 'public' },
      { id: 4, pool: 'public' },
    ]);
    const staffFree = { member: 30, public: 60, staff: 0, waitlisted: 4 };
    expect(promotions(gala, staffFree, EVERYONE, line)).toEqual([]);
  });
});
