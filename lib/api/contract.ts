import { z } from 'zod';
import { REGISTRATION_STATES } from '@/lib/registrations/pools';

/**
 * The JSON contract of spec section 7: what every `/api/...` endpoint answers, as zod schemas and
 * the DTO types inferred from them. Field names are the spec's, exactly (snake_case, `Link` with
 * a capital L in /api/sponsors/). Where the spec gives one value two names, both are served.
 *
 * Image and video fields are URLs the browser can load as they are (site-relative, such as
 * `/media/events/lunar-new-year-gala.svg`). Optional values are `null`, never absent.
 *
 * This module has no server code: client components may import it to validate what they fetch.
 */

const url = z.string().min(1);
const nullableText = z.string().nullable();

export const eventSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: nullableText,
  /** Calendar date 'YYYY-MM-DD' in the club's time zone (America/Toronto); null if not set. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** The same value as `date` (the detail page reads this name). */
  start_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** 'HH:MM', 24-hour, club time; null if not set. */
  start_time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
  /** The exact start as an ISO 8601 instant (UTC); null if not set. */
  starts_at: z.iso.datetime().nullable(),
  /** Free text such as '3 hours'. */
  duration: nullableText,
  location: nullableText,
  organizer: nullableText,
  poster_img: url.nullable(),
  thumbnail_link: url.nullable(),
  /** Most registrations accepted; null means no limit. */
  capacity: z.number().int().positive().nullable(),
  /*
   * Added for member events; the fields above are unchanged, so existing clients keep working.
   * Of `capacity`, `member_places` and `staff_places` are kept; the rest are public places.
   */
  member_places: z.number().int().nonnegative(),
  staff_places: z.number().int().nonnegative(),
  members_only: z.boolean(),
  /** When members may register, and everyone; null: from publication. ISO 8601 instants. */
  member_registration_opens_at: z.iso.datetime().nullable(),
  registration_opens_at: z.iso.datetime().nullable(),
  /** The deadline; null: when the event starts. */
  registration_closes_at: z.iso.datetime().nullable(),
  requires_deposit: z.boolean(),
  /** Places are given by the club's selection, never by membership alone. */
  requires_selection: z.boolean(),
  category: nullableText,
  /** Whether a full event puts newcomers on its waitlist. */
  waitlist_enabled: z.boolean(),
  /**
   * Whether a newcomer can take a member place, and a public place, now: one is left and nobody
   * waits ahead for it. With the opening times, what the event's status is computed from.
   */
  member_places_available: z.boolean(),
  public_places_available: z.boolean(),
});

/** A question the event asks on its registration form (lib/registrations/questions.ts). */
export const eventQuestionSchema = z.object({
  /** The key of its answer in a registration's `answers`. */
  id: z.number().int().positive(),
  label: z.string(),
  /** short_text: one line of text · choice: one of `choices` · yes_no: true or false. */
  kind: z.enum(['short_text', 'choice', 'yes_no']),
  /** The options of a 'choice' question, in order; [] for the other kinds. */
  choices: z.array(z.string()),
  required: z.boolean(),
});

/**
 * GET /api/events/{id}/: the event, with the questions its registration asks added (the list
 * /api/events/ keeps the event's fields only). [] when it asks none.
 */
export const eventDetailSchema = eventSchema.extend({
  questions: z.array(eventQuestionSchema),
});

export const memberSchema = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  email: nullableText,
  quote: nullableText,
  pfp_img: url.nullable(),
  position: z.string(),
  /** The id of the member's leader; null for the President. */
  reports_to: z.number().int().positive().nullable(),
  department: z.object({ name: z.string() }).nullable(),
});

export const galleryItemSchema = z.object({
  id: z.number().int().positive(),
  image: url,
  /** The caption drawn under the image. */
  text: z.string(),
});

export const sponsorImageSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  logo_img: url,
  link: url.nullable(),
});

export const sponsorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  logo_img: url,
  description: nullableText,
  /** The sponsor's site; the partnerships card reads `Link`, the logo strip `link`. */
  Link: url.nullable(),
  link: url.nullable(),
  /** The optional Instagram link icon of the partnerships card. */
  instagram: url.nullable(),
});

export const homeHeroMediaSchema = z.object({
  id: z.number().int().positive(),
  /** A video URL; when set, the hero plays it muted and looping. */
  video: url.nullable(),
  /** An image URL, used as the background when there is no video. */
  image: url.nullable(),
});

export const heroImageSchema = z.object({
  id: z.number().int().positive(),
  image: url,
});

