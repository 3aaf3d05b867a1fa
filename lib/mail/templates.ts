import 'server-only';
import QRCode from 'qrcode';
import {
  buildIcs,
  type CalendarEvent,
  calendarFileName,
  eventInterval,
} from '@/lib/events/calendar';
import { toEventDto } from '@/lib/api/serialize';
import type { Event } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { eventPageTitle, eventSchedule, eventScheduleText } from '@/lib/events/details';
import { siteUrl } from '@/lib/env/public';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { emailCopy } from './email-copy';
import type { Role } from '@/lib/auth/roles';
import type { EventChange } from './audiences';

/** The words of the emails about registrations: the editors' (Studio), else the spec's. */
export type RegistrationWords = Copy<'registrationEmails'>;
export const registrationWords = (): Promise<RegistrationWords> => emailCopy('registrationEmails');

/**
 * The emails the server sends, each as plain text and HTML in the club's style (red heading
 * bar, white card, the club's name in the footer). Composed when they are queued, so the outbox
 * row holds what the person receives; only the door QR code and the calendar file are drawn by
 * the sender from what the row keeps for them (`qrCodeOf`, `calendarOf`).
 */

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** Empty for a QR code or a calendar file, which the sender draws from `qrCodeOf` or `calendarOf`. */
  contentBase64: string;
  /** Set for a picture shown inside the HTML (`<img src="cid:...">`). */
  cid?: string;
  /**
   * The text a QR code picture encodes. Drawing it costs milliseconds, so it is drawn when the
   * email is sent, not while the event's registrations wait for the transaction that queues it.
   */
  qrCodeOf?: string;
  /**
   * The event (as queued) a calendar file describes, and its page: written by the sender too, so
   * a registration's transaction only stores these few fields.
   */
  calendarOf?: { event: CalendarEvent; pageUrl: string; sequence?: number };
};

/** The attachment's bytes: stored ones, or the QR code or calendar file drawn now. */
export async function attachmentBytes(attachment: MailAttachment): Promise<Buffer> {
  if (attachment.qrCodeOf) {
    return QRCode.toBuffer(attachment.qrCodeOf, { type: 'png', width: 360, margin: 2 });
  }
  if (attachment.calendarOf) {
    const { event, pageUrl, sequence } = attachment.calendarOf;
    return Buffer.from(buildIcs(event, { pageUrl, now: new Date(), sequence }) ?? '', 'utf8');
  }
  return Buffer.from(attachment.contentBase64, 'base64');
}

export type ComposedEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
};

export const CLUB_NAME = 'Telfer Chinese Student Association';
const BRAND_RED = '#8f001a';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A part of an email's body, drawn in text and HTML by `render`. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'image'; cid: string; alt: string }
  | { kind: 'details'; rows: Array<[string, string]> };

/**
 * What staff wrote to many (an event's message, an announcement) as the email's paragraphs: a
 * blank line starts a new one, whatever line endings the browser sent.
 */
export function paragraphsOf(body: string): Block[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ kind: 'paragraph', text: paragraph }));
}

/** Draws an email's text and HTML in the club's layout: the greeting, then the blocks in order. */
export function render(
  subject: string,
  greeting: string,
  blocks: Block[],
): { text: string; html: string } {
  const textParts = [greeting, ''];
  const htmlParts: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'paragraph':
        textParts.push(block.text, '');
        // A line break staff typed in a message stays one in the HTML.
        htmlParts.push(
          `<p style="margin:0 0 16px">${escapeHtml(block.text).replaceAll('\n', '<br>')}</p>`,
        );
        break;
      case 'button':
        textParts.push(`${block.label}: ${block.href}`, '');
        htmlParts.push(
          `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${BRAND_RED};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`,
        );
        break;
      case 'image':
        htmlParts.push(
          `<p style="margin:0 0 16px"><img src="cid:${block.cid}" alt="${escapeHtml(block.alt)}" width="180" height="180"></p>`,
        );
        break;
      case 'details':
        for (const [label, value] of block.rows) textParts.push(`${label}: ${value}`);
        textParts.push('');
        htmlParts.push(
          `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join('')}</table>`,
        );
        break;
    }
  }
  textParts.push('--', CLUB_NAME, siteUrl());
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:24px 12px"><div style="background:${BRAND_RED};color:#fff;padding:16px 20px;border-radius:8px 8px 0 0;font-size:18px;font-weight:700">${escapeHtml(CLUB_NAME)}</div><div style="background:#fff;padding:20px;border-radius:0 0 8px 8px"><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${htmlParts.join('')}</div><p style="color:#666;font-size:12px;text-align:center;margin:12px 0 0">${escapeHtml(CLUB_NAME)} · <a href="${escapeHtml(siteUrl())}" style="color:#666">${escapeHtml(new URL(siteUrl()).host)}</a></p></div></body></html>`;
  return { text: textParts.join('\n'), html };
}

