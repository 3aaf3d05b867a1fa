'use server';

import { randomUUID } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requiredLine, requiredText } from '@/lib/api/contract';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { guardEvent } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { declineChangeNotice, sendChangeNotice } from '@/lib/registrations/change-notices';
import {
  AUDIENCES,
  audiencePhrase,
  changeWords,
  messageAllowance,
  messageLimitWords,
  previewEventMessage,
  sendEventMessage,
} from '@/lib/registrations/event-messages';
import type { FormState } from '../../../_forms/Field';
import type { SmallActionState } from '../../actions';
import { EMAIL_BODY_LENGTH, EMAIL_SUBJECT_LENGTH, SEND_KEY } from '../../../_forms/email-draft';

/**
 * Writing to an event's registrants: a message to one group, previewed with its count before it
 * is sent, at most the club's number a day per event; and the answer to the offer of a notice
 * of a new date, time or place, which the event's pages show until someone answers it. Each
 * passes the guard first (session, role, the event); sending or declining writes its record,
 * its emails and its audit entry in one transaction (lib/registrations/event-messages.ts and
 * change-notices.ts).
 */

/** What the preview showed, kept by the form that sends exactly that. */
export type PreviewState = {
  audience: string;
  subject: string;
  body: string;
  recipients: number;
  /** To whom, in words: '12 confirmed registrants'. */
  to: string;
  shownFor: string | null;
  emailSubject: string;
  emailText: string;
  /** The send form's one-time key: a second press sends nothing more. */
  sendKey: string;
};

export type MessageFormState = FormState & { preview?: PreviewState };

const draftSchema = z.object({
  audience: z.enum(AUDIENCES, { error: 'Choose who gets the message.' }),
  subject: requiredLine('Subject', EMAIL_SUBJECT_LENGTH),
  body: requiredText('Message', EMAIL_BODY_LENGTH),
});

const EMPTY = { audience: 'confirmed', subject: '', body: '' };

/** 'preview' shows what goes out and to how many; 'send' sends what the preview showed. */
export async function messageRegistrants(
  _previous: MessageFormState,
  form: FormData,
): Promise<MessageFormState> {
  const values = {
    audience: String(form.get('audience') ?? ''),
    subject: String(form.get('subject') ?? ''),
    body: String(form.get('body') ?? ''),
  };
  const access = await guardEvent('registrations.message', form.get('eventId'));
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = draftSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const draft = parsed.data;
  const db = await getDb();
  const event = access.event;

  const previewOf = async (): Promise<MessageFormState> => {
    const allowance = await messageAllowance(db, event.id);
    if (allowance.nextAt) return { errors: { form: messageLimitWords(allowance) }, values };
    const preview = await previewEventMessage(db, event, draft);
    if (preview.recipients === 0) {
      return { errors: { audience: 'Nobody is in this group: choose another.' }, values };
    }
    return {
      errors: {},
      values,
      preview: {
        ...draft,
        recipients: preview.recipients,
        to: audiencePhrase(draft.audience, preview.recipients),
        shownFor: preview.shownFor,
        emailSubject: preview.email.subject,
        emailText: preview.email.text,
        sendKey: randomUUID(),
      },
    };
  };

  if (form.get('intent') !== 'send') return previewOf();

  const sendKey = String(form.get('sendKey') ?? '');
  const expected = Number(form.get('expected'));
  if (!SEND_KEY.test(sendKey) || !Number.isSafeInteger(expected)) {
    return { errors: { form: 'Preview the message first, then send it.' }, values };
  }
  const outcome = await sendEventMessage(db, access.actor, event.id, {
    ...draft,
    sendKey,
    expected,
  });
  switch (outcome.kind) {
    case 'sent':
      deliverSoon();
      revalidatePath(`/admin/events/${event.id}/messages`);
      return {
        errors: {},
        values: EMPTY,
        done: `Sent to ${audiencePhrase(draft.audience, outcome.recipients)}. The list below shows when each email goes out.`,
      };
    case 'already_sent':
      return {
        errors: {},
        values: EMPTY,
        done: `This message was already sent (to ${outcome.recipients}): nothing more went out.`,
      };
    case 'changed': {
      const fresh = await previewOf();
      return {
        ...fresh,
        errors: {
          form: `Not sent: the group changed since the preview and now holds ${audiencePhrase(draft.audience, outcome.recipients)}. Check the new preview, then send.`,
        },
      };
    }
    case 'limit':
      return { errors: { form: `Not sent. ${messageLimitWords(outcome.allowance)}` }, values };
    case 'nobody':
      return {
        errors: { audience: 'Nobody is in this group any more: nothing was sent.' },
        values,
      };
    case 'not_found':
      return { errors: { form: 'This event no longer exists.' }, values };
  }
}

/** The answer to the offer, with the offer's key: the form tells its own answer from a newer offer. */
export type OfferAnswerState = SmallActionState & { sendKey?: string };

const ANSWERED = 'Someone already answered this: the event’s page shows what was sent.';

/**
 * 'Email the N registrants': tells everyone still coming of the new date, time or place (all
 * that is unanswered, read under the event's lock), and clears the offer.
 */
export async function notifyRegistrants(
  _previous: OfferAnswerState,
  form: FormData,
): Promise<OfferAnswerState> {
  const access = await guardEvent('registrations.message', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const sendKey = String(form.get('sendKey') ?? '');
  if (!SEND_KEY.test(sendKey)) return { error: 'Reload the page, then answer again.' };
  const outcome = await sendChangeNotice(await getDb(), access.actor, access.event.id, {
    sendKey,
  });
  switch (outcome.kind) {
    case 'sent':
      deliverSoon();
      revalidatePath(`/admin/events/${access.event.id}`, 'layout');
      return {
        sendKey,
        done: `Emailed the new ${changeWords(outcome.changed)} to ${audiencePhrase('active', outcome.recipients)}, with a calendar file that updates their calendar.`,
      };
    case 'already_sent':
      return {
        sendKey,
        done: `They were already told (${outcome.recipients}): nothing more went out.`,
      };
    case 'answered':
      revalidatePath(`/admin/events/${access.event.id}`, 'layout');
      return { sendKey, error: ANSWERED };
    case 'nobody':
      return { sendKey, error: 'Nobody is registered any more: nothing was sent.' };
    case 'not_found':
      return { sendKey, error: 'This event no longer exists or is cancelled.' };
  }
}

/** 'Don't notify them': clears the offer without emailing anyone (audited). */
export async function declineChangeNoticeAction(
  _previous: OfferAnswerState,
  form: FormData,
): Promise<OfferAnswerState> {
  const access = await guardEvent('registrations.message', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const sendKey = String(form.get('sendKey') ?? '');
  const outcome = await declineChangeNotice(await getDb(), access.actor, access.event.id);
  switch (outcome.kind) {
    case 'declined':
      revalidatePath(`/admin/events/${access.event.id}`, 'layout');
      return {
        sendKey,
        done: `Nobody was emailed about the new ${changeWords(outcome.changed)}. You can still write to them from Messages.`,
      };
    case 'answered':
      revalidatePath(`/admin/events/${access.event.id}`, 'layout');
      return { sendKey, error: ANSWERED };
    case 'not_found':
      return { sendKey, error: 'This event no longer exists.' };
  }
}
