import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventCard } from '@/app/_components/EventCard';
import { defaultCopy, pickCopy } from '@/lib/copy/catalogue';
import { EVENT_STATUS_COPY_KEYS } from '@/lib/copy/client-keys';
import { eventStatusLine, statusFields } from '@/lib/events/status';

const copy = pickCopy(defaultCopy('event'), ...EVENT_STATUS_COPY_KEYS);

// Networking night: members from Nov 20, everyone from Dec 1 (9:00 AM Ottawa), starts Dec 10.
const networking = statusFields({
  capacity: 30,
  member_places: 10,
  member_registration_opens_at: '2026-11-20T14:00:00.000Z',
  registration_opens_at: '2026-12-01T14:00:00.000Z',
  starts_at: '2026-12-10T23:00:00.000Z',
});

describe('eventStatusLine', () => {
  it('follows the clock through the spec’s statuses', () => {
    const at = (iso: string) => eventStatusLine(networking, copy, new Date(iso));
    expect(at('2026-11-19T12:00:00Z').name).toBe('Coming soon');
    const memberWindow = at('2026-11-25T12:00:00Z');
    expect(memberWindow.name).toBe('Member registration open');
    expect(memberWindow.membersOnlyUntil).toBe('Members only until Tue, Dec 1, 9:00 AM');
    const general = at('2026-12-02T12:00:00Z');
    expect(general.name).toBe('General registration open');
    expect(general.membersOnlyUntil).toBeNull();
    expect(at('2026-12-11T12:00:00Z').name).toBe('Completed');
  });

  it('a deadline closes registration; an event without member places is never in a member window', () => {
    const closing = { ...networking, registration_closes_at: '2026-12-05T05:00:00.000Z' };
    expect(eventStatusLine(closing, copy, new Date('2026-12-06T12:00:00Z')).name).toBe(
      'Registration closed',
    );
    const publicOnly = { ...networking, member_places: 0, member_registration_opens_at: null };
    expect(eventStatusLine(publicOnly, copy, new Date('2026-11-25T12:00:00Z')).name).toBe(
      'Coming soon',
    );
  });

  it('a members-only event says its status without a public opening', () => {
    const tour = { ...networking, members_only: true, registration_opens_at: null };
    const line = eventStatusLine(tour, copy, new Date('2026-11-25T12:00:00Z'));
    expect(line.name).toBe('Member registration open');
    expect(line.membersOnlyUntil).toBeNull();
  });
});

describe('EventCard status line', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the status and 'Members only until …' from the clock", () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] });
    render(
      <EventCard
        event={{
          id: 4,
          title: 'Networking Night with Telfer Alumni',
          location: 'Desmarais Hall',
          organizer: 'TCSA',
          date: '2026-12-10',
          thumbnail_link: null,
          ...networking,
        }}
        statusCopy={copy}
      />,
    );
    expect(screen.getByTestId('event-status')).toHaveTextContent(
      'Member registration open · Members only until Tue, Dec 1, 9:00 AM',
    );
    expect(screen.getByText('Status:')).toBeInTheDocument();
  });

  it('without the status texts shows no status', () => {
    render(
      <EventCard
        event={{
          id: 5,
          title: 'Mock Interview Day',
          location: null,
          organizer: null,
          date: null,
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.queryByTestId('event-status')).not.toBeInTheDocument();
  });
});
