'use client';

import { useSyncExternalStore } from 'react';
import { eventStatusLine, type EventStatusCopy, type EventStatusFields } from '@/lib/events/status';

/** How often the line is computed again while the page stays open. */
const TICK_MS = 30_000;

function subscribeToClock(onTick: () => void): () => void {
  const timer = window.setInterval(onTick, TICK_MS);
  return () => window.clearInterval(timer);
}

/** The clock, to the second: the same value between renders of one tick. */
const readClock = () => Math.floor(Date.now() / 1000) * 1000;
/** On the server (and in the cached page), no time: the status is the browser's to say. */
const noClock = () => null;

/**
 * The event's registration status, computed in the browser from the event's opening times and
 * the clock: the cached page stays the same for everyone and never shows a stale status. Empty
 * until mounted (the label beside it holds the line's place).
 */
export function EventStatus({
  event,
  copy,
  className,
}: {
  event: EventStatusFields;
  copy: EventStatusCopy;
  className?: string;
}) {
  const now = useSyncExternalStore(subscribeToClock, readClock, noClock);
  if (now === null) return <span className={className} data-testid="event-status" />;
  const line = eventStatusLine(event, copy, new Date(now));
  return (
    <span className={className} data-testid="event-status" data-state={line.state}>
      {line.name}
      {line.membersOnlyUntil ? (
        <>
          {' · '}
          <span data-testid="event-members-only-until">{line.membersOnlyUntil}</span>
        </>
      ) : null}
    </span>
  );
}
