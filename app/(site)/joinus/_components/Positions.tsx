import { Suspense } from 'react';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import { sectionFailureText } from '@/lib/api/failure';
import { getOpenPositions } from '@/lib/api/reads';
import { AnnouncementCard } from './AnnouncementCard';
import styles from './Positions.module.css';

export const NO_POSITIONS = 'No open positions at the moment. Check back soon!';

async function PositionList() {
  let positions;
  try {
    positions = await getOpenPositions();
  } catch (error) {
    return <ErrorText>{sectionFailureText(error, 'openPositions')}</ErrorText>;
  }
  if (positions.length === 0) return <EmptyText>{NO_POSITIONS}</EmptyText>;
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {positions.map((position) => (
        <li key={position.id}>
          <AnnouncementCard
            title={position.title}
            description={position.description}
            postedAt={position.posted_at}
          />
        </li>
      ))}
    </ul>
  );
}

/** 'Available Positions': the open positions of the club as announcement cards. */
export function Positions({ title }: { title: string }) {
  return (
    <section className={`section ${styles.section}`} aria-labelledby="positions-title">
      <div className="container">
        <h2 id="positions-title" className="section-title">
          {title}
        </h2>
        <Suspense fallback={<LoadingText>Loading positions...</LoadingText>}>
          <PositionList />
        </Suspense>
      </div>
    </section>
  );
}
