import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventDetailSchema } from '@/lib/api/contract';
import { registrantsCsv } from '@/lib/admin/registrants';
import { listEvents } from '@/lib/db/queries';
import {
  auditLog,
  emailOutbox,
  type Event,
  eventQuestions,
  eventRegistrations,
} from '@/lib/db/schema';
import {
  activeQuestions,
  answersOfEvent,
  moveQuestion,
  questionsWithRemoved,
  removeQuestion,
  saveQuestion,
} from '@/lib/registrations/event-questions';
import { addRegistrationByHand, registerForEvent, registerGroup } from '@/lib/registrations/intake';
import {
  checkAnswers,
  checkQuestionDraft,
  type EventQuestion,
  notCollectedMessage,
  QUESTION_LIMITS,
} from '@/lib/registrations/questions';
import {
  MAX_REGISTRATION_BODY_BYTES,
  resetRegistrationLimiterForTests,
} from '@/lib/registrations/register-endpoint';
import { GET as getEvent } from '@/app/api/events/[id]/route';
import { register } from '../api/support/register';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { parseCsv } from './support/parse-csv';
import { addCoordinator, type StaffActor } from './support/staff';

vi.mock('next/cache', () => import('../api/support/next-cache'));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));
vi.mock('@/lib/testing/faults', () => ({ testFaultFor: async () => null }));

const DIET: EventQuestion = {
  id: 1,
  label: 'Dietary needs',
  kind: 'short_text',
  choices: [],
  required: true,
};
const SIZE: EventQuestion = {
  id: 2,
  label: 'T-shirt size',
  kind: 'choice',
  choices: ['S', 'M', 'L'],
  required: false,
};
const FIRST: EventQuestion = {
  id: 3,
  label: 'First TCSA event?',
  kind: 'yes_no',
  choices: [],
  required: false,
};

describe('checkAnswers: the answers a visitor sends', () => {
  it('keeps valid answers, trimmed, a yes/no as a boolean, and drops unknown questions', () => {
    expect(
      checkAnswers([DIET, SIZE, FIRST], { 1: ' Vegetarian ', 2: 'M', 3: 'yes', 99: 'old' }),
    ).toEqual({ ok: true, answers: { 1: 'Vegetarian', 2: 'M', 3: true } });
    expect(checkAnswers([FIRST], { 3: false })).toEqual({ ok: true, answers: { 3: false } });
  });

  it('no answers at all registers when nothing is required', () => {
    expect(checkAnswers([SIZE, FIRST], undefined)).toEqual({ ok: true, answers: {} });
    expect(checkAnswers([], undefined)).toEqual({ ok: true, answers: {} });
  });

  it('names each wrong answer by its question', () => {
    const checked = checkAnswers([DIET, SIZE, FIRST], { 1: '  ', 2: 'XXL', 3: 'maybe' });
    expect(checked).toEqual({
      ok: false,
      fields: {
        'answers.1': 'Dietary needs: an answer is required.',
        'answers.2': 'T-shirt size: choose one of S, M, L.',
        'answers.3': 'First TCSA event?: answer yes or no.',
      },
    });
  });

  it('refuses a short answer over 200 characters, on two lines, or not text', () => {
    const long = checkAnswers([DIET], { 1: 'x'.repeat(201) });
    expect(long.ok || long.fields['answers.1']).toBe(
      'Dietary needs: the answer must be at most 200 characters.',
    );
    expect(checkAnswers([DIET], { 1: 'x'.repeat(200) }).ok).toBe(true);
    const lines = checkAnswers([DIET], { 1: 'a\nb' });
    expect(lines.ok || lines.fields['answers.1']).toBe(
      'Dietary needs: the answer must be one line.',
    );
    const number = checkAnswers([DIET], { 1: 12 });
    expect(number.ok || number.fields['answers.1']).toBe('Dietary needs: the answer must be text.');
    const list = checkAnswers([DIET], ['Vegetarian']);
    expect(list.ok || list.fields.answers).toMatch(/Answers must be an object/);
  });
});

describe('the registration body limit', () => {
  it('fits the most answers an event can ask, every character escaped', () => {
    const answers = Object.fromEntries(
      Array.from({ length: QUESTION_LIMITS.perEvent }, (_, index) => [
        String(2_000_000_000 + index),
        '\u0001'.repeat(QUESTION_LIMITS.shortAnswer),
      ]),
    );
    const body = JSON.stringify({
      first_name: '\u0001'.repeat(60),
      last_name: '\u0001'.repeat(60),
      email: `${'a'.repeat(240)}@example.org`,
      member_id: 'TCSA-26-0001',
      answers,
    });
    expect(body.length).toBeLessThanOrEqual(MAX_REGISTRATION_BODY_BYTES);
  });
});

