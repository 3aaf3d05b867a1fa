import Link from 'next/link';
import styles from '../../console.module.css';

export type Search = Record<string, string | string[] | undefined>;

export function single(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The address of a list's page with its search words kept. */
export function listLink(
  path: string,
  text: string,
  page: number,
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams(extra);
  if (text) query.set('q', text);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A list's search form: a GET form, so a search is a link staff can share. */
export function SearchBox({
  id,
  label,
  text,
  hidden = {},
}: {
  id: string;
  label: string;
  text: string;
  hidden?: Record<string, string>;
}) {
  return (
    <form method="get" role="search" className={`${styles.row} ${styles.searchForm}`}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={text}
        className={`${styles.input} ${styles.searchInput}`}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </form>
  );
}

/** Previous and next page links of a list. */
export function Pager({
  label,
  page,
  hasMore,
  linkTo,
}: {
  label: string;
  page: number;
  hasMore: boolean;
  linkTo: (page: number) => string;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className={styles.row}>
      {page > 1 ? <Link href={linkTo(page - 1)}>Previous page</Link> : null}
      <span className={styles.muted}>Page {page}</span>
      {hasMore ? <Link href={linkTo(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
