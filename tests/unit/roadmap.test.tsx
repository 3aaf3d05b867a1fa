import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roadmapSeries } from '@/app/(site)/_components/roadmap/data';
import { Roadmap } from '@/app/(site)/_components/roadmap/Roadmap';
import { intersectionObservers } from './support/dom-setup';
import { defaultCopy } from '@/lib/copy/catalogue';

/** The spec's texts, which the page passes in from the server. */
const HOME = defaultCopy('home');

const points = [
  { year: 2025, events: 6, peopleInfluenced: 3836 },
  { year: 2023, events: 2, peopleInfluenced: 3300 },
  { year: 2024, events: 10, peopleInfluenced: 4527 },
];

describe('roadmap', () => {
  it('builds two labelled series sorted by year', () => {
    const [events, people] = roadmapSeries(points, HOME);
    expect(events).toMatchObject({
      label: 'Events held',
      data: [
        { x: '2023', y: 2 },
        { x: '2024', y: 10 },
        { x: '2025', y: 6 },
      ],
    });
    expect(people?.data.map((d) => d.y)).toEqual([3300, 4527, 3836]);
  });

  it("keeps the charts' frames until the section is within 300 px of the viewport", () => {
    render(<Roadmap points={points} copy={HOME} />);
    const roadmap = screen.getByTestId('roadmap');
    expect(intersectionObservers[0]?.options.rootMargin).toBe('300px');
    expect(roadmap.querySelectorAll('canvas')).toHaveLength(0);
    expect(roadmap).toHaveTextContent(/Events held.*People influenced/);
  });

  it('states every value in a table for screen readers', () => {
    render(<Roadmap points={points} copy={HOME} />);
    const table = screen.getByRole('table', { name: /Club roadmap/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['202323300', '2024104527', '202563836']);
  });
});