export const benefitBgImageSchema = heroImageSchema;

export const imageRecordSchema = z.object({
  id: z.number().int().positive(),
  image: url,
  link: url.nullable(),
  title: nullableText,
});

export const openPositionSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601 instant (UTC). */
  /** Calendar date 'YYYY-MM-DD' in the club's time zone, as Django serializes a DateField. */
  posted_at: z.iso.date(),
});

export const alumnusSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  position: z.string(),
  major: z.string(),
  email: nullableText,
  pfp_img: url.nullable(),
});

export const resourceSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  thumbnail_img: url.nullable(),
  resource_url: url,
});

export const designSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: nullableText,
  image: url,
});

export const registrationSchema = z.object({
  id: z.number().int().positive(),
  event_id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** ISO 8601 instant (UTC). */
  registered_at: z.iso.datetime(),
});

/** What a new registration became (lib/registrations/statuses.ts has them all). */
export const NEW_REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'submitted'] as const;

/** 201 answer of POST /api/events/{id}/register/. */
export const registrationCreatedSchema = z.object({
  message: z.string(),
  registration: registrationSchema.extend({
    status: z.enum(NEW_REGISTRATION_STATUSES),
    /** The person's own link to see and cancel the registration. */
    manage_url: z.url(),
    /** For a waitlisted registration: 1 is the next to get a place. */
    waitlist_position: z.number().int().positive().nullable(),
  }),
});

/** GET /api/events/{id}/availability/: what the event page says about registering. */
export const availabilitySchema = z.object({
  /** The spec's statuses (lib/registrations/pools.ts). */
  state: z.enum(REGISTRATION_STATES),
  capacity: z.number().int().positive().nullable(),
  /**
   * Places that can be taken now, in the windows open now: member places in the member window,
   * and the public places too once everyone may register; null without a capacity.
   */
  places_left: z.number().int().nonnegative().nullable(),
  member_places_left: z.number().int().nonnegative().nullable(),
  public_places_left: z.number().int().nonnegative().nullable(),
  /** When members may register (null: the event keeps no member places). */
  member_registration_opens_at: z.iso.datetime().nullable(),
  /** When everyone may register (null: now, or never for a members-only event). */
  opens_at: z.iso.datetime().nullable(),
  closes_at: z.iso.datetime().nullable(),
  members_only: z.boolean(),
  requires_review: z.boolean(),
  waitlist_enabled: z.boolean(),
  /**
   * Whether a member ID changes where a registration goes, so the form asks for it: in the member
   * window, and while a member place is left or a member would wait for one
   * (lib/registrations/pools.ts registrationOffer).
   */
  asks_member_id: z.boolean(),
  /** Whether anyone may register (or join the waitlist) now, not only members. */
  open_to_everyone: z.boolean(),
});
export type AvailabilityDto = z.infer<typeof availabilitySchema>;

/** 200 answer of POST /api/registrations/{token}/cancel/. */
export const cancellationSchema = z.object({
  message: z.string(),
  status: z.literal('cancelled'),
  late: z.boolean(),
});

/** Every failure answer: `error` is a sentence a visitor can read. */
export const apiErrorSchema = z.object({
  error: z.string(),
  /** Per-field messages of a 400 answer to an invalid form (registration or submission). */
  fields: z.record(z.string(), z.string()).optional(),
});

export type EventDto = z.infer<typeof eventSchema>;
export type EventQuestionDto = z.infer<typeof eventQuestionSchema>;
export type EventDetailDto = z.infer<typeof eventDetailSchema>;
export type MemberDto = z.infer<typeof memberSchema>;
export type GalleryItemDto = z.infer<typeof galleryItemSchema>;
export type SponsorImageDto = z.infer<typeof sponsorImageSchema>;
export type SponsorDto = z.infer<typeof sponsorSchema>;
export type HomeHeroMediaDto = z.infer<typeof homeHeroMediaSchema>;
export type HeroImageDto = z.infer<typeof heroImageSchema>;
export type BenefitBgImageDto = z.infer<typeof benefitBgImageSchema>;
export type ImageRecordDto = z.infer<typeof imageRecordSchema>;
export type OpenPositionDto = z.infer<typeof openPositionSchema>;
export type AlumnusDto = z.infer<typeof alumnusSchema>;
export type ResourceDto = z.infer<typeof resourceSchema>;
export type DesignDto = z.infer<typeof designSchema>;
export type RegistrationDto = z.infer<typeof registrationSchema>;
export type RegistrationCreatedDto = z.infer<typeof registrationCreatedSchema>;
export type ApiErrorDto = z.infer<typeof apiErrorSchema>;

