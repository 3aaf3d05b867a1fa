import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TeamPyramid } from '@/app/(site)/_components/TeamPyramid';
import type { PyramidMemberInput } from '@/lib/site/pyramid';
import { NARROW_SCREEN_QUERY } from '@/lib/site/use-media-query';
import { intersectionObservers, matchingMediaQueries, scrollIntoView } from './support/dom-setup';
import { defaultCopy } from '@/lib/copy/catalogue';

/** The spec's texts, which the page passes in from the server. */
const HOME = defaultCopy('home');

const members: PyramidMemberInput[] = [
  {
    id: 1,
    first_name: 'Wei',
    last_name: 'Zhang',
    position: 'President',
    reports_to: null,
    email: 'wei@example.org',
    quote: 'Lead with heart.',
    department: { name: 'Executive Board' },
  },
  {
    id: 2,
    first_name: 'Lina',
    last_name: 'Chen',
    position: 'Vice President',
    reports_to: 1,
    email: 'lina@example.org',
    quote: '',
  },
  {
    id: 3,
    first_name: 'Hao',
    last_name: 'Li',
    position: 'Marketing Lead',
    reports_to: 2,
    email: 'hao@example.org',
    quote: 'Stories move people.',
  },
  {
    id: 4,
    first_name: 'Yu',
    last_name: 'Wang',
    position: 'Designer',
    reports_to: 3,
    email: 'yu@example.org',
    quote: 'Less, but better.',
  },
];

function node(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name},`) });
}

function highlightedLines(container: HTMLElement) {
  return container.querySelectorAll('line[data-highlighted="true"]');
}

describe('TeamPyramid', () => {
  it('draws the chart in a 110 by 60 view', () => {
    const { container } = render(<TeamPyramid members={members} copy={HOME} />);
    expect(container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 110 60');
    expect(screen.getAllByRole('button')).toHaveLength(4);
  });

  it('downloads the portraits only once the chart is within 300 px of the viewport', () => {
    const withPortraits = members.map((member, index) => ({
      ...member,
      pfp_img: index < 2 ? `/media/members/${member.id}.svg` : null,
    }));
    const { container } = render(<TeamPyramid members={withPortraits} copy={HOME} />);
    expect(container.querySelectorAll('image')).toHaveLength(0);
    expect(intersectionObservers[0]?.options.rootMargin).toBe('300px');

    scrollIntoView(container.firstElementChild!);
    const portraits = [...container.querySelectorAll('image')];
    expect(portraits.map((image) => image.getAttribute('href'))).toEqual([
      '/media/members/1.svg',
      '/media/members/2.svg',
    ]);
    // Members without a portrait keep their initials.
    expect(container.querySelectorAll('text')).toHaveLength(2);
  });

  it('hovering a member shows its card and highlights the path to its leader; the mouse leaving clears it', () => {
    const { container } = render(<TeamPyramid members={members} copy={HOME} />);
    fireEvent.mouseEnter(node('Yu Wang'));
    const card = screen.getByTestId('member-card');
    expect(within(card).getByRole('heading', { name: 'Yu Wang' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Marketing · Designer');
    expect(within(card).getByRole('link', { name: 'yu@example.org' })).toHaveAttribute(
      'href',
      'mailto:yu@example.org',
    );
    expect(card).toHaveTextContent('“Less, but better.”');
    const lines = highlightedLines(container);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveAttribute('stroke', '#1d4ed8');
    expect(lines[0]).toHaveAttribute('stroke-width', '0.5');

    // A finger 'leaving' (a browser's report after the page moved under it) keeps the card.
    fireEvent.pointerLeave(container.firstElementChild!, { pointerType: 'touch' });
    expect(screen.getByTestId('member-card')).toBeInTheDocument();
    fireEvent.pointerLeave(container.firstElementChild!, { pointerType: 'mouse' });
    expect(screen.queryByTestId('member-card')).toBeNull();
    expect(highlightedLines(container)).toHaveLength(0);
  });

  it('hovering a leader highlights its whole group', () => {
    const { container } = render(<TeamPyramid members={members} copy={HOME} />);
    fireEvent.mouseEnter(node('Lina Chen'));
    expect(highlightedLines(container)).toHaveLength(1);
    fireEvent.mouseEnter(node('Wei Zhang'));
    expect(highlightedLines(container)).toHaveLength(1);
    expect(screen.getByTestId('member-card')).toHaveTextContent('Executive Board · President');
  });

  it('keyboard focus shows the card like hover does', async () => {
    const user = userEvent.setup();
    render(<TeamPyramid members={members} copy={HOME} />);
    await user.tab();
    expect(node('Wei Zhang')).toHaveFocus();
    expect(screen.getByTestId('member-card')).toHaveTextContent('Wei Zhang');
    await user.tab();
    expect(screen.getByTestId('member-card')).toHaveTextContent('Lina Chen');
  });

  it('on narrow screens uses larger nodes, toggles on tap and centres the card', async () => {
    matchingMediaQueries.add(NARROW_SCREEN_QUERY);
    const { container } = render(<TeamPyramid members={members} copy={HOME} />);
    const clip = container.querySelector('clipPath circle');
    expect(clip).toHaveAttribute('r', '4');
    const tap = (target: HTMLElement) => {
      // What a phone fires for one tap: touch, then emulated mouse and focus, then click.
      fireEvent.touchStart(target);
      fireEvent.mouseEnter(target);
      fireEvent.focus(target);
      fireEvent.click(target);
    };
    tap(node('Hao Li'));
    expect(screen.getByTestId('member-card').className).toMatch(/centered/);
    expect(screen.getByTestId('member-card')).toHaveTextContent('Hao Li');
    tap(node('Hao Li'));
    expect(screen.queryByTestId('member-card')).toBeNull();
    tap(node('Yu Wang'));
    expect(screen.getByTestId('member-card')).toHaveTextContent('Yu Wang');
  });
});
