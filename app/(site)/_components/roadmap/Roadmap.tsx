'use client';

import dynamic from 'next/dynamic';
import { createContext, useContext } from 'react';
import type { Copy } from '@/lib/copy/catalogue';
import { NEAR_VIEWPORT_MARGIN, useInView } from '@/lib/site/use-in-view';
import { roadmapSeries, type RoadmapPoint, type RoadmapSeries } from './data';
import styles from './Roadmap.module.css';

/** The charts' frames at their final size, so nothing below moves when the charts arrive. */
function Placeholder({ series }: { series: RoadmapSeries[] }) {
  return (
    <div className={styles.charts} aria-hidden="true">
      {series.map((one) => (
        <div key={one.id} className={styles.chart}>
          <div className={styles.chartTitle}>{one.label}</div>
          <div className={`${styles.plot} ${styles.placeholder}`} />
        </div>
      ))}
    </div>
  );
}

/** The series the placeholder shows while the chart's code arrives: the charts' own names. */
const LoadingSeries = createContext<RoadmapSeries[]>([]);

function LoadingPlaceholder() {
  return <Placeholder series={useContext(LoadingSeries)} />;
}

const RoadmapCharts = dynamic(
  () => import('./chart-foundation').then((foundation) => foundation.loadRoadmapCharts()),
  {
    ssr: false,
    // The code is fetched only once the section is near; this shows for the moment it takes.
    loading: () => <LoadingPlaceholder />,
  },
);

/**
 * The 'CLUB ROADMAP' chart. The chart library loads only when the section nears the viewport;
 * the table states the same numbers for screen readers.
 */
export type RoadmapCopy = Pick<
  Copy<'home'>,
  'roadmapCaption' | 'roadmapYear' | 'roadmapEvents' | 'roadmapPeople'
>;

export function Roadmap({ points, copy }: { points: readonly RoadmapPoint[]; copy: RoadmapCopy }) {
  const [ref, near] = useInView<HTMLDivElement>({ rootMargin: NEAR_VIEWPORT_MARGIN });
  const series = roadmapSeries(points, copy);
  const sorted = [...points].sort((a, b) => a.year - b.year);

  return (
    <div ref={ref} data-testid="roadmap">
      {near ? (
        <LoadingSeries value={series}>
          <RoadmapCharts series={series} />
        </LoadingSeries>
      ) : (
        <Placeholder series={series} />
      )}
      {/* A table ignores a 1px width, so the wrapper is what hides it without widening the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{copy.roadmapCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.roadmapYear}</th>
              <th scope="col">{copy.roadmapEvents}</th>
              <th scope="col">{copy.roadmapPeople}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((point) => (
              <tr key={point.year}>
                <th scope="row">{point.year}</th>
                <td>{point.events}</td>
                <td>{point.peopleInfluenced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
