'use client';

import { useId, useMemo, useRef, useState } from 'react';
import {
  HIGHLIGHT_COLOR,
  highlightedIds,
  isLinkHighlighted,
  layoutPyramid,
  LINE_WIDTH,
  NODE_SIZE,
  PYRAMID_VIEW,
  type PyramidMemberInput,
  type PyramidNode,
} from '@/lib/site/pyramid';
import type { Copy } from '@/lib/copy/catalogue';
import { NEAR_VIEWPORT_MARGIN, useInView } from '@/lib/site/use-in-view';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '@/lib/site/use-media-query';
import styles from './TeamPyramid.module.css';

const LINE_COLOR = '#c9b7bb';
/** Room above the top tier so its nodes are not cut by the view's edge. */
const TOP_PADDING = 1;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function MemberCard({ node, centered, id }: { node: PyramidNode; centered: boolean; id: string }) {
  const style = centered
    ? undefined
    : {
        left: `${(node.x / PYRAMID_VIEW.width) * 100}%`,
        top: `${((node.y + TOP_PADDING + NODE_SIZE.normal + 1) / PYRAMID_VIEW.height) * 100}%`,
      };
  return (
    <div
      id={id}
      className={`${styles.card} ${centered ? styles.centered : ''}`}
      style={style}
      data-testid="member-card"
    >
      <h3 className={styles.cardName}>{node.name}</h3>
      <p className={styles.cardMeta}>
        {node.department_name ? `${node.department_name} · ` : ''}
        {node.position}
      </p>
      {node.email ? (
        <a className={styles.cardEmail} href={`mailto:${node.email}`}>
          {node.email}
        </a>
      ) : null}
      {node.quote ? <p className={styles.cardQuote}>“{node.quote}”</p> : null}
    </div>
  );
}

/** The team chart of spec section 2: tiers of round portraits joined to their leaders. */
export type TeamPyramidCopy = Pick<
  Copy<'home'>,
  'teamChartLabel' | 'teamHintTouch' | 'teamHintPointer'
>;

export function TeamPyramid({
  members,
  copy,
}: {
  members: PyramidMemberInput[];
  copy: TeamPyramidCopy;
}) {
  const layout = useMemo(() => layoutPyramid(members), [members]);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  // The chart sits below the first screen, and an svg image, unlike an img, cannot be
  // lazy-loaded by the browser itself: the portraits are added once the chart is near.
  const [wrapperRef, portraitsNear] = useInView<HTMLDivElement>({
    rootMargin: NEAR_VIEWPORT_MARGIN,
  });
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  // A tap also fires mouseenter and focus before its click; those must not pre-empt the toggle.
  const tapping = useRef(false);
  const selected = useMemo(() => highlightedIds(layout, hoveredId), [layout, hoveredId]);
  const cardId = useId();
  const clipPrefix = useId();
  const size = narrow ? NODE_SIZE.mobile : NODE_SIZE.normal;
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  const hovered = hoveredId === null ? undefined : byId.get(hoveredId);
  const centerY = (node: PyramidNode) => node.y + TOP_PADDING + size / 2;

  return (
    <div
      ref={wrapperRef}
      className={styles.wrapper}
      // Only a mouse leaving closes the card: after a tap, a phone's browser may report the
      // pointer leaving when the page moves under the finger, which must not undo the tap.
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setHoveredId(null);
      }}
    >
      <svg
        className={styles.chart}
        viewBox={`0 0 ${PYRAMID_VIEW.width} ${PYRAMID_VIEW.height}`}
        role="group"
        aria-label={copy.teamChartLabel}
      >
        <g aria-hidden="true">
          {layout.links.map((link) => {
            const parent = byId.get(link.parentId)!;
            const child = byId.get(link.childId)!;
            const highlighted = isLinkHighlighted(link, selected);
            return (
              <line
                key={`${link.parentId}-${link.childId}`}
                x1={parent.x}
                y1={centerY(parent) + size / 2}
                x2={child.x}
                y2={centerY(child) - size / 2}
                stroke={highlighted ? HIGHLIGHT_COLOR : LINE_COLOR}
                strokeWidth={highlighted ? LINE_WIDTH.highlighted : LINE_WIDTH.normal}
                data-highlighted={highlighted ? 'true' : 'false'}
              />
            );
          })}
        </g>
        {layout.nodes.map((node) => {
          const clipId = `${clipPrefix}-clip-${node.id}`;
          const cy = centerY(node);
          const isSelected = selected.has(node.id);
          return (
            <g
              key={node.id}
              className={`${styles.node} ${isSelected ? styles.selected : ''}`}
              tabIndex={0}
              role="button"
              aria-label={`${node.name}, ${node.position}`}
              aria-describedby={hoveredId === node.id ? cardId : undefined}
              aria-pressed={hoveredId === node.id}
              data-member-id={node.id}
              data-tier={node.tier}
              onTouchStart={() => {
                tapping.current = true;
              }}
              onMouseEnter={() => {
                if (!tapping.current) setHoveredId(node.id);
              }}
              onFocus={() => {
                if (!tapping.current) setHoveredId(node.id);
              }}
              onBlur={() => setHoveredId((current) => (current === node.id ? null : current))}
              onClick={() => {
                // A tap toggles the card; with a mouse, hover already shows it.
                if (tapping.current) {
                  tapping.current = false;
                  setHoveredId((current) => (current === node.id ? null : node.id));
                }
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setHoveredId(null);
              }}
            >
              <clipPath id={clipId}>
                <circle cx={node.x} cy={cy} r={size / 2} />
              </clipPath>
              <circle cx={node.x} cy={cy} r={size / 2} fill="#8F001A" />
              {node.pfp_img && portraitsNear ? (
                <image
                  href={node.pfp_img}
                  x={node.x - size / 2}
                  y={cy - size / 2}
                  width={size}
                  height={size}
                  clipPath={`url(#${clipId})`}
                  preserveAspectRatio="xMidYMid slice"
                />
              ) : null}
              <circle className={styles.ring} cx={node.x} cy={cy} r={size / 2} />
            </g>
          );
        })}
        {/* Initials stand in for missing portraits. They sit outside the buttons so that each
            button's name is the member's full name and position, not two letters. */}
        <g aria-hidden="true" pointerEvents="none">
          {layout.nodes
            .filter((node) => !node.pfp_img)
            .map((node) => (
              <text
                key={node.id}
                className={styles.initials}
                x={node.x}
                y={centerY(node) + 0.9}
                textAnchor="middle"
              >
                {initials(node.name)}
              </text>
            ))}
        </g>
      </svg>
      {hovered ? <MemberCard node={hovered} centered={narrow} id={cardId} /> : null}
      <p className={styles.hint}>{narrow ? copy.teamHintTouch : copy.teamHintPointer}</p>
    </div>
  );
}
