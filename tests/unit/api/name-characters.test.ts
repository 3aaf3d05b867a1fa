import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registrationRequestSchema, requiredLine } from '@/lib/api/contract';
import { resetRegistrationLimiterForTests } from '@/lib/registrations/register-endpoint';
import { listEvents, listRegistrations } from '@/lib/db/queries';
import type { Event } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import { type TestDatabase, createTestDatabase } from '../db/support/test-database';
import { person, register } from './support/register';

vi.mock('next/cache', () => import('./support/next-cache'));

/**
 * Names that look empty, look like someone else's, or hide characters: each holds one character
 * a person cannot see (or a mark with no letter), in the middle of the name so that trimming
 * cannot remove it.
 */
const INVISIBLE_NAMES: Array<[description: string, name: string, message: RegExp]> = [
  ['a tag character (U+E0041)', 'Ann\u{E0041}a', /invisible formatting characters/],
  ['a soft hyphen (U+00AD)', 'Jo\u00ADhn', /invisible formatting characters/],
  ['the Mongolian vowel separator (U+180E)', 'Li\u180ENa', /invisible formatting characters/],
  ['the Hangul filler (U+3164)', 'Kim \u3164', /invisible formatting characters/],
  ['the halfwidth Hangul filler (U+FFA0)', '\uFFA0', /invisible formatting characters/],
  ['the Hangul choseong filler (U+115F)', 'Park\u115F', /invisible formatting characters/],
  ['a combining grapheme joiner (U+034F)', 'Ma\u034Fria', /invisible formatting characters/],
  ['a variation selector (U+FE0F)', 'Ann\uFE0F', /invisible formatting characters/],
  ['a zero-width joiner (U+200D)', 'Ann\u200Da', /invisible formatting characters/],
  ['a right-to-left override (U+202E)', 'Ann\u202Egnip', /invisible formatting characters/],
  ['an Arabic number sign (U+0600, format class)', 'Sam\u0600', /invisible formatting characters/],
  ['an interlinear annotation (U+FFF9, format class)', 'Sam\uFFF9', /invisible formatting/],
  ['the line separator (U+2028)', 'Ann\u2028Lee', /must be on one line/],
  ['the paragraph separator (U+2029)', 'Ann\u2029Lee', /must be on one line/],
  ['a next-line control (U+0085)', 'Ann\u0085Lee', /control characters/],
  ['a combining acute accent alone (U+0301)', '\u0301', /accent or combining mark/],
  ['combining marks alone', '\u0301\u0308\u0327', /accent or combining mark/],
  ['a word made only of a mark', 'Ann \u0301', /accent or combining mark/],
  ['a spacing mark alone (U+093E)', '\u093E', /accent or combining mark/],
  ['a zero-width joiner inside an emoji sequence', 'Lin \u{1F469}\u200D\u{1F4BB}', /invisible/],
  ['a zero-width non-joiner between Latin letters', 'Ann\u200Ca', /invisible formatting/],
  ['a joiner at the start of a Persian word', '\u200Cعلی', /invisible formatting/],
  ['braille blanks only (U+2800)', '\u2800\u2800\u2800', /must contain a letter or a digit/],
  ['symbols only', '🌸 ★', /must contain a letter or a digit/],
];

/** Real names: accents, several scripts, hyphens, apostrophes, spaces. */
const REAL_NAMES = [
  'Zoë',
  'José María',
  "O'Brien",
  'O’Brien',
  'Li-Na',
  '陈美玲',
  'Nguyễn',
  // The same name with its accents as combining marks after their letters (decomposed form).
  'Nguye\u0302\u0303n',
  'Zoe\u0308',
  'Ștefan',
  'Łukasz',
  'Søren',
  'Мария',
  'Αλέξανδρος',
  'محمد',
  'יעקב',
  'प्रिया',
  'สมชาย',
  '김민준',
  '山田 太郎',
  'Anne-Marie de la Cruz',
  'Lin 🌸',
  // Spelt with a zero-width non-joiner or joiner inside the word (Persian, Sinhala, Malayalam).
  'علی\u200Cرضا',
  'ශ්\u200Dරී',
  'അവന്\u200C',
  'अवन्\u200Dती Rao',
];

const nameRule = requiredLine('First name', 60);

describe('requiredLine: the rule of every name (registration, submissions, console)', () => {
  it.each(INVISIBLE_NAMES)('refuses %s with a clear message', (_description, name, message) => {
    const result = nameRule.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^First name /);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('refuses every Default_Ignorable and format character of Unicode, wherever it stands', () => {
    const refused: string[] = [];
    const accepted: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (!/[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Zl}\p{Zp}\p{Cc}]/u.test(character)) continue;
      const label = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
      (nameRule.safeParse(`An${character}na`).success ? accepted : refused).push(label);
    }
    expect(accepted).toEqual([]);
    // The listed characters are among them, whichever Unicode version the runtime knows.
    expect(refused).toEqual(
      expect.arrayContaining(['U+E0041', 'U+00AD', 'U+180E', 'U+3164', 'U+2028', 'U+2029']),
    );
  });

  it.each(REAL_NAMES)('accepts %s', (name) => {
    expect(nameRule.parse(`  ${name} `)).toBe(name);
  });
});

describe('POST /api/events/{id}/register/ refuses invisible names and keeps real ones', () => {
  let database: TestDatabase;
  let open: Event;

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = Date.now();
    open = (await listEvents(database.db)).find(
      (event) => event.startsAt && event.startsAt.getTime() > now && event.capacity === null,
    )!;
    expect(open).toBeDefined();
    // The limit of 60 a minute is not what this file tests.
    process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE = '0';
    resetServerEnvForTests();
  });
  afterAll(async () => {
    delete process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE;
    resetServerEnvForTests();
    await database.dispose();
  });
  afterEach(() => resetRegistrationLimiterForTests());

  it.each(INVISIBLE_NAMES)(
    '400 for a first name with %s, beside the field, and nothing stored',
    async (_description, name, message) => {
      const before = (await listRegistrations(database.db, open.id)).length;
      const answer = await register(open.id, { ...person('invisible'), first_name: name });
      expect(answer.status).toBe(400);
      const fields = answer.body.fields as Record<string, string>;
      expect(Object.keys(fields)).toEqual(['first_name']);
      expect(fields.first_name).toMatch(message);
      expect((await listRegistrations(database.db, open.id)).length).toBe(before);
    },
  );

  it('the last name follows the same rule', async () => {
    const answer = await register(open.id, { ...person('invisible'), last_name: 'Le\u00ADe' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      last_name: expect.stringMatching(/^Last name must not contain invisible formatting/),
    });
  });

  it.each(REAL_NAMES)('201 for %s, stored as typed', async (name) => {
    const answer = await register(open.id, {
      ...person('real'),
      first_name: name,
      last_name: name,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.registration).toMatchObject({ first_name: name, last_name: name });
  });

  it('the schema of the request is the one the endpoint uses', () => {
    expect(
      registrationRequestSchema.safeParse({
        first_name: 'Li\u180ENa',
        last_name: 'Wang',
        email: 'li@example.org',
      }).success,
    ).toBe(false);
  });
});
