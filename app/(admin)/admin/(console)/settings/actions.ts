'use server';

import { revalidatePath } from 'next/cache';
import { clubSettingsSchema, saveClubSettings } from '@/lib/admin/club-settings';
import { fieldErrorsOf } from '@/lib/auth/account-schema';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import type { FormState } from '../_forms/Field';

/**
 * The club's settings (membership.settings: the super admin, as the membership year's settings).
 * The guard first; lib/admin/club-settings.ts saves the row and its audit entry in one
 * transaction. Nothing public shows them, so no page cache to empty: the next email reads them.
 */

const FIELDS = ['membershipContactAddress', 'eventMessagesPerDay'] as const;

export async function saveClubSettingsAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const access = await guard('membership.settings');
  const values = Object.fromEntries(
    FIELDS.map((field) => [field, String(form.get(field) ?? '')]),
  ) as Record<(typeof FIELDS)[number], string>;
  if (!access.ok) return { errors: { form: access.message }, values };
  const parsed = clubSettingsSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrorsOf(parsed.error), values };
  const saved = await saveClubSettings(
    await getDb(),
    { id: access.actor.id, name: access.actor.name },
    parsed.data,
  );
  revalidatePath('/admin/settings');
  return {
    errors: {},
    values: {
      membershipContactAddress: saved.membershipContactAddress ?? '',
      eventMessagesPerDay: String(saved.eventMessagesPerDay),
    },
    done: saved.membershipContactAddress
      ? `Saved. Membership emails from now on name ${saved.membershipContactAddress} as the address to write to.`
      : 'Saved. Membership emails name the club’s general contact address until a membership contact address is set.',
  };
}