export type RegistrationMailContext = {
  event: Event;
  person: { firstName: string };
  /** The personal manage link; null when it can no longer be recovered. */
  manageUrl: string | null;
  /** The staff check-in link the door QR code encodes. */
  checkInUrl: string;
  /** For a waitlisted person: their place in the line (1 = next). */
  waitlistPosition?: number | null;
  reason?: string | null;
  lateCancellation?: boolean;
  /** The member ID checked when the person registered as a member. */
  memberId?: string | null;
  /** A new registration's answers to the event's questions, as 'question, answer' rows. */
  answers?: ReadonlyArray<[string, string]>;
};

/**
 * 'When' in the club's words, by the event's start: formatting dates is the costliest part of
 * composing an email, and a burst of registrations for one event asks for the same one each time.
 */
const scheduleTexts = new Map<string, string>();

function scheduleTextOf(dto: ReturnType<typeof toEventDto>): string {
  const key = `${dto.start_date ?? ''}|${dto.start_time ?? ''}`;
  let text = scheduleTexts.get(key);
  if (text === undefined) {
    text = eventScheduleText(dto);
    if (scheduleTexts.size >= 200) scheduleTexts.clear();
    scheduleTexts.set(key, text);
  }
  return text;
}

function eventRows(
  words: RegistrationWords,
  event: Event,
  memberId?: string | null,
): Array<[string, string]> {
  const dto = toEventDto(event);
  const rows: Array<[string, string]> = [[words.detailWhen, scheduleTextOf(dto)]];
  if (dto.location) rows.push([words.detailWhere, dto.location]);
  if (memberId) {
    rows.push([words.detailRegisteredAs, fillCopy(words.detailMember, { memberId })]);
  }
  return rows;
}

/** The event's details, then the person's answers to its questions (a new registration's). */
function detailsWithAnswers(
  words: RegistrationWords,
  context: RegistrationMailContext,
): Array<[string, string]> {
  return [...eventRows(words, context.event, context.memberId), ...(context.answers ?? [])];
}

function titleOf(event: Event, words: RegistrationWords): string {
  return eventPageTitle(toEventDto(event), words.eventFallbackTitle);
}

const greetingOf = (words: RegistrationWords, name: string) => fillCopy(words.greeting, { name });

function manageBlocks(url: string | null, label: string): Block[] {
  return url ? [{ kind: 'button', label, href: url }] : [];
}

/**
 * The event's calendar file, drawn by the sender; null without a start (buildIcs draws a file
 * exactly when the event has one). `sequence` above 0 updates an entry a calendar holds.
 */
function calendarAttachment(event: Event, sequence?: number): MailAttachment | null {
  const dto = toEventDto(event);
  if (!eventInterval(dto)) return null;
  const { id, title, description, starts_at, duration, location, organizer } = dto;
  return {
    filename: calendarFileName(dto),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    contentBase64: '',
    calendarOf: {
      event: { id, title, description, starts_at, duration, location, organizer },
      pageUrl: new URL(`/events/${dto.id}`, siteUrl()).toString(),
      ...(sequence ? { sequence } : {}),
    },
  };
}

async function doorPass(
  words: RegistrationWords,
  context: RegistrationMailContext,
  sequence?: number,
): Promise<{
  blocks: Block[];
  attachments: MailAttachment[];
}> {
  const attachments: MailAttachment[] = [
    {
      filename: 'check-in.png',
      contentType: 'image/png',
      contentBase64: '',
      cid: 'check-in-qr',
      qrCodeOf: context.checkInUrl,
    },
  ];
  const calendar = calendarAttachment(context.event, sequence);
  if (calendar) attachments.push(calendar);
  return {
    blocks: [
      { kind: 'paragraph', text: words.doorCodeIntro },
      { kind: 'image', cid: 'check-in-qr', alt: words.doorCodeAlt },
    ],
    attachments,
  };
}

export async function confirmedEmail(
  context: RegistrationMailContext,
  { promoted = false }: { promoted?: boolean } = {},
): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(promoted ? words.promotedSubject : words.confirmedSubject, { title });
  const pass = await doorPass(words, context);
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    {
      kind: 'paragraph',
      text: fillCopy(promoted ? words.promotedLead : words.confirmedLead, { title }),
    },
    { kind: 'details', rows: detailsWithAnswers(words, context) },
    ...pass.blocks,
    { kind: 'paragraph', text: words.calendarAttached },
    { kind: 'paragraph', text: words.cancelPlease },
    ...manageBlocks(context.manageUrl, words.manageButton),
  ]);
  return { subject, text, html, attachments: pass.attachments };
}