describe('checkQuestionDraft: what a question may ask', () => {
  it('refuses what the privacy policy says the club does not collect', () => {
    for (const label of [
      'Student number',
      'Your student ID',
      'Date of birth',
      'Birthday',
      'SIN',
      'Social insurance number',
      'Passport number',
      'Credit card number',
      'Any medical conditions?',
      'Health issues we should know about',
    ]) {
      const checked = checkQuestionDraft({
        label,
        kind: 'short_text',
        choicesText: '',
        required: false,
      });
      expect(checked.ok, label).toBe(false);
      if (!checked.ok) expect(checked.fields.label, label).toMatch(/^The club does not ask for /);
    }
    // A choice that asks for it is refused too.
    expect(notCollectedMessage('How should we reach you?', 'By SIN')).toMatch(/social insurance/);
  });

  it('accepts dietary needs and allergies, program and T-shirt size', () => {
    for (const label of [
      'Dietary needs or allergies',
      'Program',
      'T-shirt size',
      'Dietary needs',
    ]) {
      expect(
        checkQuestionDraft({ label, kind: 'short_text', choicesText: '', required: true }).ok,
        label,
      ).toBe(true);
    }
  });

  it('a choice question needs two distinct choices; other kinds keep none', () => {
    expect(
      checkQuestionDraft({
        label: 'Size',
        kind: 'choice',
        choicesText: 'M\n M \n',
        required: false,
      }),
    ).toEqual({ ok: false, fields: { choices: 'Give at least two choices, one per line.' } });
    expect(
      checkQuestionDraft({ label: 'Size', kind: 'choice', choicesText: 'S\nM', required: false }),
    ).toEqual({
      ok: true,
      question: { label: 'Size', kind: 'choice', choices: ['S', 'M'], required: false },
    });
    expect(
      checkQuestionDraft({ label: 'Size', kind: 'yes_no', choicesText: 'S\nM', required: false }),
    ).toMatchObject({ ok: true, question: { choices: [] } });
    expect(
      checkQuestionDraft({ label: '', kind: 'nope', choicesText: '', required: false }),
    ).toEqual({
      ok: false,
      fields: { label: 'Write the question.', kind: 'Choose the kind of answer.' },
    });
  });
});

const STAFF: StaffActor = { kind: 'staff', userId: 'questions-staff', name: 'Mei Chen' };
const ACTOR = { id: STAFF.userId, name: STAFF.name };

