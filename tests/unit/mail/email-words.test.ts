import { describe, expect, it, vi } from 'vitest';
import { LINK_LIFETIME_MS, linkLifetimeWords } from '@/lib/auth/one-time-links';
import { ROLES } from '@/lib/auth/roles';
import { type CopyPage, defaultCopy } from '@/lib/copy/catalogue';
import { COPY_MARK_END, COPY_MARK_START, markCopy } from '@/lib/copy/markers';
import { siteUrl } from '@/lib/env/public';
import type { ComposedEmail } from '@/lib/mail/templates';
import { formatAmount } from '@/lib/memberships/format';
import { MEMBERSHIP_STATUSES, MEMBERSHIP_STATUS_NAMES } from '@/lib/memberships/statuses';

/**
 * Every word of an email the server sends is the editors' (Studio copy) or the person's and the
 * event's data: with every text marked as the coverage test marks a page's, what is left of an
 * email once the marked texts and the sample data are taken out is punctuation and space.
 */

vi.mock('@/lib/mail/email-copy', () => ({
  emailCopy: async (page: CopyPage) => markCopy(defaultCopy(page)),
}));

const { EMAIL_PREVIEWS, SAMPLE_MEMBERSHIP_WORDS, sampleEvent, sampleMembership } =
  await import('@/lib/mail/previews');
const { DEFAULT_NEXT_STEPS } = await import('@/lib/memberships/public-emails');
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

describe('the console’s account emails', () => {
  const hoursOf = (purpose: keyof typeof LINK_LIFETIME_MS) => LINK_LIFETIME_MS[purpose] / 3_600_000;
  const linkData = [
    new URL('/admin/welcome?token=sample-link', siteUrl()).toString(),
    new URL('/admin/reset-password?token=sample-link', siteUrl()).toString(),
  ];

  it('are made of the editors’ words and the data, every one of them', async () => {
    const previews = await EMAIL_PREVIEWS.console.compose();
    expect(previews.map(({ label }) => label)).toEqual([
      'Invitation to the console',
      'Password reset',
    ]);
    for (const { label, email } of previews) {
      expect(email.subject, label).toContain(COPY_MARK_START);
      expectAllWordsMarked(label, email, linkData);
    }
    // Each role an invitation gives is the editors' word too.
    const words = await templates.consoleWords();
    for (const role of ROLES) {
      const invitation = templates.accountLinkEmail(words, {
        kind: 'invite',
        name: 'Mei',
        role,
        url: linkData[0]!,
        validForHours: hoursOf('invite'),
      });
      expectAllWordsMarked(`invitation as ${role}`, invitation, linkData);
    }
  });

  it('say how long each link works, as the preview shows it', async () => {
    const words = await templates.consoleWords();
    const [invitation, reset] = await EMAIL_PREVIEWS.console.compose();
    expect(invitation!.email.text).toContain(templates.linkValidForWords(words, hoursOf('invite')));
    expect(reset!.email.text).toContain(templates.linkValidForWords(words, hoursOf('password')));
  });

  it('keep the spec’s words by default', () => {
    const words = defaultCopy('consoleEmails');
    const invitation = templates.accountLinkEmail(words, {
      kind: 'invite',
      name: 'Ana',
      role: 'event_lead',
      url: 'https://tcsa.example/admin/welcome?token=t',
      validForHours: hoursOf('invite'),
    });
    expect(invitation.subject).toBe(
      'You are invited to the Telfer Chinese Student Association console',
    );
    expect(invitation.text).toContain(
      [
        'Hi Ana,',
        '',
        "You have been invited to run the club's website as event lead. Choose your password with this one-time link:",
        '',
        'Set my password: https://tcsa.example/admin/welcome?token=t',
        '',
        'The link works once, within 7 days. If you did not expect this email, you can ignore it.',
      ].join('\n'),
    );
    const reset = templates.accountLinkEmail(words, {
      kind: 'reset',
      name: 'Ana',
      url: 'https://tcsa.example/admin/reset-password?token=t',
      validForHours: hoursOf('password'),
    });
    expect(reset.subject).toBe('Reset your console password');
    expect(reset.text).toContain(
      [
        'A password reset was requested for your console account. Choose a new password with this one-time link:',
        '',
        'Reset my password: https://tcsa.example/admin/reset-password?token=t',
        '',
        'The link works once, within 24 hours. If you did not expect this email, you can ignore it.',
      ].join('\n'),
    );
    // The console's pages say the lifetimes in the same words.
    expect(templates.linkValidForWords(words, hoursOf('invite'))).toBe(linkLifetimeWords('invite'));
    expect(templates.linkValidForWords(words, hoursOf('password'))).toBe(
      linkLifetimeWords('password'),
    );
  });
});

