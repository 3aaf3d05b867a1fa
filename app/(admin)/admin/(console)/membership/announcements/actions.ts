'use server';

import { randomUUID } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requiredLine, requiredText } from '@/lib/api/contract';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import {
  audienceParams,
  audienceWords,
  membersWord,
  parseAudience,
  previewAnnouncement,
  sendAnnouncement,
} from '@/lib/memberships/announcements';
import { rosterChoices } from '@/lib/memberships/roster';
import type { FormState } from '../../_forms/Field';
import { EMAIL_BODY_LENGTH, EMAIL_SUBJECT_LENGTH, SEND_KEY } from '../../_forms/email-draft';

/**
 * An announcement to the members (lib/memberships/announcements.ts): previewed, with how many
 * it goes to, then sent exactly as previewed. The guard comes first (session and
 * memberships.announce); sending writes the announcement, its emails and its audit entry in one
 * transaction.
 */

/** What the preview showed, kept by the form that sends exactly that. */
export type AnnouncementPreviewState = {
  subject: string;
  body: string;
  /** The audience as the roster's address parameters (type, program, study, …). */
  audience: Record<string, string>;
  recipients: number;
  /** 'This goes to 12 members'. */
  to: string;
  shownFor: string | null;
  emailSubject: string;
  emailText: string;
  /** The send form's one-time key: a second press sends nothing more. */
  sendKey: string;
};

export type AnnouncementFormState = FormState & { preview?: AnnouncementPreviewState };

const draftSchema = z.object({
  subject: requiredLine('Subject', EMAIL_SUBJECT_LENGTH),
  body: requiredText('Message', EMAIL_BODY_LENGTH),
});

const AUDIENCE_FIELDS = ['type', 'program', 'study', 'expiring', 'new'] as const;

/** 'preview' shows what goes out and to how many; 'send' sends what the preview showed. */
export async function announceToMembers(
  _previous: AnnouncementFormState,
  form: FormData,
): Promise<AnnouncementFormState> {
  const values = {
    subject: String(form.get('subject') ?? ''),
    body: String(form.get('body') ?? ''),
  };
  const access = await guard('memberships.announce');
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = draftSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const draft = parsed.data;
  const audience = parseAudience(
    Object.fromEntries(AUDIENCE_FIELDS.map((name) => [name, String(form.get(name) ?? '')])),
  );
  const db = await getDb();
  const { types } = await rosterChoices(db);
  const audienceText = audienceWords(audience, types);

  const previewOf = async (): Promise<AnnouncementFormState> => {
    const preview = await previewAnnouncement(db, audience, draft);
    if (preview.recipients === 0) {
      return {
        errors: { form: `Nobody is in this audience (${audienceText}): choose another.` },
        values,
      };
    }
    return {
      errors: {},
      values,
      preview: {
        ...draft,
        audience: audienceParams(audience),
        recipients: preview.recipients,
        to: `This goes to ${membersWord(preview.recipients)}`,
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
    return { errors: { form: 'Preview the announcement first, then send it.' }, values };
  }
  const outcome = await sendAnnouncement(db, access.actor, {
    ...draft,
    audience,
    audienceText,
    sendKey,
    expected,
  });
  const cleared = { subject: '', body: '' };
  switch (outcome.kind) {
    case 'sent':
      deliverSoon();
      revalidatePath('/admin/membership/announcements');
      return {
        errors: {},
        values: cleared,
        done: `Sent to ${membersWord(outcome.recipients)}. The list below shows how many went out.`,
      };
    case 'already_sent':
      return {
        errors: {},
        values: cleared,
        done: `This announcement was already sent (to ${membersWord(outcome.recipients)}): nothing more went out.`,
      };
    case 'changed': {
      const fresh = await previewOf();
      return {
        ...fresh,
        errors: {
          form: `Not sent: the audience changed since the preview and now holds ${membersWord(outcome.recipients)}. Check the new preview, then send.`,
        },
      };
    }
    case 'nobody':
      return { errors: { form: 'Nobody is in this audience any more: nothing was sent.' }, values };
  }
}
