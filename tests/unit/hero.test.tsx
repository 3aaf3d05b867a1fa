import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnimatedTitle,
  LETTER_DELAY_MS,
  graphemes,
  splitTitleLines,
  wrapUnits,
} from '@/app/_components/AnimatedTitle';
import { HeroMedia } from '@/app/_components/HeroMedia';
import { intersectionObservers, scrollIntoView } from './support/dom-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('splitTitleLines', () => {
  it('puts the first word on the first line and the rest on the second', () => {
    expect(splitTitleLines('TELFER CHINESE STUDENT ASSOCIATION')).toEqual([
      'TELFER',
      'CHINESE STUDENT ASSOCIATION',
    ]);
    expect(splitTitleLines('EVENTS')).toEqual(['EVENTS', '']);
  });
});

describe('AnimatedTitle', () => {
  it('is one heading named by the whole title, with the letters hidden from assistive technology', () => {
    render(<AnimatedTitle title="TELFER CHINESE STUDENT ASSOCIATION" />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAccessibleName('TELFER CHINESE STUDENT ASSOCIATION');
    const lines = heading.querySelectorAll('[aria-hidden="true"]');
    expect([...lines].map((line) => line.textContent)).toEqual([
      'TELFER',
      'CHINESE STUDENT ASSOCIATION',
    ]);
  });

  it('gives each letter 50 ms more delay than the one before, across both lines', () => {
    render(<AnimatedTitle title="AB CD" />);
    const letters = screen.getByRole('heading').querySelectorAll<HTMLElement>('[style]');
    expect([...letters].map((letter) => letter.style.getPropertyValue('--letter-delay'))).toEqual([
      '0ms',
      '50ms',
      '100ms',
      '150ms',
    ]);
    expect(LETTER_DELAY_MS).toBe(50);
  });

  it('starts animating only once 20% of it is in view with a -50px margin', () => {
    render(<AnimatedTitle title="TELFER CHINESE STUDENT ASSOCIATION" />);
    const heading = screen.getByRole('heading');
    expect(intersectionObservers[0]?.options).toEqual({ threshold: 0.2, rootMargin: '-50px' });
    expect(heading).toHaveAttribute('data-animated', 'false');
    scrollIntoView(heading, false);
    expect(heading).toHaveAttribute('data-animated', 'false');
    scrollIntoView(heading);
    expect(heading).toHaveAttribute('data-animated', 'true');
  });
});

describe('HeroMedia', () => {
  it('plays a video muted, looping and inline when the media has one', () => {
    const { container } = render(
      <HeroMedia media={{ video: '/media/hero.mp4', image: '/media/hero.svg' }} />,
    );
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video!.muted).toBe(true);
    expect(video!.loop).toBe(true);
    expect(video!.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster', '/media/hero.svg');
  });

  it('shows the image as background otherwise, and the default background if it fails to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<HeroMedia media={{ image: '/media/hero.svg' }} />);
    const wrapper = container.firstElementChild!;
    expect(wrapper).toHaveAttribute('data-hero-media', 'image');
    const image = container.querySelector('img')!;
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(container.firstElementChild).toHaveAttribute('data-hero-media', 'error');
    expect(console.error).toHaveBeenCalledWith('Failed to load hero image: /media/hero.svg');
  });

  it('shows the default background when there is no media', () => {
    const { container } = render(<HeroMedia media={{}} />);
    expect(container.firstElementChild).toHaveAttribute('data-hero-media', 'none');
  });
});

describe('where the animated title may wrap', () => {
  it('keeps words whole, and lets Chinese wrap between its characters', () => {
    expect(wrapUnits('CHINESE STUDENT ASSOCIATION')).toEqual([
      { text: 'CHINESE', spaceBefore: false },
      { text: 'STUDENT', spaceBefore: true },
      { text: 'ASSOCIATION', spaceBefore: true },
    ]);
    expect(wrapUnits('渥太华大学华人学生会，欢迎你').map((unit) => unit.text)).toEqual([
      '渥',
      '太',
      '华',
      '大',
      '学',
      '华',
      '人',
      '学',
      '生',
      '会，',
      '欢',
      '迎',
      '你',
    ]);
    expect(wrapUnits('TCSA 华人学生会')).toEqual([
      { text: 'TCSA', spaceBefore: false },
      { text: '华', spaceBefore: true },
      { text: '人', spaceBefore: false },
      { text: '学', spaceBefore: false },
      { text: '生', spaceBefore: false },
      { text: '会', spaceBefore: false },
    ]);
  });

  it('animates what a reader sees as one character as one letter', () => {
    expect(graphemes('Cafe\u0301 👩‍🎓')).toEqual(['C', 'a', 'f', 'e\u0301', ' ', '👩‍🎓']);
    render(<AnimatedTitle title={'华人 Cafe\u0301'} />);
    const letters = screen.getByRole('heading').querySelectorAll<HTMLElement>('[style]');
    expect([...letters].map((letter) => letter.textContent)).toEqual([
      '华',
      '人',
      'C',
      'a',
      'f',
      'e\u0301',
    ]);
  });
});
