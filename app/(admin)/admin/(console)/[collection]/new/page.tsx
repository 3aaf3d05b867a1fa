import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { COLLECTION_SPECS, collectionAt, collectionPath } from '@/lib/admin/collection-specs';
import { dynamicChoices, recordFormValues } from '@/lib/admin/collections';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../../console.module.css';
import { NotAllowed } from '../../NotAllowed';
import { RecordForm } from '../RecordForm';

type Props = { params: Promise<{ collection: string }> };

export const metadata: Metadata = { title: 'Add' };

export default async function NewRecordPage({ params }: Props) {
  const collection = collectionAt((await params).collection);
  if (!collection) notFound();
  const path = collectionPath(collection);
  const { signedIn, allowed } = await requireAccess('content.edit', `${path}/new`);
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const spec = COLLECTION_SPECS[collection];
  return (
    <div className={styles.stack}>
      <p>
        <Link href={path}>← {spec.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>Add {spec.singular}</h1>
      <section className={styles.panel} aria-label={`The ${spec.singular}`}>
        <RecordForm
          slug={collection}
          initialValues={recordFormValues(collection, null)}
          choices={await dynamicChoices(await getDb())}
        />
      </section>
    </div>
  );
}