export async function waitlistedEmail(context: RegistrationMailContext): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(words.waitlistedSubject, { title });
  const position = context.waitlistPosition;
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    {
      kind: 'paragraph',
      text: position
        ? fillCopy(words.waitlistedLead, { title, position })
        : fillCopy(words.waitlistedLeadNoPosition, { title }),
    },
    { kind: 'details', rows: detailsWithAnswers(words, context) },
    ...manageBlocks(context.manageUrl, words.waitlistedButton),
  ]);
  return { subject, text, html, attachments: [] };
}

/**
 * A registration for an event that needs review: received, not yet a place. Says so plainly, so
 * that someone whose app showed 'You are now registered' knows the truth.
 */
export async function reviewReceivedEmail(
  context: RegistrationMailContext,
): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(words.reviewSubject, { title });
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.reviewLead, { title }) },
    { kind: 'details', rows: detailsWithAnswers(words, context) },
    ...manageBlocks(context.manageUrl, words.seeButton),
    { kind: 'paragraph', text: words.reviewWithdraw },
  ]);
  return { subject, text, html, attachments: [] };
}

export async function declinedEmail(context: RegistrationMailContext): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(words.declinedSubject, { title });
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.declinedLead, { title }) },
    ...(context.reason
      ? [
          {
            kind: 'paragraph',
            text: fillCopy(words.declinedNote, { reason: context.reason }),
          } as Block,
        ]
      : []),
    { kind: 'paragraph', text: words.declinedClosing },
  ]);
  return { subject, text, html, attachments: [] };
}

export async function cancelledEmail(context: RegistrationMailContext): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(words.cancelledSubject, { title });
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.cancelledLead, { title }) },
    ...(context.reason
      ? [
          {
            kind: 'paragraph',
            text: fillCopy(words.cancelledReason, { reason: context.reason }),
          } as Block,
        ]
      : []),
    { kind: 'paragraph', text: words.cancelledMistake },
    {
      kind: 'button',
      label: words.eventPageButton,
      href: new URL(`/events/${context.event.id}`, siteUrl()).toString(),
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/** The club's calendar day of `instant` as a day count, so that two days' distance is a subtraction. */
function clubDayNumber(instant: Date): number {
  const [year, month, day] = clubDate(instant).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * When the event starts, in words that fit the moment `now` of the reminder, by the club's
 * calendar days: 'today at 6:30 PM', 'tomorrow at 6:30 PM', else 'on Saturday, February 14,
 * 2026 at 6:30 PM'.
 */
export function reminderWhen(words: RegistrationWords, event: Event, now: Date): string {
  const { date, time, hasTime } = eventSchedule(toEventDto(event));
  const days = event.startsAt ? clubDayNumber(event.startsAt) - clubDayNumber(now) : null;
  if (days === 0) return hasTime ? fillCopy(words.whenTodayAt, { time }) : words.whenToday;
  if (days === 1) return hasTime ? fillCopy(words.whenTomorrowAt, { time }) : words.whenTomorrow;
  return hasTime
    ? fillCopy(words.whenOnDayAt, { date, time })
    : fillCopy(words.whenOnDay, { date });
}

/**
 * The reminder before the event, its words for the moment `now` it is queued at ('is today at
 * 6:30 PM'), its calendar file with the event's current SEQUENCE (`sequence`, the highest a change
 * notice sent), so that it never takes a calendar back to an older time.
 */
export async function reminderEmail(
  context: RegistrationMailContext,
  { now, sequence = 0 }: { now: Date; sequence?: number },
): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const when = reminderWhen(words, context.event, now);
  const subject = fillCopy(words.reminderSubject, { title, when });
  const pass = await doorPass(words, context, sequence);
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.reminderLead, { title, when }) },
    { kind: 'details', rows: eventRows(words, context.event) },
    ...pass.blocks,
    { kind: 'paragraph', text: words.reminderCancel },
    ...manageBlocks(context.manageUrl, words.manageButton),
  ]);
  return { subject, text, html, attachments: pass.attachments };
}

/**
 * Someone registered again with the address of a registration that stands: their own link,
 * sent to that address only (the answer to the second registration never carries it).
 */
export async function manageLinkAgainEmail(
  context: RegistrationMailContext,
): Promise<ComposedEmail> {
  const words = await registrationWords();
  const title = titleOf(context.event, words);
  const subject = fillCopy(words.linkAgainSubject, { title });
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.linkAgainLead, { title }) },
    { kind: 'details', rows: eventRows(words, context.event, context.memberId) },
    ...manageBlocks(context.manageUrl, words.seeButton),
    { kind: 'paragraph', text: words.linkAgainNotYou },
  ]);
  return { subject, text, html, attachments: [] };
}

/** The words of the console's account emails: the editors' (Studio), else the spec's. */
export type ConsoleWords = Copy<'consoleEmails'>;
export const consoleWords = (): Promise<ConsoleWords> => emailCopy('consoleEmails');

