'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState, useTransition } from 'react';
import type { DoorPerson } from '@/lib/admin/registrants';
import { doorFigures, type RegistrationCounts } from '@/lib/registrations/count-words';
import styles from '../../../../console.module.css';
import { checkIn } from '../../registration-actions';
import door from './door.module.css';
import { DoorScanner } from './DoorScanner';
import type { DoorScanResult } from './scan-actions';

/** How often the counts and the list follow what other staff at the door did. */
const REFRESH_MS = 15_000;

function matches(person: DoorPerson, words: string): boolean {
  const needle = words.trim().toLowerCase();
  if (!needle) return true;
  return `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(needle);
}

/**
 * The door: scan the QR code of a confirmation email, or search by name or email and tap to
 * check in, undo a mistake, and the counts
 * (confirmed, checked in, no-shows: lib/registrations/counts.ts, as the event's page counts
 * them) kept live. Made for a phone held in one hand.
 */
export function CheckInBoard({
  eventId,
  people: initial,
  counts: initialCounts,
  single = false,
  siteOrigin,
}: {
  eventId: number;
  people: DoorPerson[];
  /** The event's counts when the page was read; each check-in answers them afresh. */
  counts: RegistrationCounts;
  /** The QR code's page: one person's card, no search. */
  single?: boolean;
  /** The site's public address, which the email's QR codes carry; the scanner needs it. */
  siteOrigin?: string;
}) {
  const router = useRouter();
  const searchId = useId();
  const [people, setPeople] = useState(initial);
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'done'; text: string } | null>(null);
  const [, startTransition] = useTransition();

  // A fresh list from the server (another phone checked someone in) replaces ours.
  const [counts, setCounts] = useState(initialCounts);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setPeople(initial);
    setCounts(initialCounts);
  }

  useEffect(() => {
    const timer = setInterval(() => startTransition(() => router.refresh()), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);

  const shown = useMemo(
    () => (single ? people : people.filter((person) => matches(person, words))),
    [people, words, single],
  );

  /** A scanned code checked someone in: their card and the figures follow. */
  function scanned(result: DoorScanResult) {
    if (result.counts) setCounts(result.counts);
    if (!people.some((person) => person.id === result.registrationId)) {
      // Confirmed since the page was read: the list is read again.
      startTransition(() => router.refresh());
      return;
    }
    setPeople((current) =>
      current.map((each) =>
        each.id === result.registrationId
          ? { ...each, status: 'attended', checkedInAt: result.checkedInAt ?? each.checkedInAt }
          : each,
      ),
    );
  }

  async function toggle(person: DoorPerson) {
    const undo = person.status === 'attended';
    setBusy(person.id);
    setMessage(null);
    const result = await checkIn(eventId, person.id, undo);
    setBusy(null);
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error });
      return;
    }
    setCounts(result.counts);
    setPeople((current) =>
      current.map((each) =>
        each.id === person.id
          ? {
              ...each,
              status: result.status as DoorPerson['status'],
              checkedInAt: result.checkedInAt,
            }
          : each,
      ),
    );
    const name = `${person.firstName} ${person.lastName}`;
    setMessage({
      tone: 'done',
      text: undo ? `${name}: check-in undone.` : `${name} is checked in.`,
    });
  }

  return (
    <div className={styles.door}>
      <p
        className={`${styles.doorCounts} ${door.figures}`}
        aria-live="polite"
        data-testid="door-counts"
      >
        {doorFigures(counts).map((figure) => (
          <span key={figure.words}>
            <strong>{figure.value}</strong> {figure.words}
          </span>
        ))}
      </p>
      {single || !siteOrigin ? null : (
        <DoorScanner eventId={eventId} siteOrigin={siteOrigin} onCheckedIn={scanned} />
      )}
      {single ? null : (
        <div className={styles.field}>
          <label htmlFor={searchId} className={styles.label}>
            Find by name or email
          </label>
          <input
            id={searchId}
            type="search"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            className={styles.input}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      )}
      <div aria-live="polite">
        {message ? (
          <p
            role={message.tone === 'error' ? 'alert' : undefined}
            className={message.tone === 'error' ? styles.alert : styles.notice}
          >
            {message.text}
          </p>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>
          {people.length === 0 ? 'Nobody is confirmed for this event yet.' : 'Nobody matches.'}
        </p>
      ) : (
        <ul className={styles.doorList}>
          {shown.map((person) => {
            const name = `${person.firstName} ${person.lastName}`;
            const here = person.status === 'attended';
            return (
              <li key={person.id} className={styles.doorCard} data-checked-in={here}>
                <div>
                  <p className={styles.doorName}>{name}</p>
                  <p className={styles.muted}>{person.email}</p>
                  {person.status === 'no_show' || person.status === 'excused' ? (
                    <p className={styles.muted}>
                      {person.status === 'no_show' ? 'Marked as a no-show' : 'Excused'}
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  className={here ? `${styles.button} ${styles.quietButton}` : styles.button}
                  onClick={() => void toggle(person)}
                  disabled={busy === person.id}
                  aria-label={here ? `Undo check-in of ${name}` : `Check in ${name}`}
                >
                  {busy === person.id ? '…' : here ? 'Undo' : 'Check in'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
