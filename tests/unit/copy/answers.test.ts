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
import {
  MEMBERSHIP_ANSWER_KEYS,
  answerInCopyWords,
  answerText,
  answerWordsFor,
  type AnswerTexts,
} from '@/lib/copy/answers';
import { answerInEditorsWords, fieldMessagesInCopyWords } from '@/lib/copy/answer-words';
import {
  changeRequestSchema,
  memberIdRequestSchema,
  membershipApplicationSchema,
} from '@/lib/memberships/application-schema';
import { NOT_ON_SALE_MESSAGE } from '@/lib/memberships/apply';
import {
  CHANGE_REQUEST_CHECK_INBOX,
  MEMBER_ID_ANSWER,
  applicationCheckInboxMessage,
} from '@/lib/memberships/public-endpoints';
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

/** Every text a membership endpoint, or a membership form in the browser, can show a visitor. */
function membershipTexts(): string[] {
  const texts = [
    MEMBER_ID_ANSWER,
    NOT_ON_SALE_MESSAGE,
    applicationCheckInboxMessage('mei.chen@uottawa.ca'),
    CHANGE_REQUEST_CHECK_INBOX,
    'Your application could not be saved because of a server error. Please try again later.',
    'Your member ID request could not be saved because of a server error. Please try again later.',
    'Your change request could not be saved because of a server error. Please try again later.',
    'Too many submissions from your network. Please wait a minute and try again.',
    API_ERRORS.csrf_cookie_missing.message,
    API_ERRORS.csrf_token_mismatch.message,
    API_ERRORS.server_error.message,
  ];
  // Each field of the three schemas, empty, too long, unreadable, of the wrong type or shape.
  const bad: unknown[] = [
    undefined,
    '',
    'x'.repeat(3000),
    'a\u0007b',
    'a\u2028b',
    'a\u200bb',
    '\u0301a',
    '\ud800',
    'not an email',
    'someone@gmail.com',
    42,
    1999,
    [],
    ['Nothing'],
    ['Finance', 'Finance'],
    false,
    'yes',
  ];
  for (const schema of [membershipApplicationSchema, memberIdRequestSchema, changeRequestSchema]) {
    for (const field of Object.keys(schema.shape)) {
      for (const value of bad) {
        for (const issue of schema.safeParse({ [field]: value }).error?.issues ?? []) {
          if (issue.path[0] === field) texts.push(issue.message);
        }
      }
    }
  }
  return [...new Set(texts)];
}

const membershipEdited: AnswerTexts = Object.fromEntries(
  MEMBERSHIP_ANSWER_KEYS.map((key) => [key, edited[key]]),
);

describe("the membership forms' answers in the editors' words", () => {
  it('knows every text the membership endpoints and forms show, with the membership texts only', () => {
    const texts = membershipTexts();
    // Each schema rule was reached: the list is the one the forms can show.
    expect(texts.length).toBeGreaterThan(30);
    const unknown = texts.filter((text) => answerText(text, membershipEdited) === text);
    expect(unknown).toEqual([]);
  });

  it('says a field message with the membership field name, in the editor’s words', () => {
    expect(answerText('Your legal name must be at most 100 characters.', membershipEdited)).toBe(
      '«membershipTooLong» Your «labelLegalName» legal name must be at most 100 characters.',
    );
    expect(answerText('Enter your uOttawa email.', membershipEdited)).toBe(
      '«membershipRequired» Enter your «labelUottawaEmail» uOttawa email.',
    );
    expect(answerText(applicationCheckInboxMessage('mei.chen@uottawa.ca'), membershipEdited)).toBe(
      '«membershipCheckInbox» Check your inbox: we have sent a link to mei.chen@uottawa.ca. Your application counts once you open it, within 48 hours; it then shows you how to pay. No email? Check your junk folder, or apply again with the same address to get a new link.',
    );
  });

  it('keeps each form to its own words: the job application’s answer is not the membership’s', () => {
    expect(answerText('Your application has been received.', membershipEdited)).toBe(
      'Your application has been received.',
    );
    expect(answerText('Your application has been received.', edited)).toBe(
      '«applicationReceived» Your application has been received.',
    );
  });

  it('gives a form in the browser the words it needs: it says every text as the server does', () => {
    const words = answerWordsFor(edited, MEMBERSHIP_ANSWER_KEYS);
    // Only the membership texts travel, in both wordings.
    expect(Object.keys(words.spec).sort()).toEqual([...MEMBERSHIP_ANSWER_KEYS].sort());
    expect(words.copy).toEqual(membershipEdited);
    expect(words.spec.labelYourName).toBe(COPY_PAGES.answers.fields.labelYourName[1]);
    for (const text of membershipTexts()) {
      expect(answerInEditorsWords(text, words)).toBe(answerText(text, membershipEdited));
    }
  });

  it('changes the field messages and nothing else', () => {
    expect(
      fieldMessagesInCopyWords(
        { changes: 'Tell us what to change.', memberId: 'unknown words' },
        answerWordsFor(edited, MEMBERSHIP_ANSWER_KEYS),
      ),
    ).toEqual({
      changes: '«membershipChangesRequired» Tell us what to change.',
      memberId: 'unknown words',
    });
    const body = {
      error: NOT_ON_SALE_MESSAGE,
      fields: { membershipTypeId: NOT_ON_SALE_MESSAGE },
      code: 'not_on_sale',
    };
    expect(answerInCopyWords(body, membershipEdited)).toEqual({
      error: `«membershipNotOnSale» ${NOT_ON_SALE_MESSAGE}`,
      fields: { membershipTypeId: `«membershipNotOnSale» ${NOT_ON_SALE_MESSAGE}` },
      code: 'not_on_sale',
    });
  });
});