/** The message of a successful registration (spec section 8). */
export const REGISTRATION_SUCCESS_MESSAGE =
  'Registration successful! You are now registered for this event.';

/**
 * The messages of the other two outcomes. Each contains 'successful', which the spec's form
 * styles as a success: the registration is stored either way.
 */
export function waitlistedMessage(position: number | null): string {
  return `Registration successful! This event is full, so you are on the waitlist${
    position ? ` (position ${position})` : ''
  }. We will email you if a place opens up.`;
}
export const SUBMITTED_MESSAGE =
  'Registration successful! Your registration is awaiting review by the organisers; we will email you their answer.';

/**
 * Text that cannot be stored as it was sent: a lone UTF-16 surrogate (JSON can escape one, and
 * the database would silently turn it into U+FFFD), or U+FFFD itself, which is what a form's
 * invalid UTF-8 has already become by the time it is read.
 */
function isStorableText(value: string): boolean {
  // With the u flag a surrogate range matches only unpaired surrogates (pairs are one code point).
  return !/[\uD800-\uDFFF\uFFFD]/u.test(value);
}

/**
 * Characters that show as nothing, or change how the text around them shows: Unicode's
 * Default_Ignorable_Code_Point set (zero-width spaces and joiners, the soft hyphen, the Hangul
 * fillers, variation selectors, tag characters) and the format class Cf (text-direction overrides
 * and isolates, the Mongolian vowel separator, the Arabic number signs). A name holding one could
 * look like another person's name, show reversed to staff, or hide text from a search.
 */
const INVISIBLE_OR_FORMAT = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;

/**
 * The scripts whose spelling needs a zero-width non-joiner (U+200C) or joiner (U+200D) inside a
 * word: Persian and the other Arabic-script languages, Syriac, the Indic scripts and Sinhala
 * ('علی‌رضا', 'ශ්‍රී', 'അവന്‍').
 */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const WORD_END = /[\p{White_Space}\p{Pd}]/u;

const joiningLetter = (character: string | undefined) =>
  character !== undefined && LETTER_OR_MARK.test(character) && JOINING_SCRIPT.test(character);

/**
 * Whether `value` holds an invisible or format character its script does not need. A joiner or
 * non-joiner is needed after a letter or mark of a joining script, before another or at the end
 * of the word (Malayalam writes a final non-joiner after a virama); anywhere else (between Latin
 * letters, in an emoji sequence) it only hides.
 */
function hasInvisibleCharacter(value: string): boolean {
  const characters = Array.from(value);
  return characters.some((character, index) => {
    if (!INVISIBLE_OR_FORMAT.test(character)) return false;
    if (character !== '\u200C' && character !== '\u200D') return true;
    const next = characters[index + 1];
    const needed =
      joiningLetter(characters[index - 1]) &&
      (next === undefined || WORD_END.test(next) || joiningLetter(next));
    return !needed;
  });
}

/** A letter or a digit: a value made only of symbols and blanks (U+2800) says nothing. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The line and paragraph separators (U+2028, U+2029), which break a single line in two. */
const LINE_SEPARATOR = /[\p{Zl}\p{Zp}]/u;

/**
 * A combining mark (an accent, a vowel sign) with no letter before it: at the start of the text
 * or after a space. This covers a value made only of marks, which shows as nothing readable.
 */
const MARK_WITHOUT_LETTER = /(?:^|\p{White_Space})\p{M}/u;

/**
 * A required single-line text field (names, titles, reasons): trimmed, not empty, at most `max`
 * characters; no control characters, no line separators, no invisible or format characters (but
 * the joiners of the scripts that spell with them), no accent or combining mark standing without
 * a letter, and at least one letter or digit. Letters of any script, accents on
 * letters, hyphens, apostrophes and spaces are all fine ('José María', 'Li-Na', '陈美玲').
 */
