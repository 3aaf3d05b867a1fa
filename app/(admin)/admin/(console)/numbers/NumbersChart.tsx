'use client';

import { Bar } from '@nivo/bar';
import { useMeasure } from '@nivo/core';
import styles from './numbers.module.css';

export type ChartGroup = { label: string; registered: number; attended: number };

const SERIES = [
  { key: 'Registrations', color: '#8f001a' },
  { key: 'Checked in', color: '#1f5f8b' },
] as const;

const THEME = {
  text: { fontFamily: 'inherit', fontSize: 13, fill: '#1c1b1f' },
  axis: {
    domain: { line: { stroke: '#bdb3b6', strokeWidth: 1 } },
    ticks: { text: { fontFamily: 'inherit', fontSize: 13, fill: '#55525c' } },
  },
  labels: { text: { fontFamily: 'inherit', fontSize: 13, fontWeight: 600 } },
};

/**
 * Registrations and check-ins side by side per group (a month of the term), as grouped bars with
 * their values above them. The chart is a picture of the table that follows it on the page: it
 * is one image with a label for assistive technology, and has no hover layer. Its size is read
 * from its frame, so it fits a phone's width.
 */
export function NumbersChart({ groups, label }: { groups: ChartGroup[]; label: string }) {
  const [frame, { width, height }] = useMeasure();
  const data = groups.map((group) => ({
    group: group.label,
    Registrations: group.registered,
    'Checked in': group.attended,
  }));
  return (
    <figure className={styles.chart}>
      <div ref={frame} className={styles.plot} role="img" aria-label={label}>
        {width > 0 && height > 0 ? (
          <Bar
            width={width}
            height={height}
            data={data}
            keys={SERIES.map((series) => series.key)}
            indexBy="group"
            groupMode="grouped"
            colors={SERIES.map((series) => series.color)}
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
            animate={false}
            isInteractive={false}
            // The frame is the image and names it; the drawing inside is part of that picture.
            role="presentation"
          />
        ) : null}
      </div>
      <figcaption className={styles.legend}>
        {SERIES.map((series) => (
          <span key={series.key}>
            <span
              className={styles.swatch}
              style={{ background: series.color }}
              aria-hidden="true"
            />
            {series.key}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
