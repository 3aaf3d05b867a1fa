import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { fillCopy } from '@/lib/copy/fill';
import { formatAmount, formatDay } from '@/lib/memberships/format';
import { type OfferedType, typesOnSale } from '@/lib/memberships/offer';
import type { MembershipTexts } from './shared';
import styles from './membership.module.css';

/** The types on sale now, or why there are none to show. */
export async function readTypesOnSale(): Promise<OfferedType[] | null> {
  try {
    return await typesOnSale(await getDb(), new Date());
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to read the membership types on sale', error);
    return null;
  }
}

/** Each type on sale: its name, price, validity and the last day it is sold. */
export function TypeList({
  types,
  texts,
  headingLevel = 3,
}: {
  types: OfferedType[] | null;
  texts: MembershipTexts;
  headingLevel?: 2 | 3;
}) {
  if (types === null) return <p className="error-text">{texts.pricesError}</p>;
  if (types.length === 0) return <p className="status-text">{texts.pricesEmpty}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.types}>
      {types.map((type) => (
        <li key={type.id} className={styles.type}>
          <Heading className={styles.typeName}>{type.name}</Heading>
          <p className={styles.price}>{formatAmount(type.priceCents, type.currency)}</p>
          {type.description ? <p className={styles.meta}>{type.description}</p> : null}
          <p className={styles.meta}>
            {fillCopy(texts.validity, {
              from: formatDay(type.validFrom),
              until: formatDay(type.validUntil),
            })}
          </p>
          <p className={styles.meta}>
            {fillCopy(texts.saleUntil, { date: formatDay(type.saleClosesOn) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
