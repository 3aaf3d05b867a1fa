'use client';

import { useMeasure } from '@nivo/core';
import { LineCanvas, type LineCustomCanvasLayer } from '@nivo/line';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RoadmapSeries } from './data';
import styles from './Roadmap.module.css';

type ChartSeries = { id: string; data: RoadmapSeries['data'] };

const TEXT_COLOR = '#55525c';
const TEXT_SIZE = 12;
const LABEL_OFFSET = 14;
/** About how many values the y axis and its grid lines mark. */
const Y_TICKS = 4;

function chartTheme(fontFamily: string) {
  return {
    text: { fontFamily, fontSize: TEXT_SIZE, fill: TEXT_COLOR },
    axis: { domain: { line: { stroke: '#e7dfe1', strokeWidth: 1 } } },
    grid: { line: { stroke: '#f1e8ea', strokeWidth: 1 } },
  };
}

/** Each point's value above it (the canvas chart has no point labels of its own). */
function pointLabels(fontFamily: string): LineCustomCanvasLayer<ChartSeries> {
  return (context, { points }) => {
    context.save();
    context.font = `${TEXT_SIZE}px ${fontFamily}`;
    context.fillStyle = TEXT_COLOR;
    context.textAlign = 'center';
    context.textBaseline = 'alphabetic';
    for (const point of points) {
      context.fillText(point.data.yFormatted, point.x, point.y - LABEL_OFFSET);
    }
    context.restore();
  };
}

/** What the charts draw with, known once the page's font has loaded. */
type ChartStyle = {
  theme: ReturnType<typeof chartTheme>;
  layers: readonly (
    'grid' | 'axes' | 'areas' | 'lines' | 'points' | LineCustomCanvasLayer<ChartSeries>
  )[];
};

function chartStyle(fontFamily: string): ChartStyle {
  return {
    theme: chartTheme(fontFamily),
    layers: ['grid', 'axes', 'areas', 'lines', 'points', pointLabels(fontFamily)],
  };
}

/**
 * One chart, drawn at its frame's measured size once `drawable`. The size comes from a
 * ResizeObserver, which reports after layout: the chart library's own responsive wrapper reads
 * the box during the commit instead, forcing a layout of the whole page on each chart.
 */
function ChartPlot({
  series,
  style,
  drawable,
}: {
  series: RoadmapSeries;
  style: ChartStyle | null;
  drawable: boolean;
}) {
  const [plot, { width, height }] = useMeasure();
  const ready = drawable && style !== null && width > 0 && height > 0;

  return (
    <div ref={plot} className={`${styles.plot} ${ready ? '' : styles.placeholder}`}>
      {ready ? (
        <LineCanvas<ChartSeries>
          width={width}
          height={height}
          data={[{ id: series.label, data: series.data }]}
          colors={[series.color]}
          margin={{ top: 24, right: 24, bottom: 36, left: 64 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          curve="monotoneX"
          lineWidth={3}
          pointSize={10}
          pointBorderWidth={2}
          pointBorderColor={{ from: 'seriesColor' }}
          pointColor="#ffffff"
          enableArea
          areaOpacity={0.08}
          axisBottom={{ tickSize: 0, tickPadding: 10 }}
          // Far enough left that the first point's label clears the axis labels.
          axisLeft={{ tickSize: 0, tickPadding: 20, tickValues: Y_TICKS }}
          gridYValues={Y_TICKS}
          enableGridX={false}
          layers={style.layers}
          // Decorative (the table below the charts states the numbers): no hover layer.
          isInteractive={false}
          theme={style.theme}
        />
      ) : null}
    </div>
  );
}

/**
 * Two small line charts, one per series, so each keeps a scale that fits its numbers.
 *
 * They are drawn on canvas: the svg charts built a few hundred elements through the animation
 * library, which held a phone's main thread for a quarter of a second each. The charts wait for
 * the page's font (canvas text does not change once drawn) and read its family from the page.
 * They are drawn one task after the other, so that a tap meanwhile is answered between the two;
 * a chart not drawn yet keeps its empty frame, so nothing moves.
 */
export default function RoadmapCharts({ series }: { series: RoadmapSeries[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const [fontFamily, setFontFamily] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(0);
  const style = useMemo(() => (fontFamily ? chartStyle(fontFamily) : null), [fontFamily]);

  useEffect(() => {
    let current = true;
    void document.fonts.ready.then(() => {
      if (current && frame.current) setFontFamily(getComputedStyle(frame.current).fontFamily);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!fontFamily || drawn >= series.length) return;
    const next = setTimeout(() => setDrawn((count) => count + 1), 0);
    return () => clearTimeout(next);
  }, [fontFamily, drawn, series.length]);

  return (
    <div ref={frame} className={styles.charts}>
      {series.map((one, index) => (
        <figure key={one.id} className={styles.chart} aria-hidden="true">
          <figcaption className={styles.chartTitle}>{one.label}</figcaption>
          <ChartPlot series={one} style={style} drawable={index < drawn} />
        </figure>
      ))}
    </div>
  );
}
