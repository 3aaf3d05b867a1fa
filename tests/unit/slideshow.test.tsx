import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Slide, Slideshow } from '@/app/(site)/resources/_components/Slideshow';
import { REDUCED_MOTION_QUERY } from '@/lib/site/use-media-query';
import { matchingMediaQueries } from './support/dom-setup';
import { defaultCopy } from '@/lib/copy/catalogue';

/** The spec's texts, which the page passes in from the server. */
const RESOURCES = defaultCopy('resources');

const slides: Slide[] = [
  { id: 1, image: '/media/carousel/a.svg', link: '/events', title: 'Upcoming events' },
  { id: 2, image: '/media/carousel/b.svg', link: '/joinus', title: 'Join the team' },
  { id: 3, image: '/media/carousel/c.svg', link: null, title: null },
];

function dots() {
  return screen.getAllByRole('button', { name: /^Show slide/ });
}

function currentSlide(): number {
  return dots().findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Slideshow', () => {
  it('names each dot, marks the current one, and shows only the current slide', () => {
    render(<Slideshow slides={slides} label="Resource highlights" copy={RESOURCES} />);
    expect(screen.getByRole('region', { name: 'Resource highlights' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(dots().map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Show slide 1 of 3: Upcoming events',
      'Show slide 2 of 3: Join the team',
      'Show slide 3 of 3',
    ]);
    expect(currentSlide()).toBe(1);
    // Hidden slides are inert, so only the shown slide's link can be reached.
    const slideGroups = screen.getAllByRole('group', { name: /of 3$/ });
    expect(slideGroups.map((group) => group.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(screen.getByRole('link', { name: 'Upcoming events' })).toHaveAttribute(
      'href',
      '/events',
    );
    fireEvent.click(dots()[1]!);
    expect(slideGroups.map((group) => group.hasAttribute('inert'))).toEqual([true, false, true]);
  });

  it('moves on every 3000 ms and loops back to the first slide', () => {
    render(<Slideshow slides={slides} label="Highlights" copy={RESOURCES} />);
    wait(2999);
    expect(currentSlide()).toBe(1);
    wait(1);
    expect(currentSlide()).toBe(2);
    wait(3000);
    expect(currentSlide()).toBe(3);
    wait(3000);
    expect(currentSlide()).toBe(1);
  });

  it('keeps playing after a dot is used, giving the chosen slide a full 3000 ms', () => {
    render(<Slideshow slides={slides} label="Highlights" copy={RESOURCES} />);
    wait(2000);
    fireEvent.click(dots()[2]!);
    expect(currentSlide()).toBe(3);
    wait(2999);
    expect(currentSlide()).toBe(3);
    wait(1);
    expect(currentSlide()).toBe(1);
  });

  it('pauses and plays again with its button', () => {
    render(<Slideshow slides={slides} label="Highlights" copy={RESOURCES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    wait(10_000);
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(3000);
    expect(currentSlide()).toBe(2);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  });

  it('does not play by itself when the visitor prefers reduced motion', () => {
    matchingMediaQueries.add(REDUCED_MOTION_QUERY);
    render(<Slideshow slides={slides} label="Highlights" copy={RESOURCES} />);
    wait(10_000);
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(3000);
    expect(currentSlide()).toBe(2);
  });

  it('announces slide changes only while it is not rotating', () => {
    render(<Slideshow slides={slides} label="Highlights" copy={RESOURCES} />);
    const viewport = screen.getAllByRole('group', { name: /of 3$/ })[0]!.parentElement!;
    expect(viewport).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(viewport).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a single slide without controls', () => {
    render(<Slideshow slides={slides.slice(0, 1)} label="Highlights" copy={RESOURCES} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Upcoming events' })).toBeVisible();
  });
});
