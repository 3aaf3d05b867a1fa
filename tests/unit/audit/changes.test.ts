import { describe, expect, it } from 'vitest';
import {
  changedFields,
  changeLineText,
  clubDateTimeWords,
  fieldLabel,
  recordTypeName,
  recordWords,
} from '@/lib/audit/changes';

const NOW = new Date('2026-11-25T15:00:00Z');
const event = (overrides: Record<string, unknown> = {}) => ({
  title: 'Lantern night',
  startsAt: '2026-12-12T23:30:00.000Z',
  description: 'A long description of the evening. '.repeat(20),
  capacity: 40,
  waitlistEnabled: false,
  leadIds: ['u-1'],
  registrationOpensAt: null,
  ...overrides,
});
const lines = (...args: Parameters<typeof changedFields>) =>
  changedFields(...args).map(changeLineText);

describe('the audit log’s changes in words', () => {
  it('lists only the changed fields, with their labels and dates in the club’s time', () => {
    expect(
      lines(
        'event',
        event(),
        event({ startsAt: '2026-11-25T13:00:00.000Z', capacity: 45, waitlistEnabled: true }),
        {},
        NOW,
      ),
    ).toEqual([
      'Date: Sat 12 Dec, 6:30 PM → Wed 25 Nov, 8:00 AM',
      'Capacity: 40 → 45',
      'Waitlist: no → yes',
    ]);
  });

  it('names accounts, events and memberships instead of their ids', () => {
    const accounts = new Map([
      ['u-1', 'Leo Wang'],
      ['u-2', 'Kai Zhou'],
    ]);
    expect(lines('event', event(), event({ leadIds: ['u-1', 'u-2'] }), { accounts }, NOW)).toEqual([
      'Event leads: Leo Wang → Kai Zhou, Leo Wang',
    ]);
    expect(
      lines(
        'person',
        { eventId: 7, membershipId: 3 },
        { eventId: 8, membershipId: 3 },
        {
          events: new Map([
            ['7', 'Tea tasting'],
            ['8', 'Calligraphy'],
          ]),
        },
        NOW,
      ),
    ).toEqual(['Event: Tea tasting → Calligraphy']);
    expect(lines('account', { role: 'event_lead' }, { role: 'coordinator' }, {}, NOW)).toEqual([
      'Role: Event lead → Coordinator',
    ]);
  });

  it('says what a record was made with, and registration statuses in words', () => {
    expect(
      lines('account', null, { name: 'Bo Xu', email: 'bo@example.org', role: 'coordinator' }),
    ).toEqual(['Name: Bo Xu', 'Email: bo@example.org', 'Role: Coordinator']);
    expect(
      lines('event', null, { title: 'Tea tasting', waitlistEnabled: false, capacity: null }),
    ).toEqual(['Title: Tea tasting']);
    expect(
      lines(
        'event',
        { registrationId: 4, status: 'confirmed' },
        { registrationId: 4, status: 'no_show', reason: null },
      ),
    ).toEqual(['Status: Confirmed → No-show']);
    expect(lines('event', { cancelled: false }, { cancelled: true })).toEqual([
      'Cancelled: no → yes',
    ]);
    // Nothing changed: nothing to say.
    expect(lines('event', event(), event())).toEqual([]);
  });

  it('labels the fields and the kinds of record per kind, in words', () => {
    expect(fieldLabel('members', 'firstName')).toBe('First name');
    expect(fieldLabel('event', 'registrationClosesAt')).toBe('Registration deadline');
    expect(fieldLabel('somethingNew', 'yearOfStudy')).toBe('Year of study');
    // A correction of a member's details, in the form's words.
    expect(fieldLabel('membership', 'uottawaEmail')).toBe('uOttawa email');
    expect(fieldLabel('membership', 'expectedGraduationYear')).toBe('Expected graduation year');
    expect(recordTypeName('event')).toBe('Events');
    expect(recordTypeName('members')).toBe('Team members');
    expect(recordTypeName('membershipPayment')).toBe('Membership payments');
    expect(recordWords('event', 'Lantern night')).toBe('Event: Lantern night');
    expect(recordWords('members', null)).toBe('Team members');
    expect(clubDateTimeWords(new Date('2027-01-03T01:05:00Z'), NOW)).toBe(
      'Sat 2 Jan 2027, 8:05 PM',
    );
  });
});
