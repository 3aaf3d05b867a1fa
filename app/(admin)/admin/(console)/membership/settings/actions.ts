'use server';

import { revalidatePath } from 'next/cache';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import {
  membershipTypeSchema,
  saveMembershipType,
  saveYearSettings,
  yearSettingsSchema,
} from '@/lib/memberships/settings';
import { publishChange } from '@/lib/publish/publish';
import type { FormState } from '../../_forms/Field';

/**
 * The year's membership settings and its types (membership.settings). Each passes the guard
 * first; lib/memberships/settings.ts saves and writes the audit entry in one transaction.
 */

const YEAR_FIELDS = [
  'year',
  'etransferAddress',
  'etransferInstructions',
  'unpaidApplicationDays',
] as const;
const TYPE_FIELDS = [
  'id',
  'year',
  'name',
  'description',
  'price',
  'saleOpensOn',
  'saleClosesOn',
  'validFrom',
  'validUntil',
] as const;

const valuesOf = (form: FormData, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')]));

/**
 * The public membership pages show the prices and the e-Transfer address: every cached page
 * goes (no API list serves them, so no table tag).
 */
async function refreshMembershipPages() {
  revalidatePath('/admin/membership/settings');
  await publishChange([]);
}

export async function saveMembershipYear(_previous: FormState, form: FormData): Promise<FormState> {
  const access = await guard('membership.settings');
  const values = {
    ...valuesOf(form, YEAR_FIELDS),
    acceptingApplications: form.get('acceptingApplications') === 'on' ? 'on' : '',
  };
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = yearSettingsSchema.safeParse({
    ...values,
    acceptingApplications: values.acceptingApplications === 'on',
  });
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const outcome = await saveYearSettings(
    await getDb(),
    { id: access.actor.id, name: access.actor.name },
    parsed.data,
  );
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  await refreshMembershipPages();
  return { errors: {}, values, done: 'Saved. Applicants see the change now.' };
}

export async function saveMembershipTypeAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const access = await guard('membership.settings');
  const values = valuesOf(form, TYPE_FIELDS);
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = membershipTypeSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const outcome = await saveMembershipType(
    await getDb(),
    { id: access.actor.id, name: access.actor.name },
    parsed.data,
  );
  if (!outcome.ok) return { errors: { [outcome.field ?? 'form']: outcome.message }, values };
  await refreshMembershipPages();
  return {
    errors: {},
    // A new type's form starts empty again; an edited one keeps its values.
    values: parsed.data.id === null ? { year: String(parsed.data.year) } : values,
    done:
      parsed.data.id === null
        ? `Added “${outcome.name}”. It is offered during its sale window.`
        : `Saved “${outcome.name}”. New applications use it now; earlier ones keep their price.`,
  };
}
