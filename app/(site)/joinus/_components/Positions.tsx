import { Suspense } from 'react';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import { sectionFailureText } from '@/lib/api/failure';
import { getOpenPositions } from '@/lib/api/reads';
import { AnnouncementCard } from './AnnouncementCard';
import type { Copy } from '@/lib/copy/catalogue';
import styles from './Positions.module.css';

type JoinUsTexts = Copy<'joinUs'>;

async function PositionList({ texts, invalid }: { texts: JoinUsTexts; invalid: string }) {
  let positions;
  try {
    positions = await getOpenPositions();
  } catch (error) {
    return (
      <ErrorText>
        {sectionFailureText(error, 'openPositions', { failure: texts.positionsError, invalid })}
      </ErrorText>
    );
  }
  if (positions.length === 0) return <EmptyText>{texts.positionsEmpty}</EmptyText>;
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {positions.map((position) => (
        <li key={position.id}>
          <AnnouncementCard
            title={position.title}
            description={position.description}
            postedAt={position.posted_at}
            labels={{ open: texts.positionOpen, posted: texts.positionPosted }}
          />
        </li>
      ))}
    </ul>
  );
}

/** 'Available Positions': the open positions of the club as announcement cards. */
export function Positions({
  title,
  texts,
  invalid,
}: {
  title: string;
  texts: JoinUsTexts;
  invalid: string;
}) {
  return (
    <section className={`section ${styles.section}`} aria-labelledby="positions-title">
      <div className="container">
        <h2 id="positions-title" className="section-title">
          {title}
        </h2>
        <Suspense fallback={<LoadingText>{texts.positionsLoading}</LoadingText>}>
          <PositionList texts={texts} invalid={invalid} />
        </Suspense>
      </div>
    </section>
  );
}
