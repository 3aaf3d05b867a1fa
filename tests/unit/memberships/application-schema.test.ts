import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipChangeRequests, memberships } from '@/lib/db/schema';
import {
  type MembershipApplicationInput,
  applicationFieldMessages,
  changeRequestSchema,
  memberIdRequestSchema,
  membershipApplicationSchema,
} from '@/lib/memberships/application-schema';

/**
 * The one schema of the membership application, as the form and the server both use it: a
 * message for each field, and nothing collected that the club's plan forbids.
 */

const VALID: MembershipApplicationInput = {
  legalName: 'Chen Mei Ling',
  preferredName: 'Meiling',
  uottawaEmail: 'mchen@uottawa.ca',
  program: 'BCom, Finance',
  yearOfStudy: '2',
  expectedGraduationYear: new Date().getUTCFullYear() + 2,
  membershipTypeId: 3,
  industries: ['Finance'],
  notificationConsent: false,
  acceptTerms: true,
};

function messages(values: Record<string, unknown>): Record<string, string> {
  const result = membershipApplicationSchema.safeParse({ ...VALID, ...values });
  return result.success ? {} : applicationFieldMessages(result.error);
}

describe('the membership application schema', () => {
  it('accepts a complete application, trims it, lower-cases the email and nulls empty optional fields', () => {
    const parsed = membershipApplicationSchema.parse({
      ...VALID,
      legalName: '  Chen Mei Ling ',
      uottawaEmail: ' MChen@UOttawa.CA ',
      expectedGraduationYear: String(VALID.expectedGraduationYear),
      membershipTypeId: '3',
      personalEmail: '',
      wechatId: '  ',
      linkedinUrl: 'https://www.linkedin.com/in/meiling',
      preferredEventKinds: ['Office tours', 'Office tours'],
    });
    expect(parsed).toMatchObject({
      legalName: 'Chen Mei Ling',
      uottawaEmail: 'mchen@uottawa.ca',
      membershipTypeId: 3,
      personalEmail: null,
      wechatId: null,
      linkedinUrl: 'https://www.linkedin.com/in/meiling',
      preferredEventKinds: ['Office tours'],
    });
  });

  it('names every missing required field in its own words', () => {
    const result = membershipApplicationSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(applicationFieldMessages(result.error!)).toEqual({
      legalName: 'Enter your legal name.',
      preferredName: 'Enter your preferred name.',
      uottawaEmail: 'Enter your uOttawa email.',
      program: 'Enter your program.',
      yearOfStudy: 'Choose your year of study.',
      expectedGraduationYear: 'Choose your expected graduation year.',
      membershipTypeId: 'Choose a membership type.',
      industries: 'Choose at least one industry of interest.',
      notificationConsent: 'Tell us whether we may email you about member events.',
      acceptTerms: 'Tick the box to accept the membership terms and the privacy notice.',
    });
  });

  it.each([
    ['legalName', '   ', 'Enter your legal name.'],
    ['legalName', 'x'.repeat(101), 'Your legal name must be at most 100 characters.'],
    [
      'legalName',
      'Mei\u200bLing',
      'Your legal name contains invisible or formatting characters. Please type it again.',
    ],
    [
      'preferredName',
      'Mei\u202eLing',
      'Your preferred name contains invisible or formatting characters. Please type it again.',
    ],
    ['uottawaEmail', 'not-an-email', 'Enter a valid email address, such as name@uottawa.ca.'],
    ['uottawaEmail', 'mchen@gmail.com', 'Use your uOttawa email: it must end with @uottawa.ca.'],
    [
      'uottawaEmail',
      'mchen@uottawa.ca.evil.com',
      'Use your uOttawa email: it must end with @uottawa.ca.',
    ],
    ['program', '', 'Enter your program.'],
    ['yearOfStudy', '9', 'Choose your year of study.'],
    ['expectedGraduationYear', 1999, 'Choose a graduation year from the list.'],
    ['expectedGraduationYear', 'soon', 'Choose your expected graduation year.'],
    ['membershipTypeId', 0, 'Choose a membership type.'],
    ['industries', [], 'Choose at least one industry of interest.'],
    ['industries', ['astrology'], 'Choose industries from the list.'],
    ['notificationConsent', 'yes', 'Tell us whether we may email you about member events.'],
    ['acceptTerms', false, 'Tick the box to accept the membership terms and the privacy notice.'],
    ['personalEmail', 'me@', 'Enter a valid personal email address, or leave it empty.'],
    ['wechatId', 'x'.repeat(41), 'Your WeChat ID must be at most 40 characters.'],
    [
      'linkedinUrl',
      'https://evil.example/in/me',
      'Enter your LinkedIn profile address, starting with https://www.linkedin.com/, or leave it empty.',
    ],
    ['preferredEventKinds', ['raves'], 'Choose kinds of events from the list.'],
  ])('%s = %j: “%s”', (field, value, message) => {
    expect(messages({ [field]: value })).toEqual({ [field]: message });
  });

  it('the other two forms: a uOttawa email; a name, email, optional member ID and what to change', () => {
    expect(memberIdRequestSchema.safeParse({ uottawaEmail: 'a@uottawa.ca' }).success).toBe(true);
    const wrongId = changeRequestSchema.safeParse({
      name: 'Wang Hao',
      uottawaEmail: 'hwang@uottawa.ca',
      memberId: '12345',
      changes: 'New program',
    });
    expect(wrongId.success ? {} : applicationFieldMessages(wrongId.error)).toEqual({
      memberId: 'A member ID looks like TCSA-26-0001. Leave it empty if you do not have one.',
    });
    const empty = changeRequestSchema.safeParse({ name: '', uottawaEmail: '', changes: ' ' });
    expect(empty.success ? {} : applicationFieldMessages(empty.error)).toEqual({
      name: 'Enter your name.',
      uottawaEmail: 'Enter your uOttawa email.',
      changes: 'Tell us what to change.',
    });
  });
});

