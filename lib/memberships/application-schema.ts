import * as z from 'zod/mini';

/**
 * The membership application (club-operations.md, 'The application'), one schema for the form in
 * the browser and for the server: the same rules, the same message beside each field.
 *
 * It asks for exactly what the club's plan lists, and never for a student number, passport, ID
 * card, SIN, bank account or card number (tests/unit/memberships/application-schema.test.ts
 * checks both this schema and the memberships table).
 *
 * Written with `zod/mini` and jitless: it runs in the browser, where the full zod would add about
 * 100 kB and probe for `eval`, which the site's Content-Security-Policy refuses.
 */
z.config({ jitless: true });

/**
 * The values stored are the words staff read in the console (the seed writes the same ones);
 * the form shows each with its Studio label.
 */
export const YEARS_OF_STUDY = ['1', '2', '3', '4', '5+', 'Graduate'] as const;
export type YearOfStudy = (typeof YEARS_OF_STUDY)[number];

export const INDUSTRIES = [
  'Accounting',
  'Finance',
  'Consulting',
  'Marketing',
  'Technology',
  'Entrepreneurship',
  'Public sector',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const EVENT_KINDS = [
  'Networking',
  'Office tours',
  'Workshops',
  'Cultural events',
  'Social events',
  'Case competitions',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const UOTTAWA_DOMAIN = '@uottawa.ca';

/** Lone surrogates (JSON can escape one) and U+FFFD, which the database cannot keep as sent. */
const UNSTORABLE = /[\uD800-\uDFFF\uFFFD]/u;
/** Control characters, line separators, and characters that show as nothing or reorder text. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
/** An accent or combining mark with no letter before it (a value made only of marks, say). */
const MARK_WITHOUT_LETTER = /(?:^|\p{White_Space})\p{M}/u;
/** Free text keeps its line breaks and tabs, nothing else of the control characters. */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;

/** A required single line, as every name field of the site: trimmed, visible, at most `max`. */
function line(label: string, max: number) {
  const required = `Enter your ${label}.`;
  return z.string({ error: required }).check(
    z.refine((value) => !UNSTORABLE.test(value), {
      error: `Your ${label} contains characters that could not be read. Please type it again.`,
      abort: true,
    }),
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, `Your ${label} must be at most ${max} characters.`),
    z.refine(
      (value) => !NOT_ONE_LINE.test(value) && !MARK_WITHOUT_LETTER.test(value),
      `Your ${label} contains invisible or formatting characters. Please type it again.`,
    ),
  );
}

/** An optional single line: empty (or absent) is null; `rule` checks a value that was given. */
function optionalLine(
  label: string,
  max: number,
  rule?: { test: (value: string) => boolean; error: string },
) {
  return z
    .pipe(
      z.optional(z.nullable(z.string({ error: `Your ${label} must be text.` }))),
      z.transform((value) => value?.trim() || null),
    )
    .check(
      z.refine((value) => value === null || value.length <= max, {
        error: `Your ${label} must be at most ${max} characters.`,
        abort: true,
      }),
      z.refine(
        (value) =>
          value === null ||
          (!UNSTORABLE.test(value) &&
            !NOT_ONE_LINE.test(value) &&
            !MARK_WITHOUT_LETTER.test(value)),
        {
          error: `Your ${label} contains characters that could not be read. Please type it again.`,
          abort: true,
        },
      ),
      z.refine((value) => value === null || !rule || rule.test(value), rule?.error ?? ''),
    );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters that show as nothing in an address: format characters (zero-width space and
 * joiners, the byte order mark, direction marks), other default-ignorable ones (soft hyphen,
 * Hangul fillers, variation selectors), the braille blank, and controls. An address carrying
 * one looks like another student's and would slip past the one-application rule.
 */
const INVISIBLE_IN_ADDRESS = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * The address as uniqueness compares it: NFKC (a full-width `ｘ` is `x`), lower case, and a
 * `+tag` dropped (`x+2@uottawa.ca` reaches the same mailbox as `x@uottawa.ca`). The same rule as
 * the database's generated `memberships.uottawa_email_key` (lib/db/schema.ts).
 */
export function uottawaEmailKey(email: string): string {
  return email
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
}

/**
 * `x@uottawa.ca`, stored trimmed, NFKC-normalised and lower-cased; refused when it carries an
 * invisible character.
 */
export const uottawaEmailSchema = z.string({ error: 'Enter your uOttawa email.' }).check(
  z.refine((value) => !UNSTORABLE.test(value) && !INVISIBLE_IN_ADDRESS.test(value), {
    error: 'Your uOttawa email contains invisible or formatting characters. Please type it again.',
    abort: true,
  }),
  z.normalize('NFKC'),
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, 'Enter your uOttawa email.'),
  z.maxLength(254, 'Your uOttawa email must be at most 254 characters.'),
  z.refine((value) => EMAIL_PATTERN.test(value), {
    error: 'Enter a valid email address, such as name@uottawa.ca.',
    abort: true,
  }),
  z.refine(
    (value) => value.endsWith(UOTTAWA_DOMAIN),
    `Use your uOttawa email: it must end with ${UOTTAWA_DOMAIN}.`,
  ),
);

/** The years a student may expect to graduate in, from the year of `now` (the form's list). */
export function graduationYears(now: Date = new Date()): number[] {
  const first = now.getUTCFullYear();
  return Array.from({ length: 8 }, (_, index) => first + index);
}

const LINKEDIN_URL = /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/\S+$/i;

export const membershipApplicationSchema = z.object({
  legalName: line('legal name', 100),
  preferredName: line('preferred name', 60),
  uottawaEmail: uottawaEmailSchema,
  program: line('program', 100),
  yearOfStudy: z.enum(YEARS_OF_STUDY, { error: 'Choose your year of study.' }),
  expectedGraduationYear: z
    .pipe(
      z.union([z.number(), z.string()], { error: 'Choose your expected graduation year.' }),
      z.transform((value) => (typeof value === 'string' ? Number(value.trim() || NaN) : value)),
    )
    .check(
      z.refine((value) => Number.isInteger(value) && value > 0, {
        error: 'Choose your expected graduation year.',
        abort: true,
      }),
      z.refine((value) => {
        const years = graduationYears();
        // A year of slack either side: the form's list is drawn on another day than the check.
        return value >= years[0]! - 1 && value <= years.at(-1)! + 1;
      }, 'Choose a graduation year from the list.'),
    ),
  membershipTypeId: z
    .pipe(
      z.union([z.number(), z.string()], { error: 'Choose a membership type.' }),
      z.transform((value) => (typeof value === 'string' ? Number(value.trim() || NaN) : value)),
    )
    .check(
      z.refine((value) => Number.isSafeInteger(value) && value > 0, 'Choose a membership type.'),
    ),
  industries: z
    .array(z.enum(INDUSTRIES, { error: 'Choose industries from the list.' }), {
      error: 'Choose at least one industry of interest.',
    })
    .check(
      z.minLength(1, 'Choose at least one industry of interest.'),
      z.refine((values) => new Set(values).size === values.length, 'Choose each industry once.'),
    ),
  notificationConsent: z.boolean({
    error: 'Tell us whether we may email you about member events.',
  }),
  acceptTerms: z.literal(true, {
    error: 'Tick the box to accept the membership terms and the privacy notice.',
  }),
  personalEmail: optionalLine('personal email', 254, {
    test: (value) => EMAIL_PATTERN.test(value),
    error: 'Enter a valid personal email address, or leave it empty.',
  }),
  wechatId: optionalLine('WeChat ID', 40),
  linkedinUrl: optionalLine('LinkedIn profile URL', 500, {
    test: (value) => LINKEDIN_URL.test(value),
    error:
      'Enter your LinkedIn profile address, starting with https://www.linkedin.com/, or leave it empty.',
  }),
  preferredEventKinds: z.pipe(
    z.optional(
      z.array(z.enum(EVENT_KINDS, { error: 'Choose kinds of events from the list.' }), {
        error: 'Choose kinds of events from the list.',
      }),
    ),
    z.transform((values) => [...new Set(values ?? [])]),
  ),
});

/** What the form sends (strings and booleans as typed). */
export type MembershipApplicationInput = z.input<typeof membershipApplicationSchema>;
/** What the server stores: trimmed, the email NFKC-normalised and lower-cased, empty optional fields null. */
export type MembershipApplication = z.output<typeof membershipApplicationSchema>;

export type ApplicationField = keyof MembershipApplication;

/** The first message of each field, by field name (what the form shows beside each field). */
export function applicationFieldMessages(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** 'I forgot my member ID': the uOttawa email only. */
export const memberIdRequestSchema = z.object({ uottawaEmail: uottawaEmailSchema });
export type MemberIdRequest = z.output<typeof memberIdRequestSchema>;

/** A request to change one's details: who, which membership, and what to change. */
export const changeRequestSchema = z.object({
  name: line('name', 100),
  uottawaEmail: uottawaEmailSchema,
  memberId: optionalLine('member ID', 20, {
    test: (value) => /^TCSA-\d{2}-\d{4,}$/i.test(value),
    error: 'A member ID looks like TCSA-26-0001. Leave it empty if you do not have one.',
  }),
  changes: z.string({ error: 'Tell us what to change.' }).check(
    z.trim(),
    z.minLength(1, 'Tell us what to change.'),
    z.maxLength(2000, 'What to change must be at most 2000 characters.'),
    z.refine(
      (value) => !UNSTORABLE.test(value) && !CONTROL_BUT_LINE_BREAKS.test(value),
      'What to change contains characters that could not be read. Please type it again.',
    ),
  ),
});
export type ChangeRequest = z.output<typeof changeRequestSchema>;