export function requiredLine(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .refine(
      isStorableText,
      `${label} contains characters that could not be read. Please type it again.`,
    )
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must not contain control characters.`)
    .refine(
      (value) => !LINE_SEPARATOR.test(value),
      `${label} must be on one line: it contains a line break character.`,
    )
    .refine(
      (value) => !hasInvisibleCharacter(value),
      `${label} must not contain invisible formatting characters (such as zero-width spaces, soft hyphens, fillers or text-direction marks). Please type it again.`,
    )
    .refine(
      (value) => !MARK_WITHOUT_LETTER.test(value),
      `${label} has an accent or combining mark with no letter before it. Please type it again.`,
    )
    .refine(
      // An empty value is refused once, as required.
      (value) => value === '' || LETTER_OR_DIGIT.test(value),
      `${label} must contain a letter or a digit. Please type it again.`,
    );
}

/** A required free text: trimmed, not empty, at most `max` characters; line breaks and tabs are its only control characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .refine(
      isStorableText,
      `${label} contains characters that could not be read. Please type it again.`,
    )
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(/^(?:[^\p{Cc}]|[\t\n\r])*$/u, `${label} must not contain control characters.`);
}

export function requiredEmail() {
  return z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Enter a valid email address.'));
}

/** The body of POST /api/events/{id}/register/. */
export const registrationRequestSchema = z
  .object({
    first_name: requiredLine('First name', 60),
    last_name: requiredLine('Last name', 60),
    email: requiredEmail(),
    /**
     * Added for member events: someone registering as a member gives their member ID
     * (`TCSA-26-0001`) with the uOttawa email of their membership. Absent or empty: not as a member.
     */
    member_id: z
      .string({ error: 'Member ID must be text.' })
      .trim()
      .max(20, 'A member ID looks like TCSA-26-0001.')
      .optional()
      .transform((value) => (value ? value : undefined)),
    /**
     * Added for questions per event: the answers keyed by question id (`{"12": "Vegetarian",
     * "13": true}`), checked against the event's questions when the registration is written.
     * Absent: no answers (enough when no question is required).
     */
    answers: z.unknown().optional(),
  })
  .superRefine((value, context) => {
    if (value.member_id && !value.email.trim().toLowerCase().endsWith('@uottawa.ca')) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Use the uOttawa email of your membership (it ends with @uottawa.ca).',
      });
    }
  });

/** What a client sends (member_id may be left out). */
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/**
 * Visitor submissions: the home contact message, the services form and the job application.
 * The server stores each before any email is sent, so nothing is lost when EmailJS fails.
 */
export const SUBMISSION_LIMITS = {
  /** A person's name. */
  name: 100,
  /** A person's or an organization's name (services form). */
  organizationName: 150,
  /** The position applied for (as long as an open position's title). */
  position: 150,
  /** A message or the description of a need. */
  text: 5000,
} as const;

export { MAX_RESUME_BYTES, RESUME_TOO_LARGE_MESSAGE } from '@/lib/submissions/resume-type';

/** What the file input of the application form may offer (the server judges by content anyway). */
export const RESUME_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const RESUME_MISSING_MESSAGE = 'Choose your resume file (PDF, DOC or DOCX) to upload.';
export const RESUME_EMPTY_MESSAGE = 'The resume file is empty. Choose another file.';
export const RESUME_WRONG_TYPE_MESSAGE =
  'The resume must be a PDF, DOC or DOCX document, and the file you chose is not one of these (whatever its name ends with).';

/** POST /api/messages/ (home contact form), JSON. */
export const messageRequestSchema = z.object({
  sender_name: requiredLine('Name', SUBMISSION_LIMITS.name),
  sender_email: requiredEmail(),
  message: requiredText('Message', SUBMISSION_LIMITS.text),
});

/** POST /api/serviceRequests/ (services form), JSON. */
export const serviceRequestSchema = z.object({
  name: requiredLine('Name or organization name', SUBMISSION_LIMITS.organizationName),
  email: requiredEmail(),
  needs: requiredText('The description of your needs', SUBMISSION_LIMITS.text),
});

/** The text fields of POST /api/applications/ (multipart/form-data, with the file resume_file). */
export const applicationFieldsSchema = z.object({
  applicant_name: requiredLine('Name', SUBMISSION_LIMITS.name),
  applicant_email: requiredEmail(),
  position: requiredLine('Position', SUBMISSION_LIMITS.position),
});

export type MessageRequest = z.infer<typeof messageRequestSchema>;
export type ServiceRequestRequest = z.infer<typeof serviceRequestSchema>;
export type ApplicationFields = z.infer<typeof applicationFieldsSchema>;

/** 201 answer of the three submission endpoints: the stored record's id and a receipt. */
export const submissionCreatedSchema = z.object({
  id: z.number().int().positive(),
  message: z.string(),
});

export type SubmissionCreatedDto = z.infer<typeof submissionCreatedSchema>;

export const MESSAGE_RECEIVED = 'Your message has been received.';
export const SERVICE_REQUEST_RECEIVED = 'Your request has been received.';
export const APPLICATION_RECEIVED = 'Your application has been received.';
