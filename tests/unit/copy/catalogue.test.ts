import { describe, expect, it } from 'vitest';
import { bundledDocuments } from '@/lib/content/bundled';
import {
  COPY_PAGE_IDS,
  COPY_PAGES,
  copyFrom,
  defaultCopy,
  pickCopy,
  textsDocumentId,
} from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { COPY_MARK_END, COPY_MARK_START, markCopy, NOT_WORDS } from '@/lib/copy/markers';
import { FIXED_DOCUMENT_TYPES, schemaTypes } from '@/schemas';
import { PAGES } from '@/studio/structure';

describe('the copy catalogue', () => {
  it('an empty, blank or missing field falls back to the spec text; a filled one wins', () => {
    const copy = copyFrom('events', {
      loading: 'Chargement…',
      empty: '   ',
      upcomingTitle: 42,
    });
    expect(copy.loading).toBe('Chargement…');
    expect(copy.empty).toBe('No events available at the moment.');
    expect(copy.upcomingTitle).toBe('Upcoming Events');
    expect(copy.cardNoTitle).toBe('No Event Title');
    expect(copyFrom('events', null)).toEqual(defaultCopy('events'));
  });

  it('fills {names} and leaves unknown ones as written', () => {
    expect(fillCopy('Email us at {email}, {who}.', { email: 'a@b.ca' })).toBe(
      'Email us at a@b.ca, {who}.',
    );
    expect(fillCopy('Show slide {number} of {count}', { number: 2, count: 5 })).toBe(
      'Show slide 2 of 5',
    );
  });

  it('picks only the texts a client component needs', () => {
    expect(pickCopy(defaultCopy('home'), 'galleryNext')).toEqual({ galleryNext: 'Next picture' });
  });

  it('quotes the spec verbatim where the spec gives the words', () => {
    const spec: [keyof typeof COPY_PAGES, string, string][] = [
      ['site', 'footerTerms', 'Terms of Service'],
      ['home', 'teamLoading', 'Loading team members...'],
      ['home', 'teamErrorPrefix', 'Error loading team members: '],
      ['home', 'eventsEmpty', 'No upcoming events at the moment.'],
      ['home', 'galleryErrorPrefix', 'Error loading gallery: '],
      ['home', 'contactSuccess', 'Message sent successfully!'],
      ['events', 'empty', 'No events available at the moment.'],
      ['events', 'cardNoLocation', 'Location not specified'],
      ['event', 'pageTitle', 'Event Details'],
      ['event', 'success', 'Registration successful! You are now registered for this event.'],
      ['event', 'submitting', 'Registering...'],
      ['joinUs', 'replyFailed', 'Application sent but failed to send confirmation email.'],
      ['services', 'success', 'Application sent successfully!'],
      ['alumni', 'telferError', 'Failed to load Telfer alumni'],
      ['resources', 'slideshowError', 'Failed to load slideshow images'],
      ['designs', 'error', 'Failed to load designs'],
    ];
    for (const [page, key, text] of spec) {
      expect((defaultCopy(page) as Record<string, string>)[key]).toBe(text);
    }
  });
});

describe('the texts documents', () => {
  it('each page has a fixed Studio type whose fields are the catalogue, in its order', () => {
    for (const page of COPY_PAGE_IDS) {
      const type = schemaTypes.find((schema) => schema.name === textsDocumentId(page));
      expect(type, page).toBeDefined();
      expect(FIXED_DOCUMENT_TYPES.has(textsDocumentId(page))).toBe(true);
      const fields = (type as unknown as { fields: { name: string }[] }).fields;
      expect(fields.map((field) => field.name)).toEqual(Object.keys(COPY_PAGES[page].fields));
    }
  });

  it('the bundled dataset holds every field of every page with the spec text', () => {
    const documents = bundledDocuments('published');
    for (const page of COPY_PAGE_IDS) {
      const document = documents.find(({ _id }) => _id === textsDocumentId(page));
      expect(document, `${textsDocumentId(page)} (run npm run content:texts)`).toBeDefined();
      expect(document).toMatchObject(defaultCopy(page));
    }
  });

  it('the Studio lists every texts document under its page', () => {
    const listed = PAGES.flatMap((page) => page.documents.map((document) => document.id));
    for (const page of COPY_PAGE_IDS) expect(listed).toContain(textsDocumentId(page));
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe('coverage markers', () => {
  it('no text field has the name of a field that is not words, so every text gets its marks', () => {
    for (const page of COPY_PAGE_IDS) {
      for (const key of Object.keys(COPY_PAGES[page].fields)) {
        expect(NOT_WORDS.has(key), `${page}.${key}`).toBe(false);
      }
    }
  });

  it('marks words and leaves addresses, keys and dates alone', () => {
    const marked = markCopy({
      _id: 'homePage',
      title: 'Hello',
      ctaLink: '/joinus',
      effectiveDate: '2025-01-01',
      body: [{ _type: 'block', style: 'normal', children: [{ _type: 'span', text: 'Hi' }] }],
      count: 3,
    });
    expect(marked).toEqual({
      _id: 'homePage',
      title: `${COPY_MARK_START}Hello${COPY_MARK_END}`,
      ctaLink: '/joinus',
      effectiveDate: '2025-01-01',
      body: [
        {
          _type: 'block',
          style: 'normal',
          children: [{ _type: 'span', text: `${COPY_MARK_START}Hi${COPY_MARK_END}` }],
        },
      ],
      count: 3,
    });
  });
});
