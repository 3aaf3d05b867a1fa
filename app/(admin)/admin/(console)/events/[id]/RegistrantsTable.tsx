import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Registrant } from '@/lib/admin/registrants';
import { BULK_FORM_ID } from '@/lib/registrations/bulk';
import { describeStatusChange, type StatusChange } from '@/lib/registrations/history';
import { STAFF_ACTIONS, type StaffAction } from '@/lib/registrations/transitions';
import { STATUS_LABELS } from '@/lib/registrations/statuses';
import { isUndoable } from '@/lib/registrations/undo';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { RemoveRegistrantForm } from './EventActions';
import { StatusChangeForm, UndoChangeForm } from './RegistrationActions';
import local from './registrants.module.css';

/** The actions a registration offers from its status, in the order staff reach for them. */
const ACTION_LABELS: Record<StaffAction, string> = {
  confirm: 'Confirm',
  waitlist: 'Move to the waitlist',
  decline: 'Decline',
  cancel: 'Cancel',
  excuse: 'Mark as excused',
  check_in: 'Check in',
  undo_check_in: 'Undo check-in',
  no_show: 'Mark as no-show',
};

export function actionLabel(action: StaffAction): string {
  return ACTION_LABELS[action];
}

function actionsFrom(status: string): Array<{ value: StaffAction; label: string }> {
  return (Object.keys(STAFF_ACTIONS) as StaffAction[])
    .filter((action) => (STAFF_ACTIONS[action].from as readonly string[]).includes(status))
    .map((action) => ({ value: action, label: ACTION_LABELS[action] }));
}

/**
 * A column the table can take from other pieces of the event's page (answers to the event's
 * questions, the emails a person was sent): its header and each row's cell.
 */
export type RegistrantColumn = {
  label: string;
  cell: (person: Registrant) => ReactNode;
};

type Props = {
  eventId: number;
  rows: Registrant[];
  histories: Map<number, StatusChange[]>;
  caption: string;
  /** What the signed-in account may do here (decided on the server by the page). */
  may: {
    changeStatus: boolean;
    remove: boolean;
    readAttendance: boolean;
    readMemberships: boolean;
  };
  extraColumns?: RegistrantColumn[];
  now?: Date;
};

/**
 * The registrants of one page of the list: each row with its box for the bulk change, the
 * status and its history, and the single changes. On a phone each row reads as a card.
 */
export function RegistrantsTable({
  eventId,
  rows,
  histories,
  caption,
  may,
  extraColumns = [],
  now = new Date(),
}: Props) {
  return (
    <table className={`${styles.table} ${local.registrants}`}>
      <caption className={styles.muted}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Status</th>
          <th scope="col">Registered</th>
          {extraColumns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
          {may.changeStatus || may.remove ? <th scope="col">Change</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((person) => {
          const name = `${person.firstName} ${person.lastName}`;
          const history = histories.get(person.id) ?? [];
          const next = may.changeStatus ? actionsFrom(person.status) : [];
          const last = history.at(-1);
          const undoable =
            may.changeStatus && last && last.toStatus === person.status && isUndoable(last, now)
              ? last
              : null;
          return (
            <tr key={person.id} data-registrant={person.id}>
              <td data-label="Name">
                {may.changeStatus ? (
                  <label className={local.pick}>
                    <input
                      type="checkbox"
                      name="registrationIds"
                      value={person.id}
                      form={BULK_FORM_ID}
                      aria-label={`Tick ${name}`}
                    />
                    <span>{name}</span>
                  </label>
                ) : (
                  name
                )}
              </td>
              <td data-label="Email">
                {may.readAttendance ? (
                  <Link
                    href={`/admin/attendance?email=${encodeURIComponent(person.email)}`}
                    title={`Attendance of ${name} across events`}
                  >
                    {person.email}
                  </Link>
                ) : (
                  person.email
                )}
              </td>
              <td data-label="Status" data-status={person.status} className={local.stacked}>
                <span>
                  {STATUS_LABELS[person.status]}
                  {person.status === 'cancelled' && person.lateCancellation ? ' (late)' : ''}
                </span>
                {person.memberId ? (
                  <span className={styles.memberBadge}>
                    {may.readMemberships && person.membershipId ? (
                      <Link href={`/admin/members/${person.membershipId}`}>
                        Member {person.memberId}
                      </Link>
                    ) : (
                      `Member ${person.memberId}`
                    )}
                  </span>
                ) : null}
                {history.length > 0 ? (
                  <details className={local.history}>
                    <summary>
                      History<span className="visually-hidden"> of {name}</span> (
                      {history.length === 1 ? '1 change' : `${history.length} changes`})
                    </summary>
                    <ol>
                      {history.map((change) => (
                        <li key={change.id}>{describeStatusChange(change, now)}</li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </td>
              <td data-label="Registered">{formatConsoleDateTime(person.createdAt)}</td>
              {extraColumns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(person)}
                </td>
              ))}
              {may.changeStatus || may.remove ? (
                <td data-label="Change" className={`${styles.actionCell} ${local.stacked}`}>
                  {undoable ? (
                    <UndoChangeForm
                      eventId={eventId}
                      changeId={undoable.id}
                      name={name}
                      status={STATUS_LABELS[person.status]}
                    />
                  ) : null}
                  {next.length > 0 ? (
                    <StatusChangeForm
                      eventId={eventId}
                      registrationId={person.id}
                      name={name}
                      actions={next}
                    />
                  ) : null}
                  {may.remove ? (
                    <details className={styles.more}>
                      <summary>Remove the record</summary>
                      <RemoveRegistrantForm
                        eventId={eventId}
                        registrationId={person.id}
                        name={name}
                      />
                    </details>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
