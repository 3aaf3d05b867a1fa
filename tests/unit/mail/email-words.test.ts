import { describe, expect, it, vi } from 'vitest';
import { type CopyPage, defaultCopy } from '@/lib/copy/catalogue';
import { COPY_MARK_END, COPY_MARK_START, markCopy } from '@/lib/copy/markers';
import { siteUrl } from '@/lib/env/public';
import type { ComposedEmail } from '@/lib/mail/templates';

/**
 * Every word of an email the server sends is the editors' (Studio copy) or the person's and the
 * event's data: with every text marked as the coverage test marks a page's, what is left of an
 * email once the marked texts and the sample data are taken out is punctuation and space.
 */

vi.mock('@/lib/copy/read', () => ({
  getCopy: async (page: CopyPage) => markCopy(defaultCopy(page)),
}));

const { EMAIL_PREVIEWS, sampleEvent } = await import('@/lib/mail/previews');
const templates = await import('@/lib/mail/templates');

const INNERMOST_MARKED = new RegExp(
  `${COPY_MARK_START}[^${COPY_MARK_START}${COPY_MARK_END}]*${COPY_MARK_END}`,
  'g',
);

/** The words of `text` no mark covers, once the data values are taken out. */
function unmarkedWords(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (const value of [...data].sort((a, b) => b.length - a.length)) {
    rest = rest.replaceAll(value, ' ');
  }
  let previous = '';
  while (previous !== rest) {
    previous = rest;
    rest = rest.replace(INNERMOST_MARKED, ' ');
  }
  return rest.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** What the sample data and the frame every email shares put into an email. */
const DATA = [
  'Networking Night with Telfer Alumni',
  'Mei',
  'Desmarais Hall, room 12',
  'Dietary needs',
  'Vegetarian',
  'The event is for first-year students.',
  siteUrl(),
  new URL(siteUrl()).host,
  // The club's legal name in the heading bar and the footer.
  templates.CLUB_NAME,
];

function expectAllWordsMarked(label: string, email: ComposedEmail, extra: string[] = []) {
  // The schedule ('Saturday, December 5, 2026 at 6:30 PM') is data formatted by the site.
  const schedule = /When⟧?: (.*)$/m.exec(email.text)?.[1] ?? '';
  const data = [...DATA, ...extra, schedule];
  expect(unmarkedWords(email.subject, data), `${label}: subject`).toEqual([]);
  expect(unmarkedWords(email.text, data), `${label}: text`).toEqual([]);
}

describe('the emails about registrations', () => {
  it('are made of the editors’ words and the data, every one of them', async () => {
    const previews = await EMAIL_PREVIEWS.registration.compose();
    expect(previews.length).toBeGreaterThanOrEqual(7);
    for (const { label, email } of previews) {
      expectAllWordsMarked(label, email, [
        new URL('/registrations/sample-link', siteUrl()).toString(),
        new URL('/events/0', siteUrl()).toString(),
      ]);
    }
  });

  it('say when a reminder’s event is, the change notice and a message’s frame in their words', async () => {
    const [first] = await EMAIL_PREVIEWS.registration.compose();
    const confirmed = first!.email;
    expect(confirmed.subject).toContain(COPY_MARK_START);
    const words = await templates.registrationWords();
    const event = sampleEvent();
    const context = { event, person: { firstName: 'Mei' }, manageUrl: null };
    const reminder = await templates.reminderEmail(
      { ...context, checkInUrl: 'https://example.org/admin/check-in/0' },
      { now: new Date(event.startsAt!.getTime() - 3_600_000) },
    );
    expectAllWordsMarked('reminder', reminder);
    expect(reminder.subject).toContain(words.whenTodayAt.slice(0, 3));

    const change = templates.eventChangeEmail(words, context, {
      changed: ['date', 'place'],
      sequence: 2,
    });
    expectAllWordsMarked('change notice', change);

    const message = templates.eventMessageEmail(words, context, {
      subject: 'Bring your student card',
      body: 'Doors open at six.\n\nSee you there.',
    });
    expectAllWordsMarked('message', message, [
      'Bring your student card',
      'Doors open at six.',
      'See you there.',
    ]);
  });
});
