import type { Metadata } from 'next';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { readClubSettings } from '@/lib/db/club-settings';
import { clubContactAddress } from '@/lib/memberships/contact-address';
import styles from '../../console.module.css';
import { NotAllowed } from '../NotAllowed';
import { ClubSettingsForm } from './ClubSettingsForm';

export const metadata: Metadata = { title: 'Club settings' };

/** The general address is only a hint here: the page still opens when it cannot be read. */
async function readGeneralContactAddress(): Promise<string | null> {
  try {
    return await clubContactAddress();
  } catch (error) {
    console.error('The club’s general contact address could not be read', error);
    return null;
  }
}

/**
 * The club's settings that are not a membership year's (membership.settings, the super admin):
 * where members write about their membership, and how many messages the staff may send to one
 * event's registrants in a day.
 */
export default async function ClubSettingsPage() {
  const { signedIn, allowed } = await requireAccess('membership.settings', '/admin/settings');
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const [settings, generalContactAddress] = await Promise.all([
    readClubSettings(await getDb()),
    readGeneralContactAddress(),
  ]);
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Club settings</h1>
      <section className={styles.panel} aria-labelledby="club-settings-title">
        <h2 id="club-settings-title" className={styles.panelTitle}>
          Members and messages
        </h2>
        <ClubSettingsForm
          initial={{
            membershipContactAddress: settings.membershipContactAddress ?? '',
            eventMessagesPerDay: String(settings.eventMessagesPerDay),
          }}
          generalContactAddress={generalContactAddress}
        />
      </section>
    </div>
  );
}
