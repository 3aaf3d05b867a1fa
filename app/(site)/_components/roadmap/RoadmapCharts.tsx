'use client';

import { ResponsiveLine } from '@nivo/line';
import { useEffect, useState } from 'react';
import type { RoadmapSeries } from './data';
import styles from './Roadmap.module.css';

const theme = {
  text: { fontFamily: 'var(--font-poppins), system-ui, sans-serif', fontSize: 12, fill: '#55525c' },
  axis: { domain: { line: { stroke: '#e7dfe1', strokeWidth: 1 } } },
  grid: { line: { stroke: '#f1e8ea' } },
};

/**
 * Two small line charts, one per series, so each keeps a scale that fits its numbers.
 *
 * Drawing a chart takes a phone's main thread for a while; drawing them one task after another
 * keeps each stretch short, so a tap or scroll meanwhile is answered between the two. A chart
 * not drawn yet keeps its empty frame, so nothing moves.
 */
export default function RoadmapCharts({ series }: { series: RoadmapSeries[] }) {
  const [drawn, setDrawn] = useState(1);
  useEffect(() => {
    if (drawn >= series.length) return;
    const next = setTimeout(() => setDrawn((count) => count + 1), 0);
    return () => clearTimeout(next);
  }, [drawn, series.length]);

  return (
    <div className={styles.charts}>
      {series.map((one, index) => (
        <figure key={one.id} className={styles.chart} aria-hidden="true">
          <figcaption className={styles.chartTitle}>{one.label}</figcaption>
          <div className={`${styles.plot} ${index < drawn ? '' : styles.placeholder}`}>
            {index < drawn ? (
              <ResponsiveLine
                data={[{ id: one.label, data: one.data }]}
                colors={[one.color]}
                margin={{ top: 16, right: 24, bottom: 36, left: 52 }}
                xScale={{ type: 'point' }}
                yScale={{ type: 'linear', min: 0, max: 'auto' }}
                curve="monotoneX"
                lineWidth={3}
                pointSize={10}
                pointBorderWidth={2}
                pointBorderColor={{ from: 'serieColor' }}
                pointColor="#ffffff"
                enablePointLabel
                pointLabelYOffset={-14}
                enableArea
                areaOpacity={0.08}
                axisBottom={{ tickSize: 0, tickPadding: 10 }}
                axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: 4 }}
                enableGridX={false}
                // Decorative (the table below the charts states the numbers): no hover layer.
                isInteractive={false}
                animate={false}
                theme={theme}
              />
            ) : null}
          </div>
        </figure>
      ))}
    </div>
  );
}
