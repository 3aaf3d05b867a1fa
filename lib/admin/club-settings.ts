import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ChangeActor, recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { type ClubSettings, readClubSettings } from '@/lib/db/club-settings';
import { normalizeEmail } from '@/lib/db/queries';
import { clubSettings } from '@/lib/db/schema';

/**
 * The club's settings page (/admin/settings): where members write about their membership, and
 * how many messages the staff may send to one event's registrants in a day. The one row
 * (club_settings, id 1) is read through lib/db/club-settings.ts; this saves it, with its audit
 * entry in the same transaction.
 */

/** The bounds of event_messages_per_day (the table's check says the same). */
export const EVENT_MESSAGES_PER_DAY_MIN = 1;
export const EVENT_MESSAGES_PER_DAY_MAX = 50;

const contactAddress = z
  .string()
  .trim()
  .max(254, 'The membership contact address must be at most 254 characters.')
  .transform((value, context) => {
    // Empty: members are sent to the club's general contact address (the site's footer).
    if (value === '') return null;
    if (!z.email().safeParse(value).success) {
      context.addIssue({
        code: 'custom',
        message: 'Enter a valid email address for the membership contact, or leave it empty.',
      });
      return z.NEVER;
    }
    return normalizeEmail(value);
  });

const messagesPerDay = z
  .string({ error: 'Messages per event per day are required.' })
  .trim()
  .transform((value, context) => {
    const count = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
    if (count >= EVENT_MESSAGES_PER_DAY_MIN && count <= EVENT_MESSAGES_PER_DAY_MAX) return count;
    context.addIssue({
      code: 'custom',
      message: `Messages per event per day must be a whole number from ${EVENT_MESSAGES_PER_DAY_MIN} to ${EVENT_MESSAGES_PER_DAY_MAX}.`,
    });
    return z.NEVER;
  });

/** The form's fields as typed (text), checked and turned into the row's values. */
export const clubSettingsSchema = z.object({
  membershipContactAddress: contactAddress,
  eventMessagesPerDay: messagesPerDay,
});

export type ClubSettingsInput = z.infer<typeof clubSettingsSchema>;

const settingsOf = (settings: ClubSettings) => ({
  membershipContactAddress: settings.membershipContactAddress,
  eventMessagesPerDay: settings.eventMessagesPerDay,
});

/** One line for the audit log: what changed, from what to what. */
function summaryOf(before: ClubSettings, after: ClubSettingsInput): string {
  const changes: string[] = [];
  if (before.membershipContactAddress !== after.membershipContactAddress) {
    changes.push(
      `membership contact address ${before.membershipContactAddress ?? 'not set'} → ${
        after.membershipContactAddress ?? 'not set (the site’s contact address)'
      }`,
    );
  }
  if (before.eventMessagesPerDay !== after.eventMessagesPerDay) {
    changes.push(
      `messages per event per day ${before.eventMessagesPerDay} → ${after.eventMessagesPerDay}`,
    );
  }
  return changes.length > 0
    ? `Changed the club settings: ${changes.join('; ')}`
    : 'Saved the club settings (nothing changed)';
}

/**
 * Saves the club's settings and writes the audit entry in the same transaction. The migration
 * creates the row; a database whose row was removed gets it back.
 */
export async function saveClubSettings(
  db: Database,
  staff: ChangeActor,
  input: ClubSettingsInput,
  now: Date = new Date(),
): Promise<ClubSettings> {
  return db.transaction(async (tx) => {
    // Under the row's lock, so two saves at once each record what they replaced.
    await tx
      .select({ id: clubSettings.id })
      .from(clubSettings)
      .where(eq(clubSettings.id, 1))
      .for('update');
    const before = await readClubSettings(tx);
    const values = {
      membershipContactAddress: input.membershipContactAddress,
      eventMessagesPerDay: input.eventMessagesPerDay,
      updatedAt: now,
    };
    await tx
      .insert(clubSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: clubSettings.id, set: values });
    await recordChange(
      tx,
      staff,
      {
        action: 'clubSettings.update',
        recordType: 'clubSettings',
        recordId: 1,
        summary: summaryOf(before, input),
        before: settingsOf(before),
        after: settingsOf(input),
      },
      now,
    );
    return settingsOf(input);
  });
}
