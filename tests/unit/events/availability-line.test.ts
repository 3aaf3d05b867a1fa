import { describe, expect, it } from 'vitest';
import {
  availabilityLine,
  type AvailabilityLineCopy,
} from '@/app/(site)/events/[id]/availability-line';
import type { AvailabilityDto } from '@/lib/api/contract';
import { defaultCopy } from '@/lib/copy/catalogue';
import { REGISTRATION_STATES } from '@/lib/registrations/pools';

/**
 * The line above the registration form, in every state an event can be in: its sentences are
 * joined by the copy, never by code, so none ends with two full stops ('This event is for members
 * only.. 15 places left') and none runs into the next without one, in English as in Chinese.
 */

const english = defaultCopy('event') as AvailabilityLineCopy;

/** The same texts as an editor of the Chinese site would write them. */
const chinese: AvailabilityLineCopy = {
  closedTitle: '报名已截止',
  full: '名额已满',
  opensAt: '报名将于{date}开放',
  waitlistOnly: '仅可候补',
  placesLeft: '剩余{count}个名额',
  onePlaceLeft: '剩余1个名额',
  membersOnlyUntil: '{date}前仅限会员报名',
  membersOnlyUntilThen: '{date}前仅限会员报名。{then}',
  membersOnlyEvent: '本活动仅限会员参加。',
  membersOnlyEventThen: '本活动仅限会员参加。{then}',
};

const OPENS = '2027-03-01T14:00:00.000Z';
const formatDate = () => 'Monday, March 1';

function availability(overrides: Partial<AvailabilityDto>): AvailabilityDto {
  return {
    state: 'general_registration_open',
    capacity: 40,
    places_left: 15,
    member_places_left: null,
    public_places_left: null,
    member_registration_opens_at: null,
    opens_at: null,
    closes_at: null,
    members_only: false,
    requires_review: false,
    waitlist_enabled: true,
    asks_member_id: false,
    open_to_everyone: true,
    ...overrides,
  };
}

/** Every combination of what the line depends on, in every state. */
function everyCase(): AvailabilityDto[] {
  const cases: AvailabilityDto[] = [];
  for (const state of REGISTRATION_STATES) {
    for (const members_only of [false, true]) {
      for (const open_to_everyone of [false, true]) {
        for (const opens_at of [null, OPENS]) {
          for (const places_left of [null, 0, 1, 15]) {
            cases.push(
              availability({
                state,
                members_only,
                open_to_everyone,
                opens_at,
                member_registration_opens_at: opens_at,
                places_left,
              }),
            );
          }
        }
      }
    }
  }
  return cases;
}

const ENDS = /[.。!?！？]/;

/** What is wrong with a line's punctuation, in words; empty when nothing is. */
function punctuationFaults(line: string, copy: AvailabilityLineCopy): string[] {
  const faults: string[] = [];
  if (/[.。!?！？]\s*[.。!?！？]/.test(line)) faults.push('doubled punctuation');
  if (/\s[.。,，!?]/.test(line)) faults.push('a space before punctuation');
  if (/\s{2,}/.test(line) || line !== line.trim()) faults.push('a stray space');
  // A second sentence (the places, the waitlist) after a first: a full stop between them.
  const pattern = (text: string) =>
    new RegExp(`${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{count}', '\\d+')}$`);
  for (const second of [copy.waitlistOnly, copy.onePlaceLeft, copy.placesLeft]) {
    const match = pattern(second).exec(line);
    if (match && match.index > 0) {
      const before = line.slice(0, match.index).trimEnd();
      if (!ENDS.test(before.slice(-1))) faults.push(`no full stop before '${match[0]}'`);
    }
  }
  return faults;
}

describe("every event state's availability line", () => {
  for (const [language, copy] of [
    ['English', english],
    ['Chinese', chinese],
  ] as const) {
    it(`${language}: no doubled or missing punctuation`, () => {
      const seen = new Set<string>();
      for (const entry of everyCase()) {
        const line = availabilityLine(entry, copy, formatDate);
        if (line === null) continue;
        seen.add(line);
        expect(punctuationFaults(line, copy), `${entry.state}: ${line}`).toEqual([]);
        if (language === 'Chinese') expect(line, entry.state).not.toMatch(/\./);
      }
      // Every kind of line was read: single sentences and pairs.
      expect(seen.size).toBeGreaterThanOrEqual(10);
    });
  }

  it('the check finds the faults it is for', () => {
    const joinedInCode = {
      ...english,
      membersOnlyEventThen: 'This event is for members only.. {then}',
    };
    const runTogether = { ...english, membersOnlyUntilThen: 'Members only until {date} {then}' };
    const members = availability({ members_only: true });
    const window = availability({ state: 'member_registration_open', opens_at: OPENS });
    expect(
      punctuationFaults(availabilityLine(members, joinedInCode, formatDate)!, joinedInCode),
    ).toContain('doubled punctuation');
    expect(
      punctuationFaults(availabilityLine(window, runTogether, formatDate)!, runTogether),
    ).toContain("no full stop before '15 places left'");
  });

  it('says the lines visitors see, in the words of the copy', () => {
    const line = (overrides: Partial<AvailabilityDto>, copy = english) =>
      availabilityLine(availability(overrides), copy, formatDate);
    expect(line({ members_only: true, open_to_everyone: false })).toBe(
      'This event is for members only. 15 places left',
    );
    expect(line({ members_only: true, open_to_everyone: false, places_left: null })).toBe(
      'This event is for members only.',
    );
    expect(line({ members_only: true, places_left: 1 })).toBe(
      'This event is for members only. 1 place left',
    );
    expect(line({ state: 'member_registration_open', opens_at: OPENS })).toBe(
      'Members only until Monday, March 1. 15 places left',
    );
    expect(line({ state: 'member_registration_open', opens_at: OPENS, places_left: null })).toBe(
      'Members only until Monday, March 1',
    );
    expect(
      line({ state: 'waitlist_only', opens_at: OPENS, open_to_everyone: false, places_left: 0 }),
    ).toBe('Members only until Monday, March 1. Waitlist only');
    expect(line({ state: 'waitlist_only', places_left: 0 })).toBe('Waitlist only');
    expect(line({ state: 'registration_closed', places_left: 0 })).toBe('Event full');
    expect(line({ members_only: true }, chinese)).toBe('本活动仅限会员参加。剩余15个名额');
  });
});
