import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { clubSettings } from './schema';

export type ClubSettings = {
  /** Where members write about their membership (a suspension, a question); null until set. */
  membershipContactAddress: string | null;
  /** How many messages the staff may send to one event's registrants in a day. */
  eventMessagesPerDay: number;
};

/** The defaults the migration's row starts with, for a database whose row was removed. */
const DEFAULT_CLUB_SETTINGS: ClubSettings = {
  membershipContactAddress: null,
  eventMessagesPerDay: 3,
};

/** The club's settings row (club_settings, id 1): the one place every reader takes them from. */
export async function readClubSettings(db: Pick<Database, 'select'>): Promise<ClubSettings> {
  const [row] = await db
    .select({
      membershipContactAddress: clubSettings.membershipContactAddress,
      eventMessagesPerDay: clubSettings.eventMessagesPerDay,
    })
    .from(clubSettings)
    .where(eq(clubSettings.id, 1));
  return row ?? DEFAULT_CLUB_SETTINGS;
}