/** Each role's words in an invitation ('as coordinator'): the editors', like the sentence. */
const ROLE_WORDS = {
  super_admin: 'roleSuperAdmin',
  coordinator: 'roleCoordinator',
  finance: 'roleFinance',
  event_lead: 'roleEventLead',
} as const satisfies Record<Role, keyof ConsoleWords>;

/**
 * How long a link works, in the editors' words: whole days past one ('7 days'), else hours ('24
 * hours'), as the console's own pages say it (linkLifetimeWords). The lifetimes are fixed in
 * lib/auth/one-time-links.ts, none of them an hour, so no text says '1 hour'.
 */
export function linkValidForWords(words: ConsoleWords, hours: number): string {
  return hours % 24 === 0 && hours > 24
    ? fillCopy(words.validForDays, { days: hours / 24 })
    : fillCopy(words.validForHours, { hours });
}

/** A console account's one-time link: an invitation (with the role it gives) or a reset. */
export type AccountLink = {
  name: string;
  url: string;
  /** How long the link works, in hours (LINK_LIFETIME_MS of its purpose). */
  validForHours: number;
} & ({ kind: 'invite'; role: Role } | { kind: 'reset' });

/**
 * The console's account emails: an invitation or a password reset, with its one-time link. The
 * words are read by the caller before its transaction (`consoleWords`), so that no read of the
 * Studio holds the transaction open.
 */
export function accountLinkEmail(words: ConsoleWords, link: AccountLink): ComposedEmail {
  const invite = link.kind === 'invite';
  const subject = invite ? fillCopy(words.inviteSubject, { club: CLUB_NAME }) : words.resetSubject;
  const { text, html } = render(subject, fillCopy(words.greeting, { name: link.name }), [
    {
      kind: 'paragraph',
      text: invite
        ? fillCopy(words.inviteLead, { role: words[ROLE_WORDS[link.role]] })
        : words.resetLead,
    },
    { kind: 'button', label: invite ? words.inviteButton : words.resetButton, href: link.url },
    {
      kind: 'paragraph',
      text: fillCopy(words.linkOnce, {
        validFor: linkValidForWords(words, link.validForHours),
      }),
    },
  ]);
  return { subject, text, html, attachments: [] };
}

/** What changed of an event ('date', 'time and place'), in the editors' words. */
export function changeWordsIn(words: RegistrationWords, changed: readonly EventChange[]): string {
  const named = { date: words.changeDate, time: words.changeTime, place: words.changePlace };
  const parts = (['date', 'time', 'place'] as const)
    .filter((part) => changed.includes(part))
    .map((part) => named[part]);
  if (parts.length === 0) return words.changeDetails;
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 2) return fillCopy(words.changeTwo, { first: parts[0]!, second: parts[1]! });
  return fillCopy(words.changeThree, { first: parts[0]!, second: parts[1]!, third: parts[2]! });
}

/** What staff wrote to an event's registrants: their subject and words, the event, the link. */
export function eventMessageEmail(
  words: RegistrationWords,
  context: Pick<RegistrationMailContext, 'event' | 'person' | 'manageUrl'>,
  message: { subject: string; body: string },
): ComposedEmail {
  const title = titleOf(context.event, words);
  const { text, html } = render(message.subject, greetingOf(words, context.person.firstName), [
    ...paragraphsOf(message.body),
    { kind: 'paragraph', text: fillCopy(words.messageWhy, { title }) },
    { kind: 'details', rows: eventRows(words, context.event) },
    ...manageBlocks(context.manageUrl, words.seeButton),
  ]);
  return { subject: message.subject, text, html, attachments: [] };
}

/**
 * The event's date, time or place changed: the new details and a new calendar file with the
 * same UID and a higher SEQUENCE, which updates the entry in the person's calendar.
 */
export function eventChangeEmail(
  words: RegistrationWords,
  context: Pick<RegistrationMailContext, 'event' | 'person' | 'manageUrl'>,
  { changed, sequence }: { changed: readonly EventChange[]; sequence: number },
): ComposedEmail {
  const title = titleOf(context.event, words);
  const what = changeWordsIn(words, changed);
  const subject = fillCopy(words.changeSubject, { what, title });
  const calendar = calendarAttachment(context.event, sequence);
  const { text, html } = render(subject, greetingOf(words, context.person.firstName), [
    { kind: 'paragraph', text: fillCopy(words.changeLead, { what, title }) },
    { kind: 'details', rows: eventRows(words, context.event) },
    ...(calendar ? [{ kind: 'paragraph', text: words.changeCalendar } as Block] : []),
    { kind: 'paragraph', text: words.changeCancel },
    ...manageBlocks(context.manageUrl, words.seeButton),
  ]);
  return { subject, text, html, attachments: calendar ? [calendar] : [] };
}
