import type { Copy } from '@/lib/copy/catalogue';

/** The club roadmap's data points (spec section 9; edited in the content studio). */
export type RoadmapPoint = { year: number; events: number; peopleInfluenced: number };

export type RoadmapSeries = {
  id: string;
  label: string;
  color: string;
  data: { x: string; y: number }[];
};

/** The charts' names: the home page's texts in the Studio. */
export type RoadmapLabels = Pick<Copy<'home'>, 'roadmapEvents' | 'roadmapPeople'>;

export function roadmapSeries(
  points: readonly RoadmapPoint[],
  labels: RoadmapLabels,
): RoadmapSeries[] {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  return [
    {
      id: 'events',
      label: labels.roadmapEvents,
      color: '#8F001A',
      data: sorted.map((point) => ({ x: String(point.year), y: point.events })),
    },
    {
      id: 'people',
      label: labels.roadmapPeople,
      color: '#C2185B',
      data: sorted.map((point) => ({ x: String(point.year), y: point.peopleInfluenced })),
    },
  ];
}

/**
 * The yearly figures of spec section 9: what the chart shows when the content source has no
 * roadmap yet (a fresh project before its first publish).
 */
export const SPEC_ROADMAP: readonly RoadmapPoint[] = [
  { year: 2023, events: 2, peopleInfluenced: 3300 },
  { year: 2024, events: 10, peopleInfluenced: 4527 },
  { year: 2025, events: 6, peopleInfluenced: 3836 },
];
