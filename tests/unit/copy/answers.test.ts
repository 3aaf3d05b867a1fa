import { describe, expect, it } from 'vitest';
import {
  APPLICATION_RECEIVED,
  MESSAGE_RECEIVED,
  RESUME_EMPTY_MESSAGE,
  RESUME_MISSING_MESSAGE,
  RESUME_WRONG_TYPE_MESSAGE,
  SERVICE_REQUEST_RECEIVED,
  SUBMITTED_MESSAGE,
  applicationFieldsSchema,
  messageRequestSchema,
  registrationRequestSchema,
  serviceRequestSchema,
  waitlistedMessage,
} from '@/lib/api/contract';
import { API_ERRORS } from '@/lib/http/api-errors';
import { CANCELLED_MESSAGE, LATE_CANCELLED_MESSAGE } from '@/lib/registrations/manage-endpoint';
import { RESUME_TOO_LARGE_MESSAGE } from '@/lib/submissions/resume-type';
import { answerInCopyWords, answerText } from '@/lib/copy/answers';
import { COPY_PAGES, defaultCopy, type Copy } from '@/lib/copy/catalogue';

/** The answers' texts, each changed the way an editor could: every word visibly theirs. */
function editedCopy(): Copy<'answers'> {
  return Object.fromEntries(
    Object.entries(defaultCopy('answers')).map(([key, text]) => [key, `«${key}» ${text}`]),
  ) as Copy<'answers'>;
}

const edited = editedCopy();

/** Every text the form endpoints can answer a visitor with (besides the spec's own success). */
function endpointTexts(): string[] {
  const texts = [
    waitlistedMessage(3),
    waitlistedMessage(null),
    SUBMITTED_MESSAGE,
    MESSAGE_RECEIVED,
    SERVICE_REQUEST_RECEIVED,
    APPLICATION_RECEIVED,
    CANCELLED_MESSAGE,
    LATE_CANCELLED_MESSAGE,
    RESUME_MISSING_MESSAGE,
    RESUME_EMPTY_MESSAGE,
    RESUME_WRONG_TYPE_MESSAGE,
    RESUME_TOO_LARGE_MESSAGE,
    'This event is full: all 40 places have been taken.',
    'Registration for this event opens on Saturday, February 14, 2026 at 6:30 PM.',
    'Members only until Saturday, February 14, 2026 at 6:30 PM: registration opens to everyone then. Members register with their member ID.',
    'This event is for members only: register with your member ID and the uOttawa email of your membership.',
    'Registration could not be saved because of a server error. Please try again later.',
    'The event has already started, so the registration can no longer be cancelled.',
    'This registration can no longer be cancelled: it is declined.',
    'The cancellation could not be saved because of a server error. Please try again later.',
    'Your message could not be saved because of a server error. Please try again later.',
    'Too many submissions from your network. Please wait a minute and try again.',
  ];
  for (const code of [
    'invalid_fields',
    'already_registered',
    'event_full',
    'registration_closed',
    'registration_not_open',
    'registration_not_found',
    'registration_not_cancellable',
    'member_not_verified',
    'rate_limited',
    'csrf_cookie_missing',
    'csrf_token_mismatch',
    'server_error',
  ] as const) {
    texts.push(API_ERRORS[code].message);
  }
  // The field messages of every form, for empty, too long, unreadable and invalid values.
  const bad = ['', 'x'.repeat(6000), 'a\u0007b', 'a\u2028b', 'a\u200bb', '\u0301a', '\ud800'];
  for (const schema of [
    registrationRequestSchema,
    messageRequestSchema,
    serviceRequestSchema,
    applicationFieldsSchema,
  ]) {
    const shape = schema instanceof Object && 'shape' in schema ? schema.shape : {};
    for (const field of Object.keys(shape as object)) {
      for (const value of [...bad, 'not an email', 42]) {
        const result = schema.safeParse({ [field]: value });
        for (const issue of result.error?.issues ?? []) texts.push(issue.message);
      }
    }
  }
  texts.push(
    ...(registrationRequestSchema
      .safeParse({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.org',
        member_id: 'TCSA-26-0001',
      })
      .error?.issues.map((issue) => issue.message) ?? []),
  );
  return [...new Set(texts)];
}

describe("the form endpoints' answers in the editors' words", () => {
  it('knows every text an endpoint answers a visitor with', () => {
    const unknown = endpointTexts().filter((text) => answerText(text, edited) === text);
    expect(unknown).toEqual([]);
  });

  it('fills the places of the answer into the editor’s text, field names in their words too', () => {
    expect(answerText(waitlistedMessage(3), edited)).toBe(
      `«registeredWaitlisted» ${COPY_PAGES.answers.fields.registeredWaitlisted[1].replace('{position}', '3')}`,
    );
    expect(answerText('First name is required.', edited)).toBe(
      '«fieldRequired» «labelFirstName» First name is required.',
    );
  });

  it('changes the words of an answer and nothing else', () => {
    const body = {
      error: 'First name is required. Enter a valid email address.',
      fields: { first_name: 'First name is required.', email: 'Enter a valid email address.' },
      code: 'x',
    };
    expect(answerInCopyWords(body, edited)).toEqual({
      error:
        '«fieldRequired» «labelFirstName» First name is required. «emailInvalid» Enter a valid email address.',
      fields: {
        first_name: '«fieldRequired» «labelFirstName» First name is required.',
        email: '«emailInvalid» Enter a valid email address.',
      },
      code: 'x',
    });
    // The spec's success message is the API's contract: it stays.
    const success = 'Registration successful! You are now registered for this event.';
    expect(answerText(success, edited)).toBe(success);
  });
});
