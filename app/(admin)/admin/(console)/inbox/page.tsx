import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import {
  type InboxState,
  inboxCounts,
  inboxStateOf,
  listInbox,
  SUBMISSION_KINDS,
} from '@/lib/admin/inbox';
import { pageNumber } from '@/lib/admin/search';
import type { ChangeRequestStanding } from '@/lib/memberships/change-requests';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { listLink, Pager, type Search, SearchBox, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { BulkHandled, ErasureForm, HandledForm, SelectItem } from './InboxForms';

export const metadata: Metadata = { title: 'Inbox' };

const STATES: { value: InboxState; label: string }[] = [
  { value: 'open', label: 'To handle' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

/** How a change request that cannot simply be applied is marked in the list. */
const STANDING_BADGES: Record<Exclude<ChangeRequestStanding, 'confirmed'>, string> = {
  unconfirmed: 'Unconfirmed',
  unmatched: 'No matching membership',
  applied: 'Applied',
};

function excerpt(text: string | null, length = 200): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** The list, inside the bulk action for those who handle the inbox. */
function InboxList({
  handles,
  selectable,
  children,
}: {
  handles: boolean;
  selectable: boolean;
  children: ReactNode;
}) {
  return handles ? <BulkHandled selectable={selectable}>{children}</BulkHandled> : children;
}

export default async function InboxPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'inbox.read',
    pathWithQuery('/admin/inbox', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const text = single(search.q);
  const state = inboxStateOf(single(search.state), text);
  const page = pageNumber(single(search.page));
  const db = await getDb();
  const { items, hasMore } = await listInbox(db, { text, state, page });
  // Searching looks in every tab, so each tab says how many it holds of what was found.
  const counts = text ? await inboxCounts(db, text) : null;
  // The tab as a link: without words, 'To handle' is the inbox's own address.
  const stateQuery = (value: InboxState): Record<string, string> =>
    value === inboxStateOf('', text) ? {} : { state: value };
  const extra = stateQuery(state);
  const handles = can(signedIn, 'inbox.handle');
  // Several open items at once: the list gets checkboxes and the bulk bar.
  const selectable = handles && items.some((item) => item.handledAt === null);
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Inbox</h1>
      <p className={styles.muted}>
        Contact messages, service requests, job applications and members’ requests to change their
        details, newest first.
      </p>
      <nav aria-label="Inbox views" className={styles.row}>
        {STATES.map((option) => (
          <Link
            key={option.value}
            href={listLink('/admin/inbox', text, 1, stateQuery(option.value))}
            aria-current={option.value === state ? 'page' : undefined}
            className={`${styles.button} ${option.value === state ? '' : styles.quietButton}`}
          >
            {option.label}
            {counts ? ` (${counts[option.value]})` : null}
          </Link>
        ))}
      </nav>
      <section className={styles.panel} aria-labelledby="inbox-items">
        <h2 id="inbox-items" className={styles.panelTitle}>
          {STATES.find((option) => option.value === state)!.label}
        </h2>
        {/* A new search looks in every tab; the tabs then filter what it found. */}
        <SearchBox id="inbox-search" label="Search the inbox" text={text} />
        <InboxList handles={handles} selectable={selectable}>
          {items.length === 0 ? (
            <p className={styles.empty}>
              {text
                ? 'Nothing matches these words.'
                : state === 'open'
                  ? 'Nothing waits to be handled.'
                  : 'Nothing here yet.'}
            </p>
          ) : (
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={`${item.kind}-${item.id}`} className={styles.listItem}>
                  <article
                    className={`${styles.form} ${styles.item}`}
                    aria-labelledby={`item-${item.kind}-${item.id}`}
                  >
                    <div className={styles.row}>
                      {selectable && item.handledAt === null ? (
                        <SelectItem
                          value={`${item.kind}:${item.id}`}
                          name={`Select the ${SUBMISSION_KINDS[item.kind].label.toLowerCase()} from ${item.name}`}
                        />
                      ) : null}
                      <span className={styles.badge}>{SUBMISSION_KINDS[item.kind].label}</span>
                      {item.readAt ? null : <span className={styles.badge}>Unread</span>}
                      {item.standing && item.standing !== 'confirmed' ? (
                        <span className={styles.badge}>{STANDING_BADGES[item.standing]}</span>
                      ) : null}
                      {item.handledAt ? <span className={styles.badge}>Handled</span> : null}
                      <span className={styles.muted}>{formatConsoleDateTime(item.createdAt)}</span>
                    </div>
                    <h3 id={`item-${item.kind}-${item.id}`} className={styles.itemTitle}>
                      <Link href={`/admin/inbox/${item.kind}/${item.id}`}>
                        {item.name} &lt;{item.email}&gt;
                      </Link>
                    </h3>
                    {item.subject ? (
                      <p>
                        {item.kind === 'change' ? 'Member ID' : 'Position'}: {item.subject}
                      </p>
                    ) : null}
                    {item.body ? <p>{excerpt(item.body)}</p> : null}
                    {handles ? (
                      <HandledForm
                        kind={item.kind}
                        id={item.id}
                        handled={item.handledAt !== null}
                      />
                    ) : null}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </InboxList>
        <Pager
          label="Inbox pages"
          page={page}
          hasMore={hasMore}
          linkTo={(target) => listLink('/admin/inbox', text, target, extra)}
        />
      </section>
      {can(signedIn, 'personalData.erase') ? (
        <section className={styles.panel} aria-labelledby="erase-person">
          <h2 id="erase-person" className={styles.panelTitle}>
            Erase a person’s data
          </h2>
          <p>
            When someone asks the club to delete their data, this erases everything stored under
            their email address (and under the other address of a membership it names): memberships’
            names, addresses and details, event registrations with their answers, details change
            requests, the emails written to them, messages, service requests and job applications
            with their resumes; the audit log names the record instead of the person. Payments and
            refunds are kept without the name, because the club’s books must keep them. The audit
            log records that it was done, not the address.
          </p>
          <ErasureForm />
        </section>
      ) : null}
    </div>
  );
}
