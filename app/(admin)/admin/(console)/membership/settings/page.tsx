import type { Metadata } from 'next';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatAmount, formatValidity, membershipYearName } from '@/lib/memberships/format';
import { centsToDollarsInput } from '@/lib/memberships/price-input';
import { readMembershipSettings } from '@/lib/memberships/settings';
import styles from '../../../console.module.css';
import { NotAllowed } from '../../NotAllowed';
import { MembershipTypeForm, YearSettingsForm } from './SettingsForms';

export const metadata: Metadata = { title: 'Membership settings' };

const yearLabel = membershipYearName;

/**
 * The membership year's settings (membership.settings): the e-Transfer address and instructions,
 * whether applications are open, and the types on sale with their prices, sale windows and
 * validity. Prices are typed in dollars and kept in cents.
 */
export default async function MembershipSettingsPage() {
  const { signedIn, allowed } = await requireAccess(
    'membership.settings',
    '/admin/membership/settings',
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const years = await readMembershipSettings(await getDb());
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Membership settings</h1>
      {years.length === 0 ? (
        <p className={styles.empty}>
          No membership year is set up yet: `npm run db:seed` adds 2026–27 with the club’s first
          prices.
        </p>
      ) : null}
      {years.map((year) => (
        <div key={year.year} className={styles.stack}>
          <section className={styles.panel} aria-labelledby={`year-${year.year}`}>
            <h2 id={`year-${year.year}`} className={styles.panelTitle}>
              {yearLabel(year.year)}: payment and applications
            </h2>
            <YearSettingsForm
              initial={{
                year: String(year.year),
                etransferAddress: year.etransferAddress,
                etransferInstructions: year.etransferInstructions,
                unpaidApplicationDays: String(year.unpaidApplicationDays),
                acceptingApplications: year.acceptingApplications ? 'on' : '',
              }}
            />
          </section>
          <section className={styles.panel} aria-labelledby={`types-${year.year}`}>
            <h2 id={`types-${year.year}`} className={styles.panelTitle}>
              {yearLabel(year.year)}: membership types
            </h2>
            {year.types.map((type) => (
              <details key={type.id} className={styles.more}>
                <summary>
                  <strong>{type.name}</strong>, {formatAmount(type.priceCents, type.currency)} ·
                  valid {formatValidity(type.validFrom, type.validUntil)}
                </summary>
                <MembershipTypeForm
                  used={type.memberships}
                  initial={{
                    id: String(type.id),
                    year: String(year.year),
                    name: type.name,
                    description: type.description,
                    price: centsToDollarsInput(type.priceCents),
                    saleOpensOn: type.saleOpensOn,
                    saleClosesOn: type.saleClosesOn,
                    validFrom: type.validFrom,
                    validUntil: type.validUntil,
                  }}
                />
              </details>
            ))}
            <details className={styles.more}>
              <summary>Add a type</summary>
              <MembershipTypeForm used={0} initial={{ id: '', year: String(year.year) }} />
            </details>
          </section>
        </div>
      ))}
    </div>
  );
}
