import { describe, expect, it } from 'vitest';
import { jsonForScript } from '@/lib/content/site-settings';
import { clubIsoWithOffset, eventJsonLd, type StructuredEvent } from '@/lib/events/structured-data';

const gala: StructuredEvent = {
  id: 7,
  title: 'Lunar New Year Gala 春节晚会',
  description: 'Lion dance, red envelopes and dinner.',
  starts_at: '2027-02-13T23:30:00.000Z',
  duration: '4 hours',
  location: 'Tabaret Hall, 550 Cumberland Street',
  organizer: 'TCSA Events Team',
  poster_img: '/media/events/lunar-new-year-gala-poster.svg',
  thumbnail_link: '/media/events/lunar-new-year-gala.svg',
};

const options = {
  siteUrl: 'https://tcsa.example.org',
  registrationOpen: true,
  defaultImage: '/images/default-event.svg',
};

describe('eventJsonLd', () => {
  it('describes the event as a schema.org Event with offsets, place, images, organizer and a free offer', () => {
    expect(eventJsonLd(gala, options)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Lunar New Year Gala 春节晚会',
      description: 'Lion dance, red envelopes and dinner.',
      startDate: '2027-02-13T18:30:00-05:00',
      endDate: '2027-02-13T22:30:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Tabaret Hall, 550 Cumberland Street',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Tabaret Hall, 550 Cumberland Street',
          addressLocality: 'Ottawa',
          addressRegion: 'ON',
          addressCountry: 'CA',
        },
      },
      image: [
        'https://tcsa.example.org/media/events/lunar-new-year-gala-poster.svg',
        'https://tcsa.example.org/media/events/lunar-new-year-gala.svg',
      ],
      organizer: {
        '@type': 'Organization',
        name: 'TCSA Events Team',
        url: 'https://tcsa.example.org/',
      },
      isAccessibleForFree: true,
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'CAD',
        url: 'https://tcsa.example.org/events/7',
        availability: 'https://schema.org/InStock',
      },
      url: 'https://tcsa.example.org/events/7',
    });
  });

  it('uses the summer offset, leaves out endDate without a duration and availability once closed', () => {
    const data = eventJsonLd(
      { ...gala, starts_at: '2026-07-02T22:00:00.000Z', duration: null },
      { ...options, registrationOpen: false },
    )!;
    expect(data.startDate).toBe('2026-07-02T18:00:00-04:00');
    expect(data).not.toHaveProperty('endDate');
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'CAD',
      url: 'https://tcsa.example.org/events/7',
    });
  });

  it('falls back to the default image and the club as organizer, and omits an unknown place', () => {
    const data = eventJsonLd(
      { ...gala, poster_img: null, thumbnail_link: null, organizer: ' ', location: null },
      options,
    )!;
    expect(data.image).toEqual(['https://tcsa.example.org/images/default-event.svg']);
    expect(data.organizer).toEqual({
      '@type': 'Organization',
      name: 'Telfer Chinese Student Association',
      url: 'https://tcsa.example.org/',
    });
    expect(data).not.toHaveProperty('location');
  });

  it('is null for an event without a start', () => {
    expect(eventJsonLd({ ...gala, starts_at: null }, options)).toBeNull();
  });

  it('renders safely inside a script element', () => {
    const script = jsonForScript(
      eventJsonLd({ ...gala, description: '</script><script>alert(1)</script>' }, options),
    );
    expect(script).not.toContain('<');
    expect(JSON.parse(script).description).toBe('</script><script>alert(1)</script>');
  });
});

describe('clubIsoWithOffset', () => {
  it('writes the club wall clock with its offset on both sides of a clock change', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT.
    expect(clubIsoWithOffset(new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-08T01:59:00-05:00');
    expect(clubIsoWithOffset(new Date('2026-03-08T07:00:00Z'))).toBe('2026-03-08T03:00:00-04:00');
  });
});