/** What the club's plan forbids collecting: student number, passport, ID card, SIN, bank, card. */
const FORBIDDEN = [
  /student.?(number|no|num|id)/i,
  /passport/i,
  /id.?card|identity/i,
  /(^|[^a-z])sin([^a-z]|$)|social.?insurance/i,
  /bank|account.?number|transit|institution/i,
  /card|credit|debit|cvv|cvc|expiry.?month|pan$/i,
];

/** `studentNumber` → `student number`, `student_number` → `student number`. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll('_', ' ');

describe('nothing the club must never collect', () => {
  it('the patterns find the forbidden names (the test can fail)', () => {
    for (const name of [
      'studentNumber',
      'passport_no',
      'idCard',
      'sin',
      'bankAccount',
      'cardNumber',
    ]) {
      expect(
        FORBIDDEN.some((pattern) => pattern.test(words(name))),
        name,
      ).toBe(true);
    }
  });

  it('no column of the memberships and change requests tables', () => {
    const columns = [
      ...Object.entries(getTableColumns(memberships)),
      ...Object.entries(getTableColumns(membershipChangeRequests)),
    ].flatMap(([key, column]) => [key, column.name]);
    expect(columns).toContain('uottawa_email');
    expect(
      columns.filter((name) => FORBIDDEN.some((pattern) => pattern.test(words(name)))),
    ).toEqual([]);
  });

  it('no field of the application schema, and extra fields sent anyway are dropped', () => {
    const fields = Object.keys(membershipApplicationSchema.shape);
    expect(fields.filter((name) => FORBIDDEN.some((pattern) => pattern.test(words(name))))).toEqual(
      [],
    );
    const parsed = membershipApplicationSchema.parse({
      ...VALID,
      studentNumber: '300123456',
      sin: '046 454 286',
      cardNumber: '4111111111111111',
    });
    expect(Object.keys(parsed)).not.toContain('studentNumber');
    expect(JSON.stringify(parsed)).not.toContain('4111');
  });
});
