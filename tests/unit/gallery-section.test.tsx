import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GallerySection } from '@/app/(site)/_components/gallery/GallerySection';
import { REDUCED_MOTION_QUERY } from '@/lib/site/use-media-query';
import { intersectionObservers, matchingMediaQueries, scrollIntoView } from './support/dom-setup';
import { defaultCopy } from '@/lib/copy/catalogue';

/** The spec's texts, which the page passes in from the server. */
const HOME = defaultCopy('home');

const items = [
  { image: '/media/gallery/gala.svg', text: 'Lunar New Year Gala' },
  { image: '/media/gallery/case.svg', text: 'Case competition' },
];

let getContext: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  // This browser has no WebGL.
  getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GallerySection', () => {
  it('asks for WebGL only once the carousel is within 300 px of the viewport', () => {
    render(<GallerySection items={items} copy={HOME} />);
    const carousel = screen.getByRole('region', { name: /Photo gallery/ });
    expect(intersectionObservers[0]?.options.rootMargin).toBe('300px');
    expect(getContext).not.toHaveBeenCalled();
    expect(within(carousel).getByRole('button', { name: 'Next picture' })).toBeInTheDocument();

    scrollIntoView(carousel);
    expect(getContext).toHaveBeenCalled();
  });

  it('shows a plain row of photos with their captions where WebGL is missing', () => {
    render(<GallerySection items={items} copy={HOME} />);
    scrollIntoView(screen.getByRole('region', { name: /Photo gallery/ }));
    const row = screen.getByTestId('gallery-row');
    expect(
      within(row)
        .getAllByRole('img')
        .map((image) => image.getAttribute('src')),
    ).toEqual(['/media/gallery/gala.svg', '/media/gallery/case.svg']);
    expect(within(row).getByText('Case competition')).toBeInTheDocument();
  });

  it('shows the plain row at once to a visitor who prefers reduced motion', () => {
    matchingMediaQueries.add(REDUCED_MOTION_QUERY);
    render(<GallerySection items={items} copy={HOME} />);
    expect(screen.getByTestId('gallery-row')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lunar New Year Gala' })).toBeInTheDocument();
  });
});
