import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_EVENT_IMAGE, EventCard } from '@/app/_components/EventCard';

describe('EventCard', () => {
  it('shows title, location, date, organizer and a Register link to the event', () => {
    render(
      <EventCard
        event={{
          id: 7,
          title: 'Lunar New Year Gala 春节晚会',
          location: 'Desmarais Building, Room 12-102',
          organizer: 'TCSA Events Team',
          date: '2027-02-13',
          thumbnail_link: '/media/events/gala.svg',
        }}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Lunar New Year Gala 春节晚会' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Desmarais Building, Room 12-102')).toBeInTheDocument();
    expect(screen.getByText('Saturday, February 13, 2027')).toBeInTheDocument();
    expect(screen.getByText('TCSA Events Team')).toBeInTheDocument();
    const register = screen.getByRole('link', { name: /Register for Lunar New Year Gala/ });
    expect(register).toHaveTextContent('Register');
    expect(register).toHaveAttribute('href', '/events/7');
    expect(document.querySelector('img')).toHaveAttribute('src', '/media/events/gala.svg');
  });

  it('truncates location, date and organizer to 32 characters plus an ellipsis', () => {
    render(
      <EventCard
        event={{
          id: 1,
          title: 'Case Night',
          location: 'Telfer School of Management, Desmarais Building',
          organizer: 'TCSA Academic Affairs and Career Development',
          date: '2026-09-30',
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.getByText('Telfer School of Management, Des...')).toBeInTheDocument();
    expect(screen.getByText('TCSA Academic Affairs and Career...')).toBeInTheDocument();
    // 'Wednesday, September 30, 2026' is 29 characters: shown whole.
    expect(screen.getByText('Wednesday, September 30, 2026')).toBeInTheDocument();
  });

  it('shows the fallbacks and the default picture when values are missing', () => {
    render(
      <EventCard
        event={{
          id: 2,
          title: '',
          location: null,
          organizer: ' ',
          date: null,
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No Event Title' })).toBeInTheDocument();
    expect(screen.getByText('Location not specified')).toBeInTheDocument();
    expect(screen.getByText('Organizer not specified')).toBeInTheDocument();
    expect(screen.getByText('Date not specified')).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', DEFAULT_EVENT_IMAGE);
  });

  it("shows the start time as hour:minute, or 'Time not specified'", () => {
    render(
      <>
        <EventCard
          event={{
            id: 5,
            title: 'Hot Pot Night',
            location: 'L',
            organizer: 'O',
            date: '2027-02-13',
            start_time: '18:30',
            thumbnail_link: null,
          }}
        />
        <EventCard
          event={{
            id: 6,
            title: 'Picnic',
            location: null,
            organizer: null,
            date: null,
            start_time: null,
            thumbnail_link: null,
          }}
        />
      </>,
    );
    expect(screen.getByText('6:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Time not specified')).toBeInTheDocument();
  });

  it('shows a date it cannot format as it is, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <EventCard
        event={{
          id: 3,
          title: 'T',
          location: 'L',
          organizer: 'O',
          date: 'TBA',
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.getByText('TBA')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('marks a past event and links to it without inviting registration', () => {
    render(
      <EventCard
        phase="past"
        event={{
          id: 4,
          title: 'Welcome Week',
          location: 'L',
          organizer: 'O',
          date: '2025-09-05',
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.getByText('Past event')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View event: Welcome Week' })).toHaveTextContent(
      'View event',
    );
  });

  it('shows an event under way as happening now, with registration closed', () => {
    render(
      <EventCard
        phase="ongoing"
        event={{
          id: 5,
          title: 'Hot Pot Night',
          location: 'L',
          organizer: 'O',
          date: '2026-11-22',
          thumbnail_link: null,
        }}
      />,
    );
    expect(screen.getByText('Happening now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View event: Hot Pot Night' })).toHaveTextContent(
      'View event',
    );
    expect(screen.queryByText('Register')).not.toBeInTheDocument();
  });
});
