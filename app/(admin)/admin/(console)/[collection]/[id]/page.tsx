import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { COLLECTION_SPECS, collectionAt, collectionPath } from '@/lib/admin/collection-specs';
import { dynamicChoices, findRecord, recordFormValues, recordName } from '@/lib/admin/collections';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../../console.module.css';
import { type Search, single } from '../../_forms/Listing';
import { NotAllowed } from '../../NotAllowed';
import { DeleteRecordForm, RecordForm } from '../RecordForm';

type Props = { params: Promise<{ collection: string; id: string }>; searchParams: Promise<Search> };

export const metadata: Metadata = { title: 'Edit' };

export default async function RecordPage({ params, searchParams }: Props) {
  const [{ collection: segment, id: rawId }, search] = await Promise.all([params, searchParams]);
  const collection = collectionAt(segment);
  if (!collection) notFound();
  const path = collectionPath(collection);
  const { signedIn, allowed } = await requireAccess('content.edit', `${path}/${rawId}`);
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const db = await getDb();
  const row = id === null ? null : await findRecord(db, collection, id);
  if (!row) notFound();
  const spec = COLLECTION_SPECS[collection];
  const name = recordName(collection, row);
  return (
    <div className={styles.stack}>
      <p>
        <Link href={path}>← {spec.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>{name}</h1>
      {single(search.created) ? (
        <p className={styles.notice}>Added: the site shows it now.</p>
      ) : null}
      <section className={styles.panel} aria-label={`The ${spec.singular}`}>
        <RecordForm
          slug={collection}
          recordId={row.id}
          initialValues={recordFormValues(collection, row)}
          choices={await dynamicChoices(db, collection === 'members' ? row.id : undefined)}
        />
      </section>
      <section className={styles.panel} aria-labelledby="remove-record">
        <h2 id="remove-record" className={styles.panelTitle}>
          Remove
        </h2>
        <DeleteRecordForm slug={collection} recordId={row.id} name={name} />
      </section>
    </div>
  );
}
