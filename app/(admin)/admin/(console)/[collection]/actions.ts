'use server';

import { redirect } from 'next/navigation';
import {
  deleteRecord,
  findRecord,
  moveRecord,
  recordSchema,
  saveRecord,
  tagsOf,
} from '@/lib/admin/collections';
import { COLLECTION_SPECS, collectionPath, isCollectionSlug } from '@/lib/admin/collection-specs';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { publishChange } from '@/lib/publish/publish';
import type { FormState } from '../_forms/Field';

function recordId(form: FormData): number | null {
  const raw = String(form.get('recordId') ?? '');
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** Creates (no `recordId`) or saves a record of any collection, and publishes the change. */
export async function saveCollectionRecord(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const access = await guard('content.edit');
  const slug = String(form.get('collection') ?? '');
  if (!isCollectionSlug(slug)) {
    return { errors: { form: access.ok ? 'There is no such list.' : access.message }, values: {} };
  }
  const spec = COLLECTION_SPECS[slug];
  const values = Object.fromEntries(
    spec.fields.map((field) => [field.column, String(form.get(field.column) ?? '')]),
  );
  if (!access.ok) return { errors: { form: access.message }, values };
  const { actor } = access;
  const db = await getDb();
  const id = recordId(form);
  const current = id === null ? null : await findRecord(db, slug, id);
  if (id !== null && !current) {
    return { errors: { form: `This ${spec.singular} no longer exists.` }, values };
  }
  const parsed = recordSchema(slug, current).safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const outcome = await saveRecord(db, actor, slug, id, parsed.data);
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  await publishChange(tagsOf(slug));
  if (id === null) redirect(`${collectionPath(slug)}/${outcome.id}?created=1`);
  return { errors: {}, values, done: 'Saved. The site shows the change now.' };
}

export type RecordActionState = { error?: string; done?: string };

export async function deleteCollectionRecord(
  _previous: RecordActionState,
  form: FormData,
): Promise<RecordActionState> {
  const access = await guard('content.edit');
  if (!access.ok) return { error: access.message };
  const slug = String(form.get('collection') ?? '');
  if (!isCollectionSlug(slug)) return { error: 'There is no such list.' };
  const id = recordId(form);
  if (id === null) return { error: 'This record no longer exists.' };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const outcome = await deleteRecord(await getDb(), access.actor, slug, id);
  if (!outcome.ok) return { error: outcome.message };
  await publishChange(tagsOf(slug));
  redirect(`${collectionPath(slug)}?deleted=${encodeURIComponent(outcome.name)}`);
}

/** Moves a record up or down the list (a plain form: it works before the page's script loads). */
export async function moveCollectionRecord(form: FormData): Promise<void> {
  const access = await guard('content.edit');
  const slug = String(form.get('collection') ?? '');
  const id = recordId(form);
  const direction = form.get('direction') === 'up' ? 'up' : 'down';
  if (!access.ok || !isCollectionSlug(slug) || id === null) return;
  if (await moveRecord(await getDb(), access.actor, slug, id, direction)) {
    await publishChange(tagsOf(slug));
  }
  const back = String(form.get('back') ?? '');
  const path = collectionPath(slug);
  redirect(back.startsWith(path) ? back : path);
}