describe('the emails about memberships', () => {
  const context = sampleMembership();
  const link = (path: string) => new URL(path, siteUrl()).toString();
  const year = Number(context.validFrom.slice(0, 4));

  /** What a membership email holds that is not the editors': the member's and the club's data. */
  function membershipData(email: ComposedEmail): string[] {
    // Days ('September 1, 2026') are data the site formats.
    const days = `${email.subject}\n${email.text}`.match(/\b[A-Z][a-z]+ \d{1,2}, \d{4}\b/g) ?? [];
    return [
      ...days,
      context.to,
      context.memberId!,
      context.typeName,
      context.paymentReference,
      context.etransferAddress,
      context.contactEmail,
      context.etransferInstructions,
      formatAmount(2500),
      formatAmount(2000),
      formatAmount(500),
      DEFAULT_NEXT_STEPS,
      `${year}–${String((year + 1) % 100).padStart(2, '0')}`,
      ...Object.values(SAMPLE_MEMBERSHIP_WORDS).flatMap((value) => value.split('\n\n')),
      link('/membership/policies'),
      link('/membership/faq'),
      link('/membership'),
      link('/membership/confirm/sample-link'),
      link('/membership/change/sample-link'),
      link('/membership/unsubscribe?token=sample-link'),
      // The hours a link works and the days an unpaid application waits.
      '48',
      '14',
    ];
  }

  it('are made of the editors’ words and the data, every one of them', async () => {
    const previews = await EMAIL_PREVIEWS.membership.compose();
    expect(previews.length).toBeGreaterThanOrEqual(29);
    expect(new Set(previews.map(({ label }) => label)).size).toBe(previews.length);
    for (const { label, email } of previews) {
      // An announcement's subject is the coordinator's; every other subject is the editors'.
      if (label !== 'Announcement') expect(email.subject, label).toContain(COPY_MARK_START);
      expectAllWordsMarked(label, email, membershipData(email));
    }
  });

  it('say it in the editors’ words without a member ID, and name every status', async () => {
    const memberships = await import('@/lib/memberships/emails');
    const publicEmails = await import('@/lib/memberships/public-emails');
    const noId = { ...context, memberId: null };
    const emails: Array<[string, ComposedEmail]> = [
      ['active, no ID', await memberships.membershipActivatedEmail(noId)],
      ['copy, no ID', await memberships.activationEmailCopy(noId)],
      ['ends soon, no ID', await memberships.expiryReminderEmail(noId)],
      [
        'refund, no ID',
        await memberships.refundDoneEmail(noId, { amountCents: 2500, refundedOn: '2026-10-01' }),
      ],
      [
        'reversed, no ID',
        await memberships.paymentReversedEmail(noId, {
          amountCents: 2500,
          receivedOn: '2026-10-01',
        }),
      ],
      ...(await Promise.all(
        [
          { from: '2026-10-01', until: '2026-11-30' },
          { from: '2026-10-01', until: null },
        ].map(async (dates): Promise<[string, ComposedEmail]> => [
          `suspended ${dates.until ?? 'open'}, no ID`,
          await memberships.membershipSuspendedEmail(noId, {
            ...dates,
            reason: SAMPLE_MEMBERSHIP_WORDS.suspensionReason,
          }),
        ]),
      )),
      [
        'lifted, no ID',
        await memberships.suspensionEndedEmail(noId, { early: true, on: '2026-11-01' }),
      ],
      [
        'ended, no ID',
        await memberships.suspensionEndedEmail(noId, { early: false, lastDay: '2026-11-30' }),
      ],
      ...(await Promise.all(
        MEMBERSHIP_STATUSES.map(async (status): Promise<[string, ComposedEmail]> => [
          `applied again, ${status}`,
          await publicEmails.alreadyAppliedEmail({ ...context, status, year }),
        ]),
      )),
      ['member ID, expired', await publicEmails.memberIdEmail({ ...context, status: 'expired' })],
    ];
    for (const [label, email] of emails) expectAllWordsMarked(label, email, membershipData(email));
    const words = defaultCopy('membershipEmails');
    for (const status of MEMBERSHIP_STATUSES) {
      expect(memberships.statusWord(words, status), status).toBe(MEMBERSHIP_STATUS_NAMES[status]);
    }
  });
});
