import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { COLLECTION_SPECS, collectionAt, collectionPath } from '@/lib/admin/collection-specs';
import { listRecords, recordName } from '@/lib/admin/collections';
import { pageNumber } from '@/lib/admin/search';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../console.module.css';
import { listLink, Pager, type Search, SearchBox, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { moveCollectionRecord } from './actions';

type Props = { params: Promise<{ collection: string }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const collection = collectionAt((await params).collection);
  return { title: collection ? COLLECTION_SPECS[collection].title : 'Not found' };
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const [{ collection: segment }, search] = await Promise.all([params, searchParams]);
  const collection = collectionAt(segment);
  if (!collection) notFound();
  const path = collectionPath(collection);
  const { signedIn, allowed } = await requireAccess('content.edit', pathWithQuery(path, search));
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const spec = COLLECTION_SPECS[collection];
  const text = single(search.q);
  const page = pageNumber(single(search.page));
  const { rows, hasMore } = await listRecords(await getDb(), collection, { text, page });
  const back = listLink(path, text, page);
  const labelOf = (column: string) =>
    spec.fields.find((field) => field.column === column)?.label ?? column;
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/content">← Site content</Link>
      </p>
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>{spec.title}</h1>
        <Link href={`${path}/new`} className={styles.button}>
          Add {spec.singular}
        </Link>
      </div>
      <p className={styles.muted}>Shown on {spec.shownOn}, in this order.</p>
      {single(search.deleted) ? (
        <p className={styles.notice}>{single(search.deleted)} is removed from the site.</p>
      ) : null}
      <section className={styles.panel} aria-labelledby="records">
        <h2 id="records" className={styles.panelTitle}>
          {text ? `Matching “${text}”` : `All ${spec.title.toLowerCase()}`}
        </h2>
        <SearchBox id="record-search" label={`Search ${spec.title.toLowerCase()}`} text={text} />
        {rows.length === 0 ? (
          <p className={styles.empty}>
            {text ? 'Nothing matches these words.' : `No ${spec.singular} yet.`}
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                {spec.listColumns.map((column) => (
                  <th key={column} scope="col">
                    {labelOf(column)}
                  </th>
                ))}
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const name = recordName(collection, row);
                return (
                  <tr key={row.id}>
                    <td data-label="Name">
                      <Link href={`${path}/${row.id}`}>{name}</Link>
                    </td>
                    {spec.listColumns.map((column) => (
                      <td key={column} data-label={labelOf(column)} className={styles.cellText}>
                        {shown(row[column])}
                      </td>
                    ))}
                    <td data-label="Order">
                      {text ? (
                        '—'
                      ) : (
                        <form action={moveCollectionRecord} className={styles.row}>
                          <input type="hidden" name="collection" value={collection} />
                          <input type="hidden" name="recordId" value={row.id} />
                          <input type="hidden" name="back" value={back} />
                          <button
                            type="submit"
                            name="direction"
                            value="up"
                            className={`${styles.button} ${styles.quietButton}`}
                            disabled={page === 1 && index === 0}
                            aria-label={`Move ${name} up`}
                          >
                            ↑
                          </button>
                          <button
                            type="submit"
                            name="direction"
                            value="down"
                            className={`${styles.button} ${styles.quietButton}`}
                            disabled={!hasMore && index === rows.length - 1}
                            aria-label={`Move ${name} down`}
                          >
                            ↓
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <Pager
          label={`${spec.title} pages`}
          page={page}
          hasMore={hasMore}
          linkTo={(target) => listLink(path, text, target)}
        />
      </section>
    </div>
  );
}