describe(`questions and answers in the database (${DATABASE_UNDER_TEST})`, () => {
  let database: TestDatabase;
  let events: Event[];
  let event: Event;
  const now = new Date();
  const byTitle = (title: string) => events.find((one) => one.title.startsWith(title))!;
  const person = (email: string) => ({ firstName: 'Jia', lastName: 'Li', email });

  beforeAll(async () => {
    database = await createTestDatabase({ now });
    events = await listEvents(database.db);
    event = byTitle('Accounting Careers');
    await addCoordinator(database.db, STAFF, 'mei@example.org');
    for (const draft of [
      { label: 'Dietary needs', kind: 'short_text', choices: [], required: true },
      { label: 'T-shirt size', kind: 'choice', choices: ['S', 'M', 'L'], required: false },
      { label: 'First TCSA event?', kind: 'yes_no', choices: [], required: false },
    ] as const) {
      expect(
        await saveQuestion(database.db, ACTOR, event, null, {
          ...draft,
          choices: [...draft.choices],
        }),
      ).toMatchObject({ ok: true });
    }
  });
  afterAll(async () => {
    resetRegistrationLimiterForTests();
    await database.dispose();
  });

  const questionIds = async () =>
    (await activeQuestions(database.db, event.id)).map((question) => question.id);

  it('adds questions in order, each with its audit entry in words', async () => {
    const questions = await activeQuestions(database.db, event.id);
    expect(questions.map((question) => question.label)).toEqual([
      'Dietary needs',
      'T-shirt size',
      'First TCSA event?',
    ]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.question.add'));
    expect(entries.map((entry) => entry.summary)).toContain(
      `Added the question "T-shirt size" to "${event.title}"`,
    );
    expect(entries.find((entry) => entry.summary.includes('T-shirt'))?.after).toMatchObject({
      question: 'T-shirt size',
      answer: 'Choice from a list',
      choices: 'S, M, L',
      required: false,
    });
  });

  it('a registration alone stores its answers; a missing required answer stores nothing', async () => {
    const [diet, size, first] = await questionIds();
    const refused = await registerForEvent(database.db, event.id, {
      ...person('no-answer@example.org'),
    });
    expect(refused).toEqual({
      kind: 'invalid_answers',
      fields: { [`answers.${diet}`]: 'Dietary needs: an answer is required.' },
    });
    const stored = await registerForEvent(database.db, event.id, {
      ...person('answers@example.org'),
      answers: { [diet!]: 'Vegan', [size!]: 'L', [first!]: 'no' },
    });
    expect(stored.kind).toBe('created');
    const [row] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, 'answers@example.org'));
    expect(row?.answers).toEqual({ [diet!]: 'Vegan', [size!]: 'L', [first!]: false });
    // The confirmation lists the answers under the event's details.
    const [email] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.registrationId, row!.id));
    expect(email?.textBody).toMatch(/Dietary needs\W+Vegan/);
    expect(email?.textBody).toMatch(/T-shirt size\W+L/);
    expect(email?.textBody).toMatch(/First TCSA event\?\W+No/);
    const none = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, 'no-answer@example.org'));
    expect(none).toEqual([]);
  });

  it('a group written in one transaction stores each answer with its own person', async () => {
    const [diet, size] = await questionIds();
    const outcomes = await registerGroup(database.db, event.id, [
      { input: { ...person('g1@example.org'), answers: { [diet!]: 'Halal' } }, now },
      { input: { ...person('g2@example.org'), answers: { [size!]: 'S' } }, now },
      {
        input: { ...person('g3@example.org'), answers: { [diet!]: 'None', [size!]: 'M' } },
        now,
      },
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'created',
      'invalid_answers',
      'created',
    ]);
    const answers = await answersOfEvent(database.db, event.id);
    const byEmail = new Map(
      (
        await database.db
          .select({ id: eventRegistrations.id, email: eventRegistrations.email })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.eventId, event.id))
      ).map((row) => [row.email, answers.get(row.id)]),
    );
    expect(byEmail.get('g1@example.org')).toEqual({ [diet!]: 'Halal' });
    const groupEmails = await database.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, ['g1@example.org', 'g3@example.org']));
    expect(groupEmails.find((one) => one.to === 'g1@example.org')?.text).toMatch(
      /Dietary needs\W+Halal/,
    );
    expect(groupEmails.find((one) => one.to === 'g3@example.org')?.text).toMatch(
      /T-shirt size\W+M/,
    );
    expect(byEmail.get('g3@example.org')).toEqual({ [diet!]: 'None', [size!]: 'M' });
    expect(byEmail.has('g2@example.org')).toBe(false);
  });

  it('staff adding someone by hand answer nothing, required or not', async () => {
    const outcome = await addRegistrationByHand(
      database.db,
      event.id,
      { ...person('walk-in@example.org'), status: 'confirmed' },
      STAFF,
      now,
    );
    expect(outcome.kind).toBe('created');
    if (outcome.kind === 'created') expect(outcome.registration.answers).toEqual({});
  });

  it('reorders: down then up, positions stay 1, 2, 3', async () => {
    const [diet, size, first] = await questionIds();
    expect(await moveQuestion(database.db, ACTOR, event, diet!, 'down')).toMatchObject({
      ok: true,
      done: '"Dietary needs" is now question 2 of 3.',
    });
    expect(await questionIds()).toEqual([size, diet, first]);
    expect(await moveQuestion(database.db, ACTOR, event, size!, 'up')).toEqual({
      ok: false,
      message: '"T-shirt size" is already first.',
    });
    await moveQuestion(database.db, ACTOR, event, diet!, 'up');
    expect(await questionIds()).toEqual([diet, size, first]);
    const positions = await database.db
      .select({ position: eventQuestions.position })
      .from(eventQuestions)
      .where(eq(eventQuestions.eventId, event.id));
    expect(positions.map((row) => row.position).sort()).toEqual([1, 2, 3]);
  });

  it('removing an answered question keeps it (and its answers) as removed; an unanswered one goes', async () => {
    const [diet, size, first] = await questionIds();
    const removed = await removeQuestion(database.db, ACTOR, event, size!);
    expect(removed).toEqual({
      ok: true,
      done: '"T-shirt size" is no longer asked. Its 2 answers stay in the registrants list and the CSV.',
    });
    expect(await questionIds()).toEqual([diet, first]);
    const listed = await questionsWithRemoved(database.db, event.id);
    expect(listed.map((question) => [question.label, question.removed])).toEqual([
      ['Dietary needs', false],
      ['First TCSA event?', false],
      ['T-shirt size', true],
    ]);
    // 'First TCSA event?' was answered once (false): kept. A new unanswered one is deleted.
    await saveQuestion(database.db, ACTOR, event, null, {
      label: 'Program',
      kind: 'short_text',
      choices: [],
      required: false,
    });
    const program = (await questionIds()).at(-1)!;
    expect(await removeQuestion(database.db, ACTOR, event, program)).toEqual({
      ok: true,
      done: '"Program" is removed.',
    });
    expect(
      await database.db.select().from(eventQuestions).where(eq(eventQuestions.id, program)),
    ).toEqual([]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'event.question.remove'), eq(auditLog.recordId, String(event.id))),
      );
    expect(entry?.summary).toBe(
      `Removed the question "T-shirt size" from "${event.title}" (its 2 answers kept)`,
    );
    // A registration sending an answer to the removed question still registers.
    const outcome = await registerForEvent(database.db, event.id, {
      ...person('late-form@example.org'),
      answers: { [diet!]: 'None', [size!]: 'XL' },
    });
    expect(outcome.kind).toBe('created');
    if (outcome.kind === 'created')
      expect(outcome.registration.answers).toEqual({ [diet!]: 'None' });
  });

  it('the registrants CSV has one column per question, the removed one marked, Yes/No in words', async () => {
    const csv = await registrantsCsv(database.db, event.id);
    const [header, ...rows] = parseCsv(csv);
    expect(header!.slice(-3)).toEqual([
      'Dietary needs',
      'First TCSA event?',
      'T-shirt size (no longer asked)',
    ]);
    const row = rows.find((cells) => cells.includes('answers@example.org'))!;
    expect(row.slice(-3)).toEqual(['Vegan', 'No', 'L']);
    const walkIn = rows.find((cells) => cells.includes('walk-in@example.org'))!;
    expect(walkIn.slice(-3)).toEqual(['', '', '']);
  });

  it('editing a question that is gone says so', async () => {
    expect(
      await saveQuestion(database.db, ACTOR, event, 999_999, {
        label: 'X',
        kind: 'short_text',
        choices: [],
        required: false,
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('no longer on the event') });
  });

  describe('the API', () => {
    it('GET /api/events/{id}/ lists the questions, and [] for an event without', async () => {
      const response = await getEvent(new Request(`http://localhost/api/events/${event.id}/`), {
        params: Promise.resolve({ id: String(event.id) }),
      });
      expect(response.status).toBe(200);
      const body = eventDetailSchema.parse(await response.json());
      expect(body.questions.map((question) => [question.label, question.kind])).toEqual([
        ['Dietary needs', 'short_text'],
        ['First TCSA event?', 'yes_no'],
      ]);
      const other = byTitle('Spring Formal');
      const plain = await getEvent(new Request(`http://localhost/api/events/${other.id}/`), {
        params: Promise.resolve({ id: String(other.id) }),
      });
      expect(eventDetailSchema.parse(await plain.json()).questions).toEqual([]);
    });

    it('400 names the missing required answer; 201 with it', async () => {
      const [diet] = await questionIds();
      const body = { first_name: 'Lin', last_name: 'Wang', email: 'lin@example.org' };
      const refused = await register(event.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'Dietary needs: an answer is required.',
        fields: { [`answers.${diet}`]: 'Dietary needs: an answer is required.' },
      });
      const wrongShape = await register(event.id, { ...body, answers: 'Vegan' });
      expect(wrongShape.status).toBe(400);
      expect(wrongShape.body.error).toMatch(/Answers must be an object/);
      const created = await register(event.id, { ...body, answers: { [diet!]: 'Vegan' } });
      expect(created.status).toBe(201);
    });

    it('201 for a client that sends no answers where none is required', async () => {
      const other = byTitle('Spring Formal');
      await saveQuestion(database.db, ACTOR, other, null, {
        label: 'T-shirt size',
        kind: 'choice',
        choices: ['S', 'M'],
        required: false,
      });
      const created = await register(other.id, {
        first_name: 'Old',
        last_name: 'Client',
        email: 'old-client@example.org',
      });
      expect(created.status).toBe(201);
    });
  });
});
