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

/**
 * The settings before a super admin first saves them: the row is written by that first save, not
 * by the migration, so a new database holds no row of data (a restore takes only an empty one).
 */
const DEFAULT_CLUB_SETTINGS: ClubSettings = {
  membershipContactAddress: null,
  eventMessagesPerDay: 3,
};

/** The club's settings (club_settings, id 1, else the defaults): every reader takes them here. */
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
