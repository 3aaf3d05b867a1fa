'use client';

import { Bar } from '@nivo/bar';
import { useMeasure } from '@nivo/core';
import styles from './numbers.module.css';

/** One bar of each group: its name in the legend and its colour. */
export type ChartSeries = { key: string; color: string };
/** A group of bars (a month): its label and a value per series. */
export type ChartGroup = { label: string; values: Record<string, number> };

/** A bar's label in whole dollars: the table under the chart has the cents. */
const dollarLabel = (value: number) => `$${Math.round(value)}`;

/** The numbers page's two series. */
export const REGISTRATION_SERIES: ChartSeries[] = [
  { key: 'Registrations', color: '#8f001a' },
  { key: 'Checked in', color: '#1f5f8b' },
];

const THEME = {
  text: { fontFamily: 'inherit', fontSize: 13, fill: '#1c1b1f' },
  axis: {
    domain: { line: { stroke: '#bdb3b6', strokeWidth: 1 } },
    ticks: { text: { fontFamily: 'inherit', fontSize: 13, fill: '#55525c' } },
  },
  labels: { text: { fontFamily: 'inherit', fontSize: 13, fontWeight: 600 } },
};

/**
 * The series side by side per group (a month), as grouped bars with their values above them. The
 * chart is a picture of the table that follows it on the page: it is one image with a label for
 * assistive technology, and has no hover layer. Its size is read from its frame, so it fits a
 * phone's width. `unit` says how the labels are written (a count, or an amount of money).
 */
export function NumbersChart({
  groups,
  label,
  series = REGISTRATION_SERIES,
  unit = 'count',
}: {
  groups: ChartGroup[];
  label: string;
  series?: ChartSeries[];
  /** What the values are: counts, or whole dollars (labelled '$120'). */
  unit?: 'count' | 'dollars';
}) {
  const [frame, { width, height }] = useMeasure();
  const data = groups.map((group) => ({ group: group.label, ...group.values }));
  return (
    <figure className={styles.chart}>
      <div ref={frame} className={styles.plot} role="img" aria-label={label}>
        {width > 0 && height > 0 ? (
          <Bar
            width={width}
            height={height}
            data={data}
            keys={series.map((one) => one.key)}
            indexBy="group"
            groupMode="grouped"
            colors={series.map((one) => one.color)}
            margin={{ top: 28, right: 4, bottom: 32, left: 4 }}
            padding={0.25}
            innerPadding={3}
            valueScale={{ type: 'linear', min: 0 }}
            axisLeft={null}
            axisBottom={{ tickSize: 0, tickPadding: 10 }}
            enableGridY={false}
            labelPosition="end"
            labelOffset={12}
            labelTextColor="#1c1b1f"
            theme={THEME}
            {...(unit === 'dollars' ? { valueFormat: dollarLabel } : {})}
            animate={false}
            isInteractive={false}
            // The frame is the image and names it; the drawing inside is part of that picture.
            role="presentation"
          />
        ) : null}
      </div>
      <figcaption className={styles.legend}>
        {series.map((one) => (
          <span key={one.key}>
            <span className={styles.swatch} style={{ background: one.color }} aria-hidden="true" />
            {one.key}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
